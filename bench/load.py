"""Server load: a grundy node against a bare relay, with the same light load generator.

    python bench/load.py [--sizes 100,1000,5000] [--idle 10000] [--seconds 5] [--repeat 2]
                         [--systems relay,grundy,grundy-default-gc] [--node-args=--gc-report] [--record]
    python bench/load.py --cluster [--sizes 1000] [--lease-ms 3000] [--failover-rooms 20] [--rolling]
    python bench/load.py --sizes 1000 --idle 0 --repeat 3 --median \
                         --systems grundy,relay,colyseus-msg,colyseus-schema,boardgameio

For each system (``bench/relay.py``, the ceiling; ``bench/serve_node.py``, a grundy node
with a SQLite file) and each number of connections N, a fresh server process is started and
a generator process opens N connections on loopback as N/2 two-player rooms of
``subtraction`` (one heap of a million, take 1 or 2: a game that lasts, with random moves),
then measures:

* **capacity**: every room plays as fast as its two movers can (each answers the other's
  move at once); moves per second counted where the opponent receives the broadcast;
* **latency at half capacity**: the rooms are paced to half that rate in total; p50/p99 of
  the time from sending a move to the opponent receiving its ``move_made``;
* **server RSS per connection**: the server's VmRSS (``/proc/PID/status``) with the rooms
  set up, minus before any connection, over N.

Then N = ``--idle`` connections that only say hello are held, and the RSS per connection
reported.  ``grundy-default-gc`` is the node with Python's garbage collector left as it is
(``bench/serve_node.py --gc-default``; the node normally freezes its start-up heap and collects
less often); ``grundy-pure`` is the node without native code (``GRUNDY_NATIVE=off``: no
native frame reader, move decoder or frame writer, server/native.py), ``grundy-pyroom`` the
node on the native wire with every move through the Python room (``GRUNDY_NATIVE=wire``: no
native move path);
``--node-args=--gc-report`` makes the node report its collector's pauses.  On a shared machine
the server rarely gets a whole core: the table also gives moves per second of server CPU, and
``--repeat`` keeps each system's best run (or with ``--median`` its median).

**Cluster** (``--cluster``: the systems ``grundy,cluster-everysec,cluster-always``): a
``redis-server`` on loopback, started by the bench on a free port with its append-only file
(``appendfsync everysec`` or ``always``), a second one without an append-only file for the
nodes' publish/subscribe, and two cluster nodes on them (``bench/serve_node.py --redis URL
--redis-bus URL``, as ``grundy serve`` and docker-compose.yml run them); the systems
``cluster-everysec-1redis`` and ``cluster-always-1redis`` put publish/subscribe on the one Redis
with the file.  The two players of every room sit on
different nodes (the rooms' creators alternate between the nodes, so each node runs half the
rooms), so every move crosses Redis one way or the other: a move sent to the room's node is
broadcast to the opponent through Redis publish/subscribe, a move sent to the other node is
forwarded there through Redis.  Server CPU is the two nodes and the Redis servers together, each read
from ``/proc/PID/stat``; the embedded node (``grundy``) runs in the same run as the yardstick.
A second table gives where a cluster move's CPU goes at capacity (each node's and each Redis's CPU
microseconds per move) and what a move costs Redis (its calls per move by command, from ``INFO
commandstats`` before and after the measured window, commands run inside scripts included; and
the bytes Redis read and wrote per move, ``INFO stats``).
With ``--rolling``, after the capacity run: **a rolling restart** — ``--sizes`` more connections'
rooms play at ``--rolling-rate`` moves per second in all while each node in turn is sent SIGTERM,
waited for until it is gone, started again and waited for until ``GET /health`` answers 200
(``--rolling-gap`` seconds between steps).  The generator's clients told ``node_leaving`` by their
stopping node resume on another node with their tokens while the old link goes on carrying their
moves, then drop it (as ``client/connection.py`` does); a client whose link is lost all the same
resumes on the other node (as with ``welcome.nodes``); a move
waits until its mover hears it was made (``move_made``, or the room's state after resuming; sent
again every half second until then, and at once when a state shows it was not made).  Reported:
the longest wait of any room, how many rooms waited over a second, and the moves acknowledged
that are missing from the room's log in Redis afterwards (lost; there must be none).
Then **failover**: ``--failover-rooms`` more rooms, all run by the first node, each at the
second player's turn; the generator kills that node (``kill -9``) and every second player,
connected to the surviving node, sends its move again every 50 ms until it is accepted
(its ``move_made`` arrives): the time from the kill to the first, the median and the last
room's accepted move (the rooms of the capacity run, their players gone, are there to take
over too).

**Peers** (``--systems grundy,relay,colyseus-msg,colyseus-schema,boardgameio``): our own small
servers for Colyseus 0.16 (``bench/peers/colyseus_server.js``: its message broadcast mode and its
schema state sync mode, patches at Colyseus's default rate) and boardgame.io 0.50
(``bench/peers/boardgameio_server.js``, in-memory storage), playing the same game with the turn,
the ply and the move's legality checked by the server, driven by ``bench/peers/generator.js``
(the same phases and figures, with each peer's own client library).  Their npm packages
(:data:`PEER_PACKAGES`) are installed at run time into a temporary folder (reused by later runs);
nothing of theirs is in the repository.  Needs node 20 and npm.  ``--repeat 3 --median`` runs
three interleaved rounds and keeps each system's median; a table of every round follows, with
grundy's moves per server CPU-second against each system's in the same round.  ``grundy-js`` is
the grundy node driven by that generator too (a plain ``ws`` client with ``@colyseus/msgpackr``, the
Colyseus rooms' own client stack, decoding every message), so the node and the peers can also be
measured with load generators of one kind: how busy the generator is changes what a server pays
per write (a write that wakes a sleeping reader costs more than one to a busy reader).

The generator is a raw WebSocket client on asyncio protocols (uvloop), with
prebuilt frames (fixed zero mask) and no decoding on the move path beyond the type tag;
it reports its own CPU share so one can see it is not the bottleneck.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import dataclasses
import gc
import json
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

HERE = Path(__file__).resolve().parent
HOST = "127.0.0.1"
GAME = "subtraction"
PARAMS = {"n": 1_000_000, "take": "1,2"}
# The node with Python's default garbage collector (bench/serve_node.py --gc-default), for comparison.
DEFAULT_GC = "grundy-default-gc"
# The node without native code (GRUNDY_NATIVE=off: no native frame reader, move decoder or writer).
PURE_WIRE = "grundy-pure"
# The node on the native wire with every move through the Python room (GRUNDY_NATIVE=wire: server/native.py).
PURE_ROOM = "grundy-pyroom"
# The node driven by bench/peers/generator.js (ws and msgpackr under node, the Colyseus rooms' client stack) instead
# of this file's generator: grundy and the peers measured with load generators of one kind.
JS_CLIENT = "grundy-js"
# Two cluster nodes on a loopback Redis whose append-only file is synced every second, or on every write, with
# their publish/subscribe on a second Redis without one (``--redis-bus``); the ``-1redis`` systems put both on one.
CLUSTERS = ("cluster-everysec", "cluster-always", "cluster-everysec-1redis", "cluster-always-1redis")
CLUSTER_DEFAULT = CLUSTERS[:2]  # what --cluster runs unless --systems says otherwise
ONE_REDIS = "-1redis"
# Peer servers (bench/peers/): their packages are installed with npm into a temporary folder at run time.
PEERS = ("colyseus-msg", "colyseus-schema", "boardgameio")
PEER_PACKAGES = (
    "@colyseus/core@0.16.26",
    "@colyseus/ws-transport@0.16.5",
    "@colyseus/schema@3.0.76",
    "colyseus.js@0.16.22",
    "boardgame.io@0.50.2",
)
# Whether a system stores each move, and where (a column of the table).
STORES = {
    "grundy": "yes (SQLite)",
    DEFAULT_GC: "yes (SQLite)",
    PURE_WIRE: "yes (SQLite)",
    PURE_ROOM: "yes (SQLite)",
    JS_CLIENT: "yes (SQLite)",
    "relay": "no",
    "colyseus-msg": "no",
    "colyseus-schema": "no",
    "boardgameio": "in memory",
}
SETUP_PARALLEL = 100  # rooms (or idle connections) being set up at once
MOVE_MADE_TAG = b"\xa4type\xa9move_made"  # the first key of a move_made map, after the map header
_MOVES = [random.Random(7).choice((b"\xa11", b"\xa12")) for _ in range(1 << 16)]  # the scripted random moves
_KEY = base64.b64encode(b"grundy-load-test").decode()


# ============================================================================ the raw client


def ws_frame(payload: bytes, opcode: int = 2) -> bytes:
    """A masked client frame with the all-zero mask (so the payload goes as is)."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    return head + b"\0\0\0\0" + payload


class Client(asyncio.Protocol):
    """One WebSocket connection: a handshake, then frames parsed by hand."""

    def __init__(self, gen: Generator) -> None:
        self.gen = gen
        self.transport: Any = None
        self.buf = b""
        self.open = False
        self.closed = False
        self.opened: asyncio.Future[None] = gen.loop.create_future()
        self.inbox: list[dict[str, Any]] = []
        self.waiter: asyncio.Future[None] | None = None
        self.room: Room | None = None
        self.seat = 0
        self.ply = 0
        self.fast = False  # on the move path: only the type tag is read
        self.token = ""  # the session's resume token (the rolling restart's clients resume with it)
        self.node = 0  # the index of the node (port) it is connected to
        self.rolling = False  # every message goes to Generator.on_rolling (decoded)
        self.moved = False  # its session moved to another connection (node_leaving): its close is no loss

    # ------------------------------------------------------------------ transport

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.transport.write(
            (
                f"GET / HTTP/1.1\r\nHost: {HOST}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {_KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.gen.closed += 1
        if self.rolling and not self.moved:
            self.gen.lost_link(self)
        if not self.opened.done():
            self.opened.set_exception(ConnectionError(f"closed during the handshake: {exc}"))
        self._wake()

    def send(self, payload: bytes) -> None:
        self.transport.write(ws_frame(payload))

    def data_received(self, data: bytes) -> None:
        if self.buf:
            data = self.buf + data
        if not self.open:
            end = data.find(b"\r\n\r\n")
            if end < 0:
                self.buf = data
                return
            if b" 101 " not in data[:end].split(b"\r\n", 1)[0]:
                self.opened.set_exception(ConnectionError(data[:end].decode(errors="replace")))
                return
            self.open = True
            self.opened.set_result(None)
            data = data[end + 4 :]
        n, i = len(data), 0
        while i + 2 <= n:
            b1 = data[i + 1] & 0x7F
            if b1 < 126:
                h, size = 2, b1
            elif b1 == 126:
                if i + 4 > n:
                    break
                h, size = 4, int.from_bytes(data[i + 2 : i + 4], "big")
            else:
                if i + 10 > n:
                    break
                h, size = 10, int.from_bytes(data[i + 2 : i + 10], "big")
            if i + h + size > n:
                break
            op = data[i] & 0x0F
            payload = data[i + h : i + h + size]
            i += h + size
            if op == 2:
                self.on_message(payload)
            elif op == 9:  # ping: answer pong
                self.transport.write(ws_frame(payload, 0xA))
            elif op == 8:
                self.transport.close()
        self.buf = data[i:]

    # ------------------------------------------------------------------ messages

    def on_message(self, payload: bytes) -> None:
        if self.rolling:
            self.gen.on_rolling(self, msgpack.unpackb(payload))
            return
        if self.fast and payload.startswith(MOVE_MADE_TAG, 1):
            self.gen.on_move_made(self)
            return
        msg = msgpack.unpackb(payload)
        if self.fast:
            if msg.get("type") == "move_made":
                self.gen.on_move_made(self)
            else:
                self.gen.other(msg)
            return
        self.inbox.append(msg)
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def expect(self, check: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        """The first message (set-up only) that passes ``check``; earlier ones are dropped; errors raise."""
        deadline = self.gen.loop.time() + timeout
        while True:
            while self.inbox:
                msg = self.inbox.pop(0)
                if msg.get("type") == "error":
                    raise RuntimeError(f"server error during set-up: {msg}")
                if check(msg):
                    return msg
            if self.closed:
                raise ConnectionError("connection closed during set-up")
            self.waiter = self.gen.loop.create_future()
            left = deadline - self.gen.loop.time()
            if left <= 0:
                raise TimeoutError("no answer during set-up")
            await asyncio.wait_for(self.waiter, left)


@dataclasses.dataclass(slots=True)
class Room:
    """A room and its two movers."""

    id: str
    prefix: bytes  # the move map up to the ply
    clients: list[Client]
    in_flight: bool = False  # a move was sent and its opponent has not received it yet
    sent_at: float = 0.0  # perf_counter() when its last move was sent (the loop's clock counts whole ms)
    next_at: float = 0.0  # loop time of its next move when paced
    # The rolling restart (Generator.rolling): the room's next ply as the clients know it, the move waiting
    # for its acknowledgement (ply, first sent, last sent), the longest wait for one, the moves acknowledged.
    ply: int = 1
    pending: tuple[int, float, float] | None = None
    longest: float = 0.0
    acked: list[tuple[int, str]] = dataclasses.field(default_factory=list)


def move_payload(room: Room, ply: int) -> bytes:
    return room.prefix + msgpack.packb(ply) + b"\xa4move" + _MOVES[ply & 0xFFFF]


# ============================================================================ the generator


class Generator:
    """Opens the connections, sets up rooms, drives the phases and measures."""

    def __init__(self, system: str, ports: list[int], server_pids: list[int]) -> None:
        self.system = system
        self.ports = ports  # one node (or relay), or the cluster's nodes: a room's players on different ones
        self.server_pids = server_pids  # every server process whose CPU counts (a cluster's nodes and Redis)
        self.loop = asyncio.get_running_loop()
        self.rooms: list[Room] = []
        self.clients: list[Client] = []
        self.closed = 0
        self.mode = "idle"  # idle | run | paced
        self.interval = 0.0  # seconds between moves in a room when paced
        self.window = (0.0, 0.0)
        self.moves = 0
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.first_errors: list[str] = []
        self._ip = 0
        self.accepted: dict[str, float] = {}  # failover: room id -> perf_counter() its retried move was accepted
        self.profile_window = False  # signal the servers around the capacity window (--profile-window)
        self.redis_port: int | None = None  # a cluster's Redis: its command counts and bytes around the window
        self.bus_port: int | None = None  # a cluster's Redis for publish/subscribe, if it has one of its own
        self.resumed = 0  # the rolling restart: clients that resumed on another node
        self.acks: list[tuple[float, float]] = []  # the rolling restart: (when, how long) of each acknowledgement
        self.resume_s: list[float] = []  # the rolling restart: from a lost link to the welcome on another node
        self.moved = 0  # the rolling restart: clients that moved on being told their node was leaving
        self.move_s: list[float] = []  # from the node_leaving to the welcome on another node

    async def connect(self, node: int = 0) -> Client:
        self._ip = self._ip % 8 + 1  # spread over loopback source addresses (ports per address are finite)
        port = self.ports[node % len(self.ports)]
        _, client = await self.loop.create_connection(
            lambda: Client(self), HOST, port, local_addr=(f"127.0.0.{self._ip}", 0)
        )
        client.node = node % len(self.ports)
        await asyncio.wait_for(client.opened, 30)
        self.clients.append(client)
        return client

    # ------------------------------------------------------------------ set-up

    async def hello(self, c: Client, name: str) -> None:
        c.send(msgpack.packb({"type": "hello", "versions": [1], "name": name}))
        c.token = (await c.expect(lambda m: m.get("type") == "welcome"))["token"]

    async def make_room(self, index: int) -> Room:
        """Room ``index``: its creator on node ``index``, its second player on the next node (of a cluster)."""
        a, b = await self.connect(index), await self.connect(index + 1)
        if self.system == "relay":
            rid = f"room{index}"
            for c in (a, b):
                c.send(msgpack.packb({"type": "join", "room": rid}))
                await c.expect(lambda m: m.get("type") == "joined")
        else:
            await self.hello(a, f"a{index}")
            await self.hello(b, f"b{index}")
            a.send(msgpack.packb({"type": "create_room", "game": GAME, "params": PARAMS, "seat": 0}))
            rid = (await a.expect(lambda m: m.get("type") == "room_created"))["room"]
            b.send(msgpack.packb({"type": "join", "room": rid, "seat": 1}))
            for c in (a, b):
                await c.expect(lambda m: m.get("type") == "room_state" and m.get("status") == "playing")
        prefix = b"\x84\xa4type\xa4move\xa4room" + msgpack.packb(rid) + b"\xa3ply"
        room = Room(rid, prefix, [a, b])
        a.room, b.room, a.seat, b.seat = room, room, 0, 1
        # The first move now (a game with no first move would be aborted).
        a.send(move_payload(room, 0))
        for c in (a, b):
            await c.expect(lambda m: m.get("type") == "move_made")
            c.ply, c.fast = 1, True
        self.rooms.append(room)
        return room

    async def setup_rooms(self, connections: int) -> None:
        sem = asyncio.Semaphore(SETUP_PARALLEL)

        async def one(i: int) -> None:
            async with sem:
                await self.make_room(i)

        await asyncio.gather(*(one(i) for i in range(connections // 2)))

    async def setup_idle(self, connections: int) -> None:
        sem = asyncio.Semaphore(SETUP_PARALLEL)

        async def one(i: int) -> None:
            async with sem:
                c = await self.connect(i)
                if self.system == "relay":
                    c.send(msgpack.packb({"type": "join", "room": f"idle{i}"}))
                    await c.expect(lambda m: m.get("type") == "joined")
                else:
                    await self.hello(c, f"idle{i}")

        await asyncio.gather(*(one(i) for i in range(connections)))

    # ------------------------------------------------------------------ the move path

    def on_move_made(self, c: Client) -> None:
        room = c.room
        assert room is not None
        ply = c.ply
        c.ply = ply + 1
        if self.mode == "failover":
            if c.seat == 1 and ply == 1:  # the retried move was accepted
                self.accepted.setdefault(room.id, time.perf_counter())
            return
        if ply % 2 != c.seat:  # the opponent's move arrived: count it once, here
            room.in_flight = False
            now = self.loop.time()
            lo, hi = self.window
            if lo <= now < hi:
                self.moves += 1
                self.latencies.append(time.perf_counter() - room.sent_at)
            if self.mode != "idle":
                self.play(c, now)

    def play(self, c: Client, now: float) -> None:
        room = c.room
        assert room is not None
        if self.mode == "paced":
            at = max(now, room.next_at)
            room.next_at = at + self.interval
            if at > now:
                self.loop.call_at(at, self._play_later, c, c.ply)
                return
        room.sent_at = time.perf_counter()
        room.in_flight = True
        c.send(move_payload(room, c.ply))

    def _play_later(self, c: Client, ply: int) -> None:
        if self.mode != "idle" and c.ply == ply and not c.closed:
            assert c.room is not None
            c.room.sent_at = time.perf_counter()
            c.room.in_flight = True
            c.send(move_payload(c.room, ply))

    def _signal_servers(self, sig: int) -> None:
        for pid in self.server_pids:
            with contextlib.suppress(ProcessLookupError, FileNotFoundError):
                with open(f"/proc/{pid}/comm") as f:
                    if f.read().strip().startswith("redis-server"):  # (a cluster's Redis: SIGUSR1 would end it)
                        continue
                os.kill(pid, sig)

    def other(self, msg: dict[str, Any]) -> None:
        kind = str(msg.get("type"))
        if kind == "error":
            kind = f"error:{msg.get('code')}"
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.first_errors) < 5:
            self.first_errors.append(repr(msg)[:300])

    async def phase(self, mode: str, warm_s: float, seconds: float, interval: float = 0.0) -> dict[str, Any]:
        """Run the rooms in ``mode`` and measure ``seconds`` after ``warm_s``; then let them drain."""
        self.mode, self.interval = mode, interval
        self.moves, self.latencies = 0, []
        now = self.loop.time()
        self.window = (now + warm_s, now + warm_s + seconds)
        for room in self.rooms:
            if room.in_flight:  # a late move of the last phase: its arrival starts the room
                continue
            ply = max(c.ply for c in room.clients)
            mover = room.clients[ply % 2]
            if mode == "paced":  # spread the rooms' first moves over one interval
                room.next_at = now + random.random() * interval
            self.play(mover, now)
        await asyncio.sleep(warm_s)
        window = self.profile_window and mode == "run"
        if window:
            self._signal_servers(signal.SIGUSR1)
        redis0 = redis_counts(self.redis_port) if self.redis_port and mode == "run" else None
        bus0 = redis_counts(self.bus_port) if self.bus_port and mode == "run" else None
        cpu0, srv0 = _own_cpu(), [_proc_cpu(pid) for pid in self.server_pids]
        moves0 = self.moves
        await asyncio.sleep(seconds)
        cpu1, srv1 = _own_cpu(), [_proc_cpu(pid) for pid in self.server_pids]
        moves1 = self.moves
        redis1 = redis_counts(self.redis_port) if self.redis_port and redis0 is not None else None
        bus1 = redis_counts(self.bus_port) if self.bus_port and bus0 is not None else None
        if window:
            self._signal_servers(signal.SIGUSR2)
        self.mode = "idle"
        await asyncio.sleep(0.5)  # moves in flight land
        lat = sorted(self.latencies)
        redis = _per_move(redis0, redis1, moves1 - moves0)
        return {
            "redis_per_move": redis,
            "bus_per_move": _per_move(bus0, bus1, moves1 - moves0),
            "moves_per_s": self.moves / seconds,
            "p50_ms": 1000 * _pct(lat, 0.50),
            "p99_ms": 1000 * _pct(lat, 0.99),
            "max_ms": 1000 * (lat[-1] if lat else float("nan")),
            "generator_cpu": (cpu1 - cpu0) / seconds,
            "server_cpu": (sum(srv1) - sum(srv0)) / seconds,
            "server_cpu_each": [(b - a) / seconds for a, b in zip(srv0, srv1, strict=True)],
        }

    async def failover(self, rooms: int, kill_pid: int, timeout: float = 30.0) -> dict[str, Any]:
        """Kill the node that runs ``rooms`` fresh rooms; the time until each room accepts a move again."""
        self.rooms = []
        made = await asyncio.gather(*(self.make_room(2 * i) for i in range(rooms)))  # all on the first node
        await asyncio.sleep(0.5)
        self.mode, self.accepted = "failover", {}
        os.kill(kill_pid, signal.SIGKILL)
        killed = time.perf_counter()
        deadline = killed + timeout
        while len(self.accepted) < len(made) and time.perf_counter() < deadline:
            for room in made:
                b = room.clients[1]
                if room.id not in self.accepted and not b.closed:
                    b.send(move_payload(room, 1))  # the second player's move, sent again until accepted
            await asyncio.sleep(0.05)
        self.mode = "idle"
        times = sorted(t - killed for t in self.accepted.values())
        return {
            "rooms": len(made),
            "accepted": len(times),
            "first_s": times[0] if times else float("nan"),
            "median_s": _pct(times, 0.5),
            "last_s": times[-1] if len(times) == len(made) else float("nan"),
        }

    # ------------------------------------------------------------------ the rolling restart

    async def rolling(self, connections: int, rate: float, stop: asyncio.Event) -> dict[str, Any]:
        """Play every room at ``rate`` moves per second in all until ``stop`` (the orchestrator restarts each node
        meanwhile): each client whose node goes away resumes on another with its token, and a move waits until
        its mover hears it was made.  The longest wait of any room, and the moves acknowledged but missing from
        the room's log in Redis afterwards (lost)."""
        await self.setup_rooms(connections)
        await asyncio.sleep(0.5)
        self.mode, self.interval = "rolling", len(self.rooms) / rate
        now = self.loop.time()
        for room in self.rooms:
            for c in room.clients:
                c.rolling, c.fast = True, False
            room.next_at = now + random.random() * self.interval
            self.rolling_step(room)
        ticker = self.loop.create_task(self._resend_forever())
        t0 = time.perf_counter()
        print("ready", flush=True)  # (the orchestrator starts restarting the nodes)
        await stop.wait()
        seconds = time.perf_counter() - t0
        self.mode = "idle"
        settle = time.perf_counter() + 10.0  # the moves still waiting get their answers
        while any(r.pending for r in self.rooms) and time.perf_counter() < settle:
            await asyncio.sleep(0.05)
        ticker.cancel()
        pauses = sorted(r.longest for r in self.rooms)
        acked = sum(len(r.acked) for r in self.rooms)
        return {
            "system": self.system,
            "rolling": {
                "rooms": len(self.rooms),
                "seconds": seconds,
                "moves_acked": acked,
                "moves_per_s": acked / seconds if seconds else 0.0,
                "pause_max_s": pauses[-1] if pauses else float("nan"),
                "pause_p99_s": _pct(pauses, 0.99),
                "pause_median_s": _pct(pauses, 0.5),
                # each half second since the start: moves acknowledged, and the longest wait among them
                "timeline": _timeline(self.acks, t0),
                "rooms_paused_over_1s": sum(1 for p in pauses if p > 1.0),
                "unanswered": sum(1 for r in self.rooms if r.pending),
                "unanswered_rooms": [
                    (r.id, r.pending, r.ply, [(c.node, c.closed, c.rolling, c.moved) for c in r.clients])
                    for r in self.rooms
                    if r.pending
                ][:5],
                "lost": self.lost_moves(),
                "resumed": self.resumed,
                "moved": self.moved,
                "move_s": [_pct(sorted(self.move_s), q) for q in (0.5, 0.99, 1.0)],
                "resume_s": [_pct(sorted(self.resume_s), q) for q in (0.5, 0.99, 1.0)],
                "errors": self.errors,
            },
        }

    def rolling_step(self, room: Room) -> None:
        """The room's next move, at its paced time, by the seat to move (once that player is connected)."""
        if self.mode == "idle" or room.pending is not None:
            return
        mover = room.clients[room.ply % 2]
        if mover.closed or not mover.rolling:
            return  # (it moves once it has resumed)
        now = self.loop.time()
        at = max(now, room.next_at)
        room.next_at = at + self.interval
        ply = room.ply
        room.pending = (ply, time.perf_counter() + (at - now), 0.0)
        self.loop.call_at(at, self._send_pending, room, ply)

    def _send_pending(self, room: Room, ply: int) -> None:
        if room.pending is None or room.pending[0] != ply:
            return
        mover = room.clients[ply % 2]
        if mover.closed or not mover.rolling:
            return
        first = room.pending[1]
        room.pending = (ply, first, time.perf_counter())
        mover.send(move_payload(room, ply))

    async def _resend_forever(self) -> None:
        """A move unanswered for half a second is sent again (on its mover's connection of now): its answer may
        have been lost with a node; a move that was made meanwhile is refused stale, and the state tells."""
        while True:
            await asyncio.sleep(0.1)
            now = time.perf_counter()
            for room in self.rooms:
                if room.pending is not None and room.pending[2] and now - room.pending[2] > 0.5:
                    self._send_pending(room, room.pending[0])

    def on_rolling(self, c: Client, msg: dict[str, Any]) -> None:
        room = c.room
        assert room is not None
        kind = msg.get("type")
        if kind == "move_made":
            self._made(room, int(msg["ply"]), str(msg.get("move")))
        elif kind == "room_state" and msg.get("room") == room.id:
            moves = msg.get("moves") or []
            for m in moves[max(0, room.ply - 1) :]:  # (the move waiting, if it was made)
                self._made(room, int(m["ply"]), str(m.get("move")))
            pending = room.pending
            if pending is not None and pending[2] and msg.get("ply") == pending[0]:  # (not made: sent again now)
                self._send_pending(room, pending[0])
        elif kind == "node_leaving":  # (its node stops: resume on another before the link here closes)
            if not c.moved:
                c.moved = True
                spread = random.uniform(0.0, min(2.0, float(msg.get("within_s") or 0.0) / 5))
                self.loop.call_later(spread, lambda: self.loop.create_task(self._move(c, list(msg.get("nodes") or []))))
        elif kind == "error":
            code = msg.get("code")
            self.other(msg)
            if code == "stale_ply":  # (a move sent again that was made: the state tells which)
                c.send(msgpack.packb({"type": "get_state", "room": room.id}))
        else:
            self.other(msg)

    def _made(self, room: Room, ply: int, text: str) -> None:
        """The move at ``ply`` was made (a ``move_made``, or the state after a resumption)."""
        if ply + 1 <= room.ply:
            return
        pending = room.pending
        if pending is not None and pending[0] == ply:
            now = time.perf_counter()
            room.longest = max(room.longest, now - pending[1])
            self.acks.append((now, now - pending[1]))
            room.acked.append((ply, text))
            room.pending = None
        room.ply = ply + 1
        self.rolling_step(room)

    def lost_link(self, c: Client) -> None:
        """A client's node went away: it resumes on the next node that takes it (in the background)."""
        if self.mode == "idle":
            return
        self.loop.create_task(self._resume(c))

    async def _resume(self, old: Client) -> None:
        room = old.room
        assert room is not None
        lost_at = time.perf_counter()
        deadline = lost_at + 60
        node = old.node + 1
        while time.perf_counter() < deadline:
            try:
                c = await self.connect(node)
            except (OSError, ConnectionError, TimeoutError):
                node += 1
                await asyncio.sleep(0.05)
                continue
            c.room, c.seat, c.token = room, old.seat, old.token
            c.send(msgpack.packb({"type": "resume", "versions": [1], "token": old.token, "ref": "resume"}))
            try:
                await c.expect(lambda m: m.get("type") == "welcome", timeout=10)
            except (RuntimeError, TimeoutError, ConnectionError):  # (unavailable while the cluster settles)
                c.transport.close()
                node += 1
                await asyncio.sleep(0.1)
                continue
            self.resumed += 1
            self.resume_s.append(time.perf_counter() - lost_at)
            room.clients[c.seat] = c
            for msg in c.inbox:  # (the room's state came with the welcome)
                self.on_rolling(c, msg)
            c.inbox.clear()
            c.rolling = True
            if room.pending is not None and room.pending[0] % 2 == c.seat:
                self._send_pending(room, room.pending[0])
            self.rolling_step(room)
            return
        self.errors["never resumed"] = self.errors.get("never resumed", 0) + 1

    async def _move(self, old: Client, nodes: list[str]) -> None:
        """Told ``node_leaving``: resume on one of ``nodes`` (at random) while the old link goes on carrying the
        moves, then play on the new link (as client/connection.py does).  Back to losing the link if none takes it."""
        room = old.room
        assert room is not None
        told_at = time.perf_counter()  # (after the spread: how long the move itself took)
        ports = [int(urllib.parse.urlsplit(u).port or 0) for u in nodes]
        targets = [self.ports.index(port) for port in ports if port in self.ports and port != self.ports[old.node]]
        random.shuffle(targets)
        for node in targets:
            try:
                c = await self.connect(node)
            except (OSError, ConnectionError, TimeoutError):
                continue
            c.room, c.seat, c.token = room, old.seat, old.token
            c.send(msgpack.packb({"type": "resume", "versions": [1], "token": old.token, "ref": "resume"}))
            try:
                await c.expect(lambda m: m.get("type") == "welcome", timeout=10)
            except (RuntimeError, TimeoutError, ConnectionError):
                c.transport.close()
                continue
            self.moved += 1
            self.move_s.append(time.perf_counter() - told_at)
            room.clients[c.seat] = c
            c.rolling = True
            for msg in c.inbox:  # (the room's state came with the welcome)
                self.on_rolling(c, msg)
            c.inbox.clear()
            old.transport.close()
            pending = room.pending
            if pending is not None and pending[0] % 2 == c.seat and not pending[2]:  # (due while the old link closed)
                self._send_pending(room, pending[0])
            self.rolling_step(room)
            return
        old.moved = False  # (the old link's close will be a loss: it resumes then)
        if old.closed:
            self.lost_link(old)

    def lost_moves(self) -> int:
        """Moves acknowledged to their mover that are not in the room's log in Redis (at their ply, the same move)."""
        if not self.redis_port:
            return 0
        import redis

        r = redis.Redis(host=HOST, port=self.redis_port)
        pipe = r.pipeline(transaction=False)
        for room in self.rooms:
            pipe.lrange(f"grundy:room:{room.id}:moves", 0, -1)
        lost = 0
        for room, entries in zip(self.rooms, pipe.execute(), strict=True):
            log = [json.loads(e) for e in entries]
            for ply, text in room.acked:
                if ply >= len(log) or log[ply][0] != ply or log[ply][2] != text:
                    lost += 1
        r.close()
        return lost


def _timeline(acks: list[tuple[float, float]], t0: float, step: float = 0.5) -> list[tuple[int, float]]:
    out: list[tuple[int, float]] = []
    for at, took in acks:
        i = int((at - t0) / step)
        while len(out) <= i:
            out.append((0, 0.0))
        n, most = out[i]
        out[i] = (n + 1, max(most, took))
    return out


def _per_move(before: dict[str, float] | None, after: dict[str, float] | None, moves: int) -> dict[str, float] | None:
    """What Redis counted between two :func:`redis_counts`, per move."""
    if before is None or after is None or moves <= 0:
        return None
    out = {k: (after.get(k, 0) - v) / moves for k, v in before.items()}
    out.update({k: v / moves for k, v in after.items() if k not in before})
    return out


def redis_counts(port: int) -> dict[str, float]:
    """Redis's command calls so far, by command, and the bytes it read and wrote (INFO commandstats, stats)."""
    with socket.create_connection((HOST, port), timeout=5) as s:
        s.sendall(b"*2\r\n$4\r\nINFO\r\n$12\r\ncommandstats\r\n*2\r\n$4\r\nINFO\r\n$5\r\nstats\r\n")
        data = b""
        while _bulk_short(data):
            got = s.recv(65536)
            if not got:
                break
            data += got
    out: dict[str, float] = {}
    for line in data.decode(errors="replace").splitlines():
        if line.startswith("cmdstat_"):
            name, _, rest = line[len("cmdstat_") :].partition(":")
            fields = dict(kv.split("=", 1) for kv in rest.split(","))
            out[name] = float(fields["calls"])
        elif line.startswith(("total_net_input_bytes:", "total_net_output_bytes:")):
            key, _, v = line.partition(":")
            out[key] = float(v)
    return out


def _bulk_short(data: bytes) -> bool:
    """Whether the two bulk replies in ``data`` are not whole yet."""
    pos = 0
    for _ in range(2):
        if data[pos : pos + 1] != b"$":
            return True
        end = data.find(b"\r\n", pos)
        if end < 0:
            return True
        pos = end + 2 + int(data[pos + 1 : end]) + 2
        if pos > len(data):
            return True
    return False


def _pct(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    """The process's resident set (VmRSS) in KB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise ValueError(f"no VmRSS in /proc/{pid}/status")


async def generate(args: argparse.Namespace) -> dict[str, Any]:
    """The generator process: one system, one size; returns the figures."""
    gc.disable()  # the generator's own pauses would show up as server latency
    ports = [int(x) for x in args.ports.split(",")]
    pids = [int(x) for x in args.server_pids.split(",")]
    gen = Generator(args.system, ports, pids)
    gen.profile_window = args.profile_window
    gen.redis_port = args.redis_port
    gen.bus_port = args.bus_port
    if args.failover_run:
        return {"system": args.system, "failover": await gen.failover(args.connections, args.kill_pid)}
    if args.rolling_run:
        stop = asyncio.Event()
        gen.loop.add_signal_handler(signal.SIGUSR1, stop.set)
        return await gen.rolling(args.connections, args.rolling_rate, stop)

    def rss() -> int:
        return sum(rss_kb(pid) for pid in pids)

    base = rss()
    t0 = time.monotonic()
    out: dict[str, Any] = {"system": args.system, "connections": args.connections}
    if args.idle_run:
        await gen.setup_idle(args.connections)
        out["setup_s"] = time.monotonic() - t0
        await asyncio.sleep(2.0)
        held = args.connections - gen.closed
        now = rss()
        out.update(idle=True, held=held, rss_base_kb=base, rss_kb=now, kb_per_conn=(now - base) / args.connections)
        return out
    await gen.setup_rooms(args.connections)
    out["setup_s"] = time.monotonic() - t0
    await asyncio.sleep(1.0)
    rss_set = rss()
    full = await gen.phase("run", args.warm, args.seconds)
    capacity = full["moves_per_s"]
    paced = args.paced_rate or capacity / 2  # (--paced-rate: every system at the same rate)
    interval = len(gen.rooms) / paced if paced > 0 else 1.0
    half = await gen.phase("paced", args.warm, args.seconds, interval)
    rss_after = rss()
    out.update(
        rooms=len(gen.rooms),
        capacity=full,
        half=half,
        rss_base_kb=base,
        rss_kb=rss_set,
        rss_after_kb=rss_after,
        kb_per_conn=(rss_set - base) / args.connections,
        kb_per_conn_after=(rss_after - base) / args.connections,
        closed=gen.closed,
        errors=gen.errors,
        first_errors=gen.first_errors,
    )
    return out


# ============================================================================ the orchestrator


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Server:
    """A server process (relay or grundy node) on a fresh port, stopped on exit."""

    def __init__(self, system: str, workdir: Path, node_args: list[str] | None = None) -> None:
        self.system = system
        self.port = free_port()
        self.ports = [self.port]
        self.log = open(workdir / f"{system}-{self.port}.log", "wb")  # noqa: SIM115
        if system == "relay":
            cmd = [sys.executable, str(HERE / "relay.py"), "--port", str(self.port)]
        else:
            db = workdir / f"node-{self.port}.db"
            cmd = [sys.executable, str(HERE / "serve_node.py"), "--port", str(self.port), "--db", str(db)]
            cmd += (node_args or []) + (["--gc-default"] if system == DEFAULT_GC else [])
        env = {
            **os.environ,
            "GRUNDY_NATIVE": {PURE_WIRE: "off", PURE_ROOM: "wire"}.get(system, "room"),
        }
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        self.pids = [self.proc.pid]
        self.notes: list[str] = []

    def __enter__(self) -> Server:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.system} server exited with {self.proc.returncode}; see {self.log.name}")
            try:
                with socket.create_connection((HOST, self.port), timeout=1):
                    time.sleep(0.5)  # let it settle (bot workers warming up)
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{self.system} server did not listen within 60 s")

    def __exit__(self, *exc: object) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        log = Path(self.log.name).read_text(errors="replace")
        self.notes = [line for line in log.splitlines() if line.startswith("gc ")]
        self.wire = log.split("(wire path: ", 1)[1].split(")", 1)[0] if "(wire path: " in log else None


def peer_packages() -> Path:
    """The folder holding the peers' node_modules: npm installs them there once (a temporary folder, reused)."""
    import hashlib

    digest = hashlib.sha256(" ".join(PEER_PACKAGES).encode()).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"grundy-bench-peers-{digest}"
    done = folder / "installed"
    if done.exists():
        return folder / "node_modules"
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise RuntimeError("the peer servers need node and npm (Node.js 20 or later)")
    folder.mkdir(exist_ok=True)
    (folder / "package.json").write_text('{"name": "grundy-bench-peers", "private": true}\n')
    print(f"installing {', '.join(PEER_PACKAGES)} with npm into {folder}", flush=True)
    cmd = [npm, "install", "--no-audit", "--no-fund", "--no-save", "--loglevel=error", *PEER_PACKAGES]
    subprocess.run(cmd, cwd=folder, check=True, timeout=900)
    done.write_text(" ".join(PEER_PACKAGES) + "\n")
    return folder / "node_modules"


class PeerServer:
    """A peer server of bench/peers/ (Colyseus in one of its two modes, or boardgame.io) under node."""

    def __init__(self, system: str, workdir: Path) -> None:
        self.system = system
        self.port = free_port()
        self.ports = [self.port]
        self.env = {**os.environ, "NODE_PATH": str(peer_packages()), "NODE_ENV": "production"}
        self.log = open(workdir / f"{system}-{self.port}.log", "wb")  # noqa: SIM115
        peers = HERE / "peers"
        if system == "boardgameio":
            self.api_port = free_port()
            cmd = ["node", str(peers / "boardgameio_server.js"), "--port", str(self.port)]
            cmd += ["--api-port", str(self.api_port)]
        else:
            self.api_port = 0
            mode = system.removeprefix("colyseus-")
            cmd = ["node", str(peers / "colyseus_server.js"), "--port", str(self.port), "--mode", mode]
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env=self.env)
        self.pids = [self.proc.pid]
        self.notes: list[str] = []

    def __enter__(self) -> PeerServer:
        return Server.__enter__(self)  # type: ignore[arg-type,return-value]

    def __exit__(self, *exc: object) -> None:
        Server.__exit__(self, *exc)  # type: ignore[arg-type]
        self.notes = []
        if exc[0] is not None:
            print(Path(self.log.name).read_text(errors="replace")[-3000:], file=sys.stderr)


class ClusterServer:
    """A cluster on loopback: a redis-server with its append-only file, another without one for the nodes'
    publish/subscribe, and two cluster nodes on them, stopped on exit.

    ``system`` is ``cluster-everysec`` or ``cluster-always`` (Redis's ``appendfsync``); with ``-1redis``
    at the end, publish/subscribe goes through the one Redis with the file (no second Redis).  ``pids``
    are the nodes', the store Redis's and the bus Redis's: the server CPU of a cluster is theirs
    together.  Each node runs in its own process group, so what it started (its bot worker) goes
    with it at the end.
    """

    def __init__(self, system: str, workdir: Path, node_args: list[str] | None = None, lease_ms: int = 3000) -> None:
        self.system = system
        self.fsync = system.removeprefix("cluster-").removesuffix(ONE_REDIS)
        self.redis_port = free_port()
        self.dir = workdir / f"{system}-{self.redis_port}"
        self.dir.mkdir()
        self.log = open(self.dir / "servers.log", "wb")  # noqa: SIM115
        redis = shutil.which("redis-server")
        if redis is None:
            raise RuntimeError("--cluster needs redis-server (apt-get install redis-server)")
        redis_cmd = [redis, "--port", str(self.redis_port), "--bind", HOST, "--dir", str(self.dir), "--save", ""]
        redis_cmd += ["--appendonly", "yes", "--appendfsync", self.fsync]
        self.redis = subprocess.Popen(redis_cmd, stdout=self.log, stderr=subprocess.STDOUT)
        url = f"redis://{HOST}:{self.redis_port}/0"
        # The bus's Redis: publish/subscribe only, nothing to keep (no append-only file, no snapshots).
        self.bus: subprocess.Popen[bytes] | None = None
        self.bus_port: int | None = None
        bus_args: list[str] = []
        if not system.endswith(ONE_REDIS):
            self.bus_port = free_port()
            bus_cmd = [redis, "--port", str(self.bus_port), "--bind", HOST, "--dir", str(self.dir), "--save", ""]
            bus_cmd += ["--appendonly", "no"]
            self.bus = subprocess.Popen(bus_cmd, stdout=self.log, stderr=subprocess.STDOUT)
            bus_args = ["--redis-bus", f"redis://{HOST}:{self.bus_port}/0"]
        self.ports = [free_port(), free_port()]
        self.nodes = []
        for i, port in enumerate(self.ports):
            cmd = [sys.executable, str(HERE / "serve_node.py"), "--port", str(port), "--redis", url, *bus_args]
            cmd += ["--node-id", f"n{i + 1}", "--lease-ms", str(lease_ms), *(node_args or [])]
            self.nodes.append(subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True))
        self.redises = [self.redis] + ([self.bus] if self.bus is not None else [])
        self.pids = [n.pid for n in self.nodes] + [r.pid for r in self.redises]
        self.port = self.ports[0]
        self.notes: list[str] = []

    def __enter__(self) -> ClusterServer:
        deadline = time.monotonic() + 60
        for port in self.ports:
            while True:
                for proc in (*self.nodes, *self.redises):
                    if proc.poll() is not None:
                        raise RuntimeError(f"{self.system}: a server exited ({proc.args[:2]}); see {self.log.name}")
                try:
                    with socket.create_connection((HOST, port), timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"{self.system}: a node did not listen within 60 s") from None
                    time.sleep(0.1)
        time.sleep(0.5)  # let them settle (bot workers warming up)
        return self

    def restart(self, i: int) -> dict[str, float]:
        """Restart node ``i`` as an operator would: SIGTERM, wait until it is gone, start it again, wait until
        it is ready (``GET /health`` answers 200).  How long it took to stop and to be ready again."""
        node = self.nodes[i]
        t0 = time.monotonic()
        node.send_signal(signal.SIGTERM)
        try:
            node.wait(60)
        except subprocess.TimeoutExpired:
            node.kill()
            node.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(node.pid, signal.SIGKILL)  # (its bot worker)
        t1 = time.monotonic()
        self.nodes[i] = subprocess.Popen(node.args, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.pids[i] = self.nodes[i].pid
        while not _healthy(self.ports[i]):
            if self.nodes[i].poll() is not None or time.monotonic() - t1 > 60:
                raise RuntimeError(f"{self.system}: node {i + 1} did not come back; see {self.log.name}")
            time.sleep(0.05)
        return {"stop_s": t1 - t0, "start_s": time.monotonic() - t1}

    def __exit__(self, *exc: object) -> None:
        for node in self.nodes:
            if node.poll() is None:
                node.send_signal(signal.SIGTERM)
        for node in self.nodes:
            try:
                node.wait(30)
            except subprocess.TimeoutExpired:
                node.kill()
                node.wait()
            try:
                os.killpg(node.pid, signal.SIGKILL)  # whatever it left behind (a killed node's bot worker)
            except ProcessLookupError:
                pass
        for redis in self.redises:
            redis.terminate()
            try:
                redis.wait(30)
            except subprocess.TimeoutExpired:
                redis.kill()
                redis.wait()
        self.log.close()
        if exc[0] is not None:  # the servers' side of a failed run
            print(Path(self.log.name).read_text(errors="replace")[-6000:], file=sys.stderr)


def _healthy(port: int) -> bool:
    """Whether the node on ``port`` answers ``GET /health`` with 200 (it serves)."""
    try:
        with socket.create_connection((HOST, port), timeout=1) as s:
            s.sendall(f"GET /health HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
            return s.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def run_generator(
    server: Server | ClusterServer | PeerServer,
    connections: int,
    args: argparse.Namespace,
    idle: bool = False,
    kill_pid: int | None = None,
) -> dict[str, Any]:
    if isinstance(server, PeerServer) or server.system == JS_CLIENT:
        return run_peer_generator(server, connections, args)
    cmd = (
        [
            sys.executable,
            __file__,
            "--generate",
            "--system",
            server.system,
            "--ports",
            ",".join(map(str, server.ports)),
            "--server-pids",
            ",".join(map(str, server.pids)),
            "--connections",
            str(connections),
            "--seconds",
            str(args.seconds),
            "--warm",
            str(args.warm),
        ]
        + (["--idle-run"] if idle else [])
        + (["--paced-rate", str(args.paced_rate)] if args.paced_rate else [])
        + (["--profile-window"] if args.profile_window else [])
    )
    if kill_pid is not None:
        cmd += ["--failover-run", "--kill-pid", str(kill_pid)]
    if isinstance(server, ClusterServer):
        cmd += ["--redis-port", str(server.redis_port)]
        if server.bus_port is not None:
            cmd += ["--bus-port", str(server.bus_port)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    if done.returncode != 0:
        raise RuntimeError(f"generator failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run_rolling(server: ClusterServer, connections: int, args: argparse.Namespace) -> dict[str, Any]:
    """The rolling restart: a generator plays ``connections`` more connections' rooms while each node is restarted
    in turn (``ClusterServer.restart``); its figures, with each restart's timings."""
    cmd = [sys.executable, __file__, "--generate", "--rolling-run", "--system", server.system]
    cmd += ["--ports", ",".join(map(str, server.ports)), "--server-pids", ",".join(map(str, server.pids))]
    cmd += ["--connections", str(connections), "--rolling-rate", str(args.rolling_rate)]
    cmd += ["--redis-port", str(server.redis_port)]
    gen = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert gen.stdout is not None
    try:
        line = gen.stdout.readline()  # "ready" once the rooms play
        if line.strip() != "ready":
            raise RuntimeError(f"rolling generator: {line!r} {gen.stderr.read()[-3000:] if gen.stderr else ''}")
        restarts = []
        time.sleep(args.rolling_gap)
        for i in range(len(server.nodes)):
            restarts.append(server.restart(i))
            time.sleep(args.rolling_gap)
        gen.send_signal(signal.SIGUSR1)
        out, err = gen.communicate(timeout=args.timeout)
    except BaseException:
        gen.kill()
        gen.wait()
        raise
    if gen.returncode != 0:
        raise RuntimeError(f"rolling generator failed ({gen.returncode}):\n{err[-3000:]}")
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])["rolling"]
    result["restarts"] = restarts
    timeline = result.pop("timeline")
    if result["unanswered"]:
        print(f"rolling restart: rooms still waiting at the end (room, (ply, ...), its clients' node / closed / "
              f"playing): {result['unanswered_rooms']}", flush=True)  # fmt: skip
    print(
        "rolling restart, each half second: moves acknowledged / longest wait among them (s): "
        + " ".join(f"{n}/{most:.1f}" for n, most in timeline),
        flush=True,
    )
    return result


def _rolling_summary(r: dict[str, Any]) -> str:
    g = r["rolling"]
    stops = ", ".join(f"{x['stop_s']:.1f}+{x['start_s']:.1f}" for x in g["restarts"])
    return (
        f"rolling restart ({r['system']}, {g['rooms']} rooms, {g['moves_per_s']:,.0f} moves/s, restarts stop+start s: "
        f"{stops}): longest pause {g['pause_max_s']:.2f} s (p99 of rooms {g['pause_p99_s']:.2f} s), "
        f"{g['rooms_paused_over_1s']} rooms over 1 s, {g['moves_acked']:,} moves acknowledged, {g['lost']} lost, "
        f"{g['unanswered']} unanswered, {g['resumed']} resumptions (link lost to welcome elsewhere, s: median "
        f"{g['resume_s'][0]:.2f}, p99 {g['resume_s'][1]:.2f}, max {g['resume_s'][2]:.2f}); {g['moved']} moves "
        f"without a break (node_leaving to welcome elsewhere, s: median {g['move_s'][0]:.2f}, p99 {g['move_s'][1]:.2f},"
        f" max {g['move_s'][2]:.2f}); errors {g['errors'] or '-'}"
    )


def run_peer_generator(
    server: PeerServer | Server | ClusterServer, connections: int, args: argparse.Namespace
) -> dict[str, Any]:
    """bench/peers/generator.js against a peer server (with the peer's own client), or a grundy node (grundy-js):
    the same phases and figures."""
    system = "grundy" if server.system == JS_CLIENT else server.system
    cmd = ["node", str(HERE / "peers" / "generator.js"), "--system", system, "--port", str(server.ports[0])]
    cmd += ["--api-port", str(getattr(server, "api_port", 0)), "--server-pids", ",".join(map(str, server.pids))]
    cmd += ["--connections", str(connections), "--seconds", str(args.seconds), "--warm", str(args.warm)]
    cmd += ["--clk-tck", str(os.sysconf("SC_CLK_TCK"))]
    env = getattr(server, "env", None) or {**os.environ, "NODE_PATH": str(peer_packages()), "NODE_ENV": "production"}
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"generator failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["system"] = server.system
    return result


def per_cpu(r: dict[str, Any]) -> float:
    """Moves per second of server CPU at capacity: the throughput a whole core would give."""
    cap = r["capacity"]
    return float(cap["moves_per_s"] / cap["server_cpu"]) if cap["server_cpu"] > 0 else float("nan")


def table(results: list[dict[str, Any]], idle: list[dict[str, Any]]) -> str:
    relay = {r["connections"]: r for r in results if r["system"] == "relay"}
    lines = [
        "| system | connections | moves/s (capacity) | vs relay | server CPU @ cap | moves per server CPU-s "
        "| vs relay per CPU-s | p50 ms @ half | p99 ms @ half | max ms @ half | server KB/conn "
        "| generator CPU @ cap | stores each move | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in results:
        cap, half = r["capacity"], r["half"]
        base = relay.get(r["connections"])
        vs = vs_cpu = "-"
        if base is not None and r["system"] != "relay":
            vs = f"{cap['moves_per_s'] / base['capacity']['moves_per_s']:.2f}"
            vs_cpu = f"{per_cpu(r) / per_cpu(base):.2f}"
        errors = ", ".join(f"{k} {v}" for k, v in r["errors"].items()) or "-"
        if r["closed"]:
            errors += f"; {r['closed']} closed"
        lines.append(
            f"| {r['system']} | {r['connections']:,} | {cap['moves_per_s']:,.0f} | {vs} | {cap['server_cpu']:.0%} | "
            f"{per_cpu(r):,.0f} | {vs_cpu} | {half['p50_ms']:.1f} | {half['p99_ms']:.1f} | {half['max_ms']:.1f} | "
            f"{r['kb_per_conn']:.1f} | {cap['generator_cpu']:.0%} | {STORES.get(r['system'], '?')} | {errors} |"
        )
    if idle:
        lines += ["", "| system | idle connections held | server KB/conn | set-up s |", "|---|---:|---:|---:|"]
        for r in idle:
            held = f"{r['held']:,} of {r['connections']:,}"
            lines.append(f"| {r['system']} | {held} | {r['kb_per_conn']:.1f} | {r['setup_s']:.1f} |")
    notes = [f"{r['system']} {r['connections']:,}: {n}" for r in results + idle for n in r.get("server_notes", [])]
    if notes:
        lines += ["", "Garbage collector in the node (whole run, set-up included):", ""]
        lines += [f"* {n}" for n in notes]
    return "\n".join(lines)


def rounds_table(runs: dict[tuple[str, int], list[dict[str, Any]]], sizes: list[int], systems: list[str]) -> str:
    """Every round's moves per server CPU-second and p99 at half capacity, and each system against grundy's round."""
    lines = [
        "| system | connections | moves per server CPU-s, by round | median | p99 ms @ half, by round "
        "| grundy ÷ it, by round |",
        "|---|---:|---|---:|---|---|",
    ]
    for n in sizes:
        ours = runs.get(("grundy", n), [])
        for system in systems:
            rs = runs.get((system, n), [])
            cpu = [per_cpu(r) for r in rs]
            ratio = "-"
            if system != "grundy" and len(ours) == len(rs):
                ratio = " · ".join(f"{per_cpu(g) / c:.2f}" for g, c in zip(ours, cpu, strict=True))
            p99 = " · ".join(f"{r['half']['p99_ms']:.1f}" for r in rs)
            lines.append(
                f"| {system} | {n:,} | {' · '.join(f'{c:,.0f}' for c in cpu)} | {sorted(cpu)[len(cpu) // 2]:,.0f} | "
                f"{p99} | {ratio} |"
            )
    return "\n".join(lines)


def cluster_table(results: list[dict[str, Any]], lease_ms: int) -> str:
    """The cluster rows against the embedded node of the same run (per server CPU-second), with failover."""
    node = {r["connections"]: r for r in results if r["system"] == "grundy"}
    lines = [
        "| system | connections | moves/s (capacity) | server CPU @ cap | of which Redis | moves per server CPU-s "
        "| vs one node per CPU-s | p50 ms @ half | p99 ms @ half | max ms @ half "
        f"| failover s: first / median / last (lease {lease_ms} ms) | generator CPU @ cap | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|",
    ]
    for r in results:
        cap, half = r["capacity"], r["half"]
        base = node.get(r["connections"])
        vs = f"{per_cpu(r) / per_cpu(base):.2f}" if base is not None and base is not r else "-"
        redis = f"{sum(cap['server_cpu_each'][2:]):.0%}" if r["system"] in CLUSTERS else "-"
        f = r.get("failover")
        failover = "-" if f is None else f"{f['first_s']:.2f} / {f['median_s']:.2f} / {f['last_s']:.2f}"
        if f is not None and f["accepted"] < f["rooms"]:
            failover += f" ({f['rooms'] - f['accepted']} of {f['rooms']} never)"
        errors = ", ".join(f"{k} {v}" for k, v in r["errors"].items()) or "-"
        if r["closed"]:
            errors += f"; {r['closed']} closed"
        lines.append(
            f"| {r['system']} | {r['connections']:,} | {cap['moves_per_s']:,.0f} | {cap['server_cpu']:.0%} | {redis} | "
            f"{per_cpu(r):,.0f} | {vs} | {half['p50_ms']:.1f} | {half['p99_ms']:.1f} | {half['max_ms']:.1f} | "
            f"{failover} | {cap['generator_cpu']:.0%} | {errors} |"
        )
    return "\n".join(lines)


def cluster_cost_table(results: list[dict[str, Any]]) -> str:
    """Where a cluster move's CPU goes (each node's and each Redis's microseconds of CPU per move at capacity) and
    what each move costs Redis: its calls by command and the bytes it read and wrote (INFO commandstats and stats),
    for the store's Redis and the bus's (``-``: publish/subscribe on the store's Redis)."""
    lines = [
        "| system | CPU µs per move: node 1 / node 2 / Redis / bus Redis | Redis calls per move: all (by command) "
        "| Redis bytes per move: in / out | bus Redis calls per move | bus Redis bytes per move: in / out |",
        "|---|---|---|---|---|---|",
    ]

    def calls_of(counts: dict[str, float]) -> tuple[str, str]:
        calls = {k: v for k, v in counts.items() if not k.startswith("total_") and v >= 0.005}
        by = ", ".join(f"{k} {v:.2f}" for k, v in sorted(calls.items(), key=lambda kv: -kv[1]))
        io = f"{counts.get('total_net_input_bytes', 0):,.0f} / {counts.get('total_net_output_bytes', 0):,.0f}"
        return f"{sum(calls.values()):.2f} ({by})", io

    for r in results:
        cap = r["capacity"]
        redis = cap.get("redis_per_move")
        if r["system"] not in CLUSTERS or not cap["moves_per_s"] or redis is None:
            continue
        each = [f"{1e6 * c / cap['moves_per_s']:.0f}" for c in cap["server_cpu_each"]]
        each += ["-"] * (4 - len(each))
        calls, io = calls_of(redis)
        bus = cap.get("bus_per_move")
        bus_calls, bus_io = calls_of(bus) if bus is not None else ("-", "-")
        lines.append(f"| {r['system']} | {' / '.join(each)} | {calls} | {io} | {bus_calls} | {bus_io} |")
    return "\n".join(lines)


def rolling_table(results: list[dict[str, Any]]) -> str:
    """The rolling restarts: each node restarted in turn while the rooms played (``--rolling``)."""
    lines = [
        "| system | rooms | moves/s during | restarts: stopped + ready again s | longest pause s (any room) "
        "| p99 / median of rooms' longest s | rooms paused over 1 s | moves acknowledged | lost | never answered "
        "| resumptions after a lost link | moves without a break |",
        "|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        g = r.get("rolling")
        if g is None:
            continue
        restarts = ", ".join(f"{x['stop_s']:.1f} + {x['start_s']:.1f}" for x in g["restarts"])
        lines.append(
            f"| {r['system']} | {g['rooms']} | {g['moves_per_s']:,.0f} | {restarts} | {g['pause_max_s']:.2f} "
            f"| {g['pause_p99_s']:.2f} / {g['pause_median_s']:.2f} | {g['rooms_paused_over_1s']} | "
            f"{g['moves_acked']:,} | {g['lost']} | {g['unanswered']} | {g['resumed']} | {g['moved']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=None, help="connection counts (two per room; default 100,1000,5000)")
    ap.add_argument("--idle", type=int, default=None, help="idle connections to hold (0: skip; default 10000)")
    ap.add_argument("--seconds", type=float, default=5.0, help="measured seconds per phase")
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="rounds (every system once per round, interleaved); the best capacity is kept, or with --median "
        "the median; a table of every round follows",
    )
    ap.add_argument(
        "--median",
        action="store_true",
        help="with --repeat: the run of median moves per server CPU-second stands for each system",
    )
    ap.add_argument("--warm", type=float, default=1.0, help="seconds before measuring in each phase")
    ap.add_argument(
        "--paced-rate",
        type=float,
        default=None,
        help="pace the latency phase at this many moves per second in all instead of half each system's capacity "
        "(the '@ half' columns then mean this rate; grundy systems only)",
    )
    ap.add_argument(
        "--systems",
        default=None,
        help=f"relay, grundy, {DEFAULT_GC}, {PURE_WIRE}, {PURE_ROOM}, {JS_CLIENT}, {', '.join(PEERS)}, "
        f"{', '.join(CLUSTERS)} "
        "(default relay,grundy)",
    )
    ap.add_argument(
        "--cluster",
        action="store_true",
        help=f"two cluster nodes on Redis against one node: --systems grundy,{','.join(CLUSTER_DEFAULT)}, "
        "sizes 1000, no idle run, and failover",
    )
    ap.add_argument("--lease-ms", type=int, default=3000, help="cluster: the rooms' lease (grundy serve's default)")
    ap.add_argument("--failover-rooms", type=int, default=20, help="cluster: rooms on the killed node (0: skip)")
    ap.add_argument(
        "--rolling",
        action="store_true",
        help="cluster: after the capacity run, restart every node in turn (SIGTERM, wait until it is gone, start "
        "it again, wait until it is ready) while the rooms play at --rolling-rate; the longest pause of any room "
        "and the acknowledged moves missing from the store",
    )
    ap.add_argument("--rolling-rate", type=float, default=1000.0, help="cluster: moves per second during --rolling")
    ap.add_argument("--rolling-gap", type=float, default=2.0, help="cluster: seconds between restarts in --rolling")
    ap.add_argument("--timeout", type=float, default=300.0, help="longest a generator may run (s)")
    ap.add_argument("--record", action="store_true", help="put the table in bench/RESULTS.md (section Server load)")
    ap.add_argument("--workdir", default=None, help="where the node's SQLite file and the logs go (default: TMPDIR)")
    ap.add_argument("--keep", action="store_true", help="keep the servers' logs and files (their folder is printed)")
    ap.add_argument("--node-args", default="", help="extra arguments for bench/serve_node.py (e.g. --gc-report)")
    ap.add_argument(
        "--profile-window",
        action="store_true",
        help="send the servers SIGUSR1 when the measured capacity window starts and SIGUSR2 when it ends "
        "(with --node-args='--profile PATH --profile-window' the node profiles just that window)",
    )
    ap.add_argument("--generate", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--system", help=argparse.SUPPRESS)
    ap.add_argument("--ports", help=argparse.SUPPRESS)
    ap.add_argument("--server-pids", help=argparse.SUPPRESS)
    ap.add_argument("--failover-run", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--kill-pid", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--redis-port", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--bus-port", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--rolling-run", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--connections", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--idle-run", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    raise_open_files()
    if args.generate:
        try:
            import uvloop
        except ImportError:
            result = asyncio.run(generate(args))
        else:
            result = uvloop.run(generate(args))
        print(json.dumps(result))
        return
    if args.record and args.cluster:
        ap.error("--record writes the Server load section; cluster figures go into bench/RESULTS.md by hand")
    sizes = [int(x) for x in (args.sizes or ("1000" if args.cluster else "100,1000,5000")).split(",") if x.strip()]
    default_systems = f"grundy,{','.join(CLUSTER_DEFAULT)}" if args.cluster else "relay,grundy"
    systems = [s.strip() for s in (args.systems or default_systems).split(",") if s.strip()]
    if args.idle is None:
        args.idle = 0 if args.cluster else 10_000
    idle: list[dict[str, Any]] = []
    kept = contextlib.nullcontext(tempfile.mkdtemp(prefix="grundy-load-", dir=args.workdir)) if args.keep else None
    with kept or tempfile.TemporaryDirectory(prefix="grundy-load-", dir=args.workdir) as tmp:
        if args.keep:
            print(f"servers' logs and files kept in {tmp}", flush=True)
        best: dict[tuple[str, int], dict[str, Any]] = {}
        runs: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for _ in range(args.repeat):
            for n in sizes:  # the systems back to back at each size, so both see the same machine
                for system in systems:
                    with start_server(system, Path(tmp), args) as server:
                        r = run_generator(server, n, args)
                        if isinstance(server, ClusterServer) and args.rolling:
                            r["rolling"] = run_rolling(server, n, args)
                            print(_rolling_summary(r), flush=True)
                        if isinstance(server, ClusterServer) and args.failover_rooms:
                            f = run_generator(server, args.failover_rooms, args, kill_pid=server.pids[0])
                            r["failover"] = f["failover"]
                    r["server_notes"] = server.notes
                    r["wire"] = getattr(server, "wire", None)
                    print(_summary(r), flush=True)
                    runs.setdefault((system, n), []).append(r)
                    old = best.get((system, n))
                    if old is None or r["capacity"]["moves_per_s"] > old["capacity"]["moves_per_s"]:
                        best[system, n] = r
        if args.median:  # the run of median moves per server CPU-second stands for each system
            best = {key: sorted(rs, key=per_cpu)[len(rs) // 2] for key, rs in runs.items()}
        results = [best[system, n] for n in sizes for system in systems]
        for system in [s for s in systems if s not in CLUSTERS and s not in PEERS] if args.idle else []:
            with Server(system, Path(tmp), args.node_args.split()) as server:
                r = run_generator(server, args.idle, args, idle=True)
            r["server_notes"] = server.notes
            idle.append(r)
            print(f"{system}: {r['held']} idle connections held, {r['kb_per_conn']:.1f} KB each", flush=True)
    text = table(results, idle)
    if any(r["system"] in CLUSTERS for r in results):
        text = cluster_table(results, args.lease_ms) + "\n\n" + cluster_cost_table(results)
        if any("rolling" in r for r in results):
            text += "\n\n" + rolling_table(results)
    if args.repeat > 1:
        text += "\n\n" + rounds_table(runs, sizes, systems)
    print()
    print(text)
    if args.record:
        record(text, argv)


def start_server(system: str, workdir: Path, args: argparse.Namespace) -> Server | ClusterServer | PeerServer:
    if system in PEERS:
        return PeerServer(system, workdir)
    if system in CLUSTERS:
        return ClusterServer(system, workdir, args.node_args.split(), lease_ms=args.lease_ms)
    return Server(system, workdir, args.node_args.split())


def _summary(r: dict[str, Any]) -> str:
    cap, half = r["capacity"], r["half"]
    f = r.get("failover")
    failover = ""
    if f is not None:
        failover = f"failover: {f['accepted']}/{f['rooms']} rooms, first {f['first_s']:.2f} s, "
        failover += f"median {f['median_s']:.2f} s, last {f['last_s']:.2f} s; "
    wire = f" (wire path: {r['wire']})" if r.get("wire") else ""
    return failover + (
        f"{r['system']}{wire} {r['connections']}: {cap['moves_per_s']:,.0f} moves/s "
        f"(server CPU {cap['server_cpu']:.0%}, generator {cap['generator_cpu']:.0%}); at half: "
        f"p50 {half['p50_ms']:.1f} ms, p99 {half['p99_ms']:.1f} ms; {r['kb_per_conn']:.1f} KB/conn; "
        f"set-up {r['setup_s']:.1f} s; errors {r['errors'] or '-'} {r['first_errors'] or ''} "
        + " ".join(r.get("server_notes", []))
    )


def record(text: str, argv: list[str] | None) -> None:
    """Put the table in bench/RESULTS.md: it replaces the table of the "Server load" section (or starts one).

    The section's prose (the figures before, the profile) is kept; only its command line and
    the table up to the next paragraph of text are replaced.
    """
    command = "python bench/load.py " + " ".join(argv if argv is not None else sys.argv[1:])
    head = f"Date 2026-11-22; machine: 2 cores (shared); loopback; uvloop.  Command: `{command.strip()}`"
    path = HERE / "RESULTS.md"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    start = old.find("\n## Server load\n")
    if start < 0:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"\n## Server load\n\n{head}\n\n{text}\n")
        return
    body_at = start + len("\n## Server load\n")
    end = old.find("\n## ", body_at)
    end = len(old) if end < 0 else end
    lines = old[body_at:end].split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("| system |")), None)
    if first is None:
        lines += ["", text]
    else:
        last = first
        while last + 1 < len(lines) and (lines[last + 1].startswith(("|", "*", "Garbage")) or not lines[last + 1]):
            last += 1
        lines[first : last + 1] = [text, ""]
    lines = [head if line.startswith("Date 2026-11-22; machine:") else line for line in lines]
    path.write_text(old[:body_at] + "\n".join(lines) + old[end:], encoding="utf-8")


if __name__ == "__main__":
    main()
