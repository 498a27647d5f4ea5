"""One entry point for bots: ``choose(game, state, level, budget_s) -> Decision``.

Levels, weakest first:

* ``random``: any legal move, uniformly.
* ``easy``: looks two plies ahead (sees a win in one and a loss in one), misjudges
  positions noticeably, and one move in four takes its second choice when it looks close.
* ``medium``: four plies (three in line games, with a narrower choice of cells), milder
  misjudgements, an occasional second choice in quiet positions; in line games a shorter
  threat search than ``hard``.
* ``hard``: the full search within the budget: iterative-deepening alpha-beta with the
  game's evaluator, threat search and defence in line games, probabilities in minesweeper;
  games without an evaluator add Monte Carlo playouts when alpha-beta proves nothing.
* ``max``: perfect wherever exact play is possible: a known strategy (nim-sum, king
  parity, rook, Wythoff, coin mirror), else the exact solver within the budget, else the
  strongest search (in line games longer threat searches than ``hard`` and, in the native
  engine, a look for wins by continuous fours at the search's horizon).

Line games (m,n,k and gomoku: ``Game.in_a_row()``) run in the native engine (``_grundy_native``) where it is
built, else in the pure-Python one (see :mod:`solver.gomoku`).

The seat to move is ``game.to_move(state)``.  In hidden-information games the bot sees only
``game.view(state, seat)`` (minesweeper's counts; a blind evader's own figure).
``choose`` keeps to its budget: every search reads the clock as it goes and the answer
comes back within a few milliseconds of ``budget_s``; the move is always legal.

Three and four players: the search is *paranoid* (the seat to move against all the
others, who are assumed to play together against it); with two pursuers in a coalition
the pursuers form one side and the evader the other.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

from grundy.rules.base import GRID_PURSUIT, HIDDEN_LAYOUT, Game
from grundy.solver.mcts import mcts
from grundy.solver.search import PROVEN, WIN, Clock, Searcher, StatePosition, default_teams, discard

LEVELS = ("random", "easy", "medium", "hard", "max")

# The bots' helpers for kinds of game (``Game.kind`` in rules.base), one line each.  A seat that sees
# less than the whole state plays through BLIND[kind] (module, function), called as
# ``function(game, view, seat, level, clock, rng)``; the search scores positions through
# EVALUATORS[kind], a module with ``make_evaluator``, ``teams`` and ``SCALE``.  Line games
# (``Game.in_a_row()``) play through solver.gomoku.
BLIND: dict[str, tuple[str, str]] = {
    HIDDEN_LAYOUT: ("grundy.solver.mines", "choose_from_view"),
    GRID_PURSUIT: ("grundy.solver.pursuit", "choose_blind"),
}
EVALUATORS: dict[str, str] = {
    GRID_PURSUIT: "grundy.solver.pursuit",
}

# Time kept back from the budget for the work around the search (checks, the answer).
_MARGIN_S = 0.006
_MARGIN_SHARE = 0.03


@dataclasses.dataclass(frozen=True)
class Decision:
    """A bot's move with what it saw.

    ``value`` is the score for the seat to move: ``±(1_000_000 - plies)`` for a proven win
    or loss, the payoff in payoff games, heuristic units otherwise (None: not judged).
    ``pv`` is the line the bot expects, starting with ``move``; ``nodes`` the positions it
    looked at; ``depth`` the plies searched (0 when no search ran).
    """

    move: Any
    value: float | None
    pv: list[Any]
    nodes: int
    depth: int
    reason: str = ""


@dataclasses.dataclass(frozen=True)
class LevelStyle:
    """The generic search's settings for a level."""

    max_depth: int
    noise: float  # evaluation noise, as a share of the evaluator's scale
    slip: float  # chance of the runner-up when it is close
    playouts: bool  # Monte Carlo when alpha-beta proves nothing (games without an evaluator)
    exact: bool  # known strategies and the exact solver first


STYLES = {
    "easy": LevelStyle(max_depth=2, noise=1.0, slip=0.25, playouts=False, exact=False),
    "medium": LevelStyle(max_depth=4, noise=0.35, slip=0.1, playouts=False, exact=False),
    "hard": LevelStyle(max_depth=64, noise=0.0, slip=0.0, playouts=True, exact=False),
    "max": LevelStyle(max_depth=64, noise=0.0, slip=0.0, playouts=True, exact=True),
}


def choose(game: Game, state: Any, level: str, budget_s: float, *, rng: random.Random | None = None) -> Decision:
    """A legal move for the seat to move in ``state`` at ``level``, within ``budget_s`` seconds."""
    start = time.perf_counter()
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are: {', '.join(LEVELS)}")
    seat = game.to_move(state)
    if seat is None:
        raise ValueError("the game is over: there is no move to choose")
    rng = rng if rng is not None else random.Random()
    clock = Clock(start + max(0.0, budget_s - _MARGIN_S - min(0.03, _MARGIN_SHARE * budget_s)))
    decision = _dispatch(game, state, seat, level, clock, rng)
    if decision is None or not _is_legal(game, state, decision.move):
        moves = game.legal_moves(state)
        move = rng.choice(moves)
        return Decision(move, None, [move], 0 if decision is None else decision.nodes, 0, "fallback")
    return decision


def _is_legal(game: Game, state: Any, move: Any) -> bool:
    try:
        return bool(game.is_legal(state, move))
    except Exception:  # a malformed move from a helper is simply not legal
        return False


def _dispatch(game: Game, state: Any, seat: int, level: str, clock: Clock, rng: random.Random) -> Decision | None:
    if game.hidden_information and game.view(state, seat) != game.full_view(state):
        return _hidden(game, state, seat, level, clock, rng)
    if level == "random":
        move = rng.choice(game.legal_moves(state))
        return Decision(move, None, [move], 0, 0, "random")
    style = STYLES[level]
    if style.exact:
        d = _perfect(game, state, clock, rng)
        if d is not None:
            return d
    if game.in_a_row() is not None:
        from grundy.solver import gomoku

        line = gomoku.choose_line_move(game, state, seat, level, clock, rng)
        if line is not None:
            return Decision(*line)
    helper = EVALUATORS.get(game.kind or "")
    if helper is not None:
        scoring = importlib.import_module(helper)
        ev = scoring.make_evaluator(game, state, seat)
        if ev is not None:
            teams = scoring.teams(game, seat)
            return _generic(game, state, seat, style, clock, rng, evaluator=ev, teams=teams, scale=scoring.SCALE)
    return _generic(game, state, seat, style, clock, rng)


def _hidden(game: Game, state: Any, seat: int, level: str, clock: Clock, rng: random.Random) -> Decision | None:
    """Games where the seat sees less than the whole state: decide from its view only."""
    view = game.view(state, seat)
    found: tuple[Any, ...] | None = None
    blind = BLIND.get(game.kind or "")
    try:
        if blind is not None:
            module, function = blind
            found = getattr(importlib.import_module(module), function)(game, view, seat, level, clock, rng)
    except (KeyError, TypeError, ValueError):
        found = None  # a view this player cannot read: the caller plays a random legal move
    if found is None:
        return None
    move, *rest = found
    if isinstance(move, str):  # the helpers answer in notation, read against the real state
        try:
            move = game.parse_move(state, move)
        except ValueError:
            return None
        rest[1] = [move]
    return Decision(move, *rest)


# ----------------------------------------------------------------------------------
# perfect play: known strategies and the exact solver


def _optional(module: str) -> Any:
    """One of the exact solver's modules (None if it cannot be imported)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


# Imported with this module, so a bot's first move does not pay for the imports in its budget.
_optional("grundy.solver.strategies")
_optional("grundy.solver.exact")


# Estimated exact-solver speed (positions per second), refined as attempts report back.
_exact_rate = [20_000.0]


def _perfect(game: Game, state: Any, clock: Clock, rng: random.Random) -> Decision | None:
    """A perfect move from a known strategy or the exact solver, or None within the budget."""
    strategies = _optional("grundy.solver.strategies")
    if strategies is not None and game.seats == 2:
        try:
            move = strategies.perfect_move(game, state)
        except Exception:
            move = None
        if move is not None:
            return Decision(move, None, [move], 0, 0, "known strategy")
    exact = _optional("grundy.solver.exact")
    if exact is None:
        return None
    # Give the solver at most part of the budget, growing the node cap while it fits.
    share = Clock(clock.now() + clock.left() * 0.5, clock.now)
    affordable = _exact_rate[0] * share.left()
    ident = repr(game)
    failed = _exact_failed.get(ident, 0)
    if failed and failed >= affordable:
        # Too large a moment ago with more nodes than we can afford now: skip, but halve the
        # memory so the solver is tried again as the game shrinks.
        _exact_failed[ident] = failed // 2
        return None
    nodes = max(200, int(affordable * 0.25))
    while share.left() > 0:
        t0 = clock.now()
        try:
            sol = exact.solve(game, state, max_nodes=nodes, max_seconds=max(0.0, share.left()))
        except exact.NoProof:
            # A board too large to solve, where this position has no proven win or loss: the next
            # position may have one, so the game is not marked too large, and more nodes would not help.
            return None
        except exact.TooLarge:
            dt = max(1e-4, clock.now() - t0)
            # (capped: a solver that refuses at once would make the rate, and the cap, explode)
            _exact_rate[0] = min(1e8, max(1000.0, 0.5 * _exact_rate[0] + 0.5 * nodes / dt))
            _remember_failure(ident, nodes)
            if dt * 4 > share.left() or nodes >= 1 << 40:
                return None  # (a solver that gives up at once must not grow the cap forever)
            nodes *= 4
            continue
        except Exception:  # Unsupported, or a game the solver does not know
            _remember_failure(ident, 1 << 60)
            return None
        return _from_solution(game, state, sol, rng)
    return None


# Games (by their repr: name and parameters) the exact solver found too large, with the
# node cap that failed.
_exact_failed: dict[str, int] = {}


def _remember_failure(ident: str, nodes: int) -> None:
    if len(_exact_failed) > 256:
        _exact_failed.clear()
    _exact_failed[ident] = max(nodes, _exact_failed.get(ident, 0))


def _from_solution(game: Game, state: Any, sol: Any, rng: random.Random) -> Decision | None:
    best = list(getattr(sol, "best", None) or [])
    if not best:
        return None
    moves = [game.parse_move(state, m) if isinstance(m, str) else m for m in best]
    move = rng.choice(moves)
    value: float | None
    outcome, k = getattr(sol, "outcome", None), getattr(sol, "in_k", None)
    if getattr(sol, "value", None) is not None and outcome is None:
        value = float(sol.value)
    elif outcome == "win":
        value = WIN - (2 * (k or 1) - 1)
    elif outcome == "loss":
        value = -(WIN - 2 * (k or 1))
    elif outcome == "draw":
        value = 0.0
    else:
        value = None if getattr(sol, "value", None) is None else float(sol.value)
    return Decision(move, value, [move], 0, 0, "exact")


# ----------------------------------------------------------------------------------
# the generic search


def _generic(
    game: Game,
    state: Any,
    seat: int,
    style: LevelStyle,
    clock: Clock,
    rng: random.Random,
    *,
    evaluator: Any = None,
    teams: Any = None,
    scale: float = 1.0,
) -> Decision:
    """Alpha-beta with the game's evaluator (or none), Monte Carlo when it proves nothing."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return Decision(moves[0], None, [moves[0]], 0, 0, "only move")
    pos = StatePosition(game, state, seat, teams=teams or default_teams(game, seat), evaluator=evaluator)
    # Without an evaluator alpha-beta only proves (deepening by doubling, since its shallow
    # iterations judge nothing): half the time, then playouts if it proved nothing.
    use_playouts = style.playouts and evaluator is None
    ab_clock = Clock(clock.now() + clock.left() * 0.5, clock.now) if use_playouts else clock
    lower = style.max_depth < 64
    searcher = Searcher(
        pos,
        ab_clock,
        max_depth=style.max_depth,
        noise=style.noise * scale if evaluator is not None else 0.0,
        salt=rng.getrandbits(32),
        deepen=1.0 if evaluator is not None else 2.0,
    )
    rng.shuffle(moves)
    res = searcher.root_search(moves, all_root_values=lower)
    discard(searcher.table)
    move = res.move if res.move is not None else moves[0]
    value = res.value
    pv = list(res.pv)
    nodes = res.nodes
    reason = "search"
    if lower and res.root_values:
        move, value, pv, reason = _human_pick(res.root_values, move, value, pv, style, rng, scale)
    elif use_playouts and not res.proven and not clock.expired():
        safe = [m for m in moves if res.root_values.get(m, 0.0) > -PROVEN] or moves
        if len(safe) == 1:
            return Decision(safe[0], value, [safe[0]], nodes, res.depth, "the only move that does not lose")
        move, mean, plays = mcts(game, state, clock, rng, root_moves=safe)
        return Decision(move, value if abs(value) > PROVEN else None, [move], nodes + plays, res.depth,
                        f"playouts ({mean:.0%} won)")
    return Decision(move, value, pv, nodes, res.depth, reason)


def _human_pick(
    values: dict[Hashable, float],
    move: Hashable,
    value: float,
    pv: Sequence[Hashable],
    style: LevelStyle,
    rng: random.Random,
    scale: float,
) -> tuple[Hashable, float, list[Hashable], str]:
    """Among equally good moves pick at random; now and then take a close runner-up."""
    best = max(values.values())
    ties = [m for m, v in values.items() if v >= best - 1e-9]
    pick = rng.choice(ties)
    if pick != move:
        move, value, pv = pick, values[pick], [pick]
    if rng.random() < style.slip:
        worse = sorted(((v, i, m) for i, (m, v) in enumerate(values.items()) if v < best - 1e-9), reverse=True)
        if worse:
            v2, _, m2 = worse[0]
            near = best - v2 <= max(scale, abs(best) * 0.3)
            if v2 > -PROVEN and (best < PROVEN or style.max_depth <= 2) and near:
                return m2, v2, [m2], "second choice"
    return move, value, list(pv), "search"
