"""The pattern engine's pure-Python twin (solver/gomoku_pattern.py) against the native one
(native/gomoku_engine.c).

At a fixed depth and from empty tables both give the same move, value, principal variation,
node count, depth and reason, whatever stopped the search (the depth, the node limit); the
positions cover openings, midgames with threats, wins by continuous fours and threats,
defences against them and the board's edges, both rules, plus random legal positions.
``max`` falls back on the twin where the extension is not built, and keeps its budget.
"""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.rules.cells import parse_cell
from grundy.solver import gomoku, gomoku_pattern, lines
from grundy.solver.gomoku import MAX, decide
from grundy.solver.lines import LineBoard
from grundy.solver.search import Clock

native = lines.native
needs_native = pytest.mark.skipif(
    native is None or not hasattr(native, "gomoku_think"), reason="the native extension is not built here"
)
FAR = 1e9  # a deadline no test reaches: the answers depend on the position alone

# (board size, moves played so far, the reason the engines give at depth 3)
POSITIONS = [
    # openings
    (15, "", "the only move"),
    (15, "h8", "search"),
    (15, "h8 i9", "search"),
    (15, "h8 i9 j8", "search"),
    (15, "h8 h9 i8 j7", "search"),
    (19, "j10 k11", "search"),
    (26, "m13 n14 l12 k11 n13 o12", "search"),
    # midgames
    (15, "h8 i8 h9 h10 i10 g9", "search"),
    (15, "h8 i9 i8 g8 j8 k8 h9 h10 g10 f11 i10 j10 j9 k9 i11", "search"),
    # a five to make, a four to block (the open four behind it is lost), an open four to make
    (15, "h8 h9 i8 i9 j8 j9 k8 a1", "wins at once"),
    (15, "h8 a1 h9 a2 h10 a3 h11", "blocks a four"),
    (15, "h8 a1 h9 a2 h10 a3", "wins by continuous fours"),
    # wins by continuous fours, found by the search
    (15, "a9 f4 g10 b5 c9 g7 b10 d4 a6 d9 d10 g9 g5 e5 b7 a4 c5 e6 a5 d5", "wins by continuous fours"),
    (15, "h9 i8 i4 k6 m6 l8 m7 l4 g8 j8 h7 m10 i7 l6 l7 h6", "wins by continuous fours"),
    (15, "d10 e11 f9 h10 c9 d9 h15 e15 b12 h14 h9 c13 b15 e14 c10 d14 g10", "wins by continuous fours"),
    (15, "l6 l8 m7 m9 m10 l4 k10 o6 m6 n5 j6 o5 i4 n6 k8 j9", "wins by continuous fours"),
    # wins by continuous threats (fours and open threes)
    (15, "c13 i10 e13 c14 f10 d11 d9 g15 f11 g10 h15 e10", "wins by continuous threats"),
    (15, "j8 h9 e12 f13 g10 j10 i11 h8 h10 j12 e11 f10 i12 g12", "wins by continuous threats"),
    (15, "o6 l8 k5 o9 n9 j7 m10 l9 l10 n4 k9 o10", "wins by continuous threats"),
    (15, "e15 a10 e13 f15 b10 a13 e9 c14 d14 f11 e10 c10 b11 e14", "wins by continuous threats"),
    # the opponent's threats: only the moves that stop them
    (15, "h8 a1 h9 b15 h10", "defends against continuous threats"),
    (15, "h8 h9 i9 g7 i7 j8 i8 i10 g9", "defends against continuous threats"),
    (15, "f14 f12 a11 e14 c10 d13 c13 e10 g12 a13 e11 d15 g15 g13 e15 a9 f10", "defends against continuous threats"),
    (15, "b5 f9 b3 a3 b4 d5 a7 c5 c6 f6 g5 c3 a5", "defends against continuous threats"),
    (9, "e5 d4 f5 e4 d5", "defends against continuous threats"),
    # edges, corners, small boards
    (15, "a1 b2 a2 b3 a3 b4", "search"),
    (15, "o15 n14 o14 n13 o13 m12", "search"),
    (15, "a8 b8 a9 b9 a10 b10", "wins by continuous fours"),
    (7, "d4 c3 e4 c4", "search"),
    (5, "c3 b2", "search"),
]


def stones(moves: str, size: int) -> list[tuple[int, int]]:
    out = []
    for i, text in enumerate(moves.split()):
        x, y = parse_cell(text, size, size)
        out.append((y * size + x, i % 2))
    return out


def both(size: int, placed: list[tuple[int, int]], rule: int = 0, **kw: int) -> tuple[tuple, tuple]:  # type: ignore[type-arg]
    """The native and the Python answers for the side to move, far from any deadline."""
    args = (size, size, rule, placed, len(placed) % 2, time.perf_counter() + FAR)
    assert native is not None
    return native.gomoku_think(*args, **kw), gomoku_pattern.decide(*args, **kw)


@needs_native
@pytest.mark.parametrize(("size", "moves", "reason"), POSITIONS, ids=[f"{s}:{m or 'empty'}" for s, m, _ in POSITIONS])
def test_both_engines_decide_alike_at_a_fixed_depth(size: int, moves: str, reason: str) -> None:
    na, py = both(size, stones(moves, size), max_depth=3)
    assert py == na
    cell, value, pv, nodes, depth, why = py
    assert why == reason
    assert pv[0] == cell and cell not in {c for c, _ in stones(moves, size)}
    if reason in ("wins by continuous fours", "wins by continuous threats"):
        assert value > 29_000
    if reason == "search":
        assert depth == 3 and nodes > 0


@needs_native
@pytest.mark.parametrize("rule", [0, 1])
def test_both_engines_decide_alike_under_either_rule_at_depth_two(rule: int) -> None:
    for size, moves, _ in POSITIONS[::3]:
        na, py = both(size, stones(moves, size), rule, max_depth=2)
        assert py == na, (size, moves)


@needs_native
def test_threat_searches_agree_at_every_depth() -> None:
    # A win by continuous threats a few threat moves deep: neither engine sees it with one
    # threat move, both see it (the same first move, the same nodes) with enough.
    for size, moves, reason in POSITIONS:
        if reason != "wins by continuous threats":
            continue
        placed = stones(moves, size)
        answers = []
        for vct_depth in (0, 1, 2, 3):
            na, py = both(size, placed, vct_depth=vct_depth, max_depth=2)
            assert py == na, (moves, vct_depth)
            answers.append(py[5])
        assert answers[0] != "wins by continuous threats" and answers[-1] == "wins by continuous threats"


@needs_native
@pytest.mark.parametrize("node_limit", [40, 300, 1500])
def test_both_engines_stop_alike_at_a_node_limit(node_limit: int) -> None:
    # the limit falls in the middle of a threat search or an alpha-beta iteration
    for size, moves, _ in POSITIONS[1:9]:
        na, py = both(size, stones(moves, size), node_limit=node_limit)
        assert py == na, (size, moves)
        # each step of the decision that begins after the limit (the own threats, the
        # opponent's, the alpha-beta) stops at its first node
        assert node_limit <= py[3] <= node_limit + 4 or py[5] != "search"


@st.composite
def legal_positions(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    """A board size and the stones of a game not yet won, played alternately, mostly in one
    area of the board (where the shapes meet), edges and corners included."""
    size = draw(st.sampled_from([7, 9, 15, 19]))
    x0 = draw(st.integers(0, size - 1))
    y0 = draw(st.integers(0, size - 1))
    near = st.tuples(
        st.integers(max(0, x0 - 3), min(size - 1, x0 + 3)), st.integers(max(0, y0 - 3), min(size - 1, y0 + 3))
    )
    anywhere = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
    cells = draw(st.lists(st.one_of(near, near, anywhere), max_size=24, unique=True))
    board = LineBoard(size, size, 5)
    for i, (x, y) in enumerate(cells):
        board.place(y * size + x, i % 2)
        if board.winner is not None and board.winner >= 0:
            board.unplace()
            break
    return size, list(board.history)


@needs_native
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=legal_positions(), rule=st.sampled_from([0, 0, 1]), vct_depth=st.sampled_from([2, 4]))
def test_both_engines_decide_alike_on_random_positions(
    position: tuple[int, list[tuple[int, int]]], rule: int, vct_depth: int
) -> None:
    size, placed = position
    na, py = both(size, placed, rule, vct_depth=vct_depth, max_depth=2, node_limit=4000)
    assert py == na


def stepping_clock(reads: int = 4000) -> Clock:
    """A clock that moves a ten-thousandth of a second each time it is read, due after
    ``reads`` reads: a timed decision on it is the same on every run, however loaded the
    machine."""
    ticks = itertools.count()
    return Clock(reads * 1e-4, now=lambda: next(ticks) * 1e-4)


@pytest.fixture
def no_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    """The extension reported unavailable, as where it cannot be built."""
    monkeypatch.setattr(lines, "native", None)
    monkeypatch.setattr(gomoku, "native", None)


def line_board(moves: str, size: int = 15) -> LineBoard:
    board = LineBoard(size, size, 5)
    for c, colour in stones(moves, size):
        board.place(c, colour)
    return board


@pytest.mark.usefixtures("no_extension")
def test_max_plays_the_python_twin_without_the_extension() -> None:
    for moves in ("h8 i9 j8", "h8 a1 h9 b15 h10", "l6 l8 m7 m9 m10 l4 k10 o6 m6 n5 j6 o5 i4 n6 k8 j9"):
        board = line_board(moves)
        p = len(board.history) % 2
        choice = decide(board, p, MAX, stepping_clock())
        clock = stepping_clock()
        cell, _, pv, nodes, depth, reason = gomoku_pattern.decide(
            15, 15, 0, list(board.history), p, clock.deadline, MAX.pattern_vct, now=clock.now
        )
        assert (choice.cell, choice.pv, choice.nodes, choice.depth, choice.reason) == (cell, pv, nodes, depth, reason)
        assert board.board[choice.cell] == 0
    with pytest.raises(ValueError):
        decide(line_board("h8"), 1, MAX, Clock.after(0.1), engine="native")


@needs_native
def test_the_python_engine_asked_for_plays_the_twin_where_the_extension_is_built() -> None:
    board = line_board("h8 h9 i9 g7 i7 j8 i8 i10 g9")
    choice = decide(board, 1, MAX, stepping_clock(), engine="python")
    clock = stepping_clock()
    twin = gomoku_pattern.decide(15, 15, 0, list(board.history), 1, clock.deadline, MAX.pattern_vct, now=clock.now)
    assert (choice.cell, choice.nodes, choice.reason) == (twin[0], twin[3], twin[5])
    assert choice.reason == "defends against continuous threats"


@pytest.mark.usefixtures("no_extension")
def test_the_python_twin_keeps_its_budget() -> None:
    for i, (size, moves, _) in enumerate(POSITIONS[1:24:3]):
        board = line_board(moves, size)
        budget = (0.05, 0.15, 0.3)[i % 3]
        start = time.perf_counter()
        choice = decide(board, len(board.history) % 2, MAX, Clock.after(budget))
        # (a generous margin: on a loaded 2-core machine a slice of the CPU goes elsewhere)
        assert time.perf_counter() - start <= budget * 1.5 + 0.25
        assert board.board[choice.cell] == 0


def test_the_python_twin_refuses_what_it_cannot_play() -> None:
    soon = time.perf_counter() + 0.1
    bad = [
        ((40, 40, 0, [], 0, soon), {}),  # a board too large
        ((15, 15, 2, [], 0, soon), {}),  # an unknown rule
        ((15, 15, 0, [(3, 0), (3, 1)], 0, soon), {}),  # two stones on a cell
        ((15, 15, 0, [(225, 0)], 0, soon), {}),  # a stone off the board
        ((5, 5, 0, [(c, c % 2) for c in range(25)], 0, soon), {}),  # a full board
        ((15, 15, 0, [], 0, soon), {"max_depth": 200}),
        ((15, 15, 0, [], 0, soon), {"node_limit": -1}),
    ]
    for args, kw in bad:
        with pytest.raises(ValueError):
            gomoku_pattern.decide(*args, **kw)  # type: ignore[arg-type]
        if native is not None:
            with pytest.raises(ValueError):
                native.gomoku_think(*args, **kw)
    with pytest.raises(TypeError):
        gomoku_pattern.decide(15, 15, 0, [(3,)], 0, soon)  # type: ignore[list-item]
