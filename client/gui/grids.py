"""Drawers of the grid games: stones (mnk, gomoku), coins, the one-way piece, the pawn, pursuit, minesweeper.

Each ``draw_*(surface, view, area, legal, last) -> Board`` paints the view the server sent into
``area`` with coordinates around the board, frames the last move's cell and returns the click
map: a left click on a cell plays the cell's name (minesweeper: ``r CELL``, right click ``f CELL``).
"""

from __future__ import annotations

from typing import Any

import pygame

from grundy.client.gui.board import (
    BLOCKED,
    CELL,
    CELL_DARK,
    COIN,
    COUNT_COLOURS,
    COVERED,
    EVADER,
    EXPLODED,
    FLAG_COLOURS,
    GOAL,
    GOMOKU_COLOURS,
    GRID_LINE,
    INK,
    LEGAL,
    MINE,
    OPENED,
    OUT_OF_BOARD,
    PAWN,
    PIECE,
    PURSUER_COLOURS,
    STONE_COLOURS,
    WOOD,
    Board,
    Colour,
    Grid,
    cell_of,
    disc,
    font,
    mark_last,
    t,
    text,
)
from grundy.protocol import i18n
from grundy.rules.cells import format_cell


def _word(value: Any) -> str:
    """A piece's or a colour's name in the language being drawn (``ex-word-<value>``), else as it is."""
    return t(f"ex-word-{value}") if i18n.has(f"ex-word-{value}") else str(value)

View = dict[str, Any]
PIECE_LETTERS = {"king": "K", "queen": "Q", "rook": "R", "knight": "N"}


def _plain_cells(surface: pygame.Surface, grid: Grid, checkered: bool = False) -> None:
    for x, y in grid.cells():
        colour = CELL_DARK if checkered and (x + y) % 2 == 0 else CELL
        pygame.draw.rect(surface, colour, grid.cell_rect(x, y))
    for x in range(grid.width + 1):
        px = grid.left + x * grid.cell
        pygame.draw.line(surface, GRID_LINE, (px, grid.top), (px, grid.top + grid.height * grid.cell))
    for y in range(grid.height + 1):
        py = grid.top + y * grid.cell
        pygame.draw.line(surface, GRID_LINE, (grid.left, py), (grid.left + grid.width * grid.cell, py))


def _legal_dots(surface: pygame.Surface, grid: Grid, legal: list[str] | None) -> None:
    """A small dot on every cell a legal move names (destinations of the one-way pieces, pawn, pursuit)."""
    for move in legal or ():
        c = cell_of(move)
        if c is not None and 0 <= c[0] < grid.width and 0 <= c[1] < grid.height:
            pygame.draw.circle(surface, LEGAL, grid.centre(*c), max(3, grid.cell // 7))


def stone_radius(grid: Grid) -> int:
    return max(2, int(grid.cell * 0.38))


def draw_mnk(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
             last: str | None = None) -> Board:
    """m,n,k and tic-tac-toe: a grid of cells with one coloured stone per seat symbol."""
    rows: list[str] = view["board"]
    grid = Grid.fit(area, int(view["width"]), int(view["height"]), max_cell=120)
    _plain_cells(surface, grid)
    grid.draw_labels(surface)
    for y, row in enumerate(rows):
        for x, symbol in enumerate(row):
            colour = STONE_COLOURS.get(symbol)
            if colour is not None:
                disc(surface, colour, grid.centre(x, y), stone_radius(grid))
    mark_last(surface, grid, view.get("last") or last)
    board = Board(caption=t("gui-mnk-caption", k=view["k"]))
    grid.add_cells(board)
    return board


def mnk_seat_colour(view: View, seat: int) -> Colour | None:
    """The colour of a seat's stones."""
    return STONE_COLOURS.get(view["symbols"][seat])


def draw_gomoku(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                last: str | None = None) -> Board:
    """Gomoku: black and white stones on the points of a wooden board; colour choices as buttons."""
    board = Board()
    choices: list[str] = list(view.get("choices") or [])
    if choices:
        x = area.x + 10
        for choice in choices:
            label = t("gui-choice-more") if choice == "more" else t("gui-choice-play", choice=_word(choice))
            r = pygame.Rect(x, area.y + 4, font(20).size(label)[0] + 24, 30)
            pygame.draw.rect(surface, CELL, r, border_radius=6)
            pygame.draw.rect(surface, INK, r, 1, border_radius=6)
            text(surface, label, r.center, INK, 20, "center")
            board.add(f"choice {choice}", r, choice)
            x = r.right + 10
        area = pygame.Rect(area.x, area.y + 40, area.w, area.h - 40)
    size = int(view["size"])
    grid = Grid.fit(area, size, size)
    pygame.draw.rect(surface, WOOD, grid.rect)
    half = grid.cell // 2
    for i in range(size):
        x0, y0 = grid.centre(0, i)
        x1, _ = grid.centre(size - 1, i)
        pygame.draw.line(surface, GRID_LINE, (x0, y0), (x1, y0))
        cx, top = grid.centre(i, size - 1)
        _, bottom = grid.centre(i, 0)
        pygame.draw.line(surface, GRID_LINE, (cx, top), (cx, bottom))
    if size >= 13:
        for sx in (3, size // 2, size - 4):
            for sy in (3, size // 2, size - 4):
                pygame.draw.circle(surface, GRID_LINE, grid.centre(sx, sy), max(2, half // 5))
    grid.draw_labels(surface)
    by_symbol = {symbol: GOMOKU_COLOURS[colour] for colour, symbol in view["symbols"].items()}
    for y, row in enumerate(view["board"]):
        for x, symbol in enumerate(row):
            if symbol in by_symbol:
                disc(surface, by_symbol[symbol], grid.centre(x, y), max(2, int(grid.cell * 0.45)))
    for name in view.get("forbidden") or ():
        c = cell_of(name)
        if c is not None:
            cx, cy = grid.centre(*c)
            d = max(2, grid.cell // 5)
            pygame.draw.line(surface, (200, 30, 30), (cx - d, cy - d), (cx + d, cy + d), 2)
            pygame.draw.line(surface, (200, 30, 30), (cx - d, cy + d), (cx + d, cy - d), 2)
    mark_last(surface, grid, view.get("last") or last)
    board.caption = (t("gui-gomoku-opening", rule=str(view["rule"]), opening=str(view["opening"]))
                     if view["opening"] != "none" else f"{view['rule']}")
    if not view.get("colours_chosen", True) and view.get("phase") not in (None, "over", "play"):
        board.caption += f"; {view['phase']}"
    grid.add_cells(board)
    board.targets = board.targets[len(choices):] + board.targets[: len(choices)]  # buttons on top
    return board


def draw_coins(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
               last: str | None = None) -> Board:
    """Coins: each coin a gold disc covering its (2r+1) x (2r+1) block; free centres dotted."""
    w, h, r = int(view["width"]), int(view["height"]), int(view["radius"])
    grid = Grid.fit(area, w, h)
    _plain_cells(surface, grid)
    grid.draw_labels(surface)
    _legal_dots(surface, grid, legal)
    for name in view["coins"]:
        c = cell_of(name)
        if c is not None:
            disc(surface, COIN, grid.centre(*c), int(grid.cell * (r + 0.45)))
            pygame.draw.circle(surface, (170, 135, 30), grid.centre(*c), max(2, grid.cell // 5))
    mark_last(surface, grid, last)
    board = Board(caption=t("gui-coins-caption", radius=r, free=view["free"]))
    grid.add_cells(board)
    return board


def draw_corner(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                last: str | None = None) -> Board:
    """The one-way piece: blocked cells dark, the goal green, the piece lettered; click its destination."""
    w, h = int(view["width"]), int(view["height"])
    grid = Grid.fit(area, w, h)
    _plain_cells(surface, grid, checkered=True)
    for name in view["goal"]:
        c = cell_of(name)
        if c is not None:
            pygame.draw.rect(surface, GOAL, grid.cell_rect(*c).inflate(-2, -2))
    for name in view["blocked"]:
        c = cell_of(name)
        if c is not None:
            pygame.draw.rect(surface, BLOCKED, grid.cell_rect(*c))
    grid.draw_labels(surface)
    _legal_dots(surface, grid, legal)
    mark_last(surface, grid, last)
    at = cell_of(view["at"])
    if at is not None:
        centre = grid.centre(*at)
        disc(surface, PIECE, centre, int(grid.cell * 0.4))
        text(surface, PIECE_LETTERS.get(view["piece"], "?"), centre, (255, 255, 255), int(grid.cell * 0.6),
             "center", bold=True)
    board = Board(caption=t("gui-corner-caption", piece=_word(view["piece"]), at=str(view["at"]),
                            players=view["players"]))
    grid.add_cells(board)
    return board


def draw_pawn(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
              last: str | None = None) -> Board:
    """The pawn game: the payoffs on the diagonal, the cells beyond it greyed out, the pawn as a disc."""
    size = int(view["size"])
    grid = Grid.fit(area, size, size)
    _plain_cells(surface, grid)
    diagonal = {cell_of(n): i for i, n in enumerate(view["diagonal"])}
    for x, y in grid.cells():
        if x + y > size - 1:
            pygame.draw.rect(surface, OUT_OF_BOARD, grid.cell_rect(x, y).inflate(-1, -1))
        elif (x, y) in diagonal:
            pygame.draw.rect(surface, GOAL, grid.cell_rect(x, y).inflate(-2, -2))
            payoff = view["payoffs"][diagonal[(x, y)]]
            label = f"{payoff:g}" if isinstance(payoff, float) else str(payoff)
            text(surface, label, grid.centre(x, y), INK, max(12, grid.cell // 2), "center")
    grid.draw_labels(surface)
    _legal_dots(surface, grid, legal)
    mark_last(surface, grid, last)
    at = cell_of(view["pawn"])
    if at is not None:
        disc(surface, PAWN, grid.centre(*at), int(grid.cell * 0.32))
    board = Board(caption=t("gui-pawn-caption"))
    grid.add_cells(board)
    return board


def gomoku_seat_colour(view: View, seat: int) -> Colour | None:
    """The colour of a seat's stones (black or white, as the opening left them)."""
    return GOMOKU_COLOURS[view["colours"][seat]]


def draw_pursuit(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                 last: str | None = None) -> Board:
    """Pursuit: pursuers P1, P2 in red and orange, the evader E in green; hidden figures are not drawn."""
    w, h = int(view["width"]), int(view["height"])
    grid = Grid.fit(area, w, h)
    _plain_cells(surface, grid)
    for name in view["blocked"]:
        c = cell_of(name)
        if c is not None:
            pygame.draw.rect(surface, BLOCKED, grid.cell_rect(*c))
    grid.draw_labels(surface)
    _legal_dots(surface, grid, legal)
    mark_last(surface, grid, last)
    pursuers = int(view["pursuers"])
    figures: list[str | None] = view["figures"]
    for i, name in enumerate(figures):
        c = cell_of(name)
        if c is None:
            continue
        is_evader = i == len(figures) - 1
        colour = EVADER if is_evader else PURSUER_COLOURS[i % len(PURSUER_COLOURS)]
        centre = grid.centre(*c)
        disc(surface, colour, centre, int(grid.cell * 0.4))
        label = "E" if is_evader else f"P{i + 1}"
        text(surface, label, centre, (255, 255, 255), int(grid.cell * 0.45), "center", bold=True)
    alone = "no" if pursuers == 1 or view.get("coalition", True) else "yes"
    board = Board(caption=t("gui-pursuit-caption", pursuers=pursuers, alone=alone, round=view["round"],
                            limit=view["limit"]))
    grid.add_cells(board)
    return board


def pursuit_seat_colour(view: View, seat: int) -> Colour | None:
    """The colour of a seat's figure: the evader's, or one pursuer's."""
    return EVADER if seat == int(view["pursuers"]) else PURSUER_COLOURS[seat % len(PURSUER_COLOURS)]


def pursuit_steps(view: View) -> list[str]:
    """The cells the figure to move may step to (its free neighbours): hints where the server sends no legal moves."""
    seat = view.get("to_move")
    figures: list[str | None] = view.get("figures") or []
    if seat is None or seat >= len(figures):
        return []
    here = cell_of(figures[seat])
    if here is None:
        return []
    w, h = int(view["width"]), int(view["height"])
    blocked = {cell_of(c) for c in view.get("blocked") or ()}
    steps = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            x, y = here[0] + dx, here[1] + dy
            if (dx or dy) and 0 <= x < w and 0 <= y < h and (x, y) not in blocked:
                steps.append(format_cell(x, y))
    return steps


def minesweeper_seat_colour(view: View, seat: int) -> Colour | None:
    """The colour of a seat's flags."""
    return FLAG_COLOURS[seat % len(FLAG_COLOURS)]


def draw_minesweeper(surface: pygame.Surface, view: View, area: pygame.Rect, legal: list[str] | None = None,
                     last: str | None = None) -> Board:
    """Minesweeper: covered cells raised, counts in their classic colours, flags in the flagger's colour.

    Left click on a covered cell reveals it (``r CELL``), right click flags it (``f CELL``).
    """
    w, h = int(view["width"]), int(view["height"])
    cells: list[Any] = view["cells"]
    grid = Grid.fit(area, w, h)
    flagger = {name: seat for seat, names in enumerate(view.get("flags_by_seat") or []) for name in names}
    size = max(12, int(grid.cell * 0.7))
    board = Board()
    for y in range(h):
        for x in range(w):
            v = cells[y * w + x]
            r = grid.cell_rect(x, y)
            name = format_cell(x, y)
            if v is None or v == "*" or v == "m":
                pygame.draw.rect(surface, COVERED, r)
                pygame.draw.line(surface, (200, 206, 215), r.topleft, r.topright, 2)
                pygame.draw.line(surface, (200, 206, 215), r.topleft, r.bottomleft, 2)
            else:
                pygame.draw.rect(surface, EXPLODED if v == "x" else OPENED, r)
            pygame.draw.rect(surface, GRID_LINE, r, 1)
            if isinstance(v, int) and v > 0:
                text(surface, str(v), r.center, COUNT_COLOURS.get(v, INK), size, "center", bold=True)
            elif v == "*":
                _flag(surface, r, FLAG_COLOURS[flagger.get(name, 0) % len(FLAG_COLOURS)])
            elif v in ("m", "x"):
                disc(surface, MINE, r.center, max(2, grid.cell // 4), None)
            covered = v is None
            board.add(name, r, f"r {name}" if covered else None, f"f {name}" if covered else None)
    grid.draw_labels(surface)
    target = last.split()[-1] if last else None
    mark_last(surface, grid, view.get("exploded") or target)
    mines = int(view["mines"])
    board.caption = t("gui-mines-caption", mines=mines, left=view["mines_left"])  # (scores: by name, in the panel)
    return board


def _flag(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int]) -> None:
    pole_x = r.x + r.w * 2 // 5
    top, bottom = r.y + r.h // 5, r.bottom - r.h // 5
    pygame.draw.line(surface, INK, (pole_x, top), (pole_x, bottom), 2)
    tip = (r.right - r.w // 5, top + r.h // 6)
    pygame.draw.polygon(surface, colour, [(pole_x, top), tip, (pole_x, top + r.h // 3)])
