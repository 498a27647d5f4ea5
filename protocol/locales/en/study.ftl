# The study area in English: the teacher's board, its puzzles, and what every client shows by the
# board before the first move and on the Hint control (client/controls.py).

## A player's page

study-puzzles-solved = Puzzles solved: { $count }

## Before the first move, and the Hint control

study-notation-example = moves are written like { $moves }
study-hint-spectator = spectators get no hints
study-hint-not-playing = hints are for a game in progress
study-hint-rated = no hints in a rated game: its result counts for the ratings (the review comes after the end)
study-hint-hidden = no hints in { $game }: it is a game of hidden information, and the solver cannot see the hidden part
study-hint-not-your-turn = hints come on your turn; { $who } is to move
study-hint-no-bot = no hints against { $others }: hints are for casual games against a hosted bot
study-list-and = { $first } and { $second }
study-nobody = nobody

## The terminal's game tree (F7), help (F1) and puzzles (F12)

study-tree-drawing = the tree is being drawn...
study-tree-keys = Enter fold/unfold · o open the position · d deeper · Esc close
study-tree-title = { $title }: the tree to { $depth } plies (K: the player to move wins by their K-th move; -K: loses by the opponent's K-th move at the latest; 0: over). At a won node only the winning moves, at a lost node every move.
study-tree-none = no tree: { $why }
study-tree-root = this position
study-help-title = Help (Esc closes)
study-help-moves = Moves
study-help-keys = Keys here
study-help-f1 = this help
study-help-no-game = Choose a game in the lobby: its description says what a move is; in a game, type a move in the box under the board (or pick it on the board with the arrows and Enter).
study-help-notation-unknown = { $game }: moves are written in the game's notation (see `grundy games`).
study-help-example = From the start, for example: { $moves }.
study-help-example-more = From the start, for example: { $moves } and others.
study-help-type = Type a move in the box under the board and press Enter, or pick it on the board (arrows, Enter).
study-puzzles-title = Puzzles: find the winning move (Enter opens one, Esc back)
study-puzzles-making = the solver is making the puzzles...
study-puzzle-placeholder = your move, Enter
study-grade-easy = easy
study-grade-medium = medium
study-grade-hard = hard
study-puzzle-win-by = win by move { $k }
study-puzzles-intro = { $count } puzzles, made by the solver; easy: a win at once, hard: by move 4 or later.
study-puzzle-notation = Moves are written like { $move }.
study-puzzle-illegal = not a move here: { $why }
study-puzzle-right = Right: { $said } (solved: { $solved }; Esc: the list)
study-puzzle-wrong = Not this one: { $said }
study-puzzles-solved-here = solved here: { $solved } of { $count }
