"""The page in Ukrainian, Russian and Bulgarian: the browser's language chooses it, the menu changes it and
the choice is remembered; a game against a bot from the lobby to the game-over dialog with no English left
in the parts of the page the catalogs say (the header, the lobby's panels, the room's controls and status,
the end); the node's refusals in the page's language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from grundy.protocol import i18n
from grundy.server.node import Node
from tests.web.test_browser import base, status

WAIT_MS = 30_000
# Words that are the same in every language: the product, names, notation, the clock's and rating's symbols.
SAME = {"grundy", "Ann", "RD", "Enter", "bot", "random", "easy", "medium", "hard", "max", "English", "XOR"}
CONVERTED = ["header", "#create-form > :not(#params)", "#rooms thead", "#no-rooms", "#actions", "#room-status",
             "#game-over", "#leaderboard-panel h2", "#people-panel thead", "#tournaments-panel h2"]


async def page_in(browser: Any, node: Node, locale: str) -> Any:
    context = await browser.new_context(viewport={"width": 1100, "height": 850}, locale=locale)
    page = await context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    await page.goto(base(node) + "/")
    return page


async def open_tournament_dialog(page: Any, name: str = "Ann") -> None:
    """Named ``name`` in the page, in the lobby: the dialog that makes a tournament opened."""
    await page.fill("#name", name)
    await page.click("#name-go")
    await page.wait_for_selector("#lobby-view:not([hidden])")
    await page.click("#tournament-new")
    await page.locator("#tournament-dialog[open]").wait_for()


async def english_left(page: Any, selectors: list[str] = CONVERTED, same: set[str] = SAME) -> list[str]:
    """Latin words of three letters or more shown in the converted parts of the page (none but ``same``)."""
    found = []
    for selector in selectors:
        for element in await page.locator(selector).all():
            if not await element.is_visible():
                continue
            text = await element.inner_text()
            found += [f"{selector}: {w}" for w in re.findall(r"[A-Za-z]{3,}", text) if w not in same]
    return found


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_game_against_a_bot_in_the_browsers_language(browser: Any, node: Node, lang: str) -> None:
    page = await page_in(browser, node, {"uk": "uk-UA", "ru": "ru-RU", "bg": "bg-BG"}[lang])
    await page.locator("#name-go", has_text=i18n.tr(lang, "web-play")).wait_for()
    assert await page.evaluate("document.documentElement.lang") == lang
    assert await page.input_value("#lang") == lang
    await page.fill("#name", "Ann")
    await page.click("#name-go")
    await page.wait_for_selector("#lobby-view:not([hidden])")
    assert await page.locator("#create").inner_text() == i18n.tr(lang, "web-create-room")
    names = await page.locator("#game option").all_inner_texts()
    assert i18n.tr(lang, "game-gomoku") in names and i18n.tr(lang, "game-nim") in names
    left = await english_left(page)
    assert left == [], left

    await page.select_option("#game", "nim")
    await page.fill('[data-param="heaps"]', "1")
    await page.select_option("#opponent", "bot:random")
    await page.click("#create")
    await page.wait_for_selector("#room-view:not([hidden])")
    await status(page, re.escape(i18n.tr(lang, "web-your-move")))
    left = await english_left(page)
    assert left == [], left
    await page.click('#board [data-move="1:1"]')
    await page.locator("#game-over[open]").wait_for()
    assert await page.locator("#over-title").inner_text() == i18n.tr(lang, "end-you-won")
    # the game's own rule, as the node said it (reason_say), in the page's language
    assert await page.locator("#over-reason").inner_text() == i18n.tr(lang, "words-end-nim", who="Ann")
    left = await english_left(page)
    assert left == [], left
    assert page.errors == []


async def test_the_menu_changes_the_language_and_the_choice_is_remembered(browser: Any, node: Node) -> None:
    page = await page_in(browser, node, "en-US")
    await page.locator("#name-go", has_text="Play").wait_for()
    assert await page.locator("#lang option").all_inner_texts() == ["English", "Українська", "Русский", "Български"]
    await page.select_option("#lang", "ru")
    await page.locator("#name-go", has_text="Играть").wait_for()
    assert await page.locator("h1").inner_text() == "Математические игры онлайн"
    await page.reload()
    await page.locator("#name-go", has_text="Играть").wait_for()  # remembered in this browser
    # A refusal of the node, in the page's language: a join link whose code names no room.
    await page.goto(base(node) + "/r/nothere")
    await page.fill("#name", "Ann")
    await page.click("#name-go")
    await page.locator("#notice", has_text="комнаты 'nothere' нет").wait_for()  # (the node's precise words)
    await page.select_option("#lang", "bg")
    await page.locator("#create", has_text="Нова стая").wait_for()
    left = await english_left(page)
    assert left == [], left


# The tournament's parts of the page; a game's parameters (`heaps=1` in the details) are the notation of
# `--set`, still English (docs/LANGUAGES.md).
TOURNAMENT = ["#tournaments-panel", "#tournament-view > :not(#t-details)", "#my-tournaments"]
DIALOG = ["#tournament-dialog h2", "#tournament-dialog label:not(#tn-params label)", "#tournament-dialog legend",
          "#tournament-dialog button"]


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_tournament_of_bots_in_the_pages_language(browser: Any, node: Node, lang: str) -> None:
    """A tournament made in the page's form, played by two hosted bots to its end, read in the page's language:
    the list, its state and round, the standings, crosstable and games, with no English left on screen."""
    page = await page_in(browser, node, {"uk": "uk-UA", "ru": "ru-RU", "bg": "bg-BG"}[lang])
    await open_tournament_dialog(page)
    await page.fill("#tn-name", "кубок")
    await page.select_option("#tn-game", "nim")
    await page.fill('#tn-params [data-param="heaps"]', "1")
    await page.select_option("#tn-format", "swiss")
    await page.fill("#tn-rounds", "")
    await page.click("#tn-create")
    refused = await page.locator("#tn-error").inner_text()
    assert refused.startswith(i18n.tr(lang, "web-rounds") + ":"), refused
    left = await english_left(page, DIALOG)
    assert left == [], left
    await page.select_option("#tn-format", "round-robin")
    await page.check('#tn-bots [data-bot="random"]')
    await page.check('#tn-bots [data-bot="easy"]')
    await page.uncheck("#tn-rated")
    await page.click("#tn-create")
    await page.wait_for_selector("#tournament-view:not([hidden])")
    assert (await page.locator("#t-state").inner_text()).startswith(i18n.tr(lang, "web-tstate", state="open"))
    await page.click("#t-start")
    await page.locator("#t-state", has_text=i18n.tr(lang, "web-tstate", state="finished")).wait_for()
    assert await page.locator("#t-standings tbody tr").count() == 2
    left = await english_left(page, TOURNAMENT)
    assert left == [], left
    await page.click("#t-lobby")
    await page.select_option("#tournaments-state", "finished")
    row = page.locator("#tournaments tbody tr", has_text="кубок")
    await row.locator("td", has_text=i18n.tr(lang, "web-tstate", state="finished")).wait_for()
    assert (await row.locator("td").all_inner_texts())[2] == i18n.tr(lang, "game-nim")
    left = await english_left(page, TOURNAMENT)
    assert left == [], left
    assert page.errors == []
