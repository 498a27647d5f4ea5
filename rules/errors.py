"""The rules engine's exceptions, in one tree.

    RulesError (ValueError)
    ├── ParameterError      a bad game name or parameter: names the key and what is allowed
    └── MoveError           a move that cannot be played here
        ├── ParseMoveError  the text is not a move of this game at all
        └── IllegalMoveError well formed, but not legal in this position (or the game is over)
"""

from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """Base of every error the rules engine raises.

    ``str(error)`` is its English; ``said`` (when the raiser gave one) is the same as a message id of the
    catalogs (protocol/locales) and its arguments, for a client to say it in its language: the rules hold
    no words of other languages.  ``param`` is the parameter a :class:`ParameterError` is about; ``number`` the
    1-based position of the move refused in a list of moves (:meth:`Game.replay`: ``move 3: ...``), None elsewhere.
    """

    number: int | None = None

    def __init__(self, message: str, said: tuple[str, dict[str, Any]] | None = None, param: Any = None) -> None:
        super().__init__(message)
        self.said = said
        self.param = param


class ParameterError(RulesError):
    """A game name or a parameter value that cannot be accepted."""


class MoveError(RulesError):
    """A move that cannot be played in the given position."""


class ParseMoveError(MoveError):
    """Text that does not name a move in this game's notation."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the given position."""
