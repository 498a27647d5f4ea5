"""A Redis outage longer than a lease costs nothing acknowledged and loses nobody (issue 27, point 1).

Three node processes share one real ``redis-server`` (append-only file, ``appendfsync always``):
Ann plays on node a, which runs the room; Bob plays through node b (his requests are forwarded);
Cleo watches through node c.  Redis is killed (``kill -9``) and started again on its file some
leases later.  What must hold: no node takes a room over because of the outage alone; the
spectator stays a spectator and gets every ``move_made``; a request made during the outage is
answered once, ``unavailable``, and succeeds when sent again; no answer is ``internal`` once
Redis is back (no stale connection); a paused owner is still fenced.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from grundy import protocol as p
from tests.cluster.procs import NodeProcess
from tests.server.e2e.wsclient import Client

LEASE_MS = 1000
OUTAGE_S = 3.5  # several leases: every lease and every node's liveness key lapses meanwhile
BACK_S = 30.0  # how long the cluster may take to serve again once Redis is back (generous: a loaded machine)
UNAVAILABLE = "unavailable"


async def _game(a: NodeProcess, b: NodeProcess, c: NodeProcess) -> tuple[Client, Client, Client, str]:
    """Ann on a (the room's node), Bob through b, Cleo watching through c, at a started nim game."""
    ann = await Client.hello(a.url, "Ann")
    bob = await Client.hello(b.url, "Bob")
    cleo = await Client.hello(c.url, "Cleo")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [7, 7, 7]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await cleo.request(p.Spectate(room=created.room), p.RoomState)
    return ann, bob, cleo, created.room


def _move(ply: int) -> str:
    return f"{ply % 3 + 1}:1"


async def _until_done(client: Client, msg: Any, kind: type, timeout: float = BACK_S) -> Any:
    """Send ``msg`` again and again until it is answered with ``kind``; every other answer must be
    ``unavailable`` (the outage's one documented answer)."""
    deadline = time.monotonic() + timeout
    while True:
        ref = client.next_ref()
        await client.send(msg.model_copy(update={"ref": ref}))
        reply = await client.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref, timeout=20)
        if isinstance(reply, kind):
            return reply
        assert isinstance(reply, p.Error) and reply.code == UNAVAILABLE, reply
        assert time.monotonic() < deadline, f"still refused {BACK_S} s after Redis came back: {reply}"
        await asyncio.sleep(0.2)


async def _play(ann: Client, bob: Client, room: str, plies: range) -> None:
    for ply in plies:
        mover = ann if ply % 2 == 0 else bob
        made = await _until_done(mover, p.Move(room=room, ply=ply, move=_move(ply)), p.MoveMade)
        assert made.ply == ply


async def _seen_plies(client: Client, room: str, last: int) -> list[int]:
    await client.expect(lambda m: isinstance(m, p.MoveMade) and m.room == room and m.ply == last, timeout=20)
    return [m.ply for m in client.seen if isinstance(m, p.MoveMade) and m.room == room]


def _known_plies(client: Client, room: str) -> set[int]:
    """Every ply a client was told of: by ``move_made``, or in a ``room_state``'s moves."""
    known = set()
    for m in client.seen:
        if isinstance(m, p.MoveMade) and m.room == room:
            known.add(m.ply)
        elif isinstance(m, p.RoomState) and m.room == room:
            known.update(mv.ply for mv in m.moves)
    return known


def _internal(*clients: Client) -> list[Any]:
    return [m for c in clients for m in c.seen if isinstance(m, p.Error) and m.code == "internal"]


def _taken_over(*nodes: NodeProcess) -> list[str]:
    return [line for n in nodes for line in n.log.read_text().splitlines() if "taken over" in line]


async def _outage(redis_server: Any, seconds: float) -> None:
    redis_server.kill()
    await asyncio.sleep(seconds)
    redis_server.start()  # on its append-only file


async def test_an_outage_longer_than_a_lease_takes_no_room_over_and_the_spectator_sees_every_move(
    nodes, redis_server
) -> None:
    a, b, c = await asyncio.gather(*(nodes(n, lease_ms=LEASE_MS) for n in "abc"))
    ann, bob, cleo, room = await _game(a, b, c)
    await _play(ann, bob, room, range(0, 3))
    for member in (cleo, bob):  # (a broadcast still in flight when Redis dies is lost: see the next test)
        await _seen_plies(member, room, 2)
    await _outage(redis_server, OUTAGE_S)
    await _play(ann, bob, room, range(3, 9))
    assert await _seen_plies(cleo, room, 8) == list(range(9))
    assert await _seen_plies(bob, room, 8) == list(range(9))
    state = await cleo.request(p.GetState(room=room), p.RoomState)  # still a spectator
    assert [m.move for m in state.moves] == [_move(i) for i in range(9)]
    await asyncio.sleep(3 * LEASE_MS / 1000)  # (long enough for a wrong take-over to show)
    assert _taken_over(a, b, c) == []
    assert _internal(ann, bob, cleo) == []
    for client in (ann, bob, cleo):
        await client.close()


async def test_requests_during_an_outage_are_answered_unavailable_and_succeed_when_sent_again(
    nodes, redis_server
) -> None:
    a, b, c = await asyncio.gather(*(nodes(n, lease_ms=LEASE_MS) for n in "abc"))
    ann, bob, cleo, room = await _game(a, b, c)
    await _play(ann, bob, room, range(0, 2))
    redis_server.kill()
    await asyncio.sleep(1.5 * LEASE_MS / 1000)
    guest = await Client.open(b.url)
    asks: list[tuple[Client, Any, type]] = [
        (ann, p.Move(room=room, ply=2, move=_move(2)), p.MoveMade),  # the room's own node
        (cleo, p.GetState(room=room), p.RoomState),  # forwarded from c to a
        (bob, p.ChatSend(room=room, text="still there?"), p.Chat),  # forwarded from b to a
        (bob, p.ListRooms(), p.Rooms),  # read from Redis
        (guest, p.Hello(versions=[1], name="Dan"), p.Welcome),  # a new session: stored in Redis
    ]
    for client, msg, _ in asks:
        ref = client.next_ref()
        await client.send(msg.model_copy(update={"ref": ref}))
        reply = await client.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref, timeout=15)
        assert isinstance(reply, p.Error) and reply.code == UNAVAILABLE, (msg, reply)
        assert reply.message
    await asyncio.sleep(OUTAGE_S - 1.5 * LEASE_MS / 1000)
    redis_server.start()
    for client, msg, kind in asks:
        await _until_done(client, msg, kind)
    await _play(ann, bob, room, range(3, 5))
    # Redis was killed right after ply 1 was answered: its broadcast to Cleo may have died with it,
    # in which case her node has her sent the room's state once the cluster settled.  Every move
    # after the outage reaches her as a move_made.
    seen = await _seen_plies(cleo, room, 4)
    assert seen[-3:] == [2, 3, 4] and len(seen) == len(set(seen))
    assert _known_plies(cleo, room) == set(range(5))
    assert _internal(ann, bob, cleo, guest) == []
    assert _taken_over(a, b, c) == []
    for client in (ann, bob, cleo, guest):
        await client.close()


async def test_no_connection_stays_stale_once_redis_is_back(nodes, redis_server) -> None:
    a, b = await asyncio.gather(nodes("a", lease_ms=LEASE_MS), nodes("b", lease_ms=LEASE_MS))

    async def burst(node: NodeProcess, n: int, tag: str) -> list[Any]:
        """Many sessions at once (each ``hello`` stores a session: the node's Redis pool opens many
        connections), then each lists the rooms (a read)."""
        clients = await asyncio.gather(*(Client.open(node.url) for _ in range(n)))
        replies = await asyncio.gather(
            *(cl.request(p.Hello(versions=[1], name=f"{tag}{i}")) for i, cl in enumerate(clients))
        )
        replies += await asyncio.gather(*(cl.request(p.ListRooms()) for cl in clients))
        await asyncio.gather(*(cl.close() for cl in clients))
        return list(replies)

    for node in (a, b):
        assert all(not isinstance(r, p.Error) for r in await burst(node, 30, f"w{node.node_id}"))
    await _outage(redis_server, 2.0)
    probe = await Client.open(a.url)
    await _until_done(probe, p.Hello(versions=[1], name="Probe"), p.Welcome)  # the cluster serves again
    await asyncio.sleep(2 * LEASE_MS / 1000)  # (past the lease's wait after the outage)
    for node in (a, b):
        bad = [r for r in await burst(node, 30, f"x{node.node_id}") if isinstance(r, p.Error)]
        assert bad == [], bad
    await probe.close()


async def test_a_paused_owner_is_still_fenced_after_an_outage(nodes, redis_server) -> None:
    a, b, c = await asyncio.gather(*(nodes(n, lease_ms=LEASE_MS) for n in "abc"))
    ann, bob, cleo, room = await _game(a, b, c)
    await _play(ann, bob, room, range(0, 3))
    redis_server.kill()
    a.pause()  # the owner sleeps through the outage and past it: it cannot re-assert its lease
    await asyncio.sleep(2.0)
    redis_server.start()
    # b or c takes the room over once a lease has passed since Redis came back, and Bob plays on.
    await bob.expect(p.RoomState, room=room, timeout=20)
    await _until_done(bob, p.Move(room=room, ply=3, move=_move(3)), p.MoveMade)
    a.wake()
    deadline = time.monotonic() + 20
    while "another node holds it now" not in a.log.read_text():
        assert time.monotonic() < deadline, "the woken owner never let the room go"
        await asyncio.sleep(0.05)
    state = await bob.request(p.GetState(room=room), p.RoomState)
    assert [m.move for m in state.moves] == [_move(i) for i in range(4)]
    for client in (bob, cleo):
        await client.close()
    await ann.close()


async def test_a_room_whose_write_was_in_doubt_runs_again_from_its_log(make_cluster_node, redis_server) -> None:
    """A write sent as Redis dies may be stored although its sender heard ``unavailable``: the owner
    runs such a room again from its log once Redis is back, so the room and its log agree."""
    import json

    import redis.asyncio as aioredis

    from grundy.server.cluster.keys import Keys
    from tests.server.e2e.wsclient import nim_table

    node = await make_cluster_node(lease_ms=LEASE_MS)
    ann, bob, room = await nim_table(node, [7, 7, 7])
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    # Bob's move at ply 1 reached the log, but its answer was lost with the link (as if Redis died then).
    r = aioredis.Redis.from_url(redis_server.url)
    entry = json.dumps([1, 1, "2:1", time.time(), None], separators=(",", ":"))
    await r.rpush(Keys().moves(room), entry)
    await r.aclose()
    node.store.in_doubt.add(room)
    redis_server.restart()  # kill -9 and start again on its append-only file
    state = await bob.expect(lambda m: isinstance(m, p.RoomState) and m.ply == 2, timeout=20)
    assert [m.move for m in state.moves] == ["1:1", "2:1"]
    made = await _until_done(ann, p.Move(room=room, ply=2, move="3:1"), p.MoveMade)
    assert made.ply == 2
    await bob.expect(p.MoveMade, ply=2)
    assert _internal(ann, bob) == []
    await ann.close()
    await bob.close()


async def test_a_client_that_reconnects_during_an_outage_resumes_once_redis_is_back(nodes, redis_server) -> None:
    """The client library's resume is refused ``unavailable`` while Redis is away: it keeps trying, and
    resumes its session (its seat kept) once the cluster serves again."""
    from grundy.client.connection import Backoff, Connection, LinkUp

    a, b = await asyncio.gather(nodes("a", lease_ms=LEASE_MS), nodes("b", lease_ms=LEASE_MS))
    ann = Connection(a.url, "Ann", backoff=Backoff(initial_s=0.2, max_s=0.5, give_up_after_s=60))
    await ann.connect()
    bob = await Client.hello(b.url, "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [7, 7, 7]}, seat=0))
    assert isinstance(created, p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    redis_server.kill()
    await asyncio.sleep(1.0)
    assert ann._ws is not None
    ann._ws.transport.abort()  # Ann's link drops in the middle of the outage
    await asyncio.sleep(2.0)
    redis_server.start()
    up = await ann.wait_for(lambda e: isinstance(e, LinkUp), timeout=BACK_S)
    assert up.resumed and created.room in up.welcome.rooms
    state = await _until_done(bob, p.GetState(room=created.room), p.RoomState)
    assert state.status == "playing"
    moved = None
    deadline = time.monotonic() + BACK_S
    while not isinstance(moved, p.MoveMade):
        assert time.monotonic() < deadline, moved
        try:
            moved = await ann.request(p.Move(room=created.room, ply=0, move="1:1"))
        except Exception as e:  # (``unavailable`` while the cluster settles)
            assert getattr(e, "code", None) == UNAVAILABLE, e
            await asyncio.sleep(0.2)
    await bob.expect(p.MoveMade, ply=0)
    await ann.close()
    await bob.close()
