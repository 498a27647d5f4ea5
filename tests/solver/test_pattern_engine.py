"""The native pattern engine (native/gomoku_engine.c) that plays ``max`` in freestyle gomoku.

It is checked here on what must hold whatever its evaluation: it plays an empty cell, wins
when it can, blocks a four, finds wins by continuous fours, keeps its deadline, and covers
only the boards it understands (freestyle five in a row); tests/solver/test_pattern_twin.py
checks it against its pure-Python twin.
"""

from __future__ import annotations

import random
import time

import pytest

from grundy import rules
from grundy.rules.cells import parse_cell
from grundy.solver import lines
from grundy.solver.gomoku import MAX, decide, pattern_engine_covers, read_line_game
from grundy.solver.lines import LineBoard
from grundy.solver.search import Clock

native = lines.native
needs_engine = pytest.mark.skipif(
    native is None or not hasattr(native, "gomoku_think"), reason="the native extension is not built here"
)


def stones(moves: str, size: int = 15) -> list[tuple[int, int]]:
    out = []
    for i, text in enumerate(moves.split()):
        x, y = parse_cell(text, size, size)
        out.append((y * size + x, i % 2))
    return out


def think(moves: str, seconds: float = 0.3, size: int = 15) -> tuple[str, int, str]:
    placed = stones(moves, size)
    cell, value, pv, nodes, depth, reason = native.gomoku_think(
        size, size, 0, placed, len(placed) % 2, time.perf_counter() + seconds
    )
    assert pv and pv[0] == cell
    game = rules.create("gomoku", size=size)
    state = game.replay(moves.split())
    return game.format_move(state, cell), value, reason


@needs_engine
def test_wins_at_once_and_blocks_a_four() -> None:
    assert think("h8 h9 i8 i9 j8 j9 k8 a1")[0] in ("g8", "l8")
    move, value, reason = think("h8 a1 h9 a2 h10 a3 h11")
    assert move in ("h7", "h12") and reason == "blocks a four" and value < -29_000  # an open four is lost


@needs_engine
def test_makes_an_open_four_from_an_open_three() -> None:
    move, value, reason = think("h8 a1 h9 a2 h10 a3")
    assert move in ("h7", "h11") and reason == "wins by continuous fours" and value > 29_000


@needs_engine
def test_answers_an_open_three() -> None:
    # Black's open three h8-h10 with white to move and nothing of white's own: white must stop it
    # at an end (or one step beyond it, which also leaves no open four).
    move, _, _ = think("h8 a1 h9 b15 h10", seconds=0.5)
    assert move in ("h7", "h11", "h6", "h12")


@needs_engine
def test_plays_an_empty_cell_within_its_deadline_on_random_positions() -> None:
    rng = random.Random(3)
    for size in (15, 19):
        game = rules.create("gomoku", size=size)
        for trial in range(6):
            state = game.initial()
            for _ in range(rng.randint(0, 40)):
                if game.is_over(state):
                    break
                state = game.play(state, rng.choice(game.legal_moves(state)))
            if game.is_over(state):
                continue
            info = read_line_game(game, state)
            assert info is not None
            board = LineBoard(size, size, 5)
            for c, colour in info.stones.items():
                board.place(c, colour)
            budget = 0.05 + 0.05 * trial
            start = time.perf_counter()
            choice = decide(board, info.to_move, MAX, Clock.after(budget))
            assert time.perf_counter() - start <= budget * 1.05 + 0.5  # a loaded machine may delay the return
            assert board.board[choice.cell] == 0


@needs_engine
def test_covers_freestyle_five_in_a_row_only() -> None:
    assert pattern_engine_covers(LineBoard(15, 15, 5))
    assert pattern_engine_covers(LineBoard(19, 19, 5))
    assert not pattern_engine_covers(LineBoard(15, 15, 5, rule="renju"))
    assert not pattern_engine_covers(LineBoard(15, 15, 5, rule="standard"))
    assert not pattern_engine_covers(LineBoard(15, 15, 5, rule="caro"))
    assert not pattern_engine_covers(LineBoard(7, 7, 4))


@needs_engine
def test_rejects_boards_it_cannot_play() -> None:
    with pytest.raises(ValueError):
        native.gomoku_think(40, 40, 0, [], 0, time.perf_counter() + 0.1)
    with pytest.raises(ValueError):
        native.gomoku_think(15, 15, 0, [(3, 0), (3, 1)], 0, time.perf_counter() + 0.1)
    with pytest.raises(ValueError):
        native.gomoku_think(15, 15, 0, [(225, 0)], 0, time.perf_counter() + 0.1)
