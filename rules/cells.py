"""Cell notation shared by every grid game.

A cell is written as column letters followed by a row number, with the origin at the
bottom-left: ``a1`` is x=0, y=0 and ``c5`` is x=2, y=4.  Columns run a..z and then
aa, ab, ... az, ba, ... (bijective base 26), so a board of any width has names.
"""

from __future__ import annotations

import re
from typing import Any

from grundy.rules.errors import ParameterError, ParseMoveError

_CELL_RE = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


def column_name(x: int) -> str:
    """Letters of column ``x`` (0-based): 0 -> 'a', 25 -> 'z', 26 -> 'aa'."""
    if x < 0:
        raise ValueError(f"column index must be >= 0, got {x}")
    letters = []
    n = x + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters.append(chr(ord("a") + rem))
    return "".join(reversed(letters))


def column_index(letters: str) -> int:
    """Inverse of :func:`column_name`: 'a' -> 0, 'aa' -> 26."""
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("a") + 1)
    return n - 1


def format_cell(x: int, y: int) -> str:
    """The name of the cell at column ``x``, row ``y`` (both 0-based)."""
    return f"{column_name(x)}{y + 1}"


def parse_cell(text: str, width: int | None = None, height: int | None = None) -> tuple[int, int]:
    """``(x, y)`` of a cell name; checks the board bounds when they are given.

    Raises :class:`ParseMoveError` naming the text and the reason.
    """
    t = text.strip().lower()
    m = _CELL_RE.match(t)
    if not m:
        raise ParseMoveError(f"{text!r} is not a cell: write column letters then a row number, like 'c5'",
                             _cell_said("rules-cell-not-a-cell", text))
    x = column_index(m.group(1))
    y = int(m.group(2)) - 1
    if width is not None and x >= width:
        raise ParseMoveError(
            f"{text!r} is off the board: columns run a..{column_name(width - 1)}",
            _cell_said("rules-cell-off-columns", text, last=column_name(width - 1)),
        )
    if height is not None and y >= height:
        raise ParseMoveError(f"{text!r} is off the board: rows run 1..{height}",
                             _cell_said("rules-cell-off-rows", text, rows=height))
    return x, y


def _cell_said(msg_id: str, text: str, **args: Any) -> tuple[str, dict[str, Any]]:
    """A cell's refusal as Words; ``param`` "none" (a move), else the parameter's key (:func:`parse_cell_param`)."""
    cut = text if len(text) <= 60 else text[:59] + "…"
    return (msg_id, {"text": cut, "param": "none", **args})


def parse_cell_param(key: str, text: str, width: int, height: int) -> tuple[int, int]:
    """Like :func:`parse_cell` for a game parameter: raises :class:`ParameterError` naming ``key``."""
    try:
        return parse_cell(text, width, height)
    except ParseMoveError as e:
        said = None if e.said is None else (e.said[0], {**e.said[1], "param": key})
        raise ParameterError(f"parameter {key!r}: {e}", said) from None


def parse_cells_param(key: str, texts: list[str], width: int, height: int) -> list[tuple[int, int]]:
    """A list of cells for parameter ``key``, each within the board."""
    return [parse_cell_param(key, t, width, height) for t in texts]
