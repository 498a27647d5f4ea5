"""A player's finished games in the terminal client (the lobby's Games tab, F10) against a real node: newest first,
a page at a time, each opened as a finished game (board, result, moves) however long ago it ended."""

from __future__ import annotations

import os

from textual.widgets import DataTable, Input

from grundy import protocol as p
from grundy.client import player_games as pg
from grundy.client.connection import Connection
from grundy.client.tui import GrundyApp
from grundy.client.tui.app import GameScreen, screen_text
from grundy.server.node import Node
from tests.client.test_tui import SCREENSHOTS, SIZE, focus, room_of, shown, until
from tests.server.e2e.conftest import url
from tests.server.e2e.test_node_players import register


async def won_games(node: Node, name: str, secret: str, n: int) -> list[str]:
    """``n`` one-move nim games ``name`` wins against a hosted bot, in order; their rooms."""
    rooms = []
    async with Connection(url(node), name, secret=secret) as conn:
        for _ in range(n):
            seats = [p.SeatRequest(), p.SeatRequest(kind="bot", level="random")]
            created = await conn.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seats=seats, seat=0))
            assert isinstance(created, p.RoomCreated)
            await conn.wait_for(lambda e, r=created.room: isinstance(e, p.RoomState) and e.room == r, 10)
            await conn.request(p.Move(room=created.room, ply=0, move="1:1"))
            await conn.wait_for(lambda e, r=created.room: isinstance(e, p.GameOver) and e.room == r, 10)
            rooms.append(created.room)
    for each in (node,):
        await each.background.drain()  # (each game is in its players' lists once its end is written)
    return rooms


async def test_the_games_tab_lists_a_players_games_by_pages_and_opens_one(node: Node) -> None:
    rooms = await won_games(node, "Ann", await register(node, "Ann"), pg.PAGE + 2)
    app = GrundyApp(url(node), "Cy")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the lobby")
        await pilot.press("f10")
        box = app.screen.query_one("#pg-name", Input)
        await until(pilot, lambda: box.has_focus, "the games tab")
        box.value = "ann"
        await pilot.press("enter")
        table = app.screen.query_one("#player-games", DataTable)
        await until(pilot, lambda: table.row_count == pg.PAGE, "the first page")
        # (the rows drawn: the table's columns are as wide as their heads until the screen is laid out again)
        await shown(pilot, f"Ann: games 1-{pg.PAGE} of {pg.PAGE + 2} (newest first)", "Ann vs bot (random)", "won")
        first = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        assert first == rooms[-1]  # newest first
        shot, svg = screen_text(app), app.export_screenshot(title="grundy play: a player's games (F10)")
        await pilot.press("right_square_bracket")  # older
        await until(pilot, lambda: table.row_count == 2, "the second page")
        await shown(pilot, f"Ann: games {pg.PAGE + 1}-{pg.PAGE + 2} of {pg.PAGE + 2}")
        keys = [str(table.coordinate_to_cell_key((i, 0)).row_key.value) for i in range(2)]
        assert keys == [rooms[1], rooms[0]]
        await pilot.press("enter")  # the game under the cursor opens: the oldest one
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the finished game")
        room = room_of(app)
        assert room.room == rooms[1] and room.is_over and room.you is None
        await shown(pilot, "Ann won")
        await pilot.press("f7")
        await until(pilot, lambda: app.screen is app.lobby, "back to the lobby")
        box.value = "nobody-here"
        await focus(pilot, box)
        await pilot.press("enter")
        await until(pilot, lambda: "unknown_player" in app.last_error, "the refusal")
    lines = shot.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    if os.environ.get("GRUNDY_SCREENSHOTS"):  # GRUNDY_SCREENSHOTS=1 pytest ... rewrites the README picture
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / "tui-games.txt").write_text(f"{shot}\n", encoding="utf-8")
        (SCREENSHOTS / "tui-games.svg").write_text(svg, encoding="utf-8")
