"""`grundy gomocup-bot PATH_TO_BRAIN`: a Gomocup-protocol gomoku engine plays on a grundy node as a bot."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
from typing import Any

from grundy.cli.common import fail, parse_settings, rules_text, t


def register(sub: Any) -> None:
    p = sub.add_parser(
        "gomocup-bot",
        help="run a Gomocup-protocol gomoku engine as a bot",
        description=(
            "Run a gomoku engine that speaks the Gomocup AI protocol (START, BEGIN, TURN, BOARD, INFO, ABOUT, "
            "END) as a bot on a grundy node.  By default it answers challenges: it takes the free seat of any "
            "waiting gomoku room (without a swap opening) where someone sits; --tournament ID enters a "
            "tournament and plays all its games.  Its time limits come from the room's clock; an engine that "
            "crashes or stays silent past its time loses the game on time."
        ),
    )
    p.add_argument("brain", metavar="PATH_TO_BRAIN", help="the engine program (a .py file runs with this Python)")
    p.add_argument(
        "--server", action="append", metavar="URL[,URL...]",
        help="node URL (default ws://127.0.0.1:8765); several nodes of a cluster, comma separated or --server "
        "repeated: the engine's games go on on another when its node is gone",
    )
    p.add_argument("--name", default=None, help="display name (default: the engine's ABOUT name and version)")
    p.add_argument(
        "--secret", default=None, help="the registered player's secret (default: the one grundy register saved)"
    )
    p.add_argument("--room", default=None, help="join this room id")
    p.add_argument("--code", default=None, help="join the room with this join code")
    p.add_argument("--vs", default=None, metavar="bot:LEVEL|open", help="create a gomoku room against a hosted bot")
    p.add_argument("--quick", action="store_true", help="queue for a quick match")
    p.add_argument(
        "--tournament", default=None, metavar="ID", help="enter this gomoku tournament and play it to the end"
    )
    p.add_argument("--seat", type=int, default=None, help="the seat to take (0 plays black)")
    p.add_argument(
        "--set", dest="settings", action="append", default=[], metavar="KEY=VALUE",
        help="gomoku parameter for --vs/--quick, e.g. --set size=19 --set rule=renju",
    )
    p.add_argument(
        "--clock", default="none", metavar="MIN+SEC",
        help="time control for --vs/--quick: 5+2 is 5 minutes and 2 s a move, 30s+1 30 seconds and 1 s a move",
    )
    p.add_argument("--games", type=int, default=None, metavar="N", help="stop after N games")
    p.add_argument(
        "--turn-ms", type=int, default=5000, metavar="MS", help="thinking time per move in untimed games (default 5000)"
    )
    p.add_argument(
        "--memory-mb", type=int, default=0, metavar="MB", help="INFO max_memory for the engine (0: no limit)"
    )
    p.add_argument(
        "--openings", choices=("vary", "engine"), default="vary",
        help="vary: over --games, alternate colours and play the engine's first stone from a list of openings "
        "(each opening with both colours); engine: every move is the engine's (default vary)",
    )
    p.add_argument(
        "-v", "--verbose", action="store_true", help="log what the bot does and the engine's MESSAGE/DEBUG lines"
    )
    p.set_defaults(run=run_gomocup_bot)


def run_gomocup_bot(args: argparse.Namespace) -> int:
    from grundy import rules
    from grundy.client.connection import ClientError
    from grundy.client.gomocup import EngineError, GomocupBot, brain_command
    from grundy.client.sdk import DEFAULT_SERVER, parse_clock

    path = args.brain
    if not os.path.isfile(path):
        fail(t("words-gomocup-no-file", path=repr(path)))
    if not path.endswith(".py") and not os.access(path, os.X_OK):
        fail(t("words-gomocup-not-executable", path=repr(path)))
    if args.turn_ms <= 0:
        fail(t("words-gomocup-turn-ms", ms=args.turn_ms))
    if args.games is not None and args.games < 1:
        fail(t("words-gomocup-games", games=args.games))
    if sum(bool(x) for x in (args.vs, args.quick, args.room or args.code, args.tournament)) > 1:
        fail(t("words-gomocup-one-of"))
    try:
        clock = parse_clock(args.clock)
    except ValueError as e:
        fail(str(e))
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(name)s: %(message)s")
    bot = GomocupBot(
        brain_command(os.path.abspath(path)),
        cwd=os.path.dirname(os.path.abspath(path)),
        turn_s=args.turn_ms / 1000,
        memory_mb=args.memory_mb,
        vary_openings=args.openings == "vary",
    )
    params = parse_settings(args.settings)
    wants_game = bool(args.vs or args.quick)
    # Refuse before anything is created: rules the protocol cannot play, an engine that does not start.
    try:
        game = rules.create("gomoku", **params)
    except rules.ParameterError as e:
        fail(f"--set: {rules_text(e)}")
    if not bot.can_play("gomoku", game.params):
        fail(t("words-gomocup-opening", opening=game.params["opening"]))
    try:
        asyncio.run(bot.check(int(game.params["size"])))
    except EngineError as e:
        fail(t("words-gomocup-cannot-play", error=str(e)), 1)
    name = args.name or bot.name
    try:
        results = bot.run(
            args.server or DEFAULT_SERVER,
            name,
            game="gomoku" if wants_game else None,
            params=params,
            time_control=clock,
            vs=args.vs,
            room=args.room,
            code=args.code,
            seat=args.seat,
            quick=args.quick,
            tournament=args.tournament,
            games=args.games,
            secret=args.secret,
        )
    except (ValueError, ClientError, OSError) as e:
        fail(str(e), 1)
    for r in results:
        outcome = t(f"tui-outcome-{r.outcome}") if r.outcome in ("win", "loss", "draw") else r.outcome
        print(t("words-gomocup-result", room=r.room, seat=r.seat, name=name, outcome=outcome, reason=r.reason))
    return 0
