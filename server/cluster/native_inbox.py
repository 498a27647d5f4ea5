"""The native writer of a cluster inbox's frames for the sessions connected here (native/grundy_wire.c
``InboxWriter``; its Python twin is :class:`.inbox.InboxWriter`), as the node's native seam (server/native.py) has it.

It writes through the connections' outlets (server/native.py ``Outlet``), which a node has when it runs native rooms
(``GRUNDY_NATIVE=room``): in any other mode, or without the extension, there is none, and the inbox's Python path
writes every frame, as it always did.
"""

from __future__ import annotations

from typing import Any

from grundy.server import native


def inbox_writer(mode: str) -> Any:
    """The native ``InboxWriter`` type (``InboxWriter(outlets, max_data)``) when ``mode`` runs native rooms, else
    None."""
    if native.parse_mode(mode) != native.ROOM:
        return None
    ext = native._extension()
    return None if ext is None else getattr(ext, "InboxWriter", None)
