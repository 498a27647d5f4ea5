"""The node's metrics: ``GET /metrics`` on its websocket port, in Prometheus' text format.

Each node has a registry of its own (``prometheus_client.CollectorRegistry``, never the
library's global one), so several nodes in one process keep their figures apart.  What they
count (docs/OPERATIONS.md lists every metric and what it is for):

* read when Prometheus asks, from the node's own state, at no cost in between: connections,
  sessions, rooms by state, bot jobs waiting, and in cluster mode leases held, take-overs and
  forwarded requests (``server.cluster.metrics``);
* counted as they happen, each at one place: moves accepted and store write latency (the store
  port, wrapped by :class:`MeteredStore`), bot job latency (the bot queue port, wrapped by
  :class:`MeteredBots`), errors by code (where an ``error`` leaves for a client or a room
  refuses a request: :meth:`Metrics.error`) and request latency by message type
  (:class:`RequestTimes`, in ``Node.dispatch``).

Cost on the move path: a move adds one timing of its request (two clock reads and a bucket
count in plain lists: :class:`RequestTimes` takes no lock, the node's event loop being its
only writer and the scrape running on the same loop) and, per group commit rather than per
move, a count of the moves it stored and one timing of the write.  Labelled children are bound
once, when the node is made: nothing looks a label up per request.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import countOf, itemgetter
from time import perf_counter
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric

from grundy.protocol import ErrorCode
from grundy.server.stored import StoredMove

if TYPE_CHECKING:
    from grundy.server.ports import BotAnswer, BotQueue, Store, Write

__all__ = [
    "CONTENT_TYPE",
    "REQUEST_BUCKETS",
    "Metrics",
    "MeteredBots",
    "MeteredStore",
    "RequestTimes",
]

disable_created_metrics()  # (no *_created series: a counter's start is in process_start_time_seconds)

# Prometheus' text format (every name here is a classic one, so ``generate_latest`` writes it as such).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
PREFIX = "grundy_"

# Seconds.  A request the node answers at once takes tens of microseconds; one that waits for the
# store (hello, a record) or a Redis round trip a few milliseconds; a review seconds.
REQUEST_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
STORE_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 15.0, 30.0)
ROOM_STATES = ("waiting", "playing", "finished", "aborted")

Collect = Callable[[], Iterable[Metric]]


class _Timing:
    """One label's histogram: a count per bucket (not cumulative: the last is above every bound) and the sum."""

    __slots__ = ("counts", "total")

    def __init__(self, buckets: int) -> None:
        self.counts = [0] * (buckets + 1)
        self.total = 0.0


class RequestTimes:
    """Request latency by message type: a histogram kept in plain lists, exported as Prometheus' histogram.

    :meth:`observe` is on every request's path: no lock (the event loop is the only writer and
    the scrape reads on the same loop), the type's timing found by the message's class (bound
    once for every type the node routes), the bucket by bisection.
    """

    name = PREFIX + "request_seconds"

    def __init__(self, types: Iterable[tuple[type, str]], bounds: Sequence[float] = REQUEST_BUCKETS) -> None:
        self.bounds = tuple(bounds)
        self.by_class: dict[type, _Timing] = {}
        self.by_name: dict[str, _Timing] = {}
        for cls, name in types:
            timing = self.by_name.get(name) or _Timing(len(self.bounds))
            self.by_class[cls] = self.by_name[name] = timing

    def observe(self, msg: Any, started: float) -> None:
        """``msg`` was answered (or handed on) now; it came in at ``started`` (``time.perf_counter``)."""
        seconds = perf_counter() - started
        timing = self.by_class.get(type(msg))
        if timing is None:  # (every message the node routes is bound: this is a type it does not know)
            timing = self.by_name.setdefault(getattr(msg, "type", type(msg).__name__), _Timing(len(self.bounds)))
            self.by_class[type(msg)] = timing
        timing.counts[bisect_left(self.bounds, seconds)] += 1
        timing.total += seconds

    def observe_as(self, cls: type, started: float, n: int = 1) -> None:
        """:meth:`observe` for ``n`` requests of type ``cls`` handled together without their models (server/native.py:
        a read's plain moves), each taking the time since ``started``."""
        seconds = perf_counter() - started
        timing = self.by_class[cls]
        timing.counts[bisect_left(self.bounds, seconds)] += n
        timing.total += seconds * n

    def collect(self) -> Iterator[Metric]:
        family = HistogramMetricFamily(
            self.name,
            "Time the node took to answer a request or hand it on, by message type"
            " (a room request: until its room handled it; its writes are grundy_store_write_seconds)",
            labels=["type"],
        )
        for name in sorted(self.by_name):  # (the types asked for at least once: a node sees a handful)
            timing = self.by_name[name]
            if timing.total == 0.0 and not any(timing.counts):
                continue
            family.add_metric([name], _buckets(self.bounds, timing), timing.total)
        yield family

    def describe(self) -> Iterator[Metric]:
        return iter(())


def _buckets(bounds: Sequence[float], timing: _Timing) -> list[tuple[str, float]]:
    """A timing's buckets as Prometheus counts them (each the observations up to its bound), ``+Inf`` last."""
    buckets, seen = [], 0
    for bound, count in zip(bounds, timing.counts, strict=False):
        seen += count
        buckets.append((_bound(bound), seen))
    buckets.append(("+Inf", seen + timing.counts[-1]))
    return buckets


def _bound(bound: float) -> str:
    return repr(float(bound))


class _Collect:
    """A registry collector around a function (what the node's state and the cluster's counters are read by)."""

    def __init__(self, collect: Collect) -> None:
        self._collect = collect

    def collect(self) -> Iterable[Metric]:
        return self._collect()

    def describe(self) -> Iterator[Metric]:
        return iter(())


class Metrics:
    """One node's registry and the metrics counted as things happen (see the module docstring).

    ``state`` is read at every scrape for what the node knows at that moment (connections,
    sessions, rooms...); :meth:`watch` adds another such reader (the cluster's).
    """

    def __init__(self, state: Collect, request_types: Iterable[tuple[type, str]]) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=False)
        ProcessCollector(registry=registry)  # process_cpu_seconds_total, process_resident_memory_bytes, ...
        # Counted by MeteredStore as plain numbers (no lock, no call per write), exported at each scrape.
        self.moves_accepted = 0
        self.store_bounds = STORE_BUCKETS
        self.store_writes = _Timing(len(STORE_BUCKETS))
        errors = Counter(
            PREFIX + "errors",
            "Error answers sent to clients, by code (docs/PROTOCOL.md)",
            ["code"],
            registry=registry,
        )
        self._errors = {code: errors.labels(code.value) for code in ErrorCode}
        self._error_family = errors
        self.bot_jobs = Histogram(
            PREFIX + "bot_job_seconds",
            "Time from asking for a hosted bot's move to its answer",
            buckets=BOT_BUCKETS,
            registry=registry,
        )
        self.requests = RequestTimes(request_types)
        registry.register(self.requests)  # type: ignore[arg-type]
        self.bots_waiting = 0  # bot moves asked for and not answered yet (MeteredBots)
        self.bots_queued: Callable[[], int | None] = lambda: None  # those waiting for a worker, if the queue says
        registry.register(_Collect(self._store_state))  # type: ignore[arg-type]
        registry.register(_Collect(state))  # type: ignore[arg-type]
        registry.register(_Collect(self._bot_state))  # type: ignore[arg-type]

    def watch(self, collect: Collect) -> None:
        """Read ``collect`` at every scrape too (it yields metric families)."""
        self.registry.register(_Collect(collect))  # type: ignore[arg-type]

    def error(self, code: ErrorCode | str) -> None:
        """An ``error`` with this code is sent (or a room refused a request with it)."""
        child = self._errors.get(code)  # type: ignore[call-overload]
        if child is None:
            child = self._errors[code] = self._error_family.labels(str(getattr(code, "value", code)))  # type: ignore[index]
        child.inc()

    def render(self) -> bytes:
        """The whole registry in Prometheus' text format."""
        return generate_latest(self.registry)

    def _store_state(self) -> Iterator[Metric]:
        yield counter("moves_accepted", "Moves accepted and stored by the rooms this node runs", self.moves_accepted)
        timing = self.store_writes
        family = HistogramMetricFamily(
            PREFIX + "store_write_seconds",
            "Time a group commit of the rooms' writes took in the store (SQLite or Redis)",
        )
        family.add_metric([], _buckets(self.store_bounds, timing), timing.total)
        yield family

    def _bot_state(self) -> Iterator[Metric]:
        yield GaugeMetricFamily(
            PREFIX + "bot_jobs_waiting",
            "Bot moves this node asked for and has no answer to yet",
            value=self.bots_waiting,
        )
        queued = self.bots_queued()
        if queued is not None:
            yield GaugeMetricFamily(
                PREFIX + "bot_jobs_queued", "Bot moves waiting for a free worker of this node's pool", value=queued
            )


class MeteredStore:
    """The store port, with each ``write`` (the rooms' group commit) timed and its moves counted once stored.

    Everything else passes through to the store it wraps.
    """

    def __init__(self, store: Store, metrics: Metrics) -> None:
        self.inner = store
        self._metrics = metrics
        self._timing = metrics.store_writes
        self._bounds = metrics.store_bounds

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def write(self, writes: Sequence[Write]) -> None:
        started = perf_counter()
        await self.inner.write(writes)
        seconds = perf_counter() - started
        timing = self._timing
        timing.counts[bisect_left(self._bounds, seconds)] += 1
        timing.total += seconds
        self._metrics.moves_accepted += countOf(map(type, map(_item, writes)), StoredMove)  # (counted in C)


_item = itemgetter(1)  # (a write's item: (room, item))


class MeteredBots:
    """The bot queue port, with the moves waiting counted and each answer timed (the rest passes through)."""

    def __init__(self, bots: BotQueue, metrics: Metrics) -> None:
        self.inner = bots
        self._metrics = metrics
        metrics.bots_queued = lambda: bots.queued  # (jobs waiting for a free worker here; None: not known here)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def start(self) -> None:
        await self.inner.start()

    async def close(self) -> None:
        await self.inner.close()

    def pids(self) -> list[int]:
        return self.inner.pids()

    @property
    def queued(self) -> int | None:
        return self.inner.queued

    async def choose(self, req: Any) -> BotAnswer:
        metrics = self._metrics
        started = time.perf_counter()
        metrics.bots_waiting += 1
        try:
            answer = await self.inner.choose(req)
        finally:
            metrics.bots_waiting -= 1
        metrics.bot_jobs.observe(time.perf_counter() - started)
        return answer


def node_state(node: Any) -> Iterator[Metric]:
    """What a node knows now (``server.node.Node``): its connections, sessions and rooms."""
    yield gauge("connections", "Open websocket connections", len(node.connections))
    sessions = getattr(node, "sessions", None)  # (none before the node starts: every figure is 0)
    known = [] if sessions is None else list(sessions.by_id.values())
    actors = list(getattr(node, "rooms", {}).values())
    yield gauge("sessions_connected", "Sessions with a live connection to this node", sum(1 for s in known if s.conn))
    yield gauge("sessions_known", "Sessions this node holds in memory (connected, away, or in its rooms)", len(known))
    counts = dict.fromkeys(ROOM_STATES, 0)
    for actor in actors:
        status = actor.room.status
        counts[status] = counts.get(status, 0) + 1
    yield labelled_gauge("rooms", "Rooms this node runs, by state", "state", counts.items())
    yield gauge("room_events_queued", "Events waiting in the rooms' mailboxes", sum(a.queued() for a in actors))


def gauge(name: str, doc: str, value: float) -> GaugeMetricFamily:
    """A gauge read at scrape time (``name`` without the ``grundy_`` prefix)."""
    return GaugeMetricFamily(PREFIX + name, doc, value=value)


def counter(name: str, doc: str, value: float) -> CounterMetricFamily:
    """A counter kept elsewhere as a plain number, read at scrape time (``name`` without prefix nor ``_total``)."""
    return CounterMetricFamily(PREFIX + name, doc, value=value)


def labelled_counter(name: str, doc: str, label: str, values: Iterable[tuple[str, float]]) -> CounterMetricFamily:
    family = CounterMetricFamily(PREFIX + name, doc, labels=[label])
    for key, value in values:
        family.add_metric([key], value)
    return family


def labelled_gauge(name: str, doc: str, label: str, values: Iterable[tuple[str, float]]) -> GaugeMetricFamily:
    family = GaugeMetricFamily(PREFIX + name, doc, labels=[label])
    for key, value in values:
        family.add_metric([key], value)
    return family
