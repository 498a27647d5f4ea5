# Слова вне других областей: рисунки `grundy show` для игр на доске (Game.picture правил).

## Строки любого рисунка
words-list = { $items }
words-then = { $first }; { $then }
words-over = игра окончена
words-over-short = конец
words-over-draw = игра окончена: ничья
words-over-won = { $count ->
    [one] игра окончена: выиграло место { $seats }
   *[other] игра окончена: выиграли места { $seats }
}

## Загнать ферзя в угол
words-corner-head = { $game }: { $piece }, { $players ->
    [one] { NUMBER($players) } игрок
    [few] { NUMBER($players) } игрока
   *[other] { NUMBER($players) } игроков
}
words-corner-at = { $piece } на { $cell }; { $who }

## Пешки
words-pawn-head = { $game }: размер { NUMBER($size) }, пешка на { $cell } ({ $who })
words-pawn-to-move = ходит { $side }

## Монеты
words-coins-head = { $game }: стол { NUMBER($w) } x { NUMBER($h) }, радиус { NUMBER($r) }, { $coins ->
    [one] { NUMBER($coins) } монета
    [few] { NUMBER($coins) } монеты
   *[other] { NUMBER($coins) } монет
} ({ $status })
words-coins-status = ходит место { $seat }, { $free ->
    [one] { NUMBER($free) } свободный центр
    [few] { NUMBER($free) } свободных центра
   *[other] { NUMBER($free) } свободных центров
}

## Игра m,n,k и крестики-нолики
words-mnk-head = { $w }x{ $h }, { NUMBER($k) } в ряд; { $seats }
words-mnk-symbol = { $symbol } = место { $seat }
words-mnk-to-move = ходит { $symbol } (место { $seat })

## Гомоку
words-gomoku-head = { $game } { $size }x{ $size }, { $rule }{ $opening }
words-gomoku-opening = , дебют { $opening }
words-gomoku-seat = место { $seat }: { $colour } ({ $symbol })
words-gomoku-unchosen = цвета ещё не выбраны: камни чередуются, чёрный (X) и белый (O)
words-gomoku-forbidden = запрещено для чёрных: { $cells }
words-gomoku-chooses = место { $seat } выбирает: { $choices } ({ $phase })
words-gomoku-more = more — поставить ещё два камня (белый, затем чёрный) и дать месту 0 выбрать цвет
words-gomoku-to-move = ходят { $colour } (место { $seat }, { $phase })
words-gomoku-phase-play = обычная игра
words-gomoku-phase-first-places = дебют: место 0 ставит три камня — чёрный, белый, чёрный
words-gomoku-phase-second-chooses = дебют: место 1 выбирает, каким цветом играть
words-gomoku-phase-second-places = дебют: место 1 ставит ещё два камня — белый, затем чёрный
words-gomoku-phase-first-chooses = дебют: место 0 выбирает, каким цветом играть

## Погоня: P1, P2 — преследователи, E — беглец
words-pursuit-head = { $game }: { $pursuers ->
    [one] { NUMBER($pursuers) } преследователь
    [few] { NUMBER($pursuers) } преследователя{ $alone ->
        [yes] {" "}(каждый сам за себя)
       *[no] {""}
    }
   *[other] { NUMBER($pursuers) } преследователей{ $alone ->
        [yes] {" "}(каждый сам за себя)
       *[no] {""}
    }
} против беглеца, раунд { NUMBER($round) } из { NUMBER($limit) }
words-pursuit-where = { $where }; { $who }
words-pursuit-hidden = { $figure } скрыт
words-pursuit-to-move = ходит { $figure }
words-pursuit-evader-to-move = ходит беглец
words-pursuit-over = погоня окончена

## Сапёр
words-mines-head = { $game } { $w }x{ $h }, { $mines ->
    [one] { NUMBER($mines) } мина
    [few] { NUMBER($mines) } мины
   *[other] { NUMBER($mines) } мин
}, { $players ->
    [one] одиночная игра
   *[other] дуэль
}; очки { $scores }; осталось мин: { NUMBER($left) }
words-mines-exploded = конец, взрыв на { $cell }
words-mines-layout = расклад мин (секретный):
