"""The one interface every game implements.

A game is declared once as a subclass of :class:`Game`: its name, a description, its
parameters (:class:`Param`) and, after ``setup``, its number of seats.  An instance is a
game with its parameters fixed; it holds no position.  Positions are immutable, hashable
state values owned by the game module; every function takes a state and returns a new one.

Two ways to play a move, in the spirit of python-chess:

* ``apply(state, move)`` is the hot path used by search: it trusts that the move is legal.
* ``play(state, move)`` / ``play_text(state, text)`` check first and raise typed errors.

Hidden information goes through views: ``view(state, seat)`` is what that seat may see,
``view(state, None)`` what a spectator may see, ``full_view(state)`` everything.  Only
views ever leave the server; ``render_view`` turns any view into plain text, so a client
that holds only a view renders it with the same code as the server.
"""

from __future__ import annotations

import dataclasses
import secrets
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, ClassVar, Generic, Literal, TypeVar

from rules.errors import IllegalMoveError, ParameterError, ParseMoveError

Move = Hashable
State = Hashable
View = dict[str, Any]
S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)
Outcome = Literal["win", "loss", "draw"]

# Seat argument meaning "the whole state" (local tools, records after the end).
ALL = "all"

ParamKind = Literal["int", "bool", "choice", "str", "ints", "nums", "strs", "cell", "cells"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter of a game: its kind, default and the values it allows.

    ``kind`` is one of: ``int`` (with ``min``/``max``), ``bool``, ``choice`` (one of
    ``choices``), ``str``, ``ints`` / ``nums`` / ``strs`` (comma-separated lists; ``min``/
    ``max`` bound each item of ``ints``), ``cell`` and ``cells`` (``;``-separated).
    A default of ``None`` makes the parameter optional.  A ``secret`` parameter (a hidden
    layout's seed) is never shown to players before the game ends.
    """

    name: str
    kind: ParamKind
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    min: int | None = None
    max: int | None = None
    secret: bool = False

    def allowed(self) -> str:
        """Human text of the values this parameter accepts."""
        if self.kind == "choice":
            assert self.choices is not None
            return " | ".join(self.choices)
        if self.kind == "bool":
            return "true | false"
        if self.kind in ("int", "ints"):
            lo = "" if self.min is None else str(self.min)
            hi = "" if self.max is None else str(self.max)
            rng = f"integer {lo}..{hi}" if (lo or hi) else "integer"
            return rng if self.kind == "int" else f"comma-separated list of {rng}"
        if self.kind == "nums":
            return "comma-separated list of numbers"
        if self.kind == "strs":
            return "comma-separated list"
        if self.kind == "cell":
            return "a cell such as c5"
        if self.kind == "cells":
            return "cells separated by ';' such as c3;d4"
        return "text"

    def schema(self) -> dict[str, Any]:
        """JSON-able description used by `grundy games --json` and the lobby."""
        return {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "allowed": self.allowed(),
            "choices": list(self.choices) if self.choices else None,
            "min": self.min,
            "max": self.max,
            "optional": self.default is None,
            "help": self.help,
        }

    def coerce(self, value: Any) -> Any:
        """Turn a command-line string or a wire value into this parameter's canonical value.

        Canonical values are JSON-able: ints, floats, bools, strings, lists of those, and
        cells as their names (``'c5'``).  Raises :class:`ParameterError` naming the key.
        """
        if value is None:
            if self.default is None:
                return None
            raise ParameterError(f"parameter {self.name!r} needs a value ({self.allowed()})")
        try:
            return self._coerce(value)
        except ParameterError:
            raise
        except (TypeError, ValueError):
            raise ParameterError(
                f"parameter {self.name!r}: {value!r} is not valid; allowed: {self.allowed()}"
            ) from None

    def _coerce(self, value: Any) -> Any:
        k = self.kind
        if k == "int":
            v = _to_int(value)
            self._check_range(v)
            return v
        if k == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise ValueError
        if k == "choice":
            assert self.choices is not None
            c = value.strip().lower() if isinstance(value, str) else value
            if c not in self.choices:
                raise ParameterError(
                    f"parameter {self.name!r}: {value!r} is not one of {', '.join(self.choices)}"
                )
            return c
        if k == "str":
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return str(value)  # a number sent on the wire where text is expected (a goal of 77)
            if not isinstance(value, str):
                raise ValueError
            return value.strip()
        if k in ("ints", "nums", "strs"):
            items = _split(value, ",")
            if k == "ints":
                out = [_to_int(x) for x in items]
                for v in out:
                    self._check_range(v)
                return out
            if k == "nums":
                return [_to_num(x) for x in items]
            return [str(x).strip() for x in items]
        if k == "cell":
            if not isinstance(value, str):
                raise ValueError
            return value.strip().lower()
        if k == "cells":
            return [str(x).strip().lower() for x in _split(value, ";")]
        raise AssertionError(k)

    def _check_range(self, v: int) -> None:
        if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
            raise ParameterError(
                f"parameter {self.name!r}: {v} is out of range; allowed: {self.allowed()}"
            )


def _to_int(x: Any) -> int:
    if isinstance(x, bool):
        raise ValueError
    if isinstance(x, int):
        return x
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if isinstance(x, str):
        return int(x.strip())
    raise ValueError


def _to_num(x: Any) -> int | float:
    if isinstance(x, bool):
        raise ValueError
    if isinstance(x, (int, float)):
        return x
    if isinstance(x, str):
        s = x.strip()
        try:
            return int(s)
        except ValueError:
            return float(s)
    raise ValueError


def _split(value: Any, sep: str) -> list[Any]:
    if isinstance(value, str):
        s = value.strip()
        if not s:
            return []
        # Cells may also be comma separated when no ';' is present.
        if sep == ";" and ";" not in s:
            return [p for p in s.replace(",", " ").split() if p]
        return [p for p in s.split(sep)]
    if isinstance(value, (list, tuple)):
        return list(value)
    raise ValueError


@dataclasses.dataclass(frozen=True)
class Result:
    """How a finished game ended: an outcome per seat, scores where the game has them, why."""

    outcomes: tuple[Outcome, ...]
    reason: str
    scores: tuple[float, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcomes": list(self.outcomes),
            "scores": None if self.scores is None else list(self.scores),
            "reason": self.reason,
        }

    @classmethod
    def winner(cls, seats: int, seat: int, reason: str, scores: Sequence[float] | None = None) -> Result:
        """``seat`` wins, every other seat loses."""
        outs: tuple[Outcome, ...] = tuple("win" if s == seat else "loss" for s in range(seats))
        return cls(outs, reason, None if scores is None else tuple(scores))

    @classmethod
    def winners(cls, seats: int, won: Iterable[int], reason: str) -> Result:
        """Every seat in ``won`` wins together (a coalition), the rest lose."""
        w = set(won)
        outs: tuple[Outcome, ...] = tuple("win" if s in w else "loss" for s in range(seats))
        return cls(outs, reason)

    @classmethod
    def draw(cls, seats: int, reason: str, scores: Sequence[float] | None = None) -> Result:
        outs: tuple[Outcome, ...] = tuple("draw" for _ in range(seats))
        return cls(outs, reason, None if scores is None else tuple(scores))


class Game(ABC, Generic[S, M]):
    """A game with its parameters fixed.  Subclasses declare and implement the rules.

    Declaration (class attributes): ``name``, ``description`` (one paragraph),
    ``parameters``; flags ``impartial`` (both players have the same moves: Sprague-Grundy
    applies), ``hidden_information`` (views may differ by seat), ``has_scores``.
    ``setup()`` validates the parameters together and sets ``self.seats``.

    ``hidden_information`` on the class says the game *can* hide something (``schema()``
    reports that); a game whose parameters decide it sets ``self.hidden_information`` in
    ``setup()`` (pursuit hides nothing when the evader sees).  Everything that handles a
    game in play reads the instance's value.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    parameters: ClassVar[tuple[Param, ...]] = ()
    impartial: ClassVar[bool] = False
    hidden_information: bool = False  # the class: can hide; an instance: does hide (see above)
    has_scores: ClassVar[bool] = False
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    # A spread of parameter sets (small to large) the conformance tests and docs use.
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    # Every key of a view (from ``view`` or ``full_view``) and what it means, for client authors:
    # docs/PROTOCOL.md is generated from it, and a test checks it names exactly the keys views carry.
    view_keys: ClassVar[dict[str, str]] = {}

    seats: int
    params: dict[str, Any]

    def __init__(self, **raw: Any) -> None:
        known = {p.name: p for p in self.parameters}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise ParameterError(
                f"{self.name}: unknown parameter {unknown[0]!r}; parameters are: {names}"
            )
        params: dict[str, Any] = {}
        for p in self.parameters:
            params[p.name] = p.coerce(raw.get(p.name, p.default))
        self.params = params
        self.seats = self.min_seats
        self.setup()

    # ----- declaration helpers -------------------------------------------------------

    def setup(self) -> None:
        """Validate parameters together and derive fields; sets ``self.seats``."""

    def draw_seed(self, key: str = "seed") -> int:
        """Fill in parameter ``key`` with a fresh random seed if none was given."""
        if self.params.get(key) is None:
            self.params[key] = secrets.randbelow(2**31)
        return int(self.params[key])

    def public_params(self) -> dict[str, Any]:
        """Parameters safe to show a player during the game (no secret seed)."""
        secret = {p.name for p in self.parameters if p.secret}
        return {k: v for k, v in self.params.items() if k not in secret}

    @classmethod
    def schema(cls) -> dict[str, Any]:
        return {
            "name": cls.name,
            "description": cls.description,
            "parameters": [p.schema() for p in cls.parameters],
            "seats": cls.min_seats if cls.min_seats == cls.max_seats else [cls.min_seats, cls.max_seats],
            "impartial": cls.impartial,
            "hidden_information": cls.hidden_information,
        }

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"rules.create({self.name!r}{', ' if args else ''}{args})"

    # ----- the rules: every game implements these ---------------------------------

    @abstractmethod
    def initial(self) -> S:
        """The starting position."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move; empty when the game is over."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The position after ``move``.  Trusts that ``move`` is legal (the hot path)."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result when over, else None."""

    @abstractmethod
    def full_view(self, state: S) -> View:
        """Everything in the position, as JSON-able data (includes secrets)."""

    @abstractmethod
    def render_view(self, view: View) -> str:
        """Plain-text picture of a view (from ``view`` or ``full_view``)."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """The move named by ``text``; raises :class:`ParseMoveError` if it names none."""

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """The notation of ``move`` in ``state``; ``parse_move`` inverts it."""

    @abstractmethod
    def max_plies(self) -> int:
        """An upper bound on the length of any game with these parameters."""

    # ----- provided on top of the rules ------------------------------------------

    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see (None: a spectator).  Perfect information: everything."""
        return self.full_view(state)

    def render(self, state: S, seat: int | None | str = ALL) -> str:
        """Plain text of the position as ``seat`` sees it (default: the whole state)."""
        v = self.full_view(state) if seat == ALL else self.view(state, seat)  # type: ignore[arg-type]
        return self.render_view(v)

    def is_legal(self, state: S, move: M) -> bool:
        """True when ``move`` may be played; games override with something faster."""
        return move in self.legal_moves(state)

    def play(self, state: S, move: M) -> S:
        """``apply`` after checking the game is not over and the move is legal."""
        if self.is_over(state):
            raise IllegalMoveError(f"{self.format_move(state, move)!r}: the game is over")
        if not self.is_legal(state, move):
            raise IllegalMoveError(self.why_illegal(state, move))
        return self.apply(state, move)

    def why_illegal(self, state: S, move: M) -> str:
        """Message for an illegal move; games may say more precisely why."""
        return f"{self.format_move(state, move)!r} is not a legal move here"

    def play_text(self, state: S, text: str) -> S:
        """Parse ``text`` and play it; raises :class:`ParseMoveError` or :class:`IllegalMoveError`."""
        if self.is_over(state):
            raise IllegalMoveError(f"{text!r}: the game is over")
        return self.play(state, self.parse_move(state, text))

    def replay(self, moves: Iterable[str], state: S | None = None) -> S:
        """Play a list of move texts from the start (or ``state``).

        On a bad move raises the same error type with the move's 1-based position added.
        """
        s = self.initial() if state is None else state
        for i, text in enumerate(moves, 1):
            try:
                s = self.play_text(s, text)
            except (ParseMoveError, IllegalMoveError) as e:
                raise type(e)(f"move {i}: {e}") from None
        return s

    def legal_texts(self, state: S) -> list[str]:
        """Every legal move in notation."""
        return [self.format_move(state, m) for m in self.legal_moves(state)]
