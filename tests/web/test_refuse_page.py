"""The page says the node's precise refusals and a tournament's default title in its language: a tournament
created without a name is titled in the page's language (its head and the list), and starting it without
entrants is refused with the node's precise words (`refuse.ftl`), said from the refusal's `say`."""

from __future__ import annotations

from typing import Any

import pytest

from grundy.protocol import i18n
from grundy.server.node import Node
from tests.web.test_languages import open_tournament_dialog, page_in

TITLES = {"uk": "Нім: турнір на вибування", "ru": "Ним: турнир на выбывание", "bg": "Ним: турнир с елиминации"}
TOO_FEW = {"uk": "для формату knockout потрібно щонайменше 2 учасники, а записано 0",
           "ru": "для формата knockout нужно не меньше 2 участников, а записано 0",
           "bg": "за формата knockout са нужни поне 2 участници, а записаните са 0"}


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_default_title_and_a_tournament_s_refusal_in_the_pages_language(browser: Any, node: Node,
                                                                                lang: str) -> None:
    page = await page_in(browser, node, {"uk": "uk-UA", "ru": "ru-RU", "bg": "bg-BG"}[lang])
    await open_tournament_dialog(page)
    await page.fill("#tn-name", "")
    await page.select_option("#tn-game", "nim")
    await page.select_option("#tn-format", "knockout")
    await page.click("#tn-create")
    await page.wait_for_selector("#tournament-view:not([hidden])")
    assert await page.locator("#t-name").inner_text() == TITLES[lang]
    await page.click("#t-start")  # nobody has entered: the node refuses, in its precise words
    notice = page.locator("#notice", has_text=TOO_FEW[lang])
    await notice.wait_for()
    assert (await notice.inner_text()).startswith(i18n.tr(lang, "web-tcannot-start", why="").strip())
    await page.click("#t-lobby")
    row = page.locator("#tournaments tbody tr", has_text=TITLES[lang])
    await row.wait_for()
    assert (await row.locator("td").all_inner_texts())[1] == TITLES[lang]
    assert page.errors == []
