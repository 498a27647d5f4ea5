"""The node of cluster mode (``grundy serve --redis URL``): a :class:`~grundy.server.node.Node` composed
with the Redis adapters of its ports.

:func:`cluster_node` makes the node's :class:`.shell.Cluster` (leases, the bus, the session
registry), the adapters over it (``.adapters``), the store (:class:`.store.RedisStore`), the
delivery (:class:`.shell.ClusterDelivery`) and the directory (:class:`.directory.ClusterDirectory`),
and returns the node built with them.  Nothing else differs from a node alone.
"""

from __future__ import annotations

import dataclasses

from grundy.server.cluster.adapters import (
    ClusterCalls,
    RedisFleet,
    RedisForwarder,
    RedisListing,
    RedisPlacement,
    RedisPresence,
    RedisResults,
)
from grundy.server.cluster.directory import ClusterDirectory
from grundy.server.cluster.metrics import cluster_metrics
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
    host = ClusterCalls()
    cluster = Cluster(
        host, redis_url, node_id=node_id, lease_ms=lease_ms, replicas=replicas, wait_ms=wait_ms, bus_url=bus_url
    )
    host.placement = placement = RedisPlacement(cluster)
    host.forwarder = forwarder = RedisForwarder(cluster)
    host.forwarded_move = forwarder.forwarded_move  # type: ignore[method-assign]  # (every forwarded move: no hop)
    host.sessions = presence = RedisPresence(cluster)
    host.deliver_local = presence.deliver_local  # type: ignore[method-assign]  # (every frame for a session: no hop)
    host.results = results = RedisResults(cluster)
    host.fleet = fleet = RedisFleet(cluster)
    listing = RedisListing(cluster)
    # (the store the log names: no password)
    config = dataclasses.replace(config or NodeConfig(), db=cluster.target.where)
    node = Node(
        config,
        store=cluster.store,
        bots=bots,
        delivery=cluster.delivery,
        directory=ClusterDirectory(cluster),
        placement=placement,
        forwarder=forwarder,
        presence=presence,
        listing=listing,
        results=results,
        fleet=fleet,
    )
    for adapter in (placement, forwarder, presence, results, listing, fleet):
        adapter.node = node
    node.metrics.watch(lambda: cluster_metrics(cluster))  # GET /metrics: leases, take-overs, forwarded requests

    def address() -> str:
        """Where clients reach this node: ``--public-url``, else its host and port (none for a wildcard host)."""
        if config.public_url:
            return config.public_url
        port = node.port or config.port  # (port 0: known once the node listens)
        if config.host in ("", "0.0.0.0", "::") or not port:
            return ""
        host = f"[{config.host}]" if ":" in config.host else config.host
        return f"ws://{host}:{port}/"

    cluster.address = address
    return node
