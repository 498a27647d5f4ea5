"""Victories by continuous fours: the set of positions ``max`` must solve.

Each position is a gomoku freestyle 15x15 game as a move list (black first), with the
attacker to move.  ``plies`` is the length of the shortest win by continuous fours,
counting the attacker's fives-making last move (so 9 means five attacker moves and four
forced blocks); ``firsts`` is every first move that starts such a win within 11 plies,
and ``line`` one winning line, replayed through the rules to check the data.
The positions come from games between the lower levels (a tactical middle game, not
composed problems), covering lines of 3, 5, 7, 9 and 11 plies.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from grundy import rules
from grundy.rules.cells import format_cell, parse_cell
from grundy.solver.bot import choose
from grundy.solver.gomoku import MAX, decide
from grundy.solver.lines import LineBoard
from grundy.solver.search import Clock
from grundy.solver.vcf import ThreatSearch


class VCF(NamedTuple):
    plies: int
    moves: str
    firsts: set[str]
    line: str


POSITIONS = [
    VCF(
        3,
        "g11 f11 g8 j5 g9 j11",
        {"g10"},
        "g10 g7 g12",
    ),
    VCF(
        3,
        "j10 e11 i7 e12 j8 e10 l10",
        {"e13", "e9"},
        "e9 e8 e13",
    ),
    VCF(
        3,
        "f11 f10 k7 h11 e11 h12 e12 h13 h9",
        {"h14"},
        "h14 h10 h15",
    ),
    VCF(
        3,
        "k5 j9 e8 i9 f9 k9 l9 h9 g9 i10 d7 k8",
        {"c6", "g10"},
        "g10 c6 h11",
    ),
    VCF(
        5,
        "j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8",
        {"k9"},
        "k9 k11 m9 i9 n9",
    ),
    VCF(
        5,
        "i10 g10 i11 i12 h11 g11 g12 j9 e14 f13 j11 h9 l11 k11 k12 f11 i8 i9 g9 h10 l13 m14 j8",
        {"d13", "e12", "e13", "f12", "k9", "l9"},
        "f12 e13 f10 f9 f14",
    ),
    VCF(
        5,
        "g7 f7 i11 h10 g8 j8 i9 g6 h8 j10 f6 e5 i10 i8 j11 j9 i12 i13 k12 h9 m14 l13 k10",
        {"f5", "h7", "j7"},
        "j7 j6 g10 k6 f11",
    ),
    VCF(
        5,
        "g7 i5 h11 h4 h7 j6 g3 l8 k7 i7 h8 i6 h9 h10 h6 h5 i4 i9 i8 j7 k8 g4 f3 j8 j9",
        {"f12", "g11", "j5"},
        "j5 j4 k5 g5 l5",
    ),
    VCF(
        5,
        "f10 i5 h7 i6 i8 i3 i4 h5 j9 k10 f5 g6 j7 h6 j6 f6 e6 j8 g4 h3 h4 j4 f4 e4 c8 d7 g7",
        {"k3"},
        "k3 l2 j3 g3 l3",
    ),
    VCF(
        7,
        "i9 f10 e10 j8 f9 g10 g8 h7 d11 c12 d9 i10 e9 c9 e8 j10 h10 e11",
        {"e6", "e7", "g9", "h9"},
        "g9 h9 e7 e6 f8 d6 i11",
    ),
    VCF(
        7,
        "h5 f10 g8 f8 j11 f11 f7 f12 f9 f14 f13 i10 e10 h7 d11 c12 e12 c10 g14 h15 e8 g6",
        {"e9"},
        "e9 e11 e6 e7 d5 c4 h9",
    ),
    VCF(
        7,
        "h6 k8 j8 k9 k7 i9 i7 j9 l9 l7 f4 g5 i10 n5 m6 k11 k10 j10 h8 l8 m7 i11 h12 j11 h11",
        {"j12", "l11", "l12", "m11", "m13"},
        "j12 j13 g9 h9 h10 f8 k13",
    ),
    VCF(
        7,
        "j5 k5 k6 i4 i6 j6 k4 l3 g8 h7 l7 l4 m8 n9 i7 m3 n2 k3 j3 n3 o3 m5 j2 l5 j1 j4 l2",
        {"n5", "n6"},
        "n6 o7 n5 o5 n7 n4 n8",
    ),
    VCF(
        7,
        "h8 g6 h9 f9 i11 k8 h10 h11 g9 f8 j12 k13 f10 i7 d12 e11 g10 i10 e10 d10 h6 h7 j9 g7 i9 k9 j7",
        {"c11", "e9", "f7"},
        "f7 e7 f5 f6 e4 d3 i8",
    ),
    VCF(
        7,
        "f10 e9 h10 k5 g9 e11 f8 e7 e10 g10 i11 j12 f9 f7 d11 g8 b13 c12 f12 f11 i9 g11 h9 j9 h12 h11 i10 "
        "i12 j10 j13 k14 g13",
        {"i7", "k10", "k9", "l10", "l8"},
        "i7 i8 h8 j6 k11 g7 l12",
    ),
    VCF(
        9,
        "e6 e7 g6 j9 f7 f6 e8 h5 g8 h9 d9 c10 d8 h8",
        {"c8", "d5"},
        "c8 f8 d5 c4 d7 d6 f5 g4 b9",
    ),
    VCF(
        9,
        "e10 k9 h6 k10 e9 k11 k8 k12 k13 l11 d10 j9 f8 g7 i8 i9 h9",
        {"j10", "l9", "m12", "m9", "n13"},
        "j10 h8 l12 m13 m12 n13 j12 i12 n12",
    ),
    VCF(
        9,
        "f8 f5 f10 f7 f12 f11 e9 f3 g11 d8 h10 i9 h12 i13 d10 f6 f4 g7",
        {"b12", "c11", "e10", "e13"},
        "e10 g10 e13 d14 e11 e12 g13 c9 h14",
    ),
    VCF(
        9,
        "h8 j5 k8 k5 g10 l5 m5 h5 i5 j7 i8 j8 j6 k6 k7 m4 n3 h4 i7 i4",
        {"f10", "i9", "l8", "m9"},
        "i9 i6 i10 i11 f10 g9 h10 e10 j10",
    ),
    VCF(
        9,
        "k9 h11 g9 g11 f8 g7 i11 h10 j10 h12 h9 i9 j8 f10 l8 m7 e9 f12 e13 f9 l10",
        {"f11", "f13", "h13", "h14", "i13", "j14"},
        "f11 f13 e11 d11 h14 h13 g13 d10 i15",
    ),
    VCF(
        9,
        "i8 h5 j6 i5 j5 j4 j7 k3 j9 j8 h6 m1 l2 g6 k6 l5 k10 l11 h9 g10 k9 i9",
        {"k8", "l6"},
        "k8 k7 l6 i6 m6 n6 l7 n5 i10",
    ),
    VCF(
        9,
        "k6 k8 j6 m6 i6 h6 l7 m8 j5 m7 m5 l8 j8 n8 o8 j7 i4 h3 i5 m10 m9 i7 h5 l9 n11 k5 l6 k7 i3 i2 f5 g5 "
        "h7 f4 e3 k4 g6 j3 l5 e4 f9 g8 f7 e8 k10 i8 f8 f6 l4 l3 f11 f10 e7 k9 d7 g7 c7 b7 n6",
        {"i11", "j10"},
        "j10 i11 h8 i9 d4 e5 c4 b4 g4",
    ),
    VCF(
        11,
        "k10 g6 h10 h5 i10 j10 f10 i4 e10 g10 f7 k2 j3 g8 g7 g11 g12 f11 e7 h7 f8 i11",
        {"c7", "d6", "f6"},
        "f6 f9 d6 g9 c7 d7 f4 f5 e5 g3 b8",
    ),
    VCF(
        11,
        "g10 j7 e10 f11 f10 h10 d10 c10 e9 e8 g11 d8 f8 g7 h12 i13 b12 c11 g13 g12 e11 c9 f12 h14 e12 e13 "
        "c8 d12 b10 f7 b11",
        {"c12", "c13", "f14", "g15", "g6", "h7"},
        "h7 i7 g6 d9 e7 d7 g5 f6 g4 g3 g8",
    ),
]


def board(moves: str) -> tuple[LineBoard, int]:
    b = LineBoard(15, 15, 5)
    p = 0
    for text in moves.split():
        x, y = parse_cell(text, 15, 15)
        b.place(b.cell(x, y), p)
        p = 1 - p
    return b, p


def name(b: LineBoard, c: int) -> str:
    return format_cell(*b.xy(c))


def ids(v: VCF) -> str:
    return f"{v.plies}-plies-{len(v.moves.split())}-stones"


@pytest.mark.parametrize("v", POSITIONS, ids=ids)
def test_threat_search_finds_the_shortest_win(v: VCF) -> None:
    b, p = board(v.moves)
    ts = ThreatSearch(b, Clock.after(10.0))
    shortest = next(d for d in range(1, 8) if ts.find(p, d) is not None)
    line = ts.find(p, shortest)
    assert line is not None and len(line) == v.plies
    assert name(b, line[0]) in v.firsts


@pytest.mark.parametrize("v", POSITIONS, ids=ids)
def test_max_engine_plays_a_winning_first_move(v: VCF) -> None:
    b, p = board(v.moves)
    choice = decide(b, p, MAX, Clock.after(1.0), rng=random.Random(0))
    assert name(b, choice.cell) in v.firsts
    assert choice.reason == "wins by continuous fours"


def test_positions_cover_lines_up_to_ten_plies() -> None:
    assert {v.plies for v in POSITIONS} >= {3, 5, 7, 9}


@pytest.mark.parametrize("v", POSITIONS, ids=ids)
def test_recorded_line_wins_by_the_rules(v: VCF) -> None:
    game = rules.create("gomoku")
    state = game.replay(v.moves.split())
    attacker = game.to_move(state)
    state = game.replay(v.line.split(), state)
    result = game.result(state)
    assert result is not None and result.outcomes[attacker] == "win"


@pytest.mark.parametrize("v", POSITIONS, ids=ids)
def test_max_bot_plays_a_winning_first_move(v: VCF) -> None:
    game = rules.create("gomoku")
    state = game.replay(v.moves.split())
    d = choose(game, state, "max", 1.0, rng=random.Random(0))
    assert game.format_move(state, d.move) in v.firsts
