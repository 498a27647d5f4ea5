"""`grundy register NAME`: register a player name on a node and keep its secret for every client here."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from websockets.exceptions import WebSocketException

DEFAULT_SERVER = "ws://127.0.0.1:8765"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "register",
        help="register a player name (lasting ratings and history)",
        description=(
            "Register NAME on a node: you become a player whose ratings, history and tournament entries last "
            "from one connection to the next.  The node makes a secret and shows it once; it is saved in "
            "players.json in your grundy folder ($GRUNDY_CONFIG_DIR, else ~/.config/grundy; readable by you "
            "only), and grundy play, bots and the Gomocup bridge use it whenever they connect to that node as "
            "NAME.  Names are 1-32 letters, digits, _ . or -, unique without regard to case."
        ),
    )
    p.add_argument("name", metavar="NAME", help="the player name")
    p.add_argument(
        "--server", action="append", metavar="URL[,URL...]",
        help=f"node URL (default {DEFAULT_SERVER}); several nodes of one cluster, comma separated or --server "
        "repeated: registered on the first that answers, the secret saved for each",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from grundy.cli.common import t
    from grundy.client.connection import parse_servers
    from grundy.client.identity import IdentityError, save_secret

    try:
        urls = parse_servers(args.server or DEFAULT_SERVER)
    except ValueError as e:
        return _error(f"--server: {e}", 2)
    try:
        url, name, secret = asyncio.run(_register(urls, args.name))
    except (_Refused, Unreachable) as e:
        return _error(str(e), 1)
    try:
        for other in urls:  # (one cluster, one registry: the name is the same player on each of its nodes)
            path = save_secret(other, name, secret)
    except IdentityError as e:
        print(t("words-reg-secret-shown", secret=secret), file=sys.stderr)
        return _error(t("words-reg-not-saved", name=name, error=str(e)), 1)
    print(t("words-reg-done", name=name, url=url))
    print(t("words-reg-saved", path=str(path)))
    print(t("words-reg-secret", name=name, secret=secret))
    return 0


class _Refused(Exception):
    """The node refused the registration (the message says why)."""


class Unreachable(Exception):
    """No node of those given answered (the message says why, as ``grundy play`` says it)."""


async def _register(urls: list[str], name: str) -> tuple[str, str, str]:
    """(the URL of the node that answered, name as registered, secret), or _Refused."""
    from pydantic import ValidationError

    from grundy import protocol as p

    try:
        request = p.Register(name=name, ref=1)
    except ValidationError:
        from grundy.cli.common import t

        raise _Refused(t("words-reg-bad-name", name=repr(name))) from None
    url, reply = await ask_any(urls, request)
    assert isinstance(reply, p.Registered)
    return url, reply.name, reply.secret


async def ask_any(urls: list[str], request: Any) -> tuple[str, Any]:
    """:func:`ask` the first of ``urls`` that answers: (its URL, the answer); :class:`Unreachable` when none does."""
    from grundy.cli.common import cannot_reach
    from grundy.client.connection import why_unreachable

    problems = []
    for url in urls:
        try:
            return url, await ask(url, request)
        except (OSError, TimeoutError, WebSocketException) as e:
            problems.append(why_unreachable(url, e))
    raise Unreachable(cannot_reach(",".join(urls), problems))


async def ask(url: str, request: Any, timeout: float = 30.0) -> Any:
    """Send one request that needs no session (``register``, ``get_leaderboard``, ``get_player``) and return
    its answer; an ``error`` answer raises _Refused."""
    from websockets.asyncio.client import connect

    from grundy import protocol as p

    async with connect(url, open_timeout=10, proxy=None, max_size=16 * 2**20) as ws:
        await ws.send(p.encode(request))
        async with asyncio.timeout(timeout):
            while True:
                reply = p.decode_server(await ws.recv())
                if isinstance(reply, p.Error):
                    raise _Refused(f"{reply.code.value}: {reply.message}")
                if getattr(reply, "ref", None) == request.ref:
                    return reply


def _error(message: str, code: int) -> int:
    """Say ``message`` as the command's error (in its language) and give the exit code."""
    from grundy.cli.common import t

    print(f"grundy: {t('cli-error')}: {message}", file=sys.stderr)
    return code
