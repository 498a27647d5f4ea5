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
   *[other] {" "}of { NUMBER($of) }
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
web-value-score = value { NUMBER($score) }
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
web-verdict-gave-away = gave away { NUMBER($score) }
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
web-teach-moves-span = moves { NUMBER($from) }-{ NUMBER($to) }
web-teach-worth = a score
web-teach-winning = { $name } winning
web-teach-turning = move { NUMBER($n) }, { $move } by { $name } ({ $verdict })
web-teach-accuracy = { $name }: { NUMBER($percent) }% ({ NUMBER($best) } of { $moves ->
    [one] { NUMBER($moves) } move
   *[other] { NUMBER($moves) } moves
} best)
