"""Registered players and Glicko-2 ratings in the Redis store (a real redis-server): the same values as
the SQLite store, a name registered once however many nodes race for it, and rated games that end at the
same moment on different nodes both counted."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from grundy.server.cluster.store import RedisStore
from grundy.server.ratings import Glicko, rate_glicko
from grundy.server.store import SQLiteStore
from grundy.server.stored import StoredBan, StoredPlayer, StoredSession


def _store(server, node: str) -> RedisStore:
    return RedisStore(aioredis.Redis.from_url(server.url), node)


async def test_a_name_is_registered_once_among_racing_nodes(redis_server):
    stores = [_store(redis_server, f"n{i}") for i in range(4)]
    won = await asyncio.gather(
        *(s.register_player(StoredPlayer("ANN" if i % 2 else "ann", f"h{i}", float(i))) for i, s in enumerate(stores))
    )
    assert sorted(won) == [False, False, False, True]
    found = await stores[0].load_player("Ann")
    assert found is not None and found.secret_hash == f"h{won.index(True)}"
    assert await stores[1].load_player("bob") is None
    for s in stores:
        await s.close()


async def test_a_session_keeps_its_player(redis_server):
    s = _store(redis_server, "a")
    await s.save_session(StoredSession("s-1", "tok", "Ann", 1.0, "human", "Ann"))
    await s.save_session(StoredSession("s-2", "tok2", "Zed", 2.0, "bot"))
    assert await s.session_by_token("tok") == StoredSession("s-1", "tok", "Ann", 1.0, "human", "Ann")
    assert await s.session_by_id("s-2") == StoredSession("s-2", "tok2", "Zed", 2.0, "bot", None)
    await s.close()


async def test_rated_games_give_what_the_sqlite_store_gives(redis_server):
    r, q = _store(redis_server, "a"), SQLiteStore(":memory:")
    games = [("r-1", ("Ann", "Bob"), ("win", "loss"), 10.0), ("r-2", ("Bob", "bot:easy"), ("draw", "draw"), 200000.0)]
    for room, players, outcomes, at in games:
        assert await r.rate_game(room, "nim", players, outcomes, at) == q.rate_game(room, "nim", players, outcomes, at)
    assert await r.rate_game("r-1", "nim", ("Ann", "Bob"), ("win", "loss"), 11.0) is None  # rated once
    for name in ("Ann", "Bob", "bot:easy"):
        assert await r.glicko_of(name) == q.glicko_of(name)
        assert await r.rating_history(name, "nim", 10) == q.rating_history(name, "nim", 10)
    assert await r.leaderboard("nim", 10) == q.leaderboard("nim", 10)
    assert await r.leaderboard("nim", 2) == q.leaderboard("nim", 2)
    await r.close()


async def test_games_of_one_player_ending_at_once_on_two_nodes_are_both_counted(redis_server):
    a, b = _store(redis_server, "a"), _store(redis_server, "b")
    rounds = 10
    for i in range(rounds):
        await asyncio.gather(
            a.rate_game(f"ra-{i}", "nim", ("Ann", "Bob"), ("win", "loss"), float(i)),
            b.rate_game(f"rb-{i}", "nim", ("Ann", "Cid"), ("loss", "win"), float(i)),
        )
    ann = (await a.glicko_of("Ann"))["nim"]
    assert ann.games == 2 * rounds
    assert len(await a.rating_history("Ann", "nim", 100)) == 2 * rounds
    assert (await a.glicko_of("Bob"))["nim"].games == (await a.glicko_of("Cid"))["nim"].games == rounds
    await a.close()
    await b.close()


def test_the_pure_update_is_what_both_stores_apply():
    first, _ = rate_glicko(Glicko(), Glicko(), "win", 10.0)
    store = SQLiteStore(":memory:")
    store.rate_game("r-1", "nim", ("Ann", "Bob"), ("win", "loss"), 10.0)
    assert store.glicko_of("Ann")["nim"] == first
    with pytest.raises(ValueError):
        store.rate_game("r-2", "nim", ("Ann", "Ann"), ("win", "loss"), 11.0)


async def test_banned_names_are_what_the_sqlite_store_keeps(redis_server):
    r, other, q = _store(redis_server, "a"), _store(redis_server, "b"), SQLiteStore(":memory:")
    bans = (StoredBan("Mallory", "spam", 10.0), StoredBan("eve", "cheating", 11.0), StoredBan("MALLORY", "x", 12.0))
    for ban in bans:
        await r.ban(ban)
        q.ban(ban)
    assert await r.bans() == q.bans() == [StoredBan("eve", "cheating", 11.0), StoredBan("MALLORY", "x", 12.0)]
    assert await r.ban_of("mallory") == q.ban_of("mallory") == StoredBan("MALLORY", "x", 12.0)
    assert await other.ban_of("EVE") == StoredBan("eve", "cheating", 11.0)  # (any node sees it)
    assert await r.unban("Eve") and not await r.unban("eve") and await other.ban_of("eve") is None
    await r.close()
    await other.close()
    q.close()
