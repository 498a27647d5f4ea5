"""Pawn: the minimax game with payoffs on the diagonal.

A pawn starts on a1 of a size x size board.  Max (seat 0) and Min (seat 1) take turns
moving it one cell up or right; after size-1 moves it stands on the diagonal from the
top-left to the bottom-right corner and that cell's payoff is what Min pays Max.

State: the pawn's column and row; the seat to move follows from them (Max moves when
x + y is even).  A move is the destination cell ``(x, y)``, written as its name (``b1``).

The rules are those docs/GAMES.md states, all of them (the payoffs' order along the
diagonal, their default for other sizes, the 1x1 board).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from grundy.rules.base import (
    VIEW_PAWN,
    DocSample,
    Game,
    Param,
    Result,
    View,
    Why,
    Words,
    list_text,
    move_arg,
    seat_words,
    why,
)
from grundy.rules.cells import column_name, format_cell, parse_cell
from grundy.rules.errors import ParameterError

_DEFAULT_PAYOFFS = [1, 2, 3, 4, 5, 6, 7, 8]


class PawnState(NamedTuple):
    x: int
    y: int


Cell = tuple[int, int]


class Pawn(Game[PawnState, Cell]):
    name = "pawn"
    view_kind = VIEW_PAWN
    can_draw = True
    description = (
        "A pawn starts on a1 of a square board; Max (seat 0) and Min (seat 1) take turns moving "
        "it one cell up or right. When it reaches the diagonal from the top-left to the "
        "bottom-right corner the game ends and Min pays Max that cell's payoff: Max wants it "
        "high, Min low. With payoffs 1..8 on the 8x8 board the game's value is 5."
    )
    parameters = (
        Param("size", "int", 8, "the board is size x size", min=1, max=64),
        Param(
            "payoffs",
            "nums",
            "1,2,3,4,5,6,7,8",
            "payoff of each diagonal cell from the top-left to the bottom-right corner "
            "(size numbers; 1..size when left at the default)",
        ),
    )
    has_scores = True
    view_keys = {
        "size": "integer: the board is size x size",
        "pawn": "cell where the pawn stands (it starts on a1)",
        "diagonal": "array of cells: the diagonal where the game ends, from the top-left to the bottom-right corner",
        "payoffs": "array of numbers: what Min pays Max when the pawn ends on the diagonal cell at the same index",
        "to_move": "the seat to move (0 Max, 1 Min), or null when the game is over",
    }
    examples = (
        {},
        {"size": 1},
        {"size": 2, "payoffs": "-1,1"},
        {"size": 3, "payoffs": "0,0,0"},
        {"size": 5, "payoffs": "3,-2,0.5,7,-4"},
        {"size": 16},
        {"size": 64},
    )

    def setup(self) -> None:
        size = self.params["size"]
        payoffs = self.params["payoffs"]
        if payoffs == _DEFAULT_PAYOFFS and size != len(_DEFAULT_PAYOFFS):
            payoffs = self.params["payoffs"] = list(range(1, size + 1))
        if len(payoffs) != size:
            raise ParameterError(
                f"parameter 'payoffs': give exactly size={size} numbers, one per diagonal cell "
                f"from the top-left to the bottom-right corner (got {len(payoffs)})",
                ("rules-pawn-payoffs-count", {"size": size, "count": len(payoffs)}),
            )
        bad = [p for p in payoffs if not math.isfinite(p)]
        if bad:
            raise ParameterError(f"parameter 'payoffs': {bad[0]} is not a finite number",
                                 ("rules-pawn-payoffs-finite", {"value": str(bad[0])}))
        self.size: int = size
        self.last = size - 1  # x + y on the diagonal
        self.payoffs: tuple[float, ...] = tuple(payoffs)
        self.seats = 2

    def initial(self) -> PawnState:
        return PawnState(0, 0)

    def to_move(self, state: PawnState) -> int | None:
        x, y = state
        return None if x + y >= self.last else (x + y) & 1

    def legal_moves(self, state: PawnState) -> list[Cell]:
        x, y = state
        if x + y >= self.last:
            return []
        return [(x + 1, y), (x, y + 1)]

    def is_legal(self, state: PawnState, move: Cell) -> bool:
        x, y = state
        return x + y < self.last and (move == (x + 1, y) or move == (x, y + 1))

    def why_illegal(self, state: PawnState, move: Cell) -> Why:
        x, y = state
        here = format_cell(x, y)
        return why(
            f"{format_cell(*move)!r}: the pawn on {here} moves one cell right ({format_cell(x + 1, y)}) "
            f"or up ({format_cell(x, y + 1)})",
            "rules-pawn-step", move=move_arg(format_cell(*move)), **{"from": here},
            right=format_cell(x + 1, y), up=format_cell(x, y + 1),
        )

    def apply(self, state: PawnState, move: Cell) -> PawnState:
        return PawnState(move[0], move[1])

    def is_over(self, state: PawnState) -> bool:
        return state.x + state.y >= self.last

    def payoff(self, state: PawnState) -> float:
        """What Min pays Max on a diagonal cell."""
        return self.payoffs[state.x]

    def result(self, state: PawnState) -> Result | None:
        if state.x + state.y < self.last:
            return None
        p = self.payoff(state)
        why = f"the pawn reached {format_cell(*state)}: {{1}} (Min) pays {{0}} (Max) {_number(p)}"
        words: Words = ("words-end-pawn", {"cell": format_cell(*state), "min": seat_words(1), "max": seat_words(0),
                                           "pays": _number(p)})
        scores = (p, -p)
        if p > 0:
            return Result.winner(2, 0, why, scores, words=words)
        if p < 0:
            return Result.winner(2, 1, why, scores, words=words)
        return Result.draw(2, why, scores, words=words)

    def title(self) -> str:
        return f"Pawn {self.size}x{self.size}, payoffs {list_text([_number(p) for p in self.payoffs])}"

    def full_view(self, state: PawnState) -> View:
        return {
            "size": self.size,
            "pawn": format_cell(*state),
            "diagonal": [format_cell(x, self.last - x) for x in range(self.size)],
            "payoffs": list(self.payoffs),
            "to_move": self.to_move(state),
        }

    @staticmethod
    def _rows(view: View) -> list[str]:
        size = view["size"]
        px, py = parse_cell(view["pawn"])
        labels = [_number(p) for p in view["payoffs"]]
        w = max(2, *(len(t) for t in labels)) + 1
        rows = []
        for y in range(size - 1, -1, -1):
            cells = []
            for x in range(size):
                if (x, y) == (px, py):
                    cells.append("P")
                elif x + y == size - 1:
                    cells.append(labels[x])
                elif x + y < size - 1:
                    cells.append(".")
                else:
                    cells.append("")
            rows.append(f"{y + 1:>3} " + "".join(c.rjust(w) for c in cells).rstrip())
        rows.append("    " + "".join(column_name(x).rjust(w) for x in range(size)))
        return rows

    def render_view(self, view: View) -> str:
        turn = view["to_move"]
        who = "over" if turn is None else ("Max to move" if turn == 0 else "Min to move")
        return "\n".join([f"pawn: size {view['size']}, pawn on {view['pawn']} ({who})", *self._rows(view)])

    def picture(self, view: View) -> list[str | Words]:
        turn = view["to_move"]
        who: Words = ("words-over-short", {}) if turn is None else (
            "words-pawn-to-move", {"side": "Max" if turn == 0 else "Min"})
        head: Words = ("words-pawn-head", {"game": ("game-pawn", {}), "size": view["size"], "cell": view["pawn"],
                                           "who": who})
        return [head, *self._rows(view)]

    def parse_move(self, state: PawnState, text: str) -> Cell:
        return parse_cell(text, self.size, self.size)

    def format_move(self, state: PawnState, move: Cell) -> str:
        return format_cell(*move)

    def max_plies(self) -> int:
        return self.size - 1


def _number(p: float) -> str:
    """A payoff as written on the board: 3, -2, 0.5."""
    return str(int(p)) if float(p).is_integer() else str(p)


Pawn.doc_sample = DocSample(
    {"size": 4, "payoffs": "3,-1,4,2"},
    ("b1",),
    "The destination cell of the pawn, one step up or right: `b1` or `a2` from `a1`.",
)
