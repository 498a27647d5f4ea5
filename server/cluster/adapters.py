"""The Redis adapters of the node's ports: placement, forwarding, presence, listing and results.

Each wraps the node's :class:`.shell.Cluster` (leases, the bus, the session registry) and reaches
the node it serves through ``node`` (set by :func:`.compose.cluster_node`, before the node
starts).  :class:`ClusterCalls` is what the cluster calls back (``.shell.ClusterHost``): it hands
each call to the adapter it belongs to.

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
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import msgpack
from websockets.protocol import State

from grundy import protocol as p
from grundy.protocol.wire import NATIVE
from grundy.server import fast_moves, transport
from grundy.server import tournaments as tournaments_shell
from grundy.server.cluster.shell import MAX_HOPS, SEATED, UNREACHABLE, WATCHING, AnswerOnce, Cluster, bounded
from grundy.server.errors import refuse, unanswered_message
from grundy.server.lobby import listed
from grundy.server.logs import SESSION
from grundy.server.ports import AdminAction, FrameTaker, Restoring, Router, StoredRoom
from grundy.server.room import Disconnect, GameEnded, Hold, Reconnect, Release, Room, Unwatch, Wake, Watch
from grundy.server.sessions import Session
from grundy.server.tournament import Tournament, TournamentError, present
from grundy.server.tournaments import MAX_LISTED_TOURNAMENTS

if TYPE_CHECKING:
    from grundy.server.node import Node

__all__ = [
    "ClusterCalls",
    "RedisFleet",
    "RedisForwarder",
    "RedisListing",
    "RedisPlacement",
    "RedisPresence",
    "RedisResults",
]

_deliver_here = fast_moves.deliver_here if transport.send_now is not None else None
_OPEN = State.OPEN
log = logging.getLogger("grundy.cluster.node")  # (the name the logs have always used)

LIST_EVERY_S = 5.0  # a node's whole room list is written again this often (changes are written at once)
# Requests that make a room or a tournament: refused ``unavailable`` at once in an outage (or settling after one),
# before anything is made in memory that could not be stored (a room acknowledged, and stored nowhere).
MAKES_A_ROOM: frozenset[type] = frozenset({p.CreateRoom, p.Challenge, p.QuickMatch, p.Rematch, p.CreateTournament})


class _Adapter:
    """One port's Redis adapter: the cluster it wraps, and the node it serves (set before the node starts)."""

    node: Node

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    @property
    def node_id(self) -> str:
        return self.cluster.node_id


class RemoteLink:
    """A session connected to another node, as a forwarded request's connection: its answers go to its channel."""

    def __init__(self, cluster: Cluster, session: Session, count_error: Callable[[Any], None]) -> None:
        self.cluster = cluster
        self.session = session
        self.count_error = count_error  # (metrics: errors by code)
        self.version = p.PROTOCOL_VERSION
        self.hops = 0  # how often the request being handled was passed on between nodes already

    def send(self, data: bytes) -> None:
        self.cluster.delivery.send(self.session.id, data)

    def send_message(self, msg: Any) -> None:
        if type(msg) is p.Error:
            self.count_error(msg.code)
        self.send(p.encode(msg))

    def close(self, code: int, reason: str) -> None:  # (the connection is another node's to close)
        pass


# ====================================================================== placement


class RedisPlacement(_Adapter):
    """Rooms and tournaments run by the node that holds their lease (``.shell.Cluster``)."""

    rooms_elsewhere = True

    def __init__(self, cluster: Cluster) -> None:
        super().__init__(cluster)
        self.restorer: Restoring | None = None
        self.held_since: float | None = None  # moves cannot be stored since then (an outage): the rooms are held

    async def start(self, restorer: Restoring) -> None:
        """Nothing to restore at start: rooms are taken over from their log when their lease lapses."""
        self.restorer = restorer
        await self.cluster.start()

    async def hand_over(self, rooms: list[str] | None = None, wait: bool = False) -> None:
        """Stopping, these rooms (None: every one held) finished and stored: release them and tell the other
        nodes, which take them over at once; with ``wait``, return once they have (at most a lease).
        Redis not answering holds no shutdown: the leases then lapse, and the rooms are taken over after them."""
        bound = 5.0 + (self.cluster.lease_ms / 1000 if wait else 0.0)
        what = "shutdown: handing the rooms over (if not, they are taken over once their leases lapse)"
        await bounded(what, self.cluster.hand_over(rooms, wait), bound)

    async def close(self) -> None:
        await self.cluster.close()

    def released(self, room_id: str) -> None:
        self.cluster.background(f"room {room_id}: release", self.cluster.store.release(room_id))

    async def restore_room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool:
        """(from the cluster) Run a room taken over from its log here (held, if run again during an outage)."""
        assert self.restorer is not None
        restored = await self.restorer.room(stored, watchers)
        actor = self.node.rooms.get(stored.id) if restored and self.held_since is not None else None
        if actor is not None:
            actor.put(Hold(time.time()))
        return restored

    def hold_rooms(self, since: float) -> None:
        """(from the cluster) Moves cannot be stored from ``since`` on (an outage): every room's clock and
        deadlines stand still until :meth:`release_rooms` (``Room`` ``Hold``)."""
        if self.held_since is not None:
            return
        self.held_since = since
        rooms = self.node.rooms.values()
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
        rooms = self.node.rooms.values()
        for actor in rooms:
            actor.put(Release(now))
        live = sum(1 for a in rooms if not a.room.is_ended)
        log.info("clocks of %d rooms run on, %.1f s held charged to nobody", live, held_s)

    def wake_room(self, rid: str, online: set[str]) -> None:
        """A room taken over: its members connected anywhere are back at once (they get its state).  Its players
        are not announced as back (``Wake``): as far as anyone was told, they never left."""
        actor = self.node.rooms.get(rid)
        if actor is None:
            return
        now = time.time()
        room = actor.room
        seated = frozenset(sid for sid in online if room.seat_of(sid) is not None)
        if seated:
            actor.put(Wake(seated, now))
        for sid in sorted(online - seated):
            actor.put(Watch(sid, now, invited=True))
            self.cluster.background(f"session {sid}: a device of a seat in {rid}?", self.node.lobby.rewatch(sid, actor))

    def drop_room(self, rid: str) -> None:
        """Another node holds this room now: stop running it here (without writing: the log is not ours)."""
        node = self.node
        actor = node.rooms.remove(rid)
        if actor is None:
            return
        node.listing.changed(rid)
        actor.cancel_pending()
        actor.stop()
        for sid in {*actor.room.sessions(), *actor.room.watchers}:
            session = node.sessions.by_id.get(sid)
            if session is not None:
                session.seated.discard(rid)
                session.watching.discard(rid)

    async def restore_tournament(self, data: dict[str, Any]) -> bool:
        assert self.restorer is not None
        return await self.restorer.tournament(data)

    def drop_tournament(self, tid: str) -> None:
        self.node.lobby.tournaments.drop(tid)


# ====================================================================== forwarding


class RedisForwarder(_Adapter):
    """Requests about rooms and tournaments run on other nodes go there (``Cluster.forward``)."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__(cluster)
        self._links: dict[str, RemoteLink] = {}
        self._here: Router

    def router(self, here: Router) -> Router:
        self._here = here
        return self._route

    def frames(self, here: FrameTaker | None) -> FrameTaker | None:
        """The gateway's taker of undecoded frames: the node's native move path (``here``), then a plain move
        for a room this node remembers running elsewhere, passed on as the client sent it (:meth:`_pass_on`)."""
        decode = getattr(NATIVE, "decode_move", None)
        if decode is None:  # (no native decoder: every frame takes the codec, and moves the router)
            return here
        self._decode_move = decode
        if here is None:
            return self._pass_on

        def taker(conn: Any, frame: bytes | bytearray | memoryview) -> bool:
            return here(conn, frame) or self._pass_on(conn, frame)

        return taker

    def _pass_on(self, conn: Any, frame: bytes | bytearray | memoryview) -> bool:
        """A frame that is exactly a valid ``move`` (the native decoder's test) for a room another node runs, as
        far as this node remembers: forwarded there with the client's own bytes (the owner decodes them, or its
        native room takes them as they are), as the router would forward its model.  True if passed on; False
        leaves everything as it was (the frame takes the codec and the router)."""
        session = conn.session
        node = self.node
        if session is None or node.waits_behind(conn):
            return False
        started = time.perf_counter()
        msg = self._decode_move(frame, node.config.max_frame_bytes, p.Move)
        if msg is None:
            return False
        rid = msg.room
        if rid in node.rooms:
            return False
        cluster = self.cluster
        owner = cluster.known_owner(rid)
        if owner is None or not cluster.serving():  # (looked up, or refused, by the router as before)
            return False
        cluster.forward(owner, session, msg, raw=frame if type(frame) is bytes else bytes(frame))
        node.taken_as_move(started)
        return True

    def _route(self, conn: Any, msg: Any) -> Any:
        """Route a request (:meth:`_routed`); one that waits for Redis and finds it unreachable is
        answered ``unavailable`` (an outage starts), not ``internal``."""
        if type(msg) in MAKES_A_ROOM and not self.cluster.serving():
            raise self.cluster.unavailable(getattr(msg, "ref", None))
        later = self._routed(conn, msg)
        return None if later is None else self._reachable(later, msg)

    async def _reachable(self, later: Coroutine[Any, Any, None], msg: Any) -> None:
        try:
            await later
        except UNREACHABLE as e:
            self.cluster.outage(e)
            raise self.cluster.unavailable(getattr(msg, "ref", None)) from e

    def _routed(self, conn: Any, msg: Any) -> Any:
        rid = getattr(msg, "room", None)
        node = self.node
        if isinstance(conn, RemoteLink):
            if isinstance(rid, str) and rid not in node.rooms and conn.hops < MAX_HOPS:
                return self._elsewhere(conn, msg, rid, None, conn.hops + 1, fresh=True)  # (see forwarded)
            return self._here(conn, msg)
        if conn.session is None:
            return self._here(conn, msg)
        if type(msg) is not p.Move:  # (a move names its room and nothing else: the common request skips these)
            if isinstance(msg, (p.Hello, p.Resume)):
                return self._here(conn, msg)
            tid = getattr(msg, "tournament", None)  # (a model without the field: slow, hence not for a move)
            if isinstance(tid, str) and tid not in node.lobby.tournaments.entries:
                return self._tournament_elsewhere(conn, msg, tid)
            code = getattr(msg, "code", None) if isinstance(msg, (p.Join, p.Spectate)) else None
            if code is not None and node.rooms.by_code(code) is None:
                return self._elsewhere(conn, msg, None, code)
        if rid is not None and rid not in node.rooms:
            owner = self.cluster.known_owner(rid)
            if owner is not None:  # (the usual case for a move: passed on at once, in order, with no lookup)
                self.cluster.forward(owner, conn.session, msg)
                return None
            return self._elsewhere(conn, msg, rid, None)
        return self._here(conn, msg)

    async def _elsewhere(
        self, conn: Any, msg: Any, rid: str | None, code: str | None, hops: int = 0, fresh: bool = False
    ) -> None:
        """A request about a room this node does not run: to the node that runs it (taken over if nobody does)."""
        if rid is None and code is not None:
            rid = await self.cluster.room_by_code(code)
        owner = None if rid is None else await self.cluster.locate(rid, fresh=fresh)
        if owner is None or owner == self.node_id:
            later = self._here(conn, msg)  # here after all (taken over just now), or unknown everywhere
            if later is not None:
                await later
            return
        self.cluster.forward(owner, conn.session, msg, hops)

    async def _tournament_elsewhere(self, conn: Any, msg: Any, tid: str) -> None:
        """A request about a tournament this node does not run: to the node that runs it."""
        owner = await self.cluster.locate_tournament(tid)
        if owner is None or owner == self.node_id:
            later = self._here(conn, msg)
            if later is not None:
                await later
            return
        self.cluster.forward(owner, conn.session, msg)

    def reroute(self, session: Session, msg: Any) -> None:
        """(from the cluster) A request sent to a node that died before answering: to the room's node now."""
        conn = session.conn
        if conn is None or self.node.stopping:
            return
        rid = getattr(msg, "room", None)
        code = getattr(msg, "code", None) if isinstance(msg, (p.Join, p.Spectate)) else None
        if not isinstance(rid, str):
            rid = None
        once = AnswerOnce(self.cluster, conn)
        self.cluster.background(f"session {session.id}: a request sent again", self._send_again(once, msg, rid, code))

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

    def forwarded_move(self, sid: str, name: str, kind: str, frame: Any, hops: int = 0) -> bool:
        """A forwarded frame that is a plain move a native room here takes (server.fast_moves), taken as the
        session's own node takes a local one: True.  False (nothing done) for anything else: the frame is then
        decoded and handled by :meth:`forwarded`, every refusal as before."""
        if fast_moves.try_move is None or type(frame) is not bytes:
            return False
        node = self.node
        session = node.sessions.by_id.get(sid)
        if session is None or session.name != name or session.kind != kind:  # (forwarded() updates them first)
            return False
        return node.forwarded_move(self._links.get(sid), sid, frame)

    def forwarded(self, sid: str, name: str, kind: str, msg: Any, hops: int = 0) -> None:
        """A request from a session connected to another node, about a room this node runs.

        If this node does not run that room (the sender remembered an owner out of date: the
        room was taken over, or has ended), the owner is looked up afresh and the request passed
        on, at most MAX_HOPS times; the last node answers it as its own.
        """
        node = self.node
        session = node.sessions.get_or_stub(sid, name)
        session.name, session.kind = name, kind
        link = self._links.get(sid)
        if link is None or link.session is not session:
            link = self._links[sid] = RemoteLink(self.cluster, session, node.metrics.error)
        link.hops = hops
        actor = node.rooms.get(getattr(msg, "room", None)) if isinstance(getattr(msg, "room", None), str) else None
        if actor is not None:
            seat = actor.room.seat_of(sid)
            if seat is not None and not actor.room.seats[seat].connected:
                # A request from a seat the room holds for disconnected: the session is evidently back
                # (its "gone" notice overtook its "back" one on the way here), so it is back first.
                actor.put(Reconnect(sid, time.time()))
        token = SESSION.set(sid)  # (log lines name the session: server.logs)
        try:
            node.dispatch(link, msg)  # type: ignore[arg-type]  # (it answers refusals and failures too)
        except Exception:  # a defect in answering itself: logged
            log.exception("forwarded request %r from %s could not be answered", type(msg).__name__, sid)
        finally:
            SESSION.reset(token)


# ====================================================================== presence


class RedisPresence(_Adapter):
    """Where each session is connected (``online`` in Redis), and the rooms it holds anywhere."""

    async def rooms_of(self, session: Session) -> None:
        for rid, role in (await self.cluster.roles(session.id)).items():
            (session.watching if role == WATCHING else session.seated if role == SEATED else session.created).add(rid)

    async def up(self, session: Session, resumed: bool) -> None:
        conn = session.conn
        await self.cluster.connected(session, resumed)
        if session.conn is not conn:  # it closed while the cluster learnt of it: it is gone again
            await self.cluster.disconnected(session, self._back(session.id))

    async def back(self, session: Session) -> None:
        """A session resumed here: the rooms it sits in or watches on other nodes hear that it is back."""
        node = self.node
        for rid, role in (await self.cluster.roles(session.id)).items():
            if rid in node.rooms or role not in (SEATED, WATCHING):
                continue
            owner = await self.cluster.locate(rid)
            if owner is not None and owner != self.node_id:
                self.cluster.tell_presence(owner, session, rid, "reconnect" if role == SEATED else "rewatch")

    async def resync(self) -> None:
        """(from the cluster, once settled after an outage) Every session connected here gets the state of
        each room it sits in or watches on another node (what was published to it meanwhile may be lost)."""
        for session in list(self.node.sessions.by_id.values()):
            if session.conn is not None and not isinstance(session.conn, RemoteLink):
                await self.back(session)

    def addresses(self) -> list[str]:
        """Where the cluster's live nodes are reached, this node first (refreshed as the leases are)."""
        return self.cluster.addresses

    def gone(self, session: Session) -> None:
        self.cluster.background(f"session {session.id} gone", self._gone(session))

    def role(self, session: str, room_id: str, role: str | None) -> None:
        self.cluster.note_role(session, room_id, role)

    def _back(self, sid: str) -> Callable[[], bool]:
        """Whether the session has a live connection on this node (it resumed here again)."""
        sessions = self.node.sessions

        def back() -> bool:
            session = sessions.by_id.get(sid)
            return session is not None and session.conn is not None

        return back

    async def _gone(self, session: Session) -> None:
        await self.cluster.disconnected(session, self._back(session.id))
        node = self.node
        if node.stopping:
            return
        for rid, role in (await self.cluster.roles(session.id)).items():
            if rid in node.rooms or role not in (SEATED, WATCHING):
                continue
            owner = await self.cluster.store.owner(rid)
            if session.conn is not None:  # back here meanwhile: its rooms were told so (and must not hear otherwise)
                return
            if owner is not None and owner != self.node_id:
                self.cluster.tell_presence(owner, session, rid, "disconnect" if role == SEATED else "unwatch")

    def presence(self, sid: str, name: str, kind: str, rid: str, what: str, sender: str = "") -> None:
        """(from the cluster) A session of one of this node's rooms dropped or came back on another node."""
        node = self.node
        actor = node.rooms.get(rid)
        if actor is None:
            return
        session = node.sessions.get_or_stub(sid, name)
        session.kind = kind
        now = time.time()
        if what in ("disconnect", "unwatch"):
            # A connection that dropped on ``sender`` says nothing if the session came back meanwhile
            # (here, or on another node): only a session connected nowhere else is gone.
            if session.conn is None:
                check = self._gone_from(actor, sid, what, sender, now)
                self.cluster.background(f"session {sid}: gone from {rid}?", check)
            return
        if what == "reconnect":
            actor.put(Reconnect(sid, now))
        elif what == "rewatch":
            actor.put(Watch(sid, now, invited=True))
            self.cluster.background(f"session {sid}: a device of a seat in {rid}?", node.lobby.rewatch(sid, actor))

    async def _gone_from(self, actor: Any, sid: str, what: str, sender: str, now: float) -> None:
        node = await self.cluster.node_of(sid)
        session = self.node.sessions.by_id.get(sid)
        if (node is not None and node != sender) or (session is not None and session.conn is not None):
            return
        actor.put(Disconnect(sid, now) if what == "disconnect" else Unwatch(sid, now))

    def deliver_local(self, sid: str, data: bytes) -> bool:
        """(from the cluster) A frame for a session connected here: True if it went out."""
        if _deliver_here is not None:  # (the same, in C: server.fast_moves.deliver_here)
            return bool(_deliver_here(self.node.sessions.by_id, sid, data, _OPEN))
        session = self.node.sessions.by_id.get(sid)
        if session is None or session.conn is None:
            return False
        session.conn.send(data)
        return True

    def kicked(self, sid: str) -> None:
        """(from the cluster) The session was resumed on another node: its connection here is closed."""
        session = self.node.sessions.by_id.get(sid)
        if session is None or session.conn is None:
            return
        old = session.conn
        session.conn = None
        old.session = None
        old.close(1000, "the session was resumed on another connection")


# ====================================================================== listing


class RedisListing(_Adapter):
    """The rooms of every node (each node writes its own list) and the tournaments of every node."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__(cluster)
        self._lister: asyncio.Task[None] | None = None
        self._stopped = False

    def start(self) -> None:
        self._lister = asyncio.get_running_loop().create_task(self._list_every(LIST_EVERY_S), name="room list")

    def stop(self) -> None:
        self._stopped = True  # (the loop ends at its next turn, even if its cancellation was lost)
        if self._lister is not None:
            self._lister.cancel()

    def _listing(self, room: Room) -> bytes | None:
        return msgpack.packb(self.node.lobby.summary(room).model_dump(mode="json")) if listed(room) else None

    def changed(self, room_id: str) -> None:
        actor = self.node.rooms.get(room_id)
        summary = None if actor is None else self._listing(actor.room)
        self.node.background.put(f"room {room_id}: the room list", lambda: self.cluster.list_room(room_id, summary))

    async def _list_every(self, period_s: float) -> None:
        node = self.node
        while not self._stopped:
            try:
                found = {}
                for rid, actor in node.rooms.items():
                    summary = self._listing(actor.room)
                    if summary is not None:
                        found[rid] = summary
                await self.cluster.list_rooms(found)
                gone, node.lobby.tournaments.forgotten = node.lobby.tournaments.forgotten, []
                for tid in gone:  # finished and forgotten here: nobody need hold them
                    await self.cluster.store.release(tid, kind="tournament")
            except asyncio.CancelledError:
                raise
            except UNREACHABLE as e:
                log.warning("the room list could not be written: Redis unreachable (%s)", e)
            except Exception:
                log.exception("the room list could not be written")
            await asyncio.sleep(period_s)

    def rooms(self, conn: Any, msg: p.ListRooms) -> Coroutine[Any, Any, None]:
        local = self.node.lobby.list_rooms(msg)  # (checks the game's name; this node's rooms as they are now)
        return self._rooms(conn, msg, local)

    async def _rooms(self, conn: Any, msg: p.ListRooms, local: list[p.RoomSummary]) -> None:
        """``rooms``: the public rooms of every node, newest first."""
        game = local[0].game if local else None
        seen = {r.room for r in local}
        out = list(local)
        for raw in await self.cluster.listed_rooms():
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
        conn.send_message(p.Rooms(ref=msg.ref, rooms=out[: self.node.config.max_listed_rooms]))

    async def tournaments(self, conn: Any, session: Session, msg: p.ListTournaments) -> None:
        """``tournaments``: those of every node, newest first (from their stored state)."""
        store = self.cluster.store
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


class RedisResults(_Adapter):
    """A room's end: to this node's tournaments if it runs the room's tournament, else to the node that does."""

    def ended(self, room_id: str, ended: GameEnded) -> None:
        tournaments = self.node.lobby.tournaments
        if room_id in tournaments.games:  # (a game of a tournament this node runs)
            tournaments.game_ended(room_id, ended)
            return
        outcomes = list(ended.result["outcomes"]) if ended.status == "finished" and ended.result else None
        self.cluster.background(f"room {room_id}: its tournament", self._report(room_id, outcomes))

    async def _report(self, room_id: str, outcomes: list[Any] | None) -> None:
        """A room run here ended: if it is a game of a tournament run elsewhere, that node hears its result."""
        tagged = await self.cluster.store.tournament_game(room_id)
        if tagged is None:
            return
        tid = tagged[0]
        owner = await self.cluster.locate_tournament(tid)
        if owner == self.node_id:
            self.node.lobby.tournaments.report_game(tid, room_id, outcomes)
        elif owner is not None:
            self.cluster.report_game(owner, tid, room_id, outcomes)

    def tournament_game(self, tid: str, room: str, outcomes: list[Any] | None) -> None:
        """(from the cluster) A game of a tournament this node runs ended on another node."""
        self.node.lobby.tournaments.report_game(tid, room, outcomes)


# ====================================================================== administration


ADMIN_ANSWER_S = 5.0  # how long an administrator's command waits for another node's answer


class RedisFleet(_Adapter):
    """Administration across the cluster: every live node is asked over its inbox (``Cluster.ask``)."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__(cluster)
        self.here: AdminAction | None = None

    def serve(self, here: AdminAction) -> None:
        self.here = here

    async def admin(self, action: str, args: dict[str, Any]) -> dict[str, Any]:
        """(from the cluster) Another node asks this one."""
        assert self.here is not None
        return await self.here(action, args)

    async def everywhere(self, action: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        nodes = await self.cluster.live_nodes()
        return list(await asyncio.gather(*(self.on(n, action, args) for n in nodes)))

    async def on(self, node: str, action: str, args: dict[str, Any]) -> dict[str, Any]:
        if node == self.node_id:
            return await self.admin(action, args)
        return await self.cluster.ask(node, action, args, ADMIN_ANSWER_S)

    async def room_node(self, room_id: str) -> str | None:
        """The node that holds the room's lease (a room nobody runs is taken over here first)."""
        return await self.cluster.locate(room_id, fresh=True)

    def about(self) -> dict[str, Any]:
        held = self.cluster.store
        return {
            "address": self.cluster.address(),
            "leases": {"room": len(held.held), "tournament": len(held.held_tournaments)},
        }


# ====================================================================== the cluster's calls


class ClusterCalls:
    """What the cluster calls back (``.shell.ClusterHost``), each call handed to the adapter it belongs to."""

    def __init__(self) -> None:  # (the adapters are made after the cluster, which is made with this)
        self.placement: RedisPlacement
        self.forwarder: RedisForwarder
        self.sessions: RedisPresence
        self.results: RedisResults
        self.fleet: RedisFleet

    def forwarded(self, session: str, name: str, kind: str, msg: Any, hops: int) -> None:
        self.forwarder.forwarded(session, name, kind, msg, hops)

    def forwarded_move(self, session: str, name: str, kind: str, frame: bytes, hops: int) -> bool:
        return self.forwarder.forwarded_move(session, name, kind, frame, hops)

    def reroute(self, session: Session, msg: Any) -> None:
        self.forwarder.reroute(session, msg)

    def unanswered(self, session: Session, msg: Any) -> None:
        self.forwarder.unanswered(session, msg)

    def presence(self, session: str, name: str, kind: str, room: str, what: str, sender: str) -> None:
        self.sessions.presence(session, name, kind, room, what, sender)

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
        self.sessions.kicked(session)

    def deliver_local(self, session: str, data: bytes) -> bool:
        return self.sessions.deliver_local(session, data)

    async def resync(self) -> None:
        await self.sessions.resync()

    async def admin(self, action: str, args: dict[str, Any]) -> dict[str, Any]:
        return await self.fleet.admin(action, args)
