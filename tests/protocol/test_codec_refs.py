"""The ``ref`` of a refused frame: read cheaply (``peek_ref``) and carried by every decoding error."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ErrorCode, ProtocolError, decode_client, encode_map
from grundy.protocol.codec import peek_ref

REFS = [0, 7, -1, 2**64 - 1, -(2**63), "", "a1", "x" * 64]
UNUSABLE = [None, True, False, 1.5, "x" * 65, b"bytes", [1], {"a": 1}]


@pytest.mark.parametrize("ref", REFS)
def test_a_usable_ref_is_read_wherever_it_sits(ref: Any) -> None:
    assert peek_ref(encode_map({"type": "ping", "ref": ref})) == ref
    assert peek_ref(encode_map({"big": list(range(1000)), "nested": {"ref": "no"}, "ref": ref, "z": 1})) == ref


@pytest.mark.parametrize("ref", UNUSABLE)
def test_an_unusable_ref_reads_as_none(ref: Any) -> None:
    assert peek_ref(encode_map({"type": "ping", "ref": ref})) is None


@pytest.mark.parametrize(
    "frame",
    [b"", b"\xc1", msgpack.packb([1, {"ref": 1}]), msgpack.packb("ref"), msgpack.packb({"x": 1}), "text frame"],
)
def test_frames_without_a_ref_read_as_none(frame: Any) -> None:
    assert peek_ref(frame) is None


def test_entries_before_a_fault_count_and_the_last_of_repeated_keys_wins() -> None:
    head = msgpack.packb({"ref": 5, "type": "ping"})
    assert peek_ref(head[:-3]) == 5  # truncated after the ref
    assert peek_ref(head + b"trailing") == 5
    two = b"\x82" + msgpack.packb("ref") + msgpack.packb(1) + msgpack.packb("ref") + msgpack.packb("two")
    assert peek_ref(two) == "two" == msgpack.unpackb(two)["ref"]


def _error(frame: bytes, max_size: int = 65_536) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        decode_client(frame, max_size)
    return caught.value


def test_every_decoding_error_of_a_map_carries_its_ref() -> None:
    # bad_message: a known type with a bad field, an unknown type, a missing type
    e = _error(encode_map({"type": "move", "ref": 3, "room": "r1", "ply": "0", "move": "1:1"}))
    assert (e.code, e.ref) == (ErrorCode.BAD_MESSAGE, 3)
    e = _error(encode_map({"type": "teleport", "ref": "t"}))
    assert (e.code, e.ref) == (ErrorCode.BAD_MESSAGE, "t")
    e = _error(encode_map({"ref": 4}))
    assert (e.code, e.ref) == (ErrorCode.BAD_MESSAGE, 4)
    # bad_frame: trailing bytes, a non-string key after the ref, a truncated map
    e = _error(encode_map({"type": "ping", "ref": 5}) + b"\x00")
    assert (e.code, e.ref) == (ErrorCode.BAD_FRAME, 5)
    e = _error(b"\x82" + msgpack.packb("ref") + msgpack.packb(6) + msgpack.packb(1) + msgpack.packb(2))
    assert (e.code, e.ref) == (ErrorCode.BAD_FRAME, 6)
    e = _error(encode_map({"ref": 8, "type": "ping"})[:-2])
    assert (e.code, e.ref) == (ErrorCode.BAD_FRAME, 8)
    # too_large
    e = _error(encode_map({"type": "chat", "ref": 7, "room": "r1", "text": "x" * 200}), max_size=100)
    assert (e.code, e.ref) == (ErrorCode.TOO_LARGE, 7)
    # none to carry
    assert _error(msgpack.packb([1, 2])).ref is None
    assert _error(encode_map({"type": "move", "ref": [1], "room": "r1"})).ref is None


_keys = st.sampled_from(["type", "ref", "room", "ply", "x"]) | st.text(max_size=4)
_scalars = st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats() | st.text(max_size=70)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_keys, _values, max_size=6), st.binary(max_size=4))
def test_peek_agrees_with_decoding(obj: dict[str, Any], tail: bytes) -> None:
    frame = msgpack.packb(obj, use_bin_type=True)
    ref = obj.get("ref")
    usable = ref if (type(ref) is int or (type(ref) is str and len(ref) <= 64)) else None
    assert peek_ref(frame) == usable
    assert peek_ref(frame + tail) == usable
    try:
        decode_client(frame + tail)
    except ProtocolError as e:
        assert e.ref == usable


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64))
def test_peek_never_raises(frame: bytes) -> None:
    ref = peek_ref(frame)
    assert ref is None or type(ref) in (int, str)
