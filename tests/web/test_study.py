"""The study pages in a real browser against a real node: the analysis board of any position at its own
address (no name asked), its game tree (foldable, a move opens its position), the exam's table."""

from __future__ import annotations

from typing import Any

from grundy.server.node import Node
from tests.web.test_browser import base

EXAM = "/exam?heaps=7,S&ops=+1,*2&goal=77&rule=reach-wins"


async def page_at(browser: Any, node: Node, path: str, phone: bool = False) -> Any:
    """A person opening ``path`` from a shared link: no name, no lobby."""
    size = {"width": 390, "height": 844} if phone else {"width": 1100, "height": 850}
    context = await browser.new_context(viewport=size)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    await page.goto(base(node) + path)
    return page


async def test_a_shared_address_opens_the_position_and_moves_go_back(node: Node, browser: Any):
    page = await page_at(browser, node, "/analysis/nim?heaps=5,9,12")
    words = page.locator("#study-words .explanation")
    await words.wait_for()
    assert "loss" in await words.locator(".value").inner_text()  # 5 XOR 9 XOR 12 = 0
    assert await page.locator("#board .nim-table").count() == 1
    assert "e.g. 1:1" in await page.locator("#study-notation").inner_text()  # the notation before any move
    await page.locator('#board [data-move="3:1"]').first.click()
    await page.wait_for_url("**/analysis/nim?heaps=5,9,12&moves=3:1")
    await page.locator('#study-where[data-ply="1"]').wait_for()
    await page.locator("#study-words .explanation .value").filter(has_text="win").wait_for()
    await page.click("#st-back")
    await page.locator('#study-where[data-ply="0"]').wait_for()
    await page.go_back()  # the browser's own Back too
    await page.locator('#study-where[data-ply="1"]').wait_for()
    assert page.errors == []


async def test_the_setup_form_opens_any_game_and_parameters(node: Node, browser: Any):
    page = await page_at(browser, node, "/analysis")
    await page.wait_for_url("**/analysis/nim")
    await page.locator("#study-words .explanation").wait_for()
    await page.select_option("#study-game", "kayles")
    await page.fill("#sp-pins", "7")
    await page.click("#study-open")
    await page.wait_for_url("**/analysis/kayles?pins=7")
    await page.locator("#study-words .explanation").wait_for()
    bad = await page_at(browser, node, "/analysis/nim?heaps=x")
    await bad.locator("#study-words .refused").wait_for()
    assert "heaps" in await bad.locator("#study-words .refused").inner_text()
    unknown = await page_at(browser, node, "/analysis/chess")
    await unknown.locator("#study-words .refused").filter(has_text="no game chess here").wait_for()
    assert page.errors == [] and bad.errors == [] and unknown.errors == []


async def test_the_tree_is_drawn_folds_and_a_node_opens_its_position(node: Node, browser: Any):
    page = await page_at(browser, node, "/analysis/stones?heaps=7,30&ops=+1,*2&goal=77&tree=12")
    root = page.locator('#tree .tree-node[data-path=""]')
    await root.wait_for()
    assert await root.locator(".tree-code").first.inner_text() == "-2"  # the exam's answer at S = 30
    first = page.locator('#tree .tree-node[data-path="1:+1"]')
    assert await first.locator(".tree-code").first.inner_text() == "+2"
    details = first.locator("details").first
    assert await details.get_attribute("open") is not None
    await details.locator("summary").first.click(position={"x": 2, "y": 5})  # fold it
    assert await details.get_attribute("open") is None
    await page.click("#tree-open-all")
    await page.locator('#tree .tree-node[data-path="1:+1,1:*2"] .tree-move').first.click()
    await page.wait_for_url("**moves=1:+1,1:*2&tree=12")
    await page.locator('#study-where[data-ply="2"]').wait_for()
    await page.locator('#tree .tree-node[data-path=""] .tree-code').first.filter(has_text="-1").wait_for()
    assert page.errors == []


async def test_the_exam_page_shows_every_code_the_answers_and_opens_a_tree(node: Node, browser: Any):
    page = await page_at(browser, node, EXAM)
    await page.locator("#exam-answers").wait_for(timeout=60_000)
    answer = page.locator("#exam-answers tr .answer")
    row = 'tr[data-task="{}"] .answer'
    answers = {t: await page.locator("#exam-answers " + row.format(t)).inner_text() for t in ("19", "20", "21")}
    assert await answer.count() == 3
    assert answers == {"19": "18", "20": "31 34", "21": "30"}
    assert "S = 30" in await page.locator('#exam-answers tr[data-task="21"]').inner_text()
    for s, code in ((30, "-2"), (31, "+2"), (33, "-2"), (34, "+2")):
        cell = page.locator(f'#exam-codes [data-s="{s}"]')
        assert await cell.locator("b").inner_text() == code
        tone = await cell.get_attribute("class") or ""
        assert ("lost" if code.startswith("-") else "won") in tone.split()
    await page.click('#exam-codes [data-s="33"]')
    await page.wait_for_url("**/analysis/stones?heaps=7,33**")
    await page.locator('#tree .tree-node[data-path=""] .tree-code').first.filter(has_text="-2").wait_for()
    assert page.errors == []


async def test_a_puzzle_at_its_address_refutes_a_wrong_move_and_explains_the_right_one(node: Node, browser: Any):
    from grundy.solver import puzzles

    z = next(x for x in puzzles.catalog() if x.game == "nim" and x.accepts == "one")
    page = await page_at(browser, node, "/puzzles")
    card = page.locator(f'.puzzle-card[data-puzzle="{z.id}"]')
    await card.wait_for(timeout=60_000)
    assert "Solved here: 0 of" in await page.locator("#puzzles-solved").inner_text()
    await card.click()
    await page.wait_for_url(f"**/puzzle/{z.id}")
    await page.locator("#puzzle-task", has_text="Exactly one move wins").wait_for()  # (drawn once the puzzle came)
    from grundy import rules

    game = rules.create(z.game, **z.params)
    wrong = next(m for m in game.legal_texts(game.replay(z.moves)) if m not in z.winning)
    await page.locator(f'#board [data-move="{wrong}"]').first.click()
    verdict = page.locator("#puzzle-verdict .verdict")
    await verdict.wait_for()
    assert await verdict.get_attribute("data-verdict") == "wrong"
    assert "the opponent answers" in await verdict.inner_text()
    await page.locator(f'#board [data-move="{z.winning[0]}"]').first.click()
    await page.locator('#puzzle-verdict .verdict[data-verdict="right"]').wait_for()
    assert "only winning move" in await page.locator("#puzzle-verdict").inner_text()
    assert await page.locator("#puzzle-verdict .explanation").count() == 1
    await page.click("#puzzle-list")
    await page.locator(f'.puzzle-card.solved[data-puzzle="{z.id}"]').wait_for()
    assert "Solved here: 1 of" in await page.locator("#puzzles-solved").inner_text()
    assert page.errors == []
