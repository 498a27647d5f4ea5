"""The terminal lobby's tournaments and players against a real node: the list, a tournament's live standings,
entering and withdrawing, watching a tournament game, the players online, challenges sent and received."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from textual.widgets import DataTable

from grundy import protocol as p
from grundy.client import tournament_view as tv
from grundy.client.connection import Connection
from grundy.client.ratings_view import format_change, format_rating, format_ratings, player_ratings
from grundy.client.tui import GrundyApp
from grundy.client.tui.app import GameScreen, LobbyScreen, screen_text
from grundy.client.tui.players import ChallengePrompt, ChallengeScreen
from grundy.client.tui.tournaments import NewTournamentScreen, TournamentScreen
from grundy.server.node import Node
from tests.client.test_tui import SCREENSHOTS, SIZE, until
from tests.server.e2e.conftest import url
from tests.server.e2e.test_node_players import register

NIM = {"heaps": [1, 2]}


def rows(app: GrundyApp, table: str) -> list[list[str]]:
    """The cells of a table on the current screen, as text."""
    found = app.screen.query(table)
    if not found:
        return []  # not on this screen (or not composed yet)
    t = found.only_one(DataTable)
    return [[str(c) for c in t.get_row_at(i)] for i in range(t.row_count)]


async def made(conn: Connection, **fields: object) -> p.TournamentState:
    state = await conn.request(p.CreateTournament(**fields))  # type: ignore[arg-type]
    assert isinstance(state, p.TournamentState)
    return state


def test_ratings_are_shown_as_numbers_today_and_with_their_deviation_tomorrow() -> None:
    assert format_rating(1523.4) == "1523" and format_rating(1500) == "1500"
    assert format_rating({"rating": 1523.4, "rd": 70.2, "provisional": True}) == "1523? ± 140"
    assert format_rating({"rating": 1490, "rd": 45, "provisional": False}) == "1490 ± 90"
    assert format_rating(None) == "-" and format_rating({"rd": 30}) == "-" and format_rating(float("nan")) == "-"
    assert format_rating(True) == "-"  # a flag is not a rating
    assert format_change(12.4) == "+12" and format_change(-7) == "-7" and format_change(0.2) == "0"
    ratings = {"nim": 1523.4, "mnk": {"rating": 1490, "rd": 45, "provisional": True}, "coins": 1400, "pawn": 1}
    assert format_ratings(ratings) == "coins 1400, mnk 1490? ± 90, nim 1523 +1"
    assert format_ratings({}) == "-"

    class Info:  # a rating sent in full, as an object with fields
        rating, rd, provisional = 1623.0, 47.0, False

    class Listed:
        ratings = {"gomoku": 1623.0}
        rating_info = {"gomoku": Info()}

    assert format_ratings(player_ratings(Listed())) == "gomoku 1623 ± 94"
    bare = p.PlayerInfo(session="s-1", name="Ann", kind="human", ratings={"nim": 1512.3})
    assert format_ratings(player_ratings(bare)) == "nim 1512"


async def test_the_tournament_list_shows_one_made_elsewhere_and_entering_and_withdrawing_work(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob:
        state = await made(bob, name="Bob's cup", game="nim", params=NIM, bots=["random"])
        tid = state.tournament.tournament
        app = GrundyApp(url(node), "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_up and app.games, "the lobby")
            await pilot.press("f8")
            await until(pilot, lambda: rows(app, "#tournaments"), "the tournament list")
            assert rows(app, "#tournaments")[0][:4] == ["open", "Bob's cup", "nim", "round-robin"]
            drawn = ("f2 new tournament", "Bob's cup", "f6 open")
            await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the tab's keys")
            await pilot.press("enter")  # opens the chosen tournament
            await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and rows(app, "#standings"),
                        "the tournament's view")  # fmt: skip
            await until(pilot, lambda: "Bob's cup · open" in screen_text(app), "the title")
            details = "nim heaps=1,2 misere=false · round-robin · 1 entrants · rated · untimed"
            await until(pilot, lambda: details in screen_text(app), "what is played")
            assert [r[1] for r in rows(app, "#standings")] == ["bot (random)"]
            await until(pilot, lambda: "f2 enter" in screen_text(app), "the key to enter")
            assert "f3 withdraw" not in screen_text(app)

            await pilot.press("f2")
            await until(pilot, lambda: len(rows(app, "#standings")) == 2, "Ann entered")
            assert "Ann" in [r[1] for r in rows(app, "#standings")] and "you have entered" in app.last_message
            await until(pilot, lambda: "f3 withdraw" in screen_text(app), "the key to withdraw")
            assert "f2 enter" not in screen_text(app)
            await pilot.press("f3")  # before the start: the entry is simply removed
            await until(pilot, lambda: len(rows(app, "#standings")) == 1, "Ann withdrew")
            assert "you have withdrawn" in app.last_message

            await bob.request(p.EnterTournament(tournament=tid))
            await until(pilot, lambda: len(rows(app, "#standings")) == 2, "Bob's entry pushed to the watcher")
            await bob.request(p.StartTournament(tournament=tid))
            await until(pilot, lambda: "running" in screen_text(app), "the start pushed")
            await until(pilot, lambda: "f2 enter" not in screen_text(app), "entries closed: the key gone")
            screen = app.screen
            assert isinstance(screen, TournamentScreen)
            screen.action_enter()  # asked all the same (a view a moment old): the refusal in words
            await until(pilot, lambda: "cannot enter" in app.last_error, "the refusal")
            assert "cannot enter: entries are closed" in app.last_error
            await until(pilot, lambda: "cannot enter: entries are closed" in screen_text(app), "the refusal shown")

            await pilot.press("escape")  # back to the lobby's list
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: rows(app, "#tournaments")[0][0] == "running", "the list, refreshed")


async def resign_each_game(conn: Connection, after_s: float) -> None:
    """Resign every game ``conn`` is seated in, ``after_s`` seconds after it starts (runs until cancelled).

    The server sends a tournament's watchers its state at most every 0.1 s, so games that last
    this long are seen ending one by one."""
    done: set[str] = set()
    while True:
        event = await conn.next_event()
        if isinstance(event, p.RoomState) and event.you is not None and event.status == "playing":
            if event.room not in done:
                done.add(event.room)
                await asyncio.sleep(after_s)
                await conn.request(p.Resign(room=event.room))


async def test_the_standings_move_live_as_the_games_end(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob:
        state = await made(bob, name="bot cup", game="nim", params=NIM, bots=["random", "easy"], rated=False)
        tid = state.tournament.tournament
        await bob.request(p.EnterTournament(tournament=tid))
        app = GrundyApp(url(node), "Ann")
        seen: list[p.TournamentState] = []
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_up and app.games, "the lobby")
            app.open_tournament(tid)
            await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and rows(app, "#standings"),
                        "the tournament's view")  # fmt: skip
            screen = app.screen
            assert isinstance(screen, TournamentScreen)
            shown = screen.show

            def spy(s: p.TournamentState) -> None:
                seen.append(s)
                shown(s)

            screen.show = spy  # type: ignore[method-assign]
            resigner = asyncio.create_task(resign_each_game(bob, 0.3))
            try:
                await bob.request(p.StartTournament(tournament=tid))
                await until(pilot, lambda: "finished" in screen_text(app), "the end of the tournament", timeout=30)
            finally:
                resigner.cancel()
            final = rows(app, "#standings")
    points = [sum(s.points for s in st.standings) for st in seen]
    assert any(0 < x < 3 for x in points), points  # the table moved game by game, not only at the end
    assert points[-1] == 3.0 and seen[-1].tournament.status == "finished"
    assert [r[1] for r in final] == [s.name for s in seen[-1].standings]
    assert [r[3] for r in final] == [tv.points_text(s.points) for s in seen[-1].standings]
    assert all(r[4] == "2" for r in final)  # everyone played both others
    assert next(r for r in final if r[1] == "Bob")[3] == "0"  # he resigned both his games


async def test_watching_a_game_of_a_tournament_and_coming_back_to_it(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob:
        state = await made(bob, name="watch cup", game="nim", params={"heaps": [5, 6, 7]}, bots=["random"])
        tid = state.tournament.tournament
        await bob.request(p.EnterTournament(tournament=tid))
        await bob.request(p.StartTournament(tournament=tid))
        app = GrundyApp(url(node), "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_up and app.games, "the lobby")
            app.open_tournament(tid)
            await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and rows(app, "#round-games"),
                        "the round's games")  # fmt: skip
            (game,) = rows(app, "#round-games")
            assert game[2] in ("Bob - bot (random)", "bot (random) - Bob") and game[3] == "playing"
            assert game[4].startswith("r-")
            await pilot.press("f6")
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.room is not None, "the game")
            assert app.room is not None and app.room.room == game[4] and app.room.you is None
            await until(pilot, lambda: "watching" in screen_text(app), "watching")
            await pilot.press("f7")
            await until(pilot, lambda: isinstance(app.screen, TournamentScreen), "back to the tournament")
            await until(pilot, lambda: "watch cup" in screen_text(app), "watch cup")


async def test_the_players_view_lists_another_client_and_a_challenge_accepted_opens_the_game(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob:
        app = GrundyApp(url(node), "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_up and app.games, "the lobby")
            await pilot.press("f9")
            await until(pilot, lambda: len(rows(app, "#players")) == 2, "the players online")
            players = {r[0]: r for r in rows(app, "#players")}
            assert set(players) == {"Ann (you)", "Bob"} and players["Bob"][1:3] == ["human", "idle"]
            await until(pilot, lambda: "f6 challenge" in screen_text(app), "f6 challenge")

            # Ann challenges Bob; he accepts; the game opens for both.
            table = app.screen.query_one("#players", DataTable)
            table.move_cursor(row=[r[0] for r in rows(app, "#players")].index("Bob"))
            await pilot.press("f6")
            await until(pilot, lambda: isinstance(app.screen, ChallengeScreen), "the challenge form")
            app.screen.query_one("#c-params").value = "heaps=2,2"  # type: ignore[attr-defined]
            await pilot.press("enter")
            told = await bob.wait_for(lambda e: isinstance(e, p.Challenged), timeout=10)
            assert isinstance(told, p.Challenged) and told.challenger == "Ann" and told.game == "nim"
            await until(pilot, lambda: "waiting for Bob to accept" in screen_text(app), "the waiting room")
            started = await bob.request(p.AcceptChallenge(room=told.room))
            assert isinstance(started, p.RoomState) and started.you == 1 and started.status == "playing"
            await until(pilot, lambda: app.room is not None and app.room.status == "playing", "Ann's game")
            assert app.room is not None and app.room.room == told.room and app.room.you == 0
            assert isinstance(app.screen, GameScreen) and app.room.view["heaps"] == [2, 2]
            await bob.request(p.Resign(room=told.room))
            await until(pilot, lambda: app.room is not None and app.room.is_over, "the end")
            await pilot.press("f7")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

            # Bob challenges Ann: the prompt comes up in the lobby, y accepts, the game opens.
            sessions = {r.name: r.session for r in app.players}
            await bob.request(p.Challenge(to=sessions["Ann"], game="nim", params={"heaps": [3]}))
            await until(pilot, lambda: "Bob challenges you to Nim 3" in screen_text(app), "the prompt")
            await until(pilot, lambda: "Accept (y)" in screen_text(app), "the answers")
            assert isinstance(app.screen, ChallengePrompt)
            assert app.messages[-1].startswith("Bob challenges you to Nim 3, untimed.")
            await pilot.press("y")
            await until(pilot, lambda: app.room is not None and app.room.status == "playing", "the accepted game")
            assert isinstance(app.screen, GameScreen) and app.room is not None and app.room.you == 1
            room = app.room.room
            state = await bob.wait_for(
                lambda e: isinstance(e, p.RoomState) and e.room == room and e.status == "playing", timeout=10
            )
            assert isinstance(state, p.RoomState) and state.you == 0 and state.seats[1].player == "Ann"


async def test_a_declined_challenge_is_said_in_words_on_both_sides(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob:
        app = GrundyApp(url(node), "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_up and app.games, "the lobby")
            await pilot.press("f9")
            await until(pilot, lambda: len(app.players) == 2, "the players online")
            bob_row = [r[0] for r in rows(app, "#players")].index("Bob")
            app.screen.query_one("#players", DataTable).move_cursor(row=bob_row)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ChallengeScreen), "the challenge form")
            await pilot.press("enter")
            told = await bob.wait_for(lambda e: isinstance(e, p.Challenged), timeout=10)
            assert isinstance(told, p.Challenged)
            await bob.request(p.DeclineChallenge(room=told.room))
            await until(pilot, lambda: "Bob declined your challenge" in app.last_error, "the refusal in words")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
            await until(pilot, lambda: "Bob declined your challenge" in screen_text(app), "Bob declined your challenge")

            sessions = {r.name: r.session for r in app.players}
            await bob.request(p.Challenge(to=sessions["Ann"], game="nim", params={"heaps": [3]}))
            await until(pilot, lambda: isinstance(app.screen, ChallengePrompt), "the prompt")
            await pilot.press("n")
            declined = await bob.wait_for(lambda e: isinstance(e, p.ChallengeDeclined), timeout=10)
            assert isinstance(declined, p.ChallengeDeclined) and declined.player == "Ann"
            assert declined.reason == "declined"
            await until(pilot, lambda: "you declined Bob's challenge" in app.last_message, "Ann's side")
            assert app.room is None and isinstance(app.screen, LobbyScreen)


async def test_a_challenge_answered_on_another_device_puts_its_prompt_away(node: Node) -> None:
    secret = await register(node, "Ann")
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Ann", secret=secret) as phone:
        app = GrundyApp(url(node), "Ann", secret=secret)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.link_up and app.games, "the lobby")
            await pilot.press("f9")
            await until(pilot, lambda: len(app.players) == 2, "the persons online")  # Ann once, on two devices
            people = {r[0]: r for r in rows(app, "#players")}
            assert set(people) == {"Ann (you)", "Bob"} and people["Ann (you)"][2] == "idle · on 2 devices"
            ann = next(pl for pl in app.players if pl.name == "Ann")
            await bob.request(p.Challenge(to=ann.session, game="nim", params={"heaps": [3]}))
            await until(pilot, lambda: isinstance(app.screen, ChallengePrompt), "the prompt")
            told = await phone.wait_for(lambda e: isinstance(e, p.Challenged), timeout=10)
            assert isinstance(told, p.Challenged)
            state = await phone.request(p.AcceptChallenge(room=told.room))  # the phone answers first
            assert isinstance(state, p.RoomState) and state.status == "playing"
            words = "Bob's challenge was accepted on another of your devices"
            await until(pilot, lambda: words in app.last_message, "said in words")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the prompt gone")
            assert app.challenges.next_incoming() is None


async def test_a_new_tournament_from_the_lobby_form_opens_and_its_creator_starts_it(node: Node) -> None:
    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.link_up and app.games, "the lobby")
        await pilot.press("f8", "f2")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen), "the form")
        form = app.screen
        form.query_one("#t-params").value = "heaps=1,2"  # type: ignore[attr-defined]
        form.query_one("#t-bots").value = "random, easy, gm"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: "'gm' is not a level" in screen_text(app), "the form's error")
        form.query_one("#t-bots").value = "random,easy,hard,max"  # type: ignore[attr-defined]
        form.query_one("#t-rounds").value = "3"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: "only a swiss tournament" in screen_text(app), "the rounds refused")
        form.query_one("#t-rounds").value = ""  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and rows(app, "#standings"),
                    "the new tournament's view")  # fmt: skip
        await until(pilot, lambda: "f4 start" in screen_text(app), "the key to start it")
        assert sorted(r[1] for r in rows(app, "#standings")) == [
            "bot (easy)",
            "bot (hard)",
            "bot (max)",
            "bot (random)",
        ]
        await pilot.press("f4")
        await until(pilot, lambda: "finished" in screen_text(app), "the bots' tournament played out", timeout=30)
        shot = screen_text(app)
        svg = app.export_screenshot(title="grundy play: a tournament")
        await pilot.press("escape")
        await until(pilot, lambda: [r[0] for r in rows(app, "#tournaments")] == ["finished"], "the list")
        await until(pilot, lambda: "nim round-robin" in screen_text(app) and "3/3" in screen_text(app), "the row drawn")
        listing = screen_text(app)
    for screen in (shot, listing):  # both fit 80x24
        lines = screen.splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    if os.environ.get("GRUNDY_SCREENSHOTS"):
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / "tui-tournament.txt").write_text(f"{shot}\n\n{listing}\n", encoding="utf-8")
        (SCREENSHOTS / "tui-tournament.svg").write_text(svg, encoding="utf-8")
