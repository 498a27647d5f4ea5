"""Refusals over the wire: every bad request is one typed error, and the rooms carry on."""

from __future__ import annotations

import asyncio
import logging

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, health, nim_table, url


async def test_bad_moves_get_typed_errors_and_change_nothing(node: Node) -> None:
    ann, bob, room = await nim_table(node)
    eve = await Client.hello(url(node), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)

    err = await bob.error(p.Move(room=room, ply=0, move="1:1"))
    assert (err.code, err.room) == (ErrorCode.NOT_YOUR_TURN, room)
    err = await ann.error(p.Move(room=room, ply=0, move="1:9"))
    assert err.code == ErrorCode.ILLEGAL_MOVE and "1:9" in err.message
    err = await ann.error(p.Move(room=room, ply=0, move="banana"))
    assert err.code == ErrorCode.ILLEGAL_MOVE
    err = await ann.error(p.Move(room=room, ply=3, move="1:1"))
    assert err.code == ErrorCode.STALE_PLY and "ply 3" in err.message
    err = await eve.error(p.Move(room=room, ply=0, move="1:1"))
    assert err.code == ErrorCode.NOT_A_PLAYER
    err = await eve.error(p.Resign(room=room))
    assert err.code == ErrorCode.NOT_A_PLAYER
    err = await ann.error(p.Move(room="r-nothere", ply=0, move="1:1"))
    assert (err.code, err.room) == (ErrorCode.UNKNOWN_ROOM, "r-nothere")
    err = await ann.error(p.OfferDraw(room=room))
    assert err.code == ErrorCode.DRAW_NOT_ALLOWED
    err = await ann.error(p.GetRecord(room=room))
    assert err.code == ErrorCode.NOT_FINISHED

    made = await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    assert made.view["heaps"] == [2, 4, 5]
    again = await ann.error(p.Move(room=room, ply=0, move="1:1"))  # a resend can never play twice
    assert again.code == ErrorCode.STALE_PLY
    await bob.request(p.Move(room=room, ply=1, move="2:1"), p.MoveMade)
    state = await eve.request(p.GetState(room=room), p.RoomState)
    assert state.ply == 2 and [m.move for m in state.moves] == ["1:1", "2:1"]
    stored = await node.store.load_room(room)
    assert stored is not None and [m.text for m in stored.moves] == ["1:1", "2:1"]


async def test_malformed_frames_get_errors_and_disturb_nobody(node: Node) -> None:
    ann, bob, room = await nim_table(node)
    bad = await Client.hello(url(node), "Mallory")

    await bad.send(b"\xc1\xc1 not msgpack")
    assert (await bad.expect(p.Error)).code == ErrorCode.BAD_FRAME
    await bad.send(msgpack.packb([1, 2, 3]))
    err = await bad.expect(p.Error)
    assert err.code == ErrorCode.BAD_FRAME and "array" in err.message
    await bad.send("a text frame")
    assert (await bad.expect(p.Error)).code == ErrorCode.BAD_FRAME
    err = await bad.error({"type": "teleport", "room": room})
    assert err.code == ErrorCode.BAD_MESSAGE and "teleport" in err.message
    err = await bad.error({"type": "move", "room": room, "ply": "0", "move": "1:1"})
    assert err.code == ErrorCode.BAD_MESSAGE and "ply" in err.message
    err = await bad.error({"type": "move", "room": room, "ply": 0, "move": "1:1", "extra": True})
    assert err.code == ErrorCode.BAD_MESSAGE and "extra" in err.message
    await bad.send(p.encode_map({"type": "chat", "room": room, "text": "x" * (p.MAX_FRAME_BYTES + 10)}))
    err = await bad.expect(p.Error)
    assert err.code == ErrorCode.TOO_LARGE

    # The room and the other players never noticed.
    await ann.request(p.Move(room=room, ply=0, move="3:5"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)
    assert (await bad.request(p.Ping(), p.Pong)).server_time > 0

    # Far above the limit: the connection is closed with 1009, nobody else is.
    await bad.send(b"\x00" * (node.config.hard_frame_bytes + 1))
    assert (await bad.wait_closed())[0] == 1009
    await bob.request(p.Move(room=room, ply=1, move="2:4"), p.MoveMade)


async def test_rate_limit_answers_then_closes_a_flood(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=5.0, burst=5.0, abuse_strikes=20.0)
    polite = await Client.hello(url(node), "Polite")
    flood = await Client.hello(url(node), "Flood")
    for ref in range(100, 110):
        await flood.send(p.Ping(ref=ref))
    got = [await flood.expect(lambda m, r=ref: getattr(m, "ref", None) == r) for ref in range(100, 110)]
    assert any(isinstance(m, p.Pong) for m in got)  # every request is answered: a pong, or a refusal with its ref
    limited = [m for m in got if isinstance(m, p.Error)]
    assert limited and all(m.code == ErrorCode.RATE_LIMITED for m in limited)
    for _ in range(200):
        if flood.reader.done():
            break
        await flood.send(p.Ping())
    code, reason = await flood.wait_closed()
    assert code == 1008 and "rate" in reason
    assert isinstance(await polite.request(p.Ping(), p.Pong), p.Pong)  # another connection never notices


@pytest.mark.embedded_only
async def test_room_cap_per_session(make_node: NodeFactory) -> None:
    node = await make_node(max_rooms=2)
    ann = await Client.hello(url(node), "Ann")
    await ann.request(p.CreateRoom(game="nim", seat=0), p.RoomCreated)
    await ann.request(p.CreateRoom(game="nim"), p.RoomCreated)
    err = await ann.error(p.CreateRoom(game="nim"))
    assert err.code == ErrorCode.TOO_MANY_ROOMS
    bob = await Client.hello(url(node), "Bob")
    other = await bob.request(p.CreateRoom(game="nim", seat=0), p.RoomCreated)
    assert (await ann.error(p.Join(room=other.room))).code == ErrorCode.TOO_MANY_ROOMS


# ----------------------------------------------------------------- fuzzing

_FIELDS = ["type", "ref", "room", "ply", "move", "versions", "name", "token", "game", "params", "seat", "code", "text"]
_TYPES = [m.model_fields["type"].default for m in p.CLIENT_MESSAGES] + ["", "nope", "MOVE"]
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.binary(max_size=20),
    st.sampled_from(_TYPES),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=8,
)
_maps = st.dictionaries(st.sampled_from(_FIELDS) | st.text(max_size=6), _values, max_size=6)
_frames = st.one_of(
    st.binary(max_size=200),
    _maps.map(lambda m: msgpack.packb(m, use_bin_type=True)),
    st.builds(lambda t, m: msgpack.packb({**m, "type": t}, use_bin_type=True), st.sampled_from(_TYPES), _maps),
)


def fuzz_frames(n: int) -> list[bytes]:
    """``n`` frames drawn by hypothesis: random bytes, random maps, maps with real type tags."""
    frames: list[bytes] = []

    @settings(max_examples=n, database=None, suppress_health_check=list(HealthCheck), deadline=None)
    @given(_frames)
    def collect(frame: bytes) -> None:
        frames.append(frame)

    collect()
    return frames


async def test_fuzzed_frames_leave_the_server_healthy(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=100_000.0, burst=100_000.0, abuse_strikes=100_000.0)
    ann, bob, room = await nim_table(node)
    fresh = await Client.open(url(node))  # not even said hello
    fuzzer = await Client.hello(url(node), "Fuzz")
    frames = fuzz_frames(300)
    for i, frame in enumerate(frames):
        await (fresh if i % 3 == 0 else fuzzer).send(frame)
        if i == 150:
            await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    for c in (fresh, fuzzer):
        assert not c.reader.done(), "a fuzzed connection was closed"
        await c.send(p.Ping(ref="after the fuzz"))
        answer = await c.expect(lambda m: getattr(m, "ref", None) == "after the fuzz")
        assert isinstance(answer, p.Pong) or answer.code == ErrorCode.NOT_AUTHENTICATED
        codes = {m.code for m in c.seen if isinstance(m, p.Error)}
        assert codes and codes <= set(ErrorCode)
        assert ErrorCode.INTERNAL not in codes
    await bob.request(p.Move(room=room, ply=1, move="2:1"), p.MoveMade)
    status, body = await asyncio.to_thread(health, node.port)
    assert status == 200 and body["status"] == "ok"


async def test_a_client_that_stops_reading_is_closed_and_nobody_waits_for_it(
    make_node: NodeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    node = await make_node(requests_per_s=100_000.0, burst=100_000.0, max_pending_frames=20)
    ann = await Client.hello(url(node), "Ann")
    created = await ann.request(p.CreateRoom(game="mnk", params={"m": 52, "n": 52, "k": 5}, seat=0), p.RoomCreated)
    sloth = await connect(url(node), compression=None, max_queue=1)  # never reads: the socket fills up
    await sloth.send(p.encode(p.Hello(versions=[1], name="Sloth")))
    with caplog.at_level(logging.INFO, logger="grundy.gateway"):
        for _ in range(2000):  # each snapshot of the big board is tens of kilobytes
            if "not reading" in caplog.text:
                break
            try:
                await sloth.send(p.encode(p.Spectate(room=created.room)))
            except ConnectionClosed:
                break
            await asyncio.sleep(0)
        for _ in range(200):
            if "not reading" in caplog.text:
                break
            await asyncio.sleep(0.05)
    assert "not reading" in caplog.text
    assert isinstance(await ann.request(p.Ping(), p.Pong), p.Pong)  # everyone else carries on
    sloth.transport.abort()
