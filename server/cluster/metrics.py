"""What a cluster node adds to the node's metrics (``server.metrics``): leases, take-overs, forwarded requests.

Read from :class:`.shell.Cluster`'s own counts at each scrape (nothing is counted twice on the
way): the leases this node holds now, the rooms and tournaments it took over from their log,
the requests it passed to other nodes and those other nodes passed to it (and the plain moves
among those that the native room took), how often a room's owner had to be looked up in Redis,
and the writes its replicas did not acknowledge in time.
"""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client.core import Metric

from grundy.server.cluster.shell import Cluster
from grundy.server.metrics import counter, gauge, labelled_counter, labelled_gauge

__all__ = ["cluster_metrics"]


def cluster_metrics(cluster: Cluster) -> Iterator[Metric]:
    store = cluster.store
    yield labelled_gauge(
        "leases_held",
        "Leases this node holds (the rooms and tournaments it runs)",
        "kind",
        (("room", len(store.held)), ("tournament", len(store.held_tournaments))),
    )
    yield labelled_counter(
        "takeovers",
        "Rooms and tournaments this node took over from their log (their node died or let them go)",
        "kind",
        (("room", cluster.leases.taken_over), ("tournament", cluster.leases.tournaments_taken_over)),
    )
    yield labelled_counter(
        "forwarded_requests",
        "Requests about a room or tournament run on another node: sent there from here, or received here",
        "direction",
        (("sent", cluster.forwards.forwards_sent), ("received", cluster.forwards_received)),
    )
    yield counter(
        "forwarded_moves_native",
        "Plain moves passed here from other nodes that the native room took (not decoded here)",
        cluster.forwards_native,
    )
    yield counter(
        "room_owner_lookups", "Rooms' owners looked up in Redis (not remembered)", cluster.leases.owner_lookups
    )
    yield counter(
        "writes_not_replicated",
        "Room writes (or reads before a room was run) that too few replicas acknowledged in time (WAIT)",
        store.not_replicated,
    )
    awaited = sum(map(len, cluster.forwards.awaiting.values()))
    yield gauge("forwards_awaited", "Requests sent to other nodes with no answer yet", awaited)
