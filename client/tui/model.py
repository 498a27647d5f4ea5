"""What the terminal client knows about the room on screen, built from the server's messages alone.

A :class:`RoomModel` is replaced by every ``room_state`` (a full snapshot) and advanced by
``move_made``, ``game_over``, ``player_status`` and the offer messages.  It decides nothing
the server decides: it only remembers what it was told and counts the running clock down.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from grundy import protocol as p
from grundy.client.names import seat_label


@dataclasses.dataclass
class RoomModel:
    """The room as this client last heard of it; ``received`` is the local monotonic time of the clocks."""

    room: str
    game: str
    params: dict[str, Any]
    time_control: p.TimeControl | None
    status: str
    seats: list[p.SeatInfo]
    you: int | None
    turn: int | None
    ply: int
    clocks: list[float] | None
    received: float
    view: dict[str, Any]
    legal_moves: list[str] | None
    moves: list[tuple[int, str | None]]  # (seat, move text or None when hidden)
    result: p.ResultInfo | None = None
    reason: str = ""
    rematch: list[int] = dataclasses.field(default_factory=list)
    rematch_of: str | None = None
    draw_offer: list[int] = dataclasses.field(default_factory=list)
    code: str | None = None
    abort_at: float | None = None  # local monotonic time the game is aborted without a first move
    rated: bool = False  # a game of a rated tournament: no hints while it is played

    @classmethod
    def from_state(cls, msg: p.RoomState, now: float | None = None, code: str | None = None) -> RoomModel:
        """A fresh model from a snapshot (which replaces whatever was known)."""
        now = time.monotonic() if now is None else now
        return cls(
            room=msg.room,
            game=msg.game,
            params=dict(msg.params),
            time_control=msg.time_control,
            status=msg.status,
            seats=list(msg.seats),
            you=msg.you,
            turn=msg.turn,
            ply=msg.ply,
            clocks=None if msg.clocks is None else list(msg.clocks),
            received=now,
            view=dict(msg.view),
            legal_moves=msg.legal_moves,
            moves=[(m.seat, m.move) for m in msg.moves],
            result=msg.result,
            reason=msg.result.reason if msg.result else "",
            rematch=list(msg.rematch),
            rematch_of=msg.rematch_of,
            draw_offer=list(msg.draw_offer),
            code=code,
            abort_at=None if msg.abort_at is None else now + (msg.abort_at - msg.server_time),
            rated=msg.rated,
        )

    # ------------------------------------------------------------------ updates

    def apply(self, msg: Any, now: float | None = None) -> bool:
        """Advance by one room message about this room; False when it is not about this room."""
        if getattr(msg, "room", None) != self.room:
            return False
        now = time.monotonic() if now is None else now
        if isinstance(msg, p.MoveMade):
            if msg.ply != self.ply:  # a duplicate or a message from before the last snapshot
                return msg.ply < self.ply
            self.moves.append((msg.seat, msg.move))
            self.ply = msg.ply + 1
            self.turn = msg.turn
            self.view = dict(msg.view)
            self.legal_moves = msg.legal_moves
            self.clocks = None if msg.clocks is None else list(msg.clocks)
            self.received = now
            self.draw_offer = []
            self.abort_at = None
        elif isinstance(msg, p.GameOver):
            self.status = msg.status
            self.result = msg.result
            self.reason = msg.reason
            self.view = dict(msg.view)
            self.params = dict(msg.params)
            self.turn = None
            self.legal_moves = None
            if msg.clocks is not None:
                self.clocks = list(msg.clocks)
            self.received = now
        elif isinstance(msg, p.PlayerStatus):
            if 0 <= msg.seat < len(self.seats):
                self.seats[msg.seat] = self.seats[msg.seat].model_copy(
                    update={"player": msg.player, "connected": msg.connected, "grace_until": msg.grace_until}
                )
        elif isinstance(msg, p.RematchOffered):
            self.rematch = list(msg.agreed)
        elif isinstance(msg, p.DrawOffered):
            self.draw_offer = list(msg.agreed)
        elif isinstance(msg, p.DrawDeclined):
            self.draw_offer = []
        return True

    # ------------------------------------------------------------------ questions

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "aborted")

    @property
    def is_my_turn(self) -> bool:
        return self.status == "playing" and self.you is not None and self.turn == self.you

    @property
    def has_bot(self) -> bool:
        """True when a hosted bot holds a seat (a casual game where hints are offered)."""
        return any(s.kind == "bot" for s in self.seats)

    def clock_left(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left on ``seat``'s clock now: the turn seat's counts down from when the clocks arrived."""
        if self.clocks is None or not 0 <= seat < len(self.clocks):
            return None
        left = self.clocks[seat]
        if self.status == "playing" and seat == self.turn and self.ply > 0:
            now = time.monotonic() if now is None else now
            left -= now - self.received
        return max(0.0, left)

    def abort_in(self, now: float | None = None) -> float | None:
        """Seconds until the game is aborted for want of a first move; None once it has one (or is over)."""
        if self.abort_at is None or self.status != "playing" or self.ply > 0:
            return None
        return max(0.0, self.abort_at - (time.monotonic() if now is None else now))

    def seat_name(self, seat: int) -> str:
        """How a seat is shown: its player's name, ``bot (LEVEL)``, or ``(open seat)``."""
        if not 0 <= seat < len(self.seats):
            return f"seat {seat}"
        return seat_label(self.seats[seat])

    def names(self) -> list[str]:
        """Every seat's name, in seat order."""
        return [self.seat_name(i) for i in range(len(self.seats))]

    def others(self) -> str:
        """The names of the seats that are not ours (everyone, for a spectator)."""
        return " and ".join(self.seat_name(i) for i in range(len(self.seats)) if i != self.you) or "nobody"

    def move_texts(self) -> list[str] | None:
        """Every move so far in notation, or None when some are hidden from this client."""
        texts = [m for _, m in self.moves]
        if any(m is None for m in texts):
            return None
        return [m for m in texts if m is not None]


def format_clock(seconds: float | None) -> str:
    """``m:ss``, or ``s.s`` under ten seconds; ``--`` for an untimed game."""
    if seconds is None:
        return "--"
    if seconds < 10:
        return f"{seconds:4.1f}"
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def param_text(value: Any) -> str:
    """A parameter value as the command line writes it (lists comma separated)."""
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_params(text: str) -> dict[str, str]:
    """``"heaps=1,2 misere=true"`` -> ``{"heaps": "1,2", "misere": "true"}``; ValueError naming a bad item."""
    out: dict[str, str] = {}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"parameter {item!r}: write KEY=VALUE, like heaps=3,4,5")
        out[key.strip()] = value
    return out


def parse_opponent(text: str) -> p.SeatRequest:
    """``human`` (an open seat), ``invite`` or ``bot:LEVEL`` -> the opponent's seat request."""
    t = text.strip().lower()
    if t in ("human", "open", ""):
        return p.SeatRequest(kind="open")
    if t == "invite":
        return p.SeatRequest(kind="invite")
    if t == "bot" or t.startswith("bot:"):
        level = t.partition(":")[2] or "easy"
        return p.SeatRequest(kind="bot", level=level)
    raise ValueError(f"opponent {text!r}: write human, invite or bot:LEVEL (random, easy, medium, hard, max)")
