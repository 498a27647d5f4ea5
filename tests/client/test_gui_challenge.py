"""The pygame lobby's players page against a real node (dummy video driver): who is online, and a challenge
sent from the dialog beside the list to another pygame client, who declines it (said in words) and then
accepts it (both in the game); a rated challenge from a guest is refused in words, and an unanswered one
lapses in words."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402

import pygame  # noqa: E402

from grundy import protocol as p  # noqa: E402
from grundy.client import gui  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.server.node import Node  # noqa: E402
from tests.client.test_gui import click, drawn_again, key, type_text, until  # noqa: E402
from tests.client.test_tui import SCREENSHOTS  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402
from tests.server.e2e.wsclient import NodeFactory  # noqa: E402


async def test_a_player_is_challenged_from_the_players_page_declines_then_accepts(node: Node) -> None:
    async with Connection(url(node), "Ann") as ann, Connection(url(node), "Bob") as bob:
        app = gui.GuiApp(ann)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        other = gui.GuiApp(bob)  # a second pygame client: its own event reader, answering by its keys
        await other.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        reader = asyncio.create_task(other._read_events())
        window = asyncio.create_task(app.run())
        try:
            await until(lambda: app.board is not None and "create" in app.board.keys(), "the lobby")
            key(pygame.K_F9)  # the players page
            assert bob.session is not None and ann.session is not None
            await until(lambda: f"player {bob.session}" in app.board.keys(), "Bob listed")
            assert f"player {ann.session}" in app.board.keys()  # (you, marked)
            click(app.board.center(f"player {bob.session}"))
            await until(lambda: "challenge" in app.board.keys(), "the challenge dialog")
            click(app.board.center("game nim"))
            await until(lambda: app.lobby.game == "nim", "nim chosen")
            click(app.board.center("field params"))
            await until(lambda: app.lobby.editing == "params", "editing the parameters")
            app.lobby.params = ""
            type_text("heaps=3,4")
            key(pygame.K_TAB)  # on to the clock
            type_text("5+2")
            key(pygame.K_ESCAPE)
            key(pygame.K_r, "r")  # rated, as a guest: refused in words, nothing sent
            await until(lambda: app.lobby.rated, "rated ticked")
            key(pygame.K_RETURN, "\r")
            await until(lambda: "rated games are for registered players" in app.table.message, "the refusal")
            assert app.table.room is None and not other.challenges.incoming and other.question is None
            key(pygame.K_r, "r")
            click(app.board.center("challenge"))
            await until(lambda: other.question is not None, "Bob asked")
            assert other.question.startswith("Ann challenges you to Nim 3, 4, 5+2.")
            await until(lambda: app.table.status == "waiting", "Ann's window on the challenge's room")
            # the room's first state may reach the window before the reply that names the room
            await until(lambda: app.challenges.waiting_for(app.table.room) == "Bob",
                        "the room known as Bob's challenge")  # fmt: skip
            other.key(pygame.K_n, "n")  # Bob declines
            await until(lambda: "Bob declined your challenge" in app.table.log, "the decline, in words")
            assert app.in_lobby and app.table.room is None and app.lobby.page == "players"
            await until(lambda: "challenge" in app.board.keys(), "the dialog again")
            await drawn_again(app)
            shot = pygame.display.get_surface().copy()

            key(pygame.K_RETURN, "\r")  # again, the same settings; this time Bob accepts
            await until(lambda: other.question is not None, "Bob asked again")
            other.key(pygame.K_y, "y")
            await until(lambda: app.table.status == "playing" and other.table.status == "playing", "both in the game")
            assert app.table.room == other.table.room and app.table.game == "nim"
            assert (app.table.you, other.table.you) == (0, 1)
            assert app.table.time_control == p.TimeControl(initial_s=300, increment_s=2)
            assert app.table.seat_name(1) == "Bob" and other.table.seat_name(0) == "Ann"
            await until(lambda: app.drawn == (app.table.room, 0), "the board in Ann's window")
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            assert await asyncio.wait_for(window, 10) == 0
            reader.cancel()
    if os.environ.get("GRUNDY_SCREENSHOTS"):  # GRUNDY_SCREENSHOTS=1 pytest ... rewrites the README picture
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shot, str(SCREENSHOTS / "pygame-challenge.png"))


async def test_a_challenge_nobody_answers_lapses_in_words(make_node: NodeFactory) -> None:
    """(Ann is registered here: her rated challenge of a three-seat game is refused in words.)"""
    node = await make_node(challenge_ttl_s=1.0)
    async with Connection(url(node), "Reg") as c:
        secret = (await c.request(p.Register(name="Ann"))).secret
    async with Connection(url(node), "Ann", secret=secret) as ann, Connection(url(node), "Cy") as cy:
        app = gui.GuiApp(ann)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        try:
            await until(lambda: app.board is not None and "create" in app.board.keys(), "the lobby")
            key(pygame.K_F9)
            await until(lambda: f"player {cy.session}" in app.board.keys(), "Cy listed")
            app.lobby.choose_player(cy.session or "")
            app.lobby.choose_game("mnk")
            app.lobby.params, app.lobby.rated = "players=3", True
            key(pygame.K_RETURN, "\r")
            three = "mnk with these settings has 3 seats; a rated game has two"
            await until(lambda: three in app.table.message, "the refusal of a rated three-seat game")
            assert app.table.room is None and not cy.pending_events()
            app.lobby.choose_game("tictactoe")
            app.lobby.rated = False
            key(pygame.K_RETURN, "\r")
            await cy.wait_for(lambda e: isinstance(e, p.Challenged), timeout=10)  # Cy says nothing
            await until(lambda: "Cy did not answer your challenge in time" in app.table.log, "the lapse, in words")
            assert app.in_lobby and app.table.room is None
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            assert await asyncio.wait_for(window, 10) == 0


async def test_a_challenge_answered_on_another_device_leaves_the_question(node: Node) -> None:
    from tests.server.e2e.test_node_players import register

    secret = await register(node, "Bob")
    async with (
        Connection(url(node), "Ann") as ann,
        Connection(url(node), "Bob", secret=secret) as bob,
        Connection(url(node), "Bob", secret=secret) as phone,
    ):
        other = gui.GuiApp(bob)  # Bob's pygame window; his phone answers first
        await other.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        reader = asyncio.create_task(other._read_events())
        try:
            assert bob.session is not None
            made = await ann.request(p.Challenge(to=bob.session, game="nim", params={"heaps": [3]}))
            assert isinstance(made, p.RoomCreated)
            await until(lambda: other.question is not None, "Bob asked in the window")
            told = await phone.wait_for(lambda e: isinstance(e, p.Challenged), timeout=10)
            assert isinstance(told, p.Challenged) and told.room == made.room
            await phone.request(p.AcceptChallenge(room=made.room))
            words = "Ann's challenge was accepted on another of your devices"
            await until(lambda: words in other.table.message, "said in words in the window")
            assert other.question is None and other.challenge is None and not other.challenges.incoming
        finally:
            reader.cancel()
