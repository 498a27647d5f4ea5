"""The sessions, registered players and banned names of a cluster's store (a base of ``.store.RedisStore``).

Sessions are hashes (``session:{id}``, ``token:{token}``), a registered player a hash made by one script
(of two nodes registering one name at once, one wins), the banned names one hash (key -> JSON).
"""

from __future__ import annotations

import json
from typing import Any

import redis.asyncio as aioredis

from grundy.server.cluster.keys import Keys
from grundy.server.stored import StoredBan, StoredPlayer, StoredSession, player_key


def _text(v: Any) -> str:
    return v.decode() if isinstance(v, bytes) else str(v)


class RedisPeople:
    """Sessions, registered players and banned names over the store's client (``r``, ``keys``)."""

    r: aioredis.Redis
    keys: Keys
    _register: Any  # (the registering script)

    # ------------------------------------------------------------------ sessions

    async def save_session(self, session: StoredSession) -> None:
        k = self.keys
        pipe = self.r.pipeline(transaction=True)
        row = {"token": session.token, "name": session.name, "kind": session.kind, "created_at": session.created_at}
        if session.player is not None:
            row["player"] = session.player
        row["lang"] = session.lang
        pipe.hset(k.session(session.id), mapping=row)
        pipe.set(k.token(session.token), session.id)
        await pipe.execute()

    async def session_by_token(self, token: str) -> StoredSession | None:
        sid = await self.r.get(self.keys.token(token))
        if sid is None:
            return None
        return await self.session_by_id(_text(sid))

    async def session_by_id(self, sid: str) -> StoredSession | None:
        row = await self.r.hgetall(self.keys.session(sid))
        if not row:
            return None
        f = {_text(a): _text(b) for a, b in row.items()}
        return StoredSession(
            sid, f["token"], f["name"], float(f["created_at"]), f.get("kind", "human"), f.get("player") or None,
            f.get("lang") or "en",
        )

    # ------------------------------------------------------------------ registered players

    async def register_player(self, player: StoredPlayer) -> bool:
        """Keep a new player (one script: of two nodes registering one name at once, one wins)."""
        done = await self._register(
            keys=[self.keys.players.player(player.key)], args=[player.name, player.secret_hash, player.created_at]
        )
        return bool(done)

    async def load_player(self, name: str) -> StoredPlayer | None:
        row = await self.r.hgetall(self.keys.players.player(player_key(name)))
        if not row:
            return None
        f = {_text(a): _text(b) for a, b in row.items()}
        return StoredPlayer(f["name"], f["secret_hash"], float(f["created_at"]))

    # ------------------------------------------------------------------ banned names (one hash: key -> JSON)

    async def ban(self, ban: StoredBan) -> None:
        await self.r.hset(self.keys.players.bans, ban.key, json.dumps([ban.name, ban.reason, ban.at]))

    async def unban(self, name: str) -> bool:
        return bool(await self.r.hdel(self.keys.players.bans, player_key(name)))

    async def ban_of(self, name: str) -> StoredBan | None:
        v = await self.r.hget(self.keys.players.bans, player_key(name))
        return None if v is None else StoredBan(*json.loads(v))

    async def bans(self) -> list[StoredBan]:
        found = [StoredBan(*json.loads(v)) for v in (await self.r.hgetall(self.keys.players.bans)).values()]
        return sorted(found, key=lambda b: (b.at, b.key))
