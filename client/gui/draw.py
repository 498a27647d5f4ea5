"""One entry point for drawing any game's view: ``draw(surface, kind, view) -> Board``, by the view's kind.

The drawers are pure functions of the view (plus the legal moves to hint at and the last
move to mark): no network, no clocks, so tests draw literal views and read the pixels back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame

import grundy.client.gui.grids as grids
import grundy.client.gui.heaps as heaps
from grundy.client.gui.board import BACKGROUND, INK, Board, Colour, t, text

View = dict[str, Any]
Drawer = Callable[[pygame.Surface, View, pygame.Rect, "list[str] | None", "str | None"], Board]
SeatColour = Callable[[View, int], "Colour | None"]
Hints = Callable[[View], "list[str]"]


def draw_line(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
              last: str | None = None) -> Board:
    """Stones in a row: a square board of points with colours chosen (``size``, ``colours``), or a grid of cells."""
    if "size" in view:
        return grids.draw_gomoku(surface, view, area, legal, last)
    return grids.draw_mnk(surface, view, area, legal, last)


def line_seat_colour(view: View, seat: int) -> Colour | None:
    """A seat's stones: by the colour it plays (``colours``) where the view names them, else by its symbol."""
    if "colours" in view:
        return grids.gomoku_seat_colour(view, seat)
    return grids.mnk_seat_colour(view, seat)


# By the view's kind (``traits.view``), never by the game's name: a new game of a known kind needs no edit.
DRAWERS: dict[str, Drawer] = {
    "heaps": heaps.draw_nim,
    "take-away": heaps.draw_subtraction,
    "sums": heaps.draw_stones,
    "pins": heaps.draw_kayles,
    "piece": grids.draw_corner,
    "pawn": grids.draw_pawn,
    "coins": grids.draw_coins,
    "line": draw_line,
    "pursuit": grids.draw_pursuit,
    "minefield": grids.draw_minesweeper,
}

# The colour each seat plays with (its stones, figure or flags), for the panel.
SEAT_COLOURS: dict[str, SeatColour] = {
    "line": line_seat_colour,
    "pursuit": grids.pursuit_seat_colour,
    "minefield": grids.minesweeper_seat_colour,
}

# Moves to hint at when the server sends none (a blind figure's steps).
HINTS: dict[str, Hints] = {
    "pursuit": grids.pursuit_steps,
}


def draw(surface: pygame.Surface, kind: str | None, view: View, area: pygame.Rect | None = None, *,
         legal: list[str] | None = None, last: str | None = None) -> Board:
    """Paint ``view`` of the kind ``kind`` into ``area`` (default: the whole surface) and return its click map.

    ``legal`` are the moves to hint at (the server's legal moves when it is our turn), ``last``
    the text of the last move (marked on the board).  A view of a kind without a drawer is shown as text.
    """
    area = pygame.Rect(area) if area is not None else surface.get_rect()
    surface.fill(BACKGROUND, area)
    drawer = DRAWERS.get(kind or "")
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
    return Board(caption=t("gui-no-picture"))
