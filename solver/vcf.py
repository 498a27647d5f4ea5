"""Threat search: victory by continuous fours (VCF) on a :class:`~solver.lines.LineBoard`.

The attacker plays only moves that make a four (a line one stone short of winning); each
four leaves the defender exactly one reply, so the tree stays narrow and a win found here
is forced however the defender answers.  A move that makes two fours at once (an open
four, a four-four) wins outright.  When the defender's forced block makes a four of his
own, the attacker must block it with a move that is again a four, or the line fails.

Simplifications (documented, conservative): in renju the attacker's double fours are
refused for black, but black's double threes and a black defender's forbidden blocks are
not modelled; the bot checks the first move of a line with the rules before playing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grundy.solver.lines import LineBoard, NativeLineBoard, native
from grundy.solver.search import Clock, TimeUp


class ThreatSearch:
    """VCF for one attacker against one defender, with a table of refuted positions.

    On a :class:`~solver.lines.NativeLineBoard` the searches run in the native engine (the
    same search, move for move); the clock's deadline is read on ``time.perf_counter``.
    """

    def __init__(self, board: LineBoard | NativeLineBoard, clock: Clock, *, check_every: int = 16) -> None:
        self.board: Any = board
        self.clock = clock
        self.nodes = 0
        self.check_every = check_every
        # Zobrist key -> deepest attacker depth at which no VCF was found.
        self.refuted: dict[tuple[int, int], int] = {}
        self.vct_width = 8
        self.vct_vcf_depth = 4
        self._native = native.Threats(board.engine) if isinstance(board, NativeLineBoard) else None

    def _run_native(self, method: str, *args: Any) -> list[int] | None:
        assert native is not None and self._native is not None
        try:
            line = getattr(self._native, method)(*args)
        except native.TimeUp:
            raise TimeUp from None
        finally:
            self.nodes = self._native.nodes
        return line  # type: ignore[no-any-return]

    def win_cells(self, p: int) -> list[int]:
        """Cells where ``p`` wins at once (validated on the run for caro, where windows are approximate)."""
        b = self.board
        cells = list(b.fours[p])
        if b.rule == "caro":
            cells = [c for c in cells if b.makes_win(c, p)]
        return cells

    def _forbidden(self, c: int, p: int) -> bool:
        """Renju: black may not make a double four (or an overline) unless it makes five."""
        b = self.board
        if b.rule != "renju" or p != 0:
            return False
        if b.makes_win(c, p):
            return False
        b.place(c, p)
        try:
            # New winning cells in two different lines through one stone: a double four.
            return _lines_through(b, c, p) >= 2
        finally:
            b.remove()

    def find(self, attacker: int, max_depth: int) -> list[int] | None:
        """A winning line ``[a1, d1, a2, d2, ..., an]`` for ``attacker`` to move, or None.

        ``max_depth`` bounds the number of attacker moves.  Raises :class:`TimeUp`.
        """
        if self._native is not None:
            return self._run_native("find", attacker, max_depth, self.clock.deadline)
        defender = 1 - attacker
        return self._vcf(attacker, defender, max_depth)

    def _vcf(self, a: int, d: int, depth: int) -> list[int] | None:
        self.nodes += 1
        if self.nodes % self.check_every == 0:
            self.clock.check()
        b = self.board
        mine = self.win_cells(a)
        if mine:
            return [mine[0]]
        if depth <= 0:
            return None
        key = (b.key, a)
        seen = self.refuted.get(key)
        if seen is not None and seen >= depth:
            return None
        theirs = self.win_cells(d)
        if len(theirs) > 1:
            self.refuted[key] = max(depth, seen or 0)
            return None
        if theirs:
            cands = [theirs[0]] if theirs[0] in set(b.four_makers(a)) else []
        else:
            cands = b.four_makers(a)
            if len(cands) > 1:
                cands.sort(key=lambda c: b.cell_value(c, a, 0.5), reverse=True)
        for c in cands:
            if self._forbidden(c, a):
                continue
            b.place(c, a)
            try:
                if b.winner == a:
                    return [c]
                threats = self.win_cells(a)
                if not threats:
                    continue
                if len(threats) >= 2:
                    if not self.win_cells(d):
                        return [c, threats[0], threats[1]]
                    continue
                if depth == 1:
                    continue  # his block takes our only winning cell and no four is left to play
                block = threats[0]
                b.place(block, d)
                try:
                    if b.winner == d:
                        continue
                    rest = self._vcf(a, d, depth - 1)
                finally:
                    b.remove()
                if rest is not None:
                    return [c, block, *rest]
            finally:
                b.remove()
        self.refuted[key] = max(depth, seen or 0)
        return None


    # ----- victory by continuous threats (fours and threes) ---------------------------

    def find_vct(self, attacker: int, max_threats: int, vcf_depth: int = 4, width: int = 8) -> list[int] | None:
        """A win by continuous threats: fours *and* threes (moves that threaten an open four).

        A three leaves the defender several replies (block it, or counter with a four); the
        line must win against every one of them.  ``max_threats`` bounds the attacker's free
        threat moves, ``vcf_depth`` the fours tried at each step, ``width`` the threes tried.
        Returns the main line (attacker's first move first) or None.  Raises :class:`TimeUp`.
        """
        self.vct_width = width
        self.vct_vcf_depth = vcf_depth
        if self._native is not None:
            return self._run_native("find_vct", attacker, max_threats, self.clock.deadline, vcf_depth, width)
        return self._vct(attacker, 1 - attacker, max_threats)

    def _double_win(self, a: int, d: int) -> list[int] | None:
        """With an open three (a cell making two fours), play it: two winning cells cannot both be blocked."""
        b = self.board
        if not b.ndouble[a] or self.win_cells(d):
            return None
        tcount = b.tcount[a]
        for x in b.empties_near():
            if tcount[x] >= 2 and not self._forbidden(x, a):
                b.place(x, a)
                try:
                    wins = self.win_cells(a)
                    if b.winner == a:
                        return [x]
                    if len(wins) >= 2:
                        return [x, wins[0], wins[1]]
                finally:
                    b.remove()
        return None

    def _vct(self, a: int, d: int, depth: int) -> list[int] | None:
        self.nodes += 1
        if self.nodes % self.check_every == 0:
            self.clock.check()
        b = self.board
        mine = self.win_cells(a)
        if mine:
            return [mine[0]]
        theirs = self.win_cells(d)
        if len(theirs) > 1:
            return None
        if theirs:  # the block is forced; the attack goes on only if it keeps a threat
            t = theirs[0]
            if self._forbidden(t, a):
                return None
            b.place(t, a)
            try:
                rest = self._reply(a, d, depth)
            finally:
                b.remove()
            return None if rest is None else [t, *rest]
        line = self._double_win(a, d)
        if line is not None:
            return line
        line = self._vcf(a, d, self.vct_vcf_depth)
        if line is not None:
            return line
        if depth <= 0:
            return None
        key = (b.key ^ 0x7C7, a)
        seen = self.refuted.get(key)
        if seen is not None and seen >= depth:
            return None
        for c in self._threat_moves(a):
            b.place(c, a)
            try:
                rest = self._reply(a, d, depth - 1)
            finally:
                b.remove()
            if rest is not None:
                return [c, *rest]
        self.refuted[key] = max(depth, seen or 0)
        return None

    def _threat_moves(self, a: int) -> list[int]:
        """Moves making a four or a three for ``a``, most promising first (fours first)."""
        b = self.board
        fours = [c for c in b.four_makers(a) if not self._forbidden(c, a)]
        fours.sort(key=lambda c: b.cell_value(c, a, 0.5), reverse=True)
        seen = set(fours)
        threes: list[int] = []
        ranked = sorted(
            (c for c in b.empties_near() if c not in seen), key=lambda c: b.cell_value(c, a, 0.3), reverse=True
        )
        # With no three on the board, a stone makes one only on a live window holding k-3 of
        # its stones (k-2 after it): the other cells need not be tried on the board.
        fresh = not b.ndouble[a] and b.k >= 3
        cnt, tot, need, windows = b.cnt[a], b.tot, b.k - 3, b.cell_windows
        for c in ranked[: self.vct_width * 2]:
            if fresh and not any(cnt[w] == need == tot[w] for w in windows[c]):
                continue
            if self._forbidden(c, a):
                continue
            b.place(c, a)
            try:
                if b.ndouble[a]:
                    threes.append(c)
            finally:
                b.remove()
            if len(threes) >= self.vct_width:
                break
        return fours + threes

    def _reply(self, a: int, d: int, depth: int) -> list[int] | None:
        """The defender (``d``) to move after the attacker's threat: every reply must lose."""
        b = self.board
        if b.winner == a:
            return []
        if self.win_cells(d):
            return None  # the defender wins at once
        fours = self.win_cells(a)
        if len(fours) >= 2:
            return [fours[0], fours[1]]
        if len(fours) == 1:
            block = fours[0]
            b.place(block, d)
            try:
                if b.winner == d:
                    return None
                rest = self._vct(a, d, depth)
            finally:
                b.remove()
            return None if rest is None else [block, *rest]
        if not b.ndouble[a]:
            return None  # no threat: the defender gets a free move
        main: list[int] | None = None
        replies = self._three_defences(a, d)
        if not replies:
            return []  # nothing stops the open four
        for r in replies:
            b.place(r, d)
            try:
                rest = self._vct(a, d, depth)
            finally:
                b.remove()
            if rest is None:
                return None
            if main is None:
                main = [r, *rest]
        return main

    def _three_defences(self, a: int, d: int) -> list[int]:
        """The defender's sensible answers to a three: stones on it, or fours of his own."""
        b = self.board
        tcount = b.tcount[a]
        doubles = [c for c in b.empties_near() if tcount[c] >= 2]
        cells: set[int] = set(doubles)
        for w in b.threes[a]:
            cs = b.wcells[w]
            if any(x in cs for x in doubles):
                cells.update(c for c in cs if not b.board[c])
        cells.update(b.four_makers(d))
        out = []
        for r in sorted(cells):
            b.place(r, d)
            try:
                if not b.ndouble[a] or self.win_cells(d):
                    out.append(r)
            finally:
                b.remove()
        return out


def _lines_through(b: LineBoard, c: int, p: int) -> int:
    """Number of directions through ``c`` in which ``p`` has a winning cell in a window with ``c``."""
    dirs = set()
    for w in b.cell_windows[c]:
        if b.fourcell[p][w] >= 0:
            cells = b.wcells[w]
            dirs.add(cells[1] - cells[0])
    return len(dirs)


def find_vcf(board: LineBoard | NativeLineBoard, attacker: int, clock: Clock, max_depth: int = 12) -> list[int] | None:
    """A VCF for ``attacker`` (to move) within ``max_depth`` attacker moves, or None (also on time-out)."""
    ts = ThreatSearch(board, clock)
    try:
        return ts.find(attacker, max_depth)
    except TimeUp:
        return None


def deepening_vcf(
    board: LineBoard | NativeLineBoard,
    attacker: int,
    clock: Clock,
    max_depth: int = 12,
    on_depth: Callable[[int], None] | None = None,
) -> list[int] | None:
    """VCF by iterative deepening, so the shortest line is found first and time-outs keep shallow results."""
    ts = ThreatSearch(board, clock)
    try:
        for depth in range(1, max_depth + 1):
            line = ts.find(attacker, depth)
            if on_depth is not None:
                on_depth(depth)
            if line is not None:
                return line
    except TimeUp:
        return None
    return None
