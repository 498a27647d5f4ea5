"""The native move path (server/native.py) on a cluster node: a plain move of a room that runs on the node,
made by a player connected there, takes the native room, is in Redis before anyone hears of it, and its
frames reach a spectator on the other node as the Python room's do."""

from __future__ import annotations

import os

import pytest

from grundy import protocol as p
from grundy.server.config import NodeConfig
from grundy.server.native import Native
from tests.server.e2e.wsclient import Client

pytestmark = pytest.mark.skipif(
    (not Native("room").room and os.environ.get("CI") != "true")  # (CI builds it: there the tests must run)
    or NodeConfig().native != "room",  # (GRUNDY_NATIVE asks for less: the nodes run without the native room)
    reason="the native move path is not built (or is off)",
)


async def test_plain_moves_of_a_room_on_this_node_take_the_native_room_and_are_stored_first(make_cluster_node) -> None:
    one, two = await make_cluster_node(), await make_cluster_node()
    here = f"ws://127.0.0.1:{one.port}/"
    ann, bob = await Client.hello(here, "Ann"), await Client.hello(here, "Bob")
    eve = await Client.hello(f"ws://127.0.0.1:{two.port}/", "Eve")
    try:
        created = await ann.request(
            p.CreateRoom(game="subtraction", params={"n": 50, "take": "1,2"}, seat=0), p.RoomCreated
        )
        room = created.room
        await bob.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        await ann.request(p.Move(room=room, ply=0, move="1"), p.MoveMade)
        actor = one.rooms[room]
        plays = ["2", "1", "2", "1"]
        for i, move in enumerate(plays, start=1):
            fast = actor.fast
            assert fast is not None and fast.enabled and fast.terms[0] == i  # (the native room takes this move)
            mover = bob if i % 2 else ann
            made = await mover.request(p.Move(room=room, ply=i, move=move), p.MoveMade)
            stored = await one.store.load_room(room)  # (in Redis: the reply came after the write)
            assert stored is not None and [m.text for m in stored.moves] == ["1", *plays[:i]]
            assert made.ply == i
        # A spectator on the other node joins now (the native room steps aside for rooms with spectators).
        await eve.request(p.Spectate(room=room), p.RoomState)
        assert not actor.fast.enabled
        await bob.request(p.Move(room=room, ply=5, move="2"), p.MoveMade)
        seen = await eve.expect(p.MoveMade, ply=5)
        assert seen.move == "2"
        state = await ann.request(p.GetState(room=room), p.RoomState)
        assert state.ply == 6 and [m.move for m in state.moves] == ["1", *plays, "2"] and state.view["heap"] == 50 - 9
    finally:
        for c in (ann, bob, eve):
            await c.close()


async def test_the_native_rooms_frames_reach_a_player_on_the_other_node(make_cluster_node) -> None:
    """Ann on the room's node moves through the native room; Carl, on the other node, hears each move through
    the bus and his own moves are forwarded to the room's node (the Python room): the game goes on to its end."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(f"ws://127.0.0.1:{one.port}/", "Ann")
    carl = await Client.hello(f"ws://127.0.0.1:{two.port}/", "Carl")
    try:
        created = await ann.request(
            p.CreateRoom(game="subtraction", params={"n": 8, "take": "1,2"}, seat=0), p.RoomCreated
        )
        room = created.room
        await carl.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        moves = ["1", "2", "1", "1", "2"]  # (8 - 7 = 1 left)
        for ply, move in enumerate(moves):
            mover, other = (ann, carl) if ply % 2 == 0 else (carl, ann)
            if ply and mover is ann:
                assert one.rooms[room].fast.enabled  # (Ann's moves after the first take the native room)
            await mover.request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
            heard = await other.expect(p.MoveMade, ply=ply)
            assert heard.move == move
        await carl.request(p.Move(room=room, ply=5, move="1"), p.MoveMade)  # the last match: Carl wins
        over = await ann.expect(p.GameOver, room=room)
        assert over.status == "finished"
        stored = await one.store.load_room(room)
        assert stored is not None and [m.text for m in stored.moves] == [*moves, "1"]
    finally:
        await ann.close()
        await carl.close()
