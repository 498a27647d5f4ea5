"""The cluster's room list: each node writes its listed rooms (``listed:{node}``), and reads every live node's."""

from __future__ import annotations

from typing import Any

from grundy.server.cluster.keys import Keys
from grundy.server.cluster.members import Members


class Listings:
    """This node's entries in the cluster's room list, and every live node's."""

    def __init__(self, r: Any, keys: Keys, node_id: str, lease_ms: int, members: Members) -> None:
        self.r = r
        self.key = keys.listed(node_id)
        self.keys = keys
        self.lease_ms = lease_ms
        self.members = members

    async def list_rooms(self, summaries: dict[str, bytes]) -> None:
        """Replace this node's entries in the cluster's room list (kept a few leases unless refreshed)."""
        pipe = self.r.pipeline(transaction=True)
        pipe.delete(self.key)
        if summaries:
            pipe.hset(self.key, mapping=summaries)
            pipe.pexpire(self.key, 5 * self.lease_ms)
        await pipe.execute()

    async def list_room(self, rid: str, summary: bytes | None) -> None:
        await (self.r.hdel(self.key, rid) if summary is None else self.r.hset(self.key, rid, summary))

    async def listed_rooms(self) -> list[bytes]:
        """Every listed room of every live node."""
        nodes = await self.members.alive(await self.members.known())
        pipe = self.r.pipeline(transaction=False)
        for n in sorted(nodes):
            pipe.hvals(self.keys.listed(n))
        return [v for vals in await pipe.execute() for v in vals]
