"""Speed of the gomoku search: nodes per second of alpha-beta and of the threat search.

    python bench/search.py [--seconds 2] [--size 15]

Runs the ``hard`` line-game search (without its threat searches, so the figure is the
alpha-beta's) and the VCF search alone (for both sides, deepening until the time is up)
on fixed quiet positions, and prints a table: position, search, nodes, nodes/s, depth.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import dataclasses  # noqa: E402

from rules.cells import parse_cell  # noqa: E402
from solver.gomoku import HARD, decide  # noqa: E402
from solver.lines import LineBoard  # noqa: E402
from solver.search import Clock, TimeUp  # noqa: E402
from solver.vcf import ThreatSearch  # noqa: E402

POSITIONS = {
    "opening (3 stones)": "h8 i9 g9",
    "early (10 stones)": "h7 f8 i6 f9 f7 f11 g7 i7 f10 e7",
    "middle (20 stones)": "i8 g7 i6 h8 i7 i9 j10 i5 h6 g6 g5 j8 f6 h10 k7 f4 j7 l7 h5 k8",
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--size", type=int, default=15)
    args = ap.parse_args()
    style = dataclasses.replace(HARD, vcf_depth=0, vct_depth=0, defend_vcf=False)
    print(f"{'position':<28} {'search':<8} {'nodes':>9} {'nodes/s':>9} {'depth':>6}")
    print("-" * 64)
    for name, moves in POSITIONS.items():
        b, p = board_from(moves, args.size)
        t0 = time.perf_counter()
        ch = decide(b, p, style, Clock.after(args.seconds))
        dt = time.perf_counter() - t0
        print(f"{name:<28} {'alpha-beta':<8} {ch.nodes:>9,} {ch.nodes / dt:>9,.0f} {ch.depth:>6}", flush=True)
        ts = ThreatSearch(b, Clock.after(args.seconds))
        t0 = time.perf_counter()
        depth = 0
        try:
            for depth in range(1, 30):
                if ts.find(p, depth) is not None or ts.find(1 - p, depth) is not None:
                    break
        except TimeUp:
            pass
        dt = time.perf_counter() - t0
        print(f"{name:<28} {'VCF':<8} {ts.nodes:>9,} {ts.nodes / dt:>9,.0f} {depth:>6}", flush=True)


if __name__ == "__main__":
    main()
