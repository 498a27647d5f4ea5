"""Coins: the symmetry game — place coins on a table, no overlaps; who cannot place loses.

On a width x height grid a coin of radius r covers the (2r+1) x (2r+1) block around its
centre cell.  A move is the centre of the new coin, written as its cell name (``d4``).

State: two bit masks over the cells (bit ``y * width + x``) — the centres of the coins
on the table, and the centres still free for a new coin — and the seat to move.  Placing
a coin clears every centre within distance 2r (in both directions) from ``free``, so
``legal_moves`` and ``is_over`` never rescan the board.

The rules are those docs/GAMES.md states, all of them (a table smaller than one coin is
refused; ``radius=0`` is allowed).  Coins listed in a view are sorted by row, then column.
"""

from __future__ import annotations

import functools
from operator import attrgetter
from typing import NamedTuple

from grundy.rules.base import (
    VIEW_COINS,
    BoardSymmetry,
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
from grundy.rules.cells import column_name, format_cell, parse_cell
from grundy.rules.errors import ParameterError


class CoinsState(NamedTuple):
    coins: int  # bit y*width+x set: a coin is centred on (x, y)
    free: int  # bit set: a coin may still be centred there
    turn: int  # seat to move (also after the end: the seat that would move next)


Cell = tuple[int, int]


class Coins(Game[CoinsState, Cell]):
    name = "coins"
    view_kind = VIEW_COINS
    description = (
        "Players take turns placing coins on a rectangular table; a coin covers the "
        "(2r+1) x (2r+1) block of cells around its centre and may neither overlap another coin "
        "nor stick out over the edge. Whoever cannot place a coin loses. On an odd x odd table "
        "the first player wins by taking the centre and answering every coin with its mirror image."
    )
    parameters = (
        Param("width", "int", 7, "columns of the table", min=1, max=64),
        Param("height", "int", 7, "rows of the table", min=1, max=64),
        Param("radius", "int", 1, "a coin covers the (2r+1) x (2r+1) block around its centre", min=0, max=31),
    )
    impartial = True
    view_keys = {
        "width": "integer: columns of the table",
        "height": "integer: rows of the table",
        "radius": "integer r: a coin covers the (2r+1) x (2r+1) block of cells around its centre",
        "coins": "array of cells: the centres of the coins on the table, sorted by row, then column",
        "free": "integer: how many centres a new coin could still take (the number of legal moves)",
        "to_move": "the seat to move, or null when the game is over",
    }
    examples = (
        {},
        {"width": 3, "height": 3},
        {"width": 1, "height": 1, "radius": 0},
        {"width": 4, "height": 6},
        {"width": 6, "height": 5, "radius": 0},
        {"width": 11, "height": 9, "radius": 2},
        {"width": 15, "height": 15},
        {"width": 64, "height": 40, "radius": 3},
    )

    def setup(self) -> None:
        w, h, r = self.params["width"], self.params["height"], self.params["radius"]
        side = 2 * r + 1
        if w < side or h < side:
            key = "width" if w < side else "height"
            raise ParameterError(
                f"parameter {key!r}: {self.params[key]} is smaller than one coin of radius {r} "
                f"({side} x {side} cells); make the table at least {side} cells wide and high, or the radius smaller",
                ("rules-coins-small", {"param": key, "value": self.params[key], "r": r, "side": side}),
            )
        self.width, self.height, self.radius = w, h, r
        # The cells a centre may take, and for each the centres a coin there rules out (shared tables).
        self.centres, self.cell_of, self.blocks, self.all_free = _tables(w, h, r)
        self._nbytes = (w * h + 7) // 8
        self._byte_cells: dict[int, tuple[Cell, ...]] = {}
        self.seats = 2

    def board_symmetry(self) -> BoardSymmetry:
        """Where coins may still go is all that matters (both players have the same moves), up to the
        table's symmetries."""
        return BoardSymmetry(self.width, self.height, mask=attrgetter("free"))

    def initial(self) -> CoinsState:
        return CoinsState(0, self.all_free, 0)

    def to_move(self, state: CoinsState) -> int | None:
        return state.turn if state.free else None

    def legal_moves(self, state: CoinsState) -> list[Cell]:
        # Byte by byte through the free mask, each byte's cells looked up once and kept.
        out: list[Cell] = []
        table = self._byte_cells
        for k, b in enumerate(state.free.to_bytes(self._nbytes, "little")):
            if b:
                key = k << 8 | b
                cells = table.get(key)
                if cells is None:
                    cells = table[key] = tuple(self.cell_of[k * 8 + j] for j in range(8) if b >> j & 1)
                out.extend(cells)
        return out

    def is_legal(self, state: CoinsState, move: Cell) -> bool:
        i = self.centres.get(move)  # type: ignore[call-overload]
        return i is not None and bool(state.free >> i & 1)

    def why_illegal(self, state: CoinsState, move: Cell) -> Why:
        text = format_cell(*move)
        r = self.radius
        if move not in self.centres:
            return why(
                f"{text!r}: a coin of radius {r} centred there would stick out over the edge; "
                f"centres run {column_name(r)}..{column_name(self.width - 1 - r)}, rows {r + 1}..{self.height - r}",
                "rules-coins-edge", move=move_arg(text), r=r, first=column_name(r),
                last=column_name(self.width - 1 - r), low=r + 1, high=self.height - r,
            )
        x, y = move
        for i, (cx, cy) in sorted(self.cell_of.items()):
            if state.coins >> i & 1 and abs(cx - x) <= 2 * r and abs(cy - y) <= 2 * r:
                if (cx, cy) == move:
                    return why(f"{text!r}: there is already a coin on {text}", "rules-coins-taken", move=text)
                return why(f"{text!r}: a coin there would overlap the coin on {format_cell(cx, cy)}",
                           "rules-coins-overlap", move=text, cell=format_cell(cx, cy))
        return why(f"{text!r} is not a legal move here", "rules-not-legal", move=text)

    def apply(self, state: CoinsState, move: Cell) -> CoinsState:
        i = self.centres[move]
        return CoinsState(state.coins | 1 << i, state.free & self.blocks[i], 1 - state.turn)

    def is_over(self, state: CoinsState) -> bool:
        return not state.free

    def result(self, state: CoinsState) -> Result | None:
        if state.free:
            return None
        n = state.coins.bit_count()
        if n == 0:
            return Result.winner(2, 1 - state.turn, f"no coin fits the table: {{{state.turn}}} cannot move",
                                 words=("words-end-coins-none", {"who": seat_words(state.turn)}))
        last = 1 - state.turn
        coins = f"{n} coin{'s' * (n != 1)}"
        return Result.winner(2, last, f"{{{last}}} laid the last coin: no room for another after {coins}",
                             words=("words-end-coins", {"who": seat_words(last), "coins": n}))

    def mirror(self, cell: Cell) -> Cell:
        """The cell point-symmetric to ``cell`` about the table's centre (the first player's
        answer on an odd x odd table after taking the centre)."""
        return (self.width - 1 - cell[0], self.height - 1 - cell[1])

    def coin_cells(self, state: CoinsState) -> list[Cell]:
        """Centres of the coins on the table, by row then column."""
        return [self.cell_of[i] for i in sorted(self.cell_of) if state.coins >> i & 1]

    def title(self) -> str:
        p = self.params
        words = f"Coins on a {p['width']}x{p['height']} table"
        return words + (f", radius {p['radius']}" if p["radius"] != 1 else "")

    def full_view(self, state: CoinsState) -> View:
        return {
            "width": self.width,
            "height": self.height,
            "radius": self.radius,
            "coins": [format_cell(*c) for c in self.coin_cells(state)],
            "free": len(self.legal_moves(state)),
            "to_move": self.to_move(state),
        }

    @staticmethod
    def _rows(view: View) -> list[str]:
        w, h, r = view["width"], view["height"], view["radius"]
        grid = [["."] * w for _ in range(h)]
        for name in view["coins"]:
            cx, cy = parse_cell(name)
            for y in range(cy - r, cy + r + 1):
                for x in range(cx - r, cx + r + 1):
                    grid[y][x] = "o"
            grid[cy][cx] = "@"
        cw = max(len(column_name(w - 1)), 1) + 1
        rows = [f"{y + 1:>3} " + "".join(c.rjust(cw) for c in grid[y]) for y in range(h - 1, -1, -1)]
        rows.append("    " + "".join(column_name(x).rjust(cw) for x in range(w)))
        return rows

    def render_view(self, view: View) -> str:
        w, h, r = view["width"], view["height"], view["radius"]
        turn = view["to_move"]
        status = "over" if turn is None else f"seat {turn} to move, {view['free']} free centres"
        head = f"coins: {w} x {h} table, radius {r}, {len(view['coins'])} coins ({status})"
        return "\n".join([head, *self._rows(view)])

    def picture(self, view: View) -> list[str | Words]:
        turn = view["to_move"]
        status: Words = ("words-over-short", {}) if turn is None else (
            "words-coins-status", {"seat": turn, "free": view["free"]})
        head: Words = ("words-coins-head", {"game": ("game-coins", {}), "w": view["width"], "h": view["height"],
                                            "r": view["radius"], "coins": len(view["coins"]), "status": status})
        return [head, *self._rows(view)]

    def parse_move(self, state: CoinsState, text: str) -> Cell:
        return parse_cell(text, self.width, self.height)

    def format_move(self, state: CoinsState, move: Cell) -> str:
        return format_cell(*move)

    def max_plies(self) -> int:
        # Centres of different coins differ by more than 2r in x or in y, so each
        # (2r+1) x (2r+1) tile of the centre area holds at most one: an exact bound.
        side = 2 * self.radius + 1
        nx, ny = self.width - 2 * self.radius, self.height - 2 * self.radius
        return -(-nx // side) * -(-ny // side)


Coins.doc_sample = DocSample(
    {"width": 7, "height": 5, "radius": 1},
    ("b2",),
    "The centre cell of the new coin: `d4`. Its whole (2r+1) x (2r+1) block must lie on the table and "
    "not overlap another coin.",
)


@functools.lru_cache(maxsize=64)
def _tables(w: int, h: int, r: int) -> tuple[dict[Cell, int], dict[int, Cell], dict[int, int], int]:
    """A table's centres (cell -> bit), their cells, the centres each coin rules out, and every centre.

    Made once per table shape and shared by every game of that shape (never changed after).
    """
    centres: dict[Cell, int] = {}
    cell_of: dict[int, Cell] = {}
    blocks: dict[int, int] = {}
    all_free = 0
    for y in range(r, h - r):
        for x in range(r, w - r):
            i = y * w + x
            centres[(x, y)] = i
            cell_of[i] = (x, y)
            all_free |= 1 << i
    span = 2 * r
    for (x, y), i in centres.items():
        block = 0
        for yy in range(max(r, y - span), min(h - r, y + span + 1)):
            for xx in range(max(r, x - span), min(w - r, x + span + 1)):
                block |= 1 << (yy * w + xx)
        blocks[i] = ~block
    return centres, cell_of, blocks, all_free
