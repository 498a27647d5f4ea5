"""The embedded store: rooms, their accepted moves, finished game records, sessions, players and ratings.

``SQLiteStore`` implements the ``server.ports.Store`` port with one SQLite file through the
standard library.  The stored value types live with the port and are re-exported here.

Durability: every accepted move is committed before the room broadcasts it.  The file runs
in WAL mode with ``synchronous=NORMAL``, so a committed move survives the server process
being killed (``kill -9``); only a power loss may drop the last commits.  Moves arriving
together are written as one group (:meth:`SQLiteStore.write`: one transaction), and their
rooms hold their messages back until that group is committed.  Moves are appended to a log
and later packed from memory, a run of each room's moves to a row (see "the move log" below
and docs/STORE.md).  Checkpoints run in a thread of their own.  A room row's
``updated_at`` changes with the room row (status, seats, result), not with every move.
All timestamps are Unix seconds (float).

The schema is versioned with SQLite's ``user_version``: :data:`_SCHEMA` is version 0 (what
files made before versioning hold), and each entry of :data:`_MIGRATIONS` brings a file one
version up, in one transaction, when the store opens it; a file newer than this code is
refused (``StoreError``) rather than misread.
"""

from __future__ import annotations

import collections
import itertools
import json
import logging
import os
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgpack

from grundy.server.ports import (
    RoomUpdate,
    Store,
    StoredChat,
    StoredMove,
    StoredPlayer,
    StoredRoom,
    StoredSession,
    Write,
)
from grundy.server.ratings import Glicko, RatedGame, Rating, SeatRating, check_pair, rate_glicko, seat_ratings
from grundy.server.store_records import People, TournamentRecords
from grundy.server.stored import CHAT_KEPT, PlayerGame, StoredBan

__all__ = [
    "EmbeddedStore",
    "NotAStore",
    "SQLiteStore",
    "Store",
    "StoreError",
    "StoredMove",
    "StoredRoom",
    "StoredSession",
    "open_read_only",
]

log = logging.getLogger("grundy.store")


_MOVE_COLUMNS = "room_id, ply, seat, text, at, clocks"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    params TEXT NOT NULL,
    meta TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    result TEXT,
    reason TEXT
);
CREATE INDEX IF NOT EXISTS rooms_status ON rooms(status);
CREATE TABLE IF NOT EXISTS moves (
    room_id TEXT NOT NULL REFERENCES rooms(id),
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    clocks TEXT,
    PRIMARY KEY (room_id, ply)
);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    value REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE IF NOT EXISTS watchers (
    room_id TEXT NOT NULL,
    session TEXT NOT NULL,
    PRIMARY KEY (room_id, session)
);
CREATE TABLE IF NOT EXISTS tournament_games (
    room_id TEXT PRIMARY KEY,
    tournament TEXT NOT NULL,
    round INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    data TEXT NOT NULL,
    updated_at REAL NOT NULL
);
"""

# Version 1: registered players (a slow salted hash of each secret), the player a session is,
# Glicko-2 ratings per player and game family, each player's history of rated games.
_MIGRATIONS: list[str] = [
    """
    ALTER TABLE sessions ADD COLUMN player TEXT;
    CREATE TABLE IF NOT EXISTS players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS glicko (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        last REAL,
        PRIMARY KEY (player, game)
    );
    CREATE INDEX IF NOT EXISTS glicko_board ON glicko(game, rating DESC);
    CREATE TABLE IF NOT EXISTS rating_history (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        room TEXT NOT NULL,
        at REAL NOT NULL,
        opponent TEXT NOT NULL,
        outcome TEXT NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        PRIMARY KEY (player, room)
    );
    CREATE INDEX IF NOT EXISTS rating_history_by_time ON rating_history(player, game, at);
    """,
    # Version 2: the move log (see SQLiteStore): accepted moves land here, in order, and are merged
    # into ``moves`` (keyed by room and ply) a bucket of rooms at a time.
    """
    CREATE TABLE IF NOT EXISTS move_log (
        bucket INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        room_id TEXT NOT NULL REFERENCES rooms(id),
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        at REAL NOT NULL,
        clocks TEXT,
        PRIMARY KEY (bucket, seq)
    ) WITHOUT ROWID;
    """,
    # Version 3: each room's chat, its last CHAT_KEPT lines (``seq``: the line's number in the room's chat;
    # ``seat`` null for a spectator).  A line is one insert and one delete of the line CHAT_KEPT before it.
    """
    CREATE TABLE IF NOT EXISTS chat (
        room_id TEXT NOT NULL REFERENCES rooms(id),
        seq INTEGER NOT NULL,
        seat INTEGER,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (room_id, seq)
    ) WITHOUT ROWID;
    """,
    # Version 4: banned player names (``key``: the name in lower case, as players are keyed).
    """
    CREATE TABLE IF NOT EXISTS bans (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        reason TEXT NOT NULL,
        at REAL NOT NULL
    );
    """,
    # Version 5: the move log is a table per bucket (``move_log_0`` ...: made on opening, see
    # ``_log_tables``), so a merge empties its bucket's table whole instead of deleting its rows
    # one by one; what the one table of version 2 holds goes into ``moves``.
    f"""
    INSERT OR IGNORE INTO moves ({_MOVE_COLUMNS}) SELECT {_MOVE_COLUMNS} FROM move_log ORDER BY room_id, ply;
    DROP TABLE move_log;
    """,
    # Version 6: the move log is two tables that take turns (``move_log_a``, ``move_log_b``: one is
    # written, the other drained), and a room's moves leave it packed, a run of them to a row of
    # ``move_chunks`` (see "the move log" in SQLiteStore).  The bucket tables of version 5
    # (``move_log_0`` ...) are merged into ``moves`` and dropped when the store opens the file.
    """
    CREATE TABLE IF NOT EXISTS move_chunks (
        room_id TEXT NOT NULL,
        ply INTEGER NOT NULL,
        last INTEGER NOT NULL,
        moves BLOB NOT NULL,
        PRIMARY KEY (room_id, ply)
    );
    CREATE TABLE IF NOT EXISTS move_log_a (seq INTEGER PRIMARY KEY, moves BLOB NOT NULL);
    CREATE TABLE IF NOT EXISTS move_log_b (seq INTEGER PRIMARY KEY, moves BLOB NOT NULL);
    """,
    # Version 7: each registered player's (and hosted bot's) finished games, newest first by ``ended_at``:
    # a row per player and room (``player``: the name in lower case, as players are keyed; ``summary``: JSON,
    # what a list of games shows).  Written once a game has ended (``index_game``); read a page at a time.
    # The games finished before are listed from their rooms (the title left to the clients: the game's name).
    # Rooms are found by their join code too (``room_by_code``: a finished game's invitation link lasts).
    """
    CREATE TABLE IF NOT EXISTS player_games (
        player TEXT NOT NULL,
        room TEXT NOT NULL,
        game TEXT NOT NULL,
        ended_at REAL NOT NULL,
        summary TEXT NOT NULL,
        PRIMARY KEY (player, room)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS player_games_by_time ON player_games(player, ended_at);
    CREATE INDEX IF NOT EXISTS player_games_by_game ON player_games(player, game, ended_at);
    CREATE INDEX IF NOT EXISTS rooms_by_code ON rooms(json_extract(meta, '$.code'));
    INSERT OR IGNORE INTO player_games (player, room, game, ended_at, summary)
    SELECT lower(CASE WHEN json_extract(seat.value, '$.kind') = 'bot'
                      THEN 'bot:' || json_extract(seat.value, '$.level') ELSE s.player END),
           r.id, r.game, COALESCE(json_extract(r.meta, '$.ended_at'), r.updated_at),
           json_object(
               'title', '',
               'seats', json((SELECT json_group_array(CASE WHEN json_extract(x.value, '$.kind') = 'bot'
                                THEN COALESCE(json_extract(x.value, '$.name'),
                                              'bot (' || json_extract(x.value, '$.level') || ')')
                                ELSE COALESCE(json_extract(x.value, '$.name'), '(open seat)') END)
                              FROM json_each(r.meta, '$.seats') AS x)),
               'seat', seat.key,
               'outcome', json_extract(r.result, '$.outcomes[' || seat.key || ']'),
               'reason', COALESCE(json_extract(r.meta, '$.end_reason'), json_extract(r.result, '$.reason'),
                                  r.reason, ''),
               'rated', json(CASE WHEN json_extract(r.meta, '$.rated') THEN 'true' ELSE 'false' END),
               'moves', (SELECT COUNT(*) FROM moves AS m WHERE m.room_id = r.id)
                        + (SELECT COALESCE(SUM(c.last - c.ply + 1), 0) FROM move_chunks AS c WHERE c.room_id = r.id))
    FROM rooms AS r, json_each(r.meta, '$.seats') AS seat
    LEFT JOIN sessions AS s ON s.id = json_extract(seat.value, '$.session')
    WHERE r.status = 'finished' AND json_extract(r.result, '$.outcomes[' || seat.key || ']') IS NOT NULL
      AND (json_extract(seat.value, '$.kind') = 'bot' OR s.player IS NOT NULL);
    """,
    # Version 8: each rated game's ratings (``seats``: JSON, one ``SeatRating`` a seat: the rating before and after),
    # written with the ratings themselves, so the game's record says what it did to them.
    """
    CREATE TABLE IF NOT EXISTS rated_games (
        room_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        at REAL NOT NULL,
        seats TEXT NOT NULL
    );
    """,
    # Version 9: the puzzles each registered player solved (a row per player and puzzle: solved once, at its
    # first right answer; ``player`` in lower case), and the puzzles taken from real finished games (``data``:
    # JSON, the puzzle with its winning moves; ``at``: when it was found), so they outlive a restart.
    """
    CREATE TABLE IF NOT EXISTS puzzles_solved (
        player TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (player, puzzle)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS found_puzzles (
        id TEXT PRIMARY KEY,
        at REAL NOT NULL,
        data TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS found_puzzles_by_time ON found_puzzles(at);
    """,
    # Version 10: the language each session speaks (``hello.lang``), so a resumed session (after a restart, or
    # on another node) says its refusals and notices in it.
    """
    ALTER TABLE sessions ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
    """,
]
SCHEMA_VERSION = len(_MIGRATIONS)

# The move log: two tables that take turns.  Accepted moves are appended to the one being written, a row per
# write (``moves``: a msgpack array of ``[room, ply, seat, text, at, clocks]``); once it holds
# LOG_SWITCH_MOVES moves the two swap, and while the other fills, each write also packs the waiting
# moves of some rooms of the full one into ``move_chunks``, a row per room (at least DRAIN_ROOMS, and enough
# to be done when the other table is half full); the write that packs the last of them empties that table.
LOG_TABLES = ("move_log_a", "move_log_b")
LOG_SWITCH_MOVES = 16_384
DRAIN_ROOMS = 4
# The bucket tables of schema version 5 (``move_log_0`` ...): merged into ``moves`` and dropped on opening.
LEGACY_LOG_PREFIX = "move_log_"
# Rooms whose last stored ply the store remembers (past this, it forgets them all and asks the file again).
KNOWN_ROOMS_BOUND = 100_000


# Pages the write-ahead log may hold before a commit checkpoints it itself (SQLite's default: 1,000).
WAL_PAGES_BOUND = 131_072
# Pages past which the checkpoint thread has the store's own connection start the log over (see _Checkpointer).
WAL_RESTART_PAGES = 65_536
# Seconds between the checkpoint thread's passes.  Each pass ends in an fsync of the log and of the file; short
# passes keep each one small (with 0.25 s, the loop's own writes to the log stalled behind them more often and
# longer: bench/RESULTS.md, "The move log's merges and the checkpoint's pace").
CHECKPOINT_EVERY_S = 0.05


class StoreError(RuntimeError):
    """A write the store refused (a duplicate ply, an unknown room)."""


class NotAStore(StoreError):
    """A path that holds no grundy store: a folder, a text file, another program's SQLite file."""


# The columns of the ``rooms`` table in every version: what tells a grundy store from another SQLite file.
ROOM_COLUMNS = ("id", "game", "params", "meta", "status", "created_at", "updated_at", "result", "reason")


class SQLiteStore(People, TournamentRecords):
    """The embedded store: one SQLite file (``":memory:"`` for a throwaway one).  Its sessions, registered
    players and banned names are :class:`~grundy.server.store_records.People`'s, its tournaments'
    :class:`~grundy.server.store_records.TournamentRecords`'."""

    def __init__(
        self,
        path: str,
        *,
        wal_restart_pages: int = WAL_RESTART_PAGES,
        merge_log: bool = True,
        read_only: bool = False,
    ) -> None:
        """``merge_log=False``: leave the move log as it is on opening and closing (a reader beside a running node).

        ``read_only``: only read the file (see :func:`open_read_only`); it implies ``merge_log=False``.
        """
        self.path = path
        self._merge_log = merge_log and not read_only
        self._lock = threading.Lock()
        if read_only:
            self._db = _open_read_only(path)
        else:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            # Savepoints' journals (a merge of the move log is one) in memory, not in a temporary file: that
            # file took two fifths of the bytes the store wrote under load (bench/RESULTS.md, "The store's
            # temporary files, ...").  They hold the pages one merge changes: a few hundred KiB at most.
            self._db.execute("PRAGMA temp_store=MEMORY")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._migrate()
        # The statements of every write (BEGIN, COMMIT, a log row) run on one cursor: ``execute`` on the
        # connection makes a cursor each time (a few thousand instructions).
        self._cursor = self._db.cursor()
        self._pack = msgpack.Packer().pack  # (packb makes a packer each time; this one is used under the lock)
        # The move log's state (see "the move log" below): each known room's last stored ply; the moves
        # waiting in the table being written (``_waiting``, by room: rows as the log holds them) and in
        # the one being drained (``_draining``; None: it is empty); which table is written, and its rows.
        # Changes of a transaction apply once it commits.
        self._known: dict[str, int] = {}
        self._waiting: dict[str, list[tuple[Any, ...]]] = {}
        self._draining: dict[str, list[tuple[Any, ...]]] | None = None
        self._active = 0
        self._active_rows = 0
        self._unit: _Unit | None = None
        self._log_inserts = [f"INSERT INTO {t} (moves) VALUES (?)" for t in LOG_TABLES]
        # (a reader reads the log from the file: its tables, and any of version 5 still there)
        self._legacy_tables = self._legacy_log_tables()
        if self._merge_log:  # (the file's log, whatever it holds, goes into move_chunks: memory starts empty)
            self._fold()
        self._checkpointer: _Checkpointer | None = None
        if path != ":memory:" and not path.startswith("file:") and not read_only:
            # Checkpoints (copying the log into the file, with an fsync) take tens of ms: a thread does
            # them, so commits on the event loop do not wait for one; a commit checkpoints only if the
            # log outgrows WAL_PAGES_BOUND all the same.
            self._db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES_BOUND}")
            self._checkpointer = _Checkpointer(path, restart_pages=wal_restart_pages)

    def _migrate(self) -> None:
        """Bring the file's schema up to :data:`SCHEMA_VERSION`, one version per transaction."""
        _migrate(self._db, self.path)

    # ----- rooms ----------------------------------------------------------------

    def save_room(self, room: StoredRoom) -> None:
        with self._lock, self._tx():
            self._insert_room(room)

    def _insert_room(self, room: StoredRoom) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO rooms (id, game, params, meta, status, created_at, updated_at, result, reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                room.id,
                room.game,
                json.dumps(room.params),
                json.dumps(room.meta),
                room.status,
                room.created_at,
                room.updated_at,
                None if room.result is None else json.dumps(room.result),
                room.reason,
            ),
        )
        for m in room.moves:
            self._insert_move(room.id, m)
        for c in room.chat[-CHAT_KEPT:]:
            self._insert_chat(room.id, c)

    def update_room(
        self,
        room_id: str,
        *,
        status: str | None = None,
        meta: dict[str, Any] | None = None,
        result: dict[str, Any] | None = None,
        reason: str | None = None,
    ) -> None:
        with self._lock, self._tx():
            self._update_room(room_id, RoomUpdate(status, meta, result, reason))

    def _update_room(self, room_id: str, u: RoomUpdate) -> None:
        sets = ["updated_at = ?"]
        args: list[Any] = [time.time()]
        if u.status is not None:
            sets.append("status = ?")
            args.append(u.status)
            if u.status in ("finished", "aborted") and self._unit is not None:
                self._unit.ended.append(room_id)
        if u.meta is not None:
            sets.append("meta = ?")
            args.append(json.dumps(u.meta))
        if u.result is not None:
            sets.append("result = ?")
            args.append(json.dumps(u.result))
        if u.reason is not None:
            sets.append("reason = ?")
            args.append(u.reason)
        args.append(room_id)
        cur = self._db.execute(f"UPDATE rooms SET {', '.join(sets)} WHERE id = ?", args)
        if cur.rowcount == 0:
            raise StoreError(f"no room {room_id!r} in the store")

    def write(self, writes: Sequence[Write]) -> None:
        """Rooms' writes (creations, row changes, moves) in order, in one transaction: all, or none (StoreError)."""
        if not writes:
            return
        with self._lock:
            try:
                if self._append_alone(writes):
                    return
                with self._tx():
                    moves: list[tuple[str, StoredMove]] = []
                    for write in writes:
                        room_id, item = write
                        if isinstance(item, StoredMove):
                            moves.append(write)  # type: ignore[arg-type]
                            continue
                        if moves:  # (the moves before this write, with one statement)
                            self._append(moves)
                            moves = []
                        if isinstance(item, StoredChat):
                            self._insert_chat(room_id, item)
                        elif isinstance(item, RoomUpdate):
                            self._update_room(room_id, item)
                        else:
                            self._insert_room(item)
                    if moves:
                        self._append(moves)
            except sqlite3.IntegrityError as e:
                raise StoreError(f"cannot store {len(writes)} writes: {e}") from None

    def _insert_chat(self, room_id: str, c: StoredChat) -> None:
        """Store a chat line and forget the room's line CHAT_KEPT before it (so a room keeps its last CHAT_KEPT)."""
        self._db.execute(
            "INSERT INTO chat (room_id, seq, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)",
            (room_id, c.seq, c.seat, c.name, c.text, c.at),
        )
        if c.seq >= CHAT_KEPT:
            self._db.execute("DELETE FROM chat WHERE room_id = ? AND seq <= ?", (room_id, c.seq - CHAT_KEPT))

    def append_move(self, room_id: str, move: StoredMove) -> None:
        with self._lock, self._tx():
            self._insert_move(room_id, move)

    def append_moves(self, moves: Sequence[tuple[str, StoredMove]]) -> None:
        """Store a group of moves (of any rooms) in one transaction: all of them, or none (StoreError)."""
        with self._lock:
            try:
                with self._tx():
                    self._append(moves)
            except sqlite3.IntegrityError as e:
                raise StoreError(f"cannot store a group of {len(moves)} moves: {e}") from None

    def _insert_move(self, room_id: str, m: StoredMove) -> None:
        try:
            self._append([(room_id, m)])
        except sqlite3.IntegrityError as e:
            raise StoreError(f"room {room_id!r}: cannot store move at ply {m.ply}: {e}") from None

    # ----- the move log ---------------------------------------------------------------
    #
    # An accepted move is appended to the move log, one of two tables keyed by arrival (LOG_TABLES),
    # in the same transaction as before: a write's moves are one row, packed (msgpack).  The store
    # keeps them in memory too (``_waiting``, by room).  A commit of a group of moves of many rooms
    # so changes the log's last page or few, where inserting them into a table keyed by room and
    # ply would change a page per room (every changed page is written to the WAL and again into the
    # file by the checkpoint), and costs one statement, not one per move.
    #
    # Once the table being written holds LOG_SWITCH_MOVES moves, the two tables swap: the full one is
    # drained while the other fills.  Each write then also packs the waiting moves of some of the full
    # table's rooms from memory into ``move_chunks`` (DRAIN_ROOMS, or more at the pace that finishes
    # when the other table is half full: a drain spread thin keeps each write short), one row per
    # room holding its run of moves (msgpack), keyed by room and first ply.  Chunks are appended to
    # a table with rowids (the key a small index beside it): keyed by room alone, each chunk changed
    # a page of its own, and bytes written a move were 1.8 times as many.
    # The write that packs the last of them empties the full table whole (SQLite frees its pages
    # without visiting its rows).  So a move costs its row in the log and a share of its room's chunk
    # row, written once for some tens of moves; nothing reads the log back or sorts it under load.
    # (Before, the log was a table per bucket of rooms merged into ``moves`` row by row with a sort:
    # that merge cost as much as the rest of the store together, bench/RESULTS.md, "The move log
    # drained from memory".)  Should the other table fill before the full one is drained (a write of
    # very many rooms with a move each), the write that fills it packs the rest first.
    #
    # A room's moves are its rows of ``moves`` (written by earlier versions), its chunks and its
    # waiting moves (``_room``).  Opening and closing the file pack the whole log into chunks, so a
    # closed file's log is empty.  Durability is unchanged: the log and the chunks are in the same
    # file and written by the same transactions (a crash rolls a drain back whole).
    #
    # ``moves`` refused a second move at a ply by its key; for the log, the store remembers each
    # room's last stored ply (asking the file and its memory the first time) and refuses a move at
    # or before it.  That assumes one writer per file, as the node is.

    def _append(self, moves: Sequence[tuple[str, StoredMove]]) -> None:
        unit = self._unit
        assert unit is not None, "moves are appended inside a transaction"
        rows = unit.note(moves, self._known, self._ask_room)
        assert rows is not None  # (moves only: a transaction of its own)
        self._cursor.execute(self._log_inserts[self._active], (bytearray(self._pack(rows)),))
        unit.rows += len(rows)
        draining = self._draining
        if draining is not None and not unit.drain_done and not unit.drained:
            left = max(1, LOG_SWITCH_MOVES - self._active_rows - unit.rows)  # (moves until the other table is full)
            self._drain(unit, max(DRAIN_ROOMS, -(-2 * len(draining) * len(rows) // left)))
        if not unit.switch and self._active_rows + unit.rows >= LOG_SWITCH_MOVES:
            if self._draining is not None and not unit.drain_done:  # (the full table first, whatever is left of it)
                self._drain(unit, len(self._draining))
            unit.switch = True

    def _append_alone(self, writes: Sequence[Write]) -> bool:
        """Store ``writes`` when they are moves alone whose log row is all a transaction would write (no room of the
        full table to pack, the tables not swapping, the checkpoint thread asking nothing): the row's one statement
        is its own transaction (SQLite's autocommit), without a BEGIN and a COMMIT of its own (two statements more,
        about a third of a commit's instructions); all or none, as any transaction.  False: nothing was written (the
        caller makes the transaction)."""
        ck = self._checkpointer
        if (
            self._draining is not None
            or self._active_rows + len(writes) >= LOG_SWITCH_MOVES
            or (ck is not None and ck.restart_wanted)
        ):
            return False
        unit = _Unit()
        rows = unit.note(writes, self._known, self._ask_room)
        if rows is None:
            return False
        # (a bytearray, not bytes: the sqlite3 module binds it as the same blob without looking for an adapter)
        self._cursor.execute(self._log_inserts[self._active], (bytearray(self._pack(rows)),))
        unit.rows = len(rows)
        self._committed(unit)
        return True

    def _ask_room(self, rid: str) -> int:
        """A room the store does not remember: its last stored ply (-1: none), from the file and the log in memory."""
        row = self._db.execute(
            "SELECT (SELECT 1 FROM rooms WHERE id = ?), (SELECT max(ply) FROM moves WHERE room_id = ?),"
            " (SELECT max(last) FROM move_chunks WHERE room_id = ?)",
            (rid, rid, rid),
        ).fetchone()
        if row[0] is None:  # (the log's tables name no parent: the room is checked here, once, as moves' key would)
            raise sqlite3.IntegrityError(f"FOREIGN KEY constraint failed: no room {rid!r}")
        last = max(-1 if row[1] is None else row[1], -1 if row[2] is None else row[2])
        for held in (self._draining, self._waiting):
            rows = None if held is None else held.get(rid)
            if rows:
                last = max(last, rows[-1][1])
        return last

    def _drain(self, unit: _Unit, rooms: int) -> None:
        """Pack the waiting moves of up to ``rooms`` more rooms of the table being drained into ``move_chunks``
        (inside the caller's transaction); the last of them empty the table."""
        draining = self._draining
        assert draining is not None
        done = set(unit.drained)  # (packed earlier in this transaction: its first drain finds none)
        picked = list(itertools.islice((rid for rid in draining if rid not in done), rooms))
        self._db.executemany(
            "INSERT OR IGNORE INTO move_chunks (room_id, ply, last, moves) VALUES (?, ?, ?, ?)",
            [_chunk(rid, draining[rid]) for rid in picked],
        )
        unit.drained += picked
        if len(unit.drained) == len(draining):
            self._db.execute(f"DELETE FROM {LOG_TABLES[1 - self._active]}")
            unit.drain_done = True

    def _merge_table(self, table: str) -> int:
        """Move the rows of a version-5 log table into ``moves`` (inside a transaction); the number moved.

        A ply in both never comes from this store (another writer put it there): the move stored first
        is kept and the error logged.
        """
        self._db.execute("SAVEPOINT merge")
        insert = f"INTO moves ({_MOVE_COLUMNS}) SELECT {_MOVE_COLUMNS} FROM {table} ORDER BY room_id, ply"
        try:
            moved = self._db.execute(f"INSERT {insert}").rowcount
        except sqlite3.IntegrityError as e:
            self._db.execute("ROLLBACK TO merge")
            log.error("%s: merging the move log found a ply stored twice (%s); the first one is kept", self.path, e)
            self._db.execute(f"INSERT OR IGNORE {insert}")
            moved = self._db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        self._db.execute("RELEASE merge")
        return moved

    def _legacy_log_tables(self) -> list[str]:
        """The bucket tables of schema version 5 in the file (``move_log_0`` ...)."""
        names = [r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        n = len(LEGACY_LOG_PREFIX)
        return sorted(t for t in names if t.startswith(LEGACY_LOG_PREFIX) and t[n:].isdigit())

    def _fold(self) -> None:
        """Pack the whole log into ``move_chunks`` (on opening and closing the file): a closed file's log is empty.

        The log's rows are read from the file, not from memory: on opening, they are what the last run left
        (a crash, or a drain it did not finish: a room's moves packed already are not packed again).  The
        bucket tables of version 5 are merged into ``moves`` and dropped.
        """
        legacy = self._legacy_log_tables()
        by_room: dict[str, dict[int, tuple[Any, ...]]] = {}
        for t in LOG_TABLES:
            for (packed,) in self._db.execute(f"SELECT moves FROM {t} ORDER BY seq"):
                for row in msgpack.unpackb(packed):
                    by_room.setdefault(row[0], {}).setdefault(row[1], tuple(row))
        if by_room or legacy:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for t in legacy:
                    self._merge_table(t)
                    self._db.execute(f"DROP TABLE {t}")
                chunks = []
                for rid, plies in by_room.items():
                    stored = self._db.execute(
                        "SELECT max(coalesce((SELECT max(ply) FROM moves WHERE room_id = ?), -1),"
                        " coalesce((SELECT max(last) FROM move_chunks WHERE room_id = ?), -1))",
                        (rid, rid),
                    ).fetchone()[0]
                    rows = [plies[p] for p in sorted(plies) if p > stored]
                    if rows:
                        chunks.append(_chunk(rid, rows))
                self._db.executemany(
                    "INSERT OR IGNORE INTO move_chunks (room_id, ply, last, moves) VALUES (?, ?, ?, ?)", chunks
                )
                for t in LOG_TABLES:
                    self._db.execute(f"DELETE FROM {t}")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        self._legacy_tables = []
        self._waiting, self._draining, self._active, self._active_rows = {}, None, 0, 0

    def _committed(self, unit: _Unit) -> None:
        """A transaction committed: its changes to the log's state hold."""
        known = self._known
        if len(known) + len(unit.known) > KNOWN_ROOMS_BOUND:
            known.clear()
        known.update(unit.known)
        for rid in unit.ended:
            known.pop(rid, None)
        if unit.drained:
            draining = self._draining
            assert draining is not None
            for rid in unit.drained:
                del draining[rid]
            if unit.drain_done:
                self._draining = None
        waiting = self._waiting
        for rid, rows in unit.by_room.items():
            held = waiting.get(rid)
            if held is None:
                waiting[rid] = rows
            else:
                held += rows
        self._active_rows += unit.rows
        if unit.switch:  # (the table just filled is drained from now on; the emptied one is written)
            self._draining, self._waiting = self._waiting, {}
            self._active, self._active_rows = 1 - self._active, 0

    def load_room(self, room_id: str) -> StoredRoom | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM rooms WHERE id = ?", (room_id,)).fetchone()
            return None if row is None else self._room(row)

    def room_by_code(self, code: str) -> str | None:
        """The room a join code named (None: no room had it)."""
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM rooms WHERE json_extract(meta, '$.code') = ? ORDER BY created_at DESC LIMIT 1", (code,)
            ).fetchone()
        return None if row is None else str(row[0])

    def unfinished_rooms(self) -> list[StoredRoom]:
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM rooms WHERE status IN ('waiting', 'playing') ORDER BY created_at"
            ).fetchall()
            out: list[StoredRoom] = []
            for r in rows:
                try:
                    out.append(self._room(r))
                except Exception as e:  # a row that no longer decodes must not stop the node from starting
                    log.error("room %s: its stored row does not decode (%s); it is marked aborted", r[0], e)
                    why = f"internal error: the room's stored data could not be read ({type(e).__name__})"
                    self._db.execute(
                        "UPDATE rooms SET status = 'aborted', reason = ?, updated_at = ? WHERE id = ?",
                        (why, time.time(), r[0]),
                    )
                    self._db.commit()
            return out

    def finished_rooms(self, limit: int | None = None) -> list[StoredRoom]:
        sql = "SELECT * FROM rooms WHERE status IN ('finished', 'aborted') ORDER BY updated_at"
        if limit is not None:
            sql += f" DESC LIMIT {int(limit)}"
        with self._lock:
            if self._merge_log:
                return [self._room(r) for r in self._db.execute(sql).fetchall()]
            self._db.execute("BEGIN")  # (a reader: the rooms and the log read once, as of one moment)
            try:
                rows = self._db.execute(sql).fetchall()
                log = self._read_log()
                return [self._room(r, log) for r in rows]
            finally:
                self._db.execute("COMMIT")

    def _read_log(self) -> dict[str, list[Sequence[Any]]]:
        """The moves waiting in the log as the file has them (a reader's view; the writer has them in memory),
        by room: rows as the log holds them (``[room, ply, seat, text, at, clocks]``)."""
        by_room: dict[str, list[Sequence[Any]]] = {}
        for t in LOG_TABLES:
            for (packed,) in self._db.execute(f"SELECT moves FROM {t} ORDER BY seq"):
                for row in msgpack.unpackb(packed):
                    by_room.setdefault(row[0], []).append(row)
        for t in self._legacy_tables:
            for row in self._db.execute(f"SELECT {_MOVE_COLUMNS} FROM {t}"):
                by_room.setdefault(row[0], []).append(row)
        return by_room

    def _room_moves(self, rid: str, log: dict[str, list[Sequence[Any]]] | None = None) -> tuple[StoredMove, ...]:
        """A room's moves: its rows of ``moves``, its chunks, and its moves waiting in the log (in memory; a
        reader reads the log's tables, ``log`` if given, in the same read transaction as the rest).  A ply
        found twice (a drain a crash cut short, or a reader's view of a table being drained) is one move."""
        found: dict[int, Sequence[Any]] = {}
        db = self._db
        own = not db.in_transaction
        if own:
            db.execute("BEGIN")
        try:
            for row in db.execute("SELECT ply, seat, text, at, clocks FROM moves WHERE room_id = ?", (rid,)):
                found.setdefault(row[0], row)
            for (chunk,) in db.execute("SELECT moves FROM move_chunks WHERE room_id = ? ORDER BY ply", (rid,)):
                for row in msgpack.unpackb(chunk):
                    found.setdefault(row[0], row)
            if self._merge_log:
                for held in (self._draining, self._waiting):
                    for row in () if held is None else held.get(rid, ()):
                        found.setdefault(row[1], row[1:])
            else:
                for row in (self._read_log() if log is None else log).get(rid, ()):
                    found.setdefault(row[1], row[1:])
        finally:
            if own:
                db.execute("COMMIT")
        return tuple(
            StoredMove(ply, seat, text, at, None if clocks is None else json.loads(clocks))
            for ply, seat, text, at, clocks in (found[p] for p in sorted(found))
        )

    def _room(self, row: tuple[Any, ...], log: dict[str, list[Sequence[Any]]] | None = None) -> StoredRoom:
        rid, game, params, meta, status, created, updated, result, reason = row
        moves = self._room_moves(rid, log)
        chat = [
            StoredChat(*row)
            for row in self._db.execute(
                "SELECT seq, seat, name, text, at FROM chat WHERE room_id = ? ORDER BY seq DESC LIMIT ?",
                (rid, CHAT_KEPT),
            )
        ]
        return StoredRoom(
            id=rid,
            game=game,
            params=json.loads(params),
            meta=json.loads(meta),
            status=status,
            created_at=created,
            updated_at=updated,
            result=None if result is None else json.loads(result),
            reason=reason,
            moves=moves,
            chat=tuple(reversed(chat)),
        )

    # ----- ratings and tournament games ---------------------------------------------

    def get_rating(self, player: str, game: str) -> Rating | None:
        """A player's rating in one game (``server.ratings.RatingTable.get``), None if never rated."""
        with self._lock:
            row = self._db.execute(
                "SELECT value, games FROM ratings WHERE player = ? AND game = ?", (player, game)
            ).fetchone()
        return None if row is None else Rating(row[0], row[1])

    def put_rating(self, player: str, game: str, rating: Rating) -> None:
        with self._lock, self._tx():
            self._db.execute(
                "INSERT OR REPLACE INTO ratings (player, game, value, games, updated_at) VALUES (?, ?, ?, ?, ?)",
                (player, game, rating.value, rating.games, time.time()),
            )

    def ratings_of(self, player: str) -> dict[str, Rating]:
        """Every rating a player has, by game name."""
        with self._lock:
            rows = self._db.execute("SELECT game, value, games FROM ratings WHERE player = ?", (player,)).fetchall()
        return {game: Rating(value, games) for game, value, games in rows}

    # ----- Glicko-2 -------------------------------------------------------------------

    def rate_game(
        self, room: str, game: str, players: tuple[str, str], outcomes: tuple[str, str], at: float
    ) -> tuple[Glicko, Glicko] | None:
        """Apply one rated game to both players' Glicko-2 ratings and histories, in one transaction.

        None (nothing written) if this room's game was rated already (a result reported twice).
        """
        check_pair(players, outcomes)
        a, b = players
        with self._lock, self._tx():
            if self._db.execute("SELECT 1 FROM rating_history WHERE player = ? AND room = ?", (a, room)).fetchone():
                return None
            before = (self._glicko(a, game), self._glicko(b, game))
            after = rate_glicko(before[0], before[1], outcomes[0], at)
            for who, other, outcome, r in ((a, b, outcomes[0], after[0]), (b, a, outcomes[1], after[1])):
                self._db.execute(
                    "INSERT OR REPLACE INTO glicko (player, game, rating, rd, volatility, games, last)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (who, game, r.rating, r.rd, r.volatility, r.games, r.last),
                )
                self._db.execute(
                    "INSERT INTO rating_history (player, game, room, at, opponent, outcome, rating, rd)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (who, game, room, at, other, outcome, r.rating, r.rd),
                )
            seats = [s.to_dict() for s in seat_ratings(players, before, after, at, outcomes)]
            self._db.execute(
                "INSERT OR REPLACE INTO rated_games (room_id, game, at, seats) VALUES (?, ?, ?, ?)",
                (room, game, at, json.dumps(seats)),
            )
            return after

    def game_ratings(self, room: str) -> list[SeatRating] | None:
        """A rated game's ratings, one a seat (before and after it); None if the room changed no rating."""
        with self._lock:
            row = self._db.execute("SELECT seats FROM rated_games WHERE room_id = ?", (room,)).fetchone()
        return None if row is None else [SeatRating.from_dict(d) for d in json.loads(row[0])]

    def _glicko(self, player: str, game: str) -> Glicko:
        row = self._db.execute(
            "SELECT rating, rd, volatility, games, last FROM glicko WHERE player = ? AND game = ?", (player, game)
        ).fetchone()
        return Glicko() if row is None else Glicko(*row)

    def glicko_of(self, player: str) -> dict[str, Glicko]:
        """Every Glicko-2 rating a player has, by game family."""
        with self._lock:
            rows = self._db.execute(
                "SELECT game, rating, rd, volatility, games, last FROM glicko WHERE player = ?", (player,)
            ).fetchall()
        return {row[0]: Glicko(*row[1:]) for row in rows}

    def leaderboard(self, game: str, top: int) -> list[tuple[str, Glicko]]:
        """The ``top`` highest ratings in a game family (ties by name)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT player, rating, rd, volatility, games, last FROM glicko WHERE game = ?"
                " ORDER BY rating DESC, player LIMIT ?",
                (game, int(top)),
            ).fetchall()
        return [(row[0], Glicko(*row[1:])) for row in rows]

    def rating_history(self, player: str, game: str, most: int) -> list[RatedGame]:
        """A player's latest ``most`` rated games in a game family, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT room, at, opponent, outcome, rating, rd FROM rating_history WHERE player = ? AND game = ?"
                " ORDER BY at DESC, room DESC LIMIT ?",
                (player, game, int(most)),
            ).fetchall()
        return [RatedGame(*row) for row in reversed(rows)]

    def set_watching(self, room_id: str, session: str, watching: bool) -> None:
        """Remember (or forget) that a session spectates a room, so a restart gives it back on resume."""
        with self._lock, self._tx():
            if watching:
                self._db.execute("INSERT OR IGNORE INTO watchers (room_id, session) VALUES (?, ?)", (room_id, session))
            else:
                self._db.execute("DELETE FROM watchers WHERE room_id = ? AND session = ?", (room_id, session))

    def watchers(self, room_id: str) -> list[str]:
        """The sessions that spectate a room (in no particular meaning of order: sorted)."""
        with self._lock:
            rows = self._db.execute("SELECT session FROM watchers WHERE room_id = ? ORDER BY session", (room_id,))
            return [r[0] for r in rows]

    def clear_watchers(self, room_id: str) -> None:
        """Forget every spectator of a room (its game ended: it is never restored)."""
        with self._lock, self._tx():
            self._db.execute("DELETE FROM watchers WHERE room_id = ?", (room_id,))

    # ----- plumbing ----------------------------------------------------------------

    def _tx(self) -> _Transaction:
        """A write transaction (call with the lock held); first, if the checkpoint thread asks, start the log over."""
        ck = self._checkpointer
        if ck is not None and ck.restart_wanted:
            ck.restart_wanted = False
            try:  # the frames committed since the thread's last pass: this transaction then starts the log over
                _, pages, copied = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                ck.caught_up.append(copied - ck.copied_before)
            except sqlite3.Error as e:
                log.debug("catching up the log of %s failed: %s", self.path, e)
        return _Transaction(self)

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()
        with self._lock:
            try:
                if self._merge_log:
                    self._fold()
            except sqlite3.Error as e:  # (the log stays, and is merged when the file is opened again)
                log.error("%s: the move log could not be merged on closing: %s", self.path, e)
            self._db.close()  # (the last connection to close checkpoints what is left)


def _migrate(db: sqlite3.Connection, path: str) -> None:
    """Bring a connection's schema up to :data:`SCHEMA_VERSION`, one version per transaction."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        db.close()
        raise StoreError(f"{path}: the store's schema is version {version}; this server knows up to {SCHEMA_VERSION}")
    for v in range(version, SCHEMA_VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in _MIGRATIONS[v].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {v + 1}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        log.info("%s: store schema migrated to version %d", path, v + 1)


def open_read_only(path: str) -> SQLiteStore:
    """A store file opened only to read it (``grundy export``): SQLite's ``mode=ro``, so nothing can write to it,
    beside a node that runs on it or not.  ``NotAStore`` for a folder, a file that is not SQLite's, or an SQLite
    file without a grundy store's tables; ``StoreError`` for a store newer than this code.  A store of an older
    schema is read from a copy in memory, brought up to date there (the file stays as it was)."""
    return SQLiteStore(path, read_only=True)


def _open_read_only(path: str) -> sqlite3.Connection:
    """The read-only connection of :func:`open_read_only`, checked to be a grundy store's."""
    if os.path.isdir(path):
        raise NotAStore(f"{path} is a folder, not a store file")
    if not os.path.isfile(path):
        raise NotAStore(f"no store at {path}")
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
    except sqlite3.Error as e:
        raise NotAStore(f"{path} cannot be opened: {e}") from None
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(rooms)"))
    except sqlite3.DatabaseError as e:
        db.close()
        raise NotAStore(f"{path} is not a grundy store (SQLite cannot read it: {e})") from None
    if not {"rooms", "moves"} <= tables or columns[: len(ROOM_COLUMNS)] != ROOM_COLUMNS:
        db.close()
        raise NotAStore(f"{path} is not a grundy store (an SQLite file without a store's rooms and moves)")
    if version > SCHEMA_VERSION:
        db.close()
        raise StoreError(f"{path}: the store's schema is version {version}; this version reads up to {SCHEMA_VERSION}")
    if version == SCHEMA_VERSION:
        return db
    copy = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    try:
        db.backup(copy)
    finally:
        db.close()
    copy.executescript(_SCHEMA)
    _migrate(copy, path)
    return copy


class _Checkpointer:
    """A thread with its own connection that checkpoints the write-ahead log every ``every_s`` seconds.

    PASSIVE checkpoints never block writers: commits go on appending to the log while it is
    copied.  The log starts over (and stops growing) only when a write transaction begins with
    every frame of it copied into the file.  Under steady writes a pass of this thread never
    ends in such a gap (the loop commits while it copies), so the log used to grow to
    ``WAL_PAGES_BOUND`` until a commit checkpointed the whole backlog itself and stalled every
    room for 10-17 ms.  So once the log holds ``restart_pages`` pages, the thread catches up
    as far as it can (passes, each copying what was committed during the one before, until one
    finds no more than ``CAUGHT_UP_PAGES`` new frames: a pass that copies the whole log takes a
    tenth of a second, and the frames committed meanwhile would otherwise be left to the
    store's connection, tens of ms on the event loop) and sets :attr:`restart_wanted`; the
    store's own connection, before its next transaction, copies the few frames left (those
    committed during the thread's last, short pass) and that transaction starts the log over.
    :attr:`caught_up` keeps how many frames that copy took, the last few times.
    """

    CAUGHT_UP_PAGES = 32  # new frames a pass may find and still leave the rest to the store's connection
    PASSES = 8  # (each pass shrinks the rest: the frames committed while the one before ran)

    def __init__(self, path: str, every_s: float = CHECKPOINT_EVERY_S, restart_pages: int = WAL_RESTART_PAGES) -> None:
        self.path = path
        self.every_s = every_s
        self.restart_pages = restart_pages
        self.restart_wanted = False  # set here, cleared by the store's connection (a flag: the GIL orders it)
        self.caught_up: collections.deque[int] = collections.deque(maxlen=16)  # frames the store's connection copied
        self.copied_before = 0  # frames of the log copied as the last round ended
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"checkpoint {path}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=1.0)
        try:
            while not self._stop.wait(self.every_s):
                try:
                    self._round(db)
                except sqlite3.Error as e:  # busy or locked: the next round catches up
                    log.debug("checkpoint of %s skipped: %s", self.path, e)
        finally:
            db.close()

    def _round(self, db: sqlite3.Connection) -> None:
        _, pages, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if pages < self.restart_pages or self.restart_wanted:
            return
        for _ in range(self.PASSES - 1):
            if self._stop.is_set():
                break
            before = pages
            _, pages, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            # (``pages`` is the log as the pass began: what it adds to ``before`` was committed during
            # the pass before, and about as much again, or less, during this one)
            if pages - before <= self.CAUGHT_UP_PAGES and pages - copied <= self.CAUGHT_UP_PAGES:
                break
        self.copied_before = copied
        self.restart_wanted = True

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5.0)


# Rows of the move log as a transaction writes them: ``(room, ply, seat, text, at, clocks)``.
Rows = list[tuple[Any, ...]]


class _Unit:
    """What one transaction changes of the store's memory of the move log, applied once it commits."""

    __slots__ = ("known", "rows", "by_room", "drained", "drain_done", "switch", "ended")

    def __init__(self) -> None:
        self.known: dict[str, int] = {}  # (rooms' last stored plies)
        self.rows = 0  # (moves appended to the log)
        self.by_room: dict[str, list[tuple[Any, ...]]] = {}  # (those moves, by room)
        self.drained: list[str] = []  # (rooms whose waiting moves were packed into move_chunks)
        self.drain_done = False  # (the table being drained was emptied)
        self.switch = False  # (the two tables swap)
        self.ended: list[str] = []

    def note(self, moves: Sequence[tuple[str, Any]], known: dict[str, int], ask: Callable[[str], int]) -> Rows | None:
        """The log's rows of ``moves``, each checked to follow its room's last stored ply (IntegrityError, before
        anything is written: the unit's, else ``known``'s, else ``ask``'s) and noted here; None when a write among
        them is not a move."""
        in_unit, by_room = self.known, self.by_room
        rows: Rows = []
        for rid, m in moves:
            if type(m) is not StoredMove:
                return None
            last = in_unit.get(rid)
            if last is None:
                last = known.get(rid)
                if last is None:
                    last = ask(rid)
            ply = m.ply
            if ply <= last:
                raise sqlite3.IntegrityError(f"room {rid!r} has ply {last} stored already (ply {ply})")
            in_unit[rid] = ply
            clocks = m.clocks
            row = (rid, ply, m.seat, m.text, m.at, None if clocks is None else json.dumps(clocks))
            rows.append(row)
            waiting = by_room.get(rid)
            if waiting is None:
                by_room[rid] = [row]
            else:
                waiting.append(row)
        return rows


def _chunk(rid: str, rows: Sequence[tuple[Any, ...]]) -> tuple[str, int, int, bytes]:
    """A row of ``move_chunks`` for a room's run of moves (rows as the log holds them, in ply order): the moves
    a msgpack array of ``[ply, seat, text, at, clocks]`` (``clocks`` the log's JSON text, or nil)."""
    return rid, rows[0][1], rows[-1][1], msgpack.packb([r[1:] for r in rows])


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error) on the store's autocommit connection."""

    def __init__(self, store: SQLiteStore) -> None:
        self.store = store

    def __enter__(self) -> None:
        self.store._cursor.execute("BEGIN IMMEDIATE")
        self.store._unit = _Unit()

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        store = self.store
        unit, store._unit = store._unit, None
        if exc_type:
            store._cursor.execute("ROLLBACK")
            return
        store._cursor.execute("COMMIT")
        if unit is not None:
            store._committed(unit)


class EmbeddedStore:
    """The embedded adapter of the ``server.ports.Store`` port: a :class:`SQLiteStore` behind async methods.

    Each method does its SQLite work inline (a WAL commit with ``synchronous=NORMAL`` takes tens
    of microseconds, less than a hop to a thread), so awaiting it never yields to the loop.
    ``db`` is the synchronous store (for tools such as ``grundy export``).
    """

    def __init__(self, db: SQLiteStore) -> None:
        self.db = db

    async def write(self, writes: Sequence[Write]) -> None:
        self.db.write(writes)

    async def load_room(self, room_id: str) -> StoredRoom | None:
        return self.db.load_room(room_id)

    async def room_by_code(self, code: str) -> str | None:
        return self.db.room_by_code(code)

    async def unfinished_rooms(self) -> list[StoredRoom]:
        return self.db.unfinished_rooms()

    async def finished_rooms(self, limit: int | None = None) -> list[StoredRoom]:
        return self.db.finished_rooms(limit)

    async def save_session(self, session: StoredSession) -> None:
        self.db.save_session(session)

    async def session_by_token(self, token: str) -> StoredSession | None:
        return self.db.session_by_token(token)

    async def session_by_id(self, session_id: str) -> StoredSession | None:
        return self.db.session_by_id(session_id)

    async def register_player(self, player: StoredPlayer) -> bool:
        return self.db.register_player(player)

    async def load_player(self, name: str) -> StoredPlayer | None:
        return self.db.load_player(name)

    async def rate_game(
        self, room: str, game: str, players: tuple[str, str], outcomes: tuple[str, str], at: float
    ) -> tuple[Glicko, Glicko] | None:
        return self.db.rate_game(room, game, players, outcomes, at)

    async def ban(self, ban: StoredBan) -> None:
        self.db.ban(ban)

    async def unban(self, name: str) -> bool:
        return self.db.unban(name)

    async def ban_of(self, name: str) -> StoredBan | None:
        return self.db.ban_of(name)

    async def bans(self) -> list[StoredBan]:
        return self.db.bans()

    async def game_ratings(self, room: str) -> list[SeatRating] | None:
        return self.db.game_ratings(room)

    async def glicko_of(self, player: str) -> dict[str, Glicko]:
        return self.db.glicko_of(player)

    async def leaderboard(self, game: str, top: int) -> list[tuple[str, Glicko]]:
        return self.db.leaderboard(game, top)

    async def rating_history(self, player: str, game: str, most: int) -> list[RatedGame]:
        return self.db.rating_history(player, game, most)

    async def get_rating(self, player: str, game: str) -> Rating | None:
        return self.db.get_rating(player, game)

    async def put_rating(self, player: str, game: str, rating: Rating) -> None:
        self.db.put_rating(player, game, rating)

    async def ratings_of(self, player: str) -> dict[str, Rating]:
        return self.db.ratings_of(player)

    async def index_game(self, entries: Sequence[tuple[str, PlayerGame]]) -> None:
        self.db.index_game(entries)

    async def player_games(
        self, player: str, game: str | None, offset: int, limit: int
    ) -> tuple[int, list[PlayerGame]]:
        return self.db.player_games(player, game, offset, limit)

    async def solve_puzzle(self, player: str, puzzle: str, at: float) -> bool:
        return self.db.solve_puzzle(player, puzzle, at)

    async def puzzles_solved(self, player: str) -> int:
        return self.db.puzzles_solved(player)

    async def keep_found_puzzle(self, puzzle: dict[str, Any], at: float) -> None:
        self.db.keep_found_puzzle(puzzle, at)

    async def found_puzzles(self, most: int) -> list[dict[str, Any]]:
        return self.db.found_puzzles(most)

    async def found_puzzle(self, puzzle_id: str) -> dict[str, Any] | None:
        return self.db.found_puzzle(puzzle_id)

    async def set_watching(self, room_id: str, session: str, watching: bool) -> None:
        self.db.set_watching(room_id, session, watching)

    async def watchers(self, room_id: str) -> list[str]:
        return self.db.watchers(room_id)

    async def clear_watchers(self, room_id: str) -> None:
        self.db.clear_watchers(room_id)

    async def tag_tournament_game(self, room_id: str, tournament: str, round: int) -> None:
        self.db.tag_tournament_game(room_id, tournament, round)

    async def tournament_game(self, room_id: str) -> tuple[str, int] | None:
        return self.db.tournament_game(room_id)

    async def save_tournament(self, tournament_id: str, status: str, data: dict[str, Any]) -> None:
        self.db.save_tournament(tournament_id, status, data)

    async def load_tournament(self, tournament_id: str) -> dict[str, Any] | None:
        return self.db.load_tournament(tournament_id)

    async def unfinished_tournaments(self) -> list[dict[str, Any]]:
        return self.db.unfinished_tournaments()

    async def close(self) -> None:
        self.db.close()


def iter_records(store: SQLiteStore, room_id: str | None = None) -> Iterator[StoredRoom]:
    """Finished rooms (one by id, or all), oldest first — what `grundy export` writes."""
    if room_id is not None:
        room = store.load_room(room_id)
        if room is not None:
            yield room
        return
    yield from store.finished_rooms()
