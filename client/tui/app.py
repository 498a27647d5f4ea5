"""The textual app: a lobby and a game screen over one :class:`client.connection.Connection`.

The app keeps one room on screen (:class:`LiveRoom`, fed only by the server's messages) and
sends what the player does as requests; every refusal is shown with its code and message, and
kept with the room's chat in the log beside the board.  Players are named, never numbered
(:mod:`client.names`).  Layout is made for an 80x24 terminal: compact inputs and buttons, a
board too large for its box drawn closer together, and scrolled with the cursor when it is
still too tall.  Every key is in the footer; keys a viewer cannot use are not offered.
A finished game's review (F6) and analysis board (F10) are :mod:`client.tui.analysis`'s, on the
shared model :mod:`client.analysis`; a hint lights its move on the board until the next move.

The lobby's tabs: New game (F2 creates, F3 quick match), Rooms (F4; F6 joins, F7 watches),
Tournaments (F8; open, running and finished ones, F6 or Enter opens one in
:class:`client.tui.tournaments.TournamentScreen`, F2 makes one) and Players (F9; who is online,
F6 or Enter challenges one) and Games (F10; a player's finished games, newest first, a page at a
time, Enter or F7 opens one: its board, moves, review and analysis board however long ago it ended).
A challenge received is asked about (y/n) wherever the player
is in the lobby, or once back in it when a game is on screen.
"""

from __future__ import annotations

import asyncio
import io
import textwrap
import time
from typing import Any, TypeGuard, TypeVar

from rich.console import Console
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Input,
    Label,
    OptionList,
    Select,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from websockets.exceptions import WebSocketException

from grundy import protocol as p
from grundy import rules
from grundy.client import challenges as ch
from grundy.client import player_games as pg
from grundy.client import tournament_view as tv
from grundy.client import words
from grundy.client.connection import (
    CatchingUp,
    CaughtUp,
    Connection,
    LinkClosed,
    LinkDown,
    LinkLost,
    LinkUp,
    Moved,
    Refused,
    why_unreachable,
)
from grundy.client.controls import HintState, hint_control, hint_refusal_in, notation_lines
from grundy.client.live import LiveRoom
from grundy.client.names import challenge_text, name_seats, say_text, seat_label
from grundy.client.ratings_view import rated_line
from grundy.client.tui.analysis import AnalysisMixin, ExplainedBoard
from grundy.client.tui.board import Board
from grundy.client.tui.confirm import ConfirmScreen
from grundy.client.tui.keys import relabel
from grundy.client.tui.model import format_clock, param_text, parse_opponent, parse_params
from grundy.client.tui.players import ChallengePrompt, ChallengeScreen
from grundy.client.tui.tournaments import NewTournamentScreen, TournamentScreen
from grundy.protocol import i18n

CLIENT_TAG = "grundy-tui/0.1"
FIRST_OPPONENT = "bot:easy"  # the room maker's opponent until one is chosen (a protocol value, not words)
LIST_REFRESH_S = 3.0  # how often the tournaments and players tabs ask again while shown


def opponents(lang: str | None) -> list[tuple[str, str]]:
    """The room maker's opponents in ``lang``: ``(words, value)`` for each bot level, an open seat, an invite."""
    bots = [(words.say(lang, "lobby-bot", level=level), f"bot:{level}") for level in p.BOT_LEVELS]
    return [*bots, (words.say(lang, "tui-lobby-vs-human"), "human"), (words.say(lang, "tui-lobby-vs-invite"), "invite")]


def columns(lang: str | None, *names: str) -> list[str]:
    """A table's column heads in ``lang`` (``tui-col-<name>``)."""
    return [words.say(lang, f"tui-col-{name}") for name in names]


def describe_error(e: Refused, room: LiveRoom | None = None, lang: str = "en") -> str:
    """One line for a refused request: the server's code and its message (seats named by their players)."""
    message = name_seats(e.message, room.names()) if room is not None else e.message
    return words.say(lang, "tui-refused", code=str(e.code), message=message)


def _names(room: LiveRoom, seats: list[int], lang: str) -> str:
    """The players of ``seats`` by name: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Eve`` (in ``lang``)."""
    if len(seats) == 1:
        return room.seat_name(seats[0])
    return words.say(lang, "tui-and", first=", ".join(room.seat_name(i) for i in seats[:-1]),
                     last=room.seat_name(seats[-1]))


def end_reason(room: LiveRoom, lang: str = "en") -> str:
    """Why the game ended, with the players' names: the server's own words in English; in another language
    the node's message (``reason_say``), else the catalog's from the result's ending and outcomes."""
    if lang == "en":
        return name_seats(room.reason, room.names())
    if room.reason_say is not None:
        return say_text(lang, room.reason_say, room.reason)
    if room.status == "aborted" or room.result is None:
        return words.say(lang, "end-aborted")
    outs = room.result.outcomes
    losers = [i for i, o in enumerate(outs) if o == "loss"]
    winners = [i for i, o in enumerate(outs) if o == "win"]
    ending = room.result.ending
    if ending in ("resign", "flag", "disconnect") and losers:  # (said of a name without guessing its gender)
        return words.say(lang, f"screen-end-{ending}", name=_names(room, losers, lang))
    if ending == "draw_agreed":
        return words.say(lang, "end-draw-agreed")
    if winners:
        return words.say(lang, "end-rules-win", name=_names(room, winners, lang))
    return words.say(lang, "end-rules-draw")


def result_line(room: LiveRoom, lang: str = "en") -> str:
    """Who won and why, in words, with the players' names."""
    reason = end_reason(room, lang)
    if room.status == "aborted":
        return words.say(lang, "tui-aborted", reason=reason)
    if room.result is None:
        return ""
    outs = room.result.outcomes
    if all(o == "draw" for o in outs):
        who = words.say(lang, "solve-draw")
    else:
        winners = _names(room, [i for i, o in enumerate(outs) if o == "win"], lang)
        who = words.say(lang, "end-won-by" if lang == "en" else "screen-won-by", name=winners)  # (no gender guessed)
    if room.you is not None and room.you < len(outs):
        who = words.say(lang, "tui-you-outcome", who=who, outcome=words.say(lang, f"tui-outcome-{outs[room.you]}"))
    scores = f" ({room.scores_text(room.result.scores)})" if room.result.scores else ""
    if lang != "en":  # (the ending's code is the protocol's English; a win by the rules is said once)
        return f"{who}{scores}" if room.result.ending == "rules" and room.reason_say is None \
            and any(o == "win" for o in outs) else f"{who}{scores}: {reason}"
    return f"{who}{scores}: {reason} [{room.result.ending}]"


def others_text(room: LiveRoom, lang: str | None) -> str:
    """The names of the seats that are not ours (everyone, for a spectator), in ``lang``: ``Ann and Bob``."""
    seats = [i for i in range(len(room.seats)) if i != room.you]
    return _names(room, seats, lang or "en") if seats else words.say(lang, "screen-nobody")


# ====================================================================== lobby


_S = TypeVar("_S", bound=Screen[Any])


def live(screen: _S | None) -> TypeGuard[_S]:
    """Whether ``screen`` can be drawn in: mounted (its widgets composed) and its app not shutting down (which
    closes every screen while the link may still bring a message)."""
    return screen is not None and screen.is_mounted and screen.is_attached and screen.app.is_running


class LobbyScreen(Screen[None]):
    """Games with descriptions, a room maker, open rooms, join by code, spectate, quick match; the
    tournaments (open, running, finished) and the players online, refreshed while shown."""

    BINDINGS = [
        Binding("f2", "create", "create room", priority=True),
        Binding("f2", "new_tournament", "new tournament", priority=True),
        Binding("f3", "quick", "quick match", priority=True),
        Binding("f4", "switch_tab", "rooms/games", priority=True),
        Binding("f5", "refresh", "refresh", priority=True),
        Binding("f6", "join", "join", priority=True),
        Binding("f6", "open_tournament", "open", priority=True),
        Binding("f6", "challenge", "challenge", priority=True),
        Binding("f7", "watch", "watch", priority=True),
        Binding("f8", "show_tab('tournaments-tab')", "tournaments", priority=True, show=False),  # (the tab says F8)
        Binding("f9", "show_tab('players-tab')", "players", priority=True, show=False),  # (the tab says F9)
        Binding("f10", "show_tab('games-tab')", "games", priority=True, show=False),  # (the tab says F10)
        Binding("left_square_bracket", "games_page(-1)", "newer"),
        Binding("right_square_bracket", "games_page(1)", "older"),
        Binding("f11", "desk", "desk", priority=True, show=False),  # (the footer is full: F1 and the tab list them)
        Binding("f12", "puzzles", "puzzles", priority=True, show=False),
        Binding("escape", "cancel_queue", "leave queue"),
        Binding("ctrl+q", "app.quit", "quit", priority=True),
    ]

    queued = False  # waiting in the quick-match queue

    def compose(self) -> ComposeResult:
        lang = self.grundy.lang

        def t(msg_id: str) -> str:
            return words.say(lang, msg_id)

        with TabbedContent(id="tabs"):
            with TabPane(t("tui-lobby-tab-new"), id="new"):
                with Horizontal():
                    yield OptionList(id="games")
                    with Vertical(id="maker"):
                        yield Static("", id="description")
                        yield Static("", id="allowed")
                        with Horizontal(classes="row"):
                            yield Label(t("tui-lobby-params") + " ")
                            yield Input(placeholder="key=value ...", id="params", compact=True)
                        with Horizontal(classes="row"):
                            yield Label(t("tui-lobby-clock") + " ")
                            yield Input(placeholder=t("tui-lobby-clock-placeholder"), id="clock", compact=True)
                        with Horizontal(classes="row"):
                            yield Label(t("tui-lobby-vs") + " ")
                            yield Select(opponents(lang), value=FIRST_OPPONENT, allow_blank=False, id="vs",
                                         compact=True)
                        with Horizontal(classes="row"):
                            yield Checkbox(t("tui-lobby-private"), id="private", compact=True)
                            yield Checkbox(t("tui-lobby-rated"), id="rated", compact=True)
                            yield Button(t("tui-lobby-btn-create"), id="create", compact=True, variant="primary")
                            yield Button(t("tui-lobby-btn-quick"), id="quick", compact=True)
                        yield Static(Text(t("tui-lobby-help-new"), style="dim"), id="lobby-help")
            with TabPane(t("tui-lobby-tab-rooms"), id="rooms-tab"):
                with Vertical():
                    yield DataTable(id="rooms", cursor_type="row")
                    with Horizontal(classes="row"):
                        yield Button(t("tui-lobby-btn-refresh"), id="refresh", compact=True)
                        yield Button(t("tui-lobby-btn-join"), id="join", compact=True, variant="primary")
                        yield Button(t("tui-lobby-btn-watch"), id="watch", compact=True)
                        yield Label("  " + t("tui-lobby-code") + " ")
                        yield Input(placeholder=t("tui-lobby-code-placeholder"), id="code", compact=True)
                    yield Static(Text(t("tui-lobby-help-rooms"), style="dim"), id="rooms-help")
            with TabPane(t("tui-lobby-tab-tournaments"), id="tournaments-tab"):
                with Vertical():
                    yield DataTable(id="tournaments", cursor_type="row")
                    yield Static(Text(t("tui-lobby-help-tournaments"), style="dim"), id="tournaments-help")
            with TabPane(t("tui-lobby-tab-players"), id="players-tab"):
                with Vertical():
                    yield DataTable(id="players", cursor_type="row")
                    yield Static(Text(t("tui-lobby-help-players"), style="dim"), id="players-help")
            with TabPane(t("tui-lobby-tab-games"), id="games-tab"):
                with Vertical():
                    with Horizontal(classes="row"):
                        yield Label(t("tui-lobby-player") + " ")
                        yield Input(placeholder=t("tui-lobby-player-placeholder"), id="pg-name", compact=True)
                        yield Label(" " + t("tui-lobby-game") + " ")
                        yield Input(placeholder=t("tui-lobby-game-placeholder"), id="pg-game", compact=True)
                    yield DataTable(id="player-games", cursor_type="row")
                    yield Static("", id="pg-page")
                    yield Static(Text(t("tui-lobby-help-games"), style="dim"), id="games-help")
        yield Static("", id="lobby-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        relabel(self, self.grundy.lang)
        self.say(self.grundy.last_message, error=bool(self.grundy.last_error))
        self.query_one("#games", OptionList).focus()
        lang = self.grundy.lang
        self.query_one("#tournaments", DataTable).add_columns(*columns(lang, "state", "name", "game", "format",
                                                                       "clock", "entrants", "round"))
        self.query_one("#players", DataTable).add_columns(*columns(lang, "player", "kind", "where", "ratings"))
        self.query_one("#player-games", DataTable).add_columns(*columns(lang, "ended", "game", "players", "result",
                                                                        "moves"))
        self.set_interval(LIST_REFRESH_S, self._refresh_lists)

    def _refresh_lists(self) -> None:
        """While shown, the tournaments tab and the players tab ask for their list again now and then."""
        if self.app.screen is not self or not self.grundy.link_up:
            return
        tab = self.query_one("#tabs", TabbedContent).active
        if tab == "tournaments-tab":
            self.grundy.refresh_tournaments()
        elif tab == "players-tab":
            self.grundy.refresh_players()

    def on_screen_resume(self) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each tab offers its own keys; "leave the queue" only while queued."""
        if action == "cancel_queue":
            return self.queued
        tab = self.query_one("#tabs", TabbedContent).active
        if action == "quick":
            return tab == "new" and not self.queued  # queued already: Esc leaves the queue
        if action == "create":
            return tab == "new"
        if action in ("desk", "puzzles"):
            return tab == "new" and not self.queued
        if action == "watch":
            return tab in ("rooms-tab", "games-tab")
        if action == "join":
            return tab == "rooms-tab"
        if action == "games_page":
            return tab == "games-tab" and self.games_shown is not None
        if action == "refresh":
            return tab != "new"
        if action in ("new_tournament", "open_tournament"):
            return tab == "tournaments-tab"
        if action == "challenge":
            return tab == "players-tab"
        if action == "show_tab":
            return tab != parameters[0]
        return True

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()
        focus = {"rooms-tab": "#rooms", "tournaments-tab": "#tournaments", "players-tab": "#players",
                 "games-tab": "#pg-name"}  # fmt: skip
        self.query_one(focus.get(event.pane.id or "", "#games")).focus()
        if event.pane.id == "tournaments-tab":
            self.grundy.refresh_tournaments()
        elif event.pane.id == "players-tab":
            self.grundy.refresh_players()
        elif event.pane.id == "games-tab":
            box = self.query_one("#pg-name", Input)
            welcome = self.grundy.conn.welcome
            if not box.value and welcome is not None and welcome.player:
                box.value = welcome.player  # (one's own games first)
                self.list_games(0)

    # ------------------------------------------------------------------ a player's games

    games_shown: p.PlayerGames | None = None  # the page of a player's games on screen

    @on(Input.Submitted, "#pg-name, #pg-game")
    def _games_asked(self, event: Input.Submitted) -> None:
        self.list_games(0)

    def list_games(self, offset: int) -> None:
        name = self.query_one("#pg-name", Input).value.strip()
        if not name:
            self.refuse("tui-say-type-name")
            return
        game = self.query_one("#pg-game", Input).value.strip() or None
        self.grundy.player_games(name, game, offset)

    def action_games_page(self, step: int) -> None:
        shown = self.games_shown
        if shown is None:
            return
        offset = max(0, shown.offset + step * pg.PAGE)
        if step > 0 and offset >= shown.total:
            self.refuse("tui-say-no-older")
            return
        if step < 0 and shown.offset == 0:
            self.refuse("tui-say-newest")
            return
        self.grundy.player_games(shown.name, shown.game, offset)

    def show_player_games(self, reply: p.PlayerGames) -> None:
        """A page of a player's finished games, newest first."""
        self.games_shown = reply
        table = self.query_one("#player-games", DataTable)
        table.clear()
        for g in reply.games:
            when, game, players, result, moves = pg.game_row(g, self.grundy.lang)
            table.add_row(when, game[:20], players[:28], result, moves, key=g.room)
        self.query_one("#pg-page", Static).update(pg.page_line(reply, self.grundy.lang))
        if reply.games:
            table.focus()
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#player-games")
    def _player_game_picked(self, event: DataTable.RowSelected) -> None:
        self.action_watch()

    def action_switch_tab(self) -> None:
        tabs = self.query_one("#tabs", TabbedContent)
        tabs.active = "rooms-tab" if tabs.active == "new" else "new"
        if tabs.active == "rooms-tab":
            self.grundy.refresh_rooms()

    def action_show_tab(self, tab: str) -> None:
        self.query_one("#tabs", TabbedContent).active = tab

    def action_new_tournament(self) -> None:
        self.grundy.new_tournament(self.chosen_game())

    def action_open_tournament(self) -> None:
        tid = _row_key(self.query_one("#tournaments", DataTable))
        if tid is None:
            self.refuse("tui-say-no-tournament")
        else:
            self.grundy.open_tournament(tid)

    def action_challenge(self) -> None:
        session = _row_key(self.query_one("#players", DataTable))
        player = next((pl for pl in self.grundy.players if pl.session == session), None)
        if player is None:
            self.refuse("tui-say-no-player")
        elif ch.is_you(player, self.grundy.conn.session, self.grundy.conn.player):
            self.refuse("tui-say-that-is-you")
        else:
            self.grundy.ask_challenge(player, self.chosen_game())

    @on(DataTable.RowSelected, "#tournaments")
    def _tournament_picked(self, event: DataTable.RowSelected) -> None:
        self.action_open_tournament()

    @on(DataTable.RowSelected, "#players")
    def _player_picked(self, event: DataTable.RowSelected) -> None:
        self.action_challenge()

    def action_create(self) -> None:
        self.start("create")

    def action_desk(self) -> None:
        """The analysis desk: the chosen game with the parameters typed, at its start (client/tui/desk.py)."""
        game = self.chosen_game()
        if game is None:
            self.refuse("tui-say-choose-game")
            return
        try:
            params = parse_params(self.query_one("#params", Input).value, self.grundy.lang)
            self.grundy.open_desk(game, params)
        except ValueError as e:  # (the rules' errors are ValueErrors)
            self.say(i18n.error_text(self.grundy.lang, e), error=True)

    def action_puzzles(self) -> None:
        """The puzzles: find the winning move (client/tui/desk.py)."""
        from grundy.client.tui.desk import PuzzlesScreen

        self.app.push_screen(PuzzlesScreen())

    def action_quick(self) -> None:
        self.start("quick")

    def action_join(self) -> None:
        self.enter("join")

    def action_watch(self) -> None:
        if self.query_one("#tabs", TabbedContent).active == "games-tab":
            room = _row_key(self.query_one("#player-games", DataTable))
            if room is None:
                self.refuse("tui-say-no-game")
            else:
                self.grundy.spectate(room=room)  # (a finished game opens from the server's store)
            return
        self.enter("watch")

    @on(OptionList.OptionSelected, "#games")
    def _game_picked(self, event: OptionList.OptionSelected) -> None:
        self.start("create")

    @on(DataTable.RowSelected, "#rooms")
    def _room_picked(self, event: DataTable.RowSelected) -> None:
        self.enter("join")

    @on(Input.Submitted, "#params, #clock")
    def _settings_entered(self, event: Input.Submitted) -> None:
        self.start("create")

    @on(Input.Submitted, "#code")
    def _code_entered(self, event: Input.Submitted) -> None:
        self.enter("join")

    @property
    def grundy(self) -> GrundyApp:
        app = self.app
        assert isinstance(app, GrundyApp)
        return app

    def show_games(self, games: list[dict[str, Any]]) -> None:
        ol = self.query_one("#games", OptionList)
        ol.clear_options()
        lang = self.grundy.lang  # (English: the name one types, as in `grundy play nim`; else as it is taught)
        ol.add_options([Option(g["name"] if lang == i18n.DEFAULT else words.game_name(g["name"], lang), id=g["name"])
                        for g in games])
        if games:
            ol.highlighted = 0

    def show_rooms(self, rooms: list[p.RoomSummary]) -> None:
        table = self.query_one("#rooms", DataTable)
        table.clear()
        if not table.columns:
            table.add_columns(*columns(self.grundy.lang, "room", "game", "clock", "seats", "status"))
        for r in rooms:
            tc = r.time_control
            clock = "--" if tc is None else p.format_time_control(tc)
            seats = ", ".join(seat_label(s, self.grundy.lang) for s in r.seats)
            title = words.room_title(r.game, r.params, self.grundy.lang, r.title)  # (in the terminal's language)
            table.add_row(r.room, title[:34], clock, seats[:22], r.status, key=r.room)

    def show_tournaments(self, tournaments: list[p.TournamentSummary]) -> None:
        """The tournaments by state (open, running, finished); the cursor stays on the same one."""
        table = self.query_one("#tournaments", DataTable)
        chosen = _row_key(table)
        table.clear()
        keys = []
        for t in tv.ordered(tournaments):
            state, name, game, fmt, clock, entrants, rnd = tv.summary_row(t, getattr(self.app, "lang", "en"))
            style = {"open": "bold green", "running": "yellow"}.get(t.status, "dim")
            table.add_row(Text(state, style=style), name[:22], game, fmt[:16], clock, entrants, rnd, key=t.tournament)
            keys.append(t.tournament)
        if chosen in keys:
            table.move_cursor(row=keys.index(chosen))

    def show_players(self, players: list[p.PlayerInfo]) -> None:
        """The players online (you marked); the cursor stays on the same player."""
        table = self.query_one("#players", DataTable)
        chosen = _row_key(table)
        table.clear()
        keys = []
        for pl in players:
            name, kind, where, ratings = ch.player_row(pl, self.grundy.conn.session, self.grundy.conn.player,
                                                       self.grundy.lang)
            table.add_row(name[:26], kind, where[:30], ratings[:40], key=pl.session)
            keys.append(pl.session)
        if chosen in keys:
            table.move_cursor(row=keys.index(chosen))

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#lobby-status", Static).update(Text(text, style="bold red" if error else ""))

    def refuse(self, msg_id: str) -> None:
        """Why a key did nothing, in red: the catalog's message ``msg_id`` in the player's language."""
        self.say(words.say(self.grundy.lang, msg_id), error=True)

    @on(OptionList.OptionHighlighted, "#games")
    def _game_chosen(self, event: OptionList.OptionHighlighted) -> None:
        game = self.grundy.game_schema(str(event.option.id))
        if game is None:
            return
        about = f"game-about-{game['name']}"  # (the rules' own words in English: tests/protocol/test_i18n.py)
        said = words.say(self.grundy.lang, about) if i18n.has(about) else game["description"]
        self.query_one("#description", Static).update(said)
        allowed = "; ".join(f"{q['name']}: {q['allowed']}" for q in game["parameters"])
        self.query_one("#allowed", Static).update(Text(allowed, style="dim"))
        defaults = " ".join(
            f"{q['name']}={param_text(q['default'])}" for q in game["parameters"] if q["default"] is not None
        )
        self.query_one("#params", Input).value = defaults

    def chosen_game(self) -> str | None:
        ol = self.query_one("#games", OptionList)
        if ol.highlighted is None:
            return None
        return str(ol.get_option_at_index(ol.highlighted).id)

    def selected_room(self) -> str | None:
        table = self.query_one("#rooms", DataTable)
        if table.row_count == 0:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id
        if bid in ("create", "quick"):
            self.start(bid)
        elif bid == "refresh":
            self.grundy.refresh_rooms()
        elif bid in ("join", "watch"):
            self.enter(bid)

    def start(self, how: str) -> None:
        """Create a room of the chosen game (``create``) or queue for a quick match of it (``quick``)."""
        app = self.grundy
        game = self.chosen_game()
        if game is None:
            self.refuse("tui-say-choose-game")
            return
        try:
            params = parse_params(self.query_one("#params", Input).value, self.grundy.lang)
            clock = p.parse_time_control(self.query_one("#clock", Input).value)
            vs = str(self.query_one("#vs", Select).value)
            parse_opponent(vs, self.grundy.lang)
        except ValueError as e:
            self.say(i18n.error_text(self.grundy.lang, e), error=True)
            return
        rated = self.query_one("#rated", Checkbox).value
        if rated:
            why = app.rated_refusal(game, params)
            if why is not None:
                self.say(why, error=True)
                return
        if how == "create":
            app.create_room(game, params, vs, clock, private=self.query_one("#private", Checkbox).value, rated=rated)
        else:
            app.quick_match(game, params, clock, rated=rated)

    def enter(self, how: str) -> None:
        """Join (``join``) or watch (``watch``) the room whose code is typed, else the room chosen in the list."""
        app = self.grundy
        code = self.query_one("#code", Input).value.strip()
        if code:
            if how == "join":
                app.join(code=code)
            else:
                app.spectate(code=code)
            return
        room = self.selected_room()
        if room is None:
            self.refuse("tui-say-no-room")
        elif how == "join":
            app.join(room=room)
        else:
            app.spectate(room=room)

    def action_cancel_queue(self) -> None:
        self.grundy.cancel_quick_match()

    def action_refresh(self) -> None:
        tab = self.query_one("#tabs", TabbedContent).active
        if tab == "tournaments-tab":
            self.grundy.refresh_tournaments()
        elif tab == "players-tab":
            self.grundy.refresh_players()
        elif tab == "games-tab":
            self.list_games(self.games_shown.offset if self.games_shown is not None else 0)
        else:
            self.query_one("#tabs", TabbedContent).active = "rooms-tab"
            self.grundy.refresh_rooms()

    def set_queued(self, queued: bool) -> None:
        self.queued = queued
        self.refresh_bindings()


def _row_key(table: DataTable[Any]) -> str | None:
    """The key of the row under a table's cursor (None when the table is empty)."""
    if table.row_count == 0:
        return None
    return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)


# ====================================================================== game


class GameScreen(Screen[None]):
    """The board, the seats with their clocks, whose turn, the moves, the room's chat and log, and the controls.

    Spectators see no player controls (no move input, hint, resign, draw or rematch).
    """

    BINDINGS = [
        Binding("f2", "hint", "hint", priority=True),
        Binding("f3", "resign", "resign", priority=True),
        Binding("f4", "rematch", "rematch", priority=True),
        Binding("f5", "chat", "chat", priority=True),
        Binding("f6", "review", "review", priority=True),
        Binding("f7", "lobby", "lobby", priority=True),
        Binding("f8", "draw", "draw", priority=True),
        Binding("f9", "decline_draw", "no draw", priority=True),
        Binding("f10", "analysis", "analysis board", priority=True),
        Binding("escape", "switch_focus", "board/typing", show=False),
        Binding("ctrl+q", "app.quit", "quit", priority=True, show=False),  # (F1's help says it: the footer keeps
        # the game's keys, F9 too, within 80 columns in every language)
    ]

    def compose(self) -> ComposeResult:
        lang = getattr(self.app, "lang", "en")

        def say(msg_id: str) -> str:
            return words.say(lang, msg_id)

        yield Static("", id="title")
        with Horizontal(id="main"):
            with ScrollableContainer(id="board-box"):
                yield ExplainedBoard(id="board")
            with Vertical(id="side"):
                yield Static("", id="seats")
                yield Static("", id="status")
                yield Static("", id="notes")
                yield Static("", id="moves")
                yield Static("", id="log")
                yield Input(placeholder=say("tui-chat-placeholder"), id="chat", compact=True)
        with Horizontal(id="controls"):
            yield Input(placeholder=say("tui-move-placeholder"), id="move", compact=True)
            for key in ("hint", "resign", "draw", "rematch", "review", "lobby"):
                yield Button(say(f"tui-btn-{key}"), id=key, compact=True)
        yield Static("", id="message")
        yield Footer(compact=True)

    _seats_text = ""

    def focus_where_one_acts(self, room: LiveRoom | None) -> None:
        """A player types moves; a spectator can only talk."""
        if room is not None and room.you is None:
            self.query_one("#chat", Input).focus()
        else:
            self.query_one("#move", Input).focus()

    def on_mount(self) -> None:
        relabel(self, self.grundy.lang)
        self.set_interval(0.1, self.show_clocks)
        self.focus_where_one_acts(self.grundy.room)
        self.redraw()
        self.call_after_refresh(self.redraw)  # again once the board's box has its size (notes wrap to it)

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        if self.grundy.room is not None:
            self.show_room(self.grundy.room)

    @property
    def grundy(self) -> GrundyApp:
        app = self.app
        assert isinstance(app, GrundyApp)
        return app

    def say(self, text: str, error: bool = False) -> None:
        for line in self.query("#message").results(Static):  # (none yet while the screen is being built)
            line.update(Text(text, style="bold red" if error else "bold"))

    def show_log(self, entries: list[tuple[str, str]]) -> None:
        """The room's chat and explanations, newest last (as many as fit)."""
        if not self.query("#log"):
            return  # (the screen is mounted but its parts are not yet: its own mount draws the log)
        log = self.query_one("#log", Static)
        width = max(10, log.size.width or 27)
        height = max(1, log.size.height or 6)
        lines: list[tuple[str, str]] = []
        for style, entry in entries:
            for line in textwrap.wrap(entry, width, subsequent_indent="  ") or [""]:
                lines.append((style, line))
        text = Text()
        for style, line in lines[-height:]:
            text.append(line + "\n", style=style)
        log.update(text)

    def show_room(self, room: LiveRoom) -> None:
        """Redraw everything from the room model."""
        if not self.query("#log"):
            return  # (the screen is mounted but its parts are not yet: its own mount redraws it)
        lang = self.grundy.lang
        you = words.say(lang, "screen-you", name=room.seat_name(room.you)) if room.you is not None \
            else words.say(lang, "screen-watching")
        code = " · " + words.say(lang, "screen-code", code=room.code) if room.code else ""
        rated = " · " + words.say(lang, "tui-lobby-rated") if room.rated else ""
        mark = room.mark_of(room.you)
        you += f" ({mark})" if mark else ""
        heading = words.room_title(room.game, room.params, lang, room.heading)  # (in its language)
        title = f" {heading} · {words.say(lang, 'screen-room', room=room.room)}{code}{rated} · {you}"
        self.query_one("#title", Static).update(Text(title, style="bold"))
        last = room.last_move
        box = self.query_one("#board-box")
        board = self.query_one(ExplainedBoard)
        board.explanation = self.grundy.hint_shown(room)  # the last hint lit, until the next move
        width, height = box.size.width - 2, box.size.height  # room for a scrollbar
        traits = room.traits
        board.show(
            room.game, room.params, room.view or {}, list(room.legal_moves or []) or None, last, width or None,
            height or None, kind=room.view_kind, modes=None if traits is None else traits.move_modes,
            won=room.winning_line,
        )  # fmt: skip
        self.show_clocks()
        self.query_one("#status", Static).update(self.status_text(room))
        notes = [name_seats(n, room.names()) for n in board.notes]
        if not room.moves and room.status in ("waiting", "playing") and room.you is not None:
            # before the first move: how moves are written, with an example (the narrow column keeps the game's
            # own words for F1, which shows them whole)
            notes += [words.say(lang, "screen-f1-notation", line=line)
                      for line in notation_lines(None, room.legal_moves, lang)]
        self.query_one("#notes", Static).update(Text("\n".join(notes), style="dim"))
        self.query_one("#notes").display = bool(notes)
        lines = []
        for i in range(0, len(room.moves), 2):
            pair = room.moves[i : i + 2]
            lines.append(f"{i // 2 + 1:>3}. " + "  ".join(f"{m.move or '?':<7}" for m in pair))
        self.query_one("#moves", Static).update("\n".join(lines[-4:]))
        player = room.you is not None
        for control in ("#move", "#hint", "#resign", "#draw", "#rematch"):
            self.query_one(control).display = player
        self.query_one("#rematch", Button).disabled = not room.is_over
        self.query_one("#review", Button).disabled = not room.is_over
        self.query_one("#resign", Button).disabled = room.status != "playing"
        drawable = room.traits is None or room.traits.can_draw  # the game can end level (traits.can_draw)
        self.query_one("#draw", Button).disabled = room.status != "playing" or not drawable
        draw_label = words.say(
            self.grundy.lang, "tui-btn-accept-draw" if self.grundy.draw_offered_to_me() else "tui-btn-draw")
        draw = self.query_one("#draw", Button)
        if str(draw.label) != draw_label:
            draw.label = draw_label
            draw.refresh(layout=True)  # (the button's width follows its words: "Accept draw" is longer)
        state, why = self.grundy.hint_control()  # (client/controls.py: the rule of every client)
        hint = self.query_one("#hint", Button)
        hint.display, hint.disabled, hint.tooltip = state != "hidden", state == "disabled", why
        self.show_log(self.grundy.room_log)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Player keys are not offered to spectators; "no draw" only while a draw is offered to us."""
        room = self.grundy.room
        if action in ("hint", "resign", "rematch", "draw", "decline_draw") and (room is None or room.you is None):
            return False
        if action == "decline_draw":
            return self.grundy.draw_offered_to_me()
        if action in ("rematch", "review", "analysis") and (room is None or not room.is_over):
            return False
        if action in ("hint", "resign", "draw") and room is not None and room.status != "playing":
            return False
        return True

    def status_text(self, room: LiveRoom) -> Text:
        lang = self.grundy.lang
        if room.status == "waiting":
            challenged = self.grundy.challenges.waiting_for(room.room)
            if challenged is not None:
                line = words.say(lang, "screen-waiting-challenge", name=challenged)
                if room.code:
                    line += f";\n{ch.link_text(room.code, challenged, lang)}"
                return Text(line, style="yellow")
            share = ch.link_text(room.code, None, lang) if room.code else words.say(lang, "screen-room", room=room.room)
            return Text(words.say(lang, "screen-waiting-players", share=share), style="yellow")
        if room.is_over:
            text = Text(result_line(room, lang), style="bold magenta")
            asked = [i for i in room.rematch if i != room.you]
            if room.you is not None and room.you in room.rematch:
                waiting = [i for i in range(len(room.seats)) if i not in room.rematch]
                names = _names(room, waiting, lang) if waiting else words.say(lang, "screen-rematch-the-room")
                text.append("\n" + words.say(lang, "screen-rematch-you-asked", names=names), style="cyan")
            elif asked:
                text.append("\n" + words.say(lang, "screen-rematch-asked", name=_names(room, asked, lang),
                                             player="yes" if room.you is not None else "no"), style="cyan")
            return text
        mark = room.your_mark()
        mark = f"\n{mark}" if mark else ""
        scores = room.view.get("scores") if room.traits is not None and room.traits.scores and room.view else None
        scores = f"\n{room.scores_text(scores)}" if isinstance(scores, list) else ""
        lang = self.grundy.lang
        if room.is_my_turn:
            return Text(words.say(lang, "tui-your-move", ply=room.ply) + mark + scores, style="bold green")
        who = room.seat_name(room.turn) if room.turn is not None else "?"
        return Text(words.say(lang, "tui-to-move", name=who, ply=room.ply) + mark + scores)

    def show_clocks(self) -> None:
        room = self.grundy.room
        if room is None:
            return
        now = time.monotonic()
        text = Text()
        for seat in range(len(room.seats)):
            mark = "▶" if room.status == "playing" and room.turn == seat else " "
            you = "*" if seat == room.you else " "
            info = room.seats[seat]
            away = info.connected or info.kind == "bot" or not info.player
            name = room.seat_name(seat)
            name = (name if away else words.say(self.grundy.lang, "screen-away", name=name))[:17]
            line = f"{mark}{you}{name:<17} {format_clock(room.clock_left(seat, now)):>7}\n"
            text.append(line, style="bold" if mark == "▶" else "")
        abort_in = room.abort_in(now)
        if abort_in is not None:
            text.append(words.say(self.grundy.lang, "screen-first-move-within", seconds=f"{abort_in:.0f}") + "\n",
                        style="yellow")
        if text.plain != self._seats_text:  # redraw only when a clock or a seat changed
            self._seats_text = text.plain
            self.query_one("#seats", Static).update(text)

    @on(Input.Submitted, "#move")
    def _typed(self, event: Input.Submitted) -> None:
        move = event.value.strip()
        if move:
            event.input.value = ""
            self.grundy.play(move)

    @on(Input.Submitted, "#chat")
    def _said(self, event: Input.Submitted) -> None:
        words = event.value.strip()
        if words:
            event.input.value = ""
            self.grundy.chat(words)

    @on(Board.MovePicked)
    def _picked(self, event: Board.MovePicked) -> None:
        self.grundy.play(event.move)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        action = {"hint": self.action_hint, "resign": self.action_resign, "rematch": self.action_rematch,
                  "review": self.action_review, "lobby": self.action_lobby, "draw": self.action_draw,
                  }.get(event.button.id or "")  # fmt: skip
        if action is not None:
            action()

    def action_switch_focus(self) -> None:
        """Esc moves the keyboard between the move input and the board's cursor (spectators: chat and board)."""
        board = self.query_one(Board)
        typing = self.query_one("#move" if self.query_one("#move").display else "#chat", Input)
        if board.has_focus:
            typing.focus()
        else:
            board.focus()
            board.show_cursor()

    def action_chat(self) -> None:
        self.query_one("#chat", Input).focus()

    def action_hint(self) -> None:
        self.grundy.ask_hint()

    def action_resign(self) -> None:
        self.grundy.confirm_resign()

    def action_rematch(self) -> None:
        self.grundy.rematch()

    def action_review(self) -> None:
        self.grundy.show_review()

    def action_analysis(self) -> None:
        self.grundy.open_analysis()

    def action_lobby(self) -> None:
        self.grundy.back_to_lobby()

    def action_draw(self) -> None:
        self.grundy.draw(accept=True)

    def action_decline_draw(self) -> None:
        self.grundy.draw(accept=False)


# ====================================================================== the app


class GrundyApp(AnalysisMixin, App[int]):
    """The terminal client.  Start options: ``game`` (create a room at once), ``join``, ``spectate``."""

    TITLE = "grundy"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("f1", "help", "help", priority=True)]
    CSS = """
    Screen { layout: vertical; }
    .row { height: 1; margin-top: 1; }
    .row Label { width: auto; }
    .row Input { width: 1fr; }
    .row Select { width: 26; }
    .row Button, .row Checkbox { margin-left: 1; }
    #games { width: 20; height: 1fr; }
    #maker { padding-left: 1; }
    #description { height: auto; max-height: 6; }
    #allowed { height: auto; max-height: 4; margin-top: 1; }
    #tabs { height: 1fr; }
    #rooms { height: 1fr; }
    #lobby-status { height: 1; }
    #lobby-help, #rooms-help { height: auto; margin-top: 1; }
    #rooms-tab Button { width: auto; }
    #maker .row Button { width: auto; min-width: 6; }
    #maker .row Checkbox { margin-left: 0; }
    #title { height: 1; background: $primary-background; }
    #main { height: 1fr; }
    #board-box { width: 1fr; }
    #side { width: 28; padding-left: 1; }
    #seats { height: auto; }
    #status { height: auto; max-height: 4; }
    #notes { height: auto; max-height: 3; }
    #moves { height: auto; max-height: 4; color: $text-muted; }
    #log { height: 1fr; min-height: 2; }
    #chat { height: 1; }
    #controls { height: 1; }
    #controls Input { width: 1fr; }
    #controls Button { margin-left: 1; min-width: 6; }
    #message { height: auto; max-height: 3; }
    ConfirmScreen { align: center middle; }
    #confirm-box { width: 60; height: 7; border: round $error; background: $surface; padding: 0 1; }
    #question { height: auto; }
    NewTournamentScreen, ChallengeScreen, ChallengePrompt { align: center middle; }
    #form-box { width: 72; height: auto; border: round $primary; background: $surface; padding: 0 1; }
    #form-box Select { width: 1fr; }
    #t-gpp { width: 8; }
    #t-form-error, #c-error { height: auto; }
    #tournaments, #players, #player-games { height: 1fr; }
    #tournaments-help, #players-help, #games-help, #pg-page { height: auto; }
    #pg-name, #pg-game { width: 1fr; }
    #t-title { height: 2; background: $primary-background; }
    #standings { height: 1fr; }
    #round-title { height: 1; }
    #round-games { height: 1fr; max-height: 9; }
    #t-status { height: 1; }
    """

    def __init__(
        self,
        url: str,
        name: str = "player",
        *,
        game: str | None = None,
        params: dict[str, Any] | None = None,
        vs: str = "bot:easy",
        clock: p.TimeControl | None = None,
        join: str | None = None,
        spectate: str | None = None,
        connection: Connection | None = None,
        secret: str | None = None,
        rated: bool = False,
        lang: str | None = None,
    ) -> None:
        super().__init__()
        self.url = url
        self.player_name = name
        self.start_game = game
        self.start_params = params or {}
        self.start_vs = vs
        self.start_clock = clock
        self.start_rated = rated  # the room `game` starts is rated
        self.start_join = join
        self.start_spectate = spectate
        self.conn = connection or Connection(url, name, client=CLIENT_TAG, secret=secret, lang=lang)
        self.lang = self.conn.lang  # the language of its words (--lang, else the system's locale)
        self.games: list[dict[str, Any]] = []
        self.room: LiveRoom | None = None
        self.codes: dict[str, str] = {}
        self.lobby = LobbyScreen()
        self.game_screen: GameScreen | None = None
        self.last_message = ""
        self.last_error = ""
        self.messages: list[str] = []  # everything said, oldest first
        self.room_log: list[tuple[str, str]] = []  # the room's chat and explanations: (style, text), oldest first
        self.log_room: str | None = None  # the room the log is about
        self.following: str | None = None  # a spectator's finished room whose rematch is being looked for
        self.link_up = False
        self.resumed_room = False  # a resume with a room on screen, until that room's snapshot says how it stands
        self.pending_move: tuple[str, int, str] | None = None  # (room, ply, text) sent when the link dropped
        self.tournaments: dict[str, p.TournamentSummary] = {}  # the last list, by id
        self.tournament_states: dict[str, p.TournamentState] = {}  # the last state of each tournament seen
        self.tournament_screen: TournamentScreen | None = None
        self.players: list[p.PlayerInfo] = []  # the last list of players online
        self.challenges = ch.Challenges()  # received ones waiting for our answer, sent ones waiting for theirs
        self.challenges.lang = self.lang
        self.prompting: str | None = None  # the room of the challenge whose prompt is on screen
        self.refusal: str | None = None  # why the node refused our hello (the app exits with it)

    # ------------------------------------------------------------------ startup and the event pump

    def on_mount(self) -> None:
        relabel(self, self.lang)  # (its own key, F1 help, in the footer's language too)
        self.push_screen(self.lobby)
        self.run_link()

    @work(exclusive=True, group="link")
    async def run_link(self) -> None:
        try:
            await self.conn.connect()
        except Refused as e:  # (a wrong secret, a name taken or banned: nothing here can change it)
            self.refusal = why_unreachable(self.url, e)
            self.exit(return_code=1)
            return
        except (OSError, TimeoutError, WebSocketException) as e:
            why = why_unreachable(self.url, e)
            self.say(words.say(self.lang, "tui-lobby-unreachable", url=self.url, why=why), error=True)
            return
        self.link_up = True
        self.say(words.say(self.lang, "tui-lobby-connected", url=self.url, name=self.conn.name))
        try:
            games = await self.conn.request(p.ListGames())
            assert isinstance(games, p.Games)
            self.games = games.games
            self.lobby.show_games(self.games)
            await self._start_action()
            if self.room is None:
                await self._refresh_rooms()
            async for event in self.conn.events():
                self.handle(event)
        except LinkClosed as e:
            self.link_up = False
            self.say(words.say(self.lang, "tui-lobby-link-over", why=str(e)), error=True)

    async def _start_action(self) -> None:
        if self.start_join:
            await self._join(code=self.start_join)
        elif self.start_spectate:
            await self._spectate(room=self.start_spectate)
        elif self.start_game:
            await self._create(self.start_game, self.start_params, self.start_vs, self.start_clock, False,
                               rated=self.start_rated)  # fmt: skip

    def handle(self, event: Any) -> None:
        """One message from the server (or a link event): update the room and the screen."""
        if isinstance(event, p.TournamentState):
            self.show_tournament(event)
            return
        if isinstance(event, p.Challenged):
            self.challenged(event)
            return
        if isinstance(event, p.ChallengeDeclined):
            self.challenge_declined(event)
            return
        if isinstance(event, p.ChallengeAnswered):
            self.challenge_answered(event)
            return
        if isinstance(event, LinkDown):
            self.link_up = False
            self.say(words.say(self.lang, "screen-link-lost", code=str(event.code)), error=True)
            return
        if isinstance(event, Moved):  # (in the room's log, as a lost connection is: each is followed by its end)
            self.say(words.say(self.lang, "screen-moved", url=event.new_url), log=True)
            return
        if isinstance(event, LinkUp):
            self.link_up = True
            # Whether the game goes on is said once the room's snapshot after the resume is here: it may have
            # ended while the link was down (a forfeit, a node that came back).
            self.say(words.say(self.lang, "screen-reconnected" if event.resumed else "screen-session-lost"), log=True)
            self.resumed_room = event.resumed and self.room is not None
            return
        if isinstance(event, CatchingUp):
            self.say(words.catching_up(self.lang), log=True)
            return
        if isinstance(event, CaughtUp):
            self.say(words.caught_up(event.after_s, self.lang, event.ended), log=True)
            return
        if isinstance(event, p.RoomState):
            current = self.room
            # a game of one's own (a tournament round, an accepted challenge) takes the place of one watched
            seated = current is not None and current.you is None and event.you is not None
            if current is None or current.room == event.room or current.is_over or seated:
                if current is not None and current.room != event.room and current.you is None and not seated:
                    if event.rematch_of != current.room:
                        return  # a spectator looking for the rematch saw another room: not this one
                if seated and current is not None and not current.is_over:
                    self._request(p.Leave(room=current.room))
                self.challenges.opened(event.room)
                if current is not None and current.room == event.room:
                    current.apply(event)  # the same room again: its chat is kept
                    current.code = current.code or self.codes.get(event.room)
                    self.room = current
                else:
                    self.room = LiveRoom.from_state(event, code=self.codes.get(event.room))
                    self.room.lang = self.lang  # (its seats and marks in the terminal's language)
                if self.log_room != event.room:  # a new game (a rematch): the last one's messages go
                    self.room_log, self.log_room = [], event.room
                    self.say("")
                    for line in event.chat:  # what was said in the room before (a reload, a late spectator)
                        self.note(f"{line.name}: {line.text}", "")
                    if live(self.game_screen):
                        self.game_screen.focus_where_one_acts(self.room)
                    if event.rematch_of:
                        who = others_text(self.room, self.lang) if self.room.you is not None \
                            else words.say(self.lang, "screen-same-players")
                        self.note(words.say(self.lang, "screen-rematch-again", names=who), "cyan")
                if self.analysis_room != event.room:
                    self.forget_analysis()
                if self.resumed_room and self.room.room == event.room:
                    self.resumed_room = False
                    if self.room.status == "playing":
                        self.say(words.say(self.lang, "screen-goes-on"))
                self._resend_pending()
                self.show_game()
            return
        if isinstance(event, p.GameRated):
            if self.room is not None and self.room.room == event.room:
                self.say(rated_line(event.ratings, self.room.you, self.room.seat_name, event.won_side, self.lang),
                         log=True)
            self.refresh_players()  # (the ratings in the list moved: asked again, no refresh needed)
            return
        if self.room is None or not self.room.apply(event):
            return
        room, lang = self.room, self.lang
        for request in room.take_outbox():  # a move was missed: the snapshot repairs the room
            self._request(request)
        if isinstance(event, p.GameOver):
            self.say(result_line(room, self.lang))
            self.compute_review()
        elif isinstance(event, p.MoveMade) and event.seat != room.you:
            self.say(words.say(lang, "screen-played", name=room.seat_name(event.seat),
                               move=event.move or words.say(lang, "screen-hidden")))
        elif isinstance(event, p.PlayerStatus):
            state = "screen-player-back" if event.connected else "screen-player-away"
            self.say(words.say(lang, state, name=room.seat_name(event.seat)), log=True)
        elif isinstance(event, p.DrawOffered) and event.seat != room.you:
            self.say(words.say(lang, "screen-draw-offered", name=room.seat_name(event.seat),
                               player="yes" if room.you is not None else "no"), log=True)
        elif isinstance(event, p.DrawOffered):
            self.say(words.say(lang, "screen-you-offered-draw"), log=True)
        elif isinstance(event, p.DrawDeclined) and event.seat != room.you:
            self.say(words.say(lang, "screen-draw-declined", name=room.seat_name(event.seat)), log=True)
        elif isinstance(event, p.RematchOffered):
            if event.seat == room.you:
                waiting = [i for i in range(len(room.seats)) if i not in event.agreed]
                names = _names(room, waiting, lang) if waiting else words.say(lang, "screen-rematch-new-room")
                self.say(words.say(lang, "screen-rematch-you-asked", names=names), log=True)
            else:
                answer = room.you is not None and room.you not in event.agreed
                self.say(words.say(lang, "screen-rematch-asks", name=room.seat_name(event.seat),
                                   player="yes" if answer else "no"), log=True)
            if room.you is None and len(event.agreed) == len(room.seats):
                self.follow_rematch(room)
        elif isinstance(event, p.Chat):
            self.note(f"{event.name}: {event.text}", "")
        self._redraw()

    def _resend_pending(self) -> None:
        """After a resume: a move sent as the link dropped is resent when the snapshot shows it was not played."""
        pending, self.pending_move = self.pending_move, None
        room = self.room
        if pending and room and pending[0] == room.room and pending[1] == room.ply and room.is_my_turn:
            self.play(pending[2])

    # ------------------------------------------------------------------ screens

    def show_game(self) -> None:
        self.lobby.queued = False
        if self.game_screen is None:
            self.game_screen = GameScreen()
            self.push_screen(self.game_screen)
        else:
            self._redraw()

    def _redraw(self) -> None:
        if live(self.game_screen) and self.room is not None:
            self.game_screen.show_room(self.room)

    def action_help(self) -> None:
        """F1: the keys of the screen on top and the notation of the game on it, with an example."""
        from grundy.client.tui.analysis import AnalysisScreen
        from grundy.client.tui.desk import HelpScreen, notation_help

        screen = self.screen
        if isinstance(screen, HelpScreen):
            screen.dismiss(None)
            return
        declared = {b.action for b in getattr(type(screen), "BINDINGS", []) if isinstance(b, Binding)}

        def shown(key: str) -> str:
            return key.replace("ctrl+", "Ctrl+") if "+" in key else key.upper() if len(key) > 1 else key

        keys = [(shown(key), b.binding.description) for key, b in screen.active_bindings.items()
                if b.binding.action in declared and b.enabled and b.binding.description and key != "f1"]  # fmt: skip
        if isinstance(screen, AnalysisScreen):
            game, params = screen.model.game_name, screen.model.params
            keys += [("←/→", words.say(self.lang, "screen-help-step")),
                     ("Home/End", words.say(self.lang, "screen-help-ends"))]
        elif self.room is not None and isinstance(screen, GameScreen):
            game, params = self.room.game, dict(self.room.params)
        else:
            lobby = screen if isinstance(screen, LobbyScreen) else None
            game = lobby.chosen_game() if lobby is not None else None
            try:
                typed = lobby.query_one("#params", Input).value if lobby is not None else ""
                params = parse_params(typed, self.lang)
            except ValueError:
                params = {}
        self.push_screen(HelpScreen(keys, notation_help(game, params, self.lang)))

    def say(self, text: str, error: bool = False, log: bool = False) -> None:
        """Show a message on the current screen (errors in red); errors and ``log`` ones also go to the room's log."""
        self.last_message = text
        if text:
            self.messages = [*self.messages[-199:], text]
        if error:
            self.last_error = text
        if (error or log) and text and self.room is not None:
            self.note(text, "bold red" if error else "cyan")
        if live(self.game_screen):
            self.game_screen.say(text, error)
        elif live(self.tournament_screen):
            self.tournament_screen.say(text, error)
        elif live(self.lobby):
            self.lobby.say(text, error)

    def note(self, text: str, style: str) -> None:
        """Add a line to the room's log (chat, refusals, offers) and show it."""
        self.room_log = [*self.room_log[-99:], (style, text)]
        if live(self.game_screen):
            self.game_screen.show_log(self.room_log)

    def game_schema(self, name: str) -> dict[str, Any] | None:
        return next((g for g in self.games if g["name"] == name), None)

    def back_to_lobby(self) -> None:
        room = self.room
        if room is not None and room.status == "playing" and room.you is not None:
            self.say(words.say(self.lang, "screen-game-on"), error=True)
            return
        if room is not None and not room.is_over:
            self._request(p.Leave(room=room.room))
        if room is not None:
            self.challenges.withdrawn(room.room)  # leaving a challenge's room withdraws it
        self.room = None
        self.room_log, self.log_room = [], None
        if self.game_screen is not None:
            self.pop_screen()
            self.game_screen = None
        self.refresh_rooms()
        if self.tournament_screen is not None and self.tournament_screen.state is not None:
            self.tournament_screen.show(self.tournament_screen.state)
        self._prompt_next()

    # ------------------------------------------------------------------ requests

    def _request(self, msg: Any) -> None:
        self.run_worker(self._send(msg), group="requests")

    async def _send(self, msg: Any) -> Any:
        try:
            return await self.conn.request(msg)
        except Refused as e:
            if e.code == p.ErrorCode.UNAVAILABLE:  # (not sent again by itself, or still refused minutes later)
                self.say(words.not_done(msg.type.replace("_", " "), self.lang), error=True)
                return None
            if e.resent and e.code == p.ErrorCode.GAME_OVER:  # (sent through an outage: the game ended meanwhile,
                return None  # as its own message said)
            self.say(describe_error(e, self.room, self.lang), error=True)
        except LinkLost:
            self.say(words.say(self.lang, "screen-dropped"), error=True)
        except (LinkClosed, TimeoutError) as e:
            self.say(words.say(self.lang, "screen-no-answer", why=str(e)), error=True)
        return None

    def play(self, move: str) -> None:
        """Send ``move`` for the room on screen at its current ply."""
        room = self.room
        if room is None:
            self.say(words.say(self.lang, "screen-no-game"), error=True)
            return
        if room.you is None:
            self.say(words.say(self.lang, "screen-spectator-move"), error=True)
            return
        self.run_worker(self._play(room.room, room.ply, move), group="requests")

    async def _play(self, room: str, ply: int, move: str) -> None:
        try:
            await self.conn.request(p.Move(room=room, ply=ply, move=move))
        except Refused as e:
            if self.room is not None:
                self.room.refused(e.code, e.message, e.room)
                for request in self.room.take_outbox():
                    self._request(request)
            if e.resent and e.code in (p.ErrorCode.STALE_PLY, p.ErrorCode.GAME_OVER):  # (a copy sent through an
                return  # outage was played, or the game ended meanwhile: the room's own messages show it)
            if e.code == p.ErrorCode.UNAVAILABLE:
                self.say(words.move_not_stored(move, self.lang), error=True)
                return
            self.say(describe_error(e, self.room, self.lang), error=True)
        except LinkLost:
            self.pending_move = (room, ply, move)
            self.say(words.say(self.lang, "screen-dropped-move"), error=True)
        except (LinkClosed, TimeoutError) as e:
            self.say(words.say(self.lang, "screen-move-no-answer", why=str(e)), error=True)

    def create_room(
        self, game: str, params: dict[str, Any], vs: str, clock: p.TimeControl | None, private: bool,
        rated: bool = False,
    ) -> None:
        self.run_worker(self._create(game, params, vs, clock, private, rated), group="requests")

    def rated_refusal(self, game: str, params: dict[str, Any]) -> str | None:
        """Why a rated game of ``game`` cannot be asked for, in words (a guest, not two seats); None if it can."""
        welcome = self.conn.welcome
        return ch.rated_refusal(welcome.player if welcome is not None else None, game, params, self.lang)

    async def _create(
        self,
        game: str,
        params: dict[str, Any],
        vs: str,
        clock: p.TimeControl | None,
        private: bool,
        rated: bool = False,
    ) -> None:
        try:
            other = parse_opponent(vs, self.lang)
            seats_n = rules.create(game, **params).seats
        except (ValueError, rules.RulesError) as e:
            self.say(i18n.error_text(self.lang, e), error=True)
            return
        msg = p.CreateRoom(
            game=game, params=params, time_control=clock, seats=[p.SeatRequest(), *[other] * (seats_n - 1)],
            seat=0, private=private, rated=rated,
        )  # fmt: skip
        created = await self._send(msg)
        if isinstance(created, p.RoomCreated) and created.code:
            self.codes[created.room] = created.code
            if self.room is not None and self.room.room == created.room:
                self.room.code = created.code
                self._redraw()

    def quick_match(self, game: str, params: dict[str, Any], clock: p.TimeControl | None, rated: bool = False) -> None:
        async def go() -> None:
            queued = await self._send(p.QuickMatch(game=game, params=params, time_control=clock, rated=rated))
            if isinstance(queued, p.Queued):
                self.lobby.set_queued(True)
                self.say(words.say(self.lang, "tui-lobby-queued", game=words.game_name(queued.game, self.lang)
                                  if self.lang != i18n.DEFAULT else queued.game))

        self.run_worker(go(), group="requests")

    def cancel_quick_match(self) -> None:
        async def go() -> None:
            if isinstance(await self._send(p.QuickMatchCancel()), p.Ok):
                self.say(words.say(self.lang, "screen-left-queue"))
            self.lobby.set_queued(False)

        self.run_worker(go(), group="requests")

    def join(self, room: str | None = None, code: str | None = None) -> None:
        self.run_worker(self._join(room=room, code=code), group="requests")

    async def _join(self, room: str | None = None, code: str | None = None) -> None:
        if room is not None:
            await self._send(p.Join(room=room))
            return
        try:
            await self.conn.request(p.Join(code=code))
        except Refused as e:
            if e.code != p.ErrorCode.UNKNOWN_ROOM:
                self.say(describe_error(e, self.room, self.lang), error=True)
                return
            try:
                await self.conn.request(p.Join(room=code))  # not a code: maybe a room id
            except Refused as e2:
                if e2.code == p.ErrorCode.UNKNOWN_ROOM:
                    self.say(words.say(self.lang, "tui-lobby-no-room-join", code=repr(code)), error=True)
                else:
                    self.say(describe_error(e2, self.room, self.lang), error=True)

    def spectate(self, room: str | None = None, code: str | None = None) -> None:
        self.run_worker(self._spectate(room=room, code=code), group="requests")

    async def _spectate(self, room: str | None = None, code: str | None = None) -> None:
        key = room or code
        try:
            await self.conn.request(p.Spectate(room=room, code=code))
            return
        except Refused as e:
            error = e
        if error.code == p.ErrorCode.UNKNOWN_ROOM and room is not None and code is None:
            try:
                await self.conn.request(p.Spectate(code=room))  # maybe a private room's code
                return
            except Refused as e:
                error = e
        if error.code == p.ErrorCode.UNKNOWN_ROOM:
            self.say(words.say(self.lang, "tui-lobby-no-room-watch", code=repr(key)), error=True)
        else:
            self.say(describe_error(error, self.room, self.lang), error=True)

    def follow_rematch(self, finished: LiveRoom) -> None:
        """A spectator follows the players into their rematch: find the new room and watch it."""
        if self.following == finished.room:
            return
        self.following = finished.room
        self.run_worker(self._follow(finished.room, finished.game, set(finished.names())), group="requests")

    async def _follow(self, old: str, game: str, players: set[str]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15.0
        tried: set[str] = set()
        while loop.time() < deadline and self.room is not None and self.room.room == old:
            listed = await self._send(p.ListRooms(game=game))
            if isinstance(listed, p.Rooms):
                for r in listed.rooms:
                    names = {seat_label(s, self.lang) for s in r.seats}
                    if r.room in tried or r.room == old or not names & players:
                        continue
                    tried.add(r.room)
                    try:
                        state = await self.conn.request(p.Spectate(room=r.room))
                    except (Refused, LinkLost, TimeoutError):
                        continue
                    if isinstance(state, p.RoomState) and state.rematch_of == old:
                        self.say(words.say(self.lang, "screen-following"), log=True)
                        return
                    await self._send(p.Leave(room=r.room))  # another room of theirs: not the rematch
            await asyncio.sleep(0.3)
        if self.room is not None and self.room.room == old:
            self.say(words.say(self.lang, "screen-rematch-not-found"), log=True)

    # ------------------------------------------------------------------ tournaments

    def refresh_tournaments(self) -> None:
        self.run_worker(self._refresh_tournaments(), group="lists", exclusive=True)

    async def _refresh_tournaments(self) -> None:
        listed = await self._send(p.ListTournaments())
        if isinstance(listed, p.Tournaments):
            self.tournaments = {t.tournament: t for t in listed.tournaments}
            self.lobby.show_tournaments(list(self.tournaments.values()))

    def open_tournament(self, tid: str) -> None:
        """Show a tournament's standings and games (the server pushes every change from now on)."""
        if self.tournament_screen is not None and self.screen is self.tournament_screen:
            self.tournament_screen.tournament = tid
            self.watch_tournament(tid)
            return
        self.tournament_screen = TournamentScreen(tid, self.tournament_states.get(tid))
        self.push_screen(self.tournament_screen)

    def watch_tournament(self, tid: str) -> None:
        async def go() -> None:
            try:
                state = await self.conn.request(p.GetTournament(tournament=tid))
            except Refused as e:
                self.say(tv.refusal("show the tournament", e.code, e.message, self.lang), error=True)
                return
            except (LinkLost, LinkClosed, TimeoutError) as e:
                self.say(words.say(self.lang, "screen-no-answer", why=str(e)), error=True)
                return
            if isinstance(state, p.TournamentState):
                self.show_tournament(state)

        self.run_worker(go(), group="requests")

    def show_tournament(self, state: p.TournamentState) -> None:
        """A tournament's new state: kept, and shown where it is on screen (its view, the lobby's list)."""
        tid = state.tournament.tournament
        self.tournament_states[tid] = state
        screen = self.tournament_screen
        if live(screen) and screen.tournament == tid:
            screen.show(state)  # (not once the app has closed it, on its way out)
        if tid in self.tournaments or state.tournament.status == "open":
            self.tournaments[tid] = state.tournament
            if live(self.lobby):
                self.lobby.show_tournaments(list(self.tournaments.values()))

    def close_tournament(self) -> None:
        """From a tournament's view back to the lobby's list of tournaments."""
        if self.tournament_screen is not None and self.screen is self.tournament_screen:
            self.pop_screen()
        self.tournament_screen = None
        self.say("")
        self.refresh_tournaments()
        self._prompt_next()

    def tournament_request(self, msg: Any, verb: str) -> None:
        """Enter, withdraw or start: the new state is shown, a refusal said in words."""

        async def go() -> None:
            try:
                state = await self.conn.request(msg)
            except Refused as e:
                self.say(tv.refusal(verb, e.code, e.message, self.lang), error=True)
                return
            except (LinkLost, LinkClosed, TimeoutError) as e:
                self.say(words.say(self.lang, "screen-no-answer", why=str(e)), error=True)
                return
            if isinstance(state, p.TournamentState):
                self.show_tournament(state)
                done = f"tui-lobby-done-{verb}"
                self.say(words.say(self.lang, done if i18n.has(done) else "tui-lobby-done", verb=verb,
                                   name=state.tournament.name))

        self.run_worker(go(), group="requests")

    def new_tournament(self, game: str | None) -> None:
        """The form for a new tournament; the one made opens at once."""

        async def create(msg: p.CreateTournament) -> None:
            try:
                state = await self.conn.request(msg)
            except Refused as e:
                self.say(tv.refusal("create the tournament", e.code, e.message, self.lang), error=True)
                return
            except (LinkLost, LinkClosed, TimeoutError) as e:
                self.say(words.say(self.lang, "screen-no-answer", why=str(e)), error=True)
                return
            if isinstance(state, p.TournamentState):
                self.tournament_states[state.tournament.tournament] = state
                self.show_tournament(state)
                self.open_tournament(state.tournament.tournament)
                self.say(words.say(self.lang, "tui-lobby-tournament-open", name=state.tournament.name))

        def made(msg: p.CreateTournament | None) -> None:
            if msg is not None:
                self.run_worker(create(msg), group="requests")

        self.push_screen(NewTournamentScreen(self.games, game), made)

    # ------------------------------------------------------------------ players and challenges

    def refresh_players(self) -> None:
        self.run_worker(self._refresh_players(), group="players", exclusive=True)

    def player_games(self, name: str, game: str | None, offset: int) -> None:
        """A page of ``name``'s finished games, to the lobby's Games tab."""
        self.run_worker(self._player_games(name, game, offset), group="player-games", exclusive=True)

    async def _player_games(self, name: str, game: str | None, offset: int) -> None:
        listed = await self._send(p.GetPlayerGames(name=name, game=game, offset=offset, limit=pg.PAGE))
        if isinstance(listed, p.PlayerGames):
            self.lobby.show_player_games(listed)

    async def _refresh_players(self) -> None:
        listed = await self._send(p.ListPlayers())
        if isinstance(listed, p.Players):
            self.players = listed.players
            self.lobby.show_players(self.players)

    def ask_challenge(self, player: p.PlayerInfo, game: str | None) -> None:
        """The challenge form for ``player``; sent when filled in."""

        def filled(answer: tuple[str, dict[str, str], p.TimeControl | None, bool] | None) -> None:
            if answer is not None:
                game, params, clock, rated = answer
                self.run_worker(self._challenge(player, game, params, clock, rated), group="requests")

        self.push_screen(ChallengeScreen(player.name, self.games, game, self.rated_refusal), filled)

    async def _challenge(self, player: p.PlayerInfo, game: str, params: dict[str, str],
                         clock: p.TimeControl | None, rated: bool = False) -> None:  # fmt: skip
        try:
            made = await self.conn.request(
                p.Challenge(to=player.session, game=game, params=params, time_control=clock, rated=rated)
            )
        except Refused as e:
            self.say(ch.refused_text(player.name, e.code, e.message, self.lang), error=True)
            return
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self.say(words.say(self.lang, "screen-no-answer", why=str(e)), error=True)
            return
        if isinstance(made, p.RoomCreated):
            self.challenges.sent(made.room, player.name)
            if made.code:
                self.codes[made.room] = made.code
            self.say(ch.sent_text(player.name, game, rated, self.lang), log=True)

    def challenged(self, challenge: p.Challenged) -> None:
        """A challenge received: its prompt now, or when back in the lobby if a game is on screen."""
        self.challenges.received(challenge)
        said = challenge_text(challenge, lang=self.lang)
        self.messages = [*self.messages[-199:], said]
        if self.game_screen is not None:
            self.note(f"{said} {words.say(self.lang, 'server-challenge-f7')}", "cyan")
            self._redraw()
            return
        self._prompt_next()

    def _prompt_next(self) -> None:
        """Ask about the oldest challenge waiting for an answer (one prompt at a time)."""
        if self.prompting is not None or self.game_screen is not None:
            return
        challenge = self.challenges.next_incoming()
        if challenge is None:
            return
        self.prompting = challenge.room

        def answered(yes: bool | None) -> None:
            self.prompting = None
            self.run_worker(self._answer(challenge, bool(yes)), group="requests")
            self._prompt_next()

        self.push_screen(ChallengePrompt(challenge), answered)

    async def _answer(self, challenge: p.Challenged, accept: bool) -> None:
        msg = p.AcceptChallenge(room=challenge.room) if accept else p.DeclineChallenge(room=challenge.room)
        try:
            await self.conn.request(msg)
        except Refused as e:
            self.say(ch.answer_refused_text(challenge.challenger, e.code, e.message, self.lang), error=True)
            return
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self.say(words.say(self.lang, "screen-no-answer", why=str(e)), error=True)
            return
        if not accept:
            self.say(words.say(self.lang, "screen-declined-challenge", name=challenge.challenger))

    def challenge_answered(self, event: p.ChallengeAnswered) -> None:
        """A challenge to us was answered on another of our devices: its prompt goes, said in words."""
        screen = self.screen
        asked = screen.challenge if isinstance(screen, ChallengePrompt) else None
        words = self.challenges.answered(event, asked)
        if self.prompting == event.room and asked is not None and asked.room == event.room:
            self.prompting = None
            self.pop_screen()  # (no answer from here: the other device's stands)
            self._prompt_next()
        self.say(words)

    def challenge_declined(self, event: p.ChallengeDeclined) -> None:
        """Our challenge was turned down (or lapsed): said in words, and the lobby comes back."""
        words = self.challenges.declined(event)
        if self.room is not None and self.room.room == event.room and self.game_screen is not None:
            self.room = None  # the challenge's room went with the refusal: nothing to leave
            self.back_to_lobby()
        self.say(words, error=True)

    def refresh_rooms(self) -> None:
        self.run_worker(self._refresh_rooms(), group="requests")

    async def _refresh_rooms(self) -> None:
        rooms = await self._send(p.ListRooms())
        if isinstance(rooms, p.Rooms):
            self.lobby.show_rooms(rooms.rooms)

    def confirm_resign(self) -> None:
        """Ask before resigning: a resignation cannot be taken back."""
        room = self.room
        if room is None or room.you is None or room.status != "playing":
            self.say(words.say(self.lang, "screen-nothing-to-resign"), error=True)
            return
        game = room.game if self.lang == i18n.DEFAULT else words.game_name(room.game, self.lang)
        question = words.say(self.lang, "screen-resign-question", game=game, names=others_text(room, self.lang))

        def answered(yes: bool | None) -> None:
            if yes:
                self.resign()
            else:
                self.say(words.say(self.lang, "screen-play-on"))

        self.push_screen(ConfirmScreen(question), answered)

    def resign(self) -> None:
        room = self.room
        if room is None or room.you is None or room.status != "playing":
            self.say(words.say(self.lang, "screen-nothing-to-resign"), error=True)
            return
        self._request(p.Resign(room=room.room))

    def draw_offered_to_me(self) -> bool:
        """Whether another seat offers a draw that we have not agreed to."""
        room = self.room
        return bool(room and room.you is not None and room.draw_offer and room.you not in room.draw_offer)

    def draw(self, accept: bool) -> None:
        """Offer a draw, or accept (``accept``) or decline the pending offer."""
        room = self.room
        if room is None or room.you is None or room.status != "playing":
            self.say(words.say(self.lang, "screen-draw-not-playing"), error=True)
            return
        if not accept:
            self._request(p.DeclineDraw(room=room.room))
        elif room.draw_offer and room.you in room.draw_offer:
            self.say(words.say(self.lang, "screen-draw-stands", names=others_text(room, self.lang)))
        elif room.draw_offer:
            self._request(p.AcceptDraw(room=room.room))
        else:
            self._request(p.OfferDraw(room=room.room))

    def rematch(self) -> None:
        room = self.room
        if room is None or not room.is_over or room.you is None:
            self.say(words.say(self.lang, "screen-rematch-needs"), error=True)
            return
        self._request(p.Rematch(room=room.room))

    def chat(self, words: str) -> None:
        """Say ``words`` to the room on screen (players and spectators hear it)."""
        room = self.room
        if room is None:
            self.say(i18n.tr(self.lang, "screen-no-room-chat"), error=True)  # (``words`` is the chat's here)
            return
        self._request(p.ChatSend(room=room.room, text=words[:500]))

    # ------------------------------------------------------------------ review and hints

    def can_hint(self) -> bool:
        return self.hint_refusal() is None

    def hint_control(self) -> tuple[HintState, str | None]:
        """How the Hint button is shown now and why not enabled (:mod:`client.controls`)."""
        room = self.room
        if room is None:
            return "hidden", words.say(self.lang, "screen-no-game")
        hidden = room.traits is not None and room.traits.hidden_information
        return hint_control(game=room.game, you=room.you, status=room.status, rated=room.rated, hidden=hidden,
                            turn=room.turn, names=room.names(), has_bot=room.has_bot, lang=self.lang)  # fmt: skip

    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, in words; None when one can (see :mod:`client.hints`)."""
        room = self.room
        if room is None:
            return words.say(self.lang, "screen-no-game")
        hidden = room.traits is not None and room.traits.hidden_information  # with this room's parameters
        return hint_refusal_in(
            self.lang,
            game=room.game,
            you=room.you,
            status=room.status,
            rated=room.rated,
            hidden=hidden,
            turn=room.turn,
            names=room.names(),
            has_bot=room.has_bot,
        )

    def ask_hint(self) -> None:
        room = self.room
        refusal = self.hint_refusal()
        if room is None or refusal is not None:
            self.say(refusal or words.say(self.lang, "screen-no-game"), error=True)
            return
        self.say(words.say(self.lang, "screen-thinking"))
        self.run_worker(self._hint(room.game, dict(room.params), room.move_texts()), group="solver")

    async def on_unmount(self) -> None:
        await self.conn.close()


def screen_text(app: App[Any]) -> str:
    """The running app's current screen as plain text, one line per terminal row (for tests and docs)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, record=True)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    lines = console.export_text(styles=False).splitlines()
    return "\n".join(line.rstrip() for line in lines[:height])
