"""Hosted bots: a pool of worker processes that choose moves with the solver.

``await pool.choose(request) -> BotAnswer`` for a room's :class:`~server.room.RequestBotMove`.
A worker rebuilds the game (``rules.create(game, **params)``), replays the moves and calls
``solver.bot.choose`` at the requested level within the budget; in hidden-information games
the solver decides from the seat's view only.  The search runs in another process, so a
long think never blocks the node's event loop and a crash never takes the node down.

Failures never reach the caller (``choose`` raises only for a request no bot could answer,
:class:`BotRequestError`, and after :meth:`BotPool.close`, :class:`BotPoolClosed`):

* a worker that dies (crash, ``kill -9``) or overruns its budget by more than the margin
  (``budget * 1.25 + margin_s``) is killed and replaced at once, so capacity comes back;
* the job is retried once at its level, then tried at each lower level, while the job's
  window (its first budget plus the margin) lasts; after that a uniformly random legal move
  is computed in the node's own process: a room never stalls;
* ``choose`` is cancellable: a job still queued is dropped; a job already on a worker has
  its result discarded (and the worker is restarted when it is already past its budget).

Jobs wait in one first-come, first-served queue while every worker is busy (retries go to
its front); time spent queueing counts against the job's budget, as the room's clock runs,
and a job still without a worker after ``max_wait_s`` gets the node's random move.

The worker's side (:func:`warm_up`, :class:`Positions`, :func:`answer_job`) is shared with
the cluster's bot workers, which take their jobs from Redis (``server/cluster/workers.py``).

Test hook: ``stall`` (or the environment variable ``GRUNDY_BOT_STALL``, e.g. ``hard=5,max=5``
or ``5`` for every level) makes a worker sleep that many seconds before choosing at a level,
simulating a stuck search.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import itertools
import logging
import math
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Mapping
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from grundy import rules
from grundy.rules.base import Game
from grundy.solver.bot import LEVELS

if TYPE_CHECKING:
    from grundy.server.room import RequestBotMove

log = logging.getLogger("grundy.bots")

STALL_ENV = "GRUNDY_BOT_STALL"
# A job that waited in the queue longer than its budget still gets this much thinking time.
MIN_BUDGET_S = 0.05
# Positions a worker keeps to avoid replaying a whole game for every move of a room.
_CACHED_ROOMS = 256


class BotRequestError(ValueError):
    """A bot request no bot can answer: unknown game, bad parameters, moves that do not replay, game over."""


class BotPoolClosed(RuntimeError):
    """The pool was closed before (or while) the job ran."""


@dataclasses.dataclass(frozen=True, slots=True)
class BotAnswer:
    """A hosted bot's move for ``room`` at ``ply`` in the game's notation.

    ``level`` is the level that actually answered (lower than asked after failures);
    ``fallback`` is true when the first try at the asked level did not answer.  ``value``,
    ``depth``, ``nodes`` and ``reason`` are what the solver reported (see ``solver.bot.Decision``).
    """

    room: str
    seat: int
    ply: int
    text: str
    level: str
    value: float | None = None
    depth: int = 0
    nodes: int = 0
    reason: str = ""
    fallback: bool = False


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def parse_stall(text: str | None) -> dict[str, float]:
    """``"hard=5,max=2.5"`` (or ``"5"``: every level) as seconds per level; raises ValueError naming the bad part."""
    if not text or not text.strip():
        return {}
    out: dict[str, float] = {}
    for part in text.split(","):
        level, sep, secs = part.strip().rpartition("=")
        levels = [level.strip()] if sep else list(LEVELS)
        for lvl in levels:
            if lvl not in LEVELS:
                raise ValueError(f"{STALL_ENV}: unknown level {lvl!r} in {part!r}; levels are: {', '.join(LEVELS)}")
        try:
            seconds = float(secs)
        except ValueError:
            raise ValueError(f"{STALL_ENV}: {secs!r} in {part!r} is not a number of seconds") from None
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"{STALL_ENV}: {secs!r} in {part!r} must be a number of seconds >= 0")
        out.update(dict.fromkeys(levels, seconds))
    return out


def ladder(level: str) -> list[str]:
    """The levels tried for a job, in order: the level twice (one retry), then each lower level."""
    i = LEVELS.index(level)
    return [level, level, *reversed(LEVELS[:i])]


# ============================================================================ the worker process


def _worker_main(conn: Connection, stall: dict[str, float]) -> None:
    """A worker: answer jobs from ``conn`` until it sends None or closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the node stops its workers itself
    warm_up()
    positions = Positions()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        conn.send(answer_job(job, positions, stall))


# What the fork server of a "forkserver" pool imports once (the modules warm_up imports).
FORKSERVER_PRELOAD = ["grundy.server.bots", "grundy.solver.bot"] + [
    f"grundy.solver.{name}" for name in ("search", "mcts", "lines", "gomoku", "mines", "pursuit")
]


def warm_up() -> None:
    """Import the solver's modules and run one search, so the first real move pays no start-up cost."""
    import importlib

    from grundy.solver import bot

    for name in ("search", "mcts", "lines", "gomoku", "mines", "pursuit"):
        try:
            importlib.import_module(f"grundy.solver.{name}")
        except ImportError:
            pass
    game = rules.create("nim", heaps="3,4,5")
    bot.choose(game, game.initial(), "hard", 0.01, rng=random.Random(0))


class Positions:
    """Per room, the last position a worker built: the next job of that room replays only the new moves."""

    def __init__(self) -> None:
        self._rooms: collections.OrderedDict[str, tuple[Any, Game, tuple[str, ...], Any]] = collections.OrderedDict()

    def get(self, room: str, name: str, params: dict[str, Any], moves: tuple[str, ...]) -> tuple[Game, Any]:
        key = (name, repr(sorted(params.items())))
        cached = self._rooms.pop(room, None)
        if cached is not None and cached[0] == key and moves[: len(cached[2])] == cached[2]:
            _, game, done, state = cached
            state = game.replay(moves[len(done) :], state)
        else:
            game = rules.create(name, **params)
            state = game.replay(moves)
        self._rooms[room] = (key, game, moves, state)
        while len(self._rooms) > _CACHED_ROOMS:
            self._rooms.popitem(last=False)
        return game, state


def answer_job(job: tuple[Any, ...], positions: Positions, stall: dict[str, float]) -> tuple[Any, ...]:
    """One job: ``(id, room, game, params, moves, level, budget_s)`` -> ``(id, kind, ...)``.

    Kinds: ``ok`` (text, value, depth, nodes, reason), ``bad`` (the request cannot be
    answered: message) and ``failed`` (the solver raised: message).
    """
    from grundy.solver import bot

    job_id, room, name, params, moves, level, budget_s = job
    try:
        game, state = positions.get(room, name, params, tuple(moves))
    except (ValueError, TypeError) as e:
        return (job_id, "bad", f"{name} {shown_params(name, params)!r} with {len(moves)} moves: {e}")
    if game.to_move(state) is None:
        return (job_id, "bad", f"the game is over after {len(moves)} moves: there is no move to choose")
    pause = stall.get(level, 0.0)
    if pause:
        time.sleep(pause)
    try:
        d = bot.choose(game, state, level, budget_s)
        text = game.format_move(state, d.move)
    except Exception as e:  # a solver defect: the pool answers at a lower level
        return (job_id, "failed", f"{type(e).__name__}: {e}")
    value = None if d.value is None else float(d.value)
    return (job_id, "ok", text, value, int(d.depth), int(d.nodes), str(d.reason))


# ============================================================================ the pool


class _Failed(Exception):
    """One try at a job did not answer (the worker died, overran or the solver raised)."""


@dataclasses.dataclass(slots=True)
class _Try:
    id: int
    future: asyncio.Future[tuple[Any, ...]]
    started: float
    budget: float


class _Worker:
    """The pool's side of one worker process."""

    __slots__ = ("process", "conn", "pid", "ready", "job", "timer", "dead")

    def __init__(self, process: Any, conn: Connection, ready: asyncio.Future[None]) -> None:
        self.process = process
        self.conn = conn
        self.pid: int = process.pid
        self.ready = ready
        self.job: _Try | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.dead = False


class BotPool:
    """Worker processes answering bot moves; see the module docstring for the guarantees.

    ``workers``: number of processes (default one per core).  ``context``: the multiprocessing
    start method (``spawn`` keeps workers independent of the node's loop and leaves no helper
    process behind; ``forkserver`` forks them warm from a server that imported the solver once).
    ``margin_s``: how far past ``budget * 1.25`` a worker may run before it is killed.  ``stall``: the test
    hook (seconds per level), default from ``GRUNDY_BOT_STALL``.
    ``max_wait_s``: a job that finds no free worker for this long (a broken or hopelessly
    overloaded pool) is answered with a random move in the node instead.
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        context: str = "spawn",
        margin_s: float = 1.0,
        stall: Mapping[str, float] | None = None,
        start_timeout_s: float = 60.0,
        max_wait_s: float = 60.0,
    ) -> None:
        if workers is not None and workers < 1:
            raise ValueError(f"workers: {workers} is not a number of processes >= 1")
        if margin_s < 0:
            raise ValueError(f"margin_s: {margin_s} must be >= 0")
        if max_wait_s <= 0:
            raise ValueError(f"max_wait_s: {max_wait_s} must be > 0")
        self.size = workers if workers is not None else default_workers()
        self.margin_s = margin_s
        self.stall = dict(stall) if stall is not None else parse_stall(os.environ.get(STALL_ENV))
        self.stats: collections.Counter[str] = collections.Counter()
        self._ctx: Any = multiprocessing.get_context(context)
        if context == "forkserver":  # (its server imports what a worker's warm-up would: each fork starts warm)
            self._ctx.set_forkserver_preload(FORKSERVER_PRELOAD)
        self._start_timeout_s = start_timeout_s
        self.max_wait_s = max_wait_s
        self._workers: set[_Worker] = set()
        self._idle: collections.deque[_Worker] = collections.deque()
        self._waiters: collections.deque[asyncio.Future[_Worker | None]] = collections.deque()
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._processes: set[Any] = set()  # started and not yet reaped
        self._started = False
        self._closed = False

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Start every worker and wait until each has imported the solver and searched once."""
        if self._started:
            return
        self._started = True
        try:
            await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        except BaseException:
            await self.close()
            raise
        log.info("bot pool: %d workers ready (pids %s)", self.size, ", ".join(map(str, self.pids())))

    async def close(self) -> None:
        """Stop every worker (idle ones are asked, busy ones killed); jobs still waiting get BotPoolClosed."""
        if self._closed:
            return
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        while self._waiters:
            fut = self._waiters.popleft()
            if not fut.done():
                fut.set_exception(BotPoolClosed("the bot pool was closed"))
        workers = list(self._workers)
        for w in workers:
            if w.job is None and w.ready.done():
                try:
                    w.conn.send(None)
                except OSError:
                    pass
            else:
                self._stop(w, BotPoolClosed("the bot pool was closed"))
        await self._reap(list(self._processes), grace_s=2.0)
        for w in workers:
            self._stop(w, BotPoolClosed("the bot pool was closed"))
        await self._reap(list(self._processes), grace_s=5.0)
        self._idle.clear()

    async def __aenter__(self) -> BotPool:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ what tests and the node may read

    def pids(self) -> list[int]:
        """Process ids of the workers that are up (started and warmed up)."""
        return sorted(w.pid for w in self._workers if w.ready.done() and not w.dead)

    def busy_pids(self) -> list[int]:
        """Process ids of the workers running a job now."""
        return sorted(w.pid for w in self._workers if w.job is not None and not w.dead)

    @property
    def queued(self) -> int:
        """Jobs waiting for a free worker."""
        return sum(1 for f in self._waiters if not f.done())

    # ------------------------------------------------------------------ choosing

    async def choose(self, req: RequestBotMove) -> BotAnswer:
        """The bot's move for ``req``; never raises for a bot failure (see the module docstring)."""
        if self._closed or not self._started:
            raise BotPoolClosed("the bot pool is closed" if self._closed else "the bot pool was not started")
        if req.level not in LEVELS:
            raise BotRequestError(f"room {req.room}: unknown bot level {req.level!r}; levels are: {', '.join(LEVELS)}")
        loop = asyncio.get_running_loop()
        self.stats["jobs"] += 1
        queued_at = loop.time()
        floor = min(req.budget_s, MIN_BUDGET_S)
        answer_by = window_end = math.inf  # set when the first try starts
        why: list[str] = []
        for i, level in enumerate(ladder(req.level)):
            first = i == 0
            if not first and loop.time() >= window_end - 0.01:
                break
            w = await self._acquire(front=not first, until=queued_at + self.max_wait_s if first else window_end)
            if w is None:
                why.append(f"no worker free within {self.max_wait_s:g} s" if first else "no worker free in time")
                break
            now = loop.time()
            if first:
                budget = max(floor, req.budget_s - (now - queued_at))
                answer_by = now + budget
                window_end = answer_by + self._margin(budget)
            else:
                budget = max(floor, answer_by - now)
            kill_at = min(now + budget + self._margin(budget), window_end)
            try:
                reply = await self._run(w, req, level, budget, kill_at)
            except _Failed as e:
                why.append(f"{level}: {e}")
                continue
            if reply[1] == "bad":
                raise BotRequestError(f"room {req.room} ply {req.ply}: {reply[2]}")
            if reply[1] == "failed":
                self.stats["failed"] += 1
                log.warning("bot in room %s (%s, ply %d) raised: %s", req.room, level, req.ply, reply[2])
                why.append(f"{level}: {reply[2]}")
                continue
            _, _, text, value, depth, nodes, reason = reply
            if not first:
                self.stats["fallbacks"] += 1
            return BotAnswer(req.room, req.seat, req.ply, text, level, value, depth, nodes, reason, not first)
        self.stats["fallbacks"] += 1
        self.stats["in_process"] += 1
        log.warning("bot in room %s (ply %d): random move in the node after %s", req.room, req.ply, "; ".join(why))
        return _random_answer(req, "; ".join(why))

    def _margin(self, budget: float) -> float:
        return 0.25 * budget + self.margin_s

    async def _run(self, w: _Worker, req: RequestBotMove, level: str, budget: float, kill_at: float) -> tuple[Any, ...]:
        """One try on worker ``w`` (already taken from the idle list)."""
        loop = asyncio.get_running_loop()
        job = _Try(next(self._ids), loop.create_future(), loop.time(), budget)
        w.job = job
        try:
            w.conn.send((job.id, req.room, req.game, req.params, tuple(req.moves), level, budget))
        except OSError:
            self._lost(w, "crashed")
        else:
            w.timer = loop.call_at(kill_at, self._overran, w, job)
        try:
            return await job.future
        except asyncio.CancelledError:
            if w.job is job and loop.time() > job.started + budget + 0.05:
                self.stats["restarts"] += 1
                self._lost(w, "cancelled past its budget")
            raise

    # ------------------------------------------------------------------ workers

    async def _spawn(self) -> None:
        """Start one worker and wait until it is ready (then it is in the idle list)."""
        loop = asyncio.get_running_loop()
        try:
            parent, child = self._ctx.Pipe(duplex=True)
        except OSError as e:  # e.g. out of file descriptors: the caller tries again later
            raise RuntimeError(f"a bot worker could not be started: {e}") from None
        process = self._ctx.Process(target=_worker_main, args=(child, self.stall), name="grundy-bot", daemon=True)
        try:
            process.start()
        except OSError as e:
            parent.close()
            child.close()
            raise RuntimeError(f"a bot worker could not be started: {e}") from None
        self._processes.add(process)
        child.close()
        w = _Worker(process, parent, loop.create_future())
        self._workers.add(w)
        loop.add_reader(parent.fileno(), self._readable, w)
        try:
            await asyncio.wait_for(asyncio.shield(w.ready), self._start_timeout_s)
        except (TimeoutError, _Failed) as e:
            self._stop(w, e if isinstance(e, _Failed) else _Failed("did not start in time"))
            raise RuntimeError(f"bot worker {w.pid} did not start: {e or 'timed out'}") from None
        except asyncio.CancelledError:
            self._stop(w, _Failed("start cancelled"))
            raise

    def _replace(self) -> None:
        """Start a worker in place of a lost one (retrying with a pause while starts fail)."""

        async def replace() -> None:
            for attempt in itertools.count():
                try:
                    await self._spawn()
                    return
                except Exception as e:  # keep trying: the pool must not lose capacity for good
                    log.error("bot pool: %s; trying again", e)
                    await asyncio.sleep(min(30.0, 0.5 * 2**attempt))

        if not self._closed:
            task = asyncio.get_running_loop().create_task(replace(), name="grundy-bot-replace")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _readable(self, w: _Worker) -> None:
        try:
            while not w.dead and w.conn.poll():
                self._message(w, w.conn.recv())
        except (EOFError, OSError):
            self._lost(w, "crashed" if w.ready.done() else "died while starting")

    def _message(self, w: _Worker, msg: tuple[Any, ...]) -> None:
        if msg[0] == "ready":
            if not w.ready.done():
                w.ready.set_result(None)
            self._release(w)
            return
        job = w.job
        if job is None or job.id != msg[0]:
            return  # an answer nobody waits for any more
        w.job = None
        if w.timer is not None:
            w.timer.cancel()
            w.timer = None
        self._release(w)
        if not job.future.done():
            job.future.set_result(msg)

    def _overran(self, w: _Worker, job: _Try) -> None:
        if w.job is job and not w.dead:
            self.stats["overruns"] += 1
            log.warning("bot worker %d overran its %.3f s budget: killed and replaced", w.pid, job.budget)
            self._lost(w, "overran its budget")

    def _lost(self, w: _Worker, why: str) -> None:
        """A worker died or must die: kill it, fail its job, start another."""
        if w.dead:
            return
        if self._closed:  # a worker leaving as asked
            self._stop(w, BotPoolClosed("the bot pool was closed"))
            return
        if why == "crashed":
            self.stats["crashes"] += 1
            log.warning("bot worker %d crashed (exit code %s): replaced", w.pid, w.process.exitcode)
        self._stop(w, _Failed(f"worker {w.pid} {why}"))
        task = asyncio.get_running_loop().create_task(self._reap([w.process], grace_s=5.0))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        self._replace()

    def _stop(self, w: _Worker, error: BaseException) -> None:
        """Kill ``w`` now and fail whatever waited on it (idempotent)."""
        if not w.dead:
            w.dead = True
            try:
                asyncio.get_running_loop().remove_reader(w.conn.fileno())
            except (OSError, ValueError):
                pass
            w.conn.close()
            if w.timer is not None:
                w.timer.cancel()
            if w.process.is_alive():
                w.process.kill()
        if w in self._idle:
            self._idle.remove(w)
        if not w.ready.done():
            w.ready.set_exception(error)
            w.ready.exception()  # retrieved: a worker that fails while starting is reported by _spawn
        job, w.job = w.job, None
        if job is not None and not job.future.done():
            job.future.set_exception(error)
        self._workers.discard(w)

    async def _reap(self, processes: list[Any], grace_s: float) -> None:
        """Wait (without blocking the loop) for processes to exit, killing them at the end of the grace time."""
        deadline = time.monotonic() + grace_s
        pending = [p for p in processes if p.exitcode is None]
        while pending and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
            pending = [p for p in pending if p.is_alive()]
        for p in pending:
            p.kill()
        for p in processes:
            p.join(1.0)
            if p.exitcode is not None:
                self._processes.discard(p)

    # ------------------------------------------------------------------ the queue

    async def _acquire(self, *, front: bool, until: float | None) -> _Worker | None:
        """An idle worker, waiting in line for one; None when ``until`` (loop time) passes first."""
        if self._idle and (front or not self._waiters):
            return self._idle.popleft()
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[_Worker | None] = loop.create_future()
        if front:
            self._waiters.appendleft(fut)
        else:
            self._waiters.append(fut)

        def give_up() -> None:
            if not fut.done():
                fut.set_result(None)

        timer = None if until is None else loop.call_at(until, give_up)
        try:
            return await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled() and fut.exception() is None and fut.result() is not None:
                self._release(fut.result())  # handed a worker just as the caller gave up
            raise
        finally:
            if timer is not None:
                timer.cancel()
            if fut in self._waiters:
                self._waiters.remove(fut)

    def _release(self, w: _Worker | None) -> None:
        """Hand a free worker to the first job in line, or put it in the idle list."""
        if w is None or w.dead or self._closed:
            return
        while self._waiters:
            fut = self._waiters.popleft()
            if not fut.done():
                fut.set_result(w)
                return
        self._idle.append(w)


def shown_params(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """A request's parameters as a message may show them (in the log): without the game's secret ones."""
    try:
        secret = {p.name for p in rules.game_class(game).parameters if p.secret}
    except Exception:
        return {}
    return {k: ("<secret>" if k in secret else v) for k, v in params.items()}


def _random_answer(req: RequestBotMove, why: str) -> BotAnswer:
    """A uniformly random legal move computed here: the last resort when no worker answered."""
    try:
        game = rules.create(req.game, **req.params)
        state = game.replay(req.moves)
        moves = game.legal_moves(state)
    except (ValueError, TypeError) as e:
        shown = shown_params(req.game, req.params)
        raise BotRequestError(f"room {req.room} ply {req.ply}: {req.game} {shown!r}: {e}") from None
    if not moves:
        raise BotRequestError(f"room {req.room} ply {req.ply}: the game is over: there is no move to choose")
    text = game.format_move(state, random.choice(moves))
    return BotAnswer(req.room, req.seat, req.ply, text, "random", reason=f"in the node after: {why}", fallback=True)
