"""Coins: overlap and edges, the mirror strategy, the packing bound, errors."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules


def overlaps(a: tuple[int, int], b: tuple[int, int], r: int) -> bool:
    """Two (2r+1)-square coins centred on a and b share a cell."""
    return abs(a[0] - b[0]) <= 2 * r and abs(a[1] - b[1]) <= 2 * r


def test_default_table_is_won_by_the_centre_coin() -> None:
    # 7x7 with 3x3 coins: a coin on d4 leaves a ring two cells wide, too narrow for another.
    g = rules.create("coins")
    s = g.initial()
    assert len(g.legal_moves(s)) == 25  # centres b2..f6
    end = g.play_text(s, "d4")
    assert g.is_over(end) and g.legal_moves(end) == [] and g.to_move(end) is None
    res = g.result(end)
    assert res is not None and res.outcomes == ("win", "loss") and "1 coin" in res.reason


def test_overlap_by_one_cell_is_illegal_and_touching_is_fine() -> None:
    g = rules.create("coins", width=9, height=9)
    s = g.play_text(g.initial(), "d4")  # covers c3..e5
    for text in ["f4", "d6", "f6", "b2", "c5"]:  # share column e, row 5, cell e5/c3 ...
        with pytest.raises(rules.IllegalMoveError, match=f"'{text}': a coin there would overlap the coin on d4"):
            g.play_text(s, text)
    with pytest.raises(rules.IllegalMoveError, match="there is already a coin on d4"):
        g.play_text(s, "d4")
    for text in ["g4", "d7", "g7", "b7", "h2"]:  # edge to edge or apart
        assert g.is_legal(s, g.parse_move(s, text)), text
    s = g.play_text(s, "g7")
    assert [g.format_move(s, c) for c in g.coin_cells(s)] == ["d4", "g7"]


def test_coins_may_not_stick_out() -> None:
    g = rules.create("coins", width=9, height=6, radius=1)
    s = g.initial()
    for text in ["a1", "a3", "c1", "i3", "c6", "h6"]:
        with pytest.raises(rules.IllegalMoveError, match="would stick out over the edge; centres run b..h, rows 2..5"):
            g.play_text(s, text)
    for text in ["b2", "h5", "b5", "h2"]:
        assert g.is_legal(s, g.parse_move(s, text))
    with pytest.raises(rules.ParseMoveError, match="off the board"):
        g.parse_move(s, "j2")
    big = rules.create("coins", width=11, height=11, radius=2)
    assert big.legal_texts(big.initial())[0] == "c3"
    assert big.legal_texts(big.initial())[-1] == "i9"


def test_radius_zero_fills_every_cell() -> None:
    g = rules.create("coins", width=3, height=2, radius=0)
    s = g.initial()
    assert g.legal_texts(s) == ["a1", "b1", "c1", "a2", "b2", "c2"]
    s = g.replay(["a1", "b1", "c1", "a2", "b2"])
    assert g.legal_texts(s) == ["c2"]
    end = g.play_text(s, "c2")
    res = g.result(end)
    assert res is not None and res.outcomes == ("loss", "win")  # six coins: the second player placed the last


def test_full_view_names_the_coins() -> None:
    g = rules.create("coins", width=9, height=9)
    s = g.replay(["g7", "c3"])
    assert g.full_view(s) == {
        "width": 9,
        "height": 9,
        "radius": 1,
        "coins": ["c3", "g7"],
        "free": len(g.legal_moves(s)),
        "to_move": 0,
    }


def test_render_draws_coins_with_coordinates() -> None:
    g = rules.create("coins", width=5, height=3)
    lines = g.render(g.replay(["b2"])).splitlines()
    assert lines[1].split() == ["3", "o", "o", "o", ".", "."]
    assert lines[2].split() == ["2", "o", "@", "o", ".", "."]
    assert lines[-1].split() == ["a", "b", "c", "d", "e"]


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"width": 2}, "parameter 'width': 2 is smaller than one coin of radius 1"),
        ({"height": 4, "radius": 2}, "parameter 'height': 4 is smaller than one coin of radius 2"),
        ({"width": 0}, "parameter 'width'.*out of range"),
        ({"radius": -1}, "parameter 'radius'.*out of range"),
        ({"radius": "big"}, "parameter 'radius'"),
    ],
)
def test_bad_parameters_name_the_key(params: dict[str, object], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        rules.create("coins", **params)


@pytest.mark.parametrize(("w", "h", "r"), [(7, 7, 1), (8, 5, 1), (10, 10, 1), (12, 7, 2), (4, 4, 0)])
def test_corner_first_packing_reaches_the_bound(w: int, h: int, r: int) -> None:
    g = rules.create("coins", width=w, height=h, radius=r)
    s = g.initial()
    plies = 0
    while not g.is_over(s):
        s = g.apply(s, g.legal_moves(s)[0])  # the lowest row, leftmost centre first
        plies += 1
    assert plies == g.max_plies()


@settings(max_examples=40, deadline=None)
@given(w=st.integers(1, 12), h=st.integers(1, 12), r=st.integers(0, 2), data=st.data())
def test_random_games_never_overlap_or_stick_out(w: int, h: int, r: int, data: st.DataObject) -> None:
    if w < 2 * r + 1 or h < 2 * r + 1:
        with pytest.raises(rules.ParameterError):
            rules.create("coins", width=w, height=h, radius=r)
        return
    g = rules.create("coins", width=w, height=h, radius=r)
    s = g.initial()
    plies = 0
    while not g.is_over(s):
        s = g.play(s, data.draw(st.sampled_from(g.legal_moves(s))))
        plies += 1
    coins = g.coin_cells(s)
    assert len(coins) == plies <= g.max_plies()
    for x, y in coins:
        assert r <= x < w - r and r <= y < h - r
    for a, b in itertools.combinations(coins, 2):
        assert not overlaps(a, b, r)
    # Over means really no room: every possible centre overlaps some coin.
    for x in range(r, w - r):
        for y in range(r, h - r):
            assert any(overlaps((x, y), c, r) for c in coins)


@settings(max_examples=30, deadline=None)
@given(half_w=st.integers(1, 6), half_h=st.integers(1, 6), r=st.integers(0, 1), data=st.data())
def test_mirror_answers_are_always_legal_on_odd_tables(half_w: int, half_h: int, r: int, data: st.DataObject) -> None:
    w, h = 2 * half_w + 1 + 2 * r, 2 * half_h + 1 + 2 * r
    g = rules.create("coins", width=w, height=h, radius=r)
    s = g.play(g.initial(), (w // 2, h // 2))
    while not g.is_over(s):
        x, y = data.draw(st.sampled_from(g.legal_moves(s)))
        s = g.play(s, (x, y))
        mirror = g.mirror((x, y))
        assert mirror == (w - 1 - x, h - 1 - y)
        assert g.is_legal(s, mirror)
        s = g.play(s, mirror)
    res = g.result(s)
    assert res is not None and res.outcomes == ("win", "loss")
