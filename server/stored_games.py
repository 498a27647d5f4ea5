"""Finished games that last: each one opens from the store however long ago it ended, and a player's list.

A room stays in a node's memory a while after its game ends (``ended_ttl_s``: rematch, chat, the
review); after that, after a restart, or on another node of a cluster, its game is read from the
store.  :class:`StoredGames` answers, for a finished room no node runs:

* ``spectate {room}`` (or ``{code}``, the join code it had: an invitation's link lasts too): its
  ``room_state`` (the whole position, every move, the result; ``you`` the seat the asking person
  played, from any of their devices, else a spectator's), the room rebuilt from the store
  (``Room.restore``) without being run: there is nothing to watch, so the session is not
  remembered as a spectator;
* ``analyze {room}`` (``review``, ``position``): as for a finished room in memory (``server.analysis``);
* ``get_state {room}``: its ``room_state`` as above; ``rematch`` and ``chat``: ``game_over``, in words (the
  room is closed: a new game is made from the lobby);
* ``get_player_games``: a page of a player's finished games, newest first (``Store.player_games``).

:func:`index_game` puts a finished game in each of its players' lists when it ends: a registered
player's (a session's player) and a hosted bot's (``bot:LEVEL``), never a guest's (a guest's name is
nobody's for long).  Rebuilt rooms are kept in a small cache (:data:`CACHED_ROOMS`): stepping
through a game on the analysis board asks for each position of it.
"""

from __future__ import annotations

import collections
import logging
import time
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode
from grundy.server.errors import LobbyError, RoomError, Unavailable
from grundy.server.ports import PlayerGame, Store
from grundy.server.refusals import refusal, rules_refusal
from grundy.server.restore import rebuild
from grundy.server.room import Room

if TYPE_CHECKING:
    from grundy.server.gateway import Connection
    from grundy.server.sessions import Session, Sessions

__all__ = ["CACHED_ROOMS", "CLOSED_ROOM_REQUESTS", "StoredGames", "index_game", "players_of"]

log = logging.getLogger("grundy.node")

CACHED_ROOMS = 32  # finished rooms rebuilt from the store and kept (each is its moves and final position)
# Requests about a room that a finished game no node runs answers from the store (the others: unknown_room).
CLOSED_ROOM_REQUESTS = (p.GetState, p.Rematch, p.ChatSend)


async def players_of(sessions: Sessions, room: Room) -> list[str | None]:
    """Each seat's player as the store keys it: ``bot:LEVEL`` for a hosted bot, a session's registered player,
    None for a guest (or a seat nobody took)."""
    out: list[str | None] = []
    for seat in room.seats:
        if seat.is_bot:
            out.append(f"bot:{seat.level}")
        elif seat.session is not None:
            out.append(await sessions.player_of(seat.session))
        else:
            out.append(None)
    return out


async def index_game(store: Store, sessions: Sessions, room: Room, ended_at: float) -> int:
    """A finished game in each of its players' lists (see the module docstring); how many lists it went in."""
    info = room.result_info()
    if room.status != "finished" or info is None:
        return 0
    players = await players_of(sessions, room)
    names = room.seat_names()
    entries: list[tuple[str, PlayerGame]] = []
    for seat, player in enumerate(players):
        if player is None or any(player == players[i] for i in range(seat)):
            continue  # (a guest; a player in two seats is listed once, at its first)
        summary: dict[str, Any] = {
            "title": room.game.title(),
            "seats": names,
            "seat": seat,
            "outcome": info.outcomes[seat] if seat < len(info.outcomes) else "draw",
            "reason": info.reason,
            "reason_say": _dumped(info.reason_say),
            "seats_say": [_dumped(s.info(n).player_say) for n, s in enumerate(room.seats)],
            "rated": room.rated,
            "moves": room.ply,
        }
        entries.append((player, PlayerGame(room.id, room.game.name, ended_at, summary)))
    if entries:
        await store.index_game(entries)
    return len(entries)


def _dumped(say: p.Say | None) -> dict[str, Any] | None:
    return None if say is None else say.model_dump()


class StoredGames:
    """Finished games read from the store for rooms no node runs (see the module docstring)."""

    def __init__(self, store: Store, sessions: Sessions) -> None:
        self.store = store
        self.sessions = sessions
        self._rooms: collections.OrderedDict[str, Room] = collections.OrderedDict()

    async def room(self, room_id: str, ref: Any) -> Room:
        """The finished room ``room_id`` rebuilt from the store, or the refusal: ``unknown_room`` (no such
        room), ``unavailable`` (a game in play that no node runs right now, as during a take-over: it is brought
        back by one, and the same request sent again finds it there)."""
        cached = self._rooms.get(room_id)
        if cached is not None:
            self._rooms.move_to_end(room_id)
            return cached
        stored = await self.store.load_room(room_id)
        if stored is None:
            raise refusal(RoomError, ErrorCode.UNKNOWN_ROOM, ref, "refuse-no-room", room=repr(room_id))
        if stored.status not in ("finished", "aborted"):
            raise refusal(Unavailable, ErrorCode.UNAVAILABLE, ref, "refuse-room-taken-over", room=room_id)
        try:
            room, _effects = rebuild(stored, time.time())
        except Exception as e:  # (a room no code of today can rebuild: an unknown game, old parameters, a rules fault)
            raise refusal(RoomError, ErrorCode.UNKNOWN_ROOM, ref, "refuse-room-not-shown", room=room_id,
                          why=str(e)) from None
        self._rooms[room_id] = room
        while len(self._rooms) > CACHED_ROOMS:
            self._rooms.popitem(last=False)
        return room

    async def spectate(self, conn: Connection, session: Session, msg: p.Spectate) -> None:
        """``spectate {room}`` of a finished room no node runs: its ``room_state``, as a spectator sees it."""
        rid = msg.room
        if rid is None and msg.code is not None:  # (a finished game's invitation link opens it too)
            rid = await self.store.room_by_code(msg.code)  # (a room in play is found where it runs, before this)
        if rid is None:
            raise refusal(LobbyError, ErrorCode.UNKNOWN_ROOM, msg.ref, "refuse-no-code")
        room = await self.room(rid, msg.ref)
        conn.send_message(room.snapshot(await self.seat_of(session, room), time.time(), msg.ref))

    async def closed_room(self, conn: Connection, session: Session, msg: Any) -> None:
        """``get_state``, ``rematch`` or ``chat`` for a finished room no node runs (see the module docstring)."""
        room = await self.room(msg.room, msg.ref)
        if isinstance(msg, p.GetState):
            conn.send_message(room.snapshot(await self.seat_of(session, room), time.time(), msg.ref))
            return
        what = "rematch" if isinstance(msg, p.Rematch) else "chat"
        raise refusal(RoomError, ErrorCode.GAME_OVER, msg.ref, "refuse-room-closed", room=room.id, what=what)

    async def seat_of(self, session: Session, room: Room) -> int | None:
        """The seat the session's person played in ``room`` (a registered player from any device; a guest from
        its own session), or None."""
        me = await self.sessions.player_of(session.id)
        for i, seat in enumerate(room.seats):
            if seat.session is None or seat.is_bot:
                continue
            if seat.session == session.id or (me is not None and await self.sessions.player_of(seat.session) == me):
                return i
        return None

    async def player_games(self, conn: Connection, msg: p.GetPlayerGames) -> None:
        """``player_games``: a page of a registered player's (or hosted bot's) finished games, newest first."""
        game = None
        if msg.game is not None:
            try:
                game = rules.game_class(msg.game).name
            except rules.ParameterError as e:
                raise rules_refusal(LobbyError, ErrorCode.UNKNOWN_GAME, msg.ref, e) from None
        name = msg.name
        if not name.startswith("bot:"):
            stored = await self.store.load_player(name)
            if stored is None:
                raise refusal(LobbyError, ErrorCode.UNKNOWN_PLAYER, msg.ref, "refuse-no-player", name=repr(name))
            name = stored.name
        total, page = await self.store.player_games(name, game, msg.offset, msg.limit)
        fields = p.PlayerGameInfo.model_fields
        games = []
        for g in page:
            try:
                known = {k: v for k, v in g.summary.items() if k in fields}
                games.append(p.PlayerGameInfo(room=g.room, game=g.game, ended_at=g.ended_at, **known))
            except ValidationError as e:  # (a row this version cannot read: left out, the rest listed)
                log.warning("player %s: the listed game %s does not read (%s)", name, g.room, e.error_count())
        conn.send_message(p.PlayerGames(ref=msg.ref, name=name, game=game, offset=msg.offset, total=total, games=games))
