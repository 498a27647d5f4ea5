"""`grundy export` over a real store file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from grundy.server.store import SQLiteStore, StoredMove, StoredRoom
from tests.cli import inproc


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """`grundy ARGS` as a user runs it: a process of its own."""
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=60)


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    """What :func:`process` gives, run in this process: the same ``main`` (tests/cli/inproc.py), without an
    interpreter's start for each command; a few tests run :func:`process`."""
    return inproc.grundy(*args)


def at_once(*commands: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """Run each command as :func:`grundy` does, one after the other."""
    return [grundy(*args) for args in commands]


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
    out = process("export", "--db", str(db))
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


def make_played_store(path: Path) -> None:
    """A resigned nim game (a person against a hosted bot, timed) and a gomoku game won by a bot client."""
    s = SQLiteStore(str(path))
    seats = [{"name": "Ann", "kind": "open", "session": "s-secret", "bot": False},
             {"name": "bot", "kind": "bot", "level": "hard", "session": None, "bot": False}]  # fmt: skip
    meta = {"seats": seats, "time_control": {"initial_s": 300.0, "increment_s": 2.0}, "ending": "resign",
            "started_at": 100.0}  # fmt: skip
    s.save_room(StoredRoom("r-nim", "nim", {"heaps": [3, 4, 5], "misere": False}, meta, "playing", 99.0, 99.0))
    s.append_move("r-nim", StoredMove(0, 0, "1:2", 101.0, [299.0, 300.0]))
    s.append_move("r-nim", StoredMove(1, 1, "3:1", 102.5, [299.0, 299.5]))
    s.update_room("r-nim", status="finished", result={"outcomes": ["loss", "win"], "reason": "seat 0 resigned"},
                  reason="seat 0 resigned")  # fmt: skip
    seats = [{"name": "pbrain-mine 1.0", "kind": "open", "session": "s-1", "bot": True},
             {"name": "Bob", "kind": "open", "session": "s-2", "bot": False}]  # fmt: skip
    meta = {"seats": seats, "time_control": {"initial_s": 30.0, "increment_s": 1.0}, "ending": "rules",
            "started_at": 200.0}  # fmt: skip
    s.save_room(StoredRoom("r-go", "gomoku", {"size": 15}, meta, "playing", 200.0, 200.0))
    for ply, cell in enumerate(["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"]):
        s.append_move("r-go", StoredMove(ply, ply % 2, cell, 200.0 + 1.5 * (ply + 1)))
    s.update_room("r-go", status="finished", result={"outcomes": ["win", "loss"], "reason": "five in a row"},
                  reason="five in a row")  # fmt: skip
    s.close()


def test_jsonl_names_the_ending_and_marks_bot_seats_without_session_ids(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_played_store(db)
    out = grundy("export", "--all", "--db", str(db))
    assert out.returncode == 0, out.stderr
    nim, go = (json.loads(line) for line in out.stdout.splitlines())
    assert nim["ending"] == "resign" and nim["result"]["ending"] == "resign" and go["ending"] == "rules"
    assert [(s["name"], s["bot"], s["hosted"], s["level"]) for s in nim["seats"]] == [
        ("Ann", False, False, None), ("bot (hard)", True, True, "hard"),
    ]  # fmt: skip
    assert [s["bot"] for s in go["seats"]] == [True, False]  # a bot client (an engine through the bridge)
    assert "s-secret" not in out.stdout and "session" not in nim["seats"][0]


def test_the_help_names_what_all_exports() -> None:
    out = grundy("export", "--help")
    assert "every game of the store that has ended, finished or aborted" in " ".join(out.stdout.split())


def test_pgn_has_the_same_tags_for_every_game_and_moves_that_replay(tmp_path: Path) -> None:
    from grundy import rules
    from grundy.cli.common import split_moves

    db = tmp_path / "g.db"
    make_played_store(db)
    out = grundy("export", "--db", str(db), "--format", "pgn")
    assert out.returncode == 0, out.stderr
    games = out.stdout.strip().split("\n\n[")
    assert len(games) == 2
    nim = out.stdout.split("\n\n")[:2]
    tags = dict(line[1:-1].split(" ", 1) for line in nim[0].splitlines())
    assert tags["Game"] == '"nim"' and tags["Seat0"] == '"Ann"' and tags["Seat1"] == '"bot (hard)"'
    assert tags["Seat1Type"] == '"hosted bot hard"' and tags["Seat0Type"] == '"human"'
    assert tags["TimeControl"] == '"300+2"' and tags["Result"] == '"0-1"' and tags["Ending"] == '"resign"'
    assert tags["Termination"] == '"seat 0 resigned"' and tags["PlyCount"] == '"2"'
    assert nim[1] == "1. 1:2 {[%clk 0:04:59]} 3:1 {[%clk 0:04:59.5]} 0-1"
    names = [line.split(" ", 1)[0][1:] for line in nim[0].splitlines()]
    go_names = [line.split(" ", 1)[0] for line in ("[" + games[1]).split("\n\n")[0].splitlines()]
    assert [n.lstrip("[") for n in go_names] == names  # the same tags in the same order for every game
    movetext = ("[" + games[1]).split("\n\n")[1]
    moves = [t for t in split_moves(movetext) if not t.endswith(".") and t not in ("1-0", "0-1")]
    game = rules.create("gomoku", size=15)
    assert game.is_over(game.replay(moves)) and moves[0] == "h8"


def test_psq_for_gomocup_tools(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_played_store(db)
    out = grundy("export", "--db", str(db), "--room", "r-go", "--format", "psq")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "Piskvorky 15x15, 11:11, 0"
    assert lines[1] == "8,8,1500"  # h8 is the centre: x 8, y 8 counted from the top-left, 1.5 s spent
    assert lines[2] == "1,15,1500"  # a1 is the bottom-left corner
    assert lines[10:] == ["pbrain-mine 1.0", "Bob", "-1"]
    folder = tmp_path / "psq"
    out = grundy("export", "--db", str(db), "--format", "psq", "--out", str(folder))
    assert out.returncode == 0 and sorted(p.name for p in folder.iterdir()) == ["r-go.psq"]
    assert "wrote 1 gomoku game to " in out.stderr and "(1 other game skipped)" in out.stderr
    out = grundy("export", "--db", str(db), "--format", "psq")
    assert out.returncode == 2 and "--out DIR" in out.stderr
    out = grundy("export", "--db", str(db), "--room", "r-nim", "--format", "psq")
    assert out.returncode == 2 and "gomoku games only" in out.stderr


def test_text_has_the_ending(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_played_store(db)
    out = grundy("export", "--db", str(db), "--room", "r-nim", "--format", "text")
    assert "result: seat 0 loss, seat 1 win (seat 0 resigned) [resign]" in out.stdout


def digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused_in_a_line(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode != 0 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr, out.stderr
    for word in words:
        assert word in out.stderr, out.stderr


def test_export_refuses_a_foreign_sqlite_file_and_leaves_it_byte_for_byte(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    con.execute("INSERT INTO notes (text) VALUES ('mine')")
    con.commit()
    con.close()
    before, files = digest(db), sorted(p.name for p in tmp_path.iterdir())
    out = process("export", "--db", str(db))
    refused_in_a_line(out, "not a grundy store", str(db))
    assert digest(db) == before and sorted(p.name for p in tmp_path.iterdir()) == files
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_master")] == ["notes"]  # no table added
    con.close()


def test_export_refuses_a_text_file_an_empty_file_and_a_folder(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("these are my notes, not a store\n" * 40)
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    folder = tmp_path / "folder"
    folder.mkdir()
    before = {path: digest(path) for path in (text, empty)}
    *files, in_folder = at_once(
        *[("export", "--db", str(path)) for path in before], ("export", "--db", str(folder), "--format", "pgn")
    )
    for (path, digested), out in zip(before.items(), files, strict=True):
        refused_in_a_line(out, "not a grundy store")
        assert digest(path) == digested
    refused_in_a_line(in_folder, "is a folder")
    assert list(folder.iterdir()) == []


def test_export_only_reads_a_store_file(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_played_store(db)
    before = digest(db)
    for out in at_once(*[("export", "--db", str(db), "--format", fmt) for fmt in ("jsonl", "pgn", "text")]):
        assert out.returncode == 0 and "r-nim" in out.stdout, out.stderr
    assert digest(db) == before


def test_export_reads_a_store_of_an_older_schema_without_migrating_it(tmp_path: Path) -> None:
    import sqlite3

    from grundy.server.store import _SCHEMA

    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript(_SCHEMA)  # version 0: what files made before versioning hold
    con.execute(
        "INSERT INTO rooms VALUES ('r-old', 'nim', '{\"heaps\": [2]}', '{}', 'finished', 1.0, 2.0,"
        ' \'{"outcomes": ["win", "loss"]}\', \'took the last object\')'
    )
    con.execute("INSERT INTO moves VALUES ('r-old', 0, 0, '1:2', 1.5, NULL)")
    con.commit()
    con.close()
    before = digest(db)
    out = grundy("export", "--db", str(db))
    assert out.returncode == 0, out.stderr
    (rec,) = [json.loads(line) for line in out.stdout.splitlines()]
    assert rec["id"] == "r-old" and [m["move"] for m in rec["moves"]] == ["1:2"]
    assert digest(db) == before
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 0
    con.close()


def test_export_refuses_a_store_file_and_a_cluster_at_once(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    make_store(db)
    refused_in_a_line(grundy("export", "--db", str(db), "--redis", "redis://127.0.0.1:1/0"), "--db and --redis")


def test_a_rated_tournament_game_says_so_with_its_ratings_in_pgn_and_json(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    s = SQLiteStore(str(db))
    seats = [{"name": "Ann", "kind": "open"}, {"name": "Bob", "kind": "open"}]
    meta = {"seats": seats, "time_control": {"initial_s": 30.0, "increment_s": 0.5}, "rated": True, "ending": "rules"}
    s.save_room(StoredRoom("r-t", "nim", {"heaps": [1], "misere": False}, meta, "playing", 10.0, 10.0))
    s.append_move("r-t", StoredMove(0, 0, "1:1", 11.0, [29.5, 30.0]))
    s.update_room("r-t", status="finished", result={"outcomes": ["win", "loss"]}, reason="Ann took the last object")
    s.tag_tournament_game("r-t", "t-abc", 3)
    after = s.rate_game("r-t", "nim", ("ann", "bob"), ("win", "loss"), 12.0)
    assert after is not None
    s.close()
    out = grundy("export", "--db", str(db), "--format", "pgn")
    assert out.returncode == 0, out.stderr
    tags = dict(line[1:-1].split(" ", 1) for line in out.stdout.split("\n\n")[0].splitlines())
    diff = round(after[0].rating) - 1500
    assert tags["Event"] == '"Rated nim tournament t-abc"' and tags["Round"] == '"3"'
    assert (tags["White"], tags["Black"], tags["WhiteElo"], tags["BlackElo"]) == ('"Ann"', '"Bob"', '"1500"', '"1500"')
    assert tags["WhiteRatingDiff"] == f'"+{diff}"' and tags["BlackRatingDiff"] == f'"{round(after[1].rating) - 1500}"'
    assert tags["TimeControl"] == '"30+0.5"'
    (line,) = [json.loads(x) for x in grundy("export", "--db", str(db)).stdout.splitlines()]
    assert line["rated"] is True and line["tournament"] == {"id": "t-abc", "round": 3}
    assert [(r["player"], r["before"], r["diff"]) for r in line["ratings"]] == [
        ("ann", 1500.0, diff), ("bob", 1500.0, round(after[1].rating) - 1500),
    ]  # fmt: skip
    assert line["ratings"][0]["after"] == round(after[0].rating, 1) and line["ratings"][0]["provisional"] is True
