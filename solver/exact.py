"""Exact solving of finite two-player games: who wins and how fast, payoffs, Grundy values.

Works over the generic rules interface (``legal_moves``, ``apply``, ``is_over``, ``result``,
``to_move``; states are hashable).  Each game instance keeps one table of solved positions,
filled by depth-first walks on an explicit stack (no recursion, so long games do not hit
Python's recursion limit); a value once stored is never computed again.  Win/loss games
are solved in two passes: who wins (alpha-beta over win/draw/loss, the table keeping
bounds until a position's outcome is exact), then how fast, only where a win or loss is
at stake.  Games with symmetric boards share one entry per symmetry class (see
:func:`canonical_key`), and two-player m,n,k boards run on a bit-mask model
(:class:`LineModel`) that also prunes moves that cannot matter.

What a position's value means, for the player to move (the exam's counting):

* ``win`` in K: the player can win by their K-th own move whatever the opponent does, and
  K is the smallest such number;
* ``loss`` in K: the opponent wins by their K-th move at the latest, however the player
  defends (K = 0: every move of the player ends the game in their own loss);
* ``draw``: neither side can force a win.

Inside, a won position is stored as ``BIG - d`` and a lost one as ``-(BIG - d)`` with ``d``
the plies to the end under best play (the winner hurries, the loser delays), a draw as 0;
so "best" is simply "largest".  Games with scores (``pawn``) store the minimax payoff of
the player to move instead.  Impartial games under normal play also get Sprague-Grundy
values; the Grundy value of a sum of positions is the XOR of the parts' values.

Errors: :class:`TooLarge` when a node cap or time limit is reached (the positions solved
so far are kept, so a second try goes further), :class:`Unsupported` for games outside
the solver's reach (more than two players, hidden information).  Both are ``ValueError``.
"""

from __future__ import annotations

import dataclasses
import operator
import time
import weakref
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from grundy.rules.base import BoardSymmetry, Game, InARow, Result

BIG = 1 << 30
WIN_NOW = BIG - 1  # the move itself wins (one ply)

Key = Hashable


class TooLarge(ValueError):
    """The position needs more work than the node cap or time limit allows."""


class Unsupported(ValueError):
    """A game the exact solver cannot answer (more than two players, hidden information)."""


class NotNormalPlay(ValueError):
    """Grundy values asked of a game whose last mover does not always win (misère endings)."""


@dataclasses.dataclass(frozen=True)
class Solution:
    """The exact answer for a position, for the seat to move.

    ``outcome``/``in_k`` as in the module docstring (None in payoff games and in finished
    games); ``value`` the minimax payoff in payoff games; ``grundy`` the Sprague-Grundy value
    of impartial normal-play games (else None); ``best`` every move that keeps the best
    result (for a win: wins in the fewest moves; for a loss: delays it longest); ``plies``
    the length of the rest of the game under best play; ``nodes`` the positions newly
    solved for this answer.
    """

    to_move: int | None
    outcome: str | None
    in_k: int | None
    value: float | None
    grundy: int | None
    best: list[Any]
    plies: int | None = None
    nodes: int = 0
    line: list[Any] = dataclasses.field(default_factory=list)
    proof: str = "search"
    at_most: int | None = None

    @property
    def code(self) -> int | None:
        """The exam's code of the position: K for a win in K, -K for a loss in K, 0 for a draw."""
        if self.outcome == "win":
            return self.in_k
        if self.outcome == "loss":
            return None if self.in_k is None else -self.in_k
        if self.outcome == "draw":
            return 0
        return None


def outcome_of(v: int) -> tuple[str, int | None, int | None]:
    """``(outcome, K, plies)`` of a stored win/loss value."""
    if v > 0:
        d = BIG - v
        return "win", (d + 1) // 2, d
    if v < 0:
        d = BIG + v
        return "loss", d // 2, d
    return "draw", None, None


# ----------------------------------------------------------------------------------
# symmetry


def canonical_key(game: Game) -> Callable[[Any], Key] | None:
    """A key shared by positions that are the same up to a symmetry of the game, or None.

    Symmetric positions have the same value for the player to move, so one table entry
    serves them all.  Games declare their symmetries (``rules.base.Game``): a key of their
    own (``symmetry_key``: the seat to move where both players have the same moves, Nim's
    heaps in any order, a row of Kayles and its mirror image), or a board whose images under
    the rectangle's symmetries are worth the same (``board_symmetry``: the free cells of
    coins, the stones of an m,n,k board), all eight on square boards, four on others.
    """
    declared = game.symmetry_key()
    if declared is not None:
        return declared
    board = game.board_symmetry()
    if board is not None:
        return _board_key(board)
    return None


def _board_key(board: BoardSymmetry) -> Callable[[Any], Key]:
    """The smallest image of a declared board under the symmetries of its rectangle."""
    w, h = board.width, board.height
    if board.mask is not None:
        mask = board.mask
        # Bit masks on boards small enough to solve; bigger ones would only pay for the lookup tables.
        if w * h > 256:
            return mask
        boards = BoardSymmetries(w, h)
        return lambda s: boards.smallest(mask(s))
    assert board.cells is not None
    return _board_symmetries(w, h, board.cells)


def _board_symmetries(w: int, h: int, cells: Callable[[Any], bytes]) -> Callable[[Any], Key]:
    """A board of row-major ``bytes`` up to the symmetries of the rectangle.

    Whatever else decides the value follows from the board (the seat to move from the
    number of stones in m,n,k), and finished positions are never keyed, so the smallest
    image of the board is the whole key.
    """
    getters = []
    for forward in _rectangle_symmetries(w, h):
        perm = [0] * (w * h)
        for old, new in enumerate(forward):
            perm[new] = old  # cell `new` of the image holds old cell `old`
        getters.append(operator.itemgetter(*perm) if len(perm) > 1 else (lambda b: tuple(b)))

    def key(s: Any) -> Key:
        board = cells(s)
        best = board
        for get in getters:
            image = bytes(get(board))
            if image < best:
                best = image
        return best

    return key


# ----------------------------------------------------------------------------------
# a fast model of two-player m,n,k games (freestyle line games)


class LineModel:
    """Two-player m,n,k games (any freestyle line game without an opening) as bit masks seen from the
    player to move, for the exact solver.

    A position is ``(mine, theirs, end)``: the stones of the player to move and of the
    opponent as bit masks (bit ``y * m + x``), and ``end`` 0 while the game goes on, 1 when
    the last move made k in a row, 2 for a draw: a full board, or one where every line of k
    cells already holds stones of both players (every continuation is a draw, so the
    solver need not play it out).  Seeing the board from the mover's
    side makes positions that differ only in colour one entry; the key is the smallest
    image under the board's symmetries.  ``legal_moves`` keeps only the moves that matter:
    a move that wins at once if there is one, else the block of the opponent's threat if
    there is one (every other move loses at once, and blocking never loses sooner), else
    every empty cell.  ``every_move`` lists them all (for the best moves at the root).
    The seat to move is the number of stones modulo 2, as in the game (its colour is its seat).
    """

    def __init__(self, width: int, height: int, k: int, game: Game | None = None) -> None:
        self.width, self.height, self.k = width, height, k
        # The game whose states ``from_state`` reads, and its line trait.
        self.rules = game
        self.line: InARow | None = None if game is None else game.in_a_row()
        n = self.cells = width * height
        self.full = (1 << n) - 1
        windows = []
        for y in range(height):
            for x in range(width):
                for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    ex, ey = x + dx * (k - 1), y + dy * (k - 1)
                    if 0 <= ex < width and 0 <= ey < height:
                        windows.append(sum(1 << ((y + dy * i) * width + x + dx * i) for i in range(k)))
        self.windows = tuple(windows)
        self.through = tuple(tuple(w for w in windows if w >> c & 1) for c in range(n))
        self.order = tuple((c, 1 << c) for c in sorted(range(n), key=lambda c: -len(self.through[c])))
        # byte tables: image of each 8-bit chunk of (mine | theirs << n) under each symmetry
        self.symmetries = BoardSymmetries(width, height, copies=2)

    @classmethod
    def for_game(cls, game: Game) -> LineModel | None:
        """The model of a two-player freestyle line game (``rules.base.InARow``) of at most 36 cells, else None."""
        line = game.in_a_row()
        if line is None or game.seats != 2 or line.players != 2 or line.rule != "freestyle":
            return None
        if line.width * line.height > 36 or line.colour_to_move(game.initial()) is None:
            return None  # too big, or an opening that asks for choices the model cannot play
        return cls(line.width, line.height, line.k, game)

    def from_state(self, state: Any) -> tuple[int, int, int]:
        """The model position of a rules state of the game it was made for (stones of the colour to move first)."""
        assert self.rules is not None and self.line is not None, "a model made for a game reads its states"
        colour = self.line.colour_to_move(state)
        assert colour is not None, "the model plays stones, never an opening's choices"
        me = colour + 1
        mine = theirs = 0
        for i, v in enumerate(state.board):
            if v == me:
                mine |= 1 << i
            elif v:
                theirs |= 1 << i
        r = self.rules.result(state)
        end = 0 if r is None else 2 if all(o == "draw" for o in r.outcomes) else 1
        return (mine, theirs, end)

    def key(self, s: tuple[int, int, int]) -> int:
        return self.symmetries.smallest(s[0] | s[1] << self.cells)

    def to_move(self, s: tuple[int, int, int]) -> int | None:
        return None if s[2] else (s[0] | s[1]).bit_count() & 1

    def is_over(self, s: tuple[int, int, int]) -> bool:
        return s[2] != 0

    def result(self, s: tuple[int, int, int]) -> Result | None:
        if not s[2]:
            return None
        if s[2] == 2:
            return Result.draw(2, "the board is full")
        last = ((s[0] | s[1]).bit_count() - 1) & 1
        return Result.winner(2, last, "k in a row")

    def every_move(self, s: tuple[int, int, int]) -> list[int]:
        """Every empty cell, those on the most lines first (good moves early make alpha-beta cut early)."""
        taken = s[0] | s[1]
        return [c for c, bit in self.order if not taken & bit]

    def legal_moves(self, s: tuple[int, int, int]) -> list[int]:
        mine, theirs, _ = s
        need = self.k - 1
        threat = 0
        for w in self.windows:
            if not w & theirs and (w & mine).bit_count() == need:
                return [(w & ~mine).bit_length() - 1]
            if not threat and not w & mine and (w & theirs).bit_count() == need:
                threat = w & ~theirs
        if threat:
            return [threat.bit_length() - 1]
        return self.every_move(s)

    def apply(self, s: tuple[int, int, int], c: int) -> tuple[int, int, int]:
        mine = s[0] | 1 << c
        for w in self.through[c]:
            if w & mine == w:
                return (s[1], mine, 1)
        theirs = s[1]
        for w in self.windows:
            if not w & theirs or not w & mine:
                return (theirs, mine, 0)
        return (theirs, mine, 2)  # no line can be completed any more: a draw whatever follows


class BoardSymmetries:
    """The smallest image of a bit mask over a width x height board under the board's symmetries.

    ``copies`` boards side by side in one mask (bit ``i * width * height + y * width + x``)
    move together; byte tables make an image a few lookups per byte.
    """

    def __init__(self, width: int, height: int, copies: int = 1) -> None:
        n = width * height
        bits = copies * n
        self.tables: list[tuple[tuple[int, ...], ...]] = []
        for perm in _rectangle_symmetries(width, height):
            where = [perm[b % n] + (b // n) * n for b in range(bits)]  # old bit -> new bit
            table = []
            for j in range((bits + 7) // 8):
                single = [1 << where[j * 8 + i] if j * 8 + i < bits else 0 for i in range(8)]
                row = [0] * 256
                for byte in range(1, 256):
                    low = byte & -byte
                    row[byte] = row[byte ^ low] | single[low.bit_length() - 1]
                table.append(tuple(row))
            self.tables.append(tuple(table))

    def smallest(self, mask: int) -> int:
        best = mask
        for table in self.tables:
            img = 0
            x = mask
            for row in table:
                img |= row[x & 255]
                x >>= 8
            if img < best:
                best = img
        return best


def _rectangle_symmetries(w: int, h: int) -> list[list[int]]:
    """Cell permutations (old index -> new index) of the rectangle's symmetries other than the identity."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda x, y: (w - 1 - x, y),
        lambda x, y: (x, h - 1 - y),
        lambda x, y: (w - 1 - x, h - 1 - y),
    ]
    if w == h:
        maps += [
            lambda x, y: (y, x),
            lambda x, y: (h - 1 - y, x),
            lambda x, y: (y, w - 1 - x),
            lambda x, y: (h - 1 - y, w - 1 - x),
        ]
    out = []
    for f in maps:
        perm = [0] * (w * h)
        for y in range(h):
            for x in range(w):
                nx, ny = f(x, y)
                perm[y * w + x] = ny * w + nx
        out.append(perm)
    return out


# ----------------------------------------------------------------------------------
# tables


class Table:
    """Every position of one game instance solved so far, keyed by :func:`canonical_key`."""

    def __init__(self, game: Game) -> None:
        if game.seats != 2:
            raise Unsupported(f"{game.name}: the exact solver plays two-player games only ({game.seats} seats)")
        if game.hidden_information and _hides(game):
            raise Unsupported(f"{game.name}: hidden information is beyond the exact solver")
        self.game = game
        fast = LineModel.for_game(game)
        # The positions the walks run over: the game's own states, or a faster model of them.
        self.model: Any = fast if fast is not None else game
        self.convert: Callable[[Any], Any] = fast.from_state if fast is not None else (lambda s: s)
        self.payoff = bool(game.has_scores)
        self.values: dict[Key, float] = {}
        self.signs: dict[Key, tuple[int, int]] = {}
        self.grundies: dict[Key, int] = {}
        self.normal_play: bool | None = None if game.impartial else False
        self.key: Callable[[Any], Key] = (
            fast.key if fast is not None else canonical_key(game) or (lambda s: s)
        )

    # ----- one move seen from the player making it

    def terminal(self, state: Any, mover: int) -> float:
        """The value for ``mover`` of a finished position reached by their move."""
        r = self.model.result(state)
        assert r is not None
        if self.payoff:
            if r.scores is None:
                raise Unsupported(f"{self.game.name}: a finished game without scores")
            return float(r.scores[mover])
        o = r.outcomes[mover]
        return WIN_NOW if o == "win" else -WIN_NOW if o == "loss" else 0

    def seen_by(self, mover: int, child_mover: int, cv: float) -> float:
        """The value for ``mover`` of a position worth ``cv`` to its own player to move."""
        if self.payoff:
            return cv if child_mover == mover else -cv
        if child_mover != mover:
            cv = -cv
        return cv - 1 if cv > 0 else cv + 1 if cv < 0 else 0

    # ----- the walk

    def sign(self, root: Any, budget: Budget) -> int:
        """Who wins ``root`` (not over): 1 the player to move, -1 the opponent, 0 a draw.

        The cheap first pass of win/loss games: alpha-beta over the three outcomes with the
        bounds kept in the table (``signs[key] = (lowest, highest)``), every position first
        scanned for a move that wins at once.  A drawn position needs every own move
        refuted but only one good reply to each, which is what makes 4x4 boards tractable.
        Asked with the full window, the answer is exact and stored as such.
        """
        game, signs, key = self.model, self.signs, self.key
        rk = key(root)
        found = signs.get(rk)
        if found is not None and found[0] == found[1]:
            return found[0]
        apply, is_over, to_move, legal, result = game.apply, game.is_over, game.to_move, game.legal_moves, game.result

        def open_frame(state: Any, k: Key, alpha: int, beta: int) -> list[Any] | int:
            """A frame to search ``state`` in the window, or its value when the table or a move settles it."""
            lo, hi = signs.get(k, (-1, 1))
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
            mover = to_move(state)
            children: list[Any] = []
            moves = legal(state)
            budget.spend(len(moves))
            for m in moves:
                child = apply(state, m)
                if is_over(child):
                    r = result(child)
                    o = r.outcomes[mover] if r is not None else "draw"
                    if o == "win":
                        signs[k] = (1, 1)
                        return 1
                    children.append(-1 if o == "loss" else 0)
                else:
                    children.append(child)
            if not children:
                raise Unsupported(f"{game.name}: a position that is not over has no legal moves")
            # [key, mover, children, next index, alpha, beta, best, window's alpha, pending key, its mover]
            return [k, mover, children, 0, alpha, beta, -2, alpha, None, 0]

        first = open_frame(root, rk, -1, 1)
        if isinstance(first, int):
            return first
        stack: list[list[Any]] = [first]
        answer = 0
        while stack:
            f = stack[-1]
            k, mover, children, i, alpha, beta, best, alpha0, pending, pm = f
            if pending is not None:
                v = answer if pm == mover else -answer
                if v > best:
                    best = v
                if v > alpha:
                    alpha = v
                f[8] = None
                i += 1
            pushed = False
            while alpha < beta and i < len(children):
                child = children[i]
                if isinstance(child, int):
                    v = child
                else:
                    ck = key(child)
                    cm = to_move(child)
                    got = open_frame(child, ck, alpha, beta) if cm == mover else open_frame(child, ck, -beta, -alpha)
                    if not isinstance(got, int):
                        f[3], f[4], f[6], f[8], f[9] = i, alpha, best, ck, cm
                        stack.append(got)
                        pushed = True
                        break
                    v = got if cm == mover else -got
                if v > best:
                    best = v
                if v > alpha:
                    alpha = v
                i += 1
            if pushed:
                continue
            lo, hi = signs.get(k, (-1, 1))
            if best <= alpha0:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            signs[k] = (lo, hi)
            answer = best
            stack.pop()
        return answer

    def value(self, root: Any, budget: Budget) -> float:
        """The value of ``root`` (not over) for its player to move.

        Win/loss games first settle who wins (:meth:`sign`); distances are then measured only
        where they mean something: a drawn position is 0 at once, a won one looks only at its
        winning moves, a lost one at every move (each wins for the opponent).
        """
        game, values, key = self.model, self.values, self.key
        rk = key(root)
        found = values.get(rk)
        if found is not None:
            return found
        apply, is_over, to_move, legal = game.apply, game.is_over, game.to_move, game.legal_moves
        terminal, seen_by, sign = self.terminal, self.seen_by, self.sign
        spend = budget.spend
        payoff = self.payoff
        lowest = -float("inf")
        root_sign = 0 if payoff else sign(root, budget)
        if not payoff and root_sign == 0:
            values[rk] = 0
            return 0
        # frame: [state, key, mover, moves, next index, best so far, pending child key, its mover, sign]
        stack: list[list[Any]] = [[root, rk, to_move(root), legal(root), 0, lowest, None, 0, root_sign]]
        budget.spend()
        while stack:
            f = stack[-1]
            state, _, mover, moves, i, best, pending, pm, won = f
            if pending is not None:
                v = seen_by(mover, pm, values[pending])
                if v > best:
                    best = v
                f[6] = None
                i += 1
            done = (not payoff and best == WIN_NOW) or i >= len(moves)
            while not done:
                child = apply(state, moves[i])
                spend()
                if is_over(child):
                    v = terminal(child, mover)
                else:
                    ck = key(child)
                    cv = values.get(ck)
                    cm = to_move(child)
                    if cv is None and not payoff:
                        cs = sign(child, budget)
                        if cs == 0:
                            cv = values[ck] = 0
                        elif won == 1 and (cs if cm == mover else -cs) < 0:
                            i += 1  # a losing move of a won position: its length does not matter
                            done = i >= len(moves)
                            continue
                    if cv is None:
                        f[4], f[5], f[6], f[7] = i, best, ck, cm
                        stack.append([child, ck, cm, legal(child), 0, lowest, None, 0, 0 if payoff else cs])
                        break
                    v = seen_by(mover, cm, cv)
                if v > best:
                    best = v
                i += 1
                done = (not payoff and best == WIN_NOW) or i >= len(moves)
            if done:
                if best == lowest:
                    raise Unsupported(f"{game.name}: a position that is not over has no legal moves")
                values[f[1]] = best
                stack.pop()
        return values[rk]

    def move_values(self, state: Any, budget: Budget) -> list[tuple[Any, float]]:
        """The moves of ``state`` that keep its result, each with its value for the player to move.

        In win/loss games only the moves with the best outcome get measured (a won position's
        losing moves need no length); in payoff games every move.
        """
        game = self.model
        mover = game.to_move(state)
        assert mover is not None
        out: list[tuple[Any, Any, float | None]] = []  # move, child (None when over), value or sign
        for m in getattr(game, "every_move", game.legal_moves)(state):
            child = game.apply(state, m)
            if game.is_over(child):
                out.append((m, None, self.terminal(child, mover)))
            elif self.payoff:
                out.append((m, child, None))
            else:
                cs = self.sign(child, budget)
                out.append((m, child, (cs if game.to_move(child) == mover else -cs) * WIN_NOW))
        if not self.payoff:
            top = max(1 if v > 0 else -1 if v < 0 else 0 for _, _, v in out)  # type: ignore[operator]
            out = [(m, c, v) for m, c, v in out if (1 if v > 0 else -1 if v < 0 else 0) == top]  # type: ignore[operator]
        scored = []
        for m, child, v in out:
            if child is not None and v != 0:
                cm = game.to_move(child)
                assert cm is not None
                v = self.seen_by(mover, cm, self.value(child, budget))
            scored.append((m, float(v)))  # type: ignore[arg-type]
        return scored

    def grundy(self, root: Any, budget: Budget) -> int:
        """The Sprague-Grundy value of ``root`` (a finished position has 0)."""
        if not self.game.impartial:
            raise NotNormalPlay(f"{self.game.name} is not an impartial game: no Grundy values")
        if self.normal_play is False:
            raise NotNormalPlay(f"{self.game.name} with these parameters is not a normal-play game")
        game, table, key = self.game, self.grundies, self.key
        if game.is_over(root):
            return 0
        rk = key(root)
        if rk in table:
            return table[rk]
        apply, is_over, legal, to_move = game.apply, game.is_over, game.legal_moves, game.to_move
        # frame: [state, key, moves, next index, values of the children so far, pending key]
        stack: list[list[Any]] = [[root, rk, legal(root), 0, set(), None]]
        budget.spend()
        while stack:
            f = stack[-1]
            state, _, moves, i, seen, pending = f
            if pending is not None:
                seen.add(table[pending])
                f[5] = None
                i += 1
            pushed = False
            while i < len(moves):
                child = apply(state, moves[i])
                budget.spend()
                if is_over(child):
                    r = game.result(child)
                    seat = to_move(state)
                    if r is None or seat is None or r.outcomes[seat] != "win":
                        self.normal_play = False
                        raise NotNormalPlay(f"{game.name}: the last mover does not always win (misère)")
                    seen.add(0)
                else:
                    ck = key(child)
                    g = table.get(ck)
                    if g is None:
                        f[3], f[5] = i, ck
                        stack.append([child, ck, legal(child), 0, set(), None])
                        pushed = True
                        break
                    seen.add(g)
                i += 1
            if not pushed:
                g = 0
                while g in seen:
                    g += 1
                table[f[1]] = g
                stack.pop()
        return table[rk]


def _hides(game: Game) -> bool:
    """Whether some seat sees less than the whole start position (e.g. a secret layout)."""
    start = game.initial()
    whole = game.full_view(start)
    return any(game.view(start, seat) != whole for seat in range(game.seats))


_tables: weakref.WeakKeyDictionary[Game, Table] = weakref.WeakKeyDictionary()


def table_for(game: Game) -> Table:
    """The one table of solved positions kept for this game instance."""
    t = _tables.get(game)
    if t is None:
        t = Table(game)
        _tables[game] = t
    return t


class Budget:
    """A node cap and a time limit for one question; :meth:`spend` raises :class:`TooLarge` past either.

    Nodes are positions generated (every child looked at), so the cap bounds the work even
    in games with thousands of moves per position.
    """

    __slots__ = ("nodes", "max_nodes", "deadline", "what", "next_check")

    def __init__(self, max_nodes: int | None, max_seconds: float | None, what: str) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.what = what
        self.next_check = 0

    def spend(self, n: int = 1) -> None:
        self.nodes += n
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise TooLarge(f"{self.what}: too large to solve exactly within {self.max_nodes:,} positions")
        if self.deadline is not None and self.nodes >= self.next_check:
            self.next_check = self.nodes + 512
            if time.perf_counter() > self.deadline:
                raise TooLarge(f"{self.what}: too large to solve exactly within the time limit")


# ----------------------------------------------------------------------------------
# line games: proofs by threats


# The longest win by continuous fours looked for, in the attacker's moves.
VCF_MOVES = 20
# Seconds the threat proofs may take when the caller gives no time limit.
THREAT_SECONDS = 10.0
# Seconds (at most half the time left) spent proving that no faster win than a proof's exists.
FASTEST_SECONDS = 5.0
# Line-game positions with more empty cells than this are beyond the table: past the threat
# proofs the answer is "no proof" at once instead of a long walk that cannot finish.
TABLE_EMPTIES = 30
_LINE_RULES = {"freestyle": "free", "standard": "standard", "renju": "renju", "caro": "caro"}


class NoProof(TooLarge):
    """A line game too large for the table, where the threat proofs found no forced win.

    ``timed_out``: the search for continuous fours did not finish (more time may find one).
    """

    def __init__(self, message: str, *, timed_out: bool = False) -> None:
        super().__init__(message)
        self.timed_out = timed_out


def line_board(game: Game, state: Any) -> tuple[Any, int] | None:
    """The stones of a two-player line game's position (gomoku, m,n,k: ``rules.base.InARow``) on a
    :class:`~solver.lines.LineBoard`, and the colour to move; None for other games, finished games
    and an opening's steps (gomoku's colour choices)."""
    from grundy.solver.lines import LineBoard

    line = game.in_a_row()
    if line is None or game.seats != 2 or game.is_over(state):
        return None
    colour = line.colour_to_move(state)
    if colour is None:
        return None
    rule = _LINE_RULES[line.rule]
    board = LineBoard(line.width, line.height, line.k, players=2, rule=rule)  # type: ignore[arg-type]
    for c, v in enumerate(state.board):
        if v:
            board.place(c, v - 1)
    return board, colour


class ThreatProver:
    """Proofs on a line game's position that the player to move wins: at once, or by continuous fours.

    The search for a line is :class:`solver.vcf.ThreatSearch`; every line it offers is then
    checked here against the rules, as an AND-OR proof: after each of the attacker's fours
    the defender may play *any* legal move that leaves the attacker no winning cell (the
    block, and in caro also a stone beyond the line's end), may not play a forbidden block
    (renju's black), and wins at once if he has a winning cell; every such defence must
    lose again by continuous fours.  A line that fails the check proves nothing.

    ``cannot_win(colour, j)`` proves the other way round, that the player to move cannot
    force a win within ``j`` of their moves (so a proof of K moves is the fastest win), by
    a null-move argument that holds where the opponent's stones never help the attacker
    (every rule but renju): a move after which even a second move in a row does not win
    within ``j - 1`` is refuted by any reply.
    """

    def __init__(self, game: Game, board: Any, clock: Any) -> None:
        from grundy.solver.vcf import ThreatSearch

        self.game = game
        self.board = board
        self.clock = clock
        self.search = ThreatSearch(board, clock)
        self.renju = board.rule == "renju"
        self.caro = board.rule == "caro"
        self.nodes = 0
        self.settled: dict[tuple[int, int, int], bool] = {}  # (position, colour, j) -> cannot_win's answer

    # ----- facts about the board

    def wins(self, p: int) -> list[int]:
        """Cells where a ``p`` stone wins now by the rule (``p`` need not be the one to move)."""
        b = self.board
        return [c for c in b.win_cells(p) if b.makes_win(c, p)]

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % 64 == 0:
            self.clock.check()

    def _defences(self, state: Any, a: int, threats: list[int]) -> list[int]:
        """The defender's legal moves after which ``a`` has no winning cell (the defender is to move in ``state``)."""
        b = self.board
        cells = list(dict.fromkeys(threats))
        if self.caro:  # a stone beyond a line's end may also spoil a five there
            width, height = b.width, b.height
            for w in threats:
                x0, y0 = w % width, w // width
                for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    for sgn in (1, -1):
                        for i in range(1, b.k + 1):
                            x, y = x0 + sgn * i * dx, y0 + sgn * i * dy
                            if 0 <= x < width and 0 <= y < height and not b.board[y * width + x]:
                                cells.append(y * width + x)
            cells = list(dict.fromkeys(cells))
        out = []
        d = 1 - a
        for r in cells:
            if b.board[r] or (self.renju and not self.game.is_legal(state, r)):
                continue
            b.place(r, d)
            try:
                if not self.wins(a):
                    out.append(r)
            finally:
                b.remove()
        return out

    # ----- wins by continuous fours

    def prove(self, state: Any, a: int, depth: int, hint: list[int] | None = None) -> tuple[int, list[int]] | None:
        """``(K, main line)``: colour ``a``, to move in ``state``, wins by their K-th move (K <= ``depth``)
        playing only fours; None when no such proof is found.  Raises TimeUp."""
        self._tick()
        now = [c for c in self.wins(a) if not self.renju or self.game.is_legal(state, c)]
        if now:
            return 1, [now[0]]
        if depth <= 1:
            return None
        if hint:
            found = self.after_four(state, a, hint[0], depth, hint[1:])
            if found is not None:
                return found
        line = self.search.find(a, depth - 1)  # its depth leaves out the move that makes two fours
        if line is None or (hint and line[0] == hint[0]):
            return None
        return self.after_four(state, a, line[0], depth, line[1:])

    def after_four(self, state: Any, a: int, c: int, depth: int, rest: list[int]) -> tuple[int, list[int]] | None:
        """The proof that ``a`` wins within ``depth`` moves starting with the four ``c`` (see :meth:`prove`)."""
        game, b, d = self.game, self.board, 1 - a
        if b.board[c] or not game.is_legal(state, c):
            return None
        child = game.apply(state, c)
        b.place(c, a)
        try:
            if b.winner == a:
                return 1, [c]
            if self.wins(d):
                return None  # the defender wins at once
            threats = self.wins(a)
            if not threats:
                return None
            defences = self._defences(child, a, threats)
            if not defences:  # nothing stops the next move's five
                return 2, [c, *self._hopeless_block(child, a, threats)]
            if depth <= 2:
                return None
            if rest and rest[0] in defences:
                defences.remove(rest[0])
                defences.insert(0, rest[0])
            worst: tuple[int, list[int]] | None = None
            for r in defences:
                after = game.apply(child, r)
                b.place(r, d)
                try:
                    if b.winner == d:
                        return None
                    sub = self.prove(after, a, depth - 1, rest[1:] if rest and rest[0] == r else None)
                finally:
                    b.remove()
                if sub is None:
                    return None
                if worst is None or sub[0] + 1 > worst[0]:
                    worst = (sub[0] + 1, [c, r, *sub[1]])
            return worst
        finally:
            b.remove()

    def _hopeless_block(self, state: Any, a: int, threats: list[int]) -> list[int]:
        """A defender's move that cannot stop ``a`` (a block of one threat where legal) and ``a``'s five after it."""
        b = self.board
        legal = [t for t in dict.fromkeys(threats) if not self.renju or self.game.is_legal(state, t)]
        r = legal[0] if legal else next(c for c in state.empty if self.game.is_legal(state, c))
        b.place(r, 1 - a)
        try:
            return [r, self.wins(a)[0]]
        finally:
            b.remove()

    def wins_in_two(self, state: Any, a: int) -> list[tuple[int, list[int]]]:
        """Every first move of a win by ``a``'s second move, with its line (``a`` has no win at once)."""
        out = []
        theirs = self.wins(1 - a)
        cands = theirs[:1] if theirs and not self.caro else self.board.four_makers(a)
        for c in cands:
            found = self.after_four(state, a, c, 2, [])
            if found is not None and found[0] == 2:
                out.append((c, found[1]))
        return out

    # ----- no faster win

    def cannot_win(self, a: int, j: int) -> bool:
        """Proven: colour ``a``, to move, cannot force a win within ``j`` moves (not for renju).  Raises TimeUp."""
        self._tick()
        b = self.board
        if self.wins(a):
            return False
        if j <= 1:
            return True
        key = (b.key, a, j)
        known = self.settled.get(key)
        if known is not None:
            return known
        self.settled[key] = answer = self._cannot_win(a, j)
        return answer

    def _cannot_win(self, a: int, j: int) -> bool:
        b, d = self.board, 1 - a
        theirs = self.wins(d)
        if theirs and not self.caro:
            if len(set(theirs)) > 1:
                return True  # two winning cells: the opponent wins next whatever a does
            moves = theirs[:1]
        elif j == 2:
            moves = b.four_makers(a)  # any other move leaves no winning cell: no win by the 2nd move
        else:
            moves = [c for c in range(b.size) if not b.board[c]]
        for m in moves:
            b.place(m, a)
            try:
                if b.winner == a:
                    return False
                if self.wins(d) or self.cannot_win(a, j - 1):
                    continue  # the opponent wins at once, or even a second move in a row is too slow
                if not any(self._holds(a, m, r, j - 1) for r in self._replies(a, m)):
                    return False
            finally:
                b.remove()
        return True

    def _holds(self, a: int, m: int, r: int, j: int) -> bool:
        b = self.board
        b.place(r, 1 - a)
        try:
            return b.winner == 1 - a or self.cannot_win(a, j)
        finally:
            b.remove()

    def _replies(self, a: int, m: int) -> list[int]:
        """The opponent's likely answers to ``a``'s move ``m``: blocks, cells of its lines, counter-fours."""
        b = self.board
        threats = self.wins(a)
        if threats and not self.caro:
            return list(dict.fromkeys(threats))
        cells: dict[int, None] = dict.fromkeys(threats)
        need = max(1, b.k - 3)
        cnt, tot = b.cnt[a], b.tot
        for w in b.cell_windows[m]:
            if cnt[w] >= need and tot[w] == cnt[w]:
                cells.update(dict.fromkeys(c for c in b.wcells[w] if not b.board[c]))
        cells.update(dict.fromkeys(b.four_makers(1 - a)))
        return list(cells)


def threat_solution(game: Game, state: Any, clock: Any, max_moves: int = VCF_MOVES) -> Solution | None:
    """The exact answer for a line-game position won at once or by continuous fours, else None.

    Also ``loss`` in 1 when the opponent has a five no legal move can stop.

    ``in_k`` is the fastest win only when that is proven (no win at once, no win by the
    second move, and for longer lines :meth:`ThreatProver.cannot_win` one move short);
    otherwise ``in_k`` is None and ``at_most`` carries the proof's length.  Raises TimeUp.
    """
    read = line_board(game, state)
    if read is None:
        return None
    board, a = read
    seat = game.to_move(state)
    prover = ThreatProver(game, board, clock)
    legal = (lambda c: game.is_legal(state, c)) if prover.renju else (lambda c: True)
    now = [c for c in prover.wins(a) if legal(c)]
    if now:
        order = {c: i for i, c in enumerate(state.empty)}
        now.sort(key=lambda c: order.get(c, 0))
        return Solution(seat, "win", 1, None, None, now, 1, prover.nodes, line=[now[0]], proof="five")
    theirs = prover.wins(1 - a)
    if theirs and not prover._defences(state, 1 - a, theirs):
        # The opponent has a five that no legal move stops (two of them, or a forbidden block).
        moves = list(state.empty) if not prover.renju else [c for c in state.empty if game.is_legal(state, c)]
        reply = next((c for c in theirs if c in moves), moves[0] if moves else None)  # a block, where legal
        shown = [] if reply is None else [reply, *_five_after(prover, reply, a)]
        return Solution(seat, "loss", 1, None, None, moves, 2, prover.nodes, line=shown, proof="five")
    twos = prover.wins_in_two(state, a)
    if twos:
        best = sorted(c for c, _ in twos)
        return Solution(seat, "win", 2, None, None, best, 3, prover.nodes, line=twos[0][1], proof="fours")
    for depth in range(3, max_moves + 1):
        line = prover.search.find(a, depth - 1)  # its depth leaves out the move that makes two fours
        if line is None:
            continue
        found = prover.prove(state, a, depth, line)
        if found is None:
            continue  # the search's line does not hold under the rules (renju, caro): look further
        k, main = found
        exact = k <= 3 or (not prover.renju and _fastest(prover, a, k))
        best = [main[0]]
        if k == 3:  # cheap enough to find every first four of a win by continuous fours in 3
            for c in prover.board.four_makers(a):
                if c != main[0] and (other := prover.after_four(state, a, c, 3, [])) is not None and other[0] == 3:
                    best.append(c)
            order = {c: i for i, c in enumerate(state.empty)}
            best.sort(key=lambda c: order.get(c, 0))
        return Solution(
            seat, "win", k if exact else None, None, None, best, 2 * k - 1 if exact else None, prover.nodes,
            line=main, proof="fours", at_most=None if exact else k,
        )
    return None


def _five_after(prover: ThreatProver, c: int, a: int) -> list[int]:
    """The opponent's five after ``a`` plays ``c`` (for a lost position's line)."""
    b = prover.board
    b.place(c, a)
    try:
        return prover.wins(1 - a)[:1]
    finally:
        b.remove()


def _fastest(prover: ThreatProver, a: int, k: int) -> bool:
    """Whether no win faster than ``k`` moves is proven within the clock."""
    from grundy.solver.search import Clock, TimeUp

    clock = prover.clock
    prover.clock = Clock(min(clock.deadline, clock.now() + min(FASTEST_SECONDS, clock.left() * 0.5)), clock.now)
    try:
        return prover.cannot_win(a, k - 1)
    except TimeUp:
        return False
    finally:
        prover.clock = clock


# ----------------------------------------------------------------------------------
# the questions


def describe(game: Game) -> str:
    """The game as on the command line, e.g. ``nim heaps=3,4,5 misere=false`` (for messages)."""

    def text(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return ",".join(text(x) for x in v)
        return str(v)

    shown = [f"{k}={text(v)}" for k, v in game.public_params().items() if v is not None and v != []]
    return " ".join([game.name, *shown])


def solve(
    game: Game,
    state: Any = None,
    *,
    max_nodes: int | None = 2_000_000,
    max_seconds: float | None = None,
) -> Solution:
    """The exact answer for ``state`` (default: the start) with every best move.

    Raises :class:`TooLarge` when more than ``max_nodes`` new positions (or ``max_seconds``)
    would be needed, :class:`Unsupported` for games the solver cannot answer.
    """
    table = table_for(game)
    s = game.initial() if state is None else state
    budget = Budget(max_nodes, max_seconds, describe(game))
    if game.is_over(s):
        return Solution(None, None, None, None, None, [], 0, 0)
    if table.model is game and game.in_a_row() is not None:
        found = _threats_first(game, s, max_seconds)
        if found is not None:
            return found
    mover = game.to_move(s)
    scored = table.move_values(table.convert(s), budget)
    top = max(v for _, v in scored)
    grundy: int | None = None
    if game.impartial and table.normal_play is not False:
        try:
            grundy = table.grundy(s, budget)
        except NotNormalPlay:
            grundy = None
    order = {m: i for i, m in enumerate(game.legal_moves(s))}
    scored.sort(key=lambda mv: order.get(mv[0], len(order)))
    if table.payoff:
        best = [m for m, v in scored if v == top]
        return Solution(mover, None, None, top, grundy, best, None, budget.nodes)
    outcome, k, plies = outcome_of(int(top))
    best = [m for m, v in scored if outcome_of(int(v))[:2] == (outcome, k)]
    return Solution(mover, outcome, k, None, grundy, best, plies, budget.nodes)


def _threats_first(game: Game, state: Any, max_seconds: float | None) -> Solution | None:
    """A line game too large for the bit-mask model: a win at once or by continuous fours, if proven.

    Raises :class:`NoProof` when none is found and too many cells are empty for the table.
    """
    from grundy.solver.search import Clock, TimeUp

    seconds = THREAT_SECONDS if max_seconds is None else max_seconds
    clock = Clock.after(seconds)
    timed_out = False
    try:
        found = threat_solution(game, state, clock)
        searched = f"no win at once and no win by continuous fours of up to {VCF_MOVES} moves"
        if line_board(game, state) is None:
            searched = "a colour to choose in the opening, where threats prove nothing"
    except TimeUp:
        found, timed_out = None, True
        searched = f"no win at once, and the search for a win by continuous fours ran out of time ({seconds:g} s)"
    if found is not None:
        return found
    empties = len(getattr(state, "empty", ()))
    if empties > TABLE_EMPTIES:
        raise NoProof(
            f"{describe(game)}: no proof: seat {game.to_move(state)} to move has {searched}, "
            f"and {empties} empty cells are too many to solve exactly",
            timed_out=timed_out,
        )
    return None


def value(game: Game, state: Any, *, max_nodes: int | None = 2_000_000, max_seconds: float | None = None) -> float:
    """The stored value of ``state`` (not over) for its player to move: see the module docstring."""
    table = table_for(game)
    return table.value(table.convert(state), Budget(max_nodes, max_seconds, describe(game)))


def grundy(game: Game, state: Any = None, *, max_nodes: int | None = 2_000_000) -> int:
    """The Sprague-Grundy value of a position of an impartial normal-play game.

    Raises :class:`NotNormalPlay` for partizan or misère games, :class:`TooLarge` past the cap.
    """
    s = game.initial() if state is None else state
    return table_for(game).grundy(s, Budget(max_nodes, None, describe(game)))


def grundy_of_sum(parts: Iterable[tuple[Game, Any]], *, max_nodes: int | None = 2_000_000) -> int:
    """The Grundy value of a sum of positions (each a ``(game, state)`` pair): the XOR of theirs.

    The player to move in the sum wins exactly when the result is not 0.
    """
    total = 0
    for game, state in parts:
        total ^= grundy(game, state, max_nodes=max_nodes)
    return total


def nim_parts(game: Game, state: Any) -> list[tuple[Game, Any]]:
    """A Nim position as the sum of its single heaps (each a one-heap Nim game)."""
    from grundy.rules import create

    out = []
    for size in state.heaps:
        g = create("nim", heaps=str(size))
        out.append((g, g.initial()))
    return out
