"""Explanations: what a position is worth, its best moves and why, as data any client can draw.

:func:`explain` is the one entry point, used by hints, reviews, the analysis board and
`grundy solve`.  Its answer is a plain dict of the protocol's ``Explanation`` shape
(protocol/messages.py; docs/PROTOCOL.md): the solver does not import the protocol, and a test
holds every game's explanation to that type.

By family:

* heap games (nim, subtraction, kayles, stones, and any impartial game): the components and
  their Grundy values, the nim-sum (nim: the binary rows), and how each best move makes it 0,
  or why no move can.  A known rule (strategies.py) answers at once at any size; the exact
  search adds how fast, when it finishes within a small budget;
* boards (corner, pawn, pursuit, small m,n,k boards): a map of the board in ``cells``;
* coins: the symmetry strategy, with the mirrored cell in ``marks``;
* any other game: the exact search's value, best moves and main line; when the position is
  too large for it, the engine's choice and main line with its evaluation in words, so the
  answer is never empty.

Bounds: :data:`MAX_CELLS` cells in a map, :data:`MAX_LIST` components, moves and line cells,
:data:`MAX_REASON` characters of reason.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import time
import weakref
from collections.abc import Callable
from typing import Any

from grundy.rules.base import Game
from grundy.rules.cells import format_cell
from grundy.solver import exact, explain_lines, explain_mines, strategies
from grundy.solver.phrases import say, sentence, text

EXPLAIN_NODES = 200_000  # new positions the exact search may solve for one explanation
EXTRA_NODES = 50_000  # new positions for the length of a win a rule already decided
EXTRA_MOVES = 1000  # a rule's position with more moves than this gets no exact search
MAX_CELLS = 1000  # the protocol's bound on an explanation's map
MAX_LIST = 64  # components, moves, line cells
MAX_MARKS = 130  # cells to highlight (a line of 64 and its defences, the pieces)
MAX_REASON = 2000  # characters of reason
MAX_TERMS = 8  # parts written out in a nim-sum's sum (more: "the nim-sum of the N heaps")


@dataclasses.dataclass
class Ctx:
    """What one explanation may spend and whose view it takes."""

    seat: int | None
    budget_s: float
    max_nodes: int
    deadline: float

    def left(self) -> float:
        return max(0.05, self.deadline - time.monotonic())


def explain(game: Game, state: Any, *, seat: int | None = None, budget_s: float = 1.0,
            max_nodes: int = EXPLAIN_NODES) -> dict[str, Any]:
    """The explanation of ``state`` for the seat to move (``seat``: whose view, in games of hidden information).

    Whatever a family returns is held to the protocol's bounds (:func:`_bounded`).
    """
    ctx = Ctx(seat, budget_s, max_nodes, time.monotonic() + budget_s)
    # Families with explainers of their own, one dispatch line each: line games beyond the exact
    # table (gomoku, big m,n,k boards; a finished one shows the five made), solver/explain_lines.py;
    # minesweeper, from what `ctx.seat` sees only, solver/explain_mines.py.
    if explain_lines.covers(game):
        return _bounded(explain_lines.explain(game, state, budget_s=ctx.left()))
    if explain_mines.covers(game) and not game.is_over(state):
        return _bounded(explain_mines.explain(game, state, seat=ctx.seat, budget_s=ctx.left()))
    if game.is_over(state):
        result = game.result(state)
        out = empty(game, state, value(None), "over", "the game is over", "")
        out["said"] = [say("over", how=result.reason if result is not None else "no result")]
        return _bounded(out)
    return _bounded(_explain(game, state, ctx))


def explain_solution(game: Game, state: Any, sol: exact.Solution, *, budget_s: float = 1.0) -> dict[str, Any]:
    """The explanation of a position the caller already solved exactly (e.g. a line game's proof by fours)."""
    ctx = Ctx(None, budget_s, EXPLAIN_NODES, time.monotonic() + budget_s)
    return _bounded(_by_search(game, state, sol, ctx))


def _explain(game: Game, state: Any, ctx: Ctx) -> dict[str, Any]:
    """The families of this module (:data:`FAMILIES`), else the exact search, else the engine."""
    family = FAMILIES.get(game.name)
    if family is not None and game.seats == 2:
        out = family(game, state, ctx)
        if out is not None:
            return out
    return _general(game, state, ctx)


def _general(game: Game, state: Any, ctx: Ctx) -> dict[str, Any]:
    """Any game: the exact search's value, best moves and main line, else the engine's view."""
    sol = _search(game, state, ctx, ctx.max_nodes)
    if sol is None:
        return _by_engine(game, state, ctx)
    out = _by_search(game, state, sol, ctx)
    if game.impartial:
        _whole_component(game, state, sol, out)
    return out


# ----------------------------------------------------------------------------------
# values


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


def child_value(game: Game, after: Any, seat: int, ctx: Ctx | None = None,
                max_nodes: int = EXPLAIN_NODES) -> dict[str, Any] | None:
    """What the position ``after`` a move is worth to ``seat``, the seat that made it (None: not solved).

    K counts the mover's own moves from before the move: a move that wins at once is a win in 1.
    """
    if game.is_over(after):
        result = game.result(after)
        if result is None:
            return value(None)
        if game.has_scores and result.scores is not None:
            return value(None, score=result.scores[seat])
        outcome = result.outcomes[seat]
        return value(outcome, 1 if outcome == "win" else 0 if outcome == "loss" else None)
    try:  # the value alone (no best moves of the child): cheap once the table holds the parent's answer
        v = exact.value(game, after, max_nodes=max_nodes, max_seconds=None if ctx is None else ctx.left())
    except (exact.TooLarge, exact.Unsupported):
        return None
    same = game.to_move(after) == seat
    if exact.table_for(game).payoff:
        return value(None, score=v if same else -v)
    outcome, k, _ = exact.outcome_of(int(v))
    if outcome == "draw":
        return value("draw")
    assert k is not None
    if same:
        return value(outcome, k + (1 if outcome == "win" else 0))
    return value("win", k + 1) if outcome == "loss" else value("loss", k)


def empty(game: Game, state: Any, val: dict[str, Any], rule: str, by: str, reason: str) -> dict[str, Any]:
    """An explanation with only its value and reason set; the families add their parts."""
    return {
        "to_move": game.to_move(state),
        "value": val,
        "best": [],
        "also": [],
        "rule": rule,
        "by": by,
        "reason": reason,
        "said": [],
        "moves": [],
        "components": None,
        "nim_sum": None,
        "nim_sum_binary": None,
        "cells": None,
        "map_of": None,
        "map_said": None,
        "line": None,
        "marks": None,
        "evaluation": None,
    }


def _bounded(out: dict[str, Any]) -> dict[str, Any]:
    """The protocol's bounds, whatever a family produced; the reason written from its phrases."""
    if out.get("said"):
        out["reason"] = sentence(out["said"])
    for key in ("best", "also", "moves", "components", "line"):
        if out.get(key) is not None:
            out[key] = out[key][:MAX_LIST]
    if out.get("marks") is not None:
        out["marks"] = out["marks"][:MAX_MARKS]
    if out.get("cells") is not None:
        out["cells"] = out["cells"][:MAX_CELLS]
    if len(out["reason"]) > MAX_REASON:
        out["reason"] = out["reason"][: MAX_REASON - 1] + "…"
    return out


def _search(game: Game, state: Any, ctx: Ctx, max_nodes: int) -> exact.Solution | None:
    """The exact answer within the explanation's budget, or None."""
    try:
        return exact.solve(game, state, max_nodes=max_nodes, max_seconds=ctx.left())
    except (exact.TooLarge, exact.Unsupported):
        return None


def _fast_search(game: Game, state: Any, ctx: Ctx, moves: int) -> exact.Solution | None:
    """The exact answer for a position a rule already decided (to add how fast), when it is small."""
    if moves > EXTRA_MOVES:
        return None
    return _search(game, state, ctx, min(ctx.max_nodes, EXTRA_NODES))


def _map(out: dict[str, Any], said: dict[str, Any]) -> None:
    """What the explanation's map of the board shows: the phrase (``map_said``) and its English (``map_of``)."""
    out["map_said"] = said
    out["map_of"] = text(said)


def _note(move: str, said: dict[str, Any], *, component: int | None = None, after: int | None = None,
          also: bool = False) -> dict[str, Any]:
    """A ``MoveNote``: the move, why in English and as its phrase."""
    return {"move": move, "why": text(said), "said": said, "component": component, "after": after, "also": also}


def _value_said(val: dict[str, Any]) -> dict[str, Any]:
    """The value as a clause of the reason."""
    outcome, k = val["outcome"], val["k"]
    if outcome == "score":
        return say("value.score", score=val["score"])
    if outcome == "draw":
        return say("value.draw")
    if outcome == "win":
        if k is not None:
            return say("value.win", k=k)
        return say("value.win_at_most", k=val["at_most"]) if val["at_most"] is not None else say("value.win_plain")
    if k == 0:
        return say("value.loss_now")
    return say("value.loss", k=k) if k is not None else say("value.loss_plain")


def _why(got: dict[str, Any] | None, before: dict[str, Any], only: bool = False) -> dict[str, Any]:
    """Why a best move is best, from what it leaves the mover (``got``; None: not solved)."""
    outcome = (got or before)["outcome"]
    k = got["k"] if got is not None else None
    if outcome == "score":
        return say("note.keeps_score", score=(got or before)["score"])
    if outcome == "draw":
        return say("note.holds_draw")
    if outcome == "win":
        if k == 1:
            return say("note.wins_now")
        return say("note.leaves_loss", k=k - 1) if k is not None else say("note.keeps_win")
    if k == 0:
        return say("note.only_loses_now") if only else say("note.loses_now")
    if only:
        return say("note.only")
    return say("note.holds_out", k=k) if k is not None else say("note.holds_out_plain")


def _recommend(move: str, got: dict[str, Any] | None, before: dict[str, Any], only: bool) -> dict[str, Any] | None:
    """The reason's clause that names the first best move (None: the value's clause says it all)."""
    if only:
        return say("only", move=move)
    outcome = (got or before)["outcome"]
    k = got["k"] if got is not None else None
    if outcome == "score":
        return say("rec.keeps_score", move=move, score=(got or before)["score"])
    if outcome == "draw":
        return say("rec.holds_draw", move=move)
    if outcome == "win":
        if k == 1:
            return say("rec.wins_now", move=move)
        return say("rec.leaves_loss", move=move, k=k - 1) if k is not None else say("rec.keeps_win", move=move)
    if k == 0:
        return None
    return say("rec.holds_out", move=move, k=k) if k is not None else say("rec.holds_out_plain", move=move)


def _split(game: Game, state: Any, winning: list[str], sol: exact.Solution | None) -> tuple[list[str], list[str]]:
    """A rule's winning moves as ``best`` and ``also``: with the exact search, its fastest moves are best and the
    others win more slowly; without it no K is known and every winning move keeps the win."""
    if sol is None or sol.outcome != "win":
        return winning, []
    fastest = [game.format_move(state, m) for m in sol.best]
    return fastest, [m for m in winning if m not in fastest]


def _mover_value(game: Game, state: Any, move: str, ctx: Ctx) -> dict[str, Any] | None:
    """What ``move`` (text) leaves the player who makes it."""
    return child_value(game, game.apply(state, game.parse_move(state, move)), game.to_move(state), ctx)


def _slower(game: Game, state: Any, move: str, val: dict[str, Any], ctx: Ctx) -> tuple[int | None, dict[str, Any]]:
    """An ``also`` move's own K and the plain phrase for it."""
    got = _mover_value(game, state, move, ctx)
    k = got["k"] if got is not None and got["outcome"] == "win" else None
    if k is None or val["k"] is None:
        return k, say("note.slower_plain")
    return k, say("note.slower", k=k, best=val["k"])


def _nim_sum_said(parts: list[int], x: int) -> dict[str, Any]:
    if len(parts) == 1:
        return say("nim.sum_one", nim_sum=x)
    if len(parts) > MAX_TERMS:
        return say("nim.sum_many", count=len(parts), nim_sum=x)
    return say("nim.sum", heaps=parts, nim_sum=x)


# ----------------------------------------------------------------------------------
# heap games


def _nim(game: Game, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    heaps = list(state.heaps)
    misere = bool(game.params.get("misere"))
    rule = strategies.explain(game, state)
    if rule is None:
        return None
    x = strategies.nim_sum(heaps)
    rows = strategies.binary_rows([*heaps, x])
    sol = _fast_search(game, state, ctx, sum(heaps))
    val = solution_value(sol) if sol is not None and sol.outcome == rule.outcome else value(rule.outcome)
    winning = [game.format_move(state, m) for m in rule.winning]
    out = empty(game, state, val, rule.rule, rule.by, "")
    out["components"] = [
        {"label": f"heap {i + 1}", "index": i, "size": h, "grundy": h, "binary": b}
        for i, (h, b) in enumerate(zip(heaps, rows, strict=False))
    ][:MAX_LIST]
    out["nim_sum"], out["nim_sum_binary"] = x, rows[-1]
    notes = {n["move"]: n for n in rule.data["moves"]}
    only = len(game.legal_moves(state)) == 1
    big = any(h > 1 for h in heaps)
    ones = sum(1 for h in heaps if h == 1)
    said: list[dict[str, Any]] = []
    if not misere:
        said.append(_nim_sum_said(heaps, x))
    elif big:
        said.append(say("misere.big", nim_sum=x))
    elif ones == 1:
        said.append(say("misere.last"))
    else:
        said.append(say("misere.ones_odd" if ones % 2 else "misere.ones_even", ones=ones))

    def after_of(move: str) -> list[int]:
        return list(game.apply(state, game.parse_move(state, move)).heaps)

    if winning:
        out["best"], out["also"] = _split(game, state, winning, sol)
        for move in out["best"][:MAX_LIST]:
            n = notes[move]
            after = after_of(move)
            take, heap = n["from"] - n["to"], n["heap"]
            if not misere and not any(after):
                why = say("note.wins_now")
            elif not misere:
                why = say("nim.note", take=take, heap=heap, size=n["from"], to=n["to"], after=n["nim_sum_after"])
            elif any(h > 1 for h in after):
                why = say("misere.note", take=take, heap=heap, size=n["from"], to=n["to"])
            elif sum(after) == 1:
                why = say("misere.note_one", take=take, heap=heap, after=n["nim_sum_after"])
            else:
                why = say("misere.note_odd", take=take, heap=heap, ones=sum(after), after=n["nim_sum_after"])
            out["moves"].append(_note(move, why, component=heap - 1, after=n["nim_sum_after"]))
        for move in out["also"][: MAX_LIST - len(out["moves"])]:
            n = notes[move]
            k, plain = _slower(game, state, move, val, ctx)
            take, heap = n["from"] - n["to"], n["heap"]
            why = (say("nim.note_slower", take=take, heap=heap, size=n["from"], to=n["to"], after=n["nim_sum_after"],
                       k=k, best=val["k"]) if not misere and k is not None and val["k"] is not None else plain)
            out["moves"].append(_note(move, why, component=heap - 1, after=n["nim_sum_after"], also=True))
        n = notes[out["best"][0]]
        take, heap = n["from"] - n["to"], n["heap"]
        after = after_of(out["best"][0])
        if only:
            said.append(say("only", move=out["best"][0]))
        elif not misere and not any(after):
            said.append(say("nim.take_last", take=take, heap=heap))
        elif not misere:
            said.append(say("nim.move", take=take, heap=heap, size=n["from"], nim_sum=x, to=n["to"]))
        elif big and any(h > 1 for h in after):
            said.append(say("misere.move", take=take, heap=heap))
        elif big and sum(after) == 1:
            said.append(say("misere.exception_one", take=take, heap=heap, after=n["nim_sum_after"]))
        elif big:
            said.append(say("misere.exception", take=take, heap=heap, ones=sum(after), after=n["nim_sum_after"]))
    else:
        if not misere:
            said.append(say("nim.lost"))
        elif big:
            said.append(say("misere.big_lost"))
        if sol is not None:
            out["best"] = [game.format_move(state, m) for m in sol.best]
            for move in out["best"]:
                heap = game.parse_move(state, move)[0]
                ns = strategies.nim_sum(after_of(move))
                got = _mover_value(game, state, move, ctx)
                why = (_why(got, val, only) if only or got is None or got["k"] in (None, 0)
                       else say("nim.note_hold", after=ns, k=got["k"]))
                out["moves"].append(_note(move, why, component=heap, after=ns))
            if only and out["best"]:
                said.append(say("only", move=out["best"][0]))
    out["said"] = said
    return out


def _kayles(game: Game, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    rule = strategies.explain(game, state)
    if rule is None:  # misère: no rule
        return None
    runs = strategies.kayles_runs(state.pins)
    comps = rule.data["components"]
    sol = _fast_search(game, state, ctx, 0 if state.pins.bit_count() <= 24 else EXTRA_MOVES + 1)
    val = solution_value(sol) if sol is not None and sol.outcome == rule.outcome else value(rule.outcome)
    out = empty(game, state, val, rule.rule, rule.by, "")
    grundies = [c["grundy"] for c in comps]
    x = strategies.nim_sum(grundies)
    rows = strategies.binary_rows([*grundies, x])
    out["components"] = [
        {"label": f"pins {c['pins']}", "index": i, "size": c["length"], "grundy": c["grundy"], "binary": b}
        for i, (c, b) in enumerate(zip(comps, rows, strict=False))
    ]
    out["nim_sum"], out["nim_sum_binary"] = x, rows[-1]
    index = {c["pins"]: i for i, c in enumerate(comps)}
    notes = {n["move"]: n for n in rule.data["moves"]}
    only = len(game.legal_moves(state)) == 1
    said = [say("kayles.rule"), _kayles_values_said(runs, grundies, x)]
    winning = [game.format_move(state, m) for m in rule.winning]
    if winning:
        out["best"], out["also"] = _split(game, state, winning, sol)
        for move in out["best"]:
            n = notes[move]
            over = game.is_over(game.apply(state, game.parse_move(state, move)))
            why = (say("note.wins_now") if over else say("kayles.note", row=n["component"], leaves=n["leaves"])
                   if n["leaves"] else say("kayles.note_clear", row=n["component"]))
            out["moves"].append(_note(move, why, component=index[n["component"]], after=0))
        for move in out["also"][: MAX_LIST - len(out["moves"])]:
            _, why = _slower(game, state, move, val, ctx)
            out["moves"].append(_note(move, why, component=index[notes[move]["component"]], after=0, also=True))
        first = out["best"][0]
        n = notes[first]
        if only:
            said.append(say("only", move=first))
        elif game.is_over(game.apply(state, game.parse_move(state, first))):
            said.append(say("kayles.throw_last", move=first, row=n["component"]))
        elif n["leaves"]:
            said.append(say("kayles.throw", move=first, row=n["component"], leaves=n["leaves"]))
        else:
            said.append(say("kayles.throw_clear", move=first, row=n["component"]))
    else:
        said.append(say("kayles.lost"))
        if sol is not None:
            out["best"] = [game.format_move(state, m) for m in sol.best]
            out["moves"] = [_note(m, _why(_mover_value(game, state, m, ctx), val, only)) for m in out["best"]]
            if only and out["best"]:
                said.append(say("only", move=out["best"][0]))
    out["said"] = said
    return out


def _kayles_values_said(runs: list[tuple[int, int]], grundies: list[int], x: int) -> dict[str, Any]:
    if len(runs) == 1:
        return say("kayles.value", pins=runs[0][1], nim_sum=x)
    if len(runs) > MAX_TERMS:
        return say("kayles.values_many", count=len(runs), nim_sum=x)
    return say("kayles.values", rows=[n for _, n in runs], values=grundies, nim_sum=x)


def _subtraction(game: Game, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    rule = strategies.explain(game, state)
    if rule is None:
        return None
    data = rule.data
    take, size, goal = data["take"], data["above_goal"], data["goal"]
    last_wins = game.params["rule"] == "last-wins"
    sol = _fast_search(game, state, ctx, size if size <= 10_000 else EXTRA_MOVES + 1)
    val = solution_value(sol) if sol is not None and sol.outcome == rule.outcome else value(rule.outcome)
    out = empty(game, state, val, rule.rule, rule.by, "")
    if data["lost_residues"]:
        said = [say("sub.period", below=data["below"], lost=data["lost_sizes"], start=data["period_from"],
                    period=data["period"], residues=data["lost_residues"])]
    else:
        said = [say("sub.period_won", below=data["below"], lost=data["lost_sizes"], start=data["period_from"],
                    period=data["period"])]
    g = strategies.subtraction_grundy(tuple(take), size) if last_wins else None
    if g is not None:
        out["components"] = [{"label": "the heap above the goal", "index": 0, "size": size, "grundy": g,
                              "binary": None}]
        out["nim_sum"] = g
    component = 0 if g is not None else None
    only = len(game.legal_moves(state)) == 1
    winning = [game.format_move(state, m) for m in rule.winning]

    def grundy_after(move: str) -> int | None:
        return strategies.subtraction_grundy(tuple(take), size - int(move)) if last_wins else None

    def ends(move: str) -> bool:
        return game.is_over(game.apply(state, game.parse_move(state, move)))

    if winning:
        out["best"], out["also"] = _split(game, state, winning, sol)
        for move in out["best"]:
            left = size - int(move)
            why = (say("note.wins_now") if ends(move) else say("sub.note_heap", left=left, heap=goal + left)
                   if goal else say("sub.note", left=left))
            out["moves"].append(_note(move, why, component=component, after=grundy_after(move)))
        for move in out["also"]:
            _, why = _slower(game, state, move, val, ctx)
            out["moves"].append(_note(move, why, component=component, after=grundy_after(move), also=True))
        first = out["best"][0]
        if only:
            said.append(say("only", move=first))
        elif ends(first):
            said.append(say("sub.won_ends", size=size, take=int(first), left=size - int(first)))
        else:
            said.append(say("sub.won", size=size, take=int(first), left=size - int(first)))
    else:
        said.append(say("sub.lost", size=size))
        if sol is not None:
            out["best"] = [game.format_move(state, m) for m in sol.best]
            out["moves"] = [_note(m, _why(_mover_value(game, state, m, ctx), val, only), component=component,
                                  after=grundy_after(m)) for m in out["best"]]
            if only and out["best"]:
                said.append(say("only", move=out["best"][0]))
    out["said"] = said
    return out


def _whole_component(game: Game, state: Any, sol: exact.Solution, out: dict[str, Any]) -> None:
    """An impartial game with no known sum: the whole position is one component, with its Grundy value."""
    if sol.grundy is None:
        return
    out["components"] = [{"label": "the whole position", "index": None, "size": None, "grundy": sol.grundy,
                          "binary": None}]
    out["nim_sum"] = sol.grundy
    for note in out["moves"]:
        try:
            after = game.apply(state, game.parse_move(state, note["move"]))
            note["after"] = 0 if game.is_over(after) else exact.grundy(game, after, max_nodes=EXTRA_NODES)
        except (exact.TooLarge, exact.Unsupported, exact.NotNormalPlay):
            note["after"] = None
        note["component"] = 0
    out["said"].append(say("grundy.whole_win", g=sol.grundy) if sol.grundy else say("grundy.whole_loss"))


def _stones(game: Game, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    """The exam's heap games: the exact search (the exam's count: win in K), with Grundy values when
    whoever reaches the goal wins (a normal-play game: the player to move wins exactly when it is not 0)."""
    sol = _search(game, state, ctx, ctx.max_nodes)
    if sol is None:
        return None
    out = _by_search(game, state, sol, ctx)
    if game.params["rule"] != "reach-wins":
        out["said"].append(say("stones.reach_loses"))
        return out
    mex = _Mex(game, EXTRA_NODES)
    g = mex.of(state)
    if g is None:
        return out
    out["components"] = [{"label": "the heaps " + ", ".join(map(str, state.heaps)), "index": None,
                          "size": sum(state.heaps), "grundy": g, "binary": None}]
    out["nim_sum"] = g
    for note in out["moves"]:
        note["component"] = 0
        note["after"] = mex.of(game.apply(state, game.parse_move(state, note["move"])))
    out["said"].append(say("stones.grundy_win", g=g) if g else say("stones.grundy_loss"))
    return out


class _Mex:
    """Grundy values of a game where the player who makes the last move wins, by the mex over the moves."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        self.game, self.left, self.table = game, max_nodes, {}  # type: ignore[var-annotated]

    def of(self, root: Any) -> int | None:
        game, table = self.game, self.table
        if game.is_over(root):
            return 0
        stack = [root]
        while stack:
            s = stack[-1]
            if s in table:
                stack.pop()
                continue
            children = [game.apply(s, m) for m in game.legal_moves(s)]
            todo = [c for c in children if not game.is_over(c) and c not in table]
            if todo:
                self.left -= len(todo)
                if self.left < 0:
                    return None
                stack.extend(todo)
                continue
            seen = {0 if game.is_over(c) else table[c] for c in children}
            v = 0
            while v in seen:
                v += 1
            table[s] = v
            stack.pop()
        return table[root]


# ----------------------------------------------------------------------------------
# boards: a map of the board


_corner_tables: weakref.WeakKeyDictionary[Game, dict[tuple[int, int], tuple[int, int]]] = (
    weakref.WeakKeyDictionary())


def corner_table(game: Any) -> dict[tuple[int, int], tuple[int, int]]:
    """Every open cell of a two-player corner game: ``(plies to the end with best play, Grundy value)``.

    Retrograde over the cells by distance to a1 (every move brings the piece closer): a cell
    with no move is lost at once (0 plies); a cell with a move to a lost cell is won, in the
    fewest plies; else lost, in the most.  An even number of plies is a loss for the player
    to move there.  Kept per game (a board of 64 x 64 cells takes a fraction of a second).
    """
    table = _corner_tables.get(game)
    if table is not None:
        return table
    base = game.initial()
    cells = sorted(((x, y) for y in range(game.height) for x in range(game.width) if (x, y) not in game.blocked),
                   key=lambda c: c[0] + c[1])
    table = {}
    for x, y in cells:
        children = [table[m] for m in game.legal_moves(base._replace(x=x, y=y))]
        lost = [d for d, _ in children if d % 2 == 0]
        plies = 0 if not children else 1 + (min(lost) if lost else max(d for d, _ in children))
        seen = {g for _, g in children}
        g = 0
        while g in seen:
            g += 1
        table[(x, y)] = (plies, g)
    _corner_tables[game] = table
    return table


def _plies_value(plies: int) -> dict[str, Any]:
    return value("win", (plies + 1) // 2) if plies % 2 else value("loss", plies // 2)


def _corner(game: Any, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    if game.seats != 2:
        return None
    table = corner_table(game)
    piece, here = game.piece, (state.x, state.y)
    plies, g = table[here]
    val = _plies_value(plies)
    rule = strategies.explain(game, state)
    moves = game.legal_moves(state)
    only = len(moves) == 1
    also: list[tuple[int, int]] = []
    if plies % 2:
        winning = [m for m in moves if table[m][0] % 2 == 0]
        best_plies = min(table[m][0] for m in winning)
        best = [m for m in winning if table[m][0] == best_plies]
        also = [m for m in winning if table[m][0] != best_plies]
    else:
        longest = max((table[m][0] for m in moves), default=0)
        best = [m for m in moves if table[m][0] == longest]
    cell = format_cell(*here)
    if rule is not None:
        out = empty(game, state, val, rule.rule, rule.by, "")
        x, y = here
        if rule.rule == "king-parity":
            said = [say("corner.at", cell=cell, x=x, y=y), say("corner.king")]
        elif rule.rule == "rook-nim":
            said = [say("corner.rook", x=x, y=y, nim_sum=x ^ y)]
        else:
            a, b = rule.data["pair"]
            lo, hi = min(x, y), max(x, y)
            said = [say("corner.at", cell=cell, x=x, y=y),
                    say("corner.queen" if (a, b) == (lo, hi) else "corner.queen_not", d=hi - lo, a=a, b=b, x=lo, y=hi)]
            pairs = [p for p in (strategies.wythoff_pair(k) for k in range(max(game.width, game.height)))
                     if p[1] < max(game.width, game.height)]
            said.append(say("corner.pairs", pairs=[list(p) for p in pairs]))
    else:
        out = empty(game, state, val, "search", "by exact search", "")
        said = [say("corner.search_blocked") if game.blocked else say("corner.search", piece=piece)]
    out["nim_sum"] = g
    out["best"] = [format_cell(*m) for m in best]
    out["also"] = [format_cell(*m) for m in sorted(also, key=lambda m: table[m][0])]
    for m in best:
        d, mg = table[m]
        if plies % 2:
            why = say("note.wins_now") if d == 0 else say("corner.note", k=d // 2, g=mg)
        else:
            why = say("note.only") if only else say("corner.note_hold", k=(d + 1) // 2)
        out["moves"].append(_note(format_cell(*m), why, after=mg))
    for m in sorted(also, key=lambda m: table[m][0]):
        d, mg = table[m]
        why = say("corner.note_slower", k=d // 2, g=mg, mine=d // 2 + 1, best=val["k"])
        out["moves"].append(_note(format_cell(*m), why, after=mg, also=True))
    if plies % 2:
        first = best[0]
        said.append(say("corner.win_now", piece=piece, cell=cell, move=format_cell(*first)) if table[first][0] == 0
                    else say("corner.win", piece=piece, cell=cell, k=val["k"], move=format_cell(*first)))
    else:
        said.append(say("corner.loss", piece=piece, cell=cell, k=val["k"]))
    if only:
        said.append(say("only", move=out["best"][0]))
    out["said"] = said
    near = sorted(table, key=lambda c: (c != here, c not in moves, table[c][0] % 2 == 1,
                                        max(abs(c[0] - here[0]), abs(c[1] - here[1]))))
    out["cells"] = [_cell_note(c, table[c]) for c in near[:MAX_CELLS]]
    _map(out, say("map.corner", piece=piece) if len(near) <= MAX_CELLS
         else say("map.corner_near", piece=piece, n=MAX_CELLS))
    out["marks"] = ([{"cell": cell, "role": "piece"}] + [{"cell": c, "role": "best"} for c in out["best"]]
                    + [{"cell": c, "role": "also"} for c in out["also"]])
    return out


def _cell_note(cell: tuple[int, int], entry: tuple[int, int]) -> dict[str, Any]:
    plies, g = entry
    v = _plies_value(plies)
    code = f"{'W' if v['outcome'] == 'win' else 'L'}{v['k']}"
    return {"cell": format_cell(*cell), "code": code, "outcome": v["outcome"], "k": v["k"], "grundy": g,
            "value": None}


def pawn_prices(game: Any) -> dict[tuple[int, int], float]:
    """The price of every cell on or below the diagonal: what Max gets from there with best play."""
    prices: dict[tuple[int, int], float] = {}
    size = game.size
    base = game.initial()
    for total in range(size - 1, -1, -1):
        for x in range(total + 1):
            s = base._replace(x=x, y=total - x)
            if game.is_over(s):
                prices[(x, total - x)] = float(game.payoff(s))
                continue
            children = [prices[m] for m in game.legal_moves(s)]
            prices[(x, total - x)] = max(children) if game.to_move(s) == 0 else min(children)
    return prices


def _pawn(game: Any, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    prices = pawn_prices(game)
    here = (state.x, state.y)
    mover = game.to_move(state)
    price = prices[here]
    val = value(None, score=price if mover == 0 else -price)
    moves = game.legal_moves(state)
    pick = max if mover == 0 else min
    target = pick(prices[m] for m in moves)
    best = [m for m in moves if prices[m] == target]
    out = empty(game, state, val, "search", "by the prices of the cells", "")
    out["best"] = [format_cell(*m) for m in best]
    for m in best:
        others = [o for o in moves if o != m]
        if not others:
            why = say("pawn.note_only", price=_number(prices[m]))
        else:
            o = others[0]
            why = say("pawn.note", price=_number(prices[m]), other=format_cell(*o), other_price=_number(prices[o]))
        out["moves"].append(_note(format_cell(*m), why))
    said = [say("pawn.rule"), say("pawn.max" if mover == 0 else "pawn.min", cell=format_cell(*here),
                                  price=_number(price), move=out["best"][0])]
    if len(moves) == 1:
        said.append(say("only", move=out["best"][0]))
    out["said"] = said
    reach = [c for c in prices if c[0] >= here[0] and c[1] >= here[1]]
    rest = [c for c in prices if c not in set(reach)]
    order = sorted(reach, key=lambda c: c[0] + c[1]) + sorted(rest, key=lambda c: c[0] + c[1])
    out["cells"] = [{"cell": format_cell(*c), "code": _num(prices[c]), "outcome": None, "k": None, "grundy": None,
                     "value": _number(prices[c])} for c in order[:MAX_CELLS]]
    _map(out, say("map.pawn") if len(order) <= MAX_CELLS else say("map.pawn_near", n=MAX_CELLS))
    out["marks"] = [{"cell": format_cell(*here), "role": "piece"}] + [{"cell": c, "role": "best"} for c in out["best"]]
    return out


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _number(v: float) -> float | int:
    return int(v) if float(v).is_integer() else v


MAX_PURSUIT_MAP = 150  # open cells of a board whose capture times an explanation computes


@functools.lru_cache(maxsize=8)
def _capture_times(width: int, height: int, blocked: frozenset[int]) -> dict[tuple[int, int], int]:
    from grundy.solver.analysis import capture_times
    from grundy.solver.pursuit import field

    f = field(width, height, set(blocked))
    return capture_times(f.neighbours, f.blocked, width * height)


def _pursuit(game: Any, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    """One pursuer: the capture time of the evader on every cell, the pursuer where it stands, to move."""
    from grundy.solver.pursuit import _layout

    if game.seats != 2:
        return None
    mover = game.to_move(state)
    if ctx.seat is not None and game.view(state, ctx.seat) != game.full_view(state):
        return None  # the seat does not see the pursuer: the engine's view of what it sees
    f, figures, e, left, _ = _layout(game, state)
    if f.width * f.height - len(f.blocked) > MAX_PURSUIT_MAP:
        return None
    times = _capture_times(f.width, f.height, frozenset(f.blocked))
    w = f.width
    p = figures[0]
    sol = _search(game, state, ctx, ctx.max_nodes)

    def after_step(q: int) -> float:
        """Rounds to the capture once the pursuer stepped to ``q`` (the evader to move); inf: never."""
        if q == e:
            return 1
        run = [times.get((q, c)) for c in f.neighbours[e] if c != q]
        return 1 + max((math.inf if t is None else t for t in run), default=0)

    def cell(c: int) -> str:
        return format_cell(c % w, c // w)

    if mover == 0:
        steps = {q: after_step(q) for q in f.neighbours[p]}
        t = times.get((p, e))
        fact = say("pursuit.catch", t=t) if t is not None else say("pursuit.never")
        won = t is not None and t <= left
        val = value("win", t) if won else value("loss")
        pick = min(steps.values())
        best = [q for q, v in steps.items() if v == pick]
        why = "pursuit.note_after"
    else:
        steps = {q: (math.inf if times.get((p, q)) is None else times[(p, q)]) for q in f.neighbours[e] if q != p}
        t = max(steps.values(), default=0)
        fact = say("pursuit.within", t=int(t)) if t < math.inf else say("pursuit.escape")
        left -= 1  # the pursuer moved in this round already: its rounds are those after the evader's step
        val = value("loss", int(t)) if t <= left else value("win")
        pick = t
        best = [q for q, v in steps.items() if v == pick]
        why = "pursuit.note_from"
    if sol is not None:
        out = _by_search(game, state, sol, ctx)
    else:
        out = empty(game, state, val, "search", "by capture times", "")
        out["best"] = [cell(q) for q in best]
        out["moves"] = [_note(cell(q), say("pursuit.note_never") if steps[q] == math.inf
                              else say(why, t=int(steps[q]))) for q in best]
        out["said"] = [_value_said(val)]
    limit = [say("pursuit.left" if mover == 0 else "pursuit.left_after", left=left)] if left < 10_000 else []
    out["said"] = [fact, *limit, *out["said"]]
    at = format_cell(p % w, p // w)
    cells = []
    for c in range(f.width * f.height):
        if c in f.blocked or c == p:
            continue
        tt = times.get((p, c))
        won = tt is not None and tt <= left
        cells.append({"cell": format_cell(c % w, c // w), "code": "-" if tt is None else str(tt),
                      "outcome": "win" if won else "loss", "k": tt if won else None, "grundy": None,
                      "value": tt})
    out["cells"] = cells[:MAX_CELLS]
    _map(out, say("map.pursuit", at=at))
    out["marks"] = [{"cell": at, "role": "piece"}, {"cell": format_cell(e % w, e // w), "role": "piece"}] + [
        {"cell": m, "role": "best"} for m in out["best"]]
    return out


def _mnk(game: Any, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    """Small boards the exact table solves: the value of playing on each empty cell."""
    if exact.table_for(game).model is game:  # beyond the exact table: the line games' explainer
        return None
    sol = _search(game, state, ctx, ctx.max_nodes)
    if sol is None:
        return None
    out = _by_search(game, state, sol, ctx)
    seat = game.to_move(state)
    cells = []
    for c in game.legal_moves(state):
        if time.monotonic() > ctx.deadline + ctx.budget_s:
            break
        v = child_value(game, game.apply(state, c), seat, ctx)
        if v is None:
            continue
        code = {"win": f"W{v['k']}", "loss": f"L{v['k']}", "draw": "D"}.get(v["outcome"], "?")
        cells.append({"cell": game.format_move(state, c), "code": code, "outcome": v["outcome"]
                      if v["outcome"] in ("win", "loss", "draw") else None, "k": v["k"], "grundy": None,
                      "value": None})
    out["cells"] = cells
    _map(out, say("map.cells"))
    out["marks"] = [{"cell": m, "role": "best"} for m in out["best"]] + [{"cell": m, "role": "also"}
                                                                         for m in out["also"]]
    return out


def _coins(game: Any, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    """Odd x odd tables: the centre, then the mirror image of every coin through it (strategies.py)."""
    rule = strategies.explain(game, state)
    if rule is None:
        return None
    sol = _search(game, state, ctx, min(ctx.max_nodes, EXTRA_NODES))
    val = solution_value(sol) if sol is not None and sol.outcome == rule.outcome else value(rule.outcome)
    out = empty(game, state, val, rule.rule, rule.by, "")
    data = rule.data
    only = len(game.legal_moves(state)) == 1
    if rule.winning:
        move = format_cell(*rule.winning[0])
        mirrored = data["moves"][0]["mirror_of"]
        said = [say("coins.mirror", centre=data["centre"], coin=mirrored, move=move) if mirrored
                else say("coins.centre", centre=data["centre"])]
        sym = say("coins.note_mirror", coin=mirrored) if mirrored else say("coins.note_centre")
        if sol is not None and sol.outcome == "win":
            fastest = [game.format_move(state, m) for m in sol.best]
            best_k = val["k"]
            out["best"] = fastest
            out["moves"] = [_note(m, sym if m == move else _why(_mover_value(game, state, m, ctx), val, only))
                            for m in fastest]
            if move not in fastest:
                out["also"] = [move]
                k, plain = _slower(game, state, move, val, ctx)
                why = (say("coins.note_mirror_slower", coin=mirrored, k=k, best=best_k)
                       if mirrored and k is not None and best_k is not None else plain)
                out["moves"].append(_note(move, why, also=True))
                said.append(say("rec.faster", move=fastest[0], k=best_k) if best_k is not None
                            else _recommend(fastest[0], None, val, False))
        else:
            out["best"] = [move]
            out["moves"] = [_note(move, sym)]
        if only:
            said.append(say("only", move=out["best"][0]))
        out["marks"] = [{"cell": m, "role": "mirror" if m == move else "best"} for m in out["best"]] + [
            {"cell": m, "role": "also"} for m in out["also"]]
    else:
        said = [say("coins.lost", centre=data["centre"])]
        if sol is not None:
            out["best"] = [game.format_move(state, m) for m in sol.best]
            out["moves"] = [_note(m, _why(_mover_value(game, state, m, ctx), val, only)) for m in out["best"]]
            if only and out["best"]:
                said.append(say("only", move=out["best"][0]))
    out["said"] = [x for x in said if x is not None]
    return out


# ----------------------------------------------------------------------------------
# any game: exact search, else the engine


def _by_search(game: Game, state: Any, sol: exact.Solution, ctx: Ctx) -> dict[str, Any]:
    """The exact search's value and best moves; for a win in K, the moves that win more slowly in ``also``
    (where the position has few moves: each costs a look-up in the warm table)."""
    val = solution_value(sol)
    seat = game.to_move(state)
    assert seat is not None
    out = empty(game, state, val, "threats" if sol.proof in ("five", "fours") else "search",
                {"fours": "by continuous fours", "five": "by a win at once"}.get(sol.proof, "by exact search"), "")
    out["best"] = [game.format_move(state, m) for m in sol.best][:MAX_LIST]
    legal = game.legal_moves(state)
    only = len(legal) == 1
    gots = []
    for m in sol.best[:MAX_LIST]:
        got = child_value(game, game.apply(state, m), seat, ctx)
        gots.append(got)
        out["moves"].append(_note(game.format_move(state, m), _why(got, val, only)))
    if sol.proof not in ("five", "fours") and val["outcome"] == "win" and val["k"] is not None \
            and len(legal) <= MAX_LIST:
        for m in legal:
            if m in sol.best or time.monotonic() > ctx.deadline:
                continue
            got = child_value(game, game.apply(state, m), seat, ctx)
            if got is not None and got["outcome"] == "win" and got["k"] is not None:
                move = game.format_move(state, m)
                out["also"].append(move)
                out["moves"].append(_note(move, say("note.slower", k=got["k"], best=val["k"]), also=True))
    line = sol.line or main_line(game, state, sol, ctx)
    if line:
        out["line"] = _line_texts(game, state, line)
    said = [_value_said(val)]
    if out["best"]:
        rec = _recommend(out["best"][0], gots[0], val, only)
        if rec is not None:
            said.append(rec)
    out["said"] = said
    return out


def main_line(game: Game, state: Any, sol: exact.Solution, ctx: Ctx, limit: int = MAX_LIST) -> list[Any]:
    """Best play from ``state``: each side's first best move, as far as the exact search answers quickly."""
    line: list[Any] = []
    s, best = state, sol.best
    while best and len(line) < limit and time.monotonic() < ctx.deadline:
        move = best[0]
        line.append(move)
        s = game.apply(s, move)
        if game.is_over(s):
            break
        nxt = _search(game, s, ctx, EXTRA_NODES)
        if nxt is None:
            break
        best = nxt.best
    return line


def _line_texts(game: Game, state: Any, line: list[Any]) -> list[str]:
    out = []
    s = state
    for m in line[:MAX_LIST]:
        out.append(game.format_move(s, m))
        s = game.apply(s, m)
    return out


def _by_engine(game: Game, state: Any, ctx: Ctx) -> dict[str, Any]:
    """Nothing proven: the engine's choice, main line and evaluation in words."""
    from grundy.solver import bot

    seconds = max(0.2, ctx.budget_s)  # its own budget: the exact search may have used the explanation's
    decision = bot.choose(game, state, "hard", seconds)
    move = game.format_move(state, decision.move)
    out = empty(game, state, value(None), "engine", "by the engine's search", "")
    out["best"] = [move]
    out["moves"] = [_note(move, say("note.engine"))]
    pv = [m for m in (decision.pv or [decision.move])]
    try:
        out["line"] = _line_texts(game, state, pv) or None
    except Exception:  # a line that does not replay (hidden moves) is left out
        out["line"] = [move]
    evaluation = _evaluation(decision, move)
    out["evaluation"] = text(evaluation)
    out["said"] = [say("engine.plays", nodes=decision.nodes, seconds=float(seconds), move=move), evaluation]
    return out


def _evaluation(decision: Any, move: str) -> dict[str, Any]:
    v = decision.value
    deep = {"depth": decision.depth} if decision.depth else {}
    tail = "_deep" if decision.depth else ""
    if v is None:
        return say("eval.none", move=move)
    if math.isinf(v) or math.isnan(v):
        return say(("eval.wins" if v > 0 else "eval.loses") + tail, **deep)
    if abs(v) >= 999_000:
        plies = int(1_000_000 - abs(v))
        return say(("eval.wins_within" if v > 0 else "eval.loses_within") + tail, plies=plies, **deep)
    if abs(v) < 1e-9:
        return say("eval.even" + tail, **deep)
    score = int(v) if float(v).is_integer() else float(v)
    return say(("eval.better" if v > 0 else "eval.worse") + tail, score=score, **deep)


FAMILIES: dict[str, Callable[[Game, Any, Ctx], dict[str, Any] | None]] = {
    "nim": _nim,
    "kayles": _kayles,
    "subtraction": _subtraction,
    "stones": _stones,
    "corner": _corner,
    "pawn": _pawn,
    "pursuit": _pursuit,
    "mnk": _mnk,
    "coins": _coins,
}

__all__ = ["EXPLAIN_NODES", "MAX_CELLS", "MAX_LIST", "child_value", "corner_table", "explain", "explain_solution",
           "pawn_prices", "value"]
