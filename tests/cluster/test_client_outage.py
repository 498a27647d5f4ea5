"""The client library through a Redis outage (issue 40, points 1 and 2): in-process cluster nodes, a real redis-server
killed (``kill -9``) and started again on its file.

A move sent during the outage is sent again by :class:`Connection` by itself until it is stored (once); the event
stream says once that the server is catching up and once that it caught up; a chat line (a second copy could say it
twice) is not sent again but reported at once; and the clock of the player to move stood still meanwhile.
"""

from __future__ import annotations

import asyncio
import time

from grundy import protocol as p
from grundy.client.connection import CatchingUp, CaughtUp, Connection, Refused, Resend
from tests.cluster.redisproc import RedisServer
from tests.server.e2e.wsclient import url

LEASE_MS = 600
OUTAGE_S = 4.0  # long beside the lease and the client's pause between copies
QUICK = Resend(first_s=0.05, every_s=0.2)  # (copies close together: the time a move waits after the outage is short)


async def _down_until(node, redis_server: RedisServer, condition) -> None:
    """Redis killed until the node has seen the outage and ``condition()`` holds, and OUTAGE_S has passed."""
    killed = time.monotonic()
    redis_server.kill()
    deadline = killed + 30
    while node.placement.cluster.outage.down_since is None or not condition() or time.monotonic() - killed < OUTAGE_S:
        assert time.monotonic() < deadline, "the node never saw the outage"
        await asyncio.sleep(0.05)
    redis_server.start()  # (on its append-only file)


async def test_a_move_made_during_an_outage_is_stored_once_it_is_over_and_its_clock_stood_still(
    make_cluster_node, redis_server: RedisServer
) -> None:
    node = await make_cluster_node(lease_ms=LEASE_MS)
    ann = Connection(url(node), "Ann", resend=QUICK)
    bob = Connection(url(node), "Bob", resend=QUICK)
    await ann.connect()
    await bob.connect()
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [5, 5]}, seat=0, time_control=p.TimeControl(initial_s=60))
    )
    assert isinstance(created, p.RoomCreated)
    room = created.room
    await bob.request(p.Join(room=room))
    await ann.request(p.Move(room=room, ply=0, move="1:1"))
    made = await bob.request(p.Move(room=room, ply=1, move="2:1"))
    assert isinstance(made, p.MoveMade) and made.clocks is not None
    before, at = made.clocks[0], made.server_time  # Ann's clock runs from here

    moving = asyncio.create_task(ann.request(p.Move(room=room, ply=2, move="1:2")))
    chatted: list[BaseException] = []

    async def chat() -> None:
        try:
            await bob.request(p.ChatSend(room=room, text="still there?"))
        except Refused as e:
            chatted.append(e)

    talk = asyncio.create_task(chat())
    await _down_until(node, redis_server, lambda: talk.done())
    (refused,) = chatted
    assert isinstance(refused, Refused) and refused.code == "unavailable" and not refused.resent

    stored = await asyncio.wait_for(moving, 60)  # sent again by the connection until it was stored
    assert isinstance(stored, p.MoveMade) and stored.ply == 2 and stored.clocks is not None
    charged = before - stored.clocks[0]
    outage = stored.server_time - at
    assert outage > OUTAGE_S and charged < outage - OUTAGE_S + 1.0, (charged, outage)

    # The room runs on as before: its clock runs again, with its flag armed (it never stays held).
    actor = node.rooms.get(room)
    deadline = time.monotonic() + 10
    while actor.room.held_at is not None or "flag" not in actor.room.deadlines() or "flag" not in actor.timers:
        assert time.monotonic() < deadline, "the room stayed held after the outage"
        await asyncio.sleep(0.05)
    state = await bob.request(p.GetState(room=room))
    assert isinstance(state, p.RoomState)
    assert [m.move for m in state.moves] == ["1:1", "2:1", "1:2"]  # played once
    said = [e for e in ann.pending_events() if isinstance(e, (CatchingUp, CaughtUp))]
    assert [type(e) for e in said] == [CatchingUp, CaughtUp], said
    assert said[1].after_s > OUTAGE_S - 1
    await ann.close()
    await bob.close()


async def test_a_bot_whose_room_cannot_be_made_yet_asks_again_once_the_store_is_back(
    make_cluster_node, redis_server: RedisServer, caplog
) -> None:
    """An SDK bot that says hello while the node settles after an outage (hello is answered, a room's write is not):
    its create_room is refused ``unavailable``, and it asks again until the room is made, once."""
    import logging

    from grundy.client.sdk import AsyncBot, Turn

    class First(AsyncBot):
        async def decide(self, turn: Turn) -> str:
            assert turn.legal_moves
            return turn.legal_moves[0]

    caplog.set_level(logging.INFO, logger="grundy.sdk")
    node = await make_cluster_node(lease_ms=3000)  # (it settles for 3 s after Redis is back)
    cluster = node.placement.cluster.outage
    redis_server.kill()
    await _soon_true(lambda: cluster.down_since is not None)
    redis_server.start()
    await _soon_true(lambda: cluster.down_since is None)
    assert not cluster.serving()  # settling: the bot's room cannot be made yet
    bot = First()
    results = await asyncio.wait_for(
        bot.play(url(node), "Sol", game="nim", params={"heaps": [2, 2]}, vs="bot:random", resend=QUICK), 60
    )
    (game,) = results
    assert game.outcome in ("win", "loss") and not game.failure
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "finding a game" in said and "asking again" in said, said
    made = [a for a in node.rooms.values() if any(s.name == "Sol" for s in a.room.seats)]
    assert len(made) == 1, "the room was made twice"


async def _soon_true(check, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
