# Власні слова CLI (grundy tree, match, tournament)

# grundy tree: заголовок дерева і слова його вузлів
cli-tree-head = { $game }: дерево на { NUMBER($depth) } { $depth ->
        [one] півхід
        [few] півходи
       *[many] півходів
    } (K: гравець, що ходить, виграє не пізніше свого K-го ходу; -K: програє не пізніше K-го ходу суперника; 0: гру закінчено)
cli-tree-head-after = { $game } після { $moves }: дерево на { NUMBER($depth) } { $depth ->
        [one] півхід
        [few] півходи
       *[many] півходів
    } (K: гравець, що ходить, виграє не пізніше свого K-го ходу; -K: програє не пізніше K-го ходу суперника; 0: гру закінчено)
cli-tree-start = початок
cli-tree-over = кінець
cli-tree-draw = нічия
cli-tree-payoff = виплата

# grundy match / grundy tournament: жива таблиця, рядок поступу і що каже запуск
cli-tour-what-match = { $game }: матч
cli-tour-what = { $game }: { $format }
cli-tour-round = тур { NUMBER($round) }
cli-tour-round-of = тур { NUMBER($round) }/{ NUMBER($rounds) }
cli-tour-games = { $games } { $n ->
        [one] партія
        [few] партії
       *[other] партій
    }
cli-col-name = Гравець
cli-col-score = Очки
cli-col-games = Партії
cli-col-wins = В
cli-col-draws = Н
cli-col-losses = П
cli-col-draw-share = Нічиї%
cli-col-timeouts = Час
cli-col-crosstable = Таблиця
cli-match-score = Рахунок { $first } проти { $second }: { $w } - { $l } - { $d } [{ $score }] { $games }
cli-elo = Ело { $elo }, LOS { $los } %, частка нічиїх { $draws } %
cli-elo-none = Ело -, LOS -, частка нічиїх -
cli-progress-match = { $games }: { $name } +{ $w } ={ $d } -{ $l }, { $elo }
cli-progress = { $games }: { $leaders }
cli-run-match = матч { $id } на { $url }: { $players }; { $details }
cli-run-tournament = турнір ({ $format }) { $id } на { $url }: { $players }; { $details }
cli-games-a-pairing = { $n ->
        [one] { NUMBER($n) } партія
        [few] { NUMBER($n) } партії
       *[other] { NUMBER($n) } партій
    } на пару
cli-openings = { $n ->
        [one] { NUMBER($n) } дебют
        [few] { NUMBER($n) } дебюти
       *[other] { NUMBER($n) } дебютів
    }
cli-finished = завершено: { $reason }
cli-wrote = записано { $n ->
        [one] { NUMBER($n) } запис партії
        [few] { NUMBER($n) } записи партій
       *[other] { NUMBER($n) } записів партій
    } у { $path }
cli-stopping = турнір зупиняється ({ $why }): нові партії не починаються; ті, що йдуть, доіграються
cli-stopped-by-user = зупинив користувач
cli-not-stopped = сервер не зупинив турнір: { $error }
cli-exited = { $name } ({ $spec }): процес завершився з кодом { $code }
