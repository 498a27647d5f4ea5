"""(Kept for server/cluster/adapters.py, which imports these names: the native move path is server/native.py.)

``try_move`` is not None: a cluster node offers a forwarded frame to its node (``Node.forwarded_move``),
whose native seam takes it or declines (in every mode); ``deliver_here`` is None: frames to sessions go
out through the gateway's ``Connection.send``.
"""

from __future__ import annotations

from typing import Any

from grundy.server.native import MAX_UNFOLDED, Native

try_move: Any = Native.try_move
deliver_here: Any = None

__all__ = ["MAX_UNFOLDED", "deliver_here", "try_move"]
