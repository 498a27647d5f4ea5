"""The catalog: every game class, in the order `grundy games` lists them.

Adding a game = one module in ``rules/games/`` and one line here.
"""

from __future__ import annotations

from typing import Any

from grundy.rules.base import Game
from grundy.rules.games.coins import Coins
from grundy.rules.games.corner import Corner
from grundy.rules.games.gomoku import Gomoku
from grundy.rules.games.kayles import Kayles
from grundy.rules.games.minesweeper import Minesweeper
from grundy.rules.games.mnk import Mnk
from grundy.rules.games.nim import Nim
from grundy.rules.games.pawn import Pawn
from grundy.rules.games.pursuit import Pursuit
from grundy.rules.games.stones import Stones
from grundy.rules.games.subtraction import Subtraction

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
