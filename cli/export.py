"""`grundy export`: finished game records from a node's store, as JSON lines or text.

A tournament game's record carries ``tournament``: its tournament's id and round.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from cli.common import default_db_path, fail


def register(sub: Any) -> None:
    p = sub.add_parser("export", help="export finished game records from the store")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--room", metavar="ID", help="only this room")
    g.add_argument("--all", action="store_true", help="every finished game (the default)")
    p.add_argument("--format", choices=("jsonl", "text"), default="jsonl")
    p.add_argument("--db", default=None, metavar="PATH", help=f"store file (default {default_db_path()})")
    p.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    from server.records import record_of, record_text
    from server.store import SQLiteStore, iter_records

    path = args.db or default_db_path()
    if not os.path.exists(path):
        fail(f"no store at {path}: run `grundy serve` first or give --db PATH")
    store = SQLiteStore(path)
    try:
        found = 0
        for room in iter_records(store, args.room):
            found += 1
            rec = record_of(room, store.tournament_game(room.id))
            if args.format == "jsonl":
                print(json.dumps(rec, ensure_ascii=False))
            else:
                print(record_text(rec))
                print()
        if args.room and not found:
            fail(f"no room {args.room!r} in {path}")
    finally:
        store.close()
    return 0
