"""Finished games that last, against real nodes: once a finished room has left memory (``ended_ttl_s`` 0), after a
restart, and on either node of a cluster, its game opens from the store (``spectate`` answers its ``room_state``),
its review and analysis board answer, its record downloads; and each registered player (and hosted bot) has a
paged list of its finished games (``get_player_games``)."""

from __future__ import annotations

import asyncio
import time

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.test_node_players import hello, register
from tests.server.e2e.test_node_rated import one_move_game, player, settled
from tests.server.e2e.wsclient import Client, NodeFactory, url


async def gone(node: Node, room: str, timeout: float = 10.0) -> None:
    """The room has left every node's memory (and its players' lists of games are written)."""
    deadline = time.monotonic() + timeout
    nodes = (node, *getattr(node, "peers", ()))
    while any(room in n.rooms for n in nodes):
        assert time.monotonic() < deadline, f"room {room} still in memory"
        await asyncio.sleep(0.02)
    await settled(node)


async def games_of(c: Client, name: str, **more: object) -> p.PlayerGames:
    return await c.request(p.GetPlayerGames(name=name, **more), p.PlayerGames)  # type: ignore[arg-type]


async def test_a_finished_game_opens_from_the_store_once_its_room_left_memory(make_node: NodeFactory) -> None:
    node = await make_node(ended_ttl_s=0.0)
    secrets = {who: await register(node, who) for who in ("Ann", "Bob")}
    ann, bob = await hello(url(node), "Ann", secrets["Ann"]), await hello(url(node), "Bob", secrets["Bob"])
    room = await one_move_game(ann, bob, rated=True)
    await gone(node, room)
    for _ in range(2):  # (in a cluster: each node in turn)
        eve = await hello(url(node), "Eve")
        state = await eve.request(p.Spectate(room=room), p.RoomState)
        assert state.status == "finished" and state.you is None and state.rated
        assert [s.player for s in state.seats] == ["Ann", "Bob"]
        assert state.result is not None and state.result.outcomes == ["win", "loss"]
        moves = [m.move for m in state.moves]
        assert moves == ["1:2", "2:1", "2:1"] and state.traits is not None  # (nim 2,2 won from the lost side)
        record = await eve.request(p.GetRecord(room=room, format="pgn"), p.Record)
        assert record.text and all(m in record.text for m in moves)
        review = await eve.request(p.Analyze(room=room, kind="review"), p.Analysis)
        assert review.refused is None and review.review is not None and len(review.review) == len(moves)
        position = await eve.request(p.Analyze(room=room, kind="position", moves=[]), p.Analysis)
        assert position.refused is None and position.view is not None
        assert sorted(position.legal_moves or []) == ["1:1", "1:2", "2:1", "2:2"]
        await eve.close()
    for who in ("Ann", "Bob"):  # a player opening the game from another device: their seat
        again = await hello(url(node), who, secrets[who])
        state = await again.request(p.Spectate(room=room), p.RoomState)
        assert state.you == ["Ann", "Bob"].index(who) and state.status == "finished"
        await again.close()


async def test_a_closed_rooms_state_is_read_and_its_rematch_and_chat_are_refused(make_node: NodeFactory) -> None:
    node = await make_node(ended_ttl_s=0.0)
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    room = await one_move_game(ann, bob, rated=False)
    await gone(node, room)
    state = await ann.request(p.GetState(room=room), p.RoomState)
    assert state.status == "finished" and state.you == 0
    for msg in (p.Rematch(room=room), p.ChatSend(room=room, text="gg")):
        e = await ann.error(msg)
        assert e.code == ErrorCode.GAME_OVER and "closed" in e.message and e.room == room, e
    await ann.request(p.Ping(), p.Pong)


async def test_a_room_nobody_has_is_still_unknown(node: Node) -> None:
    eve = await hello(url(node), "Eve")
    for msg in (p.Spectate(room="r-nosuchroom"), p.Analyze(room="r-nosuchroom", kind="review"),
                p.GetState(room="r-nosuchroom"), p.Rematch(room="r-nosuchroom")):  # fmt: skip
        e = await eve.error(msg)
        assert e.code == ErrorCode.UNKNOWN_ROOM, e
    await eve.request(p.Ping(), p.Pong)  # (the connection carries on)


@pytest.mark.embedded_only
async def test_a_finished_game_opens_after_a_restart(make_node: NodeFactory) -> None:
    node = await make_node()
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    room = await one_move_game(ann, bob, rated=False)
    await settled(node)
    await node.shutdown()
    again = await make_node()  # (the same SQLite file)
    eve = await hello(url(again), "Eve")
    state = await eve.request(p.Spectate(room=room), p.RoomState)
    assert state.status == "finished" and [s.player for s in state.seats] == ["Ann", "Bob"]
    listed = await games_of(eve, "ann")
    assert listed.name == "Ann" and [g.room for g in listed.games] == [room]


async def test_a_players_games_are_listed_newest_first_paged_and_by_game(make_node: NodeFactory) -> None:
    node = await make_node(ended_ttl_s=0.0)
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    guest = await hello(url(node), "Gus")
    rooms = [await one_move_game(ann, bob, rated=i == 0) for i in range(3)]
    rooms.append(await one_move_game(bob, ann, rated=False))  # Bob wins this one
    rooms.append(await one_move_game(ann, guest, rated=False))  # a guest's game: in Ann's list only
    for room in rooms:
        await gone(node, room)
    listed = await games_of(guest, "Ann")  # (anyone may ask)
    assert listed.total == 5 and [g.room for g in listed.games] == rooms[::-1]
    first = listed.games[-1]
    assert (first.game, first.seats, first.seat, first.outcome, first.rated, first.moves) == (
        "nim", ["Ann", "Bob"], 0, "win", True, 3
    )
    assert first.title and first.reason and first.ended_at > 0
    bobs = await games_of(guest, "BOB", limit=2)
    assert bobs.name == "Bob" and bobs.total == 4 and [g.room for g in bobs.games] == rooms[3::-1][:2]
    assert bobs.games[0].outcome == "win" and bobs.games[0].seat == 0 and bobs.games[1].outcome == "loss"
    page2 = await games_of(guest, "Bob", limit=2, offset=2)
    assert [g.room for g in page2.games] == rooms[1::-1] and page2.offset == 2
    past = await games_of(guest, "Bob", offset=10)
    assert past.total == 4 and past.games == []
    nim = await games_of(guest, "Ann", game="NIM")
    assert nim.game == "nim" and nim.total == 5
    other = await games_of(guest, "Ann", game="tictactoe")
    assert other.total == 0 and other.games == []
    e = await guest.error(p.GetPlayerGames(name="Gus"))
    assert e.code == ErrorCode.UNKNOWN_PLAYER
    e = await guest.error(p.GetPlayerGames(name="Ann", game="no-such-game"))
    assert e.code == ErrorCode.UNKNOWN_GAME
    for bad in ({"limit": 0}, {"limit": 51}, {"offset": -1}, {"offset": 100_001}, {"name": ""}):
        e = await guest.error({"type": "get_player_games", "name": "Ann", **bad})
        assert e.code == ErrorCode.BAD_MESSAGE, bad
    await guest.request(p.Ping(), p.Pong)


async def test_a_hosted_bots_games_are_listed_and_the_list_may_come_before_hello(node: Node) -> None:
    ann = await player(node, "Ann")
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [1]}, seat=1, seats=[p.SeatRequest(kind="bot", level="easy"),
                                                                      p.SeatRequest(kind="open")]),
        p.RoomCreated,
    )
    over = await ann.expect(p.GameOver, room=created.room)
    assert over.result is not None
    await settled(node)
    stranger = await Client.open(url(node))  # (no hello)
    listed = await stranger.request(p.GetPlayerGames(name="bot:easy"), p.PlayerGames)
    assert [g.room for g in listed.games] == [created.room] and listed.games[0].seat == 0
    assert listed.games[0].outcome == "win"


async def test_a_private_rooms_finished_game_is_anyones_to_see_by_its_id(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="invite")]
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0, seats=seats, private=True), p.RoomCreated
    )
    eve = await hello(url(node), "Eve")
    e = await eve.error(p.Spectate(room=created.room))  # not while it is played
    assert e.code == ErrorCode.UNKNOWN_ROOM
    await bob.request(p.Join(code=created.code), p.RoomState)
    await ann.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.GameOver, room=created.room)
    state = await eve.request(p.Spectate(room=created.room), p.RoomState)  # (the room is still in memory)
    assert state.status == "finished" and state.you is None


async def test_a_finished_private_games_invitation_link_opens_it_once_its_room_left_memory(
    make_node: NodeFactory,
) -> None:
    node = await make_node(ended_ttl_s=0.0)
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="invite")]
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0, seats=seats, private=True), p.RoomCreated
    )
    assert created.code
    await bob.request(p.Join(code=created.code), p.RoomState)
    await ann.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.GameOver, room=created.room)
    await gone(node, created.room)
    for _ in range(2):  # (in a cluster: each node in turn)
        eve = await hello(url(node), "Eve")
        state = await eve.request(p.Spectate(code=created.code), p.RoomState)
        assert state.room == created.room and state.status == "finished" and state.you is None
        e = await eve.error(p.Spectate(code="no-such-code"))
        assert e.code == ErrorCode.UNKNOWN_ROOM
        await eve.close()
