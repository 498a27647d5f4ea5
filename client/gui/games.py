"""The lobby's games page (F10): a player's finished games, newest first, a page at a time (``get_player_games``).

A pure drawer like the lobby's: its click map's moves are ``field games_name`` (type the player's name: a
registered one, or ``bot:LEVEL``), ``pgame ROOM`` (choose a game), ``watch ROOM`` (open it: a finished game
opens however long ago it ended, with its review and analysis board) and ``pgames OFFSET`` (another page);
the window turns them into requests.  The keys are drawn on the screen: N edits the name, Enter lists the
games (or opens the one chosen), Up/Down choose, PageUp/PageDown turn the pages, F10 or Esc goes back.
"""

from __future__ import annotations

import pygame

from grundy import protocol as p
from grundy.client import player_games as pg
from grundy.client import words
from grundy.client.gui.board import CELL, INK, LABEL, Board, clip, drawing_lang, t, text
from grundy.client.gui.lobby import SELECTED, Lobby, field

OPEN = (90, 150, 90)


def page_line(reply: p.PlayerGames) -> str:
    """Where a page is in the list (``Ann: games 11-20 of 42 (newest first)``), in the language being drawn."""
    if drawing_lang() == "en":
        return pg.page_line(reply)
    if reply.total == 0:
        return t("gui-pg-none", name=reply.name)
    if not reply.games:
        return t("gui-pg-past", name=reply.name, offset=reply.offset, total=reply.total)
    return t("gui-pg-page", name=reply.name, first=reply.offset + 1, last=reply.offset + len(reply.games),
             total=reply.total)


def draw_games(surface: pygame.Surface, area: pygame.Rect, lobby: Lobby) -> Board:
    """The name field, the page of games (the chosen one marked, an Open button on each) and the page's line."""
    board = Board(caption=t("gui-games-caption"))
    x, w = area.x + 10, area.w - 20
    text(surface, t("gui-games"), (x, area.y + 4), INK, 28, bold=True, width=w)
    y = area.y + 40
    field(surface, board, "games_name", t("tui-lobby-player"), lobby.games_name, pygame.Rect(x, y, w, 28),
          lobby.editing == "games_name", t("gui-games-name-hint"))
    y += 38
    listed = lobby.player_games
    if listed is None:
        text(surface, t("gui-games-type-name"), (x, y + 4), LABEL, 18, width=w)
        return board
    text(surface, page_line(listed), (x, y), LABEL, 18, width=w)
    y += 26
    for i, g in enumerate(listed.games):
        r = pygame.Rect(x, y, w, 40)
        if r.bottom > area.bottom - 56:
            break
        when, game, players, result, _ = pg.game_row(g)
        if drawing_lang() != "en":  # (the game as it is taught, the result in words of the language)
            game = words.game_name(g.game, drawing_lang())
            players = t("gui-pg-vs", first=g.seats[0], rest=", ".join(g.seats[1:])) if len(g.seats) > 1 else players
            result = t(f"gui-pg-{g.outcome}") if g.outcome in ("win", "loss", "draw") else result
        chosen = lobby.games_choice == i
        pygame.draw.rect(surface, SELECTED if chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if chosen else 1, border_radius=6)
        text(surface, clip(f"{game} · {players}", r.w - 96, 19, True), (r.x + 8, r.y + 3), INK, 19, bold=True,
             width=r.w - 96)
        count = " · ".join([t("moves-count", n=g.moves), *([t("tui-lobby-rated")] if g.rated else [])])
        text(surface, clip(f"{when} UTC · {result} · {count}", r.w - 96, 15), (r.x + 8, r.y + 21), LABEL, 15,
             width=r.w - 96)
        board.add(f"pgame {g.room}", r, f"pgame {g.room}")
        button = pygame.Rect(r.right - 78, r.y + 6, 70, 28)
        pygame.draw.rect(surface, OPEN, button, border_radius=5)
        text(surface, t("gui-open"), button.center, (255, 255, 255), 18, "center", bold=True, width=button.w - 6)
        board.add(f"watch {g.room}", button, f"watch {g.room}")
        y += 44
    y = area.bottom - 50
    for label, offset, shown in (
        (t("gui-newer"), max(0, listed.offset - pg.PAGE), listed.offset > 0),
        (t("gui-older"), listed.offset + pg.PAGE, listed.offset + len(listed.games) < listed.total),
    ):
        r = pygame.Rect(x, y, 150, 26)
        pygame.draw.rect(surface, CELL, r, border_radius=4)
        pygame.draw.rect(surface, INK if shown else LABEL, r, 1, border_radius=4)
        text(surface, label, r.center, INK if shown else LABEL, 17, "center", width=r.w - 6)
        if shown:
            board.add(f"pgames {offset}", r, f"pgames {offset}")
        x += 160
    text(surface, t("gui-games-keys"), (area.x + 10, area.bottom - 4), LABEL, 16, "bottomleft", width=area.w - 20)
    return board
