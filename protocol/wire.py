"""A cluster node's test of whether a frame is exactly a plain ``move`` request (server/cluster/adapters.py).

The native wire path (the frame reader, the move decoder, the frame writer) is no longer chosen here:
a node runs what ``NodeConfig.native`` says (``GRUNDY_NATIVE``, read by server/config.py), through
its one seam, server/native.py, which alone uses the extension.  This module keeps the name the
cluster's adapters ask for until they take the node's seam: :data:`NATIVE` offers ``decode_move``,
done by the Python codec (the same answers as the native decoder: tests/protocol/test_wire.py).
"""

from __future__ import annotations

from typing import Any

from grundy.protocol.codec import decode_client
from grundy.protocol.errors import ProtocolError


class _PlainMoves:
    """``decode_move(frame, max_size, Move)``: the Move in ``frame`` when it is exactly a valid one, else None."""

    @staticmethod
    def decode_move(frame: Any, max_size: int, cls: type) -> Any:
        try:
            msg = decode_client(frame, max_size)
        except ProtocolError:
            return None
        return msg if type(msg) is cls else None


NATIVE: Any = _PlainMoves()
