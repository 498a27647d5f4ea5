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

from grundy.cli.common import default_db_path, fail
from grundy.cli.redis_args import add_target, bus, replication, target

log = logging.getLogger("grundy.serve")
# What `grundy serve` says to people (stdout), or with --log-format json as log lines like every other.
SERVING = "grundy serving on ws://{host}:{port}/ (health: http://{host}:{port}/health)"
IN_A_BROWSER = "play in a browser: http://{host}:{port}/ (a room's join link: /r/CODE)"
CLUSTER_MODE = "cluster mode: node {node} on {where}{acked}{bus}"
ADMIN_ON = (
    "administration on: grundy admin (nodes, rooms, abort, kick, ban, drain, ...), with the same secret in "
    "GRUNDY_ADMIN_SECRET"
)
PORT_BUSY = "cannot serve on {host}:{port}: {why}"


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="run a grundy server node (alone, or in a cluster with --redis)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    p.add_argument("--port", type=int, default=8765, help="port for websockets and GET /health (default 8765)")
    p.add_argument("--db", default=None, metavar="PATH", help=f"store file (default {default_db_path()})")
    p.add_argument(
        "--workers", type=int, default=None, metavar="N", help="bot worker processes (default: one per core)"
    )
    p.add_argument(
        "--grace", type=float, default=30.0, metavar="S", help="seconds a disconnected player has to come back"
    )
    add_target(p, replication=True)
    p.add_argument(
        "--lease-ms",
        type=int,
        default=3000,
        metavar="MS",
        help="cluster mode: how long a room stays with a node that stopped renewing it (default 3000)",
    )
    p.add_argument("--node-id", default=None, metavar="ID", help="cluster mode: this node's name (default: random)")
    p.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="cluster mode: where clients reach this node (ws://HOST:PORT/ or wss://...), told to every client so it"
        " can resume on this node when its own is gone (default: ws://HOST:PORT/ from --host and --port)",
    )
    p.add_argument(
        "--leave-grace",
        type=float,
        default=10.0,
        metavar="S",
        help="cluster mode: when this node stops (SIGTERM, grundy admin drain), how long its clients have to move to"
        " the other nodes while it carries their requests; 0 closes their connections at once (default 10)",
    )
    p.add_argument(
        "--bots",
        default="local",
        choices=("local", "redis"),
        help="cluster mode: bot moves by this node's own workers (local, the default) or by `grundy bots` workers"
        " anywhere, through Redis (redis)",
    )
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    p.add_argument(
        "--log-format",
        default="text",
        choices=("text", "json"),
        help="text for people (default), or json: one object a line (time, level, logger, message, and the node, "
        "room and session it concerns)",
    )
    p.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from grundy.server.node import NodeConfig

    if not 0 <= args.port <= 65535:
        fail(f"--port {args.port}: a port is 0..65535")
    if args.workers is not None and args.workers < 1:
        fail(f"--workers {args.workers}: at least one worker is needed")
    if not args.grace > 0:
        fail(f"--grace {args.grace}: the grace period must be positive")
    redis_target = target(args, required=False)
    replicas, wait_ms = replication(args, redis_target)
    bus_url = bus(args, redis_target)
    if redis_target is not None and args.db is not None:
        flag = "--redis" if args.redis is not None else "--redis-sentinel"
        fail(f"--db and {flag}: a cluster node keeps everything in Redis; give one of them")
    if args.bots == "redis" and redis_target is None:
        fail("--bots redis: bot workers are reached through the cluster's Redis; give --redis URL too")
    if args.public_url is not None and not args.public_url.startswith(("ws://", "wss://")):
        fail(f"--public-url {args.public_url}: give a URL such as ws://game1.example.org:8765/")
    if not 0 <= args.leave_grace <= 600:
        fail(f"--leave-grace {args.leave_grace}: 0..600 seconds")
    if not 300 <= args.lease_ms <= 600_000:
        fail(f"--lease-ms {args.lease_ms}: a lease is 300..600000 ms")
    from grundy.server.admin import MIN_SECRET_CHARS, SECRET_ENV

    admin_secret = os.environ.get(SECRET_ENV) or None  # (never a flag: a command line is visible to every user)
    if admin_secret is not None and len(admin_secret) < MIN_SECRET_CHARS:
        fail(f"{SECRET_ENV}: an admin secret has at least {MIN_SECRET_CHARS} characters")
    from grundy.server import logs

    logs.configure(args.log_level, args.log_format)
    if args.log_level == "info":  # (websockets says "HTTP response sent" for every page and connection: debug)
        logging.getLogger("websockets.server").setLevel(logging.WARNING)
    json_logs = args.log_format == "json"
    busy = port_taken(args.host, args.port)  # (before the store or Redis is touched and any worker starts)
    if busy is not None:
        stop(PORT_BUSY.format(host=args.host, port=args.port, why=busy), 1, json_logs)
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
            stop(f"cannot use Redis at {where(args)}: {connect.reason(e)}", 1, json_logs)
        if bus_url is not None:
            try:
                connect.probe(bus_url)
            except (redis.RedisError, OSError) as e:
                stop(f"cannot use the bus's Redis at {connect.parse(bus_url).where}: {connect.reason(e)}", 1, json_logs)
        cluster = Cluster(redis_target, args.lease_ms, args.node_id, args.bots, replicas, wait_ms, bus_url)
    try:
        run(_serve(config, cluster, json_logs))
    except OSError as e:
        stop(PORT_BUSY.format(host=args.host, port=args.port, why=e.strerror or e), 1, json_logs)
    except Exception as e:
        if cluster is not None and type(e).__module__.startswith("redis"):
            stop(f"cannot use Redis at {where(args)}: {connect.reason(e)}", 1, json_logs)
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


def stop(message: str, code: int, json_logs: bool) -> NoReturn:
    """Exit with ``message``: ``grundy: error: ...`` on stderr, or with --log-format json a JSON line like the rest."""
    if not json_logs:
        fail(message, code)
    log.error(message)
    sys.exit(code)


def say(text: str, json_logs: bool) -> None:
    """A line for people: on stdout, or with --log-format json a log line (every line of the node is JSON)."""
    if json_logs:
        log.info(text)
    else:
        print(text, flush=True)


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
        say(SERVING.format(host=config.host, port=node.port), json_logs)
        web_host = "localhost" if config.host in ("", "0.0.0.0", "::") else config.host
        say(IN_A_BROWSER.format(host=web_host, port=node.port), json_logs)
        if cluster is not None:
            from grundy.server.cluster import connect

            acked = f" (moves acknowledged once {cluster.replicas} replicas hold them)" if cluster.replicas else ""
            bus = f", publish/subscribe on {connect.parse(cluster.bus).where}" if cluster.bus else ""
            where = connect.parse(cluster.target).where
            say(CLUSTER_MODE.format(node=node.placement.node_id, where=where, acked=acked, bus=bus), json_logs)
        if config.admin_secret:
            say(ADMIN_ON, json_logs)
        await node.serve_forever()
    finally:
        await node.shutdown()
