"""One person, many devices; an invitation belongs to who it names (real sockets, SQLite file or Redis).

A registered player signed in on two connections (two devices) is one person: listed once, challenged
on both, answering on either (the first answer wins, the other is told), never challenging itself,
and seeing its own game as its own on the other device.  The seat a challenge keeps is the challenged
person's alone: anyone else who comes with the room's code watches.
"""

from __future__ import annotations

import time

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.test_node_players import hello, register
from tests.server.e2e.test_node_rated import one_move_game
from tests.server.e2e.test_node_stored_games import gone
from tests.server.e2e.wsclient import Client, NodeFactory, url


def sid(c: Client) -> str:
    assert c.welcome is not None
    return c.welcome.session


async def people(by: Client, *want: Client, timeout: float = 10.0) -> dict[str, p.PlayerInfo]:
    """The persons listed, by name, once every session of ``want`` is among them (a cluster node announces
    a session just after its welcome)."""
    deadline = time.monotonic() + timeout
    while True:
        listed = (await by.request(p.ListPlayers(), p.Players)).players
        sessions = {s for pl in listed for s in pl.sessions}
        if all(sid(c) in sessions for c in want) or time.monotonic() > deadline:
            return {pl.name: pl for pl in listed}


async def test_a_challenge_reaches_every_device_of_the_person_and_the_first_accept_wins(node: Node) -> None:
    ann_secret, bob_secret = await register(node, "Ann"), await register(node, "Bob")
    ann = await hello(url(node), "Ann", ann_secret)
    phone = await hello(url(node), "Bob", bob_secret)
    laptop = await hello(url(node), "Bob", bob_secret)
    eve = await hello(url(node), "Eve")  # a guest
    listed = await people(ann, ann, phone, laptop, eve)
    # Bob is one person, on two sessions; a guest is its own session
    assert sorted(listed) == ["Ann", "Bob", "Eve"]
    assert sorted(listed["Bob"].sessions) == sorted([sid(phone), sid(laptop)])
    assert listed["Bob"].session in (sid(phone), sid(laptop)) and listed["Bob"].player == "Bob"
    assert listed["Eve"].sessions == [sid(eve)] and listed["Eve"].player is None
    assert {pl.where for pl in listed.values()} == {"idle"}
    # nobody challenges themself: not this session, not another device of the same player
    e = await laptop.error(p.Challenge(to=sid(phone), game="nim"))
    assert e.code == ErrorCode.SELF_CHALLENGE and "yourself" in e.message
    e = await phone.error(p.Challenge(to=sid(phone), game="nim"))
    assert e.code == ErrorCode.SELF_CHALLENGE

    made = await ann.request(p.Challenge(to=sid(phone), game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    told = [await device.expect(p.Challenged, room=made.room) for device in (phone, laptop)]
    assert all(t.code == made.code and t.seat == 1 and t.challenger == "Ann" for t in told)

    # a stranger with the shared link (the code) watches; the kept seat is not theirs
    watching = await eve.request(p.Join(code=made.code), p.RoomState)
    assert watching.you is None and watching.status == "waiting"
    e = await eve.error(p.Join(code=made.code, seat=1))
    assert e.code == ErrorCode.NOT_INVITED and "Bob" in e.message
    assert (await eve.error(p.AcceptChallenge(room=made.room))).code == ErrorCode.NO_CHALLENGE

    # the laptop accepts (though the challenge named the phone): the game is on, the phone is told
    state = await laptop.request(p.AcceptChallenge(room=made.room), p.RoomState)
    assert state.status == "playing" and state.you == 1 and [s.player for s in state.seats] == ["Ann", "Bob"]
    answered = await phone.expect(p.ChallengeAnswered, room=made.room)
    assert answered.accepted and answered.session == sid(laptop)
    e = await phone.error(p.AcceptChallenge(room=made.room))
    assert e.code == ErrorCode.NO_CHALLENGE and "answered" in e.message
    await eve.expect(p.RoomState, room=made.room, status="playing")
    listed = await people(ann)
    assert (listed["Ann"].where, listed["Bob"].where, listed["Eve"].where) == ("playing", "playing", "watching")
    assert listed["Bob"].playing == 1 and listed["Eve"].watching == 1
    for c in (ann, phone, laptop, eve):
        await c.close()


async def test_a_challenge_declined_on_one_device_is_told_to_the_others(node: Node) -> None:
    ann_secret, bob_secret = await register(node, "Ann"), await register(node, "Bob")
    ann = await hello(url(node), "Ann", ann_secret)
    phone = await hello(url(node), "Bob", bob_secret)
    laptop = await hello(url(node), "Bob", bob_secret)
    await people(ann, phone, laptop)
    made = await ann.request(p.Challenge(to=sid(laptop), game="nim"), p.RoomCreated)
    await phone.expect(p.Challenged, room=made.room)
    await laptop.expect(p.Challenged, room=made.room)
    await phone.request(p.DeclineChallenge(room=made.room), p.Ok)
    answered = await laptop.expect(p.ChallengeAnswered, room=made.room)
    assert not answered.accepted and answered.session == sid(phone)
    declined = await ann.expect(p.ChallengeDeclined, room=made.room)
    assert declined.player == "Bob"
    for c in (ann, phone, laptop):
        await c.close()


@pytest.mark.embedded_only  # (a cluster's node tells the challenges it holds: to a device signing in on it)
async def test_a_device_signing_in_later_is_told_of_the_challenges_waiting(node: Node) -> None:
    ann_secret, bob_secret = await register(node, "Ann"), await register(node, "Bob")
    ann = await hello(url(node), "Ann", ann_secret)
    phone = await hello(url(node), "Bob", bob_secret)
    spent = await ann.request(p.Challenge(to=sid(phone), game="nim"), p.RoomCreated)
    await phone.request(p.DeclineChallenge(room=spent.room), p.Ok)
    made = await ann.request(p.Challenge(to=sid(phone), game="nim"), p.RoomCreated)
    await phone.expect(p.Challenged, room=made.room)
    tablet = await hello(url(node), "Bob", bob_secret)
    again = await tablet.expect(p.Challenged)
    assert again.room == made.room and again.code == made.code  # (not the spent one)
    await tablet.request(p.AcceptChallenge(room=made.room), p.RoomState)
    for c in (ann, phone, tablet):
        await c.close()


async def test_the_challenged_persons_other_device_takes_the_seat_with_the_code(node: Node) -> None:
    ann_secret, bob_secret = await register(node, "Ann"), await register(node, "Bob")
    ann = await hello(url(node), "Ann", ann_secret)
    phone = await hello(url(node), "Bob", bob_secret)
    laptop = await hello(url(node), "Bob", bob_secret)
    await people(ann, phone, laptop)
    made = await ann.request(p.Challenge(to=sid(phone), game="nim", seat=1), p.RoomCreated)
    await laptop.expect(p.Challenged, room=made.room)
    state = await laptop.request(p.Join(code=made.code), p.RoomState)  # the link, opened on another device
    assert state.status == "playing" and state.you == 0
    assert (await phone.expect(p.ChallengeAnswered, room=made.room)).accepted
    for c in (ann, phone, laptop):
        await c.close()


async def test_your_game_opened_on_another_device_is_yours(node: Node) -> None:
    ann_secret, bob_secret = await register(node, "Ann"), await register(node, "Bob")
    here, elsewhere = f"ws://127.0.0.1:{node.port}/", [f"ws://127.0.0.1:{n.port}/" for n in getattr(node, "peers", [])]
    ann = await hello(here, "Ann", ann_secret)  # (the room is made on Ann's node; in a cluster the phone
    laptop = await hello(here, "Bob", bob_secret)  # is on the other one: its requests are forwarded)
    phone = await hello(elsewhere[0] if elsewhere else here, "Bob", bob_secret)
    await people(ann, laptop, phone)
    made = await ann.request(p.Challenge(to=sid(laptop), game="nim", params={"heaps": [2, 2]}, seat=0), p.RoomCreated)
    await laptop.request(p.AcceptChallenge(room=made.room), p.RoomState)
    # the phone opens the room (as a link opens it: spectate): it is Bob's seat, his view
    mine = await phone.request(p.Spectate(room=made.room), p.RoomState)
    assert mine.you == 1 and mine.status == "playing"
    await ann.request(p.Move(room=made.room, ply=0, move="1:1"), p.MoveMade)
    for device in (laptop, phone):  # both devices hear the move as Bob's seat: with his legal moves
        seen = await device.expect(p.MoveMade, room=made.room, ply=0)
        assert seen.legal_moves
    # either device moves for Bob
    await phone.request(p.Move(room=made.room, ply=1, move="1:1"), p.MoveMade)
    await laptop.expect(p.MoveMade, room=made.room, ply=1)
    # the phone leaving stops its watching; it does not resign Bob's game
    await phone.request(p.Leave(room=made.room), p.Ok)
    await ann.request(p.Move(room=made.room, ply=2, move="2:1"), p.MoveMade)
    await laptop.request(p.Move(room=made.room, ply=3, move="2:1"), p.MoveMade)
    over = await ann.expect(p.GameOver, room=made.room)
    assert over.result is not None and over.result.outcomes == ["loss", "win"]
    # the finished game opened on the phone again: Bob's, with his seat (the review's side)
    again = await phone.request(p.Spectate(room=made.room), p.RoomState)
    assert again.you == 1 and again.status == "finished"
    # a spectator is a spectator: Ann's seat is not Eve's
    eve = await hello(url(node), "Eve")
    assert (await eve.request(p.Spectate(code=made.code), p.RoomState)).you is None
    for c in (ann, laptop, phone, eve):
        await c.close()


async def test_an_open_invitation_is_for_anyone_with_the_code(node: Node) -> None:
    ann = await hello(url(node), "Ann")
    eve = await hello(url(node), "Eve")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="invite")]
    made = await ann.request(p.CreateRoom(game="nim", seats=seats, seat=0, private=True), p.RoomCreated)
    state = await eve.request(p.Join(code=made.code), p.RoomState)
    assert state.you == 1 and state.status == "playing"
    for c in (ann, eve):
        await c.close()


async def test_a_person_waits_for_a_quick_match_once_and_never_meets_itself(node: Node) -> None:
    bob_secret = await register(node, "Bob")
    phone = await hello(url(node), "Bob", bob_secret)
    laptop = await hello(url(node), "Bob", bob_secret)
    eve = await hello(url(node), "Eve")
    await people(eve, phone, laptop)
    await phone.request(p.QuickMatch(game="nim", rated=False), p.Queued)
    await laptop.request(p.QuickMatch(game="nim", rated=False), p.Queued)  # the wait moves to the laptop
    assert (await phone.error(p.QuickMatchCancel())).code == ErrorCode.NOT_IN_QUEUE
    await eve.request(p.QuickMatch(game="nim", rated=False), p.Queued)
    state = await eve.expect(p.RoomState, status="playing")
    assert sorted(s.player or "" for s in state.seats) == ["Bob", "Eve"]
    await laptop.expect(p.RoomState, room=state.room, status="playing")
    for c in (phone, laptop, eve):
        await c.close()


async def test_a_finished_game_that_left_memory_is_still_its_players_on_any_device(make_node: NodeFactory) -> None:
    node = await make_node(ended_ttl_s=0.0)
    ann_secret, bob_secret = await register(node, "Ann"), await register(node, "Bob")
    ann = await hello(url(node), "Ann", ann_secret)
    bob = await hello(url(node), "Bob", bob_secret)
    room = await one_move_game(ann, bob, rated=False)  # (Ann wins)
    await gone(node, room)
    phone = await hello(url(node), "Ann", ann_secret)  # another device of Ann's
    eve = await hello(url(node), "Eve")
    for who, seat in ((phone, 0), (ann, 0), (bob, 1), (eve, None)):
        state = await who.request(p.Spectate(room=room), p.RoomState)
        assert state.status == "finished" and state.you == seat, (who.welcome, state.you)
    for c in (ann, bob, phone, eve):
        await c.close()
