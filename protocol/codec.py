"""Frames <-> messages: one msgpack map per binary WebSocket frame, validated by pydantic.

``encode(msg)`` packs any message.  ``decode_client(frame)`` and ``decode_server(frame)``
unpack once and validate once (a ``TypeAdapter`` over the discriminated union, dispatching
on ``type``) and raise :class:`~protocol.errors.ProtocolError` — never anything else — for
a frame they cannot accept: ``too_large``, ``bad_frame`` (not one msgpack map) or
``bad_message`` (not a valid message; the text names the fields and what is wrong).  Each of
these errors carries the request's ``ref`` whenever the frame is a msgpack map with a usable
one (an integer, or a string of at most 64 characters), even when the rest of it is not
readable; ``peek_ref(frame)`` reads just that ``ref`` (for refusing a frame without decoding it).

Broadcasts: ``encode`` a message once and send the same bytes to every recipient that
gets it; the room core hands the shell one message per group of recipients for that.
"""

from __future__ import annotations

from typing import Any

import msgpack
from pydantic import BaseModel, TypeAdapter, ValidationError

from grundy.protocol.errors import ErrorCode, ProtocolError
from grundy.protocol.messages import MAX_FRAME_BYTES, MAX_REF_CHARS, ClientMessage, ServerMessage

_client_adapter: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_server_adapter: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)

_packb = msgpack.packb
_unpackb = msgpack.unpackb


def encode(msg: BaseModel) -> bytes:
    """The frame for one message (client or server): a msgpack map with every field present."""
    return _packb(msg.model_dump(), use_bin_type=True)  # type: ignore[no-any-return]


def encode_map(obj: dict[str, Any]) -> bytes:
    """Pack a raw map (tests and tools that need frames no model would build)."""
    return _packb(obj, use_bin_type=True)  # type: ignore[no-any-return]


def decode_client(frame: bytes | bytearray | memoryview | str, max_size: int = MAX_FRAME_BYTES) -> ClientMessage:
    """The client message in ``frame``; raises ProtocolError (too_large, bad_frame, bad_message).

    (A server may first offer a frame to its native move decoder, server/native.py: it takes only
    frames that are exactly a valid move and gives the model this gives; every refusal is this.)
    """
    return _decode(frame, _client_adapter, max_size)  # type: ignore[no-any-return]


def decode_server(frame: bytes | bytearray | memoryview | str, max_size: int | None = None) -> ServerMessage:
    """The server message in ``frame`` (what clients call); raises ProtocolError like decode_client."""
    return _decode(frame, _server_adapter, max_size)  # type: ignore[no-any-return]


def peek_ref(frame: bytes | bytearray | memoryview | str) -> str | int | None:
    """The ``ref`` of a frame that starts as a msgpack map, read without building the rest.

    Only the map's keys are unpacked (and the ``ref`` value); every other value is skipped.
    None when the frame is not such a map or its ``ref`` is missing or not usable (an integer,
    or a string of at most 64 characters); of repeated keys the last counts, as in decoding.
    """
    if isinstance(frame, str):
        return None
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True)
    ref: Any = None
    try:
        unpacker.feed(frame)
        for _ in range(unpacker.read_map_header()):
            if unpacker.unpack() == "ref":
                ref = unpacker.unpack()
            else:
                unpacker.skip()
    except Exception:  # a truncated, malformed or too deep frame: the entries before the fault count
        pass
    return _usable_ref(ref)


def _decode(frame: Any, adapter: TypeAdapter[Any], max_size: int | None) -> Any:
    if isinstance(frame, str):
        raise ProtocolError(ErrorCode.BAD_FRAME, "text frames are not part of the protocol: send binary frames")
    if max_size is not None and len(frame) > max_size:
        raise ProtocolError(
            ErrorCode.TOO_LARGE, f"frame of {len(frame)} bytes is over the limit of {max_size} bytes", peek_ref(frame)
        )
    try:
        obj = _unpackb(frame, raw=False, strict_map_key=True)
    except Exception as e:  # msgpack raises a handful of types (ExtraData, FormatError, StackError, ValueError...)
        raise ProtocolError(
            ErrorCode.BAD_FRAME, f"frame is not valid msgpack ({type(e).__name__})", peek_ref(frame)
        ) from None
    if type(obj) is not dict:
        raise ProtocolError(ErrorCode.BAD_FRAME, f"a frame must hold one msgpack map, not {_kind(obj)}")
    try:
        return adapter.validate_python(obj)
    except ValidationError as e:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, explain(e, obj), ref=_usable_ref(obj.get("ref"))) from None


def explain(error: ValidationError, obj: dict[str, Any]) -> str:
    """One readable sentence for a validation error: which message, which fields, what is wrong."""
    items = error.errors(include_url=False, include_context=False)
    first = items[0] if items else None
    if first is not None and first["type"] == "union_tag_not_found":
        return "message has no 'type' field"
    if first is not None and first["type"] == "union_tag_invalid":
        return f"unknown message type {_short(obj.get('type'))}"
    tag = obj.get("type")
    parts = []
    for item in items[:3]:
        loc = [str(p) for p in item["loc"][1:]]  # loc[0] is the union tag
        where = ".".join(loc) if loc else "message"
        what = item["msg"]
        if item["type"] == "missing":
            parts.append(f"field {where!r} is missing")
        elif item["type"] == "extra_forbidden":
            parts.append(f"unknown field {where!r}")
        else:
            parts.append(f"field {where!r}: {what[0].lower() + what[1:]} (got {_short(item.get('input'))})")
    more = f"; and {len(items) - 3} more" if len(items) > 3 else ""
    return f"bad {tag!r} message: " + "; ".join(parts) + more


def _usable_ref(ref: Any) -> str | int | None:
    """``ref`` if a reply can carry it (an integer of msgpack's range, a string of at most 64 characters)."""
    if (type(ref) is int and -(2**63) <= ref < 2**64) or (type(ref) is str and len(ref) <= MAX_REF_CHARS):
        return ref  # type: ignore[no-any-return]
    return None


def _kind(obj: Any) -> str:
    names = {list: "an array", str: "a string", bytes: "binary data", int: "an integer", float: "a number"}
    if obj is None:
        return "nil"
    if isinstance(obj, bool):
        return "a boolean"
    return names.get(type(obj), type(obj).__name__)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
