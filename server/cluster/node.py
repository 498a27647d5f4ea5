"""A node in cluster mode: the embedded node's code, with the cluster's adapters and its routing.

:class:`ClusterNode` is the node of ``grundy serve --redis URL``.  It differs from the
embedded node only where a cluster must (see :mod:`.shell` for the mechanisms):

* its store is :class:`.store.RedisStore` and its delivery :class:`.shell.ClusterDelivery`;
* at start it restores nothing: unfinished rooms belong to the nodes that hold their leases,
  and a room whose node died is taken over by the first node that sweeps for it or needs it;
* a request naming a room run elsewhere (by id, or by join code) goes to that room's node,
  and is answered from there on the session's channel;
* a session's connection and resumption are announced to the rooms it sits in wherever they
  run, and a resumed session's older connection on another node is closed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any

import msgpack

from grundy import protocol as p
from grundy.server import tournaments as tournaments_shell
from grundy.server.cluster.directory import ClusterDirectory
from grundy.server.cluster.shell import MAX_HOPS, SEATED, WATCHING, AnswerOnce, Cluster
from grundy.server.config import NodeConfig
from grundy.server.errors import refuse, unanswered_message
from grundy.server.gateway import Connection
from grundy.server.lobby import listed
from grundy.server.node import Node
from grundy.server.ports import BotQueue, StoredRoom
from grundy.server.room import Disconnect, Reconnect, Room, Unwatch, Watch
from grundy.server.sessions import Session, Sessions
from grundy.server.tournament import Tournament, TournamentError, present
from grundy.server.tournaments import MAX_LISTED_TOURNAMENTS

log = logging.getLogger("grundy.cluster.node")

LIST_EVERY_S = 5.0  # a node's whole room list is written again this often (changes are written at once)


class RemoteLink:
    """A session connected to another node, as a forwarded request's connection: its answers go to its channel."""

    def __init__(self, node: ClusterNode, session: Session) -> None:
        self.node = node
        self.session = session
        self.version = p.PROTOCOL_VERSION
        self.hops = 0  # how often the request being handled was passed on between nodes already

    def send(self, data: bytes) -> None:
        self.node.cluster.delivery.send(self.session.id, data)

    def send_message(self, msg: Any) -> None:
        self.send(p.encode(msg))

    def close(self, code: int, reason: str) -> None:  # (the connection is another node's to close)
        pass


class ClusterSessions(Sessions):
    """Sessions in Redis; a resumed session learns the rooms it holds anywhere in the cluster."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__(cluster.store)
        self.cluster = cluster

    async def by_resume_token(self, token: str) -> Session | None:
        session = await super().by_resume_token(token)
        if session is not None:
            for rid, role in (await self.cluster.roles(session.id)).items():
                (session.watching if role == WATCHING else session.seated if role == SEATED else session.created).add(
                    rid
                )
        return session


class ClusterNode(Node):
    """One node of a cluster sharing a Redis (see the module docstring)."""

    def __init__(
        self,
        config: NodeConfig | None = None,
        *,
        redis_url: str,
        node_id: str | None = None,
        lease_ms: int = 3000,
        bots: BotQueue | None = None,
    ) -> None:
        self.cluster = Cluster(self, redis_url, node_id=node_id, lease_ms=lease_ms)
        config = dataclasses.replace(config or NodeConfig(), db=redis_url)  # (the store the log and health name)
        super().__init__(config, store=self.cluster.store, bots=bots)
        self._links: dict[str, RemoteLink] = {}
        self._lister: asyncio.Task[None] | None = None

    @property
    def node_id(self) -> str:
        return self.cluster.node_id

    def _compose(self) -> None:
        super()._compose()
        self.sessions = ClusterSessions(self.cluster)
        self.rooms.sessions = self.sessions
        self.lobby.sessions = self.sessions
        self.lobby.tournaments.sessions = self.sessions
        self.rooms.services = dataclasses.replace(self.rooms.services, delivery=self.cluster.delivery)
        self.lobby.directory = self.lobby.tournaments.players = ClusterDirectory(self.cluster)
        self.lobby.tournaments.rooms_elsewhere = True
        self._handlers[p.ListTournaments] = self._list_tournaments

    async def start(self) -> None:
        await self.cluster.start()
        await super().start()
        self._lister = asyncio.get_running_loop().create_task(self._list_every(LIST_EVERY_S), name="room list")

    async def _restore(self) -> None:
        """Nothing to restore at start: rooms are taken over from their log when their lease lapses."""

    async def _restore_tournaments(self) -> None:
        """Likewise tournaments: each is run by the node that holds its lease."""

    async def shutdown(self) -> None:
        if self._lister is not None:
            self._lister.cancel()
        if hasattr(self, "rooms"):  # (it started as far as composing itself)
            await super().shutdown()
        await self.cluster.close()

    # ================================================================== routing

    def _route(self, conn: Any, msg: Any) -> Any:
        rid = getattr(msg, "room", None)
        if isinstance(conn, RemoteLink):
            if isinstance(rid, str) and rid not in self.rooms and conn.hops < MAX_HOPS:
                return self._elsewhere(conn, msg, rid, None, conn.hops + 1, fresh=True)  # (see forwarded)
            return super()._route(conn, msg)
        if conn.session is None or isinstance(msg, (p.Hello, p.Resume)):
            return super()._route(conn, msg)
        tid = getattr(msg, "tournament", None)
        if isinstance(tid, str) and tid not in self.lobby.tournaments.entries:
            return self._tournament_elsewhere(conn, msg, tid)
        code = getattr(msg, "code", None) if isinstance(msg, (p.Join, p.Spectate)) else None
        if code is not None and self.rooms.by_code(code) is None:
            return self._elsewhere(conn, msg, None, code)
        if rid is not None and rid not in self.rooms:
            owner = self.cluster.known_owner(rid)
            if owner is not None:  # (the usual case for a move: passed on at once, in order, with no lookup)
                self.cluster.forward(owner, conn.session, msg)
                return None
            return self._elsewhere(conn, msg, rid, None)
        return super()._route(conn, msg)

    async def _elsewhere(
        self, conn: Any, msg: Any, rid: str | None, code: str | None, hops: int = 0, fresh: bool = False
    ) -> None:
        """A request about a room this node does not run: to the node that runs it (taken over if nobody does)."""
        if rid is None and code is not None:
            rid = await self.cluster.room_by_code(code)
        owner = None if rid is None else await self.cluster.locate(rid, fresh=fresh)
        if owner is None or owner == self.node_id:
            later = super()._route(conn, msg)  # here after all (taken over just now), or unknown everywhere
            if later is not None:
                await later
            return
        self.cluster.forward(owner, conn.session, msg, hops)

    async def _tournament_elsewhere(self, conn: Connection, msg: Any, tid: str) -> None:
        """A request about a tournament this node does not run: to the node that runs it."""
        owner = await self.cluster.locate_tournament(tid)
        if owner is None or owner == self.node_id:
            later = super()._route(conn, msg)
            if later is not None:
                await later
            return
        self.cluster.forward(owner, conn.session, msg)

    def reroute(self, session: Session, msg: Any) -> None:
        """(from the cluster) A request sent to a node that died before answering: to the room's node now."""
        conn = session.conn
        if conn is None or self.stopping:
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

    def forwarded(self, sid: str, name: str, kind: str, msg: Any, hops: int = 0) -> None:
        """A request from a session connected to another node, about a room this node runs.

        If this node does not run that room (the sender remembered an owner out of date: the
        room was taken over, or has ended), the owner is looked up afresh and the request passed
        on, at most MAX_HOPS times; the last node answers it as its own.
        """
        session = self.sessions.get_or_stub(sid, name)
        session.name, session.kind = name, kind
        link = self._links.get(sid)
        if link is None or link.session is not session:
            link = self._links[sid] = RemoteLink(self, session)
        link.hops = hops
        actor = self.rooms.get(getattr(msg, "room", None)) if isinstance(getattr(msg, "room", None), str) else None
        if actor is not None:
            seat = actor.room.seat_of(sid)
            if seat is not None and not actor.room.seats[seat].connected:
                # A request from a seat the room holds for disconnected: the session is evidently back
                # (its "gone" notice overtook its "back" one on the way here), so it is back first.
                actor.put(Reconnect(sid, time.time()))
        try:
            self.dispatch(link, msg)  # type: ignore[arg-type]  # (it answers refusals and failures too)
        except Exception:  # a defect in answering itself: logged
            log.exception("forwarded request %r from %s could not be answered", type(msg).__name__, sid)

    def presence(self, sid: str, name: str, kind: str, rid: str, what: str, sender: str = "") -> None:
        """A session of one of this node's rooms dropped or came back on another node."""
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
                self.cluster.background(f"session {sid}: gone from {rid}?", check)
            return
        if what == "reconnect":
            actor.put(Reconnect(sid, now))
        elif what == "rewatch":
            actor.put(Watch(sid, now, invited=True))

    async def _gone_from(self, actor: Any, sid: str, what: str, sender: str, now: float) -> None:
        node = await self.cluster.node_of(sid)
        session = self.sessions.by_id.get(sid)
        if (node is not None and node != sender) or (session is not None and session.conn is not None):
            return
        actor.put(Disconnect(sid, now) if what == "disconnect" else Unwatch(sid, now))

    # ================================================================== sessions

    def deliver_local(self, sid: str, data: bytes) -> bool:
        session = self.sessions.by_id.get(sid)
        if session is None or session.conn is None:
            return False
        session.conn.send(data)
        return True

    def kicked(self, sid: str) -> None:
        """The session was resumed on another node: its connection here is closed (as on one node)."""
        session = self.sessions.by_id.get(sid)
        if session is None or session.conn is None:
            return
        old = session.conn
        session.conn = None
        old.session = None
        old.close(1000, "the session was resumed on another connection")

    async def _greet(self, conn: Connection, msg: p.Hello | p.Resume) -> None:
        await super()._greet(conn, msg)
        session = conn.session
        if session is None or session.conn is not conn:
            return
        if isinstance(msg, p.Resume):
            for rid, role in (await self.cluster.roles(session.id)).items():
                if rid in self.rooms or role not in (SEATED, WATCHING):
                    continue
                owner = await self.cluster.locate(rid)
                if owner is not None and owner != self.node_id:
                    self.cluster.tell_presence(owner, session, rid, "reconnect" if role == SEATED else "rewatch")

    async def _session_up(self, session: Session, resumed: bool) -> None:
        conn = session.conn
        await self.cluster.connected(session, resumed)
        if session.conn is not conn:  # it closed while the cluster learnt of it: it is gone again
            await self.cluster.disconnected(session, self._back(session.id))

    def _back(self, sid: str) -> Callable[[], bool]:
        """Whether the session has a live connection on this node (it resumed here again)."""

        def back() -> bool:
            session = self.sessions.by_id.get(sid)
            return session is not None and session.conn is not None

        return back

    def _disconnected(self, conn: Connection) -> None:
        session = conn.session
        gone = session is not None and session.conn is conn
        super()._disconnected(conn)
        if gone and session is not None:
            self.cluster.background(f"session {session.id} gone", self._gone(session))

    async def _gone(self, session: Session) -> None:
        await self.cluster.disconnected(session, self._back(session.id))
        if self.stopping:
            return
        for rid, role in (await self.cluster.roles(session.id)).items():
            if rid in self.rooms or role not in (SEATED, WATCHING):
                continue
            owner = await self.cluster.store.owner(rid)
            if session.conn is not None:  # back here meanwhile: its rooms were told so (and must not hear otherwise)
                return
            if owner is not None and owner != self.node_id:
                self.cluster.tell_presence(owner, session, rid, "disconnect" if role == SEATED else "unwatch")

    # ================================================================== rooms

    async def restore_room(self, stored: StoredRoom) -> bool:
        """(from the cluster) Run a room taken over from its log here."""
        return await self._restore_room(stored)

    def wake_room(self, rid: str, online: set[str]) -> None:
        """A room taken over: its members connected anywhere are back at once (they get its state)."""
        actor = self.rooms.get(rid)
        if actor is None:
            return
        now = time.time()
        room = actor.room
        for sid in sorted(online):
            if room.seat_of(sid) is not None:
                actor.put(Reconnect(sid, now))
            else:
                actor.put(Watch(sid, now, invited=True))

    def drop_room(self, rid: str) -> None:
        """Another node holds this room now: stop running it here (without writing: the log is not ours)."""
        actor = self.rooms.remove(rid)
        if actor is None:
            return
        self._relist(rid)
        actor.cancel_pending()
        actor.stop()
        for sid in {*actor.room.sessions(), *actor.room.watchers}:
            session = self.sessions.by_id.get(sid)
            if session is not None:
                session.seated.discard(rid)
                session.watching.discard(rid)

    def members_changed(self, room_id: str, old: Room, new: Room) -> None:
        super().members_changed(room_id, old, new)
        self._relist(room_id)
        before, after = set(old.sessions()), set(new.sessions())
        for sid in after - before:
            self.cluster.note_role(sid, room_id, SEATED)
        for sid in before - after:
            self.cluster.note_role(sid, room_id, None)

    def watching_changed(self, room_id: str, session_id: str, watching: bool, lasting: bool) -> None:
        super().watching_changed(room_id, session_id, watching, lasting)
        if lasting:
            self.cluster.note_role(session_id, room_id, WATCHING if watching else None)

    def game_ended(self, room_id: str, ended: Any) -> None:
        mine = room_id in self.lobby.tournaments.rooms  # (a game of a tournament this node runs)
        super().game_ended(room_id, ended)
        self._relist(room_id)
        if not mine:
            outcomes = list(ended.result["outcomes"]) if ended.status == "finished" and ended.result else None
            self.cluster.background(f"room {room_id}: its tournament", self._report(room_id, outcomes))

    async def _report(self, room_id: str, outcomes: list[Any] | None) -> None:
        """A room run here ended: if it is a game of a tournament run elsewhere, that node hears its result."""
        tagged = await self.store.tournament_game(room_id)
        if tagged is None:
            return
        tid = tagged[0]
        owner = await self.cluster.locate_tournament(tid)
        if owner == self.node_id:
            self.lobby.tournaments.report_game(tid, room_id, outcomes)
        elif owner is not None:
            self.cluster.report_game(owner, tid, room_id, outcomes)

    async def restore_tournament(self, data: dict[str, Any]) -> bool:
        return await self.lobby.tournaments.restore_one(data)

    def drop_tournament(self, tid: str) -> None:
        self.lobby.tournaments.drop(tid)

    def tournament_game(self, tid: str, room: str, outcomes: list[Any] | None) -> None:
        self.lobby.tournaments.report_game(tid, room, outcomes)

    def _reap(self, room_id: str) -> None:
        actor = self.rooms.get(room_id)
        members = set() if actor is None else {*actor.room.sessions(), *actor.room.watchers}
        super()._reap(room_id)
        for sid in members:
            self.cluster.note_role(sid, room_id, None)
        self.cluster.background(f"room {room_id}: release", self.cluster.store.release(room_id))

    # ================================================================== the room list

    def _listing(self, room: Room) -> bytes | None:
        return msgpack.packb(self.lobby.summary(room).model_dump(mode="json")) if listed(room) else None

    def _relist(self, rid: str) -> None:
        actor = self.rooms.get(rid)
        summary = None if actor is None else self._listing(actor.room)
        self.background.put(f"room {rid}: the room list", lambda: self.cluster.list_room(rid, summary))

    async def _list_every(self, period_s: float) -> None:
        while True:
            try:
                found = {}
                for rid, actor in self.rooms.items():
                    summary = self._listing(actor.room)
                    if summary is not None:
                        found[rid] = summary
                await self.cluster.list_rooms(found)
                gone, self.lobby.tournaments.forgotten = self.lobby.tournaments.forgotten, []
                for tid in gone:  # finished and forgotten here: nobody need hold them
                    await self.cluster.store.release(tid, kind="tournament")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the room list could not be written")
            await asyncio.sleep(period_s)

    async def _list_rooms(self, conn: Connection, session: Session, msg: p.ListRooms) -> None:  # type: ignore[override]
        """``rooms``: the public rooms of every node, newest first."""
        local = self.lobby.list_rooms(msg)  # (checks the game's name; this node's rooms as they are now)
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
        conn.send_message(p.Rooms(ref=msg.ref, rooms=out[: self.config.max_listed_rooms]))


    async def _list_tournaments(self, conn: Connection, session: Session, msg: p.ListTournaments) -> None:
        """``tournaments``: those of every node, newest first (from their stored state)."""
        found = await self.store.unfinished_tournaments()
        if msg.status in (None, "finished"):  # (as many finished ones as a node keeps in memory)
            found += await self.cluster.store.recent_tournaments(max(1, tournaments_shell.KEEP_FINISHED))
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
