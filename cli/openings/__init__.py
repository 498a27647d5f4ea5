"""Openings for matches and tournaments: a text format, its reader and checker, and the built-in sets.

The format (docs/MATCH.md), one opening a line::

    # the 26 renju openings
    game: gomoku size=15
    h8 h9 h10    # D1 kansei
    h8 i9 j10    # I1 chosei

* moves in the game's own notation, separated by spaces (or by commas when a move has a
  space in it, as ``grundy show --moves`` reads them);
* ``#`` starts a comment, to the end of the line; blank lines are ignored;
* an optional header ``game: NAME key=value ...`` before the first opening says which game
  (and parameters) the openings are for: a run of another game, or with other values of
  those parameters, is refused.

Every opening is played through the rules before a run starts; the first that is not legal
stops it with an :class:`OpeningsError` naming the file, the line and the move.  Bounds:
at most :data:`MAX_OPENINGS` openings, :data:`MAX_MOVES` moves each, lines of at most
:data:`MAX_LINE` characters.

Built-in sets are files of this folder: ``renju26`` (gomoku: the 26 standard three-stone
openings of renju, 13 direct and 13 indirect) and ``tictactoe`` (m,n,k: the 12 two-move
openings of tic-tac-toe that differ up to the board's symmetries).  On a board of another
size a built-in set is moved so that its centre is the board's centre.
"""

from __future__ import annotations

import dataclasses
import importlib.resources
import os
from typing import Any

from grundy import rules
from grundy.cli.common import rules_text, split_moves, t
from grundy.rules.cells import format_cell, parse_cell

MAX_OPENINGS = 1000  # the protocol's bounds (create_tournament's openings)
MAX_MOVES = 60
MAX_LINE = 4_000
# The set used by `--openings builtin` for each game (canonical name).
DEFAULT_SETS = {"gomoku": "renju26", "mnk": "tictactoe"}
BUILTIN_PREFIX = "builtin"


class OpeningsError(ValueError):
    """An openings file or set that cannot be used; the message names the file, the line and the move."""


@dataclasses.dataclass(frozen=True)
class Opening:
    """One opening: its moves, and where it was read (``source:line``) and its comment (a name, if any)."""

    moves: tuple[str, ...]
    where: str
    label: str = ""


@dataclasses.dataclass(frozen=True)
class OpeningSet:
    """The openings of one file or built-in set, with the game its header names (if any)."""

    source: str
    openings: tuple[Opening, ...]
    game: str | None = None
    params: dict[str, str] = dataclasses.field(default_factory=dict)
    header_line: int = 0

    def moves(self) -> list[list[str]]:
        """The openings as the protocol takes them: lists of move texts."""
        return [list(o.moves) for o in self.openings]


def builtin_names() -> list[str]:
    """The names of the built-in sets."""
    folder = importlib.resources.files(__name__)
    return sorted(p.name[: -len(".txt")] for p in folder.iterdir() if p.name.endswith(".txt"))


def parse(text: str, source: str) -> OpeningSet:
    """Read openings text (see the module's docstring); raises OpeningsError for a malformed file."""
    openings: list[Opening] = []
    game: str | None = None
    params: dict[str, str] = {}
    header_line = 0
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{source}:{number}"
        if len(raw) > MAX_LINE:
            raise OpeningsError(t("cmd-open-long-line", where=where, most=str(MAX_LINE)))
        body, _, comment = raw.partition("#")
        body = body.strip()
        if not body:
            continue
        if body.lower().startswith("game:"):
            if openings or game is not None:
                raise OpeningsError(t("cmd-open-header-once", where=where))
            game, params = _header(body[len("game:") :], where)
            header_line = number
            continue
        moves = split_moves(body)
        if len(moves) > MAX_MOVES:
            raise OpeningsError(t("cmd-open-long", where=where, most=str(MAX_MOVES), n=str(len(moves))))
        openings.append(Opening(tuple(moves), where, comment.strip()))
        if len(openings) > MAX_OPENINGS:
            raise OpeningsError(t("cmd-open-many", where=where, most=str(MAX_OPENINGS)))
    if not openings:
        raise OpeningsError(t("cmd-open-none", where=source))
    return OpeningSet(source, tuple(openings), game, params, header_line)


def _header(text: str, where: str) -> tuple[str, dict[str, str]]:
    words = text.split()
    if not words:
        raise OpeningsError(t("cmd-open-header", where=where))
    params: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise OpeningsError(t("cmd-open-header-word", where=where, word=repr(word)))
        params[key] = value
    return words[0], params


def read_file(path: str) -> OpeningSet:
    """Read an openings file; OpeningsError when it cannot be read or is malformed."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_OPENINGS * (MAX_LINE + 1))
    except FileNotFoundError:
        raise OpeningsError(t("cmd-open-no-file", path=path)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise OpeningsError(t("cmd-open-unreadable", path=path, why=str(e))) from None
    return parse(text, path)


def read_builtin(name: str) -> OpeningSet:
    """A built-in set by name; OpeningsError naming the sets there are."""
    if name not in builtin_names():
        sets = ", ".join(builtin_names())
        raise OpeningsError(t("cmd-open-no-set", name=name, sets=sets))
    text = importlib.resources.files(__name__).joinpath(f"{name}.txt").read_text(encoding="utf-8")
    return parse(text, f"builtin:{name}")


def load(spec: str, game: rules.Game) -> OpeningSet:
    """The openings ``spec`` names (``builtin``, ``builtin:NAME`` or a file), checked against ``game``.

    Raises OpeningsError for an unknown set, a file that cannot be read, a header for another
    game, or a move that cannot be played (naming the file, the line and the move).
    """
    head, sep, rest = spec.partition(":")
    if head == BUILTIN_PREFIX and (sep or not os.path.exists(spec)):
        if not rest:
            rest = DEFAULT_SETS.get(game.name, "")
            if not rest:
                raise OpeningsError(t("cmd-open-no-builtin", game=game.name, sets=", ".join(builtin_names())))
        found = recentre(read_builtin(rest), game)
        check(found, game, header=False)
        return found
    found = read_file(spec)
    check(found, game)
    return found


def recentre(found: OpeningSet, game: rules.Game) -> OpeningSet:
    """A built-in set moved so that its board's centre is ``game``'s (for cell games of another size)."""
    size = _board(found.game, found.params)
    target = _board(game.name, game.params)
    if size is None or target is None or size == target:
        return found
    dx, dy = target[0] // 2 - size[0] // 2, target[1] // 2 - size[1] // 2
    out = []
    for o in found.openings:
        moved = []
        for move in o.moves:
            try:
                x, y = parse_cell(move, size[0], size[1])
            except ValueError as e:
                raise OpeningsError(f"{o.where}: {move!r}: {e}") from None
            moved.append(format_cell(x + dx, y + dy))
        out.append(dataclasses.replace(o, moves=tuple(moved)))
    return dataclasses.replace(found, openings=tuple(out))


def _board(name: str | None, params: dict[str, Any]) -> tuple[int, int] | None:
    """Width and height of a cell game's board from its parameters (None for other games)."""
    if name is None:
        return None
    try:
        g = rules.create(name, **params)
    except rules.RulesError:
        return None
    p = g.params
    if "size" in p:
        return int(p["size"]), int(p["size"])
    if "m" in p and "n" in p:
        return int(p["m"]), int(p["n"])
    return None


def check(found: OpeningSet, game: rules.Game, header: bool = True) -> None:
    """Refuse a set whose header names another game or other parameters, or with a move that cannot be played."""
    if header and found.game is not None:
        where = f"{found.source}:{found.header_line}"
        try:
            theirs = rules.create(found.game, **found.params)
        except rules.RulesError as e:
            raise OpeningsError(t("cmd-open-header-game", where=where, why=rules_text(e))) from None
        if theirs.name != game.name:
            raise OpeningsError(t("cmd-open-other-game", where=where, theirs=theirs.name, game=game.name))
        for key in found.params:
            if theirs.params.get(key) != game.params.get(key):
                theirs_value, ours = _text(theirs.params.get(key)), _text(game.params.get(key))
                raise OpeningsError(t("cmd-open-other-params", where=where, theirs=f"{key}={theirs_value}",
                                      ours=f"{key}={ours}"))
    for o in found.openings:
        state = game.initial()
        for i, move in enumerate(o.moves, 1):
            try:
                state = game.play_text(state, move)
            except rules.RulesError as e:
                said = t("cmd-open-bad-move", where=o.where, i=str(i), move=repr(move), why=rules_text(e))
                raise OpeningsError(said) from None
        if game.is_over(state):
            raise OpeningsError(t("cmd-open-over", where=o.where))


def _text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
