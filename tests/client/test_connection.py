"""The client connection against a real node: hello, requests by ref, typed errors, events, resume, close."""

from __future__ import annotations

import asyncio
import random

import pytest

from grundy import protocol as p
from grundy.client.connection import (
    Backoff,
    Connection,
    LinkClosed,
    LinkDown,
    LinkLost,
    LinkUp,
    Refused,
    normalize_url,
    parse_servers,
)
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.cluster.redisproc import free_port
from tests.server.e2e.conftest import NodeFactory, url

FAST = Backoff(initial_s=0.05, max_s=0.2, give_up_after_s=5.0)


def vs_random_bot() -> p.CreateRoom:
    return p.CreateRoom(
        game="nim",
        params={"heaps": [3, 4, 5]},
        seats=[p.SeatRequest(), p.SeatRequest(kind="bot", level="random")],
        seat=0,
    )


async def next_of(conn: Connection, kind: type, timeout: float = 10.0) -> object:
    return await conn.wait_for(lambda ev: isinstance(ev, kind), timeout)


def test_urls_and_backoff() -> None:
    assert normalize_url("localhost:8765") == "ws://localhost:8765"
    assert normalize_url("wss://example.org/") == "wss://example.org/"
    with pytest.raises(ValueError, match="scheme"):
        normalize_url("http://example.org")
    delays = Backoff(initial_s=0.1, factor=2, max_s=0.5, jitter=0.0).delays(random.Random(1))
    assert [round(next(delays), 3) for _ in range(5)] == [0.1, 0.2, 0.4, 0.5, 0.5]
    jittered = Backoff(initial_s=1.0, factor=1.0, jitter=0.2).delays(random.Random(2))
    assert all(0.8 <= next(jittered) <= 1.2 for _ in range(20))


def test_a_list_of_node_urls() -> None:
    assert parse_servers("a:1, ws://b:2/,a:1") == ["ws://a:1", "ws://b:2/"]
    assert parse_servers(["a:1,b:2", "c:3"]) == ["ws://a:1", "ws://b:2", "ws://c:3"]
    with pytest.raises(ValueError, match="empty"):
        parse_servers(" , ")
    with pytest.raises(ValueError, match="scheme"):
        parse_servers("a:1,http://b")


async def test_of_several_nodes_the_first_that_answers_is_used_and_the_others_kept_for_failover(node: Node) -> None:
    dead = f"ws://127.0.0.1:{free_port()}/"
    async with Connection(f"{dead},{url(node)}", "Ann", backoff=FAST) as conn:
        assert conn.node_url == url(node) and conn.urls == [dead, url(node)]
        assert conn._targets() == [url(node), dead]  # (the node says no other: welcome.nodes is its own)
        created = await conn.request(vs_random_bot())
        assert isinstance(created, p.RoomCreated)
    with pytest.raises(OSError):  # none answers: the last one's error
        await Connection([dead, f"ws://127.0.0.1:{free_port()}/"], "Ann").connect()


async def test_hello_gives_a_session_and_requests_match_their_replies(node: Node) -> None:
    async with Connection(url(node), "Ann", client="test/1") as conn:
        assert conn.welcome is not None and conn.version == 1
        assert conn.session and conn.session.startswith("s-") and conn.token and conn.name == "Ann"
        games, rooms, rtt = await asyncio.gather(
            conn.request(p.ListGames()), conn.request(p.ListRooms(ref="mine")), conn.ping()
        )
        assert isinstance(games, p.Games) and "nim" in [g["name"] for g in games.games]
        assert isinstance(rooms, p.Rooms) and rooms.ref == "mine"
        assert rtt >= 0
        assert conn.pending_events() == []  # replies to our own requests are not events


async def test_an_error_reply_raises_a_typed_error_and_changes_nothing(node: Node) -> None:
    async with Connection(url(node), "Ann") as conn:
        with pytest.raises(Refused) as e:
            await conn.request(p.CreateRoom(game="chess"))
        assert e.value.code == ErrorCode.UNKNOWN_GAME and "chess" in e.value.message
        created = await conn.request(vs_random_bot())
        assert isinstance(created, p.RoomCreated)
        state = await next_of(conn, p.RoomState)
        assert isinstance(state, p.RoomState) and state.status == "playing" and state.turn == 0
        with pytest.raises(Refused) as e:
            await conn.request(p.Move(room=created.room, ply=0, move="9:9"))
        assert e.value.code == ErrorCode.ILLEGAL_MOVE and e.value.room == created.room
        with pytest.raises(Refused) as e:
            await conn.request(p.Move(room=created.room, ply=5, move="1:1"))
        assert e.value.code == ErrorCode.STALE_PLY
        again = await conn.request(p.GetState(room=created.room))
        assert isinstance(again, p.RoomState) and again.ply == 0 and again.view["heaps"] == [3, 4, 5]


async def test_events_carry_our_moves_and_the_opponents(node: Node) -> None:
    async with Connection(url(node), "Ann") as conn:
        created = await conn.request(vs_random_bot())
        assert isinstance(created, p.RoomCreated)
        await next_of(conn, p.RoomState)
        reply = await conn.request(p.Move(room=created.room, ply=0, move="1:2"))
        assert isinstance(reply, p.MoveMade) and reply.seat == 0 and reply.view["heaps"] == [1, 4, 5]
        mine = await next_of(conn, p.MoveMade)
        assert isinstance(mine, p.MoveMade) and mine.ply == 0  # the reply is in the stream too
        theirs = await next_of(conn, p.MoveMade)
        assert isinstance(theirs, p.MoveMade) and (theirs.ply, theirs.seat, theirs.ref) == (1, 1, None)
        assert theirs.legal_moves  # our turn again
        await conn.request(p.Resign(room=created.room))
        over = await next_of(conn, p.GameOver)
        assert isinstance(over, p.GameOver) and over.result is not None
        assert over.result.outcomes == ["loss", "win"] and over.result.ending == "resign"


async def test_a_dropped_link_resumes_the_session_and_its_seat(node: Node) -> None:
    async with Connection(url(node), "Ann", backoff=FAST) as conn:
        session, token = conn.session, conn.token
        created = await conn.request(vs_random_bot())
        assert isinstance(created, p.RoomCreated)
        await next_of(conn, p.RoomState)
        await conn.request(p.Move(room=created.room, ply=0, move="3:1"))
        await next_of(conn, p.MoveMade)
        await next_of(conn, p.MoveMade)  # the bot's answer
        assert conn._ws is not None
        conn._ws.transport.abort()  # the network fails under us
        down = await next_of(conn, LinkDown)
        assert isinstance(down, LinkDown)
        pong = await conn.request(p.Ping())  # waits for the link instead of failing
        assert isinstance(pong, p.Pong)
        up = await next_of(conn, LinkUp)
        assert isinstance(up, LinkUp) and up.resumed and up.welcome.rooms == [created.room]
        assert conn.session == session and conn.token == token and conn.reconnects == 1
        snap = await next_of(conn, p.RoomState)
        assert isinstance(snap, p.RoomState) and snap.you == 0 and snap.ply == 2 and snap.turn == 0
        assert [m.move for m in snap.moves][0] == "3:1"
        moved = await conn.request(p.Move(room=created.room, ply=2, move=snap.legal_moves[0]))
        assert isinstance(moved, p.MoveMade) and moved.ply == 2


async def test_resume_survives_a_node_restart(make_node: NodeFactory) -> None:
    first = await make_node()
    port = first.port
    async with Connection(url(first), "Ann", backoff=FAST) as conn:
        created = await conn.request(vs_random_bot())
        assert isinstance(created, p.RoomCreated)
        await next_of(conn, p.RoomState)
        await conn.request(p.Move(room=created.room, ply=0, move="2:4"))
        await next_of(conn, p.MoveMade)
        await next_of(conn, p.MoveMade)
        await first.shutdown()
        down = await next_of(conn, LinkDown)
        assert isinstance(down, LinkDown) and down.code == 1001  # going away
        second = await make_node(port=port)
        up = await next_of(conn, LinkUp)
        assert isinstance(up, LinkUp) and up.resumed
        snap = await next_of(conn, p.RoomState)
        assert isinstance(snap, p.RoomState) and snap.room == created.room and snap.ply == 2
        assert second.port == port


async def test_an_unknown_token_starts_a_new_session(node: Node) -> None:
    async with Connection(url(node), "Ann", token="not-a-token") as conn:
        assert conn.welcome is not None and not conn.welcome.resumed and conn.token != "not-a-token"


async def test_no_common_version_is_refused(node: Node) -> None:
    conn = Connection(url(node), "Ann", versions=(99,))
    with pytest.raises(Refused) as e:
        await conn.connect()
    assert e.value.code == ErrorCode.UNSUPPORTED_VERSION


async def test_close_ends_the_stream_and_later_requests(node: Node) -> None:
    conn = Connection(url(node), "Ann")
    await conn.connect()
    await conn.close()
    assert [ev async for ev in conn.events()] == []
    with pytest.raises(LinkClosed):
        await conn.request(p.Ping())
    await conn.close()  # twice is fine


async def test_giving_up_fails_waiting_requests_and_ends_the_stream(make_node: NodeFactory) -> None:
    node = await make_node()
    conn = Connection(url(node), "Ann", backoff=Backoff(initial_s=0.05, max_s=0.1, give_up_after_s=0.5))
    await conn.connect()
    created = await conn.request(vs_random_bot())
    assert isinstance(created, p.RoomCreated)
    await node.shutdown()
    with pytest.raises(LinkClosed, match="could not reconnect"):
        async for _ in conn.events():
            pass
    assert conn.is_over and not conn.is_connected
    with pytest.raises(LinkClosed):
        await conn.request(p.Ping())
    await conn.close()


async def test_without_reconnect_a_drop_ends_the_connection(node: Node) -> None:
    conn = Connection(url(node), "Ann", reconnect=False)
    await conn.connect()
    assert conn._ws is not None
    waiting = asyncio.ensure_future(conn.request(p.Ping(), timeout=5))
    conn._ws.transport.abort()
    with pytest.raises((LinkLost, LinkClosed)):
        await waiting
    with pytest.raises(LinkClosed):
        await conn.next_event(timeout=5)
    await conn.close()


async def test_close_while_reconnecting_is_prompt(make_node: NodeFactory) -> None:
    node = await make_node()
    conn = Connection(url(node), "Ann", backoff=Backoff(initial_s=5.0, max_s=5.0, give_up_after_s=60))
    await conn.connect()
    await node.shutdown()
    await next_of(conn, LinkDown)
    loop = asyncio.get_running_loop()
    t = loop.time()
    await conn.close()
    assert loop.time() - t < 2.0 and conn.is_over
