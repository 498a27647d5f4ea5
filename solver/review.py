"""The solver's post-game review and hints, for a server that answers a client without a solver.

The same judgement as the terminal client's (client/tui/review.py), here in the solver so the
node can run it for the web client (``analyze`` requests, server/analysis.py): a finished game
of a solvable (two-seat, perfect-information, small enough) game is judged move by move —
``best``, ``kept the win``, ``threw the win away`` and so on — and big line games by threat
proofs; a hint is the exact solver's move when it can find one, else the strongest bot's.
:func:`analyse` is the entry point a worker process calls, with a time budget.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from grundy import rules
from grundy.solver import bot, exact, explain, strategies
from grundy.solver.explain import solution_value
from grundy.solver.teach import engine_said, phrases_of, reason_of, said, value_said, verdict_said

REVIEW_NODES = 400_000  # new positions the whole review may solve before giving up
HINT_NODES = 200_000


class ReviewUnavailable(ValueError):
    """The game cannot be judged exactly here: hidden moves, too many seats, or too large.

    ``said``: the reason as a catalog message and its arguments (``teach-refused-...``), for the reader's language.
    """

    def __init__(self, message: str, said: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.said = said


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The solver's judgement of one move: the position before it (for the mover) and what the move did.

    ``value_before`` / ``value_after`` are the protocol's ``Value`` dicts (what the position was
    worth to the mover before the move, and what the move left it with); when the move was not
    best, ``best`` names the best moves and ``why`` says why (from the explanation of the
    position before).  Line games judged by threats leave them empty.
    """

    ply: int
    seat: int
    move: str
    before: str  # e.g. "win in 2", "loss in 3", "draw", "value 5"
    verdict: str  # best | kept the win | threw the win away | threw the draw away | hurried the loss | gave away N
    value_before: dict[str, Any] | None = None  # a protocol Value: the position's worth to the mover before
    value_after: dict[str, Any] | None = None  # what the move left the mover with
    best: list[str] = dataclasses.field(default_factory=list)  # the better moves, when the move was not best
    why: str | None = None  # why they are better
    why_said: list[dict[str, Any]] | None = None  # ``why`` as phrases (solver/teach.py), for every language
    before_said: list[dict[str, Any]] | None = None  # ``before`` as phrases, when it says more than its value


RESIGN = "resign"  # the move text of a review's last row when a player resigned
# Verdicts that lose what the position held (the turning points of a summary).
THROWN = ("threw the win away", "threw the draw away", "resigned a won game", "resigned a drawn game",
          "missed a proven win", "missed a forced defence")
# Verdicts that count as best for accuracy; verdicts not counted at all.
GOOD = ("best", "kept the win", "stopped the threat", "engine's choice", "close to the engine's choice")
UNJUDGED = ("no proof", "not judged", "resigned a lost game", "resigned", "lost anyway")


def _describe(sol: exact.Solution) -> str:
    if sol.value is not None:
        return f"value {sol.value:g}"
    if sol.outcome == "draw":
        return "draw"
    return f"{sol.outcome} in {sol.in_k}"


def _game_and_moves(game_name: str, params: dict[str, Any], moves: list[str] | None) -> tuple[rules.Game, list[str]]:
    if moves is None:
        raise ReviewUnavailable("some moves are hidden from this client, so the game cannot be replayed here",
                                said("teach-refused-hidden-moves"))
    try:
        game = rules.create(game_name, **params)
    except rules.ParameterError as e:
        raise ReviewUnavailable(f"the game cannot be rebuilt here: {e}",
                                said("teach-refused-rebuild", why=str(e))) from None
    if game.seats != 2:
        raise ReviewUnavailable(f"{game_name}: the exact solver judges two-player games only",
                                said("teach-refused-two-players", game=game_name))
    return game, moves


def review(
    game_name: str,
    params: dict[str, Any],
    moves: list[str] | None,
    max_nodes: int = REVIEW_NODES,
    total_s: float | None = None,
    *,
    resigned: int | None = None,
) -> list[Verdict]:
    """Every move of a finished game with the solver's verdict; ReviewUnavailable when it cannot judge.

    A move is judged by solving the position it led to: ``best`` when it keeps the position's
    exact value (the same win in K, or the same payoff), otherwise what it gave away, with the
    best moves and why.  ``resigned``: the seat that resigned after the last move (the game
    ended by resignation): a last row ``resign`` says what it gave up — ``resigned a won game``
    throws the win away.
    """
    game, texts = _game_and_moves(game_name, params, moves)
    if _by_threats(game):
        return line_review(game, texts, total_s=LINE_REVIEW_TOTAL_S if total_s is None else total_s)
    state = game.initial()
    out: list[Verdict] = []
    spent = 0
    by_rule = False  # too large for the table: judged by the known rule (win or loss, without K)
    for ply, text in enumerate(texts):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        assert seat is not None
        try:
            move = game.parse_move(state, text)
        except rules.RulesError as e:
            raise ReviewUnavailable(f"move {ply + 1} ({text!r}) does not replay here: {e}",
                                    said("teach-refused-move", n=ply + 1, move=text, why=str(e))) from None
        after = game.apply(state, move)
        if by_rule:
            out.append(_rule_row(game, state, after, ply, seat, text))
            state = after
            continue
        try:
            sol = exact.solve(game, state, max_nodes=max(1, max_nodes - spent))
            spent += sol.nodes
            got = _value_of_move(game, after, seat, max(1, max_nodes - spent))
        except (exact.TooLarge, exact.Unsupported) as e:
            if not _rule_answers(game, state, after):
                raise ReviewUnavailable(f"the game cannot be judged exactly here ({e})",
                                said("teach-refused-not-exact", why=str(e))) from None
            by_rule = True  # a known rule judges every move from here on, at any size
            out.append(_rule_row(game, state, after, ply, seat, text))
            state = after
            continue
        verdict = _verdict(sol, got)
        row = Verdict(ply, seat, text, _describe(sol), verdict, solution_value(sol), _as_value(got))
        if verdict != "best":
            why, why_said = _why(game, state, text, row.value_after)
            row = dataclasses.replace(row, best=[game.format_move(state, m) for m in sol.best], why=why,
                                      why_said=why_said)
        out.append(row)
        state = after
    if resigned is not None and not game.is_over(state) and 0 <= resigned < game.seats:
        out.append(_resignation(game, state, len(out), resigned, 1 if by_rule else max(1, max_nodes - spent)))
    return out


def _rule_answers(game: rules.Game, state: Any, after: Any) -> bool:
    return strategies.explain(game, state) is not None and (
        game.is_over(after) or strategies.explain(game, after) is not None)


def _rule_row(game: rules.Game, state: Any, after: Any, ply: int, seat: int, text: str) -> Verdict:
    """One move judged by a known rule: win or loss before and after it (how fast is not known)."""
    rule = strategies.explain(game, state)
    if rule is None or not (game.is_over(after) or strategies.explain(game, after) is not None):
        raise ReviewUnavailable(f"move {ply + 1} ({text}): too large to judge exactly, and no known rule applies",
                                said("teach-refused-too-large", n=ply + 1, move=text))
    before = explain.value(rule.outcome)
    if game.is_over(after):
        result = game.result(after)
        got = "win" if result is not None and result.outcomes[seat] == "win" else "loss"
    else:
        theirs = strategies.explain(game, after)
        assert theirs is not None
        got = "loss" if theirs.outcome == "win" else "win"
    if rule.outcome == "win":
        verdict = "best" if got == "win" else "threw the win away"
    else:
        verdict = "best"  # every move loses: the rule cannot tell a longer defence
    row = Verdict(ply, seat, text, f"{rule.outcome} ({rule.by})", verdict, before, explain.value(got))
    if verdict != "best":
        e = explain.explain(game, state, budget_s=0.5)
        row = dataclasses.replace(row, best=list(e["best"]), why=f"{e['reason']}; {text} left a {got}",
                                  why_said=[*phrases_of(e), value_said("teach-left", explain.value(got), move=text)])
    return row


def _as_value(got: tuple[str | None, float | None]) -> dict[str, Any]:
    outcome, amount = got
    if outcome is None:
        return explain.value(None, score=amount or 0.0)
    return explain.value(outcome, None if amount is None else int(amount))


def _why(game: rules.Game, state: Any, played: str | None, after: dict[str, Any] | None) -> tuple[str, list[Any]]:
    """Why the best move is better than ``played`` (None: resigning), from the explanation of the position
    before it: in English, and as phrases."""
    e = explain.explain(game, state, budget_s=1.0)
    left = f"; {played or 'resigning'} left {after['text']}" if after is not None else ""
    left_said = [value_said("teach-left", after, move=played)] if after is not None and played else []
    if e["rule"] not in ("search", "engine", "over"):
        return e["reason"] + left, [*phrases_of(e), *left_said]
    if e["moves"]:
        first = e["moves"][0]
        head = value_said("teach-best", e["value"], move=first["move"])
        return (f"{first['move']} {first['why']} ({e['value']['text']}){left}",
                [head, *([first["said"]] if first.get("said") else []), *left_said])
    return e["reason"] + left, [*phrases_of(e), *left_said]


def _resignation(game: rules.Game, state: Any, ply: int, seat: int, max_nodes: int) -> Verdict:
    """The last row of a game one seat resigned: what the position was worth to it."""
    to_move = game.to_move(state)
    try:
        sol = exact.solve(game, state, max_nodes=max_nodes)
        mine, best_moves = solution_value(sol), [game.format_move(state, m) for m in sol.best]
    except (exact.TooLarge, exact.Unsupported):
        rule = strategies.explain(game, state)
        if rule is None:
            return Verdict(ply, seat, RESIGN, "not solved", "resigned", None, explain.value("loss"))
        mine, best_moves = explain.value(rule.outcome), [game.format_move(state, m) for m in rule.winning]
    if to_move != seat:  # resigned while the opponent was to move: the opponent's value, turned
        flip = {"win": "loss", "loss": "win"}
        if mine["outcome"] == "score":
            mine = explain.value(None, score=-(mine["score"] or 0))
        elif mine["outcome"] in flip:
            mine = explain.value(flip[mine["outcome"]], mine["k"], at_most=mine["at_most"])
    verdict = {"win": "resigned a won game", "draw": "resigned a drawn game", "loss": "resigned a lost game"}.get(
        mine["outcome"], "resigned")
    row = Verdict(ply, seat, RESIGN, mine["text"], verdict, mine, explain.value("loss"))
    if verdict in ("resigned a won game", "resigned a drawn game"):
        if to_move == seat:
            why, why_said = _why(game, state, None, None)
            row = dataclasses.replace(row, best=best_moves, why=why, why_said=why_said)
        else:
            row = dataclasses.replace(row, why=f"the position was a {mine['text']} for the player who resigned",
                                      why_said=[value_said("teach-resigned-was", mine)])
    return row


def summarise(rows: list[Verdict], seats: int = 2, names: list[str] | None = None) -> dict[str, Any]:
    """A review's summary (the protocol's ``ReviewSummary``): who was winning when, the moves that
    threw a win or a draw away, and each seat's accuracy (best moves, or keeping the win, of those judged)."""

    def who(seat: int) -> str:
        return names[seat] if names and 0 <= seat < len(names) and names[seat] else f"seat {seat}"

    stretches: list[dict[str, Any]] = []
    for row in rows:
        seat, text = _winning(row, seats, who)
        last = stretches[-1] if stretches else None
        if last is not None and (last["seat"], last["text"]) == (seat, text):
            last["end"] = row.ply
        else:
            stretches.append({"start": row.ply, "end": row.ply, "seat": seat, "text": text,
                              "said": _winning_said(row, seats, who)})
    turning = [r.ply for r in rows if r.verdict in THROWN]
    accuracy = []
    for seat in range(seats):
        judged = [r for r in rows if r.seat == seat and r.verdict not in UNJUDGED
                  and not r.verdict.startswith("no proof")]
        good = sum(1 for r in judged if r.verdict in GOOD)
        accuracy.append({"seat": seat, "moves": len(judged), "best": good,
                         "percent": 100 if not judged else round(100 * good / len(judged))})
    return {"stretches": stretches, "turning": turning, "accuracy": accuracy,
            "text": _summary_text(rows, stretches, turning, accuracy, who),
            "said": _summary_said(rows, stretches, turning, accuracy, who)}


def _winning_said(row: Verdict, seats: int, who: Callable[[int], str]) -> dict[str, Any]:
    """Who was winning before ``row``'s move, as a message (a stretch's ``said``)."""
    v = row.value_before or {}
    if v.get("outcome") == "win":
        return said("teach-stretch-winning", name=who(row.seat))
    if v.get("outcome") == "loss" and seats == 2:
        return said("teach-stretch-winning", name=who(1 - row.seat))
    if v.get("outcome") == "draw":
        return said("teach-stretch-drawn")
    if v.get("outcome") == "score" and v.get("score") is not None:
        return said("teach-stretch-worth", score=v["score"] if row.seat == 0 else -v["score"], name=who(0))
    return said("teach-stretch-unknown")


def _turn_said(r: Verdict, who: Callable[[int], str]) -> list[dict[str, Any]]:
    """A turning move of the summary as phrases: who played what, what it did, and what kept it (as _turn_words)."""
    before = (r.value_before or {}).get("outcome")
    after = (r.value_after or {}).get("outcome")
    if r.verdict == "missed a forced defence":
        what = "missed-defence"
    elif r.verdict == "missed a proven win" and after not in ("loss", "draw"):
        what = "missed-win"
    elif "draw" in r.verdict:
        what = "threw-draw"
    elif before == "win" and (after in ("loss", "draw") or r.move == RESIGN):
        what = "threw-win"
    else:
        what = ""
    args: dict[str, Any] = {"name": who(r.seat)}
    if r.move != RESIGN:
        args.update(move=r.move, n=r.ply + 1)
    if what == "missed-defence":
        args["stop"] = r.best[0] if r.best else "?"
    how = "resigned" if r.move == RESIGN else "played"
    out = [said(f"teach-sum-{how}-{what}", **args) if what else said(f"teach-sum-{how}", **args)]
    if not what:
        out.append(verdict_said(r.verdict))
    if r.best and r.verdict != "missed a forced defence":
        out.append(said("teach-sum-kept-it", moves=r.best[:2]))
    return out


def _summary_said(rows: list[Verdict], stretches: list[dict[str, Any]], turning: list[int],
                  accuracy: list[dict[str, Any]], who: Callable[[int], str]) -> list[dict[str, Any]]:
    """The summary's words as phrases (``_summary_text``'s, clause by clause)."""
    if not rows:
        return [said("teach-sum-no-moves")]
    first = stretches[0]["said"]
    start = {"teach-stretch-winning": "teach-sum-start-winning", "teach-stretch-drawn": "teach-sum-start-drawn",
             "teach-stretch-worth": "teach-sum-start-worth"}.get(first["id"], "teach-sum-start-unknown")
    out = [said(start, **first["args"])]
    by_ply = {r.ply: r for r in rows}
    for ply in turning[:4]:
        out += _turn_said(by_ply[ply], who)
    if len(turning) > 4:
        out.append(said("teach-sum-more", n=len(turning) - 4))
    if not turning and stretches[0]["seat"] is not None:
        out.append(said("teach-sum-nobody-threw"))
    given: dict[int, float] = {}
    for r in rows:
        if r.verdict.startswith("gave away "):
            given[r.seat] = given.get(r.seat, 0.0) + float(r.verdict.removeprefix("gave away "))
    out += [said("teach-sum-gave-away", name=who(seat), score=amount) for seat, amount in sorted(given.items())]
    out += [said("teach-sum-accuracy", name=who(a["seat"]), percent=a["percent"], best=a["best"], moves=a["moves"])
            for a in accuracy]
    if any(str((v or {}).get("text", "")).startswith("engine") for r in rows for v in (r.value_before, r.value_after)):
        out.append(said("teach-sum-engine-unit"))
    return out


def _winning(row: Verdict, seats: int, who: Callable[[int], str]) -> tuple[int | None, str]:
    v = row.value_before
    if v is None:
        return None, "not proven"
    if v["outcome"] == "win":
        return row.seat, f"{who(row.seat)} winning"
    if v["outcome"] == "loss" and seats == 2:
        return 1 - row.seat, f"{who(1 - row.seat)} winning"
    if v["outcome"] == "draw":
        return None, "drawn"
    if v["outcome"] == "score" and v["score"] is not None:
        worth = v["score"] if row.seat == 0 else -v["score"]
        return None, f"worth {worth:g} to {who(0)}"
    return None, "not proven"


def _turn_words(r: Verdict) -> str:
    """What a turning move did, in words that claim no more than is proven: "threw the win away" only where
    a win was proven before the move and its loss (or a draw) after it."""
    before = (r.value_before or {}).get("outcome")
    after = (r.value_after or {}).get("outcome")
    if r.verdict == "missed a forced defence":
        stop = f" ({r.best[0]})" if r.best else ""
        return f"missed the one defence found{stop}, allowing a proven win"
    if r.verdict == "missed a proven win" and after not in ("loss", "draw"):
        return "missed a proven win (what it left is not proven)"
    if "draw" in r.verdict:
        return "threw the draw away"
    if before == "win" and (after in ("loss", "draw") or r.move == RESIGN):
        return "threw the win away"
    return r.verdict


def _summary_text(rows: list[Verdict], stretches: list[dict[str, Any]], turning: list[int],
                  accuracy: list[dict[str, Any]], who: Callable[[int], str]) -> str:
    if not rows:
        return "no moves to judge"
    parts = []
    first = stretches[0]
    parts.append(f"{first['text']} from the start" if first["text"] != "not proven" else "nothing proven at the start")
    by_ply = {r.ply: r for r in rows}
    for ply in turning[:4]:
        r = by_ply[ply]
        what = "resigned" if r.move == RESIGN else f"played {r.move} at move {ply + 1}"
        better = f" ({' or '.join(r.best[:2])} kept it)" if r.best and r.verdict != "missed a forced defence" else ""
        parts.append(f"{who(r.seat)} {what} and {_turn_words(r)}{better}")
    if len(turning) > 4:
        parts.append(f"and {len(turning) - 4} more turning moves")
    if not turning and first["seat"] is not None:
        parts.append("nobody threw it away")
    given: dict[int, float] = {}
    for r in rows:
        if r.verdict.startswith("gave away "):
            given[r.seat] = given.get(r.seat, 0.0) + float(r.verdict.removeprefix("gave away "))
    parts += [f"{who(seat)} gave away {amount:g} in all" for seat, amount in sorted(given.items())]
    acc = ", ".join(f"{who(a['seat'])} {a['percent']}% ({a['best']} of {a['moves']})" for a in accuracy)
    engine = any(str((v or {}).get("text", "")).startswith("engine")
                 for r in rows for v in (r.value_before, r.value_after))  # fmt: skip
    unit = (" Engine figures are the engine's evaluation in points, each for the player who moved (positive: "
            "good for them)." if engine else "")
    return "; ".join(parts) + f". Accuracy: {acc}.{unit}"


def _value_of_move(game: rules.Game, after: Any, seat: int, max_nodes: int) -> tuple[str | None, float | None]:
    """What a move is worth to the seat that made it: (outcome, K) in win/loss games, (None, payoff) with scores."""
    if game.is_over(after):
        result = game.result(after)
        assert result is not None
        if game.has_scores and result.scores is not None:
            return None, float(result.scores[seat])
        outcome = result.outcomes[seat]
        return outcome, (1 if outcome == "win" else 0 if outcome == "loss" else None)
    v = exact.value(game, after, max_nodes=max_nodes)  # the value alone: no best moves of the child needed
    same = game.to_move(after) == seat
    if exact.table_for(game).payoff:
        return None, v if same else -v
    outcome, k, _ = exact.outcome_of(int(v))
    if outcome == "draw" or k is None:
        return "draw", None
    if same:
        return outcome, k + (1 if outcome == "win" else 0)
    return ("win", k + 1) if outcome == "loss" else ("loss", k)


def _verdict(sol: exact.Solution, got: tuple[str | None, float | None]) -> str:
    outcome, amount = got
    if sol.value is not None:  # a payoff game: how much the move gave away
        lost = sol.value - (amount or 0.0)
        return "best" if abs(lost) < 1e-9 else f"gave away {lost:g}"
    if (outcome, amount) == (sol.outcome, sol.in_k):
        return "best"
    if sol.outcome == "win":
        return "kept the win" if outcome == "win" else "threw the win away"
    if sol.outcome == "draw":
        return "threw the draw away" if outcome == "loss" else "best"
    return "hurried the loss"


def hint(game_name: str, params: dict[str, Any], moves: list[str] | None, budget_s: float = 1.0) -> str:
    """A suggested move for the seat to move, with why: exact when the solver can, else the strongest bot's pick."""
    return hint_and_explanation(game_name, params, moves, budget_s)[0]


def hint_and_explanation(
    game_name: str, params: dict[str, Any], moves: list[str] | None, budget_s: float = 1.0
) -> tuple[str, dict[str, Any] | None]:
    """The hint's text and the explanation of the position it is about (None for line games beyond the table).

    The text is the move, its value and the reason: ``1:2 (wins in 6): the nim-sum 3 XOR 4 XOR 5 = 2;
    take 2 from heap 1 to leave nim-sum 0 ...``.
    """
    text, e, _ = hint_said(game_name, params, moves, budget_s)
    return text, e


def hint_said(
    game_name: str, params: dict[str, Any], moves: list[str] | None, budget_s: float = 1.0
) -> tuple[str, dict[str, Any] | None, list[dict[str, Any]]]:
    """The hint's text, its explanation, and the text as phrases (solver/teach.py: the move and its value, then
    the reason's phrases), so that every client says it in its reader's language."""
    text, e = _hint(game_name, params, moves, budget_s)
    move = text.split(" (", 1)[0]  # (the text starts with the move, then its value in brackets)
    if e is None:
        return text, e, [said("teach-hint-engine", move=move)]
    v = e.get("value") or {}
    if "(the search's choice" in text or " stops the opponent's continuous fours" in text:
        head = said("teach-hint-stops" if "stops the opponent" in text else "teach-hint-engine", move=move)
        return text, e, [head, *phrases_of(e)]
    if v.get("outcome") == "score":
        head = said("teach-hint-score", move=move, score=v["score"])
    elif e["rule"] == "threats" and v.get("outcome") == "win" and e["by"] == "by continuous fours":
        head = value_said("teach-hint-fours", v, move=move, line=e.get("line") or [])
        return text, e, [head]
    elif e["rule"] == "threats" and v.get("outcome") == "win":
        return text, e, [said("teach-hint-win-in", move=move, k=v.get("k") or 1)]
    elif e["rule"] == "threats" and v.get("outcome") == "unknown":
        return text, e, [said("teach-hint-unknown", move=move), *phrases_of(e)]
    else:
        head = value_said("teach-hint", v, move=move)
    reason = phrases_of(e)
    if e["rule"] in ("search", "engine", "threats", "over"):
        note = next((n for n in e["moves"] if n["move"] == move), None)
        if note is not None and note.get("said"):
            reason = [note["said"]]
    return text, e, [head, *reason]


def _hint(
    game_name: str, params: dict[str, Any], moves: list[str] | None, budget_s: float = 1.0
) -> tuple[str, dict[str, Any] | None]:
    game, texts = _game_and_moves(game_name, params, moves)
    if game.hidden_information:  # the client does not know the secrets of a game in play
        raise ReviewUnavailable(f"{game_name}: no hints in a game with hidden information",
                                said("teach-refused-hidden-hint", game=game_name))
    state = game.replay(texts)
    if game.is_over(state):
        raise ReviewUnavailable("the game is over: there is no move to suggest", said("teach-refused-over"))
    e = explain.explain(game, state, seat=game.to_move(state), budget_s=budget_s, max_nodes=HINT_NODES)
    if e["rule"] == "engine" or not e["best"]:  # nothing proven: the engine's choice
        move = game.parse_move(state, e["best"][0]) if e["best"] else bot.choose(game, state, "hard", budget_s).move
        if _by_threats(game):
            guarded = _guard(game, state, move, budget_s)
            if guarded is not None:
                return guarded
        return f"{game.format_move(state, move)} (the search's choice)", e
    best, v = e["best"][0], e["value"]
    if v["outcome"] == "score":
        head = f"{best} (keeps the value {v['score']:g})"
    elif e["rule"] == "threats" and v["outcome"] == "win" and e["by"] == "by continuous fours":
        k = v["k"] if v["k"] is not None else f"at most {v['at_most']}"
        return f"{best} (wins by continuous fours in {k}: {' '.join(e['line'] or [])})", e
    elif e["rule"] == "threats" and v["outcome"] == "win":
        return f"{best} (wins in {v['k'] or 1})", e
    elif e["rule"] == "threats" and v["outcome"] == "unknown":  # a defence against a proven threat
        return f"{best} (not proven): {e['reason']}", e
    elif v["outcome"] == "win":
        head = f"{best} (wins in {v['k']})" if v["k"] is not None else f"{best} (wins)"
    elif v["outcome"] == "draw":
        head = f"{best} (holds the draw)"
    elif v["k"] is not None:
        head = f"{best} (you lose in {v['k']} at best; this holds out longest)"
    else:
        head = f"{best} (you lose against best play whatever you do)"
    return f"{head}: {_hint_reason(e, best)}", e


def _hint_reason(e: dict[str, Any], move: str) -> str:
    """The reason a hint gives: the rule's reason, else why its move is best."""
    if e["rule"] not in ("search", "engine", "threats", "over"):
        return e["reason"]
    for note in e["moves"]:
        if note["move"] == move:
            return note["why"]
    return e["reason"]


# ----------------------------------------------------------------------------------
# line games too large for the exact solver: proofs by threats

LINE_REVIEW_S = 0.5  # seconds for each threat proof of a line-game review
LINE_REVIEW_TOTAL_S = 60.0  # past this the rest of the moves are not judged
DEFENCES_TRIED = 24  # other moves tried for a defence the player missed


def _by_threats(game: rules.Game) -> bool:
    """Line games (gomoku, the m,n,k boards) beyond the bit-mask model: judged by threat proofs, not by the table."""
    return game.in_a_row() is not None and exact.table_for(game).model is game


def _moves(game: rules.Game, state: Any, cells: list[Any]) -> str:
    return " ".join(game.format_move(state, c) for c in cells)


def _proof(game: rules.Game, state: Any, seconds: float) -> exact.Solution | None:
    """A proven win (at once or by continuous fours) of the player to move, or None (also when time ran out)."""
    from grundy.solver.search import Clock, TimeUp

    if game.is_over(state):
        return None
    try:
        sol = exact.threat_solution(game, state, Clock.after(seconds))
    except TimeUp:
        return None
    return sol if sol is not None and sol.outcome == "win" else None


def _proof_said(prefix: str, sol: exact.Solution, line: str, **args: Any) -> dict[str, Any]:
    """A proof as a message of family ``prefix``: ``-now`` (a win at once) or ``-fours`` {k} / ``-fours-at-most``
    {k} (continuous fours), with the line."""
    if sol.proof == "five":
        return said(f"{prefix}-now", line=line, **args)
    if sol.in_k is not None:
        return said(f"{prefix}-fours", k=sol.in_k, line=line, **args)
    return said(f"{prefix}-fours-at-most", k=sol.at_most or 1, line=line, **args)


def _proof_text(sol: exact.Solution) -> str:
    k = sol.in_k if sol.in_k is not None else f"at most {sol.at_most}"
    return "wins at once" if sol.proof == "five" else f"wins by continuous fours in {k}"


def line_review(
    game: rules.Game, texts: list[str], seconds: float = LINE_REVIEW_S, total_s: float = LINE_REVIEW_TOTAL_S
) -> list[Verdict]:
    """Every move of a gomoku (or big m,n,k) game judged by what is proven about threats, else by the engine.

    Proven verdicts: ``best`` (won at once, or kept a proven win at the same length), ``kept
    the win`` (a four that keeps a proven win, longer), ``missed a proven win`` (the player
    had a win at once or by continuous fours and played a move not proven to keep it),
    ``missed a forced defence`` (after the move the opponent has a proven win, and another
    move, named in ``best``, leaves him no win at once or by continuous fours), ``allowed a
    proven win`` (the same, with no such other move found), ``lost anyway`` (the opponent's
    last move kept a proof that covers every reply) and ``stopped the threat`` (the opponent
    threatened a win by fours, as if he moved, and after the move he has none).  Where
    nothing is proven, the engine's view: ``engine's choice`` (the engine plays the same
    move), ``close to the engine's choice`` (its score after the move is within
    :data:`ENGINE_TOLERANCE` of the engine's move's) or ``engine prefers another move``
    (named in ``best``, with both scores in ``why``).

    ``before`` says what held *before* the move: the mover's proven win, the opponent's
    threat, or the engine's score and move; ``value_before`` / ``value_after`` are protocol
    ``Value`` dicts (``unknown`` with the engine's score in words where nothing is proven).
    Moves after ``total_s`` seconds are not judged (``no proof``).
    """
    import time

    state = game.initial()
    out: list[Verdict] = []
    stop = time.monotonic() + total_s
    engine = _EngineView(game, min(LINE_ENGINE_S, max(0.02, total_s * ENGINE_SHARE / (len(texts) + 1))))
    after_proof: exact.Solution | None = None  # the proof for the player to move now, when `known`
    known = False
    lost: exact.Solution | None = None  # the proof the opponent's last move kept, when it covers every reply
    for ply, text in enumerate(texts):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        assert seat is not None
        try:
            move = game.parse_move(state, text)
        except rules.RulesError as e:
            raise ReviewUnavailable(f"move {ply + 1} ({text!r}) does not replay here: {e}",
                                    said("teach-refused-move", n=ply + 1, move=text, why=str(e))) from None
        after = game.apply(state, move)
        if time.monotonic() > stop:
            out.append(Verdict(ply, seat, text, "not judged", "no proof (the review ran out of time)",
                               before_said=[said("teach-before-not-judged")]))
            state, known = after, False
            continue
        mine = after_proof if known else _proof(game, state, seconds)
        theirs = _proof(game, after, seconds)
        if lost is not None and mine is None:  # every reply to the opponent's last four was covered by his proof
            row = _lost_row(game, ply, seat, text, after, lost, theirs)
        elif mine is not None:
            row = _winning_row(game, ply, seat, text, state, move, after, mine, theirs)
        else:
            row = _open_row(game, ply, seat, text, state, move, after, theirs, seconds, engine)
        out.append(row)
        lost = mine if row.verdict in ("best", "kept the win") and not game.is_over(after) else None
        state, after_proof, known = after, theirs, True
    return out


LINE_ENGINE_S = 0.15  # seconds of the engine's search for each position of a line-game review
ENGINE_SHARE = 0.4  # at most this share of the review's time goes to the engine's searches
ENGINE_TOLERANCE = 40.0  # engine score units (solver.lines.weights) a move may give away and stay close


def _value(
    outcome: str | None, sol: exact.Solution | None = None, *, less: int = 0, text: str | None = None
) -> dict[str, Any]:
    """A protocol ``Value`` dict: ``outcome`` with ``sol``'s length (less ``less`` moves already played)."""
    from grundy.solver.explain import value

    if sol is None or outcome is None:
        out = value(outcome)
    elif sol.in_k is not None:
        out = value(outcome, max(1, sol.in_k - less))
    else:
        out = value(outcome, at_most=max(1, (sol.at_most or 1) - less))
    if text is not None:
        out["text"] = text
    return out


def _lost_row(
    game: rules.Game, ply: int, seat: int, text: str, after: Any, lost: exact.Solution, theirs: exact.Solution | None
) -> Verdict:
    """A reply to a four of the opponent's proof that covers every reply."""
    before = "lost: the opponent's last four is part of a proof that covers every reply"
    why = "every reply loses"
    why_said = [said("teach-line-every-reply-loses")]
    if theirs is not None:
        why += f": now he {_proof_text(theirs)}: {_moves(game, after, theirs.line)}"
        why_said.append(_proof_said("teach-line-now-opp", theirs, _moves(game, after, theirs.line)))
    return Verdict(
        ply, seat, text, before, "lost anyway",
        value_before=_value("loss", lost, less=1), value_after=_value("loss", theirs), why=why, why_said=why_said,
        before_said=[said("teach-before-lost-anyway")],
    )  # fmt: skip


def _winning_row(
    game: rules.Game,
    ply: int,
    seat: int,
    text: str,
    state: Any,
    move: Any,
    after: Any,
    mine: exact.Solution,
    theirs: exact.Solution | None,
) -> Verdict:
    """A move of a player with a proven win (at once or by continuous fours)."""
    line = _moves(game, state, mine.line)
    before = f"{_proof_text(mine)}: {line}"
    before_said = [_proof_said("teach-before-proof", mine, line)]
    vb = _value("win", mine)
    r = game.result(after) if game.is_over(after) else None
    if r is not None and r.outcomes[seat] == "win":
        return Verdict(ply, seat, text, before, "best", value_before=vb, value_after=_value("win", text="won"),
                       before_said=before_said)
    best = [game.format_move(state, m) for m in mine.best]
    kept = _keeps(game, state, move, mine)
    if kept is not None:
        length = mine.in_k or mine.at_most
        if kept == length:
            return Verdict(ply, seat, text, before, "best", value_before=vb, value_after=vb, before_said=before_said)
        why = f"{' or '.join(best)} {_proof_text(mine)}: {line}"
        va = _value("win", exact.Solution(seat, "win", kept, None, None, [], None, 0))
        return Verdict(ply, seat, text, before, "kept the win", value_before=vb, value_after=va, best=best, why=why,
                       why_said=[_proof_said("teach-line-best", mine, line, moves=best)], before_said=before_said)
    va = _value("loss", theirs) if theirs is not None else _value(None, text="not proven")
    why = f"{' or '.join(best)} {_proof_text(mine)}: {line}"
    why_said = [_proof_said("teach-line-best", mine, line, moves=best)]
    if theirs is not None:
        why += f"; after {text} the opponent {_proof_text(theirs)}: {_moves(game, after, theirs.line)}"
        why_said.append(_proof_said("teach-line-after-opp", theirs, _moves(game, after, theirs.line), move=text))
    return Verdict(ply, seat, text, before, "missed a proven win", value_before=vb, value_after=va, best=best, why=why,
                   why_said=why_said, before_said=before_said)


def _open_row(
    game: rules.Game,
    ply: int,
    seat: int,
    text: str,
    state: Any,
    move: Any,
    after: Any,
    theirs: exact.Solution | None,
    seconds: float,
    engine: _EngineView,
) -> Verdict:
    """A move with no win proven for the mover: the threat before it, what it allowed, or the engine's view."""
    threat, threat_said = _threat_before(game, state, seconds)
    now = engine.view(state)  # (score for the mover, the engine's move) or None
    if threat is not None:
        before = f"no win proven; the opponent threatens {threat}"
        before_said = [said("teach-before-no-win"), threat_said]
    elif now is not None:
        before = f"no win proven; {_engine_words(game, state, now[0])}, and it plays {now[1]}"
        before_said = [said("teach-before-no-win"), said("teach-line-engine-plays", move=now[1]), engine_said(now[0])]
    else:
        before = "no win proven either way"
        before_said = [said("teach-before-nothing")]
    vb = _value(None, text=_engine_value(now[0]) if now is not None else "not proven")
    if theirs is not None:
        va = _value("loss", theirs)
        proof = f"after {text} the opponent {_proof_text(theirs)}: {_moves(game, after, theirs.line)}"
        proof_said = _proof_said("teach-line-after-opp", theirs, _moves(game, after, theirs.line), move=text)
        defence = _defence(game, state, move, theirs, seconds)
        if defence is not None:
            stop = game.format_move(state, defence)
            why = f"{proof}; after {stop} he has no win at once or by continuous fours"
            return Verdict(ply, seat, text, before, "missed a forced defence", value_before=vb, value_after=va,
                           best=[stop], why=why, before_said=before_said,
                           why_said=[proof_said, said("teach-line-after-no-win", move=stop)])  # fmt: skip
        return Verdict(ply, seat, text, before, "allowed a proven win", value_before=vb, value_after=va,
                       why=f"{proof}; no other move tried stops it", before_said=before_said,
                       why_said=[proof_said, said("teach-line-no-stop")])  # fmt: skip
    then = engine.view(after)
    score_after = -then[0] if then is not None and not game.is_over(after) else None
    va = _value(None, text=_engine_value(score_after) if score_after is not None else "not proven")
    if threat is not None:
        why = f"after {text} the opponent has no win at once or by continuous fours"
        return Verdict(ply, seat, text, before, "stopped the threat", value_before=vb, value_after=va, why=why,
                       before_said=before_said, why_said=[said("teach-line-after-no-win", move=text)])
    if now is None:
        return Verdict(ply, seat, text, before, "no proof", value_before=vb, value_after=va, before_said=before_said)
    score, choice = now
    if choice == text:
        return Verdict(ply, seat, text, before, "engine's choice", value_before=vb, value_after=va,
                       before_said=before_said)
    engine_plays = [said("teach-line-engine-plays", move=choice), engine_said(score),
                    said("teach-line-after", move=text), engine_said(score_after)]
    if score_after is not None and score - score_after <= max(ENGINE_TOLERANCE, abs(score) * 0.15):
        why = f"the engine plays {choice} ({_engine_value(score)}); after {text}: {_engine_value(score_after)}"
        return Verdict(ply, seat, text, before, "close to the engine's choice", value_before=vb, value_after=va,
                       why=why, before_said=before_said, why_said=engine_plays)  # fmt: skip
    after_words = _engine_value(score_after) if score_after is not None else "not judged"
    why = f"the engine prefers {choice} ({_engine_value(score)}); after {text}: {after_words}"
    return Verdict(ply, seat, text, before, "engine prefers another move", value_before=vb, value_after=va,
                   best=[choice], why=why, before_said=before_said, why_said=engine_plays)  # fmt: skip


class _EngineView:
    """The engine's score (for the player to move) and move of each position, each searched once."""

    def __init__(self, game: rules.Game, seconds: float) -> None:
        self.game = game
        self.seconds = seconds
        self.seen: dict[Any, tuple[float, str] | None] = {}

    def view(self, state: Any) -> tuple[float, str] | None:
        key: Any = state  # the whole position: an opening's colour choice leaves the board as it was
        try:
            hash(key)
        except TypeError:
            key = repr(state)
        if key not in self.seen:
            self.seen[key] = self._search(state)
        return self.seen[key]

    def _search(self, state: Any) -> tuple[float, str] | None:
        import random

        if self.game.is_over(state):
            return None
        decision = bot.choose(self.game, state, "hard", self.seconds, rng=random.Random(0))
        if decision.value is None:
            return None
        return float(decision.value), self.game.format_move(state, decision.move)


def _engine_value(score: float) -> str:
    """The engine's score in a few words: ``engine +120``, ``engine: a win in sight``."""
    if score >= 90_000:
        return "engine: a win in sight"
    if score <= -90_000:
        return "engine: a loss in sight"
    return f"engine {score:+.0f}"


def _engine_words(game: rules.Game, state: Any, score: float) -> str:
    """The engine's view of a position for the mover in words: ``black is better by the engine (engine +120)``."""
    from grundy.solver.explain_lines import BETTER, CLEARLY, EVEN, colour_names

    line = game.in_a_row()
    colour = line.colour_to_move(state) if line is not None else None
    if colour in (0, 1):
        names = colour_names(game, state)
        me, him = names[colour], names[1 - colour]
    else:
        me, him = "the mover", "the opponent"
    size = abs(score)
    side = me if score >= 0 else him
    if size >= 90_000:
        return f"the engine sees a forced win for {side}"
    if size >= CLEARLY:
        lead = f"{side} is winning by the engine"
    elif size >= BETTER:
        lead = f"{side} is clearly better by the engine"
    elif size >= EVEN:
        lead = f"{side} is better by the engine"
    else:
        lead = "about even by the engine"
    return f"{lead} ({_engine_value(score)} for {me})"


def _their_fours(game: rules.Game, state: Any, seconds: float) -> tuple[Any, int, list[Any]] | None:
    """The opponent's win at once or by continuous fours as if he moved now: ``(board, mover's colour,
    his line)``, or None (no line found in ``seconds``, or not a line board)."""
    from grundy.solver.search import Clock, TimeUp
    from grundy.solver.vcf import ThreatSearch

    read = exact.line_board(game, state)
    if read is None:
        return None
    board, colour = read
    try:
        line = ThreatSearch(board, Clock.after(seconds)).find(1 - colour, exact.VCF_MOVES)
    except TimeUp:
        return None
    return (board, colour, line) if line else None


def _threat_before(game: rules.Game, state: Any, seconds: float) -> tuple[str | None, dict[str, Any] | None]:
    """The opponent's win by fours as if he moved now (a threat the mover must meet), in words and as a
    message; None if none."""
    found = _their_fours(game, state, seconds)
    if found is None:
        return None, None
    line = found[2]
    if len(line) == 1:
        return f"five at {_moves(game, state, line)}", said("teach-before-threat-five", move=_moves(game, state, line))
    return (f"continuous fours: {_moves(game, state, line)}",
            said("teach-before-threat-fours", line=_moves(game, state, line)))


def _keeps(game: rules.Game, state: Any, move: Any, mine: exact.Solution) -> int | None:
    """The length of a proven win by continuous fours that starts with ``move``, or None."""
    from grundy.solver.search import Clock, TimeUp

    if move in mine.best and mine.in_k is not None:
        return mine.in_k
    read = exact.line_board(game, state)
    if read is None:
        return None
    board, colour = read
    prover = exact.ThreatProver(game, board, Clock.after(LINE_REVIEW_S))
    try:
        found = prover.after_four(state, colour, move, exact.VCF_MOVES, [])
    except TimeUp:
        return None
    return None if found is None else found[0]


def _guard(game: rules.Game, state: Any, move: Any, seconds: float) -> tuple[str, dict[str, Any]] | None:
    """A hint against the opponent's continuous fours, when he threatens them, with its explanation (the threat
    and the move that stops it, in phrases, so that every client says it in its language); None when he does not.

    The threat is the threat search's line for the opponent as if he moved now; a move is
    said to stop it only when the finished search finds him no win at once or by fours after it.
    """
    from grundy.solver.search import Clock, TimeUp

    found = _their_fours(game, state, seconds)
    if found is None:
        return None
    board, colour, line = found
    threat = _moves(game, state, line)
    fours = board.four_makers(colour)
    stop = Clock.after(2 * seconds)  # the whole look for a defence
    for c in list(dict.fromkeys([move, *line, *fours]))[: DEFENCES_TRIED + 1]:
        if stop.expired():
            break
        if board.board[c] or not game.is_legal(state, c):
            continue
        try:
            each = Clock(min(stop.deadline, Clock.after(seconds / 2).deadline))
            found = exact.threat_solution(game, game.apply(state, c), each)
        except TimeUp:
            continue
        if found is None or found.outcome != "win":
            how = "the search's choice; it" if c == move else "it"
            text = f"{game.format_move(state, c)} ({how} stops the opponent's continuous fours: {threat})"
            return text, _guard_explanation(game, state, colour, threat.split(), game.format_move(state, c), True)
    text = f"{game.format_move(state, move)} (the search's choice; the opponent threatens continuous fours: {threat})"
    return text, _guard_explanation(game, state, colour, threat.split(), game.format_move(state, move), False)


def _guard_explanation(
    game: rules.Game, state: Any, colour: int, line: list[str], move: str, stops: bool
) -> dict[str, Any]:
    """The explanation of a guarding hint: the opponent's continuous fours, and ``move`` that stops them (proven
    by the finished search) or, when none was, the engine's move."""
    from grundy.solver.explain_lines import colour_names
    from grundy.solver.phrases import say, sentence

    names = colour_names(game, state)
    me, him = names[colour], names[1 - colour]
    out = explain.empty(game, state, explain.value(None), "threats", "by the opponent's continuous fours", "")
    said = [say("lines.threat_fours", him=him, line=line)]
    if stops:
        said.append(say("lines.must_stop", me=me, moves=[move], him=him))
        note = say("lines.note_stops_fours", him=him)
    else:
        said += [say("lines.no_stop"), say("lines.engine_plays", move=move)]
        note = say("note.engine")
    out.update(said=said, reason=sentence(said), best=[move], moves=[explain._note(move, note)], line=line,
               marks=[{"cell": move, "role": "defence"},
                      *({"cell": t, "role": "threat"} for i, t in enumerate(line) if i % 2 == 0 and t != move)])
    return out


def _defence(game: rules.Game, state: Any, move: Any, theirs: exact.Solution, seconds: float) -> Any:
    """Another move than ``move`` after which the opponent has no win at once or by continuous fours, or None.

    Tried: the cells of the opponent's winning line (a stone there spoils it), then the
    player's own fours.  A move counts only when the search for the opponent's fours finished.
    """
    from grundy.solver.search import Clock, TimeUp

    tried: list[Any] = []
    read = exact.line_board(game, state)
    fours = read[0].four_makers(read[1]) if read is not None else []
    for c in [*theirs.line, *fours]:
        if c == move or c in tried or not game.is_legal(state, c):
            continue
        tried.append(c)
        if len(tried) > DEFENCES_TRIED:
            break
        child = game.apply(state, c)
        if game.is_over(child):
            continue
        try:
            found = exact.threat_solution(game, child, Clock.after(seconds))
        except TimeUp:
            continue
        if found is None or found.outcome != "win":
            return c
    return None


def _position_game(game_name: str, params: dict[str, Any], moves: list[str] | None) -> tuple[rules.Game, list[str]]:
    """The game and moves of a position to explain: as for a review, but minesweeper alone is explained too
    (its explanation reads the seat's view, it needs no opponent)."""
    from grundy.solver import explain_mines

    try:
        return _game_and_moves(game_name, params, moves)
    except ReviewUnavailable:
        if moves is None:
            raise
        try:
            game = rules.create(game_name, **params)
        except rules.ParameterError:
            raise ReviewUnavailable(f"{game_name}: the game cannot be rebuilt here",
                                    said("teach-refused-rebuild-game", game=game_name)) from None
        if not explain_mines.covers(game):
            raise
        return game, moves


def analyse(
    kind: str,
    game_name: str,
    params: dict[str, Any],
    moves: list[str],
    budget_s: float,
    *,
    resigned: int | None = None,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """A hint, a review or a position's explanation as plain data (what a worker process sends back):
    ``{"hint": text, "explanation": {...}}``, ``{"review": [verdict fields, ...], "summary": {...}}``,
    ``{"explanation": {...}}`` for ``position``, or ``{"refused": why}`` when the solver cannot answer.

    ``budget_s`` bounds the hint's search, a position's and a line game's review; an exact review
    is bounded by :data:`REVIEW_NODES` new positions.  ``resigned``: the seat that resigned, when the
    game ended so (a review's last row judges the resignation); ``names``: the players' names, by
    seat, for the summary's words.
    """
    try:
        if kind == "hint":
            text, explanation, words = hint_said(game_name, params, moves, budget_s)
            return {"hint": text, "hint_said": words, "explanation": explanation}
        if kind == "position":
            game, texts = _position_game(game_name, params, moves)
            try:
                state = game.replay(texts)
            except rules.RulesError as e:
                raise ReviewUnavailable(f"these moves do not replay: {e}",
                                        said("teach-refused-no-replay", why=reason_of(e))) from None
            return {"explanation": explain.explain(game, state, seat=game.to_move(state), budget_s=budget_s)}
        rows = review(game_name, params, moves, total_s=budget_s, resigned=resigned)
    except ReviewUnavailable as e:
        return {"refused": str(e), **({"refused_said": e.said} if e.said else {})}
    except ValueError as e:
        return {"refused": str(e)}
    seats = max([1, *(r.seat + 1 for r in rows)])
    try:
        seats = rules.create(game_name, **params).seats
    except (rules.ParameterError, ValueError):
        pass
    return {"review": [_row_said(v) for v in rows], "summary": summarise(rows, seats, names)}


def _row_said(v: Verdict) -> dict[str, Any]:
    """A review row as the protocol's ``ReviewMove``: its words as phrases too (``before_said`` from its value
    when the row says no more, ``verdict_said``, ``why_said``)."""
    row = dataclasses.asdict(v)
    if row["before_said"] is None:
        row["before_said"] = [value_said("teach-value", v.value_before)]
    row["verdict_said"] = verdict_said(v.verdict)
    if v.why is None:
        row["why_said"] = None
    return row

