"""Glicko-2 ratings: the paper's worked example, the volatility step, RD growth with inactivity, display."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.server.ratings import (
    GLICKO_SCALE,
    MAX_RD,
    PERIOD_S,
    Glicko,
    RatingError,
    check_pair,
    glicko2_period,
    grown_rd,
    periods_between,
    rate_glicko,
    show_rating,
    volatility_after,
    volatility_f,
)

DAY = PERIOD_S


def test_the_papers_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    player = Glicko(1500, 200, 0.06)
    results = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    rating, rd, volatility = glicko2_period(player, results, tau=0.5)
    assert rating == pytest.approx(1464.06, abs=0.011)  # (the paper rounds its intermediate values: 1464.0507)
    assert rd == pytest.approx(151.52, abs=0.005)
    assert volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_intermediate_values() -> None:
    """Steps 3 and 4 of the example: v = 1.7785, delta = -0.4834; step 5 then gives sigma' = 0.05999."""
    phi, sigma = 200 / GLICKO_SCALE, 0.06
    v, delta = 1.7785, -0.4834
    assert volatility_after(phi, v, delta, sigma, 0.5) == pytest.approx(0.05999, abs=0.00001)


@given(
    phi=st.floats(0.1, 2.1),
    v=st.floats(0.05, 50.0),
    delta=st.floats(-5.0, 5.0),
    sigma=st.floats(0.01, 0.2),
)
def test_the_new_volatility_is_the_root_of_the_papers_f(phi: float, v: float, delta: float, sigma: float) -> None:
    """Step 5 solves f(x) = 0 (with phi squared in f, as the paper writes it) for x = ln(sigma'^2)."""
    new = volatility_after(phi, v, delta, sigma, 0.5)
    x = math.log(new * new)
    slope = abs(volatility_f(x + 1e-4, phi, v, delta, sigma, 0.5) - volatility_f(x - 1e-4, phi, v, delta, sigma, 0.5))
    assert abs(volatility_f(x, phi, v, delta, sigma, 0.5)) <= max(1e-6, slope)


def test_a_game_is_one_period_for_both_sides() -> None:
    a, b = rate_glicko(Glicko(), Glicko(), "win", now=1000.0)
    assert a.rating > 1500 > b.rating
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)
    assert a.rd == pytest.approx(b.rd) and a.rd < 350
    assert (a.games, b.games, a.last, b.last) == (1, 1, 1000.0, 1000.0)


def test_a_draw_between_equals_moves_no_rating_but_shrinks_the_deviation() -> None:
    a, b = rate_glicko(Glicko(1600, 80, 0.06, 20, 0.0), Glicko(1600, 80, 0.06, 20, 0.0), "draw", now=10.0)
    assert a.rating == pytest.approx(1600) and b.rating == pytest.approx(1600)
    assert a.rd < 80 and b.rd < 80


def test_an_upset_moves_ratings_more_than_an_expected_result() -> None:
    strong, weak = Glicko(1900, 60, 0.06, 50, 0.0), Glicko(1500, 60, 0.06, 50, 0.0)
    expected, _ = rate_glicko(strong, weak, "win", now=1.0)
    upset, _ = rate_glicko(strong, weak, "loss", now=1.0)
    assert 0 < expected.rating - 1900 < 1900 - upset.rating


def test_unknown_outcome_is_refused() -> None:
    with pytest.raises(RatingError):
        rate_glicko(Glicko(), Glicko(), "won", now=0.0)
    with pytest.raises(RatingError):
        check_pair(("ann", "ann"), ("win", "loss"))
    with pytest.raises(RatingError):
        check_pair(("ann", "bob"), ("win", "win"))


# ------------------------------------------------------------------ RD growth with inactivity (an injected clock)


def test_periods_are_whole_days_since_the_last_game() -> None:
    assert periods_between(0.0, DAY - 1) == 0
    assert periods_between(0.0, DAY) == 1
    assert periods_between(0.0, 10.5 * DAY) == 10
    assert periods_between(5 * DAY, 0.0) == 0  # a clock that went back grows nothing


def test_rd_grows_by_the_papers_pre_period_step_and_is_capped() -> None:
    sigma = 0.06
    one_day = math.sqrt((50 / GLICKO_SCALE) ** 2 + sigma**2) * GLICKO_SCALE
    assert grown_rd(50, sigma, 0) == 50
    assert grown_rd(50, sigma, 1) == pytest.approx(one_day)
    assert grown_rd(50, sigma, 100) == pytest.approx(math.sqrt(50**2 + 100 * (sigma * GLICKO_SCALE) ** 2))
    assert grown_rd(50, sigma, 10**6) == MAX_RD


def test_a_rating_seen_later_has_a_larger_deviation() -> None:
    r = Glicko(1700, 60, 0.06, 40, last=1_000_000.0)
    assert r.at(1_000_000.0 + DAY / 2).rd == 60
    later = r.at(1_000_000.0 + 30 * DAY)
    assert later.rd == pytest.approx(grown_rd(60, 0.06, 30)) and later.rd > 60
    assert later.rating == 1700 and later.games == 40
    assert not r.is_provisional
    assert r.at(1_000_000.0 + 3000 * DAY).is_provisional  # a long absence makes it provisional again


def test_an_inactive_players_game_moves_its_rating_more() -> None:
    opponent = Glicko(1500, 60, 0.06, 40, last=100 * DAY)
    active = Glicko(1500, 60, 0.06, 40, last=100 * DAY)
    away = Glicko(1500, 60, 0.06, 40, last=0.0)
    after_active, _ = rate_glicko(active, opponent, "win", now=100 * DAY)
    after_away, _ = rate_glicko(away, opponent, "win", now=100 * DAY)
    assert after_away.rating - 1500 > after_active.rating - 1500 > 0


# ------------------------------------------------------------------ how it reads


def test_shown_as_rating_plus_minus_two_rd() -> None:
    assert show_rating(1623.4, 47) == "1623 ± 94"
    assert Glicko().shown() == "1500? ± 700"
    assert show_rating(1500, 110) == "1500 ± 220"
    assert show_rating(1500, 110.5) == "1500? ± 221"


def test_round_trips_through_a_dict() -> None:
    r = Glicko(1612.5, 88.1, 0.0601, 7, 12345.0)
    assert Glicko.from_dict(r.to_dict()) == r
    assert Glicko.from_dict(None) == Glicko()
