# Words of the product outside the other areas: the pictures of `grundy show` for the board games (the rules'
# Game.picture: rows of symbols as they are, these lines in words; in English `show` prints the rules' own).

## Lines of any picture
# a list of items, already said (e.g. "seat 0: black (X), seat 1: white (O)")
words-list = { $items }
# a line and what follows it
words-then = { $first }; { $then }
words-over = game over
words-over-short = over
words-over-draw = game over: a draw
# $seats: the winners' seat numbers, comma separated; $count how many
words-over-won = { $count ->
    [one] game over: seat { $seats } won
   *[other] game over: seats { $seats } won
}

## Corner the queen: $piece the piece's name (king, queen, rook, knight), $who "seat 0 to move" or "game over"
words-corner-head = { $game }: { $piece }, { $players ->
    [one] { NUMBER($players) } player
   *[other] { NUMBER($players) } players
}
words-corner-at = { $piece } on { $cell }; { $who }

## Pawn: $side is Max or Min (the players' names in the game), $who "Max to move" or "over"
words-pawn-head = { $game }: size { NUMBER($size) }, pawn on { $cell } ({ $who })
words-pawn-to-move = { $side } to move

## Coins: $status "seat 0 to move, 25 free centres" or "over"
words-coins-head = { $game }: { NUMBER($w) } x { NUMBER($h) } table, radius { NUMBER($r) }, { $coins ->
    [one] { NUMBER($coins) } coin
   *[other] { NUMBER($coins) } coins
} ({ $status })
words-coins-status = seat { $seat } to move, { $free ->
    [one] { NUMBER($free) } free centre
   *[other] { NUMBER($free) } free centres
}

## m,n,k and tic-tac-toe: $seats a list of words-mnk-symbol
words-mnk-head = { $w }x{ $h }, { NUMBER($k) } in a row; { $seats }
words-mnk-symbol = { $symbol } = seat { $seat }
words-mnk-to-move = { $symbol } (seat { $seat }) to move

## Gomoku: $rule and $opening are the notation's own (freestyle, renju, swap2)
words-gomoku-head = { $game } { $size }x{ $size }, { $rule }{ $opening }
words-gomoku-opening = , opening { $opening }
words-gomoku-seat = seat { $seat }: { $colour } ({ $symbol })
words-gomoku-unchosen = colours not chosen yet: stones alternate black (X) and white (O)
words-gomoku-forbidden = forbidden for black: { $cells }
# $choices the moves that choose (black | white | more), $phase one of words-gomoku-phase-*
words-gomoku-chooses = seat { $seat } chooses: { $choices } ({ $phase })
words-gomoku-more = more = place two more stones (white, then black) and let seat 0 pick the colour
words-gomoku-to-move = { $colour } (seat { $seat }) to move ({ $phase })
words-gomoku-phase-play = play
words-gomoku-phase-first-places = opening: seat 0 places three stones, black, white, black
words-gomoku-phase-second-chooses = opening: seat 1 picks the colour it will play
words-gomoku-phase-second-places = opening: seat 1 places two more stones, white then black
words-gomoku-phase-first-chooses = opening: seat 0 picks the colour it will play

## Pursuit: P1, P2 the pursuers and E the evader on the board; $alone yes when the pursuers play each alone
words-pursuit-head = { $game }: { $pursuers ->
    [one] { NUMBER($pursuers) } pursuer
   *[other] { NUMBER($pursuers) } pursuers{ $alone ->
        [yes] {" "}(each alone)
       *[no] {""}
    }
} vs evader, round { NUMBER($round) } of { NUMBER($limit) }
# $where: each figure's cell ("P1 b1, E hidden"), $who one of the lines below
words-pursuit-where = { $where }; { $who }
words-pursuit-hidden = { $figure } hidden
words-pursuit-to-move = { $figure } to move
words-pursuit-evader-to-move = the evader to move
words-pursuit-over = chase over

## Minesweeper: $scores "0-0"; $players 1 (solitaire) or 2 (duel)
words-mines-head = { $game } { $w }x{ $h }, { $mines ->
    [one] { NUMBER($mines) } mine
   *[other] { NUMBER($mines) } mines
}, { $players ->
    [one] solitaire
   *[other] duel
}; scores { $scores }; mines left { NUMBER($left) }
words-mines-exploded = over, exploded at { $cell }
words-mines-layout = layout (secret):

## Minesweeper's explanations (solver/phrases.py mines.*: the English is the phrase's template)
ex-mines-first = nothing is revealed yet: the first reveal is always safe (the mines are laid after it); best: { $move }
ex-mines-note_first = the first reveal is safe; the centre tends to open a region
ex-mines-seen = everything here follows from what the player to move sees
ex-mines-safe_list = proven safe: { $cells }
ex-mines-safe_list_more = proven safe: { $cells } and { $more } more
ex-mines-mine_list = proven mines: { $cells }
ex-mines-mine_list_more = proven mines: { $cells } and { $more } more
ex-mines-none_proven = no covered cell is proven safe or mined
ex-mines-odds = the other cells' odds count every way to place the { $left } mines left
ex-mines-odds_one = the other cells' odds count every way to place the last mine
ex-mines-best = best: { $move }
ex-mines-safe_zero = proven safe: the 0 at { $at } already touches no mine
ex-mines-safe_one = proven safe: the 1 at { $at } already touches its mine
ex-mines-safe_many = proven safe: the { $n } at { $at } already touches its { $n } mines
ex-mines-safe_all = proven safe: in every arrangement of the mines that fits the counts
ex-mines-mine_last = a proven mine: the { $n } at { $at } has no other covered cell left for its mine
ex-mines-mine_room = a proven mine: the { $n } at { $at } has exactly { $room } covered cells left for its { $room } mines
ex-mines-mine_all = a proven mine: in every arrangement of the mines that fits the counts
ex-mines-flag_last = a proven mine, a sure point: the { $n } at { $at } has no other covered cell left for its mine
ex-mines-flag_room = a proven mine, a sure point: the { $n } at { $at } has exactly { $room } covered cells left for its { $room } mines
ex-mines-flag_all = a proven mine, a sure point: in every arrangement of the mines that fits the counts
ex-mines-sure_point = a proven mine: a sure point
ex-mines-flag_odds = the likeliest mine ({ $percent }%); a wrong flag only opens a safe cell
ex-mines-reveal_odds = no cell is proven safe; this one is the least likely mine ({ $percent }%)

## The node's refusals of `analyze` (server/analysis.py), said in the session's language
words-analysis-review-later = the review comes when the game is over
words-analysis-later = positions are analysed once the game is over
words-analysis-stopping = the server is stopping
words-analysis-busy = the solver is busy: ask again in a moment
words-analysis-overran = the solver did not finish in { $seconds } s
words-analysis-failed = the solver's process failed: ask again

## The SPRT of `grundy match` (cli/tournament.py): elo0, elo1, alpha, beta as --sprt writes them
words-sprt = SPRT (elo0={ $elo0 } elo1={ $elo1 } alpha={ $alpha } beta={ $beta } ({ $model })): LLR { $llr } ({ $lower }, { $upper })
words-sprt-pentanomial = pentanomial
words-sprt-trinomial = trinomial
# $line: the SPRT line above; the test decided
words-sprt-h1 = { $line } - H1 accepted (Elo at least { $elo1 })
words-sprt-h0 = { $line } - H0 accepted (Elo at most { $elo0 })
words-sprt-stop = SPRT: { $verdict } accepted

## How a game ended by its rules (the rules' Result.words; `grundy show`): $who, $other a seat (words-seat)
words-seat = seat { $seat }
words-end-nim = { $who } took the last object
words-end-nim-misere = { $who } took the last object (misère: that loses)
words-end-kayles = { $who } knocked down the last pin
words-end-kayles-misere = { $who } knocked down the last pin (misère: that loses)
words-end-coins-none = no coin fits the table: { $who } cannot move
words-end-coins = { $who } laid the last coin: no room for another after { $coins ->
    [one] { NUMBER($coins) } coin
   *[other] { NUMBER($coins) } coins
}
# $piece: the piece's name (ex-word-king ...)
words-end-corner-a1 = { $who } moved the { $piece } onto a1
words-end-corner-knight = { $who } moved the knight into the corner (to { $cell })
words-end-corner-stuck = { $who } left the { $piece } on { $cell }, where { $other } has no legal move
# $pays: the payoff written as a number
words-end-pawn = the pawn reached { $cell }: { $min } (Min) pays { $max } (Max) { $pays }
# $catchers: the pursuers that caught the evader ($count of them)
# (English says one pursuer and two alike; other languages choose their words by $count)
words-end-pursuit-stepped = the evader { $evader } stepped onto { $count ->
    [one] { $catchers }
   *[other] { $catchers }
} on { $cell }
words-end-pursuit-caught = { $count ->
    [one] { $catchers }
   *[other] { $catchers }
} caught the evader { $evader } on { $cell }
words-end-pursuit-free = the evader { $evader } stayed free for { $rounds ->
    [one] { NUMBER($rounds) } round
   *[other] { NUMBER($rounds) } rounds
}
# $loses: yes under the rule reach-loses (last-loses), where that move loses
words-end-stones = { $who } brought the total to { $total } (goal { $goal }){ $loses ->
    [yes] ; reach-loses: that move loses
   *[no] {""}
}
words-end-sub-start = { $who } cannot take any allowed amount from the start heap{ $loses ->
    [yes] {" "}(last-loses: the last move loses)
   *[no] {""}
}
words-end-sub-goal = { $who } brought the heap to the goal { $goal }{ $loses ->
    [yes] {" "}(last-loses: the last move loses)
   *[no] {""}
}
words-end-sub-left = { $who } left { $heap }: no allowed amount fits above the goal { $goal }{ $loses ->
    [yes] {" "}(last-loses: the last move loses)
   *[no] {""}
}
words-end-mines-mine = { $who } revealed a mine
words-end-mines-clear = every safe cell is revealed
words-end-mines-scores = every safe cell is revealed; { $equal ->
    [yes] equal scores
   *[no] scores
}: { $first } { $a }, { $second } { $b }
words-end-full = the board is full
words-end-line = { $who } ({ $symbol }) made { $k } in a row
words-end-line-first = { $who } ({ $symbol }) made the first stone
words-end-gomoku = { $who } ({ $colour }) made { $k } in a row

## Starting an engine (`grundy gomocup`, `grundy pbrain`); PATH_TO_BRAIN, --turn-ms ... are the command's own
words-gomocup-no-file = PATH_TO_BRAIN { $path }: no such file
words-gomocup-not-executable = PATH_TO_BRAIN { $path }: the file is not executable (chmod +x it)
words-gomocup-turn-ms = --turn-ms { $ms }: give a positive number of milliseconds
words-gomocup-games = --games { $games }: at least one game
words-gomocup-one-of = give only one of --vs, --quick, --room/--code, --tournament
words-gomocup-opening = gomoku with opening={ $opening }: a Gomocup engine cannot choose colours, so only opening=none can be played
# $error: what the engine said or did (its own words)
words-gomocup-cannot-play = the engine cannot play: { $error }
# one finished game: $outcome win, loss or draw in words; $reason the node's words
words-gomocup-result = { $room } gomoku seat { $seat } ({ $name }): { $outcome } ({ $reason })
words-pbrain-level = --level { $level }: levels are { $levels }

## `grundy play`: its refusals before anything starts
words-play-workers = --workers { $workers }: at least one worker is needed
words-play-screenshot = --screenshot and --frames are for --ui pygame (the terminal UI's screenshots come from its tests)
words-play-game-or-join = give GAME to start a new room, or --join/--spectate for an existing one, not both
words-play-join-or-spectate = --join and --spectate: choose one
words-play-join-needs-server = --join and --spectate need --server URL: a fresh in-process node has no rooms yet
words-play-set-needs-game = --set needs GAME: parameters belong to a game
words-play-levels = --vs { $vs }: the bot levels are { $levels }
words-play-rated-seats = --rated: { $game } here has { $seats } seats; a rated game has two (play it casual)
words-play-rated-game = --rated needs GAME: it makes the new room rated (a room joined or watched is what it is)
words-play-rated-server = --rated needs --server URL: a fresh in-process node has no registered players; register a name there first (grundy register NAME --server URL)
# $name quoted, $plain as it is typed
words-play-rated-guest = --rated: { $name } is not registered on { $server } (a guest is never rated); run grundy register { $plain } --server { $server }, or give --name and --secret
words-play-name = --name { $name }: a display name has 1 to 32 characters
words-play-no-pygame = --ui pygame: the pygame client cannot start here ({ $error }); use --ui terminal
