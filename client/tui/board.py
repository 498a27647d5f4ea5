"""The board widget: any game's view drawn with coordinates, moves picked by cursor or mouse.

Two layouts, both built from the view alone:

* **grids** (corner, pawn, coins, mnk, gomoku, pursuit, minesweeper, and any new grid game):
  the game's own ``render_view`` text, whose row numbers and column-letter footer say where
  each cell is; a click or the cursor on a cell gives the cell's move (in games of several
  move modes (``traits.move_modes``, minesweeper's reveal and flag): the first
  mode by default, the second with ``f`` or a right click);
* **heaps** (views of the kinds ``heaps``, ``take-away`` and ``sums``, in :data:`HEAP_VIEWS`): one row
  per heap;
  nim and subtraction heaps are rows of objects (clicking an object takes it and every object
  right of it), stones heaps offer their operations as buttons.

Anything else is shown as ``render_view`` text, and moves are typed.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Callable, Iterable
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

from grundy import protocol as p
from grundy import rules
from grundy.client import words
from grundy.rules.cells import column_index, column_name

MAX_OBJECTS = 40  # objects drawn per heap; larger heaps show the rest as a count
_ROW_LABEL = re.compile(r"^\s*(\d+)\s")


@dataclasses.dataclass(frozen=True)
class Token:
    """One clickable thing in a heap row: where it is drawn and the move it stands for."""

    x: int
    text: str
    move: str


@dataclasses.dataclass(frozen=True)
class HeapRow:
    """A heap: its line of text and its tokens; ``objects`` rows highlight from the cursor to the end."""

    line: str
    tokens: tuple[Token, ...]
    objects: bool


@dataclasses.dataclass(frozen=True)
class Grid:
    """Where the cells of a rendered grid are: line index per row number, text column per column."""

    lines: list[str]
    rows: dict[int, int]  # row number (1-based) -> line index
    columns: list[int]  # text x of each column's cell (0-based columns)
    spacing: int
    footer: int  # line index of the column letters

    def cell_at(self, x: int, y: int) -> str | None:
        """The cell drawn at text position (x, y), or None."""
        row = next((r for r, line in self.rows.items() if line == y), None)
        if row is None:
            return None
        reach = max(1, self.spacing // 2)
        best = min(range(len(self.columns)), key=lambda i: abs(self.columns[i] - x))
        if abs(self.columns[best] - x) > reach:
            return None
        return f"{column_name(best)}{row}"

    def where(self, col: int, row: int) -> tuple[int, int] | None:
        """Text (x, y) of the cell at 0-based column ``col`` and 1-based ``row``."""
        if row not in self.rows or not 0 <= col < len(self.columns):
            return None
        return self.columns[col], self.rows[row]


def parse_grid(text: str) -> Grid | None:
    """Find the cells in a grid's ``render_view`` text: rows labelled by number, a footer of column letters."""
    lines = text.splitlines()
    for i in range(len(lines) - 1, -1, -1):
        tokens = lines[i].split()
        if tokens and tokens == [column_name(k) for k in range(len(tokens))]:
            columns = []
            pos = 0
            for tok in tokens:
                start = lines[i].index(tok, pos)
                columns.append(start + len(tok) - 1)
                pos = start + len(tok)
            rows: dict[int, int] = {}
            for j in range(i):
                m = _ROW_LABEL.match(lines[j])
                if m and len(lines[j]) > m.end():
                    rows.setdefault(int(m.group(1)), j)
            if not rows:
                return None
            columns = [_cell_x(lines, rows.values(), x) for x in columns]
            spacing = columns[1] - columns[0] if len(columns) > 1 else 2
            return Grid(lines, rows, columns, spacing, i)
    return None


def _cell_x(lines: list[str], rows: Any, x: int) -> int:
    """Where a column's cells are drawn: under its letters' last character, or one left of it (a
    two-letter name such as ``aa`` may be aligned by its first letter)."""

    def filled(at: int) -> int:
        return sum(1 for y in rows if 0 <= at < len(lines[y]) and lines[y][at] != " ")

    return x - 1 if x > 0 and filled(x - 1) > filled(x) else x


def wrap_notes(text: str, width: int | None) -> tuple[str, Grid | None]:
    """The grid of ``text`` with every line that is not part of the board wrapped to ``width`` columns."""
    grid = parse_grid(text)
    if width is None or width < 20:
        return text, grid
    board_lines = {grid.footer, *grid.rows.values()} if grid is not None else set()
    out: list[str] = []
    moved: dict[int, int] = {}
    for i, line in enumerate(text.splitlines()):
        moved[i] = len(out)
        if i in board_lines or len(line) <= width:
            out.append(line)
        else:
            out.extend(textwrap.wrap(line, width, subsequent_indent="  ") or [""])
    if grid is not None:
        rows = {r: moved[y] for r, y in grid.rows.items()}
        grid = dataclasses.replace(grid, lines=out, rows=rows, footer=moved[grid.footer])
    return "\n".join(out), grid


def fit_grid(text: str, width: int | None, height: int | None) -> tuple[str, Grid | None, list[str]]:
    """The board of ``text`` made to fit ``width`` x ``height``: (board text, its grid, notes shown elsewhere).

    A grid that fits with its notes is drawn as the game renders it (notes wrapped to the width).
    Otherwise the notes are taken out of the board, and a grid still too wide is redrawn with
    its cells closer together (two columns apart, then side by side), so that 19x19 gomoku and
    30x16 minesweeper are whole in an 80x24 terminal; what still does not fit scrolls.
    """
    grid = parse_grid(text)
    lines = text.splitlines()
    if grid is None or width is None or height is None:
        out, g = wrap_notes(text, width)
        return out, g, []
    board = sorted({grid.footer, *grid.rows.values()})
    widest = max(len(lines[i]) for i in board)
    if widest <= width and len(wrap_notes(text, width)[0].splitlines()) <= height:
        out, g = wrap_notes(text, width)
        return out, g, []
    notes = [line for i, line in enumerate(lines) if i not in board and line.strip()]
    best = _board_only(grid)
    if widest > width and _can_squeeze(grid):
        for spacing in (2, 1):
            if spacing >= grid.spacing:
                continue
            best = squeeze(grid, spacing)
            if max(len(line) for line in best.lines) <= width:
                break
    return "\n".join(best.lines), best, notes


def _board_only(grid: Grid) -> Grid:
    """The grid's rows and column letters alone (its notes left out)."""
    keep = sorted({grid.footer, *grid.rows.values()})
    where = {old: new for new, old in enumerate(keep)}
    return Grid(
        [grid.lines[i] for i in keep], {r: where[y] for r, y in grid.rows.items()}, grid.columns, grid.spacing,
        where[grid.footer],
    )  # fmt: skip


def _can_squeeze(grid: Grid) -> bool:
    """Whether every cell is one character (with at most the last move's brackets around it)."""
    cells = set(grid.columns)
    for y in grid.rows.values():
        line = grid.lines[y]
        start = _ROW_LABEL.match(line)
        for x in range(start.end() if start else 0, len(line)):
            if x not in cells and line[x] not in " []":
                return False
    return True


def squeeze(grid: Grid, spacing: int) -> Grid:
    """The grid redrawn with its cells ``spacing`` columns apart (column letters on two lines when they must)."""
    label = max(len(str(r)) for r in grid.rows)
    names = [column_name(c) for c in range(len(grid.columns))]
    columns = [label + 1 + i * spacing for i in range(len(names))]
    lines: list[str] = []
    rows: dict[int, int] = {}
    for row, y in sorted(grid.rows.items(), key=lambda item: item[1]):
        src = grid.lines[y]
        cells = [src[x] if x < len(src) else " " for x in grid.columns]
        rows[row] = len(lines)
        lines.append(f"{row:>{label}} " + (" " * (spacing - 1)).join(cells))
    wide = max(len(n) for n in names)
    if wide < spacing:
        footer = [" "] * (columns[-1] + 1)
        for x, n in zip(columns, names, strict=True):
            footer[x - len(n) + 1 : x + 1] = list(n)
        lines.append("".join(footer).rstrip())
    else:  # letters stacked: the first letter of "aa" above, the last below
        top, bottom = [" "] * (columns[-1] + 1), [" "] * (columns[-1] + 1)
        for x, n in zip(columns, names, strict=True):
            bottom[x] = n[-1]
            if len(n) > 1:
                top[x] = n[0]
        if "".join(top).strip():
            lines.append("".join(top).rstrip())
        lines.append("".join(bottom).rstrip())
    return Grid(lines, rows, columns, spacing, len(lines) - 1)


HeapView = tuple[str, list[HeapRow]]


def heap_rows(kind: str | None, view: dict[str, Any], lang: str | None = "en") -> HeapView | None:
    """The title and rows of a view of a heap kind, or None when the view has no heaps (labels in ``lang``)."""
    rows = HEAP_VIEWS.get(kind or "")
    return None if rows is None else rows(view, lang)


def _heap_label(h: int, lang: str | None) -> str:
    """``heap 1  ``: a heap's name in ``lang``, padded so that the heaps' objects start in one column."""
    return f"{words.say(lang, 'tui-show-heap', n=h):<7} "


def _nim_rows(view: dict[str, Any], lang: str | None) -> HeapView | None:
    if not isinstance(view.get("heaps"), list):
        return None
    rows = []
    for h, n in enumerate(view["heaps"], 1):
        rows.append(_objects_row(_heap_label(h, lang), n, lambda take, h=h: f"{h}:{take}"))
    return words.say(lang, "tui-board-nim", misere="yes" if view.get("misere") else "no"), rows


def _subtraction_rows(view: dict[str, Any], lang: str | None) -> HeapView | None:
    if not isinstance(view.get("heap"), int):
        return None
    take = ",".join(str(t) for t in view.get("take", []))
    title = words.say(lang, "tui-board-subtraction", take=take, goal=str(view.get("goal", 0)),
                      rule=str(view.get("rule", "")))
    return title, [_objects_row(words.say(lang, "tui-show-the-heap") + " ", view["heap"], str)]


def _stones_rows(view: dict[str, Any], lang: str | None) -> HeapView | None:
    if not isinstance(view.get("heaps"), list):
        return None
    rows = []
    for h, n in enumerate(view["heaps"], 1):
        line = f"{_heap_label(h, lang)}{n:>6}   "
        tokens = []
        for op in view.get("ops", []):
            tokens.append(Token(len(line), f"[{op}]", f"{h}:{op}"))
            line += f"[{op}] "
        rows.append(HeapRow(line, tuple(tokens), objects=False))
    title = words.say(lang, "tui-board-stones", total=str(view.get("total")), goal=str(view.get("goal")),
                      rule=str(view.get("rule")))
    return title, rows


# The kinds of view drawn as heaps of clickable objects or operations, one line each (others are
# drawn from their text picture, with a board's cells clickable); by the view's kind, never the game.
HEAP_VIEWS: dict[str, Callable[[dict[str, Any], str | None], HeapView | None]] = {
    "heaps": _nim_rows,
    "take-away": _subtraction_rows,
    "sums": _stones_rows,
}


def _objects_row(label: str, n: int, move: Any) -> HeapRow:
    shown = min(n, MAX_OBJECTS)
    line = label
    tokens = []
    for i in range(shown):
        tokens.append(Token(len(line), "o", move(n - i)))
        line += "o "
    if n > shown:
        line += "... "
    line += f"({n})"
    return HeapRow(line, tuple(tokens), objects=True)


class Board(Widget, can_focus=True):
    """Draws the position and turns cursor keys, Enter and clicks into move texts (:class:`MovePicked`)."""

    DEFAULT_CSS = """
    Board { width: auto; height: auto; padding: 0; }
    Board:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("up", "cursor(0, 1)", "up", show=False),
        Binding("down", "cursor(0, -1)", "down", show=False),
        Binding("left", "cursor(-1, 0)", "left", show=False),
        Binding("right", "cursor(1, 0)", "right", show=False),
        Binding("enter,space", "pick", "play", show=False),
        Binding("f", "pick('f')", "flag", show=False),
    ]

    class MovePicked(Message):
        """The player chose a move on the board."""

        def __init__(self, move: str) -> None:
            super().__init__()
            self.move = move

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = ""
        self.view: dict[str, Any] = {}
        self.legal: list[str] | None = None
        self.modes: list[p.MoveMode] = []
        self.last_cells: set[str] = set()
        self.won_cells: set[str] = set()  # the winning line, marked once the game is won
        self.title = ""
        self.heaps: list[HeapRow] | None = None
        self.grid: Grid | None = None
        self.text = ""
        self.notes: list[str] = []  # the game's notes that did not fit beside the board
        self.cursor = (0, 0)  # heaps: (row, token); grids: (column, row number)

    # ------------------------------------------------------------------ content

    def show(
        self,
        game: str,
        params: dict[str, Any],
        view: dict[str, Any],
        legal: list[str] | None,
        last: str | None = None,
        width: int | None = None,
        height: int | None = None,
        *,
        kind: str | None = None,
        modes: list[p.MoveMode] | None = None,
        won: Iterable[str] = (),
    ) -> None:
        """Draw ``view`` of ``game``; ``legal`` marks playable cells, ``last`` the last move, ``won`` the
        cells of the line that won the game.

        ``kind`` is the view's kind (``traits.view``) and ``modes`` the game's ways of moving
        (``traits.move_modes``: a cell's move is then ``PREFIX CELL``, the second mode when flagging).

        The board is made to fit ``width`` x ``height`` (:func:`fit_grid`); the notes that do not
        fit with it are kept in :attr:`notes` for the screen to show beside it.
        """
        same_shape = game == self.game
        self.game, self.view, self.legal = game, view, legal
        self.modes = list(modes or [])
        self.last_cells = set(re.findall(r"[a-z]+\d+", last or ""))
        self.won_cells = set(won)
        self.heaps, self.grid, self.notes = None, None, []
        hr = heap_rows(kind, view, self.lang())
        if hr is not None:
            self.title, self.heaps = hr
            if not same_shape or not self._cursor_ok():
                self.cursor = (0, 0)
        else:
            self.text, self.grid, self.notes = fit_grid(render_text(game, params, view), width, height)
            if self.grid is not None and (not same_shape or not self._cursor_ok()):
                self.cursor = (len(self.grid.columns) // 2, max(self.grid.rows) // 2 + 1)
        self.refresh(layout=True)

    def lang(self) -> str | None:
        """The language of the board's labels: its app's, English for a board drawn with no app running."""
        try:
            return getattr(self.app, "lang", "en")
        except RuntimeError:  # (textual's NoActiveAppError: no app is running)
            return "en"

    def _cursor_ok(self) -> bool:
        a, b = self.cursor
        if self.heaps is not None:
            return 0 <= a < len(self.heaps) and (not self.heaps[a].tokens or 0 <= b < len(self.heaps[a].tokens))
        if self.grid is not None:
            return self.grid.where(a, b) is not None
        return True

    def lines(self) -> list[str]:
        """The board as plain text lines (what is drawn, without colours)."""
        if self.heaps is not None:
            return [self.title, *(r.line for r in self.heaps)]
        return self.text.splitlines()

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return max((len(line) for line in self.lines()), default=1)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self.lines()))

    def render(self) -> Text:
        text = Text("\n".join(self.lines()), no_wrap=True)
        offsets = [0]
        for line in self.lines():
            offsets.append(offsets[-1] + len(line) + 1)
        legal = set(self.legal or ())
        if self.heaps is not None:
            text.stylize("bold", 0, len(self.title))
            row, col = self.cursor
            for r, heap in enumerate(self.heaps):
                base = offsets[r + 1]
                for i, tok in enumerate(heap.tokens):
                    style = "" if not self.legal or tok.move in legal else "dim"
                    if r == row and (i == col or (heap.objects and i > col)):
                        style = "reverse bold" if self.has_focus else "reverse"
                    if style:
                        text.stylize(style, base + tok.x, base + tok.x + len(tok.text))
        elif self.grid is not None:
            g = self.grid
            few = self.legal is not None and len(self.legal) <= 12
            for row, y in g.rows.items():
                for c, x in enumerate(g.columns):
                    cell = f"{column_name(c)}{row}"
                    style = ""
                    if cell in self.last_cells:
                        style = "bold yellow"
                    if cell in self.won_cells:
                        style = "bold black on yellow"
                    if few and (cell in legal or any(f"{m.prefix} {cell}" in legal for m in self.modes)):
                        style = "bold green"
                    if (c, row) == self.cursor:
                        style = "reverse bold" if self.has_focus else "reverse"
                    if style:
                        lo = x - 1 if g.spacing >= 3 else x
                        hi = x + 2 if g.spacing >= 3 else x + 1
                        text.stylize(style, offsets[y] + max(0, lo), offsets[y] + min(hi, len(g.lines[y])))
        return text

    # ------------------------------------------------------------------ input

    def move_at(self, x: int, y: int, flag: bool = False) -> str | None:
        """The move for a click at text position (x, y); None when nothing playable is there."""
        if self.heaps is not None:
            r = y - 1
            if not 0 <= r < len(self.heaps):
                return None
            for i, tok in enumerate(self.heaps[r].tokens):
                if tok.x <= x < tok.x + len(tok.text):
                    self.cursor = (r, i)
                    return tok.move
            return None
        if self.grid is not None:
            cell = self.grid.cell_at(x, y)
            if cell is None:
                return None
            m = re.match(r"([a-z]+)(\d+)$", cell)
            assert m is not None
            self.cursor = (column_index(m.group(1)), int(m.group(2)))
            return self.cell_move(cell, flag)
        return None

    def cell_move(self, cell: str, flag: bool = False) -> str:
        """The move text a cell stands for: the cell, or ``PREFIX CELL`` in a game of several move modes
        (the first mode, or the second when ``flag``: minesweeper's ``r a1`` and ``f a1``)."""
        if self.modes:
            mode = self.modes[1] if flag and len(self.modes) > 1 else self.modes[0]
            return f"{mode.prefix} {cell}"
        return cell

    def current_move(self, flag: bool = False) -> str | None:
        """The move under the cursor."""
        a, b = self.cursor
        if self.heaps is not None:
            if 0 <= a < len(self.heaps) and 0 <= b < len(self.heaps[a].tokens):
                return self.heaps[a].tokens[b].move
            return None
        if self.grid is not None and self.grid.where(a, b) is not None:
            return self.cell_move(f"{column_name(a)}{b}", flag)
        return None

    def action_cursor(self, dx: int, dy: int) -> None:
        a, b = self.cursor
        if self.heaps is not None:
            if not self.heaps:
                return
            r = min(max(0, a - dy), len(self.heaps) - 1)
            n = len(self.heaps[r].tokens)
            self.cursor = (r, min(max(0, b + dx), max(0, n - 1)))
        elif self.grid is not None:
            c = min(max(0, a + dx), len(self.grid.columns) - 1)
            rows = sorted(self.grid.rows)
            row = min(max(rows[0], b + dy), rows[-1])
            self.cursor = (c, row)
        self.refresh()
        self.show_cursor()

    def show_cursor(self) -> None:
        """Scroll the board's box so that the cursor is in view (boards larger than the box)."""
        a, b = self.cursor
        spot: tuple[int, int] | None = None
        if self.heaps is not None and 0 <= a < len(self.heaps):
            tokens = self.heaps[a].tokens
            spot = (tokens[b].x if 0 <= b < len(tokens) else 0, a + 1)
        elif self.grid is not None:
            spot = self.grid.where(a, b)
        box = self.parent
        if spot is not None and isinstance(box, Widget) and box.is_scrollable:
            box.scroll_to_region(Region(max(0, spot[0] - 2), spot[1], 5, 1), animate=False, immediate=True)

    def action_pick(self, kind: str = "") -> None:
        move = self.current_move(flag=kind == "f")
        if move is not None:
            self.post_message(self.MovePicked(move))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        move = self.move_at(offset.x, offset.y, flag=event.button == 3)
        self.refresh()
        if move is not None:
            self.post_message(self.MovePicked(move))


def render_text(game: str, params: dict[str, Any], view: dict[str, Any]) -> str:
    """The game's own text picture of ``view``; the view's items when the game cannot draw it."""
    try:
        return rules.create(game, **params).render_view(view)
    except (rules.RulesError, KeyError, TypeError, ValueError, IndexError):
        return "\n".join(f"{k}: {v}" for k, v in view.items())

