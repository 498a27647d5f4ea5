"""Every client plays through the cluster's store going away (issue 40, points 1, 2 and 6), with real processes.

Two `grundy serve` nodes on a redis-server started here: either one Redis killed (``kill -9``) and started again on
its file, or a primary behind three Sentinels killed and replaced by a replica, with one replica (the old primary
must come back, as a replica, before moves are stored again) and with two (play goes on after the promotion).

Three games are in play, each stopped just before a move: two SDK bots (one on each node), a person in the
terminal client against a hosted bot, and a person in a browser page against an SDK bot.  The store goes away;
each of them makes its move meanwhile (once: nobody retypes it); the store comes back.  Then every game reaches
its end, and: the move made during the outage is stored once, nothing anyone was told of is lost, every client
said once that the server was catching up, and the clock of the player to move was charged nothing for the
time its move could not be stored.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from grundy import protocol as p
from grundy.client import words
from grundy.client.connection import Backoff, Connection
from grundy.client.sdk import AsyncBot, Turn
from grundy.client.tui import GrundyApp
from tests.client.test_tui import SIZE, room_of, type_move, until
from tests.cluster.procs import NodeProcess
from tests.cluster.redisproc import RedisServer, Replicated, have_redis
from tests.server.e2e.wsclient import Client
from tests.web.test_browser import WAIT_MS, status
from tests.web.test_failover import nim_room_in_a_page, record_link_status

pytestmark = pytest.mark.skipif(
    not have_redis() and os.environ.get("CI") != "true", reason="redis-server is not installed"
)

OUTAGE_S = 4.0  # a Redis killed and started again stays away at least this long (several leases)
CLOCK = p.TimeControl(initial_s=300)
GATE = 2  # the SDK bot's move at this ply waits for the outage
END_S = 120.0  # every game ends within this long after the store is back (generous: a loaded machine)


class Store:
    """Where the nodes' store is and how it goes away and comes back: :meth:`away` and :meth:`back`."""

    def __init__(self, scenario: str, workdir: Path) -> None:
        self.scenario = scenario
        self.dir = workdir
        self.redis: RedisServer | None = None
        self.replicated: Replicated | None = None

    def start(self) -> Store:
        if self.scenario == "restart":
            self.redis = RedisServer(self.dir).start()
        else:
            self.replicated = Replicated(self.dir, replicas=int(self.scenario[-1])).start()
        return self

    async def node(self, node_id: str, tmp: Path) -> NodeProcess:
        if self.redis is not None:
            return await NodeProcess.start(self.redis.url, tmp, node_id)
        assert self.replicated is not None
        return await NodeProcess.start("", tmp, node_id, sentinel=self.replicated.sentinel_addresses)

    def away(self) -> None:
        """kill -9 of Redis (of the primary, behind the Sentinels)."""
        (self.redis or self.replicated.primary).kill()  # type: ignore[union-attr]

    async def back(self, away_since: float) -> None:
        """Redis started again on its file; or a replica promoted (with one replica, the old primary started again
        too: until it replicates the new primary no move can be stored)."""
        if self.redis is not None:
            await asyncio.sleep(max(0.0, away_since + OUTAGE_S - time.monotonic()))  # (the outage, as long as asked)
            await asyncio.to_thread(self.redis.start)
            return
        assert self.replicated is not None
        await asyncio.to_thread(self.replicated.promoted)
        if len(self.replicated.replicas) == 1:
            await asyncio.to_thread(self.replicated.primary.start)

    def stop(self) -> None:
        if self.redis is not None:
            self.redis.stop()
        if self.replicated is not None:
            self.replicated.stop()


@pytest_asyncio.fixture(params=["restart", "failover-1", "failover-2"], loop_scope="session")  # (tests/web/conftest.py)
async def cluster(request: Any, tmp_path: Path) -> AsyncIterator[tuple[Store, NodeProcess, NodeProcess]]:
    (tmp_path / "redis").mkdir()
    store = await asyncio.to_thread(Store(request.param, tmp_path / "redis").start)
    started: list[NodeProcess] = []
    try:
        for node in await asyncio.gather(*(store.node(n, tmp_path) for n in ("a", "b")), return_exceptions=True):
            if not isinstance(node, NodeProcess):
                raise node
            started.append(node)
        yield store, started[0], started[1]
    finally:
        for node in started:
            await node.stop()
        await asyncio.to_thread(store.stop)


class Player(AsyncBot):
    """An SDK bot that plays a random legal move; at ply ``gate`` (if any) it waits for ``go`` first."""

    def __init__(self, gate: int | None = None) -> None:
        super().__init__()
        self.gate = gate
        self.waiting = asyncio.Event()  # it is to move at the gate
        self.go = asyncio.Event()

    async def decide(self, turn: Turn) -> str:
        if turn.ply == self.gate:
            self.waiting.set()
            await self.go.wait()
        assert turn.legal_moves
        return random.choice(turn.legal_moves)


async def _soon(what: str, check: Callable[[], Any], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def _record(node: NodeProcess, room: str) -> dict[str, Any]:
    reader = await Client.hello(node.url, "Reader")
    try:
        got = await reader.request(p.GetRecord(room=room), p.Record)
        return got.record
    finally:
        await reader.close()


def _held_through(record: dict[str, Any], away: float, back: float) -> dict[str, Any]:
    """The one move made while the store was away (sent before ``back``, stored after), checked: its player was
    charged at most the time the move took minus the time the store was away (wall clock, ``time.time()``)."""
    moves = record["moves"]
    assert [m["ply"] for m in moves] == list(range(len(moves))), "a move doubled or skipped"
    k = next(i for i, m in enumerate(moves) if m["at"] > away)
    made, before = moves[k], moves[k - 1]
    assert made["at"] > back, "a move was stored while the store was away"
    seat = made["seat"]
    charged = before["clocks"][seat] - made["clocks"][seat] + record["time_control"]["increment_s"]
    took = made["at"] - before["at"]
    assert charged <= took - (back - away) + 0.05, f"charged {charged:.2f} s of {took:.2f} s; away {back - away:.2f} s"
    return made


def _typing(app: Any) -> bool:
    """The game screen is up, with its move box (a loaded machine draws it a moment after the room comes)."""
    return bool(app.screen.query("#move"))


async def _to_the_end_in_the_terminal(pilot: Any) -> None:
    app = pilot.app
    while not room_of(app).is_over:
        room = room_of(app)
        if room.is_my_turn and room.legal_moves:
            ply = room.ply
            await type_move(pilot, room.legal_moves[0])
            await until(
                pilot, lambda ply=ply: room_of(app).ply > ply or room_of(app).is_over, "the move", timeout=END_S
            )
        else:
            await pilot.pause(0.05)


async def _to_the_end_in_the_page(page: Any) -> None:
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    while True:
        text = await page.locator("#room-status").inner_text()
        if " won" in text or text.startswith("draw"):  # ("Pia won: ...", the finished room's line)
            return
        if "your move" in text:
            buttons = page.locator("#board [data-move]")
            if await buttons.count():
                try:
                    await buttons.first.click(timeout=WAIT_MS / 5)
                except PlaywrightTimeout:
                    pass  # the board was drawn again without moves meanwhile (a move in flight, a failover): look again
        await asyncio.sleep(0.2)


async def test_every_client_plays_through_the_store_going_away(browser: Any, cluster: Any, caplog: Any) -> None:
    store, a, b = cluster
    caplog.set_level(logging.INFO, logger="grundy.sdk")
    done: list[Awaitable[Any]] = []

    # Two SDK bots, one on each node: Amy stops before her move at ply GATE.
    amy, ben = Player(gate=GATE), Player()
    amy_plays = asyncio.ensure_future(
        amy.play(a.url, "Amy", game="nim", params={"heaps": [5, 5, 5]}, time_control=CLOCK, vs="open")
    )
    await _soon("Amy's room", lambda: amy.tables)
    sdk_room = next(iter(amy.tables))
    ben_plays = asyncio.ensure_future(ben.play(b.url, "Ben", room=sdk_room))
    done += [amy_plays, ben_plays]

    # A person in a browser page on node b, against an SDK bot on node a: one move each before the outage.
    context, page, errors = await nim_room_in_a_page(browser, b, "Pia", "3,3", clock="600+5")
    lister = await Client.hello(a.url, "Lister")
    listed = await lister.request(p.ListRooms(game="nim", status="waiting"), p.Rooms)
    await lister.close()
    page_room = next(r.room for r in listed.rooms if any(s.player == "Pia" for s in r.seats))
    bob = Player()
    done.append(asyncio.ensure_future(bob.play(a.url, "Bob", room=page_room)))
    await status(page, "your move")
    await page.click('#board [data-move="1:1"]', timeout=WAIT_MS)
    await _soon("Bob's answer", lambda: page_room in bob.tables and bob.tables[page_room].ply >= 2)
    await status(page, "your move")
    await record_link_status(page)

    # A person in the terminal on node a, against a hosted bot.
    conn = Connection(a.url, "Tia", client="grundy-tui/test", backoff=Backoff(initial_s=0.05, max_s=0.5))
    app = GrundyApp(a.url, "Tia", game="nim", params={"heaps": "3,3"}, vs="bot:random", clock=CLOCK, connection=conn)
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot, lambda: app.room is not None and app.room.is_my_turn and _typing(app), "the turn", timeout=60
        )
        await type_move(pilot, "1:1")
        await until(pilot, lambda: room_of(app).ply == 2 and room_of(app).is_my_turn, "the bot's answer", timeout=60)
        tui_room = room_of(app).room
        await _soon("Amy at the gate", amy.waiting.is_set)

        # The store goes away; each of them moves meanwhile, once.
        away, away_since = time.time(), time.monotonic()
        store.away()
        tui_move = room_of(app).legal_moves[0]
        await type_move(pilot, tui_move)
        await page.click('#board [data-move$=":1"]', timeout=WAIT_MS)  # (one object: the game goes on after it)
        amy.go.set()
        await until(pilot, lambda: words.CATCHING_UP in app.messages, "the terminal catching up", timeout=60)
        await page.locator("#link-status", has_text="catching up").wait_for(timeout=60_000)
        await _soon("Amy catching up", lambda: any(words.CATCHING_UP in r.getMessage() for r in caplog.records))
        await store.back(away_since)
        back = time.time()

        # Every game reaches its end.
        await asyncio.wait_for(_to_the_end_in_the_terminal(pilot), END_S)
        await asyncio.wait_for(_to_the_end_in_the_page(page), END_S)
        results = await asyncio.wait_for(asyncio.gather(*done), END_S)
        tui_said = list(app.messages)
        tui_moves = [m.move for m in room_of(app).moves]

    # The terminal: said once, the move typed once stored once, nothing lost, no clock charged for the outage.
    assert tui_said.count(words.CATCHING_UP) == 1, tui_said
    assert any(m.startswith("the server caught up after") for m in tui_said), tui_said
    record = await _record(a, tui_room)
    assert [m["move"] for m in record["moves"]] == tui_moves and record["status"] == "finished"
    assert _held_through(record, away, back)["move"] == tui_move
    assert record["ending"] != "flag"

    # The page: the same.
    said = await page.evaluate("window.linkSaid")
    assert [s for s in said if "catching up" in s][:1] and len(
        {i for i, s in enumerate(said) if "catching up" in s and (i == 0 or said[i - 1] != s)}
    ) == 1, said
    assert await page.evaluate("document.getElementById('link-status').textContent") == ""
    record = await _record(b, page_room)
    assert record["status"] == "finished" and record["ending"] != "flag"
    assert [m["move"] for m in record["moves"]] == list(bob.results[0].moves)
    assert _held_through(record, away, back)["seat"] == 0  # (Pia's)
    assert errors == []
    await context.close()

    # The SDK bots: both saw the whole game, Amy's move made once, her clock not charged for the outage.
    record = await _record(b, sdk_room)
    assert record["status"] == "finished" and record["ending"] != "flag"
    for player in results[:2]:
        (game,) = player
        assert list(game.moves) == [m["move"] for m in record["moves"]] and not game.failure
    made = _held_through(record, away, back)
    assert made["ply"] == GATE and made["seat"] == 0
    # Each node that held its rooms' clocks let them run again (else no flag would ever fall again).
    for node in (a, b):
        log = node.log.read_text()
        assert log.count("rooms held: moves cannot be stored") == log.count("rooms run on") >= 1, log
    said_amy = [
        r.getMessage() for r in caplog.records if words.CATCHING_UP in r.getMessage() and "Amy" in r.getMessage()
    ]
    assert len(said_amy) == 1, said_amy
