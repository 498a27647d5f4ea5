"""Kayles: knock down one pin or two neighbours; the last throw wins.  Known Grundy values pin the solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.errors import IllegalMoveError, ParameterError, ParseMoveError
from grundy.solver import exact

# The Sprague-Grundy values of rows of 0..14 pins (the Kayles sequence, OEIS A002186).
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2]


@pytest.mark.parametrize("n", range(1, len(KAYLES)))
def test_a_row_has_its_known_grundy_value(n: int) -> None:
    assert exact.grundy(rules.create("kayles", pins=n)) == KAYLES[n]


def test_a_split_row_is_the_sum_of_its_parts() -> None:
    g = rules.create("kayles", pins=12, start="1-4,6-12")  # rows of 4 and 7 pins
    assert exact.grundy(g) == KAYLES[4] ^ KAYLES[7] == 3


def test_throws_knock_down_standing_neighbours_only() -> None:
    g = rules.create("kayles", pins=5)
    s = g.play_text(g.initial(), "3")
    assert g.full_view(s)["pins"] == [True, True, False, True, True]
    with pytest.raises(IllegalMoveError, match="both pins must be standing"):
        g.play_text(s, "2-3")
    with pytest.raises(IllegalMoveError, match="numbered 1..5"):
        g.play_text(s, "6")
    with pytest.raises(ParseMoveError, match="neighbours"):
        g.play_text(s, "1-3")
    s = g.play_text(s, "4-5")
    assert g.legal_texts(s) == ["1", "1-2", "2"]


@pytest.mark.parametrize(("misere", "winner"), [(False, 0), (True, 1)])
def test_the_last_throw_wins_or_loses(misere: bool, winner: int) -> None:
    g = rules.create("kayles", pins=2, misere=misere)
    s = g.play_text(g.initial(), "1-2")
    res = g.result(s)
    assert g.is_over(s) and res is not None and res.outcomes[winner] == "win"


def test_bad_starts_are_refused() -> None:
    for start in ("0-3", "5-2", "x", "9", ","):
        with pytest.raises(ParameterError, match="start"):
            rules.create("kayles", pins=8, start=start)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 64), st.randoms(use_true_random=False))
def test_a_mirror_image_has_the_same_key_and_every_game_ends(n: int, rnd: object) -> None:
    g = rules.create("kayles", pins=n)
    key = g.symmetry_key()
    assert key is not None
    s = g.initial()
    plies = 0
    while not g.is_over(s):
        s = g.apply(s, rnd.choice(g.legal_moves(s)))  # type: ignore[attr-defined]
        plies += 1
        mirrored = int(format(s.pins, f"0{n}b")[::-1], 2)
        assert key(s) == key(type(s)(mirrored, 1 - s.turn))
    assert plies <= g.max_plies()
