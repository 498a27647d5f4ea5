"""The match statistics: Elo and its error, LOS, and the SPRT's LLR against the published formulas."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.cli import matchstats as ms


def published_llr(w: float, d: float, lo: float, elo0: float, elo1: float) -> float:
    """The normal-approximation GSPRT as fastchess printed it (variance as E[x^2] - E[x]^2), written out again."""
    n = w + d + lo
    a = (w + d / 2) / n  # mean score
    b = (w + d / 4) / n  # mean squared score
    var_s = (b - a * a) / n
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return (s1 - s0) * (2 * a - s0 - s1) / var_s / 2.0


@pytest.mark.parametrize(
    ("w", "d", "lo", "elo0", "elo1", "expected"),
    [
        (100, 200, 80, 0, 5, 0.5276),
        (1200, 2400, 1000, 0, 5, 5.0418),
        (50, 10, 40, -5, 5, 0.3234),
        (30, 40, 60, 0, 10, -1.4350),
    ],
)
def test_the_trinomial_llr_matches_the_published_formula(
    w: int, d: int, lo: int, elo0: float, elo1: float, expected: float
) -> None:
    got = ms.llr_trinomial(w, d, lo, elo0, elo1)
    assert got == pytest.approx(published_llr(w, d, lo, elo0, elo1), rel=1e-9)
    assert got == pytest.approx(expected, abs=1e-3)


def test_the_pentanomial_llr_is_the_same_formula_over_pair_scores() -> None:
    counts = (10, 40, 100, 50, 12)  # LL, LD, WL+DD, WD, WW
    n = sum(counts)
    scores = (0, 0.25, 0.5, 0.75, 1)
    a = sum(s * c for s, c in zip(scores, counts, strict=True)) / n
    b = sum(s * s * c for s, c in zip(scores, counts, strict=True)) / n
    s0, s1 = 0.5, 1 / (1 + 10 ** (-5 / 400))
    expected = (s1 - s0) * (2 * a - s0 - s1) / ((b - a * a) / n) / 2
    assert ms.llr_pentanomial(counts, 0, 5) == pytest.approx(expected, rel=1e-9)
    assert ms.pentanomial([(1, 1), (1, 0.5), (0.5, 0.5), (1, 0), (0, 0.5), (0, 0)]) == (1, 1, 2, 1, 1)


def test_bounds_and_verdicts() -> None:
    sprt = ms.Sprt(0, 5, 0.05, 0.05)
    assert sprt.lower == pytest.approx(-2.944, abs=1e-3) and sprt.upper == pytest.approx(2.944, abs=1e-3)
    assert ms.Sprt(0, 5, 0.05, 0.1).lower == pytest.approx(math.log(0.1 / 0.95))
    assert sprt.verdict(3.0) == "H1" and sprt.verdict(-3.0) == "H0" and sprt.verdict(0.1) is None
    # Results all alike have no variance: no evidence yet (as fastchess's normal approximation); one other result
    # and there is.
    assert ms.llr_trinomial(10, 0, 0, 0, 5) == 0.0 and ms.llr_trinomial(0, 0, 0, 0, 5) == 0.0
    assert ms.llr_trinomial(10, 1, 0, 0, 5) > 0


def test_parse_sprt_reads_the_keys_and_refuses_nonsense() -> None:
    s = ms.parse_sprt(["elo0=0 elo1=10", "alpha=0.01", "beta=0.1"])
    assert (s.elo0, s.elo1, s.alpha, s.beta, s.model) == (0, 10, 0.01, 0.1, "pentanomial")
    assert ms.parse_sprt([]).elo1 == 5
    assert ms.parse_sprt(["model=trinomial"]).model == "trinomial"
    for bad, words in [
        (["elo0=5", "elo1=0"], "less than"),
        (["alpha=0"], "between 0 and 1"),
        (["alpha=0.6", "beta=0.5"], r"alpha \+ beta"),
        (["elo1=x"], "not a number"),
        (["elo2=3"], "write elo0"),
        (["elo0=1", "elo0=2"], "twice"),
        (["elo1=5000"], "between"),
        (["model=bayes"], "pentanomial"),
    ]:
        with pytest.raises(ms.StatsError, match=words):
            ms.parse_sprt(bad)


def test_elo_error_los_and_draw_ratio_follow_cutechess() -> None:
    e = ms.estimate(60, 20, 20)
    assert e.score == pytest.approx(0.7)
    assert e.elo == pytest.approx(147.19, abs=0.01)
    # The 95% margin: score ± 1.96 sd/sqrt(n), sd over the trinomial results, turned into Elo, half the width.
    var = (60 * 0.3**2 + 20 * 0.2**2 + 20 * 0.7**2) / 100
    sd = math.sqrt(var / 100)
    half = (ms.elo(0.7 + 1.959964 * sd) - ms.elo(0.7 - 1.959964 * sd)) / 2
    assert e.error == pytest.approx(half, rel=1e-5)
    assert e.error == pytest.approx(66.01, abs=0.01)
    assert e.los == pytest.approx(0.5 * (1 + math.erf(40 / math.sqrt(2 * 80))))
    assert e.draw_ratio == pytest.approx(0.2)
    assert "Elo +147.2 +/- " in e.text() and "LOS 100.0 %" in e.text()
    assert ms.estimate(3, 0, 0).text().startswith("Elo +inf")
    assert ms.estimate(0, 0, 0).text() == "Elo -, LOS -, draw ratio -"
    assert ms.los(5, 5) == 0.5 and ms.los(0, 0) == 0.5


counts = st.integers(min_value=0, max_value=400)


def alike(results: tuple[int, ...]) -> bool:
    return sum(1 for x in results if x) <= 1


bounds = st.tuples(st.integers(-50, 40), st.integers(1, 40)).map(lambda t: (float(t[0]), float(t[0] + t[1])))


@given(counts, counts, counts, bounds)
def test_a_loss_turned_into_a_win_never_lowers_the_llr(w: int, d: int, lo: int, b: tuple[float, float]) -> None:
    if lo == 0 or alike((w, d, lo)) or alike((w + 1, d, lo - 1)):
        return  # results all alike have no variance, so an LLR of 0 (see test_bounds_and_verdicts)
    before = ms.llr_trinomial(w, d, lo, *b)
    after = ms.llr_trinomial(w + 1, d, lo - 1, *b)
    assert after >= before - 1e-9


@given(counts, counts, counts, bounds)
def test_the_llr_is_antisymmetric_in_the_players(w: int, d: int, lo: int, b: tuple[float, float]) -> None:
    # What favours A over B by [elo0, elo1] favours B over A by [-elo1, -elo0] as much, the other way.
    assert ms.llr_trinomial(w, d, lo, *b) == pytest.approx(-ms.llr_trinomial(lo, d, w, -b[1], -b[0]), abs=1e-6)


@given(st.tuples(*[st.integers(1, 200)] * 5), bounds)
def test_twice_the_same_results_is_twice_the_evidence(c: tuple[int, ...], b: tuple[float, float]) -> None:
    assert ms.llr_pentanomial([2 * x for x in c], *b) == pytest.approx(2 * ms.llr_pentanomial(c, *b), rel=1e-9)


@given(counts, counts, counts)
def test_the_elo_interval_holds_the_estimate(w: int, d: int, lo: int) -> None:
    e = ms.estimate(w, d, lo)
    assert 0.0 <= e.los <= 1.0 and 0.0 <= e.draw_ratio <= 1.0
    if e.games and math.isfinite(e.elo):
        assert e.error >= 0.0
    if w > lo:
        assert e.elo > 0 and e.los > 0.5
