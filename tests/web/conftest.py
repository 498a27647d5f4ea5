"""Web client tests run against a real node: one embedded node (ephemeral port, SQLite file, bot workers).

**One event loop** for the web tests of a test process (``loop_scope="session"``: the tests here, and every async
fixture of this folder, run on it), so that one Playwright driver serves them all (:func:`playwright`): starting a
driver for each test cost about a second of a loaded machine.  What a test leaves running on the loop (a task its
fixtures did not stop) is cancelled after it (:func:`no_task_left`), as the end of a loop of its own would.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from grundy.server.node import Node
from tests.server.e2e.conftest import node_factory
from tests.server.e2e.wsclient import NodeFactory
from tests.web.browser import Chromium, connect, driver, skip_without_chromium

HERE = Path(__file__).parent
SHARED = "session"  # the loop of the web tests
LEFT_S = 10.0  # how long the tasks a test left may take to end once cancelled


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this folder on the shared loop (a marker of its own, if any, still wins)."""
    for item in items:
        if HERE in Path(str(item.path)).parents and item.get_closest_marker("asyncio") is not None:
            marker = item.get_closest_marker("asyncio")
            if not (marker.kwargs.get("loop_scope") or marker.kwargs.get("scope")):
                item.add_marker(pytest.mark.asyncio(loop_scope=SHARED), append=False)


def _ours(task: asyncio.Task[Any]) -> bool:
    """A task of the test's, not of the shared Playwright driver's connection."""
    code = getattr(task.get_coro(), "cr_code", None)
    return code is None or "/playwright/" not in code.co_filename


@pytest_asyncio.fixture(autouse=True, loop_scope=SHARED)
async def no_task_left() -> AsyncIterator[None]:
    """After each test (and its fixtures: this one ends last), the tasks it started and left running are cancelled."""
    before = asyncio.all_tasks()
    yield
    left = [t for t in asyncio.all_tasks() - before if not t.done() and t is not asyncio.current_task() and _ours(t)]
    for task in left:
        task.cancel()
    if left:
        with contextlib.suppress(Exception):
            await asyncio.wait(left, timeout=LEFT_S)


@pytest_asyncio.fixture(loop_scope=SHARED)
async def make_node(tmp_path: Path) -> AsyncIterator[NodeFactory]:
    async with node_factory(tmp_path, cluster=False) as make:
        yield make


@pytest_asyncio.fixture(loop_scope=SHARED)
async def node(make_node: NodeFactory) -> Node:
    return await make_node()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    """One headless chromium for this test process's browser tests (skipped without one, except in CI)."""
    skip_without_chromium()
    shared = Chromium()
    try:
        yield shared
    finally:
        shared.stop()


@pytest_asyncio.fixture(scope="session", loop_scope=SHARED)
async def playwright(chromium: Chromium) -> AsyncIterator[Any]:
    """One Playwright driver for this test process's browser tests, on their shared loop."""
    async for pw in driver():
        yield pw


@pytest_asyncio.fixture(loop_scope=SHARED)
async def browser(chromium: Chromium, playwright: Any) -> AsyncIterator[object]:
    """The shared chromium, to open contexts in (each as a browser of its own); they are closed after the test."""
    async for b in connect(chromium, playwright):
        yield b
