"""Subtraction: one heap, fixed amounts to take (the matches game of the exam textbook).

State: the heap size and the seat to move.  A move is the amount taken, an int, written
as plain digits (``2``).  A move may not take the heap below ``goal``.

The rules are those docs/GAMES.md states, all of them: a move's legality and the end (no
allowed amount fits above the goal, which happens at ``goal`` and also just above it) are the
document's table ``heap-moves``, which tests/rules/test_games_contract.py compares with this
module; who wins at the end with each rule, a game over at once, and merged amounts too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import NamedTuple

from grundy.rules.base import (
    VIEW_TAKE_AWAY,
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
from grundy.rules.errors import ParameterError, ParseMoveError


class SubtractionState(NamedTuple):
    heap: int
    turn: int  # seat to move (also after the end: the seat that would move next)


class Subtraction(Game[SubtractionState, int]):
    name = "subtraction"
    view_kind = VIEW_TAKE_AWAY
    description = (
        "One heap; on a turn take one of a fixed set of amounts (by default 1 or 2), never "
        "going below the goal size. Whoever brings the heap to the goal (makes the last "
        "move) wins, or with rule last-loses loses. The matches game of the exam textbook: "
        "n=5 take=1,2 goal=1 means who leaves exactly one match wins."
    )
    parameters = (
        Param("n", "int", 5, "start size of the heap", min=0, max=10**9),
        Param("take", "ints", "1,2", "the amounts a move may take", min=1, max=10**9),
        Param("goal", "int", 0, "the size at which the game ends; no move goes below it", min=0, max=10**9),
        Param(
            "rule",
            "choice",
            "last-wins",
            "who brings the heap to the goal (makes the last move) wins or loses",
            choices=("last-wins", "last-loses"),
        ),
    )
    impartial = True
    native_rules = "take-away"  # (plain moves may take the server's native path: server/native.py)
    view_keys = {
        "heap": "integer: the objects left in the heap",
        "goal": "integer: the size at which the game ends; no move takes the heap below it",
        "take": "array of integers: the amounts a move may take, ascending",
        "rule": '`"last-wins"` or `"last-loses"`: whether bringing the heap to the goal wins or loses',
        "to_move": "the seat to move, or null when the game is over",
    }
    examples = (
        {},
        {"n": 1},
        {"n": 0},
        {"n": 5, "take": "1,2", "goal": 1},
        {"n": 21, "take": "1,3,4", "rule": "last-loses"},
        {"n": 4, "take": "2,3", "goal": 3},
        {"n": 100, "take": "1,2,3"},
    )

    def setup(self) -> None:
        take = sorted(set(self.params["take"]))
        if not take:
            raise ParameterError("parameter 'take': give at least one amount, like 1,2",
                                 ("rules-subtraction-no-take", {}))
        self.params["take"] = take
        n, goal = self.params["n"], self.params["goal"]
        if n < goal:
            raise ParameterError(f"parameter 'goal': {goal} is above the start size n={n}; the goal must be <= n",
                                 ("rules-subtraction-goal-above", {"goal": goal, "n": n}))
        self.takes: tuple[int, ...] = tuple(take)
        self.smallest = take[0]
        self.goal: int = goal
        self.misere = self.params["rule"] == "last-loses"
        self.seats = 2

    def symmetry_key(self) -> Callable[[SubtractionState], Hashable]:
        """The heap, whoever is to move (both players have the same moves)."""
        return lambda s: s.heap

    def initial(self) -> SubtractionState:
        return SubtractionState(self.params["n"], 0)

    def to_move(self, state: SubtractionState) -> int | None:
        return None if state.heap - self.goal < self.smallest else state.turn

    def legal_moves(self, state: SubtractionState) -> list[int]:
        room = state.heap - self.goal
        return [t for t in self.takes if t <= room]

    def is_legal(self, state: SubtractionState, move: int) -> bool:
        return isinstance(move, int) and move in self.takes and move <= state.heap - self.goal

    def why_illegal(self, state: SubtractionState, move: int) -> Why:
        if move not in self.takes:
            return why(f"'{move}': the amounts you may take are {', '.join(map(str, self.takes))}",
                       "rules-subtraction-amounts", move=move_arg(str(move)), takes=", ".join(map(str, self.takes)))
        return why(
            f"'{move}': the heap has {state.heap} and may not go below the goal {self.goal}, "
            f"so at most {state.heap - self.goal} can be taken",
            "rules-subtraction-goal", move=move_arg(str(move)), heap=state.heap, goal=self.goal,
            most=state.heap - self.goal,
        )

    def apply(self, state: SubtractionState, move: int) -> SubtractionState:
        return SubtractionState(state.heap - move, 1 - state.turn)

    def play_turns(self, state: SubtractionState, turns: Iterable[tuple[int, str]]) -> SubtractionState:
        """:meth:`Game.play_turns` in one loop (a node folds the plain moves its native path took with it):
        each amount parsed, checked and taken as :meth:`parse_move` and :meth:`play` do; a turn out of the
        common case (a seat out of turn, a text that is not plain digits, an amount not allowed) is played
        by them instead, which raise when it is not a move."""
        heap, turn, goal, smallest, takes = state.heap, state.turn, self.goal, self.smallest, self.takes
        for seat, text in turns:
            if seat == turn and heap - goal >= smallest and text.isascii() and text.isdigit():
                n = int(text)
                if n in takes and n <= heap - goal:
                    heap -= n
                    turn = 1 - turn
                    continue
            heap, turn = super().play_turns(SubtractionState(heap, turn), ((seat, text),))
        return SubtractionState(heap, turn)

    def native_terms(self, state: SubtractionState) -> tuple[int, int, int, tuple[int, ...]]:
        """What the native take-away rules need of a state: (heap, seat to move, goal, amounts)."""
        return state.heap, state.turn, self.goal, self.takes

    def is_over(self, state: SubtractionState) -> bool:
        return state.heap - self.goal < self.smallest

    def result(self, state: SubtractionState) -> Result | None:
        if state.heap - self.goal >= self.smallest:
            return None
        stuck = state.turn
        loses = "yes" if self.misere else "no"
        if state.heap == self.params["n"]:
            how = f"{{{stuck}}} cannot take any allowed amount from the start heap"
            words: Words = ("words-end-sub-start", {"who": seat_words(stuck), "loses": loses})
        elif state.heap == self.goal:
            how = f"{{{1 - stuck}}} brought the heap to the goal {self.goal}"
            words = ("words-end-sub-goal", {"who": seat_words(1 - stuck), "goal": self.goal, "loses": loses})
        else:
            how = f"{{{1 - stuck}}} left {state.heap}: no allowed amount fits above the goal {self.goal}"
            words = ("words-end-sub-left", {"who": seat_words(1 - stuck), "heap": state.heap, "goal": self.goal,
                                            "loses": loses})
        if self.misere:
            return Result.winner(2, stuck, f"{how} (last-loses: the last move loses)", words=words)
        return Result.winner(2, 1 - stuck, how, words=words)

    def title(self) -> str:
        p = self.params
        words = f"Take-away from {p['n']}: take {list_text(p['take'], last='or')}"
        if self.goal:
            words += f", down to {self.goal}"
        return words + (", the last move loses" if self.misere else "")

    def full_view(self, state: SubtractionState) -> View:
        return {
            "heap": state.heap,
            "goal": self.goal,
            "take": list(self.takes),
            "rule": self.params["rule"],
            "to_move": self.to_move(state),
        }

    def render_view(self, view: View) -> str:
        heap = view["heap"]
        bar = "|" * min(heap, 40) + ("…" if heap > 40 else "")
        takes = ",".join(map(str, view["take"]))
        return "\n".join(
            [
                f"subtraction: take {takes}, goal {view['goal']} ({view['rule']})",
                f"heap: {bar} ({heap})",
            ]
        )

    def parse_move(self, state: SubtractionState, text: str) -> int:
        t = text.strip()
        if not (t.isascii() and t.isdigit()):  # ("²" is a digit to str.isdigit, not to int)
            raise ParseMoveError(f"{text!r} is not a subtraction move: write the amount to take, like 2",
                                 ("rules-subtraction-parse", {"move": move_arg(text)}))
        n = int(t)
        if n < 1:
            raise ParseMoveError(f"{text!r}: take at least one",
                                 ("rules-subtraction-take-one", {"move": move_arg(text)}))
        return n

    def format_move(self, state: SubtractionState, move: int) -> str:
        return str(move)

    def max_plies(self) -> int:
        return (self.params["n"] - self.goal) // self.smallest


Subtraction.doc_sample = DocSample(
    {"n": 7, "take": "1,2,3", "goal": 1},
    ("3",),
    "The amount taken, as plain digits: `2`. It must be one of `take` and may not bring the heap below `goal`.",
)
