"""What the lobby checks before it makes a room or gives a seat (a base of ``server.lobby.Lobby``): the node
is accepting, it holds fewer than its maximum of unfinished rooms, the session fewer than its own, the game
is small enough to host, and a rated game is between registered players, two seats, one hosted bot at most."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy import rules
from grundy.protocol import ErrorCode
from grundy.server.errors import LobbyError
from grundy.server.refusals import refusal

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
            raise refusal(LobbyError, ErrorCode.SHUTTING_DOWN, ref, "refuse-stopping-rooms")

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
            raise refusal(LobbyError, ErrorCode.TOO_MANY_ROOMS, ref, "refuse-server-rooms", n=most)

    def check_cap(self, session: Session, ref: Any) -> None:
        """Refuse a new room or seat when the session already has its maximum of unfinished rooms."""
        cap = self.config.max_rooms
        if self.open_rooms_of(session) >= cap:
            raise refusal(LobbyError, ErrorCode.TOO_MANY_ROOMS, ref, "refuse-your-rooms", n=cap)

    def check_size(self, game: rules.Game, state: Any, ref: Any) -> None:
        """Refuse games too big to host: every move lists the legal moves, so their number is bounded.

        Integer lists (nim's heaps) are bounded first by their total, so that counting the
        legal moves is itself cheap; then the starting position's legal moves are counted.
        """
        cfg = self.config
        for param in game.parameters:
            value = game.params.get(param.name)
            if param.kind == "ints" and isinstance(value, list) and sum(abs(v) for v in value) > cfg.max_list_total:
                raise refusal(LobbyError, ErrorCode.BAD_PARAMS, ref, "refuse-list-total", param=param.name,
                              game=game.name, most=cfg.max_list_total)
        n = len(game.legal_moves(state))
        if n > cfg.max_legal_moves:
            raise refusal(LobbyError, ErrorCode.BAD_PARAMS, ref, "refuse-too-many-moves", game=game.name, n=n,
                          most=cfg.max_legal_moves)

    # ------------------------------------------------------------------ rated games

    def check_registered(self, session: Session, ref: Any) -> None:
        """Refuse a rated request from a guest."""
        if session.player is None:
            raise refusal(LobbyError, ErrorCode.NOT_REGISTERED, ref, "refuse-you-are-guest", name=repr(session.name))

    def check_rateable(self, game: rules.Game, bot_seats: int, ref: Any) -> None:
        """Refuse a rated game of other than two seats, or with more than one hosted bot."""
        if game.seats != 2:
            raise refusal(LobbyError, ErrorCode.BAD_PARAMS, ref, "refuse-rated-seats", game=game.name, seats=game.seats)
        if bot_seats > 1:
            raise refusal(LobbyError, ErrorCode.BAD_PARAMS, ref, "refuse-rated-bots")
