"""The native per-move wire path, when it is there: ``_grundy_wire`` (native/grundy_wire.c).

It does three things of every move in C: reading client frames (server/transport.py), decoding a
``move`` request (:func:`protocol.codec.decode_client`) and framing what the server writes.
Each has a pure-Python twin that runs when the extension is missing (it is optional: a build
without a C compiler installs without it) or when ``GRUNDY_PURE_WIRE=1`` is set in the
environment (tests run both; tests/protocol/test_wire.py holds them to the same results).
The same extension holds the server's native move path (server/fast_moves.py: the plain move
of a playing room, ``GRUNDY_PURE_ROOM=1`` turns it off) and the common case of a connection's
send (``send_now``, server/transport.py); ``GRUNDY_PURE_WIRE=1`` turns those off too.

The native decoder only ever *accepts* frames: a frame that is exactly a valid ``move`` request
becomes the same model the validator builds; anything else (another message, a bound crossed,
bad msgpack, a frame over the size limit) goes to the Python codec, so every refusal and its
typed error come from one place.
"""

from __future__ import annotations

import os
from types import ModuleType

ENV_PURE = "GRUNDY_PURE_WIRE"


def _load() -> ModuleType | None:
    if os.environ.get(ENV_PURE, "").strip() not in ("", "0"):
        return None
    try:
        import _grundy_wire
    except ImportError:
        return None
    return _grundy_wire


NATIVE: ModuleType | None = _load()
"""The extension module, or None: the pure-Python path."""
