"""Post-game review and hints, computed locally with the exact solver on the game's move list.

The client has the rules engine and the solver, so a finished game of a solvable (two-seat,
perfect-information, small enough) game can be judged move by move without asking the
server: each move is ``best``, ``kept the win``, ``threw the win away`` and so on.  The
judgement itself is the solver's (:mod:`grundy.solver.review`), the same one the node gives the
browser's ``analyze`` requests: one set of verdicts for every client.
"""

from __future__ import annotations

from grundy.solver.review import (
    DEFENCES_TRIED,
    HINT_NODES,
    LINE_REVIEW_S,
    LINE_REVIEW_TOTAL_S,
    REVIEW_NODES,
    ReviewUnavailable,
    Verdict,
    hint,
    line_review,
    review,
)

__all__ = [
    "DEFENCES_TRIED",
    "HINT_NODES",
    "LINE_REVIEW_S",
    "LINE_REVIEW_TOTAL_S",
    "REVIEW_NODES",
    "ReviewUnavailable",
    "Verdict",
    "hint",
    "line_review",
    "review",
]
