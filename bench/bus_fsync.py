"""One hop through publish/subscribe while Redis writes its append-only file: on that Redis, or on another.

    python bench/bus_fsync.py [--seconds 5] [--writes-per-s 2000] [--hops-per-s 1000]

Two ``redis-server`` on free ports, their directory on the machine's disk (``--dir``, default
a temporary folder): the **store**, with ``appendonly yes`` and ``appendfsync always`` (as
docker-compose.yml runs it), and the **bus**, without a file (``--redis-bus``).  A writer
appends to a list on the store (``RPUSH``, ``--writes-per-s`` in all, a few per loop turn, as
rooms' group commits do) while a publisher sends ``--hops-per-s`` messages, and a subscriber
(this process, ``server/cluster/wire.py``) times each from ``PUBLISH`` to its arrival: first
with the publications on the store (one Redis for both), then on the bus.  Redis syncs its
file in its event loop before it writes any reply of that loop turn, the messages it pushes
to subscribers included: a hop on the store waits for an ``fdatasync`` whenever a write came
in the same turn.  Also printed: ``fdatasync`` of 300 bytes appended to a file in that
directory, timed alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from grundy.server.cluster.wire import Publisher, Subscriber, command


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_redis(directory: Path, aof: bool) -> tuple[subprocess.Popen[bytes], int]:
    exe = shutil.which("redis-server")
    if exe is None:
        raise SystemExit("needs redis-server (apt-get install redis-server)")
    port = free_port()
    args = [exe, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(directory), "--save", ""]
    args += ["--appendonly", "yes", "--appendfsync", "always"] if aof else ["--appendonly", "no"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc, port
        except OSError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


async def writer(port: int, per_s: int, stop: asyncio.Event) -> int:
    """RPUSH at ``per_s`` in all, in groups of a few per tick (1 ms), waiting for no reply before the next."""
    reader, w = await asyncio.open_connection("127.0.0.1", port)
    written = 0
    t0 = time.perf_counter()
    entry = b"x" * 60
    while not stop.is_set():
        due = int((time.perf_counter() - t0) * per_s) - written
        if due > 0:
            w.write(b"".join(command(b"RPUSH", b"bench:log", entry) for _ in range(due)))
            written += due
        await asyncio.sleep(0.001)
        while True:  # (drop the replies: integers)
            try:
                await asyncio.wait_for(reader.read(65536), 0)
            except TimeoutError:
                break
    w.close()
    return written


async def hops(bus_port: int, store_port: int, seconds: float, writes_per_s: int, hops_per_s: int) -> list[float]:
    """The time of each hop through the Redis on ``bus_port`` while the store on ``store_port`` is written."""
    url = f"redis://127.0.0.1:{bus_port}/0"
    sent: dict[bytes, float] = {}
    took: list[float] = []

    def heard(channel: str, data: bytes) -> None:
        t = sent.pop(data, None)
        if t is not None:
            took.append(time.perf_counter() - t)

    sub = Subscriber(url, heard)
    pub = Publisher(url)
    await sub.start()
    await sub.subscribe("bench:bus")
    await pub.start()
    stop = asyncio.Event()
    writing = asyncio.create_task(writer(store_port, writes_per_s, stop))
    await asyncio.sleep(0.5)
    n = 0
    t0 = time.perf_counter()
    while (now := time.perf_counter()) - t0 < seconds:
        for _ in range(int((now - t0) * hops_per_s) - n):  # (each publication on its own, as they fall due)
            data = b"%d" % n
            n += 1
            sent[data] = time.perf_counter()
            pub.publish_many([(b"bench:bus", data)])
        await asyncio.sleep(0.0005)
    await asyncio.sleep(0.5)
    stop.set()
    await writing
    await pub.close()
    await sub.close()
    return sorted(took)


def fdatasync_ms(directory: Path, n: int = 300) -> list[float]:
    path = directory / "fsync.test"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    out = []
    try:
        for _ in range(n):
            os.write(fd, b"x" * 300)
            t = time.perf_counter()
            os.fdatasync(fd)
            out.append(1000 * (time.perf_counter() - t))
    finally:
        os.close(fd)
        path.unlink()
    return sorted(out)


def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--writes-per-s", type=int, default=2000)
    ap.add_argument("--hops-per-s", type=int, default=1000)
    ap.add_argument("--dir", default=None, help="where the Redis files go (default: a temporary folder)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        base = Path(tmp)
        (base / "store").mkdir()
        (base / "bus").mkdir()
        store, store_port = start_redis(base / "store", aof=True)
        bus, bus_port = start_redis(base / "bus", aof=False)
        try:
            sync = fdatasync_ms(base)
            rows = []
            for name, port in (("on the store's Redis (appendfsync always)", store_port), ("on a bus Redis", bus_port)):
                took = asyncio.run(hops(port, store_port, args.seconds, args.writes_per_s, args.hops_per_s))
                ms = [1000 * t for t in took]
                rows.append((name, len(ms), pct(ms, 0.5), pct(ms, 0.99), ms[-1] if ms else float("nan")))
        finally:
            for proc in (store, bus):
                proc.terminate()
                proc.wait(10)
    print(f"fdatasync of 300 bytes alone: p50 {pct(sync, 0.5):.2f} ms, p99 {pct(sync, 0.99):.2f} ms")
    print(f"store written at {args.writes_per_s:,} RPUSH/s; {args.hops_per_s:,} publications/s for {args.seconds:g} s")
    print("| publish/subscribe | hops | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for name, n, p50, p99, most in rows:
        print(f"| {name} | {n:,} | {p50:.2f} | {p99:.2f} | {most:.2f} |")


if __name__ == "__main__":
    main()
