"""Publish/subscribe on a Redis of its own (``grundy serve --redis-bus URL``), and its outages.

Three node processes share a store Redis (append-only file, ``appendfsync always``) and a bus
Redis without a file, as docker-compose.yml runs them: Ann plays on node a, which runs the room;
Bob plays through node b (his requests are forwarded, the room's frames reach him through the
bus); Cleo watches through node c.  The bus keeps nothing, so losing it loses only what was in
flight: it is an outage like the store's (docs/STORE.md), and what must hold is the same.  A
request made while either Redis is away is answered ``unavailable`` and succeeds when sent again,
no room is taken over because of the outage alone, the spectator ends up knowing every move, and
no answer is ``internal``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from tests.cluster.procs import NodeProcess
from tests.cluster.redisproc import RedisServer, command
from tests.cluster.test_redis_outage import (
    LEASE_MS,
    OUTAGE_S,
    UNAVAILABLE,
    _game,
    _internal,
    _known_plies,
    _move,
    _play,
    _seen_plies,
    _taken_over,
    _until_done,
)
from tests.server.e2e.wsclient import Client


@pytest.fixture
def bus_server(tmp_path: Path) -> Iterator[RedisServer]:
    workdir = tmp_path / "bus"
    workdir.mkdir()
    server = RedisServer(workdir, aof=False).start()
    try:
        yield server
    finally:
        server.stop()


async def _three(nodes: Any, bus: RedisServer) -> list[NodeProcess]:
    return list(await asyncio.gather(*(nodes(n, "--redis-bus", bus.url, lease_ms=LEASE_MS) for n in "abc")))


def _published(port: int) -> int:
    text = command(port, "INFO", "commandstats").decode()
    for line in text.splitlines():
        if line.startswith("cmdstat_publish:"):
            return int(line.split("calls=")[1].split(",")[0])
    return 0


async def test_the_frames_between_nodes_go_through_the_bus_redis_and_none_through_the_store(
    nodes, redis_server, bus_server
) -> None:
    a, b, c = await _three(nodes, bus_server)
    ann, bob, cleo, room = await _game(a, b, c)
    await _play(ann, bob, room, range(0, 7))
    assert await _seen_plies(cleo, room, 6) == list(range(7))
    assert await _seen_plies(bob, room, 6) == list(range(7))
    assert _published(bus_server.port) > 0
    assert _published(redis_server.port) == 0
    for client in (ann, bob, cleo):
        await client.close()


async def test_an_outage_of_the_bus_redis_is_an_outage_and_play_goes_on_after_it(
    nodes, redis_server, bus_server
) -> None:
    a, b, c = await _three(nodes, bus_server)
    ann, bob, cleo, room = await _game(a, b, c)
    await _play(ann, bob, room, range(0, 2))
    await _seen_plies(cleo, room, 1)  # (a broadcast still in flight when the bus dies is lost)
    await _seen_plies(bob, room, 0)
    bus_server.kill()
    await asyncio.sleep(1.5 * LEASE_MS / 1000)
    asks: list[tuple[Client, Any, type]] = [
        (ann, p.Move(room=room, ply=2, move=_move(2)), p.MoveMade),  # the room's own node: stores nothing
        (bob, p.ChatSend(room=room, text="still there?"), p.Chat),  # forwarded from b to a
    ]
    for client, msg, _ in asks:
        ref = client.next_ref()
        await client.send(msg.model_copy(update={"ref": ref}))
        reply = await client.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref, timeout=15)
        assert isinstance(reply, p.Error) and reply.code == UNAVAILABLE, (msg, reply)
    await asyncio.sleep(OUTAGE_S - 1.5 * LEASE_MS / 1000)
    bus_server.start()  # (empty: it kept nothing)
    for client, msg, kind in asks:
        await _until_done(client, msg, kind)
    await _play(ann, bob, room, range(3, 6))
    seen = await _seen_plies(cleo, room, 5)
    assert seen[-3:] == [3, 4, 5] and len(seen) == len(set(seen))
    assert _known_plies(cleo, room) == set(range(6))
    assert _known_plies(bob, room) == set(range(6))
    await asyncio.sleep(2 * LEASE_MS / 1000)  # (long enough for a wrong take-over to show)
    assert _taken_over(a, b, c) == []
    assert _internal(ann, bob, cleo) == []
    for client in (ann, bob, cleo):
        await client.close()


async def test_an_outage_of_the_store_redis_with_the_bus_up_takes_nothing_over_and_play_goes_on(
    nodes, redis_server, bus_server
) -> None:
    a, b, c = await _three(nodes, bus_server)
    ann, bob, cleo, room = await _game(a, b, c)
    await _play(ann, bob, room, range(0, 3))
    for member in (cleo, bob):
        await _seen_plies(member, room, 2)
    redis_server.kill()
    await asyncio.sleep(1.5 * LEASE_MS / 1000)
    ref = bob.next_ref()
    await bob.send(p.Move(room=room, ply=3, move=_move(3), ref=ref))
    reply = await bob.expect(lambda m: getattr(m, "ref", None) == ref, timeout=15)
    assert isinstance(reply, p.Error) and reply.code == UNAVAILABLE, reply
    await asyncio.sleep(OUTAGE_S - 1.5 * LEASE_MS / 1000)
    redis_server.start()  # on its append-only file
    await _play(ann, bob, room, range(3, 9))
    assert await _seen_plies(cleo, room, 8) == list(range(9))
    # still a spectator (its node may still be settling after the outage: ``unavailable`` until then)
    state = await _until_done(cleo, p.GetState(room=room), p.RoomState)
    assert [m.move for m in state.moves] == [_move(i) for i in range(9)]
    await asyncio.sleep(2 * LEASE_MS / 1000)
    assert _taken_over(a, b, c) == []
    assert _internal(ann, bob, cleo) == []
    for client in (ann, bob, cleo):
        await client.close()
