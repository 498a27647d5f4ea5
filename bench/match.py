"""Match runner: one bot level against another over N games, colours alternating.

    python bench/match.py GAME LEVEL_A LEVEL_B [--games 20] [--budget 1.0] [--set key=value ...]
                          [--jobs 2] [--seed 1] [--opening PLIES] [--show N ...] [--moves]

Bot A takes seat ``i mod seats`` in game ``i`` and bot B every other seat.  Games with a
random layout (a ``seed`` parameter) play each layout twice, once from each side.  With
``--opening N`` the first N plies of each pair of games are played by the ``easy`` bot with
the pair's own random source, so deterministic bots do not replay the same game: both
sides of a pair start from the same opening.
Prints one line per game, then A's wins, losses and draws, its score and the Elo
difference A - B with a 95% interval (Wilson interval on the score, draws as half points),
and the slowest move against the budget.  ``--show N`` plays only game N (1-based, the
same seeds as in the full match, so a game can be replayed; repeat it for several games) and
prints its moves; ``--moves`` prints every game's moves in the rules' notation.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules  # noqa: E402
from solver.bot import LEVELS, choose  # noqa: E402


def parse_sets(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise SystemExit(f"--set {item!r}: write key=value")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def play_one(args: tuple[str, dict[str, Any], str, str, float, int, int, int]) -> dict[str, Any]:
    """Play game ``index``; returns A's outcome, the plies and the slowest move."""
    name, params, level_a, level_b, budget, index, seed, opening = args
    params = dict(params)
    cls = rules.game_class(name)
    if any(p.name == "seed" for p in cls.parameters) and "seed" not in params:
        params["seed"] = seed * 1000 + index // 2
    game = rules.create(name, **params)
    seat_a = index % game.seats
    rng = random.Random(seed * 7919 + index)
    state = game.initial()
    slowest = 0.0
    plies = 0
    moves: list[str] = []
    book = random.Random(seed * 104729 + index // 2)
    while plies < opening and not game.is_over(state):
        move = choose(game, state, "easy", 0.05, rng=book).move
        moves.append(game.format_move(state, move))
        state = game.play(state, move)
        plies += 1
    while not game.is_over(state):
        seat = game.to_move(state)
        level = level_a if seat == seat_a else level_b
        t0 = time.perf_counter()
        d = choose(game, state, level, budget, rng=rng)
        slowest = max(slowest, time.perf_counter() - t0)
        moves.append(game.format_move(state, d.move))
        state = game.play(state, d.move)
        plies += 1
    result = game.result(state)
    assert result is not None
    return {
        "index": index,
        "seat_a": seat_a,
        "outcome": result.outcomes[seat_a],
        "reason": result.reason,
        "plies": plies,
        "slowest": slowest,
        "moves": moves,
    }


def elo(score: float) -> float:
    if score <= 1e-9:
        return -math.inf
    if score >= 1 - 1e-9:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval for a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(outcomes: list[str]) -> dict[str, float]:
    w = outcomes.count("win")
    lo = outcomes.count("loss")
    d = outcomes.count("draw")
    n = len(outcomes)
    score = (w + d / 2) / n if n else 0.0
    a, b = wilson(score, n)
    return {"wins": w, "losses": lo, "draws": d, "games": n, "score": score,
            "elo": elo(score), "elo_low": elo(a), "elo_high": elo(b)}


def fmt_elo(x: float) -> str:
    return "+inf" if x == math.inf else ("-inf" if x == -math.inf else f"{x:+.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("level_a", choices=LEVELS)
    ap.add_argument("level_b", choices=LEVELS)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per move")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="game parameter")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=0, help="plies played by 'easy' before the match bots")
    ap.add_argument("--show", type=int, action="append", default=[], metavar="N",
                    help="play only game N (1-based, repeatable) and print its moves")
    ap.add_argument("--moves", action="store_true", help="print every game's moves")
    args = ap.parse_args()
    for n in args.show:
        if not 1 <= n <= args.games:
            raise SystemExit(f"--show {n}: games are numbered 1 to {args.games}")
    show_moves = args.moves or bool(args.show)
    params = parse_sets(args.set)
    rules.create(args.game, **params)  # validate before starting
    jobs = [
        (args.game, params, args.level_a, args.level_b, args.budget, i, args.seed, args.opening)
        for i in range(args.games)
        if not args.show or i + 1 in args.show
    ]
    ptext = " ".join(f"{k}={v}" for k, v in params.items()) or "(defaults)"
    print(f"{args.game} {ptext}: {args.level_a} (A) vs {args.level_b} (B), {args.games} games, "
          f"{args.budget:g} s/move, {args.opening} opening plies")
    if args.show:
        print("showing game(s) " + ", ".join(str(n) for n in sorted(set(args.show))))
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for r in pool.map(play_one, jobs):
                results.append(r)
                _line(r, show_moves)
    else:
        for j in jobs:
            r = play_one(j)
            results.append(r)
            _line(r, show_moves)
    s = summary([r["outcome"] for r in results])
    slowest = max((r["slowest"] for r in results), default=0.0)
    print("-" * 60)
    print(f"A wins {s['wins']:.0f}  losses {s['losses']:.0f}  draws {s['draws']:.0f}  "
          f"score {s['score']:.1%}  Elo A-B {fmt_elo(s['elo'])} "
          f"(95% {fmt_elo(s['elo_low'])} .. {fmt_elo(s['elo_high'])})")
    print(f"slowest move {slowest:.3f} s (budget {args.budget:g} s); wall time {time.perf_counter() - started:.0f} s")


def _line(r: dict[str, Any], show_moves: bool = False) -> None:
    print(f"game {r['index'] + 1:>3}: A in seat {r['seat_a']}  {r['outcome']:<5} "
          f"after {r['plies']:>3} plies ({r['reason']}); slowest move {r['slowest']:.3f} s", flush=True)
    if show_moves:
        print("  moves: " + " ".join(r["moves"]), flush=True)


if __name__ == "__main__":
    main()
