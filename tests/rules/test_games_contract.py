"""docs/GAMES.md is the whole contract: its ``contract`` tables, read here, against the rules modules' moves.

* ``heap-moves``: nim's and subtraction's legal moves and end, as expressions, on generated positions;
* ``stones-ops``: what each operation makes of a heap (``-k`` stops at 0, ``/k`` rounds down), and that a
  move leaving its heap unchanged is illegal;
* ``corner-pieces``: each piece's steps, how far it goes, what blocked cells do and its goal, on every cell
  of generated boards with blocked cells;
* no rules module keeps a rule "where GAMES.md is silent" (the document states them all).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.cells import format_cell
from grundy.rules.games.stones import operate

ROOT = Path(__file__).resolve().parents[2]
GAMES_MD = (ROOT / "docs" / "GAMES.md").read_text(encoding="utf-8")


def table(name: str) -> list[dict[str, str]]:
    """The rows of the document's table marked ``<!-- contract: name -->``, by column heading."""
    m = re.search(rf"<!-- contract: {re.escape(name)} -->\n((?:\|.*\|\n)+)", GAMES_MD)
    assert m, f"docs/GAMES.md has no contract table {name!r}"
    lines = [line.strip().strip("|") for line in m.group(1).strip().splitlines()]
    heads = [h.strip() for h in lines[0].split("|")]
    return [dict(zip(heads, (c.strip() for c in line.split("|")), strict=True)) for line in lines[2:]]


def code(cell: str) -> str:
    """The first `code` of a table cell."""
    m = re.search(r"`([^`]+)`", cell)
    assert m, cell
    return m.group(1)


def holds(expression: str, **names: Any) -> Any:
    return eval(expression, {"__builtins__": {}}, {"max": max, "min": min, "sum": sum, **names})  # noqa: S307


# ---------------------------------------------------------------------------------- heap games


def test_the_heap_moves_table_names_its_games() -> None:
    assert [r["game"] for r in table("heap-moves")] == ["nim", "subtraction"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4))
def test_nim_moves_and_end_are_the_documents(heaps: list[int]) -> None:
    row = next(r for r in table("heap-moves") if r["game"] == "nim")
    game = rules.create("nim", heaps=",".join(map(str, heaps)))
    state = game.initial()
    stated = {(h, t) for h in range(len(heaps)) for t in range(0, max(heaps) + 2)
              if holds(code(row["legal when"]), t=t, heaps=heaps, h=h)}
    assert stated == set(game.legal_moves(state))
    assert holds(code(row["the game is over when"]), heaps=heaps) == game.is_over(state)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3), st.integers(0, 20), st.lists(st.integers(1, 7), min_size=1, max_size=3, unique=True),
       st.sampled_from(["last-wins", "last-loses"]))
def test_subtraction_moves_and_end_are_the_documents(goal: int, size: int, take: list[int], rule: str) -> None:
    row = next(r for r in table("heap-moves") if r["game"] == "subtraction")
    game = rules.create("subtraction", n=goal + size, take=",".join(map(str, take)), goal=goal, rule=rule)
    state = game.initial()
    names = {"heap": state.heap, "goal": goal, "take": take}
    stated = {t for t in range(0, max(take) + 2) if holds(code(row["legal when"]), t=t, **names)}
    assert stated == set(game.legal_moves(state))
    over = holds(code(row["the game is over when"]), **names)
    assert over == game.is_over(state)
    if over:  # who wins a game over before the first move, as the document says
        result = game.result(state)
        assert result is not None and result.outcomes[1 if rule == "last-wins" else 0] == "win"


def test_the_documents_subtraction_examples() -> None:
    assert rules.create("subtraction", n=4, take="2,3", goal=3).is_over(rules.create(
        "subtraction", n=4, take="2,3", goal=3).initial())
    game = rules.create("subtraction", n=5, take="2", goal=0)
    assert game.is_over(game.replay(["2", "2"])) and game.replay(["2", "2"]).heap == 1


# ---------------------------------------------------------------------------------- stones


def test_the_stones_table_holds_every_operation() -> None:
    assert [code(r["operation"])[0] for r in table("stones-ops")] == ["+", "*", "-", "/"]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.integers(1, 9), st.booleans())
def test_stones_operations_are_the_documents(a: int, b: int, k: int, growing: bool) -> None:
    ops = table("stones-ops")
    signs = "+*" if growing else "-/"
    mine = [r for r in ops if code(r["operation"])[0] in signs]
    texts = [code(r["operation"]).replace("k", str(k if code(r["operation"])[0] in "+-" else k + 1)) for r in mine]
    goal = f">={a + b + 50}" if growing else f"<={max(0, min(a, b) - 1)}"
    if not growing and a + b <= max(0, min(a, b) - 1):
        return
    game = rules.create("stones", heaps=f"{a},{b}", ops=",".join(texts), goal=goal)
    state = game.initial()
    if game.is_over(state):
        return
    legal = set(game.legal_moves(state))
    for row, op in zip(mine, texts, strict=True):
        kk = int(op[1:])
        for h, n in enumerate((a, b)):
            becomes = holds(code(row["a heap of `n` becomes"]), n=n, k=kk)
            assert operate(op, n) == becomes
            # a move that leaves its heap unchanged is illegal; every other is legal
            assert ((h, op) in legal) == (becomes != n), (op, n)
            if becomes != n:
                assert game.apply(state, (h, op)).heaps[h] == becomes


def test_minus_stops_at_zero_and_a_move_on_an_empty_heap_that_changes_nothing_is_refused() -> None:
    game = rules.create("stones", heaps="2,0,9", ops="-3,/2", goal="<=1")
    state = game.initial()
    assert game.apply(state, (0, "-3")).heaps[0] == 0
    assert not game.is_legal(state, (1, "-3")) and not game.is_legal(state, (1, "/2"))


# ---------------------------------------------------------------------------------- corner


def _steps(cell: str) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in re.findall(r"\(([-+]?\d+),\s*([-+]?\d+)\)", cell)]


def stated_moves(row: dict[str, str], w: int, h: int, blocked: set[tuple[int, int]],
                 x: int, y: int) -> set[tuple[int, int]]:
    """The destinations the document's row allows from (x, y): its steps, how far, blocked cells."""
    far = {"one step": 1, "one jump": 1, "any number of steps": max(w, h)}[row["how far"]]
    passes = "pass over" not in row["blocked cells"]  # only a piece that may not pass over one stops there
    goal = set(row["goal"].split())
    if format_cell(x, y) in goal:
        return set()
    out = set()
    for dx, dy in _steps(row["steps (columns, rows)"]):
        cx, cy = x, y
        for _ in range(far):
            cx, cy = cx + dx, cy + dy
            if not (0 <= cx < w and 0 <= cy < h):
                break
            if (cx, cy) in blocked:
                if passes:
                    continue
                break
            out.add((cx, cy))
    return out


def test_the_corner_table_has_every_piece_and_the_knights_four_jumps() -> None:
    rows = {r["piece"]: r for r in table("corner-pieces")}
    assert set(rows) == {"king", "queen", "rook", "knight"}
    assert len(_steps(rows["knight"]["steps (columns, rows)"])) == 4


@pytest.mark.parametrize("piece", ["king", "queen", "rook", "knight"])
@settings(max_examples=40, deadline=None)
@given(w=st.integers(2, 8), h=st.integers(2, 8), obstacles=st.sampled_from([0, 10, 25, 40]), seed=st.integers(1, 99))
def test_corner_moves_are_the_documents(piece: str, w: int, h: int, obstacles: int, seed: int) -> None:
    row = next(r for r in table("corner-pieces") if r["piece"] == piece)
    try:
        game = rules.create("corner", piece=piece, width=w, height=h, obstacles=obstacles, seed=seed)
    except rules.ParameterError:
        return  # no legal first move on such a board: refused, as the document says
    assert {format_cell(*c) for c in game.goal} == set(row["goal"].split()) & {
        format_cell(x, y) for x in range(w) for y in range(h)}
    base = game.initial()
    for x in range(w):
        for y in range(h):
            if (x, y) in game.blocked:
                continue
            state = base._replace(x=x, y=y)
            assert set(game.legal_moves(state)) == stated_moves(row, w, h, set(game.blocked), x, y), (x, y)
            # the end: on a goal cell, or with no legal move
            assert game.is_over(state) == (format_cell(x, y) in row["goal"].split() or not game.legal_moves(state))


# ---------------------------------------------------------------------------------- no other rules


def test_no_rules_module_keeps_a_rule_the_document_does_not_state() -> None:
    for path in sorted((ROOT / "rules" / "games").glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        for words in ("GAMES.md is silent", "rules leave room", "leaves open", "where the document is silent"):
            assert words.lower() not in doc.lower(), (path.name, words)
