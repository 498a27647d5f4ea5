"""What the lobby checks before it makes a room or gives a seat (a base of ``server.lobby.Lobby``): the node
is accepting, it holds fewer than its maximum of unfinished rooms, the session fewer than its own, the game
is small enough to host, and a rated game is between registered players, two seats, one hosted bot at most."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy import rules
from grundy.protocol import ErrorCode
from grundy.server.errors import LobbyError

if TYPE_CHECKING:
    from grundy.server.config import NodeConfig
    from grundy.server.ports import Running
    from grundy.server.room_table import RoomTable
    from grundy.server.sessions import Session


class Admission:
    """The lobby's checks (its fields are :class:`~grundy.server.lobby.Lobby`'s)."""

    config: NodeConfig
    rooms: RoomTable
    life: Running

    def check_accepting(self, ref: Any) -> None:
        if self.life.stopping:
            raise LobbyError(ErrorCode.SHUTTING_DOWN, "the server is stopping: no new rooms", ref)

    def open_rooms_of(self, session: Session) -> int:
        """Unfinished rooms the session created or sits in (what the room cap counts)."""
        n = 0
        for rid in session.seated | session.created:
            actor = self.rooms.get(rid)
            if actor is not None and not actor.room.is_ended:
                n += 1
        return n

    def check_room_budget(self, ref: Any) -> None:
        """Refuse a new room when the node already runs its maximum of unfinished rooms (a bound on its memory)."""
        most = self.config.max_open_rooms
        if len(self.rooms) >= most and sum(1 for a in self.rooms.values() if not a.room.is_ended) >= most:
            why = f"this server holds its maximum of {most} unfinished rooms: try again later"
            raise LobbyError(ErrorCode.TOO_MANY_ROOMS, why, ref)

    def check_cap(self, session: Session, ref: Any) -> None:
        """Refuse a new room or seat when the session already has its maximum of unfinished rooms."""
        cap = self.config.max_rooms
        if self.open_rooms_of(session) >= cap:
            raise LobbyError(
                ErrorCode.TOO_MANY_ROOMS, f"you already have {cap} unfinished rooms: finish or leave one first", ref
            )

    def check_size(self, game: rules.Game, state: Any, ref: Any) -> None:
        """Refuse games too big to host: every move lists the legal moves, so their number is bounded.

        Integer lists (nim's heaps) are bounded first by their total, so that counting the
        legal moves is itself cheap; then the starting position's legal moves are counted.
        """
        cfg = self.config
        for param in game.parameters:
            value = game.params.get(param.name)
            if param.kind == "ints" and isinstance(value, list) and sum(abs(v) for v in value) > cfg.max_list_total:
                raise LobbyError(
                    ErrorCode.BAD_PARAMS,
                    f"{param.name}: a hosted {game.name} allows a total of at most {cfg.max_list_total}",
                    ref,
                )
        n = len(game.legal_moves(state))
        if n > cfg.max_legal_moves:
            raise LobbyError(
                ErrorCode.BAD_PARAMS,
                f"{game.name} with these parameters has {n} legal moves at the start; "
                f"a hosted room allows at most {cfg.max_legal_moves}",
                ref,
            )

    # ------------------------------------------------------------------ rated games

    def check_registered(self, session: Session, ref: Any) -> None:
        """Refuse a rated request from a guest."""
        if session.player is None:
            raise LobbyError(
                ErrorCode.NOT_REGISTERED,
                f"rated: {session.name!r} is a guest; register a name (grundy register NAME) and say hello with its "
                "secret, or play casual",
                ref,
            )

    def check_rateable(self, game: rules.Game, bot_seats: int, ref: Any) -> None:
        """Refuse a rated game of other than two seats, or with more than one hosted bot."""
        if game.seats != 2:
            raise LobbyError(
                ErrorCode.BAD_PARAMS, f"rated: {game.name} here has {game.seats} seats; a rated game has two", ref
            )
        if bot_seats > 1:
            raise LobbyError(ErrorCode.BAD_PARAMS, "rated: a rated game has at most one hosted bot seat", ref)
