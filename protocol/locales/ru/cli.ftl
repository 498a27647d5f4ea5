# Собственные слова CLI (grundy tree, match, tournament)

# grundy tree: заголовок дерева и слова его узлов
cli-tree-head = { $game }: дерево на { NUMBER($depth) } { $depth ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    } (K: ходящий игрок выигрывает не позже своего K-го хода; -K: проигрывает не позже K-го хода противника; 0: игра окончена)
cli-tree-head-after = { $game } после { $moves }: дерево на { NUMBER($depth) } { $depth ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    } (K: ходящий игрок выигрывает не позже своего K-го хода; -K: проигрывает не позже K-го хода противника; 0: игра окончена)
cli-tree-start = начало
cli-tree-over = конец
cli-tree-draw = ничья
cli-tree-payoff = выплата

# grundy match / grundy tournament: живая таблица, строка хода турнира и что говорит запуск
cli-tour-what-match = { $game }: матч
cli-tour-what = { $game }: { $format }
cli-tour-round = тур { NUMBER($round) }
cli-tour-round-of = тур { NUMBER($round) }/{ NUMBER($rounds) }
cli-tour-games = { $games } { $n ->
        [one] партия
        [few] партии
       *[other] партий
    }
cli-col-name = Игрок
cli-col-score = Очки
cli-col-games = Партии
cli-col-wins = В
cli-col-draws = Н
cli-col-losses = П
cli-col-draw-share = Ничьи%
cli-col-timeouts = Время
cli-col-crosstable = Таблица
cli-match-score = Счёт { $first } против { $second }: { $w } - { $l } - { $d } [{ $score }] { $games }
cli-elo = Эло { $elo }, LOS { $los } %, доля ничьих { $draws } %
cli-elo-none = Эло -, LOS -, доля ничьих -
cli-progress-match = { $games }: { $name } +{ $w } ={ $d } -{ $l }, { $elo }
cli-progress = { $games }: { $leaders }
cli-run-match = матч { $id } на { $url }: { $players }; { $details }
cli-run-tournament = турнир ({ $format }) { $id } на { $url }: { $players }; { $details }
cli-games-a-pairing = { $n ->
        [one] { NUMBER($n) } партия
        [few] { NUMBER($n) } партии
       *[other] { NUMBER($n) } партий
    } на пару
cli-openings = { $n ->
        [one] { NUMBER($n) } дебют
        [few] { NUMBER($n) } дебюта
       *[other] { NUMBER($n) } дебютов
    }
cli-finished = завершён: { $reason }
cli-wrote = записано { $n ->
        [one] { NUMBER($n) } запись партии
        [few] { NUMBER($n) } записи партий
       *[other] { NUMBER($n) } записей партий
    } в { $path }
cli-stopping = турнир останавливается ({ $why }): новые партии не начинаются; идущие доигрываются
cli-stopped-by-user = остановлен пользователем
cli-not-stopped = сервер не остановил турнир: { $error }
cli-exited = { $name } ({ $spec }): процесс завершился с кодом { $code }
