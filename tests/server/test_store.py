"""The SQLite store on a real file: rooms, moves, sessions survive reopening."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from server.store import SQLiteStore, StoredMove, StoredRoom, StoredSession, StoreError, iter_records


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


def test_unknown_room_update_is_an_error(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    with pytest.raises(StoreError):
        s.update_room("nope", status="finished")


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
        from server.store import SQLiteStore, StoredMove, StoredRoom
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
