"""The store port over Redis, with each room's writes fenced by the room's lease.

A room is run by one node at a time: the node that holds its **lease**
(``room:{id}:lease`` = ``"node|epoch"``, expiring unless renewed).  Every claim bumps the
room's **epoch**, and every write of a room goes through one Lua script that first checks the
lease still names this node and epoch: a node that was paused (or cut off) past its lease
and woke up after another node took the room over cannot append a single move (its write is
refused with :class:`Fenced`, and it drops the room).  A lease that lapsed while nobody
claimed the room is simply taken back by its holder (same epoch).

Writes are the rooms' unit of work (``Store.write``): the writes of every room of a loop turn's
group commit go in one call of the write script (each room fenced and checked on its own in
it; a long group in a few calls, sent together), in one round trip, on a connection of the
store's own that speaks the Redis protocol directly (:class:`.wire.Caller`: redis-py's command
packing, pool and reply parsing cost a node more CPU than its moves); everything else goes
through redis-py.  Within a room the writes are checked before any is applied (a move must
come at the next ply), so a refused room changes nothing.  A move that is already in the log
with the same content counts as stored (a retry after a partial failure of a group), which
makes the group's room-by-room retry safe.

Values: a room's row is a hash (parameters, meta and result as JSON), its moves a list of
JSON entries, the live and ended rooms two sorted sets.  ``appendfsync`` decides what a
Redis crash can lose (docs/STORE.md).
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Sequence
from json.encoder import encode_basestring_ascii
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, WatchError
from redis.exceptions import TimeoutError as RedisTimeoutError

from grundy.protocol import ErrorCode
from grundy.server.cluster import wire
from grundy.server.cluster.keys import Keys
from grundy.server.cluster.people import RedisPeople
from grundy.server.errors import Unavailable
from grundy.server.ports import (
    RoomUpdate,
    StoredChat,
    StoredMove,
    StoredRoom,
    Write,
)
from grundy.server.ratings import Glicko, RatedGame, Rating, SeatRating, check_pair, rate_glicko, seat_ratings
from grundy.server.store import StoreError
from grundy.server.stored import CHAT_KEPT, FOUND_KEPT, PlayerGame, player_key

log = logging.getLogger("grundy.cluster.store")

ENDED = ("finished", "aborted")
# The layout of a room's keys (its row, move log and chat) this code writes, in the row's ``format`` field, and
# the layouts it reads.  A node never runs a room of a format it does not read (docs/STORE.md, "Room formats").
ROOM_FORMAT = 1
ROOM_FORMATS = frozenset({1})
HISTORY_KEPT = 1000  # rated games kept per player and game family (the latest)
RATE_TRIES = 20  # a rated game's update is retried this often when another update of a player raced it

# KEYS: player ; ARGV: name secret_hash created_at -> 1 if registered, 0 if the name is taken
_REGISTER = r"""
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'secret_hash', ARGV[2], 'created_at', ARGV[3])
return 1
"""

# The fence every write of a room or tournament passes first: ``fence(lease_key, epoch_key, node, epoch, ttl_ms)``
# (epoch "0": a new room or tournament, claimed here).  Refuses unless the lease is this node's at this epoch
# (returns nil and who holds it); takes a lapsed lease back at the same epoch; returns the lease's value.
_FENCE_FUNCTION = r"""
local function fence(lease_key, epoch_key, node, epoch, ttl)
  local lease = redis.call('GET', lease_key)
  local mine = node .. '|' .. epoch
  if lease ~= mine then
    if lease then return nil, lease end
    local cur = redis.call('GET', epoch_key)
    if epoch == '0' then
      if cur then return nil, 'epoch ' .. cur end
      mine = node .. '|' .. redis.call('INCR', epoch_key)
    elseif cur ~= epoch then
      return nil, 'epoch ' .. tostring(cur)
    end
    redis.call('SET', lease_key, mine, 'PX', ttl)
  end
  return mine
end
"""

# KEYS[1..2]: lease epoch ; ARGV[1..3]: node epoch ttl_ms.  Leaves ``mine`` holding the lease's value.
_FENCE = (
    _FENCE_FUNCTION
    + r"""
local mine, holder = fence(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3])
if not mine then return {'fenced', holder} end
"""
)

# The rooms' writes of one group commit, every room fenced and checked on its own, in one script call.  The script is
# made for one node (:func:`write_script`): its name, its lease, the code's prefix, the live and ended rooms' keys and
# the key names of a room (the text before and after its id: room moves chat lease epoch) are written into it, so a
# call carries none of them (each argument costs Redis a string to make at every call).
# No KEYS ; ARGV: now, then four per room: id, epoch (text), and either ply and entry (one move: the common write) or
# "J" and ops (JSON) -> one reply per room, in order: the lease (this node's, "node|epoch") | {'fenced', holder} |
# {'error', why}.  A room that is refused (or fails its checks) changes nothing; the others are written.
# ops: ["C", row(JSON fields...), moves..., chat lines...] | ["U", fields] | ["M", ply, entry] | ["T", seq, entry];
# a row or fields may name "seated": the room lists (session:{id}:rooms) of the sessions in its seats, which get
# the room as "seat".  A chat line ("T") is pushed and the list trimmed to its last CHAT_KEPT lines; a line whose
# seq the list has reached already counts as stored (a retry).
_WRITE = r"""
local node, ttl, code_prefix, live, ended = @NODE@, @TTL@, @CODE@, @LIVE@, @ENDED@
local now = ARGV[1]
local out, n, write_room = {}, 0, nil
for i = 2, #ARGV, 4 do
  n = n + 1
  local rid, epoch, ply, arg = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local pushed = false
  if ply ~= 'J' then
    -- one plain move, the common write, first: when the room's lease is this node's at this epoch and the move
    -- comes after the first, pushed, and taken back unless the log then ends at its ply (else the whole way below)
    ply = tonumber(ply)
    if ply > 0 then
      local mine = node .. '|' .. epoch
      if redis.call('GET', @LEASE@ .. rid .. @LEASE_@) == mine then
        local moves = @MOVES@ .. rid .. @MOVES_@
        if redis.call('RPUSH', moves, arg) == ply + 1 then
          out[n] = mine
        else
          redis.call('RPOP', moves)
          pushed = true
        end
      end
    end
  end
  if not out[n] then
    -- the whole way, made at its first use in a call (a call whose rooms all took the common way makes none of it)
    if not write_room then
@FENCE_FUNCTION@      local function status_index(status, rid, created)
        if status == 'finished' or status == 'aborted' then
          redis.call('ZREM', live, rid)
          redis.call('ZADD', ended, now, rid)
        else
          redis.call('ZADD', live, created, rid)
        end
      end
      -- a room's ops (``pushed``: its one move was pushed and taken back already, above)
      write_room = function(rid, epoch, ops, pushed)
        local room, moves, chat = @ROOM@ .. rid .. @ROOM_@, @MOVES@ .. rid .. @MOVES_@, @CHAT@ .. rid .. @CHAT_@
        local mine, holder = fence(@LEASE@ .. rid .. @LEASE_@, @EPOCH@ .. rid .. @EPOCH_@, node, epoch, ttl)
        if not mine then return {'fenced', holder} end
        -- the common write, one move after the first: pushed, and taken back unless the log then ends at its ply
        -- (the log held a move already, so the room is there; see below)
        if not pushed and #ops == 1 and ops[1][1] == 'M' and ops[1][2] > 0 then
          if redis.call('RPUSH', moves, ops[1][3]) == ops[1][2] + 1 then return mine end
          redis.call('RPOP', moves)
        end
        -- check every op before applying any (a room's moves are pushed only while its row is there, and the two
        -- are deleted only together: a room with moves in its log is there, without asking)
        local n = redis.call('LLEN', moves)
        local exists = n > 0 or redis.call('EXISTS', room) == 1
        local skip = {}
        for i, op in ipairs(ops) do
          if op[1] == 'C' then
            exists = true
            n = #op[3]
          elseif op[1] == 'U' or op[1] == 'T' then
            if not exists then return {'error', 'no room in the store'} end
          else
            if not exists then return {'error', 'no room in the store'} end
            local ply = op[2]
            if ply == n then
              n = n + 1
            elseif ply < n and redis.call('LINDEX', moves, ply) == op[3] then
              skip[i] = true
            else
              return {'error', 'move at ply ' .. ply .. ' but the log has ' .. n}
            end
          end
        end
        for i, op in ipairs(ops) do
          if op[1] == 'C' then
            local f = op[2]
            redis.call('DEL', room, moves, chat)
            redis.call('HSET', room, 'id', f.id, 'game', f.game, 'params', f.params, 'meta', f.meta,
              'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at)
            if f.format then redis.call('HSET', room, 'format', f.format) end
            if f.result then redis.call('HSET', room, 'result', f.result) end
            if f.reason then redis.call('HSET', room, 'reason', f.reason) end
            for _, entry in ipairs(op[3]) do redis.call('RPUSH', moves, entry) end
            for _, entry in ipairs(op[4]) do redis.call('RPUSH', chat, entry) end
            redis.call('LTRIM', chat, -CHAT_KEPT, -1)
            status_index(f.status, f.id, f.created_at)
            if f.code then redis.call('SET', code_prefix .. f.code, f.id) end
            if f.seated then for _, key in ipairs(f.seated) do redis.call('HSET', key, f.id, 'seat') end end
          elseif op[1] == 'U' then
            local f = op[2]
            redis.call('HSET', room, 'updated_at', now)
            for _, k in ipairs({'meta', 'result', 'reason'}) do
              if f[k] then redis.call('HSET', room, k, f[k]) end
            end
            if f.status then
              redis.call('HSET', room, 'status', f.status)
              local row = redis.call('HMGET', room, 'id', 'created_at')
              status_index(f.status, row[1], row[2])
            end
            if f.seated then
              local id = redis.call('HGET', room, 'id')
              for _, key in ipairs(f.seated) do redis.call('HSET', key, id, 'seat') end
            end
          elseif op[1] == 'T' then
            local last = redis.call('LINDEX', chat, -1)
            if not last or cjson.decode(last)[1] < op[2] then
              redis.call('RPUSH', chat, op[3])
              redis.call('LTRIM', chat, -CHAT_KEPT, -1)
            end
          elseif not skip[i] then
            redis.call('RPUSH', moves, op[3])
          end
        end
        return mine
      end
    end
    out[n] = write_room(rid, epoch, ply == 'J' and cjson.decode(arg) or {{'M', ply, arg}}, pushed)
  end
end
return out
"""
_WRITE = _WRITE.replace("CHAT_KEPT", str(CHAT_KEPT)).replace(
    "@FENCE_FUNCTION@", "".join(f"      {x}" if x.strip() else x for x in _FENCE_FUNCTION.splitlines(True)[1:])
)


def _lua_text(text: str) -> str:
    """A Lua string literal of ``text`` (its UTF-8 bytes; every one but plain ASCII written as ``\\ddd``)."""
    return '"' + "".join(chr(b) if chr(b) in _LUA_PLAIN else f"\\{b:03d}" for b in text.encode()) + '"'


_LUA_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :_-.|/{}[]#+=,;!?")  # (no "@")


def write_script(keys: Keys, node: str, lease_ms: int) -> str:
    """The write script of one node (:data:`_WRITE`), its name, lease, code prefix and keys written in."""
    fields = {"NODE": node, "TTL": str(int(lease_ms)), "CODE": keys.code(""), "LIVE": keys.live, "ENDED": keys.ended}
    for name, key in (("ROOM", keys.room), ("MOVES", keys.moves), ("CHAT", keys.chat), ("LEASE", keys.lease)):
        fields[name], fields[name + "_"] = key("\x00").split("\x00")
    fields["EPOCH"], fields["EPOCH_"] = keys.epoch("\x00").split("\x00")
    text = _WRITE
    for name in sorted(fields, key=len, reverse=True):  # (ROOM_ before ROOM)
        text = text.replace(f"@{name}@", _lua_text(fields[name]))
    return text


# Rooms in one call of the write script at most (a longer group takes several calls, sent in one batch):
# Redis runs nothing else while a script runs.
ROOMS_PER_CALL = 200

# KEYS: lease epoch ; ARGV: node ttl_ms -> the new epoch, or 0 if someone holds the lease
_CLAIM = r"""
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local e = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. e, 'PX', ARGV[2])
return e
"""

# KEYS: lease1 epoch1 lease2 epoch2 ... ; ARGV: node ttl_ms -> each room's new epoch, or 0 if someone holds its lease
_CLAIM_MANY = r"""
local out = {}
for i = 1, #KEYS / 2 do
  local lease, epoch = KEYS[2 * i - 1], KEYS[2 * i]
  if redis.call('EXISTS', lease) == 1 then
    out[i] = 0
  else
    local e = redis.call('INCR', epoch)
    redis.call('SET', lease, ARGV[1] .. '|' .. e, 'PX', ARGV[2])
    out[i] = e
  end
end
return out
"""

# KEYS: lease1 epoch1 lease2 epoch2 ... ; ARGV: node ttl_ms epoch1 epoch2 ... -> (1-based) numbers of the rooms lost
_RENEW = r"""
local lost = {}
for i = 1, #KEYS / 2 do
  local lease, epoch = KEYS[2 * i - 1], KEYS[2 * i]
  local mine = ARGV[1] .. '|' .. ARGV[i + 2]
  local v = redis.call('GET', lease)
  if v == mine then
    redis.call('PEXPIRE', lease, ARGV[2])
  elseif v == false and redis.call('GET', epoch) == ARGV[i + 2] then
    redis.call('SET', lease, mine, 'PX', ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost
"""

# KEYS: lease ; ARGV: value -> 1 if released
_RELEASE = r"""
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# KEYS: lease1 lease2 ... ; ARGV: value1 value2 ... -> (1-based) numbers of the leases released
_RELEASE_MANY = r"""
local out = {}
for i, lease in ipairs(KEYS) do
  if redis.call('GET', lease) == ARGV[i] then
    redis.call('DEL', lease)
    out[#out + 1] = i
  end
end
return out
"""

# KEYS: live ; ARGV: lease key prefix, lease key suffix, most -> unfinished rooms nobody holds
_ORPHANS = r"""
local out = {}
for _, rid in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if redis.call('EXISTS', ARGV[1] .. rid .. ARGV[2]) == 0 then
    out[#out + 1] = rid
    if #out >= tonumber(ARGV[3]) then break end
  end
end
return out
"""


# KEYS: lease epoch tournament live ended ; ARGV: node epoch ttl_ms status data created_at tid now
_SAVE_TOURNAMENT = (
    _FENCE
    + r"""
redis.call('HSET', KEYS[3], 'status', ARGV[4], 'data', ARGV[5])
if ARGV[4] == 'finished' then
  redis.call('ZREM', KEYS[4], ARGV[7])
  redis.call('ZADD', KEYS[5], ARGV[8], ARGV[7])
else
  redis.call('ZADD', KEYS[4], ARGV[6], ARGV[7])
end
return {'ok', mine}
"""
)


# Error replies of a Redis that cannot serve yet (still loading its file after a restart, busy, a
# replica without its primary): the write is not done, and the store is unavailable for now.
# READONLY: the connection reached a primary that was demoted to a replica (a failover); NOREPLICAS: the
# primary refuses writes for want of replicas (``min-replicas-to-write``).
_NOT_SERVING = frozenset({"LOADING", "BUSY", "MASTERDOWN", "TRYAGAIN", "READONLY", "NOREPLICAS"})


def unavailable(message: str) -> Unavailable:
    """What a write raises when the store cannot be reached (or is settling after an outage): nothing was
    written, and the request is answered ``unavailable`` (the client sends it again), not ``internal``."""
    return Unavailable(ErrorCode.UNAVAILABLE, message)


class UnknownFormat(StoreError):
    """A room stored in a format this node does not read (written by a newer version): it is left alone."""

    def __init__(self, room_id: str, stored: str, formats: frozenset[int]) -> None:
        known = ", ".join(map(str, sorted(formats)))
        super().__init__(
            f"room {room_id}: stored in format {stored}, which this node does not read (it reads {known});"
            " left to a node that does"
        )
        self.room_id = room_id
        self.stored = stored


class Fenced(StoreError):
    """A room's write was refused: another node holds the room now (or took it over and lost it)."""

    def __init__(self, room_id: str, holder: str) -> None:
        super().__init__(f"room {room_id}: refused, the room is held by {holder}")
        self.room_id = room_id
        self.holder = holder


class WriteScript:
    """The fenced write script of the rooms (this node's: :func:`write_script`): its keys and arguments for a group of
    rooms, and the commands that call it (``EVALSHA``, one per ROOMS_PER_CALL rooms), each room fenced by the epoch
    this node holds it at."""

    def __init__(  # noqa: PLR0913 - one field each
        self,
        client: aioredis.Redis,
        keys: Keys,
        node: str,
        lease_ms: int,
        held: dict[str, int],
        move_write: MoveWrite | None = None,
    ) -> None:
        """``move_write``: the native writer of a room's arguments for one plain move (server/native.py), or None
        (the Python twin, :func:`_room_text`, writes every one)."""
        self.move_write = move_write
        self.keys = keys
        self.node = node
        self.lease_ms = lease_ms
        self.held = held
        self.text = write_script(keys, node, lease_ms)
        self.script = client.register_script(self.text)
        self.sha = self.script.sha.encode()
        # ``EVALSHA sha 0``, the start of every call (:meth:`commands`), made once.
        self._command_head = b"".join(map(wire.bulk, [b"EVALSHA", self.sha, b"0"]))

    def args(self, order: list[str], by_room: dict[str, list[Any]], now: bytes) -> list[list[bytes]]:
        """The write script's arguments for the rooms of a group (redis-py's ``evalsha`` after the sha and the number
        of keys, none): one call per ROOMS_PER_CALL rooms."""
        calls = []
        for i in range(0, len(order), ROOMS_PER_CALL):
            rooms = []
            for rid in order[i : i + ROOMS_PER_CALL]:
                rooms += _room_args(rid, self.held.get(rid, 0), by_room[rid])
            calls.append([now, *rooms])
        return calls

    def commands(self, order: list[str], by_room: dict[str, list[Any]], now: bytes) -> list[bytes]:
        """``EVALSHA`` of the write script in the Redis protocol, one per ROOMS_PER_CALL rooms (what redis-py would
        send), each room's four arguments written by the native writer when it takes them (one plain move)."""
        held = self.held
        native = self.move_write
        start = self._command_head + wire.bulk(now)
        calls = []
        for i in range(0, len(order), ROOMS_PER_CALL):
            part = order[i : i + ROOMS_PER_CALL]
            rooms = []
            for rid in part:
                ops = by_room[rid]
                if native is not None and len(ops) == 1 and type(m := ops[0]) is StoredMove and m.clocks is None:
                    text = native(rid, held.get(rid, 0), m.ply, m.seat, m.text, m.at)  # (None: the twin writes it)
                    if text is not None:
                        rooms.append(text)
                        continue
                rooms.append(_room_text(rid, held.get(rid, 0), ops))
            calls.append(b"*%d\r\n" % (4 + 4 * len(part)) + start + b"".join(rooms))
        return calls


def replies_per_room(order: list[str], replies: list[Any]) -> list[Any]:
    """Each room's reply, from the script calls' replies (a call that failed fails each of its rooms)."""
    if len(replies) == 1 and type(reply := replies[0]) is list and len(reply) == len(order):  # (one call, answered)
        return reply
    out: list[Any] = []
    for i, reply in zip(range(0, len(order), ROOMS_PER_CALL), replies, strict=True):
        rooms = len(order[i : i + ROOMS_PER_CALL])
        if isinstance(reply, Exception) or not isinstance(reply, list) or len(reply) != rooms:
            error = reply if isinstance(reply, Exception) else StoreError(f"the write script answered {reply!r}")
            out.extend([error] * rooms)
        else:
            out.extend(reply)
    return out


class LeaseTable:
    """The leases of the rooms and tournaments this node runs: claimed, renewed, released; and who holds one."""

    def __init__(self, client: aioredis.Redis, node: str, keys: Keys, lease_ms: int) -> None:
        self.r = client
        self.node = node
        self.keys = keys
        self.lease_ms = lease_ms
        self.held: dict[str, int] = {}  # room id -> the epoch this node holds it at
        self.held_tournaments: dict[str, int] = {}  # tournament id -> the epoch this node holds it at
        self._claim = client.register_script(_CLAIM)
        self._claim_many = client.register_script(_CLAIM_MANY)
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)
        self._release_many = client.register_script(_RELEASE_MANY)
        self._orphans = client.register_script(_ORPHANS)

    def _lease(self, kind: str, id: str) -> tuple[list[str], dict[str, int]]:
        k = self.keys
        if kind == "room":
            return [k.lease(id), k.epoch(id)], self.held
        return [k.tournament_lease(id), k.tournament_epoch(id)], self.held_tournaments

    async def claim(self, id: str, kind: str = "room") -> bool:
        """Take a room (or tournament) nobody holds (its lease lapsed): True if this node runs it now."""
        keys, held = self._lease(kind, id)
        epoch = await self._claim(keys=keys, args=[self.node, self.lease_ms])
        if not epoch:
            return False
        held[id] = int(epoch)
        return True

    async def claim_many(self, ids: list[str]) -> list[str]:
        """Take the rooms among ``ids`` nobody holds (one script call): the rooms this node runs now."""
        if not ids:
            return []
        k = self.keys
        epochs = await self._claim_many(
            keys=[x for i in ids for x in (k.lease(i), k.epoch(i))], args=[self.node, self.lease_ms]
        )
        out = []
        for rid, epoch in zip(ids, epochs, strict=True):
            if int(epoch):
                self.held[rid] = int(epoch)
                out.append(rid)
        return out

    async def renew(self) -> list[str]:
        """Extend the lease of every room held; the rooms whose lease another node took are returned (and dropped)."""
        return await self._renew_all("room")

    async def renew_tournaments(self) -> list[str]:
        return await self._renew_all("tournament")

    async def _renew_all(self, kind: str) -> list[str]:
        _, held = self._lease(kind, "")
        if not held:
            return []
        ids = list(held)
        keys = [key for i in ids for key in self._lease(kind, i)[0]]
        lost = await self._renew(keys=keys, args=[self.node, self.lease_ms, *(held[i] for i in ids)])
        out = [ids[int(i) - 1] for i in lost]
        for i in out:
            held.pop(i, None)
        return out

    async def release(self, id: str, kind: str = "room") -> None:
        """Give a room (or tournament) up: another node may claim it at once."""
        keys, held = self._lease(kind, id)
        epoch = held.pop(id, None)
        if epoch is not None:
            await self._release(keys=keys[:1], args=[f"{self.node}|{epoch}"])

    async def release_all(self, rooms: list[str] | None = None, most: int = 1000) -> list[str]:
        """Give these rooms up (None: every one held; a node leaving), ``most`` rooms per script call: the rooms
        released, in that order."""
        held = self.held
        ids = list(held) if rooms is None else [rid for rid in dict.fromkeys(rooms) if rid in held]
        out: list[str] = []
        for i in range(0, len(ids), most):
            part = [rid for rid in ids[i : i + most] if rid in held]
            values = [f"{self.node}|{held.pop(rid)}" for rid in part]
            done = await self._release_many(keys=[self.keys.lease(rid) for rid in part], args=values)
            out += [part[int(n) - 1] for n in done]
        return out

    async def owner(self, id: str, kind: str = "room") -> str | None:
        """The node that holds a room (or tournament) now, or None."""
        v = await self.r.get(self._lease(kind, id)[0][0])
        return None if v is None else _text(v).partition("|")[0]

    async def orphans(self, most: int = 100, kind: str = "room") -> list[str]:
        """Unfinished rooms (or tournaments) whose lease lapsed (their node died or gave them up)."""
        k = self.keys
        live, lease = (k.live, k.lease) if kind == "room" else (k.tournaments_live, k.tournament_lease)
        before, _, after = lease("\x00").partition("\x00")
        got = await self._orphans(keys=[live], args=[before, after, most])
        return [_text(r) for r in got]


class RedisStore(RedisPeople):
    """The ``server.ports.Store`` of a cluster node: rooms written through the fenced script (:class:`WriteScript`)
    under the leases this node holds (:class:`LeaseTable`, ``leases``); its sessions, registered players and
    banned names are :class:`.people.RedisPeople`'s."""

    def __init__(
        self,
        client: aioredis.Redis,
        node: str,
        *,
        keys: Keys | None = None,
        lease_ms: int = 3000,
        on_fenced: Callable[[str], None] | None = None,
        on_fenced_tournament: Callable[[str], None] | None = None,
        owns_client: bool = True,
        caller: wire.Caller | None = None,
        serving: Callable[[], bool] | None = None,
        on_unreachable: Callable[[BaseException], None] | None = None,
        replicas: int = 0,
        wait_ms: int = 1000,
        move_write: MoveWrite | None = None,
    ) -> None:
        """``client`` serves everything but the rooms' writes, which go through ``caller`` (by default
        a connection of the store's own to where ``client`` connects: same server, login and
        database; closed by :meth:`close`).  A client whose pool connects some other way (a
        credential provider) writes through redis-py.

        ``serving()`` False (a cluster node in an outage, or settling after one) refuses every
        write at once (``server.errors.Unavailable``); ``on_unreachable`` hears of a write that
        failed because Redis could not be reached (an outage starts).

        ``replicas`` > 0: a room's writes count as stored only once that many replicas hold them
        (:meth:`replicated`, ``WAIT`` for at most ``wait_ms``).

        ``move_write``: the native writer of a plain move's part of the write (server/native.py ``move_write``), or
        None: the Python twin writes it."""
        if replicas < 0 or wait_ms <= 0:
            raise ValueError(f"replicas {replicas}, wait_ms {wait_ms}: give replicas >= 0 and wait_ms > 0")
        self.replicas = replicas
        self.wait_ms = wait_ms
        self.room_formats = ROOM_FORMATS  # the room formats this node reads (a newer version reads more)
        self.r = client
        self.serving = serving
        self.on_unreachable = on_unreachable
        self.owns_client = owns_client
        self.node = node
        self.keys = keys or Keys()
        self.lease_ms = lease_ms
        self.on_fenced = on_fenced
        # The leases this node holds (room or tournament id -> the epoch it holds it at), the write fenced by them.
        self.leases = LeaseTable(client, node, self.keys, lease_ms)
        self.held = self.leases.held
        self.held_tournaments = self.leases.held_tournaments
        # Rooms whose write was sent as the link to Redis failed: it may have been stored although it
        # was answered as not (``unavailable``).  The cluster runs them again from their log once Redis is back.
        self.in_doubt: set[str] = set()
        self.not_replicated = 0  # writes (or reads) not acknowledged by enough replicas in time
        self.on_fenced_tournament = on_fenced_tournament
        self.writes = WriteScript(client, self.keys, node, lease_ms, self.held, move_write)
        self._save_tournament = client.register_script(_SAVE_TOURNAMENT)
        self._register = client.register_script(_REGISTER)
        self.owns_caller = caller is None
        if caller is None:
            endpoint = wire.Endpoint.of_client(client)
            caller = None if endpoint is None else wire.Caller(endpoint)
        self.caller = caller

    # ------------------------------------------------------------------ rooms

    async def write(self, writes: Sequence[Write]) -> None:
        """Every room's writes through one call of the fenced script (each room fenced on its own), in one
        round trip."""
        if not writes:
            return
        if self.serving is not None and not self.serving():
            raise unavailable("the store is unreachable or settling after an outage: nothing was written")
        by_room: dict[str, list[Any]] = {}
        for rid, item in writes:
            if type(item) is StoredMove:  # (a move is written from its fields: WriteScript._rooms)
                by_room.setdefault(rid, []).append(item)
                continue
            op = _op(item)
            if isinstance(item, (StoredRoom, RoomUpdate)) and item.meta:
                # Who sits in the room is in the room's sessions' room lists as soon as the room is
                # (a session that resumes on another node at once finds its seat there).
                seated = [self.keys.rooms_of(sid) for sid in seated_sessions(item.meta)]
                if seated:
                    op[1]["seated"] = seated
            by_room.setdefault(rid, []).append(op)
        now = clock_text()
        order = list(by_room)
        caller = self.caller
        try:
            if caller is None:
                results = await self._write_redis_py(order, by_room, now)
            else:  # the rooms' writes in one batch of script calls on the store's own connection
                commands = self.writes.commands(order, by_room, now)
                try:
                    replies = await caller.call_many(commands)
                    if wire.ReplyError in map(type, replies):  # (a call refused: the script not loaded, say)
                        replies = await self._load_script_if_gone(caller, commands, replies)
                except (ConnectionError, TimeoutError, OSError) as e:  # the connection failed: nothing is known
                    self.in_doubt.update(order)
                    raise unavailable(f"cannot store {len(order)} rooms' writes: {e}") from e
                except Exception as e:
                    raise StoreError(f"cannot store {len(order)} rooms' writes: {e}") from e
                results = replies_per_room(order, replies)
            link = caller.connects if caller is not None else 0  # (the connection the writes went on)
        except Unavailable as e:
            if self.on_unreachable is not None:
                self.on_unreachable(e)
            raise
        # The group's writes are in Redis now (the script's replies came back); nobody has heard of them yet:
        # the rooms send their frames once this returns (server.actor.GroupCommit).  This is the one point
        # where a write waits for replicas (WAIT, in ``replicated`` below) before anyone hears of it.
        failed: list[Exception] = []
        held = self.held
        for rid, res in zip(order, results, strict=True):
            if type(res) is bytes:  # stored: the room's lease, "node|epoch" (the common reply, read as it came)
                held[rid] = int(res.rpartition(b"|")[2])
                continue
            if isinstance(res, str):  # (the same, from a client that decodes its replies)
                held[rid] = int(res.rpartition("|")[2])
                continue
            if isinstance(res, Exception):
                code = res.code if isinstance(res, wire.ReplyError) else ""
                if code == "READONLY" and self.caller is not None:  # (a demoted primary: find the new one)
                    self.caller.reset("Redis at the other end is a replica now (a failover)")
                if code in _NOT_SERVING or isinstance(res, (RedisConnectionError, RedisTimeoutError)):
                    failed.append(unavailable(f"room {rid}: Redis cannot serve yet ({res})"))
                else:
                    failed.append(StoreError(f"room {rid}: {res}"))
                continue
            status, detail = (_text(x) for x in res)
            if status == "fenced":
                held.pop(rid, None)
                failed.append(Fenced(rid, detail))
                if self.on_fenced is not None:
                    self.on_fenced(rid)
            else:
                failed.append(StoreError(f"room {rid}: {detail}"))
        if failed:
            if all(isinstance(e, Unavailable) for e in failed):
                raise failed[0] if len(failed) == 1 else unavailable("; ".join(map(str, failed)))
            raise failed[0] if len(failed) == 1 else StoreError("; ".join(map(str, failed)))
        if self.replicas:
            await self.replicated(order, link)

    # ------------------------------------------------------------------ replication

    async def replicated(self, rooms: Sequence[str] = (), link: int | None = None) -> None:
        """Wait until ``self.replicas`` replicas hold everything this store wrote or read so far, else raise
        :class:`Unavailable` (with ``rooms`` in doubt, and the outage callback told).

        A write to Redis's primary, then ``WAIT replicas wait_ms`` on the same connection: replication is
        one ordered stream, so replicas that hold this write hold every earlier one, on any connection
        (the rooms' writes just stored, or a room's log just read).  ``link``: the store's connection the
        rooms' writes went on; had it been replaced since, the write and the ``WAIT`` could have gone to
        different primaries (a failover in between), so nothing is acknowledged.
        """
        if not self.replicas:
            return
        batch = [
            wire.command(b"INCR", self.keys.replicated.encode()),
            wire.command(b"WAIT", b"%d" % self.replicas, b"%d" % self.wait_ms),
        ]
        why = ""
        try:
            if self.caller is not None:
                _, got = await self.caller.call_many(batch)
                if link is not None and self.caller.connects != link:
                    why = "the connection to Redis was replaced between the write and WAIT"
            else:
                async with self.r.pipeline(transaction=False) as pipe:
                    pipe.incr(self.keys.replicated)
                    pipe.execute_command("WAIT", self.replicas, self.wait_ms)
                    _, got = await pipe.execute(raise_on_error=False)
        except (ConnectionError, TimeoutError, OSError, RedisConnectionError, RedisTimeoutError) as e:
            got, why = None, f"WAIT failed ({e})"
        if not why:
            if isinstance(got, Exception):
                why = f"WAIT failed ({got})"
                if self.caller is not None and "replica" in str(got):  # (a demoted primary: find the new one)
                    self.caller.reset("Redis at the other end is a replica now (a failover)")
            elif int(got) < self.replicas:
                why = f"{got} of {self.replicas} replicas acknowledged it in {self.wait_ms} ms"
        if not why:
            return
        self.in_doubt.update(rooms)
        self.not_replicated += 1
        refused = unavailable(f"{len(rooms)} rooms' writes not acknowledged: {why}")
        if self.on_unreachable is not None:
            self.on_unreachable(refused)
        raise refused

    async def _load_script_if_gone(self, caller: wire.Caller, commands: list[bytes], replies: list[Any]) -> list[Any]:
        """The replies to the script calls once more after loading the script, if Redis did not have it (it restarted
        without its script cache); else the replies as they are."""
        if not any(isinstance(r, wire.ReplyError) and r.code == "NOSCRIPT" for r in replies):
            return replies
        (loaded,) = await caller.call_many([wire.command(b"SCRIPT", b"LOAD", self.writes.text.encode())])
        if isinstance(loaded, wire.ReplyError):
            raise loaded
        return await caller.call_many(commands)

    async def _write_redis_py(self, order: list[str], by_room: dict[str, list[Any]], now: bytes) -> list[Any]:
        calls = self.writes.args(order, by_room, now)
        for attempt in (1, 2):
            pipe = self.r.pipeline(transaction=False)
            for args in calls:
                pipe.evalsha(self.writes.script.sha, 0, *args)  # (no SCRIPT EXISTS round trip first)
            try:
                results = await pipe.execute(raise_on_error=False)
            except (RedisConnectionError, RedisTimeoutError, OSError) as e:  # nothing is known to be stored
                self.in_doubt.update(order)
                raise unavailable(f"cannot store {len(order)} rooms' writes: {e}") from e
            except Exception as e:
                raise StoreError(f"cannot store {len(order)} rooms' writes: {e}") from e
            if attempt == 1 and any(isinstance(r, NoScriptError) for r in results):
                await self.r.script_load(self.writes.text)  # (Redis restarted without its script cache): once more
                continue
            break
        return replies_per_room(order, results)

    async def load_room(self, room_id: str) -> StoredRoom | None:
        k = self.keys
        pipe = self.r.pipeline(transaction=False)
        pipe.hgetall(k.room(room_id))
        pipe.lrange(k.moves(room_id), 0, -1)
        pipe.lrange(k.chat(room_id), -CHAT_KEPT, -1)
        row, moves, chat = await pipe.execute()
        return None if not row else _room(row, moves, chat, self.room_formats)

    async def room_format(self, room_id: str) -> int | None:
        """The format a room is stored in (None: no such room, or a format field that is not a number)."""
        raw = await self.r.hget(self.keys.room(room_id), "format")
        if raw is None:
            return 1 if await self.r.exists(self.keys.room(room_id)) else None
        return stored_format({"format": _text(raw)})

    async def room_formats_of(self, ids: list[str]) -> dict[str, int | None]:
        """The formats several rooms are stored in, in one round trip (a row without the field: 1)."""
        pipe = self.r.pipeline(transaction=False)
        for rid in ids:
            pipe.hget(self.keys.room(rid), "format")
        got = await pipe.execute() if ids else []
        pairs = zip(ids, got, strict=True)
        return {rid: 1 if raw is None else stored_format({"format": _text(raw)}) for rid, raw in pairs}

    async def unfinished_rooms(self) -> list[StoredRoom]:
        return await self._rooms(await self.r.zrange(self.keys.live, 0, -1))

    async def finished_rooms(self, limit: int | None = None) -> list[StoredRoom]:
        if limit is None:
            return await self._rooms(await self.r.zrange(self.keys.ended, 0, -1))
        return await self._rooms(await self.r.zrevrange(self.keys.ended, 0, int(limit) - 1))

    async def _rooms(self, ids: list[bytes], unreadable: dict[str, Exception] | None = None) -> list[StoredRoom]:
        k = self.keys
        pipe = self.r.pipeline(transaction=False)
        for rid in ids:
            pipe.hgetall(k.room(_text(rid)))
            pipe.lrange(k.moves(_text(rid)), 0, -1)
            pipe.lrange(k.chat(_text(rid)), -CHAT_KEPT, -1)
        got = await pipe.execute()
        out = []
        for i in range(0, len(got), 3):
            if got[i]:
                try:
                    out.append(_room(got[i], got[i + 1], got[i + 2], self.room_formats))
                except UnknownFormat as e:
                    if unreadable is None:
                        log.warning("%s", e)
                    else:
                        unreadable[_text(ids[i // 3])] = e
                except Exception as e:
                    log.error("room %s: its stored row does not decode (%s)", _text(ids[i // 3]), e)
        return out

    async def room_by_code(self, code: str) -> str | None:
        rid = await self.r.get(self.keys.code(code))
        return None if rid is None else _text(rid)

    async def load_rooms(self, ids: list[str], unreadable: dict[str, Exception] | None = None) -> dict[str, StoredRoom]:
        """Several rooms in one round trip, by id (a room not in the store is left out; one stored in a format
        this node does not read too, with why in ``unreadable`` when given)."""
        return {room.id: room for room in await self._rooms([i.encode() for i in ids], unreadable)} if ids else {}

    async def watchers_of(self, ids: list[str]) -> dict[str, list[str]]:
        """The lasting spectators of several rooms in one round trip."""
        pipe = self.r.pipeline(transaction=False)
        for rid in ids:
            pipe.smembers(self.keys.watchers(rid))
        got = await pipe.execute() if ids else []
        return {rid: sorted(_text(s) for s in w) for rid, w in zip(ids, got, strict=True)}

    # ------------------------------------------------------------------ Glicko-2

    async def rate_game(
        self, room: str, game: str, players: tuple[str, str], outcomes: tuple[str, str], at: float
    ) -> tuple[Glicko, Glicko] | None:
        """Both players' ratings and histories in one transaction, retried while another update races it.

        The two rating hashes and the room's ``rated`` mark are watched: a game ending on another node
        for one of the players at the same moment makes this one read again.  None if already rated.
        """
        check_pair(players, outcomes)
        k = self.keys
        a, b = players
        mark = k.rated(room)
        for _ in range(RATE_TRIES):
            async with self.r.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(k.players.glicko(a), k.players.glicko(b), mark)
                    if await pipe.exists(mark):
                        return None
                    raw_a = await pipe.hget(k.players.glicko(a), game)
                    raw_b = await pipe.hget(k.players.glicko(b), game)
                    before = (_glicko(raw_a), _glicko(raw_b))
                    after = rate_glicko(before[0], before[1], outcomes[0], at)
                    pipe.multi()
                    for who, other, outcome, r in ((a, b, outcomes[0], after[0]), (b, a, outcomes[1], after[1])):
                        pipe.hset(k.players.glicko(who), game, json.dumps(r.to_dict()))
                        pipe.zadd(k.players.board(game), {who: r.rating})
                        entry = RatedGame(room, at, other, outcome, r.rating, r.rd)
                        pipe.rpush(k.players.history(who, game), json.dumps(entry.to_dict()))
                        pipe.ltrim(k.players.history(who, game), -HISTORY_KEPT, -1)
                    seats = [s.to_dict() for s in seat_ratings(players, before, after, at, outcomes)]
                    pipe.set(mark, json.dumps([game, a, b, seats]))  # (the game's ratings, for its record)
                    await pipe.execute()
                    return after
                except WatchError:
                    continue
        raise StoreError(f"room {room}: its rating update lost {RATE_TRIES} races in a row")

    async def game_ratings(self, room: str) -> list[SeatRating] | None:
        """A rated game's ratings, one a seat (kept in the room's ``rated`` mark); None if it changed none."""
        raw = await self.r.get(self.keys.rated(room))
        mark = None if raw is None else json.loads(raw)
        if not isinstance(mark, list) or len(mark) < 4:  # (a mark written before the ratings were kept in it)
            return None
        return [SeatRating.from_dict(d) for d in mark[3]]

    async def glicko_of(self, player: str) -> dict[str, Glicko]:
        got = await self.r.hgetall(self.keys.players.glicko(player))
        return {_text(g): _glicko(v) for g, v in got.items()}

    async def leaderboard(self, game: str, top: int) -> list[tuple[str, Glicko]]:
        k = self.keys
        names = [_text(n) for n in await self.r.zrevrange(k.players.board(game), 0, max(0, int(top) - 1))]
        if not names:
            return []
        pipe = self.r.pipeline(transaction=False)
        for name in names:
            pipe.hget(k.players.glicko(name), game)
        rows = [(name, _glicko(v)) for name, v in zip(names, await pipe.execute(), strict=True)]
        return sorted(rows, key=lambda row: (-row[1].rating, row[0]))

    async def rating_history(self, player: str, game: str, most: int) -> list[RatedGame]:
        got = await self.r.lrange(self.keys.players.history(player, game), -max(1, int(most)), -1)
        return [RatedGame.from_dict(json.loads(v)) for v in got]

    # ------------------------------------------------------------------ a player's games

    async def index_game(self, entries: Sequence[tuple[str, PlayerGame]]) -> None:
        """A finished game in each of its players' lists (sorted sets by end time, and the rows), in one transaction."""
        k = self.keys
        pipe = self.r.pipeline(transaction=True)
        for player, g in entries:
            key = player_key(player)
            pipe.zadd(k.players.games_of(key), {g.room: g.ended_at})
            pipe.zadd(k.players.games_of(key, g.game), {g.room: g.ended_at})
            pipe.hset(k.players.game_rows(key), g.room, json.dumps([g.game, g.ended_at, g.summary]))
        await pipe.execute()

    async def player_games(
        self, player: str, game: str | None, offset: int, limit: int
    ) -> tuple[int, list[PlayerGame]]:
        k = self.keys
        key = player_key(player)
        index = k.players.games_of(key, game)
        pipe = self.r.pipeline(transaction=True)
        pipe.zcard(index)
        pipe.zrevrange(index, int(offset), int(offset) + int(limit) - 1)
        total, ids = await pipe.execute()
        rooms = [_text(i) for i in ids]
        rows = await self.r.hmget(k.players.game_rows(key), rooms) if rooms else []
        out = []
        for rid, raw in zip(rooms, rows, strict=True):
            if raw is not None:
                g, at, summary = json.loads(raw)
                out.append(PlayerGame(rid, g, float(at), summary))
        return int(total), out

    # ------------------------------------------------------------------ puzzles

    async def solve_puzzle(self, player: str, puzzle: str, at: float) -> bool:
        """Note that a registered player solved a puzzle: True the first time (HSETNX), False after."""
        return bool(await self.r.hsetnx(self.keys.players.solved(player_key(player)), puzzle, repr(at)))

    async def puzzles_solved(self, player: str) -> int:
        return int(await self.r.hlen(self.keys.players.solved(player_key(player))))

    async def keep_found_puzzle(self, puzzle: dict[str, Any], at: float) -> None:
        """Keep a puzzle taken from a real game (kept again: left as it was); the newest FOUND_KEPT stay."""
        k = self.keys
        if not await self.r.hsetnx(k.players.found_puzzles, puzzle["id"], json.dumps(puzzle)):
            return
        await self.r.zadd(k.players.found_order, {puzzle["id"]: at})
        old = await self.r.zrange(k.players.found_order, 0, -FOUND_KEPT - 1)
        if old:
            pipe = self.r.pipeline(transaction=True)
            pipe.zrem(k.players.found_order, *old)
            pipe.hdel(k.players.found_puzzles, *old)
            await pipe.execute()

    async def found_puzzles(self, most: int) -> list[dict[str, Any]]:
        k = self.keys
        ids = [_text(i) for i in await self.r.zrevrange(k.players.found_order, 0, max(0, int(most) - 1))]
        if not ids:
            return []
        rows = await self.r.hmget(k.players.found_puzzles, list(reversed(ids)))
        return [json.loads(raw) for raw in rows if raw is not None]

    async def found_puzzle(self, puzzle_id: str) -> dict[str, Any] | None:
        raw = await self.r.hget(self.keys.players.found_puzzles, puzzle_id)
        return None if raw is None else json.loads(raw)

    async def get_rating(self, player: str, game: str) -> Rating | None:
        v = await self.r.hget(self.keys.players.ratings(player), game)
        return None if v is None else _rating(v)

    async def put_rating(self, player: str, game: str, rating: Rating) -> None:
        await self.r.hset(self.keys.players.ratings(player), game, json.dumps(rating.to_dict()))

    async def ratings_of(self, player: str) -> dict[str, Rating]:
        got = await self.r.hgetall(self.keys.players.ratings(player))
        return {_text(g): _rating(v) for g, v in got.items()}

    async def set_watching(self, room_id: str, session: str, watching: bool) -> None:
        key = self.keys.watchers(room_id)
        await (self.r.sadd(key, session) if watching else self.r.srem(key, session))

    async def watchers(self, room_id: str) -> list[str]:
        return sorted(_text(s) for s in await self.r.smembers(self.keys.watchers(room_id)))

    async def clear_watchers(self, room_id: str) -> None:
        await self.r.delete(self.keys.watchers(room_id))

    # ------------------------------------------------------------------ tournaments

    async def tag_tournament_game(self, room_id: str, tournament: str, round: int) -> None:
        await self.r.set(self.keys.tournament_game(room_id), json.dumps([tournament, round]))

    async def tournament_game(self, room_id: str) -> tuple[str, int] | None:
        v = await self.r.get(self.keys.tournament_game(room_id))
        if v is None:
            return None
        tid, rnd = json.loads(v)
        return tid, int(rnd)

    async def save_tournament(self, tournament_id: str, status: str, data: dict[str, Any]) -> None:
        """Keep a tournament's state, fenced by its lease like a room's writes (claimed when it is first saved)."""
        k = self.keys
        keys = [
            k.tournament_lease(tournament_id),
            k.tournament_epoch(tournament_id),
            k.tournament(tournament_id),
            k.tournaments_live,
            k.tournaments_ended,
        ]
        epoch = self.held_tournaments.get(tournament_id, 0)
        created = float(data.get("created_at") or time.time())
        args = [self.node, epoch, self.lease_ms, status, json.dumps(data), created, tournament_id, time.time()]
        res = await self._save_tournament(keys=keys, args=args)
        state, detail = (_text(x) for x in res)
        if state == "ok":
            self.held_tournaments[tournament_id] = int(detail.rpartition("|")[2])
            return
        self.held_tournaments.pop(tournament_id, None)
        if self.on_fenced_tournament is not None:
            self.on_fenced_tournament(tournament_id)
        raise Fenced(tournament_id, detail)

    async def load_tournament(self, tournament_id: str) -> dict[str, Any] | None:
        v = await self.r.hget(self.keys.tournament(tournament_id), "data")
        return None if v is None else json.loads(v)

    async def recent_tournaments(self, most: int) -> list[dict[str, Any]]:
        """The latest finished tournaments, newest first (for lists)."""
        ids = await self.r.zrevrange(self.keys.tournaments_ended, 0, max(0, most - 1))
        pipe = self.r.pipeline(transaction=False)
        for tid in ids:
            pipe.hget(self.keys.tournament(_text(tid)), "data")
        return [json.loads(v) for v in await pipe.execute() if v is not None]

    async def unfinished_tournaments(self) -> list[dict[str, Any]]:
        ids = await self.r.zrange(self.keys.tournaments_live, 0, -1)
        pipe = self.r.pipeline(transaction=False)
        for tid in ids:
            pipe.hget(self.keys.tournament(_text(tid)), "data")
        return [json.loads(v) for v in await pipe.execute() if v is not None]

    async def close(self) -> None:
        """Close the store's own connection for writes, and the client unless it is shared (a cluster
        node closes it last)."""
        if self.caller is not None and self.owns_caller:
            await self.caller.close()
        if self.owns_client:
            await self.r.aclose()


def clock_text() -> bytes:
    """The wall clock as the text of a number of seconds, in whole microseconds: the text ``repr`` gives the float
    nearest to them (at most six decimals, no trailing zero: floats in this range are less than a microsecond apart,
    so no shorter text comes back as that float), at a fraction of the cost of ``repr(time.time())``."""
    text = b"%d.%06d" % divmod(time.time_ns() // 1000, 1_000_000)
    text = text.rstrip(b"0")
    return text + b"0" if text[-1] == 0x2E else text  # (".": a whole second)


def _text(v: Any) -> str:
    return v.decode() if isinstance(v, bytes) else str(v)


# JSON without spaces, as json.dumps(..., separators=(",", ":")) writes it, with one encoder made once (json.dumps
# makes a new one on every call with separators given: most of its cost for the short lists of a move).
_compact = json.JSONEncoder(separators=(",", ":")).encode


def _entry(m: StoredMove) -> str:
    """A move's log entry, ``[ply,seat,"text",at,clocks]``: the common case (whole numbers, a finite time) written
    directly, the same text as :func:`json.dumps` gives; anything else through it."""
    ply, seat, at = m.ply, m.seat, m.at
    if type(ply) is int and type(seat) is int and type(at) is float and math.isfinite(at):
        clocks = "null" if m.clocks is None else _compact(m.clocks)
        return f"[{ply},{seat},{encode_basestring_ascii(m.text)},{at!r},{clocks}]"
    return _compact([ply, seat, m.text, at, m.clocks])


# The native writer of a room's arguments for one plain move: (room, epoch, ply, seat, text, at) -> bytes, or None.
MoveWrite = Callable[[str, int, int, int, str, float], bytes | None]


def _room_args(rid: str, epoch: int, ops: list[Any]) -> list[bytes]:
    """A room's four arguments of the write script: its id, its epoch, and either the ply and log entry of its one
    move (the common write) or ``J`` and its ops (lists, or a move as its :class:`StoredMove`, as :func:`_op` makes
    them) as :func:`_compact` writes them."""
    if len(ops) == 1:
        op = ops[0]
        if type(op) is StoredMove:
            op = _op(op)
        if op[0] == "M" and type(op[1]) is int and type(op[2]) is str:
            return [rid.encode(), b"%d" % epoch, b"%d" % op[1], op[2].encode()]
    ops = [_op(op) if type(op) is StoredMove else op for op in ops]
    return [rid.encode(), b"%d" % epoch, b"J", _compact(ops).encode()]


def _room_text(rid: str, epoch: int, ops: list[Any]) -> bytes:
    """A room's four arguments of the write script in the Redis protocol (:func:`_room_args`): the Python twin of the
    native ``move_write``, which writes the same bytes for one plain move."""
    return b"".join(map(wire.bulk, _room_args(rid, epoch, ops)))


def seated_sessions(meta: dict[str, Any]) -> list[str]:
    """The sessions in a room's seats, from its stored meta."""
    seats = meta.get("seats")
    if not isinstance(seats, list):
        return []
    out = []
    for seat in seats:
        sid = seat.get("session") if isinstance(seat, dict) else None
        if isinstance(sid, str) and sid:
            out.append(sid)
    return out


def _chat_entry(c: StoredChat) -> str:
    return _compact([c.seq, c.seat, c.name, c.text, c.at])


def _op(item: StoredRoom | RoomUpdate | StoredMove | StoredChat) -> list[Any]:
    if isinstance(item, StoredMove):
        return ["M", item.ply, _entry(item)]
    if isinstance(item, StoredChat):
        return ["T", item.seq, _chat_entry(item)]
    if isinstance(item, RoomUpdate):
        f: dict[str, Any] = {}
        if item.status is not None:
            f["status"] = item.status
        if item.meta is not None:
            f["meta"] = json.dumps(item.meta)
        if item.result is not None:
            f["result"] = json.dumps(item.result)
        if item.reason is not None:
            f["reason"] = item.reason
        return ["U", f]
    row: dict[str, Any] = {
        "format": ROOM_FORMAT,
        "id": item.id,
        "game": item.game,
        "params": json.dumps(item.params),
        "meta": json.dumps(item.meta),
        "status": item.status,
        "created_at": item.created_at,
        "updated_at": item.updated_at,
    }
    if item.result is not None:
        row["result"] = json.dumps(item.result)
    if item.reason is not None:
        row["reason"] = item.reason
    code = item.meta.get("code")
    if isinstance(code, str) and code:
        row["code"] = code
    return ["C", row, [_entry(m) for m in item.moves], [_chat_entry(c) for c in item.chat[-CHAT_KEPT:]]]


def stored_format(row: dict[str, str]) -> int | None:
    """The format a room's row says it is in (a row written before formats existed: 1); None: not a number."""
    raw = row.get("format", "1")
    try:
        return int(raw)
    except ValueError:
        return None


def _room(
    row: dict[bytes, bytes], moves: list[bytes], chat: Sequence[bytes] = (), formats: frozenset[int] = ROOM_FORMATS
) -> StoredRoom:
    f = {_text(a): _text(b) for a, b in row.items()}
    form = stored_format(f)
    if form not in formats:
        raise UnknownFormat(f.get("id", "?"), f.get("format", "?"), formats)
    return StoredRoom(
        id=f["id"],
        game=f["game"],
        params=json.loads(f["params"]),
        meta=json.loads(f["meta"]),
        status=f["status"],
        created_at=float(f["created_at"]),
        updated_at=float(f["updated_at"]),
        result=json.loads(f["result"]) if "result" in f else None,
        reason=f.get("reason"),
        moves=tuple(_move(m) for m in moves),
        chat=tuple(StoredChat(*json.loads(c)) for c in chat),
    )


def _move(raw: bytes) -> StoredMove:
    ply, seat, text, at, clocks = json.loads(raw)
    return StoredMove(ply, seat, text, at, clocks)


def _glicko(v: bytes | str | None) -> Glicko:
    return Glicko() if v is None else Glicko.from_dict(json.loads(v))


def _rating(v: bytes) -> Rating:
    d = json.loads(v)
    return Rating(float(d["value"]), int(d["games"]))
