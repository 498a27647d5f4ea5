"""Redis high availability (issue 27, point 4): a replicated primary behind three Sentinels.

All real processes on loopback: a primary, its replicas and three Sentinels (``redisproc.Replicated``,
down-after-milliseconds 1000), and two ``grundy serve --redis-sentinel ... --redis-master grundy``
nodes.  A game is in progress; the primary is killed (``kill -9``) with a move in flight; the
Sentinels promote a replica; the game goes on within 20 s of the promotion, and no move anyone
was told of is lost (a move is acknowledged only once a replica holds it: ``WAIT``).

Two replicas: with the default ``--redis-replicas 1`` the new primary needs a replica of its own
to acknowledge moves after the failover (the other replica, which the Sentinels point at it); with
one replica the game would wait until the old primary came back as a replica (docs/STORE.md).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from tests.cluster.procs import NodeProcess
from tests.cluster.redisproc import Replicated
from tests.server.e2e.wsclient import Client

GOES_ON_S = 20.0  # the game goes on this soon after the promotion


@pytest.fixture
async def replicated(tmp_path: Path) -> AsyncIterator[Replicated]:
    workdir = tmp_path / "redis"
    workdir.mkdir()
    rep = await asyncio.to_thread(Replicated(workdir, replicas=2).start)
    try:
        yield rep
    finally:
        await asyncio.to_thread(rep.stop)


async def _answer(client: Client, msg: Any) -> Any:
    """Send ``msg`` with a fresh ref; its answer (the message carrying that ref)."""
    ref = client.next_ref()
    await client.send(msg.model_copy(update={"ref": ref}))
    return await client.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref, timeout=20)


async def test_a_killed_primary_is_replaced_and_no_acknowledged_move_is_lost(replicated, tmp_path) -> None:
    sentinels = replicated.sentinel_addresses
    a = await NodeProcess.start("", tmp_path, "a", sentinel=sentinels)
    b = await NodeProcess.start("", tmp_path, "b", sentinel=sentinels)
    try:
        ann = await Client.hello(a.url, "Ann")
        bob = await Client.hello(b.url, "Bob")
        created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [9, 9, 9]}, seat=0), p.RoomCreated)
        room = created.room
        await bob.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        players = (ann, bob)
        acknowledged: list[str] = []  # every move someone was told of, in order
        for ply in range(4):
            move = f"{ply % 3 + 1}:1"
            made = await _answer(players[ply % 2], p.Move(room=room, ply=ply, move=move))
            assert isinstance(made, p.MoveMade), made
            await players[(ply + 1) % 2].expect(p.MoveMade, ply=ply)
            acknowledged.append(move)

        # A move in flight as the primary dies: it is acknowledged or not, never half.
        await ann.send(p.Move(room=room, ply=4, move="1:1", ref=ann.next_ref()))
        replicated.primary.kill()
        killed = time.monotonic()
        promoted = await asyncio.to_thread(replicated.promoted)
        promoted_at = time.monotonic()

        # The game goes on: each player sends its move (at the ply the room says) until one is accepted.
        while True:
            assert time.monotonic() - promoted_at < GOES_ON_S, "the game did not go on after the promotion"
            state = await _answer(bob, p.GetState(room=room))
            if isinstance(state, p.RoomState) and state.ply >= 6:
                break
            if isinstance(state, p.RoomState):
                mover = players[state.ply % 2]
                made = await _answer(mover, p.Move(room=room, ply=state.ply, move="2:1"))
                if isinstance(made, p.MoveMade):
                    continue
                assert isinstance(made, p.Error) and made.code in ("unavailable", "stale_ply"), made
            else:
                assert isinstance(state, p.Error) and state.code == "unavailable", state
            await asyncio.sleep(0.2)
        went_on = time.monotonic() - promoted_at

        # Nothing anyone heard of is lost: the log starts with every acknowledged move.
        record = await _answer(ann, p.GetState(room=room))
        assert isinstance(record, p.RoomState)
        moves = [m.move for m in record.moves]
        assert moves[: len(acknowledged)] == acknowledged, (moves, acknowledged)
        assert record.ply == len(moves) >= 6
        # Both players agree with the log (the node that runs the room told everyone its state).
        other = await _answer(bob, p.GetState(room=room))
        assert [m.move for m in other.moves] == moves
        # Both nodes reached the new primary through the Sentinels.
        assert promoted.port != replicated.primary.port
        for node in (a, b):
            assert node.proc.returncode is None, node.log.read_text()
        print(f"promoted {promoted_at - killed:.1f} s after the kill; the game went on {went_on:.1f} s later")
        await ann.close()
        await bob.close()
    finally:
        await a.stop()
        await b.stop()
