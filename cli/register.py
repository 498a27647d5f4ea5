"""`grundy register NAME`: register a player name on a node and keep its secret for every client here."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from websockets.exceptions import WebSocketException

from grundy.cli.common import complain, lang, server_urls, t

DEFAULT_SERVER = "ws://127.0.0.1:8765"


def register(sub: Any) -> None:
    p = sub.add_parser("register", help=t("cmd-register-help"), description=t("cmd-register-about"))
    p.add_argument("name", metavar=t("eng-metavar-name"), help=t("cmd-register-help-name"))
    p.add_argument("--server", action="append", metavar="URL[,URL...]",
                   help=t("cmd-register-help-server", url=DEFAULT_SERVER))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from grundy.client.identity import IdentityError, save_secret

    urls = server_urls(args.server, DEFAULT_SERVER)
    if urls is None:
        return 2
    try:
        url, name, secret = asyncio.run(_register(urls, args.name))
    except (_Refused, Unreachable) as e:
        complain(str(e))
        return 1
    try:
        for other in urls:  # (one cluster, one registry: the name is the same player on each of its nodes)
            path = save_secret(other, name, secret)
    except IdentityError as e:
        why = t(e.said[0], **e.said[1])
        complain(t("cmd-register-not-saved", name=name, why=why))
        print(t("cmd-register-secret-once", secret=secret), file=sys.stderr)
        return 1
    print(t("cmd-registered", name=name, url=url))
    print(t("cmd-register-saved", path=str(path)))
    print(t("cmd-register-secret", name=name, secret=secret))
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
        raise _Refused(t("cmd-register-bad-name", name=repr(name))) from None
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
            problems.append(why_unreachable(url, e, lang()))
    raise Unreachable(cannot_reach(",".join(urls), problems))


def refusal(reply: Any) -> str:
    """A node's ``error`` answer in the command's language (its ``say``), else the node's own words."""
    from grundy.protocol import i18n

    return i18n.tr_say(lang(), getattr(reply, "say", None), reply.message)


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
                    raise _Refused(t("cmd-refused", code=reply.code.value, message=refusal(reply)))
                if getattr(reply, "ref", None) == request.ref:
                    return reply
