"""Cluster mode: several nodes sharing one Redis (``grundy serve --redis URL``).

The adapters of the server's ports over Redis, and the shell pieces that only a cluster needs:

* :mod:`.keys` — every key and channel the cluster uses (docs/STORE.md lists them);
* :mod:`.store` — :class:`RedisStore`, the store port: rooms and their move logs fenced by
  the room's lease, sessions, ratings, spectators, tournaments;
* :mod:`.bus` — publish/subscribe between nodes: frames to a session wherever it is
  connected, requests forwarded to the node that runs a room;
* :mod:`.shell` — :class:`Cluster`, what a node in cluster mode adds: room leases (claim,
  renew, take over rooms whose owner died), the session registry, forwarding.
* :mod:`.adapters` — the Redis adapters of the node's placement, forwarder, presence, listing
  and results ports (``server.ports``), over :class:`Cluster`;
* :mod:`.directory` — :class:`ClusterDirectory`, the directory port (players, quick-match queues);
* :mod:`.compose` — :func:`cluster_node`, the node of cluster mode: a ``server.node.Node`` built
  with these adapters (nothing subclasses the node).
"""
