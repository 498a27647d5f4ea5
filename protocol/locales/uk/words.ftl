# Слова поза іншими областями: малюнки `grundy show` для ігор на дошці (Game.picture правил).

## Рядки будь-якого малюнка
words-list = { $items }
words-then = { $first }; { $then }
words-over = гру закінчено
words-over-short = кінець
words-over-draw = гру закінчено: нічия
words-over-won = { $count ->
    [one] гру закінчено: виграло місце { $seats }
   *[other] гру закінчено: виграли місця { $seats }
}

## Загнати ферзя в кут
words-corner-head = { $game }: { $piece }, { $players ->
    [one] { NUMBER($players) } гравець
    [few] { NUMBER($players) } гравці
   *[other] { NUMBER($players) } гравців
}
words-corner-at = { $piece } на { $cell }; { $who }

## Пішаки
words-pawn-head = { $game }: розмір { NUMBER($size) }, пішак на { $cell } ({ $who })
words-pawn-to-move = ходить { $side }

## Монети
words-coins-head = { $game }: стіл { NUMBER($w) } x { NUMBER($h) }, радіус { NUMBER($r) }, { $coins ->
    [one] { NUMBER($coins) } монета
    [few] { NUMBER($coins) } монети
   *[other] { NUMBER($coins) } монет
} ({ $status })
words-coins-status = ходить місце { $seat }, { $free ->
    [one] { NUMBER($free) } вільний центр
    [few] { NUMBER($free) } вільні центри
   *[other] { NUMBER($free) } вільних центрів
}

## Гра m,n,k і хрестики-нулики
words-mnk-head = { $w }x{ $h }, { NUMBER($k) } у ряд; { $seats }
words-mnk-symbol = { $symbol } = місце { $seat }
words-mnk-to-move = ходить { $symbol } (місце { $seat })

## Гомоку
words-gomoku-head = { $game } { $size }x{ $size }, { $rule }{ $opening }
words-gomoku-opening = , дебют { $opening }
words-gomoku-seat = місце { $seat }: { $colour } ({ $symbol })
words-gomoku-unchosen = кольори ще не обрано: камені чергуються, чорний (X) і білий (O)
words-gomoku-forbidden = заборонено для чорних: { $cells }
words-gomoku-chooses = місце { $seat } обирає: { $choices } ({ $phase })
words-gomoku-more = more — поставити ще два камені (білий, потім чорний) і дати місцю 0 обрати колір
words-gomoku-to-move = ходять { $colour } (місце { $seat }, { $phase })
words-gomoku-phase-play = звичайна гра
words-gomoku-phase-first-places = дебют: місце 0 ставить три камені — чорний, білий, чорний
words-gomoku-phase-second-chooses = дебют: місце 1 обирає, яким кольором грати
words-gomoku-phase-second-places = дебют: місце 1 ставить ще два камені — білий, потім чорний
words-gomoku-phase-first-chooses = дебют: місце 0 обирає, яким кольором грати

## Переслідування: P1, P2 — переслідувачі, E — втікач
words-pursuit-head = { $game }: { $pursuers ->
    [one] { NUMBER($pursuers) } переслідувач
    [few] { NUMBER($pursuers) } переслідувачі{ $alone ->
        [yes] {" "}(кожен сам за себе)
       *[no] {""}
    }
   *[other] { NUMBER($pursuers) } переслідувачів{ $alone ->
        [yes] {" "}(кожен сам за себе)
       *[no] {""}
    }
} проти втікача, раунд { NUMBER($round) } з { NUMBER($limit) }
words-pursuit-where = { $where }; { $who }
words-pursuit-hidden = { $figure } схований
words-pursuit-to-move = ходить { $figure }
words-pursuit-evader-to-move = ходить утікач
words-pursuit-over = погоню закінчено

## Сапер
words-mines-head = { $game } { $w }x{ $h }, { $mines ->
    [one] { NUMBER($mines) } міна
    [few] { NUMBER($mines) } міни
   *[other] { NUMBER($mines) } мін
}, { $players ->
    [one] одиночна гра
   *[other] дуель
}; очки { $scores }; залишилося мін: { NUMBER($left) }
words-mines-exploded = кінець, вибух на { $cell }
words-mines-layout = розкладка мін (таємна):
