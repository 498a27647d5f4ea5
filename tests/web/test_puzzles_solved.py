"""A signed-in player's solved puzzles in a real browser against a real node: solved on the puzzle's page
(the page says hello with the kept account), counted once on the player's page /p/NAME."""

from __future__ import annotations

from typing import Any

from grundy.server.node import Node
from tests.server.e2e.test_node_players import register
from tests.server.e2e.test_node_puzzles import found_puzzle
from tests.web.test_accounts import open_page
from tests.web.test_browser import base
from tests.web.test_lasting_games import signed_in


async def solved_line(browser: Any, node: Node, name: str) -> str:
    page = await open_page(browser, node)
    await page.goto(base(node) + f"/p/{name}")
    await page.fill("#name", "Eve")
    await page.click("#name-go")
    await page.locator("#player-dialog[open]").wait_for()
    line = page.locator("#player-puzzles")
    await line.filter(has_text="Puzzles solved").wait_for()
    text = await line.inner_text()
    assert page.errors == [], page.errors
    await page.context.close()
    return text


async def test_a_puzzle_solved_signed_in_counts_once_on_the_players_page(node: Node, browser: Any) -> None:
    puzzle = await found_puzzle(node)  # (nim 3,4,5 from a real game: 1:2 is its one winning move)
    secret = await register(node, "Cy")
    assert await solved_line(browser, node, "Cy") == "Puzzles solved: 0"
    cy = await signed_in(browser, node, "Cy", secret)
    for _ in range(2):  # right twice: counted once
        await cy.goto(base(node) + f"/puzzle/{puzzle}")
        await cy.locator("#puzzle-task").filter(has_text="find the winning move").wait_for(timeout=60_000)
        await cy.locator('#board [data-move="1:2"]').first.click()
        await cy.locator('#puzzle-verdict .verdict[data-verdict="right"]').wait_for(timeout=60_000)
    assert cy.errors == [], cy.errors
    assert await solved_line(browser, node, "Cy") == "Puzzles solved: 1"
