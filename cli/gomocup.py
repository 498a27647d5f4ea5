"""`grundy gomocup-bot PATH_TO_BRAIN`: a Gomocup-protocol gomoku engine plays on a grundy node as a bot."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
from typing import Any

from grundy.cli.common import fail, lang, parse_settings, rules_text, t

TURN_MS = 5000  # an engine's thinking time per move in untimed games, unless --turn-ms says


def register(sub: Any) -> None:
    p = sub.add_parser("gomocup-bot", help=t("eng-gomocup-help"), description=t("eng-gomocup-about"))
    p.add_argument("brain", metavar=t("eng-metavar-brain"), help=t("eng-gomocup-help-brain"))
    p.add_argument("--server", action="append", metavar="URL[,URL...]", help=t("eng-gomocup-help-server"))
    p.add_argument("--name", default=None, metavar=t("eng-metavar-name"), help=t("eng-gomocup-help-name"))
    p.add_argument("--secret", default=None, metavar=t("eng-metavar-secret"), help=t("eng-gomocup-help-secret"))
    p.add_argument("--room", default=None, metavar="ID", help=t("eng-gomocup-help-room"))
    p.add_argument("--code", default=None, metavar=t("eng-metavar-code"), help=t("eng-gomocup-help-code"))
    p.add_argument("--vs", default=None, metavar=t("eng-metavar-vs-open"), help=t("eng-gomocup-help-vs"))
    p.add_argument("--quick", action="store_true", help=t("eng-gomocup-help-quick"))
    p.add_argument("--tournament", default=None, metavar="ID", help=t("eng-gomocup-help-tournament"))
    p.add_argument("--seat", type=int, default=None, metavar="0|1", help=t("eng-gomocup-help-seat"))
    p.add_argument("--set", dest="settings", action="append", default=[], metavar=t("eng-metavar-set"),
                   help=t("eng-gomocup-help-set"))
    p.add_argument("--clock", default="none", metavar=t("eng-metavar-clock"), help=t("eng-gomocup-help-clock"))
    p.add_argument("--games", type=int, default=None, metavar="N", help=t("eng-gomocup-help-games"))
    p.add_argument(
        "--turn-ms", type=int, default=TURN_MS, metavar=t("eng-metavar-ms"),
        help=t("eng-gomocup-help-turn-ms", ms=TURN_MS),
    )
    p.add_argument("--memory-mb", type=int, default=0, metavar=t("eng-metavar-mb"), help=t("eng-gomocup-help-memory"))
    p.add_argument("--openings", choices=("vary", "engine"), default="vary", help=t("eng-gomocup-help-openings"))
    p.add_argument("-v", "--verbose", action="store_true", help=t("eng-gomocup-help-verbose"))
    p.set_defaults(run=run_gomocup_bot)


def run_gomocup_bot(args: argparse.Namespace) -> int:
    from grundy import rules
    from grundy.client.connection import ClientError
    from grundy.client.gomocup import EngineError, GomocupBot, brain_command, words_in
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
        fail(t("words-gomocup-cannot-play", error=words_in(lang(), e.said)), 1)
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
    except EngineError as e:  # (a tournament the engine cannot play)
        fail(words_in(lang(), e.said), 1)
    except (ValueError, ClientError, OSError) as e:
        fail(str(e), 1)
    for r in results:
        outcome = t(f"tui-outcome-{r.outcome}") if r.outcome in ("win", "loss", "draw") else r.outcome
        print(t("words-gomocup-result", room=r.room, seat=r.seat, name=name, outcome=outcome, reason=r.reason))
    return 0
