"""The speed-ups that reach into websockets' internals: they fail loudly here when the library changes."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.speedups import apply_mask

from grundy.server import transport
from grundy.server.native import Native


def test_the_installed_websockets_has_every_internal_the_shortcuts_use() -> None:
    """If this fails, a websockets release changed what ``server.transport`` reads: the node falls back to the
    public API (slower); re-measure and adapt ``server.transport``, or drop the shortcut."""
    transport.check()
    assert transport.INTERNALS_OK and transport.CONNECTION_CLASS is transport.FastServerConnection


def test_a_changed_library_is_named_and_the_node_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transport.websockets.version, "version", "99.0")
    with pytest.raises(transport.TransportMismatch, match="websockets 99.0"):
        transport.check()
    assert transport._supported() is False


@pytest.mark.parametrize("n", [0, 1, 125, 126, 65535, 65536, 1 << 20])
def test_binary_headers_follow_rfc_6455(n: int) -> None:
    from websockets.frames import Frame, Opcode

    data = b"x" * n
    expected = Frame(Opcode.BINARY, data).serialize(mask=False, extensions=[])
    assert transport.binary_header(n) + data == expected


def test_a_missing_internal_of_the_frame_reader_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from websockets.protocol import Protocol

    monkeypatch.delattr(Protocol, "recv_frame")
    with pytest.raises(transport.TransportMismatch, match="recv_frame"):
        transport.check()


def test_a_state_no_longer_changed_through_its_setter_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # (a native outlet is turned off by the setter: a state set past it would leave the outlet on)
    from websockets.protocol import Protocol

    source = transport.inspect.getsource

    def changed(obj: Any) -> str:  # (a release that sets the state past the setter somewhere)
        return source(obj) + ("\n        self._state = CLOSED\n" if obj is Protocol else "")

    monkeypatch.setattr(transport.inspect, "getsource", changed)
    with pytest.raises(transport.TransportMismatch, match="sets its state past the state setter"):
        transport.check()


async def test_every_change_of_a_connections_state_leaving_open_turns_its_outlet_off() -> None:
    native = Native("room")
    if native.outlet(None) is None:
        pytest.skip("the native room path is not built")
    async with connected() as (served, client):
        ws = served.conn
        assert type(ws.protocol) is transport._WatchedProtocol  # (the connection's protocol takes the class)
        outlet = native.outlet(ws.transport)
        ws.write_with(outlet, lambda: None)
        outlet.ready = transport.may_write_now(ws)
        assert outlet.ready
        ws.pause_writing()
        assert not outlet.ready
        ws.resume_writing()
        outlet.ready = True
        await client.write(ws_frame(b"\x03\xe8", CLOSE))  # the client's close: websockets' state leaves open
        await until(lambda: ws.protocol.state is not transport._OPEN)
        assert not outlet.ready and not transport.may_write_now(ws)
        assert await client.read_close_code() == 1000
        await until(lambda: outlet.transport is None)  # (let go once the transport is lost)


# ---------------------------------------------------------------------- frames read by the connection itself
#
# A real websockets server with the fast connection class, and a raw TCP client that does the
# HTTP upgrade by hand and writes hand-built frames, so each test decides how the bytes are cut
# into reads.

MAX_SIZE = 100_000  # the server's size limit for these tests


SCAN: list[Any] = [transport._scan_frames]  # the scan the connections of the running test read with


@pytest.fixture(autouse=True, params=["native", "pure"])
def wire_path(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every test runs with the native frame reader (server/native.py, as the gateway gives it to a connection)
    and with its Python twin."""
    if request.param == "native":
        native = Native("wire")
        if native.scan_frames is None:
            pytest.skip("the native wire path is not built")
        SCAN[0] = transport.native_scan(native.scan_frames)
    yield str(request.param)
    SCAN[0] = transport._scan_frames


BIN, TEXT, CONT, CLOSE, PING, PONG = 0x2, 0x1, 0x0, 0x8, 0x9, 0xA


class Counting(transport.FastServerConnection):
    """Counts the bytes it reads, so a test can wait until a write was read on its own."""

    bytes_read = 0

    def data_received(self, data: bytes) -> None:
        self.bytes_read += len(data)
        super().data_received(data)


@dataclass
class Served:
    """What the server saw: every message in order, whether ``on_binary`` or websockets' queue delivered it."""

    got: list[bytes | str] = field(default_factory=list)
    direct: int = 0  # how many of them came through on_binary
    ws: Counting | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    fail_on: bytes | None = None  # on_binary raises on this payload
    abort_on: bytes | None = None  # on_binary aborts the transport on this payload

    @property
    def conn(self) -> Counting:
        assert self.ws is not None
        return self.ws

    def framing(self) -> object:
        return self.conn._reader.framing

    async def received(self, n: int) -> None:
        """Wait until ``n`` messages are in."""
        await until(lambda: len(self.got) >= n)

    def on_binary(self, data: bytes | bytearray | memoryview) -> None:
        if data == self.fail_on:
            raise RuntimeError("a failing handler")
        self.got.append(bytes(data))
        self.direct += 1
        if data == self.abort_on:
            self.conn.transport.abort()

    def connection_class(self) -> type[Counting]:
        served = self

        class Seen(Counting):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                served.ws = self  # (from the first byte on, before the handshake)
                self._reader.scan = SCAN[0]
                super().connection_made(transport)

        return Seen

    async def handler(self, ws: ServerConnection) -> None:
        assert ws is self.ws
        ws.on_binary = self.on_binary
        self.ready.set()
        try:
            async for message in ws:
                self.got.append(message)
        except ConnectionClosed:
            pass
        finally:
            self.done.set()


class RawClient:
    """A WebSocket client by hand: masked frames of any shape, written in pieces of our choosing."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, served: Served) -> None:
        self.reader = reader
        self.writer = writer
        self.served = served
        self.sent = 0

    async def write(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()
        self.sent += len(data)

    async def write_apart(self, *parts: bytes) -> None:
        """Write each part only once the server has read everything before it: one read (or more) each."""
        for part in parts:
            await self.write(part)
            await until(lambda: self.served.conn.bytes_read == self.sent)

    async def read_frame(self) -> tuple[int, bytes]:
        head = await self.reader.readexactly(2)
        assert head[1] & 0x80 == 0, "a server's frames are not masked"
        n = head[1] & 0x7F
        if n == 126:
            n = int.from_bytes(await self.reader.readexactly(2), "big")
        elif n == 127:
            n = int.from_bytes(await self.reader.readexactly(8), "big")
        return head[0] & 0x0F, await self.reader.readexactly(n)

    async def read_close_code(self) -> int:
        """The code of the server's close frame (other frames before it are skipped); then, at its end of stream,
        this side closes too (as a client does: the server's connection ends there)."""
        while True:
            opcode, data = await asyncio.wait_for(self.read_frame(), 5)
            if opcode == CLOSE:
                break
        assert await asyncio.wait_for(self.reader.read(), 5) == b""
        self.writer.close()
        return int.from_bytes(data[:2], "big")


def ws_frame(
    payload: bytes,
    opcode: int = BIN,
    *,
    fin: bool = True,
    masked: bool = True,
    rsv: int = 0,
    length: int | None = None,
    key: bytes | None = None,
) -> bytes:
    """A client's frame (RFC 6455, 5.2); ``length`` overrides the length stated in the header."""
    n = len(payload) if length is None else length
    mask_bit = 0x80 if masked else 0
    head = bytes(((0x80 if fin else 0) | rsv | opcode,))
    if n < 126:
        head += bytes((mask_bit | n,))
    elif n < 1 << 16:
        head += bytes((mask_bit | 126,)) + n.to_bytes(2, "big")
    else:
        head += bytes((mask_bit | 127,)) + n.to_bytes(8, "big")
    if not masked:
        return head + payload
    key = key or os.urandom(4)
    return head + key + apply_mask(payload, key)


def payload(i: int, n: int) -> bytes:
    return bytes((i + k) % 251 for k in range(n))


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0)


def upgrade_request(port: int) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


@contextlib.asynccontextmanager
async def connected(
    *, cut_request: int = 0, after_request: bytes = b"", ping_interval: float | None = None
) -> AsyncIterator[tuple[Served, RawClient]]:
    """A server and a raw client through the opening handshake (its request read in two, ``cut_request`` bytes
    before its end, if not 0)."""
    served = Served()
    async with serve(
        served.handler,
        "127.0.0.1",
        0,
        create_connection=served.connection_class(),
        compression=None,
        ping_interval=ping_interval,
        ping_timeout=ping_interval,
        max_size=MAX_SIZE,
        close_timeout=2,
    ) as server:
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        client = RawClient(reader, writer, served)
        try:
            request = upgrade_request(port)
            if not cut_request:
                await client.write(request + after_request)
            else:
                await until(lambda: served.ws is not None)
                await client.write_apart(request[:-cut_request], request[-cut_request:] + after_request)
            response = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            assert response.startswith(b"HTTP/1.1 101 ")
            await asyncio.wait_for(served.ready.wait(), 5)
            yield served, client
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()


async def test_many_binary_frames_in_one_read_reach_on_binary_in_order() -> None:
    sent = [payload(i, n) for i, n in enumerate([0, 1, 48, 125, 126, 127, 300, 65535, 65536, 70000] * 5)]
    async with connected() as (served, client):
        await client.write(b"".join(ws_frame(p) for p in sent))
        await served.received(len(sent))
        assert served.got == sent
        assert served.direct == len(sent)
        assert served.framing() is transport._Framing.OURS


async def test_a_frame_cut_at_every_byte_reaches_on_binary_whole() -> None:
    async with connected() as (served, client):
        expected: list[bytes | str] = []
        for i, (n1, n2) in enumerate([(0, 5), (125, 126), (300, 1)]):
            first, second = payload(i, n1), payload(i + 1, n2)
            stream = ws_frame(first) + ws_frame(second)  # (a cut may also leave a whole frame before it)
            for cut in range(1, len(stream)):
                await client.write_apart(stream[:cut], stream[cut:])
                expected += [first, second]
                await served.received(len(expected))
        assert served.got == expected
        assert served.framing() is transport._Framing.OURS


async def test_a_large_frame_cut_in_its_header_or_in_many_pieces_reaches_on_binary_whole() -> None:
    big = payload(7, 70_000)  # (a 64-bit length)
    frame = ws_frame(big)
    async with connected() as (served, client):
        cuts = [*range(1, 15), 15, 1000, len(frame) - 1]
        for cut in cuts:
            await client.write_apart(frame[:cut], frame[cut:])
        await client.write_apart(*(frame[k : k + 997] for k in range(0, len(frame), 997)))
        await served.received(len(cuts) + 1)
        assert served.got == [big] * (len(cuts) + 1)
        assert served.direct == len(cuts) + 1
        assert served.framing() is transport._Framing.OURS


async def test_a_ping_is_answered_and_the_connection_stays_on_the_fast_path() -> None:
    async with connected() as (served, client):
        await client.write(ws_frame(b"a") + ws_frame(b"are you there?", PING) + ws_frame(b"b"))
        assert await asyncio.wait_for(client.read_frame(), 5) == (PONG, b"are you there?")
        await client.write(ws_frame(b"c"))
        await served.received(3)
        assert served.got == [b"a", b"b", b"c"]
        assert served.direct == 3
        assert served.framing() is transport._Framing.OURS


async def test_a_pong_among_binary_frames_answers_the_keepalive_ping_and_stays_on_the_fast_path() -> None:
    async with connected() as (served, client):
        await client.write(ws_frame(b"first"))
        await until(lambda: served.got == [b"first"])
        waiter = await served.conn.ping(b"keepalive")
        assert await asyncio.wait_for(client.read_frame(), 5) == (PING, b"keepalive")
        unsolicited = ws_frame(b"nobody asked", PONG)
        await client.write(ws_frame(b"a") + unsolicited + ws_frame(b"keepalive", PONG) + ws_frame(b"b"))
        latency = await asyncio.wait_for(waiter, 5)
        assert latency >= 0 and served.conn.latency == latency
        await served.received(3)
        assert served.got == [b"first", b"a", b"b"]
        assert served.direct == 3
        assert served.framing() is transport._Framing.OURS


async def test_a_text_frame_hands_the_stream_to_websockets_and_order_is_kept() -> None:
    async with connected() as (served, client):
        await client.write(ws_frame(b"a") + ws_frame("hé".encode(), TEXT) + ws_frame(b"b"))
        await served.received(3)
        await client.write(ws_frame(b"c") + ws_frame(b"ping", PING))
        assert await asyncio.wait_for(client.read_frame(), 5) == (PONG, b"ping")
        await served.received(4)
        assert served.got == [b"a", "hé", b"b", b"c"]
        assert served.framing() is transport._Framing.THEIRS


async def test_a_fragmented_message_is_assembled_by_websockets() -> None:
    async with connected() as (served, client):
        await client.write(ws_frame(b"ab", fin=False) + ws_frame(b"cd", CONT, fin=False))
        await client.write_apart(ws_frame(b"ef", CONT), ws_frame(b"g"))
        await served.received(2)
        assert served.got == [b"abcdef", b"g"]
        assert served.framing() is transport._Framing.THEIRS


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (ws_frame(b"no mask", masked=False), 1002),
        (ws_frame(b"reserved bit", rsv=0x40), 1002),
        (ws_frame(b"no such opcode", 0x3), 1002),
        (ws_frame(b"c" * 126, PING), 1002),  # (a control frame holds at most 125 bytes)
        (ws_frame(b"orphan", CONT), 1002),
        (ws_frame(b"x" * (MAX_SIZE + 1)), 1009),
        (ws_frame(b"", length=MAX_SIZE + 1)[:10], 1009),  # (refused from its header alone)
        (ws_frame(b"", length=1 << 40)[:10], 1009),
    ],
    ids=["unmasked", "rsv1", "bad-opcode", "long-ping", "continuation", "oversize", "oversize-header", "huge-header"],
)
async def test_a_frame_websockets_refuses_closes_the_connection_with_its_code(frame: bytes, code: int) -> None:
    async with connected() as (served, client):
        await client.write(ws_frame(b"before") + frame)
        assert await client.read_close_code() == code
        await asyncio.wait_for(served.done.wait(), 5)
        assert served.got == [b"before"]
        assert served.conn.protocol.close_sent is not None and served.conn.protocol.close_sent.code == code


async def test_a_close_frame_closes_cleanly() -> None:
    async with connected() as (served, client):
        close = ws_frame((1000).to_bytes(2, "big") + b"bye", CLOSE)
        await client.write(ws_frame(b"last") + close + ws_frame(b"after the close"))
        assert await client.read_close_code() == 1000
        await asyncio.wait_for(served.done.wait(), 5)
        assert served.got == [b"last"]
        assert served.conn.close_code == 1000 and served.conn.close_reason == "bye"


async def test_a_close_from_the_server_hands_the_stream_to_websockets() -> None:
    async with connected() as (served, client):
        await client.write(ws_frame(b"a"))
        await until(lambda: served.got == [b"a"])
        closing = asyncio.create_task(served.conn.close(1001, "going away"))
        assert await asyncio.wait_for(client.read_frame(), 5) == (CLOSE, (1001).to_bytes(2, "big") + b"going away")
        await client.write(ws_frame(b"b") + ws_frame((1001).to_bytes(2, "big"), CLOSE))
        assert await asyncio.wait_for(client.reader.read(), 5) == b""  # (the server ends the TCP connection)
        client.writer.close()
        await asyncio.wait_for(closing, 5)
        assert served.got == [b"a", b"b"]  # (websockets still delivers data while it closes)
        assert served.conn.close_code == 1001
        assert served.framing() is transport._Framing.THEIRS


async def test_after_a_keepalive_timeout_what_the_client_sends_is_discarded() -> None:
    async with connected(ping_interval=0.05) as (served, client):
        await client.write(ws_frame(b"a"))
        while (frame := await asyncio.wait_for(client.read_frame(), 5))[0] != CLOSE:  # (pings left unanswered)
            pass
        assert frame[1][:2] == (1011).to_bytes(2, "big")
        await client.write_apart(ws_frame(b"too late") + ws_frame(b"ping", PING))
        assert served.got == [b"a"]
        assert served.framing() is transport._Framing.THEIRS
        assert await asyncio.wait_for(client.reader.read(), 5) == b""  # (no pong: websockets discards it all)
        client.writer.close()
        await asyncio.wait_for(served.done.wait(), 5)


async def test_a_failing_handler_aborts_the_connection_and_the_rest_of_the_read_is_not_delivered() -> None:
    async with connected() as (served, client):
        served.fail_on = b"boom"
        await client.write(ws_frame(b"a") + ws_frame(b"boom") + ws_frame(b"c"))
        await asyncio.wait_for(served.done.wait(), 5)
        assert served.got == [b"a"]
        assert served.conn.close_code == 1006  # (no closing handshake: the transport was aborted)
        assert served.framing() is transport._Framing.DROPPED


async def test_a_handler_that_aborts_the_transport_stops_the_read() -> None:
    async with connected() as (served, client):
        served.abort_on = b"enough"
        await client.write(ws_frame(b"a") + ws_frame(b"enough") + ws_frame(b"c") + ws_frame(b"p", PING))
        await asyncio.wait_for(served.done.wait(), 5)
        assert served.got == [b"a", b"enough"]
        assert served.conn.close_code == 1006
        assert served.framing() is transport._Framing.DROPPED


@pytest.mark.parametrize("sent", [2, 6, 11, 13], ids=["header", "header-and-mask", "part-of-payload", "whole-frame"])
async def test_frames_sent_with_the_request_are_read_by_websockets(sent: int) -> None:
    """websockets parses bytes after the request at once (before its response), and may stand in the middle
    of a frame with nothing left in its buffer (after 2 or 6 bytes here): the fast path stays off."""
    # (Mask and payload chosen so that what follows the cut also reads as a binary frame: 0x82 0x85 ...,
    # and 0x82 0x80 once masked; a fast path that started there would deliver a wrong message.)
    early = ws_frame(b"\x00\x05early", key=b"\x82\x85\x00\x00")
    assert early[2:4] == b"\x82\x85" and early[6:8] == b"\x82\x80" and len(early) == 13
    async with connected(after_request=early[:sent]) as (served, client):
        await client.write(early[sent:] + ws_frame(b"later"))
        await served.received(2)
        assert served.got == [b"\x00\x05early", b"later"]
        assert served.framing() is transport._Framing.THEIRS


@pytest.mark.parametrize("cut", [1, 2, 3, 4])
async def test_a_request_whose_end_straddles_two_reads_still_gets_the_fast_path(cut: int) -> None:
    async with connected(cut_request=cut) as (served, client):
        await client.write(ws_frame(b"a"))
        await until(lambda: served.got == [b"a"])
        assert served.direct == 1
        assert served.framing() is transport._Framing.OURS
