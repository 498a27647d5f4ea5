"""The pygame window: one room drawn from the server's views, played with the mouse.

The networking stays in asyncio: one task reads the connection's event stream into a
:class:`Table`, and the window loop pumps pygame events and redraws every frame (~60 per
second) between ``await asyncio.sleep`` calls, so neither ever blocks the other.  A click is
resolved against the click map of the last drawing and sent as a ``move`` at the current ply.

Without a game or a room to join or watch, the window opens on the lobby: the games, the new
room's parameters, clock and opponent, and the open rooms (join one waiting for a player, or
watch a game in progress).  F8 turns to the tournaments page: the tournaments by state, and
the one opened beside them with its standings and latest round, redrawn as the server pushes
each change (E enters it, W withdraws, a click on a game watches it; F7 comes back).  F9 turns
to the players online (:mod:`client.gui.players`): choose one, and the challenge dialog beside the
list sends them a challenge with the lobby's game, parameters, clock and rated box (a rated game a
guest or a game of more than two seats cannot ask for is refused in words); the window then shows
the challenge's room until the answer: the game when accepted, the lobby and why when declined or
lapsed (F7 withdraws it).  F11 opens the analysis board of any position (the chosen game at its start;
T its game tree as a folding list, :mod:`client.gui.tree`).  F10 turns to a player's finished games
(:mod:`client.gui.games`: one's own first; N types another name), newest first, a page at a time: Enter
or a click on Open opens one, however long ago it ended.  A challenge received is asked about in the
panel while the lobby shows (Y accepts and the game opens, N declines); one that comes during a game
waits for the lobby.

The panel beside the board shows the seats with their clocks, the result (never over the
board), the room's chat and the server's explanations, and the buttons with their keys, the
same as the terminal client's: F2 hint, F3 resign (asked first), F4 rematch (also R), F5
chat, F6 review, F7 lobby, F8 offer or accept a draw, F9 decline it, A the analysis board of a
finished game (:mod:`client.gui.analysis`: arrows step, a click tries a move, B back to the game's
line); Esc quits (or closes the review or the analysis board).  Spectators
get no player buttons and follow the players into their rematch.  With
``screenshot`` the last frame is saved as a PNG when the window closes, or after ``frames``
frames (which also closes it): that is how tests and the README picture are made.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import time
from pathlib import Path
from typing import Any

import pygame
from websockets.exceptions import WebSocketException

import grundy.client.gui.said as said
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
from grundy.client.controls import HintState, game_notation, hint_control, hint_refusal_in, notation_lines
from grundy.client.gui.analysis import (
    TABLE_W,
    GuiAnalysis,
    draw_analysis,
    draw_explanation,
    draw_nim_table,
    draw_review,
)
from grundy.client.gui.board import (
    BACKGROUND,
    PANEL,
    PANEL_TEXT,
    Board,
    Colour,
    disc,
    drawing_lang,
    font,
    mark_line,
    speaking,
    text,
    wrap_px,
)
from grundy.client.gui.draw import HINTS, SEAT_COLOURS, draw
from grundy.client.gui.games import draw_games
from grundy.client.gui.lobby import OPPONENTS, Lobby, draw_lobby
from grundy.client.gui.players import draw_players
from grundy.client.gui.session import Table
from grundy.client.gui.tournaments import draw_tournaments
from grundy.client.names import challenge_text, name_seats, seat_label
from grundy.client.words import catching_up, caught_up, move_not_stored, not_done
from grundy.protocol import ErrorCode, i18n
from grundy.protocol.i18n import from_env, tr

log = logging.getLogger("grundy.gui")

SIZE = (960, 640)
PANEL_W = 300
FPS = 60
LEVELS = p.BOT_LEVELS
MESSAGE: Colour = (250, 200, 90)
HOVER: Colour = (90, 160, 230)
LOBBY_REFRESH_S = 2.0
_OBJECT_KEY = re.compile(r"heap (\d+) object (\d+)")
CHAT_ACTION = "do chat"  # (the chat box's move in the click map)


def parse_vs(vs: str, lang: str | None = None) -> tuple[str, str | None]:
    """``human`` -> ("human", None); ``bot:LEVEL`` (or ``bot``: medium) -> ("bot", LEVEL); else a ValueError
    in ``lang``."""
    v = vs.strip().lower()
    if v == "human":
        return "human", None
    if v == "bot":
        return "bot", "medium"
    if v.startswith("bot:") and v[4:] in LEVELS:
        return "bot", v[4:]
    raise ValueError(tr(lang, "gui-bad-vs", vs=repr(vs), levels=", ".join(LEVELS)))


def seat_colour(kind: str | None, view: dict[str, Any] | None, seat: int) -> Colour | None:
    """The colour a seat plays with on the board (its stones, figure or flags), by the view's kind."""
    if not view:
        return None
    colour_of = SEAT_COLOURS.get(kind or "")
    if colour_of is None:
        return None
    try:
        return colour_of(view, seat)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def local_hints(kind: str | None, view: dict[str, Any]) -> list[str] | None:
    """Moves to hint at when the server sends none (hidden-information games): a blind figure's free steps."""
    hints = HINTS.get(kind or "")
    return None if hints is None else hints(view)


def format_clock(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds < 10:
        return f"{seconds:0.1f}"
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}" if m < 60 else f"{m // 60}:{m % 60:02d}:{s:02d}"


def wrap(words: str, width_chars: int) -> list[str]:
    """Greedy word wrap at ``width_chars`` characters."""
    lines: list[str] = []
    for para in words.splitlines() or [""]:
        line = ""
        for word in para.split():
            if line and len(line) + 1 + len(word) > width_chars:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


BUTTON: Colour = (70, 80, 100)
BUTTON_OFF: Colour = (52, 56, 66)
DANGER: Colour = (170, 60, 60)


def draw_button(surface: pygame.Surface, board: Board, key: str, label: str, rect: pygame.Rect,
                enabled: bool = True, colour: Colour = BUTTON) -> None:  # fmt: skip
    """A panel button; clicking it plays the ``key`` action (the click map's move ``do KEY``)."""
    pygame.draw.rect(surface, colour if enabled else BUTTON_OFF, rect, border_radius=5)
    # (a longer word in another language shrinks to its button)
    text(surface, label, rect.center, PANEL_TEXT if enabled else (120, 120, 120), 18, "center", width=rect.w - 6)
    if enabled:
        board.add(f"button {key}", rect, f"do {key}")


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, app: GuiApp, caption: str, now: float) -> Board:
    """The side panel: the game, seats with colours and clocks, whose turn, the result, the buttons, the
    room's chat and messages and the chat box.  Returns the panel's click map (its buttons)."""
    table = app.table
    lang = table.lang
    panel = Board()
    pygame.draw.rect(surface, PANEL, rect)
    x, y = rect.x + 14, rect.y + 10
    inner = rect.w - 24  # (the width every line of the panel keeps to)
    if app.in_lobby and table.room is None:
        text(surface, "grundy", (x, y), PANEL_TEXT, 30, bold=True)
        y += 40
        who = tr(lang, "gui-who-where", name=app.conn.name, url=app.conn.node_url)
        for line in wrap_px(who, inner, 18)[:2] + [""] + wrap_px(caption, inner, 18):
            text(surface, line, (x, y), (190, 200, 210), 18, width=inner)
            y += 18
        y += 12
        for entry in table.log[-12:]:
            for line in wrap_px(entry, inner, 17)[:3]:
                text(surface, line, (x, y), MESSAGE, 17, width=inner)
                y += 17
        page = app.lobby.page if app.lobby.page in ("tournaments", "players", "games") else "lobby"
        keys = [tr(lang, f"gui-keys-{page}")] + ([tr(lang, "gui-keys-lobby-more")] if page == "lobby" else [])
        if app.desk:
            keys = [tr(lang, "gui-keys-desk" if app.desk_tree is None else "gui-keys-desk-tree")]
        for i, line in enumerate(reversed(keys)):
            text(surface, line, (x, rect.bottom - 6 - 18 * i), (150, 150, 150), 16, "bottomleft", width=inner)
        return panel
    shown = words.room_title(table.game, table.params, table.lang, table.heading) if table.game else "grundy"
    clock = p.format_time_control(table.time_control) if table.time_control else ""
    tags = " · ".join(tag for tag in (tr(lang, "tui-lobby-rated") if table.rated else "", clock) if tag)
    room = inner
    if tags:
        room -= text(surface, tags, (rect.right - 14, y + 6), (170, 170, 170), 20, "topright").w + 8
    # the game with its parameters, in the window's language: one line if it fits, else two, else three smaller
    size, heading = 30, [shown]
    for size, lines in ((30, 1), (26, 2), (20, 3)):
        heading = wrap_px(shown, room, size, bold=True)
        if len(heading) <= lines:
            break
    for line in heading[:3]:
        text(surface, line, (x, y), PANEL_TEXT, size, bold=True, width=room)
        y += size
    y += 4
    for line in wrap_px(name_seats(caption, table.names()), inner, 18)[:2]:
        text(surface, line, (x, y), (190, 200, 210), 18, width=inner)
        y += 17
    y += 6
    for seat in range(len(table.seats)):
        row = pygame.Rect(rect.x + 8, y, rect.w - 16, 32)
        if table.turn == seat and table.status == "playing":
            pygame.draw.rect(surface, (70, 80, 100), row, border_radius=6)
        colour = seat_colour(table.view_kind, table.view, seat)
        if colour is not None:
            disc(surface, colour, (row.x + 16, row.centery), 10, (200, 200, 200))
        name = table.seat_name(seat)
        if seat == table.you:
            name = tr(lang, "gui-seat-you", name=name)
        if seat < len(table.seats) and not table.seats[seat].connected and table.seats[seat].player:
            name = tr(lang, "gui-seat-away", name=name)
        mark = table.mark_of(seat)
        if mark:  # what the seat plays: black (X), white (O), X, O
            name = f"{name[:18]} · {mark}"
        text(surface, name[:30], (row.x + 32, row.centery), PANEL_TEXT, 21 if len(name) <= 20 else 18, "midleft",
             width=row.w - 32 - 70)  # (the clock's room kept)
        text(surface, format_clock(table.clock(seat, now)), (row.right - 8, row.centery), PANEL_TEXT, 26,
             "midright", bold=True)
        y += 34
    y += 4
    challenged = app.challenges.waiting_for(table.room) if table.status == "waiting" else None
    status = tr(lang, "gui-waiting-challenge", name=challenged) if challenged else status_line(table)
    for line in wrap_px(status, inner, 22, bold=True)[:2]:
        text(surface, line, (x, y), (255, 255, 255), 22, bold=True, width=inner)
        y += 22
    scores = table.result.scores if table.result is not None else None
    if not scores and table.traits is not None and table.traits.scores:
        scores = (table.view or {}).get("scores")
    if isinstance(scores, list) and scores:  # every score with its player's name
        for line in wrap_px(tr(lang, "gui-scores", scores=table.scores_text(scores)), inner, 18)[:2]:
            text(surface, line, (x, y), PANEL_TEXT, 18, width=inner)
            y += 18
    if table.status == "playing" and table.your_mark():
        text(surface, table.your_mark(), (x, y), PANEL_TEXT, 18, width=inner)
        y += 18
    if table.is_over and table.reason:
        for line in wrap_px(table.reason_named, inner, 18)[:2]:
            text(surface, line, (x, y), (220, 220, 220), 18, width=inner)
            y += 17
    elif table.last_move:
        mover = table.seat_name(table.movers[-1]) if table.movers else ""
        last = (tr(lang, "gui-last-move-by", move=table.last_move, name=mover) if mover
                else tr(lang, "gui-last-move", move=table.last_move))
        text(surface, last, (x, y), PANEL_TEXT, 18, width=inner)
        y += 18
    elif not table.moves and table.status in ("waiting", "playing") and table.you is not None:
        # before the first move: how moves are written, an example and the game's words (client/controls.py)
        taught = notation_lines(game_notation(table.game), table.legal, table.lang)
        for shown in [part for line in taught for part in wrap_px(line, inner, 17)][:4]:
            text(surface, shown, (x, y), PANEL_TEXT, 17, width=inner)
            y += 17
    if table.room and table.status == "waiting":  # what sharing the room does: whom its code lets sit
        share = said.link(lang, table.code, challenged) if table.code else tr(lang, "gui-share-anyone")
        for line in wrap_px(tr(lang, "gui-room-share", room=table.room, share=share), inner, 18)[:3]:
            text(surface, line, (x, y), PANEL_TEXT, 18, width=inner)
            y += 18
    y += 6
    # the buttons: players get the game's actions, everyone the review and the lobby
    bw, bh = (rect.w - 16 - 8) // 3, 26
    playing = table.status == "playing"
    hint_state, hint_why = app.hint_control()  # hidden for good, or disabled with its reason below the buttons
    if table.you is not None:
        draw_label = tr(lang, "gui-btn-accept" if app.draw_offered_to_me() else "gui-btn-draw")
        drawable = table.traits is None or table.traits.can_draw  # the game can end level (traits.can_draw)
        row1: list[tuple[str, str, bool]] = [
            ("hint", tr(lang, "gui-btn-hint"), hint_state == "enabled"),
            ("draw", draw_label, playing and drawable),
            ("resign", tr(lang, "gui-btn-resign"), playing),
        ]  # fmt: skip
        if hint_state == "hidden":
            row1 = row1[1:]
    else:
        row1 = []
    row2: list[tuple[str, str, bool]] = []
    if table.you is not None:
        row2.append(("rematch", tr(lang, "gui-btn-rematch"), table.is_over))
    row2 += [("review", tr(lang, "gui-btn-review"), table.is_over),
             ("lobby", tr(lang, "gui-btn-lobby"), True)]
    row3 = [("analysis", tr(lang, "gui-btn-analysis"), True)] if table.is_over else []
    buttons: list[tuple[str, str, bool]]
    for buttons in (row1, row2, row3):
        if not buttons:
            continue
        for i, (key, label, enabled) in enumerate(buttons):
            r = pygame.Rect(rect.x + 8 + i * (bw + 4), y, bw, bh)
            draw_button(surface, panel, key, label, r, enabled, DANGER if key == "resign" else BUTTON)
        y += bh + 4
    if table.you is not None and hint_state == "disabled" and hint_why:
        for line in wrap_px(hint_why, inner, 16)[:2]:
            text(surface, line, (x, y), (150, 150, 150), 16, width=inner)
            y += 16
    # the room's log (chat, refusals, offers), newest last, then the chat box
    box = pygame.Rect(rect.x + 8, rect.bottom - 54, rect.w - 16, 26)
    log_top = y + 4
    lines: list[str] = []
    for entry in table.log:
        lines += wrap_px(entry, inner, 17)
    room_for = max(0, (box.y - 6 - log_top) // 17)
    for line in lines[-room_for:] if room_for else []:
        text(surface, line, (x, log_top), MESSAGE, 17, width=inner)
        log_top += 17
    pygame.draw.rect(surface, (30, 32, 38), box, border_radius=4)
    pygame.draw.rect(surface, HOVER if app.typing else (110, 110, 110), box, 2 if app.typing else 1, border_radius=4)
    shown = app.chat_text + ("|" if app.typing else "")
    while shown and font(17).size(shown)[0] > box.w - 12:
        shown = shown[1:]
    if shown:
        text(surface, shown, (box.x + 6, box.centery), PANEL_TEXT, 17, "midleft")
    else:
        text(surface, tr(lang, "gui-chat-placeholder"), (box.x + 6, box.centery), (130, 130, 130), 17, "midleft",
             width=box.w - 12)
    panel.add("chat box", box, CHAT_ACTION)
    if table.message and table.message != (table.log[-1] if table.log else None):
        text(surface, table.message[:60], (x, rect.bottom - 26), MESSAGE, 16, width=inner)
    keys = tr(lang, "gui-keys-quit" if not app.typing else "gui-keys-typing")
    text(surface, keys, (x, rect.bottom - 6), (150, 150, 150), 16, "bottomleft", width=inner)
    return panel


def status_line(table: Table) -> str:
    """Where the room stands, in the window's language: whose move, or the result."""
    lang = table.lang
    if table.status == "connecting":
        return words.say(lang, "gui-connecting")
    if table.status == "lobby":
        return words.say(lang, "gui-lobby")
    if table.status == "waiting":
        return words.say(lang, "gui-waiting")
    if table.is_over:
        return table.outcome_line()
    if table.turn is None:
        return ""
    if table.you is not None and table.turn == table.you:
        return words.say(lang, "web-your-move")
    return words.say(lang, "web-to-move", name=table.seat_name(table.turn))


def draw_hover(surface: pygame.Surface, board: Board, pos: tuple[int, int] | None) -> None:
    """Outline what a click at ``pos`` would play: the cell, the button, or every heap object it would take."""
    target = board.target_at(pos) if pos is not None else None
    if target is None or (target.left is None and target.right is None):
        return
    rects = [target.rect]
    m = _OBJECT_KEY.fullmatch(target.key)
    if m:
        rects = [t.rect for t in board.targets
                 if (o := _OBJECT_KEY.fullmatch(t.key)) and o[1] == m[1] and int(o[2]) >= int(m[2])]
    for r in rects:
        pygame.draw.rect(surface, HOVER, r.inflate(-2, -2), 2, border_radius=4)


def draw_question(surface: pygame.Surface, rect: pygame.Rect, question: str, board: Board,
                  answers: tuple[str, str] | None = None) -> None:  # fmt: skip
    """A yes/no question (resigning, a challenge) in the panel, over its log: Y or a click on Yes confirms."""
    if answers is None:
        answers = (tr(drawing_lang(), "gui-yes"), tr(drawing_lang(), "gui-no"))
    box = pygame.Rect(rect.x + 8, rect.centery - 20, rect.w - 16, 120)
    pygame.draw.rect(surface, (25, 25, 32), box, border_radius=8)
    pygame.draw.rect(surface, DANGER, box, 2, border_radius=8)
    for i, line in enumerate(wrap_px(question, box.w - 20, 19)[:3]):
        text(surface, line, (box.x + 10, box.y + 8 + 19 * i), (255, 255, 255), 19, width=box.w - 20)
    yes = pygame.Rect(box.x + 10, box.bottom - 36, 120, 28)
    no = pygame.Rect(box.right - 130, box.bottom - 36, 120, 28)
    draw_button(surface, board, "yes", answers[0], yes, colour=DANGER)
    draw_button(surface, board, "no", answers[1], no)


class GuiApp(GuiAnalysis):
    """One pygame window on one room of a connected :class:`Connection` (or on the lobby)."""

    def __init__(self, conn: Connection, *, size: tuple[int, int] = SIZE, screenshot: str | None = None,
                 frames: int | None = None, fps: int = FPS) -> None:
        self.conn = conn
        self.size = size
        self.screenshot = screenshot
        self.frames = frames
        self.fps = fps
        self.table = Table(lang=conn.lang)
        self.board: Board | None = None
        self.panel: Board = Board()
        self.board_area = self.board_rect(size)
        self.frame = 0
        self.drawn: tuple[str | None, int] | None = None  # (room, ply) of the position on the screen
        self.closed = False
        self._sending = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self.mouse: tuple[int, int] | None = None
        self.in_lobby = False
        self.vs = "bot:medium"
        self.lobby = Lobby(lang=conn.lang)
        self.typing = False  # the chat box has the keyboard
        self.chat_text = ""
        self.question: str | None = None  # a yes/no question on screen (resigning, a challenge)
        self.challenge: p.Challenged | None = None  # the challenge the question on screen is about
        self.challenges = ch.Challenges()  # received ones (asked about in the lobby in turn), sent ones
        self.reviewing = False
        self.review_title = ""
        self.won_marked: list[str] = []  # the cells of the winning line marked on the board
        self.following: str | None = None

    @property
    def games(self) -> list[dict[str, Any]]:
        return self.lobby.games

    @property
    def rooms(self) -> list[p.RoomSummary]:
        return self.lobby.rooms

    @staticmethod
    def board_rect(size: tuple[int, int]) -> pygame.Rect:
        """Where the board goes in a window of ``size``: everything left of the panel, with a margin."""
        return pygame.Rect(10, 10, size[0] - PANEL_W - 20, size[1] - 20)

    # ------------------------------------------------------------------ the room

    async def open_room(self, *, game: str | None, params: dict[str, Any], vs: str, join: str | None,
                        spectate: str | None, clock: p.TimeControl | None = None, rated: bool = False) -> None:
        """Create, join or watch the room the arguments name, or open the lobby (raises Refused or ValueError)."""
        self.vs = vs
        if not (game or join or spectate):
            parse_vs(vs, self.table.lang)
            games = await self.conn.request(p.ListGames())
            assert isinstance(games, p.Games)
            self.lobby = Lobby(games=games.games, vs=vs if vs in OPPONENTS else "bot:medium", lang=self.conn.lang)
            self.lobby.choose(0)
            self.in_lobby = True
            self.table.status = "lobby"
        elif spectate:
            self.table.status = "connecting"
            await self._by_room_or_code(spectate, lambda **kw: p.Spectate(**kw), "watch")
        elif join:
            await self._by_room_or_code(join, lambda **kw: p.Join(**kw), "join")
        else:
            assert game is not None
            kind, level = parse_vs(vs, self.table.lang)
            seats = rules.create(game, **params).seats
            others = [p.SeatRequest(kind="bot", level=level) if kind == "bot" else p.SeatRequest()] * (seats - 1)
            msg = p.CreateRoom(game=game, params=params, time_control=clock, seat=0,
                               seats=[p.SeatRequest(), *others], rated=rated)
            created = await self.conn.request(msg)
            assert isinstance(created, p.RoomCreated)
            self.table.room = self.table.room or created.room
            self.table.code = created.code

    async def _by_room_or_code(self, key: str, make: Any, verb: str) -> None:
        first, second = ("room", "code") if key.startswith("r-") else ("code", "room")
        try:
            reply = await self.conn.request(make(**{first: key}))
        except Refused as e:
            if e.code not in (ErrorCode.UNKNOWN_ROOM, ErrorCode.NOT_INVITED):
                raise
            try:
                reply = await self.conn.request(make(**{second: key}))
            except Refused as e2:
                if e2.code == ErrorCode.UNKNOWN_ROOM:
                    raise Refused(e2.code, tr(self.table.lang, f"gui-no-room-{verb}", code=key),
                                  e2.room) from None
                raise
        self.table.apply(reply, time.monotonic())

    # ------------------------------------------------------------------ the loop

    async def run(self) -> int:
        """Show the window until it is closed (or ``frames`` frames were drawn); 0 when all went well."""
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(400, 40)
        screen = pygame.display.set_mode(self.size)
        pygame.display.set_caption("grundy")
        reader = asyncio.create_task(self._read_events(), name="grundy-gui-events")
        if self.in_lobby:
            self._spawn(self._refresh_rooms())
        try:
            while not self.closed:
                for event in pygame.event.get():
                    self.handle(event)
                self.render(screen)
                pygame.display.flip()
                self.frame += 1
                if self.frames is not None and self.frame >= self.frames:
                    self.closed = True
                    break
                await asyncio.sleep(1 / self.fps)
            if self.screenshot:
                Path(self.screenshot).parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(screen, self.screenshot)
        finally:
            reader.cancel()
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(reader, *self._tasks, return_exceptions=True)
            pygame.display.quit()
        return 0

    def render(self, screen: pygame.Surface) -> None:
        """Draw one frame: the board (or the lobby, or the review) and the panel beside it, in the window's
        language."""
        with speaking(self.table.lang):
            self._render(screen)

    def _render(self, screen: pygame.Surface) -> None:
        t = self.table
        screen.fill(BACKGROUND)
        now = time.monotonic()
        if self.desk and self.desk_tree is not None:
            self.board = self.desk_tree.draw(screen, self.board_area)
        elif self.in_lobby and t.room is None and not self.desk:
            if self.lobby.page == "tournaments":
                self.board = draw_tournaments(screen, self.board_area, self.lobby, self.conn.session)
            elif self.lobby.page == "players":
                self.board = draw_players(screen, self.board_area, self.lobby, self.conn.session, self.conn.player)
            elif self.lobby.page == "games":
                self.board = draw_games(screen, self.board_area, self.lobby)
            else:
                self.board = draw_lobby(screen, self.board_area, self.lobby)
            draw_hover(screen, self.board, self.mouse)
        elif self.analysing and self.analysis is not None:
            self.board = draw_analysis(screen, self.board_area, self.analysis, self.scroll)
            draw_hover(screen, self.board, self.mouse)
        elif t.view is not None:
            legal = None
            if t.is_my_turn:
                legal = t.legal if t.legal is not None else local_hints(t.view_kind, t.view)
            lit = self.hint_shown()  # the last hint's move and reason, until the next move
            table = bool(lit and lit.get("components")) and isinstance(t.view.get("heaps"), list)
            area = self.board_area.inflate(-TABLE_W, 0).move(-TABLE_W // 2, 0) if table else self.board_area
            self.board = draw(screen, t.view_kind, t.view, area, legal=legal, last=t.last_move)
            self.won_marked = mark_line(screen, self.board, t.winning_line)  # the winning line, once won
            if lit:
                draw_explanation(screen, self.board, lit)
                if table:
                    column = pygame.Rect(area.right, area.y, TABLE_W, area.h)
                    draw_nim_table(screen, column, area, t.view, lit, t.last_move)
            self.drawn = (t.room, t.ply)
            if t.is_my_turn:
                draw_hover(screen, self.board, self.mouse)
            if self.reviewing:
                self.board = draw_review(screen, self.board_area, self.review_title, self.review_rows, t.names(),
                                         self.analysis, self.scroll)  # fmt: skip
        else:
            self.board = Board()
            text(screen, status_line(t), self.board_area.center, (90, 90, 90), 36, "center")
        rect = pygame.Rect(self.size[0] - PANEL_W, 0, PANEL_W, self.size[1])
        self.panel = draw_panel(screen, rect, self, self.board.caption, now)
        if self.question:
            self.panel = Board()
            lang = t.lang
            answers = ((tr(lang, "gui-accept"), tr(lang, "gui-decline")) if self.challenge
                       else (tr(lang, "gui-yes"), tr(lang, "gui-no")))
            draw_question(screen, rect, self.question, self.panel, answers)

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event: quit, keys, clicks."""
        if event.type == pygame.QUIT:
            self.closed = True
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, getattr(event, "unicode", "") or "")
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = event.pos
            self.click(event.pos, event.button)

    def key(self, key: int, char: str) -> None:
        """One key: the question's answer, typing into the chat or a lobby field, or an action's key."""
        t = self.table
        if self.question:
            if key in (pygame.K_y, pygame.K_RETURN):
                self.answer(True)
            elif key in (pygame.K_n, pygame.K_ESCAPE):
                self.answer(False)
            return
        if self.typing or (self.in_lobby and t.room is None and self.lobby.editing):
            self.type(key, char)
            return
        if self.desk:
            self.desk_key(key)
            return
        if self.in_lobby and t.room is None:
            self.lobby_key(key, char)
            return
        if self.analysis_key(key):
            return
        actions = {pygame.K_F2: "hint", pygame.K_F3: "resign", pygame.K_F4: "rematch", pygame.K_F5: "chat",
                   pygame.K_F6: "review", pygame.K_F7: "lobby", pygame.K_F8: "draw", pygame.K_F9: "decline",
                   pygame.K_r: "rematch"}  # fmt: skip
        if key == pygame.K_ESCAPE:
            if self.reviewing:
                self.reviewing = False
            else:
                self.closed = True
        elif key in actions:
            self.act(actions[key])

    def type(self, key: int, char: str) -> None:
        """Typing into the chat box or a lobby field: Enter sends (or creates), Esc stops, Tab moves on."""
        lobby = self.lobby
        field = "chat" if self.typing else lobby.editing or ""
        value = self.chat_text if field == "chat" else getattr(lobby, field)
        if key == pygame.K_ESCAPE:
            self.typing, lobby.editing = False, None
            return
        if key == pygame.K_RETURN:
            if field == "chat":
                if value.strip():
                    self._spawn(self._chat(value.strip()))
                self.chat_text = ""
                return
            lobby.editing = None
            self.act("pgames 0" if lobby.page == "games" else "challenge" if lobby.page == "players" else "create")
            return
        if key == pygame.K_TAB and field not in ("chat", "games_name"):
            lobby.editing = "clock" if field == "params" else "params"
            return
        if key == pygame.K_BACKSPACE:
            value = value[:-1]
        elif char and char.isprintable():
            value = (value + char)[:500]
        if field == "chat":
            self.chat_text = value
        else:
            setattr(lobby, field, value)

    def lobby_key(self, key: int, char: str) -> None:
        lobby = self.lobby
        if key == pygame.K_F11:  # the analysis board of the chosen game, from its start
            self.open_desk()
            return
        if key == pygame.K_F8:
            self.act("tournaments")
            return
        if key == pygame.K_F9:
            self.act("players")
            return
        if key == pygame.K_F10:
            self.act("pgames_page")
            return
        if lobby.page == "games":
            self.games_key(key)
            return
        if lobby.page == "tournaments":
            self.tournaments_key(key)
            return
        if lobby.page == "players":
            self.players_key(key)
            return
        in_rooms = lobby.room_choice is not None
        if key == pygame.K_ESCAPE:
            self.closed = True
        elif key == pygame.K_TAB:
            lobby.room_choice = None if in_rooms or not lobby.rooms else 0
        elif key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            if in_rooms and lobby.rooms:
                lobby.room_choice = max(0, min(len(lobby.rooms) - 1, (lobby.room_choice or 0) + step))
            else:
                lobby.choose(lobby.chosen + step)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            lobby.step_opponent(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_p:
            lobby.editing = "params"
        elif key == pygame.K_c:
            lobby.editing = "clock"
        elif key == pygame.K_r:
            self.act("rated")
        elif key == pygame.K_RETURN:
            if in_rooms and lobby.room_choice is not None and lobby.room_choice < len(lobby.rooms):
                room = lobby.rooms[lobby.room_choice]
                self.act(f"{'join' if room.status == 'waiting' else 'watch'} {room.room}")
            else:
                self.act("create")

    def tournaments_key(self, key: int) -> None:
        """The tournaments page: Up/Down choose, Enter opens, E enters, W withdraws, Esc goes back."""
        lobby = self.lobby
        listed = tv.ordered(lobby.tournaments)
        opened = lobby.tournament.tournament.tournament if lobby.tournament else None
        if key == pygame.K_ESCAPE:
            self.act("tournaments")
        elif key in (pygame.K_UP, pygame.K_DOWN) and listed:
            step = -1 if key == pygame.K_UP else 1
            now = lobby.tournament_choice
            lobby.tournament_choice = 0 if now is None else max(0, min(len(listed) - 1, now + step))
        elif key == pygame.K_RETURN and listed:
            self.act(f"tournament {listed[min(lobby.tournament_choice or 0, len(listed) - 1)].tournament}")
        elif key in (pygame.K_e, pygame.K_w) and opened is not None:
            self.act(f"{'tenter' if key == pygame.K_e else 'twithdraw'} {opened}")

    def games_key(self, key: int) -> None:
        """The games page: N edits the name, Up/Down choose, Enter opens (or lists), PgUp/PgDn pages, Esc back."""
        lobby = self.lobby
        listed = lobby.player_games
        games = listed.games if listed is not None else []
        if key == pygame.K_ESCAPE:
            self.act("pgames_page")
        elif key == pygame.K_n:
            lobby.editing = "games_name"
        elif key in (pygame.K_UP, pygame.K_DOWN) and games:
            step = -1 if key == pygame.K_UP else 1
            now = lobby.games_choice
            lobby.games_choice = 0 if now is None else max(0, min(len(games) - 1, now + step))
        elif key == pygame.K_RETURN:
            if games and lobby.games_choice is not None and lobby.games_choice < len(games):
                self.act(f"watch {games[lobby.games_choice].room}")
            else:
                self.act("pgames 0")
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and listed is not None:
            if key == pygame.K_PAGEUP and listed.offset > 0:
                self.act(f"pgames {max(0, listed.offset - pg.PAGE)}")
            elif key == pygame.K_PAGEDOWN and listed.offset + len(games) < listed.total:
                self.act(f"pgames {listed.offset + pg.PAGE}")

    def players_key(self, key: int) -> None:
        """The players page: Up/Down choose a player, Left/Right the game, P/C/R the settings, Enter sends."""
        lobby = self.lobby
        if key == pygame.K_ESCAPE:
            self.act("players")
        elif key in (pygame.K_UP, pygame.K_DOWN) and lobby.players:
            step = -1 if key == pygame.K_UP else 1
            now = lobby.player_choice
            lobby.player_choice = 0 if now is None else max(0, min(len(lobby.players) - 1, now + step))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            lobby.choose(lobby.chosen + (-1 if key == pygame.K_LEFT else 1))
        elif key == pygame.K_p:
            lobby.editing = "params"
        elif key == pygame.K_c:
            lobby.editing = "clock"
        elif key == pygame.K_r:
            self.act("rated")
        elif key == pygame.K_RETURN:
            self.act("challenge")

    def click(self, pos: tuple[int, int], button: int) -> None:
        """A click on the panel's buttons, the lobby, or the board (checked to be a move we may play now)."""
        t = self.table
        action = self.panel.move_at(pos, 1) if self.panel else None
        if action is not None:
            self.act(action.removeprefix("do "))
            return
        if self.question:
            return
        if self.analysis_click(pos, button):
            return
        move = self.board.move_at(pos, button) if self.board else None
        if move is None:
            return
        if self.in_lobby and t.room is None:
            self.act(move)
        elif t.you is None:
            t.say(tr(t.lang, "gui-watching"))
        elif t.status != "playing":
            t.say(tr(t.lang, "gui-not-started" if t.status == "waiting" else "gui-is-over"))
        elif t.turn != t.you:
            t.say(tr(t.lang, "gui-not-your-turn-name", name=t.seat_name(t.turn)) if t.turn is not None
                  else tr(t.lang, "gui-not-your-turn"))
        elif self._sending:
            t.message = tr(t.lang, "gui-still-sending")
        elif t.legal is not None and move not in t.legal:
            t.message = tr(t.lang, "gui-illegal", move=move)
        else:
            t.message = ""
            self._sending = True
            self._spawn(self._send_move(t.room or "", t.ply, move))

    def act(self, action: str) -> None:
        """Do one named action (a key, a button or a lobby target)."""
        t = self.table
        verb, _, what = action.partition(" ")
        lobby = self.lobby
        if verb == "game":
            lobby.choose_game(what)
            lobby.editing = None
        elif verb == "vs":
            lobby.vs = what
        elif verb == "field":
            lobby.editing = what
        elif verb == "rated":
            lobby.rated = not lobby.rated
        elif verb == "tournaments":
            lobby.page = "rooms" if lobby.page == "tournaments" else "tournaments"
            if lobby.page == "tournaments":
                self._spawn(self._list_tournaments())
        elif verb == "players":
            lobby.page = "rooms" if lobby.page == "players" else "players"
            if lobby.page == "players":
                self._spawn(self._list_players())
        elif verb == "player":
            lobby.choose_player(what)
            lobby.editing = None
        elif verb == "pgames_page":
            lobby.page = "rooms" if lobby.page == "games" else "games"
            welcome = self.conn.welcome
            if lobby.page == "games" and not lobby.games_name and welcome is not None and welcome.player:
                lobby.games_name = welcome.player  # (one's own games first)
                self._spawn(self._player_games(0))
        elif verb == "pgames":
            self._spawn(self._player_games(int(what or 0)))
        elif verb == "pgame":
            games = lobby.player_games.games if lobby.player_games is not None else []
            rooms = [g.room for g in games]
            lobby.games_choice = rooms.index(what) if what in rooms else None
            lobby.editing = None
        elif verb == "challenge":
            chosen = lobby.chosen_player
            session = what or (chosen.session if chosen is not None else "")
            if not session:
                t.say(tr(t.lang, "gui-choose-player-first"))
            elif not self._sending:
                self._sending = True
                self._spawn(self._challenge(session))
        elif verb == "tournament":
            self._spawn(self._open_tournament(what))
        elif verb in ("tenter", "twithdraw"):
            self._spawn(self._tournament_request(verb, what))
        elif verb in ("create", "join", "watch"):
            if not self._sending:
                self._sending = True
                self._spawn(self._leave_lobby(action))
        elif verb == "chat":
            self.typing = True
        elif verb == "yes" or verb == "no":
            self.answer(verb == "yes")
        elif verb == "lobby":
            self._spawn(self._to_lobby())
        elif verb == "review":
            self.show_review()
        elif verb == "analysis":
            self.open_analysis()
        elif t.you is None and verb in ("hint", "resign", "draw", "decline", "rematch"):
            t.say(tr(t.lang, "gui-spectators"))
        elif verb == "hint":
            self.ask_hint()
        elif verb == "resign":
            if t.status != "playing":
                t.say(tr(t.lang, "gui-nothing-to-resign"))
            else:
                self.question = tr(t.lang, "gui-resign-question", game=words.game_name(t.game or "", t.lang),
                                   names=t.others())
        elif verb == "rematch":
            if not t.is_over:
                t.say(tr(t.lang, "gui-rematch-after"))
            else:
                self._spawn(self._rematch())
        elif verb in ("draw", "decline"):
            self._spawn(self._draw(accept=verb == "draw"))

    def answer(self, yes: bool) -> None:
        self.question = None
        challenge, self.challenge = self.challenge, None
        if challenge is not None:
            self._spawn(self._answer_challenge(challenge, yes))
            return
        if yes:
            self._spawn(self._resign())
        else:
            self.table.say(tr(self.table.lang, "gui-play-on"))

    def draw_offered_to_me(self) -> bool:
        t = self.table
        return bool(t.you is not None and t.draw_offer and t.you not in t.draw_offer)

    def hint_control(self) -> tuple[HintState, str | None]:
        """How the Hint button is shown now and why not enabled (:mod:`client.controls`)."""
        t = self.table
        return hint_control(game=t.game, you=t.you, status=t.status, rated=t.rated,
                            hidden=t.traits is not None and t.traits.hidden_information, turn=t.turn,
                            names=t.names(), has_bot=any(s.kind == "bot" for s in t.seats), lang=t.lang)  # fmt: skip

    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, in words; None when one can (see :mod:`client.hints`)."""
        t = self.table
        return hint_refusal_in(
            t.lang,
            game=t.game,
            you=t.you,
            status=t.status,
            rated=t.rated,
            hidden=t.traits is not None and t.traits.hidden_information,
            turn=t.turn,
            names=t.names(),
            has_bot=any(s.kind == "bot" for s in t.seats),
        )

    def ask_hint(self) -> None:
        refusal = self.hint_refusal()
        if refusal is not None:
            self.table.say(refusal)
            return
        self.table.message = tr(self.table.lang, "gui-thinking")
        self._spawn(self._hint())

    def show_review(self) -> None:
        t = self.table
        if self.reviewing:
            self.reviewing = False
            return
        if not t.is_over:
            t.say(tr(t.lang, "gui-review-after"))
            return
        self.reviewing, self.analysing, self.scroll = True, False, 0
        self.prepare_analysis()

    # ------------------------------------------------------------------ networking

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _refused(self, e: BaseException, what: str = "that") -> None:
        if isinstance(e, Refused) and e.code == ErrorCode.UNAVAILABLE:  # (not sent again by itself)
            self.table.say(not_done(what, self.table.lang))
        elif isinstance(e, Refused):
            self.table.say(tr(self.table.lang, "gui-refused", message=name_seats(e.message, self.table.names())))
        else:
            self.table.say(tr(self.table.lang, "gui-no-answer", error=str(e)))

    async def _send_move(self, room: str, ply: int, move: str) -> None:
        try:
            await self.conn.request(p.Move(room=room, ply=ply, move=move))
        except Refused as e:
            self.table.refused(e.code, e.message, e.room)
            for request in self.table.take_outbox():
                self._spawn(self._ask(request))
            if e.code == ErrorCode.UNAVAILABLE:
                self.table.say(move_not_stored(move, self.table.lang))
            elif not (e.resent and e.code in (ErrorCode.STALE_PLY, ErrorCode.GAME_OVER)):  # (else played through an
                self._refused(e)  # outage, or the game ended meanwhile: the room's own messages show it)
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self.table.message = tr(self.table.lang, "gui-move-unsent", move=move, error=str(e))
        finally:
            self._sending = False

    async def _ask(self, msg: Any) -> Any:
        try:
            return await self.conn.request(msg)
        except Refused as e:
            if not (e.resent and e.code == ErrorCode.GAME_OVER):  # (else sent through an outage: the game ended
                self._refused(e, msg.type.replace("_", " "))  # meanwhile, as its own message said)
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self._refused(e, msg.type.replace("_", " "))
        return None

    async def _chat(self, words: str) -> None:
        if self.table.room is None:
            self.table.say(tr(self.table.lang, "gui-no-room-to-talk"))
            return
        await self._ask(p.ChatSend(room=self.table.room, text=words[:500]))

    async def _resign(self) -> None:
        await self._ask(p.Resign(room=self.table.room or ""))

    async def _draw(self, accept: bool) -> None:
        t = self.table
        if t.status != "playing":
            t.say(tr(t.lang, "gui-draws-during"))
        elif not accept:
            await self._ask(p.DeclineDraw(room=t.room or ""))
        elif t.draw_offer and t.you in t.draw_offer:
            t.say(tr(t.lang, "gui-draw-stands", names=t.others()))
        elif t.draw_offer:
            await self._ask(p.AcceptDraw(room=t.room or ""))
        else:
            await self._ask(p.OfferDraw(room=t.room or ""))

    async def _leave_lobby(self, choice: str) -> None:
        """``create`` (the lobby's settings), ``join ROOM`` or ``watch ROOM``."""
        verb, _, what = choice.partition(" ")
        lobby = self.lobby
        try:
            if verb == "create":
                game, params, clock = self.settings()
                await self.open_room(game=game, params=params, vs=lobby.vs, join=None, spectate=None, clock=clock,
                                     rated=lobby.rated)  # fmt: skip
            elif verb == "join":
                await self.open_room(game=None, params={}, vs=lobby.vs, join=what, spectate=None)
            else:
                await self.open_room(game=None, params={}, vs=lobby.vs, join=None, spectate=what)
        except (Refused, ValueError, rules.RulesError, LinkLost, LinkClosed, TimeoutError) as e:
            why = e.message if isinstance(e, Refused) else i18n.error_text(self.table.lang, e)
            self.table.say(tr(self.table.lang, f"gui-failed-{verb}", room=what, why=why))
        finally:
            self._sending = False

    def settings(self) -> tuple[str, dict[str, str], p.TimeControl | None]:
        """The lobby's game, parameters and clock for a new room or a challenge (ValueError saying what is wrong,
        a rated game that cannot be asked for too)."""
        lobby = self.lobby
        game = lobby.game
        if game is None:
            raise ValueError(tr(self.table.lang, "gui-choose-game-first"))
        bad = [item for item in lobby.params.split() if "=" not in item]
        if bad:
            raise ValueError(tr(self.table.lang, "gui-bad-param", param=repr(bad[0])))
        params = dict(item.split("=", 1) for item in lobby.params.split())
        clock = p.parse_time_control(lobby.clock)
        if lobby.rated:
            why = self.rated_refusal(game, params)
            if why is not None:
                raise ValueError(why)
        return game, params, clock

    def rated_refusal(self, game: str, params: dict[str, Any]) -> str | None:
        """Why a rated game of ``game`` cannot be asked for, in words (a guest, not two seats); None if it can."""
        welcome = self.conn.welcome
        return ch.rated_refusal(welcome.player if welcome is not None else None, game, params)

    async def _player_games(self, offset: int) -> None:
        """A page of the named player's finished games, to the games page."""
        lobby = self.lobby
        name = lobby.games_name.strip()
        if not name:
            self.table.say(tr(self.table.lang, "gui-type-name-first"))
            return
        listed = await self._ask(p.GetPlayerGames(name=name, offset=offset, limit=pg.PAGE))
        if isinstance(listed, p.PlayerGames):
            lobby.player_games = listed
            lobby.games_choice = 0 if listed.games else None

    async def _list_players(self) -> None:
        listed = await self._ask(p.ListPlayers())
        if isinstance(listed, p.Players):
            self.lobby.show_players(listed.players)

    async def _challenge(self, session: str) -> None:
        """Challenge the player ``session`` with the lobby's settings; the window shows the room until the answer."""
        try:
            player = next((pl for pl in self.lobby.players if pl.session == session), None)
            name = player.name if player is not None else tr(self.table.lang, "gui-that-player")
            if session == self.conn.session:
                self.table.say(tr(self.table.lang, "gui-that-is-you"))
                return
            try:
                game, params, clock = self.settings()
            except (ValueError, rules.RulesError) as e:
                self.table.say(i18n.error_text(self.table.lang, e))
                return
            msg = p.Challenge(to=session, game=game, params=params, time_control=clock, rated=self.lobby.rated)
            try:
                made = await self.conn.request(msg)
            except Refused as e:
                self.table.say(said.refused(self.table.lang, name, e.code, e.message))
                return
            except (LinkLost, LinkClosed, TimeoutError) as e:
                self.table.say(tr(self.table.lang, "gui-no-answer", error=str(e)))
                return
            if isinstance(made, p.RoomCreated):
                self.challenges.sent(made.room, name)
                self.table.room = self.table.room or made.room
                self.table.code = made.code
                sent = said.sent(self.table.lang, name, game, self.lobby.rated, clock)
                self.table.say(tr(self.table.lang, "gui-sent-withdraw", sent=sent))
        finally:
            self._sending = False

    def _lobby_again(self) -> None:
        """The lobby in the window again (its page as it was left), its lists kept fresh."""
        self.table = Table(status="lobby", lang=self.conn.lang)
        self.reviewing, self.typing, self.analysing = False, False, False
        self.in_lobby = True
        self._spawn(self._refresh_rooms())
        self.ask_challenge()

    async def _to_lobby(self) -> None:
        """Back to the lobby (a game in progress must be resigned first)."""
        t = self.table
        if t.status == "playing" and t.you is not None:
            t.say(tr(t.lang, "gui-game-on"))
            return
        if t.room is not None and not t.is_over:
            await self._ask(p.Leave(room=t.room))
        if t.room is not None:
            self.challenges.withdrawn(t.room)  # leaving a challenge's room withdraws it
        if not self.lobby.games:
            games = await self._ask(p.ListGames())
            if isinstance(games, p.Games):
                self.lobby = Lobby(games=games.games, vs=self.vs if self.vs in OPPONENTS else "bot:medium",
                                   lang=self.conn.lang)
                self.lobby.choose(0)
        self._lobby_again()

    async def _refresh_rooms(self) -> None:
        """Keep the lobby's list of open rooms fresh while the lobby shows."""
        while self.in_lobby and self.table.room is None:
            try:
                if self.lobby.page == "tournaments":
                    await self._list_tournaments()
                elif self.lobby.page == "players":
                    await self._list_players()
                else:
                    rooms = await self.conn.request(p.ListRooms())
                    assert isinstance(rooms, p.Rooms)
                    self.lobby.rooms = [r for r in rooms.rooms if r.status in ("waiting", "playing")]
            except (Refused, LinkLost, TimeoutError) as e:
                self.table.message = tr(self.table.lang, "gui-no-room-list", why=str(getattr(e, "message", e)))
            except LinkClosed:
                return
            await asyncio.sleep(LOBBY_REFRESH_S)

    async def _list_tournaments(self) -> None:
        listed = await self._ask(p.ListTournaments())
        if isinstance(listed, p.Tournaments):
            self.lobby.tournaments = listed.tournaments
            if self.lobby.tournament is not None:  # the opened one's pushed state is the newest word on it
                self.lobby.show_tournament(self.lobby.tournament)

    async def _open_tournament(self, tid: str) -> None:
        """Show a tournament's standings and round; the server pushes every change from now on."""
        try:
            state = await self.conn.request(p.GetTournament(tournament=tid))
        except Refused as e:
            self.table.say(said.tournament_refusal(self.table.lang, "show", e.code, e.message))
            return
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self.table.say(tr(self.table.lang, "gui-no-answer", error=str(e)))
            return
        if isinstance(state, p.TournamentState):
            self.lobby.tournament = state
            self.lobby.show_tournament(state)
            listed = [t.tournament for t in tv.ordered(self.lobby.tournaments)]
            self.lobby.tournament_choice = listed.index(tid) if tid in listed else None

    async def _tournament_request(self, verb: str, tid: str) -> None:
        """Enter (``tenter``) or withdraw (``twithdraw``): the new state shown, a refusal said in words."""
        msg = p.EnterTournament(tournament=tid) if verb == "tenter" else p.Withdraw(tournament=tid)
        words = "enter" if verb == "tenter" else "withdraw"
        try:
            state = await self.conn.request(msg)
        except Refused as e:
            self.table.say(said.tournament_refusal(self.table.lang, words, e.code, e.message))
            return
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self.table.say(tr(self.table.lang, "gui-no-answer", error=str(e)))
            return
        if isinstance(state, p.TournamentState):
            self.lobby.show_tournament(state)
            done = "gui-entered" if verb == "tenter" else "gui-withdrawn"
            self.table.say(tr(self.table.lang, done, name=tv.title_of(state.tournament, self.table.lang)))

    def ask_challenge(self) -> None:
        """In the lobby, with no other question on screen: ask about the oldest challenge received."""
        if self.question or not self.in_lobby or self.table.room is not None:
            return
        self.challenge = self.challenges.next_incoming()
        if self.challenge is not None:
            self.question = challenge_text(self.challenge, lang=self.table.lang)

    async def _answer_challenge(self, challenge: p.Challenged, accept: bool) -> None:
        """Accept (the game opens) or decline a challenge; then the next one waiting is asked about."""
        msg = p.AcceptChallenge(room=challenge.room) if accept else p.DeclineChallenge(room=challenge.room)
        try:
            await self.conn.request(msg)
            if not accept:
                self.table.say(tr(self.table.lang, "gui-declined-challenge", name=challenge.challenger))
        except Refused as e:
            self.table.say(said.answer_refused(self.table.lang, challenge.challenger, e.code, e.message))
        except (LinkLost, LinkClosed, TimeoutError) as e:
            self.table.say(tr(self.table.lang, "gui-no-answer", error=str(e)))
        self.ask_challenge()

    async def _rematch(self) -> None:
        try:
            await self.conn.request(p.Rematch(room=self.table.room or ""))
        except (Refused, LinkLost, LinkClosed, TimeoutError) as e:
            self.table.say(tr(self.table.lang, "gui-no-rematch", why=str(getattr(e, "message", e))))

    async def _follow(self, old: str, game: str, players: set[str]) -> None:
        """A spectator follows the players into their rematch: find the new room and watch it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15.0
        tried: set[str] = set()
        while loop.time() < deadline and self.table.room == old:
            rooms = await self._ask(p.ListRooms(game=game))
            for r in rooms.rooms if isinstance(rooms, p.Rooms) else []:
                if r.room in tried or r.room == old or not {seat_label(s) for s in r.seats} & players:
                    continue
                tried.add(r.room)
                try:
                    state = await self.conn.request(p.Spectate(room=r.room))
                except (Refused, LinkLost, TimeoutError):
                    continue
                if isinstance(state, p.RoomState) and state.rematch_of == old:
                    self.table.apply(state, time.monotonic())
                    self.table.say(tr(self.table.lang, "gui-following"))
                    return
                await self._ask(p.Leave(room=r.room))
            await asyncio.sleep(0.3)

    async def _read_events(self) -> None:
        try:
            async for event in self.conn.events():
                if isinstance(event, LinkDown):
                    self.table.say(tr(self.table.lang, "gui-reconnecting"))
                elif isinstance(event, Moved):
                    self.table.say(tr(self.table.lang, "gui-moved", url=event.new_url))
                elif isinstance(event, LinkUp):
                    self.table.say(tr(self.table.lang, "gui-reconnected" if event.resumed else "gui-session-lost"))
                elif isinstance(event, CatchingUp):
                    self.table.say(catching_up(self.table.lang))
                elif isinstance(event, CaughtUp):
                    self.table.say(caught_up(event.after_s, self.table.lang, event.ended))
                elif isinstance(event, p.TournamentState):
                    self.lobby.show_tournament(event)
                elif isinstance(event, p.ChallengeAnswered):  # answered on another of our devices
                    asked = self.challenges.incoming.get(event.room) or (
                        self.challenge if self.challenge is not None and self.challenge.room == event.room else None)
                    self.challenges.answered(event, self.challenge)
                    words = said.answered(self.table.lang, asked.challenger if asked else None, event.accepted)
                    if self.challenge is not None and self.challenge.room == event.room:  # its question goes
                        self.question, self.challenge = None, None
                        self.ask_challenge()
                    self.table.say(words)
                elif isinstance(event, p.ChallengeDeclined):
                    name = self.challenges.outgoing.get(event.room) or event.player
                    self.challenges.declined(event)
                    words = said.declined(self.table.lang, name, event.reason)
                    if self.table.room == event.room:  # the challenge's room went with the refusal
                        self._lobby_again()
                    self.table.say(words)
                elif isinstance(event, p.GameRated):
                    if self.table.room == event.room:
                        t = self.table
                        t.say(said.rated(t.lang, event.ratings, t.you, t.seat_name, event.won_side))
                    if self.lobby.page == "players":  # (the ratings in the list moved: asked again)
                        self._spawn(self._list_players())
                elif isinstance(event, p.Challenged):
                    self.challenges.received(event)
                    if not (self.in_lobby and self.table.room is None):
                        lang = self.table.lang
                        self.table.say(f"{challenge_text(event, lang=lang)} {words.say(lang, 'server-challenge-f7')}")
                    self.ask_challenge()
                else:
                    before = self.table.room
                    if isinstance(event, p.RoomState):
                        self.challenges.opened(event.room)
                    self.table.apply(event, time.monotonic())
                    for request in self.table.take_outbox():  # a move was missed: the snapshot repairs it
                        self._spawn(self._ask(request))
                    if self.table.room != before:  # a new game: its board, not the last one's review or chat
                        if self.challenge is not None:  # asked again once back in the lobby
                            self.challenges.put_back(self.challenge)
                        self.reviewing, self.typing, self.question, self.challenge = False, False, None, None
                        self.analysing, self.analysis, self.analysis_room, self.hint_lit = False, None, None, None
                    if self.table.is_over:
                        self.prepare_analysis()  # the review, and the board to step through, made at the end
                    t = self.table
                    if (isinstance(event, p.RematchOffered) and t.you is None and event.room == t.room
                            and len(event.agreed) == len(t.seats) and self.following != t.room):  # fmt: skip
                        self.following = t.room
                        self._spawn(self._follow(t.room or "", t.game, {seat_label(s) for s in t.seats}))
        except LinkClosed as e:
            self.table.say(str(e))


async def play(url: str, *, game: str | None, params: dict[str, Any], vs: str = "bot:medium",
               join: str | None = None, spectate: str | None = None, name: str = "player",
               screenshot: str | None = None, frames: int | None = None,
               clock: p.TimeControl | None = None, size: tuple[int, int] = SIZE, secret: str | None = None,
               rated: bool = False, lang: str | None = None) -> int:
    """Connect, open the room the arguments name and show it until the window closes (see :func:`run`)."""
    lang = lang or from_env()
    try:
        parse_vs(vs, lang)
        if game and not (join or spectate):
            rules.create(game, **params)  # a clear local error before anything is sent
    except ValueError as e:
        print(f"grundy play: {e}", file=sys.stderr)
        return 2
    conn = Connection(url, name, client="grundy-pygame/0.1", secret=secret, lang=lang)
    try:
        await conn.connect()
    except Refused as e:  # (a wrong secret, a banned name: one line, as grundy's other refusals)
        print(f"grundy: {tr(lang, 'cli-error')}: {why_unreachable(conn.url, e)}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError, WebSocketException) as e:  # (in the words of grundy play's own check)
        line = tr(lang, "tui-lobby-unreachable", url=conn.url, why=why_unreachable(conn.url, e))
        print(f"grundy: {tr(lang, 'cli-error')}: {line}", file=sys.stderr)
        return 1
    try:
        app = GuiApp(conn, size=size, screenshot=screenshot, frames=frames)
        try:
            await app.open_room(game=game, params=params, vs=vs, join=join, spectate=spectate, clock=clock,
                                rated=rated)
        except (Refused, ValueError) as e:
            print(f"grundy play: {getattr(e, 'message', e)}", file=sys.stderr)
            return 1
        return await app.run()
    finally:
        await conn.close()


def run(url: str, *, game: str | None, params: dict[str, Any], vs: str, join: str | None, spectate: str | None,
        name: str, screenshot: str | None, frames: int | None, time_control: p.TimeControl | None = None,
        secret: str | None = None, rated: bool = False, lang: str | None = None) -> int:
    """The pygame UI of ``grundy play --ui pygame``: play (or watch) one room on the node at ``url``.

    ``vs`` is ``human`` (the other seats stay open) or ``bot:LEVEL``; ``join`` a room id or join
    code, ``spectate`` a room to watch; with none of ``game``, ``join``, ``spectate`` the lobby
    opens.  ``time_control`` is the clock of a new room (None: untimed).  ``screenshot`` saves
    the last frame as a PNG (after ``frames`` frames, which also closes the window, or when it
    is closed).  ``rated``: the room ``game`` starts is rated.  ``lang``: the language of its words (None: the
    system's locale).  Returns the exit code.
    """
    return asyncio.run(play(url, game=game, params=params, vs=vs, join=join, spectate=spectate, name=name,
                            screenshot=screenshot, frames=frames, clock=time_control, secret=secret, rated=rated,
                            lang=lang))
