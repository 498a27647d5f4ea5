"""People and tournaments in a real browser: who is online, a challenge declined, accepted and lapsed (said in
words on the challenger's page), and a tournament of two pages and a hosted bot played to its end with its
standings and crosstable shown.  Every control of these parts has a name for screen readers and is at least
32 px each way."""

from __future__ import annotations

import re
from typing import Any

from grundy.server.node import Node
from tests.server.e2e.wsclient import NodeFactory
from tests.web.test_browser import base, status

WAIT_MS = 20_000

# Every control in these parts of the page: its accessible name (aria-label, a label, or its text) and size.
CONTROLS = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.offsetParent !== null).map((e) => {
  const r = (e.type === "checkbox" ? e.closest("label") || e : e).getBoundingClientRect(); // (a box: its label)
  const label = e.getAttribute("aria-label") || [...(e.labels || [])].map((l) => l.textContent).join(" ")
    || (e.tagName === "BUTTON" ? e.textContent : "");
  return { what: e.outerHTML.slice(0, 80), name: label.trim(), width: r.width, height: r.height };
})"""


async def check_controls(page: Any, *areas: str) -> None:
    """Every visible button, select and input in ``areas`` is named and is a tap target of at least 32 px (a
    checkbox: with its label)."""
    selector = ", ".join(f"{a} button, {a} select, {a} input" for a in areas)
    controls = await page.evaluate(CONTROLS, selector)
    assert controls, f"no control in {areas}"
    for c in controls:
        assert c["name"], f"a control without a name: {c['what']}"
        assert c["width"] >= 32 and c["height"] >= 32, f"a control under 32 px: {c}"


async def player(browser: Any, node: Node, name: str, phone: bool = False) -> Any:
    """A person opening the page and choosing a name: the page, on the lobby, with every page error and console
    error kept in ``page.errors`` from the first load on."""
    size = {"width": 390, "height": 844} if phone else {"width": 1100, "height": 850}
    page = await (await browser.new_context(viewport=size)).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    await page.goto(base(node) + "/")
    await page.fill("#name", name)
    await page.click("#name-go")
    await page.wait_for_selector("#lobby-view:not([hidden])")
    return page


async def people_row(page: Any, name: str) -> Any:
    """The people list's row of ``name`` (the list is asked for again until it shows)."""
    row = page.locator("#people tbody tr", has_text=name)
    for _ in range(40):
        if await row.count():
            return row
        await page.click("#people-refresh")
        await page.wait_for_timeout(250)
    raise AssertionError(f"{name} never showed in the people list")


async def challenge(page: Any, name: str, game: str, params: dict[str, str], rated: bool = False) -> None:
    """Open the challenge dialog for ``name``, fill it and send it."""
    row = await people_row(page, name)
    await row.locator(f'[data-challenge="{name}"]').click()
    await page.locator("#challenge-dialog[open]").wait_for()
    await page.select_option("#challenge-game", game)
    for key, value in params.items():
        await page.fill(f'#challenge-params [data-param="{key}"]', value)
    if rated:
        await page.check("#challenge-rated")
    else:
        await page.uncheck("#challenge-rated")
    await page.click("#challenge-send")


async def test_who_is_online_and_a_challenge_declined_then_accepted(browser: Any, node: Node) -> None:
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob", phone=True)
    row = await people_row(ann, "Bob")
    cells = await row.locator("td").all_inner_texts()
    assert cells[0].startswith("Bob") and "guest" in cells[0] and cells[1] == "human" and cells[2] == "idle"
    assert "you" in await (await people_row(ann, "Ann")).inner_text()  # the page's own row: no challenge
    await check_controls(ann, "#people-panel", "#tournaments-panel")
    await check_controls(bob, "#people-panel", "#tournaments-panel")

    # A guest cannot ask for a rated game: refused in words, nothing sent.
    await challenge(bob, "Ann", "nim", {"heaps": "1,2"}, rated=True)
    assert "registered players" in await bob.locator("#challenge-error").inner_text()
    assert await bob.locator("#challenge-dialog[open]").count() == 1
    await check_controls(bob, "#challenge-dialog")
    await bob.click("#challenge-cancel")
    # A registered player may, but not of three seats (said in words), nor against a guest (the node's refusal).
    await ann.click("#register")
    await ann.click("#secret-done")
    await ann.locator("#account-state", has_text="signed in as Ann").wait_for()
    await challenge(ann, "Bob", "mnk", {"players": "3"}, rated=True)
    refused = await ann.locator("#challenge-error").inner_text()
    assert "m,n,k-game with these settings has 3 seats; a rated game has two" in refused
    await check_controls(ann, "#challenge-dialog")
    await ann.fill('#challenge-params [data-param="players"]', "2")
    await ann.click("#challenge-send")
    await ann.locator("#challenge-error", has_text="not_registered").wait_for()
    await ann.click("#challenge-cancel")
    assert await bob.locator("[data-incoming]").count() == 0 and await ann.locator("[data-incoming]").count() == 0

    # Declined: the challenger's page says so in words.
    await challenge(ann, "Bob", "nim", {"heaps": "1,2"})
    incoming = bob.locator("[data-incoming]")
    await incoming.wait_for()
    words = await incoming.inner_text()
    assert re.search(r"Ann challenges you to Nim 1, 2, untimed\.\s+It stands for \d+ s\.", words), words
    await check_controls(bob, "#challenges")
    await ann.locator("[data-outgoing]", has_text="waiting for the answer").wait_for()
    await bob.click("[data-decline]")
    await ann.locator("[data-outgoing]", has_text="Bob declined your challenge").wait_for()
    await incoming.wait_for(state="detached")  # (gone from Bob's page when his page has the answer)

    # Withdrawn: said on the challenger's page; the other page's late answer is refused in words.
    await ann.click("[data-outgoing] button")  # (dismiss the last answer)
    await ann.click("#to-lobby")
    await challenge(ann, "Bob", "nim", {"heaps": "1,2"})
    await bob.locator("[data-incoming]").wait_for()
    await ann.click("[data-outgoing] button", timeout=WAIT_MS)
    await ann.locator("[data-outgoing]", has_text="you withdrew your challenge to Bob").wait_for()
    await bob.click("[data-accept]")
    await bob.locator("#notice", has_text="Ann's challenge no longer stands").wait_for()

    # Accepted: both pages are in the game.
    await ann.click("[data-outgoing] button")
    await ann.click("#to-lobby")
    await challenge(ann, "Bob", "nim", {"heaps": "1,2"})
    await bob.locator("[data-accept]").click()
    for page in (ann, bob):
        await page.wait_for_selector("#room-view:not([hidden])")
    assert await ann.locator("#room-title").inner_text() == "Nim 1, 2"
    await status(ann, "your move")
    await status(bob, "Ann to move")
    await ann.locator("[data-outgoing]").wait_for(state="detached")  # the challenge is answered: its line is gone
    assert ann.errors == [] and bob.errors == []


async def test_a_challenge_nobody_answers_lapses_in_words(browser: Any, make_node: NodeFactory) -> None:
    node = await make_node(challenge_ttl_s=1.0)
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob")
    # The question stands for a second only: a loaded machine may show and take it away between two looks, so
    # Bob's page records each question line it adds (the line itself is gone by the time it is asked about).
    await bob.evaluate("""() => {
      window.asked = [];
      new MutationObserver((changes) => {
        for (const c of changes)
          for (const n of c.addedNodes) if (n.dataset?.incoming) window.asked.push(n.textContent);
      }).observe(document.getElementById("challenges"), { childList: true });
    }""")
    await challenge(ann, "Bob", "subtraction", {})
    await bob.wait_for_function("window.asked.length > 0", timeout=WAIT_MS)
    assert "Ann challenges you" in (await bob.evaluate("window.asked"))[0]
    await ann.locator("[data-outgoing]", has_text="Bob did not answer your challenge").wait_for(timeout=WAIT_MS)
    await bob.locator("[data-incoming]").wait_for(state="detached", timeout=WAIT_MS)  # lapsed on Bob's page too
    assert "did not answer" in await status(ann, "aborted")
    assert ann.errors == [] and bob.errors == []


async def test_a_challenge_that_comes_lapsed_is_said_lapsed_at_once_and_never_shown(browser: Any,
                                                                                     make_node: NodeFactory) -> None:
    """A page whose clock runs ahead (or a challenge delayed on the way) gets a challenge already past its time:
    its lapse is said once, and no question with buttons is left standing."""
    node = await make_node(challenge_ttl_s=5.0)
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob")
    await bob.evaluate("""() => {
      const now = Date.now; Date.now = () => now() + 10000;  // ten seconds ahead of the node
      window.lapses = 0;
      new MutationObserver(() => {
        if (document.getElementById("notice").textContent.includes("lapsed")) window.lapses += 1;
      }).observe(document.getElementById("notice"), { childList: true, characterData: true, subtree: true });
    }""")
    await challenge(ann, "Bob", "subtraction", {})
    await bob.wait_for_function("window.lapses > 0", timeout=WAIT_MS)
    assert await bob.locator("[data-incoming]").count() == 0  # (closed as it came, not a second later)
    assert "Ann's challenge lapsed" in await bob.locator("#notice").inner_text()
    assert ann.errors == [] and bob.errors == []


async def play_on(pages: list[Any], done: Any) -> None:
    """Each page takes the whole heap whenever it is its move in a game on screen, until ``done()``."""
    for _ in range(400):
        if await done():
            return
        for page in pages:
            if await page.locator("#room-view:not([hidden])").count() == 0:
                continue
            text = await page.locator("#room-status").inner_text()
            if text.startswith("your move"):
                move = page.locator('#board [data-move="1:1"]')
                if await move.count():
                    await move.click()
        await pages[0].wait_for_timeout(100)
    raise AssertionError("the tournament never ended")


async def test_a_tournament_of_two_pages_and_a_hosted_bot(browser: Any, node: Node) -> None:
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob", phone=True)

    # Ann makes a round robin of nim with one heap of 1 (the first to move wins), a hosted bot entered.
    await ann.click("#tournament-new")
    await ann.locator("#tournament-dialog[open]").wait_for()
    await check_controls(ann, "#tournament-dialog")
    await ann.fill("#tn-name", "tiny cup")
    await ann.select_option("#tn-game", "nim")
    await ann.fill('#tn-params [data-param="heaps"]', "1")
    await ann.select_option("#tn-format", "swiss")  # (a Swiss tournament needs its rounds: said in words)
    await ann.fill("#tn-rounds", "")
    await ann.click("#tn-create")
    assert "rounds" in await ann.locator("#tn-error").inner_text()
    await ann.select_option("#tn-format", "round-robin")
    assert await ann.locator("#tn-rounds").is_hidden()
    await ann.check('#tn-bots [data-bot="random"]')
    await ann.uncheck("#tn-rated")
    await ann.click("#tn-create")
    await ann.wait_for_selector("#tournament-view:not([hidden])")
    assert await ann.locator("#t-name").inner_text() == "tiny cup"
    assert (await ann.locator("#t-state").inner_text()).startswith("open")
    await ann.click("#t-enter")
    await ann.locator("#t-state", has_text="you have entered").wait_for()
    assert await ann.locator("#t-start").is_visible()
    await check_controls(ann, "#tournament-view")

    # Bob finds it in the list of open tournaments, opens it and enters.
    await bob.select_option("#tournaments-state", "open")
    row = bob.locator("#tournaments tbody tr", has_text="tiny cup")
    await row.wait_for()
    assert (await row.locator("td").all_inner_texts())[:2] == ["open", "tiny cup"]
    await row.locator("[data-open-tournament]").click()
    await bob.wait_for_selector("#tournament-view:not([hidden])")
    assert await bob.locator("#t-start").is_hidden()  # only its creator starts it
    await bob.click("#t-enter")
    await bob.locator("#t-standings tbody tr").nth(2).wait_for()
    await bob.click("#t-withdraw")  # (before the start: the entry is simply removed)
    await bob.locator("#t-enter").wait_for()
    await bob.locator("#t-standings tbody tr").nth(2).wait_for(state="detached")  # (two rows left: a push of its own)
    assert await bob.locator("#t-standings tbody tr").count() == 2
    await bob.click("#t-enter")
    await bob.locator("#t-standings tbody tr").nth(2).wait_for()
    assert await bob.locator("#t-standings tr.mine").inner_text() != ""
    await ann.locator("#t-standings tbody tr").nth(2).wait_for()  # live: Ann's page shows Bob's entry

    # Ann starts it; each page's games open by themselves and are played to the end.
    await ann.click("#t-start")

    async def finished() -> bool:
        line = ann.locator("[data-my-tournament]")
        return await line.count() > 0 and "finished" in await line.inner_text()

    await play_on([ann, bob], finished)
    await bob.locator("[data-my-tournament]", has_text="finished").wait_for()
    for page in (ann, bob):
        await page.locator("[data-my-tournament] button", has_text="Standings").click()
        await page.wait_for_selector("#tournament-view:not([hidden])")
        await page.locator("#t-state", has_text="finished").wait_for()
        standings = [await r.locator("td").all_inner_texts() for r in await page.locator("#t-standings tbody tr").all()]
        assert sorted(r[1] for r in standings) == ["Ann", "Bob", "bot (random)"]
        assert [r[4] for r in standings] == ["2", "2", "2"]  # every entrant played the two others
        assert sum(float(r[3].replace("½", ".5") or 0) for r in standings) == 3  # three games, a point each
        cross = [await r.locator("td").all_inner_texts() for r in await page.locator("#t-crosstable tbody tr").all()]
        assert [c[2:] for c in cross][0][0] == "." and len(cross) == 3 and all(len(c) == 5 for c in cross)
        assert all(re.fullmatch(r"[01]/1", c) for r in cross for c in r[2:] if c != ".")
    # Any game of it can be watched: the last round's.
    rounds = await ann.locator("#t-round option").count()
    assert rounds == 3
    await ann.select_option("#t-round", "1")
    games = ann.locator("#t-games tbody tr")
    assert await games.count() == 2  # a game and a bye
    assert any("(bye)" in text for text in await games.all_inner_texts())
    watch = ann.locator("#t-games [data-watch-game]").first
    await watch.click()
    await ann.wait_for_selector("#room-view:not([hidden])")
    await status(ann, "won")
    # The list by state: the finished one is among the finished, not among the open.
    await bob.click("#t-lobby")
    await bob.select_option("#tournaments-state", "finished")
    await bob.locator("#tournaments tbody tr", has_text="tiny cup").locator("td", has_text="finished").wait_for()
    await bob.select_option("#tournaments-state", "open")
    await bob.locator("#tournaments tbody tr", has_text="tiny cup").wait_for(state="detached")
    assert ann.errors == [] and bob.errors == []


async def test_a_tournament_game_takes_the_place_of_one_watched(browser: Any, node: Node) -> None:
    ann = await player(browser, node, "Ann")
    bob = await player(browser, node, "Bob")

    # Bob watches Ann's game against a bot; his tournament game, when it begins, takes its place (Ann's own game
    # in play stays on her page).
    await ann.click("#tournament-new")
    await ann.fill("#tn-name", "duel")
    await ann.select_option("#tn-game", "nim")
    await ann.fill('#tn-params [data-param="heaps"]', "1")
    await ann.click("#tn-create")
    await ann.click("#t-enter")
    await bob.click("#tournaments-refresh")
    await bob.locator("#tournaments tbody tr", has_text="duel").locator("[data-open-tournament]").click()
    await bob.click("#t-enter")
    await bob.click("#t-lobby")
    await ann.click("#t-lobby")
    await ann.select_option("#game", "nim")
    await ann.fill('[data-param="heaps"]', "3,4")
    await ann.select_option("#opponent", "bot:random")
    await ann.click("#create")
    await status(ann, "your move")
    await bob.click("#refresh")
    await bob.locator("#rooms [data-watch]").first.click()
    await status(bob, "Ann to move")
    assert await bob.locator(".seat.mine").count() == 0
    await bob.click("#to-lobby")
    await bob.locator("[data-my-tournament] button", has_text="Standings").click()
    await bob.click("#t-lobby")
    await bob.locator("#my-games [data-open]").click()  # back to the game watched
    await status(bob, "Ann to move")
    await ann.locator("[data-my-tournament] button", has_text="Standings").click()
    await ann.click("#t-start")
    await bob.locator(".seat.mine").wait_for()  # seated: Bob's tournament game is shown
    assert "Bob (you)" in await bob.locator(".seat.mine").inner_text()
    await bob.click("#to-lobby")
    games = await bob.locator("#my-games li").all_inner_texts()
    assert len(games) == 1 and "watching" not in games[0], games  # the game watched was left
    assert ann.errors == [] and bob.errors == []
