"""What the SQLite store keeps besides rooms, moves and ratings, as bases of ``server.store.SQLiteStore``: the
sessions, registered players and banned names and each player's finished games (:class:`People`), and the
tournaments (:class:`TournamentRecords`).

Each runs its statements on the store's connection, under its lock, in its write transactions (``_tx``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from typing import Any

from grundy.server.stored import FOUND_KEPT, PlayerGame, StoredBan, StoredPlayer, StoredSession, player_key


class _Tables:
    """The store's connection, lock and write transactions (``server.store.SQLiteStore`` holds them)."""

    _db: sqlite3.Connection
    _lock: threading.Lock

    def _tx(self) -> Any:
        raise NotImplementedError  # (the store's: a write transaction)


class People(_Tables):
    """Sessions, registered players and banned names, and each player's finished games."""

    # ----- sessions --------------------------------------------------------------

    def save_session(self, session: StoredSession) -> None:
        with self._lock, self._tx():
            self._db.execute(
                "INSERT OR REPLACE INTO sessions (id, token, name, kind, created_at, player, lang)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (session.id, session.token, session.name, session.kind, session.created_at, session.player,
                 session.lang),
            )

    def session_by_token(self, token: str) -> StoredSession | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, token, name, created_at, kind, player, lang FROM sessions WHERE token = ?", (token,)
            ).fetchone()
        return None if row is None else StoredSession(*row)

    def session_by_id(self, session_id: str) -> StoredSession | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, token, name, created_at, kind, player, lang FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        return None if row is None else StoredSession(*row)

    # ----- registered players -------------------------------------------------------

    def register_player(self, player: StoredPlayer) -> bool:
        """Keep a new player; False (nothing written) if its name is registered already, in any case."""
        with self._lock, self._tx():
            cur = self._db.execute(
                "INSERT OR IGNORE INTO players (key, name, secret_hash, created_at) VALUES (?, ?, ?, ?)",
                (player.key, player.name, player.secret_hash, player.created_at),
            )
            return cur.rowcount == 1

    def load_player(self, name: str) -> StoredPlayer | None:
        """The player registered under ``name`` (in any case), or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT name, secret_hash, created_at FROM players WHERE key = ?", (player_key(name),)
            ).fetchone()
        return None if row is None else StoredPlayer(*row)

    # ----- banned names ---------------------------------------------------------------

    def ban(self, ban: StoredBan) -> None:
        """Ban a name (in any case); banning it again replaces the reason."""
        with self._lock, self._tx():
            self._db.execute(
                "INSERT OR REPLACE INTO bans (key, name, reason, at) VALUES (?, ?, ?, ?)",
                (ban.key, ban.name, ban.reason, ban.at),
            )

    def unban(self, name: str) -> bool:
        """Lift a name's ban: False if it was not banned."""
        with self._lock, self._tx():
            return self._db.execute("DELETE FROM bans WHERE key = ?", (player_key(name),)).rowcount == 1

    def ban_of(self, name: str) -> StoredBan | None:
        with self._lock:
            row = self._db.execute("SELECT name, reason, at FROM bans WHERE key = ?", (player_key(name),)).fetchone()
        return None if row is None else StoredBan(*row)

    def bans(self) -> list[StoredBan]:
        with self._lock:
            rows = self._db.execute("SELECT name, reason, at FROM bans ORDER BY at, key").fetchall()
        return [StoredBan(*row) for row in rows]

    # ----- a player's games ---------------------------------------------------------

    def index_game(self, entries: Sequence[tuple[str, PlayerGame]]) -> None:
        """A finished game in each of its players' lists: ``(player name, game)`` per player (again: replaced)."""
        with self._lock, self._tx():
            for player, g in entries:
                self._db.execute(
                    "INSERT OR REPLACE INTO player_games (player, room, game, ended_at, summary)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (player_key(player), g.room, g.game, g.ended_at, json.dumps(g.summary)),
                )

    def player_games(self, player: str, game: str | None, offset: int, limit: int) -> tuple[int, list[PlayerGame]]:
        """A page of a player's finished games, newest first (of one game, or all), and how many there are."""
        where, args = (
            ("player = ?", [player_key(player)])
            if game is None
            else ("player = ? AND game = ?", [player_key(player), game])
        )
        with self._lock:
            total = self._db.execute(f"SELECT COUNT(*) FROM player_games WHERE {where}", args).fetchone()[0]
            rows = self._db.execute(
                f"SELECT room, game, ended_at, summary FROM player_games WHERE {where}"
                " ORDER BY ended_at DESC, room DESC LIMIT ? OFFSET ?",
                [*args, int(limit), int(offset)],
            ).fetchall()
        return total, [PlayerGame(room, g, at, json.loads(summary)) for room, g, at, summary in rows]

    # ----- puzzles ---------------------------------------------------------------------

    def solve_puzzle(self, player: str, puzzle: str, at: float) -> bool:
        """Note that a registered player solved a puzzle: True the first time, False when it was solved before."""
        with self._lock, self._tx():
            cur = self._db.execute(
                "INSERT OR IGNORE INTO puzzles_solved (player, puzzle, at) VALUES (?, ?, ?)",
                (player_key(player), puzzle, at),
            )
            return cur.rowcount == 1

    def puzzles_solved(self, player: str) -> int:
        """How many puzzles a player solved (each counted once)."""
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*) FROM puzzles_solved WHERE player = ?", (player_key(player),)
            ).fetchone()
        return int(row[0])

    def keep_found_puzzle(self, puzzle: dict[str, Any], at: float) -> None:
        """Keep a puzzle taken from a real game (its ``id`` names it; kept again: left as it was); the newest
        :data:`FOUND_KEPT` stay."""
        with self._lock, self._tx():
            self._db.execute(
                "INSERT OR IGNORE INTO found_puzzles (id, at, data) VALUES (?, ?, ?)",
                (puzzle["id"], at, json.dumps(puzzle)),
            )
            self._db.execute(
                "DELETE FROM found_puzzles WHERE id NOT IN"
                " (SELECT id FROM found_puzzles ORDER BY at DESC, id DESC LIMIT ?)",
                (FOUND_KEPT,),
            )

    def found_puzzles(self, most: int) -> list[dict[str, Any]]:
        """The newest ``most`` puzzles taken from real games, oldest of them first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT data FROM found_puzzles ORDER BY at DESC, id DESC LIMIT ?", (int(most),)
            ).fetchall()
        return [json.loads(row[0]) for row in reversed(rows)]

    def found_puzzle(self, puzzle_id: str) -> dict[str, Any] | None:
        """A puzzle taken from a real game, by id, or None."""
        with self._lock:
            row = self._db.execute("SELECT data FROM found_puzzles WHERE id = ?", (puzzle_id,)).fetchone()
        return None if row is None else json.loads(row[0])


class TournamentRecords(_Tables):
    """Each tournament's latest state, and which rooms are its games."""

    def tag_tournament_game(self, room_id: str, tournament: str, round: int) -> None:
        """Note that a room is a game of a tournament's round (its record says so)."""
        with self._lock, self._tx():
            self._db.execute(
                "INSERT OR REPLACE INTO tournament_games (room_id, tournament, round) VALUES (?, ?, ?)",
                (room_id, tournament, round),
            )

    def tournament_game(self, room_id: str) -> tuple[str, int] | None:
        """(tournament id, round) of a tournament game, else None."""
        with self._lock:
            row = self._db.execute(
                "SELECT tournament, round FROM tournament_games WHERE room_id = ?", (room_id,)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def save_tournament(self, tournament_id: str, status: str, data: dict[str, Any]) -> None:
        """Keep a tournament's latest state (entrants, rounds, standings) as JSON."""
        with self._lock, self._tx():
            self._db.execute(
                "INSERT OR REPLACE INTO tournaments (id, status, data, updated_at) VALUES (?, ?, ?, ?)",
                (tournament_id, status, json.dumps(data), time.time()),
            )

    def load_tournament(self, tournament_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT data FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def unfinished_tournaments(self) -> list[dict[str, Any]]:
        """The latest state of every tournament not finished (open or running), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT data FROM tournaments WHERE status != 'finished'").fetchall()
        found = [json.loads(row[0]) for row in rows]
        return sorted(found, key=lambda d: d.get("created_at") or 0.0)
