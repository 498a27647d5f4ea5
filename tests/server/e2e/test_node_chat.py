"""The room keeps its chat (its last 100 lines): a late spectator, a resumed session and a restarted node
(on one node: the same SQLite file; in a cluster: the room taken over from its log in Redis) get them in
``room_state``; and an untimed game against a hosted bot waits for its first move, a game between people not."""

from __future__ import annotations

from grundy import protocol as p
from tests.server.e2e.wsclient import Client, NodeFactory, nim_table, url

UNLIMITED = {"requests_per_s": 100_000.0, "burst": 100_000.0, "abuse_strikes": 100_000.0}


def said(state: p.RoomState) -> list[tuple[int | None, str, str]]:
    return [(c.seat, c.name, c.text) for c in state.chat]


async def test_a_late_spectator_and_a_resumed_session_get_the_last_100_lines(make_node: NodeFactory) -> None:
    node = await make_node(**UNLIMITED)
    ann, bob, room = await nim_table(node)
    for i in range(101):
        speaker = ann if i % 2 == 0 else bob
        line = await speaker.request(p.ChatSend(room=room, text=f"line {i}"), p.Chat)
        assert (line.seat, line.text) == (i % 2, f"line {i}")
    expected = [(i % 2, "Ann" if i % 2 == 0 else "Bob", f"line {i}") for i in range(1, 101)]

    eve = await Client.hello(url(node), "Eve")
    state = await eve.request(p.Spectate(room=room), p.RoomState)
    assert len(state.chat) == 100 and said(state) == expected  # the bound: 101 lines said, the last 100 kept
    assert all(a.at <= b.at for a, b in zip(state.chat, state.chat[1:], strict=False))
    await eve.request(p.ChatSend(room=room, text="hello from the stands"), p.Chat)
    await ann.expect(p.Chat, text="hello from the stands")
    expected = [*expected[1:], (None, "Eve", "hello from the stands")]

    token = ann.welcome.token if ann.welcome else ""
    ann.drop()
    await bob.expect(p.PlayerStatus, seat=0, connected=False)
    back = await Client.resume(url(node), token)
    assert said(await back.expect(p.RoomState, room=room)) == expected
    assert said(await bob.request(p.GetState(room=room), p.RoomState)) == expected


async def test_the_chat_comes_back_after_a_restart_or_a_take_over(make_node: NodeFactory) -> None:
    first = await make_node()
    ann, bob, room = await nim_table(first)
    eve = await Client.hello(url(first), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    await ann.request(p.ChatSend(room=room, text="good luck"), p.Chat)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await eve.request(p.ChatSend(room=room, text="a bold start"), p.Chat)
    await bob.request(p.ChatSend(room=room, text="we will see"), p.Chat)
    await ann.expect(p.Chat, text="we will see")
    tokens = [c.welcome.token if c.welcome else "" for c in (ann, bob, eve)]
    await first.shutdown()

    second = await make_node()
    expected = [(0, "Ann", "good luck"), (None, "Eve", "a bold start"), (1, "Bob", "we will see")]
    bob2 = await Client.resume(url(second), tokens[1])
    state = await bob2.expect(p.RoomState, room=room)
    assert (state.ply, said(state)) == (1, expected)
    eve2 = await Client.resume(url(second), tokens[2])
    assert said(await eve2.expect(p.RoomState, room=room)) == expected
    # The chat goes on where it was: a new line follows the restored ones.
    await bob2.request(p.ChatSend(room=room, text="back again"), p.Chat)
    await eve2.expect(p.Chat, text="back again")
    late = await Client.hello(url(second), "Lou")
    state = await late.request(p.Spectate(room=room), p.RoomState)
    assert said(state) == [*expected, (1, "Bob", "back again")]


async def test_a_learner_against_a_hosted_bot_is_not_hurried_but_people_are(make_node: NodeFactory) -> None:
    node = await make_node(abort_s=1.0)
    lea = await Client.hello(url(node), "Lea")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="easy")]
    created = await lea.request(p.CreateRoom(game="nim", params={"heaps": [2, 3]}, seats=seats, seat=0), p.RoomCreated)
    started = await lea.expect(p.RoomState, room=created.room, status="playing")
    assert started.abort_at is None and started.turn == 0
    ann, bob, people = await nim_table(node)
    state = await ann.request(p.GetState(room=people), p.RoomState)
    assert state.abort_at is not None
    over = await bob.expect(p.GameOver, room=people, timeout=10)  # people: aborted without a first move
    assert over.status == "aborted" and over.result is None

    # Past the window the people's room had: Lea's room started before theirs, so a window of its own would have
    # closed before theirs did, and the node decided it before the people's end reached Bob; her request is answered
    # after anything the node decided for her room.
    state = await lea.request(p.GetState(room=created.room), p.RoomState)
    assert (state.status, state.ply, state.abort_at) == ("playing", 0, None)
    assert not [m for m in lea.seen if isinstance(m, p.GameOver)]
    await lea.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    await lea.expect(p.MoveMade, room=created.room, ply=1, timeout=10)  # the bot answers: the game goes on
