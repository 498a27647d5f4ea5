"""The bot queue port over Redis: a node asks, bot workers on any machine answer (docs/STORE.md).

``await queue.choose(request) -> BotAnswer``, as :class:`~server.bots.BotPool` answers it, for
a node of ``grundy serve --redis URL --bots redis``; the work is done by ``grundy bots``
processes (:mod:`.workers`) wherever they run.

A job's life:

1. ``choose`` adds the job to the stream of its level, ``bots:jobs:{level}`` (``XADD`` with
   ``MAXLEN ~``), in one script that first checks ``bots:alive:{level}`` (a worker taking
   that level is up) and stamps the job with Redis's clock: ``answer_by`` (now + the budget:
   time spent queueing counts against it, as in the pool) and ``deadline`` (``answer_by`` +
   a quarter of the budget + ``margin_s``: the job's window).  Both are milliseconds on
   Redis's clock, so the machines' clocks need not agree.
2. A worker of the group ``workers`` takes it (``XREADGROUP``), thinks until ``answer_by``,
   pushes the answer to ``bots:answer:{job}`` (``RPUSH`` + ``PEXPIRE``) and acknowledges and
   deletes the entry, all in one transaction.  A worker that dies is noticed by the others
   (they ``XAUTOCLAIM`` entries idle longer than their claim time; a working worker keeps its
   entry fresh) and the job is done again within its window.
3. The node waits on the answer's list (``BLPOP``, one connection of a dedicated pool per
   waiting job) until the deadline.

A room never stalls for want of a bot: with no worker up for the level the job is not
queued at all, and with no answer by the deadline (or Redis failing) the job is deleted from
the stream and answered in the node: at ``easy`` (or ``random`` when that was asked) with a
budget of at most ``local_budget_s``, in a thread, and at ``random`` if that fails.  Like
the pool, ``choose`` raises only for a request no bot can answer (:class:`BotRequestError`)
and after :meth:`close` (:class:`BotPoolClosed`), and is cancellable (the job is deleted).

A job carries the room's full parameters (minesweeper's secret seed included): they stay in
the cluster's Redis and are never logged (messages name the room, the game and the ply).
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import logging
import math
import secrets
import time
from typing import TYPE_CHECKING, Any

import msgpack
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from grundy.server.bots import MIN_BUDGET_S, BotAnswer, BotPoolClosed, BotRequestError, Positions, answer_job
from grundy.server.cluster import connect
from grundy.server.cluster.keys import Keys
from grundy.solver.bot import LEVELS

if TYPE_CHECKING:
    from grundy.server.room import RequestBotMove

log = logging.getLogger("grundy.cluster.bots")

GROUP = "workers"  # the consumer group of every level's stream
JOBS_MAXLEN = 10_000  # entries kept per level's stream at most (approximately): a bound, never reached in use
ANSWER_TTL_MS = 30_000  # an answer nobody took (the node gave up on it) is gone after this long
LOCAL_LEVEL = "easy"  # the strongest level the node computes itself when no worker answered

# KEYS: jobs alive ; ARGV: maxlen budget_ms window_ms job room game level data -> the entry id, or nil
_ENQUEUE = r"""
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local answer_by = now + tonumber(ARGV[2])
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*',
  'job', ARGV[4], 'room', ARGV[5], 'game', ARGV[6], 'level', ARGV[7],
  'answer_by', string.format('%.0f', answer_by), 'deadline', string.format('%.0f', now + tonumber(ARGV[3])),
  'data', ARGV[8])
"""


# ============================================================================ the wire format


@dataclasses.dataclass(frozen=True, slots=True)
class Job:
    """One job as a worker reads it from the stream (``answer_by`` and ``deadline``: ms on Redis's clock)."""

    job: str
    room: str
    game: str
    level: str
    answer_by: int
    deadline: int
    params: dict[str, Any]
    moves: tuple[str, ...]

    @classmethod
    def from_fields(cls, fields: dict[bytes, bytes]) -> Job:
        """Raises KeyError or ValueError for an entry that is not a job."""
        data = msgpack.unpackb(fields[b"data"])
        level = fields[b"level"].decode()
        if level not in LEVELS or not isinstance(data, dict):
            raise ValueError(f"not a job: level {level!r}")
        return cls(
            job=fields[b"job"].decode(),
            room=fields[b"room"].decode(),
            game=fields[b"game"].decode(),
            level=level,
            answer_by=int(fields[b"answer_by"]),
            deadline=int(fields[b"deadline"]),
            params=dict(data["params"]),
            moves=tuple(data["moves"]),
        )


def encode_answer(kind: str, **fields: Any) -> bytes:
    """An answer for the node: ``ok`` (text level value depth nodes reason again), ``bad`` or ``failed`` (message)."""
    return msgpack.packb({"kind": kind, **fields})


def withheld(message: str, params: dict[str, Any]) -> str:
    """``message`` without the job's parameters (they may hold a secret seed)."""
    return message.replace(repr(params), "(parameters withheld)")


# ============================================================================ the queue


class RedisBotQueue:
    """The bot queue port over Redis streams; see the module docstring for a job's life and the guarantees.

    ``margin_s``: how far past ``budget * 1.25`` the node waits for a worker's answer.
    ``max_waiting``: connections for waiting jobs (one each, ``BLPOP``); more jobs at once
    wait for a connection within their window.  ``local_budget_s``: the node's own think
    when no worker answered.
    """

    def __init__(
        self,
        url: str,
        *,
        keys: Keys | None = None,
        margin_s: float = 0.5,
        max_waiting: int = 1024,
        local_budget_s: float = 0.05,
    ) -> None:
        if margin_s < 0:
            raise ValueError(f"margin_s: {margin_s} must be >= 0")
        if max_waiting < 1:
            raise ValueError(f"max_waiting: {max_waiting} must be >= 1")
        self.url = url
        self.keys = keys or Keys()
        self.margin_s = margin_s
        self.local_budget_s = local_budget_s
        self.max_waiting = max_waiting
        self.stats: collections.Counter[str] = collections.Counter()
        self._r: aioredis.Redis | None = None
        self._waits: aioredis.Redis | None = None
        self._enqueue: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._warned: dict[str, float] = {}
        self._started = False
        self._closed = False

    async def start(self) -> None:
        if self._started:
            return
        self._started = True
        target = connect.parse(self.url)  # (a URL, or the primary Sentinel names)
        self._r = target.client(health_check_interval=10)
        self._waits = target.client(blocking=True, max_connections=self.max_waiting, timeout=None)
        self._enqueue = self._r.register_script(_ENQUEUE)
        await self._r.ping()
        log.info("bot queue on Redis: jobs to %s", self.keys.bot_jobs("{level}"))

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=2.0)
        for client in (self._waits, self._r):
            if client is not None:
                await connect.close(client)

    async def __aenter__(self) -> RedisBotQueue:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def window(self, budget_s: float) -> float:
        """Seconds from queueing a job to giving up on its workers: the budget, a quarter of it, the margin."""
        return 1.25 * budget_s + self.margin_s

    # ------------------------------------------------------------------ choosing

    def pids(self) -> list[int]:
        """(``ports.BotQueue``) No worker runs in this process's pool: ``grundy bots`` serve the stream."""
        return []

    @property
    def queued(self) -> None:
        """(``ports.BotQueue``) The jobs waiting are in the stream, not counted here."""
        return None

    async def choose(self, req: RequestBotMove) -> BotAnswer:
        """The bot's move for ``req``; never raises for a bot's failure (see the module docstring)."""
        if self._closed or not self._started:
            raise BotPoolClosed("the bot queue is closed" if self._closed else "the bot queue was not started")
        if req.level not in LEVELS:
            raise BotRequestError(f"room {req.room}: unknown bot level {req.level!r}; levels are: {', '.join(LEVELS)}")
        assert self._r is not None and self._waits is not None
        loop = asyncio.get_running_loop()
        self.stats["jobs"] += 1
        started = loop.time()
        budget = max(req.budget_s, MIN_BUDGET_S)
        window = self.window(budget)
        stream, job = self.keys.bot_jobs(req.level), secrets.token_hex(8)
        data = msgpack.packb({"params": req.params, "moves": list(req.moves)})
        try:
            entry = await self._enqueue(
                keys=[stream, self.keys.bot_alive(req.level)],
                args=[JOBS_MAXLEN, math.ceil(budget * 1000), math.ceil(window * 1000), job, req.room, req.game,
                      req.level, data],
            )
        except RedisError as e:
            if self._closed:
                raise BotPoolClosed("the bot queue was closed") from None
            why = f"Redis failed: {type(e).__name__}"
            self.stats["redis_errors"] += 1
        else:
            if entry is None:
                why = f"no bot worker takes level {req.level}"
                self.stats["no_worker"] += 1
                self._warn_once(req.level, why)
            else:
                try:
                    reply = await self._wait(job, started + window - loop.time())
                except asyncio.CancelledError:
                    self._forget(stream, entry)
                    raise
                except RedisError as e:
                    if self._closed:
                        raise BotPoolClosed("the bot queue was closed") from None
                    reply, why = None, f"Redis failed: {type(e).__name__}"
                    self.stats["redis_errors"] += 1
                else:
                    why = f"no answer from a worker within {window:.2f} s"
                if reply is not None:
                    answer = self._answered(req, reply)
                    if answer is not None:
                        return answer
                    why = f"{req.level}: {reply.get('message', 'failed')}"
                else:
                    self.stats["timeouts"] += 1
                self._forget(stream, entry)
        return await self._local(req, why, min(self.local_budget_s, budget))

    async def _wait(self, job: str, timeout: float) -> dict[str, Any] | None:
        """The worker's answer to ``job``, or None when ``timeout`` seconds pass first."""
        assert self._waits is not None
        if timeout <= 0.001:
            return None
        try:
            got = await asyncio.wait_for(self._waits.blpop([self.keys.bot_answer(job)], timeout=timeout), timeout + 2)
        except TimeoutError:  # no connection for the wait came free in time (more waiting jobs than max_waiting)
            return None
        if got is None:
            return None
        reply = msgpack.unpackb(got[1])
        return reply if isinstance(reply, dict) else None

    def _answered(self, req: RequestBotMove, reply: dict[str, Any]) -> BotAnswer | None:
        """The worker's answer as the port's; None when its solver failed at every level it tried."""
        kind = reply.get("kind")
        if kind == "bad":
            raise BotRequestError(f"room {req.room} ply {req.ply}: {reply.get('message', 'cannot be answered')}")
        if kind != "ok":
            self.stats["failed"] += 1
            log.warning("bot in room %s (%s, ply %d): %s", req.room, req.level, req.ply, reply.get("message"))
            return None
        level = str(reply["level"])
        fallback = bool(reply.get("again")) or level != req.level
        if fallback:
            self.stats["fallbacks"] += 1
        value = reply.get("value")
        return BotAnswer(
            req.room,
            req.seat,
            req.ply,
            str(reply["text"]),
            level,
            None if value is None else float(value),
            int(reply.get("depth", 0)),
            int(reply.get("nodes", 0)),
            str(reply.get("reason", "")),
            fallback,
        )

    async def _local(self, req: RequestBotMove, why: str, budget: float) -> BotAnswer:
        """The node's own answer when no worker answered: a cheap lower level, else a random move."""
        self.stats["fallbacks"] += 1
        self.stats["in_process"] += 1
        log.info("bot in room %s (%s, ply %d): answered in the node after: %s", req.room, req.level, req.ply, why)
        low = req.level if LEVELS.index(req.level) <= LEVELS.index(LOCAL_LEVEL) else LOCAL_LEVEL
        for level in dict.fromkeys((low, "random")):
            job = (0, req.room, req.game, req.params, tuple(req.moves), level, budget)
            reply = await asyncio.to_thread(answer_job, job, Positions(), {})
            if reply[1] == "bad":
                raise BotRequestError(f"room {req.room} ply {req.ply}: {withheld(reply[2], req.params)}")
            if reply[1] == "ok":
                _, _, text, value, depth, nodes, reason = reply
                reason = f"in the node after: {why}" + (f"; {reason}" if reason else "")
                return BotAnswer(req.room, req.seat, req.ply, text, level, value, depth, nodes, reason, True)
            log.warning("bot in room %s (%s, ply %d) in the node: %s", req.room, level, req.ply, reply[2])
        raise BotRequestError(f"room {req.room} ply {req.ply}: no move could be chosen")

    def _forget(self, stream: str, entry: Any) -> None:
        """Delete a job nobody waits for any more, so no worker starts it (best effort, in the background)."""
        if self._closed or self._r is None:
            return

        async def forget() -> None:
            try:
                await self._r.xdel(stream, entry)  # type: ignore[union-attr]
            except RedisError:
                pass

        task = asyncio.get_running_loop().create_task(forget(), name="grundy-bot-forget")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _warn_once(self, level: str, why: str) -> None:
        """Say that a level has no worker, at most once a minute per level (every bot move would say it)."""
        now = time.monotonic()
        if now - self._warned.get(level, -math.inf) >= 60.0:
            self._warned[level] = now
            log.warning("%s: bot moves at that level are chosen in the node (at %s at most)", why, LOCAL_LEVEL)
