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

from grundy import protocol as p
from grundy.client.challenges import is_you, player_row
from grundy.client.gui.board import CELL, INK, LABEL, Board, clip, font, t, text, wrap_px
from grundy.client.gui.lobby import SELECTED, Lobby, checkbox, field, game_words

SEND = (90, 150, 90)


def _said(player: p.PlayerInfo, you: str | None, registered: str | None) -> tuple[str, str, str]:
    """A person's name (``(you)`` marked), kind and whereabouts in the language being drawn (the page's words)."""
    name = t("gui-seat-you", name=player.name) if is_you(player, you, registered) else player.name
    where = "playing" if player.playing and player.where == "idle" else player.where
    doing = (t("web-where-playing-games", n=player.playing) if where == "playing" and player.playing > 1
             else t("web-where-is", where=where))
    devices = len(player.sessions)
    shown = t("web-where-devices", where=doing, n=devices) if devices > 1 else doing
    return name, t("web-kind-of", kind=player.kind), shown


def draw_players(
    surface: pygame.Surface, area: pygame.Rect, lobby: Lobby, session: str | None = None, registered: str | None = None
) -> Board:
    """The persons online on the left (you marked, on this or another device); the challenge dialog for the chosen
    one on the right."""
    board = Board(caption=t("gui-players-caption"))
    left_w = area.w * 2 // 5
    text(surface, t("gui-players-online"), (area.x + 10, area.y + 4), INK, 28, bold=True, width=left_w - 20)
    y = area.y + 36
    if not lobby.players:
        text(surface, t("gui-nobody-yet"), (area.x + 10, y + 4), LABEL, 18, width=left_w - 20)
    for i, pl in enumerate(lobby.players):
        r = pygame.Rect(area.x + 10, y, left_w - 20, 44)
        if r.bottom > area.bottom - 24:
            break
        _, _, _, ratings = player_row(pl, session, registered)
        name, kind, where = _said(pl, session, registered)
        chosen = lobby.player_choice == i
        pygame.draw.rect(surface, SELECTED if chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if chosen else 1, border_radius=6)
        text(surface, name[:26], (r.x + 8, r.y + 3), INK, 20, bold=True, width=r.w - 16)
        details = " · ".join(x for x in (kind, where, ratings if ratings != "-" else "") if x)
        text(surface, clip(details, r.w - 16, 15), (r.x + 8, r.y + 24), LABEL, 15, width=r.w - 16)
        board.add(f"player {pl.session}", r, f"player {pl.session}")
        y += 48
    text(surface, t("gui-players-keys"), (area.x + 10, area.bottom - 4), LABEL, 16, "bottomleft", width=left_w - 20)

    x, w = area.x + left_w + 10, area.w - left_w - 20
    y = area.y + 4
    chosen = lobby.chosen_player
    if chosen is None:
        text(surface, t("gui-challenge"), (x, y), INK, 28, bold=True, width=w)
        text(surface, t("gui-choose-player"), (x, y + 36), LABEL, 18, width=w)
        return board
    if is_you(chosen, session, registered):
        text(surface, t("gui-challenge"), (x, y), INK, 28, bold=True, width=w)
        for i, line in enumerate(wrap_px(t("gui-that-is-you-device"), w, 18)[:2]):
            text(surface, line, (x, y + 36 + 18 * i), LABEL, 18, width=w)
        return board
    text(surface, t("tui-challenge-title", name=chosen.name[:24]), (x, y), INK, 28, bold=True, width=w)
    y += 36
    text(surface, t("tui-lobby-game"), (x, y + 4), INK, 20, bold=True, width=66)
    bx = x + 70
    for g in lobby.games:
        name = str(g["name"])
        shown = game_words(g)[0]
        r = pygame.Rect(bx, y, min(w - 70, max(44, font(16).size(shown)[0] + 12)), 24)
        if r.right > x + w:
            y += 28
            bx = x + 70
            r.topleft = (bx, y)
        picked = name == lobby.game
        pygame.draw.rect(surface, SELECTED if picked else CELL, r, border_radius=4)
        pygame.draw.rect(surface, INK, r, 2 if picked else 1, border_radius=4)
        text(surface, shown, r.center, INK, 16, "center", width=r.w - 4)
        board.add(f"game {name}", r, f"game {name}")
        bx = r.right + 4
    y += 34
    field(surface, board, "params", t("tui-lobby-params"), lobby.params, pygame.Rect(x, y, w, 28),
          lobby.editing == "params", t("gui-params-hint"))
    y += 34
    field(surface, board, "clock", t("tui-lobby-clock"), lobby.clock, pygame.Rect(x, y, w, 28),
          lobby.editing == "clock", t("gui-clock-hint"))
    y += 36
    checkbox(surface, board, pygame.Rect(x + 70, y, 22, 22), lobby.rated)
    y += 28
    text(surface, t("gui-challenge-keys"), (x + 70, y), LABEL, 15, width=w - 70)
    y += 22
    send = pygame.Rect(x, y, w, 32)
    pygame.draw.rect(surface, SEND, send, border_radius=6)
    text(surface, t("gui-challenge-send", name=chosen.name[:20]), send.center, (255, 255, 255), 22, "center",
         bold=True, width=w - 12)
    board.add("challenge", send, f"challenge {chosen.session}")
    return board
