"""The Redis store's puzzles on a real redis-server: the same answers as the SQLite store's
(tests/server/test_store_puzzles.py), under the keys docs/STORE.md names."""

from __future__ import annotations

import redis.asyncio as aioredis

from grundy.server.cluster.store import RedisStore
from grundy.server.stored import FOUND_KEPT


def puzzle(pid: str, moves: list[str] | None = None) -> dict:
    return {
        "id": pid,
        "game": "nim",
        "params": {"heaps": "3,4,5"},
        "moves": moves or [],
        "k": 6,
        "winning": ["1:2"],
        "source": "game",
    }


async def test_a_solved_puzzle_counts_once_per_player_in_any_case(redis_server):
    s = RedisStore(aioredis.Redis.from_url(redis_server.url), "a")
    assert await s.puzzles_solved("Ann") == 0
    assert await s.solve_puzzle("Ann", "nim-1", 10.0) is True
    assert await s.solve_puzzle("ann", "nim-1", 11.0) is False
    assert await s.solve_puzzle("Ann", "kayles-2", 12.0) is True
    assert await s.solve_puzzle("Bob", "nim-1", 13.0) is True
    other = RedisStore(aioredis.Redis.from_url(redis_server.url), "b")  # (another node sees the same)
    counts = [await other.puzzles_solved(name) for name in ("ANN", "Bob", "Cy")]
    assert counts == [2, 1, 0]
    raw = aioredis.Redis.from_url(redis_server.url)
    assert set(await raw.hkeys("grundy:player:ann:solved")) == {b"nim-1", b"kayles-2"}
    for c in (s, other):
        await c.close()
    await raw.aclose()


async def test_puzzles_from_real_games_are_kept_once_newest_last_and_bounded(redis_server):
    s = RedisStore(aioredis.Redis.from_url(redis_server.url), "a")
    await s.keep_found_puzzle(puzzle("ga", ["1:1"]), 1.0)
    await s.keep_found_puzzle(puzzle("gb"), 2.0)
    await s.keep_found_puzzle(puzzle("ga", ["changed"]), 3.0)
    assert [z["id"] for z in await s.found_puzzles(10)] == ["ga", "gb"]
    assert [z["id"] for z in await s.found_puzzles(1)] == ["gb"]
    assert await s.found_puzzle("ga") == puzzle("ga", ["1:1"])
    assert await s.found_puzzle("gz") is None
    for i in range(FOUND_KEPT):
        await s.keep_found_puzzle(puzzle(f"n{i:03}"), 10.0 + i)
    kept = await s.found_puzzles(FOUND_KEPT + 10)
    assert len(kept) == FOUND_KEPT and kept[0]["id"] == "n000" and await s.found_puzzle("ga") is None
    await s.close()
