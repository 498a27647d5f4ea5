"""What a room takes (events) and what it asks its shell to do (effects), in the order given."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from grundy import protocol as p
from grundy.protocol.messages import Ref
from grundy.server.clock import TimeControl
from grundy.server.errors import Refused  # the one refusal effect, the tournament's too
from grundy.server.room.values import Seat, Status

# ============================================================================ events


@dataclasses.dataclass(frozen=True, slots=True)
class Join:
    """``session`` takes ``seat`` (None: the first it may take); ``invited``: it came with the room's code.

    ``bot``: the session is a bot client (its seat says so to everyone).
    """

    session: str
    name: str
    now: float
    seat: int | None = None
    invited: bool = False
    ref: Ref | None = None
    bot: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves: frees the seat before the start, aborts before the first move, else resigns."""

    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Watch:
    """A spectator starts watching (the shell tracks who; the room counts and answers with a snapshot).

    ``seat``: the spectator is another session (device) of the player holding that seat (the shell
    checked): it sees the room as that seat and acts for it, as long as the seat is held.
    """

    session: str
    now: float
    invited: bool = False
    ref: Ref | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Unwatch:
    """A spectator's connection dropped (it watches again when it resumes; ``leave`` ends watching for good)."""

    session: str
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class GetState:
    """A player or spectator asks for the room's state (a ``room_state`` for its seat, or the public one)."""

    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """A player's move: its text, made at ``ply``."""

    session: str
    ply: int
    text: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class BotMove:
    """The bot pool's answer for a bot seat at ``ply``."""

    seat: int
    ply: int
    text: str
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class Resign:
    session: str
    now: float
    ref: Ref | None = None
    timeout: bool = False  # the client's engine crashed or fell silent: a loss on time
    failure: str | None = None  # how the engine failed (``crashed``, ``silent``), for the reason


@dataclasses.dataclass(frozen=True, slots=True)
class OfferDraw:
    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class AcceptDraw:
    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class DeclineDraw:
    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Tick:
    """Time passes: handles whatever is due by ``now`` (flag, first-move abort, grace expiry)."""

    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class Hold:
    """Moves cannot be stored for now (the cluster's store is away): from ``now`` the clock stands still and
    no deadline falls due (flag, first-move abort, grace expiry) until :class:`Release`."""

    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class Release:
    """Moves can be stored again: the clock runs on from ``now`` with the time it had when held, and every
    deadline moves on by the time held; the players get the room's state (their clocks as they stand)."""

    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class Disconnect:
    """A seat holder's connection dropped; starts its grace period."""

    session: str
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class Reconnect:
    """A seat holder is back (a resumed session); ends its grace period and sends it a snapshot."""

    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Wake:
    """The room runs on a new node (taken over, or run again from its log) and these seat holders are connected
    to the cluster: their seats are connected again without a word to the others (nobody was told they had
    gone), and each gets the room's state."""

    sessions: frozenset[str]
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class Rematch:
    """A player asks for a rematch after the end."""

    session: str
    now: float
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Chat:
    """Someone in the room (a player, or a spectator named ``name``) says ``text``."""

    session: str
    text: str
    now: float
    name: str | None = None
    ref: Ref | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Abort:
    """The server ends the room without a result (e.g. its creator cancels a waiting room)."""

    now: float
    reason: str = "the room was closed"  # (English: what older clients read)
    # the reason as a message of the catalogs ({"id", "args"}): each reader's client says it in its language
    say: Mapping[str, Any] | None = None  # (None with the default reason: ``lobby-end-closed``)


Event = (
    Join
    | Leave
    | Watch
    | Unwatch
    | GetState
    | Move
    | BotMove
    | Resign
    | OfferDraw
    | AcceptDraw
    | DeclineDraw
    | Tick
    | Hold
    | Release
    | Disconnect
    | Reconnect
    | Wake
    | Rematch
    | Chat
    | Abort
)

# ============================================================================ effects


@dataclasses.dataclass(frozen=True, slots=True)
class ToSeat:
    """The holder of a seat (the shell drops it if no connection holds the seat)."""

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class ToSession:
    """One session, seated or not (replies and errors)."""

    session: str


@dataclasses.dataclass(frozen=True, slots=True)
class ToSpectators:
    """Every spectator of the room, except the session ``exclude`` (which got its own copy)."""

    exclude: str | None = None


Target = ToSeat | ToSession | ToSpectators


@dataclasses.dataclass(frozen=True, slots=True)
class Send:
    """Send a protocol message."""

    to: Target
    message: BaseModel


@dataclasses.dataclass(frozen=True, slots=True)
class PersistMove:
    """Store this accepted move (before any Send of it): ``store.append_move(room, StoredMove(...))``."""

    room: str
    ply: int
    seat: int
    text: str
    at: float
    clocks: list[float] | None


@dataclasses.dataclass(frozen=True, slots=True)
class PersistChat:
    """Store this chat line with the room (before any Send of it); the store keeps the room's last
    ``CHAT_KEPT`` lines (``seq``: the line's number in the room's chat)."""

    room: str
    seq: int
    seat: int | None
    name: str
    text: str
    at: float


@dataclasses.dataclass(frozen=True, slots=True)
class PersistRoom:
    """Store the room's row: insert when ``created`` (``save_room``), else ``update_room``."""

    room: str
    game: str
    params: dict[str, Any]
    status: Status
    meta: dict[str, Any]
    created_at: float
    result: dict[str, Any] | None
    reason: str | None
    created: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Schedule:
    """Arm (or re-arm) the timer ``key`` to fire at ``at``; when it fires, feed ``Tick(now)``."""

    key: str
    at: float


@dataclasses.dataclass(frozen=True, slots=True)
class Cancel:
    """Disarm the timer ``key``."""

    key: str


@dataclasses.dataclass(frozen=True, slots=True)
class RequestBotMove:
    """Ask the bot pool for the move of bot ``seat`` at ``ply``; answer with ``BotMove``.

    ``params`` are the full parameters (the game is rebuilt with them and ``moves`` replayed);
    for hidden-information games a fair bot decides from ``view`` (its seat's view) only.
    """

    room: str
    seat: int
    level: str
    ply: int
    game: str
    params: dict[str, Any]
    moves: tuple[str, ...]
    budget_s: float
    view: dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class GameEnded:
    """The game ended: ``status`` finished (with ``result``, a rules result dict) or aborted."""

    room: str
    status: Status
    result: dict[str, Any] | None
    ending: p.Ending
    reason: str


@dataclasses.dataclass(frozen=True, slots=True)
class RematchAgreed:
    """Every seat asked for a rematch: the lobby creates the new room with these seats.

    ``seats`` are the old holders rotated by one (seat s moves to s+1; in a 2-seat game the
    players swap).  ``params`` are the public parameters, so a secret layout is drawn afresh.
    """

    room: str
    game: str
    params: dict[str, Any]
    time_control: TimeControl | None
    private: bool
    seats: tuple[Seat, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class WatcherChange:
    """A session starts or stops watching; ``lasting``: remember it (across reconnects and restarts) or forget it."""

    session: str
    watching: bool
    lasting: bool = False


Effect = (
    Send
    | Refused
    | PersistMove | PersistChat | PersistRoom
    | Schedule | Cancel | RequestBotMove | GameEnded | RematchAgreed | WatcherChange
)
