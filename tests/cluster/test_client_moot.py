"""A move sent again through a Redis outage that the game overtakes (issue 40, points 1 and 5): in-process cluster
nodes, a real redis-server killed (``kill -9``) and started again on its file.

The connection says once that the server is catching up; when the game ends while the move waits for its next copy,
it says that the server caught up (with the game over) before the game's end reaches the client, and the copy goes at
once: its answer (``game_over``, the request sent more than once) ends the request, long before its pause would have.
"""

from __future__ import annotations

import asyncio
import time

from grundy import protocol as p
from grundy.client.connection import CatchingUp, CaughtUp, Connection, Refused, Resend
from tests.cluster.redisproc import RedisServer
from tests.server.e2e.wsclient import url

LEASE_MS = 600
SLOW = Resend(first_s=30.0, every_s=30.0, jitter=0.0)  # (the next copy would wait long: only the game's end sends it)


async def _soon(check, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def test_a_game_that_ends_while_a_move_is_sent_again_closes_the_notice_before_its_end(
    make_cluster_node, redis_server: RedisServer
) -> None:
    node = await make_cluster_node(lease_ms=LEASE_MS)
    outage = node.placement.cluster.outage
    ann = Connection(url(node), "Ann", resend=SLOW)
    bob = Connection(url(node), "Bob")
    await ann.connect()
    await bob.connect()
    try:
        created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0))
        assert isinstance(created, p.RoomCreated)
        room = created.room
        await bob.request(p.Join(room=room))

        redis_server.kill()
        await _soon(lambda: outage.down_since is not None)
        moving = asyncio.create_task(ann.request(p.Move(room=room, ply=0, move="1:1")))
        await ann.wait_for(lambda ev: isinstance(ev, CatchingUp), 10)
        redis_server.start()  # (on its append-only file)
        await _soon(outage.serving)

        resigned = time.monotonic()
        await bob.request(p.Resign(room=room))
        with_end: list[object] = []
        while not any(isinstance(ev, p.GameOver) for ev in with_end):
            with_end.append(await ann.next_event(10))
        with_end += ann.pending_events()
        said = [ev for ev in with_end if isinstance(ev, (CaughtUp, CatchingUp, p.GameOver))]
        assert [type(ev) for ev in said][:2] == [CaughtUp, p.GameOver], said
        caught_up = said[0]
        assert isinstance(caught_up, CaughtUp) and caught_up.ended

        try:
            await asyncio.wait_for(moving, 10)
            raise AssertionError("a move was stored in a game that had ended")
        except Refused as e:
            assert e.code == p.ErrorCode.GAME_OVER and e.resent
        assert time.monotonic() - resigned < 10  # (not after its pause of 30 s)
        assert not any(isinstance(ev, (CatchingUp, CaughtUp)) for ev in ann.pending_events())  # said once each
        state = await bob.request(p.GetState(room=room))
        assert isinstance(state, p.RoomState) and state.moves == [] and state.status == "finished"
    finally:
        await ann.close()
        await bob.close()
