"""The SQLite store on a real file: rooms, moves, sessions survive reopening."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from contextlib import closing
from pathlib import Path

import msgpack
import pytest

from grundy.server import store as store_module
from grundy.server.ports import RoomUpdate, StoredChat
from grundy.server.store import (
    _MIGRATIONS,
    LOG_TABLES,
    SCHEMA_VERSION,
    WAL_PAGES_BOUND,
    SQLiteStore,
    StoredMove,
    StoredRoom,
    StoredSession,
    StoreError,
    iter_records,
)
from grundy.server.stored import StoredBan


def room(rid: str = "r1", status: str = "playing") -> StoredRoom:
    return StoredRoom(
        id=rid,
        game="nim",
        params={"heaps": [1, 2], "misere": False},
        meta={"time_control": {"initial_s": 60, "increment_s": 1}},
        status=status,
        created_at=1.0,
        updated_at=1.0,
    )


def test_room_moves_and_result_round_trip(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    s.save_room(room())
    s.append_move("r1", StoredMove(0, 0, "2:2", 2.0, [59.0, 60.0]))
    s.append_move("r1", StoredMove(1, 1, "1:1", 3.0, [59.0, 59.5]))
    s.close()
    s = SQLiteStore(path)
    [r] = s.unfinished_rooms()
    assert [m.text for m in r.moves] == ["2:2", "1:1"]
    assert r.moves[0].clocks == [59.0, 60.0] and r.params["heaps"] == [1, 2]
    s.update_room("r1", status="finished", result={"outcomes": ["loss", "win"]}, reason="took the last object")
    assert s.unfinished_rooms() == []
    [rec] = list(iter_records(s))
    assert rec.result == {"outcomes": ["loss", "win"]} and rec.reason == "took the last object"
    assert list(iter_records(s, "r1"))[0].id == "r1"
    assert list(iter_records(s, "nope")) == []


def test_a_ply_is_stored_once(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    s.save_room(room())
    s.append_move("r1", StoredMove(0, 0, "2:2", 2.0))
    with pytest.raises(StoreError, match="ply 0"):
        s.append_move("r1", StoredMove(0, 0, "1:1", 2.5))
    assert [m.text for m in s.load_room("r1").moves] == ["2:2"]  # type: ignore[union-attr]


def test_a_room_keeps_its_last_100_chat_lines_through_reopening(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    s.save_room(room())
    s.save_room(room("r2"))
    for i in range(101):  # one write per line, beside a move now and then
        extra = [("r1", StoredMove(i // 10, 0, "1:1", float(i)))] if i % 10 == 0 else []
        s.write([*extra, ("r1", StoredChat(i, None if i % 2 else 1, f"n{i}", f"line {i}", float(i)))])
    s.write([("r2", StoredChat(0, 0, "Ann", "hi", 5.0))])
    s.close()
    s = SQLiteStore(path)
    r1, r2 = s.load_room("r1"), s.load_room("r2")
    assert r1 is not None and r2 is not None
    assert [c.seq for c in r1.chat] == list(range(1, 101)) and len(r1.moves) == 11
    assert r1.chat[-1] == StoredChat(100, 1, "n100", "line 100", 100.0) and r1.chat[0].seat is None
    assert r2.chat == (StoredChat(0, 0, "Ann", "hi", 5.0),)
    assert s._db.execute("SELECT count(*) FROM chat WHERE room_id = 'r1'").fetchone()[0] == 100  # no more are kept
    # A line for no room, or a line stored twice, is refused and changes nothing.
    with pytest.raises(StoreError):
        s.write([("nope", StoredChat(0, 0, "Ann", "hi", 5.0))])
    with pytest.raises(StoreError):
        s.write([("r2", StoredChat(1, 0, "Ann", "again", 6.0)), ("r2", StoredChat(0, 0, "Ann", "hi", 5.0))])
    assert s.load_room("r2").chat == (StoredChat(0, 0, "Ann", "hi", 5.0),)  # type: ignore[union-attr]
    s.close()


def file_of_version(path: str, version: int) -> sqlite3.Connection:
    """A store's file as this code's schema was at ``version`` (a connection to it, to fill and close)."""
    db = sqlite3.connect(path)
    db.executescript(store_module._SCHEMA)
    for script in _MIGRATIONS[:version]:
        db.executescript(script)
    db.execute(f"PRAGMA user_version = {version}")
    return db


def test_a_file_of_schema_2_gets_the_chat_table_and_keeps_its_rooms(tmp_path: Path) -> None:
    path = str(tmp_path / "v2.db")
    with closing(file_of_version(path, 2)) as db:
        db.execute("INSERT INTO rooms VALUES ('r1', 'nim', '{}', '{}', 'playing', 1.0, 2.0, NULL, NULL)")
        db.commit()
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'chat'").fetchone() is None
    s = SQLiteStore(path)
    assert SCHEMA_VERSION >= 6 and s._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    s.write([("r1", StoredChat(0, None, "Wes", "hello", 3.0))])
    s.close()
    s = SQLiteStore(path)
    assert s.load_room("r1").chat == (StoredChat(0, None, "Wes", "hello", 3.0),)  # type: ignore[union-attr]
    s.close()


def test_a_file_of_schema_4_keeps_the_moves_of_its_one_log_table(tmp_path: Path) -> None:
    """Version 5 made the log a table per bucket: the moves waiting in the old table go into ``moves``."""
    path = str(tmp_path / "v4.db")
    with closing(file_of_version(path, 4)) as db:
        db.execute("INSERT INTO rooms VALUES ('r1', 'nim', '{}', '{}', 'playing', 1.0, 2.0, NULL, NULL)")
        db.execute("INSERT INTO moves VALUES ('r1', 0, 0, 'in moves', 1.0, NULL)")
        db.executemany(
            "INSERT INTO move_log VALUES (?, ?, 'r1', ?, ?, ?, ?, NULL)",
            [(3, 7, 2, 0, "logged 2", 3.0), (3, 6, 1, 1, "logged 1", 2.0)],
        )
        db.commit()
    s = SQLiteStore(path)
    assert [(m.ply, m.text) for m in s.load_room("r1").moves] == [(0, "in moves"), (1, "logged 1"), (2, "logged 2")]  # type: ignore[union-attr]
    assert s._db.execute("SELECT name FROM sqlite_master WHERE name = 'move_log'").fetchone() is None
    s.append_move("r1", StoredMove(3, 1, "next", 4.0))
    with pytest.raises(StoreError):
        s.append_move("r1", StoredMove(2, 0, "again", 4.0))
    s.close()
    assert log_and_kept(path) == (0, 4)


@pytest.mark.parametrize("moves", [1, 20])  # (the log's tables name no parent: the room is checked on its first move)
def test_a_move_of_a_room_not_in_the_store_is_refused_and_nothing_of_its_group_stored(
    tmp_path: Path, moves: int
) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    s.save_room(room("r1"))
    with pytest.raises(StoreError, match="FOREIGN KEY"):
        s.write([("r1", StoredMove(0, 0, "a", 1.0))] + [("nope", StoredMove(i, i % 2, "x", 1.0)) for i in range(moves)])
    assert s.load_room("r1").moves == ()  # type: ignore[union-attr]
    s.write([("r1", StoredMove(0, 0, "a", 1.0))])
    assert [m.text for m in s.load_room("r1").moves] == ["a"]  # type: ignore[union-attr]
    s.close()


def test_the_bucket_tables_of_schema_5_are_merged_and_dropped_on_opening(tmp_path: Path) -> None:
    """A file of version 5 with moves waiting in its log's bucket tables: they are kept, in ``moves``."""
    path = str(tmp_path / "v5.db")
    with closing(file_of_version(path, 5)) as db:
        db.execute("INSERT INTO rooms VALUES ('r1', 'nim', '{}', '{}', 'playing', 1.0, 2.0, NULL, NULL)")
        db.execute("INSERT INTO moves VALUES ('r1', 0, 0, 'in moves', 1.0, NULL)")
        for b in (3, 15):
            db.execute(
                f"CREATE TABLE move_log_{b} (seq INTEGER PRIMARY KEY, room_id TEXT NOT NULL, ply INTEGER NOT NULL,"
                " seat INTEGER NOT NULL, text TEXT NOT NULL, at REAL NOT NULL, clocks TEXT)"
            )
        db.execute("INSERT INTO move_log_3 VALUES (1, 'r1', 1, 1, 'from bucket 3', 2.0, '[59.0, 60.0]')")
        db.commit()
    reader = SQLiteStore(path, merge_log=False)  # (a reader sees them where they are)
    assert [m.text for m in reader.load_room("r1").moves] == ["in moves", "from bucket 3"]  # type: ignore[union-attr]
    reader.close()
    s = SQLiteStore(path)
    assert s._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 6
    moves = s.load_room("r1").moves  # type: ignore[union-attr]
    assert [(m.text, m.clocks) for m in moves] == [("in moves", None), ("from bucket 3", [59.0, 60.0])]
    assert s._db.execute("SELECT 1 FROM sqlite_master WHERE name GLOB 'move_log_[0-9]*'").fetchone() is None
    with pytest.raises(StoreError, match="ply 1"):
        s.append_move("r1", StoredMove(1, 1, "again", 3.0))
    s.append_move("r1", StoredMove(2, 0, "next", 3.0))
    s.close()
    assert log_and_kept(path) == (0, 3)


def test_unknown_room_update_is_an_error(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    with pytest.raises(StoreError):
        s.update_room("nope", status="finished")


# ----------------------------------------------------------------- the move log


def log_and_kept(path: str) -> tuple[int, int]:
    """Rows of the move log, and moves kept in ``moves`` and ``move_chunks`` (a connection of the test's own)."""
    with closing(sqlite3.connect(path)) as db:
        return log_rows(db), kept(db)


def logged(db: sqlite3.Connection) -> list[list[object]]:
    """The moves in the move log (its two tables: a row per write, its moves packed)."""
    rows = [packed for t in LOG_TABLES for (packed,) in db.execute(f"SELECT moves FROM {t}")]
    return [m for packed in rows for m in msgpack.unpackb(packed)]


def log_rows(db: sqlite3.Connection) -> int:
    """Moves in the move log."""
    return len(logged(db))


def kept(db: sqlite3.Connection) -> int:
    """Moves in ``moves`` and in the chunks of ``move_chunks``."""
    rows = db.execute("SELECT count(*) FROM moves").fetchone()[0]
    return int(rows + sum(len(msgpack.unpackb(c)) for (c,) in db.execute("SELECT moves FROM move_chunks")))


def distinct_plies(db: sqlite3.Connection) -> int:
    """Rooms' plies found anywhere (``moves``, the chunks, the log), each counted once."""
    found = set(db.execute("SELECT room_id, ply FROM moves"))
    for rid, chunk in db.execute("SELECT room_id, moves FROM move_chunks"):
        found.update((rid, m[0]) for m in msgpack.unpackb(chunk))
    found.update((m[0], m[1]) for m in logged(db))
    return len(found)


@pytest.mark.parametrize("drain_rooms", [3, 64])
def test_the_log_tables_take_turns_and_every_move_is_read_back_once_never_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drain_rooms: int
) -> None:
    """The written table fills, the two swap, the full one is packed into chunks a few rooms a write (or all at
    once when the other fills first) and emptied whole; every room reads whole at every step, from memory
    and after reopening, and the log never holds more than the two tables' turns."""
    monkeypatch.setattr(store_module, "LOG_SWITCH_MOVES", 100)
    monkeypatch.setattr(store_module, "DRAIN_ROOMS", drain_rooms)
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    rooms = [f"room-{i}" for i in range(40)]
    for rid in rooms:
        s.save_room(room(rid))
    plies, most_in_log, drained_whole = 30, 0, 0
    with closing(sqlite3.connect(path)) as db:
        for ply in range(plies):
            for half in (rooms[: 7 + ply % 5], rooms[7 + ply % 5 :]):  # (groups of different sizes)
                s.write([(rid, StoredMove(ply, ply % 2, f"{rid}:{ply}", ply + 0.25)) for rid in half])
            in_log = log_rows(db)
            most_in_log = max(most_in_log, in_log)
            drained_whole += s._draining is None
            assert distinct_plies(db) == len(rooms) * (ply + 1)  # every move somewhere, once the copies are folded
            for rid in rooms[::9]:
                moves = s.load_room(rid).moves  # type: ignore[union-attr]
                assert [(m.ply, m.text, m.at) for m in moves] == [(i, f"{rid}:{i}", i + 0.25) for i in range(ply + 1)]
            with pytest.raises(StoreError, match=f"ply {ply}"):
                s.write([(rooms[5], StoredMove(ply, 0, "again", 1.0))])
        chunks = db.execute("SELECT count(*) FROM move_chunks").fetchone()[0]
    assert 0 < chunks < len(rooms) * plies  # (chunks of several moves each)
    assert most_in_log <= 2 * 100 + len(rooms)  # (a turn each, and the write that fills one)
    assert drained_whole > 0
    reader = SQLiteStore(path, merge_log=False)  # (mid-drain, perhaps: the reader reads each move once)
    assert [m.ply for m in reader.load_room(rooms[4]).moves] == list(range(plies))  # type: ignore[union-attr]
    reader.close()
    s.close()
    assert log_and_kept(path) == (0, len(rooms) * plies)  # a closed file's log is empty; no move kept twice
    again = SQLiteStore(path)
    assert [m.ply for m in again.load_room(rooms[3]).moves] == list(range(plies))  # type: ignore[union-attr]
    again.write([(rooms[3], StoredMove(plies, 0, "next", 99.0))])
    assert [m.ply for m in again.load_room(rooms[3]).moves] == list(range(plies + 1))  # type: ignore[union-attr]
    again.close()


def test_a_failed_write_changes_nothing_of_the_log_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails after its drain and its switch were decided: the file and the store's memory of the
    log are as they were, and the next write drains and swaps as it would have."""
    monkeypatch.setattr(store_module, "LOG_SWITCH_MOVES", 10)
    monkeypatch.setattr(store_module, "DRAIN_ROOMS", 2)
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    rooms = [f"r{i}" for i in range(4)]
    for rid in rooms:
        s.save_room(room(rid))
    for ply in range(3):  # 12 moves: a swap; the full table's 4 rooms wait to be packed
        s.write([(rid, StoredMove(ply, ply % 2, f"{rid}:{ply}", 1.0)) for rid in rooms])
    assert s._draining is not None and sorted(s._draining) == rooms

    def state() -> tuple[object, ...]:
        waiting = {k: list(v) for k, v in s._waiting.items()}
        return dict(s._known), waiting, dict(s._draining or {}), s._active, s._active_rows, log_and_kept(path)

    before = state()
    with pytest.raises(StoreError, match="no room"):  # (after the moves were appended and two rooms packed)
        s.write([("r0", StoredMove(3, 1, "fine", 2.0)), ("nope", RoomUpdate(status="finished"))])
    assert state() == before
    s.write([("r0", StoredMove(3, 1, "r0:3", 2.0))])
    assert s._draining is not None and len(s._draining) == 2  # (two rooms packed)
    for rid in rooms:
        assert [m.text for m in s.load_room(rid).moves] == [f"{rid}:{i}" for i in range(3)] + (
            ["r0:3"] if rid == "r0" else []
        )  # type: ignore[union-attr]
    s.close()
    assert log_and_kept(path) == (0, 13)


@pytest.mark.parametrize("known", ["remembered", "asked of the log", "asked of the chunks"])
def test_a_ply_at_or_before_the_last_stored_one_is_refused_wherever_that_one_is(tmp_path: Path, known: str) -> None:
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    s.save_room(room("r1"))
    s.save_room(room("r2"))
    s.write([("r1", StoredMove(0, 0, "a", 1.0)), ("r1", StoredMove(1, 1, "b", 2.0))])
    if known == "asked of the log":
        assert log_and_kept(path) == (2, 0)
        s._known.clear()  # (as a store that has not written to these rooms yet)
    elif known == "asked of the chunks":
        s.close()
        assert log_and_kept(path) == (0, 2)
        s = SQLiteStore(path)
    for ply in (0, 1):
        with pytest.raises(StoreError, match=f"ply {ply}"):
            s.write([("r2", StoredMove(0, 0, "x", 3.0)), ("r1", StoredMove(ply, ply % 2, "again", 3.0))])
    assert [m.text for m in s.load_room("r1").moves] == ["a", "b"]  # type: ignore[union-attr]
    assert s.load_room("r2").moves == ()  # type: ignore[union-attr]  # (all or none: r2's move went too)
    s.write([("r1", StoredMove(2, 0, "c", 4.0)), ("r2", StoredMove(0, 0, "x", 4.0))])  # the next ply is taken
    assert [m.text for m in s.load_room("r1").moves] == ["a", "b", "c"]  # type: ignore[union-attr]
    s.close()


def test_a_reader_beside_the_writer_sees_the_log_and_leaves_it_alone(tmp_path: Path) -> None:
    """``grundy export`` opens the file of a running node with ``merge_log=False``: it reads, it never packs."""
    path = str(tmp_path / "g.db")
    node = SQLiteStore(path)
    node.save_room(room("r1"))
    node.write([("r1", StoredMove(ply, ply % 2, f"m{ply}", 1.0 + ply, [60.0 - ply, 60.0])) for ply in range(3)])
    reader = SQLiteStore(path, merge_log=False)
    assert [(m.text, m.clocks) for m in reader.load_room("r1").moves] == [  # type: ignore[union-attr]
        (f"m{ply}", [60.0 - ply, 60.0]) for ply in range(3)
    ]
    reader.close()
    assert log_and_kept(path) == (3, 0)
    node.write([("r1", StoredMove(3, 1, "m3", 4.0))])
    node.close()
    assert log_and_kept(path) == (0, 4)


def test_an_ended_room_is_forgotten_and_asked_for_again(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    s.save_room(room("r1"))
    s.write([("r1", StoredMove(0, 0, "a", 1.0))])
    assert "r1" in s._known
    s.write([("r1", RoomUpdate(status="finished", result={"outcomes": ["win", "loss"]}))])
    assert "r1" not in s._known
    with pytest.raises(StoreError, match="ply 0"):
        s.append_move("r1", StoredMove(0, 0, "again", 2.0))
    s.close()


def test_moves_found_twice_on_opening_are_kept_once_the_first_stored_winning(tmp_path: Path) -> None:
    """A drain a crash cut short leaves a room's moves both packed and in the log; a ply another writer slipped
    into ``moves`` (two writers on a file are not supported) is there too: opening keeps each ply once."""
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    s.save_room(room("r1"))
    s.save_room(room("r2"))
    s.write([("r1", StoredMove(0, 0, "logged", 1.0)), ("r2", StoredMove(0, 0, "r2:0", 1.0))])
    s.write([("r2", StoredMove(1, 1, "r2:1", 2.0))])
    s._db.close()  # (as a crash: the log stays in the file; the checkpoint thread goes on until stopped)
    assert s._checkpointer is not None
    s._checkpointer.stop()
    with closing(sqlite3.connect(path)) as other, other:
        other.execute("INSERT INTO moves (room_id, ply, seat, text, at) VALUES ('r1', 0, 0, 'slipped in', 1.0)")
        other.execute(
            "INSERT INTO move_chunks VALUES ('r2', 0, 1, ?)",
            (msgpack.packb([[0, 0, "r2:0", 1.0, None], [1, 1, "r2:1", 2.0, None]]),),
        )
    again = SQLiteStore(path)
    assert [m.text for m in again.load_room("r1").moves] == ["slipped in"]  # type: ignore[union-attr]
    assert [m.text for m in again.load_room("r2").moves] == ["r2:0", "r2:1"]  # type: ignore[union-attr]
    again.append_move("r1", StoredMove(1, 1, "next", 2.0))
    again.append_move("r2", StoredMove(2, 0, "r2:2", 3.0))
    assert [m.ply for m in again.load_room("r1").moves] == [0, 1]  # type: ignore[union-attr]
    again.close()
    assert log_and_kept(path) == (0, 5)


def test_sessions_by_token(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    s.save_session(StoredSession("s1", "tok", "ada", 1.0))
    assert s.session_by_token("tok") == StoredSession("s1", "tok", "ada", 1.0, "human")
    assert s.session_by_token("other") is None


def test_committed_moves_survive_kill_9(tmp_path: Path) -> None:
    """A process that stores moves and is killed with SIGKILL loses none of them."""
    path = tmp_path / "g.db"
    script = textwrap.dedent(
        f"""
        import os, signal
        from grundy.server.store import SQLiteStore, StoredMove, StoredRoom
        s = SQLiteStore({str(path)!r})
        s.save_room(StoredRoom("r1", "nim", {{}}, {{}}, "playing", 1.0, 1.0))
        for ply in range(50):
            s.append_move("r1", StoredMove(ply, ply % 2, "1:1", 1.0 + ply))
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.run([sys.executable, "-c", script], env=env, timeout=60)
    assert proc.returncode == -9
    s = SQLiteStore(str(path))
    assert len(s.load_room("r1").moves) == 50  # type: ignore[union-attr]


# ----------------------------------------------------------------- group commit (append_moves)


def test_a_group_of_many_rooms_moves_lands_in_order(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    for rid in ("a", "b", "c"):
        s.save_room(room(rid))
    group = [
        (rid, StoredMove(ply, ply % 2, f"{rid}{ply}", 10.0 + ply, [50.0 - ply, 60.0]))
        for ply in range(4)
        for rid in ("a", "b", "c")
    ]
    s.append_moves(group)
    s.append_moves([("b", StoredMove(4, 0, "b4", 20.0))])
    s.append_moves([])  # an empty group writes nothing and is no error
    for rid in ("a", "b", "c"):
        moves = s.load_room(rid).moves  # type: ignore[union-attr]
        assert [m.ply for m in moves] == list(range(5 if rid == "b" else 4))
        assert [m.text for m in moves][:4] == [f"{rid}{ply}" for ply in range(4)]
        assert moves[3] == StoredMove(3, 1, f"{rid}3", 13.0, [47.0, 60.0])
    assert s.load_room("b").moves[4] == StoredMove(4, 0, "b4", 20.0, None)  # type: ignore[union-attr]


@pytest.mark.parametrize("clash", ["stored before", "twice in the group", "unknown room"])
def test_a_group_with_one_bad_move_stores_none_and_one_by_one_only_that_room_fails(tmp_path: Path, clash: str) -> None:
    """All or none; then the fallback the node uses (each room's moves on their own) loses only the bad room's."""
    s = SQLiteStore(str(tmp_path / "g.db"))
    for rid in ("a", "b", "c"):
        s.save_room(room(rid))
    s.append_move("b", StoredMove(0, 0, "first", 1.0))
    by_room = {"a": [StoredMove(0, 0, "a0", 2.0), StoredMove(1, 1, "a1", 3.0)], "c": [StoredMove(0, 0, "c0", 2.0)]}
    if clash == "stored before":
        by_room["b"] = [StoredMove(0, 1, "again", 2.0)]
    elif clash == "twice in the group":
        by_room["b"] = [StoredMove(1, 1, "b1", 2.0), StoredMove(1, 1, "b1 again", 2.5)]
    else:
        by_room["nope"] = [StoredMove(0, 0, "x", 2.0)]
    group = [(rid, m) for rid, moves in by_room.items() for m in moves]
    with pytest.raises(StoreError, match=f"group of {len(group)} moves"):
        s.append_moves(group)
    assert {rid: [m.text for m in s.load_room(rid).moves] for rid in "abc"} == {  # type: ignore[union-attr]
        "a": [],
        "b": ["first"],
        "c": [],
    }
    failed = []
    for rid, moves in by_room.items():
        try:
            s.append_moves([(rid, m) for m in moves])
        except StoreError:
            failed.append(rid)
    assert failed == ["nope" if clash == "unknown room" else "b"]
    assert [m.text for m in s.load_room("a").moves] == ["a0", "a1"]  # type: ignore[union-attr]
    assert [m.text for m in s.load_room("c").moves] == ["c0"]  # type: ignore[union-attr]
    assert [m.text for m in s.load_room("b").moves] == ["first"]  # type: ignore[union-attr]
    s.append_moves([("b", StoredMove(1, 1, "b1", 4.0))])  # the store is usable after the failures
    assert [m.text for m in s.load_room("b").moves] == ["first", "b1"]  # type: ignore[union-attr]


def test_every_committed_group_is_seen_by_another_connection_and_after_reopening(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    for rid in ("a", "b"):
        s.save_room(room(rid))
    for ply in range(30):
        s.append_moves(
            [("a", StoredMove(ply, ply % 2, f"a{ply}", 1.0)), ("b", StoredMove(ply, ply % 2, f"b{ply}", 1.0))]
        )
        if ply % 10 == 9:  # a second store open on the same file at the same time sees every commit at once
            other = SQLiteStore(path)
            assert len(other.load_room("a").moves) == ply + 1  # type: ignore[union-attr]
            assert len(other.load_room("b").moves) == ply + 1  # type: ignore[union-attr]
            other.close()
    s.close()
    again = SQLiteStore(path)
    for rid in ("a", "b"):
        assert [m.text for m in again.load_room(rid).moves] == [f"{rid}{ply}" for ply in range(30)]  # type: ignore[union-attr]
    again.close()


def test_committed_groups_survive_kill_9(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    script = textwrap.dedent(
        f"""
        import os, signal
        from grundy.server.store import SQLiteStore, StoredMove, StoredRoom
        s = SQLiteStore({str(path)!r})
        rooms = [f"r{{i}}" for i in range(20)]
        for rid in rooms:
            s.save_room(StoredRoom(rid, "nim", {{}}, {{}}, "playing", 1.0, 1.0))
        for ply in range(40):
            s.append_moves([(rid, StoredMove(ply, ply % 2, "1:1", 1.0 + ply)) for rid in rooms])
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.run([sys.executable, "-c", script], env=env, timeout=60)
    assert proc.returncode == -9
    assert log_and_kept(str(path)) == (800, 0)  # all in the log when it died
    s = SQLiteStore(str(path))
    assert [len(s.load_room(f"r{i}").moves) for i in range(20)] == [40] * 20  # type: ignore[union-attr]
    assert log_and_kept(str(path)) == (0, 800)  # (packed on opening)
    with pytest.raises(StoreError, match="ply 39"):
        s.append_move("r3", StoredMove(39, 1, "again", 50.0))
    s.close()


def test_kill_9_in_the_middle_of_a_drain_loses_and_doubles_nothing(tmp_path: Path) -> None:
    """A writer killed while one log table is half packed into chunks: on opening, every move is there once."""
    path = tmp_path / "g.db"
    script = textwrap.dedent(
        f"""
        import os, signal
        from grundy.server import store
        from grundy.server.store import SQLiteStore, StoredMove, StoredRoom
        store.LOG_SWITCH_MOVES, store.DRAIN_ROOMS = 100, 2
        s = SQLiteStore({str(path)!r})
        rooms = [f"r{{i}}" for i in range(20)]
        for rid in rooms:
            s.save_room(StoredRoom(rid, "nim", {{}}, {{}}, "playing", 1.0, 1.0))
        ply = 0
        while not (s._draining and len(s._draining) < len(rooms) and ply > 10):  # (some rooms packed, some not)
            s.append_moves([(rid, StoredMove(ply, ply % 2, f"{{rid}}:{{ply}}", 1.0 + ply)) for rid in rooms])
            ply += 1
        print(ply, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.run([sys.executable, "-c", script], env=env, timeout=60, capture_output=True, text=True)
    assert proc.returncode == -9, proc.stderr
    plies = int(proc.stdout)
    with closing(sqlite3.connect(path)) as db:  # (packed rooms' moves are in the chunks and still in the log)
        assert kept(db) > 0 and distinct_plies(db) == 20 * plies < kept(db) + log_rows(db)
    s = SQLiteStore(str(path))
    for i in range(20):
        assert [m.text for m in s.load_room(f"r{i}").moves] == [f"r{i}:{p}" for p in range(plies)]  # type: ignore[union-attr]
    with pytest.raises(StoreError, match=f"ply {plies - 1}"):
        s.append_move("r3", StoredMove(plies - 1, 1, "again", 50.0))
    s.append_move("r3", StoredMove(plies, 0, "next", 50.0))
    s.close()
    assert log_and_kept(str(path)) == (0, 20 * plies + 1)


def test_the_file_runs_in_wal_mode_with_synchronous_normal(tmp_path: Path) -> None:
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    # synchronous is a setting of the connection: the store's own one is what commits
    assert s._db.execute("PRAGMA synchronous").fetchone() == (1,)  # 1 = NORMAL (2 = FULL)
    assert s._db.execute("PRAGMA wal_autocheckpoint").fetchone() == (WAL_PAGES_BOUND,)
    # a savepoint's journal (the merge of an old file's move log has one) is kept in memory, not written to a file
    assert s._db.execute("PRAGMA temp_store").fetchone() == (2,)  # 2 = MEMORY (0 = the build's default: a file)
    with sqlite3.connect(path) as other:  # the journal mode is a setting of the file
        assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    s.save_room(room())
    s.append_moves([("r1", StoredMove(0, 0, "1:1", 1.0))])
    assert os.path.exists(path + "-wal")
    s.close()


def wal_restarts(path: str) -> int:
    """The write-ahead log's checkpoint sequence number (its header, bytes 12-15): one more each time it starts over."""
    with open(path + "-wal", "rb") as f:
        return int.from_bytes(f.read(16)[12:16], "big")


def test_under_steady_writes_the_log_starts_over_without_the_bound_checkpoint(tmp_path: Path) -> None:
    """Writes that never pause still let the log start over once it is long (not only at WAL_PAGES_BOUND)."""
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path, wal_restart_pages=64)
    rooms = [f"r{i}" for i in range(20)]
    for rid in rooms:
        s.save_room(room(rid))
    first, ply, started = wal_restarts(path), 0, time.monotonic()
    while wal_restarts(path) < first + 3:
        assert time.monotonic() - started < 30, f"the log started over {wal_restarts(path) - first} times"
        s.append_moves([(rid, StoredMove(ply, ply % 2, f"{rid}:{ply}", float(ply))) for rid in rooms])
        ply += 1
        time.sleep(0.001)  # (some 20 pages a commit: the bound is seconds away, the thread's rounds 0.05 s)
    # Only starts over before the bound keep the file this short (it never shrinks).
    assert os.path.getsize(path + "-wal") < 4096 * WAL_PAGES_BOUND // 2
    for rid in rooms:
        assert [m.text for m in s.load_room(rid).moves] == [f"{rid}:{i}" for i in range(ply)]  # type: ignore[union-attr]
    s.close()


def test_the_log_starts_over_with_the_thread_having_copied_all_but_a_few_frames(tmp_path: Path) -> None:
    """The store's own connection (the event loop's) copies only what was committed during the thread's last short pass.

    A pass over a long log takes long enough for hundreds of commits; left to the store's connection
    they were a stall of tens of ms on the loop each time the log started over.
    """
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path, wal_restart_pages=8000)
    rooms = [f"r{i}" for i in range(100)]
    for rid in rooms:
        s.save_room(room(rid))
    ck = s._checkpointer
    assert ck is not None
    ply, started = 0, time.monotonic()
    while len(ck.caught_up) < 5:
        assert time.monotonic() - started < 60, f"the log started over {len(ck.caught_up)} times"
        for i in range(0, len(rooms), 25):  # (commits never pause: each round of the thread has some to copy)
            s.write([(rid, StoredMove(ply, ply % 2, "1", float(ply))) for rid in rooms[i : i + 25]])
        ply += 1
    # Quiet: 40-110 frames; on a busy machine (the thread waiting for the GIL between passes) a few hundred.  Left
    # over from a whole pass, as before: 950-1,850 every time (a pass over 8,000 pages is long).
    assert sorted(ck.caught_up)[2] <= 600, list(ck.caught_up)
    assert [m.ply for m in s.load_room("r7").moves] == list(range(ply))  # type: ignore[union-attr]
    s.close()


def checkpointers(path: str) -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == f"checkpoint {path}"]


def test_the_checkpoint_thread_copies_the_log_into_the_file_losing_and_doubling_nothing(tmp_path: Path) -> None:
    """Under continuous writes the thread checkpoints (the main file alone holds the moves); close stops it."""
    path = str(tmp_path / "g.db")
    s = SQLiteStore(path)
    assert len(checkpointers(path)) == 1 and checkpointers(path)[0].is_alive()
    rooms = [f"r{i}" for i in range(5)]
    for rid in rooms:
        s.save_room(room(rid))
    ply, started = 0, time.monotonic()
    while time.monotonic() - started < 1.2:  # several checkpoint rounds (every 0.05 s) while commits go on
        s.append_moves([(rid, StoredMove(ply, ply % 2, f"{rid}:{ply}", float(ply))) for rid in rooms])
        ply += 1
    assert ply > 20

    def in_main_file() -> int:
        """Moves in the database file without its log (a copy of the file alone), i.e. checkpointed."""
        copy = tmp_path / "copy.db"
        shutil.copyfile(path, copy)
        try:
            with closing(sqlite3.connect(copy)) as db:
                return distinct_plies(db)
        except sqlite3.DatabaseError:  # copied while the thread was writing pages: a torn copy, try again
            return -1

    deadline = time.monotonic() + 10
    while in_main_file() != ply * len(rooms):  # the wal_autocheckpoint bound is far away: only the thread does this
        assert time.monotonic() < deadline, f"{in_main_file()} of {ply * len(rooms)} moves checkpointed"
        time.sleep(0.05)
    for rid in rooms:
        assert [m.text for m in s.load_room(rid).moves] == [f"{rid}:{i}" for i in range(ply)]  # type: ignore[union-attr]
    thread = checkpointers(path)[0]
    s.close()
    assert not thread.is_alive() and checkpointers(path) == []
    again = SQLiteStore(path)
    again.close()
    assert log_and_kept(path) == (0, ply * len(rooms))  # (each move kept once)
    assert checkpointers(path) == []


def test_a_store_in_memory_has_no_checkpoint_thread() -> None:
    before = {t.name for t in threading.enumerate()}
    s = SQLiteStore(":memory:")
    assert {t.name for t in threading.enumerate()} - before == set()
    s.save_room(room())
    s.append_moves([("r1", StoredMove(0, 0, "1:1", 1.0))])
    assert len(s.load_room("r1").moves) == 1  # type: ignore[union-attr]
    s.close()


def test_banned_names_are_kept_in_any_case_until_unbanned(tmp_path: Path) -> None:
    path = str(tmp_path / "bans.db")
    s = SQLiteStore(path)
    assert s.ban_of("Mallory") is None and s.bans() == []
    s.ban(StoredBan("Mallory", "spam in chat", 10.0))
    s.ban(StoredBan("eve", "cheating", 11.0))
    s.ban(StoredBan("MALLORY", "spam, again", 12.0))  # (the same name: the reason is replaced)
    s.close()
    s = SQLiteStore(path)  # (a restart keeps them)
    assert s.ban_of("mallory") == StoredBan("MALLORY", "spam, again", 12.0)
    assert [b.name for b in s.bans()] == ["eve", "MALLORY"]
    assert s.unban("Eve") and not s.unban("Eve") and s.ban_of("eve") is None
    s.close()
