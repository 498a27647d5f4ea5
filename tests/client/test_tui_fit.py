"""The terminal's 80x24 in the longer words of Bulgarian and Russian (and Ukrainian): on each of the
lobby's pages the footer shows every key the page declares, down to F1's help, nothing cut at the edge;
the room's title is in the language."""

from __future__ import annotations

import pytest

from grundy.client import words
from grundy.client.tui import GrundyApp
from grundy.client.tui.app import screen_text
from grundy.protocol import i18n
from grundy.server.node import Node
from tests.client.test_tui import SIZE, until
from tests.server.e2e.conftest import url


@pytest.mark.parametrize("lang", ["bg", "ru", "uk"])
async def test_the_lobbys_footer_fits_80_columns_in_each_language(node: Node, lang: str) -> None:
    app = GrundyApp(url(node), "Ann", lang=lang)
    helps = "f1 " + i18n.tr(lang, "tui-key-help")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.games, "the game list")
        for key in ("f4", "f8", "f9", "f10"):  # the rooms, the tournaments, the players, the games again
            await pilot.press(key)
            await until(pilot, lambda: screen_text(app).rstrip().endswith(helps), f"the footer after {key}")
            lines = screen_text(app).splitlines()
            assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
            footer = lines[-1]
            assert " help" not in footer, footer
            assert len(footer) < 80 or footer.endswith(helps), footer


def test_every_room_title_of_the_catalog_fits_the_lobbys_column() -> None:
    """The rooms list cuts a title at 34 characters: each game's name alone fits in every language."""
    from grundy import rules

    for lang in i18n.LANGS:
        for name in rules.names():
            assert len(words.room_title(name, {}, lang)) <= 34, (lang, name)
