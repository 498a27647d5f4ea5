"""The terminal's desk (any position without a game, from the lobby's F11), its game tree (F7) and help (F1).

``GRUNDY_SCREENSHOTS=1 pytest tests/client/test_tui_desk.py -k desk_opens`` rewrites docs/screenshots/tui-desk.*."""

from __future__ import annotations

import os

from textual.widgets import Input, OptionList, Tree

from grundy.client.tui import GrundyApp
from grundy.client.tui.analysis import AnalysisScreen
from grundy.client.tui.app import screen_text
from grundy.client.tui.desk import DeskBoard, HelpScreen, TreeScreen
from grundy.server.node import Node
from tests.client.test_tui import SCREENSHOTS, SIZE, focus, shown, until
from tests.server.e2e.conftest import url


def fits(text: str) -> None:
    lines = text.splitlines()
    assert len(lines) <= SIZE[1] and all(len(line) <= SIZE[0] for line in lines)


def joined(text: str) -> str:
    """A boxed screen's words in one line (the box's sides and the wrapping left out)."""
    return " ".join(" ".join(line.strip("│ ").split()) for line in text.splitlines())


async def choose(pilot, app: GrundyApp, game: str) -> None:
    await until(pilot, lambda: app.games, "the game list")
    games = app.screen.query_one("#games", OptionList)
    index = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == game)
    games.highlighted = index
    first = app.game_schema(game)["parameters"][0]["name"]  # the lobby fills in the chosen game's defaults
    await until(pilot, lambda: app.screen.query_one("#params", Input).value.startswith(f"{first}="), "the defaults")


async def test_the_desk_opens_any_position_plays_and_takes_moves_back(node: Node) -> None:
    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, app, "nim")
        app.screen.query_one("#params", Input).value = "heaps=5,9,12"
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the desk")
        screen = app.screen
        assert isinstance(screen.model, DeskBoard)
        await until(pilot, lambda: "loss" in screen.words, "the explanation of 5, 9, 12")
        assert "f6 review" not in await shown(pilot, "nim-sum")
        box = screen.query_one("#a-move", Input)
        await focus(pilot, box)
        box.value = "3:1"
        await pilot.press("enter")
        await until(pilot, lambda: "first player 3:1" in screen.words, "the move's verdict")
        assert "WHAT IF" not in screen_text(app) and screen.model.moves == ["3:1"]
        fits(screen_text(app))
        if os.environ.get("GRUNDY_SCREENSHOTS"):  # docs/screenshots/tui-desk.* (the README's desk)
            await pilot.pause(0.3)
            (SCREENSHOTS / "tui-desk.txt").write_text(screen_text(app) + "\n", encoding="utf-8")
            svg = app.export_screenshot(title="grundy play: F11, the desk: nim 5, 9, 12 after 3:1")
            (SCREENSHOTS / "tui-desk.svg").write_text(svg, encoding="utf-8")
        await pilot.press("escape")  # typing -> the move list
        await until(pilot, lambda: screen.query_one("#a-moves", OptionList).has_focus, "the move list")
        await pilot.press("left")
        await until(pilot, lambda: screen.model.ply == 0, "a move back")


async def test_the_tree_is_an_outline_that_folds_and_opens_a_node(node: Node) -> None:
    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, app, "stones")
        app.screen.query_one("#params", Input).value = "heaps=7,30"
        await pilot.press("f11")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the desk")
        desk = app.screen
        await pilot.press("f7")
        await until(pilot, lambda: isinstance(app.screen, TreeScreen) and app.screen.root is not None, "the tree")
        tree_screen = app.screen
        text = await shown(pilot, "this position  -2", "1:+1  +2")  # the exam's code at S = 30
        fits(text)
        assert tree_screen.lines()[0] == "start  -2"
        view = tree_screen.query_one(Tree)
        first = view.root.children[0]
        assert first.is_expanded
        view.move_cursor(first)
        await pilot.press("enter")  # fold
        await until(pilot, lambda: not first.is_expanded, "the node folded")
        await pilot.press("enter")  # unfold
        await until(pilot, lambda: first.is_expanded, "the node unfolded")
        view.move_cursor(first.children[0])
        await pilot.pause()
        path = list(view.cursor_node.data)
        assert path == ["1:+1", "1:*2"]
        await pilot.press("o")  # open its position on the board
        await until(pilot, lambda: app.screen is desk, "back on the desk")
        assert desk.model.moves == path


async def test_f1_shows_the_keys_and_the_notation_with_an_example(node: Node) -> None:
    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, app, "stones")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        said = ("F2", "create room", "F11", "F12 puzzles", "2:*2 doubles heap 2", "for example: 1:+1, 1:*2, 2:+1")
        await until(pilot, lambda: all(w in joined(screen_text(app)) for w in said), "the help drawn")
        text = screen_text(app)
        fits(text)  # the long notation wraps inside the box
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen), "the help closed")


async def test_the_puzzles_judge_a_typed_move(node: Node) -> None:
    from grundy import rules
    from grundy.client.tui.desk import PuzzlesScreen
    from grundy.solver import puzzles

    app = GrundyApp(url(node), "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, app, "nim")
        await pilot.press("f12")
        await until(pilot, lambda: isinstance(app.screen, PuzzlesScreen) and app.screen.catalog, "the puzzles", 60)
        screen = app.screen
        z = screen.catalog[0]
        listed = screen.query_one("#puzzle-list", OptionList)
        listed.highlighted = 0
        await pilot.press("enter")
        await until(pilot, lambda: screen.current is not None, "the puzzle")
        assert z.id in screen.words and "find the winning move" in screen.words
        game = rules.create(z.game, **z.params)
        wrong = next(m for m in game.legal_texts(game.replay(z.moves)) if m not in z.winning)
        box = screen.query_one("#puzzle-move", Input)
        box.value = wrong
        await pilot.press("enter")
        await until(pilot, lambda: screen.words.startswith("Not this one"), "the refutation")
        box.value = z.winning[0]
        await pilot.press("enter")
        await until(pilot, lambda: screen.words.startswith("Right"), "the right answer")
        fits(await shown(pilot, "Right:"))
        await pilot.press("escape")
        await until(pilot, lambda: "solved here: 1 of" in screen.words, "the count of the solved")
        assert puzzles.catalog()[0].id == z.id


async def test_the_notation_is_shown_before_the_first_move(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "Ann's first turn")
        await until(pilot, lambda: "moves are written like 1:1," in screen_text(app), "the notation")
        shown = screen_text(app)
        assert "(F1: notation)" in shown, shown
        fits(screen_text(app))
        hint = app.screen.query_one("#hint")
        assert hint.display and not hint.disabled and app.hint_control() == ("enabled", None)


async def test_hint_is_hidden_without_a_hosted_bot_and_the_key_is_not_offered(node: Node) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="open")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None, "Ann's room")
        await until(pilot, lambda: not app.screen.query_one("#hint").display, "no Hint button")
        state, why = app.hint_control()
        assert state == "hidden" and why == "hints are for a game in progress"
        assert app.screen.check_action("hint", ()) is False


async def test_a_signed_in_players_puzzle_solved_here_counts_on_their_page(node: Node) -> None:
    from grundy import protocol as p
    from grundy.client.tui.desk import PuzzlesScreen
    from tests.server.e2e.test_node_players import hello, register

    secret = await register(node, "Cy")
    app = GrundyApp(url(node), "Cy", secret=secret)
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, app, "nim")
        await pilot.press("f12")
        await until(pilot, lambda: isinstance(app.screen, PuzzlesScreen) and app.screen.catalog, "the puzzles", 60)
        screen = app.screen
        z = screen.catalog[0]
        screen.query_one("#puzzle-list", OptionList).highlighted = 0
        await pilot.press("enter")
        await until(pilot, lambda: screen.current is not None, "the puzzle")
        screen.query_one("#puzzle-move", Input).value = z.winning[0]
        await pilot.press("enter")
        await until(pilot, lambda: screen.words.startswith("Right"), "the right answer")
        watcher = await hello(url(node), "Eve")
        for _ in range(600):  # (the node judges the answer again, then counts it)
            profile = await watcher.request(p.GetPlayer(name="Cy"), p.PlayerProfile)
            if profile.puzzles_solved:
                break
            await pilot.pause(0.1)
        assert profile.puzzles_solved == 1
        await watcher.close()


async def test_the_puzzles_and_the_help_speak_the_terminals_language(node: Node) -> None:
    from grundy.client.tui.desk import PuzzlesScreen

    app = GrundyApp(url(node), "Ann", lang="uk")
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, app, "stones")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        said = ("Довідка (Esc закриває)", "Від початку, наприклад: 1:+1, 1:*2, 2:+1")
        await until(pilot, lambda: all(w in joined(screen_text(app)) for w in said), "the help drawn")
        await pilot.press("escape")
        await pilot.press("f12")
        await until(pilot, lambda: isinstance(app.screen, PuzzlesScreen) and app.screen.catalog, "the puzzles", 60)
        assert app.screen.words.startswith("Задач: ")
        await shown(pilot, "Задачі: знайдіть виграшний хід", "легка")
