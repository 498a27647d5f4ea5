# The CLI's own words of the commands a user meets beside the games (serve, register, leaderboard, ...): cmd-...
# A command's help (`grundy serve --help`) is its cmd-<command>-help-... messages.

# shared by the commands
cmd-cannot-reach = cannot reach { $where }: { $why }
cmd-help-game = game name (see `grundy games`)
cmd-help-set = a game parameter, e.g. --set heaps=3,4,5 (repeatable)
cmd-help-moves = moves to play from the start, separated by spaces (or commas when a move has a space)
cmd-bad-server = --server: { $why }

# grundy serve: what it says when it starts, and why it refuses to
cmd-serving = grundy serving on ws://{ $host }:{ $port }/ (health: http://{ $host }:{ $port }/health)
cmd-in-a-browser = play in a browser: http://{ $host }:{ $port }/ (a room's join link: /r/CODE)
cmd-cluster-mode = cluster mode: node { $node } on { $where }
cmd-cluster-mode-acked = cluster mode: node { $node } on { $where } (moves acknowledged once { NUMBER($replicas) } { $replicas ->
        [one] replica holds them
       *[other] replicas hold them
    })
cmd-cluster-bus = publish/subscribe on { $where }
cmd-admin-on = administration on: grundy admin (nodes, rooms, abort, kick, ban, drain, ...), with the same secret in GRUNDY_ADMIN_SECRET
cmd-port-busy = cannot serve on { $host }:{ $port }: { $why }
cmd-serve-bad-port = --port { $port }: a port is 0..65535
cmd-serve-bad-workers = --workers { $n }: at least one worker is needed
cmd-serve-bad-grace = --grace { $s }: the grace period must be positive
cmd-serve-db-and-redis = --db and { $flag }: a cluster node keeps everything in Redis; give one of them
cmd-serve-bots-redis = --bots redis: bot workers are reached through the cluster's Redis; give --redis URL too
cmd-serve-bad-public-url = --public-url { $url }: give a URL such as ws://game1.example.org:8765/
cmd-serve-bad-leave-grace = --leave-grace { $s }: 0..600 seconds
cmd-serve-bad-lease = --lease-ms { $ms }: a lease is 300..600000 ms
cmd-serve-short-secret = { $env }: an admin secret has at least { NUMBER($n) } { $n ->
        [one] character
       *[other] characters
    }
cmd-serve-no-redis = cannot use Redis at { $where }: { $why }
cmd-serve-no-bus = cannot use the bus's Redis at { $where }: { $why }

# grundy serve --help
cmd-serve-help = run a grundy server node (alone, or in a cluster with --redis)
cmd-serve-help-host = address to listen on (default 127.0.0.1; 0.0.0.0 for all)
cmd-serve-help-port = port for websockets and GET /health (default 8765)
cmd-serve-help-db = store file (default { $path })
cmd-serve-help-workers = bot worker processes (default: one per core)
cmd-serve-help-grace = seconds a disconnected player has to come back
cmd-serve-help-lease = cluster mode: how long a room stays with a node that stopped renewing it (default 3000)
cmd-serve-help-node-id = cluster mode: this node's name (default: random)
cmd-serve-help-public-url = cluster mode: where clients reach this node (ws://HOST:PORT/ or wss://...), told to every client so it can resume on this node when its own is gone (default: ws://HOST:PORT/ from --host and --port)
cmd-serve-help-leave-grace = cluster mode: when this node stops (SIGTERM, grundy admin drain), how long its clients have to move to the other nodes while it carries their requests; 0 closes their connections at once (default 10)
cmd-serve-help-bots = cluster mode: bot moves by this node's own workers (local, the default) or by `grundy bots` workers anywhere, through Redis (redis)
cmd-serve-help-log-level = how much the node logs (default info)
cmd-serve-help-log-format = text for people (default), or json: one object a line (time, level, logger, message, and the node, room and session it concerns)

# --redis and its companions (grundy serve, grundy bots)
cmd-redis-help = cluster mode: share this Redis (redis://HOST:PORT/DB) with other nodes instead of a store file
cmd-redis-help-sentinel = cluster mode with a replicated Redis: the Sentinels that name its primary (instead of --redis; with --redis-master)
cmd-redis-help-master = the name the Sentinels monitor the primary by (sentinel monitor NAME ...)
cmd-redis-help-replicas = a move is acknowledged once N replicas hold it (Redis WAIT; default 1 with --redis-sentinel, 0 with --redis; 0: once the primary has it)
cmd-redis-help-wait = how long a move may wait for the replicas (default { $ms }); a move they do not acknowledge in time is answered 'unavailable' and not broadcast
cmd-redis-help-bus = cluster mode: carry the frames and requests between the nodes (publish/subscribe) on this Redis (redis://HOST:PORT/DB) instead of the store's; it keeps nothing, so it needs no append-only file, and a move's frames then wait for no fsync (docs/STORE.md)
cmd-redis-both = --redis and --redis-sentinel: give one of them (a URL, or the Sentinels that name the primary)
cmd-redis-no-master = --redis-sentinel: give --redis-master NAME too (the name the Sentinels monitor the primary by)
cmd-redis-no-sentinel = --redis-master: it names the primary to the Sentinels; give --redis-sentinel HOST:PORT,... too
cmd-redis-bad-url = { $flag } { $url }: give a URL such as { $example }
cmd-redis-bad-sentinel = --redis-sentinel { $value }: { $why }
cmd-redis-needed = give --redis URL, or --redis-sentinel HOST:PORT,... with --redis-master NAME
cmd-redis-replicas-alone = { $flag }: replicas are a cluster's (give --redis or --redis-sentinel too)
cmd-redis-bad-replicas = --redis-replicas { $n }: give 0..16
cmd-redis-bad-wait = --redis-wait-ms { $ms }: give 10..{ $most } ms

# grundy register
cmd-register-help = register a player name (lasting ratings and history)
cmd-register-about = Register NAME on a node: you become a player whose ratings, history and tournament entries last from one connection to the next. The node makes a secret and shows it once; it is saved in players.json in your grundy folder ($GRUNDY_CONFIG_DIR, else ~/.config/grundy; readable by you only), and grundy play, bots and the Gomocup bridge use it whenever they connect to that node as NAME. Names are 1-32 letters, digits, _ . or -, unique without regard to case.
cmd-register-help-name = the player name
cmd-register-help-server = node URL (default { $url }); several nodes of one cluster, comma separated or --server repeated: registered on the first that answers, the secret saved for each
cmd-register-bad-name = name { $name }: a player name is 1-32 letters, digits, _ . or -, starting with a letter or digit
cmd-register-not-saved = registered { $name }, but its secret could not be saved: { $why }
cmd-register-secret-once = secret (shown once; keep it): { $secret }
cmd-registered = registered { $name } on { $url }
cmd-register-saved = secret saved in { $path }
cmd-register-secret = secret (shown once; to play as { $name } elsewhere, copy it there): { $secret }
cmd-refused = { $code }: { $message }

# grundy leaderboard
cmd-leaderboard-help = the best rated players of a game
cmd-leaderboard-about = List the best Glicko-2 ratings of a game family (the catalog name, whatever its parameters) on a node, as rating ± 2·RD (the interval the player's strength lies in), with ? after a provisional rating (deviation above 110: the first games, or after a long absence). Hosted bots are listed as bot:LEVEL.
cmd-leaderboard-help-server = node URL (default { $url }); several nodes of one cluster, comma separated or --server repeated: the first that answers
cmd-leaderboard-help-top = how many players, 1-{ $most } (default 20)
cmd-leaderboard-bad-top = --top { $n }: give 1 to { $most }
cmd-leaderboard-head = { $game } leaderboard on { $url }
cmd-leaderboard-empty = nobody has played a rated game of it yet
cmd-col-rank = rank
cmd-col-player = player
cmd-col-rating = rating
cmd-col-games = games
cmd-redis-bus-alone = --redis-bus: the bus carries a cluster's frames between its nodes (give --redis or --redis-sentinel too)

# grundy bots
cmd-bots-help = run hosted-bot workers for a cluster's nodes (they take jobs from Redis)
cmd-bots-help-workers = worker processes (default: one per core)
cmd-bots-help-levels = only jobs at these levels (random, easy, medium, hard, max; default: all), e.g. --levels max
cmd-bots-help-claim = a job whose worker has been silent this long is taken by another (default 1500)
cmd-bots-unknown-levels = unknown { $levels }
cmd-bots-no-level = no level given
cmd-bots-bad-levels = --levels { $value }: { $why }; levels are: { $levels }
cmd-bots-bad-claim = --claim-ms { $ms }: give 100..600000 ms
cmd-bots-working = grundy bots: { NUMBER($n) } { $n ->
        [one] worker
       *[other] workers
    } on { $where } for levels { $levels }

# grundy games, show, analyze
cmd-help-json = machine-readable output
cmd-games-help = list every game with its parameters
cmd-games-alias = { $name }  (= { $of } with its defaults)
cmd-games-seats = { $name }  ({ $seats } seats)
cmd-games-none = none
cmd-games-default = default { $value }
cmd-show-help = play moves and print the position, legal moves and result
cmd-show-help-as = show the position as that seat (0, 1, ...) or a spectator sees it (default: everything)
cmd-analyze-help = the value of every cell: outcome and K, Grundy value, price, capture time
cmd-analyze-about = corner (2 players): win/loss in K and the Grundy value of every cell, with the king's parity rule, rook = 2-heap Nim and queen = Wythoff checked; pawn: the price of every cell; pursuit with one pursuer: the capture time from every pair of cells.
cmd-analyze-help-pursuer = pursuit: draw the board for the pursuer on this cell (default: its start)
cmd-analyze-help-json = machine-readable output: JSON, the value of each cell under "cells"

# grundy export
cmd-export-help = export finished game records from the store
cmd-export-about = Write the records of finished (and aborted) games: JSON lines, readable text, a PGN-like text with tags, or Piskvork .psq files for gomoku (docs/RECORDS.md).
cmd-export-help-room = only this room
cmd-export-help-all = every game of the store that has ended, finished or aborted, oldest first (the default)
cmd-export-help-format = jsonl (default): one JSON record a line; text: readable; pgn: PGN-like tags and moves; psq: gomoku games for Gomocup tools (Piskvork), one file each in --out
cmd-export-help-out = psq: the folder to write ROOM.psq files into
cmd-export-help-db = store file (default { $path }); only read, never changed
cmd-export-db-and-redis = --db and --redis/--redis-sentinel: give one of them (a node's store file, or a cluster's Redis)
cmd-export-psq-out = --format psq writes one file per game: give --out DIR (or --room ID to print one game)
cmd-export-out-psq = --out is for --format psq (the other formats go to standard output)
cmd-export-not-psq = room { $room } is a { $game } game: .psq holds gomoku games only
cmd-export-no-room = no room { $room } in { $where }
cmd-export-no-room-cluster = no room { $room } in the cluster
cmd-export-wrote = wrote { NUMBER($n) } gomoku { $n ->
        [one] game
       *[other] games
    } to { $path } ({ NUMBER($skipped) } other { $skipped ->
        [one] game
       *[other] games
    } skipped)
cmd-export-no-store = no store at { $path }: run `grundy serve` first or give --db PATH

# grundy admin (its tables' column heads and examples stay as written: an operator's notation)
cmd-warning = warning
cmd-admin-help = administer running nodes: list nodes and rooms, abort rooms, kick and ban players, drain a node
cmd-admin-about = Administer running nodes over a node's port (in cluster mode any node answers for the whole cluster). The admin secret is read from ${ $env }, never from the command line; the nodes must have been started with the same one. Exit status: 0 done, 1 refused or unreachable, 2 a usage error.
cmd-admin-help-node = a node's address: HOST:PORT, or its URL (http://... or ws://...)
cmd-admin-help-json = print the node's JSON answer instead of a table
cmd-admin-help-nodes = list the nodes (in a cluster, every live one): address (for drain), rooms, connections, leases
cmd-admin-help-rooms = list and find rooms (in a cluster, every node's), newest first
cmd-admin-help-game = only rooms of this game
cmd-admin-help-player = only rooms where this player name holds a seat
cmd-admin-help-state = only rooms in this state
cmd-admin-help-abort = end a room without a result: its players get game_over (aborted) with the reason
cmd-admin-help-room = the room's id (grundy admin rooms lists them)
cmd-admin-help-reason-room = why, as the players will read it
cmd-admin-help-kick = close every connection of a player name (in any case), on every node
cmd-admin-help-ban = ban a player name (kept in the store: hello, resume and register are refused) and kick it
cmd-admin-help-unban = lift a player name's ban
cmd-admin-help-name = the player's name (in any case)
cmd-admin-help-reason-player = why, as the player will read it
cmd-admin-help-bans = list the banned player names
cmd-admin-help-drain = do what SIGTERM does: the node closes its connections (clients resume elsewhere), hands its rooms over and stops
cmd-admin-help-timeout = seconds to wait for the node to stop (default 60)
cmd-admin-help-no-wait = return once the node has accepted the drain
cmd-admin-bad-node = NODE { $node }: give the node's address as HOST:PORT or its URL, like ws://127.0.0.1:8765/
cmd-admin-no-secret = set { $env } to the node's admin secret (it is never given on the command line)
cmd-admin-bad-timeout = --timeout { $s }: give a positive number of seconds
cmd-admin-unreachable = cannot reach the node at { $url }: { $why }
cmd-admin-refused = the node at { $url } refused: { $why }
cmd-admin-no-rooms = no rooms
cmd-admin-no-bans = no bans
cmd-admin-aborted = room { $room } on node { $node }: { $state } ({ $reason })
cmd-admin-unbanned = { $name }: no longer banned
cmd-admin-kicked = { $name }: { NUMBER($n) } { $n ->
        [one] connection
       *[other] connections
    } closed
cmd-admin-banned = { $name }: banned ({ $reason }); { NUMBER($n) } { $n ->
        [one] connection
       *[other] connections
    } closed
cmd-admin-draining = node { $node } is draining: { NUMBER($rooms) } { $rooms ->
        [one] room
       *[other] rooms
    } handed over, { NUMBER($n) } { $n ->
        [one] connection
       *[other] connections
    } told to move (their clients resume on other nodes)
cmd-admin-stopped = node { $node } has stopped
cmd-admin-restarted = node { $node } has stopped (and was started again)
cmd-admin-still-running = node { $node } was still running { $s } s after the drain

# an openings file (grundy match and tournament --openings)
cmd-open-long-line = { $where }: a line has at most { $most } characters
cmd-open-header-once = { $where }: the `game:` header comes once, before the first opening
cmd-open-long = { $where }: an opening has at most { $most } moves, this one { $n }
cmd-open-many = { $where }: a file holds at most { $most } openings
cmd-open-none = { $where }: no openings (one a line: moves separated by spaces; # starts a comment)
cmd-open-header = { $where }: write the header as `game: NAME key=value ...`, e.g. `game: gomoku size=15`
cmd-open-header-word = { $where }: { $word } in the header: write key=value, e.g. size=15
cmd-open-no-file = --openings { $path }: no such file
cmd-open-unreadable = --openings { $path }: cannot be read ({ $why })
cmd-open-no-set = --openings builtin:{ $name }: no such set; the built-in sets are { $sets }
cmd-open-no-builtin = --openings builtin: there is no built-in set for { $game } (the sets: { $sets }); write your own file (docs/MATCH.md)
cmd-open-header-game = { $where }: the header's game: { $why }
cmd-open-other-game = { $where }: the openings are for { $theirs }, not { $game }
cmd-open-other-params = { $where }: the openings are for { $theirs }, the run plays { $ours }
cmd-open-bad-move = { $where }: move { $i } { $move }: { $why }
cmd-open-over = { $where }: the game is over after this opening; an opening leaves a game to play

# the file of saved secrets (players.json: grundy register, play, bots)
cmd-id-too-large = { $path }: larger than { $most } bytes; not a saved-secrets file
cmd-id-unreadable = { $path }: cannot be read ({ $why })
cmd-id-not-secrets = { $path }: not a saved-secrets file (no 'servers' map)
cmd-id-no-folder = { $path }: cannot be made ({ $why })
cmd-id-unwritable = { $path }: cannot be written ({ $why })
