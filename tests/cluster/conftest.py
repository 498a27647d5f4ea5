"""Fixtures: a real redis-server per test, and real cluster nodes on it (each its own port and bot workers)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from grundy.server.cluster.compose import cluster_node
from grundy.server.node import Node, NodeConfig
from tests.cluster.redisproc import RedisServer
from tests.server.e2e.conftest import TEST_NODE, stop_nodes


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    workdir = tmp_path / "redis"
    workdir.mkdir()
    server = RedisServer(workdir).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def make_cluster_node(redis_server: RedisServer) -> AsyncIterator[Any]:
    """Start cluster nodes on the test's Redis (``await make_cluster_node(lease_ms=600)``); shut down after."""
    nodes: list[Node] = []

    async def make(
        bots: Any = None,
        lease_ms: int = 1000,
        replicas: int = 0,
        wait_ms: int = 1000,
        room_formats: frozenset[int] | None = None,
        node_id: str | None = None,
        **overrides: Any,
    ) -> Node:
        settings: dict[str, Any] = {"host": "127.0.0.1", "port": 0, "workers": 1, **TEST_NODE}
        settings.update(overrides)
        node = cluster_node(
            NodeConfig(**settings),
            redis_url=redis_server.url,
            lease_ms=lease_ms,
            bots=bots,
            replicas=replicas,
            wait_ms=wait_ms,
            node_id=node_id,
        )
        if room_formats is not None:  # (a node of another version: the room formats it reads)
            node.placement.cluster.store.room_formats = room_formats  # type: ignore[attr-defined]
        await node.start()
        nodes.append(node)
        return node

    yield make
    await stop_nodes(nodes)


@pytest.fixture
async def nodes(redis_server: RedisServer, tmp_path: Path) -> AsyncIterator[Any]:
    """Start cluster nodes as processes of their own (``await nodes("n1", *more_flags, lease_ms=...)``); stopped
    after the test."""
    from tests.cluster.procs import NodeProcess

    started: list[NodeProcess] = []

    async def start(node_id: str, *extra: str, **kw: Any) -> NodeProcess:
        node = await NodeProcess.start(redis_server.url, tmp_path, node_id, *extra, **kw)
        started.append(node)
        return node

    yield start
    await asyncio.gather(*(node.stop() for node in started))  # (each bounded: NodeProcess.stop; all at once)
