# The Python client library (client/connection.py, client/sdk.py): why a node cannot be reached, what became of
# the link, and the SDK bot runner's help, errors and console lines.  $where is a node's host:port, $url its address.

## Reaching a node

link-nothing-listens = nothing listens at { $where } (connection refused): is `grundy serve` running there?
link-unknown-host = the host of { $where } is unknown (no such name)
link-dns-down = the name of { $where } could not be looked up now (no answer from the name server): is the network up?
link-no-answer = { $where } did not answer in time: a firewall, or a node too busy to answer
link-http = { $where } answered HTTP { $status }, not a WebSocket: is it a grundy node (ws://HOST:8765)?
link-not-websocket = { $where } answered, but not as a WebSocket server: is it a grundy node?
link-not-ws-address = { $url } is not a WebSocket address: write ws://HOST:PORT
link-node-refused = the node refused us ({ $code }): { $why }
# $why: what the system said, as it said it
link-node-other = { $where }: { $why }
link-os-net-unreachable = { $where }: the network is unreachable (is this computer online?)
link-os-host-unreachable = { $where }: no route to that host (it is down, or a network between is)
link-os-reset = { $where }: the connection was reset before the node answered
link-url-empty = { $several ->
    [yes] server URL is empty: give ws://HOST:PORT (several: ws://A:8765,ws://B:8765)
   *[no] server URL is empty: give ws://HOST:PORT
}
link-url-scheme = server URL { $url }: the scheme must be ws:// or wss://, not { $scheme }://

## The link

link-closed = the connection was closed
link-none-within = no link to { $url } within { NUMBER($seconds) } { $seconds ->
    [one] second
   *[other] seconds
}
link-down = the link to { $url } is down
link-dropped-sending = the link to { $url } dropped while sending
link-dropped = the link to { $url } dropped (close code { $code })
link-server-closed = { $given ->
    [yes] the server closed the connection (code { $code }: { $reason })
   *[no] the server closed the connection (code { $code }, no reason given)
}
link-resume-refused = the server refused to resume the session: { $why }
link-gave-up = could not reconnect to { $url } or another node within { NUMBER($seconds) } { $seconds ->
    [one] second
   *[other] seconds
}

## The SDK's bot runner (python my_bot.py --help)

link-sdk-about = A grundy bot.
link-sdk-help-server = node URL (default { $url }); several nodes of a cluster, comma separated or --server repeated: the bot moves to another when its node is gone
link-sdk-help-name = display name (default { $name })
link-sdk-help-secret = the registered player's secret (default: the one grundy register saved)
link-sdk-help-game = game to play (with --vs or --quick)
link-sdk-help-set = a game parameter, e.g. --set heaps=3,4,5 (repeatable)
link-sdk-help-vs = bot:LEVEL to play a hosted bot, open to wait for a challenger
link-sdk-help-room = join this room id
link-sdk-help-code = join the room with this code
link-sdk-help-seat = the seat to take
link-sdk-help-quick = queue for a quick match of --game
link-sdk-help-tournament = enter this tournament and play it to the end
link-sdk-help-games = stop after this many games
link-sdk-help-clock = time control for a new room: MINUTES+SECONDS like 5+2, or 30s+1 for seconds
link-sdk-help-verbose = log what the bot does
link-sdk-help-lang = the language of the bot's words: en, uk, ru or bg (default: the system's locale)
link-sdk-set-form = --set { $item }: write KEY=VALUE
link-sdk-error = error: { $why }
link-sdk-result = { $room } { $game } seat { $seat }: { $outcome } ({ $reason })
# how a game of the bot's ended, from its seat ($outcome above)
link-sdk-win = win
link-sdk-loss = loss
link-sdk-draw = draw
link-sdk-aborted = aborted
# why a game of the bot's ended, in the runner's results (in English the node's own words are said instead);
# $name: the players the ending is about, by name
link-sdk-end-resign = { $name } resigned
link-sdk-end-flag = { $name } ran out of time
link-sdk-end-disconnect = { $name } left and did not come back in time
link-sdk-end-won = won by the rules of the game: { $name }
link-sdk-end-draw-agreed = drawn by agreement
link-sdk-end-draw = a draw by the rules of the game
link-sdk-end-aborted = the game was aborted
link-sdk-and = { $first } and { $last }
link-sdk-unable = error: { $room }: the game ended with the bot unable to move ({ $why })
link-sdk-stuck = no move at ply { $ply }: the bot failed and no legal moves were known
link-sdk-late = no decision within { NUMBER($seconds, maximumFractionDigits: 2) } s
link-sdk-failed = the bot failed: { $error }
link-sdk-not-a-move = the bot answered { $text }, not a move
link-sdk-move-refused = the move { $move } was refused: { $why }
# a chat line the bot says in its room before it resigns
link-sdk-resigning = resigning: { $why }
link-sdk-hidden = { $game }: some moves are hidden from this seat, so the position cannot be replayed
link-sdk-vs = vs { $vs }: write bot:LEVEL (e.g. bot:random) or open
link-sdk-seats = seat { $seat }: { $game } has seats 0..{ $last }
link-sdk-need-game = vs= and quick= need game= (the game to play)
link-sdk-one-mode = give only one of vs=, quick=, room=/code=, tournament=
