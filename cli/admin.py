"""`grundy admin`: administer running nodes over a node's port (``server/admin.py``; docs/OPERATIONS.md).

The admin secret is read from the environment (``GRUNDY_ADMIN_SECRET``), never from the command
line, where other users of the machine could read it; the node must have been started with the
same secret in its environment.  In cluster mode any node answers for the whole cluster.

    grundy admin nodes NODE                  every node: its address, rooms, connections, leases
    grundy admin rooms NODE [--game G] [--player NAME] [--state S]
                                             the rooms (of every node), newest first
    grundy admin abort NODE ROOM --reason R  end a room without a result; its players are told why
    grundy admin kick NODE NAME --reason R   close every connection of a player name
    grundy admin ban NODE NAME --reason R    refuse the name from now on (kept in the store), and kick it
    grundy admin unban NODE NAME             lift a ban;  grundy admin bans NODE: list them
    grundy admin drain NODE                  do what SIGTERM does to the node at NODE

NODE is HOST:PORT or the node's URL.  Tables for people by default; ``--json`` prints the node's
JSON answer.  Exit status: 0 done, 1 refused or unreachable, 2 a usage error.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import sys
import textwrap
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from grundy.cli.common import fail, t

SECRET_ENV = "GRUNDY_ADMIN_SECRET"  # (the node's server.admin reads the same name)
STATES = ("waiting", "playing", "finished", "aborted")
_ADDRESS = re.compile(r"(?:(?P<scheme>https?|wss?)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(?P<port>\d{1,5})/?")


# The examples after `grundy admin --help`: each one's command as typed (``eng-admin-ex-<name>``, its reason's words
# in the language) and what it does (``eng-admin-ex-<name>-does``).
EXAMPLES = ("secret", "nodes", "rooms", "abort", "kick", "ban", "drain")
EXAMPLE_NODE = "127.0.0.1:8765"


def examples() -> str:
    """The epilog of `grundy admin --help`: example commands and what each does, in the command's language."""
    lines = [t("eng-admin-examples")]
    for name in EXAMPLES:
        typed = t(f"eng-admin-ex-{name}", node=EXAMPLE_NODE, env=SECRET_ENV)
        does = t(f"eng-admin-ex-{name}-does")
        lines += [f"  {typed:<44}  {does}"] if len(typed) <= 44 else [f"  {typed}", f"  {'':<44}  {does}"]
    lines.append(t("eng-admin-examples-end"))
    return "\n".join(lines)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "admin",
        help=t("cmd-admin-help"),
        description=textwrap.fill(t("cmd-admin-about", env=SECRET_ENV), 90),
        epilog=examples(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = p.add_subparsers(dest="admin_command", metavar=t("eng-metavar-action"))
    commands.required = True

    def command(name: str, help: str) -> argparse.ArgumentParser:
        c = commands.add_parser(name, help=help, description=help)
        c.add_argument("node", metavar=t("eng-metavar-node"), help=t("cmd-admin-help-node"))
        return c

    def printed(c: argparse.ArgumentParser) -> None:
        c.add_argument("--json", action="store_true", help=t("cmd-admin-help-json"))

    nodes = command("nodes", t("cmd-admin-help-nodes"))
    printed(nodes)
    nodes.set_defaults(run=run_nodes)

    rooms = command("rooms", t("cmd-admin-help-rooms"))
    rooms.add_argument("--game", metavar=t("eng-metavar-game"), help=t("cmd-admin-help-game"))
    rooms.add_argument("--player", metavar=t("eng-metavar-name"), help=t("cmd-admin-help-player"))
    rooms.add_argument("--state", choices=STATES, help=t("cmd-admin-help-state"))
    printed(rooms)
    rooms.set_defaults(run=run_rooms)

    abort = command("abort", t("cmd-admin-help-abort"))
    abort.add_argument("room", metavar=t("eng-metavar-room"), help=t("cmd-admin-help-room"))
    abort.add_argument("--reason", required=True, help=t("cmd-admin-help-reason-room"))
    printed(abort)
    abort.set_defaults(run=run_abort)

    for name, help in (
        ("kick", t("cmd-admin-help-kick")),
        ("ban", t("cmd-admin-help-ban")),
        ("unban", t("cmd-admin-help-unban")),
    ):
        c = command(name, help)
        c.add_argument("player", metavar=t("eng-metavar-name"), help=t("cmd-admin-help-name"))
        if name != "unban":
            c.add_argument("--reason", required=True, help=t("cmd-admin-help-reason-player"))
        printed(c)
        c.set_defaults(run=run_player, action=name)

    bans = command("bans", t("cmd-admin-help-bans"))
    printed(bans)
    bans.set_defaults(run=run_bans)

    drain = command("drain", t("cmd-admin-help-drain"))
    drain.add_argument("--timeout", type=float, default=60.0, metavar=t("eng-metavar-s"),
                       help=t("cmd-admin-help-timeout"))
    drain.add_argument("--no-wait", action="store_true", help=t("cmd-admin-help-no-wait"))
    drain.set_defaults(run=run_drain)


def node_base(text: str) -> str:
    """``http://HOST:PORT`` (or ``https://``) for a node given as HOST:PORT or a URL; a usage error otherwise."""
    m = _ADDRESS.fullmatch(text.strip())
    if m is None or not 0 < int(m.group("port")) <= 65535:
        fail(t("cmd-admin-bad-node", node=repr(text)))
    assert m is not None
    secure = m.group("scheme") in ("https", "wss")
    return f"{'https' if secure else 'http'}://{m.group('host')}:{m.group('port')}"


def _secret() -> str:
    secret = os.environ.get(SECRET_ENV, "")
    if not secret:
        fail(t("cmd-admin-no-secret", env=SECRET_ENV))
    return secret


def _post(url: str, secret: str, method: str = "POST") -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url, method=method, headers={"Authorization": f"Bearer {secret}"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
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


def _ask(args: argparse.Namespace, method: str, path: str, query: dict[str, Any] | None = None) -> dict[str, Any]:
    """The node's answer to one command (exits 1 with the node's reason if it refused, or was not reached)."""
    base = node_base(args.node)
    secret = _secret()
    given = {k: v for k, v in (query or {}).items() if v is not None}
    url = base + path + ("?" + urllib.parse.urlencode(given) if given else "")
    try:
        status, body = _post(url, secret, method)
    except (OSError, ValueError) as e:
        fail(t("cmd-admin-unreachable", url=base, why=str(getattr(e, "reason", None) or e)), 1)
    if status >= 300:
        fail(t("cmd-admin-refused", url=base, why=str(body.get("error") or status)), 1)
    return body


def _quoted(text: str) -> str:
    return urllib.parse.quote(text, safe="")


def _heads(*names: str) -> list[str]:
    """A table's column heads in the command's language (``eng-admin-head-<name>``)."""
    return [t(f"eng-admin-head-{name}") for name in names]


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    """Columns padded to their widest cell (the last one left ragged)."""
    cells = [headers, *[["-" if c is None or c == "" else str(c) for c in row] for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    return "\n".join(lines)


def _when(at: float | None) -> str:
    if at is None:
        return "-"
    return datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")


def _out(args: argparse.Namespace, body: dict[str, Any], text: str) -> int:
    print(json.dumps(body, indent=2) if args.json else text)
    unanswered = body.get("unanswered")
    if unanswered and not args.json:
        for silent in unanswered:
            print(f"grundy: {t('cmd-warning')}: {silent.get('error')}", file=sys.stderr)
    return 0


def run_nodes(args: argparse.Namespace) -> int:
    body = _ask(args, "GET", "/admin/nodes")
    rows = []
    for n in body.get("nodes", []):
        if "error" in n:
            rows.append([n.get("node"), None, t("eng-admin-no-answer"), None, None, None, None, None, None])
            continue
        rooms = n.get("rooms", {})
        leases = n.get("leases")
        rows.append([
            n["node"],
            n.get("address"),
            n["status"],
            f"{n['uptime_s']:.0f} s",
            n["connections"],
            n["sessions_online"],
            rooms.get("waiting", 0) + rooms.get("playing", 0),
            rooms.get("finished", 0) + rooms.get("aborted", 0),
            None if leases is None else t("eng-admin-leases", rooms=leases["room"], tournaments=leases["tournament"]),
        ])
    return _out(args, body, _table(_heads("node", "address", "status", "uptime", "connections", "sessions",
                                          "rooms-live", "rooms-ended", "leases"), rows))


def run_rooms(args: argparse.Namespace) -> int:
    query = {"game": args.game, "player": args.player, "state": args.state}
    body = _ask(args, "GET", "/admin/rooms", query)
    rows = []
    for r in body.get("rooms", []):
        seats = ", ".join(_seat(s) for s in r["seats"])
        when = _when(r["created_at"])
        rows.append([r["room"], r["game"], r["state"], r["ply"], seats, r["spectators"], r["node"], when])
    text = _table(_heads("room", "game", "state", "ply", "seats", "watching", "node", "created"), rows)
    return _out(args, body, text if rows else t("cmd-admin-no-rooms"))


def _seat(seat: dict[str, Any]) -> str:
    if not seat["name"]:
        return t("eng-admin-seat-free")
    return seat["name"] if seat["connected"] or seat.get("bot") else t("eng-admin-seat-away", name=seat["name"])


def run_abort(args: argparse.Namespace) -> int:
    body = _ask(args, "POST", f"/admin/rooms/{_quoted(args.room)}/abort", {"reason": args.reason})
    return _out(args, body, t("cmd-admin-aborted", room=str(body.get("room")), node=str(body.get("node")),
                              state=str(body.get("state")), reason=str(body.get("reason"))))


def run_player(args: argparse.Namespace) -> int:
    query = {"reason": getattr(args, "reason", None)}
    body = _ask(args, "POST", f"/admin/players/{_quoted(args.player)}/{args.action}", query)
    if args.action == "unban":
        return _out(args, body, t("cmd-admin-unbanned", name=args.player))
    closed = int(body.get("closed", 0))
    if args.action == "ban":
        return _out(args, body, t("cmd-admin-banned", name=args.player, reason=str(body.get("reason")), n=closed))
    return _out(args, body, t("cmd-admin-kicked", name=args.player, n=closed))


def run_bans(args: argparse.Namespace) -> int:
    body = _ask(args, "GET", "/admin/bans")
    rows = [[b["player"], _when(b["at"]), b["reason"]] for b in body.get("bans", [])]
    return _out(args, body, _table(_heads("player", "since", "reason"), rows) if rows else t("cmd-admin-no-bans"))


def run_drain(args: argparse.Namespace) -> int:
    base = node_base(args.node)
    if not args.timeout > 0:
        fail(t("cmd-admin-bad-timeout", s=str(args.timeout)))
    secret = _secret()
    asked = time.monotonic()
    try:
        status, body = _post(base + "/admin/drain", secret)
    except (OSError, ValueError) as e:
        fail(t("cmd-admin-unreachable", url=base, why=str(getattr(e, "reason", None) or e)), 1)
    if status != 202:
        fail(t("cmd-admin-refused", url=base, why=str(body.get("error") or status)), 1)
    node = body.get("node", base)
    if body.get("status") != "draining":
        print(t("eng-admin-node-status", node=str(node), status=str(body.get("status"))))
    else:
        print(t("cmd-admin-draining", node=node, rooms=int(body.get("rooms", 0)), n=int(body.get("connections", 0))))
    if args.no_wait:
        return 0
    deadline = asked + args.timeout
    while time.monotonic() < deadline:
        uptime = _uptime(base)
        if uptime is None or uptime < time.monotonic() - asked:  # gone, or already started again afresh
            print(t("cmd-admin-stopped" if uptime is None else "cmd-admin-restarted", node=node))
            return 0
        time.sleep(0.1)
    said = t("cmd-admin-still-running", node=node, s=f"{args.timeout:g}")
    print(f"grundy: {t('cli-error')}: {said}", file=sys.stderr)
    return 1
