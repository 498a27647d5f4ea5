"""The native move path (server/native.py) in a real node: stored before anyone hears, and kept in step.

A real node (real sockets, a real SQLite file); store failures are injected in the database
itself (a trigger), as in test_node_commit.py.  The rooms play subtraction, whose plain moves
the native room takes from the second move on.
"""

from __future__ import annotations

import os

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.config import NodeConfig
from grundy.server.native import MAX_UNFOLDED, Native
from grundy.server.node import Node
from tests.server.e2e.test_node_commit import database, refuse_moves, slow_move_writes, stored_moves, unrefuse_moves
from tests.server.e2e.test_node_slow_readers import until
from tests.server.e2e.wsclient import Client, NodeFactory, url

pytestmark = [
    pytest.mark.embedded_only,
    pytest.mark.skipif(
        (not Native("room").room and os.environ.get("CI") != "true")  # (CI builds it: there the tests must run)
        or NodeConfig().native != "room",  # (GRUNDY_NATIVE asks for less: the nodes run without the native room)
        reason="the native move path is not built (or is off)",
    ),
]


async def subtraction_table(node: Node, n: int = 100) -> tuple[Client, Client, str]:
    """Ann (seat 0) and Bob (seat 1) at a started game of subtraction, its first move (Ann's "1") played."""
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    created = await ann.request(p.CreateRoom(game="subtraction", params={"n": n, "take": "1,2"}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await ann.request(p.Move(room=created.room, ply=0, move="1"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)
    return ann, bob, created.room


def native_terms(node: Node, room: str) -> tuple[int, int, int, int] | None:
    """(ply, heap, turn, goal) of the room's native twin when it takes moves now, else None."""
    fast = node.rooms[room].fast
    return fast.terms if fast is not None and fast.enabled else None


async def test_a_move_of_the_native_room_is_in_the_file_before_either_player_hears_of_it(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    slow_move_writes(node)
    plays = ["1", "2", "1", "2", "2", "1"]
    for i, move in enumerate(plays, start=1):
        assert native_terms(node, room) is not None and native_terms(node, room)[0] == i  # (the native room's move)
        mover, other = (bob, ann) if i % 2 else (ann, bob)
        made = await mover.request(p.Move(room=room, ply=i, move=move), p.MoveMade)
        assert stored_moves(node, room) == ["1", *plays[:i]]  # the mover's own copy too
        heard = await other.expect(p.MoveMade, ply=i)
        assert (made.move, heard.move, made.seat) == (move, move, i % 2)
    state = await ann.request(p.GetState(room=room), p.RoomState)  # the Python room has every move folded in
    assert state.ply == 7 and [m.move for m in state.moves] == ["1", *plays] and state.view["heap"] == 100 - 1 - 9
    stored = await node.store.load_room(room)
    assert stored is not None and [m.text for m in stored.moves] == ["1", *plays]


async def test_a_store_failure_leaves_the_room_as_it_was_and_the_same_move_is_played_once_the_store_takes_it(
    node: Node,
) -> None:
    ann, bob, room = await subtraction_table(node)
    assert native_terms(node, room) == (1, 99, 1, 0)
    with database(node) as db:
        refuse_moves(db)
    reply = await bob.request(p.Move(room=room, ply=1, move="2"), p.Error)  # (the reply carries the request's ref)
    assert (reply.code, reply.room) == (ErrorCode.INTERNAL, room)
    assert native_terms(node, room) == (1, 99, 1, 0)  # back to the room as it was
    state = await ann.request(p.GetState(room=room), p.RoomState)
    assert (state.ply, state.turn, state.view["heap"]) == (1, 1, 99)
    assert not [m for m in ann.inbox if isinstance(m, p.MoveMade) and m.ply == 1]
    with database(node) as db:
        unrefuse_moves(db)
    made = await bob.request(p.Move(room=room, ply=1, move="2"), p.MoveMade)
    assert (made.ply, made.view["heap"]) == (1, 97)
    await ann.expect(p.MoveMade, ply=1)
    assert stored_moves(node, room) == ["1", "2"]
    assert native_terms(node, room) == (2, 97, 0, 0)


async def test_a_spectator_a_refusal_and_the_last_move_take_the_python_room_and_the_native_room_follows(
    node: Node,
) -> None:
    ann, bob, room = await subtraction_table(node, n=8)
    eve = await Client.hello(url(node), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    await until(lambda: native_terms(node, room) is None)  # a spectator: every move takes the Python room
    await bob.request(p.Move(room=room, ply=1, move="2"), p.MoveMade)
    assert (await eve.expect(p.MoveMade, ply=1)).view["heap"] == 5
    await eve.request(p.Leave(room=room), p.Ok)
    await until(lambda: native_terms(node, room) == (2, 5, 0, 0))  # nobody watches: the native room again
    refused = await bob.request(p.Move(room=room, ply=2, move="1"), p.Error)
    assert refused.code == ErrorCode.NOT_YOUR_TURN
    await ann.request(p.Move(room=room, ply=2, move="2"), p.MoveMade)  # heap 3
    await bob.request(p.Move(room=room, ply=3, move="1"), p.MoveMade)  # heap 2
    assert native_terms(node, room) == (4, 2, 0, 0)
    await ann.request(p.Move(room=room, ply=4, move="2"), p.MoveMade)  # heap 0: the game ends (the Python room)
    over = await bob.expect(p.GameOver)
    assert over.status == "finished" and over.result is not None
    assert native_terms(node, room) is None
    assert stored_moves(node, room) == ["1", "2", "2", "1", "2"]


async def test_a_plain_move_over_the_rate_limit_is_refused_and_not_taken(make_node: NodeFactory) -> None:
    # 6 requests a connection, then none: Bob's hello and join, and four pings.
    node = await make_node(requests_per_s=0.01, burst=6.0, abuse_strikes=1000.0)
    ann, bob, room = await subtraction_table(node)
    assert native_terms(node, room) is not None  # (Bob's plain move is the native room's to take)
    for _ in range(4):
        await bob.request(p.Ping(), p.Pong)
    await bob.send(p.Move(room=room, ply=1, move="1", ref="over"))
    refused = await bob.expect(p.Error, ref="over")
    assert refused.code == ErrorCode.RATE_LIMITED
    assert native_terms(node, room) == (1, 99, 1, 0)  # nothing taken: the room is as it was
    assert (await ann.request(p.GetState(room=room), p.RoomState)).ply == 1
    assert stored_moves(node, room) == ["1"]


async def test_the_node_metrics_count_the_moves_the_native_reader_takes(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    timing = node.metrics.requests.by_class[p.Move]
    before = sum(timing.counts)
    for i in range(1, 5):
        mover = bob if i % 2 else ann
        await mover.request(p.Move(room=room, ply=i, move="1"), p.MoveMade)
    assert sum(timing.counts) == before + 4 and timing.total > 0.0


async def test_a_failure_of_the_native_reader_is_logged_and_the_connection_and_the_room_carry_on(
    node: Node, caplog: pytest.LogCaptureFixture
) -> None:
    ann, bob, room = await subtraction_table(node)
    timing = node.metrics.requests.by_class[p.Move]
    counts = timing.counts
    timing.counts = tuple(counts)  # the native reader's count of a taken move fails (it wants a list)
    try:
        await bob.send(p.Move(room=room, ply=1, move="2", ref="taken"))
        await bob.send(p.Ping(ref="after"))  # (often in the same read: then it is the rest the reader goes on with)
        made = await bob.expect(p.MoveMade, ply=1)
        await bob.expect(p.Pong, ref="after")
    finally:
        timing.counts = counts
    assert made.move == "2"
    assert (await ann.expect(p.MoveMade, ply=1)).move == "2"
    assert any("the native move path failed" in r.getMessage() and r.exc_info for r in caplog.records)
    # the move was the room's, taken before the failure: the room and both connections go on
    await ann.request(p.Move(room=room, ply=2, move="1"), p.MoveMade)
    assert stored_moves(node, room) == ["1", "2", "1"]
    assert native_terms(node, room) == (3, 96, 1, 0)


async def test_the_native_rooms_moves_fold_into_the_room_whenever_it_is_read_and_every_few_moves(node: Node) -> None:
    ann, bob, room = await subtraction_table(node, n=200)
    actor = node.rooms[room]
    plays = ["1", "2"] * 20  # 40 moves, all the native room's
    for i, move in enumerate(plays, start=1):
        mover, other = (bob, ann) if i % 2 else (ann, bob)
        await mover.request(p.Move(room=room, ply=i, move=move), p.MoveMade)
        await other.expect(p.MoveMade, ply=i)
        # the room the shell holds lags by the moves the native room keeps (at MAX_UNFOLDED they are folded)
        kept = i % MAX_UNFOLDED
        assert len(actor._unfolded) == kept and actor._room.ply == 1 + i - kept
    assert stored_moves(node, room) == ["1", *plays]
    eve = await Client.hello(url(node), "Eve")  # a spectator's snapshot is the room with every move in it
    state = await eve.request(p.Spectate(room=room), p.RoomState)
    assert state.ply == 41 and [m.move for m in state.moves] == ["1", *plays] and state.view["heap"] == 200 - 1 - 60
    assert len(actor._unfolded) == 0 and actor._room.ply == 41
    await until(lambda: native_terms(node, room) is None)  # (a spectator: the Python room takes every move)
    await bob.request(p.Move(room=room, ply=41, move="2"), p.MoveMade)
    assert (await eve.expect(p.MoveMade, ply=41)).view["heap"] == 137


async def test_a_store_failure_after_moves_the_native_room_keeps_undoes_only_the_failed_move(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    for i, move in enumerate(["2", "1", "2"], start=1):  # kept by the native room, not yet in the Python room
        await (bob if i % 2 else ann).request(p.Move(room=room, ply=i, move=move), p.MoveMade)
    assert len(node.rooms[room]._unfolded) == 3
    with database(node) as db:
        refuse_moves(db)
    reply = await ann.request(p.Move(room=room, ply=4, move="1"), p.Error)
    assert reply.code == ErrorCode.INTERNAL
    assert native_terms(node, room) == (4, 94, 0, 0)  # the three stored moves kept, the failed one undone
    state = await bob.request(p.GetState(room=room), p.RoomState)
    assert (state.ply, state.turn, state.view["heap"]) == (4, 0, 94)
    assert [m.move for m in state.moves] == ["1", "2", "1", "2"]
    with database(node) as db:
        unrefuse_moves(db)
    await ann.request(p.Move(room=room, ply=4, move="1"), p.MoveMade)
    assert stored_moves(node, room) == ["1", "2", "1", "2", "1"]
