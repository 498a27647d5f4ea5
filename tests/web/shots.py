"""The README's pictures of the web client: ``python -m tests.web.shots`` (needs chromium).

Starts a node in this process, plays a little through two browser pages and saves the lobby,
a gomoku game and a nim game's review to docs/screenshots/web-*.png.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from grundy.server.node import Node, NodeConfig
from tests.web.browser import launch
from tests.web.test_browser import click_move, create, player, status

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        node = Node(NodeConfig(host="127.0.0.1", port=0, db=f"{tmp}/grundy.db", workers=1))
        await node.start()
        try:
            async for browser in launch():
                bob = await player(browser, node, "Bob")
                await create(bob, "nim", "open", {"heaps": "3,5,7"}, clock="300+3")
                cy = await player(browser, node, "Cy")
                await create(cy, "mnk", "open")
                ann = await player(browser, node, "Ann")
                await ann.click("#refresh")
                await ann.locator("#rooms [data-join]").nth(1).wait_for()
                await ann.screenshot(path=str(OUT / "web-lobby.png"))
                await create(ann, "gomoku", "bot:medium")
                for move in ("h8", "h9", "i9", "j10"):
                    await click_move(ann, move)
                await status(ann, "your move")
                await ann.screenshot(path=str(OUT / "web-game.png"))
                dee = await player(browser, node, "Dee")
                await create(dee, "nim", "bot:easy", {"heaps": "1,3,4"})
                for _ in range(4):
                    if "won" in await dee.locator("#room-status").inner_text():
                        break
                    await status(dee, "your move|won")
                    first = dee.locator("#board [data-move]").first
                    if await first.count():
                        await click_move(dee, await first.get_attribute("data-move") or "")
                await status(dee, "won")
                await dee.click("#review-button")
                await dee.locator("table.review tbody tr").first.wait_for()
                await dee.screenshot(path=str(OUT / "web-review.png"))
        finally:
            await node.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
