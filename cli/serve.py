"""`grundy serve`: run one node (websockets + SQLite store + bot workers) until SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
from typing import Any

from grundy.cli.common import default_db_path, fail


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="run a grundy server node (no Redis needed)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    p.add_argument("--port", type=int, default=8765, help="port for websockets and GET /health (default 8765)")
    p.add_argument("--db", default=None, metavar="PATH", help=f"store file (default {default_db_path()})")
    p.add_argument(
        "--workers", type=int, default=None, metavar="N", help="bot worker processes (default: one per core)"
    )
    p.add_argument(
        "--grace", type=float, default=30.0, metavar="S", help="seconds a disconnected player has to come back"
    )
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    p.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from grundy.server.node import NodeConfig

    if not 0 <= args.port <= 65535:
        fail(f"--port {args.port}: a port is 0..65535")
    if args.workers is not None and args.workers < 1:
        fail(f"--workers {args.workers}: at least one worker is needed")
    if not args.grace > 0:
        fail(f"--grace {args.grace}: the grace period must be positive")
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s", datefmt="%H:%M:%S"
    )
    config = NodeConfig(
        host=args.host, port=args.port, db=args.db or default_db_path(), workers=args.workers, grace_s=args.grace
    )
    try:
        import uvloop
    except ImportError:
        run = asyncio.run
    else:
        run = uvloop.run
    try:
        run(_serve(config))
    except OSError as e:
        fail(f"cannot serve on {args.host}:{args.port}: {e.strerror or e}", 1)
    return 0


async def _serve(config: Any) -> None:
    from grundy.server.node import Node

    node = Node(config)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, node.request_stop)
    try:
        await node.start()
        print(f"grundy serving on ws://{config.host}:{node.port}/ (health: http://{config.host}:{node.port}/health)")
        await node.serve_forever()
    finally:
        await node.shutdown()
