"""A grundy node for the load benchmark: ``grundy serve`` with the per-connection rate limit lifted.

    python bench/serve_node.py --port 9001 --db /tmp/load.db [--workers 1]
    python bench/serve_node.py --port 9001 --redis redis://127.0.0.1:6379/0 [--node-id n1] [--lease-ms 3000]
                               [--redis-bus redis://127.0.0.1:6380/0]

Everything else is the node as ``grundy serve`` runs it (uvloop, SQLite file in WAL mode,
a bot pool, staged shutdown on SIGINT/SIGTERM); with ``--redis`` it is a cluster node as
``grundy serve --redis`` runs it.  The limit goes because a benchmark client makes far more
than a person's 20 requests per second on one connection.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import resource
import signal
import time

# The project root before bench/ (whose rules.py would shadow the rules package).
from grundy.server.node import Node, NodeConfig  # noqa: E402


class GcReport:
    """Counts the collector's passes and their pauses per generation (``--gc-report``)."""

    def __init__(self) -> None:
        self.started = 0.0
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.long: list[tuple[str, int, float, int]] = []  # passes over 5 ms: (clock, generation, s, collected)
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            took = time.perf_counter() - self.started
            self.pauses[info["generation"]].append(took)
            if took > 0.005:
                self.long.append((time.strftime("%H:%M:%S"), info["generation"], took, info.get("collected", 0)))

    def summary(self) -> str:
        parts = []
        for gen, p in self.pauses.items():
            if p:
                total, longest = 1000 * sum(p), 1000 * max(p)
                parts.append(f"gen{gen}: {len(p)} passes, {total:.0f} ms in all, longest {longest:.1f} ms")
        longest = "".join(f"\n  {at} gen{g} {1000 * s:.1f} ms ({n} collected)" for at, g, s, n in self.long)
        return "gc " + ("; ".join(parts) or "never ran") + (f"; passes over 5 ms:{longest}" if longest else "")


async def run(config: NodeConfig, gc_report: GcReport | None = None, cluster: argparse.Namespace | None = None) -> None:
    if cluster is None:
        node = Node(config)
    else:
        from grundy.server.cluster.compose import cluster_node

        node = cluster_node(
            config,
            redis_url=cluster.redis,
            lease_ms=cluster.lease_ms,
            node_id=cluster.node_id,
            bus_url=cluster.redis_bus,
        )
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, node.request_stop)
    try:
        await node.start()
        native = node.native
        wire = "native" if native.wire else "pure Python"
        if native.wire:
            wire += ", room: " + ("native" if native.room else "Python")
        print(f"grundy node on ws://{config.host}:{node.port}/ (wire path: {wire})", flush=True)
        await node.serve_forever()
    finally:
        await node.shutdown()
        if gc_report is not None:
            print(gc_report.summary(), flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=9001)
    ap.add_argument("--db", default=None, metavar="PATH", help="the SQLite file (one node on its own)")
    ap.add_argument("--redis", default=None, metavar="URL", help="cluster mode on this Redis (instead of --db)")
    ap.add_argument(
        "--redis-bus", default=None, metavar="URL", help="cluster mode: publish/subscribe on this Redis (or --redis's)"
    )
    ap.add_argument("--node-id", default=None, metavar="ID", help="cluster mode: this node's name")
    ap.add_argument("--lease-ms", type=int, default=3000, metavar="MS", help="cluster mode: the rooms' lease")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log-level", default="WARNING", help="the node's log level (INFO shows shutdowns, take-overs)")
    ap.add_argument("--gc-report", action="store_true", help="print the garbage collector's pauses at the end")
    ap.add_argument(
        "--gc-default",
        action="store_true",
        help="leave Python's garbage collector as it is (the node freezes its start-up heap and collects less often)",
    )
    ap.add_argument(
        "--native",
        choices=("off", "wire", "room"),
        default=None,
        help="what native code the node runs (server/native.py; default: GRUNDY_NATIVE, else room)",
    )
    ap.add_argument(
        "--profile",
        default=None,
        metavar="PATH",
        help="run the node under cProfile and write its statistics to PATH at shutdown (pstats format; "
        "{pid} in PATH becomes the process id, for the two nodes of --cluster)",
    )
    ap.add_argument(
        "--profile-window",
        action="store_true",
        help="with --profile: profile only between SIGUSR1 and SIGUSR2 (bench/load.py --profile-window sends "
        "them around its measured capacity window), and write the statistics at SIGUSR2",
    )
    ap.add_argument(
        "--profile-cpu",
        action="store_true",
        help="with --profile: time functions by the process's CPU time, not the wall clock (a write that wakes "
        "another process on a shared core is then not charged for the time that process runs)",
    )
    args = ap.parse_args(argv)
    if (args.db is None) == (args.redis is None):
        ap.error("give --db PATH (one node) or --redis URL (a cluster node)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = NodeConfig(
        host=args.host,
        port=args.port,
        db=args.db or ":memory:",
        workers=args.workers,
        requests_per_s=1e9,
        burst=1e9,
        max_rooms=1_000_000,
        max_open_rooms=1_000_000,
        gc_young=0 if args.gc_default else NodeConfig.gc_young,
        **({"native": args.native} if args.native else {}),
    )
    report = GcReport() if args.gc_report else None
    cluster = args if args.redis is not None else None
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time) if args.profile_cpu else cProfile.Profile()
        if args.profile_window:
            path = args.profile.replace("{pid}", str(os.getpid()))

            def window_end(*_: object) -> None:
                profiler.disable()
                profiler.dump_stats(path)

            signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
            signal.signal(signal.SIGUSR2, window_end)
        else:
            profiler.enable()
    try:
        try:
            import uvloop
        except ImportError:
            asyncio.run(run(config, report, cluster))
        else:
            uvloop.run(run(config, report, cluster))
    finally:
        if profiler is not None and not args.profile_window:
            profiler.disable()
            profiler.dump_stats(args.profile.replace("{pid}", str(os.getpid())))


if __name__ == "__main__":
    main()
