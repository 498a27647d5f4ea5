"""The game tree of a position on pygame's desk (T on the analysis board of any position): a folding list.

Each row is one node of the pruned tree (solver/tree.py): the move that leads to it and its code in the
exam's notation (K: the player to move wins by their K-th move; -K: they lose by the opponent's K-th move
at the latest; 0: the game is over).  The arrows choose a row, Enter or Space folds and unfolds it, D
draws two plies deeper, O opens the chosen node's position on the board, Esc goes back to the board.
"""

from __future__ import annotations

import dataclasses

import pygame

from grundy import rules
from grundy.client.gui.board import INK, Board, t, text
from grundy.solver import exact, tree

DEPTH = 4  # plies shown at first (D: two more, up to the solver's bound)
ROW_H = 20
NODE_ACTION = "do node"  # (a row's move in the click map: ``do node I``)
CODE_COLOURS = {"win": (30, 140, 60), "loss": (190, 50, 50), "over": (110, 110, 110)}


def code_text(node: tree.Node) -> str:
    """A node's code as the exam writes it: +K, -K, 0 (over or a draw)."""
    if node.outcome in ("over", "draw"):
        return f"0 {t('cli-tree-' + node.outcome)}"
    if node.outcome == "payoff":
        return f"{t('cli-tree-payoff')} {node.value:g}" if node.value is not None else t("cli-tree-payoff")
    return f"{node.code:+d}" if node.code else str(node.code)


@dataclasses.dataclass
class Row:
    path: tuple[str, ...]  # the moves from the tree's root to this node
    node: tree.Node
    level: int


class FoldingTree:
    """The tree of the position after ``moves`` in ``game``, its folded nodes and the chosen row."""

    def __init__(self, game: rules.Game, moves: list[str], depth: int = DEPTH) -> None:
        self.game, self.moves, self.depth = game, list(moves), depth
        self.folded: set[tuple[str, ...]] = set()
        self.choice = 0
        self.root = self._build()

    def _build(self) -> tree.Node:
        try:
            return tree.build(self.game, self.game.replay(self.moves), self.depth)
        except (exact.Unsupported, exact.TooLarge, rules.RulesError) as e:
            raise ValueError(str(e) or type(e).__name__) from None

    def rows(self) -> list[Row]:
        """The rows shown: every node whose ancestors are all unfolded, in the tree's order."""
        out = [Row((), self.root, 0)]

        def walk(node: tree.Node, path: tuple[str, ...], level: int) -> None:
            if path in self.folded:
                return
            for child in node.children:
                here = (*path, child.move or "")
                out.append(Row(here, child, level + 1))
                walk(child, here, level + 1)

        walk(self.root, (), 0)
        return out

    def move(self, step: int) -> None:
        self.choice = max(0, min(len(self.rows()) - 1, self.choice + step))

    def fold(self) -> None:
        """Fold the chosen row's node, or unfold it when folded (a leaf has nothing to fold)."""
        row = self.rows()[self.choice]
        if row.node.children:
            self.folded ^= {row.path}

    def deeper(self) -> None:
        if self.depth < tree.MAX_DEPTH:
            self.depth = min(tree.MAX_DEPTH, self.depth + 2)
            self.root = self._build()
            self.choice = min(self.choice, len(self.rows()) - 1)

    def chosen_moves(self) -> list[str]:
        """The moves from the start of the game to the chosen node."""
        return [*self.moves, *self.rows()[self.choice].path]

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> Board:
        """The list, scrolled to keep the chosen row in sight; a click on a row is ``do node I``."""
        board = Board(caption=t("gui-tree-caption"))
        pygame.draw.rect(surface, (245, 245, 240), area)
        title = t("gui-tree-title", depth=self.depth)
        text(surface, title, (area.x + 10, area.y + 6), INK, 17, width=area.w - 20)
        rows = self.rows()
        fits = max(1, (area.h - 36) // ROW_H)
        first = max(0, min(self.choice - fits // 2, len(rows) - fits))
        y = area.y + 30
        for i, row in enumerate(rows[first : first + fits], start=first):
            line = pygame.Rect(area.x + 6, y, area.w - 12, ROW_H)
            if i == self.choice:
                pygame.draw.rect(surface, (210, 225, 245), line, border_radius=3)
            mark = ("+" if row.path in self.folded else "-") if row.node.children else " "
            label = t("study-tree-root") if not row.path else row.path[-1]
            x = line.x + 6 + 22 * row.level
            text(surface, f"{mark} {label}", (x, line.centery), INK, 18, "midleft")
            more = "  ..." if row.node.more else ""
            text(surface, code_text(row.node) + more, (x + 120, line.centery), CODE_COLOURS.get(row.node.outcome, INK),
                 18, "midleft", bold=True)  # fmt: skip
            board.add(f"node {i}", line, f"{NODE_ACTION} {i}")
            y += ROW_H
        return board

    def click(self, i: int) -> None:
        """A click on row ``i``: chosen, and folded or unfolded when it was chosen already."""
        if i == self.choice:
            self.fold()
        self.choice = max(0, min(len(self.rows()) - 1, i))
