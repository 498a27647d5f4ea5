"""Rating games the solver decides from the start (server.fair): the side the start gives the win, and what a
result counts as against it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.server.fair import rated_outcomes, won_side
from grundy.solver.strategies import nim_sum


def test_the_won_side_of_known_starts() -> None:
    assert won_side(rules.create("nim", heaps=[3, 4, 5])) == 0  # nim-sum 2: the first player wins
    assert won_side(rules.create("nim", heaps=[1, 2, 3])) == 1  # nim-sum 0: the second player wins
    assert won_side(rules.create("mnk")) is None  # tic-tac-toe is a draw from the start: no side is won
    assert won_side(rules.create("gomoku")) is None  # too large to decide: rated by its result
    assert won_side(rules.create("minesweeper")) is None  # hidden information


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=4))
def test_the_won_side_of_nim_is_the_nim_sum_s(heaps: list[int]) -> None:
    assert won_side(rules.create("nim", heaps=heaps)) == (0 if nim_sum(heaps) else 1)


def test_winning_the_won_side_is_a_draw_and_anything_else_a_win_for_the_other_side() -> None:
    assert rated_outcomes(0, ["win", "loss"]) == ("draw", "draw")
    assert rated_outcomes(0, ["loss", "win"]) == ("loss", "win")
    assert rated_outcomes(1, ["loss", "win"]) == ("draw", "draw")
    assert rated_outcomes(1, ["win", "loss"]) == ("win", "loss")
    assert rated_outcomes(0, ["draw", "draw"]) == ("loss", "win")  # the won side let a win go
    assert rated_outcomes(None, ["win", "loss"]) == ("win", "loss")  # no side won from the start: as it is
    assert rated_outcomes(None, ["draw", "draw"]) == ("draw", "draw")


@given(st.sampled_from([0, 1]), st.sampled_from([("win", "loss"), ("loss", "win"), ("draw", "draw")]))
def test_the_lost_side_never_counts_a_loss_nor_the_won_side_a_win(won: int, outcomes: tuple[str, str]) -> None:
    scored = rated_outcomes(won, outcomes)
    assert scored[won] != "win" and scored[1 - won] != "loss"
    assert sorted(scored) in (["draw", "draw"], ["loss", "win"])
