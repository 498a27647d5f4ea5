"""`grundy export`: finished game records from a node's store, as JSON lines, text, PGN-like text or .psq.

Every record says how the game ended (``ending``: ``rules``, ``resign``, ``flag``,
``disconnect``, ``draw_agreed``, ``aborted``) and which seats were bots (``bot: true``; a
hosted bot's seat also has ``hosted: true`` and its ``level``).  A tournament game's record
carries ``tournament``: its tournament's id and round.  The formats are described in
docs/RECORDS.md; :func:`record_pgn` and :func:`record_psq` write one record each (they live in
``server.record_formats``, since ``get_record`` answers in the same formats).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from grundy.cli import redis_args
from grundy.cli.common import default_db_path, fail, t

# The formats of --format: server/record_formats.py's FORMATS, written here so that building the parser
# (`grundy --help`) imports no server module (tests/cli/test_cli_start.py holds the two equal).
FORMATS = ("jsonl", "text", "pgn", "psq")
# The record formats live with the server (get_record writes them): importing this module imports them at first use.
FROM_THE_SERVER = {
    "PSQ_GAMES": "record_formats",
    "exported": "record_formats",
    "record_pgn": "record_formats",
    "record_psq": "record_formats",
    "result_text": "record_formats",
    "seat_entry": "record_formats",
    "seat_label": "record_formats",
    "with_ending": "record_formats",
    "record_of": "records",
    "record_text": "records",
}


def __getattr__(name: str) -> Any:
    """``from grundy.cli.export import record_pgn``: the server's record formats, imported on first use."""
    if name not in FROM_THE_SERVER:
        raise AttributeError(name)  # (the name alone: no phrase for people)
    import importlib

    return getattr(importlib.import_module(f"grundy.server.{FROM_THE_SERVER[name]}"), name)


if TYPE_CHECKING:
    from grundy.server.ratings import SeatRating
    from grundy.server.stored import StoredRoom


def register(sub: Any) -> None:
    p_ = sub.add_parser("export", help=t("cmd-export-help"), description=t("cmd-export-about"))
    g = p_.add_mutually_exclusive_group()
    g.add_argument("--room", metavar="ID", help=t("cmd-export-help-room"))
    g.add_argument("--all", action="store_true", help=t("cmd-export-help-all"))
    p_.add_argument("--format", choices=FORMATS, default="jsonl", help=t("cmd-export-help-format"))
    p_.add_argument("--out", metavar=t("eng-metavar-dir"), help=t("cmd-export-help-out"))
    p_.add_argument("--db", default=None, metavar=t("eng-metavar-path"),
                    help=t("cmd-export-help-db", path=default_db_path()))
    redis_args.add_target(p_, replication=False)
    p_.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    from grundy.server.record_formats import PSQ_GAMES, exported, record_pgn, record_psq, with_ending
    from grundy.server.records import record_of, record_text

    where = redis_args.target(args, required=False)
    if where is not None and args.db is not None:
        fail(t("cmd-export-db-and-redis"))
    if args.format == "psq" and not args.room and not args.out:
        fail(t("cmd-export-psq-out"))
    if args.out and args.format != "psq":
        fail(t("cmd-export-out-psq"))
    if where is not None:
        rooms, source = _cluster_rooms(where, args.room), None
    else:
        rooms, source = _file_rooms(args.db or default_db_path(), args.room)
    found = written = 0
    for room, tagged, ratings in rooms:
        found += 1
        rec = exported(record_of(room, tagged, ratings), room.meta)
        if args.format == "jsonl":
            print(json.dumps(rec, ensure_ascii=False))
        elif args.format == "text":
            print(with_ending(record_text(record_of(room, tagged, ratings)), rec["ending"]))
            print()
        elif args.format == "pgn":
            print(record_pgn(rec))
        elif rec["game"] in PSQ_GAMES:
            psq = record_psq(rec)
            if args.out:
                os.makedirs(args.out, exist_ok=True)
                with open(os.path.join(args.out, f"{rec['id']}.psq"), "w", encoding="utf-8") as f:
                    f.write(psq)
            else:
                sys.stdout.write(psq)
            written += 1
        elif args.room:
            fail(t("cmd-export-not-psq", room=repr(args.room), game=rec["game"]))
    if args.room and not found:
        fail(t("cmd-export-no-room", room=repr(args.room), where=source) if source
             else t("cmd-export-no-room-cluster", room=repr(args.room)))
    if args.format == "psq" and args.out:
        print(t("cmd-export-wrote", n=written, path=args.out, skipped=found - written), file=sys.stderr)
    return 0


# Each ended room with its tournament and round (a tournament game) and its ratings (a rated game).
Rooms = Iterator[tuple["StoredRoom", tuple[str, int] | None, "list[SeatRating] | None"]]


def _file_rooms(path: str, room_id: str | None) -> tuple[Rooms, str]:
    """The rooms of a store file, read only (a node may be running on it): refused in a line when the path holds
    no grundy store, the file left as it was."""
    from grundy.server.store import NotAStore, StoreError, iter_records, open_read_only

    if not os.path.exists(path):
        fail(t("cmd-export-no-store", path=path))
    try:
        store = open_read_only(path)
    except NotAStore as e:
        fail(str(e))
    except StoreError as e:
        fail(str(e))

    def rooms() -> Rooms:
        try:
            for room in iter_records(store, room_id):
                yield room, store.tournament_game(room.id), store.game_ratings(room.id)
        finally:
            store.close()

    return rooms(), path


def _cluster_rooms(where: str, room_id: str | None) -> Rooms:
    """A cluster's ended rooms (or one room), read from its Redis; a Redis that cannot be reached exits 1."""
    import asyncio

    import redis.exceptions

    from grundy.server.cluster import connect
    from grundy.server.cluster.store import RedisStore

    async def read() -> list[tuple[StoredRoom, tuple[str, int] | None, list[SeatRating] | None]]:
        client = connect.parse(where).client()
        store = RedisStore(client, "export", owns_client=False)
        try:
            if room_id is not None:
                room = await store.load_room(room_id)
                found = [] if room is None else [room]
            else:
                found = await store.finished_rooms()
            return [(room, await store.tournament_game(room.id), await store.game_ratings(room.id)) for room in found]
        finally:
            await store.close()
            await connect.close(client)

    try:
        return iter(asyncio.run(read()))
    except (redis.exceptions.RedisError, OSError) as e:
        fail(f"{connect.parse(where).where}: {connect.reason(e)}", code=1)
