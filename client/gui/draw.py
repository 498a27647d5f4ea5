"""One entry point for drawing any game's view: ``draw(surface, game, view) -> Board``.

The drawers are pure functions of the view (plus the legal moves to hint at and the last
move to mark): no network, no clocks, so tests draw literal views and read the pixels back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame

from grundy import rules
from grundy.client.gui import grids, heaps
from grundy.client.gui.board import BACKGROUND, INK, Board, Colour, text

View = dict[str, Any]
Drawer = Callable[[pygame.Surface, View, pygame.Rect, "list[str] | None", "str | None"], Board]
SeatColour = Callable[[View, int], "Colour | None"]
Hints = Callable[[View], "list[str]"]

DRAWERS: dict[str, Drawer] = {
    "nim": heaps.draw_nim,
    "subtraction": heaps.draw_subtraction,
    "stones": heaps.draw_stones,
    "kayles": heaps.draw_kayles,
    "corner": grids.draw_corner,
    "pawn": grids.draw_pawn,
    "coins": grids.draw_coins,
    "mnk": grids.draw_mnk,
    "gomoku": grids.draw_gomoku,
    "pursuit": grids.draw_pursuit,
    "minesweeper": grids.draw_minesweeper,
}

# The colour each seat plays with (its stones, figure or flags), for the panel; one line per game.
SEAT_COLOURS: dict[str, SeatColour] = {
    "mnk": grids.mnk_seat_colour,
    "gomoku": grids.gomoku_seat_colour,
    "pursuit": grids.pursuit_seat_colour,
    "minesweeper": grids.minesweeper_seat_colour,
}

# Moves to hint at when the server sends none (hidden-information games); one line per game.
HINTS: dict[str, Hints] = {
    "pursuit": grids.pursuit_steps,
}


def canonical(game: str) -> str:
    """The catalog name of ``game`` (``tictactoe`` -> ``mnk``); unknown names are kept as they are."""
    try:
        return rules.game_class(game).name
    except (KeyError, ValueError):
        return game


def draw(surface: pygame.Surface, game: str, view: View, area: pygame.Rect | None = None, *,
         legal: list[str] | None = None, last: str | None = None) -> Board:
    """Paint ``view`` of ``game`` into ``area`` (default: the whole surface) and return its click map.

    ``legal`` are the moves to hint at (the server's legal moves when it is our turn), ``last``
    the text of the last move (marked on the board).  A game without a drawer is shown as text.
    """
    area = pygame.Rect(area) if area is not None else surface.get_rect()
    surface.fill(BACKGROUND, area)
    drawer = DRAWERS.get(canonical(game))
    if drawer is None:
        return draw_text(surface, view, area)
    clip = surface.get_clip()
    surface.set_clip(area)
    try:
        return drawer(surface, view, area, legal, last)
    finally:
        surface.set_clip(clip)


def draw_text(surface: pygame.Surface, view: View, area: pygame.Rect) -> Board:
    """The view as indented text: what a client shows for a game it does not know."""
    lines = json.dumps(view, indent=1, default=str).splitlines()
    y = area.y + 8
    for line in lines:
        if y > area.bottom - 18:
            break
        text(surface, line, (area.x + 8, y), INK, 18)
        y += 18
    return Board(caption="no picture for this game: the view as text")
