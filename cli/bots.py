"""`grundy bots`: hosted-bot workers for a cluster, on any machine, until SIGINT/SIGTERM.

They take the bot moves of every node started with ``grundy serve --redis URL --bots redis`` (or
``--redis-sentinel HOST:PORT,... --redis-master NAME``) from that Redis (a stream per level,
consumer group ``workers``) and answer them; a job whose worker dies is taken by another
(docs/STORE.md, "Hosted bots in a cluster").
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
from typing import Any

from grundy.cli.common import fail
from grundy.cli.redis_args import add_target, target


def register(sub: Any) -> None:
    p = sub.add_parser("bots", help="run hosted-bot workers for a cluster's nodes (they take jobs from Redis)")
    add_target(p, replication=False)
    p.add_argument("--workers", type=int, default=None, metavar="N", help="worker processes (default: one per core)")
    p.add_argument(
        "--levels",
        default=None,
        metavar="L1,L2,...",
        help="only jobs at these levels (random, easy, medium, hard, max; default: all), e.g. --levels max",
    )
    p.add_argument(
        "--claim-ms",
        type=int,
        default=1500,
        metavar="MS",
        help="a job whose worker has been silent this long is taken by another (default 1500)",
    )
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    p.add_argument(
        "--log-format",
        default="text",
        choices=("text", "json"),
        help="text for people (default), or json: one object a line (time, level, logger, message, and the node, "
        "room and session it concerns)",
    )
    p.set_defaults(run=run_bots)


def run_bots(args: argparse.Namespace) -> int:
    from grundy.server.bots import STALL_ENV, default_workers, parse_stall
    from grundy.solver.bot import LEVELS

    redis_target = target(args, required=True)
    assert redis_target is not None
    if args.workers is not None and args.workers < 1:
        fail(f"--workers {args.workers}: at least one worker is needed")
    levels = tuple(LEVELS)
    if args.levels is not None:
        asked = [lvl.strip() for lvl in args.levels.split(",") if lvl.strip()]
        unknown = [lvl for lvl in asked if lvl not in LEVELS]
        if unknown or not asked:
            fail(f"--levels {args.levels}: {'unknown ' + ', '.join(unknown) if unknown else 'no level given'};"
                 f" levels are: {', '.join(LEVELS)}")
        levels = tuple(lvl for lvl in LEVELS if lvl in asked)
    if not 100 <= args.claim_ms <= 600_000:
        fail(f"--claim-ms {args.claim_ms}: give 100..600000 ms")
    try:
        stall = parse_stall(os.environ.get(STALL_ENV))
    except ValueError as e:
        fail(str(e))
    from grundy.server import logs

    logs.configure(args.log_level, args.log_format)

    import redis

    from grundy.server.cluster import connect
    from grundy.server.cluster.keys import Keys
    from grundy.server.cluster.workers import BotWorkers, WorkerSettings, ensure_groups

    settings = WorkerSettings(redis_target, levels, claim_idle_ms=args.claim_ms, stall=stall)
    where = args.redis or connect.parse(redis_target).where
    try:
        with connect.parse(redis_target).sync_client(socket_connect_timeout=5, socket_timeout=5) as r:
            r.ping()
            ensure_groups(r, Keys(settings.prefix), levels)
    except (redis.RedisError, ValueError) as e:
        fail(f"cannot use Redis at {where}: {connect.reason(e)}", 1)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    workers = BotWorkers(settings, args.workers or default_workers())
    try:
        workers.start()
    except RuntimeError as e:
        fail(str(e), 1)
    print(f"grundy bots: {workers.size} workers on {where} for levels {','.join(levels)}", flush=True)
    workers.run(stop)
    return 0
