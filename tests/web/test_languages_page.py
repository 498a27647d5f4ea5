"""The whole page in Ukrainian, Russian and Bulgarian, read as a person sees it: a game against a bot, its
review, the analysis board, the study pages (a position with its tree, the exam, a puzzle) and a tournament,
with no English word left anywhere on screen but names and notation; and in Bulgarian and Russian, at a
desktop's and a phone's size, no button, label or board label whose words overflow it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from grundy.protocol import i18n
from grundy.server.node import Node
from tests.web.test_browser import base
from tests.web.test_languages import open_tournament_dialog

WAIT_MS = 30_000
LOCALES = {"uk": "uk-UA", "ru": "ru-RU", "bg": "bg-BG"}
DESKTOP = {"width": 1100, "height": 850}
PHONE = {"width": 390, "height": 844}
# Words that are the same in every language: the product, people's names, notation and its symbols (the rules'
# own names of a parameter or a rule, as written in an address or `--set`), the keys of the keyboard.
SAME = {"grundy", "Ann", "Grundy", "XOR", "RD", "Max", "Enter", "Shift", "Home", "End", "UTC",
        "reach-wins", "reach-loses", "reach", "wins", "loses", "bot", "random", "easy", "medium", "hard", "max", "English",
        "JSON", "PGN", "jsonl", "pgn", "text", "docs", "RECORDS"}  # (the formats of a record and where they are told)
WORD = re.compile(r"[A-Za-z][A-Za-z-]*[A-Za-z]")


async def page_in(browser: Any, node: Node, lang: str, size: dict[str, int] = DESKTOP, path: str = "/") -> Any:
    context = await browser.new_context(viewport=size, locale=LOCALES[lang])
    page = await context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    await page.goto(base(node) + path)
    return page


# A game's parameters are named by their key (`heaps`, `misere`: the notation of `--set`) until the catalogs name
# them (`param-<game>-<name>`, client/web/forms.js paramName): the one part of the page left out of the check.
KEYS = "#study-params label, #params label, #tn-params label, #t-details"


async def english_on_screen(page: Any) -> list[str]:
    """The Latin words of the page's visible text (and its buttons' and fields' words) that are not names or
    notation: moves (`1:2`, `h8`) and codes (`W3`, `L0`) have digits, and are left out with the rest; and
    the parameters' keys (KEYS)."""
    keys = set(WORD.findall(" ".join(await page.locator(KEYS).all_inner_texts())))
    text = await page.evaluate("""() => [document.body.innerText,
        ...[...document.querySelectorAll("input[placeholder], [title], [aria-label]")]
          .filter((e) => e.checkVisibility && e.checkVisibility())
          .map((e) => [e.getAttribute("placeholder"), e.getAttribute("title"), e.getAttribute("aria-label")].filter(Boolean).join(" "))].join("\\n")""")
    found = {}
    for line in text.splitlines():
        for w in WORD.findall(line):
            if len(w) >= 3 and w not in SAME and w not in keys:
                found.setdefault(w, line.strip()[:100])
    return [f"{w}: {line}" for w, line in sorted(found.items())]


async def overflowing(page: Any) -> list[str]:
    """Buttons, labels and board labels (heaps' numbers, coordinates, codes on cells, the tree's and the exam's
    codes) whose words are wider than they are; and the review, the analysis and the panels, wider than their box."""
    return await page.evaluate("""() => [...document.querySelectorAll(
        "button, label, select, th, a.button-link, .heap-label, .coord, .note, .tree-code, .exam-cell, .puzzle-card, .step-move, "
        + "#review, #analysis, .panel")]
      .filter((e) => e.checkVisibility() && getComputedStyle(e).display !== "inline" && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}: ${e.innerText.slice(0, 40)} (${e.scrollWidth} > ${e.clientWidth})`)""")


async def play_to_the_end(page: Any, lang: str) -> None:
    """A nim game of heaps 1, 2, 3 against the random bot, the first move offered each turn, to its end."""
    await page.fill("#name", "Ann")
    await page.click("#name-go")
    await page.wait_for_selector("#lobby-view:not([hidden])")
    await page.select_option("#game", "nim")
    await page.fill('[data-param="heaps"]', "1,2,3")
    await page.select_option("#opponent", "bot:random")
    await page.click("#create")
    await page.wait_for_selector("#room-view:not([hidden])")
    your_move = i18n.tr(lang, "web-your-move")
    for _ in range(10):
        await page.locator(f"#game-over[open], #room-status:has-text('{your_move}')").first.wait_for()
        if await page.locator("#game-over[open]").count():
            break
        first = page.locator("#board [data-move]").first
        move = await first.get_attribute("data-move")
        await page.click(f'#board [data-move="{move}"]')
        await page.wait_for_timeout(150)
    await page.locator("#game-over[open]").wait_for()


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_game_its_review_and_the_analysis_board_show_no_english(browser: Any, node: Node, lang: str) -> None:
    page = await page_in(browser, node, lang)
    await play_to_the_end(page, lang)
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    await page.click("#over-review")
    await page.locator("table.review tbody tr.move-row").first.wait_for()
    await page.locator("#analysis .explanation-over, #analysis .explanation").first.wait_for()
    assert await page.locator(".review-box h3").inner_text() == i18n.tr(lang, "web-review-title")
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    await page.locator("table.review tbody tr.move-row").first.click()  # the analysis board at the start
    await page.locator('#an-where[data-ply="0"]').wait_for()
    await page.locator("#analysis .explanation .value").wait_for()
    assert (await page.locator("#an-where").inner_text()) == i18n.tr(lang, "web-an-start")
    assert i18n.tr(lang, "solve-nim-sum") in await page.locator("#board .nim-table").inner_text()
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    await page.keyboard.press("ArrowRight")  # the position after the first move, with the move played there
    await page.locator('#an-where[data-ply="1"]').wait_for()
    await page.locator("#analysis .explanation .value").wait_for()
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    assert page.errors == []


STUDY = [
    ("/analysis/nim?heaps=3,4,5&moves=1:1&tree=2", "#study-words .explanation .reason", "#tree .tree-node"),
    ("/analysis/corner?piece=king", "#study-words .explanation .map-of", "#study-words .explanation"),
    ("/exam", "#exam-answers", "#exam-codes .exam-cell"),
    ("/puzzles", "#puzzles-solved", ".puzzle-card"),
    ("/puzzle/nim-2", "#puzzle-task", "#board [data-move]"),
]


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_the_study_pages_show_no_english(browser: Any, node: Node, lang: str) -> None:
    page = await page_in(browser, node, lang, path="/analysis")
    for path, first, second in STUDY:
        await page.goto(base(node) + path)
        await page.locator(first).first.wait_for()
        await page.locator(second).first.wait_for()
        await page.wait_for_timeout(200)
        left = await english_on_screen(page)
        assert left == [], path + "\n" + "\n".join(left)
    await page.locator("#board [data-move]").first.click()  # a puzzle's answer: right or wrong, in words
    await page.locator("#puzzle-verdict .verdict").wait_for()
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    assert page.errors == []


@pytest.mark.parametrize("lang", ["ru", "bg"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_longer_words_never_overflow_a_button_or_a_label(browser: Any, node: Node, lang: str,
                                                                size: dict[str, int]) -> None:
    page = await page_in(browser, node, lang, size)
    await page.locator("#name-go").wait_for()
    assert await overflowing(page) == []
    await page.evaluate("""() => document.body.append(Object.assign(document.createElement("button"),
        { id: "too-long", textContent: "Следваща задача", style: "width: 30px; white-space: nowrap; overflow: hidden" }))""")
    assert [f.split(":")[0] for f in await overflowing(page)] == ["button#too-long."]  # (the check sees one)
    await page.evaluate("document.getElementById('too-long').remove()")
    await play_to_the_end(page, lang)
    assert await overflowing(page) == []
    await page.click("#over-review")
    await page.locator("table.review tbody tr.move-row").first.wait_for()
    await page.locator("table.review tbody tr.move-row").first.click()
    await page.locator("#analysis .explanation .value").wait_for()
    assert await overflowing(page) == []
    for path, first, _ in STUDY:
        await page.goto(base(node) + path)
        await page.locator(first).first.wait_for()
        await page.wait_for_timeout(200)
        found = await overflowing(page)
        assert found == [], (path, found)


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_tournament_page_shows_no_english(browser: Any, node: Node, lang: str) -> None:
    """A round robin of two hosted bots made in the page's form and played to its end: the whole page (the
    tournament, its standings, crosstable and games) read in the page's language."""
    page = await page_in(browser, node, lang)
    await open_tournament_dialog(page)
    await page.fill("#tn-name", "кубок")
    await page.select_option("#tn-game", "nim")
    await page.fill('#tn-params [data-param="heaps"]', "1,2")
    await page.select_option("#tn-format", "round-robin")
    await page.check('#tn-bots [data-bot="random"]')
    await page.check('#tn-bots [data-bot="easy"]')
    await page.uncheck("#tn-rated")
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    await page.click("#tn-create")
    await page.wait_for_selector("#tournament-view:not([hidden])")
    await page.click("#t-start")
    await page.locator("#t-state", has_text=i18n.tr(lang, "web-tstate", state="finished")).wait_for()
    left = await english_on_screen(page)
    assert left == [], "\n".join(left)
    assert page.errors == []
