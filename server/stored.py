"""The values the store keeps: a room's row, its moves, a session, a registered player, a change of a room's row."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(slots=True, unsafe_hash=True)  # (made once a move: see the docstring)
class StoredMove:
    """One accepted move: its ply (0-based), the seat that made it, its text, when, clocks after it.

    A value nothing changes once made, but not a frozen dataclass: one is made for every move, and a frozen
    one's ``__init__`` (``object.__setattr__`` per field) costs about 8,000 instructions to a plain one's 1,800
    (callgrind, CPython 3.11).  Equal and hashable by its fields as a frozen one is.
    """

    ply: int
    seat: int
    text: str
    at: float
    clocks: list[float] | None = None


@dataclasses.dataclass(frozen=True)
class StoredChat:
    """One chat line of a room: its number in the room's chat (0-based), the speaker's seat (None: a
    spectator) and name, the text, when.  A store keeps a room's last ``CHAT_KEPT`` lines."""

    seq: int
    seat: int | None
    name: str
    text: str
    at: float


# The chat lines a store keeps per room (the last ones; the room keeps as many: server.room.CHAT_KEPT).
CHAT_KEPT = 100
FOUND_KEPT = 200  # puzzles taken from real games a store keeps (the newest; server/analysis.py lists them)


@dataclasses.dataclass(frozen=True)
class StoredRoom:
    """What it takes to rebuild a room: its game, parameters (incl. secret seed), seats and moves.

    ``meta`` holds what the room shell needs besides (time control, seat kinds and levels,
    session ids of the seat holders, private code, flags); ``status`` is waiting, playing,
    finished or aborted; ``result`` the rules' result dict once finished.
    """

    id: str
    game: str
    params: dict[str, Any]
    meta: dict[str, Any]
    status: str
    created_at: float
    updated_at: float
    result: dict[str, Any] | None = None
    reason: str | None = None
    moves: tuple[StoredMove, ...] = ()
    chat: tuple[StoredChat, ...] = ()  # its last CHAT_KEPT chat lines, oldest first


@dataclasses.dataclass(frozen=True)
class StoredSession:
    """A session: its id, resume token, display name, kind, the registered player it is (None: a guest) and
    the language it speaks (``hello.lang`` as protocol.i18n.pick reads it: kept for a resume on any node)."""

    id: str
    token: str
    name: str
    created_at: float
    kind: str = "human"
    player: str | None = None
    lang: str = "en"


@dataclasses.dataclass(frozen=True)
class StoredPlayer:
    """A registered player: its name as registered, the hash of its secret (never the secret), when."""

    name: str
    secret_hash: str
    created_at: float

    @property
    def key(self) -> str:
        return player_key(self.name)


@dataclasses.dataclass(frozen=True)
class PlayerGame:
    """One finished game in a player's list of games (``Store.player_games``): the room, its game, when it
    ended, and what a list shows of it (``summary``: JSON-able, the ``p.PlayerGameInfo`` fields but ``room``,
    ``game`` and ``ended_at``: the title, the seats' names, the player's seat and outcome, ...)."""

    room: str
    game: str
    ended_at: float
    summary: dict[str, Any]


@dataclasses.dataclass(frozen=True)
class StoredBan:
    """A player name the administrators banned (in any case): as it was given, why, and when."""

    name: str
    reason: str
    at: float

    @property
    def key(self) -> str:
        return player_key(self.name)


def player_key(name: str) -> str:
    """What makes two names one player: the name without regard to case (``Ann`` is ``ann``)."""
    return name.strip().lower()


@dataclasses.dataclass(frozen=True)
class RoomUpdate:
    """A change of a stored room's row (None: that field stays as it is)."""

    status: str | None = None
    meta: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    reason: str | None = None


# One write of a room's: its creation (the whole row), a change of its row, an accepted move or a chat line.
Write = tuple[str, "StoredRoom | RoomUpdate | StoredMove | StoredChat"]
