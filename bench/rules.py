"""Random-playout speed of every game: plies per second in one process.

    python bench/rules.py [--seconds 2] [--game NAME]

Prints a table (game, parameters, plies/s, games/s).  Rules are the inner loop of every
bot, so this is the figure to watch when a rules module changes.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from grundy import rules  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("nim", {}),
    ("nim", {"heaps": "20,30,40,50"}),
    ("subtraction", {"n": 100, "take": "1,2,3"}),
    ("stones", {"heaps": "7,20"}),
    ("corner", {"piece": "king"}),
    ("corner", {"piece": "queen", "width": 64, "height": 64}),
    ("corner", {"piece": "knight", "width": 20, "height": 20}),
    ("pawn", {"size": 16}),
    ("coins", {"width": 15, "height": 15}),
    ("mnk", {}),
    ("mnk", {"m": 4, "n": 4, "k": 4}),
    ("gomoku", {}),
    ("gomoku", {"size": 19}),
    ("gomoku", {"rule": "renju"}),
    ("gomoku", {"rule": "caro"}),
    ("pursuit", {}),
    ("pursuit", {"pursuers": 2, "width": 20, "height": 10, "seed": 1}),
    ("minesweeper", {"seed": 1}),
    ("minesweeper", {"width": 30, "height": 16, "mines": 99, "seed": 1}),
]


def measure(name: str, params: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Plies/s and games/s of random playouts (legal_moves + choice + apply + is_over)."""
    game = rules.create(name, **params)
    rng = random.Random(7)
    choice = rng.choice
    legal, apply, over = game.legal_moves, game.apply, game.is_over
    plies = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        s = game.initial()
        while not over(s):
            s = apply(s, choice(legal(s)))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return plies / elapsed, games / elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per case")
    ap.add_argument("--game", default=None, help="only this game")
    args = ap.parse_args()
    known = set(rules.names())
    print(f"{'game':<12} {'parameters':<36} {'plies/s':>12} {'games/s':>10}")
    print("-" * 74)
    for name, params in CASES:
        if name not in known or (args.game and name != args.game):
            continue
        plies, games = measure(name, params, args.seconds)
        ptext = " ".join(f"{k}={v}" for k, v in params.items()) or "(defaults)"
        print(f"{name:<12} {ptext:<36} {plies:>12,.0f} {games:>10,.1f}", flush=True)


if __name__ == "__main__":
    main()
