"""Nim: take one or more objects from one heap; normal play or misère.

State: the tuple of heap sizes and the seat to move.  A move ``(h, n)`` takes ``n`` from
heap ``h`` (0-based inside, 1-based in the notation ``H:N``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple

from grundy.rules.base import (
    VIEW_HEAPS,
    DocSample,
    Game,
    Param,
    Result,
    View,
    Why,
    list_text,
    move_arg,
    seat_words,
    why,
)
from grundy.rules.errors import ParameterError, ParseMoveError


class NimState(NamedTuple):
    heaps: tuple[int, ...]
    turn: int  # seat to move (also after the end: the seat that would move next)


NimMove = tuple[int, int]


class Nim(Game[NimState, NimMove]):
    name = "nim"
    view_kind = VIEW_HEAPS
    description = (
        "Heaps of objects; on a turn take one or more objects from a single heap. "
        "Normal play: whoever takes the last object wins; misère: whoever takes it loses. "
        "The nim-sum (XOR of the heaps) tells who wins."
    )
    parameters = (
        Param("heaps", "ints", "3,4,5", "start sizes of the heaps", min=0, max=10**9),
        Param("misere", "bool", False, "whoever takes the last object loses"),
    )
    impartial = True
    view_keys = {
        "heaps": "array of integers: the size of every heap, heap 1 first (moves number heaps from 1)",
        "to_move": "the seat to move, or null when the game is over",
    }
    examples = ({}, {"heaps": "1"}, {"heaps": "0,0"}, {"heaps": "2,5,7,1", "misere": True}, {"heaps": "20,30"})

    def setup(self) -> None:
        if not self.params["heaps"]:
            raise ParameterError("parameter 'heaps': give at least one heap, like 3,4,5", ("rules-nim-no-heaps", {}))
        self.seats = 2

    def symmetry_key(self) -> Callable[[NimState], Hashable]:
        """The heaps in any order, whoever is to move (both players have the same moves)."""
        return lambda s: tuple(sorted(s.heaps))

    def initial(self) -> NimState:
        return NimState(tuple(self.params["heaps"]), 0)

    def to_move(self, state: NimState) -> int | None:
        return None if self.is_over(state) else state.turn

    def legal_moves(self, state: NimState) -> list[tuple[int, int]]:
        return [(h, n) for h, size in enumerate(state.heaps) for n in range(1, size + 1)]

    def is_legal(self, state: NimState, move: NimMove) -> bool:
        if not (isinstance(move, tuple) and len(move) == 2):
            return False
        h, n = move
        return 0 <= h < len(state.heaps) and 1 <= n <= state.heaps[h]

    def why_illegal(self, state: NimState, move: NimMove) -> Why:
        h, n = move
        text = move_arg(f"{h + 1}:{n}")
        if not 0 <= h < len(state.heaps):
            return why(f"'{h + 1}:{n}': there is no heap {h + 1} (heaps are 1..{len(state.heaps)})", "rules-no-heap",
                       move=text, heap=h + 1, heaps=len(state.heaps))
        return why(f"'{h + 1}:{n}': heap {h + 1} has only {state.heaps[h]}", "rules-nim-too-many",
                   move=text, heap=h + 1, left=state.heaps[h])

    def apply(self, state: NimState, move: NimMove) -> NimState:
        h, n = move
        heaps = state.heaps
        return NimState(heaps[:h] + (heaps[h] - n,) + heaps[h + 1 :], 1 - state.turn)

    def is_over(self, state: NimState) -> bool:
        return not any(state.heaps)

    def result(self, state: NimState) -> Result | None:
        if any(state.heaps):
            return None
        last = 1 - state.turn  # who took the last object
        if self.params["misere"]:
            return Result.winner(2, state.turn, f"{{{last}}} took the last object (misère: that loses)",
                                 words=("words-end-nim-misere", {"who": seat_words(last)}))
        return Result.winner(2, last, f"{{{last}}} took the last object",
                             words=("words-end-nim", {"who": seat_words(last)}))

    def title(self) -> str:
        heaps = list_text(self.params["heaps"])
        return f"Misère nim {heaps}" if self.params["misere"] else f"Nim {heaps}"

    def full_view(self, state: NimState) -> View:
        return {"heaps": list(state.heaps), "to_move": self.to_move(state)}

    def render_view(self, view: View) -> str:
        lines = [f"nim{' (misère)' if self.params['misere'] else ''}"]
        for i, size in enumerate(view["heaps"], 1):
            bar = "|" * min(size, 40) + ("…" if size > 40 else "")
            lines.append(f"heap {i}: {bar:<6} ({size})")
        return "\n".join(lines)

    def parse_move(self, state: NimState, text: str) -> tuple[int, int]:
        parts = text.strip().split(":")
        if len(parts) != 2:
            raise ParseMoveError(f"{text!r} is not a nim move: write HEAP:COUNT, like 2:3",
                                 ("rules-nim-parse", {"move": move_arg(text)}))
        try:
            h, n = int(parts[0]), int(parts[1])
        except ValueError:
            raise ParseMoveError(f"{text!r} is not a nim move: HEAP and COUNT are whole numbers",
                                 ("rules-nim-numbers", {"move": move_arg(text)})) from None
        if n < 1:
            raise ParseMoveError(f"{text!r}: take at least one object",
                                 ("rules-nim-take-one", {"move": move_arg(text)}))
        return (h - 1, n)

    def format_move(self, state: NimState, move: NimMove) -> str:
        return f"{move[0] + 1}:{move[1]}"

    def max_plies(self) -> int:
        return sum(self.params["heaps"])


Nim.doc_sample = DocSample(
    {"heaps": "3,4,5"},
    ("2:3",),
    "`H:N` takes N >= 1 objects from heap H, heaps numbered from 1: `2:3` takes three from heap 2.",
)
