# The CLI's own words (grundy tree, match, tournament): messages cli-...

# grundy tree: the heading of the outline and the words of its nodes
cli-tree-head = { $game }: the tree to { NUMBER($depth) } { $depth ->
        [one] ply
       *[other] plies
    } (K: the player to move wins by their K-th move; -K: loses by the opponent's K-th move at the latest; 0: over)
cli-tree-head-after = { $game } after { $moves }: the tree to { NUMBER($depth) } { $depth ->
        [one] ply
       *[other] plies
    } (K: the player to move wins by their K-th move; -K: loses by the opponent's K-th move at the latest; 0: over)
cli-tree-start = start
cli-tree-over = over
cli-tree-draw = draw
cli-tree-payoff = payoff

# grundy match / grundy tournament: the live table, its progress line and what the run says
cli-tour-what-match = { $game } match
cli-tour-what = { $game } { $format }
cli-tour-round = round { NUMBER($round) }
cli-tour-round-of = round { NUMBER($round) }/{ NUMBER($rounds) }
cli-tour-games = { $games } { $n ->
        [one] game
       *[other] games
    }
cli-col-name = Name
cli-col-score = Score
cli-col-games = Games
cli-col-wins = W
cli-col-draws = D
cli-col-losses = L
cli-col-draw-share = Draw%
cli-col-timeouts = T/O
cli-col-crosstable = Crosstable
cli-match-score = Score of { $first } vs { $second }: { $w } - { $l } - { $d } [{ $score }] { $games }
cli-elo = Elo { $elo }, LOS { $los } %, draw ratio { $draws } %
cli-elo-none = Elo -, LOS -, draw ratio -
cli-progress-match = { $games }: { $name } +{ $w } ={ $d } -{ $l }, { $elo }
cli-progress = { $games }: { $leaders }
cli-run-match = match { $id } on { $url }: { $players }; { $details }
cli-run-tournament = { $format } tournament { $id } on { $url }: { $players }; { $details }
cli-games-a-pairing = { $n } game(s) a pairing
cli-openings = { $n } openings
cli-finished = finished: { $reason }
cli-wrote = wrote { $n } game record(s) to { $path }
cli-stopping = stopping the tournament ({ $why }): no new game starts; the games in play end
cli-stopped-by-user = stopped by the user
cli-not-stopped = the server did not stop the tournament: { $error }
cli-exited = { $name } ({ $spec }) exited with code { $code }
