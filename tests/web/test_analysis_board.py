"""The analysis board, the review and the hint in a real browser, through a real node.

A finished nim game is stepped through with the keys and the move list, its mistaken ply shows the
winning move and the nim-sum table; a "what if" shows its value and the way back; the review's rows
open their positions; a hint lights its move and explains its notation; explanations of any family
are drawn from their data (the map's codes, marks, a numbered line); a line game's review draws its
forcing line.  Every page must end without an error, in the page or on its console.
"""

from __future__ import annotations

import re
from typing import Any

from grundy import protocol as p
from grundy import rules
from grundy.server.node import Node
from grundy.solver.review import analyse
from tests.web.test_browser import WAIT_MS, base, click_move, create, status
from tests.web.test_browser import player as open_page

NIM_LINE = [("Ann", "3:4"), ("Bob", "3:1"), ("Ann", "1:3"), ("Bob", "2:4")]  # 3:4 throws the win away (1:2 wins)


async def player(browser: Any, node: Node, name: str | None, **kw: Any) -> Any:
    """A page (tests/web/test_browser.py's), whose console errors count as errors too."""
    page = await open_page(browser, node, name, **kw)
    page.on("console", lambda m: page.errors.append(f"console: {m.text}") if m.type == "error" else None)
    return page


def explains_1_2(note: str) -> None:
    """The note on 1:2 says what the notation means (take 2 from heap 1), once, and that it leaves nim-sum 0."""
    assert note.startswith("1:2") and note.count("take 2 from heap 1") == 1 and "nim-sum 0" in note, note


async def at_ply(page: Any, ply: int) -> None:
    await page.locator(f'#an-where[data-ply="{ply}"]').wait_for(timeout=WAIT_MS)


async def nim_sum(page: Any, value: int) -> list[str]:
    """Wait for the nim-sum table with this nim-sum; its rows' binary digits."""
    table = page.locator(f'#board .nim-table[data-nim-sum="{value}"]')
    await table.wait_for(timeout=WAIT_MS)
    rows = table.locator("tbody tr")
    return ["".join(await rows.nth(i).locator("td.bit").all_inner_texts()) for i in range(await rows.count())]


async def finished_nim(browser: Any, node: Node) -> tuple[Any, Any]:
    ann = await player(browser, node, "Ann")
    await create(ann, "nim", "open", {"heaps": "3,4,5"})
    bob = await player(browser, node, "Bob")
    await bob.click("#rooms [data-join]", timeout=WAIT_MS)
    pages = {"Ann": ann, "Bob": bob}
    for who, move in NIM_LINE:
        await click_move(pages[who], move)
    assert (await status(ann, "won")).startswith("Bob won")
    return ann, bob


async def test_a_finished_nim_game_is_stepped_through_and_its_mistake_shows_the_winning_move(browser: Any, node: Node):
    ann, bob = await finished_nim(browser, node)
    await ann.locator("#analysis").wait_for(timeout=WAIT_MS)
    await at_ply(ann, 4)
    assert "step back with ←" in await ann.locator("#analysis .explanation-over").inner_text()
    assert await ann.locator("#move-form").is_hidden()  # nothing to try at the end of the game
    for ply in (3, 2, 1, 0):  # ← back to the start, the position of Ann's mistake
        await ann.keyboard.press("ArrowLeft")
        await at_ply(ann, ply)
    assert await nim_sum(ann, 2) == ["011", "100", "101", "010"]  # 3, 4, 5 and their nim-sum 2
    assert await ann.locator("#board .nim-table tr.lit").inner_text() == "heap 1\t3\t3\t0\t1\t1"
    await ann.locator('#board .obj.best[data-move="1:2"]').wait_for(timeout=WAIT_MS)  # the winning move lit
    await ann.locator('#board .obj.played[data-move="3:4"]').wait_for(timeout=WAIT_MS)  # and the one played
    explains_1_2(await ann.locator('#analysis .notes li[data-note="1:2"]').inner_text())
    assert "Ann to move: win" in await ann.locator("#analysis .explanation .value").inner_text()
    assert "Ann played 3:4" in await ann.locator("#analysis .played-here").inner_text()
    assert await ann.locator("#an-where").inner_text() == "At the start"

    await ann.keyboard.press("ArrowRight")  # → Bob's position after the mistake: 3, 4, 1
    await at_ply(ann, 1)
    assert (await nim_sum(ann, 6))[-1] == "110"
    await ann.locator('#board .obj.best[data-move="2:2"]').wait_for(timeout=WAIT_MS)
    assert await ann.locator("#an-where").inner_text() == "After move 1 of 4 (Ann: 3:4)"
    await ann.click('#moves [data-ply="3"]')  # a click in the move list: after Ann's 1:3, heaps 0, 4, 0
    await at_ply(ann, 3)
    await nim_sum(ann, 4)
    assert await ann.locator("#moves .ply.current").get_attribute("data-ply") == "3"
    await ann.keyboard.press("End")
    await at_ply(ann, 4)
    await ann.keyboard.press("Home")
    await at_ply(ann, 0)
    await ann.focus("#chat-text")  # a text box keeps its keys
    await ann.keyboard.press("ArrowRight")
    await ann.locator("#board .nim-table").wait_for(timeout=WAIT_MS)
    assert await ann.locator("#an-where").get_attribute("data-ply") == "0"

    # What if: from the start, the winning move, then a losing one; then back to the game's line
    await ann.click('#board [data-move="1:2"]')
    await at_ply(ann, 1)
    value = ann.locator("#analysis .what-if-value")
    best = re.compile(r"After 1:2, Bob is to move with a loss( in \d+)?: a best move\.")
    await value.filter(has_text=best).wait_for(timeout=WAIT_MS)
    assert "1:2 instead of 3:4" in await ann.locator("#analysis .what-if").inner_text()
    await nim_sum(ann, 0)
    await ann.keyboard.press("ArrowLeft")
    await at_ply(ann, 0)
    await ann.fill("#move-text", "2:1")  # the text box tries a move too
    await ann.press("#move-text", "Enter")
    threw = re.compile(r"After 2:1, Bob is to move with a win( in \d+)?: it throws the win away\.")
    await value.filter(has_text=threw).wait_for(timeout=WAIT_MS)
    await ann.fill("#move-text", "9:9")
    await ann.press("#move-text", "Enter")
    await ann.locator("#notice", has_text="9:9 is not a legal move here").wait_for(timeout=WAIT_MS)
    await ann.click("#an-back")
    await at_ply(ann, 0)
    assert await ann.locator("#analysis .what-if").count() == 0
    assert "Ann played 3:4" in await ann.locator("#analysis .played-here").inner_text()

    # The review teaches: values, verdicts, the better move; a row opens its position
    await ann.click("#review-button")
    rows = ann.locator("table.review tbody tr.move-row")
    await rows.nth(3).wait_for(timeout=WAIT_MS)
    first = await rows.nth(0).inner_text()
    assert "3:4" in first and "win in 6" in first and "threw the win away" in first
    await rows.nth(2).click()  # Ann's 1:3: the position before it
    await at_ply(ann, 2)
    assert await ann.locator("table.review tbody tr.move-row.current").get_attribute("data-ply") == "2"
    assert "Ann played 1:3 (threw the win away; before it: win in 4)" in await ann.locator(
        "#analysis .played-here").inner_text()
    await bob.keyboard.press("Home")  # the other player steps through it on his own page
    await at_ply(bob, 0)
    await nim_sum(bob, 2)
    for page in (ann, bob):
        assert page.errors == []


async def test_a_hint_lights_its_move_and_explains_its_notation(browser: Any, node: Node):
    ann = await player(browser, node, "Ann", phone=True)
    await create(ann, "nim", "bot:random", {"heaps": "3,4,5"})
    await status(ann, "your move")
    await ann.click("#hint")
    await ann.locator('#board .obj.best[data-move="1:2"]').wait_for(timeout=WAIT_MS)
    assert await nim_sum(ann, 2) == ["011", "100", "101", "010"]
    hint = await ann.locator("#hint-text .hint-move").inner_text()
    assert hint.startswith("hint: 1:2 (wins in 6)")
    explains_1_2(await ann.locator('#hint-text .notes li[data-note="1:2"]').inner_text())
    assert "the nim-sum 3 XOR 4 XOR 5 = 2" in await ann.locator("#hint-text").inner_text()
    assert (await ann.locator("#hint-text").inner_text()).count("the nim-sum 3 XOR 4 XOR 5 = 2") == 1  # said once
    box = await ann.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390  # the board and its table fit the phone's screen
    await click_move(ann, "1:2")
    await ann.locator("#moves [data-ply]").nth(1).wait_for(timeout=WAIT_MS)  # the bot answered: the hint is gone
    assert await ann.locator("#hint-text .hint").count() == 0
    assert await ann.locator("#board .best").count() == 0
    assert ann.errors == []


async def test_a_resigned_game_is_explained_at_its_last_position(browser: Any, node: Node):
    """A game ended by a resignation was still open: its last position is explained and a move tried there."""
    ann = await player(browser, node, "Ann")
    await create(ann, "nim", "bot:random", {"heaps": "3,4,5"})
    await status(ann, "your move")
    await ann.click("#resign")
    await ann.click("#confirm-yes")
    await status(ann, "won")
    await at_ply(ann, 0)
    assert await nim_sum(ann, 2) == ["011", "100", "101", "010"]
    assert "The last position" in await ann.locator("#analysis .explanation-over").inner_text()
    await ann.click('#board [data-move="1:2"]')
    await ann.locator("#analysis .what-if-value", has_text="After 1:2, bot (random) is to move with a loss").wait_for(
        timeout=WAIT_MS)
    assert ann.errors == []


def corner_explanation() -> dict[str, Any]:
    """An explanation of a board with every part a client draws, held to the protocol's type."""
    cells = [p.CellNote(cell="a1", code="L0", outcome="loss", k=0),
             p.CellNote(cell="b2", code="W1", outcome="win", k=1),
             p.CellNote(cell="c3", code="0.25", value=0.25), p.CellNote(cell="a1-h8", code="3", value=3)]
    return p.Explanation(
        to_move=0, value=p.Value(outcome="win", k=4, text="win in 4"), best=["g7"], rule="king-parity",
        by="by the king's parity", reason="h8 is 7 columns and 7 rows from a1: move to g7",
        moves=[p.MoveNote(move="g7", why="moves to a lost cell")], cells=cells,
        map_of="the result with the king on each cell",
        line=["g7", "f6", "e5"], marks=[p.Mark(cell="d4", role="mirror"), p.Mark(cell="e4", role="threat")],
    ).model_dump(mode="json")


async def test_an_explanation_is_drawn_on_the_board_from_its_data(browser: Any, node: Node):
    """Whatever the game, each part of an explanation that is present is drawn: the map's codes on
    their cells (won and lost coloured, the rest in a table), marks, the line numbered, the best move."""
    ann = await player(browser, node, "Ann")
    game = rules.create("corner")
    view = game.full_view(game.initial())
    drawn = await ann.evaluate(
        """async ([view, expl]) => {
        const { drawBoard } = await import("/static/boards.js");
        const { decorate, explanationView } = await import("/static/analysis.js");
        const room = { game: "any", view, legal_moves: ["g7", "g8", "h7"], traits: { view: "piece", can_draw: false,
          public_moves: true, scores: false, hidden_information: false, move_modes: [] } };
        const { element } = drawBoard(room, { play: () => {} });
        document.body.append(element);
        const unplaced = decorate(element, expl, { played: "h7" });
        const words = explanationView(expl, { name: (i) => ["Ann", "Bob"][i], board: element, unplaced });
        const cell = (c) => element.querySelector(`[data-cell="${c}"]`);
        return {
          a1: [cell("a1").className, cell("a1").querySelector(".note").textContent],
          b2: cell("b2").className, c3: cell("c3").className,
          steps: ["g7", "f6", "e5"].map((c) => cell(c).querySelector(".step").textContent),
          best: cell("g7").className, played: cell("h7").className, d4: cell("d4").className, e4: cell("e4").className,
          unplaced: unplaced.map((n) => n.cell), table: words.querySelector(".cell-map").textContent,
          words: words.textContent,
        };
    }""",
        [view, corner_explanation()],
    )
    assert "map-lost" in drawn["a1"][0] and drawn["a1"][1] == "L0"
    assert "map-won" in drawn["b2"] and "map-plain" in drawn["c3"]
    assert drawn["steps"] == ["1", "2", "3"]
    assert "best" in drawn["best"] and "played" in drawn["played"]
    assert "mk-mirror" in drawn["d4"] and "mk-threat" in drawn["e4"]
    assert drawn["unplaced"] == ["a1-h8"] and drawn["table"] == "a1-h83"
    for words in ("Ann to move: win in 4 by the king's parity", "g7: moves to a lost cell", "line: 1. g7  2. f6  3. e5",
                  "on the board: the result with the king on each cell"):
        assert words in drawn["words"]
    assert ann.errors == []


async def test_a_review_summary_is_drawn_with_names_and_opens_the_turning_move(browser: Any, node: Node):
    """The review's summary (who was winning when, the turning move, each player's accuracy), drawn
    from a review of the protocol's type, with the players' names."""
    ann = await player(browser, node, "Ann")
    review = p.Analysis(
        room="r", kind="review", ply=2,
        review=[p.ReviewMove(ply=0, seat=0, move="3:4", before="win in 6", verdict="threw the win away",
                             value_before=p.Value(outcome="win", k=6, text="win in 6"),
                             value_after=p.Value(outcome="loss", k=4, text="loss in 4"), best=["1:2"],
                             why="1:2 leaves nim-sum 0"),
                p.ReviewMove(ply=1, seat=1, move="2:2", before="win in 4", verdict="best")],
        summary=p.ReviewSummary(stretches=[p.Stretch(start=0, end=0, seat=0, text="seat 0 winning"),
                                           p.Stretch(start=1, end=1, seat=1, text="seat 1 winning")],
                                turning=[0], text="the win was thrown away at move 1",
                                accuracy=[p.Accuracy(seat=0, moves=1, best=0, percent=0),
                                          p.Accuracy(seat=1, moves=1, best=1, percent=100)]),
    ).model_dump(mode="json")
    drawn = await ann.evaluate(
        """async (review) => {
        const { reviewView } = await import("/static/analysis.js");
        const opened = [];
        const box = reviewView(review, { name: (i) => ["Ann", "Bob"][i], open: (ply) => opened.push(ply), current: 1 });
        document.body.append(box);
        box.querySelector(".turning a").click();
        box.querySelectorAll("tbody tr.move-row")[1].click();
        return { summary: box.querySelector(".review-summary").innerText,
                 first: box.querySelector("tbody tr.move-row").innerText,
                 better: box.querySelector("tbody tr.better-row").innerText.trim(),
                 rows: box.querySelectorAll("tbody tr").length,
                 current: box.querySelector("tr.move-row.current").dataset.ply, opened };
    }""",
        review,
    )
    assert "Who was winning: move 1: Ann winning · move 2: Bob winning" in drawn["summary"]
    assert "Turning moves: move 1, 3:4 by Ann (threw the win away)" in drawn["summary"]
    assert "Accuracy: Ann: 0% (0 of 1 move best) · Bob: 100% (1 of 1 move best)" in drawn["summary"]
    assert drawn["first"].split("\t") == ["1", "Ann", "3:4", "win in 6", "loss in 4", "threw the win away"]
    assert drawn["better"] == "better 1:2: 1:2 leaves nim-sum 0" and drawn["rows"] == 3  # under the move it is about
    assert drawn["current"] == "1" and drawn["opened"] == [0, 1]
    assert ann.errors == []


GOMOKU = [("Ann", "h8"), ("Bob", "a1"), ("Ann", "h9"), ("Bob", "a2"), ("Ann", "h10"), ("Bob", "a3"),
          ("Ann", "h11"), ("Bob", "a4"), ("Ann", "h12")]


async def test_a_line_game_review_draws_its_forcing_line(browser: Any, node: Node):
    moves = [m for _, m in GOMOKU]
    line = analyse("position", "gomoku", {}, moves[:6], 2.0)["explanation"]["line"] or []
    assert len(line) >= 2  # after Bob's a3, Ann's open three wins by continuous fours
    ann = await player(browser, node, "Ann")
    await create(ann, "gomoku", "invite")
    link = await ann.input_value("#invite-link")
    bob = await player(browser, node, "Bob", path=link.removeprefix(base(node)))  # the friend opens the link
    pages = {"Ann": ann, "Bob": bob}
    for who, move in GOMOKU:
        await click_move(pages[who], move)
    assert (await status(ann, "won")).startswith("Ann won")
    await ann.click("#review-button")
    rows = ann.locator("table.review tbody tr.move-row")
    await rows.nth(8).wait_for(timeout=60_000)  # a line game's review searches for proofs: give it time
    await rows.nth(6).click()  # the position before Ann's h11: her continuous fours win
    await at_ply(ann, 6)
    steps = ann.locator("#board .cell .step")
    await steps.first.wait_for(timeout=WAIT_MS)
    drawn = {await steps.nth(i).inner_text(): await steps.nth(i).locator("xpath=..").get_attribute("data-cell")
             for i in range(await steps.count())}
    assert drawn == {str(i + 1): cell for i, cell in enumerate(line)}  # the line numbered on its cells, in order
    assert "line: 1. " + line[0] in await ann.locator("#analysis .explanation .line").inner_text()
    assert await ann.locator("#board .cell.win").count() == 0  # the five that won came later
    await ann.keyboard.press("End")
    await at_ply(ann, 9)
    await ann.locator('#board .cell.win[data-cell="h12"]').wait_for(timeout=WAIT_MS)  # there it is marked
    assert ann.errors == [] and bob.errors == []
