"""Client tests run against a real node: one embedded node (ephemeral port, SQLite file, bot workers).

(The server's end-to-end suite runs against a two-node cluster as well; the clients speak the
same protocol to either, so their tests use one node.)
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from grundy.server.node import Node
from tests.server.e2e.conftest import node_factory, url  # noqa: F401  (url: client tests import it from here)
from tests.server.e2e.wsclient import NodeFactory


@pytest.fixture
async def make_node(tmp_path: Path) -> AsyncIterator[NodeFactory]:
    async with node_factory(tmp_path, cluster=False) as make:
        yield make


@pytest.fixture
async def node(make_node: NodeFactory) -> Node:
    return await make_node()
