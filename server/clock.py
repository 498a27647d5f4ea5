"""Game clocks as pure values: Fischer time control, checked by the server.

Every seat starts with ``initial_s`` seconds.  Only the seat to move has a running clock;
it runs from the moment the previous move was accepted (or from when the clock was
started), and ``increment_s`` is added to a seat's clock after each of its moves.  Time
runs out *at* the deadline: a move accepted strictly before it is on time, and at the
deadline or later the seat has lost on time ("flagged").

Nothing here reads a clock: every function takes ``now`` (Unix seconds, float), so rooms
and tests decide what time it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any


@dataclasses.dataclass(frozen=True, slots=True)
class TimeControl:
    """Starting time per seat and the increment per move, in seconds."""

    initial_s: float
    increment_s: float = 0.0

    def __post_init__(self) -> None:
        if not self.initial_s > 0:
            raise ValueError(f"time control: initial_s must be > 0, got {self.initial_s!r}")
        if not self.increment_s >= 0:
            raise ValueError(f"time control: increment_s must be >= 0, got {self.increment_s!r}")

    def to_dict(self) -> dict[str, float]:
        return {"initial_s": self.initial_s, "increment_s": self.increment_s}

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> TimeControl | None:
        """The time control stored as a dict (None stays None: an untimed game)."""
        if d is None:
            return None
        return cls(float(d["initial_s"]), float(d.get("increment_s", 0.0)))


@dataclasses.dataclass(frozen=True, slots=True)
class Clocks:
    """Time left per seat, and which seat's clock runs since when.

    ``remaining[s]`` is exact for a stopped clock; for the running seat it is the time left
    at ``since`` (so the time left now is ``remaining[s] - (now - since)``).
    """

    remaining: tuple[float, ...]
    increment_s: float = 0.0
    running: int | None = None
    since: float | None = None

    @classmethod
    def start(cls, control: TimeControl, seats: int) -> Clocks:
        """Fresh clocks, all stopped."""
        return cls((float(control.initial_s),) * seats, float(control.increment_s))

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (negative once flagged)."""
        r = self.remaining[seat]
        if seat == self.running and self.since is not None:
            r -= now - self.since
        return r

    def snapshot(self, now: float) -> list[float]:
        """Seconds left per seat at ``now``, never below zero (what clients are shown)."""
        return [max(0.0, round(self.left(s, now), 3)) for s in range(len(self.remaining))]

    def deadline(self) -> float | None:
        """When the running seat's time runs out, or None if no clock runs."""
        if self.running is None or self.since is None:
            return None
        return self.since + self.remaining[self.running]

    def is_flagged(self, now: float) -> bool:
        """True when the running seat's time has run out by ``now``."""
        d = self.deadline()
        return d is not None and now >= d

    def run(self, seat: int | None, now: float) -> Clocks:
        """Stop the running clock (charging its time) and start ``seat``'s (None: stop all)."""
        rem = self._charged(now)
        return dataclasses.replace(self, remaining=rem, running=seat, since=None if seat is None else now)

    def moved(self, seat: int, next_seat: int | None, now: float) -> Clocks:
        """After ``seat`` moved at ``now``: charge its time, add the increment, start ``next_seat``."""
        rem = list(self._charged(now))
        rem[seat] += self.increment_s
        return Clocks(tuple(rem), self.increment_s, next_seat, None if next_seat is None else now)

    def resumed(self, now: float) -> Clocks:
        """The running clock restarted at ``now`` without charging the time since ``since``.

        Used after a server restart: the time the server was down is nobody's fault.  Also
        ends :meth:`held`: the held seat's clock runs again from ``now``.
        """
        if self.running is None:
            return self
        return dataclasses.replace(self, since=now)

    def held(self, at: float) -> Clocks:
        """The running clock stopped at ``at`` (charged until then, never before ``since``), the seat kept.

        While held no time is charged and no deadline falls due (:meth:`deadline` is None);
        :meth:`resumed` lets it run again.  Used while a move cannot be stored (the cluster's
        store is away): that time is nobody's fault either.
        """
        if self.running is None or self.since is None:
            return self
        return dataclasses.replace(self, remaining=self._charged(max(at, self.since)), since=None)

    @property
    def is_held(self) -> bool:
        """A seat's clock is due to run but stands still (:meth:`held`)."""
        return self.running is not None and self.since is None

    def with_remaining(self, remaining: Sequence[float]) -> Clocks:
        """The same clocks, stopped, with the given time left per seat (from a stored move)."""
        return Clocks(tuple(float(x) for x in remaining), self.increment_s, None, None)

    def _charged(self, now: float) -> tuple[float, ...]:
        if self.running is None or self.since is None:
            return self.remaining
        rem = list(self.remaining)
        rem[self.running] -= now - self.since
        return tuple(rem)


def bot_budget(
    clocks: Clocks | None,
    seat: int,
    now: float,
    *,
    untimed_s: float = 2.0,
    cap_s: float = 10.0,
    moves_left: int = 20,
) -> float:
    """Seconds a hosted bot may think for its next move.

    Untimed: ``untimed_s``.  Timed: an even share of the time left over ``moves_left`` more
    moves plus most of the increment, capped at ``cap_s`` and at half the time left, and at
    least 20 ms (a bot with almost no time still answers at once).
    """
    if clocks is None:
        return min(untimed_s, cap_s)
    left = max(0.0, clocks.left(seat, now))
    budget = left / max(1, moves_left) + 0.8 * clocks.increment_s
    budget = min(budget, cap_s, left * 0.5)
    return max(0.02, round(budget, 3))
