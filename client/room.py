"""The room a client shows, folded from the server's messages: one pure reducer for every client.

``reduce(room, msg) -> (room, sends)`` takes the room as last known (or None) and one server
message and returns the room after it with the requests the client should send (a ``get_state``
when a ``move_made`` was missed).  No I/O, no clocks, no game names: the terminal client, the
pygame client and the SDK all keep their room this way, and the browser's model follows the same
rules (``tests/client/recordings/README.md`` states them; the recorded streams there are replayed
by both).  A client's local clock face is its own business: the room keeps the server's
``server_time`` and ``clocks`` as given.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from grundy import protocol as p
from grundy.protocol.errors import ErrorCode

CHAT_KEPT = 100  # lines of a room's chat a client keeps (as many as the room sends in room_state)


@dataclasses.dataclass(frozen=True)
class ChatLine:
    """One line said in the room."""

    seat: int | None
    name: str
    text: str
    at: float


@dataclasses.dataclass(frozen=True)
class ClientRoom:
    """The room as this client last heard of it (see the recordings' README for every field)."""

    room: str
    game: str
    params: dict[str, Any]
    time_control: p.TimeControl | None
    status: str
    seats: tuple[p.SeatInfo, ...]
    you: int | None
    turn: int | None
    ply: int
    clocks: tuple[float, ...] | None
    server_time: float
    view: dict[str, Any]
    legal_moves: tuple[str, ...] | None
    moves: tuple[p.MoveInfo, ...]
    opening: int = 0
    draw_offer: tuple[int, ...] = ()
    rematch: tuple[int, ...] = ()
    result: p.ResultInfo | None = None
    reason: str = ""
    reason_say: p.Say | None = None  # ``reason`` as a message of the catalogs (the node's, for each reader's language)
    abort_at: float | None = None
    rematch_of: str | None = None
    rated: bool = False
    traits: p.Traits | None = None
    chat: tuple[ChatLine, ...] = ()
    stale: bool = False
    title: str = ""

    # ------------------------------------------------------------------ questions

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "aborted")

    @property
    def is_my_turn(self) -> bool:
        return self.status == "playing" and self.you is not None and self.turn == self.you

    @property
    def has_bot(self) -> bool:
        """A hosted bot holds a seat (a casual game where hints are offered)."""
        return any(s.kind == "bot" for s in self.seats)

    @property
    def can_draw(self) -> bool:
        """Draw offers make sense in this room (the game can end level, and no hosted bot sits)."""
        return self.traits is not None and self.traits.can_draw and not self.has_bot

    @property
    def view_kind(self) -> str | None:
        return None if self.traits is None else self.traits.view

    @property
    def heading(self) -> str:
        """The room's title in words (``King race to a1, 8x8``); the game's name from a server that sends none."""
        return self.title or self.game

    @property
    def winning_line(self) -> tuple[str, ...]:
        """The cells of the line that won the game (a line game), to mark on the board; empty otherwise."""
        line = None if self.result is None else self.result.line
        return tuple(line or ())

    def marks(self) -> list[str] | None:
        """What each seat plays, seat 0 first (``black``, ``white`` or ``X``, ``O``), from the view of a line
        game; None for other games and while an opening has not settled the colours."""
        return seat_marks(self.view)

    def mark_of(self, seat: int | None) -> str | None:
        """``seat``'s mark in words (``black (X)``, ``X``), or None."""
        marks = self.marks()
        return marks[seat] if marks is not None and seat is not None and 0 <= seat < len(marks) else None

    @property
    def last_move(self) -> str | None:
        """The last move's text; None before the first move or when it is hidden from us."""
        return self.moves[-1].move if self.moves else None

    def move_texts(self) -> list[str] | None:
        """Every move so far in notation, or None when some are hidden from this client."""
        texts = [m.move for m in self.moves]
        if any(t is None for t in texts):
            return None
        return [t for t in texts if t is not None]

    def clock_left(self, seat: int, elapsed: float) -> float | None:
        """Seconds left on ``seat``'s clock ``elapsed`` seconds after the clocks arrived (None untimed).

        Only the seat to move loses time, and not before the first move after the opening.
        """
        if self.clocks is None or not 0 <= seat < len(self.clocks):
            return None
        left = self.clocks[seat]
        if self.status == "playing" and seat == self.turn and self.ply > self.opening:
            left -= max(0.0, elapsed)
        return max(0.0, left)

    # ------------------------------------------------------------------ as data

    def to_json(self) -> dict[str, Any]:
        """The room as plain data, the shape the recordings hold."""
        return {
            "room": self.room,
            "game": self.game,
            "params": dict(self.params),
            "time_control": None if self.time_control is None else self.time_control.model_dump(mode="json"),
            "status": self.status,
            "seats": [s.model_dump(mode="json") for s in self.seats],
            "you": self.you,
            "turn": self.turn,
            "ply": self.ply,
            "clocks": None if self.clocks is None else list(self.clocks),
            "server_time": self.server_time,
            "view": dict(self.view),
            "legal_moves": None if self.legal_moves is None else list(self.legal_moves),
            "moves": [m.model_dump(mode="json") for m in self.moves],
            "opening": self.opening,
            "draw_offer": list(self.draw_offer),
            "rematch": list(self.rematch),
            "result": None if self.result is None else self.result.model_dump(mode="json"),
            "reason": self.reason,
            "reason_say": None if self.reason_say is None else self.reason_say.model_dump(mode="json"),
            "abort_at": self.abort_at,
            "rematch_of": self.rematch_of,
            "rated": self.rated,
            "traits": None if self.traits is None else self.traits.model_dump(mode="json"),
            "chat": [dataclasses.asdict(c) for c in self.chat],
            "stale": self.stale,
            "title": self.title,
        }


def from_state(msg: p.RoomState) -> ClientRoom:
    """A room from a snapshot, which replaces whatever was known, its chat too (the room's last lines)."""
    return ClientRoom(
        room=msg.room,
        game=msg.game,
        params=dict(msg.params),
        time_control=msg.time_control,
        status=msg.status,
        seats=tuple(msg.seats),
        you=msg.you,
        turn=msg.turn,
        ply=msg.ply,
        clocks=None if msg.clocks is None else tuple(msg.clocks),
        server_time=msg.server_time,
        view=dict(msg.view),
        legal_moves=None if msg.legal_moves is None else tuple(msg.legal_moves),
        moves=tuple(msg.moves),
        opening=msg.opening,
        draw_offer=tuple(sorted(msg.draw_offer)),
        rematch=tuple(sorted(msg.rematch)),
        result=msg.result,
        reason=msg.result.reason if msg.result is not None else "",
        reason_say=msg.result.reason_say if msg.result is not None else None,
        abort_at=msg.abort_at,
        rematch_of=msg.rematch_of,
        rated=msg.rated,
        traits=msg.traits,
        chat=tuple(ChatLine(seat=c.seat, name=c.name, text=c.text, at=c.at) for c in msg.chat)[-CHAT_KEPT:],
        title=msg.title,
    )


def seat_marks(view: dict[str, Any]) -> list[str] | None:
    """Each seat's mark in a line game's view (the ``line`` kind): the colour it plays with its stone letter
    (``black (X)``) where stones are named by colour, else its letter (``X``); None elsewhere, and while an
    opening may still change who plays which colour."""
    symbols, colours = view.get("symbols"), view.get("colours")
    if isinstance(symbols, dict) and isinstance(colours, list):
        if view.get("colours_chosen") is False:
            return None
        return [f"{c} ({symbols[c]})" if c in symbols else str(c) for c in colours]
    if isinstance(symbols, list) and all(isinstance(s, str) for s in symbols):
        return list(symbols)
    return None


Sends = list[p.GetState]


def reduce(room: ClientRoom | None, msg: Any) -> tuple[ClientRoom | None, Sends]:
    """The room after ``msg``, and what to send because of it (a ``get_state`` after a gap)."""
    if isinstance(msg, p.RoomState):
        if room is None:
            return from_state(msg), []
        if msg.room == room.room or msg.rematch_of == room.room:
            return from_state(msg), []
        return room, []
    if room is None or getattr(msg, "room", None) != room.room:
        return room, []
    if isinstance(msg, p.MoveMade):
        return _moved(room, msg)
    if isinstance(msg, p.GameOver):
        seats = tuple(s if s.grace_until is None else s.model_copy(update={"grace_until": None}) for s in room.seats)
        return dataclasses.replace(
            room,
            status=msg.status,
            result=msg.result,
            reason=msg.reason,
            reason_say=msg.reason_say,
            view=dict(msg.view),
            params=dict(msg.params),
            clocks=None if msg.clocks is None else tuple(msg.clocks),
            turn=None,
            legal_moves=None,
            draw_offer=(),
            abort_at=None,
            seats=seats,
        ), _reveal(room)
    if isinstance(msg, p.PlayerStatus):
        if not 0 <= msg.seat < len(room.seats):
            return room, []
        seat = room.seats[msg.seat].model_copy(
            update={"player": msg.player, "connected": msg.connected, "grace_until": msg.grace_until}
        )
        seats = (*room.seats[: msg.seat], seat, *room.seats[msg.seat + 1 :])
        return dataclasses.replace(room, seats=seats), []
    if isinstance(msg, p.DrawOffered):
        return dataclasses.replace(room, draw_offer=tuple(sorted(msg.agreed))), []
    if isinstance(msg, p.DrawDeclined):
        return dataclasses.replace(room, draw_offer=()), []
    if isinstance(msg, p.RematchOffered):
        return dataclasses.replace(room, rematch=tuple(sorted(msg.agreed))), []
    if isinstance(msg, p.Chat):
        line = ChatLine(seat=msg.seat, name=msg.name, text=msg.text, at=msg.at)
        return dataclasses.replace(room, chat=(*room.chat, line)[-CHAT_KEPT:]), []
    if isinstance(msg, p.Error) and msg.code == ErrorCode.STALE_PLY:
        return _gap(room)
    return room, []


def _moved(room: ClientRoom, msg: p.MoveMade) -> tuple[ClientRoom, Sends]:
    if msg.ply < room.ply:
        return room, []  # already applied, or from before the last snapshot
    if msg.ply > room.ply:
        return _gap(room)
    entry = p.MoveInfo(ply=msg.ply, seat=msg.seat, move=msg.move, at=msg.server_time)
    return dataclasses.replace(
        room,
        moves=(*room.moves, entry),
        ply=msg.ply + 1,
        turn=msg.turn,
        view=dict(msg.view),
        legal_moves=None if msg.legal_moves is None else tuple(msg.legal_moves),
        clocks=None if msg.clocks is None else tuple(msg.clocks),
        server_time=msg.server_time,
        abort_at=None,
        # the server keeps an offer when its offerer moves; a move by anyone else lets it lapse
        draw_offer=room.draw_offer if msg.seat in room.draw_offer else (),
    ), []


def _reveal(room: ClientRoom) -> Sends:
    """After the end the server shows every move: ask for them when some were hidden from us."""
    return [p.GetState(room=room.room)] if any(m.move is None for m in room.moves) else []


def _gap(room: ClientRoom) -> tuple[ClientRoom, Sends]:
    """A move was missed (or ours came too late): ask for a snapshot once, until it comes."""
    if room.stale:
        return room, []
    return dataclasses.replace(room, stale=True), [p.GetState(room=room.room)]


def request_json(req: p.GetState) -> dict[str, Any]:
    """A request as the recordings write it: its fields without ``ref``."""
    return req.model_dump(mode="json", exclude={"ref"})
