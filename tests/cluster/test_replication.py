"""What a replica must hold before a move is acknowledged (``--redis-replicas``, ``WAIT``), and the format
version of a room's stored row (issue 27, points 4 and 3): in-process nodes on real redis-servers."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from grundy import protocol as p
from grundy.server.cluster.store import ROOM_FORMAT
from tests.cluster.redisproc import RedisServer
from tests.server.e2e.wsclient import Client, nim_table


async def _answer(client: Client, msg: Any, timeout: float = 20) -> Any:
    """Send ``msg`` with a fresh ref; its answer (the message carrying that ref)."""
    ref = client.next_ref()
    await client.send(msg.model_copy(update={"ref": ref}))
    return await client.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref, timeout=timeout)


async def test_a_move_no_replica_holds_is_refused_unavailable_and_the_room_is_run_again_from_the_store(
    make_cluster_node, redis_server: RedisServer, tmp_path: Path, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="grundy")
    (tmp_path / "replica").mkdir()
    replica = RedisServer(tmp_path / "replica", replica_of=redis_server).start()
    try:
        await asyncio.to_thread(redis_server.wait_replicated, 1)
        node = await make_cluster_node(replicas=1, wait_ms=1000)  # (a loaded machine answers WAIT late)
        # One replica, and a move waits for one: the node says what that gives up (a lost primary host stops play).
        (warned,) = [r for r in caplog.records if "if the primary's host is lost" in r.getMessage()]
        assert warned.levelno == logging.WARNING and "run 2 replicas" in warned.getMessage()
        ann, bob, room = await nim_table(node)
        made = await _answer(ann, p.Move(room=room, ply=0, move="1:1"))
        assert isinstance(made, p.MoveMade), made
        await bob.expect(p.MoveMade, ply=0)

        replica.kill()  # the primary goes on alone: what it stores now, no replica holds
        refused = await _answer(bob, p.Move(room=room, ply=1, move="2:1"))
        assert isinstance(refused, p.Error) and refused.code == "unavailable", refused
        await asyncio.sleep(0.5)
        assert not [m for m in ann.drain() if isinstance(m, p.MoveMade)], "a move no replica holds was broadcast"
        # Meanwhile: refused too, and nobody is told of any move.
        again = await _answer(bob, p.Move(room=room, ply=1, move="2:1"))
        assert isinstance(again, p.Error) and again.code == "unavailable", again
        said = " ".join(rec.getMessage() for rec in caplog.records)
        assert "0 of 1 replicas acknowledged it in 1000 ms" in said, said

        # The replica comes back and catches up: the room is run again from what the store holds (the primary
        # had stored the refused move), and both players are told its state.
        replica.start()
        state = await bob.expect(p.RoomState, room=room, timeout=20)
        moves = [m.move for m in state.moves]
        assert moves == ["1:1", "2:1"] and state.ply == 2  # (the primary kept the refused move: nobody lost it)
        theirs = await ann.expect(p.RoomState, room=room, timeout=20)
        assert [m.move for m in theirs.moves] == moves
        # The move sent again at the old ply is refused as stale; play goes on at the room's ply.
        stale = await _answer(bob, p.Move(room=room, ply=1, move="2:1"))
        assert isinstance(stale, p.Error) and stale.code == "stale_ply", stale
        mover = (ann, bob)[state.ply % 2]
        deadline = time.monotonic() + 20
        while True:
            made = await _answer(mover, p.Move(room=room, ply=state.ply, move="3:1"))
            if isinstance(made, p.MoveMade):
                break
            assert isinstance(made, p.Error) and made.code == "unavailable", made
            assert time.monotonic() < deadline, "play did not go on once the replica was back"
            await asyncio.sleep(0.2)
        await (bob if mover is ann else ann).expect(p.MoveMade, ply=state.ply)
        await ann.close()
        await bob.close()
    finally:
        replica.stop()


async def test_a_room_of_an_unknown_format_is_left_to_a_node_that_reads_it(
    make_cluster_node, redis_server: RedisServer, caplog
) -> None:
    caplog.set_level(logging.WARNING, logger="grundy.cluster")
    old = await make_cluster_node(node_id="old")
    ann, bob, room = await nim_table(old)
    made = await _answer(ann, p.Move(room=room, ply=0, move="1:1"))
    assert isinstance(made, p.MoveMade), made
    r = aioredis.Redis.from_url(redis_server.url)
    try:
        assert int(await r.hget(f"grundy:room:{room}", "format")) == ROOM_FORMAT  # (every room's row says it)
        # A room as a newer version would store it (format ROOM_FORMAT + 1), whose node died: its lease lapsed.
        newer = "r-newer"
        row = await r.hgetall(f"grundy:room:{room}")
        row.update({b"id": newer.encode(), b"format": str(ROOM_FORMAT + 1).encode()})
        await r.hset(f"grundy:room:{newer}", mapping=row)
        await r.rpush(f"grundy:room:{newer}:moves", *await r.lrange(f"grundy:room:{room}:moves", 0, -1))
        await r.zadd("grundy:rooms:live", {newer: time.time()})
        # The old node's sweeps (every half lease) find it: it is never taken over, and why is said once.
        said: list[str] = []
        deadline = time.monotonic() + 15
        while not said and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            assert await r.get(f"grundy:room:{newer}:lease") is None, "a node took over a room it cannot read"
            said = [rec.getMessage() for rec in caplog.records if newer in rec.getMessage()]
        await asyncio.sleep(1.6)  # three sweeps more
        assert await r.get(f"grundy:room:{newer}:lease") is None, "a node took over a room it cannot read"
        said = [rec.getMessage() for rec in caplog.records if newer in rec.getMessage()]
        assert any(f"stored in format {ROOM_FORMAT + 1}" in m and "does not read" in m for m in said), said
        assert len([m for m in said if "not taken over" in m]) == 1, said  # (said once, not every sweep)
        # A client asking the old node for the room is told to come back, not that it does not exist.
        refused = await _answer(ann, p.Spectate(room=newer))
        assert isinstance(refused, p.Error) and refused.code == "unavailable", refused
        # A node that reads the format takes it over, with its moves.
        await make_cluster_node(node_id="new", room_formats=frozenset({ROOM_FORMAT, ROOM_FORMAT + 1}))
        deadline = time.monotonic() + 10
        while (lease := await r.get(f"grundy:room:{newer}:lease")) is None:
            assert time.monotonic() < deadline, "the node that reads the format did not take the room over"
            await asyncio.sleep(0.1)
        assert lease.decode().startswith("new|")
        state = await _answer(ann, p.GetState(room=newer))  # (through the old node, forwarded to the new one)
        assert isinstance(state, p.RoomState) and [m.move for m in state.moves] == ["1:1"], state
        assert (await r.get(f"grundy:room:{room}:lease")).decode().startswith("old|")  # (the old node's room stays)
        await ann.close()
        await bob.close()
    finally:
        await r.aclose()
