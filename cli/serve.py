"""`grundy serve`: run one node (websockets + SQLite store + bot workers) until SIGINT/SIGTERM
(or `grundy admin drain`, which does the same).

With ``--redis URL`` the node runs in cluster mode: any number of nodes share that Redis
(rooms, sessions, the lobby), a client may connect to any of them, and a node's rooms are
taken over by another if it dies (docs/STORE.md).  With ``--redis-sentinel HOST:PORT,...
--redis-master NAME`` instead, that Redis is the primary Sentinel names, replicated: a move is
acknowledged once ``--redis-replicas`` replicas hold it, and play goes on after a failover.
With ``--redis-bus URL`` the nodes' publish/subscribe (frames and forwarded requests, nothing
durable) goes through another Redis, which needs no append-only file (docs/STORE.md).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import sys
from typing import Any, NamedTuple, NoReturn

from grundy.cli.common import default_db_path, fail, lang, t
from grundy.cli.redis_args import add_target, bus, replication, target
from grundy.protocol import i18n

log = logging.getLogger("grundy.serve")
# What `grundy serve` says to people (stdout, in the command's language), or with --log-format json as log lines
# like every other (in English: a log is read by programs): the cmd-serv... and cmd-port-busy messages.


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help=t("cmd-serve-help"))
    p.add_argument("--host", default="127.0.0.1", help=t("cmd-serve-help-host"))
    p.add_argument("--port", type=int, default=8765, help=t("cmd-serve-help-port"))
    p.add_argument("--db", default=None, metavar=t("eng-metavar-path"),
                   help=t("cmd-serve-help-db", path=default_db_path()))
    p.add_argument("--workers", type=int, default=None, metavar="N", help=t("cmd-serve-help-workers"))
    p.add_argument("--grace", type=float, default=30.0, metavar=t("eng-metavar-s"), help=t("cmd-serve-help-grace"))
    add_target(p, replication=True)
    p.add_argument("--lease-ms", type=int, default=3000, metavar=t("eng-metavar-ms"), help=t("cmd-serve-help-lease"))
    p.add_argument("--node-id", default=None, metavar="ID", help=t("cmd-serve-help-node-id"))
    p.add_argument("--public-url", default=None, metavar="URL", help=t("cmd-serve-help-public-url"))
    p.add_argument("--leave-grace", type=float, default=10.0, metavar=t("eng-metavar-s"),
                   help=t("cmd-serve-help-leave-grace"))
    p.add_argument("--bots", default="local", choices=("local", "redis"), help=t("cmd-serve-help-bots"))
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"),
                   help=t("cmd-serve-help-log-level"))
    p.add_argument("--log-format", default="text", choices=("text", "json"), help=t("cmd-serve-help-log-format"))
    p.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from grundy.server.node import NodeConfig

    if not 0 <= args.port <= 65535:
        fail(t("cmd-serve-bad-port", port=str(args.port)))
    if args.workers is not None and args.workers < 1:
        fail(t("cmd-serve-bad-workers", n=str(args.workers)))
    if not args.grace > 0:
        fail(t("cmd-serve-bad-grace", s=str(args.grace)))
    redis_target = target(args, required=False)
    replicas, wait_ms = replication(args, redis_target)
    bus_url = bus(args, redis_target)
    if redis_target is not None and args.db is not None:
        flag = "--redis" if args.redis is not None else "--redis-sentinel"
        fail(t("cmd-serve-db-and-redis", flag=flag))
    if args.bots == "redis" and redis_target is None:
        fail(t("cmd-serve-bots-redis"))
    if args.public_url is not None and not args.public_url.startswith(("ws://", "wss://")):
        fail(t("cmd-serve-bad-public-url", url=args.public_url))
    if not 0 <= args.leave_grace <= 600:
        fail(t("cmd-serve-bad-leave-grace", s=str(args.leave_grace)))
    if not 300 <= args.lease_ms <= 600_000:
        fail(t("cmd-serve-bad-lease", ms=str(args.lease_ms)))
    from grundy.server.admin import MIN_SECRET_CHARS, SECRET_ENV

    admin_secret = os.environ.get(SECRET_ENV) or None  # (never a flag: a command line is visible to every user)
    if admin_secret is not None and len(admin_secret) < MIN_SECRET_CHARS:
        fail(t("cmd-serve-short-secret", env=SECRET_ENV, n=MIN_SECRET_CHARS))
    from grundy.server import logs

    logs.configure(args.log_level, args.log_format)
    if args.log_level == "info":  # (websockets says "HTTP response sent" for every page and connection: debug)
        logging.getLogger("websockets.server").setLevel(logging.WARNING)
    json_logs = args.log_format == "json"
    busy = port_taken(args.host, args.port)  # (before the store or Redis is touched and any worker starts)
    if busy is not None:
        stop("cmd-port-busy", 1, json_logs, host=args.host, port=str(args.port), why=busy)
    config = NodeConfig(
        host=args.host,
        port=args.port,
        db=args.db or default_db_path(),
        workers=args.workers,
        grace_s=args.grace,
        admin_secret=admin_secret,
        public_url=args.public_url,
        leave_grace_s=args.leave_grace,
    )
    try:
        import uvloop
    except ImportError:
        run = asyncio.run
    else:
        run = uvloop.run
    cluster = None
    if redis_target is not None:
        import redis

        from grundy.server.cluster import connect

        try:
            connect.probe(redis_target)
        except (redis.RedisError, OSError) as e:
            stop("cmd-serve-no-redis", 1, json_logs, where=where(args), why=connect.reason(e))
        if bus_url is not None:
            try:
                connect.probe(bus_url)
            except (redis.RedisError, OSError) as e:
                stop("cmd-serve-no-bus", 1, json_logs, where=connect.parse(bus_url).where, why=connect.reason(e))
        cluster = Cluster(redis_target, args.lease_ms, args.node_id, args.bots, replicas, wait_ms, bus_url)
    try:
        run(_serve(config, cluster, json_logs))
    except OSError as e:
        stop("cmd-port-busy", 1, json_logs, host=args.host, port=str(args.port), why=str(e.strerror or e))
    except Exception as e:
        if cluster is not None and type(e).__module__.startswith("redis"):
            stop("cmd-serve-no-redis", 1, json_logs, where=where(args), why=connect.reason(e))
        raise
    return 0


def port_taken(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on (another process listens there), or None; checked by binding it as
    the node will (``SO_REUSEADDR``, as asyncio does) and letting it go at once."""
    if port == 0:
        return None
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError:
        return None  # (an address that does not resolve: the node's own error says so)
    for family, kind, proto, _, address in found:
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(address)
            except OSError as e:
                return str(e.strerror or e)
    return None


def words(msg_id: str, json_logs: bool, **args: Any) -> str:
    """Message ``msg_id`` in the command's language, or in English for a JSON log (read by programs)."""
    return i18n.tr(i18n.DEFAULT if json_logs else lang(), msg_id, **args)


def stop(msg_id: str, code: int, json_logs: bool, **args: Any) -> NoReturn:
    """Exit with message ``msg_id``: ``grundy: error: ...`` on stderr in the command's language, or with
    --log-format json a JSON line like the rest."""
    if not json_logs:
        fail(words(msg_id, json_logs, **args), code)
    log.error(words(msg_id, json_logs, **args))
    sys.exit(code)


def say(msg_id: str, json_logs: bool, **args: Any) -> None:
    """A line for people: on stdout in the command's language, or with --log-format json a log line (every line
    of the node is JSON)."""
    if json_logs:
        log.info(words(msg_id, json_logs, **args))
    else:
        print(words(msg_id, json_logs, **args), flush=True)


class Cluster(NamedTuple):
    """What `grundy serve` was told about its cluster."""

    target: str
    lease_ms: int
    node_id: str | None
    bots: str
    replicas: int
    wait_ms: int
    bus: str | None


def where(args: argparse.Namespace) -> str:
    """Where the options say Redis is, for messages (no password)."""
    from grundy.server.cluster import connect

    if args.redis is not None:
        return args.redis
    return connect.parse(connect.sentinel_target(args.redis_sentinel, args.redis_master)).where


async def _serve(config: Any, cluster: Cluster | None, json_logs: bool = False) -> None:
    from grundy.server.node import Node

    if cluster is None:
        node = Node(config)
    else:
        from grundy.server.cluster.compose import cluster_node

        queue = None
        if cluster.bots == "redis":
            from grundy.server.cluster.botqueue import RedisBotQueue

            queue = RedisBotQueue(cluster.target)
        node = cluster_node(
            config,
            redis_url=cluster.target,
            lease_ms=cluster.lease_ms,
            node_id=cluster.node_id,
            bots=queue,
            replicas=cluster.replicas,
            wait_ms=cluster.wait_ms,
            bus_url=cluster.bus,
        )
    from grundy.server import logs

    logs.set_node(node.placement.node_id)  # (every JSON log line names the node)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, node.request_stop)
    try:
        await node.start()
        say("cmd-serving", json_logs, host=config.host, port=str(node.port))
        web_host = "localhost" if config.host in ("", "0.0.0.0", "::") else config.host
        say("cmd-in-a-browser", json_logs, host=web_host, port=str(node.port))
        if cluster is not None:
            from grundy.server.cluster import connect

            where = connect.parse(cluster.target).where
            mode = words("cmd-cluster-mode-acked" if cluster.replicas else "cmd-cluster-mode", json_logs,
                         node=node.placement.node_id, where=where, replicas=cluster.replicas)
            if cluster.bus:
                mode += ", " + words("cmd-cluster-bus", json_logs, where=connect.parse(cluster.bus).where)
            if json_logs:
                log.info(mode)
            else:
                print(mode, flush=True)
        if config.admin_secret:
            say("cmd-admin-on", json_logs)
        await node.serve_forever()
    finally:
        await node.shutdown()
