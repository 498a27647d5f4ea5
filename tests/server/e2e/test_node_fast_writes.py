"""A native move's frames written by the C through the seats' outlets (server/native.py ``Outlet``), and every case
where Python keeps them: real nodes, real sockets.

A stored native move's two ``move_made`` frames go to the transports' ``write`` from C while each connection's
outlet says it may (``Connection.refresh_outlet``: open, not closing, nothing queued, websockets sending nothing
else, not paused by flow control); a paused transport, frames queued in the node, a closing or a closed connection
and a write that raises all leave the frame to the Python path (``Sessions.send`` -> ``Connection.send``), in
order behind whatever waits.  The rooms play subtraction, whose plain moves the native room takes from the second
move on.  Which path a frame took is seen from the gateway: a frame through ``Connection.send`` is the Python's.
"""

from __future__ import annotations

import asyncio
import collections
import os
from typing import Any

import pytest
from websockets.protocol import State

from grundy import protocol as p
from grundy.server.config import NodeConfig
from grundy.server.gateway import Connection
from grundy.server.native import Native
from grundy.server.node import Node
from tests.server.e2e.test_node_commit import stored_moves
from tests.server.e2e.test_node_fast_moves import subtraction_table
from tests.server.e2e.test_node_slow_readers import BIG, UNLIMITED, until
from tests.server.e2e.wsclient import Client, NodeFactory

pytestmark = [
    pytest.mark.embedded_only,  # (both players on one node; a cluster node's: tests/cluster/test_native_outlets.py)
    pytest.mark.skipif(
        (not Native("room").room and os.environ.get("CI") != "true") or NodeConfig().native != "room",
        reason="the native move path is not built (or is off)",
    ),
]


def conn_of(node: Node, client: Client) -> Connection:
    assert client.welcome is not None
    conn = node.sessions.by_id[client.welcome.session].conn
    assert isinstance(conn, Connection) and conn.outlet is not None
    return conn


def python_sent(conn: Connection) -> list[bytes]:
    """From now on, every frame ``conn`` is given by the Python path (its ``send``), in a list."""
    sent: list[bytes] = []
    send = conn.send

    def spy(data: bytes) -> None:
        sent.append(data)
        send(data)

    conn.send = spy  # type: ignore[method-assign]
    return sent


class HeldStore:
    """The group commit's store with its writes held until :meth:`release` (a move taken meanwhile waits, its room's
    shell busy, for the store: the embedded store writes inline, so nothing else could come in between)."""

    def __init__(self, node: Node) -> None:
        self.commit = node.commit
        self.inner = node.commit.store
        self.released = asyncio.Event()
        self.commit.store = self  # type: ignore[assignment]

    async def write(self, writes: Any) -> None:
        await self.released.wait()
        await self.inner.write(writes)

    def release(self) -> None:
        self.released.set()
        self.commit.store = self.inner


async def taken(node: Node, room: str) -> None:
    """Until the room's native twin has taken a move and its shell waits for the store."""
    await until(lambda: node.rooms[room].committing)


def moves_made(frames: list[bytes]) -> list[int]:
    """The plies of the ``move_made`` frames among ``frames``."""
    return [m.ply for m in map(p.decode_server, frames) if isinstance(m, p.MoveMade)]


async def test_both_frames_of_a_native_move_are_written_by_the_c_when_both_connections_may_take_them(
    node: Node,
) -> None:
    ann, bob, room = await subtraction_table(node)
    a, b = conn_of(node, ann), conn_of(node, bob)
    assert node.rooms[room].fast.outlets == (a.outlet, b.outlet)  # (routed by the room's shell)
    by_python = python_sent(a), python_sent(b)
    for i in range(1, 7):
        mover, other = (bob, ann) if i % 2 else (ann, bob)
        made = await mover.request(p.Move(room=room, ply=i, move="1"), p.MoveMade)
        heard = await other.expect(p.MoveMade, ply=i)
        assert (made.seat, heard.seat, made.view, made.server_time) == (i % 2, i % 2, heard.view, heard.server_time)
    assert by_python == ([], [])  # (every move_made went out from C)
    assert a.outlet.ready and b.outlet.ready
    assert stored_moves(node, room) == ["1"] * 7


async def test_the_outlet_is_ready_only_while_a_frame_would_go_straight_out(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    conn = conn_of(node, ann)
    outlet = conn.outlet
    assert outlet.ready
    conn.out = collections.deque([b"waiting"])  # a frame queued in the node
    conn.refresh_outlet()
    assert not outlet.ready
    conn.out = None
    conn.refresh_outlet()
    assert outlet.ready
    conn.ws.pause_writing()  # (as the transport calls it past its high-water mark)
    assert not outlet.ready
    conn.ws.resume_writing()  # (and below its low-water mark: the gateway asks afresh)
    assert outlet.ready
    conn.session = None  # not its session's connection (a resume elsewhere)
    conn.refresh_outlet()
    assert not outlet.ready
    conn.session = node.sessions.by_id[ann.welcome.session]  # type: ignore[union-attr]
    conn.refresh_outlet()
    assert outlet.ready
    await bob.request(p.Move(room=room, ply=1, move="2"), p.MoveMade)
    await ann.expect(p.MoveMade, ply=1)


async def test_a_paused_connection_gets_its_frame_behind_what_waits_and_the_other_seat_at_once(
    make_node: NodeFactory,
) -> None:
    node = await make_node(max_unsent_bytes=64 * 1024 * 1024, **UNLIMITED)
    ann, bob, room = await subtraction_table(node)
    big = (await ann.request(p.CreateRoom(game="minesweeper", params=BIG, seat=0), p.RoomCreated)).room
    a, b = conn_of(node, ann), conn_of(node, bob)
    ann.ws.transport.pause_reading()  # Ann stops reading: the node's transport to her fills and pauses
    sent = 0
    while not a.ws.paused and sent < 5000:
        await ann.send(p.GetState(room=big, ref=f"q{sent}"))
        sent += 1
        await asyncio.sleep(0)
    assert a.ws.paused and not a.outlet.ready
    by_python = python_sent(a), python_sent(b)
    await bob.send(p.Move(room=room, ply=1, move="2"))
    await bob.expect(p.MoveMade, ply=1)  # Bob's own copy: written from C at once
    await until(lambda: bool(by_python[0]))
    assert moves_made(by_python[0]) == [1] and by_python[1] == []  # Ann's: the Python path's, queued
    assert a.writer is not None and a.outlet.ready is False
    ann.ws.transport.resume_reading()
    await ann.expect(p.MoveMade, ply=1)
    kinds = p.RoomState | p.MoveMade
    order = [m.ref if isinstance(m, p.RoomState) else "made" for m in ann.seen if isinstance(m, kinds)]
    assert order[-sent - 1 :] == [*(f"q{i}" for i in range(sent)), "made"]  # behind every snapshot asked for before
    await until(lambda: a.writer is None)
    assert a.outlet.ready  # the queue drained, the transport flowing: the C writes Ann's frames again
    await ann.request(p.Move(room=room, ply=2, move="1"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=2)
    assert moves_made(by_python[0]) == [1] and by_python[1] == []


async def test_a_move_stored_while_frames_wait_in_the_node_goes_behind_them(make_node: NodeFactory) -> None:
    node = await make_node(max_unsent_bytes=64 * 1024 * 1024, **UNLIMITED)
    ann, bob, room = await subtraction_table(node)
    a = conn_of(node, ann)
    held = HeldStore(node)
    # Frames wait in the node for Ann while her transport takes data again (the writer has not drained them yet).
    a.ws.pause_writing()
    for i in range(3):
        a.send(p.encode(p.Pong(ref=f"w{i}", server_time=0.0)))
    assert a.out and not a.outlet.ready
    by_python = python_sent(a)
    await bob.send(p.Move(room=room, ply=1, move="2"))
    await taken(node, room)
    held.release()  # the move is stored in the next loop turn, before the gateway's writer has run ...
    a.ws.resume_writing()  # ... though the transport takes data again
    assert not a.outlet.ready  # (frames wait: the next ones go behind them)
    await ann.expect(p.MoveMade, ply=1)
    order = [m.ref if isinstance(m, p.Pong) else "made" for m in ann.seen if isinstance(m, p.Pong | p.MoveMade)]
    assert order[-4:] == ["w0", "w1", "w2", "made"]  # in the order the node was given them
    assert moves_made(by_python) == [1]  # the Python path's, behind them
    await bob.expect(p.MoveMade, ply=1)
    await until(lambda: a.writer is None)
    assert a.outlet.ready


async def test_a_connection_closed_before_its_move_is_stored_gets_nothing_and_the_other_seat_its_frame(
    node: Node,
) -> None:
    ann, bob, room = await subtraction_table(node)
    a, b = conn_of(node, ann), conn_of(node, bob)
    outlet = a.outlet
    held = HeldStore(node)
    by_python = python_sent(b)
    await bob.send(p.Move(room=room, ply=1, move="2"))
    await taken(node, room)
    ann.drop()  # Ann's socket goes away while the move is being stored
    await until(lambda: a not in node.connections)
    assert outlet.ready is False and outlet.transport is None  # (let go when the transport was lost)
    held.release()
    await bob.expect(p.MoveMade, ply=1)
    assert moves_made(by_python) == []  # Bob's frame from C (Ann's going is the Python path's news)
    assert stored_moves(node, room) == ["1", "2"]


async def test_a_closing_connection_is_not_written_to(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    a = conn_of(node, ann)
    held = HeldStore(node)
    await bob.send(p.Move(room=room, ply=1, move="2"))
    await taken(node, room)
    a.close(1000, "going")  # the node closes Ann's connection while the move is being stored
    assert not a.outlet.ready
    held.release()
    code, _ = await ann.wait_closed()
    assert code == 1000
    await bob.expect(p.MoveMade, ply=1)
    assert not [m for m in ann.inbox if isinstance(m, p.MoveMade) and m.ply == 1]  # nothing after the close frame


async def test_a_write_that_raises_aborts_that_connection_and_the_other_seat_hears(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    a = conn_of(node, ann)
    transport: Any = a.ws.transport

    def broken(data: bytes) -> None:
        raise OSError("the socket is gone")

    try:
        transport.write = broken  # (the C calls the transport's write by its name: it finds this one)
    except AttributeError:
        pytest.skip("this event loop's transport takes no attribute")
    by_python = python_sent(a)
    await bob.request(p.Move(room=room, ply=1, move="2"), p.MoveMade)
    await until(lambda: a not in node.connections)  # aborted, as write_now aborts on a failed write
    await ann.wait_closed()
    assert moves_made(by_python) == []  # (the C's write raised: not sent again by Python)
    assert stored_moves(node, room) == ["1", "2"]


async def test_a_connection_whose_peer_said_close_is_not_written_to(node: Node) -> None:
    ann, bob, room = await subtraction_table(node)
    a = conn_of(node, ann)
    held = HeldStore(node)
    await bob.send(p.Move(room=room, ply=1, move="2"))
    await taken(node, room)
    closing = asyncio.ensure_future(ann.ws.close(1000, "bye"))  # Ann's close frame reaches the node ...
    await until(lambda: a.ws.protocol.state is not State.OPEN)
    assert not a.outlet.ready  # ... whose websockets' state is no longer open: the outlet is off at once
    held.release()
    await bob.expect(p.MoveMade, ply=1)
    await closing
    assert not [m for m in ann.seen if isinstance(m, p.MoveMade) and m.ply == 1]
