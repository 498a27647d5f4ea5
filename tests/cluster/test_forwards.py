"""A request passed to another node is awaited until its answer passes through the session's node.

The cluster's forwarding (``server.cluster.forwarding``) on a real redis-server, with a host that
records what the cluster asks of its node (the end-to-end case, a node killed with requests on their way to it, is in
``test_failover.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from grundy import protocol as p
from grundy.server.cluster import forwarding
from grundy.server.cluster.forwarding import AnswerOnce
from grundy.server.cluster.shell import Cluster
from grundy.server.sessions import Session


class Recorder:
    """The node's side of the cluster: records reroutes, unanswered requests and local deliveries."""

    def __init__(self) -> None:
        self.rerouted: list[Any] = []
        self.unanswered_msgs: list[Any] = []
        self.delivered: list[bytes] = []
        self.forwarded_here: list[Any] = []

    def reroute(self, session: Session, msg: Any) -> None:
        self.rerouted.append(msg)

    def unanswered(self, session: Session, msg: Any) -> None:
        self.unanswered_msgs.append(msg)

    def deliver_local(self, session: str, data: bytes) -> bool:
        self.delivered.append(data)
        return True

    def connected(self) -> dict[str, Any]:
        """The one session of these tests, connected here: what reaches its connection is recorded."""
        recorder = self

        class Conn:
            def send(self, data: bytes) -> None:
                recorder.delivered.append(data)

        here = Session(id="s-1", token="t", name="Ann")
        here.conn = Conn()  # type: ignore[assignment]
        return {"s-1": here}

    def forwarded(self, *args: Any) -> None:
        self.forwarded_here.append(args)

    def forwarded_move(self, *args: Any) -> bool:
        return False  # (no native room here: every request is decoded)

    def presence(self, *args: Any) -> None: ...
    def kicked(self, session: str) -> None: ...
    def tournament_game(self, *args: Any) -> None: ...
    def hold_rooms(self, since: float) -> None: ...
    def release_rooms(self) -> None: ...


@pytest.fixture
async def cluster(redis_server):
    host = Recorder()
    c = Cluster(redis_server.url, node_id="n-here", lease_ms=3000)
    await c.start(host, lambda: "")  # type: ignore[arg-type]
    yield c, host
    await c.close()


def _session() -> Session:
    s = Session(id="s-1", token="t", name="Ann")
    s.conn = object()  # type: ignore[assignment]  # (connected here: its requests are awaited)
    return s


async def test_a_request_sent_to_a_dead_node_is_sent_again(cluster) -> None:
    c, host = cluster
    msg = p.GetState(room="r-1", ref=7)
    c.forwards.forward("n-dead", _session(), msg)  # no such node is alive
    await c._check_nodes()
    assert host.rerouted == [msg] and host.unanswered_msgs == []
    assert set(c.forwards.awaiting["s-1"]) == {7}  # (still awaited, sent again)
    await c._check_nodes()
    assert host.rerouted == [msg]  # (being sent again: not sent a third time)


async def test_a_request_sent_twice_is_answered_once(cluster) -> None:
    c, host = cluster
    s = _session()
    msg = p.GetState(room="r-1", ref=7)
    c.forwards.forward("n-dead", s, msg)
    await c._check_nodes()  # sent again (the node seemed dead: it may only be paused)
    c.forwards.forward("n-here", s, msg)  # (where the room is now)
    first = p.encode(p.Pong(ref=7, server_time=1.0))
    c.delivery.send("s-1", first)  # the first answer, whichever copy it answers
    c._to_session("s-1", p.encode(p.Error(ref=7, code=p.ErrorCode.INTERNAL, message="late")))  # the other copy's
    c.delivery.send("s-1", p.encode(p.Pong(ref=7, server_time=2.0)))
    assert host.delivered == [first] and c.forwards.second_answers == 2
    c.delivery.send("s-1", p.encode(p.Pong(ref=8, server_time=3.0)))  # (other refs pass)
    assert len(host.delivered) == 2 and c.forwards.awaiting == {}


async def test_a_request_answered_while_being_sent_again_is_not_sent(cluster) -> None:
    c, host = cluster
    s = _session()
    msg = p.GetState(room="r-1", ref=7)
    c.forwards.forward("n-dead", s, msg)
    await c._check_nodes()
    c.delivery.send("s-1", p.encode(p.Pong(ref=7, server_time=1.0)))  # the paused node's answer came first
    sent = c.bus._out[:]
    c.forwards.forward("n-here", s, msg)  # the copy being sent again: not sent
    assert c.bus._out == sent and c.forwards.awaiting == {}
    c.forwards.forward("n-here", s, p.GetState(room="r-1", ref=7))  # a new request reusing the ref is sent
    assert len(c.bus._out) == len(sent) + 1 and set(c.forwards.awaiting["s-1"]) == {7}


async def test_an_answer_passing_through_ends_the_wait(cluster) -> None:
    c, host = cluster
    c.forwards.forward("n-dead", _session(), p.GetState(room="r-1", ref=7))
    c.forwards.forward("n-dead", _session(), p.GetState(room="r-1", ref=8))
    c.delivery.send("s-1", p.encode(p.Pong(ref=7, server_time=0.0)))  # (the answer to ref 7, whoever sent it)
    assert set(c.forwards.awaiting["s-1"]) == {8}
    await c._check_nodes()
    assert [m.ref for m in host.rerouted] == [8]


async def test_a_live_node_that_never_answers_gets_the_request_an_error(cluster, monkeypatch) -> None:
    c, host = cluster
    monkeypatch.setattr(forwarding, "FORWARD_ANSWER_S", 0.0)
    msg = p.GetState(room="r-1", ref=9)
    c.forwards.forward("n-here", _session(), msg)  # this node is alive; the recorder never answers
    await c._check_nodes()
    assert host.unanswered_msgs == [msg] and host.rerouted == []


async def test_a_session_gone_is_not_awaited_and_requests_without_a_ref_never_are(cluster) -> None:
    c, host = cluster
    s = _session()
    c.forwards.forward("n-dead", s, p.GetState(room="r-1"))
    assert c.forwards.awaiting == {}
    c.forwards.forward("n-dead", s, p.GetState(room="r-1", ref=1))
    await c.registry.disconnected(s)
    await c._check_nodes()
    assert c.forwards.awaiting == {} and host.rerouted == []


async def test_a_request_sent_again_and_refused_here_is_answered_once(cluster) -> None:
    c, host = cluster
    s = _session()
    frames: list[bytes] = []

    class Conn:
        session = s

        def send(self, data: bytes) -> None:
            frames.append(data)

    msg = p.GetState(room="r-1", ref=7)
    c.forwards.forward("n-dead", s, msg)
    await c._check_nodes()
    once = AnswerOnce(c.forwards, Conn())  # (the connection it is handled through when it ends up handled here)
    once.send_message(p.Error(ref=7, code=p.ErrorCode.UNKNOWN_ROOM, message="no room r-1"))
    c._to_session("s-1", p.encode(p.Pong(ref=7, server_time=1.0)))  # the first node's late answer
    assert len(frames) == 1 and host.delivered == [] and c.forwards.awaiting == {}
