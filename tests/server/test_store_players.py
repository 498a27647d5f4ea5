"""The embedded store's players, sessions and Glicko-2 ratings, and its schema versions: a file made
before registered players existed still opens, keeps its sessions and rooms, and is migrated."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from grundy.server.ratings import Glicko, rate_glicko
from grundy.server.sessions import check_secret, hash_secret
from grundy.server.store import _SCHEMA, SCHEMA_VERSION, SQLiteStore, StoreError
from grundy.server.stored import StoredPlayer, StoredSession


def old_file(path: Path) -> None:
    """A store file as the server wrote it before schema versions (version 0), with a session and a room."""
    db = sqlite3.connect(path)
    db.executescript(_SCHEMA)
    db.execute("INSERT INTO sessions VALUES ('s-1', 'tok', 'Ann', 'human', 1.0)")
    db.execute("INSERT INTO rooms VALUES ('r-1', 'nim', '{}', '{}', 'finished', 1.0, 2.0, NULL, NULL)")
    db.execute("INSERT INTO ratings VALUES ('s-1', 'nim', 1510.0, 3, 1.0)")
    db.commit()
    db.close()


def test_an_old_file_is_migrated_and_keeps_what_it_held(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_file(path)
    store = SQLiteStore(str(path))
    try:
        assert store.session_by_token("tok") == StoredSession("s-1", "tok", "Ann", 1.0, "human", None)
        assert store.load_room("r-1") is not None
        assert store.get_rating("s-1", "nim") is not None
        assert store.register_player(StoredPlayer("Ann", "scrypt$x", 5.0))
        store.save_session(StoredSession("s-2", "tok2", "Ann", 6.0, "human", "Ann"))
        assert store.session_by_id("s-2") == StoredSession("s-2", "tok2", "Ann", 6.0, "human", "Ann")
    finally:
        store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 1
    db.close()
    again = SQLiteStore(str(path))  # opening a migrated file again changes nothing
    try:
        assert again.load_player("ANN") == StoredPlayer("Ann", "scrypt$x", 5.0)
    finally:
        again.close()


def test_a_file_from_a_newer_server_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="version"):
        SQLiteStore(str(path))


def test_a_name_is_registered_once_in_any_case() -> None:
    store = SQLiteStore(":memory:")
    assert store.register_player(StoredPlayer("Ann", "h1", 1.0))
    assert not store.register_player(StoredPlayer("aNN", "h2", 2.0))
    assert store.load_player("ann") == StoredPlayer("Ann", "h1", 1.0)
    assert store.load_player("bob") is None


def test_a_secret_is_kept_as_a_salted_slow_hash() -> None:
    a, b = hash_secret("s3cret"), hash_secret("s3cret")
    assert a != b and a.startswith("scrypt$16384$8$1$") and "s3cret" not in a  # salted
    assert check_secret("s3cret", a) and check_secret("s3cret", b)
    assert not check_secret("s3cre", a) and not check_secret("s3cret" + "x" * 200, a)
    assert not check_secret("s3cret", "md5$whatever") and not check_secret("s3cret", "garbage")


def test_a_rated_game_changes_both_ratings_and_histories_once() -> None:
    store = SQLiteStore(":memory:")
    after = store.rate_game("r-1", "nim", ("Ann", "Bob"), ("win", "loss"), 100.0)
    assert after == rate_glicko(Glicko(), Glicko(), "win", 100.0)
    assert store.rate_game("r-1", "nim", ("Ann", "Bob"), ("win", "loss"), 101.0) is None  # reported twice
    store.rate_game("r-2", "nim", ("Bob", "Ann"), ("draw", "draw"), 200.0)
    assert store.glicko_of("Ann")["nim"].games == 2
    history = store.rating_history("Ann", "nim", 10)
    assert [(h.room, h.opponent, h.outcome) for h in history] == [("r-1", "Bob", "win"), ("r-2", "Bob", "draw")]
    assert history[-1].rating == pytest.approx(store.glicko_of("Ann")["nim"].rating)
    board = store.leaderboard("nim", 10)
    assert [name for name, _ in board] == ["Ann", "Bob"] and board[0][1].rating > board[1][1].rating
    assert store.leaderboard("nim", 1) == board[:1] and store.leaderboard("gomoku", 10) == []


def test_a_sessions_language_is_kept_with_it(tmp_path: Path) -> None:
    """A session resumed after a restart speaks the language of its hello (``lang``, schema version 10)."""
    store = SQLiteStore(str(tmp_path / "g.db"))
    store.save_session(StoredSession("s-3", "tok3", "Olha", 1.0, "human", None, "uk"))
    store.close()
    again = SQLiteStore(str(tmp_path / "g.db"))
    assert again.session_by_token("tok3") == StoredSession("s-3", "tok3", "Olha", 1.0, "human", None, "uk")
    again.close()
