"""m,n,k games: tic-tac-toe and its generalisations, for 2 to 4 players.

Players take turns putting a stone of their own on an empty cell of an m x n board; the
first to have k or more in a row (row, column or diagonal) wins; a full board is a draw.

State (:class:`MnkState`): ``board`` is flat bytes, cell ``y * m + x`` (row 1 = y 0 at the
bottom), 0 empty and ``seat + 1`` a stone of that seat, so line engines read it directly;
``empty`` is the sorted tuple of empty cells (``legal_moves`` is one copy of it); the end
is found in ``apply`` from the lines through the new stone only.  A move is a cell index.

The line helpers here (:class:`Lines`, :func:`board_rows`, :func:`render_rows`) are shared
with gomoku.
"""

from __future__ import annotations

import functools
from operator import attrgetter
from typing import Any, NamedTuple

from grundy.rules.base import (
    VIEW_LINE,
    BoardSymmetry,
    DocSample,
    Game,
    InARow,
    Param,
    Result,
    View,
    Why,
    Words,
    move_arg,
    over_words,
    seat_words,
    why,
)
from grundy.rules.cells import column_name, format_cell, parse_cell
from grundy.rules.errors import IllegalMoveError, ParameterError

RUNNING = -1
DRAW = -2
SYMBOLS = "XOYZ"
EMPTY_SYMBOL = "."
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
# bytes([v]) for every stone value, so placing a stone is two slices and one concatenation.
STONE = tuple(bytes([v]) for v in range(256))


def run_length(board: bytes, fwd: tuple[int, ...], bwd: tuple[int, ...], v: int) -> int:
    """Stones of value ``v`` in an unbroken run from a cell along ``fwd`` and ``bwd`` (the cell not counted)."""
    n = 0
    for x in fwd:
        if board[x] != v:
            break
        n += 1
    for x in bwd:
        if board[x] != v:
            break
        n += 1
    return n


def winning_run(board: bytes, rays: Any, c: int, need: int, accept: Any = None) -> list[int]:
    """The cells of the first run of at least ``need`` stones through ``c`` (its stone's value) along one
    of its lines ``rays`` (pairs of rays, one each way), in order from one end to the other; empty when none.
    ``accept(cells)``, when given, may refuse a run (a rule that wants exactly five, or an open five)."""
    v = board[c]
    for fwd, bwd in rays:
        a = 0
        while a < len(fwd) and board[fwd[a]] == v:
            a += 1
        b = 0
        while b < len(bwd) and board[bwd[b]] == v:
            b += 1
        if a + b + 1 < need:
            continue
        cells = [*reversed(bwd[:b]), c, *fwd[:a]]
        if cells[0] > cells[-1]:
            cells.reverse()  # from the bottom row (the left column) to the other end
        if accept is None or accept(cells, fwd[a] if a < len(fwd) else -1, bwd[b] if b < len(bwd) else -1):
            return cells
    return []


class Lines:
    """The fixed geometry of a width x height board: for every cell, its four lines as rays.

    ``rays[c]`` holds one ``(forward, backward)`` pair of cell tuples per direction
    (row, column, two diagonals), each running from the neighbour of ``c`` to the edge,
    at most ``reach`` cells long.
    """

    def __init__(self, width: int, height: int, reach: int) -> None:
        self.width, self.height = width, height
        rays: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = []
        for y in range(height):
            for x in range(width):
                pairs = []
                for dx, dy in DIRECTIONS:
                    fwd: list[int] = []
                    bwd: list[int] = []
                    for sign, out in ((1, fwd), (-1, bwd)):
                        for i in range(1, reach + 1):
                            nx, ny = x + sign * dx * i, y + sign * dy * i
                            if not (0 <= nx < width and 0 <= ny < height):
                                break
                            out.append(ny * width + nx)
                    pairs.append((tuple(fwd), tuple(bwd)))
                rays.append(tuple(pairs))
        self.rays = tuple(rays)


@functools.lru_cache(maxsize=64)
def lines_for(width: int, height: int, reach: int) -> Lines:
    """The (immutable) ray tables of a board shape, shared by every game of that shape.

    A 52x52 board with k=52 has tables of tens of megabytes: made once, not once per room.
    """
    return Lines(width, height, reach)


def board_rows(board: bytes, width: int, height: int, symbols: str) -> list[str]:
    """The board as text rows, ``rows[y]`` for y = 0 (row 1, the bottom) upwards."""
    table = EMPTY_SYMBOL + symbols
    return ["".join(table[v] for v in board[y * width : (y + 1) * width]) for y in range(height)]


def render_rows(rows: list[str], last: str | None = None) -> list[str]:
    """A board picture: row numbers at the left (top row first), column letters at the bottom.

    ``rows`` are as from :func:`board_rows` (bottom first).  The last stone is bracketed.
    """
    height, width = len(rows), len(rows[0]) if rows else 0
    lx, ly = parse_cell(last) if last else (-1, -1)
    names = [column_name(x) for x in range(width)]
    cw = max(len(n) for n in names) if names else 1
    rw = len(str(height))
    out = []
    for y in range(height - 1, -1, -1):
        cells = []
        for x, ch in enumerate(rows[y]):
            cells.append(f"[{ch:^{cw}}]" if (x, y) == (lx, ly) else f" {ch:^{cw}} ")
        out.append(f"{y + 1:>{rw}} " + "".join(cells).rstrip())
    out.append(" " * (rw + 1) + "".join(f" {n:^{cw}} " for n in names).rstrip())
    return out


class MnkState(NamedTuple):
    board: bytes  # y * m + x -> 0 empty, seat + 1
    empty: tuple[int, ...]  # empty cells, ascending
    turn: int  # seat to move (after the end: the seat that would move next)
    outcome: int  # RUNNING, DRAW or the winning seat
    last: int  # the last stone's cell, -1 before the first move


def _turn(state: MnkState) -> int:
    return state.turn


class Mnk(Game[MnkState, int]):
    name = "mnk"
    view_kind = VIEW_LINE
    can_draw = True
    description = (
        "The m,n,k game: players take turns putting one of their stones on an empty cell of an "
        "m x n board, and the first to get k or more of their stones in a row, column or "
        "diagonal wins; a full board is a draw. Tic-tac-toe is 3,3,3 (a draw with best play); "
        "with 3 or 4 players everyone must also block the others' lines."
    )
    parameters = (
        Param("m", "int", 3, "width of the board (columns)", min=1, max=52),
        Param("n", "int", 3, "height of the board (rows)", min=1, max=52),
        Param("k", "int", 3, "stones in a row needed to win (at most max(m, n))", min=1, max=52),
        Param("players", "int", 2, "number of players", min=2, max=4),
    )
    min_seats = 2
    max_seats = 4
    view_keys = {
        "width": "integer m: columns of the board",
        "height": "integer n: rows of the board",
        "k": "integer: stones in a row needed to win",
        "symbols": 'array of strings: the stone letter of each seat, seat 0 first (`"X"`, `"O"`, `"Y"`, `"Z"`)',
        "board": (
            "array of `height` strings of `width` characters, **bottom row first**: `board[y][x]` is cell "
            '(x, y), `"."` empty or a seat\'s symbol'
        ),
        "to_move": "the seat to move, or null when the game is over",
        "last": "cell of the last stone placed, or null before the first move",
        "result": (
            "null while the game runs; then `{outcomes, scores, reason, line}`: an outcome per seat "
            '(`"win"`, `"loss"`, `"draw"`), scores (null here), a sentence saying why (naming seats '
            '`seat N`: the `room_state` and `game_over` results name the players) and the winning line\'s '
            "cells end to end (null for a draw)"
        ),
    }
    examples = (
        {},
        {"m": 4, "n": 4, "k": 4},
        {"m": 5, "n": 5, "k": 3, "players": 3},
        {"m": 7, "n": 6, "k": 4, "players": 4},
        {"m": 1, "n": 5, "k": 2},
        {"m": 9, "n": 9, "k": 5},
    )

    def setup(self) -> None:
        p = self.params
        self.width, self.height, self.k = p["m"], p["n"], p["k"]
        if self.k > max(self.width, self.height):
            raise ParameterError(
                f"parameter 'k': {self.k} stones cannot fit in a row on a {self.width}x{self.height} board; "
                f"allowed: 1..{max(self.width, self.height)}",
                ("rules-mnk-k", {"k": self.k, "w": self.width, "h": self.height, "most": max(self.width, self.height)}),
            )
        self.seats = p["players"]
        self.lines = lines_for(self.width, self.height, self.k - 1)
        self._start = MnkState(bytes(self.width * self.height), tuple(range(self.width * self.height)), 0, RUNNING, -1)

    def in_a_row(self) -> InARow:
        return InARow(self.width, self.height, self.k, _turn, self.with_stones, players=self.seats)

    def with_stones(self, board: bytes) -> MnkState:
        """The position in play with these stones (``seat + 1`` per cell), the next seat after their count."""
        empty = tuple(c for c, v in enumerate(board) if not v)
        return self._start._replace(board=bytes(board), empty=empty, turn=(len(board) - len(empty)) % self.seats)

    def board_symmetry(self) -> BoardSymmetry:
        """The board up to the rectangle's symmetries: the seat to move follows from the number of stones."""
        return BoardSymmetry(self.width, self.height, cells=attrgetter("board"))

    # ----- the rules -------------------------------------------------------------------

    def initial(self) -> MnkState:
        return self._start

    def to_move(self, state: MnkState) -> int | None:
        return state.turn if state.outcome == RUNNING else None

    def legal_moves(self, state: MnkState) -> list[int]:
        return list(state.empty) if state.outcome == RUNNING else []

    def is_legal(self, state: MnkState, move: int) -> bool:
        return (
            state.outcome == RUNNING and type(move) is int and 0 <= move < len(state.board) and state.board[move] == 0
        )

    def why_illegal(self, state: MnkState, move: int) -> Why:
        if state.outcome != RUNNING:
            return why("the game is over", "rules-over")
        if type(move) is not int or not 0 <= move < len(state.board):
            return why(f"{move!r} is not a cell of this {self.width}x{self.height} board", "rules-not-on-board",
                       move=move_arg(move), w=self.width, h=self.height)
        name = self.format_move(state, move)
        return why(f"{name!r}: the cell is occupied by {SYMBOLS[state.board[move] - 1]}", "rules-mnk-occupied",
                   move=name, symbol=SYMBOLS[state.board[move] - 1])

    def apply(self, state: MnkState, move: int) -> MnkState:
        board, empty = state.board, state.empty
        v = state.turn + 1
        board = board[:move] + STONE[v] + board[move + 1 :]
        i = empty.index(move)
        empty = empty[:i] + empty[i + 1 :]
        outcome = RUNNING
        need = self.k - 1
        for fwd, bwd in self.lines.rays[move]:
            if run_length(board, fwd, bwd, v) >= need:
                outcome = state.turn
                break
        else:
            if not empty:
                outcome = DRAW
        nxt = v if v < self.seats else 0
        return MnkState(board, empty, nxt, outcome, move)

    def is_over(self, state: MnkState) -> bool:
        return state.outcome != RUNNING

    def result(self, state: MnkState) -> Result | None:
        if state.outcome == RUNNING:
            return None
        if state.outcome == DRAW:
            return Result.draw(self.seats, "the board is full", words=("words-end-full", {}))
        line = f"{self.k} in a row" if self.k > 1 else "the first stone"
        seat = state.outcome
        cells = self._winning_line(state)
        words: Words = ("words-end-line" if self.k > 1 else "words-end-line-first",
                        {"who": seat_words(seat), "symbol": SYMBOLS[seat], "k": self.k})
        return Result.winner(self.seats, seat, f"{{{seat}}} ({SYMBOLS[seat]}) made {line}", line=cells, words=words)

    def _winning_line(self, state: MnkState) -> list[str]:
        """The cells of the k-or-more run through the last stone, from one end to the other."""
        cells = winning_run(state.board, self.lines.rays[state.last], state.last, self.k)
        return [self.format_move(state, c) for c in cells]

    def max_plies(self) -> int:
        return self.width * self.height

    # ----- notation and views ----------------------------------------------------------

    def parse_move(self, state: MnkState, text: str) -> int:
        x, y = parse_cell(text, self.width, self.height)
        return y * self.width + x

    def format_move(self, state: MnkState, move: int) -> str:
        if type(move) is not int or not 0 <= move < self.width * self.height:
            raise IllegalMoveError(f"{move!r} is not a cell of this {self.width}x{self.height} board",
                                   ("rules-not-on-board", {"move": move_arg(move), "w": self.width, "h": self.height}))
        y, x = divmod(move, self.width)
        return format_cell(x, y)

    def board(self, state: MnkState) -> bytes:
        """The flat board, ``y * m + x`` -> 0 empty or seat + 1 (what line engines read)."""
        return state.board

    def title(self) -> str:
        players = f", {self.seats} players" if self.seats != 2 else ""
        if (self.width, self.height, self.k) == (3, 3, 3):
            return "Tic-tac-toe" + players
        return f"{self.k} in a row on {self.width}x{self.height}" + players

    def full_view(self, state: MnkState) -> View:
        res = self.result(state)
        return {
            "width": self.width,
            "height": self.height,
            "k": self.k,
            "symbols": list(SYMBOLS[: self.seats]),
            "board": board_rows(state.board, self.width, self.height, SYMBOLS),
            "to_move": self.to_move(state),
            "last": None if state.last < 0 else self.format_move(state, state.last),
            "result": None if res is None else res.to_dict(),
        }

    def render_view(self, view: View) -> str:
        symbols: list[str] = view["symbols"]
        head = f"{view['width']}x{view['height']}, {view['k']} in a row; " + ", ".join(
            f"{s} = seat {i}" for i, s in enumerate(symbols)
        )
        lines = [head, *render_rows(view["board"], view.get("last"))]
        lines.append(_status(view, symbols))
        return "\n".join(lines)

    def picture(self, view: View) -> list[str | Words]:
        symbols: list[str] = view["symbols"]
        seats = [("words-mnk-symbol", {"symbol": s, "seat": i}) for i, s in enumerate(symbols)]
        head: Words = ("words-mnk-head", {"w": view["width"], "h": view["height"], "k": view["k"], "seats": seats})
        lines: list[str | Words] = [head, *render_rows(view["board"], view.get("last"))]
        seat = view.get("to_move")
        if view.get("result"):
            lines.append(over_words(view["result"]))
        elif seat is not None:
            lines.append(("words-mnk-to-move", {"symbol": symbols[seat], "seat": seat}))
        return lines


def _status(view: dict[str, Any], symbols: list[str]) -> str:
    res = view.get("result")
    if res:
        return f"game over: {res['reason']}"
    seat = view.get("to_move")
    return f"{symbols[seat]} (seat {seat}) to move" if seat is not None else ""


Mnk.doc_sample = DocSample(
    {"m": 4, "n": 3, "k": 3},
    ("b2", "c2", "a1"),
    "The cell of the new stone: `b2`.",
)
