"""One grundy node: composition, life cycle and the routing of every request.

``Node`` holds all shared state (nothing lives in module globals); it is composed from the
ports given to its constructor (``server.ports``: embedded adapters by default, the Redis ones
from ``server.cluster.compose``) and never subclassed.  Greeting is ``server.greeting``,
records ``server.game_records``, ratings ``server.rating_shell``, restoring ``server.restore``.
Its life is explicit:

* :meth:`Node.start` opens the store, starts the bot pool, has the placement port bring back
  the rooms and tournaments this node runs (embedded: every unfinished one, ``server.restore``;
  clocks resume without charging the downtime, players get a fresh grace period), and starts
  listening;
* :meth:`Node.serve_forever` returns once :meth:`Node.request_stop` is called (a signal);
* :meth:`Node.shutdown` is staged: stop accepting, close every connection with 1001 (going
  away) after its queued frames, let every room finish the events it has (so their writes
  land), cancel timers and bot jobs, stop the bot pool, close the store — logging what was
  cancelled.

``GET /health`` on the same port answers a JSON status (503 while stopping), ``GET /metrics`` the
node's metrics in Prometheus' text format (``server.metrics``), ``/admin/...`` (with the admin
secret) lists nodes and rooms, aborts rooms, kicks and bans players and drains the node
(``server.admin``, across the cluster through the fleet port).
"""

from __future__ import annotations

import asyncio
import collections
import gc
import http
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, NamedTuple

from pydantic import BaseModel
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from grundy import protocol as p
from grundy.protocol import SUPPORTED_VERSIONS, ErrorCode
from grundy.server import admin, fast_moves, metrics, web
from grundy.server.actor import GroupCommit, RoomActor, RoomServices
from grundy.server.actor import _FastPending as FastPending
from grundy.server.analysis import Analyst
from grundy.server.background import Background
from grundy.server.config import NodeConfig
from grundy.server.embedded import (
    EmbeddedFleet,
    EmbeddedForwarder,
    EmbeddedListing,
    EmbeddedPlacement,
    EmbeddedPresence,
    EmbeddedResults,
)
from grundy.server.errors import LobbyError, SessionError, refuse
from grundy.server.game_records import get_record
from grundy.server.gateway import CLOSE_GOING_AWAY, Connection
from grundy.server.greeting import SERVER_NAME, Greeting
from grundy.server.lobby import Lobby
from grundy.server.ports import (
    SEAT,
    WATCH,
    BotQueue,
    Delivery,
    Directory,
    Fleet,
    Forwarder,
    Listing,
    Placement,
    Presence,
    Results,
    Router,
    Store,
    StoredMove,
)
from grundy.server.rating_shell import rate
from grundy.server.restore import Restorer
from grundy.server.room import (
    WAITING,
    Abort,
    Disconnect,
    GameEnded,
    RematchAgreed,
    Room,
    Unwatch,
    event_from_message,
)
from grundy.server.room_table import RoomTable
from grundy.server.sessions import Session, Sessions
from grundy.server.store import EmbeddedStore, SQLiteStore
from grundy.server.stored_games import CLOSED_ROOM_REQUESTS, StoredGames, index_game
from grundy.server.transport import CONNECTION_CLASS, send_now

__all__ = ["ROUTES", "SERVER_NAME", "Node", "NodeConfig", "Route"]

log = logging.getLogger("grundy.node")

# A request's handler: answers at once (None), or returns the coroutine that answers it (it needs the store).
Handler = Callable[[Connection, Session, Any], Coroutine[Any, Any, None] | None]


class Route(NamedTuple):
    """Where one client message goes: the part of the node that answers it, and its handler there."""

    message: type[BaseModel]
    core: str  # NODE, GREETING, LOBBY, TOURNAMENTS or ROOM
    handler: str = ""  # a method of that part, called (conn, session, msg); none for ROOM
    greeting: bool = False  # may come before the connection has a session: its handler is called (conn, msg)


NODE, GREETING, LOBBY, TOURNAMENTS, ROOM = "node", "greeting", "lobby", "tournaments", "room"

# The one routing table: every client message of the protocol's registry, once.  A handler answers
# at once (None) or returns the coroutine that answers it (it needs the store).  A ROOM request
# becomes an event for its room's actor (``server.room.event_from_message``), handled in the room's
# order.  tests/server/test_routes.py checks it against the registry and the room's events.
ROUTES: tuple[Route, ...] = (
    Route(p.Hello, GREETING, "greet", greeting=True),
    Route(p.Resume, GREETING, "greet", greeting=True),
    Route(p.Register, GREETING, "register", greeting=True),
    Route(p.GetLeaderboard, LOBBY, "leaderboard", greeting=True),
    Route(p.GetPlayer, LOBBY, "player_profile", greeting=True),
    Route(p.GetPlayerGames, NODE, "_player_games", greeting=True),
    Route(p.Ping, NODE, "_ping"),
    Route(p.ListGames, NODE, "_list_games"),
    Route(p.ListRooms, NODE, "_list_rooms"),
    Route(p.Join, LOBBY, "join"),
    Route(p.Spectate, NODE, "_spectate"),
    Route(p.QuickMatchCancel, LOBBY, "quick_match_cancel"),
    Route(p.GetRecord, NODE, "_get_record"),
    Route(p.Analyze, NODE, "_analyze"),
    Route(p.CreateRoom, LOBBY, "create"),
    Route(p.QuickMatch, LOBBY, "quick_match"),
    Route(p.ListPlayers, LOBBY, "list_players"),
    Route(p.Challenge, LOBBY, "challenge"),
    Route(p.AcceptChallenge, LOBBY, "accept_challenge"),
    Route(p.DeclineChallenge, LOBBY, "decline_challenge"),
    Route(p.CreateTournament, TOURNAMENTS, "create"),
    Route(p.EnterTournament, TOURNAMENTS, "enter"),
    Route(p.Withdraw, TOURNAMENTS, "withdraw"),
    Route(p.StartTournament, TOURNAMENTS, "start"),
    Route(p.ListTournaments, NODE, "_list_tournaments"),
    Route(p.StopTournament, TOURNAMENTS, "stop"),
    Route(p.GetTournament, TOURNAMENTS, "get"),
    Route(p.Leave, ROOM),
    Route(p.Rematch, ROOM),
    Route(p.Move, ROOM),
    Route(p.Resign, ROOM),
    Route(p.OfferDraw, ROOM),
    Route(p.AcceptDraw, ROOM),
    Route(p.DeclineDraw, ROOM),
    Route(p.GetState, ROOM),
    Route(p.ChatSend, ROOM),
)
_GREETINGS = frozenset(r.message for r in ROUTES if r.greeting)
# A stopping cluster node hands the rooms being played over this many at a time, each wave taken over
# before the next: a room waits for one wave's take-over (a tenth of a second or so), not for all of them.
HAND_OVER_WAVE = 50


class ShutdownSteps:
    """The shutdown's log lines, numbered in the order they are written (``shutdown 3/8: ...``).

    One node alone: no new connections, closing the connections, the rooms finish their events, the bot
    workers, the store.  A cluster node hands its rooms over first and lets its clients move before it closes
    their connections, and leaves the cluster last (its leases and keys).
    """

    def __init__(self, hands_over: bool) -> None:
        self.total = 8 if hands_over else 5  # (rooms run elsewhere once this node stops: a cluster's node)
        self.at = 0

    def step(self, what: str, *args: Any) -> None:
        """The next step begins."""
        self.at += 1
        self.more(what, *args)

    def more(self, what: str, *args: Any) -> None:
        """More about the step under way."""
        log.info("shutdown %d/%d: " + what, self.at, self.total, *args)


class Node:
    """A complete grundy server: alone, or one of a cluster's nodes (see the module docstring).

    The ports are given to the constructor; each one not given is the embedded adapter (the
    store is SQLite, the bots a pool of worker processes, and placement, forwarding, presence,
    listing and results are this node's alone).  ``server.cluster.compose`` passes the Redis ones.
    """

    def __init__(
        self,
        config: NodeConfig | None = None,
        *,
        store: Store | None = None,
        bots: BotQueue | None = None,
        delivery: Delivery | None = None,
        directory: Directory | None = None,
        placement: Placement | None = None,
        forwarder: Forwarder | None = None,
        presence: Presence | None = None,
        listing: Listing | None = None,
        results: Results | None = None,
        fleet: Fleet | None = None,
    ) -> None:
        self.config = config or NodeConfig()
        self.room_config = self.config.room_config()
        self._store = store
        self._bots = bots
        self._delivery = delivery
        self._directory = directory
        self._listing = listing
        self._results = results
        self.placement: Placement = placement or EmbeddedPlacement()
        self.forwarder: Forwarder = forwarder or EmbeddedForwarder()
        self.presence: Presence = presence or EmbeddedPresence()
        self.fleet: Fleet = fleet or EmbeddedFleet()  # (grundy admin: server.admin)
        # Made by start(), once the store and the bot queue are there:
        self.sessions: Sessions
        self.rooms: RoomTable
        self.lobby: Lobby
        self.greeting: Greeting
        self.restorer: Restorer
        self.listing: Listing
        self.results: Results
        self.connections: set[Connection] = set()
        self.server: Server | None = None
        self.port: int | None = None
        self.stopping = False
        self.started_at = time.time()
        self._stop = asyncio.Event()
        self._closed = False
        self._composed = False
        self._reapers: dict[str, asyncio.TimerHandle] = {}
        self._gc_before: tuple[int, int, int] | None = None
        self._handlers: dict[type, Handler] = {}  # ROUTES, bound to this node's parts
        self._route: Router = self._route_here  # the forwarder's router (on one node: the node's own)
        # Connections whose earlier request waits for the store: their next requests wait, in order.
        self._backlog: dict[Connection, collections.deque[Any]] = {}
        self.background = Background()
        self.web_files = web.WebFiles()  # the browser client, served on the websocket port
        self.analyst = Analyst()  # hints and reviews for clients without a solver (the web page)
        routed = ((r.message, r.message.model_fields["type"].default) for r in ROUTES)
        self.metrics = metrics.Metrics(lambda: metrics.node_state(self), routed)  # GET /metrics
        self._timed = self.metrics.requests.observe
        self._timed_as = self.metrics.requests.observe_as
        self.fast_move: Callable[[Connection, bytes | bytearray | memoryview], bool] | None = None  # (set by _compose)
        self.move_taker: Any = None  # (set by _compose: server.fast_moves.MoveTaker, or None)

    def _compose(self) -> None:
        """Wire the parts together (once the store and the bot queue exist): the node's only job besides routing."""
        store = self.store
        self.sessions = Sessions(store)
        delivery = self._delivery or self.sessions
        commit = GroupCommit(store)
        # Plain moves take the native room (server.fast_moves) when the room runs on this node and the mover is
        # connected here (a cluster's forwarded moves, and moves for rooms elsewhere, take the router).
        fast = fast_moves.FastRoom is not None
        # (its frames straight to the sockets in C: only with the native send, websockets' internals as tested)
        native_send = fast and fast_moves.deliver is not None and send_now is not None
        local = self.sessions.by_id if delivery is self.sessions and native_send else None
        if local is not None:
            commit.finish_natively(local)
        elif native_send and hasattr(delivery, "native_terms"):  # (a cluster's: other sessions through the port)
            commit.finish_natively(self.sessions.by_id, *delivery.native_terms())
        services = RoomServices(
            store, delivery, self.bots, self, commit, self.background, self.metrics.error, fast, local
        )
        self.fast_move = self.forwarder.frames(self._fast_move if fast else None)
        self.commit = services.commit
        self.rooms = RoomTable(services, self.sessions)
        # The same, for a whole read of a connection's frames in one native call (server.transport).
        if fast and fast_moves.MoveTaker is not None:
            times = self.metrics.requests
            self.move_taker = fast_moves.MoveTaker(
                self.rooms.by_id,
                self._backlog,
                times.by_class[p.Move],
                times.bounds,
                self.config.max_frame_bytes,
                commit,
                FastPending,
                StoredMove,
            )
        self.lobby = Lobby(
            self.config,
            self.sessions,
            self.rooms,
            store,
            self,
            self.room_config,
            self.background,
            self._directory,
            self.placement.rooms_elsewhere,
        )
        tournaments = self.lobby.tournaments
        self.greeting = Greeting(self.config, self.sessions, store, self.lobby, self.rooms, self.presence)
        self.restorer = Restorer(store, self.sessions, self.rooms, tournaments)
        self.stored_games = StoredGames(store, self.sessions)  # (finished games no node runs: from the store)
        self.listing = self._listing or EmbeddedListing(self.lobby)
        self.results = self._results or EmbeddedResults(tournaments)
        parts: dict[str, Any] = {NODE: self, GREETING: self.greeting, LOBBY: self.lobby, TOURNAMENTS: tournaments}

        def bind(route: Route) -> Handler:
            if route.core == ROOM:
                return self._to_room
            handler = getattr(parts[route.core], route.handler)
            return (lambda conn, session, msg: handler(conn, msg)) if route.greeting else handler

        self._handlers = {r.message: bind(r) for r in ROUTES}
        self._route = self.forwarder.router(self._route_here)
        self.fleet.serve(lambda action, args: admin.here(self, action, args))
        self._composed = True

    @property
    def store(self) -> Store:
        assert self._store is not None, "the node has not started"
        return self._store

    @property
    def bots(self) -> BotQueue:
        assert self._bots is not None, "the node has not started"
        return self._bots

    # ================================================================== life cycle

    async def start(self) -> None:
        """Open the store, start the bots, bring back (or claim) the unfinished rooms, listen."""
        cfg = self.config
        if self._store is None:
            if cfg.db != ":memory:":
                os.makedirs(os.path.dirname(os.path.abspath(cfg.db)), exist_ok=True)
            self._store = EmbeddedStore(SQLiteStore(cfg.db))
        if self._bots is None:
            from grundy.server.bots import BotPool

            self._bots = BotPool(cfg.workers, context=cfg.bot_start_method)
        self._store = metrics.MeteredStore(self._store, self.metrics)
        self._bots = metrics.MeteredBots(self._bots, self.metrics)
        self._compose()
        await self.bots.start()
        await self.placement.start(self.restorer)
        self.listing.start()
        self.server = await serve(
            self._connection,
            cfg.host,
            cfg.port,
            process_request=self._http,
            max_size=cfg.hard_frame_bytes,
            max_queue=16,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=5,
            server_header=SERVER_NAME,
            create_connection=CONNECTION_CLASS if cfg.fast_transport else ServerConnection,
        )
        self.port = self.server.sockets[0].getsockname()[1]
        self._tune_gc()
        log.info("listening on ws://%s:%d/ (store %s, %d rooms restored)", cfg.host, self.port, cfg.db, len(self.rooms))

    async def serve_forever(self) -> None:
        """Serve until :meth:`request_stop` (SIGINT/SIGTERM in ``grundy serve``)."""
        await self._stop.wait()

    def request_stop(self) -> None:
        self._stop.set()

    async def shutdown(self) -> None:
        """Staged shutdown; every stage logs what it did and what it had to cancel."""
        if self._closed:
            return
        self._closed = True
        self.stopping = True
        self._stop.set()
        steps = ShutdownSteps(hands_over=self._composed and self.placement.rooms_elsewhere)
        if self._composed:
            self.listing.stop()
            await self._stop_serving(steps)
        if steps.total > steps.at:  # (a cluster node: its leases released, its keys removed, its links closed)
            steps.step("leaving the cluster")
        await self.placement.close()
        log.info("stopped")

    async def _stop_serving(self, steps: ShutdownSteps) -> None:
        timeout = self.config.shutdown_timeout_s
        cancelled: list[str] = []
        handing_over = self.placement.rooms_elsewhere  # (a cluster: other nodes run the rooms on, so they go first)
        if self.server is not None:
            steps.step("no new connections")
            self.server.server.close()
            if handing_over:
                cancelled += await self._hand_rooms_over(timeout, steps)
                cancelled += await self._finish_rooms(timeout, steps)
                await self._let_clients_move(steps)
            conns = list(self.connections)
            steps.step("closing %d connections (1001 going away)", len(conns))
            if conns:
                await asyncio.gather(*(c.shut(CLOSE_GOING_AWAY, "server shutting down", timeout) for c in conns))
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), timeout)
            except TimeoutError:
                log.warning("shutdown: connection handlers still running after %.1f s", timeout)
        if not handing_over or self.server is None:
            cancelled += await self._finish_rooms(timeout, steps)
        for handle in self._reapers.values():
            handle.cancel()
        if cancelled:
            steps.more("cancelled %d: %s", len(cancelled), "; ".join(cancelled))
        await self.analyst.close()
        steps.step("stopping bot workers")
        if self._bots is not None:
            await self._bots.close()
        steps.step("closing the store")
        if self._store is not None:
            await self._store.close()
        if self._gc_before is not None:
            gc.unfreeze()
            gc.set_threshold(*self._gc_before)

    async def _let_clients_move(self, steps: ShutdownSteps) -> None:
        """(a cluster, its rooms handed over): tell every client where the other nodes are
        (``node_leaving``) and carry their requests, forwarded to the rooms' new nodes, while they resume
        there; each connection here closes as its session resumes elsewhere.  So no room waits for its
        players to reconnect: it waited for one take-over.  Those still here after ``leave_grace_s`` are
        closed with the rest."""
        grace = self.config.leave_grace_s
        others = [a for a in self.presence.addresses()[1:] if a]
        conns = [c for c in self.connections if c.session is not None]
        if grace <= 0 or not others or not conns:
            why = "--leave-grace 0" if grace <= 0 else "no other node's address known" if conns else "no client here"
            steps.step("no client told to move (%s)", why)
            return
        frame = p.encode(p.NodeLeaving(nodes=others, within_s=grace))
        for c in conns:
            c.send(frame)
        loop = asyncio.get_running_loop()
        start = loop.time()
        deadline = start + grace
        steps.step("%d clients told to move to %s (at most %.1f s)", len(conns), ", ".join(others), grace)
        while loop.time() < deadline and any(c.session is not None for c in self.connections):
            await asyncio.sleep(0.05)
        left = sum(1 for c in self.connections if c.session is not None)
        steps.more("clients moved in %.2f s, %d still here", loop.time() - start, left)

    async def _hand_rooms_over(self, timeout: float, steps: ShutdownSteps) -> list[str]:
        """(a cluster): the rooms being played go to the other nodes in waves of HAND_OVER_WAVE,
        each wave taken off this node (its requests go to the node that takes it over from now), finished,
        stored, released and taken over before the next: a room waits for its own wave's take-over only,
        not for all of this node's, while the rooms of later waves play on here.  Rooms nobody is
        connected to go last, all at once.  What had to be cancelled."""
        cancelled: list[str] = []

        def order(actor: RoomActor) -> tuple[bool, int]:  # (played first, shorter logs before longer)
            return (not any(seat.connected for seat in actor.room.seats), len(actor.room.moves))

        live = sorted((a for a in self.rooms.values() if a.room.status in ("waiting", "playing")), key=order)
        played = [a for a in live if not order(a)[0]]
        waves = [played[i : i + HAND_OVER_WAVE] for i in range(0, len(played), HAND_OVER_WAVE)]
        played_waves = len(waves)  # (each waited for; the idle rooms' wave is not)
        if len(live) > len(played):
            waves.append(live[len(played) :])
        started = time.perf_counter()
        # (nothing released yet, but from now on the node is leaving: a request for a room taken off it waits
        # for the node that takes the room over, even before its wave is released)
        await self.placement.hand_over([])
        steps.step("%d rooms handed over in %d waves (%d played)", len(live), len(waves), len(played))
        for i, wave in enumerate(waves):
            for actor in wave:
                self.rooms.remove(actor.id)
                cancelled += actor.cancel_pending()
                actor.stop()
            waiting = {a.done: a for a in wave}
            _done, pending = await asyncio.wait(waiting, timeout=timeout)
            for f in pending:
                cancelled.append(f"room {waiting[f].id} ({waiting[f].queued()} events left unprocessed)")
            cancelled += await self._drain_writes(timeout)
            await self.placement.hand_over([a.id for a in wave], wait=i < played_waves)
        steps.more("rooms handed over in %.2f s", time.perf_counter() - started)
        return cancelled

    async def _finish_rooms(self, timeout: float, steps: ShutdownSteps) -> list[str]:
        """The rooms finish their queued events and their writes are stored; then the placement
        hands them over (a cluster node: to the other nodes, at once).  What had to be cancelled."""
        cancelled: list[str] = []
        for actor in self.rooms.values():
            cancelled += actor.cancel_pending()
            actor.stop()
        waiting = {a.done: a for a in self.rooms.values()}
        steps.step("%d rooms finish their queued events", len(waiting))
        if waiting:
            _done, pending = await asyncio.wait(waiting, timeout=timeout)
            for f in pending:
                cancelled.append(f"room {waiting[f].id} ({waiting[f].queued()} events left unprocessed)")
        cancelled += await self._drain_writes(timeout)
        await self.placement.hand_over()
        return cancelled

    async def _drain_writes(self, timeout: float) -> list[str]:
        """The rooms' writes and the background writes stored, each within ``timeout`` (a store that does not
        answer holds no shutdown: what it did not take is named)."""
        cancelled: list[str] = []
        for what, drain in (("the rooms' writes", self.commit.drain), ("the background writes", self.background.drain)):
            try:
                await asyncio.wait_for(drain(), timeout)
            except TimeoutError:
                cancelled.append(f"{what} (not stored in {timeout:.1f} s)")
        return cancelled

    def _tune_gc(self) -> None:
        """Freeze what start-up built (modules, rules tables, restored rooms) and collect less often.

        A full collection walks every live object; at thousands of connections that is a pause
        of a second.  Frozen objects are never walked, and with a large young generation the
        move path's short-lived objects die by reference counting long before a collection.
        """
        young = self.config.gc_young
        if young <= 0:
            return
        tuned = (young, 20, 100)
        before = gc.get_threshold()
        gc.collect()
        gc.freeze()
        if before != tuned:  # (another node in this process may have tuned it already: it restores it)
            self._gc_before = before
            gc.set_threshold(*tuned)

    # ================================================================== rooms

    # The room hooks (``server.ports.RoomHooks``): what the rooms report, by id.

    def members_changed(self, room_id: str, old: Room, new: Room) -> None:
        """Keep each session's seated and created rooms in step with the room."""
        if old.creator != new.creator and old.creator is not None:
            creator = self.sessions.by_id.get(old.creator)
            if creator is not None:
                creator.created.discard(room_id)
        before, after = set(old.sessions()), set(new.sessions())
        for sid in after - before:
            self.sessions.get_or_stub(sid, None).seated.add(room_id)
        for sid in before - after:
            session = self.sessions.by_id.get(sid)
            if session is not None:
                session.seated.discard(room_id)
        self.listing.changed(room_id)  # (first: a list asked for right after the change shows it)
        for sid in after - before:
            self.presence.role(sid, room_id, SEAT)
        for sid in before - after:
            self.presence.role(sid, room_id, None)
        actor = self.rooms.get(room_id)
        if new.status == WAITING and new.is_empty and before and actor is not None:
            actor.put(Abort(time.time(), "every player left before the start"))

    def game_ended(self, room_id: str, ended: GameEnded) -> None:
        """A room's game ended: the ratings of a rated game; the room is kept a while (rematch, chat, snapshots)."""
        log.info("room %s %s: %s", room_id, ended.status, ended.reason)
        actor = self.rooms.get(room_id)
        if actor is not None and actor.room.rated and ended.status == "finished" and ended.result is not None:
            room, outcomes = actor.room, tuple(ended.result["outcomes"])
            self.background.put(f"room {room_id}: ratings", lambda: self._rate(room, outcomes))
        self.lobby.game_ended(room_id, ended)
        self.results.ended(room_id, ended)
        self._remember_watching(room_id, None, False)
        self.listing.changed(room_id)
        if actor is not None and ended.status == "finished":  # (in its players' lists of games)
            room, store, sessions, at = actor.room, self.store, self.sessions, time.time()
            self.background.put(f"room {room_id}: its players' games", lambda: index_game(store, sessions, room, at))
        loop = asyncio.get_running_loop()
        self._reapers[room_id] = loop.call_later(self.config.ended_ttl_s, self._reap, room_id)

    async def _rate(self, room: Room, outcomes: tuple[str, ...]) -> None:
        """Rate a finished rated game, and tell its players and spectators how their ratings moved."""
        rated = await rate(self.store, self.sessions, room, outcomes)
        actor = self.rooms.get(room.id)
        if rated is None or actor is None:
            return
        data = p.encode(rated)
        for sid in dict.fromkeys([*actor.room.sessions(), *actor.room.watchers]):
            actor.send_to_session(sid, data)

    def rematch_agreed(self, old: Room, agreed: RematchAgreed) -> None:
        self.lobby.rematch(old, agreed)

    def watching_changed(self, room_id: str, session_id: str, watching: bool, lasting: bool) -> None:
        """A spectator came or went; a lasting change is kept for resuming (and in the store, for restarts)."""
        if not lasting:
            return
        session = self.sessions.by_id.get(session_id)
        if session is not None:
            (session.watching.add if watching else session.watching.discard)(room_id)
        self._remember_watching(room_id, session_id, watching)
        self.presence.role(session_id, room_id, WATCH if watching else None)

    def _remember_watching(self, room_id: str, session: str | None, watching: bool) -> None:
        """Keep the store's spectators in step (``session`` None: forget them all), in the background."""
        store = self.store
        if session is None:
            self.background.put(f"room {room_id}: forget its spectators", lambda: store.clear_watchers(room_id))
        else:
            self.background.put(
                f"room {room_id}: spectator {session}", lambda: store.set_watching(room_id, session, watching)
            )

    def _reap(self, room_id: str) -> None:
        self._reapers.pop(room_id, None)
        actor = self.rooms.remove(room_id)
        self.placement.released(room_id)
        if actor is None:
            return
        actor.cancel_pending()
        actor.stop()
        for sid in {*actor.room.sessions(), *actor.room.watchers}:
            self.presence.role(sid, room_id, None)
        for sid in {*actor.room.sessions(), *actor.room.watchers, actor.room.creator}:
            session = self.sessions.by_id.get(sid) if sid is not None else None
            if session is not None:
                session.seated.discard(room_id)
                session.watching.discard(room_id)
                session.created.discard(room_id)

    # ================================================================== connections

    async def _connection(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self)
        self.connections.add(conn)
        try:
            await conn.serve()
        finally:
            self.connections.discard(conn)
            self._disconnected(conn)

    def _disconnected(self, conn: Connection) -> None:
        session = conn.session
        if session is None or session.conn is not conn:
            return
        session.conn = None
        self.background.put(f"session {session.id}: out of the quick-match queue", lambda: self.lobby.cancel(session))
        self.presence.gone(session)  # (other nodes hear of it later, in the background)
        if self.stopping:
            return
        now = time.time()
        for rid in session.seated:
            actor = self.rooms.get(rid)
            if actor is not None:
                actor.put(Disconnect(session.id, now))
        for rid in session.watching:
            actor = self.rooms.get(rid)
            if actor is not None:
                actor.put(Unwatch(session.id, now))
        if not (session.seated or session.created or session.watching):
            self.sessions.by_id.pop(session.id, None)
            self.sessions.by_token.pop(session.token, None)

    def _http(self, ws: ServerConnection, request: Request) -> Response | Awaitable[Response] | None:
        """``GET /health``: a JSON status on the websocket port; other plain requests get the web client
        (``server.web``); websocket upgrades go on to the handshake."""
        path = request.path.split("?")[0]
        if path == "/metrics" and not web.is_upgrade(request):
            return self._metrics_page(request)
        if path.startswith("/admin/") and not web.is_upgrade(request):
            return admin.respond(self, request, ws.remote_address)
        if path != "/health":
            return web.respond(self.web_files, request)
        rooms = [a.room for a in self.rooms.values()]
        body = {
            "status": "stopping" if self.stopping else "ok",
            "server": SERVER_NAME,
            "protocol": list(SUPPORTED_VERSIONS),
            "uptime_s": round(time.time() - self.started_at, 3),
            "connections": len(self.connections),
            "sessions_online": sum(1 for s in self.sessions.by_id.values() if s.conn is not None),
            "rooms": {
                status: sum(1 for r in rooms if r.status == status)
                for status in ("waiting", "playing", "finished", "aborted")
            },
            "bot_workers": list(getattr(self._bots, "pids", list)()),
            "bot_jobs": sum(1 for a in self.rooms.values() if a.bot_task is not None and not a.bot_task.done()),
            "queued_events": sum(a.queued() for a in self.rooms.values()),
        }
        status = http.HTTPStatus.SERVICE_UNAVAILABLE if self.stopping else http.HTTPStatus.OK
        headers = Headers([("Content-Type", "application/json"), ("Cache-Control", "no-store")])
        return Response(status.value, status.phrase, headers, json.dumps(body).encode())

    def _metrics_page(self, request: Request) -> Response:
        """``GET /metrics``: every metric of this node, in Prometheus' text format (``server.metrics``)."""
        if request.method not in ("GET", "HEAD"):
            return web.respond(self.web_files, request)  # (405, as for every page)
        body = self.metrics.render()
        headers = Headers(
            [("Content-Type", metrics.CONTENT_TYPE), ("Cache-Control", "no-store"), ("Content-Length", str(len(body)))]
        )
        return Response(http.HTTPStatus.OK.value, "OK", headers, b"" if request.method == "HEAD" else body)

    # ================================================================== requests

    def dispatch(self, conn: Connection, msg: Any) -> None:
        """Answer one decoded request, a refusal or a failure included (``server.errors.refuse``); never raises.

        A request that needs the store (``hello``, ``resume``, a record from the store, ...) is
        answered by a task; the connection's next requests wait behind it, so every connection's
        requests are handled in the order they came.
        """
        backlog = self._backlog.get(conn)
        if backlog is not None:
            backlog.append(msg)
            return
        started = time.perf_counter()
        try:
            pending = self._route(conn, msg)
        except Exception as e:
            refuse(conn, e, msg)
            pending = None
        if pending is None:
            self._timed(msg, started)
        else:
            self._backlog[conn] = collections.deque()
            task = self._finish(conn, msg, pending, started)
            asyncio.get_running_loop().create_task(task, name=f"request {msg.type}")

    def _fast_move(self, conn: Connection, frame: bytes | bytearray | memoryview) -> bool:
        """A frame that is a plain move a native room takes (server.fast_moves): taken, True; else False.

        False leaves everything as it was: the frame then takes the codec and :meth:`dispatch`.
        """
        session = conn.session
        if session is None or conn in self._backlog:
            return False
        started = time.perf_counter()
        now = time.time()
        taken = fast_moves.try_move(self.rooms.by_id, frame, self.config.max_frame_bytes, session.id, now)
        if taken is None:
            return False
        actor, seat, ply, text, ref, message0, message1 = taken
        actor.fast_moved(seat, ply, text, now, ref, session.id, (message0, message1))
        self._timed_as(p.Move, started)
        return True

    def forwarded_move(self, link: Any, session_id: str, frame: bytes) -> bool:
        """A frame passed on from another node for ``session_id`` (connected there; ``link``: its stand-in
        connection here, or None) that is a plain move a native room here takes: taken, True; else False
        (the frame then takes the codec and :meth:`dispatch` as any forwarded request)."""
        if link is not None and link in self._backlog:
            return False
        taker = self.move_taker
        if taker is not None:  # (the same, in C)
            return bool(taker.take_frame(frame, session_id))
        started = time.perf_counter()
        now = time.time()
        taken = fast_moves.try_move(self.rooms.by_id, frame, self.config.max_frame_bytes, session_id, now)
        if taken is None:
            return False
        actor, seat, ply, text, ref, message0, message1 = taken
        actor.fast_moved(seat, ply, text, now, ref, session_id, (message0, message1))
        self._timed_as(p.Move, started)
        return True

    def taken_as_move(self, started: float) -> None:
        """A request taken as a ``move`` without its model being routed (the cluster's forwarded frames): timed."""
        self._timed_as(p.Move, started)

    def waits_behind(self, conn: Any) -> bool:
        """Whether a connection's earlier request waits for the store (its next requests wait behind it)."""
        return conn in self._backlog

    def _route_here(self, conn: Connection, msg: Any) -> Coroutine[Any, Any, None] | None:
        """A request goes to its handler on this node by :data:`ROUTES` (the forwarder's router wraps this)."""
        session = conn.session
        if session is None and type(msg) not in _GREETINGS:
            raise SessionError(ErrorCode.NOT_AUTHENTICATED, "say hello (or resume) first", msg.ref)
        handler = self._handlers.get(type(msg))
        if handler is None:
            raise LookupError(f"no route for {msg.type!r}")  # a fault: every client message has a route
        return handler(conn, session, msg)

    def _to_room(self, conn: Connection, session: Session, msg: Any) -> Coroutine[Any, Any, None] | None:
        """A ROOM request: an event for its room's actor (of a finished game no node runs: ``server.stored_games``)."""
        if msg.room not in self.rooms and isinstance(msg, CLOSED_ROOM_REQUESTS):
            return self.stored_games.closed_room(conn, session, msg)
        actor = self.rooms.require(msg.room, msg.ref)
        now = time.time()
        if isinstance(msg, p.Rematch) and self.stopping:
            raise LobbyError(ErrorCode.SHUTTING_DOWN, "the server is stopping: no new rooms", msg.ref)
        event = event_from_message(msg, session.id, now, name=session.name)
        if event is None:
            raise LookupError(f"no room event for {msg.type!r}")  # a fault, as above
        actor.deliver(event)

    async def _finish(self, conn: Connection, msg: Any, pending: Coroutine[Any, Any, None], started: float) -> None:
        """Await a request's answer, then handle the connection's requests that waited behind it, in order.

        (A request that waited behind another is timed from when its turn came.)
        """
        try:
            while True:
                try:
                    await pending
                except Exception as e:
                    refuse(conn, e, msg)
                self._timed(msg, started)
                backlog = self._backlog[conn]
                while backlog:
                    msg = backlog.popleft()
                    started = time.perf_counter()
                    try:
                        later = self._route(conn, msg)
                    except Exception as e:
                        refuse(conn, e, msg)
                        later = None
                    if later is not None:
                        pending = later
                        break
                    self._timed(msg, started)
                else:
                    return
        finally:
            self._backlog.pop(conn, None)

    def _ping(self, conn: Connection, session: Session, msg: p.Ping) -> None:
        conn.send_message(p.Pong(ref=msg.ref, server_time=time.time()))

    def _list_games(self, conn: Connection, session: Session, msg: p.ListGames) -> None:
        conn.send_message(p.Games(ref=msg.ref, games=self.lobby.games()))

    def _list_rooms(self, conn: Connection, session: Session, msg: p.ListRooms) -> Coroutine[Any, Any, None] | None:
        return self.listing.rooms(conn, msg)

    def _list_tournaments(
        self, conn: Connection, session: Session, msg: p.ListTournaments
    ) -> Coroutine[Any, Any, None] | None:
        return self.listing.tournaments(conn, session, msg)

    def _get_record(self, conn: Connection, session: Session, msg: p.GetRecord) -> Coroutine[Any, Any, None]:
        return get_record(self.store, self.rooms, conn, session, msg)

    def _spectate(self, conn: Connection, session: Session, msg: p.Spectate) -> Coroutine[Any, Any, None] | None:
        """Watch a room; a finished one no node runs is read from the store (``server.stored_games``)."""
        if msg.code is None and msg.room is not None and msg.room not in self.rooms:
            return self.stored_games.spectate(conn, session, msg)
        if msg.code is not None and msg.room is None and self.rooms.by_code(msg.code) is None:
            return self.stored_games.spectate(conn, session, msg)  # (a finished game's link: its code lasts)
        return self.lobby.spectate(conn, session, msg)

    def _player_games(self, conn: Connection, msg: p.GetPlayerGames) -> Coroutine[Any, Any, None]:
        return self.stored_games.player_games(conn, msg)

    def _analyze(self, conn: Connection, session: Session, msg: p.Analyze) -> Coroutine[Any, Any, None] | None:
        if msg.room not in self.rooms:  # (a finished game no node runs: from the store)
            return self._analyze_stored(conn, session, msg)
        self.analyst.request(conn, session, msg, self.rooms)
        return None

    async def _analyze_stored(self, conn: Connection, session: Session, msg: p.Analyze) -> None:
        self.analyst.answer(conn, session, msg, await self.stored_games.room(msg.room, msg.ref))
