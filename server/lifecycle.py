"""A node's life after start-up: its collector tuned, and its staged shutdown (drain, hand-over in waves,
client migration).

:class:`Shutdown` runs once (``Node.shutdown``), given the node's parts it stops.  Every stage logs
what it did (``shutdown 3/8: ...``, :class:`ShutdownSteps`) and what it had to cancel:

* one node alone: no new connections; every connection closed with 1001 (going away) after its queued
  frames; every room finishes the events it has and its writes are stored (the drain); the bot workers
  stopped; the store closed;
* a cluster's node (its placement says rooms run elsewhere): after no new connections, the rooms being
  played are handed over in waves of HAND_OVER_WAVE, each wave taken off this node, drained and taken
  over by another node before the next (:meth:`Shutdown.hand_rooms_over`); the clients are told where
  the other nodes are and move there (:meth:`Shutdown.let_clients_move`) before their connections
  close; the node leaves the cluster last.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from grundy import protocol as p
from grundy.server.gateway import CLOSE_GOING_AWAY, close_words

if TYPE_CHECKING:
    from websockets.asyncio.server import Server

    from grundy.server.actor import RoomActor
    from grundy.server.config import NodeConfig
    from grundy.server.gateway import Connection
    from grundy.server.ports import Placement, Presence
    from grundy.server.room_table import RoomTable

log = logging.getLogger("grundy.node")

# A stopping cluster node hands the rooms being played over this many at a time, each wave taken over
# before the next: a room waits for one wave's take-over (a tenth of a second or so), not for all of them.
HAND_OVER_WAVE = 50


class ShutdownSteps:
    """The shutdown's log lines, numbered in the order they are written (``shutdown 3/8: ...``).

    One node alone: no new connections, closing the connections, the rooms finish their events, the bot
    workers, the store.  A cluster node hands its rooms over first and lets its clients move before it closes
    their connections, and leaves the cluster last (its leases and keys).
    """

    def __init__(self, hands_over: bool) -> None:
        self.total = 8 if hands_over else 5  # (rooms run elsewhere once this node stops: a cluster's node)
        self.at = 0

    def step(self, what: str, *args: Any) -> None:
        """The next step begins."""
        self.at += 1
        self.more(what, *args)

    def more(self, what: str, *args: Any) -> None:
        """More about the step under way."""
        log.info("shutdown %d/%d: " + what, self.at, self.total, *args)


class Shutdown:
    """A node's staged shutdown (see the module docstring), given the parts it stops.

    ``drains``: what must be stored before the store closes (the rooms' group commit, the background
    writes), each awaited within the timeout; ``closers``: what stops after the rooms, in order (the
    analyst, the bot workers, the store), each with the step it is logged as (None: not a step of its own).
    """

    def __init__(
        self,
        config: NodeConfig,
        server: Server | None,
        connections: set[Connection],
        rooms: RoomTable,
        placement: Placement,
        presence: Presence,
        drains: list[tuple[str, Callable[[], Awaitable[None]]]],
        closers: list[tuple[str | None, Callable[[], Awaitable[None]]]],
    ) -> None:
        self.config = config
        self.server = server
        self.connections = connections
        self.rooms = rooms
        self.placement = placement
        self.presence = presence
        self.drains = drains
        self.closers = closers
        self.steps = ShutdownSteps(hands_over=placement.rooms_elsewhere)

    async def run(self) -> None:
        """Every stage, each bounded by the node's shutdown timeout; then the placement closes."""
        steps = self.steps
        timeout = self.config.shutdown_timeout_s
        cancelled: list[str] = []
        handing_over = self.placement.rooms_elsewhere  # (a cluster: other nodes run the rooms on, so they go first)
        server = self.server
        if server is not None:
            steps.step("no new connections")
            server.server.close()
            if handing_over:
                cancelled += await self.hand_rooms_over(timeout)
                cancelled += await self.finish_rooms(timeout)
                await self.let_clients_move()
            conns = list(self.connections)
            steps.step("closing %d connections (1001 going away)", len(conns))
            if conns:
                said = [close_words(c.lang, "wire-close-shutdown") for c in conns]  # (each in its session's language)
                shut = (c.shut(CLOSE_GOING_AWAY, why, timeout) for c, why in zip(conns, said, strict=True))
                await asyncio.gather(*shut)
            server.close()
            try:
                await asyncio.wait_for(server.wait_closed(), timeout)
            except TimeoutError:
                log.warning("shutdown: connection handlers still running after %.1f s", timeout)
        if not handing_over or server is None:
            cancelled += await self.finish_rooms(timeout)
        if cancelled:
            steps.more("cancelled %d: %s", len(cancelled), "; ".join(cancelled))
        for what, close in self.closers:
            if what is not None:
                steps.step(what)
            await close()

    def leave(self) -> None:
        """(a cluster node, last) Its leases released, its keys removed, its links closed."""
        if self.steps.total > self.steps.at:
            self.steps.step("leaving the cluster")

    async def let_clients_move(self) -> None:
        """(a cluster, its rooms handed over): tell every client where the other nodes are
        (``node_leaving``) and carry their requests, forwarded to the rooms' new nodes, while they resume
        there; each connection here closes as its session resumes elsewhere.  So no room waits for its
        players to reconnect: it waited for one take-over.  Those still here after ``leave_grace_s`` are
        closed with the rest."""
        steps = self.steps
        grace = self.config.leave_grace_s
        others = [a for a in self.presence.addresses()[1:] if a]
        conns = [c for c in self.connections if c.session is not None]
        if grace <= 0 or not others or not conns:
            why = "--leave-grace 0" if grace <= 0 else "no other node's address known" if conns else "no client here"
            steps.step("no client told to move (%s)", why)
            return
        frame = p.encode(p.NodeLeaving(nodes=others, within_s=grace))
        for c in conns:
            c.send(frame)
        loop = asyncio.get_running_loop()
        start = loop.time()
        deadline = start + grace
        steps.step("%d clients told to move to %s (at most %.1f s)", len(conns), ", ".join(others), grace)
        while loop.time() < deadline and any(c.session is not None for c in self.connections):
            await asyncio.sleep(0.05)
        left = sum(1 for c in self.connections if c.session is not None)
        steps.more("clients moved in %.2f s, %d still here", loop.time() - start, left)

    async def hand_rooms_over(self, timeout: float) -> list[str]:
        """(a cluster): the rooms being played go to the other nodes in waves of HAND_OVER_WAVE,
        each wave taken off this node (its requests go to the node that takes it over from now), finished,
        stored, released and taken over before the next: a room waits for its own wave's take-over only,
        not for all of this node's, while the rooms of later waves play on here.  Rooms nobody is
        connected to go last, all at once.  What had to be cancelled."""
        cancelled: list[str] = []

        def order(actor: RoomActor) -> tuple[bool, int]:  # (played first, shorter logs before longer)
            return (not any(seat.connected for seat in actor.room.seats), len(actor.room.moves))

        live = sorted((a for a in self.rooms.values() if a.room.status in ("waiting", "playing")), key=order)
        played = [a for a in live if not order(a)[0]]
        waves = [played[i : i + HAND_OVER_WAVE] for i in range(0, len(played), HAND_OVER_WAVE)]
        played_waves = len(waves)  # (each waited for; the idle rooms' wave is not)
        if len(live) > len(played):
            waves.append(live[len(played) :])
        started = time.perf_counter()
        # (nothing released yet, but from now on the node is leaving: a request for a room taken off it waits
        # for the node that takes the room over, even before its wave is released)
        await self.placement.hand_over([])
        self.steps.step("%d rooms handed over in %d waves (%d played)", len(live), len(waves), len(played))
        for i, wave in enumerate(waves):
            for actor in wave:
                self.rooms.remove(actor.id)
                cancelled += actor.cancel_pending()
                actor.stop()
            waiting = {a.done: a for a in wave}
            _done, pending = await asyncio.wait(waiting, timeout=timeout)
            for f in pending:
                cancelled.append(f"room {waiting[f].id} ({waiting[f].queued()} events left unprocessed)")
            cancelled += await self.drain(timeout)
            await self.placement.hand_over([a.id for a in wave], wait=i < played_waves)
        self.steps.more("rooms handed over in %.2f s", time.perf_counter() - started)
        return cancelled

    async def finish_rooms(self, timeout: float) -> list[str]:
        """The rooms finish their queued events and their writes are stored; then the placement
        hands them over (a cluster node: to the other nodes, at once).  What had to be cancelled."""
        cancelled: list[str] = []
        for actor in self.rooms.values():
            cancelled += actor.cancel_pending()
            actor.stop()
        waiting = {a.done: a for a in self.rooms.values()}
        self.steps.step("%d rooms finish their queued events", len(waiting))
        if waiting:
            _done, pending = await asyncio.wait(waiting, timeout=timeout)
            for f in pending:
                cancelled.append(f"room {waiting[f].id} ({waiting[f].queued()} events left unprocessed)")
        cancelled += await self.drain(timeout)
        await self.placement.hand_over()
        return cancelled

    async def drain(self, timeout: float) -> list[str]:
        """The rooms' writes and the background writes stored, each within ``timeout`` (a store that does not
        answer holds no shutdown: what it did not take is named)."""
        cancelled: list[str] = []
        for what, drain in self.drains:
            try:
                await asyncio.wait_for(drain(), timeout)
            except TimeoutError:
                cancelled.append(f"{what} (not stored in {timeout:.1f} s)")
        return cancelled


class Collector:
    """The garbage collector tuned for a node once it has started, and put back as it was when it stops."""

    def __init__(self) -> None:
        self.before: tuple[int, int, int] | None = None

    def tune(self, young: int) -> None:
        """Freeze what start-up built (modules, rules tables, restored rooms) and collect less often.

        A full collection walks every live object; at thousands of connections that is a pause
        of a second.  Frozen objects are never walked, and with a large young generation the
        move path's short-lived objects die by reference counting long before a collection.
        """
        if young <= 0:
            return
        tuned = (young, 20, 100)
        before = gc.get_threshold()
        gc.collect()
        gc.freeze()
        if before != tuned:  # (another node in this process may have tuned it already: it restores it)
            self.before = before
            gc.set_threshold(*tuned)

    async def restore(self) -> None:
        """(the node stopped) The collector as it was before :meth:`tune`."""
        if self.before is not None:
            gc.unfreeze()
            gc.set_threshold(*self.before)
