"""What a hint, a review, the exam's answers and a puzzle say, as data: catalog messages and their arguments.

The solver's words for people are made twice: in English (the protocol's text fields, for older
clients and for English), and as a list of phrases beside them (``hint_said``, a review row's
``why_said``, a summary's ``said``, ``why19_said``, a puzzle's ``task_said``...), each ``{"id", "args"}``
where the id is either an explanation phrase of :mod:`grundy.solver.phrases` (``nim.move``: said by the
catalogs' ``ex-nim-move``) or a catalog message of its own (``teach-...``, in ``teach.ftl``), with plain
arguments (numbers, names, moves in notation).  A client says the list in its reader's language, each
phrase a clause joined by ``"; "`` (client/explained.py ``said_text``, client/web/explained.js
``saidText``); a text recorded in one language so reads in another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Said = dict[str, Any]

PREFIX = "teach-"


def reason_of(error: Exception) -> Any:
    """A rules error as an argument of a refusal: its message of the catalogs (``{"id", "args"}``, which
    ``protocol.i18n.tr`` says in the reader's language), or its English when it has none."""
    rules_said = getattr(error, "said", None)
    if rules_said is None:
        return str(error)
    why = {"id": rules_said[0], "args": dict(rules_said[1])}
    number = getattr(error, "number", None)  # (the move of a replay that is refused: "move 2: ...")
    return why if number is None else {"id": "rules-replay", "args": {"n": number, "why": why}}


def said(msg_id: str, **args: Any) -> Said:
    """A catalog message of the ``teach-`` area and its arguments (numbers stay numbers; lists of moves are
    notation joined by spaces)."""
    if not msg_id.startswith(PREFIX):
        raise ValueError(f"{msg_id}: a teaching message's id starts with {PREFIX!r}")
    plain = {k: " ".join(map(str, v)) if isinstance(v, list | tuple) else v for k, v in args.items()}
    return {"id": msg_id, "args": plain}


def value_said(prefix: str, value: Mapping[str, Any] | None, **args: Any) -> Said:
    """A protocol ``Value`` said by the message family ``prefix`` (``teach-value``, ``teach-left``...):
    ``-win-in`` / ``-loss-in`` {k}, ``-win-at-most`` / ``-loss-at-most`` {k}, ``-win`` / ``-loss``,
    ``-draw``, ``-score`` {score}, ``-unknown``."""
    v = value or {}
    outcome = v.get("outcome")
    if outcome in ("win", "loss"):
        if v.get("k") is not None:
            return said(f"{prefix}-{outcome}-in", k=int(v["k"]), **args)
        if v.get("at_most") is not None:
            return said(f"{prefix}-{outcome}-at-most", k=int(v["at_most"]), **args)
        return said(f"{prefix}-{outcome}", **args)
    if outcome == "draw":
        return said(f"{prefix}-draw", **args)
    if outcome == "score" and v.get("score") is not None:
        return said(f"{prefix}-score", score=v["score"], **args)
    return said(f"{prefix}-unknown", **args)


def engine_said(score: float | None) -> Said:
    """The engine's score in a few words (``engine +120``, ``engine: a win in sight``)."""
    if score is None:
        return said("teach-engine-unknown")
    if score >= 90_000:
        return said("teach-engine-win")
    if score <= -90_000:
        return said("teach-engine-loss")
    return said("teach-engine-score", score=f"{score:+.0f}")


# The review's verdicts (closed set, English as the protocol has them) and their messages.
VERDICTS = {
    "best": "teach-verdict-best", "kept the win": "teach-verdict-kept-win",
    "threw the win away": "teach-verdict-threw-win", "threw the draw away": "teach-verdict-threw-draw",
    "hurried the loss": "teach-verdict-hurried", "resigned a won game": "teach-verdict-resigned-won",
    "resigned a drawn game": "teach-verdict-resigned-drawn", "resigned a lost game": "teach-verdict-resigned-lost",
    "resigned": "teach-verdict-resigned", "missed a proven win": "teach-verdict-missed-win",
    "missed a forced defence": "teach-verdict-missed-defence", "allowed a proven win": "teach-verdict-allowed-win",
    "lost anyway": "teach-verdict-lost-anyway", "stopped the threat": "teach-verdict-stopped",
    "engine's choice": "teach-verdict-engine", "close to the engine's choice": "teach-verdict-engine-close",
    "engine prefers another move": "teach-verdict-engine-other", "no proof": "teach-verdict-no-proof",
    "no proof (the review ran out of time)": "teach-verdict-out-of-time",
}


def verdict_said(verdict: str) -> Said:
    """A review's verdict as a message (``gave away N`` with its amount)."""
    if verdict.startswith("gave away "):
        amount = float(verdict.removeprefix("gave away "))
        return said("teach-verdict-gave-away", score=int(amount) if amount.is_integer() else amount)
    return said(VERDICTS.get(verdict, "teach-verdict-other"))


def phrases_of(explanation: Mapping[str, Any] | None) -> list[Said]:
    """An explanation's reason as phrases (its ``said``)."""
    return list((explanation or {}).get("said") or [])


def joined(parts: Sequence[Said | None]) -> list[Said]:
    return [p for p in parts if p]


__all__ = ["PREFIX", "VERDICTS", "Said", "engine_said", "joined", "phrases_of", "said", "value_said", "verdict_said"]
