"""The embedded adapters of the node's placement, forwarding, presence, listing and results ports.

One node alone: every room and tournament runs here (they come back from the store at start),
no request is ever forwarded (the forwarder hands the node its own router back, so a request
costs nothing more), a session is where its connection is, the lists are this node's, and a
room's end goes straight to this node's tournaments.  The Redis adapters of the same ports are
in ``server.cluster.adapters``.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from grundy import protocol as p
from grundy.server.ports import AdminAction, FrameTaker, NodeParts, OutletFinder, Router

if TYPE_CHECKING:
    from grundy.server.lobby import Lobby
    from grundy.server.ports import Restoring
    from grundy.server.room import GameEnded
    from grundy.server.sessions import Session
    from grundy.server.tournaments import Tournaments

__all__ = [
    "EmbeddedFleet",
    "EmbeddedForwarder",
    "EmbeddedListing",
    "EmbeddedPlacement",
    "EmbeddedPresence",
    "EmbeddedResults",
]


class EmbeddedPlacement:
    """Everything runs here: at start, every unfinished room and then every unfinished tournament comes back."""

    node_id = "local"
    rooms_elsewhere = False

    def attach(self, parts: NodeParts) -> None:
        pass

    async def start(self, restorer: Restoring) -> None:
        await restorer.all_rooms()
        await restorer.all_tournaments()  # after the rooms: tournament games go on in their restored rooms

    def released(self, room_id: str) -> None:
        pass

    async def hand_over(self, rooms: list[str] | None = None, wait: bool = False) -> None:
        """A node alone has no other node to run its rooms: they come back when it starts again."""

    async def close(self) -> None:
        pass


class EmbeddedForwarder:
    """No request is ever for another node: the node's router is used as it is."""

    def attach(self, parts: NodeParts) -> None:
        pass

    def router(self, here: Router) -> Router:
        return here

    def frames(self, here: FrameTaker | None) -> FrameTaker | None:
        return here

    def outlets(self, here: OutletFinder) -> OutletFinder:
        return here


class EmbeddedPresence:
    """A session is where its connection is: nobody else needs telling."""

    def attach(self, parts: NodeParts) -> None:
        pass

    async def up(self, session: Session, resumed: bool) -> None:
        pass

    async def rooms_of(self, session: Session) -> None:
        pass

    async def back(self, session: Session) -> None:
        pass

    def addresses(self) -> list[str]:
        return []  # (a node alone: no other node to go to)

    def gone(self, session: Session) -> None:
        pass

    def role(self, session: str, room_id: str, role: str | None) -> None:
        pass


class EmbeddedListing:
    """The rooms and tournaments of this node, as they are now."""

    lobby: Lobby
    running: Tournaments  # (the tournaments this node runs)

    def attach(self, parts: NodeParts) -> None:
        self.lobby = parts.lobby
        self.running = parts.tournaments

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def changed(self, room_id: str) -> None:
        pass

    def rooms(self, conn: Any, msg: p.ListRooms) -> Coroutine[Any, Any, None] | None:
        conn.send_message(p.Rooms(ref=msg.ref, rooms=self.lobby.list_rooms(msg)))
        return None

    def tournaments(self, conn: Any, session: Session, msg: p.ListTournaments) -> Coroutine[Any, Any, None] | None:
        self.running.list_tournaments(conn, session, msg)
        return None


class EmbeddedResults:
    """A room's end goes straight to this node's tournaments (a tournament game reports its outcomes)."""

    tournaments: Tournaments

    def attach(self, parts: NodeParts) -> None:
        self.tournaments = parts.tournaments

    def ended(self, room_id: str, ended: GameEnded) -> None:
        self.tournaments.game_ended(room_id, ended)


class EmbeddedFleet:
    """The one node an administrator reaches is this one."""

    node_id = "local"

    def __init__(self) -> None:
        self.here: AdminAction | None = None

    def serve(self, here: AdminAction) -> None:
        self.here = here

    async def everywhere(self, action: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        return [await self.on(self.node_id, action, args)]

    async def on(self, node: str, action: str, args: dict[str, Any]) -> dict[str, Any]:
        assert self.here is not None, "the node has not started"
        return await self.here(action, args)

    async def room_node(self, room_id: str) -> str | None:
        return None  # (every room runs here: the node looks in its own table)

    def about(self) -> dict[str, Any]:
        return {}
