"""Latency of a hosted bot's answer: the node's own pool against workers reached through Redis.

    python bench/bots.py [--jobs 300] [--levels random,easy] [--redis URL]

For each level, ``--jobs`` requests one after another (nim 3,4,5,6 from a random position of
a few plies, 50 ms budget; ``random`` and ``easy`` answer in far less, so the figure is the
cost of the trip): first through a :class:`BotPool` of one worker process (pipes on this
machine), then through :class:`RedisBotQueue` to one ``grundy bots --workers 1`` process
(XADD, XREADGROUP, the answer's RPUSH and the node's BLPOP).  Reports p50, p99 and the mean of
the time ``choose`` takes, as the node sees it.  Without ``--redis`` a ``redis-server`` is
started on a free port for the run (and stopped after).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from grundy import rules
from grundy.server.bots import BotPool
from grundy.server.cluster.botqueue import RedisBotQueue
from grundy.server.room import RequestBotMove

ROOT = Path(__file__).resolve().parents[1]


def requests(level: str, n: int, seed: int = 1) -> list[RequestBotMove]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        game = rules.create("nim", heaps="3,4,5,6")
        state, moves = game.initial(), []
        for _ in range(rng.randrange(0, 4)):
            text = game.format_move(state, rng.choice(game.legal_moves(state)))
            state = game.play_text(state, text)
            moves.append(text)
        seat = game.to_move(state)
        assert seat is not None
        out.append(
            RequestBotMove(
                room=f"r{i % 20}", seat=seat, level=level, ply=len(moves), game="nim", params=dict(game.params),
                moves=tuple(moves), budget_s=0.05, view=game.view(state, seat),
            )
        )
    return out


async def measure(queue: object, reqs: list[RequestBotMove]) -> list[float]:
    for r in reqs[:20]:  # warm up (caches, connections)
        await queue.choose(r)  # type: ignore[attr-defined]
    out = []
    for r in reqs:
        t = time.perf_counter()
        answer = await queue.choose(r)  # type: ignore[attr-defined]
        out.append(time.perf_counter() - t)
        assert not answer.fallback, answer
    return out


def line(name: str, level: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return f"| {name} | {level} | {statistics.median(ms):.2f} | {p99:.2f} | {statistics.fmean(ms):.2f} |"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=300)
    ap.add_argument("--levels", default="random,easy")
    ap.add_argument("--redis", default=None, metavar="URL")
    args = ap.parse_args()
    levels = args.levels.split(",")
    rows = []
    async with BotPool(1) as pool:
        for level in levels:
            rows.append(line("local pool (1 worker)", level, await measure(pool, requests(level, args.jobs))))
    redis_proc = None
    url = args.redis
    with tempfile.TemporaryDirectory() as tmp:
        if url is None:
            exe = shutil.which("redis-server")
            if exe is None:
                sys.exit("bench/bots.py: give --redis URL, or install redis-server")
            port = free_port()
            redis_proc = subprocess.Popen(
                [exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", tmp],
                stdout=subprocess.DEVNULL,
            )
            url = f"redis://127.0.0.1:{port}/0"
            time.sleep(0.5)
        workers = subprocess.Popen(
            [sys.executable, "-m", "grundy.cli.main", "bots", "--redis", url, "--workers", "1",
             "--log-level", "warning"],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        try:
            assert workers.stdout is not None
            workers.stdout.readline()  # "grundy bots: 1 workers on ..." once warmed up
            async with RedisBotQueue(url) as queue:
                for level in levels:
                    times = await measure(queue, requests(level, args.jobs))
                    rows.append(line("Redis (1 `grundy bots` worker)", level, times))
        finally:
            workers.terminate()
            workers.wait(30)
            if redis_proc is not None:
                redis_proc.terminate()
                redis_proc.wait(10)
    print(f"{args.jobs} jobs per level, one at a time; time of choose() in ms")
    print("| bot queue | level | p50 | p99 | mean |\n|---|---|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    asyncio.run(main())
