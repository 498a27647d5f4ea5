"""The cluster's hot paths on Redis at the speed of the wire: plain RESP connections of our own.

The cluster's bus (:mod:`.bus`) sends every frame that crosses nodes through Redis
publish/subscribe, one or more per move, and the store (:mod:`.store`) writes every loop
turn's room writes with one fenced script call per room.  Through redis-py that costs more
than running the move: 11 to 74 µs of CPU per ``PUBLISH`` in a pipeline (batches of 50 down
to 1) and 14 to 19 µs per message received by its ``PubSub`` (``python bench/pubsub.py``
measures both against this module, which costs a few µs for each), and its command packing,
connection pool, timeouts and reply parsing cost a node more CPU than its moves did.  What
these paths need of the Redis protocol is little, so this module speaks it directly, on
connections of its own, while everything else (reads, the leases, the bot queue) keeps using
redis-py:

* :class:`Publisher` writes ``PUBLISH`` commands as they come (a batch in one write), never
  waits for a reply before the next, and counts the replies (integers) so that
  :meth:`Publisher.drain` can wait for the last one.  One connection: Redis runs the
  commands, and so delivers the messages, in the order they were written.
* :class:`Subscriber` holds one connection in subscribe mode and parses the pushed
  ``message`` arrays itself, handing ``(channel, data)`` to a callback as they arrive.
  :meth:`Subscriber.subscribe` returns once Redis has confirmed the subscription (a message
  published after that reaches us).
* :class:`Caller` sends batches of commands on one connection (a batch in one write, several
  batches in flight) and hands each batch its replies, in order, parsed by :class:`Replies`
  (error replies come back as :class:`ReplyError` in their place).  It logs in and selects the
  URL's database on every new connection; a dropped link fails every batch in flight with
  :class:`ConnectionError` (nothing is known to be done) and the next call connects again; a
  batch Redis does not answer in :data:`CALL_TIMEOUT_S` (checked a few times per timeout, not by a
  timer per batch) fails the same way and resets the link.

The publisher and the subscriber reconnect on their own with a backoff when the link drops
(the subscriber subscribes again to every channel it had).  Publish/subscribe keeps nothing:
what was in flight when a link dropped is lost, as it would be with any client; while the
publisher's link is down its publications wait in a bounded queue (:data:`MAX_WAITING`) and
go out once it is back.  The URL is the same as redis-py's (``redis://``, ``rediss://``,
``unix://``, with a user and password if any); the database number matters to the caller
only (publish/subscribe is the same in every database).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import ssl
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from redis.asyncio.connection import Connection, SSLConnection, UnixDomainSocketConnection, parse_url
from redis.asyncio.sentinel import SentinelConnectionPool
from redis.exceptions import RedisError

from grundy.server.cluster import connect

try:  # (redis[hiredis] brings it: the replies are read in C)
    import hiredis
except ImportError:  # pragma: no cover - the pure-Python reader below
    hiredis = None  # type: ignore[assignment]

log = logging.getLogger("grundy.cluster.wire")

MAX_WAITING = 100_000  # publications kept while the publisher's link is down (the oldest go first)
CONFIRM_TIMEOUT_S = 5.0  # how long a subscription may wait for Redis to confirm it
PING_EVERY_S = 5.0  # an idle subscriber pings Redis this often ...
DEAD_AFTER_S = 15.0  # ... and takes its link for dead after this long without a byte
# Waits between reconnection attempts.  Short: once Redis answers again, every node must hear its
# channels again well within a lease (the nodes let each other re-assert for one lease, docs/STORE.md).
BACKOFF_S = (0.05, 0.1, 0.2, 0.25)
CALL_TIMEOUT_S = 10.0  # how long a caller's batch may wait for its replies (then the link is reset) ...
PATROLS_PER_TIMEOUT = 4  # ... checked this often per timeout (a batch fails after 1 to 1.25 timeouts)
CONNECT_TIMEOUT_S = 5.0  # how long a caller may take to connect and log in


class WireError(Exception):
    """Redis refused a command of ours (a wrong password, say) or spoke something we do not expect."""


class ReplyError(WireError):
    """An error reply (``-ERR ...``), handed back in its command's place; ``code`` is its first word."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    @property
    def code(self) -> str:
        return self.text.partition(" ")[0]


def command(*parts: bytes) -> bytes:
    """One command in the Redis protocol (an array of bulk strings)."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        out.append(b"$%d\r\n" % len(part))
        out.append(part)
        out.append(b"\r\n")
    return b"".join(out)


def bulk(part: bytes) -> bytes:
    """One bulk string (a command is an array of them: ``*N`` and N bulk strings)."""
    return b"$%d\r\n%s\r\n" % (len(part), part)


def publish_command(channel: bytes, data: bytes) -> bytes:
    """``PUBLISH channel data``, built in one step (the hot path)."""
    return b"*3\r\n$7\r\nPUBLISH\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n" % (len(channel), channel, len(data), data)


class Endpoint:
    """Where Redis is and how to log in, from a redis-py URL (or a redis-py client's pool)."""

    def __init__(self, url: str) -> None:
        self.url = url
        # With Sentinel (``redis+sentinel://``, :mod:`.connect`), where the primary is now: asked at each connection.
        self.locate: Callable[[], Awaitable[tuple[str, int]]] | None = None
        target = connect.parse(url)
        if target.is_sentinel:
            self._take({"db": target.db, "username": target.username, "password": target.password}, None)
            self.locate = connect.locator(target)
            self.sentinel = target.where
            self.host, self.port = "", 0  # (known once connected)
            return
        args: dict[str, Any] = parse_url(url)
        self._take(args, args.get("connection_class"))

    host: str
    port: int
    sentinel = ""  # (with Sentinel: the Sentinels and the primary's name, for messages)

    def _take(self, args: dict[str, Any], kind: Any) -> None:
        self.host = str(args.get("host") or "localhost")
        self.port = int(args.get("port") or 6379)
        self.path: str | None = args.get("path")
        self.path = self.path if isinstance(kind, type) and issubclass(kind, UnixDomainSocketConnection) else None
        self.tls = isinstance(kind, type) and issubclass(kind, SSLConnection)
        self.username: str | None = args.get("username")
        self.password: str | None = args.get("password")
        self.db = int(args.get("db") or 0)

    @classmethod
    def of_client(cls, client: Any) -> Endpoint | None:
        """The endpoint a redis-py client connects to (from its pool's connection arguments), or
        None when it connects some other way (a credential provider, a connection class not redis-py's)."""
        pool = getattr(client, "connection_pool", None)
        kwargs = getattr(pool, "connection_kwargs", None)
        kind = getattr(pool, "connection_class", None)
        if isinstance(pool, SentinelConnectionPool):  # the primary the pool's Sentinels name, wherever it is now
            if not isinstance(kwargs, dict) or kwargs.get("credential_provider") or not pool.is_master:
                return None
            endpoint = cls.__new__(cls)
            endpoint._take(kwargs, None)
            endpoint.host, endpoint.port = "", 0  # (known once connected)
            manager, name = pool.sentinel_manager, pool.service_name

            async def locate() -> tuple[str, int]:
                host, port = await manager.discover_master(name)
                return str(host), int(port)

            endpoint.locate = locate
            endpoint.sentinel = f"Sentinel master {name}"
            endpoint.url = f"{connect.SCHEME}.../{name}/{endpoint.db}"
            return endpoint
        if not isinstance(kwargs, dict) or not isinstance(kind, type) or kwargs.get("credential_provider"):
            return None
        if not issubclass(kind, (Connection, UnixDomainSocketConnection)):
            return None
        if issubclass(kind, UnixDomainSocketConnection) and not kwargs.get("path"):
            return None
        endpoint = cls.__new__(cls)
        endpoint.locate = None
        endpoint._take(kwargs, kind)
        endpoint.url = f"unix://{endpoint.path}" if endpoint.path else f"redis://{endpoint.host}:{endpoint.port}"
        return endpoint

    @property
    def where(self) -> str:
        """Where Redis is, for messages (no password)."""
        if self.locate is not None:
            return f"{self.host}:{self.port} ({self.sentinel})" if self.host else self.sentinel
        return self.path or f"{self.host}:{self.port}"

    def login(self) -> bytes:
        """The ``AUTH`` command to send first, or nothing."""
        if self.password is None:
            return b""
        if self.username:
            return command(b"AUTH", self.username.encode(), self.password.encode())
        return command(b"AUTH", self.password.encode())

    async def open(self, factory: Callable[[], asyncio.Protocol], timeout: float = 5.0) -> asyncio.Transport:
        loop = asyncio.get_running_loop()
        if self.locate is not None:  # (Sentinel: a primary that cannot be found fails as a refused connection would)
            try:
                self.host, self.port = await asyncio.wait_for(self.locate(), timeout)
            except (RedisError, TimeoutError) as e:
                raise ConnectionError(f"no primary found ({self.sentinel}): {e}") from e
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

    def __init__(
        self,
        url: str,
        on_message: Callable[[str, bytes], None],
        on_link: Callable[[bool], None] | None = None,
    ) -> None:
        self.endpoint = Endpoint(url)
        self.on_message = on_message
        self.on_link = on_link  # told False when the link drops, True when it is back (subscribed again)
        self.channels: set[str] = set()
        self._buf = bytearray()
        self._transport: asyncio.Transport | None = None
        self._confirm: dict[str, list[asyncio.Future[None]]] = {}
        self._up = asyncio.Event()
        self._last_byte = 0.0  # when the keep-alive last saw that bytes had come (at most PING_EVERY_S late)
        self._reads = 0  # reads so far (counted, not timed: the keep-alive looks at the count)
        self._reads_seen = 0  # the count when the keep-alive last looked
        self._pinged = 0.0  # when the keep-alive last sent a PING
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
        self._reads += 1
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

    @property
    def linked(self) -> bool:
        """Whether the link is up (its subscriptions sent again after a reconnection)."""
        return self._transport is not None

    def _dropped(self, exc: Exception | None) -> None:
        self._transport = None
        self._up.clear()
        if self._closed:
            return
        log.warning("cluster subscriber: the link to Redis dropped (%s); reconnecting", exc or "closed")
        if self.on_link is not None:
            self.on_link(False)
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
                if self.on_link is not None:
                    self.on_link(True)
                return
            except (OSError, TimeoutError) as e:
                log.debug("cluster subscriber: reconnect failed: %s", e)

    async def _keep_alive(self) -> None:
        """Ping a quiet link; take it for dead when a PING went unanswered for PING_EVERY_S and nothing came
        for DEAD_AFTER_S.  (A loop that was busy for a while is no sign of a dead link: it pings first.)  Whether
        bytes came is seen from the count of reads at each look, so "nothing came" is known to PING_EVERY_S."""
        while not self._closed:
            await asyncio.sleep(PING_EVERY_S)
            transport = self._transport
            if transport is None:
                continue
            now = time.monotonic()
            if self._reads != self._reads_seen:
                self._reads_seen = self._reads
                self._last_byte = now
            quiet = now - self._last_byte
            unanswered = self._pinged > self._last_byte
            if quiet > DEAD_AFTER_S and unanswered and now - self._pinged >= PING_EVERY_S:
                log.warning("cluster subscriber: nothing from Redis for %.0f s; reconnecting", quiet)
                transport.abort()
            elif quiet > PING_EVERY_S / 2 and not unanswered:  # (a look ago or more)
                transport.write(command(b"PING"))
                self._pinged = now

    async def close(self) -> None:
        self._closed = True
        for task in [*self._tasks, self._reconnecting]:
            if task is not None:
                task.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None


# ============================================================================ request and reply


class _Incomplete(Exception):
    """The buffer ends inside a reply, which cannot be whole before the buffer has ``need`` bytes."""

    def __init__(self, need: int) -> None:
        self.need = need


def _reply(buf: bytes, pos: int) -> tuple[Any, int]:
    """The reply starting at ``pos`` and where the next one starts (RESP2)."""
    end = buf.find(b"\r\n", pos)
    if end < 0:
        raise _Incomplete(len(buf) + 1)
    head = buf[pos]
    if head == 0x24:  # '$': a bulk string, or $-1: none
        size = int(buf[pos + 1 : end])
        if size < 0:
            return None, end + 2
        start = end + 2
        stop = start + size
        if stop + 2 > len(buf):
            raise _Incomplete(stop + 2)
        if buf[stop : stop + 2] != b"\r\n":
            raise WireError("a bulk string longer than it said")
        return buf[start:stop], stop + 2
    if head == 0x2A:  # '*': an array (of any replies), or *-1: none
        count = int(buf[pos + 1 : end])
        if count < 0:
            return None, end + 2
        p = end + 2
        items = []
        for _ in range(count):
            item, p = _reply(buf, p)
            items.append(item)
        return items, p
    if head == 0x3A:  # ':': an integer
        return int(buf[pos + 1 : end]), end + 2
    if head == 0x2B:  # '+': a simple string
        return buf[pos + 1 : end], end + 2
    if head == 0x2D:  # '-': an error, handed back in the reply's place
        return ReplyError(buf[pos + 1 : end].decode(errors="replace")), end + 2
    raise WireError(f"a reply starting with {chr(head)!r}")


class Replies:
    """RESP2 replies parsed as the bytes arrive: a reply may be split anywhere between reads.

    ``+OK`` gives ``b"OK"``, ``:3`` gives 3, a bulk string its bytes (``$-1``: None), an array
    a list (``*-1``: None), an error reply a :class:`ReplyError`.  A reply that does not fit in
    what came so far waits for the rest (and is not parsed again before enough bytes came).
    """

    def __init__(self) -> None:
        self._parts: list[bytes] = []  # bytes of replies not whole yet
        self._have = 0
        self._need = 0  # no reply can be whole before this many bytes are here

    def feed(self, data: bytes) -> list[Any]:
        """The replies ``data`` completes, in order (raises :class:`WireError` or ValueError on a protocol error)."""
        if self._parts:
            self._parts.append(data)
            self._have += len(data)
            if self._have < self._need:
                return []
            buf = b"".join(self._parts)
            self._parts.clear()
        else:
            buf = data
        out: list[Any] = []
        pos = 0
        n = len(buf)
        try:
            while pos < n:
                value, pos = _reply(buf, pos)
                out.append(value)
        except _Incomplete as e:
            rest = buf[pos:]
            self._parts.append(rest)
            self._have = len(rest)
            self._need = e.need - pos
        return out

    def pending(self) -> int:
        """Bytes of a reply not whole yet."""
        return self._have if self._parts else 0


class NativeReplies:
    """:class:`Replies` read by hiredis (C): the same values for the same bytes.  A reply Redis would never send
    may be read differently (a bulk string longer than it said is cut to its length, not refused)."""

    def __init__(self) -> None:
        self._reader = hiredis.Reader(protocolError=WireError, replyError=ReplyError)

    def feed(self, data: bytes) -> list[Any]:
        """The replies ``data`` completes, in order (raises :class:`WireError` on a protocol error)."""
        reader = self._reader
        reader.feed(data)
        out: list[Any] = []
        reply = reader.gets()
        while reply is not False:  # (False: no whole reply yet; RESP2 has no booleans)
            out.append(reply)
            reply = reader.gets()
        return out

    def pending(self) -> int:
        """Bytes of a reply not whole yet."""
        return int(self._reader.len())


def replies() -> Replies | NativeReplies:
    """A reader of a connection's replies: hiredis's when it is there."""
    return NativeReplies() if hiredis is not None else Replies()


class _Batch:
    __slots__ = ("future", "size", "replies", "timer", "sent")

    def __init__(self, future: asyncio.Future[list[Any]], size: int, sent: int = 0) -> None:
        self.future = future
        self.size = size
        self.replies: list[Any] = []
        self.timer: asyncio.TimerHandle | None = None  # (logging in: a timer of its own)
        self.sent = sent  # the caller's patrol count when it was sent (:meth:`Caller._patrol`)

    def done(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if not self.future.done():
            self.future.set_result(self.replies)

    def fail(self, exc: Exception) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if not self.future.done():
            self.future.set_exception(exc)


class _Conn:
    """One connection of a caller: its batches waiting for replies, oldest first."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.replies = replies()
        self.waiting: collections.deque[_Batch] = collections.deque()
        self.dead: Exception | None = None  # why this connection is no longer used

    def data(self, data: bytes) -> None:
        try:
            got = self.replies.feed(data)
        except (ValueError, WireError) as e:
            log.error("cluster store link: cannot read what Redis sent (%s); reconnecting", e)
            self.drop(ConnectionError(f"Redis sent what we cannot read ({e})"))
            return
        waiting = self.waiting
        for reply in got:
            if not waiting:
                log.error("cluster store link: Redis sent a reply nothing asked for; reconnecting")
                self.drop(ConnectionError("Redis sent a reply nothing asked for"))
                return
            batch = waiting[0]
            batch.replies.append(reply)
            if len(batch.replies) == batch.size:
                waiting.popleft()
                batch.done()

    def lost(self, exc: Exception | None) -> None:
        self.fail(ConnectionError(f"the link to Redis dropped ({exc or 'closed'})"))

    def fail(self, exc: Exception) -> None:
        """No more use of this connection: every batch in flight fails with ``exc``."""
        if self.dead is None:
            self.dead = exc
        while self.waiting:
            self.waiting.popleft().fail(exc)

    def drop(self, exc: Exception) -> None:
        self.fail(exc)
        if self.transport is not None:
            self.transport.abort()


class Caller:
    """Batches of commands on one connection, each answered with its replies in order.

    ``await caller.call_many([command(b"GET", b"k"), ...])`` writes the batch in one write and
    returns the replies (an error reply as a :class:`ReplyError` in its place, the others
    untouched: this is not a pipeline that stops at an error).  Any number of batches may be in
    flight: Redis answers in the order it was written to.  A link that drops fails every batch
    in flight with :class:`ConnectionError` (whether Redis ran them is not known); so does a
    batch not answered in ``call_timeout_s`` (or up to a quarter more), which also resets the link.  The next call
    connects again (at most ``connect_timeout_s``), logs in and selects the database.
    """

    def __init__(
        self,
        where: str | Endpoint,
        *,
        call_timeout_s: float = CALL_TIMEOUT_S,
        connect_timeout_s: float = CONNECT_TIMEOUT_S,
    ) -> None:
        self.endpoint = where if isinstance(where, Endpoint) else Endpoint(where)
        self.call_timeout_s = call_timeout_s
        self.connect_timeout_s = connect_timeout_s
        self._conn: _Conn | None = None
        self._lock = asyncio.Lock()
        self._attempts = 0  # connection attempts made (a call that waited for one that failed fails with it)
        self._failed: Exception | None = None  # why the last attempt failed
        self._closed = False
        self.connects = 0  # connections made
        # Batches in flight are timed by one patrol, not a timer each: every PATROLS_PER_TIMEOUT-th of the call timeout
        # while any waits, it counts (``_patrols``) and fails the link if its oldest batch has waited more than
        # PATROLS_PER_TIMEOUT counts (so at least the timeout, at most a count more).
        self._patrols = 0
        self._patrol_timer: asyncio.TimerHandle | None = None

    def call_many(self, commands: Sequence[bytes]) -> Awaitable[list[Any]]:
        """Send the commands (each whole, see :func:`command`) in one write; awaited, their replies, in order.

        On a live connection the batch is written at once and its future returned (no coroutine of its own:
        this is every move's path); else a coroutine that connects first."""
        conn = self._conn
        if conn is None or conn.dead is not None or not commands:
            return self._connect_and_send(commands)
        return self._send(conn, commands)

    async def _connect_and_send(self, commands: Sequence[bytes]) -> list[Any]:
        if not commands:
            return []
        conn = self._conn
        if conn is None or conn.dead is not None:
            conn = await self._connection()
        return await self._send(conn, commands)

    async def call(self, *parts: bytes) -> Any:
        """One command's reply (an error reply raised as :class:`ReplyError`)."""
        (reply,) = await self.call_many([command(*parts)])
        if isinstance(reply, ReplyError):
            raise reply
        return reply

    def _send(self, conn: _Conn, commands: Sequence[bytes]) -> asyncio.Future[list[Any]]:
        transport = conn.transport
        assert transport is not None
        batch = _Batch(asyncio.get_running_loop().create_future(), len(commands), self._patrols)
        conn.waiting.append(batch)
        transport.write(b"".join(commands))
        if self._patrol_timer is None:
            self._patrol_timer = asyncio.get_running_loop().call_later(
                self.call_timeout_s / PATROLS_PER_TIMEOUT, self._patrol
            )
        return batch.future

    def _patrol(self) -> None:
        """Fail the link if its oldest batch has waited past the call timeout; come again while batches wait."""
        self._patrol_timer = None
        self._patrols += 1
        conn = self._conn
        if conn is None or not conn.waiting:
            return
        if self._patrols - conn.waiting[0].sent > PATROLS_PER_TIMEOUT:
            self._timed_out(conn, self.call_timeout_s)
            return
        self._patrol_timer = asyncio.get_running_loop().call_later(
            self.call_timeout_s / PATROLS_PER_TIMEOUT, self._patrol
        )

    def _send_timed(self, conn: _Conn, commands: Sequence[bytes], timeout: float) -> asyncio.Future[list[Any]]:
        """:meth:`_send` with a timer of the batch's own (logging in, on a connection not in use yet)."""
        loop = asyncio.get_running_loop()
        batch = _Batch(loop.create_future(), len(commands))
        batch.timer = loop.call_later(timeout, self._expired, conn, batch, timeout)
        conn.waiting.append(batch)
        assert conn.transport is not None
        conn.transport.write(b"".join(commands))
        return batch.future

    def _expired(self, conn: _Conn, batch: _Batch, timeout: float) -> None:
        if not batch.future.done():
            self._timed_out(conn, timeout)

    def _timed_out(self, conn: _Conn, timeout: float) -> None:
        """A batch on ``conn`` waited ``timeout`` for its replies: the link is given up."""
        where = self.endpoint.where
        log.warning("cluster store link: Redis at %s did not answer in %.1f s; reconnecting", where, timeout)
        self._drop(conn, ConnectionError(f"Redis at {where} did not answer in {timeout:.1f} s"))

    def _drop(self, conn: _Conn, exc: Exception) -> None:
        conn.drop(exc)
        if self._conn is conn:
            self._conn = None

    async def _connection(self) -> _Conn:
        if self._closed:
            raise ConnectionError("the connection to Redis is closed")
        attempts = self._attempts
        async with self._lock:
            conn = self._conn
            if conn is not None and conn.dead is None:
                return conn
            if self._closed:
                raise ConnectionError("the connection to Redis is closed")
            if self._attempts != attempts and self._failed is not None:  # (it failed while this call waited)
                raise ConnectionError(str(self._failed)) from self._failed
            self._conn = None
            self._attempts += 1
            try:
                conn = await self._open()
            except Exception as e:
                self._failed = e
                raise
            self._failed = None
            if self._closed:
                conn.drop(ConnectionError("the connection to Redis is closed"))
                raise ConnectionError("the connection to Redis is closed")
            self._conn = conn
            self.connects += 1
            return conn

    async def _open(self) -> _Conn:
        ep = self.endpoint
        conn = _Conn()
        try:
            conn.transport = await ep.open(lambda: _Link(conn.data, conn.lost), self.connect_timeout_s)
        except TimeoutError as e:
            raise ConnectionError(f"cannot connect to Redis at {ep.where} in {self.connect_timeout_s:.1f} s") from e
        except OSError as e:
            raise ConnectionError(f"cannot connect to Redis at {ep.where}: {e}") from e
        hello = []
        login = ep.login()
        if login:
            hello.append((login, "the login"))
        if ep.db:
            hello.append((command(b"SELECT", b"%d" % ep.db), f"database {ep.db}"))
        if hello:
            try:
                replies = await self._send_timed(conn, [c for c, _ in hello], self.connect_timeout_s)
            except BaseException:
                conn.drop(ConnectionError("connecting was given up"))
                raise
            for (_, what), reply in zip(hello, replies, strict=True):
                if isinstance(reply, ReplyError):
                    conn.drop(ConnectionError(f"Redis refused {what}"))
                    raise WireError(f"Redis at {ep.where} refused {what}: {reply.text}")
        return conn

    def reset(self, why: str) -> None:
        """Give the connection up (batches in flight fail); the next call connects again (with Sentinel: to
        the primary the Sentinels name then)."""
        conn = self._conn
        if conn is not None:
            log.warning("cluster store link: %s; reconnecting", why)
            self._drop(conn, ConnectionError(why))

    async def close(self) -> None:
        """Close the connection; batches in flight fail, and so does every later call."""
        self._closed = True
        if self._patrol_timer is not None:
            self._patrol_timer.cancel()
            self._patrol_timer = None
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.fail(ConnectionError("the connection to Redis is closed"))
            if conn.transport is not None:
                conn.transport.close()
