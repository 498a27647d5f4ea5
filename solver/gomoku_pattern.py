"""The pattern engine in pure Python: the twin of ``native/gomoku_engine.c`` that plays ``max``
in freestyle gomoku where the ``_grundy_native`` extension is not built.

It reads the board as the native engine does, with the same tables, constants and order:

- for every empty cell, direction and colour, the *shape* a stone there would make on that
  line (five, open four, four, open three, three, open two, ...), looked up in a table
  indexed by the eight cells around it on the line and updated when a stone is placed or
  taken back; the four shapes of a cell give its *kind* (five, open four or double four,
  four-three, four, double three, open three, ...), an ordering value and an evaluation;
- candidate moves ranked by attack and defence, only the forced answers when the opponent
  has a four or an open three;
- searches for wins by continuous fours (VCF) and by fours and open threes (VCT), with a
  table of refuted positions;
- iterative-deepening principal-variation alpha-beta with a Zobrist transposition table,
  killer and history ordering, late-move reductions and a VCF look near the root.

A decision (:func:`decide`): a win at once, a block of a four, an open four; else a VCF for
the side to move (10% of the time), a VCT (20% of what is left), the opponent's VCT as if
we passed (15%) and, when he has one, the root moves after which he has none a threat
deeper (35%); then the alpha-beta until the deadline, no new iteration after 60% of it.

With ``max_depth`` or ``node_limit`` set and a far deadline both engines return the same
move, value, principal variation, node count, depth and reason
(``tests/solver/test_pattern_twin.py``).  Two differences only touch timed play: the twin
reads the clock at every node (the native engine every 256, a Python node being 40 to 110
times slower: ``bench/pattern.py``), and it starts every decision with empty tables (the
native engine keeps its tables between the calls of a process, except in the fixed-depth
mode).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

MAX_SIDE = 26
PAD = 4
STRIDE = MAX_SIDE + 2 * PAD
CELLS = STRIDE * STRIDE
WIN = 30_000
MATE = 29_000  # values beyond this are wins or losses in sight
MAX_PLY = 128
MAX_VCF_DEPTH = 40  # fours in the decision's own VCF look
MASK64 = (1 << 64) - 1
TT_BITS = 20  # the native engine's table sizes: the same slots, the same replacements
REF_BITS = 19

# Shapes a stone makes on one line (per direction).
S_NONE, S_ONE, S_B2, S_F2, S_B3, S_F3, S_B4, S_F4, S_FIVE = range(9)
S_COUNT = 9
# What a stone on a cell makes over its four lines (per colour).
K_NONE, K_LOW, K_F3, K_33, K_B4, K_43, K_F4, K_FIVE = range(8)
K_COUNT = 8

# Values of a shape on an empty cell: for move ordering (attack) and for the evaluation.
ATTACK = (0, 1, 3, 10, 8, 40, 45, 500, 10000)
EVAL = (0, 0, 1, 4, 3, 14, 16, 60, 150)
KIND_BONUS = (0, 0, 0, 300, 0, 1500, 3000, 0)
KIND_EVAL = (0, 0, 0, 30, 0, 60, 100, 0)

TT_EXACT, TT_LOWER, TT_UPPER = 0, 1, 2

REASONS = (
    "wins at once",
    "blocks a four",
    "wins by continuous fours",  # an open four on the board
    "wins by continuous fours",
    "wins by continuous threats",
    "search",
    "defends against continuous threats",
    "the only move",
)
R_WIN_NOW, R_BLOCK, R_OPEN_FOUR, R_VCF, R_VCT, R_SEARCH, R_DEFEND_VCT, R_ONLY = range(8)

# The four directions on the padded board, and for each the cells whose line code a stone
# changes: (offset, shift of the stone's two bits in that cell's code).
DIRS = (1, STRIDE, STRIDE + 1, STRIDE - 1)
_TOUCHES = tuple(
    tuple((sign * k * D, 2 * (4 - k) if sign > 0 else 2 * (3 + k)) for k in range(1, 5) for sign in (1, -1))
    for D in DIRS
)

# ---- the shape tables --------------------------------------------------------------------
# A line of nine cells, the centre (index 4) holding the colour's stone; cells: 0 empty,
# 1 own, 2 other (the opponent or off the board).


def _line_five(line: list[int], exact: bool) -> bool:
    n = 1
    i = 3
    while i >= 0 and line[i] == 1:
        n += 1
        i -= 1
    i = 5
    while i < 9 and line[i] == 1:
        n += 1
        i += 1
    return n == 5 if exact else n >= 5


def _line_shape(line: list[int], exact: bool, memo: dict[int, int]) -> int:
    idx = 0
    for i in range(9):
        if i != 4:
            idx = idx * 3 + line[i]
    if idx in memo:
        return memo[idx]
    if _line_five(line, exact):
        res = S_FIVE
    else:
        fives = 0
        for i in range(9):
            if i == 4 or line[i]:
                continue
            line[i] = 1
            fives += _line_five(line, exact)
            line[i] = 0
        if fives >= 2:
            res = S_F4
        elif fives == 1:
            res = S_B4
        else:
            best = S_NONE
            for i in range(9):
                if i == 4 or line[i]:
                    continue
                line[i] = 1
                best = max(best, _line_shape(line, exact, memo))
                line[i] = 0
                if best == S_FIVE:
                    break
            # one stone short of each shape (a five with one more stone was counted above)
            res = {S_F4: S_F3, S_B4: S_B3, S_F3: S_F2, S_B3: S_B2, S_F2: S_ONE, S_B2: S_ONE}.get(best, S_NONE)
    memo[idx] = res
    return res


def _side(byte: int, colour: int, slots: range) -> int:
    """One side of a line code's byte (four cells, read outwards from the centre) as a base-3
    number of its cells, 0 empty / 1 own / 2 other, in the order of the line; cells beyond an
    obstacle cannot matter and count as obstacles."""
    cells = []
    blocked = False
    for slot in slots:
        v = (byte >> (2 * slot)) & 3  # 0 empty, 1 black, 2 white, 3 wall
        cell = 0 if v == 0 else (1 if v == colour + 1 else 2)
        blocked = blocked or cell == 2
        cells.append(2 if blocked else cell)
    if slots[0] > slots[-1]:  # the left side was read from the centre outwards
        cells.reverse()
    return ((cells[0] * 3 + cells[1]) * 3 + cells[2]) * 3 + cells[3]


_shape_tables: dict[int, tuple[list[int], list[int]]] = {}


def shape_tables(rule: int) -> tuple[list[int], list[int]]:
    """For each colour, the shape of a stone on a cell whose line code (two bits for each of
    the eight cells around it: 0 empty, 1 black, 2 white, 3 off the board; the four before it
    in the low byte, the nearest in the highest bits) is the index; rule 0 freestyle (five or
    more wins), 1 exactly five."""
    if rule not in _shape_tables:
        exact = rule == 1
        memo: dict[int, int] = {}
        sides = [
            (
                [_side(lo, colour, range(3, -1, -1)) * 81 for lo in range(256)],
                [_side(hi, colour, range(4)) for hi in range(256)],
            )
            for colour in (0, 1)
        ]
        # the shape of every line that can occur, by the base-3 number of its eight cells
        # around the centre: the two sides are blocked independently, left side * 81 + right
        by_line = [0] * 6561
        for left in set(sides[0][0]):
            for right in set(sides[0][1]):
                line = [(left + right) // 3 ** (7 - i) % 3 for i in range(8)]
                by_line[left + right] = _line_shape([*line[:4], 1, *line[4:]], exact, memo)
        tables = [[by_line[left + right] for right in rights for left in lefts] for lefts, rights in sides]
        _shape_tables[rule] = (tables[0], tables[1])
    return _shape_tables[rule]


def _kind_of(shapes: Sequence[int]) -> int:
    n4 = n3 = 0
    f4 = low = False
    for t in shapes:
        if t == S_FIVE:
            return K_FIVE
        if t == S_F4:
            f4 = True
        elif t == S_B4:
            n4 += 1
        elif t == S_F3:
            n3 += 1
        elif t >= S_B2:
            low = True
    if f4 or n4 >= 2:
        return K_F4
    if n4 and n3:
        return K_43
    if n4:
        return K_B4
    if n3 >= 2:
        return K_33
    if n3:
        return K_F3
    return K_LOW if low else K_NONE


def _combos() -> tuple[list[int], list[int], list[int]]:
    """Kind, ordering value and evaluation value of a cell from its four shapes (9^4 entries)."""
    kinds, attack, evals = [], [], []
    for i in range(6561):
        s = (i // 729, i // 81 % 9, i // 9 % 9, i % 9)
        k = _kind_of(s)
        kinds.append(k)
        attack.append(sum(ATTACK[x] for x in s) + KIND_BONUS[k])
        evals.append(sum(EVAL[x] for x in s) + KIND_EVAL[k])
    return kinds, attack, evals


COMBO_KIND, COMBO_ATTACK, COMBO_EVAL = _combos()


def _zobrist() -> list[int]:
    """The stones' keys, [cell * 2 + colour], from the native engine's splitmix64 sequence."""
    keys = []
    z = 0x9E3779B97F4A7C15
    for _ in range(CELLS * 2):
        z = (z + 0x9E3779B97F4A7C15) & MASK64
        r = z
        r = ((r ^ (r >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & MASK64
        keys.append(r ^ (r >> 31))
    return keys


ZOBRIST = _zobrist()


def width_at(ply: int) -> int:
    """Candidate moves searched at a ply of the alpha-beta."""
    return 40 if ply == 0 else (16 if ply < 3 else (11 if ply < 6 else 8))


def _to_tt(v: int, ply: int) -> int:
    return v + ply if v > MATE else (v - ply if v < -MATE else v)


def _from_tt(v: int, ply: int) -> int:
    return v - ply if v > MATE else (v + ply if v < -MATE else v)


class _EmptyBoard:
    """The cells, line codes, shapes and cached values of an empty board."""

    def __init__(self, width: int, height: int, rule: int) -> None:
        t_black, t_white = shape_tables(rule)
        self.cell = [3] * CELLS
        self.cells: list[int] = []
        for y in range(height):
            for x in range(width):
                c = (y + PAD) * STRIDE + x + PAD
                self.cell[c] = 0
                self.cells.append(c)
        self.code = [0] * (CELLS * 4)
        self.shape = ([0] * (CELLS * 4), [0] * (CELLS * 4))
        self.kind = ([K_NONE] * CELLS, [K_NONE] * CELLS)
        self.score = ([0] * CELLS, [0] * CELLS)
        self.evsum = ([0] * CELLS, [0] * CELLS)
        self.evtot = [0, 0]
        self.kcount = ([0] * K_COUNT, [0] * K_COUNT)
        for c in self.cells:
            for d in range(4):
                code = 0
                for k in range(-4, 5):
                    if k and self.cell[c + k * DIRS[d]] == 3:
                        code |= 3 << (2 * (k + 4 if k < 0 else k + 3))
                self.code[c * 4 + d] = code
                self.shape[0][c * 4 + d] = t_black[code]
                self.shape[1][c * 4 + d] = t_white[code]
            for p in (0, 1):
                s = self.shape[p]
                i = s[c * 4] * 729 + s[c * 4 + 1] * 81 + s[c * 4 + 2] * 9 + s[c * 4 + 3]
                self.kind[p][c] = COMBO_KIND[i]
                self.kcount[p][COMBO_KIND[i]] += 1
                self.score[p][c] = COMBO_ATTACK[i]
                self.evsum[p][c] = COMBO_EVAL[i]
                self.evtot[p] += COMBO_EVAL[i]


_empty_boards: dict[tuple[int, int, int], _EmptyBoard] = {}


def _empty_board(width: int, height: int, rule: int) -> _EmptyBoard:
    """The empty board of that size and rule, built once (the last few kept)."""
    key = (width, height, rule)
    board = _empty_boards.get(key)
    if board is None:
        if len(_empty_boards) >= 8:
            del _empty_boards[next(iter(_empty_boards))]
        board = _empty_boards[key] = _EmptyBoard(width, height, rule)
    return board


class PatternEngine:
    """One decision's board and searches (the native engine's ``G``), on a padded board of
    ``STRIDE`` cells a row whose cell indices, keys and tables are the native engine's."""

    def __init__(self, width: int, height: int, rule: int, now: Callable[[], float] = time.perf_counter) -> None:
        self.w, self.h, self.rule = width, height, rule
        self.now = now
        self.t_black, self.t_white = shape_tables(rule)
        empty = _empty_board(width, height, rule)
        self.cell = empty.cell[:]  # 0 empty, 1 black, 2 white, 3 off the board
        self.cells = empty.cells  # the playable cells, row by row (never changed)
        self.code = empty.code[:]  # [cell * 4 + direction]
        self.shape = (empty.shape[0][:], empty.shape[1][:])  # per colour, [cell * 4 + direction]
        self.kind = (empty.kind[0][:], empty.kind[1][:])
        self.score = (empty.score[0][:], empty.score[1][:])  # ordering value of a stone there for each colour
        self.evsum = (empty.evsum[0][:], empty.evsum[1][:])  # evaluation value of the cell for each colour
        self.evtot = empty.evtot[:]  # sum of evsum over empty cells
        self.kcount = (empty.kcount[0][:], empty.kcount[1][:])  # empty cells of each kind, per colour
        self.near = [0] * CELLS
        self.hist: list[int] = []
        self.box = [0, 0, 0, 0]  # the stones' bounding box: x0, x1, y0, y1
        self.box_stack: list[tuple[int, int, int, int]] = []
        self.stones = 0
        # the board's shape and rule are part of every key (the native tables are shared)
        self.key = ((width * 0x100000001B3 + height * 0xC2B2AE3D27D4EB4F + rule + 1) * 0x9E3779B97F4A7C15) & MASK64
        self._areas: dict[tuple[int, ...], list[int]] = {}
        # search
        self.deadline = float("inf")
        self.stop = False
        self.nodes = 0
        self.node_limit = 0
        self.max_depth = 0
        self.tt: dict[int, tuple[int, int, int, int, int]] = {}  # slot -> (key, value, move, depth, flag)
        self.tt_mask = (1 << TT_BITS) - 1
        self.ref: dict[int, tuple[int, int]] = {}  # slot -> (key, depth)
        self.ref_mask = (1 << REF_BITS) - 1
        self.killers = [[-1, -1] for _ in range(MAX_PLY)]
        self.history = [0] * CELLS
        self.pv: list[list[int]] = [[] for _ in range(MAX_PLY + 1)]
        self.vcf_line = [0] * (MAX_PLY * 2)
        self.vct_line = [0] * MAX_PLY
        self.vcf_near_root = 2  # plies from the root at which the side to move looks for a VCF
        self.vcf_node_depth = 8  # how many fours that look may use
        self.vct_vcf_depth = 10
        self.vct_width = 10
        self.ext_moves, self.ext_ply = 4, 20  # threat extension: at most this many answers, below this ply
        self.share_vcf, self.share_vct, self.share_opp_vct, self.share_defence, self.share_iterate = (
            0.1, 0.2, 0.15, 0.35, 0.6,
        )  # fmt: skip

    # ---- the board ---------------------------------------------------------------------

    def _refresh(self, c: int) -> None:
        """Recompute the cached values of empty cell ``c`` (its shapes already updated)."""
        b = c * 4
        for p in (0, 1):
            s = self.shape[p]
            i = s[b] * 729 + s[b + 1] * 81 + s[b + 2] * 9 + s[b + 3]
            k = COMBO_KIND[i]
            kind = self.kind[p]
            if kind[c] != k:
                self.kcount[p][kind[c]] -= 1
                self.kcount[p][k] += 1
                kind[c] = k
            e = COMBO_EVAL[i]
            self.score[p][c] = COMBO_ATTACK[i]
            self.evtot[p] += e - self.evsum[p][c]
            self.evsum[p][c] = e

    def _update_lines(self, c: int, v: int) -> None:
        """XOR stone code ``v`` (1 or 2) into the line codes of the cells around ``c``, and
        refresh the empty ones whose shapes changed."""
        code, cell = self.code, self.cell
        t0, t1 = self.t_black, self.t_white
        s0, s1 = self.shape
        changed = set()
        for d in range(4):
            for off, shift in _TOUCHES[d]:
                n = c + off
                i = n * 4 + d
                x = code[i] ^ (v << shift)
                code[i] = x
                if cell[n] == 0 and (s0[i] != t0[x] or s1[i] != t1[x]):
                    s0[i] = t0[x]
                    s1[i] = t1[x]
                    changed.add(n)
        # _refresh() of each changed cell, inlined: this is the engine's hottest loop
        kind0, kind1 = self.kind
        kc0, kc1 = self.kcount
        score0, score1 = self.score
        ev0, ev1 = self.evsum
        gain0 = gain1 = 0
        for n in changed:
            b = n * 4
            i = s0[b] * 729 + s0[b + 1] * 81 + s0[b + 2] * 9 + s0[b + 3]
            k = COMBO_KIND[i]
            if kind0[n] != k:
                kc0[kind0[n]] -= 1
                kc0[k] += 1
                kind0[n] = k
            e = COMBO_EVAL[i]
            score0[n] = COMBO_ATTACK[i]
            gain0 += e - ev0[n]
            ev0[n] = e
            i = s1[b] * 729 + s1[b + 1] * 81 + s1[b + 2] * 9 + s1[b + 3]
            k = COMBO_KIND[i]
            if kind1[n] != k:
                kc1[kind1[n]] -= 1
                kc1[k] += 1
                kind1[n] = k
            e = COMBO_EVAL[i]
            score1[n] = COMBO_ATTACK[i]
            gain1 += e - ev1[n]
            ev1[n] = e
        self.evtot[0] += gain0
        self.evtot[1] += gain1

    def place(self, c: int, p: int) -> None:
        """Put a stone of colour ``p`` on empty cell ``c``."""
        for q in (0, 1):
            self.evtot[q] -= self.evsum[q][c]
            self.evsum[q][c] = 0
            self.kcount[q][self.kind[q][c]] -= 1
            self.kind[q][c] = K_NONE
        self.cell[c] = p + 1
        self.key ^= ZOBRIST[c * 2 + p]
        box = self.box
        self.box_stack.append((box[0], box[1], box[2], box[3]))
        x, y = c % STRIDE - PAD, c // STRIDE - PAD
        if not self.stones:
            box[:] = [x, x, y, y]
        else:
            box[0], box[1] = min(box[0], x), max(box[1], x)
            box[2], box[3] = min(box[2], y), max(box[3], y)
        self.hist.append(c)
        self.stones += 1
        near = self.near
        for dy in range(-2 * STRIDE, 3 * STRIDE, STRIDE):
            for n in range(c + dy - 2, c + dy + 3):
                near[n] += 1
        self._update_lines(c, p + 1)

    def unplace(self) -> None:
        """Take back the last stone."""
        c = self.hist.pop()
        p = self.cell[c] - 1
        self.box[:] = self.box_stack.pop()
        self.cell[c] = 0
        self.key ^= ZOBRIST[c * 2 + p]
        self.stones -= 1
        near = self.near
        for dy in range(-2 * STRIDE, 3 * STRIDE, STRIDE):
            for n in range(c + dy - 2, c + dy + 3):
                near[n] -= 1
        self._update_lines(c, p + 1)
        for d in range(4):
            x = self.code[c * 4 + d]
            self.shape[0][c * 4 + d] = self.t_black[x]
            self.shape[1][c * 4 + d] = self.t_white[x]
        for q in (0, 1):
            self.kind[q][c] = K_NONE
            self.kcount[q][K_NONE] += 1
            self.evsum[q][c] = 0
        self._refresh(c)

    def area(self, margin: int) -> list[int]:
        """The cells within ``margin`` of the stones' bounding box, row by row (every cell
        whose shapes can differ from an empty board's lies within 4 of a stone)."""
        if self.stones:
            x0, x1, y0, y1 = self.box
            x0, x1 = max(x0 - margin, 0), min(x1 + margin, self.w - 1)
            y0, y1 = max(y0 - margin, 0), min(y1 + margin, self.h - 1)
        else:
            x0, x1, y0, y1 = 0, self.w - 1, 0, self.h - 1
        key = (x0, x1, y0, y1)
        cells = self._areas.get(key)
        if cells is None:
            cells = [(y + PAD) * STRIDE + x + PAD for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
            self._areas[key] = cells
        return cells

    def cells_of_kind(self, p: int, kind: int) -> list[int]:
        """Empty cells of colour ``p``'s kind at least ``kind``, near the stones."""
        cell, kinds = self.cell, self.kind[p]
        return [c for c in self.area(4) if not cell[c] and kinds[c] >= kind]

    def first_of_kind(self, p: int, kind: int) -> int:
        cell, kinds = self.cell, self.kind[p]
        for c in self.area(4):
            if not cell[c] and kinds[c] >= kind:
                return c
        return -1

    def has_four_shape(self, c: int, p: int) -> bool:
        """Whether ``p`` makes a four, an open four or a five on one of ``c``'s lines."""
        s, b = self.shape[p], c * 4
        return s[b] >= S_B4 or s[b + 1] >= S_B4 or s[b + 2] >= S_B4 or s[b + 3] >= S_B4

    def evaluate(self, p: int) -> int:
        """The static value for ``p`` to move: both colours' shapes on the empty cells."""
        q = 1 - p
        kp, kq = self.kcount[p], self.kcount[q]
        v = self.evtot[p] - self.evtot[q]
        # the side to move converts its threats first
        if kp[K_43]:
            v += 800
        elif kp[K_33] and not kq[K_B4] and not kq[K_43]:
            v += 400
        if kq[K_F4]:
            v -= 100  # an open three to answer
        return v + 20

    def move_score(self, c: int, p: int) -> int:
        return self.score[p][c] * 2 + self.score[1 - p][c]

    def gen_moves(self, p: int, limit: int) -> list[int]:
        """The moves worth searching for ``p``, best first (``1 - p`` has no five to play:
        the caller handles that).  When the opponent threatens an open four (or a double
        four) only the defences and ``p``'s own fours; else the best ``limit`` cells within
        two of a stone.  Ties keep the board's row order."""
        q = 1 - p
        cell, hist = self.cell, self.history
        ranked: list[tuple[int, int]] = []
        if self.kcount[q][K_F4]:
            kq = self.kind[q]
            for c in self.area(4):
                if cell[c]:
                    continue
                if kq[c] >= K_B4 or self.has_four_shape(c, q) or self.has_four_shape(c, p):
                    ranked.append((self.move_score(c, p) + min(hist[c], 400), c))
            ranked.sort(key=lambda kc: -kc[0])
            return [c for _, c in ranked]
        near, sp, sq = self.near, self.score[p], self.score[q]
        for c in self.area(2):
            if cell[c] or not near[c]:
                continue
            ranked.append((sp[c] * 2 + sq[c] + min(hist[c], 400), c))
        ranked.sort(key=lambda kc: -kc[0])
        moves = [c for _, c in ranked[:limit]]
        if not moves and not self.stones:
            moves = [self.cells[(self.h // 2) * self.w + self.w // 2]]
        return moves

    def time_up(self) -> bool:
        if (self.node_limit and self.nodes >= self.node_limit) or self.now() >= self.deadline:
            self.stop = True
        return self.stop

    # ---- threat search -----------------------------------------------------------------

    def _ref_key(self, a: int, kind: int) -> int:
        return self.key ^ ((0x51ED270B27F1C2A1 * (1 + a + 2 * kind)) & MASK64)

    def _refuted(self, k: int, depth: int) -> bool:
        e = self.ref.get(k & self.ref_mask)
        return e is not None and e[0] == k and e[1] >= depth

    def _store_refuted(self, k: int, depth: int) -> None:
        slot = k & self.ref_mask
        e = self.ref.get(slot, (0, 0))
        if e[0] != k or e[1] < depth:
            self.ref[slot] = (k, depth)

    def five_cell_near(self, c: int, p: int) -> int:
        """The cell where ``p`` now wins at once on one of ``c``'s lines (after ``p`` played
        ``c``), or -1."""
        cell, s = self.cell, self.shape[p]
        for d in range(4):
            D = DIRS[d]
            for k in (-4, -3, -2, -1, 1, 2, 3, 4):
                n = c + k * D
                if cell[n] == 0 and s[n * 4 + d] == S_FIVE:
                    return n
        return -1

    def vcf(self, a: int, depth: int, ply: int) -> bool:
        """A win for ``a`` by continuous fours within ``depth`` fours; the line goes to
        ``vcf_line[ply:]``."""
        d = 1 - a
        self.nodes += 1
        if self.time_up():
            return False
        if self.kcount[a][K_FIVE]:
            self.vcf_line[ply] = self.first_of_kind(a, K_FIVE)
            return True
        forced = -1
        if self.kcount[d][K_FIVE]:
            cells = self.cells_of_kind(d, K_FIVE)
            if len(cells) >= 2:
                return False
            forced = cells[0]
            if not self.has_four_shape(forced, a):
                return False
        elif self.kcount[a][K_F4]:
            self.vcf_line[ply] = self.first_of_kind(a, K_F4)
            return True
        if depth <= 0 or ply >= MAX_PLY * 2 - 4:
            return False
        rk = self._ref_key(a, 0)
        if self._refuted(rk, depth):
            return False
        if forced >= 0:
            moves = [forced]
        else:
            cell, score, sa = self.cell, self.score[a], self.shape[a]
            ranked = [
                (score[c], c)
                for c in self.area(4)
                if not cell[c]
                and (sa[4 * c] >= S_B4 or sa[4 * c + 1] >= S_B4 or sa[4 * c + 2] >= S_B4 or sa[4 * c + 3] >= S_B4)
            ]  # (the cells where has_four_shape(c, a), inlined: the threat search's hottest loop)
            ranked.sort(key=lambda kc: -kc[0])
            moves = [c for _, c in ranked]
        for c in moves:
            self.place(c, a)
            f = self.five_cell_near(c, a)
            won = False
            if f >= 0:
                self.place(f, d)
                # the block made no five for d (d had no four to play), so go on
                won = self.vcf(a, depth - 1, ply + 2)
                self.unplace()
                if won:
                    self.vcf_line[ply + 1] = f
            self.unplace()
            if self.stop:
                return False
            if won:
                self.vcf_line[ply] = c
                return True
        self._store_refuted(rk, depth)
        return False

    def threat_answers(self, a: int) -> list[int]:
        """Moves of the defender answering ``a``'s threat: ``a``'s four (its five cell) or
        ``a``'s open three (the cells of ``a``'s winning shapes and fours, and the
        defender's own fours)."""
        d = 1 - a
        if self.kcount[a][K_FIVE]:
            cells = self.cells_of_kind(a, K_FIVE)
            return [] if len(cells) >= 2 else cells
        cell, ka, sa, sd = self.cell, self.kind[a], self.score[a], self.score[d]
        ranked = []
        for c in self.area(4):
            if cell[c]:
                continue
            if ka[c] >= K_B4 or self.has_four_shape(c, a) or self.has_four_shape(c, d):
                ranked.append((sa[c] + sd[c], c))
        ranked.sort(key=lambda kc: -kc[0])
        return [c for _, c in ranked]

    def vct(self, a: int, depth: int, ply: int) -> bool:
        """A win for ``a`` by continuous threats (fours and open threes), ``depth`` threat
        moves deep; its first move goes to ``vct_line[ply]``."""
        d = 1 - a
        self.nodes += 1
        if self.time_up():
            return False
        if self.kcount[a][K_FIVE]:
            self.vct_line[ply] = self.first_of_kind(a, K_FIVE)
            return True
        forced = -1
        if self.kcount[d][K_FIVE]:
            cells = self.cells_of_kind(d, K_FIVE)
            if len(cells) >= 2:
                return False
            forced = cells[0]
        elif self.kcount[a][K_F4]:
            self.vct_line[ply] = self.first_of_kind(a, K_F4)
            return True
        if self.vcf(a, self.vct_vcf_depth, 0):
            self.vct_line[ply] = self.vcf_line[0]
            return True
        if self.stop or depth <= 0 or ply >= MAX_PLY - 4:
            return False
        rk = self._ref_key(a, 1)
        if self._refuted(rk, depth):
            return False
        if forced >= 0:
            moves = [forced]
        else:
            cell, ka, sa, sd = self.cell, self.kind[a], self.score[a], self.score[d]
            ranked = [(sa[c] + sd[c] // 2, c) for c in self.area(4) if not cell[c] and ka[c] >= K_F3]
            ranked.sort(key=lambda kc: -kc[0])
            moves = [c for _, c in ranked[: self.vct_width]]
        for c in moves:
            self.place(c, a)
            won = bool(self.kcount[a][K_FIVE] or self.kcount[a][K_F4])  # else not a threat after all
            if won:
                for answer in self.threat_answers(a):
                    self.place(answer, d)
                    won = self.vct(a, depth - 1, ply + 2)
                    self.unplace()
                    if not won:
                        break
            self.unplace()
            if self.stop:
                return False
            if won:
                self.vct_line[ply] = c
                return True
        self._store_refuted(rk, depth)
        return False

    # ---- alpha-beta --------------------------------------------------------------------

    def _tt_put(self, key: int, depth: int, flag: int, value: int, move: int) -> None:
        slot = key & self.tt_mask
        e = self.tt.get(slot)
        if e is not None and e[0] != key and e[3] > depth + 2:
            return
        self.tt[slot] = (key, value, move, min(depth, 127), flag)

    def search(self, p: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for ``p`` to move, ``depth`` plies deep, within (alpha, beta); its line
        goes to ``pv[ply]``."""
        q = 1 - p
        self.pv[ply] = []
        self.nodes += 1
        if self.time_up():
            return 0
        if self.kcount[p][K_FIVE]:
            return WIN - ply - 1
        forced = -1
        if self.kcount[q][K_FIVE]:
            cells = self.cells_of_kind(q, K_FIVE)
            if len(cells) >= 2:
                return -(WIN - ply - 2)
            forced = cells[0]
        elif self.kcount[p][K_F4]:
            return WIN - ply - 3
        if ply >= MAX_PLY - 2 or self.stones >= len(self.cells) - 1:
            return self.evaluate(p)
        if forced >= 0:
            # a forced block costs no depth
            self.place(forced, p)
            v = -self.search(q, depth, -beta, -alpha, ply + 1)
            self.unplace()
            self.pv[ply] = [forced, *self.pv[ply + 1]]
            return v
        if depth <= 0:
            return self.evaluate(p)
        key = self.key ^ (0xF00DF00DF00D if p else 0)
        tt_move = -1
        e = self.tt.get(key & self.tt_mask)
        if e is not None and e[0] == key:
            _, value, tt_move, e_depth, flag = e
            if e_depth >= depth and ply > 0:
                v = _from_tt(value, ply)
                if flag == TT_EXACT or (flag == TT_LOWER and v >= beta) or (flag == TT_UPPER and v <= alpha):
                    return v
        if 0 < ply <= self.vcf_near_root and self.kcount[p][K_B4] + self.kcount[p][K_43] > 0:
            if self.vcf(p, self.vcf_node_depth, 0):
                return WIN - ply - 5
            if self.stop:
                return 0
        defending = self.kcount[q][K_F4] > 0
        moves = self.gen_moves(p, width_at(ply))
        # the table's move and the killers first
        front = 0
        for c in (tt_move, *self.killers[ply]):
            if c < 0:
                continue
            for i in range(front, len(moves)):
                if moves[i] == c:
                    moves.insert(front, moves.pop(i))
                    front += 1
                    break
        # answering an open three (a few moves) costs no depth: threat sequences are read to
        # their end, as far as the ply limit allows
        next_depth = depth - 1
        if defending and len(moves) <= self.ext_moves and ply < self.ext_ply:
            next_depth = depth
        alpha0, best, best_move = alpha, -WIN - 1, (moves[0] if moves else -1)
        for i, c in enumerate(moves):
            self.place(c, p)
            if i == 0:
                v = -self.search(q, next_depth, -beta, -alpha, ply + 1)
            else:
                # late moves that make no four are searched a ply shallower first
                r = 0
                if depth >= 3 and i >= 4 and not defending and self.score[p][c] < 500 and not self.kcount[p][K_FIVE]:
                    r = 1
                v = -self.search(q, next_depth - r, -alpha - 1, -alpha, ply + 1)
                if not self.stop and v > alpha and r:
                    v = -self.search(q, next_depth, -alpha - 1, -alpha, ply + 1)
                if not self.stop and alpha < v < beta:
                    v = -self.search(q, next_depth, -beta, -alpha, ply + 1)
            self.unplace()
            if self.stop:
                return 0
            if v > best:
                best, best_move = v, c
                self.pv[ply] = [c, *self.pv[ply + 1]]
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        killers = self.killers[ply]
                        if killers[0] != c:
                            killers[1], killers[0] = killers[0], c
                        self.history[c] += depth * depth
                        break
        flag = TT_UPPER if best <= alpha0 else (TT_LOWER if best >= beta else TT_EXACT)
        self._tt_put(key, depth, flag, _to_tt(best, ply), best_move)
        return best

    # ---- the decision ------------------------------------------------------------------

    def root_safe_moves(self, p: int, moves: list[int], depth: int, until: float) -> list[int]:
        """The root moves after which the opponent has no win by continuous threats (when
        some move stops it), judged until ``until``; the unjudged ones follow when the clock
        stopped the look."""
        q = 1 - p
        saved = self.deadline
        self.deadline = until
        safe: list[int] = []
        judged = 0
        for c in moves:
            if self.stop:
                break
            self.place(c, p)
            lost = False
            if not self.kcount[p][K_FIVE]:
                lost = self.vct(q, depth, 0)
            self.unplace()
            if self.stop:
                break
            judged += 1
            if not lost:
                safe.append(c)
        stopped = self.stop
        self.stop = False
        self.deadline = saved
        if not safe:
            return moves  # nothing holds (or nothing judged): keep them all
        return safe + (moves[judged:] if stopped else [])

    def think(self, p: int, deadline: float, vct_depth: int) -> tuple[int, int, list[int], int, int]:
        """The decision for ``p``: (cell, value, pv, depth, reason index), in padded cells."""
        q = 1 - p
        start = self.now()
        total = max(deadline - start, 0.001)
        self.deadline = deadline
        self.stop = False
        self.nodes = 0
        self.killers = [[-1, -1] for _ in range(MAX_PLY)]
        self.history = [0] * CELLS
        kp, kq = self.kcount[p], self.kcount[q]
        if kp[K_FIVE]:
            return self.first_of_kind(p, K_FIVE), WIN - 1, [], 0, R_WIN_NOW
        if kq[K_FIVE]:
            cells = self.cells_of_kind(q, K_FIVE)
            return cells[0], -(WIN - 2) if len(cells) >= 2 else 0, [], 0, R_BLOCK
        if kp[K_F4]:
            return self.first_of_kind(p, K_F4), WIN - 3, [], 0, R_OPEN_FOUR
        # own VCF
        self.deadline = start + total * self.share_vcf
        depth = 1
        while depth <= MAX_VCF_DEPTH and not self.stop:
            if self.vcf(p, depth, 0):
                return self.vcf_line[0], WIN - 10, [], depth, R_VCF
            if not kp[K_B4] and not kp[K_43]:
                break
            depth += 1 if depth < 8 else 2
        self.stop = False
        # own VCT
        t = self.now()
        self.deadline = t + (deadline - t) * self.share_vct
        depth = 1
        while depth <= vct_depth and not self.stop:
            self.vct_line[0] = -1
            if self.vct(p, depth, 0):
                mv = self.vct_line[0]
                if mv > 0 and self.cell[mv] == 0:
                    return mv, WIN - 100, [], depth, R_VCT
            depth += 1
        self.stop = False
        self.deadline = deadline
        moves = self.gen_moves(p, width_at(0))
        reason = R_SEARCH
        # the opponent's threats: keep the moves that stop them, when some do
        if len(moves) > 1:
            t = self.now()
            saved = self.deadline
            self.deadline = t + (deadline - t) * self.share_opp_vct
            opp_vct = False
            found = 0
            depth = 1
            while depth <= vct_depth and not self.stop and not opp_vct:
                opp_vct = self.vct(q, depth, 0)
                found = depth
                depth += 1
            self.stop = False
            self.deadline = saved
            if opp_vct:
                # each move is judged a threat deeper than the attack found (longer attacks
                # are the alpha-beta's to see)
                t = self.now()
                until = t + (deadline - t) * self.share_defence
                before = len(moves)
                moves = self.root_safe_moves(p, moves, min(found + 1, vct_depth), until)
                if len(moves) < before:
                    reason = R_DEFEND_VCT
        if len(moves) == 1:
            return moves[0], 0, [], 0, R_ONLY if reason == R_SEARCH else reason
        return self._iterate(p, moves, start, total, reason)

    def _iterate(
        self, p: int, moves: list[int], start: float, total: float, reason: int
    ) -> tuple[int, int, list[int], int, int]:
        """Iterative deepening over the root moves, until the clock (no new iteration after
        ``share_iterate`` of the time), ``max_depth``, or a decided value."""
        q = 1 - p
        best, best_value, pv, done = moves[0], 0, [], 0
        root_vals = [0] * len(moves)
        last_depth = self.max_depth or MAX_PLY - 9
        for depth in range(2, last_depth + 1):
            alpha, beta = -WIN - 1, WIN + 1
            it_best, it_value, it_pv = -1, -WIN - 1, []
            if best in moves:  # previous best first
                moves.insert(0, moves.pop(moves.index(best)))
            for i, c in enumerate(moves):
                self.place(c, p)
                if i == 0:
                    v = -self.search(q, depth - 1, -beta, -alpha, 1)
                else:
                    v = -self.search(q, depth - 1, -alpha - 1, -alpha, 1)
                    if not self.stop and v > alpha:
                        v = -self.search(q, depth - 1, -beta, -alpha, 1)
                self.unplace()
                if self.stop:
                    break
                root_vals[i] = v
                if v > it_value:
                    it_value, it_best, it_pv = v, c, [c, *self.pv[1]]
                    alpha = max(alpha, v)
                    if i > 0:
                        # a better move found in an unfinished iteration still counts
                        best, best_value, pv = c, v, it_pv
            if self.stop:
                break
            best, best_value, pv, done = it_best, it_value, it_pv, depth
            if best_value > MATE or best_value < -MATE:
                if best_value > MATE or all(v < -MATE for v in root_vals):
                    break
            # an iteration costs several times the last one: do not start what cannot end
            if self.now() - start > total * self.share_iterate:
                break
        return best, best_value, pv, done, reason


def decide(
    width: int,
    height: int,
    rule: int,
    stones: Sequence[tuple[int, int]],
    to_move: int,
    deadline: float,
    vct_depth: int = 4,
    vcf_near_root: int = 2,
    vcf_node_depth: int = 8,
    max_depth: int = 0,
    node_limit: int = 0,
    *,
    now: Callable[[], float] = time.perf_counter,
) -> tuple[int, int, list[int], int, int, str]:
    """The pattern engine's move for colour ``to_move`` (0 black, 1 white) by ``deadline``
    (read on ``now``): the twin of ``_grundy_native.gomoku_think``, same arguments, same
    answer (cell, value, pv, nodes, depth, reason).

    Boards of 5 to 26 cells a side; ``rule`` 0 freestyle (five or more wins), 1 standard
    (exactly five); ``stones`` as (cell, colour) pairs, cell = y * width + x, in the order
    they were played.  ``max_depth`` (2..119) caps the alpha-beta's iterations and
    ``node_limit`` stops every search after that many nodes in all (0: none): with a far
    deadline the answer then depends on the position alone.  Values are in the engine's
    units: a win near 30,000, beyond 29,000 a win or a loss in sight.
    """
    if not (5 <= width <= MAX_SIDE and 5 <= height <= MAX_SIDE and rule in (0, 1)):
        raise ValueError(f"decide: unsupported board {width}x{height} rule {rule} (5..{MAX_SIDE} a side, rule 0 or 1)")
    if not (0 <= max_depth <= MAX_PLY - 9) or node_limit < 0:
        raise ValueError("decide: max_depth must be 0..119 and node_limit at least 0")
    g = PatternEngine(width, height, rule, now)
    g.vcf_near_root, g.vcf_node_depth = vcf_near_root, vcf_node_depth
    g.max_depth, g.node_limit = max_depth, node_limit
    for stone in stones:
        try:
            c, colour = (int(x) for x in stone)
        except (TypeError, ValueError):
            raise TypeError(f"decide: a stone is a (cell, colour) pair, not {stone!r}") from None
        if not (0 <= c < width * height and colour in (0, 1)):
            raise ValueError(f"decide: a stone off the board: {stone!r}")
        pc = (c // width + PAD) * STRIDE + c % width + PAD
        if g.cell[pc]:
            raise ValueError(f"decide: two stones on a cell: {stone!r}")
        g.place(pc, colour)
    if g.stones >= width * height:
        raise ValueError("decide: the board is full")
    move, value, pv, depth, reason = g.think(to_move & 1, deadline, vct_depth)
    if not pv:
        pv = [move]

    def flat(c: int) -> int:
        return (c // STRIDE - PAD) * width + c % STRIDE - PAD

    return flat(move), value, [flat(c) for c in pv], g.nodes, depth, REASONS[reason]
