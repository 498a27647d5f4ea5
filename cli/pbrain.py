"""`grundy pbrain`: grundy's own gomoku engine as a Gomocup brain, on stdin/stdout.

Piskvork, the Gomocup managers and grundy's own bridge (`grundy gomocup-bot`) start a brain
as a console program and speak the Gomocup AI protocol with it, one command a line:

    START 15 / RECTSTART 20,15   -> OK (or ERROR ...)     a new game on an empty board
    RESTART                      -> OK                    a new game on the same board
    INFO key value               -> (nothing)             timeout_turn, timeout_match, time_left (ms),
                                                          max_memory, game_type, rule, ...
    BEGIN                        -> x,y                   the brain opens the game
    TURN x,y                     -> x,y                   the opponent played x,y
    BOARD / x,y,1|2|3 ... / DONE -> x,y                   a whole position (1 own, 2 opponent's stones)
    TAKEBACK x,y                 -> OK                    take the stone on x,y back
    ABOUT                        -> name="grundy", version="...", ...
    END                          -> (exits)

Coordinates are 0-based with y counted from the top, as Piskvork draws the board (grundy's
cells have a1 at the bottom-left: Gomocup ``x,y`` is the cell in column x, row ``height - y``).
The game: gomoku with the rule INFO names (bit 1 exactly five, 4 renju, 8 caro; else
freestyle) on 15x15 and 19x19 boards; any other size, and rectangles, play freestyle as the
m,n,k game with five in a row (other rules there answer ERROR).  Each move comes from
``solver.bot.choose`` at ``--level`` (default ``max``: a win at once or by continuous fours
first, then the full search) within the time the manager allows: ``timeout_turn``, and a
share of ``time_left`` when the match has a time limit.  A ``DEBUG`` line before each move
tells how the move was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from grundy import rules
from grundy.protocol import i18n
from grundy.rules.cells import format_cell

NAME = "grundy"
DEFAULT_TURN_MS = 5000
MARGIN_S = 0.08  # kept back from each move's time for reading, writing and the process's own delays
FASTEST_S = 0.1  # a move's time when timeout_turn is 0 ("as fast as possible")
SHARE_OF_MATCH = 20  # with a match clock, a move may use 1/SHARE_OF_MATCH of the time left


class BrainError(Exception):
    """A command the brain must answer with ERROR: why, as a catalog message id and its arguments (``said``),
    said in the brain's language after the protocol's ``ERROR``."""

    def __init__(self, msg_id: str, /, **args: Any) -> None:
        super().__init__(msg_id)
        self.said = (msg_id, args)


def rule_name(bits: int) -> str:
    """The Gomocup INFO rule bits as a grundy gomoku rule: 4 renju, 8 caro, 1 exactly five, else freestyle."""
    if bits & 4:
        return "renju"
    if bits & 8:
        return "caro"
    if bits & 1:
        return "standard"
    return "freestyle"


class GomocupBrain:
    """The protocol's state machine: lines in, answer lines out (no I/O, so tests feed it directly).

    ``choose(game, state, budget_s) -> (move, note)`` picks the move; the command wires it to
    the bot.  ``clock`` is read to keep to the match's time.  ``lang``: the language of the words after the
    protocol's ``ERROR`` and ``UNKNOWN`` (a manager shows them to its user; the protocol's own words and
    answers are the same in every language).
    """

    def __init__(
        self,
        choose: Callable[[Any, Any, float], tuple[Any, str]],
        *,
        version: str = "",
        clock: Callable[[], float] = time.monotonic,
        lang: str = i18n.DEFAULT,
    ) -> None:
        self.choose = choose
        self.lang = lang
        self.version = version
        self.clock = clock
        self.width = self.height = 0
        self.stones: dict[tuple[int, int], int] = {}  # (x, y) -> 1 own, 2 opponent's
        self.info: dict[str, str] = {}
        self.board_lines: list[tuple[int, int, int]] | None = None
        self.ended = False

    # ----- the protocol

    def handle(self, line: str) -> list[str]:
        """The answer lines to one command line (often one line, none for INFO and the lines of BOARD)."""
        line = line.strip()
        if not line:
            return []
        try:
            if self.board_lines is not None:
                return self._board_line(line)
            word, _, rest = line.partition(" ")
            command = self.COMMANDS.get(word.upper())
            if command is None:
                return ["UNKNOWN " + i18n.tr(self.lang, "eng-brain-unknown", word=word)]
            return list(command(self, rest.strip()))
        except BrainError as e:
            msg_id, args = e.said
            return ["ERROR " + i18n.tr(self.lang, msg_id, **args)]
        except Exception as e:  # a bug must not kill the brain in the middle of a match: say it, go on
            self.board_lines = None
            return ["ERROR " + i18n.tr(self.lang, "eng-brain-failed", error=f"{type(e).__name__}: {e}")]

    def _start(self, rest: str) -> Iterable[str]:
        size = _number(rest, "START size")
        return self._new_board(size, size)

    def _rectstart(self, rest: str) -> Iterable[str]:
        w, _, h = rest.partition(",")
        return self._new_board(_number(w, "RECTSTART width"), _number(h, "RECTSTART height"))

    def _new_board(self, width: int, height: int) -> Iterable[str]:
        if not (5 <= width <= 52 and 5 <= height <= 52):
            raise BrainError("eng-brain-size", width=str(width), height=str(height))
        self.width, self.height = width, height
        self.stones = {}
        return ["OK"]

    def _restart(self, rest: str) -> Iterable[str]:
        self._need_board()
        self.stones = {}
        return ["OK"]

    def _info(self, rest: str) -> Iterable[str]:
        key, _, value = rest.partition(" ")
        self.info[key.lower()] = value.strip()
        if key.lower() == "time_left":
            self.info["time_left_at"] = str(self.clock())
        return []

    def _about(self, rest: str) -> Iterable[str]:
        return [f'name="{NAME}", version="{self.version}", author="grundy", country="-", www="-"']

    def _end(self, rest: str) -> Iterable[str]:
        self.ended = True
        return []

    def _begin(self, rest: str) -> Iterable[str]:
        self._need_board()
        if self.stones:
            raise BrainError("eng-brain-begin-not-empty")
        return self._move()

    def _turn(self, rest: str) -> Iterable[str]:
        x, y = self._cell(rest)
        if (x, y) in self.stones:
            raise BrainError("eng-brain-taken", cell=f"{x},{y}")
        self.stones[(x, y)] = 2
        try:
            return self._move()
        except BrainError:
            del self.stones[(x, y)]
            raise

    def _takeback(self, rest: str) -> Iterable[str]:
        x, y = self._cell(rest)
        if self.stones.pop((x, y), None) is None:
            raise BrainError("eng-brain-no-stone", cell=f"{x},{y}")
        return ["OK"]

    def _board(self, rest: str) -> Iterable[str]:
        self._need_board()
        self.board_lines = []
        return []

    def _board_line(self, line: str) -> list[str]:
        if line.upper() == "DONE":
            lines, self.board_lines = self.board_lines or [], None
            self.stones = {}
            for x, y, field in lines:
                if (x, y) in self.stones:
                    raise BrainError("eng-brain-twice", cell=f"{x},{y}")
                self.stones[(x, y)] = 1 if field == 1 else 2
            return list(self._move())
        parts = line.split(",")
        if len(parts) != 3:
            self.board_lines = None
            raise BrainError("eng-brain-board-line", line=repr(line))
        x, y = self._cell(",".join(parts[:2]))
        field = _number(parts[2], "BOARD field")
        if field not in (1, 2, 3):
            self.board_lines = None
            raise BrainError("eng-brain-board-field", field=str(field))
        assert self.board_lines is not None
        self.board_lines.append((x, y, field))
        return []

    # ----- the game

    def _need_board(self) -> None:
        if not self.width:
            raise BrainError("eng-brain-no-board")

    def _cell(self, text: str) -> tuple[int, int]:
        self._need_board()
        xs, _, ys = text.partition(",")
        x, y = _number(xs, "x"), _number(ys, "y")
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise BrainError("eng-brain-off-board", cell=f"{x},{y}", width=str(self.width), height=str(self.height))
        return x, y

    def game(self) -> Any:
        """The rules' game for the board and the INFO rule."""
        rule = rule_name(_number(self.info.get("rule", "0") or "0", "INFO rule"))
        if self.width == self.height and self.width in (15, 19):
            return rules.create("gomoku", size=self.width, rule=rule)
        if rule != "freestyle":
            raise BrainError("eng-brain-rule-size", rule=rule, width=str(self.width), height=str(self.height))
        return rules.create("mnk", m=self.width, n=self.height, k=5)

    def position(self, game: Any) -> Any:
        """The rules state of the stones, with the brain to move (its colour from the counts)."""
        own = sum(1 for f in self.stones.values() if f == 1)
        theirs = len(self.stones) - own
        if theirs not in (own, own + 1):
            raise BrainError("eng-brain-not-its-turn", own=own, theirs=theirs)
        mine = 0 if theirs == own else 1  # black moves when the counts are equal
        board = bytearray(self.width * self.height)
        for (x, y), field in self.stones.items():
            colour = mine if field == 1 else 1 - mine
            board[(self.height - 1 - y) * self.width + x] = colour + 1
        state = game.in_a_row().with_stones(bytes(board))
        if game.to_move(state) is None:
            raise BrainError("eng-brain-over")
        return state

    def budget(self) -> float:
        """Seconds for this move: timeout_turn, and a share of time_left when the match is timed."""
        turn_ms = _number(self.info.get("timeout_turn", str(DEFAULT_TURN_MS)) or "0", "timeout_turn")
        seconds = turn_ms / 1000 if turn_ms > 0 else FASTEST_S  # 0: play as fast as possible
        match_ms = _number(self.info.get("timeout_match", "0") or "0", "timeout_match")
        left = self.info.get("time_left")
        if match_ms > 0 and left is not None:
            used = self.clock() - float(self.info.get("time_left_at", self.clock()))
            remaining = max(0.0, _number(left, "time_left") / 1000 - used)
            seconds = min(seconds, remaining / SHARE_OF_MATCH)
        return max(0.02, seconds - MARGIN_S)

    def _move(self) -> list[str]:
        game = self.game()
        state = self.position(game)
        move, note = self.choose(game, state, self.budget())
        c = int(move)
        x, row = c % self.width, c // self.width
        y = self.height - 1 - row
        self.stones[(x, y)] = 1
        out = [f"DEBUG {format_cell(x, row)}: {note}"] if note else []
        return [*out, f"{x},{y}"]


    COMMANDS: dict[str, Callable[[GomocupBrain, str], Iterable[str]]] = {
        "START": _start, "RECTSTART": _rectstart, "RESTART": _restart, "INFO": _info, "ABOUT": _about,
        "END": _end, "BEGIN": _begin, "TURN": _turn, "TAKEBACK": _takeback, "BOARD": _board,
    }  # fmt: skip


def _number(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise BrainError("eng-brain-not-a-number", what=what, value=repr(text.strip())) from None


# ---------------------------------------------------------------------- the command


def register(sub: Any) -> None:
    from grundy.cli.common import t

    p = sub.add_parser("pbrain", help=t("eng-pbrain-help"), description=t("eng-pbrain-about"))
    p.add_argument("--level", default="max", metavar=t("eng-metavar-level"), help=t("eng-pbrain-help-level"))
    p.add_argument("--seed", type=int, default=None, metavar="N", help=t("eng-pbrain-help-seed"))
    p.set_defaults(run=run_pbrain)


def run_pbrain(args: argparse.Namespace) -> int:
    import random

    from grundy.cli.common import fail, lang, t
    from grundy.solver import bot

    if args.level not in bot.LEVELS:
        fail(t("words-pbrain-level", level=repr(args.level), levels=", ".join(bot.LEVELS)))
    rng = random.Random(args.seed)

    def choose(game: Any, state: Any, budget_s: float) -> tuple[Any, str]:
        d = bot.choose(game, state, args.level, budget_s, rng=rng)
        how = d.reason or "search"
        return d.move, t("eng-brain-note", level=args.level, how=how, depth=d.depth, nodes=d.nodes)

    brain = GomocupBrain(choose, version=_version(), lang=lang())
    return serve(brain, sys.stdin, sys.stdout)


def serve(brain: GomocupBrain, stdin: TextIO, stdout: TextIO) -> int:
    """Answer commands from ``stdin`` until END or the end of input."""
    for raw in stdin:
        for answer in brain.handle(raw):
            stdout.write(answer + "\r\n")
        stdout.flush()
        if brain.ended:
            break
    return 0


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("grundy")
    except Exception:
        return "dev"
