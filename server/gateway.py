"""The gateway: one WebSocket connection from its first frame to its close.

It enforces the limits (frame size, a token-bucket rate limit per connection), decodes
every frame with the protocol codec, and hands valid messages to the node, which answers
every request itself (refusals included).  A frame refused here (over the rate limit, or not
a message) becomes its ``error`` in the same one place as every refusal
(``server.errors.refuse``); only gross abuse closes the connection, with a close code the
protocol documents:

* 1002 — ``hello``/``resume`` offered no version this server speaks;
* 1008 — a flood (far over the rate limit, or a run of frames that are not messages), or a
  reader that stopped reading (its unsent output over the bound below);
* 1009 — a frame far above the size limit (websockets closes these itself via ``max_size``);
* 1001 — the server is shutting down.

Outgoing frames are written to the socket at once while nothing waits before them and the
socket takes data (:func:`server.transport.write_now`, the only code that reaches into
websockets' internals, with :class:`server.transport.FastServerConnection` for frames in);
otherwise they go through a per-connection buffer drained by a writer
task, so a room never waits for a slow reader.  What a connection has not yet handed to the
kernel — that buffer plus the transport's own write buffer — is bounded in bytes
(``NodeConfig.max_unsent_bytes``): a reader that falls that far behind is closed (1008), its
buffered frames are dropped at once, and its socket is aborted if even the close frame cannot
be written within ``NodeConfig.unsent_close_s``.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from grundy import protocol as p
from grundy.protocol import ErrorCode, ProtocolError, decode_client, encode, i18n
from grundy.protocol.codec import peek_ref
from grundy.server.errors import GatewayError, refuse
from grundy.server.logs import SESSION
from grundy.server.refusals import refusal
from grundy.server.transport import FastServerConnection, may_write_now, write_now

if TYPE_CHECKING:
    from grundy.server.config import NodeConfig
    from grundy.server.metrics import Metrics
    from grundy.server.native import Native
    from grundy.server.sessions import Session


class Host(Protocol):
    """What a connection needs from the node that accepted it: the limits, and where requests go."""

    config: NodeConfig
    metrics: Metrics  # (errors by code: every error this connection is sent through send_message)

    def dispatch(self, conn: Connection, msg: Any) -> None: ...  # answers the request; never raises

    # The node's native code (server/native.py): the token bucket, the frame reader and writer, the move decoder.
    native: Native
    frame: Callable[[bytes], bytes]  # a server's binary frame (made in C when the node runs the native wire)
    decode_move: Callable[[Any, int], Any] | None  # a plain move's model, or None (then the codec decides)
    # A frame that is a plain move the native room path takes (server/native.py): True when taken.
    fast_move: Callable[[Connection, bytes | bytearray | memoryview], bool] | None
    # The same for a whole read (server/native.py MoveTaker), or None.
    move_taker: Any


log = logging.getLogger("grundy.gateway")

_OPEN = State.OPEN

CLOSE_GOING_AWAY = 1001
CLOSE_PROTOCOL = 1002
CLOSE_POLICY = 1008
CLOSE_REASON_BYTES = 123  # what a websocket close frame carries at most


def close_words(lang: str | None, msg_id: str, /, **args: Any) -> str:
    """Why a connection is closed, as its close frame says it: the catalog's ``msg_id`` in ``lang`` (a session's
    ``hello.lang``; English for none), cut to what the frame carries.  Every client shows the reason to its reader
    (the page's "disconnected", the terminal's "the server closed the link"): a close frame carries no message id."""
    words = i18n.tr(i18n.pick(lang), msg_id, **args)
    return words.encode()[:CLOSE_REASON_BYTES].decode(errors="ignore")


class TokenBucket:
    """``rate`` tokens per second up to ``burst``; a request takes one token or is refused.

    The native ``TokenBucket`` (native/grundy_wire.c) is its twin, used when the node runs native code
    (server/native.py): the native move reader takes its tokens too.
    """

    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Connection:
    """A live WebSocket and the session it speaks for (None until ``welcome``)."""

    def __init__(self, ws: ServerConnection, node: Host) -> None:
        cfg = node.config
        native = node.native
        Bucket = native.Bucket or TokenBucket  # noqa: N806  (a class)
        self.ws = ws
        self.node = node
        self.session: Session | None = None
        self.version: int | None = None
        self.requests = Bucket(cfg.requests_per_s, cfg.burst)
        # Refused frames (over the rate or not messages) drain this second bucket; empty means abuse.
        self.strikes = Bucket(cfg.requests_per_s, cfg.abuse_strikes)
        # Frames waiting to be written, made when the first one waits (an empty deque is 760 bytes: most
        # connections never queue one, their frames going straight to the socket).
        self.out: collections.deque[bytes] | None = None
        self.out_bytes = 0  # the bytes in ``out``
        self.max_unsent = cfg.max_unsent_bytes
        self.writer: asyncio.Task[None] | None = None
        self.closing = False
        self.closer: asyncio.Task[None] | None = None
        self.peer = _peer(ws)
        # Where native rooms write this connection's frames themselves while ``outlet.ready`` says so (server/native.py
        # Outlet; only :meth:`refresh_outlet` turns it on), or None.
        self.outlet: Any = None
        if isinstance(ws, FastServerConnection):
            ws.on_binary = self._on_binary
            ws.read_with(native.scan_frames, node.move_taker, self)
            if _bounded_while_flowing(ws, self.max_unsent):
                self.outlet = native.outlet(ws.transport)
                if self.outlet is not None:
                    ws.write_with(self.outlet, self.refresh_outlet)

    @property
    def lang(self) -> str | None:
        """The language the connection's session speaks (its close's words); None before ``welcome``."""
        return None if self.session is None else self.session.lang

    # ------------------------------------------------------------------ sending

    def refresh_outlet(self) -> None:
        """Say afresh whether a native room may write this connection's next frame itself (``outlet.ready``): its
        session's connection, not closing, nothing queued here and websockets would write it at once
        (server/transport.py ``may_write_now``).  Anything that makes it false turns the flag off where it happens
        (here: queueing, closing; server/transport.py: pausing, the state leaving open, the transport lost)."""
        outlet = self.outlet
        if outlet is not None:
            session = self.session
            outlet.ready = (
                not self.closing
                and self.writer is None
                and not self.out
                and session is not None
                and session.conn is self
                and may_write_now(self.ws)
            )

    def send(self, data: bytes) -> None:
        """Queue a frame; never blocks the caller (a room or the gateway)."""
        if self.closing:
            return
        ws = self.ws
        unsent = self.out_bytes + ws.transport.get_write_buffer_size()
        if unsent and unsent + len(data) > self.max_unsent:  # (one frame alone may be larger)
            self._overflow(close_words(self.lang, "wire-close-unsent", n=self.max_unsent))
            return
        if self.writer is None and write_now(ws, data, self.node.frame):  # nothing waits before it: straight out
            return
        out = self.out
        if out is None:
            out = self.out = collections.deque()
            if self.outlet is not None:
                self.outlet.ready = False  # (a frame waits: the next ones go behind it)
        if len(out) >= self.node.config.max_pending_frames:
            self._overflow(close_words(self.lang, "wire-close-frames"))
            return
        out.append(data)
        self.out_bytes += len(data)
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())

    def unsent_bytes(self) -> int:
        """What this connection holds that the kernel has not taken: our buffer and the transport's."""
        return self.out_bytes + self.ws.transport.get_write_buffer_size()

    def _overflow(self, reason: str) -> None:
        """A reader too far behind: drop what waits for it and close (1008) without flushing."""
        self.out = None
        self.out_bytes = 0
        self.close(CLOSE_POLICY, reason, flush=False)

    def send_message(self, msg: p.Error | p.Welcome | p.Pong | p.Games | p.Rooms | p.Queued | p.Ok | p.Record) -> None:
        if type(msg) is p.Error:
            self.node.metrics.error(msg.code)
        self.send(encode(msg))

    async def _write(self) -> None:
        try:
            while self.out:
                data = self.out.popleft()
                self.out_bytes -= len(data)  # (from here on the transport's buffer counts it)
                await self.ws.send(data)
        except ConnectionClosed:
            self.out = None
            self.out_bytes = 0
        finally:
            self.writer = None
            if not self.out:
                self.out = None
                self.refresh_outlet()

    async def flush(self, timeout: float) -> None:
        """Wait (at most ``timeout`` s) until every queued frame is handed to the socket."""
        writer = self.writer
        if writer is not None:
            try:
                await asyncio.wait_for(asyncio.shield(writer), timeout)
            except (TimeoutError, ConnectionClosed):
                pass

    def close(self, code: int, reason: str, flush: bool = True) -> None:
        """Close after the frames already queued (e.g. the error explaining why), or at once."""
        if self.closing:
            return
        self.closing = True
        if self.outlet is not None:
            self.outlet.ready = False
        log.info("closing %s (%s): %d %s", self.peer, self.session.id if self.session else "-", code, reason)
        self.closer = asyncio.get_running_loop().create_task(self._close(code, reason, flush))

    async def _close(self, code: int, reason: str, flush: bool) -> None:
        if flush:
            await self.flush(1.0)
        # The close frame goes behind whatever the transport still holds; a peer that does not
        # read never gets it, and websockets would wait for the buffer to drain before its own
        # close timeout starts: give the frame a bounded time to leave, then abort.
        ws = self.ws
        closing = asyncio.ensure_future(ws.close(code, reason))
        try:
            await asyncio.wait_for(asyncio.shield(closing), self.node.config.unsent_close_s)
        except TimeoutError:
            if ws.paused or ws.transport.get_write_buffer_size():
                log.info("aborting %s: its close frame could not be written", self.peer)
                ws.transport.abort()
            await closing

    async def shut(self, code: int, reason: str, timeout: float) -> None:
        """Flush then close now (shutdown): awaited by the node."""
        self.closing = True
        if self.outlet is not None:
            self.outlet.ready = False
        await self.flush(timeout)
        try:
            await asyncio.wait_for(self.ws.close(code, reason), timeout)
        except TimeoutError:
            self.ws.transport.abort()

    # ------------------------------------------------------------------ receiving

    async def serve(self) -> None:
        """Read frames until the connection ends."""
        try:
            async for frame in self.ws:
                if not self.closing:  # frames after a close of ours are dropped unread
                    self.on_frame(frame)
        except ConnectionClosed:
            pass
        finally:
            if isinstance(self.ws, FastServerConnection):
                self.ws.stop_taking()  # (no cycle left between the two)
        if self.closer is not None:  # the handler's return would close with 1000: let ours finish first
            await self.closer

    def _on_binary(self, frame: bytes | bytearray | memoryview) -> None:
        if self.closing:
            return
        try:
            self.on_frame(frame)
        except Exception:  # never into websockets' data_received
            log.exception("frame from %s failed", self.peer)

    def on_frame(self, frame: bytes | bytearray | memoryview | str) -> None:
        now = time.monotonic()
        if not self.requests.take(now):
            self._strike(now, "wire-close-rate")
            if not self.closing:  # the dropped request is not decoded, but its ref is looked up
                limit = self.node.config.requests_per_s
                n = int(limit) if float(limit).is_integer() else limit
                refuse(self, refusal(GatewayError, ErrorCode.RATE_LIMITED, peek_ref(frame), "refuse-rate", n=n))
            return
        fast = self.node.fast_move
        if fast is not None and type(frame) is not str:
            try:
                if fast(self, frame):
                    return
            except Exception:  # (nothing was taken: the frame goes the usual way)
                log.exception("the native move path failed on a frame from %s", self.peer)
        try:
            decode = self.node.decode_move  # (a plain move read in C: the model the codec gives, or None)
            msg = None if decode is None or type(frame) is str else decode(frame, self.node.config.max_frame_bytes)
            if msg is None:
                msg = decode_client(frame, self.node.config.max_frame_bytes)
        except ProtocolError as e:  # (it carries the frame's ref when the frame has a usable one)
            self._strike(now, "wire-close-flood")
            if not self.closing:
                refuse(self, e)
            return
        session = self.session
        token = SESSION.set(None if session is None else session.id)  # (log lines name it: server.logs)
        try:
            self.node.dispatch(self, msg)  # (it answers every request, a refusal or a failure included)
        except Exception:  # a defect in answering itself: logged, and the connection goes on
            log.exception("request %r from %s could not be answered", type(msg).__name__, self.peer)
        finally:
            SESSION.reset(token)

    def _strike(self, now: float, why: str) -> None:
        """A refused frame: past the strikes, close saying ``why`` (a catalog id) in the session's language."""
        if not self.strikes.take(now):
            self.close(CLOSE_POLICY, close_words(self.lang, why))


def ready_outlet(session: Session | None) -> Any:
    """The native outlet of ``session``'s connection to this node, its ``ready`` flag said afresh (a room's shell
    routes it to its native twin: server/actor.py); None when the session has no such connection here."""
    conn = None if session is None else session.conn
    if type(conn) is not Connection or conn.outlet is None:
        return None
    conn.refresh_outlet()
    return conn.outlet


# The largest frame data written through an outlet (native/grundy_wire.c: a native room's move_made is at most 2048
# bytes; a cluster inbox's writer, server/cluster/inbox.py InboxWriter, writes no larger frame), and with its header
# the largest frame.
MAX_OUTLET_DATA = 2048
MAX_OUTLET_FRAME = MAX_OUTLET_DATA + 4


def _bounded_while_flowing(ws: ServerConnection, max_unsent: int) -> bool:
    """Whether a frame written while the transport is not paused keeps the connection's unsent bytes within
    ``max_unsent`` (what :meth:`Connection.send` checks before each frame): the transport pauses past its high-water
    mark, so a frame written below it ends under that mark and a frame.  Only then may native rooms write."""
    try:
        _, high = ws.transport.get_write_buffer_limits()
    except Exception:  # (a transport without flow-control limits: the Python path always)
        return False
    return int(high) + MAX_OUTLET_FRAME <= max_unsent


def _peer(ws: ServerConnection) -> str:
    try:
        host, port = ws.remote_address[:2]
        return f"{host}:{port}"
    except Exception:
        return "?"
