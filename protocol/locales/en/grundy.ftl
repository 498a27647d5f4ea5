# grundy's words in English: the reference catalog.
#
# Every other language (uk, ru, bg) has a message for each id here, with the same arguments
# (tests/protocol/test_i18n.py). docs/LANGUAGES.md says how to add a language and check it.
# Numbers and plurals go through the language's rules: { NUMBER($n) } and [one] / [other] variants.

## The languages

lang-name = English
lang-menu = Language
web-study-analysis = Analysis board
web-study-analysis-about = any position of any game, its game tree
web-study-exam = Exam
web-study-exam-about = the exam's heap game: every S, tasks 19-21

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
end-won-side-yours = The start is won for your side: its win counts as a draw for the ratings.
end-won-side-theirs = The start is won for { $name }'s side: its win counts as a draw for the ratings.

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
error-self_challenge = You cannot challenge yourself.
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
tui-hint = hint: { $move }: { $why }
tui-chat-placeholder = F5: chat, Enter sends
tui-move-placeholder = a move, Enter (Esc: board)
tui-btn-hint = Hint
tui-btn-resign = Resign
tui-btn-draw = Draw
tui-btn-accept-draw = Accept draw
tui-btn-rematch = Rematch
tui-btn-review = Review
tui-btn-lobby = Lobby
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
tui-key-show-tab-games-tab = games
tui-key-games-page-minus1 = newer
tui-key-games-page-1 = older
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
tui-key-help = help
tui-key-desk = desk
tui-key-puzzles = puzzles
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
gui-btn-hint = F2 Hint
gui-btn-draw = F8 Draw
gui-btn-accept = F8 Accept
gui-btn-resign = F3 Resign
gui-btn-rematch = F4 Rematch
gui-btn-review = F6 Review
gui-btn-lobby = F7 Lobby
gui-btn-analysis = A Analysis

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

## Explanations (the solver's phrases, solver/phrases.py; the English is the phrase's own: a test keeps them equal)

ex-value-win = the player to move wins, by the { $k } own move at the latest
ex-value-win_at_most = the player to move wins, by the { $k } own move at the latest (a faster win is not ruled out)
ex-value-win_plain = the player to move wins
ex-value-loss = every move loses against best play: the opponent wins by their { $k } move at the latest
ex-value-loss_now = every move ends the game in a loss
ex-value-loss_plain = every move loses against best play
ex-value-draw = neither side can force a win
ex-value-score = with best play on both sides the player to move gets { $score }
ex-only = { $move } is the only move
ex-rec-wins_now = { $move } wins at once
ex-rec-leaves_loss = { $move } leaves the opponent a loss in { $k }
ex-rec-keeps_win = { $move } keeps the win
ex-rec-keeps_score = { $move } keeps the value { $score }
ex-rec-holds_draw = { $move } holds the draw
ex-rec-holds_out = { $move } holds out longest: the opponent needs { $k } moves to win
ex-rec-holds_out_plain = { $move } holds out longest
ex-rec-faster = { $move } wins faster, in { $k }
ex-note-wins_now = wins at once
ex-note-only = the only move
ex-note-only_loses_now = the only move, and it ends the game in a loss
ex-note-loses_now = ends the game in a loss, as every move does
ex-note-leaves_loss = leaves the opponent a loss in { $k }
ex-note-keeps_win = keeps the win
ex-note-keeps_score = keeps the value { $score }
ex-note-holds_draw = holds the draw
ex-note-holds_out = holds out longest: the opponent needs { $k } moves to win
ex-note-holds_out_plain = holds out longest
ex-note-slower = also wins, but in { $k } instead of { $best }
ex-note-slower_plain = also wins, but more slowly
ex-note-engine = the engine's choice
ex-grundy-whole_win = its Grundy value is { $g }, not 0: a move to a position of value 0 wins
ex-grundy-whole_loss = its Grundy value is 0: every move leads to a non-zero value
ex-nim-sum = the nim-sum { $heaps } = { $nim_sum }
ex-nim-sum_one = one heap: the nim-sum is its size, { $nim_sum }
ex-nim-sum_many = the nim-sum of the { $count } heaps is { $nim_sum }
ex-nim-move = take { $take } from heap { $heap } to leave nim-sum 0 ({ $size } XOR { $nim_sum } = { $to }): every answer makes it non-zero again
ex-nim-take_last = take all { $take } from heap { $heap }, the last objects: whoever takes the last object wins
ex-nim-lost = every move changes one heap, so it changes a bit of the nim-sum and leaves it non-zero, and the opponent makes it 0 again
ex-nim-note = take { $take } from heap { $heap }: { $size } becomes { $to }, leaving nim-sum { $after }
ex-nim-note_slower = take { $take } from heap { $heap }: { $size } becomes { $to }, leaving nim-sum { $after }; also wins, but in { $k } instead of { $best }
ex-nim-note_hold = holds out longest (leaves nim-sum { $after }): the opponent needs { $k } moves to win
ex-misere-big = misère nim: a heap has 2 or more, so the nim-sum decides as in normal play: it is { $nim_sum }
ex-misere-big_lost = every move leaves the nim-sum non-zero, or leaves single objects in an even number
ex-misere-move = take { $take } from heap { $heap } to leave nim-sum 0, with a heap of 2 or more still standing
ex-misere-exception = take { $take } from heap { $heap } to leave { $ones } single objects, an odd number: here the misère exception applies (nim-sum { $after }, not 0), and the opponent takes the last one
ex-misere-ones_odd = misère nim: only single objects remain ({ $ones }), an odd number: whoever faces an odd number of them takes the last one and loses
ex-misere-ones_even = misère nim: only single objects remain ({ $ones }), an even number: take one to leave an odd number, and the opponent takes the last one
ex-misere-last = misère nim: one object is left, and whoever takes the last object loses
ex-misere-note = take { $take } from heap { $heap }: { $size } becomes { $to }, leaving nim-sum 0
ex-misere-note_odd = take { $take } from heap { $heap }: leaves { $ones } single objects, an odd number (the misère exception: nim-sum { $after })
ex-kayles-rule = a row of n pins has the Grundy value G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...)
ex-kayles-value = the row's value G({ $pins }) = { $nim_sum }
ex-kayles-values = the rows' values { $rows } = { $values } = { $nim_sum }
ex-kayles-values_many = the nim-sum of the { $count } rows' values is { $nim_sum }
ex-kayles-throw = throw { $move } in the row { $row }, leaving rows of { $leaves }, to make the nim-sum 0
ex-kayles-throw_last = throw { $move } in the row { $row }: it knocks down the last pins
ex-kayles-throw_clear = throw { $move } in the row { $row }, clearing it, to make the nim-sum 0
ex-kayles-note_clear = clears the row { $row }: nim-sum 0
ex-kayles-lost = every throw changes one row's value and leaves a non-zero nim-sum
ex-kayles-note = in the row { $row }, leaves rows of { $leaves }: nim-sum 0
ex-sub-period = above the goal the lost sizes below { $below } are { $lost }, and from { $start } on the pattern repeats with period { $period }: a size n is lost when n mod { $period } is { $residues }
ex-sub-period_won = above the goal the lost sizes below { $below } are { $lost }, and from { $start } on the pattern repeats with period { $period }: every size from there is won
ex-sub-won = the heap is { $size } above the goal, a won size: take { $take } to leave { $left }, a lost size
ex-sub-won_ends = the heap is { $size } above the goal: take { $take } to leave { $left }, where no allowed amount fits above the goal, so it is the last move and wins
ex-sub-lost = the heap is { $size } above the goal, a lost size: every take leaves a won one
ex-sub-note = leaves { $left } above the goal, a lost size
ex-sub-note_heap = leaves { $left } above the goal ({ $heap } in the heap), a lost size
ex-stones-reach_loses = whoever reaches the goal loses, so the player facing it avoids it as long as possible
ex-stones-grundy_win = the Grundy value of the position is { $g }: not 0, a move to value 0 wins
ex-stones-grundy_loss = the Grundy value of the position is 0: every move leads to a value other than 0
ex-by-nim-sum = by the nim-sum
ex-by-misere-nim = by the misère nim-sum
ex-by-subtraction-period = by the period of lost sizes
ex-by-search = by exact search
ex-heap = heap { $n }
ex-pins = pins { $n }
ex-none = none
ex-heap-above-goal = the heap above the goal

# explanations: misère exception, engine, line games, corner, pawn, pursuit, coins
ex-engine-plays = too large to solve exactly here; the engine searched { $nodes } positions in { $seconds } s and plays { $move }
ex-eval-none = no evaluation; the engine plays { $move }
ex-eval-wins = the player to move wins as far as the engine sees
ex-eval-wins_deep = the player to move wins as far as the engine sees (searched { $depth } plies deep)
ex-eval-loses = the opponent wins as far as the engine sees
ex-eval-loses_deep = the opponent wins as far as the engine sees (searched { $depth } plies deep)
ex-eval-wins_within = the player to move wins within { $plies } plies as far as the engine sees
ex-eval-wins_within_deep = the player to move wins within { $plies } plies as far as the engine sees (searched { $depth } plies deep)
ex-eval-loses_within = the opponent wins within { $plies } plies as far as the engine sees
ex-eval-loses_within_deep = the opponent wins within { $plies } plies as far as the engine sees (searched { $depth } plies deep)
ex-eval-even = even
ex-eval-even_deep = even (searched { $depth } plies deep)
ex-eval-better = better for the player to move (engine score { $score })
ex-eval-better_deep = better for the player to move (engine score { $score }) (searched { $depth } plies deep)
ex-eval-worse = better for the opponent (engine score { $score })
ex-eval-worse_deep = better for the opponent (engine score { $score }) (searched { $depth } plies deep)
ex-lines-five = { $me } makes five at { $move }
ex-lines-fours = { $me } wins by continuous fours in { $k }: each four leaves { $him } one reply, and the last makes five: { $line }
ex-lines-fours_at_most = { $me } wins by continuous fours in at most { $k }: each four leaves { $him } one reply, and the last makes five: { $line }
ex-lines-lost = { $him } makes five next at { $cells }: one stone cannot stop it
ex-lines-lost_any = { $him } makes five next at a cell no block covers: one stone cannot stop it
ex-lines-threat_five = { $him } threatens five at { $move }
ex-lines-threat_fours = { $him } threatens to win by continuous fours: { $line }
ex-lines-must_stop = { $me } must stop it: after { $moves } { $him } has no win at once or by continuous fours
ex-lines-no_stop = no move tried was proven to stop it
ex-lines-engine_plays = the engine plays { $move }
ex-lines-threes = { $me } wins by threats (fours and open threes) against the usual defences: { $line }; not proven against every reply
ex-lines-engine_none = nothing proven (no win at once or by continuous fours was found); the engine's choice is { $move }, expecting { $line }
ex-lines-engine_colour = nothing proven (a colour is chosen here; threats prove nothing yet); the engine's choice is { $move }, expecting { $line }
ex-lines-winning_line = the winning line: { $first }-{ $last }
ex-lines-note_five = starts the five
ex-lines-note_fours = starts the continuous fours
ex-lines-note_stops_five = stops { $him }'s five
ex-lines-note_stops_fours = stops { $him }'s continuous fours
ex-lines-note_threes = starts a win by threats
ex-misere-exception_one = take { $take } from heap { $heap } to leave a single object: here the misère exception applies (nim-sum { $after }, not 0), and the opponent must take it
ex-misere-note_one = take { $take } from heap { $heap }: leaves a single object (the misère exception: nim-sum { $after })
ex-corner-at = { $cell } is ({ $x }, { $y }) counted from a1
ex-corner-king = a cell is lost for the player to move exactly when both distances to a1 are even
ex-corner-rook = the rook is 2-heap Nim with heaps { $x } and { $y }: nim-sum { $x } XOR { $y } = { $nim_sum }; the lost cells are the diagonal x = y
ex-corner-queen = the lost cells are Wythoff's pairs (floor(k*phi), floor(k*phi^2)) and their mirrors; with difference { $d } the pair is ({ $a }, { $b }), so ({ $x }, { $y }) is one
ex-corner-queen_not = the lost cells are Wythoff's pairs (floor(k*phi), floor(k*phi^2)) and their mirrors; with difference { $d } the pair is ({ $a }, { $b }), so ({ $x }, { $y }) is not one
ex-corner-pairs = the pairs on this board: { $pairs }
ex-corner-search = no classical rule for the { $piece }: every cell solved backwards from a1 (a cell is lost when every move from it reaches a won cell)
ex-corner-search_blocked = no classical rule with blocked cells: every cell solved backwards from a1 (a cell is lost when every move from it reaches a won cell)
ex-corner-win = with the { $piece } on { $cell } the player to move wins in { $k }: move to { $move }, a lost cell
ex-corner-win_now = with the { $piece } on { $cell } the player to move wins at once: move to { $move }, where the game ends
ex-corner-loss = with the { $piece } on { $cell } every move leaves a won cell: the player to move loses in { $k }
ex-corner-note = moves to a lost cell (loss in { $k } for the opponent, Grundy value { $g })
ex-corner-note_slower = moves to a lost cell (loss in { $k } for the opponent, Grundy value { $g }); also wins, but in { $mine } instead of { $best }
ex-corner-note_hold = holds out longest (the opponent has a win in { $k } there)
ex-pawn-rule = the price of a cell is what Max gets from there with best play: on the diagonal its payoff, elsewhere the larger of the two next prices where Max moves (x + y even) and the smaller where Min moves
ex-pawn-max = Max to move on { $cell }, price { $price }: { $move } keeps it (Max wants it high)
ex-pawn-min = Min to move on { $cell }, price { $price }: { $move } keeps it (Min wants it low)
ex-pawn-note = price { $price } (the other cell: { $other } { $other_price })
ex-pawn-note_only = the only move: price { $price }
ex-pawn-note_same = price { $price }
ex-pursuit-catch = capture times (retrograde over every pair of cells, pursuer to move): the pursuer catches the evader in { $t } rounds
ex-pursuit-never = capture times (retrograde over every pair of cells, pursuer to move): the evader can run for ever
ex-pursuit-within = capture times (retrograde over every pair of cells, pursuer to move): wherever the evader steps, it is caught within { $t } rounds
ex-pursuit-escape = capture times (retrograde over every pair of cells, pursuer to move): the evader has a step from which it can run for ever
ex-pursuit-left = { $left } rounds are left, this one included
ex-pursuit-left_after = the pursuer has { $left } more rounds after this step
ex-pursuit-note_after = rounds to the capture after it: { $t }
ex-pursuit-note_from = rounds to the capture from there: { $t }
ex-pursuit-note_never = the capture never comes from there
ex-coins-centre = take the centre { $centre }; then answer every coin with its mirror image through the centre: the mirror cell is always free, so the opponent runs out of room first
ex-coins-mirror = the centre { $centre } is taken and the coins are symmetric through it but for { $coin }: its mirror image { $move } makes them symmetric again and is always free
ex-coins-lost = the centre { $centre } is taken and the coins are symmetric through it: every coin placed now has a free mirror image for the opponent, who therefore never runs out of room first
ex-coins-note_centre = the centre: every later coin has a free mirror image
ex-coins-note_mirror = the mirror image of { $coin } through the centre
ex-coins-note_mirror_slower = the mirror image of { $coin } through the centre; also wins, but in { $k } instead of { $best }
ex-word-king = king
ex-word-queen = queen
ex-word-rook = rook
ex-word-knight = knight
ex-word-black = black
ex-word-white = white
ex-word-first = first
ex-word-second = second
ex-by-kayles = by the Grundy values of the rows
ex-by-king-parity = by the king's parity
ex-by-rook-nim = by the nim-sum
ex-by-wythoff = by Wythoff's pairs
ex-by-symmetry = by symmetry
ex-by-prices = by the prices of the cells
ex-by-capture-times = by capture times
ex-by-fours = by continuous fours
ex-by-win-now = by a win at once
ex-by-five = by a five
ex-by-their-five = by the opponent's five
ex-by-their-fours = by the opponent's continuous fours
ex-by-threat-search = by the threat search (fours and threes)
ex-by-engine = by the engine's search

# grundy show
show-as-form = --as { $given }: give a seat number 0..{ $last } or 'spectator'
show-as-range = --as { $given }: seats are 0..{ $last }
show-seat-outcome = seat { $seat }: { $outcome }
show-scores = ; scores { $scores }
show-over = over: { $outcomes }{ $scores } ({ $reason })
show-to-move = to move: seat { $seat }
show-more = … ({ $n } in all)
show-legal = legal: { $moves }
# grundy tournament and match: usage errors
tour-two-seats = { $game } is played by { $seats } here: a tournament's games have two seats
tour-two-players = give at least two players (--player SPEC, repeated)
tour-max-players = at most { $n } players
tour-swiss-rounds = --rounds { $rounds }: a swiss has 1 to { $n } rounds
tour-robin-rounds = --rounds { $rounds }: a round robin is played once (1) or twice with colours swapped (2)
tour-no-rounds = --rounds: a { $format } has as many rounds as its players need
tour-games = --games { $games }: 1 to { $n }
tour-sprt-pairs = --sprt with the pentanomial model needs game pairs: --games 2 or more
tour-concurrency = --concurrency { $given }: 1 to { $n }
tour-player-needs-server = player:NAME is someone already online: it needs --server URL (a node started here has nobody on it)
tour-pbrain-gomoku = pbrain: a Gomocup engine plays gomoku without a swap opening (--set opening=none)
tour-psq-gomoku = --format-out psq holds gomoku games, not { $game }: use pgn
tour-format-needs-out = --format-out needs --out PATH
tour-name-length = --name { $given }: a title has 1 to 64 characters
tour-gauntlet-first = gauntlet: the first player is the challenger, and a hosted bot can only be the challenger of other hosted bots: put the engine, SDK bot or player first

# the page: a finished game's record, the move list
web-record-open = Open record
web-record-of = Record of { $room }
web-record-download = Download { $format }
web-record-as-text = text
web-record-download-title = the record as { $format } (docs/RECORDS.md)
web-move-hidden = (hidden)
web-move-show-after = show the position after this move

# the page: people online and challenges
web-link-theirs = This link is { $name }'s (on any of their devices); anyone else who opens it watches the game:
web-link-anyone = Anyone with this link can take the free seat: send it to a friend:
web-where-is = { $where ->
    [playing] playing
    [watching] watching
   *[other] { $where }
}
web-where-playing-games = playing { $n } games
web-where-devices = { $where } · on { $n } devices
web-player-page = { $name }'s page
web-you = you
web-kind-of = { $kind ->
    [bot] bot
   *[other] { $kind }
}
web-challenge = Challenge
web-challenge-who = Challenge { $name }
web-rated-guest = rated games are for registered players: you play as a guest (register your name in the Account panel)
web-rated-seats = { $game } with these settings has { $seats } seats; a rated game has two
web-challenge-refused = cannot challenge { $name }: { $why } ({ $code })
web-challenge-sent = you challenged { $name } to { $rated ->
    [yes] a rated game of { $game }
   *[no] { $game }
} ({ $clock })
web-challenge-waiting = { $words }: waiting for the answer
web-withdraw = Withdraw
web-challenge-withdraw = Withdraw your challenge to { $name }
web-challenge-withdrawn = you withdrew your challenge to { $name }
web-dismiss = Dismiss
web-dismiss-why = Dismiss this message
web-challenge-received = { $bot ->
    [yes] { $name } (a bot)
   *[no] { $name }
} challenges you to { $rated ->
    [yes] a rated game of { $game }
   *[no] { $game }
}, { $clock }.
web-challenge-gone = { $name }'s challenge no longer stands (withdrawn or expired)
web-answer-refused = the answer to { $name } was refused: { $why } ({ $code })
web-accept = Accept
web-challenge-accept = Accept { $name }'s challenge
web-challenge-decline = Decline { $name }'s challenge
web-challenge-stands = It stands for { $s } s.
web-challenge-lapsed = { $name }'s challenge lapsed: it was not answered in time
web-challenge-answered-elsewhere = { $accepted ->
    [yes] a challenge to you was accepted on another of your devices
   *[no] a challenge to you was declined on another of your devices
}
web-challenge-declined = { $expired ->
    [yes] { $name } did not answer your challenge
   *[no] { $name } declined your challenge
}
web-challenge-ended = your challenge to { $name } ended: { $why }
web-their-challenge-answered-elsewhere = { $accepted ->
    [yes] { $name }'s challenge was accepted on another of your devices
   *[no] { $name }'s challenge was declined on another of your devices
}

# the page: tournaments
web-tstate = { $state ->
    [open] open
    [running] running
    [finished] finished
    [stopped] stopped
   *[other] { $state }
}
web-tstanding-round = { $state }, round { $round }
web-tformat = { $format ->
    [round-robin] round-robin
    [swiss] swiss
    [knockout] knockout
    [gauntlet] gauntlet
   *[other] { $format }
}
web-tentrants = { $n ->
    [one] { $n } entrant
   *[other] { $n } entrants
}
web-casual = casual
web-gstatus = { $status ->
    [bye] bye
    [pending] pending
    [playing] playing
    [waiting] waiting
    [aborted] aborted
    [finished] finished
   *[other] { $status }
}
web-forfeit = forfeit
web-tcannot-enter = cannot enter: { $why }
web-tcannot-withdraw = cannot withdraw: { $why }
web-tcannot-start = cannot start: { $why }
web-tcannot-create = cannot create the tournament: { $why }
web-tcannot-show = cannot show the tournament: { $why }
web-topen = Open the tournament { $name }
web-tbots = Hosted bots to enter
web-tbot = enter a hosted bot ({ $level })
web-choose-game = choose a game
web-not-whole = { $name }: { $given } is not a whole number from { $low } to { $high }
web-rounds = rounds
web-gpp = games per pairing
web-tcreated = { $name } is open for entries: enter it, then start it
web-tentered = you have entered
web-tdetails = { $details } · made by { $name }
web-withdrew = (withdrew)
web-tkind = { $kind ->
    [hosted] bot
    [bot] bot client
   *[other] { $kind }
}
web-against = { $name } against { $other }
web-round-n = round { $n }
web-bye = (bye)
web-tgame = round { $round } board { $board }{ $game ->
    [0] {""}
   *[other] {" "}game { $game }
}: { $players }
web-your-tournaments = your tournaments
web-tplaced = you placed { $rank } of { $n }
web-tline = Tournament { $name }: { $state }
web-standings = Standings
web-standings-of = Standings of { $name }
web-tdismiss = Dismiss the line about { $name }
web-twithdraw-ask = Withdraw? Your game in progress is resigned and your later games are lost by forfeit.
web-twithdrawn = you have withdrawn: { $name }
web-tstarted = it has started
web-tenter = Enter
web-tstart = Start
web-points = Points
web-wdl = W-D-L
web-tiebreak = Tie-break
web-trating = Rating
web-change-here = Change here
web-crosstable = Crosstable
web-crosstable-about = The points of the row's player against the column's, out of the games they played.
web-board = Board
web-result = Result
web-no-games-yet = No game yet: the first round is paired when its creator starts it.
web-format-robin = round robin (everyone meets everyone)
web-format-swiss = Swiss (rounds paired by score)
web-format-knockout = knockout
web-format-gauntlet = gauntlet (the first entrant meets each other)
web-rounds-label = Rounds
web-gpp-label = Games per pairing
web-create = Create
web-tended-all-played = all rounds played
web-tended-stopped = stopped by its creator
web-tended-stopped-early = stopped by its creator before the start
web-tended-challenger = the challenger withdrew
