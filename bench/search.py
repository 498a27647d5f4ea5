"""Speed of the gomoku search: nodes per second of alpha-beta and of the threat search.

    python bench/search.py [--seconds 2] [--size 15]
    python bench/search.py --duel hard medium [--games 20] [--budget 1.0] [--jobs 2]

Runs the ``hard`` line-game search (without its threat searches, so the figure is the
alpha-beta's), the VCF search alone (for both sides, deepening until the time is up) and
the VCT search (fours and threes, for the side to move, up to 5 threat moves) on fixed
quiet positions, in each engine (``python``, and ``native`` where the extension is built;
``--engine`` picks one), and prints a table: position, engine, search, nodes, nodes/s, depth.
With the extension built, ``pattern`` rows time the pattern engine that plays ``max`` in
freestyle (``native/gomoku_engine.c``): one whole decision (its threat searches, then
alpha-beta until the time is up), nodes of all its searches together, and the alpha-beta's
last completed depth; fresh tables (a new process per run gives the same start).

``--duel A B`` plays the line-game engine's levels against each other on its own board
(freestyle 15x15, no rules module involved): each pair of games starts from the same
opening (``--opening`` plies played by ``easy``), once with each colour.  ``bench/match.py gomoku`` is the same
match through the rules and the bot entry point.
"""

from __future__ import annotations

import argparse
import dataclasses  # noqa: E402
import time

from grundy.rules.cells import parse_cell  # noqa: E402
from grundy.solver.gomoku import EASY, HARD, MAX, MEDIUM, Style, decide  # noqa: E402
from grundy.solver.lines import LineBoard, NativeLineBoard, native  # noqa: E402
from grundy.solver.search import Clock, TimeUp  # noqa: E402
from grundy.solver.vcf import ThreatSearch  # noqa: E402

POSITIONS = {
    "opening (3 stones)": "h8 i9 g9",
    "early (10 stones)": "h7 f8 i6 f9 f7 f11 g7 i7 f10 e7",
    "middle (20, won by threats)": "i8 g7 i6 h8 i7 i9 j10 i5 h6 g6 g5 j8 f6 h10 k7 f4 j7 l7 h5 k8",
    "late (40 stones)": "h9 j7 f6 j9 h8 j8 j6 h10 i7 g9 j10 i9 g11 k5 k7 i11 j12 i10 i12 f8 "
    "e7 k8 l7 l8 m8 l9 i6 h6 k6 j5 n9 o10 i5 i3 h4 g3 l6 m6 i4 i8",
}


def board_from(moves: str, size: int) -> tuple[LineBoard, int]:
    b = LineBoard(size, size, 5)
    p = 0
    for text in moves.split():
        x, y = parse_cell(text, size, size)
        b.place(b.cell(x, y), p)
        p = 1 - p
    return b, p


STYLES: dict[str, Style] = {"easy": EASY, "medium": MEDIUM, "hard": HARD, "max": MAX}


def duel_game(args: tuple[str, str, float, int, int, int]) -> tuple[int, str, int, float]:
    """One engine game; returns (index, A's outcome, stones, slowest move)."""
    import random

    level_a, level_b, budget, index, seed, opening_plies = args
    rng = random.Random(seed * 7919 + index)
    opening = random.Random(seed * 104729 + index // 2)
    b = LineBoard(15, 15, 5)
    p = 0
    for _ in range(opening_plies):
        b.place(decide(b, p, EASY, Clock.after(0.05), rng=opening).cell, p)
        p = 1 - p
    a_colour = index % 2
    slowest = 0.0
    while b.winner < 0 and not b.is_full():
        style = STYLES[level_a] if p == a_colour else STYLES[level_b]
        t0 = time.perf_counter()
        ch = decide(b, p, style, Clock.after(budget), rng=rng)
        slowest = max(slowest, time.perf_counter() - t0)
        b.place(ch.cell, p)
        p = 1 - p
    outcome = "draw" if b.winner < 0 else ("win" if b.winner == a_colour else "loss")
    return index, outcome, b.stones, slowest


def duel(level_a: str, level_b: str, games: int, budget: float, jobs: int, seed: int, opening: int) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from match import fmt_elo, summary  # bench/match.py, beside this file

    print(f"engine duel, gomoku freestyle 15x15: {level_a} (A) vs {level_b} (B), {games} games, "
          f"{budget:g} s/move, {opening} opening plies")
    work = [(level_a, level_b, budget, i, seed, opening) for i in range(games)]
    outcomes = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for index, outcome, stones, slowest in pool.map(duel_game, work):
            outcomes.append(outcome)
            print(f"game {index + 1:>3}: A {'black' if index % 2 == 0 else 'white'}  {outcome:<5} "
                  f"after {stones} stones; slowest move {slowest:.3f} s", flush=True)
    s = summary(outcomes)
    print(f"A wins {s['wins']:.0f}  losses {s['losses']:.0f}  draws {s['draws']:.0f}  score {s['score']:.1%}  "
          f"Elo A-B {fmt_elo(s['elo'])} (95% {fmt_elo(s['elo_low'])} .. {fmt_elo(s['elo_high'])})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--duel", nargs=2, metavar=("LEVEL_A", "LEVEL_B"), choices=list(STYLES))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=2, help="plies played by 'easy' before the duel")
    ap.add_argument("--engine", choices=["python", "native", "pattern", "both"], default="both")
    args = ap.parse_args()
    if args.duel:
        duel(args.duel[0], args.duel[1], args.games, args.budget, args.jobs, args.seed, args.opening)
        return
    style = dataclasses.replace(HARD, vcf_depth=0, vct_depth=0, defend_vcf=False, defend_vct=0)
    engines = ["python", "native", "pattern"] if args.engine == "both" else [args.engine]
    if native is None and ("native" in engines or "pattern" in engines):
        print("(the native extension is not built here: python only)")
        engines = ["python"]
    print(f"{'position':<30} {'engine':<7} {'search':<10} {'nodes':>11} {'nodes/s':>11} {'depth':>6}")
    print("-" * 80)
    for name, moves in POSITIONS.items():
        for engine in engines:
            b, p = board_from(moves, args.size)
            if engine == "pattern":
                pattern(name, b, p, args.seconds)
                continue
            run(name, engine, b if engine == "python" else NativeLineBoard.mirror(b), p, style, args.seconds)


def pattern(name: str, b: LineBoard, p: int, seconds: float) -> None:
    """One decision of the pattern engine (max in freestyle): all its nodes, its depth."""
    t0 = time.perf_counter()
    _, _, _, nodes, depth, reason = native.gomoku_think(
        b.width, b.height, 0, list(b.history), p, t0 + seconds, MAX.pattern_vct
    )
    dt = time.perf_counter() - t0
    print(f"{name:<30} {'pattern':<7} {'decision':<10} {nodes:>11,} {nodes / dt:>11,.0f} {depth:>6}  ({reason})",
          flush=True)


def run(name: str, engine: str, b: LineBoard | NativeLineBoard, p: int, style: Style, seconds: float) -> None:
    """The three searches on one position in one engine, a table row each."""
    row = f"{name:<30} {engine:<7}"
    t0 = time.perf_counter()
    ch = decide(b, p, style, Clock.after(seconds), engine=engine)
    dt = time.perf_counter() - t0
    print(f"{row} {'alpha-beta':<10} {ch.nodes:>11,} {ch.nodes / dt:>11,.0f} {ch.depth:>6}", flush=True)
    ts = ThreatSearch(b, Clock.after(seconds))
    t0 = time.perf_counter()
    depth = 0
    try:
        for depth in range(1, 30):
            if ts.find(p, depth) is not None or ts.find(1 - p, depth) is not None:
                break
    except TimeUp:
        pass
    dt = time.perf_counter() - t0
    print(f"{row} {'VCF':<10} {ts.nodes:>11,} {ts.nodes / dt:>11,.0f} {depth:>6}", flush=True)
    ts = ThreatSearch(b, Clock.after(seconds))
    t0 = time.perf_counter()
    depth = 0
    try:
        for depth in range(1, 6):
            if ts.find_vct(p, depth) is not None:
                break
    except TimeUp:
        pass
    dt = time.perf_counter() - t0
    print(f"{row} {'VCT':<10} {ts.nodes:>11,} {ts.nodes / dt:>11,.0f} {depth:>6}", flush=True)


if __name__ == "__main__":
    main()
