"""The node of cluster mode (``grundy serve --redis URL``): a :class:`~grundy.server.node.Node` composed
with the Redis adapters of its ports.

:func:`cluster_node` makes the node's :class:`.shell.Cluster` (its parts: leases, forwarding, the
session registry, the listings, the inbox; the bus and the store, :class:`.store.RedisStore`), the
adapters over it (``.adapters.ClusterAdapters``), the delivery (:class:`.forwarding.ClusterDelivery`)
and the directory (:class:`.directory.ClusterDirectory`), and returns the node built with them, in one
pass: nothing is set on a part or patched once it is made.  The node gives the adapters its own parts
when it composes (``attach``), and the placement starts the cluster with the adapters as its host.
Nothing else differs from a node alone.
"""

from __future__ import annotations

import dataclasses

from grundy.server import native
from grundy.server.cluster.adapters import ClusterAdapters
from grundy.server.cluster.directory import ClusterDirectory
from grundy.server.cluster.metrics import cluster_metrics
from grundy.server.cluster.native_inbox import inbox_writer
from grundy.server.cluster.shell import Cluster
from grundy.server.config import NodeConfig
from grundy.server.node import Node
from grundy.server.ports import BotQueue

__all__ = ["cluster_node"]


def cluster_node(
    config: NodeConfig | None = None,
    *,
    redis_url: str,
    node_id: str | None = None,
    lease_ms: int = 3000,
    bots: BotQueue | None = None,
    replicas: int = 0,
    wait_ms: int = 1000,
    bus_url: str | None = None,
) -> Node:
    """A node of the cluster that shares the Redis at ``redis_url`` (not started yet; a URL, or the primary
    Sentinel names: :mod:`.connect`); ``replicas``: how many replicas hold a move before anyone hears of it;
    ``bus_url``: the Redis for publish/subscribe between the nodes, if not that one (``--redis-bus``)."""
    config = config or NodeConfig()
    cluster = Cluster(
        redis_url,
        node_id=node_id,
        lease_ms=lease_ms,
        replicas=replicas,
        wait_ms=wait_ms,
        bus_url=bus_url,
        move_write=native.move_write(config.native),
        inbox_writer=inbox_writer(config.native),
    )
    adapters = ClusterAdapters(cluster)
    # (the store the log names: no password)
    config = dataclasses.replace(config, db=cluster.target.where)
    node = Node(
        config,
        store=cluster.store,
        bots=bots,
        delivery=cluster.delivery,
        directory=ClusterDirectory(cluster),
        placement=adapters.placement,
        forwarder=adapters.forwarder,
        presence=adapters.presence_port,
        listing=adapters.listing,
        results=adapters.results,
        fleet=adapters.fleet,
    )
    node.metrics.watch(lambda: cluster_metrics(cluster))  # GET /metrics: leases, take-overs, forwarded requests
    return node
