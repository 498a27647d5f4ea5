"""Leases and take-over: the rooms and tournaments this node runs, and which node runs the others.

A node runs the rooms it holds the lease of (:class:`.store.RedisStore`): the rooms it created, and
rooms whose owner died, taken over from their durable log once the lease lapsed (a sweep every half
lease; clocks resume without charging the downtime, as after a restart), or at once when their owner
stopped and released them (it names them on the ``owners`` channel: :meth:`Leases.hand_over`).  Leases
are renewed every quarter lease (every OUTAGE_RETRY_S in an outage, ``.outage``); a room whose lease
another node took (this node was paused or cut off) is dropped at once.

Which other node runs a room is remembered (a forwarded move costs no lookup) and kept right three
ways: a node that takes a room over says so on the ``owners`` channel; the rooms of nodes that are no
longer alive are forgotten (checked every tenth of a lease: the next request for such a room finds it
without an owner and takes it over at once); and a node that is sent a request for a room it does not
run looks the owner up afresh and passes the request on (:meth:`Leases.locate` with ``fresh``).  What
is remembered lapses after OWNER_KEPT_S in any case.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from grundy.protocol import ErrorCode
from grundy.server.cluster.bus import Bus
from grundy.server.cluster.inbox import OwnerIs, OwnersMessage, Released, ReleasedTournaments, packed, read_owners
from grundy.server.cluster.keys import Keys
from grundy.server.cluster.members import Members
from grundy.server.cluster.outage import Outage
from grundy.server.cluster.registry import SessionRegistry
from grundy.server.cluster.store import RedisStore, UnknownFormat, seated_sessions
from grundy.server.cluster.terms import (
    CLAIM_AT_ONCE,
    HAND_OVER_WAIT_S,
    OUTAGE_RETRY_S,
    OWNER_KEPT_S,
    OWNER_MEMORY,
    RELEASED_PER_NOTICE,
    TAKE_AT_ONCE,
    UNREACHABLE,
)
from grundy.server.errors import Unavailable

if TYPE_CHECKING:
    from grundy.server.ports import StoredRoom

log = logging.getLogger("grundy.cluster")

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


class Runner(Protocol):
    """What leases ask of the node's placement and presence (``.adapters``): run, drop and wake rooms."""

    async def restore_room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool: ...
    def drop_room(self, room_id: str) -> None: ...
    def wake_room(self, room_id: str, online: set[str]) -> None: ...
    def release_rooms(self) -> None: ...
    async def resync(self) -> None: ...
    async def restore_tournament(self, data: dict[str, Any]) -> bool: ...
    def drop_tournament(self, tid: str) -> None: ...


class Lost:
    """A lease another node took (this node was paused or cut off): the room or tournament is dropped here
    (heard from the store's fenced writes and from the renewals)."""

    def __init__(self) -> None:
        self.runner: Runner | None = None  # (given when the cluster starts)

    def start(self, runner: Runner) -> None:
        self.runner = runner

    def room(self, rid: str) -> None:
        log.warning("room %s: another node holds it now; this node lets it go", rid)
        if self.runner is not None:
            self.runner.drop_room(rid)

    def tournament(self, tid: str) -> None:
        log.warning("tournament %s: another node runs it now; this node lets it go", tid)
        if self.runner is not None:
            self.runner.drop_tournament(tid)


class Leases:
    """The rooms and tournaments this node holds, taken over and handed over (see the module docstring)."""

    def __init__(
        self,
        r: Any,
        keys: Keys,
        node_id: str,
        lease_ms: int,
        store: RedisStore,
        bus: Bus,
        outage: Outage,
        members: Members,
        registry: SessionRegistry,
        background: Callable[[str, Any], None],
        lost: Lost,
        sentinel: bool = False,
    ) -> None:
        self.r = r
        self.keys = keys
        self.node_id = node_id
        self.lease_ms = lease_ms
        self.store = store
        self.table = store.leases  # (the leases held: claimed, renewed, released)
        self.bus = bus
        self.outage = outage
        self.members = members
        self.registry = registry
        self.background = background
        self.lost = lost
        self.sentinel = sentinel  # (Redis is reached through Sentinel: its replicas are said at start)
        self.runner: Runner | None = None  # (given when the cluster starts)
        self.foreign: dict[str, int | None] = {}  # rooms left alone: stored in a format this node does not read
        self._claiming: dict[str, asyncio.Future[bool]] = {}
        # room -> (another node that runs it, until when: time.monotonic): what :meth:`known_owner` reads (a move
        # passed on reads an entry still fresh itself); only cleared, never replaced, so a reference to it holds.
        self.owners: dict[str, tuple[str, float]] = {}
        self.owner_lookups = 0  # owners read from Redis (the rest came from what this node remembers)
        self.leaving = False  # stopping: its rooms were handed over, and it takes none (back)
        self._no_taker = False  # stopping: a wave of its rooms found no other node to take it
        self.taken_over = 0  # rooms taken over from their log by this node
        self.tournaments_taken_over = 0

    def start(self, runner: Runner) -> None:
        self.runner = runner
        self.lost.start(runner)

    @property
    def _run(self) -> Runner:
        assert self.runner is not None, "the cluster has not started"
        return self.runner

    async def check_replicas(self) -> None:
        """Say at start whether the primary has the replicas a move waits for (without them, moves are refused)."""
        wanted = self.store.replicas
        if not wanted and not self.sentinel:  # (one Redis, no replicas: nothing to say)
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

    # ------------------------------------------------------------------ renewing, and outages ending

    async def keep(self) -> None:
        """Renew every quarter lease; in an outage, try every OUTAGE_RETRY_S until Redis answers again."""
        period = self.lease_ms / 4000
        outage = self.outage
        while not outage.closed:
            await asyncio.sleep(period if outage.down_since is None else min(period, OUTAGE_RETRY_S))
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except UNREACHABLE as e:
                outage.outage(e)
                continue
            except Exception:
                log.exception("cluster: renewing the leases failed")
                continue
            if outage.down_since is not None and self.bus.linked and await self._replicas_hold():
                self._back()
            if time.monotonic() >= self.members.addresses_at:
                try:
                    await self.members.refresh_addresses()
                except UNREACHABLE as e:
                    outage.outage(e)

    async def renew(self) -> None:
        asked = time.time()
        await self.members.alive_now()
        self.outage.answered_at = asked
        for rid in await self.table.renew():
            self.lost.room(rid)
        for tid in await self.table.renew_tournaments():
            self.lost.tournament(tid)

    async def _replicas_hold(self) -> bool:
        """Whether the replicas a move needs (``--redis-replicas``) hold what the primary has: an outage ends only
        then (a primary without them acknowledges nothing; said once per outage)."""
        try:
            await self.store.replicated()
        except Unavailable as e:
            if self.outage.said_replicas != self.outage.outages:
                self.outage.said_replicas = self.outage.outages
                log.warning("cluster: Redis answers, but its replicas lack its writes (%s): still unavailable", e)
            return False
        return True

    def _back(self) -> None:
        """Redis answers again and this node hears its channels: it settles for one lease."""
        down_s = self.outage.back()
        log.info(
            "cluster: Redis is back after %.1f s; leases re-asserted (%d rooms); no take-over for %d ms",
            down_s,
            len(self.store.held),
            self.lease_ms,
        )
        doubt, self.store.in_doubt = self.store.in_doubt, set()
        for rid in sorted(doubt):
            self.background(f"room {rid}: run again from its log", self._reload(rid))
        self.background("the rooms after an outage", self._settle_after(self.outage.outages))

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
        self._run.drop_room(rid)
        if stored is None or stored.status not in ("waiting", "playing"):
            await self.table.release(rid)
            return
        if not await self._run.restore_room(stored):
            return
        members = set(seated_sessions(stored.meta)) | set(await self.store.watchers(rid))
        log.info("room %s: run again from its log after an outage (ply %d)", rid, len(stored.moves))
        self._run.wake_room(rid, await self.registry.online_of(members))

    async def _settle_after(self, outage: int) -> None:
        """Once settled after an outage (unless another began): the rooms' clocks run on, and this node's
        sessions get the state of their rooms on other nodes (frames for them published while this node's
        subscriber was down are lost)."""
        if await self.outage.settled(outage):
            self._run.release_rooms()
            await self._run.resync()

    # ------------------------------------------------------------------ taking over

    def _may_take(self) -> bool:
        return not self.outage.closed and not self.leaving and self.outage.serving()

    async def sweep(self) -> None:
        if not self.outage.serving():
            return
        try:
            rooms = await self.table.orphans()
            tournaments = await self.table.orphans(kind="tournament")
        except UNREACHABLE as e:
            self.outage.outage(e)
            return
        await self.take_many(rooms)
        for tid in tournaments:
            await self.take_tournament(tid)

    async def take_tournament(self, tid: str) -> bool:
        """Claim a tournament nobody runs and bring it back here from its stored state."""
        if not self._may_take() or not await self.table.claim(tid, kind="tournament"):
            return False
        data = await self.store.load_tournament(tid)
        if data is None or not await self._run.restore_tournament(data):
            await self.table.release(tid, kind="tournament")
            return False
        self.tournaments_taken_over += 1
        log.info("tournament %s taken over", tid)
        return True

    async def locate_tournament(self, tid: str) -> str | None:
        """The node that runs a tournament (this one if it took it over just now); None: no such unfinished one."""
        owner = await self.table.owner(tid, kind="tournament")
        if owner is not None:
            return owner
        if await self.r.zscore(self.keys.tournaments_live, tid) is None:
            return None
        if not self.outage.serving():  # (its node may not have re-asserted its lease yet)
            raise self.outage.unavailable()
        if await self.take_tournament(tid):
            return self.node_id
        return await self.table.owner(tid, kind="tournament")

    async def take_many(self, rids: list[str]) -> int:
        """Take over rooms nobody holds (a sweep, or the rooms a leaving node released): every one claimed at
        once (a script call per CLAIM_AT_ONCE), then run here TAKE_AT_ONCE at a time, each batch read in two
        round trips and told to its members online in two more: how many this node runs now."""
        todo = [
            rid
            for rid in dict.fromkeys(rids)
            if rid not in self._claiming and rid not in self.store.held and rid not in self.foreign
        ]  # (a room stored in a format this node does not read is left to a node that reads it)
        if not todo or not self._may_take():
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
                self.outage.outage(e)
                return 0
            todo = [rid for rid in todo if self._readable(rid, forms.get(rid))]
            claimed: list[str] = []
            for i in range(0, len(todo), CLAIM_AT_ONCE):
                claimed += await self.table.claim_many(todo[i : i + CLAIM_AT_ONCE])
            for i in range(0, len(claimed), TAKE_AT_ONCE):
                done |= await self._run_taken(claimed[i : i + TAKE_AT_ONCE])
        finally:
            for rid, fut in futures.items():
                self._claiming.pop(rid, None)
                fut.set_result(rid in done)
                if rid not in done and rid in self.store.held:  # (ended, gone, or not read: not run here)
                    self.background(f"room {rid}: release", self.table.release(rid))
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
                self.outage.outage(e)
            return set()
        for rid, why in unreadable.items():
            self._readable(rid, None, why)
        running: list[StoredRoom] = []
        for rid in rids:
            room = stored.get(rid)
            if room is None or room.status not in ("waiting", "playing"):
                continue
            try:
                if await self._run.restore_room(room, watchers[rid]):
                    running.append(room)
            except Exception:
                log.exception("room %s: take-over failed", rid)
        for room in running:
            self.owners.pop(room.id, None)
            self.taken_over += 1
            self.bus.publish(self.keys.owners, packed(OwnerIs(room.id, self.node_id)))  # (the others forward here now)
        members = {room.id: set(seated_sessions(room.meta)) | set(watchers[room.id]) for room in running}
        try:
            online = await self.registry.online_of(set().union(*members.values()))
        except UNREACHABLE as e:
            self.outage.outage(e)
            online = set()
        for room in running:
            here = members[room.id] & online
            log.info("room %s taken over from its log (ply %d; %d members online)", room.id, len(room.moves), len(here))
            try:
                self._run.wake_room(room.id, here)
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
                self.outage.outage(e)
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
        if not self._may_take():
            return False
        if not self._readable(rid, await self.store.room_format(rid)):
            return False
        if not await self.table.claim(rid):
            return False
        try:
            stored = await self.store.load_room(rid)
            await self.store.replicated([rid])  # (nobody hears of a move in the log before the replicas hold it)
        except UnknownFormat as e:  # (rewritten by a newer node since it was checked above)
            await self.table.release(rid)
            self._readable(rid, None, e)
            return False
        except BaseException:
            await self.table.release(rid)
            raise
        if stored is None or stored.status not in ("waiting", "playing"):
            await self.table.release(rid)
            return False
        if not await self._run.restore_room(stored):
            return False
        self.owners.pop(rid, None)
        self.taken_over += 1
        self.bus.publish(self.keys.owners, packed(OwnerIs(rid, self.node_id)))  # (the others forward here now)
        members = set(seated_sessions(stored.meta)) | set(await self.store.watchers(rid))
        online = await self.registry.online_of(members)
        log.info("room %s taken over from its log (ply %d; %d members online)", rid, len(stored.moves), len(online))
        self._run.wake_room(rid, online)
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

    # ------------------------------------------------------------------ which node runs a room

    def known_owner(self, rid: str) -> str | None:
        """Another node this node remembers running ``rid`` (no lookup), or None."""
        known = self.owners.get(rid)
        if known is None:
            return None
        if known[1] <= time.monotonic():
            del self.owners[rid]
            return None
        return known[0]

    def remember(self, rid: str, owner: str) -> None:
        if len(self.owners) >= OWNER_MEMORY:
            self.owners.clear()
        self.owners[rid] = (owner, time.monotonic() + OWNER_KEPT_S)

    def owners_heard(self) -> set[str]:
        return {node for node, _ in self.owners.values()}

    def forget_dead(self, alive: set[str]) -> None:
        """Forget the rooms of nodes that are not alive (the next request for one takes it over)."""
        for rid, (node, _) in list(self.owners.items()):
            if node not in alive:
                self.owners.pop(rid, None)

    def owner_news(self, data: bytes) -> None:
        """(the ``owners`` channel) A node runs a room now, or a leaving node gave rooms or tournaments up."""
        try:
            news: OwnersMessage = read_owners(data)
        except Exception:
            log.error("cluster: an owner notice does not decode")
            return
        if isinstance(news, Released):  # a node leaving gave these rooms up: take them now
            if news.node != self.node_id:
                for rid in news.rooms:
                    self.owners.pop(rid, None)
                if self._may_take():
                    self.background(f"{len(news.rooms)} rooms released by {news.node}", self.take_many(news.rooms))
        elif isinstance(news, ReleasedTournaments):  # and these tournaments
            if news.node != self.node_id and self._may_take():
                for tid in news.tournaments:
                    self.background(f"tournament {tid} released by {news.node}", self.take_tournament(tid))
        elif news.node == self.node_id:
            self.owners.pop(news.room, None)
        else:
            self.remember(news.room, news.node)

    async def locate(self, rid: str, fresh: bool = False) -> str | None:
        """The node that runs a room (this one if it took it over just now); None: no unfinished room has this id.

        ``fresh``: look it up in Redis even if this node remembers an owner (a request came here
        for a room this node does not run: what the sender remembered was out of date).
        """
        if fresh:
            self.owners.pop(rid, None)
        else:
            known = self.known_owner(rid)
            if known is not None:
                return known
        self.owner_lookups += 1
        owner = await self.table.owner(rid)
        if owner is not None:
            if owner != self.node_id:
                self.remember(rid, owner)
            elif self.leaving:  # (handed over in a wave, not released yet: the node taking it says so)
                return await self._next_owner(rid)
            else:
                pending = self._claiming.get(rid)
                if pending is not None:  # being taken over here: the room runs once its log is read
                    await pending
            return owner
        if await self.r.zscore(self.keys.live, rid) is None:
            return None
        if not self.outage.serving():  # (its node may not have re-asserted its lease yet)
            raise self.outage.unavailable()
        if await self.take(rid):
            return self.node_id
        if self.leaving:  # (this node gave the room up just now: the node taking it says so on ``owners``)
            return await self._next_owner(rid)
        if rid in self.foreign:
            raise Unavailable(
                ErrorCode.UNAVAILABLE,
                f"room {rid} is stored in a format of a newer version of the"
                " server; a node of that version runs it once one is up: send it again later",
            )
        return await self.table.owner(rid)

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
                owner = await self.table.owner(rid)
                if owner is not None and owner != self.node_id:
                    self.remember(rid, owner)
                    return owner
            await asyncio.sleep(0.01)
        raise Unavailable(
            ErrorCode.UNAVAILABLE, f"room {rid} is being handed to another node, and none has it yet: send it again"
        )

    async def room_by_code(self, code: str) -> str | None:
        return await self.store.room_by_code(code)

    # ------------------------------------------------------------------ handing over (a node that stops)

    async def hand_over(self, rooms: list[str] | None = None, wait: bool = False) -> None:
        """Release these rooms (None: every one held; a few script calls) and tell the other nodes, which take
        them over at once (:meth:`owner_news`) in the order named, instead of at their next sweep: a node
        that stops pauses its rooms for about one take-over, not a lease.  With ``wait``, return once every
        one runs on another node (or after a lease; and not at all once a wave found no taker).  From now on
        this node takes nothing over (it is leaving)."""
        self.leaving = True
        released = await self.table.release_all(rooms)
        for i in range(0, len(released), RELEASED_PER_NOTICE):
            self.bus.publish(self.keys.owners, packed(Released(self.node_id, released[i : i + RELEASED_PER_NOTICE])))
        log.info("cluster: %d rooms released for the other nodes to take over", len(released))
        if wait and released and not self._no_taker and not await self.members.others_alive():
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
            await self.members.refresh_addresses()  # (where its clients go next: a node started a moment ago included)

    async def _hand_tournaments_over(self) -> None:
        """(stopping, its rooms handed over) Its tournaments too: no longer run here, released, and named on
        ``owners`` so another node restores each at once (it links the games in play to their rooms, and reads
        the results of those that ended meanwhile), instead of after a lease.  A tournament must not wait for
        this node's clients to move: it would start its next games on a node that is leaving."""
        tids = list(self.store.held_tournaments)
        if not tids:
            return
        for tid in tids:
            self._run.drop_tournament(tid)
        for tid in tids:
            await self.table.release(tid, kind="tournament")
        self.bus.publish(self.keys.owners, packed(ReleasedTournaments(self.node_id, tids)))
        log.info("cluster: %d tournaments released for the other nodes to take over", len(tids))
