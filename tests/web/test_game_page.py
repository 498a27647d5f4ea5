"""The game page in a real browser: the end of a game in a dialog (in the second person, with the ratings'
change of a rated game), moves in rounds, sounds and a mute kept across a reload, the tab's title on your
move, boards played by keyboard, stones on a go board's crossings, phone-sized boards and targets."""

from __future__ import annotations

import re
from typing import Any

from grundy.server.node import Node
from tests.web.test_accounts import open_page
from tests.web.test_browser import create, player, status

WAIT_MS = 30_000  # (a loaded machine: generous)
CUE = "● Your move — grundy"


async def focused(page: Any, attr: str = "data-move") -> str | None:
    return await page.evaluate(f"document.activeElement.getAttribute('{attr}')")


async def heard(page: Any) -> list[str]:
    """The sounds the page asked for, in order: ``move``, or ``move-`` for one kept silent (muted)."""
    return await page.evaluate(
        "import('/static/sounds.js').then((m) => m.heard.map((h) => h.kind + (h.played ? '' : '-')))"
    )


async def test_a_rated_game_against_a_bot_played_by_keyboard_ends_in_a_dialog_in_the_second_person(
    browser: Any, node: Node
) -> None:
    ann = await open_page(browser, node)
    ann.set_default_timeout(WAIT_MS)
    await ann.fill("#name", "Ann")
    await ann.click("#name-go")
    await ann.click("#register")
    await ann.click("#secret-done")
    await ann.locator("#account-state", has_text="signed in as Ann").wait_for()
    assert await ann.title() == "grundy"
    await ann.select_option("#game", "nim")
    await ann.fill('[data-param="heaps"]', "1,2")
    await ann.select_option("#opponent", "bot:random")
    await ann.check("#rated")
    await ann.click("#create")
    await ann.wait_for_selector("#room-view:not([hidden])")
    assert "rated" in await ann.locator("#room-title").inner_text()
    await status(ann, "your move")
    assert await ann.title() == CUE  # the tab says it is her move

    # The heaps by keyboard: one tab stop, on "take 1 from heap 1"; down to heap 2, right to take 1, Enter.
    cursor = ann.locator('#board [data-kx][tabindex="0"]')
    assert await cursor.get_attribute("data-move") == "1:1"
    assert await ann.locator('#board [data-kx][tabindex="0"]').count() == 1
    await cursor.focus()
    await ann.keyboard.press("ArrowDown")
    assert await focused(ann) == "2:2"  # (the nearest amount in that heap)
    await ann.keyboard.press("ArrowRight")
    assert await focused(ann) == "2:1"
    assert await focused(ann, "aria-label") == "take 1 from heap 2 (of 2)"
    await ann.keyboard.press("Enter")
    await ann.locator("#moves [data-ply]").nth(1).wait_for()  # the bot answered
    await status(ann, "your move")
    assert await ann.title() == CUE
    # One numbered row per round: "1. 2:1 1:1"; the moves said for a screen reader.
    rows = ann.locator("#moves li.round")
    assert await rows.count() == 1
    assert await rows.nth(0).locator(".num").inner_text() == "1."
    first = await rows.nth(0).locator("[data-ply]").all_inner_texts()
    assert first[0] == "2:1" and re.fullmatch(r"[12]:1", first[1]), first
    assert re.fullmatch(r"bot \(random\) played [12]:1\. Your move\.", await ann.locator("#announce").inner_text())
    assert await ann.evaluate("document.activeElement.closest('#board') !== null")  # the cursor kept the focus
    await ann.keyboard.press("Enter")  # the one object left

    # The end: a dialog in the second person, the reason with names, the ratings' change.
    line = await status(ann, "won")
    dialog = ann.locator("#game-over[open]")
    await dialog.wait_for()
    assert await ann.locator("#over-title").inner_text() == "You won"
    reason = line.split(": ", 1)[1]
    assert "Ann" in reason and await ann.locator("#over-reason").inner_text() == reason
    mine = ann.locator('#over-rating li[data-seat="0"]')
    await mine.wait_for()
    # Nim 1,2 is won for the first player from its start: her win counts as a draw (server.fair), rated all the same.
    assert await mine.inner_text() == "Your rating: 1500 → 1500? (+0.0)"
    bot = await ann.locator('#over-rating li[data-seat="1"]').inner_text()
    assert bot == "bot (random)'s rating: 1500 → 1500? (+0.0)", bot
    note = "The start is won for your side: its win counts as a draw for the ratings."
    assert await ann.locator("#over-rating li.note").inner_text() == note
    assert await ann.locator("#over-rematch").is_visible() and await ann.locator("#over-review").is_visible()
    assert await ann.title() == "grundy"  # nothing waits for her any more
    assert [await r.locator("[data-ply]").count() for r in await rows.all()] == [2, 1]
    assert await rows.nth(1).locator(".num").inner_text() == "2."
    assert [s for s in await heard(ann) if s != "low"] == ["move", "move", "move", "end"]

    await ann.click("#over-review")  # the solver's review; the dialog is closed
    await ann.locator("table.review tbody tr.move-row").first.wait_for()
    assert await ann.locator("#game-over").is_hidden()

    # The mute: chosen once, remembered across a reload; muted sounds are not played.
    assert await ann.get_attribute("#mute", "aria-pressed") == "false"
    await ann.click("#mute")
    assert await ann.get_attribute("#mute", "aria-pressed") == "true"
    await ann.reload()
    await ann.locator("#room-view:not([hidden])").wait_for()
    assert await ann.get_attribute("#mute", "aria-pressed") == "true"
    assert await ann.locator("#mute").inner_text() == "♪ Sound off"
    await ann.click("#over-rematch")  # a rematch against the bot: a new game, its moves silent
    await status(ann, "to move|your move")
    await ann.locator("#game-over").wait_for(state="hidden")
    if "your move" not in await ann.locator("#room-status").inner_text():
        await ann.locator("#moves [data-ply]").first.wait_for()
    await status(ann, "your move")
    assert await heard(ann) in ([], ["move-"])
    assert ann.errors == []


async def test_gomoku_is_played_by_keyboard_with_its_stones_on_the_crossings(browser: Any, node: Node) -> None:
    ann = await player(browser, node, "Ann")
    await create(ann, "gomoku", "bot:random")
    await status(ann, "your move")
    board = ann.locator("#board .grid.goban")
    assert await board.get_attribute("role") == "grid"
    cursor = ann.locator('#board [data-kx][tabindex="0"]')
    assert await cursor.get_attribute("data-cell") == "h8"  # the cursor starts in the middle
    await cursor.focus()
    await ann.keyboard.press("Enter")
    stone = ann.locator('#board [data-cell="h8"].stone.black')
    await stone.wait_for()
    assert await stone.get_attribute("aria-label") == "h8, black stone"
    # The geometry: the stone's centre is on the crossing of column h's line and row 8's.
    crossing = await ann.evaluate(
        """() => {
        const cell = document.querySelector('#board [data-cell="h8"]');
        const r = cell.getBoundingClientRect();
        const st = getComputedStyle(cell, "::after");
        const stone = [r.left + parseFloat(st.left) + parseFloat(st.width) / 2,
                       r.top + parseFloat(st.top) + parseFloat(st.height) / 2];
        const col = document.querySelector('#board svg.goban-lines line[data-col="h"]').getBoundingClientRect();
        const row = document.querySelector('#board svg.goban-lines line[data-row="8"]').getBoundingClientRect();
        const first = document.querySelector('#board svg.goban-lines line[data-col="a"]').getBoundingClientRect();
        const a1 = document.querySelector('#board [data-cell="a1"]').getBoundingClientRect();
        return { stone, line: [col.left + col.width / 2, row.top + row.height / 2], size: parseFloat(st.width),
                 cell: r.width, edge: [first.left + first.width / 2, a1.left + a1.width / 2] };
    }"""
    )
    (sx, sy), (lx, ly) = crossing["stone"], crossing["line"]
    assert abs(sx - lx) <= 1 and abs(sy - ly) <= 1, crossing
    assert 0.7 * crossing["cell"] <= crossing["size"] <= crossing["cell"], crossing
    assert abs(crossing["edge"][0] - crossing["edge"][1]) <= 1, crossing  # the edge line runs through a1's centre
    # Arrows move the cursor (the focus follows it), Enter plays the cell under it.
    await status(ann, "your move")
    assert await ann.evaluate("document.activeElement.closest('#board') !== null")
    for _ in range(6):
        await ann.keyboard.press("ArrowUp")
        if await focused(ann) is not None:
            break
    cell = await focused(ann, "data-cell")
    assert cell is not None and cell[0] == "h" and int(cell[1:]) > 8
    await ann.keyboard.press("Enter")
    await ann.locator(f'#board [data-cell="{cell}"].stone.black').wait_for(timeout=WAIT_MS)
    await ann.locator("#moves [data-ply]").nth(3).wait_for(timeout=WAIT_MS)
    assert await ann.locator("#moves li.round").count() == 2  # h8 and the bot's answer; then her second and his
    # Looking back in the live game: a click on a move shows the position after it, the arrows step, End returns.
    await ann.click('#moves [data-ply="1"]')
    await ann.locator('#past-bar[data-ply="1"]').wait_for()
    assert await ann.locator("#board .stone").count() == 1 and await ann.locator("#board [data-move]").count() == 0
    await ann.keyboard.press("ArrowRight")
    await ann.locator('#past-bar[data-ply="2"]').wait_for()
    assert await ann.locator("#board .stone").count() == 2
    assert await ann.locator("#moves .ply.current").get_attribute("data-ply") == "2"
    await ann.keyboard.press("End")
    await ann.locator("#past-bar").wait_for(state="detached")
    assert await ann.locator("#board .stone").count() == 4
    await ann.click("#resign")
    await ann.click("#confirm-yes")
    await ann.locator("#game-over[open]").wait_for()
    assert await ann.locator("#over-title").inner_text() == "You lost"
    # A big m,n,k board is a go board too (its stones carry the seats' letters); tic-tac-toe stays in cells.
    drawn = await ann.evaluate(
        """async () => {
        const { drawBoard } = await import("/static/boards.js");
        const board = (w, h) => Array.from({ length: h }, (_, y) => (y ? "." : "X") + ".".repeat(w - 1));
        const room = (w, h) => ({ room: "x", game: "x", legal_moves: [], traits: { view: "line", move_modes: [] },
          view: { width: w, height: h, k: 3, symbols: ["X", "O"], board: board(w, h), last: "a1" } });
        const big = drawBoard(room(9, 9), { play: () => {} }).element;
        const small = drawBoard(room(3, 3), { play: () => {} }).element;
        const a1 = big.querySelector('[data-cell="a1"]');
        return [big.classList.contains("goban"), a1.className, a1.dataset.sym, small.classList.contains("goban"),
                small.querySelector('[data-cell="a1"]').textContent];
    }"""
    )
    assert drawn == [True, "cell stone black sym last", "X", False, "X"]
    assert ann.errors == []


async def test_on_a_phone_boards_fill_the_width_with_targets_of_32_px_and_kayles_pins_are_numbered(
    browser: Any, node: Node
) -> None:
    ann = await player(browser, node, "Ann", phone=True)
    for game, params in [("kayles", {}), ("mnk", {}), ("gomoku", {}), ("stones", {}), ("nim", {})]:
        if await ann.locator("#to-lobby").is_visible():
            await ann.click("#to-lobby")
        await create(ann, game, "bot:random", params)
        await status(ann, "your move")
        sizes = await ann.eval_on_selector_all(
            "#board [data-move]",
            "ns => ns.map((n) => { const r = n.getBoundingClientRect(); return [r.width, r.height]; })",
        )
        assert sizes and min(min(w, h) for w, h in sizes) >= 32, (game, sorted(sizes)[:3])
        page_width = await ann.evaluate("document.documentElement.scrollWidth")
        assert page_width <= 390, (game, page_width)  # nothing sticks out of the screen: a big board scrolls in its box
        box = await ann.locator("#board > *").first.bounding_box()
        if game == "kayles":
            assert await ann.locator("#board .pin-no").all_inner_texts() == [str(i) for i in range(1, 11)]
        if game in ("mnk", "nim"):  # tic-tac-toe and the heaps: as wide as the screen
            assert box is not None and box["width"] >= 0.9 * 374, (game, box)
        if game == "gomoku":  # 15x15 at 32 px: the board scrolls sideways within its box
            scroll = await ann.eval_on_selector("#board", "(b) => [b.scrollWidth, b.clientWidth]")
            assert scroll[0] > scroll[1], scroll
        await ann.click("#resign")
        await ann.click("#confirm-yes")
        await status(ann, "won|draw")
    assert ann.errors == []


async def test_the_stones_buttons_are_disabled_at_the_end_and_the_nim_board_keeps_its_width(
    browser: Any, node: Node
) -> None:
    ann = await player(browser, node, "Ann")
    await create(ann, "stones", "bot:random", {"heaps": "70"})
    await status(ann, "your move")
    ops = ann.locator("#board button.op")
    assert [await b.is_disabled() for b in await ops.all()] == [False, False]
    await ops.nth(1).focus()  # by keyboard: the buttons are the items, Enter plays (×2 ends it: 140 >= 77)
    await ann.keyboard.press("ArrowLeft")
    assert await focused(ann) == "1:+1"
    await ann.keyboard.press("ArrowRight")
    await ann.keyboard.press("Enter")
    await status(ann, "won")
    await ann.locator("#game-over[open]").wait_for()
    assert await ops.count() == 2 and [await b.is_disabled() for b in await ops.all()] == [True, True]
    assert await ann.locator("#extra-moves button.move-button").count() == 0

    # nim: the side panel stays where it is while the heaps shrink
    await ann.click("#to-lobby")
    await create(ann, "nim", "bot:random", {"heaps": "2,12"})
    await status(ann, "your move")
    before = await ann.locator("#side").bounding_box()
    await ann.click('#board [data-move="2:12"]')
    await ann.locator("#moves [data-ply]").nth(1).wait_for(timeout=WAIT_MS)
    after = await ann.locator("#side").bounding_box()
    assert before is not None and after is not None and abs(before["x"] - after["x"]) < 1, (before, after)

    # The move list: a row per round (three seats: three moves a row), scrolled to the last move in its box,
    # its first row still reachable; a game whose first move is the second seat's starts "1. …".
    listed = await ann.evaluate(
        """async () => {
        const { drawMoveList, moveRows } = await import("/static/movelist.js");
        const list = document.getElementById("moves"), head = document.getElementById("moves-head");
        const moves = Array.from({ length: 60 }, (_, i) => ({ seat: i % 3, move: `m${i + 1}` }));
        drawMoveList(list, head, { seats: [{}, {}, {}], moves }, { name: (i) => `P${i}` });
        const rows = list.querySelectorAll("li.round");
        const box = list.getBoundingClientRect(), last = rows[rows.length - 1].getBoundingClientRect();
        const scrolled = [list.scrollHeight > list.clientHeight,
                          last.top >= box.top - 1 && last.bottom <= box.bottom + 1];
        list.scrollTop = 0;
        const top = rows[0].getBoundingClientRect().top >= list.getBoundingClientRect().top - 1;
        const late = moveRows([{ seat: 1, move: "a" }, { seat: 0, move: "b" }, { seat: 1, move: "c" }], 2);
        return { rows: rows.length, first: rows[0].textContent, head: head.textContent, scrolled, top,
                 late: late.map((r) => r.cells.map((c) => (c ? c.move : null))) };
    }"""
    )
    assert listed["rows"] == 20 and listed["first"] == "1.m1m2m3" and listed["head"] == "P0P1P2"
    assert listed["scrolled"] == [True, True] and listed["top"]
    assert listed["late"] == [[None, "a"], ["b", "c"]]
    assert ann.errors == []


async def test_low_time_on_the_players_own_clock_sounds_once(browser: Any, node: Node) -> None:
    ann = await player(browser, node, "Ann")
    await ann.eval_on_selector("#clock", "(s) => s.append(new Option('12 s', '12+0'))")  # (a clock short enough)
    await create(ann, "nim", "bot:random", {"heaps": "5,5"}, clock="12+0")
    await status(ann, "your move")
    await ann.click('#board [data-move="1:1"]')  # her clock runs from her second turn on: 12 s, then under 10
    await ann.locator("#announce", has_text="seconds left").wait_for(timeout=WAIT_MS)
    assert await ann.locator('.clock.low[data-clock="0"]').count() == 1
    await ann.wait_for_timeout(600)  # (several ticks more: still one warning)
    assert (await heard(ann)).count("low") == 1
    await ann.click("#resign")
    await ann.click("#confirm-yes")
    await status(ann, "won")
    assert ann.errors == []
