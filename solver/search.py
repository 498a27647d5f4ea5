"""Heuristic search: iterative-deepening alpha-beta (negamax) under a hard time budget.

The search runs over a mutable :class:`Position` (make/unmake), so a game-specific engine
can keep its own incremental board (see :mod:`solver.lines`) while every other game goes
through :class:`StatePosition`, a thin stack over the rules' immutable states.

What it does, in the usual engine vocabulary:

* negamax with alpha-beta and principal-variation search (null windows after the first move);
* a transposition table keyed by the position's key (Zobrist hashes for the engines that
  have them, the immutable rules state itself otherwise), storing depth, bound and best move;
* move ordering: table move first, then two killer moves per ply, then history scores
  (games whose positions already sort their moves keep that order behind the first three);
* a hard deadline: the clock is read every few nodes and :class:`TimeUp` unwinds the
  search; the answer is the last finished iteration (or a better root move proven in the
  unfinished one);
* a principal variation collected along the search;
* teams: after a move the value is negated only when the side to move changes team, so one
  search covers two-player games, coalitions (pursuers against the evader) and the
  paranoid reduction of 3- and 4-player games (the root seat against everyone else).

Values are from the point of view of the team to move.  A won game scores ``WIN - ply``,
so shorter wins are preferred and longer losses resisted.
"""

from __future__ import annotations

import dataclasses
import math
import queue
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

from grundy.rules.base import Game, Result

WIN = 1_000_000.0
# Values beyond this are proven results (won or lost within the search), not estimates.
PROVEN = WIN - 100_000.0
INF = math.inf

Move = Hashable


class TimeUp(Exception):
    """Raised inside a search when its deadline has passed; caught by the driver."""


class Clock:
    """A deadline on ``time.perf_counter``; ``check()`` raises :class:`TimeUp` once it has passed."""

    __slots__ = ("deadline", "now")

    def __init__(self, deadline: float, now: Callable[[], float] = time.perf_counter) -> None:
        self.deadline = deadline
        self.now = now

    @classmethod
    def after(cls, seconds: float) -> Clock:
        return cls(time.perf_counter() + max(0.0, seconds))

    def left(self) -> float:
        return self.deadline - self.now()

    def expired(self) -> bool:
        return self.now() >= self.deadline

    def check(self) -> None:
        if self.now() >= self.deadline:
            raise TimeUp


class Position(Protocol):
    """A mutable position the search walks with make/unmake.

    ``side()`` is the seat to move (only asked of positions that are not over);
    ``team(seat)`` groups seats that share a result; ``outcome(team)`` is None while the
    game goes on, else the final value for that team (``±WIN`` or a payoff, 0 for a draw).
    ``moves()`` lists the moves to try (an engine may prune to its candidates; never empty
    while the game goes on); ``evaluate()`` scores the position for the team to move.
    """

    sorted_moves: bool

    def key(self) -> Hashable: ...
    def side(self) -> int: ...
    def team(self, seat: int) -> int: ...
    def outcome(self, team: int) -> float | None: ...
    def moves(self) -> Sequence[Move]: ...
    def make(self, move: Move) -> None: ...
    def unmake(self) -> None: ...
    def evaluate(self) -> float: ...


# ----------------------------------------------------------------------------------
# Freeing big tables off the clock

_trash: queue.SimpleQueue[Any] = queue.SimpleQueue()
_sweeper: list[threading.Thread] = []


def discard(obj: Any) -> None:
    """Hand a big dict (a table) or tree (nodes with ``children``) to a thread that frees it bit by bit.

    Dropping a million-entry table at once costs tens of milliseconds in one C call, which
    would land after a search's deadline; taken apart item by item in another thread it
    costs nothing on the clock (the interpreter switches threads between small steps).
    """
    if not _sweeper:
        t = threading.Thread(target=_sweep, name="solver-sweeper", daemon=True)
        _sweeper.append(t)
        t.start()
    _trash.put(obj)


def _sweep() -> None:
    while True:
        stack = [_trash.get()]
        while stack:
            obj = stack.pop()
            if isinstance(obj, dict):
                while obj:
                    _, v = obj.popitem()
                    if hasattr(v, "children"):  # a tree node
                        stack.append(v)
            elif hasattr(obj, "children"):
                stack.append(obj.children)
            del obj


# ----------------------------------------------------------------------------------
# Positions over the rules' immutable states


def result_value(game: Game, result: Result, seat: int) -> float:
    """The final value of ``result`` for ``seat``: its payoff where the game scores, else ±WIN/0."""
    if game.has_scores and result.scores is not None and not game.hidden_information:
        return float(result.scores[seat])
    out = result.outcomes[seat]
    return WIN if out == "win" else (-WIN if out == "loss" else 0.0)


def default_teams(game: Game, root: int) -> Callable[[int], int]:
    """Each seat its own team with two seats; with more, the root seat against the rest (paranoid)."""
    if game.seats <= 2:
        return lambda seat: seat
    return lambda seat: 0 if seat == root else 1


Evaluator = Callable[[Game, Any, int], float]
"""``evaluator(game, state, seat)``: a static score of ``state`` for ``seat``'s team."""


class StatePosition:
    """A :class:`Position` over a rules game: a stack of immutable states.

    The transposition key is the state itself (states are hashable and exact).
    ``evaluator`` scores a state for a seat; without one every unfinished position is 0,
    which still lets the search prove wins and losses within its horizon.
    """

    sorted_moves = False

    def __init__(
        self,
        game: Game,
        state: Any,
        root: int,
        *,
        teams: Callable[[int], int] | None = None,
        evaluator: Evaluator | None = None,
        moves: Callable[[Any], Sequence[Move]] | None = None,
    ) -> None:
        self.game = game
        self.stack = [state]
        self.root = root
        self.team = teams or default_teams(game, root)
        self.evaluator = evaluator
        self._moves = moves or game.legal_moves
        self._root_team = self.team(root)

    @property
    def state(self) -> Any:
        return self.stack[-1]

    def key(self) -> Hashable:
        return self.stack[-1]

    def side(self) -> int:
        seat = self.game.to_move(self.stack[-1])
        assert seat is not None
        return seat

    def outcome(self, team: int) -> float | None:
        s = self.stack[-1]
        if not self.game.is_over(s):
            return None
        res = self.game.result(s)
        assert res is not None
        v = result_value(self.game, res, self.root)
        return v if team == self._root_team else -v

    def moves(self) -> Sequence[Move]:
        return self._moves(self.stack[-1])

    def make(self, move: Move) -> None:
        self.stack.append(self.game.apply(self.stack[-1], move))

    def unmake(self) -> None:
        self.stack.pop()

    def evaluate(self) -> float:
        if self.evaluator is None:
            return 0.0
        s = self.stack[-1]
        seat = self.side()
        return self.evaluator(self.game, s, seat)


# ----------------------------------------------------------------------------------
# The search


@dataclasses.dataclass
class SearchResult:
    """What a search found: the move, its value for the side to move, the line it expects."""

    move: Move | None
    value: float
    pv: list[Move]
    nodes: int
    depth: int
    # Values of root moves from the last finished iteration (exact with ``all_root_values``).
    root_values: dict[Move, float]
    # True when the value is proven (the search saw every line to its end or a forced result).
    proven: bool


EXACT, LOWER, UPPER = 0, 1, 2
# The depth stored with a value that no deeper search can change: a proven win or loss,
# or a subtree searched to its end without meeting the horizon.
SETTLED = 1 << 20


class Searcher:
    """Iterative-deepening negamax over one :class:`Position`.

    ``noise`` adds a fixed pseudo-random amount in ``[-noise, noise]`` to every static
    evaluation (the same for the same position, so the table stays consistent): the lower
    bot levels misjudge positions the way a tired player does, not at random.
    ``deepen`` is the growth of the depth between iterations (1: one ply at a time; 2:
    doubling, for searches without an evaluator, whose shallow iterations only prove).
    """

    def __init__(
        self,
        pos: Position,
        clock: Clock,
        *,
        max_depth: int = 64,
        noise: float = 0.0,
        salt: int = 0,
        check_every: int = 8,
        table: dict[Hashable, tuple[int, int, float, Move | None]] | None = None,
        table_limit: int = 1_000_000,
        extend_forced: bool = True,
        deepen: float = 1.0,
    ) -> None:
        self.pos = pos
        self.clock = clock
        self.max_depth = max_depth
        self.noise = noise
        self.salt = salt
        self.check_every = max(1, check_every)
        self.table: dict[Hashable, tuple[int, int, float, Move | None]] = {} if table is None else table
        self.table_limit = table_limit
        self.extend_forced = extend_forced
        self.deepen = deepen
        self.nodes = 0
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(256)]
        self.history: dict[tuple[int, Move], int] = {}
        self.horizon_hit = False

    # ----- helpers ---------------------------------------------------------------

    def _noise(self, key: Hashable) -> float:
        h = hash((key, self.salt)) & 0xFFFF
        return self.noise * (h / 32767.5 - 1.0)

    def _order(self, moves: Sequence[Move], ply: int, tt_move: Move | None, side: int) -> list[Move]:
        first: list[Move] = []
        if tt_move is not None and tt_move in moves:
            first.append(tt_move)
        if ply < len(self.killers):
            for k in self.killers[ply]:
                if k is not None and k not in first and k in moves:
                    first.append(k)
        rest = [m for m in moves if m not in first] if first else list(moves)
        if not self.pos.sorted_moves and len(rest) > 1:
            hist = self.history
            rest.sort(key=lambda m: hist.get((side, m), 0), reverse=True)
        return first + rest

    def _remember(self, move: Move, ply: int, depth: int, side: int) -> None:
        if ply < len(self.killers):
            ks = self.killers[ply]
            if ks[0] != move:
                ks[1] = ks[0]
                ks[0] = move
        key = (side, move)
        self.history[key] = self.history.get(key, 0) + depth * depth

    # ----- the recursive search ---------------------------------------------------

    def _child_value(
        self, move: Move, depth: int, alpha: float, beta: float, ply: int, team: int
    ) -> tuple[float, list[Move]]:
        """Value of ``move`` for ``team`` (the mover), searching the child as needed."""
        pos = self.pos
        pos.make(move)
        try:
            out = pos.outcome(team)
            if out is not None:
                if out >= WIN:
                    return WIN - ply - 1, []
                if out <= -WIN:
                    return -(WIN - ply - 1), []
                return out, []
            child_team = pos.team(pos.side())
            if child_team == team:
                v, pv = self._negamax(depth, alpha, beta, ply + 1)
                return v, pv
            v, pv = self._negamax(depth, -beta, -alpha, ply + 1)
            return -v, pv
        finally:
            pos.unmake()

    def _negamax(self, depth: int, alpha: float, beta: float, ply: int) -> tuple[float, list[Move]]:
        self.nodes += 1
        if self.nodes % self.check_every == 0:
            self.clock.check()
        pos = self.pos
        if depth <= 0 or ply >= 250:
            self.horizon_hit = True
            v = pos.evaluate()
            if self.noise:
                v += self._noise(pos.key())
            return v, []

        key = pos.key()
        alpha0 = alpha
        tt_move: Move | None = None
        entry = self.table.get(key)
        if entry is not None:
            edepth, flag, evalue, tt_move = entry
            if edepth >= depth:
                v = evalue
                if v > PROVEN:
                    v -= ply
                elif v < -PROVEN:
                    v += ply
                if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                    if edepth < SETTLED:
                        self.horizon_hit = True  # the stored value rests on a horizon
                    return v, ([tt_move] if tt_move is not None else [])

        side = pos.side()
        team = pos.team(side)
        moves = pos.moves()
        if not moves:  # a position with no move that the rules do not call over: score it
            return pos.evaluate(), []
        # Whether this subtree meets the horizon (its value could change with more depth).
        outer_horizon = self.horizon_hit
        self.horizon_hit = False
        next_depth = depth - 1
        if self.extend_forced and len(moves) == 1 and ply < 60:
            next_depth = depth  # a forced reply costs no depth
        ordered = self._order(moves, ply, tt_move, side)

        best = -INF
        best_move: Move | None = None
        best_pv: list[Move] = []
        for i, m in enumerate(ordered):
            if i == 0:
                v, pv = self._child_value(m, next_depth, alpha, beta, ply, team)
            else:
                v, pv = self._child_value(m, next_depth, alpha, alpha + 1e-6, ply, team)
                if alpha < v < beta:
                    v, pv = self._child_value(m, next_depth, v, beta, ply, team)
            if v > best:
                best, best_move, best_pv = v, m, pv
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self._remember(m, ply, depth, side)
                        break

        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        stored = best
        if stored > PROVEN:
            stored += ply
        elif stored < -PROVEN:
            stored -= ply
        # A bound proving a win or a loss, or a value reached without the horizon, holds at
        # any depth: stored as settled, later iterations take it instead of searching again.
        proof = (best > PROVEN and flag != UPPER) or (best < -PROVEN and flag != LOWER)
        settled = proof or not self.horizon_hit
        self.horizon_hit = outer_horizon or self.horizon_hit
        if len(self.table) >= self.table_limit:
            self.table.clear()
        old = self.table.get(key)
        if old is None or old[0] <= depth or settled:
            self.table[key] = (SETTLED if settled else depth, flag, stored, best_move)
        return best, [best_move, *best_pv] if best_move is not None else []

    # ----- the driver ------------------------------------------------------------

    def root_search(
        self,
        root_moves: Sequence[Move] | None = None,
        *,
        min_depth: int = 1,
        all_root_values: bool = False,
    ) -> SearchResult:
        """Deepen one ply at a time until the clock or ``max_depth`` stops it.

        ``root_moves`` restricts the moves considered at the root (already legal).
        ``all_root_values`` searches every root move with a full window, so the values of
        the runners-up are exact (the lower levels pick among them).
        """
        pos = self.pos
        moves = list(root_moves if root_moves is not None else pos.moves())
        if not moves:
            return SearchResult(None, pos.evaluate(), [], 0, 0, {}, False)
        side = pos.side()
        team = pos.team(side)
        best_move: Move = moves[0]
        best_value = -INF
        best_pv: list[Move] = [best_move]
        root_values: dict[Move, float] = {}
        done_depth = 0
        proven = False
        if len(moves) == 1 and not all_root_values:
            # Still look one ply for the value, but never spend the budget on a forced move.
            self.max_depth = min(self.max_depth, 1)
        depth = 1
        try:
            while depth <= self.max_depth:
                self.horizon_hit = False
                entry = self.table.get(pos.key())
                tt_move = entry[3] if entry is not None else None
                if best_value > -INF:
                    tt_move = best_move
                ordered = self._order(moves, 0, tt_move, side)
                alpha = -INF
                it_best: Move | None = None
                it_value = -INF
                it_pv: list[Move] = []
                values: dict[Move, float] = {}
                for i, m in enumerate(ordered):
                    if all_root_values or i == 0:
                        v, pv = self._child_value(m, depth - 1, -INF, INF, 0, team)
                    else:
                        v, pv = self._child_value(m, depth - 1, alpha, alpha + 1e-6, 0, team)
                        if v > alpha:
                            v, pv = self._child_value(m, depth - 1, alpha, INF, 0, team)
                    values[m] = v
                    if v > it_value:
                        it_value, it_best, it_pv = v, m, [m, *pv]
                        alpha = max(alpha, v)
                        # A root move proven better than last iteration's choice is kept even
                        # if this iteration does not finish.
                        if depth > 1 and i > 0:
                            best_move, best_value, best_pv = m, v, it_pv
                assert it_best is not None
                best_move, best_value, best_pv = it_best, it_value, it_pv
                root_values = values
                done_depth = depth
                self.table[pos.key()] = (depth, EXACT, best_value, best_move)
                if it_value > PROVEN or not self.horizon_hit:
                    proven = True
                    break
                if it_value < -PROVEN and not all_root_values and all(
                    val < -PROVEN for val in values.values()
                ):
                    # Every move loses: keep the one that resists longest (already chosen).
                    proven = True
                    break
                if depth >= min_depth and self.clock.left() <= 0:
                    break
                if depth >= self.max_depth:
                    break
                depth = min(self.max_depth, depth + max(1, int(depth * (self.deepen - 1.0))))
        except TimeUp:
            pass
        return SearchResult(best_move, best_value, best_pv, self.nodes, done_depth, root_values, proven)


def search(
    pos: Position,
    budget_s: float,
    *,
    max_depth: int = 64,
    noise: float = 0.0,
    salt: int = 0,
    root_moves: Sequence[Move] | None = None,
    all_root_values: bool = False,
) -> SearchResult:
    """Search ``pos`` for at most ``budget_s`` seconds (or ``max_depth`` plies)."""
    s = Searcher(pos, Clock.after(budget_s), max_depth=max_depth, noise=noise, salt=salt)
    return s.root_search(root_moves, all_root_values=all_root_values)
