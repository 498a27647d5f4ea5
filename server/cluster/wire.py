"""Publish/subscribe on Redis at the speed of the wire: two plain RESP connections.

The cluster's bus (:mod:`.bus`) sends every frame that crosses nodes through Redis
publish/subscribe, one or more per move.  Through redis-py that costs more than running the
move: 11 to 74 µs of CPU per ``PUBLISH`` in a pipeline (batches of 50 down to 1) and 14 to 19
µs per message received by its ``PubSub`` (``python bench/pubsub.py`` measures both against
this module, which costs a few µs for each).  Publish/subscribe needs very little of the Redis
protocol, so this module speaks it directly, on connections of its own, while everything
else (the store, the leases, the bot queue) keeps using redis-py:

* :class:`Publisher` writes ``PUBLISH`` commands as they come (a batch in one write), never
  waits for a reply before the next, and counts the replies (integers) so that
  :meth:`Publisher.drain` can wait for the last one.  One connection: Redis runs the
  commands, and so delivers the messages, in the order they were written.
* :class:`Subscriber` holds one connection in subscribe mode and parses the pushed
  ``message`` arrays itself, handing ``(channel, data)`` to a callback as they arrive.
  :meth:`Subscriber.subscribe` returns once Redis has confirmed the subscription (a message
  published after that reaches us).

Both reconnect on their own with a backoff when the link drops (the subscriber subscribes
again to every channel it had).  Publish/subscribe keeps nothing: what was in flight when a
link dropped is lost, as it would be with any client; while the publisher's link is down its
publications wait in a bounded queue (:data:`MAX_WAITING`) and go out once it is back.
The URL is the same as redis-py's (``redis://``, ``rediss://``, ``unix://``, with a user
and password if any); the database number does not matter to publish/subscribe.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import ssl
import time
from collections.abc import Callable
from typing import Any

from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url

log = logging.getLogger("grundy.cluster.wire")

MAX_WAITING = 100_000  # publications kept while the publisher's link is down (the oldest go first)
CONFIRM_TIMEOUT_S = 5.0  # how long a subscription may wait for Redis to confirm it
PING_EVERY_S = 5.0  # an idle subscriber pings Redis this often ...
DEAD_AFTER_S = 15.0  # ... and takes its link for dead after this long without a byte
BACKOFF_S = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0)


class WireError(Exception):
    """Redis refused a command of ours (a wrong password, say) or spoke something we do not expect."""


def command(*parts: bytes) -> bytes:
    """One command in the Redis protocol (an array of bulk strings)."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        out.append(b"$%d\r\n" % len(part))
        out.append(part)
        out.append(b"\r\n")
    return b"".join(out)


def publish_command(channel: bytes, data: bytes) -> bytes:
    """``PUBLISH channel data``, built in one step (the hot path)."""
    return b"*3\r\n$7\r\nPUBLISH\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n" % (len(channel), channel, len(data), data)


class Endpoint:
    """Where Redis is and how to log in, from a redis-py URL."""

    def __init__(self, url: str) -> None:
        args: dict[str, Any] = parse_url(url)
        self.url = url
        self.host: str = args.get("host", "localhost")
        self.port: int = int(args.get("port", 6379))
        self.path: str | None = args.get("path")
        kind = args.get("connection_class")
        self.path = self.path if kind is UnixDomainSocketConnection else None
        self.tls = kind is SSLConnection
        self.username: str | None = args.get("username")
        self.password: str | None = args.get("password")

    def login(self) -> bytes:
        """The ``AUTH`` command to send first, or nothing."""
        if self.password is None:
            return b""
        if self.username:
            return command(b"AUTH", self.username.encode(), self.password.encode())
        return command(b"AUTH", self.password.encode())

    async def open(self, factory: Callable[[], asyncio.Protocol], timeout: float = 5.0) -> asyncio.Transport:
        loop = asyncio.get_running_loop()
        if self.path is not None:
            coro = loop.create_unix_connection(factory, self.path)
        else:
            context = ssl.create_default_context() if self.tls else None
            coro = loop.create_connection(factory, self.host, self.port, ssl=context)
        transport, _ = await asyncio.wait_for(coro, timeout)
        return transport  # type: ignore[return-value]


class _Link(asyncio.Protocol):
    """One connection's protocol: hands its bytes and its end to the owner."""

    def __init__(self, on_data: Callable[[bytes], None], on_lost: Callable[[Exception | None], None]) -> None:
        self.on_data = on_data
        self.on_lost = on_lost

    def data_received(self, data: bytes) -> None:
        self.on_data(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.on_lost(exc)


# ============================================================================ publishing


class Publisher:
    """Publications written in order on one connection, their replies counted."""

    def __init__(self, url: str) -> None:
        self.endpoint = Endpoint(url)
        self._transport: asyncio.Transport | None = None
        self._waiting: collections.deque[bytes] = collections.deque()
        self._unanswered = 0  # replies still to come for what was written
        self._split = False  # the last read ended between a reply's \r and its \n
        self._answered = asyncio.Event()
        self._answered.set()
        self._reconnecting: asyncio.Task[None] | None = None
        self._closed = False
        self.published = 0  # publications Redis has answered
        self.lost = 0  # publications written on a link that dropped before Redis answered

    async def start(self) -> None:
        await self._connect()

    async def _connect(self) -> None:
        self._split = False
        transport = await self.endpoint.open(lambda: _Link(self._replies, self._dropped))
        login = self.endpoint.login()
        if login:
            self._unanswered += 1
            self._answered.clear()
            transport.write(login)
        self._transport = transport
        if self._waiting:
            self.write_many(list(self._waiting))
            self._waiting.clear()

    def publish_many(self, items: list[tuple[bytes, bytes]]) -> None:
        """Publish ``(channel, data)`` pairs, in order, in one write."""
        self.write_many([publish_command(c, d) for c, d in items])

    def write_many(self, commands: list[bytes]) -> None:
        if self._transport is None or self._transport.is_closing():
            self._keep(commands)
            return
        self._unanswered += len(commands)
        self._answered.clear()
        self._transport.write(b"".join(commands))

    def _keep(self, commands: list[bytes]) -> None:
        self._waiting.extend(commands)
        over = len(self._waiting) - MAX_WAITING
        if over > 0:
            for _ in range(over):
                self._waiting.popleft()
            self.lost += over
            log.warning("cluster publishing: Redis unreachable, %d oldest publications dropped", over)
        self._reconnect()

    def _replies(self, data: bytes) -> None:
        # Every reply to PUBLISH (an integer) and to AUTH (+OK) is one line: count the line ends
        # (one may be split between two reads).
        if b"-" in data:
            for line in data.split(b"\r\n"):
                if line.startswith(b"-"):
                    log.error("cluster publishing: Redis refused a command: %s", line[1:].decode(errors="replace"))
        n = data.count(b"\r\n") + (self._split and data[:1] == b"\n")
        self._split = data[-1:] == b"\r"
        self._unanswered -= n
        self.published += n
        if self._unanswered <= 0:
            self._unanswered = 0
            self._answered.set()

    def _dropped(self, exc: Exception | None) -> None:
        self._transport = None
        if self._unanswered:
            self.lost += self._unanswered
            log.warning("cluster publishing: the link to Redis dropped; %d publications may be lost", self._unanswered)
        self._unanswered = 0
        self._answered.set()
        if not self._closed:
            self._reconnect()

    def _reconnect(self) -> None:
        if self._closed or (self._reconnecting is not None and not self._reconnecting.done()):
            return
        self._reconnecting = asyncio.get_running_loop().create_task(self._again(), name="cluster publisher reconnect")

    async def _again(self) -> None:
        for i in range(1_000_000):
            await asyncio.sleep(BACKOFF_S[min(i, len(BACKOFF_S) - 1)])
            if self._closed:
                return
            try:
                await self._connect()
                log.info("cluster publishing: link to Redis back")
                return
            except (OSError, TimeoutError) as e:
                log.debug("cluster publishing: reconnect failed: %s", e)

    async def drain(self) -> None:
        """Wait until Redis has answered everything written so far (or the link dropped)."""
        await self._answered.wait()

    async def close(self) -> None:
        self._closed = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None


# ============================================================================ subscribing


class Subscriber:
    """One connection in subscribe mode; ``on_message(channel, data)`` for every message pushed to it."""

    def __init__(self, url: str, on_message: Callable[[str, bytes], None]) -> None:
        self.endpoint = Endpoint(url)
        self.on_message = on_message
        self.channels: set[str] = set()
        self._buf = bytearray()
        self._transport: asyncio.Transport | None = None
        self._confirm: dict[str, list[asyncio.Future[None]]] = {}
        self._up = asyncio.Event()
        self._last_byte = 0.0
        self._tasks: list[asyncio.Task[None]] = []
        self._reconnecting: asyncio.Task[None] | None = None
        self._closed = False
        self.received = 0

    async def start(self) -> None:
        await self._connect()
        self._tasks.append(asyncio.get_running_loop().create_task(self._keep_alive(), name="cluster subscriber ping"))

    async def _connect(self) -> None:
        self._buf.clear()
        transport = await self.endpoint.open(lambda: _Link(self._data, self._dropped))
        self._last_byte = time.monotonic()
        out = [self.endpoint.login()]
        names = sorted(self.channels)
        for i in range(0, len(names), 1000):
            out.append(command(b"SUBSCRIBE", *(n.encode() for n in names[i : i + 1000])))
        transport.write(b"".join(out))
        self._transport = transport
        self._up.set()

    async def subscribe(self, channel: str) -> None:
        """Listen on ``channel``; returns once Redis has confirmed it (or the link is down: it is then
        subscribed again as soon as the link is back)."""
        self.channels.add(channel)
        if self._transport is None:
            return
        fut = asyncio.get_running_loop().create_future()
        self._confirm.setdefault(channel, []).append(fut)
        self._transport.write(command(b"SUBSCRIBE", channel.encode()))
        try:
            await asyncio.wait_for(asyncio.shield(fut), CONFIRM_TIMEOUT_S)
        except TimeoutError:
            log.warning("cluster subscriber: Redis did not confirm the subscription to %s in time", channel)
        finally:
            waiting = self._confirm.get(channel)
            if waiting is not None and fut in waiting:
                waiting.remove(fut)
                if not waiting:
                    del self._confirm[channel]

    async def unsubscribe(self, channel: str) -> None:
        self.channels.discard(channel)
        if self._transport is not None:
            self._transport.write(command(b"UNSUBSCRIBE", channel.encode()))

    # ------------------------------------------------------------------ reading

    def _data(self, data: bytes) -> None:
        self._last_byte = time.monotonic()
        buf = self._buf
        if buf:
            buf += data
            data = bytes(buf)
            buf.clear()
        try:
            used = self._parse(data)
        except (ValueError, WireError) as e:
            log.error("cluster subscriber: cannot read what Redis sent (%s); reconnecting", e)
            if self._transport is not None:
                self._transport.abort()
            return
        if used < len(data):
            buf += data[used:]

    def _parse(self, data: bytes) -> int:
        """Handle every whole reply in ``data``; returns how many bytes they took."""
        pos = 0
        n = len(data)
        while pos < n:
            head = data[pos]
            end = data.find(b"\r\n", pos)
            if end < 0:
                return pos
            if head == 0x2A:  # '*': a pushed array: message, subscribe, unsubscribe, pong
                count = int(data[pos + 1 : end])
                p = end + 2
                items: list[bytes | int] = []
                for _ in range(count):
                    e = data.find(b"\r\n", p)
                    if e < 0:
                        return pos
                    kind = data[p]
                    if kind == 0x24:  # '$': a bulk string
                        size = int(data[p + 1 : e])
                        start = e + 2
                        if start + size + 2 > n:
                            return pos
                        items.append(data[start : start + size])
                        p = start + size + 2
                    elif kind == 0x3A:  # ':': an integer
                        items.append(int(data[p + 1 : e]))
                        p = e + 2
                    else:
                        raise WireError(f"an array item starting with {chr(kind)!r}")
                pos = p
                self._pushed(items)
            elif head == 0x2B:  # '+': OK (to AUTH), PONG outside subscribe mode
                pos = end + 2
            elif head == 0x2D:  # '-': an error
                raise WireError(data[pos + 1 : end].decode(errors="replace"))
            else:
                raise WireError(f"a reply starting with {chr(head)!r}")
        return pos

    def _pushed(self, items: list[bytes | int]) -> None:
        kind = items[0]
        if kind == b"message":
            self.received += 1
            channel, data = items[1], items[2]
            assert isinstance(channel, bytes) and isinstance(data, bytes)
            try:
                self.on_message(channel.decode(), data)
            except Exception:
                log.exception("cluster subscriber: a message on %s failed", channel)
        elif kind == b"subscribe":
            channel = items[1]
            assert isinstance(channel, bytes)
            for fut in self._confirm.pop(channel.decode(), ()):
                if not fut.done():
                    fut.set_result(None)
        # unsubscribe confirmations and pongs need nothing

    # ------------------------------------------------------------------ the link

    def _dropped(self, exc: Exception | None) -> None:
        self._transport = None
        self._up.clear()
        if self._closed:
            return
        log.warning("cluster subscriber: the link to Redis dropped (%s); reconnecting", exc or "closed")
        if self._reconnecting is None or self._reconnecting.done():
            loop = asyncio.get_running_loop()
            self._reconnecting = loop.create_task(self._again(), name="cluster subscriber reconnect")

    async def _again(self) -> None:
        for i in range(1_000_000):
            await asyncio.sleep(BACKOFF_S[min(i, len(BACKOFF_S) - 1)])
            if self._closed:
                return
            try:
                await self._connect()
                log.info("cluster subscriber: link to Redis back, %d channels subscribed again", len(self.channels))
                return
            except (OSError, TimeoutError) as e:
                log.debug("cluster subscriber: reconnect failed: %s", e)

    async def _keep_alive(self) -> None:
        while not self._closed:
            await asyncio.sleep(PING_EVERY_S)
            transport = self._transport
            if transport is None:
                continue
            quiet = time.monotonic() - self._last_byte
            if quiet > DEAD_AFTER_S:
                log.warning("cluster subscriber: nothing from Redis for %.0f s; reconnecting", quiet)
                transport.abort()
            elif quiet > PING_EVERY_S:
                transport.write(command(b"PING"))

    async def close(self) -> None:
        self._closed = True
        for task in [*self._tasks, self._reconnecting]:
            if task is not None:
                task.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None
