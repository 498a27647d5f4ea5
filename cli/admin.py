"""`grundy admin`: administer a running node over its port (``server/admin.py``).

The admin secret is read from the environment (``GRUNDY_ADMIN_SECRET``), never from the command
line, where other users of the machine could read it; the node must have been started with the
same secret in its environment.

    grundy admin drain NODE     do what SIGTERM does to the node at NODE (HOST:PORT or its URL):
                                its connections close and resume on other nodes, its rooms are
                                handed over; waits until the node has stopped
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from typing import Any

from grundy.cli.common import fail

SECRET_ENV = "GRUNDY_ADMIN_SECRET"  # (the node's server.admin reads the same name)
_ADDRESS = re.compile(r"(?:(?P<scheme>https?|wss?)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(?P<port>\d{1,5})/?")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "admin",
        help="administer a running node (the admin secret comes from $GRUNDY_ADMIN_SECRET)",
        description=f"Administer a running node over its port. The secret is read from ${SECRET_ENV}; "
        "the node must have been started with the same one.",
    )
    commands = p.add_subparsers(dest="admin_command", metavar="ACTION")
    commands.required = True
    drain = commands.add_parser(
        "drain",
        help="do what SIGTERM does: the node closes its connections (clients resume elsewhere), hands its rooms "
        "over and stops",
    )
    drain.add_argument(
        "node", metavar="NODE", help="the node's address: HOST:PORT, or its URL (http://... or ws://...)"
    )
    drain.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds to wait for the node to stop (default 60)"
    )
    drain.add_argument("--no-wait", action="store_true", help="return once the node has accepted the drain")
    drain.set_defaults(run=run_drain)


def node_base(text: str) -> str:
    """``http://HOST:PORT`` (or ``https://``) for a node given as HOST:PORT or a URL; a usage error otherwise."""
    m = _ADDRESS.fullmatch(text.strip())
    if m is None or not 0 < int(m.group("port")) <= 65535:
        fail(f"NODE {text!r}: give the node's address as HOST:PORT or its URL, like ws://127.0.0.1:8765/")
    assert m is not None
    secure = m.group("scheme") in ("https", "wss")
    return f"{'https' if secure else 'http'}://{m.group('host')}:{m.group('port')}"


def _secret() -> str:
    secret = os.environ.get(SECRET_ENV, "")
    if not secret:
        fail(f"set {SECRET_ENV} to the node's admin secret (it is never given on the command line)")
    return secret


def _post(url: str, secret: str) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url, method="POST", headers={"Authorization": f"Bearer {secret}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        try:
            body = json.loads(e.read() or b"{}")
        except ValueError:
            body = {}
        return e.code, body if isinstance(body, dict) else {}


def _uptime(base: str) -> float | None:
    """The node's uptime from ``GET /health`` (stopping or not); None when nothing answers on its port."""
    try:
        with urllib.request.urlopen(base + "/health", timeout=2) as r:
            return float(json.loads(r.read()).get("uptime_s", 0.0))
    except urllib.error.HTTPError as e:  # 503 while it stops
        try:
            return float(json.loads(e.read()).get("uptime_s", 0.0))
        except ValueError:
            return 0.0
    except (OSError, ValueError):
        return None


def run_drain(args: argparse.Namespace) -> int:
    base = node_base(args.node)
    if not args.timeout > 0:
        fail(f"--timeout {args.timeout}: give a positive number of seconds")
    secret = _secret()
    asked = time.monotonic()
    try:
        status, body = _post(base + "/admin/drain", secret)
    except (OSError, ValueError) as e:
        fail(f"cannot reach the node at {base}: {getattr(e, 'reason', None) or e}", 1)
    if status != 202:
        fail(f"the node at {base} refused: {body.get('error') or status}", 1)
    node = body.get("node", base)
    if body.get("status") != "draining":
        print(f"node {node}: {body.get('status')}")
    else:
        print(
            f"node {node} is draining: {body.get('rooms', 0)} rooms handed over, "
            f"{body.get('connections', 0)} connections closed (their clients resume on other nodes)"
        )
    if args.no_wait:
        return 0
    deadline = asked + args.timeout
    while time.monotonic() < deadline:
        uptime = _uptime(base)
        if uptime is None or uptime < time.monotonic() - asked:  # gone, or already started again afresh
            print(f"node {node} has stopped" + ("" if uptime is None else " (and was started again)"))
            return 0
        time.sleep(0.1)
    print(f"grundy: error: node {node} was still running {args.timeout:g} s after the drain", file=sys.stderr)
    return 1
