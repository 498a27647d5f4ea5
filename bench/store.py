"""The embedded store's cost per move under a node's write pattern: group commits of many rooms' moves.

    python bench/store.py [--rooms 500] [--moves 200000] [--groups 300,6] [--rate MOVES_PER_S]

Drives ``SQLiteStore.write`` (the unit of work a node calls once per loop turn) on a fresh
file in TMPDIR: each group holds one move of each of ``group`` rooms picked at random, as at
the load benchmark's capacity (about 300 moves a turn) and at half of it (about 6).  Prints,
per group size: the process's CPU time per move (every thread: the checkpoint thread too), the
wall time per move, the bytes the process wrote per move (``/proc/self/io``: the log and the
checkpoints' copies), and how long the slow writes took (99th and 99.9th percentile, slowest:
the event loop waits that long, the store's writes run on it).  Then the writing thread's own CPU
per move (``time.thread_time``: without the checkpoint thread), the steps that pack moves of the
full log table into ``move_chunks`` (how many, their mean and longest time), and the times the write-ahead
log started over with the most frames the writing thread had to copy for it (the checkpoint
thread copies the rest).  ``--rate`` paces the writes to that many moves per second in all
(else back to back).
To compare two versions of the store, run this file with each on the path (``PYTHONPATH``),
one after the other.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

from grundy.server.ports import StoredMove, StoredRoom
from grundy.server.store import SQLiteStore


def written_bytes() -> int:
    with open("/proc/self/io") as f:
        for line in f:
            if line.startswith("write_bytes:"):
                return int(line.split()[1])
    return 0


def run(rooms: int, moves: int, group: int, workdir: str, rate: float = 0.0) -> dict[str, float]:
    path = os.path.join(workdir, f"store-{group}.db")
    store = SQLiteStore(path)
    ids = [f"bench-{i:05d}-{random.getrandbits(32):08x}" for i in range(rooms)]
    store.write([(rid, StoredRoom(rid, "subtraction", {}, {}, "playing", 1.0, 1.0)) for rid in ids])
    ply = dict.fromkeys(ids, 0)
    groups = moves // group
    drains: list[float] = []
    drain = store._drain

    def timed_drain(unit: object, rooms: int) -> None:
        started = time.perf_counter()
        try:
            drain(unit, rooms)  # type: ignore[arg-type]
        finally:
            drains.append(time.perf_counter() - started)

    store._drain = timed_drain  # type: ignore[method-assign]
    cpu, wall, wrote = time.process_time(), time.perf_counter(), written_bytes()
    own, next_at = time.thread_time(), time.perf_counter()
    took: list[float] = []
    for _ in range(groups):
        batch = []
        for rid in random.sample(ids, group):
            p = ply[rid]
            ply[rid] = p + 1
            batch.append((rid, StoredMove(p, p % 2, "1", 1.0 + p, None)))
        started = time.perf_counter()
        store.write(batch)
        took.append(time.perf_counter() - started)
        if rate:
            next_at += group / rate
            pause = next_at - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
    n = groups * group
    took.sort()
    cpu, wall, own = time.process_time() - cpu, time.perf_counter() - wall, time.thread_time() - own
    ck = store._checkpointer
    caught_up = list(ck.caught_up) if ck is not None else []
    out = {
        "cpu_us": 1e6 * cpu / n,
        "wall_us": 1e6 * wall / n,
        "bytes": (written_bytes() - wrote) / n,
        "p99_ms": 1e3 * took[int(0.99 * len(took))],
        "p999_ms": 1e3 * took[int(0.999 * len(took))],
        "slowest_ms": 1e3 * took[-1],
        "moves": n,
        "own_us": 1e6 * own / n,
        "drains": len(drains),
        "drain_mean_ms": 1e3 * sum(drains) / len(drains) if drains else 0.0,
        "drain_max_ms": 1e3 * max(drains) if drains else 0.0,
        "restarts": len(caught_up),
        "caught_up": max(caught_up) if caught_up else 0,
    }
    store.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=500)
    ap.add_argument("--moves", type=int, default=200_000)
    ap.add_argument("--groups", default="300,6", help="moves per write (one per room), comma-separated")
    ap.add_argument("--rate", type=float, default=0.0, help="moves per second in all (default: back to back)")
    args = ap.parse_args()
    print(
        "| moves a write | rooms | moves | CPU µs/move | wall µs/move | bytes written/move "
        "| write p99 ms | p99.9 ms | slowest ms | writing thread µs/move | drain steps | drain step mean ms "
        "| drain step max ms | log start-overs | most frames the writer copied |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="grundy-store-") as workdir:
        for group in (int(g) for g in args.groups.split(",")):
            r = run(args.rooms, args.moves if group > 10 else args.moves // 4, group, workdir, args.rate)
            print(
                f"| {group} | {args.rooms} | {r['moves']:,} | {r['cpu_us']:.1f} | {r['wall_us']:.1f} "
                f"| {r['bytes']:,.0f} | {r['p99_ms']:.2f} | {r['p999_ms']:.1f} | {r['slowest_ms']:.1f} "
                f"| {r['own_us']:.1f} | {r['drains']} | {r['drain_mean_ms']:.2f} | {r['drain_max_ms']:.2f} "
                f"| {r['restarts']} | {r['caught_up']} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
