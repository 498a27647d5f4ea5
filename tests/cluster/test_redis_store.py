"""The Redis store on a real redis-server: the same values as the SQLite store, and writes fenced by leases."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
import redis.asyncio as aioredis

from grundy.server.cluster.store import Fenced, RedisStore
from grundy.server.errors import Unavailable
from grundy.server.ports import RoomUpdate, StoredChat, StoredMove, StoredRoom, StoredSession
from grundy.server.ratings import Rating
from grundy.server.store import StoreError


def _room(rid: str = "r-1", **kw) -> StoredRoom:
    base = dict(
        id=rid,
        game="nim",
        params={"heaps": [3, 4]},
        meta={"seats": [], "code": "c0de"},
        status="waiting",
        created_at=100.0,
        updated_at=100.0,
    )
    base.update(kw)
    return StoredRoom(**base)


def _store(server, node: str, **kw) -> RedisStore:
    return RedisStore(aioredis.Redis.from_url(server.url), node, **kw)


async def lapsed(store: RedisStore, *ids: str, kind: str = "room", timeout: float = 10.0) -> None:
    """Until the leases of ``ids`` have lapsed in Redis (nobody holds them)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while any([await store.leases.owner(i, kind) is not None for i in ids]):
        assert loop.time() < deadline, f"the leases of {ids} did not lapse in {timeout} s"
        await asyncio.sleep(0.01)


async def test_a_room_its_moves_and_its_end_come_back(redis_server):
    s = _store(redis_server, "a")
    await s.write([("r-1", _room())])
    await s.write([("r-1", RoomUpdate(status="playing")), ("r-1", StoredMove(0, 0, "0:1", 101.0, [60.0, 60.0]))])
    await s.write([("r-1", StoredMove(1, 1, "1:2", 102.0, None))])
    back = await s.load_room("r-1")
    assert back is not None and back.status == "playing" and back.params == {"heaps": [3, 4]}
    assert [(m.ply, m.seat, m.text, m.clocks) for m in back.moves] == [(0, 0, "0:1", [60.0, 60.0]), (1, 1, "1:2", None)]
    assert [r.id for r in await s.unfinished_rooms()] == ["r-1"]
    assert await s.room_by_code("c0de") == "r-1"
    await s.write([("r-1", RoomUpdate(status="finished", result={"winner": 0}, reason="took the last"))])
    assert await s.unfinished_rooms() == []
    (done,) = await s.finished_rooms(limit=5)
    assert done.result == {"winner": 0} and done.reason == "took the last"
    await s.close()


async def test_a_room_keeps_its_last_100_chat_lines_and_a_retried_line_is_stored_once(redis_server):
    s = _store(redis_server, "a")
    await s.write([("r-1", _room()), ("r-2", _room("r-2"))])
    for i in range(101):
        await s.write([("r-1", StoredChat(i, None if i % 2 else 0, f"n{i}", f"line {i}", float(i)))])
    await s.write([("r-1", StoredChat(100, 0, "n100", "line 100", 100.0))])  # a retry after a group failed
    await s.write([("r-2", StoredChat(0, 1, "Bob", "hi", 5.0)), ("r-2", StoredMove(0, 0, "1:1", 5.5))])
    back = await s.load_room("r-1")
    assert back is not None and [c.seq for c in back.chat] == list(range(1, 101))
    assert back.chat[-1] == StoredChat(100, 0, "n100", "line 100", 100.0) and back.chat[0].seat is None
    r = aioredis.Redis.from_url(redis_server.url)
    assert await r.llen("grundy:room:r-1:chat") == 100  # no more are kept
    await r.aclose()
    rooms = {x.id: x for x in await s.unfinished_rooms()}  # (what a take-over reads)
    assert rooms["r-2"].chat == (StoredChat(0, 1, "Bob", "hi", 5.0),) and len(rooms["r-2"].moves) == 1
    assert rooms["r-1"].chat == back.chat
    with pytest.raises(StoreError):  # a line for no room is refused
        await s.write([("nope", StoredChat(0, 0, "Ann", "hi", 1.0))])
    await s.close()


async def test_the_sessions_in_a_room_s_seats_have_it_in_their_room_lists_with_the_room(redis_server):
    s = _store(redis_server, "a")
    r = aioredis.Redis.from_url(redis_server.url)
    seats = [{"session": "s-ann", "kind": "open"}, {"session": None, "kind": "open"}]
    await s.write([("r-1", _room(meta={"seats": seats, "code": "c0de"}))])
    assert await r.hgetall("grundy:session:s-ann:rooms") == {b"r-1": b"seat"}
    seats[1] = {"session": "s-bob", "kind": "open"}
    await s.write([("r-1", RoomUpdate(status="playing", meta={"seats": seats}))])
    assert await r.hgetall("grundy:session:s-bob:rooms") == {b"r-1": b"seat"}
    await s.write([("r-1", StoredMove(0, 0, "1:1", 101.0, None))])  # (a move touches no room list)
    await r.aclose()
    await s.close()


async def test_a_move_out_of_order_changes_nothing(redis_server):
    s = _store(redis_server, "a")
    await s.write([("r-1", _room(status="playing"))])
    with pytest.raises(StoreError):
        await s.write([("r-1", RoomUpdate(meta={"x": 1})), ("r-1", StoredMove(3, 0, "0:1", 1.0))])
    back = await s.load_room("r-1")
    assert back is not None and back.meta != {"x": 1} and back.moves == ()
    # A retry of a group that was partly stored: the same move again counts as stored.
    await s.write([("r-1", StoredMove(0, 0, "0:1", 1.0))])
    await s.write([("r-1", StoredMove(0, 0, "0:1", 1.0)), ("r-1", StoredMove(1, 1, "0:1", 2.0))])
    with pytest.raises(StoreError):  # but a different move at a stored ply is refused
        await s.write([("r-1", StoredMove(1, 1, "1:1", 2.0))])
    assert [m.ply for m in (await s.load_room("r-1")).moves] == [0, 1]
    # One move alone (the script's common write): a gap is refused, a retry stored once, the next one stored.
    with pytest.raises(StoreError):
        await s.write([("r-1", StoredMove(5, 1, "0:1", 3.0))])
    await s.write([("r-1", StoredMove(1, 1, "0:1", 2.0))])
    await s.write([("r-1", StoredMove(2, 0, "1:1", 3.0))])
    back = await s.load_room("r-1")
    assert back is not None and [(m.ply, m.text) for m in back.moves] == [(0, "0:1"), (1, "0:1"), (2, "1:1")]
    await s.close()


async def test_a_room_taken_over_refuses_its_old_owner(redis_server):
    fenced: list[str] = []
    a = _store(redis_server, "a", lease_ms=200, on_fenced=fenced.append)
    b = _store(redis_server, "b", lease_ms=200)
    await a.write([("r-1", _room(status="playing"))])
    assert await a.leases.owner("r-1") == "a" and not await b.leases.claim("r-1")
    await lapsed(b, "r-1")  # a is paused past its lease
    assert await b.leases.orphans() == ["r-1"]
    assert await b.leases.claim("r-1")
    await b.write([("r-1", StoredMove(0, 0, "0:1", 1.0))])
    with pytest.raises(Fenced):
        await a.write([("r-1", StoredMove(0, 0, "1:1", 1.0))])
    assert fenced == ["r-1"] and "r-1" not in a.held
    assert [m.text for m in (await b.load_room("r-1")).moves] == ["0:1"]
    assert await a.leases.renew() == [] and await b.leases.renew() == []
    await a.close()
    await b.close()


async def test_a_lapsed_lease_nobody_took_is_taken_back(redis_server):
    a = _store(redis_server, "a", lease_ms=150)
    await a.write([("r-1", _room(status="playing"))])
    await lapsed(a, "r-1")
    await a.write([("r-1", StoredMove(0, 0, "0:1", 1.0))])  # same epoch: still ours
    assert await a.leases.owner("r-1") == "a"
    await lapsed(a, "r-1")
    assert await a.leases.renew() == [] and await a.leases.owner("r-1") == "a"
    await a.leases.release("r-1")
    assert await a.leases.owner("r-1") is None and await a.leases.orphans() == ["r-1"]
    await a.close()


async def test_renewing_reports_rooms_another_node_took(redis_server):
    a = _store(redis_server, "a", lease_ms=150)
    b = _store(redis_server, "b", lease_ms=5000)
    await a.write([("r-1", _room(status="playing")), ("r-2", _room("r-2", status="playing"))])
    await lapsed(b, "r-1", "r-2")
    assert await b.leases.claim("r-2")
    assert await a.leases.renew() == ["r-2"] and set(a.held) == {"r-1"}
    await a.close()
    await b.close()


async def test_sessions_ratings_spectators_and_tournaments(redis_server):
    s = _store(redis_server, "a")
    await s.save_session(StoredSession("s-1", "tok", "ann", 5.0, "bot"))
    assert await s.session_by_token("tok") == StoredSession("s-1", "tok", "ann", 5.0, "bot")
    assert await s.session_by_token("nope") is None
    await s.put_rating("s-1", "nim", Rating(1520.5, 3))
    assert await s.get_rating("s-1", "nim") == Rating(1520.5, 3) and await s.get_rating("s-1", "gomoku") is None
    assert await s.ratings_of("s-1") == {"nim": Rating(1520.5, 3)}
    await s.set_watching("r-1", "s-2", True)
    await s.set_watching("r-1", "s-1", True)
    await s.set_watching("r-1", "s-2", False)
    assert await s.watchers("r-1") == ["s-1"]
    await s.clear_watchers("r-1")
    assert await s.watchers("r-1") == []
    await s.tag_tournament_game("r-1", "t-1", 2)
    assert await s.tournament_game("r-1") == ("t-1", 2) and await s.tournament_game("r-2") is None
    await s.save_tournament("t-1", "running", {"id": "t-1", "created_at": 1.0})
    assert await s.load_tournament("t-1") == {"id": "t-1", "created_at": 1.0}
    assert await s.unfinished_tournaments() == [{"id": "t-1", "created_at": 1.0}]
    await s.save_tournament("t-1", "finished", {"id": "t-1", "created_at": 1.0})
    assert await s.unfinished_tournaments() == []
    await s.close()


async def test_moves_survive_a_redis_kill_under_aof(redis_server):
    s = _store(redis_server, "a")
    await s.write([("r-1", _room(status="playing")), ("r-1", StoredMove(0, 0, "0:1", 1.0))])
    await s.close()
    redis_server.restart()  # kill -9, then start on the same append-only file
    s = _store(redis_server, "a")
    back = await s.load_room("r-1")
    assert back is not None and [m.text for m in back.moves] == ["0:1"]
    await s.close()


async def test_nodes_racing_to_take_over_a_room_or_a_tournament_make_one_owner(redis_server):
    first = _store(redis_server, "a", lease_ms=150)
    await first.write([("r-1", _room(status="playing"))])
    await first.save_tournament("t-1", "running", {"id": "t-1", "created_at": 1.0})
    await lapsed(first, "r-1")  # its node died: both leases lapse
    await lapsed(first, "t-1", kind="tournament")
    racers = [_store(redis_server, f"n{i}") for i in range(6)]
    rooms = await asyncio.gather(*(s.leases.claim("r-1") for s in racers))
    tournaments = await asyncio.gather(*(s.leases.claim("t-1", kind="tournament") for s in racers))
    assert sum(rooms) == 1 and sum(tournaments) == 1
    winner = racers[rooms.index(True)]
    assert await winner.leases.owner("r-1") == winner.node
    losers = [s for s in racers if s is not winner]
    with pytest.raises(Fenced):  # a node that did not win cannot write the room...
        await losers[0].write([("r-1", StoredMove(0, 0, "0:1", 1.0))])
    t_winner = racers[tournaments.index(True)]
    t_loser = next(s for s in racers if s is not t_winner)
    with pytest.raises(Fenced):  # ...nor save the tournament's next round
        await t_loser.save_tournament("t-1", "running", {"id": "t-1", "created_at": 1.0, "round": 2})
    await t_winner.save_tournament("t-1", "running", {"id": "t-1", "created_at": 1.0, "round": 2})
    assert (await first.load_tournament("t-1"))["round"] == 2
    for s in [first, *racers]:
        await s.close()


# ------------------------------------------------------------------ the rooms' writes on the store's own connection


def test_the_write_commands_are_what_redis_py_would_send():
    from grundy.server.cluster import store as store_module
    from grundy.server.cluster import wire

    s = RedisStore(aioredis.Redis.from_url("redis://127.0.0.1:1/0"), "n-1", lease_ms=2500)
    s.held["r-2"] = 7
    ops = {"r-1": [["M", 3, "[3]"]], "r-2": [["U", {"status": "playing"}]]}
    k = s.keys
    args = ["1234.5678", "r-1", "0", "3", "[3]", "r-2", "7", "J", json.dumps(ops["r-2"], separators=(",", ":"))]
    parts = ["EVALSHA", s.writes.script.sha, 0, *args]
    assert s.writes.commands(["r-1", "r-2"], ops, b"1234.5678") == [wire.command(*(str(x).encode() for x in parts))]
    assert s.writes.args(["r-1", "r-2"], ops, b"1234.5678") == [[x.encode() for x in args]]
    assert f'"{k.live}", "{k.ended}"' in s.writes.text  # (the keys it writes, written in)
    # a long group: one call per ROOMS_PER_CALL rooms
    many = [f"r-{i}" for i in range(store_module.ROOMS_PER_CALL + 1)]
    assert len(s.writes.commands(many, {rid: ops["r-1"] for rid in many}, b"1.0")) == 2


def test_the_write_script_is_the_nodes_own_with_its_names_written_in():
    """The node's name, its lease and the key names are in the script's text, as Lua strings whatever they hold."""
    from grundy.server.cluster.keys import Keys
    from grundy.server.cluster.store import write_script

    text = write_script(Keys('we"ird\\:'), 'n "1" \n@NODE@', 2500)
    assert "@" not in text.replace("'@'", "")  # (every field written in)
    assert '"n \\034' in text and '"2500"' in text and "\\092" in text
    a, b = (RedisStore(aioredis.Redis.from_url("redis://127.0.0.1:1/0"), n).writes.sha for n in ("n-1", "n-2"))
    assert a != b


async def test_a_group_of_rooms_in_one_script_call_fences_and_checks_each_room_on_its_own(redis_server):
    """One room fenced and one refused (a move at the wrong ply) change nothing; the others are written."""
    from grundy.server.cluster import store as store_module

    a = RedisStore(aioredis.Redis.from_url(redis_server.url), "a")
    b = RedisStore(aioredis.Redis.from_url(redis_server.url), "b")
    n = store_module.ROOMS_PER_CALL + 5  # (two script calls)
    await a.write([(f"r-{i}", _room(f"r-{i}", status="playing")) for i in range(n)])
    await a.leases.release("r-3")
    assert await b.leases.claim("r-3")  # b took r-3 over: a's write of it is fenced
    writes = [(f"r-{i}", StoredMove(0, 0, "0:1", 1.0)) for i in range(n)]
    writes[7] = ("r-7", StoredMove(5, 0, "0:1", 1.0))  # not the next ply
    with pytest.raises(StoreError):
        await a.write(writes)
    stored = {r.id: r for r in await b.unfinished_rooms()}
    assert stored["r-3"].moves == () and stored["r-7"].moves == ()
    assert all(len(stored[f"r-{i}"].moves) == 1 for i in range(n) if i not in (3, 7))
    assert "r-3" not in a.held
    await a.write([(f"r-{i}", StoredMove(0, 0, "0:1", 1.0)) for i in range(n) if i not in (3, 7)])  # (a retry: stored)
    for s in (a, b):
        await s.close()


async def test_writes_go_through_one_connection_of_the_store_and_land_in_the_urls_database(redis_server):
    s = RedisStore(aioredis.Redis.from_url(redis_server.url.rpartition("/")[0] + "/5"), "a")
    assert s.caller is not None and s.caller.endpoint.db == 5
    for i in range(5):
        await s.write([(f"r-{i}", _room(f"r-{i}", status="playing"))])
    await s.write([(f"r-{i}", StoredMove(0, 0, "0:1", 1.0)) for i in range(5)])
    assert s.caller.connects == 1
    db0 = aioredis.Redis.from_url(redis_server.url)
    assert await db0.dbsize() == 0
    assert {r.id for r in await s.unfinished_rooms()} == {f"r-{i}" for i in range(5)}  # (read through redis-py, db 5)
    assert all(len(r.moves) == 1 for r in await s.unfinished_rooms())
    await s.close()
    await db0.aclose()
    with pytest.raises(Unavailable):  # closed
        await s.write([("r-1", StoredMove(1, 1, "1:1", 2.0))])


async def test_the_write_script_is_loaded_again_after_a_flush(redis_server):
    s = _store(redis_server, "a")
    await s.write([("r-1", _room(status="playing"))])
    await s.r.script_flush()
    await s.write([("r-1", StoredMove(0, 0, "0:1", 1.0)), ("r-2", _room("r-2"))])
    assert [m.text for m in (await s.load_room("r-1")).moves] == ["0:1"] and await s.load_room("r-2") is not None
    await s.close()


async def test_redis_going_away_is_unavailable_and_writes_resume_when_it_is_back(redis_server):
    fenced: list[str] = []
    s = _store(redis_server, "a", on_fenced=fenced.append)
    await s.write([("r-1", _room(status="playing"))])
    redis_server.kill()
    with pytest.raises(Unavailable) as refused:  # (answered ``unavailable``: nothing was written)
        await s.write([("r-1", StoredMove(0, 0, "0:1", 1.0))])
    assert not isinstance(refused.value, Fenced) and s.held == {"r-1": 1}
    redis_server.start()  # (the append-only file kept the room and its lease's epoch)
    await s.write([("r-1", StoredMove(0, 0, "0:1", 1.0))])
    assert [m.text for m in (await s.load_room("r-1")).moves] == ["0:1"] and fenced == []
    await s.close()


async def test_a_password_protected_redis(redis_server):
    admin = aioredis.Redis.from_url(redis_server.url)
    await admin.config_set("requirepass", "s3cret")
    await admin.aclose()
    url = f"redis://:s3cret@127.0.0.1:{redis_server.port}/2"
    s = RedisStore(aioredis.Redis.from_url(url), "a")
    await s.write([("r-1", _room(status="playing")), ("r-1", StoredMove(0, 0, "0:1", 1.0))])
    assert [m.text for m in (await s.load_room("r-1")).moves] == ["0:1"]
    await s.close()
    wrong = RedisStore(aioredis.Redis.from_url(f"redis://:nope@127.0.0.1:{redis_server.port}/2"), "b")
    with pytest.raises(StoreError, match="refused the login"):
        await wrong.write([("r-2", _room("r-2"))])
    await wrong.close()


async def test_a_store_given_its_caller_and_one_writing_through_redis_py(redis_server):
    from grundy.server.cluster import wire

    caller = wire.Caller(redis_server.url)
    a = RedisStore(aioredis.Redis.from_url(redis_server.url), "a", caller=caller, lease_ms=150)
    b = RedisStore(aioredis.Redis.from_url(redis_server.url), "b", lease_ms=150)
    b.caller = None  # (a client that connects in its own way: its writes go through redis-py)
    await a.write([("r-1", _room(status="playing"))])
    await a.close()  # (the caller is not the store's to close)
    await a.write([("r-1", StoredMove(0, 0, "0:1", 1.0))])
    with pytest.raises(Fenced):
        await b.write([("r-1", StoredMove(1, 1, "1:1", 2.0))])
    await lapsed(b, "r-1")
    assert await b.leases.claim("r-1")
    await b.write([("r-1", StoredMove(1, 1, "1:1", 2.0))])
    with pytest.raises(Fenced):
        await a.write([("r-1", StoredMove(2, 0, "0:2", 3.0))])
    assert [m.text for m in (await b.load_room("r-1")).moves] == ["0:1", "1:1"]
    await caller.close()
    await b.close()


@pytest.mark.parametrize(
    "move",
    [
        StoredMove(0, 0, "1:1", 1795770000.123456),
        StoredMove(41, 1, 'a "quoted" \\ text', 1795770000.5, [12.25, 300.0]),
        StoredMove(7, 1, "é→✓ \n", 1e-7),
        StoredMove(3, 0, "x", 1795770000.0, []),
    ],
)
def test_a_moves_log_entry_is_the_json_it_always_was(move: StoredMove) -> None:
    from grundy.server.cluster.store import _entry

    expected = json.dumps([move.ply, move.seat, move.text, move.at, move.clocks], separators=(",", ":"))
    assert _entry(move) == expected
    assert json.loads(_entry(move)) == [move.ply, move.seat, move.text, move.at, move.clocks]


def test_the_native_writer_of_a_plain_move_writes_its_python_twins_bytes() -> None:
    """A plain move's arguments of the write script are the same bytes from the C (``move_write``) as from the Python
    twin, or the C leaves them to the twin (None); the time in whole microseconds written as its repr."""
    import random

    from grundy.server import native
    from grundy.server.cluster.store import _room_args, _room_text

    write = native.move_write("room")
    if write is None:  # (CI builds it: there the twins must be compared)
        assert os.environ.get("CI") != "true", "the native extension is not built"
        pytest.skip("the native extension is not built")
    assert native.move_write("off") is None
    rng = random.Random(43)
    times = [rng.randrange(10**6, 2**32 * 10**6) / 1e6 for _ in range(5_000)]
    times += [rng.uniform(0.0, 2.0**33) for _ in range(1_000)]
    times += [1.0, 1795770000.0, 1795770000.5, 1795770000.000001, 4294967295.999999, 1e-7, 0.5, 1e300, 1e16]
    cases = [("r-1", 7, 41, 1, "1:3", at) for at in times]
    cases += [
        ("r-1", 0, 0, 0, "x", 1795770000.25),
        ("a" * 64, 2**40, 2**40, 1, "~ !#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}", 1.5),
        ('r"1\\\t', 7, 41, 1, "3", 1795770000.5),  # (any ASCII room id: it is not in JSON)
        ("a" * 200, -1, -5, -1, "y" * 200, 1795770000.5),  # (the longest the C writes)
        ("r-1", 7, 41, 1, 'a "quoted" text', 1795770000.5),  # (escapes: the twin's)
        ("r-1", 7, 41, 1, "back\\slash", 1795770000.5),
        ("r-1", 7, 41, 1, "é", 1795770000.5),
        ("r-1", 7, 41, 1, "tab\t", 1795770000.5),
        ("r-1", 7, 41, 1, "del\x7f", 1795770000.5),
        ("ré", 7, 41, 1, "3", 1795770000.5),
        ("r-1", 7, 2**70, 1, "3", 1795770000.5),  # (too large for the C)
        ("r-1", 7, True, 1, "3", 1795770000.5),  # (not an exact int)
        ("r-1", 7, 41, 1, "3", float("inf")),
        ("r-1", 7, 41, 1, "3", float("nan")),
        ("r-1", 7, 41, 1, "x" * 300, 1.5),  # (long)
        ("r" * 201, 7, 41, 1, "3", 1.5),
    ]
    written = 0
    for rid, epoch, ply, seat, text, at in cases:
        got = write(rid, epoch, ply, seat, text, at)
        if got is None:
            continue
        written += 1
        assert got == _room_text(rid, epoch, [StoredMove(ply, seat, text, at)]), (rid, epoch, ply, seat, text, at)
        args = _room_args(rid, epoch, [StoredMove(ply, seat, text, at)])
        assert args[:3] == [rid.encode(), b"%d" % epoch, b"%d" % ply]
        assert json.loads(args[3]) == [ply, seat, text, at, None]
    assert written == len(times) + 4  # (every time, and the four plain cases; the rest left to the twin)


def test_a_groups_write_is_the_same_with_the_native_writer_and_without() -> None:
    from grundy.server import native

    write = native.move_write("room")
    if write is None:  # (CI builds it: there the twins must be compared)
        assert os.environ.get("CI") != "true", "the native extension is not built"
        pytest.skip("the native extension is not built")
    python = RedisStore(aioredis.Redis.from_url("redis://127.0.0.1:1/0"), "n-1", lease_ms=2500)
    fast = RedisStore(aioredis.Redis.from_url("redis://127.0.0.1:1/0"), "n-1", lease_ms=2500, move_write=write)
    for s in (python, fast):
        s.held.update({"r-1": 7, "r-2": 3})
    by_room = {
        "r-1": [StoredMove(3, 1, "1:2", 1795770000.123456)],
        "r-2": [StoredMove(4, 0, 'q"', 1795770000.5), ["U", {"status": "finished"}]],
        "r-3": [["U", {"status": "playing"}]],
        "r-4": [StoredMove(0, 0, "2", 1795770000.25, [1.5, 2.0])],
    }
    order = list(by_room)
    assert fast.writes.commands(order, by_room, b"12.5") == python.writes.commands(order, by_room, b"12.5")
    args = python.writes.args(order, by_room, b"12.5")[0]
    entry = json.dumps([3, 1, "1:2", 1795770000.123456, None], separators=(",", ":")).encode()
    assert args[:5] == [b"12.5", b"r-1", b"7", b"3", entry]
    assert args[5:8] == [b"r-2", b"3", b"J"] and json.loads(args[8])[1] == ["U", {"status": "finished"}]
    assert args[9:12] == [b"r-3", b"0", b"J"]
    assert args[13:16] == [b"r-4", b"0", b"0"] and json.loads(args[16]) == [0, 0, "2", 1795770000.25, [1.5, 2.0]]


def test_the_time_a_write_sends_is_the_repr_of_the_whole_microseconds() -> None:
    from grundy.server.cluster.store import clock_text

    text = clock_text()
    assert text == repr(float(text)).encode() and abs(float(text) - __import__("time").time()) < 60
