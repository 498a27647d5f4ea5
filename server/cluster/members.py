"""The cluster's members: which nodes are alive (their liveness keys), and where clients reach them."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from grundy.server.cluster.keys import Keys
from grundy.server.cluster.outage import Outage
from grundy.server.cluster.store import _text
from grundy.server.cluster.terms import ADDRESSES_S, MAX_ADDRESSES


class Members:
    """This node's liveness key, and the other nodes' (``nodes``, ``node:{id}``): who is alive, and where."""

    def __init__(self, r: Any, keys: Keys, node_id: str, lease_ms: int, outage: Outage) -> None:
        self.r = r
        self.keys = keys
        self.node_id = node_id
        self.lease_ms = lease_ms
        self.outage = outage
        # Where clients reach this node (``--public-url``, or its host and port; given when the cluster starts),
        # kept as the value of its liveness key; ``addresses``: every live node's, this one's first
        # (``welcome.nodes``), refreshed every ADDRESSES_S.
        self.address: Callable[[], str] = lambda: ""
        self.addresses: list[str] = []
        self.addresses_at = 0.0

    async def join(self, address: Callable[[], str]) -> None:
        """This node is alive, reached at ``address()`` (read again at each renewal)."""
        self.address = address
        await self.alive_now()
        await self.r.sadd(self.keys.nodes, self.node_id)
        await self.refresh_addresses()

    async def alive_now(self) -> None:
        """This node's liveness key, for one lease."""
        await self.r.set(self.keys.node(self.node_id), self.address(), px=self.lease_ms)

    async def leave(self) -> None:
        await self.r.delete(self.keys.node(self.node_id), self.keys.listed(self.node_id))
        await self.r.srem(self.keys.nodes, self.node_id)

    async def alive(self, nodes: set[str]) -> set[str]:
        """The nodes among ``nodes`` whose liveness key is there; settling after an outage, all of them
        (their keys lapsed during the outage, and they are given a lease to re-assert them)."""
        ordered = sorted(nodes)
        if not ordered:
            return set()
        if not self.outage.serving():
            return set(ordered)
        pipe = self.r.pipeline(transaction=False)
        for n in ordered:
            pipe.exists(self.keys.node(n))
        return {n for n, e in zip(ordered, await pipe.execute(), strict=True) if e}

    async def known(self) -> set[str]:
        """Every node that joined and did not leave (alive or not)."""
        return {_text(n) for n in await self.r.smembers(self.keys.nodes)}

    async def live_nodes(self) -> list[str]:
        """Every live node of the cluster, this one first."""
        if not self.outage.serving():
            raise self.outage.unavailable()
        alive = await self.alive(await self.known() | {self.node_id})
        return [self.node_id, *sorted(alive - {self.node_id})]

    async def others_alive(self) -> bool:
        """Whether another node of the cluster is alive now (its liveness key is there)."""
        nodes = [n for n in await self.known() if n != self.node_id]
        return bool(nodes) and any(v is not None for v in await self.r.mget([self.keys.node(n) for n in nodes]))

    async def refresh_addresses(self) -> None:
        """Where the live nodes are reached (their liveness keys' values), this node's first."""
        self.addresses_at = time.monotonic() + ADDRESSES_S
        nodes = sorted(await self.known())
        found = await self.r.mget([self.keys.node(n) for n in nodes]) if nodes else []
        mine = self.address()
        others = sorted({u for v in found if v is not None and (u := _text(v)).startswith(("ws://", "wss://"))})
        self.addresses = ([mine] if mine else []) + [u for u in others if u != mine][: MAX_ADDRESSES - 1]
