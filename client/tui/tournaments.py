"""The terminal client's tournament view and its form for a new tournament.

:class:`TournamentScreen` shows one tournament: a title line (game, format, state and round,
entrants), the standings table and the games of the latest round, redrawn from every
``tournament_state`` the server pushes, so a game that ends moves the table at once.  Its
keys: F2 enters, F3 withdraws (asked first once it runs: a game in progress is resigned), F4
starts it (its creator, while it is open), F5 asks for it again, F6 or Enter watches the
chosen game (F7 in the game comes back here), F7 or Esc goes back to the lobby.

:class:`NewTournamentScreen` is the small form behind the lobby's "new tournament": game,
format, rounds, games per pairing, clock, hosted bots and rated.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Footer, Input, Label, Select, Static

from grundy import protocol as p
from grundy.client import tournament_view as tv
from grundy.client import words
from grundy.client.connection import Connection
from grundy.client.tui.confirm import ConfirmScreen
from grundy.client.tui.keys import relabel
from grundy.client.tui.model import param_text, parse_params
from grundy.protocol import i18n


class TournamentHost(Protocol):
    """What a tournament's screen asks of the app it runs in."""

    conn: Connection

    def watch_tournament(self, tid: str) -> None: ...
    def close_tournament(self) -> None: ...
    def tournament_request(self, msg: Any, verb: str) -> None: ...
    def spectate(self, room: str | None = None, code: str | None = None) -> None: ...

FORMATS = p.TOURNAMENT_FORMATS
LEVELS = p.BOT_LEVELS
MAX_BOTS = 16  # the protocol's bound on hosted bot entrants
# (the rating is the one every list shows; the change is what this tournament's games did to it)
STANDING_COLUMNS = ("place", "player", "kind", "points", "games", "wdl", "tiebreak", "rating", "change")
GAME_COLUMNS = ("board", "game", "players", "result", "room")  # (the heads: tui-tcol-<name> of the catalogs)


class TournamentScreen(Screen[None]):
    """One tournament, live: its standings and the games of its latest round."""

    BINDINGS = [
        Binding("f2", "enter", "enter", priority=True),
        Binding("f3", "withdraw", "withdraw", priority=True),
        Binding("f4", "start", "start", priority=True),
        Binding("f5", "refresh", "refresh", priority=True),
        Binding("f6", "watch", "watch game", priority=True),
        Binding("f7,escape", "lobby", "lobby", priority=True),
        Binding("ctrl+q", "app.quit", "quit", priority=True),
    ]

    def __init__(self, tournament: str, state: p.TournamentState | None = None) -> None:
        super().__init__()
        self.tournament = tournament
        self.state = state
        self.rows: list[tv.GameRow] = []
        self.ready = False  # its widgets are there to draw in

    def compose(self) -> ComposeResult:
        yield Static("", id="t-title")
        yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield Static("", id="round-title")
        yield DataTable(id="round-games", cursor_type="row")
        yield Static("", id="t-status")
        yield Footer(compact=True)

    @property
    def grundy(self) -> TournamentHost:
        return self.app  # type: ignore[return-value]

    def on_mount(self) -> None:
        lang = getattr(self.app, "lang", "en")
        relabel(self, lang)  # (the footer's keys in the language)
        for table, names in (("#standings", STANDING_COLUMNS), ("#round-games", GAME_COLUMNS)):
            self.query_one(table, DataTable).add_columns(*(words.say(lang, f"tui-tcol-{c}") for c in names))
        self.query_one("#round-games", DataTable).focus()
        title = words.say(lang, "tui-tournament-title", id=self.tournament)
        self.query_one("#t-title", Static).update(Text(f" {title}", style="bold"))
        self.ready = True
        if self.state is not None:
            self.show(self.state)
        self.grundy.watch_tournament(self.tournament)

    def on_screen_resume(self) -> None:
        self.refresh_bindings()

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#t-status", Static).update(Text(text, style="bold red" if error else ""))

    def show(self, state: p.TournamentState) -> None:
        """Redraw everything from a ``tournament_state`` (the cursors stay on the same rows)."""
        state = tv.named(state, getattr(self.app, "lang", "en"))  # (hosted bots' names in the language)
        self.state = state
        if not self.ready:
            return  # drawn once mounted
        t = state.tournament
        lang = getattr(self.app, "lang", "en")
        said = tv.end_reason(state, lang) if t.status == "finished" else ""
        reason = f" ({said})" if said else ""
        heading = Text(f" {t.name} · {tv.standing_said(t, lang)}{reason}", style="bold")
        heading.append(f"\n {tv.details_said(t, lang)}", style="not bold dim")
        self.query_one("#t-title", Static).update(heading)
        standings = self.query_one("#standings", DataTable)
        row = standings.cursor_row
        standings.clear()
        for i, cells in enumerate(tv.standings_said(state, lang)):
            standings.add_row(*cells, key=f"s{i}")
        if standings.row_count:
            standings.move_cursor(row=min(row, standings.row_count - 1))
        games = self.query_one("#round-games", DataTable)
        chosen = self.chosen_game()
        self.rows = tv.games_said(state, lang)
        games.clear()
        for g in self.rows:
            games.add_row(str(g.board), str(g.number or ""), g.players[:34], g.status, g.room or "", key=g.key)
        keys = [g.key for g in self.rows]
        if chosen is not None and chosen.key in keys:
            games.move_cursor(row=keys.index(chosen.key))
        number = tv.shown_round(state)
        if number:
            heading = words.say(lang, "tui-tournament-round", n=number, rounds=t.rounds or 0)
        else:
            heading = words.say(lang, "tui-tournament-no-round")
        self.query_one("#round-title", Static).update(Text(heading, style="dim"))
        self.refresh_bindings()

    def chosen_game(self) -> tv.GameRow | None:
        table = self.query_one("#round-games", DataTable)
        if not self.rows or table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((g for g in self.rows if g.key == key), None)

    def entered(self) -> bool:
        return self.state is not None and tv.is_entrant(self.state, self.grundy.conn.session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter while one can, withdraw while entered, start for its creator while open."""
        state = self.state
        if state is None:
            return action in ("refresh", "lobby", "quit")
        status = state.tournament.status
        if action == "enter":
            return status == "open" and not self.entered()
        if action == "withdraw":
            return status != "finished" and self.entered()
        if action == "start":
            return status == "open" and state.tournament.creator == self.grundy.conn.name
        return True

    def action_enter(self) -> None:
        self.grundy.tournament_request(p.EnterTournament(tournament=self.tournament), "enter")

    def action_withdraw(self) -> None:
        state = self.state
        if state is not None and state.tournament.status == "running":
            question = words.say(getattr(self.app, "lang", "en"), "tui-newt-withdraw", name=state.tournament.name)

            def answered(yes: bool | None) -> None:
                if yes:
                    self.grundy.tournament_request(p.Withdraw(tournament=self.tournament), "withdraw")

            self.app.push_screen(ConfirmScreen(question), answered)
            return
        self.grundy.tournament_request(p.Withdraw(tournament=self.tournament), "withdraw")

    def action_start(self) -> None:
        self.grundy.tournament_request(p.StartTournament(tournament=self.tournament), "start")

    def action_refresh(self) -> None:
        self.grundy.watch_tournament(self.tournament)

    def action_watch(self) -> None:
        game = self.chosen_game()
        if game is None or game.room is None:
            self.say(words.say(getattr(self.app, "lang", "en"), "tui-say-no-room-game"), error=True)
            return
        self.grundy.spectate(room=game.room)

    def action_lobby(self) -> None:
        self.grundy.close_tournament()

    @on(DataTable.RowSelected, "#round-games")
    def _game_picked(self, event: DataTable.RowSelected) -> None:
        self.action_watch()


class NewTournamentScreen(ModalScreen[p.CreateTournament | None]):
    """A form for a new tournament; Enter or the button creates it, Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, games: list[dict[str, Any]], game: str | None = None) -> None:
        super().__init__()
        self.games = [g for g in games if two_seats(g)] or games
        self.first = game if any(g["name"] == game for g in self.games) else (self.games[0]["name"] if games else None)

    def compose(self) -> ComposeResult:
        lang = getattr(self.app, "lang", "en")

        def label(msg_id: str) -> Label:
            return Label(f"{words.say(lang, msg_id):<7} ")

        with Vertical(id="form-box"):
            yield Static(Text(words.say(lang, "tui-newt-title"), style="bold"))
            with Horizontal(classes="row"):
                yield label("tui-lobby-game")
                yield Select([(words.game_name(g["name"], lang), g["name"]) for g in self.games],
                             value=self.first or Select.BLANK,
                             allow_blank=self.first is None, id="t-game", compact=True)  # fmt: skip
                yield Label(" " + words.say(lang, "tui-newt-format") + " ")
                yield Select([(f, f) for f in FORMATS], value="round-robin", allow_blank=False, id="t-format",
                             compact=True)  # fmt: skip
            with Horizontal(classes="row"):
                yield label("tui-lobby-params")
                yield Input(placeholder="key=value ...", id="t-params", compact=True)
            with Horizontal(classes="row"):
                yield label("tui-newt-rounds")
                yield Input(placeholder=words.say(lang, "tui-newt-rounds-placeholder"), id="t-rounds", compact=True)
                yield Label(" " + words.say(lang, "tui-newt-gpp") + " ")
                yield Input(value="1", id="t-gpp", compact=True)
            with Horizontal(classes="row"):
                yield label("tui-lobby-clock")
                yield Input(placeholder=words.say(lang, "tui-lobby-clock-placeholder"), id="t-clock", compact=True)
            with Horizontal(classes="row"):
                yield label("tui-newt-bots")
                yield Input(placeholder=words.say(lang, "tui-newt-bots-placeholder"), id="t-bots", compact=True)
            with Horizontal(classes="row"):
                yield Checkbox(words.say(lang, "tui-lobby-rated"), value=True, id="t-rated", compact=True)
                yield Button(words.say(lang, "tui-newt-create"), id="t-create", compact=True, variant="primary")
                yield Button(words.say(lang, "tui-challenge-cancel"), id="t-cancel", compact=True)
            yield Static("", id="t-form-error")

    def on_mount(self) -> None:
        relabel(self, getattr(self.app, "lang", "en"))
        self.query_one("#t-params", Input).focus()
        self._defaults()

    @on(Select.Changed, "#t-game")
    def _game_changed(self, event: Select.Changed) -> None:
        self._defaults()

    def _defaults(self) -> None:
        game = self.query_one("#t-game", Select).value
        schema = next((g for g in self.games if g["name"] == game), None)
        if schema is not None:
            self.query_one("#t-params", Input).value = " ".join(
                f"{q['name']}={param_text(q['default'])}" for q in schema["parameters"] if q["default"] is not None
            )

    def request(self) -> p.CreateTournament:
        """The form as a ``create_tournament`` (raises ValueError naming the field that is wrong)."""
        lang = getattr(self.app, "lang", "en")
        game = self.query_one("#t-game", Select).value
        if not isinstance(game, str):
            raise ValueError(words.say(lang, "tui-challenge-no-game"))
        fmt = str(self.query_one("#t-format", Select).value)
        params = parse_params(self.query_one("#t-params", Input).value, getattr(self.app, "lang", "en"))
        rounds_text = self.query_one("#t-rounds", Input).value.strip()
        rounds = _bounded(lang, "tui-newt-rounds", rounds_text, 1, 256) if rounds_text else None
        if fmt == "swiss" and rounds is None:
            raise ValueError(words.say(lang, "tui-newt-swiss-rounds"))
        if fmt != "swiss" and rounds is not None:
            raise ValueError(words.say(lang, "tui-newt-no-rounds", format=fmt))
        gpp = _bounded(lang, "tui-newt-gpp", self.query_one("#t-gpp", Input).value.strip() or "1", 1, 1000)
        clock = p.parse_time_control(self.query_one("#t-clock", Input).value)
        bots = [b.strip().lower() for b in self.query_one("#t-bots", Input).value.replace(" ", ",").split(",")]
        bots = [b for b in bots if b]
        for b in bots:
            if b not in LEVELS:
                raise ValueError(words.say(lang, "tui-newt-bad-level", level=repr(b), levels=", ".join(LEVELS)))
        if len(bots) > MAX_BOTS:
            raise ValueError(words.say(lang, "tui-newt-many-bots", most=MAX_BOTS))
        return p.CreateTournament(
            game=game, params=params, format=fmt, rounds=rounds, games_per_pairing=gpp, time_control=clock,
            bots=bots, rated=self.query_one("#t-rated", Checkbox).value,
        )  # fmt: skip

    def _submit(self) -> None:
        try:
            msg = self.request()
        except ValueError as e:
            self.query_one("#t-form-error", Static).update(Text(i18n.error_text(getattr(self.app, "lang", "en"), e),
                                                                style="bold red"))
            return
        self.dismiss(msg)

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        self._submit()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "t-create":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def two_seats(game: dict[str, Any]) -> bool:
    """Whether a game of the catalog can be played by two (tournaments pair two entrants)."""
    seats = game.get("seats", 2)
    return seats == 2 if isinstance(seats, int) else bool(seats) and seats[0] <= 2 <= seats[-1]


def _bounded(lang: str | None, field: str, text: str, low: int, high: int) -> int:
    """The whole number ``text`` in ``low..high``, else a ValueError naming the field (``field``) in ``lang``."""
    bounds = {"field": words.say(lang, field), "low": str(low), "high": str(high)}
    try:
        value = int(text)
    except ValueError:
        raise ValueError(words.say(lang, "tui-newt-not-whole", given=repr(text), **bounds)) from None
    if not low <= value <= high:
        raise ValueError(words.say(lang, "tui-newt-out-of-bounds", given=str(value), **bounds))
    return value
