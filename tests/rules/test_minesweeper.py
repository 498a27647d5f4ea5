"""Minesweeper: a safe first reveal, flood fill, flags and scores, the end, and a layout that stays secret.

Literal positions use ``Minesweeper.with_layout`` (mines on named cells), which no wire
parameter can reach.  The board used most, 5 x 4 with mines on a2 and d3, top row first::

    4  .  .  1  1  1
    3  1  1  1  *  1
    2  *  1  1  1  1
    1  1  1  .  .  .
       a  b  c  d  e
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.cells import format_cell
from grundy.rules.games.minesweeper import MinesState, Minesweeper

CELL_TOKEN = re.compile(r"\b[a-z]+[0-9]+\b")


def game_of(**params: Any) -> Minesweeper:
    g = rules.create("minesweeper", **params)
    assert isinstance(g, Minesweeper)
    return g


def small(players: int = 2) -> tuple[Minesweeper, MinesState]:
    g = game_of(width=5, height=4, mines=2, players=players)
    return g, g.with_layout(["a2", "d3"])


def play(g: Minesweeper, s: MinesState, *moves: str) -> MinesState:
    for m in moves:
        s = g.play_text(s, m)
    return s


def picture(g: Minesweeper, view: dict[str, Any]) -> list[str]:
    """The board of a view as rows of symbols, top row first (as printed)."""
    lines = g.render_view(view).splitlines()[1 : 1 + g.height]
    return [" ".join(line.split()[1:]) for line in lines]


# ----- the first reveal ---------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    width=st.integers(1, 10),
    height=st.integers(1, 10),
    density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**31),
    data=st.data(),
)
def test_first_reveal_is_safe_and_opens_its_neighbourhood_when_there_is_room(
    width: int, height: int, density: float, seed: int, data: st.DataObject
) -> None:
    size = width * height
    if size < 2:
        return
    mines = max(1, min(size - 1, round(density * size)))
    g = game_of(width=width, height=height, mines=mines, seed=seed, players=1)
    first = data.draw(st.integers(0, size - 1))
    layout = g.lay_mines(first)
    laid = {c for c, n in enumerate(layout) if n == 9}
    assert len(laid) == mines and first not in laid
    x, y = first % width, first // width
    zone = {
        (y + dy) * width + x + dx
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if 0 <= x + dx < width and 0 <= y + dy < height
    }
    if mines <= size - len(zone):
        assert not laid & zone, "a neighbour of the first cell got a mine although the rest had room"
    else:
        assert laid >= set(range(size)) - zone, "mines went next to the first cell while room was left"
    s = g.apply(g.initial(), ("r", first))
    assert not g.is_over(s) or g.result(s).outcomes == ("win",)  # type: ignore[union-attr]
    assert s.cells[first] == layout[first] != 9


def test_every_first_cell_of_a_default_board_is_safe_and_opens_a_region() -> None:
    for seed in range(5):
        g = game_of(seed=seed)
        for c in range(g.size):
            s = g.apply(g.initial(), ("r", c))
            assert s.loser == -1 and s.cells[c] == 0  # a zero: its region opened
            assert g.view(s, 0)["revealed_count"] > 1


def test_no_flag_before_the_first_reveal() -> None:
    g = game_of(seed=1)
    s = g.initial()
    assert all(action == "r" for action, _ in g.legal_moves(s))
    with pytest.raises(rules.IllegalMoveError, match="no flags before the first reveal"):
        g.play_text(s, "f a1")


def test_the_layout_is_reproducible_from_the_seed() -> None:
    a, b = game_of(seed=42), game_of(seed=42)
    moves = ["r e5", "r a1", "f i9"]
    sa, sb = a.replay(moves[:1]), b.replay(moves[:1])
    assert sa == sb and sa.layout is not None
    again = game_of(**a.params)
    assert again.replay(moves[:1]) == sa
    layouts = {game_of(seed=seed).replay(["r e5"]).layout for seed in range(20)}
    assert len(layouts) > 15, "different seeds should give different layouts"


def test_a_seed_is_drawn_when_none_is_given_and_stays_secret() -> None:
    g = game_of()
    assert isinstance(g.params["seed"], int)
    assert "seed" not in g.public_params()
    assert [p for p in Minesweeper.parameters if p.name == "seed"][0].secret


# ----- reveals and flood fill ----------------------------------------------------------


def test_a_zero_opens_its_region_with_the_numbered_border() -> None:
    g, s = small()
    s = play(g, s, "r e1")
    assert picture(g, g.view(s, 1)) == [
        "# # # # #",
        "# # # # #",
        "# 1 1 1 1",
        "# 1 . . .",
    ]
    assert s.safe_left == 18 - 8
    s = play(g, s, "r a4")
    assert picture(g, g.view(s, None)) == [
        ". . 1 # #",
        "1 1 1 # #",
        "# 1 1 1 1",
        "# 1 . . .",
    ]
    assert g.view(s, None)["revealed_count"] == 14


def test_a_number_opens_only_itself() -> None:
    g, s = small(players=1)
    s = play(g, s, "r c3")
    assert g.view(s, 0)["cells"].count(None) == 19
    assert g.view(s, 0)["cells"][2 * 5 + 2] == 1


def test_revealing_a_mine_loses_alone_and_in_a_duel() -> None:
    g, s = small(players=1)
    s = play(g, s, "r e1", "r d3")
    res = g.result(s)
    assert res is not None and res.outcomes == ("loss",) and "mine" in res.reason
    g, s = small()
    s = play(g, s, "r e1", "r a2")  # seat 1 steps on a2
    res = g.result(s)
    assert res is not None and res.outcomes == ("win", "loss") and res.told() == "seat 1 revealed a mine"
    assert g.to_move(s) is None and g.legal_moves(s) == []
    with pytest.raises(rules.IllegalMoveError, match="the game is over"):
        g.play_text(s, "r b4")
    view = g.view(s, 0)  # after the end: everything
    assert view["exploded"] == "a2"
    assert view["cells"][5] == "x" and view["cells"][2 * 5 + 3] == "m"
    assert "X" in g.render_view(view) and "exploded at a2" in g.render_view(view)


# ----- flags and scores -----------------------------------------------------------------


def test_a_correct_flag_scores_and_shows_the_mine() -> None:
    g, s = small()
    s = play(g, s, "r e1", "f d3")
    assert s.scores == (0, 1)
    for seat in (0, 1, None):
        v = g.view(s, seat)
        assert v["flags"] == ["d3"] and v["flags_by_seat"] == [[], ["d3"]]
        assert v["cells"][2 * 5 + 3] == "*" and v["mines_left"] == 1 and v["scores"] == [0, 1]
    assert "F" in g.render_view(g.view(s, 0))
    with pytest.raises(rules.IllegalMoveError, match="d3 is already flagged"):
        g.play_text(s, "r d3")


def test_a_wrong_flag_reveals_the_cell_and_scores_nothing() -> None:
    g, s = small()
    s = play(g, s, "r e1", "f c3")
    assert s.scores == (0, 0) and s.cells[2 * 5 + 2] == 1 and g.to_move(s) == 0
    # A wrong flag on a zero opens its region as a reveal would.
    g, s = small()
    flagged, revealed = play(g, s, "f e1"), play(g, s, "r e1")
    assert flagged.cells == revealed.cells and flagged.scores == (0, 0)
    with pytest.raises(rules.IllegalMoveError, match="e1 is already revealed"):
        g.play_text(flagged, "f e1")


def test_the_end_compares_scores_and_draws_when_equal() -> None:
    g, s = small()
    end = play(g, s, "r e1", "f d3", "r a4", "f a2", "r a1", "r d4", "r e4", "r e3")
    res = g.result(end)
    assert res is not None and res.outcomes == ("loss", "win") and res.scores == (0.0, 2.0)
    end = play(g, s, "r e1", "f d3", "f a2", "r a4", "r a1", "r d4", "r e4", "r e3")
    res = g.result(end)
    assert res is not None and res.outcomes == ("draw", "draw") and res.scores == (1.0, 1.0)
    # Unflagged mines do not keep the game going: every safe cell open ends it.
    end = play(g, s, "r e1", "r a4", "r a1", "r d4", "r e4", "r e3")
    res = g.result(end)
    assert res is not None and res.outcomes == ("draw", "draw") and "every safe cell" in res.reason
    assert g.view(end, None)["cells"].count("m") == 2


def test_alone_the_player_wins_by_revealing_every_safe_cell() -> None:
    g, s = small(players=1)
    end = play(g, s, "r e1", "r a4", "f a1", "r d4", "r e4", "r e3")
    res = g.result(end)
    assert res is not None and res.outcomes == ("win",) and res.scores == (0.0,)
    assert g.to_move(end) is None


def test_players_alternate_every_move() -> None:
    g, s = small()
    seats = []
    for m in ["r e1", "f d3", "f c3", "r a4"]:
        seats.append(g.to_move(s))
        s = g.play_text(s, m)
    assert seats == [0, 1, 0, 1]


# ----- notation and errors --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("r e1", ("r", 4)),
        ("R  E1", ("r", 4)),
        ("re1", ("r", 4)),
        ("reveal e1", ("r", 4)),
        ("e1", ("r", 4)),
        ("f d3", ("f", 13)),
        ("F D3", ("f", 13)),
        ("fd3", ("f", 13)),
        ("flag d3", ("f", 13)),
        (" f:d3 ", ("f", 13)),
    ],
)
def test_moves_parse_flexibly_and_format_canonically(text: str, move: tuple[str, int]) -> None:
    g, s = small()
    assert g.parse_move(s, text) == move
    assert g.format_move(s, move) == ("r e1" if move[0] == "r" else "f d3")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("x e1", "not a minesweeper move"),
        ("r", "not a minesweeper move"),
        ("r f1", "off the board"),
        ("r a5", "off the board"),
        ("r a0", "not a cell"),
    ],
)
def test_bad_move_texts_say_why(text: str, fragment: str) -> None:
    g, s = small()
    with pytest.raises(rules.ParseMoveError, match=fragment):
        g.parse_move(s, text)


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"mines": 81}, "at most 80"),
        ({"width": 1, "height": 1, "mines": 1}, "at most 0"),
        ({"players": 3}, "parameter 'players'"),
        ({"mines": 0}, "parameter 'mines'"),
        ({"width": 0}, "'width'"),
    ],
)
def test_bad_parameters_name_the_key(params: dict[str, int], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        game_of(**params)


def test_seats_follow_the_players_parameter() -> None:
    assert game_of(players=1).seats == 1 and game_of().seats == 2
    assert Minesweeper.min_seats == 1 and Minesweeper.max_seats == 2


# ----- secrecy ------------------------------------------------------------------------


def covered_mines(g: Minesweeper, s: MinesState) -> set[str]:
    """Names of the mines still covered (not shown by a flag)."""
    if s.layout is None:
        return set()
    return {format_cell(c % g.width, c // g.width) for c in range(g.size) if s.layout[c] == 9 and s.cells[c] == 9}


def strings_in(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [t for k, v in obj.items() for t in [k, *strings_in(v)]]
    if isinstance(obj, list):
        return [t for v in obj for t in strings_in(v)]
    return []


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(2, 9),
    height=st.integers(2, 9),
    density=st.floats(0.05, 0.6),
    players=st.integers(1, 2),
    seed=st.integers(10**6, 10**9),
    choices=st.randoms(use_true_random=False),
)
def test_no_view_shows_a_covered_mine_or_the_seed_before_the_end(
    width: int, height: int, density: float, players: int, seed: int, choices: random.Random
) -> None:
    mines = max(1, min(width * height - 1, round(density * width * height)))
    g = game_of(width=width, height=height, mines=mines, players=players, seed=seed)
    s = g.initial()
    while True:
        hidden = covered_mines(g, s)
        for seat in [*range(g.seats), None]:
            view = g.view(s, seat)
            text = json.dumps(view)
            rendered = g.render_view(view)
            if g.is_over(s):
                # After the end everyone sees the whole layout and the seed.
                assert view["seed"] == seed and view["layout"] is not None
                assert {format_cell(c % width, c // width) for c, v in enumerate(view["layout"]) if v == "m"} == set(
                    g.mine_cells(s)
                )
                assert all(view["cells"][c] in ("*", "m", "x") for c, n in enumerate(s.layout or b"") if n == 9)
                continue
            assert "seed" not in view and str(seed) not in text and str(seed) not in rendered
            assert "layout" not in view
            assert not hidden & set(strings_in(view)), "a covered mine's name is in the view"
            assert not hidden & set(CELL_TOKEN.findall(rendered)), "a covered mine's name is in the picture"
            assert all(v is None for c, v in enumerate(view["cells"]) if s.cells[c] == 9)
            # The view is built from the table alone: another layout gives the same view.
            other = s._replace(layout=None if s.layout is None else bytes(reversed(s.layout)))
            assert g.view(other, seat) == view
        if g.is_over(s):
            break
        s = g.apply(s, choices.choice(g.legal_moves(s)))


def test_the_whole_state_and_finished_views_show_the_layout() -> None:
    g, s = small()
    s = play(g, s, "r e1")
    full = g.full_view(s)
    assert full["layout"][5] == "m" and full["layout"][13] == "m" and full["seed"] == g.params["seed"]
    assert "layout (secret)" in g.render(s) and "layout" not in g.render(s, 0)
    assert g.view(s, 0) != full  # the bot reads views: a seat sees less than the whole state


def test_playouts_end_within_the_bound() -> None:
    rng = random.Random(3)
    for params in Minesweeper.examples:
        g = game_of(**params)
        s, plies = g.initial(), 0
        while not g.is_over(s):
            moves = g.legal_moves(s)
            # Prefer flags, the slowest way to the end.
            flags = [m for m in moves if m[0] == "f"]
            s = g.apply(s, rng.choice(flags or moves))
            plies += 1
        assert plies <= g.max_plies()
