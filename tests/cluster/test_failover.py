"""Rooms outlive their node: `kill -9` of the node that runs a room mid-game (and mid-bot-think), a paused
owner that wakes up after another node took its room, and Redis killed and restarted under its AOF."""

from __future__ import annotations

import asyncio
import time

from grundy import protocol as p
from tests.cluster.procs import NodeProcess
from tests.server.e2e.wsclient import Client


async def _table(owner: NodeProcess, other: NodeProcess) -> tuple[Client, Client, str]:
    ann = await Client.hello(owner.url, "Ann")
    bob = await Client.hello(other.url, "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    return ann, bob, created.room


async def test_a_killed_owner_s_game_goes_on_on_another_node(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    ann, bob, room = await _table(a, b)
    await ann.send(p.Move(room=room, ply=0, move="1:1"))
    await ann.expect(p.MoveMade, ply=0)  # acknowledged: it must survive
    await bob.send(p.Move(room=room, ply=1, move="2:1"))
    await bob.expect(p.MoveMade, ply=1)
    a.kill()
    killed = time.monotonic()
    await ann.wait_closed()
    # Bob, still connected to b, is told the room's state once b has taken the room over.
    state = await bob.expect(p.RoomState, room=room, timeout=15)
    assert state.ply == 2 and state.status == "playing"
    assert ann.welcome is not None
    back = await Client.resume(b.url, ann.welcome.token)
    assert back.welcome is not None and room in back.welcome.rooms
    mine = await back.expect(p.RoomState, room=room)
    assert mine.ply == 2 and mine.you == 0
    await back.send(p.Move(room=room, ply=2, move="3:1"))
    await bob.expect(p.MoveMade, ply=2)
    failover = time.monotonic() - killed
    assert failover < 15  # (measured in bench/load.py --cluster; here only that it happens)
    record = await bob.request(p.GetState(room=room), p.RoomState)
    assert [m.move for m in record.moves] == ["1:1", "2:1", "3:1"]
    await back.close()
    await bob.close()


async def test_requests_sent_through_a_survivor_as_the_owner_dies_are_answered_after_the_take_over(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    ann, bob, room = await _table(a, b)
    await ann.send(p.Move(room=room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    a.kill()
    # b passes Bob's requests to a, which is dead: they are lost with a's inbox unless b sends them
    # again once the room has a node (b itself, when the lease lapses).
    state, moved = await asyncio.gather(
        bob.request(p.GetState(room=room), p.RoomState),
        bob.request(p.Move(room=room, ply=1, move="2:1"), (p.MoveMade, p.Error)),
    )
    assert state.room == room and state.status == "playing"
    assert isinstance(moved, p.MoveMade) and moved.ply == 1, moved
    after = await bob.request(p.GetState(room=room), p.RoomState)
    assert [m.move for m in after.moves] == ["1:1", "2:1"]
    assert "died before answering; sent again" in b.log.read_text()
    await bob.close()


async def test_a_bot_game_survives_its_node_dying_mid_think(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    ann = await Client.hello(a.url, "Ann")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="max")]
    created = await ann.request(
        p.CreateRoom(game="gomoku", params={"size": 15}, seats=seats, seat=0), p.RoomCreated
    )
    await ann.expect(p.RoomState, status="playing")
    await ann.send(p.Move(room=created.room, ply=0, move="h8"))
    await ann.expect(p.MoveMade, ply=0)
    a.kill()  # the bot's move for ply 1 is being thought about (or just sent)
    await ann.wait_closed()
    assert ann.welcome is not None
    back = await Client.resume(b.url, ann.welcome.token)
    bot = await back.expect(p.MoveMade, ply=1, timeout=20)
    assert bot.move
    state = await back.request(p.GetState(room=created.room), p.RoomState)
    assert state.ply == 2 and [m.move for m in state.moves][0] == "h8"
    await back.close()


async def test_a_paused_owner_that_wakes_up_cannot_append(nodes, redis_server) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    ann, bob, room = await _table(a, b)
    await ann.send(p.Move(room=room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    a.pause()
    # Ann's move reaches a paused node; meanwhile b takes the room over and Bob's side goes on.
    await ann.send(p.Move(room=room, ply=1, move="2:2"))
    await bob.expect(p.RoomState, room=room, timeout=15)
    ann2 = await Client.resume(b.url, ann.welcome.token)  # Ann gives up on a and comes back through b
    await ann2.expect(p.RoomState, room=room)
    await bob.send(p.Move(room=room, ply=1, move="3:2"))
    await ann2.expect(p.MoveMade, ply=1)
    a.wake()
    deadline = time.monotonic() + 15  # a renews, finds the room gone, and whatever it handles late is refused
    while "another node holds it now" not in a.log.read_text():
        assert time.monotonic() < deadline, "the woken node never let the room go"
        await asyncio.sleep(0.05)
    await ann2.send(p.Move(room=room, ply=2, move="2:1"))
    await bob.expect(p.MoveMade, ply=2)
    state = await bob.request(p.GetState(room=room), p.RoomState)
    assert [m.move for m in state.moves] == ["1:1", "3:2", "2:1"]
    log = a.log.read_text()
    assert "another node holds it now" in log
    await ann2.close()
    await bob.close()


async def test_redis_killed_and_restarted_under_aof_loses_no_acknowledged_move(nodes, redis_server) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    ann, bob, room = await _table(a, b)
    await ann.send(p.Move(room=room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    redis_server.restart()  # kill -9 and start again on the same append-only file (appendfsync always)
    deadline = time.monotonic() + 30
    while True:  # the nodes reconnect; a move may be refused while Redis is away
        ref = bob.next_ref()
        await bob.send(p.Move(room=room, ply=1, move="2:1", ref=ref))
        reply = await bob.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref or isinstance(m, p.MoveMade))
        if isinstance(reply, p.MoveMade):
            break
        assert time.monotonic() < deadline, f"the cluster did not come back after Redis restarted: {reply}"
        await asyncio.sleep(0.5)
    await ann.expect(p.MoveMade, ply=1, timeout=15)
    state = await ann.request(p.GetState(room=room), p.RoomState)
    assert [m.move for m in state.moves] == ["1:1", "2:1"]
    await ann.close()
    await bob.close()
