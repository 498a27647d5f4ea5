"""The Gomocup bridge: a gomoku engine speaking the Gomocup AI protocol plays on grundy as a bot.

A *brain* is a console program reading commands on stdin and answering on stdout
(the Gomocup / Piskvork "new protocol"):

    START 15        -> OK                 (new game on a 15x15 board)
    INFO key value  -> (no answer)        timeout_turn, timeout_match, time_left (ms), rule, ...
    BEGIN           -> 7,7                (the brain opens the game)
    TURN 8,7        -> 9,9                (the opponent played 8,7; the brain answers)
    BOARD / x,y,1 or 2 lines / DONE -> x,y   (a whole position: 1 own stone, 2 the opponent's)
    ABOUT           -> name="...", version="...", author="..."
    END             -> (the brain exits)

The brain may also print ``MESSAGE ...`` and ``DEBUG ...`` lines (logged and skipped);
``ERROR ...`` or ``UNKNOWN ...`` in answer to a command is a failure.

Coordinates.  Gomocup's ``x,y`` are 0-based with x the column from the left and y the row
*from the top* (as Piskvork draws the board); grundy cells have a1 at the bottom-left.  So
Gomocup ``x,y`` is the cell in column x and row ``size - y``: on 15x15, ``0,0`` is ``a15``
and ``7,7`` is ``h8``.

Time.  The brain's limits come from the room's clock: ``timeout_match`` is the starting time,
``timeout_turn`` the SDK's budget for this move and ``time_left`` what is on the bot's clock
(minus a reserve for the network), all in milliseconds; untimed rooms get ``timeout_match 0``
(no limit) and the bridge's own ``turn_s``.  A brain that crashes, stays silent past its
time (or past ``timeout_turn`` plus a tolerance when untimed), or answers with something that is
not a free cell loses the game.  A crash or silence is a loss on time, as a Gomocup manager
scores it: the bridge sends ``resign`` with ``timeout`` and the failure, and the game ends
``flag`` with a reason like "seat 1's engine failed (crashed) — loss on time"; an answer out
of protocol or on an occupied cell is a plain resignation.  Each game runs in a fresh brain
process.  Only games without a swap opening are played (the protocol's classic commands
cannot choose colours); draw offers are declined (the engine cannot judge them).

A series of games.  Against the same opponent a deterministic engine would replay the same
game (a hosted ``hard`` or ``max`` bot is deterministic too), so the bridge alternates
colours (a new room per game takes the other seat; rematches rotate seats on the server)
and varies the opening: games 2k and 2k+1 play opening k of :data:`OPENINGS` with each
colour, the bridge placing the engine's first stone (the engine then gets the position
with ``BOARD``).  Opening 0 leaves every move to the engine.

Rooms and tournaments.  The bridge is an SDK :class:`~client.sdk.AsyncBot`: it answers
challenges, joins a room, creates one, queues for a quick match, or enters a tournament
(``tournament=ID``) and plays each of its games until the tournament has ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
from collections import deque
from collections.abc import Sequence
from typing import Any

from grundy import protocol as p
from grundy.client.sdk import CLOCK_RESERVE_S, AsyncBot, Forfeit, GameResult, Table, Turn
from grundy.protocol import i18n
from grundy.rules.base import Words
from grundy.rules.cells import format_cell, parse_cell

log = logging.getLogger("grundy.gomocup")

# INFO rule bits of the Gomocup protocol: 1 exactly five, 4 renju, 8 caro (0 freestyle).
RULE_BITS = {"freestyle": 0, "standard": 1, "renju": 4, "caro": 8}
DEFAULT_TURN_S = 5.0
UNTIMED_TOLERANCE_S = 2.0
START_TIMEOUT_S = 10.0
OWN, THEIRS = 1, 2

# Who failed, in an EngineError's words: the engine a command checks before it plays, a game's brain.
THE_ENGINE: Words = ("eng-who-engine", {})
BRAIN: Words = ("eng-who-brain", {})

_MOVE_RE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
_ABOUT_RE = re.compile(r'(\w+)\s*=\s*"([^"]*)"')


class EngineError(Exception):
    """The brain failed: it crashed, stayed silent, or answered out of protocol.

    Its words are ``said``: a catalog message id and its arguments (:data:`rules.Words`; an argument may be Words
    itself, such as the brain's label), so a command says them in its user's language (:func:`words_in`); the
    exception's text is their English (a game's resignation reason on the node, a log line).
    """

    def __init__(self, msg_id: str, /, **args: Any) -> None:
        self.said: Words = (msg_id, args)
        super().__init__(words_in(i18n.DEFAULT, self.said))


class EngineRefused(EngineError, ValueError):
    """A game the bridge will not play (said before it takes a seat): the engine plays gomoku without a swap
    opening only."""


def words_in(lang: str, words: Words) -> str:
    """Words (a message id and its arguments, an argument Words itself) said in ``lang``."""
    msg_id, args = words
    return i18n.tr(lang, msg_id, **{k: words_in(lang, v) if isinstance(v, tuple) else v for k, v in args.items()})


class EngineCrashed(EngineError):
    """The brain's process ended."""


class EngineTimeout(EngineError):
    """The brain did not answer in time."""


class EngineProtocolError(EngineError):
    """The brain answered something the protocol does not allow here."""


def failure_of(error: EngineError) -> p.EngineFailure | None:
    """How the brain failed, for a loss on time: ``crashed`` or ``silent``; None for a bad answer (a resignation)."""
    if isinstance(error, EngineCrashed):
        return "crashed"
    if isinstance(error, EngineTimeout):
        return "silent"
    return None


# ---------------------------------------------------------------------- pure conversions


def to_cell(x: int, y: int, size: int) -> str:
    """Gomocup ``x,y`` (y from the top) -> grundy cell (a1 bottom-left): on 15x15, 0,0 -> a15."""
    if not (0 <= x < size and 0 <= y < size):
        raise EngineProtocolError("eng-off-board", x=x, y=y, size=size, last=size - 1)
    return format_cell(x, size - 1 - y)


def from_cell(cell: str, size: int) -> tuple[int, int]:
    """grundy cell -> Gomocup ``(x, y)``: on 15x15, a1 -> 0,14 and h8 -> 7,7."""
    col, row = parse_cell(cell, size, size)
    return col, size - 1 - row


def parse_move(line: str, size: int) -> tuple[int, int]:
    """A brain's move answer ``x,y``; raises EngineProtocolError naming the line."""
    m = _MOVE_RE.match(line)
    if not m:
        raise EngineProtocolError("eng-not-a-move", line=repr(line))
    x, y = int(m.group(1)), int(m.group(2))
    to_cell(x, y, size)  # bounds check
    return x, y


def parse_about(line: str) -> dict[str, str]:
    """``name="Foo", version="1.0", author="..."`` -> dict; a bare word is taken as the name."""
    found = dict(_ABOUT_RE.findall(line))
    if not found and line.strip():
        found = {"name": line.strip()}
    return found


def display_name(about: dict[str, str], fallback: str) -> str:
    """The bot's name in the lobby: ABOUT's name and version, at most 32 characters."""
    name = about.get("name", "").strip() or fallback
    version = about.get("version", "").strip()
    text = f"{name} {version}" if version and len(name) + len(version) < 32 else name
    return text[:32]


def brain_command(path: str, args: Sequence[str] = ()) -> list[str]:
    """How to start the brain at ``path``: Python scripts run with this interpreter, the rest directly."""
    if path.endswith(".py"):
        return [sys.executable, path, *args]
    return [path, *args]


def position(moves: Sequence[str | None], seat: int, size: int) -> list[tuple[int, int, int]]:
    """The stones for BOARD, in the order played: ``(x, y, 1)`` for the bot's, ``(x, y, 2)`` for the opponent's."""
    stones = []
    for i, move in enumerate(moves):
        if move is None:
            raise EngineProtocolError("eng-hidden-move", n=i + 1)
        x, y = from_cell(move, size)
        stones.append((x, y, OWN if i % 2 == seat else THEIRS))
    return stones


# ---------------------------------------------------------------------- the engine driver


class Brain:
    """One brain process and the protocol spoken with it (async; every answer has a deadline)."""

    def __init__(self, command: Sequence[str], *, cwd: str | None = None, label: Words = BRAIN) -> None:
        self.command = list(command)
        self.cwd = cwd
        self.label = label
        self.proc: asyncio.subprocess.Process | None = None
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.messages: list[str] = []
        self._buffer = ""
        self._lines: deque[str] = deque()
        self._stderr_task: asyncio.Task[None] | None = None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    async def launch(self) -> None:
        """Start the process; raises EngineCrashed if it cannot be started."""
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                cwd=self.cwd,
                start_new_session=True,
            )
        except OSError as e:
            program = repr(self.command[0])
            raise EngineCrashed("eng-cannot-start", who=self.label, program=program, error=str(e)) from None
        self._stderr_task = asyncio.create_task(self._drain_stderr())

    async def start(self, size: int, timeout: float = START_TIMEOUT_S) -> None:
        """``START size`` -> ``OK``; raises EngineProtocolError if the brain refuses the size."""
        await self.send(f"START {size}")
        answer = await self.answer(timeout, f"START {size}")
        if not answer.upper().startswith("OK"):
            raise EngineProtocolError("eng-start-refused", who=self.label, answer=repr(answer), size=size)

    async def info(self, key: str, value: int | str) -> None:
        await self.send(f"INFO {key} {value}")

    async def about(self, timeout: float = START_TIMEOUT_S) -> dict[str, str]:
        await self.send("ABOUT")
        return parse_about(await self.answer(timeout, "ABOUT"))

    async def begin(self, size: int, timeout: float) -> tuple[int, int]:
        await self.send("BEGIN")
        return parse_move(await self.answer(timeout, "BEGIN"), size)

    async def turn(self, x: int, y: int, size: int, timeout: float) -> tuple[int, int]:
        await self.send(f"TURN {x},{y}")
        return parse_move(await self.answer(timeout, f"TURN {x},{y}"), size)

    async def board(self, stones: Sequence[tuple[int, int, int]], size: int, timeout: float) -> tuple[int, int]:
        await self.send("BOARD", *(f"{x},{y},{f}" for x, y, f in stones), "DONE")
        return parse_move(await self.answer(timeout, "BOARD"), size)

    async def send(self, *lines: str) -> None:
        proc = self._running()
        assert proc.stdin is not None
        try:
            proc.stdin.write("".join(line + "\r\n" for line in lines).encode())
            await proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise self._crashed() from None

    async def answer(self, timeout: float, command: str) -> str:
        """The next line that answers ``command`` (MESSAGE/DEBUG lines are logged and skipped)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            line = await self._line(deadline - loop.time(), timeout, command)
            word = line.split(maxsplit=1)[0].upper() if line.strip() else ""
            if word in ("MESSAGE", "DEBUG", "SUGGEST"):
                self.messages.append(line)
                log.info("%s: %s", words_in(i18n.DEFAULT, self.label), line)  # shown with -v
                continue
            if word in ("ERROR", "UNKNOWN"):
                raise EngineProtocolError("eng-answered", who=self.label, line=repr(line), command=command)
            return line.strip()

    async def end(self, grace: float = 1.0) -> None:
        """``END``, then wait a moment for the process to exit, then kill it (and its children)."""
        if self.proc is None:
            return
        if self.proc.returncode is None:
            with contextlib.suppress(EngineError):
                await self.send("END")
            try:
                await asyncio.wait_for(self.proc.wait(), grace)
            except TimeoutError:
                self.kill()
                await self.proc.wait()
        if self._stderr_task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._stderr_task, 1.0)

    def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)

    # ---------------------------------------------------------------- internals

    def _running(self) -> asyncio.subprocess.Process:
        if self.proc is None:
            raise EngineCrashed("eng-not-started", who=self.label)
        if self.proc.returncode is not None:
            raise self._crashed()
        return self.proc

    def _crashed(self) -> EngineCrashed:
        code = self.proc.returncode if self.proc is not None else None
        tail = "; ".join(self.stderr_tail)
        if tail:
            return EngineCrashed("eng-exited-saying", who=self.label, code=str(code), said=tail)
        return EngineCrashed("eng-exited", who=self.label, code=str(code))

    async def _line(self, left: float, timeout: float, command: str) -> str:
        """The next non-empty line within ``left`` seconds; the brain may end lines with CR LF, LF or CR."""
        proc = self._running()
        assert proc.stdout is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0.0, left)
        silent: Words = ("eng-silent", {"who": self.label, "command": command, "seconds": round(timeout, 2)})
        while not self._lines:
            left = deadline - loop.time()
            if left <= 0:
                raise EngineTimeout(silent[0], **silent[1])
            try:
                chunk = await asyncio.wait_for(proc.stdout.read(4096), left)
            except TimeoutError:
                raise EngineTimeout(silent[0], **silent[1]) from None
            if not chunk:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(proc.wait(), 1.0)
                raise self._crashed()
            self._buffer += chunk.decode(errors="replace")
            *complete, self._buffer = re.split(r"\r\n|\r|\n", self._buffer)
            self._lines.extend(line for line in complete if line.strip())
        return self._lines.popleft()

    async def _drain_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while True:
            line = await self.proc.stderr.readline()
            if not line:
                return
            self.stderr_tail.append(line.decode(errors="replace").rstrip())


async def check_engine(
    command: Sequence[str], size: int, *, cwd: str | None = None, timeout: float = START_TIMEOUT_S
) -> dict[str, str]:
    """Start the brain, ask ABOUT and START ``size``, then END it: its ABOUT answer.

    Raises :class:`EngineError` when the brain cannot be started, dies, stays silent or
    refuses the board, so a bridge can refuse to play before it takes a seat anywhere.
    """
    brain = Brain(command, cwd=cwd, label=THE_ENGINE)
    try:
        await brain.launch()
        about = await brain.about(timeout)
        await brain.start(size, timeout)
        return about
    except EngineCrashed:
        if brain.proc is not None:  # say how it ended: its exit code and last words on stderr
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(brain.proc.wait(), 1.0)
            if brain._stderr_task is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(brain._stderr_task, 1.0)
            raise brain._crashed() from None
        raise
    finally:
        await brain.end(grace=0.5)


async def ask_about(command: Sequence[str], timeout: float = START_TIMEOUT_S) -> dict[str, str]:
    """Start the brain once just to ask ABOUT (for the bot's display name); {} if it cannot say."""
    brain = Brain(command)
    try:
        await brain.launch()
        return await brain.about(timeout)
    except EngineError as e:
        log.warning("the brain could not tell its name: %s", e)
        return {}
    finally:
        brain.kill()
        await brain.end(grace=0.2)


# ---------------------------------------------------------------------- the bot


class _Match:
    """One game's brain and what it has been told."""

    def __init__(self, brain: Brain, size: int) -> None:
        self.brain = brain
        self.size = size
        self.seen: list[str | None] = []  # the moves the brain knows, its own answers included
        self.fresh = True  # started, no stones yet


# Openings for a series of games: game 2k and 2k+1 play opening k, once with each colour.
# Opening 0 leaves every move to the engine; opening k > 0 plays the engine's first stone
# for it: as black at ``black`` from the centre, as white at ``white`` from black's first
# stone (offsets in columns and rows; a white offset off the board or on a stone is skipped).
OPENINGS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 0), (0, 0)),
    ((1, 0), (1, 0)),  # white direct (beside black's stone)
    ((1, 1), (1, 1)),  # white indirect (diagonal)
    ((2, 0), (0, 1)),
    ((2, 1), (2, 0)),
    ((2, 2), (2, 1)),
    ((3, 1), (-1, 1)),
    ((3, 0), (2, 2)),
)


def opening_move(index: int, moves: Sequence[str | None], size: int) -> str | None:
    """The engine's first stone chosen by opening ``index`` (see OPENINGS), or None to ask the engine."""
    k = index % len(OPENINGS)
    if k == 0 or len(moves) > 1:
        return None
    black, white = OPENINGS[k]
    if not moves:
        x, y = size // 2 + black[0], size // 2 + black[1]
    else:
        if moves[0] is None:
            return None
        bx, by = parse_cell(moves[0], size, size)
        x, y = bx + white[0], by + white[1]
    if not (0 <= x < size and 0 <= y < size):
        return None
    cell = format_cell(x, y)
    return None if cell in moves else cell


class GomocupBot(AsyncBot):
    """Plays gomoku rooms and tournaments with a Gomocup brain; a crashed or silent brain loses on time.

    Over a series of games (``games=N`` against a hosted bot or a rematch partner) it
    alternates colours and varies the opening (``vary_openings``, see OPENINGS); tournaments
    set colours themselves and are played without a book.  Draw offers are declined: the
    protocol gives the engine no way to judge one.
    """

    name = "gomocup-bot"
    client = "grundy-gomocup/0.1 (bot)"
    games = ("gomoku",)
    forfeit_on_failure = True

    def __init__(
        self,
        command: Sequence[str],
        *,
        cwd: str | None = None,
        turn_s: float = DEFAULT_TURN_S,
        memory_mb: int = 0,
        vary_openings: bool = True,
    ) -> None:
        super().__init__()
        self.command = list(command)
        self.cwd = cwd
        self.turn_s = turn_s
        self.memory_mb = memory_mb
        self.vary_openings = vary_openings
        self.about: dict[str, str] = {}
        self.matches: dict[str, _Match] = {}
        self.openings: dict[str, int] = {}  # room -> the index of its game in the series (its opening)
        self.started = 0  # games started so far
        self.created = 0  # rooms created so far (create mode: the seat alternates)
        self.first_seat: int | None = None

    async def check(self, size: int = 15) -> dict[str, str]:
        """Start the engine once (ABOUT, START ``size``, END) and take its name; raises EngineError."""
        self.about = await check_engine(self.command, size, cwd=self.cwd)
        self.name = display_name(self.about, self.name)
        return self.about

    async def _find_game(self) -> None:
        if self._mode.get("mode") == "tournament" and not self.started:  # refuse a tournament it cannot play
            assert self.conn is not None
            state = await self.conn.request(p.GetTournament(tournament=self._mode["tournament"]))
            if isinstance(state, p.TournamentState):
                t = state.tournament
                if not self.can_play(t.game, dict(t.params)):
                    game: Words | str = (f"game-{t.game}", {}) if i18n.has(f"game-{t.game}") else t.game
                    raise EngineRefused("eng-tournament-refused", tournament=t.tournament, game=game,
                                        params=str(t.params))
        if self._mode.get("mode") == "create":  # a new room per game: take the other colour each time
            if self.first_seat is None:
                self.first_seat = int(self._mode.get("seat") or 0)
            self._mode["seat"] = (self.first_seat + self.created) % 2
            self.created += 1
        await super()._find_game()

    async def _on_event(self, ev: Any) -> None:
        await super()._on_event(ev)
        if isinstance(ev, p.DrawOffered):
            table = self.tables.get(ev.room)
            if table is not None and table.seat is not None and table.seat not in ev.agreed and not table.ended:
                log.info("%s: declining the draw offer: a Gomocup engine cannot judge one", ev.room)
                self._spawn(self._quietly(p.DeclineDraw(room=ev.room)))

    async def introduce(self) -> str:
        """Ask the brain its name (ABOUT) and use it as the bot's display name."""
        self.about = await ask_about(self.command)
        self.name = display_name(self.about, self.name)
        return self.name

    def can_play(self, game: str, params: dict[str, Any]) -> bool:
        """The games it plays (``games``), without an opening and under a rule the protocol names."""
        return (
            super().can_play(game, params)
            and params.get("opening", "none") == "none"
            and params.get("rule") in RULE_BITS
        )

    async def game_started(self, table: Table) -> None:
        if not self.can_play(table.game, table.params):
            log.warning("%s: cannot play %s with %s; leaving", table.room, table.game, table.params)
            await self._quietly(p.Leave(room=table.room))
            return
        self.matches.pop(table.room, None)
        self.openings[table.room] = self.started
        self.started += 1

    async def game_ended(self, table: Table, result: GameResult) -> None:
        match = self.matches.pop(table.room, None)
        self.openings.pop(table.room, None)
        if match is not None:
            await match.brain.end()

    async def shutdown(self) -> None:
        for match in self.matches.values():
            match.brain.kill()
            await match.brain.end(grace=0.2)
        self.matches.clear()

    async def decide(self, turn: Turn) -> str:
        size = int(turn.params.get("size", 15))
        book = self._book_move(turn, size)
        if book is not None:
            return book
        limit = self._answer_limit(turn)
        try:
            match = await self._match_for(turn, size)
            await self._tell_clock(match, turn)
            x, y = await self._ask(match, turn, limit)
        except EngineError as e:
            failed = self.matches.pop(turn.room, None)
            if failed is not None:
                failed.brain.kill()
                await failed.brain.end(grace=0.2)
            raise Forfeit(str(e), failure=failure_of(e)) from None
        match.seen = [*turn.moves, to_cell(x, y, size)]
        return to_cell(x, y, size)

    def _book_move(self, turn: Turn, size: int) -> str | None:
        """The engine's first stone from this game's opening, or None (tournaments: never)."""
        if not self.vary_openings or self._mode.get("mode") == "tournament" or turn.room in self.matches:
            return None
        index = self.openings.get(turn.room)
        if index is None:
            return None
        cell = opening_move(index // 2, turn.moves, size)
        if cell is not None:
            log.info("%s: opening %d: playing %s for the engine (seat %d)", turn.room, index // 2, cell, turn.seat)
        return cell

    def _answer_limit(self, turn: Turn) -> float:
        """How long the brain may think: until just before the flag, or timeout_turn plus a tolerance."""
        if turn.time_left is None:
            return self.turn_s + UNTIMED_TOLERANCE_S
        return max(0.05, turn.time_left - CLOCK_RESERVE_S - 0.1)

    async def _match_for(self, turn: Turn, size: int) -> _Match:
        match = self.matches.get(turn.room)
        if match is not None and match.brain.returncode is None and match.seen == turn.moves[: len(match.seen)]:
            return match
        if match is not None:  # out of step (e.g. after a reconnect): a fresh brain gets the whole board
            match.brain.kill()
            await match.brain.end(grace=0.2)
        brain = Brain(self.command, cwd=self.cwd, label=("eng-who-brain-for", {"room": turn.room}))
        await brain.launch()
        await brain.start(size)
        match = _Match(brain, size)
        self.matches[turn.room] = match
        tc = turn.time_control
        await brain.info("timeout_match", 0 if tc is None else int(tc.initial_s * 1000))
        await brain.info("max_memory", self.memory_mb * 1024 * 1024)
        await brain.info("game_type", 1)
        await brain.info("rule", RULE_BITS.get(str(turn.params.get("rule", "freestyle")), 0))
        return match

    async def _tell_clock(self, match: _Match, turn: Turn) -> None:
        brain = match.brain
        if turn.time_left is None:
            await brain.info("timeout_turn", int(self.turn_s * 1000))
            return
        left = max(0.0, turn.time_left - CLOCK_RESERVE_S)
        await brain.info("timeout_turn", max(1, int(min(turn.budget, left) * 1000)))
        await brain.info("time_left", int(left * 1000))

    async def _ask(self, match: _Match, turn: Turn, limit: float) -> tuple[int, int]:
        """BEGIN on an empty board, TURN when the brain misses just the opponent's last move, else BOARD."""
        size, moves, brain = match.size, turn.moves, match.brain
        new = moves[len(match.seen) :]
        fresh, match.fresh = match.fresh, False
        if fresh and not moves:
            return await brain.begin(size, limit)
        if len(new) == 1 and new[0] is not None and (fresh or match.seen):
            x, y = from_cell(new[0], size)
            return await brain.turn(x, y, size, limit)
        return await brain.board(position(moves, turn.seat, size), size, limit)

