"""The lobby picture: a button per game (a new room against the chosen opponent) and the rooms waiting
for a player (join).  A pure drawer like the boards: its click map's moves are ``create GAME`` and
``join ROOM``, which the window turns into requests.
"""

from __future__ import annotations

from typing import Any

import pygame

import protocol as p
from client.gui.board import CELL, INK, LABEL, Board, param_text, text


def _first_sentence(words: str, limit: int = 70) -> str:
    s = words.split(". ")[0].strip().rstrip(".")
    return s if len(s) <= limit else s[: limit - 3].rstrip() + "..."


def _params(params: dict[str, Any]) -> str:
    return " ".join(f"{k}={param_text(v)}" for k, v in params.items() if v is not None)


def draw_lobby(surface: pygame.Surface, area: pygame.Rect, games: list[dict[str, Any]],
               rooms: list[p.RoomSummary], vs: str) -> Board:
    """Games on the left (click: create a room ``vs`` the given opponent), waiting rooms on the right (click: join)."""
    board = Board(caption="pick a game to start a room, or join a waiting one")
    half = area.w // 2
    text(surface, f"New game vs {vs}", (area.x + 10, area.y + 6), INK, 28, bold=True)
    y = area.y + 40
    row_h = max(34, min(52, (area.h - 50) // max(1, len(games))))
    for g in games:
        r = pygame.Rect(area.x + 10, y, half - 20, row_h - 6)
        pygame.draw.rect(surface, CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 1, border_radius=6)
        text(surface, g["name"], (r.x + 10, r.y + 4), INK, 22, bold=True)
        if row_h >= 44:
            text(surface, _first_sentence(str(g.get("description", "")), 48), (r.x + 10, r.y + 22), LABEL, 17)
        board.add(f"game {g['name']}", r, f"create {g['name']}")
        y += row_h
    x = area.x + half + 10
    text(surface, "Waiting for a player", (x, area.y + 6), INK, 28, bold=True)
    y = area.y + 40
    if not rooms:
        text(surface, "no open rooms yet", (x, y + 6), LABEL, 20)
    for room in rooms[:12]:
        r = pygame.Rect(x, y, half - 20, 44)
        pygame.draw.rect(surface, CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 1, border_radius=6)
        host = next((s.player for s in room.seats if s.player), "?")
        text(surface, f"{room.game} with {host}", (r.x + 10, r.y + 4), INK, 22, bold=True)
        text(surface, _params(room.params)[:52], (r.x + 10, r.y + 24), LABEL, 17)
        board.add(f"room {room.room}", r, f"join {room.room}")
        y += 50
    return board
