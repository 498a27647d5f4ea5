"""The one place the server reaches into websockets' private internals, for speed.

Three shortcuts.  The last two are measured under server load (``bench/RESULTS.md``); the
first so far in isolation: a small binary frame costs about a fifth of websockets' own reading.

* **Frames read without websockets' parser** (:meth:`FastServerConnection.data_received`): once
  the connection is open, the common client frames (a final, masked binary frame within the size
  limit; a ping; a pong) are read straight from each chunk of bytes, without the parser's
  generators.  A binary frame goes to the gateway's handler; a ping or a pong goes through the
  protocol as if websockets had parsed it, so pings are answered and keep-alive works.  The
  first frame of any other kind (text, fragments, close, anything malformed or too large), or
  any frame once the connection is no longer open, hands the rest of the stream to websockets'
  parser for good, which then answers it as usual (close codes included).  This only starts
  when websockets' parser has read nothing after the HTTP request (it parses bytes that follow
  the request at once), so that it stands at a frame boundary whenever it takes over, and when
  the gateway's handler is set.  It reads ``protocol.state``, ``extensions``, ``debug``,
  ``max_message_size``, ``max_fragment_size`` and ``reader.buffer``, the connection's
  ``request`` and ``recv_messages.frames``, and calls ``protocol.recv_frame`` and
  ``events_received`` and the connection's ``send_data``, ``set_connection_exc`` and
  ``process_event``.
  Before that, when the node runs the native move path, a read's leading plain moves go to the
  node's ``MoveTaker`` (server/native.py: one native call a read, after the checks of
  ``recv_messages.frames.queue`` and the protocol's state here); it stops at the first frame it
  does not take.  The reading itself (:func:`_scan_frames`) runs in C when the node's native
  seam (server/native.py) gives the reader its ``scan_frames``, as does the framing of what
  :func:`write_now` writes; the Python twins are the fallback and tests hold both to the same results.
* **Frames in without a task hop** (:meth:`FastServerConnection.process_event`): a whole binary
  frame goes from websockets' parser straight to the gateway's handler, instead of through the
  connection's message queue and a wake-up of the handler task.  It reads the private
  ``recv_messages.frames`` queue to keep order (only when nothing waits there).
* **Frames out without a task** (:func:`write_now`): when the connection is open, not paused by
  flow control and sends nothing else, a server's binary frame (no extension negotiated: the
  node turns compression off) is just a header and the data, written to the transport at once.
  It reads ``protocol.state``, ``protocol.extensions``, ``protocol.writes``, ``paused`` and
  ``send_in_progress``.  The same test (:func:`may_write_now`) tells the connection's native
  outlet (server/native.py ``Outlet``: the native room writes a stored move's frames to the
  transport itself while its ``ready`` flag holds), and what changes its answer turns the flag
  off here at once: flow control pausing the transport (``pause_writing``), the transport lost
  (``connection_lost``) and websockets' state leaving open (the protocol's ``state`` setter,
  :class:`_WatchedProtocol`, whose class the connection takes: every change of state goes through
  that setter).  Only the gateway turns it on again, after asking afresh
  (``FastServerConnection.write_with``).

:func:`check` says whether the installed websockets still has every internal these use; a
test fails loudly when it does not (a new websockets release), and the node then runs on
websockets' public API alone (:data:`INTERNALS_OK` is false: plain ``ServerConnection`` and
``await ws.send``), slower but correct.  This is not a switch: what native code runs is the
node's ``native`` mode (server/config.py, server/native.py), handed to each connection.
"""

from __future__ import annotations

import enum
import inspect
import logging
from collections.abc import Callable
from typing import Any

import websockets
from websockets.asyncio.connection import Connection as _AsyncConnection
from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import Event, State
from websockets.server import ServerProtocol

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover  (a build without its C part: websockets' parser uses this one too)
    from websockets.utils import apply_mask

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
    for attr in ("self.recv_messages", "self.send_in_progress", "self.paused", "self.protocol", "self.request"):
        if attr not in init:
            missing.append(f"Connection no longer sets {attr}")
    for name in (
        "process_event", "send_data", "set_connection_exc", "data_received", "pause_writing", "resume_writing",
        "connection_lost",
    ):  # fmt: skip
        if not callable(getattr(_AsyncConnection, name, None)):
            missing.append(f"Connection.{name} is gone")
    # What data_received does after parsing is what the frame reader repeats for a ping or a pong.
    received = inspect.getsource(_AsyncConnection.data_received)
    for call in ("protocol.receive_data(", "protocol.events_received()", "self.send_data()", "self.process_event("):
        if call not in received:
            missing.append(f"Connection.data_received no longer calls {call}")
    if "self.request = event" not in inspect.getsource(ServerConnection.process_event):
        missing.append("ServerConnection no longer keeps the handshake request in self.request")
    from websockets.asyncio.messages import Assembler

    if "self.frames" not in inspect.getsource(Assembler.__init__):
        missing.append("Assembler no longer keeps its frames in self.frames")
    from websockets.asyncio.messages import SimpleQueue

    if "self.queue" not in inspect.getsource(SimpleQueue.__init__):
        missing.append("the frames' queue no longer keeps them in self.queue")
    proto = ServerProtocol()
    # (``_state``: the attribute behind the ``state`` property, read by the frame reader and write_now)
    for attr in ("state", "_state", "extensions", "writes", "debug", "max_message_size", "max_fragment_size", "reader"):
        if not hasattr(proto, attr):
            missing.append(f"the sans-I/O protocol has no {attr!r}")
    if not isinstance(getattr(getattr(proto, "reader", None), "buffer", None), bytearray):
        missing.append("the sans-I/O protocol's reader keeps no bytearray buffer")
    for name in ("send_binary", "recv_frame", "events_received"):
        if not callable(getattr(proto, name, None)):
            missing.append(f"the sans-I/O protocol has no {name}")
    # (the native outlet's flag follows the state through its setter: every change of state must go through it)
    from websockets.protocol import Protocol

    state = Protocol.__dict__.get("state")
    if not isinstance(state, property) or state.fset is None:
        missing.append("the sans-I/O protocol's state is no longer a property with a setter")
    elif inspect.getsource(Protocol).count("self._state = ") != 1:
        missing.append("the sans-I/O protocol sets its state past the state setter")
    if missing:
        raise TransportMismatch("; ".join(missing))


def _supported() -> bool:
    try:
        check()
    except TransportMismatch as e:
        log.warning("websockets internals changed (%s): using websockets' public API only", e)
        return False
    return True


# Whether the installed websockets has every internal the shortcuts use (a capability, checked once).
INTERNALS_OK = _supported()


class _Framing(enum.Enum):
    """Who reads a connection's frames."""

    UNDECIDED = enum.auto()  # the opening handshake is not over
    OURS = enum.auto()  # data_received reads the common frames itself
    THEIRS = enum.auto()  # websockets' parser reads everything, for good
    DROPPED = enum.auto()  # the transport is closing: whatever it still reads is ignored


_UNDECIDED, _OURS, _THEIRS, _DROPPED = _Framing.UNDECIDED, _Framing.OURS, _Framing.THEIRS, _Framing.DROPPED
_OPEN = State.OPEN
_PING, _PONG = Opcode.PING, Opcode.PONG
_NO_LIMIT = 1 << 64  # above any length a frame header can state
_END_OF_HEAD = b"\r\n\r\n"  # where an HTTP request's head ends (websockets requires CRLF line ends)


class _ReaderState:
    """How far a connection's own frame reading has got (see :class:`FastServerConnection`)."""

    __slots__ = (
        "framing", "head_tail", "request_alone", "max_binary", "partial", "wanted", "conn", "taker", "scan", "outlet",
        "writable",
    )  # fmt: skip

    def __init__(self) -> None:
        self.framing = _UNDECIDED
        self.head_tail = b""  # the last bytes of the request's head read so far (its end may straddle two reads)
        self.request_alone = False  # the read that ended the request held nothing after it
        self.max_binary = _NO_LIMIT  # the largest binary frame websockets would accept (set when reading starts)
        self.partial: bytes | bytearray = b""  # the start of a frame that a later read completes
        self.wanted = 0  # the length ``partial`` must reach before it is worth reading again
        # The node's reader of plain moves (server/native.py MoveTaker) and the gateway's connection it
        # hands them for: set by the gateway (both or neither).
        self.conn: Any = None
        self.taker: Any = None
        # The frame scanner: the Python one, or the native one the gateway gives (server/native.py).
        self.scan: Callable[[Any, int], tuple[list[tuple[int, bytes, int]], int, int, int]] = _scan_frames
        # The connection's native outlet (server/native.py Outlet: turned off here when writing must wait) and what
        # asks afresh whether it may write (the gateway's): set by the gateway (both or neither).
        self.outlet: Any = None
        self.writable: Callable[[], None] | None = None


class _WatchedProtocol(ServerProtocol):
    """websockets' server protocol whose every change of state leaving open turns the connection's native
    outlet off (``outlet.ready``: see :func:`may_write_now`); a :class:`FastServerConnection`'s protocol
    takes this class (it adds no field: only the setter)."""

    outlet: Any = None

    @property
    def state(self) -> State:
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        if self.debug:
            self.logger.debug("= connection is %s", state.name)
        self._state = state
        if state is not _OPEN:
            outlet = self.outlet
            if outlet is not None:
                outlet.ready = False


class FastServerConnection(ServerConnection):
    """websockets' server connection, reading the common frames itself and handing each binary one to ``on_binary``.

    Text frames, fragmented messages, close frames, anything malformed and frames that arrive
    before a handler is set (or while frames wait in the queue, so order is kept) take
    websockets' usual path.
    """

    on_binary: Callable[[bytes | bytearray | memoryview], None] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One attribute for the reader's state: CPython shares the key table of instances' dicts
        # up to 30 attributes, and websockets' connection has 28 with ``on_binary``; past 30 each
        # connection's dict takes about 1.3 KB more.
        self._reader = _ReaderState()
        if type(self.protocol) is ServerProtocol:
            self.protocol.__class__ = _WatchedProtocol  # (its state setter: see write_with)

    def read_with(self, scan: Callable[[Any, int], Any] | None, taker: Any, conn: Any) -> None:
        """Read frames with ``scan`` (None: the Python scanner) and hand each read's leading plain moves to
        ``taker`` (the node's ``MoveTaker``, server/native.py; None: none) for ``conn`` (the gateway's
        connection)."""
        reader = self._reader
        if scan is not None:
            reader.scan = native_scan(scan)
        reader.taker = taker
        reader.conn = conn if taker is not None else None

    def write_with(self, outlet: Any, writable: Callable[[], None]) -> None:
        """Let ``outlet`` (the connection's native outlet, server/native.py) write frames while its ``ready`` flag
        holds: this connection turns the flag off whenever writing must wait (paused by flow control, the state
        no longer open, the transport lost) and calls ``writable`` (the gateway's: it asks afresh and may turn
        it on) when the transport takes data again."""
        reader = self._reader
        reader.outlet = outlet
        reader.writable = writable
        protocol = self.protocol
        if type(protocol) is _WatchedProtocol:
            protocol.outlet = outlet
        else:  # (a protocol whose state cannot be followed: never ready)
            outlet.ready = False
            reader.writable = None

    def stop_taking(self) -> None:
        """No more reads go to the move taker and nothing more is written by the outlet (the gateway's connection
        is done: no cycle is left)."""
        self.on_binary = None
        reader = self._reader
        reader.taker = reader.conn = None
        reader.writable = None
        outlet = reader.outlet
        if outlet is not None:
            outlet.close()

    def pause_writing(self) -> None:
        outlet = self._reader.outlet
        if outlet is not None:
            outlet.ready = False
        super().pause_writing()

    def resume_writing(self) -> None:
        super().resume_writing()
        writable = self._reader.writable
        if writable is not None:
            writable()

    def connection_lost(self, exc: Exception | None) -> None:
        outlet = self._reader.outlet
        if outlet is not None:
            outlet.close()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        reader = self._reader
        framing = reader.framing
        if framing is _OURS:
            taker = reader.taker
            if (
                taker is not None
                and not reader.partial
                and not self.recv_messages.frames.queue
                and self.protocol._state is _OPEN
            ):
                # The read's leading plain moves, each handed to its native room in C (the gateway's and the
                # node's work for them, in the same order); the rest of the read goes on as usual.
                try:
                    taken = taker.take(reader.conn, data, reader.max_binary)
                except Exception:  # (as the gateway's guard: logged; the frames not taken go the usual way)
                    log.exception("the native move path failed on a read from %s", getattr(reader.conn, "peer", "?"))
                    taken = taker.last_at
                if taken:
                    if taken == len(data):
                        return
                    data = data[taken:]
            self._read_frames(data)
        elif framing is _THEIRS:
            super().data_received(data)
        elif framing is _UNDECIDED:
            self._read_first(data)
        # (_DROPPED: the transport is closing and stopped reading; a late read is ignored)

    def _read_first(self, data: bytes) -> None:
        """Until the first read of an open connection: say who reads its frames from now on."""
        protocol = self.protocol
        reader = self._reader
        if protocol.state is _OPEN:
            if (
                reader.request_alone
                and self.on_binary is not None
                and not protocol.extensions  # (a frame as sent is the frame as meant)
                and not protocol.debug  # (websockets logs every frame it parses)
                and not protocol.reader.buffer
            ):
                # websockets' parser has read the request and not a byte after it: it stands at a
                # frame boundary, so it can take over at any frame boundary later.
                limits = [n for n in (protocol.max_message_size, protocol.max_fragment_size) if n is not None]
                reader.max_binary = min(limits) if limits else _NO_LIMIT  # (as its parser computes it)
                reader.partial = b""
                reader.wanted = 0
                reader.framing = _OURS
                self._read_frames(data)
                return
            reader.framing = _THEIRS
        elif self.request is None:
            # Still in the request's head: websockets parses any bytes after it as frames at once
            # (still CONNECTING), so the fast path is only for a read that ends with the head.
            seen = reader.head_tail + data
            end = seen.find(_END_OF_HEAD)
            if end < 0:
                reader.head_tail = seen[-3:]
            else:
                reader.request_alone = end + len(_END_OF_HEAD) == len(seen)
        else:
            reader.framing = _THEIRS  # frames sent before our response: websockets' parser has read them
        super().data_received(data)

    def _read_frames(self, data: bytes | bytearray) -> None:
        """Read whole frames from ``data``, in order; keep an incomplete last one for the next read."""
        reader = self._reader
        partial = reader.partial
        if partial:
            if type(partial) is bytes:
                partial = reader.partial = bytearray(partial)
            partial += data
            if len(partial) < reader.wanted:
                return
            data = partial
            reader.partial = b""
        protocol = self.protocol
        if self.recv_messages.frames:
            # (Nothing here adds to that queue, so one look per read keeps the order rule.)
            self._hand_over(data, 0)
            return
        frames, at, stop, wanted = reader.scan(data, reader.max_binary)
        for head1, payload, start in frames:
            if protocol.state is not _OPEN:
                self._hand_over(data, start)
                return
            if head1 == 0x82:
                handler = self.on_binary
                if handler is None:
                    self._hand_over(data, start)
                    return
                try:
                    handler(payload)
                except BaseException:
                    # As when websockets delivers the frame: the error leaves data_received, the
                    # event loop logs it and aborts the connection; the rest of this read is dropped.
                    reader.framing = _DROPPED
                    raise
            else:
                self._control(Frame(_PING if head1 == 0x89 else _PONG, payload))
            if self.transport.is_closing():  # the handler (or a failed write) closed the connection
                reader.framing = _DROPPED
                return
        # (A frame's first two bytes come before the state is looked at, as websockets' parser reads them.)
        if stop == _SCAN_KEEP and (wanted == 2 or protocol.state is _OPEN):
            self._keep(data, at, wanted)
        elif stop != _SCAN_DONE:  # a frame we do not read (or the connection is no longer open)
            self._hand_over(data, at)

    def _keep(self, data: bytes | bytearray, at: int, wanted: int) -> None:
        """Keep an incomplete frame (from ``at``) until ``wanted`` bytes of it are there."""
        self._reader.partial = data[at:]
        self._reader.wanted = wanted

    def _hand_over(self, data: bytes | bytearray, at: int) -> None:
        """Give websockets' parser the stream from the frame at ``at`` on, for good."""
        self._reader.framing = _THEIRS
        self._reader.partial = b""
        if at < len(data):
            super().data_received(bytes(data[at:]))

    def _control(self, frame: Frame) -> None:
        """A ping or a pong, through the protocol as websockets' ``data_received`` does after parsing it."""
        protocol = self.protocol
        protocol.recv_frame(frame)  # (a ping queues its pong)
        events = protocol.events_received()
        try:
            self.send_data()
        except Exception as exc:
            self.set_connection_exc(exc)
        # (A ping or a pong leaves the connection OPEN: no close deadline to set.)
        for event in events:
            self.process_event(event)  # (a pong acknowledges the keep-alive ping it answers)

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


_SCAN_DONE, _SCAN_KEEP, _SCAN_HAND_OVER = 0, 1, 2  # how a scan of a read ended


def _scan_frames(data: bytes | bytearray, max_binary: int) -> tuple[list[tuple[int, bytes, int]], int, int, int]:
    """The client frames at the start of ``data`` that the reader takes, unmasked, and where and why it stopped.

    Returns ``(frames, at, stop, wanted)``: ``frames`` as ``(first header byte, payload, offset)``
    for final, masked binary frames (at most ``max_binary`` bytes), pings and pongs (at most 125);
    ``stop`` is ``_SCAN_DONE`` (all of ``data`` read), ``_SCAN_KEEP`` (``data[at:]`` is an
    incomplete frame: read again once it holds ``wanted`` bytes) or ``_SCAN_HAND_OVER``
    (``data[at:]`` starts with a frame for websockets' parser).  The pure-Python twin of the
    native ``scan_frames`` (server/native.py).
    """
    frames: list[tuple[int, bytes, int]] = []
    size = len(data)
    at = 0
    while at < size:
        if size - at < 2:
            return frames, at, _SCAN_KEEP, 2
        head1 = data[at]
        head2 = data[at + 1]
        # Only final, masked frames without reserved bits: binary, ping or pong (RFC 6455, 5.2).
        if head2 < 0x80 or not (head1 == 0x82 or head1 == 0x89 or head1 == 0x8A):
            return frames, at, _SCAN_HAND_OVER, 0
        length = head2 & 0x7F
        if length < 126:
            start = at + 6
        elif length == 126:
            if size - at < 4:
                return frames, at, _SCAN_KEEP, 4
            length = (data[at + 2] << 8) | data[at + 3]
            start = at + 8
        else:
            if size - at < 10:
                return frames, at, _SCAN_KEEP, 10
            length = int.from_bytes(data[at + 2 : at + 10], "big")
            start = at + 14
        if length > (max_binary if head1 == 0x82 else 125):
            return frames, at, _SCAN_HAND_OVER, 0  # websockets closes with 1009 (binary) or 1002 (control)
        end = start + length
        if end > size:
            return frames, at, _SCAN_KEEP, end - at
        frames.append((head1, apply_mask(data[start:end], data[start - 4 : start]), at))
        at = end
    return frames, at, _SCAN_DONE, 0


def native_scan(scan_frames: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
    """The reader's scan with the native ``scan_frames`` (server/native.py), whose lengths are 64-bit."""

    def scan(data: bytes | bytearray, max_binary: int) -> tuple[list[tuple[int, bytes, int]], int, int, int]:
        return scan_frames(data, min(max_binary, _NATIVE_LIMIT))  # type: ignore[no-any-return]

    return scan


_NATIVE_LIMIT = (1 << 64) - 1  # (the native scanner's lengths are 64-bit, as a frame header's are)


def _binary_frame(data: bytes) -> bytes:
    """A server's binary frame holding ``data`` (the pure-Python twin of the native ``binary_frame``)."""
    return binary_header(len(data)) + data


CONNECTION_CLASS: type[ServerConnection] = FastServerConnection if INTERNALS_OK else ServerConnection


def may_write_now(ws: ServerConnection) -> bool:
    """Whether a frame written to ``ws``'s transport now, header and data, is what ``await ws.send`` would write
    (open, not paused by flow control, no send in progress, no extension, nothing waiting in the protocol, the
    transport not closing): what a native outlet's ``ready`` flag says (server/gateway.py)."""
    if not INTERNALS_OK:
        return False
    protocol = ws.protocol
    return (
        protocol._state is _OPEN
        and not ws.paused
        and ws.send_in_progress is None
        and not protocol.extensions
        and not protocol.writes
        and not ws.transport.is_closing()
    )


def write_now(ws: ServerConnection, data: bytes, frame: Callable[[bytes], bytes] = _binary_frame) -> bool:
    """Write one binary frame at once if ``ws.send`` would not wait; False: queue it and ``await ws.send``.

    ``frame`` makes the frame (the native ``binary_frame`` when the node runs it).  A write that fails
    aborts the transport (the connection is then closed by websockets).
    """
    if not INTERNALS_OK:
        return False
    protocol = ws.protocol
    if protocol._state is not _OPEN or ws.paused or ws.send_in_progress is not None:  # (_state: no property call)
        return False
    try:
        if protocol.extensions or protocol.writes:
            protocol.send_binary(data)
            ws.send_data()
        else:
            ws.transport.write(frame(data))
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
