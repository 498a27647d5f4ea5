"""A cluster's metrics on a real redis-server: leases held, requests forwarded between nodes, take-overs.

Two nodes in this process, each scraped on its own port (``GET /metrics``); then the same as
processes (``grundy serve --redis``), scraped from outside.
"""

from __future__ import annotations

import asyncio

from grundy import protocol as p
from tests.server.e2e.wsclient import Client, Scraped, scrape, url


async def _scrape(node) -> Scraped:  # type: ignore[no-untyped-def]
    return await asyncio.to_thread(scrape, node.port)


async def test_leases_forwarded_requests_and_a_take_over_show_on_each_node(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)  # (b passes it to a, which runs the room)
    await ann.expect(p.RoomState, status="playing")
    await ann.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)
    err = await bob.error(p.Move(room=created.room, ply=0, move="1:1"))  # (refused on a, for a session on b)
    assert err.code in (p.ErrorCode.STALE_PLY, p.ErrorCode.NOT_YOUR_TURN)

    on_a, on_b = await _scrape(a), await _scrape(b)
    assert on_a.get_value("grundy_leases_held", kind="room") == 1
    assert on_b.get_value("grundy_leases_held", kind="room") == 0
    assert on_b.get_value("grundy_forwarded_requests_total", direction="sent") >= 2  # the join and the move
    assert on_a.get_value("grundy_forwarded_requests_total", direction="received") >= 2
    assert on_a.get_value("grundy_forwarded_requests_total", direction="sent") == 0
    assert on_a.get_value("grundy_moves_accepted_total") == 1 and on_b.get_value("grundy_moves_accepted_total") == 0
    assert on_a.get_value("grundy_rooms", state="playing") == 1 and on_b.get_value("grundy_rooms", state="playing") == 0
    assert on_a.total("grundy_errors_total") == 1  # (the room that refused counts it, wherever its asker is)
    assert on_a.get_value("grundy_request_seconds_count", type="join") >= 1  # (handled there as a forwarded request)
    assert on_b.get_value("grundy_takeovers_total", kind="room") == 0

    await a.shutdown()  # (gives its rooms up: b's next sweep takes this one over)
    deadline = asyncio.get_running_loop().time() + 15
    while (await _scrape(b)).get_value("grundy_leases_held", kind="room") != 1:
        assert asyncio.get_running_loop().time() < deadline, "b never took the room over"
        await asyncio.sleep(0.1)
    await bob.request(p.Move(room=created.room, ply=1, move="2:1"), p.MoveMade)
    on_b = await _scrape(b)
    assert on_b.get_value("grundy_takeovers_total", kind="room") == 1
    assert on_b.get_value("grundy_rooms", state="playing") == 1
    assert on_b.get_value("grundy_moves_accepted_total") == 1
    await ann.close()
    await bob.close()


async def test_grundy_serve_processes_answer_get_metrics(nodes):
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    ann = await Client.hello(one.url, "Ann")
    bob = await Client.hello(two.url, "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [2]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await ann.request(p.Move(room=created.room, ply=0, move="1:2"), p.MoveMade)
    await ann.expect(p.GameOver)
    first, second = await asyncio.to_thread(scrape, one.port), await asyncio.to_thread(scrape, two.port)
    assert first.get_value("grundy_moves_accepted_total") == 1
    assert first.get_value("grundy_rooms", state="finished") == 1
    assert second.get_value("grundy_forwarded_requests_total", direction="sent") >= 1
    assert first.get_value("grundy_connections") == 1 and second.get_value("grundy_connections") == 1
    assert first.get_value("process_resident_memory_bytes") > 0
    await ann.close()
    await bob.close()
