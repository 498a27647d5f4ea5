"""One grundy node: it composes its parts and routes every request.

``Node`` holds all shared state (nothing lives in module globals); it is composed from the
ports given to its constructor (``server.ports``: embedded adapters by default, the Redis ones
from ``server.cluster.compose``) and never subclassed.  The routing table is ``server.routes``;
greeting is ``server.greeting``, records ``server.game_records``, ratings ``server.rating_shell``,
restoring ``server.restore``, what the rooms report ``server.room_events``.  Its life:

* :meth:`Node.start` opens the store, starts the bot pool, has the placement port bring back
  the rooms and tournaments this node runs (embedded: every unfinished one, ``server.restore``;
  clocks resume without charging the downtime, players get a fresh grace period), and starts
  listening;
* :meth:`Node.serve_forever` returns once :meth:`Node.request_stop` is called (a signal);
* :meth:`Node.shutdown` is staged (``server.lifecycle``: drain, hand-over in waves, client migration).

``GET /health`` and ``GET /metrics`` are ``server.health``; ``/admin/...`` (with the admin secret) is
``server.admin``, across the cluster through the fleet port.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server import admin, health, metrics, web
from grundy.server.actor import GroupCommit, RoomServices
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
from grundy.server.gateway import Connection, ready_outlet
from grundy.server.greeting import SERVER_NAME, Greeting
from grundy.server.lifecycle import Collector, Shutdown
from grundy.server.lobby import Lobby
from grundy.server.native import Native
from grundy.server.ports import (
    BotQueue,
    Delivery,
    Directory,
    Fleet,
    Forwarder,
    Listing,
    NodeParts,
    Placement,
    Presence,
    Results,
    Router,
    Store,
)
from grundy.server.restore import Restorer
from grundy.server.room import (
    event_from_message,
)
from grundy.server.room_events import RoomEvents
from grundy.server.room_table import RoomTable
from grundy.server.routes import (
    GREETING,
    GREETINGS,
    LOBBY,
    NODE,
    ROOM,
    ROUTES,
    TOURNAMENTS,
    Handler,
    Route,
    free_analysis,
)
from grundy.server.sessions import Session, Sessions
from grundy.server.store import EmbeddedStore, SQLiteStore
from grundy.server.stored_games import CLOSED_ROOM_REQUESTS, StoredGames
from grundy.server.transport import CONNECTION_CLASS, _binary_frame

__all__ = ["ROUTES", "SERVER_NAME", "Node", "NodeConfig", "Route"]

log = logging.getLogger("grundy.node")


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
        self.native = Native(self.config.native)  # the node's native code, handed to its parts (server/native.py)
        self.frame = self.native.binary_frame or _binary_frame  # (what the gateway's connections frame with)
        self.decode_move = self.native.decode_move if self.native.wire else None
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
        self._collector = Collector()  # (tuned once the node has started)
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
        self.move_taker: Any = None  # (set by _compose: server/native.py MoveTaker, or None)

    def _compose(self) -> None:
        """Wire the parts together (once the store and the bot queue exist): the node's only job besides routing."""
        store = self.store
        self.analyst.store = store  # (puzzles from real games, and who solved which)
        self.sessions = Sessions(store)
        delivery = self._delivery or self.sessions
        commit = GroupCommit(store)
        # Plain moves take the native room (server/native.py) when the room runs on this node and the mover is
        # connected here (a cluster's forwarded moves, and moves for rooms elsewhere, take the router).
        native = self.native
        # What the rooms report (``server.room_events``): the rooms, lobby, listing and results come below.
        events = RoomEvents(
            self.config, self.sessions, store, self.background, self.placement, self.presence, lambda: self.stopping
        )
        # The native twins write a seat's frames through its connection's outlet here (server/native.py) while a write
        # there is all the delivery would do: the forwarder holds a session's outlet while it has requests out.
        outlets = self.forwarder.outlets(lambda sid: ready_outlet(self.sessions.by_id.get(sid)))
        services = RoomServices(
            store, delivery, self.bots, events, commit, self.background, self.metrics.error, native, outlets,
            self.sessions.lang_of,
        )
        self.commit = services.commit
        self.rooms = RoomTable(services, self.sessions)
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
        self.listing = self._listing or EmbeddedListing()
        self.results = self._results or EmbeddedResults()
        events.serve(self.rooms, self.lobby, self.listing, self.results)
        self.events = events
        # Each port is given the node's parts it uses, once (none reaches through the node).
        parts = NodeParts(
            config=self.config,
            rooms=self.rooms,
            sessions=self.sessions,
            lobby=self.lobby,
            tournaments=tournaments,
            background=self.background,
            requests=self,
            stopping=lambda: self.stopping,
            count_error=self.metrics.error,
            port=lambda: self.port,
            native=native,
        )
        for port in (self.placement, self.forwarder, self.presence, self.listing, self.results):
            port.attach(parts)
        # The gateway's taker of undecoded frames: the native room's plain moves, then the forwarder's.
        self.fast_move = self.forwarder.frames(self._fast_move if native.room else None)
        # The same, for a whole read of a connection's frames (server.transport; the forwarder's part is set now).
        self.move_taker = native.move_taker(self._backlog, self._timed_as, self.config.max_frame_bytes, commit.add_fast)
        cores: dict[str, Any] = {NODE: self, GREETING: self.greeting, LOBBY: self.lobby, TOURNAMENTS: tournaments}

        def bind(route: Route) -> Handler:
            if route.core == ROOM:
                return self._to_room
            handler = getattr(cores[route.core], route.handler)
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
            create_connection=CONNECTION_CLASS,
        )
        self.port = self.server.sockets[0].getsockname()[1]
        self._collector.tune(cfg.gc_young)
        log.info("listening on ws://%s:%d/ (store %s, %d rooms restored)", cfg.host, self.port, cfg.db, len(self.rooms))

    async def serve_forever(self) -> None:
        """Serve until :meth:`request_stop` (SIGINT/SIGTERM in ``grundy serve``)."""
        await self._stop.wait()

    def request_stop(self) -> None:
        self._stop.set()

    async def shutdown(self) -> None:
        """Staged shutdown (``server.lifecycle.Shutdown``); every stage logs what it did and had to cancel."""
        if self._closed:
            return
        self._closed = True
        self.stopping = True
        self._stop.set()
        if self._composed:
            self.listing.stop()
            drains = [("the rooms' writes", self.commit.drain), ("the background writes", self.background.drain)]
            closers = [(None, self.events.stop), (None, self.analyst.close), ("stopping bot workers", self.bots.close)]
            closers += [("closing the store", self.store.close), (None, self._collector.restore)]
            parts = (self.config, self.server, self.connections, self.rooms, self.placement, self.presence)
            shutdown = Shutdown(*parts, drains, closers)
            await shutdown.run()
            shutdown.leave()
        await self.placement.close()
        log.info("stopped")

    # ================================================================== connections

    async def _connection(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self)
        self.connections.add(conn)
        try:
            await conn.serve()
        finally:
            self.connections.discard(conn)
            self.events.disconnected(conn)

    def _http(self, ws: ServerConnection, request: Request) -> Response | Awaitable[Response] | None:
        """``GET /health`` and ``/metrics`` (``server.health``) and ``/admin/...`` (``server.admin``) on the
        websocket port; other plain requests get the web client (``server.web``); upgrades go on to the handshake."""
        path = request.path.split("?")[0]
        if path == "/metrics" and not web.is_upgrade(request):
            return health.metrics_page(self.metrics, self.web_files, request)
        if path.startswith("/admin/") and not web.is_upgrade(request):
            return admin.respond(self, request, ws.remote_address)
        if path != "/health":
            return web.respond(self.web_files, request)
        workers = [] if self._bots is None else self._bots.pids()
        actors = list(self.rooms.values())
        sessions = self.sessions.by_id.values()
        return health.health(self.stopping, self.started_at, len(self.connections), sessions, actors, workers)

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
        """A frame that is a plain move a native room takes (server/native.py): taken, True; else False.

        False leaves everything as it was: the frame then takes the codec and :meth:`dispatch`.
        """
        session = conn.session
        if session is None or conn in self._backlog:
            return False
        started = time.perf_counter()
        now = time.time_ns() // 1000 / 1e6  # (whole microseconds, as the move taker's: cheap in a cluster's log)
        taken = self.native.try_move(frame, self.config.max_frame_bytes, session.id, now)
        if taken is None:
            return False
        self.commit.add_fast([taken], now, session.id)
        self._timed_as(p.Move, started)
        return True

    def forwarded_move(self, link: Any, session_id: str, frame: bytes) -> bool:
        """A frame passed on from another node for ``session_id`` (connected there; ``link``: its stand-in
        connection here, or None) that is a plain move a native room here takes: taken, True; else False
        (the frame then takes the codec and :meth:`dispatch` as any forwarded request)."""
        if link is not None and link in self._backlog:
            return False
        taker = self.move_taker
        return taker is not None and taker.take_frame(frame, session_id)

    def taken_as_move(self, started: float) -> None:
        """A request taken as a ``move`` without its model being routed (the cluster's forwarded frames): timed."""
        self._timed_as(p.Move, started)

    def waits_behind(self, conn: Any) -> bool:
        """Whether a connection's earlier request waits for the store (its next requests wait behind it)."""
        return conn in self._backlog

    def _route_here(self, conn: Connection, msg: Any) -> Coroutine[Any, Any, None] | None:
        """A request goes to its handler on this node by :data:`ROUTES` (the forwarder's router wraps this)."""
        session = conn.session
        if session is None and type(msg) not in GREETINGS and not free_analysis(msg):
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
        return None

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

    def _list_games(self, conn: Connection, msg: p.ListGames) -> None:
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

    def _analyze(self, conn: Connection, session: Session | None, msg: p.Analyze) -> Coroutine[Any, Any, None] | None:
        if msg.room is None:  # any position of any game: no room, no session needed
            self.analyst.request_free(conn, msg, self.lobby.check_size, session.player if session else None)
            return None
        assert session is not None
        if msg.room not in self.rooms:  # (a finished game no node runs: from the store)
            return self._analyze_stored(conn, session, msg)
        self.analyst.request(conn, session, msg, self.rooms)
        return None

    async def _analyze_stored(self, conn: Connection, session: Session, msg: p.Analyze) -> None:
        self.analyst.answer(conn, session, msg, await self.stored_games.room(msg.room, msg.ref))
