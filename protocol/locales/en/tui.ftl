# The terminal client's lobby in English: its tabs, buttons, fields, column heads and help lines
# (client/tui/app.py, players.py, tournaments.py).

## The tabs
tui-lobby-tab-new = New game (F4)
tui-lobby-tab-rooms = Rooms (F4)
tui-lobby-tab-tournaments = Tournaments (F8)
tui-lobby-tab-players = Players (F9)
tui-lobby-tab-games = Games (F10)

## The room maker
tui-lobby-params = params
tui-lobby-clock = clock
tui-lobby-vs = vs
tui-lobby-clock-placeholder = min+sec, e.g. 5+2 or 30s+1; blank: untimed
tui-lobby-private = private
tui-lobby-rated = rated
tui-lobby-btn-create = F2 Create room
tui-lobby-btn-quick = F3 Quick match
tui-lobby-vs-bot = bot ({ $level })
tui-lobby-vs-human = human (open seat)
tui-lobby-vs-invite = human (invite code: anyone who has it)
tui-lobby-help-new = ↑↓ choose a game, Enter creates its room; Tab moves to the settings; F11 its desk, F12 puzzles, F1 help

## Rooms, tournaments, players, games
tui-lobby-btn-refresh = F5 Refresh
tui-lobby-btn-join = F6 Join
tui-lobby-btn-watch = F7 Watch
tui-lobby-code = code
tui-lobby-code-placeholder = a code or room id: F6 joins, F7 watches
tui-lobby-help-rooms = ↑↓ choose a room, Enter joins it; a typed code goes before the list
tui-lobby-help-tournaments = ↑↓ choose a tournament, Enter or F6 opens it (standings, games); F2 makes one
tui-lobby-help-players = ↑↓ choose a player, Enter or F6 challenges them to a game
tui-lobby-player = player
tui-lobby-player-placeholder = a registered name, or bot:LEVEL
tui-lobby-game = game
tui-lobby-game-placeholder = blank: every game
tui-lobby-help-games = Enter lists a player's games; ↑↓ choose one, Enter or F7 opens it; [ newer, ] older

## Column heads
tui-col-room = room
tui-col-game = game
tui-col-clock = clock
tui-col-seats = seats
tui-col-status = status
tui-col-state = state
tui-col-name = name
tui-col-format = format
tui-col-entrants = entrants
tui-col-round = round
tui-col-player = player
tui-col-kind = kind
tui-col-where = where
tui-col-ratings = ratings
tui-col-ended = ended (UTC)
tui-col-players = players
tui-col-result = result
tui-col-moves = moves

## Challenging a player (client/tui/players.py)
tui-challenge-title = Challenge { $name }
tui-challenge-send = Challenge (Enter)
tui-challenge-cancel = Cancel (Esc)
tui-challenge-accept = Accept (y)
tui-challenge-decline = Decline (n, Esc)
tui-challenge-no-game = choose a game

## A tournament's page (client/tui/tournaments.py)
tui-tournament-title = tournament { $id }
tui-tournament-round = { $rounds ->
        [0] round { $n }
       *[other] round { $n } of { $rounds }
    }: F6 or Enter watches a game
tui-tournament-no-round = no round yet: the games are paired when its creator starts it
tui-tcol-place = #
tui-tcol-player = player
tui-tcol-kind = kind
tui-tcol-points = pts
tui-tcol-games = g
tui-tcol-wdl = w-d-l
tui-tcol-tiebreak = tb
tui-tcol-rating = rating
tui-tcol-change = change here
tui-tcol-board = bd
tui-tcol-game = game
tui-tcol-players = players
tui-tcol-result = result
tui-tcol-room = room

## `grundy show`: a move that cannot be played (cli/games.py)
tui-show-refused = move { $n }: '{ $move }': { $why }
tui-show-unreadable = not a move in this game's notation (legal here: { $moves })
tui-show-illegal = not a legal move in this position (legal here: { $moves })
tui-show-no-moves = none, the game is over
tui-show-refused-told = move { $n }: { $why }

## `grundy show`: the heap games' pictures (cli/games.py; in English the rules' own)
tui-show-nim = { $game }{ $misere ->
        [yes] {" "}(misère)
       *[no] {""}
    }
tui-show-heap = heap { $n }
tui-show-the-heap = heap
tui-show-total = total
tui-show-subtraction = { $game }: take { $take }, goal { $goal } ({ $rule })
tui-show-stones = { $game }: ops { $ops }, goal { $goal } ({ $rule })

## The terminal's heap boards (client/tui/board.py)
tui-board-nim = nim ({ $misere ->
        [yes] misère: who takes the last object loses
       *[no] who takes the last object wins
    })
tui-board-subtraction = subtraction: take { $take }; goal { $goal } ({ $rule })
tui-board-stones = stones: total { $total }, goal { $goal } ({ $rule })

## A new tournament (client/tui/tournaments.py)
tui-newt-title = New tournament
tui-newt-format = format
tui-newt-rounds = rounds
tui-newt-rounds-placeholder = swiss only, 1-256
tui-newt-gpp = games/pairing
tui-newt-bots = bots
tui-newt-bots-placeholder = hosted bots by level, e.g. easy,max
tui-newt-create = Create (Enter)
tui-newt-withdraw = Withdraw from { $name }? A game you are playing is resigned and your later games are lost by forfeit.
tui-newt-swiss-rounds = rounds: a swiss tournament needs its number of rounds (1-256)
tui-newt-no-rounds = rounds: only a swiss tournament takes a number of rounds ({ $format } plays them all)
tui-newt-bad-level = bots: { $level } is not a level; write some of { $levels }
tui-newt-many-bots = bots: at most { $most } hosted bots
tui-newt-not-whole = { $field }: { $given } is not a whole number ({ $low }-{ $high })
tui-newt-out-of-bounds = { $field }: { $given } is out of bounds ({ $low }-{ $high })

## The terminal's analysis board (client/tui/analysis.py)
tui-an-placeholder = what if: a move from here, Enter (F5)
tui-an-help = ←/→ step · Home/End · a move in the list · Esc back
tui-an-what-if-banner = WHAT IF (F4: back to the game)
tui-an-title = analysis · { $game } · move { $ply } of { $plies }
tui-an-to-move = { $name } to move
tui-an-the-end = the end
tui-an-tree-after = { $game } after { $moves }
tui-an-tree-start = { $game } at the start
tui-an-not-here = not here: { $why }
tui-an-what-if = what if { $move }: F4 goes back to the game's line

## The lobby's status line (client/tui/app.py)
tui-lobby-no-room-join = no room { $code } to join on this server: check the code or the room id
tui-lobby-no-room-watch = no room { $code } to watch on this server: check the room id (or a private room's code)
tui-lobby-unreachable = cannot reach { $url }: { $why }
tui-lobby-connected = connected to { $url } as { $name }
tui-lobby-link-over = the connection is over: { $why }
tui-lobby-queued = waiting in the quick-match queue for { $game }... (Esc leaves it)
tui-lobby-done-enter = you have entered: { $name }
tui-lobby-done-withdraw = you have withdrawn: { $name }
tui-lobby-done-start = it has started: { $name }
tui-lobby-done = { $verb }: { $name }
tui-lobby-tournament-open = { $name } is open for entries: F2 enters, F4 starts it

## The lobby's answers to a key pressed with nothing chosen
tui-say-type-name = type a player's name (a registered one, or bot:LEVEL)
tui-say-no-older = no older games
tui-say-newest = these are the newest games
tui-say-no-tournament = no tournament chosen: F2 makes one, F5 refreshes the list
tui-say-no-player = no player chosen: F5 refreshes the list
tui-say-that-is-you = that is you (on this or another device): choose someone else to challenge
tui-say-choose-game = choose a game first
tui-say-no-game = no game chosen: type a player's name and Enter lists their games
tui-say-no-room = no room chosen: F5 refreshes the list, or type a code
tui-say-no-room-game = choose a game that has a room (a pending game has none yet)

## Keys of the dialogs (the keys panel)
tui-key-cancel = cancel
tui-key-back = back
tui-key-open-node = open position
tui-key-deeper = deeper
tui-key-answer-true = accept
tui-key-answer-false = decline
