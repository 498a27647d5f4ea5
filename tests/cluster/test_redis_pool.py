"""A burst of requests that each need Redis at the same instant waits for the pool instead of failing.

redis-py's pool holds 100 connections; a node whose players all move at once (each move from a
player connected to another node looks up the room's owner) needs more than that at one instant.
"""

from __future__ import annotations

import asyncio


async def test_more_simultaneous_redis_commands_than_the_pool_holds(make_cluster_node):
    node = await make_cluster_node()
    owners = await asyncio.gather(*(node.placement.cluster.store.leases.owner(f"r-{i}") for i in range(500)))
    assert owners == [None] * 500
