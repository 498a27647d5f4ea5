"""Several nodes on one Redis, at the protocol level: players, spectators and join codes on different nodes."""

from __future__ import annotations

import asyncio

from grundy import protocol as p
from tests.server.e2e.wsclient import Client, url


async def test_a_game_whose_players_sit_on_different_nodes(make_cluster_node):
    a, b, c = await make_cluster_node(), await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    eve = await Client.hello(url(c), "Eve")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0, private=True), p.RoomCreated)
    assert created.code
    joined = await bob.request(p.Join(code=created.code), p.RoomState)
    assert joined.room == created.room and joined.status == "playing"
    watching = await eve.request(p.Spectate(code=created.code), p.RoomState)
    assert watching.room == created.room
    await ann.expect(p.RoomState, status="playing")
    await ann.send(p.Move(room=created.room, ply=0, move="2:2"))
    made = await bob.expect(p.MoveMade, ply=0)
    assert made.move == "2:2"
    await eve.expect(p.MoveMade, ply=0)
    # A move out of turn from the far node is refused with its ref, and the room carries on.
    err = await bob.error(p.Move(room=created.room, ply=0, move="1:1"))
    assert err.code in (p.ErrorCode.STALE_PLY, p.ErrorCode.NOT_YOUR_TURN) and err.room == created.room
    await bob.send(p.Move(room=created.room, ply=1, move="1:1"))
    over = await ann.expect(p.GameOver)
    assert over.result is not None
    await eve.expect(p.GameOver)
    record = await bob.request(p.GetRecord(room=created.room), p.Record)
    assert [m["move"] for m in record.record["moves"]] == ["2:2", "1:1"]
    for client in (ann, bob, eve):
        await client.close()


async def test_an_unknown_room_is_unknown_on_every_node(make_cluster_node):
    a = await make_cluster_node()
    await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    err = await ann.error(p.Join(room="r-nowhere"))
    assert err.code == p.ErrorCode.UNKNOWN_ROOM
    err = await ann.error(p.Join(code="no-such-code"))
    assert err.code == p.ErrorCode.UNKNOWN_ROOM
    await ann.close()


async def test_resuming_on_another_node_closes_the_old_connection_and_returns_to_the_game(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(a), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [2, 2]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    assert ann.welcome is not None
    again = await Client.resume(url(b), ann.welcome.token)
    assert again.welcome is not None and created.room in again.welcome.rooms
    code, _ = await ann.wait_closed()
    assert code == 1000
    state = await again.expect(p.RoomState, room=created.room)
    assert state.status == "playing"
    await again.send(p.Move(room=created.room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    await again.close()
    await bob.close()


async def test_quick_match_pairs_players_asking_on_different_nodes(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    await ann.request(p.QuickMatch(game="nim", params={"heaps": [2, 3]}), p.Queued)
    await bob.request(p.QuickMatch(game="nim", params={"heaps": [2, 3]}), p.Queued)
    mine = await ann.expect(p.RoomState, status="playing")
    theirs = await bob.expect(p.RoomState, status="playing")
    assert mine.room == theirs.room and {mine.you, theirs.you} == {0, 1}
    # Who plays where is written by the room's node just after the room itself (in the
    # background), so the players list shows the new game a moment later at most.
    deadline = asyncio.get_running_loop().time() + 5
    while True:
        players = await ann.request(p.ListPlayers(), p.Players)
        playing = {pl.name: pl.playing for pl in players.players}
        if playing == {"Ann": 1, "Bob": 1} or asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.05)
    assert playing == {"Ann": 1, "Bob": 1}
    await ann.close()
    await bob.close()


async def test_a_quick_match_race_across_nodes_makes_one_room_per_pair(make_cluster_node):
    nodes = [await make_cluster_node(), await make_cluster_node()]
    players = [await Client.hello(url(nodes[i % 2]), f"P{i}") for i in range(8)]
    asks = [pl.request(p.QuickMatch(game="nim", params={"heaps": [1, 1]}), p.Queued) for pl in players]
    await asyncio.gather(*asks)  # all at once, half on each node
    states = [await pl.expect(p.RoomState, status="playing") for pl in players]
    rooms: dict[str, list[int]] = {}
    for st in states:
        rooms.setdefault(st.room, []).append(st.you)
    assert len(rooms) == 4 and all(sorted(seats) == [0, 1] for seats in rooms.values())
    for pl in players:
        await pl.close()


async def test_a_challenge_reaches_a_player_on_another_node(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    assert bob.welcome is not None
    made = await ann.request(p.Challenge(to=bob.welcome.session, game="nim", params={"heaps": [1, 2]}), p.RoomCreated)
    told = await bob.expect(p.Challenged, room=made.room)
    assert told.challenger == "Ann"
    await bob.send(p.AcceptChallenge(room=made.room))
    await ann.expect(p.RoomState, status="playing")
    await bob.expect(p.RoomState, status="playing")
    await ann.close()
    await bob.close()


async def test_players_on_different_nodes_racing_for_the_last_seat_get_one_each_way(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [2, 2]}, seat=0), p.RoomCreated)
    racers = [await Client.hello(url(node), f"R{i}") for i, node in enumerate([a, b, a, b, b, a])]
    replies = await asyncio.gather(*(r.request(p.Join(room=created.room)) for r in racers))
    seated = [r for r in replies if isinstance(r, p.RoomState) and r.you is not None]
    refused = [r for r in replies if isinstance(r, p.Error)]
    assert len(seated) == 1 and len(refused) == len(racers) - 1
    assert {e.code for e in refused} == {p.ErrorCode.ROOM_FULL}
    state = await ann.request(p.GetState(room=created.room), p.RoomState)
    assert state.status == "playing" and sum(s.player is not None for s in state.seats) == 2
    for c in (ann, *racers):
        await c.close()


async def test_a_move_sent_by_an_out_of_date_owner_memory_is_passed_on_to_the_room_s_node(make_cluster_node):
    # Bob's node remembers which node runs each room, so his moves cost it no lookup. If what it
    # remembers is out of date (here: the third node), that node looks the owner up and passes
    # the move on; nothing is lost and the room carries on.
    a, b, c = await make_cluster_node(), await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.send(p.Move(room=created.room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    assert b.placement.cluster.leases.known_owner(created.room) == a.placement.node_id  # (remembered from the join)
    # out of date, as after a missed take-over notice:
    b.placement.cluster.leases.remember(created.room, c.placement.node_id)
    await bob.send(p.Move(room=created.room, ply=1, move="1:1"))
    made = await ann.expect(p.MoveMade, ply=1)
    assert made.move == "1:1"
    await bob.expect(p.MoveMade, ply=1)
    assert c.placement.cluster.leases.owner_lookups >= 1
    # A request for a room that exists nowhere, passed on at most twice, is answered as unknown.
    b.placement.cluster.leases.remember("r-nowhere", c.placement.node_id)
    err = await bob.error(p.Move(room="r-nowhere", ply=0, move="1:1"))
    assert err.code == p.ErrorCode.UNKNOWN_ROOM
    for client in (ann, bob):
        await client.close()


async def test_a_node_that_takes_a_room_over_tells_the_others_so_they_forward_to_it_at_once(make_cluster_node):
    a, b = await make_cluster_node(), await make_cluster_node()
    c = await make_cluster_node(lease_ms=60_000)  # (sweeps every 30 s: it takes the room over only when told)
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(c), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.send(p.Move(room=created.room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    assert c.placement.cluster.leases.known_owner(created.room) == a.placement.node_id
    lookups = {n: n.placement.cluster.leases.owner_lookups for n in (b, c)}
    await a.shutdown()  # (hands its rooms over: b and c are told, and one of them takes this one over at once)
    deadline = asyncio.get_running_loop().time() + 10
    while True:
        runner = next((n for n in (b, c) if created.room in n.rooms), None)
        other = c if runner is b else b
        if runner is not None and other.placement.cluster.leases.known_owner(created.room) == runner.placement.node_id:
            break
        assert asyncio.get_running_loop().time() < deadline, "no node took the room over, or the other never heard"
        await asyncio.sleep(0.05)
    assert other.placement.cluster.leases.owner_lookups == lookups[other]  # (told, not looked up)
    await bob.send(p.Move(room=created.room, ply=1, move="2:1"))
    made = await bob.expect(p.MoveMade, ply=1, timeout=10)
    assert made.move == "2:1"
    await bob.close()


async def test_a_request_from_a_seat_held_for_disconnected_is_answered_and_the_seat_is_back(make_cluster_node):
    # A "gone" notice can reach the room's node after the player is back (it overtook the "back"
    # one, or it was sent just as the player resumed on the same node): the room then holds the
    # seat for disconnected while the player plays on.  Its next request proves it is back.
    a, b = await make_cluster_node(), await make_cluster_node()
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.send(p.Move(room=created.room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    assert bob.welcome is not None
    late = b.placement.node_id  # (late, from b)
    a.presence.presence(bob.welcome.session, "Bob", "human", created.room, "disconnect", late)
    held = await ann.expect(p.PlayerStatus, seat=1, connected=False)
    assert held.room == created.room
    made = await bob.request(p.Move(room=created.room, ply=1, move="2:1"), p.MoveMade)
    assert made.ply == 1
    await ann.expect(p.PlayerStatus, seat=1, connected=True)
    state = await ann.request(p.GetState(room=created.room), p.RoomState)
    assert state.seats[1].connected and [m.move for m in state.moves] == ["1:1", "2:1"]
    for client in (ann, bob):
        await client.close()


async def test_a_late_clean_up_of_a_dropped_connection_leaves_a_session_back_on_the_node_connected(make_cluster_node):
    # A node cleans up after a dropped connection in the background (offline, its channel unheard).
    # If the session resumed on the same node first, the late clean-up must not leave the node deaf
    # to its channel: answers from the room's node would never reach it.
    a, b = await make_cluster_node(), await make_cluster_node()
    bob = await Client.hello(url(b), "Bob")
    created = await bob.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    ann = await Client.hello(url(a), "Ann")
    await ann.request(p.Join(room=created.room), p.RoomState)
    assert ann.welcome is not None
    session = a.sessions.by_id[ann.welcome.session]
    await ann.close()
    back = await Client.resume(url(a), ann.welcome.token)
    await a.presence._gone(session)  # (the clean-up of the first connection, run late)
    state = await back.request(p.GetState(room=created.room), p.RoomState)
    assert state.you == 1
    online = await a.placement.cluster.registry.online()
    assert online.get(ann.welcome.session) == a.placement.node_id
    for client in (back, bob):
        await client.close()


async def test_a_node_whose_lease_loop_loses_its_cancellation_still_stops(make_cluster_node):
    """A task cancelled as a timeout inside it fires, or as what it awaits in ``asyncio.wait_for`` finishes, may go
    on (Python 3.11): the cluster's loops end at their next turn once it is closed, and its shutdown waits for
    none of them past its bound.  (Before, a stopping node waited on such a loop for ever.)"""
    a = await make_cluster_node(lease_ms=400)
    cluster = a.placement.cluster
    deaf = asyncio.Event()

    async def renew_losing_every_cancellation() -> None:  # (where the lease loop spends its time here)
        try:
            deaf.set()
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            pass

    cluster.leases.renew = renew_losing_every_cancellation  # type: ignore[method-assign]
    await asyncio.wait_for(deaf.wait(), 10)
    stopping = asyncio.ensure_future(a.shutdown())
    done, _ = await asyncio.wait({stopping}, timeout=30)
    assert done, "the node did not stop"
    stopping.result()
    assert all(t.done() for t in cluster._tasks)


async def test_a_stopping_node_hands_its_rooms_over_at_once_not_after_their_lease(make_cluster_node, redis_server):
    """With a lease of a minute (a sweep every 30 s), the other node runs the room within seconds of the
    shutdown: the stopping node released it and said so, and its player resumes where the room runs.  Then
    that node, the last of the cluster, stops without waiting the lease for a taker: its room is released."""
    a = await make_cluster_node(lease_ms=60_000)
    b = await make_cluster_node(lease_ms=60_000)
    ann = await Client.hello(url(a), "Ann")
    bob = await Client.hello(url(b), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.send(p.Move(room=created.room, ply=0, move="1:1"))
    await bob.expect(p.MoveMade, ply=0)
    assert ann.welcome is not None
    started = asyncio.get_running_loop().time()
    await a.shutdown()
    state = await bob.expect(p.RoomState, room=created.room, timeout=10)  # (b took it over, and tells Bob)
    assert created.room in b.rooms and state.ply == 1
    assert asyncio.get_running_loop().time() - started < 10
    ann2 = await Client.resume(url(b), ann.welcome.token)
    await ann2.expect(p.RoomState, room=created.room)
    await bob.send(p.Move(room=created.room, ply=1, move="2:1"))
    await ann2.expect(p.MoveMade, ply=1, move="2:1")
    started = asyncio.get_running_loop().time()
    await b.shutdown()
    assert asyncio.get_running_loop().time() - started < 30  # (not the lease of 60 s)
    assert redis_server.command("EXISTS", b.placement.cluster.keys.lease(created.room)) == 0  # (released)
    for client in (ann, ann2, bob):
        await client.close()
