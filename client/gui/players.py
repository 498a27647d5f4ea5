"""The lobby's players page: who is online, and the challenge dialog for the one chosen.

A pure drawer like the lobby's: its click map's moves are ``player SESSION`` (choose them: the
dialog beside the list is for them), ``game NAME`` (the game of the challenge), ``field params`` /
``field clock`` (type into them), ``rated`` (toggle) and ``challenge SESSION`` (send it); the window
turns them into requests.  The game, parameters, clock and rated box are the lobby's own settings
(one set of them: a room made and a challenge sent ask for the same).  The keys are drawn on the
screen: Up/Down choose a player, Left/Right the game, P and C edit the parameters and the clock, R
ticks rated, Enter sends, F9 or Esc goes back to the games and rooms.
"""

from __future__ import annotations

import pygame

from grundy.client.challenges import is_you, player_row
from grundy.client.gui.board import CELL, INK, LABEL, Board, text
from grundy.client.gui.lobby import SELECTED, Lobby, checkbox, field

SEND = (90, 150, 90)


def draw_players(
    surface: pygame.Surface, area: pygame.Rect, lobby: Lobby, session: str | None = None, registered: str | None = None
) -> Board:
    """The persons online on the left (you marked, on this or another device); the challenge dialog for the chosen
    one on the right."""
    board = Board(caption="players online: choose one and challenge them to a game")
    left_w = area.w * 2 // 5
    text(surface, "Players online", (area.x + 10, area.y + 4), INK, 28, bold=True)
    y = area.y + 36
    if not lobby.players:
        text(surface, "nobody yet", (area.x + 10, y + 4), LABEL, 18)
    for i, pl in enumerate(lobby.players):
        r = pygame.Rect(area.x + 10, y, left_w - 20, 44)
        if r.bottom > area.bottom - 24:
            break
        name, kind, where, ratings = player_row(pl, session, registered)
        chosen = lobby.player_choice == i
        pygame.draw.rect(surface, SELECTED if chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if chosen else 1, border_radius=6)
        text(surface, name[:26], (r.x + 8, r.y + 3), INK, 20, bold=True)
        details = " · ".join(x for x in (kind, where, ratings if ratings != "-" else "") if x)
        text(surface, details[:48], (r.x + 8, r.y + 24), LABEL, 15)
        board.add(f"player {pl.session}", r, f"player {pl.session}")
        y += 48
    text(surface, "Up/Down: player   F9, Esc: back", (area.x + 10, area.bottom - 4), LABEL, 16, "bottomleft")

    x, w = area.x + left_w + 10, area.w - left_w - 20
    y = area.y + 4
    chosen = lobby.chosen_player
    if chosen is None:
        text(surface, "Challenge", (x, y), INK, 28, bold=True)
        text(surface, "choose a player to challenge", (x, y + 36), LABEL, 18)
        return board
    if is_you(chosen, session, registered):
        text(surface, "Challenge", (x, y), INK, 28, bold=True)
        text(surface, "that is you (on this or another device): choose someone else", (x, y + 36), LABEL, 18)
        return board
    text(surface, f"Challenge {chosen.name}"[:30], (x, y), INK, 28, bold=True)
    y += 36
    text(surface, "game", (x, y + 4), INK, 20, bold=True)
    bx = x + 70
    for g in lobby.games:
        name = str(g["name"])
        r = pygame.Rect(bx, y, max(44, 12 + 8 * len(name)), 24)
        if r.right > x + w:
            y += 28
            bx = x + 70
            r.topleft = (bx, y)
        picked = name == lobby.game
        pygame.draw.rect(surface, SELECTED if picked else CELL, r, border_radius=4)
        pygame.draw.rect(surface, INK, r, 2 if picked else 1, border_radius=4)
        text(surface, name, r.center, INK, 16, "center")
        board.add(f"game {name}", r, f"game {name}")
        bx = r.right + 4
    y += 34
    field(surface, board, "params", "params", lobby.params, pygame.Rect(x, y, w, 28), lobby.editing == "params",
          "key=value ... (P edits)")  # fmt: skip
    y += 34
    field(surface, board, "clock", "clock", lobby.clock, pygame.Rect(x, y, w, 28), lobby.editing == "clock",
          "5+2 or 30s+1; blank: untimed (C edits)")  # fmt: skip
    y += 36
    checkbox(surface, board, pygame.Rect(x + 70, y, 22, 22), lobby.rated)
    y += 28
    text(surface, "Left/Right: game   P: params   C: clock   R: rated", (x + 70, y), LABEL, 15)
    y += 22
    send = pygame.Rect(x, y, w, 32)
    pygame.draw.rect(surface, SEND, send, border_radius=6)
    text(surface, f"Challenge {chosen.name} (Enter)"[:34], send.center, (255, 255, 255), 22, "center", bold=True)
    board.add("challenge", send, f"challenge {chosen.session}")
    return board
