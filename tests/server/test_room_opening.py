"""A room started from an opening: the moves played in, what players see, the record, a restore."""

from __future__ import annotations

import pytest

from grundy.protocol import ErrorCode
from grundy.server.clock import TimeControl
from grundy.server.room import (
    Join,
    Leave,
    Move,
    PersistMove,
    PersistRoom,
    Room,
    RoomError,
    SeatSpec,
    Send,
    Tick,
)
from grundy.server.store import StoredMove

OPENING = ["a1", "b2", "C3"]


def opened(tc: TimeControl | None = None) -> tuple[Room, list[object]]:
    room, effects = Room.create(
        "r1", "tictactoe", 10.0, seats=[SeatSpec("invite"), SeatSpec("invite")], time_control=tc, opening=OPENING
    )
    return room, list(effects)


def test_the_opening_is_played_in_and_stored_after_the_room() -> None:
    room, effects = opened()
    assert room.ply == 3 and room.opening == 3 and room.status == "waiting"
    assert [(m.ply, m.seat, m.text) for m in room.moves] == [(0, 0, "a1"), (1, 1, "b2"), (2, 0, "c3")]
    assert isinstance(effects[0], PersistRoom) and effects[0].created and effects[0].meta["opening"] == 3
    assert [(e.ply, e.seat, e.text, e.clocks) for e in effects[1:] if isinstance(e, PersistMove)] == [
        (0, 0, "a1", None),
        (1, 1, "b2", None),
        (2, 0, "c3", None),
    ]


def test_players_see_the_position_and_the_moves_and_the_clocks_start_after() -> None:
    room, _ = opened(TimeControl(60.0, 1.0))
    room, _ = room.handle(Join("s0", "Ann", 11.0, seat=0, invited=True))
    room, effects = room.handle(Join("s1", "Bob", 12.0, seat=1, invited=True))
    assert room.status == "playing" and room.turn == 1 and room.abort_at == 12.0 + room.config.abort_s
    state = next(e.message for e in effects if isinstance(e, Send) and getattr(e.message, "you", None) == 1)
    assert state.opening == 3 and state.ply == 3 and [m.move for m in state.moves] == ["a1", "b2", "c3"]
    assert state.legal_moves and "a1" not in state.legal_moves
    assert room.clocks is not None and room.clocks.running is None  # nobody's clock runs before a player moves
    room, _ = room.handle(Move("s1", 3, "a2", 20.0))
    assert room.clocks is not None and room.clocks.running == 0 and room.clocks.remaining[1] == 61.0
    assert room.abort_at is None


def test_leaving_or_no_move_before_the_first_players_move_aborts() -> None:
    room, _ = opened()
    room, _ = room.handle(Join("s0", "Ann", 11.0, seat=0, invited=True))
    room, _ = room.handle(Join("s1", "Bob", 12.0, seat=1, invited=True))
    left, _ = room.handle(Leave("s0", 13.0))
    assert left.status == "aborted" and left.result is None
    timed_out, _ = room.handle(Tick(12.0 + room.config.abort_s))
    assert timed_out.status == "aborted"


def test_the_record_marks_the_opening() -> None:
    room, _ = opened()
    room, _ = room.handle(Join("s0", "Ann", 11.0, seat=0, invited=True))
    room, _ = room.handle(Join("s1", "Bob", 12.0, seat=1, invited=True))
    for ply, (sid, move) in enumerate([("s1", "a3"), ("s0", "b1"), ("s1", "c1"), ("s0", "b3")], start=3):
        room, _ = room.handle(Move(sid, ply, move, 20.0 + ply))
    assert room.status == "finished"
    rec = room.record()
    assert rec["opening"] == 3 and [m["move"] for m in rec["moves"][:3]] == ["a1", "b2", "c3"]


def test_a_restored_room_knows_its_opening_and_its_clocks() -> None:
    room, effects = opened(TimeControl(60.0))
    room, _ = room.handle(Join("s0", "Ann", 11.0, seat=0, invited=True))
    room, _ = room.handle(Join("s1", "Bob", 12.0, seat=1, invited=True))
    moves = [StoredMove(m.ply, m.seat, m.text, m.at, None) for m in room.moves]
    back, _ = Room.restore("r1", "tictactoe", {}, room.meta(), moves, "playing", 10.0, 100.0)
    assert back.opening == 3 and back.ply == 3 and back.turn == 1
    assert back.clocks is not None and back.clocks.remaining == (60.0, 60.0) and back.clocks.running is None
    assert back.abort_at == 100.0 + back.config.abort_s  # nobody has moved yet: the first-move deadline again
    back, _ = back.handle(Move("s1", 3, "a2", 101.0))
    assert back.ply == 4 and back.abort_at is None


@pytest.mark.parametrize(
    ("opening", "why"),
    [(["a1", "a1"], "opening: move 2 'a1' is illegal"), (["a1", "a2", "b1", "b2", "c1"], "ends the game")],
)
def test_a_bad_opening_is_refused(opening: list[str], why: str) -> None:
    with pytest.raises(RoomError) as e:
        Room.create("r1", "tictactoe", 1.0, opening=opening)
    assert e.value.code == ErrorCode.BAD_PARAMS and why in e.value.message
