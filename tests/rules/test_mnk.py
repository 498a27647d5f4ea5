"""m,n,k rules pinned with literal positions, plus random playouts checked against a full scan."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.games.mnk import DRAW, RUNNING, Mnk, MnkState


def outcome(moves: str, **params: object) -> tuple[str, ...] | None:
    game = rules.create("mnk", **params)
    res = game.result(game.replay(moves.split()))
    return None if res is None else res.outcomes


@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        ("a1 a2 b1 b2 c1", 0),  # bottom row
        ("c1 a1 c2 b2 c3", 0),  # a column
        ("a3 a1 b3 a2 c2 c3 b2 b1 c1", 0),  # a diagonal completed at its end: a3 b2 c1
        ("b1 a1 c1 a2 c3 a3", 1),  # a column for O
        ("a1 b1 b2 c1 c3", 0),  # the rising diagonal
        ("a1 a3 b1 b2 b3 c1", 1),  # the falling diagonal for O
    ],
)
def test_tictactoe_wins_in_rows_columns_and_diagonals(moves: str, winner: int) -> None:
    outs = outcome(moves)
    assert outs is not None and outs[winner] == "win" and outs[1 - winner] == "loss"


def test_a_full_board_without_a_line_is_a_draw() -> None:
    game = rules.create("tictactoe")
    s = game.replay("b2 a1 c1 a3 a2 c2 b1 b3 c3".split())
    assert game.is_over(s)
    res = game.result(s)
    assert res is not None and res.outcomes == ("draw", "draw") and "full" in res.reason
    assert game.legal_moves(s) == []


def test_longer_than_k_wins_and_the_move_that_completes_it_ends_the_game() -> None:
    # X at a1 b1 d1, then c1 fills the gap: four in a row at once.
    game = rules.create("mnk", m=5, n=2, k=4)
    s = game.replay("a1 a2 b1 b2 d1 e2 c1".split())
    assert game.result(s).outcomes == ("win", "loss")  # type: ignore[union-attr]


def test_three_players_turn_order_and_block() -> None:
    game = rules.create("mnk", m=5, n=5, k=3, players=3)
    assert game.seats == 3
    s = game.initial()
    seen = []
    for text in "a5 c1 e5 b3 c2 e4".split():
        seen.append(game.to_move(s))
        s = game.play_text(s, text)
    assert seen == [0, 1, 2, 0, 1, 2]
    assert game.to_move(s) == 0
    # Seat 1 threatens c3; seat 0 blocks it, seat 1 cannot complete, seat 2 completes e3.
    s = game.replay(["c3", "d1", "e3"], s)
    res = game.result(s)
    assert res is not None and res.outcomes == ("loss", "loss", "win")
    assert res.told() == "seat 2 (Y) made 3 in a row"


def test_four_players_cycle_through_every_seat() -> None:
    game = rules.create("mnk", m=4, n=4, k=4, players=4)
    s = game.replay("a1 b1 c1 d1 a2".split())
    assert game.to_move(s) == 1
    assert s.board[:5] == bytes([1, 2, 3, 4, 1])


def test_occupied_cell_and_off_board_are_explained() -> None:
    game = rules.create("tictactoe")
    s = game.replay(["b2"])
    with pytest.raises(rules.IllegalMoveError, match="'b2': the cell is occupied by X"):
        game.play_text(s, "b2")
    with pytest.raises(rules.ParseMoveError, match="off the board"):
        game.play_text(s, "d1")
    with pytest.raises(rules.IllegalMoveError, match="move 3: .*'a1'.*occupied"):
        game.replay(["a1", "b1", "a1"])
    s = game.replay("a1 b1 a2 b2 a3".split())
    with pytest.raises(rules.IllegalMoveError, match="over"):
        game.play_text(s, "c3")


def test_bad_parameters_are_named() -> None:
    with pytest.raises(rules.ParameterError, match="'k'"):
        rules.create("mnk", m=3, n=3, k=4)
    with pytest.raises(rules.ParameterError, match="'players'"):
        rules.create("mnk", players=5)


def test_render_has_coordinates_and_symbols() -> None:
    game = rules.create("mnk", m=4, n=3, k=3, players=3)
    s = game.replay("a1 d3 b2".split())
    text = game.render(s)
    lines = text.splitlines()
    assert lines[1].startswith("3") and lines[1].rstrip().endswith("O")
    assert lines[3].startswith("1") and " X " in lines[3]
    assert lines[4].split() == ["a", "b", "c", "d"]
    assert "[Y]" in lines[2]
    v = game.full_view(s)
    assert v["board"][0] == "X..." and v["board"][2] == "...O" and v["last"] == "b2" and v["to_move"] == 0


def scan_winner(game: Mnk, state: MnkState) -> int:
    """Who has k in a row, by looking at every cell (the slow way)."""
    w, h, k = game.width, game.height, game.k
    b = state.board
    for y in range(h):
        for x in range(w):
            v = b[y * w + x]
            if not v:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(x + dx * i, y + dy * i) for i in range(k)]
                if all(0 <= cx < w and 0 <= cy < h and b[cy * w + cx] == v for cx, cy in cells):
                    return v - 1
    return RUNNING


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(1, 7),
    n=st.integers(1, 7),
    k=st.integers(1, 5),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
)
def test_incremental_end_equals_a_full_scan(m: int, n: int, k: int, players: int, seed: int) -> None:
    k = min(k, max(m, n))
    game = rules.create("mnk", m=m, n=n, k=k, players=players)
    assert isinstance(game, Mnk)
    rng = random.Random(seed)
    s = game.initial()
    while not game.is_over(s):
        assert scan_winner(game, s) == RUNNING
        s = game.apply(s, rng.choice(game.legal_moves(s)))
    found = scan_winner(game, s)
    if found == RUNNING:
        assert s.outcome == DRAW and not s.empty
    else:
        assert s.outcome == found
