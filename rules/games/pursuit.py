"""Pursuit (Tom and Jerry): one or two pursuers chase an evader on a grid with obstacles.

State: the cells of the figures in seat order (pursuers first, the evader last), the seat
to move, the rounds completed and who caught the evader (a bitmask of pursuer seats, 0
while free).  A move is the mover's destination ``(x, y)``, written as its cell name.

The rules are those docs/GAMES.md states, all of them (no passing, shared cells, captures
either way and at once, rounds and ``limit``, ``coalition``, obstacles and drawn starts).
What is seen:

* Hidden pursuers (``evader_sees=false``): the evader's view shows the pursuers'
  figures as None.  Spectators see that same view while the game runs, so nobody watching
  can pass the pursuers' cells to the evader; the pursuers always see everything, and
  after the end every view is complete.  The start cells are part of the parameters and
  stay visible to all (``starts``): the evader knows where the chase began, not where it is.
* Only a blind evader makes a chase hide anything: the class declares that pursuit *can*
  hide (the catalog's ``hidden_information``), each game sets its own in ``setup()``.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from typing import Any, NamedTuple

from grundy.rules.base import (
    GRID_PURSUIT,
    MAX_SEED,
    VIEW_PURSUIT,
    DocSample,
    Game,
    Param,
    Result,
    View,
    Why,
    Words,
    move_arg,
    seat_words,
    why,
)
from grundy.rules.cells import column_name, format_cell, parse_cell, parse_cells_param
from grundy.rules.errors import ParameterError

Cell = tuple[int, int]

STEPS: tuple[Cell, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class PursuitState(NamedTuple):
    figures: tuple[Cell, ...]  # per seat: pursuers first, the evader last
    turn: int  # seat to move
    round: int  # rounds completed
    caught: int  # bitmask of the pursuer seats that caught the evader (0: still free)


def _name(cells: list[Cell] | set[Cell] | frozenset[Cell]) -> list[str]:
    """Cell names in reading order along the rows from a1."""
    return [format_cell(x, y) for x, y in sorted(cells, key=lambda c: (c[1], c[0]))]


class Pursuit(Game[PursuitState, Cell]):
    name = "pursuit"
    view_kind = VIEW_PURSUIT
    kind = GRID_PURSUIT
    description = (
        "Tom and Jerry: one or two pursuers chase an evader on a grid, every figure stepping "
        "to one of its 8 neighbours, never onto a blocked cell. The pursuers move first, the "
        "evader last in each round. A pursuer that steps onto the evader (or an evader that "
        "steps onto a pursuer) ends the chase: the pursuers win, together in a coalition or "
        "only the catcher without one. The evader wins by staying free for the round limit. "
        "With evader_sees=false the evader runs blind: its view hides the pursuers."
    )
    parameters = (
        Param("width", "int", 15, "columns of the board", min=1, max=64),
        Param("height", "int", 5, "rows of the board", min=1, max=64),
        Param("pursuers", "int", 1, "number of pursuers", min=1, max=2),
        Param("coalition", "bool", True, "two pursuers win together (false: only the catcher wins)"),
        Param("blocked", "cells", "", "inaccessible cells"),
        Param("obstacles", "int", 0, "percentage of the board blocked at random (with seed)", min=0, max=60),
        Param(
            "seed", "int", None, "seed of the obstacles and default starts (drawn when not given)", min=0, max=MAX_SEED
        ),
        Param("starts", "cells", "", "start cells of the pursuers then the evader (default: from seed)"),
        Param("limit", "int", None, "rounds the evader must survive (default 3 x (width + height))", min=1, max=10_000),
        Param("evader_sees", "bool", True, "false: the evader's view hides the pursuers"),
    )
    hidden_information = True  # can hide (evader_sees=false); each game sets its own in setup()
    min_seats = 2
    max_seats = 3
    view_keys = {
        "width": "integer: columns of the board",
        "height": "integer: rows of the board",
        "blocked": "array of cells no figure may enter",
        "figures": (
            "array, one entry per seat (pursuers first, the evader last): the cell the figure stands on, "
            "or null for a pursuer hidden from this view"
        ),
        "limit": "integer: the rounds the evader must survive to win",
        "round": "integer: rounds completed (a round is one move of every seat)",
        "to_move": "the seat to move, or null when the game is over",
        "starts": "array of cells: where the figures started, in seat order (always visible)",
        "pursuers": "integer: the number of pursuers (1 or 2); the evader is seat `pursuers`",
        "coalition": "boolean: true when two pursuers win together, false when only the catcher wins",
        "evader_sees": "boolean: false when the evader (and spectators) may not see the pursuers while the chase runs",
        "caught_by": "array of the pursuer seats that caught the evader (empty while it is free)",
    }
    examples = (
        {"seed": 1},
        {"width": 3, "height": 3, "starts": "a1;c3", "limit": 4},
        {"pursuers": 2, "seed": 4},
        {"pursuers": 2, "coalition": False, "width": 8, "height": 6, "seed": 3},
        {"obstacles": 20, "seed": 5},
        {"evader_sees": False, "seed": 2},
        {
            "pursuers": 2,
            "coalition": False,
            "evader_sees": False,
            "width": 12,
            "height": 8,
            "obstacles": 15,
            "seed": 11,
        },
        {"width": 5, "height": 5, "starts": "a1;e5", "blocked": "c3;c2", "limit": 10},
        {"width": 64, "height": 64, "pursuers": 2, "obstacles": 30, "seed": 1, "limit": 40},
    )

    def setup(self) -> None:
        p = self.params
        w, h = self.width, self.height = int(p["width"]), int(p["height"])
        self.pursuers: int = p["pursuers"]
        self.seats = self.pursuers + 1
        self.evader = self.pursuers  # the evader's seat
        self.coalition: bool = bool(p["coalition"]) or self.pursuers == 1
        self.evader_sees: bool = p["evader_sees"]
        self.hidden_information = not self.evader_sees  # the class can hide; this chase hides only from a blind evader
        self.limit: int = p["limit"] if p["limit"] is not None else 3 * (w + h)
        blocked = set(parse_cells_param("blocked", p["blocked"], w, h))
        p["blocked"] = _name(blocked)
        starts = parse_cells_param("starts", p["starts"], w, h)
        if starts:
            if len(starts) != self.seats:
                raise ParameterError(
                    f"parameter 'starts': give {self.seats} cells (the {self._pursuer_words()} then the evader), "
                    f"not {len(starts)}",
                    ("rules-pursuit-starts-count",
                     {"seats": self.seats, "pursuers": self.pursuers, "count": len(starts)}),
                )
            for i, c in enumerate(starts):
                if c in blocked:
                    raise ParameterError(f"parameter 'starts': {format_cell(*c)} ({self._seat_name(i)}) is blocked",
                                         ("rules-pursuit-start-blocked", {"cell": format_cell(*c), **self._figure(i)}))
                if c in starts[:i]:
                    raise ParameterError(f"parameter 'starts': two figures start on {format_cell(*c)}",
                                         ("rules-pursuit-starts-same", {"cell": format_cell(*c)}))
            p["starts"] = [format_cell(*c) for c in starts]
        rng: random.Random | None = None
        if p["obstacles"] or not starts:
            rng = random.Random(self.draw_seed())
        if p["obstacles"]:
            assert rng is not None
            blocked |= self._draw_obstacles(blocked, starts, p["obstacles"], rng)
        self.blocked: frozenset[Cell] = frozenset(blocked)
        self._neighbours = _neighbours(w, h, self.blocked)
        if not starts:
            assert rng is not None
            starts = self._draw_starts(rng)
        for i, c in enumerate(starts):
            if not self._neighbours[c[1]][c[0]]:
                raise ParameterError(
                    f"parameter 'starts': {format_cell(*c)} ({self._seat_name(i)}) has no open neighbour, "
                    "so that figure could never move",
                    ("rules-pursuit-start-stuck", {"cell": format_cell(*c), **self._figure(i)}),
                )
        self.starts: tuple[Cell, ...] = tuple(starts)
        # Names for the views, made once: the search reads views in its inner loop.
        self._blocked_names = tuple(_name(self.blocked))
        self._start_names = tuple(format_cell(*c) for c in self.starts)

    def _pursuer_words(self) -> str:
        return "pursuer" if self.pursuers == 1 else f"{self.pursuers} pursuers"

    def _figure(self, seat: int) -> dict[str, Any]:
        """A figure as arguments of a refusal: ``evader`` yes/no and the pursuer's number ``n`` (P1, P2)."""
        return {"evader": "yes" if seat == self.evader else "no", "n": seat + 1}

    def _seat_name(self, seat: int) -> str:
        return "the evader" if seat == self.evader else f"pursuer P{seat + 1}"

    def _draw_obstacles(self, blocked: set[Cell], starts: list[Cell], percent: int, rng: random.Random) -> set[Cell]:
        """``percent`` of the board at random, never a start cell nor a start's last open neighbour."""
        w, h = self.width, self.height
        count = round(percent * w * h / 100)
        taken = set(starts)
        candidates = [(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked and (x, y) not in taken]
        rng.shuffle(candidates)
        open_around = {s: {(s[0] + dx, s[1] + dy) for dx, dy in STEPS} & set(candidates) for s in starts}
        drawn: set[Cell] = set()
        for cell in candidates:
            if len(drawn) >= count:
                break
            if any(cell in around and len(around) == 1 for around in open_around.values()):
                continue
            for around in open_around.values():
                around.discard(cell)
            drawn.add(cell)
        return drawn

    def _distances(self, src: Cell) -> dict[Cell, int]:
        """King-step distance from ``src`` to every open cell it can reach."""
        dist = {src: 0}
        queue = deque([src])
        while queue:
            c = queue.popleft()
            for n in self._neighbours[c[1]][c[0]]:
                if n not in dist:
                    dist[n] = dist[c] + 1
                    queue.append(n)
        return dist

    def _draw_starts(self, rng: random.Random) -> list[Cell]:
        """Start cells from the seed: all in the largest open region, the evader away from the pursuers."""
        seen: set[Cell] = set()
        region: list[Cell] = []
        for y in range(self.height):
            for x in range(self.width):
                if (x, y) in self.blocked or (x, y) in seen:
                    continue
                part = sorted(self._distances((x, y)), key=lambda c: (c[1], c[0]))
                seen.update(part)
                if len(part) > len(region):
                    region = part
        if len(region) < max(2, self.seats):
            raise ParameterError(
                f"parameter 'obstacles': the largest open region has {len(region)} cell(s), too few for "
                f"{self.seats} figures that must be able to move; give fewer obstacles or a bigger board",
                ("rules-pursuit-region", {"cells": len(region), "seats": self.seats}),
            )
        hunters = rng.sample(region, self.pursuers)
        dists = [self._distances(c) for c in hunters]
        away = {c: min(d[c] for d in dists) for c in region if c not in hunters}
        best = min(3, max(away.values()))
        return [*hunters, rng.choice([c for c, d in away.items() if d >= best])]

    # ----- the rules -------------------------------------------------------------------

    def initial(self) -> PursuitState:
        return PursuitState(self.starts, 0, 0, 0)

    def to_move(self, state: PursuitState) -> int | None:
        return None if state.caught or state.round >= self.limit else state.turn

    def legal_moves(self, state: PursuitState) -> list[Cell]:
        if state.caught or state.round >= self.limit:
            return []
        x, y = state.figures[state.turn]
        return list(self._neighbours[y][x])

    def is_legal(self, state: PursuitState, move: Cell) -> bool:
        x, y = state.figures[state.turn]
        return move in self._neighbours[y][x]

    def apply(self, state: PursuitState, move: Cell) -> PursuitState:
        turn, figures = state.turn, state.figures
        if turn == self.evader:
            caught = 0
            if move in figures:
                for seat in range(turn):
                    if figures[seat] == move:
                        caught |= 1 << seat
            return PursuitState(figures[:turn] + (move,), 0, state.round + 1, caught)
        return PursuitState(
            figures[:turn] + (move,) + figures[turn + 1 :],
            turn + 1,
            state.round,
            (1 << turn) if move == figures[-1] else 0,
        )

    def is_over(self, state: PursuitState) -> bool:
        return bool(state.caught) or state.round >= self.limit

    def catchers(self, state: PursuitState) -> list[int]:
        """The pursuer seats that caught the evader (empty while it is free)."""
        return [seat for seat in range(self.pursuers) if state.caught >> seat & 1]

    def result(self, state: PursuitState) -> Result | None:
        at = format_cell(*state.figures[-1])
        if state.caught:
            catchers = self.catchers(state)
            names = " and ".join(f"{{{s}}}" for s in catchers)
            args = {"evader": seat_words(self.evader), "cell": at, "count": len(catchers),
                    "catchers": [seat_words(s) for s in catchers]}
            if state.turn == 0:  # the evader moved last
                how = f"the evader {{{self.evader}}} stepped onto {names} on {at}"
                words: Words = ("words-end-pursuit-stepped", args)
            else:
                how = f"{names} caught the evader {{{self.evader}}} on {at}"
                words = ("words-end-pursuit-caught", args)
            won = range(self.pursuers) if self.coalition else catchers
            return Result.winners(self.seats, won, how, words=words)
        if state.round >= self.limit:
            rounds = f"{self.limit} round{'s' * (self.limit != 1)}"
            return Result.winner(self.seats, self.evader, f"the evader {{{self.evader}}} stayed free for {rounds}",
                                 words=("words-end-pursuit-free", {"evader": seat_words(self.evader),
                                                                   "rounds": self.limit}))
        return None

    def why_illegal(self, state: PursuitState, move: Cell) -> Why:
        if not (isinstance(move, tuple) and len(move) == 2 and all(isinstance(v, int) for v in move)):
            return why(f"{move!r} is not a cell", "rules-not-a-cell", move=move_arg(move))
        x, y = move
        if not (0 <= x < self.width and 0 <= y < self.height):
            return why(f"{move!r} is off the {self.width} x {self.height} board", "rules-off-board",
                       move=move_arg(move), w=self.width, h=self.height)
        dst = format_cell(x, y)
        mover = state.figures[state.turn]
        who = "the evader" if state.turn == self.evader else f"P{state.turn + 1}"
        if move in self.blocked:
            return why(f"{dst!r} is blocked", "rules-blocked", move=dst)
        if move == mover:
            return why(f"{dst!r}: {who} is already there; every figure must step to a neighbouring cell",
                       "rules-pursuit-there", move=dst, **self._figure(state.turn))
        return why(f"{dst!r} is not next to {who} on {format_cell(*mover)}; a figure steps to one of its 8 neighbours",
                   "rules-pursuit-not-next", move=dst, cell=format_cell(*mover), **self._figure(state.turn))

    # ----- views and notation -------------------------------------------------------------

    def title(self) -> str:
        p = self.params
        words = [f"Tom and Jerry {self.width}x{self.height}"]
        if self.pursuers != 1:
            words.append(f"{self.pursuers} pursuers" + ("" if self.coalition else ", each for itself"))
        if p["obstacles"]:
            words.append(f"{p['obstacles']}% obstacles")
        elif p["blocked"]:
            n = len(p["blocked"])
            words.append(f"{n} blocked cell{'s' * (n != 1)}")
        if p["limit"] is not None:
            words.append(f"{self.limit} round{'s' * (self.limit != 1)}")
        if not self.evader_sees:
            words.append("blind evader")
        return ", ".join(words)

    def full_view(self, state: PursuitState) -> View:
        return {
            "width": self.width,
            "height": self.height,
            "blocked": list(self._blocked_names),
            "figures": [format_cell(*c) for c in state.figures],
            "limit": self.limit,
            "round": state.round,
            "to_move": self.to_move(state),
            "starts": list(self._start_names),
            "pursuers": self.pursuers,
            "coalition": self.coalition,
            "evader_sees": self.evader_sees,
            "caught_by": self.catchers(state),
        }

    def view(self, state: PursuitState, seat: int | None) -> View:
        """Everything, except for a blind evader (and spectators) while the chase goes on."""
        v = self.full_view(state)
        if self.evader_sees or self.is_over(state) or (seat is not None and seat < self.evader):
            return v
        v["figures"] = [None] * self.pursuers + v["figures"][-1:]
        return v

    def render_view(self, view: View) -> str:
        pursuers = int(view["pursuers"])
        side = "pursuer" if pursuers == 1 else f"pursuers{'' if view['coalition'] else ' (each alone)'}"
        lines = [f"pursuit: {pursuers} {side} vs evader, round {view['round']} of {view['limit']}", *self._rows(view)]
        figures = [None if c is None else parse_cell(c) for c in view["figures"]]
        evader = figures[-1]
        where = [f"P{i + 1} {'hidden' if c is None else format_cell(*c)}" for i, c in enumerate(figures[:pursuers])]
        where.append(f"E {'hidden' if evader is None else format_cell(*evader)}")
        seat = view["to_move"]
        if seat is None:
            who = "chase over"
        else:
            who = "the evader to move" if seat == pursuers else f"P{seat + 1} to move"
        lines.append(", ".join(where) + f"; {who}")
        return "\n".join(lines)

    def picture(self, view: View) -> list[str | Words]:
        pursuers = int(view["pursuers"])
        head: Words = ("words-pursuit-head", {
            "game": ("game-pursuit", {}), "pursuers": pursuers, "alone": "no" if view["coalition"] else "yes",
            "round": view["round"], "limit": view["limit"]})
        names = [f"P{i + 1}" for i in range(pursuers)] + ["E"]
        where: list[str | Words] = [f"{name} {cell}" if cell is not None else ("words-pursuit-hidden", {"figure": name})
                                    for name, cell in zip(names, view["figures"], strict=True)]
        seat = view["to_move"]
        who: Words = ("words-pursuit-over", {}) if seat is None else ("words-pursuit-evader-to-move", {}) \
            if seat == pursuers else ("words-pursuit-to-move", {"figure": names[seat]})
        return [head, *self._rows(view), ("words-pursuit-where", {"where": where, "who": who})]

    @staticmethod
    def _rows(view: View) -> list[str]:
        w, h = int(view["width"]), int(view["height"])
        blocked = {parse_cell(c) for c in view["blocked"]}
        figures = [None if c is None else parse_cell(c) for c in view["figures"]]
        pursuers = int(view["pursuers"])
        glyphs: dict[Cell, str] = {}
        for i, c in enumerate(figures[:pursuers]):
            if c is not None:
                glyphs[c] = "PP" if c in glyphs else f"P{i + 1}"
        evader = figures[-1]
        if evader is not None:
            glyphs[evader] = "X" if evader in glyphs else "E"
        cw = max(2, len(column_name(w - 1)))
        rw = len(str(h))
        lines = []
        for y in range(h - 1, -1, -1):
            row = ("#" * cw if (x, y) in blocked else glyphs.get((x, y), ".").rjust(cw) for x in range(w))
            lines.append(f"{y + 1:>{rw}} " + " ".join(row))
        lines.append(" " * (rw + 1) + " ".join(column_name(x).rjust(cw) for x in range(w)))
        return lines

    def parse_move(self, state: PursuitState, text: str) -> Cell:
        return parse_cell(text, self.width, self.height)

    def format_move(self, state: PursuitState, move: Cell) -> str:
        return format_cell(*move)

    def max_plies(self) -> int:
        return self.limit * self.seats


Pursuit.doc_sample = DocSample(
    {"width": 6, "height": 4, "starts": "a1;f4", "evader_sees": False, "seed": 1},
    ("b2", "e3"),
    "The destination cell of the mover's own figure, one of its 8 neighbours (every figure must step): "
    "`b2`.",
    views=(("a pursuer (seat 0)", 0), ("the evader (seat 1) and spectators", 1)),
    seeing=(
        "With `evader_sees: true` (the default) nothing is hidden: every seat and spectator gets the "
        "complete view and the moves (the catalog's `hidden_information: true` only says that a pursuit "
        "*can* hide). With `evader_sees: false` the "
        "evader runs blind: while the chase runs, the evader's view **and every spectator's** have null "
        "in `figures` for every pursuer (spectators see that too, so nobody watching can pass the "
        "pursuers' cells on); the pursuers see every figure. `starts` stay visible to all. A move's text "
        "could give a pursuer away, so each seat sees only its own moves' texts (`move_made.move` and "
        "`room_state.moves[].move` are null for the others and for spectators, see 4.5); the seat to move "
        "still gets its `legal_moves`. After the end every view, every move and the record are complete."
    ),
)


@functools.lru_cache(maxsize=64)
def _neighbours(w: int, h: int, blocked: frozenset[Cell]) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    """``[y][x]``: the free cells a figure on (x, y) may step to (shared by every board of that shape)."""
    return tuple(
        tuple(
            tuple(
                (x + dx, y + dy)
                for dx, dy in STEPS
                if 0 <= x + dx < w and 0 <= y + dy < h and (x + dx, y + dy) not in blocked
            )
            for x in range(w)
        )
        for y in range(h)
    )
