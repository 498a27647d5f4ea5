"""A cluster node's native rooms write a stored move's frames to the seats' connections themselves (server/native.py
``Outlet``) where that is all the cluster's delivery would do, and leave them to the delivery everywhere else.

Real cluster nodes on a real redis-server, real websockets.  ``ClusterDelivery.send`` does more than write a frame to
the session's connection here in two cases: the session is connected to another node (its frame goes to that node
or the session's channel: it has no outlet here), or it has requests out on other nodes (each frame is checked
against them, so that each request is answered exactly once: server/cluster/forwarding.py).  In the second case the
forwarder holds the session's outlet (``held``) from its first request out until its last is done with.  Which path
a frame took is seen from the gateway (a frame through ``Connection.send`` is the Python path's) and from the native
room's own count (``FastRoom.written``, summed by ``Native.frames_written``).
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from grundy import protocol as p
from grundy.server.cluster import forwarding
from grundy.server.cluster.terms import SETTLED_KEPT_S
from grundy.server.config import NodeConfig
from grundy.server.native import Native
from grundy.server.node import Node
from grundy.server.sessions import Session
from tests.cluster.test_forwards import cluster  # noqa: F401  (the fixture)
from tests.server.e2e.test_node_fast_writes import HeldStore, conn_of, moves_made, python_sent, taken
from tests.server.e2e.test_node_slow_readers import until
from tests.server.e2e.wsclient import Client

pytestmark = pytest.mark.skipif(
    (not Native("room").room and os.environ.get("CI") != "true")  # (CI builds it: there the tests must run)
    or NodeConfig().native != "room",  # (GRUNDY_NATIVE asks for less: the nodes run without the native room)
    reason="the native move path is not built (or is off)",
)


def url(node: Node) -> str:
    return f"ws://127.0.0.1:{node.port}/"


def forwards_of(node: Node) -> Any:
    return node.placement.cluster.forwards  # type: ignore[attr-defined]


async def table(node: Node, ann: Client, bob: Client, n: int = 100) -> str:
    """A game of subtraction on ``node`` (Ann created it, Bob joined), its first move (Ann's "1", the Python room's)
    played; the room's id."""
    created = await ann.request(p.CreateRoom(game="subtraction", params={"n": n, "take": "1,2"}, seat=0), p.RoomCreated)
    room = created.room
    assert room in node.rooms
    await bob.request(p.Join(room=room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await ann.request(p.Move(room=room, ply=0, move="1"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)
    return room


def made_in(room: str, frames: list[bytes]) -> list[int]:
    """The plies of the ``move_made`` frames of ``room`` among ``frames``."""
    return [m.ply for m in map(p.decode_server, frames) if isinstance(m, p.MoveMade) and m.room == room]


def answers(client: Client, ref: Any) -> list[Any]:
    """Every message ``client`` received that carries ``ref``."""
    return [m for m in client.seen if getattr(m, "ref", None) == ref]


async def test_a_cluster_rooms_native_moves_are_written_from_c_to_its_players_on_its_node(make_cluster_node) -> None:
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, bob = await Client.hello(url(one), "Ann"), await Client.hello(url(one), "Bob")
    try:
        room = await table(one, ann, bob)
        a, b = conn_of(one, ann), conn_of(one, bob)
        fast = one.rooms[room].fast
        assert fast.outlets == (a.outlet, b.outlet)  # (routed by the room's shell, through the forwarder)
        by_python = python_sent(a), python_sent(b)
        written = one.native.frames_written
        for i in range(1, 7):
            mover, other = (bob, ann) if i % 2 else (ann, bob)
            made = await mover.request(p.Move(room=room, ply=i, move="1"), p.MoveMade)
            heard = await other.expect(p.MoveMade, ply=i)
            assert (made.seat, heard.seat, made.view) == (i % 2, i % 2, heard.view)
        assert by_python == ([], [])  # every move_made went out from C
        assert one.native.frames_written - written == 12 and fast.written >= 12
        assert not a.outlet.held and not b.outlet.held
        stored = await one.store.load_room(room)
        assert stored is not None and [m.text for m in stored.moves] == ["1"] * 7  # (in Redis before anyone heard)
        assert two.native.frames_written == 0
    finally:
        await ann.close()
        await bob.close()


async def test_a_player_on_the_other_node_gets_each_answer_once_and_the_seat_here_gets_its_frames_from_c(
    make_cluster_node,
) -> None:
    """Ann sits on the room's node, Carl on the other: Carl's moves are forwarded (the native room there takes
    them) and every answer of his comes back through his node's delivery exactly once; Ann's frames of every native
    move, hers and Carl's, are written from C."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, carl = await Client.hello(url(one), "Ann"), await Client.hello(url(two), "Carl")
    try:
        room = await table(one, ann, carl)
        a = conn_of(one, ann)
        by_python = python_sent(a)
        written = one.native.frames_written
        forwarded = one.placement.cluster.forwards_native  # type: ignore[attr-defined]
        plies = range(1, 11)
        asked: list[tuple[Client, Any]] = []  # (who, the ref of each move request)
        for i in plies:
            mover, other = (carl, ann) if i % 2 else (ann, carl)
            made = await mover.request(p.Move(room=room, ply=i, move="2"), p.MoveMade)
            await other.expect(p.MoveMade, ply=i)
            asked.append((mover, made.ref))
        # Carl's last question goes the way his answers came: once it is answered, every earlier answer is in.
        last = await carl.request(p.GetState(room=room, ref="last"), p.RoomState)
        assert last.ply == 11
        for mover, ref in asked:
            assert [type(m) for m in answers(mover, ref)] == [p.MoveMade]  # each request answered once
        carl_heard = [m.ply for m in carl.seen if isinstance(m, p.MoveMade)]
        assert carl_heard == sorted(set(carl_heard)) and set(plies) <= set(carl_heard)  # every move once, in order
        assert moves_made(by_python) == []  # Ann's frames: from C
        assert one.native.frames_written - written == len(plies)  # (Carl's go through the delivery to his node)
        assert one.placement.cluster.forwards_native - forwarded == len(plies) // 2  # type: ignore[attr-defined]
        assert forwards_of(two).awaiting == {} and forwards_of(two).held == {}
    finally:
        await ann.close()
        await carl.close()


async def test_a_seat_with_a_request_out_on_another_node_gets_its_frames_through_the_delivery(
    make_cluster_node,
) -> None:
    """Ann plays in a room on her node and in one on the other node: while her move there waits for its answer, her
    outlet here is held and her frames of the room here go through the cluster's delivery (which checks them against
    her request out); her request is answered once, and then the C writes her frames again."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, bob = await Client.hello(url(one), "Ann"), await Client.hello(url(one), "Bob")
    dan = await Client.hello(url(two), "Dan")
    try:
        here = await table(one, ann, bob)
        there = (
            await dan.request(p.CreateRoom(game="subtraction", params={"n": 50, "take": "1,2"}, seat=0), p.RoomCreated)
        ).room
        assert there in two.rooms
        await ann.request(p.Join(room=there), p.RoomState)
        await dan.request(p.Move(room=there, ply=0, move="1"), p.MoveMade)
        await ann.expect(p.MoveMade, ply=0, room=there)
        a, b = conn_of(one, ann), conn_of(one, bob)
        sid = ann.welcome.session  # type: ignore[union-attr]
        fast = one.rooms[here].fast
        assert not a.outlet.held and fast.outlets == (a.outlet, b.outlet)
        by_python = python_sent(a), python_sent(b)

        held = HeldStore(two)  # the room on the other node stores nothing until released
        await ann.send(p.Move(room=there, ply=1, move="2", ref="out"))
        await taken(two, there)  # (Ann's move there waits for its store: no answer yet)
        assert set(forwards_of(one).awaiting.get(sid, ())) == {"out"} and a.outlet.held and a.outlet.ready
        written = fast.written
        await bob.request(p.Move(room=here, ply=1, move="2"), p.MoveMade)  # Bob's frame: from C
        await ann.expect(p.MoveMade, ply=1, room=here)
        assert made_in(here, by_python[0]) == [1] and by_python[1] == []  # Ann's: the delivery's
        assert fast.written - written == 1

        held.release()
        made = await ann.expect(p.MoveMade, room=there, ply=1)
        assert made.ref == "out"
        await until(lambda: not a.outlet.held)  # her last request out is done with: free again
        assert forwards_of(one).held == {}
        mine = await ann.request(p.Move(room=here, ply=2, move="1"), p.MoveMade)
        await bob.expect(p.MoveMade, ply=2, room=here)
        assert made_in(here, by_python[0]) == [1] and by_python[1] == []  # (both from C again)
        assert fast.written - written == 3
        last = await ann.request(p.GetState(room=there, ref="last"), p.RoomState)  # (after every earlier answer)
        assert last.ply == 2
        assert [type(m) for m in answers(ann, "out")] == [p.MoveMade]  # answered exactly once
        assert [type(m) for m in answers(ann, mine.ref)] == [p.MoveMade]
    finally:
        for c in (ann, bob, dan):
            await c.close()


def _connected(outlet: Any) -> Session:
    """A session connected here through a connection with the native ``outlet``."""

    class Conn:
        pass

    conn = Conn()
    conn.outlet = outlet  # type: ignore[attr-defined]
    s = Session(id="s-1", token="t", name="Ann")
    s.conn = conn  # type: ignore[assignment]
    return s


def _outlet() -> Any:
    outlet = Native("room").outlet(object())
    outlet.ready = True  # (the connection says it may take a frame now)
    return outlet


async def test_an_outlet_is_held_from_the_first_request_out_until_the_last_is_done_with(cluster) -> None:  # noqa: F811
    c, host = cluster
    f = c.forwards
    outlet = _outlet()
    s = _connected(outlet)
    assert f.outlet("s-1", outlet) is outlet and not outlet.held  # no request out: free
    first, second = p.GetState(room="r-1", ref=7), p.GetState(room="r-2", ref=8)
    f.forward("n-dead", s, first)
    assert outlet.held
    f.forward("n-dead", s, second)
    c.delivery.send("s-1", p.encode(p.Pong(ref=7, server_time=0.0)))  # the first one's answer
    assert outlet.held  # (the second is still out)
    c.delivery.send("s-1", p.encode(p.Pong(ref=8, server_time=0.0)))
    assert not outlet.held and f.held == {}
    # A request sent again, then answered, is remembered (settled) a while: held until then.
    f.forward("n-dead", s, first)
    await c._check_nodes()  # (the node is dead: sent again)
    assert host.rerouted == [first] and outlet.held
    c.delivery.send("s-1", p.encode(p.Pong(ref=7, server_time=1.0)))
    assert f.awaiting == {} and "s-1" in f.settled and outlet.held  # (a second answer is still dropped)
    f.forget_settled(time.monotonic() + SETTLED_KEPT_S + 1)
    assert f.settled == {} and not outlet.held
    assert outlet.ready  # (the connection's own flag is not the forwarder's to touch)


async def test_an_outlet_routed_while_its_session_has_a_request_out_is_held(cluster) -> None:  # noqa: F811
    c, _ = cluster
    f = c.forwards
    old, new = _outlet(), _outlet()
    s = _connected(old)
    f.forward("n-dead", s, p.GetState(room="r-1", ref=7))
    assert old.held
    s.conn.outlet = new  # type: ignore[union-attr]  # (the session came back on a new connection, its request still out)
    assert f.outlet("s-1", new) is new and new.held  # routed by a room: held
    assert f.outlet("s-2", None) is None  # (a session with no connection here has no outlet)
    await c.registry.disconnected(s)  # the session's connection here is gone: nothing is out any more
    assert f.awaiting == {} and not new.held


async def test_a_move_passed_on_as_its_frame_gets_its_model_only_when_it_is_sent_again(cluster, monkeypatch) -> None:  # noqa: F811
    """(The sender's side of a forwarded plain move: no model is made for it, unless its node dies before answering
    or never answers; then the request is the codec's model, the one object it is known by from then on.)"""
    c, host = cluster
    f = c.forwards
    native = Native("room")
    s = _connected(None)
    frame = p.encode(p.Move(room="r-1", ply=3, move="2", ref=7))
    fields = native.move_fields(frame, 65536)
    assert fields is not None and (fields[1], fields[2]) == (7, "r-1")
    f.forward_move("n-dead", s, fields, frame)
    assert f.awaiting["s-1"][7].msg is fields  # (no model yet: its fields)
    await c._check_nodes()  # its node is dead: sent again, as its model
    (again,) = host.rerouted
    assert again == p.decode_client(frame) and f.awaiting["s-1"][7].msg is again
    assert f.still_awaited(s, again)
    c.forwards.forward("n-here", s, again)  # (where the room is now: the same request, not a new one)
    assert f.awaiting["s-1"][7].copies == 2
    # One that is never answered is answered here, from its model.
    other = p.encode(p.Move(room="r-2", ply=1, move="1", ref=8))
    f.forward_move("n-here", s, native.move_fields(other, 65536), other)
    monkeypatch.setattr(forwarding, "FORWARD_ANSWER_S", 0.0)
    f.recheck(None, time.monotonic() + 60)
    assert [type(m) for m in host.unanswered_msgs] == [p.Move, p.Move]
    assert {m.ref for m in host.unanswered_msgs} == {7, 8} and p.decode_client(other) in host.unanswered_msgs
