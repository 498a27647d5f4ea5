"""Fixtures: a real node on an ephemeral port with a real SQLite file and real bot worker processes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from grundy.server.node import Node, NodeConfig
from tests.server.e2e.wsclient import NodeFactory, url  # noqa: F401  (url: client tests import it from here)


@pytest.fixture
async def make_node(tmp_path: Path) -> AsyncIterator[NodeFactory]:
    """Start nodes (``await make_node(grace_s=1)``, ``bots=BotPool(...)``); each is shut down after the test."""
    nodes: list[Node] = []

    async def make(bots: Any = None, **overrides: Any) -> Node:
        settings: dict[str, Any] = {"host": "127.0.0.1", "port": 0, "db": str(tmp_path / "grundy.db"), "workers": 1}
        settings.update(overrides)
        node = Node(NodeConfig(**settings), bots=bots)
        await node.start()
        nodes.append(node)
        return node

    yield make
    for node in nodes:
        await node.shutdown()


@pytest.fixture
async def node(make_node: NodeFactory) -> Node:
    return await make_node()
