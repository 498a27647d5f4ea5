"""Pawn: the game's value 5 with payoffs 1..8, scores and outcomes by sign, errors."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.games.pawn import PawnState


def value(game: rules.Game, state: PawnState) -> float:
    """Plain minimax: what Max gets with best play from ``state``."""

    @cache
    def v(x: int, y: int) -> float:
        s = PawnState(x, y)
        res = game.result(s)
        if res is not None:
            assert res.scores is not None
            return res.scores[0]
        after = [v(*m) for m in game.legal_moves(s)]
        return max(after) if game.to_move(s) == 0 else min(after)

    return v(state.x, state.y)


def test_default_game_is_worth_5() -> None:
    g = rules.create("pawn")
    assert g.params == {"size": 8, "payoffs": [1, 2, 3, 4, 5, 6, 7, 8]}
    assert value(g, g.initial()) == 5


def test_small_boards_by_hand() -> None:
    # 2x2: Max moves once, onto b1 (payoff 1) or a2 (payoff -1).
    g = rules.create("pawn", size=2, payoffs="-1,1")
    assert g.legal_texts(g.initial()) == ["b1", "a2"]
    assert value(g, g.initial()) == 1
    # 3x3 with payoffs a3=10, b2=0, c1=10: Min answers Max's first move by heading to b2.
    g = rules.create("pawn", size=3, payoffs="10,0,10")
    assert value(g, g.initial()) == 0


def test_result_scores_and_outcomes_by_sign() -> None:
    g = rules.create("pawn", size=3, payoffs="-2,0,2.5")
    cases = {("a2", "a3"): ("loss", "win", -2), ("b1", "b2"): ("draw", "draw", 0), ("b1", "c1"): ("win", "loss", 2.5)}
    for moves, (o0, o1, p) in cases.items():
        end = g.replay(list(moves))
        assert g.is_over(end) and g.to_move(end) is None
        res = g.result(end)
        assert res is not None
        assert res.outcomes == (o0, o1)
        assert res.scores == (p, -p)


def test_turns_alternate_max_first() -> None:
    g = rules.create("pawn", size=4)
    s = g.initial()
    assert g.params["payoffs"] == [1, 2, 3, 4]
    seats = []
    while not g.is_over(s):
        seats.append(g.to_move(s))
        s = g.apply(s, g.legal_moves(s)[0])
    assert seats == [0, 1, 0]
    assert s == PawnState(3, 0)  # always right: the bottom-right corner, payoff 4
    res = g.result(s)
    assert res is not None and res.scores == (4, -4)


def test_one_cell_board_is_over_at_once() -> None:
    g = rules.create("pawn", size=1, payoffs="-3")
    res = g.result(g.initial())
    assert res is not None and res.outcomes == ("loss", "win") and res.scores == (-3, 3)


def test_illegal_and_unparsable_moves() -> None:
    g = rules.create("pawn")
    s = g.replay(["b1"])
    with pytest.raises(rules.IllegalMoveError, match=r"'c2': the pawn on b1 moves one cell right \(c1\) or up \(b2\)"):
        g.play_text(s, "c2")
    with pytest.raises(rules.IllegalMoveError, match="'a1'"):
        g.play_text(s, "a1")
    with pytest.raises(rules.ParseMoveError, match="off the board"):
        g.parse_move(s, "i1")
    with pytest.raises(rules.ParseMoveError, match="not a cell"):
        g.parse_move(s, "up")
    end = g.replay(["b1", "c1", "d1", "e1", "f1", "g1", "h1"])
    with pytest.raises(rules.IllegalMoveError, match="the game is over"):
        g.play_text(end, "h2")


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"size": 3, "payoffs": "1,2"}, "parameter 'payoffs': give exactly size=3 numbers.*got 2"),
        ({"payoffs": "1,2,x"}, "parameter 'payoffs'"),
        ({"size": 2, "payoffs": "1,nan"}, "parameter 'payoffs': nan is not a finite number"),
        ({"size": 0}, "parameter 'size'.*out of range"),
        ({"size": 65}, "parameter 'size'.*out of range"),
    ],
)
def test_bad_parameters_name_the_key(params: dict[str, object], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        rules.create("pawn", **params)


def test_full_view_names_cells() -> None:
    g = rules.create("pawn", size=3, payoffs="7,-1,4")
    assert g.full_view(g.replay(["b1"])) == {
        "size": 3,
        "pawn": "b1",
        "diagonal": ["a3", "b2", "c1"],
        "payoffs": [7, -1, 4],
        "to_move": 1,
    }


def test_render_shows_coordinates_pawn_and_payoffs() -> None:
    g = rules.create("pawn", size=3, payoffs="7,-1,4")
    lines = g.render(g.replay(["b1"])).splitlines()
    assert lines[-1].split() == ["a", "b", "c"]
    assert lines[1].split() == ["3", "7"]
    assert lines[2].split() == ["2", ".", "-1"]
    assert lines[3].split() == ["1", ".", "P", "4"]


@settings(max_examples=60, deadline=None)
@given(size=st.integers(1, 20), data=st.data())
def test_random_games_stay_on_the_board_and_end_on_the_diagonal(size: int, data: st.DataObject) -> None:
    payoffs = data.draw(st.lists(st.integers(-9, 9), min_size=size, max_size=size))
    g = rules.create("pawn", size=size, payoffs=payoffs)
    s = g.initial()
    plies = 0
    while not g.is_over(s):
        before = s
        s = g.play(s, data.draw(st.sampled_from(g.legal_moves(s))))
        assert (s.x - before.x, s.y - before.y) in ((1, 0), (0, 1))
        assert 0 <= s.x < size and 0 <= s.y < size
        plies += 1
    assert plies == g.max_plies() == size - 1
    assert s.x + s.y == size - 1
    res = g.result(s)
    assert res is not None and res.scores == (payoffs[s.x], -payoffs[s.x])
