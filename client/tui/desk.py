"""The terminal's desk: the analysis board of any position without a game, its game tree, and help (F1).

* :class:`DeskBoard`: an analysis board whose line is the moves played on it (no game behind it: every
  move played extends the line, ← takes it back); opened from the lobby with F11 on the chosen game and
  the parameters typed there, and drawn by the same :class:`~client.tui.analysis.AnalysisScreen`;
* :class:`TreeScreen`: the game tree of the position on screen (solver/tree.py) as an indented outline
  that folds (Enter or a click on a node's arrow) with each node's code in the exam's notation;
  ``o`` (or a double Enter) opens a node's position on the board;
* :class:`HelpScreen`: the keys of the screen below it and the game's move notation with an example.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode

from grundy import rules
from grundy.client.analysis import AnalysisBoard
from grundy.client.tui.keys import relabel
from grundy.protocol.i18n import tr
from grundy.solver import exact, tree

TREE_DEPTH = 4  # plies the terminal's tree shows at first (d: deeper, up to the solver's bound)
CSS = """
TreeScreen, HelpScreen { align: center middle; }
#tree-box, #help-box { width: 80; height: 24; border: round $primary; background: $surface; }
#tree-title { height: auto; }
#tree-view { height: 1fr; }
#tree-foot { height: 1; color: $text-muted; }
#help-text { height: auto; }
"""


class DeskBoard(AnalysisBoard):
    """An analysis board with no game behind it: the line is what was played on it (module docstring)."""

    def __init__(self, game: str, params: dict[str, Any], moves: list[str] | None = None,
                 lang: str | None = "en") -> None:  # fmt: skip
        seats = rules.create(game, **params).seats
        names = ([tr(lang, "screen-desk-first"), tr(lang, "screen-desk-second")] if seats == 2
                 else [tr(lang, "screen-seat", n=i) for i in range(seats)])
        super().__init__(game, params, moves or [], names, lang=lang)
        self.ply = 0 if moves is None else len(moves)

    def try_move(self, text: str) -> str | None:
        why = super().try_move(text)
        if why is None:
            self.line = list(self.path)  # a move played on the desk is its line, not a "what if"
        return why


def code_text(node: tree.Node) -> str:
    if node.outcome == "over":
        return "0 over"
    if node.outcome == "draw":
        return "0 draw"
    if node.outcome == "payoff":
        return f"payoff {node.value:g}" if node.value is not None else "payoff"
    return f"{node.code:+d}" if node.code else str(node.code)


CODE_STYLES = {"win": "bold green", "loss": "bold red", "over": "dim"}


def lang_of(screen: Any) -> str | None:
    """The language of a screen's words: its app's (``--lang``, else the system's), English without one."""
    return getattr(screen.app, "lang", None)


class TreeScreen(ModalScreen[list[str] | None]):
    """The game tree of a position as a folding outline; dismissed with the moves to a node, or None."""

    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("o", "open_node", "open position", priority=True),
        Binding("d", "deeper", "deeper"),
        Binding("escape", "close", "close", priority=True),
    ]

    def __init__(self, game: rules.Game, moves: list[str], title: str) -> None:
        super().__init__()
        self.game, self.moves, self.title_text = game, list(moves), title
        self.depth = TREE_DEPTH
        self.root: tree.Node | None = None
        self.note = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="tree-box"):
            yield Static("", id="tree-title")
            yield Tree(tr(lang_of(self), "study-tree-drawing"), id="tree-view")
            yield Static(Text(tr(lang_of(self), "study-tree-keys"), style="dim"), id="tree-foot")

    def on_mount(self) -> None:
        relabel(self, getattr(self.app, "lang", "en"))
        self.query_one("#tree-view", Tree).focus()
        self.run_worker(self.build(), group="tree", exclusive=True)

    async def build(self) -> None:
        said = tr(lang_of(self), "study-tree-title", title=self.title_text, depth=self.depth)
        self.query_one("#tree-title", Static).update(Text(f" {said}", style="bold"))
        try:
            self.root = await asyncio.to_thread(self._build)
        except (exact.TooLarge, exact.Unsupported, ValueError) as e:
            self.note = tr(lang_of(self), "study-tree-none", why=str(e))
            self.query_one("#tree-view", Tree).root.set_label(Text(self.note, style="bold red"))
            return
        self.show()

    def _build(self) -> tree.Node:
        return tree.build(self.game, self.game.replay(self.moves), self.depth)

    def show(self) -> None:
        view = self.query_one("#tree-view", Tree)
        view.clear()
        assert self.root is not None
        view.root.set_label(self.label(self.root, tr(lang_of(self), "study-tree-root")))
        view.root.data = []
        self._add(view.root, self.root, [], 1)
        view.root.expand()

    def label(self, node: tree.Node, move: str) -> Text:
        text = Text(f"{move}  ")
        text.append(code_text(node), style=CODE_STYLES.get(node.outcome, "bold"))
        if node.more:
            text.append("  ...", style="dim")
        return text

    def _add(self, parent: TreeNode[list[str]], node: tree.Node, path: list[str], level: int) -> None:
        for child in node.children:
            here = [*path, child.move or ""]
            if child.children:
                branch = parent.add(self.label(child, child.move or ""), data=here, expand=level < 3)
                self._add(branch, child, here, level + 1)
            else:
                parent.add_leaf(self.label(child, child.move or ""), data=here)

    def action_open_node(self) -> None:
        node = self.query_one("#tree-view", Tree).cursor_node
        if node is not None and node.data is not None:
            self.dismiss(list(node.data))

    def action_deeper(self) -> None:
        if self.depth < tree.MAX_DEPTH:
            self.depth = min(tree.MAX_DEPTH, self.depth + 2)
            self.run_worker(self.build(), group="tree", exclusive=True)

    def action_close(self) -> None:
        self.dismiss(None)

    def lines(self) -> list[str]:
        """The outline as text, one node a line (for tests): what the widget shows, fully unfolded."""
        return [] if self.root is None else tree.outline(self.root)


class HelpScreen(ModalScreen[None]):
    """The keys of the screen below and the game's notation with an example (F1)."""

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape", "close", "close", priority=True), Binding("f1", "close", "close", show=False)]

    def __init__(self, keys: list[tuple[str, str]], notation: str) -> None:
        super().__init__()
        self.keys, self.notation = keys, notation

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(self.text(), id="help-text")

    def text(self) -> Text:
        lang = lang_of(self)
        out = Text(tr(lang, "study-help-title") + "\n\n", style="bold")
        out.append(tr(lang, "study-help-moves") + "\n", style="bold")
        out.append(self.notation + "\n\n")
        out.append(tr(lang, "study-help-keys") + "\n", style="bold")
        for key, what in [*self.keys, ("F1", tr(lang, "study-help-f1"))]:
            out.append(f"  {key:<10} {what}\n")
        return out

    def action_close(self) -> None:
        self.dismiss(None)


def notation_help(game_name: str | None, params: dict[str, Any] | None, lang: str | None = None) -> str:
    """How a move of the game is written (the rules' own words) with an example from its start, in ``lang``."""
    if game_name is None:
        return tr(lang, "study-help-no-game")
    try:
        game = rules.create(game_name, **(params or {}))
    except (rules.ParameterError, ValueError):  # (parameters being typed: the game's defaults show the notation)
        try:
            game = rules.create(game_name)
        except (rules.ParameterError, ValueError):
            return tr(lang, "study-help-notation-unknown", game=game_name)
    sample = type(game).doc_sample
    words = sample.notation.replace("`", "") if sample is not None else ""
    legal = game.legal_texts(game.initial())
    shown = ", ".join(legal[:3])
    example = tr(lang, "study-help-example-more" if len(legal) > 3 else "study-help-example", moves=shown)
    return " ".join([f"{game.title()}: {words}", *([example] if legal else []), tr(lang, "study-help-type")])


class PuzzlesScreen(ModalScreen[None]):
    """The puzzles (solver/puzzles.py, solved here): a list, then one at a time; type a move, Enter judges it.

    A wrong move gets its refutation, a right one why it wins; Esc goes back to the list, then the lobby.
    """

    DEFAULT_CSS = CSS + """
    PuzzlesScreen { align: center middle; }
    #puzzle-box { width: 80; height: 24; border: round $primary; background: $surface; }
    #puzzle-list { height: 1fr; }
    #puzzle-board { height: auto; max-height: 10; }
    #puzzle-words { height: 1fr; }
    #puzzle-move { height: 1; }
    """
    BINDINGS = [Binding("escape", "back", "back", priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.catalog: list[Any] = []
        self.current: Any = None
        self.solved: set[str] = set()
        self.words = ""

    def compose(self) -> ComposeResult:
        from textual.widgets import Input, OptionList

        with Vertical(id="puzzle-box"):
            yield Static(Text(" " + tr(lang_of(self), "study-puzzles-title"), style="bold"), id="puzzle-title")
            yield OptionList(id="puzzle-list")
            yield Static("", id="puzzle-board")
            with VerticalScroll(id="puzzle-words"):
                yield Static(tr(lang_of(self), "study-puzzles-making"), id="puzzle-text")
            yield Input(placeholder=tr(lang_of(self), "study-puzzle-placeholder"), id="puzzle-move", compact=True)

    def on_mount(self) -> None:
        relabel(self, getattr(self.app, "lang", "en"))
        self.query_one("#puzzle-move").display = False
        self.query_one("#puzzle-board").display = False
        self.run_worker(self.load(), group="puzzles", exclusive=True)

    async def load(self) -> None:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option

        from grundy.solver import puzzles

        self.catalog = await asyncio.to_thread(puzzles.catalog)
        listed = self.query_one("#puzzle-list", OptionList)
        lang = lang_of(self)
        grades = {z.grade: tr(lang, f"study-grade-{z.grade}") for z in self.catalog}  # (solver/puzzles.py's grades)
        width = max(len(g) for g in grades.values())
        rows = [f"{z.id:<16} {grades[z.grade]:<{width}} {tr(lang, 'study-puzzle-win-by', k=z.k)}" for z in self.catalog]
        listed.add_options([Option(row, id=z.id) for row, z in zip(rows, self.catalog, strict=True)])
        listed.focus()
        self.say(tr(lang, "study-puzzles-intro", count=len(self.catalog)))

    def say(self, words: str, style: str = "") -> None:
        self.words = words
        self.query_one("#puzzle-text", Static).update(Text(words, style=style))

    def on_option_list_option_selected(self, event: Any) -> None:
        from textual.widgets import Input

        self.current = next(z for z in self.catalog if z.id == event.option.id)
        z = self.current
        game = rules.create(z.game, **z.params)
        state = game.replay(z.moves)
        board = self.query_one("#puzzle-board", Static)
        board.update(game.render_view(game.view(state, game.to_move(state))))
        board.display = True
        self.query_one("#puzzle-list").display = False
        box = self.query_one("#puzzle-move", Input)
        box.display = True
        box.value = ""
        box.focus()
        legal = game.legal_texts(state)
        self.say(f"{z.id}: {z.task()} " + tr(lang_of(self), "study-puzzle-notation", move=legal[0]))

    def on_input_submitted(self, event: Any) -> None:
        from grundy.solver import puzzles

        move = event.value.strip()
        if not move or self.current is None:
            return
        event.input.value = ""
        verdict = puzzles.check(self.current, move)
        lang = lang_of(self)
        if "refused" in verdict:
            self.say(tr(lang, "study-puzzle-illegal", why=verdict["refused"]), "bold red")
        elif verdict["verdict"] == "right":
            self.solved.add(self.current.id)
            self.run_worker(self.tell_server(self.current.id, move), group="solved")
            reason = (verdict.get("explanation") or {}).get("reason") or ""
            said = " ".join(w for w in (verdict["said"], reason) if w)
            self.say(tr(lang, "study-puzzle-right", said=said, solved=len(self.solved)), "bold green")
        else:
            self.say(tr(lang, "study-puzzle-wrong", said=verdict["said"]), "bold red")

    async def tell_server(self, puzzle: str, move: str) -> None:
        """A signed-in player's right answer, judged again by the node, counts on their page (``puzzles_solved``);
        a guest's stays here.  A node that cannot answer now only misses the count."""
        from grundy import protocol as p
        from grundy.client.connection import ClientError

        conn = getattr(self.app, "conn", None)
        if conn is None or conn.player is None:
            return
        try:
            await conn.request(p.Analyze(kind="puzzle", puzzle=puzzle, answer=move), timeout=60.0)
        except (ClientError, TimeoutError):
            return

    def action_back(self) -> None:
        if self.current is None:
            self.dismiss(None)
            return
        self.current = None
        self.query_one("#puzzle-board").display = False
        self.query_one("#puzzle-move").display = False
        listed = self.query_one("#puzzle-list")
        listed.display = True
        listed.focus()
        self.say(tr(lang_of(self), "study-puzzles-solved-here", solved=len(self.solved), count=len(self.catalog)))
