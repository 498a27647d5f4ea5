"""What a node in cluster mode adds to the embedded node: room leases, the session registry and forwarding.

* **Rooms.** A node runs the rooms it holds the lease of (:class:`.store.RedisStore`): the
  rooms it created, and rooms whose owner died, taken over from their durable log once the
  lease lapsed (a sweep every half lease; clocks resume without charging the downtime, as
  after a restart), or at once when their owner stopped and released them (it names them on
  the ``owners`` channel: :meth:`Cluster.hand_over`).  Leases are renewed every quarter
  lease; a room whose lease another node took (this node was paused or cut off) is dropped
  at once.
* **Requests about a room run on the node that runs it.**  A request naming a room this
  node does not run is forwarded to the owner's inbox with the session's identity; the
  owner handles it exactly as a local request and its answers travel back on the session's
  channel.  A room nobody runs (its owner died) is taken over by the node that needs it.  A
  forwarded request is awaited until its answer passes through: one sent to a node that died
  before answering is sent again to the room's new node.  Each request is answered once: the
  session's node passes on only the first answer to a request it sent more than once (a
  paused owner that wakes up may still answer its copy), and sends again only requests that
  have no answer yet.
* **Sessions.**  Sessions live in Redis (``session:{id}``, ``token:{token}``).  ``online``
  says which node each connected session is on; a session resumed on another node closes
  its old connection (a control frame on its channel).  The rooms each session sits in,
  created or watches are kept in ``session:{id}:rooms`` by the nodes running those rooms, so
  the node it reconnects to can tell each room that it is back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import msgpack
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.protocol.codec import peek_ref
from grundy.server.cluster import connect
from grundy.server.cluster.bus import CONTROL, Bus
from grundy.server.cluster.keys import Keys
from grundy.server.cluster.store import RedisStore, UnknownFormat, _text, seated_sessions
from grundy.server.errors import Unavailable

if TYPE_CHECKING:
    from grundy.server.ports import StoredRoom
    from grundy.server.sessions import Session

log = logging.getLogger("grundy.cluster")

# KEYS: online ; ARGV: session, node -> forget the session's entry only if it is still this node's
_OFFLINE = r"""
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
"""

SEATED, WATCHING, CREATED = "seat", "watch", "created"

OWNER_KEPT_S = 60.0  # how long a node remembers which other node runs a room (see Cluster.known_owner)
OWNER_MEMORY = 100_000  # rooms remembered at most (then forgotten all at once, and looked up again)
MAX_HOPS = 2  # a request for a room is passed on at most this often (owners remembered out of date)
# A request passed to another node and not answered this long is answered here with an error (a
# safety net: the longest request, a post-game review, takes its 20 s budget and a 10 s margin).
FORWARD_ANSWER_S = 45.0
# A request answered after it was sent more than once: later answers to it (from a copy handled
# late) are dropped this long after the first.
SETTLED_KEPT_S = 2 * FORWARD_ANSWER_S
# Failures that mean Redis cannot be reached (refused, dropped, timed out, still loading its file):
# the node is in an outage (see Cluster.outage) and the request is answered ``unavailable``.
UNREACHABLE: tuple[type[BaseException], ...] = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    ConnectionError,
    TimeoutError,
)
ADDRESSES_S = 2.0  # how often a node reads where the other live nodes are reached (for ``welcome.nodes``)
MAX_ADDRESSES = 32  # addresses a welcome carries at most
OUTAGE_RETRY_S = 0.1  # how often a node in an outage tries Redis again (its leases and its liveness key)
TAKE_AT_ONCE = 100  # rooms taken over run here in batches of this many (a sweep, or a leaving node's rooms)
CLAIM_AT_ONCE = 1000  # rooms claimed in one script call
# A stopping node's request for a room it gave up waits this long (or two leases) for the node taking it over.
HAND_OVER_WAIT_S = 5.0
RELEASED_PER_NOTICE = 1000  # rooms named in one "released" notice of a leaving node
UNAVAILABLE_MESSAGE = "the cluster's store (Redis) is unreachable or coming back; nothing was done: send it again"
# Said at start about the primary's replicas and what a move waits for (``--redis-replicas``; docs/OPERATIONS.md).
TOO_FEW_REPLICAS = (
    "cluster: Redis's primary has {linked} replicas linked, and a move waits for {wanted} (--redis-replicas):"
    " moves are refused 'unavailable' until it has them"
)
NO_SPARE_REPLICA = (
    "cluster: a move waits for {wanted} replicas, and the primary has just as many: if the primary's host is lost,"
    " every game stops (moves refused 'unavailable') until it comes back, and for good if it never does, since the"
    " replica promoted has no replica of its own; run {spare} replicas (docs/OPERATIONS.md)"
)
NO_REPLICA_WAITED_FOR = (
    "cluster: the primary has {linked} replicas, but a move waits for none (--redis-replicas 0): a failover can"
    " lose moves the players were told of; give --redis-replicas 1 and run 2 replicas (docs/OPERATIONS.md)"
)


class Forward:
    """A request of a session connected here, passed to another node and not answered yet."""

    __slots__ = ("copies", "msg", "node", "sent", "session", "until")

    def __init__(self, node: str | None, msg: Any, session: Session, until: float, sent: float) -> None:
        self.node = node  # where it went (None: being sent again)
        self.msg = msg
        self.session = session
        self.until = until  # answered with an error here if no answer came by then
        self.copies = 1  # how often it was sent
        self.sent = sent  # when it was last sent (one sent before an outage ended is sent again after it)


async def bounded(what: str, aw: Any, timeout_s: float) -> None:
    """Await ``aw`` for ``timeout_s`` at most; a failure is logged.  Past the time it is cancelled and left, not
    awaited: a task that does not end when cancelled (a lost cancellation: ``asyncio.wait_for`` of Python 3.11
    returns its result when its awaitable finishes just as it is cancelled) never holds the caller."""
    task = asyncio.ensure_future(aw)
    done, _ = await asyncio.wait({task}, timeout=timeout_s)
    if not done:
        task.cancel()
        log.warning("%s: not done in %.1f s; left", what, timeout_s)
    elif not task.cancelled() and task.exception() is not None:
        e = task.exception()
        log.warning("%s: %s", what, e or type(e).__name__)


async def _ended(what: str, tasks: list[asyncio.Task[Any]], timeout_s: float) -> None:
    """Wait for ``tasks`` (cancelled, or finishing) to end, ``timeout_s`` at most; then those still running are
    cancelled and left (as :func:`bounded`)."""
    if not tasks:
        return
    _done, pending = await asyncio.wait(tasks, timeout=timeout_s)
    for t in pending:
        t.cancel()
    if pending:
        names = ", ".join(t.get_name() for t in pending)
        log.warning("%s: %s still running after %.1f s; left", what, names, timeout_s)


class ClusterHost(Protocol):
    """What the cluster asks of the node it is part of (``.adapters.ClusterCalls``: each call to a port's adapter)."""

    def forwarded(self, session: str, name: str, kind: str, msg: Any, hops: int) -> None: ...
    def forwarded_move(self, session: str, name: str, kind: str, frame: bytes, hops: int) -> bool: ...
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
    async def resync(self) -> None: ...
    async def admin(self, action: str, args: dict[str, Any]) -> dict[str, Any]: ...


class ClusterDelivery:
    """The delivery port of a cluster node: a local connection directly, any other through its channel."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    def native_terms(self) -> tuple[Any, tuple[Any, ...], Any]:
        """For a native room's frames (actor.GroupCommit.finish_natively): this port's send, for the sessions
        whose answers are watched (:meth:`Cluster.answered`), and :meth:`elsewhere` for other sessions not
        connected here."""
        c = self.cluster
        return self.send, (c.awaiting, c.settled), self.elsewhere

    def send(self, session: str, data: bytes) -> None:
        c = self.cluster
        if (c.awaiting or c.settled) and (session in c.awaiting or session in c.settled):
            if not c.answered(session, data):
                return
        if not c.host.deliver_local(session, data):
            self.elsewhere(session, data)

    def elsewhere(self, session: str, data: bytes) -> None:
        """A frame for a session not connected here (and no request of it out): to its node, or its channel."""
        c = self.cluster
        node = c.node_of_session(session)
        if node is None:
            c.bus.publish(c.keys.to_session(session), data)
        else:  # (with the loop turn's other frames and requests for that node, in one publication)
            c.bus.to_inbox(c.inbox_of(node), ["f", session, data])


class AnswerOnce:
    """A session's connection here, for a request sent again: what answers it here goes through
    :meth:`Cluster.answered` (dropped if the request was answered meanwhile, by the node it first went to)."""

    def __init__(self, cluster: Cluster, conn: Any) -> None:
        self.cluster = cluster
        self.conn = conn

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)

    def send(self, data: bytes) -> None:
        session = self.conn.session
        if session is None or self.cluster.answered(session.id, data):
            self.conn.send(data)

    def send_message(self, msg: Any) -> None:
        self.send(p.encode(msg))


class Cluster:
    """One node's part in a cluster (see the module docstring)."""

    def __init__(
        self,
        host: ClusterHost,
        url: str,
        *,
        node_id: str | None = None,
        lease_ms: int = 3000,
        prefix: str = "grundy:",
        replicas: int = 0,
        wait_ms: int = 1000,
        bus_url: str | None = None,
    ) -> None:
        """``replicas``: how many replicas must hold a room's write before anyone hears of it (``WAIT``, at most
        ``wait_ms``; 0: none, the write is acknowledged once the primary has it).  ``bus_url``: the Redis that
        carries publish/subscribe between the nodes (:mod:`.bus`), if not the store's (``url``): it holds
        nothing durable, so it can run without an append-only file and answer without waiting for its fsync."""
        self.host = host
        self.url = url
        self.node_id = node_id or "n-" + secrets.token_hex(4)
        self.lease_ms = lease_ms
        self.keys = Keys(prefix)
        # Commands wait for a free connection of the pool instead of failing ("Too many connections",
        # redis-py's pool holds 100) when many requests need Redis at the same instant.  A command whose
        # connection fails (a connection left over from before Redis restarted) reconnects and is sent
        # again, a few times within half a second, before it fails: no stale connection answers a client.
        retry = Retry(ExponentialBackoff(cap=0.2, base=0.05), retries=3)
        # With Sentinel (:mod:`.connect`) the pool asks the Sentinels where the primary is for each new
        # connection, and drops its idle connections to an old primary once they name a new one.
        self.target = connect.parse(url)
        self.r = self.target.client(
            blocking=True, max_connections=100, timeout=10, health_check_interval=10, retry=retry, socket_timeout=10
        )
        # Outages (see :meth:`outage`): Redis failed since ``down_since`` (None: it answers), and this node
        # lets the others re-assert until ``settled_at`` (it takes nothing over and counts nobody dead).
        self.down_since: float | None = None
        self.settled_at = 0.0
        self.outages = 0  # outages this node saw end
        self.answered_at = time.time()  # when Redis last renewed this node's leases (an outage began after that)
        self._said_replicas = -1  # the outage in which too few replicas were logged
        # Where clients reach this node (set by compose: ``--public-url``), kept as the value of its liveness
        # key; ``addresses``: every live node's, this one's first (``welcome.nodes``), refreshed every ADDRESSES_S.
        self.address: Callable[[], str] = lambda: ""
        self.addresses: list[str] = []
        self._addresses_at = 0.0
        self.store = RedisStore(
            self.r,
            self.node_id,
            keys=self.keys,
            lease_ms=lease_ms,
            on_fenced=self._lost,
            owns_client=False,
            serving=self.serving,
            on_unreachable=self.outage,
            replicas=replicas,
            wait_ms=wait_ms,
        )
        self.foreign: dict[str, int | None] = {}  # rooms left alone: stored in a format this node does not read
        self.store.on_fenced_tournament = self._lost_tournament
        self.bus_target = connect.parse(bus_url) if bus_url else None  # (None: the bus is on the store's Redis)
        self.bus = Bus(
            bus_url or url,
            self.keys.inbox(self.node_id),
            self._inbox,
            self._to_session,
            self.keys.to_session(""),
            broadcast=self.keys.owners,
            on_broadcast=self._owner_news,
            on_link=self._link,
        )
        self.delivery = ClusterDelivery(self)
        self._offline = self.r.register_script(_OFFLINE)
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[Any]] = set()
        self._claiming: dict[str, asyncio.Future[bool]] = {}
        self._owners: dict[str, tuple[str, float]] = {}  # room -> (another node that runs it, until when)
        # session -> (the other node it is connected to, until when): learnt from its requests and presence
        # notices; its frames go to that node's inbox, batched (a stale entry costs a hop: see _frames)
        self._where: dict[str, tuple[str, float]] = {}
        self._inboxes: dict[str, bytes] = {}  # node -> the channel of its inbox
        self.owner_lookups = 0  # owners read from Redis (the rest came from what this node remembers)
        # Requests of this node's sessions passed to other nodes, until their answer passes through:
        # session -> ref -> the request.  Requests answered after they were sent more than once:
        # session -> ref -> (the request, until when later answers to it are dropped).
        self.awaiting: dict[str, dict[Any, Forward]] = {}
        self.settled: dict[str, dict[Any, tuple[Any, float]]] = {}
        self.second_answers = 0  # answers dropped: their request had been answered already
        self.closed = False
        self.leaving = False  # stopping: its rooms were handed over, and it takes none (back)
        self._no_taker = False  # stopping: a wave of its rooms found no other node to take it
        self.taken_over = 0  # rooms taken over from their log by this node
        self.tournaments_taken_over = 0
        self.forwards_sent = 0  # requests passed to the node that runs their room or tournament (sent again too)
        self.forwards_received = 0  # requests other nodes passed here
        self.forwards_native = 0  # of those, plain moves the native room took (server.fast_moves)
        self._asked: dict[str, asyncio.Future[dict[str, Any]]] = {}  # administration: asked of other nodes, by id

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        await self.r.set(self.keys.node(self.node_id), self.address(), px=self.lease_ms)
        await self.r.sadd(self.keys.nodes, self.node_id)
        await self._refresh_addresses()
        await self._check_replicas()
        await self.bus.start()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._keep_leases(), name="cluster leases"),
            loop.create_task(self._every(self.lease_ms / 2000, self._sweep), name="cluster sweep"),
            loop.create_task(self._every(self.lease_ms / 10_000, self._check_nodes), name="cluster owners"),
        ]
        bus = f", bus on {self.bus_target.where}" if self.bus_target is not None else ""
        log.info("cluster node %s on %s (lease %d ms%s)", self.node_id, self.target.where, self.lease_ms, bus)

    async def close(self, release: bool = True, timeout_s: float = 5.0) -> None:
        """Stop the loops; with ``release`` give every room up so another node takes it over at once.

        Every step is bounded by ``timeout_s``: a Redis that does not answer never holds a shutdown.
        """
        if self.closed:
            return
        self.closed = True  # (every loop ends at its next turn, even one whose cancellation was lost)
        for t in self._tasks:
            t.cancel()

        async def step(what: str, aw: Any) -> None:
            await bounded(f"cluster shutdown: {what}", aw, timeout_s)

        await _ended("cluster shutdown: loops", self._tasks, timeout_s)
        await _ended("cluster shutdown: background writes", list(self._background), timeout_s)
        if release and self.store.held:
            await step("releasing the rooms", self.hand_over())
        await step("publishing", self.bus.close())
        if release:
            for rid in list(self.store.held):  # (what the hand-over could not release)
                await step(f"release {rid}", self.store.release(rid))
        await step("node keys", self._forget_node())
        await step("connection", connect.close(self.r))

    async def _check_replicas(self) -> None:
        """Say at start whether the primary has the replicas a move waits for (without them, moves are refused)."""
        wanted = self.store.replicas
        if not wanted and not self.target.is_sentinel:  # (one Redis, no replicas: nothing to say)
            return
        info = await self.r.info("replication")
        linked = int(info.get("connected_slaves", 0))
        if not wanted:
            if linked:
                log.warning(NO_REPLICA_WAITED_FOR.format(linked=linked))
        elif linked < wanted:
            log.warning(TOO_FEW_REPLICAS.format(linked=linked, wanted=wanted))
        elif linked == wanted:
            log.warning(NO_SPARE_REPLICA.format(wanted=wanted, spare=wanted + 1))

    async def hand_over(self, rooms: list[str] | None = None, wait: bool = False) -> None:
        """Release these rooms (None: every one held; a few script calls) and tell the other nodes, which take
        them over at once (:meth:`_owner_news`) in the order named, instead of at their next sweep: a node
        that stops pauses its rooms for about one take-over, not a lease.  With ``wait``, return once every
        one runs on another node (or after a lease; and not at all once a wave found no taker).  From now on
        this node takes nothing over (it is leaving)."""
        self.leaving = True
        released = await self.store.release_all(rooms)
        for i in range(0, len(released), RELEASED_PER_NOTICE):
            self.bus.publish(
                self.keys.owners, msgpack.packb(["released", self.node_id, released[i : i + RELEASED_PER_NOTICE]])
            )
        log.info("cluster: %d rooms released for the other nodes to take over", len(released))
        if wait and released and not self._no_taker and not await self._others_alive():
            self._no_taker = True  # (the last node of its cluster: nobody takes them now, so no lease is waited for)
        if wait and released and not self._no_taker:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.lease_ms / 1000
            while loop.time() < deadline and any(self.known_owner(rid) is None for rid in released):
                await asyncio.sleep(0.005)
            if all(self.known_owner(rid) is None for rid in released):
                self._no_taker = True  # (no other node took any: the next waves go without waiting)
        if rooms is None:
            await self._hand_tournaments_over()
            await self._refresh_addresses()  # (where its clients go next: a node started a moment ago included)

    async def _hand_tournaments_over(self) -> None:
        """(stopping, its rooms handed over) Its tournaments too: no longer run here, released, and named on
        ``owners`` so another node restores each at once (it links the games in play to their rooms, and reads
        the results of those that ended meanwhile), instead of after a lease.  A tournament must not wait for
        this node's clients to move: it would start its next games on a node that is leaving."""
        tids = list(self.store.held_tournaments)
        if not tids:
            return
        for tid in tids:
            self.host.drop_tournament(tid)
        for tid in tids:
            await self.store.release(tid, kind="tournament")
        self.bus.publish(self.keys.owners, msgpack.packb(["released-tournaments", self.node_id, tids]))
        log.info("cluster: %d tournaments released for the other nodes to take over", len(tids))

    async def _others_alive(self) -> bool:
        """Whether another node of the cluster is alive now (its liveness key is there)."""
        nodes = [n for n in (_text(n) for n in await self.r.smembers(self.keys.nodes)) if n != self.node_id]
        return bool(nodes) and any(v is not None for v in await self.r.mget([self.keys.node(n) for n in nodes]))

    async def _forget_node(self) -> None:
        await self.r.delete(self.keys.node(self.node_id), self.keys.listed(self.node_id))
        await self.r.srem(self.keys.nodes, self.node_id)

    async def _every(self, period_s: float, job: Any) -> None:
        while not self.closed:
            await asyncio.sleep(period_s)
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except UNREACHABLE as e:
                self.outage(e)
            except Exception:
                log.exception("cluster: %s failed", getattr(job, "__name__", job))

    def background(self, what: str, coro: Any) -> None:
        async def run() -> None:
            try:
                await coro
            except UNREACHABLE as e:
                self.outage(e)
                log.warning("cluster: %s failed: Redis unreachable (%s)", what, e)
            except Exception:
                log.exception("cluster: %s failed", what)

        task = asyncio.get_running_loop().create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ outages

    # When Redis cannot be reached (killed, restarting, cut off), nothing a node does can be stored,
    # and every lease and liveness key may lapse meanwhile (they expire on Redis's clock, which
    # does not stop).  So a node that sees Redis fail is in an **outage** until Redis answers it
    # again and its subscriber hears its channels again: it answers requests that need Redis or
    # another node ``unavailable``, and retries its leases every OUTAGE_RETRY_S.  The renewal that
    # succeeds re-asserts its liveness key and every lease it held (at the same epoch: a lease
    # another node took meanwhile is lost, and the room dropped, as always).  Then for one lease
    # the node **settles**: it takes no room or tournament over, counts no node dead (the others
    # re-assert their keys meanwhile), sends nothing to other nodes and stores nothing (every
    # node's subscriber is back by then, so no broadcast is lost).  A paused owner is fenced as
    # before: it re-asserts nothing while paused, so its rooms are taken over a lease after the
    # others saw Redis back, and its late writes are refused.  With the bus on a Redis of its own
    # (``--redis-bus``), losing that one is an outage too, seen when the subscriber's link drops, and
    # handled the same way: nothing is stored while this node may not hear its channels, and it serves
    # again only once both answer (its leases were renewed meanwhile on the store's Redis).

    def serving(self) -> bool:
        """Whether this node acts on Redis now: no outage, and settled since the last one."""
        return self.down_since is None and time.monotonic() >= self.settled_at

    def outage(self, why: BaseException | str) -> None:
        """Redis failed: an outage starts (unless one is on already)."""
        if self.down_since is not None or self.closed:
            return
        self.down_since = time.monotonic()
        log.warning("cluster: Redis unreachable (%s); requests are answered 'unavailable' until it is back", why)
        # No move can be stored from now until this node serves again: the rooms' clocks stand still from the
        # last moment Redis was known to answer (a moment before it went away), and run on once it serves.
        self.host.hold_rooms(self.answered_at)

    def _link(self, up: bool) -> None:
        """(from the bus) The subscriber's link dropped (an outage) or is back (the leases' loop ends the outage)."""
        if not up:
            self.outage("the subscriber's link dropped")

    def unavailable(self, ref: Any = None) -> Unavailable:
        return Unavailable(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE, ref)

    async def _keep_leases(self) -> None:
        """Renew every quarter lease; in an outage, try every OUTAGE_RETRY_S until Redis answers again."""
        period = self.lease_ms / 4000
        while not self.closed:
            await asyncio.sleep(period if self.down_since is None else min(period, OUTAGE_RETRY_S))
            try:
                await self._renew()
            except asyncio.CancelledError:
                raise
            except UNREACHABLE as e:
                self.outage(e)
                continue
            except Exception:
                log.exception("cluster: renewing the leases failed")
                continue
            if self.down_since is not None and self.bus.linked and await self._replicas_hold():
                self._back()
            if time.monotonic() >= self._addresses_at:
                try:
                    await self._refresh_addresses()
                except UNREACHABLE as e:
                    self.outage(e)

    async def _replicas_hold(self) -> bool:
        """Whether the replicas a move needs (``--redis-replicas``) hold what the primary has: an outage ends only
        then (a primary without them acknowledges nothing; said once per outage)."""
        try:
            await self.store.replicated()
        except Unavailable as e:
            if self._said_replicas != self.outages:
                self._said_replicas = self.outages
                log.warning("cluster: Redis answers, but its replicas lack its writes (%s): still unavailable", e)
            return False
        return True

    async def _refresh_addresses(self) -> None:
        """Where the live nodes are reached (their liveness keys' values), this node's first."""
        self._addresses_at = time.monotonic() + ADDRESSES_S
        nodes = sorted(_text(n) for n in await self.r.smembers(self.keys.nodes))
        found = await self.r.mget([self.keys.node(n) for n in nodes]) if nodes else []
        mine = self.address()
        others = sorted({u for v in found if v is not None and (u := _text(v)).startswith(("ws://", "wss://"))})
        self.addresses = ([mine] if mine else []) + [u for u in others if u != mine][: MAX_ADDRESSES - 1]

    def _back(self) -> None:
        """Redis answers again and this node hears its channels: it settles for one lease."""
        now = time.monotonic()
        down_s = now - (self.down_since or now)
        self.down_since = None
        self.settled_at = now + self.lease_ms / 1000
        self.outages += 1
        log.info(
            "cluster: Redis is back after %.1f s; leases re-asserted (%d rooms); no take-over for %d ms",
            down_s,
            len(self.store.held),
            self.lease_ms,
        )
        doubt, self.store.in_doubt = self.store.in_doubt, set()
        for rid in sorted(doubt):
            self.background(f"room {rid}: run again from its log", self._reload(rid))
        self.background("the rooms after an outage", self._settle_after(self.outages))

    async def _reload(self, rid: str) -> None:
        """A room whose write was sent as Redis went away (it may have been stored, though refused here):
        run it again from its log, so that the room and its log agree (members get its state)."""
        if rid not in self.store.held:
            return
        stored = await self.store.load_room(rid)
        try:
            await self.store.replicated([rid])  # (nobody hears of a move in the log before the replicas hold it)
        except Unavailable as e:  # (in doubt again, in an outage again: run again once it ends)
            log.info("room %s: not run again from its log yet: %s", rid, e)
            return
        self.host.drop_room(rid)
        if stored is None or stored.status not in ("waiting", "playing"):
            await self.store.release(rid)
            return
        if not await self.host.restore_room(stored):
            return
        members = set(seated_sessions(stored.meta)) | set(await self.store.watchers(rid))
        log.info("room %s: run again from its log after an outage (ply %d)", rid, len(stored.moves))
        self.host.wake_room(rid, await self.online_of(members))

    async def _settle_after(self, outage: int) -> None:
        """Once settled after an outage (unless another began): the rooms' clocks run on, and this node's
        sessions get the state of their rooms on other nodes (frames for them published while this node's
        subscriber was down are lost)."""
        # (a timer may fire a little early: wait until settled indeed, unless another outage began meanwhile)
        while outage == self.outages and self.down_since is None and not self.serving():
            await asyncio.sleep(max(0.001, self.settled_at - time.monotonic()))
        if self.serving() and outage == self.outages:
            self.host.release_rooms()
            await self.host.resync()

    # ------------------------------------------------------------------ leases and take-over

    async def _renew(self) -> None:
        asked = time.time()
        await self.r.set(self.keys.node(self.node_id), self.address(), px=self.lease_ms)  # alive
        self.answered_at = asked
        for rid in await self.store.renew():
            self._lost(rid)
        for tid in await self.store.renew_tournaments():
            self._lost_tournament(tid)

    def _lost_tournament(self, tid: str) -> None:
        log.warning("tournament %s: another node runs it now; this node lets it go", tid)
        self.host.drop_tournament(tid)

    def _lost(self, rid: str) -> None:
        log.warning("room %s: another node holds it now; this node lets it go", rid)
        self.host.drop_room(rid)

    async def _sweep(self) -> None:
        if not self.serving():
            return
        try:
            rooms = await self.store.orphans()
            tournaments = await self.store.orphans(kind="tournament")
        except UNREACHABLE as e:
            self.outage(e)
            return
        await self.take_many(rooms)
        for tid in tournaments:
            await self.take_tournament(tid)

    async def take_tournament(self, tid: str) -> bool:
        """Claim a tournament nobody runs and bring it back here from its stored state."""
        if self.closed or self.leaving or not self.serving() or not await self.store.claim(tid, kind="tournament"):
            return False
        data = await self.store.load_tournament(tid)
        if data is None or not await self.host.restore_tournament(data):
            await self.store.release(tid, kind="tournament")
            return False
        self.tournaments_taken_over += 1
        log.info("tournament %s taken over", tid)
        return True

    async def locate_tournament(self, tid: str) -> str | None:
        """The node that runs a tournament (this one if it took it over just now); None: no such unfinished one."""
        owner = await self.store.owner(tid, kind="tournament")
        if owner is not None:
            return owner
        if await self.r.zscore(self.keys.tournaments_live, tid) is None:
            return None
        if not self.serving():  # (its node may not have re-asserted its lease yet)
            raise self.unavailable()
        if await self.take_tournament(tid):
            return self.node_id
        return await self.store.owner(tid, kind="tournament")

    def report_game(self, node: str, tid: str, room: str, outcomes: list[Any] | None) -> None:
        """A tournament's game ended in a room this node ran: its result to the node that runs the tournament."""
        self.bus.publish(self.keys.inbox(node), msgpack.packb(["tgame", tid, room, outcomes]))

    async def take_many(self, rids: list[str]) -> int:
        """Take over rooms nobody holds (a sweep, or the rooms a leaving node released): every one claimed at
        once (a script call per CLAIM_AT_ONCE), then run here TAKE_AT_ONCE at a time, each batch read in two
        round trips and told to its members online in two more: how many this node runs now."""
        todo = [
            rid
            for rid in dict.fromkeys(rids)
            if rid not in self._claiming and rid not in self.store.held and rid not in self.foreign
        ]  # (a room stored in a format this node does not read is left to a node that reads it)
        if not todo or self.closed or self.leaving or not self.serving():
            return 0
        loop = asyncio.get_running_loop()
        futures = {rid: loop.create_future() for rid in todo}
        # (before anything is awaited: a request for one of them waits until it runs here, or is not taken, and
        # never claims it a second time meanwhile: :meth:`take`)
        self._claiming.update(futures)
        done: set[str] = set()
        try:
            try:  # (the formats before the claims: a room this node cannot read is never held by it, even briefly)
                forms = await self.store.room_formats_of(todo)
            except UNREACHABLE as e:
                self.outage(e)
                return 0
            todo = [rid for rid in todo if self._readable(rid, forms.get(rid))]
            claimed: list[str] = []
            for i in range(0, len(todo), CLAIM_AT_ONCE):
                claimed += await self.store.claim_many(todo[i : i + CLAIM_AT_ONCE])
            for i in range(0, len(claimed), TAKE_AT_ONCE):
                done |= await self._run_taken(claimed[i : i + TAKE_AT_ONCE])
        finally:
            for rid, fut in futures.items():
                self._claiming.pop(rid, None)
                fut.set_result(rid in done)
                if rid not in done and rid in self.store.held:  # (ended, gone, or not read: not run here)
                    self.background(f"room {rid}: release", self.store.release(rid))
        return len(done)

    async def _run_taken(self, rids: list[str]) -> set[str]:
        """Rooms this node claimed: read them (one round trip, and one for their spectators), run them here, and
        tell their members online (:meth:`take_many` releases those that ended or are gone)."""
        unreadable: dict[str, Exception] = {}
        try:
            stored = await self.store.load_rooms(rids, unreadable)
            watchers = await self.store.watchers_of(rids)
            await self.store.replicated(list(stored))  # (nobody hears of a move in the log before the replicas hold it)
        except (Unavailable, *UNREACHABLE) as e:
            if isinstance(e, UNREACHABLE):
                self.outage(e)
            return set()
        for rid, why in unreadable.items():
            self._readable(rid, None, why)
        running: list[StoredRoom] = []
        for rid in rids:
            room = stored.get(rid)
            if room is None or room.status not in ("waiting", "playing"):
                continue
            try:
                if await self.host.restore_room(room, watchers[rid]):
                    running.append(room)
            except Exception:
                log.exception("room %s: take-over failed", rid)
        for room in running:
            self._owners.pop(room.id, None)
            self.taken_over += 1
            self.bus.publish(self.keys.owners, msgpack.packb([room.id, self.node_id]))  # (the others forward here now)
        members = {room.id: set(seated_sessions(room.meta)) | set(watchers[room.id]) for room in running}
        try:
            online = await self.online_of(set().union(*members.values()))
        except UNREACHABLE as e:
            self.outage(e)
            online = set()
        for room in running:
            here = members[room.id] & online
            log.info("room %s taken over from its log (ply %d; %d members online)", room.id, len(room.moves), len(here))
            try:
                self.host.wake_room(room.id, here)
            except Exception:
                log.exception("room %s: its members could not be told it was taken over", room.id)
        return {room.id for room in running}

    async def take(self, rid: str) -> bool:
        """Claim a room nobody holds and bring it back from its log here: True if this node runs it now."""
        pending = self._claiming.get(rid)
        if pending is not None:
            return await pending
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._claiming[rid] = fut
        try:
            ok = await self._take(rid)
        except (Unavailable, *UNREACHABLE) as e:
            if isinstance(e, UNREACHABLE):
                self.outage(e)
            log.warning("room %s: not taken over: %s", rid, e)
            ok = False
        except Exception:
            log.exception("room %s: take-over failed", rid)
            ok = False
        finally:
            self._claiming.pop(rid, None)
        fut.set_result(ok)
        return ok

    async def _take(self, rid: str) -> bool:
        if self.closed or self.leaving or not self.serving():
            return False
        if not self._readable(rid, await self.store.room_format(rid)):
            return False
        if not await self.store.claim(rid):
            return False
        try:
            stored = await self.store.load_room(rid)
            await self.store.replicated([rid])  # (nobody hears of a move in the log before the replicas hold it)
        except UnknownFormat as e:  # (rewritten by a newer node since it was checked above)
            await self.store.release(rid)
            self._readable(rid, None, e)
            return False
        except BaseException:
            await self.store.release(rid)
            raise
        if stored is None or stored.status not in ("waiting", "playing"):
            await self.store.release(rid)
            return False
        if not await self.host.restore_room(stored):
            return False
        self._owners.pop(rid, None)
        self.taken_over += 1
        self.bus.publish(self.keys.owners, msgpack.packb([rid, self.node_id]))  # (the others forward here now)
        members = set(seated_sessions(stored.meta)) | set(await self.store.watchers(rid))
        online = await self.online_of(members)
        log.info("room %s taken over from its log (ply %d; %d members online)", rid, len(stored.moves), len(online))
        self.host.wake_room(rid, online)
        return True

    def _readable(self, rid: str, form: int | None, refused: Exception | None = None) -> bool:
        """Whether this node reads the format a room is stored in; a room it does not read is left to a node
        that does (a newer version, in an upgrade rolled node by node), and why is logged once."""
        if refused is None and (form is None or form in self.store.room_formats):
            self.foreign.pop(rid, None)
            return True
        if rid not in self.foreign:
            self.foreign[rid] = form
            why = refused or UnknownFormat(rid, str(form), self.store.room_formats)
            log.warning("%s: not taken over", why)
        return False

    # Which other node runs a room is remembered (a forwarded move costs no lookup) and kept right
    # three ways: a node that takes a room over says so on the ``owners`` channel; the rooms of
    # nodes that are no longer alive are forgotten (checked every tenth of a lease: the next
    # request for such a room finds it without an owner and takes it over at once); and a node
    # that is sent a request for a room it does not run looks the owner up afresh and passes the
    # request on (:meth:`locate` with ``fresh``).  What is remembered lapses after OWNER_KEPT_S in any case.

    def known_owner(self, rid: str) -> str | None:
        """Another node this node remembers running ``rid`` (no lookup), or None."""
        known = self._owners.get(rid)
        if known is None:
            return None
        if known[1] <= time.monotonic():
            del self._owners[rid]
            return None
        return known[0]

    def _remember(self, rid: str, owner: str) -> None:
        if len(self._owners) >= OWNER_MEMORY:
            self._owners.clear()
        self._owners[rid] = (owner, time.monotonic() + OWNER_KEPT_S)

    def _owner_news(self, data: bytes) -> None:
        try:
            news = msgpack.unpackb(data)
            if len(news) == 3 and news[0] == "released":  # a node leaving gave these rooms up: take them now
                _, node, rids = news
                if node != self.node_id:
                    for rid in rids:
                        self._owners.pop(rid, None)
                    if not self.closed and not self.leaving and self.serving():
                        self.background(f"{len(rids)} rooms released by {node}", self.take_many(rids))
                return
            if len(news) == 3 and news[0] == "released-tournaments":  # and these tournaments
                _, node, tids = news
                if node != self.node_id and not self.closed and not self.leaving and self.serving():
                    for tid in tids:
                        self.background(f"tournament {tid} released by {node}", self.take_tournament(tid))
                return
            rid, owner = news
        except Exception:
            log.error("cluster: an owner notice does not decode")
            return
        if owner == self.node_id:
            self._owners.pop(rid, None)
        else:
            self._remember(rid, owner)

    async def _check_nodes(self) -> None:
        """Every tenth of a lease: forget the rooms of dead nodes, and send again what was sent to them."""
        now = time.monotonic()
        if self.settled:
            self._forget_settled(now)
        if not self.serving():  # (nobody is counted dead before the others could re-assert their keys)
            self._recheck_forwards(None, now)
            return
        nodes = {node for node, _ in self._owners.values()}
        nodes.update(node for node, _ in self._where.values())
        nodes.update(f.node for waits in self.awaiting.values() for f in waits.values() if f.node is not None)
        if not nodes and not self.awaiting:
            return
        alive = await self._alive(nodes)
        for rid, (node, _) in list(self._owners.items()):
            if node not in alive:
                self._owners.pop(rid, None)
        for sid, (node, _) in list(self._where.items()):
            if node not in alive:
                self._where.pop(sid, None)
        self._recheck_forwards(alive, time.monotonic())

    def _recheck_forwards(self, alive: set[str] | None, now: float) -> None:
        """Requests passed to a node that died before answering go to the room's node again (it is taken over
        there, or here); one left unanswered past FORWARD_ANSWER_S is answered with an error.

        ``alive`` None: in an outage or settling after one (only the deadlines are checked).  Once
        settled, a request sent before the last outage ended is sent again: it, or its answer, may
        have been lost with a link to Redis.

        A request sent again stays awaited (its first answer is the one passed on, whichever
        copy it answers); the node that seemed dead may only have been paused, and answer its
        copy when it wakes up: that answer, or the new node's, comes second and is dropped.
        """
        for sid, waits in list(self.awaiting.items()):
            for ref, f in list(waits.items()):
                if now > f.until:
                    del waits[ref]
                    self._settle(sid, ref, f.msg, now)  # (a copy may still be answered: that answer is dropped)
                    why = "node %s did not answer in %.0f s"
                    log.warning("request %r of %s: " + why, ref, sid, f.node, FORWARD_ANSWER_S)
                    self.host.unanswered(f.session, f.msg)
                elif alive is None:
                    continue
                elif f.node is not None and f.node not in alive:
                    log.info("request %r of %s: its room's node %s died before answering; sent again", ref, sid, f.node)
                    self._again(f, now)
                elif f.node is not None and f.sent < self.settled_at - self.lease_ms / 1000:
                    log.info("request %r of %s: sent before Redis came back; sent again", ref, sid)
                    self._again(f, now)
            if not waits:
                self.awaiting.pop(sid, None)

    def _again(self, f: Forward, now: float) -> None:
        f.node = None
        f.copies += 1
        f.until = now + FORWARD_ANSWER_S
        f.sent = now
        self.host.reroute(f.session, f.msg)

    def _settle(self, sid: str, ref: Any, msg: Any, now: float) -> None:
        settled = self.settled.get(sid)
        if settled is None:
            settled = self.settled[sid] = {}
        settled[ref] = (msg, now + SETTLED_KEPT_S)

    def _forget_settled(self, now: float) -> None:
        for sid, settled in list(self.settled.items()):
            for ref, (_, until) in list(settled.items()):
                if until < now:
                    del settled[ref]
            if not settled:
                del self.settled[sid]

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
            if not waits:
                del self.awaiting[sid]
            if f.copies > 1:
                self._settle(sid, ref, f.msg, time.monotonic())
            return True
        settled = self.settled.get(sid)
        if settled is not None and ref in settled:
            self.second_answers += 1
            log.info("request %r of %s: answered already; a second answer dropped", ref, sid)
            return False
        return True

    async def locate(self, rid: str, fresh: bool = False) -> str | None:
        """The node that runs a room (this one if it took it over just now); None: no unfinished room has this id.

        ``fresh``: look it up in Redis even if this node remembers an owner (a request came here
        for a room this node does not run: what the sender remembered was out of date).
        """
        if fresh:
            self._owners.pop(rid, None)
        else:
            known = self.known_owner(rid)
            if known is not None:
                return known
        self.owner_lookups += 1
        owner = await self.store.owner(rid)
        if owner is not None:
            if owner != self.node_id:
                self._remember(rid, owner)
            elif self.leaving:  # (handed over in a wave, not released yet: the node taking it says so)
                return await self._next_owner(rid)
            else:
                pending = self._claiming.get(rid)
                if pending is not None:  # being taken over here: the room runs once its log is read
                    await pending
            return owner
        if await self.r.zscore(self.keys.live, rid) is None:
            return None
        if not self.serving():  # (its node may not have re-asserted its lease yet)
            raise self.unavailable()
        if await self.take(rid):
            return self.node_id
        if self.leaving:  # (this node gave the room up just now: the node taking it says so on ``owners``)
            return await self._next_owner(rid)
        if rid in self.foreign:
            raise Unavailable(ErrorCode.UNAVAILABLE, f"room {rid} is stored in a format of a newer version of the"
                              " server; a node of that version runs it once one is up: send it again later")
        return await self.store.owner(rid)

    async def _next_owner(self, rid: str) -> str:
        """(a leaving node) The node that takes over a room this node gave up, once it has (``owners`` news, or
        Redis every tenth of a lease); ``unavailable`` if nobody has within HAND_OVER_WAIT_S (or two leases)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(HAND_OVER_WAIT_S, 2 * self.lease_ms / 1000)
        asked = loop.time()
        while loop.time() < deadline:
            known = self.known_owner(rid)
            if known is not None:
                return known
            if loop.time() - asked >= self.lease_ms / 10_000:
                asked = loop.time()
                owner = await self.store.owner(rid)
                if owner is not None and owner != self.node_id:
                    self._remember(rid, owner)
                    return owner
            await asyncio.sleep(0.01)
        raise Unavailable(
            ErrorCode.UNAVAILABLE, f"room {rid} is being handed to another node, and none has it yet: send it again"
        )

    async def room_by_code(self, code: str) -> str | None:
        return await self.store.room_by_code(code)

    # ------------------------------------------------------------------ forwarding

    def forward(self, node: str, session: Session, msg: Any, hops: int = 0, raw: bytes | None = None) -> None:
        """Pass a request to the node that runs its room; ``hops``: how often it was passed on already;
        ``raw``: the client's frame that decodes to ``msg``, passed on as it came (not encoded again).

        A request of a session connected here is awaited until its answer passes through (see
        :meth:`_recheck_forwards`): a request sent to a node that dies before answering is lost
        with the node's inbox, and is sent again once the room has a new node.  A request being
        sent again (the same ``msg``) that was answered meanwhile is not sent.  In an outage, or
        settling after one, nothing is sent: :class:`Unavailable` is raised (the request is answered
        ``unavailable``).
        """
        if not self.serving():
            raise self.unavailable(getattr(msg, "ref", None))
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
                now = time.monotonic()
                waits[ref] = Forward(node, msg, session, now + FORWARD_ANSWER_S, now)
                settled = self.settled.get(session.id)
                if settled is not None:  # (a new request that reuses a ref: its answer is not a second one)
                    settled.pop(ref, None)
        here = self.node_id if session.conn is not None else ""  # (where the session is connected, if it is here)
        envelope = ["req", session.id, session.name, session.kind, p.encode(msg) if raw is None else raw, hops, here]
        self.forwards_sent += 1
        self.bus.to_inbox(self.inbox_of(node), envelope)

    def _answered_already(self, sid: str, ref: Any, msg: Any) -> bool:
        settled = self.settled.get(sid)
        return settled is not None and ref in settled and settled[ref][0] is msg

    def still_awaited(self, session: Session, msg: Any) -> bool:
        """Whether a request being sent again has no answer yet (else it is not sent, nor handled here)."""
        ref = getattr(msg, "ref", None)
        waits = self.awaiting.get(session.id)
        f = None if waits is None or ref is None else waits.get(ref)
        return f is not None and f.msg is msg

    def tell_presence(self, node: str, session: Session, room: str, what: str) -> None:
        envelope = msgpack.packb(["presence", session.id, session.name, session.kind, room, what, self.node_id])
        self.bus.publish(self.keys.inbox(node), envelope)

    def inbox_of(self, node: str) -> bytes:
        """The channel of a node's inbox (each node's made once)."""
        channel = self._inboxes.get(node)
        if channel is None:
            if len(self._inboxes) >= OWNER_MEMORY:
                self._inboxes.clear()
            channel = self._inboxes[node] = self.keys.inbox(node).encode()
        return channel

    def _inbox(self, data: bytes) -> None:
        parts = msgpack.unpackb(data)
        if parts[0] == "batch":
            deliver = self.host.deliver_local
            for envelope in parts[1:]:
                try:
                    # (the common envelope, a frame for a session connected here with no request out: at once)
                    if envelope[0] == "f" and not (self.awaiting or self.settled) and deliver(envelope[1], envelope[2]):
                        continue
                    self._envelope(envelope)
                except Exception:
                    log.exception("cluster: an envelope in the inbox failed")
            return
        self._envelope(parts)

    def _envelope(self, parts: list[Any]) -> None:
        if parts[0] == "f":
            self._frame(parts[1], parts[2])
            return
        if parts[0] == "tgame":
            self.host.tournament_game(parts[1], parts[2], parts[3])
            return
        if parts[0] == "admin":
            _, asked_id, sender, action, args = parts
            self.background(f"admin {action} from {sender}", self._admin_here(asked_id, sender, action, args))
            return
        if parts[0] == "admin-answer":
            asked = self._asked.pop(parts[1], None)
            if asked is not None and not asked.done():
                asked.set_result(json.loads(parts[2]))
            return
        kind, sid, name, kind_of, *rest = parts
        if kind == "req":
            if len(rest) > 2 and isinstance(rest[2], str) and rest[2]:
                self._learn(sid, rest[2])
            self.forwards_received += 1
            hops = rest[1] if len(rest) > 1 else 0
            if self.host.forwarded_move(sid, name, kind_of, rest[0], hops):  # (a plain move, taken natively)
                self.forwards_native += 1
                return
            try:
                msg = p.decode_client(rest[0])
            except p.ProtocolError:
                log.error("a forwarded request from %s does not decode", sid)
                return
            self.host.forwarded(sid, name, kind_of, msg, hops)
        elif kind == "presence":
            if len(rest) > 2 and isinstance(rest[2], str) and rest[2]:
                self._learn(sid, rest[2])
            self.host.presence(sid, name, kind_of, rest[0], rest[1], rest[2] if len(rest) > 2 else "")

    def _frame(self, sid: str, data: bytes) -> None:
        """A frame another node sent here for a session connected here; one that is not (it moved on, and the
        sender did not know yet) goes on to its channel, which the node it is connected to now hears."""
        if (self.awaiting or self.settled) and (sid in self.awaiting or sid in self.settled):
            if not self.answered(sid, data):
                return
        if not self.host.deliver_local(sid, data):
            self.bus.publish(self.keys.to_session(sid), data)

    def _learn(self, sid: str, node: str) -> None:
        """``sid`` is connected to ``node`` (it sent a request or a presence notice from there)."""
        if node == self.node_id:
            self._where.pop(sid, None)
            return
        if len(self._where) >= OWNER_MEMORY:
            self._where.clear()
        self._where[sid] = (node, time.monotonic() + OWNER_KEPT_S)

    def node_of_session(self, sid: str) -> str | None:
        """The other node a session was last heard from (its frames go there), or None (its channel)."""
        known = self._where.get(sid)
        if known is None:
            return None
        if known[1] <= time.monotonic():
            del self._where[sid]
            return None
        return known[0]

    def _to_session(self, sid: str, data: bytes) -> None:
        if data[:1] == CONTROL:
            if data[len(CONTROL) + len(b"kick:") :].decode() != self.node_id:
                self.host.kicked(sid)
            return
        if (self.awaiting or self.settled) and (sid in self.awaiting or sid in self.settled):
            if not self.answered(sid, data):
                return
        self.host.deliver_local(sid, data)

    # ------------------------------------------------------------------ administration (server.admin)

    async def live_nodes(self) -> list[str]:
        """Every live node of the cluster, this one first."""
        if not self.serving():
            raise self.unavailable()
        alive = await self._alive({_text(n) for n in await self.r.smembers(self.keys.nodes)} | {self.node_id})
        return [self.node_id, *sorted(alive - {self.node_id})]

    async def ask(self, node: str, action: str, args: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        """One administration action done by another node (over its inbox): its answer, or an error after timeout_s."""
        asked_id = secrets.token_hex(8)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._asked[asked_id] = answer
        envelope = msgpack.packb(["admin", asked_id, self.node_id, action, json.dumps(args)])
        self.bus.publish(self.keys.inbox(node), envelope)
        try:
            return await asyncio.wait_for(answer, timeout_s)
        except TimeoutError:
            return {"node": node, "status_code": 504, "error": f"node {node} did not answer in {timeout_s:g} s"}
        finally:
            self._asked.pop(asked_id, None)

    async def _admin_here(self, asked_id: str, sender: str, action: str, args: str) -> None:
        try:
            answer = await self.host.admin(action, json.loads(args))
        except Exception as e:
            log.exception("admin %s asked by %s failed", action, sender)
            answer = {"node": self.node_id, "status_code": 500, "error": f"node {self.node_id} failed: {e}"}
        self.bus.publish(self.keys.inbox(sender), msgpack.packb(["admin-answer", asked_id, json.dumps(answer)]))

    # ------------------------------------------------------------------ sessions

    async def connected(self, session: Session, resumed: bool) -> None:
        """A session is connected here: it hears its channel, and any older connection elsewhere is closed."""
        if resumed:  # (the node that had it closes its connection; this node has done so already)
            self.bus.publish(self.keys.to_session(session.id), CONTROL + b"kick:" + self.node_id.encode())
            await self.bus.drain()
        await self.bus.listen(session.id)
        await self.r.hset(self.keys.online, session.id, self.node_id)

    async def disconnected(self, session: Session, back: Callable[[], bool] = lambda: False) -> None:
        """A session's connection here is gone: it is offline and its channel unheard, unless it is ``back``.

        ``back()`` says whether the session has a connection here again: a session that resumes
        here while this runs keeps its ``online`` entry and its channel (each step checks, and
        each step's Redis command goes after the resumption's own, on the same connection).
        """
        if back():
            return
        self.awaiting.pop(session.id, None)  # (its answers would go nowhere)
        self.settled.pop(session.id, None)
        await self._offline(keys=[self.keys.online], args=[session.id, self.node_id])
        if back():
            await self.r.hset(self.keys.online, session.id, self.node_id)
            return
        await self.bus.forget(session.id)
        if back():
            await self.bus.listen(session.id)

    async def node_of(self, sid: str) -> str | None:
        """The live node a session is connected to, or None."""
        v = await self.r.hget(self.keys.online, sid)
        if v is None:
            return None
        node = _text(v)
        return node if await self._alive({node}) else None

    async def online_of(self, sessions: set[str]) -> set[str]:
        """The sessions connected to a live node (a dead node's sessions are not: they come back by resuming)."""
        if not sessions:
            return set()
        ordered = sorted(sessions)
        nodes = [None if n is None else _text(n) for n in await self.r.hmget(self.keys.online, ordered)]
        alive = await self._alive({n for n in nodes if n is not None})
        return {sid for sid, n in zip(ordered, nodes, strict=True) if n in alive}

    async def online(self) -> dict[str, str]:
        """Every session connected to a live node, with its node."""
        found = {_text(k): _text(v) for k, v in (await self.r.hgetall(self.keys.online)).items()}
        alive = await self._alive(set(found.values()))
        return {sid: n for sid, n in found.items() if n in alive}

    # ------------------------------------------------------------------ the room list

    async def list_rooms(self, summaries: dict[str, bytes]) -> None:
        """Replace this node's entries in the cluster's room list (kept a few leases unless refreshed)."""
        key = self.keys.listed(self.node_id)
        pipe = self.r.pipeline(transaction=True)
        pipe.delete(key)
        if summaries:
            pipe.hset(key, mapping=summaries)
            pipe.pexpire(key, 5 * self.lease_ms)
        await pipe.execute()

    async def list_room(self, rid: str, summary: bytes | None) -> None:
        key = self.keys.listed(self.node_id)
        await (self.r.hdel(key, rid) if summary is None else self.r.hset(key, rid, summary))

    async def listed_rooms(self) -> list[bytes]:
        """Every listed room of every live node."""
        nodes = await self._alive({_text(n) for n in await self.r.smembers(self.keys.nodes)})
        pipe = self.r.pipeline(transaction=False)
        for n in sorted(nodes):
            pipe.hvals(self.keys.listed(n))
        return [v for vals in await pipe.execute() for v in vals]

    async def _alive(self, nodes: set[str]) -> set[str]:
        """The nodes among ``nodes`` whose liveness key is there; settling after an outage, all of them
        (their keys lapsed during the outage, and they are given a lease to re-assert them)."""
        ordered = sorted(nodes)
        if not ordered:
            return set()
        if not self.serving():
            return set(ordered)
        pipe = self.r.pipeline(transaction=False)
        for n in ordered:
            pipe.exists(self.keys.node(n))
        return {n for n, e in zip(ordered, await pipe.execute(), strict=True) if e}

    async def roles(self, sid: str) -> dict[str, str]:
        """The rooms a session sits in, created or watches, anywhere in the cluster."""
        return {_text(k): _text(v) for k, v in (await self.r.hgetall(self.keys.rooms_of(sid))).items()}

    def note_role(self, sid: str, rid: str, role: str | None) -> None:
        key = self.keys.rooms_of(sid)
        if role is None:
            self.background(f"session {sid}: room {rid} gone", self.r.hdel(key, rid))
        else:
            self.background(f"session {sid}: {role} in {rid}", self.r.hset(key, rid, role))

    async def session_of(self, sid: str) -> tuple[str, str] | None:
        stored = await self.store.session_by_id(sid)
        return None if stored is None else (stored.name, stored.kind)
