"""`grundy tree`: the game tree of a position with the exam's codes, pruned as the exam prunes it.

Exit status: 0 drawn; 2 bad input (unknown game, bad parameter, move or depth, a game the exact
solver does not play); 3 too large to solve within the solver's bound (solver/tree.py).
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy import rules
from grundy.cli.common import add_game_arguments, fail, make_game, print_json, rules_text, split_moves, t
from grundy.solver import exact, tree


def register(sub: Any) -> None:
    p = sub.add_parser(
        "tree",
        help=t("help-tree"),
        description=t("help-tree-about", depth=tree.MAX_DEPTH, nodes=tree.MAX_NODES),
    )
    add_game_arguments(p)
    p.add_argument("--depth", type=int, default=None, metavar="N",
                   help=t("help-tree-depth", depth=tree.MAX_DEPTH))
    p.add_argument("--json", action="store_true", help=t("help-tree-json"))
    p.set_defaults(run=run_tree)


def run_tree(args: argparse.Namespace) -> int:
    game = make_game(args)
    moves = split_moves(args.moves)
    try:
        state = game.replay(moves)
    except rules.RulesError as e:
        fail(f"--moves: {rules_text(e)}")
    depth = tree.MAX_DEPTH if args.depth is None else args.depth
    try:
        root = tree.build(game, state, depth)
    except exact.Unsupported as e:
        fail(str(e))
    except exact.TooLarge as e:
        fail(str(e), 3)
    except ValueError as e:
        fail(f"--depth: {e}")
    if args.json:
        print_json({"game": game.name, "params": game.public_params(), "moves": moves, "depth": depth,
                    "tree": root.to_dict()})
        return 0
    if moves:
        print(t("cli-tree-head-after", game=exact.describe(game), moves=" ".join(moves), depth=depth))
    else:
        print(t("cli-tree-head", game=exact.describe(game), depth=depth))
    words = {key: t(f"cli-tree-{key}") for key in tree.OUTLINE_WORDS}
    for line in tree.outline(root, words=words):
        print(line)
    return 0
