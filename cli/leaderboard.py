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
    from grundy.client.connection import parse_servers
    from grundy.server.ratings import show_rating

    if not 1 <= args.top <= MAX_TOP:
        print(f"grundy: error: --top {args.top}: give 1 to {MAX_TOP}", file=sys.stderr)
        return 2
    try:
        urls = parse_servers(args.server or DEFAULT_SERVER)
    except ValueError as e:
        print(f"grundy: error: --server: {e}", file=sys.stderr)
        return 2
    try:
        url, board = asyncio.run(ask_any(urls, p.GetLeaderboard(game=args.game, top=args.top, ref=1)))
    except _Refused as e:
        print(f"grundy: error: {e}", file=sys.stderr)
        return 1
    except Unreachable as e:
        print(f"grundy: error: {e}", file=sys.stderr)
        return 1
    print(f"{board.game} leaderboard on {url}")
    if not board.entries:
        print("nobody has played a rated game of it yet")
        return 0
    width = max(6, *(len(entry.name) for entry in board.entries))
    print(f"{'rank':>4}  {'player':<{width}}  {'rating':<13}  games")
    for entry in board.entries:
        print(f"{entry.rank:>4}  {entry.name:<{width}}  {show_rating(entry.rating, entry.rd):<13}  {entry.games:>5}")
    return 0
