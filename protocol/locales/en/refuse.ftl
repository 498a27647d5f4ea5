# The node's precise refusals (an `error`'s `say`, server/refusals.py): the English is the `message` an English
# session reads, naming the input. Quoted input ($name, $room, $text...) comes quoted; $game is a game's canonical
# name, which a client says as the game is taught (game-<name>); keys such as games_per_pairing, `rated:` or `to:`
# are the protocol's field names and stay as they are.

## Players, names and sessions
refuse-no-player = name: no player is registered as { $name }
refuse-no-rated-game = name: { $name } has played no rated game
refuse-versions = you speak protocol versions { $offered }; this server speaks { $supported }
refuse-has-session = this connection already has a session
refuse-bad-token = this token names no session here: say hello
refuse-banned = name: { $name } is banned from this server: { $reason }
refuse-wrong-secrets = name: too many wrong secrets for { $name }; try again in { $s } s
refuse-secret-no-player = name: no player is registered as { $name } (say hello without a secret to play as a guest)
refuse-name-registered = name: { $name } is a registered player: say hello with its secret, or choose another name
refuse-wrong-secret = secret: not the secret of player { $name }
refuse-name-exists = name: { $name } is registered already (names are unique in any case): choose another
refuse-rate = more than { NUMBER($n, useGrouping: 0) } requests per second: slow down

## Rooms and seats
refuse-no-room = no room { $room }
refuse-no-room-here = no room { $room } on this server
refuse-no-code = no room has this join code
refuse-room-or-code = give the room's id ('room') or its join code ('code')
refuse-room-seats = seat { $seat }: this room has seats 0..{ $last }
refuse-game-seats = seat { $seat }: { $game } has seats 0..{ $last }
refuse-bot-seat = seat { $seat } is a bot seat
refuse-not-in-queue = you are not waiting for a quick match
refuse-stopping-rooms = the server is stopping: no new rooms
refuse-server-rooms = this server holds its maximum of { NUMBER($n, useGrouping: 0) } unfinished rooms: try again later
refuse-your-rooms = you already have { $n ->
    [one] { $n } unfinished room
   *[other] { $n } unfinished rooms
}: finish or leave one first
refuse-list-total = { $param }: a hosted { $game } allows a total of at most { NUMBER($most, useGrouping: 0) }
refuse-too-many-moves = { $game } with these parameters has { NUMBER($n, useGrouping: 0) } legal moves at the start; a hosted room allows at most { NUMBER($most, useGrouping: 0) }
refuse-room-taken-over = room { $room }: its game is in play and a node is taking it over; send again
refuse-room-not-shown = room { $room } cannot be shown: { $why }; its record is still there (get_record)
refuse-room-closed = room { $room }: its game is over and the room has closed: no { $what ->
    [rematch] rematch
   *[chat] chat
} any more (new games: the lobby)
refuse-still-playing = room { $room }: the game is still { $status }
refuse-record-format = format { $format }: room { $room } is a { $game } game; it can be written as { $formats }

## Rated games
refuse-you-are-guest = rated: { $name } is a guest; register a name (grundy register NAME) and say hello with its secret, or play casual
refuse-rated-guest = rated: { $name } is a guest; a rated game needs two players
refuse-rated-seats = rated: { $game } here has { NUMBER($seats) } seats; a rated game has two
refuse-rated-bots = rated: a rated game has at most one hosted bot seat

## Challenges
refuse-self-challenge = to: you cannot challenge yourself
refuse-self-elsewhere = to: { $name } is you, signed in on another device: you cannot challenge yourself
refuse-no-session = to: no connected player has session { $session } (see list_players)
refuse-challenges-waiting = you already have { $n ->
    [one] { $n } challenge
   *[other] { $n } challenges
} waiting for an answer: wait for one, or leave its room
refuse-no-challenge = room { $room }: no challenge to you is pending (answered, withdrawn or expired)
refuse-kept-seat = seat { $seat }: the seat kept for you in this challenge is seat { $kept }
refuse-seat-kept-for = seat { $seat } is kept for { $name }: only they may take it
refuse-seat-kept = seat { $seat } is kept for the challenged player: only they may take it

## Analysis
refuse-analysis-kind = { $kind }: without a room only a position, a tree or the exam is analysed
refuse-analysis-game = game: name the game to analyse (or the room)
refuse-analysis-puzzle = puzzle: name the puzzle (its id, from `puzzles`)
refuse-exam-keys = { $key }: the exam takes { $keys }


## Tournaments: creating one
refuse-stopping-tournaments = the server is stopping: no new tournaments
refuse-t-unknown = no tournament { $id }
refuse-t-too-many = you already have { $n ->
    [one] { $n } open tournament
   *[other] { $n } open tournaments
}: start one first
refuse-t-bot-level = bots[{ $i }]: level { $level } is not one of { $levels }
refuse-t-format = format: { $format } is not one of { $formats }
refuse-t-two-seats = game: { $format } pairs two players per game, but { $game } with these parameters has { NUMBER($seats) } seats (tournaments over groups of three or more are not supported)
refuse-t-setting = { $key }: { NUMBER($value, useGrouping: 0) } is not in { NUMBER($lo, useGrouping: 0) }..{ NUMBER($hi, useGrouping: 0) }
refuse-t-swiss-rounds = rounds: swiss needs a number of rounds in 1..{ $most }, got { $rounds }
refuse-t-rounds-swiss-only = rounds: only swiss takes a number of rounds, not { $format }
refuse-t-double-robin-only = double: only round-robin can be double, not { $format }
refuse-t-challenger-gauntlet-only = challenger: only a gauntlet has a challenger, not { $format }
refuse-t-openings = openings: { NUMBER($n, useGrouping: 0) } openings, at most { NUMBER($most, useGrouping: 0) }
refuse-t-openings-secret = openings: { $game } draws a secret layout for every game, so an opening cannot be checked once
refuse-t-opening-moves = openings[{ $i }]: { $n } moves, at most { $most }
refuse-t-opening-not-text = openings[{ $i }]: move { $move } is not a text: { $text }
refuse-t-opening-over-before = openings[{ $i }]: the game is already over before move { $move } { $text }
refuse-t-opening-illegal = openings[{ $i }]: move { $move } { $text } is illegal: { $why }
refuse-t-opening-ends-at = openings[{ $i }]: the opening ends the game at move { $move } { $text }: nothing is left to play
refuse-t-opening-ends = openings[{ $i }]: the opening ends the game: nothing is left to play

## Tournaments: entering, withdrawing, starting, stopping (tournament $id)
refuse-t-started = tournament { $id }: it has already started
refuse-t-finished = tournament { $id }: it has finished
refuse-t-kind = tournament { $id }: kind { $kind } is not one of human, bot, hosted
refuse-t-full = tournament { $id }: it has { $n } entrants
refuse-t-games = tournament { $id }: it has { $n } entrants: one more would make more than { NUMBER($most, useGrouping: 0) } games
refuse-t-organiser-bots = tournament { $id }: only the organiser adds hosted bots
refuse-t-level = tournament { $id }: level { $level } is not one of { $levels }
refuse-t-level-hosted-only = tournament { $id }: a level is only for hosted bots
refuse-t-no-name = tournament { $id }: an entrant needs a name
refuse-t-entered = tournament { $id }: this session has already entered
refuse-t-plays-another = tournament { $id }: this session plays another entrant
refuse-t-not-entrant = tournament { $id }: { $who } is not an entrant
refuse-t-organiser-withdraws = tournament { $id }: only the organiser withdraws others
refuse-t-organiser-starts = tournament { $id }: only the organiser starts it
refuse-t-creator-stops = tournament { $id }: only its creator stops it
refuse-t-cannot-start-too-few = tournament { $id }: { $format } needs at least 2 entrants, { NUMBER($entered) } entered
refuse-t-cannot-start-swiss-rounds = tournament { $id }: { $rounds } swiss rounds without repeats need more than { NUMBER($entered) } entrants (at most { $most })
refuse-t-cannot-start-no-challenger = tournament { $id }: the challenger '{ $challenger }' has not entered

## The node's web page (plain text answers to a browser)
refuse-http-method = only GET and HEAD are served here
refuse-http-long-path = paths are at most { NUMBER($n, useGrouping: 0) } characters
refuse-http-no-page = no such page: the game is at /
refuse-http-no-file = no file { $name } in this installation
