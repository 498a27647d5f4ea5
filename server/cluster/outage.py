"""Outages: whether a cluster node acts on Redis now, and its background writes.

When Redis cannot be reached (killed, restarting, cut off), nothing a node does can be stored,
and every lease and liveness key may lapse meanwhile (they expire on Redis's clock, which
does not stop).  So a node that sees Redis fail is in an **outage** until Redis answers it
again and its subscriber hears its channels again: it answers requests that need Redis or
another node ``unavailable``, and retries its leases every OUTAGE_RETRY_S (``.leases``).  The renewal that
succeeds re-asserts its liveness key and every lease it held (at the same epoch: a lease
another node took meanwhile is lost, and the room dropped, as always).  Then for one lease
the node **settles**: it takes no room or tournament over, counts no node dead (the others
re-assert their keys meanwhile), sends nothing to other nodes and stores nothing (every
node's subscriber is back by then, so no broadcast is lost).  A paused owner is fenced as
before: it re-asserts nothing while paused, so its rooms are taken over a lease after the
others saw Redis back, and its late writes are refused.  With the bus on a Redis of its own
(``--redis-bus``), losing that one is an outage too, seen when the subscriber's link drops, and
handled the same way: nothing is stored while this node may not hear its channels, and it serves
again only once both answer (its leases were renewed meanwhile on the store's Redis).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from grundy.protocol import ErrorCode
from grundy.server.errors import Unavailable

log = logging.getLogger("grundy.cluster")

UNAVAILABLE_MESSAGE = "the cluster's store (Redis) is unreachable or coming back; nothing was done: send it again"


class Outage:
    """Whether Redis answers this node, and whether it has settled since it last did not."""

    def __init__(self, lease_ms: int, hold: Callable[[float], None]) -> None:
        """``hold(since)``: an outage began; moves cannot be stored from ``since`` on (the rooms' clocks stand)."""
        self.lease_ms = lease_ms
        self.hold = hold
        # Redis failed since ``down_since`` (None: it answers), and this node lets the others re-assert until
        # ``settled_at`` (it takes nothing over and counts nobody dead).  ``_serving``: serving() said True and
        # neither changed since (it stays True until one does: the monotonic clock only goes on).
        self._down_since: float | None = None
        self._settled_at = 0.0
        self._serving = False
        self.outages = 0  # outages this node saw end
        self.answered_at = time.time()  # when Redis last renewed this node's leases (an outage began after that)
        self.said_replicas = -1  # the outage in which too few replicas were logged
        self.closed = False  # (the node is stopping: no outage begins any more)

    @property
    def down_since(self) -> float | None:
        return self._down_since

    @down_since.setter
    def down_since(self, since: float | None) -> None:
        self._down_since = since
        self._serving = False  # (serving() asks afresh)

    @property
    def settled_at(self) -> float:
        return self._settled_at

    @settled_at.setter
    def settled_at(self, at: float) -> None:
        self._settled_at = at
        self._serving = False  # (serving() asks afresh)

    def serving(self) -> bool:
        """Whether this node acts on Redis now: no outage, and settled since the last one (asked about once a move:
        once it is, a flag says so until an outage begins or ends)."""
        if self._serving:
            return True
        if self._down_since is None and time.monotonic() >= self._settled_at:
            self._serving = True
            return True
        return False

    def outage(self, why: BaseException | str) -> None:
        """Redis failed: an outage starts (unless one is on already)."""
        if self.down_since is not None or self.closed:
            return
        self.down_since = time.monotonic()
        log.warning("cluster: Redis unreachable (%s); requests are answered 'unavailable' until it is back", why)
        # No move can be stored from now until this node serves again: the rooms' clocks stand still from the
        # last moment Redis was known to answer (a moment before it went away), and run on once it serves.
        self.hold(self.answered_at)

    def link(self, up: bool) -> None:
        """(from the bus) The subscriber's link dropped (an outage) or is back (the leases' loop ends the outage)."""
        if not up:
            self.outage("the subscriber's link dropped")

    def unavailable(self, ref: Any = None) -> Unavailable:
        return Unavailable(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE, ref)

    def back(self) -> float:
        """Redis answers again and this node hears its channels: it settles for one lease.  How long it was down."""
        now = time.monotonic()
        down_s = now - (self.down_since or now)
        self.down_since = None
        self.settled_at = now + self.lease_ms / 1000
        self.outages += 1
        return down_s

    async def settled(self, outage: int) -> bool:
        """Wait until settled after ``outage``: True, unless another outage began meanwhile."""
        # (a timer may fire a little early: wait until settled indeed, unless another outage began meanwhile)
        while outage == self.outages and self.down_since is None and not self.serving():
            await asyncio.sleep(max(0.001, self.settled_at - time.monotonic()))
        return self.serving() and outage == self.outages


class Background:
    """The cluster's writes and reads that nobody awaits: a failure is logged, and Redis unreachable is an outage."""

    def __init__(self, outage: Outage, unreachable: tuple[type[BaseException], ...]) -> None:
        self.outage = outage
        self.unreachable = unreachable
        self.tasks: set[asyncio.Task[Any]] = set()

    def __call__(self, what: str, coro: Any) -> None:
        unreachable = self.unreachable

        async def run() -> None:
            try:
                await coro
            except unreachable as e:
                self.outage.outage(e)
                log.warning("cluster: %s failed: Redis unreachable (%s)", what, e)
            except Exception:
                log.exception("cluster: %s failed", what)

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
