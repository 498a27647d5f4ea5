# Собственные слова CLI (grundy tree, match, tournament)

# grundy tree: заголовок дерева и слова его узлов
cli-tree-head = { $game }: дерево на { NUMBER($depth) } { $depth ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    } (K: ходящий игрок выигрывает не позже своего K-го хода; -K: проигрывает не позже K-го хода противника; 0: игра окончена)
cli-tree-head-after = { $game } после { $moves }: дерево на { NUMBER($depth) } { $depth ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    } (K: ходящий игрок выигрывает не позже своего K-го хода; -K: проигрывает не позже K-го хода противника; 0: игра окончена)
cli-tree-start = начало
cli-tree-over = конец
cli-tree-draw = ничья
cli-tree-payoff = выплата
