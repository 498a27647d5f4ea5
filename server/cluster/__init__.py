"""Cluster mode: several nodes sharing one Redis (``grundy serve --redis URL``).

The adapters of the server's ports over Redis, and the shell pieces that only a cluster needs:

* :mod:`.keys` — every key and channel the cluster uses (docs/STORE.md lists them);
* :mod:`.store` — :class:`RedisStore`, the store port: rooms and their move logs fenced by
  the room's lease, sessions, ratings, spectators, tournaments;
* :mod:`.bus` — publish/subscribe between nodes: frames to a session wherever it is
  connected, requests forwarded to the node that runs a room;
* :mod:`.shell` — :class:`Cluster`, what a node in cluster mode adds, composed from parts with one
  job each: :mod:`.leases` (claim, renew, take over rooms whose owner died, hand over, which node
  runs a room), :mod:`.forwarding` (requests to the node that runs their room, each answered once;
  the delivery port), :mod:`.inbox` (what the nodes say to each other, every message a declared
  type), :mod:`.registry` (the session registry), :mod:`.listings` (the room list), :mod:`.members`
  (the live nodes and their addresses), :mod:`.outage` (Redis unreachable, then settling),
  :mod:`.asks` (administration across the nodes); :mod:`.terms` holds their bounds;
* :mod:`.adapters` — the Redis adapters of the node's placement, forwarder, presence, listing,
  results and fleet ports (``server.ports``), each given the parts of :class:`Cluster` it uses;
* :mod:`.directory` — :class:`ClusterDirectory`, the directory port (players, quick-match queues);
* :mod:`.compose` — :func:`cluster_node`, the node of cluster mode: a ``server.node.Node`` built
  with these adapters (nothing subclasses the node).
"""
