"""A cluster node's inbox writes the frames it brings for sessions connected here through their connections' native
outlets (native/grundy_wire.c ``InboxWriter``, twin of server/cluster/inbox.py ``InboxWriter``) where its Python path
would write them at once, and leaves every other envelope, in order, to that path.

The twins are held to the same answers and the same bytes written on the same publications (the node's own, and
any bytes at all); the inbox is held to its order; real cluster nodes on a real redis-server are held to the frames
their clients receive, which path wrote them, and the sessions the writer must leave to Python (a request out, a
connection that cannot take a frame now, a frame too large for an outlet).
"""

from __future__ import annotations

import os
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import protocol as p
from grundy.server.cluster.inbox import Frame, Inbox, InboxWriter, batched, frame_envelope, frames_alone
from grundy.server.cluster.native_inbox import inbox_writer
from grundy.server.config import NodeConfig
from grundy.server.gateway import MAX_OUTLET_DATA
from grundy.server.native import Native
from grundy.server.node import Node
from grundy.server.transport import binary_header
from tests.cluster.test_native_outlets import forwards_of, table, url
from tests.server.e2e.test_node_fast_writes import HeldStore, conn_of, moves_made, python_sent, taken
from tests.server.e2e.test_node_slow_readers import until
from tests.server.e2e.wsclient import Client

NATIVE = inbox_writer("room")

# (CI builds the extension: there the tests must run)
needs_c = pytest.mark.skipif(NATIVE is None and os.environ.get("CI") != "true", reason="the extension is not built")
needs_room = pytest.mark.skipif(
    (NATIVE is None and os.environ.get("CI") != "true")
    or NodeConfig().native != "room",  # (GRUNDY_NATIVE asks for less: the nodes run without outlets)
    reason="the native move path is not built (or is off)",
)

TWINS = [pytest.param(NATIVE, id="c", marks=needs_c), pytest.param(InboxWriter, id="python")]


class Transport:
    """What an outlet writes to: the frames written, in order (a failing one raises)."""

    def __init__(self, fail: bool = False) -> None:
        self.frames: list[bytes] = []
        self.fail = fail
        self.aborted = False

    def write(self, data: bytes) -> None:
        if self.fail:
            raise ConnectionResetError("the peer is gone")
        self.frames.append(bytes(data))

    def abort(self) -> None:
        self.aborted = True


class PlainOutlet:
    """An outlet's flags and transport, for the Python twin where the extension is not built."""

    def __init__(self, transport: Any) -> None:
        self.transport, self.ready, self.held = transport, False, False

    def close(self) -> None:
        self.ready, self.transport = False, None


# How each session's outlet stands: ready, not ready, held, closed (no transport) or failing (its write raises).
STATES = ("ready", "not ready", "held", "closed", "failing")


def outlets(states: dict[str, str]) -> tuple[dict[str, Any], dict[str, Transport]]:
    kept: dict[str, Any] = {}
    transports: dict[str, Transport] = {}
    for sid, state in states.items():
        transports[sid] = t = Transport(fail=state == "failing")
        outlet = Native("room").outlet(t) or PlainOutlet(t)
        outlet.ready = state != "not ready"
        outlet.held = state == "held"
        if state == "closed":
            outlet.close()
        kept[sid] = outlet
    return kept, transports


def written(writer_type: Any, data: bytes, states: dict[str, str]) -> tuple[Any, ...]:
    """What a writer of ``writer_type`` answers to ``data``, what it wrote to each session's transport, how many it
    counts, and which outlets are ready after."""
    kept, transports = outlets(states)
    writer = writer_type(kept, MAX_OUTLET_DATA)
    answer = writer.write(data)
    if type(answer) is tuple:  # (the outlet whose write raised, by its session)
        answer = (answer[0], next(sid for sid, o in kept.items() if o is answer[1]))
    frames = {sid: t.frames for sid, t in transports.items()}
    return answer, frames, writer.written, {sid: o.ready for sid, o in kept.items()}


def framed(data: bytes) -> bytes:
    return binary_header(len(data)) + data


REQUEST = ["req", "s-1", "Ann", "human", b"\x81\xa4type\xa4move", 0, "n-b", "en"]
BIG = bytes(MAX_OUTLET_DATA + 1)


@pytest.mark.parametrize("twin", TWINS)
def test_a_publication_of_frames_for_ready_sessions_is_written_whole_in_order(twin: Any) -> None:
    states = {"s-1": "ready", "s-2": "ready"}
    one = frame_envelope("s-1", b"\x90")
    assert written(twin, one, states) == (0, {"s-1": [framed(b"\x90")], "s-2": []}, 1, {"s-1": True, "s-2": True})
    sizes = [0, 1, 125, 126, 255, 256, MAX_OUTLET_DATA]
    data = [bytes([i]) * n for i, n in enumerate(sizes)]
    envelopes = [frame_envelope("s-1" if i % 2 else "s-2", d) for i, d in enumerate(data)]
    answer, frames, count, _ = written(twin, batched(envelopes), states)
    assert (answer, count) == (0, len(sizes))
    assert frames == {"s-1": [framed(d) for d in data[1::2]], "s-2": [framed(d) for d in data[0::2]]}


@pytest.mark.parametrize("twin", TWINS)
@pytest.mark.parametrize("state", ["not ready", "held", "closed", "unknown"])
def test_the_first_frame_an_outlet_may_not_take_and_every_later_one_are_left(twin: Any, state: str) -> None:
    states = {"s-1": "ready", "s-2": state} if state != "unknown" else {"s-1": "ready"}
    envelopes = [frame_envelope(s, bytes([i])) for i, s in enumerate(["s-1", "s-2", "s-1", "s-1"])]
    answer, frames, count, _ = written(twin, batched(envelopes), states)
    assert (answer, count, frames["s-1"]) == (3, 1, [framed(b"\x00")])  # (s-1's later frames wait behind s-2's)
    assert written(twin, envelopes[1], states)[:3] == (1, dict.fromkeys(states, []), 0)


@pytest.mark.parametrize("twin", TWINS)
def test_a_frame_larger_than_an_outlet_may_write_is_left(twin: Any) -> None:
    states = {"s-1": "ready"}
    assert written(twin, frame_envelope("s-1", BIG), states)[:3] == (1, {"s-1": []}, 0)
    envelopes = [frame_envelope("s-1", b"a"), frame_envelope("s-1", BIG), frame_envelope("s-1", b"b")]
    assert written(twin, batched(envelopes), states)[:3] == (2, {"s-1": [framed(b"a")]}, 1)


@pytest.mark.parametrize("twin", TWINS)
def test_a_publication_that_is_not_frames_alone_is_left_whole(twin: Any) -> None:
    states = {"s-1": "ready"}
    f = frame_envelope("s-1", b"x")
    others = [
        msgpack.packb(REQUEST),  # (a request alone)
        batched([f, REQUEST]),  # (a mix: nothing of it is written, even the frame before the request)
        batched([REQUEST, f]),
        f + b"\x00",  # (something after it: the unpacker refuses it)
        f[:-1],  # (cut short)
        batched([f, f])[:-1],
        msgpack.packb(["f", "s-1", "x"]),  # (data as a str)
        msgpack.packb(["f", "s-1", b"x", 1]),  # (a field more)
        msgpack.packb(["f", "s-\xff", b"x"], use_bin_type=True).replace(b"s-\xc3\xbf", b"s-\xff\xff"),  # (no UTF-8)
        b"",
        b"\xc0",
    ]
    for data in others:
        assert written(twin, data, states)[:3] == (-1, {"s-1": []}, 0), data
    assert written(twin, msgpack.packb(["batch"]), states)[:3] == (0, {"s-1": []}, 0)  # (nothing in it: nothing left)


@pytest.mark.parametrize("twin", TWINS)
def test_a_write_that_raises_stops_the_writer_after_it(twin: Any) -> None:
    states = {"s-1": "ready", "s-2": "failing"}
    envelopes = [frame_envelope(s, b"x") for s in ("s-1", "s-2", "s-1")]
    answer, frames, count, ready = written(twin, batched(envelopes), states)
    assert (answer, count, frames["s-1"], ready) == ((1, "s-2"), 1, [framed(b"x")], {"s-1": True, "s-2": False})


@pytest.mark.parametrize("twin", TWINS)
def test_a_frame_offered_alone_is_written_when_its_outlet_may_take_it(twin: Any) -> None:
    states = dict(zip(STATES, STATES, strict=True))
    kept, transports = outlets(states)
    writer = twin(kept, MAX_OUTLET_DATA)
    assert writer.frame("ready", b"x") is True and transports["ready"].frames == [framed(b"x")]
    for sid in ("not ready", "held", "closed", "unknown"):
        assert writer.frame(sid, b"x") is False
    assert writer.frame("ready", BIG) is False and writer.frame("ready", "x") is False
    assert writer.frame(1, b"x") is False
    assert writer.frame("failing", b"x") is kept["failing"] and not kept["failing"].ready
    assert writer.written == 1 and [t.frames for t in transports.values()] == [[framed(b"x")], [], [], [], []]


@needs_c
def test_a_batch_of_frames_and_requests_is_read_in_order_its_frames_written_natively_where_they_may_be() -> None:
    log: list[Any] = []

    class Logged(Transport):
        def write(self, data: bytes) -> None:
            super().write(data)
            log.append(("written", data))

    kept = {"s-1": Native("room").outlet(Logged()), "s-2": Native("room").outlet(Logged())}
    kept["s-1"].ready = True  # (s-2's is not ready)
    failing = kept["s-3"] = Native("room").outlet(Transport(fail=True))
    failing.ready = True

    def quick(session: str, data: bytes) -> bool:
        log.append(("quick", session, data))
        return True

    box = Inbox({}, quick, lambda *fields: log.append(("request", fields[0])), NATIVE(kept, MAX_OUTLET_DATA))
    request = ["req", "s-9", "Ann", "human", b"m", 0, "n-b", "en"]
    envelopes = [frame_envelope("s-1", b"a"), request, frame_envelope("s-2", b"b"), frame_envelope("s-1", b"c")]
    box.received(batched([*envelopes, frame_envelope("s-3", b"d"), frame_envelope("s-1", b"e")]))
    assert log == [
        ("written", framed(b"a")),
        ("request", "s-9"),
        ("quick", "s-2", b"b"),
        ("written", framed(b"c")),
        ("written", framed(b"e")),
    ]
    assert failing.transport is None and not failing.ready  # (its write raised: the transport aborted)


@needs_c
def test_the_twins_agree_on_a_batch_of_every_size() -> None:
    for n in (1, 2, 15, 16, 31, 32, 33, 1000, 70_000):  # (fixarray, array 16 and 32; on the C's stack and off it)
        states = {"s-1": "ready", "s-2": "ready"}
        data = batched([frame_envelope("s-1" if i % 3 else "s-2", i.to_bytes(3, "big")) for i in range(n)])
        c, python = written(NATIVE, data, states), written(InboxWriter, data, states)
        assert c == python and c[0] == 0 and c[2] == n


ENVELOPE = st.one_of(
    st.tuples(st.sampled_from(["s-1", "s-2", "s-3", "é-4"]), st.binary(max_size=300)).map(lambda f: frame_envelope(*f)),
    st.sampled_from([REQUEST, ["presence", "s-1", "Ann", "human", "r-1", "unwatch", "n-b"]]),
)


@needs_c
@settings(max_examples=300, deadline=None)
@given(
    envelopes=st.lists(ENVELOPE, min_size=1, max_size=40),
    states=st.fixed_dictionaries({s: st.sampled_from(STATES) for s in ("s-1", "s-2", "é-4")}),
    cut=st.one_of(st.none(), st.integers(min_value=0, max_value=12_000)),
    flip=st.one_of(st.none(), st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=255))),
)
def test_the_twins_agree_on_any_publication(envelopes: list[Any], states: dict[str, str], cut: Any, flip: Any) -> None:
    data = batched(envelopes)
    if cut is not None:
        data = data[:cut]
    if flip is not None and data:
        at = flip[0] % len(data)
        data = data[:at] + bytes([flip[1]]) + data[at + 1 :]
    c = written(NATIVE, data, states)
    assert c == written(InboxWriter, data, states)
    if c[0] == -1:  # (what either leaves whole is what it could not read as frames alone)
        assert frames_alone(data) is None


@needs_c
def test_the_inbox_leaves_to_its_python_path_exactly_what_the_writer_left_in_order() -> None:
    kept, transports = outlets({"s-1": "ready", "s-2": "not ready", "s-3": "failing"})
    seen: list[Any] = []
    quick: list[tuple[str, bytes]] = []

    def fast(session: str, data: bytes) -> bool:
        quick.append((session, data))
        return session != "s-gone"

    handlers = {Frame: seen.append}
    box = Inbox(handlers, fast, None, NATIVE(kept, MAX_OUTLET_DATA))  # type: ignore[arg-type]
    box.received(frame_envelope("s-1", b"1"))  # (written)
    box.received(frame_envelope("s-2", b"2"))  # (left: alone)
    box.received(batched([frame_envelope(s, d) for s, d in [("s-1", b"3"), ("s-2", b"4"), ("s-1", b"5")]]))
    box.received(batched([frame_envelope(s, d) for s, d in [("s-1", b"6"), ("s-3", b"7"), ("s-gone", b"8")]]))
    # (a frame after one left here is offered to the writer again, in turn: s-1's "5" after s-2's "4")
    assert transports["s-1"].frames == [framed(b"1"), framed(b"3"), framed(b"5"), framed(b"6")]
    assert quick == [("s-2", b"2"), ("s-2", b"4"), ("s-gone", b"8")]
    assert seen == [Frame("s-gone", b"8")]
    # (the write that raised: the frame is gone with the connection, whose transport is aborted)
    assert transports["s-3"].aborted and kept["s-3"].transport is None and not kept["s-3"].ready


# ---------------------------------------------------------------------- real nodes


def writer_of(node: Node) -> Any:
    return node.placement.cluster.inbox_writer  # type: ignore[attr-defined]


@needs_room
async def test_a_players_frames_from_the_rooms_node_are_written_from_c_on_the_node_it_is_connected_to(
    make_cluster_node,
) -> None:
    """Ann plays on the room's node, Carl on the other: after the first frame the Python path writes (and so learns
    Carl's outlet), Carl's frames of Ann's moves are written by the inbox's writer; his own moves are answered once,
    through the Python path while they are out (his outlet is held), and every frame reaches him in order."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, carl = await Client.hello(url(one), "Ann"), await Client.hello(url(two), "Carl")
    try:
        room = await table(one, ann, carl)
        c = conn_of(two, carl)
        by_python = python_sent(c)
        writer = writer_of(two)
        before = writer.written
        for i in range(1, 13):
            if i % 2:
                made = await carl.request(p.Move(room=room, ply=i, move="1"), p.MoveMade)  # (a request out: held)
                assert [type(m) for m in carl.seen if getattr(m, "ref", None) == made.ref] == [p.MoveMade]
            else:
                await ann.request(p.Move(room=room, ply=i, move="1"), p.MoveMade)
                await carl.expect(p.MoveMade, ply=i)
        heard = [m.ply for m in carl.seen if isinstance(m, p.MoveMade)]
        assert heard == sorted(set(heard)) and set(range(13)) <= set(heard)  # (each once, in order)
        # The answers to his requests: Python's; Ann's moves: the writer's, but for the first frame the Python path
        # writes with no request of his out (his outlet learnt then: in the table's opening, or at ply 2).
        python = moves_made(by_python)
        assert [ply for ply in python if ply % 2] == [1, 3, 5, 7, 9, 11]
        evens = [ply for ply in python if ply % 2 == 0]
        assert evens in ([], [2]) and writer.written - before == 6 - len(evens)
        assert two.placement.cluster.outlets[carl.welcome.session] is c.outlet  # type: ignore[attr-defined,union-attr]
        assert not c.outlet.held and forwards_of(two).awaiting == {}
    finally:
        await ann.close()
        await carl.close()


async def learnt(one: Node, two: Node, ann: Client, carl: Client, room: str) -> Any:
    """Carl (on ``two``) moves at ply 1 and Ann (on ``one``, the room's node) at ply 2: the frame of hers, the first
    for Carl with no request of his out, goes through the Python path, which keeps his outlet for the writer.  His
    connection there."""
    await carl.request(p.Move(room=room, ply=1, move="1"), p.MoveMade)
    await ann.request(p.Move(room=room, ply=2, move="1"), p.MoveMade)
    await carl.expect(p.MoveMade, ply=2)
    c = conn_of(two, carl)
    sid = carl.welcome.session  # type: ignore[union-attr]
    assert two.placement.cluster.outlets.get(sid) is c.outlet  # type: ignore[attr-defined]
    await until(lambda: c.outlet.ready and not c.outlet.held)
    return c


@needs_room
async def test_a_session_with_a_request_out_gets_its_frames_through_the_python_path(make_cluster_node) -> None:
    """While Carl's move waits on the room's node (its store held), his outlet on his node is held: the answer to
    his move goes through the Python path, which checks it against his request out; once it is answered, the writer
    writes his frames again."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, carl = await Client.hello(url(one), "Ann"), await Client.hello(url(two), "Carl")
    try:
        room = await table(one, ann, carl)
        c = await learnt(one, two, ann, carl, room)
        sid = carl.welcome.session  # type: ignore[union-attr]
        by_python = python_sent(c)
        writer = writer_of(two)
        before = writer.written
        held = HeldStore(one)
        await carl.send(p.Move(room=room, ply=3, move="1", ref="out"))
        await taken(one, room)  # (taken by the native room there, waiting for its store)
        assert c.outlet.held and "out" in forwards_of(two).awaiting.get(sid, {})
        held.release()
        made = await carl.expect(p.MoveMade, ply=3)
        assert made.ref == "out" and moves_made(by_python) == [3]  # (the answer: through the Python path)
        await until(lambda: not c.outlet.held)
        await ann.request(p.Move(room=room, ply=4, move="1"), p.MoveMade)
        await carl.expect(p.MoveMade, ply=4)
        assert moves_made(by_python) == [3] and writer.written - before == 1  # (the writer's again)
        assert [type(m) for m in carl.seen if getattr(m, "ref", None) == "out"] == [p.MoveMade]
    finally:
        await ann.close()
        await carl.close()


@needs_room
async def test_a_connection_that_cannot_take_a_frame_now_gets_it_behind_what_waits(make_cluster_node) -> None:
    """Frames wait in Carl's connection on his node (its transport paused): the inbox's frames for him go behind
    them, through the Python path, and he gets every frame in order once it takes data again."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, carl = await Client.hello(url(one), "Ann"), await Client.hello(url(two), "Carl")
    try:
        room = await table(one, ann, carl)
        c = await learnt(one, two, ann, carl, room)
        writer = writer_of(two)
        before = writer.written
        c.ws.pause_writing()  # (as the transport calls it past its high-water mark)
        for i in range(3):
            c.send(p.encode(p.Pong(ref=f"w{i}", server_time=0.0)))
        assert c.out and not c.outlet.ready
        by_python = python_sent(c)
        await carl.send(p.Move(room=room, ply=3, move="1", ref="m3"))
        await ann.expect(p.MoveMade, ply=3)
        await ann.request(p.Move(room=room, ply=4, move="1"), p.MoveMade)
        await until(lambda: moves_made(by_python) == [3, 4])
        assert writer.written == before
        c.ws.resume_writing()
        await carl.expect(p.MoveMade, ply=4)
        said = [f"{type(m).__name__} {m.ply if isinstance(m, p.MoveMade) else m.ref}" for m in carl.seen][-5:]
        assert said == ["Pong w0", "Pong w1", "Pong w2", "MoveMade 3", "MoveMade 4"]
    finally:
        await ann.close()
        await carl.close()


@needs_room
async def test_a_frame_too_large_for_an_outlet_goes_through_the_python_path(make_cluster_node) -> None:
    """A frame for Carl larger than an outlet may write (a room's state of a big board) is the Python path's; the
    frame after it is written natively once that one is out, and Carl gets both in order."""
    one, two = await make_cluster_node(), await make_cluster_node()
    ann, carl = await Client.hello(url(one), "Ann"), await Client.hello(url(two), "Carl")
    try:
        room = await table(one, ann, carl)
        c = await learnt(one, two, ann, carl, room)
        writer = writer_of(two)
        kept = two.placement.cluster.outlets  # type: ignore[attr-defined]
        sid = carl.welcome.session  # type: ignore[union-attr]
        by_python = python_sent(c)
        before = writer.written
        big = p.encode(p.Error(code=p.ErrorCode.UNAVAILABLE, message="x" * MAX_OUTLET_DATA))
        after = p.encode(p.Pong(ref="after", server_time=0.0))
        assert len(big) > MAX_OUTLET_DATA >= len(after)
        two.placement.cluster.inbox.received(batched([frame_envelope(sid, big), frame_envelope(sid, after)]))  # type: ignore[attr-defined]
        assert writer.written == before + 1 and by_python == [big]  # (the next frame: offered again, written)
        await carl.expect(p.Pong, ref="after")
        assert [type(m) for m in carl.seen[-2:]] == [p.Error, p.Pong]
        assert kept[sid] is c.outlet
    finally:
        await ann.close()
        await carl.close()
