"""The room's values: statuses, seats, the move log and its configuration (its error is ``server.errors.RoomError``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any, Literal, Protocol

from grundy import protocol as p
from grundy.server.stored import CHAT_KEPT as CHAT_KEPT  # the chat lines a room keeps (the last), as its store

Status = Literal["waiting", "playing", "finished", "aborted"]
WAITING: Status = "waiting"
PLAYING: Status = "playing"
FINISHED: Status = "finished"
ABORTED: Status = "aborted"
ENDED = (FINISHED, ABORTED)

# Bot strengths the solver offers, weakest first; FALLBACK_LEVEL answers when a bot fails.
BOT_LEVELS: tuple[str, ...] = p.BOT_LEVELS  # (the protocol's: what clients are offered in `games`)
DEFAULT_BOT_LEVEL = "medium"
FALLBACK_LEVEL = "random"


@dataclasses.dataclass(frozen=True, slots=True)
class RoomConfig:
    """Server policy for a room (defaults are the node's defaults)."""

    grace_s: float = 30.0  # a disconnected player's time to come back before forfeiting
    abort_s: float = 60.0  # time for the first move once all seats are filled
    bot_untimed_s: float = 2.0  # a bot's thinking time in untimed games
    bot_cap_s: float = 10.0  # never more than this per bot move
    legal_moves: bool = True  # send the legal moves to the seat to move in move_made

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> RoomConfig:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in (d or {}).items() if k in names})


@dataclasses.dataclass(frozen=True, slots=True)
class SeatSpec:
    """How a seat is declared: ``open``, ``invite`` (join code needed) or ``bot`` at a level."""

    kind: p.SeatKind = "open"
    level: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Seat:
    """A seat and its holder.  Bots hold their seat from the start and have no session.

    ``bot``: the holder is a bot client (a session that said ``kind: "bot"``), not a hosted bot.
    """

    kind: p.SeatKind
    level: str | None = None
    session: str | None = None
    name: str | None = None
    connected: bool = False
    grace_until: float | None = None
    bot: bool = False

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_free(self) -> bool:
        return self.kind != "bot" and self.session is None

    @property
    def is_human(self) -> bool:
        return self.kind != "bot" and self.session is not None

    @property
    def label(self) -> str:
        """The seat as people see it: its player's name, ``bot (LEVEL)`` for a hosted bot, or ``(open seat)``."""
        if self.name:
            if self.kind == "bot" and self.level and self.name == "bot":
                return f"bot ({self.level})"
            return self.name
        if self.kind == "bot":
            return f"bot ({self.level})" if self.level else "bot"
        return "(invite seat)" if self.kind == "invite" else "(open seat)"

    def freed(self) -> Seat:
        return Seat(self.kind, self.level)

    @property
    def is_hosted_bot(self) -> bool:
        """A hosted bot under its own name (``bot (LEVEL)``): its name is said in each reader's language."""
        return self.kind == "bot" and bool(self.level) and self.name in (None, "bot", f"bot ({self.level})")

    def named(self, key: str = "name") -> dict[str, Any]:
        """The seat as an argument ``key`` of a message of the catalogs: its label (a name as typed), and for a
        hosted bot ``<key>_bot``, its level (a client says ``lobby-bot`` in its language in its place)."""
        args: dict[str, Any] = {key: self.label}
        if self.is_hosted_bot:
            args[f"{key}_bot"] = self.level
        return args

    def info(self, seat: int) -> p.SeatInfo:
        return p.SeatInfo(
            seat=seat,
            kind=self.kind,
            player=self.name,
            level=self.level,
            player_say=p.Say(id="lobby-bot", args={"level": self.level}) if self.is_hosted_bot else None,
            connected=self.connected,
            grace_until=self.grace_until,
            bot=self.bot,
        )


@dataclasses.dataclass(frozen=True, slots=True)
class MoveRecord:
    """One accepted move (attribute names match the store's ``StoredMove``)."""

    ply: int
    seat: int
    text: str
    at: float
    clocks: tuple[float, ...] | None = None


class MoveLog(Sequence[MoveRecord]):
    """A room's moves: an immutable sequence of :class:`MoveRecord` that successive rooms share.

    Each value sees the first ``len`` moves of shared columns.  :meth:`appended` adds in
    place when this value is the newest one on its columns (the usual case: one room after
    another) and copies otherwise (an older room branching), so extending a history of n
    moves costs O(1), not O(n), and no room ever sees a move made after it.  The columns hold
    numbers and text (and clock tuples in timed games), none of which the garbage collector
    tracks: a move adds nothing for its passes to walk; records are made on reading.
    """

    __slots__ = ("_seats", "_texts", "_ats", "_clocks", "_n")

    def __init__(self, records: Sequence[MoveRecord] = ()) -> None:
        self._seats: list[int] = [r.seat for r in records]
        self._texts: list[str] = [r.text for r in records]
        self._ats: list[float] = [r.at for r in records]
        self._clocks: list[tuple[float, ...] | None] = [r.clocks for r in records]
        self._n = len(self._seats)

    def appended(self, rec: MoveRecord) -> MoveLog:
        """This history plus ``rec`` (``self`` is unchanged); ``rec.ply`` must be ``len(self)``."""
        return self._appended(rec.seat, rec.text, rec.at, rec.clocks)

    def _appended(self, seat: int, text: str, at: float, clocks: tuple[float, ...] | None) -> MoveLog:
        n = self._n
        new = object.__new__(MoveLog)
        if n == 0 or len(self._seats) != n:  # (fresh columns: an empty log is shared by rooms)
            new._seats, new._texts = self._seats[:n], self._texts[:n]
            new._ats, new._clocks = self._ats[:n], self._clocks[:n]
        else:
            new._seats, new._texts, new._ats, new._clocks = self._seats, self._texts, self._ats, self._clocks
        new._seats.append(seat)
        new._texts.append(text)
        new._ats.append(at)
        new._clocks.append(clocks)
        new._n = n + 1
        return new

    def _extended(self, seats: list[int], texts: list[str], ats: list[float]) -> MoveLog:
        """This history plus moves without clocks given as columns (their seats, texts and times, plies from
        ``len(self)`` on) in one step, as :meth:`_appended` adds one."""
        n = self._n
        new = object.__new__(MoveLog)
        if n == 0 or len(self._seats) != n:  # (fresh columns, as in _appended)
            new._seats, new._texts = self._seats[:n], self._texts[:n]
            new._ats, new._clocks = self._ats[:n], self._clocks[:n]
        else:
            new._seats, new._texts, new._ats, new._clocks = self._seats, self._texts, self._ats, self._clocks
        new._seats.extend(seats)
        new._texts.extend(texts)
        new._ats.extend(ats)
        new._clocks.extend([None] * len(seats))
        new._n = n + len(seats)
        return new

    def _record(self, i: int) -> MoveRecord:
        return MoveRecord(i, self._seats[i], self._texts[i], self._ats[i], self._clocks[i])

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple(self._record(j) for j in range(*i.indices(self._n)))
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("move index out of range")
        return self._record(i)

    def __iter__(self) -> Iterator[MoveRecord]:
        return map(self._record, range(self._n))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveLog):
            return self._n == other._n and (self._seats is other._seats or tuple(self) == tuple(other))
        if isinstance(other, (tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"MoveLog({list(self)!r})"


_NO_MOVES = MoveLog()


@dataclasses.dataclass(frozen=True, slots=True)
class ChatLine:
    """One line said in the room: its number in the room's chat (0-based, never reused), the speaker's
    seat (None: a spectator) and name, the text and when (attribute names match the store's ``StoredChat``)."""

    seq: int
    seat: int | None
    name: str
    text: str
    at: float

    def info(self) -> p.ChatLine:
        return p.ChatLine(seat=self.seat, name=self.name, text=self.text, at=self.at)


class ChatLike(Protocol):
    """Anything with a stored chat line's attributes (``StoredChat``, :class:`ChatLine`)."""

    @property
    def seq(self) -> int: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def at(self) -> float: ...


class MoveLike(Protocol):
    """Anything with a stored move's attributes (``StoredMove``, :class:`MoveRecord`)."""

    @property
    def ply(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def at(self) -> float: ...
    @property
    def clocks(self) -> Sequence[float] | None: ...
