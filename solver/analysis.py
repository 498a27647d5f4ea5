"""Analysis tables: the value of every cell of a board game with one shared piece.

* ``corner`` (two players): for every cell, the result for the player to move with the
  piece there (win or loss in K) and its Grundy value; plus the classical rule each piece
  follows, checked against the table: king parity, rook = 2-heap Nim (Grundy x XOR y),
  queen = Wythoff (the cold cells are Wythoff's pairs).
* ``pawn``: the price of every cell, the payoff Max gets from there under best play.
* ``pursuit`` with one pursuer: the capture time from every pair of cells (pursuer to
  move), by retrograde analysis of the chase without a round limit.

Every table is a dict from a cell name (or ``"PURSUER-EVADER"`` pair) to a :class:`CellValue`.
Each game's table is registered in one line of :data:`TABLES`, next to its functions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from grundy.rules.base import Game
from grundy.rules.cells import column_name, format_cell, parse_cell
from grundy.rules.games.corner import Corner
from grundy.rules.games.pawn import Pawn
from grundy.rules.games.pursuit import Pursuit
from grundy.solver import exact, strategies

MAX_PURSUIT_CELLS = 400  # 159,600 pairs: about 3 s


@dataclasses.dataclass(frozen=True)
class CellValue:
    """What one cell is worth: outcome and K (for the player to move), Grundy value, payoff."""

    outcome: str | None = None
    in_k: int | None = None
    grundy: int | None = None
    value: float | None = None

    def to_dict(self) -> dict[str, Any]:
        v = self.value
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        return {"outcome": self.outcome, "in": self.in_k, "grundy": self.grundy, "value": v}

    @property
    def code(self) -> str:
        """Short text for a board: ``W3`` win in 3, ``L2`` loss in 2, ``L0`` the game is over here."""
        if self.outcome == "win":
            return f"W{self.in_k}"
        if self.outcome == "loss":
            return f"L{self.in_k}"
        if self.outcome == "draw":
            return "D"
        return "" if self.value is None else _number(self.value)


@dataclasses.dataclass
class Analysis:
    """A table of cell values with the board's size and notes on the rules it shows."""

    game: Game
    width: int
    height: int
    cells: dict[str, CellValue]
    notes: list[str]
    title: str


@dataclasses.dataclass(frozen=True)
class Tables:
    """One game's analysis: ``build(game)`` the table, ``boards(analysis, pursuer)`` its boards as text
    lines (under the title, above the notes), ``covers`` what it covers (for the refusal of others)."""

    build: Callable[[Any], Analysis]
    boards: Callable[[Analysis, str | None], list[str]]
    covers: str


# The games with an analysis table, one line each next to the table's functions (keyed by class).
TABLES: dict[type[Game], Tables] = {}


def analyze(game: Game, **options: Any) -> Analysis:
    """The analysis table of ``game``; raises :class:`exact.Unsupported` for other games."""
    tables = TABLES.get(type(game))
    if tables is None:
        covered = [t.covers for t in TABLES.values()]
        listed = ", ".join(covered[:-1]) + " and " + covered[-1] if len(covered) > 1 else "".join(covered)
        raise exact.Unsupported(f"{game.name}: analysis tables cover {listed}")
    return tables.build(game)


# ----------------------------------------------------------------------------------
# corner


def corner(game: Any) -> Analysis:
    """Outcome, K and Grundy value of every free cell of a two-player corner game."""
    if game.seats != 2:
        raise exact.Unsupported("corner: the analysis table covers two players (Grundy values need two)")
    w, h = game.width, game.height
    base = game.initial()
    cells: dict[str, CellValue] = {}
    for y in range(h):
        for x in range(w):
            if (x, y) in game.blocked:
                continue
            s = base._replace(x=x, y=y, turn=0)
            if game.is_over(s):
                cells[format_cell(x, y)] = CellValue("loss", 0, 0)
                continue
            v = int(exact.value(game, s, max_nodes=None))
            outcome, k, _ = exact.outcome_of(v)
            cells[format_cell(x, y)] = CellValue(outcome, k, exact.grundy(game, s, max_nodes=None))
    piece = game.piece
    return Analysis(game, w, h, cells, _corner_notes(game, cells), f"corner: one-way {piece}, {w} x {h}")


def _corner_notes(game: Any, cells: dict[str, CellValue]) -> list[str]:
    """The classical rule of each piece, checked cell by cell against the table."""
    if game.blocked:
        return ["blocked cells: no classical rule applies; the table is the exact solution"]
    piece = game.piece
    lost = sorted((parse_cell(c) for c, v in cells.items() if v.outcome == "loss"), key=lambda c: (c[1], c[0]))

    def holds(ok: bool) -> str:
        return "holds on every cell" if ok else "FAILS on some cell"

    notes: list[str] = []
    if piece == "king":
        ok = all((x % 2 == 0 and y % 2 == 0) == (cells[format_cell(x, y)].outcome == "loss")
                 for x, y in map(parse_cell, cells))
        notes.append(f"king parity: a cell is lost for the player to move exactly when its column and row "
                     f"(counted from a1 = 0) are both even: {holds(ok)}")
    if piece == "rook":
        ok = all(v.grundy == (x ^ y) for (x, y), v in ((parse_cell(c), v) for c, v in cells.items()))
        notes.append(f"rook = 2-heap Nim with heaps x and y: Grundy value = x XOR y: {holds(ok)}; "
                     "the lost cells are the diagonal x = y")
    if piece == "queen":
        pairs = strategies.wythoff_pairs(max(game.width, game.height))
        cold = {(a, b) for a, b in pairs} | {(b, a) for a, b in pairs}
        cold = {c for c in cold if c[0] < game.width and c[1] < game.height}
        ok = set(lost) == cold
        shown = ", ".join(f"({a},{b})" for a, b in pairs)
        notes.append(f"queen = Wythoff's game: the lost (cold) cells are the pairs (floor(k*phi), floor(k*phi^2)) "
                     f"and their mirrors: {shown}: {holds(ok)}")
    if piece == "knight":
        notes.append("knight: no classical rule; the table is the exact solution")
    notes.append("lost cells: " + " ".join(format_cell(x, y) for x, y in lost))
    return notes


def _corner_boards(a: Analysis, pursuer: str | None) -> list[str]:
    lines = _board(a.width, a.height, lambda c: a.cells[c].code if c in a.cells else "#",
                   "outcome for the player to move (W3: wins by the 3rd own move, L2: loses by the "
                   "opponent's 2nd move at the latest, L0: the game is over there)")
    lines += _board(a.width, a.height,
                    lambda c: "#" if c not in a.cells else str(a.cells[c].grundy), "Grundy values")
    return lines


TABLES[Corner] = Tables(corner, _corner_boards, "corner")


# ----------------------------------------------------------------------------------
# pawn


def pawn(game: Any) -> Analysis:
    """The price of every cell on or below the diagonal: Max's payoff from there under best play."""
    size = game.size
    cells: dict[str, CellValue] = {}
    for y in range(size):
        for x in range(size - y):
            s = game.initial()._replace(x=x, y=y)
            if game.is_over(s):
                price = float(game.payoff(s))
            else:
                mover = game.to_move(s)
                v = exact.value(game, s, max_nodes=None)
                price = v if mover == 0 else -v
            cells[format_cell(x, y)] = CellValue(value=price)
    start = cells[format_cell(0, 0)].value
    notes = [f"value of the game (the price of a1): {_number(start if start is not None else 0)}",
             "Max moves on cells with x + y even, Min on the others"]
    return Analysis(game, size, size, cells, notes, f"pawn: prices on the {size} x {size} board")


def _pawn_boards(a: Analysis, pursuer: str | None) -> list[str]:
    return _board(a.width, a.height, lambda c: a.cells[c].code if c in a.cells else "",
                  "price of each cell (what Max gets from there with best play)")


TABLES[Pawn] = Tables(pawn, _pawn_boards, "pawn")


# ----------------------------------------------------------------------------------
# pursuit


def pursuit(game: Game) -> Analysis:
    """Capture time (rounds, pursuer to move) from every pair of cells, one pursuer.

    A round is the pursuer's step and then the evader's.  The pursuer catches the evader
    by stepping onto it, or the evader is caught when it must step onto the pursuer.
    Pairs from which the evader escapes for ever are left out.  Outcome for the pursuer:
    ``win`` in K when K is within the round limit, else ``loss``.
    """
    from grundy.solver.pursuit import _layout

    if game.seats != 2:
        raise exact.Unsupported("pursuit: the capture-time table covers one pursuer")
    f, _, _, _, _ = _layout(game, game.initial())
    free_cells = f.width * f.height - len(f.blocked)
    if free_cells > MAX_PURSUIT_CELLS:
        raise exact.TooLarge(
            f"pursuit: {free_cells} open cells make {free_cells * (free_cells - 1):,} pairs; the capture-time "
            f"table covers boards of up to {MAX_PURSUIT_CELLS} open cells"
        )
    times = capture_times(f.neighbours, f.blocked, f.width * f.height)
    limit = int(game.params.get("limit") or 0) or None
    w = f.width
    cells: dict[str, CellValue] = {}
    free = [c for c in range(f.width * f.height) if c not in f.blocked]
    for p in free:
        for e in free:
            if p == e:
                continue
            key = f"{format_cell(p % w, p // w)}-{format_cell(e % w, e // w)}"
            t = times.get((p, e))
            won = t is not None and (limit is None or t <= limit)
            cells[key] = CellValue("win" if won else "loss", t if won else None, None,
                                   None if t is None else float(t))
    notes = [f"capture time in rounds with the pursuer to move; {len(times)} of {len(cells)} pairs "
             "are caught whatever the evader does"]
    if limit is not None:
        notes.append(f"round limit {limit}: the pursuer wins where the time is within it")
    return Analysis(game, f.width, f.height, cells, notes, f"pursuit: capture times on {f.width} x {f.height}")


def _pursuit_boards(a: Analysis, pursuer: str | None) -> list[str]:
    from grundy.solver.pursuit import _layout

    f, figures, _, _, _ = _layout(a.game, a.game.initial())
    p = parse_cell(pursuer) if pursuer else (figures[0] % f.width, figures[0] // f.width)
    at = format_cell(*p)

    def cell(c: str) -> str:
        if c == at:
            return "P"
        v = a.cells.get(f"{at}-{c}")
        x, y = parse_cell(c)
        if y * f.width + x in f.blocked:
            return "#"
        return "-" if v is None or v.value is None else _number(v.value)

    return _board(a.width, a.height, cell,
                  f"rounds to catch the evader on each cell, pursuer P on {at} to move ('-': never)")


TABLES[Pursuit] = Tables(pursuit, _pursuit_boards, "pursuit with one pursuer")


def capture_times(neighbours: list[tuple[int, ...]], blocked: set[int], n: int) -> dict[tuple[int, int], int]:
    """Rounds to capture, pursuer to move, for every pair ``(pursuer, evader)`` of distinct open cells.

    Retrograde by rounds: a pair is caught within k+1 rounds when the pursuer has a step
    onto the evader, or a step after which every step of the evader lands on the pursuer
    or in a pair caught within k rounds.
    """
    cells = [c for c in range(n) if c not in blocked]
    around = [frozenset(neighbours[c]) for c in range(n)]
    times: dict[tuple[int, int], int] = {}
    # caught[p]: evader cells caught within the rounds so far, pursuer on p to move (plus p itself)
    caught: list[set[int]] = [{c} for c in range(n)]
    open_pairs = [(p, e) for p in cells for e in cells if p != e]
    k = 0
    while open_pairs:
        k += 1
        newly = []
        rest = []
        for p, e in open_pairs:
            if e in around[p] or any(around[e] <= caught[q] for q in around[p]):
                newly.append((p, e))
            else:
                rest.append((p, e))
        if not newly:
            break
        for p, e in newly:
            times[(p, e)] = k
            caught[p].add(e)
        open_pairs = rest
    return times


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


# ----------------------------------------------------------------------------------
# rendering


def render(a: Analysis, *, pursuer: str | None = None) -> str:
    """Plain-text boards of an analysis, row 1 at the bottom like the game's own pictures."""
    lines = [a.title]
    tables = TABLES.get(type(a.game))
    if tables is not None:
        lines += tables.boards(a, pursuer)
    lines.append("")
    lines += a.notes
    return "\n".join(lines)


def _board(width: int, height: int, text: Any, caption: str) -> list[str]:
    labels = [[text(format_cell(x, y)) for x in range(width)] for y in range(height)]
    cw = max([len(column_name(width - 1))] + [len(t) for row in labels for t in row])
    rw = len(str(height))
    out = ["", caption]
    for y in range(height - 1, -1, -1):
        out.append(f"{y + 1:>{rw}} " + " ".join(t.rjust(cw) for t in labels[y]))
    out.append(" " * (rw + 1) + " ".join(column_name(x).rjust(cw) for x in range(width)))
    return out
