"""Instructions per move of a grundy node, counted by callgrind: a figure the machine's load does not move.

    python bench/instructions.py [--tree PATH] [--python PATH] [--rooms 1,50] [--moves 2000] [--native room]
    python bench/instructions.py --cluster [--fsync everysec] [--rooms 2,50] ...

A node (``bench/serve_node.py`` of ``--tree``, run by ``--python``: another checkout and its venv
can be measured with this file) runs under ``valgrind --tool=callgrind`` with instrumentation off.
The load generator of bench/load.py sets up ``--rooms`` two-player rooms of subtraction and plays
a first few moves in each; then instrumentation is switched on (``callgrind_control``), every room
plays exactly ``--moves`` moves in all, each answered at once (one move in flight a room, as
bench/load.py's capacity phase plays), and the counts are dumped.  Reported: the node's user-space
instructions (Ir) per move, everything the process ran in the window included (the store's writes,
the loop, the timers); the kernel's part (the socket calls) is not counted.

One room plays its moves one after another (each in a loop turn of its own, nothing shared); many
rooms share the loop's turns and the store's group commits, as under load.  The counts vary by
about a percent between runs of one code (the batching follows the timing); compare codes with the
same arguments.  ``--annotate N`` prints the N functions with most instructions (callgrind_annotate).

``--cluster`` measures the two nodes of a cluster instead (each under callgrind, or cProfile with
``--calls``): a ``redis-server`` for the store (its append-only file synced every second, or
``--fsync always``) and one for publish/subscribe, both on free ports of loopback started here
(never a Redis already running), and two cluster nodes (``bench/serve_node.py --redis URL
--redis-bus URL``, as bench/load.py's ``cluster-everysec`` runs them, with a long lease so that
the slowed-down nodes keep their rooms).  Each room's creator sits on one node and its second
player on the other (the creators alternate, as in bench/load.py), so every move crosses Redis.
Reported: the instructions of both nodes per move (each node's and their sum), and the Redis
servers' CPU time per move (read from ``/proc``; not instructions, and so load-dependent).

``--calls N`` runs the node under cProfile instead (``bench/serve_node.py --profile --profile-window``,
no valgrind) over the same window and prints the N Python functions called most per move, with
their calls per move: where a code's extra instructions come from, by name, also load-independent.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import load  # noqa: E402  (bench/load.py: its generator drives the node)


class CountedGenerator(load.Generator):
    """bench/load.py's generator that stops each room after a given number of moves."""

    def __init__(self, ports: list[int], pid: int) -> None:
        super().__init__("grundy", ports, [pid])
        self.left: dict[str, int] = {}
        self.finished = asyncio.Event()

    def on_move_made(self, c: load.Client) -> None:
        room = c.room
        assert room is not None
        ply = c.ply
        c.ply = ply + 1
        if ply % 2 == c.seat or self.mode != "run":  # (the mover's own copy, or a late one)
            return
        room.in_flight = False
        self.moves += 1
        left = self.left.get(room.id, 0) - 1
        self.left[room.id] = left
        if left > 0:
            self.play(c, 0.0)
        elif all(n <= 0 for n in self.left.values()):
            self.finished.set()

    async def play_exactly(self, per_room: int) -> int:
        """Every room plays ``per_room`` moves; the number of moves played."""
        self.mode, self.moves = "run", 0
        self.finished = asyncio.Event()
        self.left = {room.id: per_room for room in self.rooms}
        for room in self.rooms:
            ply = max(c.ply for c in room.clients)
            self.play(room.clients[ply % 2], 0.0)
        await self.finished.wait()
        self.mode = "idle"
        return self.moves


def _control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _totals(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {path}")


class Nodes:
    """The node processes measured (one, or a cluster's two with their Redis servers), started under callgrind
    (or cProfile, ``--calls``) and stopped on exit."""

    def __init__(self, args: argparse.Namespace, rooms: int, work: Path) -> None:
        self.args, self.rooms, self.work = args, rooms, work
        self.procs: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []
        self.profiles: list[Path] = []
        self.redises: list[subprocess.Popen[bytes]] = []
        self.logs: list[Any] = []
        self.env = {**os.environ, "GRUNDY_NATIVE": args.native}

    def __enter__(self) -> Nodes:
        try:
            cluster: list[str] = []
            if self.args.cluster:
                store, bus = self.redis("store", "yes"), self.redis("bus", "no")
                cluster = ["--redis", f"redis://{load.HOST}:{store}/0", "--redis-bus", f"redis://{load.HOST}:{bus}/0"]
                cluster += ["--lease-ms", str(self.args.lease_ms)]
            for i in range(2 if cluster else 1):
                db = ["--db", str(self.work / f"node-{self.rooms}.db")]
                self.node(i, [*cluster, "--node-id", f"n{i + 1}"] if cluster else db)
        except BaseException:
            self.__exit__()
            raise
        return self

    def redis(self, name: str, appendonly: str) -> int:
        port = load.free_port()
        d = self.work / f"redis-{name}-{self.rooms}"
        d.mkdir(exist_ok=True)
        cmd = ["redis-server", "--port", str(port), "--bind", load.HOST, "--dir", str(d), "--save", ""]
        cmd += ["--appendonly", appendonly] + (["--appendfsync", self.args.fsync] if appendonly == "yes" else [])
        log = open(d / "redis.log", "wb")  # noqa: SIM115
        self.logs.append(log)
        self.redises.append(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT))
        return port

    def node(self, i: int, extra: list[str]) -> None:
        args = self.args
        port = load.free_port()
        tag = f"{self.rooms}.n{i + 1}"
        node = [args.python, str(Path(args.tree) / "bench" / "serve_node.py"), "--port", str(port), *extra]
        if args.calls:
            profile = self.work / f"calls.{tag}.prof"
            self.profiles.append(profile)
            cmd = [*node, "--profile", str(profile), "--profile-window"]
        else:
            out = self.work / f"callgrind.{tag}.%p"
            cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", *node]
        log = open(self.work / f"node-{tag}.log", "wb")  # noqa: SIM115
        self.logs.append(log)
        self.procs.append(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=self.env, cwd=args.tree))
        self.ports.append(port)

    async def listening(self) -> None:
        deadline = time.monotonic() + 300
        for port in self.ports:
            while True:
                for proc in (*self.procs, *self.redises):
                    if proc.poll() is not None:
                        raise RuntimeError(f"a node or a redis-server exited with {proc.returncode}; see {self.work}")
                try:
                    with socket.create_connection((load.HOST, port), timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("a node did not listen within 300 s") from None
                    await asyncio.sleep(0.5)

    def dumps(self) -> list[Path]:
        """Each node's last callgrind dump (its counts of the window)."""
        out = []
        for i, proc in enumerate(self.procs):
            prefix = f"callgrind.{self.rooms}.n{i + 1}.{proc.pid}"
            found = sorted(self.work.glob(prefix + "*"), key=lambda p: p.stat().st_mtime)
            out.append([p for p in found if p.name != prefix][-1])
        return out

    def redis_cpu(self) -> float:
        """The Redis servers' CPU seconds so far (user and system)."""
        return sum(load._proc_cpu(r.pid) for r in self.redises)

    def __exit__(self, *exc: object) -> None:
        for group in (self.procs, self.redises):  # (the nodes first: they write to Redis as they stop)
            for proc in group:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
            for proc in group:
                try:
                    proc.wait(120)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        for log in self.logs:
            log.close()


async def measure(args: argparse.Namespace, rooms: int, work: Path) -> dict[str, Any]:
    """One node (or a cluster's two) under callgrind (or cProfile, ``--calls``), ``rooms`` rooms: instructions
    (calls) per move."""
    with Nodes(args, rooms, work) as nodes:
        await nodes.listening()
        gen = CountedGenerator(nodes.ports, nodes.procs[0].pid)
        await gen.setup_rooms(2 * rooms)
        await gen.play_exactly(args.warm)
        await asyncio.sleep(1.0)
        if args.calls:
            for proc in nodes.procs:
                os.kill(proc.pid, signal.SIGUSR1)
            moves = await gen.play_exactly(args.moves // rooms)
            for proc in nodes.procs:
                os.kill(proc.pid, signal.SIGUSR2)
            while not all(p.exists() for p in nodes.profiles):
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)
            return {"rooms": rooms, "moves": moves, "profiles": nodes.profiles}
        pids = [str(proc.pid) for proc in nodes.procs]
        for pid in pids:
            _control("--zero", pid)
            _control("--instr=on", pid)
        cpu0 = nodes.redis_cpu()
        moves = await gen.play_exactly(args.moves // rooms)
        redis_s = nodes.redis_cpu() - cpu0
        for pid in pids:
            _control("--dump", pid)
            _control("--instr=off", pid)
        dumps = nodes.dumps()
        each = [_totals(d) for d in dumps]
        ir = sum(each)
        return {
            "rooms": rooms, "moves": moves, "ir": ir, "per_move": ir / moves, "dumps": dumps,
            "each": [n / moves for n in each], "redis_us": 1e6 * redis_s / moves,
        }  # fmt: skip


def print_calls(profiles: list[Path], moves: int, rooms: int, top: int) -> None:
    """The ``top`` functions of the nodes' cProfile files by calls (a cluster's two nodes added up), per move."""
    import pstats

    calls: dict[str, int] = {}
    for profile in profiles:
        stats: dict[Any, Any] = pstats.Stats(str(profile)).stats  # type: ignore[attr-defined]
        for k, v in stats.items():
            name = f"{Path(k[0]).name}:{k[1]}({k[2]})"
            calls[name] = calls.get(name, 0) + v[1]
    rows = sorted(((n, name) for name, n in calls.items()), reverse=True)
    total = sum(n for n, _ in rows)
    nodes = f" (the {len(profiles)} nodes together)" if len(profiles) > 1 else ""
    print(f"\n{rooms} rooms, {moves:,} moves: {total / moves:.1f} Python-level calls per move{nodes}")
    print("| calls per move | function |")
    print("|---:|---|")
    for n, name in rows[:top]:
        print(f"| {n / moves:.2f} | {name} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", default=str(HERE.parent), help="the checkout whose bench/serve_node.py runs")
    ap.add_argument("--python", default=sys.executable, help="the interpreter that runs the node (the tree's venv)")
    ap.add_argument("--rooms", default="1,50", help="numbers of rooms, one node each")
    ap.add_argument("--moves", type=int, default=2000, help="moves counted, in all the rooms together")
    ap.add_argument("--warm", type=int, default=20, help="moves each room plays before counting")
    ap.add_argument("--native", default="room", help="GRUNDY_NATIVE for the node")
    ap.add_argument("--cluster", action="store_true", help="two cluster nodes on Redis servers started here")
    ap.add_argument("--fsync", default="everysec", choices=("everysec", "always"), help="--cluster: appendfsync")
    ap.add_argument("--lease-ms", type=int, default=60000, help="--cluster: the rooms' lease (long: nodes run slowly)")
    ap.add_argument("--annotate", type=int, default=0, metavar="N", help="print the N costliest functions")
    ap.add_argument("--calls", type=int, default=0, metavar="N", help="cProfile: the N functions called most per move")
    ap.add_argument("--keep", default=None, metavar="DIR", help="keep the callgrind files in DIR")
    args = ap.parse_args()
    if not args.calls and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    if args.cluster and shutil.which("redis-server") is None:
        raise SystemExit("--cluster needs redis-server")
    load.raise_open_files()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="grundy-ir-"))
    work.mkdir(parents=True, exist_ok=True)
    what = f"a cluster's two nodes (appendfsync {args.fsync})" if args.cluster else "one node"
    print(f"tree {args.tree}, {what}, GRUNDY_NATIVE={args.native}, {args.moves:,} moves counted")
    if args.calls:
        for rooms in [int(x) for x in args.rooms.split(",")]:
            r = asyncio.run(measure(args, rooms, work))
            print_calls(r["profiles"], r["moves"], rooms, args.calls)
        return
    if args.cluster:
        print("| rooms | moves | instructions | per move, both nodes | node 1 | node 2 | Redis CPU µs per move |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
    else:
        print("| rooms | moves | instructions | instructions per move |")
        print("|---:|---:|---:|---:|")
    results = []
    for rooms in [int(x) for x in args.rooms.split(",")]:
        r = asyncio.run(measure(args, rooms, work))
        results.append(r)
        row = f"| {rooms} | {r['moves']:,} | {r['ir']:,} | {r['per_move']:,.0f} |"
        if args.cluster:
            row += "".join(f" {n:,.0f} |" for n in r["each"]) + f" {r['redis_us']:.1f} |"
        print(row, flush=True)
    for r in results if args.annotate else []:
        for dump in r["dumps"]:
            print(f"\n{r['rooms']} rooms: {dump}")
            text = subprocess.run(
                ["callgrind_annotate", "--inclusive=no", str(dump)], capture_output=True, text=True, check=True
            ).stdout
            lines = text.splitlines()
            start = next(i for i, line in enumerate(lines) if "file:function" in line) + 2
            print("\n".join(lines[start : start + args.annotate]))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
