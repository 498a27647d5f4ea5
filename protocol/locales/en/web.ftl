## The page's analysis board, hint and review (client/web/analysis.js, teach.js, explained.js)

web-an-part = part
web-an-size = size
web-an-binary = binary
web-an-head = { $name } to move: { $value } { $by }
web-an-map = on the board: { $what }
web-an-hint = hint: { $move }
web-an-no-hint = no hint: { $why }
web-an-over-here = the game is over here: step back to try a move
web-an-wait = wait for the solver's answer about this position
web-an-illegal = { $move } is not a legal move here
web-an-start = At the start
web-an-after = After move { NUMBER($ply) }{ $of ->
    [0] {""}
   *[other] {" "}of { $of }
} ({ $move })
web-an-first = the start (Home)
web-an-prev = one move back (←)
web-an-next = one move on (→)
web-an-last = the end (End)
web-an-what-if = What if:
web-an-no-move-yet = (no move yet)
web-an-instead = instead of { $move }
web-an-to-move-at = { $name } to move at move { NUMBER($n) }
web-an-back = Back to the game
web-an-back-title = the game's own moves
web-an-about = Play any move on the board to see what it would have done.
web-an-end = The game's end{ $back ->
    [yes] : step back with ← or click a move.
   *[no] .
}
web-an-last-position = The last position ({ $over }){ $back ->
    [yes] : step back with ← or click a move.
   *[no] .
}
web-an-looking = the solver is looking at this position…
web-an-refused = no explanation: { $why }
web-an-again = Ask again
web-an-in-the-game = In the game
web-an-played = { $name } played { $move }
web-an-before-it = before it: { $value }
web-an-better-below = better { $moves }, as explained below
web-ex-by-other = by the solver
web-map-corner = the result for the player to move with the { $piece } on each cell (W3: wins by the 3rd own move; L2: loses by the opponent's 2nd move at the latest; L0: the game is over there); the lost cells are those of Grundy value 0{ $more ->
    [yes] ; the cells nearest the piece, lost cells first
   *[no] {""}
}
web-map-prices = the price of each cell: what Max gets from there with best play{ $more ->
    [yes] {" "}(the cells nearest the pawn, those it can still reach first)
   *[no] {""}
}
web-map-pursuit = rounds for the pursuer on { $cell }, to move, to catch the evader on each cell ('-': never); the outcome is the pursuer's
web-map-cells = the result for the player to move of playing on each empty cell (W3: wins by the 3rd own move counting this one; L2: loses by the opponent's 2nd move at the latest; D: a draw)
web-map-other = what the solver found for each cell
web-value-win-in = win in { NUMBER($k) }
web-value-loss-in = loss in { NUMBER($k) }
web-value-win-at-most = win in at most { NUMBER($k) }
web-value-loss-at-most = loss in at most { NUMBER($k) }
web-value-win = win
web-value-loss = loss
web-value-draw = draw
web-value-score = value { $score }
web-value-engine = engine { $score }
web-value-engine-win = engine: a win in sight
web-value-engine-loss = engine: a loss in sight
web-value-won = won
web-value-unknown = not proven
web-verdict-best = best
web-verdict-kept-win = kept the win
web-verdict-threw-win = threw the win away
web-verdict-threw-draw = threw the draw away
web-verdict-hurried = hurried the loss
web-verdict-resigned-won = resigned a won game
web-verdict-resigned-drawn = resigned a drawn game
web-verdict-resigned-lost = resigned a lost game
web-verdict-resigned = resigned
web-verdict-missed-win = missed a proven win
web-verdict-missed-defence = missed a forced defence
web-verdict-allowed-win = allowed a proven win
web-verdict-lost-anyway = lost anyway
web-verdict-stopped = stopped the threat
web-verdict-engine = engine's choice
web-verdict-engine-close = close to the engine's choice
web-verdict-engine-other = engine prefers another move
web-verdict-no-proof = no proof
web-verdict-not-judged = not judged
web-verdict-gave-away = gave away { $score }
web-verdict-other = judged
web-review-why-board = click the row: the board explains it
web-review-title = The solver's verdict on every move
web-review-who-winning = Who was winning:
web-review-turning = Turning moves:
web-review-accuracy = Accuracy:
web-review-player = Player
web-review-move = Move
web-review-before = Before
web-review-after = After
web-review-verdict = Verdict
web-review-show = show this position on the board
web-review-better = better
web-teach-looking = { $move }: the solver is looking at it…
web-teach-over-after = After { $move } the game is over: { $reason }
web-teach-after = After { $move }, { $name } is to move with { $article ->
    [yes] a { $value }
   *[no] { $value }
}
web-teach-best = a best move
web-teach-throws-win = it throws the win away
web-teach-throws-draw = it throws the draw away
web-teach-keeps-win = it keeps the win
web-teach-losing = a losing move
web-teach-draw = it leads to a draw
web-teach-move-n = move { NUMBER($n) }
web-teach-moves-span = moves { $from }-{ $to }
web-teach-worth = a score
web-teach-winning = { $name } winning
web-teach-turning = move { NUMBER($n) }, { $move } by { $name } ({ $verdict })
web-teach-accuracy = { $name }: { $percent }% ({ $best } of { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} best)

## The study pages (client/web/study.html, studypage.js, study.js)

web-study-nav-analysis = Analysis board
web-study-nav-exam = Exam
web-study-nav-puzzles = Puzzles
web-study-any = Any position
web-study-open = Open this position
web-study-position = The position
web-study-copy = Copy
web-study-tree = Game tree
web-study-draw-tree = Draw the tree
web-study-unfold = Unfold all
web-study-fold = Fold all
web-exam-title = The exam's heap game (tasks 19-21)
web-exam-solve = Solve every S
web-puzzles-title = Puzzles: find the winning move
web-puzzle = Puzzle
web-puzzle-next = Next puzzle
web-puzzle-all = All puzzles
web-study-tree-about = Each node: the move that leads to it and its code for the player to move there (K: wins by their K-th move; -K: loses by the opponent's K-th move at the latest; 0: the game is over). At a won node only the winning moves, at a lost node every move. A move opens its position.
web-exam-about = Two players, heaps of stones; a move applies one operation to one heap. The game ends when the total reaches the goal; with the rule reach-wins whoever reaches it wins. S is the unknown heap.
web-puzzles-about = Made by the solver for the games it solves, and taken from real games where a win was thrown away. Easy: a win at once; medium: by your 2nd or 3rd move; hard: later.
web-study-game = Game
web-study-moves = Moves from the start
web-study-share = Share
web-study-depth = Depth
web-exam-heaps = Heaps
web-exam-ops = Operations
web-exam-goal = Goal
web-exam-rule = Rule
web-exam-range = S from..to
web-study-moves-hint = e.g. 1:2, 3:1 (commas between moves)
web-exam-range-hint = all (e.g. 1..69)
web-study-reconnecting = connection lost: reconnecting…
web-study-disconnected = disconnected: { $reason }
web-study-catching-up = the server is catching up…
web-study-seat = { $seat ->
    [0] First player
    [1] Second player
   *[other] Seat { $seat }
}
web-study-no-page = no such page here: the analysis board is shown
web-study-no-game = no game { $game } here: choose one above
web-study-no-position = no position: { $why }
web-study-notation = Notation: a move is written as on the board, e.g. { $move }; click the board or a button to play it.
web-study-after = After { $moves }
web-study-over = The game is over here.
web-study-back = Back
web-study-back-title = take the last move back
web-study-plies = { $n ->
    [one] { NUMBER($n) } ply
   *[other] { NUMBER($n) } plies
}
web-study-drawing = drawing the tree…
web-study-no-tree = no tree: { $why }
web-study-this-position = this position
web-study-open-position = open this position on the board
web-study-open-further = open it to see further
web-study-copied = the address is copied
web-study-no-catalog = the game catalog did not come: { $why }
web-exam-solving = the solver is solving every S…
web-exam-no-table = no table: { $why }
web-exam-answers = The answers
web-exam-task = Task { $n }
web-exam-why19 = the least S: the second player can win by his first move after a bad first move
web-exam-why20 = every S where the first player wins by his second move, not by his first
web-exam-why21 = the least S where the second player wins by his first or second move, not surely by his first
web-exam-codes = The code of every start S
web-exam-codes-about = K: the first player wins by his K-th move; -K: the second player wins by his K-th move at the latest. Click an S to see its game tree.
web-exam-open-tree = S = { $s }: open its game tree
web-puzzles-making = the solver is making the puzzles…
web-puzzles-none = no puzzles: { $why }
web-puzzles-solved = Solved here: { NUMBER($n) } of { $total }.
web-puzzles-from-games = From real games: a win was thrown away here
web-puzzle-grade-easy = easy
web-puzzle-grade-medium = medium
web-puzzle-grade-hard = hard
web-puzzle-from-game = from a game
web-puzzle-solved = solved
web-puzzle-none = No such puzzle
web-puzzle-title = Puzzle { $id }
web-puzzle-task = { $game }: find the winning move.
web-puzzle-notation = Click your move on the board (or its button); moves are written like { $move }.
web-puzzle-not-a-move = not a move here
web-puzzle-right = Right
web-puzzle-wrong = Not this one
web-puzzle-refuted = Not this one: the opponent answers { $reply } and wins.
web-puzzle-see-refutation = See the refutation on the analysis board
web-puzzle-see-tree = See the position and its tree on the analysis board
web-code-over = the game is over
web-code-draw = a draw with best play
web-code-payoff = worth { $value } to the player to move
web-code-win = the player to move wins by their { $k } move
web-code-loss-now = every move loses at once
web-code-loss = the player to move loses by the opponent's { $k } move at the latest

## Boards, hints, accounts and the rest of the page (client/web/boards.js, controls.js, accounts.js, app.js, games.js, net.js)

web-board-take-from = take { NUMBER($n) } from heap { $heap }
web-board-of = { $words } (of { NUMBER($n) })
web-board-heaps-keys = heaps: up and down choose a heap, left and right how many, Enter takes
web-board-heap = heap
web-board-take = take { $n }
web-board-takeaway = take { $take } · goal { $goal } · { $rule }
web-board-sums = total { $total } · goal { $goal } · { $rule }
web-board-pins-keys = pins: left and right choose a pin or a pair, Enter knocks
web-board-pin = pin { NUMBER($n) }
web-board-pin-state = pin { NUMBER($n) }{ $up ->
    [yes] {""}
   *[no] , down
}
web-board-knock = knock pins { $pair }
web-board-pair = pins { $pair }
web-board-keys = arrows move, Enter plays{ $modes ->
    [yes] , Shift+Enter plays the other way
   *[no] {""}
}
web-board-grid = board { $w } by { $h }: { $keys }
web-board-mines-left = { $n ->
    [one] { NUMBER($n) } mine left
   *[other] { NUMBER($n) } mines left
}
web-board-stone = { $colour } stone
web-board-colour-black = black
web-board-colour-white = white
web-board-colour-red = red
web-board-colour-blue = blue
web-board-blocked = blocked
web-board-covered = covered
web-board-cell-empty = empty
web-board-winning-line = { $cell }: the winning line
web-board-on-line = winning line
web-hint-rated = no hints in a rated game: its result counts for the ratings (the review comes after the end)
web-hint-notation = moves are written like { $moves }
web-hint-spectators = spectators get no hints
web-hint-in-progress = hints are for a game in progress
web-hint-hidden = no hints in { $game }: it is a game of hidden information, and the solver cannot see the hidden part
web-hint-your-turn = hints come on your turn; { $name } is to move
web-hint-against = no hints against { $names }: hints are for casual games against a hosted bot
web-hint-nobody = nobody
web-acc-secret-refused = the secret kept for { $name } was refused: sign in again with the right one
web-acc-secret-copied = secret copied
web-acc-provisional = provisional: RD above 110
web-acc-registered = registered { $when } UTC
web-acc-hosted-bot = a hosted bot
web-app-bad-link = this link opens no game: { $why }
web-app-draw-declined = { $name } declined the draw
web-app-your-move-title = Your move — { $title }
web-app-no-review = no review: { $why }
web-games-every = every game
web-net-dropped = the connection dropped
web-net-not-connected = not connected: reconnecting…
web-sound-title = sounds of moves, the end and low time
web-challenges-region = challenges
web-param-optional = optional
web-exam-game = heaps { $heaps } · operations { $ops } · goal { $goal } · { $rule }
web-attr-copy-secret = to sign in on another device
web-attr-game = game
web-attr-refresh-people = refresh the people online
web-attr-tournaments-state = show tournaments in this state
web-attr-refresh-tournaments = refresh the tournaments
web-attr-refresh-tournament = refresh the tournament
web-attr-wdl = wins-draws-losses
web-attr-change-here = what this tournament's rated games did to the rating
web-attr-round = round
web-attr-tn-name = made from the game and format
web-attr-name-rule = 1-32 letters, digits, _ . or -, starting with a letter or digit
