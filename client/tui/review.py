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
    """Every move of a finished game with the solver's verdict; ReviewUnavailable when it cannot judge."""
    game, texts = _game_and_moves(game_name, params, moves)
    try:
        table = exact.table_for(game)
    except exact.Unsupported as e:
        raise ReviewUnavailable(str(e)) from None
    state = game.initial()
    out: list[Verdict] = []
    spent = 0
    for ply, text in enumerate(texts):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        try:
            move = game.parse_move(state, text)
        except rules.RulesError as e:
            raise ReviewUnavailable(f"move {ply + 1} ({text!r}) does not replay here: {e}") from None
        try:
            sol = exact.solve(game, state, max_nodes=max(1, max_nodes - spent))
            values = dict(table.move_values(state, exact.Budget(max(1, max_nodes - spent), None, repr(game))))
        except (exact.TooLarge, exact.Unsupported) as e:
            raise ReviewUnavailable(f"the game is too large to judge exactly ({e})") from None
        spent += sol.nodes
        got = values.get(move)
        out.append(Verdict(ply, seat if seat is not None else -1, text, _describe(sol), _verdict(sol, move, got)))
        state = game.apply(state, move)
    return out


def _verdict(sol: exact.Solution, move: Any, got: float | None) -> str:
    if move in sol.best:
        return "best"
    if got is None:
        return "not judged"
    if sol.value is not None:  # a payoff game: how much the move gave away
        return f"gave away {sol.value - got:g}"
    outcome = exact.outcome_of(int(got))[0]
    if sol.outcome == "win":
        return "kept the win" if outcome == "win" else "threw the win away"
    if sol.outcome == "draw":
        return "threw the draw away"
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
