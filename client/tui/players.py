"""The terminal client's challenges: the form to challenge a player, and the prompt for one received.

:class:`ChallengeScreen` asks for the game, its parameters and the clock (Enter sends, Esc
cancels).  :class:`ChallengePrompt` shows a challenge received wherever the player is in the
lobby: who, which game and clock, until when; Y accepts (the game opens), N or Esc declines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from grundy import protocol as p
from grundy.client import words
from grundy.client.names import challenge_text
from grundy.client.tui.keys import relabel
from grundy.client.tui.model import param_text, parse_params
from grundy.protocol import i18n


class ChallengeScreen(ModalScreen[tuple[str, dict[str, str], p.TimeControl | None, bool] | None]):
    """Challenge one player: the game, its parameters, the clock and whether it is rated.

    ``refusal(game, params)`` says why a rated game cannot be asked for (a guest, not two seats), or None.
    """

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(
        self,
        who: str,
        games: list[dict[str, Any]],
        game: str | None = None,
        refusal: Callable[[str, dict[str, Any]], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.who = who
        self.refusal = refusal
        self.games = games
        names = [g["name"] for g in games]
        self.first = game if game in names else (names[0] if names else None)

    def compose(self) -> ComposeResult:
        lang = getattr(self.app, "lang", "en")

        def t(msg_id: str, **args: Any) -> str:
            return words.say(lang, msg_id, **args)

        with Vertical(id="form-box"):
            yield Static(Text(t("tui-challenge-title", name=self.who), style="bold"))
            with Horizontal(classes="row"):
                yield Label(t("tui-lobby-game") + " ")
                yield Select([(words.game_name(g["name"], lang), g["name"]) for g in self.games],
                             value=self.first or Select.BLANK,
                             allow_blank=self.first is None, id="c-game", compact=True)  # fmt: skip
            with Horizontal(classes="row"):
                yield Label(t("tui-lobby-params") + " ")
                yield Input(placeholder="key=value ...", id="c-params", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("tui-lobby-clock") + " ")
                yield Input(placeholder=t("tui-lobby-clock-placeholder"), id="c-clock", compact=True)
            with Horizontal(classes="row"):
                yield Checkbox(t("tui-lobby-rated"), id="c-rated", compact=True)
            with Horizontal(classes="row"):
                yield Button(t("tui-challenge-send"), id="c-send", compact=True, variant="primary")
                yield Button(t("tui-challenge-cancel"), id="c-cancel", compact=True)
            yield Static("", id="c-error")

    def on_mount(self) -> None:
        relabel(self, getattr(self.app, "lang", "en"))
        self._defaults()
        self.query_one("#c-clock", Input).focus()

    @on(Select.Changed, "#c-game")
    def _game_changed(self, event: Select.Changed) -> None:
        self._defaults()

    def _defaults(self) -> None:
        game = self.query_one("#c-game", Select).value
        schema = next((g for g in self.games if g["name"] == game), None)
        if schema is not None:
            self.query_one("#c-params", Input).value = " ".join(
                f"{q['name']}={param_text(q['default'])}" for q in schema["parameters"] if q["default"] is not None
            )

    def _submit(self) -> None:
        game = self.query_one("#c-game", Select).value
        try:
            if not isinstance(game, str):
                raise ValueError(words.say(getattr(self.app, "lang", "en"), "tui-challenge-no-game"))
            params = parse_params(self.query_one("#c-params", Input).value, getattr(self.app, "lang", "en"))
            clock = p.parse_time_control(self.query_one("#c-clock", Input).value)
        except ValueError as e:
            self.query_one("#c-error", Static).update(Text(i18n.error_text(getattr(self.app, "lang", "en"), e),
                                                           style="bold red"))
            return
        rated = self.query_one("#c-rated", Checkbox).value
        why = self.refusal(game, params) if rated and self.refusal is not None else None
        if why is not None:
            self.query_one("#c-error", Static).update(Text(why, style="bold red"))
            return
        self.dismiss((game, params, clock, rated))

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        self._submit()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "c-send":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChallengePrompt(ModalScreen[bool]):
    """A challenge received: Y accepts, N or Esc declines."""

    BINDINGS = [Binding("y", "answer(True)", "accept"), Binding("n,escape", "answer(False)", "decline")]

    def __init__(self, challenge: p.Challenged) -> None:
        super().__init__()
        self.challenge = challenge

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            lang = getattr(self.app, "lang", "en")
            yield Static(challenge_text(self.challenge, lang=lang), id="question")
            with Horizontal(classes="row"):
                yield Button(words.say(lang, "tui-challenge-accept"), id="yes", compact=True, variant="success")
                yield Button(words.say(lang, "tui-challenge-decline"), id="no", compact=True, variant="error")

    def on_mount(self) -> None:
        relabel(self, getattr(self.app, "lang", "en"))
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
