"""Kayles: a row of pins; a throw knocks down one pin or two neighbouring pins.

State: the standing pins as a bit mask (bit ``i`` is pin ``i + 1``) and the seat to move.
A move is the first pin it knocks down and how many (1 or 2): ``5`` knocks pin 5 down,
``5-6`` pins 5 and 6, which must both stand.  Whoever knocks down the last pin wins (with
``misere``, loses).  Knocking a pin out of the middle splits the row into two rows that are
played side by side: the game is a sum, and its Sprague-Grundy values (0, 1, 2, 3, 1, 4, 3,
2, 1, 4, 2, 6 for rows of 0 to 11 pins) repeat with period 12 from 71 pins on.

The rules are those docs/GAMES.md states, all of them (pins numbered from 1 at the left; a
row that starts with gaps, ``start``, is given as the standing pins, e.g. ``1-3,5-9``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple

from grundy.rules.base import VIEW_PINS, DocSample, Game, Param, Result, View, Why, Words, move_arg, seat_words, why
from grundy.rules.errors import ParameterError, ParseMoveError


class KaylesState(NamedTuple):
    pins: int  # bit i set: pin i + 1 stands
    turn: int  # seat to move (also after the end: the seat that would move next)


KaylesMove = tuple[int, int]  # (index of the first pin, 1 or 2 pins)


class Kayles(Game[KaylesState, KaylesMove]):
    name = "kayles"
    view_kind = VIEW_PINS
    description = (
        "A row of pins; on a turn knock down one pin, or two pins standing side by side. Whoever knocks "
        "down the last pin wins (misère: loses). Every throw from the middle splits the row in two, so "
        "the game is a sum of rows, solved by their Grundy values."
    )
    parameters = (
        Param("pins", "int", 10, "pins in the row at the start", min=1, max=64),
        Param("start", "str", None, "the standing pins, as ranges such as 1-3,5-9 (default: all)", max_len=200),
        Param("misere", "bool", False, "whoever knocks down the last pin loses"),
    )
    impartial = True
    view_keys = {
        "pins": "array of booleans: whether each pin stands, pin 1 first",
        "to_move": "the seat to move, or null when the game is over",
    }
    examples = ({}, {"pins": 1}, {"pins": 5, "misere": True}, {"pins": 12, "start": "1-4,6-12"}, {"pins": 64})

    def setup(self) -> None:
        n = self.params["pins"]
        start = self.params["start"]
        if start is None:
            self._start = (1 << n) - 1
        else:
            self._start = _parse_ranges(start, n)
        self.seats = 2

    def symmetry_key(self) -> Callable[[KaylesState], Hashable]:
        """A row and its mirror image have the same value, whoever is to move (both have the same throws)."""
        n = self.params["pins"]
        return lambda s: min(s.pins, _mirror(s.pins, n))

    def initial(self) -> KaylesState:
        return KaylesState(self._start, 0)

    def to_move(self, state: KaylesState) -> int | None:
        return None if state.pins == 0 else state.turn

    def legal_moves(self, state: KaylesState) -> list[KaylesMove]:
        pins = state.pins
        out: list[KaylesMove] = []
        for i in range(self.params["pins"]):
            if pins >> i & 1:
                out.append((i, 1))
                if pins >> (i + 1) & 1:
                    out.append((i, 2))
        return out

    def is_legal(self, state: KaylesState, move: KaylesMove) -> bool:
        if not (isinstance(move, tuple) and len(move) == 2):
            return False
        i, k = move
        mask = ((1 << k) - 1) << i if k in (1, 2) and 0 <= i else 0
        return mask != 0 and i + k <= self.params["pins"] and state.pins & mask == mask

    def why_illegal(self, state: KaylesState, move: KaylesMove) -> Why:
        i, k = move
        text = self.format_move(state, move)
        if not (0 <= i and i + k <= self.params["pins"]):
            return why(f"{text!r}: the pins are numbered 1..{self.params['pins']}", "rules-kayles-no-pin",
                       move=move_arg(text), pins=self.params["pins"])
        return why(f"{text!r}: {'that pin is' if k == 1 else 'both pins must be'} standing", "rules-kayles-down",
                   move=move_arg(text), count=k)

    def apply(self, state: KaylesState, move: KaylesMove) -> KaylesState:
        i, k = move
        return KaylesState(state.pins & ~(((1 << k) - 1) << i), 1 - state.turn)

    def is_over(self, state: KaylesState) -> bool:
        return state.pins == 0

    def result(self, state: KaylesState) -> Result | None:
        if state.pins:
            return None
        last = 1 - state.turn  # who knocked down the last pin
        if self.params["misere"]:
            return Result.winner(2, state.turn, f"{{{last}}} knocked down the last pin (misère: that loses)",
                                 words=("words-end-kayles-misere", {"who": seat_words(last)}))
        return Result.winner(2, last, f"{{{last}}} knocked down the last pin",
                             words=("words-end-kayles", {"who": seat_words(last)}))

    def title(self) -> str:
        n = self.params["pins"]
        head = "Misère kayles" if self.params["misere"] else "Kayles"
        pins = f"{n} pin{'s' * (n != 1)}"
        standing = self._start.bit_count()
        return f"{head}, {pins}" + (f", {standing} standing" if standing != n else "")

    def full_view(self, state: KaylesState) -> View:
        n = self.params["pins"]
        return {"pins": [bool(state.pins >> i & 1) for i in range(n)], "to_move": self.to_move(state)}

    def render_view(self, view: View) -> str:
        return f"kayles{' (misère)' if self.params['misere'] else ''}\n" + "\n".join(self._rows(view))

    def picture(self, view: View) -> list[str | Words]:
        misere = "yes" if self.params["misere"] else "no"
        head: Words = ("tui-show-nim", {"game": ("game-kayles", {}), "misere": misere})
        return [head, *self._rows(view)]

    @staticmethod
    def _rows(view: View) -> list[str]:
        row = " ".join("|" if up else "." for up in view["pins"])
        return [row, " ".join(str((i + 1) % 10) for i in range(len(view["pins"])))]

    def parse_move(self, state: KaylesState, text: str) -> KaylesMove:
        parts = text.strip().split("-")
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise ParseMoveError(f"{text!r} is not a throw: write a pin (5) or two neighbours (5-6)",
                                 ("rules-kayles-parse", {"move": move_arg(text)})) from None
        if len(nums) == 1:
            return (nums[0] - 1, 1)
        if len(nums) == 2 and nums[1] == nums[0] + 1:
            return (nums[0] - 1, 2)
        raise ParseMoveError(f"{text!r} is not a throw: two pins must be neighbours, like 5-6",
                             ("rules-kayles-neighbours", {"move": move_arg(text)}))

    def format_move(self, state: KaylesState, move: KaylesMove) -> str:
        i, k = move
        return f"{i + 1}" if k == 1 else f"{i + 1}-{i + 2}"

    def max_plies(self) -> int:
        return self.params["pins"]


def _mirror(pins: int, n: int) -> int:
    return int(format(pins, f"0{n}b")[::-1], 2)


def _parse_ranges(text: str, n: int) -> int:
    pins = 0
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        try:
            a, b = int(lo), int(hi or lo)
        except ValueError:
            raise ParameterError(f"parameter 'start': {part!r} is not a pin or a range like 5-9",
                                 ("rules-kayles-start-bad", {"part": move_arg(part)})) from None
        if not 1 <= a <= b <= n:
            raise ParameterError(f"parameter 'start': {part!r} is outside the pins 1..{n}",
                                 ("rules-kayles-start-outside", {"part": move_arg(part), "pins": n}))
        pins |= ((1 << (b - a + 1)) - 1) << (a - 1)
    if not pins:
        raise ParameterError("parameter 'start': no pin stands; give at least one, like 1-5",
                             ("rules-kayles-start-none", {}))
    return pins


Kayles.doc_sample = DocSample(
    {"pins": 7},
    ("4",),
    "A throw is the pin it knocks down, `4`, or two neighbouring pins, `4-5`; pins are numbered from 1 "
    "at the left.",
)
