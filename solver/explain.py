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
        reason = result.reason if result is not None else "the game is over"
        return empty(game, state, value(None), "over", "the game is over", reason)
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


def _bounded(out: dict[str, Any]) -> dict[str, Any]:
    """The protocol's bounds, whatever a family produced."""
    for key in ("best", "moves", "components", "line"):
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


def _nim_sum_text(parts: list[int], what: str, x: int) -> str:
    if len(parts) > MAX_TERMS:
        return f"the nim-sum of the {len(parts)} {what} is {x}"
    return f"the nim-sum {' XOR '.join(map(str, parts))} = {x}"


def _ordered(first: list[str], rest: list[str]) -> list[str]:
    """``first`` (the exact search's fastest moves) then the rest, without repeats."""
    return list(dict.fromkeys([*[m for m in first if m in rest], *rest]))


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
    fastest = [game.format_move(state, m) for m in sol.best] if sol is not None else []
    if winning:
        out["best"] = _ordered(fastest, winning)
        for move in out["best"][:MAX_LIST]:
            n = notes[move]
            take = n["from"] - n["to"]
            why = (f"take {take} from heap {n['heap']}: {n['from']} becomes {n['to']}, "
                   f"leaving nim-sum {n['nim_sum_after']}")
            out["moves"].append({"move": move, "why": why, "component": n["heap"] - 1, "after": n["nim_sum_after"]})
        first = notes[out["best"][0]]
        take = first["from"] - first["to"]
        if misere:
            out["reason"] = f"misère nim: {rule.reason}; take {take} from heap {first['heap']}"
        else:
            out["reason"] = (f"{_nim_sum_text(heaps, 'heaps', x)}; take {take} from heap {first['heap']} to leave "
                             f"nim-sum 0 ({first['from']} XOR {x} = {first['to']}): every answer makes it "
                             "non-zero again")
    else:
        if sol is not None:
            out["best"] = fastest
            for move in fastest:
                after = game.apply(state, game.parse_move(state, move))
                ns = strategies.nim_sum(list(after.heaps))
                out["moves"].append({"move": move, "why": f"holds out longest (leaves nim-sum {ns})",
                                     "component": game.parse_move(state, move)[0], "after": ns})
        if misere:
            out["reason"] = f"misère nim: {rule.reason}"
        else:
            out["reason"] = (f"{_nim_sum_text(heaps, 'heaps', x)}: every move changes one heap, so it changes "
                             "a bit of the nim-sum and leaves it non-zero, and the opponent makes it 0 again")
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
    sums = _values_text(runs, grundies, x)
    winning = [game.format_move(state, m) for m in rule.winning]
    if winning:
        fastest = [game.format_move(state, m) for m in sol.best] if sol is not None else []
        out["best"] = _ordered(fastest, winning)
        for move in out["best"]:
            n = notes[move]
            leaves = " and ".join(f"{m}" for m in n["leaves"]) or "no pins"
            why = f"in the row {n['component']}, leaves rows of {leaves}: nim-sum 0"
            out["moves"].append({"move": move, "why": why, "component": index[n["component"]], "after": 0})
        n = notes[out["best"][0]]
        leaves = " and ".join(f"{m}" for m in n["leaves"]) or "no pins"
        out["reason"] = (f"a row of n pins has the Grundy value G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...); {sums}; "
                         f"throw {n['move']} in the row {n['component']}, leaving rows of {leaves}, "
                         "to make the nim-sum 0")
    else:
        out["reason"] = (f"a row of n pins has the Grundy value G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...); {sums}: "
                         "every throw changes one row's value and leaves a non-zero nim-sum")
        if sol is not None:
            out["best"] = [game.format_move(state, m) for m in sol.best]
            out["moves"] = [{"move": m, "why": "holds out longest", "component": None, "after": None}
                            for m in out["best"]]
    return out


def _values_text(runs: list[tuple[int, int]], grundies: list[int], x: int) -> str:
    if len(runs) == 1:
        return f"the row's value G({runs[0][1]}) = {x}"
    if len(runs) > MAX_TERMS:
        return f"the nim-sum of the {len(runs)} rows' values is {x}"
    return (f"the rows' values {' XOR '.join(f'G({n})' for _, n in runs)} = "
            f"{' XOR '.join(map(str, grundies))} = {x}")


def _subtraction(game: Game, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    rule = strategies.explain(game, state)
    if rule is None:
        return None
    data = rule.data
    take, size, goal = data["take"], data["above_goal"], data["goal"]
    last_wins = game.params["rule"] == "last-wins"
    sol = _fast_search(game, state, ctx, size if size <= 10_000 else EXTRA_MOVES + 1)
    val = solution_value(sol) if sol is not None and sol.outcome == rule.outcome else value(rule.outcome)
    out = empty(game, state, val, rule.rule, rule.by, rule.reason)
    g = strategies.subtraction_grundy(tuple(take), size) if last_wins else None
    if g is not None:
        out["components"] = [{"label": "the heap above the goal", "index": 0, "size": size, "grundy": g,
                              "binary": None}]
        out["nim_sum"] = g
    winning = [game.format_move(state, m) for m in rule.winning]
    fastest = [game.format_move(state, m) for m in sol.best] if sol is not None else []
    out["best"] = _ordered(fastest, winning) if winning else fastest
    for move in out["best"]:
        left = size - int(move)
        after = strategies.subtraction_grundy(tuple(take), left) if last_wins else None
        heap = f" ({goal + left} in the heap)" if goal else ""
        why = (f"leaves {left} above the goal{heap}, a lost size" if winning
               else f"holds out longest (leaves {left} above the goal)")
        out["moves"].append({"move": move, "why": why, "component": 0 if g is not None else None, "after": after})
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
    word = "not 0: a move to a position of value 0 wins" if sol.grundy else "0: every move leads to a non-zero value"
    out["reason"] += f"; its Grundy value is {sol.grundy}, {word}"


def _stones(game: Game, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    """The exam's heap games: the exact search (the exam's count: win in K), with Grundy values when
    whoever reaches the goal wins (a normal-play game: the player to move wins exactly when it is not 0)."""
    sol = _search(game, state, ctx, ctx.max_nodes)
    if sol is None:
        return None
    out = _by_search(game, state, sol, ctx)
    if game.params["rule"] != "reach-wins":
        out["reason"] += "; whoever reaches the goal loses, so the player facing it avoids it as long as possible"
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
    out["reason"] += (f"; the Grundy value of the position is {g}"
                      + (": not 0, a move to value 0 wins" if g else ": every move leads to a value other than 0"))
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
    if plies % 2:
        best_plies = min(table[m][0] for m in moves if table[m][0] % 2 == 0)
        winning = [m for m in moves if table[m][0] % 2 == 0]
        best = [m for m in winning if table[m][0] == best_plies] + [m for m in winning if table[m][0] != best_plies]
    else:
        longest = max((table[m][0] for m in moves), default=0)
        best = [m for m in moves if table[m][0] == longest]
    if rule is not None:
        out = empty(game, state, val, rule.rule, rule.by, rule.reason)
        if rule.rule == "wythoff":
            pairs = [p for p in (strategies.wythoff_pair(k) for k in range(max(game.width, game.height)))
                     if p[1] < max(game.width, game.height)]
            out["reason"] += "; the pairs on this board: " + " ".join(f"({a},{b})" for a, b in pairs)
    else:
        why = "blocked cells" if game.blocked else f"the {piece}"
        out = empty(game, state, val, "search", "by exact search",
                    f"no classical rule for {why}: every cell solved backwards from a1 "
                    f"(a cell is lost when every move from it reaches a won cell)")
    out["nim_sum"] = g
    out["best"] = [format_cell(*m) for m in best]
    for m in best:
        d, mg = table[m]
        after = _plies_value(d)
        why = (f"moves to a lost cell ({after['text']} for the opponent, Grundy value {mg})" if plies % 2
               else f"holds out longest (the opponent has a {after['text']} there)")
        out["moves"].append({"move": format_cell(*m), "why": why, "component": None, "after": mg})
    if out["best"]:
        verb = "wins" if plies % 2 else "loses"
        out["reason"] += f"; with the {piece} on {format_cell(*here)} the player to move {verb} ({val['text']})"
    near = sorted(table, key=lambda c: (c != here, c not in moves, table[c][0] % 2 == 1,
                                        max(abs(c[0] - here[0]), abs(c[1] - here[1]))))
    out["cells"] = [_cell_note(c, table[c]) for c in near[:MAX_CELLS]]
    out["map_of"] = (f"the result for the player to move with the {piece} on each cell (W3: wins by the 3rd own "
                     "move; L2: loses by the opponent's 2nd move at the latest; L0: the game is over there); "
                     "the lost cells are those of Grundy value 0" + ("" if len(near) <= MAX_CELLS else
                                                 f"; the {MAX_CELLS} cells nearest the piece, lost cells first"))
    out["marks"] = [{"cell": format_cell(*here), "role": "piece"}] + [
        {"cell": c, "role": "best"} for c in out["best"]]
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
    who, other = ("Max", "Min") if mover == 0 else ("Min", "Max")
    moves = game.legal_moves(state)
    pick = max if mover == 0 else min
    target = pick(prices[m] for m in moves)
    best = [m for m in moves if prices[m] == target]
    out = empty(game, state, val, "search", "by the prices of the cells",
                f"the price of a cell is what Max gets from there with best play: on the diagonal its payoff, "
                f"elsewhere the larger of the two next prices where Max moves (x + y even) and the smaller where "
                f"Min moves; {who} to move on {format_cell(*here)}, price {_num(price)}")
    out["best"] = [format_cell(*m) for m in best]
    for m in best:
        others = [f"{format_cell(*o)} {_num(prices[o])}" for o in moves if o != m]
        why = f"price {_num(prices[m])}" + (f" (the other cell: {', '.join(others)})" if others else "")
        out["moves"].append({"move": format_cell(*m), "why": why, "component": None, "after": None})
    if out["best"]:
        out["reason"] += f": {out['best'][0]} keeps it ({who} {'wants it high' if mover == 0 else 'wants it low'})"
    reach = [c for c in prices if c[0] >= here[0] and c[1] >= here[1]]
    rest = [c for c in prices if c not in set(reach)]
    order = sorted(reach, key=lambda c: c[0] + c[1]) + sorted(rest, key=lambda c: c[0] + c[1])
    out["cells"] = [{"cell": format_cell(*c), "code": _num(prices[c]), "outcome": None, "k": None, "grundy": None,
                     "value": _number(prices[c])} for c in order[:MAX_CELLS]]
    out["map_of"] = "the price of each cell: what Max gets from there with best play" + (
        "" if len(order) <= MAX_CELLS else f" (the {MAX_CELLS} cells nearest the pawn, those it can still reach first)")
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
        fact = (f"the pursuer catches the evader in {t} rounds" if t is not None
                else "the evader can run for ever")
        won = t is not None and t <= left
        val = value("win", t) if won else value("loss")
        pick = min(steps.values())
        best = [q for q, v in steps.items() if v == pick]
        why = "rounds to the capture after it: {}"
    else:
        steps = {q: (math.inf if times.get((p, q)) is None else times[(p, q)]) for q in f.neighbours[e] if q != p}
        t = max(steps.values(), default=0)
        fact = (f"wherever the evader steps, it is caught within {t} rounds" if t < math.inf
                else "the evader has a step from which it can run for ever")
        val = value("loss", int(t)) if t <= left else value("win")
        pick = t
        best = [q for q, v in steps.items() if v == pick]
        why = "rounds to the capture from there: {}"
    if sol is not None:
        out = _by_search(game, state, sol, ctx)
    else:
        out = empty(game, state, val, "search", "by capture times", "")
        out["best"] = [cell(q) for q in best]
        out["moves"] = [{"move": cell(q), "why": why.format("never" if steps[q] == math.inf else int(steps[q])),
                         "component": None, "after": None} for q in best]
    limit = f"; {left} rounds are left" if left < 10_000 else ""
    out["reason"] = (f"capture times (retrograde over every pair of cells, pursuer to move): {fact}{limit}"
                     + (f"; {out['reason']}" if out["reason"] else ""))
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
    out["map_of"] = (f"rounds for the pursuer on {at}, to move, to catch the evader on each cell "
                     "('-': never); the outcome is the pursuer's")
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
    out["map_of"] = ("the result for the player to move of playing on each empty cell (W3: wins by the 3rd own "
                     "move counting this one; L2: loses by the opponent's 2nd move at the latest; D: a draw)")
    out["marks"] = [{"cell": m, "role": "best"} for m in out["best"]]
    return out


def _coins(game: Any, state: Any, ctx: Ctx) -> dict[str, Any] | None:
    """Odd x odd tables: the centre, then the mirror image of every coin through it (strategies.py)."""
    rule = strategies.explain(game, state)
    if rule is None:
        return None
    sol = _search(game, state, ctx, min(ctx.max_nodes, EXTRA_NODES))
    val = solution_value(sol) if sol is not None and sol.outcome == rule.outcome else value(rule.outcome)
    out = empty(game, state, val, rule.rule, rule.by, rule.reason)
    if rule.winning:
        move = format_cell(*rule.winning[0])
        mirrored = rule.data["moves"][0]["mirror_of"]
        why = (f"the mirror image of {mirrored} through the centre" if mirrored
               else "the centre: every later coin has a free mirror image")
        out["best"] = [move]
        out["moves"] = [{"move": move, "why": why, "component": None, "after": None}]
        out["marks"] = [{"cell": move, "role": "mirror"}]
    elif sol is not None:
        out["best"] = [game.format_move(state, m) for m in sol.best]
        out["moves"] = [{"move": m, "why": "holds out longest", "component": None, "after": None}
                        for m in out["best"]]
    return out


# ----------------------------------------------------------------------------------
# any game: exact search, else the engine


def _by_search(game: Game, state: Any, sol: exact.Solution, ctx: Ctx) -> dict[str, Any]:
    val = solution_value(sol)
    seat = game.to_move(state)
    assert seat is not None
    out = empty(game, state, val, "threats" if sol.proof in ("five", "fours") else "search",
                {"fours": "by continuous fours", "five": "by a win at once"}.get(sol.proof, "by exact search"), "")
    out["best"] = [game.format_move(state, m) for m in sol.best][:MAX_LIST]
    whys = []
    for m in sol.best[:MAX_LIST]:
        got = child_value(game, game.apply(state, m), seat, ctx)
        why = _leaves(got, val)
        whys.append(why)
        out["moves"].append({"move": game.format_move(state, m), "why": why, "component": None, "after": None})
    line = sol.line or main_line(game, state, sol, ctx)
    if line:
        out["line"] = _line_texts(game, state, line)
    first = f"; {out['best'][0]} {whys[0]}" if out["best"] else ""
    if sol.value is not None:
        out["reason"] = f"with best play on both sides the player to move gets {val['text'][6:]}{first}"
    elif val["outcome"] == "draw":
        out["reason"] = f"neither side can force a win{first}"
    elif val["outcome"] == "win":
        out["reason"] = f"the player to move wins, by the {_nth(val)} own move at the latest{first}"
    else:
        out["reason"] = ("every move loses against best play"
                         + (f"; {out['best'][0]} holds out longest" if out["best"] else ""))
    return out


def _nth(val: dict[str, Any]) -> str:
    k = val["k"] if val["k"] is not None else val["at_most"]
    if k is None:
        return "last"
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _leaves(got: dict[str, Any] | None, before: dict[str, Any]) -> str:
    """Why a best move is best, from what it leaves the mover."""
    if got is None:
        return f"keeps the {before['text']}"
    if got["outcome"] == "win" and got["k"] == 1:
        return "wins at once"
    if got["outcome"] == "score":
        return f"keeps the value {got['score']:g}"
    if got["outcome"] == "win" and got["k"] is not None:
        return f"leaves the opponent a loss in {got['k'] - 1}"
    if got["outcome"] == "win":
        return f"keeps the {got['text']}"
    if got["outcome"] == "draw":
        return "holds the draw"
    return f"holds out longest ({got['text']})"


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
    out["moves"] = [{"move": move, "why": "the engine's choice", "component": None, "after": None}]
    pv = [m for m in (decision.pv or [decision.move])]
    try:
        out["line"] = _line_texts(game, state, pv) or None
    except Exception:  # a line that does not replay (hidden moves) is left out
        out["line"] = [move]
    out["evaluation"] = _evaluation(decision, move)
    out["reason"] = (f"too large to solve exactly here; the engine searched {decision.nodes:,} positions "
                     f"in {seconds:g} s and plays {move}: {out['evaluation']}")
    return out


def _evaluation(decision: Any, move: str) -> str:
    v = decision.value
    depth = f" (searched {decision.depth} plies deep)" if decision.depth else ""
    if v is None:
        return f"no evaluation; the engine plays {move}"
    if math.isinf(v) or math.isnan(v):
        return ("the player to move wins" if v > 0 else "the opponent wins") + f" as far as the engine sees{depth}"
    if abs(v) >= 999_000:
        plies = 1_000_000 - abs(v)
        side = "the player to move wins" if v > 0 else "the opponent wins"
        return f"{side} within {int(plies)} plies as far as the engine sees{depth}"
    if abs(v) < 1e-9:
        return f"even{depth}"
    side = "the player to move" if v > 0 else "the opponent"
    return f"better for {side} (engine score {v:+g}){depth}"


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
