"""The node's group commit seen from outside: a move anyone hears of is already in the SQLite file.

A real node (real sockets, a real SQLite file, a real bot worker); the file is read by the test
through a connection of its own, read-only, and store failures are injected in the database
itself (a trigger), never by replacing our classes.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from typing import Any

import msgpack
import pytest
from websockets.sync.client import connect

from grundy import protocol as p
from grundy.protocol import ErrorCode, decode_server, encode
from grundy.server.actor import BOT_RETRY_S
from grundy.server.node import Node
from grundy.server.store import LOG_TABLES
from tests.server.e2e.wsclient import TIMEOUT, Client, NodeFactory, nim_table, url


@contextmanager
def database(node: Node) -> Iterator[sqlite3.Connection]:
    """A connection of the test's own to the node's file (to add triggers)."""
    db = sqlite3.connect(node.config.db, isolation_level=None, timeout=10)
    try:
        yield db
    finally:
        db.close()


def stored_moves(node: Node, room: str) -> list[str]:
    """The room's moves as the file has them now, read through a fresh read-only connection."""
    with closing(sqlite3.connect(f"file:{node.config.db}?mode=ro", uri=True, timeout=10)) as db:
        rows = db.execute("SELECT ply, text FROM moves WHERE room_id = ?", (room,)).fetchall()
        for (chunk,) in db.execute("SELECT moves FROM move_chunks WHERE room_id = ?", (room,)):
            rows += [(m[0], m[2]) for m in msgpack.unpackb(chunk)]
        for table in LOG_TABLES:  # (a row per write, its moves packed: [room, ply, seat, text, at, clocks])
            for (packed,) in db.execute(f"SELECT moves FROM {table}"):
                rows += [(m[1], m[3]) for m in msgpack.unpackb(packed) if m[0] == room]
        return [t for (_, t) in sorted(set(rows))]  # (a room being drained may have a move in two places)


def refuse_moves(db: sqlite3.Connection, room: str | None = None) -> None:
    """Make the file refuse moves (a write with a move of ``room``, if given), where the store puts them."""
    # (a write's moves are one row of the log, packed: msgpack keeps a room's id as its bytes)
    when = "" if room is None else f"WHEN instr(NEW.moves, CAST('{room}' AS BLOB)) > 0"
    for table in LOG_TABLES:
        db.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} {when}"
            " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
        )


def unrefuse_moves(db: sqlite3.Connection) -> None:
    for table in LOG_TABLES:
        db.execute(f"DROP TRIGGER refuse_{table}")


def slow_move_writes(node: Node) -> None:
    """Make every write of moves take tens of ms (a trigger doing a large join inside the transaction).

    So a message sent before its commit would reach a client well before the move is in the file.
    """
    with database(node) as db:
        db.execute("CREATE TABLE pad (x INTEGER)")
        db.executemany("INSERT INTO pad VALUES (?)", [(i,) for i in range(2000)])
        for table in LOG_TABLES:  # (where a move is written)
            db.execute(
                f"CREATE TRIGGER slow_{table} AFTER INSERT ON {table} BEGIN SELECT count(*) FROM pad a, pad b; END"
            )


class Watcher(threading.Thread):
    """A spectator in a thread of its own (a blocking client): on each ``move_made`` it looks in the file at once."""

    def __init__(self, node: Node, room: str, moves: int) -> None:
        super().__init__(name="watcher", daemon=True)
        self.node, self.room, self.moves = node, room, moves
        self.watching = threading.Event()
        self.found: list[tuple[int, str | None, list[str]]] = []  # (ply, move, the file's moves on hearing it)
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            with connect(url(self.node), open_timeout=TIMEOUT, compression=None) as ws:
                ws.send(encode(p.Hello(versions=[1], name="Eve", ref=1)))
                self._until(ws, lambda m: isinstance(m, p.Welcome))
                ws.send(encode(p.Spectate(room=self.room, ref=2)))
                self._until(ws, lambda m: isinstance(m, p.RoomState))
                self.watching.set()
                while len(self.found) < self.moves:
                    msg = self._until(ws, lambda m: isinstance(m, p.MoveMade))
                    self.found.append((msg.ply, msg.move, stored_moves(self.node, self.room)))
        except BaseException as e:  # reported by the test
            self.failure = e
            self.watching.set()

    def _until(self, ws: Any, match: Any) -> Any:
        while True:
            msg = decode_server(ws.recv(timeout=TIMEOUT))
            if isinstance(msg, p.Error):
                raise AssertionError(f"the watcher got an error: {msg}")
            if match(msg):
                return msg


@pytest.mark.embedded_only
async def test_a_move_is_in_the_file_before_any_client_hears_of_it(node: Node) -> None:
    ann, bob, room = await nim_table(node, [3, 4, 5])
    slow_move_writes(node)
    plays = ["1:1", "2:1", "3:1", "1:1", "2:1", "3:1"]
    watcher = Watcher(node, room, len(plays))
    watcher.start()
    await asyncio.to_thread(watcher.watching.wait, TIMEOUT)
    assert watcher.failure is None, watcher.failure
    for ply, move in enumerate(plays):
        mover, other = (ann, bob) if ply % 2 == 0 else (bob, ann)
        made = await mover.request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
        assert stored_moves(node, room) == plays[: ply + 1]  # the mover's own copy too
        heard = await other.expect(p.MoveMade, ply=ply)
        assert (made.move, heard.move) == (move, move)
    await asyncio.to_thread(watcher.join, TIMEOUT)
    assert watcher.failure is None, watcher.failure
    assert [(ply, move) for ply, move, _ in watcher.found] == list(enumerate(plays))
    for ply, _move, in_file in watcher.found:
        assert in_file[: ply + 1] == plays[: ply + 1], f"move {ply} was heard before it was stored: {in_file}"


@pytest.mark.embedded_only
async def test_many_rooms_moving_in_the_same_loop_turn_all_get_stored(node: Node) -> None:
    tables = [await nim_table(node, [2, 3, 4]) for _ in range(8)]
    for ply, move in enumerate(["1:1", "2:1", "3:2"]):
        movers = [(ann if ply % 2 == 0 else bob, room) for ann, bob, room in tables]
        refs = [mover.next_ref() for mover, _ in movers]
        # every move leaves at once: the node reads them in one pass over its sockets
        sends = [
            mover.send(p.Move(room=room, ply=ply, move=move, ref=ref))
            for (mover, room), ref in zip(movers, refs, strict=True)
        ]
        await asyncio.gather(*sends)
        for (mover, room), ref in zip(movers, refs, strict=True):
            made = await mover.expect(p.MoveMade, ref=ref)
            assert (made.room, made.ply, made.move) == (room, ply, move)
    for _, _, room in tables:
        assert stored_moves(node, room) == ["1:1", "2:1", "3:2"]
        stored = await node.store.load_room(room)
        assert stored is not None and [m.ply for m in stored.moves] == [0, 1, 2]


@pytest.mark.embedded_only
async def test_a_store_failure_answers_that_rooms_mover_internal_and_the_others_carry_on(
    node: Node, caplog: pytest.LogCaptureFixture
) -> None:
    tables = [await nim_table(node, [3, 4]) for _ in range(3)]
    failing = tables[1][2]
    assert "'" not in failing
    with database(node) as db:
        refuse_moves(db, failing)
    refs = [ann.next_ref() for ann, _, _ in tables]
    # the three moves leave in one step of the loop, so the node reads them in one pass: one group
    await asyncio.gather(
        *(
            ann.send(p.Move(room=room, ply=0, move="1:1", ref=ref))
            for (ann, _, room), ref in zip(tables, refs, strict=True)
        )
    )
    for (ann, bob, room), ref in zip(tables, refs, strict=True):
        reply = await ann.expect(lambda m, ref=ref: getattr(m, "ref", None) == ref)
        if room == failing:
            assert isinstance(reply, p.Error) and reply.code == ErrorCode.INTERNAL and reply.room == room, reply
        else:
            assert isinstance(reply, p.MoveMade) and reply.ply == 0, reply
            await bob.expect(p.MoveMade, room=room, ply=0)
    assert [stored_moves(node, room) for _, _, room in tables] == [["1:1"], [], ["1:1"]]
    fallbacks = [r.getMessage() for r in caplog.records if "room by room" in r.getMessage()]
    assert fallbacks == ["a group of 3 rooms' writes failed; storing them room by room"]

    # the other rooms go on while the failing one stays as it was: nobody there heard of the move
    ann, bob, _ = tables[0]
    await bob.request(p.Move(room=tables[0][2], ply=1, move="2:1"), p.MoveMade)
    ann_f, bob_f, _ = tables[1]
    state = await bob_f.request(p.GetState(room=failing), p.RoomState)
    assert (state.ply, state.turn, state.moves) == (0, 0, [])
    assert not [m for m in bob_f.inbox if isinstance(m, p.MoveMade)]
    # once the store takes moves again, the same move at the same ply is played
    with database(node) as db:
        unrefuse_moves(db)
    made = await ann_f.request(p.Move(room=failing, ply=0, move="1:1"), p.MoveMade)
    assert made.ply == 0 and stored_moves(node, failing) == ["1:1"]
    await bob_f.expect(p.MoveMade, room=failing, ply=0)
    assert stored_moves(node, tables[0][2]) == ["1:1", "2:1"]


@pytest.mark.embedded_only
async def test_a_bots_move_that_cannot_be_stored_is_asked_again_and_the_bots_game_goes_on(
    node: Node, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="grundy.room")
    with database(node) as db:  # every move is refused: the first bot's answer is dropped
        refuse_moves(db)
    eve = await Client.hello(url(node), "Eve")
    seats = [p.SeatRequest(kind="bot", level="easy"), p.SeatRequest(kind="bot", level="easy")]
    created = await eve.request(p.CreateRoom(game="nim", params={"heaps": [2, 3]}, seats=seats), p.RoomCreated)
    room = created.room
    state = await eve.request(p.Spectate(room=room), p.RoomState)
    assert state.status == "playing" and state.ply == 0

    def refusals() -> int:
        return sum(1 for r in caplog.records if room in r.getMessage() and "store write failed" in r.getMessage())

    for _ in range(round(60 / BOT_RETRY_S)):  # the bot answers, and is asked again after each refused write
        if refusals() >= 2:
            break
        await asyncio.sleep(BOT_RETRY_S / 5)
    assert refusals() >= 2
    state = await eve.request(p.GetState(room=room), p.RoomState)  # a round trip through the room's mailbox
    assert state.ply == 0 and state.moves == [] and stored_moves(node, room) == []
    assert not [m for m in eve.inbox if isinstance(m, p.MoveMade)]  # nobody heard of a move that was not stored
    with database(node) as db:  # the store recovers: the bot is asked again without anyone's help
        unrefuse_moves(db)
    over = await eve.expect(p.GameOver, room=room)
    assert over.status == "finished" and over.result is not None
    assert len(stored_moves(node, room)) == len([m for m in eve.seen if isinstance(m, p.MoveMade)]) >= 2


# ----------------------------------------------------------------- the garbage collector


@pytest.mark.embedded_only
async def test_start_freezes_and_tunes_the_collector_and_shutdown_restores_it(make_node: NodeFactory) -> None:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        assert gc.get_freeze_count() == 0
        first = await make_node(gc_young=12_345)
        assert gc.get_threshold() == (12_345, 20, 100)
        assert gc.get_freeze_count() > 0  # what start-up built is frozen
        # a second node in the same process finds the collector tuned and leaves it to the first
        second = await make_node(gc_young=12_345, db=f"{first.config.db}.second")
        await second.shutdown()
        assert gc.get_threshold() == (12_345, 20, 100) and gc.get_freeze_count() > 0
        await first.shutdown()
        assert gc.get_threshold() == (700, 10, 10)
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*saved)


@pytest.mark.embedded_only
async def test_gc_young_0_leaves_the_collector_alone(make_node: NodeFactory) -> None:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        node = await make_node(gc_young=0)
        assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
        ann, _bob, room = await nim_table(node)
        await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
        await node.shutdown()
        assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*saved)
