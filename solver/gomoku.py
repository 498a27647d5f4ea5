"""Search for line games (gomoku and large m,n,k) on the incremental :class:`LineBoard`.

A move is chosen in this order, the way a strong player thinks:

1. win now if a five (k in a row) is on the board's list of winning cells;
2. block the opponent's winning cell;
3. look for a victory by continuous fours (:mod:`solver.vcf`) and play its first move;
   ``hard`` and ``max`` then look for one by continuous threats (fours and threes);
4. if the opponent, given a free move, would have a VCF, keep only the moves after which
   he no longer has one (stones on his line, or fours that gain the tempo); ``hard`` and
   ``max`` then do the same for his wins by continuous threats (fours and threes; with
   k=4 an open two is already a threat), when some move stops them;
5. otherwise iterative-deepening alpha-beta over the few best candidate cells near the
   stones, ordered by how much each adds to our lines and takes from the opponent's; a
   lone forced reply (a block of a four) costs no depth.

With 3 or 4 players the search is paranoid (the root player against the rest) and the
threat search is skipped; blocks of the next player's winning cells come first.

``max`` in freestyle gomoku (five in a row, two players) is played instead by the pattern
engine (:func:`pattern_decide`): shapes per cell and direction from lookup tables, wins by
fours and by fours and open threes searched deep, defences against the opponent's, then
alpha-beta on shape counts.  It runs natively (``native/gomoku_engine.c``) wherever the
extension is built, else in its pure-Python twin (:mod:`solver.gomoku_pattern`, some 40 to
110 times slower, so shallower in the same time): at a fixed depth both make the same
choices with the same values (``tests/solver/test_pattern_twin.py``), and both keep the
clock's deadline.

Two engines run these steps: the native one (the ``_grundy_native`` extension, about 40
times faster: ``solver.lines.NativeLineBoard``) wherever it is built and covers the board
(two players, 3 <= k <= 16), else the pure-Python reference.  Without evaluation noise both
make the same choices at a fixed depth (``tests/solver/test_native.py``); the noise of the
lower levels is each engine's own hash of the position.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from grundy.solver import gomoku_pattern
from grundy.solver.lines import LineBoard, NativeLineBoard, native, native_supports
from grundy.solver.search import PROVEN, WIN, Clock, Searcher, SearchResult, TimeUp, discard
from grundy.solver.vcf import ThreatSearch


@dataclasses.dataclass(frozen=True)
class Style:
    """How hard a level thinks about a line game."""

    max_depth: int = 64
    width: int = 10  # candidate cells per node inside the search
    root_width: int = 16  # candidate cells at the root
    noise: float = 0.0  # evaluation noise, in window-score units
    vcf_depth: int = 12  # own threat search, attacker moves (0: none)
    defend_vcf: bool = True  # look for the opponent's VCF and defend against it
    sees_fours: bool = True  # blocks the opponent's four before anything else
    vcf_share: float = 0.3  # share of the budget the own threat search may use
    vct_depth: int = 0  # own search for wins by fours and threes, free threat moves (0: none)
    vct_share: float = 0.25  # share of the remaining budget it may use
    slip: float = 0.0  # chance of playing the runner-up when it is nearly as good
    defence: float = 0.9  # weight of what a stone takes from the opponent's lines
    defend_vct: int = 0  # look this many free threat moves deep for the opponent's VCT (0: none)
    defend_vct_share: float = 0.5  # share of the remaining budget that look may use
    defend_vct_deeper_share: float = 0.5  # share it may use with the deeper looks (from the same start)
    defend_vct_extra: int = 0  # free threat moves more to look when time remains
    # Native engine only: at the search's horizon, a VCF of up to this many fours for the side
    # to move counts as nearly won (0: none, as in the Python engine).
    leaf_vcf: int = 0
    # Native engine only: freestyle gomoku (five in a row, two players) is played by the
    # pattern engine (native/gomoku_engine.c) instead of the steps below, with VCT searches
    # this many threat moves deep (0: not used).
    pattern_vct: int = 0


# Values beyond this mean a threat (a four, a double four) is in sight.
QUIET = 5_000.0
# The value reported for a win by continuous threats: near-certain, not a proof (the
# threat search judges threes by their windows, see solver.vcf).
THREAT_WIN = 100_000.0

HARD = Style(vct_depth=2, vct_share=0.2, defend_vct=2, defend_vct_deeper_share=0.8, defend_vct_extra=2)
# max: in freestyle gomoku with the extension built, the pattern engine (threat searches
# eight threat moves deep); elsewhere hard's threat defence, longer own threat searches, and
# (native engine) a VCF look for the side to move at the alpha-beta's horizon.
MAX = Style(
    vcf_depth=20, vcf_share=0.4, vct_depth=3, defend_vct=2,
    defend_vct_deeper_share=0.8, defend_vct_extra=2, leaf_vcf=6, pattern_vct=8,
)
MEDIUM = Style(max_depth=3, width=8, root_width=10, noise=3.0, vcf_depth=6, slip=0.15)
EASY = Style(max_depth=2, width=5, root_width=6, noise=20.0, vcf_depth=0, defend_vcf=False, slip=0.3, defence=0.6)


class LinePosition:
    """The :class:`~solver.search.Position` of a line game: a board plus whose turn it is."""

    sorted_moves = True

    def __init__(
        self,
        board: LineBoard | NativeLineBoard,
        to_move: int,
        team: Callable[[int], int],
        style: Style,
    ) -> None:
        self.board: Any = board
        self.native = board.engine if isinstance(board, NativeLineBoard) else None
        self.turn = to_move
        self.team = team
        self.style = style
        self.players = board.players
        self.attack_factor = 1.2

    def key(self) -> Hashable:
        return self.board.key

    def side(self) -> int:
        return self.turn

    def outcome(self, team: int) -> float | None:
        b = self.board
        w = b.winner
        if w >= 0:
            return WIN if self.team(w) == team else -WIN
        if b.stones >= b.size:
            return 0.0
        return None

    def make(self, move: Hashable) -> None:
        self.board.place(move, self.turn)  # type: ignore[arg-type]
        self.turn = (self.turn + 1) % self.players

    def unmake(self) -> None:
        self.board.remove()
        self.turn = (self.turn - 1) % self.players

    def win_cells(self, p: int) -> list[int]:
        if self.native is not None:
            return list(self.native.win_cells(p))
        b = self.board
        cells = list(b.fours[p])
        if b.rule == "caro":
            cells = [c for c in cells if b.makes_win(c, p)]
        return cells

    def moves(self) -> Sequence[Hashable]:
        return self.candidates(self.style.width)

    def candidates(self, width: int) -> list[int]:
        """The cells worth trying for the side to move, best first (forced moves alone)."""
        b = self.board
        p = self.turn
        if self.native is not None:
            return list(self.native.candidates(p, width, self.style.defence, self.style.sees_fours))
        mine = self.win_cells(p)
        if mine:
            return [mine[0]]
        if self.style.sees_fours:
            nxt = (p + 1) % self.players
            theirs = self.win_cells(nxt)
            if theirs:
                return sorted(theirs)
        cands = b.empties_near()
        d = self.style.defence
        scored = sorted(cands, key=lambda c: b.cell_value(c, p, d), reverse=True)
        urgent: list[int] = []
        if self.players > 2:
            for q in range(self.players):
                if q != p:
                    urgent.extend(c for c in self.win_cells(q) if c not in urgent)
        if urgent:
            scored = urgent + [c for c in scored if c not in urgent]
        return scored[:width]

    def evaluate(self) -> float:
        b = self.board
        p = self.turn
        if self.native is not None:
            return float(self.native.evaluate(p))
        if b.fours[p]:
            if b.rule != "caro" or self.win_cells(p):
                return 100_000.0
        if self.players == 2:
            q = 1 - p
            if len(b.fours[q]) >= 2:
                return -100_000.0
            base = self.attack_factor * b.score[p] - b.score[q]
            if b.ndouble[p] and not b.fours[q]:
                # One stone makes two fours (an open four or a four-four): nearly won.
                return 20_000.0 + base
            return base
        my_team = self.team(p)
        mine = sum(b.score[s] for s in range(self.players) if self.team(s) == my_team)
        theirs = sum(b.score[s] for s in range(self.players) if self.team(s) != my_team)
        return self.attack_factor * mine - theirs


@dataclasses.dataclass
class LineChoice:
    """A move chosen for a line game, with what the search saw."""

    cell: int
    value: float
    pv: list[int]
    nodes: int
    depth: int
    reason: str


def decide(
    board: LineBoard | NativeLineBoard,
    to_move: int,
    style: Style,
    clock: Clock,
    *,
    team: Callable[[int], int] | None = None,
    is_legal: Callable[[int], bool] | None = None,
    rng: random.Random | None = None,
    engine: str = "auto",
) -> LineChoice:
    """Choose a cell for ``to_move`` (a colour index) on ``board`` before ``clock`` runs out.

    ``is_legal`` (the rules' check, e.g. renju's forbidden moves) filters root moves.
    ``engine``: ``"native"`` runs the searches in the native engine, ``"python"`` in the
    pure-Python one, ``"auto"`` (the default) natively wherever the extension is built and
    covers the board.  Without evaluation noise both make the same choices at a fixed depth.
    """
    rng = rng or random.Random(0)
    if engine not in ("auto", "native", "python"):
        raise ValueError(f"engine {engine!r}: choose auto, native or python")
    if isinstance(board, LineBoard) and engine != "python":
        if native_supports(board.width, board.height, board.k, board.players):
            board = NativeLineBoard.mirror(board)
        elif engine == "native":
            raise ValueError(f"the native engine does not cover this board (k={board.k}, {board.players} players)")
    if style.pattern_vct > 0 and pattern_engine_covers(board):
        return pattern_decide(board, to_move, style, clock, engine=engine)
    players = board.players
    team_of = team or ((lambda s: s) if players == 2 else (lambda s: 0 if s == to_move else 1))
    pos = LinePosition(board, to_move, team_of, style)
    legal = is_legal or (lambda c: True)
    p = to_move
    nodes = 0

    def first_legal(cells: Sequence[int]) -> int | None:
        for c in cells:
            if legal(c):
                return c
        return None

    # A fallback that is always legal: the best-looking candidate, else any empty cell.
    fallback = first_legal(pos.candidates(max(style.root_width, 1)))
    if fallback is None:
        fallback = first_legal(board.empties())
    assert fallback is not None, "no legal cell on a board that is not over"

    # 1. win now
    win = first_legal(pos.win_cells(p))
    if win is not None:
        return LineChoice(win, WIN - 1, [win], 1, 1, "wins at once")
    # 2. block the next player's winning cell(s)
    nxt = (p + 1) % players
    theirs = pos.win_cells(nxt) if style.sees_fours else []
    forced: list[int] | None = None
    if theirs:
        blocks = [c for c in theirs if legal(c)]
        if len(set(theirs)) == 1 and blocks:
            return LineChoice(blocks[0], 0.0, [blocks[0]], 1, 1, "blocks a four")
        forced = blocks or None
    # 3. own VCF
    if style.vcf_depth > 0 and players == 2 and not theirs:
        share = Clock(min(clock.deadline, clock.now() + clock.left() * style.vcf_share), clock.now)
        ts = ThreatSearch(board, share)
        try:
            for depth in range(1, style.vcf_depth + 1):
                line = ts.find(p, depth)
                if line is not None and legal(line[0]):
                    return LineChoice(line[0], WIN - len(line), line, ts.nodes, len(line), "wins by continuous fours")
                if line is not None:
                    break
        except TimeUp:
            pass
        nodes += ts.nodes
    # 3b. own VCT (fours and threes)
    if style.vct_depth > 0 and players == 2 and not theirs and not clock.expired():
        share = Clock(min(clock.deadline, clock.now() + clock.left() * style.vct_share), clock.now)
        ts = ThreatSearch(board, share)
        try:
            for depth in range(1, style.vct_depth + 1):
                line = ts.find_vct(p, depth)
                if line is not None:
                    if legal(line[0]):
                        return LineChoice(line[0], THREAT_WIN, line, nodes + ts.nodes, len(line),
                                          "wins by continuous threats")
                    break
        except TimeUp:
            pass
        nodes += ts.nodes
    # 4. the opponent's VCF
    root_moves: list[int] | None = forced
    reason = "search"
    if style.defend_vcf and players == 2 and not theirs and not clock.expired():
        defences, n = _defences(board, p, nxt, clock, style, legal)
        nodes += n
        if defences is not None:
            if defences:
                root_moves = defences
                reason = "defends against continuous fours"
            else:
                reason = "no defence against continuous fours"
    if root_moves is None:
        root_moves = [c for c in pos.candidates(style.root_width) if legal(c)]
        if not root_moves:
            root_moves = [fallback]
    # 4b. the opponent's VCT: keep the moves after which he has none (or the longest one)
    if style.defend_vct > 0 and players == 2 and not theirs and len(root_moves) > 1 and not clock.expired():
        safe, n = _threat_defences(board, p, nxt, root_moves, clock, style)
        nodes += n
        if safe is not None:
            root_moves = safe
            reason = "defends against continuous threats"
    # 5. alpha-beta
    salt = rng.getrandbits(32)
    if isinstance(board, NativeLineBoard):
        res = native_search(board, p, style, clock, root_moves, salt=salt, all_root_values=style.slip > 0)
    else:
        searcher = Searcher(pos, clock, max_depth=style.max_depth, noise=style.noise, salt=salt)
        res = searcher.root_search(root_moves, all_root_values=style.slip > 0)
        discard(searcher.table)
    nodes += res.nodes
    cell = res.move if res.move is not None else fallback
    value = res.value
    pv = [int(m) for m in res.pv]  # type: ignore[call-overload]
    if style.slip > 0 and len(res.root_values) > 1 and abs(value) < PROVEN and rng.random() < style.slip:
        ranked = sorted(res.root_values.items(), key=lambda kv: kv[1], reverse=True)
        second, v2 = ranked[1]
        # Only a plausible slip: a quiet position (no threats either way in sight) and a
        # runner-up close in value, the kind of choice a player could honestly get wrong.
        quiet = abs(value) < QUIET and abs(v2) < QUIET
        if quiet and value - v2 <= max(15.0, abs(value) * 0.1):
            cell, value, pv, reason = int(second), v2, [int(second)], "second choice"  # type: ignore[call-overload]
    return LineChoice(int(cell), value, pv, nodes, res.depth, reason)  # type: ignore[call-overload]


def pattern_engine_covers(board: LineBoard | NativeLineBoard) -> bool:
    """Whether the pattern engine (native or its Python twin) plays this board: freestyle five
    in a row, two players, 5 to 26 cells a side."""
    return (
        board.players == 2
        and board.k == 5
        and board.rule == "free"
        and 5 <= board.width <= 26
        and 5 <= board.height <= 26
    )


def pattern_decide(
    board: LineBoard | NativeLineBoard, to_move: int, style: Style, clock: Clock, *, engine: str = "auto"
) -> LineChoice:
    """A move from the pattern engine within ``clock``: the native one
    (``native/gomoku_engine.c``) wherever the extension is built, unless ``engine`` is
    ``"python"``; else its pure-Python twin (:mod:`solver.gomoku_pattern`), on ``clock.now``.

    It looks for a win by fours, then by fours and open threes, keeps the moves that stop the
    opponent's, and searches them with iterative-deepening alpha-beta on shape counts.
    """
    args = (board.width, board.height, 0, list(board.history), to_move, clock.deadline, style.pattern_vct)
    if engine != "python" and native is not None and hasattr(native, "gomoku_think"):
        cell, value, pv, nodes, depth, reason = native.gomoku_think(*args)
    elif engine == "native":
        raise ValueError("the native pattern engine is not built here")
    else:
        cell, value, pv, nodes, depth, reason = gomoku_pattern.decide(*args, now=clock.now)
    # The engine's values are in its own units (a win near 30,000); report wins as the other
    # engines do.
    if value > 29_000:
        val = WIN - (30_000 - value)
    elif value < -29_000:
        val = -(WIN - (30_000 + value))
    else:
        val = float(value)
    if reason == "wins by continuous threats":
        val = THREAT_WIN
    return LineChoice(int(cell), float(val), [int(c) for c in pv], int(nodes), int(depth), reason)


def native_search(
    board: NativeLineBoard,
    to_move: int,
    style: Style,
    clock: Clock,
    root_moves: Sequence[int] | None = None,
    *,
    salt: int = 0,
    all_root_values: bool = False,
    max_depth: int | None = None,
) -> SearchResult:
    """The alpha-beta of :class:`~solver.search.Searcher` over :class:`LinePosition`, run natively.

    Without noise and without ``style.leaf_vcf`` it returns what
    ``Searcher(LinePosition(...)).root_search(root_moves)`` returns for the same board (the
    native evaluation noise is its own hash of the position).
    """
    move, value, pv, nodes, depth, values, proven = board.engine.search(
        to_move,
        None if root_moves is None else list(root_moves),
        style.max_depth if max_depth is None else max_depth,
        style.width,
        style.defence,
        style.sees_fours,
        style.noise,
        salt,
        clock.deadline,
        all_root_values,
        style.leaf_vcf,
    )
    return SearchResult(move, value, list(pv), nodes, depth, dict(values), bool(proven))


def _defences(
    board: Any, me: int, opp: int, clock: Clock, style: Style, legal: Callable[[int], bool]
) -> tuple[list[int] | None, int]:
    """Moves after which ``opp`` has no VCF; None when he has none to begin with."""
    share = Clock(min(clock.deadline, clock.now() + clock.left() * 0.5), clock.now)
    ts = ThreatSearch(board, share)
    depth = max(1, min(style.vcf_depth, 10))
    try:
        line = None
        for d in range(1, depth + 1):
            line = ts.find(opp, d)
            if line is not None:
                break
    except TimeUp:
        return None, ts.nodes
    if line is None:
        return None, ts.nodes
    pos = LinePosition(board, me, lambda s: s, style)
    cands: list[int] = []
    for c in [*line, *board.four_makers(me), *pos.candidates(style.root_width)]:
        if c not in cands and board.board[c] == 0 and legal(c):
            cands.append(c)
    good: list[int] = []
    try:
        for c in cands:
            share.check()
            board.place(c, me)
            placed = 1
            try:
                mine = board.fours[me]
                if len(mine) == 1 and board.winner < 0:
                    # Our four: his block is forced; then see whether his attack survives.
                    (b,) = mine
                    board.place(b, opp)
                    placed = 2
                if board.winner == me or ts.find(opp, depth) is None:
                    good.append(c)
            finally:
                for _ in range(placed):
                    board.remove()
    except TimeUp:
        pass
    return good, ts.nodes


def _threat_defences(
    board: Any, me: int, opp: int, moves: list[int], clock: Clock, style: Style
) -> tuple[list[int] | None, int]:
    """Of ``moves``, those after which ``opp`` has no victory by continuous threats.

    A threat (in any k) is a move after which one more stone makes two winning cells: in
    gomoku an open three, with k=4 already an open two, so the opponent's threat wins are
    as real a danger as his fours.  The moves tried are those on the line he would play
    and our own fours; each is judged by the fewest free threat moves the opponent needs
    after it, up to ``style.defend_vct``.  While time remains the look deepens by one free
    threat: a move that only delays a longer attack is dropped when another stops it
    (a defence two threats deep lets a three-threat attack through, which loses a game as
    surely as a missed four).  Returns ``(safe moves, nodes)``; None when the opponent has
    no threat win to begin with, when no move stops it (then the search, which sees the
    nearest threats, picks the stoutest resistance) or when the clock ran out before any
    safe move was found.
    """
    share = Clock(min(clock.deadline, clock.now() + clock.left() * style.defend_vct_share), clock.now)
    deeper_share = Clock(min(clock.deadline, clock.now() + clock.left() * style.defend_vct_deeper_share), clock.now)
    ts = ThreatSearch(board, share)

    def holds(limit: int) -> tuple[int, list[int]]:
        """The fewest free threat moves ``opp`` needs to win (``limit + 1``: none within ``limit``), and his line."""
        for d in range(0, limit + 1):
            line = ts.find_vct(opp, d)
            if line is not None:
                return d, line
        return limit + 1, []

    cost: dict[int, int] = {}  # threat-search nodes each candidate took: a hard refutation is a likely holder

    def judge(candidates: list[int], near: set[int], depth: int) -> dict[int, int]:
        """The fewest free threats ``opp`` needs after each candidate on ``near`` (until the clock runs out)."""
        judged: dict[int, int] = {}
        try:
            for c in candidates:
                if c not in near:
                    continue
                start = ts.nodes
                board.place(c, me)
                placed = 1
                try:
                    mine = board.fours[me]
                    if len(mine) == 1 and board.winner < 0:
                        # Our four: his block is forced; his attack must still fail after it.
                        (block,) = mine
                        board.place(block, opp)
                        placed = 2
                    judged[c] = depth + 2 if board.winner == me else holds(depth)[0]
                finally:
                    for _ in range(placed):
                        board.remove()
                    cost[c] = cost.get(c, 0) + ts.nodes - start
        except TimeUp:
            pass  # the moves judged so far
        return judged

    depth = style.defend_vct
    try:
        found, line = holds(depth)
    except TimeUp:
        return None, ts.nodes
    if found > depth:
        return None, ts.nodes
    # Stones on his line, or our own fours (tempo), stop it most often: judge those first,
    # then the other moves (a stone off the line can spoil the threes it needs).
    near = set(line) | set(board.four_makers(me))
    judged = judge([c for c in moves if c in near] + [c for c in moves if c not in near], set(moves), depth)
    safe = [c for c in moves if judged.get(c, 0) > depth]
    # Deeper looks at the moves kept, the hardest to refute first (the likeliest to hold):
    # keep those shown to hold; when the clock stops the look, a move shown to hold beats one
    # not yet judged, and those not judged beat those shown to lose.  When all are shown to
    # lose, keep those that hold out longest.
    # The deeper looks may take longer than the first: they settle the few moves left.
    ts.clock = share = deeper_share
    for deeper in range(depth + 1, depth + style.defend_vct_extra + 1):
        if len(safe) < 2 or share.expired():
            break
        order = sorted(safe, key=lambda c: cost.get(c, 0), reverse=True)
        judged = judge(order, set(safe), deeper)
        kept = [c for c in safe if judged.get(c, 0) > deeper] or [c for c in safe if c not in judged]
        if not kept:
            longest = max(judged.values())
            kept = [c for c in safe if judged[c] == longest]
        safe = kept
    return (safe or None), ts.nodes


# ----------------------------------------------------------------------------------
# The rules edge: reading an m,n,k or gomoku state into a LineBoard


LEVEL_STYLES = {"easy": EASY, "medium": MEDIUM, "hard": HARD, "max": MAX}


@dataclasses.dataclass
class LineGame:
    """What the engine needs from a rules state: the stones, the rule and whose colour moves."""

    width: int
    height: int
    k: int
    players: int
    rule: str
    stones: dict[int, int]  # cell (y * width + x) -> colour (0 black / first player, ...)
    to_move: int  # colour to move
    moves: dict[int, Hashable]  # cell -> the rules' move for it, for every legal placement
    choices: list[Hashable]  # legal moves that are not placements (colour choices in openings)


def _dimensions(game: Any) -> tuple[int, int, int, int, str] | None:
    """Width, height, k, players and rule of a line game (its ``in_a_row`` trait); None for other games."""
    line = game.in_a_row()
    if line is None:
        return None
    return line.width, line.height, line.k, line.players, line.rule


_RULES = {"freestyle": "free", "free": "free", "standard": "standard", "renju": "renju", "caro": "caro"}


def _board_cells(game: Any, state: Any) -> Any:
    """The board as the rules keep it, through whichever accessor the module offers."""
    for name in ("board", "cells", "grid", "stones"):
        acc = getattr(game, name, None)
        if callable(acc):
            try:
                return acc(state)
            except TypeError:
                pass
        val = getattr(state, name, None)
        if val is not None:
            return val
    return None


def _owner(value: Any, empty: Any) -> int | None:
    """The colour of a board entry (None: empty)."""
    if value is None or value == empty:
        return None
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("", ".", "_", "-", " "):
            return None
        for i, names in enumerate((("x", "b", "black", "1"), ("o", "w", "white", "2"), ("3", "z"), ("4",))):
            if v in names:
                return i
        return None
    return int(value) - (0 if empty == -1 else 1)


def read_line_game(game: Any, state: Any) -> LineGame | None:
    """The stones of an m,n,k or gomoku state, read through the rules' public functions.

    Placements are matched to cells through the move notation (``format_move`` gives the
    cell name), and the board's orientation is checked against the legal placements, so
    the reading does not depend on how the module stores its board.  None when the state
    cannot be read this way (the bot then falls back to its generic search).
    """
    dimensions = _dimensions(game)
    if dimensions is None:
        return None
    width, height, k, players, rule_name = dimensions
    rule = _RULES.get(rule_name, "free")
    moves: dict[int, Hashable] = {}
    choices: list[Hashable] = []
    for m in game.legal_moves(state):
        try:
            x, y = _parse_cell(game.format_move(state, m), width, height)
        except ValueError:
            choices.append(m)
            continue
        moves[y * width + x] = m
    raw = _board_cells(game, state)
    if raw is None:
        return None
    flat: list[Any]
    if len(raw) == width * height and not isinstance(raw[0], (list, tuple)):
        flat = list(raw)
        layouts = [flat, _flip_rows(flat, width, height)]
    elif len(raw) == height and all(len(r) == width for r in raw):
        rows = [list(r) for r in raw]
        layouts = [[v for r in rows for v in r], [v for r in reversed(rows) for v in r]]
    elif len(raw) == width and all(len(col) == height for col in raw):
        layouts = [[raw[x][y] for y in range(height) for x in range(width)]]
    else:
        return None
    values = {v for layout in layouts for v in layout}
    empty: Any = None if None in values else (-1 if -1 in values else (0 if 0 in values else "."))
    chosen: list[Any] | None = None
    for layout in layouts:
        free = {c for c, v in enumerate(layout) if _owner(v, empty) is None}
        # Every legal placement must be on an empty cell (renju may forbid some empty cells).
        if set(moves) <= free and (not moves or len(free) - len(moves) <= len(free) // 2 + 8 or rule == "renju"):
            chosen = layout
            break
    if chosen is None:
        return None
    stones = {c: o for c, v in enumerate(chosen) if (o := _owner(v, empty)) is not None}
    counts = [0] * players
    for o in stones.values():
        if 0 <= o < players:
            counts[o] += 1
    colour = min(range(players), key=lambda p: (counts[p], p))
    return LineGame(width, height, k, players, rule, stones, colour, moves, choices)


def _parse_cell(text: str, width: int, height: int) -> tuple[int, int]:
    from grundy.rules.cells import parse_cell

    x, y = parse_cell(text, width, height)
    return x, y


def _flip_rows(flat: list[Any], width: int, height: int) -> list[Any]:
    return [flat[(height - 1 - y) * width + x] for y in range(height) for x in range(width)]


def choose_line_move(
    game: Any, state: Any, seat: int, level: str, clock: Clock, rng: random.Random
) -> tuple[Hashable, float | None, list[Hashable], int, int, str] | None:
    """A decision for an m,n,k or gomoku state, or None when the state cannot be read."""
    try:
        info = read_line_game(game, state)
    except Exception:  # a module this reader does not understand: the generic search takes over
        return None
    if info is None:
        return None
    if info.choices and not info.moves:
        return _opening_choice(game, state, info, level, rng)
    if not info.moves:
        return None
    board: LineBoard | NativeLineBoard
    if native_supports(info.width, info.height, info.k, info.players):
        board = NativeLineBoard(info.width, info.height, info.k, rule=info.rule)  # type: ignore[arg-type]
    else:
        board = LineBoard(info.width, info.height, info.k, players=info.players, rule=info.rule)  # type: ignore[arg-type]
    for c, colour in info.stones.items():
        board.place(c, colour)
    style = LEVEL_STYLES[level]
    colour = info.to_move
    if info.players > 2:
        team = lambda s: 0 if s == colour else 1  # noqa: E731 - paranoid: us against the rest
    else:
        team = lambda s: s  # noqa: E731

    def is_legal(c: int) -> bool:
        m = info.moves.get(c)
        return m is not None and (info.rule != "renju" or bool(game.is_legal(state, m)))

    ch = decide(board, colour, style, clock, team=team, is_legal=is_legal, rng=rng)
    move = info.moves.get(ch.cell)
    if move is None:
        return None
    pv = [info.moves.get(c, c) for c in ch.pv]
    if pv and pv[0] != move:
        pv = [move]
    return move, ch.value, pv, ch.nodes, ch.depth, ch.reason


def _opening_choice(
    game: Any, state: Any, info: LineGame, level: str, rng: random.Random
) -> tuple[Hashable, float | None, list[Hashable], int, int, str] | None:
    """Swap openings: pick the colour whose position the evaluation prefers.

    The choices are read from their notation (a choice naming black or white); other
    choices (placing two more stones in swap2) are taken only when the stones look even.
    """
    board = LineBoard(info.width, info.height, info.k, players=2, rule=info.rule)  # type: ignore[arg-type]
    for c, colour in info.stones.items():
        board.place(c, colour)
    mover = info.to_move  # the colour that would move next
    pos = LinePosition(board, mover, lambda s: s, LEVEL_STYLES[level])
    edge = pos.evaluate()  # for the colour to move
    texts = {m: game.format_move(state, m).lower() for m in info.choices}
    black = [m for m, t in texts.items() if "black" in t or t in ("b", "x")]
    white = [m for m, t in texts.items() if "white" in t or t in ("w", "o")]
    others = [m for m in info.choices if m not in black and m not in white]
    if level in ("random", "easy") and rng.random() < 0.5:
        pick = rng.choice(info.choices)
        return pick, None, [pick], 1, 0, "opening choice"
    want_mover = edge >= 0
    prefer = (white if mover == 1 else black) if want_mover else (black if mover == 1 else white)
    if abs(edge) < 20 and others:
        prefer = others
    pick = (prefer or info.choices)[0]
    return pick, edge, [pick], 1, 0, "opening choice"
