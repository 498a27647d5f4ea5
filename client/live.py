"""The room on a client's screen: the reducer's room (:mod:`client.room`) plus the local clock face.

:class:`LiveRoom` folds each server message in with :func:`client.room.reduce` and keeps what
only this client knows: the local monotonic time the clocks arrived (so the running clock ticks
between messages), the room's join code, and the requests the reducer asked for (``outbox``:
a ``get_state`` after a missed move), which the client sends.  The terminal and the pygame
clients both show their room through it; the room itself is the reducer's alone.
"""

from __future__ import annotations

import time
from typing import Any

from grundy import protocol as p
from grundy.client.names import seat_label
from grundy.client.room import ClientRoom, reduce
from grundy.protocol import i18n


class LiveRoom:
    """One room as this client shows it; ``state`` is None until the first ``room_state``."""

    lang: str | None = "en"  # the language of its words (seats, marks): the client's

    def __init__(self, state: ClientRoom | None = None, now: float | None = None, code: str | None = None) -> None:
        self.state = state
        self.code = code
        self.received = time.monotonic() if now is None else now  # local time of the state's clocks
        self.outbox: list[p.GetState] = []

    @classmethod
    def from_state(cls, msg: p.RoomState, now: float | None = None, code: str | None = None) -> LiveRoom:
        """A room from a snapshot alone (the client turned to another room)."""
        state, _ = reduce(None, msg)
        return cls(state, now, code)

    def apply(self, msg: Any, now: float | None = None) -> bool:
        """Fold one server message in; False when it is not about this room (nothing changed)."""
        before = self.state
        after, sends = reduce(before, msg)
        if after is before and not sends:
            return before is not None and getattr(msg, "room", None) == before.room
        if before is not None and after is not None and after.room != before.room:
            self.code = None  # a rematch: the old room's join code is no use
        self.state = after
        self.outbox.extend(sends)
        clocks = None if after is None else (after.clocks, after.server_time)
        if clocks is not None and (before is None or clocks != (before.clocks, before.server_time)):
            self.received = time.monotonic() if now is None else now
        return True

    def refused(self, code: p.ErrorCode | str, message: str, room: str | None) -> None:
        """A request about this room was refused (the reply to it, not in the event stream): fold the error in.

        A ``stale_ply`` means the position moved on without us: the room asks for a snapshot.
        """
        value = getattr(code, "value", code)
        if room is None or room != self.room or value not in {c.value for c in p.ErrorCode}:
            return  # another room's, or a code this client does not know: nothing to fold in
        self.apply(p.Error(code=p.ErrorCode(value), message=message, room=room))

    def take_outbox(self) -> list[p.GetState]:
        """The requests the room asked for since the last call (to send now)."""
        out, self.outbox = self.outbox, []
        return out

    # ------------------------------------------------------------------ the room's fields

    def _s(self) -> ClientRoom:
        assert self.state is not None  # (no room yet: a fault of the program)
        return self.state

    room = property(lambda self: None if self.state is None else self.state.room)
    game = property(lambda self: "" if self.state is None else self.state.game)
    status = property(lambda self: "connecting" if self.state is None else self.state.status)
    params = property(lambda self: {} if self.state is None else self.state.params)
    seats = property(lambda self: [] if self.state is None else list(self.state.seats))
    you = property(lambda self: None if self.state is None else self.state.you)
    turn = property(lambda self: None if self.state is None else self.state.turn)
    ply = property(lambda self: 0 if self.state is None else self.state.ply)
    clocks = property(lambda self: None if self.state is None else self.state.clocks)
    view = property(lambda self: None if self.state is None else self.state.view)
    legal_moves = property(lambda self: None if self.state is None else self.state.legal_moves)
    moves = property(lambda self: [] if self.state is None else list(self.state.moves))
    result = property(lambda self: None if self.state is None else self.state.result)
    reason = property(lambda self: "" if self.state is None else self.state.reason)
    reason_say = property(lambda self: None if self.state is None else self.state.reason_say)
    rematch = property(lambda self: [] if self.state is None else list(self.state.rematch))
    draw_offer = property(lambda self: [] if self.state is None else list(self.state.draw_offer))
    rematch_of = property(lambda self: None if self.state is None else self.state.rematch_of)
    time_control = property(lambda self: None if self.state is None else self.state.time_control)
    rated = property(lambda self: False if self.state is None else self.state.rated)
    traits = property(lambda self: None if self.state is None else self.state.traits)
    chat = property(lambda self: [] if self.state is None else list(self.state.chat))
    heading = property(lambda self: "" if self.state is None else self.state.heading)
    winning_line = property(lambda self: () if self.state is None else self.state.winning_line)

    def mark_of(self, seat: int | None) -> str | None:
        """``seat``'s mark in a line game (``black (X)``, ``X``), or None; a colour in the room's language."""
        mark = None if self.state is None else self.state.mark_of(seat)
        if mark is None or i18n.pick(self.lang) == i18n.DEFAULT:
            return mark
        colour, _, rest = mark.partition(" ")
        return f"{i18n.tr(self.lang, f'ex-word-{colour}')} {rest}".strip() if i18n.has(f"ex-word-{colour}") else mark

    def your_mark(self) -> str:
        """What this player plays, in words: ``you play black (X)`` (stones named by colour), ``you are X``;
        ``""`` for a spectator and in games without marks."""
        mark = self.mark_of(self.you)
        if mark is None or self.state is None:
            return ""
        return i18n.tr(self.lang, "screen-you-play" if "colours" in self.state.view else "screen-you-are", mark=mark)

    def scores_text(self, scores: Any) -> str:
        """A score per seat with the players' names: ``Ann 3, Bob 1``."""
        return ", ".join(f"{self.seat_name(i)} {s:g}" for i, s in enumerate(scores))

    @property
    def view_kind(self) -> str | None:
        return None if self.state is None else self.state.view_kind

    @property
    def is_over(self) -> bool:
        return self.state is not None and self.state.is_over

    @property
    def is_my_turn(self) -> bool:
        return self.state is not None and self.state.is_my_turn

    @property
    def has_bot(self) -> bool:
        return self.state is not None and self.state.has_bot

    @property
    def can_draw(self) -> bool:
        return self.state is not None and self.state.can_draw

    @property
    def last_move(self) -> str | None:
        return None if self.state is None else self.state.last_move

    def move_texts(self) -> list[str] | None:
        return [] if self.state is None else self.state.move_texts()

    # ------------------------------------------------------------------ the clock face

    def clock_left(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left on ``seat``'s clock now (local time): the turn seat's counts down since the clocks came."""
        if self.state is None:
            return None
        now = time.monotonic() if now is None else now
        return self.state.clock_left(seat, now - self.received)

    def abort_in(self, now: float | None = None) -> float | None:
        """Seconds until the game is aborted for want of a first move; None once it has one (or is over)."""
        s = self.state
        if s is None or s.abort_at is None or s.status != "playing" or s.ply > s.opening:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, s.abort_at - s.server_time - (now - self.received))

    # ------------------------------------------------------------------ names

    def seat_name(self, seat: int) -> str:
        """How a seat is shown: its player's name, ``bot (LEVEL)``, or ``(open seat)``."""
        seats = self.seats
        if not 0 <= seat < len(seats):
            return i18n.tr(self.lang, "screen-seat", n=seat)
        return seat_label(seats[seat], self.lang)

    def names(self) -> list[str]:
        return [self.seat_name(i) for i in range(len(self.seats))]

    def others(self) -> str:
        """The names of the seats that are not ours (everyone, for a spectator)."""
        return " and ".join(self.seat_name(i) for i in range(len(self.seats)) if i != self.you) or "nobody"
