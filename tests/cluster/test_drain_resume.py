"""`grundy admin drain NODE` with a program on the drained node: it resumes on another node by itself.

Two `grundy serve --redis` processes; a bot written with the SDK (the same connection as the terminal and
pygame clients) is given both nodes (``--server A,B``: it links to the first; tests/cluster/
test_client_failover.py shows a client told of the others by ``welcome.nodes`` alone).  Its room runs on
the first node; the opponent is on the second.  The first node is
drained mid-game: the bot's link closes (going away), the bot resumes its session on the second node, the
room goes on there, and the bot plays its next move and finishes the game.
"""

from __future__ import annotations

import asyncio

import pytest

from grundy import protocol as p
from grundy.client.sdk import Bot, Turn
from tests.cluster.test_admin_drain import SECRET, _admin
from tests.server.e2e.wsclient import Client


class FirstMove(Bot):
    """Plays the first legal move."""

    def choose(self, view: Turn) -> str:
        assert view.legal_moves
        return view.legal_moves[0]


async def test_a_bot_on_a_drained_node_resumes_on_another_and_the_game_goes_on(nodes, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GRUNDY_ADMIN_SECRET", SECRET)  # (the nodes' environment)
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    bot = FirstMove()
    game = {"game": "nim", "params": {"heaps": [3, 4, 5]}, "vs": "open"}
    playing = asyncio.create_task(bot.play([one.url, two.url], "Sdk", **game))  # type: ignore[arg-type]
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

        code, out, err = await _admin("drain", one.url, secret=SECRET)
        assert code == 0, err
        assert "1 rooms handed over" in out

        await bob.send(p.Move(room=room, ply=1, move="3:1"))
        await bob.expect(p.MoveMade, ply=1, timeout=15)
        answer = await bob.expect(p.MoveMade, ply=2, timeout=15)  # the bot, resumed on n2, plays on
        assert answer.seat == 0
        assert bot.conn.node_url == two.url and bot.conn.reconnects >= 1
        await bob.request(p.Resign(room=room), p.GameOver)
        results = await asyncio.wait_for(playing, 15)
        assert [(r.room, r.outcome) for r in results] == [(room, "win")]
    finally:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        await bob.close()
