"""`grundy admin drain NODE` with a program on the drained node: it resumes on another node by itself.

Two `grundy serve --redis` processes; a bot written with the SDK (the same connection as the terminal and
pygame clients) is given the first node only and learns of the second from its welcome
(``welcome.nodes``).  Its room runs on the first node; the opponent is on the second.  The first node is
drained mid-game: the bot's link closes (going away), the bot resumes its session on the second node, the
room goes on there, and the bot plays its next move and finishes the game.
"""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from grundy import protocol as p
from grundy.client.connection import Connection, LinkDown, Moved
from grundy.client.sdk import Bot, Turn
from tests.cluster.test_admin_drain import SECRET, _admin
from tests.cluster.test_client_failover import _knows
from tests.server.e2e.wsclient import Client


class FirstMove(Bot):
    """Plays the first legal move."""

    def choose(self, view: Turn) -> str:
        assert view.legal_moves
        return view.legal_moves[0]


async def test_a_bot_on_a_drained_node_resumes_on_another_and_the_game_goes_on(nodes, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GRUNDY_ADMIN_SECRET", SECRET)  # (the nodes' environment)
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    await _knows(one, two)  # (nodes read each other's addresses every 2 s)
    bot = FirstMove()
    game = {"game": "nim", "params": {"heaps": [3, 4, 5]}, "vs": "open"}
    playing = asyncio.create_task(bot.play(one.url, "Sdk", **game))  # type: ignore[arg-type]
    bob = await Client.hello(two.url, "Bob")
    try:
        room = None
        for _ in range(100):  # the bot's open room, seen from the other node
            rooms = await bob.request(p.ListRooms(game="nim"), p.Rooms)
            room = next((r.room for r in rooms.rooms if r.status == "waiting"), None)
            if room is not None:
                break
            await asyncio.sleep(0.05)
        assert room is not None, "the bot's room was never listed"
        await bob.request(p.Join(room=room), p.RoomState)
        first = await bob.expect(p.MoveMade, ply=0, timeout=15)  # the bot opens
        assert first.seat == 0 and bot.conn is not None and bot.conn.node_url == one.url
        assert bot.conn.urls == [one.url] and two.url in bot.conn.welcome.nodes  # (told by n1, not by us)

        code, out, err = await _admin("drain", one.url, secret=SECRET)
        assert code == 0, err
        assert "1 room handed over" in out

        deadline = time.monotonic() + 20
        while True:  # (while the room is handed over a move may be refused: sent again)
            try:
                await bob.request(p.Move(room=room, ply=1, move="3:1"), p.MoveMade)
                break
            except AssertionError:
                assert time.monotonic() < deadline, "the room never came to n2"
                await asyncio.sleep(0.2)
        answer = await bob.expect(p.MoveMade, ply=2, timeout=15)  # the bot plays on (through n1 or from n2)
        assert answer.seat == 0
        for _ in range(200):  # (it moves to n2 at a random moment of the first 2 s)
            if bot.conn.node_url == two.url:
                break
            await asyncio.sleep(0.05)
        assert bot.conn.node_url == two.url and (bot.conn.moves, bot.conn.reconnects) == (1, 0)
        await bob.request(p.Resign(room=room), p.GameOver)
        results = await asyncio.wait_for(playing, 15)
        assert [(r.room, r.outcome) for r in results] == [(room, "win")]
    finally:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        await bob.close()


async def test_a_player_on_a_stopping_node_moves_to_another_without_a_break(nodes) -> None:
    """SIGTERM to the node a player (the terminal and pygame clients' connection) is on, no load balancer: the
    room is handed over first, the node then tells its clients where the other nodes are (``node_leaving``)
    and carries their requests meanwhile; the player's connection resumes on the other node and drops the
    old link itself, so it never sees a lost link and its next move is simply answered."""
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    await _knows(one, two)
    ann = Connection(one.url, "Ann", reconnect=True)
    bob = Connection(two.url, "Bob")
    await ann.connect()
    await bob.connect()
    try:
        created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [5, 5]}, seat=0))
        assert isinstance(created, p.RoomCreated)
        room = created.room
        await bob.request(p.Join(room=room))
        await ann.request(p.Move(room=room, ply=0, move="1:1"))
        await bob.request(p.Move(room=room, ply=1, move="2:1"))
        assert ann.node_url == one.url
        ann.pending_events()
        bob.pending_events()

        one.proc.send_signal(signal.SIGTERM)
        heard: list[object] = []  # (what Ann hears until she has moved)
        moved = await ann.wait_for(lambda e: heard.append(e) or isinstance(e, (Moved, LinkDown)), timeout=20)
        assert isinstance(moved, Moved), f"the link dropped instead: {moved}"
        assert (moved.old_url, moved.new_url, ann.node_url) == (one.url, two.url, two.url)
        assert moved.welcome.resumed and room in moved.welcome.rooms
        made = await ann.request(p.Move(room=room, ply=2, move="1:1"))
        assert isinstance(made, p.MoveMade) and made.ply == 2
        assert await asyncio.wait_for(one.proc.wait(), 30) == 0
        log = one.log.read_text()
        assert "told to move to" in log and "0 still here" in log, log
        await bob.request(p.Move(room=room, ply=3, move="2:1"))
        state = await ann.request(p.GetState(room=room))
        assert isinstance(state, p.RoomState)
        assert (state.ply, state.view["heaps"], [m.move for m in state.moves]) == (4, [3, 3], ["1:1", "2:1"] * 2)
        assert (ann.moves, ann.reconnects) == (1, 0)
        heard += ann.pending_events()
        assert not any(isinstance(e, LinkDown) for e in heard)
        # Nobody left, so nobody is announced back (the room taken over wakes its players without a word).
        said = [e for e in (*heard, *bob.pending_events()) if isinstance(e, p.PlayerStatus)]
        assert said == [], said
    finally:
        await ann.close()
        await bob.close()


async def test_rooms_handed_over_in_waves_while_played_refuse_no_move_and_lose_none(nodes) -> None:
    """SIGTERM to a node running 60 rooms being played (more than one wave of HAND_OVER_WAVE), one player of
    each on either node, every player moving as soon as it is its turn: the rooms go to the other node wave
    by wave while the later ones play on, and every move sent is answered as made (none refused, none
    unanswered: a request for a room between two nodes waits for its new node), and every room's record
    holds every move."""
    from grundy.server.lifecycle import HAND_OVER_WAVE

    rooms_n = 60
    assert rooms_n > HAND_OVER_WAVE
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    await _knows(one, two)
    pairs: list[tuple[Connection, Connection, str]] = []
    try:
        for i in range(rooms_n):
            a, b = Connection(one.url, f"A{i}"), Connection(two.url, f"B{i}")
            await a.connect()
            await b.connect()
            pairs.append((a, b, ""))
            created = await a.request(p.CreateRoom(game="subtraction", params={"n": 10_000, "take": [1, 2]}, seat=0))
            assert isinstance(created, p.RoomCreated)
            await b.request(p.Join(room=created.room))
            pairs[-1] = (a, b, created.room)
        made: dict[str, int] = {}
        stop = asyncio.Event()

        async def play(a: Connection, b: Connection, room: str) -> None:
            ply = 0
            while not stop.is_set():
                reply = await (a, b)[ply % 2].request(p.Move(room=room, ply=ply, move="1"), timeout=20)
                assert isinstance(reply, p.MoveMade) and reply.ply == ply, reply
                ply += 1
                made[room] = ply
                await asyncio.sleep(0.02)

        players = [asyncio.create_task(play(*pair)) for pair in pairs]
        await asyncio.sleep(1.0)
        one.proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(one.proc.wait(), 60) == 0
        await asyncio.sleep(1.0)  # (and on: every room runs on n2 now)
        stop.set()
        await asyncio.gather(*players)  # (a refusal or a lost answer fails its player)
        log = one.log.read_text()
        assert f"{rooms_n} rooms handed over in 2 waves ({rooms_n} played)" in log, log
        for a, _, room in pairs:
            state = await a.request(p.GetState(room=room))
            assert isinstance(state, p.RoomState)
            assert state.ply == made[room] and [m.ply for m in state.moves] == list(range(made[room]))
        assert all(a.moves == 1 and a.reconnects == 0 for a, _, _ in pairs)
    finally:
        for a, b, _ in pairs:
            await a.close()
            await b.close()
