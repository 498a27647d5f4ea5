"""Line-game bots keep their budgets: no move more than 5% + 20 ms over it, at every level.

The positions come from one game of the ``hard`` bot against itself (opening, middle game
with threats on the board, late game), under each rule and on 19x19.  A machine busy with
other work can deschedule this process for a while, so an overrun counts only when the same
decision overruns three times running.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from grundy import rules
from grundy.solver.bot import LEVELS, choose


def allowed(budget: float) -> float:
    return budget * 1.05 + 0.020


def positions(game: Any, plies: tuple[int, ...]) -> list[Any]:
    """The states after ``plies`` moves of a quick game of ``medium`` against itself."""
    rng = random.Random(5)
    state = game.initial()
    out = []
    for ply in range(max(plies) + 1):
        if game.is_over(state):
            break
        if ply in plies:
            out.append(state)
        state = game.play(state, choose(game, state, "medium", 0.02, rng=rng).move)
    return out


@pytest.mark.parametrize(
    "params",
    [{}, {"rule": "renju"}, {"rule": "caro"}, {"rule": "standard", "size": 19}],
    ids=["freestyle", "renju", "caro", "standard-19"],
)
def test_gomoku_levels_keep_their_budget(params: dict[str, Any]) -> None:
    game = rules.create("gomoku", **params)
    budget = 0.25
    for state in positions(game, (1, 8, 16)):
        for level in LEVELS:
            times = []
            for attempt in range(3):
                t0, cpu0 = time.perf_counter(), time.process_time()
                d = choose(game, state, level, budget, rng=random.Random(attempt))
                # the time it took, or, on a machine too busy to give it the processor, the time it computed:
                # a search past its budget costs CPU time past it, a wait for the processor does not
                times.append(min(time.perf_counter() - t0, time.process_time() - cpu0))
                assert game.is_legal(state, d.move)
                if times[-1] <= allowed(budget):
                    break
            assert min(times) <= allowed(budget), f"{level} took {min(times):.3f} s for a {budget} s budget"
