# Думи извън другите области: рисунките на `grundy show` за игрите на дъска (Game.picture на правилата).

## Редове на всеки рисунък
words-list = { $items }
words-then = { $first }; { $then }
words-over = играта свърши
words-over-short = край
words-over-draw = играта свърши: реми
words-over-won = { $count ->
    [one] играта свърши: печели място { $seats }
   *[other] играта свърши: печелят места { $seats }
}

## Вкарай дамата в ъгъла
words-corner-head = { $game }: { $piece }, { $players ->
    [one] { NUMBER($players) } играч
   *[other] { NUMBER($players) } играчи
}
words-corner-at = { $piece } на { $cell }; { $who }

## Пешки
words-pawn-head = { $game }: размер { NUMBER($size) }, пешката е на { $cell } ({ $who })
words-pawn-to-move = на ход е { $side }

## Монети
words-coins-head = { $game }: маса { NUMBER($w) } x { NUMBER($h) }, радиус { NUMBER($r) }, { $coins ->
    [one] { NUMBER($coins) } монета
   *[other] { NUMBER($coins) } монети
} ({ $status })
words-coins-status = на ход е място { $seat }, { $free ->
    [one] { NUMBER($free) } свободен център
   *[other] { NUMBER($free) } свободни центъра
}

## Игра m,n,k и морски шах
words-mnk-head = { $w }x{ $h }, { NUMBER($k) } в редица; { $seats }
words-mnk-symbol = { $symbol } = място { $seat }
words-mnk-to-move = на ход е { $symbol } (място { $seat })

## Гомоку
words-gomoku-head = { $game } { $size }x{ $size }, { $rule }{ $opening }
words-gomoku-opening = , откриване { $opening }
words-gomoku-seat = място { $seat }: { $colour } ({ $symbol })
words-gomoku-unchosen = цветовете още не са избрани: камъните се редуват, черен (X) и бял (O)
words-gomoku-forbidden = забранено за черните: { $cells }
words-gomoku-chooses = място { $seat } избира: { $choices } ({ $phase })
words-gomoku-more = more — да постави още два камъка (бял, после черен) и място 0 да избере цвета
words-gomoku-to-move = на ход са { $colour } (място { $seat }, { $phase })
words-gomoku-phase-play = обикновена игра
words-gomoku-phase-first-places = откриване: място 0 поставя три камъка — черен, бял, черен
words-gomoku-phase-second-chooses = откриване: място 1 избира с кой цвят ще играе
words-gomoku-phase-second-places = откриване: място 1 поставя още два камъка — бял, после черен
words-gomoku-phase-first-chooses = откриване: място 0 избира с кой цвят ще играе

## Гонитба: P1, P2 са преследвачите, E е беглецът
words-pursuit-head = { $game }: { $pursuers ->
    [one] { NUMBER($pursuers) } преследвач
   *[other] { NUMBER($pursuers) } преследвачи{ $alone ->
        [yes] {" "}(всеки сам за себе си)
       *[no] {""}
    }
} срещу беглеца, рунд { NUMBER($round) } от { NUMBER($limit) }
words-pursuit-where = { $where }; { $who }
words-pursuit-hidden = { $figure } е скрит
words-pursuit-to-move = на ход е { $figure }
words-pursuit-evader-to-move = на ход е беглецът
words-pursuit-over = гонитбата свърши

## Миночистач
words-mines-head = { $game } { $w }x{ $h }, { $mines ->
    [one] { NUMBER($mines) } мина
   *[other] { NUMBER($mines) } мини
}, { $players ->
    [one] самостоятелна игра
   *[other] дуел
}; точки { $scores }; остават мини: { NUMBER($left) }
words-mines-exploded = край, взрив на { $cell }
words-mines-layout = разположение на мините (тайно):

## Обясненията на миночистача (solver/phrases.py mines.*)
ex-mines-first = още нищо не е отворено: първото отваряне винаги е безопасно (мините се нареждат след него); най-добре: { $move }
ex-mines-note_first = първото отваряне е безопасно; центърът обикновено отваря цяла област
ex-mines-seen = всичко тук следва от това, което вижда играчът на ход
ex-mines-safe_list = със сигурност безопасни: { $cells }
ex-mines-safe_list_more = със сигурност безопасни: { $cells } и още { $more }
ex-mines-mine_list = със сигурност мини: { $cells }
ex-mines-mine_list_more = със сигурност мини: { $cells } и още { $more }
ex-mines-none_proven = нито едно затворено поле не е със сигурност безопасно или минирано
ex-mines-odds = вероятностите на другите полета отчитат всички начини да се наредят { $left ->
    [one] оставащата { NUMBER($left) } мина
   *[other] оставащите { NUMBER($left) } мини
}
ex-mines-odds_one = вероятностите на другите полета отчитат всички начини да се нареди последната мина
ex-mines-best = най-добре: { $move }
ex-mines-safe_zero = със сигурност безопасно: 0 на { $at } не докосва нито една мина
ex-mines-safe_one = със сигурност безопасно: 1 на { $at } вече докосва своята мина
ex-mines-safe_many = със сигурност безопасно: { $n } на { $at } вече докосва всичките си мини ({ $n })
ex-mines-safe_all = със сигурност безопасно: така е при всяко подреждане на мините, което отговаря на числата
ex-mines-mine_last = със сигурност мина: за { $n } на { $at } не остава друго затворено поле за мината му
ex-mines-mine_room = със сигурност мина: за { $n } на { $at } остават точно толкова затворени полета, колкото мини му липсват ({ $room })
ex-mines-mine_all = със сигурност мина: така е при всяко подреждане на мините, което отговаря на числата
ex-mines-flag_last = със сигурност мина, сигурна точка: за { $n } на { $at } не остава друго затворено поле за мината му
ex-mines-flag_room = със сигурност мина, сигурна точка: за { $n } на { $at } остават точно толкова затворени полета, колкото мини му липсват ({ $room })
ex-mines-flag_all = със сигурност мина, сигурна точка: така е при всяко подреждане на мините, което отговаря на числата
ex-mines-sure_point = със сигурност мина: сигурна точка
ex-mines-flag_odds = най-вероятната мина ({ $percent } %); грешният флаг само отваря безопасно поле
ex-mines-reveal_odds = нито едно поле не е със сигурност безопасно; това е най-малко вероятната мина ({ $percent } %)

## Отказите на възела за `analyze` (server/analysis.py)
words-analysis-review-later = разборът идва, когато играта свърши
words-analysis-later = позициите се анализират, когато играта свърши
words-analysis-stopping = сървърът спира
words-analysis-busy = решаващата програма е заета: попитайте пак след малко
words-analysis-overran = решаващата програма не приключи за { $seconds } с
words-analysis-failed = процесът на решаващата програма се провали: попитайте пак

## SPRT в `grundy match` (cli/tournament.py)
words-sprt = SPRT (elo0={ $elo0 } elo1={ $elo1 } alpha={ $alpha } beta={ $beta }, модел { $model }): LLR { $llr } ({ $lower }, { $upper })
words-sprt-pentanomial = пентаномен
words-sprt-trinomial = триномен
words-sprt-h1 = { $line } — приета е H1 (Ело поне { $elo1 })
words-sprt-h0 = { $line } — приета е H0 (Ело най-много { $elo0 })
words-sprt-stop = SPRT: приета е { $verdict }

## Как е свършила играта по правилата (Result.words; `grundy show`)
words-seat = място { $seat }
words-end-nim = { $who } взе последния предмет
words-end-nim-misere = { $who } взе последния предмет (мизер: това губи)
words-end-kayles = { $who } събори последната кегла
words-end-kayles-misere = { $who } събори последната кегла (мизер: това губи)
words-end-coins-none = нито една монета не се побира на масата: { $who } няма ход
words-end-coins = { $who } сложи последната монета: след { $coins ->
    [one] { NUMBER($coins) } монета
   *[other] { NUMBER($coins) } монети
} няма място за друга
words-end-corner-a1 = { $who } премести фигурата ({ $piece }) на a1
words-end-corner-knight = { $who } вкара коня в ъгъла (на { $cell })
words-end-corner-stuck = { $who } остави фигурата ({ $piece }) на { $cell }, където { $other } няма ход
words-end-pawn = пешката стигна { $cell }: { $min } (Min) плаща на { $max } (Max) { $pays }
words-end-pursuit-stepped = беглецът ({ $evader }) стъпи на { $count ->
    [one] преследвача
   *[other] преследвачите
} ({ $catchers }) на { $cell }
words-end-pursuit-caught = { $count ->
    [one] преследвачът ({ $catchers }) хвана
   *[other] преследвачите ({ $catchers }) хванаха
} беглеца ({ $evader }) на { $cell }
words-end-pursuit-free = беглецът ({ $evader }) остана свободен { $rounds ->
    [one] { NUMBER($rounds) } рунд
   *[other] { NUMBER($rounds) } рунда
}
words-end-stones = { $who } докара сумата до { $total } (цел { $goal }){ $loses ->
    [yes] ; reach-loses: този ход губи
   *[no] {""}
}
words-end-sub-start = { $who } не може да вземе нито едно позволено количество от началната купчина{ $loses ->
    [yes] {" "}(last-loses: последният ход губи)
   *[no] {""}
}
words-end-sub-goal = { $who } докара купчината до целта { $goal }{ $loses ->
    [yes] {" "}(last-loses: последният ход губи)
   *[no] {""}
}
words-end-sub-left = { $who } остави { $heap }: нито едно позволено количество не се побира над целта { $goal }{ $loses ->
    [yes] {" "}(last-loses: последният ход губи)
   *[no] {""}
}
words-end-mines-mine = { $who } отвори мина
words-end-mines-clear = всички безопасни полета са отворени
words-end-mines-scores = всички безопасни полета са отворени; { $equal ->
    [yes] равни точки
   *[no] точки
}: { $first } { $a }, { $second } { $b }
words-end-full = дъската е пълна
words-end-line = { $who } ({ $symbol }) направи { $k } в редица
words-end-line-first = { $who } ({ $symbol }) постави първия камък
words-end-gomoku = { $who } ({ $colour }) направи { $k } в редица

## Стартиране на двигател (`grundy gomocup`, `grundy pbrain`)
words-gomocup-no-file = PATH_TO_BRAIN { $path }: няма такъв файл
words-gomocup-not-executable = PATH_TO_BRAIN { $path }: файлът не е изпълним (направете chmod +x)
words-gomocup-turn-ms = --turn-ms { $ms }: задайте положително число милисекунди
words-gomocup-games = --games { $games }: поне една партия
words-gomocup-one-of = задайте само едно от --vs, --quick, --room/--code, --tournament
words-gomocup-opening = гомоку с opening={ $opening }: двигател на Gomocup не може да избира цвят, затова може да се играе само с opening=none
words-gomocup-cannot-play = двигателят не може да играе: { $error }
words-gomocup-result = { $room } гомоку, място { $seat } ({ $name }): { $outcome } ({ $reason })
words-pbrain-level = --level { $level }: нивата са { $levels }

## `grundy play`: откази преди началото
words-play-workers = --workers { $workers }: нужен е поне един обработчик
words-play-screenshot = --screenshot и --frames са за --ui pygame (снимките на терминала идват от тестовете му)
words-play-game-or-join = посочете GAME, за да създадете нова стая, или --join/--spectate за съществуваща, но не и двете
words-play-join-or-spectate = --join и --spectate: изберете едното
words-play-join-needs-server = --join и --spectate изискват --server URL: току-що пуснатият вграден възел още няма стаи
words-play-set-needs-game = --set изисква GAME: параметрите принадлежат на игра
words-play-levels = --vs { $vs }: нивата на бота са { $levels }
words-play-rated-seats = --rated: { $game } тук има места: { $seats }; рейтингова игра е за двама (играйте без рейтинг)
words-play-rated-game = --rated изисква GAME: той прави рейтингова новата стая (стая, към която сте се присъединили или която гледате, остава каквато е)
words-play-rated-server = --rated изисква --server URL: току-що стартираният тук възел няма регистрирани играчи; първо регистрирайте име там (grundy register NAME --server URL)
words-play-rated-guest = --rated: { $name } не е регистриран на { $server } (гост никога не играе за рейтинг); изпълнете grundy register { $plain } --server { $server } или задайте --name и --secret
words-play-name = --name { $name }: показваното име е от 1 до 32 знака
words-play-no-pygame = --ui pygame: клиентът pygame не може да стартира тук ({ $error }); използвайте --ui terminal
