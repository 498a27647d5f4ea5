"""A player's other device keeps its seat's view when the room's node stops and another takes the room over.

Two `grundy serve --redis` processes.  Bob plays from a laptop on the first node; his phone, on the
second, opens the game and is his seat there.  The first node is stopped (SIGTERM: its rooms handed
over): the room now runs on the second node, and the phone is still Bob's seat there: it hears the game
as his seat and moves for him.
"""

from __future__ import annotations

import asyncio
import signal
import time

from grundy import protocol as p
from tests.cluster.test_client_failover import _knows
from tests.server.e2e.test_node_players import hello
from tests.server.e2e.wsclient import Client


async def test_a_players_other_device_is_its_seat_after_the_room_moved(nodes) -> None:
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    await _knows(one, two)
    c = await Client.open(two.url)
    secret = (await c.request(p.Register(name="Bob"), p.Registered)).secret
    await c.ws.close()
    ann = await hello(one.url, "Ann")
    laptop = await hello(one.url, "Bob", secret)
    phone = await hello(two.url, "Bob", secret)
    try:
        assert laptop.welcome is not None
        challenge = p.Challenge(to=laptop.welcome.session, game="nim", params={"heaps": [3, 3]})
        made = await ann.request(challenge, p.RoomCreated)
        await laptop.expect(p.Challenged, room=made.room)  # (Bob answers what he was told of, as a person does)
        await laptop.request(p.AcceptChallenge(room=made.room), p.RoomState)
        mine = await phone.request(p.Spectate(room=made.room), p.RoomState)
        assert mine.you == 1
        await ann.request(p.Move(room=made.room, ply=0, move="1:1"), p.MoveMade)
        await phone.expect(p.MoveMade, room=made.room, ply=0)

        one.proc.send_signal(signal.SIGTERM)  # the room is handed over to n2, where the phone is
        assert await asyncio.wait_for(one.proc.wait(), 30) == 0  # (n1 has stopped: the room runs on n2)
        deadline = time.monotonic() + 30
        while True:  # (while the room is handed over a move may be refused: sent again)
            phone.drain()
            reply = await phone.request(p.Move(room=made.room, ply=1, move="2:1"), timeout=15)
            if isinstance(reply, p.MoveMade):
                break
            assert time.monotonic() < deadline, f"the phone never moved for Bob: {reply}"
            await asyncio.sleep(0.3)
        assert reply.seat == 1
        state = await phone.request(p.GetState(room=made.room), p.RoomState)
        assert state.you == 1 and state.ply == 2 and state.seats[1].player == "Bob"
    finally:
        for client in (ann, laptop, phone):
            await client.close()
