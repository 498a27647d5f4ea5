"""A move by a player connected to another node than its room's: passed on as the client's frame, taken by the
room's native room when it is a plain move (server/native.py), else decoded there and handled by the Python
room as before.

Against the path before it (nodes with ``GRUNDY_NATIVE=off``: the move decoded where its player is connected,
encoded again, decoded at the room's node and handled by the Python room), and against nodes with
``GRUNDY_NATIVE=wire`` (the native decoder, each move passed on by the gateway's frame taker, no native room), the
same frames from both players yield byte for byte the same frames to both (but for the server's clock and the
room's id); refusals of a forwarded move (illegal, out of turn, a stale ply) are the same typed errors; every
forwarded move is in Redis before its ``move_made`` reaches anyone.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import msgpack
import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.config import NodeConfig
from grundy.server.native import Native
from tests.server.e2e.test_node_fast_writes import conn_of
from tests.server.e2e.wsclient import Client, scrape

pytestmark = pytest.mark.skipif(
    (not Native("room").room and os.environ.get("CI") != "true")  # (CI builds it: there the tests must run)
    or NodeConfig().native != "room",  # (GRUNDY_NATIVE asks for less: the nodes run without the native room)
    reason="the native move path is not built (or is off)",
)

CLOCK = b"\xabserver_time\xcb"  # (the key, then a float64: the server's clock, masked before comparing)

# What each player sends once the game is on (Ann created the room on its node, Bob joined from the other one):
# (who, frame fields without the room).  Subtraction from 29 taking 1, 2 or 3 (goal 0): 11 moves, the last wins.
SCRIPT: list[tuple[str, dict[str, Any]]] = [
    ("ann", {"type": "move", "ref": 1, "ply": 0, "move": "3"}),  # (the first move: the Python room, always)
    ("bob", {"type": "move", "ref": 1, "ply": 1, "move": "2"}),  # forwarded, plain: the native room
    ("bob", {"type": "move", "ref": 2, "ply": 2, "move": "1"}),  # out of turn
    ("ann", {"type": "move", "ref": 2, "ply": 2, "move": "1"}),
    ("bob", {"type": "move", "ref": "b-3", "ply": 1, "move": "1"}),  # a stale ply
    ("bob", {"type": "move", "ref": "b-4", "ply": 3, "move": "4"}),  # not a legal move
    ("bob", {"type": "move", "ref": "b-5", "ply": 3, "move": "03"}),  # a text the rules read as 3 (Python path)
    ("ann", {"type": "move", "ply": 4, "move": "2"}),  # no ref
    ("bob", {"type": "move", "ply": 5, "move": "3"}),  # forwarded without a ref
    ("ann", {"type": "move", "ref": 5, "ply": 6, "move": "3"}),
    ("bob", {"type": "move", "ref": 9_000_000_000, "ply": 7, "move": "3"}),  # a large integer ref
    ("bob", {"type": "move", "ref": 10, "ply": 8, "move": "1", "extra": 1}),  # not a valid move request
    ("ann", {"type": "move", "ref": 6, "ply": 8, "move": "3"}),
    ("bob", {"type": "move", "ref": 11, "ply": 9, "move": "3"}),  # (29 - 26 = 3 left)
    ("bob", {"type": "move", "ref": 12, "ply": 10, "move": "3"}),  # out of turn again
    ("ann", {"type": "move", "ref": 7, "ply": 10, "move": "3"}),  # the last move: Ann wins
]
NATIVE_FORWARDS = 4  # Bob's plain moves the native room takes (ply 1, 5, 7 and 9)


async def _play(room_node: str, other_node: str) -> tuple[dict[str, list[bytes]], str]:
    """The script played in a room Ann creates on ``room_node`` and Bob joins from ``other_node``: the frames each
    received from the start of the game on, and the room's id."""
    ann, bob = await Client.hello(room_node, "Ann"), await Client.hello(other_node, "Bob")
    try:
        params = {"n": 29, "take": "1,2,3"}
        created = await ann.request(p.CreateRoom(game="subtraction", params=params, seat=0), p.RoomCreated)
        room = created.room
        await bob.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        start = {"ann": len(ann.frames), "bob": len(bob.frames)}
        clients = {"ann": ann, "bob": bob}
        for who, fields in SCRIPT:
            mover = clients[who]
            before = len(mover.seen)
            await mover.send(msgpack.packb({**fields, "room": room}))
            await _answered(mover, before, fields.get("ref"))
        await ann.expect(p.GameOver, room=room)
        await bob.expect(p.GameOver, room=room)
        await asyncio.sleep(0.2)  # (nothing else comes)
        return {who: c.frames[start[who] :] for who, c in clients.items()}, room
    finally:
        await ann.close()
        await bob.close()


async def _answered(client: Client, before: int, ref: Any) -> None:
    """Wait for the answer to the frame just sent: its ``move_made`` or error (by ref; without one, the next
    ``move_made`` or error)."""

    def answer(m: Any) -> bool:
        if not isinstance(m, (p.MoveMade, p.Error)):
            return False
        return ref is None or m.ref == ref

    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while not any(answer(m) for m in client.seen[before:]):
        assert loop.time() < deadline, f"no answer to the frame with ref {ref!r}: {client.seen[before:]}"
        await asyncio.sleep(0.005)


def _normal(frames: list[bytes], room: str) -> list[bytes]:
    """The frames with the server's clock masked and the room's id put in a fixed place-holder (same length)."""
    out = []
    for f in frames:
        at = f.find(CLOCK)
        if at >= 0:
            at += len(CLOCK)
            f = f[:at] + b"\0" * 8 + f[at + 8 :]
        out.append(f.replace(room.encode(), b"R" * len(room.encode())))
    return out


async def test_a_forwarded_move_yields_the_same_frames_as_the_decoded_path(nodes, monkeypatch) -> None:
    fast_one, fast_two = await asyncio.gather(nodes("n-fast-1"), nodes("n-fast-2"))
    monkeypatch.setenv("GRUNDY_NATIVE", "wire")  # (the native decoder, no native room: moves passed on one a frame)
    wire_one, wire_two = await asyncio.gather(nodes("n-wire-1"), nodes("n-wire-2"))
    monkeypatch.setenv("GRUNDY_NATIVE", "off")  # (no native decoder nor room: the path before, throughout)
    pure_one, pure_two = await asyncio.gather(nodes("n-pure-1"), nodes("n-pure-2"))
    fast, fast_room = await _play(fast_one.url, fast_two.url)
    wire, wire_room = await _play(wire_one.url, wire_two.url)
    pure, pure_room = await _play(pure_one.url, pure_two.url)
    assert len(fast_room) == len(wire_room) == len(pure_room)
    for who in ("ann", "bob"):
        want = _normal(pure[who], pure_room)
        for got in (_normal(fast[who], fast_room), _normal(wire[who], wire_room)):
            assert got == want, f"{who}: {[msgpack.unpackb(f) for f in got]} != {[msgpack.unpackb(f) for f in want]}"
    # The refusals are the typed errors of before (and the same frames, above).
    errors = {m["ref"]: m["code"] for m in map(msgpack.unpackb, fast["bob"]) if m["type"] == "error"}
    assert errors == {
        2: ErrorCode.NOT_YOUR_TURN,
        "b-3": ErrorCode.STALE_PLY,
        "b-4": ErrorCode.ILLEGAL_MOVE,
        10: ErrorCode.BAD_MESSAGE,
        12: ErrorCode.NOT_YOUR_TURN,
    }
    # Bob's plain moves were passed on as he sent them and taken by the native room of Ann's node; on the nodes
    # without the native path none was.
    on_fast, on_pure = await asyncio.to_thread(scrape, fast_one.port), await asyncio.to_thread(scrape, pure_one.port)
    assert on_fast.get_value("grundy_forwarded_moves_native_total") == NATIVE_FORWARDS
    assert on_pure.get_value("grundy_forwarded_moves_native_total") == 0
    assert on_fast.get_value("grundy_forwarded_requests_total", direction="received") >= len(SCRIPT) // 2


async def test_forwarded_moves_taken_natively_are_in_redis_before_anyone_hears_of_them(make_cluster_node) -> None:
    one, two = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(f"ws://127.0.0.1:{one.port}/", "Ann")
    bob = await Client.hello(f"ws://127.0.0.1:{two.port}/", "Bob")
    eve = await Client.hello(f"ws://127.0.0.1:{two.port}/", "Eve")
    try:
        params = {"n": 60, "take": "1,2"}
        created = await ann.request(p.CreateRoom(game="subtraction", params=params, seat=0), p.RoomCreated)
        room = created.room
        await bob.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        await ann.request(p.Move(room=room, ply=0, move="1"), p.MoveMade)
        actor = one.rooms[room]
        cluster = one.placement.cluster  # type: ignore[attr-defined]
        texts = ["1"]
        for ply in range(1, 10):
            mover, other = (bob, ann) if ply % 2 else (ann, bob)
            move = "2" if ply % 3 else "1"
            assert actor.fast.enabled and actor.fast.terms[0] == ply  # (the native room takes this move)
            taken = cluster.forwards_native
            made = await mover.request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
            texts.append(move)
            stored = await one.store.load_room(room)  # (in Redis: the reply came after the write)
            assert stored is not None and [m.text for m in stored.moves] == texts
            heard = await other.expect(p.MoveMade, ply=ply)
            assert made.ply == heard.ply == ply and heard.move == move and heard.ref is None
            assert cluster.forwards_native == taken + (mover is bob)
        # Out of turn, stale and illegal: refused by the Python room as before, nothing stored.
        taken = cluster.forwards_native
        err = await bob.error(p.Move(room=room, ply=10, move="1"))
        assert err.code == ErrorCode.NOT_YOUR_TURN
        err = await bob.error(p.Move(room=room, ply=3, move="1"))
        assert err.code == ErrorCode.STALE_PLY
        await ann.request(p.Move(room=room, ply=10, move="1"), p.MoveMade)
        err = await bob.error(p.Move(room=room, ply=11, move="3"))
        assert err.code == ErrorCode.ILLEGAL_MOVE
        assert cluster.forwards_native == taken
        assert [m.text for m in (await one.store.load_room(room)).moves] == [*texts, "1"]  # type: ignore[union-attr]
        # A spectator (on Bob's node) turns the native room off: Bob's next move takes the Python room, and the
        # spectator hears it.
        await eve.request(p.Spectate(room=room), p.RoomState)
        await bob.request(p.Move(room=room, ply=11, move="2"), p.MoveMade)
        assert (await eve.expect(p.MoveMade, ply=11)).move == "2"
        assert cluster.forwards_native == taken
        state = await ann.request(p.GetState(room=room), p.RoomState)
        assert state.ply == 12 and [m.move for m in state.moves] == [*texts, "1", "2"]
    finally:
        for c in (ann, bob, eve):
            await c.close()


async def test_a_move_for_the_other_nodes_room_is_read_once_where_it_is_sent(make_cluster_node) -> None:
    """On Bob's node (not the room's), the move taker reads each of his valid moves once and hands it to the forwarder
    with its token (server/native.py ``Native.pass_on``): passed on as he sent it, answered by the room's node.  A
    move for a room his node knows nowhere is left to the connection's reader (the router looks it up), its token
    given back: one token a frame, whichever path took it."""
    one = await make_cluster_node()
    two = await make_cluster_node(requests_per_s=0.001, burst=100.0)  # (tokens counted, none coming back)
    ann = await Client.hello(f"ws://127.0.0.1:{one.port}/", "Ann")
    bob = await Client.hello(f"ws://127.0.0.1:{two.port}/", "Bob")
    try:
        created = await ann.request(
            p.CreateRoom(game="subtraction", params={"n": 40, "take": "1,2"}, seat=0), p.RoomCreated
        )
        room = created.room
        await bob.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        await ann.request(p.Move(room=room, ply=0, move="1"), p.MoveMade)
        taker, bucket = two.move_taker, conn_of(two, bob).requests
        tokens = bucket.tokens
        made = await bob.request(p.Move(room=room, ply=1, move="2"), p.MoveMade)  # (the native room's, there)
        assert made.ply == 1 and taker.passed == 1
        err = await bob.error(p.Move(room=room, ply=1, move="1"))  # a stale ply: passed on, refused there
        assert err.code == ErrorCode.STALE_PLY and taker.passed == 2
        await ann.request(p.Move(room=room, ply=2, move="1"), p.MoveMade)
        await bob.send(msgpack.packb({"type": "move", "room": room, "ply": 3, "move": "02"}))  # (the Python room's)
        assert (await bob.expect(p.MoveMade, ply=3)).move == "2" and taker.passed == 3
        err = await bob.error(p.Move(room="r-nowhere", ply=0, move="1"))
        assert err.code == ErrorCode.UNKNOWN_ROOM and taker.passed == 3
        assert round(tokens - bucket.tokens) == 4
        assert [m.text for m in (await one.store.load_room(room)).moves] == ["1", "2", "1", "2"]  # type: ignore[union-attr]
    finally:
        await ann.close()
        await bob.close()
