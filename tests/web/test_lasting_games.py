"""Games that last, in a real browser: a finished game's address opens it for anyone after the node restarted
(board, players, result, moves, the analysis board, the review, the downloads); a player's page at /p/NAME lists
the player's games, each opening at its address; the address is what a reload shows (F5 in the lobby stays in
the lobby, with no old game's lines); signing in from a game's link comes back to it."""

from __future__ import annotations

from typing import Any

from grundy.server.node import Node
from tests.server.e2e.test_node_players import register
from tests.server.e2e.wsclient import NodeFactory
from tests.web.test_accounts import WAIT_MS, open_page
from tests.web.test_browser import base, click_move, create, status


async def signed_in(browser: Any, node: Node, name: str, secret: str, path: str = "/") -> Any:
    """A page of a browser that keeps ``name``'s secret for this node, opened at ``path``."""
    page = await open_page(browser, node)
    await page.evaluate(
        "([origin, name, secret]) => { localStorage.setItem('grundy.accounts', JSON.stringify({[origin]: {name,"
        " secret}})); localStorage.setItem('grundy.name', name); }",
        [base(node), name, secret],
    )
    await page.goto(base(node) + path)
    await page.locator("#account-state", has_text=f"signed in as {name}").wait_for()
    return page


async def test_a_finished_games_address_lasts_and_the_address_is_what_a_reload_shows(
    browser: Any, make_node: NodeFactory
) -> None:
    node = await make_node()
    secret = await register(node, "Ann")
    ann = await signed_in(browser, node, "Ann", secret)
    await ann.wait_for_selector("#lobby-view:not([hidden])")
    await ann.check("#rated")
    await create(ann, "nim", "bot:random", {"heaps": "1,1"})
    await click_move(ann, "1:1")  # (the bot takes the last one)
    assert (await status(ann, "won")).startswith("bot (random) won")
    room = await ann.evaluate("location.pathname")
    assert room.startswith("/r/r-")  # a finished game's address is its room's id
    await ann.locator("#over-rating li:not(.pending)").first.wait_for()  # (the new ratings came)

    # F5 in the lobby: the lobby, not the finished game with its old lines.
    await ann.click("#to-lobby")
    await ann.reload()
    await ann.wait_for_selector("#lobby-view:not([hidden])")
    await ann.wait_for_timeout(500)  # (the resumed room's state has come: it must not take the page over)
    assert await ann.evaluate("location.pathname") == "/"
    assert await ann.locator("#room-view").is_hidden()
    # A reload of the game's address: that game as it is now, and no "being updated" line for ever.
    await ann.goto(base(node) + room)
    assert (await status(ann, "won")).startswith("bot (random) won")
    assert await ann.locator("#over-rating .pending").count() == 0
    await ann.reload()
    assert (await status(ann, "won")).startswith("bot (random) won")
    assert await ann.evaluate("location.pathname") == room

    # The node restarts: the game opens at its address for a stranger, in full.
    assert ann.errors == [], ann.errors
    await ann.context.close()
    await node.shutdown()
    node = await make_node()  # (the same SQLite file, another port)
    eve = await open_page(browser, node)
    await eve.goto(base(node) + room)
    why = await eve.locator("#name-why").inner_text()
    assert "invited" not in why and "opens a game" in why
    await eve.fill("#name", "Eve")
    await eve.click("#name-go")
    assert (await status(eve, "won")).startswith("bot (random) won")
    seats = await eve.locator("#seats .seat-name").all_inner_texts()
    assert seats == ["Ann", "bot (random)"]
    assert await eve.locator("#moves [data-ply]").count() == 2
    await eve.locator("#analysis:not([hidden])").wait_for()  # the analysis board
    await eve.locator("#moves [data-ply]").first.click()  # the position after the first move
    await eve.locator("#moves [data-ply]").first.and_(eve.locator("#moves .current")).wait_for()
    await eve.locator('#record-actions [data-download="pgn"]').wait_for()  # the downloads
    async with eve.expect_download() as info:
        await eve.click('#record-actions [data-download="pgn"]')
    assert (await info.value).suggested_filename == f"{room.removeprefix('/r/')}.pgn"
    await eve.click("#review-button")  # the solver's review
    await eve.locator("table.review tbody tr.move-row").nth(1).wait_for(timeout=WAIT_MS)
    await eve.click("#leave")  # (nothing to stop watching: back to the lobby, no error)
    await eve.wait_for_selector("#lobby-view:not([hidden])")

    # Ann's page lists the game; it opens at its address.
    page = await open_page(browser, node)
    await page.goto(base(node) + "/p/Ann")
    await page.fill("#name", "Cy")
    await page.click("#name-go")
    await page.locator("#player-dialog[open]").wait_for()
    row = page.locator(f'#player-games tr[data-room="{room.removeprefix("/r/")}"]')
    await row.wait_for()
    assert "won" not in (await row.inner_text()) and "lost" in await row.inner_text()
    assert await page.locator("#player-games-count").inner_text() == "1-1 of 1"
    assert await row.locator("a").get_attribute("href") == room
    rated = page.locator(f'#player-history [data-open-game="{room.removeprefix("/r/")}"]')  # (the rated games too)
    assert await rated.get_attribute("href") == room
    await row.locator("a").click()
    assert (await status(page, "won")).startswith("bot (random) won")
    assert await page.evaluate("location.pathname") == room

    # Signing in from the game's link comes back to the game.
    other = await open_page(browser, node)
    await other.goto(base(node) + room)
    await other.click("#name-view details.signin summary")
    await other.fill('#name-view .signin-form [name="name"]', "Ann")
    await other.fill('#name-view .signin-form [name="secret"]', secret)
    await other.click('#name-view .signin-form button[type="submit"]')
    await other.locator("#account-state", has_text="signed in as Ann").wait_for(state="attached")
    assert (await status(other, "won")).startswith("bot (random) won")
    assert await other.evaluate("location.pathname") == room

    for p in (eve, page, other):
        assert p.errors == [], p.errors
