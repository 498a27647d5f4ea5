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
from grundy.client import words
from grundy.client.gui.board import CELL, INK, LABEL, Board, clip, drawing_lang, t, text, wrap_px
from grundy.client.gui.lobby import SELECTED, Lobby

STATE_COLOURS = {"open": (40, 130, 60), "running": (190, 120, 20), "finished": (110, 110, 110)}
BUTTON = (90, 150, 90)
DANGER = (170, 70, 70)


def _button(surface: pygame.Surface, board: Board, label: str, rect: pygame.Rect, move: str,
            colour: tuple[int, int, int]) -> None:  # fmt: skip
    pygame.draw.rect(surface, colour, rect, border_radius=6)
    text(surface, label, rect.center, (255, 255, 255), 19, "center", bold=True, width=rect.w - 8)
    board.add(f"button {move.split()[0]}", rect, move)


def draw_tournaments(surface: pygame.Surface, area: pygame.Rect, lobby: Lobby, session: str | None = None) -> Board:
    """The tournaments on the left, newest open first; the opened one's standings and round on the right."""
    board = Board(caption=t("gui-tournaments-caption"))
    left_w = area.w * 2 // 5
    text(surface, t("gui-tournaments"), (area.x + 10, area.y + 4), INK, 28, bold=True, width=left_w - 20)
    y = area.y + 36
    listed = tv.ordered(lobby.tournaments)
    if not listed:
        text(surface, t("gui-none-yet"), (area.x + 10, y + 4), LABEL, 18, width=left_w - 20)
    opened = lobby.tournament.tournament.tournament if lobby.tournament else None
    for i, tm in enumerate(listed):
        r = pygame.Rect(area.x + 10, y, left_w - 20, 44)
        if r.bottom > area.bottom - 24:
            break
        chosen = lobby.tournament_choice == i or tm.tournament == opened
        pygame.draw.rect(surface, SELECTED if chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if chosen else 1, border_radius=6)
        state, name, game, fmt, clock, entrants, rnd = tv.summary_row(tm, drawing_lang())
        state = t("web-tstate", state=state)
        game = words.game_name(game, drawing_lang())
        fmt = fmt.replace(tm.format, t("web-tformat", format=tm.format), 1)
        shown = text(surface, state, (r.right - 8, r.y + 4), STATE_COLOURS.get(tm.status, LABEL), 17, "topright",
                     bold=True, width=r.w // 2)
        text(surface, name[:26], (r.x + 8, r.y + 3), INK, 20, bold=True, width=shown.x - r.x - 14)
        where = f" · {t('gui-round-short', n=rnd)}" if tm.round else ""
        counted = t("gui-entrants", n=int(entrants)) if str(entrants).isdigit() else str(entrants)
        details = " · ".join(x for x in (game, fmt, clock if clock != "-" else "", counted) if x)
        text(surface, clip(f"{details}{where}", r.w - 16, 15), (r.x + 8, r.y + 24), LABEL, 15, width=r.w - 16)
        board.add(f"tournament {tm.tournament}", r, f"tournament {tm.tournament}")
        y += 48
    text(surface, t("gui-tournaments-keys"), (area.x + 10, area.bottom - 4), LABEL, 16, "bottomleft",
         width=left_w - 20)

    x, w = area.x + left_w + 10, area.w - left_w - 20
    state = lobby.tournament
    if state is None:
        text(surface, t("gui-standings"), (x, area.y + 4), INK, 28, bold=True, width=w)
        text(surface, t("gui-open-tournament"), (x, area.y + 40), LABEL, 18, width=w)
        return board
    state = tv.named(state, drawing_lang())  # (hosted bots' names in the language)
    tm = state.tournament
    y = area.y + 4
    text(surface, tm.name[:30], (x, y), INK, 26, bold=True, width=w)
    y += 28
    said = tv.end_reason(state, drawing_lang())  # (the node's reason_say, in the language being drawn)
    reason = f" ({said})" if said else ""
    lang = drawing_lang()
    for line in wrap_px(f"{tv.standing_said(tm, lang)}{reason} · {tv.details_said(tm, lang)}", w, 16)[:2]:
        text(surface, line, (x, y), LABEL, 16, width=w)
        y += 16
    y += 6
    columns = (0, 26, 170, 210, 240, 300)
    rating_head = t("gui-rating-here") if tm.rated else t("tui-tcol-rating")  # (the change: this tournament's)
    heads = ("#", t("tui-tcol-player"), t("tui-tcol-points"), t("tui-tcol-games"), t("tui-tcol-wdl"), rating_head)
    for i, (cx, head) in enumerate(zip(columns, heads, strict=True)):
        room = (columns[i + 1] if i + 1 < len(columns) else w) - cx - 4
        text(surface, head, (x + cx, y), LABEL, 17, bold=True, width=room)
    y += 20
    rows = tv.standings_said(state, drawing_lang())
    room_for = max(1, (area.bottom - y - 170) // 20)
    for rank, name, _kind, pts, games, wdl, _tb, rating, change in rows[:room_for]:
        cells = (rank, name[:18], pts, games, wdl, f"{rating} ({change})" if change else rating)
        for cx, cell in zip(columns, cells, strict=True):
            text(surface, cell, (x + cx, y), INK, 18)
        board.add(f"standing {rank}", pygame.Rect(x, y, w, 20))
        y += 20
    if len(rows) > room_for:
        text(surface, t("gui-and-more", n=len(rows) - room_for), (x, y), LABEL, 16, width=w)
        y += 18
    y += 8
    number = tv.shown_round(state)
    text(surface, t("gui-round", n=number, rounds=tm.rounds or 0) if number else t("gui-not-started-yet"),
         (x, y), INK, 22, bold=True, width=w)
    y += 24
    for g in tv.games_said(state, drawing_lang()):
        r = pygame.Rect(x, y, w, 22)
        if r.bottom > area.bottom - 44:
            break
        status = text(surface, g.status, (r.right - 4, r.y + 2), LABEL, 17, "topright", width=w // 3)
        label = clip(f"{g.board}. {g.players}", status.x - r.x - 12, 17)
        text(surface, label, (r.x + 4, r.y + 2), INK, 17)
        if g.room is not None:
            board.add(f"game {g.key}", r, f"watch {g.room}")
        y += 22
    buttons = pygame.Rect(x, area.bottom - 36, 150, 30)
    tid = tm.tournament
    if tv.is_entrant(state, session) and tm.status != "finished":
        _button(surface, board, t("gui-withdraw"), buttons, f"twithdraw {tid}", DANGER)
    elif tm.status == "open":
        _button(surface, board, t("gui-enter"), buttons, f"tenter {tid}", BUTTON)
    text(surface, t("gui-click-to-watch"), (buttons.right + 12, buttons.centery), LABEL, 16, "midleft",
         width=area.right - buttons.right - 14)
    return board
