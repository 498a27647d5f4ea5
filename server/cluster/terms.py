"""The cluster runtime's shared terms: its bounds and timings, the room roles it keeps per session, the
failures that mean Redis is unreachable, and how a step of a stopping node is bounded.

Every part of the runtime (``.leases``, ``.forwarding``, ``.inbox``, ``.registry``, ``.listings``,
``.outage``, composed by ``.shell.Cluster``) reads its numbers from here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import redis.exceptions

log = logging.getLogger("grundy.cluster")

SEATED, WATCHING, CREATED = "seat", "watch", "created"

OWNER_KEPT_S = 60.0  # how long a node remembers which other node runs a room (see Leases.known_owner)
OWNER_MEMORY = 100_000  # rooms remembered at most (then forgotten all at once, and looked up again)
MAX_HOPS = 2  # a request for a room is passed on at most this often (owners remembered out of date)
# A request passed to another node and not answered this long is answered here with an error (a
# safety net: the longest request, a post-game review, takes its 20 s budget and a 10 s margin).
FORWARD_ANSWER_S = 45.0
# A request answered after it was sent more than once: later answers to it (from a copy handled
# late) are dropped this long after the first.
SETTLED_KEPT_S = 2 * FORWARD_ANSWER_S
# Failures that mean Redis cannot be reached (refused, dropped, timed out, still loading its file):
# the node is in an outage (see Outage) and the request is answered ``unavailable``.
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


async def ended(what: str, tasks: list[asyncio.Task[Any]], timeout_s: float) -> None:
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
