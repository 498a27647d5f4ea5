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

from grundy.cli.common import fail, lang, t
from grundy.cli.redis_args import add_target, target
from grundy.protocol import i18n


def register(sub: Any) -> None:
    p = sub.add_parser("bots", help=t("cmd-bots-help"))
    add_target(p, replication=False)
    p.add_argument("--workers", type=int, default=None, metavar="N", help=t("cmd-bots-help-workers"))
    p.add_argument("--levels", default=None, metavar=t("eng-metavar-levels"), help=t("cmd-bots-help-levels"))
    p.add_argument("--claim-ms", type=int, default=1500, metavar=t("eng-metavar-ms"), help=t("cmd-bots-help-claim"))
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"),
                   help=t("cmd-serve-help-log-level"))
    p.add_argument("--log-format", default="text", choices=("text", "json"), help=t("cmd-serve-help-log-format"))
    p.set_defaults(run=run_bots)


def run_bots(args: argparse.Namespace) -> int:
    from grundy.server.bots import STALL_ENV, default_workers, parse_stall
    from grundy.solver.bot import LEVELS

    redis_target = target(args, required=True)
    assert redis_target is not None
    if args.workers is not None and args.workers < 1:
        fail(t("cmd-serve-bad-workers", n=str(args.workers)))
    levels = tuple(LEVELS)
    if args.levels is not None:
        asked = [lvl.strip() for lvl in args.levels.split(",") if lvl.strip()]
        unknown = [lvl for lvl in asked if lvl not in LEVELS]
        if unknown or not asked:
            said = t("cmd-bots-unknown-levels", levels=", ".join(unknown)) if unknown else t("cmd-bots-no-level")
            fail(t("cmd-bots-bad-levels", value=args.levels, why=said, levels=", ".join(LEVELS)))
        levels = tuple(lvl for lvl in LEVELS if lvl in asked)
    if not 100 <= args.claim_ms <= 600_000:
        fail(t("cmd-bots-bad-claim", ms=str(args.claim_ms)))
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
        fail(t("cmd-serve-no-redis", where=where, why=connect.reason(e)), 1)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    workers = BotWorkers(settings, args.workers or default_workers())
    try:
        workers.start()
    except RuntimeError as e:
        fail(str(e), 1)
    speak = i18n.DEFAULT if args.log_format == "json" else lang()  # (a JSON log is read by programs: English)
    print(i18n.tr(speak, "cmd-bots-working", n=workers.size, where=where, levels=",".join(levels)), flush=True)
    workers.run(stop)
    return 0
