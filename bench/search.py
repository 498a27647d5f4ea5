"""Speed of the gomoku search: nodes per second of alpha-beta and of the threat search.

    python bench/search.py [--seconds 2] [--size 15]

Runs the ``hard`` line-game search (no threat search, so the figure is the alpha-beta's)
and the VCF search alone on fixed positions, and prints a table: position, stones, nodes,
nodes/s, depth reached.
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
from solver.search import Clock  # noqa: E402
from solver.vcf import ThreatSearch  # noqa: E402

POSITIONS = {
    "opening (3 stones)": "h8 i9 g9",
    "early middle (10 stones)": "h8 i9 g9 g8 i7 h7 h6 j8 f8 g10",
    "middle (24 stones)": "j5 k5 k6 i4 i6 j6 k4 l3 g8 h7 l7 l4 m8 n9 i7 m3 n2 k3 j3 n3 o3 m5 j2 l5",
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
    style = dataclasses.replace(HARD, vcf_depth=0, defend_vcf=False)
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
                if ts.find(p, depth) is not None:
                    break
        except Exception:
            pass
        dt = time.perf_counter() - t0
        print(f"{name:<28} {'VCF':<8} {ts.nodes:>9,} {ts.nodes / dt:>9,.0f} {depth:>6}", flush=True)


if __name__ == "__main__":
    main()
