"""A game's record says what happened to the ratings (rated or casual, each seat's rating before and after), its
time control, its tournament: in the record, its JSON line and its PGN tags as lichess writes them, from the room
while it is in memory and from the store once it has left."""

from __future__ import annotations

import asyncio
import json
import time

from grundy import protocol as p
from grundy.server.node import Node
from tests.server.e2e.test_node_rated import LOST_START, lost_side_wins, player
from tests.server.e2e.wsclient import Client


def tags_of(pgn: str) -> dict[str, str]:
    head = pgn.split("\n\n", 1)[0]
    return {line[1:].split(" ", 1)[0]: line.split(" ", 1)[1][1:-2] for line in head.splitlines()}


async def timed_game(ann: Client, bob: Client, rated: bool) -> str:
    """Ann (seat 0) beats Bob from the lost side of nim 2,2 on a 60 s + 1 s clock (a real win: server.fair)."""
    tc = p.TimeControl(initial_s=60, increment_s=1)
    created = await ann.request(
        p.CreateRoom(game="nim", params=LOST_START, seat=0, rated=rated, time_control=tc), p.RoomCreated
    )
    await bob.request(p.Join(room=created.room), p.RoomState)
    await lost_side_wins(ann, bob, created.room)
    return created.room


async def record(who: Client, room: str, fmt: str) -> p.Record:
    return await who.request(p.GetRecord(room=room, format=fmt), p.Record)  # type: ignore[arg-type]


async def gone(node: Node, room: str, timeout: float = 10.0) -> None:
    """Until the node has let the ended room go (its record then comes from the store)."""
    deadline = time.monotonic() + timeout
    while any(n.rooms.get(room) is not None for n in (node, *getattr(node, "peers", ()))):
        assert time.monotonic() < deadline, f"room {room} stayed in memory"
        await asyncio.sleep(0.02)


def check_rated(rec: p.Record, rated: p.GameRated) -> None:
    assert rec.text is not None
    if rec.format == "pgn":
        tags = tags_of(rec.text)
        assert tags["Event"] == "Rated nim game" and tags["White"] == "Ann" and tags["Black"] == "Bob"
        assert tags["WhiteElo"] == "1500" and tags["BlackElo"] == "1500" and tags["TimeControl"] == "60+1"
        diffs = [round(r.after) - round(r.before) for r in rated.ratings]
        assert diffs[0] > 0 > diffs[1]
        assert (tags["WhiteRatingDiff"], tags["BlackRatingDiff"]) == (f"+{diffs[0]}", str(diffs[1]))
        assert tags["Result"] == "1-0"
    else:
        line = json.loads(rec.text)
        assert line["rated"] is True and line["time_control"] == {"initial_s": 60.0, "increment_s": 1.0}
        got = [(r["seat"], r["player"], r["before"], r["after"], r["provisional"]) for r in line["ratings"]]
        assert got == [(r.seat, r.player, r.before, r.after, r.provisional) for r in rated.ratings]
        assert [r["diff"] for r in line["ratings"]] == [round(r.after) - round(r.before) for r in rated.ratings]
        assert rec.record["ratings"] == line["ratings"] and rec.record["rated"] is True


async def test_a_rated_game_s_record_has_its_ratings_before_and_after_and_its_clock(make_node) -> None:
    node = await make_node(ended_ttl_s=1.0)
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    room = await timed_game(ann, bob, rated=True)
    rated = await ann.expect(p.GameRated, room=room)
    for fmt in ("pgn", "jsonl"):
        check_rated(await record(bob, room, fmt), rated)  # (from the room, still in memory)
    text = (await record(ann, room, "text")).text or ""
    assert f"rated: Ann 1500 -> {rated.ratings[0].after:.0f}? (+" in text and "time control 60s + 1s" in text
    await gone(node, room)
    for fmt in ("pgn", "jsonl"):
        check_rated(await record(bob, room, fmt), rated)  # (from the store)


async def test_a_casual_game_s_record_says_casual_and_has_no_ratings(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    room = await timed_game(ann, bob, rated=False)
    tags = tags_of((await record(ann, room, "pgn")).text or "")
    assert tags["Event"] == "Casual nim game" and tags["WhiteElo"] == tags["BlackElo"] == "?"
    assert "WhiteRatingDiff" not in tags and tags["TimeControl"] == "60+1"
    line = json.loads((await record(ann, room, "jsonl")).text or "")
    assert line["rated"] is False and line["ratings"] is None
    assert "  casual" in ((await record(ann, room, "text")).text or "")
