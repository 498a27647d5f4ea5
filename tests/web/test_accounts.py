"""Accounts, ratings and records in a real browser: a page registers a name, plays a rated game against a hosted
bot, finds its rating on its page and on the leaderboard, opens and downloads the game's record; another device
signs in with the secret and signs out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from grundy.server.node import Node
from tests.web.test_browser import base, click_move, status

WAIT_MS = 60_000  # (a loaded machine: generous)


async def open_page(browser: Any, node: Node) -> Any:
    context = await browser.new_context(viewport={"width": 1100, "height": 850}, accept_downloads=True)
    page = await context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    await page.goto(base(node) + "/")
    return page


async def test_register_play_rated_see_the_rating_and_the_record(browser: Any, node: Node) -> None:
    ann = await open_page(browser, node)
    await ann.fill("#name", "Ann")
    await ann.click("#name-go")
    await ann.wait_for_selector("#lobby-view:not([hidden])")
    assert await ann.locator("#account-state").inner_text() == "guest"
    assert await ann.locator("#rated").is_disabled()
    assert "register" in await ann.locator("#rated-why").inner_text()

    # Register: the secret is shown once, with a copy button, and kept for this node.
    assert await ann.input_value("#register-name") == "Ann"
    await ann.click("#register")
    await ann.locator("#secret-dialog[open]").wait_for()
    secret = await ann.input_value("#secret-text")
    assert len(secret) >= 16
    kept = json.loads(await ann.evaluate("localStorage.getItem('grundy.accounts')"))
    assert kept == {base(node): {"name": "Ann", "secret": secret}}
    await ann.click("#secret-done")
    await ann.locator("#account-state", has_text="signed in as Ann").wait_for()
    await ann.reload()  # still signed in
    await ann.locator("#account-state", has_text="signed in as Ann").wait_for()
    assert not await ann.locator("#rated").is_disabled()

    # A game of three seats cannot be rated: the box says why.
    await ann.select_option("#game", "mnk")
    await ann.locator('[data-param="players"]').evaluate(
        "(e) => { e.value = '3'; e.dispatchEvent(new Event('change', { bubbles: true })); }"
    )
    assert await ann.locator("#rated").is_disabled()
    assert "two seats" in await ann.locator("#rated-why").inner_text()

    # A rated game against a hosted bot, to its end.
    await ann.select_option("#game", "nim")
    await ann.fill('[data-param="heaps"]', "1")
    await ann.select_option("#opponent", "bot:random")
    await ann.check("#rated")
    await ann.click("#create")
    await ann.wait_for_selector("#room-view:not([hidden])")
    assert "rated" in await ann.locator("#room-title").inner_text()
    await click_move(ann, "1:1")
    assert (await status(ann, "won")).startswith("Ann won")

    # The record: opened, and downloaded in each format the node writes for it.
    await ann.locator('#record-actions [data-download="pgn"]').wait_for()
    buttons = await ann.locator("#record-actions [data-download]").all()
    formats = [await b.get_attribute("data-download") for b in buttons]
    assert formats == ["jsonl", "text", "pgn"]
    async with ann.expect_download() as info:
        await ann.click('#record-actions [data-download="pgn"]')
    download = await info.value
    room = (await ann.evaluate("location.pathname")).removeprefix("/r/")
    assert download.suggested_filename == f"{room}.pgn"
    pgn = Path(await download.path()).read_text(encoding="utf-8")
    assert f'[Room "{room}"]' in pgn and '[Seat0 "Ann"]' in pgn and '[Result "1-0"]' in pgn
    await ann.click("#open-record")
    await ann.locator("#record-dialog[open]").wait_for()
    text = await ann.locator("#record-text").inner_text()
    assert text.startswith(f"room {room}: nim") and "seat 0: Ann" in text
    await ann.click("#record-close")

    # The rating: on the leaderboard (rating ± 2·RD, provisional marked) and on the player's page.
    await ann.click("#to-lobby")
    await ann.select_option("#board-game", "nim")
    row = ann.locator("#leaderboard tbody tr", has_text="Ann")
    for _ in range(60):  # (the node rates a finished game in the background)
        await ann.click("#board-refresh")
        if await row.count():
            break
        await ann.wait_for_timeout(500)
    cells = await row.locator("td").all_inner_texts()
    assert cells[1] == "Ann" and cells[3] == "1"
    rating = re.fullmatch(r"(\d+)\? ± (\d+)", cells[2])
    assert rating and int(rating.group(1)) == 1500, cells  # (nim 1 is won from the start: a draw, server.fair)
    await row.locator('[data-player="Ann"]').click()
    await ann.locator("#player-dialog[open]").wait_for()
    assert await ann.locator("#player-name").inner_text() == "Ann"
    ratings = await ann.locator("#player-ratings tr").all_inner_texts()
    assert len(ratings) == 1 and "nim" in ratings[0] and "provisional" in ratings[0]
    history = await ann.locator("#player-history tr").all_inner_texts()
    assert len(history) == 1 and "bot:random" in history[0] and "draw" in history[0]
    await ann.click("#player-history [data-record]")  # the game's record from the player's page
    await ann.locator("#record-dialog[open]").wait_for()
    assert (await ann.locator("#record-text").inner_text()).startswith(f"room {room}")

    # Another device: a wrong secret is refused in words and not kept; the right one signs in; then it signs out.
    other = await open_page(browser, node)
    await other.click("#name-view details.signin summary")
    await other.fill('#name-view .signin-form [name="name"]', "Ann")
    await other.fill('#name-view .signin-form [name="secret"]', "not-the-secret")
    await other.click('#name-view .signin-form button[type="submit"]')
    await other.locator("#notice.error", has_text="secret").wait_for()
    await other.wait_for_selector("#name-view:not([hidden])")
    assert await other.evaluate("localStorage.getItem('grundy.accounts')") == "{}"
    await other.reload()
    await other.click("#name-view details.signin summary")
    await other.fill('#name-view .signin-form [name="name"]', "Ann")
    await other.fill('#name-view .signin-form [name="secret"]', secret)
    await other.click('#name-view .signin-form button[type="submit"]')
    await other.locator("#account-state", has_text="signed in as Ann").wait_for()
    await other.click("#sign-out")
    await other.wait_for_selector("#name-view:not([hidden])")
    assert await other.evaluate("localStorage.getItem('grundy.accounts')") == "{}"

    assert ann.errors == [] and other.errors == []
