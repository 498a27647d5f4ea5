"""Instructions per move of a grundy node, counted by callgrind: a figure the machine's load does not move.

    python bench/instructions.py [--tree PATH] [--python PATH] [--rooms 1,50] [--moves 2000] [--native room]

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


async def measure(args: argparse.Namespace, rooms: int, work: Path) -> dict[str, Any]:
    """One node under callgrind (or cProfile, ``--calls``), ``rooms`` rooms: instructions (calls) per move."""
    port = load.free_port()
    out = work / f"callgrind.{rooms}.%p"
    profile = work / f"calls.{rooms}.prof"
    node = [
        args.python, str(Path(args.tree) / "bench" / "serve_node.py"), "--port", str(port),
        "--db", str(work / f"node-{rooms}.db"),
    ]  # fmt: skip
    if args.calls:
        cmd = [*node, "--profile", str(profile), "--profile-window"]
    else:
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", *node]
    env = {**os.environ, "GRUNDY_NATIVE": args.native}
    log = open(work / f"node-{rooms}.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=args.tree)
    try:
        deadline = time.monotonic() + 300
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the node exited with {proc.returncode}; see {log.name}")
            try:
                with socket.create_connection((load.HOST, port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the node did not listen within 300 s") from None
                await asyncio.sleep(0.5)
        gen = CountedGenerator([port], proc.pid)
        await gen.setup_rooms(2 * rooms)
        await gen.play_exactly(args.warm)
        await asyncio.sleep(1.0)
        pid = str(proc.pid)
        if args.calls:
            os.kill(proc.pid, signal.SIGUSR1)
            moves = await gen.play_exactly(args.moves // rooms)
            os.kill(proc.pid, signal.SIGUSR2)
            while not profile.exists():
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)
            return {"rooms": rooms, "moves": moves, "profile": profile}
        _control("--zero", pid)
        _control("--instr=on", pid)
        moves = await gen.play_exactly(args.moves // rooms)
        _control("--dump", pid)
        _control("--instr=off", pid)
        dumps = sorted(work.glob(f"callgrind.{rooms}.{pid}*"), key=lambda p: p.stat().st_mtime)
        dump = [p for p in dumps if p.name != f"callgrind.{rooms}.{pid}"][-1]
        ir = _totals(dump)
        return {"rooms": rooms, "moves": moves, "ir": ir, "per_move": ir / moves, "dump": dump}
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def print_calls(profile: Path, moves: int, rooms: int, top: int) -> None:
    """The ``top`` functions of a cProfile file by calls, per move."""
    import pstats

    stats: dict[Any, Any] = pstats.Stats(str(profile)).stats  # type: ignore[attr-defined]
    rows = sorted(((v[1], f"{Path(k[0]).name}:{k[1]}({k[2]})") for k, v in stats.items()), reverse=True)
    total = sum(n for n, _ in rows)
    print(f"\n{rooms} rooms, {moves:,} moves: {total / moves:.1f} Python-level calls per move")
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
    ap.add_argument("--annotate", type=int, default=0, metavar="N", help="print the N costliest functions")
    ap.add_argument("--calls", type=int, default=0, metavar="N", help="cProfile: the N functions called most per move")
    ap.add_argument("--keep", default=None, metavar="DIR", help="keep the callgrind files in DIR")
    args = ap.parse_args()
    if not args.calls and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    load.raise_open_files()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="grundy-ir-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"tree {args.tree}, GRUNDY_NATIVE={args.native}, {args.moves:,} moves counted")
    if args.calls:
        for rooms in [int(x) for x in args.rooms.split(",")]:
            r = asyncio.run(measure(args, rooms, work))
            print_calls(r["profile"], r["moves"], rooms, args.calls)
        return
    print("| rooms | moves | instructions | instructions per move |")
    print("|---:|---:|---:|---:|")
    results = []
    for rooms in [int(x) for x in args.rooms.split(",")]:
        r = asyncio.run(measure(args, rooms, work))
        results.append(r)
        print(f"| {rooms} | {r['moves']:,} | {r['ir']:,} | {r['per_move']:,.0f} |", flush=True)
    for r in results if args.annotate else []:
        print(f"\n{r['rooms']} rooms: {r['dump']}")
        text = subprocess.run(
            ["callgrind_annotate", "--inclusive=no", str(r["dump"])], capture_output=True, text=True, check=True
        ).stdout
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if "file:function" in line) + 2
        print("\n".join(lines[start : start + args.annotate]))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
