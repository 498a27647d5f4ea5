"""The rules engine's exceptions, in one tree.

    RulesError (ValueError)
    ├── ParameterError      a bad game name or parameter: names the key and what is allowed
    └── MoveError           a move that cannot be played here
        ├── ParseMoveError  the text is not a move of this game at all
        └── IllegalMoveError well formed, but not legal in this position (or the game is over)
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules engine raises."""


class ParameterError(RulesError):
    """A game name or a parameter value that cannot be accepted."""


class MoveError(RulesError):
    """A move that cannot be played in the given position."""


class ParseMoveError(MoveError):
    """Text that does not name a move in this game's notation."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the given position."""
