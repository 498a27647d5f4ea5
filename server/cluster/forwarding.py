"""Forwarding with exactly-once answers: a request for a room run on another node goes to that node's
inbox, and its answer comes back once.

A request naming a room this node does not run is forwarded to the owner's inbox with the session's
identity; the owner handles it exactly as a local request and its answers travel back on the session's
channel (or in this node's inbox).  A forwarded request is awaited until its answer passes through: one
sent to a node that died before answering is sent again to the room's new node.  Each request is
answered once: the session's node passes on only the first answer to a request it sent more than once
(a paused owner that wakes up may still answer its copy), and sends again only requests that have no
answer yet.  :class:`ClusterDelivery` is the node's delivery port over this: every frame for a session
goes through :meth:`Forwards.answered` while the session has requests out.

**Native rooms' direct writes** (server/native.py ``Outlet``): a native room of this node writes a stored move's
frame to a seat's connection itself only where the delivery would do exactly that, a write to the session's
connection here.  The delivery does more for a session with requests out (it checks each frame against them),
so while a session has any (``awaiting`` or ``settled``) its connection's outlet is ``held``: the native room
leaves its frames to the delivery.  :meth:`Forwards.outlet` sets the flag when a room routes a seat's outlet,
and the requests' own book-keeping sets and clears it as a session's first request goes out and its last
one is done with (:attr:`Forwards.held`).  A session connected elsewhere has no outlet here at all.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from grundy import protocol as p
from grundy.protocol.codec import peek_ref
from grundy.server.cluster.bus import Bus
from grundy.server.cluster.inbox import frame_envelope, request_envelope
from grundy.server.cluster.keys import Keys
from grundy.server.cluster.outage import Outage
from grundy.server.cluster.terms import FORWARD_ANSWER_S, OWNER_MEMORY, SETTLED_KEPT_S
from grundy.server.native import move_model

if TYPE_CHECKING:
    from grundy.server.sessions import Session

log = logging.getLogger("grundy.cluster")


class Forward:
    """A request of a session connected here, passed to another node and not answered yet."""

    __slots__ = ("copies", "msg", "node", "sent", "session", "until")

    def __init__(self, node: str | None, msg: Any, session: Session, until: float, sent: float) -> None:
        self.node = node  # where it went (None: being sent again)
        self.msg = msg  # its model (a plain move passed on as its frame: its fields, until :meth:`Forwards.modelled`)
        self.session = session
        self.until = until  # answered with an error here if no answer came by then
        self.copies = 1  # how often it was sent
        self.sent = sent  # when it was last sent (one sent before an outage ended is sent again after it)


class Resender(Protocol):
    """What forwarding asks of the node's forwarder (``.adapters.RedisForwarder``)."""

    def reroute(self, session: Session, msg: Any) -> None: ...
    def unanswered(self, session: Session, msg: Any) -> None: ...


class Forwards:
    """The requests this node passed to other nodes, until each is answered once (see the module docstring)."""

    def __init__(self, bus: Bus, keys: Keys, node_id: str, lease_ms: int, outage: Outage) -> None:
        self.bus = bus
        self.keys = keys
        self.node_id = node_id
        self.lease_ms = lease_ms
        self.outage = outage
        self.resender: Resender | None = None  # (given when the cluster starts)
        self.inboxes: dict[str, bytes] = {}  # node -> the channel of its inbox
        # Requests of this node's sessions passed to other nodes, until their answer passes through:
        # session -> ref -> the request.  Requests answered after they were sent more than once:
        # session -> ref -> (the request, until when later answers to it are dropped).
        self.awaiting: dict[str, dict[Any, Forward]] = {}
        self.settled: dict[str, dict[Any, tuple[Any, float]]] = {}
        self.second_answers = 0  # answers dropped: their request had been answered already
        # The native outlets held off while their session has requests out (see the module docstring): session ->
        # its connection's outlet, until its last request is done with.
        self.held: dict[str, Any] = {}
        self.forwards_sent = 0  # requests passed to the node that runs their room or tournament (sent again too)

    def start(self, resender: Resender) -> None:
        self.resender = resender

    def watching(self, sid: str) -> bool:
        """Whether the frames for a session are checked against its requests out (:meth:`answered`)."""
        return bool(self.awaiting or self.settled) and (sid in self.awaiting or sid in self.settled)

    def outlet(self, sid: str, outlet: Any) -> Any:
        """A session's native outlet, as a room routes it to its native twin: held while the session has requests
        out (the delivery checks its frames), else free (its ``ready`` flag, the connection's, says the rest)."""
        if outlet is not None:
            if self.watching(sid):
                outlet.held = True
                self.held[sid] = outlet
            else:
                outlet.held = False
        return outlet

    def _hold(self, session: Session) -> None:
        """The session's first request out: its connection's native outlet, if it has one, is held."""
        outlet = getattr(session.conn, "outlet", None)
        if outlet is not None:
            outlet.held = True
            self.held[session.id] = outlet

    def _release(self, sid: str) -> None:
        """The session's last request is done with: its outlet is free again (unless another request came)."""
        if sid not in self.awaiting and sid not in self.settled:
            outlet = self.held.pop(sid, None)
            if outlet is not None:
                outlet.held = False

    def forward(self, node: str, session: Session, msg: Any, hops: int = 0, raw: bytes | None = None) -> None:
        """Pass a request to the node that runs its room; ``hops``: how often it was passed on already;
        ``raw``: the client's frame that decodes to ``msg``, passed on as it came (not encoded again).

        A request of a session connected here is awaited until its answer passes through (see
        :meth:`recheck`): a request sent to a node that dies before answering is lost
        with the node's inbox, and is sent again once the room has a new node.  A request being
        sent again (the same ``msg``) that was answered meanwhile is not sent.  In an outage, or
        settling after one, nothing is sent: :class:`Unavailable` is raised (the request is answered
        ``unavailable``).
        """
        if not self.outage.serving():
            raise self.outage.unavailable(getattr(msg, "ref", None))
        ref = getattr(msg, "ref", None)
        if ref is not None and session.conn is not None:
            waits = self.awaiting.get(session.id)
            f = None if waits is None else waits.get(ref)
            if f is not None and f.msg is msg:  # (sent again)
                f.node = node
                f.sent = time.monotonic()
            elif self._answered_already(session.id, ref, msg):
                log.info("request %r of %s: answered while it was being sent again; not sent", ref, session.id)
                return
            else:
                if waits is None:
                    waits = self.awaiting[session.id] = {}
                    self._hold(session)
                now = time.monotonic()
                waits[ref] = Forward(node, msg, session, now + FORWARD_ANSWER_S, now)
                settled = self.settled.get(session.id)
                if settled is not None:  # (a new request that reuses a ref: its answer is not a second one)
                    settled.pop(ref, None)
        here = self.node_id if session.conn is not None else ""  # (where the session is connected, if it is here)
        frame = p.encode(msg) if raw is None else raw
        self.forwards_sent += 1
        inbox = self.inboxes.get(node)
        request = request_envelope(session.id, session.name, session.kind, frame, hops, here, session.lang)
        self.bus.to_inbox(self.inbox_of(node) if inbox is None else inbox, request)

    def forward_move(self, node: str, session: Session, move: tuple[Any, ...], frame: bytes) -> None:
        """:meth:`forward` for a plain move passed on as the client's ``frame`` (``.adapters.RedisForwarder``), its
        caller having found this node serving: a new request of its session, never one being sent again.

        ``move`` is the move's fields as the native decoder read them (ref given, ref, room, ply, move:
        server/native.py ``Native.move_fields``), the request as it is awaited: its model is made only if it
        must be handled again (sent again, or answered here for want of an answer: :meth:`modelled`).
        """
        ref = move[1]  # (None when not given)
        sid = session.id
        conn = session.conn
        if ref is not None and conn is not None:  # (as forward() awaits a new request of a session connected here)
            waits = self.awaiting.get(sid)
            if waits is None:  # (its first request out: :meth:`_hold`, written out)
                waits = self.awaiting[sid] = {}
                outlet = getattr(conn, "outlet", None)
                if outlet is not None:
                    outlet.held = True
                    self.held[sid] = outlet
            now = time.monotonic()
            waits[ref] = Forward(node, move, session, now + FORWARD_ANSWER_S, now)
            settled = self.settled.get(sid)
            if settled is not None:  # (a new request that reuses a ref: its answer is not a second one)
                settled.pop(ref, None)
        self.forwards_sent += 1
        inbox = self.inboxes.get(node)
        here = self.node_id if conn is not None else ""
        request = request_envelope(sid, session.name, session.kind, frame, 0, here, session.lang)
        self.bus.to_inbox(self.inbox_of(node) if inbox is None else inbox, request)

    def _answered_already(self, sid: str, ref: Any, msg: Any) -> bool:
        settled = self.settled.get(sid)
        return settled is not None and ref in settled and settled[ref][0] is msg

    def still_awaited(self, session: Session, msg: Any) -> bool:
        """Whether a request being sent again has no answer yet (else it is not sent, nor handled here)."""
        ref = getattr(msg, "ref", None)
        waits = self.awaiting.get(session.id)
        f = None if waits is None or ref is None else waits.get(ref)
        return f is not None and f.msg is msg

    def inbox_of(self, node: str) -> bytes:
        """The channel of a node's inbox (each node's made once)."""
        channel = self.inboxes.get(node)
        if channel is None:
            if len(self.inboxes) >= OWNER_MEMORY:
                self.inboxes.clear()
            channel = self.inboxes[node] = self.keys.inbox(node).encode()
        return channel

    def forget(self, sid: str) -> None:
        """A session's connection here is gone: its answers would go nowhere."""
        self.awaiting.pop(sid, None)
        self.settled.pop(sid, None)
        self._release(sid)

    def nodes_awaited(self) -> set[str]:
        return {f.node for waits in self.awaiting.values() for f in waits.values() if f.node is not None}

    def recheck(self, alive: set[str] | None, now: float) -> None:
        """Requests passed to a node that died before answering go to the room's node again (it is taken over
        there, or here); one left unanswered past FORWARD_ANSWER_S is answered with an error.

        ``alive`` None: in an outage or settling after one (only the deadlines are checked).  Once
        settled, a request sent before the last outage ended is sent again: it, or its answer, may
        have been lost with a link to Redis.

        A request sent again stays awaited (its first answer is the one passed on, whichever
        copy it answers); the node that seemed dead may only have been paused, and answer its
        copy when it wakes up: that answer, or the new node's, comes second and is dropped.
        """
        assert self.resender is not None
        for sid, waits in list(self.awaiting.items()):
            for ref, f in list(waits.items()):
                if now > f.until:
                    del waits[ref]
                    self.modelled(f)
                    self._settle(sid, ref, f.msg, now)  # (a copy may still be answered: that answer is dropped)
                    why = "node %s did not answer in %.0f s"
                    log.warning("request %r of %s: " + why, ref, sid, f.node, FORWARD_ANSWER_S)
                    self.resender.unanswered(f.session, f.msg)
                elif alive is None:
                    continue
                elif f.node is not None and f.node not in alive:
                    log.info("request %r of %s: its room's node %s died before answering; sent again", ref, sid, f.node)
                    self._again(f, now)
                elif f.node is not None and f.sent < self.outage.settled_at - self.lease_ms / 1000:
                    log.info("request %r of %s: sent before Redis came back; sent again", ref, sid)
                    self._again(f, now)
            if not waits:
                self.awaiting.pop(sid, None)
                self._release(sid)

    def _again(self, f: Forward, now: float) -> None:
        assert self.resender is not None
        f.node = None
        f.copies += 1
        f.until = now + FORWARD_ANSWER_S
        f.sent = now
        self.resender.reroute(f.session, self.modelled(f))

    @staticmethod
    def modelled(f: Forward) -> Any:
        """The request of ``f`` as its model (a move passed on as its frame, known by its fields, gets it now, once:
        the one object the request is known by from then on)."""
        msg = f.msg
        if type(msg) is tuple:
            msg = f.msg = move_model(msg)
        return msg

    def _settle(self, sid: str, ref: Any, msg: Any, now: float) -> None:
        settled = self.settled.get(sid)
        if settled is None:
            settled = self.settled[sid] = {}
        settled[ref] = (msg, now + SETTLED_KEPT_S)

    def forget_settled(self, now: float) -> None:
        for sid, settled in list(self.settled.items()):
            for ref, (_, until) in list(settled.items()):
                if until < now:
                    del settled[ref]
            if not settled:
                del self.settled[sid]
                self._release(sid)

    def answered(self, sid: str, data: bytes) -> bool:
        """A frame for a session with requests out on other nodes: False if it is a second answer (dropped).

        The first frame carrying a request's ref answers it; a request that was sent more than
        once is remembered as answered, and every later frame with its ref is dropped.
        """
        ref = peek_ref(data)
        if ref is None:
            return True
        waits = self.awaiting.get(sid)
        f = None if waits is None else waits.pop(ref, None)
        if f is not None:
            if f.copies > 1:
                self._settle(sid, ref, f.msg, time.monotonic())
            if not waits:
                del self.awaiting[sid]
                self._release(sid)
            return True
        settled = self.settled.get(sid)
        if settled is not None and ref in settled:
            self.second_answers += 1
            log.info("request %r of %s: answered already; a second answer dropped", ref, sid)
            return False
        return True


class ClusterDelivery:
    """The delivery port of a cluster node: a local connection directly, any other through its channel.

    ``node_of(session)``: the other node it was last heard from (None: its channel); ``here``, given when the
    cluster starts: the node's sessions by id (a frame for one whose ``conn`` is set goes out on it).
    """

    def __init__(
        self,
        forwards: Forwards,
        bus: Bus,
        keys: Keys,
        node_of: Callable[[str], str | None],
    ) -> None:
        self.forwards = forwards
        self.bus = bus
        self.keys = keys
        self.node_of = node_of
        self.here: Mapping[str, Any] = {}  # (given when the cluster starts)

    def start(self, here: Mapping[str, Any]) -> None:
        self.here = here

    def send(self, session: str, data: bytes) -> None:
        # (every frame of every room passes here: the local delivery and :meth:`elsewhere` are written out in it)
        f = self.forwards
        if (f.awaiting or f.settled) and (session in f.awaiting or session in f.settled):
            if not f.answered(session, data):
                return
        s = self.here.get(session)
        conn = None if s is None else s.conn
        if conn is not None:
            conn.send(data)
            return
        node = self.node_of(session)
        if node is None:
            self.bus.publish(self.keys.to_session(session), data)
        else:  # (with the loop turn's other frames and requests for that node, in one publication)
            inbox = f.inboxes.get(node)
            self.bus.to_inbox(f.inbox_of(node) if inbox is None else inbox, frame_envelope(session, data))

    def elsewhere(self, session: str, data: bytes) -> None:
        """A frame for a session not connected here (and no request of it out): to its node, or its channel."""
        node = self.node_of(session)
        if node is None:
            self.bus.publish(self.keys.to_session(session), data)
        else:  # (with the loop turn's other frames and requests for that node, in one publication)
            self.bus.to_inbox(self.forwards.inbox_of(node), frame_envelope(session, data))


class AnswerOnce:
    """A session's connection here, for a request sent again: what answers it here goes through
    :meth:`Forwards.answered` (dropped if the request was answered meanwhile, by the node it first went to)."""

    def __init__(self, forwards: Forwards, conn: Any) -> None:
        self.forwards = forwards
        self.conn = conn

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)

    def send(self, data: bytes) -> None:
        session = self.conn.session
        if session is None or self.forwards.answered(session.id, data):
            self.conn.send(data)

    def send_message(self, msg: Any) -> None:
        self.send(p.encode(msg))
