"""Drawers of the heap games: nim, subtraction and stones, each heap a row of objects.

Clicking an object of a nim heap takes that object and every one after it ("take down to
there"); in subtraction the same on the one heap; stones heaps carry a button per operation.
The objects the last move took are drawn as pale ghosts after the heap, so the last move shows.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from grundy.client.gui.board import (
    CELL,
    GRID_LINE,
    INK,
    LABEL,
    LAST_MOVE,
    LEGAL,
    OBJECT,
    OBJECT_GHOST,
    Board,
    font,
    t,
    text,
)

View = dict[str, Any]
LABEL_W = 86
MIN_PITCH = 10
MAX_PITCH = 40


@dataclasses.dataclass(frozen=True)
class HeapLayout:
    """Where the objects of each heap go: ``pitch`` pixels apart, ``per_line`` on a line, lines ``line_h`` high."""

    left: int
    top: int
    pitch: int
    per_line: int
    line_h: int
    starts: tuple[int, ...]  # first line of each heap

    def slot(self, heap: int, j: int) -> pygame.Rect:
        """The slot of object ``j`` (0-based) of heap ``heap`` (0-based)."""
        line = self.starts[heap] + j // self.per_line
        x = self.left + (j % self.per_line) * self.pitch
        return pygame.Rect(x, self.top + line * self.line_h, self.pitch, self.line_h)

    def row(self, heap: int) -> pygame.Rect:
        """The band of the heap's first line (for labels and buttons)."""
        return pygame.Rect(self.left - LABEL_W, self.top + self.starts[heap] * self.line_h, LABEL_W, self.line_h)


def layout_heaps(area: pygame.Rect, counts: list[int], right_w: int = 0) -> HeapLayout:
    """Fit heaps of ``counts`` objects (ghosts included) into ``area``, wrapping long heaps onto more lines."""
    width = max(MIN_PITCH, area.w - LABEL_W - right_w - 20)
    most = max([1, *counts])
    pitch = max(MIN_PITCH, min(MAX_PITCH, width // most))
    per_line = max(1, width // pitch)
    lines = [max(1, -(-c // per_line)) for c in counts]
    total = max(1, sum(lines))
    line_h = max(14, min(90, (area.h - 10) // total))
    starts, at = [], 0
    for n in lines:
        starts.append(at)
        at += n
    top = area.y + max(0, (area.h - total * line_h) // 2)
    return HeapLayout(area.x + LABEL_W + 10, top, pitch, per_line, line_h, tuple(starts))


def object_rect(slot: pygame.Rect) -> pygame.Rect:
    """The object (an upright stick) drawn in a slot, with gaps on both sides so objects never touch."""
    w = max(4, slot.w * 3 // 5)
    h = max(8, slot.h * 3 // 4)
    r = pygame.Rect(0, 0, w, h)
    r.center = slot.center
    return r


def _stick(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int], outline: bool = True) -> None:
    pygame.draw.rect(surface, colour, r, border_radius=max(1, r.w // 3))
    if outline:
        pygame.draw.rect(surface, INK, r, 1, border_radius=max(1, r.w // 3))


def _taken(last: str | None, heap: int | None) -> int:
    """How many objects ``last`` (``H:N`` for nim, ``N`` for subtraction) took from heap ``heap`` (1-based)."""
    if not last:
        return 0
    parts = last.split(":")
    try:
        if heap is None and len(parts) == 1:
            return int(parts[0])
        if heap is not None and len(parts) == 2 and int(parts[0]) == heap:
            return int(parts[1])
    except ValueError:
        return 0
    return 0


def _label(surface: pygame.Surface, row: pygame.Rect, name: str, size: int) -> None:
    """A heap's name and its size in its row's label band (a long name shrinks to fit beside the size)."""
    count = f"({size})"
    text(surface, count, (row.right, row.centery), LABEL, 20, "midright")
    room = row.w - font(20).size(count)[0] - 6
    text(surface, name, (row.x, row.centery), INK, 22, "midleft", bold=True, width=room)


def draw_nim(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
             last: str | None = None) -> Board:
    """Nim: heap i a row of sticks; a click on stick j takes it and every stick after it."""
    heaps: list[int] = [int(n) for n in view["heaps"]]
    ghosts = [_taken(last, i + 1) for i in range(len(heaps))]
    lay = layout_heaps(area, [n + g for n, g in zip(heaps, ghosts, strict=True)])
    board = Board(caption=t("gui-nim-caption", heaps=len(heaps), objects=sum(heaps)))
    for i, size in enumerate(heaps):
        row = lay.row(i)
        _label(surface, row, t("tui-show-heap", n=i + 1), size)
        for j in range(size):
            slot = lay.slot(i, j)
            _stick(surface, object_rect(slot), OBJECT)
            board.add(f"heap {i + 1} object {j + 1}", slot, f"{i + 1}:{size - j}")
        for j in range(size, size + ghosts[i]):
            _stick(surface, object_rect(lay.slot(i, j)), OBJECT_GHOST, outline=False)
        if ghosts[i]:
            pygame.draw.rect(surface, LAST_MOVE, row.inflate(4, 0), 2)
    return board


def draw_subtraction(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                     last: str | None = None) -> Board:
    """Subtraction: one heap; a click on object j takes it and every one after it, when that amount is allowed."""
    heap, goal = int(view["heap"]), int(view["goal"])
    ghosts = _taken(last, None)
    lay = layout_heaps(area, [heap + ghosts])
    takes = ",".join(map(str, view["take"]))
    board = Board(caption=t("gui-subtraction-caption", take=takes, goal=goal, rule=str(view["rule"])))
    row = lay.row(0)
    _label(surface, row, t("tui-show-the-heap"), heap)
    allowed = set(legal or ())
    for j in range(heap):
        slot = lay.slot(0, j)
        take = str(heap - j)
        r = object_rect(slot)
        _stick(surface, r, OBJECT)
        if take in allowed:
            pygame.draw.rect(surface, LEGAL, r.inflate(4, 4), 2, border_radius=3)
        board.add(f"heap 1 object {j + 1}", slot, take)
    for j in range(heap, heap + ghosts):
        _stick(surface, object_rect(lay.slot(0, j)), OBJECT_GHOST, outline=False)
    if 0 < goal <= heap + ghosts:
        edge = lay.slot(0, goal - 1)
        pygame.draw.line(surface, LAST_MOVE if goal == heap else GRID_LINE, (edge.right, edge.top),
                         (edge.right, edge.bottom), 3)
    return board


def draw_stones(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                last: str | None = None) -> Board:
    """Stones (the exam heap games): each heap its objects and a button per operation (``2:*2``)."""
    heaps: list[int] = [int(n) for n in view["heaps"]]
    ops: list[str] = list(view["ops"])
    button_w = 46
    lay = layout_heaps(area, heaps, right_w=len(ops) * (button_w + 6))
    board = Board(caption=t("gui-stones-caption", total=view["total"], goal=view["goal"], rule=str(view["rule"])))
    allowed = None if legal is None else set(legal)
    last_heap = last.split(":")[0] if last and ":" in last else None
    for i, size in enumerate(heaps):
        row = lay.row(i)
        _label(surface, row, t("tui-show-heap", n=i + 1), size)
        if last_heap == str(i + 1):
            pygame.draw.rect(surface, LAST_MOVE, row.inflate(4, 0), 2)
        for j in range(size):
            pygame.draw.circle(surface, OBJECT, lay.slot(i, j).center, max(2, min(lay.pitch, lay.line_h) * 2 // 5))
        bx = area.right - len(ops) * (button_w + 6)
        for op in ops:
            move = f"{i + 1}:{op}"
            r = pygame.Rect(bx, row.centery - 15, button_w, 30)
            usable = allowed is None or move in allowed
            pygame.draw.rect(surface, CELL if usable else (200, 200, 200), r, border_radius=6)
            pygame.draw.rect(surface, INK, r, 1, border_radius=6)
            text(surface, op, r.center, INK if usable else LABEL, 22, "center", bold=True)
            board.add(f"heap {i + 1} op {op}", r, move)
            bx += button_w + 6
    return board


def draw_kayles(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                last: str | None = None) -> Board:
    """Kayles: one row of pins; a click on a pin knocks it down, a right click knocks it and the next one down."""
    pins: list[bool] = [bool(up) for up in view["pins"]]
    lay = layout_heaps(area, [len(pins)])
    board = Board(caption=t("gui-kayles-caption", up=sum(pins), n=len(pins)))
    row = lay.row(0)
    text(surface, t("gui-pins"), (row.x, row.centery), INK, 22, "midleft", bold=True, width=row.w - 4)
    allowed = None if legal is None else set(legal)
    knocked = set(last.split("-")) if last else set()
    for j, up in enumerate(pins):
        slot = lay.slot(0, j)
        r = object_rect(slot)
        if up:
            _stick(surface, r, OBJECT)
        else:
            _stick(surface, r, OBJECT_GHOST, outline=False)
        if str(j + 1) in knocked:
            pygame.draw.rect(surface, LAST_MOVE, r.inflate(4, 4), 2, border_radius=3)
        one, two = f"{j + 1}", f"{j + 1}-{j + 2}"
        if up and (allowed is None or one in allowed):
            board.add(f"pin {j + 1}", slot, one, two if j + 1 < len(pins) and pins[j + 1] else None)
        text(surface, str(j + 1), (slot.centerx, slot.bottom - 2), LABEL, 14, "midbottom")
    return board
