"""Elo ratings: known values, K-factors, the table and the match estimate."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.server.ratings import (
    MemoryRatings,
    Rating,
    RatingError,
    current,
    expected_score,
    k_factor,
    rate_pair,
    record_game,
    updated,
)


def test_equal_ratings_expect_half() -> None:
    assert expected_score(1500, 1500) == 0.5


def test_400_points_is_ten_to_one() -> None:
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)


def test_1500_beats_1500_gains_16_with_k32() -> None:
    a, b = rate_pair(Rating(1500, 0), Rating(1500, 0), "win")
    assert a == Rating(1516, 1)
    assert b == Rating(1484, 1)


def test_draw_between_equals_changes_nothing_but_the_count() -> None:
    a, b = rate_pair(Rating(1500, 3), Rating(1500, 40), "draw")
    assert (a.value, b.value) == (1500, 1500)
    assert (a.games, b.games) == (4, 41)


def test_k_drops_to_16_after_30_games() -> None:
    assert k_factor(0) == 32 and k_factor(29) == 32 and k_factor(30) == 16
    assert updated(Rating(1500, 30), Rating(1500, 0), 1.0).value == 1508


def test_each_side_uses_its_own_k() -> None:
    newcomer, veteran = rate_pair(Rating(1500, 0), Rating(1500, 100), "loss")
    assert newcomer.value == 1484
    assert veteran.value == 1508


def test_upset_known_value() -> None:
    # 1400 beats 1800: expected 1/11, so +32 * 10/11 = +29.09
    a, _ = rate_pair(Rating(1400, 0), Rating(1800, 0), "win")
    assert a.value == pytest.approx(1400 + 32 * 10 / 11)


def test_bad_outcome_is_refused() -> None:
    with pytest.raises(RatingError, match="'won'"):
        rate_pair(Rating(), Rating(), "won")


def test_record_game_reads_and_writes_the_table_per_game() -> None:
    t = MemoryRatings()
    before, after = record_game(t, "nim", ("ann", "bob"), ("win", "loss"))
    assert before == (Rating(), Rating())
    assert t.get("ann", "nim") == Rating(1516, 1)
    assert t.get("bob", "nim") == Rating(1484, 1)
    assert t.get("ann", "gomoku") is None  # another game, another rating
    assert current(t, "ann", "gomoku") == Rating(1500, 0) and current(t, "ann", "nim") == Rating(1516, 1)
    record_game(t, "nim", ("bob", "ann"), ("draw", "draw"))
    ann = t.get("ann", "nim")
    assert ann is not None and ann.games == 2 and ann.value < 1516


def test_record_game_refuses_inconsistent_outcomes_and_self_play() -> None:
    t = MemoryRatings()
    with pytest.raises(RatingError, match="one win and one loss"):
        record_game(t, "nim", ("ann", "bob"), ("win", "win"))
    with pytest.raises(RatingError, match="against itself"):
        record_game(t, "nim", ("ann", "ann"), ("win", "loss"))
    assert t.get("ann", "nim") is None  # nothing written


@given(st.floats(800, 2800), st.floats(800, 2800), st.integers(0, 60), st.integers(0, 60),
       st.sampled_from(["win", "draw", "loss"]))
def test_equal_k_conserves_points(ra: float, rb: float, ga: int, gb: int, out: str) -> None:
    a, b = rate_pair(Rating(ra, ga), Rating(rb, gb), out)
    if k_factor(ga) == k_factor(gb):
        assert a.value + b.value == pytest.approx(ra + rb)
    if out == "win":
        assert a.value > ra and b.value < rb
    if out == "loss":
        assert a.value < ra and b.value > rb
