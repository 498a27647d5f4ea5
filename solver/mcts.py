"""Monte Carlo tree search: the fallback for games without an evaluator.

UCT over the rules' immutable states with random playouts.  Each node keeps the reward of
the seat that moved into it, so the same code serves two players, coalitions and 3- or
4-player games (each seat maximises its own share, as in max^n).  A win is worth 1, a
draw 1/2 (a coalition's members share the win).  The clock is read every playout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from grundy.rules.base import Game, Result
from grundy.solver.search import Clock, discard


class _Node:
    __slots__ = ("state", "mover", "children", "untried", "visits", "reward")

    def __init__(self, state: Any, mover: int | None, moves: list[Hashable]) -> None:
        self.state = state
        self.mover = mover  # seat to move here (None: over)
        self.children: dict[Hashable, _Node] = {}
        self.untried = moves
        self.visits = 0
        self.reward = 0.0  # for the seat that moved into this node


def rewards(result: Result) -> list[float]:
    """1 for a win, 1/2 for a draw, 0 for a loss, per seat."""
    return [1.0 if o == "win" else (0.5 if o == "draw" else 0.0) for o in result.outcomes]


def mcts(
    game: Game,
    state: Any,
    clock: Clock,
    rng: random.Random,
    *,
    root_moves: Sequence[Hashable] | None = None,
    exploration: float = 1.4,
    max_iterations: int | None = None,
) -> tuple[Hashable, float, int]:
    """The most visited root move, its mean reward (0..1) for the seat to move, and the playouts run."""
    moves = list(root_moves) if root_moves is not None else game.legal_moves(state)
    root = _Node(state, game.to_move(state), list(moves))
    rng.shuffle(root.untried)
    iterations = 0
    limit = game.max_plies() + 1
    while not clock.expired() and (max_iterations is None or iterations < max_iterations):
        iterations += 1
        node = root
        path = [node]
        # selection
        while not node.untried and node.children:
            log_n = math.log(node.visits + 1)
            best: _Node | None = None
            best_u = -1.0
            for child in node.children.values():
                u = child.reward / child.visits + exploration * math.sqrt(log_n / child.visits)
                if u > best_u:
                    best, best_u = child, u
            assert best is not None
            node = best
            path.append(node)
        # expansion
        if node.untried:
            m = node.untried.pop()
            s = game.apply(node.state, m)
            mover = game.to_move(s)
            child_moves = game.legal_moves(s) if mover is not None else []
            rng.shuffle(child_moves)
            child = _Node(s, mover, child_moves)
            node.children[m] = child
            node = child
            path.append(node)
        # playout
        s = node.state
        plies = 0
        while not game.is_over(s) and plies < limit:
            s = game.apply(s, rng.choice(game.legal_moves(s)))
            plies += 1
        res = game.result(s)
        r = rewards(res) if res is not None else [0.5] * game.seats
        # backpropagation: each node's reward is for the seat that moved into it
        for i in range(len(path) - 1, 0, -1):
            n = path[i]
            n.visits += 1
            seat = path[i - 1].mover
            if seat is not None:
                n.reward += r[seat]
        root.visits += 1
    if not root.children:
        return moves[0], 0.5, iterations
    move, child = max(root.children.items(), key=lambda kv: kv[1].visits)
    mean = child.reward / max(1, child.visits)
    discard(root)  # the tree is freed off the clock
    return move, mean, iterations
