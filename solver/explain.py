"""Explanations: what a position is worth, its best moves and why, as data any client can draw.

:func:`explain` is the one entry point, used by hints, reviews, the analysis board and
`grundy solve`.  Its answer is a plain dict of the protocol's ``Explanation`` shape
(protocol/messages.py; docs/PROTOCOL.md): the solver does not import the protocol, and a test
holds every game's explanation to that type.

Order of answers: a known rule (strategies.py: nim-sums, Kayles, subtraction periods, the
corner pieces' rules) at once, whatever the size; else the exact solver within a budget;
else the engine's view (never "nothing" alone).
"""

from __future__ import annotations

from typing import Any

from grundy.rules.base import Game
from grundy.solver import exact, strategies

EXPLAIN_NODES = 200_000  # new positions the exact search may solve for one explanation
MAX_CELLS = 1000  # the protocol's bound on an explanation's map
MAX_LIST = 64  # components, moves, line cells


def value(outcome: str | None, k: int | None = None, *, at_most: int | None = None,
          score: float | None = None) -> dict[str, Any]:
    """A ``Value`` dict: ``outcome`` win/loss/draw/score/unknown, with its words."""
    if score is not None:
        score = int(score) if float(score).is_integer() else float(score)
        return {"outcome": "score", "k": None, "at_most": None, "score": score, "text": f"value {score:g}"}
    if outcome in ("win", "loss"):
        if k is not None:
            text = f"{outcome} in {k}"
        elif at_most is not None:
            text = f"{outcome} in at most {at_most}"
        else:
            text = outcome
        return {"outcome": outcome, "k": k, "at_most": at_most, "score": None, "text": text}
    if outcome == "draw":
        return {"outcome": "draw", "k": None, "at_most": None, "score": None, "text": "draw"}
    return {"outcome": "unknown", "k": None, "at_most": None, "score": None, "text": "not proven"}


def solution_value(sol: exact.Solution) -> dict[str, Any]:
    """The ``Value`` of an exact solution."""
    if sol.value is not None:
        return value(None, score=sol.value)
    return value(sol.outcome, sol.in_k, at_most=sol.at_most)


def empty(game: Game, state: Any, val: dict[str, Any], rule: str, by: str, reason: str) -> dict[str, Any]:
    """An explanation with only its value and reason set; the families add their parts."""
    return {
        "to_move": game.to_move(state),
        "value": val,
        "best": [],
        "rule": rule,
        "by": by,
        "reason": reason,
        "moves": [],
        "components": None,
        "nim_sum": None,
        "nim_sum_binary": None,
        "cells": None,
        "map_of": None,
        "line": None,
        "marks": None,
        "evaluation": None,
    }


def explain(game: Game, state: Any, *, seat: int | None = None, budget_s: float = 1.0,
            max_nodes: int = EXPLAIN_NODES) -> dict[str, Any]:
    """The explanation of ``state`` for the seat to move (``seat``: whose view, in games of hidden information)."""
    from grundy.solver import explain_lines, explain_mines

    if explain_lines.covers(game):
        return explain_lines.explain(game, state, budget_s=budget_s)
    if explain_mines.covers(game) and not game.is_over(state):
        return explain_mines.explain(game, state, seat=seat, budget_s=budget_s)
    if game.is_over(state):
        result = game.result(state)
        reason = result.reason if result is not None else "the game is over"
        return empty(game, state, value(None), "over", "the game is over", reason)
    rule = strategies.explain(game, state)
    if rule is not None:
        return _by_rule(game, state, rule)
    try:
        sol = exact.solve(game, state, max_nodes=max_nodes, max_seconds=budget_s)
    except (exact.TooLarge, exact.Unsupported) as e:
        return _by_engine(game, state, budget_s, str(e))
    return _by_search(game, state, sol)


def _by_rule(game: Game, state: Any, rule: strategies.Explanation) -> dict[str, Any]:
    out = empty(game, state, value(rule.outcome), rule.rule, rule.by, rule.reason)
    out["best"] = [game.format_move(state, m) for m in rule.winning][:MAX_LIST]
    data = rule.data
    for note in data.get("moves", [])[:MAX_LIST]:
        out["moves"].append({"move": note["move"], "why": _why(note), "component": _component(note),
                             "after": note.get("nim_sum_after")})
    if "nim_sum" in data:
        out["nim_sum"] = data["nim_sum"]
    if "heaps" in data:
        binary = data.get("binary") or strategies.binary_rows(data["heaps"])
        out["components"] = [
            {"label": f"heap {i + 1}", "index": i, "size": h, "grundy": h, "binary": b}
            for i, (h, b) in enumerate(zip(data["heaps"], binary, strict=True))
        ][:MAX_LIST]
        out["nim_sum_binary"] = data.get("nim_sum_binary")
    elif "components" in data:
        out["components"] = [
            {"label": f"pins {c['pins']}", "index": None, "size": c["length"], "grundy": c["grundy"], "binary": None}
            for c in data["components"]
        ][:MAX_LIST]
    return out


def _why(note: dict[str, Any]) -> str:
    if "heap" in note:
        return f"heap {note['heap']} from {note['from']} to {note['to']} leaves nim-sum {note.get('nim_sum_after', 0)}"
    if "component" in note:
        return f"a throw in the row {note['component']} leaves nim-sum 0"
    if "leaves_above_goal" in note:
        return f"leaves {note['leaves_above_goal']} above the goal, a lost size"
    return "moves to a lost position"


def _component(note: dict[str, Any]) -> int | None:
    return note["heap"] - 1 if "heap" in note else None


def _by_search(game: Game, state: Any, sol: exact.Solution) -> dict[str, Any]:
    val = solution_value(sol)
    reason = f"exact search: the player to move has a {val['text']} with best play"
    if sol.value is not None:
        reason = f"exact search: with best play the player to move gets {val['text'][6:]}"
    out = empty(game, state, val, "search", "by exact search", reason)
    out["best"] = [game.format_move(state, m) for m in sol.best][:MAX_LIST]
    out["moves"] = [{"move": m, "why": f"keeps the {val['text']}", "component": None, "after": None}
                    for m in out["best"]]
    if sol.line:
        out["line"] = [game.format_move(*_step(game, state, sol.line, i)) for i in range(min(len(sol.line), MAX_LIST))]
    return out


def _step(game: Game, state: Any, line: list[Any], i: int) -> tuple[Any, Any]:
    """The position before the ``i``-th move of ``line`` and that move (to format it)."""
    s = state
    for m in line[:i]:
        s = game.apply(s, m)
    return s, line[i]


def _by_engine(game: Game, state: Any, budget_s: float, why: str) -> dict[str, Any]:
    from grundy.solver import bot

    decision = bot.choose(game, state, "hard", budget_s)
    move = game.format_move(state, decision.move)
    reason = f"not solved exactly ({why}); the engine's choice after {budget_s:g} s of search is {move}"
    out = empty(game, state, value(None), "engine", "by the engine's search", reason)
    out["best"] = [move]
    out["moves"] = [{"move": move, "why": "the engine's choice", "component": None, "after": None}]
    out["evaluation"] = f"nothing proven; the engine plays {move}"
    return out
