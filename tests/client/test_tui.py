"""The terminal UI driven by textual's headless pilot against a real node (ephemeral port, SQLite file, bot workers)."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Checkbox, DataTable, Input, OptionList, Static

from grundy import protocol as p
from grundy import rules
from grundy.client.connection import Backoff, Connection
from grundy.client.live import LiveRoom
from grundy.client.names import name_seats
from grundy.client.tui import GrundyApp
from grundy.client.tui.analysis import AnalysisScreen, ReviewScreen
from grundy.client.tui.app import GameScreen, screen_text
from grundy.client.tui.board import Board, fit_grid, parse_grid, render_text
from grundy.client.tui.confirm import ConfirmScreen
from grundy.client.tui.model import parse_opponent
from grundy.client.tui.players import ChallengeScreen
from grundy.client.tui.review import ReviewUnavailable, hint, review
from grundy.protocol import parse_time_control as parse_clock
from grundy.server.node import Node
from tests.server.e2e.conftest import url

SIZE = (80, 24)
FAST = Backoff(initial_s=0.05, max_s=0.2, give_up_after_s=10.0)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


async def until(pilot: Pilot[int], condition: Callable[[], object], what: str, timeout: float = 30.0) -> None:
    """Let the app run until ``condition()`` holds (fails naming ``what`` after ``timeout`` seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}; screen:\n{screen_text(pilot.app)}")
        await pilot.pause(0.05)


async def shown(pilot: Pilot[int], *texts: str, what: str = "", timeout: float = 30.0) -> str:
    """Wait until every one of ``texts`` is drawn on the screen; the screen's text then.  (A widget's new words are
    in its region at once, but a region grows, a table's columns widen and a footer changes only once the screen
    is laid out again: a screen read once, just after the model changed, may still show part of the last one.)"""
    await until(pilot, lambda: all(t in screen_text(pilot.app) for t in texts), what or " and ".join(texts), timeout)
    return screen_text(pilot.app)


def room_of(app: GrundyApp) -> LiveRoom:
    assert app.room is not None
    return app.room


async def focus(pilot: Pilot[int], widget: Widget) -> None:
    """Focus ``widget`` and wait until it has the focus (textual moves it later: keys pressed before go elsewhere)."""
    widget.focus()
    await until(pilot, lambda: widget.has_focus, f"the focus on {widget!r}")


async def type_move(pilot: Pilot[int], move: str) -> None:
    app = pilot.app
    box = app.screen.query_one("#move", Input)
    await focus(pilot, box)
    box.value = move
    await pilot.press("enter")


async def click_object(pilot: Pilot[int], heap: int, take: int) -> None:
    """Click the nim object that takes ``take`` from ``heap`` (1-based) and every object right of it."""
    board = pilot.app.screen.query_one(Board)
    assert board.heaps is not None
    row = board.heaps[heap - 1]
    token = next(t for t in row.tokens if t.move == f"{heap}:{take}")
    assert await pilot.click(Board, offset=(token.x, heap))


async def test_a_whole_nim_game_against_a_bot_with_an_error_a_hint_the_review_and_a_rematch(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "1,2"}, vs="bot:random")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        await until(pilot, lambda: "your move" in screen_text(app), "the board")
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "heap 1  o (1)" in text and "heap 2  o o (2)" in text and "your move" in text
        assert "Ann" in text and "bot (random)" in text

        # An illegal move typed: the server's refusal is shown, nothing is played, the game goes on.
        await type_move(pilot, "2:5")
        await until(pilot, lambda: "illegal_move" in app.last_error, "the illegal-move error")
        await shown(pilot, "illegal_move", "2:5")
        assert room_of(app).ply == 0 and room_of(app).status == "playing"

        # The hint key: the solver's winning move (leave 1,1).
        await pilot.press("f2")
        await until(pilot, lambda: app.last_message.startswith("hint:"), "the hint")
        assert app.last_message.startswith("hint: 2:1 (wins in 2): the nim-sum 1 XOR 2 = 3")

        await type_move(pilot, "2:1")
        await until(pilot, lambda: room_of(app).ply == 2 or room_of(app).is_over, "the bot's answer")
        room = room_of(app)
        assert room.is_my_turn and (room.moves[0].seat, room.moves[0].move) == (0, "2:1")
        heap = 1 if room.view["heaps"][0] else 2
        await click_object(pilot, heap, 1)  # the last object, taken with the mouse
        await until(pilot, lambda: room_of(app).is_over, "the end of the game")
        room = room_of(app)
        assert room.result is not None and room.result.outcomes == ["win", "loss"]
        assert (room.moves[-1].seat, room.moves[-1].move) == (0, f"{heap}:1")
        await shown(pilot, "Ann won", "you: win", room.result.reason)

        # The post-game review: every move with the solver's verdict.
        await until(pilot, lambda: app.review_rows is not None, "the review")
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
        table = app.screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 3, "the review rows")
        assert [(v.move, v.before, v.verdict) for v in app.review_rows or []] == [
            ("2:1", "win in 2", "best"),
            (room.moves[1].move, "loss in 1", "best"),
            (f"{heap}:1", "win in 1", "best"),
        ]
        # (the rows are in the table before the screen is laid out again: wait for them drawn, then read once)
        await until(pilot, lambda: "win in 2" in screen_text(app) and "nobody threw it away" in screen_text(app),
                    "the review's rows and summary drawn")
        assert "threw the win away" not in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")

        # Rematch: the bot always agrees; the new room has the seats rotated.
        old = room.room
        await pilot.press("f4")
        await until(pilot, lambda: room_of(app).room != old, "the rematch room")
        new = room_of(app)
        assert new.rematch_of == old and new.you == 1 and new.status == "playing"


async def test_reconnecting_after_the_server_drops_the_socket(node: Node) -> None:
    conn = Connection(url(node), "Ann", client="grundy-tui/test", backoff=FAST)
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random", connection=conn)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        await type_move(pilot, "1:1")
        await until(pilot, lambda: room_of(app).ply == 2, "the bot's answer")

        for c in list(node.connections):  # the server side drops the socket without a goodbye
            c.ws.transport.abort()
        await until(pilot, lambda: "the game goes on" in app.messages, "the resume")
        lost = next(i for i, m in enumerate(app.messages) if m.startswith("connection lost"))
        assert lost < app.messages.index("reconnected") < app.messages.index("the game goes on")
        logged = [text for _, text in app.room_log]  # (the room's log pairs them too: a loss is followed by its end)
        lost = next(i for i, m in enumerate(logged) if m.startswith("connection lost"))
        assert logged[lost + 1 :].count("reconnected") == 1, logged
        assert app.link_up and conn.reconnects == 1
        room = room_of(app)
        assert room.ply == 2 and room.is_my_turn and len(room.moves) == 2

        heap, count = next((h, n) for h, n in enumerate(room.view["heaps"], 1) if n)
        await type_move(pilot, f"{heap}:{count}")
        await until(pilot, lambda: room_of(app).ply >= 4 or room_of(app).is_over, "play after the resume")
        assert (room_of(app).moves[2].seat, room_of(app).moves[2].move) == (0, f"{heap}:{count}")


async def test_a_game_that_ended_while_the_link_was_down_is_not_said_to_go_on(node: Node) -> None:
    """Reconnected after the room ended meanwhile: the result is shown, and nothing says the game goes on."""
    import time

    from grundy.server.room import Abort

    slow = Backoff(initial_s=1.0, max_s=1.0, give_up_after_s=10.0)  # (the room ends before the first retry)
    conn = Connection(url(node), "Ann", client="grundy-tui/test", backoff=slow)
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random", connection=conn)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        for c in list(node.connections):
            c.ws.transport.abort()
        actor = node.rooms.get(room_of(app).room)
        assert actor is not None
        actor.put(Abort(time.time(), "the server closed the room"))
        await until(pilot, lambda: room_of(app).is_over and app.link_up, "the resume into the ended room")
        await until(pilot, lambda: not app.resumed_room, "the snapshot after the resume")
        assert "reconnected" in app.messages and "the game goes on" not in app.messages


async def test_the_lobby_lists_games_and_rooms_and_joins_a_room_by_its_code(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob:
        created = await bob.request(
            p.CreateRoom(game="mnk", seats=[p.SeatRequest(), p.SeatRequest(kind="invite")], seat=0)
        )
        assert isinstance(created, p.RoomCreated) and created.code
        app = GrundyApp(url(node), "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.games, "the game list")
            games = app.screen.query_one("#games", OptionList)
            assert games.option_count == len(app.games)
            await shown(pilot, "nim", "Heaps of objects")  # the highlighted game's description

            # By keyboard: the game list has the focus and the arrows move in it; F5 shows the rooms.
            assert games.has_focus and games.highlighted == 0
            await pilot.press("down", "down")
            await until(pilot, lambda: games.highlighted == 2, "two games down")
            await shown(pilot, "exam heap games", "f2 create room", "f4 rooms/games")
            await pilot.press("f4")
            await until(pilot, lambda: app.screen.query_one("#rooms", DataTable).row_count == 1, "the room list")
            assert app.screen.query_one("#rooms", DataTable).has_focus
            await shown(pilot, "f6 join", "f7 watch")  # (the footer: once the screen is laid out again)
            app.screen.query_one("#code", Input).value = created.code
            await pilot.press("f6")  # a typed code goes before the list
            await until(pilot, lambda: app.room is not None and app.room.status == "playing", "the joined game")
            assert room_of(app).you == 1 and room_of(app).game == "mnk"

            await bob.request(p.Move(room=created.room, ply=0, move="b2"))
            await until(pilot, lambda: room_of(app).is_my_turn, "Ann's turn")
            await shown(pilot, "3  .  .  .", "   a  b  c", "Bob played b2")

            # A click on a cell plays it: find where a1 is drawn and click there.
            board = app.screen.query_one(Board)
            assert board.grid is not None
            x, y = board.grid.where(0, 1) or (0, 0)
            assert await pilot.click(Board, offset=(x, y))
            await until(pilot, lambda: room_of(app).ply == 2, "the clicked move")
            assert (room_of(app).moves[-1].seat, room_of(app).moves[-1].move) == (1, "a1")


async def test_the_screens_fit_80x24_and_are_the_readme_screenshots(node: Node) -> None:
    """``GRUNDY_SCREENSHOTS=1 pytest tests/client/test_tui.py -k screenshots`` rewrites docs/screenshots/tui.*."""
    clock = p.TimeControl(initial_s=300, increment_s=2)
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:max", clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        await type_move(pilot, "1:2")
        await until(pilot, lambda: room_of(app).ply == 2, "the bot's answer")
        await pilot.press("f2")
        await until(pilot, lambda: app.last_message.startswith("hint:"), "the hint")
        shown = ("hint: ", "nim-sum", "your move", "bot (max)")  # (the hint lit on the board: drawn after the line)
        await until(pilot, lambda: all(w in screen_text(app) for w in shown), "the hint drawn")
        game = screen_text(app)
        svg = app.export_screenshot(title="grundy play nim --set heaps=3,4,5 --vs bot:max --clock 5+2")
        blunder = next(m for m in room_of(app).legal_moves or [] if m != app.last_message.split()[1])
        await type_move(pilot, blunder)  # not the hint: Ann throws the win away
        while not room_of(app).is_over:  # then she follows the hints, the best defence
            if room_of(app).is_my_turn:
                app.last_message = ""
                await pilot.press("f2")
                await until(pilot, lambda: app.last_message.startswith("hint:"), "a hint")
                ply = room_of(app).ply
                await type_move(pilot, app.last_message.split()[1])
                await until(pilot, lambda ply=ply: room_of(app).ply > ply, "the hinted move")
            await pilot.pause(0.05)
        await until(pilot, lambda: app.review_rows, "the review")
        annotated = [(v.move, v.verdict) for v in app.review_rows or [] if v.seat == 0]
        assert annotated[0] == ("1:2", "best") and annotated[1][0] == blunder
        if annotated[1][1] != "kept the win":  # some other moves keep the win, only slower
            assert annotated[1][1] == "threw the win away"
            assert all(verdict == "best" for _, verdict in annotated[2:])
        await pilot.press("f6")
        # (the table's columns are as wide as their headers until the screen is laid out again: wait for the
        # blunder's verdict drawn whole, not only a "best" that fits the header's width)
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and "best" in screen_text(app)
                    and annotated[1][1] in screen_text(app), "the review drawn")  # fmt: skip
        verdicts = screen_text(app)
    lobby_app = GrundyApp(url(node), "Ann")
    async with lobby_app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Heaps of objects" in screen_text(lobby_app), "the lobby")
        lobby = screen_text(lobby_app)
    big_app = GrundyApp(url(node), "Ann", game="gomoku", params={"size": "19"}, vs="bot:easy", clock=clock)
    async with big_app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: big_app.room is not None and big_app.room.is_my_turn, "the first turn")
        await type_move(pilot, "j10")
        await until(pilot, lambda: room_of(big_app).ply == 2, "the bot's answer")
        await pilot.press("f5", *"have fun", "enter")
        await until(pilot, lambda: "Ann: have fun" in screen_text(big_app), "the chat")
        big = screen_text(big_app)
    assert " 1 . . ." in big and "   a b c d e f g h i j k l m n o p q r s" in big
    for screen in (game, verdicts, lobby, big):
        lines = screen.splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    assert "heap 3  o o o o o (5)" in game or "heap 2  o o o o (4)" in game  # one heap the bot left alone
    assert "5:0" in game and "hint: " in game and "bot (max)" in game and "your move" in game
    assert "Create room" in lobby and "Quick match" in lobby and "minesweeper" in lobby
    if os.environ.get("GRUNDY_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / "tui.txt").write_text(f"{game}\n\n{verdicts}\n\n{lobby}\n\n{big}\n", encoding="utf-8")
        (SCREENSHOTS / "tui.svg").write_text(svg, encoding="utf-8")


def test_grid_text_is_mapped_to_cells() -> None:
    text = "3  .  .  .\n2  .  X  .\n1  .  .  .\n   a  b  c\nX to move"
    grid = parse_grid(text)
    assert grid is not None and grid.columns == [3, 6, 9] and grid.rows == {3: 0, 2: 1, 1: 2}
    assert grid.cell_at(6, 1) == "b2" and grid.cell_at(9, 2) == "c1" and grid.cell_at(3, 3) is None
    assert grid.where(2, 3) == (9, 0)


def test_clock_and_opponent_texts() -> None:
    assert parse_clock("5+2") == p.TimeControl(initial_s=300, increment_s=2)
    assert parse_clock(" ") is None
    assert parse_opponent("bot:hard") == p.SeatRequest(kind="bot", level="hard")
    assert parse_opponent("human") == p.SeatRequest(kind="open")
    for bad, call in (("5 min", parse_clock), ("robot", parse_opponent)):
        try:
            call(bad)
        except ValueError as e:
            assert repr(bad) in str(e)
        else:
            raise AssertionError(f"{bad!r} was accepted")


async def test_the_cursor_keys_pick_a_move_on_the_board(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        board = app.screen.query_one(Board)
        assert app.screen.query_one("#move", Input).has_focus
        await pilot.press("escape")  # from typing to the board's cursor
        # (a focus moves a moment after its key: the next keys must find it moved)
        await until(pilot, lambda: board.has_focus, "the board's cursor")
        assert board.current_move() == "1:3"  # the first object of heap 1: take all three
        await pilot.press("down", "right", "right")
        await until(pilot, lambda: board.current_move() == "2:2", "the cursor on 2:2")
        await pilot.press("enter")
        await until(pilot, lambda: room_of(app).ply >= 1, "the move")
        assert (room_of(app).moves[0].seat, room_of(app).moves[0].move) == (0, "2:2")


async def test_a_room_for_a_person_waits_then_plays_and_a_spectator_watches(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "1,1"}, vs="human")
    async with Connection(url(node), "Bob") as bob:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room is not None and "waiting for players" in screen_text(app), "the room")
            room = room_of(app).room
            await shown(pilot, f"share room {room}")
            await bob.request(p.Join(room=room))
            await until(pilot, lambda: room_of(app).is_my_turn, "the start")
            await pilot.press("f2")  # no hints against a person
            await until(pilot, lambda: "hints are for" in app.last_error, "the refused hint")
            await type_move(pilot, "1:1")
            await until(pilot, lambda: room_of(app).ply == 1, "Ann's move")

        watcher = GrundyApp(url(node), "Eve", spectate=room)
        async with watcher.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: watcher.room is not None and watcher.room.ply == 1, "the watched room")
            assert watcher.room is not None and watcher.room.you is None
            await shown(pilot, "watching")
            await type_move(pilot, "2:1")
            await until(pilot, lambda: "spectators cannot move" in watcher.last_error, "the spectator's refusal")
            await bob.request(p.Move(room=room, ply=1, move="2:1"))
            await until(pilot, lambda: room_of(watcher).is_over, "the end seen by the spectator")
            await shown(pilot, "Bob won")


async def test_quick_match_from_the_lobby(node: Node) -> None:
    app = GrundyApp(url(node), "Ann")
    async with Connection(url(node), "Bob") as bob:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Heaps of objects" in screen_text(app), "the lobby")
            app.screen.query_one("#params", Input).value = "heaps=2,2"
            await pilot.click("#quick")
            await until(pilot, lambda: "quick-match queue" in app.last_message, "the queue")
            await bob.request(p.QuickMatch(game="nim", params={"heaps": "2,2"}))
            await until(pilot, lambda: app.room is not None and app.room.status == "playing", "the match")
            assert room_of(app).you == 0 and room_of(app).view["heaps"] == [2, 2]
            assert isinstance(app.screen, GameScreen)


def test_only_the_seat_to_move_has_a_running_clock() -> None:
    seats = [p.SeatInfo(seat=i, kind="open", player=n, connected=True) for i, n in enumerate(("Ann", "Bob"))]
    state = p.RoomState(
        room="r1", game="nim", params={"heaps": [3]}, time_control=p.TimeControl(initial_s=60), status="playing",
        seats=seats, you=0, turn=0, ply=0, clocks=[60.0, 60.0], server_time=0.0, view={"heaps": [3]},
    )  # fmt: skip
    room = LiveRoom.from_state(state, now=100.0)
    assert room.clock_left(0, now=110.0) == 60.0  # no clock runs before the first move
    made = p.MoveMade(room="r1", ply=0, seat=0, move="1:1", turn=1, clocks=[60.0, 60.0], server_time=1.0,
                      view={"heaps": [2]})  # fmt: skip
    assert room.apply(made, now=200.0) and room.ply == 1 and room.turn == 1
    assert room.clock_left(1, now=212.5) == 47.5 and room.clock_left(0, now=212.5) == 60.0
    assert room.apply(made, now=201.0) and room.ply == 1 and len(room.moves) == 1  # a duplicate changes nothing
    assert not room.apply(made.model_copy(update={"room": "r2"}))


def test_grundy_play_refuses_contradictory_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli.main import main

    for argv, message in (
        (["play", "--join", "abc"], "--join and --spectate need --server"),
        (["play", "nim", "--server", "ws://x:1", "--join", "abc"], "not both"),
        (["play", "nim", "--vs", "bot:godlike"], "the bot levels are"),
        (["play", "nim", "--set", "heaps=x"], "parameter 'heaps'"),
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "nim", "--clock", "soon"], "clock 'soon'"),
        (["play", "nim", "--screenshot", "x.png"], "are for --ui pygame"),
        (["play", "--server", "http://x:1"], "the scheme must be ws:// or wss://"),
    ):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err


async def test_the_in_process_node_of_grundy_play_serves_a_game_against_a_bot(tmp_path: Path) -> None:
    from grundy.cli.play import LocalNode

    local = LocalNode(str(tmp_path / "play.db"), workers=1)
    url_ = await asyncio.to_thread(local.start)
    try:
        async with Connection(url_, "Ann") as ann:
            seats = [p.SeatRequest(), p.SeatRequest(kind="bot", level="max")]
            await ann.request(p.CreateRoom(game="nim", params={"heaps": "1,2"}, seats=seats, seat=0))
            state = await ann.wait_for(lambda e: isinstance(e, p.RoomState) and e.status == "playing", 10)
            assert isinstance(state, p.RoomState)
            await ann.request(p.Move(room=state.room, ply=0, move="1:1"))  # a losing move: the bot takes 2:2
            over = await ann.wait_for(lambda e: isinstance(e, p.GameOver), 10)
            assert isinstance(over, p.GameOver) and over.result is not None and over.result.outcomes == ["loss", "win"]
    finally:
        await asyncio.to_thread(local.stop)
    assert not local._thread.is_alive()


def test_the_first_move_deadline_counts_down_until_the_first_move() -> None:
    seats = [p.SeatInfo(seat=i, kind="open", player=n, connected=True) for i, n in enumerate(("Ann", "Bob"))]
    state = p.RoomState(
        room="r1", game="nim", params={"heaps": [3]}, time_control=None, status="playing", seats=seats, you=0,
        turn=0, ply=0, clocks=None, server_time=1000.0, view={"heaps": [3]}, abort_at=1060.0,
    )  # fmt: skip
    room = LiveRoom.from_state(state, now=5.0)
    assert room.abort_in(now=15.0) == 50.0 and room.clock_left(0) is None
    made = p.MoveMade(room="r1", ply=0, seat=0, move="1:1", turn=1, clocks=None, server_time=1001.0,
                      view={"heaps": [2]})  # fmt: skip
    room.apply(made, now=16.0)
    assert room.abort_in(now=17.0) is None


async def test_draw_offers_between_people_and_leaving_the_quick_match_queue(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="mnk", vs="human")
    async with Connection(url(node), "Bob") as bob:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room is not None and app.room.status == "waiting", "the room")
            room = room_of(app).room
            await bob.request(p.Join(room=room))
            await until(pilot, lambda: room_of(app).is_my_turn, "the start")

            await bob.request(p.OfferDraw(room=room))
            await until(pilot, lambda: "Bob offers a draw" in app.last_message, "Bob's offer")
            await pilot.press("f9")
            await bob.wait_for(lambda e: isinstance(e, p.DrawDeclined), 5)
            await pilot.press("f8")  # now Ann offers, and Bob agrees
            await bob.wait_for(lambda e: isinstance(e, p.DrawOffered) and e.seat == 0, 5)
            await bob.request(p.AcceptDraw(room=room))
            await until(pilot, lambda: room_of(app).is_over, "the agreed draw")
            result = room_of(app).result
            assert result is not None and result.outcomes == ["draw", "draw"] and result.ending == "draw_agreed"
            await shown(pilot, "draw")

            await pilot.press("f7")  # back to the lobby, then into the queue and out again
            await until(pilot, lambda: app.screen is app.lobby, "the lobby")
            await pilot.click("#quick")
            await until(pilot, lambda: "quick-match queue" in app.last_message, "the queue")
            await shown(pilot, "esc leave queue")
            await pilot.press("escape")
            await until(pilot, lambda: app.last_message == "left the quick-match queue", "leaving the queue")
            await until(pilot, lambda: "leave queue" not in screen_text(app), "the key gone once out of the queue")


def test_the_review_marks_each_move_with_the_solvers_verdict() -> None:
    def verdicts(game: str, params: dict[str, object], moves: str) -> list[tuple[str, str]]:
        return [(v.before, v.verdict) for v in review(game, params, moves.split())]

    # nim 3,4,5: 1:2 is the only winning move; 2:4 loses fastest; 3:5 leaves 1,0,0 to the opponent.
    assert verdicts("nim", {"heaps": "3,4,5"}, "1:2 2:4 3:5 1:1") == [
        ("win in 6", "best"), ("loss in 5", "hurried the loss"),
        ("win in 2", "threw the win away"), ("win in 1", "best"),
    ]  # fmt: skip
    # tic-tac-toe: O's c1 loses a drawn game; X's b1 wins only later than c2 would.
    assert verdicts("mnk", {}, "b2 a1 c3 a3 a2 c1 b1 b3 c2")[5:] == [
        ("draw", "threw the draw away"), ("win in 1", "kept the win"), ("loss in 1", "best"), ("win in 1", "best"),
    ]  # fmt: skip
    # pawn (value 5): every step of Min's to the right gives Max one more.
    assert verdicts("pawn", {}, "b1 c1")[1] == ("value -5", "gave away 1")
    with pytest.raises(ReviewUnavailable, match="hidden"):
        review("nim", {"heaps": "3"}, None)
    with pytest.raises(ReviewUnavailable, match="two-player"):
        review("mnk", {"players": 3}, [])
    assert hint("nim", {"heaps": "1,2"}, []).startswith("2:1 (wins in 2): the nim-sum 1 XOR 2 = 3; take 1 from heap 2")
    assert hint("nim", {"heaps": "1,1"}, []).startswith("1:1 (you lose in 1 at best")


async def test_minesweeper_alone_a_click_reveals_and_a_right_click_flags(node: Node) -> None:
    params = {"players": "1", "width": "5", "height": "4", "mines": "3", "seed": "11"}
    app = GrundyApp(url(node), "Ann", game="minesweeper", params=params)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        assert len(room_of(app).seats) == 1
        board = app.screen.query_one(Board)
        assert board.grid is not None
        x, y = board.grid.where(0, 1) or (0, 0)
        assert await pilot.click(Board, offset=(x, y))
        await until(pilot, lambda: room_of(app).ply == 1, "the reveal")
        assert (room_of(app).moves[0].seat, room_of(app).moves[0].move) == (0, "r a1")
        hidden = [m.split()[1] for m in room_of(app).legal_moves or [] if m.startswith("f ")]
        assert hidden[0] == "c3" and not room_of(app).is_over  # a1 opened the empty region of this layout
        x, y = board.grid.where(2, 3) or (0, 0)
        assert await pilot.click(Board, offset=(x, y), button=3)
        await until(pilot, lambda: room_of(app).ply == 2, "the flag")
        assert (room_of(app).moves[1].seat, room_of(app).moves[1].move) == (0, "f c3")


async def test_an_unreachable_server_is_named_in_the_lobby() -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = GrundyApp(f"ws://127.0.0.1:{port}/", "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.last_error, "the connection error")
        await shown(pilot, f"cannot reach ws://127.0.0.1:{port}/")


# ---------------------------------------------------------------------------------- issue: clients a person enjoys


def test_seat_numbers_in_the_servers_words_become_names() -> None:
    names = ["Ann", "bot (hard)"]
    assert name_seats("seat 1 ran out of time", names) == "bot (hard) ran out of time"
    assert name_seats("seat 0 resigned", names) == "Ann resigned"
    assert name_seats("it is seat 1's turn, not yours", names) == "it is bot (hard)'s turn, not yours"
    assert name_seats("seat 7 left; seats 0..1", names) == "seat 7 left; seats 0..1"  # no such seat: as it was


@pytest.mark.parametrize(
    ("game", "params", "corner"),
    [
        ("gomoku", {"size": "19"}, "s19"),
        ("minesweeper", {"width": "30", "height": "16", "mines": "99", "seed": "4", "players": "1"}, "r ad16"),
    ],
)
async def test_the_largest_boards_are_whole_and_playable_in_80x24(
    node: Node, game: str, params: dict[str, str], corner: str
) -> None:
    app = GrundyApp(url(node), "Ann", game=game, params=params, vs="bot:random")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        board = app.screen.query_one(Board)
        box = app.screen.query_one("#board-box")

        def whole() -> bool:
            shown = screen_text(app).splitlines()
            fits = board.size.width <= box.size.width and board.size.height <= box.size.height
            return board.grid is not None and fits and any(line.startswith(" 1 ") for line in shown)

        await until(pilot, whole, "the whole board on the screen")
        assert board.grid is not None
        rows, columns = sorted(board.grid.rows), len(board.grid.columns)
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
        # every row and every column is on the screen, inside the board's box: nothing to scroll to
        assert board.size.width <= box.size.width and board.size.height <= box.size.height, (board.size, box.size)
        assert any(line.startswith(f"{rows[-1]} ") for line in lines) and any(line.startswith(" 1 ") for line in lines)
        assert board.grid.where(columns - 1, rows[-1]) is not None
        await pilot.press("escape")  # to the board's cursor, then to the far corner (top right) and play it
        await pilot.press(*["right"] * columns, *["up"] * len(rows), "enter")
        await until(pilot, lambda: room_of(app).ply >= 1, "the corner move")
        assert (room_of(app).moves[0].seat, room_of(app).moves[0].move) == (0, corner)
        if game == "minesweeper":  # the hint key says why there is none
            await pilot.press("f2")
            await until(pilot, lambda: "cannot see the hidden part" in app.last_error, "the hint refusal")


@pytest.mark.parametrize("cls", rules.catalog.GAMES, ids=lambda c: c.name)
def test_every_games_default_board_fits_beside_the_side_column(cls: type[rules.Game]) -> None:
    """At 80x24 the board's box is 50 columns by 20 rows: every game's default board is whole in it."""
    game = rules.create(cls.name)
    state = game.initial()
    text, grid, _ = fit_grid(render_text(cls.name, game.params, game.view(state, 0)), 50, 20)
    lines = text.splitlines()
    assert len(lines) <= 20 and max(len(line) for line in lines) <= 50, text
    if grid is not None:
        assert len(grid.rows) == len({grid.rows[r] for r in grid.rows})


async def test_chat_refusals_resign_with_confirmation_and_the_rematch_between_people(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "2,2"}, vs="human")
    async with Connection(url(node), "Bob") as bob:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room is not None and app.room.status == "waiting", "the room")
            old = room_of(app).room
            await bob.request(p.Join(room=old))
            await until(pilot, lambda: room_of(app).is_my_turn, "the start")
            await until(pilot, lambda: "you: Ann" in screen_text(app).splitlines()[0], "the title with her name")

            # The room's chat, both ways, and the server's refusal beside the board.
            await bob.request(p.ChatSend(room=old, text="good luck, Ann"))
            await until(pilot, lambda: "Bob: good luck, Ann" in screen_text(app), "Bob's chat on Ann's screen")
            await pilot.press("f5")
            await until(pilot, lambda: app.screen.query_one("#chat", Input).has_focus, "the chat box")
            await pilot.press(*"thanks", "enter")
            said = await bob.wait_for(lambda e: isinstance(e, p.Chat) and e.name == "Ann", 5)
            assert isinstance(said, p.Chat) and said.text == "thanks"
            await type_move(pilot, "1:3")
            await until(pilot, lambda: "illegal_move" in app.last_error, "the refusal")
            assert any("illegal_move" in entry for _, entry in app.room_log)
            await pilot.press("f2")  # no hints against a person, and the key says why
            await until(pilot, lambda: "no hints against Bob" in app.last_error, "the hint refusal")

            # Resigning asks first: No plays on, Yes resigns.
            await pilot.press("f3")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            await until(pilot, lambda: "Resign this nim game against Bob?" in screen_text(app), "the question drawn")
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")
            assert room_of(app).status == "playing"
            await pilot.press("f3")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
            await pilot.press("y")
            await until(pilot, lambda: room_of(app).is_over, "the resignation")
            result = "Bob won (you: loss): Ann resigned [resign]"
            await until(pilot, lambda: result in " ".join(screen_text(app).split()), "the result with the names")

            # Her own rematch request is hers, not someone else's; the rematch starts with a clean log.
            await pilot.press("f4")
            await until(pilot, lambda: "you asked for a rematch" in app.last_message, "Ann's request")
            assert "waiting for Bob" in app.last_message and "Ann asks" not in screen_text(app)
            await bob.request(p.Rematch(room=old))
            await until(pilot, lambda: room_of(app).room != old and room_of(app).status == "playing", "the rematch")
            assert room_of(app).rematch_of == old
            assert not any("good luck" in entry for _, entry in app.room_log)
            await until(pilot, lambda: app.screen.query_one("#move", Input).has_focus, "the keyboard on the moves")

            def clean() -> bool:
                text = screen_text(app)
                return "good luck" not in text and "illegal_move" not in text and "resigned" not in text

            await until(pilot, clean, "a rematch screen without the last game's words")


async def test_the_hint_key_in_a_rated_tournament_game_says_why_and_the_review_comes_after(node: Node) -> None:
    app = GrundyApp(url(node), "Ann")
    async with Connection(url(node), "Bob") as bob, app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.link_up, "the connection")
        made = await bob.request(p.CreateTournament(game="nim", params={"heaps": [3, 4, 5]}, bots=["random"]))
        assert isinstance(made, p.TournamentState) and made.tournament.rated
        tid = made.tournament.tournament
        await app.conn.request(p.EnterTournament(tournament=tid))
        await bob.request(p.StartTournament(tournament=tid))
        # Ann against a hosted bot, where a casual game gives hints: this one counts for the ratings.
        await until(pilot, lambda: app.room is not None and room_of(app).is_my_turn, "Ann's turn in the tournament")
        assert room_of(app).rated and room_of(app).has_bot
        await until(pilot, lambda: " · rated · " in screen_text(app).partition("\n")[0], "the title saying rated")
        await pilot.press("f2")
        await until(pilot, lambda: "no hints in a rated game" in app.last_error, "the hint refusal")
        await shown(pilot, "no hints in a rated game")
        assert not any(m == "thinking..." or m.startswith("hint:") for m in app.messages)  # nothing computed
        assert not app.can_hint()
        assert not app.screen.query_one("#hint").display  # no Hint button where none can come (client/controls.py)

        ply = room_of(app).ply  # a move of her own, then she resigns: after the end the review is there
        await type_move(pilot, (room_of(app).legal_moves or ["?"])[0])
        await until(pilot, lambda: room_of(app).is_my_turn and room_of(app).ply == ply + 2, "the bot's answer")
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await until(pilot, lambda: room_of(app).is_over, "the resignation")
        await until(pilot, lambda: app.review_rows is not None, "the review")
        rows = app.review_rows or []  # her move, the bot's, and her resignation judged last (as the node's review)
        assert len(rows) == ply + 3 and rows[-1].move == "resign" and "no review" not in app.review_note
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")


async def test_a_spectator_has_no_player_controls_and_follows_the_rematch(node: Node) -> None:
    async with Connection(url(node), "Ann") as ann, Connection(url(node), "Bob") as bob:
        created = await ann.request(p.CreateRoom(game="nim", params={"heaps": "1,1"}, seat=0))
        assert isinstance(created, p.RoomCreated)
        old = created.room
        await bob.request(p.Join(room=old))
        watcher = GrundyApp(url(node), "Eve", spectate=old)
        async with watcher.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: watcher.room is not None and watcher.room.status == "playing", "the room")
            await until(pilot, lambda: "watching" in screen_text(watcher), "the watched room on the screen")
            screen = watcher.screen
            for control in ("#move", "#hint", "#resign", "#draw", "#rematch"):
                assert not screen.query_one(control).display, control
            await until(pilot, lambda: "chat" in screen_text(watcher).splitlines()[-1], "the keys in the footer")
            footer = screen_text(watcher).splitlines()[-1]
            assert "resign" not in footer and "hint" not in footer and "draw" not in footer
            assert screen.query_one("#chat", Input).has_focus  # what a spectator can do: talk

            await ann.request(p.Resign(room=old))
            await until(pilot, lambda: room_of(watcher).is_over, "the end")
            await until(pilot, lambda: "Bob won: Ann resigned [resign]" in " ".join(screen_text(watcher).split()),
                        "the result with the names")  # fmt: skip
            await ann.request(p.Rematch(room=old))
            await until(pilot, lambda: "Ann asks for a rematch" in watcher.last_message, "the request, by name")
            assert "F4" not in watcher.last_message
            await bob.request(p.Rematch(room=old))
            await until(pilot, lambda: room_of(watcher).room != old, "the spectator in the rematch room")
            assert room_of(watcher).rematch_of == old and room_of(watcher).you is None
            await until(pilot, lambda: "resigned" not in screen_text(watcher), "the last game's words gone")


async def test_watching_or_joining_an_unknown_room_says_so(node: Node) -> None:
    watcher = GrundyApp(url(node), "Eve", spectate="r-nosuchroom")
    async with watcher.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: watcher.last_error, "the refusal")
        await shown(pilot, "no room 'r-nosuchroom' to watch on this server")
        assert watcher.room is None
    joiner = GrundyApp(url(node), "Eve", join="nosuchcode")
    async with joiner.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: joiner.last_error, "the refusal")
        assert "no room 'nosuchcode' to join" in joiner.last_error


async def test_a_board_taller_than_the_screen_scrolls_with_the_cursor(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="mnk", params={"m": "30", "n": "40", "k": "5"}, vs="bot:random")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        box = app.screen.query_one("#board-box")
        board = app.screen.query_one(Board)
        await until(pilot, lambda: board.grid is not None and board.grid.spacing == 1, "the squeezed board")
        await pilot.press("escape", *["down"] * 40)  # to row 1, at the bottom of the board
        await until(pilot, lambda: box.scroll_offset.y > 0, "the board scrolled down to the cursor")
        assert board.cursor[1] == 1
        await pilot.press(*["up"] * 40)  # back to row 40, the top
        await until(pilot, lambda: box.scroll_offset.y == 0, "the board scrolled up to the cursor")
        await pilot.press("enter")
        await until(pilot, lambda: room_of(app).ply >= 1, "the move at the top")
        assert room_of(app).moves[0].move is not None and room_of(app).moves[0].move.endswith("40")


async def finish_nim(pilot: Pilot[int], first: str) -> None:
    """Play ``first``, then the first legal move each turn, until the game against the bot is over."""
    app = pilot.app
    assert isinstance(app, GrundyApp)
    await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
    await type_move(pilot, first)
    while not room_of(app).is_over:
        room = room_of(app)
        if room.is_my_turn and room.legal_moves:
            ply = room.ply
            await type_move(pilot, room.legal_moves[0])
            await until(pilot, functools.partial(lambda n: room_of(app).ply > n, ply), "the move")
        await pilot.pause(0.05)


def fits(screen: str) -> None:
    lines = screen.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, screen


async def test_the_analysis_board_steps_through_a_finished_nim_game_and_tries_what_ifs(node: Node) -> None:
    """``GRUNDY_SCREENSHOTS=1 pytest tests/client/test_tui.py -k analysis_board`` rewrites
    docs/screenshots/tui-analysis.*."""
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random")
    async with app.run_test(size=SIZE) as pilot:
        # The hint teaches first: 1:2 lit on the board, the nim-sum table beside the heaps, the reason in words.
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        await pilot.press("f2")
        await until(pilot, lambda: app.last_message.startswith("hint: 1:2"), "the hint")
        await until(pilot, lambda: "nim-sum 010   2" in screen_text(app), "the hint drawn")
        game_board = app.screen.query_one(Board)
        assert game_board.explanation is not None and game_board.explanation["best"] == ["1:2"]  # type: ignore[attr-defined]
        assert any(entry.startswith("hint: 1:2: ") and "nim-sum 0" in entry for _, entry in app.room_log)
        fits(screen_text(app))
        await finish_nim(pilot, "1:1")  # not 1:2: Ann throws the win away at once
        await until(pilot, lambda: app.review_rows, "the review")
        await until(pilot, lambda: "f10 analysis board" in screen_text(app), "the key offered once the game is over")
        fits(screen_text(app))
        await pilot.press("f10")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the analysis board")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        n = len(room_of(app).moves)
        assert screen.model.ply == n
        await until(pilot, lambda: f"move {n} of {n}" in screen_text(app), "the board at the end")

        # Home: the start, where 1:2 wins; the nim-sum table beside the heaps, 1:2's objects lit.
        await pilot.press("home")
        drawn = ("best: 1:2", "heap 1  o o o (3)", "011   3", "nim-sum 010   2")  # (the table beside the heaps)
        await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the explanation of the start")
        start = screen_text(app)
        assert "to leave nim-sum 0" in screen.words
        board = screen.query_one(Board)
        assert board.heaps is not None
        lit = [t.move for t in board.heaps[0].tokens if "on green" in str(board.render().spans)]
        assert lit  # (the lit objects are styled; the exact spans are the widget's)
        fits(start)

        # →: Ann's 1:1 and its verdict, with the move she should have played and why.
        await pilot.press("right")
        await until(pilot, lambda: "threw the win away" in screen.words, "the verdict on 1:1")
        mistake = screen.words
        assert "Ann 1:1: threw the win away" in mistake and "best was 1:2" in mistake
        fits(screen_text(app))

        # What if: back to the start and 1:2 typed there; its value shown; F4 back to the game's line.
        await pilot.press("left")
        box = screen.query_one("#a-move", Input)
        await focus(pilot, box)
        box.value = "1:2"
        await pilot.press("enter")
        await until(pilot, lambda: "what if Ann 1:2: best" in screen.words, "the what-if verdict")
        await until(pilot, lambda: "WHAT IF" in screen_text(app), "the what-if drawn")
        what_if = screen_text(app)
        assert screen.model.is_what_if and "leaves Ann a win" in screen.words
        fits(what_if)
        box.value = "9:9"
        await pilot.press("enter")
        await until(pilot, lambda: "there is no heap 9" in screen_text(app), "the refusal of heap 9")
        await pilot.press("escape")  # from typing back to the move list (a second Esc closes the board)
        await until(pilot, lambda: screen.query_one("#a-moves", OptionList).has_focus, "the move list")
        assert isinstance(app.screen, AnalysisScreen)
        await pilot.press("f4")
        await until(pilot, lambda: not screen.model.is_what_if and screen.model.ply == 0, "the game's line")

        # The review teaches, and choosing a row there jumps the board to that move.
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        turning = "turning: move 1, Ann's 1:1: threw the win away"  # (the summary's second line: drawn once laid out)
        await until(pilot, lambda: "accuracy: Ann" in screen_text(app)
                    and turning in " ".join(screen_text(app).split()), "the summary")  # fmt: skip
        review = screen_text(app)
        await until(pilot, lambda: "best 1:2" in screen_text(app), "the lesson of move 1")
        fits(screen_text(app))
        await pilot.press("down", "enter")  # move 2: the bot's
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "back on the board")
        assert screen.model.ply == 1
        await until(pilot, lambda: "move 1 of" in screen_text(app), "move 1 on the board")
        await pilot.press("home")
        await until(pilot, lambda: "best: 1:2" in screen_text(app), "the start again")
        shot = app.export_screenshot(title="grundy: the analysis board of a finished nim game (F10)")
        text = screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")
    if os.environ.get("GRUNDY_SCREENSHOTS"):
        (SCREENSHOTS / "tui-analysis.svg").write_text(shot, encoding="utf-8")
        (SCREENSHOTS / "tui-analysis.txt").write_text(f"{text}\n\n{review}\n", encoding="utf-8")


async def test_a_big_board_on_the_analysis_board_fits_80x24_and_its_words_scroll(node: Node) -> None:
    """Gomoku 19x19: the board scrolls in its box, the engine's words below it; nothing cut or written over."""
    from grundy.client.analysis import AnalysisBoard

    moves = ["j10", "j11", "k10", "k11", "l11", "h10", "m12"]
    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the lobby")
        app.analysis = AnalysisBoard("gomoku", {"size": 19}, moves, ["Ann", "Bob"])
        screen = AnalysisScreen(app.analysis)
        app.push_screen(screen)
        await until(pilot, lambda: "best:" in screen.words, "the engine's explanation", timeout=60)
        text = await shown(pilot, "move 7 of 7 · Bob to move", "7. Ann")
        fits(text)
        assert "Bob: not proven" in screen.words  # (the engine's view or a threat's defence, in words)
        box = screen.query_one("#a-board-box")
        assert box.size.height < 19  # the board is taller than its box: it scrolls there
        board = screen.query_one(Board)
        assert board.grid is not None and len(board.grid.rows) == 19
        await pilot.press("home")
        await until(pilot, lambda: "move 0 of 7" in screen_text(app), "the start")
        await focus(pilot, board)  # the board's cursor and Enter play a what-if move, as in a game
        await pilot.press("left", "enter")  # i10, where the game went j10
        await until(pilot, lambda: screen.model.is_what_if and screen.model.moves == ["i10"], "the what-if move")
        await until(pilot, lambda: "what if Ann i10" in screen.words, "the what-if verdict", timeout=60)
        fits(screen_text(app))



async def test_a_redraw_before_a_keys_highlight_is_handled_does_not_jump_the_board_back(node: Node) -> None:
    """Home moves the move list's highlight; an explanation that arrives before the screen handles it redraws the
    board, still at the end: the redraw's own highlight says nothing, so Home takes the board to the start (and
    the board does not go back and forth between the two)."""
    from grundy.client.analysis import AnalysisBoard

    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the lobby")
        app.analysis = AnalysisBoard("nim", {"heaps": "3,4,5"}, ["1:1", "2:1", "3:1"], ["Ann", "Bob"])
        screen = AnalysisScreen(app.analysis)
        app.push_screen(screen)
        await shown(pilot, "move 3 of 3")
        listed = screen.query_one("#a-moves", OptionList)
        await until(pilot, lambda: listed.has_focus and listed.highlighted == 3, "the list at the end")
        listed.action_first()  # Home in the list: its event is on its way
        screen.redraw()  # an explanation came meanwhile: the board is still at the end
        await until(pilot, lambda: screen.model.ply == 0, "the start")
        for _ in range(5):  # (each pause: until the screen has handled what was sent to it)
            await pilot.pause()
            assert screen.model.ply == 0 and listed.highlighted == 0
        await shown(pilot, "move 0 of 3")

def test_an_explanation_is_drawn_on_a_grid_by_role_and_its_map_beside() -> None:
    """Marks, the line and the map's won/lost cells coloured on the board; the map's codes in a grid of text."""
    from grundy.client.tui.analysis import ROLE_STYLES, ExplainedBoard

    game = rules.create("mnk")
    state = game.replay(["b2"])
    board = ExplainedBoard()
    board.show("mnk", {}, game.view(state, 1), None, "b2", 60, 20, kind=game.view_kind)
    board.explanation = {
        "best": ["a1"], "line": ["c3"], "marks": [{"cell": "c1", "role": "threat"}],
        "cells": [{"cell": "a2", "code": "W3", "outcome": "win"}, {"cell": "b1", "code": "L2", "outcome": "loss"}],
    }  # fmt: skip
    text = board.render()
    assert board.grid is not None
    lines = text.plain.split("\n")
    offset = {cell: sum(len(line) + 1 for line in lines[:y]) + x
              for cell, (x, y) in {c: board.grid.where(i, r) or (0, 0) for c, i, r in
                                   (("a1", 0, 1), ("c3", 2, 3), ("c1", 2, 1), ("a2", 0, 2), ("b1", 1, 1))}.items()}
    style_at = {cell: {str(s.style) for s in text.spans if s.start <= at < s.end} for cell, at in offset.items()}
    assert ROLE_STYLES["best"] in style_at["a1"] and ROLE_STYLES["line"] in style_at["c3"]
    assert ROLE_STYLES["threat"] in style_at["c1"]
    assert "on dark_green" in style_at["a2"] and "on dark_red" in style_at["b1"]
    assert board.map_lines() == [" 3   ·  ·  ·", " 2  W3  ·  ·", " 1   · L2  ·", "     a  b  c"]
    board.explanation = {"best": ["a1"], "also": ["c1"]}  # also winning, slower: its own style
    text = board.render()
    style_at = {cell: {str(s.style) for s in text.spans if s.start <= at < s.end} for cell, at in offset.items()}
    assert ROLE_STYLES["best"] in style_at["a1"] and ROLE_STYLES["also"] in style_at["c1"]
    assert ROLE_STYLES["also"] != ROLE_STYLES["best"] and ROLE_STYLES["best"] not in style_at["c1"]


async def test_a_won_line_game_names_the_winner_marks_the_line_and_each_player_knows_their_mark(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="tictactoe", params={}, vs="human")
    async with Connection(url(node), "Bob") as bob:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room is not None and app.room.status == "waiting", "the room")
            room = room_of(app).room
            await bob.request(p.Join(room=room))
            await until(pilot, lambda: room_of(app).is_my_turn, "the start")
            await until(pilot, lambda: "you are X" in screen_text(app), "her mark beside the board")
            title = screen_text(app).splitlines()[0]
            assert "Tic-tac-toe · room" in title and "you: Ann (X)" in title  # the title in words, her mark
            for ply, cell in enumerate(["a1", "b1", "b2", "c1", "c3"]):
                if ply % 2 == 0:
                    await until(pilot, lambda ply=ply: room_of(app).is_my_turn and room_of(app).ply == ply, "her turn")
                    await type_move(pilot, cell)
                else:
                    await until(pilot, lambda ply=ply: room_of(app).ply == ply, "his turn")
                    await bob.request(p.Move(room=room, ply=ply, move=cell))
            await until(pilot, lambda: room_of(app).is_over, "the end")
            result = "Ann won (you: win): Ann (X) made 3 in a row [rules]"
            await until(pilot, lambda: result in " ".join(screen_text(app).split()), "the result naming her")
            board = app.screen.query_one(Board)
            assert board.won_cells == {"a1", "b2", "c3"}  # the winning line is marked on the board
            drawn = board.render()
            marked = {
                drawn.plain[span.start : span.end].strip(" []")  # (the last stone is bracketed)
                for span in drawn.spans
                if str(span.style) == "bold black on yellow"
            }
            assert marked == {"X"}
            col, row = board.cursor
            under_cursor = f"{'abc'[col]}{row}" in board.won_cells  # the cursor's own style shows over it
            assert sum(1 for span in drawn.spans if str(span.style) == "bold black on yellow") == 3 - under_cursor


def test_scores_carry_the_players_names() -> None:
    seats = [p.SeatInfo(seat=i, kind="open", player=n, connected=True) for i, n in enumerate(("Ann", "Bob"))]
    result = p.ResultInfo(
        outcomes=["loss", "win"], scores=[0.0, 3.0], reason="every safe cell is revealed; scores: Ann 0, Bob 3",
        ending="rules",
    )  # fmt: skip
    state = p.RoomState(
        room="r1", game="minesweeper", title="Minesweeper duel 9x9, 10 mines", params={}, time_control=None,
        status="finished", seats=seats, you=0, turn=None, ply=9, clocks=None, server_time=0.0, view={},
        result=result,
    )  # fmt: skip
    from grundy.client.tui.app import result_line

    room = LiveRoom.from_state(state, now=1.0)
    assert result_line(room) == (
        "Bob won (you: loss) (Ann 0, Bob 3): every safe cell is revealed; scores: Ann 0, Bob 3 [rules]"
    )
    assert room.heading == "Minesweeper duel 9x9, 10 mines"


async def test_a_rated_game_from_the_lobby_and_a_rated_challenge_are_refused_to_a_guest_in_words(node: Node) -> None:
    async with Connection(url(node), "Reg") as c:
        secret = (await c.request(p.Register(name="Rae"))).secret
    guest = GrundyApp(url(node), "Gus")
    async with guest.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Heaps of objects" in screen_text(guest), "the lobby")
        guest.screen.query_one("#rated", Checkbox).value = True
        await pilot.click("#create")
        status = guest.screen.query_one("#lobby-status", Static)
        await until(pilot, lambda: "rated games are for registered players" in str(status.render()), "the refusal")
        assert guest.room is None
    app = GrundyApp(url(node), "Rae", secret=secret)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Heaps of objects" in screen_text(app), "the lobby")
        assert app.rated_refusal("mnk", {"players": "3"}) == "mnk with these settings has 3 seats; a rated game has two"
        screen = ChallengeScreen("Bob", app.games, "mnk", app.rated_refusal)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and bool(screen.query("#c-params")), "the challenge dialog")
        screen.query_one("#c-params", Input).value = "players=3"
        screen.query_one("#c-rated", Checkbox).value = True
        screen._submit()
        assert "has 3 seats; a rated game has two" in str(screen.query_one("#c-error", Static).render())
        app.pop_screen()
        await until(pilot, lambda: app.screen is app.lobby, "back in the lobby")
        app.screen.query_one("#params", Input).value = "heaps=1,2"
        app.screen.query_one("#rated", Checkbox).value = True
        await pilot.click("#create")
        await until(pilot, lambda: app.room is not None and app.room.status == "playing", "the rated game")
        assert room_of(app).rated
        await shown(pilot, "rated")
