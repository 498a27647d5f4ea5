"""The one routing table: where each client message goes on a node (``server.node.Node`` binds it).

Every client message of the protocol's registry is here once.  A handler answers at once (None) or
returns the coroutine that answers it (it needs the store).  A ROOM request becomes an event for its
room's actor (``server.room.event_from_message``), handled in the room's order.
tests/server/test_routes.py checks the table against the registry and the room's events.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, NamedTuple

from pydantic import BaseModel

from grundy import protocol as p

__all__ = [
    "GREETING",
    "GREETINGS",
    "LOBBY",
    "NODE",
    "ROOM",
    "ROUTES",
    "TOURNAMENTS",
    "Handler",
    "Route",
    "free_analysis",
]

# A request's handler: answers at once (None), or returns the coroutine that answers it (it needs the store).
Handler = Callable[[Any, Any, Any], Coroutine[Any, Any, None] | None]  # (connection, session, message)


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
    Route(p.ListGames, NODE, "_list_games", greeting=True),
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
GREETINGS = frozenset(r.message for r in ROUTES if r.greeting)  # (may come before the connection has a session)


def free_analysis(msg: Any) -> bool:
    """An ``analyze`` without a room (any position of any game) may come before ``hello``, as a greeting may."""
    return isinstance(msg, p.Analyze) and msg.room is None
