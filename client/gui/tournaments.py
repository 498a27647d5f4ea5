"""The lobby's tournaments page: the tournaments by state, and the chosen one's standings and round, live.

A pure drawer like the lobby's: its click map's moves are ``tournament ID`` (open it: its
standings and the games of its latest round show beside the list, and change as the server
pushes ``tournament_state``), ``tenter ID`` / ``twithdraw ID`` (enter it, withdraw from it)
and ``watch ROOM`` (watch one of its games); the window turns them into requests.  The keys
are drawn on the screen: Up/Down choose a tournament, Enter opens it, E enters, W withdraws,
F8 or Esc goes back to the games and rooms.
"""

from __future__ import annotations

import pygame

from grundy.client import tournament_view as tv
from grundy.client.gui.board import CELL, INK, LABEL, Board, text
from grundy.client.gui.lobby import SELECTED, Lobby

STATE_COLOURS = {"open": (40, 130, 60), "running": (190, 120, 20), "finished": (110, 110, 110)}
BUTTON = (90, 150, 90)
DANGER = (170, 70, 70)


def _button(surface: pygame.Surface, board: Board, label: str, rect: pygame.Rect, move: str,
            colour: tuple[int, int, int]) -> None:  # fmt: skip
    pygame.draw.rect(surface, colour, rect, border_radius=6)
    text(surface, label, rect.center, (255, 255, 255), 19, "center", bold=True)
    board.add(f"button {move.split()[0]}", rect, move)


def draw_tournaments(surface: pygame.Surface, area: pygame.Rect, lobby: Lobby, session: str | None = None) -> Board:
    """The tournaments on the left, newest open first; the opened one's standings and round on the right."""
    board = Board(caption="tournaments: open one to see its standings, live; enter it, or watch its games")
    left_w = area.w * 2 // 5
    text(surface, "Tournaments", (area.x + 10, area.y + 4), INK, 28, bold=True)
    y = area.y + 36
    listed = tv.ordered(lobby.tournaments)
    if not listed:
        text(surface, "none yet", (area.x + 10, y + 4), LABEL, 18)
    opened = lobby.tournament.tournament.tournament if lobby.tournament else None
    for i, t in enumerate(listed):
        r = pygame.Rect(area.x + 10, y, left_w - 20, 44)
        if r.bottom > area.bottom - 24:
            break
        chosen = lobby.tournament_choice == i or t.tournament == opened
        pygame.draw.rect(surface, SELECTED if chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if chosen else 1, border_radius=6)
        state, name, game, fmt, clock, entrants, rnd = tv.summary_row(t)
        text(surface, state, (r.right - 8, r.y + 4), STATE_COLOURS.get(t.status, LABEL), 17, "topright", bold=True)
        text(surface, name[:26], (r.x + 8, r.y + 3), INK, 20, bold=True)
        where = f" · round {rnd}" if t.round else ""
        details = " · ".join(x for x in (game, fmt, clock if clock != "-" else "", f"{entrants} entrants") if x)
        text(surface, f"{details}{where}"[:48], (r.x + 8, r.y + 24), LABEL, 15)
        board.add(f"tournament {t.tournament}", r, f"tournament {t.tournament}")
        y += 48
    text(surface, "Up/Down, Enter: open   F8, Esc: back", (area.x + 10, area.bottom - 4), LABEL, 16, "bottomleft")

    x, w = area.x + left_w + 10, area.w - left_w - 20
    state = lobby.tournament
    if state is None:
        text(surface, "Standings", (x, area.y + 4), INK, 28, bold=True)
        text(surface, "open a tournament to see its standings", (x, area.y + 40), LABEL, 18)
        return board
    t = state.tournament
    y = area.y + 4
    text(surface, t.name[:30], (x, y), INK, 26, bold=True)
    y += 28
    reason = f" ({state.reason})" if state.reason else ""
    for line in _wrap(f"{tv.standing_text(t)}{reason} · {tv.details(t)}", 62)[:2]:
        text(surface, line, (x, y), LABEL, 16)
        y += 16
    y += 6
    columns = (0, 26, 170, 210, 240, 300)
    rating_head = "rating (± here)" if t.rated else "rating"  # (the change: what this tournament did to it)
    for cx, head in zip(columns, ("#", "player", "pts", "g", "w-d-l", rating_head), strict=True):
        text(surface, head, (x + cx, y), LABEL, 17, bold=True)
    y += 20
    rows = tv.standings_rows(state)
    room_for = max(1, (area.bottom - y - 170) // 20)
    for rank, name, _kind, pts, games, wdl, _tb, rating, change in rows[:room_for]:
        cells = (rank, name[:18], pts, games, wdl, f"{rating} ({change})" if change else rating)
        for cx, cell in zip(columns, cells, strict=True):
            text(surface, cell, (x + cx, y), INK, 18)
        board.add(f"standing {rank}", pygame.Rect(x, y, w, 20))
        y += 20
    if len(rows) > room_for:
        text(surface, f"... and {len(rows) - room_for} more", (x, y), LABEL, 16)
        y += 18
    y += 8
    number = tv.shown_round(state)
    text(surface, f"Round {number}" + (f" of {t.rounds}" if t.rounds else "") if number else "Not started yet",
         (x, y), INK, 22, bold=True)  # fmt: skip
    y += 24
    for g in tv.round_games(state):
        r = pygame.Rect(x, y, w, 22)
        if r.bottom > area.bottom - 44:
            break
        label = f"{g.board}. {g.players}"[:40]
        text(surface, label, (r.x + 4, r.y + 2), INK, 17)
        text(surface, g.status, (r.right - 4, r.y + 2), LABEL, 17, "topright")
        if g.room is not None:
            board.add(f"game {g.key}", r, f"watch {g.room}")
        y += 22
    buttons = pygame.Rect(x, area.bottom - 36, 150, 30)
    tid = t.tournament
    if tv.is_entrant(state, session) and t.status != "finished":
        _button(surface, board, "Withdraw (W)", buttons, f"twithdraw {tid}", DANGER)
    elif t.status == "open":
        _button(surface, board, "Enter (E)", buttons, f"tenter {tid}", BUTTON)
    text(surface, "click a game to watch it", (buttons.right + 12, buttons.centery), LABEL, 16, "midleft")
    return board


def _wrap(words: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines
