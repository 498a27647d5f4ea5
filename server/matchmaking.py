"""The lobby's pure core: quick-match queues and pending challenges.

Like the room, it is a value: ``Matchmaking.handle(event) -> (new matchmaking, effects)``,
with no I/O, no clock and no sessions; the lobby shell (:mod:`server.lobby`) feeds it and
executes the effects (rooms made, messages sent, timers armed).  A node keeps one; a cluster
keeps the same state where every node can reach it.

* Quick match: a session asks with a key (game, public parameters, clock).  It leaves any
  queue it was in, and either waits (``Queued``) or, with enough sessions waiting for the same
  key, is matched with the longest-waiting ones, in the order they asked (``Matched``).  A
  session that goes away is taken out (``Cancel``).
* Challenges: a challenge names its room, challenger, target, the seat kept for the target
  and when it lapses.  It is pending until it is settled (accepted, declined, its room ended)
  or it lapses (``Expired``: the shell aborts the room and tells the challenger).  A challenge
  to a registered player is for the person, not the session named: any session of that player
  answers it.  A target that resumes its session, or signs in again on another device, is told
  again of every challenge still pending for it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

QueueKey = tuple[str, str, tuple[float, float] | None]  # game, its public parameters as JSON, the clock


@dataclasses.dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge not answered yet."""

    room: str
    challenger: str
    target: str
    seat: int  # the seat kept for the target
    expires_at: float
    told: bytes = b""  # what the target is told (the encoded ``challenged`` message): opaque to the core
    target_name: str = ""  # the target's name (it may be connected to another node)
    person: str | None = None  # the target's registered player: any of its sessions answers (None: a guest)

    def is_for(self, session: str, person: str | None) -> bool:
        """Whether the session (being the registered player ``person``, None for a guest) is the one challenged."""
        return self.target == session or (self.person is not None and self.person == person)


# ----------------------------------------------------------------------------- events


@dataclasses.dataclass(frozen=True, slots=True)
class Ask:
    """A session asks for a quick match of ``seats`` players under ``key``."""

    session: str
    key: QueueKey
    seats: int


@dataclasses.dataclass(frozen=True, slots=True)
class Cancel:
    """A session leaves its queue (it asked to, went away, or was matched elsewhere)."""

    session: str


@dataclasses.dataclass(frozen=True, slots=True)
class Challenged:
    """A challenge was made (its room exists, the challenger seated)."""

    challenge: Challenge


@dataclasses.dataclass(frozen=True, slots=True)
class Settle:
    """A challenge's room no longer waits for an answer (accepted, declined, or ended)."""

    room: str


@dataclasses.dataclass(frozen=True, slots=True)
class Lapse:
    """A challenge's time is up."""

    room: str


@dataclasses.dataclass(frozen=True, slots=True)
class Resumed:
    """A session came back (a new connection, or a node restart), or signed in as the registered ``person``."""

    session: str
    person: str | None = None


Event = Ask | Cancel | Challenged | Settle | Lapse | Resumed

# ----------------------------------------------------------------------------- effects


@dataclasses.dataclass(frozen=True, slots=True)
class Queued:
    """The session waits under ``key``."""

    session: str
    key: QueueKey


@dataclasses.dataclass(frozen=True, slots=True)
class Matched:
    """These sessions (in seat order) make a game under ``key``: the shell opens its room."""

    key: QueueKey
    players: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Left:
    """The session left its queue (``was_waiting`` False: it was in none)."""

    session: str
    was_waiting: bool


@dataclasses.dataclass(frozen=True, slots=True)
class ArmLapse:
    """Call back with ``Lapse(room)`` at ``at``."""

    room: str
    at: float


@dataclasses.dataclass(frozen=True, slots=True)
class DisarmLapse:
    room: str


@dataclasses.dataclass(frozen=True, slots=True)
class Expired:
    """Nobody answered: the shell aborts the room and tells the challenger."""

    challenge: Challenge


@dataclasses.dataclass(frozen=True, slots=True)
class Retell:
    """Tell ``session`` (the target, or another session of the target's person) of a challenge pending for it."""

    challenge: Challenge
    session: str = ""


Effect = Queued | Matched | Left | ArmLapse | DisarmLapse | Expired | Retell
Handled = tuple["Matchmaking", list[Effect]]

# ----------------------------------------------------------------------------- the core


@dataclasses.dataclass(frozen=True, slots=True)
class Matchmaking:
    """Who waits for a quick match under which key, and which challenges are pending (treat as immutable)."""

    queues: Mapping[QueueKey, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    waiting: Mapping[str, QueueKey] = dataclasses.field(default_factory=dict)  # session -> its key
    challenges: Mapping[str, Challenge] = dataclasses.field(default_factory=dict)  # room -> its challenge

    def handle(self, event: Event) -> Handled:
        if isinstance(event, Ask):
            return self._ask(event)
        if isinstance(event, Cancel):
            return self._cancel(event.session)
        if isinstance(event, Challenged):
            c = event.challenge
            return self._with(challenges={**self.challenges, c.room: c}), [ArmLapse(c.room, c.expires_at)]
        if isinstance(event, Settle):
            if event.room not in self.challenges:
                return self, []
            return self._without_challenge(event.room), [DisarmLapse(event.room)]
        if isinstance(event, Lapse):
            lapsed = self.challenges.get(event.room)
            if lapsed is None:
                return self, []
            return self._without_challenge(event.room), [Expired(lapsed)]
        if isinstance(event, Resumed):
            mine = [c for c in self.challenges.values() if c.is_for(event.session, event.person)]
            return self, [Retell(c, event.session) for c in mine]
        raise TypeError(f"Matchmaking.handle: not an event: {event!r}")

    # ------------------------------------------------------------------ queries

    def challenges_from(self, challenger: str) -> list[Challenge]:
        return [c for c in self.challenges.values() if c.challenger == challenger]

    def challenge_to(self, target: str, room: str, person: str | None = None) -> Challenge | None:
        """The challenge pending in ``room`` for the session ``target`` (or any session of ``person``)."""
        c = self.challenges.get(room)
        return c if c is not None and c.is_for(target, person) else None

    # ------------------------------------------------------------------ transitions

    def _ask(self, ev: Ask) -> Handled:
        mm, _ = self._cancel(ev.session)
        queue = mm.queues.get(ev.key, ())
        if len(queue) + 1 < ev.seats:
            queues = {**mm.queues, ev.key: (*queue, ev.session)}
            return mm._with(queues=queues, waiting={**mm.waiting, ev.session: ev.key}), [Queued(ev.session, ev.key)]
        players = (*queue[: ev.seats - 1], ev.session)
        rest = queue[ev.seats - 1 :]
        queues = {k: v for k, v in mm.queues.items() if k != ev.key}
        if rest:
            queues[ev.key] = rest
        waiting = {s: k for s, k in mm.waiting.items() if s not in players}
        return mm._with(queues=queues, waiting=waiting), [Queued(ev.session, ev.key), Matched(ev.key, players)]

    def _cancel(self, session: str) -> Handled:
        key = self.waiting.get(session)
        if key is None:
            return self, [Left(session, False)]
        queue = tuple(s for s in self.queues.get(key, ()) if s != session)
        queues = {k: v for k, v in self.queues.items() if k != key}
        if queue:
            queues[key] = queue
        waiting = {s: k for s, k in self.waiting.items() if s != session}
        return self._with(queues=queues, waiting=waiting), [Left(session, True)]

    def _without_challenge(self, room: str) -> Matchmaking:
        return self._with(challenges={r: c for r, c in self.challenges.items() if r != room})

    def _with(self, **changes: object) -> Matchmaking:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]
