"""Hosted bots in a cluster: `grundy bots` workers answer a node's jobs through Redis (real processes, a real
redis-server per test): a whole bot game, a worker killed mid-job, no worker at all, a stuck worker."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import redis

from grundy import protocol as p
from grundy import rules
from grundy.server.cluster.botqueue import GROUP, RedisBotQueue
from grundy.server.cluster.keys import Keys
from grundy.server.room import RequestBotMove
from tests.cli import inproc
from tests.cluster.procs import ROOT, BotsProcess, NodeProcess
from tests.server.e2e.wsclient import Client, watch_to_the_end

KEYS = Keys()


@pytest.fixture
async def procs(redis_server, tmp_path: Path) -> AsyncIterator[Any]:
    """Start `grundy serve` (``procs.node(...)``) and `grundy bots` (``procs.bots(...)``); stopped after the test."""
    started: list[Any] = []

    class Procs:
        async def node(self, node_id: str, *extra: str) -> NodeProcess:
            node = await NodeProcess.start(redis_server.url, tmp_path, node_id, *extra)
            started.append(node)
            return node

        async def bots(self, *extra: str, **kw: Any) -> BotsProcess:
            bots = await BotsProcess.start(redis_server.url, tmp_path, *extra, **kw)
            started.append(bots)
            return bots

    yield Procs()
    for proc in reversed(started):
        await proc.stop()


def request(level: str, budget: float, game: str = "nim", room: str = "r1", **params: Any) -> RequestBotMove:
    g = rules.create(game, **(params or {"heaps": [3, 4, 5, 6]}))
    state = g.initial()
    return RequestBotMove(
        room=room, seat=0, level=level, ply=0, game=game, params=dict(g.params), moves=(), budget_s=budget,
        view=g.view(state, 0),
    )


def assert_legal(req: RequestBotMove, text: str) -> None:
    g = rules.create(req.game, **req.params)
    state = g.replay(req.moves)
    assert g.is_legal(state, g.parse_move(state, text)), text


async def holder_of_a_job(url: str, level: str, timeout: float = 10.0) -> int:
    """The process id of the worker holding a job of ``level`` (consumer names are ``host:pid``)."""
    r = redis.Redis.from_url(url)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            pending = r.xpending_range(KEYS.bot_jobs(level), GROUP, "-", "+", 10)
            if pending:
                return int(pending[0]["consumer"].decode().rpartition(":")[2])
            await asyncio.sleep(0.02)
    finally:
        r.close()
    raise AssertionError(f"no worker took the {level} job")


def jobs_added(url: str, level: str) -> int:
    with redis.Redis.from_url(url) as r:
        return int(r.xinfo_stream(KEYS.bot_jobs(level))["entries-added"])


async def test_a_node_with_redis_bots_plays_bot_games_to_the_end(procs, redis_server) -> None:
    await procs.bots("--log-level", "debug", workers=1)
    node = await procs.node("a", "--bots", "redis", "--log-level", "debug")
    eve = await Client.hello(node.url, "Eve")
    seats = [p.SeatRequest(kind="bot", level="easy"), p.SeatRequest(kind="bot", level="max")]
    nim = await eve.request(p.CreateRoom(game="nim", params={"heaps": [2, 3, 4]}, seats=seats), p.RoomCreated)
    over = await watch_to_the_end(eve, nim.room, timeout=15)
    assert over.result is not None and over.result.ending == "rules"
    record = (await eve.request(p.GetRecord(room=nim.room), p.Record)).record
    plies = len(record["moves"])
    assert plies >= 2
    assert jobs_added(redis_server.url, "easy") + jobs_added(redis_server.url, "max") == plies
    # A hidden layout's secret seed travels in the jobs, and is never written to a log.
    seats = [p.SeatRequest(kind="bot", level="medium"), p.SeatRequest(kind="bot", level="easy")]
    mines = await eve.request(
        p.CreateRoom(game="minesweeper", params={"width": 6, "height": 6, "mines": 5}, seats=seats), p.RoomCreated
    )
    over = await watch_to_the_end(eve, mines.room, timeout=15)
    assert over.result is not None
    seed = (await eve.request(p.GetRecord(room=mines.room), p.Record)).record["params"]["seed"]
    assert jobs_added(redis_server.url, "medium") >= 1
    node_log = node.log.read_text()
    bots_log = (node.log.parent / "bots.log").read_text()
    assert "answered in the node" not in node_log  # every move came from the worker
    assert f"room {mines.room}" in bots_log
    assert seed < 10**6 or str(seed) not in node_log + bots_log  # (a short seed could be in a time by chance)
    with redis.Redis.from_url(redis_server.url) as r:  # done jobs leave the streams
        assert sum(r.xlen(KEYS.bot_jobs(level)) for level in ("easy", "medium", "max")) == 0
    await eve.close()


async def test_a_worker_killed_mid_job_has_its_job_claimed_and_answered_by_another(procs, redis_server) -> None:
    bots = await procs.bots("--claim-ms", "1000", workers=2, stall="random=2")
    async with RedisBotQueue(redis_server.url) as queue:
        req = request("random", budget=6.0)
        started = time.monotonic()
        job = asyncio.create_task(queue.choose(req))
        victim = await holder_of_a_job(redis_server.url, "random")
        os.kill(victim, signal.SIGKILL)  # mid-job: it sleeps 2 s before choosing
        answer = await asyncio.wait_for(job, 15)
        took = time.monotonic() - started
        assert_legal(req, answer.text)
        assert answer.level == "random" and answer.fallback  # answered again, by a worker
        assert not answer.reason.startswith("in the node") and queue.stats["in_process"] == 0
        assert 2.0 < took < 6.0  # claimed after 1 s of silence, 2 s of stall: within the budget
        # The dead worker was replaced; its job was taken once more, not twice.
        log = bots.log.read_text()
        assert f"bot worker {victim} stopped (exit code -9): replaced" in log
        with redis.Redis.from_url(redis_server.url) as r:
            assert r.xlen(KEYS.bot_jobs("random")) == 0
            assert r.xpending(KEYS.bot_jobs("random"), GROUP)["pending"] == 0


async def test_workers_take_only_their_levels_and_one_job_at_a_time(procs, redis_server) -> None:
    bots = await procs.bots("--levels", "random,easy,medium", "--log-level", "debug", workers=1, stall="easy=1")
    async with RedisBotQueue(redis_server.url) as queue:
        started = time.monotonic()
        answer = await queue.choose(request("max", budget=3.0))
        assert answer.fallback and "no bot worker takes level max" in answer.reason
        assert time.monotonic() - started < 1.0  # not queued: answered in the node at once
        busy = asyncio.create_task(queue.choose(request("easy", budget=3.0)))
        await holder_of_a_job(redis_server.url, "easy")
        # Queued behind the busy worker in two streams: one read may return both; one goes back.
        others = [asyncio.create_task(queue.choose(request(level, budget=3.0))) for level in ("random", "medium")]
        answers = await asyncio.wait_for(asyncio.gather(busy, *others), 15)
        for answer, level in zip(answers, ("easy", "random", "medium"), strict=True):
            assert answer.level == level and not answer.fallback, answer
        assert queue.stats["in_process"] == 1
    assert "put back for another worker" in bots.log.read_text()


async def test_with_no_worker_at_all_the_room_still_moves_within_the_budget(procs) -> None:
    node = await procs.node("a", "--bots", "redis")
    ann = await Client.hello(node.url, "Ann")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="max")]
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seats=seats, seat=0), p.RoomCreated
    )
    state = await ann.expect(p.RoomState, status="playing")
    legal = state.legal_moves
    for ply in (0, 2):
        await ann.send(p.Move(room=created.room, ply=ply, move=legal[0]))
        await ann.expect(p.MoveMade, ply=ply)
        moved = time.monotonic()
        bot = await ann.expect(p.MoveMade, ply=ply + 1, timeout=10)
        assert bot.seat == 1 and time.monotonic() - moved < 2.0  # an untimed bot's budget is 2 s
        legal = bot.legal_moves
    assert "no bot worker takes level max" in node.log.read_text()
    await ann.close()


async def test_a_stuck_worker_is_answered_for_by_the_node_then_killed_and_replaced(procs, redis_server) -> None:
    bots = await procs.bots(workers=1, stall="hard=30")
    async with RedisBotQueue(redis_server.url, margin_s=0.3) as queue:
        req = request("hard", budget=0.4)
        started = time.monotonic()
        answer = await queue.choose(req)
        took = time.monotonic() - started
        assert_legal(req, answer.text)
        assert answer.level == "easy" and answer.fallback and "no answer from a worker within 0.80 s" in answer.reason
        assert 0.75 < took < 0.8 + 1.0
        victim = int(bots.log.read_text().split("pids ")[1].split(")")[0])
        deadline = time.monotonic() + 10
        while f"bot worker {victim} overran its budget: killed and replaced" not in bots.log.read_text():
            assert time.monotonic() < deadline, bots.log.read_text()
            await asyncio.sleep(0.1)
        # The replacement takes the next job (the stuck one was deleted when the node gave up on it).
        deadline = time.monotonic() + 20
        while True:
            answer = await queue.choose(request("easy", budget=0.2))
            if not answer.fallback:
                break
            assert time.monotonic() < deadline, "the replacement worker never answered"
            await asyncio.sleep(0.2)
        assert answer.level == "easy"


def grundy(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


def test_grundy_bots_refuses_bad_input_clearly(redis_server) -> None:
    url = redis_server.url
    cases = [
        (("bots", "--redis", "localhost:6379"), 2, "give a URL such as redis://"),
        (("bots", "--redis", url, "--workers", "0"), 2, "at least one worker"),
        (("bots", "--redis", url, "--levels", "hard,hardest"), 2, "unknown hardest; levels are: random, easy"),
        (("bots", "--redis", url, "--levels", ","), 2, "no level given"),
        (("bots", "--redis", url, "--claim-ms", "5"), 2, "--claim-ms 5"),
        (("bots", "--redis", "redis://127.0.0.1:1/0"), 1, "cannot use Redis at redis://127.0.0.1:1/0"),
        (("serve", "--bots", "redis"), 2, "give --redis URL too"),
        (("serve", "--redis", url, "--bots", "elsewhere"), 2, "invalid choice: 'elsewhere'"),
    ]
    # What `grundy bots` refuses before it reaches Redis: in this process, the same main (tests/cli/inproc.py); the
    # rest as processes, each at once (they only start).
    # rest as processes, each at once (they only start), once those are done (they set this process's environment).
    done = {i: inproc.grundy(*args) for i, (args, code, _) in enumerate(cases) if args[0] == "bots" and code == 2}
    with concurrent.futures.ThreadPoolExecutor(len(cases) - len(done)) as pool:
        started = {i: pool.submit(grundy, *case[0]) for i, case in enumerate(cases) if i not in done}
        outs = [done[i] if i in done else started[i].result() for i in range(len(cases))]
    for (args, code, says), out in zip(cases, outs, strict=True):
        assert out.returncode == code and says in out.stderr, (args, out.returncode, out.stderr)
