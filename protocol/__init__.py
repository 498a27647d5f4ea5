"""The grundy wire protocol: message models, the msgpack codec and the error codes.

    >>> from grundy.protocol import Move, encode, decode_client
    >>> decode_client(encode(Move(room="r1", ply=0, move="2:3", ref=7)))
    Move(ref=7, type='move', room='r1', ply=0, move='2:3')

Imports nothing of ours: moves travel as text with their ply, positions as view maps, game
schemas as maps.  docs/PROTOCOL.md documents every message for client authors.

The message models, the codec and the clock are imported at their first use (building the
models costs a tenth of a second or more): ``from grundy.protocol import i18n`` (a command's
words) does not pay for them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from grundy.protocol.errors import ERROR_MEANINGS, ErrorCode, ProtocolError  # noqa: F401  (light: kept here)

if TYPE_CHECKING:
    from grundy.protocol.clock import TimeControlError, format_time_control, parse_time_control  # noqa: F401
    from grundy.protocol.codec import decode_client, decode_server, encode, encode_map  # noqa: F401
    from grundy.protocol.messages import *  # noqa: F403

# The names of the package's own (the rest of __all__: every message and part, by the registry: messages.__all__).
_OWN = {
    "ERROR_MEANINGS": "errors",
    "ErrorCode": "errors",
    "ProtocolError": "errors",
    "TimeControlError": "clock",
    "decode_client": "codec",
    "decode_server": "codec",
    "encode": "codec",
    "encode_map": "codec",
    "format_time_control": "clock",
    "parse_time_control": "clock",
}
_SUBMODULES = frozenset({"clock", "codec", "errors", "gendoc", "i18n", "messages", "resend", "locales"})


def __getattr__(name: str) -> Any:
    """A message model, the codec's or the clock's function: imported on first use, then kept here."""
    if (name.startswith("__") and name != "__all__") or name in _SUBMODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # (a submodule not yet imported)
    messages = importlib.import_module("grundy.protocol.messages")
    if name == "__all__":
        value: Any = [*messages.__all__, *_OWN]
    elif name in _OWN:
        value = getattr(importlib.import_module(f"grundy.protocol.{_OWN[name]}"), name)
    elif name in messages.__all__:
        value = getattr(messages, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
