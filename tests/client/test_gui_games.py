"""A player's finished games in the pygame window (the lobby's games page, F10) against a real node: one's own
games first, newest first, a page at a time (PgDn), each opened as a finished game by Enter or its Open button."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402

import pygame  # noqa: E402

from grundy.client import gui  # noqa: E402
from grundy.client import player_games as pg  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.server.node import Node  # noqa: E402
from tests.client.test_gui import click, drawn_again, key, until  # noqa: E402
from tests.client.test_player_games import won_games  # noqa: E402
from tests.client.test_tui import SCREENSHOTS  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402
from tests.server.e2e.test_node_players import register  # noqa: E402


async def test_the_games_page_lists_ones_own_games_by_pages_and_opens_one(node: Node) -> None:
    secret = await register(node, "Ann")
    rooms = await won_games(node, "Ann", secret, pg.PAGE + 1)
    async with Connection(url(node), "Ann", secret=secret) as ann:
        app = gui.GuiApp(ann)
        await app.open_room(game=None, params={}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "game nim" in app.board.keys(), "the lobby")
        key(pygame.K_F10)
        await until(lambda: app.lobby.player_games is not None, "Ann's games")
        listed = app.lobby.player_games
        assert listed is not None and listed.name == "Ann" and listed.total == pg.PAGE + 1
        assert [g.room for g in listed.games] == rooms[::-1][: pg.PAGE]
        await until(lambda: app.board is not None and f"watch {rooms[-1]}" in app.board.keys(), "the rows")
        await drawn_again(app)  # (a frame drawn with the rows)
        shot = pygame.display.get_surface().copy()
        key(pygame.K_PAGEDOWN)  # the older page: the first game
        await until(lambda: app.lobby.player_games is not None and app.lobby.player_games.offset == pg.PAGE, "page 2")
        assert [g.room for g in app.lobby.player_games.games] == [rooms[0]]
        await until(lambda: app.board is not None and f"watch {rooms[0]}" in app.board.keys(), "its Open button")
        click(app.board.center(f"watch {rooms[0]}"))
        await until(lambda: app.table.room == rooms[0] and app.table.is_over, "the finished game")
        assert app.table.you == 0  # (her own game: her seat)
        assert app.table.result is not None and app.table.result.outcomes == ["win", "loss"]
        key(pygame.K_F7)  # back to the lobby: the games page, as it was
        await until(lambda: app.table.room is None and app.lobby.page == "games", "the games page again")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    if os.environ.get("GRUNDY_SCREENSHOTS"):  # GRUNDY_SCREENSHOTS=1 pytest ... rewrites the README picture
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shot, str(SCREENSHOTS / "pygame-games.png"))
