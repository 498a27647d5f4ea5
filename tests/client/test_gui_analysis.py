"""The pygame analysis board, review and hint: drawn on literal explanations (pixels and text rectangles read
back), and the window stepping through a finished nim game on a real node (dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402
import functools  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from grundy.client import gui  # noqa: E402
from grundy.client.analysis import AnalysisBoard  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.client.gui.analysis import (  # noqa: E402
    ROLE_COLOURS,
    draw_analysis,
    draw_explanation,
    layout_review,
    review_entries,
    stack,
)
from grundy.server.node import Node  # noqa: E402
from tests.client.test_gui import drawn_again  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402

AREA = pygame.Rect(10, 10, 640, 620)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
NIM = ["1:1", "3:4", "2:4", "1:1", "3:1", "1:1"]  # Ann's first move throws the win away (1:2 wins)


def colour_at(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    c = surface.get_at(pos)
    return (c.r, c.g, c.b)


def settle(board: AnalysisBoard) -> None:
    while (key := board.wanted()) is not None:
        board.store(key, board.compute(key))


def no_overlaps(rects: list[pygame.Rect]) -> None:
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), (a, b)


def test_the_best_nim_move_lights_the_objects_it_takes() -> None:
    surface = pygame.Surface((660, 640))
    view = {"heaps": [3, 4, 5], "to_move": 0}
    board = gui.draw(surface, "heaps", view, AREA)
    expl = {"best": ["1:2"], "value": {"outcome": "win", "text": "win"}, "rule": "nim-sum"}
    assert draw_explanation(surface, board, expl) == ["1:2"]
    for lit in ("heap 1 object 2", "heap 1 object 3"):  # 1:2 takes the last two objects of heap 1
        r = board.rect_of(lit).inflate(-1, -1)
        assert colour_at(surface, (r.x + 1, r.centery)) == ROLE_COLOURS["best"], lit
    r = board.rect_of("heap 1 object 1").inflate(-1, -1)
    assert colour_at(surface, (r.x + 1, r.centery)) != ROLE_COLOURS["best"]


def test_also_winning_moves_are_framed_apart_from_the_best() -> None:
    surface = pygame.Surface((660, 640))
    view = {"heaps": [7, 4, 4], "to_move": 0}
    board = gui.draw(surface, "heaps", view, AREA)
    expl = {"best": ["1:7"], "also": ["2:1", "3:1"], "value": {"outcome": "win", "k": 5, "text": "win in 5"},
            "rule": "nim-sum"}  # fmt: skip
    assert set(draw_explanation(surface, board, expl)) == {"1:7", "2:1", "3:1"}
    r = board.rect_of("heap 1 object 1").inflate(-1, -1)
    assert colour_at(surface, (r.x + 1, r.centery)) == ROLE_COLOURS["best"]
    r = board.rect_of("heap 2 object 4").inflate(-3, -3)
    assert colour_at(surface, (r.x, r.centery)) == ROLE_COLOURS["also"] != ROLE_COLOURS["best"]


def test_marks_codes_and_the_numbered_line_go_on_their_cells() -> None:
    surface = pygame.Surface((660, 640))
    view = {"width": 3, "height": 3, "k": 3, "symbols": ["X", "O"], "board": ["...", ".X.", "..."],
            "to_move": 1, "last": "b2", "result": None}  # fmt: skip
    board = gui.draw(surface, "line", view, AREA)
    expl = {"best": [], "line": ["a1", "c3"], "marks": [{"cell": "c1", "role": "threat"}],
            "cells": [{"cell": "a3", "code": "W3", "outcome": "win"}]}  # fmt: skip
    lit = draw_explanation(surface, board, expl)
    assert {"a1", "c3", "c1"} <= set(lit)
    r = board.rect_of("c1").inflate(-1, -1)
    assert colour_at(surface, (r.x + 1, r.centery)) == ROLE_COLOURS["threat"]
    assert colour_at(surface, board.center("a1")) != colour_at(surface, board.center("b1"))  # the line's disc


def test_wrapped_text_never_overlaps_and_stays_in_its_box() -> None:
    pygame.font.init()
    box = pygame.Rect(20, 20, 300, 200)
    words = "the nim-sum 3 XOR 4 XOR 5 = 2 is not 0; heap 1 has 3, and 3 XOR 2 = 1 is smaller: " * 4
    items, total = stack([(words, (0, 0, 0), None), ("x" * 200, (0, 0, 0), None)], box)
    assert total > len(items) > 3
    no_overlaps([it.rect for it in items])
    for it in items:
        assert box.contains(it.rect) and gui.board.font(17).size(it.words)[0] <= box.w


def test_the_review_is_laid_out_without_rows_over_each_other_and_scrolls() -> None:
    pygame.font.init()
    b = AnalysisBoard("nim", {"heaps": "3,4,5"}, NIM, ["Ann", "a bot with a long name (random)"])
    b.store_review(b.ask_review())
    settle(b)
    title = "the solver's review: You lose, a bot with a long name (random) took the last object " * 2
    items, total = layout_review(AREA, b, b.review, title, b.names)
    no_overlaps([it.rect for it in items])
    entries = [words for words, _, _ in review_entries(b, b.review, title, b.names)]
    assert "accuracy: Ann 1/3 best (33%), a bot with a long name (random) 2/3 best (67%)" in entries
    assert any(e.startswith("   best 1:2: ") and "nim-sum 0" in e for e in entries)
    assert any(e.startswith("1. Ann: 1:1 · win in 6 -> loss") and e.endswith("threw the win away") for e in entries)
    assert all(AREA.contains(it.rect) for it in items)
    small = pygame.Rect(10, 10, 400, 200)  # too small for all of it: it scrolls
    first, total = layout_review(small, b, b.review, title, b.names)
    later, _ = layout_review(small, b, b.review, title, b.names, scroll=5)
    assert total > len(first) and first[5].words == later[0].words
    no_overlaps([it.rect for it in later])
    assert any(it.action == "jump 0" for it in items)  # a click on the move opens the board there


def test_the_analysis_board_at_the_mistaken_ply_shows_1_2_lit_and_the_nim_sum_table() -> None:
    surface = pygame.Surface((960, 640))
    b = AnalysisBoard("nim", {"heaps": "3,4,5"}, NIM, ["Ann", "Bob"])
    b.jump(0)
    settle(b)
    click = draw_analysis(surface, AREA, b)
    keys = click.keys()
    assert "line jump 0" in keys and "line jump 6" in keys  # the move list, clickable
    assert "heap 1 object 1" in keys  # the board: a click tries that move
    r = click.rect_of("heap 1 object 2").inflate(-1, -1)
    assert colour_at(surface, (r.x + 1, r.centery)) == ROLE_COLOURS["best"]
    assert click.move_at(click.center("line jump 1"), 1) == "do jump 1"


async def until(check: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def key(k: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0))


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


async def test_the_window_steps_through_a_finished_nim_game_with_a_what_if_and_the_review(
    node: Node, tmp_path: Path
) -> None:
    """``GRUNDY_SCREENSHOTS=1 pytest tests/client/test_gui_analysis.py -k window`` rewrites
    docs/screenshots/pygame-analysis.png."""
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game="nim", params={"heaps": [3, 4, 5]}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: t.is_my_turn and app.drawn == (t.room, 0), "our turn on the screen")
        key(pygame.K_F2)  # the hint lights its move and says why
        await until(lambda: app.hint_shown() is not None, "the hint")
        await until(lambda: app.drawn == (t.room, 0) and app.board is not None, "the lit hint drawn")
        assert any(line.startswith("hint: 1:2") for line in t.log)
        assert any(line.startswith("why 1:2: ") and "nim-sum 0" in line for line in t.log)
        await drawn_again(app)
        picture = pygame.display.get_surface()
        r = app.board.rect_of("heap 1 object 2").inflate(-1, -1)
        assert colour_at(picture, (r.x + 1, r.centery)) == ROLE_COLOURS["best"]

        first = "1:1"  # not the hint: Ann throws the win away
        while not t.is_over:
            if t.is_my_turn and t.legal and not app._sending:
                move = first if t.ply == 0 else t.legal[0]
                before = t.ply
                app._sending = True
                app._spawn(app._send_move(t.room or "", t.ply, move))
                await until(functools.partial(lambda n: t.ply > n or t.is_over, before), "the move")
            await asyncio.sleep(0.02)
        await until(lambda: bool(app.review_rows), "the review")

        key(pygame.K_a, "a")  # the analysis board, at the end; Home goes to the start
        await until(lambda: app.analysing, "the analysis board")
        board = app.analysis
        assert board is not None and board.ply == len(t.move_list)
        key(pygame.K_HOME)
        await until(lambda: board.ply == 0 and board.explanation is not None, "the start explained")
        await drawn_again(app)
        assert board.explanation is not None and board.explanation["best"] == ["1:2"]
        shot = pygame.display.get_surface().copy()
        r = app.board.rect_of("heap 1 object 3").inflate(-1, -1)
        assert colour_at(shot, (r.x + 1, r.centery)) == ROLE_COLOURS["best"]

        key(pygame.K_RIGHT)  # Ann's 1:1, judged, with 1:2 and why
        await until(lambda: "threw the win away" in (board.move_verdict() or ""), "the verdict")
        assert "best was 1:2" in (board.move_verdict() or "")
        key(pygame.K_LEFT)
        await until(lambda: board.ply == 0 and app.board is not None and "heap 1 object 3" in app.board.keys(),
                    "the start again")  # fmt: skip
        await drawn_again(app)
        click(app.board.center("heap 3 object 5"))  # what if 3:1 from the start
        await until(lambda: board.is_what_if, "the what-if move")
        assert board.moves == ["3:1"]
        await until(lambda: "threw the win away" in (board.move_verdict() or ""), "the what-if verdict")
        key(pygame.K_b, "b")
        await until(lambda: not board.is_what_if and board.ply == 0, "back on the game's line")

        key(pygame.K_F6)  # the review; a click on a move opens the board there
        await until(lambda: app.reviewing and app.board is not None and "line jump 2" in app.board.keys(), "review")
        click(app.board.center("line jump 2"))
        await until(lambda: app.analysing and board.ply == 2, "the board at move 3")
        key(pygame.K_ESCAPE)
        await until(lambda: not app.analysing, "back to the game's board")
        assert not app.closed
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    if os.environ.get("GRUNDY_SCREENSHOTS"):
        pygame.image.save(shot, str(SCREENSHOTS / "pygame-analysis.png"))


def test_nothing_on_the_analysis_board_is_written_over_anything_else(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every text the analysis board writes (title, what-if tag, nim-sum table, words, scroll, help, move list)
    in a rectangle of its own, even with many moves and long words."""
    import grundy.client.gui.analysis as ga

    drawn: list[tuple[pygame.Rect, str]] = []
    real = ga.text

    def spy(surface: pygame.Surface, words: str, *args, **kwargs) -> pygame.Rect:  # type: ignore[no-untyped-def]
        r = real(surface, words, *args, **kwargs)
        drawn.append((r, words))
        return r

    monkeypatch.setattr(ga, "text", spy)
    game = ["1:1", "2:1", "3:1", "2:1", "3:1", "3:1", "2:1", "1:1", "3:1", "2:1", "3:1", "3:1", "2:1"]
    b = AnalysisBoard("nim", {"heaps": "3,6,7"}, game, ["Ann", "a player with a long name"])
    b.jump(2)
    assert b.try_move("2:1") is None and b.is_what_if
    settle(b)
    surface = pygame.Surface((960, 640))
    ga.draw_analysis(surface, AREA, b, scroll=2)
    rects = [r for r, words in drawn if words.strip()]
    assert len(rects) > 10 and any("WHAT IF" in words for _, words in drawn)
    assert any(words.startswith("nim-sum") for _, words in drawn)
    no_overlaps(rects)


async def test_the_desk_opens_any_position_from_the_lobby_and_its_tree_folds_and_opens_a_node(node: Node) -> None:
    """F11 in the lobby: the chosen game with its parameters at its start, explained; a click tries a move,
    B goes back; T the tree (a won root keeps only its winning moves), O opens a node; Esc, Esc: the lobby."""
    async with Connection(url(node), "Ann") as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game=None, params={}, vs="bot:easy", join=None, spectate=None)  # the lobby
        window = asyncio.create_task(app.run())
        await until(lambda: bool(app.lobby.games) and app.frame > 0, "the catalog, drawn")
        app.lobby.choose_game("nim")
        app.lobby.params = "heaps=1,2"
        key(pygame.K_F11)
        await until(lambda: app.desk and app.analysis is not None, "the desk")
        board = app.analysis
        assert board is not None and board.game_name == "nim" and board.moves == []
        await until(lambda: board.explanation is not None, "the start explained")
        assert board.explanation is not None and board.explanation["best"] == ["2:1"]
        await until(lambda: app.board is not None and "heap 2 object 2" in app.board.keys(), "the heaps drawn")
        click(app.board.center("heap 1 object 1"))  # what if 1:1: a losing move
        await until(lambda: board.moves == ["1:1"], "the move tried")
        key(pygame.K_b, "b")
        await until(lambda: board.moves == [], "back at the start")

        key(pygame.K_t, "t")
        await until(lambda: app.desk_tree is not None, "the tree")
        tree_view = app.desk_tree
        rows = tree_view.rows()
        assert rows[0].node.code == 2 and [r.path for r in rows[1:2]] == [("2:1",)]  # won: only the winning move
        assert all(r.node.code == -1 for r in rows if r.path == ("2:1",))
        key(pygame.K_RETURN)  # the root folds: one row
        await until(lambda: len(tree_view.rows()) == 1, "folded")
        key(pygame.K_SPACE)
        await until(lambda: len(tree_view.rows()) == len(rows), "unfolded")
        await until(lambda: app.board is not None and "node 1" in app.board.keys(), "the tree drawn")
        await drawn_again(app)
        tree_shot = pygame.display.get_surface().copy()
        key(pygame.K_DOWN)
        key(pygame.K_o, "o")  # the node's position on the board
        await until(lambda: app.desk_tree is None and board.moves == ["2:1"], "the node opened")
        key(pygame.K_ESCAPE)
        await until(lambda: not app.desk and app.analysis is None, "back in the lobby")
        assert not app.closed
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
    if os.environ.get("GRUNDY_SCREENSHOTS"):
        pygame.image.save(tree_shot, str(SCREENSHOTS / "pygame-tree.png"))


def test_the_folding_tree_refuses_a_game_past_the_solver_in_words_and_folds_a_known_one() -> None:
    from grundy import rules
    from grundy.client.gui.tree import FoldingTree

    try:
        FoldingTree(rules.create("gomoku"), [])
    except ValueError as e:
        assert str(e)  # words, not an empty refusal
    else:
        raise AssertionError("a gomoku tree was drawn")
    view = FoldingTree(rules.create("nim", heaps="1,2"), [], depth=2)
    assert [r.path for r in view.rows()] == [(), ("2:1",), ("2:1", "1:1"), ("2:1", "2:1")]
    view.move(1)
    view.fold()
    assert [r.path for r in view.rows()] == [(), ("2:1",)] and view.chosen_moves() == ["2:1"]
