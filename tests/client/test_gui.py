"""The pygame UI: drawers on literal views (pixels read back), the click map of every game, and the
window playing tic-tac-toe by mouse clicks against a hosted bot on a real node (dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402
import functools  # noqa: E402
import random  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from grundy import protocol as p  # noqa: E402
from grundy import rules  # noqa: E402
from grundy.client import gui  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.client.controls import game_notation, notation_lines  # noqa: E402
from grundy.client.gui.app import HOVER, draw_hover  # noqa: E402
from grundy.client.gui.board import (  # noqa: E402
    CELL,
    COVERED,
    GOMOKU_COLOURS,
    LAST_MOVE,
    OBJECT,
    OPENED,
    STONE_COLOURS,
    WINNING_LINE,
    WOOD,
)
from grundy.client.gui.grids import pursuit_steps  # noqa: E402
from grundy.client.gui.heaps import object_rect  # noqa: E402
from grundy.client.gui.session import Table  # noqa: E402
from grundy.server.node import Node  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402

AREA = pygame.Rect(10, 10, 640, 620)


def colour_at(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    c = surface.get_at(pos)
    return (c.r, c.g, c.b)


def runs_of(surface: pygame.Surface, y: int, colour: tuple[int, int, int], x0: int, x1: int) -> int:
    """How many separate stretches of ``colour`` the pixel row ``y`` crosses between x0 and x1."""
    runs, inside = 0, False
    for x in range(x0, x1):
        hit = colour_at(surface, (x, y)) == colour
        if hit and not inside:
            runs += 1
        inside = hit
    return runs


def font_files_open() -> int:
    """How many of this process's file descriptors are open on a font file."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            count += os.readlink(f"/proc/self/fd/{fd}").endswith((".ttf", ".otf"))
        except OSError:
            pass
    return count


def test_text_in_many_sizes_keeps_no_font_file_open_and_draws_as_pygames_default_font() -> None:
    pygame.font.init()
    before = font_files_open()
    for size in range(8, 48):
        for bold in (False, True):
            drawn = gui.board.font(size, bold).render("Nim 3:2", True, (0, 0, 0))
            default = pygame.font.Font(None, size)
            default.set_bold(bold)
            same = default.render("Nim 3:2", True, (0, 0, 0))
            assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(same, "RGBA")
            del default
    assert font_files_open() == before


# ---------------------------------------------------------------------------------- drawers


def test_tictactoe_stones_are_drawn_on_their_cells_and_empty_cells_stay_empty() -> None:
    view = {
        "width": 3, "height": 3, "k": 3, "symbols": ["X", "O"],
        "board": ["O..", ".X.", "..X"],  # rows bottom first: a1 = O, b2 = X, c3 = X
        "to_move": 1, "last": "c3", "result": None,
    }
    surface = pygame.Surface((660, 640))
    board = gui.draw(surface, "line", view, AREA)
    assert colour_at(surface, board.center("b2")) == STONE_COLOURS["X"]
    assert colour_at(surface, board.center("c3")) == STONE_COLOURS["X"]
    assert colour_at(surface, board.center("a1")) == STONE_COLOURS["O"]
    for empty in ("a2", "a3", "b1", "b3", "c1", "c2"):
        assert colour_at(surface, board.center(empty)) == CELL, empty
    last = board.rect_of("c3")
    assert colour_at(surface, (last.x + 1, last.centery)) == LAST_MOVE
    assert colour_at(surface, (board.rect_of("b2").x + 1, board.rect_of("b2").centery)) != LAST_MOVE
    assert board.move_at(board.center("c1"), 1) == "c1" and board.move_at(board.center("c1"), 3) is None
    assert board.move_at((1, 1), 1) is None  # outside the board


def test_gomoku_stones_have_their_colours_on_a_wooden_board() -> None:
    g = rules.create("gomoku")
    state = g.replay(["h8", "i9", "h9"])
    view = g.view(state, None)
    surface = pygame.Surface((660, 640))
    board = gui.draw(surface, "line", view, AREA)
    assert colour_at(surface, board.center("h8")) == GOMOKU_COLOURS["black"]
    assert colour_at(surface, board.center("h9")) == GOMOKU_COLOURS["black"]
    assert colour_at(surface, board.center("i9")) == GOMOKU_COLOURS["white"]
    x, y = board.center("c3")
    assert colour_at(surface, (x + 3, y + 3)) == WOOD  # an empty point: wood beside the crossing lines
    assert len(board.keys()) == 15 * 15


def test_nim_heaps_draw_their_number_of_objects_and_clicks_take_down_to_there() -> None:
    heaps = [3, 0, 7, 1]
    surface = pygame.Surface((660, 640))
    board = gui.draw(surface, "heaps", {"heaps": heaps, "to_move": 0}, AREA)
    for heap, size in enumerate(heaps, 1):
        keys = [k for k in board.keys() if k.startswith(f"heap {heap} ")]
        assert len(keys) == size
        row_y = board.center("heap 1 object 1")[1] + (heap - 1) * board.rect_of("heap 1 object 1").h
        assert runs_of(surface, row_y, OBJECT, AREA.x, AREA.right) == size, f"heap {heap}"
    assert board.move_at(board.center("heap 3 object 3"), 1) == "3:5"  # leaves two
    assert board.move_at(board.center("heap 3 object 1"), 1) == "3:7"
    assert board.move_at(board.center("heap 4 object 1"), 1) == "4:1"


def test_the_last_nim_move_leaves_ghosts_that_cannot_be_clicked() -> None:
    surface = pygame.Surface((660, 640))
    board = gui.draw(surface, "heaps", {"heaps": [2, 1], "to_move": 1}, AREA, last="2:3")
    assert [k for k in board.keys() if k.startswith("heap 2 ")] == ["heap 2 object 1"]
    y = board.center("heap 2 object 1")[1]
    assert runs_of(surface, y, OBJECT, AREA.x, AREA.right) == 1  # the three taken are pale, not objects


def test_hovering_a_heap_object_outlines_every_object_the_click_would_take() -> None:
    surface = pygame.Surface((660, 640))
    board = gui.draw(surface, "heaps", {"heaps": [2, 6], "to_move": 0}, AREA)
    draw_hover(surface, board, board.center("heap 2 object 4"))
    for j, outlined in ((1, False), (3, False), (4, True), (6, True)):
        slot = board.rect_of(f"heap 2 object {j}").inflate(-2, -2)
        assert (colour_at(surface, (slot.centerx, slot.y)) == HOVER) is outlined, j
    assert colour_at(surface, board.rect_of("heap 1 object 2").inflate(-2, -2).midtop) != HOVER


def test_pursuit_hints_are_the_free_neighbours_of_the_figure_to_move() -> None:
    view = {"width": 4, "height": 3, "blocked": ["b2"], "figures": ["a1", None], "to_move": 0}
    assert sorted(pursuit_steps(view)) == ["a2", "b1"]
    assert pursuit_steps({**view, "to_move": 1}) == []  # the hidden figure: no hints


def test_minesweeper_left_click_reveals_and_right_click_flags_covered_cells() -> None:
    view = {
        "width": 3, "height": 2, "mines": 1, "players": 2,
        "cells": [0, 1, None, 0, 1, "*"],  # a1 a2: zero; b1 b2: one; c1 covered; c2 flagged
        "flags": ["c2"], "flags_by_seat": [["c2"], []], "scores": [1, 0], "to_move": 1,
        "revealed_count": 4, "mines_left": 0, "exploded": None, "over": False,
    }
    surface = pygame.Surface((660, 640))
    board = gui.draw(surface, "minefield", view, AREA)
    assert board.move_at(board.center("c1"), 1) == "r c1" and board.move_at(board.center("c1"), 3) == "f c1"
    assert board.move_at(board.center("a1"), 1) is None and board.move_at(board.center("c2"), 3) is None
    assert colour_at(surface, board.center("a1")) == OPENED
    c1 = board.rect_of("c1")
    assert colour_at(surface, (c1.centerx + 5, c1.centery + 5)) == COVERED
    assert board.caption == "1 mine, 0 left"  # the scores are told with the names, in the panel


@pytest.mark.parametrize("cls", rules.catalog.GAMES, ids=lambda c: c.name)
def test_every_legal_move_of_every_game_is_a_click_somewhere(cls: type[rules.Game]) -> None:
    """Mouse input can play every game: each legal move is on some target's left or right button."""
    rng = random.Random(5)
    surface = pygame.Surface((660, 640))
    for params in cls.examples:
        game = rules.create(cls.name, **params)
        state = game.initial()
        for _ in range(6):
            if game.is_over(state):
                break
            legal = game.legal_texts(state)
            board = gui.draw(surface, cls.view_kind, game.view(state, game.to_move(state)), AREA, legal=legal)
            clickable = {m for t in board.targets for m in (t.left, t.right) if m is not None}
            missing = sorted(set(legal) - clickable)
            assert not missing, f"{cls.name} {params}: no click plays {missing[:5]}"
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        gui.draw(surface, cls.view_kind, game.full_view(state), AREA)  # the full view (after the end) draws too


def test_a_game_without_a_drawer_is_shown_as_text() -> None:
    surface = pygame.Surface((300, 200))
    board = gui.draw(surface, "chess", {"fen": "8/8/8/8/8/8/8/8"})
    assert board.targets == [] and "text" in board.caption


# ---------------------------------------------------------------------------------- the table


def test_the_table_follows_the_room_and_ticks_the_clock_of_the_seat_to_move() -> None:
    seats = [p.SeatInfo(seat=0, kind="open", player="Ann", connected=True),
             p.SeatInfo(seat=1, kind="bot", player="bot", level="easy", connected=True)]
    state = p.RoomState(
        room="r-1", game="nim", params={"heaps": [2]}, time_control=p.TimeControl(initial_s=60), status="playing",
        seats=seats, you=0, turn=0, ply=0, clocks=[60.0, 60.0], server_time=0.0, view={"heaps": [2], "to_move": 0},
        legal_moves=["1:1", "1:2"], moves=[], draw_offer=[], rematch=[], result=None, abort_at=None, rematch_of=None,
    )
    t = Table()
    assert t.apply(state, now=100.0) and t.is_my_turn
    assert t.clock(0, now=110.0) == 60.0  # no clock runs before the first move
    made = p.MoveMade(room="r-1", ply=0, seat=0, move="1:1", turn=1, clocks=[59.0, 60.0], server_time=1.0,
                      view={"heaps": [1], "to_move": 1}, legal_moves=None)
    assert t.apply(made, now=200.0) and not t.is_my_turn and t.last_move == "1:1"
    assert t.clock(1, now=205.0) == 55.0 and t.clock(0, now=205.0) == 59.0
    assert not t.apply(made.model_copy(update={"room": "r-2"}), now=201.0)  # another room: ignored
    result = p.ResultInfo(outcomes=["loss", "win"], reason="took the last object", ending="rules")
    over = p.GameOver(room="r-1", status="finished", result=result, reason="took the last object",
                      view={"heaps": [0], "to_move": None}, params={"heaps": [2]}, clocks=[59.0, 58.0])
    assert t.apply(over, now=210.0) and t.is_over and t.outcome_line() == "You lose"
    assert t.clock(1, now=300.0) == 58.0


# ---------------------------------------------------------------------------------- the window on a real node


async def until(check: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def drawn_again(app: Any) -> None:
    """Wait until the window has drawn a whole frame after now (what the test waited for is on the screen)."""
    seen = app.frame
    await until(lambda: app.frame > seen, "a frame drawn")


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


async def test_the_window_plays_tictactoe_by_mouse_clicks_and_its_screenshot_shows_the_stones(
    node: Node, tmp_path: Path
) -> None:
    shot = tmp_path / "tictactoe.png"
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn, screenshot=str(shot))
        await app.open_room(game="tictactoe", params={}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        for wanted in ("b2", "a1"):
            await until(lambda: t.is_my_turn and app.drawn == (t.room, t.ply), "our turn on the screen")
            assert app.board is not None
            assert "button draw" in app.panel.keys()  # tic-tac-toe can end level (the room's traits)
            cell = wanted if t.legal and wanted in t.legal else (t.legal or [""])[0]
            before = t.ply
            click(app.board.center(cell))
            await until(functools.partial(lambda n: t.ply > n, before), f"the click on {cell} to be played")
            assert t.move_list[before] == cell
        await until(lambda: t.ply == 4 and app.drawn == (t.room, 4), "the bot's second answer on the screen")
        assert app.board is not None
        bot_cell = t.move_list[3]
        assert bot_cell is not None
        click(app.board.center(bot_cell))  # an occupied cell: refused here, nothing sent
        await until(lambda: "not a legal move" in t.message, "the refusal of an occupied cell")
        assert t.ply == 4
        await drawn_again(app)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0

    picture = pygame.image.load(str(shot))
    assert picture.get_size() == app.size
    board = app.board
    played = {cell: ("X" if ply % 2 == 0 else "O") for ply, cell in enumerate(t.move_list) if cell}
    assert len(played) == 4
    for cell, symbol in played.items():
        assert colour_at(picture, board.center(cell)) == STONE_COLOURS[symbol], cell
    for x in "abc":
        for y in "123":
            if x + y not in played:
                assert colour_at(picture, board.center(x + y)) == CELL, x + y


async def test_run_with_frames_saves_a_screenshot_and_exits(node: Node, tmp_path: Path) -> None:
    shot = tmp_path / "nim.png"
    code = await asyncio.to_thread(
        gui.run, url(node), game="nim", params={"heaps": "2,3"}, vs="bot:random", join=None, spectate=None,
        name="Ann", screenshot=str(shot), frames=12,
    )
    assert code == 0
    picture = pygame.image.load(str(shot))
    reference = pygame.Surface(picture.get_size())
    board = gui.draw(reference, "heaps", {"heaps": [2, 3], "to_move": 0}, gui.GuiApp.board_rect(picture.get_size()))
    for key in ("heap 1 object 2", "heap 2 object 3"):
        assert colour_at(picture, object_rect(board.rect_of(key)).center) == OBJECT, key
    beyond = board.rect_of("heap 1 object 2").move(board.rect_of("heap 1 object 2").w, 0)
    assert colour_at(picture, object_rect(beyond).center) != OBJECT  # heap 1 has no third object


def test_bad_arguments_are_refused_before_connecting(capsys: pytest.CaptureFixture[str]) -> None:
    common: dict[str, Any] = {"join": None, "spectate": None, "name": "Ann", "screenshot": None, "frames": 1}
    assert gui.run("ws://127.0.0.1:9/", game="nim", params={"heaps": "x"}, vs="bot:easy", **common) == 2
    assert "heaps" in capsys.readouterr().err
    assert gui.run("ws://127.0.0.1:9/", game="nim", params={}, vs="robot", **common) == 2
    assert "--vs" in capsys.readouterr().err
    assert gui.run("ws://127.0.0.1:9/", game="nim", params={}, vs="human", **common) == 1
    assert "cannot reach ws://127.0.0.1:9/: nothing listens" in capsys.readouterr().err


async def test_the_lobby_creates_a_room_by_a_click_on_a_game_and_joins_a_waiting_room(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Ann") as ann:
        waiting = await bob.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0))
        assert isinstance(waiting, p.RoomCreated)
        app = gui.GuiApp(ann)
        await app.open_room(game=None, params={}, vs="human", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and f"room {waiting.room}" in app.board.keys(), "the lobby")
        assert app.board is not None and {"game nim", "game gomoku", "game minesweeper"} <= set(app.board.keys())
        click(app.board.center(f"room {waiting.room}"))
        await until(lambda: app.table.room == waiting.room and app.table.status == "playing", "joining Bob's room")
        assert app.table.you == 1 and app.table.seat_name(0) == "Bob"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0

    async with Connection(url(node), "Cy") as cy:
        app = gui.GuiApp(cy)
        await app.open_room(game=None, params={}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "game pawn" in app.board.keys(), "the lobby")
        assert app.board is not None
        click(app.board.center("game pawn"))  # chooses the game; its settings show, then Create
        await until(lambda: app.lobby.game == "pawn" and app.board is not None and "create" in app.board.keys(),
                    "the pawn settings")  # fmt: skip
        assert app.lobby.params == "size=8 payoffs=1,2,3,4,5,6,7,8"
        click(app.board.center("create"))
        await until(lambda: app.table.status == "playing" and app.drawn is not None, "a pawn game against the bot")
        assert app.table.game == "pawn" and app.table.you == 0 and app.table.seats[1].kind == "bot"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


async def test_a_won_game_shows_the_result_and_r_asks_for_a_rematch(node: Node, tmp_path: Path) -> None:
    shot = tmp_path / "won.png"
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game="nim", params={"heaps": [2]}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: t.is_my_turn and app.drawn == (t.room, 0), "our turn on the screen")
        assert app.board is not None
        click(app.board.center("heap 1 object 1"))  # takes both: the last object
        await until(lambda: t.is_over, "the end")
        assert t.outcome_line() == "You win" and t.move_list == ["1:2"]
        first = t.room
        await drawn_again(app)
        pygame.image.save(pygame.display.get_surface(), str(shot))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
        await until(lambda: t.room != first, f"the rematch room ({t.message!r})")
        assert t.you == 1 and t.status in ("playing", "finished")  # seats rotated: the bot opens
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    won = pygame.image.load(str(shot))
    reference = pygame.Surface(won.get_size())
    reference.fill(colour_at(won, (5, 5)))
    gui.draw(reference, "heaps", {"heaps": [0], "to_move": None}, app.board_area, last="1:2")
    drawn, expected = (pygame.image.tobytes(s.subsurface(app.board_area), "RGB") for s in (won, reference))
    assert drawn == expected  # the result is told in the panel: nothing covers the board


async def test_a_spectator_window_follows_the_game_and_refuses_clicks(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Eve") as eve:
        seats = [p.SeatRequest(), p.SeatRequest(kind="bot", level="random")]
        created = await bob.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0, seats=seats))
        assert isinstance(created, p.RoomCreated)
        app = gui.GuiApp(eve)
        await app.open_room(game=None, params={}, vs="human", join=None, spectate=created.room)
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: app.drawn == (created.room, 0), "the room on the spectator's screen")
        assert t.you is None and t.seat_name(0) == "Bob" and app.board is not None
        click(app.board.center("heap 2 object 1"))
        await until(lambda: "watching" in t.message, "the refusal")
        await bob.request(p.Move(room=created.room, ply=0, move="1:3"))
        await until(lambda: t.ply >= 1 and app.drawn is not None and app.drawn[1] == t.ply, "Bob's move on the screen")
        assert t.move_list[0] == "1:3" and t.view is not None and t.view["heaps"][0] == 0
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


async def test_minesweeper_by_mouse_left_click_reveals_and_right_click_flags(node: Node) -> None:
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn)
        params = {"width": 6, "height": 5, "mines": 4, "seed": 3, "players": 1}  # alone: every move is ours
        await app.open_room(game="minesweeper", params=params, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        for ply, cell, button in ((0, "c3", 1), (1, "e1", 3)):
            await until(functools.partial(lambda n: t.is_my_turn and app.drawn == (t.room, n), ply), f"ply {ply}")
            assert app.board is not None
            click(app.board.center(cell), button=button)
            await until(functools.partial(lambda n: t.ply > n, ply), f"the click on {cell}")
        assert t.move_list == ["r c3", "f e1"]
        assert t.view is not None and t.view["cells"][2 * 6 + 2] not in (None, "*")  # c3 opened
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


def test_the_readme_command_draws_the_board_the_rules_give(tmp_path: Path) -> None:
    """`grundy play ... --ui pygame --screenshot PATH --frames N` end to end (in-process node, bot worker)."""
    shot = tmp_path / "pygame.png"
    settings = {"piece": "queen", "obstacles": "12", "seed": "7"}
    args = [sys.executable, "-m", "grundy.cli.main", "play", "corner", *[f"--set={k}={v}" for k, v in settings.items()],
            "--vs", "bot:hard", "--clock", "5+2", "--name", "Ann", "--ui", "pygame",
            "--screenshot", str(shot), "--frames", "30"]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run(args, env=env, cwd=Path(__file__).parents[2], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    picture = pygame.image.load(str(shot))
    game = rules.create("corner", **settings)
    state = game.initial()
    reference = pygame.Surface(picture.get_size())
    area = gui.GuiApp.board_rect(picture.get_size())
    gui.draw(reference, "piece", game.view(state, 0), area, legal=game.legal_texts(state))
    drawn, expected = (pygame.image.tobytes(s.subsurface(area), "RGB") for s in (picture, reference))
    assert drawn == expected


def key(k: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0))


def type_text(words: str) -> None:
    for ch in words:
        key(pygame.key.key_code(ch) if ch.isalnum() else 0, ch)


async def test_the_window_is_a_full_client_hint_chat_refusal_resign_with_confirmation(
    node: Node, monkeypatch: pytest.MonkeyPatch
) -> None:
    import grundy.client.gui.app as gui_app

    written: list[str] = []
    real_text = gui_app.text

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        written.append(words)
        return real_text(surface, words, *args, **kwargs)

    monkeypatch.setattr(gui_app, "text", spy)
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game="nim", params={"heaps": [3, 4, 5]}, vs="bot:random", join=None, spectate=None,
                            clock=p.TimeControl(initial_s=300, increment_s=2))  # fmt: skip
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: t.is_my_turn and app.drawn == (t.room, 0), "our turn on the screen")
        assert {"button hint", "button resign", "button lobby", "chat box"} <= set(app.panel.keys())
        assert "button draw" not in app.panel.keys()  # nim cannot end level: the room's traits say so
        assert t.clock(0, 0.0) == 300.0 and t.time_control is not None
        assert app.hint_control() == ("enabled", None)
        taught = notation_lines(game_notation("nim"), t.legal)  # before the first move: the notation, drawn
        assert taught[0].startswith("moves are written like 1:1") and "2:3 takes three" in taught[1]
        written.clear()
        await until(lambda: any(w.startswith("moves are written like 1:1") for w in written), "the notation drawn")
        assert any("H:N takes N >= 1" in w for w in written)

        key(pygame.K_F2)  # a hint from the solver
        await until(lambda: any(line.startswith("hint: 1:2") for line in t.log), "the hint")

        key(pygame.K_F5)  # the chat box takes the keyboard; Enter sends to the room
        type_text("good game")
        key(pygame.K_RETURN, "\r")
        await until(lambda: "Ann: good game" in t.log, "our chat back from the room")
        key(pygame.K_ESCAPE)  # stop typing (the window stays)
        await until(lambda: not app.typing, "the chat box let go")

        key(pygame.K_F8)  # a hosted bot does not agree to draws: the server says why, in the log
        await until(lambda: any(line.startswith("refused:") for line in t.log), "the refused draw offer")

        key(pygame.K_F3)  # resigning asks first
        await until(lambda: app.question is not None, "the question")
        assert "Resign this Nim game against bot (random)?" in (app.question or "")
        await until(lambda: "button yes" in app.panel.keys(), "the question drawn")
        click(app.panel.center("button no"))
        await until(lambda: app.question is None, "the answer no")
        assert t.status == "playing"
        key(pygame.K_F3)
        await until(lambda: app.question is not None, "the question again")
        key(pygame.K_y, "y")
        await until(lambda: t.is_over, "the resignation")
        assert t.result is not None and t.result.ending == "resign" and t.outcome_line() == "You lose"
        assert t.reason_named == "Ann resigned"

        key(pygame.K_F6)  # the review over the board, Esc back
        await until(lambda: app.reviewing and app.review_rows is not None, "the review")
        key(pygame.K_ESCAPE)
        await until(lambda: not app.reviewing, "back to the board")
        assert not app.closed
        key(pygame.K_F7)  # back to the lobby, with its games
        await until(lambda: app.in_lobby and app.board is not None and "create" in app.board.keys(), "the lobby")
        assert app.table.room is None and app.lobby.game == "nim"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


async def test_the_hint_key_in_a_rated_tournament_game_says_why_and_the_review_comes_after(node: Node) -> None:
    async with Connection(url(node), "Ann") as conn, Connection(url(node), "Bob") as bob:
        app = gui.GuiApp(conn)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)  # the lobby
        window = asyncio.create_task(app.run())
        made = await bob.request(p.CreateTournament(game="nim", params={"heaps": [3, 4, 5]}, bots=["random"]))
        assert isinstance(made, p.TournamentState) and made.tournament.rated
        tid = made.tournament.tournament
        await conn.request(p.EnterTournament(tournament=tid))
        await bob.request(p.StartTournament(tournament=tid))
        t = app.table
        # Ann against a hosted bot, where a casual game gives hints: this one counts for the ratings.
        await until(lambda: t.is_my_turn and app.drawn == (t.room, t.ply), "Ann's turn in the tournament, drawn")
        # no Hint button where none can come (client/controls.py, the rule of every client); F2 says why
        assert t.rated and "button hint" not in app.panel.keys() and app.hint_control()[0] == "hidden"
        key(pygame.K_F2)
        await until(lambda: any("no hints in a rated game" in line for line in t.log), "the hint refusal")
        assert "no hints in a rated game" in t.message
        assert not [job for job in app._tasks if job.get_coro().__name__ == "_hint"]  # no hint is being computed
        assert t.message != "thinking..." and not any(line.startswith("hint:") for line in t.log)  # nor was one

        key(pygame.K_F3)  # she resigns; after the end the review is there as after any game
        await until(lambda: app.question is not None, "the question")
        key(pygame.K_y, "y")
        await until(lambda: t.is_over, "the resignation")
        key(pygame.K_F6)
        await until(lambda: app.reviewing and app.review_rows is not None, "the review")
        assert not app.review_title.startswith("no review")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


async def test_the_lobby_sets_the_parameters_the_clock_and_the_opponent_by_keyboard(node: Node) -> None:
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game=None, params={}, vs="bot:medium", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "create" in app.board.keys(), "the lobby")
        assert app.lobby.game == "nim" and app.lobby.params == "heaps=3,4,5 misere=false"
        key(pygame.K_DOWN)
        key(pygame.K_UP)  # the arrows move in the list of games
        key(pygame.K_p, "p")  # P edits the parameters
        await until(lambda: app.lobby.editing == "params", "editing the parameters")
        for _ in range(len(app.lobby.params)):
            key(pygame.K_BACKSPACE)
        type_text("heaps=1,2")
        key(pygame.K_TAB)  # on to the clock
        type_text("1+1")
        await until(lambda: app.lobby.clock == "1+1" and app.lobby.params == "heaps=1,2", "the typed settings")
        key(pygame.K_ESCAPE)
        key(pygame.K_RIGHT)
        key(pygame.K_RIGHT)  # medium -> hard -> max
        await until(lambda: app.lobby.vs == "bot:max" and app.lobby.editing is None, "the opponent")
        key(pygame.K_RETURN, "\r")
        await until(lambda: app.table.status == "playing", "the new room")
        t = app.table
        assert t.params["heaps"] == [1, 2] and t.seats[1].level == "max"
        assert t.time_control == p.TimeControl(initial_s=60, increment_s=1)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


async def test_a_spectator_window_has_no_player_buttons_and_follows_the_rematch(node: Node) -> None:
    async with Connection(url(node), "Ann") as ann, Connection(url(node), "Bob") as bob:
        created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1, 1]}, seat=0))
        assert isinstance(created, p.RoomCreated)
        old = created.room
        await bob.request(p.Join(room=old))
        async with Connection(url(node), "Eve") as eve:
            app = gui.GuiApp(eve)
            await app.open_room(game=None, params={}, vs="human", join=None, spectate=old)
            window = asyncio.create_task(app.run())
            t = app.table
            await until(lambda: app.drawn == (old, 0) and "button lobby" in app.panel.keys(), "the watched room")
            assert not {"button hint", "button resign", "button draw", "button rematch"} & set(app.panel.keys())
            await ann.request(p.Resign(room=old))
            await until(lambda: t.is_over, "the end")
            assert t.outcome_line() == "Bob wins" and t.reason_named == "Ann resigned"
            await ann.request(p.Rematch(room=old))
            await until(lambda: "Ann asks for a rematch" in t.log, "the request, by name")
            await bob.request(p.Rematch(room=old))
            await until(lambda: t.room != old, "the spectator in the rematch room")
            assert t.rematch_of == old and t.you is None and t.status == "playing"
            assert not any("asks for a rematch" in line for line in t.log)  # the last game's words are gone
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            assert await asyncio.wait_for(window, 10) == 0


async def test_the_lobby_lists_games_in_progress_to_watch(node: Node) -> None:
    async with Connection(url(node), "Bob") as bob, Connection(url(node), "Eve") as eve:
        seats = [p.SeatRequest(), p.SeatRequest(kind="bot", level="random")]
        created = await bob.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0, seats=seats))
        assert isinstance(created, p.RoomCreated)
        app = gui.GuiApp(eve)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        key_ = f"room {created.room}"
        await until(lambda: app.board is not None and key_ in app.board.keys(), "the room in progress listed")
        assert app.board is not None and app.board.move_at(app.board.center(key_), 1) == f"watch {created.room}"
        key(pygame.K_TAB)  # from the games to the rooms, then Enter watches the chosen one
        key(pygame.K_RETURN, "\r")
        await until(lambda: app.table.room == created.room and app.drawn is not None, "watching Bob's game")
        assert app.table.you is None and app.table.seat_name(0) == "Bob"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


async def test_watching_an_unknown_room_says_so_and_exits_1(node: Node, capsys: pytest.CaptureFixture[str]) -> None:
    code = await asyncio.to_thread(
        gui.run, url(node), game=None, params={}, vs="human", join=None, spectate="r-nosuchroom", name="Eve",
        screenshot=None, frames=1,
    )  # fmt: skip
    assert code == 1
    assert "no room 'r-nosuchroom' to watch on this server" in capsys.readouterr().err


def ring(board: Any, cell: str) -> tuple[int, int]:
    """A point on the ring that marks ``cell`` as part of the winning line (its left side, halfway up)."""
    r = board.rect_of(cell)
    return (r.left + 3, r.centery)


def test_the_winning_line_is_marked_on_the_board_and_nowhere_else() -> None:
    surface = pygame.Surface((660, 640))
    game = rules.create("tictactoe")
    state = game.replay("a1 b1 b2 c1 c3".split())
    board = gui.draw(surface, "line", game.full_view(state), AREA, last="c3")
    before = {cell: colour_at(surface, ring(board, cell)) for cell in ("a1", "b1", "c2")}
    from grundy.client.gui.board import mark_line

    assert mark_line(surface, board, ["a1", "b2", "c3"]) == ["a1", "b2", "c3"]
    for cell in ("a1", "b2", "c3"):
        assert colour_at(surface, ring(board, cell)) == WINNING_LINE, cell
    assert colour_at(surface, ring(board, "b1")) == before["b1"]  # others untouched
    assert colour_at(surface, ring(board, "c2")) == before["c2"]
    assert mark_line(surface, board, []) == []


async def test_a_won_line_game_names_the_winner_marks_the_line_and_says_who_plays_what(node: Node) -> None:
    async with Connection(url(node), "Ann") as conn, Connection(url(node), "Bob") as bob:
        app = gui.GuiApp(conn)
        await app.open_room(game="tictactoe", params={}, vs="human", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: t.room is not None and t.status == "waiting", "the room")
        assert t.heading == "Tic-tac-toe"
        await bob.request(p.Join(room=t.room))
        await until(lambda: t.is_my_turn, "the start")
        assert t.your_mark() == "you are X" and t.mark_of(1) == "O"
        for ply, cell in enumerate(["a1", "b1", "b2", "c1", "c3"]):
            if ply % 2 == 0:
                await until(functools.partial(lambda n: t.is_my_turn and app.drawn == (t.room, n), ply), "our turn")
                assert app.board is not None
                click(app.board.center(cell))
            else:
                await until(functools.partial(lambda n: t.ply == n, ply), "Bob's turn")
                await bob.request(p.Move(room=t.room, ply=ply, move=cell))
        await until(lambda: t.is_over and app.won_marked == ["a1", "b2", "c3"], "the winning line on the board")
        assert t.reason == "Ann (X) made 3 in a row" and t.outcome_line() == "You win"
        await drawn_again(app)
        shot = pygame.display.get_surface().copy()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    assert app.board is not None
    for cell in ("a1", "b2", "c3"):
        assert colour_at(shot, ring(app.board, cell)) == WINNING_LINE, cell


async def test_the_lobby_creates_a_rated_game_and_refuses_one_to_a_guest_in_words(node: Node) -> None:
    async with Connection(url(node), "Reg") as c:
        secret = (await c.request(p.Register(name="Rio"))).secret
    async with Connection(url(node), "Gus") as guest:
        app = gui.GuiApp(guest)
        await app.open_room(game=None, params={}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "rated" in app.board.keys(), "the lobby")
        key(pygame.K_r, "r")  # R ticks rated
        await until(lambda: app.lobby.rated, "rated ticked")
        click(app.board.center("create"))
        await until(lambda: "rated games are for registered players" in app.table.message, "the refusal")
        assert app.table.room is None
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    async with Connection(url(node), "Rio", secret=secret) as rio:
        app = gui.GuiApp(rio)
        await app.open_room(game=None, params={}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        await until(lambda: app.board is not None and "rated" in app.board.keys(), "the lobby")
        assert app.rated_refusal("mnk", {"players": "3"}) == "mnk with these settings has 3 seats; a rated game has two"
        click(app.board.center("rated"))
        await until(lambda: app.lobby.rated, "rated ticked by a click")
        click(app.board.center("create"))
        await until(lambda: app.table.status == "playing", "the rated game against the bot")
        assert app.table.rated and app.table.seats[1].kind == "bot"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
