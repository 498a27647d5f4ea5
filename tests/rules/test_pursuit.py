"""Pursuit (Tom and Jerry): captures, the round limit, coalitions and the blind evader."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.cells import format_cell, parse_cell
from grundy.rules.games.pursuit import Pursuit, PursuitState

CELL_NAME = re.compile(r"\b[a-z]+[0-9]+\b")


def game(**params: Any) -> rules.Game:
    return rules.create("pursuit", **params)


def strings(value: Any) -> set[str]:
    """Every string anywhere inside a JSON-like value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


# ----- moves -----------------------------------------------------------------------------


def test_every_figure_steps_to_its_open_neighbours() -> None:
    g = game(width=5, height=5, starts="a1;e5", blocked="b2;c4")
    s = g.initial()
    assert g.seats == 2 and g.to_move(s) == 0
    assert set(g.legal_texts(s)) == {"b1", "a2"}
    s = g.play_text(s, "a2")
    assert g.to_move(s) == 1
    assert set(g.legal_texts(s)) == {"d5", "d4", "e4"}
    with pytest.raises(rules.IllegalMoveError, match="'b2' is blocked"):
        g.play_text(g.play_text(s, "d4"), "b2")
    with pytest.raises(rules.IllegalMoveError, match="'c5' is not next to the evader on e5"):
        g.play_text(s, "c5")
    with pytest.raises(rules.IllegalMoveError, match="already there"):
        g.play_text(s, "e5")
    with pytest.raises(rules.ParseMoveError, match="off the board"):
        g.play_text(s, "f5")


def test_pursuers_may_share_a_cell() -> None:
    g = game(width=5, height=5, pursuers=2, starts="a1;a3;e5")
    s = g.replay(["b2"])
    assert "b2" in g.legal_texts(s)
    s = g.play_text(s, "b2")
    assert s.figures[:2] == (parse_cell("b2"), parse_cell("b2"))
    assert not g.is_over(s)


# ----- captures and the limit ----------------------------------------------------------


def test_a_pursuer_stepping_on_the_evader_catches_it() -> None:
    g = game(width=5, height=5, starts="a1;b2")
    s = g.play_text(g.initial(), "b2")
    assert g.is_over(s) and g.to_move(s) is None and g.legal_moves(s) == []
    result = g.result(s)
    assert result is not None and result.outcomes == ("win", "loss")
    assert result.told() == "seat 0 caught the evader seat 1 on b2"
    assert result.told(["Tom", "Jerry"]) == "Tom caught the evader Jerry on b2"


def test_an_evader_stepping_onto_a_pursuer_is_caught() -> None:
    g = game(width=5, height=5, starts="a1;c3")
    s = g.replay(["b2", "b2"])
    result = g.result(s)
    assert result is not None and result.outcomes == ("win", "loss")
    assert result.told(["Tom", "Jerry"]) == "the evader Jerry stepped onto Tom on b2"


def test_the_evader_wins_when_the_limit_is_reached() -> None:
    g = game(width=5, height=5, starts="a1;e5", limit=2)
    s = g.replay(["b2", "d4"])
    assert not g.is_over(s) and s.round == 1
    s = g.replay(["c3"], s)
    assert not g.is_over(s), "the round ends only with the evader's move"
    s = g.replay(["e5"], s)
    assert g.is_over(s) and s.round == 2
    result = g.result(s)
    assert result is not None and result.outcomes == ("loss", "win")
    assert result.told(["Tom", "Jerry"]) == "the evader Jerry stayed free for 2 rounds"
    assert g.max_plies() == 4


def test_a_capture_in_the_last_round_beats_the_limit() -> None:
    g = game(width=3, height=3, starts="a1;c3", limit=1)
    s = g.replay(["b2", "b2"])
    assert g.result(s).outcomes == ("win", "loss")  # type: ignore[union-attr]


def test_default_limit_is_three_times_width_plus_height() -> None:
    assert game(seed=1).limit == 60  # type: ignore[attr-defined]
    assert game(width=7, height=4, seed=1).limit == 33  # type: ignore[attr-defined]


# ----- two pursuers: coalition or not -----------------------------------------------------


@pytest.mark.parametrize(("coalition", "outcomes"), [(True, ("win", "win", "loss")), (False, ("win", "loss", "loss"))])
def test_the_catcher_wins_alone_without_a_coalition(coalition: bool, outcomes: tuple[str, ...]) -> None:
    g = game(width=5, height=5, pursuers=2, coalition=coalition, starts="a1;e5;b2")
    assert g.seats == 3
    s = g.play_text(g.initial(), "b2")
    result = g.result(s)
    assert result is not None and result.outcomes == outcomes


def test_second_pursuer_catches_and_wins_alone() -> None:
    g = game(width=5, height=5, pursuers=2, coalition=False, starts="a1;e5;d4")
    s = g.replay(["a2", "d4"])
    result = g.result(s)
    assert result is not None and result.outcomes == ("loss", "win", "loss")
    assert result.told(["Tom", "Spike", "Jerry"]) == "Spike caught the evader Jerry on d4"


def test_an_evader_stepping_onto_two_pursuers_is_caught_by_both() -> None:
    g = game(width=5, height=5, pursuers=2, coalition=False, starts="a1;a3;c2")
    s = g.replay(["b2", "b2", "b2"])
    result = g.result(s)
    assert result is not None and result.outcomes == ("win", "win", "loss")
    assert result.told(["Tom", "Spike", "Jerry"]) == "the evader Jerry stepped onto Tom and Spike on b2"


def test_the_evader_beats_both_pursuers_at_the_limit() -> None:
    g = game(width=6, height=3, pursuers=2, coalition=False, starts="a1;a3;f2", limit=1)
    s = g.replay(["b1", "b3", "f1"])
    assert g.result(s).outcomes == ("loss", "loss", "win")  # type: ignore[union-attr]


def test_seats_move_in_order_pursuers_first() -> None:
    g = game(width=8, height=8, pursuers=2, starts="a1;h1;d8", limit=5)
    s = g.initial()
    seen = []
    for text in ["b2", "g2", "d7", "c3", "f3", "d8"]:
        seen.append(g.to_move(s))
        s = g.play_text(s, text)
    assert seen == [0, 1, 2, 0, 1, 2] and s.round == 2


# ----- the blind evader ---------------------------------------------------------------


def test_a_blind_evader_and_spectators_see_no_pursuer_until_the_end() -> None:
    g = game(width=5, height=5, pursuers=2, starts="a1;a5;e3", evader_sees=False, limit=3)
    s = g.replay(["b2", "b4", "e2"])
    full = g.full_view(s)
    assert full["figures"] == ["b2", "b4", "e2"]
    for seat in (2, None):
        v = g.view(s, seat)
        assert v["figures"] == [None, None, "e2"]
        assert {"b2", "b4"}.isdisjoint(strings(v))
        text = g.render_view(v)
        assert set(CELL_NAME.findall(text)) == {"e2"}
        assert "P1 hidden, P2 hidden, E e2" in text
    assert g.view(s, 0) == full and g.view(s, 1) == full
    end = g.replay(["c2", "c4", "d1", "d1"], s)  # P1 c2, P2 c4, E d1, P1 d1 catches
    assert g.is_over(end)
    assert g.view(end, 2) == g.full_view(end) == g.view(end, None)


def test_a_seeing_evader_sees_everything() -> None:
    g = game(width=5, height=5, starts="a1;e3")
    s = g.initial()
    assert g.view(s, 1) == g.view(s, None) == g.full_view(s)


def test_only_a_blind_evader_makes_the_game_hide() -> None:
    assert not game(width=5, height=5, starts="a1;e3").hidden_information  # nothing to hide: an open game
    assert game(width=5, height=5, starts="a1;e3", evader_sees=False).hidden_information
    assert Pursuit.schema()["hidden_information"]  # the catalog: pursuit can hide


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    pursuers=st.integers(1, 2),
    obstacles=st.integers(0, 25),
    width=st.integers(3, 12),
    height=st.integers(3, 8),
)
def test_blind_views_never_show_a_pursuer_in_random_playouts(
    seed: int, pursuers: int, obstacles: int, width: int, height: int
) -> None:
    g = game(width=width, height=height, pursuers=pursuers, obstacles=obstacles, seed=seed, evader_sees=False, limit=12)
    rng = random.Random(seed)
    s = g.initial()
    while not g.is_over(s):
        hunters = {format_cell(*c) for c in s.figures[:-1]}
        evader = format_cell(*s.figures[-1])
        starts = set(g.full_view(s)["starts"])
        for seat in (g.seats - 1, None):
            v = g.view(s, seat)
            assert v["figures"][:-1] == [None] * pursuers
            json.dumps(v)
            # Start cells are public parameters; every other mention of a pursuer's cell is a leak.
            shown = strings({k: val for k, val in v.items() if k != "starts"})
            assert not (hunters - starts) & shown and not hunters & strings(v["figures"])
            assert set(CELL_NAME.findall(g.render_view(v))) <= {evader}
        s = g.apply(s, rng.choice(g.legal_moves(s)))
    assert g.view(s, g.seats - 1) == g.full_view(s)


# ----- layouts from the seed ----------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    pursuers=st.integers(1, 2),
    obstacles=st.integers(0, 40),
    width=st.integers(4, 20),
    height=st.integers(4, 12),
)
def test_seeded_layouts_are_reproducible_and_every_figure_can_move(
    seed: int, pursuers: int, obstacles: int, width: int, height: int
) -> None:
    params = {"seed": seed, "pursuers": pursuers, "obstacles": obstacles, "width": width, "height": height}
    g = game(**params)
    again = game(**params)
    assert g.initial() == again.initial() and g.blocked == again.blocked  # type: ignore[attr-defined]
    s = g.initial()
    assert len(set(s.figures)) == g.seats
    assert len(g.blocked) == round(obstacles * width * height / 100)  # type: ignore[attr-defined]
    for c in s.figures:
        assert c not in g.blocked  # type: ignore[attr-defined]
    for seat in range(g.seats):
        state = PursuitState(s.figures, seat, 0, 0)
        assert g.legal_moves(state), f"seat {seat} cannot move from its start"


def test_obstacles_spare_given_starts_and_their_last_open_neighbour() -> None:
    for seed in range(30):
        g = game(width=6, height=6, starts="a1;f6", obstacles=60, seed=seed)
        assert (0, 0) not in g.blocked and (5, 5) not in g.blocked  # type: ignore[attr-defined]
        assert g.legal_moves(g.initial())


def test_default_starts_keep_the_evader_away() -> None:
    for seed in range(20):
        s = game(seed=seed).initial()
        (px, py), (ex, ey) = s.figures
        assert max(abs(px - ex), abs(py - ey)) >= 3


def test_a_drawn_seed_is_kept_in_the_parameters() -> None:
    g = game()
    assert isinstance(g.params["seed"], int)
    assert game(**g.params).initial() == g.initial()


# ----- parameters ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"pursuers": 3}, "parameter 'pursuers'.*out of range"),
        ({"width": 0}, "parameter 'width'"),
        ({"limit": 0}, "parameter 'limit'.*out of range"),
        ({"starts": "a1"}, "parameter 'starts': give 2 cells \\(the pursuer then the evader\\), not 1"),
        ({"starts": "a1;b1", "pursuers": 2}, "give 3 cells"),
        ({"starts": "a1;a1"}, "two figures start on a1"),
        ({"starts": "a1;c3", "blocked": "c3"}, "c3 \\(the evader\\) is blocked"),
        ({"starts": "a1;p1"}, "parameter 'starts'.*off the board"),
        ({"starts": "a1;e5", "blocked": "a2;b2;b1"}, "a1 \\(pursuer P1\\) has no open neighbour"),
        ({"width": 1, "height": 1}, "too few"),
        ({"obstacles": 61}, "parameter 'obstacles'"),
        ({"coalition": "perhaps"}, "parameter 'coalition'"),
    ],
)
def test_bad_parameters_are_named(params: dict[str, Any], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        game(**params)


# ----- pictures and the solver's view keys ----------------------------------------------


def test_render_draws_the_board_with_coordinates() -> None:
    g = game(width=4, height=3, pursuers=2, starts="a1;b1;d3", blocked="c2", limit=5)
    s = g.replay(["b2", "b2"])
    assert g.render(s) == "\n".join(
        [
            "pursuit: 2 pursuers vs evader, round 0 of 5",
            "3  .  .  .  E",
            "2  . PP ##  .",
            "1  .  .  .  .",
            "   a  b  c  d",
            "P1 b2, P2 b2, E d3; the evader to move",
        ]
    )


def test_full_view_has_the_keys_the_solver_reads() -> None:
    g = game(width=6, height=4, pursuers=2, coalition=False, starts="a1;f1;c4", blocked="d2", limit=9)
    v = g.full_view(g.replay(["b2"]))
    assert v == {
        "width": 6,
        "height": 4,
        "blocked": ["d2"],
        "figures": ["b2", "f1", "c4"],
        "limit": 9,
        "round": 0,
        "to_move": 1,
        "starts": ["a1", "f1", "c4"],
        "pursuers": 2,
        "coalition": False,
        "evader_sees": True,
        "caught_by": [],
    }
