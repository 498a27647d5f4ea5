"""The catalog: every game class, in the order `grundy games` lists them.

Adding a game = one module in ``rules/games/`` and one line here.
"""

from __future__ import annotations

from typing import Any

from rules.base import Game
from rules.games.coins import Coins
from rules.games.corner import Corner
from rules.games.gomoku import Gomoku
from rules.games.kayles import Kayles
from rules.games.minesweeper import Minesweeper
from rules.games.mnk import Mnk
from rules.games.nim import Nim
from rules.games.pawn import Pawn
from rules.games.pursuit import Pursuit
from rules.games.stones import Stones
from rules.games.subtraction import Subtraction

GAMES: list[type[Game]] = [
    Nim,
    Subtraction,
    Stones,
    Kayles,
    Corner,
    Pawn,
    Coins,
    Mnk,
    Gomoku,
    Pursuit,
    Minesweeper,
]

# alias -> (game name, preset parameters)
ALIASES: dict[str, tuple[str, dict[str, Any]]] = {
    "tictactoe": ("mnk", {}),
}
