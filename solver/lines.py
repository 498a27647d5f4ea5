"""Line games (m,n,k and gomoku): an incremental board for search.

The board keeps, for every *window* (k consecutive cells in a row, column or diagonal),
how many stones each player has in it.  A window holding only one player's stones is
*live* for that player and scores ``WEIGHTS[count]``; the position's score for a player is
the sum over its live windows, updated as stones are placed and removed.  Patterns fall out
of the sums: an open three lies in three live windows of 3, a closed three in one; an open
four is two live windows of 4 with different empty cells (two ways to win).

Threats are tracked exactly as they change: ``fours[p]`` maps each cell that would
complete a live window for player p (a winning cell) to the number of such windows, and
``threes[p]`` holds the live windows one stone short of a four (where p can make a four),
and ``ndouble[p]`` counts the empty cells lying in two of them: a stone there makes two
fours at once (an open four from an open three, or a four-four), which wins.

Rule variants (for gomoku):

* ``free`` (m,n,k and gomoku freestyle): k or more in a row wins;
* ``standard``: exactly five wins, so a window with the player's own stone just beyond
  either end is dead for that player (completing it would make an overline);
* ``renju``: as ``standard`` for black (seat 0), ``free`` for white.  The engine does not
  model black's forbidden double-three and double-four inside the search; the bot checks
  every root move with the rules, and the threat search refuses black double fours;
* ``caro``: five or more wins unless both ends are blocked by the opponent, so a window
  with opponent stones just beyond both ends is dead.  (An overline blocked at both ends
  is judged by its windows, not the whole run: a simplification.)

A win is detected exactly when a stone is placed, from the run through that stone.
Cells are ``y * width + x``; players are 0..P-1 and stones on the board are player+1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Literal, cast

Rule = Literal["free", "standard", "renju", "caro"]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def weights(k: int) -> list[float]:
    """Score of a live window by its stone count: grows sevenfold per stone, 0 for empty."""
    return [0.0] + [float(7 ** (i - 1)) for i in range(1, k)] + [float(7 ** (k - 1)) * 8]


class Geometry:
    """The fixed part of a board: windows, neighbourhoods, Zobrist keys (built once, shared)."""

    def __init__(self, width: int, height: int, k: int, players: int, ends_matter: bool, radius: int) -> None:
        n = width * height
        wcells: list[tuple[int, ...]] = []
        wends: list[tuple[int, int]] = []
        cell_windows: list[list[int]] = [[] for _ in range(n)]
        end_windows: list[list[int]] = [[] for _ in range(n)]
        for dx, dy in DIRECTIONS:
            for y in range(height):
                for x in range(width):
                    ex, ey = x + dx * (k - 1), y + dy * (k - 1)
                    if not (0 <= ex < width and 0 <= ey < height):
                        continue
                    cells = tuple((y + dy * i) * width + (x + dx * i) for i in range(k))
                    bx, by = x - dx, y - dy
                    ax, ay = ex + dx, ey + dy
                    before = by * width + bx if 0 <= bx < width and 0 <= by < height else -1
                    after = ay * width + ax if 0 <= ax < width and 0 <= ay < height else -1
                    w = len(wcells)
                    wcells.append(cells)
                    wends.append((before, after))
                    for c in cells:
                        cell_windows[c].append(w)
                    for e in (before, after):
                        if e >= 0:
                            end_windows[e].append(w)
        self.wcells = wcells
        self.wends = wends
        self.cell_windows = [tuple(ws) for ws in cell_windows]
        # Windows to refresh when a cell changes: its own, plus those it borders when ends matter.
        self.touch = [
            tuple(sorted(set(cell_windows[c]) | (set(end_windows[c]) if ends_matter else set())))
            for c in range(n)
        ]
        self.getters = [_getter(ws) for ws in self.cell_windows]
        self.neigh: list[tuple[int, ...]] = []
        for c in range(n):
            cx, cy = c % width, c // width
            self.neigh.append(
                tuple(
                    (cy + dy) * width + cx + dx
                    for dy in range(-radius, radius + 1)
                    for dx in range(-radius, radius + 1)
                    if (dx or dy) and 0 <= cx + dx < width and 0 <= cy + dy < height
                )
            )
        rng = random.Random(0x5EED ^ (width * 131 + height * 17 + k))
        self.zobrist = [[rng.getrandbits(64) for _ in range(n)] for _ in range(players)]


_GEOMETRIES: dict[tuple[int, int, int, int, bool, int], Geometry] = {}


def geometry(width: int, height: int, k: int, players: int, ends_matter: bool, radius: int) -> Geometry:
    """The shared :class:`Geometry` for these dimensions (built on first use)."""
    key = (width, height, k, players, ends_matter, radius)
    g = _GEOMETRIES.get(key)
    if g is None:
        if len(_GEOMETRIES) > 32:
            _GEOMETRIES.clear()
        g = _GEOMETRIES[key] = Geometry(*key)
    return g


class LineBoard:
    """A mutable m x n board with incremental window counts, scores and threats."""

    def __init__(self, width: int, height: int, k: int, players: int = 2, rule: Rule = "free", radius: int = 2) -> None:
        self.width, self.height, self.k, self.players, self.rule = width, height, k, players, rule
        self.size = n = width * height
        self.board = [0] * n
        self.stones = 0
        self.history: list[tuple[int, int]] = []  # (cell, player) in order
        self.winners: list[int] = []  # winner after each placement (-1: none)
        self.weight = weights(k)
        self.gain = [self.weight[n + 1] - self.weight[n] for n in range(k)]  # what one more stone adds
        self.ends_matter = rule != "free"
        geo = geometry(width, height, k, players, self.ends_matter, radius)
        self.wcells = geo.wcells
        self.wends = geo.wends
        self.cell_windows = geo.cell_windows
        self.touch = geo.touch
        self.getters = geo.getters
        self.neigh = geo.neigh
        self.zobrist = geo.zobrist
        self.radius = radius
        self.nwin = nw = len(self.wcells)
        wcells = self.wcells
        # --- counts and scores
        self.tot = [0] * nw
        self.cnt = [[0] * nw for _ in range(players)]
        w1 = self.weight[1] - self.weight[0]
        self.val = [[0.0] * nw for _ in range(players)]  # window's current score for p
        self.attack = [[w1] * nw for _ in range(players)]  # what a p stone here would add
        self.score = [0.0] * players
        self.fourcell = [[-1] * nw for _ in range(players)]
        self.fours: list[dict[int, int]] = [{} for _ in range(players)]
        self.threes: list[set[int]] = [set() for _ in range(players)]
        # For the windows one stone short of a four: their empty cells, how many such windows
        # each empty cell lies in, and how many cells lie in two or more (where one stone
        # makes two fours at once: an open four from an open three, or a four-four).
        self.tcells: list[list[tuple[int, ...]]] = [[()] * nw for _ in range(players)]
        self.tcount = [[0] * n for _ in range(players)]
        self.ndouble = [0] * players
        if k == 1:
            for p in range(players):
                for w in range(nw):
                    self.fourcell[p][w] = wcells[w][0]
                    f = self.fours[p]
                    f[wcells[w][0]] = f.get(wcells[w][0], 0) + 1
        elif k == 2:
            for p in range(players):
                self.threes[p] = set(range(nw))
                for w in range(nw):
                    self.tcells[p][w] = wcells[w]
                    for c in wcells[w]:
                        self.tcount[p][c] += 1
                self.ndouble[p] = sum(1 for c in range(n) if self.tcount[p][c] >= 2)
        self.near = [0] * n
        self.key = 0

    # ----- queries -----------------------------------------------------------------

    @property
    def winner(self) -> int:
        """The player who has won, or -1."""
        return self.winners[-1] if self.winners else -1

    def is_full(self) -> bool:
        return self.stones >= self.size

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, c: int) -> tuple[int, int]:
        return c % self.width, c // self.width

    def _valid(self, w: int, p: int) -> bool:
        """Whether window ``w`` can still become a win for ``p`` given the cells beyond its ends."""
        rule = self.rule
        if rule == "free" or (rule == "renju" and p != 0):
            return True
        a, b = self.wends[w]
        board = self.board
        if rule == "caro":
            return not (a >= 0 and b >= 0 and board[a] not in (0, p + 1) and board[b] not in (0, p + 1))
        own = p + 1
        return (a < 0 or board[a] != own) and (b < 0 or board[b] != own)

    def win_cells(self, p: int) -> list[int]:
        """Empty cells where ``p`` would complete a live window (a win, up to the caro caveat)."""
        return list(self.fours[p])

    def makes_win(self, c: int, p: int) -> bool:
        """Whether a ``p`` stone on empty cell ``c`` wins by the rule (checked on the run)."""
        self.board[c] = p + 1
        try:
            return self._run_wins(c, p)
        finally:
            self.board[c] = 0

    def _run_wins(self, c: int, p: int) -> bool:
        board, width, height, k = self.board, self.width, self.height, self.k
        own = p + 1
        x0, y0 = c % width, c // width
        exact = self.rule == "standard" or (self.rule == "renju" and p == 0)
        for dx, dy in DIRECTIONS:
            n = 1
            x, y = x0 + dx, y0 + dy
            while 0 <= x < width and 0 <= y < height and board[y * width + x] == own:
                n += 1
                x += dx
                y += dy
            end1 = y * width + x if 0 <= x < width and 0 <= y < height else -1
            x, y = x0 - dx, y0 - dy
            while 0 <= x < width and 0 <= y < height and board[y * width + x] == own:
                n += 1
                x -= dx
                y -= dy
            end2 = y * width + x if 0 <= x < width and 0 <= y < height else -1
            if n < k:
                continue
            if exact:
                if n == k:
                    return True
                continue
            if self.rule == "caro":
                blocked1 = end1 >= 0 and board[end1] not in (0, own)
                blocked2 = end2 >= 0 and board[end2] not in (0, own)
                if blocked1 and blocked2:
                    continue
            return True
        return False

    # ----- make and unmake ---------------------------------------------------------

    def place(self, c: int, p: int) -> None:
        """Put a stone of player ``p`` on empty cell ``c``."""
        self.board[c] = p + 1
        self.stones += 1
        self.key ^= self.zobrist[p][c]
        self.history.append((c, p))
        tot, cnt = self.tot, self.cnt[p]
        for w in self.cell_windows[c]:
            tot[w] += 1
            cnt[w] += 1
        self._refresh(self.touch[c])
        near = self.near
        for d in self.neigh[c]:
            near[d] += 1
        if self.rule == "free":
            won = self.k in self.getters[c](cnt)  # a window through c now full of p's stones
        else:
            won = self._run_wins(c, p)
        self.winners.append(p if won else (self.winners[-1] if self.winners else -1))

    def remove(self) -> None:
        """Take back the last stone placed."""
        c, p = self.history.pop()
        self.winners.pop()
        self.board[c] = 0
        self.stones -= 1
        self.key ^= self.zobrist[p][c]
        tot, cnt = self.tot, self.cnt[p]
        for w in self.cell_windows[c]:
            tot[w] -= 1
            cnt[w] -= 1
        self._refresh(self.touch[c])
        near = self.near
        for d in self.neigh[c]:
            near[d] -= 1

    def _refresh(self, windows: tuple[int, ...]) -> None:
        """Recompute the windows' scores, attack values and threat entries for every player."""
        tot, k, weight, board, wcells = self.tot, self.k, self.weight, self.board, self.wcells
        ends = self.ends_matter
        gain = self.gain
        short = k - 2  # counts below this leave no winning cell and no four-making cell
        for p in range(self.players):
            cnt, val, att = self.cnt[p], self.val[p], self.attack[p]
            fc, tc = self.fourcell[p], self.tcells[p]
            delta = 0.0
            for w in windows:
                n = cnt[w]
                live = n == tot[w] and n < k and (not ends or self._valid(w, p))
                if live:
                    nv = weight[n]
                    na = gain[n]
                    if n < short and fc[w] < 0 and not tc[w]:
                        # The common case: a live window far from a four, before and after.
                        ov = val[w]
                        if ov != nv:
                            delta += nv - ov
                            val[w] = nv
                        att[w] = na
                        continue
                elif not val[w] and not att[w] and fc[w] < 0 and not tc[w]:
                    continue  # dead before and after: nothing to update
                else:
                    nv = na = 0.0
                ov = val[w]
                if ov != nv:
                    delta += nv - ov
                    val[w] = nv
                att[w] = na
                # winning cells (windows one stone short of k)
                new4 = -1
                if live and n == k - 1:
                    for c in wcells[w]:
                        if not board[c]:
                            new4 = c
                            break
                old4 = fc[w]
                if old4 != new4:
                    f = self.fours[p]
                    if old4 >= 0:
                        left = f[old4] - 1
                        if left:
                            f[old4] = left
                        else:
                            del f[old4]
                    if new4 >= 0:
                        f[new4] = f.get(new4, 0) + 1
                    fc[w] = new4
                # windows two stones short: where a stone makes a four
                new3: tuple[int, ...] = ()
                if live and n == k - 2:
                    new3 = tuple(c for c in wcells[w] if not board[c])
                old3 = tc[w]
                if old3 != new3:
                    tcount = self.tcount[p]
                    for c in old3:
                        left = tcount[c] - 1
                        tcount[c] = left
                        if left == 1:
                            self.ndouble[p] -= 1
                    for c in new3:
                        more = tcount[c] + 1
                        tcount[c] = more
                        if more == 2:
                            self.ndouble[p] += 1
                    tc[w] = new3
                    if new3:
                        self.threes[p].add(w)
                    else:
                        self.threes[p].discard(w)
            self.score[p] += delta

    # ----- move generation helpers ----------------------------------------------------

    def empties_near(self) -> list[int]:
        """Empty cells within the radius of some stone (the centre when the board is empty)."""
        board, near = self.board, self.near
        out = [c for c in range(self.size) if near[c] and not board[c]]
        if not out:
            if self.stones == 0:
                cx, cy = (self.width - 1) // 2, (self.height - 1) // 2
                return [cy * self.width + cx]
            out = [c for c in range(self.size) if not board[c]]
        return out

    def empties(self) -> list[int]:
        board = self.board
        return [c for c in range(self.size) if not board[c]]

    def cell_value(self, c: int, p: int, defence: float = 1.0) -> float:
        """How much a ``p`` stone on ``c`` adds to p's windows plus what it takes from the others'."""
        g = self.getters[c]
        v = sum(g(self.attack[p]))
        for q in range(self.players):
            if q != p:
                v += defence * sum(g(self.val[q]))
        return v

    def four_makers(self, p: int) -> list[int]:
        """Empty cells where a ``p`` stone makes at least one new four, in cell order."""
        board = self.board
        seen: set[int] = set()
        for w in self.threes[p]:
            for c in self.wcells[w]:
                if not board[c]:
                    seen.add(c)
        return sorted(seen)

    def threat_count(self, c: int, p: int) -> int:
        """Number of distinct winning cells ``p`` would have after a stone on ``c``."""
        self.place(c, p)
        try:
            return len(self.fours[p])
        finally:
            self.remove()


def _getter(ws: tuple[int, ...]) -> Callable[[Sequence[float]], tuple[float, ...]]:
    """A fast picker of the entries ``ws`` of a list, always as a tuple."""
    if not ws:
        return lambda seq: ()
    if len(ws) == 1:
        w = ws[0]
        return lambda seq: (seq[w],)
    picker: Any = itemgetter(*ws)
    return cast(Callable[[Sequence[float]], tuple[float, ...]], picker)


# ----------------------------------------------------------------------------------
# The native engine (the ``_grundy_native`` extension, built with the package when a
# compiler is there): the same board, search and threat search in C.

try:
    import _grundy_native as native
except ImportError:  # not built here: the pure-Python engine plays
    native = None

RULE_CODES = {"free": 0, "standard": 1, "renju": 2, "caro": 3}


def native_supports(width: int, height: int, k: int, players: int) -> bool:
    """Whether the native engine is built and covers this board (two players, 3 <= k <= 16, up to 1024 cells)."""
    return native is not None and players == 2 and 3 <= k <= 16 and width * height <= 1024


class _Cells:
    """``board.board`` of a native board: the stone on each cell (0 empty, else player + 1)."""

    __slots__ = ("_engine", "_n")

    def __init__(self, engine: Any, n: int) -> None:
        self._engine = engine
        self._n = n

    def __getitem__(self, c: int) -> int:
        return int(self._engine.cell(c))

    def __len__(self) -> int:
        return self._n


class NativeLineBoard:
    """The native engine's board, with the :class:`LineBoard` API the line-game search uses.

    Its Zobrist keys are the Python board's, so both engines key their tables alike.
    """

    players = 2

    def __init__(self, width: int, height: int, k: int, rule: Rule = "free", radius: int = 2) -> None:
        if native is None or not native_supports(width, height, k, 2):
            raise ValueError(f"the native engine does not cover a {width}x{height} board with k={k}")
        geo = geometry(width, height, k, 2, rule != "free", radius)
        self.width, self.height, self.k, self.rule, self.radius = width, height, k, rule, radius
        self.size = width * height
        self.engine = native.Board(width, height, k, RULE_CODES[rule], geo.zobrist, radius)
        self.history: list[tuple[int, int]] = []
        self.board = _Cells(self.engine, self.size)

    @classmethod
    def mirror(cls, board: LineBoard) -> NativeLineBoard:
        """A native board with ``board``'s stones, placed in the same order."""
        nb = cls(board.width, board.height, board.k, board.rule, board.radius)
        for c, p in board.history:
            nb.place(c, p)
        return nb

    # ----- the LineBoard API -----------------------------------------------------

    @property
    def winner(self) -> int:
        return int(self.engine.state()[0])

    @property
    def stones(self) -> int:
        return len(self.history)

    @property
    def key(self) -> int:
        return int(self.engine.state()[2])

    @property
    def score(self) -> list[float]:
        st = self.engine.state()
        return [st[3], st[4]]

    @property
    def ndouble(self) -> list[int]:
        st = self.engine.state()
        return [st[5], st[6]]

    @property
    def fours(self) -> list[dict[int, int]]:
        return [self.engine.four_cells(0), self.engine.four_cells(1)]

    @property
    def tcount(self) -> list[list[int]]:
        return [self.engine.tcounts(0), self.engine.tcounts(1)]

    def is_full(self) -> bool:
        return self.stones >= self.size

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, c: int) -> tuple[int, int]:
        return c % self.width, c // self.width

    def place(self, c: int, p: int) -> None:
        self.engine.place(c, p)
        self.history.append((c, p))

    def remove(self) -> None:
        self.engine.remove()
        self.history.pop()

    def win_cells(self, p: int) -> list[int]:
        return list(self.engine.four_cells(p))

    def makes_win(self, c: int, p: int) -> bool:
        return bool(self.engine.makes_win(c, p))

    def four_makers(self, p: int) -> list[int]:
        return list(self.engine.four_makers(p))

    def empties_near(self) -> list[int]:
        return list(self.engine.empties_near())

    def empties(self) -> list[int]:
        cell = self.engine.cell
        return [c for c in range(self.size) if not cell(c)]

    def cell_value(self, c: int, p: int, defence: float = 1.0) -> float:
        return float(self.engine.cell_value(c, p, defence))

    def threat_count(self, c: int, p: int) -> int:
        self.place(c, p)
        try:
            return len(self.engine.four_cells(p))
        finally:
            self.remove()


AnyLineBoard = LineBoard | NativeLineBoard
