"""The pygame lobby's tournaments page against a real node (dummy video driver): the list, a tournament's
standings moving live as its games end, entering and withdrawing, watching one of its games; and a challenge
received in the lobby, declined or accepted."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from grundy import protocol as p  # noqa: E402
from grundy.client import gui  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.client.gui.board import CELL  # noqa: E402
from grundy.client.gui.lobby import SELECTED  # noqa: E402
from grundy.server.node import Node  # noqa: E402
from tests.client.test_gui import click, colour_at, drawn_again, key, until  # noqa: E402
from tests.client.test_tui import SCREENSHOTS  # noqa: E402
from tests.client.test_tui_tournaments import resign_each_game  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402

NIM = {"heaps": [1, 2]}


async def test_the_lobby_lists_tournaments_and_shows_standings_live(node: Node, tmp_path: Path) -> None:
    shot = tmp_path / "tournaments.png"
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Ann") as ann:
        made = await bob.request(
            p.CreateTournament(name="bot cup", game="nim", params=NIM, bots=["random", "easy"], rated=False)
        )
        assert isinstance(made, p.TournamentState)
        tid = made.tournament.tournament
        await bob.request(p.EnterTournament(tournament=tid))
        app = gui.GuiApp(ann, screenshot=str(shot))
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "create" in app.board.keys(), "the lobby")
        key(pygame.K_F8)  # the tournaments page
        await until(lambda: app.board is not None and f"tournament {tid}" in app.board.keys(), "the tournament listed")
        assert app.lobby.tournaments[0].name == "bot cup" and app.lobby.tournament is None
        key(pygame.K_DOWN)
        key(pygame.K_RETURN, "\r")  # opens the chosen one: its standings beside the list
        await until(lambda: app.lobby.tournament is not None and "button tenter" in app.board.keys(), "the standings")
        assert app.board is not None and {"standing 1", "standing 2", "standing 3"} <= set(app.board.keys())
        row = app.board.rect_of(f"tournament {tid}")
        assert colour_at(app_screen(), (row.x + 4, row.centery)) == SELECTED  # the opened one is marked

        key(pygame.K_e, "e")  # Ann enters; the button turns into Withdraw
        await until(lambda: "button twithdraw" in app.board.keys(), "Ann entered")
        assert app.lobby.tournament is not None and len(app.lobby.tournament.standings) == 4
        click(app.board.center("button twithdraw"))
        await until(lambda: "button tenter" in app.board.keys(), "Ann withdrew")
        assert app.lobby.tournament is not None and len(app.lobby.tournament.standings) == 3

        seen: list[float] = []  # the points of every state the page was given
        shown = app.lobby.show_tournament

        def spy(state: p.TournamentState) -> None:
            shown(state)
            seen.append(sum(s.points for s in state.standings))

        app.lobby.show_tournament = spy  # type: ignore[method-assign]

        def finished() -> bool:
            return app.lobby.tournament is not None and app.lobby.tournament.tournament.status == "finished"

        resigner = asyncio.create_task(resign_each_game(bob, 0.3))  # Bob's games end one by one
        try:
            await bob.request(p.StartTournament(tournament=tid))
            await until(finished, "the standings of the finished tournament", timeout=30)
        finally:
            resigner.cancel()
        assert sum(s.points for s in app.lobby.tournament.standings) == 3.0
        assert any(0 < x < 3 for x in seen), seen  # the table moved game by game
        assert app.lobby.tournaments[0].status == "finished"  # the list row too
        await until(lambda: any(k.startswith("game 3.") for k in app.board.keys()), "the last round drawn")
        assert "button tenter" not in app.board.keys()  # entries are closed: no button
        await drawn_again(app)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    picture = pygame.image.load(str(shot))
    board = app.board
    assert board is not None
    assert colour_at(picture, board.center(f"tournament {tid}")) in (SELECTED, CELL)
    if os.environ.get("GRUNDY_SCREENSHOTS"):  # GRUNDY_SCREENSHOTS=1 pytest ... rewrites the README picture
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(SCREENSHOTS / "pygame-tournament.png"))


async def test_a_game_of_a_tournament_is_watched_from_the_page_and_the_lobby_comes_back_to_it(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Eve") as eve:
        made = await bob.request(p.CreateTournament(game="nim", params={"heaps": [5, 6, 7]}, bots=["random"]))
        assert isinstance(made, p.TournamentState)
        tid = made.tournament.tournament
        await bob.request(p.EnterTournament(tournament=tid))
        await bob.request(p.StartTournament(tournament=tid))
        app = gui.GuiApp(eve)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "create" in app.board.keys(), "the lobby")
        key(pygame.K_F8)
        await until(lambda: app.board is not None and f"tournament {tid}" in app.board.keys(), "the list")
        click(app.board.center(f"tournament {tid}"))
        await until(lambda: app.board is not None and "game 1.1.1" in app.board.keys(), "the round's game")
        room = app.board.move_at(app.board.center("game 1.1.1"), 1)
        assert room is not None and room.startswith("watch r-")
        click(app.board.center("game 1.1.1"))
        await until(lambda: app.table.room == room.split()[1] and app.drawn is not None, "watching the game")
        assert app.table.you is None and "Bob" in app.table.names()
        key(pygame.K_F7)  # back: the tournaments page, the tournament still open on it
        await until(lambda: app.in_lobby and app.board is not None and "game 1.1.1" in app.board.keys(), "the page")
        assert app.lobby.page == "tournaments"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


def app_screen() -> pygame.Surface:
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


async def test_a_challenge_received_in_the_lobby_is_asked_about_and_accepted_or_declined(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Ann") as ann:
        app = gui.GuiApp(ann)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "create" in app.board.keys(), "the lobby")
        assert ann.session is not None
        await bob.request(p.Challenge(to=ann.session, game="nim", params={"heaps": [3]}))
        await until(lambda: app.question is not None and "button yes" in app.panel.keys(), "the question")
        assert app.question.startswith("Bob challenges you to Nim 3, untimed.")
        key(pygame.K_n, "n")
        declined = await bob.wait_for(lambda e: isinstance(e, p.ChallengeDeclined), timeout=10)
        assert isinstance(declined, p.ChallengeDeclined) and declined.player == "Ann"
        await until(lambda: "you declined Bob's challenge" in app.table.log, "Ann's side, in words")

        made = await bob.request(p.Challenge(to=ann.session, game="nim", params={"heaps": [2, 2]}))
        assert isinstance(made, p.RoomCreated)
        await until(lambda: app.question is not None and "button yes" in app.panel.keys(), "the second question")
        click(app.panel.center("button yes"))  # Accept
        await until(lambda: app.table.room == made.room and app.table.status == "playing", "the accepted game")
        assert app.table.you == 1 and app.table.seat_name(0) == "Bob" and app.question is None
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
