"""A client whose node is killed resumes on another node by itself, with no load balancer in front.

Every node tells its clients where the cluster's live nodes are (``welcome.nodes``: each node's
``--public-url``, by default ``ws://HOST:PORT/``); the client library tries them in turn when its
own node is gone.  Nodes are real processes; the killed one gets ``kill -9``.
"""

from __future__ import annotations

import asyncio
import time

from grundy import protocol as p
from grundy.client.connection import Backoff, Connection, LinkUp, Refused
from tests.cluster.procs import NodeProcess
from tests.server.e2e.wsclient import Client


async def _knows(node: NodeProcess, *others: NodeProcess, timeout: float = 20.0) -> p.Welcome:
    """A welcome from ``node`` that names every node of ``others`` (nodes read each other's addresses every 2 s)."""
    deadline = time.monotonic() + timeout
    while True:
        probe = await Client.hello(node.url, "Probe")
        await probe.close()
        assert probe.welcome is not None
        if all(o.url in probe.welcome.nodes for o in others):
            return probe.welcome
        assert time.monotonic() < deadline, f"{node.node_id} never named them: {probe.welcome.nodes}"
        await asyncio.sleep(0.5)


async def test_the_welcome_names_every_live_node_this_one_first(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    welcome = await _knows(a, a, b)
    assert welcome.nodes[0] == a.url and sorted(welcome.nodes) == sorted([a.url, b.url])
    b.kill()
    deadline = time.monotonic() + 20
    while b.url in (await _knows(a, a)).nodes:  # (its liveness key lapses within a lease)
        assert time.monotonic() < deadline, "a dead node is still named"
        await asyncio.sleep(0.5)


async def test_a_player_whose_node_is_killed_resumes_on_another_node_and_plays_on(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    await _knows(a, b)
    ann = Connection(a.url, "Ann", backoff=Backoff(initial_s=0.2, max_s=1.0, give_up_after_s=60))
    welcome = await ann.connect()
    assert b.url in welcome.nodes
    bob = await Client.hello(b.url, "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [5, 6, 7]}, seat=0))
    assert isinstance(created, p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    made = await ann.request(p.Move(room=created.room, ply=0, move="1:1"))
    assert isinstance(made, p.MoveMade)
    a.kill()  # no load balancer: Ann's client knows b from its welcome
    up = await ann.wait_for(lambda e: isinstance(e, LinkUp), timeout=30)
    assert up.resumed and ann.node_url == b.url
    await bob.request(p.Move(room=created.room, ply=1, move="2:1"), p.MoveMade)  # b takes the room over
    deadline = time.monotonic() + 30
    while True:
        try:
            moved = await ann.request(p.Move(room=created.room, ply=2, move="3:1"))
            break
        except Refused as e:  # (the room's state may still be on its way to Ann)
            assert e.code == "stale_ply" or e.code == "not_your_turn", e
            assert time.monotonic() < deadline
            await asyncio.sleep(0.2)
    assert isinstance(moved, p.MoveMade) and moved.ply == 2
    state = await bob.request(p.GetState(room=created.room), p.RoomState)
    assert [m.move for m in state.moves] == ["1:1", "2:1", "3:1"]
    await ann.close()
    await bob.close()


async def test_the_gomocup_bridge_given_two_nodes_moves_to_the_other_when_its_node_stops(make_cluster_node) -> None:
    """In process: the bridge (``--server A,B``) plays on A; A shuts down (as on SIGTERM or a drain); the
    bridge's session and its engine's game go on on B."""
    from grundy.client.gomocup import GomocupBot, brain_command
    from tests.client.test_gomocup import ENGINE
    from tests.server.e2e.conftest import url

    a, b = await make_cluster_node(), await make_cluster_node()
    bot = GomocupBot(brain_command(ENGINE, []))
    name = await bot.introduce()
    game = {"game": "gomoku", "params": {"size": 15}, "vs": "open"}
    playing = asyncio.create_task(bot.play([url(a), url(b)], name, **game))  # type: ignore[arg-type]
    bob = await Client.hello(url(b), "Bob")
    try:
        room = None
        for _ in range(200):
            rooms = await bob.request(p.ListRooms(game="gomoku"), p.Rooms)
            room = next((r.room for r in rooms.rooms if r.status == "waiting"), None)
            if room is not None:
                break
            await asyncio.sleep(0.05)
        assert room is not None, "the bridge's room was never listed"
        await bob.request(p.Join(room=room), p.RoomState)
        await bob.expect(p.MoveMade, ply=0, room=room, timeout=15)
        await bob.request(p.Move(room=room, ply=1, move="a1"), p.MoveMade)
        await bob.expect(p.MoveMade, ply=2, room=room, timeout=15)
        assert bot.conn is not None and bot.conn.node_url == url(a)
        await a.shutdown()  # (its rooms handed over, its connections closed: going away)
        deadline = time.monotonic() + 20
        while True:  # (the room may still be on its way to b)
            try:
                await bob.request(p.Move(room=room, ply=3, move="a2"), p.MoveMade)
                break
            except AssertionError:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.2)
        answer = await bob.expect(p.MoveMade, ply=4, room=room, timeout=15)  # the engine, through b
        assert answer.seat == 0 and bot.conn.node_url == url(b) and bot.conn.moves + bot.conn.reconnects == 1
        await bob.request(p.Resign(room=room), p.GameOver)
        results = await asyncio.wait_for(playing, 15)
        assert [(r.room, r.outcome) for r in results] == [(room, "win")]
    finally:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        await bob.close()
