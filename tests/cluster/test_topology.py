"""docker-compose.yml's topology as plain processes: what `docker compose up` starts, exercised for real.

A redis-server on a free port (with the AOF the compose file gives it), another without a file
for publish/subscribe (the compose file's ``redis-bus``), two ``grundy serve --redis ...
--redis-bus ... --bots redis`` nodes, one ``grundy bots --redis ...`` worker process, and, in
place of HAProxy, a round-robin TCP proxy in this test: clients connect only through the
proxy, as they would through the load balancer on port 8765.  Like HAProxy after a failed
health check, the proxy passes over a node that does not accept connections.

One scenario, in order: a human-against-human game whose players sit on different nodes,
watched by a spectator; a game against a hosted bot answered by the worker process; then
``kill -9`` of the node that runs both rooms, and every client that was on it resumes
through the proxy and both games go on, with no acknowledged move lost.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
import redis

from grundy import protocol as p
from grundy.server.cluster.keys import Keys
from tests.cluster.procs import BotsProcess, NodeProcess
from tests.cluster.redisproc import RedisServer
from tests.server.e2e.wsclient import Client

LEASE_MS = 1000  # (docker-compose.yml runs the default, 3000: here the take-over is quicker)


class RoundRobinProxy:
    """A TCP proxy on a free port: each new connection goes to the next backend that accepts one."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.turn = 0
        self.routes: dict[int, int] = {}  # client's source port -> backend port
        self.pipes: set[asyncio.Task[None]] = set()
        self.server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> RoundRobinProxy:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for _ in self.ports:
            port = self.ports[self.turn % len(self.ports)]
            self.turn += 1
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue  # a dead node: the next one
            self.routes[writer.get_extra_info("peername")[1]] = port
            for src, dst in ((reader, up_writer), (up_reader, writer)):
                task = asyncio.create_task(self._pipe(src, dst))
                self.pipes.add(task)
                task.add_done_callback(self.pipes.discard)
            return
        writer.close()

    @staticmethod
    async def _pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        try:
            while data := await src.read(65536):
                dst.write(data)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            dst.close()

    def backend(self, client: Client) -> int:
        """The node port a client's connection was sent to."""
        return self.routes[client.ws.local_address[1]]

    async def close(self) -> None:
        assert self.server is not None
        self.server.close()
        for task in list(self.pipes):
            task.cancel()
        await asyncio.gather(*self.pipes, return_exceptions=True)


@pytest.fixture
async def topology(redis_server, tmp_path: Path):
    """Redis, the bus's Redis, two nodes with hosted bots from Redis, one bot worker process, and the proxy in front."""
    (tmp_path / "bus").mkdir()
    bus = RedisServer(tmp_path / "bus", aof=False).start()
    nodes = await asyncio.gather(
        *(
            NodeProcess.start(
                redis_server.url, tmp_path, f"node{i}", "--bots", "redis", "--redis-bus", bus.url, lease_ms=LEASE_MS
            )
            for i in (1, 2)
        )
    )
    bots = await BotsProcess.start(redis_server.url, tmp_path, workers=1)
    proxy = await RoundRobinProxy([n.port for n in nodes]).start()
    try:
        yield proxy, nodes, bots
    finally:
        await proxy.close()
        await bots.stop()
        for node in nodes:
            await node.stop()
        bus.stop()


async def _resume(proxy: RoundRobinProxy, client: Client) -> Client:
    assert client.welcome is not None
    with contextlib.suppress(AssertionError):
        await client.wait_closed()
    return await Client.resume(proxy.url, client.welcome.token)


async def test_the_compose_topology_as_processes(topology, redis_server, tmp_path: Path) -> None:
    proxy, nodes, bots = topology
    by_port = {n.port: n for n in nodes}

    # Four clients through the balancer: round robin puts them on alternate nodes.
    ann = await Client.hello(proxy.url, "Ann")
    bob = await Client.hello(proxy.url, "Bob")
    cara = await Client.hello(proxy.url, "Cara")
    eve = await Client.hello(proxy.url, "Eve")
    assert proxy.backend(ann) != proxy.backend(bob), "the two players sit on different nodes"
    owner = by_port[proxy.backend(ann)]
    assert proxy.backend(cara) == owner.port and proxy.backend(eve) == proxy.backend(bob)

    # A human-against-human game, created on Ann's node, joined from Bob's, watched from Bob's.
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)
    room = created.room
    await bob.request(p.Join(room=room, seat=1), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    watching = await eve.request(p.Spectate(room=room), p.RoomState)
    assert watching.status == "playing"
    await ann.send(p.Move(room=room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0, move="1:1")
    await eve.expect(p.MoveMade, ply=0)
    await bob.send(p.Move(room=room, ply=1, move="2:1"))
    await ann.expect(p.MoveMade, ply=1, move="2:1")  # acknowledged: it must survive the node
    await eve.expect(p.MoveMade, ply=1)

    # A game against a hosted bot, on the same node: its move comes from the worker process.
    # From heaps 1,2,4,8,16 the only winning move is 5:1 (one in 31; `max` finds it, a random
    # fallback would not), and the jobs went through the Redis stream's consumer group.
    seats = [p.SeatRequest(kind="bot", level="max"), p.SeatRequest(kind="open")]
    vs_bot = await cara.request(
        p.CreateRoom(game="nim", params={"heaps": [1, 2, 4, 8, 16]}, seats=seats, seat=1), p.RoomCreated
    )
    first = await cara.expect(p.MoveMade, room=vs_bot.room, ply=0, timeout=20)
    assert first.move == "5:1"
    assert bots.proc.returncode is None, bots.log.read_text()
    with redis.Redis.from_url(redis_server.url) as r:
        groups = r.xinfo_groups(Keys().bot_jobs("max"))
    assert groups and sum(g["entries-read"] or 0 for g in groups) >= 1, groups

    # kill -9 of the node that runs both rooms: Ann and Cara lose their connections.
    owner.kill()
    state = await bob.expect(p.RoomState, room=room, timeout=15)  # the survivor took the room over
    assert state.ply == 2 and state.status == "playing"
    ann2 = await _resume(proxy, ann)
    cara2 = await _resume(proxy, cara)
    survivor = next(port for port in by_port if port != owner.port)
    assert proxy.backend(ann2) == survivor and proxy.backend(cara2) == survivor
    mine = await ann2.expect(p.RoomState, room=room)
    assert mine.ply == 2 and mine.you == 0
    await ann2.send(p.Move(room=room, ply=2, move="3:1"))
    await bob.expect(p.MoveMade, ply=2, move="3:1")
    await eve.expect(p.MoveMade, ply=2, move="3:1")
    record = await eve.request(p.GetState(room=room), p.RoomState)
    assert [m.move for m in record.moves] == ["1:1", "2:1", "3:1"]

    # The bot game goes on there too, the worker answering for the new owner.
    back = await cara2.expect(p.RoomState, room=vs_bot.room)
    assert back.ply == 1 and back.you == 1
    await cara2.send(p.Move(room=vs_bot.room, ply=1, move="1:1"))
    reply = await cara2.expect(p.MoveMade, room=vs_bot.room, ply=2, timeout=20)
    assert reply.move == "5:1", "from 0,2,4,8,15 the only winning move is 5:1"

    for client in (ann2, bob, cara2, eve):
        await client.close()
