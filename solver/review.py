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
from typing import Any

from grundy import rules
from grundy.solver import bot, exact

REVIEW_NODES = 400_000  # new positions the whole review may solve before giving up
HINT_NODES = 200_000


class ReviewUnavailable(ValueError):
    """The game cannot be judged exactly here: hidden moves, too many seats, or too large."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The solver's judgement of one move: the position before it (for the mover) and what the move did."""

    ply: int
    seat: int
    move: str
    before: str  # e.g. "win in 2", "loss in 3", "draw", "value 5"
    verdict: str  # best | kept the win | threw the win away | threw the draw away | hurried the loss | gave away N


def _describe(sol: exact.Solution) -> str:
    if sol.value is not None:
        return f"value {sol.value:g}"
    if sol.outcome == "draw":
        return "draw"
    return f"{sol.outcome} in {sol.in_k}"


def _game_and_moves(game_name: str, params: dict[str, Any], moves: list[str] | None) -> tuple[rules.Game, list[str]]:
    if moves is None:
        raise ReviewUnavailable("some moves are hidden from this client, so the game cannot be replayed here")
    try:
        game = rules.create(game_name, **params)
    except rules.ParameterError as e:
        raise ReviewUnavailable(f"the game cannot be rebuilt here: {e}") from None
    if game.seats != 2:
        raise ReviewUnavailable(f"{game_name}: the exact solver judges two-player games only")
    return game, moves


def review(
    game_name: str,
    params: dict[str, Any],
    moves: list[str] | None,
    max_nodes: int = REVIEW_NODES,
    total_s: float | None = None,
) -> list[Verdict]:
    """Every move of a finished game with the solver's verdict; ReviewUnavailable when it cannot judge.

    A move is judged by solving the position it led to: ``best`` when it keeps the position's
    exact value (the same win in K, or the same payoff), otherwise what it gave away.
    """
    game, texts = _game_and_moves(game_name, params, moves)
    if _by_threats(game):
        return line_review(game, texts, total_s=LINE_REVIEW_TOTAL_S if total_s is None else total_s)
    state = game.initial()
    out: list[Verdict] = []
    spent = 0
    for ply, text in enumerate(texts):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        assert seat is not None
        try:
            move = game.parse_move(state, text)
        except rules.RulesError as e:
            raise ReviewUnavailable(f"move {ply + 1} ({text!r}) does not replay here: {e}") from None
        after = game.apply(state, move)
        try:
            sol = exact.solve(game, state, max_nodes=max(1, max_nodes - spent))
            spent += sol.nodes
            got = _value_of_move(game, after, seat, max(1, max_nodes - spent))
        except (exact.TooLarge, exact.Unsupported) as e:
            raise ReviewUnavailable(f"the game cannot be judged exactly here ({e})") from None
        out.append(Verdict(ply, seat, text, _describe(sol), _verdict(sol, got)))
        state = after
    return out


def _value_of_move(game: rules.Game, after: Any, seat: int, max_nodes: int) -> tuple[str | None, float | None]:
    """What a move is worth to the seat that made it: (outcome, K) in win/loss games, (None, payoff) with scores."""
    if game.is_over(after):
        result = game.result(after)
        assert result is not None
        if game.has_scores and result.scores is not None:
            return None, float(result.scores[seat])
        outcome = result.outcomes[seat]
        return outcome, (1 if outcome == "win" else 0 if outcome == "loss" else None)
    child = exact.solve(game, after, max_nodes=max_nodes)
    same = child.to_move == seat
    if child.value is not None:
        return None, child.value if same else -child.value
    if child.outcome == "draw" or child.in_k is None:
        return "draw", None
    if same:
        return child.outcome, child.in_k + (1 if child.outcome == "win" else 0)
    return ("win", child.in_k + 1) if child.outcome == "loss" else ("loss", child.in_k)


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
    game, texts = _game_and_moves(game_name, params, moves)
    if game.hidden_information:  # the client does not know the secrets of a game in play
        raise ReviewUnavailable(f"{game_name}: no hints in a game with hidden information")
    state = game.replay(texts)
    if game.is_over(state):
        raise ReviewUnavailable("the game is over: there is no move to suggest")
    try:
        sol = exact.solve(game, state, max_nodes=HINT_NODES, max_seconds=max(budget_s, 1.0))
    except (exact.TooLarge, exact.Unsupported):
        decision = bot.choose(game, state, "hard", budget_s)
        if _by_threats(game):
            guarded = _guard(game, state, decision.move, budget_s)
            if guarded is not None:
                return guarded
        return f"{game.format_move(state, decision.move)} (the search's choice)"
    best = game.format_move(state, sol.best[0])
    if sol.value is not None:
        return f"{best} (keeps the value {sol.value:g})"
    if sol.outcome == "win" and sol.proof == "fours":
        k = sol.in_k if sol.in_k is not None else f"at most {sol.at_most}"
        return f"{best} (wins by continuous fours in {k}: {_moves(game, state, sol.line)})"
    if sol.outcome == "win":
        return f"{best} (wins in {sol.in_k})"
    if sol.outcome == "draw":
        return f"{best} (holds the draw)"
    return f"{best} (you lose in {sol.in_k} at best; this holds out longest)"


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


def _proof_text(sol: exact.Solution) -> str:
    k = sol.in_k if sol.in_k is not None else f"at most {sol.at_most}"
    return "wins at once" if sol.proof == "five" else f"wins by continuous fours in {k}"


def line_review(
    game: rules.Game, texts: list[str], seconds: float = LINE_REVIEW_S, total_s: float = LINE_REVIEW_TOTAL_S
) -> list[Verdict]:
    """Every move of a gomoku (or big m,n,k) game judged by what is proven about threats.

    Verdicts: ``best`` (won at once, or kept a proven win at the same length), ``kept the
    win`` (a four that keeps a proven win, longer), ``missed a proven win`` (the player had a
    win at once or by continuous fours and played a move not proven to keep it), ``missed a
    forced defence`` (after the move the opponent has a proven win, and another move, named
    in ``before``, leaves him no win at once or by continuous fours), ``allowed a proven
    win`` (the same, with no such other move found) and ``no proof`` (nothing proven either
    way), ``lost anyway`` (the opponent's last move kept a proof that covers every reply).
    ``before`` says what was proven before the move.  Moves after ``total_s`` seconds are not judged.
    """
    import time

    state = game.initial()
    out: list[Verdict] = []
    stop = time.monotonic() + total_s
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
            raise ReviewUnavailable(f"move {ply + 1} ({text!r}) does not replay here: {e}") from None
        after = game.apply(state, move)
        if time.monotonic() > stop:
            out.append(Verdict(ply, seat, text, "not judged", "no proof (the review ran out of time)"))
            state, known = after, False
            continue
        mine = after_proof if known else _proof(game, state, seconds)
        theirs = _proof(game, after, seconds)
        if lost is not None and mine is None:  # every reply to the opponent's last four was covered by his proof
            before = "lost: the opponent's last four is part of a proof that covers every reply"
            if theirs is not None:
                before += f"; now he {_proof_text(theirs)}: {_moves(game, after, theirs.line)}"
            verdict = "lost anyway"
        else:
            before, verdict = _line_verdict(game, state, move, after, mine, theirs, seconds)
        out.append(Verdict(ply, seat, text, before, verdict))
        lost = mine if verdict in ("best", "kept the win") and not game.is_over(after) else None
        state, after_proof, known = after, theirs, True
    return out


def _line_verdict(
    game: rules.Game,
    state: Any,
    move: Any,
    after: Any,
    mine: exact.Solution | None,
    theirs: exact.Solution | None,
    seconds: float,
) -> tuple[str, str]:
    """``(before, verdict)`` of one move of a line game (see :func:`line_review`)."""
    if mine is not None:
        before = f"{_proof_text(mine)}: {_moves(game, state, mine.line)}"
        seat = game.to_move(state)
        r = game.result(after) if game.is_over(after) else None
        won = r is not None and seat is not None and r.outcomes[seat] == "win"
        if won:
            return before, "best"
        kept = _keeps(game, state, move, mine)
        if kept is not None:
            return before, "best" if kept == (mine.in_k or mine.at_most) else "kept the win"
        return before, "missed a proven win"
    if theirs is None:
        return "no proof", "no proof"
    threat = f"then the opponent {_proof_text(theirs)}: {_moves(game, after, theirs.line)}"
    defence = _defence(game, state, move, theirs, seconds)
    if defence is not None:
        stop = f"after {game.format_move(state, defence)} he has no win at once or by continuous fours"
        return f"{threat}; {stop}", "missed a forced defence"
    return f"{threat}; no other move tried stops it", "allowed a proven win"


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


def _guard(game: rules.Game, state: Any, move: Any, seconds: float) -> str | None:
    """A hint against the opponent's continuous fours, when he threatens them; None when he does not.

    The threat is the threat search's line for the opponent as if he moved now; a move is
    said to stop it only when the finished search finds him no win at once or by fours after it.
    """
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
    if not line:
        return None
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
            return f"{game.format_move(state, c)} ({how} stops the opponent's continuous fours: {threat})"
    return f"{game.format_move(state, move)} (the search's choice; the opponent threatens continuous fours: {threat})"


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


def analyse(kind: str, game_name: str, params: dict[str, Any], moves: list[str], budget_s: float) -> dict[str, Any]:
    """A hint, a review or a position's explanation as plain data (what a worker process sends back):
    ``{"hint": text, "explanation": {...}}``, ``{"review": [verdict fields, ...]}``,
    ``{"explanation": {...}}`` for ``position``, or ``{"refused": why}`` when the solver cannot answer.

    ``budget_s`` bounds the hint's search, a position's and a line game's review; an exact review
    is bounded by :data:`REVIEW_NODES` new positions.
    """
    from grundy.solver.explain import explain

    try:
        if kind == "hint":
            text = hint(game_name, params, moves, budget_s)
            game, texts = _game_and_moves(game_name, params, moves)
            return {"hint": text, "explanation": explain(game, game.replay(texts), budget_s=budget_s)}
        if kind == "position":
            game, texts = _game_and_moves(game_name, params, moves)
            try:
                state = game.replay(texts)
            except rules.RulesError as e:
                raise ReviewUnavailable(f"these moves do not replay: {e}") from None
            return {"explanation": explain(game, state, seat=game.to_move(state), budget_s=budget_s)}
        rows = review(game_name, params, moves, total_s=budget_s)
    except (ReviewUnavailable, ValueError) as e:
        return {"refused": str(e)}
    return {"review": [dataclasses.asdict(v) for v in rows]}
