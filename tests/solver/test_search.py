"""The generic alpha-beta search: proven results, principal variations, the clock, teams."""

from __future__ import annotations

import functools
import time

import pytest

import rules
from solver.search import PROVEN, Clock, Searcher, StatePosition, TimeUp, search


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
