"""The group commit (server/actor.py ``GroupCommit``) on stores that answer at once and stores that wait.

A store that answers without waiting (the embedded one) has the group stored, and every room gone
on, before ``flush`` returns: no task, no turn of the loop between the moves' arrival and their
messages.  A store that waits (a cluster's, on Redis) goes on in a task, and what it waits for
(an answer, a failure, a cancellation) reaches it as it would have in a task of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from grundy.server.actor import GroupCommit, _Pending, _rest_of
from grundy.server.ports import StoredMove, Write


async def until(condition: Any, what: str, timeout: float = 5.0) -> None:
    """Let the loop run the tasks until ``condition()`` holds (fails naming ``what`` after ``timeout`` seconds)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"never: {what}"
        await asyncio.sleep(0)  # (one turn of the loop: the tasks under test run, nothing else to wait on)


class Shell:
    """What the group commit calls of a room's shell, noted."""

    def __init__(self, room_id: str) -> None:
        self.id = room_id
        self.stored: list[Any] = []
        self.failed: list[Exception | None] = []
        self.resumed = 0

    def _after_store(self, old: Any, new: Any, effects: list[Any]) -> None:
        self.stored.append(new)

    def _store_failed(self, session: str | None, ref: Any, error: Exception | None = None) -> None:
        self.failed.append(error)

    def _resume(self) -> None:
        self.resumed += 1

    def fault(self, error: BaseException, session: str | None = None, ref: Any = None) -> None:
        raise AssertionError(f"the room faulted: {error!r}")


class AtOnce:
    """A store that answers without waiting, as the embedded one does."""

    def __init__(self) -> None:
        self.groups: list[list[Write]] = []

    async def write(self, writes: Sequence[Write]) -> None:
        self.groups.append(list(writes))


class Waiting:
    """A store whose every write waits until the test answers it (its future), as a cluster's waits on Redis."""

    def __init__(self) -> None:
        self.asked: list[tuple[list[Write], asyncio.Future[None]]] = []
        self.groups: list[list[Write]] = []

    async def write(self, writes: Sequence[Write]) -> None:
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.asked.append((list(writes), answer))
        await answer
        self.groups.append(list(writes))


def pending(shell: Shell, ply: int) -> _Pending:
    move = (shell.id, StoredMove(ply, ply % 2, "1", 1.0))
    return _Pending(shell, None, f"room {shell.id} after ply {ply}", [], [move], "s1", ply)  # type: ignore[arg-type]


async def test_a_store_that_answers_at_once_has_every_room_gone_on_when_flush_returns() -> None:
    store, a, b = AtOnce(), Shell("a"), Shell("b")
    commit = GroupCommit(store)  # type: ignore[arg-type]
    commit.add(pending(a, 0))
    commit.add(pending(b, 0))
    assert commit.scheduled
    commit.flush()
    assert len(store.groups) == 1 and len(store.groups[0]) == 2  # (one unit of work for both rooms)
    assert a.stored == ["room a after ply 0"] and b.stored == ["room b after ply 0"]
    assert a.resumed == b.resumed == 1
    assert not commit.running and not commit.scheduled and commit.inline
    commit.flush()  # (nothing waiting: nothing stored)
    assert len(store.groups) == 1


async def test_a_store_that_waits_goes_on_in_a_task_and_the_rooms_wait_for_its_answer() -> None:
    store, a = Waiting(), Shell("a")
    commit = GroupCommit(store)  # type: ignore[arg-type]
    commit.add(pending(a, 0))
    assert commit.inline
    commit.flush()
    assert len(store.asked) == 1  # (asked at once, in flush)
    assert len(commit.running) == 1 and a.resumed == 0
    assert not commit.inline  # (the store waited: its next groups go to a task at once)
    commit.add(pending(a, 1))  # (the next turn's group goes on while the first one waits)
    commit.flush()
    assert len(store.asked) == 1 and len(commit.running) == 2
    await until(lambda: len(store.asked) == 2, "the second group asked")
    store.asked[0][1].set_result(None)
    store.asked[1][1].set_result(None)
    await asyncio.wait_for(commit.drain(), 5)
    assert a.stored == ["room a after ply 0", "room a after ply 1"] and a.resumed == 2 and a.failed == []
    assert not commit.running


async def test_a_failure_the_waiting_store_hears_reaches_it_and_each_room_is_tried_alone() -> None:
    store, a, b = Waiting(), Shell("a"), Shell("b")
    commit = GroupCommit(store)  # type: ignore[arg-type]
    commit.add(pending(a, 0))
    commit.add(pending(b, 0))
    commit.flush()
    store.asked[0][1].set_exception(OSError("the link went down"))
    await until(lambda: len(store.asked) == 2, "room a's writes tried alone")  # (the group failed)
    store.asked[1][1].set_result(None)
    await until(lambda: len(store.asked) == 3, "room b's writes tried alone")
    store.asked[2][1].set_exception(OSError("still down"))
    await asyncio.wait_for(commit.drain(), 5)
    assert a.stored == ["room a after ply 0"] and a.failed == []
    assert b.stored == [] and len(b.failed) == 1 and str(b.failed[0]) == "still down"
    assert a.resumed == b.resumed == 1


async def test_the_rest_of_a_started_coroutine_gets_what_its_task_gets() -> None:
    seen: list[Any] = []
    loop = asyncio.get_running_loop()
    first: asyncio.Future[int] = loop.create_future()
    second: asyncio.Future[int] = loop.create_future()
    third: asyncio.Future[int] = loop.create_future()

    async def body() -> None:
        seen.append(await first)
        try:
            await second
        except ValueError as e:
            seen.append(str(e))
        try:
            await third
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise

    coro = body()
    awaiting = coro.send(None)
    assert awaiting is first
    task = loop.create_task(_rest_of(coro, awaiting))
    first.set_result(1)
    second.set_exception(ValueError("refused"))
    await until(lambda: len(seen) == 2, "the refusal heard")  # (and the body now awaits the third)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert seen == [1, "refused", "cancelled"]
