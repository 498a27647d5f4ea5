"""Store writes nobody waits for (spectators, ratings, tournament snapshots), done in order."""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("grundy.background")


class Background:
    """Runs asynchronous jobs one after another in the order they were put; a failure is logged, never raised.

    The rooms' own writes never come here (a room waits for them: ``server.actor.GroupCommit``);
    this is for bookkeeping whose order matters but whose caller goes on at once.
    """

    def __init__(self) -> None:
        self._queue: collections.deque[tuple[str, Callable[[], Awaitable[Any]]]] = collections.deque()
        self._task: asyncio.Task[None] | None = None

    def put(self, what: str, job: Callable[[], Awaitable[Any]]) -> None:
        """Queue ``job`` (a coroutine function); ``what`` names it in the log if it fails."""
        self._queue.append((what, job))
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="background writes")

    async def _run(self) -> None:
        try:
            while self._queue:
                what, job = self._queue.popleft()
                try:
                    await job()
                except Exception:
                    log.exception("background write failed: %s", what)
        finally:
            self._task = None

    async def drain(self) -> None:
        """Wait until every queued job has run (shutdown, before the store closes)."""
        while self._task is not None:
            await asyncio.shield(self._task)

    def __len__(self) -> int:
        return len(self._queue)
