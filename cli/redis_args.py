"""The options that say where a cluster's Redis is, shared by `grundy serve` and `grundy bots`:
``--redis URL``, or ``--redis-sentinel HOST:PORT[,...] --redis-master NAME`` (docs/OPERATIONS.md); a node's
``--redis-bus URL`` too (publish/subscribe between the nodes, which bot workers do not use)."""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.common import fail

DEFAULT_WAIT_MS = 1000
PLAIN_SCHEMES = ("redis://", "rediss://", "unix://")  # (as grundy.server.cluster.connect's)
MAX_WAIT_MS = 5000  # (every room of a group commit waits this long when the replicas do not answer)


def add_target(p: Any, *, replication: bool) -> None:
    """The options of where Redis is; with ``replication``, a node's ``--redis-replicas`` and ``--redis-wait-ms``."""
    p.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="cluster mode: share this Redis (redis://HOST:PORT/DB) with other nodes instead of a store file",
    )
    p.add_argument(
        "--redis-sentinel",
        default=None,
        metavar="HOST:PORT,...",
        help="cluster mode with a replicated Redis: the Sentinels that name its primary (instead of --redis;"
        " with --redis-master)",
    )
    p.add_argument(
        "--redis-master",
        default=None,
        metavar="NAME",
        help="the name the Sentinels monitor the primary by (sentinel monitor NAME ...)",
    )
    if replication:
        p.add_argument(
            "--redis-replicas",
            type=int,
            default=None,
            metavar="N",
            help="a move is acknowledged once N replicas hold it (Redis WAIT; default 1 with --redis-sentinel,"
            " 0 with --redis; 0: once the primary has it)",
        )
        p.add_argument(
            "--redis-wait-ms",
            type=int,
            default=None,
            metavar="MS",
            help=f"how long a move may wait for the replicas (default {DEFAULT_WAIT_MS}); a move they do not"
            " acknowledge in time is answered 'unavailable' and not broadcast",
        )
        p.add_argument(
            "--redis-bus",
            default=None,
            metavar="URL",
            help="cluster mode: carry the frames and requests between the nodes (publish/subscribe) on this Redis"
            " (redis://HOST:PORT/DB) instead of the store's; it keeps nothing, so it needs no append-only file, and"
            " a move's frames then wait for no fsync (docs/STORE.md)",
        )


def target(args: argparse.Namespace, *, required: bool) -> str | None:
    """The target string (:mod:`grundy.server.cluster.connect`) the options name, or None; bad ones exit 2."""
    from grundy.server.cluster import connect

    if args.redis is not None and args.redis_sentinel is not None:
        fail("--redis and --redis-sentinel: give one of them (a URL, or the Sentinels that name the primary)")
    if args.redis_sentinel is not None and args.redis_master is None:
        fail("--redis-sentinel: give --redis-master NAME too (the name the Sentinels monitor the primary by)")
    if args.redis_master is not None and args.redis_sentinel is None:
        fail("--redis-master: it names the primary to the Sentinels; give --redis-sentinel HOST:PORT,... too")
    if args.redis is not None:
        if not args.redis.startswith(connect.PLAIN_SCHEMES):
            fail(f"--redis {args.redis}: give a URL such as redis://127.0.0.1:6379/0")
        return str(args.redis)
    if args.redis_sentinel is not None:
        try:
            return connect.sentinel_target(args.redis_sentinel, args.redis_master)
        except connect.TargetError as e:
            fail(f"--redis-sentinel {args.redis_sentinel}: {e}")
    if required:
        fail("give --redis URL, or --redis-sentinel HOST:PORT,... with --redis-master NAME")
    return None


def replication(args: argparse.Namespace, where: str | None) -> tuple[int, int]:
    """(replicas, wait_ms) of ``--redis-replicas`` and ``--redis-wait-ms``; bad ones exit 2."""
    if where is None:
        for flag, value in (("--redis-replicas", args.redis_replicas), ("--redis-wait-ms", args.redis_wait_ms)):
            if value is not None:
                fail(f"{flag}: replicas are a cluster's (give --redis or --redis-sentinel too)")
        return 0, DEFAULT_WAIT_MS
    replicas = args.redis_replicas
    if replicas is None:
        replicas = 1 if args.redis_sentinel is not None else 0
    if not 0 <= replicas <= 16:
        fail(f"--redis-replicas {replicas}: give 0..16")
    wait_ms = DEFAULT_WAIT_MS if args.redis_wait_ms is None else args.redis_wait_ms
    if not 10 <= wait_ms <= MAX_WAIT_MS:
        fail(f"--redis-wait-ms {wait_ms}: give 10..{MAX_WAIT_MS} ms")
    return replicas, wait_ms


def bus(args: argparse.Namespace, where: str | None) -> str | None:
    """The URL of ``--redis-bus`` (None: the bus is on the store's Redis); bad ones exit 2."""
    if args.redis_bus is None:
        return None
    if where is None:
        fail("--redis-bus: the bus carries a cluster's frames between its nodes (give --redis or --redis-sentinel too)")
    if not args.redis_bus.startswith(PLAIN_SCHEMES):
        fail(f"--redis-bus {args.redis_bus}: give a URL such as redis://127.0.0.1:6380/0")
    return str(args.redis_bus)
