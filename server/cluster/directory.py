"""The directory port over Redis: who is connected anywhere in the cluster, and quick match across nodes.

A quick-match queue is a Redis list per game, public parameters and clock.  Asking is one
script: it takes the asker out of any queue it waited in, drops waiting players whose node
is gone, and either completes a match (taking the waiting players out, the asker last) or
queues the asker — so of any number of players asking at once on any nodes, exactly one
completes each match, and the node it asked on creates the room.
"""

from __future__ import annotations

import hashlib

from grundy.server.cluster.shell import SEATED, WATCHING, Cluster
from grundy.server.cluster.store import _text
from grundy.server.ports import Player

# KEYS: queue, queued(asker) ; ARGV: asker, seats, queued-key prefix, online hash, node-key prefix
_ASK = r"""
local prev = redis.call('GET', KEYS[2])
if prev then redis.call('LREM', prev, 0, ARGV[1]) end
local need = tonumber(ARGV[2]) - 1
local matched = {}
while #matched < need do
  local sid = redis.call('LPOP', KEYS[1])
  if not sid then break end
  local node = redis.call('HGET', ARGV[4], sid)
  if node and redis.call('EXISTS', ARGV[5] .. node) == 1 and sid ~= ARGV[1] then
    matched[#matched + 1] = sid
  else
    redis.call('DEL', ARGV[3] .. sid .. ':queue')
  end
end
if #matched == need then
  for _, sid in ipairs(matched) do redis.call('DEL', ARGV[3] .. sid .. ':queue') end
  redis.call('DEL', KEYS[2])
  matched[#matched + 1] = ARGV[1]
  return matched
end
for i = #matched, 1, -1 do redis.call('LPUSH', KEYS[1], matched[i]) end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], KEYS[1])
return false
"""

# KEYS: queued(session) ; ARGV: session -> 1 if it was waiting
_CANCEL = r"""
local q = redis.call('GET', KEYS[1])
if not q then return 0 end
redis.call('DEL', KEYS[1])
return redis.call('LREM', q, 0, ARGV[1]) > 0 and 1 or 0
"""


class ClusterDirectory:
    """``server.ports.Directory`` for a cluster node (see the module docstring)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.r = cluster.r
        self.keys = cluster.keys
        self._ask = self.r.register_script(_ASK)
        self._cancel = self.r.register_script(_CANCEL)

    async def player(self, session: str) -> Player | None:
        if not await self.cluster.online_of({session}):
            return None
        found = await self._players([session])
        return found[0] if found else None

    async def players(self, most: int) -> list[Player]:
        online = await self.cluster.online()
        return await self._players(sorted(online)[: max(0, most)])

    async def _players(self, sids: list[str]) -> list[Player]:
        k = self.keys
        pipe = self.r.pipeline(transaction=False)
        for sid in sids:
            pipe.hmget(k.session(sid), ["name", "kind", "player"])
            pipe.hgetall(k.rooms_of(sid))
        got = await pipe.execute()
        rows = []
        seen: set[str] = set()
        for i, sid in enumerate(sids):
            name, kind, player = got[2 * i]
            roles = {_text(r): _text(role) for r, role in got[2 * i + 1].items()}
            rooms = [r for r, role in roles.items() if role == SEATED]
            watched = [r for r, role in roles.items() if role == WATCHING]
            if name is None:
                continue
            rows.append((sid, _text(name), _text(kind or b"human"), rooms, watched, player and _text(player)))
            seen.update(rooms, watched)
        status: dict[str, str] = {}
        if seen:
            ordered = sorted(seen)
            pipe = self.r.pipeline(transaction=False)
            for rid in ordered:
                pipe.hget(k.room(rid), "status")
            found = await pipe.execute()
            status = {rid: _text(s) for rid, s in zip(ordered, found, strict=True) if s is not None}
        out = []
        for sid, name, kind, rooms, watched, player in rows:
            playing = sum(status.get(r) == "playing" for r in rooms)
            watching = sum(status.get(r) == "playing" for r in watched)
            out.append(Player(sid, name, kind, playing, watching, player or None))
        return sorted(out, key=lambda pl: (pl.name.lower(), pl.id))

    async def ask(self, player: Player, key: str, seats: int) -> list[Player] | None:
        k = self.keys
        queue = k.queue(hashlib.sha1(key.encode()).hexdigest()[:20])
        got = await self._ask(
            keys=[queue, k.queued(player.id)],
            args=[player.id, seats, k.session(""), k.online, k.node("")],
        )
        if not got:
            return None
        sids = [_text(s) for s in got]
        found = {pl.id: pl for pl in await self._players(sids[:-1])}
        out = [found.get(sid) or Player(sid, "player") for sid in sids[:-1]]
        return [*out, player]

    async def cancel(self, session: str) -> bool:
        return bool(await self._cancel(keys=[self.keys.queued(session)], args=[session]))
