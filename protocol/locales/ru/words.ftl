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

## Объяснения сапёра (solver/phrases.py mines.*)
ex-mines-first = ещё ничего не открыто: первое открытие всегда безопасно (мины раскладывают после него); лучший ход: { $move }
ex-mines-note_first = первое открытие безопасно; центр обычно открывает целую область
ex-mines-seen = всё здесь следует из того, что видит ходящий игрок
ex-mines-safe_list = точно безопасны: { $cells }
ex-mines-safe_list_more = точно безопасны: { $cells } и ещё { $more }
ex-mines-mine_list = точно мины: { $cells }
ex-mines-mine_list_more = точно мины: { $cells } и ещё { $more }
ex-mines-none_proven = ни одна закрытая клетка не доказана ни безопасной, ни заминированной
ex-mines-odds = вероятности остальных клеток учитывают все способы разложить { $left ->
    [one] оставшуюся { NUMBER($left) } мину
    [few] оставшиеся { NUMBER($left) } мины
   *[other] оставшиеся { NUMBER($left) } мин
}
ex-mines-odds_one = вероятности остальных клеток учитывают все способы разложить последнюю мину
ex-mines-best = лучший ход: { $move }
ex-mines-safe_zero = точно безопасна: 0 на { $at } не касается ни одной мины
ex-mines-safe_one = точно безопасна: 1 на { $at } уже касается своей мины
ex-mines-safe_many = точно безопасна: { $n } на { $at } уже касается всех своих мин ({ $n })
ex-mines-safe_all = точно безопасна: так при любом расположении мин, согласном с числами
ex-mines-mine_last = точно мина: у { $n } на { $at } не осталось другой закрытой клетки для её мины
ex-mines-mine_room = точно мина: у { $n } на { $at } закрытых клеток осталось ровно столько, сколько не хватает мин ({ $room })
ex-mines-mine_all = точно мина: так при любом расположении мин, согласном с числами
ex-mines-flag_last = точно мина, верное очко: у { $n } на { $at } не осталось другой закрытой клетки для её мины
ex-mines-flag_room = точно мина, верное очко: у { $n } на { $at } закрытых клеток осталось ровно столько, сколько не хватает мин ({ $room })
ex-mines-flag_all = точно мина, верное очко: так при любом расположении мин, согласном с числами
ex-mines-sure_point = точно мина: верное очко
ex-mines-flag_odds = самая вероятная мина ({ $percent } %); неверный флажок лишь откроет безопасную клетку
ex-mines-reveal_odds = ни одна клетка не доказана безопасной; у этой наименьшая вероятность мины ({ $percent } %)

## Отказы узла на `analyze` (server/analysis.py)
words-analysis-review-later = разбор будет, когда игра окончена
words-analysis-later = позиции анализируются, когда игра окончена
words-analysis-stopping = сервер останавливается
words-analysis-busy = решатель занят: спросите ещё раз через мгновение
words-analysis-overran = решатель не уложился в { $seconds } с
words-analysis-failed = процесс решателя завершился сбоем: спросите ещё раз

## SPRT в `grundy match` (cli/tournament.py)
words-sprt = SPRT (elo0={ $elo0 } elo1={ $elo1 } alpha={ $alpha } beta={ $beta }, модель { $model }): LLR { $llr } ({ $lower }, { $upper })
words-sprt-pentanomial = пентаномиальная
words-sprt-trinomial = триномиальная
words-sprt-h1 = { $line } — принята H1 (Эло не меньше { $elo1 })
words-sprt-h0 = { $line } — принята H0 (Эло не больше { $elo0 })
words-sprt-stop = SPRT: принята { $verdict }

## Как игра закончилась по правилам (Result.words; `grundy show`)
words-seat = место { $seat }
words-end-nim = { $who } взяло последний предмет
words-end-nim-misere = { $who } взяло последний предмет (мизер: это проигрыш)
words-end-kayles = { $who } сбило последнюю кеглю
words-end-kayles-misere = { $who } сбило последнюю кеглю (мизер: это проигрыш)
words-end-coins-none = ни одна монета не помещается на стол: { $who } не может сходить
words-end-coins = { $who } положило последнюю монету: после { $coins ->
    [one] { NUMBER($coins) } монеты
   *[other] { NUMBER($coins) } монет
} места больше нет
words-end-corner-a1 = { $who } поставило фигуру ({ $piece }) на a1
words-end-corner-knight = { $who } завело коня в угол (на { $cell })
words-end-corner-stuck = { $who } оставило фигуру ({ $piece }) на { $cell }, где у { $other } нет хода
words-end-pawn = пешка дошла до { $cell }: { $min } (Min) платит { $max } (Max) { $pays }
words-end-pursuit-stepped = беглец ({ $evader }) наступил на { $count ->
    [one] преследователя
   *[other] преследователей
} ({ $catchers }) на { $cell }
words-end-pursuit-caught = { $count ->
    [one] преследователь ({ $catchers }) поймал
   *[other] преследователи ({ $catchers }) поймали
} беглеца ({ $evader }) на { $cell }
words-end-pursuit-free = беглец ({ $evader }) продержался { $rounds ->
    [one] { NUMBER($rounds) } раунд
    [few] { NUMBER($rounds) } раунда
   *[other] { NUMBER($rounds) } раундов
}
words-end-stones = { $who } довело сумму до { $total } (цель { $goal }){ $loses ->
    [yes] ; reach-loses: этот ход проигрывает
   *[no] {""}
}
words-end-sub-start = { $who } не может взять ни одного разрешённого количества из начальной кучки{ $loses ->
    [yes] {" "}(last-loses: последний ход проигрывает)
   *[no] {""}
}
words-end-sub-goal = { $who } довело кучку до цели { $goal }{ $loses ->
    [yes] {" "}(last-loses: последний ход проигрывает)
   *[no] {""}
}
words-end-sub-left = { $who } оставило { $heap }: ни одно разрешённое количество не помещается над целью { $goal }{ $loses ->
    [yes] {" "}(last-loses: последний ход проигрывает)
   *[no] {""}
}
words-end-mines-mine = { $who } открыло мину
words-end-mines-clear = все безопасные клетки открыты
words-end-mines-scores = все безопасные клетки открыты; { $equal ->
    [yes] очки равны
   *[no] очки
}: { $first } { $a }, { $second } { $b }
words-end-full = доска заполнена
words-end-line = { $who } ({ $symbol }) собрало { $k } в ряд
words-end-line-first = { $who } ({ $symbol }) поставило первый камень
words-end-gomoku = { $who } ({ $colour }) собрало { $k } в ряд

## Запуск движка (`grundy gomocup`, `grundy pbrain`)
words-gomocup-no-file = PATH_TO_BRAIN { $path }: такого файла нет
words-gomocup-not-executable = PATH_TO_BRAIN { $path }: файл не исполняемый (сделайте chmod +x)
words-gomocup-turn-ms = --turn-ms { $ms }: укажите положительное число миллисекунд
words-gomocup-games = --games { $games }: хотя бы одна партия
words-gomocup-one-of = укажите только одно из --vs, --quick, --room/--code, --tournament
words-gomocup-opening = гомоку с opening={ $opening }: движок Gomocup не умеет выбирать цвет, поэтому можно играть только с opening=none
words-gomocup-cannot-play = движок не может играть: { $error }
words-gomocup-result = { $room } гомоку, место { $seat } ({ $name }): { $outcome } ({ $reason })
words-pbrain-level = --level { $level }: уровни — { $levels }

## `grundy play`: отказы до начала
words-play-workers = --workers { $workers }: нужен хотя бы один обработчик
words-play-screenshot = --screenshot и --frames — для --ui pygame (снимки терминала делают его тесты)
words-play-game-or-join = укажите GAME, чтобы создать новую комнату, или --join/--spectate для существующей, но не то и другое
words-play-join-or-spectate = --join и --spectate: выберите что-то одно
words-play-join-needs-server = --join и --spectate требуют --server URL: у только что запущенного встроенного узла ещё нет комнат
words-play-set-needs-game = --set требует GAME: параметры относятся к игре
words-play-levels = --vs { $vs }: уровни бота — { $levels }
words-play-rated-seats = --rated: у { $game } здесь мест: { $seats }; рейтинговая игра — на двоих (играйте без рейтинга)
words-play-rated-game = --rated требует GAME: он делает рейтинговой новую комнату (комната, к которой присоединились или которую смотрят, остаётся какой есть)
words-play-rated-server = --rated требует --server URL: в только что запущенном здесь узле нет зарегистрированных игроков; сначала зарегистрируйте там имя (grundy register NAME --server URL)
words-play-rated-guest = --rated: { $name } не зарегистрирован на { $server } (гость никогда не играет на рейтинг); выполните grundy register { $plain } --server { $server } или укажите --name и --secret
words-play-name = --name { $name }: отображаемое имя — от 1 до 32 символов
words-play-no-pygame = --ui pygame: клиент pygame здесь не запускается ({ $error }); используйте --ui terminal
