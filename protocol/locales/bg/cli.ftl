# Собствените думи на CLI (grundy tree, match, tournament)

# grundy tree: заглавието на дървото и думите на възлите му
cli-tree-head = { $game }: дървото до { NUMBER($depth) } { $depth ->
        [one] полуход
       *[other] полухода
    } (K: играчът на ход печели най-късно със своя K-и ход; -K: губи най-късно с K-ия ход на противника; 0: играта е свършила)
cli-tree-head-after = { $game } след { $moves }: дървото до { NUMBER($depth) } { $depth ->
        [one] полуход
       *[other] полухода
    } (K: играчът на ход печели най-късно със своя K-и ход; -K: губи най-късно с K-ия ход на противника; 0: играта е свършила)
cli-tree-start = начало
cli-tree-over = край
cli-tree-draw = реми
cli-tree-payoff = изплащане
