"""The terminal client in each language: its footer, the turn, a refusal and the end said in the catalog's
words, fitting 80x24 (textual's headless pilot against a real node).

``GRUNDY_SCREENSHOTS=1 pytest tests/client/test_tui_lang.py`` rewrites docs/screenshots/tui-LANG.*."""

from __future__ import annotations

import os

import pytest

from grundy.client import words
from grundy.client.tui import GrundyApp
from grundy.client.tui.app import GameScreen, screen_text
from grundy.client.tui.keys import key_message
from grundy.protocol import i18n
from grundy.server.node import Node
from tests.client.test_tui import SCREENSHOTS, SIZE, focus, room_of, type_move, until
from tests.server.e2e.conftest import url

LANG_WORDS = {
    # (the refusal of an illegal move in the rules' own words, said in the language)
    "uk": ("ваш хід", "відмова (illegal_move): «1:5»: у купці 1 лише 1 предмет", "підказка", "перемога: Ann",
           "ви: виграш"),
    "ru": ("ваш ход", "отказ (illegal_move): «1:5»: в кучке 1 только 1 предмет", "подсказка", "победа: Ann",
           "вы: выигрыш"),
    "bg": ("вие сте на ход", "отказ (illegal_move): „1:5“: в купчина 1 има само 1 предмет", "подсказка", "победа: Ann",
           "вие: победа"),
}


@pytest.mark.parametrize("lang", sorted(LANG_WORDS))
async def test_a_game_against_a_bot_in_each_language(node: Node, lang: str) -> None:
    turn, refused, hint_key, won, mine = LANG_WORDS[lang]
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "1"}, vs="bot:random", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        # (every word read drawn first: a footer or a box changes only once the screen is laid out again)
        drawn = (turn, hint_key, i18n.tr(lang, "tui-board-nim", misere="no"), i18n.tr(lang, "tui-show-heap", n=1))
        await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the turn in words")
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "your move" not in text and " resign" not in text and "heap" not in text  # the board's labels
        assert text.splitlines()[0].lstrip().startswith(words.room_title("nim", {"heaps": [1]}, lang))
        assert words.game_name("nim", lang) != "Nim"  # (the room's title in the language: Нім (купки: 1))
        await type_move(pilot, "1:5")
        await until(pilot, lambda: refused in app.last_error, "the refusal in words")
        await pilot.press("f2")  # the hint, from the solver's phrases in the player's language
        said = i18n.tr(lang, "screen-hint", hint="1:1 (")  # the move and its value, then why
        await until(pilot, lambda: app.last_message.startswith(said), "the hint in words")
        assert "take" not in app.last_message and i18n.tr(lang, "ex-only", move="1:1") in app.last_message
        await type_move(pilot, "1:1")
        await until(pilot, lambda: room_of(app).is_over, "the end of the game")
        await until(pilot, lambda: won in screen_text(app) and mine in screen_text(app), "the end in words")
        text = screen_text(app)
        assert " won" not in text
        lines = text.splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
        if os.environ.get("GRUNDY_SCREENSHOTS"):  # docs/screenshots/tui-LANG.txt and .svg (docs/LANGUAGES.md)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            (SCREENSHOTS / f"tui-{lang}.txt").write_text(text + "\n", encoding="utf-8")
            svg = app.export_screenshot(title=f"grundy play --lang {lang} nim --set heaps=1 --vs bot:random")
            (SCREENSHOTS / f"tui-{lang}.svg").write_text(svg, encoding="utf-8")


def test_every_key_of_the_terminal_has_its_words() -> None:
    from grundy.client.tui.app import GrundyApp as App
    from grundy.client.tui.app import LobbyScreen

    keys = 0
    for owner in (App, LobbyScreen, GameScreen):
        for binding in vars(owner).get("BINDINGS", []):  # its own keys (textual's are its own words)
            if binding.description:
                assert i18n.has(key_message(binding.action)), (owner.__name__, binding.action)
                keys += 1
    assert keys > 20


LOBBY_WORDS = {  # the tabs, a column head, a button, a field and the first game's description, as taught
    "uk": ("Нова гра (F4)", "Кімнати (F4)", "Турніри (F8)", "Гравці (F9)", "Партії (F10)", "F2 Створити",
           "рейтингова", "проти", "Нім", "Купки предметів", "стан", "учасники", "гравець", "рейтинги"),
    "ru": ("Новая игра (F4)", "Комнаты (F4)", "Турниры (F8)", "Игроки (F9)", "Партии (F10)", "F2 Создать",
           "рейтинговая", "против", "Ним", "Кучки предметов", "статус", "участники", "игрок", "рейтинги"),
    "bg": ("Нова игра (F4)", "Стаи (F4)", "Турнири (F8)", "Играчи (F9)", "Партии (F10)", "F2 Създай",
           "рейтингова", "срещу", "Ним", "Купчини предмети", "статус", "участници", "играч", "рейтинги"),
}
LOBBY_ENGLISH = ("New game", "Rooms (F4)", "Create room", "Quick match", "Heaps of objects", "entrants",
                 "choose a game", "untimed", "connected to")


@pytest.mark.parametrize("lang", sorted(LOBBY_WORDS))
async def test_the_lobby_speaks_each_language(node: Node, lang: str) -> None:
    """The lobby's tabs, buttons, fields, column heads, the games by their taught names and the chosen game's
    description are the catalog's words; no English of the lobby is left on its pages; all fits 80x24."""
    *tabs, create, rated, vs, game, about, state, entrants, player, ratings = LOBBY_WORDS[lang]
    app = GrundyApp(url(node), "Ann", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the game list")
        drawn = (about, *tabs, create, i18n.tr(lang, "tui-lobby-btn-quick"), rated, vs, game,
                 i18n.tr(lang, "tui-lobby-help-new")[:16],  # (its first words: the line wraps)
                 i18n.tr(lang, "tui-lobby-connected", url=url(node), name="Ann"))  # (the status line)
        await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the lobby's words in the language")
        text = screen_text(app)
        pages = [text]
        for key, heads in (("f8", (state, entrants)), ("f9", (player, ratings))):
            await pilot.press(key)
            await until(pilot, lambda heads=heads: all(h in screen_text(app) for h in heads), f"the heads after {key}")
            pages.append(screen_text(app))
        for page in pages:
            lines = page.splitlines()
            assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
            assert not [w for w in LOBBY_ENGLISH if w in page], page


@pytest.mark.parametrize("lang", sorted(LOBBY_WORDS))
async def test_the_new_tournament_form_speaks_each_language(node: Node, lang: str) -> None:
    from textual.widgets import Input

    from grundy.client.tui.tournaments import NewTournamentScreen

    app = GrundyApp(url(node), "Ann", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the game list")
        await pilot.press("f8")
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen), "the new tournament form")
        drawn = [i18n.tr(lang, msg_id) for msg_id in ("tui-newt-title", "tui-newt-format", "tui-newt-rounds",
                                                      "tui-newt-gpp", "tui-newt-bots", "tui-newt-create",
                                                      "tui-lobby-rated")]  # fmt: skip
        await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the form's words")
        text = screen_text(app)
        assert "New tournament" not in text and "games/pairing" not in text and "Create (Enter)" not in text
        app.screen.query_one("#t-rounds", Input).value = "x"
        await pilot.press("enter")  # (refused in the language, naming the field)
        said = i18n.tr(lang, "tui-newt-not-whole", field=i18n.tr(lang, "tui-newt-rounds"), given="'x'", low="1",
                       high="256")
        await until(pilot, lambda: said in screen_text(app), "the refusal in words")
        lines = text.splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("lang", sorted(LOBBY_WORDS))
async def test_the_analysis_board_speaks_each_language(node: Node, lang: str) -> None:
    """The desk (F11: the analysis board of any position): its title, its move box, its help and a refusal."""
    from textual.widgets import Input

    from grundy.client.tui.analysis import AnalysisScreen

    app = GrundyApp(url(node), "Ann", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the game list")
        await pilot.press("f11")  # (the first game of the list: nim)
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the desk")
        title = i18n.tr(lang, "tui-an-title", game=words.game_name("nim", lang), ply=0, plies=0)
        helped = i18n.tr(lang, "tui-an-help")[:12]
        await until(pilot, lambda: title in screen_text(app) and helped in screen_text(app), "the board's words")
        text = screen_text(app)
        assert "analysis ·" not in text and "to move" not in text
        box = app.screen.query_one("#a-move", Input)
        await focus(pilot, box)
        box.value = "9:9"
        await pilot.press("enter")
        said = i18n.tr(lang, "tui-an-not-here", why="")
        await until(pilot, lambda: said in screen_text(app), "the refusal in words")
        lines = screen_text(app).splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
