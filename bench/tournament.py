"""Tournament scale: many games at once between hosted bots on one node, and what the node's players feel.

    python bench/tournament.py [--games 256] [--game gomoku --set size=15] [--levels easy,medium]
                               [--tc 1+1] [--workers 2] [--probes 4] [--probe-rate 5] [--record]

A grundy node (``bench/serve_node.py``: ``grundy serve`` with the per-connection request
limit lifted, a SQLite file, ``--workers`` hosted-bot processes) is started, and a
tournament created on it through the protocol as a user would: a match between two hosted
bots of the given levels, ``--games`` games with colours alternating, every game at once
(``concurrency`` = games).  While it runs:

* **probes**: ``--probes`` rooms of two human connections each play ``subtraction`` (a game
  that lasts) at ``--probe-rate`` moves per second per room; the time from sending a move to
  receiving its ``move_made`` is the node's move latency as a player feels it under the load;
* the tournament's own state (``tournament_state`` pushed to its creator) gives how many of its
  games were being played at once (the peak) and when each ended.

At the end every game's record (``get_record``) says how it ended: a **loss on time** of a
hosted bot is the server's fault (the bot's budget comes from its clock, and the node must
answer within it whatever the load), so the goal is 0.  The table gives the games, the peak
of games at once, losses on time, games per minute, the probes' p50/p99/max latency, and the
node's and bot workers' CPU share.  ``--record`` puts the table in ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from grundy import protocol as p
from grundy.client.connection import Connection
from grundy.protocol.clock import parse_time_control

HERE = Path(__file__).resolve().parent
HOST = "127.0.0.1"
PROBE_GAME = "subtraction"
PROBE_PARAMS = {"n": 1_000_000, "take": "1,2"}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its reaped children (``/proc/PID/stat``)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / tick


def children(pid: int) -> list[int]:
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False).stdout
    except OSError:
        return []
    return [int(x) for x in out.split()]


class NodeProcess:
    """A node started as its own process, like ``grundy serve``."""

    def __init__(self, workers: int, workdir: Path, extra: list[str]) -> None:
        self.port = free_port()
        self.log = open(workdir / "node.log", "w")  # noqa: SIM115 - closed in stop()
        cmd = [
            sys.executable,
            str(HERE / "serve_node.py"),
            "--port",
            str(self.port),
            "--db",
            str(workdir / "tournament.db"),
            "--workers",
            str(workers),
            *extra,
        ]
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"ws://{HOST}:{self.port}/"

    async def ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the node exited ({self.proc.returncode}); see {self.log.name}")
            try:
                _, w = await asyncio.open_connection(HOST, self.port)
                w.close()
                return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError("the node did not start listening")

    def cpu(self) -> tuple[float, float]:
        """(node CPU s, bot workers' CPU s so far)."""
        return cpu_seconds(self.proc.pid), sum(cpu_seconds(c) for c in children(self.proc.pid))

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


class Probe:
    """One room of two human connections moving at a steady pace; latencies of the movers' own moves."""

    def __init__(self, url: str, index: int, rate: float) -> None:
        self.url = url
        self.index = index
        self.period = 1.0 / rate
        self.latencies: list[float] = []
        self.slowest: list[tuple[float, float]] = []  # (latency, when: monotonic time it was sent)
        self.errors = 0

    async def run(self, stop: asyncio.Event) -> None:
        a = Connection(self.url, f"probe{self.index}a", reconnect=False)
        b = Connection(self.url, f"probe{self.index}b", reconnect=False)
        await a.connect()
        await b.connect()
        try:
            created = await a.request(p.CreateRoom(game=PROBE_GAME, params=PROBE_PARAMS, seat=0, private=True))
            assert isinstance(created, p.RoomCreated)
            await b.request(p.Join(code=created.code) if created.code else p.Join(room=created.room))
            room = created.room
            conns = {0: a, 1: b}
            rng = random.Random(self.index)
            turn = 0
            ply = 0
            next_at = time.monotonic() + rng.random() * self.period
            while not stop.is_set():
                delay = next_at - time.monotonic()
                if delay > 0:
                    try:
                        await asyncio.wait_for(stop.wait(), delay)
                        break
                    except TimeoutError:
                        pass
                next_at += self.period
                mover = conns[turn]
                sent = time.perf_counter()
                await mover.send(p.Move(room=room, ply=ply, move=rng.choice(("1", "2"))))
                try:
                    ev = await mover.wait_for(
                        lambda e, n=ply: (
                            (isinstance(e, p.MoveMade) and e.room == room and e.ply == n) or isinstance(e, p.Error)
                        ),
                        10.0,
                    )
                except TimeoutError:
                    self.errors += 1
                    continue
                if isinstance(ev, p.Error):
                    self.errors += 1
                    print(f"probe {self.index}: {ev.code}: {ev.message}", file=sys.stderr)
                    continue
                took = time.perf_counter() - sent
                self.latencies.append(took)
                if took > 0.05:
                    self.slowest.append((took, time.monotonic() - took))
                ply += 1
                turn = ev.turn if ev.turn is not None else turn
        finally:
            await a.close()
            await b.close()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="grundy-tournament-"))
    node = NodeProcess(args.workers, workdir, args.node_args.split())
    try:
        await node.ready()
        return await _measure(args, node)
    finally:
        node.stop()


async def _measure(args: argparse.Namespace, node: NodeProcess) -> dict[str, Any]:
    clock = parse_time_control(args.tc)
    params = dict(kv.split("=", 1) for kv in args.set)
    levels = args.levels.split(",")
    if len(levels) != 2:
        raise SystemExit("--levels: two levels, e.g. easy,medium")
    control = Connection(node.url, "organiser", reconnect=False, request_timeout=60.0)
    await control.connect()
    state = await control.request(
        p.CreateTournament(
            name=f"scale {args.games}",
            game=args.game,
            params=params,
            time_control=clock,
            format="round-robin",
            games_per_pairing=args.games,
            concurrency=args.games,
            rated=False,
            bots=levels,
        )
    )
    assert isinstance(state, p.TournamentState)
    tid = state.tournament.tournament
    stop = asyncio.Event()
    probes = [Probe(node.url, i, args.probe_rate) for i in range(args.probes)]
    probe_tasks = [asyncio.create_task(pr.run(stop)) for pr in probes]
    await asyncio.sleep(0.5)
    cpu0, bots0 = node.cpu()
    started = time.monotonic()
    state = await control.request(p.StartTournament(tournament=tid))
    peak = 0
    rooms: set[str] = set()
    ended_at: list[float] = []
    seen_finished: set[str] = set()
    timeline: list[tuple[float, int]] = []

    def take(st: p.TournamentState) -> None:
        nonlocal peak
        playing = 0
        for rnd in st.rounds:
            for pairing in rnd:
                for g in pairing.games:
                    if g.room:
                        rooms.add(g.room)
                    if g.status == "playing":
                        playing += 1
                    elif g.status == "finished" and g.room and g.room not in seen_finished:
                        seen_finished.add(g.room)
                        ended_at.append(time.monotonic() - started)
        peak = max(peak, playing)
        timeline.append((time.monotonic() - started, playing))

    assert isinstance(state, p.TournamentState)
    take(state)
    deadline = started + args.timeout
    while state.tournament.status != "finished":
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(
                f"the tournament did not finish in {args.timeout:.0f} s ({len(seen_finished)} games ended)"
            )
        ev = await control.wait_for(lambda e: isinstance(e, p.TournamentState) and e.tournament.tournament == tid, left)
        assert isinstance(ev, p.TournamentState)
        state = ev
        take(state)
    elapsed = time.monotonic() - started
    cpu1, bots1 = node.cpu()
    stop.set()
    for outcome in await asyncio.gather(*probe_tasks, return_exceptions=True):
        if isinstance(outcome, BaseException):
            print(f"a probe failed: {outcome!r}", file=sys.stderr)

    time_losses = 0
    reasons: dict[str, int] = {}
    plies: list[int] = []
    for room in sorted(rooms):
        rec = await control.request(p.GetRecord(room=room))
        assert isinstance(rec, p.Record)
        reason = str(rec.record.get("reason") or (rec.record.get("result") or {}).get("reason") or "")
        key = "time" if re.search(r"\btime\b", reason) else reason.split(":")[0][:40]
        reasons[key] = reasons.get(key, 0) + 1
        if key == "time":
            time_losses += 1
        plies.append(len(rec.record.get("moves") or []))
    await control.close()

    lat = sorted(x for pr in probes for x in pr.latencies)
    slow = sorted((x for pr in probes for x in pr.slowest), reverse=True)[:8]
    if slow:
        print(
            "slowest probe moves (ms at s after the start): "
            + ", ".join(f"{t * 1000:.0f} at {at - started:.1f}" for t, at in slow),
            file=sys.stderr,
        )

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    return {
        "game": args.game + ("" if not params else " " + " ".join(f"{k}={v}" for k, v in params.items())),
        "levels": "-".join(levels),
        "tc": args.tc,
        "workers": args.workers,
        "games": len(rooms),
        "peak": peak,
        "time_losses": time_losses,
        "reasons": reasons,
        "elapsed": elapsed,
        "per_min": len(rooms) / elapsed * 60,
        "mean_plies": statistics.mean(plies) if plies else 0.0,
        "probe_moves": len(lat),
        "probe_errors": sum(pr.errors for pr in probes),
        "p50": pct(0.5),
        "p99": pct(0.99),
        "max": lat[-1] * 1000 if lat else float("nan"),
        "node_cpu": (cpu1 - cpu0) / elapsed,
        "bots_cpu": (bots1 - bots0) / elapsed,
    }


HEADER = (
    "| game | levels | clock | bot workers | games | peak at once | losses on time | minutes | games/min "
    "| plies/game | probe moves | probe p50 ms | probe p99 ms | probe max ms | node CPU | bot workers CPU |"
)


def row(r: dict[str, Any]) -> str:
    return (
        f"| {r['game']} | {r['levels']} | {r['tc']} | {r['workers']} | {r['games']} | {r['peak']} | "
        f"{r['time_losses']} | {r['elapsed'] / 60:.1f} | {r['per_min']:.0f} | {r['mean_plies']:.0f} | "
        f"{r['probe_moves']:,} | {r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | "
        f"{r['node_cpu']:.0%} | {r['bots_cpu']:.0%} |"
    )


def record(text: str) -> None:
    path = HERE / "RESULTS.md"
    heading = "## Tournament scale"
    body = path.read_text()
    stamp = datetime.date.today().isoformat()
    section = f"{heading}\n\n{stamp}, `python bench/tournament.py {' '.join(sys.argv[1:])}`:\n\n{text}\n"
    if heading in body:
        start = body.index(heading)
        nxt = body.find("\n## ", start + len(heading))
        body = body[:start] + section + (body[nxt + 1 :] if nxt != -1 else "")
    else:
        body = body.rstrip("\n") + "\n\n" + section
    path.write_text(body)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=256, help="games of the match, all at once (default 256)")
    ap.add_argument("--game", default="gomoku", help="the game (default gomoku)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a game parameter")
    ap.add_argument("--levels", default="easy,medium", help="the two hosted levels (default easy,medium)")
    ap.add_argument("--tc", default="2+1", help="time control of every game, minutes+seconds (default 2+1)")
    ap.add_argument("--workers", type=int, default=2, help="hosted-bot worker processes (default 2)")
    ap.add_argument("--probes", type=int, default=4, help="probe rooms of two humans (default 4)")
    ap.add_argument("--probe-rate", type=float, default=5.0, help="moves per second per probe room (default 5)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="longest the tournament may run (s)")
    ap.add_argument("--workdir", default=None, help="where the node's SQLite file and log go (default: a temp dir)")
    ap.add_argument("--node-args", default="", help="extra arguments for bench/serve_node.py (e.g. --profile PATH)")
    ap.add_argument("--record", action="store_true", help="put the table in bench/RESULTS.md (Tournament scale)")
    args = ap.parse_args()
    try:
        import uvloop
    except ImportError:
        r = asyncio.run(run(args))
    else:
        r = uvloop.run(run(args))
    reasons = ", ".join(f"{k or 'other'} {v}" for k, v in sorted(r["reasons"].items()))
    sep = "|" + "---|" * (HEADER.count("|") - 1)
    table = f"{HEADER}\n{sep}\n{row(r)}\n\nHow the games ended: {reasons}.  Probe errors: {r['probe_errors']}."
    print(table)
    if args.record:
        record(table)


if __name__ == "__main__":
    main()
