"""A yes/no question on a screen of its own (resigning, withdrawing from a tournament)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from grundy.protocol.i18n import tr


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (resigning): Y or Enter on Yes confirms, N or Esc keeps playing."""

    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="question")
            with Horizontal(classes="row"):
                lang = getattr(self.app, "lang", "en")  # (the app's language: --lang, else the system's)
                yield Button(tr(lang, "screen-confirm-yes"), id="yes", compact=True, variant="error")
                yield Button(tr(lang, "screen-confirm-no"), id="no", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
