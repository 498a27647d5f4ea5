"""The grundy wire protocol: message models, the msgpack codec and the error codes.

    >>> from grundy.protocol import Move, encode, decode_client
    >>> decode_client(encode(Move(room="r1", ply=0, move="2:3", ref=7)))
    Move(ref=7, type='move', room='r1', ply=0, move='2:3')

Imports nothing of ours: moves travel as text with their ply, positions as view maps, game
schemas as maps.  docs/PROTOCOL.md documents every message for client authors.
"""

from __future__ import annotations

from grundy.protocol import messages as _messages
from grundy.protocol.clock import TimeControlError, format_time_control, parse_time_control
from grundy.protocol.codec import decode_client, decode_server, encode, encode_map
from grundy.protocol.errors import ERROR_MEANINGS, ErrorCode, ProtocolError
from grundy.protocol.messages import *  # noqa: F403  (every message and part, by the registry: messages.__all__)

__all__ = [
    *_messages.__all__,
    "ERROR_MEANINGS",
    "ErrorCode",
    "ProtocolError",
    "TimeControlError",
    "decode_client",
    "decode_server",
    "encode",
    "encode_map",
    "format_time_control",
    "parse_time_control",
]
