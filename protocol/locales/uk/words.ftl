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

## Пояснення сапера (solver/phrases.py mines.*)
ex-mines-first = ще нічого не відкрито: перше відкриття завжди безпечне (міни розкладають після нього); найкраще: { $move }
ex-mines-note_first = перше відкриття безпечне; центр зазвичай відкриває цілу область
ex-mines-seen = усе тут випливає з того, що бачить гравець, який ходить
ex-mines-safe_list = напевно безпечні: { $cells }
ex-mines-safe_list_more = напевно безпечні: { $cells } і ще { $more }
ex-mines-mine_list = напевно міни: { $cells }
ex-mines-mine_list_more = напевно міни: { $cells } і ще { $more }
ex-mines-none_proven = жодна закрита клітинка не є напевно безпечною чи замінованою
ex-mines-odds = імовірності інших клітинок враховують усі способи розкласти { $left ->
    [one] { NUMBER($left) } міну, що залишилася
    [few] { NUMBER($left) } міни, що залишилися
   *[other] { NUMBER($left) } мін, що залишилися
}
ex-mines-odds_one = імовірності інших клітинок враховують усі способи розкласти останню міну
ex-mines-best = найкраще: { $move }
ex-mines-safe_zero = напевно безпечна: 0 на { $at } не торкається жодної міни
ex-mines-safe_one = напевно безпечна: 1 на { $at } уже торкається своєї міни
ex-mines-safe_many = напевно безпечна: { $n } на { $at } уже торкається всіх своїх мін ({ $n })
ex-mines-safe_all = напевно безпечна: так за кожного розміщення мін, що узгоджується з числами
ex-mines-mine_last = напевно міна: у { $n } на { $at } не лишилося іншої закритої клітинки для її міни
ex-mines-mine_room = напевно міна: у { $n } на { $at } закритих клітинок лишилося рівно стільки, скільки бракує мін ({ $room })
ex-mines-mine_all = напевно міна: так за кожного розміщення мін, що узгоджується з числами
ex-mines-flag_last = напевно міна, певне очко: у { $n } на { $at } не лишилося іншої закритої клітинки для її міни
ex-mines-flag_room = напевно міна, певне очко: у { $n } на { $at } закритих клітинок лишилося рівно стільки, скільки бракує мін ({ $room })
ex-mines-flag_all = напевно міна, певне очко: так за кожного розміщення мін, що узгоджується з числами
ex-mines-sure_point = напевно міна: певне очко
ex-mines-flag_odds = найімовірніша міна ({ $percent } %); хибний прапорець лише відкриє безпечну клітинку
ex-mines-reveal_odds = жодна клітинка не є напевно безпечною; у цієї найменша ймовірність міни ({ $percent } %)

## Відмови вузла на `analyze` (server/analysis.py)
words-analysis-review-later = розбір буде, коли гру закінчено
words-analysis-later = позиції аналізують, коли гру закінчено
words-analysis-stopping = сервер зупиняється
words-analysis-busy = розв'язувач зайнятий: спитайте ще раз за мить
words-analysis-overran = розв'язувач не впорався за { $seconds } с
words-analysis-failed = процес розв'язувача завершився збоєм: спитайте ще раз

## SPRT у `grundy match` (cli/tournament.py)
words-sprt = SPRT (elo0={ $elo0 } elo1={ $elo1 } alpha={ $alpha } beta={ $beta }, модель { $model }): LLR { $llr } ({ $lower }, { $upper })
words-sprt-pentanomial = пентаноміальна
words-sprt-trinomial = триноміальна
words-sprt-h1 = { $line } — прийнято H1 (Ело щонайменше { $elo1 })
words-sprt-h0 = { $line } — прийнято H0 (Ело щонайбільше { $elo0 })
words-sprt-stop = SPRT: прийнято { $verdict }

## Як гра закінчилася за правилами (Result.words; `grundy show`)
words-seat = місце { $seat }
words-end-nim = { $who } взяло останній предмет
words-end-nim-misere = { $who } взяло останній предмет (мізер: це програш)
words-end-kayles = { $who } збило останню кеглю
words-end-kayles-misere = { $who } збило останню кеглю (мізер: це програш)
words-end-coins-none = жодна монета не вміщується на стіл: { $who } не має ходу
words-end-coins = { $who } поклало останню монету: після { $coins ->
    [one] { NUMBER($coins) } монети
   *[other] { NUMBER($coins) } монет
} місця більше немає
words-end-corner-a1 = { $who } поставило фігуру ({ $piece }) на a1
words-end-corner-knight = { $who } завело коня в кут (на { $cell })
words-end-corner-stuck = { $who } залишило фігуру ({ $piece }) на { $cell }, де { $other } не має ходу
words-end-pawn = пішак дійшов до { $cell }: { $min } (Min) платить { $max } (Max) { $pays }
words-end-pursuit-stepped = утікач ({ $evader }) ступив на { $count ->
    [one] переслідувача
   *[other] переслідувачів
} ({ $catchers }) на { $cell }
words-end-pursuit-caught = { $count ->
    [one] переслідувач ({ $catchers }) упіймав
   *[other] переслідувачі ({ $catchers }) упіймали
} утікача ({ $evader }) на { $cell }
words-end-pursuit-free = утікач ({ $evader }) протримався { $rounds ->
    [one] { NUMBER($rounds) } раунд
    [few] { NUMBER($rounds) } раунди
   *[other] { NUMBER($rounds) } раундів
}
words-end-stones = { $who } довело суму до { $total } (мета { $goal }){ $loses ->
    [yes] ; reach-loses: цей хід програє
   *[no] {""}
}
words-end-sub-start = { $who } не може взяти жодної дозволеної кількості з початкової купки{ $loses ->
    [yes] {" "}(last-loses: останній хід програє)
   *[no] {""}
}
words-end-sub-goal = { $who } довело купку до мети { $goal }{ $loses ->
    [yes] {" "}(last-loses: останній хід програє)
   *[no] {""}
}
words-end-sub-left = { $who } залишило { $heap }: жодна дозволена кількість не вміщується над метою { $goal }{ $loses ->
    [yes] {" "}(last-loses: останній хід програє)
   *[no] {""}
}
words-end-mines-mine = { $who } відкрило міну
words-end-mines-clear = усі безпечні клітинки відкрито
words-end-mines-scores = усі безпечні клітинки відкрито; { $equal ->
    [yes] очки рівні
   *[no] очки
}: { $first } { $a }, { $second } { $b }
words-end-full = дошку заповнено
words-end-line = { $who } ({ $symbol }) зібрало { $k } в ряд
words-end-line-first = { $who } ({ $symbol }) поставило перший камінь
words-end-gomoku = { $who } ({ $colour }) зібрало { $k } в ряд

## Запуск рушія (`grundy gomocup`, `grundy pbrain`)
words-gomocup-no-file = PATH_TO_BRAIN { $path }: такого файлу немає
words-gomocup-not-executable = PATH_TO_BRAIN { $path }: файл не виконуваний (зробіть chmod +x)
words-gomocup-turn-ms = --turn-ms { $ms }: задайте додатне число мілісекунд
words-gomocup-games = --games { $games }: щонайменше одна партія
words-gomocup-one-of = задайте лише одне з --vs, --quick, --room/--code, --tournament
words-gomocup-opening = гомоку з opening={ $opening }: рушій Gomocup не вміє обирати колір, тож можна грати лише з opening=none
words-gomocup-cannot-play = рушій не може грати: { $error }
words-gomocup-result = { $room } гомоку, місце { $seat } ({ $name }): { $outcome } ({ $reason })
words-pbrain-level = --level { $level }: рівні — { $levels }

## `grundy play`: відмови до початку
words-play-workers = --workers { $workers }: потрібен хоча б один обробник
words-play-screenshot = --screenshot і --frames — для --ui pygame (знімки терміналу роблять його тести)
words-play-game-or-join = вкажіть GAME, щоб створити нову кімнату, або --join/--spectate для наявної, але не обидва
words-play-join-or-spectate = --join і --spectate: виберіть щось одне
words-play-join-needs-server = --join і --spectate потребують --server URL: у щойно запущеному вбудованому вузлі ще немає кімнат
words-play-set-needs-game = --set потребує GAME: параметри належать грі
words-play-levels = --vs { $vs }: рівні бота — { $levels }
words-play-rated-seats = --rated: { $game } тут має місць: { $seats }; рейтингова гра — на двох (грайте без рейтингу)
words-play-rated-game = --rated потребує GAME: він робить рейтинговою нову кімнату (кімната, до якої приєдналися чи яку дивляться, така, як є)
words-play-rated-server = --rated потребує --server URL: у щойно запущеному тут вузлі немає зареєстрованих гравців; спершу зареєструйте там ім'я (grundy register NAME --server URL)
words-play-rated-guest = --rated: { $name } не зареєстровано на { $server } (гість ніколи не грає на рейтинг); виконайте grundy register { $plain } --server { $server } або задайте --name і --secret
words-play-name = --name { $name }: ім'я для показу має від 1 до 32 символів
words-play-no-pygame = --ui pygame: клієнт pygame тут не запускається ({ $error }); використайте --ui terminal
