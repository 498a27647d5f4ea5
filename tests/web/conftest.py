"""Web client tests run against a real node: one embedded node (ephemeral port, SQLite file, bot workers)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from grundy.server.node import Node
from tests.server.e2e.conftest import node_factory
from tests.server.e2e.wsclient import NodeFactory
from tests.web.browser import Chromium, connect, skip_without_chromium


@pytest.fixture
async def make_node(tmp_path: Path) -> AsyncIterator[NodeFactory]:
    async with node_factory(tmp_path, cluster=False) as make:
        yield make


@pytest.fixture
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


@pytest.fixture
async def browser(chromium: Chromium) -> AsyncIterator[object]:
    """The shared chromium, to open contexts in (each as a browser of its own); they are closed after the test."""
    async for b in connect(chromium):
        yield b
