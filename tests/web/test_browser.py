"""The web client in a real browser: pages play each other and a hosted bot through a real node.

Each player is a browser context of its own (its own storage, as two people's browsers).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from grundy.server.node import Node

WAIT_MS = 10_000


def base(node: Node) -> str:
    return f"http://127.0.0.1:{node.port}"


async def player(browser: Any, node: Node, name: str | None, path: str = "/", phone: bool = False) -> Any:
    """A person opening ``path`` and choosing a name (None: taking the one suggested): the page, on the lobby
    or in the linked game."""
    size = {"width": 390, "height": 844} if phone else {"width": 1100, "height": 850}
    context = await browser.new_context(viewport=size)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    await page.goto(base(node) + path)
    if name is not None:
        await page.fill("#name", name)
    await page.click("#name-go")
    await page.wait_for_selector("#lobby-view:not([hidden]), #room-view:not([hidden])", timeout=WAIT_MS)
    return page


async def create(page: Any, game: str, opponent: str, params: dict[str, str] | None = None, clock: str = "") -> None:
    await page.select_option("#game", game)
    for name, value in (params or {}).items():
        await page.fill(f'[data-param="{name}"]', value)
    await page.select_option("#clock", clock)
    await page.select_option("#opponent", opponent)
    await page.click("#create")
    await page.wait_for_selector("#room-view:not([hidden])", timeout=WAIT_MS)


async def status(page: Any, pattern: str) -> str:
    """Wait until the room's status line matches ``pattern``; its text."""
    locator = page.locator("#room-status")
    await locator.filter(has_text=re.compile(pattern)).wait_for(timeout=WAIT_MS)
    return await locator.inner_text()


async def click_move(page: Any, move: str) -> None:
    await status(page, "your move")
    await page.click(f'#board [data-move="{move}"]', timeout=WAIT_MS)


async def test_two_pages_play_gomoku_with_an_invite_link_a_draw_offer_and_a_spectator(browser: Any, node: Node):
    ann = await player(browser, node, "Ann")
    await create(ann, "gomoku", "invite", clock="300+3")
    link = await ann.input_value("#invite-link")
    assert re.fullmatch(re.escape(base(node)) + r"/r/[A-Za-z0-9_-]+", link)
    bob = await player(browser, node, "Bob", link.removeprefix(base(node)))  # the friend opens the link
    assert "aborted without a first move in" in await status(bob, "Ann to move")
    assert await bob.locator(".seat.mine .seat-name").inner_text() == "Bob (you)"
    assert "you play white (O)" in await status(bob, "Ann to move")  # each player sees their colour
    assert "you play black (X)" in await status(ann, "your move")
    assert await bob.locator(".seat.mine .mark").inner_text() == "white (O)"
    assert await ann.locator("#room-title").inner_text() == "Gomoku 15x15"  # the title in words
    # before the first move the notation is shown; no Hint in a game without a hosted bot (the clients' rule)
    assert "The cell of the new stone: h8." in await ann.locator("#notation").inner_text()
    assert await ann.locator("#hint").is_hidden() and await ann.locator("#hint-why").is_hidden()
    assert await ann.locator("[data-clock]").count() == 2  # both clocks shown
    cy = await player(browser, node, None, link.removeprefix(base(node)))  # no seat left: a guest watches
    await status(cy, "Ann to move")
    assert re.fullmatch(r"guest\d{3}", await cy.locator("#me").inner_text())
    assert await cy.locator("#hint").is_hidden() and await cy.locator("#resign").is_hidden()

    await click_move(ann, "h8")
    await click_move(bob, "a1")
    await bob.click("#offer-draw")
    await ann.locator("#accept-draw").wait_for(timeout=WAIT_MS)
    await ann.click("#decline-draw")
    await bob.locator("#offer-draw").wait_for(timeout=WAIT_MS)  # the offer is gone
    for mine, theirs in [("h9", "a2"), ("h10", "a3")]:
        await click_move(ann, mine)
        await click_move(bob, theirs)
    await status(ann, "your move")
    await ann.focus('#board [data-move="h11"]')  # the keyboard plays too
    await ann.keyboard.press("Enter")
    await click_move(bob, "a4")
    await cy.locator('#board [data-cell="h11"].stone.black').wait_for(timeout=WAIT_MS)  # the spectator sees it
    await click_move(ann, "h12")
    for page in (ann, bob, cy):
        assert (await status(page, "won")) == "Ann won: Ann (black) made five in a row"  # the reason names her
        await page.locator("#board [data-win]").nth(4).wait_for(timeout=WAIT_MS)
        won = page.locator("#board [data-win]")
        assert sorted([await won.nth(i).get_attribute("data-cell") for i in range(await won.count())]) == [
            "h10", "h11", "h12", "h8", "h9"
        ]  # the five is marked on the board, and nothing else
    # The end in a dialog, for each reader: the players in the second person, the spectator by name.
    for page, title in ((ann, "You won"), (bob, "You lost"), (cy, "Ann won")):
        assert await page.locator("#game-over[open] #over-title").inner_text() == title
        assert await page.locator("#over-reason").inner_text() == "Ann (black) made five in a row"
    assert await cy.locator("#over-rematch").is_hidden() and await bob.locator("#over-rematch").is_visible()
    assert await ann.locator("#moves [data-ply]").count() == 9
    await cy.click("#leave")  # "Stop watching"
    await cy.locator("#lobby-view").wait_for(timeout=WAIT_MS)
    for page in (ann, bob, cy):
        assert page.errors == []


async def test_two_pages_play_nim_from_the_room_list_and_see_the_review(browser: Any, node: Node):
    ann = await player(browser, node, "Ann")
    await create(ann, "nim", "open", {"heaps": "1,2"})
    await ann.click("#to-lobby")  # she waits in the lobby: her game is listed there
    await ann.locator("#my-games [data-open]").wait_for(timeout=WAIT_MS)
    bob = await player(browser, node, "Bob")
    await bob.locator("#rooms tbody tr", has_text="Nim 1, 2").wait_for(timeout=WAIT_MS)  # listed by its title
    assert "heaps=" not in await bob.locator("#rooms tbody").inner_text()
    await bob.click("#rooms [data-join]", timeout=WAIT_MS)
    await status(bob, "Ann to move")
    assert await bob.locator("#offer-draw").is_hidden()  # nim cannot be drawn: its traits say so
    await click_move(ann, "2:2")  # throws the win away: 2:1 wins
    await bob.fill("#chat-text", "thanks!")
    await bob.press("#chat-text", "Enter")
    await ann.locator("#chat-log", has_text="Bob: thanks!").wait_for(timeout=WAIT_MS)
    await click_move(bob, "1:1")
    assert (await status(ann, "won")).startswith("Bob won")
    await ann.click("#review-button")
    verdicts = ann.locator("table.review tbody tr.move-row")
    await verdicts.nth(1).wait_for(timeout=WAIT_MS)
    rows = [await verdicts.nth(i).inner_text() for i in range(2)]
    assert "threw the win away" in rows[0] and "win in 2" in rows[0]
    assert "best" in rows[1]
    await bob.click("#rematch")
    await ann.locator("#rematch", has_text="Bob asked").wait_for(timeout=WAIT_MS)
    await ann.click("#rematch")
    assert await status(ann, "to move|your move")  # the new game, colours swapped
    await status(bob, "your move")


async def test_a_page_plays_a_hosted_bot_to_the_end_with_a_hint(browser: Any, node: Node):
    ann = await player(browser, node, "Ann", phone=True)  # on a phone-sized screen
    await create(ann, "nim", "bot:random", {"heaps": "1,2"})
    await status(ann, "your move")
    assert await ann.locator("#offer-draw").is_hidden()  # hosted bots accept no draws
    notation = await ann.locator("#notation").inner_text()
    assert "moves are written like 1:1, 2:1" in notation and "2:3 takes three from heap 2" in notation
    await ann.click("#hint")
    await ann.locator("#hint-text", has_text="hint: 2:1 (wins in 2)").wait_for(timeout=WAIT_MS)
    box = await ann.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390  # the board fits the screen
    await click_move(ann, "2:1")
    await ann.locator("#notation").wait_for(state="hidden", timeout=WAIT_MS)  # (only before the first move)
    # The bot takes one of the two heaps of 1: one move is left (the board is redrawn when it arrives).
    for _ in range(WAIT_MS // 50):
        if await ann.locator("#board [data-move]").count() == 1:
            break
        await asyncio.sleep(0.05)
    await click_move(ann, (await ann.locator("#board [data-move]").first.get_attribute("data-move")) or "")
    assert (await status(ann, "won")).startswith("Ann won")
    assert ann.errors == []


async def test_quick_match_then_a_reload_or_a_dropped_connection_keeps_the_seat(browser: Any, node: Node):
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob")
    for page in (ann, bob):  # the same game and clock: the two are matched
        await page.select_option("#game", "nim")
        await page.select_option("#clock", "180+2")
        await page.click("#quick")
        if page is ann:
            await ann.locator("#queued").wait_for(timeout=WAIT_MS)
    await click_move(ann, "1:1")  # seats in queue order
    await bob.reload()  # the page resumes its session: same seat, same game
    await status(bob, "your move")
    assert await bob.locator(".seat.mine .seat-name").inner_text() == "Bob (you)"
    assert await bob.locator("#moves [data-ply]").count() == 1
    await click_move(bob, "3:5")
    (conn,) = [c for c in node.connections if c.session is not None and c.session.name == "Ann"]
    conn.ws.transport.abort()  # the network drops Ann's connection: her page comes back by itself
    await ann.locator("#link-status", has_text="reconnecting").wait_for(timeout=WAIT_MS)
    await ann.locator("#link-status:empty").wait_for(state="attached", timeout=WAIT_MS)  # connected again
    await status(ann, "your move")
    assert await ann.locator("#moves [data-ply]").count() == 2
    await ann.click("#resign")
    await ann.click("#confirm-no")  # changed her mind: still playing
    await status(ann, "your move")
    await ann.click("#resign")
    await ann.click("#confirm-yes")
    assert (await status(bob, "won")).startswith("Bob won")
    await status(ann, "resign")  # (her page has its end when it has: Bob's may have had it first)


async def test_every_game_of_the_catalog_is_played_with_the_mouse(browser: Any, node: Node):
    from grundy import rules

    ann = await player(browser, node, "Ann")
    games = rules.names(aliases=False)
    assert await ann.locator("#game option").count() == len(games)
    for game in games:
        if await ann.locator("#to-lobby").is_visible():
            await ann.click("#to-lobby")
        await create(ann, game, "bot:random")
        await status(ann, "your move")
        target = ann.locator("#board [data-move]").first  # the board itself offers the moves
        move = await target.get_attribute("data-move")
        before = await ann.locator("#moves [data-ply]").count()
        await target.click()
        await ann.locator("#moves [data-ply]").nth(before).wait_for(timeout=WAIT_MS)
        assert move in await ann.locator("#moves [data-ply]").nth(before).inner_text(), game
        modes = rules.create(game).move_modes
        if modes and "your move" in await status(ann, "your move|won|draw"):  # minesweeper: reveal and flag
            assert [await b.inner_text() for b in await ann.locator("#extra-moves [data-mode]").all()] == [
                m.name for m in modes
            ]
            cell = ann.locator("#board [data-alt]").first  # the right button moves the other way: a flag
            name = await cell.get_attribute("data-cell")
            assert await cell.get_attribute("data-alt") == f"{modes[1].prefix} {name}"
            await cell.click(button="right")  # a right flag shows the mine, a wrong one opens the cell
            await ann.locator(f'#board [data-cell="{name}"]:not(.hidden)').wait_for(timeout=WAIT_MS)
            await ann.locator("#moves [data-ply]", has_text=f"{modes[1].prefix} {name}").wait_for(timeout=WAIT_MS)
            if "your move" in await status(ann, "your move|won|draw"):  # the flag button: a click flags
                await ann.click(f'#extra-moves [data-mode="{modes[1].prefix}"]')
                target = ann.locator(f'#board [data-move^="{modes[1].prefix} "]').first
                flag = await target.get_attribute("data-move")
                await target.click()
                await ann.locator("#moves [data-ply]", has_text=flag or "?").wait_for(timeout=WAIT_MS)
        if await ann.locator("#resign").is_visible():  # a player may sit in a bounded number of games
            from playwright.async_api import TimeoutError as NotClickable

            try:
                await ann.click("#resign", timeout=3000)
                await ann.click("#confirm-yes", timeout=3000)
            except NotClickable:  # (the bot's move ended the game meanwhile: the button went with it)
                pass
        await status(ann, "won|draw")
    assert ann.errors == []


async def test_the_board_is_chosen_by_the_kind_of_view_and_an_unknown_kind_is_shown_as_data(browser: Any, node: Node):
    """A game the page has never heard of is drawn by its view's kind; a kind it knows no renderer for
    is shown as data, never an error (the page's own board module, in the browser)."""
    ann = await player(browser, node, "Ann")
    drawn = await ann.evaluate(
        """async () => {
        const { drawBoard } = await import("/static/boards.js");
        const room = (view, kind) => ({ game: "brand-new", view, legal_moves: ["2:1"],
          traits: { view: kind, can_draw: false, public_moves: true, scores: false, hidden_information: false,
                    move_modes: [] } });
        const heaps = drawBoard(room({ heaps: [1, 2] }, "heaps"), { play: () => {} });
        const odd = drawBoard(room({ hexes: [[0, 1]] }, "hexes"), { play: () => {} });
        const proto = drawBoard(room({ heaps: [1] }, "constructor"), { play: () => {} });
        return { heaps: heaps.element.querySelectorAll(".heap").length, used: [...heaps.used],
                 odd: [odd.element.className, odd.element.textContent, odd.used.size],
                 proto: proto.element.className };
    }"""
    )
    assert drawn["heaps"] == 2 and drawn["used"] == ["2:1"]
    cls, text, used = drawn["odd"]
    assert cls == "raw-view" and '"hexes"' in text and used == 0
    assert drawn["proto"] == "raw-view"
    assert ann.errors == []


async def test_the_opponent_list_offers_the_levels_the_node_names(browser: Any, node: Node):
    """The page keeps no copy of the bot levels: its opponent list is built from the node's `games` reply."""
    from grundy import protocol as p

    ann = await player(browser, node, "Ann")
    await ann.locator('#opponent option[value="bot:max"]').wait_for(state="attached", timeout=WAIT_MS)
    values = await ann.eval_on_selector_all("#opponent option", "options => options.map(o => o.value)")
    assert values == ["open", "invite", *(f"bot:{level}" for level in p.BOT_LEVELS)]
    assert not ann.errors
