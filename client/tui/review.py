"""Post-game review and hints, computed locally with the exact solver on the game's move list.

The client has the rules engine and the solver, so a finished game of a solvable (two-seat,
perfect-information, small enough) game can be judged move by move without asking the
server: each move is ``best``, ``kept the win``, ``threw the win away`` and so on.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import rules
from solver import bot, exact

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
    game_name: str, params: dict[str, Any], moves: list[str] | None, max_nodes: int = REVIEW_NODES
) -> list[Verdict]:
    """Every move of a finished game with the solver's verdict; ReviewUnavailable when it cannot judge.

    A move is judged by solving the position it led to: ``best`` when it keeps the position's
    exact value (the same win in K, or the same payoff), otherwise what it gave away.
    """
    game, texts = _game_and_moves(game_name, params, moves)
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
        sol = exact.solve(game, state, max_nodes=HINT_NODES)
    except (exact.TooLarge, exact.Unsupported):
        decision = bot.choose(game, state, "hard", budget_s)
        return f"{game.format_move(state, decision.move)} (the search's choice)"
    best = game.format_move(state, sol.best[0])
    if sol.value is not None:
        return f"{best} (keeps the value {sol.value:g})"
    if sol.outcome == "win":
        return f"{best} (wins in {sol.in_k})"
    if sol.outcome == "draw":
        return f"{best} (holds the draw)"
    return f"{best} (you lose in {sol.in_k} at best; this holds out longest)"
