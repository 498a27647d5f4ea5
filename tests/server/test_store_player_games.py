"""A player's finished games in the SQLite store (schema version 7): written per player, read newest first a
page at a time (of one game or all, the name in any case), and a file of version 6 gets its finished games
listed from their rooms when it is opened."""

from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path

from grundy.server.store import _MIGRATIONS, SQLiteStore
from grundy.server.stored import PlayerGame
from tests.server.test_store import file_of_version

PLAYER_GAMES_VERSION = next(i + 1 for i, m in enumerate(_MIGRATIONS) if "player_games" in m)


def game(room: str, at: float, game: str = "nim", seat: int = 0, outcome: str = "win") -> PlayerGame:
    summary = {"title": game.title(), "seats": ["Ann", "bot (easy)"], "seat": seat, "outcome": outcome,
               "reason": "Ann took the last object", "rated": False, "moves": 1}  # fmt: skip
    return PlayerGame(room, game, at, summary)


def test_a_players_games_are_read_newest_first_by_pages_and_by_game(tmp_path: Path) -> None:
    s = SQLiteStore(str(tmp_path / "g.db"))
    s.index_game([("Ann", game("r1", 1.0)), ("bot:easy", game("r1", 1.0, seat=1, outcome="loss"))])
    s.index_game([("Ann", game("r2", 2.0, "kayles")), ("Ann", game("r3", 3.0))])
    s.index_game([("ann", game("r3", 3.0))])  # (again, in another case: one row)
    total, page = s.player_games("ANN", None, 0, 2)
    assert total == 3 and [g.room for g in page] == ["r3", "r2"]
    total, page = s.player_games("Ann", None, 2, 2)
    assert total == 3 and [g.room for g in page] == ["r1"] and page[0].summary["outcome"] == "win"
    assert s.player_games("Ann", "nim", 0, 10)[0] == 2
    assert s.player_games("Ann", None, 5, 10) == (3, [])
    total, page = s.player_games("bot:easy", None, 0, 10)
    assert total == 1 and page[0].summary["seat"] == 1 and page[0].summary["outcome"] == "loss"
    assert s.player_games("Nobody", None, 0, 10) == (0, [])
    s.close()


def test_a_file_of_the_version_before_lists_its_finished_games_once_opened(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    seats = [{"kind": "open", "session": "s-ann", "name": "Ann", "level": None},
             {"kind": "bot", "level": "easy", "session": None, "name": None}]  # fmt: skip
    guests = [{"kind": "open", "session": "s-ann", "name": "Ann"}, {"kind": "open", "session": "s-gus", "name": "Gus"}]
    rows = [
        ("r1", seats, "finished", {"outcomes": ["win", "loss"], "reason": "Ann took the last object"}, 5.0, True),
        ("r2", guests, "finished", {"outcomes": ["loss", "win"], "reason": "Gus took the last object"}, 7.0, False),
        ("r3", seats, "playing", None, 9.0, False),
    ]
    with closing(file_of_version(path, PLAYER_GAMES_VERSION - 1)) as db:
        db.execute(
            "INSERT INTO sessions (id, token, name, kind, created_at, player) VALUES"
            " ('s-ann', 't1', 'Ann', 'human', 1.0, 'Ann'), ('s-gus', 't2', 'Gus', 'human', 1.0, NULL)"
        )
        for rid, seat_list, status, result, ended, rated in rows:
            meta = {"seats": seat_list, "ended_at": ended, "rated": rated}
            db.execute(
                "INSERT INTO rooms VALUES (?, 'nim', '{}', ?, ?, 1.0, ?, ?, NULL)",
                (rid, json.dumps(meta), status, ended, None if result is None else json.dumps(result)),
            )
        db.execute("INSERT INTO moves VALUES ('r1', 0, 0, '1:1', 2.0, NULL)")
        db.commit()
    s = SQLiteStore(path)
    total, page = s.player_games("Ann", None, 0, 10)
    assert total == 2 and [g.room for g in page] == ["r2", "r1"]  # (newest first; the game in play is not listed)
    r1 = page[1].summary
    assert (r1["seats"], r1["seat"], r1["outcome"], r1["rated"], r1["moves"]) == (
        ["Ann", "bot (easy)"], 0, "win", True, 1
    )
    assert r1["reason"] == "Ann took the last object" and page[1].ended_at == 5.0
    assert page[0].summary["outcome"] == "loss" and page[0].summary["seats"] == ["Ann", "Gus"]
    assert s.player_games("bot:easy", None, 0, 10)[0] == 1
    assert s.player_games("Gus", None, 0, 10)[0] == 0  # a guest has no list
    s.close()
