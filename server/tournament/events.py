"""What a tournament takes (events) and what it asks its shell to do (effects), in the order given."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from grundy.server.clock import TimeControl
from grundy.server.errors import Refused  # the one refusal effect, the room's too
from grundy.server.ratings import INITIAL_RATING
from grundy.server.tournament.values import Entrant, EntrantKind, Outcome, Standing

# ============================================================================ events


@dataclasses.dataclass(frozen=True, slots=True)
class Enter:
    """``session`` enters as ``kind`` (for ``hosted``, the organiser adds a bot at ``level``)."""

    session: str
    name: str
    now: float
    kind: EntrantKind = "human"
    rating: float = INITIAL_RATING  # the shell fills in ratings.current(table, player, game).value
    level: str | None = None
    player: str = ""
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw:
    """``session`` withdraws itself, or (the organiser) the entrant ``entrant``."""

    session: str | None
    now: float
    entrant: str | None = None
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Rebind:
    """The entrant ``entrant`` (a registered player) plays from ``session`` now: it entered from another
    connection.  Its later games seat ``session``; it withdraws, and is told, from there."""

    entrant: str
    session: str
    now: float
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Start:
    """Start now (``session`` None: the server itself)."""

    session: str | None
    now: float
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Stop:
    """Stop early (``session`` None: the server itself): no new game starts; it finishes when the games in play end."""

    session: str | None
    now: float
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Tick:
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class GameCreated:
    """The room for the game ``key`` exists and is called ``room``."""

    key: str
    room: str
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class GameFinished:
    """Room ``room`` ended: outcomes per seat, or None if it was aborted without a result.

    ``absent``: for an aborted game, the seats whose player never came (never joined the
    room, or never made the first move while the other seat was present); they lose it by
    forfeit instead of the game being made again.
    """

    room: str
    outcomes: Sequence[str] | None
    now: float
    absent: tuple[int, ...] = ()


Event = Enter | Withdraw | Rebind | Start | Stop | Tick | GameCreated | GameFinished

# ============================================================================ effects


@dataclasses.dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated game finished: apply it with ``ratings.record_game(table, game, players, outcomes)``."""

    tournament: str
    room: str
    game: str
    players: tuple[str, str]
    outcomes: tuple[Outcome, Outcome]


@dataclasses.dataclass(frozen=True, slots=True)
class Announce:
    """The tournament changed: store and send ``tournament.to_dict()``.

    ``tournament`` is the :class:`server.tournament.core.Tournament` after the change (typed
    loosely here: the core imports this module, not the other way round).
    """

    tournament: Any


@dataclasses.dataclass(frozen=True, slots=True)
class ResignGame:
    """A withdrawn entrant's ``session`` resigns its game in ``room``."""

    room: str
    session: str


@dataclasses.dataclass(frozen=True, slots=True)
class CreateGame:
    """Make a room for game ``key``; seats in order; answer with :class:`GameCreated`.

    One way with :mod:`server.room`: ``Room.create(room_id, game, now, params=params,
    time_control=time_control, rated=rated, private=True, seats=[SeatSpec("bot", e.level)
    if e.kind == "hosted" else SeatSpec("invite") for e in seats])``, then for every other entrant
    ``room.handle(Join(e.session, e.name, now, seat=i, invited=True))`` and tell it the room.
    A room of two hosted bots starts at once.  ``opening``: moves (in the game's notation) the
    room plays in before the first player moves (``Room.create(..., opening=opening)``).
    """

    tournament: str
    round: int
    key: str
    seats: tuple[Entrant, Entrant]
    game: str
    params: dict[str, Any]
    time_control: TimeControl | None
    rated: bool
    opening: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Finished:
    tournament: str
    standings: tuple[Standing, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Schedule:
    key: str
    at: float


Effect = RatingChange | Announce | ResignGame | CreateGame | Finished | Schedule | Refused

# The order of one event's effects, as Tournament.handle sorts them (each kind keeps its own order).
ORDER = (RatingChange, Announce, ResignGame, CreateGame, Finished, Schedule, Refused)
