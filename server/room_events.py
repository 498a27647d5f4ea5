"""What a node's rooms report (``server.ports.RoomHooks``): members changed, a game ended, a rematch agreed, a
spectator came or went; kept in step with the sessions, the lists, the presence port and the store.  And what
the rooms hear when a connection closes (its session dropped)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grundy import protocol as p
from grundy.protocol import i18n
from grundy.server.ports import SEAT, WATCH
from grundy.server.rating_shell import rate
from grundy.server.room import WAITING, Abort, Disconnect, GameEnded, RematchAgreed, Room, Unwatch
from grundy.server.stored_games import index_game

if TYPE_CHECKING:
    from grundy.server.background import Background
    from grundy.server.config import NodeConfig
    from grundy.server.lobby import Lobby
    from grundy.server.ports import Listing, Placement, Presence, Results, Store
    from grundy.server.room_table import RoomTable
    from grundy.server.sessions import Sessions

log = logging.getLogger("grundy.node")


class RoomEvents:
    """The node's room hooks, by room id.  Made before the rooms (every room's shell is given them); the rooms,
    the lobby, the listing and the results are given by :meth:`serve` once the node has made them."""

    rooms: RoomTable
    lobby: Lobby
    listing: Listing
    results: Results

    def __init__(
        self,
        config: NodeConfig,
        sessions: Sessions,
        store: Store,
        background: Background,
        placement: Placement,
        presence: Presence,
        stopping: Callable[[], bool],
    ) -> None:
        self.config = config
        self.sessions = sessions
        self.store = store
        self.background = background
        self.placement = placement
        self.presence = presence
        self._stopping = stopping
        self.reapers: dict[str, asyncio.TimerHandle] = {}  # rooms kept a while after their game ended

    def serve(self, rooms: RoomTable, lobby: Lobby, listing: Listing, results: Results) -> None:
        self.rooms, self.lobby, self.listing, self.results = rooms, lobby, listing, results

    @property
    def stopping(self) -> bool:
        return self._stopping()

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
            said = {"id": "lobby-end-all-left", "args": {}}
            actor.put(Abort(time.time(), i18n.tr(i18n.DEFAULT, said["id"]), said))

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
        self.reapers[room_id] = loop.call_later(self.config.ended_ttl_s, self._reap, room_id)

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
        self.reapers.pop(room_id, None)
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

    def disconnected(self, conn: Any) -> None:
        """A connection closed: its session's rooms hear that it dropped (unless it is connected again)."""
        session = conn.session
        if session is None or session.conn is not conn:
            return
        session.conn = None
        self.background.put(f"session {session.id}: out of the quick-match queue", lambda: self.lobby.cancel(session))
        self.presence.gone(session)  # (other nodes hear of it later, in the background)
        if self._stopping():
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

    async def stop(self) -> None:
        """(shutting down) No room is reaped any more."""
        for handle in self.reapers.values():
            handle.cancel()
