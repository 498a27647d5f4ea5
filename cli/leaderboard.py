"""`grundy leaderboard GAME`: the best rated players of a game family on a node."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from grundy.cli.register import DEFAULT_SERVER, Unreachable, _Refused, ask_any

MAX_TOP = 100


def register(sub: Any) -> None:
    p = sub.add_parser(
        "leaderboard",
        help="the best rated players of a game",
        description=(
            "List the best Glicko-2 ratings of a game family (the catalog name, whatever its parameters) on a "
            "node, as rating ± 2·RD (the interval the player's strength lies in), with ? after a provisional "
            "rating (deviation above 110: the first games, or after a long absence).  Hosted bots are listed as "
            "bot:LEVEL."
        ),
    )
    p.add_argument("game", metavar="GAME", help="game name (see `grundy games`)")
    p.add_argument(
        "--server", action="append", metavar="URL[,URL...]",
        help=f"node URL (default {DEFAULT_SERVER}); several nodes of one cluster, comma separated or --server "
        "repeated: the first that answers",
    )
    p.add_argument("--top", type=int, default=20, metavar="N", help=f"how many players, 1-{MAX_TOP} (default 20)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from grundy import protocol as p
    from grundy.cli.common import t
    from grundy.client.connection import parse_servers
    from grundy.server.ratings import show_rating

    if not 1 <= args.top <= MAX_TOP:
        return _error(t("words-lb-top", top=args.top, most=MAX_TOP), 2)
    try:
        urls = parse_servers(args.server or DEFAULT_SERVER)
    except ValueError as e:
        return _error(f"--server: {e}", 2)
    try:
        url, board = asyncio.run(ask_any(urls, p.GetLeaderboard(game=args.game, top=args.top, ref=1)))
    except (_Refused, Unreachable) as e:
        return _error(str(e), 1)
    print(t("words-lb-head", game=board.game, url=url))
    if not board.entries:
        print(t("words-lb-nobody"))
        return 0
    heads = [t("words-lb-rank"), t("words-lb-player"), t("words-lb-rating"), t("words-lb-games")]
    width = max(6, len(heads[1]), *(len(entry.name) for entry in board.entries))
    print(f"{heads[0]:>4}  {heads[1]:<{width}}  {heads[2]:<13}  {heads[3]}")
    for entry in board.entries:
        print(f"{entry.rank:>4}  {entry.name:<{width}}  {show_rating(entry.rating, entry.rd):<13}  {entry.games:>5}")
    return 0


def _error(message: str, code: int) -> int:
    """Say ``message`` as the command's error (in its language) and give the exit code."""
    from grundy.cli.common import t

    print(f"grundy: {t('cli-error')}: {message}", file=sys.stderr)
    return code
