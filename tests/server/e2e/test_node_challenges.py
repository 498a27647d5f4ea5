"""Bot registration, the player list and challenges against a real node (real sockets, SQLite file)."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, url


def sid(c: Client) -> str:
    """The client's session id."""
    assert c.welcome is not None
    return c.welcome.session


def token(c: Client) -> str:
    assert c.welcome is not None
    return c.welcome.token


async def bot_hello(node: Node, name: str) -> Client:
    c = await Client.open(url(node))
    c.welcome = await c.request(p.Hello(versions=[1], name=name, kind="bot"), p.Welcome)
    return c


@pytest.mark.embedded_only
async def test_a_bot_client_is_listed_as_a_bot_and_stored_as_one(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    dice = await bot_hello(node, "dice")
    players = await ann.request(p.ListPlayers(), p.Players)
    by_name = {pl.name: pl for pl in players.players}
    assert set(by_name) == {"Ann", "dice"}
    assert by_name["dice"].kind == "bot" and by_name["Ann"].kind == "human"
    assert by_name["dice"].session == sid(dice)
    assert all(token(dice) not in repr(pl) for pl in players.players)  # tokens never leave
    only_bots = await ann.request(p.ListPlayers(kind="bot"), p.Players)
    assert [pl.name for pl in only_bots.players] == ["dice"]
    db = sqlite3.connect(node.config.db)
    kinds = dict(db.execute("SELECT name, kind FROM sessions").fetchall())
    db.close()
    assert kinds == {"Ann": "human", "dice": "bot"}
    # A disconnected player is no longer listed.
    await dice.close()
    for _ in range(50):
        players = await ann.request(p.ListPlayers(), p.Players)
        if [pl.name for pl in players.players] == ["Ann"]:
            break
    assert [pl.name for pl in players.players] == ["Ann"]
    await ann.close()


async def test_a_bot_clients_seat_is_marked_in_the_room_list(node: Node) -> None:
    dice = await bot_hello(node, "dice")
    ann = await Client.hello(url(node), "Ann")
    created = await dice.request(p.CreateRoom(game="nim", params={"heaps": [2, 2]}, seat=0), p.RoomCreated)
    await dice.expect(p.RoomState, room=created.room)
    # (In a cluster another node's rooms are listed once it has written its list: a moment later.)
    for _ in range(100):
        rooms = await ann.request(p.ListRooms(), p.Rooms)
        if rooms.rooms:
            break
        await asyncio.sleep(0.05)
    (summary,) = rooms.rooms
    assert [(s.player, s.bot) for s in summary.seats] == [("dice", True), (None, False)]
    # and so do the seats of every room_state: Ann joins and both hear who is a bot client
    joined = await ann.request(p.Join(room=created.room), p.RoomState)
    told = await dice.expect(p.RoomState, room=created.room, status="playing")
    for state in (joined, told):
        assert [(s.player, s.bot) for s in state.seats] == [("dice", True), ("Ann", False)]
    await dice.close()
    await ann.close()


async def test_an_accepted_challenge_is_played_to_the_end(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    dice = await bot_hello(node, "dice")
    made = await ann.request(p.Challenge(to=sid(dice), game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    assert made.seat == 0 and made.code
    waiting = await ann.expect(p.RoomState, room=made.room)
    assert waiting.status == "waiting" and waiting.you == 0
    challenged = await dice.expect(p.Challenged)
    assert (challenged.room, challenged.code, challenged.game, challenged.seat) == (made.room, made.code, "nim", 1)
    assert (challenged.challenger, challenged.challenger_session) == ("Ann", sid(ann))
    assert challenged.params == {"heaps": [1, 2], "misere": False}
    # The room is private: nobody else sees it or can sit in it without the code.
    bob = await Client.hello(url(node), "Bob")
    assert (await bob.request(p.ListRooms(), p.Rooms)).rooms == []
    assert (await bob.error(p.Join(room=made.room))).code == ErrorCode.NOT_INVITED
    assert (await bob.error(p.AcceptChallenge(room=made.room))).code == ErrorCode.NO_CHALLENGE
    state = await dice.request(p.AcceptChallenge(room=made.room), p.RoomState)
    assert state.status == "playing" and state.you == 1
    assert [s.player for s in state.seats] == ["Ann", "dice"]
    await ann.expect(p.RoomState, room=made.room, status="playing")
    # Ann takes the heap of 2; dice takes the last object and wins.
    await ann.request(p.Move(room=made.room, ply=0, move="2:2"), p.MoveMade)
    await dice.expect(p.MoveMade, room=made.room, ply=0)
    await dice.request(p.Move(room=made.room, ply=1, move="1:1"), p.MoveMade)
    over = await ann.expect(p.GameOver, room=made.room)
    assert over.status == "finished" and over.result is not None and over.result.outcomes == ["loss", "win"]
    # The challenge is spent: it cannot be answered again.
    assert (await dice.error(p.DeclineChallenge(room=made.room))).code == ErrorCode.NO_CHALLENGE
    for c in (ann, dice, bob):
        await c.close()


async def test_a_declined_challenge_aborts_the_room_and_tells_the_challenger(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    made = await ann.request(p.Challenge(to=sid(bob), game="nim", seat=1), p.RoomCreated)
    challenged = await bob.expect(p.Challenged, room=made.room)
    assert challenged.seat == 0 and challenged.challenger_kind == "human"
    ok = await bob.request(p.DeclineChallenge(room=made.room), p.Ok)
    assert ok.room == made.room
    declined = await ann.expect(p.ChallengeDeclined, room=made.room)
    assert (declined.player, declined.session, declined.reason) == ("Bob", sid(bob), "declined")
    over = await ann.expect(p.GameOver, room=made.room)
    assert over.status == "aborted" and "declined" in over.reason
    assert (await bob.error(p.AcceptChallenge(room=made.room))).code == ErrorCode.NO_CHALLENGE
    assert (await bob.error(p.Join(code=made.code))).code == ErrorCode.GAME_OVER
    await ann.close()
    await bob.close()


async def test_challenges_to_nobody_and_bad_challenges_are_refused(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    err = await ann.error(p.Challenge(to="s-nobody", game="nim"))
    assert err.code == ErrorCode.UNKNOWN_PLAYER and "s-nobody" in err.message
    err = await ann.error(p.Challenge(to=sid(ann), game="nim"))
    assert err.code == ErrorCode.SELF_CHALLENGE and "yourself" in err.message
    err = await ann.error(p.Challenge(to=sid(bob), game="chess"))
    assert err.code == ErrorCode.UNKNOWN_GAME
    err = await ann.error(p.Challenge(to=sid(bob), game="nim", params={"heaps": "x"}))
    assert err.code == ErrorCode.BAD_PARAMS and "heaps" in err.message
    err = await ann.error(p.Challenge(to=sid(bob), game="nim", seat=2))
    assert err.code == ErrorCode.BAD_PARAMS and "seat 2" in err.message
    err = await ann.error(p.AcceptChallenge(room="r-none"))
    assert err.code == ErrorCode.NO_CHALLENGE
    # An offline player cannot be challenged.
    bob_id = sid(bob)
    await bob.close()
    for _ in range(50):
        if bob_id not in [pl.session for pl in (await ann.request(p.ListPlayers(), p.Players)).players]:
            break
    err = await ann.error(p.Challenge(to=bob_id, game="nim"))
    assert err.code == ErrorCode.UNKNOWN_PLAYER
    assert not bob.drain(p.Challenged)
    await ann.close()


async def test_a_challenger_who_leaves_withdraws_the_challenge(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    made = await ann.request(p.Challenge(to=sid(bob), game="nim"), p.RoomCreated)
    await bob.expect(p.Challenged, room=made.room)
    await ann.request(p.Leave(room=made.room), p.Ok)
    # The room is aborted once it is empty: a spectator coming now finds it so (its requests queue behind the abort).
    eve = await Client.hello(url(node), "Eve")
    assert (await eve.request(p.Spectate(code=made.code), p.RoomState)).status == "aborted"
    assert (await bob.error(p.AcceptChallenge(room=made.room))).code == ErrorCode.NO_CHALLENGE
    assert (await bob.error(p.Join(code=made.code))).code == ErrorCode.GAME_OVER
    await ann.close()
    await bob.close()


async def test_a_challenge_is_told_again_when_the_challenged_player_resumes(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    made = await ann.request(p.Challenge(to=sid(bob), game="nim", params={"heaps": [1]}), p.RoomCreated)
    await bob.expect(p.Challenged, room=made.room)
    bob.drop()  # the link dies before Bob answers
    back = await Client.resume(url(node), token(bob))
    again = await back.expect(p.Challenged, room=made.room)
    assert (again.challenger, again.seat) == ("Ann", 1)
    state = await back.request(p.AcceptChallenge(room=made.room), p.RoomState)
    assert state.status == "playing" and state.you == 1
    await ann.request(p.Move(room=made.room, ply=0, move="1:1"), p.MoveMade)
    over = await back.expect(p.GameOver, room=made.room)
    assert over.result is not None and over.result.outcomes == ["win", "loss"]
    await ann.close()
    await back.close()


async def test_an_unanswered_challenge_expires_and_the_challenger_is_told(make_node: NodeFactory) -> None:
    node = await make_node(challenge_ttl_s=0.5)
    ann = await Client.hello(url(node), "Ann")
    dice = await bot_hello(node, "dice")
    made = await ann.request(p.Challenge(to=sid(dice), game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    challenged = await dice.expect(p.Challenged, room=made.room)
    assert challenged.expires_at is not None and 0 < challenged.expires_at - time.time() <= 0.5
    told = await ann.expect(p.ChallengeDeclined, room=made.room)
    assert (told.reason, told.player, told.session) == ("expired", "dice", sid(dice))
    over = await ann.expect(p.GameOver, room=made.room)
    assert over.status == "aborted" and "expired" in over.reason
    assert (await dice.error(p.AcceptChallenge(room=made.room))).code == ErrorCode.NO_CHALLENGE
    # an accepted challenge never expires: its game goes on
    made = await ann.request(p.Challenge(to=sid(dice), game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    await dice.expect(p.Challenged, room=made.room)
    await dice.request(p.AcceptChallenge(room=made.room), p.RoomState)
    # A later challenge that nobody answers: once it has expired, the accepted one's time is surely up too
    # (timers fire in the order of their deadlines), so had it been going to expire, it would have by now.
    cy = await bot_hello(node, "cy")
    later = await ann.request(p.Challenge(to=sid(cy), game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    assert (await ann.expect(p.ChallengeDeclined, room=later.room)).reason == "expired"
    state = await ann.request(p.GetState(room=made.room), p.RoomState)
    assert state.status == "playing"
    assert not [m for m in ann.drain() if isinstance(m, p.ChallengeDeclined | p.GameOver) and m.room == made.room]
    await ann.close()
    await dice.close()


async def test_pending_challenges_per_challenger_are_capped(make_node: NodeFactory) -> None:
    node = await make_node(max_pending_challenges=2)
    ann, bob, cid = [await Client.hello(url(node), n) for n in ("Ann", "Bob", "Cid")]
    for target in (bob, cid):
        await ann.request(p.Challenge(to=sid(target), game="nim", seat=0), p.RoomCreated)
    err = await ann.error(p.Challenge(to=sid(bob), game="nim", seat=0))
    assert err.code == ErrorCode.TOO_MANY_CHALLENGES and "2 challenges" in err.message
    await bob.request(p.Challenge(to=sid(ann), game="nim", seat=0), p.RoomCreated)  # the cap is per challenger
    first = await bob.expect(p.Challenged)
    await bob.request(p.DeclineChallenge(room=first.room), p.Ok)  # an answer frees a place
    await ann.request(p.Challenge(to=sid(bob), game="nim", seat=0), p.RoomCreated)
    for c in (ann, bob, cid):
        await c.close()
