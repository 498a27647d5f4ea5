"""The hosted-bot pool with real worker processes: legal answers, crashes, overruns, queueing, shutdown.

Stuck searches are simulated with the pool's ``stall`` hook (seconds a worker sleeps before
choosing at a level); crashes with a real ``SIGKILL``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import pytest

from grundy import rules
from grundy.server.bots import BotAnswer, BotPool, BotPoolClosed, BotRequestError, ladder, parse_stall
from grundy.server.room import RequestBotMove
from grundy.solver.bot import LEVELS

NIM = {"heaps": [3, 4, 5, 6], "misere": False}
SLACK_S = 2.0  # generous: the machine is shared


def request(
    level: str,
    *,
    budget: float = 0.05,
    moves: tuple[str, ...] = (),
    room: str = "r1",
    game: str = "nim",
    params: dict[str, Any] | None = None,
) -> RequestBotMove:
    g = rules.create(game, **(NIM if params is None and game == "nim" else params or {}))
    state = g.replay(moves)
    seat = g.to_move(state)
    assert seat is not None
    return RequestBotMove(
        room=room,
        seat=seat,
        level=level,
        ply=len(moves),
        game=game,
        params=dict(g.params),
        moves=moves,
        budget_s=budget,
        view=g.view(state, seat),
    )


def assert_legal(req: RequestBotMove, answer: BotAnswer) -> None:
    g = rules.create(req.game, **req.params)
    state = g.replay(req.moves)
    assert g.is_legal(state, g.parse_move(state, answer.text)), f"{answer.text!r} is not legal after {req.moves}"
    assert (answer.room, answer.seat, answer.ply) == (req.room, req.seat, req.ply)


async def eventually(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.02)


async def busy_pid(pool: BotPool, other_than: int | None = None) -> int:
    await eventually(lambda: any(p != other_than for p in pool.busy_pids()))
    return next(p for p in pool.busy_pids() if p != other_than)


def children_of_this_process() -> list[int]:
    """Live (or unreaped) child processes of the test process, from /proc."""
    me = str(os.getpid())
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            out.append(int(entry.name))
    return out


MakePool = Callable[..., Awaitable[BotPool]]


@pytest.fixture
async def pools() -> AsyncIterator[MakePool]:
    """Makes started pools; closes them after the test."""
    made: list[BotPool] = []

    async def make(workers: int = 2, **options: Any) -> BotPool:
        pool = BotPool(workers, **options)
        made.append(pool)
        await pool.start()
        return pool

    yield make
    for pool in made:
        await pool.close()


def test_the_ladder_retries_once_then_goes_down_to_random() -> None:
    assert ladder("hard") == ["hard", "hard", "medium", "easy", "random"]
    assert ladder("random") == ["random", "random"]
    assert parse_stall("hard=5, max=0.5") == {"hard": 5.0, "max": 0.5}
    assert parse_stall("2") == dict.fromkeys(LEVELS, 2.0)
    with pytest.raises(ValueError, match="unknown level 'hardest'"):
        parse_stall("hardest=1")
    with pytest.raises(ValueError, match="'soon' in 'hard=soon' is not a number"):
        parse_stall("hard=soon")


async def test_every_level_of_every_game_answers_a_legal_move(pools: MakePool) -> None:
    pool = await pools(2)
    rng = random.Random(5)
    reqs = []
    for cls in rules.catalog.GAMES:
        game = rules.create(cls.name, **cls.examples[0])
        state, moves = game.initial(), []
        for _ in range(rng.randrange(0, 4)):  # a few plies in, so the replay is exercised
            if game.to_move(state) is None or len(game.legal_moves(state)) < 2:
                break
            text = game.format_move(state, rng.choice(game.legal_moves(state)))
            state = game.play_text(state, text)
            moves.append(text)
        if game.to_move(state) is None:
            continue
        for level in LEVELS:
            reqs.append(request(level, game=cls.name, params=dict(game.params), moves=tuple(moves), room=cls.name))
    answers = await asyncio.gather(*(pool.choose(r) for r in reqs))
    for r, a in zip(reqs, answers, strict=True):
        assert_legal(r, a)
        assert a.level == r.level and not a.fallback
    assert pool.stats["fallbacks"] == 0


async def test_bot_against_bot_plays_a_whole_game_through_the_pool(pools: MakePool) -> None:
    pool = await pools(2)
    game = rules.create("nim", heaps="5,6,7")
    state, moves = game.initial(), cast(tuple[str, ...], ())
    while game.to_move(state) is not None:
        req = request(("max", "easy")[len(moves) % 2], moves=moves, params=dict(game.params), budget=0.02)
        a = await pool.choose(req)
        assert_legal(req, a)
        state = game.play_text(state, a.text)
        moves = (*moves, a.text)
    result = game.result(state)
    assert result is not None and result.outcomes[0] == "win"  # max moves first in a won nim and keeps it


async def test_a_worker_killed_mid_search_is_replaced_and_the_job_retried(pools: MakePool) -> None:
    pool = await pools(2, stall={"hard": 0.5}, margin_s=3.0)
    before = set(pool.pids())
    req = request("hard", budget=0.1)
    job = asyncio.create_task(pool.choose(req))
    victim = await busy_pid(pool)
    os.kill(victim, signal.SIGKILL)
    answer = await asyncio.wait_for(job, 10)
    assert_legal(req, answer)
    assert answer.level == "hard" and answer.fallback  # the retry at the same level answered
    assert pool.stats["crashes"] == 1
    await eventually(lambda: len(pool.pids()) == 2)
    assert victim not in pool.pids() and len(set(pool.pids()) - before) == 1


async def test_a_job_whose_retry_also_dies_is_answered_at_a_lower_level(pools: MakePool) -> None:
    pool = await pools(2, stall={"hard": 1.0}, margin_s=5.0)
    req = request("hard", budget=0.1)
    job = asyncio.create_task(pool.choose(req))
    first = await busy_pid(pool)
    os.kill(first, signal.SIGKILL)
    second = await busy_pid(pool, other_than=first)
    os.kill(second, signal.SIGKILL)
    answer = await asyncio.wait_for(job, 15)
    assert_legal(req, answer)
    assert answer.level == "medium" and answer.fallback
    assert pool.stats["crashes"] == 2
    await eventually(lambda: len(pool.pids()) == 2)
    assert not {first, second} & set(pool.pids())


async def test_an_overrunning_worker_is_replaced_and_a_move_comes_within_budget_and_margin(pools: MakePool) -> None:
    pool = await pools(2, stall={"hard": 60.0}, margin_s=0.5)
    before = set(pool.pids())
    req = request("hard", budget=0.2)
    t0 = time.monotonic()
    answer = await pool.choose(req)
    elapsed = time.monotonic() - t0
    assert_legal(req, answer)
    assert answer.level == "random" and answer.fallback
    limit = 0.2 * 1.25 + 0.5
    assert limit * 0.9 <= elapsed <= limit + SLACK_S
    assert pool.stats["overruns"] == 1
    await eventually(lambda: len(pool.pids()) == 2)
    assert len(before & set(pool.pids())) == 1  # exactly one worker was replaced
    # The replacement works.
    assert_legal(req2 := request("easy", room="r2"), await pool.choose(req2))


async def test_many_concurrent_jobs_on_two_workers_are_all_answered(pools: MakePool) -> None:
    pool = await pools(2)
    reqs = [request(LEVELS[i % len(LEVELS)], budget=0.02, room=f"room{i}") for i in range(60)]
    answers = await asyncio.gather(*(pool.choose(r) for r in reqs))
    for r, a in zip(reqs, answers, strict=True):
        assert_legal(r, a)
    assert pool.stats["jobs"] == 60 and pool.queued == 0
    deadline = asyncio.get_running_loop().time() + 30  # (a worker that overran a budget on a busy machine is replaced)
    while len(pool.pids()) != 2:
        assert asyncio.get_running_loop().time() < deadline, pool.pids()
        await asyncio.sleep(0.05)


async def test_jobs_are_answered_in_the_order_they_came(pools: MakePool) -> None:
    pool = await pools(1, stall={"easy": 0.05})
    done: list[str] = []

    async def one(i: int) -> None:
        await pool.choose(request("easy", room=f"r{i}"))
        done.append(f"r{i}")

    await asyncio.gather(*(one(i) for i in range(6)))
    assert done == [f"r{i}" for i in range(6)]


async def test_cancelled_jobs_leave_the_queue_and_a_worker_past_its_budget_is_restarted(pools: MakePool) -> None:
    pool = await pools(1, stall={"hard": 30.0}, margin_s=30.0)
    loop = asyncio.get_running_loop()
    stuck = asyncio.create_task(pool.choose(request("hard", budget=0.05)))
    victim = await busy_pid(pool)
    started = loop.time()  # (the job was sent to the worker before this)
    waiting = asyncio.create_task(pool.choose(request("easy", room="r2")))
    await eventually(lambda: pool.queued == 1)
    waiting.cancel()
    await eventually(lambda: pool.queued == 0)
    await eventually(lambda: loop.time() > started + 0.05 + 0.1)  # the stuck search is now past its budget
    stuck.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stuck
    await eventually(lambda: len(pool.pids()) == 1 and victim not in pool.pids())
    assert pool.stats["restarts"] == 1
    req = request("easy", room="r3")
    assert_legal(req, await asyncio.wait_for(pool.choose(req), 10))


async def test_a_cancelled_job_within_budget_keeps_its_worker(pools: MakePool) -> None:
    pool = await pools(1, stall={"hard": 0.3})
    [pid] = pool.pids()
    job = asyncio.create_task(pool.choose(request("hard", budget=2.0)))
    await busy_pid(pool)
    job.cancel()
    await eventually(lambda: not pool.busy_pids())  # it finished its search; the answer was dropped
    assert pool.pids() == [pid]
    req = request("medium", room="r2")
    assert_legal(req, await pool.choose(req))


async def test_a_request_no_bot_can_answer_is_a_clear_error(pools: MakePool) -> None:
    pool = await pools(1)
    good = request("easy")
    with pytest.raises(BotRequestError, match=r"room r1 ply 0: .*move 1"):
        await pool.choose(_replace(good, moves=("1:9",)))
    with pytest.raises(BotRequestError, match="unknown bot level 'genius'"):
        await pool.choose(_replace(good, level="genius"))
    with pytest.raises(BotRequestError, match="the game is over"):
        await pool.choose(_replace(good, params={"heaps": [1], "misere": False}, moves=("1:1",)))
    assert len(pool.pids()) == 1 and pool.stats["crashes"] == 0  # the worker is unharmed
    assert_legal(good, await pool.choose(good))


async def test_a_job_that_finds_no_free_worker_in_time_gets_a_random_move(pools: MakePool) -> None:
    pool = await pools(1, stall={"hard": 30.0}, margin_s=30.0, max_wait_s=0.3)
    stuck = asyncio.create_task(pool.choose(request("hard", budget=0.05)))
    await busy_pid(pool)
    req = request("max", room="r2")
    t0 = time.monotonic()
    answer = await pool.choose(req)
    assert_legal(req, answer)
    assert answer.level == "random" and answer.fallback and "no worker free within 0.3 s" in answer.reason
    assert 0.25 <= time.monotonic() - t0 <= 0.3 + SLACK_S
    assert pool.queued == 0
    stuck.cancel()


async def test_close_leaves_no_child_processes_and_refuses_new_jobs() -> None:
    pool = BotPool(2, stall={"hard": 30.0})
    await pool.start()
    pids = pool.pids()
    assert set(pids) <= set(children_of_this_process())
    stuck = asyncio.create_task(pool.choose(request("hard", budget=0.05)))
    await busy_pid(pool)
    await pool.close()
    with pytest.raises(BotPoolClosed):
        await stuck
    assert not set(pids) & set(children_of_this_process())
    with pytest.raises(BotPoolClosed):
        await pool.choose(request("easy"))


def _replace(req: RequestBotMove, **changes: Any) -> RequestBotMove:
    return dataclasses.replace(req, **changes)


def test_a_request_that_cannot_be_answered_never_names_a_secret_seed() -> None:
    from grundy.server.bots import Positions, answer_job, shown_params

    params = {"width": 9, "height": 9, "mines": 10, "seed": 987654321}
    job = (7, "r-x", "minesweeper", params, ["no such move"], "random", 0.2)
    job_id, kind, message = answer_job(job, Positions(), {})
    assert (job_id, kind) == (7, "bad")
    assert "987654321" not in message and "<secret>" in message and "'width': 9" in message
    assert shown_params("nim", {"heaps": [3, 4]}) == {"heaps": [3, 4]}
    assert shown_params("no-such-game", {"seed": 5}) == {}
