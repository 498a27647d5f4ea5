"""The embedded store's puzzles (schema version 9): who solved which, once each, and the puzzles taken from
real games, kept across reopening the file; a version-8 file is migrated and keeps what it held."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from grundy.server.store import SCHEMA_VERSION, EmbeddedStore, SQLiteStore
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


async def test_a_solved_puzzle_counts_once_per_player_in_any_case_and_outlives_reopening(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    store = EmbeddedStore(SQLiteStore(path))
    assert await store.puzzles_solved("Ann") == 0
    assert await store.solve_puzzle("Ann", "nim-1", 10.0) is True
    assert await store.solve_puzzle("ann", "nim-1", 11.0) is False  # (the same player, the same puzzle)
    assert await store.solve_puzzle("Ann", "kayles-2", 12.0) is True
    assert await store.solve_puzzle("Bob", "nim-1", 13.0) is True
    await store.close()
    store = EmbeddedStore(SQLiteStore(path))
    assert [await store.puzzles_solved(name) for name in ("ANN", "Bob", "Cy")] == [2, 1, 0]
    await store.close()


async def test_puzzles_from_real_games_are_kept_once_newest_last_and_bounded(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    store = EmbeddedStore(SQLiteStore(path))
    await store.keep_found_puzzle(puzzle("ga", ["1:1"]), 1.0)
    await store.keep_found_puzzle(puzzle("gb"), 2.0)
    await store.keep_found_puzzle(puzzle("ga", ["changed"]), 3.0)  # kept again: left as it was
    await store.close()
    store = EmbeddedStore(SQLiteStore(path))
    assert [z["id"] for z in await store.found_puzzles(10)] == ["ga", "gb"]
    assert [z["id"] for z in await store.found_puzzles(1)] == ["gb"]
    assert await store.found_puzzle("ga") == puzzle("ga", ["1:1"])
    assert await store.found_puzzle("gz") is None
    for i in range(FOUND_KEPT):
        await store.keep_found_puzzle(puzzle(f"n{i:03}"), 10.0 + i)
    kept = await store.found_puzzles(FOUND_KEPT + 10)
    assert len(kept) == FOUND_KEPT and kept[0]["id"] == "n000" and await store.found_puzzle("ga") is None
    await store.close()


def test_a_version_8_file_is_migrated_to_9_and_keeps_its_players(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    store = SQLiteStore(path)
    store.rate_game("r-1", "nim", ("Ann", "Bob"), ("win", "loss"), 5.0)
    store.close()
    db = sqlite3.connect(path)  # (back to version 8: the tables of version 9 gone)
    db.executescript("DROP TABLE puzzles_solved; DROP TABLE found_puzzles; PRAGMA user_version = 8;")
    db.close()
    store = SQLiteStore(path)
    try:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 9
        assert set(store.glicko_of("Ann")) == {"nim"}
        assert store.solve_puzzle("Ann", "nim-1", 6.0) and store.puzzles_solved("Ann") == 1
    finally:
        store.close()
