"""The cluster's own publish/subscribe connections (server/cluster/wire.py) against a real redis-server."""

from __future__ import annotations

import asyncio
import random

import pytest

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
