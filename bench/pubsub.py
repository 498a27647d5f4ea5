"""Publish/subscribe cost per message: redis-py against the cluster's own connections (server/cluster/wire.py).

    python bench/pubsub.py [--messages 100000] [--size 60] [--writes 20000]

A ``redis-server`` on a free port (no persistence).  **Publishing**: CPU seconds of this
process per ``PUBLISH`` through a redis-py pipeline of 1, 4 and 50 commands (the cluster's
batches are whatever one turn of the event loop publishes: a handful under light load), and
through :class:`~server.cluster.wire.Publisher` in the same batches.  **Receiving**: another
process publishes ``--messages`` messages in batches of 500; CPU seconds of this process per
message received, with redis-py's ``PubSub.get_message`` (as the bus read before), its
``listen()``, and :class:`~server.cluster.wire.Subscriber`.  **Room writes**: CPU seconds of
this process per room written by ``RedisStore.write`` (one move per room, the fenced script
per room, groups of 1, 8 and 32 rooms) through a redis-py pipeline (as the store wrote
before) and through the store's :class:`~server.cluster.wire.Caller`.  CPU time, not wall
time, so a busy machine changes the figures little.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import socket
import subprocess
import sys
import time
from typing import Any

import redis.asyncio as aioredis

from grundy.server.cluster.store import RedisStore
from grundy.server.cluster.wire import Publisher, Subscriber
from grundy.server.ports import StoredMove, StoredRoom

CHANNEL = "grundy:to:0123456789abcdef"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def publish_redis_py(url: str, n: int, batch: int, payload: bytes) -> float:
    r = aioredis.Redis.from_url(url)
    c0 = time.process_time()
    for _ in range(0, n, batch):
        pipe = r.pipeline(transaction=False)
        for _ in range(batch):
            pipe.publish(CHANNEL, payload)
        await pipe.execute()
    cost = time.process_time() - c0
    await r.aclose()
    return cost / n


async def publish_wire(url: str, n: int, batch: int, payload: bytes) -> float:
    pub = Publisher(url)
    await pub.start()
    channel = CHANNEL.encode()
    c0 = time.process_time()
    for _ in range(0, n, batch):
        pub.publish_many([(channel, payload)] * batch)
        if pub._unanswered > 5000:  # keep the socket's buffer bounded, as a node's loop turns do
            await pub.drain()
        else:
            await asyncio.sleep(0)
    await pub.drain()
    cost = time.process_time() - c0
    await pub.close()
    return cost / n


def producer(port: int, n: int, size: int) -> subprocess.Popen[bytes]:
    code = (
        "import redis, time\n"
        f"r = redis.Redis(port={port}); time.sleep(0.3)\n"
        f"for i in range(0, {n}, 500):\n"
        "    p = r.pipeline(transaction=False)\n"
        f"    [p.publish({CHANNEL!r}, b'x' * {size}) for _ in range(500)]\n"
        "    p.execute()\n"
    )
    return subprocess.Popen([sys.executable, "-c", code])


async def receive(url: str, port: int, n: int, size: int, how: str) -> float:
    got = 0
    if how == "wire":
        done = asyncio.get_running_loop().create_future()

        def on_message(channel: str, data: bytes) -> None:
            nonlocal got
            got += 1
            if got >= n and not done.done():
                done.set_result(None)

        sub = Subscriber(url, on_message)
        await sub.start()
        await sub.subscribe(CHANNEL)
        proc = producer(port, n, size)
        c0 = time.process_time()
        await done
        cost = time.process_time() - c0
        await sub.close()
    else:
        r = aioredis.Redis.from_url(url)
        ps = r.pubsub(ignore_subscribe_messages=True)
        await ps.subscribe(CHANNEL)
        proc = producer(port, n, size)
        c0 = time.process_time()
        if how == "get_message":
            while got < n:
                m = await ps.get_message(timeout=1.0)
                if m and m["type"] == "message":
                    got += 1
        else:
            async for m in ps.listen():
                if m["type"] == "message":
                    got += 1
                    if got >= n:
                        break
        cost = time.process_time() - c0
        await ps.aclose()
        await r.aclose()
    proc.wait()
    return cost / n


async def store_writes(url: str, n: int, rooms: int, how: str) -> float:
    store = RedisStore(aioredis.Redis.from_url(url), f"bench-{how}-{rooms}")
    if how == "redis-py":
        store.caller = None  # (the store's redis-py path, as every write went before)
    ids = [f"{how}-{rooms}-{i}" for i in range(rooms)]
    game: dict[str, Any] = {"game": "nim", "params": {"heaps": [3, 4]}, "meta": {"seats": []}, "status": "playing"}
    await store.write([(rid, StoredRoom(id=rid, created_at=1.0, updated_at=1.0, **game)) for rid in ids])

    async def turns(first: int, count: int) -> None:
        for ply in range(first, first + count):
            await store.write([(rid, StoredMove(ply, ply % 2, "0:1", 1.0, [60.0, 60.0])) for rid in ids])

    await turns(0, 20)
    groups = max(1, n // rooms)
    c0 = time.process_time()
    await turns(20, groups)
    cost = time.process_time() - c0
    await store.close()
    return cost / (groups * rooms)


async def run(args: argparse.Namespace, port: int) -> list[tuple[str, str, float]]:
    url = f"redis://127.0.0.1:{port}/0"
    payload = b"x" * args.size
    rows = []
    for batch in (1, 4, 50):
        rows.append(
            ("publish", f"redis-py pipeline of {batch}", await publish_redis_py(url, args.messages, batch, payload))
        )
        rows.append(("publish", f"wire, batches of {batch}", await publish_wire(url, args.messages, batch, payload)))
    for how in ("get_message", "listen", "wire"):
        label = {"get_message": "redis-py PubSub.get_message", "listen": "redis-py PubSub.listen"}.get(how, "wire")
        rows.append(("receive", label, await receive(url, port, args.messages, args.size, how)))
    for rooms in (1, 8, 32):
        for how in ("redis-py", "wire"):
            group = f"{rooms} room{'s' if rooms > 1 else ''}"
            label = f"redis-py pipeline, {group}" if how == "redis-py" else f"wire (Caller), {group}"
            rows.append(("room write", label, await store_writes(url, args.writes, rooms, how)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=100_000)
    ap.add_argument("--size", type=int, default=60, help="bytes per message (a move_made frame is about this)")
    ap.add_argument("--writes", type=int, default=20_000, help="room writes per row of the store's part")
    args = ap.parse_args()
    exe = shutil.which("redis-server")
    if exe is None:
        raise SystemExit("redis-server is not installed")
    port = free_port()
    server = subprocess.Popen(
        [exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.5)
        rows = asyncio.run(run(args, port))
    finally:
        server.terminate()
        server.wait()
    print(f"{args.messages:,} messages of {args.size} bytes, {args.writes:,} room writes;")
    print("CPU µs of this process per message (per room written)\n")
    print("| direction | client | µs per message |")
    print("|---|---|---:|")
    for direction, label, cost in rows:
        print(f"| {direction} | {label} | {cost * 1e6:.1f} |")


if __name__ == "__main__":
    main()
