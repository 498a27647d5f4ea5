"""Speed of the pattern engine (``max`` in freestyle gomoku): native against its Python twin.

    python bench/pattern.py [--depth 4] [--vct-depth 4] [--node-limit 50000] [--size 15] [--repeat 1]

Runs one whole decision of each engine (``_grundy_native.gomoku_think`` and
``solver/gomoku_pattern.decide``) in the fixed-depth mode (alpha-beta up to ``--depth``
plies, threat searches ``--vct-depth`` threat moves deep, every search stopped after
``--node-limit`` nodes in all, fresh tables, no clock) on the same positions, checks that
both give the same answer, and prints a table: position, engine, nodes, seconds, nodes/s,
depth, reason, and the twin's slowdown.  Each engine's time is the best of ``--repeat``
runs, after one warm-up decision.  Without the extension only the Python rows are printed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from grundy.rules.cells import parse_cell
from grundy.solver import gomoku_pattern
from grundy.solver.lines import native

POSITIONS = {
    "opening (3 stones)": "h8 i9 g9",
    "early (10 stones)": "h7 f8 i6 f9 f7 f11 g7 i7 f10 e7",
    "middle (14, threats)": "h8 i9 i8 g8 j8 k8 h9 h10 g10 f11 i10 j10 j9 k9",
    "middle (16, a VCF)": "l6 l8 m7 m9 m10 l4 k10 o6 m6 n5 j6 o5 i4 n6 k8 j9",
    "edge (6 stones)": "a1 b2 a2 b3 a3 b4",
    "late (40 stones)": "h9 j7 f6 j9 h8 j8 j6 h10 i7 g9 j10 i9 g11 k5 k7 i11 j12 i10 i12 f8 "
    "e7 k8 l7 l8 m8 l9 i6 h6 k6 j5 n9 o10 i5 i3 h4 g3 l6 m6 i4 i8",
}
Think = Callable[..., Any]


def stones(moves: str, size: int) -> list[tuple[int, int]]:
    out = []
    for i, text in enumerate(moves.split()):
        x, y = parse_cell(text, size, size)
        out.append((y * size + x, i % 2))
    return out


def timed(think: Think, args: tuple[Any, ...], limits: dict[str, int], repeat: int) -> tuple[Any, float]:
    """The engine's answer and its best time over ``repeat`` runs."""
    best = float("inf")
    answer = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        answer = think(*args, **limits)
        best = min(best, time.perf_counter() - t0)
    return answer, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=4, help="alpha-beta plies (2..119)")
    ap.add_argument("--vct-depth", type=int, default=4, help="threat moves in the threat searches (0..8)")
    ap.add_argument("--node-limit", type=int, default=50_000, help="nodes of one decision (0: no limit)")
    ap.add_argument("--size", type=int, default=15, help="board side (15..26)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each engine, the best time kept (1..20)")
    args = ap.parse_args()
    if not (2 <= args.depth <= 119 and 0 <= args.vct_depth <= 8 and args.node_limit >= 0):
        ap.error("--depth 2..119, --vct-depth 0..8, --node-limit 0 or more")
    if not (15 <= args.size <= 26 and 1 <= args.repeat <= 20):
        ap.error("--size 15..26, --repeat 1..20")
    limits = {"vct_depth": args.vct_depth, "max_depth": args.depth, "node_limit": args.node_limit}
    engines: list[tuple[str, Think]] = [("python", gomoku_pattern.decide)]
    if native is not None and hasattr(native, "gomoku_think"):
        engines.insert(0, ("native", native.gomoku_think))
    else:
        print("(the native extension is not built here: the Python twin only)")
    for _, think in engines:  # warm up: tables built, memory touched
        think(args.size, args.size, 0, [], 0, time.perf_counter() + 1e9, max_depth=2)
    head = f"{'position':<22} {'engine':<7} {'nodes':>9} {'seconds':>9} {'nodes/s':>11} {'depth':>5}  {'reason':<36}"
    print(head + " slower")
    print("-" * 112)
    totals = {name: [0.0, 0.0] for name, _ in engines}
    differ = 0
    for name, moves in POSITIONS.items():
        placed = stones(moves, args.size)
        call = (args.size, args.size, 0, placed, len(placed) % 2, time.perf_counter() + 1e9)
        answers: dict[str, Any] = {}
        times: dict[str, float] = {}
        for engine, think in engines:
            answer, dt = timed(think, call, limits, args.repeat)
            answers[engine], times[engine] = answer, dt
            nodes, depth, reason = answer[3], answer[4], answer[5]
            totals[engine][0] += nodes
            totals[engine][1] += dt
            slower = ""
            if engine == "python" and "native" in times:
                ratio = dt / times["native"]
                slower = f"{ratio:.1f}x" if ratio < 10 else f"{ratio:.0f}x"
            row = f"{name:<22} {engine:<7} {nodes:>9,} {dt:>9.3f} {nodes / dt:>11,.0f} {depth:>5}  {reason:<36}"
            print(f"{row} {slower}", flush=True)
        if len(answers) == 2 and answers["native"] != answers["python"]:
            differ += 1
            print(f"  the engines differ: native {answers['native']} python {answers['python']}")
    print("-" * 112)
    for engine, (nodes, dt) in totals.items():
        print(f"{'all positions':<22} {engine:<7} {int(nodes):>9,} {dt:>9.3f} {nodes / dt:>11,.0f}")
    if len(engines) == 2:
        print("same answers on every position" if not differ else f"different answers on {differ} positions")


if __name__ == "__main__":
    main()
