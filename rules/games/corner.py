"""Corner: one shared chess piece that moves only towards the bottom-left corner a1.

State: the piece's column and row and the seat to move.  A move is the destination
``(x, y)``, written as its cell name (``c5``).  Seats move in the order 0, 1, 2, 0, ...

The rules are those docs/GAMES.md states, all of them: each piece's steps, how far it goes,
what blocked cells do to it and its goal cells are the document's table ``corner-pieces``,
which tests/rules/test_games_contract.py compares with :meth:`Corner._compute` on every cell
of generated boards; the end (on a goal cell, or with no legal move: the player who moved
last wins) and the checks of ``start``, ``blocked`` and ``obstacles`` are stated there too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import NamedTuple

from grundy.rules.base import (
    MAX_SEED,
    VIEW_PIECE,
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
from grundy.rules.cells import column_name, format_cell, parse_cell, parse_cell_param, parse_cells_param
from grundy.rules.errors import ParameterError

Cell = tuple[int, int]

# Directions towards a1 for the sliding and stepping pieces.
_LEFT, _DOWN, _DIAG = (-1, 0), (0, -1), (-1, -1)
DIRECTIONS: dict[str, tuple[Cell, ...]] = {
    "king": (_LEFT, _DOWN, _DIAG),
    "queen": (_LEFT, _DOWN, _DIAG),
    "rook": (_LEFT, _DOWN),
}
KNIGHT_JUMPS: tuple[Cell, ...] = ((-2, -1), (-1, -2), (-2, 1), (1, -2))
LETTERS = {"king": "K", "queen": "Q", "rook": "R", "knight": "N"}
HOW = {
    "king": "one step left, down or diagonally down-left",
    "queen": "any distance left, down or diagonally down-left",
    "rook": "any distance left or down",
    "knight": "by the jumps (-2,-1), (-1,-2), (-2,+1), (+1,-2)",
}


class CornerState(NamedTuple):
    x: int  # the piece's column (0-based)
    y: int  # the piece's row (0-based)
    turn: int  # seat to move (also after the end: the seat that would move next)


class Corner(Game[CornerState, Cell]):
    name = "corner"
    view_kind = VIEW_PIECE
    description = (
        "A single king, queen, rook or knight on a width x height board, shared by all "
        "players, moves only towards the bottom-left corner a1: the king one step left, down "
        "or diagonally down-left, the queen any distance that way, the rook any distance left "
        "or down, the knight by the four jumps that approach the corner. Whoever moves the "
        "piece onto a1 (the knight: into the 2x2 corner a1-b2) wins; a player left with no "
        "legal move loses. Two or three players; cells may be blocked. With two players the "
        "king game is the white and black beans game, the rook game is 2-heap Nim and the "
        "queen game is Wythoff's game."
    )
    parameters = (
        Param("piece", "choice", "king", "the shared piece", choices=("king", "queen", "rook", "knight")),
        Param("width", "int", 8, "columns of the board", min=1, max=64),
        Param("height", "int", 8, "rows of the board", min=1, max=64),
        Param("start", "cell", None, "the piece's start cell (default: the top-right corner)"),
        Param("players", "int", 2, "number of players, moving in turn", min=2, max=3),
        Param("blocked", "cells", "", "inaccessible cells"),
        Param("obstacles", "int", 0, "percentage of the board blocked at random (with seed)", min=0, max=80),
        Param("seed", "int", None, "seed of the random obstacles (drawn when not given)", min=0, max=MAX_SEED),
    )
    impartial = True
    min_seats = 2
    max_seats = 3
    view_keys = {
        "piece": '`"king"`, `"queen"`, `"rook"` or `"knight"`: the one piece all players move',
        "width": "integer: columns of the board",
        "height": "integer: rows of the board",
        "at": "cell where the piece stands",
        "blocked": "array of cells nobody may enter (nor, for queen and rook, pass over)",
        "goal": "array of cells that win when the piece is moved onto one (`a1`; for the knight a1, b1, a2, b2)",
        "players": "integer: the number of players (2 or 3), moving in seat order",
        "to_move": "the seat to move, or null when the game is over",
    }
    examples = (
        {},
        {"width": 1, "height": 2},
        {"piece": "queen"},
        {"piece": "rook", "width": 5, "height": 3},
        {"piece": "knight"},
        {"piece": "king", "players": 3},
        {"piece": "knight", "width": 12, "height": 9, "players": 3},
        {"piece": "rook", "blocked": "c3;f2;b7", "start": "g8"},
        {"piece": "queen", "obstacles": 20, "seed": 7},
        {"piece": "knight", "width": 20, "height": 20, "obstacles": 15, "seed": 3, "players": 3},
        {"piece": "queen", "width": 64, "height": 64, "obstacles": 10, "seed": 5},
    )

    def setup(self) -> None:
        p = self.params
        self.piece: str = p["piece"]
        self.width: int = p["width"]
        self.height: int = p["height"]
        self.seats = p["players"]
        w, h = self.width, self.height
        if p["start"] is None:
            self.start: Cell = (w - 1, h - 1)
        else:
            self.start = parse_cell_param("start", p["start"], w, h)
        side = 2 if self.piece == "knight" else 1
        self.goal: frozenset[Cell] = frozenset((x, y) for x in range(min(side, w)) for y in range(min(side, h)))
        start_name = format_cell(*self.start)
        if self.start in self.goal:
            where = "a1" if self.piece != "knight" else "the corner a1, b1, a2, b2"
            raise ParameterError(
                f"parameter 'start': {start_name} is already in the goal ({where}); "
                "start the piece farther from the corner",
                ("rules-corner-start-goal", {"cell": start_name, "piece": self.piece}),
            )
        blocked: set[Cell] = set()
        for name, cell in zip(p["blocked"], parse_cells_param("blocked", p["blocked"], w, h), strict=True):
            if cell == self.start:
                raise ParameterError(f"parameter 'blocked': {name} is the start cell; the piece must stand on it",
                                     ("rules-corner-blocked-start", {"cell": name}))
            if cell in self.goal:
                raise ParameterError(f"parameter 'blocked': {name} is a goal cell; the piece must be able to reach it",
                                     ("rules-corner-blocked-goal", {"cell": name}))
            blocked.add(cell)
        p["blocked"] = [format_cell(x, y) for x, y in sorted(blocked, key=lambda c: (c[1], c[0]))]
        if p["obstacles"]:
            blocked |= self._draw_obstacles(blocked, p["obstacles"], self.draw_seed())
        self.blocked: frozenset[Cell] = frozenset(blocked)
        # Names for the views, made once.
        self._blocked_names = tuple(format_cell(x, y) for x, y in sorted(blocked, key=lambda c: (c[1], c[0])))
        self._goal_names = tuple(format_cell(x, y) for x, y in sorted(self.goal, key=lambda c: (c[1], c[0])))
        # Move tables, filled per cell on first use (a 64 x 64 queen board has ~400k moves).
        self._moves: list[list[tuple[Cell, ...] | None]] = [[None] * w for _ in range(h)]
        if not self._compute(*self.start):
            raise ParameterError(
                f"parameter 'start': the {self.piece} has no legal move from {start_name} "
                f"({HOW[self.piece]}{' past the blocked cells' if self.blocked else ''}); "
                "the game would be over before it starts",
                ("rules-corner-stuck",
                 {"piece": self.piece, "cell": start_name, "blocked": "yes" if self.blocked else "no"}),
            )

    def _first_steps(self, cell: Cell) -> list[Cell]:
        """Cells the piece would reach with its shortest moves from ``cell`` on an empty board."""
        deltas = KNIGHT_JUMPS if self.piece == "knight" else DIRECTIONS[self.piece]
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in deltas if 0 <= x + dx < self.width and 0 <= y + dy < self.height]

    def _draw_obstacles(self, blocked: set[Cell], percent: int, seed: int) -> set[Cell]:
        """``percent`` of the board at random, never the start, a goal cell or the last free first step."""
        w, h = self.width, self.height
        count = round(percent * w * h / 100)
        candidates = [
            (x, y)
            for y in range(h)
            for x in range(w)
            if (x, y) != self.start and (x, y) not in self.goal and (x, y) not in blocked
        ]
        random.Random(seed).shuffle(candidates)
        free_steps = {c for c in self._first_steps(self.start) if c not in blocked}
        drawn: set[Cell] = set()
        for cell in candidates:
            if len(drawn) >= count:
                break
            if cell in free_steps:
                if len(free_steps) == 1:
                    continue
                free_steps.discard(cell)
            drawn.add(cell)
        return drawn

    def _compute(self, x: int, y: int) -> tuple[Cell, ...]:
        """Every destination from ``(x, y)``; nothing from a goal cell (the game is over there)."""
        moves: list[Cell] = []
        if (x, y) not in self.goal:
            w, h, blocked = self.width, self.height, self.blocked
            if self.piece == "knight":
                for dx, dy in KNIGHT_JUMPS:
                    c = (x + dx, y + dy)
                    if 0 <= c[0] < w and 0 <= c[1] < h and c not in blocked:
                        moves.append(c)
            else:
                reach = 1 if self.piece == "king" else max(w, h)
                for dx, dy in DIRECTIONS[self.piece]:
                    cx, cy = x, y
                    for _ in range(reach):
                        cx, cy = cx + dx, cy + dy
                        if cx < 0 or cy < 0 or (cx, cy) in blocked:
                            break
                        moves.append((cx, cy))
        out = tuple(moves)
        self._moves[y][x] = out
        return out

    def _moves_from(self, x: int, y: int) -> tuple[Cell, ...]:
        ms = self._moves[y][x]
        return self._compute(x, y) if ms is None else ms

    # ----- the rules -------------------------------------------------------------------

    def symmetry_key(self) -> Callable[[CornerState], Hashable] | None:
        """Two players: the piece's cell, whoever is to move (both have the same moves); three: none."""
        if self.seats != 2:
            return None
        return lambda s: (s.x, s.y)

    def initial(self) -> CornerState:
        return CornerState(self.start[0], self.start[1], 0)

    def to_move(self, state: CornerState) -> int | None:
        return None if self.is_over(state) else state.turn

    def legal_moves(self, state: CornerState) -> list[Cell]:
        ms = self._moves[state.y][state.x]
        if ms is None:
            ms = self._compute(state.x, state.y)
        return list(ms)

    def is_legal(self, state: CornerState, move: Cell) -> bool:
        return move in self._moves_from(state.x, state.y)

    def apply(self, state: CornerState, move: Cell) -> CornerState:
        turn = state.turn + 1
        return CornerState(move[0], move[1], 0 if turn == self.seats else turn)

    def is_over(self, state: CornerState) -> bool:
        ms = self._moves[state.y][state.x]
        if ms is None:
            ms = self._compute(state.x, state.y)
        return not ms

    def result(self, state: CornerState) -> Result | None:
        if not self.is_over(state):
            return None
        last = (state.turn - 1) % self.seats
        at = format_cell(state.x, state.y)
        if (state.x, state.y) in self.goal:
            where = "onto a1" if self.piece != "knight" else f"into the corner (to {at})"
            goal: Words = ("words-end-corner-a1", {"who": seat_words(last), "piece": (f"ex-word-{self.piece}", {})}) \
                if self.piece != "knight" else ("words-end-corner-knight", {"who": seat_words(last), "cell": at})
            return Result.winner(self.seats, last, f"{{{last}}} moved the {self.piece} {where}", words=goal)
        return Result.winner(
            self.seats, last, f"{{{last}}} left the {self.piece} on {at}, where {{{state.turn}}} has no legal move",
            words=("words-end-corner-stuck", {"who": seat_words(last), "piece": (f"ex-word-{self.piece}", {}),
                                              "cell": at, "other": seat_words(state.turn)}),
        )

    def why_illegal(self, state: CornerState, move: Cell) -> Why:
        if not (isinstance(move, tuple) and len(move) == 2 and all(isinstance(v, int) for v in move)):
            return why(f"{move!r} is not a cell", "rules-not-a-cell", move=move_arg(move))
        x, y = move
        src = format_cell(state.x, state.y)
        if not (0 <= x < self.width and 0 <= y < self.height):
            return why(f"{move!r} is off the {self.width} x {self.height} board", "rules-off-board",
                       move=move_arg(move), w=self.width, h=self.height)
        dst = format_cell(x, y)
        piece = self.piece
        said = {"move": dst, "piece": piece, "from": src}
        if move == (state.x, state.y):
            return why(f"{dst!r}: the {piece} is already there; a move must go somewhere", "rules-corner-there", **said)
        if move in self.blocked:
            return why(f"{dst!r} is blocked", "rules-blocked", move=dst)
        if piece == "knight":
            return why(f"{dst!r}: the knight on {src} moves only {HOW[piece]} (towards a1)", "rules-corner-knight",
                       **said)
        dx, dy = x - state.x, y - state.y
        if dx > 0 or dy > 0:
            return why(f"{dst!r}: the {piece} on {src} moves only towards a1 ({HOW[piece]})", "rules-corner-towards",
                       **said)
        step = (max(-1, dx), max(-1, dy))
        if step not in DIRECTIONS[piece] or (dx and dy and dx != dy):
            return why(f"{dst!r}: the {piece} on {src} moves {HOW[piece]}", "rules-corner-how", **said)
        if piece == "king" and max(-dx, -dy) > 1:
            return why(f"{dst!r}: the king on {src} moves only one step ({HOW[piece]})", "rules-corner-one-step",
                       **said)
        cx, cy = state.x + step[0], state.y + step[1]
        while (cx, cy) != move:
            if (cx, cy) in self.blocked:
                return why(f"{dst!r}: the {piece} on {src} cannot pass the blocked cell {format_cell(cx, cy)}",
                           "rules-corner-pass", **said, cell=format_cell(cx, cy))
            cx, cy = cx + step[0], cy + step[1]
        return why(f"{dst!r} is not a legal move from {src}", "rules-corner-from", **said)

    # ----- views and notation -------------------------------------------------------------

    def title(self) -> str:
        p = self.params
        goal = "the corner" if self.piece == "knight" else "a1"
        words = [f"{self.piece.capitalize()} race to {goal}", f"{self.width}x{self.height}"]
        if p["start"] is not None:
            words.append(f"from {p['start']}")
        if self.seats != 2:
            words.append(f"{self.seats} players")
        if p["obstacles"]:
            words.append(f"{p['obstacles']}% obstacles")
        elif p["blocked"]:
            n = len(p["blocked"])
            words.append(f"{n} blocked cell{'s' * (n != 1)}")
        return ", ".join(words)

    def full_view(self, state: CornerState) -> View:
        return {
            "piece": self.piece,
            "width": self.width,
            "height": self.height,
            "at": format_cell(state.x, state.y),
            "blocked": list(self._blocked_names),
            "goal": list(self._goal_names),
            "players": self.seats,
            "to_move": self.to_move(state),
        }

    def render_view(self, view: View) -> str:
        lines = [f"corner: {view['piece']}, {view['players']} players", *self._rows(view)]
        who = "game over" if view["to_move"] is None else f"seat {view['to_move']} to move"
        lines.append(f"{view['piece']} on {view['at']}; {who}")
        return "\n".join(lines)

    def picture(self, view: View) -> list[str | Words]:
        piece: Words = (f"ex-word-{view['piece']}", {})
        who: Words = ("words-over", {}) if view["to_move"] is None else ("solve-to-move", {"seat": view["to_move"]})
        return [("words-corner-head", {"game": ("game-corner", {}), "piece": piece, "players": view["players"]}),
                *self._rows(view),
                ("words-corner-at", {"piece": piece, "cell": view["at"], "who": who})]

    @staticmethod
    def _rows(view: View) -> list[str]:
        w, h = int(view["width"]), int(view["height"])
        at = parse_cell(view["at"])
        blocked = {parse_cell(c) for c in view["blocked"]}
        goal = {parse_cell(c) for c in view["goal"]}
        cw = len(column_name(w - 1))
        rw = len(str(h))
        letter = LETTERS[view["piece"]]
        lines = []
        for y in range(h - 1, -1, -1):
            cells = []
            for x in range(w):
                c = (x, y)
                glyph = letter if c == at else "#" if c in blocked else "*" if c in goal else "."
                cells.append(glyph.rjust(cw))
            lines.append(f"{y + 1:>{rw}} " + " ".join(cells))
        lines.append(" " * (rw + 1) + " ".join(column_name(x).rjust(cw) for x in range(w)))
        return lines

    def parse_move(self, state: CornerState, text: str) -> Cell:
        return parse_cell(text, self.width, self.height)

    def format_move(self, state: CornerState, move: Cell) -> str:
        return format_cell(*move)

    def max_plies(self) -> int:
        # Every move lowers x + y by at least one.
        return self.start[0] + self.start[1]


Corner.doc_sample = DocSample(
    {"piece": "queen", "width": 5, "height": 5, "blocked": "c3"},
    ("e3",),
    "The destination cell of the shared piece: `c5`. King: one step left, down or diagonally down-left; "
    "queen: any distance in those directions; rook: any distance left or down (neither passes over a "
    "blocked cell); knight: the jumps (-2,-1), (-1,-2), (-2,+1), (+1,-2).",
)
