# grundy's words in English: the reference catalog.
#
# Every other language (uk, ru, bg) has a message for each id here, with the same arguments
# (tests/protocol/test_i18n.py). docs/LANGUAGES.md says how to add a language and check it.
# Numbers and plurals go through the language's rules: { NUMBER($n) } and [one] / [other] variants.

## The languages

lang-name = English
lang-menu = Language

say-unknown = (a message this version does not know)

## Games, named as they are taught

game-nim = Nim
game-subtraction = Subtraction game
game-stones = Heaps of stones
game-kayles = Kayles
game-coins = Coins
game-corner = Corner the queen
game-pawn = Pawns
game-pursuit = Pursuit
game-minesweeper = Minesweeper
game-mnk = m,n,k-game
game-tictactoe = Tic-tac-toe
game-gomoku = Gomoku

## Counting

moves-count = { $n ->
    [one] { NUMBER($n) } move
   *[other] { NUMBER($n) } moves
}
seconds-count = { $n ->
    [one] { NUMBER($n) } second
   *[other] { NUMBER($n) } seconds
}
games-count = { $n ->
    [one] { NUMBER($n) } game
   *[other] { NUMBER($n) } games
}

## The command line

cli-error = error

## grundy solve: the answer in one line

solve-over = the game is over
solve-to-move = seat { $seat } to move
solve-win-at-most = win in at most { NUMBER($k) }{ $fours ->
    [yes] {" "}by continuous fours
   *[no] {""}
} (wins by their move { NUMBER($k) } whatever the opponent does; a faster win is not ruled out)
solve-win-unsearched = win (how fast is not searched: the position is too large for that)
solve-win-in = win in { NUMBER($k) }{ $fours ->
    [yes] {" "}by continuous fours
   *[no] {""}
} (wins by their move { NUMBER($k) } whatever the opponent does)
solve-loss-unsearched = loss (every move loses against perfect play; how long it lasts is not searched)
solve-loss-in = loss in { NUMBER($k) } (the opponent wins by their move { NUMBER($k) } at the latest)
solve-loss-now = loss in 0 (every move ends the game in a loss)
solve-draw = draw
solve-value = value { $value }
solve-grundy = Grundy value { NUMBER($g) }
solve-line = line: { $moves }
solve-best = best: { $moves }
solve-best-none = best: none wins
solve-also = also winning, slower: { $moves }
solve-also-heading = also winning, slower:
solve-winning-moves = winning moves:
solve-best-moves = best moves:
solve-main-line = main line: { $moves }
solve-evaluation = evaluation: { $text }
solve-nim-sum = nim-sum
solve-size-grundy = size { NUMBER($size) }, G = { NUMBER($g) }
solve-map = map: { $what }
solve-map-json = map: { $what } ({ NUMBER($cells) } cells; in --json)
solve-stats = answered: { NUMBER($nodes) } positions generated in { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s
solve-stats-none = answered: no exact search in { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s
solve-set-syntax = --set { $item }: write KEY=VALUE, like --set heaps=3,4,5
solve-raise-time = { $error } (raise --time-limit)
solve-raise-limits = { $error } (raise --max-nodes / --time-limit)
solve-known-strategy = { $error } (raise --max-nodes / --time-limit); a known strategy wins for seat { $seat } with { $move }

## grundy exam: the exam's heap tasks 19-21

exam-head = { $game }: code of each start (K: the first player wins by his K-th move; -K: the second player wins by his K-th move at the latest)
exam-over = over
exam-none = none
exam-task19 = 19: { $answer }   (least S: the second player can win by his first move after a bad first move)
exam-task20 = 20: { $answer }   (every S: the first player wins by his second move, not by his first)
exam-task21 = 21: { $answer }   (least S: the second player wins by his first or second move, not surely by his first)

## How a game ended (the result's `ending`)

end-resign = { $name } resigned
end-flag = { $name } ran out of time
end-disconnect = { $name } left and did not come back in time
end-draw-agreed = drawn by agreement
end-aborted = the game was aborted
end-rules-win = { $name } won
end-rules-draw = a draw by the rules of the game
end-you-won = You won
end-you-lost = You lost
end-draw = Draw
end-won-by = { $name } won
end-game-aborted = Game aborted
end-your-rating = Your rating: { $before } → { $after } ({ $change })
end-their-rating = { $name }'s rating: { $before } → { $after } ({ $change })
end-rating-pending = Rated game: the ratings are being updated…

## Refusals: one sentence per error code (the `error`'s `say` when it has nothing more precise)

error-bad_frame = The server could not read that message.
error-bad_message = The server did not understand that request.
error-too_large = That message is too large.
error-unsupported_version = The server speaks protocol versions { $supported }; this client speaks { $offered }.
error-not_authenticated = Choose a name first.
error-already_authenticated = This connection already has a player.
error-bad_token = This session has expired: say hello again.
error-rate_limited = Too many requests at once: slow down and try again.
error-unknown_game = There is no such game here.
error-bad_params = Those game settings cannot be used.
error-too_many_rooms = You already have as many unfinished games as allowed.
error-unknown_room = There is no such room (or it is private).
error-room_full = There is no free seat in this room.
error-seat_taken = Somebody else holds that seat.
error-not_invited = That seat is for an invited player: use the room's link.
error-already_seated = You already have a seat in this room.
error-not_in_queue = You are not waiting for a quick match.
error-not_a_player = Only the players can do that; you are watching.
error-not_started = The game has not started yet.
error-not_your_turn = It is not your turn.
error-stale_ply = That move was made on an old position; nothing was played.
error-illegal_move = That move is not legal here.
error-game_over = The game is over.
error-not_finished = The game is not finished yet.
error-draw_not_allowed = This game cannot end in a draw.
error-no_draw_offer = There is no draw offer to answer.
error-shutting_down = The server is stopping: come back a little later.
error-unknown_player = There is no such player online.
error-no_challenge = There is no challenge to answer.
error-too_many_challenges = You already have as many challenges waiting as allowed.
error-unknown_tournament = There is no such tournament.
error-tournament_not_open = The tournament has already started.
error-tournament_over = The tournament is over.
error-tournament_full = The tournament is full.
error-already_entered = You have already entered this tournament.
error-not_entered = You have not entered this tournament.
error-not_organiser = Only the tournament's creator may do that.
error-too_few_entrants = The tournament needs more entrants.
error-too_many_tournaments = You already have as many open tournaments as allowed.
error-name_taken = That name belongs to a registered player: sign in with its secret, or choose another name.
error-bad_secret = That secret is not this player's.
error-not_registered = A rated game needs registered players: register a name, or play casual.
error-banned = That name is banned from this server.
error-unavailable = The server is catching up; try again in a moment.
error-internal = The server failed on this request.
error-unanswered = The node that runs this room did not answer; try again.

## The terminal, pygame and the bot SDK (client/words.py)

client-catching-up = the server is catching up (its store is away for a moment); what you sent is sent again until it is done
client-caught-up = the server caught up after { NUMBER($seconds, maximumFractionDigits: 0) } s; the game goes on
client-not-done = { $what } was not done: the server is catching up; try it again in a moment
client-move-not-stored = your move { $move } could not be stored: the server did not catch up in time; play it again

## The web page: header and name

web-tagline = Mathematical games, played online
web-choose-name = Choose a name to play.
web-invited = This link opens a game: choose a name to play or watch it.
web-your-name = Your name
web-play = Play
web-signin-other = Registered on another device? Sign in with your secret
web-name = Name
web-secret = Secret
web-sign-in = Sign in
web-sound-on = ♪ Sound on
web-sound-off = ♪ Sound off

## The web page: lobby

web-new-game = New game
web-game = Game
web-clock = Clock
web-untimed = untimed
web-opponent = Opponent
web-opponent-open = anyone (open seat)
web-opponent-invite = a friend (a link: anyone who has it may take the seat)
web-opponent-bot = bot ({ $level })
web-rated = Rated
web-create-room = Create room
web-quick-match = Quick match
web-waiting = Waiting for an opponent…
web-cancel = Cancel
web-account = Account:
web-guest = guest
web-guest-why = A guest is never rated. Register your name to keep ratings and a history: the node gives you a secret, kept in this browser for this server.
web-register = Register
web-signin-secret = Sign in with a secret (registered on another device)
web-my-page = My page
web-copy-secret = Copy my secret
web-sign-out = Sign out
web-leaderboard = Leaderboard
web-refresh = Refresh
web-player = Player
web-rating = Rating ± 2·RD
web-games = Games
web-board-empty = Nobody has played a rated game of it yet.
web-your-games = Your games
web-people = People online
web-kind = Kind
web-playing = Playing
web-where = Where
web-ratings = Ratings
web-people-empty = Nobody else is online.
web-tournaments = Tournaments
web-t-all = all
web-t-open = open
web-t-running = running
web-t-finished = finished
web-new-tournament = New tournament
web-state = State
web-format = Format
web-entrants = Entrants
web-round = Round
web-tournaments-empty = No tournament here yet: make one.
web-open-rooms = Open rooms
web-players = Players
web-no-rooms = No open rooms: create one.
web-join = Join
web-watch = Watch

## The web page: a room

web-invite = Send this link to a friend:
web-copy = Copy
web-rematch = Rematch
web-review = Review
web-close = Close
web-move = Move
web-move-placeholder = or type a move
web-hint = Hint
web-offer-draw = Offer draw
web-accept-draw = Accept draw
web-decline = Decline
web-resign = Resign
web-leave = Leave
web-lobby = Lobby
web-moves = Moves
web-chat = Chat
web-say-something = say something
web-send = Send
web-confirm-yes = Yes
web-open-seat = (open seat)
web-invite-seat = (invite seat)
web-bot-seat = bot ({ $level })
web-your-turn = Your turn
web-their-turn = { $name } to move
web-waiting-players = Waiting for players
web-watching = You are watching
web-catching-up = the server is catching up (its store is away for a moment): your moves are sent again until they are stored
web-status-reconnecting = connection lost: reconnecting…
web-status-other-tab = this game is open in another tab: reload to play here
web-status-disconnected = disconnected: { $reason }
web-bot-option = bot: { $level }
web-bot = bot
web-seat = seat { $seat }
web-open = Open
web-watching-short = watching
web-your-move = your move
web-room-waiting = waiting
web-room-playing = playing
web-room-finished = finished
web-room-aborted = aborted
web-rated-suffix = rated
web-you-suffix = { $name } (you)
web-away = away
web-move-try = or type a move to try
web-withdraw-offer = Withdraw offer
web-rematch-asked = Rematch ({ $names } asked)
web-stop-watching = Stop watching
web-past-move = Move { $ply } of { $plies } (← → step)
web-back-to-game = Back to the game
web-waiting-for-players = waiting for players…
web-aborted-why = aborted: { $reason }
web-to-move = { $name } to move
web-abort-in = aborted without a first move in { $seconds } s
web-draw-offered-by = draw offered by { $names }
web-you-play = you play { $mark }
web-you-are = you are { $mark }
web-reviewing = the solver is reviewing the game…
web-thinking = thinking…
web-sound-off-label = sounds off (press to turn on)
web-sound-on-label = sounds on (press to mute)
web-link-copied = link copied
web-confirm-resign = Resign this game?
web-played = { $name } played { $move }.
web-played-hidden = { $name } played a hidden move.
web-your-move-now = Your move.
web-seconds-left = { $n ->
    [one] { $n } second left
   *[other] { $n } seconds left
}

## The terminal client

tui-refused = refused ({ $code }): { $message }
tui-and = { $first } and { $last }
tui-aborted = aborted: { $reason }
tui-you-outcome = { $who } (you: { $outcome })
tui-outcome-win = win
tui-outcome-loss = loss
tui-outcome-draw = draw
tui-your-move = your move (ply { $ply })
tui-to-move = { $name } to move (ply { $ply })
tui-key-create = create room
tui-key-new-tournament = new tournament
tui-key-quick = quick match
tui-key-switch-tab = rooms/games
tui-key-refresh = refresh
tui-key-join = join
tui-key-open-tournament = open
tui-key-challenge = challenge
tui-key-watch = watch
tui-key-show-tab-tournaments-tab = tournaments
tui-key-show-tab-players-tab = players
tui-key-cancel-queue = leave queue
tui-key-app-quit = quit
tui-key-hint = hint
tui-key-resign = resign
tui-key-rematch = rematch
tui-key-chat = chat
tui-key-review = review
tui-key-lobby = lobby
tui-key-draw = draw
tui-key-decline-draw = no draw
tui-key-analysis = analysis board
tui-key-switch-focus = board/typing

## The pygame window

gui-connecting = connecting...
gui-lobby = the lobby
gui-waiting = waiting for players
gui-you-win = You win
gui-you-loss = You lose
gui-you-draw = Draw
gui-wins = { $names } { $n ->
    [one] wins
   *[other] win
}
gui-refused = refused: { $message }
gui-no-answer = no answer: { $error }
gui-new-room-of = New { $game } room
gui-new-room = New room
gui-create-room = Create room (Enter)
gui-no-rooms = none yet: create one, or wait

## Games: what each is (the English is the rules' own description: a test keeps them equal)

game-about-nim = Heaps of objects; on a turn take one or more objects from a single heap. Normal play: whoever takes the last object wins; misère: whoever takes it loses. The nim-sum (XOR of the heaps) tells who wins.
game-about-subtraction = One heap; on a turn take one of a fixed set of amounts (by default 1 or 2), never going below the goal size. Whoever brings the heap to the goal (makes the last move) wins, or with rule last-loses loses. The matches game of the exam textbook: n=5 take=1,2 goal=1 means who leaves exactly one match wins.
game-about-stones = The exam heap games: one or more heaps; on a turn apply one of the fixed operations (add k or multiply by k; in a shrinking game remove k or divide by k) to one heap of your choice. The game ends as soon as the total of all heaps reaches the goal (>=77 growing, <=19 shrinking); whoever makes that move wins, or with rule reach-loses loses.
game-about-kayles = A row of pins; on a turn knock down one pin, or two pins standing side by side. Whoever knocks down the last pin wins (misère: loses). Every throw from the middle splits the row in two, so the game is a sum of rows, solved by their Grundy values.
game-about-corner = A single king, queen, rook or knight on a width x height board, shared by all players, moves only towards the bottom-left corner a1: the king one step left, down or diagonally down-left, the queen any distance that way, the rook any distance left or down, the knight by the four jumps that approach the corner. Whoever moves the piece onto a1 (the knight: into the 2x2 corner a1-b2) wins; a player left with no legal move loses. Two or three players; cells may be blocked. With two players the king game is the white and black beans game, the rook game is 2-heap Nim and the queen game is Wythoff's game.
game-about-pawn = A pawn starts on a1 of a square board; Max (seat 0) and Min (seat 1) take turns moving it one cell up or right. When it reaches the diagonal from the top-left to the bottom-right corner the game ends and Min pays Max that cell's payoff: Max wants it high, Min low. With payoffs 1..8 on the 8x8 board the game's value is 5.
game-about-coins = Players take turns placing coins on a rectangular table; a coin covers the (2r+1) x (2r+1) block of cells around its centre and may neither overlap another coin nor stick out over the edge. Whoever cannot place a coin loses. On an odd x odd table the first player wins by taking the centre and answering every coin with its mirror image.
game-about-mnk = The m,n,k game: players take turns putting one of their stones on an empty cell of an m x n board, and the first to get k or more of their stones in a row, column or diagonal wins; a full board is a draw. Tic-tac-toe is 3,3,3 (a draw with best play); with 3 or 4 players everyone must also block the others' lines.
game-about-gomoku = Black and white take turns placing stones on a 15x15 (or 19x19) board; five in a row (row, column or diagonal) wins. Rules: freestyle (five or more wins), standard (exactly five), renju (black must make exactly five and may not play double-threes, double-fours or overlines; white wins with five or more) and caro (a five blocked at both ends by the opponent does not win). The swap and swap2 openings balance black's first-move edge: one player lays out the first stones, the other picks a colour (moves 'black', 'white', and in swap2 'more' to place two more stones and let the first player pick).
game-about-pursuit = Tom and Jerry: one or two pursuers chase an evader on a grid, every figure stepping to one of its 8 neighbours, never onto a blocked cell. The pursuers move first, the evader last in each round. A pursuer that steps onto the evader (or an evader that steps onto a pursuer) ends the chase: the pursuers win, together in a coalition or only the catcher without one. The evader wins by staying free for the round limit. With evader_sees=false the evader runs blind: its view hides the pursuers.
game-about-minesweeper = Find the mines on a grid, alone or as a duel. Reveal a cell (r e5) to see how many of its neighbours are mines; a zero opens its whole region. Flag a cell (f a1): a correct flag scores a point and shows the mine, a wrong one reveals the cell. The mines are laid after the first reveal, which is always safe. Revealing a mine loses at once; when every safe cell is open, the higher score wins (alone: you win). In a duel the players alternate every move.
web-players-n = { $n ->
    [one] { $n } player
   *[other] { $n } players
}
web-players-range = { $lo }-{ $hi } players
web-signed-in-as = signed in as { $name }
web-registered = registered
web-rated-why-guest = register a name (Account) to play rated games
web-rated-why-seats = a rated game has two seats; this one has { $seats }
