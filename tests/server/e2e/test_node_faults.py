"""No room is ever bricked: bounds at the door, and a failure inside a room is contained there.

The failures are real: a game plugged into the catalog whose rules fail (``faulty``, a nim
whose rules raise on one move text and whose view, at one position, holds a number no wire
format carries), and rooms stored by hand in the node's SQLite file that cannot come back.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode
from grundy.rules.games.nim import Nim, NimState
from grundy.server.store import SQLiteStore, StoredMove, StoredRoom
from tests.server.e2e.wsclient import Client, NodeFactory, url


class Faulty(Nim):
    """Nim whose rules fail: ``boom`` makes parsing raise; a total of 11 objects makes a view no codec can carry."""

    name = "faulty"

    def parse_move(self, state: NimState, text: str) -> tuple[int, int]:
        if text == "boom":
            raise RuntimeError("the rules failed on purpose")
        return super().parse_move(state, text)

    def full_view(self, state: NimState) -> dict[str, Any]:
        view = super().full_view(state)
        if sum(state.heaps) == 11:
            view["huge"] = 2**70  # msgpack carries at most 64 bits
        return view


@pytest.fixture
def faulty_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "GAMES", [*rules.GAMES, Faulty])


async def _table(node: Any, game: str = "faulty") -> tuple[Client, Client, Client, str]:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    eve = await Client.hello(url(node), "Eve")
    created = await ann.request(p.CreateRoom(game=game, params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await eve.request(p.Spectate(room=created.room), p.RoomState)
    return ann, bob, eve, created.room


async def _all_still_answered(room: str, ann: Client, bob: Client, eve: Client) -> None:
    """After a fault: every request about the room is answered, none with ``internal``, and nobody hangs."""
    for who in (ann, bob, eve):
        over = await who.expect(p.GameOver, room=room)
        assert over.status == "aborted" and "internal error" in over.reason
    state = await ann.request(p.GetState(room=room), p.RoomState)
    assert state.status == "aborted"
    assert (await eve.request(p.GetState(room=room), p.RoomState)).status == "aborted"
    for msg in (p.Resign(room=room), p.Move(room=room, ply=state.ply, move="1:1"), p.OfferDraw(room=room)):
        err = await bob.error(msg)
        assert err.code == ErrorCode.GAME_OVER and err.room == room
    record = await bob.request(p.GetRecord(room=room), p.Record)
    assert record.record["status"] == "aborted" and "internal error" in record.record["reason"]
    await ann.request(p.ChatSend(room=room, text="what happened?"), p.Chat)
    await ann.request(p.Ping(), p.Pong)


async def test_a_failure_handling_an_event_aborts_the_room_and_every_request_is_answered(
    faulty_game: None, make_node: NodeFactory
) -> None:
    node = await make_node()
    ann, bob, eve, room = await _table(node)
    await ann.request(p.Move(room=room, ply=0, move="1:2"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)

    err = await bob.error(p.Move(room=room, ply=1, move="boom"))
    assert (err.code, err.room) == (ErrorCode.INTERNAL, room)
    await _all_still_answered(room, ann, bob, eve)
    record = await ann.request(p.GetRecord(room=room), p.Record)
    assert [m["move"] for m in record.record["moves"]] == ["1:2"]  # the moves before the fault are kept

    # Other rooms never notice.
    other = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=other.room), p.RoomState)
    await ann.request(p.Move(room=other.room, ply=0, move="1:1"), p.MoveMade)


@pytest.mark.embedded_only
async def test_a_message_that_cannot_be_encoded_aborts_the_room_and_survives_a_restart(
    faulty_game: None, make_node: NodeFactory, tmp_path: Path
) -> None:
    db = str(tmp_path / "faults.db")
    node = await make_node(db=db)
    ann, bob, eve, room = await _table(node)

    err = await ann.error(p.Move(room=room, ply=0, move="1:1"))  # 12 -> 11 objects: its move_made cannot be encoded
    assert (err.code, err.room) == (ErrorCode.INTERNAL, room)
    await _all_still_answered(room, ann, bob, eve)
    record = await ann.request(p.GetRecord(room=room), p.Record)
    assert [m["move"] for m in record.record["moves"]] == ["1:1"]  # the stored move is part of the record
    token = ann.welcome.token if ann.welcome else ""
    await node.shutdown()

    again = await make_node(db=db)
    ann2 = await Client.resume(url(again), token)
    assert room not in ann2.welcome.rooms if ann2.welcome else False  # an aborted room is not restored
    record = await ann2.request(p.GetRecord(room=room), p.Record)
    assert record.record["status"] == "aborted" and "internal error" in record.record["reason"]


def _stored(room_id: str, game: str, params: dict[str, Any], status: str = "playing") -> StoredRoom:
    now = time.time()
    seats = [
        {"kind": "open", "level": None, "session": f"s-{room_id}-{i}", "name": f"P{i}", "bot": False} for i in range(2)
    ]
    meta = {"seats": seats, "time_control": None, "private": False, "code": None, "started_at": now}
    return StoredRoom(room_id, game, params, meta, status, now, now, None, None)


@pytest.mark.embedded_only
async def test_rooms_that_cannot_be_restored_are_aborted_and_the_node_still_starts(
    faulty_game: None, make_node: NodeFactory, tmp_path: Path
) -> None:
    db = str(tmp_path / "old.db")
    store = SQLiteStore(db)
    # What an older node stored before parameters had bounds: a goal no integer parser takes.
    store.save_room(_stored("r-bigops", "stones", {"heaps": [7, 30], "ops": ["+18446744073709551615"], "goal": ">=77"}))
    store.append_move("r-bigops", StoredMove(0, 0, "1:+18446744073709551615", time.time(), None))
    store.save_room(_stored("r-gone", "no-such-game", {}))
    store.save_room(_stored("r-boom", "faulty", {"heaps": [3, 4, 5]}))  # its moves fail to replay
    store.append_move("r-boom", StoredMove(0, 0, "boom", time.time(), None))
    store.save_room(_stored("r-fine", "nim", {"heaps": [3, 4, 5]}))
    store.close()

    node = await make_node(db=db)
    ann = await Client.hello(url(node), "Ann")
    for rid in ("r-bigops", "r-gone", "r-boom"):
        stored = await node.store.load_room(rid)
        assert stored is not None and stored.status == "aborted", rid
        assert stored.reason is not None and "could not be restored" in stored.reason
        err = await ann.error(p.GetState(room=rid))
        assert err.code == ErrorCode.UNKNOWN_ROOM
        record = await ann.request(p.GetRecord(room=rid), p.Record)
        assert record.record["status"] == "aborted"
    assert [m["move"] for m in (await ann.request(p.GetRecord(room="r-boom"), p.Record)).record["moves"]] == ["boom"]
    # The restorable room came back as before.
    await ann.request(p.Spectate(room="r-fine"), p.RoomState)


async def test_parameters_past_their_bounds_are_refused_at_the_door(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=1000.0, burst=1000.0)
    ann = await Client.hello(url(node), "Ann")
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("stones", {"ops": "+18446744073709551615", "goal": ">=" + "9" * 30}, "ops"),
        ("stones", {"goal": "9" * 5000}, "goal"),
        ("stones", {"goal": 10**13}, "goal"),
        ("stones", {"ops": "+1,*1001"}, "ops"),
        ("stones", {"heaps": [1] * 65}, "heaps"),
        ("nim", {"heaps": [2**63]}, "heaps"),
        ("nim", {"heaps": ",".join(["1"] * 1000)}, "heaps"),
        ("minesweeper", {"mines": 2**64 - 1}, "mines"),
        ("corner", {"seed": 2**40}, "seed"),
        ("pawn", {"payoffs": [1e300] * 8}, "payoffs"),
        ("pursuit", {"blocked": ";".join(["a1"] * 5000)}, "blocked"),
    ]
    for game, params, key in cases:
        err = await ann.error(p.CreateRoom(game=game, params=params))
        assert err.code == ErrorCode.BAD_PARAMS, (game, params, err)
        assert f"'{key}'" in err.message and len(err.message) < 300, err.message
        err = await ann.error(p.QuickMatch(game=game, params=params))
        assert err.code == ErrorCode.BAD_PARAMS, (game, params, err)
    # Every bound of the catalog, one past it, answers bad_params naming the parameter.
    for schema in rules.GAMES:
        for param in schema.parameters:
            past: Any = None
            if param.kind == "int" and param.max is not None:
                past = int(param.max) + 1
            elif param.kind in ("ints", "nums") and param.max_items is not None:
                past = [1] * (param.max_items + 1)
            elif param.kind == "str" and param.max_len is not None:
                past = "9" * (param.max_len + 1)
            if past is None:
                continue
            err = await ann.error(p.CreateRoom(game=schema.name, params={param.name: past}))
            assert err.code == ErrorCode.BAD_PARAMS and param.name in err.message, (schema.name, param.name, err)
    await ann.request(p.Ping(), p.Pong)


async def test_the_catalog_shows_every_bound(make_node: NodeFactory) -> None:
    node = await make_node()
    ann = await Client.hello(url(node), "Ann")
    games = await ann.request(p.ListGames(), p.Games)
    for g in games.games:
        for param in g.parameters if hasattr(g, "parameters") else g["parameters"]:
            q = param if isinstance(param, dict) else param.model_dump()
            if q["type"] in ("int", "ints"):
                assert q["min"] is not None and q["max"] is not None and abs(q["max"]) <= 2**53 - 1, q
            if q["type"] in ("ints", "nums", "strs", "cells"):
                assert q["max_items"] is not None, q
            if q["type"] in ("str", "strs"):
                assert q["max_len"] is not None, q


async def test_a_player_cannot_choose_the_secret_layout_of_a_game_between_players(make_node: NodeFactory) -> None:
    node = await make_node()
    ann = await Client.hello(url(node), "Ann")
    params = {"width": 5, "height": 4, "mines": 3, "seed": 11}
    for msg in (
        p.CreateRoom(game="minesweeper", params=params),
        p.CreateRoom(
            game="minesweeper", params=params, seats=[p.SeatRequest(kind="open"), p.SeatRequest(kind="bot")]
        ),
        p.QuickMatch(game="minesweeper", params=params),
        p.CreateTournament(game="minesweeper", params=params, format="round-robin", rated=False),
    ):
        err = await ann.error(msg)
        assert err.code == ErrorCode.BAD_PARAMS and "seed" in err.message, err
    # Alone, a player may replay a layout; left out, the server draws the seed and shows it only at the end.
    await ann.request(p.CreateRoom(game="minesweeper", params={**params, "players": 1}, seat=0), p.RoomCreated)
    created = await ann.request(
        p.CreateRoom(game="minesweeper", params={"width": 5, "height": 4, "mines": 3}, seat=0), p.RoomCreated
    )
    state = await ann.expect(p.RoomState, room=created.room)
    assert "seed" not in state.params


@pytest.mark.embedded_only
async def test_a_node_runs_a_bounded_number_of_rooms(make_node: NodeFactory) -> None:
    node = await make_node(max_open_rooms=2)
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    first = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0), p.RoomCreated)
    await ann.request(p.CreateRoom(game="nim", seat=0), p.RoomCreated)
    for msg in (p.CreateRoom(game="nim"), p.QuickMatch(game="nim"), p.Challenge(to=ann.welcome.session, game="nim")):  # type: ignore[union-attr]
        err = await bob.error(msg)
        assert err.code == ErrorCode.TOO_MANY_ROOMS and "try again later" in err.message, err
    await bob.request(p.Join(room=first.room), p.RoomState)  # joining a room that exists is never refused
    await ann.request(p.Move(room=first.room, ply=0, move="1:1"), p.MoveMade)  # the game ends: room for one more
    await bob.expect(p.GameOver, room=first.room)
    await bob.request(p.CreateRoom(game="nim"), p.RoomCreated)
