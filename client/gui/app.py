"""The pygame window: one room drawn from the server's views, played with the mouse.

The networking stays in asyncio: one task reads the connection's event stream into a
:class:`Table`, and the window loop pumps pygame events and redraws every frame (~60 per
second) between ``await asyncio.sleep`` calls, so neither ever blocks the other.  A click is
resolved against the click map of the last drawing and sent as a ``move`` at the current ply.

Without a game or a room to join or watch, the window opens on the lobby: a button per game
(a new room against the chosen opponent) and the rooms waiting for a player.

Keys: Esc (or closing the window) quits, R asks for a rematch after the end.  With
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

import protocol as p
import rules
from client.connection import (
    Connection,
    ConnectionClosed,
    ConnectionLost,
    LinkDown,
    LinkUp,
    ServerError,
    why_unreachable,
)
from client.gui.board import (
    BACKGROUND,
    EVADER,
    FLAG_COLOURS,
    GOMOKU_COLOURS,
    PANEL,
    PANEL_TEXT,
    PURSUER_COLOURS,
    STONE_COLOURS,
    Board,
    Colour,
    disc,
    param_text,
    text,
)
from client.gui.draw import canonical, draw
from client.gui.grids import pursuit_steps
from client.gui.lobby import draw_lobby
from client.gui.session import Table
from protocol import ErrorCode

log = logging.getLogger("grundy.gui")

SIZE = (960, 640)
PANEL_W = 300
FPS = 60
LEVELS = ("random", "easy", "medium", "hard", "max")
MESSAGE: Colour = (250, 200, 90)
HOVER: Colour = (90, 160, 230)
LOBBY_REFRESH_S = 2.0
_OBJECT_KEY = re.compile(r"heap (\d+) object (\d+)")


def parse_vs(vs: str) -> tuple[str, str | None]:
    """``human`` -> ("human", None); ``bot:LEVEL`` (or ``bot``: medium) -> ("bot", LEVEL)."""
    v = vs.strip().lower()
    if v == "human":
        return "human", None
    if v == "bot":
        return "bot", "medium"
    if v.startswith("bot:") and v[4:] in LEVELS:
        return "bot", v[4:]
    raise ValueError(f"--vs {vs!r}: write human or bot:LEVEL with LEVEL one of {', '.join(LEVELS)}")


def seat_colour(game: str, view: dict[str, Any] | None, seat: int) -> Colour | None:
    """The colour a seat plays with on the board (its stones, figure or flags), if the game has one."""
    if not view:
        return None
    try:
        g = canonical(game)
        if g == "mnk":
            return STONE_COLOURS.get(view["symbols"][seat])
        if g == "gomoku":
            return GOMOKU_COLOURS[view["colours"][seat]]
        if g == "pursuit":
            return EVADER if seat == int(view["pursuers"]) else PURSUER_COLOURS[seat % len(PURSUER_COLOURS)]
        if g == "minesweeper":
            return FLAG_COLOURS[seat % len(FLAG_COLOURS)]
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return None


def local_hints(game: str, view: dict[str, Any]) -> list[str] | None:
    """Moves to hint at when the server sends none (hidden-information games): pursuit's free neighbours."""
    if canonical(game) == "pursuit":
        return pursuit_steps(view)
    return None


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


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, table: Table, caption: str, now: float) -> None:
    """The side panel: game, seats with colours and clocks, whose turn, last move, messages, keys."""
    pygame.draw.rect(surface, PANEL, rect)
    x, y = rect.x + 16, rect.y + 14
    params = " ".join(f"{k}={param_text(v)}" for k, v in table.params.items() if v not in (None, []))
    text(surface, table.game or "grundy", (x, y), PANEL_TEXT, 34, bold=True)
    y += 34
    for line in wrap(params, 38)[:2]:
        text(surface, line, (x, y), (170, 170, 170), 18)
        y += 17
    for line in wrap(caption, 36)[:3]:
        text(surface, line, (x, y), (190, 200, 210), 19)
        y += 18
    y += 12
    for seat in range(len(table.seats)):
        row = pygame.Rect(rect.x + 8, y, rect.w - 16, 34)
        if table.turn == seat and table.status == "playing":
            pygame.draw.rect(surface, (70, 80, 100), row, border_radius=6)
        colour = seat_colour(table.game, table.view, seat)
        if colour is not None:
            disc(surface, colour, (row.x + 18, row.centery), 10, (200, 200, 200))
        name = table.seat_name(seat)
        if seat == table.you:
            name += " (you)"
        if seat < len(table.seats) and not table.seats[seat].connected and table.seats[seat].player:
            name += " - away"
        text(surface, name[:22], (row.x + 36, row.centery), PANEL_TEXT, 22, "midleft")
        text(surface, format_clock(table.clock(seat, now)), (row.right - 8, row.centery), PANEL_TEXT, 26,
             "midright", bold=True)
        y += 38
    y += 8
    text(surface, status_line(table), (x, y), (255, 255, 255), 24, bold=True)
    y += 28
    if table.last_move:
        mover = table.seat_name(table.movers[-1]) if table.movers else ""
        text(surface, f"last move: {table.last_move}" + (f" ({mover})" if mover else ""), (x, y), PANEL_TEXT, 20)
        y += 22
    if table.room and table.status == "waiting":
        text(surface, f"room {table.room}", (x, y), PANEL_TEXT, 20)
        y += 22
        if table.code:
            text(surface, f"code {table.code}", (x, y), PANEL_TEXT, 20)
            y += 22
    if table.message:
        for line in wrap(table.message, 34)[:5]:
            text(surface, line, (x, y), MESSAGE, 20)
            y += 19
    keys = "Esc: quit" + ("   R: rematch" if table.is_over and table.you is not None else "")
    text(surface, keys, (x, rect.bottom - 12), (150, 150, 150), 18, "bottomleft")


def status_line(table: Table) -> str:
    if table.status == "connecting":
        return "connecting..."
    if table.status == "lobby":
        return "the lobby"
    if table.status == "waiting":
        return "waiting for players"
    if table.is_over:
        return table.outcome_line()
    if table.turn is None:
        return ""
    if table.you is None:
        return f"{table.seat_name(table.turn)} to move"
    return "your move" if table.turn == table.you else f"{table.seat_name(table.turn)} to move"


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


def draw_overlay(surface: pygame.Surface, area: pygame.Rect, table: Table) -> None:
    """The result over the board: a translucent band with the outcome and its reason."""
    band = pygame.Rect(area.x + 20, area.centery - 70, area.w - 40, 140)
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((20, 20, 30, 200))
    surface.blit(shade, band)
    text(surface, table.outcome_line(), (band.centerx, band.y + 16), (255, 255, 255), 56, "midtop", bold=True)
    for i, line in enumerate(wrap(table.reason, 60)[:2]):
        text(surface, line, (band.centerx, band.y + 72 + 22 * i), (220, 220, 220), 24, "midtop")


class GuiApp:
    """One pygame window on one room of a connected :class:`Connection`."""

    def __init__(self, conn: Connection, *, size: tuple[int, int] = SIZE, screenshot: str | None = None,
                 frames: int | None = None, fps: int = FPS) -> None:
        self.conn = conn
        self.size = size
        self.screenshot = screenshot
        self.frames = frames
        self.fps = fps
        self.table = Table()
        self.board: Board | None = None
        self.board_area = self.board_rect(size)
        self.frame = 0
        self.drawn: tuple[str | None, int] | None = None  # (room, ply) of the position on the screen
        self.closed = False
        self._sending = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self.mouse: tuple[int, int] | None = None
        self.in_lobby = False
        self.vs = "bot:medium"
        self.games: list[dict[str, Any]] = []
        self.rooms: list[p.RoomSummary] = []

    @staticmethod
    def board_rect(size: tuple[int, int]) -> pygame.Rect:
        """Where the board goes in a window of ``size``: everything left of the panel, with a margin."""
        return pygame.Rect(10, 10, size[0] - PANEL_W - 20, size[1] - 20)

    # ------------------------------------------------------------------ the room

    async def open_room(self, *, game: str | None, params: dict[str, Any], vs: str, join: str | None,
                        spectate: str | None, clock: p.TimeControl | None = None) -> None:
        """Create, join or watch the room the arguments name, or open the lobby (raises ServerError or ValueError)."""
        self.vs = vs
        if not (game or join or spectate):
            parse_vs(vs)
            games = await self.conn.request(p.ListGames())
            assert isinstance(games, p.Games)
            self.games = games.games
            self.in_lobby = True
            self.table.status = "lobby"
        elif spectate:
            self.table.status = "connecting"
            await self._by_room_or_code(spectate, lambda **kw: p.Spectate(**kw))
        elif join:
            await self._by_room_or_code(join, lambda **kw: p.Join(**kw))
        else:
            assert game is not None
            kind, level = parse_vs(vs)
            seats = rules.create(game, **params).seats
            others = [p.SeatRequest(kind="bot", level=level) if kind == "bot" else p.SeatRequest()] * (seats - 1)
            msg = p.CreateRoom(game=game, params=params, time_control=clock, seat=0,
                               seats=[p.SeatRequest(), *others])
            created = await self.conn.request(msg)
            assert isinstance(created, p.RoomCreated)
            self.table.room = self.table.room or created.room
            self.table.code = created.code

    async def _by_room_or_code(self, key: str, make: Any) -> None:
        first, second = ("room", "code") if key.startswith("r-") else ("code", "room")
        try:
            reply = await self.conn.request(make(**{first: key}))
        except ServerError as e:
            if e.code not in (ErrorCode.UNKNOWN_ROOM, ErrorCode.NOT_INVITED):
                raise
            reply = await self.conn.request(make(**{second: key}))
        self.table.apply(reply, time.monotonic())

    # ------------------------------------------------------------------ the loop

    async def run(self) -> int:
        """Show the window until it is closed (or ``frames`` frames were drawn); 0 when all went well."""
        pygame.display.init()
        pygame.font.init()
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
        """Draw one frame: the board, the panel and (after the end) the result."""
        t = self.table
        screen.fill(BACKGROUND)
        now = time.monotonic()
        if self.in_lobby and t.room is None:
            self.board = draw_lobby(screen, self.board_area, self.games, self.rooms, self.vs)
            draw_hover(screen, self.board, self.mouse)
        elif t.view is not None:
            legal = None
            if t.is_my_turn:
                legal = t.legal if t.legal is not None else local_hints(t.game, t.view)
            self.board = draw(screen, t.game, t.view, self.board_area, legal=legal, last=t.last_move)
            self.drawn = (t.room, t.ply)
            if t.is_my_turn:
                draw_hover(screen, self.board, self.mouse)
        else:
            self.board = Board()
            text(screen, status_line(t), self.board_area.center, (90, 90, 90), 36, "center")
        panel = pygame.Rect(self.size[0] - PANEL_W, 0, PANEL_W, self.size[1])
        draw_panel(screen, panel, t, self.board.caption, now)
        if t.is_over:
            draw_overlay(screen, self.board_area, t)

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event: quit, keys, clicks."""
        if event.type == pygame.QUIT:
            self.closed = True
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.closed = True
            elif event.key == pygame.K_r and self.table.is_over and self.table.you is not None:
                self._spawn(self._rematch())
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = event.pos
            self.click(event.pos, event.button)

    def click(self, pos: tuple[int, int], button: int) -> None:
        """A click on the board: check it names a move we may play now, then send it."""
        t = self.table
        move = self.board.move_at(pos, button) if self.board else None
        if move is None:
            return
        if self.in_lobby and t.room is None:
            if not self._sending:
                self._sending = True
                self._spawn(self._leave_lobby(move))
        elif t.you is None:
            t.message = "you are watching this game"
        elif t.status != "playing":
            t.message = "the game has not started" if t.status == "waiting" else "the game is over"
        elif t.turn != t.you:
            t.message = f"not your turn: {t.seat_name(t.turn)} is to move" if t.turn is not None else "not your turn"
        elif self._sending:
            t.message = "still sending your last move"
        elif t.legal is not None and move not in t.legal:
            t.message = f"{move} is not a legal move here"
        else:
            t.message = ""
            self._sending = True
            self._spawn(self._send_move(t.room or "", t.ply, move))

    # ------------------------------------------------------------------ networking

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_move(self, room: str, ply: int, move: str) -> None:
        try:
            await self.conn.request(p.Move(room=room, ply=ply, move=move))
        except ServerError as e:
            self.table.message = e.message
        except (ConnectionLost, ConnectionClosed, TimeoutError) as e:
            self.table.message = f"{move} may not have been sent ({e}); the board will catch up"
        finally:
            self._sending = False

    async def _leave_lobby(self, choice: str) -> None:
        """``create GAME`` or ``join ROOM`` from the lobby's click map."""
        verb, _, what = choice.partition(" ")
        try:
            if verb == "create":
                await self.open_room(game=what, params={}, vs=self.vs, join=None, spectate=None)
            else:
                await self.open_room(game=None, params={}, vs=self.vs, join=what, spectate=None)
        except (ServerError, ValueError, ConnectionLost, ConnectionClosed, TimeoutError) as e:
            self.table.message = f"{choice}: {getattr(e, 'message', e)}"
        finally:
            self._sending = False

    async def _refresh_rooms(self) -> None:
        """Keep the lobby's list of waiting rooms fresh while the lobby shows."""
        while self.in_lobby and self.table.room is None:
            try:
                rooms = await self.conn.request(p.ListRooms(status="waiting"))
                assert isinstance(rooms, p.Rooms)
                self.rooms = rooms.rooms
            except (ServerError, ConnectionLost, TimeoutError) as e:
                self.table.message = f"no room list: {getattr(e, 'message', e)}"
            except ConnectionClosed:
                return
            await asyncio.sleep(LOBBY_REFRESH_S)

    async def _rematch(self) -> None:
        try:
            await self.conn.request(p.Rematch(room=self.table.room or ""))
            self.table.message = "rematch asked; waiting for the others"
        except (ServerError, ConnectionLost, ConnectionClosed, TimeoutError) as e:
            self.table.message = f"no rematch: {getattr(e, 'message', e)}"

    async def _read_events(self) -> None:
        try:
            async for event in self.conn.events():
                if isinstance(event, LinkDown):
                    self.table.message = "connection lost; reconnecting..."
                elif isinstance(event, LinkUp):
                    self.table.message = "reconnected" if event.resumed else "reconnected, but the session was lost"
                else:
                    self.table.apply(event, time.monotonic())
        except ConnectionClosed as e:
            self.table.message = str(e)


async def play(url: str, *, game: str | None, params: dict[str, Any], vs: str = "bot:medium",
               join: str | None = None, spectate: str | None = None, name: str = "player",
               screenshot: str | None = None, frames: int | None = None,
               clock: p.TimeControl | None = None, size: tuple[int, int] = SIZE) -> int:
    """Connect, open the room the arguments name and show it until the window closes (see :func:`run`)."""
    try:
        parse_vs(vs)
        if game and not (join or spectate):
            rules.create(game, **params)  # a clear local error before anything is sent
    except ValueError as e:
        print(f"grundy play: {e}", file=sys.stderr)
        return 2
    conn = Connection(url, name, client="grundy-pygame/0.1")
    try:
        await conn.connect()
    except (OSError, TimeoutError, ServerError, WebSocketException) as e:
        print(f"grundy play: cannot connect to {conn.url}: {why_unreachable(conn.url, e)}", file=sys.stderr)
        return 1
    try:
        app = GuiApp(conn, size=size, screenshot=screenshot, frames=frames)
        try:
            await app.open_room(game=game, params=params, vs=vs, join=join, spectate=spectate, clock=clock)
        except (ServerError, ValueError) as e:
            print(f"grundy play: {getattr(e, 'message', e)}", file=sys.stderr)
            return 1
        return await app.run()
    finally:
        await conn.close()


def run(url: str, *, game: str | None, params: dict[str, Any], vs: str, join: str | None, spectate: str | None,
        name: str, screenshot: str | None, frames: int | None, time_control: p.TimeControl | None = None) -> int:
    """The pygame UI of ``grundy play --ui pygame``: play (or watch) one room on the node at ``url``.

    ``vs`` is ``human`` (the other seats stay open) or ``bot:LEVEL``; ``join`` a room id or join
    code, ``spectate`` a room to watch; with none of ``game``, ``join``, ``spectate`` the lobby
    opens.  ``time_control`` is the clock of a new room (None: untimed).  ``screenshot`` saves
    the last frame as a PNG (after ``frames`` frames, which also closes the window, or when it
    is closed).  Returns the exit code.
    """
    return asyncio.run(play(url, game=game, params=params, vs=vs, join=join, spectate=spectate, name=name,
                            screenshot=screenshot, frames=frames, clock=time_control))
