"""Gomoku: five in a row on a 15x15 or 19x19 board, with the freestyle, standard, renju and caro
rules and the swap and swap2 openings.

Colours and seats.  Black (colour 0) places the first stone; stones alternate black, white,
black, ... for the whole game, openings included, so the colour of the next stone is always
the number of stones on the board mod 2.  Without an opening seat 0 plays black.  In the
openings the seats choose colours; ``GomokuState.black`` is the seat playing black:

* ``swap``: seat 0 places three stones (black, white, black), then seat 1 chooses a colour
  with the move ``black`` or ``white`` (the colour seat 1 will play).  White moves next.
* ``swap2``: seat 0 places three stones (black, white, black); seat 1 answers ``black``,
  ``white`` or ``more``.  ``more`` means "I place two more stones": seat 1 places a white and
  then a black stone, and seat 0 chooses a colour with ``black`` or ``white``.  White moves next.

Winning lines (a move that completes one ends the game; a full board is a draw):

* ``freestyle``: five or more in a row;
* ``standard``: exactly five (an overline of six or more does not win, for either colour);
* ``renju``: black wins only with exactly five, white with five or more.  Black's forbidden
  moves are illegal: an overline, a double-four (two fours at once, also two in one line such
  as ``X.XXX.X``) and a double-three (two threes at once).  A *four* is a line that one more
  stone turns into exactly five; a *three* is a line that one more stone turns into a straight
  four (four in a row with both ends open, each end making exactly five), where that stone
  would itself not be forbidden.  Five takes precedence: a move that makes exactly five is
  legal and wins even if it also makes a forbidden pattern.  4-3 is allowed;
* ``caro``: five or more wins unless the run is blocked by opponent stones at both ends
  (the board's edge does not block).

State (:class:`GomokuState`): ``board`` is flat bytes, cell ``y * size + x`` (row 1 = y 0
at the bottom), 0 empty and ``colour + 1`` a stone (1 black, 2 white), so line engines read it
directly; ``empty`` is the sorted tuple of empty cells.  ``apply`` checks only the four lines
through the new stone.  A move is a cell index, or one of the words ``black``, ``white``, ``more``.
"""

from __future__ import annotations

import dataclasses
import functools
from operator import itemgetter
from typing import Any, NamedTuple

from grundy.rules.base import (
    VIEW_LINE,
    DocSample,
    Game,
    InARow,
    Param,
    Result,
    View,
    Why,
    Words,
    _short,
    move_arg,
    over_words,
    seat_words,
    why,
)
from grundy.rules.cells import format_cell, parse_cell
from grundy.rules.errors import ParameterError, ParseMoveError
from grundy.rules.games.mnk import (
    DIRECTIONS,
    DRAW,
    RUNNING,
    STONE,
    board_rows,
    lines_for,
    render_rows,
    run_length,
    winning_run,
)

BLACK, WHITE = 0, 1
COLOURS = ("black", "white")
SYMBOLS = "XO"
EDGE = 3

# Phases of the game (``GomokuState.phase``).
PLAY = 0  # ordinary play: the seat of the next stone's colour moves
FIRST_PLACES = 1  # opening: seat 0 places the first three stones
SECOND_CHOOSES = 2  # opening: seat 1 chooses black or white (swap2: or more)
SECOND_PLACES = 3  # swap2: seat 1 places two more stones (white, black)
FIRST_CHOOSES = 4  # swap2: seat 0 chooses black or white
CHOICES = ("black", "white", "more")
PHASE_SEAT = {FIRST_PLACES: 0, SECOND_CHOOSES: 1, SECOND_PLACES: 1, FIRST_CHOOSES: 0}

# Forbidden-move kinds under renju.
OVERLINE, DOUBLE_FOUR, DOUBLE_THREE = "overline", "double-four", "double-three"
_WHY = {
    OVERLINE: "it makes six or more in a row",
    DOUBLE_FOUR: "it makes two fours at once",
    DOUBLE_THREE: "it makes two threes at once",
}
_BLACK_ONLY = bytes(1 if v == 1 else 0 for v in range(256))
_EMPTY_ONLY = bytes(0x80 if v == 0 else 0 for v in range(256))
_CACHE_LIMIT = 10_000


@dataclasses.dataclass(frozen=True)
class _Sizes(Param):
    """An int parameter that takes only the listed values (the board sizes)."""

    def allowed(self) -> str:
        assert self.choices is not None
        return " | ".join(self.choices)

    def _check_range(self, v: int | float) -> None:
        assert self.choices is not None
        if str(v) not in self.choices:
            raise ParameterError(f"parameter {self.name!r}: {v} is not allowed; allowed: {self.allowed()}",
                                 self._said("rules-param-not-one-of", value=_short(v)), self)


@functools.lru_cache(maxsize=4)
def _renju_tables(size: int) -> tuple[Any, Any, Any, int]:
    """The renju tables of a board size, built once per process (a new game takes them as they are).

    Line windows (offsets -5..5) per cell and direction, an item getter per window, and for each
    direction and offset k in -4..4 (k != 0) the shift in bits and the mask of the lanes whose
    neighbour at offset k is on the board (lane c of an int is byte c: cell c).
    """
    n = size * size
    windows: list[tuple[tuple[int, ...], ...]] = []
    for c in range(n):
        y, x = divmod(c, size)
        per_dir = []
        for dx, dy in DIRECTIONS:
            cells = []
            for o in range(-5, 6):
                nx, ny = x + dx * o, y + dy * o
                cells.append(ny * size + nx if 0 <= nx < size and 0 <= ny < size else n)
            per_dir.append(tuple(cells))
        windows.append(tuple(per_dir))
    getters = tuple(tuple(itemgetter(*cells) for cells in per_dir) for per_dir in windows)
    shifts: list[tuple[tuple[int, int, int], ...]] = []
    for dx, dy in DIRECTIONS:
        terms = []
        for k in (1, -1, 2, -2, 3, -3, 4, -4):
            mask = 0
            for c in range(n):
                y, x = divmod(c, size)
                if 0 <= x + dx * k < size and 0 <= y + dy * k < size:
                    mask |= 0xFF << (8 * c)
            terms.append((k, 8 * k * (dy * size + dx), mask))
        shifts.append(tuple(terms))
    return tuple(windows), getters, tuple(shifts), int.from_bytes(b"\x01" * n, "little")


class GomokuState(NamedTuple):
    board: bytes  # y * size + x -> 0 empty, 1 black, 2 white
    empty: tuple[int, ...]  # empty cells, ascending
    phase: int  # PLAY or an opening phase
    black: int  # the seat playing black
    outcome: int  # RUNNING, DRAW or the winning colour
    last: int  # the last stone's cell, -1 before the first


class Gomoku(Game[GomokuState, Any]):
    name = "gomoku"
    view_kind = VIEW_LINE
    can_draw = True
    description = (
        "Black and white take turns placing stones on a 15x15 (or 19x19) board; five in a row "
        "(row, column or diagonal) wins. Rules: freestyle (five or more wins), standard (exactly "
        "five), renju (black must make exactly five and may not play double-threes, double-fours "
        "or overlines; white wins with five or more) and caro (a five blocked at both ends by the "
        "opponent does not win). The swap and swap2 openings balance black's first-move edge: "
        "one player lays out the first stones, the other picks a colour (moves 'black', 'white', "
        "and in swap2 'more' to place two more stones and let the first player pick)."
    )
    parameters = (
        _Sizes("size", "int", 15, "board size: 15 or 19", choices=("15", "19"), min=15, max=19),
        Param(
            "rule",
            "choice",
            "freestyle",
            "freestyle: five or more wins; standard: exactly five; renju: forbidden moves for black; "
            "caro: a five blocked at both ends does not win",
            choices=("freestyle", "standard", "renju", "caro"),
        ),
        Param(
            "opening",
            "choice",
            "none",
            "none; swap: seat 0 places 3 stones, seat 1 picks a colour; swap2: seat 1 may instead "
            "place 2 more ('more') and let seat 0 pick",
            choices=("none", "swap", "swap2"),
        ),
    )
    view_keys = {
        "size": "integer: the board is size x size (15 or 19)",
        "rule": '`"freestyle"`, `"standard"`, `"renju"` or `"caro"`',
        "opening": '`"none"`, `"swap"` or `"swap2"`',
        "board": (
            "array of `size` strings of `size` characters, **bottom row first**: `board[y][x]` is cell "
            '(x, y), `"."` empty, `"X"` black, `"O"` white'
        ),
        "symbols": 'map colour -> stone letter: `{"black": "X", "white": "O"}`',
        "colours": (
            'array: the colour each seat plays, seat 0 first (`["black", "white"]` until an opening '
            "choice says otherwise)"
        ),
        "colours_chosen": "boolean: false while an opening may still change who plays which colour",
        "phase": '`"play"`, `"over"`, or a sentence naming the opening step in progress',
        "to_move": "the seat to move, or null when the game is over",
        "colour_to_move": (
            '`"black"` or `"white"`: the colour of the next stone, also during the opening '
            "(null when over, and while a seat is choosing a colour)"
        ),
        "choices": (
            'array of the colour-choice moves open now (`"black"`, `"white"`, and in swap2 `"more"`); '
            "empty outside the choosing steps"
        ),
        "last": 'the last move (a cell, or `"black"`, `"white"`, `"more"`), or null before the first move',
        "forbidden": "array of cells black may not play now (renju only; empty otherwise)",
        "result": (
            "null while the game runs; then `{outcomes, scores, reason, line}`: an outcome per seat "
            '(`"win"`, `"loss"`, `"draw"`), scores (null here), a sentence saying why (naming seats '
            '`seat N`: the `room_state` and `game_over` results name the players) and the winning line\'s '
            "cells end to end (null for a draw)"
        ),
    }
    examples = (
        {},
        {"rule": "standard"},
        {"rule": "renju"},
        {"rule": "caro"},
        {"opening": "swap"},
        {"opening": "swap2", "rule": "renju"},
        {"size": 19, "opening": "swap2"},
    )

    def setup(self) -> None:
        self.size = self.params["size"]
        if self.size not in (15, 19):
            raise ParameterError(f"parameter 'size': {self.size} is not allowed; allowed: 15 | 19",
                                 ("rules-param-not-one-of", {"param": "size", "value": str(self.size), "kind": "choice",
                                                             "lo": "", "hi": "", "most": 0, "length": 0,
                                                             "choices": "15 | 19"}))
        self.rule = self.params["rule"]
        self.opening = self.params["opening"]
        self.seats = 2
        n = self.size * self.size
        self._cells = n
        self.lines = lines_for(self.size, self.size, self.size)
        self._rays = self.lines.rays
        self._renju = self.rule == "renju"
        self._wins = {
            "freestyle": self._five_or_more,
            "standard": self._exactly_five,
            "renju": self._renju_five,
            "caro": self._caro_five,
        }[self.rule]
        phase = PLAY if self.opening == "none" else FIRST_PLACES
        self._start = GomokuState(bytes(n), tuple(range(n)), phase, 0, RUNNING, -1)
        self._forbidden_cache: dict[bytes, dict[int, str]] = {}
        self._setup_renju()

    def in_a_row(self) -> InARow:
        return InARow(self.size, self.size, 5, self._playing_colour, self.with_stones, rule=self.rule)

    def _playing_colour(self, state: GomokuState) -> int | None:
        """The colour of the next stone in ordinary play (0 black); None during an opening."""
        if state.phase:
            return None
        return (self._cells - len(state.empty)) & 1

    def with_stones(self, board: bytes) -> GomokuState:
        """The position in ordinary play with these stones (1 black, 2 white per cell), seat 0 black."""
        empty = tuple(c for c, v in enumerate(board) if not v)
        return self._start._replace(board=bytes(board), empty=empty, phase=PLAY)

    # ----- the rules -------------------------------------------------------------------

    def initial(self) -> GomokuState:
        return self._start

    def to_move(self, state: GomokuState) -> int | None:
        if state.outcome != RUNNING:
            return None
        if state.phase:
            return PHASE_SEAT[state.phase]
        return ((self._cells - len(state.empty)) & 1) ^ state.black

    def colour_to_move(self, state: GomokuState) -> int | None:
        """The colour of the next stone, or None when a colour is to be chosen or the game is over."""
        if state.outcome != RUNNING or state.phase in (SECOND_CHOOSES, FIRST_CHOOSES):
            return None
        return (self._cells - len(state.empty)) & 1

    def choices(self, state: GomokuState) -> list[str]:
        """The colour-choice moves open now (empty outside the choosing phases)."""
        if state.outcome != RUNNING:
            return []
        if state.phase == SECOND_CHOOSES:
            return ["black", "white", "more"] if self.opening == "swap2" else ["black", "white"]
        if state.phase == FIRST_CHOOSES:
            return ["black", "white"]
        return []

    def legal_moves(self, state: GomokuState) -> list[Any]:
        if state.outcome != RUNNING:
            return []
        phase = state.phase
        if phase == SECOND_CHOOSES or phase == FIRST_CHOOSES:
            return self.choices(state)  # type: ignore[return-value]
        if self._renju and not (self._cells - len(state.empty)) & 1:
            forbidden = self.forbidden(state.board)
            if forbidden:
                return [c for c in state.empty if c not in forbidden]
        return list(state.empty)

    def is_legal(self, state: GomokuState, move: Any) -> bool:
        return self._illegal(state, move) is None

    def why_illegal(self, state: GomokuState, move: Any) -> Why:
        text = self.format_move(state, move)
        return self._illegal(state, move) or why(f"{text!r} is legal here", "rules-is-legal", move=move_arg(text))

    def _illegal(self, state: GomokuState, move: Any) -> Why | None:
        """Why ``move`` cannot be played (None when it can)."""
        if state.outcome != RUNNING:
            return why(f"{self._text(move)!r}: the game is over", "rules-game-over", move=move_arg(self._text(move)))
        choosing = state.phase in (SECOND_CHOOSES, FIRST_CHOOSES)
        if isinstance(move, str):
            if not choosing:
                return why(f"{move!r}: there is no colour to choose now; place a stone on an empty cell",
                           "rules-gomoku-no-choice", move=move_arg(move))
            allowed = self.choices(state)
            if move not in allowed:
                return why(f"{move!r} is not a choice here; choose one of: {', '.join(allowed)}",
                           "rules-gomoku-not-a-choice", move=move_arg(move), choices=", ".join(allowed))
            return None
        if type(move) is not int or not 0 <= move < self._cells:
            return why(f"{move!r} is not a cell of this {self.size}x{self.size} board", "rules-not-on-board",
                       move=move_arg(move), w=self.size, h=self.size)
        name = self._text(move)
        if choosing:
            return why(f"{name!r}: seat {PHASE_SEAT[state.phase]} must first choose: {', '.join(self.choices(state))}",
                       "rules-gomoku-choose-first", move=name, seat=PHASE_SEAT[state.phase],
                       choices=", ".join(self.choices(state)))
        if state.board[move]:
            return why(f"{name!r}: the cell is occupied by a {COLOURS[state.board[move] - 1]} stone",
                       "rules-gomoku-occupied", move=name, colour=COLOURS[state.board[move] - 1])
        if self._renju and not (self._cells - len(state.empty)) & 1:
            kind = self.forbidden(state.board).get(move)
            if kind is not None:
                return why(f"{name!r} is forbidden for black under renju: {kind} ({_WHY[kind]})",
                           "rules-gomoku-forbidden", move=name, kind=kind)
        return None

    def apply(self, state: GomokuState, move: Any) -> GomokuState:
        if state.phase:
            return self._apply_opening(state, move)
        board, empty = state.board, state.empty
        colour = (self._cells - len(empty)) & 1
        v = colour + 1
        board = board[:move] + STONE[v] + board[move + 1 :]
        i = empty.index(move)
        empty = empty[:i] + empty[i + 1 :]
        if self._wins(board, move, v):
            outcome = colour
        else:
            outcome = RUNNING if empty else DRAW
        return GomokuState(board, empty, PLAY, state.black, outcome, move)

    def _apply_opening(self, state: GomokuState, move: Any) -> GomokuState:
        phase = state.phase
        if isinstance(move, str):
            if move == "more":
                return state._replace(phase=SECOND_PLACES)
            chooser = PHASE_SEAT[phase]
            black = chooser if move == "black" else 1 - chooser
            return state._replace(phase=PLAY, black=black)
        board, empty = state.board, state.empty
        v = ((self._cells - len(empty)) & 1) + 1
        board = board[:move] + STONE[v] + board[move + 1 :]
        i = empty.index(move)
        empty = empty[:i] + empty[i + 1 :]
        stones = self._cells - len(empty)
        if phase == FIRST_PLACES and stones == 3:
            phase = SECOND_CHOOSES
        elif phase == SECOND_PLACES and stones == 5:
            phase = FIRST_CHOOSES
        return GomokuState(board, empty, phase, state.black, RUNNING, move)

    def is_over(self, state: GomokuState) -> bool:
        return state.outcome != RUNNING

    def result(self, state: GomokuState) -> Result | None:
        if state.outcome == RUNNING:
            return None
        if state.outcome == DRAW:
            return Result.draw(2, "the board is full", words=("words-end-full", {}))
        colour = state.outcome
        cells = self._winning_run(state.board, state.last, colour + 1)
        run = len(cells)
        line = "five in a row" if run == 5 else f"{run} in a row"
        seat = colour ^ state.black
        cells_text = [self._text(c) for c in cells]
        words: Words = ("words-end-gomoku", {"who": seat_words(seat), "colour": (f"ex-word-{COLOURS[colour]}", {}),
                                             "k": run})
        return Result.winner(2, seat, f"{{{seat}}} ({COLOURS[colour]}) made {line}", line=cells_text, words=words)

    def max_plies(self) -> int:
        return self._cells + (0 if self.opening == "none" else 2)

    # ----- winning lines, through the new stone only ----------------------------------

    def _runs(self, board: bytes, c: int, v: int) -> list[tuple[int, int, int]]:
        """Per direction: (run length through c, cell beyond one end or -1, beyond the other or -1)."""
        out = []
        for fwd, bwd in self._rays[c]:
            a = 0
            for x in fwd:
                if board[x] != v:
                    break
                a += 1
            b = 0
            for x in bwd:
                if board[x] != v:
                    break
                b += 1
            out.append((a + b + 1, fwd[a] if a < len(fwd) else -1, bwd[b] if b < len(bwd) else -1))
        return out

    def _winning_run(self, board: bytes, c: int, v: int) -> list[int]:
        """The cells of the run through c that wins under the rule, end to end (the result's line)."""
        opp = 3 - v
        exact = self.rule == "standard" or (self._renju and v == 1)

        def wins(cells: list[int], end1: int, end2: int) -> bool:
            if exact and len(cells) != 5:
                return False
            blocked = end1 >= 0 and end2 >= 0 and board[end1] == opp and board[end2] == opp
            return not (self.rule == "caro" and blocked)

        return winning_run(board, self._rays[c], c, 5, wins)

    def _five_or_more(self, board: bytes, c: int, v: int) -> bool:
        return any(run_length(board, fwd, bwd, v) + 1 >= 5 for fwd, bwd in self._rays[c])

    def _exactly_five(self, board: bytes, c: int, v: int) -> bool:
        return any(run_length(board, fwd, bwd, v) + 1 == 5 for fwd, bwd in self._rays[c])

    def _renju_five(self, board: bytes, c: int, v: int) -> bool:
        return self._exactly_five(board, c, v) if v == 1 else self._five_or_more(board, c, v)

    def _caro_five(self, board: bytes, c: int, v: int) -> bool:
        if not self._five_or_more(board, c, v):
            return False
        opp = 3 - v
        for n, end1, end2 in self._runs(board, c, v):
            if n >= 5 and not (end1 >= 0 and end2 >= 0 and board[end1] == opp and board[end2] == opp):
                return True
        return False

    # ----- renju: black's forbidden moves ----------------------------------------------

    def _setup_renju(self) -> None:
        """Line windows (offsets -5..5) per cell and direction, and lane masks for the pre-filter."""
        self._windows, self._getters, self._shifts, self._lanes = _renju_tables(self.size)

    def forbidden(self, board: bytes) -> dict[int, str]:
        """Black's forbidden cells on ``board`` under renju, each with its kind (cached per board)."""
        found = self._forbidden_cache.get(board)
        if found is None:
            if len(self._forbidden_cache) >= _CACHE_LIMIT:
                self._forbidden_cache.clear()
            found = {}
            work = bytearray(board)
            work.append(EDGE)
            for c in self._suspects(board):
                kind = self._forbidden_at(work, c, 0)
                if kind is not None:
                    found[c] = kind
            self._forbidden_cache[board] = found
        return found

    def _suspects(self, board: bytes) -> list[int]:
        """Empty cells that could be forbidden: a cheap necessary condition, for all cells at once.

        A three or a four through c has two other black stones within 3 cells of c on its line;
        a double-four in one line and an overline have four within 4 cells.  Counts are kept in
        byte lanes of one big integer (one lane per cell), so the whole board is a few dozen
        integer operations.
        """
        lanes = self._lanes
        blacks = int.from_bytes(board.translate(_BLACK_ONLY), "little")
        if not blacks:
            return []
        dirs_with_two = 0
        many = 0
        for terms in self._shifts:
            near = 0
            for k, shift, mask in terms:
                near += ((blacks >> shift) if shift > 0 else (blacks << -shift)) & mask
                if k == -3:
                    dirs_with_two += ((near + lanes * 0x7E) >> 7) & lanes
            many |= near + lanes * 0x7C
        hits = (((dirs_with_two + lanes * 0x7E) | many) & (lanes * 0x80)) & int.from_bytes(
            board.translate(_EMPTY_ONLY), "little"
        )
        if not hits:
            return []
        raw = hits.to_bytes(self._cells + 1, "little")
        out = []
        i = raw.find(0x80)
        while i >= 0:
            out.append(i)
            i = raw.find(0x80, i + 1)
        return out

    def _forbidden_at(self, work: bytearray, c: int, depth: int) -> str | None:
        """The forbidden kind of black's move at empty ``c`` (None: allowed); ``work`` is restored.

        ``work`` is the board plus one EDGE byte at the end, where off-board window cells point.
        """
        work[c] = 1
        try:
            lines = _LINES
            fours = 0
            overline = False
            maybe_three: list[tuple[int, tuple[int, ...]]] = []
            d = 0
            for get in self._getters[c]:
                key = get(work)
                info = lines.get(key) or _analyse(key)
                run = info[0]
                if run == 5:
                    return None  # five takes precedence
                if run > 5:
                    overline = True
                fours += info[1]
                if info[2]:
                    maybe_three.append((d, info[2]))
                d += 1
            if overline:
                return OVERLINE
            if fours >= 2:
                return DOUBLE_FOUR
            if len(maybe_three) < 2:
                return None
            threes = 0
            for d, points in maybe_three:
                cells = self._windows[c][d]
                # A real three: some completion to a straight four is not itself forbidden.
                for j in points:
                    if depth >= 6 or self._forbidden_at(work, cells[j], depth + 1) is None:
                        threes += 1
                        break
                if threes >= 2:
                    return DOUBLE_THREE
            return None
        finally:
            work[c] = 0

    # ----- notation and views ----------------------------------------------------------

    def parse_move(self, state: GomokuState, text: str) -> Any:
        t = text.strip().lower()
        if t in CHOICES:
            return t
        try:
            x, y = parse_cell(t, self.size, self.size)
        except ParseMoveError as e:
            said = None if e.said is None else (e.said[0], {**e.said[1], "param": "colour"})
            raise ParseMoveError(f"{e}; or choose a colour with black, white or more", said) from None
        return y * self.size + x

    def format_move(self, state: GomokuState, move: Any) -> str:
        return self._text(move)

    def _text(self, move: Any) -> str:
        if isinstance(move, str):
            return move
        if type(move) is int and 0 <= move < self._cells:
            y, x = divmod(move, self.size)
            return format_cell(x, y)
        return repr(move)

    def board(self, state: GomokuState) -> bytes:
        """The flat board, ``y * size + x`` -> 0 empty, 1 black, 2 white (what line engines read)."""
        return state.board

    def title(self) -> str:
        words = [f"Gomoku {self.size}x{self.size}"]
        if self.rule != "freestyle":
            words.append(self.rule)
        if self.opening != "none":
            words.append(f"{self.opening} opening")
        return ", ".join(words)

    def full_view(self, state: GomokuState) -> View:
        res = self.result(state)
        colour = self.colour_to_move(state)
        fixed = state.phase == PLAY
        forbidden: list[str] = []
        if self._renju and colour == BLACK and state.phase == PLAY:
            forbidden = sorted(self._text(c) for c in self.forbidden(state.board))
        return {
            "size": self.size,
            "rule": self.rule,
            "opening": self.opening,
            "board": board_rows(state.board, self.size, self.size, SYMBOLS),
            "symbols": {"black": SYMBOLS[0], "white": SYMBOLS[1]},
            "colours": [COLOURS[s ^ state.black] for s in range(2)],
            "colours_chosen": fixed,
            "phase": _PHASE_TEXT[state.phase] if state.outcome == RUNNING else "over",
            "to_move": self.to_move(state),
            "colour_to_move": None if colour is None else COLOURS[colour],
            "choices": self.choices(state),
            "last": None if state.last < 0 else self._text(state.last),
            "forbidden": forbidden,
            "result": None if res is None else res.to_dict(),
        }

    def render_view(self, view: View) -> str:
        head = f"gomoku {view['size']}x{view['size']}, {view['rule']}"
        if view["opening"] != "none":
            head += f", opening {view['opening']}"
        seats = ", ".join(f"seat {s}: {c} ({view['symbols'][c]})" for s, c in enumerate(view["colours"]))
        lines = [head, *render_rows(view["board"], view.get("last"))]
        if view["colours_chosen"]:
            lines.append(seats)
        else:
            lines.append("colours not chosen yet: stones alternate black (X) and white (O)")
        if view["forbidden"]:
            lines.append("forbidden for black: " + " ".join(view["forbidden"]))
        res = view.get("result")
        if res:
            lines.append(f"game over: {res['reason']}")
        elif view["choices"]:
            lines.append(f"seat {view['to_move']} chooses: {' | '.join(view['choices'])} ({view['phase']})")
            if "more" in view["choices"]:
                lines.append("more = place two more stones (white, then black) and let seat 0 pick the colour")
        else:
            lines.append(f"{view['colour_to_move']} (seat {view['to_move']}) to move ({view['phase']})")
        return "\n".join(lines)

    def picture(self, view: View) -> list[str | Words]:
        opening: Words | str = "" if view["opening"] == "none" else (
            "words-gomoku-opening", {"opening": view["opening"]})
        head: Words = ("words-gomoku-head", {"game": ("game-gomoku", {}), "size": view["size"], "rule": view["rule"],
                                             "opening": opening})
        lines: list[str | Words] = [head, *render_rows(view["board"], view.get("last"))]
        if view["colours_chosen"]:
            lines.append(("words-list", {"items": [
                ("words-gomoku-seat", {"seat": s, "colour": (f"ex-word-{c}", {}), "symbol": view["symbols"][c]})
                for s, c in enumerate(view["colours"])]}))
        else:
            lines.append(("words-gomoku-unchosen", {}))
        if view["forbidden"]:
            lines.append(("words-gomoku-forbidden", {"cells": " ".join(view["forbidden"])}))
        phase: Words = (_PHASE_WORDS.get(view["phase"], "words-gomoku-phase-play"), {})
        if view.get("result"):
            lines.append(over_words(view["result"]))
        elif view["choices"]:
            lines.append(("words-gomoku-chooses", {"seat": view["to_move"], "choices": " | ".join(view["choices"]),
                                                   "phase": phase}))
            if "more" in view["choices"]:
                lines.append(("words-gomoku-more", {}))
        else:
            lines.append(("words-gomoku-to-move", {"colour": (f"ex-word-{view['colour_to_move']}", {}),
                                                   "seat": view["to_move"], "phase": phase}))
        return lines


_PHASE_TEXT = {
    PLAY: "play",
    FIRST_PLACES: "opening: seat 0 places three stones, black, white, black",
    SECOND_CHOOSES: "opening: seat 1 picks the colour it will play",
    SECOND_PLACES: "opening: seat 1 places two more stones, white then black",
    FIRST_CHOOSES: "opening: seat 0 picks the colour it will play",
}
# The phases in words of the catalogs (Game.picture), by the view's English
_PHASE_WORDS = {
    _PHASE_TEXT[PLAY]: "words-gomoku-phase-play",
    _PHASE_TEXT[FIRST_PLACES]: "words-gomoku-phase-first-places",
    _PHASE_TEXT[SECOND_CHOOSES]: "words-gomoku-phase-second-chooses",
    _PHASE_TEXT[SECOND_PLACES]: "words-gomoku-phase-second-places",
    _PHASE_TEXT[FIRST_CHOOSES]: "words-gomoku-phase-first-chooses",
}


# ----- renju line analysis on an 11-cell window w (index 5 is the new stone) -------------

# window -> (run through the centre, fours, indices that make a straight four when no four);
# the same few thousand windows recur, so each is analysed once.
_LINES: dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]] = {}


def _analyse(key: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
    """What black's line through the window's centre holds, memoised in ``_LINES``."""
    w = list(key)
    run = _run(w, 5)
    fours = 0
    points: list[int] = []
    if run < 5:
        fours = _fours(w)
        if not fours and _could_be_three(w):
            for j in (4, 6, 3, 7, 2, 8):
                if w[j] == 0:
                    w[j] = 1
                    if _straight_four(w):
                        points.append(j)
                    w[j] = 0
    if len(_LINES) >= 200_000:
        _LINES.clear()
    info = _LINES[key] = (run, fours, tuple(points))
    return info


def _run(w: list[int], j: int) -> int:
    """Length of the black run through index j of the window."""
    a = j - 1
    while a >= 0 and w[a] == 1:
        a -= 1
    b = j + 1
    while b <= 10 and w[b] == 1:
        b += 1
    return b - a - 1


def _five_points(w: list[int]) -> list[int]:
    """Empty indices where a black stone makes exactly five through the centre stone."""
    out = []
    for j in (1, 2, 3, 4, 6, 7, 8, 9):
        if w[j] != 0:
            continue
        a = j - 1
        while a >= 0 and w[a] == 1:
            a -= 1
        b = j + 1
        while b <= 10 and w[b] == 1:
            b += 1
        if b - a - 1 == 5 and a < 5 < b:
            out.append(j)
    return out


def _fours(w: list[int]) -> int:
    """How many fours the centre stone's line holds (a straight four counts once)."""
    points = _five_points(w)
    if len(points) < 2:
        return len(points)
    pairs = sum(1 for i, p in enumerate(points) for q in points[i + 1 :] if q - p == 5)
    return len(points) - pairs


def _could_be_three(w: list[int]) -> bool:
    """Cheap necessary condition for a three: two more black stones within three cells, no white between."""
    count = 0
    for j in (4, 3, 2):
        v = w[j]
        if v == 1:
            count += 1
        elif v != 0:
            break
    for j in (6, 7, 8):
        v = w[j]
        if v == 1:
            count += 1
        elif v != 0:
            break
    return count >= 2


def _straight_four(w: list[int]) -> bool:
    """True when the centre stone is in exactly four in a row with both ends making exactly five."""
    a = 4
    while a >= 0 and w[a] == 1:
        a -= 1
    b = 6
    while b <= 10 and w[b] == 1:
        b += 1
    if b - a - 1 != 4 or a < 0 or b > 10:
        return False
    # Both ends empty, and the cells past them not black (else that end makes an overline).
    return w[a] == 0 and w[b] == 0 and (a == 0 or w[a - 1] != 1) and (b == 10 or w[b + 1] != 1)


Gomoku.doc_sample = DocSample(
    {"size": 15, "opening": "swap2"},
    ("h8", "h9", "j8"),
    "The cell of the new stone: `h8`. In the swap and swap2 openings the colour choices are moves too: "
    "`black` or `white` (the colour the chooser will play from now on) and, in swap2, `more` (the chooser "
    "places two more stones, white then black, and the other seat chooses). `choices` in the view lists "
    "the ones open now; `legal_moves` lists them as well.",
)
