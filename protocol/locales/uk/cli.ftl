# Власні слова CLI (grundy tree, match, tournament)

# grundy tree: заголовок дерева і слова його вузлів
cli-tree-head = { $game }: дерево на { NUMBER($depth) } { $depth ->
        [one] півхід
        [few] півходи
       *[many] півходів
    } (K: гравець, що ходить, виграє не пізніше свого K-го ходу; -K: програє не пізніше K-го ходу суперника; 0: гру закінчено)
cli-tree-head-after = { $game } після { $moves }: дерево на { NUMBER($depth) } { $depth ->
        [one] півхід
        [few] півходи
       *[many] півходів
    } (K: гравець, що ходить, виграє не пізніше свого K-го ходу; -K: програє не пізніше K-го ходу суперника; 0: гру закінчено)
cli-tree-start = початок
cli-tree-over = кінець
cli-tree-draw = нічия
cli-tree-payoff = виплата
