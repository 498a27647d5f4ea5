"""Rating a game whose start position the solver decides: against the start's value, not the draw of sides.

In a game whose start the exact solver proves won for one side (nim 3,4,5: the player to move
first wins; nim 1,2,3: the second does), a single game's result mostly says which side each
player was handed: a perfect player given the lost side loses to anyone who plays the won side
well.  So a rated game of such a game is rated against what the start decides: the side it
gives the win **winning is what perfect play gives both**, rated as a draw; anything less from
that side (a loss, a draw) is the other player's doing, rated as a win for the player of the
lost side.  A perfect player then never loses rating for its side, and gains from every error
of an opponent handed the won side; over games with the sides drawn either way the results
measure the players.  Games the solver does not decide from the start (within a small budget:
gomoku, a draw from the start such as tic-tac-toe, hidden information, payoff games) are rated
by their result as it is.  docs/PROTOCOL.md (4.13) says the same.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Sequence
from typing import Any

from grundy import rules

__all__ = ["SOLVE_NODES", "SOLVE_SECONDS", "rated_outcomes", "won_side"]

log = logging.getLogger("grundy.node")

SOLVE_NODES = 200_000  # the solver's budget for a start position: past it the side is not known to decide
SOLVE_SECONDS = 0.5


def won_side(game: rules.Game) -> int | None:
    """The seat whose side the solver proves won from ``game``'s start (two seats, nothing hidden, within the
    budget), else None.  The answer is remembered per game and parameters."""
    if game.seats != 2 or game.hidden_information:
        return None
    return _won_side(game.name, json.dumps(game.params, sort_keys=True, default=str))


@functools.lru_cache(maxsize=512)
def _won_side(name: str, params: str) -> int | None:
    from grundy.solver import exact

    try:
        game = rules.create(name, **json.loads(params))
        solved = exact.solve(game, max_nodes=SOLVE_NODES, max_seconds=SOLVE_SECONDS)
    except Exception as e:  # too large, no proof, not a game the solver answers: rated by its result
        log.debug("%s %s: the start is not known to decide the game (%s)", name, params, e)
        return None
    if solved.to_move is None or solved.outcome not in ("win", "loss"):
        return None
    return solved.to_move if solved.outcome == "win" else 1 - solved.to_move


def rated_outcomes(won: int | None, outcomes: Sequence[Any]) -> tuple[str, str]:
    """What a two-seat game counts as for the ratings, seat by seat: its outcomes as they are when no side is
    won from the start (``won`` None); else a draw when the won side won, and a win for the other seat when it
    did not."""
    got = (str(outcomes[0]), str(outcomes[1]))
    if won is None:
        return got
    if got[won] == "win":
        return "draw", "draw"
    return ("win", "loss") if won == 1 else ("loss", "win")
