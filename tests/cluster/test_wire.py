"""The cluster's own Redis connections (server/cluster/wire.py): publish/subscribe, the reply parser and the caller."""

from __future__ import annotations

import asyncio
import random

import pytest
import redis.asyncio as aioredis
from redis.credentials import UsernamePasswordCredentialProvider

from grundy.server.cluster import wire
from tests.cluster.redisproc import RedisServer


def pushed(kind: bytes, channel: bytes, last: bytes | int) -> bytes:
    tail = b":%d\r\n" % last if isinstance(last, int) else b"$%d\r\n%s\r\n" % (len(last), last)
    return b"*3\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n" % (len(kind), kind, len(channel), channel) + tail


class Recorder:
    def __init__(self) -> None:
        self.got: list[tuple[str, bytes]] = []

    def __call__(self, channel: str, data: bytes) -> None:
        self.got.append((channel, data))


def test_the_parser_reads_messages_split_anywhere() -> None:
    """Messages cut at every possible place (a read may end anywhere) come out whole and in order."""
    stream = pushed(b"subscribe", b"a", 1) + b"+OK\r\n"
    expected = []
    rng = random.Random(5)
    for i in range(40):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))  # any bytes, \r\n included
        expected.append(("a" if i % 2 else "bb", data))
        stream += pushed(b"message", expected[-1][0].encode(), data)
    stream += pushed(b"unsubscribe", b"a", 0) + b"*2\r\n$4\r\npong\r\n$0\r\n\r\n"
    for cut in [1, 2, 3, 7, 64, len(stream)]:
        rec = Recorder()
        sub = wire.Subscriber("redis://127.0.0.1:1/0", rec)
        for i in range(0, len(stream), cut):
            sub._data(stream[i : i + cut])
        assert rec.got == expected, cut
        assert not sub._buf


def test_commands_are_the_redis_protocol() -> None:
    assert wire.command(b"PING") == b"*1\r\n$4\r\nPING\r\n"
    assert wire.publish_command(b"ch", b"\x00\r\n") == b"*3\r\n$7\r\nPUBLISH\r\n$2\r\nch\r\n$3\r\n\x00\r\n\r\n"
    assert wire.Endpoint("redis://u:pw@h:7/2").login() == wire.command(b"AUTH", b"u", b"pw")
    assert wire.Endpoint("redis://h:7/2").login() == b""
    assert wire.Endpoint("unix:///tmp/r.sock").path == "/tmp/r.sock"


@pytest.fixture
def redis_server(tmp_path):  # type: ignore[no-untyped-def]
    server = RedisServer(tmp_path, aof=False).start()
    try:
        yield server
    finally:
        server.stop()


async def test_publications_arrive_in_order_once_subscribed(redis_server: RedisServer) -> None:
    rec = Recorder()
    sub = wire.Subscriber(redis_server.url, rec)
    pub = wire.Publisher(redis_server.url)
    await sub.start()
    await pub.start()
    try:
        await sub.subscribe("x")  # confirmed by Redis: what is published from now on arrives
        await sub.subscribe("y")
        batch = [(b"x" if i % 3 else b"y", b"%d" % i) for i in range(5000)]
        for i in range(0, len(batch), 100):
            pub.publish_many(batch[i : i + 100])
        await pub.drain()
        assert pub.published == 5000
        for _ in range(200):
            if len(rec.got) == 5000:
                break
            await asyncio.sleep(0.02)
        assert rec.got == [(c.decode(), d) for c, d in batch]
        await sub.unsubscribe("y")
        pub.publish_many([(b"y", b"gone"), (b"x", b"last")])
        await pub.drain()
        for _ in range(100):
            if rec.got[-1] == ("x", b"last"):
                break
            await asyncio.sleep(0.02)
        assert rec.got[-1] == ("x", b"last") and ("y", b"gone") not in rec.got
    finally:
        await sub.close()
        await pub.close()


async def test_both_come_back_after_redis_restarts(redis_server: RedisServer) -> None:
    """Redis restarting drops both links: the subscriber subscribes again, the publisher sends what waited."""
    rec = Recorder()
    sub = wire.Subscriber(redis_server.url, rec)
    pub = wire.Publisher(redis_server.url)
    await sub.start()
    await pub.start()
    try:
        await sub.subscribe("z")
        redis_server.kill()
        await asyncio.sleep(0.2)
        pub.publish_many([(b"z", b"while down")])  # waits for the link
        redis_server.start()
        for _ in range(300):
            if ("z", b"while down") in rec.got:
                break
            if sub._transport is not None and pub._transport is not None and not pub._waiting:
                pub.publish_many([(b"z", b"while down")])
                await pub.drain()
            await asyncio.sleep(0.05)
        assert ("z", b"while down") in rec.got
    finally:
        await sub.close()
        await pub.close()


# ============================================================================ request and reply


def _plain(value):  # type: ignore[no-untyped-def]
    """A reply with its errors as ("error", text), for comparing."""
    if isinstance(value, wire.ReplyError):
        return ("error", value.text)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


REPLY_KINDS = [
    (b"+OK\r\n", b"OK"),
    (b"-NOSCRIPT No matching script. Please use EVAL.\r\n", ("error", "NOSCRIPT No matching script. Please use EVAL.")),
    (b":42\r\n", 42),
    (b":-7\r\n", -7),
    (b"$5\r\nhello\r\n", b"hello"),
    (b"$0\r\n\r\n", b""),
    (b"$-1\r\n", None),
    (b"$4\r\n\r\n\r\n\r\n", b"\r\n\r\n"),
    (b"*-1\r\n", None),
    (b"*0\r\n", []),
    (b"*2\r\n$2\r\nok\r\n$6\r\nnode|3\r\n", [b"ok", b"node|3"]),
    (b"*3\r\n*2\r\n:1\r\n$-1\r\n-ERR inside\r\n*0\r\n", [[1, None], ("error", "ERR inside"), []]),
]


PARSERS = [wire.Replies, *([wire.NativeReplies] if wire.hiredis is not None else [])]


@pytest.mark.parametrize("parser_type", PARSERS)
def test_the_reply_parser_reads_every_kind_whole_and_split_anywhere(parser_type) -> None:  # type: ignore[no-untyped-def]
    stream = b"".join(raw for raw, _ in REPLY_KINDS)
    expected = [value for _, value in REPLY_KINDS]
    rng = random.Random(7)
    big = bytes(rng.randrange(256) for _ in range(70_000))
    stream += b"$%d\r\n%s\r\n" % (len(big), big)
    expected.append(big)
    for cut in [1, 2, 3, 5, 13, 1000, 65536, len(stream)]:
        parser = parser_type()
        got = []
        for i in range(0, len(stream), cut):
            got += parser.feed(stream[i : i + cut])
        assert [_plain(v) for v in got] == expected, cut
        assert parser.pending() == 0
    parser = parser_type()  # cut at random places
    got = []
    i = 0
    while i < len(stream):
        n = rng.randrange(1, 40)
        got += parser.feed(stream[i : i + n])
        i += n
    assert [_plain(v) for v in got] == expected
    error = parser_type().feed(b"-NOSCRIPT No matching script\r\n")[0]
    assert isinstance(error, wire.ReplyError) and error.code == "NOSCRIPT"


def test_the_reply_parser_refuses_what_is_not_resp() -> None:
    with pytest.raises(wire.WireError):
        wire.Replies().feed(b"?what\r\n")
    with pytest.raises(wire.WireError):
        wire.Replies().feed(b"$2\r\nabc\r\n")  # longer than it said
    with pytest.raises(ValueError):
        wire.Replies().feed(b":x\r\n")
    if wire.hiredis is not None:  # (the connections' reader: what is not RESP at all is refused as well)
        with pytest.raises(wire.WireError):
            wire.NativeReplies().feed(b"?what\r\n")
        with pytest.raises(wire.WireError):
            wire.NativeReplies().feed(b":x\r\n")


def test_an_endpoint_from_a_redis_py_client() -> None:
    ep = wire.Endpoint.of_client(aioredis.Redis.from_url("redis://u:pw@h:7/3"))
    assert ep is not None and (ep.host, ep.port, ep.db, ep.username, ep.password) == ("h", 7, 3, "u", "pw")
    assert ep.path is None and not ep.tls
    assert ep.login() == wire.command(b"AUTH", b"u", b"pw") and ep.where == "h:7"
    ep = wire.Endpoint.of_client(aioredis.Redis(host="x", port=5, db=2, password="s"))
    assert ep is not None and (ep.host, ep.port, ep.db, ep.password, ep.tls) == ("x", 5, 2, "s", False)
    ep = wire.Endpoint.of_client(aioredis.Redis.from_url("unix:///tmp/r.sock?db=4"))
    assert ep is not None and (ep.path, ep.db) == ("/tmp/r.sock", 4)
    ep = wire.Endpoint.of_client(aioredis.Redis.from_url("rediss://:pw@h:7/1"))
    assert ep is not None and ep.tls and ep.password == "pw"
    assert wire.Endpoint("redis://h:7/5").db == 5 and wire.Endpoint("redis://h:7").db == 0
    provider = UsernamePasswordCredentialProvider("u", "p")  # (logs in its own way: not ours to follow)
    assert wire.Endpoint.of_client(aioredis.Redis(host="x", credential_provider=provider)) is None


def _url(server: RedisServer, db: int = 0, auth: str = "") -> str:
    return f"redis://{auth}127.0.0.1:{server.port}/{db}"


ECHO = b"return {ARGV[1], tonumber(ARGV[1]) * 2}"


async def test_a_batch_of_scripts_is_answered_in_order(redis_server: RedisServer) -> None:
    caller = wire.Caller(redis_server.url)
    try:
        sha = await caller.call(b"SCRIPT", b"LOAD", ECHO)
        batch = [wire.command(b"EVALSHA", sha, b"0", b"%d" % i) for i in range(500)]
        assert await caller.call_many(batch) == [[b"%d" % i, 2 * i] for i in range(500)]
        assert await caller.call_many([]) == []
        assert caller.connects == 1
    finally:
        await caller.close()


async def test_batches_in_flight_at_once_each_get_their_own_replies(redis_server: RedisServer) -> None:
    caller = wire.Caller(redis_server.url)
    try:

        async def one(i: int) -> list[object]:
            return await caller.call_many([wire.command(b"INCRBY", b"n%d" % i, b"%d" % k) for k in range(1, 1 + i % 7)])

        got = await asyncio.gather(*(one(i) for i in range(200)))
        assert got == [[k * (k + 1) // 2 for k in range(1, 1 + i % 7)] for i in range(200)]
        assert caller.connects == 1
    finally:
        await caller.close()


async def test_an_error_in_a_batch_leaves_the_other_replies(redis_server: RedisServer) -> None:
    caller = wire.Caller(redis_server.url)
    try:
        got = await caller.call_many(
            [
                wire.command(b"SET", b"k", b"1"),
                wire.command(b"EVALSHA", b"0" * 40, b"0"),  # never loaded
                wire.command(b"INCR", b"k"),
                wire.command(b"EVAL", b"return redis.error_reply('MINE went wrong')", b"0"),
                wire.command(b"LPUSH", b"k", b"x"),  # a string, not a list
                wire.command(b"GET", b"k"),
                wire.command(b"GET", b"nothing"),
            ]
        )
        assert [_plain(v) for v in got[:1] + got[2:3] + got[5:]] == [b"OK", 2, b"2", None]
        assert isinstance(got[1], wire.ReplyError) and got[1].code == "NOSCRIPT"
        assert _plain(got[3]) == ("error", "MINE went wrong")
        assert isinstance(got[4], wire.ReplyError) and got[4].code == "WRONGTYPE"
        with pytest.raises(wire.ReplyError):
            await caller.call(b"NOSUCHCOMMAND")
        assert await caller.call(b"GET", b"k") == b"2"
    finally:
        await caller.close()


async def test_a_killed_connection_fails_what_was_in_flight_and_the_next_call_connects_again(
    redis_server: RedisServer,
) -> None:
    caller = wire.Caller(redis_server.url)
    admin = aioredis.Redis.from_url(redis_server.url)
    try:
        me = await caller.call(b"CLIENT", b"ID")
        blocked = asyncio.ensure_future(caller.call_many([wire.command(b"BLPOP", b"never", b"5")]))
        behind = asyncio.ensure_future(caller.call_many([wire.command(b"PING")]))
        await asyncio.sleep(0.2)
        assert await admin.client_kill_filter(_id=me) == 1
        for pending in (blocked, behind):
            with pytest.raises(ConnectionError):
                await asyncio.wait_for(pending, 2)
        assert await caller.call(b"PING") == b"PONG"
        assert caller.connects == 2 and await caller.call(b"CLIENT", b"ID") != me
    finally:
        await caller.close()
        await admin.aclose()


async def test_a_restarted_redis_fails_the_batch_in_flight_then_serves_again(redis_server: RedisServer) -> None:
    caller = wire.Caller(redis_server.url, connect_timeout_s=1.0)
    try:
        assert await caller.call(b"SET", b"k", b"v") == b"OK"
        blocked = asyncio.ensure_future(caller.call_many([wire.command(b"BLPOP", b"never", b"5")]))
        await asyncio.sleep(0.1)
        redis_server.kill()
        with pytest.raises(ConnectionError):
            await asyncio.wait_for(blocked, 2)
        with pytest.raises(ConnectionError):  # down: refused at once
            await caller.call(b"PING")
        redis_server.start()
        assert await caller.call(b"PING") == b"PONG"
    finally:
        await caller.close()
    with pytest.raises(ConnectionError):  # closed for good
        await caller.call(b"PING")


async def test_a_batch_not_answered_in_time_fails_and_resets_the_link(redis_server: RedisServer) -> None:
    caller = wire.Caller(redis_server.url, call_timeout_s=0.3)
    try:
        assert await caller.call(b"PING") == b"PONG"
        t0 = asyncio.get_running_loop().time()
        with pytest.raises(ConnectionError, match="did not answer"):
            await caller.call_many([wire.command(b"BLPOP", b"never", b"3")])
        assert asyncio.get_running_loop().time() - t0 < 2
        assert await caller.call(b"PING") == b"PONG" and caller.connects == 2
    finally:
        await caller.close()


async def test_batches_answered_in_time_never_fail_however_long_the_link_is_busy(redis_server: RedisServer) -> None:
    """The timeout is each batch's own: a link kept busy for several timeouts by batches each answered at once is
    not taken for dead, and a batch Redis holds past it still fails."""
    caller = wire.Caller(redis_server.url, call_timeout_s=0.2)
    try:
        loop = asyncio.get_running_loop()
        end = loop.time() + 0.7
        while loop.time() < end:
            assert await caller.call(b"PING") == b"PONG"
        assert caller.connects == 1
        with pytest.raises(ConnectionError, match="did not answer"):
            await caller.call_many([wire.command(b"BLPOP", b"never", b"3")])
        assert await caller.call(b"PING") == b"PONG" and caller.connects == 2
    finally:
        await caller.close()


async def test_the_caller_logs_in_and_selects_the_database(redis_server: RedisServer) -> None:
    admin = aioredis.Redis.from_url(redis_server.url)
    await admin.config_set("requirepass", "s3cret")
    await admin.execute_command("AUTH", "s3cret")
    await admin.execute_command("ACL", "SETUSER", "ann", "on", ">pw", "~*", "&*", "+@all")
    try:
        caller = wire.Caller(_url(redis_server, 3, ":s3cret@"))
        assert await caller.call(b"SET", b"here", b"3") == b"OK"
        await caller.close()
        caller = wire.Caller(_url(redis_server, 0, "ann:pw@"))
        assert await caller.call(b"ACL", b"WHOAMI") == b"ann"
        assert await caller.call(b"GET", b"here") is None  # (database 0)
        await caller.close()
        await admin.select(3)
        assert await admin.get("here") == b"3"
        caller = wire.Caller(_url(redis_server, 0, ":wrong@"))
        with pytest.raises(wire.WireError, match="refused the login"):
            await caller.call(b"PING")
        await caller.close()
        caller = wire.Caller(_url(redis_server, 0))  # no password at all: the command is refused
        assert isinstance((await caller.call_many([wire.command(b"PING")]))[0], wire.ReplyError)
        await caller.close()
        caller = wire.Caller(_url(redis_server, 99, ":s3cret@"))  # (16 databases)
        with pytest.raises(wire.WireError, match="database 99"):
            await caller.call(b"PING")
        await caller.close()
    finally:
        await admin.aclose()
