"""`grundy play`: play (or watch) a game in the terminal or in a pygame window.

Without ``--server`` a complete node (store, bot workers) starts in this process on a free
port, so ``grundy play nim --vs bot:hard`` gives a game against a bot on a fresh machine.
Without GAME the lobby opens (terminal UI).  This module is the composition root of the
two: it may start ``server`` and hand its address to ``client``.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import os
import tempfile
import threading
from typing import Any

from grundy import rules
from grundy.cli.common import cannot_reach, fail, lang, parse_settings, rules_text, t
from grundy.protocol import BOT_LEVELS as LEVELS
from grundy.protocol import i18n, parse_time_control


def register(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help=t("help-play"),
        description=t("help-play-about"),
    )
    p.add_argument("game", metavar=t("eng-metavar-game"), nargs="?", default=None, help=t("help-play-game"))
    p.add_argument(
        "--set", dest="settings", action="append", default=[], metavar=t("eng-metavar-set"),
        help=t("cmd-help-set"),
    )  # fmt: skip
    vs_help = t("help-play-vs", levels=", ".join(LEVELS))
    p.add_argument("--vs", default="bot:easy", metavar=t("eng-metavar-vs"), help=vs_help)
    p.add_argument(
        "--clock", default="", metavar=t("eng-metavar-min-inc"),
        help=t("help-play-clock"),
    )  # fmt: skip
    p.add_argument(
        "--rated", action="store_true",
        help=t("help-play-rated"),
    )  # fmt: skip
    p.add_argument("--join", metavar=t("eng-metavar-code"), help=t("help-play-join"))
    p.add_argument("--spectate", metavar=t("eng-metavar-room"), help=t("help-play-spectate"))
    p.add_argument(
        "--server", action="append", metavar="URL[,URL...]",
        help=t("help-play-server"),
    )
    p.add_argument("--ui", choices=("terminal", "pygame"), default="terminal", help=t("help-play-ui"))
    p.add_argument("--name", default=None, help=t("help-play-name"))
    p.add_argument(
        "--secret",
        default=None,
        help=t("help-play-secret"),
    )
    p.add_argument("--db", default=None, metavar=t("eng-metavar-path"), help=t("help-play-db"))
    p.add_argument("--workers", type=int, default=1, metavar="N", help=t("help-play-workers"))
    p.add_argument("--screenshot", metavar=t("eng-metavar-path"), help=t("help-play-screenshot"))
    p.add_argument("--frames", type=int, metavar="N", help=t("help-play-frames"))
    p.set_defaults(run=run_play)


def check_args(args: argparse.Namespace) -> dict[str, str]:
    """Refuse contradictory or bad arguments with a message naming them; returns the game parameters."""
    from grundy.client.tui.model import parse_opponent

    if args.game and (args.join or args.spectate):
        fail(t("words-play-game-or-join"))
    if args.join and args.spectate:
        fail(t("words-play-join-or-spectate"))
    if (args.join or args.spectate) and not args.server:
        fail(t("words-play-join-needs-server"))
    if args.settings and not args.game:
        fail(t("words-play-set-needs-game"))
    if args.server:
        from grundy.client.connection import parse_servers

        try:
            args.server = ",".join(parse_servers(args.server, getattr(args, "lang", None)))
        except ValueError as e:
            fail(f"--server: {e}")
    if args.workers < 1:
        fail(t("words-play-workers", workers=args.workers))
    if args.ui == "terminal" and (args.screenshot or args.frames is not None):
        fail(t("words-play-screenshot"))
    try:
        parse_opponent(args.vs)
        parse_time_control(args.clock)
    except ValueError as e:
        fail(f"--vs/--clock: {i18n.error_text(lang(), e)}")
    level = args.vs.partition(":")[2]
    if args.vs.startswith("bot") and level and level not in LEVELS:
        fail(t("words-play-levels", vs=args.vs, levels=", ".join(LEVELS)))
    params = parse_settings(args.settings)
    if args.game:
        try:
            game = rules.create(args.game, **params)
        except rules.RulesError as e:
            fail(rules_text(e))
        if args.rated and game.seats != 2:
            fail(t("words-play-rated-seats", game=args.game, seats=game.seats))
    return params


def check_rated(args: argparse.Namespace, name: str) -> None:
    """Refuse ``--rated`` where the node would: without a game to start, on a fresh node, for a guest.

    (Any hosted bot level may be rated: its rating is ``bot:LEVEL``'s.  The node checks again.)
    """
    if not args.rated:
        return
    if not args.game:
        fail(t("words-play-rated-game"))
    if not args.server:
        fail(t("words-play-rated-server"))
    if args.secret is None:
        from grundy.client.identity import saved_secret

        if all(saved_secret(url, name) is None for url in args.server.split(",")):
            fail(t("words-play-rated-guest", name=repr(name), plain=name, server=args.server))


def default_name() -> str:
    """The login name, cut to the protocol's 32 characters (``player`` when there is none)."""
    try:
        name = getpass.getuser().strip()
    except (KeyError, OSError):
        name = ""
    return (name or "player")[:32]


class LocalNode:
    """A complete node on a free port of 127.0.0.1, run by a thread with its own event loop."""

    def __init__(self, db: str, workers: int) -> None:
        self.db = db
        self.workers = workers
        self.port: int | None = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._node: Any = None
        self._thread = threading.Thread(target=self._main, name="grundy-node", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 60.0) -> str:
        """Start the node and return its URL; RuntimeError when it cannot start."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError(t("help-play-node-late", seconds=f"{timeout:g}"))
        if self.error is not None or self.port is None:
            raise RuntimeError(t("help-play-node-failed", error=str(self.error)))
        return self.url

    def stop(self, timeout: float = 30.0) -> None:
        """Stop the node (staged shutdown) and wait for its thread."""
        if self._loop is not None and self._node is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._node.request_stop)
            except RuntimeError:  # the loop has just closed
                pass
        self._thread.join(timeout)

    def _main(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        from grundy.server.node import Node, NodeConfig

        self._loop = asyncio.get_running_loop()
        node = Node(NodeConfig(host="127.0.0.1", port=0, db=self.db, workers=self.workers))
        self._node = node
        try:
            await node.start()
            self.port = node.port
            self._ready.set()
            await node.serve_forever()
        except Exception as e:  # reported by start()
            self.error = e
        finally:
            self._ready.set()
            await node.shutdown()


async def refusal_of(url: str, name: str, secret: str | None, lang: str | None = None) -> str | None:
    """Why the node refuses ``name``'s hello (a wrong secret, a banned name), or None when it welcomes it."""
    from grundy.client.connection import Connection, Refused, why_unreachable

    conn = Connection(url, name, secret=secret, reconnect=False, lang=lang)
    try:
        await conn.connect()
    except Refused as e:
        return why_unreachable(url, e)
    except (OSError, TimeoutError):
        return None  # (the window's own connection says what is wrong)
    finally:
        await conn.close()
    return None


def run_play(args: argparse.Namespace) -> int:
    params = check_args(args)
    name = (args.name or default_name()).strip()
    if not 1 <= len(name) <= 32:
        fail(t("words-play-name", name=repr(args.name)))
    check_rated(args, name)
    clock = parse_time_control(args.clock)
    gui: Any = None
    if args.ui == "pygame":
        try:
            import grundy.client.gui as gui
        except ImportError as e:
            fail(t("words-play-no-pygame", error=str(e)))
    local: LocalNode | None = None
    tmp: tempfile.TemporaryDirectory[str] | None = None
    if args.server:
        url = args.server
        from grundy.client.connection import probe

        problems = []
        for node in url.split(","):  # (one that answers is enough: the others are for failover)
            problem = asyncio.run(probe(node, lang=getattr(args, "lang", None)))
            if problem is None:
                break
            problems.append(problem)
        else:
            fail(cannot_reach(url, problems), code=1)
        if args.rated:  # (the player's secret, checked before any window opens: a refusal is one line)
            refused = asyncio.run(refusal_of(url, name, args.secret, getattr(args, "lang", None)))
            if refused is not None:
                fail(f"--rated: {refused}", code=1)
    else:
        if args.db is None:
            tmp = tempfile.TemporaryDirectory(prefix="grundy-play-")
        db = args.db or os.path.join(tmp.name if tmp else ".", "grundy.db")
        log_file = os.path.join(os.path.dirname(os.path.abspath(db)), "node.log")
        logging.basicConfig(
            filename=log_file, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
        local = LocalNode(db, args.workers)
        try:
            url = local.start()
        except RuntimeError as e:
            local.stop()
            fail(str(e), code=1)
    try:
        if gui is not None:
            options: dict[str, Any] = {}
            if clock is not None:
                options["time_control"] = clock
            return int(
                gui.run(
                    url,
                    game=args.game,
                    params=params,
                    vs=args.vs,
                    join=args.join,
                    spectate=args.spectate,
                    name=name,
                    screenshot=args.screenshot,
                    frames=args.frames,
                    secret=args.secret,
                    rated=args.rated,
                    lang=getattr(args, "lang", None),
                    **options,
                )  # fmt: skip
                or 0
            )
        from grundy.client.tui import run

        return run(url, name=name, game=args.game, params=params, vs=args.vs, clock=clock, join=args.join,
                   spectate=args.spectate, secret=args.secret, rated=args.rated,
                   lang=getattr(args, "lang", None))  # fmt: skip
    finally:
        if local is not None:
            local.stop()
        if tmp is not None:
            tmp.cleanup()
