"""The native wire path (server/native.py) and its pure-Python twins give the same results for the same bytes.

The move decoder: the same model (fields, their order, the fields given) for every frame the
native decoder takes, and for every other frame the same typed error (code, text, ref), since
those go through the one Python codec.  The frame reader: the same frames, offsets and stop
for any stream cut anywhere.  The frame writer: the same bytes.  Which path a node runs is its
``native`` mode (``GRUNDY_NATIVE``, server/config.py): both are called directly here.
"""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ProtocolError, codec
from grundy.protocol.messages import MAX_FRAME_BYTES
from grundy.server import transport
from grundy.server.native import Native

SEAM = Native("wire")
if not SEAM.wire:
    pytest.skip("the native wire path is not built (pip install -e .)", allow_module_level=True)


def pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)  # type: ignore[no-any-return]


def outcome(decode: Any, frame: Any, max_size: int = MAX_FRAME_BYTES) -> tuple[Any, ...]:
    """What decoding ``frame`` gives, comparable across the two paths."""
    try:
        msg = decode(frame, max_size)
    except ProtocolError as e:
        return ("error", e.code, str(e), e.ref)
    fields = list(msg.__dict__.items())
    return ("ok", type(msg), fields, msg.__pydantic_fields_set__, msg.__pydantic_extra__, msg.__pydantic_private__)


def native_first(frame: Any, max_size: int) -> Any:
    """The gateway's decoding on a node that runs the native wire: the native decoder, then the codec."""
    msg = SEAM.decode_move(frame, max_size)
    return msg if msg is not None else codec.decode_client(frame, max_size)


def assert_same(frame: Any, max_size: int = MAX_FRAME_BYTES) -> tuple[Any, ...]:
    ours = outcome(native_first, frame, max_size)
    pure = outcome(codec.decode_client, frame, max_size)
    assert ours == pure, frame
    return ours


def test_the_off_mode_decodes_nothing_natively() -> None:
    frame = pack({"type": "move", "room": "r1", "ply": 3, "move": "1"})
    assert SEAM.decode_move(frame, MAX_FRAME_BYTES) is not None
    assert Native("off").decode_move(frame, MAX_FRAME_BYTES) is None


MOVE = {"type": "move", "room": "r1", "ply": 3, "move": "1"}

VALID = [
    MOVE,
    {**MOVE, "ref": "abc"},
    {**MOVE, "ref": 7},
    {**MOVE, "ref": None},
    {**MOVE, "ref": -5},
    {**MOVE, "ref": -(2**63)},
    {**MOVE, "ref": 2**64 - 1},
    {**MOVE, "ref": ""},
    {**MOVE, "ref": "é" * 64},
    {**MOVE, "ply": 0},
    {**MOVE, "ply": 2**64 - 1},
    {**MOVE, "ply": 2**31},
    {**MOVE, "ply": 255},
    {**MOVE, "ply": 65536},
    {**MOVE, "room": "x" * 64},
    {**MOVE, "room": "😀" * 64},
    {**MOVE, "move": "ä" * 64},
    {**MOVE, "move": "a" * 40},
    {"move": "2:3", "ply": 9, "room": "room-9", "type": "move"},  # any order
]

REFUSED = [
    {**MOVE, "ref": "x" * 65},
    {**MOVE, "ref": 1.5},
    {**MOVE, "ref": True},
    {**MOVE, "ref": [1]},
    {**MOVE, "ply": -1},
    {**MOVE, "ply": -(2**63)},
    {**MOVE, "ply": True},
    {**MOVE, "ply": 1.0},
    {**MOVE, "ply": "3"},
    {**MOVE, "room": ""},
    {**MOVE, "room": "x" * 65},
    {**MOVE, "room": "😀" * 65},
    {**MOVE, "room": 5},
    {**MOVE, "room": b"r1"},
    {**MOVE, "move": ""},
    {**MOVE, "move": "m" * 65},
    {**MOVE, "move": None},
    {**MOVE, "type": "resign"},
    {**MOVE, "type": "Move"},
    {**MOVE, "extra": 1},
    {k: v for k, v in MOVE.items() if k != "ply"},
    {k: v for k, v in MOVE.items() if k != "type"},
    {k: v for k, v in MOVE.items() if k != "room"},
    {"type": "ping"},
    {"type": "resign", "room": "r1"},
    {},
]


@pytest.mark.parametrize("obj", VALID, ids=range(len(VALID)))
def test_a_valid_move_is_the_same_model_on_both_paths(obj: dict[str, Any]) -> None:
    frame = pack(obj)
    assert SEAM.decode_move(frame, MAX_FRAME_BYTES) is not None, "the native decoder takes a valid move"
    assert assert_same(frame)[0] == "ok"


@pytest.mark.parametrize("obj", REFUSED, ids=range(len(REFUSED)))
def test_a_refused_or_other_frame_gets_the_same_answer_on_both_paths(obj: dict[str, Any]) -> None:
    frame = pack(obj)
    assert SEAM.decode_move(frame, MAX_FRAME_BYTES) is None, "only the Python codec refuses"
    assert_same(frame)


def map16(obj: dict[str, Any]) -> bytes:
    """``obj`` packed with a 16-bit map header (as some encoders write small maps)."""
    body = b"".join(pack(k) + pack(v) for k, v in obj.items())
    return b"\xde" + len(obj).to_bytes(2, "big") + body


def keys_packed_as(obj: dict[str, Any], key_kind: str) -> bytes:
    def key(k: str) -> bytes:
        data = k.encode()
        if key_kind == "str8":
            return b"\xd9" + bytes([len(data)]) + data
        if key_kind == "str16":
            return b"\xda" + len(data).to_bytes(2, "big") + data
        return b"\xc4" + bytes([len(data)]) + data  # bin: not a str key

    return bytes([0x80 | len(obj)]) + b"".join(key(k) + pack(v) for k, v in obj.items())


RAW = [
    map16(MOVE),
    map16({**MOVE, "ref": 1}),
    keys_packed_as(MOVE, "str8"),
    keys_packed_as(MOVE, "str16"),
    keys_packed_as(MOVE, "bin"),
    pack(MOVE) + b"\x00",  # trailing data
    pack(MOVE)[:-1],  # cut short
    b"\x85"
    + pack("room")
    + pack("a")
    + pack("room")
    + pack("b")
    + pack("type")
    + pack("move")
    + pack("ply")
    + pack(1)
    + pack("move")
    + pack("1"),  # a repeated key: the last counts
    b"\x84"
    + pack("type")
    + pack("move")
    + pack("room")
    + b"\xa2\xff\xfe"
    + pack("ply")
    + pack(1)
    + pack("move")
    + pack("1"),  # not UTF-8
    b"\x84"
    + pack("type")
    + pack("move")
    + pack("room")
    + b"\xa3\xed\xa0\x80"
    + pack("ply")
    + pack(1)
    + pack("move")
    + pack("1"),  # an encoded surrogate
    b"\x84"
    + pack("type")
    + pack("move")
    + pack("room")
    + pack("r")
    + pack("ply")
    + b"\xd0\x05"
    + pack("move")
    + pack("1"),  # ply as int8
    b"\x84"
    + pack("type")
    + pack("move")
    + pack("room")
    + pack("r")
    + pack("ply")
    + b"\xd3"
    + (7).to_bytes(8, "big")
    + pack("move")
    + pack("1"),  # ply as int64
    b"\x85"
    + pack("type")
    + pack("move")
    + pack("room")
    + pack("r")
    + pack("ply")
    + pack(1)
    + pack("move")
    + pack("1")
    + pack("ref")
    + b"\xd1\xff\x00",  # ref as a negative int16
    b"",
    b"\xc1",
    b"\x93\x01\x02\x03",
    pack("move"),
    pack([MOVE]),
]


@pytest.mark.parametrize("frame", RAW, ids=range(len(RAW)))
def test_unusual_encodings_get_the_same_answer_on_both_paths(frame: bytes) -> None:
    assert_same(frame)


def test_a_frame_over_the_size_limit_is_too_large_on_both_paths() -> None:
    frame = pack({**MOVE, "ref": "r"})
    for limit in (len(frame) - 1, 10, 0):
        kind, code, _text, ref = assert_same(frame, limit)
        assert (kind, code, ref) == ("error", "too_large", "r")
    assert assert_same(frame, len(frame))[0] == "ok"
    assert assert_same(bytearray(frame))[0] == "ok"
    assert assert_same(memoryview(frame))[0] == "ok"
    assert assert_same("a text frame")[0] == "error"


def test_a_move_cut_at_every_byte_gets_the_same_answer_on_both_paths() -> None:
    frame = pack({**MOVE, "ref": 12})
    for cut in range(len(frame) + 1):
        assert_same(frame[:cut])


@settings(max_examples=400, deadline=None)
@given(st.binary(min_size=1, max_size=60), st.data())
def test_any_corruption_of_a_move_gets_the_same_answer_on_both_paths(noise: bytes, data: st.DataObject) -> None:
    frame = bytearray(pack({**MOVE, "ref": "abc"}))
    at = data.draw(st.integers(0, len(frame) - 1))
    how = data.draw(st.sampled_from(["overwrite", "insert", "truncate"]))
    if how == "overwrite":
        frame[at : at + len(noise)] = noise[: len(frame) - at]
    elif how == "insert":
        frame[at:at] = noise
    else:
        del frame[at:]
    assert_same(bytes(frame))


ref_values = st.one_of(
    st.none(), st.integers(-(2**63), 2**64 - 1), st.text(max_size=70), st.booleans(), st.floats(allow_nan=False)
)


@settings(max_examples=400, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["move", "move", "resign"]),
            "room": st.text(max_size=70),
            "move": st.text(max_size=70),
        },
        optional={"ref": ref_values, "ply": st.one_of(st.integers(-(2**63), 2**64 - 1), st.booleans())},
    )
)
def test_any_move_like_map_gets_the_same_answer_on_both_paths(obj: dict[str, Any]) -> None:
    assert_same(pack(obj))


# ------------------------------------------------------------------ frames in and out


def client_frame(payload: bytes, opcode: int = 2, fin: bool = True, masked: bool = True, mask: bytes = b"") -> bytes:
    n = len(payload)
    first = (0x80 if fin else 0) | opcode
    flag = 0x80 if masked else 0
    if n < 126:
        head = bytes((first, flag | n))
    elif n < 1 << 16:
        head = bytes((first, flag | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((first, flag | 127)) + n.to_bytes(8, "big")
    if not masked:
        return head + payload
    mask = mask or bytes(random.randrange(256) for _ in range(4))
    return head + mask + bytes(b ^ mask[i & 3] for i, b in enumerate(payload))


def random_stream(rng: random.Random) -> bytes:
    frames = []
    for _ in range(rng.randrange(1, 8)):
        kind = rng.random()
        size = (
            rng.choice([0, 1, 5, 47, 125, 126, 127, 300, 65535, 65536, 70000]) if kind < 0.8 else rng.randrange(0, 130)
        )
        payload = bytes(rng.randrange(256) for _ in range(min(size, 2000))) * (size // 2000 + 1)
        payload = payload[:size]
        if kind < 0.7:
            frames.append(client_frame(payload))
        elif kind < 0.8:
            frames.append(client_frame(payload[:125], opcode=rng.choice([9, 10])))
        elif kind < 0.85:
            frames.append(client_frame(payload, opcode=1))  # text
        elif kind < 0.9:
            frames.append(client_frame(payload, fin=False))  # a fragment
        elif kind < 0.95:
            frames.append(client_frame(payload, masked=False))
        else:
            frames.append(client_frame(payload[:200], opcode=9))  # a ping over 125 bytes
    return b"".join(frames)


def native_scan(data: bytes | bytearray, limit: int) -> tuple[Any, ...]:
    """The native reader as server/transport.py calls it (its lengths are 64-bit, as a frame header's are)."""
    return SEAM.scan_frames(data, min(limit, (1 << 64) - 1))  # type: ignore[misc,no-any-return]


def test_the_frame_readers_agree_on_random_streams_cut_anywhere() -> None:
    rng = random.Random(28)
    for _ in range(300):
        stream = random_stream(rng)
        limit = rng.choice([0, 100, 1 << 16, 1 << 20, 1 << 64])
        cuts = {0, len(stream), *(rng.randrange(len(stream) + 1) for _ in range(4))}
        for cut in sorted(cuts):
            for data in (stream[:cut], bytearray(stream[:cut])):
                assert native_scan(data, limit) == transport._scan_frames(data, limit)


def test_the_frame_reader_unmasks_every_length_form() -> None:
    for size in (0, 1, 125, 126, 65535, 65536):
        payload = bytes(range(256)) * (size // 256 + 1)
        frame = client_frame(payload[:size], mask=b"\x01\x02\x03\x04")
        frames, at, stop, wanted = native_scan(frame, 1 << 64)
        assert frames == [(0x82, payload[:size], 0)] and (at, stop, wanted) == (len(frame), 0, 0)
        assert transport._scan_frames(frame, 1 << 64) == (frames, at, stop, wanted)


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_the_frame_writers_agree(size: int) -> None:
    data = bytes(range(256)) * (size // 256 + 1)
    data = data[:size]
    assert SEAM.binary_frame(data) == transport._binary_frame(data)
    assert SEAM.binary_frame(bytearray(data)) == transport._binary_frame(data)
