"""Pursuit (Tom and Jerry): an evaluation for the search, and a blind evader's policy.

Distances are king-move distances around the obstacles (breadth-first search on the open
cells, cached per source cell since the obstacles never move).  The evaluation, for the
pursuers, rewards:

* closeness: the nearest pursuer's distance to the evader (10 per step) and the other's
  (3 per step), so both close in;
* cornering: the evader's *territory*, the open cells it reaches strictly before every
  pursuer (2 per cell); a cornered evader has none, and the pursuers cut it down by
  standing between the evader and the open space;
* the clock: when even the nearest pursuer cannot reach the evader's cell before the
  round limit, the evader is as good as safe.

Teams: with a coalition the pursuers form one side and the evader the other.  Without one
(whoever catches wins alone) the search is paranoid: the seat to move against the others;
a pursuer then counts only its own distance as closeness.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from grundy.rules.base import Game
from grundy.rules.cells import format_cell, parse_cell
from grundy.solver.search import Clock

SCALE = 10.0  # evaluation units per step of distance (the bot's noise is scaled by it)
FAR = 10_000


class Field:
    """The open cells of a pursuit board with king-move neighbours and cached distances."""

    def __init__(self, width: int, height: int, blocked: set[int]) -> None:
        self.width, self.height = width, height
        self.blocked = blocked
        n = width * height
        self.neighbours: list[tuple[int, ...]] = []
        for c in range(n):
            x, y = c % width, c // width
            self.neighbours.append(
                tuple(
                    (y + dy) * width + x + dx
                    for dy in (-1, 0, 1)
                    for dx in (-1, 0, 1)
                    if (dx or dy)
                    and 0 <= x + dx < width
                    and 0 <= y + dy < height
                    and (y + dy) * width + x + dx not in blocked
                )
            )
        self._dist: dict[int, list[int]] = {}

    def distances(self, src: int) -> list[int]:
        """King-move distance from ``src`` to every cell (FAR where unreachable)."""
        d = self._dist.get(src)
        if d is not None:
            return d
        d = [FAR] * (self.width * self.height)
        d[src] = 0
        q = deque([src])
        nb = self.neighbours
        while q:
            c = q.popleft()
            nd = d[c] + 1
            for e in nb[c]:
                if d[e] > nd:
                    d[e] = nd
                    q.append(e)
        if len(self._dist) > 4096:
            self._dist.clear()
        self._dist[src] = d
        return d

    def territory(self, evader: int, pursuers: list[int], evader_first: bool) -> int:
        """Open cells the evader reaches before every pursuer (ties go to whoever moves first)."""
        de = self.distances(evader)
        dps = [self.distances(p) for p in pursuers]
        near = dps[0] if len(dps) == 1 else [min(t) for t in zip(*dps, strict=True)]
        if evader_first:
            return sum(1 for a, b in zip(de, near, strict=True) if a <= b and a < FAR) - 1
        return sum(1 for a, b in zip(de, near, strict=True) if a < b) - 1


_FIELDS: dict[tuple[int, int, frozenset[int]], Field] = {}


def field(width: int, height: int, blocked: set[int] | frozenset[int]) -> Field:
    key = (width, height, frozenset(blocked))
    f = _FIELDS.get(key)
    if f is None:
        if len(_FIELDS) > 16:
            _FIELDS.clear()
        f = _FIELDS[key] = Field(width, height, set(blocked))
    return f


def pursuer_score(
    f: Field, pursuers: list[int], evader: int, rounds_left: int, evader_to_move: bool, me: int | None = None
) -> float:
    """How good the position is for the pursuers (or for pursuer ``me`` alone, without a coalition)."""
    de = f.distances(evader)
    dists = [de[p] for p in pursuers]
    if me is not None:
        nearest = dists[me]
        others = 0.0
    else:
        nearest = min(dists)
        others = float(sum(dists) - nearest)
    if nearest >= FAR:
        return -50_000.0
    if nearest > rounds_left + 1:
        # Cannot reach the evader's cell in time: the evader is (nearly) safe.
        return -20_000.0 - 10.0 * nearest
    area = f.territory(evader, pursuers, evader_to_move)
    return -(SCALE * nearest + 3.0 * others + 2.0 * area)


# ----------------------------------------------------------------------------------
# Adapters to the rules module


def _layout(game: Game, state: Any) -> tuple[Field, list[int], int, int, int]:
    """Field, pursuer cells, evader cell, rounds left and the seat to move, from a state."""
    view = game.full_view(state)
    return _from_view(game, view)


def _cell_index(text_or_xy: Any, width: int) -> int:
    if isinstance(text_or_xy, str):
        x, y = parse_cell(text_or_xy)
    else:
        x, y = text_or_xy
    return y * width + x


def _from_view(game: Game, view: dict[str, Any]) -> tuple[Field, list[int], int, int, int]:
    width, height = int(view["width"]), int(view["height"])
    blocked = {_cell_index(c, width) for c in view.get("blocked", [])}
    figures = view["figures"]
    cells = [None if c is None else _cell_index(c, width) for c in figures]
    limit = int(view["limit"])
    rounds_left = limit - int(view.get("round", 0))
    to_move = view.get("to_move")
    return field(width, height, blocked), cells, cells[-1], rounds_left, -1 if to_move is None else int(to_move)  # type: ignore[return-value]


def teams(game: Game, root: int) -> Callable[[int], int]:
    """Pursuers together against the evader with a coalition; else the root against the rest."""
    evader = game.seats - 1
    if game.params.get("coalition", True) or game.seats == 2:
        return lambda seat: 1 if seat == evader else 0
    return lambda seat: 0 if seat == root else 1


def make_evaluator(game: Game, state: Any, root: int) -> Callable[[Game, Any, int], float] | None:
    """An evaluator ``(game, state, seat) -> value for seat's team`` consistent with :func:`teams`.

    None when the state cannot be read (the bot then searches without an evaluator).
    """
    evader = game.seats - 1
    team = teams(game, root)
    coalition = bool(game.params.get("coalition", True)) or game.seats == 2

    def evaluate(g: Game, state: Any, seat: int) -> float:
        f, cells, e, left, to_move = _layout(g, state)
        pursuers = [c for c in cells[:-1] if c is not None]
        me = root if (not coalition and root != evader) else None
        score = pursuer_score(f, pursuers, e, left, to_move == evader, me)
        # The score is for the pursuers (or the root pursuer); turn it to ``seat``'s team.
        if coalition:
            return -score if seat == evader else score
        root_value = -score if root == evader else score
        return root_value if team(seat) == team(root) else -root_value

    try:
        evaluate(game, state, root)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return evaluate


def choose_blind(
    game: Game, view: dict[str, Any], seat: int, level: str, clock: Clock, rng: random.Random
) -> tuple[Any, float | None, list[Any], int, int, str] | None:
    """A blind evader's step: towards open space, away from where the pursuers could be.

    The evader sees only itself; the pursuers can be anywhere within their distance from
    their starting cells after the rounds played, so it keeps away from those clouds.
    """
    width, height = int(view["width"]), int(view["height"])
    blocked = {_cell_index(c, width) for c in view.get("blocked", [])}
    f = field(width, height, blocked)
    me = _cell_index(view["figures"][seat], width)
    rounds = int(view.get("round", 0))
    starts = [_cell_index(c, width) for c in (view.get("starts") or [])[: game.seats - 1]]
    options = [me, *f.neighbours[me]]

    def danger(c: int) -> float:
        if not starts:
            return 0.0
        # Steps a pursuer from each start would still need, at the fastest.
        need = min(f.distances(s)[c] - rounds for s in starts)
        return -float(min(need, 6))

    def openness(c: int) -> float:
        return float(len(f.neighbours[c]))

    noise = {"easy": 2.0, "medium": 1.0}.get(level, 0.0)
    scored = sorted(options, key=lambda c: danger(c) * 2 - openness(c) * 0.5 + rng.random() * (0.1 + noise))
    best = scored[0]
    x, y = best % width, best // width
    return (format_cell(x, y), None, [], len(options), 1, "blind: keeps to open space")
