"""The native move path (server/native.py) against the Python room: the same messages for the same frames.

For rooms of subtraction in many states and frames of every kind (valid moves, refusals, the
move that ends the game, texts the rules normalise, bounds crossed, not a move at all), the
native room either takes the frame, and then the Python room (the codec, then ``Room.handle``)
accepts it as a plain move with exactly the same ``move_made`` bytes for each seat, or it
declines and changes nothing (the frame then takes the Python path).  It takes every plain
move whose text is already normal.  The moves it took are folded into the room by the Python
room's own code (``Room.with_plain_moves``), into the room the Python path makes.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import protocol as p
from grundy.protocol import ProtocolError, decode_client
from grundy.server.actor import _encode
from grundy.server.native import Native
from grundy.server.room import Join, Move, PersistMove, Room, RoomConfig, Send, ToSeat, Watch, event_from_message
from grundy.server.room.values import MoveLog
from grundy.server.stored import StoredMove

SEAM = Native("room")
pytestmark = pytest.mark.skipif(
    not SEAM.room and os.environ.get("CI") != "true",  # (CI builds it: there the tests must run)
    reason="the native move path is not built",
)

MAX = p.MAX_FRAME_BYTES
terms = Native.terms
OWNER = object()  # (the room's shell, as the seam holds it: handed back with each move, never looked into)


def playing(room_id: str, params: dict[str, Any], moves: list[str], legal: bool = True) -> Room:
    room, _ = Room.create(room_id, "subtraction", 0.0, params=params, config=RoomConfig(legal_moves=legal))
    room, _ = room.handle(Join("s0", "Ann", 1.0))
    room, _ = room.handle(Join("s1", "Bob", 1.0))
    for i, text in enumerate(moves):
        room, _ = room.handle(Move(f"s{i % 2}", i, text, 2.0 + i))
    return room


def native(room: Room) -> Any:
    """A native room for ``room``, loaded and registered with the seam (as a room's shell does)."""
    fast = SEAM.room_twin(room.id, OWNER)
    t = terms(room)
    if t is not None:
        assert fast.load(*t)
    return fast


def python_path(room: Room, frame: bytes, session: str, now: float) -> tuple[Room, list[Any]] | None:
    """What the Python path does with ``frame``: None when the codec refuses it."""
    try:
        msg = decode_client(frame, MAX)
    except ProtocolError:
        return None
    event = event_from_message(msg, session, now) if isinstance(msg, p.Move) and msg.room == room.id else None
    if event is None:
        return None
    return room.handle(event)


def is_plain_move(old: Room, new: Room, effects: list[Any]) -> bool:
    """The Python room accepted a move and did nothing else: stored it and told both seats."""
    kinds = [type(e) for e in effects]
    return (
        kinds == [PersistMove, Send, Send]
        and new.status == "playing"
        and [e.to for e in effects[1:]] == [ToSeat(0), ToSeat(1)]
        and new.ply == old.ply + 1
    )


def check(room: Room, frame: bytes, session: str, now: float = 1234.5) -> bool:
    """The two paths agree on ``frame``; True when the native room took it."""
    # (A history of its own, so the room is the newest on its columns, as a node's room always is:
    # the same room is checked with several frames.)
    room = dataclasses.replace(room, moves=MoveLog(list(room.moves)))
    fast = native(room)
    before = fast.terms
    taken = SEAM.try_move(frame, MAX, session, now)
    terms_taken = fast.terms
    moves_before = list(room.moves)
    # Once stored, a move taken is folded into the Python room (first: the room's history is then the
    # newest on its columns, as in a node; the Python path below then copies them).
    folded = None
    if taken is not None:
        assert not fast.enabled and fast.resume(taken[2])
        folded = room.with_plain_moves([StoredMove(taken[2], taken[1], taken[3], now)], frozenset())
    handled = python_path(room, frame, session, now)
    if taken is None:
        assert fast.terms == before  # (nothing changed)
        assert fast.enabled == (terms(room) is not None)
        if handled is not None and is_plain_move(room, *handled):
            text = handled[1][0].text
            msg = msgpack.unpackb(frame)
            normal = msg["move"] == text and (not isinstance(msg.get("ref"), int) or -(2**63) <= msg["ref"] < 2**63)
            assert not normal or terms(room) is None, f"a plain move the native room declined: {msg}"
        return False
    assert handled is not None, "the native room took a frame the Python path refuses"
    new, effects = handled
    assert is_plain_move(room, new, effects), effects
    owner, seat, ply, text, ref, m0, m1 = taken
    assert owner is OWNER
    stored = effects[0]
    assert (seat, ply, text, now) == (stored.seat, stored.ply, stored.text, stored.at)
    assert ref == effects[1 + seat].message.ref
    assert m0 == _encode(effects[1].message)
    assert m1 == _encode(effects[2].message)
    assert terms_taken == (new.ply, new.state.heap, new.state.turn, new.game.goal)
    # Folded, it is the room the Python path made, and the native room takes moves again.
    assert folded is not None and fast.enabled
    assert folded == new and folded.__dict__ == new.__dict__ and type(folded.state) is type(new.state)
    assert list(folded.moves) == list(new.moves) and list(room.moves) == moves_before  # (the old room unchanged)
    assert terms(folded) == terms(new)
    return True


def move(room: str, ply: Any, text: Any, **extra: Any) -> bytes:
    return msgpack.packb({"type": "move", "room": room, "ply": ply, "move": text, **extra})


def test_a_plain_move_is_taken_with_the_python_rooms_bytes() -> None:
    room = playing("r-abc", {"n": 100, "take": "1,2"}, ["1"])
    assert check(room, move("r-abc", 1, "2", ref=7), "s1")
    assert check(room, move("r-abc", 1, "1"), "s1")
    assert check(room, move("r-abc", 1, "1", ref=None), "s1")
    assert check(room, move("r-abc", 1, "1", ref="é" * 64), "s1")
    assert check(room, move("r-abc", 1, "1", ref=-(2**63)), "s1")
    assert check(room, move("r-abc", 1, "1", ref=2**63 - 1), "s1")
    assert check(playing("r-abc", {"n": 100, "take": "1,2"}, ["1"], legal=False), move("r-abc", 1, "2", ref=1), "s1")


@pytest.mark.parametrize(
    ("frame", "session"),
    [
        (move("r-abc", 1, "1"), "s0"),  # not its turn
        (move("r-abc", 1, "1"), "s9"),  # no seat
        (move("r-abc", 0, "1"), "s1"),  # a stale ply
        (move("r-abc", 2, "1"), "s1"),  # a ply ahead
        (move("r-abc", 1, "3"), "s1"),  # against the rules
        (move("r-abc", 1, "0"), "s1"),
        (move("r-abc", 1, " 1"), "s1"),  # a text the rules normalise: the Python room takes it
        (move("r-abc", 1, "01"), "s1"),
        (move("r-abc", 1, "１"), "s1"),
        (move("r-abc", 1, "x" * 65), "s1"),  # over its bound
        (move("r-xyz", 1, "1"), "s1"),  # another room
        (move("r-abc", 1, "1", ref=2**63), "s1"),  # a ref the native packer leaves to Python's
        (move("r-abc", 1, "1", ref="q" * 65), "s1"),
        (move("r-abc", 1, "1", extra=1), "s1"),
        (move("r-abc", True, "1"), "s1"),
        (msgpack.packb({"type": "resign", "room": "r-abc"}), "s1"),
        (move("r-abc", 1, "1") + b"\x00", "s1"),
        (b"\xc1", "s1"),
    ],
)
def test_anything_else_is_declined_and_changes_nothing(frame: bytes, session: str) -> None:
    assert not check(playing("r-abc", {"n": 100, "take": "1,2"}, ["1"]), frame, session)


def test_the_move_that_ends_the_game_and_rooms_with_more_going_on_take_the_python_room() -> None:
    near_end = playing("r-abc", {"n": 4, "take": "1,2"}, ["1"])  # heap 3: taking 2 or... ends only at 0
    assert check(near_end, move("r-abc", 1, "1"), "s1")  # heap 2: still playing
    assert not check(near_end, move("r-abc", 1, "3"), "s1")
    last = playing("r-abc", {"n": 3, "take": "1,2"}, ["1"])
    assert not check(last, move("r-abc", 1, "2"), "s1")  # ends the game: game_over is the Python room's
    assert terms(playing("r-abc", {"n": 10}, [])) is None  # the first move (its deadline is pending)
    watched, _ = playing("r-abc", {"n": 10}, ["1"]).handle(Watch("s7", 3.0))
    assert terms(watched) is None  # a spectator
    waiting, _ = Room.create("r-abc", "subtraction", 0.0)
    assert terms(waiting) is None


def test_a_stored_move_resumes_only_the_room_it_was_taken_in() -> None:
    room = playing("r-abc", {"n": 100, "take": "1,2"}, ["1"])
    fast = native(room)
    taken = SEAM.try_move(move("r-abc", 1, "2"), MAX, "s1", 5.0)
    assert taken is not None and not fast.enabled
    assert SEAM.try_move(move("r-abc", 2, "1"), MAX, "s0", 5.0) is None  # (until it is stored)
    assert not fast.resume(2) and not fast.enabled  # another ply
    assert fast.resume(1) and fast.enabled
    with pytest.raises(ValueError):  # the Python room refuses moves that do not follow
        room.with_plain_moves([StoredMove(2, 1, "2", 5.0)], frozenset())
    with pytest.raises(ValueError):
        room.with_plain_moves([StoredMove(1, 0, "2", 5.0)], frozenset())
    folded = room.with_plain_moves([StoredMove(1, 1, "2", 5.0)], frozenset())
    assert folded.ply == 2 and folded.state.heap == 97 and room.ply == 1


def test_a_shell_that_is_not_idle_declines() -> None:
    room = playing("r-abc", {"n": 100, "take": "1,2"}, ["1"])
    fast = native(room)
    fast.idle = False
    assert SEAM.try_move(move("r-abc", 1, "1"), MAX, "s1", 1.0) is None
    assert fast.enabled
    fast.idle = True
    assert SEAM.try_move(move("r-abc", 1, "1"), MAX, "s1", 1.0) is not None
    SEAM.forget(room.id, fast)
    assert room.id not in SEAM.rooms and not fast.enabled


def test_the_view_comes_packed_from_the_rules() -> None:
    room = playing("r-abc", {"n": 100, "take": "1,2", "goal": 3}, ["1"])
    before, between, after = terms(room)[6]
    view = room.game.full_view(room.state)
    packed = msgpack.packb(view)
    heap, turn = msgpack.packb(view["heap"]), msgpack.packb(view["to_move"])
    assert before + heap + between + turn + after == packed


refs = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.text(max_size=70),
    st.booleans(),
    st.floats(allow_nan=False),
)
texts = st.one_of(
    st.integers(0, 3),  # (one of the amounts the room takes)
    st.integers(0, 3),
    st.integers(1, 9).map(str),
    st.sampled_from(["0", "01", " 2", "2 ", "１", "", "999999999", "1000000000", "10000000000"]),
    st.text(max_size=4),
)


@settings(max_examples=400, deadline=None)
@given(
    takes=st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True),
    n=st.integers(0, 200) | st.integers(20, 200),
    goal=st.integers(0, 5),
    first=st.integers(1, 4),  # (a room takes the native path from its second move on)
    ply=st.integers(0, 4),
    text=texts,
    ref=refs,
    with_ref=st.booleans(),
    session=st.sampled_from(["s0", "s1", "s2"]),
    legal=st.booleans(),
    misere=st.booleans(),
    room_id=st.sampled_from(["r-abc", "é" * 64, "r" * 40]),
)
def test_the_two_paths_agree_on_any_frame(
    takes: list[int],
    n: int,
    goal: int,
    first: int,
    ply: int,
    text: str | int,
    ref: Any,
    with_ref: bool,
    session: str,
    legal: bool,
    misere: bool,
    room_id: str,
) -> None:
    params = {"n": goal + n, "take": ",".join(map(str, takes)), "goal": goal}
    params["rule"] = "last-loses" if misere else "last-wins"
    room, _ = Room.create(room_id, "subtraction", 0.0, params=params, config=RoomConfig(legal_moves=legal))
    room, _ = room.handle(Join("s0", "Ann", 1.0))
    room, _ = room.handle(Join("s1", "Bob", 1.0))
    for i in range(first):  # a few moves first (the smallest take), while the game goes on
        if room.status != "playing" or room.state.heap - goal < 2 * min(takes):
            break
        room, _ = room.handle(Move(f"s{i % 2}", i, str(min(takes)), 2.0 + i))
    if isinstance(text, int):
        text = str(takes[text % len(takes)])
    extra = {"ref": ref} if with_ref else {}
    check(room, move(room_id, ply, text, **extra), session)
    check(room, move(room_id, room.ply, text, **extra), f"s{room.ply % 2}")


@settings(max_examples=60, deadline=None)
@given(plays=st.lists(st.sampled_from(["1", "2", "3"]), min_size=1, max_size=40), misere=st.booleans())
def test_moves_taken_one_after_another_fold_into_the_room_the_python_path_makes(plays: list[str], misere: bool) -> None:
    rule = "last-loses" if misere else "last-wins"
    room = playing("r-abc", {"n": 1000, "take": "1,2,3", "rule": rule}, ["1"])
    room = dataclasses.replace(room, moves=MoveLog(list(room.moves)))  # (its own columns, as in a node)
    fast = native(room)
    python = dataclasses.replace(room, moves=MoveLog(list(room.moves)))  # (columns of its own, the Python path's)
    stored = []
    for i, text in enumerate(plays, start=1):
        taken = SEAM.try_move(move(room.id, i, text), MAX, f"s{i % 2}", 10.0 + i)
        assert taken is not None
        _owner, seat, ply, text_, _ref, _m0, _m1 = taken
        assert fast.resume(ply)
        stored.append(StoredMove(ply, seat, text_, 10.0 + i))
        python, _ = python.handle(Move(f"s{i % 2}", i, text, 10.0 + i))
    folded = room.with_plain_moves(stored, frozenset())
    assert terms(folded) == terms(python)
    assert folded.__dict__ == python.__dict__ and type(folded.state) is type(python.state)
    assert list(folded.moves) == list(python.moves)
    assert list(room.moves) == list(playing("r-abc", {"n": 1000, "take": "1,2,3", "rule": rule}, ["1"]).moves)


def test_a_move_the_native_rooms_decline_is_read_once() -> None:
    room = playing("r-abc", {"n": 100, "take": "1,2"}, ["1"])
    native(room)
    frame = move("r-abc", 1, "1", ref=5)
    assert SEAM.try_move(frame, MAX, "s0", 1.0) is None  # (not its turn: declined, nothing changed)
    parse, calls = SEAM._parse, []

    def counted(*args: Any) -> Any:
        calls.append(args)
        return parse(*args)

    SEAM._parse = counted
    try:
        msg = SEAM.decode_move(frame, MAX)  # the model of the frame just declined, without reading it again
        again = SEAM.decode_move(frame, MAX)  # (once only: a later frame is read)
    finally:
        SEAM._parse = parse
    assert len(calls) == 1
    pure = decode_client(frame, MAX)
    for got in (msg, again):
        assert got is not None and got.__dict__ == pure.__dict__
        assert got.__pydantic_fields_set__ == pure.__pydantic_fields_set__


def masked(payload: bytes, mask: bytes = b"\x01\x80\x7f\xfe") -> bytes:
    """``payload`` as a client's short binary frame (masked, as every client frame is)."""
    assert len(payload) < 126
    return bytes((0x82, 0x80 | len(payload))) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@settings(max_examples=300, deadline=None)
@given(
    room_id=st.sampled_from(["r-abc", "r-far", "é" * 64, "r" * 65]),
    ply=st.one_of(st.integers(0, 3), st.just(-1), st.just(True)),
    text=st.sampled_from(["1", "2", "03", " 2", "１", "", "x" * 65]),
    ref=refs,
    with_ref=st.booleans(),
    extra=st.booleans(),
    session=st.sampled_from(["s0", "s1"]),
    elsewhere=st.booleans(),
)
def test_a_frame_the_move_taker_stops_at_is_read_for_python_as_parse_move_reads_it(  # noqa: PLR0913 - one field each
    room_id: str, ply: Any, text: str, ref: Any, with_ref: bool, extra: bool, session: str, elsewhere: bool
) -> None:
    """(A cluster's node passes a valid move for a room with no native room here on to the room's node, read once:
    the fields take_moves hands over are the twin decoder's, its payload the client's, and a token is taken for it.
    A room with a native room here, a frame that is no valid move, or a taker not asked: nothing handed over.)"""
    room = playing("r-abc", {"n": 100, "take": "1,2"}, ["1"])
    fast = native(room)
    fast.idle = False  # (the native room here declines every move: its frames are never taken)
    payload = move(room_id, ply, text, **({"ref": ref} if with_ref else {}), **({"x": 1} if extra else {}))
    if len(payload) >= 126:
        return
    bucket = SEAM.Bucket(0.001, 10.0)
    level = bucket.tokens
    at, _now, taken, fields, frame = SEAM._take_moves(
        SEAM.rooms, masked(payload), session, bucket, 1 << 20, MAX, elsewhere
    )
    assert (at, taken) == (0, [])
    parsed = SEAM.move_fields(payload, MAX)
    if elsewhere and parsed is not None and room_id not in SEAM.rooms:
        assert fields == parsed and [type(v) for v in fields] == [type(v) for v in parsed]
        assert frame == payload and Native.move_model(fields) == decode_client(payload, MAX)
        assert round(level - bucket.tokens) == 1
    else:
        assert (fields, frame) == (None, None) and bucket.tokens == level


def test_the_move_taker_hands_the_frame_it_stops_at_to_pass_on_and_goes_on_after_it() -> None:
    """Moves of a read the native rooms take, then one for a room elsewhere: the first are handed over, the next is
    passed on with its token, and the read goes on after it; a move ``pass_on`` declines keeps its token and is
    where the connection's reader goes on."""
    room = playing("r-abc", {"n": 100, "take": "1,2"}, ["1"])
    native(room)
    handed, timed, passing = [], [], []
    answer = [True]

    def pass_on(session: Any, fields: Any, frame: bytes) -> bool:
        passing.append((session.id, fields, frame))
        return answer[0]

    SEAM.pass_on = pass_on
    try:
        taker = SEAM.move_taker({}, lambda *a: timed.append(a), MAX, lambda *a: handed.append(a))
    finally:
        SEAM.pass_on = None
    assert taker is not None

    class Conn:
        closing = False
        session = dataclasses.make_dataclass("S", [("id", str)])("s1")
        requests = SEAM.Bucket(0.001, 10.0)

    conn = Conn()
    far = move("r-far", 4, "2", ref=9)
    data = masked(move("r-abc", 1, "2", ref=1)) + masked(far) + masked(move("r-abc", 2, "1"))
    assert taker.take(conn, data, 1 << 20) == len(data) - len(masked(move("r-abc", 2, "1")))
    assert [t[0][0][1:3] for t in handed] == [(1, 1)] and passing == [("s1", SEAM.move_fields(far, MAX), far)]
    assert (taker.taken, taker.passed) == (1, 1) and [t[0] for t in timed] == [p.Move] and timed[0][2] == 2
    assert round(10.0 - conn.requests.tokens) == 2
    answer[0] = False  # (a room the forwarder does not know elsewhere: the connection's reader meets the frame)
    assert taker.take(conn, masked(far), 1 << 20) == 0
    assert taker.passed == 1 and round(10.0 - conn.requests.tokens) == 2 and len(passing) == 2
