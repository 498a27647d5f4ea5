"""Every error caused by a request carries that request's ``ref``: rate limits, bad frames, refusals of every type."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode, encode_map
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, nim_table, url


async def answers_by_ref(client: Client, refs: list[Any]) -> dict[Any, list[Any]]:
    """Wait until every ref in ``refs`` has an answer; every message carrying one of them, by ref."""
    got: dict[Any, list[Any]] = {r: [] for r in refs}
    for _ in refs:
        m = await client.expect(lambda m: getattr(m, "ref", None) in got and not got[m.ref])
        got[m.ref].append(m)
    for m in client.drain():  # nothing else may carry them
        if getattr(m, "ref", None) in got:
            got[m.ref].append(m)
    return got


async def test_rate_limited_requests_are_answered_with_their_ref(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=0.01, burst=4.0, abuse_strikes=1000.0)  # 4 requests, then none
    ann, bob, room = await nim_table(node)
    ann.drain()
    refs: list[Any] = [*range(100, 110), "move-1", "s" * 64]
    for r in refs[:10]:
        await ann.send(p.Ping(ref=r))
    await ann.send(p.Move(room=room, ply=0, move="1:1", ref="move-1"))
    await ann.send(p.GetState(room=room, ref="s" * 64))
    got = await answers_by_ref(ann, refs)
    assert all(len(answers) == 1 for answers in got.values()), got  # one answer each, none lost, none twice
    answered = [r for r, (m,) in got.items() if isinstance(m, p.Pong)]
    assert answered == refs[:2]  # (hello and create_room took the first two tokens)
    limited = refs[2:]
    assert all(isinstance(got[r][0], p.Error) and got[r][0].code == ErrorCode.RATE_LIMITED for r in limited)
    # The dropped move changed nothing (Bob's connection has its own bucket).
    assert (await bob.request(p.GetState(room=room), p.RoomState)).ply == 0


async def test_refused_frames_carry_the_ref_they_hold(node: Node) -> None:
    bad = await Client.hello(url(node), "Mallory")
    cases: list[tuple[bytes, Any, ErrorCode]] = [
        (encode_map({"type": "move", "ref": 1, "room": "r1", "ply": "0", "move": "1:1"}), 1, ErrorCode.BAD_MESSAGE),
        (encode_map({"type": "teleport", "ref": "t"}), "t", ErrorCode.BAD_MESSAGE),
        (encode_map({"ref": 2, "room": "r1"}), 2, ErrorCode.BAD_MESSAGE),
        (encode_map({"type": "ping", "ref": 3}) + b"\xc0", 3, ErrorCode.BAD_FRAME),
        (encode_map({"ref": 4, "type": "ping"})[:-1] + b"\xc1", 4, ErrorCode.BAD_FRAME),
        (encode_map({"type": "chat", "ref": 5, "room": "r1", "text": "x" * p.MAX_FRAME_BYTES}), 5, ErrorCode.TOO_LARGE),
    ]
    for frame, ref, code in cases:
        await bad.send(frame)
        err = await bad.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref)
        assert isinstance(err, p.Error) and err.code == code, (ref, err)
    # No usable ref: the error says so with nil.
    for frame in [msgpack.packb([1, 2]), encode_map({"type": "ping", "ref": "x" * 65}), encode_map({"ref": [1]})]:
        await bad.send(frame)
        err = await bad.expect(p.Error)
        assert err.ref is None and err.code in (ErrorCode.BAD_FRAME, ErrorCode.BAD_MESSAGE)
    assert isinstance(await bad.request(p.Ping(), p.Pong), p.Pong)


# One refused request of every client message type (after hello, and before it).
REFUSALS: list[p.ClientMessage] = [
    p.Hello(versions=[1], name="Again"),
    p.Resume(versions=[1], token="t"),
    p.CreateRoom(game="no-such-game"),
    p.CreateRoom(game="nim", params={"heaps": "x"}),
    p.Join(room="r-nothere"),
    p.Join(code="nope"),
    p.Join(),
    p.Spectate(room="r-nothere"),
    p.Leave(room="r-nothere"),
    p.QuickMatch(game="no-such-game"),
    p.QuickMatchCancel(),
    p.Rematch(room="r-nothere"),
    p.Move(room="r-nothere", ply=0, move="1:1"),
    p.Resign(room="r-nothere"),
    p.OfferDraw(room="r-nothere"),
    p.AcceptDraw(room="r-nothere"),
    p.DeclineDraw(room="r-nothere"),
    p.GetState(room="r-nothere"),
    p.GetRecord(room="r-nothere"),
    p.ChatSend(room="r-nothere", text="hi"),
    p.Challenge(to="s-nobody", game="nim"),
    p.AcceptChallenge(room="r-nothere"),
    p.DeclineChallenge(room="r-nothere"),
    p.CreateTournament(game="no-such-game"),
    p.EnterTournament(tournament="t-nothere"),
    p.Withdraw(tournament="t-nothere"),
    p.StartTournament(tournament="t-nothere"),
    p.StopTournament(tournament="t-nothere"),
    p.GetTournament(tournament="t-nothere"),
]
# And refusals inside a room (answered by the room's actor).
ROOM_REFUSALS: list[tuple[str, Any]] = [
    ("bob", lambda room: p.Move(room=room, ply=0, move="1:1")),  # not his turn
    ("ann", lambda room: p.Move(room=room, ply=5, move="1:1")),  # stale
    ("ann", lambda room: p.Move(room=room, ply=0, move="9:9")),  # illegal
    ("eve", lambda room: p.Move(room=room, ply=0, move="1:1")),  # not a player
    ("eve", lambda room: p.GetState(room=room)),  # neither plays nor watches
    ("eve", lambda room: p.ChatSend(room=room, text="hi")),
    ("ann", lambda room: p.OfferDraw(room=room)),  # nim has no draws
    ("ann", lambda room: p.AcceptDraw(room=room)),
    ("ann", lambda room: p.Rematch(room=room)),  # not finished
    ("ann", lambda room: p.GetRecord(room=room)),
    ("eve", lambda room: p.Join(room=room)),  # no free seat
]


@pytest.mark.parametrize("ref", [41, "req-41"])
async def test_every_refused_request_carries_its_ref(node: Node, ref: Any) -> None:
    ann, bob, room = await nim_table(node)
    eve = await Client.hello(url(node), "Eve")
    stranger = await Client.open(url(node))  # has not said hello
    for i, msg in enumerate(REFUSALS):
        r = f"{ref}-{i}" if isinstance(ref, str) else ref * 100 + i
        await ann.send(msg.model_copy(update={"ref": r}))
        err = await ann.expect(lambda m, r=r: getattr(m, "ref", None) == r)
        assert isinstance(err, p.Error) and err.code != ErrorCode.INTERNAL, (msg, err)
        if not isinstance(msg, (p.Hello, p.Resume)):
            await stranger.send(msg.model_copy(update={"ref": r}))
            err = await stranger.expect(lambda m, r=r: getattr(m, "ref", None) == r)
            assert isinstance(err, p.Error) and err.code == ErrorCode.NOT_AUTHENTICATED, (msg, err)
    who = {"ann": ann, "bob": bob, "eve": eve}
    for i, (name, make) in enumerate(ROOM_REFUSALS):
        r = f"{ref}-room-{i}" if isinstance(ref, str) else ref * 1000 + i
        msg = make(room)
        await who[name].send(msg.model_copy(update={"ref": r}))
        err = await who[name].expect(lambda m, r=r: getattr(m, "ref", None) == r)
        assert isinstance(err, p.Error) and err.code != ErrorCode.INTERNAL and err.room == room, (msg, err)
    # Nothing was played by any of it.
    state = await ann.request(p.GetState(room=room), p.RoomState)
    assert state.ply == 0
