"""The bot SDK: write a grundy bot as one method.

    from grundy.client.sdk import Bot

    class Greedy(Bot):
        def choose(self, view):
            return view.legal_moves[0]

    Greedy().run("ws://localhost:8765", "greedy")

``choose(view) -> move text`` gets a :class:`Turn`: the seat's view as the game defines it
(a dict: ``view["heaps"]`` in nim), plus ``view.game``, ``view.params``, ``view.seat``,
``view.ply``, ``view.moves`` (the move texts so far), ``view.legal_moves`` (when the server
sends them: always in perfect-information games), ``view.time_left`` (seconds on the bot's
clock, None when untimed) and ``view.budget`` (the seconds it should spend on this move).
``view.rules()`` gives the game from the rules engine, ``view.state()`` the position.

What the SDK does around ``choose``:

* registers as a bot: says hello with ``kind: "bot"`` (so ``list_players`` lists it as a bot
  and people can challenge it), keeps the session and resumes it after a lost link;
* accepts challenges (``challenged``) for the games it plays — override ``accepts(game,
  params)`` to choose — and declines the others;
* finds games: joins a given room (``room=`` / ``code=``), creates one against a hosted bot
  or leaves a seat open for a challenger (``vs="bot:LEVEL"`` / ``vs="open"``), queues for a
  quick match (``quick=True``), enters a tournament (``tournament=ID``) and plays its rounds
  until it ends, or — by default — waits for challenges and also watches the lobby, taking
  the free seat of any waiting room of a game it plays where someone sits waiting; it
  agrees to rematches;
* carries its requests through a cluster's outage: a move (and every request safe to send
  again) answered ``unavailable`` is sent again until the server has caught up (docs/PROTOCOL.md
  2.1: first after 0.25 s, then up to every 2 s, for 10 minutes; a move still not stored then is
  sent again from the room's state, so a game never stalls while the connection lives), and a
  room it was creating is asked for again; it logs once that the server is catching up, and
  once that it caught up.  No clock runs meanwhile (the server holds them);
* plays every room it sits in at once (a tournament seats it in its rounds' rooms), and
  respects the clock: ``choose`` runs in a worker thread, and if it has not answered when
  the bot's time is nearly out, a random legal move is played instead (a late answer is
  dropped).  An illegal answer also falls back to a random legal move, so a bot never
  stalls its game.

Asynchronous bots (the Gomocup bridge) subclass :class:`AsyncBot` and implement
``async decide(turn)`` instead.  ``Bot.main()`` gives any bot a command line
(``--server``, ``--name``, ``--game``, ``--set``, ``--vs``, ``--room``, ``--code``, ``--quick``,
``--tournament``, ``--games``, ``--clock 5+2``: minutes + seconds a move, ``--lang``); see ``examples/``.

The bot's words (the runner's help, errors and results, the notices of an outage, the chat line it says before
resigning, the errors of its connection) are the catalog's (``link-sdk-...``), in the bot's language:
``play(lang=...)`` / ``--lang``, else the system's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``).  Its log lines
(``--verbose``) are for its developer, in English.
"""

from __future__ import annotations

import abc
import argparse
import asyncio
import dataclasses
import logging
import random
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from websockets.exceptions import WebSocketException

from grundy import protocol as p
from grundy import rules
from grundy.client import words
from grundy.client.connection import (
    Backoff,
    CatchingUp,
    CaughtUp,
    ClientError,
    Connection,
    LinkClosed,
    LinkLost,
    LinkUp,
    Refused,
    Resend,
    why_unreachable,
)
from grundy.client.live import LiveRoom
from grundy.protocol import ErrorCode, i18n

log = logging.getLogger("grundy.sdk")

DEFAULT_SERVER = "ws://127.0.0.1:8765"
# Seconds kept in reserve on the bot's clock for the network and the server's own checks.
CLOCK_RESERVE_S = 0.35
# Thinking time per move in untimed games, and the most a choose() may take there.
UNTIMED_BUDGET_S = 2.0
UNTIMED_LIMIT_S = 60.0
LOBBY_POLL_S = 1.0
# Finished tables kept (for rematch offers and inspection); older ones are forgotten.
KEEP_ENDED_TABLES = 20


def turn_budget(time_left: float | None, increment: float = 0.0) -> float:
    """Seconds to spend on one move: a slice of the time left plus most of the increment.

    Untimed games get UNTIMED_BUDGET_S.  Never more than half of what is left after the reserve.
    """
    if time_left is None:
        return UNTIMED_BUDGET_S
    spare = max(0.0, time_left - CLOCK_RESERVE_S)
    return max(0.01, min(spare * 0.5, spare / 25 + increment * 0.8))


# The product's one time-control notation (``5+2``: minutes + seconds a move; ``30s+1``), kept under
# its old name here for the commands that import it from the SDK.
parse_clock = p.parse_time_control


class BotConnection(Connection):
    """A connection that says hello as a bot (``kind: "bot"``), so the server lists and marks it as one
    (a resumed session keeps the kind it was made with); a registered bot's secret is used as for anyone."""

    def __init__(self, server: str | Sequence[str], name: str, **options: Any) -> None:
        super().__init__(server, name, kind="bot", **options)


class Forfeit(Exception):
    """Raised from ``choose``/``decide`` to resign the game (e.g. a bot's engine died); the text says why.

    ``failure`` (``"crashed"`` or ``"silent"``): the engine could not move in time, and the game
    is recorded as a loss on time naming that failure rather than as a resignation.
    """

    def __init__(self, why: str, *, failure: p.EngineFailure | None = None) -> None:
        super().__init__(why)
        self.failure = failure


class Turn(dict[str, Any]):
    """What a bot sees when it must move: the seat's view (dict items) plus the game and the clock (attributes).

    The same facts are also dict items (``view["legal_moves"]``) unless the game's own view
    uses that key.
    """

    def __init__(
        self,
        view: dict[str, Any],
        *,
        room: str,
        game: str,
        params: dict[str, Any],
        seat: int,
        ply: int,
        legal_moves: list[str] | None,
        moves: list[str | None],
        time_left: float | None,
        increment: float,
        budget: float,
        time_control: p.TimeControl | None = None,
        lang: str = i18n.DEFAULT,
    ) -> None:
        super().__init__(view)
        self.view = view
        self.room = room
        self.game = game
        self.params = params
        self.seat = seat
        self.ply = ply
        self.legal_moves = legal_moves
        self.moves = moves
        self.time_left = time_left
        self.increment = increment
        self.budget = budget
        self.time_control = time_control
        self.lang = lang  # the bot's language (of the errors it raises)
        for key in ("game", "params", "seat", "ply", "legal_moves", "moves", "time_left", "budget"):
            self.setdefault(key, getattr(self, key))

    def rules(self) -> rules.Game:
        """The game with this room's parameters, from the rules engine."""
        return rules.create(self.game, **self.params)

    def state(self) -> Any:
        """The position, replayed from the moves (perfect-information games: every move is known)."""
        if any(m is None for m in self.moves):
            raise ValueError(i18n.tr(self.lang, "link-sdk-hidden", game=self.game))
        return self.rules().replay([m for m in self.moves if m is not None])


class Table(LiveRoom):
    """The bot's picture of one room it sits in: the shared room model, plus how the bot is doing in it."""

    def __init__(self, room: str) -> None:
        super().__init__()
        self._room = room
        self.started = False
        self.ended = False
        self.thinking: int | None = None  # the ply a decision is being made for
        self.stuck = ""  # why the bot had no move to play on its turn ("" once it moves again)

    @property  # type: ignore[override]
    def room(self) -> str:
        return self._room if self.state is None else self.state.room

    @property  # type: ignore[override]
    def status(self) -> str:
        return "waiting" if self.state is None else self.state.status

    @property
    def seat(self) -> int | None:
        """The bot's seat (None while it has none)."""
        return self.you

    @property
    def move_list(self) -> list[str | None]:
        """Every move's text so far (None where hidden from the bot's seat)."""
        return [m.move for m in self.moves]

    def time_left(self, seat: int | None = None) -> float | None:
        """Seconds on ``seat``'s clock now (default: ours); None when untimed."""
        seat = self.seat if seat is None else seat
        return None if seat is None else self.clock_left(seat)


@dataclasses.dataclass(frozen=True)
class GameResult:
    """How one of the bot's games ended, from its seat's point of view."""

    room: str
    game: str
    seat: int
    outcome: str  # win, loss, draw, or aborted
    reason: str
    ending: str
    moves: tuple[str | None, ...]
    players: tuple[str | None, ...]
    failure: str = ""  # why the bot could not move, when the game ended with it stuck ("" otherwise)
    said: str = ""  # ``reason`` in the bot's language (the node's own words in English)


class AsyncBot(abc.ABC):
    """The engine of every SDK bot: finds games, keeps its tables, decides on its turns, reconnects.

    Subclass :class:`Bot` for a plain ``choose``; subclass this and implement ``decide`` for a
    bot that is itself asynchronous.  Override ``can_play`` to pick the games the bot takes,
    ``game_started``/``game_ended`` for per-game set-up and clean-up.
    """

    name: str = "sdk-bot"
    client: str = "grundy-sdk/0.1 (bot)"
    # Games answered in the lobby; empty: every game.
    games: tuple[str, ...] = ()
    # True: a failed, late or illegal decision resigns the game instead of playing a fallback move.
    forfeit_on_failure: bool = False
    # The language of the bot's words (a BCP 47 tag); None: the system's locale.  ``play(lang=...)`` chooses it too.
    lang: str | None = None

    def __init__(self) -> None:
        self.conn: Connection | None = None
        self.tables: dict[str, Table] = {}
        self.results: list[GameResult] = []
        self.rng = random.Random()
        self._chosen: dict[tuple[str, int], str] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._done = asyncio.Event()
        self._mode: dict[str, Any] = {}
        self._wanted: int | None = None
        self._joining: set[str] = set()

    # ------------------------------------------------------------------ for subclasses

    @abc.abstractmethod
    async def decide(self, turn: Turn) -> str:
        """The move to play (text in the game's notation)."""

    def can_play(self, game: str, params: dict[str, Any]) -> bool:
        """Whether to take a seat in a game of ``game`` with ``params`` (lobby rooms)."""
        return not self.games or game in self.games

    def accepts(self, game: str, params: dict[str, Any]) -> bool:
        """Whether to accept a challenge to ``game`` with ``params`` (default: the games it plays)."""
        return self.can_play(game, params)

    async def game_started(self, table: Table) -> None:
        """Called once when a game the bot sits in starts (or is found running after a reconnect)."""
        return None

    async def game_ended(self, table: Table, result: GameResult) -> None:
        """Called once when a game the bot sat in has ended."""
        return None

    async def shutdown(self) -> None:
        """Called once when :meth:`play` returns (release engines, files, ...)."""
        return None

    def fallback_move(self, turn: Turn) -> str | None:
        """A move played when ``decide`` fails or runs out of time: a random legal one, if known."""
        return self.rng.choice(turn.legal_moves) if turn.legal_moves else None

    # ------------------------------------------------------------------ running

    def run(
        self, server: str | Sequence[str] = DEFAULT_SERVER, name: str | None = None, **options: Any
    ) -> list[GameResult]:
        """Connect to ``server`` (a node, or several of one cluster) as ``name`` and play; blocks until done
        (see :meth:`play` for the options)."""
        try:
            return asyncio.run(self.play(server, name, **options))
        except KeyboardInterrupt:
            return self.results

    async def play(
        self,
        server: str | Sequence[str] = DEFAULT_SERVER,
        name: str | None = None,
        *,
        game: str | None = None,
        params: dict[str, Any] | None = None,
        time_control: p.TimeControl | None = None,
        vs: str | None = None,
        room: str | None = None,
        code: str | None = None,
        seat: int | None = None,
        quick: bool = False,
        tournament: str | None = None,
        games: int | None = None,
        backoff: Backoff | None = None,
        secret: str | None = None,
        resend: Resend | None = None,
        lang: str | None = None,
    ) -> list[GameResult]:
        """Play until ``games`` games have ended (default: one when a room, opponent or quick match is
        given; without any, answer challenges until cancelled).  Returns the results.

        ``server`` is a node's URL, or several nodes of one cluster (``"ws://a:8765,ws://b:8765"`` or a
        list): the bot connects to the first that answers and, when its node is gone, resumes its
        session and games on another (those named here, and the live nodes the cluster names).

        ``vs``: ``"bot:LEVEL"`` creates a room of ``game`` against hosted bots of that level,
        ``"open"`` creates one with open seats and waits for a challenger.  ``room``/``code``
        joins that room (at ``seat``).  ``quick`` queues for a quick match of ``game``.
        ``tournament`` enters that tournament and plays until it has ended (or ``games`` games).
        ``secret``: the registered player's secret for ``name`` (default: the one ``grundy register``
        saved for this server and name, if any; else the bot plays as a guest).
        ``resend``: when a request answered ``unavailable`` is sent again (default: docs/PROTOCOL.md 2.1's schedule).
        ``lang``: the language of the bot's words and of its session (default: the bot's ``lang``, else the locale).
        """
        lang = lang or self.lang
        self.lang = i18n.from_env() if lang is None else i18n.pick(lang)
        if (vs or quick) and not game:
            raise ValueError(i18n.tr(self.lang, "link-sdk-need-game"))
        if sum(bool(x) for x in (vs, quick, room or code, tournament)) > 1:
            raise ValueError(i18n.tr(self.lang, "link-sdk-one-mode"))
        mode = (
            "join" if (room or code) else "create" if vs else "quick" if quick else "tournament" if tournament
            else "lobby"
        )
        self._mode = dict(
            mode=mode, game=game, params=params or {}, time_control=time_control, vs=vs, room=room, code=code,
            seat=seat, tournament=tournament,
        )
        self._wanted = games if games is not None else (None if mode in ("lobby", "tournament") else 1)
        self._done = asyncio.Event()
        self._tournament_over = False
        conn = BotConnection(
            server, name or self.name, client=self.client, backoff=backoff or Backoff(), secret=secret,
            resend=resend or Resend(), lang=self.lang,
        )
        self.conn = conn
        await conn.connect()
        log.info("%s: connected to %s as session %s", conn.name, conn.node_url, conn.session)
        try:
            await self._find_game()
            listener = asyncio.create_task(self._listen(conn))
            poller = asyncio.create_task(self._poll_lobby()) if mode == "lobby" else None
            waiter = asyncio.create_task(self._done.wait())
            await asyncio.wait({listener, waiter}, return_when=asyncio.FIRST_COMPLETED)
            for t in (listener, poller, waiter):
                if t is not None:
                    t.cancel()
            await asyncio.gather(*(t for t in (listener, poller, waiter) if t is not None), return_exceptions=True)
            if listener.done() and not listener.cancelled() and listener.exception() is not None:
                raise listener.exception()  # type: ignore[misc]
        finally:
            for t in list(self._tasks):
                t.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
            await conn.close()
            await self.shutdown()
        return self.results

    # ------------------------------------------------------------------ finding games

    async def _find_game(self) -> None:
        """Find a game the way the bot was asked to; through an outage (``unavailable``) it asks again until the
        server has caught up, unless a room of the bot's appeared meanwhile (a room created as the store
        went away may have been stored after all: it is played, not made twice)."""
        conn = self.conn
        assert conn is not None
        delays = (conn.resend or Resend()).delays(self.rng)
        while True:
            try:
                await self._find_game_once()
                return
            except Refused as e:
                if e.code != ErrorCode.UNAVAILABLE:
                    raise
                delay = next(delays)
                log.info("%s: finding a game: %s; asking again in %.2f s", conn.name, e.message, delay)
            await asyncio.sleep(delay)
            if any(not t.ended for t in self.tables.values()):
                return

    async def _find_game_once(self) -> None:
        conn, m = self.conn, self._mode
        assert conn is not None
        if m["mode"] == "join":
            reply = await conn.request(p.Join(room=m["room"], code=m["code"], seat=m["seat"]))
            log.info("%s: joined %s", conn.name, getattr(reply, "room", "?"))
        elif m["mode"] == "create":
            await self._create_room()
        elif m["mode"] == "quick":
            await conn.request(p.QuickMatch(game=m["game"], params=m["params"], time_control=m["time_control"]))
            log.info("%s: queued for a quick match of %s", conn.name, m["game"])
        elif m["mode"] == "tournament":
            try:
                state = await conn.request(p.EnterTournament(tournament=m["tournament"]))
            except Refused as e:
                if e.code not in (ErrorCode.TOURNAMENT_NOT_OPEN, ErrorCode.TOURNAMENT_OVER, ErrorCode.ALREADY_ENTERED):
                    raise
                log.warning("%s: tournament %s takes no entries: %s", conn.name, m["tournament"], e.message)
                state = await conn.request(p.GetTournament(tournament=m["tournament"]))
            assert isinstance(state, p.TournamentState)
            log.info("%s: entered tournament %s (%s)", conn.name, state.tournament.tournament, state.tournament.name)
            await self._on_tournament(state)

    async def _create_room(self) -> None:
        conn, m = self.conn, self._mode
        assert conn is not None
        vs: str = m["vs"]
        if vs.startswith("bot:") or vs == "bot":
            other = p.SeatRequest(kind="bot", level=vs.partition(":")[2] or None)
        elif vs in ("open", "human"):
            other = p.SeatRequest(kind="open")
        else:
            raise ValueError(i18n.tr(self.lang, "link-sdk-vs", vs=repr(vs)))
        seats_n = rules.create(m["game"], **m["params"]).seats
        me = m["seat"] or 0
        if me >= seats_n:
            raise ValueError(i18n.tr(self.lang, "link-sdk-seats", seat=me, game=m["game"], last=seats_n - 1))
        seats = [p.SeatRequest(kind="open") if i == me else other for i in range(seats_n)]
        reply = await conn.request(
            p.CreateRoom(game=m["game"], params=m["params"], time_control=m["time_control"], seats=seats, seat=me)
        )
        assert isinstance(reply, p.RoomCreated)
        log.info("%s: created room %s (seat %d, vs %s)", conn.name, reply.room, me, vs)

    async def _poll_lobby(self) -> None:
        """Answer challenges: take the free seat of waiting rooms where someone sits waiting."""
        conn = self.conn
        assert conn is not None
        while True:
            try:
                reply = await conn.request(p.ListRooms(status="waiting"))
                assert isinstance(reply, p.Rooms)
                for summary in reply.rooms:
                    if self._wants(summary):
                        self._joining.add(summary.room)
                        self._spawn(self._take_seat(summary.room))
            except (LinkLost, TimeoutError):
                pass
            except Refused as e:
                log.warning("%s: listing rooms failed: %s", conn.name, e)
            await asyncio.sleep(LOBBY_POLL_S)

    def _wants(self, room: p.RoomSummary) -> bool:
        if room.room in self.tables or room.room in self._joining:
            return False
        someone_waits = any(s.player is not None and s.connected for s in room.seats)
        free = any(s.player is None and s.kind == "open" for s in room.seats)
        return someone_waits and free and self.can_play(room.game, room.params)

    async def _take_seat(self, room: str) -> None:
        assert self.conn is not None
        try:
            await self.conn.request(p.Join(room=room))
            log.info("%s: took a seat in %s", self.conn.name, room)
        except Refused as e:
            log.info("%s: could not join %s: %s", self.conn.name, room, e)
        except (LinkLost, TimeoutError):
            self._joining.discard(room)

    # ------------------------------------------------------------------ events

    async def _listen(self, conn: Connection) -> None:
        try:
            async for ev in conn.events():
                await self._on_event(ev)
        except LinkClosed as e:
            log.error("%s: %s", conn.name, e)
            raise

    async def _on_event(self, ev: Any) -> None:
        if isinstance(ev, p.RoomState):
            if ev.you is None:
                return
            table = self.tables.setdefault(ev.room, Table(ev.room))
            table.apply(ev)
            self._joining.discard(ev.room)
            await self._advance(table)
        elif isinstance(ev, p.MoveMade):
            seated = self.tables.get(ev.room)
            if seated is not None and seated.seat is not None:
                seated.apply(ev)
                self._send_outbox(seated)
                await self._advance(seated)
        elif isinstance(ev, p.GameOver):
            seated = self.tables.get(ev.room)
            if seated is not None and seated.seat is not None:
                seated.apply(ev)
                self._send_outbox(seated)
                await self._advance(seated)
        elif isinstance(ev, p.RematchOffered):
            seated = self.tables.get(ev.room)
            agree = self._mode.get("mode") in ("lobby", "join") and self._more_wanted()
            if agree and seated is not None and seated.seat is not None and seated.seat not in ev.agreed:
                self._spawn(self._quietly(p.Rematch(room=ev.room)))
        elif isinstance(ev, p.Challenged):
            self._spawn(self._answer_challenge(ev))
        elif isinstance(ev, p.TournamentState):
            await self._on_tournament(ev)
        elif isinstance(ev, LinkUp) and not ev.resumed:
            log.warning("%s: the session was lost with the link; looking for a game again", ev.welcome.name)
            self.tables = {k: t for k, t in self.tables.items() if t.ended}
            self._spawn(self._find_game())
        elif isinstance(ev, CatchingUp):
            log.warning("%s: %s", self.conn.name if self.conn else "", words.catching_up(self.lang))
        elif isinstance(ev, CaughtUp):
            log.warning("%s: %s", self.conn.name if self.conn else "", words.caught_up(ev.after_s, self.lang, ev.ended))
        elif isinstance(ev, p.Error):
            log.warning("server error: %s: %s", ev.code, ev.message)

    def _send_outbox(self, table: Table) -> None:
        """What the room model asked for (a snapshot after a missed move)."""
        for request in table.take_outbox():
            self._spawn(self._quietly(request))

    async def _answer_challenge(self, ch: p.Challenged) -> None:
        """Accept a challenge to a game the bot plays (while it wants more games); decline the rest."""
        take = self._more_wanted() and self.accepts(ch.game, dict(ch.params))
        msg: BaseModel = p.AcceptChallenge(room=ch.room) if take else p.DeclineChallenge(room=ch.room)
        log.info("%s: %s %s's challenge to %s", self.conn.name if self.conn else "", "accepting" if take else
                 "declining", ch.challenger, ch.game)
        await self._quietly(msg)

    async def _on_tournament(self, state: p.TournamentState) -> None:
        """In tournament mode, stop once our tournament has ended and our games are over."""
        if self._mode.get("mode") != "tournament" or state.tournament.tournament != self._mode.get("tournament"):
            return
        if state.tournament.status == "finished":
            self._tournament_over = True
            if all(t.ended for t in self.tables.values()):
                self._done.set()

    async def _advance(self, table: Table) -> None:
        """Start, end or move in ``table`` as its status says."""
        if table.status == "playing" and not table.started:
            table.started = True
            await self.game_started(table)
        if table.status in ("finished", "aborted") and not table.ended:
            table.ended = True
            await self._record(table)
            return
        if table.is_my_turn and table.thinking != table.ply:
            table.thinking = table.ply
            self._spawn(self._move(table, table.ply))

    async def _record(self, table: Table) -> None:
        assert table.seat is not None
        res = table.result
        outcome = res.outcomes[table.seat] if res is not None else "aborted"
        result = GameResult(
            room=table.room,
            game=table.game,
            seat=table.seat,
            outcome=outcome,
            reason=table.reason,
            ending=res.ending if res is not None else "aborted",
            moves=tuple(table.move_list),
            players=tuple(s.player for s in table.seats),
            failure=table.stuck,
            said=end_words(table, self.lang),
        )
        self.results.append(result)
        self._chosen = {k: v for k, v in self._chosen.items() if k[0] != table.room}
        ended = [room for room, t in self.tables.items() if t.ended]
        for room in ended[:-KEEP_ENDED_TABLES]:  # a bot that plays for days keeps only recent tables
            del self.tables[room]
        log.info("%s: game in %s over: %s (%s)", self.conn.name if self.conn else "", table.room, outcome, table.reason)
        await self.game_ended(table, result)
        if not self._more_wanted() or (self._tournament_over and all(t.ended for t in self.tables.values())):
            self._done.set()
        elif self._mode.get("mode") in ("create", "quick"):
            self._spawn(self._find_game())  # the next game the same way (rematch offers are for the other modes)

    def _more_wanted(self) -> bool:
        return self._wanted is None or len(self.results) < self._wanted

    # ------------------------------------------------------------------ moving

    async def _move(self, table: Table, ply: int) -> None:
        conn = self.conn
        assert conn is not None and table.seat is not None
        key = (table.room, ply)
        turn = self._turn(table)
        text = self._chosen.get(key)
        if text is None:
            try:
                text = await self._decide_in_time(turn)
            except Forfeit as e:
                await self._resign(table, str(e), failure=e.failure)
                return
            if text is None:
                log.error("%s: no move for %s at ply %d and no legal moves known", conn.name, table.room, ply)
                table.stuck = i18n.tr(self.lang, "link-sdk-stuck", ply=ply)
                table.thinking = None
                return
            self._chosen[key] = text
        table.stuck = ""
        if table.ply != ply or not table.is_my_turn:
            return
        try:
            await conn.request(p.Move(room=table.room, ply=ply, move=text))
        except Refused as e:
            if e.code == ErrorCode.ILLEGAL_MOVE and self.forfeit_on_failure:
                await self._resign(table, i18n.tr(self.lang, "link-sdk-move-refused", move=repr(text), why=e.message))
            elif e.code == ErrorCode.ILLEGAL_MOVE and turn.legal_moves:
                fallback = self.fallback_move(turn)
                log.warning("%s: %r was refused (%s); playing %r instead", conn.name, text, e.message, fallback)
                if fallback is not None and fallback != text:
                    self._chosen[key] = fallback
                    await self._quietly(p.Move(room=table.room, ply=ply, move=fallback))
            elif e.code == ErrorCode.STALE_PLY:
                # The position moved on (or a copy sent through an outage was played after all): the snapshot
                # tells where.
                table.refused(e.code, e.message, e.room)
                self._send_outbox(table)
            elif e.code == ErrorCode.UNAVAILABLE:
                # Sent again for minutes, still not stored: from the room's state, it is sent again if still due.
                log.warning("%s: move %r in %s: %s; trying again from the room's state", conn.name, text, table.room,
                            e.message)  # fmt: skip
                table.thinking = None
                self._spawn(self._quietly(p.GetState(room=table.room)))
            elif e.code not in (ErrorCode.NOT_YOUR_TURN, ErrorCode.GAME_OVER):
                log.warning("%s: move %r in %s refused: %s", conn.name, text, table.room, e)
        except (LinkLost, TimeoutError):
            # The snapshot after the reconnect says whether it was played; if not, it is sent again.
            table.thinking = None

    def _turn(self, table: Table) -> Turn:
        assert table.seat is not None
        left = table.time_left()
        inc = table.time_control.increment_s if table.time_control else 0.0
        return Turn(
            dict(table.view or {}),
            room=table.room,
            game=table.game,
            params=table.params,
            seat=table.seat,
            ply=table.ply,
            legal_moves=None if table.legal_moves is None else list(table.legal_moves),
            moves=table.move_list,
            time_left=left,
            increment=inc,
            budget=turn_budget(left, inc),
            time_control=table.time_control,
            lang=self.lang or i18n.DEFAULT,
        )

    async def _decide_in_time(self, turn: Turn) -> str | None:
        """``decide``, bounded by the clock: on overtime or failure the fallback move."""
        limit = UNTIMED_LIMIT_S if turn.time_left is None else max(0.0, turn.time_left - CLOCK_RESERVE_S)
        task = asyncio.ensure_future(self.decide(turn))
        try:
            text = await asyncio.wait_for(asyncio.shield(task), limit)
        except TimeoutError:
            task.add_done_callback(_swallow)
            return self._failed(turn, i18n.tr(self.lang, "link-sdk-late", seconds=limit), failure="silent")
        except Forfeit:
            raise
        except Exception as e:
            log.exception("%s: the bot failed to decide at ply %d", turn.room, turn.ply)
            return self._failed(turn, i18n.tr(self.lang, "link-sdk-failed", error=repr(e)))
        if not isinstance(text, str) or not text.strip():
            return self._failed(turn, i18n.tr(self.lang, "link-sdk-not-a-move", text=repr(text)))
        return text.strip()

    def _failed(self, turn: Turn, why: str, *, failure: p.EngineFailure | None = None) -> str | None:
        if self.forfeit_on_failure:
            raise Forfeit(why, failure=failure)
        log.warning("%s: %s at ply %d; playing a fallback move", turn.room, why, turn.ply)
        return self.fallback_move(turn)

    async def _resign(self, table: Table, why: str, *, failure: p.EngineFailure | None = None) -> None:
        """Resign, telling the room why first (a chat line); with ``failure``, as a loss on time."""
        assert self.conn is not None
        log.warning("%s: resigning %s at ply %d: %s", self.conn.name, table.room, table.ply, why)
        await self._quietly(p.ChatSend(room=table.room, text=i18n.tr(self.lang, "link-sdk-resigning", why=why)[:500]))
        await self._quietly(p.Resign(room=table.room, timeout=failure is not None, failure=failure))

    async def _quietly(self, msg: Any) -> None:
        """Send a request whose failure only needs logging."""
        assert self.conn is not None
        try:
            await self.conn.request(msg)
        except (Refused, LinkLost, TimeoutError) as e:
            log.info("%s: %s refused: %s", self.conn.name, getattr(msg, "type", "?"), e)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_report)

    # ------------------------------------------------------------------ command line

    def main(self, argv: Sequence[str] | None = None) -> int:
        """A command line for this bot: ``python my_bot.py --server URL --name NAME [--game G --vs bot:random]``.

        Its help, errors and results are in ``--lang`` (read before the help is built), else the bot's ``lang``,
        else the system's locale."""
        argv = list(sys.argv[1:] if argv is None else argv)
        lang = i18n.pick(_lang_given(argv) or self.lang or i18n.from_env())

        def t(msg_id: str, **words: Any) -> str:
            return i18n.tr(lang, msg_id, **words)

        about = (type(self).__doc__ or "").strip().splitlines()
        parser = argparse.ArgumentParser(description=about[0] if about else t("link-sdk-about"))
        parser.add_argument("--server", action="append", metavar="URL[,URL...]",
                            help=t("link-sdk-help-server", url=DEFAULT_SERVER))
        parser.add_argument("--name", default=self.name, help=t("link-sdk-help-name", name=self.name))
        parser.add_argument("--secret", default=None, help=t("link-sdk-help-secret"))
        parser.add_argument("--game", help=t("link-sdk-help-game"))
        parser.add_argument("--set", dest="settings", action="append", default=[], metavar=t("eng-metavar-set"),
                            help=t("link-sdk-help-set"))
        parser.add_argument("--vs", help=t("link-sdk-help-vs"))
        parser.add_argument("--room", help=t("link-sdk-help-room"))
        parser.add_argument("--code", help=t("link-sdk-help-code"))
        parser.add_argument("--seat", type=int, help=t("link-sdk-help-seat"))
        parser.add_argument("--quick", action="store_true", help=t("link-sdk-help-quick"))
        parser.add_argument("--tournament", metavar="ID", help=t("link-sdk-help-tournament"))
        parser.add_argument("--games", type=int, help=t("link-sdk-help-games"))
        parser.add_argument("--clock", default="none", metavar=t("eng-metavar-min-inc"), help=t("link-sdk-help-clock"))
        parser.add_argument("--lang", metavar=t("eng-metavar-lang-name"), help=t("link-sdk-help-lang"))
        parser.add_argument("-v", "--verbose", action="store_true", help=t("link-sdk-help-verbose"))
        args = parser.parse_args(argv)
        logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(message)s")
        params: dict[str, Any] = {}
        for item in args.settings:
            key, sep, value = item.partition("=")
            if not sep:
                parser.error(t("link-sdk-set-form", item=repr(item)))
            params[key.strip()] = value
        servers = args.server or DEFAULT_SERVER
        try:
            results = self.run(
                servers, args.name, game=args.game, params=params,
                time_control=parse_clock(args.clock),
                vs=args.vs, room=args.room, code=args.code, seat=args.seat, quick=args.quick,
                tournament=args.tournament, games=args.games, secret=args.secret, lang=lang,
            )
        except (ValueError, ClientError) as e:
            print(t("link-sdk-error", why=str(e)), file=sys.stderr)
            return 1
        except (OSError, TimeoutError, WebSocketException) as e:  # (no node answered: the last one tried says why)
            tried = self.conn.urls[-1] if self.conn is not None else str(servers)
            print(t("link-sdk-error", why=why_unreachable(tried, e, lang)), file=sys.stderr)
            return 1
        for r in results:
            outcome = t(f"link-sdk-{r.outcome}" if r.outcome in ("win", "loss", "draw") else "link-sdk-aborted")
            said = {"room": r.room, "game": r.game, "seat": r.seat, "outcome": outcome, "reason": r.said or r.reason}
            print(t("link-sdk-result", **said))
        failed = [r for r in results if r.failure]
        for r in failed:
            print(t("link-sdk-unable", room=r.room, why=r.failure), file=sys.stderr)
        return 1 if failed else 0


def end_words(table: Table, lang: str | None) -> str:
    """Why ``table``'s game ended, in ``lang``: the node's own words in English; in another language the catalog's,
    from the result's ending and outcomes, with the players' names (said without guessing anyone's gender)."""
    if i18n.pick(lang) == i18n.DEFAULT:
        return table.reason
    res = table.result
    if table.status == "aborted" or res is None:
        return i18n.tr(lang, "link-sdk-end-aborted")

    def names(outcome: str) -> str:
        seats = [table.seat_name(i) for i, o in enumerate(res.outcomes) if o == outcome]
        if len(seats) == 1:
            return seats[0]
        return i18n.tr(lang, "link-sdk-and", first=", ".join(seats[:-1]), last=seats[-1])

    if res.ending in ("resign", "flag", "disconnect") and "loss" in res.outcomes:
        return i18n.tr(lang, f"link-sdk-end-{res.ending}", name=names("loss"))
    if res.ending == "draw_agreed":
        return i18n.tr(lang, "link-sdk-end-draw-agreed")
    if "win" in res.outcomes:
        return i18n.tr(lang, "link-sdk-end-won", name=names("win"))
    return i18n.tr(lang, "link-sdk-end-draw")


def _lang_given(argv: Sequence[str]) -> str | None:
    """The tag of ``--lang TAG`` or ``--lang=TAG`` in ``argv`` (the last one), or None."""
    given = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            given = argv[i + 1]
        elif arg.startswith("--lang="):
            given = arg.partition("=")[2]
    return given


class Bot(AsyncBot):
    """Subclass and implement ``choose(view) -> move text``; then ``run(server, name)``.

    ``choose`` runs in a worker thread so a long think does not stop the connection; keep
    to ``view.budget`` seconds (past the clock the SDK plays a random legal move instead).
    """

    @abc.abstractmethod
    def choose(self, view: Turn) -> str:
        """The move to play in ``view`` (text in the game's notation, e.g. ``2:3`` in nim)."""

    async def decide(self, turn: Turn) -> str:
        return await asyncio.to_thread(self.choose, turn)


def _swallow(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


def _report(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("bot task failed", exc_info=task.exception())
