"""Hosted-bot workers on any machine: processes that answer the jobs of a cluster's nodes from Redis.

``grundy bots --redis URL [--workers N] [--levels ...]`` runs :class:`BotWorkers`: N worker
processes and this one watching them.  Each worker, in a loop:

1. takes a job: first one whose worker died (``XAUTOCLAIM`` of an entry idle for longer than
   ``claim_idle_ms``), else a new one (``XREADGROUP`` from the group ``workers`` of the
   streams of its levels, blocking half a second);
2. drops it if its deadline has passed (``XACK`` + ``XDEL``: the node has answered it
   itself), else chooses the move with the code of the node's own pool
   (:func:`server.bots.answer_job`, with a per-room cache of positions) until the job's
   ``answer_by``, going down a level when the solver fails;
3. pushes the answer to ``bots:answer:{job}`` with an expiry, acknowledges and deletes the
   entry, in one transaction.

**Levels.**  Each level has its own stream (``bots:jobs:{level}``) with one consumer group,
``workers``; a worker reads the streams of the levels it takes (``--levels max``: only
``max`` jobs), so no job is ever seen by a worker that will not do it, and no job is done
twice by design.  (One ``XREADGROUP`` over several streams may return a job from each; the
worker keeps one and puts the others back at the end of their streams, deadlines unchanged.)

**Liveness.**  A thread in each worker, every ``claim_idle_ms / 5``: renews
``bots:alive:{level}`` for each of its levels (a node queues no job for a level nobody takes:
it answers it itself at once), and touches the entry it is working on (``XCLAIM ... JUSTID``
to itself), so an entry idles only when its worker is gone: a worker killed mid-job has the
job claimed again by another within ``claim_idle_ms`` (plus up to half a second), as long as
the job's window lasts.

**Supervision.**  A worker that dies is replaced at once; one that runs past its job's
budget by more than the pool's margin (``budget * 1.25 + 1 s``) is killed and replaced.
SIGINT/SIGTERM stop the workers after their current job (killed after ``stop_grace_s``); a
worker whose supervisor died stops after its current job too.

Secrets: a job's parameters (minesweeper's seed) are never logged; log lines name the job,
the room, the game, the level and the ply count.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Mapping
from typing import Any

import redis
from redis.exceptions import RedisError, ResponseError

from grundy.server import logs
from grundy.server.bots import MIN_BUDGET_S, Positions, answer_job, warm_up
from grundy.server.cluster import connect
from grundy.server.cluster.botqueue import ANSWER_TTL_MS, GROUP, JOBS_MAXLEN, Job, encode_answer, withheld
from grundy.server.cluster.keys import Keys
from grundy.solver.bot import LEVELS

log = logging.getLogger("grundy.cluster.workers")

READ_BLOCK_MS = 500  # a worker with nothing to do looks for jobs of dead workers this often
MARGIN_S = 1.0  # as the pool: a worker past budget * 1.25 + this is killed


@dataclasses.dataclass(frozen=True)
class WorkerSettings:
    """What every worker process is told."""

    url: str
    levels: tuple[str, ...] = LEVELS
    prefix: str = "grundy:"
    claim_idle_ms: int = 1500
    stall: Mapping[str, float] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        bad = [lvl for lvl in self.levels if lvl not in LEVELS]
        if bad or not self.levels:
            raise ValueError(f"levels: {', '.join(bad) or 'none given'}; levels are: {', '.join(LEVELS)}")
        if self.claim_idle_ms < 100:
            raise ValueError(f"claim_idle_ms: {self.claim_idle_ms} must be >= 100")


def consumer_name() -> str:
    """This process's name in the consumer group: ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def ensure_groups(r: redis.Redis, keys: Keys, levels: tuple[str, ...]) -> None:
    """The group ``workers`` on each level's stream (made with the stream if missing; from its start)."""
    for level in levels:
        try:
            r.xgroup_create(keys.bot_jobs(level), GROUP, id="0", mkstream=True)
        except ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise


# ============================================================================ one worker process


class Worker:
    """The loop of one worker process (see the module docstring)."""

    def __init__(self, settings: WorkerSettings, stop: Any, busy_until: Any) -> None:
        self.s = settings
        self.keys = Keys(settings.prefix)
        self.streams = {self.keys.bot_jobs(level): level for level in settings.levels}
        self.told = stop  # a multiprocessing.Event: the supervisor asks every worker to end
        self.stop = threading.Event()  # this worker is asked to end (by the supervisor or a SIGTERM of its own)
        self.parent = os.getppid()  # a worker whose supervisor died (kill -9) ends too
        self.busy_until = busy_until  # a shared double: the monotonic time this worker overruns at (0: idle)
        self.name = consumer_name()
        self.r = connect.parse(settings.url).sync_client(socket_timeout=30, socket_connect_timeout=5)
        self.positions = Positions()
        self.current: tuple[str, bytes] | None = None  # (stream, entry) being worked on
        self._offset_ms = 0.0  # Redis's clock minus this machine's
        self._clock_read = -1e9
        self._claimed_at = -1e9

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        beat = threading.Thread(target=self._keepalive, name="grundy-bot-keepalive", daemon=True)
        beat.start()
        trouble = 0
        while not self.stopping():
            try:
                taken = self._take()
                if taken is not None:
                    self._handle(*taken)
                trouble = 0
            except RedisError as e:
                trouble += 1
                if trouble == 1 or trouble % 60 == 0:
                    log.warning("bot worker %s: Redis failed (%s); trying again", self.name, e)
                self.current = None
                self.stop.wait(min(2.0, 0.1 * trouble))
                with contextlib.suppress(RedisError):
                    ensure_groups(self.r, self.keys, self.s.levels)
        self._leave()

    def stopping(self) -> bool:
        if self.told.is_set() or os.getppid() != self.parent:
            self.stop.set()
        return self.stop.is_set()

    def _take(self) -> tuple[str, bytes, dict[bytes, bytes], bool] | None:
        """The next job: (stream, entry id, fields, claimed again)."""
        now = time.monotonic()
        if now - self._claimed_at >= READ_BLOCK_MS / 1000:
            self._claimed_at = now
            for stream in self.streams:
                _, entries, *_ = self.r.xautoclaim(stream, GROUP, self.name, self.s.claim_idle_ms, "0-0", count=1)
                if entries:
                    eid, fields = entries[0]
                    return stream, eid, fields, True
        got: Any = self.r.xreadgroup(GROUP, self.name, dict.fromkeys(self.streams, ">"), count=1, block=READ_BLOCK_MS)
        taken: list[tuple[str, bytes, dict[bytes, bytes]]] = [
            (s.decode() if isinstance(s, bytes) else s, eid, f) for s, entries in got or [] for eid, f in entries
        ]
        if not taken:
            return None
        taken.sort(key=lambda t: int(t[2].get(b"answer_by", 0)))
        for stream, eid, fields in taken[1:]:  # one job at a time: the others go back for another worker
            with self.r.pipeline(transaction=True) as pipe:
                pipe.xadd(stream, fields, maxlen=JOBS_MAXLEN, approximate=True)  # type: ignore[arg-type]
                pipe.xack(stream, GROUP, eid)
                pipe.xdel(stream, eid)
                pipe.execute()
            log.debug("bot worker %s: entry %s of %s put back for another worker", self.name, eid, stream)
        stream, eid, fields = taken[0]
        return stream, eid, fields, False

    def _handle(self, stream: str, eid: bytes, fields: dict[bytes, bytes], again: bool) -> None:
        try:
            job = Job.from_fields(fields)
        except (KeyError, ValueError, TypeError) as e:
            log.error("bot worker %s: entry %s of %s is not a job (%s): dropped", self.name, eid, stream, e)
            self._done(stream, eid, None, None)
            return
        logs.ROOM.set(job.room)  # (this worker's log lines name the job's room: server.logs)
        now = self._now_ms()
        left_ms = job.deadline - now
        what = f"job {job.job} (room {job.room}, {job.game} {job.level}, ply {len(job.moves)})"
        if left_ms < 1000 * MIN_BUDGET_S + 20:
            log.info("bot worker %s: %s is past its deadline: dropped (the node answered it)", self.name, what)
            self._done(stream, eid, None, None)
            return
        self.current = (stream, eid)
        started = time.monotonic()
        try:
            reply = self._choose(job, left_ms)
        finally:
            self.busy_until.value = 0.0
        took = time.monotonic() - started
        log.debug("bot worker %s: %s answered in %.3f s%s", self.name, what, took, " (claimed again)" if again else "")
        if reply["kind"] == "ok":
            reply["again"] = again
        self._done(stream, eid, job.job, encode_answer(**reply))

    def _choose(self, job: Job, left_ms: float) -> dict[str, Any]:
        """The move, at the job's level or, when the solver fails, the levels below it."""
        tried = []
        for level in (job.level, *reversed(LEVELS[: LEVELS.index(job.level)])):
            now = self._now_ms()
            budget = max(MIN_BUDGET_S, min(job.answer_by - now, job.deadline - now - 50) / 1000)
            self.busy_until.value = time.monotonic() + 1.25 * budget + MARGIN_S
            reply = answer_job(
                (job.job, job.room, job.game, job.params, job.moves, level, budget), self.positions, dict(self.s.stall)
            )
            if reply[1] == "ok":
                _, _, text, value, depth, nodes, reason = reply
                return {"kind": "ok", "text": text, "level": level, "value": value, "depth": depth, "nodes": nodes,
                        "reason": reason}
            if reply[1] == "bad":
                return {"kind": "bad", "message": withheld(reply[2], job.params)}
            tried.append(f"{level}: {reply[2]}")
            log.warning("bot worker %s: job %s (room %s, %s) raised: %s", self.name, job.job, job.room, level, reply[2])
            if self._now_ms() >= job.deadline - 1000 * MIN_BUDGET_S:
                break
        return {"kind": "failed", "message": "; ".join(tried)}

    def _done(self, stream: str, eid: bytes, job: str | None, answer: bytes | None) -> None:
        """Answer (when there is one), acknowledge and delete the entry, in one transaction."""
        self.current = None
        with self.r.pipeline(transaction=True) as pipe:
            if job is not None and answer is not None:
                pipe.rpush(self.keys.bot_answer(job), answer)
                pipe.pexpire(self.keys.bot_answer(job), ANSWER_TTL_MS)
            pipe.xack(stream, GROUP, eid)
            pipe.xdel(stream, eid)
            pipe.execute()

    def _leave(self) -> None:
        """Leaving for good: forget this consumer unless it still holds entries (others will claim them)."""
        with contextlib.suppress(RedisError):
            for stream in self.streams:
                pending = self.r.xpending_range(stream, GROUP, "-", "+", 1, consumername=self.name)
                if not pending:
                    self.r.xgroup_delconsumer(stream, GROUP, self.name)
        self.r.close()

    # ------------------------------------------------------------------ Redis's clock and liveness

    def _now_ms(self) -> float:
        """Now on Redis's clock (the offset from this machine's is measured every half minute)."""
        local = time.time()
        if local - self._clock_read > 30:
            sent = time.time()
            secs, micros = self.r.time()
            back = time.time()
            self._offset_ms = secs * 1000 + micros / 1000 - (sent + back) * 500
            self._clock_read = local = back
        return local * 1000 + self._offset_ms

    def beat(self, r: redis.Redis) -> None:
        """This worker's levels are taken; the entry it works on is fresh (not idle)."""
        with r.pipeline(transaction=False) as pipe:
            for level in self.s.levels:
                pipe.set(self.keys.bot_alive(level), self.name, px=max(2000, 2 * self.s.claim_idle_ms))
            current = self.current
            if current is not None:
                pipe.xclaim(current[0], GROUP, self.name, 0, [current[1]], justid=True)
            pipe.execute()

    def _keepalive(self) -> None:
        """A beat every claim_idle_ms / 5."""
        r = connect.parse(self.s.url).sync_client(socket_timeout=5, socket_connect_timeout=5)
        every = self.s.claim_idle_ms / 5000
        while not self.stop.wait(every) and not self.stopping():
            try:
                self.beat(r)
            except RedisError as e:  # (the job loop reports Redis's troubles; a missed beat is retried)
                log.debug("worker %s: keep-alive beat failed: %s", self.name, e)


def worker_main(
    settings: WorkerSettings, stop: Any, busy_until: Any, ready: Any, log_level: int, log_format: str = "text"
) -> None:
    """A worker process: warm up, join the group, answer jobs until ``stop`` (SIGTERM sets it too)."""
    logs.configure(log_level, log_format)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the supervisor stops its workers itself
    worker = Worker(settings, stop, busy_until)
    signal.signal(signal.SIGTERM, lambda *_: worker.stop.set())
    warm_up()
    ensure_groups(worker.r, worker.keys, settings.levels)
    worker.beat(worker.r)
    ready.set()
    worker.run()


# ============================================================================ the supervisor


class _Slot:
    """One worker process of the supervisor: replaced in place when it dies."""

    __slots__ = ("process", "busy_until", "ready", "started", "died", "failures")

    def __init__(self) -> None:
        self.process: Any = None
        self.busy_until: Any = None
        self.ready: Any = None
        self.started = 0.0
        self.died: float | None = None
        self.failures = 0  # deaths in a row, each within 30 s of its start


class BotWorkers:
    """N worker processes on this machine, replaced when they die or overrun (see the module docstring)."""

    def __init__(
        self,
        settings: WorkerSettings,
        workers: int,
        *,
        context: str = "spawn",
        start_timeout_s: float = 60.0,
        stop_grace_s: float = 15.0,
    ) -> None:
        if workers < 1:
            raise ValueError(f"workers: {workers} is not a number of processes >= 1")
        self.settings = settings
        self.size = workers
        self._ctx: Any = multiprocessing.get_context(context)
        self._stop = self._ctx.Event()
        self._slots = [_Slot() for _ in range(workers)]
        self.start_timeout_s = start_timeout_s
        self.stop_grace_s = stop_grace_s
        self.replaced = 0

    def pids(self) -> list[int]:
        return sorted(s.process.pid for s in self._slots if s.process is not None and s.process.is_alive())

    def start(self) -> None:
        """Start every worker and wait until each has warmed up and joined the group (RuntimeError if one cannot)."""
        for slot in self._slots:
            self._spawn(slot)
        deadline = time.monotonic() + self.start_timeout_s
        for slot in self._slots:
            while not slot.ready.wait(0.1):
                if not slot.process.is_alive():
                    self.close()
                    raise RuntimeError(f"bot worker {slot.process.pid} exited while starting ({slot.process.exitcode})")
                if time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError(f"bot worker {slot.process.pid} did not start in {self.start_timeout_s:g} s")
        log.info("bot workers: %d ready (pids %s), levels %s", self.size, ", ".join(map(str, self.pids())),
                 ",".join(self.settings.levels))

    def run(self, stop: threading.Event) -> None:
        """Watch the workers until ``stop`` is set, then stop them."""
        try:
            while not stop.wait(0.1):
                self.check()
        finally:
            self.close()

    def check(self) -> None:
        """Replace dead workers (after a pause when they keep dying young) and kill the ones that overran."""
        now = time.monotonic()
        for slot in self._slots:
            p = slot.process
            if p.is_alive():
                until = slot.busy_until.value
                if not until or now <= until:
                    continue
                log.warning("bot worker %d overran its budget: killed and replaced", p.pid)
                p.kill()
                p.join(5)
                slot.died = now
            if self._stop.is_set():
                continue
            if slot.died is None:
                slot.died = now
                slot.failures = slot.failures + 1 if now - slot.started < 30 else 0
                log.warning("bot worker %d stopped (exit code %s): replaced", p.pid, p.exitcode)
            if slot.failures > 1 and now - slot.died < min(30.0, 0.5 * 2**slot.failures):
                continue
            self.replaced += 1
            self._spawn(slot)

    def close(self) -> None:
        """Stop every worker: after its current job, killed after ``stop_grace_s``."""
        self._stop.set()
        deadline = time.monotonic() + self.stop_grace_s
        for slot in self._slots:
            if slot.process is not None:
                slot.process.join(max(0.0, deadline - time.monotonic()))
        for slot in self._slots:
            p = slot.process
            if p is not None and p.is_alive():
                log.warning("bot worker %d still busy after %.0f s: killed", p.pid, self.stop_grace_s)
                p.kill()
                p.join(5)

    def _spawn(self, slot: _Slot) -> None:
        slot.busy_until = self._ctx.Value("d", 0.0, lock=False)
        slot.ready = self._ctx.Event()
        slot.started = time.monotonic()
        slot.died = None
        slot.process = self._ctx.Process(
            target=worker_main,
            args=(
                self.settings,
                self._stop,
                slot.busy_until,
                slot.ready,
                logging.getLogger().getEffectiveLevel(),
                logs.current_format(),
            ),
            name="grundy-bot",
            daemon=True,
        )
        slot.process.start()
