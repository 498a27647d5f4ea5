"""The README's pictures of the web client: ``python -m tests.web.shots`` (needs chromium).

Starts a node in this process, plays a little through two browser pages and saves the lobby,
a gomoku game (stones on the crossings; and on a phone, web-gomoku-phone.png), the game-over
dialog of a rated game (web-game-over.png, and on a phone web-game-over-phone.png) and a nim
game's review to docs/screenshots/web-*.png; then the analysis board of
finished games, each at a desktop and a phone size (web-analysis-*.png): nim of heaps 3, 4, 5 at
its mistaken first move with the nim-sum table, a corner game with its map, a gomoku review with
its line.  People and tournaments, at both sizes: the people online (web-people*.png), the challenge
dialog (web-challenge*.png), the list of tournaments (web-tournaments*.png) and a finished tournament's
standings and crosstable (web-standings*.png).  ``python -m tests.web.shots people`` makes only those;
``python -m tests.web.shots languages`` the page in Ukrainian, Russian and Bulgarian (web-*-uk.png, ...).
First the study pages (web-study*.png, web-exam*.png, web-puzzle*.png): ``python -m tests.web.shots study``
makes only them; ``python -m tests.web.shots room`` only a room in play (web-game.png, web-gomoku-phone.png).
A player's page with its games (web-player-games*.png) and a finished game opened at its address after
the node restarted (web-stored-game.png): ``python -m tests.web.shots games`` makes only those.
One person on two devices (web-devices.png: the people list where Ivy is one row on two devices;
web-devices-phone.png: Ivy's phone told that her laptop accepted Jon's challenge) and a challenge's
link, said to be the challenged player's alone (web-challenge-link.png):
``python -m tests.web.shots persons`` makes only those.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

from grundy.server.node import Node, NodeConfig
from tests.web.browser import launch
from tests.web.test_analysis_board import GOMOKU, NIM_LINE, at_ply
from tests.web.test_browser import base, click_move, create, player, status

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


async def main(only: str | None = None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        node = Node(NodeConfig(host="127.0.0.1", port=0, db=f"{tmp}/grundy.db", workers=1))
        await node.start()
        try:
            async for browser in launch():
                if only == "study":
                    await study_shots(browser, node)
                    break
                if only == "room":
                    await room_shots(browser, node)
                    break
                if only == "languages":
                    await language_shots(browser, node)
                    break
                if only == "analysis":
                    await analysis_shots(browser, node)
                    break
                await games_shots(browser, tmp)
                if only == "games":
                    break
                await persons_shots(browser, node)
                if only == "persons":
                    break
                await study_shots(browser, node)
                await people_shots(browser, node)
                if only == "people":
                    break
                bob = await player(browser, node, "Bob")
                await create(bob, "nim", "open", {"heaps": "3,5,7"}, clock="300+3")
                cy = await player(browser, node, "Cy")
                await create(cy, "mnk", "open")
                ann = await player(browser, node, "Ann")
                await ann.click("#refresh")
                await ann.locator("#rooms [data-join]").nth(1).wait_for()
                await ann.screenshot(path=str(OUT / "web-lobby.png"))
                await room_shots(browser, node, ann)
                await game_over_shots(browser, node)
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
                await dee.locator("table.review tbody tr.move-row").first.wait_for()
                await dee.screenshot(path=str(OUT / "web-review.png"))
                await analysis_shots(browser, node)
        finally:
            await node.shutdown()


async def room_shots(browser: Any, node: Node, ann: Any = None) -> None:
    """A room in play: Ann's gomoku game against a hosted bot (web-game.png) and on a phone (web-gomoku-phone.png)."""
    ann = ann or await player(browser, node, "Ann")
    await create(ann, "gomoku", "bot:medium")
    for move in ("h8", "h9", "i9", "j10"):
        await click_move(ann, move)
    await status(ann, "your move")
    await ann.screenshot(path=str(OUT / "web-game.png"))
    await phone_gomoku(browser, node)


async def study_shots(browser: Any, node: Node) -> None:
    """The study pages at a desktop and a phone size: the analysis board of stones 7, 30 at its address with
    its game tree (web-study-tree*.png), nim 5, 9, 12 after a move (web-study*.png), the exam (web-exam*.png),
    the puzzles (web-puzzles*.png) and one puzzle (web-puzzle*.png)."""
    from tests.web.test_study import EXAM, page_at

    shots = (
        ("/analysis/nim?heaps=5,9,12&moves=3:1", "#study-words .explanation", "web-study"),
        ("/analysis/stones?heaps=7,30&ops=+1,*2&goal=77&tree=4", '#tree .tree-node[data-path=""]', "web-study-tree"),
        (EXAM, "#exam-answers", "web-exam"),
        ("/puzzles", "#puzzles-solved", "web-puzzles"),
        ("/puzzle/nim-2", "#puzzle-task", "web-puzzle"),
    )
    for path, ready, name in shots:
        for phone, suffix in ((False, ""), (True, "-phone")):
            page = await page_at(browser, node, path, phone=phone)
            await page.locator(ready).wait_for(timeout=60_000)
            await page.mouse.move(1, 1)
            await page.screenshot(path=str(OUT / f"{name}{suffix}.png"), full_page=True)
            await page.context.close()


async def phone_gomoku(browser: object, node: Node) -> None:
    """Gomoku on a phone: 32 px points, the board scrolled to its middle."""
    fay = await player(browser, node, "Fay", phone=True)
    await create(fay, "gomoku", "bot:medium")
    for move in ("h8", "h9", "i9"):
        await click_move(fay, move)
    await status(fay, "your move")
    await fay.eval_on_selector("#board", "(b) => { b.scrollLeft = (b.scrollWidth - b.clientWidth) / 2; }")
    await fay.mouse.move(1, 1)  # (no hover on the board)
    await fay.screenshot(path=str(OUT / "web-gomoku-phone.png"))


async def game_over_shots(browser: object, node: Node) -> None:
    """The game-over dialog: a registered player's rated win against a bot (desktop), a loss on a phone."""
    eve = await player(browser, node, "Eve")
    await eve.click("#register")
    await eve.click("#secret-done")
    await eve.locator("#account-state", has_text="signed in as Eve").wait_for()
    await eve.select_option("#game", "nim")
    await eve.fill('[data-param="heaps"]', "1,2")
    await eve.select_option("#opponent", "bot:random")
    await eve.check("#rated")
    await eve.click("#create")
    await click_move(eve, "2:1")
    await eve.locator("#moves [data-ply]").nth(1).wait_for()
    await click_move(eve, await eve.locator("#board [data-move]").first.get_attribute("data-move") or "")
    await eve.locator('#over-rating li[data-seat="0"]').wait_for()
    await eve.screenshot(path=str(OUT / "web-game-over.png"))
    gus = await player(browser, node, "Gus", phone=True)
    await create(gus, "nim", "bot:max", {"heaps": "1,2"})
    await click_move(gus, "2:2")  # (a mistake: the bot wins)
    await gus.locator("#game-over[open]").wait_for()
    await gus.screenshot(path=str(OUT / "web-game-over-phone.png"))


async def two_players(browser: object, node: Node, game: str, params: dict[str, str] | None = None) -> tuple:
    """Ann at a desktop size and Bob at a phone size, in a game of ``game`` through an invite link."""
    ann = await player(browser, node, "Ann")
    await create(ann, game, "invite", params)
    link = await ann.input_value("#invite-link")
    bob = await player(browser, node, "Bob", link.removeprefix(base(node)), phone=True)
    return ann, bob


async def shoot(ann: object, bob: object, name: str) -> None:
    await ann.screenshot(path=str(OUT / f"web-analysis-{name}.png"), full_page=True)
    await bob.screenshot(path=str(OUT / f"web-analysis-{name}-phone.png"), full_page=True)


async def analysis_shots(browser: object, node: Node) -> None:
    # nim 3, 4, 5: the start, where Ann's 3:4 threw the win away (1:2 wins), with the nim-sum table
    ann, bob = await two_players(browser, node, "nim", {"heaps": "3,4,5"})
    pages = {"Ann": ann, "Bob": bob}
    for who, move in NIM_LINE:
        await click_move(pages[who], move)
    await status(ann, "won")
    for page in (ann, bob):
        await page.keyboard.press("Home")
        await at_ply(page, 0)
        await page.locator("#board .nim-table").wait_for()
    await ann.click("#review-button")
    await ann.locator("table.review tbody tr.move-row").nth(3).wait_for()
    await shoot(ann, bob, "nim")
    # a corner game (both play the first move the board offers), its first position with the map
    ann, bob = await two_players(browser, node, "corner", {"width": "6", "height": "6"})
    pages = {"Ann": ann, "Bob": bob}
    for turn in range(20):
        page = (ann, bob)[turn % 2]
        if "won" in await status(page, "your move|won"):
            break
        await click_move(page, await page.locator("#board [data-move]").first.get_attribute("data-move") or "")
    for page in (ann, bob):
        await status(page, "won")
        await page.keyboard.press("Home")
        await at_ply(page, 0)
        await page.locator("#analysis .explanation").wait_for()
    await shoot(ann, bob, "corner")
    # gomoku: the review, and the position before Ann's h11 with its forcing line
    ann, bob = await two_players(browser, node, "gomoku")
    pages = {"Ann": ann, "Bob": bob}
    for who, move in GOMOKU:
        await click_move(pages[who], move)
    await status(ann, "won")
    await ann.click("#review-button")
    await ann.locator("table.review tbody tr.move-row").nth(8).wait_for(timeout=60_000)
    await ann.locator("table.review tbody tr.move-row").nth(6).click()
    await bob.click('#moves [data-ply="6"]')
    for page in (ann, bob):
        await at_ply(page, 6)
        await page.locator("#analysis .explanation").wait_for(timeout=30_000)
    await shoot(ann, bob, "gomoku")


async def both(desk: Any, phone: Any, name: str, panel: str | None = None) -> None:
    """Both pages, whole; or with ``panel`` at the top of the window, as far as the window shows."""
    for page, suffix in ((desk, ""), (phone, "-phone")):
        if panel is not None:
            await page.locator(panel).evaluate("(e) => e.scrollIntoView()")
        await page.screenshot(path=str(OUT / f"web-{name}{suffix}.png"), full_page=panel is None)


async def people_shots(browser: Any, node: Node) -> None:
    """Kim (desktop) and Lee (phone) online with others; a challenge; a tournament with a hosted bot, played out."""
    from tests.web.test_people import challenge, people_row, play_on

    others = [await player(browser, node, name) for name in ("Ann", "Bob")]
    kim = await player(browser, node, "Kim")
    lee = await player(browser, node, "Lee", phone=True)
    for page in (kim, lee):
        await people_row(page, "Bob")
        await people_row(page, "Kim" if page is lee else "Lee")
    # an open tournament, a running one and the one Kim and Lee play (finished)
    for page, name, game, params in ((others[0], "nim open", "nim", {"heaps": "3,4,5"}),
                                     (others[1], "kayles evening", "kayles", {})):  # fmt: skip
        await page.click("#tournament-new")
        await page.fill("#tn-name", name)
        await page.select_option("#tn-game", game)
        for key, value in params.items():
            await page.fill(f'#tn-params [data-param="{key}"]', value)
        await page.check('#tn-bots [data-bot="easy"]')
        await page.click("#tn-create")
        await page.wait_for_selector("#tournament-view:not([hidden])")
        await page.click("#t-enter")
        if name == "kayles evening":
            await page.click("#t-start")  # (running: Bob's game against the bot opens)
            await page.wait_for_selector("#room-view:not([hidden])")
            await page.click("#to-lobby")
        else:
            await page.click("#t-lobby")
    await kim.click("#tournament-new")
    await kim.fill("#tn-name", "tiny cup")
    await kim.select_option("#tn-game", "nim")
    await kim.fill('#tn-params [data-param="heaps"]', "1")
    await kim.check('#tn-bots [data-bot="random"]')
    await kim.click("#tn-create")
    await kim.wait_for_selector("#tournament-view:not([hidden])")
    await kim.click("#t-enter")
    await kim.click("#t-lobby")
    for page in (kim, lee):
        await page.click("#tournaments-refresh")
        await page.locator("#tournaments tbody tr", has_text="tiny cup").wait_for()
        await page.click("#people-refresh")
        await page.wait_for_timeout(300)
    await both(kim, lee, "people", "#people-panel")
    await both(kim, lee, "tournaments", "#tournaments-panel")
    for page, who in ((kim, "Lee"), (lee, "Kim")):
        await challenge(page, who, "nim", {"heaps": "3,5,7"}, rated=True)  # (a guest: refused in words)
        await page.select_option("#challenge-clock", "180+2")
    await both(kim, lee, "challenge", "#challenge-dialog")
    for page in (kim, lee):
        await page.click("#challenge-cancel")
    await lee.locator("#tournaments tbody tr", has_text="tiny cup").locator("[data-open-tournament]").click()
    await lee.click("#t-enter")
    await kim.locator("[data-my-tournament] button", has_text="Standings").click()
    await kim.click("#t-start")

    async def finished() -> bool:
        line = kim.locator("[data-my-tournament]")
        return await line.count() > 0 and "finished" in await line.inner_text()

    await play_on([kim, lee], finished)
    for page in (kim, lee):
        await page.locator("[data-my-tournament] button", has_text="Standings").click()
        await page.locator("#t-state", has_text="finished").wait_for()
    await both(kim, lee, "standings")


async def games_shots(browser: Any, tmp: str) -> None:
    """A registered player's page with its finished games; one of them opened at its address by a stranger
    after the node restarted, with its review."""
    config = NodeConfig(host="127.0.0.1", port=0, db=f"{tmp}/games.db", workers=1)
    node = Node(config)
    await node.start()
    hal = await player(browser, node, "Hal")
    await hal.click("#register")
    await hal.click("#secret-done")
    await hal.locator("#account-state", has_text="signed in as Hal").wait_for()
    games = [("1,1", "bot:random", False, "1:1"), ("1", "bot:easy", True, "1:1"), ("1,2", "bot:max", False, "2:2"),
             ("2", "bot:random", False, "1:2")]  # fmt: skip
    rooms = []
    for heaps, bot, rated, move in games:
        await hal.select_option("#game", "nim")
        await hal.fill('[data-param="heaps"]', heaps)
        await hal.select_option("#opponent", bot)
        await hal.set_checked("#rated", rated)
        await hal.click("#create")
        await click_move(hal, move)
        await status(hal, "won")
        rooms.append(await hal.evaluate("location.pathname"))
        await hal.click("#to-lobby")
    await hal.click("#my-page")
    await hal.locator("#player-games tr").nth(len(games) - 1).wait_for()
    await hal.screenshot(path=str(OUT / "web-player-games.png"))
    phone = await player(browser, node, "Jo", "/p/Hal", phone=True)
    await phone.locator("#player-games tr").nth(len(games) - 1).wait_for()
    await phone.screenshot(path=str(OUT / "web-player-games-phone.png"))
    await node.shutdown()
    node = Node(config)  # (the same file)
    await node.start()
    try:
        ivy = await player(browser, node, "Ivy", rooms[2])
        await status(ivy, "won")
        await ivy.click("#review-button")
        await ivy.locator("table.review tbody tr.move-row").nth(1).wait_for()
        await ivy.click("#over-close")
        await ivy.screenshot(path=str(OUT / "web-stored-game.png"), full_page=True)
    finally:
        await node.shutdown()


async def persons_shots(browser: Any, node: Node) -> None:
    """Ivy signed in on a laptop and a phone; Jon's challenge to her, its link, and its answer on the laptop."""
    from tests.server.e2e.test_node_players import register
    from tests.web.test_people import challenge, people_row
    from tests.web.test_persons import signed_in

    secret = await register(node, "Ivy")
    laptop = await signed_in(browser, node, "Ivy", secret)
    phone = await signed_in(browser, node, "Ivy", secret, phone=True)
    jon = await player(browser, node, "Jon")
    row = await people_row(jon, "Ivy")
    await row.locator("td.where", has_text="on 2 devices").wait_for()
    await jon.locator("#people-panel").evaluate("(e) => e.scrollIntoView()")
    await jon.screenshot(path=str(OUT / "web-devices.png"))
    await challenge(jon, "Ivy", "nim", {"heaps": "3,4,5"})
    await jon.wait_for_selector("#room-view:not([hidden])")
    await jon.locator("#invite-words", has_text="This link is Ivy's").wait_for()
    await jon.screenshot(path=str(OUT / "web-challenge-link.png"))
    for page in (laptop, phone):
        await page.locator("[data-incoming]").wait_for()
    await laptop.click("[data-accept]")
    await phone.locator("#notice", has_text="accepted on another of your devices").wait_for()
    await phone.screenshot(path=str(OUT / "web-devices-phone.png"))
    for page in (laptop, phone, jon):
        await page.context.close()


async def language_shots(browser: Any, node: Node) -> None:
    """The page in each language (``python -m tests.web.shots languages``): the lobby and a game against a bot
    at its end and a tournament of bots, web-lobby-LANG.png, web-game-over-LANG.png and web-tournament-LANG.png
    for uk, ru and bg; the game's review (web-review-LANG.png) and its analysis board at the start
    (web-analysis-LANG.png, and on a phone web-analysis-phone-LANG.png); the study pages: a position with its
    tree (web-study-LANG.png), the exam (web-exam-LANG.png) and a puzzle answered (web-puzzle-LANG.png)."""
    for lang, locale in (("uk", "uk-UA"), ("ru", "ru-RU"), ("bg", "bg-BG")):
        context = await browser.new_context(viewport={"width": 1100, "height": 850}, locale=locale)  # type: ignore[attr-defined]
        page = await context.new_page()
        await page.goto(base(node) + "/")
        await page.fill("#name", {"uk": "Оля", "ru": "Петя", "bg": "Мария"}[lang])
        await page.click("#name-go")
        await page.wait_for_selector("#lobby-view:not([hidden])")
        await page.select_option("#game", "nim")
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(OUT / f"web-lobby-{lang}.png"))
        await page.fill('[data-param="heaps"]', "3,4,5")
        await page.select_option("#opponent", "bot:random")
        await page.click("#create")
        await page.wait_for_selector("#room-view:not([hidden])")
        while not await page.locator("#game-over[open]").count():
            moves = page.locator("#board [data-move]")
            if await moves.count() and await page.locator("#resign").is_visible():
                await moves.first.click()
            await page.wait_for_timeout(300)
        await page.screenshot(path=str(OUT / f"web-game-over-{lang}.png"))
        await page.click("#over-review")
        await page.locator("table.review tbody tr.move-row").first.wait_for()
        await page.locator("#analysis .explanation-over, #analysis .explanation").first.wait_for()
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(OUT / f"web-review-{lang}.png"), full_page=True)
        await page.locator("table.review tbody tr.move-row").first.click()
        await page.locator('#an-where[data-ply="0"]').wait_for()
        await page.locator("#analysis .explanation .value").wait_for()
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(OUT / f"web-analysis-{lang}.png"))
        await page.set_viewport_size({"width": 390, "height": 844})
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(OUT / f"web-analysis-phone-{lang}.png"), full_page=True)
        await page.set_viewport_size({"width": 1100, "height": 850})
        for path, ready, name in (("/analysis/nim?heaps=5,9,12&moves=3:1&tree=2", "#tree .tree-node", "web-study"),
                                  ("/exam", "#exam-codes .exam-cell", "web-exam"),
                                  ("/puzzle/nim-2", "#board [data-move]", "web-puzzle")):
            await page.goto(base(node) + path)
            await page.locator(ready).first.wait_for()
            if name == "web-puzzle":
                await page.locator("#board [data-move]").first.click()
                await page.locator("#puzzle-verdict .verdict").wait_for()
            await page.wait_for_timeout(300)
            await page.screenshot(path=str(OUT / f"{name}-{lang}.png"), full_page=name != "web-exam")
        # A tournament of two hosted bots, made in the page's form and played to its end.
        await page.goto(base(node) + "/")
        await page.wait_for_selector("#lobby-view:not([hidden])")
        await page.click("#tournament-new")
        await page.fill("#tn-name", {"uk": "Кубок школи", "ru": "Кубок школы", "bg": "Купа на училището"}[lang])
        await page.select_option("#tn-game", "nim")
        await page.fill('#tn-params [data-param="heaps"]', "1,2")
        await page.check('#tn-bots [data-bot="random"]')
        await page.check('#tn-bots [data-bot="easy"]')
        await page.uncheck("#tn-rated")
        await page.click("#tn-create")
        await page.wait_for_selector("#tournament-view:not([hidden])")
        await page.click("#t-start")
        await page.locator("#t-standings tbody tr").nth(1).wait_for()
        while "(" not in await page.locator("#t-state").inner_text():  # finished: "(reason)" or ": reason"
            if ":" in await page.locator("#t-state").inner_text():
                break
            await page.wait_for_timeout(300)
        await page.screenshot(path=str(OUT / f"web-tournament-{lang}.png"))
        await context.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else None))
