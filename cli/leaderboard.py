"""`grundy leaderboard GAME`: the best rated players of a game family on a node."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from grundy.cli.common import complain, server_urls, t
from grundy.cli.register import DEFAULT_SERVER, Unreachable, _Refused, ask_any

MAX_TOP = 100


def register(sub: Any) -> None:
    p = sub.add_parser("leaderboard", help=t("cmd-leaderboard-help"), description=t("cmd-leaderboard-about"))
    p.add_argument("game", metavar=t("eng-metavar-game"), help=t("cmd-help-game"))
    p.add_argument("--server", action="append", metavar="URL[,URL...]",
                   help=t("cmd-leaderboard-help-server", url=DEFAULT_SERVER))
    p.add_argument("--top", type=int, default=20, metavar="N", help=t("cmd-leaderboard-help-top", most=str(MAX_TOP)))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from grundy import protocol as p
    from grundy.server.ratings import show_rating

    if not 1 <= args.top <= MAX_TOP:
        complain(t("cmd-leaderboard-bad-top", n=str(args.top), most=str(MAX_TOP)))
        return 2
    urls = server_urls(args.server, DEFAULT_SERVER)
    if urls is None:
        return 2
    try:
        url, board = asyncio.run(ask_any(urls, p.GetLeaderboard(game=args.game, top=args.top, ref=1)))
    except (_Refused, Unreachable) as e:
        complain(str(e))
        return 1
    print(t("cmd-leaderboard-head", game=board.game, url=url))
    if not board.entries:
        print(t("cmd-leaderboard-empty"))
        return 0
    rank, player, rating, games = (t(f"cmd-col-{c}") for c in ("rank", "player", "rating", "games"))
    w_rank = max(4, len(rank))
    width = max(len(player), *(len(entry.name) for entry in board.entries))
    w_rating = max(13, len(rating))
    print(f"{rank:>{w_rank}}  {player:<{width}}  {rating:<{w_rating}}  {games}")
    w_games = max(5, len(games))
    for entry in board.entries:
        print(f"{entry.rank:>{w_rank}}  {entry.name:<{width}}  {show_rating(entry.rating, entry.rd):<{w_rating}}  "
              f"{entry.games:>{w_games}}")
    return 0
