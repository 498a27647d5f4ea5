"""The game tree of a position, as the exam material draws it (tasks 19-21 of the informatics exam).

Each node is a position with the move that leads to it and its *code* for the player to move
there: ``K`` when that player wins by their K-th own move at the latest (and not sooner),
``-K`` when they lose by the opponent's K-th move at the latest however they defend, ``0`` for a
finished game (and for a draw, told apart by ``outcome``).  The tree is pruned as the exam prunes
it: at a won node only the winning moves (those that keep the win in K: the strategy), at a lost
node every move (each must be answered), at a drawn node the moves that keep the draw.  Games
with scores (``pawn``) give no code; their nodes carry the payoff (``value``) and the best moves.

Bounds: at most :data:`MAX_DEPTH` plies below the root and :data:`MAX_NODES` nodes (the tree is
grown level by level, so a cut falls on the deepest level shown; a node whose children are not
shown has ``more`` set), and the exact solver's own bound on new positions and seconds
(:class:`grundy.solver.exact.TooLarge` past it, with the reason in words).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from grundy import rules
from grundy.solver import exact

MAX_DEPTH = 12  # plies below the root
MAX_NODES = 500  # nodes in one tree (its encoding stays well under a protocol frame)
SOLVER_NODES = 2_000_000  # new positions the exact solver may solve for one tree
SOLVER_SECONDS = 5.0


@dataclasses.dataclass
class Node:
    """One position of the tree: the move that led to it (None at the root), its code, its children."""

    move: str | None
    code: int | None
    outcome: str  # win, loss, draw, over; or "payoff" in games with scores
    value: float | None = None  # games with scores: the payoff for the player to move
    children: list[Node] = dataclasses.field(default_factory=list)
    more: bool = False  # it has children the depth or node bound left out

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "code": self.code,
            "outcome": self.outcome,
            "value": self.value,
            "children": [c.to_dict() for c in self.children],
            "more": self.more,
        }

    def count(self) -> int:
        return 1 + sum(c.count() for c in self.children)


def _code(outcome: str, k: int | None) -> int | None:
    if outcome == "win":
        return k
    if outcome == "loss":
        return None if k is None else -k
    return 0


def build(
    game: rules.Game,
    state: Any = None,
    depth: int | None = None,
    *,
    max_nodes: int = MAX_NODES,
    solver_nodes: int | None = SOLVER_NODES,
    solver_seconds: float | None = SOLVER_SECONDS,
) -> Node:
    """The pruned tree of ``state`` (default: the start) to ``depth`` plies (default and at most
    :data:`MAX_DEPTH`).  Raises :class:`exact.Unsupported` for a game the exact solver does not play,
    :class:`exact.TooLarge` past its bound, ``ValueError`` for a depth out of range."""
    if depth is None:
        depth = MAX_DEPTH
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth {depth}: give 0 to {MAX_DEPTH} plies")
    s = game.initial() if state is None else state
    table = exact.table_for(game)
    budget = exact.Budget(solver_nodes, solver_seconds, exact.describe(game))
    convert = table.convert

    def worth(st: Any) -> float:
        """The value of a position that is not over for its player to move (the solver's units)."""
        return table.value(convert(st), budget)

    def describe(st: Any, move: str | None, v: float | None) -> Node:
        if game.is_over(st):
            return Node(move, 0, "over")
        assert v is not None
        if table.payoff:
            return Node(move, None, "payoff", value=float(v))
        outcome, k, _ = exact.outcome_of(int(v))
        return Node(move, _code(outcome, k), outcome)

    root = describe(s, None, None if game.is_over(s) else worth(s))
    shown = 1
    level: list[tuple[Node, Any, float | None]] = [(root, s, None if game.is_over(s) else worth(s))]
    for _ in range(depth):
        following: list[tuple[Node, Any, float | None]] = []
        for node, st, v in level:
            if v is None:
                continue  # a finished game
            mover = game.to_move(st)
            assert mover is not None
            kids: list[tuple[str, Any, float | None, float]] = []  # text, child, its value, value for mover
            for m in game.legal_moves(st):
                child = game.apply(st, m)
                budget.spend()
                if game.is_over(child):
                    cv, mine = None, table.terminal(convert(child), mover)
                else:
                    cv = worth(child)
                    cm = game.to_move(child)
                    assert cm is not None
                    mine = table.seen_by(mover, cm, cv)
                kids.append((game.format_move(st, m), child, cv, mine))
            if node.outcome != "loss":  # won, drawn, payoff: only the moves that keep the node's value
                kids = [kid for kid in kids if kid[3] == v]
            if shown + len(kids) > max_nodes:
                node.more = True
                continue
            for text, child, cv, _ in kids:
                kid_node = describe(child, text, cv)
                node.children.append(kid_node)
                following.append((kid_node, child, cv))
            shown += len(kids)
        level = following
    for node, _, v in level:  # the deepest level shown: say which nodes go on
        if v is not None:
            node.more = True
    return root


def build_from(game_name: str, params: dict[str, Any], moves: list[str], depth: int | None) -> Node:
    """:func:`build` for a game by name, its parameters and the moves from the start (``rules`` errors
    and ``ValueError`` as there)."""
    game = rules.create(game_name, **params)
    return build(game, game.replay(moves), depth)


# The outline's words, by key; a caller speaking another language gives its own (cli/tree.py: the catalogs).
OUTLINE_WORDS: Mapping[str, str] = {"start": "start", "over": "over", "draw": "draw", "payoff": "payoff"}


def outline(node: Node, indent: str = "", words: Mapping[str, str] = OUTLINE_WORDS) -> list[str]:
    """The tree as an indented outline, one node a line: ``2:*2  -2`` (``words``: the root's name and the
    words of a finished node, :data:`OUTLINE_WORDS` in English)."""
    lines = []
    here = words["start"] if node.move is None else node.move
    code = _shown_code(node, words)
    lines.append(f"{indent}{here}  {code}{'  ...' if node.more else ''}")
    for c in node.children:
        lines.extend(outline(c, indent + "  ", words))
    return lines


def _shown_code(node: Node, words: Mapping[str, str]) -> str:
    if node.outcome in ("over", "draw"):
        return f"0 ({words[node.outcome]})"
    if node.outcome == "payoff":
        v = node.value
        return f"{words['payoff']} {int(v) if v is not None and v.is_integer() else v}"
    return f"{node.code:+d}" if node.code else str(node.code)
