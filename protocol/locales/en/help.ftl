# The help of grundy solve, exam, tree and play (--help), in the command's language.

help-grundy = Play mathematical games online, against people and bots, and learn why a position is won.
help-lang = the language of the output: en, uk, ru or bg (default: the system's locale, LC_ALL or LANG; else English)
help-solve = who wins a position with perfect play, how fast, and the best moves
help-stats = also print the positions generated and the time (stderr)
help-exam = the exam's heap game (tasks 19-21): the code of every S and the three answers
help-exam-about = Solves the stones game for every start S and prints each position's code (K: the first player wins by their K-th move; -K: the second player wins by their K-th move at the latest), then the answers of tasks 19, 20 and 21.
help-exam-heaps = start heaps with S where the unknown goes (default 7,S)
help-exam-ops = operations (default +1,*2)
help-exam-goal = the goal on the total (default 77, meaning >= 77)
help-exam-rule = reach-wins (default) or reach-loses
help-exam-range = values of S (default: 1 up to the last one below the goal)
help-max-nodes = give up (exit 3) after solving N new positions (default { $nodes })
help-time-limit = give up (exit 3) after this many seconds (default { $seconds })
help-tree = the game tree of a position with the exam's codes (K wins by the K-th move, -K loses)
help-tree-about = Draws the game tree of the position after --moves as an indented outline. Each node is the move that leads to it and its code for the player to move there: K, that player wins by their K-th move; -K, they lose by the opponent's K-th move at the latest; 0, the game is over (or drawn). Pruned as the exam prunes it: at a won node only the winning moves, at a lost node every move. At most { $depth } plies deep and { $nodes } nodes; a node whose children are left out ends with '...'.
help-tree-depth = plies below the position to draw (0 to { $depth }; default { $depth })
help-tree-json = machine-readable output (JSON: the tree with each node's move, code, outcome, value and children)
help-play = play a game in the terminal (or a pygame window) against a bot or a person
help-play-about = Play or watch a game. Without --server a node starts in-process (with its bot workers); without GAME the lobby opens.
help-play-game = game to start (see `grundy games`)
help-play-vs = the opponent: human (an open seat) or bot:LEVEL ({ $levels }); default bot:easy
help-play-clock = time control: minutes + seconds a move, e.g. 5+2 (30s+1 for seconds; default: untimed)
help-play-rated = a rated game (changes both players' ratings): needs --server and a name registered there (grundy register NAME --server URL), a two-seat game and one opponent
help-play-join = join a room by its join code (or room id)
help-play-spectate = watch a room (its id, or a private room's code)
help-play-server = a running node, e.g. ws://host:8765 (default: start one here); several nodes of a cluster, comma separated or --server repeated: the game goes on on another when its node is gone
help-play-ui = the client (default terminal)
help-play-name = your display name (default: your login name)
help-play-secret = the secret of the registered player --name (default: the one grundy register saved for this server)
help-play-db = store file of the in-process node (default: a temp dir)
help-play-workers = bot workers of the in-process node (default 1)
help-play-screenshot = pygame: save the window as a PNG (after --frames frames)
help-play-frames = pygame: draw N frames, save the screenshot and quit
help-play-node-late = the local node did not start within { $seconds } s
help-play-node-failed = the local node did not start: { $error }
