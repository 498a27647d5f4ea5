"""Stones: the exam's answers (tasks 19-21), goal handling, reach-loses, shrinking heaps, errors."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.games.stones import StonesState


def exam_codes(game: rules.Game):  # type: ignore[no-untyped-def]
    """The exam's position code for the player to move: K > 0 wins by his K-th move,
    -K loses by the opponent's K-th move at the latest, 0 the game is over (he lost)."""

    @cache
    def code(heaps: tuple[int, ...], turn: int) -> int:
        s = StonesState(heaps, turn)
        if game.is_over(s):
            return 0
        nexts = [code(n.heaps, n.turn) for n in (game.apply(s, m) for m in game.legal_moves(s))]
        losing = [c for c in nexts if c <= 0]
        return 1 - max(losing) if losing else -max(nexts)

    return code


def exam_game(s: int) -> rules.Game:
    return rules.create("stones", heaps=f"7,{s}", ops="+1,*2", goal="77")


def test_exam_task_19_second_player_wins_after_a_bad_first_move() -> None:
    def possible(s: int) -> bool:
        g = exam_game(s)
        start = g.initial()
        for m in g.legal_moves(start):
            after = g.apply(start, m)
            if g.is_over(after):
                continue
            if any(g.is_over(g.apply(after, r)) for r in g.legal_moves(after)):
                return True
        return False

    assert min(s for s in range(1, 70) if possible(s)) == 18


def test_exam_tasks_20_and_21() -> None:
    code = exam_codes(exam_game(1))
    codes = {s: code((7, s), 0) for s in range(1, 70)}
    assert sorted(s for s, c in codes.items() if c == 2) == [31, 34]
    assert min(s for s, c in codes.items() if c == -2) == 30
    assert codes[17] == 11  # the seed's check: (7, 17) is a win, not the answer to task 21


def test_goal_forms_and_the_end() -> None:
    g = rules.create("stones", heaps="7,30", goal="77")
    assert g.params["goal"] == ">=77"
    assert rules.create("stones", **g.params).params == g.params
    s = g.replay(["2:*2"])  # 7 + 60 = 67
    assert not g.is_over(s) and g.to_move(s) == 1
    s = g.replay(["2:+1"], s)  # 68: not yet
    assert not g.is_over(s)
    s = g.replay(["1:*2"], s)  # 14 + 61 = 75
    assert not g.is_over(s)
    s = g.replay(["1:+1"], s)  # 76
    assert not g.is_over(s)
    end = g.replay(["1:+1"], s)  # 77: exactly the goal ends the game
    assert g.is_over(end) and g.to_move(end) is None and g.legal_moves(end) == []
    res = g.result(end)
    assert res is not None and res.outcomes == ("win", "loss") and "77" in res.reason


def test_full_view_and_render() -> None:
    g = rules.create("stones", heaps="7,30")
    s = g.replay(["1:*2"])
    assert g.full_view(s) == {
        "heaps": [14, 30],
        "total": 44,
        "goal": ">=77",
        "ops": ["+1", "*2"],
        "rule": "reach-wins",
        "to_move": 1,
    }
    assert g.render(s).splitlines()[1:] == ["heap 1: 14", "heap 2: 30", "total: 44"]


def test_reach_loses_gives_the_win_to_the_other_player() -> None:
    g = rules.create("stones", heaps="38,38", rule="reach-loses")
    s = g.initial()
    assert all(g.is_over(g.apply(s, m)) for m in g.legal_moves(s))
    end = g.play_text(s, "1:+1")
    res = g.result(end)
    assert res is not None and res.outcomes == ("loss", "win") and "reach-loses" in res.reason
    wins = rules.create("stones", heaps="38,38")
    res = wins.result(wins.play_text(wins.initial(), "1:+1"))
    assert res is not None and res.outcomes == ("win", "loss")


def test_shrinking_goal_and_unchanged_moves() -> None:
    g = rules.create("stones", heaps="2,30", ops="-3,/2", goal="<=10")
    s = g.play_text(g.initial(), "1:-3")  # removes what is left, never below 0
    assert s.heaps == (0, 30)
    assert g.legal_texts(s) == ["2:-3", "2:/2"]
    with pytest.raises(rules.IllegalMoveError, match="heap 1 is empty, so -3 would leave the position unchanged"):
        g.play_text(s, "1:-3")
    with pytest.raises(rules.IllegalMoveError, match="unchanged"):
        g.play_text(s, "1:/2")
    s = g.play_text(s, "2:/2")  # 15
    assert s.heaps == (0, 15) and not g.is_over(s)
    s = g.play_text(s, "2:/2")  # 7 <= 10
    assert s.heaps == (0, 7) and g.is_over(s)
    res = g.result(s)
    assert res is not None and res.outcomes == ("win", "loss")


def test_multiplying_an_empty_heap_is_illegal() -> None:
    g = rules.create("stones", heaps="0,5", ops="+1,*2")
    s = g.initial()
    assert "1:*2" not in g.legal_texts(s) and "1:+1" in g.legal_texts(s)
    with pytest.raises(rules.IllegalMoveError, match="heap 1 is empty"):
        g.play_text(s, "1:*2")


def test_move_errors_are_precise() -> None:
    g = rules.create("stones")
    s = g.initial()
    with pytest.raises(rules.IllegalMoveError, match="no heap 3"):
        g.play_text(s, "3:+1")
    with pytest.raises(rules.IllegalMoveError, match=r"\*3 is not an operation of this game; they are \+1, \*2"):
        g.play_text(s, "1:*3")
    assert g.parse_move(s, " 2 : x2 ") == (1, "*2")
    for text in ["2", "2:", ":*2", "0:+1", "a:+1", "1:^2", "1:+1:+1"]:
        with pytest.raises(rules.ParseMoveError):
            g.parse_move(s, text)


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"ops": "+1,-1"}, r"parameter 'ops': -1 cannot go with goal >=77"),
        ({"ops": "/2", "goal": "77"}, "parameter 'ops'.*growing"),
        ({"ops": "+1", "goal": "<=19"}, "parameter 'ops'.*shrinking"),
        ({"ops": "*1"}, "parameter 'ops': '\\*1' never changes"),
        ({"ops": "+1,^2"}, "parameter 'ops': '\\^2' is not an operation"),
        ({"ops": ""}, "parameter 'ops': give at least one"),
        ({"goal": "=77"}, "parameter 'goal': '=77' is not a goal; write 77, >=77 or <=19"),
        ({"heaps": "50,30"}, "parameter 'heaps': the start total 80 already reaches the goal >=77"),
        ({"heaps": "10,9", "ops": "-1", "goal": "<=19"}, "start total 19 already reaches"),
        ({"heaps": "0,0", "ops": "*2"}, "parameter 'heaps': with only \\*k operations"),
        ({"heaps": ""}, "parameter 'heaps': give at least one heap"),
        ({"rule": "reach"}, "parameter 'rule'.*reach-wins, reach-loses"),
    ],
)
def test_bad_parameters_name_the_key(params: dict[str, str], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        rules.create("stones", **params)


@st.composite
def stones_games(draw: st.DrawFn) -> dict[str, str]:
    growing = draw(st.booleans())
    heaps = draw(st.lists(st.integers(0, 40), min_size=1, max_size=3))
    if growing:
        ops = draw(st.lists(st.sampled_from(["+1", "+2", "+5", "*2", "*3"]), min_size=1, max_size=3))
        goal = sum(heaps) + draw(st.integers(1, 80))
        if sum(heaps) == 0:
            ops.append("+1")
        text = draw(st.sampled_from([str(goal), f">={goal}"]))
    else:
        ops = draw(st.lists(st.sampled_from(["-1", "-4", "/2", "/3"]), min_size=1, max_size=3))
        if sum(heaps) == 0:
            heaps[0] = 1
        goal = draw(st.integers(0, sum(heaps) - 1))
        text = f"<={goal}"
    return {"heaps": ",".join(map(str, heaps)), "ops": ",".join(ops), "goal": text}


@settings(max_examples=60, deadline=None)
@given(params=stones_games(), data=st.data())
def test_every_move_changes_the_total_towards_the_goal(params: dict[str, str], data: st.DataObject) -> None:
    g = rules.create("stones", **params)
    growing = g.params["goal"].startswith(">=")
    s = g.initial()
    plies = 0
    while not g.is_over(s):
        moves = g.legal_moves(s)
        assert moves, "a player must always have a move before the end"
        m = data.draw(st.sampled_from(moves))
        after = g.play(s, m)
        assert after != s and min(after.heaps) >= 0
        assert (sum(after.heaps) > sum(s.heaps)) if growing else (sum(after.heaps) < sum(s.heaps))
        s = after
        plies += 1
    assert plies <= g.max_plies()
