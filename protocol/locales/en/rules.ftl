## The rules' refusals (rules.RulesError.said) and a room's refusals (server/room): a move that is not a move
## of the game, not legal here or not now, a parameter that cannot be used, a request the room refuses.
## $move, $text, $op, $part: what the player wrote (notation, never translated); $cell, $from, $cell-like
## arguments: a cell's name (c5); $param: a parameter's key as typed (notation); $seat: a seat's number.

## A move

rules-game-over = '{ $move }': the game is over
rules-over = the game is over
rules-not-the-seat = '{ $move }': seat { $seat } is not the seat to move
rules-replay = move { $n }: { $why }
rules-show-refused = move { $n }: { $why } (legal here: { $moves })
rules-not-legal = '{ $move }' is not a legal move here
rules-is-legal = '{ $move }' is legal here
rules-not-a-cell = '{ $move }' is not a cell
rules-off-board = '{ $move }' is off the { $w } x { $h } board
rules-not-on-board = '{ $move }' is not a cell of this { $w }x{ $h } board
rules-blocked = '{ $move }' is blocked
rules-no-heap = '{ $move }': there is no heap { $heap } (heaps are 1..{ $heaps })

## A cell as written ($param: "none" for a move, "move" for a cell within the move $move, "colour" for a move that
## may also be a colour, else the parameter)

rules-cell-not-a-cell = { $param ->
    [none] '{ $text }' is not a cell: write column letters then a row number, like 'c5'
    [move] '{ $move }': '{ $text }' is not a cell: write column letters then a row number, like 'c5'
    [colour] '{ $text }' is not a cell: write column letters then a row number, like 'c5'; or choose a colour with black, white or more
   *[other] parameter '{ $param }': '{ $text }' is not a cell: write column letters then a row number, like 'c5'
}
rules-cell-off-columns = { $param ->
    [none] '{ $text }' is off the board: columns run a..{ $last }
    [move] '{ $move }': '{ $text }' is off the board: columns run a..{ $last }
    [colour] '{ $text }' is off the board: columns run a..{ $last }; or choose a colour with black, white or more
   *[other] parameter '{ $param }': '{ $text }' is off the board: columns run a..{ $last }
}
rules-cell-off-rows = { $param ->
    [none] '{ $text }' is off the board: rows run 1..{ $rows }
    [move] '{ $move }': '{ $text }' is off the board: rows run 1..{ $rows }
    [colour] '{ $text }' is off the board: rows run 1..{ $rows }; or choose a colour with black, white or more
   *[other] parameter '{ $param }': '{ $text }' is off the board: rows run 1..{ $rows }
}

## Nim

rules-nim-too-many = '{ $move }': heap { $heap } has only { $left }
rules-nim-parse = '{ $move }' is not a nim move: write HEAP:COUNT, like 2:3
rules-nim-numbers = '{ $move }' is not a nim move: HEAP and COUNT are whole numbers
rules-nim-take-one = '{ $move }': take at least one object
rules-nim-no-heaps = parameter 'heaps': give at least one heap, like 3,4,5

## The subtraction game

rules-subtraction-amounts = '{ $move }': the amounts you may take are { $takes }
rules-subtraction-goal = '{ $move }': the heap has { $heap } and may not go below the goal { $goal }, so at most { $most } can be taken
rules-subtraction-parse = '{ $move }' is not a subtraction move: write the amount to take, like 2
rules-subtraction-take-one = '{ $move }': take at least one
rules-subtraction-no-take = parameter 'take': give at least one amount, like 1,2
rules-subtraction-goal-above = parameter 'goal': { $goal } is above the start size n={ $n }; the goal must be <= n

## Stones (the exam's heaps)

rules-stones-not-op = '{ $move }': { $op } is not an operation of this game; they are { $ops }
rules-stones-empty = '{ $move }': heap { $heap } is empty, so { $op } would leave the position unchanged
rules-stones-parse = '{ $move }' is not a stones move: write HEAP:OP, like 2:*2 or 1:+1
rules-stones-heap-number = '{ $move }': the heap number '{ $heap }' is not a whole number
rules-stones-from-one = '{ $move }': heaps are numbered from 1
rules-stones-op-parse = '{ $move }': '{ $op }' is not an operation; write +k, *k, -k or /k
rules-stones-no-heaps = parameter 'heaps': give at least one heap, like 7,30
rules-stones-op-bad = parameter 'ops': '{ $op }' is not an operation; write +k, *k, -k or /k, like +1,*2
rules-stones-op-range = parameter 'ops': '{ $op }' is out of range; k is at most { $most }
rules-stones-op-useless = parameter 'ops': '{ $op }' never changes a heap usefully; use +k/-k with k >= 1, *k or /k with k >= 2
rules-stones-no-ops = parameter 'ops': give at least one operation, like +1,*2
rules-stones-goal-bad = parameter 'goal': '{ $goal }' is not a goal; write 77, >=77 or <=19
rules-stones-goal-range = parameter 'goal': { $goal } is out of range; the goal is at most 10^12
rules-stones-ops-direction = parameter 'ops': { $ops } cannot go with goal { $goal }; that goal needs { $growing ->
    [yes] +k and *k (growing)
   *[no] -k and /k (shrinking)
}, so that every game ends
rules-stones-start-reached = parameter 'heaps': the start total { $total } already reaches the goal { $goal }
rules-stones-all-zero = parameter 'heaps': with only *k operations some heap must be > 0

## Kayles

rules-kayles-no-pin = '{ $move }': the pins are numbered 1..{ $pins }
rules-kayles-down = '{ $move }': { $count ->
    [1] that pin is
   *[other] both pins must be
} standing
rules-kayles-parse = '{ $move }' is not a throw: write a pin (5) or two neighbours (5-6)
rules-kayles-neighbours = '{ $move }' is not a throw: two pins must be neighbours, like 5-6
rules-kayles-start-bad = parameter 'start': '{ $part }' is not a pin or a range like 5-9
rules-kayles-start-outside = parameter 'start': '{ $part }' is outside the pins 1..{ $pins }
rules-kayles-start-none = parameter 'start': no pin stands; give at least one, like 1-5

## Coins

rules-coins-edge = '{ $move }': a coin of radius { $r } centred there would stick out over the edge; centres run { $first }..{ $last }, rows { $low }..{ $high }
rules-coins-taken = '{ $move }': there is already a coin on { $move }
rules-coins-overlap = '{ $move }': a coin there would overlap the coin on { $cell }
rules-coins-small = parameter '{ $param }': { $value } is smaller than one coin of radius { $r } ({ $side } x { $side } cells); make the table at least { $side } cells wide and high, or the radius smaller

## The piece to the corner ($piece: king, queen, rook or knight)

rules-corner-there = '{ $move }': the { $piece } is already there; a move must go somewhere
rules-corner-knight = '{ $move }': the knight on { $from } moves only by the jumps (-2,-1), (-1,-2), (-2,+1), (+1,-2) (towards a1)
rules-corner-towards = '{ $move }': the { $piece } on { $from } moves only towards a1 ({ $piece ->
    [king] one step left, down or diagonally down-left
    [queen] any distance left, down or diagonally down-left
    [rook] any distance left or down
   *[knight] by the jumps (-2,-1), (-1,-2), (-2,+1), (+1,-2)
})
rules-corner-how = '{ $move }': the { $piece } on { $from } moves { $piece ->
    [king] one step left, down or diagonally down-left
    [queen] any distance left, down or diagonally down-left
    [rook] any distance left or down
   *[knight] by the jumps (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}
rules-corner-one-step = '{ $move }': the king on { $from } moves only one step (one step left, down or diagonally down-left)
rules-corner-pass = '{ $move }': the { $piece } on { $from } cannot pass the blocked cell { $cell }
rules-corner-from = '{ $move }' is not a legal move from { $from }
rules-corner-start-goal = parameter 'start': { $cell } is already in the goal ({ $piece ->
    [knight] the corner a1, b1, a2, b2
   *[other] a1
}); start the piece farther from the corner
rules-corner-blocked-start = parameter 'blocked': { $cell } is the start cell; the piece must stand on it
rules-corner-blocked-goal = parameter 'blocked': { $cell } is a goal cell; the piece must be able to reach it
rules-corner-stuck = parameter 'start': the { $piece } has no legal move from { $cell } ({ $piece ->
    [king] one step left, down or diagonally down-left
    [queen] any distance left, down or diagonally down-left
    [rook] any distance left or down
   *[knight] by the jumps (-2,-1), (-1,-2), (-2,+1), (+1,-2)
}{ $blocked ->
    [yes] {" "}past the blocked cells
   *[no] {""}
}); the game would be over before it starts

## The pawn

rules-pawn-step = '{ $move }': the pawn on { $from } moves one cell right ({ $right }) or up ({ $up })
rules-pawn-payoffs-count = parameter 'payoffs': give exactly size={ $size } numbers, one per diagonal cell from the top-left to the bottom-right corner (got { $count })
rules-pawn-payoffs-finite = parameter 'payoffs': { $value } is not a finite number

## m,n,k and gomoku

rules-mnk-occupied = '{ $move }': the cell is occupied by { $symbol }
rules-mnk-k = parameter 'k': { $k } stones cannot fit in a row on a { $w }x{ $h } board; allowed: 1..{ $most }
rules-gomoku-no-choice = '{ $move }': there is no colour to choose now; place a stone on an empty cell
rules-gomoku-not-a-choice = '{ $move }' is not a choice here; choose one of: { $choices }
rules-gomoku-choose-first = '{ $move }': seat { $seat } must first choose: { $choices }
rules-gomoku-occupied = '{ $move }': the cell is occupied by a { $colour ->
    [black] black
   *[white] white
} stone
rules-gomoku-forbidden = '{ $move }' is forbidden for black under renju: { $kind } ({ $kind ->
    [overline] it makes six or more in a row
    [double-four] it makes two fours at once
   *[double-three] it makes two threes at once
})

## Pursuit ($evader: yes for the evader, else pursuer P$n)

rules-pursuit-there = '{ $move }': { $evader ->
    [yes] the evader
   *[no] P{ $n }
} is already there; every figure must step to a neighbouring cell
rules-pursuit-not-next = '{ $move }' is not next to { $evader ->
    [yes] the evader
   *[no] P{ $n }
} on { $cell }; a figure steps to one of its 8 neighbours
rules-pursuit-starts-count = parameter 'starts': give { $seats } cells (the { $pursuers ->
    [1] pursuer
   *[other] { $pursuers } pursuers
} then the evader), not { $count }
rules-pursuit-start-blocked = parameter 'starts': { $cell } ({ $evader ->
    [yes] the evader
   *[no] pursuer P{ $n }
}) is blocked
rules-pursuit-starts-same = parameter 'starts': two figures start on { $cell }
rules-pursuit-start-stuck = parameter 'starts': { $cell } ({ $evader ->
    [yes] the evader
   *[no] pursuer P{ $n }
}) has no open neighbour, so that figure could never move
rules-pursuit-region = parameter 'obstacles': the largest open region has { $cells } cell(s), too few for { $seats } figures that must be able to move; give fewer obstacles or a bigger board

## Minesweeper

rules-mines-bad-move = '{ $move }' is not a minesweeper move on this board
rules-mines-flagged = '{ $move }': { $cell } is already flagged as a mine
rules-mines-revealed = '{ $move }': { $cell } is already revealed (it shows { $n })
rules-mines-no-flags = '{ $move }': no flags before the first reveal (the mines are laid when the first cell opens)
rules-mines-parse = '{ $move }' is not a minesweeper move: write 'r CELL' to reveal or 'f CELL' to flag, like 'r e5'
rules-mines-too-many = parameter 'mines': { $mines } mines do not fit a { $w }x{ $h } board with a safe first reveal; at most { $most }
rules-mines-layout = layout: { $count } distinct mine cells given, the game has { $mines }

## A game and its parameters ($kind and its bounds: what the parameter allows)

rules-unknown-game = unknown game '{ $name }'; games are: { $names }
rules-unknown-param = { $game }: unknown parameter '{ $param }'; parameters are: { $params }
rules-param-needs-value = parameter '{ $param }' needs a value ({ $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] integer { $lo }..{ $hi }
    [ints] comma-separated list of at most { $most } integers { $lo }..{ $hi }
    [nums] comma-separated list of at most { $most } numbers { $lo }..{ $hi }
    [strs] comma-separated list of at most { $most } items of at most { $length } characters
    [cell] a cell such as c5
    [cells] at most { $most } cells separated by ';' such as c3;d4
   *[str] text of at most { $length } characters
})
rules-param-not-valid = parameter '{ $param }': { $value } is not valid; allowed: { $kind ->
    [choice] { $choices }
    [bool] true | false
    [int] integer { $lo }..{ $hi }
    [ints] comma-separated list of at most { $most } integers { $lo }..{ $hi }
    [nums] comma-separated list of at most { $most } numbers { $lo }..{ $hi }
    [strs] comma-separated list of at most { $most } items of at most { $length } characters
    [cell] a cell such as c5
    [cells] at most { $most } cells separated by ';' such as c3;d4
   *[str] text of at most { $length } characters
}
rules-param-not-one-of = parameter '{ $param }': { $value } is not one of { $choices }
rules-param-out-of-range = parameter '{ $param }': { $value } is out of range; allowed: { $kind ->
    [choice] { $choices }
    [ints] comma-separated list of at most { $most } integers { $lo }..{ $hi }
    [nums] comma-separated list of at most { $most } numbers { $lo }..{ $hi }
   *[int] integer { $lo }..{ $hi }
}
rules-param-too-large = parameter '{ $param }': { $value } is too large; allowed: text of at most { $length } characters
rules-param-not-finite = parameter '{ $param }': { $value } is not a finite number
rules-param-not-a-cell = parameter '{ $param }': { $value } is not a cell; allowed: { $kind ->
    [cells] at most { $most } cells separated by ';' such as c3;d4
   *[cell] a cell such as c5
}
rules-param-too-long = parameter '{ $param }': { $count } characters is too long; allowed: { $kind ->
    [strs] comma-separated list of at most { $most } items of at most { $length } characters
   *[str] text of at most { $length } characters
}
rules-param-too-many = parameter '{ $param }': { $count } items is too many; allowed: { $kind ->
    [ints] comma-separated list of at most { $most } integers { $lo }..{ $hi }
    [nums] comma-separated list of at most { $most } numbers { $lo }..{ $hi }
    [strs] comma-separated list of at most { $most } items of at most { $length } characters
   *[cells] at most { $most } cells separated by ';' such as c3;d4
}

## A room's refusals ($room: the room's id; $who: a player's name, or with $who_bot a hosted bot's)

rules-room-already-seated = you already hold seat { $seat }
rules-room-ended = room { $room } has ended
rules-room-started = the game in room { $room } has started; spectate instead
rules-room-private = room { $room } is private: join with its code
rules-room-no-such-seat = seat { $seat }: seats are 0..{ $last }
rules-room-seat-taken = seat { $seat } is taken
rules-room-seat-invite = seat { $seat } is invite-only: join with the code
rules-room-seats-invite = the free seats are invite-only: join with the code
rules-room-full = room { $room } has no free seat
rules-room-no-seat-held = you hold no seat in room { $room }
rules-room-unknown = no room { $room } (private rooms need their code)
rules-room-not-in = you neither sit in nor watch this room
rules-room-stale = move '{ $move }' was made at ply { $ply }, but the game is at ply { $now }
rules-room-not-your-turn = it is { $who }'s turn, not yours
rules-room-seats-turn = it is seat { $seat }'s turn, not yours
rules-room-nobody-to-move = it is nobody's turn, not yours
rules-room-time-ran-out = your time ran out
rules-room-failure-without-timeout = resign: failure is given only with timeout
rules-room-rematch-later = a rematch can be asked for after the game
rules-room-chat-outsider = only players and spectators of a room talk in it
rules-room-not-started = the game has not started: seats are still free
rules-room-over = the game is over ({ $reason })
rules-room-no-draw-offer = no draw offer is pending
rules-room-no-draws = { $game } cannot end in a draw
rules-room-bots-play-on = bots do not accept draws: play on
rules-room-seats-count = seats: { $game } with these parameters has { $seats } seats, but { $count } were described
rules-room-bot-level = seats[{ $i }]: bot level '{ $level }' is not one of { $levels }
rules-room-level-for-bots = seats[{ $i }]: a level is only for bot seats
rules-room-seat-kind = seats[{ $i }]: kind '{ $kind }' is not open, invite or bot
rules-room-opening-over = opening: the game is over before move { $n } '{ $move }'
rules-room-opening-illegal = opening: move { $n } '{ $move }' is illegal
rules-room-opening-ends = opening: it ends the game, leaving nothing to play
rules-room-secret = { $param }: in a { $game } game between { $seats } seats the server draws the secret { $param } itself (whoever chose it would know the hidden layout); leave it out
rules-room-time-control = { $field ->
    [increment_s] time_control.increment_s: the increment is 0 to 3600 seconds
   *[initial_s] time_control.initial_s: the starting time is above 0 and at most 86400 seconds
}

## A clock as written (protocol.parse_time_control; $text: what was written)

rules-clock-how = clock '{ $text }': write MINUTES+SECONDS like 5+2 (5 minutes, 2 s a move), 30s+1 for seconds, or leave it blank for no clock
rules-clock-hours = clock '{ $text }' would be { $hours } hours: write { $base }s+{ $inc } for { $base } seconds (or { $base }m+{ $inc } if you mean minutes)
rules-clock-start = clock '{ $text }': the starting time is above 0 and at most 1440 minutes (24 h)
rules-clock-increment = clock '{ $text }': the increment is 0 to 3600 seconds
