"""The rooms one node runs, by id and by join code (``RoomTable``).

A room lives in this process as a :class:`server.actor.RoomActor` (which node runs which room is
the placement port's: ``server.ports.Placement``).  :meth:`RoomTable.open` is the one way a room comes
into being (created from the lobby, a quick match, a challenge, a rematch or a tournament,
or restored after a restart): it registers the room and its join code, starts its actor and
notes every seated session.  Nothing else adds rooms.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import Any

from grundy.protocol import ErrorCode
from grundy.server.actor import Job, RoomActor, RoomServices
from grundy.server.errors import RoomError
from grundy.server.refusals import refusal
from grundy.server.room import Effect, Room
from grundy.server.sessions import Sessions


class RoomTable:
    """This node's rooms by id (a read-only mapping to their actors) and by join code."""

    def __init__(self, services: RoomServices, sessions: Sessions) -> None:
        self.services = services
        self.sessions = sessions
        self._rooms: dict[str, RoomActor] = {}
        self.by_id: dict[str, RoomActor] = self._rooms  # (read-only: the native move path looks rooms up in it)
        self._codes: dict[str, str] = {}  # join code -> room id

    # ------------------------------------------------------------------ opening and closing

    def new_id(self) -> str:
        """A fresh, unguessable room id."""
        while True:
            rid = "r-" + secrets.token_urlsafe(8)
            if rid not in self._rooms:
                return rid

    def open(self, room: Room, effects: list[Effect], first: Job | None = None) -> RoomActor:
        """Register a room and start its actor: ``effects`` run first, then ``first`` (e.g. ``room_created``)."""
        actor = RoomActor(self.services, room)
        self._rooms[room.id] = actor
        if room.code is not None:
            self._codes[room.code] = room.id
        actor.start(effects)
        if first is not None:
            actor.put(first)
        for sid in room.sessions():
            self.sessions.get_or_stub(sid, None).seated.add(room.id)
        return actor

    def remove(self, room_id: str) -> RoomActor | None:
        """Forget a room (and its join code); its actor is returned to be stopped."""
        actor = self._rooms.pop(room_id, None)
        if actor is not None and actor.room.code is not None:
            self._codes.pop(actor.room.code, None)
        return actor

    # ------------------------------------------------------------------ finding rooms

    def require(self, room_id: str, ref: Any) -> RoomActor:
        """The room with this id, or the ``unknown_room`` refusal."""
        actor = self._rooms.get(room_id)
        if actor is None:
            raise refusal(RoomError, ErrorCode.UNKNOWN_ROOM, ref, "refuse-no-room", room=repr(room_id))
        return actor

    def by_code(self, code: str) -> RoomActor | None:
        rid = self._codes.get(code)
        return None if rid is None else self._rooms.get(rid)

    def get(self, room_id: str) -> RoomActor | None:
        return self._rooms.get(room_id)

    def __getitem__(self, room_id: str) -> RoomActor:
        return self._rooms[room_id]

    def __contains__(self, room_id: object) -> bool:
        return room_id in self._rooms

    def __iter__(self) -> Iterator[str]:
        return iter(self._rooms)

    def __len__(self) -> int:
        return len(self._rooms)

    def values(self) -> list[RoomActor]:
        return list(self._rooms.values())

    def items(self) -> list[tuple[str, RoomActor]]:
        return list(self._rooms.items())

    def where(self, keep: Callable[[RoomActor], bool]) -> list[RoomActor]:
        return [a for a in self._rooms.values() if keep(a)]
