"""The session registry: where each session is connected (``online``), the rooms it holds anywhere
(``session:{id}:rooms``), and which other node a session was last heard from.

Sessions live in Redis (``session:{id}``, ``token:{token}``).  ``online`` says which node each connected
session is on; a session resumed on another node closes its old connection (a control frame on its
channel).  The rooms each session sits in, created or watches are kept in ``session:{id}:rooms`` by the
nodes running those rooms, so the node it reconnects to can tell each room that it is back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grundy.server.cluster.bus import CONTROL, Bus
from grundy.server.cluster.inbox import PresenceNotice, packed
from grundy.server.cluster.keys import Keys
from grundy.server.cluster.members import Members
from grundy.server.cluster.store import RedisStore, _text
from grundy.server.cluster.terms import OWNER_KEPT_S, OWNER_MEMORY

if TYPE_CHECKING:
    from grundy.server.sessions import Session

# KEYS: online ; ARGV: session, node -> forget the session's entry only if it is still this node's
_OFFLINE = r"""
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
"""


class SessionRegistry:
    """Where the cluster's sessions are connected, and the rooms each holds (see the module docstring)."""

    def __init__(
        self,
        r: Any,
        keys: Keys,
        node_id: str,
        bus: Bus,
        store: RedisStore,
        members: Members,
        background: Callable[[str, Any], None],
        gone: Callable[[str], None],
    ) -> None:
        """``gone(session)``: its connection here is gone (what was awaited for it is forgotten)."""
        self.r = r
        self.keys = keys
        self.node_id = node_id
        self.bus = bus
        self.store = store
        self.members = members
        self.background = background
        self.gone = gone
        self._offline = r.register_script(_OFFLINE)
        # session -> (the other node it is connected to, until when): learnt from its requests and presence
        # notices; its frames go to that node's inbox, batched (a stale entry costs a hop)
        self.where: dict[str, tuple[str, float]] = {}

    async def connected(self, session: Session, resumed: bool) -> None:
        """A session is connected here: it hears its channel, and any older connection elsewhere is closed."""
        if resumed:  # (the node that had it closes its connection; this node has done so already)
            self.bus.publish(self.keys.to_session(session.id), CONTROL + b"kick:" + self.node_id.encode())
            await self.bus.drain()
        await self.bus.listen(session.id)
        await self.r.hset(self.keys.online, session.id, self.node_id)

    async def disconnected(self, session: Session, back: Callable[[], bool] = lambda: False) -> None:
        """A session's connection here is gone: it is offline and its channel unheard, unless it is ``back``.

        ``back()`` says whether the session has a connection here again: a session that resumes
        here while this runs keeps its ``online`` entry and its channel (each step checks, and
        each step's Redis command goes after the resumption's own, on the same connection).
        """
        if back():
            return
        self.gone(session.id)  # (its answers would go nowhere)
        await self._offline(keys=[self.keys.online], args=[session.id, self.node_id])
        if back():
            await self.r.hset(self.keys.online, session.id, self.node_id)
            return
        await self.bus.forget(session.id)
        if back():
            await self.bus.listen(session.id)

    def kicked_by(self, data: bytes) -> bool:
        """Whether a control frame on a session's channel closes its connection here (it resumed on another node)."""
        return data[len(CONTROL) + len(b"kick:") :].decode() != self.node_id

    async def node_of(self, sid: str) -> str | None:
        """The live node a session is connected to, or None."""
        v = await self.r.hget(self.keys.online, sid)
        if v is None:
            return None
        node = _text(v)
        return node if await self.members.alive({node}) else None

    async def online_of(self, sessions: set[str]) -> set[str]:
        """The sessions connected to a live node (a dead node's sessions are not: they come back by resuming)."""
        if not sessions:
            return set()
        ordered = sorted(sessions)
        nodes = [None if n is None else _text(n) for n in await self.r.hmget(self.keys.online, ordered)]
        alive = await self.members.alive({n for n in nodes if n is not None})
        return {sid for sid, n in zip(ordered, nodes, strict=True) if n in alive}

    async def online(self) -> dict[str, str]:
        """Every session connected to a live node, with its node."""
        found = {_text(k): _text(v) for k, v in (await self.r.hgetall(self.keys.online)).items()}
        alive = await self.members.alive(set(found.values()))
        return {sid: n for sid, n in found.items() if n in alive}

    async def roles(self, sid: str) -> dict[str, str]:
        """The rooms a session sits in, created or watches, anywhere in the cluster."""
        return {_text(k): _text(v) for k, v in (await self.r.hgetall(self.keys.rooms_of(sid))).items()}

    def note_role(self, sid: str, rid: str, role: str | None) -> None:
        key = self.keys.rooms_of(sid)
        if role is None:
            self.background(f"session {sid}: room {rid} gone", self.r.hdel(key, rid))
        else:
            self.background(f"session {sid}: {role} in {rid}", self.r.hset(key, rid, role))

    async def session_of(self, sid: str) -> tuple[str, str] | None:
        stored = await self.store.session_by_id(sid)
        return None if stored is None else (stored.name, stored.kind)

    def tell_presence(self, node: str, session: Session, room: str, what: str) -> None:
        """A room ``node`` runs hears that ``session`` dropped or came back here."""
        notice = PresenceNotice(session.id, session.name, session.kind, room, what, self.node_id)
        self.bus.publish(self.keys.inbox(node), packed(notice))

    # Which other node each session is connected to, as last heard (its frames go there).

    def learn(self, sid: str, node: str) -> None:
        """``sid`` is connected to ``node`` (it sent a request or a presence notice from there)."""
        if node == self.node_id:
            self.where.pop(sid, None)
            return
        if len(self.where) >= OWNER_MEMORY:
            self.where.clear()
        self.where[sid] = (node, time.monotonic() + OWNER_KEPT_S)

    def node_of_session(self, sid: str) -> str | None:
        """The other node a session was last heard from (its frames go there), or None (its channel)."""
        known = self.where.get(sid)
        if known is None:
            return None
        if known[1] <= time.monotonic():
            del self.where[sid]
            return None
        return known[0]

    def nodes_heard(self) -> set[str]:
        return {node for node, _ in self.where.values()}

    def forget_dead(self, alive: set[str]) -> None:
        """Forget the sessions last heard from nodes that are not alive (their frames go to their channel)."""
        for sid, (node, _) in list(self.where.items()):
            if node not in alive:
                self.where.pop(sid, None)
