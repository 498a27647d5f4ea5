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


@pytest.mark.parametrize("lang", ["bg", "ru", "uk"])
async def test_the_game_screens_review_and_analysis_board_fit_80x24_in_each_language(node: Node, lang: str) -> None:
    """The game screen's footer keeps every key down to F1's help while playing, with a draw offered (F9 too) and
    after the end; its buttons are whole; the analysis board's footer and the review's foot line are whole."""
    import dataclasses

    from grundy.client.tui.analysis import AnalysisScreen, ReviewScreen
    from tests.client.test_tui import finish_nim

    helps = "f1 " + i18n.tr(lang, "tui-key-help")

    def footer_whole(what: str) -> str:
        lines = screen_text(app).splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
        assert lines[-1].rstrip().endswith(helps), (what, lines[-1])
        return lines[-1]

    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        await until(pilot, lambda: screen_text(app).rstrip().endswith(helps), "the game's footer")
        footer_whole("playing")
        room = app.room
        assert room is not None and room.state is not None
        room.state = dataclasses.replace(room.state, draw_offer=(1,))  # the bot offers a draw (as a person may)
        app._redraw()
        decline = "f9 " + i18n.tr(lang, "tui-key-decline-draw")
        await until(pilot, lambda: decline in screen_text(app), "F9 in the footer")
        footer = footer_whole("a draw offered")
        assert decline in footer
        accept = i18n.tr(lang, "tui-btn-accept-draw")
        await until(pilot, lambda: accept in screen_text(app).splitlines()[-3], "the Accept draw button, whole")
        buttons = screen_text(app).splitlines()[-3]
        for key in ("hint", "resign", "accept-draw", "rematch", "review", "lobby"):
            assert i18n.tr(lang, f"tui-btn-{key}") in buttons, (key, buttons)
        room.state = dataclasses.replace(room.state, draw_offer=())
        await finish_nim(pilot, "1:1")
        await until(pilot, lambda: app.review_rows, "the review")
        await until(pilot, lambda: "f10 " in screen_text(app), "the keys of a finished game")
        footer_whole("over")
        await pilot.press("f10")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the analysis board")
        await until(pilot, lambda: screen_text(app).rstrip().endswith(helps), "the board's footer")
        footer_whole("the analysis board")
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        foot = i18n.tr(lang, "screen-review-foot")
        await until(pilot, lambda: foot in screen_text(app), "the review's foot line, whole")
        lines = screen_text(app).splitlines()
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
