"""The pygame analysis board, the teaching review and the lit hint, drawn from the shared model
(:mod:`client.analysis`).

* :func:`draw_explanation`: an explanation drawn on a board already painted, through its click map:
  the best moves lit (for a heap, the objects the move takes), the marks by role, the numbered
  line, the map's codes on the cells coloured won/lost;
* :func:`draw_nim_table`: the nim-sum table beside the heaps, each heap's row level with its heap;
* :func:`draw_analysis`: a finished game stepped through (←/→, Home/End, a click in the move list),
  the board at that ply with its explanation, the verdict on the move that led there and the
  reason in words below it; a click on the board tries that move ("what if"), B goes back to the
  game's line;
* :func:`layout_review` / :func:`draw_review`: the review that teaches (summary on top, each move's
  values, verdict, and the best move and why), wrapped and scrolled: laid out first as text
  rectangles that never meet (a test holds that), then drawn.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pygame

from grundy import protocol as p
from grundy.client import explained
from grundy.client.analysis import AnalysisBoard, ReviewRow, explanation_lines, marked, resigned_seat
from grundy.client.gui.board import BACKGROUND, INK, PANEL_TEXT, Board, Colour, drawing_lang, font, text
from grundy.client.gui.draw import draw
from grundy.client.gui.heaps import _taken, layout_heaps
from grundy.client.words import say
from grundy.protocol import i18n
from grundy.protocol.i18n import tr

ROLE_COLOURS: dict[str, Colour] = {
    "best": (30, 170, 60),
    "also": (190, 170, 60),
    "line": (230, 170, 20),
    "threat": (220, 40, 40),
    "defence": (40, 160, 220),
    "mirror": (170, 60, 200),
    "safe": (40, 170, 80),
    "mined": (200, 30, 30),
    "piece": (60, 60, 150),
}
OUTCOME_COLOURS: dict[str, Colour] = {"win": (60, 180, 90), "loss": (210, 70, 70), "draw": (150, 150, 150)}
WORD_COLOURS: dict[str, Colour] = {
    "value": (255, 255, 255), "best": (120, 220, 130), "also": (215, 200, 120), "table": (140, 200, 240),
    "text": PANEL_TEXT,
    "dim": (160, 160, 160), "verdict": (250, 200, 90), "what-if": (250, 220, 60), "mistake": (240, 110, 110),
    "good": (120, 200, 120), "head": (170, 170, 170),
}  # fmt: skip
DARK: Colour = (30, 32, 40)
LIST_W = 170
TABLE_W = 150
LINE_H = 19
WORDS = 17


# ---------------------------------------------------------------------------------- on the board


def _lit_targets(board: Board, move: str) -> list[pygame.Rect]:
    """Where ``move`` is on the board: its targets, and for a heap object every object it takes with it."""
    rects = []
    for t in board.targets:
        if t.left == move or t.right == move or t.key == move:
            rects.append(t.rect)
            head, _, j = t.key.rpartition(" object ")
            if head and j.isdigit():
                rects += [u.rect for u in board.targets if u.key.startswith(f"{head} object ")
                          and int(u.key.rpartition(" ")[2]) > int(j)]  # fmt: skip
    return rects


def _veil(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, alpha: int = 90) -> None:
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((*colour, alpha))
    surface.blit(veil, rect)


def draw_explanation(surface: pygame.Surface, board: Board, expl: dict[str, Any] | None) -> list[str]:
    """Draw ``expl`` on a painted board through its click map; returns the moves and cells lit (for tests)."""
    m = marked(expl)
    lit: list[str] = []
    keys = {t.key: t.rect for t in board.targets}
    for cell, (code, outcome) in m.codes.items():
        r = keys.get(cell)
        if r is None:
            continue
        _veil(surface, r, OUTCOME_COLOURS.get(outcome or "", (150, 150, 150)), 80)
        if r.h >= 16:
            text(surface, code, (r.x + 2, r.y + 1), INK, max(11, min(20, r.h // 2)), bold=True)
    for move in m.also[:8]:  # also winning, slower: a thinner frame in its own colour, under the best moves'
        rects = _lit_targets(board, move)
        for r in rects:
            pygame.draw.rect(surface, ROLE_COLOURS["also"], r.inflate(-3, -3), 2, border_radius=4)
        if rects:
            lit.append(move)
    for move in m.best[:8]:
        rects = _lit_targets(board, move)
        for r in rects:
            pygame.draw.rect(surface, ROLE_COLOURS["best"], r.inflate(-1, -1), 3, border_radius=4)
        if rects:
            lit.append(move)
    for cell, role in m.cells.items():
        r = keys.get(cell)
        if r is None:
            continue
        width = 2 if role == "also" else 3
        pygame.draw.rect(surface, ROLE_COLOURS.get(role, (250, 250, 250)), r.inflate(-1, -1), width, border_radius=4)
        lit.append(cell)
    for i, cell in enumerate(m.line, 1):
        r = keys.get(cell)
        if r is None:
            continue
        radius = max(6, min(r.w, r.h) // 3)
        pygame.draw.circle(surface, ROLE_COLOURS["line"], r.center, radius)
        text(surface, str(i), r.center, INK, max(11, radius * 3 // 2), "center", bold=True)
    return lit


def draw_nim_table(surface: pygame.Surface, area: pygame.Rect, heaps_area: pygame.Rect, view: dict[str, Any],
                   expl: dict[str, Any] | None, last: str | None) -> pygame.Rect | None:  # fmt: skip
    """The nim-sum table in ``area``, a column beside the heaps the heap drawer drew in ``heaps_area``: each
    heap's Grundy value in binary level with its heap, the nim-sum under them."""
    comps = [c for c in (expl or {}).get("components") or [] if c.get("index") is not None]
    heaps = view.get("heaps")
    if not comps or not isinstance(heaps, list):
        return None
    counts = [int(n) + _taken(last, i + 1) for i, n in enumerate(heaps)]
    lay = layout_heaps(heaps_area, counts)
    size = max(14, min(24, lay.line_h // 2))
    x = area.x + 8
    bottom = area.y
    head = f"{tr(drawing_lang(), 'web-an-binary')}   G"
    text(surface, head, (x, max(area.y, lay.row(0).top - size - 2)), (90, 90, 90), size, width=area.w - 16)
    for c in comps:
        i = int(c["index"])
        if not 0 <= i < len(heaps):
            continue
        y = lay.row(i).centery
        r = text(surface, f"{c.get('binary') or ''}  {c['grundy']:>3}", (x, y), (30, 60, 140), size, "midleft",
                 bold=True)  # fmt: skip
        bottom = max(bottom, r.bottom)
    if (expl or {}).get("nim_sum") is not None:
        assert expl is not None
        pygame.draw.line(surface, INK, (x, bottom + 3), (area.right - 8, bottom + 3), 2)
        binary = expl.get("nim_sum_binary") or ""
        r = text(surface, f"{binary}  {expl['nim_sum']:>3}", (x, bottom + 6), (160, 30, 30), size, bold=True)
        text(surface, tr(drawing_lang(), "solve-nim-sum"), (x, r.bottom + 2), (160, 30, 30), max(12, size - 4),
             width=area.w - 16)
    return area


# ---------------------------------------------------------------------------------- words, wrapped


@dataclasses.dataclass(frozen=True)
class Item:
    """One line of text laid out: where it goes, its words and colour, and what a click on it does."""

    rect: pygame.Rect
    words: str
    colour: Colour
    action: str | None = None
    bold: bool = False


def wrap_pixels(words: str, width: int, size: int = WORDS, indent: str = "   ") -> list[str]:
    """``words`` wrapped to lines at most ``width`` pixels wide in the font of ``size``, lines after the first
    of a paragraph indented by ``indent`` (counted in the width); a word longer than a line is cut."""
    lines: list[str] = []
    for para in words.splitlines() or [""]:
        lines += _wrap_paragraph(para, width, font(size), indent)
    return lines


def _wrap_paragraph(para: str, width: int, f: pygame.font.Font, indent: str) -> list[str]:
    lines: list[str] = []
    narrower = width - f.size(indent)[0]

    def room() -> int:
        return narrower if lines else width

    def push(done: str) -> None:
        lines.append((indent if lines else "") + done)

    line = ""
    for word in para.split():
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= room():
            line = trial
            continue
        if line:
            push(line)
            line = ""
        while f.size(word)[0] > room() and len(word) > 1:  # longer than a line: cut it
            cut = len(word) - 1
            while cut > 1 and f.size(word[:cut])[0] > room():
                cut -= 1
            push(word[:cut])
            word = word[cut:]
        line = word
    push(line)
    return lines


def fit(words: str, width: int, size: int = WORDS, bold: bool = False) -> str:
    """``words`` cut to at most ``width`` pixels (ending in ``...`` when cut)."""
    f = font(size, bold)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "...")[0] > width:
        words = words[:-1]
    return words.rstrip() + "..."


def stack(entries: list[tuple[str, Colour, str | None]], rect: pygame.Rect, scroll: int = 0,
          size: int = WORDS, line_h: int = LINE_H) -> tuple[list[Item], int]:  # fmt: skip
    """Entries (words, colour, click action) wrapped into ``rect`` one under the other from line ``scroll``:
    the items that fit whole, and how many lines there are in all (for the scroll's bounds)."""
    lines: list[tuple[str, Colour, str | None]] = []
    for words, colour, action in entries:
        for line in wrap_pixels(words, rect.w - 4, size):
            lines.append((line, colour, action))
    items = []
    y = rect.y
    scroll = max(0, min(scroll, len(lines) - max(1, rect.h // line_h)))  # never past the last page
    for words, colour, action in lines[scroll:]:
        if y + line_h > rect.bottom:
            break
        items.append(Item(pygame.Rect(rect.x, y, rect.w, line_h - 1), words, colour, action))
        y += line_h
    return items, len(lines)


def paint(surface: pygame.Surface, items: list[Item], board: Board | None = None, size: int = WORDS) -> None:
    for it in items:
        text(surface, it.words, (it.rect.x + 2, it.rect.centery), it.colour, size, "midleft", it.bold)
        if board is not None and it.action is not None:
            board.add(f"line {it.action}", it.rect, f"do {it.action}")


def _name(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


# ---------------------------------------------------------------------------------- the analysis board


def draw_analysis(surface: pygame.Surface, area: pygame.Rect, b: AnalysisBoard, scroll: int = 0) -> Board:
    """The analysis board in ``area``: title, board with its explanation, the words under it, the move list at
    the right.  Returns the click map: the board's cells and objects (a click tries that move) and the moves of
    the list (``do jump N``)."""
    surface.fill(BACKGROUND, area)
    expl = b.explanation
    view = b.view()
    lang = drawing_lang()
    to_move = b.to_move
    where = (tr(lang, "tui-an-to-move", name=_name(b.names, to_move)) if to_move is not None
             else tr(lang, "tui-an-the-end"))
    title = tr(lang, "gui-an-title", ply=b.ply, plies=len(b.path), where=where)
    room = area.w - LIST_W - 14
    if b.is_what_if:
        banner = fit(tr(lang, "gui-an-what-if"), (area.w - LIST_W) // 2, 18, bold=True)
        r = text(surface, banner, (area.right - LIST_W - 8, area.y + 4), (0, 0, 0), 18, "topright", bold=True)
        _veil(surface, r.inflate(6, 2), (250, 220, 60), 160)
        room = r.left - 10 - area.x
    text(surface, fit(title, room, 22, bold=True), (area.x + 4, area.y + 2), INK, 22, bold=True)
    left = pygame.Rect(area.x, area.y + 28, area.w - LIST_W - 6, area.h - 28)
    board_h = left.h * 55 // 100
    table = bool((expl or {}).get("components")) and isinstance(view.get("heaps"), list)
    board_area = pygame.Rect(left.x, left.y, left.w - (TABLE_W if table else 0), board_h)
    drawn = draw(surface, b.game.view_kind, view, board_area, legal=None, last=b.last)
    draw_explanation(surface, drawn, expl)
    if table:
        table_area = pygame.Rect(board_area.right, board_area.y, TABLE_W, board_h)
        draw_nim_table(surface, table_area, board_area, view, expl, b.last)
    click = Board(caption=drawn.caption)
    click.targets = [t for t in drawn.targets if t.left or t.right]
    # the words under the board
    words = pygame.Rect(left.x, left.y + board_h + 6, left.w, left.bottom - (left.y + board_h + 6) - 22)
    pygame.draw.rect(surface, DARK, words.inflate(8, 4), border_radius=6)
    entries: list[tuple[str, Colour, str | None]] = []
    verdict = b.move_verdict()
    if verdict:
        entries.append((verdict, WORD_COLOURS["what-if" if b.is_what_if else "verdict"], None))
    if expl is not None:
        lines = explanation_lines(expl, b.names)
        entries += [(line, WORD_COLOURS.get(role, PANEL_TEXT), None) for role, line in lines
                    if not (table and role == "table")]  # fmt: skip
    else:
        said = tr(lang, "web-an-refused", why=b.refusal) if b.refusal else tr(lang, "gui-an-explaining")
        entries.append((said, WORD_COLOURS["dim"], None))
    body = pygame.Rect(words.x, words.y, words.w, words.h - LINE_H)  # the last line: where the scroll is told
    items, total = stack(entries, body, scroll)
    paint(surface, items)
    if total > len(items):
        first = max(0, min(scroll, total - len(items)))
        text(surface, tr(lang, "gui-an-lines", first=first + 1, last=first + len(items), total=total),
             (words.right, body.bottom + 2), WORD_COLOURS["dim"], 15, "topright", width=words.w)
    help_line = tr(lang, "gui-an-keys")
    text(surface, fit(help_line, left.w, 16), (left.x, area.bottom - 2), (90, 90, 90), 16, "bottomleft")
    # the move list
    side = pygame.Rect(area.right - LIST_W, area.y, LIST_W, area.h)
    pygame.draw.rect(surface, DARK, side, border_radius=6)
    rows: list[tuple[str, Colour, str | None]] = [(tr(lang, "cli-tree-start"), PANEL_TEXT, "jump 0")]
    for i, move in enumerate(b.line):
        row = b.review_row(i)
        mark = "" if row is None else " ?" if row.is_mistake else " !" if row.verdict == "best" else ""
        colour = WORD_COLOURS["mistake"] if row is not None and row.is_mistake else PANEL_TEXT
        rows.append((f"{i + 1:>3}. {_name(b.names, b.game.to_move(b.state_at(tuple(b.line[:i]))))[:12]} {move}{mark}",
                     colour, f"jump {i + 1}"))  # fmt: skip
    at = b.branch_at if b.is_what_if and b.branch_at is not None else b.ply
    per_page = max(1, (side.h - 12) // LINE_H)
    first = max(0, min(at - per_page // 2, len(rows) - per_page))
    list_items, _ = stack(rows, side.inflate(-10, -12), first, 16)
    for it in list_items:
        if it.action == f"jump {at}":
            pygame.draw.rect(surface, (70, 90, 130), it.rect, border_radius=4)
    paint(surface, list_items, click, 16)
    return click


# ---------------------------------------------------------------------------------- the review


def review_entries(b: AnalysisBoard | None, rows: list[ReviewRow] | None, title: str,
                   names: list[str]) -> list[tuple[str, Colour, str | None]]:  # fmt: skip
    """The review as lines to wrap: the summary, then each move (its values, verdict, and lesson)."""
    lang = drawing_lang()
    out: list[tuple[str, Colour, str | None]] = [(title, WORD_COLOURS["value"], None)] if title else []
    if b is not None and b.summary is not None:
        out.append((tr(lang, "gui-review-accuracy", text=b.accuracy_text()), WORD_COLOURS["table"], None))
        if b.turning_text():
            out.append((tr(lang, "gui-review-turning", text=b.turning_text()), WORD_COLOURS["mistake"], None))
        out.append((b.summary.text or b.stretches_text(), WORD_COLOURS["text"], None))
    if rows:
        out.append((tr(lang, "gui-review-head"), WORD_COLOURS["head"], None))
    for r in rows or []:
        after = b.after_text(r) if b is not None else r.after_text
        colour = WORD_COLOURS["mistake"] if r.is_mistake else WORD_COLOURS["good"] if r.is_good else PANEL_TEXT
        line = f"{r.ply + 1}. {_name(names, r.seat)}: {r.move} · {r.before_text} -> {after or '?'} · {r.verdict}"
        out.append((line, colour, f"jump {r.ply}"))
        lesson = b.lesson(r) if b is not None else ""
        if lesson:
            out.append((f"   {lesson}", WORD_COLOURS["best"], f"jump {r.ply}"))
    return out


def layout_review(area: pygame.Rect, b: AnalysisBoard | None, rows: list[ReviewRow] | None, title: str,
                  names: list[str], scroll: int = 0) -> tuple[list[Item], int]:  # fmt: skip
    """The review laid out in ``area``: text rectangles one under the other, never overlapping, from ``scroll``."""
    inner = pygame.Rect(area.x + 14, area.y + 10, area.w - 28, area.h - 40)
    return stack(review_entries(b, rows, title, names), inner, scroll)


def draw_review(surface: pygame.Surface, area: pygame.Rect, title: str, rows: list[Any] | None, names: list[str],
                board: AnalysisBoard | None = None, scroll: int = 0) -> Board:  # fmt: skip
    """The review over the board (F6; Esc closes it): wrapped, scrolled, a click on a move opens the analysis
    board there.  Returns the click map."""
    shade = pygame.Surface(area.size)
    shade.fill(DARK)
    surface.blit(shade, area)
    items, total = layout_review(area, board, rows, title, names, scroll)
    click = Board()
    paint(surface, items, click)
    first = max(0, min(scroll, total - len(items)))
    lang = drawing_lang()
    keys = tr(lang, "gui-review-keys")
    if total > len(items):
        keys = tr(lang, "gui-review-keys-more", keys=keys, first=first + 1, last=first + len(items), total=total)
    text(surface, keys, (area.x + 14, area.bottom - 10), (170, 170, 170), 16, "bottomleft", width=area.w - 28)
    return click


# ---------------------------------------------------------------------------------- the window's part


HINT_BUDGET_S = 1.0


class GuiAnalysis:
    """The window's part in the analysis board, the review and the hint (mixed into :class:`GuiApp`)."""

    analysis: AnalysisBoard | None = None
    analysis_room: str | None = None
    analysing = False
    desk = False  # the analysis board of any position, opened from the lobby (F11)
    desk_tree: Any = None  # its game tree as a folding list (T), a client.gui.tree.FoldingTree
    scroll = 0
    hint_lit: tuple[str, int, dict[str, Any]] | None = None
    _settling = False

    def _app(self) -> Any:
        """The window this is mixed into (a :class:`client.gui.app.GuiApp`; not imported here: it imports us)."""
        return self

    @property
    def review_rows(self) -> list[ReviewRow] | None:
        return None if self.analysis is None else self.analysis.review

    def prepare_analysis(self) -> None:
        """Make the finished room's board and compute its review, once per room."""
        app = self._app()
        t = app.table
        if not t.is_over or t.room is None or self.analysis_room == t.room:
            return
        self.analysis, self.analysis_room = None, t.room
        app.review_title = tr(t.lang, "gui-review-computing")
        app._spawn(self._prepare(t.room))

    async def _prepare(self, room: str) -> None:
        app = self._app()
        t = app.table
        moves: list[str | None] = t.move_list
        params = dict(t.params)
        if any(m is None for m in moves):  # hidden during the game; the record is public now
            record = await app._ask(p.GetRecord(room=room))
            if isinstance(record, p.Record):
                moves = [m["move"] for m in record.record.get("moves", [])]
                params = dict(record.record.get("params", params))
        try:
            if any(m is None for m in moves):
                raise ValueError(tr(t.lang, "gui-review-unreadable"))
            board = AnalysisBoard(t.game, params, [m or "" for m in moves], t.names(),
                                  resigned=resigned_seat(t.result))  # fmt: skip
        except (ValueError, TypeError) as e:
            if self.analysis_room == room:
                app.review_title = tr(t.lang, "gui-review-none", why=str(e))
            return
        if self.analysis_room != room:
            return
        self.analysis = board
        answer = await asyncio.to_thread(board.ask_review)
        board.store_review(answer)
        if self.analysis_room == room:
            app.review_title = board.review_note or tr(t.lang, "gui-review-title", outcome=t.outcome_line(),
                                                       reason=t.reason_named)
            self.settle()

    def settle(self) -> None:
        """Explain what the board wants, one position at a time, off the loop."""
        if self._settling or self.analysis is None:
            return
        self._settling = True
        self._app()._spawn(self._settle(self.analysis))

    def _current(self, board: AnalysisBoard) -> bool:
        return self.analysis is board

    async def _settle(self, board: AnalysisBoard) -> None:
        try:
            while self._current(board) and (key := board.wanted()) is not None:
                board.pending.add(key)
                board.store(key, await asyncio.to_thread(board.compute, key))
        finally:
            self._settling = False

    # ------------------------------------------------------------------ the desk (F11 in the lobby)

    def open_desk(self) -> None:
        """The analysis board of the lobby's chosen game with its parameters, at its start (F11 in the lobby).

        A click on the board tries a move, the arrows and Home/End step along the moves tried, B goes
        back to the start's line, T shows the game tree of the position on screen (a folding list),
        Esc goes back to the lobby.
        """
        from grundy import rules

        app = self._app()
        lobby = app.lobby
        if lobby.game is None:
            app.table.message = tr(app.table.lang, "gui-choose-game-first")
            return
        bad = [item for item in lobby.params.split() if "=" not in item]
        try:
            if bad:
                raise ValueError(tr(app.table.lang, "gui-bad-param", param=repr(bad[0])))
            params = dict(item.split("=", 1) for item in lobby.params.split())
            seats = [tr(app.table.lang, "gui-first-player"), tr(app.table.lang, "gui-second-player")]
            board = AnalysisBoard(lobby.game, params, [], seats)
        except (ValueError, TypeError, rules.RulesError) as e:
            app.table.message = tr(app.table.lang, "gui-an-none", why=i18n.error_text(app.table.lang, e))
            return
        self.analysis, self.analysis_room, self.desk, self.analysing, self.scroll = board, None, True, True, 0
        self.desk_tree = None
        app.table.message = tr(app.table.lang, "gui-desk-help")
        self.settle()

    def close_desk(self) -> None:
        self.desk, self.analysing, self.analysis, self.desk_tree = False, False, None, None
        self._app().table.message = ""

    def desk_key(self, key: int) -> None:
        """A key on the desk: Esc back (from the tree to the board, from the board to the lobby), T the tree."""
        if self.desk_tree is not None:
            self.tree_key(key)
            return
        if key == pygame.K_ESCAPE:
            self.close_desk()
        elif key == pygame.K_t and self.analysis is not None:
            self.open_tree()
        elif key not in (pygame.K_F6, pygame.K_a):
            self.analysis_key(key)

    def open_tree(self) -> None:
        from grundy.client.gui.tree import FoldingTree

        b = self.analysis
        if b is None:
            return
        app = self._app()
        app.table.message = tr(app.table.lang, "study-tree-drawing")

        async def build() -> None:  # (off the loop: the solver may take its budget)
            try:
                made = await asyncio.to_thread(FoldingTree, b.game, b.moves)
            except ValueError as e:
                app.table.message = tr(app.table.lang, "study-tree-none", why=str(e))
                return
            if self.desk and self.analysis is b:
                self.desk_tree, app.table.message = made, ""

        app._spawn(build())

    def tree_key(self, key: int) -> None:
        """The tree's keys: arrows choose, Enter or Space folds, O opens the node on the board, D deeper, Esc back."""
        tree_view = self.desk_tree
        assert tree_view is not None
        if key == pygame.K_ESCAPE:
            self.desk_tree = None
        elif key in (pygame.K_UP, pygame.K_DOWN):
            tree_view.move(-1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_RETURN, pygame.K_SPACE):
            tree_view.fold()
        elif key == pygame.K_d:
            tree_view.deeper()
        elif key == pygame.K_o and self.analysis is not None:
            self.open_node(tree_view.chosen_moves())

    def open_node(self, moves: list[str]) -> None:
        """The position of a tree's node on the board (the moves tried from the start)."""
        b = self.analysis
        if b is None:
            return
        b.home()
        for move in moves:
            why = b.try_move(move)
            if why:
                self._app().table.message = tr(self._app().table.lang, "tui-an-not-here", why=why)
                break
        self.desk_tree, self.scroll = None, 0
        self.settle()

    def open_analysis(self, ply: int | None = None) -> None:
        app = self._app()
        if not app.table.is_over:
            app.table.say(tr(app.table.lang, "gui-an-after"))
            return
        self.prepare_analysis()
        if self.analysis is None:
            app.table.say(tr(app.table.lang, "gui-an-making"))
            return
        if ply is not None:
            self.analysis.jump(ply)
        app.reviewing, self.analysing, self.scroll = False, True, 0
        self.settle()

    def analysis_key(self, key: int) -> bool:
        """A key on the analysis board or the review; True when it was theirs."""
        app = self._app()
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and (self.analysing or app.reviewing):
            self.scroll = max(0, self.scroll + (-8 if key == pygame.K_PAGEUP else 8))
            return True
        if key == pygame.K_a and app.table.is_over and not app.typing:
            if self.analysing:
                self.analysing = False
            else:
                self.open_analysis()
            return True
        if not self.analysing or self.analysis is None:
            return False
        b = self.analysis
        moves = {pygame.K_LEFT: lambda: b.step(-1), pygame.K_RIGHT: lambda: b.step(1), pygame.K_HOME: b.home,
                 pygame.K_END: b.end, pygame.K_b: b.back_to_game}  # fmt: skip
        if key in moves:
            moves[key]()
            self.scroll = 0
            self.settle()
            return True
        if key == pygame.K_ESCAPE:
            self.analysing = False
            return True
        if key == pygame.K_F6:
            self.analysing, app.reviewing, self.scroll = False, True, 0
            return True
        return False

    def analysis_click(self, pos: tuple[int, int], button: int) -> bool:
        """A click on the analysis board (a move of the list, or a what-if move) or on the review (a move)."""
        app = self._app()
        if not (self.analysing or app.reviewing):
            return False
        action = app.board.move_at(pos, button) if app.board else None
        if action is None:
            return True
        if action.startswith("do node ") and self.desk_tree is not None:
            self.desk_tree.click(int(action.removeprefix("do node ")))
        elif action.startswith("do jump ") and self.desk and self.analysis is not None:
            self.analysis.jump(int(action.removeprefix("do jump ")))
            self.settle()
        elif action.startswith("do jump "):
            self.open_analysis(int(action.removeprefix("do jump ")))
        elif self.analysing and self.analysis is not None:
            why = self.analysis.try_move(action)
            app.table.message = tr(app.table.lang, "tui-an-not-here", why=why) if why else ""
            self.scroll = 0
            self.settle()
        return True

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - 3 * dy)

    # ------------------------------------------------------------------ hints

    async def _hint(self) -> None:
        from grundy.solver.review import analyse

        app = self._app()
        t = app.table
        moves = t.move_list
        if any(m is None for m in moves):
            t.say(tr(t.lang, "web-an-no-hint", why=tr(t.lang, "gui-hint-hidden")))
            return
        room, ply = t.room or "", t.ply
        answer = await asyncio.to_thread(analyse, "hint", t.game, dict(t.params), [m or "" for m in moves],
                                         HINT_BUDGET_S)  # fmt: skip
        if answer.get("hint") is None:
            why = explained.refused_text(t.lang, answer) or tr(t.lang, "gui-hint-none")
            t.say(tr(t.lang, "web-an-no-hint", why=why))
            return
        expl = answer.get("explanation")
        said = explained.said_text(t.lang, answer.get("hint_said")) if t.lang != "en" else ""
        if said:  # the hint in the player's language: the move, its value and why, from its phrases
            t.say(tr(t.lang, "gui-hint", hint=said))
        elif t.lang != "en" and expl and expl.get("best"):  # (from the explanation's phrases)
            t.say(say(t.lang, "tui-hint", move=expl["best"][0], why=explained.reason_text(t.lang, expl)))
        else:
            t.say(tr(t.lang, "gui-hint", hint=answer["hint"]))
        if expl:
            self.hint_lit = (room, ply, expl)
            best = (expl.get("best") or [None])[0]
            note = next((n for n in expl.get("moves") or [] if n.get("move") == best), None) or {}
            why = note.get("why")
            if why and t.lang != "en":  # the note in the player's language from its phrase, else left out
                said = note.get("said")
                why = explained.phrase_text(t.lang, said[0] if isinstance(said, list) else said, "") if said else ""
            reason = str(expl.get("reason") or "")
            words = [tr(t.lang, "gui-hint-why", move=best, why=why)] if why else []
            if t.lang == "en" and reason and reason not in answer["hint"]:  # (the hint may hold the reason already;
                words.append(reason)  # in another language it does: its reason is said from the phrases)
            t.log = [*t.log, *words][-100:]

    def hint_shown(self) -> dict[str, Any] | None:
        """The last hint's explanation while its position is on the board, else None."""
        t = self._app().table
        lit = self.hint_lit
        if lit is None or lit[0] != t.room or lit[1] != t.ply or t.status != "playing":
            return None
        return lit[2]
