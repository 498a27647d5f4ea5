"""Explanations of minesweeper: what the seat to move can prove from what it sees, and the odds.

Built from the seat's view only (``game.view(state, seat)``: the revealed counts, the mines
shown by correct flags, the number of mines), never from the hidden layout, so two positions
that look the same to the seat get the same explanation (a test holds this).  The deductions
and probabilities are :mod:`solver.mines`' (single counts, pairs of counts, then every
arrangement of the frontier weighted by the ways to place the other mines):

* ``cells``: every covered cell with its mine probability (``value``), coded ``safe`` or
  ``mine`` when proven, else the probability (``0.25``);
* ``marks``: the proven cells (roles ``safe`` and ``mined``);
* ``best``: the move :func:`solver.mines.choose_cell` takes (in a duel a proven mine is
  flagged first, a sure point; else a proven safe cell is revealed; else the least likely
  mine), and ``reason`` says why in words, naming the count that proves a cell where one does.
"""

from __future__ import annotations

import random
from typing import Any

from grundy import rules
from grundy.rules.base import HIDDEN_LAYOUT
from grundy.rules.cells import format_cell
from grundy.solver import mines
from grundy.solver.phrases import say, sentence
from grundy.solver.search import Clock, TimeUp

MAX_CELLS = 1000  # the protocol's bound on an explanation's map
MAX_NAMED = 6  # cells named in the reason


def covers(game: rules.Game) -> bool:
    """Games of a hidden mine layout (``Game.kind`` HIDDEN_LAYOUT): minesweeper."""
    return game.kind == HIDDEN_LAYOUT


def explain(game: rules.Game, state: Any, *, seat: int | None = None, budget_s: float = 1.0) -> dict[str, Any]:
    """The explanation for the seat to move (``seat``: whose view; default the seat to move)."""
    who = game.to_move(state) if seat is None else seat
    return explain_view(game, game.view(state, who), to_move=game.to_move(state), budget_s=budget_s)


def explain_view(
    game: rules.Game, view: dict[str, Any], *, to_move: int | None, budget_s: float = 1.0
) -> dict[str, Any]:
    """The explanation from a seat's ``view`` alone (see the module docstring)."""
    from grundy.solver import explain as ex

    grid = mines.grid_from_view(view, game.params)
    duel = int(view.get("players") or game.params.get("players", 1)) > 1
    name = _namer(grid.width)
    if all(n is None for n in grid.counts):
        cell = mines.opening_cell(grid)
        move = f"r {name(cell)}"
        out = _empty(to_move, ex.value(None), "mines", "by the rules of the first reveal", "")
        out["said"] = [say("mines.first", move=move)]
        out["evaluation"] = "nothing is known of the mines yet: every covered cell but the first reveal may hold one"
        out["best"] = [move]
        out["moves"] = [ex._note(move, say("mines.note_first"))]
        return _worded(out)
    rng = random.Random(0)  # the same view, the same answer
    try:
        analysis = mines.analyse(grid, clock=Clock.after(budget_s * 0.7), rng=rng)
    except TimeUp:
        analysis = mines.analyse_within(grid, Clock.after(budget_s * 0.3), rng, level="medium")
    covered = grid.covered()
    safe = sorted(c for c in analysis.safe if c in covered)
    mined = sorted(c for c in analysis.mine if c in covered)
    choice = mines.choose_cell(analysis, grid, flags_score=duel, rng=random.Random(0))
    move = f"{choice.action} {name(choice.cell)}"
    left = grid.mines - len(grid.mines_shown)
    by = "by deduction from the counts" if safe or mined else "by the odds of every arrangement"
    out = _empty(to_move, ex.value(None), "mines", by, "")
    why = _why(grid, analysis, choice, safe, mined)
    out["said"] = _reason(safe, mined, left, move, name)
    out["best"] = [move]
    notes = [ex._note(move, why)]
    for c in safe:
        if c != choice.cell and len(notes) < ex.MAX_LIST:
            notes.append(ex._note(f"r {name(c)}", _witness(grid, c, analysis, False)))
    if duel:
        for c in mined:
            if c != choice.cell and len(notes) < ex.MAX_LIST:
                notes.append(ex._note(f"f {name(c)}", say("mines.sure_point")))
    out["moves"] = notes
    out["cells"] = _cells(covered, analysis, name)
    ex._map(out, say("map.mines"))
    out["marks"] = [{"cell": name(c), "role": "safe"} for c in safe] + [
        {"cell": name(c), "role": "mined"} for c in mined
    ]
    out["evaluation"] = (
        f"{left} mine{'s' if left != 1 else ''} left among {len(covered)} covered cells; "
        f"{len(safe)} proven safe, {len(mined)} proven mined"
        + ("" if analysis.exact else "; some odds are estimates (too many arrangements to count)")
    )
    return _worded(out)


def _worded(out: dict[str, Any]) -> dict[str, Any]:
    """The reason: the phrases in English."""
    out["reason"] = sentence(out["said"])
    return out


def _empty(to_move: int | None, val: dict[str, Any], rule: str, by: str, reason: str) -> dict[str, Any]:
    """An explanation with its value and reason (``explain.empty`` without a state: a view is all there is)."""
    return {
        "to_move": to_move, "value": val, "best": [], "also": [], "rule": rule, "by": by, "reason": reason,
        "said": [], "moves": [],
        "components": None, "nim_sum": None, "nim_sum_binary": None, "cells": None, "map_of": None, "map_said": None,
        "line": None, "marks": None, "evaluation": None,
    }  # fmt: skip


def _namer(width: int) -> Any:
    return lambda c: format_cell(c % width, c // width)


def _code(p: float, c: int, analysis: mines.Analysis) -> str:
    if c in analysis.safe:
        return "safe"
    if c in analysis.mine:
        return "mine"
    return f"{p:.2f}"


def _cells(covered: list[int], analysis: mines.Analysis, name: Any) -> list[dict[str, Any]]:
    """Every covered cell with its probability; proven cells first, then the least likely, up to the bound."""
    prob = analysis.probability
    order = sorted(covered, key=lambda c: (c not in analysis.safe and c not in analysis.mine, prob.get(c, 1.0), c))
    out = []
    for c in order[:MAX_CELLS]:
        p = round(float(prob.get(c, 0.0)), 4)
        out.append(
            {"cell": name(c), "code": _code(p, c, analysis), "outcome": None, "k": None, "grundy": None, "value": p}
        )
    return out


def _witness(grid: mines.Grid, c: int, analysis: mines.Analysis, mine: bool, flag: bool = False) -> dict[str, Any]:
    """Why cell ``c`` is proven safe (``mine`` False) or a mine, naming a count that shows it where one does;
    ``flag``: said of the move that flags it (a sure point)."""
    known = grid.mines_shown | analysis.mine
    for d in grid.neighbours(c):
        n = grid.counts[d]
        if n is None:
            continue
        around = grid.neighbours(d)
        found = sum(1 for e in around if e in known and e != c)
        unknown = [e for e in around if grid.counts[e] is None and e not in known and e not in analysis.safe]
        where = format_cell(d % grid.width, d // grid.width)
        if not mine and found == n:
            if n == 0:
                return say("mines.safe_zero", at=where)
            return say("mines.safe_one", at=where) if n == 1 else say("mines.safe_many", n=n, at=where)
        if mine and n - found == len(unknown) + 1:
            room = len(unknown) + 1
            if room == 1:
                return say("mines.flag_last" if flag else "mines.mine_last", n=n, at=where)
            return say("mines.flag_room" if flag else "mines.mine_room", n=n, at=where, room=room)
    if mine:
        return say("mines.flag_all" if flag else "mines.mine_all")
    return say("mines.safe_all")


def _why(
    grid: mines.Grid, analysis: mines.Analysis, choice: mines.MineChoice, safe: list[int], mined: list[int]
) -> dict[str, Any]:
    if choice.cell in mined and choice.action == "f":
        return _witness(grid, choice.cell, analysis, True, flag=True)
    if choice.cell in safe:
        return _witness(grid, choice.cell, analysis, False)
    percent = round(choice.probability * 100)
    if choice.action == "f":
        return say("mines.flag_odds", percent=percent)
    return say("mines.reveal_odds", percent=percent)


def _reason(safe: list[int], mined: list[int], left: int, move: str, name: Any) -> list[dict[str, Any]]:
    said = [say("mines.seen")]
    for cells, one, more in ((safe, "mines.safe_list", "mines.safe_list_more"),
                             (mined, "mines.mine_list", "mines.mine_list_more")):
        if len(cells) > MAX_NAMED:
            said.append(say(more, cells=[name(c) for c in cells[:MAX_NAMED]], more=len(cells) - MAX_NAMED))
        elif cells:
            said.append(say(one, cells=[name(c) for c in cells]))
    if not safe and not mined:
        said.append(say("mines.none_proven"))
    said.append(say("mines.odds", left=left) if left != 1 else say("mines.odds_one"))
    said.append(say("mines.best", move=move))
    return said
