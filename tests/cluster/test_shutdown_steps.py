"""A cluster node's shutdown says its steps in the order it takes them, numbered as they come (issue 40, point 4)."""

from __future__ import annotations

import asyncio
import logging
import re

from grundy import protocol as p
from tests.server.e2e.wsclient import Client, url


async def test_a_cluster_node_logs_its_shutdown_steps_in_order(make_cluster_node, caplog) -> None:
    caplog.set_level(logging.INFO, logger="grundy")
    a = await make_cluster_node(node_id="a")
    await make_cluster_node(node_id="b")  # (takes a's room over)
    for _ in range(200):  # (a learns b's address as its leases are renewed)
        if len(a.presence.addresses()) >= 2:
            break
        await asyncio.sleep(0.05)
    assert len(a.presence.addresses()) >= 2, a.presence.addresses()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(a), "Bob")
    room = (await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)).room
    await bob.request(p.Join(room=room), p.RoomState)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    caplog.clear()
    await a.shutdown()
    said = [r.getMessage() for r in caplog.records if r.name == "grundy.node"]
    steps = [m for m in said if re.match(r"shutdown \d+/\d+: ", m)]
    numbers = [int(re.match(r"shutdown (\d+)/8: ", m)[1]) for m in steps]  # (8 steps in a cluster)
    assert numbers == sorted(numbers) and sorted(set(numbers)) == list(range(1, 9)), steps
    firsts = [next(m for m in steps if m.startswith(f"shutdown {i}/8")).split(": ", 1)[1] for i in range(1, 9)]
    assert firsts[0] == "no new connections" and "rooms handed over" in firsts[1]
    assert "finish their queued events" in firsts[2] and "clients told to move" in firsts[3]
    assert firsts[4].startswith("closing") and firsts[5:] == ["stopping bot workers", "closing the store",
                                                              "leaving the cluster"]  # fmt: skip
    assert said[-1] == "stopped"
    await ann.close()
    await bob.close()
