"""Bringing rooms and tournaments back from the store: after a restart, or taken over from a node that died.

:class:`Restorer` is what the placement port calls: the embedded placement brings back every
unfinished room and then every unfinished tournament at start (``Room.restore``: clocks resume
without charging the downtime, players get a fresh grace period); the cluster's brings back each
one it takes over.  A room that cannot come back is marked aborted in the store, its moves kept.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from grundy.server.errors import RoomError
from grundy.server.ports import RoomUpdate, Store, StoredRoom
from grundy.server.room import Room
from grundy.server.room_table import RoomTable
from grundy.server.sessions import Sessions
from grundy.server.tournaments import Tournaments

__all__ = ["Restorer"]

log = logging.getLogger("grundy.node")


def rebuild(stored: StoredRoom, now: float) -> tuple[Room, list[Any]]:
    """A stored room rebuilt by its own code (``Room.restore``): the room and the effects of bringing it back
    (its timers); raises what the rules raise for a room no code of today can rebuild."""
    return Room.restore(
        stored.id,
        stored.game,
        stored.params,
        stored.meta,
        stored.moves,
        stored.status,
        stored.created_at,
        now,
        result=stored.result,
        reason=stored.reason,
        chat=stored.chat,
    )


class Restorer:
    """Rooms and tournaments of one node brought back from the store."""

    def __init__(self, store: Store, sessions: Sessions, rooms: RoomTable, tournaments: Tournaments) -> None:
        self.store = store
        self.sessions = sessions
        self.rooms = rooms
        self.tournaments = tournaments

    async def all_rooms(self) -> None:
        """Bring back every unfinished room from the store (after a restart or a crash)."""
        for stored in await self.store.unfinished_rooms():
            await self.room(stored)

    async def all_tournaments(self) -> None:
        """Bring back every unfinished tournament (after the rooms: their games go on in their restored rooms)."""
        await self.tournaments.restore()

    async def tournament(self, data: dict[str, Any]) -> bool:
        return await self.tournaments.restore_one(data)

    async def room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool:
        """Bring back one stored room (clocks resume without charging the downtime); False if it cannot come back.

        ``watchers``: its lasting spectators, if read already (with many other rooms' at once)."""
        try:
            room, effects = rebuild(stored, time.time())
            for seat in room.seats:
                if seat.session is not None:
                    self.sessions.get_or_stub(seat.session, seat.name)
            self.rooms.open(room, effects)
            if watchers is None:
                watchers = await self.store.watchers(room.id)
            for sid in watchers:  # spectators watch again when they resume
                if room.seat_of(sid) is None:
                    self.sessions.get_or_stub(sid, None).watching.add(room.id)
        except Exception as e:
            why = e.message if isinstance(e, RoomError) else f"{type(e).__name__}: {e}"
            log.exception("room %s cannot be restored (%s); it is marked aborted", stored.id, why)
            await self.unrestorable(stored.id, why)
            return False
        log.info("restored room %s (%s, %s, ply %d)", room.id, room.game.name, room.status, room.ply)
        return True

    async def unrestorable(self, room_id: str, why: str) -> None:
        """A stored room that cannot come back: aborted in the store (its moves kept), out of memory."""
        actor = self.rooms.remove(room_id)
        if actor is not None:
            actor.cancel_pending()
            actor.stop()
        reason = f"internal error: the room could not be restored after a restart ({why[:200]})"
        try:
            await self.store.write([(room_id, RoomUpdate(status="aborted", reason=reason))])
        except Exception:
            log.exception("room %s: could not mark it aborted", room_id)
