"""Several nodes on one Redis, at the protocol level: players, spectators and join codes on different nodes."""

from __future__ import annotations

from grundy import protocol as p
from tests.server.e2e.wsclient import Client, url


async def test_a_game_whose_players_sit_on_different_nodes(make_cluster_node):
    a, b, c = await make_cluster_node(), await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    eve = await Client.hello(url(c), "Eve")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0, private=True), p.RoomCreated)
    assert created.code
    joined = await bob.request(p.Join(code=created.code), p.RoomState)
    assert joined.room == created.room and joined.status == "playing"
    watching = await eve.request(p.Spectate(code=created.code), p.RoomState)
    assert watching.room == created.room
    await ann.expect(p.RoomState, status="playing")
    await ann.send(p.Move(room=created.room, ply=0, move="2:2"))
    made = await bob.expect(p.MoveMade, ply=0)
    assert made.move == "2:2"
    await eve.expect(p.MoveMade, ply=0)
    # A move out of turn from the far node is refused with its ref, and the room carries on.
    err = await bob.error(p.Move(room=created.room, ply=0, move="1:1"))
    assert err.code in (p.ErrorCode.STALE_PLY, p.ErrorCode.NOT_YOUR_TURN) and err.room == created.room
    await bob.send(p.Move(room=created.room, ply=1, move="1:1"))
    over = await ann.expect(p.GameOver)
    assert over.result is not None
    await eve.expect(p.GameOver)
    record = await bob.request(p.GetRecord(room=created.room), p.Record)
    assert [m["move"] for m in record.record["moves"]] == ["2:2", "1:1"]
    for client in (ann, bob, eve):
        await client.close()


async def test_an_unknown_room_is_unknown_on_every_node(make_cluster_node):
    a = await make_cluster_node()
    await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    err = await ann.error(p.Join(room="r-nowhere"))
    assert err.code == p.ErrorCode.UNKNOWN_ROOM
    err = await ann.error(p.Join(code="no-such-code"))
    assert err.code == p.ErrorCode.UNKNOWN_ROOM
    await ann.close()


async def test_resuming_on_another_node_closes_the_old_connection_and_returns_to_the_game(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(a), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [2, 2]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    assert ann.welcome is not None
    again = await Client.resume(url(b), ann.welcome.token)
    assert again.welcome is not None and created.room in again.welcome.rooms
    code, _ = await ann.wait_closed()
    assert code == 1000
    state = await again.expect(p.RoomState, room=created.room)
    assert state.status == "playing"
    await again.send(p.Move(room=created.room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    await again.close()
    await bob.close()
