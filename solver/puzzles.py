"""Puzzles: "find the winning move", made by the solver and taken from real games.

Two sources:

* **the solver** (:func:`catalog`): for each game the exact solver answers, positions reached by
  seeded random moves from a few starts (:data:`STARTS`), kept where the player to move has a proven
  win; the same catalog on every run (the seeds are fixed), graded by how long the win is;
* **real finished games** (:func:`from_game`): the positions before a move that threw a proven win
  away (won before the move, not won after it).

A puzzle accepts any winning move (a move after which the opponent is lost) and says how many there
are: ``one`` when exactly one move wins, else ``any`` ("any of the N winning moves").  Grades by the
length of the win: ``easy`` (win by the first move), ``medium`` (by the 2nd or 3rd), ``hard`` (later).
:func:`check` judges an answer: a right one gets the position's explanation, a wrong one its
refutation (the opponent's winning reply and what it leads to).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from grundy import rules
from grundy.solver import exact
from grundy.solver.teach import said, value_said

# The starts the solver's puzzles come from: (game, parameters, how many puzzles, the longest random walk).
STARTS: tuple[tuple[str, dict[str, str], int, int], ...] = (
    ("nim", {"heaps": "3,4,5"}, 4, 5),
    ("nim", {"heaps": "2,5,6,7"}, 3, 6),
    ("subtraction", {"n": "21", "take": "1,3,4"}, 3, 6),
    ("stones", {"heaps": "7,30"}, 2, 2),
    ("stones", {"heaps": "7,20"}, 2, 3),
    ("kayles", {"pins": "8"}, 3, 3),
    ("corner", {"width": "6", "height": "6"}, 2, 3),
    ("corner", {"piece": "queen", "width": "7", "height": "7"}, 2, 2),
    ("mnk", {}, 3, 4),
    ("coins", {"width": "5", "height": "5"}, 2, 2),
)
SOLVER_NODES = 200_000  # new positions one puzzle may cost the solver
MAX_FOUND = 200  # puzzles from real games a node keeps (the newest)


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """A position where the player to move has a proven win: find a winning move."""

    id: str
    game: str
    params: dict[str, Any]
    moves: tuple[str, ...]
    k: int  # the win's length: the player to move wins by their K-th move
    winning: tuple[str, ...]  # every move that keeps a win
    source: str  # solver or game

    @property
    def grade(self) -> str:
        return "easy" if self.k <= 1 else "medium" if self.k <= 3 else "hard"

    @property
    def accepts(self) -> str:
        return "one" if len(self.winning) == 1 else "any"

    def task(self) -> str:
        title = rules.create(self.game, **self.params).title()
        after = f" after {', '.join(self.moves)}" if self.moves else ""
        head = f"{title}{after}: find the winning move (a win by your {ordinal(self.k)} move)"
        if self.accepts == "one":
            return f"{head}. Exactly one move wins."
        return f"{head}. {len(self.winning)} moves win: any of them is right."

    def task_said(self) -> list[dict[str, Any]]:
        """The task as catalog messages (solver/teach.py): the game by its catalog name ``game``, its
        parameters as the room's title gives them, the moves so far, the win's length, how many moves win."""
        head = said("teach-puzzle-task-after" if self.moves else "teach-puzzle-task", game=self.game,
                    moves=", ".join(self.moves), k=self.k)
        if self.accepts == "one":
            return [head, said("teach-puzzle-one-wins")]
        return [head, said("teach-puzzle-many-win", n=len(self.winning))]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "params": dict(self.params), "moves": list(self.moves),
                "k": self.k, "grade": self.grade, "source": self.source, "accepts": self.accepts,
                "winning_count": len(self.winning), "task": self.task(), "task_said": self.task_said()}


def ordinal(n: int) -> str:
    tail = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def make(game: rules.Game, moves: list[str], pid: str, source: str) -> Puzzle | None:
    """The puzzle of the position after ``moves``, or None when the player to move has no proven win there."""
    state = game.replay(moves)
    if game.is_over(state) or game.has_scores:
        return None
    try:
        sol = exact.solve(game, state, max_nodes=SOLVER_NODES)
    except (exact.TooLarge, exact.Unsupported):
        return None
    if sol.outcome != "win" or sol.in_k is None:
        return None
    winning = []
    mover = game.to_move(state)
    for m in game.legal_moves(state):
        child = game.apply(state, m)
        if game.is_over(child):
            r = game.result(child)
            won = r is not None and mover is not None and r.outcomes[mover] == "win"
        else:
            won = exact.solve(game, child, max_nodes=SOLVER_NODES).outcome == "loss"
        if won:
            winning.append(game.format_move(state, m))
    if len(winning) == len(game.legal_moves(state)):
        return None  # every move wins: nothing to find
    params = {k: v for k, v in game.public_params().items() if v is not None}
    return Puzzle(pid, game.name, params, tuple(moves), sol.in_k, tuple(winning), source)


_catalog: list[Puzzle] | None = None


def catalog() -> list[Puzzle]:
    """The solver's puzzles (module docstring), easiest first within each game; made once, then kept."""
    global _catalog
    if _catalog is not None:
        return _catalog
    out: list[Puzzle] = []
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    for name, params, count, walk in STARTS:
        game = rules.create(name, **params)
        rng = random.Random(f"{name} {sorted(params.items())}")
        made = 0
        for _ in range(count * 12):
            if made >= count:
                break
            state, moves = game.initial(), []
            for _ in range(rng.randint(0, walk)):
                legal = game.legal_texts(state)
                if game.is_over(state) or not legal:
                    break
                move = rng.choice(legal)
                moves.append(move)
                state = game.play_text(state, move)
            key = (name, repr(sorted(params.items())), tuple(moves))
            if key in seen:
                continue
            seen.add(key)
            found = make(game, moves, "", "solver")
            if found is not None:
                out.append(found)
                made += 1
    out.sort(key=lambda z: (z.game, z.k))
    numbered = []
    counts: dict[str, int] = {}
    for z in out:
        counts[z.game] = counts.get(z.game, 0) + 1
        numbered.append(dataclasses.replace(z, id=f"{z.game}-{counts[z.game]}"))
    _catalog = numbered
    return numbered


def from_game(game_name: str, params: dict[str, Any], moves: list[str], first_id: int = 1) -> list[Puzzle]:
    """Puzzles from a real finished game: each position before a move that threw a proven win away."""
    game = rules.create(game_name, **params)
    out: list[Puzzle] = []
    state = game.initial()
    for ply, text in enumerate(moves):
        if game.is_over(state):
            break
        before = make(game, moves[:ply], "", "game")
        after = game.play_text(state, text)
        if before is not None and text not in before.winning:
            out.append(dataclasses.replace(before, id=f"g{first_id + len(out)}"))
        state = after
    return out


def check(puzzle: Puzzle, answer: str) -> dict[str, Any]:
    """The verdict on ``answer``: ``{"verdict": "right" | "wrong", "said", "explanation", "refutation"}``, or
    ``{"refused": why}`` for a move that is not legal there."""
    from grundy.solver.explain import explain

    game = rules.create(puzzle.game, **puzzle.params)
    state = game.replay(puzzle.moves)
    try:
        move = game.parse_move(state, answer)
        game.play(state, move)
    except rules.RulesError as e:
        return {"refused": f"{answer}: {e}"}
    text = game.format_move(state, move)
    if text in puzzle.winning:
        others = [m for m in puzzle.winning if m != text]
        words = f"{text} wins." + (f" So do {', '.join(others)}." if others else " It is the only winning move.")
        words_said = [said("teach-puzzle-wins", move=text),
                      said("teach-puzzle-so-do", moves=", ".join(others)) if others else said("teach-puzzle-only")]
        return {"verdict": "right", "said": words, "verdict_said": words_said,
                "explanation": explain(game, state, budget_s=1.0), "refutation": None}
    after = game.apply(state, move)
    if game.is_over(after):
        return {"verdict": "wrong", "said": f"{text} ends the game, and not in your favour.",
                "verdict_said": [said("teach-puzzle-ends-badly", move=text)], "explanation": None, "refutation": []}
    sol = exact.solve(game, after, max_nodes=SOLVER_NODES)
    reply = game.format_move(after, sol.best[0]) if sol.best else None
    if sol.outcome == "win" and reply is not None:
        words = (f"{text} loses: the opponent answers {reply} and wins by their {ordinal(sol.in_k or 1)} move. "
                 f"A winning move was {puzzle.winning[0]}.")
        words_said = [said("teach-puzzle-loses", move=text, reply=reply, k=sol.in_k or 1)]
    else:
        words = (f"{text} does not win: with best play it leads to a {sol.outcome}. "
                 f"A winning move was {puzzle.winning[0]}.")
        words_said = [value_said("teach-puzzle-leads", {"outcome": sol.outcome}, move=text)]
    words_said.append(said("teach-puzzle-a-winning-move", move=puzzle.winning[0]))
    return {"verdict": "wrong", "said": words, "verdict_said": words_said, "explanation": None,
            "refutation": [text, *([reply] if reply else [])]}
