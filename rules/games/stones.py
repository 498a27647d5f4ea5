"""Stones: the exam heap games (tasks 19-21) — heaps change by fixed operations until a threshold.

State: the tuple of heap sizes and the seat to move.  A move ``(h, op)`` applies the
operation ``op`` (canonical text such as ``'*2'``) to heap ``h`` (0-based inside, 1-based
in the notation ``H:OP``, e.g. ``2:*2``).

The rules are those docs/GAMES.md states, all of them: what each operation makes of a heap
is the document's table ``stones-ops`` (``-k`` stops at 0, ``/k`` rounds down), which
tests/rules/test_games_contract.py compares with :func:`operate` and the legal moves; a move
that leaves its heap unchanged is illegal; the parameters' forms and checks are stated there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import NamedTuple

from grundy.rules.base import (
    VIEW_SUMS,
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

_OP_RE = re.compile(r"^([-+*x×/])\s*(\d+)$")
MAX_K = 1000  # the largest k of an operation
MAX_GOAL = 10**12  # the largest goal: a growing game's heaps stay below MAX_GOAL * MAX_K + MAX_K
_GOAL_RE = re.compile(r"^(>=|<=|≥|≤)?\s*(\d+)$")


class StonesState(NamedTuple):
    heaps: tuple[int, ...]
    turn: int  # seat to move (also after the end: the seat that would move next)


StonesMove = tuple[int, str]


def canonical_op(text: str) -> str:
    """``'* 2'`` / ``'x2'`` -> ``'*2'``; raises ValueError if ``text`` is not an operation."""
    m = _OP_RE.match(text.strip().lower())
    if not m:
        raise ValueError(text)
    sign = {"x": "*", "×": "*"}.get(m.group(1), m.group(1))
    return f"{sign}{int(m.group(2))}"


def operate(op: str, size: int) -> int:
    """The size of a heap of ``size`` after ``op`` (canonical text)."""
    k = int(op[1:])
    sign = op[0]
    if sign == "+":
        return size + k
    if sign == "*":
        return size * k
    if sign == "-":
        return max(size - k, 0)
    return size // k


def _operation(op: str) -> Callable[[int], int]:
    """A fast function for ``op`` (canonical text), used by ``apply``."""
    k = int(op[1:])
    sign = op[0]
    if sign == "+":
        return lambda n: n + k
    if sign == "*":
        return lambda n: n * k
    if sign == "-":
        return lambda n: n - k if n > k else 0
    return lambda n: n // k


class Stones(Game[StonesState, StonesMove]):
    name = "stones"
    view_kind = VIEW_SUMS
    description = (
        "The exam heap games: one or more heaps; on a turn apply one of the fixed operations "
        "(add k or multiply by k; in a shrinking game remove k or divide by k) to one heap of your choice. The game "
        "ends as soon as the total of all heaps reaches the goal (>=77 growing, <=19 shrinking); "
        "whoever makes that move wins, or with rule reach-loses loses."
    )
    parameters = (
        Param("heaps", "ints", "7,30", "start sizes of the heaps", min=0, max=10**9),
        Param(
            "ops",
            "strs",
            "+1,*2",
            "the operations a move may apply to one heap: +k, *k, -k, /k (k at most 1000)",
            max_items=8,
            max_len=8,
        ),
        Param(
            "goal",
            "str",
            ">=77",
            "the threshold on the total: 77 or >=77 (growing), <=19 (shrinking); at most 10^12",
            max_len=16,
        ),
        Param(
            "rule",
            "choice",
            "reach-wins",
            "whoever brings the total to the goal wins or loses",
            choices=("reach-wins", "reach-loses"),
        ),
    )
    view_keys = {
        "heaps": "array of integers: the size of every heap, heap 1 first (moves number heaps from 1)",
        "total": "integer: the sum of the heaps, which the goal is about",
        "goal": 'string: the threshold on the total, `">=N"` (growing game) or `"<=N"` (shrinking game)',
        "ops": 'array of strings: the operations a move may apply to one heap, such as `"+1"`, `"*2"`, `"-3"`, `"/2"`',
        "rule": '`"reach-wins"` or `"reach-loses"`: whether the move that reaches the goal wins or loses',
        "to_move": "the seat to move, or null when the game is over",
    }
    examples = (
        {},
        {"heaps": "7,69"},
        {"heaps": "10", "ops": "+1,+3,*2", "goal": "40"},
        {"heaps": "7,18", "rule": "reach-loses"},
        {"heaps": "40,35", "ops": "-1,/2", "goal": "<=19"},
        {"heaps": "50,50,50", "ops": "-3,/3", "goal": "<=10", "rule": "reach-loses"},
        {"heaps": "0,0,1", "ops": "*3", "goal": ">=200"},
        {"heaps": "1,2,3,4", "ops": "+1,+2,*2", "goal": ">=300"},
    )

    def setup(self) -> None:
        heaps: list[int] = self.params["heaps"]
        if not heaps:
            raise ParameterError("parameter 'heaps': give at least one heap, like 7,30", ("rules-stones-no-heaps", {}))
        ops: list[str] = []
        for text in self.params["ops"]:
            try:
                op = canonical_op(text)
            except ValueError:
                raise ParameterError(
                    f"parameter 'ops': {text!r} is not an operation; write +k, *k, -k or /k, like +1,*2",
                    ("rules-stones-op-bad", {"op": move_arg(text)}),
                ) from None
            if int(op[1:]) > MAX_K:
                raise ParameterError(f"parameter 'ops': {op!r} is out of range; k is at most {MAX_K}",
                                     ("rules-stones-op-range", {"op": move_arg(op), "most": MAX_K}))
            if op in ("+0", "-0", "*0", "*1", "/0", "/1"):
                raise ParameterError(f"parameter 'ops': {op!r} never changes a heap usefully; use +k/-k with k >= 1, "
                                     "*k or /k with k >= 2", ("rules-stones-op-useless", {"op": op}))
            if op not in ops:
                ops.append(op)
        if not ops:
            raise ParameterError("parameter 'ops': give at least one operation, like +1,*2",
                                 ("rules-stones-no-ops", {}))
        m = _GOAL_RE.match(str(self.params["goal"]).strip())
        if not m:
            raise ParameterError(
                f"parameter 'goal': {self.params['goal']!r} is not a goal; write 77, >=77 or <=19",
                ("rules-stones-goal-bad", {"goal": move_arg(str(self.params["goal"]))}),
            )
        self.growing = m.group(1) not in ("<=", "≤")
        self.target = int(m.group(2))
        if self.target > MAX_GOAL:
            raise ParameterError(f"parameter 'goal': {self.target} is out of range; the goal is at most 10^12",
                                 ("rules-stones-goal-range", {"goal": move_arg(str(self.target))}))
        self.params["goal"] = f"{'>=' if self.growing else '<='}{self.target}"
        self.params["ops"] = ops
        wrong = [op for op in ops if (op[0] in "+*") != self.growing]
        if wrong:
            need = "+k and *k (growing)" if self.growing else "-k and /k (shrinking)"
            raise ParameterError(
                f"parameter 'ops': {', '.join(wrong)} cannot go with goal {self.params['goal']}; "
                f"that goal needs {need}, so that every game ends",
                ("rules-stones-ops-direction",
                 {"ops": ", ".join(wrong), "goal": self.params["goal"], "growing": "yes" if self.growing else "no"}),
            )
        total = sum(heaps)
        if (total >= self.target) if self.growing else (total <= self.target):
            raise ParameterError(
                f"parameter 'heaps': the start total {total} already reaches the goal {self.params['goal']}",
                ("rules-stones-start-reached", {"total": total, "goal": self.params["goal"]}),
            )
        if self.growing and all(op[0] == "*" for op in ops) and total == 0:
            raise ParameterError("parameter 'heaps': with only *k operations some heap must be > 0",
                                 ("rules-stones-all-zero", {}))
        self.ops: tuple[str, ...] = tuple(ops)
        self._every_move = tuple((h, op) for h in range(len(heaps)) for op in ops)
        self._operate = {op: _operation(op) for op in ops}
        self.reach_loses = self.params["rule"] == "reach-loses"
        self.seats = 2

    def symmetry_key(self) -> Callable[[StonesState], Hashable]:
        """The heaps, whoever is to move (both players have the same moves)."""
        return lambda s: s.heaps

    def initial(self) -> StonesState:
        return StonesState(tuple(self.params["heaps"]), 0)

    def to_move(self, state: StonesState) -> int | None:
        return None if self.is_over(state) else state.turn

    def legal_moves(self, state: StonesState) -> list[StonesMove]:
        if self.is_over(state):
            return []
        if 0 not in state.heaps:
            return list(self._every_move)
        # A move must change its heap: only an empty heap is left alone by *, -, /.
        return [(h, op) for h, op in self._every_move if state.heaps[h] or op[0] == "+"]

    def is_legal(self, state: StonesState, move: StonesMove) -> bool:
        if not (isinstance(move, tuple) and len(move) == 2):
            return False
        h, op = move
        return (
            isinstance(h, int)
            and 0 <= h < len(state.heaps)
            and op in self.ops
            and operate(op, state.heaps[h]) != state.heaps[h]
        )

    def why_illegal(self, state: StonesState, move: StonesMove) -> Why:
        h, op = move
        text = f"'{h + 1}:{op}'"
        said = move_arg(f"{h + 1}:{op}")
        if not 0 <= h < len(state.heaps):
            return why(f"{text}: there is no heap {h + 1} (heaps are 1..{len(state.heaps)})", "rules-no-heap",
                       move=said, heap=h + 1, heaps=len(state.heaps))
        if op not in self.ops:
            return why(f"{text}: {op} is not an operation of this game; they are {', '.join(self.ops)}",
                       "rules-stones-not-op", move=said, op=move_arg(op), ops=", ".join(self.ops))
        return why(f"{text}: heap {h + 1} is empty, so {op} would leave the position unchanged", "rules-stones-empty",
                   move=said, heap=h + 1, op=op)

    def apply(self, state: StonesState, move: StonesMove) -> StonesState:
        h, op = move
        heaps = state.heaps
        return StonesState(heaps[:h] + (self._operate[op](heaps[h]),) + heaps[h + 1 :], 1 - state.turn)

    def is_over(self, state: StonesState) -> bool:
        if self.growing:
            return sum(state.heaps) >= self.target
        return sum(state.heaps) <= self.target

    def result(self, state: StonesState) -> Result | None:
        if not self.is_over(state):
            return None
        mover = 1 - state.turn  # whose move reached the goal
        how = f"{{{mover}}} brought the total to {sum(state.heaps)} (goal {self.params['goal']})"
        words: Words = ("words-end-stones", {"who": seat_words(mover), "total": sum(state.heaps),
                                             "goal": self.params["goal"], "loses": "yes" if self.reach_loses else "no"})
        if self.reach_loses:
            return Result.winner(2, state.turn, f"{how}; reach-loses: that move loses", words=words)
        return Result.winner(2, mover, how, words=words)

    def title(self) -> str:
        p = self.params
        goal = p["goal"][:2] + " " + p["goal"][2:]
        words = f"Stones {list_text(p['heaps'])}: {list_text(p['ops'], last='or')} until the total is {goal}"
        return words + (", reaching it loses" if self.reach_loses else "")

    def full_view(self, state: StonesState) -> View:
        return {
            "heaps": list(state.heaps),
            "total": sum(state.heaps),
            "goal": self.params["goal"],
            "ops": list(self.ops),
            "rule": self.params["rule"],
            "to_move": self.to_move(state),
        }

    def render_view(self, view: View) -> str:
        lines = [f"stones: ops {','.join(view['ops'])}, goal {view['goal']} ({view['rule']})"]
        for i, size in enumerate(view["heaps"], 1):
            lines.append(f"heap {i}: {size}")
        lines.append(f"total: {view['total']}")
        return "\n".join(lines)

    def parse_move(self, state: StonesState, text: str) -> StonesMove:
        parts = text.strip().split(":")
        if len(parts) != 2:
            raise ParseMoveError(f"{text!r} is not a stones move: write HEAP:OP, like 2:*2 or 1:+1",
                                 ("rules-stones-parse", {"move": move_arg(text)}))
        try:
            h = int(parts[0])
        except ValueError:
            raise ParseMoveError(f"{text!r}: the heap number {parts[0].strip()!r} is not a whole number",
                                 ("rules-stones-heap-number", {"move": move_arg(text),
                                  "heap": move_arg(parts[0].strip())})
                                 ) from None
        if h < 1:
            raise ParseMoveError(f"{text!r}: heaps are numbered from 1",
                                 ("rules-stones-from-one", {"move": move_arg(text)}))
        try:
            op = canonical_op(parts[1])
        except ValueError:
            raise ParseMoveError(
                f"{text!r}: {parts[1].strip()!r} is not an operation; write +k, *k, -k or /k",
                ("rules-stones-op-parse", {"move": move_arg(text), "op": move_arg(parts[1].strip())}),
            ) from None
        return (h - 1, op)

    def format_move(self, state: StonesState, move: StonesMove) -> str:
        return f"{move[0] + 1}:{move[1]}"

    def max_plies(self) -> int:
        # Every move changes the total by at least one in the goal's direction.
        total = sum(self.params["heaps"])
        return self.target - total if self.growing else total - self.target


Stones.doc_sample = DocSample(
    {"heaps": "7,30"},
    ("2:*2",),
    "`H:OP` applies operation OP (one of `ops`, written as in the parameter: `+1`, `*2`, `-3`, `/2`) to "
    "heap H, heaps numbered from 1: `2:*2` doubles heap 2, `1:+1` adds one to heap 1. `x` is accepted "
    "for `*`. A move that leaves the heap unchanged is illegal.",
)
