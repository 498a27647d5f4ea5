"""The options that say where a cluster's Redis is, shared by `grundy serve` and `grundy bots`:
``--redis URL``, or ``--redis-sentinel HOST:PORT[,...] --redis-master NAME`` (docs/OPERATIONS.md); a node's
``--redis-bus URL`` too (publish/subscribe between the nodes, which bot workers do not use)."""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.common import fail, t

DEFAULT_WAIT_MS = 1000
PLAIN_SCHEMES = ("redis://", "rediss://", "unix://")  # (as grundy.server.cluster.connect's)
MAX_WAIT_MS = 5000  # (every room of a group commit waits this long when the replicas do not answer)


def add_target(p: Any, *, replication: bool) -> None:
    """The options of where Redis is; with ``replication``, a node's ``--redis-replicas`` and ``--redis-wait-ms``."""
    p.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help=t("cmd-redis-help"),
    )
    p.add_argument(
        "--redis-sentinel",
        default=None,
        metavar=t("eng-metavar-hosts"),
        help=t("cmd-redis-help-sentinel"),
    )
    p.add_argument(
        "--redis-master",
        default=None,
        metavar=t("eng-metavar-name"),
        help=t("cmd-redis-help-master"),
    )
    if replication:
        p.add_argument(
            "--redis-replicas",
            type=int,
            default=None,
            metavar="N",
            help=t("cmd-redis-help-replicas"),
        )
        p.add_argument(
            "--redis-wait-ms",
            type=int,
            default=None,
            metavar=t("eng-metavar-ms"),
            help=t("cmd-redis-help-wait", ms=str(DEFAULT_WAIT_MS)),
        )
        p.add_argument(
            "--redis-bus",
            default=None,
            metavar="URL",
            help=t("cmd-redis-help-bus"),
        )


def target(args: argparse.Namespace, *, required: bool) -> str | None:
    """The target string (:mod:`grundy.server.cluster.connect`) the options name, or None; bad ones exit 2."""
    from grundy.server.cluster import connect

    if args.redis is not None and args.redis_sentinel is not None:
        fail(t("cmd-redis-both"))
    if args.redis_sentinel is not None and args.redis_master is None:
        fail(t("cmd-redis-no-master"))
    if args.redis_master is not None and args.redis_sentinel is None:
        fail(t("cmd-redis-no-sentinel"))
    if args.redis is not None:
        if not args.redis.startswith(connect.PLAIN_SCHEMES):
            fail(t("cmd-redis-bad-url", flag="--redis", url=args.redis, example="redis://127.0.0.1:6379/0"))
        return str(args.redis)
    if args.redis_sentinel is not None:
        try:
            return connect.sentinel_target(args.redis_sentinel, args.redis_master)
        except connect.TargetError as e:
            fail(t("cmd-redis-bad-sentinel", value=args.redis_sentinel, why=str(e)))
    if required:
        fail(t("cmd-redis-needed"))
    return None


def replication(args: argparse.Namespace, where: str | None) -> tuple[int, int]:
    """(replicas, wait_ms) of ``--redis-replicas`` and ``--redis-wait-ms``; bad ones exit 2."""
    if where is None:
        for flag, value in (("--redis-replicas", args.redis_replicas), ("--redis-wait-ms", args.redis_wait_ms)):
            if value is not None:
                fail(t("cmd-redis-replicas-alone", flag=flag))
        return 0, DEFAULT_WAIT_MS
    replicas = args.redis_replicas
    if replicas is None:
        replicas = 1 if args.redis_sentinel is not None else 0
    if not 0 <= replicas <= 16:
        fail(t("cmd-redis-bad-replicas", n=str(replicas)))
    wait_ms = DEFAULT_WAIT_MS if args.redis_wait_ms is None else args.redis_wait_ms
    if not 10 <= wait_ms <= MAX_WAIT_MS:
        fail(t("cmd-redis-bad-wait", ms=str(wait_ms), most=str(MAX_WAIT_MS)))
    return replicas, wait_ms


def bus(args: argparse.Namespace, where: str | None) -> str | None:
    """The URL of ``--redis-bus`` (None: the bus is on the store's Redis); bad ones exit 2."""
    if args.redis_bus is None:
        return None
    if where is None:
        fail(t("cmd-redis-bus-alone"))
    if not args.redis_bus.startswith(PLAIN_SCHEMES):
        fail(t("cmd-redis-bad-url", flag="--redis-bus", url=args.redis_bus, example="redis://127.0.0.1:6380/0"))
    return str(args.redis_bus)
