"""The terminal's analysis board and teaching review, drawn from the shared model (:mod:`client.analysis`).

* :class:`ExplainedBoard`: the board widget with an explanation drawn on it: the best moves lit,
  the marks and the numbered line coloured by role, the cells of a map coloured won/lost, and
  beside the heaps the nim-sum table (each heap's Grundy value in binary, then the nim-sum);
* :class:`AnalysisScreen`: a finished game stepped through (←/→, Home/End, or a move chosen in
  the list), the board at that ply with the explanation and the verdict on the move that led
  there, and "what if": any move typed or picked on the board is played from that ply and judged
  (F4 goes back to the game's line);
* :class:`ReviewScreen`: every move with its value before and after, its verdict and, when it
  was not best, the best move and why; the summary on top (who was winning when, the turning
  moves, each player's accuracy); Enter on a row opens the analysis board at that ply.

Both fit 80x24: what is longer scrolls, nothing is written over anything else.
"""

from __future__ import annotations

import asyncio
import textwrap
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from grundy import protocol as p
from grundy.client import explained, words
from grundy.client.analysis import (
    KEPT_WIN,
    AnalysisBoard,
    Marked,
    ReviewRow,
    explanation_lines,
    marked,
    move_text,
    resigned_seat,
    verdict_text,
)
from grundy.client.tui.board import Board
from grundy.client.tui.keys import relabel
from grundy.rules.cells import column_name

ROLE_STYLES = {
    "best": "bold black on green",
    "also": "black on dark_khaki",
    "line": "bold black on yellow",
    "threat": "bold white on red",
    "defence": "bold black on cyan",
    "mirror": "bold black on magenta",
    "safe": "black on green",
    "mined": "white on red",
    "piece": "bold underline",
}
OUTCOME_STYLES = {"win": "on dark_green", "loss": "on dark_red", "draw": "on grey30"}
LINE_STYLES = {"value": "bold", "best": "bold green", "also": "dark_khaki", "table": "cyan", "text": "", "dim": "dim"}
VERDICT_STYLES = {"best": "green", KEPT_WIN: "cyan", words.say("en", "web-verdict-threw-win"): "bold red",
                  words.say("en", "web-verdict-threw-draw"): "bold red",
                  words.say("en", "web-verdict-hurried"): "yellow"}  # (the protocol's verdicts)
CSS = """
AnalysisScreen { layout: vertical; }
#a-title { height: 1; background: $primary-background; }
#a-main { height: 1fr; }
#a-left { width: 1fr; }
#a-board-box { height: auto; max-height: 60%; }
#a-words-box { height: 1fr; min-height: 3; }
#a-moves { width: 26; height: 1fr; }
#a-move { height: 1; }
#a-message { height: 1; }
ReviewScreen { align: center middle; }
#review-box { width: 80; height: 24; border: round $primary; background: $surface; }
#review-top { height: auto; max-height: 5; }
#review-title { height: auto; }
#verdicts { height: 1fr; }
#review-lesson-box { height: 4; }
#review-lesson { height: auto; color: $text; }
#review-foot { height: 1; color: $text-muted; }
"""


def verdict_mark(row: ReviewRow | None) -> str:
    """A mark after a move in the list: ``?`` a mistake, ``!`` best, blank otherwise or not reviewed."""
    if row is None:
        return ""
    return "?" if row.is_mistake else "!" if row.verdict == "best" else ""


class ExplainedBoard(Board):
    """The board with an explanation drawn on it (:attr:`explanation`, an ``Explanation`` dict or None)."""

    explanation: dict[str, Any] | None = None

    def explain(self, expl: dict[str, Any] | None) -> None:
        self.explanation = expl
        self.refresh(layout=True)

    @property
    def marks(self) -> Marked:
        return marked(self.explanation)

    def draws_table(self) -> bool:
        """Whether the nim-sum table is drawn beside the heaps (components with heap indices)."""
        comps = (self.explanation or {}).get("components") or []
        return self.heaps is not None and bool(comps) and all(c.get("index") is not None for c in comps)

    def lines(self) -> list[str]:
        lines = super().lines()
        if not self.draws_table() or self.heaps is None:
            return lines
        expl = self.explanation or {}
        comps = {int(c["index"]): c for c in expl.get("components") or []}
        width = max(len(line) for line in lines[1:]) + 2
        out = [lines[0]]
        for i, line in enumerate(lines[1:]):
            c = comps.get(i)
            beside = f"{c.get('binary') or ''} {c['grundy']:>3}" if c else ""
            out.append(f"{line:<{width}}{beside}".rstrip())
        if expl.get("nim_sum") is not None:
            binary = expl.get("nim_sum_binary") or ""
            label = words.say(self.lang(), "solve-nim-sum") + " "
            out.append(f"{label:>{width}}{binary} {expl['nim_sum']:>3}")
        return out

    def render(self) -> Text:
        text = super().render()
        if not self.explanation:
            return text
        lines = self.lines()
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line) + 1)
        m = self.marks
        if self.heaps is not None:
            for r, heap in enumerate(self.heaps):
                base = offsets[r + 1]
                for i, tok in enumerate(heap.tokens):
                    for role, moves in (("best", m.best), ("also", m.also)):
                        if tok.move in moves or (heap.objects and any(t.move in moves for t in heap.tokens[:i])):
                            text.stylize(ROLE_STYLES[role], base + tok.x, base + tok.x + len(tok.text))
                            break
            if self.draws_table():
                width = max(len(line) for line in lines[1 : len(self.heaps) + 1])
                for r in range(1, len(lines)):
                    text.stylize("cyan", offsets[r] + min(width, len(lines[r])), offsets[r] + len(lines[r]))
                last = len(lines) - 1
                text.stylize("bold", offsets[last], offsets[last] + len(lines[last]))
        elif self.grid is not None:
            g = self.grid
            for row, y in g.rows.items():
                for c, x in enumerate(g.columns):
                    cell = f"{column_name(c)}{row}"
                    style = ROLE_STYLES.get(m.cells.get(cell, ""), "")
                    if not style and cell in m.codes:
                        style = OUTCOME_STYLES.get(m.codes[cell][1] or "", "")
                    if style:
                        lo = x - 1 if g.spacing >= 3 else x
                        hi = x + 2 if g.spacing >= 3 else x + 1
                        text.stylize(style, offsets[y] + max(0, lo), offsets[y] + min(hi, len(g.lines[y])))
        return text

    def map_lines(self) -> list[str]:
        """The map of the board (``cells``' codes) as a grid of text, rows labelled like the board's."""
        codes = self.marks.codes
        if not codes or self.grid is None:
            return []
        w = max(2, *(len(code) for code, _ in codes.values())) + 1
        out = []
        for row in sorted(self.grid.rows, reverse=True):
            cells = [codes.get(f"{column_name(c)}{row}", ("·", None))[0] for c in range(len(self.grid.columns))]
            out.append(f"{row:>2} " + "".join(f"{code:>{w}}" for code in cells))
        out.append("   " + "".join(f"{column_name(c):>{w}}" for c in range(len(self.grid.columns))))
        return out


def wrapped(lines: list[tuple[str, str]], width: int) -> Text:
    """Lines with their roles, each wrapped to ``width`` (continuations indented), as one styled text."""
    text = Text()
    for role, line in lines:
        style = LINE_STYLES.get(role, role)
        for part in textwrap.wrap(line, max(10, width), subsequent_indent="  ") or [""]:
            text.append(part + "\n", style=style)
    return text


class AnalysisScreen(Screen[None]):
    """A finished game stepped through, each position explained, "what if" moves tried (module docstring)."""

    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("left", "step(-1)", "back"),
        Binding("right", "step(1)", "forward"),
        Binding("home", "home", "start", show=False),
        Binding("end", "end", "end", show=False),
        Binding("f4", "back_to_game", "game's line", priority=True),
        Binding("f5", "what_if", "what if", priority=True),
        Binding("f6", "review", "review", priority=True),
        Binding("f7", "tree", "game tree", priority=True),
        Binding("escape", "close", "close", priority=True),
    ]

    def __init__(self, board: AnalysisBoard) -> None:
        super().__init__()
        self.model = board
        self.words = ""
        self._listed: tuple[int, int, tuple[str, ...]] | None = None  # what the move list shows

    def compose(self) -> ComposeResult:
        yield Static("", id="a-title")
        with Horizontal(id="a-main"):
            with Vertical(id="a-left"):
                with ScrollableContainer(id="a-board-box"):
                    yield ExplainedBoard(id="a-board")
                with VerticalScroll(id="a-words-box"):
                    yield Static("", id="a-words")
            yield OptionList(id="a-moves")
        yield Input(placeholder=self.t("tui-an-placeholder"), id="a-move", compact=True)
        yield Static(Text(self.t("tui-an-help"), style="dim"), id="a-message")
        yield Footer(compact=True)

    @property
    def grundy(self) -> Any:
        """The app (a :class:`client.tui.app.GrundyApp`, with :class:`AnalysisMixin`'s methods)."""
        return self.app

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The desk has no game behind it: no game's line to go back to, no review."""
        from grundy.client.tui.desk import DeskBoard

        if action in ("back_to_game", "review") and isinstance(self.model, DeskBoard):
            return False
        return True

    def on_mount(self) -> None:
        relabel(self, getattr(self.app, "lang", "en"))
        self.query_one("#a-moves", OptionList).focus()
        self.redraw()
        self.call_after_refresh(self.redraw)  # again once the boxes have their sizes

    def on_resize(self) -> None:
        self.redraw()

    def t(self, msg_id: str, /, **args: Any) -> str:
        """Catalog message ``msg_id`` in the app's language (``--lang``, else the system's)."""
        return words.say(getattr(self.app, "lang", "en"), msg_id, **args)

    def game_title(self) -> str:
        """The game's name: the rules' in English, as it is taught in another language."""
        lang = getattr(self.app, "lang", "en")
        return self.model.game_name if lang == "en" else words.game_name(self.model.game_name, lang)

    def say(self, words: str, error: bool = False) -> None:
        self.query_one("#a-message", Static).update(Text(words, style="bold red" if error else "bold"))

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        b = self.model
        names = b.names
        to_move = b.to_move
        who = names[to_move] if to_move is not None and 0 <= to_move < len(names) else None
        title = Text()
        if b.is_what_if:  # first: a long title is cut at the right
            title.append(f" {self.t('tui-an-what-if-banner')} ", style="bold black on yellow")
        title.append(" " + self.t("tui-an-title", game=self.game_title(), ply=b.ply, plies=len(b.path)), style="bold")
        title.append(" · " + (self.t("tui-an-to-move", name=who) if who else self.t("tui-an-the-end")))
        self.query_one("#a-title", Static).update(title)
        box = self.query_one("#a-board-box")
        board = self.query_one(ExplainedBoard)
        modes = [p.MoveMode(**m) for m in b.game.traits().get("move_modes", [])]
        legal = None  # (the board lights the explanation's moves, not every legal one; a what-if is checked)
        width, height = box.size.width - 2, max(6, self.size.height * 3 // 5)
        board.explanation = b.explanation
        board.show(b.game_name, b.params, b.view(), legal, b.last, width or None, height or None,
                   kind=b.game.view_kind, modes=modes)  # fmt: skip
        self.show_words(board)
        self.show_moves()
        self.grundy.settle_analysis()

    def show_words(self, board: ExplainedBoard) -> None:
        b = self.model
        lines: list[tuple[str, str]] = []
        b.lang = getattr(self.app, "lang", "en")
        verdict = b.move_verdict()
        if verdict:
            lines.append(("bold yellow" if b.is_what_if else "bold", verdict))
        if b.explanation is not None:
            words = explanation_lines(b.explanation, b.names, b.lang)
            if board.draws_table():
                words = [(role, line) for role, line in words if role != "table"]
            lines += words
        elif b.refusal:
            lines.append(("dim", self.t("web-an-refused", why=b.refusal)))
        else:
            lines.append(("dim", self.t("screen-explaining")))
        lines += [("dim", note) for note in board.notes]
        width = self.query_one("#a-words-box").size.width - 2 or 50
        text = wrapped(lines, width)
        for line in board.map_lines():
            text.append(line + "\n", style="cyan")
        self.words = " ".join(text.plain.split())  # the words shown, in one line (for tests and logs)
        self.query_one("#a-words", Static).update(text)

    def show_moves(self) -> None:
        """The game's moves, the current one highlighted (the start is the first line)."""
        b = self.model
        listed = self.query_one("#a-moves", OptionList)
        key = (len(b.line), len(b.review or []), tuple(b.line))
        if self._listed != key:
            self._listed = key
            listed.clear_options()
            options = [Option("    " + self.t("screen-an-start"), id="0")]
            for i, move in enumerate(b.line):
                seat = b.mover(i) if not b.is_what_if else b.game.to_move(b.state_at(tuple(b.line[:i])))
                name = b.names[seat] if seat is not None and 0 <= seat < len(b.names) else "?"
                mark = verdict_mark(b.review_row(i))
                options.append(Option(f"{i + 1:>3}. {name[:10]:<10} {move[:8]}{mark}", id=str(i + 1)))
            listed.add_options(options)
        at = b.branch_at if b.is_what_if and b.branch_at is not None else b.ply
        if listed.highlighted != at:
            # (said by no event: a redraw between a key that moves the highlight and its event would otherwise
            # answer it with an event of its own, the two jumping the board back and forth)
            with listed.prevent(OptionList.OptionHighlighted):
                listed.highlighted = at

    # ------------------------------------------------------------------ actions

    def action_step(self, delta: int) -> None:
        self.model.step(delta)
        self.redraw()

    def action_home(self) -> None:
        self.model.home()
        self.redraw()

    def action_end(self) -> None:
        self.model.end()
        self.redraw()

    def jump(self, ply: int) -> None:
        self.model.jump(ply)
        self.redraw()

    def action_back_to_game(self) -> None:
        self.model.back_to_game()
        self.say(self.t("screen-an-back"))
        self.redraw()

    def action_what_if(self) -> None:
        self.query_one("#a-move", Input).focus()

    def action_review(self) -> None:
        self.grundy.show_review()

    def action_tree(self) -> None:
        """The game tree of the position on screen (client/tui/desk.py); a node chosen opens its position."""
        from grundy.client.tui.desk import TreeScreen

        b = self.model
        where = (self.t("tui-an-tree-after", game=self.game_title(), moves=" ".join(b.moves)) if b.moves
                 else self.t("tui-an-tree-start", game=self.game_title()))
        self.app.push_screen(TreeScreen(b.game, b.moves, where), self._tree_chosen)

    def _tree_chosen(self, path: list[str] | None) -> None:
        for move in path or []:
            why = self.model.try_move(move)
            if why is not None:
                self.say(self.t("tui-an-not-here", why=why), error=True)
                break
        self.redraw()

    def action_close(self) -> None:
        if self.query_one("#a-move", Input).has_focus or self.query_one(ExplainedBoard).has_focus:
            self.query_one("#a-moves", OptionList).focus()  # Esc first leaves typing or the board's cursor
            return
        self.dismiss()

    @on(OptionList.OptionHighlighted, "#a-moves")
    def _chosen(self, event: OptionList.OptionHighlighted) -> None:
        ply = int(event.option.id or 0)
        b = self.model
        shown = b.branch_at if b.is_what_if and b.branch_at is not None else b.ply
        if ply != shown:
            self.jump(ply)

    @on(OptionList.OptionSelected, "#a-moves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.jump(int(event.option.id or 0))

    @on(Input.Submitted, "#a-move")
    def _typed(self, event: Input.Submitted) -> None:
        move = event.value.strip()
        if move:
            event.input.value = ""
            self.try_move(move)

    @on(Board.MovePicked)
    def _picked(self, event: Board.MovePicked) -> None:
        self.try_move(event.move)

    def try_move(self, move: str) -> None:
        why = self.model.try_move(move)
        if why is not None:
            self.say(self.t("tui-an-not-here", why=why), error=True)
        else:
            self.say(self.t("tui-an-what-if", move=move) if self.model.is_what_if else "")
        self.redraw()


class ReviewScreen(ModalScreen[int | None]):
    """The review that teaches: the summary on top, every move with its values and verdict, the lesson of the
    chosen move below; Enter opens the analysis board at that move (the position before it)."""

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape,q", "dismiss", "close"), Binding("a", "board", "analysis board")]

    def __init__(self, title: str, names: list[str] | None = None, board: AnalysisBoard | None = None) -> None:
        super().__init__()
        self.heading = title
        self.names = names or []
        self.model = board
        self.rows: list[ReviewRow] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            with VerticalScroll(id="review-top"):
                yield Static(self.heading, id="review-title")
            yield DataTable(id="verdicts", cursor_type="row")
            with VerticalScroll(id="review-lesson-box"):
                yield Static("", id="review-lesson")
            yield Static(self.t("screen-review-foot"), id="review-foot")

    def t(self, msg_id: str, /, **args: Any) -> str:
        """Catalog message ``msg_id`` in the app's language."""
        return words.say(self.lang, msg_id, **args)

    @property
    def lang(self) -> str:
        return getattr(self.app, "lang", "en")

    def on_mount(self) -> None:
        relabel(self, self.lang)
        table = self.query_one(DataTable)
        heads = ["screen-review-col-ply", "tui-col-player", "screen-review-col-move", "screen-review-col-before",
                 "screen-review-col-after", "screen-review-col-verdict", "screen-review-col-best"]
        table.add_columns(*(self.t(head) for head in heads))
        table.focus()

    def show(self, rows: list[ReviewRow] | None, note: str = "") -> None:
        """Fill the table (``rows``; None while computing) and the summary above it."""
        table = self.query_one(DataTable)
        at = table.cursor_row
        table.clear()
        self.rows = list(rows or [])
        lang = self.lang
        if self.model is not None:
            self.model.lang = lang
        for r in self.rows:
            who = self.names[r.seat][:10] if 0 <= r.seat < len(self.names) else self.t("screen-seat", n=r.seat)
            best = " ".join(r.best[:2]) or self._best(r)
            said = verdict_text(r.verdict, lang)
            verdict = Text(said[:20], style=VERDICT_STYLES.get(r.verdict, "yellow" if r.is_mistake else ""))
            after = self.model.after_text(r) if self.model is not None else r.after_in(lang)
            # (a value's words whole: "проигрыш за 12"; a line game's longer proof is cut, said whole below)
            move = move_text(r.move, lang)
            table.add_row(str(r.ply + 1), who, move[:9], r.before_in(lang)[:14], after[:14], verdict, best[:9])
        if self.rows:
            table.move_cursor(row=min(max(0, at), len(self.rows) - 1))
        title = self.query_one("#review-title", Static)
        if note:
            title.update(note)
        elif self.model is not None:
            title.update(self.summary_text())
        self.show_lesson()

    def _best(self, row: ReviewRow) -> str:
        if self.model is None or row.is_good:
            return ""
        before = self.model.explanation_at(row.ply)
        return " ".join(((before or {}).get("best") or [])[:2])

    def summary_text(self) -> Text:
        """Accuracy first, then the turning moves, then who was winning when (the box scrolls)."""
        b = self.model
        text = Text()
        if b is None or b.summary is None:
            return text
        b.lang = self.lang
        text.append(self.t("screen-review-accuracy", text=b.accuracy_text()) + "\n", style="bold cyan")
        turning = b.turning_text()
        if turning:
            text.append(self.t("screen-review-turning", text=turning) + "\n", style="bold red")
        text.append(b.summary_text(), style="")
        return text

    def show_lesson(self) -> None:
        table = self.query_one(DataTable)
        lesson = Text()
        if self.rows and 0 <= table.cursor_row < len(self.rows):
            r = self.rows[table.cursor_row]
            who = self.names[r.seat] if 0 <= r.seat < len(self.names) else self.t("screen-seat", n=r.seat)
            lesson.append(self.t("screen-review-lesson", n=r.ply + 1, name=who, move=move_text(r.move, self.lang),
                                 verdict=verdict_text(r.verdict, self.lang)), style="bold")
            if self.model is not None:
                self.model.lang = self.lang
            said = self.model.lesson(r) if self.model is not None else ""
            if said:
                lesson.append(f"; {said}", style="green")
            before = r.before_in(self.lang)
            if len(before) > 14:  # (a line game's proof, cut in the table)
                lesson.append("\n" + self.t("web-an-before-it", value=before), style="dim")
        self.query_one("#review-lesson", Static).update(lesson)

    @on(DataTable.RowHighlighted, "#verdicts")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_lesson()

    @on(DataTable.RowSelected, "#verdicts")
    def _selected(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.rows):
            self.dismiss(self.rows[event.cursor_row].ply)

    def action_board(self) -> None:
        table = self.query_one(DataTable)
        self.dismiss(self.rows[table.cursor_row].ply if 0 <= table.cursor_row < len(self.rows) else 0)


HINT_BUDGET_S = 1.0


class AnalysisMixin:
    """The app's part in the analysis board, the review and the hints (mixed into :class:`GrundyApp`).

    One :class:`AnalysisBoard` per finished room (``analysis``), made when the game ends (from the
    room's moves, or its record when some were hidden), its review computed off the loop, and the
    positions it wants explained computed one at a time (:meth:`settle_analysis`); the screens showing
    it are redrawn as answers come.  A hint's explanation is lit on the game's board until the next move.
    """

    analysis: AnalysisBoard | None = None
    analysis_room: str | None = None
    review_note = ""
    hint_lit: tuple[str, int, dict[str, Any]] | None = None  # (room, ply, explanation) of the last hint
    open_when_made: int | None = None  # the board was asked for before it was made (-1: at the end)
    _settling = False

    @property
    def review_rows(self) -> list[ReviewRow] | None:
        """The review's rows once computed (None before)."""
        board = self.analysis
        return None if board is None else board.review

    def _app(self) -> Any:
        """The app this is mixed into (a :class:`client.tui.app.GrundyApp`; not imported here: it imports us)."""
        return self

    def forget_analysis(self) -> None:
        """A new room on screen: the last one's board, review and hint go."""
        self.analysis, self.analysis_room, self.review_note, self.hint_lit = None, None, "", None
        self.open_when_made = None

    def compute_review(self) -> None:
        """Make the finished room's analysis board and compute its review (off the loop)."""
        app = self._app()
        room = app.room
        if room is None or not room.is_over or self.analysis_room == room.room:
            return
        lang = getattr(app, "lang", "en")
        self.analysis, self.analysis_room = None, room.room
        self.review_note = words.say(lang, "screen-review-computing")
        resigned = resigned_seat(room.result)
        app.run_worker(self._review(room.room, room.game, dict(room.params), room.move_texts(), room.names(),
                                    resigned), group="solver")  # fmt: skip

    async def _review(self, room_id: str, game: str, params: dict[str, Any], moves: list[str] | None,
                      names: list[str], resigned: int | None = None) -> None:  # fmt: skip
        app = self._app()
        if moves is None:  # some moves were hidden during the game: the record, public now, shows them all
            record = await app._send(p.GetRecord(room=room_id))
            if isinstance(record, p.Record):
                moves = [m["move"] for m in record.record.get("moves", [])]
                params = dict(record.record.get("params", params))
        try:
            if moves is None:
                raise ValueError(words.say(app.lang, "screen-moves-unread"))
            board = AnalysisBoard(game, params, moves, names, resigned=resigned, lang=app.lang)
        except (ValueError, TypeError) as e:  # (the rules' errors are ValueErrors)
            if self.analysis_room == room_id:
                self.review_note = words.say(app.lang, "screen-no-review", why=str(e))
                self.analysis_changed()
            return
        if self.analysis_room != room_id:
            return
        self.analysis = board
        self.analysis_changed()
        if self.open_when_made is not None:  # asked for while it was being made
            ply, self.open_when_made = self.open_when_made, None
            self.open_analysis(None if ply < 0 else ply)
        answer = await asyncio.to_thread(board.ask_review)
        board.store_review(answer)
        if self.analysis_room == room_id:
            self.review_note = board.review_note
            self.analysis_changed()
            self.settle_analysis()

    def settle_analysis(self) -> None:
        """Explain, one position at a time off the loop, what the board wants (the position on screen first)."""
        if self._settling or self.analysis is None:
            return
        self._settling = True
        self._app().run_worker(self._settle(self.analysis), group="analysis")

    def _current(self, board: AnalysisBoard) -> bool:
        return self.analysis is board

    async def _settle(self, board: AnalysisBoard) -> None:
        try:
            while self._current(board) and (key := board.wanted()) is not None:
                board.pending.add(key)
                answer = await asyncio.to_thread(board.compute, key)
                board.store(key, answer)
                self.analysis_changed()
        finally:
            self._settling = False

    def analysis_changed(self) -> None:
        """Redraw the screens that show the analysis (one being built or taken down is left alone)."""
        for screen in self._app().screen_stack:
            try:
                if isinstance(screen, AnalysisScreen) and screen.is_mounted and screen.model is self.analysis:
                    screen.redraw()
                elif isinstance(screen, ReviewScreen) and screen.is_mounted:
                    screen.model = self.analysis
                    screen.show(self.review_rows, "" if self.review_rows else self.review_note)
            except NoMatches:
                continue

    def show_review(self) -> None:
        app = self._app()
        room = app.room
        if room is None or not room.is_over:
            app.say(words.say(app.lang, "screen-review-not-over"), error=True)
            return
        self.compute_review()
        screen = ReviewScreen(self.review_note or words.say(app.lang, "screen-review-computing"), room.names(),
                              self.analysis)
        app.push_screen(screen, self._review_closed)
        app.call_after_refresh(lambda: screen.show(self.review_rows, "" if self.review_rows else self.review_note))

    def _review_closed(self, ply: int | None) -> None:
        if ply is not None:
            self.open_analysis(ply)

    def open_desk(self, game: str, params: dict[str, Any], moves: list[str] | None = None) -> None:
        """The analysis desk: any position of ``game`` without a room (client/tui/desk.py), explained here."""
        from grundy.client.tui.desk import DeskBoard

        board = DeskBoard(game, params, moves, getattr(self._app(), "lang", "en"))
        self.analysis, self.analysis_room, self.review_note = board, None, ""
        self._app().push_screen(AnalysisScreen(board))

    def open_analysis(self, ply: int | None = None) -> None:
        """The analysis board of the finished room, at ``ply`` (default: the end)."""
        app = self._app()
        room = app.room
        if room is None or not room.is_over:
            app.say(words.say(app.lang, "screen-board-not-over"), error=True)
            return
        self.compute_review()
        board = self.analysis
        if board is None:
            if self.review_note and self.review_note != words.say(app.lang, "screen-review-computing"):
                app.say(self.review_note, error=True)
            else:
                self.open_when_made = ply if ply is not None else -1
                app.say(words.say(app.lang, "screen-board-making"))
            return
        if ply is not None:
            board.jump(ply)
        screen = next((s for s in app.screen_stack if isinstance(s, AnalysisScreen)), None)
        if screen is None:
            app.push_screen(AnalysisScreen(board))
        else:
            while app.screen is not screen:
                app.pop_screen()
            screen.redraw()

    # ------------------------------------------------------------------ hints

    async def _hint(self, game: str, params: dict[str, Any], moves: list[str] | None) -> None:
        from grundy.solver.review import analyse

        app = self._app()
        room = app.room
        ply = room.ply if room is not None else -1
        answer = await asyncio.to_thread(analyse, "hint", game, params, moves, HINT_BUDGET_S)  # type: ignore[arg-type]
        lang = getattr(app, "lang", "en")
        if answer.get("hint") is None:
            why = explained.refused_text(lang, answer) or words.say(lang, "screen-solver-none")
            app.say(words.say(lang, "web-an-no-hint", why=why), error=True)
            return
        expl = answer.get("explanation")
        said = explained.said_text(lang, answer.get("hint_said")) if lang != "en" else ""
        if said:  # the hint in the player's language: the move, its value and why, from its phrases
            app.say(words.say(lang, "screen-hint", hint=said))
        elif lang != "en" and expl and expl.get("best"):  # (from the explanation's phrases)
            app.say(words.say(lang, "tui-hint", move=expl["best"][0], why=explained.reason_text(lang, expl)))
        else:
            app.say(words.say(lang, "screen-hint", hint=answer["hint"]))
        if expl and room is not None:
            self.hint_lit = (room.room, ply, expl)
            note = next((n for n in expl.get("moves") or [] if n.get("move") in (expl.get("best") or [])[:1]), None)
            why = None if note is None else explained.phrase_text(lang, note.get("said"), note["why"])
            reason = explained.reason_text(lang, expl)
            app.note(words.say(lang, "tui-hint", move=(expl.get("best") or ["?"])[0], why=why or reason), "green")
            if why and reason and reason not in answer["hint"]:
                app.note(reason, "green")
            app._redraw()

    def hint_shown(self, room: Any) -> dict[str, Any] | None:
        """The last hint's explanation while its position is on the board (lit there), else None."""
        lit = self.hint_lit
        if lit is None or room is None or lit[0] != room.room or lit[1] != room.ply or room.status != "playing":
            return None
        return lit[2]
