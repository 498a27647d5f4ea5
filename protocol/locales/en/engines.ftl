# The words of `grundy gomocup-bot` and `grundy pbrain` (help, refusals, an engine's failures) and the CLI's
# leftovers (admin's table heads and examples, metavars): eng-...
# argparse's own words, for every command: args-... (the English is argparse's own, word for word: it is how
# argparse's words are found; a $-argument is a value argparse puts in, quoted as it quotes it).

# argparse
args-usage = usage:
args-positional = positional arguments
args-options = options
args-help = show this help message and exit
args-version = show program's version number and exit
args-argument = argument { $name }: { $message }
args-required = the following arguments are required: { $names }
args-one-required = one of the arguments { $names } is required
args-expected-one = expected one argument
args-expected-at-most-one = expected at most one argument
args-expected-at-least-one = expected at least one argument
args-expected-n = expected { NUMBER($n) } { $n ->
        [one] argument
       *[other] arguments
    }
args-unrecognized = unrecognized arguments: { $args }
args-not-allowed-with = not allowed with argument { $name }
args-ignored-value = ignored explicit argument { $value }
args-ambiguous = ambiguous option: { $option } could match { $matches }
args-unexpected-option = unexpected option string: { $option }
args-invalid-value = invalid { $type } value: { $value }
args-invalid-choice = invalid choice: { $value } (choose from { $choices })
args-unknown-command = unknown parser { $name } (choices: { $choices })

# metavars of options (a placeholder a user replaces; the literal words in them are values: human, bot, open)
eng-metavar-vs = human|bot:LEVEL
eng-metavar-vs-open = bot:LEVEL|open
eng-metavar-hosts = HOST:PORT,...
eng-metavar-lang = TAG
eng-metavar-command = COMMAND
eng-metavar-level = LEVEL
eng-metavar-name = NAME
eng-metavar-secret = SECRET
eng-metavar-code = CODE
eng-metavar-set = KEY=VALUE
eng-metavar-clock = MIN+SEC
eng-metavar-path = PATH
eng-metavar-game = GAME
eng-metavar-ms = MS
eng-metavar-spec = SPEC
eng-metavar-s = S
eng-metavar-seconds = SECONDS
eng-metavar-min-inc = MIN+INC
eng-metavar-room = ROOM
eng-metavar-moves = "M1 M2 ..."
eng-metavar-seat = SEAT|spectator
eng-metavar-brain = PATH_TO_BRAIN
eng-metavar-node = NODE
eng-metavar-mb = MB
eng-metavar-range = LO..HI
eng-metavar-lang-name = LANG
eng-metavar-levels = L1,L2,...
eng-metavar-openings = FILE|builtin[:NAME]
eng-metavar-dir = DIR
eng-metavar-cell = CELL
eng-metavar-action = ACTION

# grundy gomocup-bot: its help
eng-gomocup-help = run a Gomocup-protocol gomoku engine as a bot
eng-gomocup-about = Run a gomoku engine that speaks the Gomocup AI protocol (START, BEGIN, TURN, BOARD, INFO, ABOUT, END) as a bot on a grundy node.  By default it answers challenges: it takes the free seat of any waiting gomoku room (without a swap opening) where someone sits; --tournament ID enters a tournament and plays all its games.  Its time limits come from the room's clock; an engine that crashes or stays silent past its time loses the game on time.
eng-gomocup-help-brain = the engine program (a .py file runs with this Python)
eng-gomocup-help-server = node URL (default ws://127.0.0.1:8765); several nodes of a cluster, comma separated or --server repeated: the engine's games go on on another when its node is gone
eng-gomocup-help-name = display name (default: the engine's ABOUT name and version)
eng-gomocup-help-secret = the registered player's secret (default: the one grundy register saved)
eng-gomocup-help-room = join this room id
eng-gomocup-help-code = join the room with this join code
eng-gomocup-help-vs = create a gomoku room against a hosted bot
eng-gomocup-help-quick = queue for a quick match
eng-gomocup-help-tournament = enter this gomoku tournament and play it to the end
eng-gomocup-help-seat = the seat to take (0 plays black)
eng-gomocup-help-set = gomoku parameter for --vs/--quick, e.g. --set size=19 --set rule=renju
eng-gomocup-help-clock = time control for --vs/--quick: 5+2 is 5 minutes and 2 s a move, 30s+1 30 seconds and 1 s a move
eng-gomocup-help-games = stop after N games
eng-gomocup-help-turn-ms = thinking time per move in untimed games (default { NUMBER($ms) })
eng-gomocup-help-memory = INFO max_memory for the engine (0: no limit)
eng-gomocup-help-openings = vary: over --games, alternate colours and play the engine's first stone from a list of openings (each opening with both colours); engine: every move is the engine's (default vary)
eng-gomocup-help-verbose = log what the bot does and the engine's MESSAGE/DEBUG lines

# an engine's failures (the bridge: client/gomocup.py); $who is one of the eng-who- messages
eng-who-engine = the engine
eng-who-brain = the brain
eng-who-brain-for = the brain for { $room }
eng-off-board = { $x },{ $y } is off the { $size }x{ $size } board (coordinates run 0..{ $last })
eng-not-a-move = the brain answered { $line }, not a move x,y
eng-hidden-move = move { $n } is hidden; gomoku has no hidden moves
eng-cannot-start = { $who }: cannot start { $program }: { $error }
eng-start-refused = { $who } answered { $answer } to START { $size }, not OK
eng-answered = { $who } answered { $line } to { $command }
eng-not-started = { $who } was not started
eng-exited = { $who } exited (code { $code })
eng-exited-saying = { $who } exited (code { $code }): { $said }
eng-silent = { $who } did not answer { $command } within { NUMBER($seconds, minimumFractionDigits: 2) } s
eng-tournament-refused = tournament { $tournament } plays { $game } with { $params }: a Gomocup engine plays gomoku without a swap opening only

# grundy pbrain: its help
eng-pbrain-help = play as a Gomocup brain (the Gomocup AI protocol on stdin/stdout) for Piskvork and other managers
eng-pbrain-about = Run grundy's gomoku engine as a Gomocup brain: it reads the Gomocup AI protocol (START, RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD, TAKEBACK, ABOUT, END) on stdin and answers on stdout.  Gomoku rules (freestyle, standard, renju, caro) on 15x15 and 19x19; freestyle five in a row on other sizes.
eng-pbrain-help-level = bot level: random, easy, medium, hard or max (default max)
eng-pbrain-help-seed = seed for the bot's random choices (default: fresh)
# what the brain says after the protocol's UNKNOWN, ERROR and DEBUG (a manager shows it to its user)
eng-brain-unknown = { $word } is not a command of this brain
eng-brain-failed = the brain failed: { $error }
eng-brain-size = unsupported size { $width }x{ $height }: boards from 5 to 52 cells a side
eng-brain-begin-not-empty = BEGIN on a board that is not empty
eng-brain-taken = { $cell } is taken
eng-brain-no-stone = no stone on { $cell } to take back
eng-brain-twice = BOARD names { $cell } twice
eng-brain-board-line = BOARD line { $line } is not x,y,field
eng-brain-board-field = BOARD field { $field } is not 1, 2 or 3
eng-brain-no-board = no board yet: send START first
eng-brain-off-board = { $cell } is off the { $width }x{ $height } board
eng-brain-rule-size = rule { $rule } needs a 15x15 or 19x19 board; { $width }x{ $height } plays freestyle only
eng-brain-not-its-turn = { NUMBER($own) } own and { NUMBER($theirs) } opponent's stones: it cannot be the brain's turn
eng-brain-over = the game is over on this board
eng-brain-not-a-number = { $what } { $value } is not a number
# the DEBUG line before each move: the level, how the move was found (the solver's words), the search's size
eng-brain-note = { $level } { $how }, depth { NUMBER($depth) }, { NUMBER($nodes) } { $nodes ->
        [one] node
       *[other] nodes
    }

# grundy solve: a rule and the exact search disagree (a defect to report)
eng-solve-internal = internal error: the rule { $rule } says { $said }, the exact search { $searched }

# grundy admin: the heads of its tables (--json prints the node's own keys)
eng-admin-head-node = NODE
eng-admin-head-address = ADDRESS
eng-admin-head-status = STATUS
eng-admin-head-uptime = UPTIME
eng-admin-head-connections = CONNECTIONS
eng-admin-head-sessions = SESSIONS
eng-admin-head-rooms-live = ROOMS LIVE
eng-admin-head-rooms-ended = ROOMS ENDED
eng-admin-head-leases = LEASES
eng-admin-head-room = ROOM
eng-admin-head-game = GAME
eng-admin-head-state = STATE
eng-admin-head-ply = PLY
eng-admin-head-seats = SEATS
eng-admin-head-watching = WATCHING
eng-admin-head-created = CREATED (UTC)
eng-admin-head-player = PLAYER
eng-admin-head-since = SINCE (UTC)
eng-admin-head-reason = REASON
eng-admin-no-answer = no answer
eng-admin-leases = { NUMBER($rooms) } { $rooms ->
        [one] room
       *[other] rooms
    }, { NUMBER($tournaments) } { $tournaments ->
        [one] tournament
       *[other] tournaments
    }
eng-admin-seat-free = (free)
eng-admin-seat-away = { $name } (away)
eng-admin-node-status = node { $node }: { $status }
# grundy admin --help: its examples (each command as typed, its reason in the language, and what it does)
eng-admin-examples = examples (NODE is any node: in cluster mode it answers for the whole cluster):
eng-admin-examples-end = Tables for people by default; --json prints the node's JSON answer.  See docs/OPERATIONS.md.
eng-admin-ex-secret = export { $env }=...
eng-admin-ex-secret-does = the nodes' secret (never on a command line)
eng-admin-ex-nodes = grundy admin nodes { $node }
eng-admin-ex-nodes-does = every node: its address (for drain), rooms, connections
eng-admin-ex-rooms = grundy admin rooms { $node } --player ann --state playing
eng-admin-ex-rooms-does = the rooms where ann is playing now
eng-admin-ex-abort = grundy admin abort { $node } ROOM --reason "server maintenance"
eng-admin-ex-abort-does = end a room without a result
eng-admin-ex-kick = grundy admin kick { $node } NAME --reason "flooding the chat"
eng-admin-ex-kick-does = close a player's connections
eng-admin-ex-ban = grundy admin ban { $node } NAME --reason "cheating"
eng-admin-ex-ban-does = ban a player (unban NODE NAME lifts it; bans NODE lists them)
eng-admin-ex-drain = grundy admin drain { $node }
eng-admin-ex-drain-does = stop a node, its rooms handed over
