"""`get_record {format}`: a finished game's record written as `grundy export` writes it, over the wire."""

from __future__ import annotations

import json

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from grundy.server.record_formats import record_in
from grundy.server.records import record_of
from tests.server.e2e.wsclient import nim_table


async def test_a_record_in_each_format_the_cli_exports(node: Node) -> None:
    ann, bob, room = await nim_table(node, heaps=[1])
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.GameOver, room=room)

    plain = await bob.request(p.GetRecord(room=room), p.Record)
    assert plain.text is None and plain.format is None
    assert plain.formats == ["jsonl", "text", "pgn"]  # (.psq holds gomoku games only)
    texts = {}
    for fmt in ("jsonl", "text", "pgn"):
        rec = await bob.request(p.GetRecord(room=room, format=fmt), p.Record)
        assert rec.format == fmt and rec.text and rec.record == plain.record
        texts[fmt] = rec.text
    line = json.loads(texts["jsonl"])
    assert line["id"] == room and line["ending"] == "rules" and [s["name"] for s in line["seats"]] == ["Ann", "Bob"]
    assert "session" not in texts["jsonl"]
    assert f'[Room "{room}"]' in texts["pgn"] and '[Result "1-0"]' in texts["pgn"] and "1. 1:1 1-0" in texts["pgn"]
    assert texts["text"].startswith(f"room {room}: nim") and "[rules]" in texts["text"]

    # The same text as `grundy export` writes from the store.
    stored = await node.store.load_room(room)
    assert stored is not None
    assert texts["pgn"] == record_in(record_of(stored), "pgn", stored.meta)

    refused = await bob.error(p.GetRecord(room=room, format="psq"))
    assert refused.code == ErrorCode.BAD_PARAMS
    assert "nim game" in refused.message and "jsonl, text, pgn" in refused.message
    bad = await bob.error({"type": "get_record", "room": room, "format": "pdf"})
    assert bad.code == ErrorCode.BAD_MESSAGE
