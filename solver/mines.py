"""Minesweeper: mine probabilities from what a player can see, and the move it implies.

Only the visible constraints are used: the counts on revealed cells, the mines shown by
correct flags, and the total number of mines.  The hidden layout is never looked at.

How the probabilities are found:

1. *Deduction*: each revealed count says how many of its covered neighbours are mines.
   Trivial counts (none left / all left) and the subset rule between pairs of counts settle
   cells for certain; this repeats until nothing changes.
2. *Enumeration*: the covered cells next to some count (the frontier) split into
   independent groups; every group's mine arrangements are counted exactly by
   backtracking, by number of mines.  A group too large to enumerate within its node cap
   is sampled instead (random depth-first completions weighted by their branching
   factors, an unbiased estimate of the counts).
3. *Global weighting*: an arrangement with f frontier mines leaves ``R - f`` mines among
   the ``O`` covered cells away from the frontier, in ``C(O, R - f)`` ways, so every
   arrangement is weighted by that binomial; the cells away from the frontier share
   ``(R - f) / O`` each.

A probability of exactly 0 (or 1) from deduction or from exact enumeration is a proof;
sampled estimates never are.  The policy that uses them is in :func:`choose_cell`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from grundy.solver.search import Clock, TimeUp


@dataclasses.dataclass
class Grid:
    """What a player sees: counts on revealed cells (None: covered), shown mines, total mines."""

    width: int
    height: int
    counts: list[int | None]  # by cell y * width + x; None while covered
    mines_shown: set[int]  # covered cells known to be mines (correct flags, exploded mines)
    mines: int  # mines on the whole board

    def neighbours(self, c: int) -> list[int]:
        w, h = self.width, self.height
        x, y = c % w, c // w
        return [
            (y + dy) * w + x + dx
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h
        ]

    def covered(self) -> list[int]:
        """Covered cells not known to be mines: where a reveal or a flag may go."""
        return [c for c, n in enumerate(self.counts) if n is None and c not in self.mines_shown]


@dataclasses.dataclass
class Analysis:
    """Mine probability of every covered cell, and which cells are settled for certain."""

    probability: dict[int, float]
    safe: set[int]  # proven safe
    mine: set[int]  # proven mines (not yet shown)
    exact: bool  # every probability is exact (no group was sampled)
    nodes: int = 0


class _Budget:
    """Counts search nodes across the analysis and reads the clock every so often."""

    def __init__(self, clock: Clock | None) -> None:
        self.clock = clock
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.clock is not None and self.nodes % 256 == 0:
            self.clock.check()


def _constraints(grid: Grid, safe: set[int], mine: set[int]) -> list[tuple[frozenset[int], int]]:
    """(unknown neighbours, mines among them) for every revealed count with unknowns around it."""
    out: dict[frozenset[int], int] = {}
    shown = grid.mines_shown
    for c, n in enumerate(grid.counts):
        if n is None:
            continue
        unknown = []
        need = n
        for d in grid.neighbours(c):
            if d in shown or d in mine:
                need -= 1
            elif grid.counts[d] is None and d not in safe:
                unknown.append(d)
        if unknown:
            out[frozenset(unknown)] = need
    return list(out.items())


def deduce(grid: Grid, *, pairs: bool = True, budget: _Budget | None = None) -> tuple[set[int], set[int]]:
    """Cells proven safe and proven mines by single counts and (if ``pairs``) the subset rule."""
    safe: set[int] = set()
    mine: set[int] = set()
    changed = True
    while changed:
        changed = False
        cons = _constraints(grid, safe, mine)
        for cells, need in cons:
            if need == 0:
                safe |= cells
                changed = True
            elif need == len(cells):
                mine |= cells
                changed = True
        if changed or not pairs:
            continue
        by_cell: dict[int, list[int]] = {}
        for i, (cells, _) in enumerate(cons):
            for c in cells:
                by_cell.setdefault(c, []).append(i)
        for i, (a, na) in enumerate(cons):
            near = {j for c in a for j in by_cell[c] if j != i}
            for j in near:
                if budget is not None:
                    budget.tick()
                b, nb = cons[j]
                if a < b:
                    rest, left = b - a, nb - na
                    if left == 0:
                        safe |= rest
                        changed = True
                    elif left == len(rest):
                        mine |= rest
                        changed = True
                else:
                    # Overlap: at most min(|a&b|, na) of a's mines lie in b.
                    common = a & b
                    only_b = b - a
                    most_in_common = min(len(common), na)
                    least_in_common = max(0, na - len(a - b))
                    if only_b and nb - most_in_common == len(only_b):
                        mine |= only_b
                        changed = True
                    elif only_b and common and nb - least_in_common == 0:
                        safe |= only_b
                        changed = True
            if changed:
                break
    return safe, mine


def _components(cons: list[tuple[frozenset[int], int]]) -> list[tuple[list[int], list[tuple[frozenset[int], int]]]]:
    """Independent groups of frontier cells with the counts that bind them."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for cells, _ in cons:
        for c in cells:
            parent.setdefault(c, c)
        it = iter(cells)
        first = find(next(it))
        for c in it:
            r = find(c)
            if r != first:
                parent[r] = first
    groups: dict[int, list[int]] = {}
    for c in parent:
        groups.setdefault(find(c), []).append(c)
    bound: dict[int, list[tuple[frozenset[int], int]]] = {}
    for cells, need in cons:
        bound.setdefault(find(next(iter(cells))), []).append((cells, need))
    return [(sorted(cs), bound[r]) for r, cs in groups.items()]


class _Group:
    """Backtracking over one frontier group: counts of arrangements by number of mines."""

    def __init__(self, cells: list[int], cons: list[tuple[frozenset[int], int]], budget: _Budget) -> None:
        # Order cells so that each count closes as early as possible (a breadth-first sweep).
        self.budget = budget
        adj: dict[int, set[int]] = {c: set() for c in cells}
        for cs, _ in cons:
            for c in cs:
                adj[c] |= cs
        order: list[int] = []
        seen: set[int] = set()
        for start in cells:
            if start in seen:
                continue
            queue = [start]
            seen.add(start)
            while queue:
                c = queue.pop(0)
                order.append(c)
                for d in sorted(adj[c] - seen):
                    seen.add(d)
                    queue.append(d)
        self.order = order
        index = {c: i for i, c in enumerate(order)}
        self.n = len(order)
        self.cons = [(sorted(index[c] for c in cs), need) for cs, need in cons]
        self.of_cell: list[list[int]] = [[] for _ in range(self.n)]
        for ci, (idx, _) in enumerate(self.cons):
            for i in idx:
                self.of_cell[i].append(ci)
        self.need = [need for _, need in self.cons]
        self.left = [len(cs) for cs, _ in self.cons]  # unassigned cells per count
        self.value = [0] * self.n

    def _can(self, i: int, v: int) -> bool:
        for ci in self.of_cell[i]:
            need = self.need[ci] - v
            if need < 0 or need > self.left[ci] - 1:
                return False
        return True

    def _set(self, i: int, v: int) -> None:
        self.value[i] = v
        for ci in self.of_cell[i]:
            self.need[ci] -= v
            self.left[ci] -= 1

    def _unset(self, i: int, v: int) -> None:
        for ci in self.of_cell[i]:
            self.need[ci] += v
            self.left[ci] += 1

    def enumerate(self, cap: int) -> tuple[dict[int, int], dict[int, list[int]]] | None:
        """Exact counts: {mines: arrangements}, {mines: per-cell mine counts}; None past ``cap`` nodes."""
        counts: dict[int, int] = {}
        per_cell: dict[int, list[int]] = {}
        nodes = 0

        def go(i: int, m: int) -> bool:
            nonlocal nodes
            nodes += 1
            self.budget.tick()
            if nodes > cap:
                return False
            if i == self.n:
                counts[m] = counts.get(m, 0) + 1
                row = per_cell.setdefault(m, [0] * self.n)
                for j, v in enumerate(self.value):
                    if v:
                        row[j] += 1
                return True
            for v in (0, 1):
                if self._can(i, v):
                    self._set(i, v)
                    ok = go(i + 1, m + v)
                    self._unset(i, v)
                    if not ok:
                        return False
            return True

        return (counts, per_cell) if go(0, 0) else None

    def sample(self, samples: int, rng: random.Random) -> tuple[dict[int, float], dict[int, list[float]]]:
        """Estimated counts by random completions weighted by their branching (Knuth's estimator)."""
        counts: dict[int, float] = {}
        per_cell: dict[int, list[float]] = {}
        done = 0
        for _ in range(samples):
            weight = 1.0
            m = 0
            assigned: list[tuple[int, int]] = []
            ok = True
            for i in range(self.n):
                self.budget.tick()
                choices = [v for v in (0, 1) if self._can(i, v)]
                if not choices:
                    ok = False
                    break
                v = rng.choice(choices)
                weight *= len(choices)
                self._set(i, v)
                assigned.append((i, v))
                m += v
            for i, v in reversed(assigned):
                self._unset(i, v)
            done += 1
            if not ok:
                continue
            counts[m] = counts.get(m, 0.0) + weight
            row = per_cell.setdefault(m, [0.0] * self.n)
            for i, v in assigned:
                if v:
                    row[i] += weight
        if done:
            counts = {m: c / done for m, c in counts.items()}
            per_cell = {m: [x / done for x in row] for m, row in per_cell.items()}
        return counts, per_cell


def analyse(
    grid: Grid,
    *,
    clock: Clock | None = None,
    rng: random.Random | None = None,
    enumerate_cap: int = 200_000,
    samples: int = 2_000,
    global_weighting: bool = True,
    pairs: bool = True,
) -> Analysis:
    """Mine probabilities for every covered cell of ``grid``.

    Raises :class:`~solver.search.TimeUp` if ``clock`` runs out (the caller falls back to
    the deductions alone).
    """
    rng = rng or random.Random(0)
    budget = _Budget(clock)
    safe, mine = deduce(grid, pairs=pairs, budget=budget)
    covered = [c for c in grid.covered() if c not in safe and c not in mine]
    remaining = grid.mines - len(grid.mines_shown) - len(mine)
    prob: dict[int, float] = {c: 0.0 for c in safe}
    prob.update({c: 1.0 for c in mine})
    cons = _constraints(grid, safe, mine)
    frontier = {c for cs, _ in cons for c in cs}
    outside = [c for c in covered if c not in frontier]
    Counts = dict[int, float] | dict[int, int]
    groups: list[tuple[list[int], Counts, dict[int, list[float]] | dict[int, list[int]]]] = []
    exact = True
    for cells, gcons in _components(cons):
        g = _Group(cells, gcons, budget)
        res = g.enumerate(enumerate_cap)
        if res is None:
            exact = False
            counts_f, per_f = g.sample(samples, rng)
            groups.append((g.order, counts_f, per_f))
        else:
            groups.append((g.order, res[0], res[1]))
            # Settled in every arrangement of the group: a proof whatever the weighting.
            for j, c in enumerate(g.order):
                hits = [row[j] for row in res[1].values()]
                if all(h == 0 for h in hits):
                    safe.add(c)
                elif all(res[1][m][j] == n for m, n in res[0].items()):
                    mine.add(c)
    n_out = len(outside)

    def outside_ways(f: int) -> int:
        k = remaining - f
        if not global_weighting:
            return 1
        if k < 0 or k > n_out:
            return 0
        return math.comb(n_out, k)

    # Distribution of frontier mines over all groups but one, for each group (small: convolve).
    def convolve(dists: Iterable[dict[int, float] | dict[int, int]]) -> dict[int, float | int]:
        acc: dict[int, float | int] = {0: 1}
        for d in dists:
            nxt: dict[int, float | int] = {}
            for a, wa in acc.items():
                for b, wb in d.items():
                    nxt[a + b] = nxt.get(a + b, 0) + wa * wb
            acc = nxt
        return acc

    dists = [g[1] for g in groups]
    everything = convolve(dists)
    total = sum(w * outside_ways(f) for f, w in everything.items())
    if total == 0:
        # Inconsistent view (should not happen): fall back to a flat estimate.
        flat = max(0, remaining) / max(1, len(covered))
        for c in covered:
            prob[c] = flat
        return Analysis(prob, safe, mine, False, budget.nodes)
    for i, (order, _counts, per_cell) in enumerate(groups):
        others = convolve(dists[:i] + dists[i + 1 :])
        acc = [0.0] * len(order)
        exact_acc: list[Fraction] | None = [Fraction(0)] * len(order) if exact else None
        for m, row in per_cell.items():
            factor = sum(w * outside_ways(m + f) for f, w in others.items())
            if not factor:
                continue
            for j, x in enumerate(row):
                if x:
                    if exact_acc is not None:
                        exact_acc[j] += Fraction(int(x) * int(factor))
                    else:
                        acc[j] += float(x) * float(factor)
        for j, c in enumerate(order):
            if exact_acc is not None:
                p = exact_acc[j] / Fraction(int(total))
                prob[c] = float(p)
                if p == 0:
                    safe.add(c)
                elif p == 1:
                    mine.add(c)
            else:
                prob[c] = acc[j] / float(total)
    if n_out:
        mines_out = sum(w * outside_ways(f) * (remaining - f) for f, w in everything.items())
        if exact:
            p_out = Fraction(int(mines_out), int(total) * n_out)
            for c in outside:
                prob[c] = float(p_out)
            if p_out == 0:
                safe.update(outside)
            elif p_out == 1:
                mine.update(outside)
        else:
            for c in outside:
                prob[c] = float(mines_out) / float(total) / n_out
    return Analysis(prob, safe, mine, exact, budget.nodes)


def local_probabilities(grid: Grid) -> Analysis:
    """A quick estimate a casual player makes: each count's mines spread over its unknowns."""
    safe, mine = deduce(grid, pairs=False)
    covered = [c for c in grid.covered() if c not in safe and c not in mine]
    remaining = grid.mines - len(grid.mines_shown) - len(mine)
    base = max(0, remaining) / max(1, len(covered))
    prob = {c: base for c in covered}
    for cells, need in _constraints(grid, safe, mine):
        p = need / len(cells)
        for c in cells:
            prob[c] = max(prob[c], p) if c in prob else p
    prob.update({c: 0.0 for c in safe})
    prob.update({c: 1.0 for c in mine})
    return Analysis(prob, safe, mine, False)


@dataclasses.dataclass
class MineChoice:
    """A minesweeper move: ``action`` is ``'r'`` (reveal) or ``'f'`` (flag) on ``cell``."""

    action: str
    cell: int
    probability: float  # the chosen cell's mine probability
    reason: str


def opening_cell(grid: Grid) -> int:
    """The first reveal (always safe): the centre, where an opening region tends to be largest."""
    return (grid.height // 2) * grid.width + grid.width // 2


def choose_cell(analysis: Analysis, grid: Grid, *, flags_score: bool, rng: random.Random) -> MineChoice:
    """The move the probabilities imply.

    Policy, in order:

    * ``flags_score`` (the duel): flag a proven mine first, a sure point that no reveal
      can give;
    * reveal a proven safe cell: never guess when a safe cell is provable;
    * otherwise guess: in a duel flag the likeliest mine when it is at least as likely as
      not (a wrong flag only shows a safe cell, so it risks nothing), else reveal the
      least likely cell; alone, reveal the least likely cell.  Ties go to the cell with the
      fewest covered neighbours (corners and edges open up more often).
    """
    covered = set(grid.covered())
    mines = sorted(c for c in analysis.mine if c in covered)
    if flags_score and mines:
        return MineChoice("f", mines[0], 1.0, "flags a proven mine")
    safe = sorted(c for c in analysis.safe if c in covered)
    if safe:
        return MineChoice("r", safe[0], 0.0, "reveals a proven safe cell")
    cands = [c for c in covered if c in analysis.probability]
    if not cands:
        cands = sorted(covered)
        return MineChoice("r", rng.choice(cands), 1.0, "no information")

    def covered_around(c: int) -> int:
        return sum(1 for d in grid.neighbours(c) if grid.counts[d] is None)

    if flags_score:
        top = max(cands, key=lambda c: (analysis.probability[c], -covered_around(c), -c))
        if analysis.probability[top] >= 0.5:
            return MineChoice("f", top, analysis.probability[top], "flags the likeliest mine")
    low = min(analysis.probability[c] for c in cands)
    best = [c for c in cands if analysis.probability[c] <= low + 1e-12]
    best.sort(key=lambda c: (covered_around(c), c))
    return MineChoice("r", best[0], low, "guesses the least likely mine")


def analyse_within(grid: Grid, clock: Clock, rng: random.Random, *, level: str) -> Analysis:
    """The analysis a level can afford: full for hard/max, pairs for medium, single counts for easy."""
    if level == "easy":
        return local_probabilities(grid)
    if level == "medium":
        try:
            safe, mine = deduce(grid, pairs=True, budget=_Budget(clock))
        except TimeUp:
            return local_probabilities(grid)
        quick = local_probabilities(grid)
        quick.safe |= safe
        quick.mine |= mine
        for c in safe:
            quick.probability[c] = 0.0
        for c in mine:
            quick.probability[c] = 1.0
        return quick
    try:
        return analyse(grid, clock=clock, rng=rng)
    except TimeUp:
        try:
            safe, mine = deduce(grid, pairs=True, budget=_Budget(clock))
        except TimeUp:
            return local_probabilities(grid)
        quick = local_probabilities(grid)
        quick.safe |= safe
        quick.mine |= mine
        return quick


# ----------------------------------------------------------------------------------
# The rules edge: a player's view in, a move text out

_COVERED = {"?", "#", "", "covered", "hidden", "unknown", "-", "."}
_MINE = {"*", "f", "flag", "flagged", "mine", "m", "x", "!"}


def grid_from_view(view: dict[str, Any], params: dict[str, Any]) -> Grid:
    """A :class:`Grid` from a minesweeper view: only what that player may see.

    Accepts the board as a flat list (row by row from a1) or as rows, each cell a count
    (revealed), a covered marker, or a mine marker (a correct flag); rows given top-down
    (as printed) are detected by a ``rows`` key.
    """
    width = int(view.get("width") or params["width"])
    height = int(view.get("height") or params["height"])
    mines = int(view.get("mines") or params["mines"])
    raw = None
    for key in ("cells", "board", "grid", "rows"):
        if key in view:
            raw = view[key]
            break
    if raw is None:
        raise ValueError("no board in the view")
    if len(raw) == height and raw and isinstance(raw[0], (list, tuple, str)) and len(raw[0]) == width:
        rows = [list(r) if not isinstance(r, str) else list(r) for r in raw]
        if "rows" in view:  # printed top row first
            rows = list(reversed(rows))
        flat = [v for r in rows for v in r]
    else:
        flat = list(raw)
    if len(flat) != width * height:
        raise ValueError("the board in the view does not match its size")
    counts: list[int | None] = [None] * (width * height)
    shown: set[int] = set()
    for c, v in enumerate(flat):
        if isinstance(v, dict):
            v = v.get("count", v.get("state"))
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int):
            counts[c] = v if v >= 0 else None
            continue
        t = str(v).strip().lower()
        if t.isascii() and t.isdigit():
            counts[c] = int(t)
        elif t in _MINE:
            shown.add(c)
    for key in ("flags", "mines_shown", "shown_mines"):
        for cell in view.get(key) or []:
            shown.add(_index(cell, width))
    return Grid(width, height, counts, shown, mines)


def _index(cell: Any, width: int) -> int:
    from grundy.rules.cells import parse_cell

    if isinstance(cell, str):
        x, y = parse_cell(cell)
    elif isinstance(cell, int):
        return cell
    else:
        x, y = cell
    return y * width + x


def choose_from_view(
    game: Any, view: dict[str, Any], seat: int, level: str, clock: Clock, rng: random.Random
) -> tuple[str, float | None, list[str], int, int, str] | None:
    """The move text for ``seat`` from its view (``r CELL`` or ``f CELL``), or None if unreadable."""
    from grundy.rules.cells import format_cell

    try:
        grid = grid_from_view(view, game.params)
    except (KeyError, TypeError, ValueError):
        return None
    duel = int(game.params.get("players", 1)) > 1
    if all(n is None for n in grid.counts):
        cell = opening_cell(grid)
        return f"r {format_cell(cell % grid.width, cell // grid.width)}", None, [], 0, 0, "opening reveal"
    if level == "random":
        return None
    analysis = analyse_within(grid, clock, rng, level=level)
    choice = choose_cell(analysis, grid, flags_score=duel, rng=rng)
    text = f"{choice.action} {format_cell(choice.cell % grid.width, choice.cell // grid.width)}"
    # The value: the chance that the move is good (a safe reveal, a flag on a mine).
    good = 1.0 - choice.probability if choice.action == "r" else choice.probability
    return text, good, [text], analysis.nodes, 1, choice.reason
