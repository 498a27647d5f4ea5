"""Web client tests run against a real node: one embedded node (ephemeral port, SQLite file, bot workers)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from grundy.server.node import Node
from tests.server.e2e.conftest import node_factory
from tests.server.e2e.wsclient import NodeFactory


@pytest.fixture
async def make_node(tmp_path: Path) -> AsyncIterator[NodeFactory]:
    async with node_factory(tmp_path, cluster=False) as make:
        yield make


@pytest.fixture
async def node(make_node: NodeFactory) -> Node:
    return await make_node()


@pytest.fixture
async def browser() -> AsyncIterator[object]:
    """A headless Chromium (skipped without one, except in CI: see tests/web/browser.py)."""
    from tests.web.browser import launch

    async for b in launch():
        yield b
