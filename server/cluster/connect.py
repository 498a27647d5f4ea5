"""Where a cluster's Redis is: one primary at a URL, or the primary that Sentinel names.

Every part of a cluster that talks to Redis (the node's store and leases, its bus, the bot
queue, ``grundy bots``) is given one string, the **target**:

* ``redis://HOST:PORT/DB`` (or ``rediss://``, ``unix://``): redis-py's URL, one server
  (``grundy serve --redis URL``);
* ``redis+sentinel://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...]/MASTER[/DB]``: the primary
  that the Sentinels at those addresses name ``MASTER`` (``grundy serve --redis-sentinel
  HOST:PORT,... --redis-master MASTER``, which builds this string).  The password, if any, is
  the primary's (the Sentinels are asked without one).

With Sentinel, redis-py's clients use a Sentinel-managed pool (:class:`BlockingSentinelPool`):
a new connection asks the Sentinels where the primary is, a connection that finds it talks to a
demoted primary (``READONLY``) is closed, and the pool drops the idle connections to an old
primary as soon as the Sentinels name a new one.  The cluster's own connections (:mod:`.wire`)
ask the Sentinels the same way each time they connect (:func:`locator`).  While no primary is
known (the old one is down and not yet replaced), connecting fails with
:class:`redis.exceptions.ConnectionError`, which a node treats as an outage (docs/STORE.md).
"""

from __future__ import annotations

import dataclasses
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any

import redis
import redis.asyncio as aioredis
import redis.sentinel
from redis.asyncio.sentinel import Sentinel as AsyncSentinel
from redis.asyncio.sentinel import SentinelConnectionPool

SCHEME = "redis+sentinel://"
PLAIN_SCHEMES = ("redis://", "rediss://", "unix://")
SENTINEL_TIMEOUT_S = 0.5  # how long a Sentinel may take to answer where the primary is (then the next is asked)


class TargetError(ValueError):
    """A target that names no Redis (bad syntax), with what was given and what is expected."""


@dataclasses.dataclass(frozen=True)
class Target:
    """A parsed target (see the module docstring)."""

    url: str  # the target as given (never printed: it may hold a password; see ``where``)
    sentinels: tuple[tuple[str, int], ...] = ()  # empty: a plain URL
    master: str = ""
    db: int = 0
    username: str | None = None
    password: str | None = None

    @property
    def is_sentinel(self) -> bool:
        return bool(self.sentinels)

    @property
    def where(self) -> str:
        """For messages and logs: no password."""
        if self.is_sentinel:
            return f"Sentinel {','.join(f'{h}:{p}' for h, p in self.sentinels)} master {self.master} db {self.db}"
        parts = urllib.parse.urlsplit(self.url)
        host = parts.hostname or ""
        netloc = f"{host}:{parts.port}" if parts.port else host
        return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))

    # ------------------------------------------------------------------ clients

    def sentinel(self, **kwargs: Any) -> AsyncSentinel:
        """The asyncio Sentinel manager (``kwargs``: the primary's connection arguments)."""
        return AsyncSentinel(
            list(self.sentinels),
            sentinel_kwargs={"socket_timeout": SENTINEL_TIMEOUT_S, "socket_connect_timeout": SENTINEL_TIMEOUT_S},
            db=self.db,
            username=self.username,
            password=self.password,
            **kwargs,
        )

    def client(self, *, blocking: bool = False, **kwargs: Any) -> aioredis.Redis:
        """An asyncio client of the primary; ``blocking``: commands wait for a free connection of the pool
        (``max_connections``, ``timeout``) instead of failing when all are busy."""
        if not self.is_sentinel:
            if blocking:
                return aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(self.url, **kwargs))
            return aioredis.Redis.from_url(self.url, **kwargs)
        pool_class = BlockingSentinelPool if blocking else SentinelConnectionPool
        return self.sentinel().master_for(self.master, connection_pool_class=pool_class, **kwargs)

    def sync_client(self, **kwargs: Any) -> redis.Redis:
        """A blocking (threads) client of the primary, for ``grundy bots``."""
        if not self.is_sentinel:
            return redis.Redis.from_url(self.url, **kwargs)
        manager = redis.sentinel.Sentinel(
            list(self.sentinels),
            sentinel_kwargs={"socket_timeout": SENTINEL_TIMEOUT_S, "socket_connect_timeout": SENTINEL_TIMEOUT_S},
            db=self.db,
            username=self.username,
            password=self.password,
        )
        return manager.master_for(self.master, **kwargs)


def reason(error: BaseException) -> str:
    """What went wrong talking to Redis, in a line (redis-py's Sentinel errors carry every client's repr)."""
    if isinstance(error, redis.sentinel.MasterNotFoundError):
        master = str(error).split("'")[1] if str(error).count("'") >= 2 else "?"
        return f"no Sentinel answered with a primary named {master!r} (none reachable, or none knows that name)"
    return str(error)


def probe(target: str, timeout_s: float = 5.0) -> None:
    """Check once, blocking, that the target's primary answers (a PING); raises redis-py's error when not.

    ``grundy serve`` calls it before it starts anything, so that a wrong address is refused at once.
    """
    with parse(target).sync_client(socket_connect_timeout=timeout_s, socket_timeout=timeout_s) as r:
        r.ping()


async def close(client: aioredis.Redis) -> None:
    """Close a client of :meth:`Target.client` (with Sentinel, its connections to the Sentinels too)."""
    manager = getattr(client.connection_pool, "sentinel_manager", None)
    await client.aclose()
    if isinstance(manager, AsyncSentinel):
        await manager.aclose()


class BlockingSentinelPool(SentinelConnectionPool, aioredis.BlockingConnectionPool):  # type: ignore[misc]
    """A Sentinel-managed pool whose commands wait for a free connection (as a node's main pool does)."""


def parse(target: str) -> Target:
    """A target string, checked (:class:`TargetError` says what is wrong)."""
    if target.startswith(PLAIN_SCHEMES):
        return Target(target)
    if not target.startswith(SCHEME):
        raise TargetError(f"{target!r}: give a URL such as redis://127.0.0.1:6379/0")
    rest = target[len(SCHEME) :]
    login, at, rest = rest.rpartition("@")
    if not at:
        login = ""
    hosts, _, path = rest.partition("/")
    parts = [p for p in path.split("/") if p]
    if not parts or len(parts) > 2:
        raise TargetError(f"{_safe(target)}: give the primary's name after the Sentinels: ...HOST:PORT/MASTER[/DB]")
    master = urllib.parse.unquote(parts[0])
    try:
        db = int(parts[1]) if len(parts) == 2 else 0
    except ValueError:
        raise TargetError(f"{_safe(target)}: the database {parts[1]!r} is not a number") from None
    username = password = None
    if login:
        user, colon, secret = login.partition(":")
        username = urllib.parse.unquote(user) or None
        password = urllib.parse.unquote(secret) if colon else None
    return Target(target, parse_sentinels(hosts), master, db, username, password)


def parse_sentinels(text: str) -> tuple[tuple[str, int], ...]:
    """``HOST:PORT[,HOST:PORT...]`` (an IPv6 host in brackets), checked."""
    out = []
    for item in text.split(","):
        item = item.strip()
        host, colon, port = item.rpartition(":")
        host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
        if not colon or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) <= 65535:
            raise TargetError(f"Sentinel {item!r}: give HOST:PORT (e.g. 127.0.0.1:26379)")
        out.append((host, int(port)))
    if not out:
        raise TargetError("no Sentinel given: give HOST:PORT[,HOST:PORT...]")
    return tuple(out)


def sentinel_target(sentinels: str, master: str, db: int = 0) -> str:
    """The target string of ``--redis-sentinel SENTINELS --redis-master MASTER`` (checked)."""
    found = parse_sentinels(sentinels)
    if not master or "/" in master or any(c.isspace() for c in master):
        raise TargetError(f"--redis-master {master!r}: give the name the Sentinels monitor the primary by")
    hosts = ",".join(f"[{h}]:{p}" if ":" in h else f"{h}:{p}" for h, p in found)
    return f"{SCHEME}{hosts}/{urllib.parse.quote(master, safe='')}/{db}"


def locator(target: Target) -> Callable[[], Awaitable[tuple[str, int]]]:
    """Where the primary is now, asked of the Sentinels (for connections of our own, :mod:`.wire`)."""

    async def locate() -> tuple[str, int]:
        async with target.sentinel() as manager:  # (asked afresh at each connection: connections are few)
            host, port = await manager.discover_master(target.master)
        return str(host), int(port)

    return locate


def _safe(target: str) -> str:
    """A target for an error message: the password hidden."""
    head, at, tail = target.rpartition("@")
    return f"{SCHEME}***@{tail}" if at else target
