"""Slow readers: connections that keep asking for big snapshots and never read the answers.

    python bench/slow_readers.py [--readers 8] [--seconds 60] [--rate 19] [--size 64]
                                 [--max-unsent-bytes N] [--ceiling-mb 100]

A grundy node runs in its own process as ``grundy serve`` runs it (uvloop, a SQLite file, one
bot worker) with its default limits — the rate limit of 20 requests per second per connection
included — except ``--max-unsent-bytes`` when given (``NodeConfig.max_unsent_bytes``: the
output a connection may leave unsent before it is closed; a huge value shows the node without
the bound).  Each of ``--readers`` slow readers says hello, opens a solitaire minesweeper of
``--size`` x ``--size`` (64 x 64: its player's snapshot lists 4,096 legal moves, about 31 KB),
stops reading its socket (its transport's reading paused) and sends ``get_state`` at
``--rate`` per second, under the limit; when the node drops it, it resumes its session on a
new connection (its room is still there) and goes on, so that many are always at it.  A
polite client pings every half second.

Every second the node's resident set (VmRSS) is sampled; the table shows it with the node's
share of a core over the last second, the connections the node holds, the slow readers it
closed (1008) and aborted (their close frame never left), the requests sent and the polite
client's slowest ping.  The run fails (exit status 1) when the node's peak resident set
(VmHWM) is over ``--ceiling-mb``, or a ping went unanswered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

# The project root before bench/ (whose rules.py would shadow the rules package).
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from grundy import protocol as p  # noqa: E402

HOST = "127.0.0.1"
MIB = 2**20


# ============================================================================ the node


def serve(port: int, db: str, max_unsent_bytes: int | None) -> None:
    """The node process (``--serve``): defaults as in ``grundy serve``, closes logged."""
    from grundy.server.node import Node, NodeConfig

    logging.basicConfig(level="WARNING", format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("grundy.gateway").setLevel(logging.INFO)  # its closes and aborts are counted
    settings: dict[str, Any] = {"host": HOST, "port": port, "db": db, "workers": 1}
    if max_unsent_bytes is not None:
        settings["max_unsent_bytes"] = max_unsent_bytes
    config = NodeConfig(**settings)

    async def run() -> None:
        node = Node(config)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, node.request_stop)
        try:
            await node.start()
            print(f"grundy node on ws://{HOST}:{node.port}/ (max_unsent_bytes {config.max_unsent_bytes})", flush=True)
            await node.serve_forever()
        finally:
            await node.shutdown()

    try:
        import uvloop
    except ImportError:
        asyncio.run(run())
    else:
        uvloop.run(run())


class NodeProcess:
    """The node in its own process on a free port, stopped on exit; its log kept for the counts."""

    def __init__(self, workdir: Path, max_unsent_bytes: int | None) -> None:
        with socket.socket() as s:
            s.bind((HOST, 0))
            self.port = int(s.getsockname()[1])
        self.log_path = workdir / "node.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115
        cmd = [sys.executable, __file__, "--serve", "--port", str(self.port), "--db", str(workdir / "node.db")]
        if max_unsent_bytes is not None:
            cmd += ["--max-unsent-bytes", str(max_unsent_bytes)]
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT)

    def __enter__(self) -> NodeProcess:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the node exited with {self.proc.returncode}; see {self.log_path}")
            if "grundy node on" in self.log_path.read_text(errors="replace"):
                return self
            time.sleep(0.1)
        raise RuntimeError("the node did not start within 60 s")

    def __exit__(self, *exc: object) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()

    def status_kb(self, field: str) -> int:
        """A field of /proc/PID/status in KB (VmRSS, VmHWM)."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
        raise ValueError(f"no {field} for the node")

    def cpu_s(self) -> float:
        """The node's CPU time so far (user and system), in seconds."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def closes(self) -> tuple[int, int]:
        """Connections the node closed for not reading (1008), and those it had to abort."""
        text = self.log_path.read_text(errors="replace")
        closed = len(re.findall(r"closing .*: 1008 not reading", text))
        return closed, text.count("its close frame could not be written")

    def health(self) -> dict[str, Any]:
        with urllib.request.urlopen(f"http://{HOST}:{self.port}/health", timeout=5) as r:
            body: dict[str, Any] = json.loads(r.read())
            return body


# ============================================================================ the clients


async def open_client(url: str, name: str = "", token: str | None = None) -> ClientConnection:
    """A connection that said hello (or resumed ``token``); its session token kept as ``ws.token``."""
    ws = await connect(url, compression=None, max_size=None, ping_interval=None, close_timeout=1)
    hello = p.Hello(versions=[1], name=name) if token is None else p.Resume(versions=[1], token=token)
    await ws.send(p.encode(hello))
    ws.token = (await expect(ws, p.Welcome)).token  # type: ignore[attr-defined]
    return ws


async def expect(ws: ClientConnection, kind: type[Any]) -> Any:
    while True:
        msg = p.decode_server(await ws.recv())
        if isinstance(msg, kind):
            return msg
        if isinstance(msg, p.Error):
            raise RuntimeError(f"the node refused: {msg.code} {msg.message}")


class Counts:
    def __init__(self) -> None:
        self.sent = 0
        self.readers = 0  # connections the slow readers opened
        self.dropped = 0  # slow readers that found their connection gone
        self.ping_ms: list[float] = []
        self.unanswered = 0


async def slow_reader(url: str, params: dict[str, Any], rate: float, until: float, counts: Counts, index: int) -> None:
    """One slow reader until ``until``: opens a room, stops reading, asks; when dropped, resumes and goes on."""
    ws = await open_client(url, f"slow{index}")
    await ws.send(p.encode(p.CreateRoom(game="minesweeper", params=params, seat=0)))
    room = (await expect(ws, p.RoomCreated)).room
    token = ws.token  # type: ignore[attr-defined]
    while True:
        counts.readers += 1
        try:
            ws.transport.pause_reading()  # from here on nothing is read: the node's answers pile up
            ask = p.encode(p.GetState(room=room))
            next_at = time.monotonic()
            while time.monotonic() < until:
                await ws.send(ask)
                counts.sent += 1
                next_at += 1.0 / rate
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        except (ConnectionClosed, OSError):
            counts.dropped += 1
        finally:
            ws.transport.abort()
        if time.monotonic() >= until:
            return
        ws = await open_client(url, token=token)  # the same session and room, as a real client would


async def polite(url: str, until: float, counts: Counts) -> None:
    ws = await open_client(url, "polite")
    try:
        while time.monotonic() < until:
            t0 = time.monotonic()
            await ws.send(p.encode(p.Ping()))
            try:
                await asyncio.wait_for(expect(ws, p.Pong), 5.0)
                counts.ping_ms.append(1000 * (time.monotonic() - t0))
            except TimeoutError:
                counts.unanswered += 1
            await asyncio.sleep(0.5)
    finally:
        await ws.close()


async def run(args: argparse.Namespace, node: NodeProcess) -> dict[str, Any]:
    url = f"ws://{HOST}:{node.port}/"
    base_kb = node.status_kb("VmRSS")
    params = {"width": args.size, "height": args.size, "mines": args.size * args.size // 8, "players": 1}
    counts = Counts()
    start = time.monotonic()
    until = start + args.seconds
    tasks = [asyncio.create_task(slow_reader(url, params, args.rate, until, counts, i)) for i in range(args.readers)]
    tasks.append(asyncio.create_task(polite(url, until, counts)))
    rows: list[dict[str, Any]] = []
    cpu_at, wall_at = node.cpu_s(), time.monotonic()
    while time.monotonic() < until:
        await asyncio.sleep(1.0)
        cpu, wall = node.cpu_s(), time.monotonic()
        cpu_share, cpu_at, wall_at = (cpu - cpu_at) / (wall - wall_at), cpu, wall
        closed, aborted = node.closes()
        try:
            connections: int | None = (await asyncio.to_thread(node.health))["connections"]
        except OSError:  # (a node too busy to answer within 5 s)
            connections = None
        rows.append(
            {
                "t": time.monotonic() - start,
                "rss_mb": node.status_kb("VmRSS") / 1024,
                "cpu": cpu_share,
                "connections": "-" if connections is None else connections,
                "closed": closed,
                "aborted": aborted,
                "sent": counts.sent,
                "ping_max_ms": max(counts.ping_ms, default=0.0),
            }
        )
        if args.verbose:
            print(row_text(rows[-1]), flush=True)
    await asyncio.gather(*tasks)
    return {
        "base_mb": base_kb / 1024,
        "peak_mb": node.status_kb("VmHWM") / 1024,
        "rows": rows,
        "readers": counts.readers,
        "sent": counts.sent,
        "pings": len(counts.ping_ms),
        "unanswered": counts.unanswered,
        "ping_max_ms": max(counts.ping_ms, default=0.0),
    }


def row_text(r: dict[str, Any]) -> str:
    return (
        f"| {r['t']:.0f} | {r['rss_mb']:.1f} | {r['cpu']:.0%} | {r['connections']} | {r['closed']} | {r['aborted']} | "
        f"{r['sent']:,} | {r['ping_max_ms']:.1f} |"
    )


def table(result: dict[str, Any], every: int) -> str:
    lines = [
        "| s | node RSS MB | node CPU | connections | closed 1008 | aborted | get_state sent | slowest ping ms |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    rows = result["rows"]
    mark = every
    for i, r in enumerate(rows):  # the first sample at or after each multiple of ``every`` seconds, and the last
        if r["t"] >= mark - 0.5 or i == len(rows) - 1:
            lines.append(row_text(r))
            while mark <= r["t"] + 0.5:
                mark += every
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readers", type=int, default=8, help="slow readers at any time (default 8)")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--rate", type=float, default=19.0, help="get_state per second per reader (the limit is 20)")
    ap.add_argument("--size", type=int, default=64, help="the minesweeper field's width and height (default 64)")
    ap.add_argument("--max-unsent-bytes", type=int, default=None, help="the node's bound (default: its default)")
    ap.add_argument("--ceiling-mb", type=float, default=100.0, help="fail when the node's peak RSS is above this")
    ap.add_argument("--every", type=int, default=5, help="a table row every this many seconds")
    ap.add_argument("--verbose", action="store_true", help="print every sample as it is taken")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--db", default=":memory:", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        serve(args.port, args.db, args.max_unsent_bytes)
        return 0
    with tempfile.TemporaryDirectory(prefix="grundy-slow-") as tmp:
        with NodeProcess(Path(tmp), args.max_unsent_bytes) as node:
            result = asyncio.run(run(args, node))
    bound = "its default" if args.max_unsent_bytes is None else f"{args.max_unsent_bytes:,} bytes"
    print(
        f"{args.readers} slow readers x {args.seconds:g} s, get_state of a {args.size}x{args.size} minesweeper "
        f"at {args.rate:g}/s each; node max_unsent_bytes: {bound}"
    )
    print(table(result, args.every))
    print(
        f"node RSS: {result['base_mb']:.1f} MB at the start, peak {result['peak_mb']:.1f} MB (VmHWM; ceiling "
        f"{args.ceiling_mb:g} MB); slow readers opened {result['readers']} connections; polite pings answered "
        f"{result['pings']}, unanswered {result['unanswered']}, slowest {result['ping_max_ms']:.1f} ms"
    )
    ok = result["peak_mb"] <= args.ceiling_mb and result["unanswered"] == 0
    print("OK" if ok else "FAILED: over the ceiling or a ping went unanswered")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
