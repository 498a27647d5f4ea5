"""Slow readers: a connection's unsent output is bounded in bytes; past it, 1008 and the memory is freed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from grundy import protocol as p
from grundy.server.gateway import Connection
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, nim_table, url

BIG = {"width": 64, "height": 64, "mines": 500, "players": 1}  # a player's snapshot: 4,096 legal moves, ~31 KB
UNLIMITED = {"requests_per_s": 1e6, "burst": 1e6, "abuse_strikes": 1e6}


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait (polling the node's state) until ``condition`` holds."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def sloth_at_work(node: Node) -> tuple[Client, Connection, str, int]:
    """A client with a big room that stops reading and asks for snapshots until the node starts closing it.

    Returns the client, the node's side of its connection, the room and the most the node ever held unsent for it.
    """
    sloth = await Client.hello(url(node), "Sloth")
    assert sloth.welcome is not None
    room = (await sloth.request(p.CreateRoom(game="minesweeper", params=BIG, seat=0), p.RoomCreated)).room
    frame = len(sloth.frames[-1])
    conn = node.sessions.by_id[sloth.welcome.session].conn
    assert isinstance(conn, Connection)
    sloth.ws.transport.pause_reading()  # from here on nothing is read
    held = 0
    for _ in range(5000):  # the kernel's socket buffers take some megabytes first
        await sloth.send(p.GetState(room=room))
        await asyncio.sleep(0)
        held = max(held, conn.unsent_bytes())
        if conn.closing:
            break
    assert conn.closing, "the node never closed a client that does not read"
    assert frame > 20_000
    return sloth, conn, room, held


@pytest.mark.parametrize("limit", [16 * 1024, 256 * 1024])
@pytest.mark.embedded_only
async def test_a_reader_that_stops_reading_is_closed_with_1008_and_its_output_dropped(
    make_node: NodeFactory, limit: int
) -> None:
    # 16 KiB: below the transport's own buffer limit (32 KiB), so only the bytes in the transport's
    # buffer can trip it (frames written straight to the socket count); 256 KiB: the queued frames.
    node = await make_node(max_unsent_bytes=limit, unsent_close_s=30.0, **UNLIMITED)
    ann, bob, nim = await nim_table(node)
    sloth, conn, _, held = await sloth_at_work(node)
    assert held <= limit + 40_000  # never more than the bound and one frame
    assert not conn.out and conn.out_bytes == 0  # what waited was dropped at once
    # What the transport holds (its 32 KiB flow-control mark and the frames that crossed it) stays
    # until the socket takes it or the connection is aborted.
    assert conn.unsent_bytes() <= 2**15 + 3 * 40_000
    # The others never waited for it.
    await ann.request(p.Move(room=nim, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)
    # Reading again, the sloth gets what the socket held, then the close frame: 1008.
    sloth.ws.transport.resume_reading()
    code, reason = await sloth.wait_closed()
    assert code == 1008 and "not reading" in reason
    await until(lambda: conn not in node.connections)
    assert isinstance(await bob.request(p.Ping(), p.Pong), p.Pong)


@pytest.mark.embedded_only
async def test_a_reader_that_never_reads_again_is_aborted_and_its_seat_kept(make_node: NodeFactory) -> None:
    node = await make_node(max_unsent_bytes=128 * 1024, unsent_close_s=0.5, grace_s=30.0, **UNLIMITED)
    ann, bob, nim = await nim_table(node)
    sloth, conn, room, _ = await sloth_at_work(node)
    # Its close frame cannot be written (the socket is full and nobody reads): the node aborts it.
    await until(lambda: conn not in node.connections)
    assert conn.unsent_bytes() == 0 and not conn.out
    await ann.request(p.Move(room=nim, ply=0, move="2:2"), p.MoveMade)
    await bob.request(p.Move(room=nim, ply=1, move="3:3"), p.MoveMade)
    # Its session and room are kept for the grace period: it resumes and reads its room again.
    assert sloth.welcome is not None
    again = await Client.resume(url(node), sloth.welcome.token)
    assert again.welcome is not None and room in again.welcome.rooms
    state = await again.request(p.GetState(room=room), p.RoomState)
    assert state.status == "playing"
    sloth.drop()


@pytest.mark.embedded_only
async def test_a_reader_that_catches_up_gets_every_frame_in_order_and_its_queue_is_freed(
    make_node: NodeFactory,
) -> None:
    node = await make_node(max_unsent_bytes=64 * 1024 * 1024, **UNLIMITED)
    slow = await Client.hello(url(node), "Slow")
    assert slow.welcome is not None
    room = (await slow.request(p.CreateRoom(game="minesweeper", params=BIG, seat=0), p.RoomCreated)).room
    conn = node.sessions.by_id[slow.welcome.session].conn
    assert isinstance(conn, Connection)
    assert conn.out is None  # nothing ever waited: no queue (its frames went straight to the socket)
    slow.ws.transport.pause_reading()
    sent = 0
    while conn.out is None and sent < 5000:  # until the socket is full and frames wait in the node
        await slow.send(p.GetState(room=room, ref=f"q{sent}"))
        sent += 1
        await asyncio.sleep(0)
    assert conn.out is not None, "no frame ever waited"
    for _ in range(5):  # some more behind them
        await slow.send(p.GetState(room=room, ref=f"q{sent}"))
        sent += 1
    slow.ws.transport.resume_reading()

    def answers() -> list[str]:
        return [m.ref for m in slow.inbox if isinstance(m, p.RoomState) and str(m.ref).startswith("q")]

    await until(lambda: len(answers()) >= sent)
    assert answers() == [f"q{i}" for i in range(sent)]  # every one, in order
    await until(lambda: conn.writer is None)
    assert conn.out is None and conn.out_bytes == 0 and not conn.closing  # the queue freed, the connection on
    assert isinstance(await slow.request(p.Ping(), p.Pong), p.Pong)
