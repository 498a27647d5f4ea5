"""The pygame window in each language: Cyrillic drawn by its bundled font (no missing-glyph boxes), the
turn, the result and the lobby in the catalogs' words, long words shrunk to fit their button; a game
against a bot on a real node (dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from grundy.client import gui  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.client.gui.app import status_line  # noqa: E402
from grundy.client.gui.board import fit_size, font  # noqa: E402
from grundy.protocol import i18n  # noqa: E402
from grundy.server.node import Node  # noqa: E402
from tests.client.test_gui import click, until  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402


def _glyphs(text: str) -> bytes:
    img = font(20).render(text, True, (0, 0, 0), (255, 255, 255))
    return pygame.image.tobytes(img, "RGB")


def test_the_bundled_font_draws_every_letter_of_every_catalog() -> None:
    """Each letter used by a catalog renders as itself, not as the font's box for a missing glyph."""
    missing = _glyphs("\ue000")  # (a private-use code point: no font has it)
    letters = {ch for lang in i18n.LANGS for ch in i18n.catalog_text(lang) if ch.isalpha()}
    assert {"ї", "Ґ", "є", "ы", "ъ", "щ"} <= letters  # (Ukrainian, Russian and Bulgarian letters)
    boxes = sorted(ch for ch in letters if _glyphs(ch) == missing)
    assert boxes == []


def test_long_words_shrink_to_their_button() -> None:
    label = i18n.tr("ru", "gui-create-room")
    assert font(22, True).size(label)[0] > font(22, True).size(i18n.tr("en", "gui-create-room"))[0]
    size = fit_size(label, 160, 22, bold=True)
    assert size < 22 and font(size, True).size(label)[0] <= 160
    assert fit_size(i18n.tr("en", "gui-create-room"), 160, 22, bold=True) == 22


@pytest.mark.parametrize(("lang", "turn", "won"), [("uk", "ваш хід", "Ви виграли"), ("ru", "ваш ход", "Вы выиграли"),
                                                    ("bg", "вие сте на ход", "Вие спечелихте")])
async def test_a_game_against_a_bot_in_each_language(node: Node, lang: str, turn: str, won: str) -> None:
    async with Connection(url(node), "Ann", lang=lang) as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game="nim", params={"heaps": [2]}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: t.is_my_turn and app.drawn == (t.room, 0), "our turn on the screen")
        assert status_line(t) == turn
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
        said = i18n.tr(lang, "tui-hint", move="1:2", why="").rstrip()
        await until(lambda: any(line.startswith(said) for line in t.log), "the hint in words")
        assert not any("take" in line for line in t.log)  # the solver's phrases in the player's language
        assert app.panel is not None and "button resign" in app.panel.keys()
        assert app.board is not None
        click(app.board.center("heap 1 object 1"))  # takes both: the last object
        await until(lambda: t.is_over, "the end")
        assert t.outcome_line() == won and status_line(t) == won
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0
