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
        help="the game tree of a position with the exam's codes (K wins by the K-th move, -K loses)",
        description=(
            "Draws the game tree of the position after --moves as an indented outline.  Each node is "
            "the move that leads to it and its code for the player to move there: K, that player wins "
            "by their K-th move; -K, they lose by the opponent's K-th move at the latest; 0, the game "
            "is over (or drawn).  Pruned as the exam prunes it: at a won node only the winning moves, "
            f"at a lost node every move.  At most {tree.MAX_DEPTH} plies deep and {tree.MAX_NODES} nodes; "
            "a node whose children are left out ends with '...'."
        ),
    )
    add_game_arguments(p)
    p.add_argument("--depth", type=int, default=None, metavar="N",
                   help=f"plies below the position to draw (0 to {tree.MAX_DEPTH}; default {tree.MAX_DEPTH})")
    p.add_argument("--json", action="store_true",
                   help='machine-readable output: {"game", "params", "moves", "depth", "tree": {move, code, '
                        'outcome, value, children, more}}')
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
