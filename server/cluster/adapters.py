"""The Redis adapters of the node's ports: placement, forwarding, presence, listing and results.

Each is given, when it is made, the parts of the node's :class:`.shell.Cluster` it uses (leases,
forwarding, the session registry, the listings, ...), and, when the node composes (``attach``), the
node's parts it uses (``server.ports.NodeParts``): none reaches through the node.
:class:`ClusterAdapters` makes them all over one cluster, in one pass, and is what the cluster calls
back (``.shell.ClusterHost``): it hands each call to the adapter it belongs to.

* :class:`RedisPlacement` — at start it restores nothing: unfinished rooms belong to the nodes
  that hold their leases, and a room whose node died is taken over by the first node that
  sweeps for it or needs it; a room whose lease another node took is dropped at once;
* :class:`RedisForwarder` — a request naming a room run elsewhere (by id, or by join code) or a
  tournament run elsewhere goes to that node, and is answered from there on the session's channel
  (a plain move goes as the client's frame, and the native move path takes it there when it can);
* :class:`RedisPresence` — a session's connection and resumption are announced to the rooms it
  sits in wherever they run, and a resumed session's older connection on another node is closed;
* :class:`RedisListing` — the room list of every node, and the tournaments from their stored state;
* :class:`RedisResults` — a tournament game's end goes to the node that runs the tournament;
* :class:`RedisFleet` — an administrator's listings and actions reach every live node (over their inboxes).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any

import msgpack

from grundy import protocol as p
from grundy.server import tournaments as tournaments_shell
from grundy.server.cluster.asks import Asks
from grundy.server.cluster.forwarding import AnswerOnce, ClusterDelivery, Forwards
from grundy.server.cluster.leases import Leases
from grundy.server.cluster.listings import Listings
from grundy.server.cluster.members import Members
from grundy.server.cluster.outage import Background, Outage
from grundy.server.cluster.registry import SessionRegistry
from grundy.server.cluster.shell import Cluster
from grundy.server.cluster.store import RedisStore
from grundy.server.cluster.terms import MAX_HOPS, SEATED, UNREACHABLE, WATCHING, bounded
from grundy.server.errors import refuse, unanswered_message
from grundy.server.gateway import close_words
from grundy.server.lobby import listed
from grundy.server.logs import SESSION
from grundy.server.ports import (
    AdminAction,
    FrameTaker,
    NodeParts,
    OutletFinder,
    Requests,
    Restoring,
    Router,
    StoredRoom,
)
from grundy.server.room import Disconnect, GameEnded, Hold, Reconnect, Release, Room, Unwatch, Wake, Watch
from grundy.server.sessions import Session
from grundy.server.tournament import Tournament, TournamentError, present
from grundy.server.tournaments import MAX_LISTED_TOURNAMENTS

if TYPE_CHECKING:
    from grundy.server.background import Background as NodeBackground
    from grundy.server.config import NodeConfig
    from grundy.server.lobby import Lobby
    from grundy.server.room_table import RoomTable
    from grundy.server.sessions import Sessions
    from grundy.server.tournaments import Tournaments

__all__ = [
    "ClusterAdapters",
    "RedisFleet",
    "RedisForwarder",
    "RedisListing",
    "RedisPlacement",
    "RedisPresence",
    "RedisResults",
]

log = logging.getLogger("grundy.cluster.node")  # (the name the logs have always used)

LIST_EVERY_S = 5.0  # a node's whole room list is written again this often (changes are written at once)
# Requests that make a room or a tournament: refused ``unavailable`` at once in an outage (or settling after one),
# before anything is made in memory that could not be stored (a room acknowledged, and stored nowhere).
MAKES_A_ROOM: frozenset[type] = frozenset({p.CreateRoom, p.Challenge, p.QuickMatch, p.Rematch, p.CreateTournament})


class RemoteLink:
    """A session connected to another node, as a forwarded request's connection: its answers go to its channel."""

    def __init__(self, delivery: ClusterDelivery, session: Session, count_error: Callable[[Any], None]) -> None:
        self.delivery = delivery
        self.session = session
        self.count_error = count_error  # (metrics: errors by code)
        self.version = p.PROTOCOL_VERSION
        self.hops = 0  # how often the request being handled was passed on between nodes already

    def send(self, data: bytes) -> None:
        self.delivery.send(self.session.id, data)

    def send_message(self, msg: Any) -> None:
        if type(msg) is p.Error:
            self.count_error(msg.code)
        self.send(p.encode(msg))

    def close(self, code: int, reason: str) -> None:  # (the connection is another node's to close)
        pass


# ====================================================================== placement


class RedisPlacement:
    """Rooms and tournaments run by the node that holds their lease (``.leases.Leases``); it starts and stops
    the node's part in the cluster (``.shell.Cluster``), with ``calls`` (the adapters) as the node's side."""

    rooms_elsewhere = True
    rooms: RoomTable
    sessions: Sessions
    tournaments: Tournaments
    config: NodeConfig
    port: Callable[[], int | None]
    lobby: Lobby

    def __init__(self, cluster: Cluster, calls: ClusterAdapters, listing: RedisListing) -> None:
        self.cluster = cluster
        self.node_id = cluster.node_id
        self.calls = calls
        self.listing = listing
        self.restorer: Restoring | None = None
        self.held_since: float | None = None  # moves cannot be stored since then (an outage): the rooms are held

    def attach(self, parts: NodeParts) -> None:
        self.rooms, self.sessions, self.tournaments = parts.rooms, parts.sessions, parts.tournaments
        self.config, self.port, self.lobby = parts.config, parts.port, parts.lobby

    async def start(self, restorer: Restoring) -> None:
        """Nothing to restore at start: rooms are taken over from their log when their lease lapses."""
        self.restorer = restorer
        await self.cluster.start(self.calls, self.address)

    def address(self) -> str:
        """Where clients reach this node: ``--public-url``, else its host and port (none for a wildcard host)."""
        config = self.config
        if config.public_url:
            return config.public_url
        port = self.port() or config.port  # (port 0: known once the node listens)
        if config.host in ("", "0.0.0.0", "::") or not port:
            return ""
        host = f"[{config.host}]" if ":" in config.host else config.host
        return f"ws://{host}:{port}/"

    async def hand_over(self, rooms: list[str] | None = None, wait: bool = False) -> None:
        """Stopping, these rooms (None: every one held) finished and stored: release them and tell the other
        nodes, which take them over at once; with ``wait``, return once they have (at most a lease).
        Redis not answering holds no shutdown: the leases then lapse, and the rooms are taken over after them."""
        bound = 5.0 + (self.cluster.lease_ms / 1000 if wait else 0.0)
        what = "shutdown: handing the rooms over (if not, they are taken over once their leases lapse)"
        await bounded(what, self.cluster.leases.hand_over(rooms, wait), bound)

    async def close(self) -> None:
        await self.cluster.close()

    def released(self, room_id: str) -> None:
        self.cluster.background(f"room {room_id}: release", self.cluster.store.leases.release(room_id))

    async def restore_room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool:
        """(from the cluster) Run a room taken over from its log here (held, if run again during an outage)."""
        assert self.restorer is not None
        restored = await self.restorer.room(stored, watchers)
        actor = self.rooms.get(stored.id) if restored and self.held_since is not None else None
        if actor is not None:
            actor.put(Hold(time.time()))
        return restored

    def hold_rooms(self, since: float) -> None:
        """(from the cluster) Moves cannot be stored from ``since`` on (an outage): every room's clock and
        deadlines stand still until :meth:`release_rooms` (``Room`` ``Hold``)."""
        if self.held_since is not None:
            return
        self.held_since = since
        rooms = self.rooms.values()
        for actor in rooms:
            actor.put(Hold(since))
        log.info("clocks of %d rooms held: moves cannot be stored", sum(1 for a in rooms if not a.room.is_ended))

    def release_rooms(self) -> None:
        """(from the cluster) Moves can be stored again: every room's clock runs on from now, charged nothing
        for the time held."""
        if self.held_since is None:
            return
        now = time.time()
        held_s, self.held_since = now - self.held_since, None
        rooms = self.rooms.values()
        for actor in rooms:
            actor.put(Release(now))
        live = sum(1 for a in rooms if not a.room.is_ended)
        log.info("clocks of %d rooms run on, %.1f s held charged to nobody", live, held_s)

    def wake_room(self, rid: str, online: set[str]) -> None:
        """A room taken over: its members connected anywhere are back at once (they get its state).  Its players
        are not announced as back (``Wake``): as far as anyone was told, they never left."""
        actor = self.rooms.get(rid)
        if actor is None:
            return
        now = time.time()
        room = actor.room
        seated = frozenset(sid for sid in online if room.seat_of(sid) is not None)
        if seated:
            actor.put(Wake(seated, now))
        for sid in sorted(online - seated):
            actor.put(Watch(sid, now, invited=True))
            self.cluster.background(f"session {sid}: a device of a seat in {rid}?", self.lobby.rewatch(sid, actor))

    def drop_room(self, rid: str) -> None:
        """Another node holds this room now: stop running it here (without writing: the log is not ours)."""
        actor = self.rooms.remove(rid)
        if actor is None:
            return
        self.listing.changed(rid)
        actor.cancel_pending()
        actor.stop()
        for sid in {*actor.room.sessions(), *actor.room.watchers}:
            session = self.sessions.by_id.get(sid)
            if session is not None:
                session.seated.discard(rid)
                session.watching.discard(rid)

    async def restore_tournament(self, data: dict[str, Any]) -> bool:
        assert self.restorer is not None
        return await self.restorer.tournament(data)

    def drop_tournament(self, tid: str) -> None:
        self.tournaments.drop(tid)


# ====================================================================== forwarding


class RedisForwarder:
    """Requests about rooms and tournaments run on other nodes go there (``.forwarding.Forwards``)."""

    config: NodeConfig
    rooms: RoomTable
    sessions: Sessions
    tournaments: Tournaments
    requests: Requests
    stopping: Callable[[], bool]
    count_error: Callable[[Any], None]

    def __init__(
        self, forwards: Forwards, leases: Leases, outage: Outage, delivery: ClusterDelivery, background: Background
    ) -> None:
        self.forwards = forwards
        self.leases = leases
        self.outage = outage
        self.delivery = delivery
        self.background = background
        self.node_id = leases.node_id
        self.owners = leases.owners  # (the rooms other nodes run, as this node remembers them)
        self._links: dict[str, RemoteLink] = {}
        self._here: Router

    def attach(self, parts: NodeParts) -> None:
        self.config, self.rooms, self.sessions = parts.config, parts.rooms, parts.sessions
        self.tournaments, self.requests, self.stopping = parts.tournaments, parts.requests, parts.stopping
        self.count_error, self.native = parts.count_error, parts.native

    def router(self, here: Router) -> Router:
        self._here = here
        return self._route

    def frames(self, here: FrameTaker | None) -> FrameTaker | None:
        """The gateway's taker of undecoded frames: the node's native move path (``here``), then a plain move
        for a room this node remembers running elsewhere, passed on as the client sent it (:meth:`_pass_on`).
        The node's move taker, which reads a connection's whole read, hands such a move over too, read once
        (:meth:`_passed`, as ``Native.pass_on``)."""
        native = self.native
        if not native.wire:  # (no native decoder: every frame takes the codec, and moves the router)
            return here
        self._move_fields = native.move_fields
        if native.room:
            native.pass_on = self._passed
        if here is None:
            return self._pass_on

        def taker(conn: Any, frame: bytes | bytearray | memoryview) -> bool:
            return here(conn, frame) or self._pass_on(conn, frame)

        return taker

    def outlets(self, here: OutletFinder) -> OutletFinder:
        """Where the node's native rooms find a seat's outlet: its connection's here (``here``), held while the
        session has requests out on other nodes (the delivery checks their answers: ``.forwarding``)."""
        outlet = self.forwards.outlet
        return lambda sid: outlet(sid, here(sid))

    def _pass_on(self, conn: Any, frame: bytes | bytearray | memoryview) -> bool:
        """A frame that is exactly a valid ``move`` (the native decoder's test) for a room another node runs, as
        far as this node remembers: forwarded there with the client's own bytes (the owner decodes them, or its
        native room takes them as they are), as the router would forward its model.  True if passed on; False
        leaves everything as it was (the frame takes the codec and the router)."""
        session = conn.session
        if session is None or self.requests.waits_behind(conn):
            return False
        started = time.perf_counter()
        fields = self._move_fields(frame, self.config.max_frame_bytes)
        if fields is None or not self._passed(session, fields, frame):
            return False
        self.requests.taken_as_move(started)
        return True

    def _passed(self, session: Session, fields: tuple[Any, ...], frame: Any) -> bool:
        """A valid ``move`` of ``session`` (connected here, nothing of it waiting), read as its ``fields`` (server/
        native.py ``Native.move_fields``), for a room another node runs as far as this node remembers: forwarded
        there with the client's own bytes ``frame`` (:meth:`.forwarding.Forwards.forward_move`: its model is made
        only if it must be handled again), as the router would forward its model: True.  False leaves everything
        as it was (the frame takes the codec and the router)."""
        rid = fields[2]
        if rid in self.rooms:
            return False
        known = self.owners.get(rid)  # (an entry still fresh: the answer of leases.known_owner, without its call)
        owner = known[0] if known is not None and known[1] > time.monotonic() else self.leases.known_owner(rid)
        if owner is None or not self.outage.serving():  # (looked up, or refused, by the router as before)
            return False
        self.forwards.forward_move(owner, session, fields, frame if type(frame) is bytes else bytes(frame))
        return True

    def _route(self, conn: Any, msg: Any) -> Any:
        """Route a request (:meth:`_routed`); one that waits for Redis and finds it unreachable is
        answered ``unavailable`` (an outage starts), not ``internal``."""
        if type(msg) in MAKES_A_ROOM and not self.outage.serving():
            raise self.outage.unavailable(getattr(msg, "ref", None))
        later = self._routed(conn, msg)
        return None if later is None else self._reachable(later, msg)

    async def _reachable(self, later: Coroutine[Any, Any, None], msg: Any) -> None:
        try:
            await later
        except UNREACHABLE as e:
            self.outage.outage(e)
            raise self.outage.unavailable(getattr(msg, "ref", None)) from e

    def _routed(self, conn: Any, msg: Any) -> Any:
        rid = getattr(msg, "room", None)
        rooms = self.rooms
        if isinstance(conn, RemoteLink):
            if isinstance(rid, str) and rid not in rooms and conn.hops < MAX_HOPS:
                return self._elsewhere(conn, msg, rid, None, conn.hops + 1, fresh=True)  # (see forwarded)
            return self._here(conn, msg)
        if conn.session is None:
            return self._here(conn, msg)
        if type(msg) is not p.Move:  # (a move names its room and nothing else: the common request skips these)
            if isinstance(msg, (p.Hello, p.Resume)):
                return self._here(conn, msg)
            tid = getattr(msg, "tournament", None)  # (a model without the field: slow, hence not for a move)
            if isinstance(tid, str) and tid not in self.tournaments.entries:
                return self._tournament_elsewhere(conn, msg, tid)
            code = getattr(msg, "code", None) if isinstance(msg, (p.Join, p.Spectate)) else None
            if code is not None and rooms.by_code(code) is None:
                return self._elsewhere(conn, msg, None, code)
        if rid is not None and rid not in rooms:
            owner = self.leases.known_owner(rid)
            if owner is not None:  # (the usual case for a move: passed on at once, in order, with no lookup)
                self.forwards.forward(owner, conn.session, msg)
                return None
            return self._elsewhere(conn, msg, rid, None)
        return self._here(conn, msg)

    async def _elsewhere(
        self, conn: Any, msg: Any, rid: str | None, code: str | None, hops: int = 0, fresh: bool = False
    ) -> None:
        """A request about a room this node does not run: to the node that runs it (taken over if nobody does)."""
        if rid is None and code is not None:
            rid = await self.leases.room_by_code(code)
        owner = None if rid is None else await self.leases.locate(rid, fresh=fresh)
        if owner is None or owner == self.node_id:
            later = self._here(conn, msg)  # here after all (taken over just now), or unknown everywhere
            if later is not None:
                await later
            return
        self.forwards.forward(owner, conn.session, msg, hops)

    async def _tournament_elsewhere(self, conn: Any, msg: Any, tid: str) -> None:
        """A request about a tournament this node does not run: to the node that runs it."""
        owner = await self.leases.locate_tournament(tid)
        if owner is None or owner == self.node_id:
            later = self._here(conn, msg)
            if later is not None:
                await later
            return
        self.forwards.forward(owner, conn.session, msg)

    def reroute(self, session: Session, msg: Any) -> None:
        """(from the cluster) A request sent to a node that died before answering: to the room's node now."""
        conn = session.conn
        if conn is None or self.stopping():
            return
        rid = getattr(msg, "room", None)
        code = getattr(msg, "code", None) if isinstance(msg, (p.Join, p.Spectate)) else None
        if not isinstance(rid, str):
            rid = None
        once = AnswerOnce(self.forwards, conn)
        self.background(f"session {session.id}: a request sent again", self._send_again(once, msg, rid, code))

    async def _send_again(self, conn: Any, msg: Any, rid: str | None, code: str | None) -> None:
        """A request sent again goes where its room runs now; if it is handled here, a refusal answers it too."""
        try:
            await self._elsewhere(conn, msg, rid, code)
        except Exception as e:
            refuse(conn, e, msg)

    def unanswered(self, session: Session, msg: Any) -> None:
        """(from the cluster) A request another node never answered: the session is told (it may try again)."""
        conn = session.conn
        if conn is None:
            return
        conn.send_message(unanswered_message(msg))

    def forwarded_move(self, sid: str, name: str, kind: str, frame: Any, hops: int = 0, lang: str = "en") -> bool:
        """A forwarded frame that is a plain move a native room here takes (server/native.py), taken as the
        session's own node takes a local one: True.  False (nothing done) for anything else: the frame is then
        decoded and handled by :meth:`forwarded`, every refusal as before."""
        if not self.native.room or type(frame) is not bytes:
            return False
        session = self.sessions.by_id.get(sid)
        if session is None or session.name != name or session.kind != kind or session.lang != lang:
            # (forwarded() updates them first)
            return False
        return self.requests.forwarded_move(self._links.get(sid), sid, frame)

    def forwarded(self, sid: str, name: str, kind: str, msg: Any, hops: int = 0, lang: str = "en") -> None:
        """A request from a session connected to another node, about a room this node runs, in the language the
        session speaks there (``lang``: the words of its answers, refusals included, said here).

        If this node does not run that room (the sender remembered an owner out of date: the
        room was taken over, or has ended), the owner is looked up afresh and the request passed
        on, at most MAX_HOPS times; the last node answers it as its own.
        """
        session = self.sessions.get_or_stub(sid, name)
        session.name, session.kind, session.lang = name, kind, lang
        link = self._links.get(sid)
        if link is None or link.session is not session:
            link = self._links[sid] = RemoteLink(self.delivery, session, self.count_error)
        link.hops = hops
        actor = self.rooms.get(getattr(msg, "room", None)) if isinstance(getattr(msg, "room", None), str) else None
        if actor is not None:
            seat = actor.room.seat_of(sid)
            if seat is not None and not actor.room.seats[seat].connected:
                # A request from a seat the room holds for disconnected: the session is evidently back
                # (its "gone" notice overtook its "back" one on the way here), so it is back first.
                actor.put(Reconnect(sid, time.time()))
        token = SESSION.set(sid)  # (log lines name the session: server.logs)
        try:
            self.requests.dispatch(link, msg)  # (it answers refusals and failures too)
        except Exception:  # a defect in answering itself: logged
            log.exception("forwarded request %r from %s could not be answered", type(msg).__name__, sid)
        finally:
            SESSION.reset(token)


# ====================================================================== presence


class RedisPresence:
    """Where each session is connected (``online`` in Redis: ``.registry.SessionRegistry``), and the rooms it
    holds anywhere."""

    rooms: RoomTable
    sessions: Sessions
    lobby: Lobby
    stopping: Callable[[], bool]

    def __init__(
        self, registry: SessionRegistry, leases: Leases, members: Members, store: RedisStore, background: Background
    ) -> None:
        self.registry = registry
        self.leases = leases
        self.members = members
        self.store = store
        self.background = background
        self.node_id = leases.node_id

    def attach(self, parts: NodeParts) -> None:
        self.rooms, self.sessions, self.stopping = parts.rooms, parts.sessions, parts.stopping
        self.lobby = parts.lobby

    async def rooms_of(self, session: Session) -> None:
        for rid, role in (await self.registry.roles(session.id)).items():
            (session.watching if role == WATCHING else session.seated if role == SEATED else session.created).add(rid)

    async def up(self, session: Session, resumed: bool) -> None:
        conn = session.conn
        await self.registry.connected(session, resumed)
        if session.conn is not conn:  # it closed while the cluster learnt of it: it is gone again
            await self.registry.disconnected(session, self._back(session.id))

    async def back(self, session: Session) -> None:
        """A session resumed here: the rooms it sits in or watches on other nodes hear that it is back."""
        for rid, role in (await self.registry.roles(session.id)).items():
            if rid in self.rooms or role not in (SEATED, WATCHING):
                continue
            owner = await self.leases.locate(rid)
            if owner is not None and owner != self.node_id:
                self.registry.tell_presence(owner, session, rid, "reconnect" if role == SEATED else "rewatch")

    async def resync(self) -> None:
        """(from the cluster, once settled after an outage) Every session connected here gets the state of
        each room it sits in or watches on another node (what was published to it meanwhile may be lost)."""
        for session in list(self.sessions.by_id.values()):
            if session.conn is not None and not isinstance(session.conn, RemoteLink):
                await self.back(session)

    def addresses(self) -> list[str]:
        """Where the cluster's live nodes are reached, this node first (refreshed as the leases are)."""
        return self.members.addresses

    def gone(self, session: Session) -> None:
        self.background(f"session {session.id} gone", self._gone(session))

    def role(self, session: str, room_id: str, role: str | None) -> None:
        self.registry.note_role(session, room_id, role)

    def _back(self, sid: str) -> Callable[[], bool]:
        """Whether the session has a live connection on this node (it resumed here again)."""
        sessions = self.sessions

        def back() -> bool:
            session = sessions.by_id.get(sid)
            return session is not None and session.conn is not None

        return back

    async def _gone(self, session: Session) -> None:
        await self.registry.disconnected(session, self._back(session.id))
        if self.stopping():
            return
        for rid, role in (await self.registry.roles(session.id)).items():
            if rid in self.rooms or role not in (SEATED, WATCHING):
                continue
            owner = await self.store.leases.owner(rid)
            if session.conn is not None:  # back here meanwhile: its rooms were told so (and must not hear otherwise)
                return
            if owner is not None and owner != self.node_id:
                self.registry.tell_presence(owner, session, rid, "disconnect" if role == SEATED else "unwatch")

    def presence(self, sid: str, name: str, kind: str, rid: str, what: str, sender: str = "") -> None:
        """(from the cluster) A session of one of this node's rooms dropped or came back on another node."""
        actor = self.rooms.get(rid)
        if actor is None:
            return
        session = self.sessions.get_or_stub(sid, name)
        session.kind = kind
        now = time.time()
        if what in ("disconnect", "unwatch"):
            # A connection that dropped on ``sender`` says nothing if the session came back meanwhile
            # (here, or on another node): only a session connected nowhere else is gone.
            if session.conn is None:
                check = self._gone_from(actor, sid, what, sender, now)
                self.background(f"session {sid}: gone from {rid}?", check)
            return
        if what == "reconnect":
            actor.put(Reconnect(sid, now))
        elif what == "rewatch":
            actor.put(Watch(sid, now, invited=True))
            self.background(f"session {sid}: a device of a seat in {rid}?", self.lobby.rewatch(sid, actor))

    async def _gone_from(self, actor: Any, sid: str, what: str, sender: str, now: float) -> None:
        node = await self.registry.node_of(sid)
        session = self.sessions.by_id.get(sid)
        if (node is not None and node != sender) or (session is not None and session.conn is not None):
            return
        actor.put(Disconnect(sid, now) if what == "disconnect" else Unwatch(sid, now))

    def connected(self) -> Mapping[str, Session]:
        """(from the cluster) The node's sessions by id: a frame for one whose ``conn`` is set goes out on it (the
        cluster's delivery of every frame, :meth:`deliver_local` written out)."""
        return self.sessions.by_id

    def deliver_local(self, sid: str, data: bytes) -> bool:
        """(from the cluster) A frame for a session connected here: True if it went out."""
        session = self.sessions.by_id.get(sid)
        if session is None or session.conn is None:
            return False
        session.conn.send(data)
        return True

    def kicked(self, sid: str) -> None:
        """(from the cluster) The session was resumed on another node: its connection here is closed."""
        session = self.sessions.by_id.get(sid)
        if session is None or session.conn is None:
            return
        old = session.conn
        session.conn = None
        old.session = None
        old.close(1000, close_words(session.lang, "wire-close-resumed"))


# ====================================================================== listing


class RedisListing:
    """The rooms of every node (each node writes its own list: ``.listings.Listings``) and the tournaments of
    every node."""

    config: NodeConfig
    room_table: RoomTable
    lobby: Lobby
    running: Tournaments  # (the tournaments this node runs)
    node_background: NodeBackground

    def __init__(self, listings: Listings, store: RedisStore) -> None:
        self.listings = listings
        self.store = store
        self._lister: asyncio.Task[None] | None = None
        self._stopped = False

    def attach(self, parts: NodeParts) -> None:
        self.config, self.room_table, self.lobby = parts.config, parts.rooms, parts.lobby
        self.running, self.node_background = parts.tournaments, parts.background

    def start(self) -> None:
        self._lister = asyncio.get_running_loop().create_task(self._list_every(LIST_EVERY_S), name="room list")

    def stop(self) -> None:
        self._stopped = True  # (the loop ends at its next turn, even if its cancellation was lost)
        if self._lister is not None:
            self._lister.cancel()

    def _listing(self, room: Room) -> bytes | None:
        return msgpack.packb(self.lobby.summary(room).model_dump(mode="json")) if listed(room) else None

    def changed(self, room_id: str) -> None:
        actor = self.room_table.get(room_id)
        summary = None if actor is None else self._listing(actor.room)
        self.node_background.put(f"room {room_id}: the room list", lambda: self.listings.list_room(room_id, summary))

    async def _list_every(self, period_s: float) -> None:
        tournaments = self.running
        while not self._stopped:
            try:
                found = {}
                for rid, actor in self.room_table.items():
                    summary = self._listing(actor.room)
                    if summary is not None:
                        found[rid] = summary
                await self.listings.list_rooms(found)
                gone, tournaments.forgotten = tournaments.forgotten, []
                for tid in gone:  # finished and forgotten here: nobody need hold them
                    await self.store.leases.release(tid, kind="tournament")
            except asyncio.CancelledError:
                raise
            except UNREACHABLE as e:
                log.warning("the room list could not be written: Redis unreachable (%s)", e)
            except Exception:
                log.exception("the room list could not be written")
            await asyncio.sleep(period_s)

    def rooms(self, conn: Any, msg: p.ListRooms) -> Coroutine[Any, Any, None]:
        local = self.lobby.list_rooms(msg)  # (checks the game's name; this node's rooms as they are now)
        return self._rooms(conn, msg, local)

    async def _rooms(self, conn: Any, msg: p.ListRooms, local: list[p.RoomSummary]) -> None:
        """``rooms``: the public rooms of every node, newest first."""
        game = local[0].game if local else None
        seen = {r.room for r in local}
        out = list(local)
        for raw in await self.listings.listed_rooms():
            try:
                summary = p.RoomSummary.model_validate(msgpack.unpackb(raw))
            except Exception:
                continue
            if summary.room in seen or summary.status in ("finished", "aborted"):
                continue
            if msg.game is not None and summary.game != (game or _canonical_name(msg.game)):
                continue
            if msg.status is not None and summary.status != msg.status:
                continue
            out.append(summary)
        out.sort(key=lambda r: r.created_at, reverse=True)
        conn.send_message(p.Rooms(ref=msg.ref, rooms=out[: self.config.max_listed_rooms]))

    async def tournaments(self, conn: Any, session: Session, msg: p.ListTournaments) -> None:
        """``tournaments``: those of every node, newest first (from their stored state)."""
        store = self.store
        found = await store.unfinished_tournaments()
        if msg.status in (None, "finished"):  # (as many finished ones as a node keeps in memory)
            found += await store.recent_tournaments(max(1, tournaments_shell.KEEP_FINISHED))
        out = []
        for data in found:
            try:
                t = Tournament.from_dict(data)
            except TournamentError:
                continue
            if msg.status is None or t.status == msg.status:
                name = data.get("name") or f"{t.game} {t.format}"
                out.append(present.summary(t, name, data.get("creator") or ""))
        out.sort(key=lambda s: s.created_at, reverse=True)
        conn.send_message(p.Tournaments(ref=msg.ref, tournaments=out[:MAX_LISTED_TOURNAMENTS]))


def _canonical_name(name: str) -> str:
    from grundy import rules

    return rules.game_class(name).name


# ====================================================================== results


class RedisResults:
    """A room's end: to this node's tournaments if it runs the room's tournament, else to the node that does."""

    tournaments: Tournaments

    def __init__(
        self,
        leases: Leases,
        store: RedisStore,
        background: Background,
        report: Callable[[str, str, str, list[Any] | None], None],
    ) -> None:
        """``report(node, tournament, room, outcomes)``: a game's result to the node that runs its tournament."""
        self.leases = leases
        self.store = store
        self.background = background
        self.report = report
        self.node_id = leases.node_id

    def attach(self, parts: NodeParts) -> None:
        self.tournaments = parts.tournaments

    def ended(self, room_id: str, ended: GameEnded) -> None:
        tournaments = self.tournaments
        if room_id in tournaments.games:  # (a game of a tournament this node runs)
            tournaments.game_ended(room_id, ended)
            return
        outcomes = list(ended.result["outcomes"]) if ended.status == "finished" and ended.result else None
        self.background(f"room {room_id}: its tournament", self._report(room_id, outcomes))

    async def _report(self, room_id: str, outcomes: list[Any] | None) -> None:
        """A room run here ended: if it is a game of a tournament run elsewhere, that node hears its result."""
        tagged = await self.store.tournament_game(room_id)
        if tagged is None:
            return
        tid = tagged[0]
        owner = await self.leases.locate_tournament(tid)
        if owner == self.node_id:
            self.tournaments.report_game(tid, room_id, outcomes)
        elif owner is not None:
            self.report(owner, tid, room_id, outcomes)

    def tournament_game(self, tid: str, room: str, outcomes: list[Any] | None) -> None:
        """(from the cluster) A game of a tournament this node runs ended on another node."""
        self.tournaments.report_game(tid, room, outcomes)


# ====================================================================== administration


ADMIN_ANSWER_S = 5.0  # how long an administrator's command waits for another node's answer


class RedisFleet:
    """Administration across the cluster: every live node is asked over its inbox (``.asks.Asks``)."""

    def __init__(self, members: Members, asks: Asks, leases: Leases, store: RedisStore) -> None:
        self.members = members
        self.asks = asks
        self.leases = leases
        self.store = store
        self.node_id = members.node_id
        self.here: AdminAction | None = None

    def serve(self, here: AdminAction) -> None:
        self.here = here

    async def admin(self, action: str, args: dict[str, Any]) -> dict[str, Any]:
        """(from the cluster) Another node asks this one."""
        assert self.here is not None
        return await self.here(action, args)

    async def everywhere(self, action: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        nodes = await self.members.live_nodes()
        return list(await asyncio.gather(*(self.on(n, action, args) for n in nodes)))

    async def on(self, node: str, action: str, args: dict[str, Any]) -> dict[str, Any]:
        if node == self.node_id:
            return await self.admin(action, args)
        return await self.asks.ask(node, action, args, ADMIN_ANSWER_S)

    async def room_node(self, room_id: str) -> str | None:
        """The node that holds the room's lease (a room nobody runs is taken over here first)."""
        return await self.leases.locate(room_id, fresh=True)

    def about(self) -> dict[str, Any]:
        held = self.store
        return {
            "address": self.members.address(),
            "leases": {"room": len(held.held), "tournament": len(held.held_tournaments)},
        }


# ====================================================================== the cluster's calls


class ClusterAdapters:
    """Every Redis adapter of one node's ports, made in one pass over its :class:`.shell.Cluster` (each given
    the parts it uses), and what the cluster calls back (``.shell.ClusterHost``): each call handed to the
    adapter it belongs to (the two calls made for every forwarded move and frame go to it with no hop)."""

    def __init__(self, cluster: Cluster) -> None:
        c = cluster
        self.listing = RedisListing(c.listings, c.store)
        self.placement = RedisPlacement(c, self, self.listing)
        self.forwarder = RedisForwarder(c.forwards, c.leases, c.outage, c.delivery, c.background)
        self.presence_port = RedisPresence(c.registry, c.leases, c.members, c.store, c.background)
        self.results = RedisResults(c.leases, c.store, c.background, c.report_game)
        self.fleet = RedisFleet(c.members, c.asks, c.leases, c.store)
        self.forwarded_move = self.forwarder.forwarded_move
        self.deliver_local = self.presence_port.deliver_local
        self.connected = self.presence_port.connected

    def forwarded(self, session: str, name: str, kind: str, msg: Any, hops: int, lang: str = "en") -> None:
        self.forwarder.forwarded(session, name, kind, msg, hops, lang)

    def reroute(self, session: Session, msg: Any) -> None:
        self.forwarder.reroute(session, msg)

    def unanswered(self, session: Session, msg: Any) -> None:
        self.forwarder.unanswered(session, msg)

    def presence(self, session: str, name: str, kind: str, room: str, what: str, sender: str) -> None:
        self.presence_port.presence(session, name, kind, room, what, sender)

    async def restore_room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool:
        return await self.placement.restore_room(stored, watchers)

    def drop_room(self, room_id: str) -> None:
        self.placement.drop_room(room_id)

    def wake_room(self, room_id: str, online: set[str]) -> None:
        self.placement.wake_room(room_id, online)

    def hold_rooms(self, since: float) -> None:
        self.placement.hold_rooms(since)

    def release_rooms(self) -> None:
        self.placement.release_rooms()

    async def restore_tournament(self, data: dict[str, Any]) -> bool:
        return await self.placement.restore_tournament(data)

    def drop_tournament(self, tid: str) -> None:
        self.placement.drop_tournament(tid)

    def tournament_game(self, tid: str, room: str, outcomes: list[Any] | None) -> None:
        self.results.tournament_game(tid, room, outcomes)

    def kicked(self, session: str) -> None:
        self.presence_port.kicked(session)

    async def resync(self) -> None:
        await self.presence_port.resync()

    async def admin(self, action: str, args: dict[str, Any]) -> dict[str, Any]:
        return await self.fleet.admin(action, args)
