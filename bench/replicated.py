"""What waiting for a replica costs a cluster's room writes (``--redis-replicas``: ``WAIT`` after each group commit).

    python bench/replicated.py [--writes 3000] [--groups 1,30,300]

A ``redis-server`` primary and one replica on free ports (append-only file, ``appendfsync
always``, as ``docker-compose.yml`` runs them, in TMPDIR).  ``RedisStore.write`` is called one
group commit after the other (each group: one move of each of ``group`` rooms), with
``replicas=0`` (no ``WAIT``) and ``replicas=1`` (``INCR`` + ``WAIT 1`` after each write).  Prints,
per group size and setting: the wall time per write (median, 99th percentile), moves per
second when the writes come back to back, and the CPU time of this process per move.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import socket
import statistics
import subprocess
import tempfile
import time

import redis.asyncio as aioredis

from grundy.server.cluster.store import RedisStore
from grundy.server.ports import StoredMove, StoredRoom


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_server(workdir: str, port: int, replica_of: int | None = None) -> subprocess.Popen[bytes]:
    exe = shutil.which("redis-server")
    if exe is None:
        raise SystemExit("redis-server is not installed")
    args = [exe, "--port", str(port), "--bind", "127.0.0.1", "--dir", workdir, "--save", ""]
    args += ["--appendonly", "yes", "--appendfsync", "always", "--repl-diskless-sync-delay", "0"]
    if replica_of is not None:
        args += ["--replicaof", "127.0.0.1", str(replica_of)]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return proc
        except OSError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


async def run(url: str, replicas: int, group: int, writes: int) -> dict[str, float]:
    client = aioredis.Redis.from_url(url)
    store = RedisStore(client, f"bench-{replicas}-{group}", replicas=replicas, wait_ms=5000)
    ids = [f"bench-{replicas}-{group}-{i:04d}" for i in range(group)]
    await store.write([(rid, StoredRoom(rid, "subtraction", {}, {}, "playing", 1.0, 1.0)) for rid in ids])
    ply = dict.fromkeys(ids, 0)
    times = []
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(writes):
        batch = []
        for rid in ids:
            batch.append((rid, StoredMove(ply[rid], ply[rid] % 2, "1", 1.0, None)))
            ply[rid] += 1
        t = time.perf_counter()
        await store.write(batch)
        times.append(time.perf_counter() - t)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    await store.close()
    times.sort()
    return {
        "median_ms": statistics.median(times) * 1000,
        "p99_ms": times[int(len(times) * 0.99)] * 1000,
        "moves_per_s": writes * group / wall,
        "cpu_us_per_move": cpu / (writes * group) * 1e6,
    }


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writes", type=int, default=3000)
    ap.add_argument("--groups", default="1,30,300", help="moves per write (one per room), comma-separated")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as primary_dir, tempfile.TemporaryDirectory() as replica_dir:
        port, rport = free_port(), free_port()
        procs = [redis_server(primary_dir, port)]
        procs.append(redis_server(replica_dir, rport, replica_of=port))
        try:
            url = f"redis://127.0.0.1:{port}/0"
            r = aioredis.Redis.from_url(url)
            while int((await r.info("replication")).get("connected_slaves", 0)) < 1:
                await asyncio.sleep(0.05)
            await r.aclose()
            print(f"{'group':>6} {'replicas':>8} {'median ms':>10} {'p99 ms':>8} {'moves/s':>9} {'CPU us/move':>12}")
            for group in (int(g) for g in args.groups.split(",")):
                writes = max(50, args.writes // max(1, group // 10))
                for replicas in (0, 1):
                    f = await run(url, replicas, group, writes)
                    print(f"{group:>6} {replicas:>8} {f['median_ms']:>10.3f} {f['p99_ms']:>8.3f}"
                          f" {f['moves_per_s']:>9.0f} {f['cpu_us_per_move']:>12.1f}")
        finally:
            for p in procs:
                p.terminate()
                p.wait(10)


if __name__ == "__main__":
    asyncio.run(main())
