"""Minesweeper for one player or a duel, with a secret layout laid after the first reveal.

Rules as played here, all of them stated in docs/GAMES.md (the notation here is forgiving):

* Moves: ``r CELL`` reveals a cell, ``f CELL`` flags it as a mine.  Parsing forgives case
  and spacing (``R E5``, ``re5``, ``reveal e5``, ``flag a1``); a bare cell (``e5``) is a
  reveal, the usual click.  The canonical notation is ``r e5`` / ``f a1``.
* The mines are laid when the first cell is revealed, from the ``seed`` parameter and that
  cell, so a game is reproducible from its parameters and moves.  The first revealed cell
  is never a mine, and neither are its neighbours whenever the rest of the board holds
  every mine (always when ``mines <= width*height - 9``), so the first reveal opens a
  region.  With more mines the neighbours take the mines that do not fit elsewhere; the
  first cell itself stays safe, so ``mines`` may be at most ``width*height - 1``.
* Flags need a layout: the first move of a game is a reveal.
* Revealing a mine ends the game at once: that player loses (in a duel the other wins).
  Revealing a safe cell shows its count of neighbouring mines; a zero opens its region
  (every connected zero and the numbered cells around it).
* A correct flag scores the flagger one point and shows that mine to everyone.  A wrong
  flag reveals the cell exactly as a reveal would (its count, and its region when it is a
  zero) and scores nothing.
* Turn order in a duel: the players alternate after every move, reveal or flag alike.
* When every safe cell is revealed the game ends: alone, the player wins; in a duel the
  higher score wins and equal scores draw.  Results carry the scores.

Secrecy: the state holds the layout, but ``view`` (for a seat or a spectator) is built only
from what is on the table (revealed counts, shown mines, scores, turn) until the game ends;
then everyone sees the whole layout and the seed.  View keys: ``width``, ``height``,
``mines``, ``players``, ``cells`` (flat, row by row from a1, index ``y*width + x``: ``None``
covered, an int count when revealed, ``"*"`` a mine shown by a correct flag; after the end
``"m"`` an unflagged mine and ``"x"`` the exploded one), ``flags`` (cells flagged correctly),
``flags_by_seat``, ``scores``, ``to_move``, ``revealed_count``, ``mines_left``,
``exploded``, ``over``; ``full_view`` (and every view after the end) adds ``seed`` and
``layout`` (per cell its count or ``"m"``; ``None`` before the first reveal).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable
from itertools import compress, repeat
from typing import NamedTuple

from grundy.rules.base import (
    HIDDEN_LAYOUT,
    MAX_SEED,
    VIEW_MINEFIELD,
    DocSample,
    Game,
    MoveMode,
    Param,
    Result,
    View,
    Why,
    Words,
    move_arg,
    seat_words,
    why,
)
from grundy.rules.cells import column_name, format_cell, parse_cell
from grundy.rules.errors import ParameterError, ParseMoveError

# Per-cell codes of ``MinesState.cells`` (what is on the table).  0..8: a revealed count.
COVERED = 9
EXPLODED = 10
FLAG = 11  # FLAG + seat: a mine shown by that seat's correct flag
# Code of a mine in ``MinesState.layout`` (safe cells hold their count 0..8).
MINE = 9

# Maps a ``cells`` byte to 1 when covered: with ``compress`` it lists the covered cells in C.
_IS_COVERED = bytes(1 if v == COVERED else 0 for v in range(256))

REVEAL = "r"
FLAG_MOVE = "f"

MinesMove = tuple[str, int]  # (action "r" | "f", cell index y*width + x)

_MOVE_RE = re.compile(r"^(reveal|flag|r|f)?\s*[:\s]?\s*([a-z]+[0-9]+)$")


class MinesState(NamedTuple):
    layout: bytes | None  # per cell its count or MINE; None until the first reveal lays the mines
    cells: bytes  # per cell: COVERED, a revealed count, EXPLODED, or FLAG + seat
    turn: int  # seat to move (after the end: the seat that would move next)
    scores: tuple[int, ...]  # correct flags per seat
    safe_left: int  # safe cells still covered
    loser: int  # the seat that revealed a mine, -1 if none


class Minesweeper(Game[MinesState, MinesMove]):
    name = "minesweeper"
    view_kind = VIEW_MINEFIELD
    move_modes = (MoveMode("r", "reveal", "uncover a cell"), MoveMode("f", "flag", "flag a cell as a mine"))
    kind = HIDDEN_LAYOUT
    can_draw = True
    public_moves = True  # a move names a cell everyone then sees opened or flagged
    description = (
        "Find the mines on a grid, alone or as a duel. Reveal a cell (r e5) to see how many of its "
        "neighbours are mines; a zero opens its whole region. Flag a cell (f a1): a correct flag scores "
        "a point and shows the mine, a wrong one reveals the cell. The mines are laid after the first "
        "reveal, which is always safe. Revealing a mine loses at once; when every safe cell is open, "
        "the higher score wins (alone: you win). In a duel the players alternate every move."
    )
    parameters = (
        Param("width", "int", 9, "columns of the board", min=1, max=64),
        Param("height", "int", 9, "rows of the board", min=1, max=64),
        Param("mines", "int", 10, "number of mines (at most width*height - 1)", min=1, max=64 * 64 - 1),
        Param("players", "int", 2, "1 (solitaire) or 2 (a duel)", min=1, max=2),
        Param("seed", "int", None, "seed of the secret layout (default: random)", min=0, max=MAX_SEED, secret=True),
    )
    hidden_information = True
    has_scores = True
    min_seats = 1
    max_seats = 2
    view_keys = {
        "width": "integer: columns of the board",
        "height": "integer: rows of the board",
        "mines": "integer: the number of mines",
        "players": "integer: 1 (solitaire) or 2 (a duel)",
        "cells": (
            "array of `width * height` entries, row by row from a1 (index `y * width + x`): null covered, "
            'an integer 0-8 revealed (its count of neighbouring mines), `"*"` a mine shown by a correct '
            'flag; after the end also `"m"` an unflagged mine and `"x"` the mine that exploded'
        ),
        "flags": "array of cells flagged correctly (each shows a mine)",
        "flags_by_seat": "array, one per seat: the cells that seat flagged correctly",
        "scores": "array of numbers, one per seat: correct flags so far",
        "to_move": "the seat to move, or null when the game is over",
        "revealed_count": "integer: safe cells revealed so far",
        "mines_left": "integer: mines not yet shown by a flag",
        "exploded": "cell of the mine that was revealed and ended the game, or null",
        "over": "boolean: true once the game has ended",
        "seed": "integer: the layout's seed (only in the complete view: after the end, in records)",
        "layout": (
            'array like `cells`: every cell\'s count or `"m"` for a mine; null before the first reveal '
            "(only in the complete view: after the end, in records)"
        ),
    }
    examples = (
        {},
        {"players": 1},
        {"width": 5, "height": 4, "mines": 3, "seed": 11},
        {"width": 5, "height": 4, "mines": 3, "players": 1, "seed": 12},
        {"width": 3, "height": 3, "mines": 4, "seed": 13},
        {"width": 2, "height": 1, "mines": 1, "players": 1, "seed": 14},
        {"width": 30, "height": 16, "mines": 99, "seed": 15},
        {"width": 30, "height": 16, "mines": 99, "players": 1, "seed": 16},
    )

    def setup(self) -> None:
        w, h, m = self.params["width"], self.params["height"], self.params["mines"]
        if m > w * h - 1:
            raise ParameterError(
                f"parameter 'mines': {m} mines do not fit a {w}x{h} board with a safe first reveal; "
                f"at most {w * h - 1}",
                ("rules-mines-too-many", {"mines": m, "w": w, "h": h, "most": w * h - 1}),
            )
        self.seats = self.params["players"]
        self.draw_seed()
        self.width, self.height, self.mines = w, h, m
        self.size = w * h
        self._neighbours = _neighbours(w, h)
        self._cells = range(self.size)
        self._names = [format_cell(c % w, c // w) for c in range(self.size)]

    # ----- layouts ------------------------------------------------------------------

    def lay_mines(self, first: int) -> bytes:
        """The layout drawn from the seed with ``first`` (and, room permitting, its neighbours) safe."""
        rng = random.Random(self.params["seed"])
        zone = {first, *self._neighbours[first]}
        outside = [c for c in range(self.size) if c not in zone]
        if self.mines <= len(outside):
            mines = rng.sample(outside, self.mines)
        else:
            near = sorted(zone - {first})
            mines = outside + rng.sample(near, self.mines - len(outside))
        return self._layout_of(mines)

    def _layout_of(self, mines: Iterable[int]) -> bytes:
        mines = list(mines)
        counts = bytearray(self.size)
        nb = self._neighbours
        for c in mines:
            for d in nb[c]:
                counts[d] += 1
        for c in mines:
            counts[c] = MINE
        return bytes(counts)

    def with_layout(self, mines: Iterable[str]) -> MinesState:
        """A starting position with the mines already laid on the named cells (for tests and puzzles).

        The first reveal is then not guaranteed safe.  Not reachable from the parameters, so a
        layout can never travel over the wire.
        """
        cells = {parse_cell(t, self.width, self.height) for t in mines}
        if len(cells) != self.mines:
            raise ParameterError(f"layout: {len(cells)} distinct mine cells given, the game has {self.mines}",
                                 ("rules-mines-layout", {"count": len(cells), "mines": self.mines}))
        layout = self._layout_of(y * self.width + x for x, y in cells)
        return self.initial()._replace(layout=layout)

    # ----- the rules ----------------------------------------------------------------

    def initial(self) -> MinesState:
        return MinesState(None, bytes([COVERED]) * self.size, 0, (0,) * self.seats, self.size - self.mines, -1)

    def is_over(self, state: MinesState) -> bool:
        return state.loser >= 0 or state.safe_left == 0

    def to_move(self, state: MinesState) -> int | None:
        return None if self.is_over(state) else state.turn

    def legal_moves(self, state: MinesState) -> list[MinesMove]:
        if self.is_over(state):
            return []
        covered = list(compress(self._cells, state.cells.translate(_IS_COVERED)))
        moves: list[MinesMove] = list(zip(repeat(REVEAL), covered))
        if state.layout is not None:
            moves += zip(repeat(FLAG_MOVE), covered)
        return moves

    def is_legal(self, state: MinesState, move: MinesMove) -> bool:
        if not (isinstance(move, tuple) and len(move) == 2) or self.is_over(state):
            return False
        action, c = move
        if action not in (REVEAL, FLAG_MOVE) or not isinstance(c, int) or not 0 <= c < self.size:
            return False
        if action == FLAG_MOVE and state.layout is None:
            return False
        return state.cells[c] == COVERED

    def why_illegal(self, state: MinesState, move: MinesMove) -> Why:
        if not (isinstance(move, tuple) and len(move) == 2 and isinstance(move[1], int) and 0 <= move[1] < self.size):
            return why(f"{move!r} is not a minesweeper move on this board", "rules-mines-bad-move", move=move_arg(move))
        text = self.format_move(state, move)
        if self.is_over(state):
            return why(f"{text!r}: the game is over", "rules-game-over", move=text)
        action, c = move
        name = self._names[c]
        v = state.cells[c]
        if v >= FLAG:
            return why(f"{text!r}: {name} is already flagged as a mine", "rules-mines-flagged", move=text, cell=name)
        if v <= 8:
            return why(f"{text!r}: {name} is already revealed (it shows {v})", "rules-mines-revealed",
                       move=text, cell=name, n=v)
        if action == FLAG_MOVE and state.layout is None:
            return why(f"{text!r}: no flags before the first reveal (the mines are laid when the first cell opens)",
                       "rules-mines-no-flags", move=text)
        return why(f"{text!r} is not a legal move here", "rules-not-legal", move=text)

    def apply(self, state: MinesState, move: MinesMove) -> MinesState:
        action, c = move
        layout = state.layout
        if layout is None:  # the first move is a reveal: lay the mines now
            layout = self.lay_mines(c)
        seat = state.turn
        turn = (seat + 1) % self.seats
        cells = bytearray(state.cells)
        if action == FLAG_MOVE and layout[c] == MINE:
            cells[c] = FLAG + seat
            scores = state.scores[:seat] + (state.scores[seat] + 1,) + state.scores[seat + 1 :]
            return MinesState(layout, bytes(cells), turn, scores, state.safe_left, -1)
        if layout[c] == MINE:
            cells[c] = EXPLODED
            return MinesState(layout, bytes(cells), turn, state.scores, state.safe_left, seat)
        opened = self._open(layout, cells, c)
        return MinesState(layout, bytes(cells), turn, state.scores, state.safe_left - opened, -1)

    def _open(self, layout: bytes, cells: bytearray, c: int) -> int:
        """Reveal safe cell ``c`` in place, flooding out from zeros; returns how many cells opened."""
        cells[c] = layout[c]
        if layout[c]:
            return 1
        opened = 1
        nb = self._neighbours
        todo = [c]
        while todo:
            for d in nb[todo.pop()]:
                if cells[d] == COVERED:  # a zero's neighbours are all safe
                    count = layout[d]
                    cells[d] = count
                    opened += 1
                    if count == 0:
                        todo.append(d)
        return opened

    def result(self, state: MinesState) -> Result | None:
        if not self.is_over(state):
            return None
        scores = [float(s) for s in state.scores]
        if state.loser >= 0:
            reason = f"{{{state.loser}}} revealed a mine"
            mine: Words = ("words-end-mines-mine", {"who": seat_words(state.loser)})
            if self.seats == 1:
                return Result(("loss",), reason, tuple(scores), words=mine)
            return Result.winner(2, 1 - state.loser, reason, scores, words=mine)
        if self.seats == 1:
            return Result(("win",), "every safe cell is revealed", tuple(scores), words=("words-end-mines-clear", {}))
        a, b = state.scores
        words: Words = ("words-end-mines-scores", {"first": seat_words(0), "a": a, "second": seat_words(1), "b": b,
                                                   "equal": "yes" if a == b else "no"})
        if a == b:
            return Result.draw(2, f"every safe cell is revealed; equal scores: {{0}} {a}, {{1}} {b}", scores,
                               words=words)
        return Result.winner(2, 0 if a > b else 1, f"every safe cell is revealed; scores: {{0}} {a}, {{1}} {b}", scores,
                             words=words)

    def max_plies(self) -> int:
        # Every move opens or flags at least one covered cell.
        return self.size

    # ----- views --------------------------------------------------------------------

    def view(self, state: MinesState, seat: int | None) -> View:
        """What is on the table; after the end, everything."""
        if self.is_over(state):
            return self.full_view(state)
        return self._table(state)

    def _table(self, state: MinesState) -> View:
        """The public part of a position, built without looking at the layout."""
        cells: list[int | str | None] = []
        flags: list[str] = []
        by_seat: list[list[str]] = [[] for _ in range(self.seats)]
        revealed = 0
        for c, v in enumerate(state.cells):
            if v == COVERED:
                cells.append(None)
            elif v <= 8:
                cells.append(v)
                revealed += 1
            elif v >= FLAG:
                cells.append("*")
                flags.append(self._names[c])
                by_seat[v - FLAG].append(self._names[c])
            else:  # EXPLODED: only ever on the table once the game is over
                cells.append("x")
        over = self.is_over(state)
        return {
            "width": self.width,
            "height": self.height,
            "mines": self.mines,
            "players": self.seats,
            "cells": cells,
            "flags": flags,
            "flags_by_seat": by_seat,
            "scores": list(state.scores),
            "to_move": None if over else state.turn,
            "revealed_count": revealed,
            "mines_left": self.mines - len(flags),
            "exploded": None,
            "over": over,
        }

    def title(self) -> str:
        head = "Minesweeper" if self.seats == 1 else "Minesweeper duel"
        return f"{head} {self.width}x{self.height}, {self.mines} mine{'s' * (self.mines != 1)}"

    def full_view(self, state: MinesState) -> View:
        v = self._table(state)
        layout = state.layout
        v["seed"] = self.params["seed"]
        v["layout"] = None if layout is None else [("m" if n == MINE else n) for n in layout]
        if layout is not None and self.is_over(state):
            cells = v["cells"]
            for c, n in enumerate(layout):
                if n == MINE and cells[c] is None:
                    cells[c] = "m"
            exploded = state.cells.find(EXPLODED)
            v["exploded"] = None if exploded < 0 else self._names[exploded]
        return v

    def render_view(self, view: View) -> str:
        """The board with row numbers at the left and column letters at the bottom (a1 bottom-left).

        ``#`` covered, ``.`` zero, a digit a count, ``F`` a flagged mine; after the end ``*`` an
        unflagged mine and ``X`` the exploded one.  A view with the secret layout (the whole
        state, locally) also draws the layout beneath.
        """
        w, h = view["width"], view["height"]
        scores = "-".join(str(s) for s in view["scores"])
        who = "solitaire" if view["players"] == 1 else "duel"
        head = f"minesweeper {w}x{h}, {view['mines']} mines, {who}; scores {scores}; mines left {view['mines_left']}"
        if view["over"]:
            head += "; over" + (f", exploded at {view['exploded']}" if view["exploded"] else "")
        elif view["to_move"] is not None:
            head += f"; seat {view['to_move']} to move"
        lines = [head, *self._grid(view["cells"], w, h)]
        layout = view.get("layout")
        if layout is not None and not view["over"]:
            lines += ["layout (secret):", *self._grid(layout, w, h)]
        return "\n".join(lines)

    def picture(self, view: View) -> list[str | Words]:
        w, h = view["width"], view["height"]
        head: Words = ("words-mines-head", {
            "game": ("game-minesweeper", {}), "w": w, "h": h, "mines": view["mines"], "players": view["players"],
            "scores": "-".join(str(s) for s in view["scores"]), "left": view["mines_left"]})
        if view["over"]:
            head = ("words-then", {"first": head, "then": ("words-mines-exploded", {"cell": view["exploded"]})
                                   if view["exploded"] else ("words-over-short", {})})
        elif view["to_move"] is not None:
            head = ("words-then", {"first": head, "then": ("solve-to-move", {"seat": view["to_move"]})})
        lines: list[str | Words] = [head, *self._grid(view["cells"], w, h)]
        layout = view.get("layout")
        if layout is not None and not view["over"]:
            lines += [("words-mines-layout", {}), *self._grid(layout, w, h)]
        return lines

    @staticmethod
    def _grid(cells: list[int | str | None], w: int, h: int) -> list[str]:
        symbol = {None: "#", 0: ".", "*": "F", "m": "*", "x": "X"}
        cw = len(column_name(w - 1)) + 1
        rw = len(str(h))
        rows = []
        for y in range(h - 1, -1, -1):
            row = "".join(symbol.get(v, str(v)).rjust(cw) for v in cells[y * w : (y + 1) * w])
            rows.append(f"{y + 1:>{rw}}{row}")
        rows.append(" " * rw + "".join(column_name(x).rjust(cw) for x in range(w)))
        return rows

    # ----- notation -----------------------------------------------------------------

    def parse_move(self, state: MinesState, text: str) -> MinesMove:
        t = " ".join(text.strip().lower().split())
        m = _MOVE_RE.match(t)
        if not m:
            raise ParseMoveError(
                f"{text!r} is not a minesweeper move: write 'r CELL' to reveal or 'f CELL' to flag, like 'r e5'",
                ("rules-mines-parse", {"move": move_arg(text)}),
            )
        try:
            x, y = parse_cell(m.group(2), self.width, self.height)
        except ParseMoveError as e:
            said = None if e.said is None else (e.said[0], {**e.said[1], "param": "move", "move": move_arg(text)})
            raise ParseMoveError(f"{text!r}: {e}", said) from None
        action = FLAG_MOVE if (m.group(1) or "r").startswith("f") else REVEAL
        return (action, y * self.width + x)

    def format_move(self, state: MinesState, move: MinesMove) -> str:
        action, c = move
        return f"{action} {format_cell(c % self.width, c // self.width)}"

    def mine_cells(self, state: MinesState) -> list[str]:
        """Names of every mine of the layout (secret: for tests, records and the whole-state view)."""
        if state.layout is None:
            return []
        return [self._names[c] for c, n in enumerate(state.layout) if n == MINE]


Minesweeper.doc_sample = DocSample(
    {"width": 5, "height": 4, "mines": 3, "players": 2, "seed": 7},
    ("r a1", "f e1"),
    "`r CELL` reveals a cell, `f CELL` flags it as a mine: `r e5`, `f a1` (the canonical form the server "
    "sends). Parsing forgives case and spacing (`R E5`, `re5`, `reveal e5`, `flag a1`); a bare cell "
    "`e5` is a reveal. The first move of a game must be a reveal.",
    views=(("every seat and spectators, while the game runs", 0),),
    end=("r a3",),
    seeing=(
        "The mines are secret until the game ends. While it runs every seat and every spectator gets the "
        "same public view, built only from what is on the table: covered cells are null, revealed "
        "counts, mines shown by correct flags (`\"*\"`), scores; there is no `seed` and no `layout`, and "
        "`params` leave out `seed`. Moves are public (everyone sees the cell opened or flagged). After the "
        "end every view, `game_over` and the record are complete: `cells` also show `\"m\"` for unflagged "
        "mines and `\"x\"` for the one that exploded, and `seed` and `layout` are added."
    ),
)


@functools.lru_cache(maxsize=64)
def _neighbours(w: int, h: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours on a w x h field (shared by every game of that size)."""
    return tuple(
        tuple(
            (y + dy) * w + x + dx
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h
        )
        for y in range(h)
        for x in range(w)
    )
