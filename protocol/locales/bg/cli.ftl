# Собствените думи на CLI (grundy tree, match, tournament)

# grundy tree: заглавието на дървото и думите на възлите му
cli-tree-head = { $game }: дървото до { NUMBER($depth) } { $depth ->
        [one] полуход
       *[other] полухода
    } (K: играчът на ход печели най-късно със своя K-и ход; -K: губи най-късно с K-ия ход на противника; 0: играта е свършила)
cli-tree-head-after = { $game } след { $moves }: дървото до { NUMBER($depth) } { $depth ->
        [one] полуход
       *[other] полухода
    } (K: играчът на ход печели най-късно със своя K-и ход; -K: губи най-късно с K-ия ход на противника; 0: играта е свършила)
cli-tree-start = начало
cli-tree-over = край
cli-tree-draw = реми
cli-tree-payoff = изплащане

# grundy match / grundy tournament: живата таблица, редът с напредъка и какво казва стартът
cli-tour-what-match = { $game }: мач
cli-tour-what = { $game }: { $format }
cli-tour-round = кръг { NUMBER($round) }
cli-tour-round-of = кръг { NUMBER($round) }/{ NUMBER($rounds) }
cli-tour-games = { $games } { $n ->
        [one] партия
       *[other] партии
    }
cli-col-name = Играч
cli-col-score = Точки
cli-col-games = Партии
cli-col-wins = П
cli-col-draws = Р
cli-col-losses = З
cli-col-draw-share = Реми%
cli-col-timeouts = Време
cli-col-crosstable = Таблица
cli-match-score = Резултат на { $first } срещу { $second }: { $w } - { $l } - { $d } [{ $score }] { $games }
cli-elo = Ело { $elo }, LOS { $los } %, дял на ремитата { $draws } %
cli-elo-none = Ело -, LOS -, дял на ремитата -
cli-progress-match = { $games }: { $name } +{ $w } ={ $d } -{ $l }, { $elo }
cli-progress = { $games }: { $leaders }
cli-run-match = мач { $id } на { $url }: { $players }; { $details }
cli-run-tournament = турнир ({ $format }) { $id } на { $url }: { $players }; { $details }
cli-games-a-pairing = { $n ->
        [one] { NUMBER($n) } партия
       *[other] { NUMBER($n) } партии
    } на двойка
cli-openings = { $n ->
        [one] { NUMBER($n) } откриване
       *[other] { NUMBER($n) } откривания
    }
cli-finished = завършен: { $reason }
cli-wrote = записани { $n ->
        [one] { NUMBER($n) } запис на партия
       *[other] { NUMBER($n) } записа на партии
    } в { $path }
cli-stopping = турнирът спира ({ $why }): нови партии не започват; започнатите се доиграват
cli-stopped-by-user = спрян от потребителя
cli-not-stopped = сървърът не спря турнира: { $error }
cli-exited = { $name } ({ $spec }): процесът завърши с код { $code }
