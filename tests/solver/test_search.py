"""The generic alpha-beta search (proven results, principal variations, the clock) and evaluators."""

from __future__ import annotations

import functools
import time

import pytest

from grundy import rules
from grundy.solver.pursuit import FAR, Field, pursuer_score
from grundy.solver.search import PROVEN, Clock, Searcher, StatePosition, TimeUp, search


def nim_sum(heaps: tuple[int, ...]) -> int:
    return functools.reduce(lambda a, b: a ^ b, heaps, 0)


def test_nim_winning_move_leaves_nim_sum_zero_and_is_proven() -> None:
    game = rules.create("nim", heaps="3,4,5")
    state = game.initial()
    res = search(StatePosition(game, state, 0), 5.0)
    after = game.apply(state, res.move)
    assert nim_sum(after.heaps) == 0
    assert res.value > PROVEN and res.proven


def test_lost_nim_position_is_proven_lost() -> None:
    game = rules.create("nim", heaps="1,2,3")
    res = search(StatePosition(game, game.initial(), 0), 5.0)
    assert res.value < -PROVEN and res.proven


def test_principal_variation_is_a_legal_line_ending_the_game() -> None:
    game = rules.create("nim", heaps="2,3")
    state = game.initial()
    res = search(StatePosition(game, state, 0), 5.0)
    assert res.pv[0] == res.move
    for m in res.pv:
        assert game.is_legal(state, m)
        state = game.apply(state, m)
    assert game.is_over(state)
    assert game.result(state).outcomes[0] == "win"  # type: ignore[union-attr]


def test_quickest_win_is_preferred() -> None:
    # Taking the whole last heap wins at once; any other move wins later at best.
    game = rules.create("nim", heaps="5")
    res = search(StatePosition(game, game.initial(), 0), 2.0)
    assert res.move == (0, 5)
    assert len(res.pv) == 1


def test_deadline_is_kept_on_a_big_game() -> None:
    game = rules.create("nim", heaps="30,40,50,60")
    t0 = time.perf_counter()
    res = search(StatePosition(game, game.initial(), 0), 0.1)
    assert time.perf_counter() - t0 < 0.1 + 0.05
    assert res.move is not None and game.is_legal(game.initial(), res.move)


def test_an_expired_clock_still_gives_the_first_move() -> None:
    game = rules.create("nim", heaps="3,4,5")
    pos = StatePosition(game, game.initial(), 0)
    s = Searcher(pos, Clock(time.perf_counter() - 1.0), check_every=1)
    res = s.root_search()
    assert res.move is not None and res.depth == 0


def test_clock_check_raises_after_the_deadline() -> None:
    clock = Clock(time.perf_counter() - 0.001)
    with pytest.raises(TimeUp):
        clock.check()


# ----- the pursuit evaluation's distances (king moves around obstacles) -----------------


def test_king_distances_go_around_a_wall() -> None:
    # 5 x 3 board, a wall on column c except the top row: a1 -> e1 must climb to row 3.
    f = Field(5, 3, {2, 7})  # c1, c2
    d = f.distances(0)
    assert d[4] == 4  # e1: a1 b2 c3 d2 e1
    assert d[14] == 4  # e3
    open_field = Field(5, 3, set())
    assert open_field.distances(0)[4] == 4
    walled = Field(5, 3, {2, 7, 12})  # a full wall: the right side is out of reach
    assert walled.distances(0)[4] == FAR


def test_a_cornered_evader_scores_better_for_the_pursuers() -> None:
    f = Field(7, 7, set())
    evader = 0  # a1
    near = pursuer_score(f, [8], evader, rounds_left=20, evader_to_move=True)  # b2, next to it
    far = pursuer_score(f, [48], evader, rounds_left=20, evader_to_move=True)  # g7
    assert near > far
    # Two pursuers between the evader and the open board leave it no territory.
    assert f.territory(evader, [2, 16], evader_first=True) < f.territory(evader, [48, 42], evader_first=True)
