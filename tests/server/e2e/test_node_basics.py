"""The node over real sockets: hello, versions, resume, the lobby and a full game of nim."""

from __future__ import annotations

import asyncio

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, health, nim_table, url


async def test_hello_negotiates_the_version_and_gives_a_session(node: Node) -> None:
    c = await Client.open(url(node))
    w = await c.request(p.Hello(versions=[7, 1], name="  Ann  "), p.Welcome)
    assert (w.version, w.name, w.resumed, w.rooms) == (1, "Ann", False, [])
    assert w.session.startswith("s-") and len(w.token) >= 24
    assert w.limits is not None and w.limits.max_frame_bytes == p.MAX_FRAME_BYTES
    again = await c.error(p.Hello(versions=[1], name="Ann"))
    assert again.code == ErrorCode.ALREADY_AUTHENTICATED
    pong = await c.request(p.Ping(), p.Pong)
    assert pong.server_time > 0
    await c.close()


async def test_requests_before_hello_and_unknown_versions(node: Node) -> None:
    c = await Client.open(url(node))
    games = await c.request(p.ListGames(), p.Games)  # (the catalog may be read before hello)
    assert "nim" in [g["name"] for g in games.games]
    err = await c.error(p.ListRooms())
    assert err.code == ErrorCode.NOT_AUTHENTICATED
    err = await c.error(p.Hello(versions=[99], name="Zed"))
    assert err.code == ErrorCode.UNSUPPORTED_VERSION and "99" in err.message
    assert (await c.wait_closed())[0] == 1002


async def test_bad_token_is_refused(node: Node) -> None:
    c = await Client.open(url(node))
    err = await c.error(p.Resume(versions=[1], token="nope"))
    assert err.code == ErrorCode.BAD_TOKEN
    await c.close()


async def test_lobby_lists_games_and_rooms(node: Node) -> None:
    c = await Client.hello(url(node))
    games = await c.request(p.ListGames(), p.Games)
    names = [g["name"] for g in games.games]
    assert "nim" in names
    nim = games.games[names.index("nim")]
    assert {q["name"] for q in nim["parameters"]} >= {"heaps"}
    created = await c.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}), p.RoomCreated)
    private = await c.request(p.CreateRoom(game="nim", private=True), p.RoomCreated)
    assert created.code is None and private.code is not None and len(private.code) >= 16
    rooms = await c.request(p.ListRooms(game="nim", status="waiting"), p.Rooms)
    assert [r.room for r in rooms.rooms] == [created.room]
    assert rooms.rooms[0].params == {"heaps": [1, 2], "misere": False}
    assert (await c.error(p.ListRooms(game="chess"))).code == ErrorCode.UNKNOWN_GAME
    assert (await c.error(p.CreateRoom(game="chess"))).code == ErrorCode.UNKNOWN_GAME
    err = await c.error(p.CreateRoom(game="nim", params={"heaps": "x"}))
    assert err.code == ErrorCode.BAD_PARAMS and "heaps" in err.message
    # Legal by the rules, too big to host: every move would list a billion legal moves.
    err = await c.error(p.CreateRoom(game="nim", params={"heaps": [10**9]}))
    assert err.code == ErrorCode.BAD_PARAMS and "heaps" in err.message
    err = await c.error(p.CreateRoom(game="nim", params={"heaps": [20_000]}))
    assert err.code == ErrorCode.BAD_PARAMS and "20000 legal moves" in err.message
    err = await c.error(p.QuickMatch(game="nim", params={"heaps": [10**9, 1]}))
    assert err.code == ErrorCode.BAD_PARAMS
    assert (await c.request(p.Ping(), p.Pong)).server_time > 0
    await c.close()


async def test_a_full_game_of_nim_over_the_network(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    eve = await Client.hello(url(node), "Eve")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    room = created.room
    state = await ann.expect(p.RoomState, ref=created.ref)
    assert (state.status, state.you) == ("waiting", 0)
    joined = await bob.request(p.Join(room=room), p.RoomState)
    assert (joined.status, joined.you, joined.turn) == ("playing", 1, 0)
    start = await ann.expect(p.RoomState, status="playing")
    assert start.legal_moves == ["1:1", "2:1", "2:2"]
    watching = await eve.request(p.Spectate(room=room), p.RoomState)
    assert watching.you is None

    # nim 1,2: Ann takes one from heap 2 (a winning move), Bob and Ann alternate to the end.
    m1 = await ann.request(p.Move(room=room, ply=0, move="2:1"), p.MoveMade)
    assert (m1.seat, m1.move, m1.turn, m1.view["heaps"]) == (0, "2:1", 1, [1, 1])
    seen = await bob.expect(p.MoveMade, ply=0)
    assert seen.ref is None and seen.legal_moves == ["1:1", "2:1"]
    assert (await eve.expect(p.MoveMade, ply=0)).legal_moves is None
    await bob.request(p.Move(room=room, ply=1, move="1:1"), p.MoveMade)
    await ann.request(p.Move(room=room, ply=2, move="2:1"), p.MoveMade)
    for c in (ann, bob, eve):
        over = await c.expect(p.GameOver)
        assert over.status == "finished" and over.result is not None
        assert over.result.outcomes == ["win", "loss"] and over.result.ending == "rules"
    rec = await eve.request(p.GetRecord(room=room), p.Record)
    assert [m["move"] for m in rec.record["moves"]] == ["2:1", "1:1", "2:1"]
    assert rec.record["result"]["outcomes"] == ["win", "loss"]
    stored = await node.store.load_room(room)
    assert stored is not None and stored.status == "finished" and len(stored.moves) == 3
    for c in (ann, bob, eve):
        await c.close()


async def test_health_answers_json(node: Node) -> None:
    status, body = await asyncio.to_thread(health, node.port)
    assert status == 200 and body["status"] == "ok" and body["protocol"] == [1]


async def test_a_spectator_who_leaves_hears_no_more(node: Node) -> None:
    ann, bob, room = await nim_table(node)
    eve = await Client.hello(url(node), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    summary = (await eve.request(p.ListRooms(status="playing"), p.Rooms)).rooms[0]
    assert (summary.room, summary.spectators) == (room, 1)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await eve.expect(p.MoveMade, ply=0)
    assert isinstance(await eve.request(p.Leave(room=room), p.Ok), p.Ok)
    await bob.request(p.Move(room=room, ply=1, move="1:1"), p.MoveMade)
    await ann.expect(p.MoveMade, ply=1)
    # The room answers Eve after Bob's move, on the way any copy of that move would have come to her.
    assert (await eve.error(p.GetState(room=room))).code == ErrorCode.NOT_A_PLAYER
    assert not [m for m in eve.drain() if isinstance(m, p.MoveMade) and m.ply == 1]
    assert (await eve.request(p.ListRooms(), p.Rooms)).rooms[0].spectators == 0
