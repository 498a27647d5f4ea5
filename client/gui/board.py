"""What every board drawer shares: the palette, fonts, grid geometry and the click map a drawing returns.

A drawer paints a view into a rectangle and returns a :class:`Board`: the clickable targets it
drew (a cell, a heap object, a button) with the move text each mouse button plays there, so
mouse input is resolved against exactly what is on the screen.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import os
from collections.abc import Iterator, Sequence
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the prompt is silenced)

from grundy.protocol import i18n  # noqa: E402
from grundy.rules.cells import column_name, format_cell, parse_cell  # noqa: E402

Colour = tuple[int, int, int]

BACKGROUND: Colour = (236, 232, 220)
PANEL: Colour = (40, 44, 52)
PANEL_TEXT: Colour = (230, 230, 230)
INK: Colour = (40, 40, 40)
LABEL: Colour = (90, 90, 90)
GRID_LINE: Colour = (120, 110, 95)
CELL: Colour = (250, 248, 240)
CELL_DARK: Colour = (226, 220, 204)
WOOD: Colour = (222, 184, 120)
BLOCKED: Colour = (70, 70, 76)
GOAL: Colour = (170, 220, 170)
LEGAL: Colour = (120, 190, 240)
LAST_MOVE: Colour = (230, 50, 160)
WINNING_LINE: Colour = (235, 180, 20)
OUT_OF_BOARD: Colour = (205, 200, 188)

# Stones by the symbol the view uses (mnk: X O Y Z, seats 0..3) and gomoku colours.
STONE_COLOURS: dict[str, Colour] = {
    "X": (35, 80, 200),
    "O": (215, 60, 45),
    "Y": (40, 160, 70),
    "Z": (150, 70, 180),
}
GOMOKU_COLOURS: dict[str, Colour] = {"black": (22, 22, 22), "white": (245, 245, 245)}
# Heap objects, coins and the one-way piece.
OBJECT: Colour = (200, 120, 40)
OBJECT_GHOST: Colour = (215, 200, 180)
COIN: Colour = (212, 175, 55)
PIECE: Colour = (60, 60, 150)
PAWN: Colour = (60, 60, 150)
# Pursuit: pursuers, then the evader.
PURSUER_COLOURS: tuple[Colour, ...] = ((200, 50, 50), (230, 120, 30))
EVADER: Colour = (40, 150, 90)
# Minesweeper: covered cells, opened cells, the classic count colours, flags by seat.
COVERED: Colour = (150, 160, 175)
OPENED: Colour = (235, 235, 235)
MINE: Colour = (20, 20, 20)
EXPLODED: Colour = (230, 40, 40)
COUNT_COLOURS: dict[int, Colour] = {
    1: (30, 60, 220),
    2: (20, 130, 30),
    3: (210, 30, 30),
    4: (20, 20, 130),
    5: (130, 20, 20),
    6: (20, 130, 130),
    7: (20, 20, 20),
    8: (110, 110, 110),
}
FLAG_COLOURS: tuple[Colour, ...] = ((220, 40, 40), (40, 90, 220))


def param_text(value: object) -> str:
    """A parameter value as on the command line: lists comma separated, booleans in lower case."""
    if isinstance(value, list):
        return ",".join(param_text(v) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


DEFAULT_FONT_SCALE = 0.6875  # (pygame's own for its default font: ``Font(None, size)`` draws at this of ``size``)


@functools.cache
def _font_bytes() -> bytes:
    """pygame's default font file, read once: a Font made from a file name keeps that file open while it lives."""
    path = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
    with open(path, "rb") as f:
        return f.read()


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at ``size`` pixels, as ``Font(None, size)`` draws it (cached; works under the dummy
    video driver).  Made from the font's bytes in memory, so no font holds a file handle open."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(io.BytesIO(_font_bytes()), max(1, int(size * DEFAULT_FONT_SCALE)))
    f.set_bold(bold)
    return f


def fit_size(words: str, width: int, size: int, bold: bool = False, smallest: int = 12) -> int:
    """The largest size at most ``size`` at which ``words`` fit in ``width`` pixels (longer words in other
    languages shrink instead of overflowing their button); ``smallest`` at the least."""
    while size > smallest and font(size, bold).size(words)[0] > width:
        size -= 1
    return size


# The language of the words a drawing says (the window's: ``speaking`` around each frame); English outside one.
_LANG = [i18n.DEFAULT]


@contextlib.contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Draw in ``lang`` (a tag, see :func:`grundy.protocol.i18n.pick`) until the block ends."""
    before = _LANG[0]
    _LANG[0] = lang if lang in i18n.LANGS else i18n.pick(lang)
    try:
        yield
    finally:
        _LANG[0] = before


def t(msg_id: str, /, **args: Any) -> str:
    """Catalog message ``msg_id`` in the language being drawn (``gui-`` messages: protocol/locales/*/gui.ftl)."""
    return i18n.tr(_LANG[0], msg_id, **args)


def drawing_lang() -> str:
    """The language of the drawing under way."""
    return _LANG[0]


# Every text drawn with a width to keep to: (words, its rendered width, the width it had); a test reads it
# to find a label wider than its button or panel in the longest languages.
FITTED: list[tuple[str, int, int]] = []


def wrap_px(words: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``words`` to lines of at most ``width`` pixels at ``size`` (a word longer than
    the line is cut to fit)."""
    f = font(max(8, size), bold)
    lines: list[str] = []
    for para in words.splitlines() or [""]:
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
            while f.size(line)[0] > width and len(line) > 1:  # (one word wider than the line)
                cut = len(line) - 1
                while cut > 1 and f.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def clip(words: str, width: int, size: int, bold: bool = False) -> str:
    """``words`` cut to at most ``width`` pixels at ``size`` (ending in ``...`` when cut): a list's detail line."""
    f = font(max(8, size), bold)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "...")[0] > width:
        words = words[:-1]
    return words.rstrip() + "..."


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], colour: Colour = INK, size: int = 20,
         anchor: str = "topleft", bold: bool = False, width: int | None = None) -> pygame.Rect:
    """Draw ``words`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``; with ``width``,
    shrunk to fit that many pixels (a longer word in another language) and recorded in :data:`FITTED`."""
    if width is not None:
        size = fit_size(words, width, size, bold)
        if len(FITTED) > 4000:
            del FITTED[:2000]
        FITTED.append((words, font(max(8, size), bold).size(words)[0], width))
    img = font(max(8, size), bold).render(words, True, colour)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


@dataclasses.dataclass(frozen=True)
class Target:
    """A clickable area and the move each mouse button plays there (None: nothing)."""

    key: str
    rect: pygame.Rect
    left: str | None = None
    right: str | None = None


@dataclasses.dataclass
class Board:
    """The click map of one drawing: targets in drawing order (later ones are on top), and a caption
    line (parameters, round, scores) for the side panel."""

    targets: list[Target] = dataclasses.field(default_factory=list)
    caption: str = ""

    def add(self, key: str, rect: pygame.Rect, left: str | None = None, right: str | None = None) -> None:
        self.targets.append(Target(key, pygame.Rect(rect), left, right))

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The topmost target under ``pos``."""
        for t in reversed(self.targets):
            if t.rect.collidepoint(pos):
                return t
        return None

    def move_at(self, pos: tuple[int, int], button: int) -> str | None:
        """The move a click of ``button`` (1 left, 3 right) at ``pos`` plays, if any."""
        t = self.target_at(pos)
        if t is None:
            return None
        return t.left if button == 1 else t.right if button == 3 else None

    def rect_of(self, key: str) -> pygame.Rect:
        """Where the target named ``key`` was drawn (a cell name like ``b2``, ``heap 2 object 3``...)."""
        for t in self.targets:
            if t.key == key:
                return t.rect
        raise KeyError(f"nothing named {key!r} was drawn; drawn: {', '.join(t.key for t in self.targets[:12])}...")

    def center(self, key: str) -> tuple[int, int]:
        """Pixel centre of the target ``key`` (what a test clicks)."""
        return self.rect_of(key).center

    def keys(self) -> list[str]:
        return [t.key for t in self.targets]


@dataclasses.dataclass(frozen=True)
class Grid:
    """Cells of a width x height board inside a rectangle, a1 at the bottom-left, with room for labels."""

    left: int
    top: int
    cell: int
    width: int
    height: int

    @classmethod
    def fit(cls, area: pygame.Rect, width: int, height: int, max_cell: int = 64) -> Grid:
        """The largest square cells that fit ``area`` with row numbers at the left and letters below."""
        label_w = 10 + 8 * len(str(height))
        label_h = 22
        cell = max(4, min(max_cell, (area.w - label_w) // max(1, width), (area.h - label_h) // max(1, height)))
        board_w, board_h = cell * width, cell * height
        left = area.x + label_w + max(0, (area.w - label_w - board_w) // 2)
        top = area.y + max(0, (area.h - label_h - board_h) // 2)
        return cls(left, top, cell, width, height)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.left, self.top, self.cell * self.width, self.cell * self.height)

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        """The square of cell (x, y); y = 0 is the bottom row."""
        top = self.top + (self.height - 1 - y) * self.cell
        return pygame.Rect(self.left + x * self.cell, top, self.cell, self.cell)

    def centre(self, x: int, y: int) -> tuple[int, int]:
        return self.cell_rect(x, y).center

    def cells(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def draw_labels(self, surface: pygame.Surface) -> None:
        """Column letters under the board and row numbers at its left."""
        size = max(12, min(22, self.cell * 2 // 3))
        for x in range(self.width):
            r = self.cell_rect(x, 0)
            text(surface, column_name(x), (r.centerx, r.bottom + 4), LABEL, size, "midtop")
        for y in range(self.height):
            r = self.cell_rect(0, y)
            text(surface, str(y + 1), (r.left - 5, r.centery), LABEL, size, "midright")

    def add_cells(self, board: Board, right: str | None = None) -> None:
        """Every cell as a target whose left click plays the cell's name (``right`` a format for right clicks)."""
        for x, y in self.cells():
            name = format_cell(x, y)
            board.add(name, self.cell_rect(x, y), name, None if right is None else right.format(cell=name))


def cell_of(name: str | None) -> tuple[int, int] | None:
    """(x, y) of a cell name, or None when there is none or it is not a cell."""
    if not name:
        return None
    try:
        return parse_cell(name)
    except ValueError:
        return None


def mark_last(surface: pygame.Surface, grid: Grid, name: str | None) -> None:
    """Frame the cell of the last move (the last-move marker of every grid game)."""
    c = cell_of(name)
    if c is None or not (0 <= c[0] < grid.width and 0 <= c[1] < grid.height):
        return
    r = grid.cell_rect(*c)
    pygame.draw.rect(surface, LAST_MOVE, r, max(2, grid.cell // 14))


def mark_line(surface: pygame.Surface, board: Board, cells: Sequence[str]) -> list[str]:
    """Mark the line that won the game on a drawn board: a ring on each of its cells (found by name in the
    drawing's click map) and a stroke through them from end to end.  The cells marked, in order."""
    rects = []
    for name in cells:
        try:
            rects.append((name, board.rect_of(name)))
        except KeyError:
            continue
    if not rects:
        return []
    side = min(r.w for _, r in rects)
    width = max(3, side // 8)
    for _, r in rects:
        pygame.draw.rect(surface, WINNING_LINE, r.inflate(-2, -2), width, border_radius=max(2, side // 5))
    if len(rects) > 1:
        pygame.draw.line(surface, WINNING_LINE, rects[0][1].center, rects[-1][1].center, max(3, side // 6))
    return [name for name, _ in rects]


def disc(surface: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int,
         outline: Colour | None = INK) -> None:
    """A filled circle with a thin outline (stones, pieces, figures)."""
    pygame.draw.circle(surface, colour, centre, radius)
    if outline is not None and radius > 3:
        pygame.draw.circle(surface, outline, centre, radius, 1)
