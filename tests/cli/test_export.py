"""`grundy export` over a real store file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from server.store import SQLiteStore, StoredMove, StoredRoom


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, text=True, timeout=60)


def make_store(path: Path) -> None:
    s = SQLiteStore(str(path))
    meta = {"seats": [{"name": "ada", "kind": "human"}, {"name": "bot", "kind": "bot", "level": "max"}]}
    s.save_room(StoredRoom("r1", "nim", {"heaps": [1, 2], "misere": False}, meta, "playing", 100.0, 100.0))
    s.append_move("r1", StoredMove(0, 0, "2:2", 101.0, [59.0, 60.0]))
    s.append_move("r1", StoredMove(1, 1, "1:1", 102.5, [59.0, 58.5]))
    s.update_room("r1", status="finished", result={"outcomes": ["loss", "win"]}, reason="took the last object")
    s.save_room(StoredRoom("r2", "nim", {"heaps": [3], "misere": False}, {}, "playing", 200.0, 200.0))
    s.save_room(StoredRoom("r3", "nim", {"heaps": [1], "misere": False}, meta, "playing", 300.0, 300.0))
    s.append_move("r3", StoredMove(0, 0, "1:1", 301.0))
    s.update_room("r3", status="finished", result={"outcomes": ["win", "loss"]}, reason="took the last object")
    s.tag_tournament_game("r3", "t-abc", 2)
    s.close()


def test_export_jsonl_has_only_finished_games(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_store(db)
    out = grundy("export", "--db", str(db))
    assert out.returncode == 0, out.stderr
    recs = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in recs] == ["r1", "r3"]
    assert "tournament" not in recs[0] and recs[1]["tournament"] == {"id": "t-abc", "round": 2}
    assert [m["move"] for m in recs[0]["moves"]] == ["2:2", "1:1"]
    assert recs[0]["result"]["outcomes"] == ["loss", "win"] and recs[0]["reason"] == "took the last object"


def test_export_text_of_one_room(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_store(db)
    out = grundy("export", "--db", str(db), "--room", "r1", "--format", "text")
    assert out.returncode == 0, out.stderr
    assert "seat 1: bot (bot max)" in out.stdout and "2:2" in out.stdout and "seat 1 win" in out.stdout


def test_export_unknown_room_and_missing_store(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_store(db)
    out = grundy("export", "--db", str(db), "--room", "zz")
    assert out.returncode == 2 and "no room 'zz'" in out.stderr
    out = grundy("export", "--db", str(tmp_path / "none.db"))
    assert out.returncode == 2 and "no store" in out.stderr


def test_export_text_names_the_tournament_of_a_tournament_game(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_store(db)
    out = grundy("export", "--db", str(db), "--room", "r3", "--format", "text")
    assert out.returncode == 0, out.stderr
    assert "tournament t-abc, round 2" in out.stdout
    out = grundy("export", "--db", str(db), "--room", "r1", "--format", "text")
    assert "tournament" not in out.stdout
