"""The exam's heap game (tasks 19-21 of the informatics exam): the code of every start S and the answers.

The game is ``stones`` with start heaps that hold one unknown ``S`` (``7,S``), operations (``+1,*2``),
a goal on the total (``77`` meaning ``>=77``, or ``<=19`` for a shrinking game) and a rule
(``reach-wins``).  :func:`table` solves every S (one game instance, so one table of solved positions
for all of them) and answers:

* 19: the least S where the second player can win by his first move after some first move of the
  first player (a bad one);
* 20: every S where the first player wins by his second move, and not by his first (code ``2``);
* 21: the least S where the second player wins by his first or second move, not surely by his first
  (code ``-2``);

each with one sentence on why.  Bounds: at most :data:`MAX_ROWS` values of S; the exact solver's node
cap and time limit for the whole table (:class:`grundy.solver.exact.TooLarge` past them).
Bad parameters raise ``rules.ParameterError`` (a ``ValueError``) with the reason in words and as a message
of the catalogs (``said``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from grundy import rules
from grundy.solver import exact
from grundy.solver.teach import said

MAX_ROWS = 200  # values of S in one table


@dataclasses.dataclass(frozen=True)
class Exam:
    """The exam's parameters, read: the heaps with the place of S, the operations, the goal, the rule."""

    heaps: str
    ops: str
    goal: str
    rule: str
    known: tuple[int, ...]
    where: int
    values: range

    def game(self) -> rules.Game:
        return rules.create("stones", heaps=self.heaps_with(self.values.start), ops=self.ops, goal=self.goal,
                            rule=self.rule)

    def heaps_with(self, s: int) -> str:
        parts = [str(x) for x in self.known]
        parts.insert(self.where, str(s))
        return ",".join(parts)


def parse(heaps: str = "7,S", ops: str = "+1,*2", goal: str = "77", rule: str = "reach-wins",
          s_range: str | None = None) -> Exam:
    """The exam's parameters checked (``rules.ParameterError`` with the reason in words and its ``said``)."""
    parts = [p.strip() for p in str(heaps).split(",")]
    if parts.count("S") != 1 or not all(p == "S" or p.isdigit() for p in parts):
        raise rules.ParameterError(f"heaps {heaps!r}: give start heaps with exactly one S, like 7,S",
                                   ("teach-exam-bad-heaps", {"value": repr(str(heaps))[:60]}))
    where = parts.index("S")
    known = tuple(int(p) for p in parts if p != "S")
    goal_m = re.fullmatch(r"\s*(>=|<=)?\s*(\d+)\s*", str(goal))
    if not goal_m:
        raise rules.ParameterError(f"goal {goal!r}: write a number such as 77, >=77 or <=19",
                                   ("teach-exam-bad-goal", {"value": repr(str(goal))[:60]}))
    growing = goal_m.group(1) != "<="
    target = int(goal_m.group(2))
    if s_range is not None:
        m = re.fullmatch(r"\s*(\d+)\s*\.\.\s*(\d+)\s*", s_range)
        if not m or int(m.group(1)) > int(m.group(2)):
            raise rules.ParameterError(f"range {s_range!r}: write LO..HI with LO <= HI, like 1..69",
                                       ("teach-exam-bad-range", {"value": repr(str(s_range))[:60]}))
        values = range(int(m.group(1)), int(m.group(2)) + 1)
    elif growing:
        values = range(1, max(1, target - sum(known) - 1) + 1)
    else:
        values = range(max(0, target - sum(known) + 1), target + 101)
    if len(values) > MAX_ROWS:
        raise rules.ParameterError(f"{len(values)} values of S: at most {MAX_ROWS} in one table (give a range)",
                                   ("teach-exam-too-many", {"n": len(values), "most": MAX_ROWS}))
    exam = Exam(str(heaps), str(ops), str(goal), str(rule), known, where, values)
    exam.game()  # (the rules' own refusal of what they cannot make)
    return exam


def table(exam: Exam, *, max_nodes: int | None = 5_000_000, max_seconds: float | None = 60.0) -> dict[str, Any]:
    """The code of every S and the answers of tasks 19, 20 and 21, each with a sentence on why."""
    game = exam.game()
    base = game.initial()
    budget_nodes = max_nodes
    rows: list[dict[str, Any]] = []
    for s in exam.values:
        heaps = tuple(exam.known[: exam.where]) + (s,) + tuple(exam.known[exam.where :])
        state = base._replace(heaps=heaps)
        if game.is_over(state):
            rows.append({"S": s, "code": None, "outcome": None, "in": None, "bad_first": None})
            continue
        sol = exact.solve(game, state, max_nodes=budget_nodes, max_seconds=max_seconds)
        # Task 19: some first move leaves a position the second player wins by his first move.
        bad_first = None
        for m in game.legal_moves(state):
            child = game.apply(state, m)
            if not game.is_over(child):
                v = exact.value(game, child, max_nodes=budget_nodes)
                if exact.outcome_of(int(v))[:2] == ("win", 1) and bad_first is None:
                    bad_first = game.format_move(state, m)
        rows.append({"S": s, "code": sol.code, "outcome": sol.outcome, "in": sol.in_k, "bad_first": bad_first})
    t19 = [r for r in rows if r["bad_first"] is not None]
    t20 = [r["S"] for r in rows if r["outcome"] == "win" and r["in"] == 2]
    t21 = [r["S"] for r in rows if r["outcome"] == "loss" and r["in"] == 2]
    first19 = t19[0] if t19 else None
    return {
        "game": f"stones heaps={exam.heaps} ops={exam.ops}, goal {game.params['goal']}, {game.params['rule']}",
        "codes": {str(r["S"]): r["code"] for r in rows},
        "task19": None if first19 is None else first19["S"],
        "task20": t20,
        "task21": min(t21) if t21 else None,
        "why19": (
            "no S lets the second player win by his first move after any first move" if first19 is None else
            f"at S = {first19['S']} the first move {first19['bad_first']} leaves a position the second player "
            "wins at once, and every smaller S has no such move"
        ),
        "why20": (
            "no S has the code 2" if not t20 else
            f"the code is 2 (the first player wins by his second move, not by his first) exactly at S = "
            f"{', '.join(map(str, t20))}"
        ),
        "why21": (
            "no S has the code -2" if not t21 else
            f"S = {min(t21)} is the least with the code -2: every first move loses by the second player's "
            "second move at the latest, and some first move does not lose at once"
        ),
        # the answers as catalog messages (solver/teach.py), for every language
        "why19_said": [said("teach-exam-why19-none") if first19 is None else
                       said("teach-exam-why19", s=first19["S"], move=first19["bad_first"])],
        "why20_said": [said("teach-exam-why20", values=", ".join(map(str, t20))) if t20 else
                       said("teach-exam-why20-none")],
        "why21_said": [said("teach-exam-why21", s=min(t21)) if t21 else said("teach-exam-why21-none")],
    }
