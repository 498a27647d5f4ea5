"""The native line-game engine against the pure-Python reference.

Both engines keep the same board (scores, winning cells in the same order, threes, keys),
and at a fixed depth without evaluation noise the native alpha-beta visits the same nodes
and returns the same value, move and line; the threat searches find the same lines.
Positions are move lists in cell notation (black first, colours alternating).
"""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

from grundy.rules.cells import parse_cell
from grundy.solver import lines
from grundy.solver.gomoku import HARD, MAX, LinePosition, Style, decide, native_search
from grundy.solver.lines import LineBoard, NativeLineBoard
from grundy.solver.search import Clock, Searcher
from grundy.solver.vcf import ThreatSearch

needs_native = pytest.mark.skipif(lines.native is None, reason="the native extension is not built here")

POSITIONS = [
    "h8 i9 g9",
    "h7 f8 i6 f9 f7 f11 g7 i7 f10 e7",
    "i8 g7 i6 h8 i7 i9 j10 i5 h6 g6 g5 j8 f6 h10 k7 f4 j7 l7 h5 k8",
    "h9 j7 f6 j9 h8 j8 j6 h10 i7 g9 j10 i9 g11 k5 k7 i11 j12 i10 i12 f8 "
    "e7 k8 l7 l8 m8 l9 i6 h6 k6 j5 n9 o10 i5 i3 h4 g3 l6 m6 i4 i8",
    "h8 h9 i8 i9 j8 j9",
    "h8 i7 i8 j8 h7 h6 g8 f8 i9 j10",
]


def boards(moves: str, size: int = 15, rule: str = "free", k: int = 5) -> tuple[LineBoard, NativeLineBoard, int]:
    """The Python and the native board after ``moves``, and the colour to move."""
    b = LineBoard(size, size, k, rule=rule)  # type: ignore[arg-type]
    p = 0
    for text in moves.split():
        x, y = parse_cell(text, size, size)
        b.place(b.cell(x, y), p)
        p = 1 - p
    return b, NativeLineBoard.mirror(b), p


def state(b: LineBoard | NativeLineBoard) -> tuple[object, ...]:
    fours = [list(f.items()) for f in b.fours]  # in order: the first winning cell is the one played
    return (list(b.score), fours, list(b.ndouble), [list(t) for t in b.tcount], b.key, b.winner, b.stones)


def test_the_extension_is_built_in_ci() -> None:
    if os.environ.get("CI"):
        assert lines.native is not None, "CI installs the package with its native engine"


@needs_native
@pytest.mark.parametrize("rule", ["free", "standard", "renju", "caro"])
@pytest.mark.parametrize("size", [9, 15, 19])
def test_the_boards_keep_the_same_counts(rule: str, size: int) -> None:
    rng = random.Random(f"{rule}{size}")
    for _ in range(6):
        b = LineBoard(size, size, 5, rule=rule)  # type: ignore[arg-type]
        nb = NativeLineBoard(size, size, 5, rule=rule)  # type: ignore[arg-type]
        for i in range(rng.randint(5, min(60, size * size - 1))):
            c = rng.choice([c for c in range(size * size) if not b.board[c]])
            b.place(c, i % 2)
            nb.place(c, i % 2)
            assert state(b) == state(nb)
            assert b.four_makers(i % 2) == nb.four_makers(i % 2)
            assert b.empties_near() == nb.empties_near()
        for _ in range(rng.randint(0, b.stones)):
            b.remove()
            nb.remove()
            assert state(b) == state(nb)


@needs_native
@pytest.mark.parametrize("moves", POSITIONS)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_searches_agree_at_a_fixed_depth(moves: str, depth: int) -> None:
    # The documented configuration: any level's widths and defence, no evaluation noise.
    for style in (HARD, MAX):
        style = dataclasses.replace(style, max_depth=depth, leaf_vcf=0)  # the documented configuration
        b, nb, p = boards(moves)
        pos = LinePosition(b, p, lambda s: s, style)
        roots = pos.candidates(style.root_width)
        py = Searcher(pos, Clock.after(1e6), max_depth=depth).root_search(roots)
        na = native_search(nb, p, style, Clock.after(1e6), roots)
        assert (na.move, na.value, na.pv, na.depth, na.nodes) == (py.move, py.value, py.pv, py.depth, py.nodes)
        assert na.root_values == py.root_values


@needs_native
@pytest.mark.parametrize("rule", ["standard", "renju", "caro"])
def test_the_searches_agree_under_each_rule(rule: str) -> None:
    style = Style(max_depth=3)
    for moves in POSITIONS[:4]:
        b, nb, p = boards(moves, rule=rule)
        if b.winner >= 0:
            continue
        pos = LinePosition(b, p, lambda s: s, style)
        roots = pos.candidates(style.root_width)
        py = Searcher(pos, Clock.after(1e6), max_depth=3).root_search(roots)
        na = native_search(nb, p, style, Clock.after(1e6), roots)
        assert (na.move, na.value, na.pv, na.nodes) == (py.move, py.value, py.pv, py.nodes)


@needs_native
@pytest.mark.parametrize("size", [15, 19])
@pytest.mark.parametrize("rule", ["free", "renju", "caro"])
def test_the_threat_searches_find_the_same_lines(size: int, rule: str) -> None:
    for moves in POSITIONS:
        b, nb, p = boards(moves, size=size, rule=rule)
        if b.winner >= 0:
            continue
        for attacker in (p, 1 - p):
            for depth in range(1, 7):
                py = ThreatSearch(b, Clock.after(1e6)).find(attacker, depth)
                assert ThreatSearch(nb, Clock.after(1e6)).find(attacker, depth) == py
            for threats in range(0, 2):
                py = ThreatSearch(b, Clock.after(1e6)).find_vct(attacker, threats)
                assert ThreatSearch(nb, Clock.after(1e6)).find_vct(attacker, threats) == py


@needs_native
def test_renju_black_may_not_win_by_a_double_four() -> None:
    # Black's d4 would make two fours at once (on row 4 and on column d): forbidden in renju,
    # so black's VCF must find another way or none; white may.
    b, nb, p = boards("a4 o15 b4 o14 c4 o13 d1 n15 d2 n14 d3 m15", rule="renju")
    assert p == 0
    for board in (b, nb):
        line = ThreatSearch(board, Clock.after(10)).find(0, 3)
        assert line is None or line[0] != board.cell(3, 3)
    assert nb.engine.forbidden_four(nb.cell(3, 3)) and not nb.engine.forbidden_four(nb.cell(4, 3))
    free, nfree, _ = boards("a4 o15 b4 o14 c4 o13 d1 n15 d2 n14 d3 m15", rule="free")
    assert ThreatSearch(nfree, Clock.after(10)).find(0, 1) is not None


@needs_native
def test_caro_a_five_blocked_at_both_ends_does_not_win_natively() -> None:
    # Black c8-f8 between white b8 and h8: g8 would make a five blocked at both ends.
    b, nb, p = boards("c8 b8 d8 h8 e8 a1 f8 a2", rule="caro")
    g8 = b.cell(6, 7)
    assert p == 0 and not b.makes_win(g8, 0) and not nb.makes_win(g8, 0)
    assert nb.engine.win_cells(0) == LinePosition(b, 0, lambda s: s, HARD).win_cells(0) == []
    free, nfree, _ = boards("c8 b8 d8 h8 e8 a1 f8 a2", rule="free")
    assert nfree.makes_win(g8, 0) and nfree.engine.win_cells(0) == [g8]


@needs_native
@pytest.mark.parametrize("moves", POSITIONS[:3])
def test_decide_makes_the_same_choice_natively(moves: str) -> None:
    style = dataclasses.replace(HARD, max_depth=2)
    b, _, p = boards(moves)
    py = decide(b, p, style, Clock.after(1e6), rng=random.Random(3), engine="python")
    na = decide(b, p, style, Clock.after(1e6), rng=random.Random(3), engine="native")
    assert (na.cell, na.value, na.pv, na.reason) == (py.cell, py.value, py.pv, py.reason)


@needs_native
def test_19x19_and_k6_boards_play_natively() -> None:
    b, nb, p = boards("j10 a1 k10 a2 l10 a3 m10 a19", size=19)
    assert p == 0
    choice = decide(b, p, HARD, Clock.after(0.5), engine="native")
    assert choice.cell in (b.cell(8, 9), b.cell(13, 9)) and choice.reason == "wins at once"
    style = Style(max_depth=3)
    b, nb, p = boards(POSITIONS[1], size=19)
    pos = LinePosition(b, p, lambda s: s, style)
    roots = pos.candidates(style.root_width)
    py = Searcher(pos, Clock.after(1e6), max_depth=3).root_search(roots)
    na = native_search(nb, p, style, Clock.after(1e6), roots)
    assert (na.move, na.value, na.pv, na.nodes) == (py.move, py.value, py.pv, py.nodes)
    six = LineBoard(12, 12, 6)
    nsix = NativeLineBoard(12, 12, 6)
    for c, p in [(50, 0), (60, 1), (51, 0), (61, 1), (52, 0), (62, 1), (53, 0)]:
        six.place(c, p)
        nsix.place(c, p)
        assert state(six) == state(nsix)


def test_renju_black_never_plays_a_forbidden_double_three() -> None:
    # h8 would make two open threes (f8 g8 h8 and h6 h7 h8): the winning move in freestyle,
    # forbidden for black in renju; the bots' root moves are checked with the rules.
    from grundy import rules
    from grundy.solver.bot import choose

    for rule, wanted in (("renju", False), ("freestyle", True)):
        game = rules.create("gomoku", rule=rule)
        s = game.initial()
        for text in "f8 a1 g8 a3 h6 a5 h7 a15".split():
            s = game.play(s, game.parse_move(s, text))
        h8 = game.parse_move(s, "h8")
        for level in ("medium", "hard", "max"):
            move = choose(game, s, level, 0.3, rng=random.Random(1)).move
            assert game.is_legal(s, move) and (move == h8) == wanted, (rule, level)
