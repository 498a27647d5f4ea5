"""Subtraction: the seed's matches game, goal handling, last-loses, parameter and move errors."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.games.subtraction import SubtractionState


def mover_wins(game: rules.Game, state: SubtractionState) -> bool:
    """Plain brute force: can the player to move force a win?"""

    @cache
    def wins(heap: int, turn: int) -> bool:
        s = SubtractionState(heap, turn)
        if game.is_over(s):
            res = game.result(s)
            assert res is not None
            return res.outcomes[turn] == "win"
        return any(not wins(heap - t, 1 - turn) for t in game.legal_moves(s))

    return wins(state.heap, state.turn)


def test_seed_matches_game_leave_one_match() -> None:
    # n=5 take=1,2 goal=1: taking one match (leaving 4) wins; leaving 3 lets the opponent leave 1.
    g = rules.create("subtraction", n=5, take="1,2", goal=1)
    s = g.initial()
    assert g.legal_texts(s) == ["1", "2"]
    assert mover_wins(g, s)
    assert not mover_wins(g, g.play_text(s, "1"))
    assert mover_wins(g, g.play_text(s, "2"))
    end = g.replay(["1", "1", "2"])
    assert end.heap == 1 and g.is_over(end)
    res = g.result(end)
    assert res is not None and res.outcomes == ("win", "loss")
    assert "goal 1" in res.reason


def test_take_below_goal_is_illegal_with_reason() -> None:
    g = rules.create("subtraction", n=5, take="1,2", goal=1)
    s = g.replay(["2", "1"])  # heap 2
    assert g.legal_texts(s) == ["1"]
    with pytest.raises(rules.IllegalMoveError, match="may not go below the goal 1"):
        g.play_text(s, "2")
    with pytest.raises(rules.IllegalMoveError, match="amounts you may take are 1, 2"):
        g.play_text(s, "3")


def test_last_loses_swaps_the_winner() -> None:
    wins = rules.create("subtraction", n=3, take="1,2,3")
    loses = rules.create("subtraction", n=3, take="1,2,3", rule="last-loses")
    for g, first in ((wins, "win"), (loses, "loss")):
        end = g.replay(["3"])
        res = g.result(end)
        assert res is not None and res.outcomes[0] == first
    # Misère 1,2,3: the mover loses exactly when heap % 4 == 1.
    for n in range(1, 14):
        g = rules.create("subtraction", n=n, take="1,2,3", rule="last-loses")
        assert mover_wins(g, g.initial()) == (n % 4 != 1), n


def test_known_losing_positions_of_normal_play() -> None:
    # take=1,3,4: the P-positions are n % 7 in {0, 2}.
    for n in range(0, 30):
        g = rules.create("subtraction", n=n, take="1,3,4")
        assert mover_wins(g, g.initial()) == (n % 7 not in (0, 2)), n


def test_stuck_above_goal_ends_the_game() -> None:
    g = rules.create("subtraction", n=6, take="2,3", goal=3)
    s = g.play_text(g.initial(), "2")  # heap 4: 1 above the goal, both amounts too big
    assert g.is_over(s) and g.legal_moves(s) == [] and g.to_move(s) is None
    res = g.result(s)
    assert res is not None and res.outcomes == ("win", "loss") and "left 4" in res.reason
    start = rules.create("subtraction", n=0)
    assert start.is_over(start.initial())
    res = start.result(start.initial())
    assert res is not None and res.outcomes == ("loss", "win")


def test_take_is_merged_and_sorted() -> None:
    g = rules.create("subtraction", take="3, 1,3")
    assert g.params["take"] == [1, 3]
    assert rules.create("subtraction", **g.params).params == g.params


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"take": ""}, "parameter 'take': give at least one"),
        ({"take": "0,1"}, "parameter 'take'.*out of range"),
        ({"goal": 9}, "parameter 'goal': 9 is above the start size n=5"),
        ({"rule": "first-wins"}, "parameter 'rule'.*last-wins, last-loses"),
        ({"n": "five"}, "parameter 'n'"),
    ],
)
def test_bad_parameters_name_the_key(params: dict[str, object], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        rules.create("subtraction", **params)


@pytest.mark.parametrize("text", ["", "x", "-1", "0", "1:2", "1.5", "²", "1²", "٣"])
def test_bad_move_text(text: str) -> None:
    g = rules.create("subtraction")
    with pytest.raises(rules.ParseMoveError):
        g.parse_move(g.initial(), text)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(0, 60),
    take=st.lists(st.integers(1, 9), min_size=1, max_size=4),
    goal=st.integers(0, 10),
    data=st.data(),
)
def test_random_games_stay_above_goal_and_end_in_bound(n: int, take: list[int], goal: int, data: st.DataObject) -> None:
    goal = min(goal, n)
    g = rules.create("subtraction", n=n, take=take, goal=goal)
    s = g.initial()
    plies = 0
    while not g.is_over(s):
        moves = g.legal_moves(s)
        assert moves and all(m in take for m in moves)
        s = g.apply(s, data.draw(st.sampled_from(moves)))
        plies += 1
        assert s.heap >= goal
    assert plies <= g.max_plies()
    assert all(s.heap - t < goal for t in take)


def _played_one_by_one(game: rules.Game, state: SubtractionState, turns: list[tuple[int, str]]) -> object:
    """The general rules' run (rules.Game.play_turns), or the type of the error it raises."""
    try:
        return rules.Game.play_turns(game, state, turns)
    except rules.RulesError as e:
        return type(e)


@settings(max_examples=200, deadline=None)
@given(
    turns=st.lists(
        st.tuples(st.integers(0, 1), st.sampled_from(["1", "2", "3", "4", "0", " 2", "02", "²", "x", "-1", ""])),
        max_size=12,
    ),
    n=st.integers(0, 20),
    goal=st.integers(0, 3),
    misere=st.booleans(),
)
def test_a_run_of_turns_is_played_as_the_rules_play_each(
    turns: list[tuple[int, str]], n: int, goal: int, misere: bool
) -> None:
    # The one-loop run a node folds its native moves with gives the state, or the error, of playing each.
    game = rules.create(
        "subtraction", n=max(n, goal), take="1,3", goal=goal, rule="last-loses" if misere else "last-wins"
    )
    state = game.initial()
    expected = _played_one_by_one(game, state, turns)
    try:
        got: object = game.play_turns(state, turns)
    except rules.RulesError as e:
        got = type(e)
    assert got == expected
