"""Playing over the wire: reconnection, clocks, grace, codes, quick match, rematch, bots, many rooms."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import re
import signal

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.test_node_stored_games import gone
from tests.server.e2e.wsclient import Client, NodeFactory, nim_table, url, watch_to_the_end


async def test_reconnecting_mid_game_with_the_token(node: Node) -> None:
    ann, bob, room = await nim_table(node)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    token = ann.welcome.token if ann.welcome else ""
    ann.drop()
    away = await bob.expect(p.PlayerStatus, seat=0, connected=False)
    assert away.grace_until is not None
    await bob.request(p.Move(room=room, ply=1, move="2:2"), p.MoveMade)  # played while Ann is away

    back = await Client.resume(url(node), token)
    assert back.welcome is not None and back.welcome.resumed and back.welcome.rooms == [room]
    assert back.welcome.session == (ann.welcome.session if ann.welcome else None)
    state = await back.expect(p.RoomState, room=room)
    assert (state.you, state.ply, state.turn) == (0, 2, 0)
    assert [m.move for m in state.moves] == ["1:1", "2:2"]
    assert state.legal_moves and "3:5" in state.legal_moves
    await bob.expect(p.PlayerStatus, seat=0, connected=True)
    await back.request(p.Move(room=room, ply=2, move="3:5"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=2)

    # Resuming again on a third connection takes the session over; the second one is closed.
    third = await Client.resume(url(node), token)
    code, _ = await back.wait_closed()
    assert code == 1000
    assert (await third.expect(p.RoomState, room=room)).ply == 3


async def test_a_clock_flag_ends_the_game(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    tc = p.TimeControl(initial_s=0.6, increment_s=0.0)
    created = await ann.request(p.CreateRoom(game="nim", time_control=tc, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    made = await ann.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    assert made.clocks is not None and made.clocks[1] == 0.6
    over = await bob.expect(p.GameOver, timeout=5)
    assert over.result is not None and over.result.ending == "flag"
    assert over.result.outcomes == ["win", "loss"] and over.clocks == [over.clocks[0], 0.0]
    assert (await ann.expect(p.GameOver)).result.ending == "flag"  # type: ignore[union-attr]
    err = await bob.error(p.Move(room=created.room, ply=1, move="2:1"))
    assert err.code == ErrorCode.GAME_OVER
    stored = await node.store.load_room(created.room)
    assert stored is not None and stored.status == "finished" and stored.reason == "Bob ran out of time"


async def test_a_player_who_does_not_come_back_forfeits(make_node: NodeFactory) -> None:
    node = await make_node(grace_s=0.5)
    ann, bob, room = await nim_table(node)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    bob.drop()
    over = await ann.expect(p.GameOver, timeout=5)
    assert over.result is not None and over.result.ending == "disconnect" and over.result.outcomes == ["win", "loss"]


async def test_private_rooms_and_invite_seats_need_the_code(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    eve = await Client.hello(url(node), "Eve")
    private = await ann.request(p.CreateRoom(game="nim", private=True, seat=0), p.RoomCreated)
    assert private.code is not None
    assert (await bob.error(p.Join(room=private.room))).code == ErrorCode.NOT_INVITED
    assert (await eve.error(p.Spectate(room=private.room))).code == ErrorCode.UNKNOWN_ROOM
    assert (await bob.error(p.Join(code="guess"))).code == ErrorCode.UNKNOWN_ROOM
    assert private.room not in [r.room for r in (await eve.request(p.ListRooms(), p.Rooms)).rooms]
    assert (await eve.request(p.Spectate(code=private.code), p.RoomState)).you is None
    joined = await bob.request(p.Join(code=private.code), p.RoomState)
    assert (joined.room, joined.you, joined.status) == (private.room, 1, "playing")

    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="invite")]
    invite = await ann.request(p.CreateRoom(game="nim", seats=seats, seat=0), p.RoomCreated)
    assert invite.code is not None
    assert (await eve.error(p.Join(room=invite.room))).code == ErrorCode.NOT_INVITED
    assert (await bob.request(p.Join(code=invite.code, seat=1), p.RoomState)).you == 1


async def test_quick_match_pairs_players_asking_for_the_same_game(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    cy = await Client.hello(url(node), "Cy")
    q = await ann.request(p.QuickMatch(game="nim", params={"heaps": "2,2"}), p.Queued)
    assert q.params == {"heaps": [2, 2], "misere": False}
    await cy.request(p.QuickMatch(game="nim", params={"heaps": [3]}), p.Queued)  # another game: no match
    await bob.request(p.QuickMatch(game="nim", params={"heaps": [2, 2]}), p.Queued)
    a = await ann.expect(p.RoomState, status="playing")
    b = await bob.expect(p.RoomState, status="playing")
    assert a.room == b.room and (a.you, b.you) == (0, 1)
    assert isinstance(await cy.request(p.QuickMatchCancel(), p.Ok), p.Ok)
    assert (await cy.error(p.QuickMatchCancel())).code == ErrorCode.NOT_IN_QUEUE
    assert (await cy.error(p.QuickMatch(game="chess"))).code == ErrorCode.UNKNOWN_GAME


async def test_rematch_swaps_the_seats_and_the_spectators_follow(node: Node) -> None:
    ann, bob, room = await nim_table(node, [1])
    eve = await Client.hello(url(node), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.GameOver)
    offered = await ann.request(p.Rematch(room=room), p.RematchOffered)
    assert offered.agreed == [0]
    await bob.request(p.Rematch(room=room), p.RematchOffered)
    a = await ann.expect(p.RoomState, rematch_of=room, status="playing")
    b = await bob.expect(p.RoomState, rematch_of=room, status="playing")
    assert a.room == b.room != room and (a.you, b.you) == (1, 0)
    watched = await eve.expect(p.RoomState, room=a.room)
    assert watched.you is None and watched.rematch_of == room
    await bob.request(p.Move(room=a.room, ply=0, move="1:1"), p.MoveMade)
    assert (await ann.expect(p.GameOver, room=a.room)).result.outcomes == ["win", "loss"]  # type: ignore[union-attr]
    assert (await eve.expect(p.GameOver, room=a.room)).status == "finished"


async def test_leaving_before_the_first_move_aborts(node: Node) -> None:
    ann, bob, room = await nim_table(node)
    assert isinstance(await bob.request(p.Leave(room=room), p.Ok), p.Ok)
    over = await ann.expect(p.GameOver)
    assert over.status == "aborted" and over.result is None


async def play_as_bot_opponent(c: Client, room: str, seat: int) -> p.GameOver:
    """Make random legal moves whenever it is ``seat``'s turn until the game ends."""
    rng = random.Random(seat)
    while True:
        msg = await c.expect(lambda m: isinstance(m, (p.RoomState, p.MoveMade, p.GameOver)) and m.room == room)
        if isinstance(msg, p.GameOver):
            return msg
        if msg.turn == seat and msg.legal_moves:
            ply = msg.ply if isinstance(msg, p.RoomState) else msg.ply + 1
            await c.send(p.Move(room=room, ply=ply, move=rng.choice(msg.legal_moves)))


async def test_a_human_against_a_hosted_bot(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="max")]
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seats=seats, seat=0), p.RoomCreated
    )
    over = await asyncio.wait_for(play_as_bot_opponent(ann, created.room, 0), 30)
    assert over.result is not None and over.result.ending == "rules"
    assert over.result.outcomes == ["loss", "win"] or over.result.outcomes == ["win", "loss"]
    rec = await ann.request(p.GetRecord(room=created.room), p.Record)
    assert {m["seat"] for m in rec.record["moves"]} == {0, 1}
    assert rec.record["seats"][1]["level"] == "max"


async def test_bots_play_each_other_by_themselves(node: Node) -> None:
    eve = await Client.hello(url(node), "Eve")
    seats = [p.SeatRequest(kind="bot", level="easy"), p.SeatRequest(kind="bot", level="max")]
    created = await eve.request(p.CreateRoom(game="nim", params={"heaps": [2, 3, 4]}, seats=seats), p.RoomCreated)
    over = await watch_to_the_end(eve, created.room, timeout=30)
    assert over.result is not None and over.result.ending == "rules"
    stored = await node.store.load_room(created.room)
    assert stored is not None and stored.status == "finished" and len(stored.moves) >= 2


async def test_a_hundred_rooms_at_once(node: Node) -> None:
    async def one_game(i: int) -> str:
        a = await Client.hello(url(node), f"A{i}")
        b = await Client.hello(url(node), f"B{i}")
        created = await a.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
        await b.request(p.Join(room=created.room), p.RoomState)
        await a.request(p.Move(room=created.room, ply=0, move="2:1"), p.MoveMade)
        await b.expect(p.MoveMade, ply=0)
        await b.request(p.Move(room=created.room, ply=1, move="1:1"), p.MoveMade)
        await a.expect(p.MoveMade, ply=1)
        await a.request(p.Move(room=created.room, ply=2, move="2:1"), p.MoveMade)
        over = await b.expect(p.GameOver)
        assert over.result is not None and over.result.outcomes == ["win", "loss"]
        await a.close()
        await b.close()
        return created.room

    rooms = await asyncio.gather(*(one_game(i) for i in range(100)))
    assert len(set(rooms)) == 100
    finished = {r.id: r for r in await node.store.finished_rooms()}
    assert set(rooms) <= set(finished)
    assert all(len(finished[r].moves) == 3 for r in rooms)


async def test_no_first_move_aborts_the_game(make_node: NodeFactory) -> None:
    node = await make_node(abort_s=0.4)
    ann, bob, room = await nim_table(node)
    over = await bob.expect(p.GameOver, timeout=5)
    assert over.status == "aborted" and over.result is None and "first move" in over.reason
    stored = await node.store.load_room(room)
    assert stored is not None and stored.status == "aborted"


async def test_draw_offers_and_resigning(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    created = await ann.request(p.CreateRoom(game="tictactoe", seat=0), p.RoomCreated)
    room = created.room
    await bob.request(p.Join(room=room), p.RoomState)
    await ann.request(p.Move(room=room, ply=0, move="b2"), p.MoveMade)
    offer = await ann.request(p.OfferDraw(room=room), p.DrawOffered)
    assert offer.agreed == [0]
    await bob.expect(p.DrawOffered, seat=0)
    assert isinstance(await bob.request(p.DeclineDraw(room=room), p.DrawDeclined), p.DrawDeclined)
    assert (await bob.error(p.AcceptDraw(room=room))).code == ErrorCode.NO_DRAW_OFFER
    await bob.request(p.OfferDraw(room=room), p.DrawOffered)
    over = await ann.request(p.AcceptDraw(room=room), p.GameOver)
    assert over.result is not None and over.result.outcomes == ["draw", "draw"] and over.result.ending == "draw_agreed"

    again = await ann.request(p.CreateRoom(game="nim", seat=0), p.RoomCreated)
    await bob.request(p.Join(room=again.room), p.RoomState)
    await ann.request(p.Move(room=again.room, ply=0, move="1:1"), p.MoveMade)
    resigned = await bob.request(p.Resign(room=again.room), p.GameOver)
    assert resigned.result is not None and resigned.result.outcomes == ["win", "loss"]
    assert resigned.result.ending == "resign"


async def test_a_bot_worker_killed_mid_search_does_not_stall_the_room(make_node: NodeFactory) -> None:
    from grundy.server.bots import BotPool

    pool = BotPool(1, stall={"max": 30.0})  # the max level thinks "forever": the worker is busy when killed
    node = await make_node(bots=pool, bot_untimed_s=1.0)
    ann = await Client.hello(url(node), "Ann")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="max")]
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seats=seats, seat=0), p.RoomCreated
    )
    await ann.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    for _ in range(200):
        if pool.busy_pids():
            break
        await asyncio.sleep(0.01)
    (busy,) = pool.busy_pids()
    os.kill(busy, signal.SIGKILL)
    bot = await ann.expect(p.MoveMade, ply=1, timeout=15)
    assert bot.seat == 1 and bot.turn == 0
    for _ in range(200):  # the pool got its capacity back
        if pool.pids() and busy not in pool.pids():
            break
        await asyncio.sleep(0.05)
    assert len(pool.pids()) == 1 and busy not in pool.pids()


@pytest.mark.embedded_only
async def test_a_restarted_node_keeps_waiting_rooms_codes_and_seats(make_node: NodeFactory) -> None:
    first = await make_node(max_rooms=2)
    ann = await Client.hello(url(first), "Ann")
    private = await ann.request(p.CreateRoom(game="nim", private=True, seat=0), p.RoomCreated)
    await ann.request(p.CreateRoom(game="nim", seat=1), p.RoomCreated)
    token = ann.welcome.token if ann.welcome else ""
    await first.shutdown()
    assert (await ann.wait_closed())[0] == 1001

    second = await make_node(max_rooms=2)
    back = await Client.resume(url(second), token)
    assert back.welcome is not None and private.room in back.welcome.rooms and len(back.welcome.rooms) == 2
    state = await back.expect(p.RoomState, room=private.room)
    assert (state.status, state.you) == ("waiting", 0)
    assert (await back.error(p.CreateRoom(game="nim"))).code == ErrorCode.TOO_MANY_ROOMS  # restored seats count
    bob = await Client.hello(url(second), "Bob")
    assert private.code is not None
    joined = await bob.request(p.Join(code=private.code), p.RoomState)
    assert (joined.room, joined.status, joined.you) == (private.room, "playing", 1)
    await back.request(p.Move(room=private.room, ply=0, move="1:1"), p.MoveMade)


async def test_a_spectator_watches_again_after_a_restart_until_it_leaves(make_node: NodeFactory) -> None:
    first = await make_node()
    ann, bob, room = await nim_table(first)
    eve = await Client.hello(url(first), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await eve.expect(p.MoveMade, ply=0)
    tokens = [c.welcome.token if c.welcome else "" for c in (ann, bob, eve)]
    await first.shutdown()

    second = await make_node()
    eve2 = await Client.resume(url(second), tokens[2])
    assert eve2.welcome is not None and eve2.welcome.rooms == [room]
    state = await eve2.expect(p.RoomState, room=room)
    assert (state.you, state.ply) == (None, 1)
    bob2 = await Client.resume(url(second), tokens[1])
    await bob2.expect(p.RoomState, room=room)
    await bob2.request(p.Move(room=room, ply=1, move="2:1"), p.MoveMade)
    await eve2.expect(p.MoveMade, ply=1)
    await eve2.request(p.Leave(room=room), p.Ok)  # leaving ends watching for good
    await second.shutdown()

    third = await make_node()
    eve3 = await Client.resume(url(third), tokens[2])
    assert eve3.welcome is not None and eve3.welcome.rooms == []


async def test_shutdown_cancels_bot_jobs_and_a_restart_finishes_the_game(
    make_node: NodeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    from grundy.server.bots import BotPool

    stuck = BotPool(1, stall={"max": 30.0})
    first = await make_node(bots=stuck)
    eve = await Client.hello(url(first), "Eve")
    seats = [p.SeatRequest(kind="bot", level="max"), p.SeatRequest(kind="bot", level="max")]
    created = await eve.request(p.CreateRoom(game="nim", params={"heaps": [2, 3]}, seats=seats), p.RoomCreated)
    for _ in range(200):
        if stuck.busy_pids():
            break
        await asyncio.sleep(0.01)
    assert stuck.busy_pids()
    with caplog.at_level(logging.INFO, logger="grundy.node"):
        await first.shutdown()
    assert f"room {created.room} bot job" in caplog.text
    assert re.search(r"shutdown (5/5|7/8): closing the store", caplog.text)  # (alone, or a cluster's node)

    second = await make_node()
    watcher = await Client.hello(url(second), "Eve")
    end = await watch_to_the_end(watcher, created.room, timeout=30)  # the restored bots finish the game
    assert end.status == "finished" and end.result is not None
    finished = await second.store.load_room(created.room)
    assert finished is not None and finished.status == "finished"


async def test_finished_rooms_are_forgotten_but_their_records_stay(make_node: NodeFactory) -> None:
    node = await make_node(ended_ttl_s=0.2, max_rooms=1)
    ann, bob, room = await nim_table(node, [1])
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.GameOver)
    again = await ann.request(p.CreateRoom(game="nim"), p.RoomCreated)  # a finished game frees its place
    await gone(node, room)  # the room is forgotten once its time is up (ended_ttl_s) ...
    state = await ann.request(p.GetState(room=room), p.RoomState)  # ... and its finished game read from the store
    assert state.status == "finished" and [m.move for m in state.moves] == ["1:1"]
    rec = await bob.request(p.GetRecord(room=room), p.Record)
    assert rec.record["moves"][0]["move"] == "1:1" and rec.record["result"]["outcomes"] == ["win", "loss"]
    assert (await bob.request(p.Spectate(room=again.room), p.RoomState)).status == "waiting"
    # A forgotten room is gone from the sessions too: resuming lists only the new one.
    token = ann.welcome.token if ann.welcome else ""
    await ann.close()
    back = await Client.resume(url(node), token)
    assert back.welcome is not None and back.welcome.rooms == [again.room]
