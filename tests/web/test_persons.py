"""One person on two devices, and a challenge's link, in a real browser against a real node.

Bob signs in on a laptop and a phone (the secret of his registered name, as a person does on a second
device): the people list shows him once, on two devices; Ann's challenge reaches both pages, the laptop
accepts, the phone is told and its question goes; the game opened on the phone is Bob's (his seat, his
moves, his result).  A stranger opening the link of Ann's challenge to Bob watches: Bob's seat stays his.
"""

from __future__ import annotations

import re
from typing import Any

from grundy.server.node import Node
from tests.server.e2e.test_node_players import register
from tests.web.test_browser import base, click_move, status
from tests.web.test_browser import player as opening
from tests.web.test_people import WAIT_MS, challenge, people_row, player


async def signed_in(browser: Any, node: Node, name: str, secret: str, phone: bool = False) -> Any:
    """A device where ``name`` signs in with its secret (the name view's sign-in form): the page, on the lobby."""
    size = {"width": 390, "height": 844} if phone else {"width": 1100, "height": 850}
    page = await (await browser.new_context(viewport=size)).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    await page.goto(base(node) + "/")
    await page.click("#name-view details.signin summary")
    await page.fill('#name-view .signin-form [name="name"]', name)
    await page.fill('#name-view .signin-form [name="secret"]', secret)
    await page.click('#name-view .signin-form button[type="submit"]')
    await page.locator("#account-state", has_text=f"signed in as {name}").wait_for()
    await page.wait_for_selector("#lobby-view:not([hidden])")
    return page


async def test_two_devices_of_one_person_and_a_challenge(browser: Any, node: Node) -> None:
    secret = await register(node, "Bob")
    laptop = await signed_in(browser, node, "Bob", secret)
    phone = await signed_in(browser, node, "Bob", secret, phone=True)
    ann = await player(browser, node, "Ann")

    # Bob is one row, on two devices; on his own pages the row is "you", with no challenge to himself
    row = await people_row(ann, "Bob")
    await row.locator("td.where", has_text="on 2 devices").wait_for()
    assert await ann.locator("#people tbody tr", has_text="Bob").count() == 1
    for page in (laptop, phone):
        mine = await people_row(page, "Bob")
        await mine.locator("td.where", has_text="on 2 devices").wait_for()
        assert "you" in await mine.inner_text() and await mine.locator("[data-challenge]").count() == 0

    # Ann's challenge reaches both devices; the laptop accepts; the phone is told, its question goes
    await challenge(ann, "Bob", "nim", {"heaps": "1,2"})
    for page in (laptop, phone):
        await page.locator("[data-incoming]", has_text="Ann challenges you").wait_for()
    await laptop.click("[data-accept]")
    await laptop.wait_for_selector("#room-view:not([hidden])")
    await phone.locator("#notice", has_text="Ann's challenge was accepted on another of your devices").wait_for()
    assert await phone.locator("[data-incoming]").count() == 0
    await status(laptop, "Ann to move")
    room = re.sub(r"^.*/r/", "", laptop.url)
    assert room.startswith("r-"), laptop.url

    # the game opened on the phone is Bob's: his seat marked, his move to make from there
    await phone.goto(f"{base(node)}/r/{room}")
    await phone.wait_for_selector("#room-view:not([hidden])")
    await phone.locator('#seats [data-seat="1"]', has_text="(you)").wait_for()
    assert "(you)" not in await phone.locator('#seats [data-seat="0"]').inner_text()
    await click_move(ann, "2:2")
    await click_move(phone, "1:1")  # Bob takes the last object from the phone, and wins
    for page in (phone, laptop):
        await page.locator("#room-view", has_text=re.compile("you won", re.I)).wait_for()
    await ann.locator("#room-view", has_text=re.compile("you lost", re.I)).wait_for()
    assert laptop.errors == [] and phone.errors == [] and ann.errors == []


async def test_a_stranger_opening_a_challenge_link_watches_and_the_seat_stays_the_challenged_players(
    browser: Any, node: Node
) -> None:
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob", phone=True)
    await challenge(ann, "Bob", "nim", {"heaps": "1,2"})
    await ann.wait_for_selector("#room-view:not([hidden])")
    await ann.locator("#invite-words", has_text="This link is Bob's").wait_for()
    assert "anyone else who opens it watches" in await ann.locator("#invite-words").inner_text()
    link = await ann.input_value("#invite-link")
    eve = await opening(browser, node, "Eve", path=link.removeprefix(base(node)))
    await eve.wait_for_selector("#room-view:not([hidden])")
    await status(eve, "waiting")
    assert "(you)" not in await eve.locator("#seats").inner_text()
    # Bob's accept is not refused (the seat was kept for him), and Eve watches the game start
    await bob.locator("[data-incoming]", has_text="Ann challenges you").wait_for()
    await bob.click("[data-accept]")
    await bob.wait_for_selector("#room-view:not([hidden])")
    await bob.locator('#seats [data-seat="1"]', has_text="Bob (you)").wait_for()
    await status(eve, "Ann to move")
    assert "room_full" not in await bob.locator("#notice").inner_text()
    # an open invitation says so where it is made: anyone with its link may take the seat
    assert "anyone who has it" in await ann.locator('#opponent option[value="invite"]').inner_text()
    assert ann.errors == [] and bob.errors == [] and eve.errors == []
