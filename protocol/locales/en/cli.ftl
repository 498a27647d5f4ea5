# The CLI's own words (grundy tree, match, tournament): messages cli-...

# grundy tree: the heading of the outline and the words of its nodes
cli-tree-head = { $game }: the tree to { NUMBER($depth) } { $depth ->
        [one] ply
       *[other] plies
    } (K: the player to move wins by their K-th move; -K: loses by the opponent's K-th move at the latest; 0: over)
cli-tree-head-after = { $game } after { $moves }: the tree to { NUMBER($depth) } { $depth ->
        [one] ply
       *[other] plies
    } (K: the player to move wins by their K-th move; -K: loses by the opponent's K-th move at the latest; 0: over)
cli-tree-start = start
cli-tree-over = over
cli-tree-draw = draw
cli-tree-payoff = payoff
