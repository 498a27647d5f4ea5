"""What the pygame client knows about its room, rebuilt from the server's messages alone.

``Table.apply(message, now)`` folds ``room_state``/``move_made``/``game_over``/... into one
value the window draws from; ``now`` is the local monotonic time, so the clock of the seat to
move ticks between messages without asking the server.  No pygame, no network: tested on
literal messages.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from grundy import protocol as p
from grundy.client.names import name_seats, seat_label


@dataclasses.dataclass
class Table:
    """The room as this client sees it: position, seats, clocks, history, result and a message line."""

    room: str | None = None
    code: str | None = None
    game: str = ""
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    status: str = "connecting"
    seats: list[p.SeatInfo] = dataclasses.field(default_factory=list)
    you: int | None = None
    turn: int | None = None
    ply: int = 0
    clocks: list[float] | None = None
    clocks_at: float = 0.0
    view: dict[str, Any] | None = None
    legal: list[str] | None = None
    moves: list[str | None] = dataclasses.field(default_factory=list)
    movers: list[int] = dataclasses.field(default_factory=list)  # the seat that made each move
    result: p.ResultInfo | None = None
    reason: str = ""
    rematch: list[int] = dataclasses.field(default_factory=list)
    draw_offer: list[int] = dataclasses.field(default_factory=list)
    rematch_of: str | None = None
    time_control: p.TimeControl | None = None
    rated: bool = False  # a game of a rated tournament: no hints while it is played
    message: str = ""
    log: list[str] = dataclasses.field(default_factory=list)  # the room's chat and events, oldest first

    # ------------------------------------------------------------------ reading

    @property
    def is_my_turn(self) -> bool:
        return self.status == "playing" and self.you is not None and self.turn == self.you

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "aborted")

    @property
    def last_move(self) -> str | None:
        """Text of the last move, or None (no move yet, or hidden from us)."""
        return self.moves[-1] if self.moves else None

    def clock(self, seat: int, now: float) -> float | None:
        """Seconds left on ``seat``'s clock at local time ``now`` (None when untimed).

        Only the seat to move loses time, and not before the first move of the game.
        """
        if self.clocks is None or seat >= len(self.clocks):
            return None
        left = self.clocks[seat]
        if self.status == "playing" and self.turn == seat and self.ply > 0:
            left -= max(0.0, now - self.clocks_at)
        return max(0.0, left)

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return seat_label(self.seats[seat])
        return f"seat {seat}"

    def names(self) -> list[str]:
        return [self.seat_name(i) for i in range(len(self.seats))]

    def others(self) -> str:
        """The names of the seats that are not ours (everyone, for a spectator)."""
        return " and ".join(self.seat_name(i) for i in range(len(self.seats)) if i != self.you) or "nobody"

    @property
    def reason_named(self) -> str:
        """The result's reason with the players' names for the seat numbers."""
        return name_seats(self.reason, self.names())

    def outcome_line(self) -> str:
        """The result in a few words, from this client's point of view."""
        if self.status == "aborted":
            return "Game aborted"
        if self.result is None:
            return ""
        outs = self.result.outcomes
        if self.you is not None and self.you < len(outs):
            return {"win": "You win", "loss": "You lose", "draw": "Draw"}[outs[self.you]]
        winners = [self.seat_name(s) for s, o in enumerate(outs) if o == "win"]
        return f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}" if winners else "Draw"

    def say(self, text: str) -> None:
        """Show ``text`` on the message line and keep it in the room's log."""
        self.message = text
        if text:
            self.log = [*self.log[-99:], text]

    # ------------------------------------------------------------------ folding messages in

    def apply(self, msg: Any, now: float) -> bool:
        """Fold one server message in; returns False for messages about another room (ignored)."""
        room = getattr(msg, "room", None)
        if isinstance(msg, p.RoomState):
            if not (self.room is None or room == self.room or msg.rematch_of == self.room):
                return False
            self._snapshot(msg, now)
            return True
        if room is not None and room != self.room:
            return False
        if isinstance(msg, p.MoveMade):
            if msg.ply < self.ply:
                return True  # already in a later snapshot
            self.ply = msg.ply + 1
            self.turn = msg.turn
            self.view = msg.view
            self.legal = msg.legal_moves
            self.moves = self.moves[: msg.ply] + [msg.move]
            self.movers = self.movers[: msg.ply] + [msg.seat]
            self._clocks(msg.clocks, now)
            self.draw_offer = []
            self.message = ""
        elif isinstance(msg, p.GameOver):
            self.status = msg.status
            self.result = msg.result
            self.reason = msg.reason
            self.view = msg.view
            self.params = msg.params
            self.turn = None
            self.legal = None
            self._clocks(msg.clocks, now)
        elif isinstance(msg, p.PlayerStatus):
            if msg.seat < len(self.seats):
                seat = self.seats[msg.seat]
                self.seats[msg.seat] = seat.model_copy(
                    update={"connected": msg.connected, "grace_until": msg.grace_until, "player": msg.player}
                )
            name = self.seat_name(msg.seat)
            self.say(f"{name} is back" if msg.connected else f"{name} lost the connection")
        elif isinstance(msg, p.DrawOffered):
            self.draw_offer = list(msg.agreed)
            if msg.seat == self.you:
                self.say(f"you offered a draw; waiting for {self.others()}")
            else:
                answer = ": F8 accepts, F9 declines" if self.you is not None else ""
                self.say(f"{self.seat_name(msg.seat)} offers a draw{answer}")
        elif isinstance(msg, p.DrawDeclined):
            self.draw_offer = []
            who = "you" if msg.seat == self.you else self.seat_name(msg.seat)
            self.say(f"{who} declined the draw")
        elif isinstance(msg, p.RematchOffered):
            self.rematch = list(msg.agreed)
            if msg.seat == self.you:
                waiting = [self.seat_name(i) for i in range(len(self.seats)) if i not in msg.agreed]
                self.say(f"you asked for a rematch; waiting for {' and '.join(waiting) or 'the new room'}")
            else:
                ask = " (F4 accepts)" if self.you is not None and self.you not in msg.agreed else ""
                self.say(f"{self.seat_name(msg.seat)} asks for a rematch{ask}")
        elif isinstance(msg, p.Chat):
            self.log = [*self.log[-99:], f"{msg.name}: {msg.text}"]
        else:
            return False
        return True

    def _snapshot(self, msg: p.RoomState, now: float) -> None:
        if self.room is not None and msg.room != self.room:
            self.code = None  # a rematch: the old room's join code is no use
            self.log, self.message = [], ""  # and the last game's words are not about this one
        self.room = msg.room
        self.game = msg.game
        self.params = msg.params
        self.status = msg.status
        self.seats = list(msg.seats)
        self.you = msg.you
        self.turn = msg.turn
        self.ply = msg.ply
        self.view = msg.view
        self.legal = msg.legal_moves
        self.moves = [m.move for m in msg.moves]
        self.movers = [m.seat for m in msg.moves]
        self.result = msg.result
        self.reason = msg.result.reason if msg.result else ""
        self.rematch = list(msg.rematch)
        self.draw_offer = list(msg.draw_offer)
        self.rematch_of = msg.rematch_of
        self.time_control = msg.time_control
        self.rated = msg.rated
        self._clocks(msg.clocks, now)

    def _clocks(self, clocks: list[float] | None, now: float) -> None:
        self.clocks = None if clocks is None else list(clocks)
        self.clocks_at = now
