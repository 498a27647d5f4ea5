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
import math
import re
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, ClassVar, Generic, Literal, TypeVar

from grundy.rules.errors import IllegalMoveError, ParameterError, ParseMoveError

Move = Hashable
State = Hashable
View = dict[str, Any]
S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)
Outcome = Literal["win", "loss", "draw"]
# Words for people, held without a language: a message of the catalogs (protocol/locales) by its id and
# arguments; an argument that is itself Words is said first, a list is said item by item, comma separated.
Words = tuple[str, dict[str, Any]]
# Why a move is illegal (:meth:`Game.why_illegal`): its English and the same as Words (``RulesError.said``).
Why = tuple[str, Words]


def why(english: str, msg_id: str, /, **args: Any) -> Why:
    """A refusal of the rules: its English and the message of the catalogs (``rules-...``) that says it."""
    return english, (msg_id, args)


def move_arg(text: Any, limit: int = 60) -> str:
    """A move (or any input) as an argument of a refusal: its text, cut to ``limit`` characters."""
    t = text if isinstance(text, str) else repr(text)
    return t if len(t) <= limit else t[: limit - 1] + "…"


def seat_words(seat: int) -> Words:
    """A seat in a result's words: ``seat 1`` (where names are known, a client may put the name instead)."""
    return ("words-seat", {"seat": seat})


def over_words(result: dict[str, Any]) -> Words:
    """The end of a picture's game in words, from a result's dict: who won (seats), a draw, or just over."""
    winners = [str(seat) for seat, outcome in enumerate(result["outcomes"]) if outcome == "win"]
    if winners:
        return ("words-over-won", {"seats": ", ".join(winners), "count": len(winners)})
    if all(outcome == "draw" for outcome in result["outcomes"]):
        return ("words-over-draw", {})
    return ("words-over", {})


# Seat argument meaning "the whole state" (local tools, records after the end).
ALL = "all"

ParamKind = Literal["int", "bool", "choice", "str", "ints", "nums", "strs", "cell", "cells"]

# Bounds every parameter obeys unless it declares tighter ones (docs/PROTOCOL.md, "Limits").
# Integers stay within +-(2**53 - 1): they fit msgpack's 64-bit integers with room to spare and
# JavaScript numbers exactly; each game also keeps every value its positions can reach inside it.
MAX_INT = 2**53 - 1
MAX_ITEMS = 64  # items of a list parameter (ints, nums, strs)
MAX_CELLS = 4096  # cells of a cells parameter (a 64x64 board)
MAX_TEXT = 64  # characters of a str parameter, and of each item of a strs one
MAX_NUM = 1e9  # absolute value of a number of a nums parameter
MAX_SEED = 2**32 - 1  # seeds of random layouts and obstacles

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter of a game: its kind, default and the values it allows.

    ``kind`` is one of: ``int`` (with ``min``/``max``), ``bool``, ``choice`` (one of
    ``choices``), ``str``, ``ints`` / ``nums`` / ``strs`` (comma-separated lists; ``min``/
    ``max`` bound each item of ``ints`` and ``nums``), ``cell`` and ``cells`` (``;``-separated).
    A default of ``None`` makes the parameter optional.  A ``secret`` parameter (a hidden
    layout's seed) is never shown to players before the game ends.

    Every parameter is bounded, so that no input can make a position too big to store,
    encode or send: integers by ``min``/``max`` (at most :data:`MAX_INT` either way when not
    declared), lists by ``max_items``, text by ``max_len``.  ``schema()`` shows every bound.
    """

    name: str
    kind: ParamKind
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    min: int | float | None = None
    max: int | float | None = None
    secret: bool = False
    max_items: int | None = None  # list kinds: the most items (default MAX_ITEMS, cells MAX_CELLS)
    max_len: int | None = None  # str: the most characters; strs: of each item (default MAX_TEXT)

    def __post_init__(self) -> None:
        fill: dict[str, Any] = {}
        if self.kind in ("int", "ints"):
            fill["min"] = -MAX_INT if self.min is None else self.min
            fill["max"] = MAX_INT if self.max is None else self.max
        elif self.kind == "nums":
            fill["min"] = -MAX_NUM if self.min is None else self.min
            fill["max"] = MAX_NUM if self.max is None else self.max
        if self.kind in ("ints", "nums", "strs", "cells") and self.max_items is None:
            fill["max_items"] = MAX_CELLS if self.kind == "cells" else MAX_ITEMS
        if self.kind in ("str", "strs") and self.max_len is None:
            fill["max_len"] = MAX_TEXT
        for k, v in fill.items():
            object.__setattr__(self, k, v)

    def allowed(self) -> str:
        """Human text of the values this parameter accepts."""
        if self.kind == "choice":
            assert self.choices is not None
            return " | ".join(self.choices)
        if self.kind == "bool":
            return "true | false"
        if self.kind in ("int", "ints"):
            lo, hi = _num_text(self.min), _num_text(self.max)
            if self.kind == "int":
                return f"integer {lo}..{hi}"
            return f"comma-separated list of at most {self.max_items} integers {lo}..{hi}"
        if self.kind == "nums":
            lo, hi = _num_text(self.min), _num_text(self.max)
            return f"comma-separated list of at most {self.max_items} numbers {lo}..{hi}"
        if self.kind == "strs":
            return f"comma-separated list of at most {self.max_items} items of at most {self.max_len} characters"
        if self.kind == "cell":
            return "a cell such as c5"
        if self.kind == "cells":
            return f"at most {self.max_items} cells separated by ';' such as c3;d4"
        return f"text of at most {self.max_len} characters"

    def allowed_args(self) -> dict[str, Any]:
        """What :meth:`allowed` says, as arguments of a refusal (the catalogs word it: ``$kind`` and its bounds)."""
        return {
            "kind": self.kind if self.choices is None else "choice",
            "lo": _num_text(self.min) if self.min is not None else "",
            "hi": _num_text(self.max) if self.max is not None else "",
            "most": self.max_items or 0,
            "length": self.max_len or 0,
            "choices": " | ".join(self.choices or ()),
        }

    def _said(self, msg_id: str, **args: Any) -> Words:
        """A refusal of this parameter's value: ``msg_id`` with the key, ``args`` and what is allowed."""
        return (msg_id, {"param": self.name, **self.allowed_args(), **args})

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
            "max_items": self.max_items,
            "max_len": self.max_len,
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
            raise ParameterError(f"parameter {self.name!r} needs a value ({self.allowed()})",
                                 self._said("rules-param-needs-value"), self)
        try:
            return self._coerce(value)
        except ParameterError:
            raise
        except (TypeError, ValueError, OverflowError):
            raise ParameterError(
                f"parameter {self.name!r}: {_short(value)} is not valid; allowed: {self.allowed()}",
                self._said("rules-param-not-valid", value=_short(value)), self,
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
                    f"parameter {self.name!r}: {value!r} is not one of {', '.join(self.choices)}",
                    self._said("rules-param-not-one-of", value=_short(value), choices=", ".join(self.choices)), self,
                )
            return c
        if k == "str":
            if isinstance(value, int) and not isinstance(value, bool):
                if abs(value) > MAX_INT:
                    raise ParameterError(
                        f"parameter {self.name!r}: {_short(value)} is too large; allowed: {self.allowed()}",
                        self._said("rules-param-too-large", value=_short(value)), self,
                    )
                return str(value)  # a number sent on the wire where text is expected (a goal of 77)
            if isinstance(value, float) and not isinstance(value, bool):
                value = str(value)
            if not isinstance(value, str):
                raise ValueError
            self._check_len(value)
            return value.strip()
        if k in ("ints", "nums", "strs", "cells"):
            items = _split(value, ";" if k == "cells" else ",", self)
            if k == "ints":
                out = [_to_int(x) for x in items]
                for v in out:
                    self._check_range(v)
                return out
            if k == "nums":
                nums = [_to_num(x) for x in items]
                for n in nums:
                    if not math.isfinite(n):
                        raise ParameterError(f"parameter {self.name!r}: {n} is not a finite number",
                                             self._said("rules-param-not-finite", value=str(n)), self)
                    self._check_range(n)
                return nums
            if k == "strs":
                texts = [x if isinstance(x, str) else str(_to_num(x)) for x in items]
                for t in texts:
                    self._check_len(t)
                return [t.strip() for t in texts]
            cells = [x if isinstance(x, str) else _not_text() for x in items]
            for c in cells:
                self._check_cell(c)
            return [c.strip().lower() for c in cells]
        if k == "cell":
            if not isinstance(value, str):
                raise ValueError
            self._check_cell(value)
            return value.strip().lower()
        raise AssertionError(k)

    def _check_range(self, v: int | float) -> None:
        if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
            raise ParameterError(
                f"parameter {self.name!r}: {_short(v)} is out of range; allowed: {self.allowed()}",
                self._said("rules-param-out-of-range", value=_short(v)), self,
            )

    def _check_cell(self, text: str) -> None:
        if len(text) > 8:  # the longest cell name of the largest board is 3 characters, with room for spaces
            raise ParameterError(f"parameter {self.name!r}: {_short(text)} is not a cell; allowed: {self.allowed()}",
                                 self._said("rules-param-not-a-cell", value=_short(text)), self)

    def _check_len(self, text: str) -> None:
        if self.max_len is not None and len(text) > self.max_len:
            raise ParameterError(
                f"parameter {self.name!r}: {len(text)} characters is too long; allowed: {self.allowed()}",
                self._said("rules-param-too-long", count=len(text)), self,
            )


def _param_text(v: Any) -> str:
    """A parameter's value as a title shows it: lists comma separated, booleans as yes/no."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return ", ".join(_param_text(x) for x in v)
    return _num_text(v) if isinstance(v, (int, float)) else str(v)


def list_text(items: Sequence[Any], most: int = 8, last: str = ",") -> str:
    """Items of a title as people read them: ``3, 4, 5``, long lists cut: ``1, 2, 3, ... (20 in all)``;
    ``last="or"`` joins the last two with it: ``1, 3 or 4``."""
    texts = [_param_text(x) for x in items]
    if len(texts) > most:
        return ", ".join(texts[: most - 2]) + f", ... ({len(texts)} in all)"
    if last != "," and len(texts) > 1:
        return ", ".join(texts[:-1]) + f" {last} {texts[-1]}"
    return ", ".join(texts)


def _num_text(v: int | float | None) -> str:
    """A bound as people read it: ``2**53 - 1`` spelt out, floats without a needless ``.0``."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


def _short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so an error never echoes a huge input back."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value) if not isinstance(value, (list, tuple)) else f"a list of {len(value)} items"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _not_text() -> str:
    raise ValueError


_MAX_DIGITS = 24  # an integer or number written as text: longer ones are out of every range


def _to_int(x: Any) -> int:
    if isinstance(x, bool):
        raise ValueError
    if isinstance(x, int):
        return x
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if isinstance(x, str):
        s = x.strip()
        if len(s) > _MAX_DIGITS:
            raise ValueError(s)
        return int(s)
    raise ValueError


def _to_num(x: Any) -> int | float:
    if isinstance(x, bool):
        raise ValueError
    if isinstance(x, int):
        return x
    if isinstance(x, float):
        return x
    if isinstance(x, str):
        s = x.strip()
        if len(s) > _MAX_DIGITS:
            raise ValueError(s)
        try:
            return int(s)
        except ValueError:
            return float(s)
    raise ValueError


def _split(value: Any, sep: str, param: Param | None = None) -> list[Any]:
    """The items of a list parameter; more than ``param.max_items`` is refused before any is parsed."""
    if isinstance(value, str):
        s = value.strip()
        if not s:
            items: list[Any] = []
        # Cells may also be comma separated when no ';' is present.
        elif sep == ";" and ";" not in s:
            items = [p for p in s.replace(",", " ").split() if p]
        else:
            items = s.split(sep)
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise ValueError
    if param is not None and param.max_items is not None and len(items) > param.max_items:
        raise ParameterError(
            f"parameter {param.name!r}: {len(items)} items is too many; allowed: {param.allowed()}",
            param._said("rules-param-too-many", count=len(items)), param,
        )
    return items


@dataclasses.dataclass(frozen=True)
class DocSample:
    """A small position that shows a game's view in the protocol document (docs/PROTOCOL.md).

    ``params`` and ``moves`` reach it; ``notation`` explains the move notation; ``views`` pairs
    a caption with the seat whose view is shown (None: a spectator, ``"all"``: the complete
    view); ``end`` are further moves that finish the game for a last, complete view; ``seeing``
    says who sees what.
    """

    params: dict[str, Any]
    moves: tuple[str, ...]
    notation: str
    views: tuple[tuple[str, int | str | None], ...] = (("every seat and spectators", 0),)
    end: tuple[str, ...] = ()
    seeing: str = "Perfect information: every seat, every spectator and the record get the same view."


# Kinds of game (``Game.kind``): families whose games share hooks outside ``rules/`` (a bot's
# search, a client's notation).  The solver and the clients key those hooks by kind, never by a
# game's name, so a new game of a kind gets them by declaring it; each kind is a contract on the
# game's views and notation, as below.
GRID_PURSUIT = "grid pursuit"
"""Figures chase one another on a grid of cells, pursuers first and the evader last.  Views carry
``width``, ``height``, ``blocked`` (cells), ``figures`` (a cell per seat, null where hidden),
``starts``, ``limit`` and ``round`` (rounds played), ``to_move``; a move is the cell a figure steps to.
The bots score positions by the distances on the grid and steer a blind evader from its view."""
HIDDEN_LAYOUT = "hidden layout"
"""Cells hide a layout (mines) that moves uncover one by one.  Views carry ``width``, ``height``,
``mines`` and ``cells`` (a count, a covered marker or a flag per cell); ``r CELL`` uncovers a cell
and ``f CELL`` flags one.  The bots play from the view alone by deduction and probabilities."""


# Kinds of view (``Game.view_kind``): what a client draws.  A client chooses its renderer by the
# view's kind, never by the game's name, so a new game whose view is of a known kind needs no client
# change.  Each kind is a contract on the keys its views carry (the game's ``view_keys`` document
# them); docs/PROTOCOL.md lists the kinds.
VIEW_HEAPS = "heaps"
"""Heaps of counters (``heaps``: a count per heap); a move takes from one heap."""
VIEW_TAKE_AWAY = "take-away"
"""One heap (``heap``) and the counts a move may take (``take``)."""
VIEW_SUMS = "sums"
"""Heaps (``heaps``) and the operations a move may apply to one (``ops``) toward a ``goal`` for the ``total``."""
VIEW_PINS = "pins"
"""A row of pins (``pins``: a flag per pin, standing or knocked down); a move knocks one or two neighbours."""
VIEW_PIECE = "piece"
"""One piece (``piece``) on a ``width`` x ``height`` board at ``at``, with ``blocked`` cells and ``goal`` cells."""
VIEW_PAWN = "pawn"
"""A pawn (``pawn``) on a ``size`` x ``size`` board of ``payoffs``, with its ``diagonal``."""
VIEW_COINS = "coins"
"""Coins laid on a ``width`` x ``height`` board (``coins``: cells taken, ``radius``, ``free``)."""
VIEW_LINE = "line"
"""Stones on a board (``board``, rows of symbols; ``width`` and ``height``, or ``size`` for a square),
``last`` the last stone: k in a row wins.  Each seat's mark: ``symbols`` a list, the stone letter of each
seat (``X``, ``O``: "you are X"), or, where stones are named by colour, ``symbols`` a map colour -> letter
and ``colours`` the colour each seat plays ("you play black"; an opening may change it until
``colours_chosen``).  Once over, ``result.line`` holds the winning line's cells."""
VIEW_PURSUIT = "pursuit"
"""Figures on a grid (see :data:`GRID_PURSUIT`)."""
VIEW_MINEFIELD = "minefield"
"""Covered and uncovered cells with counts and flags (see :data:`HIDDEN_LAYOUT`); per-seat ``scores``."""
VIEW_DATA = "data"
"""No kind a client knows: it shows the view as data (a game of the catalog always declares a kind of VIEW_KINDS)."""
VIEW_KINDS = (
    VIEW_HEAPS, VIEW_TAKE_AWAY, VIEW_SUMS, VIEW_PINS, VIEW_PIECE, VIEW_PAWN, VIEW_COINS, VIEW_LINE, VIEW_PURSUIT,
    VIEW_MINEFIELD,
)


@dataclasses.dataclass(frozen=True)
class MoveMode:
    """One way of moving in a game that has several (``Game.move_modes``): a move of this mode is
    ``prefix`` and a space before the move's target (minesweeper: ``r c5`` reveals, ``f c5`` flags)."""

    prefix: str
    name: str
    help: str

    def to_dict(self) -> dict[str, str]:
        return {"prefix": self.prefix, "name": self.name, "help": self.help}


@dataclasses.dataclass(frozen=True)
class InARow:
    """The trait of a line game (``Game.in_a_row()``): stones on a ``width`` x ``height`` board, and
    ``k`` in a row wins.

    The solver proves such positions by threats and the bots search them with the line engines,
    reading the position's ``board``: flat bytes, cell ``y * width + x`` (row 1 = y 0 at the
    bottom), 0 empty and ``colour + 1`` a stone; ``empty`` the sorted tuple of empty cells.
    ``rule`` is ``freestyle`` (k or more wins), ``standard`` (exactly k), ``renju`` or ``caro``
    (the gomoku rules).  ``colour_to_move(state)`` is the colour of the next stone, or None while
    an opening asks for something other than a stone (a colour choice); ``with_stones(board)`` is
    the position in ordinary play with those stones on the board, the colour to move following
    from their numbers (an engine bridge that is handed a board builds its position with it).
    """

    width: int
    height: int
    k: int
    colour_to_move: Callable[[Any], int | None]
    with_stones: Callable[[bytes], Any]
    players: int = 2
    rule: str = "freestyle"


@dataclasses.dataclass(frozen=True)
class BoardSymmetry:
    """The trait of a game whose positions are worth the same when their boards are images of each
    other under the symmetries of the ``width`` x ``height`` rectangle (``Game.board_symmetry()``):
    all eight of a square, four of other rectangles.

    The board is the whole key: whatever else decides a position's value (the seat to move) must
    follow from it.  Give the board as ``mask(state)``, a bit mask (bit ``y * width + x`` set for a
    marked cell), or as ``cells(state)``, row-major bytes (one per cell); the exact solver keeps one
    table entry for the smallest image.
    """

    width: int
    height: int
    mask: Callable[[Any], int] | None = None
    cells: Callable[[Any], bytes] | None = None

    def __post_init__(self) -> None:
        if (self.mask is None) == (self.cells is None):
            raise ValueError("BoardSymmetry: give the board as mask or as cells, one of the two")


SEAT_REF = re.compile(r"\{(\d+)\}")
"""A seat in a result's reason: ``{N}`` stands for seat N (see :meth:`Result.told`)."""


def seat_default(seat: int) -> str:
    """A seat as a reason names it where no player's name is known: ``seat N``."""
    return f"seat {seat}"


def name_seats(text: str, names: Sequence[str] | None = None) -> str:
    """``text`` with every ``{N}`` replaced by ``names[N]`` (``seat N`` where no name is given).

    One pass: a name that itself contains ``{1}`` is left as it is.
    """

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return seat_default(seat)

    return SEAT_REF.sub(name, text)


@dataclasses.dataclass(frozen=True)
class Result:
    """How a finished game ended: an outcome per seat, scores where the game has them, why.

    ``reason`` says why in words; where it names a seat it writes ``{N}`` for seat N
    (``{1} moved the king onto a1``), so that whoever knows the players puts their names there
    (:meth:`told`: ``Ann moved the king onto a1``; ``seat 1 moved ...`` where no names are known).
    ``line`` is the winning line of a line game: its cells in the game's notation, from one end
    to the other (None for other games and for draws).
    """

    outcomes: tuple[Outcome, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    line: tuple[str, ...] | None = None
    # ``reason`` as Words of the catalogs (a seat as ``("words-seat", {"seat": N})``), for a reader of any language;
    # None where a game gives none.  Not part of the result's data (``to_dict``) nor of its equality.
    words: Words | None = dataclasses.field(default=None, compare=False, repr=False)

    def told(self, names: Sequence[str] | None = None) -> str:
        """The reason in words, with each seat's name (``names[N]``, else ``seat N``) in its place."""
        return name_seats(self.reason, names)

    def to_dict(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The result as data, its reason told with ``names`` (see :meth:`told`)."""
        return {
            "outcomes": list(self.outcomes),
            "scores": None if self.scores is None else list(self.scores),
            "reason": self.told(names),
            "line": None if self.line is None else list(self.line),
        }

    @classmethod
    def winner(
        cls,
        seats: int,
        seat: int,
        reason: str,
        scores: Sequence[float] | None = None,
        line: Sequence[str] | None = None,
        words: Words | None = None,
    ) -> Result:
        """``seat`` wins, every other seat loses."""
        outs: tuple[Outcome, ...] = tuple("win" if s == seat else "loss" for s in range(seats))
        return cls(outs, reason, None if scores is None else tuple(scores), None if line is None else tuple(line),
                   words)

    @classmethod
    def winners(cls, seats: int, won: Iterable[int], reason: str, words: Words | None = None) -> Result:
        """Every seat in ``won`` wins together (a coalition), the rest lose."""
        w = set(won)
        outs: tuple[Outcome, ...] = tuple("win" if s in w else "loss" for s in range(seats))
        return cls(outs, reason, words=words)

    @classmethod
    def draw(cls, seats: int, reason: str, scores: Sequence[float] | None = None, words: Words | None = None) -> Result:
        outs: tuple[Outcome, ...] = tuple("draw" for _ in range(seats))
        return cls(outs, reason, None if scores is None else tuple(scores), words=words)


class Game(ABC, Generic[S, M]):
    """A game with its parameters fixed.  Subclasses declare and implement the rules.

    Declaration (class attributes): ``name``, ``description`` (one paragraph),
    ``parameters``; flags ``impartial`` (both players have the same moves: Sprague-Grundy
    applies), ``hidden_information`` (views may differ by seat), ``has_scores``,
    ``can_draw`` (a game can end level, so a draw may be offered), ``public_moves`` (a game
    that hides something, but whose move texts reveal nothing: everyone may see them);
    ``kind`` (a family whose hooks outside ``rules/`` the game shares: :data:`GRID_PURSUIT`,
    :data:`HIDDEN_LAYOUT`); ``doc_sample`` (a :class:`DocSample` for the protocol document, set
    next to the class).  Optional hooks the solver reads: ``symmetry_key()``,
    ``board_symmetry()`` (:class:`BoardSymmetry`) and ``in_a_row()`` (:class:`InARow`, a line
    game).  ``setup()`` validates the parameters together and sets ``self.seats``.  Nothing
    outside ``rules/`` looks at a game's name to know what it is: it reads these declarations.

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
    can_draw: bool = False  # the class's value; a game whose parameters decide it sets it in setup()
    public_moves: ClassVar[bool] = False
    kind: ClassVar[str | None] = None  # GRID_PURSUIT, HIDDEN_LAYOUT or None (see the kinds above)
    view_kind: ClassVar[str] = VIEW_DATA  # one of VIEW_KINDS: what a client draws (see the kinds of view above)
    move_modes: ClassVar[tuple[MoveMode, ...]] = ()  # ways of moving, where a game has several
    doc_sample: ClassVar[DocSample | None] = None
    # A trait: the native move path's rules this game plays by, or None (the Python room takes every move).
    # ``"take-away"`` (one heap, a fixed set of amounts, a goal) needs ``native_terms(state)`` -> (heap, turn,
    # goal, takes) and a ``full_view`` with ``heap`` before ``to_move`` (server/native.py).
    native_rules: ClassVar[str | None] = None
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
                f"{self.name}: unknown parameter {unknown[0]!r}; parameters are: {names}",
                ("rules-unknown-param", {"game": self.name, "param": move_arg(unknown[0]), "params": names}),
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
            "traits": cls.class_traits(),
            "notation": cls.doc_sample.notation if cls.doc_sample is not None else None,
        }

    @classmethod
    def class_traits(cls) -> dict[str, Any]:
        """What a client needs to draw and play the game, as the class declares it (``games``)."""
        return {
            "view": cls.view_kind,
            "can_draw": cls.can_draw,
            "public_moves": cls.public_moves,
            "scores": cls.has_scores,
            "hidden_information": cls.hidden_information,
            "move_modes": [m.to_dict() for m in cls.move_modes],
        }

    def traits(self) -> dict[str, Any]:
        """The same for this game with its parameters (``room_state``): a draw and hidden information
        may depend on them."""
        return {**self.class_traits(), "can_draw": self.can_draw, "hidden_information": self.hidden_information}

    def title(self) -> str:
        """The game with its parameters as people name it: ``King race to a1, 8x8``, ``Nim 3, 4, 5``.

        Games word their own (this default is the name and the parameters that differ from their
        defaults); a title never shows a secret parameter.
        """
        shown = [
            f"{p.name} {_param_text(self.params[p.name])}"
            for p in self.parameters
            if not p.secret and self.params.get(p.name) != p.coerce(p.default)
        ]
        head = self.name[:1].upper() + self.name[1:]
        return head + (f" ({', '.join(shown)})" if shown else "")

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

    def symmetry_key(self) -> Callable[[S], Hashable] | None:
        """A key shared by positions of equal value (the same up to a symmetry), for the exact solver; None: none.

        Games declare theirs here (Kayles: a row and its mirror image; Nim: its heaps in any order);
        the solver uses it to keep one table entry for all of them.  A game whose symmetries are
        those of its board declares :meth:`board_symmetry` instead.
        """
        return None

    def board_symmetry(self) -> BoardSymmetry | None:
        """The board whose images under the rectangle's symmetries are worth the same, for the exact
        solver (:class:`BoardSymmetry`); None: none.  Read when :meth:`symmetry_key` gives None."""
        return None

    def in_a_row(self) -> InARow | None:
        """The line-game trait (:class:`InARow`): k in a row on a board wins; None for other games.

        A game that declares it gets the line engines' bots, the solver's proofs by threats and a
        line-game review; a two-player freestyle board of at most 36 cells is solved exactly on a
        bit-mask model.
        """
        return None

    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see (None: a spectator).  Perfect information: everything."""
        return self.full_view(state)

    def render(self, state: S, seat: int | None | str = ALL) -> str:
        """Plain text of the position as ``seat`` sees it (default: the whole state)."""
        v = self.full_view(state) if seat == ALL else self.view(state, seat)  # type: ignore[arg-type]
        return self.render_view(v)

    def picture(self, view: View) -> list[str | Words] | None:
        """The picture of :meth:`render_view` for a reader of any language: a line of symbols only (a board
        row, the column letters) as text, a line in words as :data:`Words` (said from the catalogs where it
        is shown).  None: the game is drawn by ``render_view`` alone."""
        return None

    def is_legal(self, state: S, move: M) -> bool:
        """True when ``move`` may be played; games override with something faster."""
        return move in self.legal_moves(state)

    def play(self, state: S, move: M) -> S:
        """``apply`` after checking the game is not over and the move is legal."""
        if self.is_over(state):
            text = self.format_move(state, move)
            raise IllegalMoveError(f"{text!r}: the game is over", ("rules-game-over", {"move": move_arg(text)}))
        if not self.is_legal(state, move):
            raise IllegalMoveError(*self.why_illegal(state, move))
        return self.apply(state, move)

    def why_illegal(self, state: S, move: M) -> Why:
        """Why ``move`` is illegal here, in English and as Words (:func:`why`); games may say more precisely why."""
        text = self.format_move(state, move)
        return why(f"{text!r} is not a legal move here", "rules-not-legal", move=move_arg(text))

    def play_turns(self, state: S, turns: Iterable[tuple[int, str]]) -> S:
        """The state after ``turns``, each ``(seat, text)`` a move by the seat to move, parsed and played as
        :meth:`play_text` plays it.  A seat that is not the one to move raises :class:`IllegalMoveError`; a bad
        move the error :meth:`play_text` raises.  Games may play a run faster; the state must be the same."""
        for seat, text in turns:
            if self.to_move(state) != seat:
                raise IllegalMoveError(f"{text!r}: seat {seat} is not the seat to move",
                                       ("rules-not-the-seat", {"move": move_arg(text), "seat": seat}))
            state = self.play(state, self.parse_move(state, text))
        return state

    def play_text(self, state: S, text: str) -> S:
        """Parse ``text`` and play it; raises :class:`ParseMoveError` or :class:`IllegalMoveError`."""
        if self.is_over(state):
            raise IllegalMoveError(f"{text!r}: the game is over", ("rules-game-over", {"move": move_arg(text)}))
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
                err = type(e)(f"move {i}: {e}", e.said, e.param)
                err.number = i  # (said as ``rules-replay``: the move's number, then why)
                raise err from None
        return s

    def legal_texts(self, state: S) -> list[str]:
        """Every legal move in notation."""
        return [self.format_move(state, m) for m in self.legal_moves(state)]
