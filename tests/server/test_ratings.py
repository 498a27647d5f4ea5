"""Elo ratings: known values, K-factors, the table and the match estimate."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.ratings import (
    MemoryRatings,
    Rating,
    RatingError,
    elo_difference,
    elo_from_score,
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


def test_elo_from_score_known_values() -> None:
    assert elo_from_score(0.5) == 0
    assert elo_from_score(10 / 11) == pytest.approx(400)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_elo_difference_known_match() -> None:
    # 60 wins, 40 losses: score 0.6, +70.4 Elo; se = sqrt(0.24/100) = 0.049
    e = elo_difference(60, 40, 0)
    assert e.score == 0.6
    assert e.elo == pytest.approx(70.44, abs=0.01)
    assert e.low == pytest.approx(elo_from_score(0.6 - 1.96 * 0.04899), abs=0.01)
    assert e.low < e.elo < e.high
    assert e.low > 0  # significant


def test_draws_narrow_the_interval() -> None:
    decisive = elo_difference(30, 30, 0)
    drawn = elo_difference(10, 10, 40)
    assert decisive.elo == drawn.elo == 0
    assert drawn.error < decisive.error


def test_elo_difference_edges() -> None:
    assert elo_difference(0, 0, 0).games == 0
    assert elo_difference(5, 0, 0).elo == math.inf
    with pytest.raises(RatingError, match="negative"):
        elo_difference(-1, 0, 0)


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
