"""grundy's rules engine: every game of the catalog behind one interface.

    >>> import rules
    >>> g = rules.create("nim", heaps="3,4,5")
    >>> s = g.play_text(g.initial(), "2:3")
    >>> g.render(s).splitlines()[1]
    'heap 2: |      (1)'

``create(name, **params)`` validates the parameters (strings as on the command line,
or native values as on the wire); ``names()`` lists the registered games.
"""

from __future__ import annotations

from typing import Any

from grundy.rules.base import ALL, Game, Move, Param, Result, State, View, Words, move_arg
from grundy.rules.catalog import ALIASES, GAMES
from grundy.rules.errors import (
    IllegalMoveError,
    MoveError,
    ParameterError,
    ParseMoveError,
    RulesError,
)

__all__ = [
    "ALL",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveError",
    "Param",
    "ParameterError",
    "ParseMoveError",
    "Result",
    "RulesError",
    "State",
    "View",
    "Words",
    "create",
    "game_class",
    "names",
]


def names(aliases: bool = True) -> list[str]:
    """Names of every registered game, in catalog order (aliases after their game)."""
    out: list[str] = []
    for cls in GAMES:
        out.append(cls.name)
        if aliases:
            out.extend(a for a, (target, _) in ALIASES.items() if target == cls.name)
    return out


def game_class(name: str) -> type[Game]:
    """The class registered under ``name`` (an alias gives its target's class)."""
    key = name.strip().lower()
    key = ALIASES.get(key, (key, {}))[0]
    for cls in GAMES:
        if cls.name == key:
            return cls
    raise ParameterError(f"unknown game {name!r}; games are: {', '.join(names())}",
                         ("rules-unknown-game", {"name": move_arg(name), "names": ", ".join(names())}))


def create(name: str, **params: Any) -> Game:
    """A game of the catalog with its parameters validated (unknown keys and bad values raise)."""
    key = name.strip().lower()
    preset = ALIASES.get(key, (key, {}))[1]
    return game_class(key)(**{**preset, **params})
