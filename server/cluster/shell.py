"""What a node in cluster mode adds to the embedded node, composed from parts with one job each.

:class:`Cluster` makes the connection to Redis, the bus (``.bus``) and the store (``.store.RedisStore``),
and over them:

* ``.outage.Outage`` — whether Redis answers this node (an outage, then settling for one lease);
* ``.members.Members`` — which nodes are alive, and where clients reach them;
* ``.registry.SessionRegistry`` — where each session is connected, and the rooms it holds anywhere;
* ``.leases.Leases`` — the rooms and tournaments this node holds: renewed, taken over, handed over, and
  which node runs the others;
* ``.forwarding.Forwards`` — requests passed to the node that runs their room, each answered once
  (``.forwarding.ClusterDelivery``, the node's delivery port, goes through it);
* ``.listings.Listings`` — the cluster's room list;
* ``.asks.Asks`` — administration actions asked of other nodes;
* ``.inbox.Inbox`` — what other nodes send this one, every message a declared type, each handed to
  the part it is for (:meth:`Cluster.start` is given the node's side of it: ``ClusterHost``).

The adapters (``.adapters``) are given the parts they use.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from grundy import protocol as p
from grundy.server.cluster import connect
from grundy.server.cluster.asks import Asks
from grundy.server.cluster.bus import CONTROL, Bus
from grundy.server.cluster.forwarding import ClusterDelivery, Forwards
from grundy.server.cluster.inbox import (
    AdminAnswer,
    AdminAsk,
    Frame,
    Inbox,
    PresenceNotice,
    Request,
    TournamentGame,
    packed,
)
from grundy.server.cluster.keys import Keys
from grundy.server.cluster.leases import Leases, Lost
from grundy.server.cluster.listings import Listings
from grundy.server.cluster.members import Members
from grundy.server.cluster.outage import Background, Outage
from grundy.server.cluster.registry import SessionRegistry
from grundy.server.cluster.store import MoveWrite, RedisStore
from grundy.server.cluster.terms import (
    CREATED,
    MAX_HOPS,
    OWNER_MEMORY,
    SEATED,
    UNREACHABLE,
    WATCHING,
    bounded,
    ended,
)
from grundy.server.gateway import MAX_OUTLET_DATA, ready_outlet

if TYPE_CHECKING:
    from grundy.server.ports import StoredRoom
    from grundy.server.sessions import Session

__all__ = ["CREATED", "MAX_HOPS", "SEATED", "UNREACHABLE", "WATCHING", "Cluster", "ClusterHost", "bounded"]

log = logging.getLogger("grundy.cluster")

OUTLETS_KEPT = OWNER_MEMORY  # (the outlets kept for the inbox's writer: past this many, forgotten and found again)


class ClusterHost(Protocol):
    """What the cluster asks of the node it is part of (``.adapters.ClusterAdapters``: each call to an adapter)."""

    def forwarded(self, session: str, name: str, kind: str, msg: Any, hops: int, lang: str) -> None: ...
    def forwarded_move(self, session: str, name: str, kind: str, frame: bytes, hops: int, lang: str) -> bool: ...
    def presence(self, session: str, name: str, kind: str, room: str, what: str, sender: str) -> None: ...
    async def restore_room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool: ...
    def drop_room(self, room_id: str) -> None: ...
    def wake_room(self, room_id: str, online: set[str]) -> None: ...
    def hold_rooms(self, since: float) -> None: ...
    def release_rooms(self) -> None: ...
    def kicked(self, session: str) -> None: ...
    def reroute(self, session: Session, msg: Any) -> None: ...
    def unanswered(self, session: Session, msg: Any) -> None: ...
    async def restore_tournament(self, data: dict[str, Any]) -> bool: ...
    def drop_tournament(self, tid: str) -> None: ...
    def tournament_game(self, tid: str, room: str, outcomes: list[Any] | None) -> None: ...
    def deliver_local(self, session: str, data: bytes) -> bool: ...
    def connected(self) -> Mapping[str, Session]: ...
    async def resync(self) -> None: ...
    async def admin(self, action: str, args: dict[str, Any]) -> dict[str, Any]: ...


class Cluster:
    """One node's part in a cluster: its parts (see the module docstring), their loops, and its inbox."""

    def __init__(
        self,
        url: str,
        *,
        node_id: str | None = None,
        lease_ms: int = 3000,
        prefix: str = "grundy:",
        replicas: int = 0,
        wait_ms: int = 1000,
        bus_url: str | None = None,
        move_write: MoveWrite | None = None,
        inbox_writer: Any = None,
    ) -> None:
        """``replicas``: how many replicas must hold a room's write before anyone hears of it (``WAIT``, at most
        ``wait_ms``; 0: none, the write is acknowledged once the primary has it).  ``bus_url``: the Redis that
        carries publish/subscribe between the nodes (:mod:`.bus`), if not the store's (``url``): it holds
        nothing durable, so it can run without an append-only file and answer without waiting for its fsync.
        ``move_write``: the native writer of a plain move's part of the store's writes (server/native.py), or None.
        ``inbox_writer``: the native writer of the inbox's frames for sessions here (``.native_inbox``: a type,
        ``InboxWriter(outlets, max_data)``), or None: the inbox's Python path writes them all."""
        self.url = url
        self.node_id = node_id = node_id or "n-" + secrets.token_hex(4)
        self.lease_ms = lease_ms
        self.keys = keys = Keys(prefix)
        self.host: ClusterHost | None = None  # (the node's side: given when it starts)
        # Commands wait for a free connection of the pool instead of failing ("Too many connections",
        # redis-py's pool holds 100) when many requests need Redis at the same instant.  A command whose
        # connection fails (a connection left over from before Redis restarted) reconnects and is sent
        # again, a few times within half a second, before it fails: no stale connection answers a client.
        retry = Retry(ExponentialBackoff(cap=0.2, base=0.05), retries=3)
        # With Sentinel (:mod:`.connect`) the pool asks the Sentinels where the primary is for each new
        # connection, and drops its idle connections to an old primary once they name a new one.
        self.target = connect.parse(url)
        self.r = r = self.target.client(
            blocking=True, max_connections=100, timeout=10, health_check_interval=10, retry=retry, socket_timeout=10
        )
        self.outage = outage = Outage(lease_ms, self._hold)
        self.background = background = Background(outage, UNREACHABLE)
        lost = Lost()
        self.store = store = RedisStore(
            r,
            node_id,
            keys=keys,
            lease_ms=lease_ms,
            on_fenced=lost.room,
            on_fenced_tournament=lost.tournament,
            owns_client=False,
            serving=outage.serving,
            on_unreachable=outage.outage,
            replicas=replicas,
            wait_ms=wait_ms,
            move_write=move_write,
        )
        # The outlets of the connections here whose sessions' frames the inbox's writer may write natively, by
        # session (see :meth:`_quick`), and the writer (None: the inbox's Python path writes every frame).
        self.outlets: dict[str, Any] = {}
        self.inbox_writer: Any = None if inbox_writer is None else inbox_writer(self.outlets, MAX_OUTLET_DATA)
        self.inbox = Inbox(
            {
                Request: self._request,
                PresenceNotice: self._presence,
                Frame: self._frame,
                TournamentGame: self._tournament_game,
                AdminAsk: self._admin,
                AdminAnswer: self._admin_answer,
            },
            self._quick,
            self._requested,
            self.inbox_writer,
        )
        self.bus_target = connect.parse(bus_url) if bus_url else None  # (None: the bus is on the store's Redis)
        self.bus = bus = Bus(
            bus_url or url,
            keys.inbox(node_id),
            self.inbox.received,
            self._to_session,
            keys.to_session(""),
            broadcast=keys.owners,
            on_broadcast=self._owner_news,
            on_link=outage.link,
        )
        self.members = members = Members(r, keys, node_id, lease_ms, outage)
        self.forwards = forwards = Forwards(bus, keys, node_id, lease_ms, outage)
        self.registry = registry = SessionRegistry(r, keys, node_id, bus, store, members, background, forwards.forget)
        self.leases = Leases(
            r, keys, node_id, lease_ms, store, bus, outage, members, registry, background, lost, self.target.is_sentinel
        )
        self.listings = Listings(r, keys, node_id, lease_ms, members)
        self.asks = Asks(bus, keys, node_id)
        self.delivery = ClusterDelivery(forwards, bus, keys, registry.node_of_session)
        self._tasks: list[asyncio.Task[None]] = []
        self.forwards_received = 0  # requests other nodes passed here
        self.forwards_native = 0  # of those, plain moves the native room took (server/native.py)
        self._here: Mapping[str, Session] = {}  # the node's sessions by id (given when it starts)

    @property
    def closed(self) -> bool:
        return self.outage.closed

    # ------------------------------------------------------------------ life

    async def start(self, host: ClusterHost, address: Callable[[], str]) -> None:
        """Join the cluster: ``host`` is the node's side (its adapters), ``address()`` where its clients reach it."""
        self.host = host
        self.leases.start(host)
        self.forwards.start(host)
        self._here = here = host.connected()
        self.delivery.start(here)
        await self.members.join(address)
        await self.leases.check_replicas()
        await self.bus.start()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self.leases.keep(), name="cluster leases"),
            loop.create_task(self._every(self.lease_ms / 2000, self.leases.sweep), name="cluster sweep"),
            loop.create_task(self._every(self.lease_ms / 10_000, self._check_nodes), name="cluster owners"),
        ]
        bus = f", bus on {self.bus_target.where}" if self.bus_target is not None else ""
        log.info("cluster node %s on %s (lease %d ms%s)", self.node_id, self.target.where, self.lease_ms, bus)

    async def close(self, release: bool = True, timeout_s: float = 5.0) -> None:
        """Stop the loops; with ``release`` give every room up so another node takes it over at once.

        Every step is bounded by ``timeout_s``: a Redis that does not answer never holds a shutdown.
        """
        if self.outage.closed:
            return
        self.outage.closed = True  # (every loop ends at its next turn, even one whose cancellation was lost)
        for t in self._tasks:
            t.cancel()

        async def step(what: str, aw: Any) -> None:
            await bounded(f"cluster shutdown: {what}", aw, timeout_s)

        await ended("cluster shutdown: loops", self._tasks, timeout_s)
        await ended("cluster shutdown: background writes", list(self.background.tasks), timeout_s)
        if release and self.store.held:
            await step("releasing the rooms", self.leases.hand_over())
        await step("publishing", self.bus.close())
        if release:
            for rid in list(self.store.held):  # (what the hand-over could not release)
                await step(f"release {rid}", self.store.leases.release(rid))
        await step("node keys", self.members.leave())
        await step("connection", connect.close(self.r))

    async def _every(self, period_s: float, job: Any) -> None:
        while not self.outage.closed:
            await asyncio.sleep(period_s)
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except UNREACHABLE as e:
                self.outage.outage(e)
            except Exception:
                log.exception("cluster: %s failed", getattr(job, "__name__", job))

    async def _check_nodes(self) -> None:
        """Every tenth of a lease: forget the rooms of dead nodes, and send again what was sent to them."""
        now = time.monotonic()
        forwards = self.forwards
        if forwards.settled:
            forwards.forget_settled(now)
        if not self.outage.serving():  # (nobody is counted dead before the others could re-assert their keys)
            forwards.recheck(None, now)
            return
        nodes = self.leases.owners_heard() | self.registry.nodes_heard() | forwards.nodes_awaited()
        if not nodes and not forwards.awaiting:
            return
        alive = await self.members.alive(nodes)
        self.leases.forget_dead(alive)
        self.registry.forget_dead(alive)
        forwards.recheck(alive, time.monotonic())

    def _hold(self, since: float) -> None:
        """(an outage began) The rooms' clocks stand still from ``since``."""
        if self.host is not None:
            self.host.hold_rooms(since)

    # ------------------------------------------------------------------ the inbox, and the channels

    def _quick(self, sid: str, data: bytes) -> bool:
        """A frame of the inbox's batch, for a session connected here with no request out: out at once.

        With a native writer, the session's connection's outlet is kept for it (:meth:`_outlet_here`): the writer
        writes the session's next frames itself while the outlet is ready and not held (``.inbox.InboxWriter``)."""
        f = self.forwards
        if f.awaiting or f.settled:
            return False
        s = self._here.get(sid)  # (the host's deliver_local, written out: every frame from another node passes here)
        conn = None if s is None else s.conn
        if conn is None:
            if self.inbox_writer is not None:
                self.outlets.pop(sid, None)
            return False
        conn.send(data)
        if self.inbox_writer is not None:
            self._outlet_here(sid, s)
        return True

    def _outlet_here(self, sid: str, session: Session) -> None:
        """(a frame for ``session``, connected here, went out by the Python path) Its connection's outlet, its
        ``ready`` flag said afresh (server/gateway.py ``ready_outlet``) and ``held`` as the session's requests out
        say (``.forwarding.Forwards.outlet``, which keeps it up to date from then on), kept for the inbox's writer."""
        outlet = ready_outlet(session)
        if outlet is None:
            return
        outlets = self.outlets
        if outlets.get(sid) is not outlet:
            if len(outlets) >= OUTLETS_KEPT:
                outlets.clear()
            outlets[sid] = outlet
        self.forwards.outlet(sid, outlet)

    def _request(self, msg: Request) -> None:
        self._requested(msg.session, msg.name, msg.kind, msg.frame, msg.hops, msg.sender, msg.lang)

    def _requested(self, session: str, name: str, kind: str, frame: bytes, hops: int, sender: str, lang: str) -> None:
        """A :class:`Request`'s fields (the inbox hands the common one over without making it)."""
        if sender:
            self.registry.learn(session, sender)
        self.forwards_received += 1
        host = self.host
        assert host is not None
        if host.forwarded_move(session, name, kind, frame, hops, lang):  # (a plain move, natively)
            self.forwards_native += 1
            return
        try:
            decoded = p.decode_client(frame)
        except p.ProtocolError:
            log.error("a forwarded request from %s does not decode", session)
            return
        host.forwarded(session, name, kind, decoded, hops, lang)

    def _presence(self, msg: PresenceNotice) -> None:
        if isinstance(msg.sender, str) and msg.sender:
            self.registry.learn(msg.session, msg.sender)
        assert self.host is not None
        self.host.presence(msg.session, msg.name, msg.kind, msg.room, msg.what, msg.sender)

    def _frame(self, msg: Frame) -> None:
        """A frame another node sent here for a session connected here; one that is not (it moved on, and the
        sender did not know yet) goes on to its channel, which the node it is connected to now hears."""
        sid, data = msg.session, msg.data
        if self.forwards.watching(sid) and not self.forwards.answered(sid, data):
            return
        assert self.host is not None
        if not self.host.deliver_local(sid, data):
            self.bus.publish(self.keys.to_session(sid), data)

    def _tournament_game(self, msg: TournamentGame) -> None:
        assert self.host is not None
        self.host.tournament_game(msg.tournament, msg.room, msg.outcomes)

    def _admin(self, msg: AdminAsk) -> None:
        assert self.host is not None
        self.background(f"admin {msg.action} from {msg.sender}", self.asks.answer(msg, self.host.admin))

    def _admin_answer(self, msg: AdminAnswer) -> None:
        self.asks.answered(msg)

    def _owner_news(self, data: bytes) -> None:
        self.leases.owner_news(data)

    def _to_session(self, sid: str, data: bytes) -> None:
        host = self.host
        if host is None:
            return
        if data[:1] == CONTROL:
            if self.registry.kicked_by(data):
                host.kicked(sid)
            return
        if self.forwards.watching(sid) and not self.forwards.answered(sid, data):
            return
        host.deliver_local(sid, data)

    def report_game(self, node: str, tid: str, room: str, outcomes: list[Any] | None) -> None:
        """A tournament's game ended in a room this node ran: its result to the node that runs the tournament."""
        self.bus.publish(self.keys.inbox(node), packed(TournamentGame(tid, room, outcomes)))
