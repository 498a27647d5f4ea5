"""The one place the server reaches into websockets' private internals, for speed.

Two shortcuts, both measured (``bench/RESULTS.md``, server load):

* **Frames in without a task hop** (:class:`FastServerConnection`): a whole binary frame goes
  from websockets' parser straight to the gateway's handler, instead of through the
  connection's message queue and a wake-up of the handler task.  It reads the private
  ``recv_messages.frames`` queue to keep order (only when nothing waits there).
* **Frames out without a task** (:func:`write_now`): when the connection is open, not paused by
  flow control and sends nothing else, a server's binary frame (no extension negotiated: the
  node turns compression off) is just a header and the data, written to the transport at once.
  It reads ``protocol.state``, ``protocol.extensions``, ``protocol.writes``, ``paused`` and
  ``send_in_progress``.

:func:`check` says whether the installed websockets still has every internal these use; a
test fails loudly when it does not (a new websockets release), and the node then runs on
websockets' public API alone (:data:`FAST` is false: plain ``ServerConnection`` and
``await ws.send``), slower but correct.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable

import websockets
from websockets.asyncio.connection import Connection as _AsyncConnection
from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import Event, State
from websockets.server import ServerProtocol

log = logging.getLogger("grundy.transport")

TESTED_WEBSOCKETS = "17."  # the releases these shortcuts were written and measured against


class TransportMismatch(RuntimeError):
    """The installed websockets lacks an internal the shortcuts rely on."""


def check() -> None:
    """Raise :class:`TransportMismatch` naming what changed, if the shortcuts cannot run on this websockets."""
    missing: list[str] = []
    version = websockets.version.version
    if not version.startswith(TESTED_WEBSOCKETS):
        missing.append(f"websockets {version} is not a {TESTED_WEBSOCKETS}x release")
    init = inspect.getsource(_AsyncConnection.__init__)
    for attr in ("self.recv_messages", "self.send_in_progress", "self.paused", "self.protocol"):
        if attr not in init:
            missing.append(f"Connection no longer sets {attr}")
    for name in ("process_event", "send_data"):
        if not callable(getattr(_AsyncConnection, name, None)):
            missing.append(f"Connection.{name} is gone")
    from websockets.asyncio.messages import Assembler

    if "self.frames" not in inspect.getsource(Assembler.__init__):
        missing.append("Assembler no longer keeps its frames in self.frames")
    proto = ServerProtocol()
    for attr in ("state", "extensions", "writes"):
        if not hasattr(proto, attr):
            missing.append(f"the sans-I/O protocol has no {attr!r}")
    if not callable(getattr(proto, "send_binary", None)):
        missing.append("the sans-I/O protocol has no send_binary")
    if missing:
        raise TransportMismatch("; ".join(missing))


def _supported() -> bool:
    try:
        check()
    except TransportMismatch as e:
        log.warning("websockets internals changed (%s): using websockets' public API only", e)
        return False
    return True


FAST = _supported()


class FastServerConnection(ServerConnection):
    """websockets' server connection, handing each whole binary frame to ``on_binary`` as it is parsed.

    Text frames, fragmented messages and frames that arrive before a handler is set (or while
    frames wait in the queue, so order is kept) take websockets' usual path.
    """

    on_binary: Callable[[bytes | bytearray | memoryview], None] | None = None

    def process_event(self, event: Event) -> None:
        handler = self.on_binary
        if (
            handler is not None
            and type(event) is Frame
            and event.opcode is Opcode.BINARY
            and event.fin
            and not self.recv_messages.frames
        ):
            handler(event.data)
            return
        super().process_event(event)


CONNECTION_CLASS: type[ServerConnection] = FastServerConnection if FAST else ServerConnection


def write_now(ws: ServerConnection, data: bytes) -> bool:
    """Write one binary frame at once if ``ws.send`` would not wait; False: queue it and ``await ws.send``.

    A write that fails aborts the transport (the connection is then closed by websockets).
    """
    if not FAST:
        return False
    protocol = ws.protocol
    if protocol.state is not State.OPEN or ws.paused or ws.send_in_progress is not None:
        return False
    try:
        if protocol.extensions or protocol.writes:
            protocol.send_binary(data)
            ws.send_data()
        else:
            ws.transport.write(binary_header(len(data)) + data)
    except Exception:
        log.debug("a direct write failed; aborting the transport", exc_info=True)
        ws.transport.abort()
    return True


def binary_header(n: int) -> bytes:
    """The header of an unmasked, final binary frame of ``n`` bytes (RFC 6455, 5.2)."""
    if n < 126:
        return bytes((0x82, n))
    if n < 1 << 16:
        return b"\x82\x7e" + n.to_bytes(2, "big")
    return b"\x82\x7f" + n.to_bytes(8, "big")
