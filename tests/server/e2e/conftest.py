"""Fixtures: a real node on an ephemeral port with a real SQLite file and real bot worker processes.

Every end-to-end test runs twice: against one embedded node, and against a two-node cluster
on a real redis-server (``grundy serve --redis``), where ``url(node)`` hands out the two nodes
in turn, as a round-robin load balancer would, so the players of one game sit on different
nodes.  A test of something only one node has (its SQLite file, a restart from it, its own
health counts) is marked ``embedded_only``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from grundy.server.node import Node, NodeConfig
from tests.server.e2e.wsclient import NodeFactory, url  # noqa: F401  (url: client tests import it from here)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("make_node") == CLUSTER and item.get_closest_marker(
            "embedded_only"
        ):
            item.add_marker(pytest.mark.skip(reason="about one node's own store or state"))


EMBEDDED, CLUSTER = "one node", "two-node cluster"
LEASE_MS = 3000
# Every test node: bot workers forked warm (not a fresh interpreter each: a node starts in a fraction of the time),
# and no full collection and freeze of the test process's heap at each start (tests/server/e2e/test_node_commit.py
# tests that tuning).
TEST_NODE: dict[str, Any] = {"bot_start_method": "forkserver", "gc_young": 0}
STOP_BOUND_S = 60.0  # a node's shutdown is bounded (its own stages are): past this, a fixture's teardown fails


async def stop_nodes(nodes: list[Node]) -> None:
    """Shut every node down, whatever the test left (clients still connected, a node half-stopped, Redis gone);
    each within STOP_BOUND_S, else its bot workers are killed and the teardown fails naming it.  The clients
    of a test are not told to move (``leave_grace_s`` 0: a test of the move stops its node itself)."""
    stuck: list[str] = []
    for node in nodes:
        with contextlib.suppress(Exception):
            node.config = dataclasses.replace(node.config, leave_grace_s=0.0)
        stopping = asyncio.ensure_future(node.shutdown())
        done, _ = await asyncio.wait({stopping}, timeout=STOP_BOUND_S)  # (not wait_for: it waits for a cancellation)
        if done:
            if stopping.exception() is not None:
                stuck.append(f"node on port {node.port} failed to stop: {stopping.exception()!r}")
        else:
            stopping.cancel()
            stuck.append(f"node on port {node.port} did not stop in {STOP_BOUND_S:.0f} s")
            for proc in list(getattr(getattr(node._bots, "inner", None), "_processes", ())):
                with contextlib.suppress(Exception):
                    proc.kill()
    assert not stuck, "; ".join(stuck)


@contextlib.asynccontextmanager
async def node_factory(tmp_path: Path, cluster: bool) -> AsyncIterator[NodeFactory]:
    """Start nodes (``await make(grace_s=1)``, ``bots=BotPool(...)``); each is shut down at the end.

    With ``cluster`` each call starts two nodes on a redis-server of its own and returns the
    first; ``url()`` alternates between them.
    """
    nodes: list[Node] = []
    redis = None
    if cluster:
        from tests.cluster.redisproc import RedisServer

        (tmp_path / "redis").mkdir()
        redis = RedisServer(tmp_path / "redis", aof=False).start()

    async def make(bots: Any = None, **overrides: Any) -> Node:
        settings: dict[str, Any] = {"host": "127.0.0.1", "port": 0, "db": str(tmp_path / "grundy.db"), "workers": 1}
        # A stopping cluster node waits up to the leave grace for its clients to move; these test clients do not
        # (tests/cluster/test_drain_resume.py tests the move): they are closed at once, as an embedded node does.
        settings["leave_grace_s"] = 0.0
        settings.update(TEST_NODE)
        settings.update(overrides)
        if redis is None:
            node = Node(NodeConfig(**settings), bots=bots)
            await node.start()
            nodes.append(node)
            return node
        from grundy.server.cluster.compose import cluster_node

        # The product's lease (3 s): both nodes share this test's event loop, so on a loaded machine a
        # shorter one lapses while the loop is busy and the other node takes the room over mid-test.
        # (Take-overs are tested with short leases in tests/cluster/.)
        first = cluster_node(NodeConfig(**settings), redis_url=redis.url, lease_ms=LEASE_MS, bots=bots)
        second = cluster_node(NodeConfig(**settings), redis_url=redis.url, lease_ms=LEASE_MS)
        # Both at once, as a cluster's nodes start (each waits on its bot workers); each one started is stopped after.
        started = await asyncio.gather(first.start(), second.start(), return_exceptions=True)
        nodes.extend(n for n, failed in zip((first, second), started, strict=True) if failed is None)
        for failed in started:
            if failed is not None:
                raise failed
        first.peers = [second]  # type: ignore[attr-defined]
        return first

    try:
        yield make
    finally:
        try:
            await stop_nodes(nodes)
        finally:
            if redis is not None:
                redis.stop()


@pytest.fixture(params=[EMBEDDED, CLUSTER])
async def make_node(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[NodeFactory]:
    """Start nodes (``await make_node(grace_s=1)``): one embedded node, or (second run) a two-node cluster."""
    async with node_factory(tmp_path, request.param == CLUSTER) as make:
        yield make


@pytest.fixture
async def node(make_node: NodeFactory) -> Node:
    return await make_node()
