"""One rating per person and game, in one format, that follows rated results without a Refresh: a page in the
lobby watches the leaderboard, the people online and a player's page while two registered players play a rated
game elsewhere."""

from __future__ import annotations

import re
from typing import Any

from grundy.server.node import Node
from tests.server.e2e.test_node_rated import one_move_game, player, ratings_of
from tests.web.test_accounts import open_page


async def test_the_leaderboard_people_and_a_player_page_follow_a_rated_game_played_elsewhere(
    browser: Any, node: Node
) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    eve = await open_page(browser, node)
    await eve.fill("#name", "Eve")
    await eve.click("#name-go")
    await eve.wait_for_selector("#lobby-view:not([hidden])")
    await eve.select_option("#board-game", "nim")
    await eve.locator("#board-empty:not([hidden])").wait_for()
    await eve.locator("#people tbody tr", has_text="Ann").locator('[data-player="Ann"]').click()  # Ann's page
    await eve.locator("#player-dialog[open]").wait_for()
    await eve.locator("#player-no-ratings:not([hidden])").wait_for()

    await one_move_game(ann, bob, rated=True)  # Ann wins, on another connection: this page is told nothing
    a, b = await ratings_of(node, "Ann"), await ratings_of(node, "Bob")  # (both rated in one transaction)
    shown = {"Ann": a.shown(), "Bob": b.shown()}  # the server's one format: `1662? ± 480`
    assert all(re.fullmatch(r"\d+\? ± \d+", text) for text in shown.values()), shown

    # Ann's page, open all along, shows her rating: no button pressed.
    await eve.locator("#player-ratings tr", has_text="nim").wait_for()
    assert shown["Ann"] in await eve.locator("#player-ratings tr").inner_text()
    await eve.click("#player-close")
    # The leaderboard shows both, in the same format, without its Refresh.
    row = eve.locator("#leaderboard tbody tr", has_text="Bob")
    await row.wait_for()
    cells = {
        (await r.locator("td").all_inner_texts())[1]: (await r.locator("td").all_inner_texts())[2]
        for r in await eve.locator("#leaderboard tbody tr").all()
    }
    assert cells == shown
    # The people online show the same figure (asked again as the lobby shows).
    people = eve.locator("#people tbody tr", has_text="Ann")
    await eve.locator("#people tbody tr", has_text=f"nim {shown['Ann']}").wait_for()
    assert f"nim {shown['Ann']}" in await people.inner_text()
    assert not eve.errors, eve.errors
