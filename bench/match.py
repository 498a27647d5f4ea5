"""Match runner: one bot level against another over N games, colours alternating.

    python bench/match.py GAME LEVEL_A LEVEL_B [--games 20] [--budget 1.0] [--set key=value ...]
                          [--jobs 2] [--seed 1] [--opening PLIES | --book N] [--show N ...] [--moves]

Bot A takes seat ``i mod seats`` in game ``i`` and bot B every other seat.  Games with a
random layout (a ``seed`` parameter) play each layout twice, once from each side.  With
``--opening N`` the first N plies of each pair of games are played by the ``easy`` bot with
the pair's own random source, so deterministic bots do not replay the same game: both
sides of a pair start from the same opening.  With ``--book N`` (gomoku) each pair of games
starts from one of the first N fixed three-stone openings of :data:`BOOK` instead; A plays
black in the first game of a pair and white in the second.
Prints one line per game, then A's wins, losses and draws, its score and the Elo
difference A - B with a 95% interval (Wilson interval on the score, draws as half points),
and the slowest move against the budget.  ``--show N`` plays only game N (1-based, the
same seeds as in the full match, so a game can be replayed; repeat it for several games) and
prints its moves; ``--moves`` prints every game's moves in the rules' notation.

Either side may be an outside gomoku engine: ``pbrain:COMMAND`` runs COMMAND (an executable,
with arguments if any) as a Gomocup brain speaking the Gomocup protocol on stdin/stdout
(START, INFO, BEGIN, BOARD, TURN, END), started afresh for every game with
``INFO timeout_turn`` set to the budget.  An engine that answers an illegal move, exits or
stays silent for ``--grace`` times the budget (plus one second) loses that game.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import shlex
import subprocess
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from grundy import rules  # noqa: E402
from grundy.cli.matchstats import fmt_elo, summary  # noqa: E402  (the statistics: one module for every command)
from grundy.solver.bot import LEVELS, choose  # noqa: E402


def parse_sets(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise SystemExit(f"--set {item!r}: write key=value")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


# Three-stone gomoku openings (black, white, black), all near the centre of the board,
# direct (white beside the first stone) and indirect (white on its diagonal).
BOOK = (
    "h8 h9 i10", "h8 i9 j10", "h8 h9 j9", "h8 i9 i7", "h8 h9 g7", "h8 i9 g10",
    "h8 h9 i9", "h8 i9 j8", "h8 h9 j8", "h8 i9 h10", "h8 h9 g10", "h8 i9 j7",
)

GOMOCUP_RULES = {"freestyle": 0, "standard": 1, "renju": 4, "caro": 8}


class BrainError(Exception):
    """An outside engine that failed: it exited, stayed silent or answered nonsense."""


class Brain:
    """A Gomocup engine in its own process, driven from the manager's side of the protocol."""

    def __init__(self, command: str, size: int, budget: float, rule: str, grace: float) -> None:
        argv = shlex.split(command)
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1,
            cwd=os.path.dirname(os.path.abspath(argv[0])) if os.path.exists(argv[0]) else None,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.limit = budget * grace + 1.0
        self.started = False
        self.send(f"START {size}")
        reply = self.answer(10.0)
        if reply.split()[0].upper() != "OK":
            raise BrainError(f"START {size}: {reply!r}")
        ms = int(budget * 1000)
        for info in (f"timeout_turn {ms}", "timeout_match 100000000", "time_left 100000000",
                     "max_memory 0", "game_type 1", f"rule {GOMOCUP_RULES.get(rule, 0)}"):
            self.send(f"INFO {info}")

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise BrainError(f"the engine stopped reading: {e}") from None

    def answer(self, timeout: float) -> str:
        """The engine's next reply, skipping its MESSAGE, DEBUG, UNKNOWN and ERROR lines."""
        deadline = time.perf_counter() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                raise BrainError(f"no answer within {timeout:.1f} s") from None
            if line is None:
                raise BrainError("the engine exited")
            word = line.split(" ", 1)[0].upper()
            if line and word not in ("MESSAGE", "DEBUG", "UNKNOWN", "ERROR", "SUGGEST"):
                return line

    def move(self, stones: list[tuple[int, int, int]], colour: int, last: tuple[int, int] | None) -> tuple[int, int]:
        """The engine's move; ``stones`` are (x, y, colour) in order, ``last`` the opponent's move."""
        if not self.started:
            self.started = True
            if not stones:
                self.send("BEGIN")
            else:
                self.send("BOARD")
                for x, y, c in stones:
                    self.send(f"{x},{y},{1 if c == colour else 2}")
                self.send("DONE")
        else:
            assert last is not None
            self.send(f"TURN {last[0]},{last[1]}")
        reply = self.answer(self.limit)
        try:
            x, y = (int(v) for v in reply.split(","))
        except ValueError:
            raise BrainError(f"not a move: {reply!r}") from None
        return x, y

    def close(self) -> None:
        try:
            self.send("END")
            self.proc.wait(timeout=1.0)
        except (BrainError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def play_one(args: tuple[Any, ...]) -> dict[str, Any]:
    """Play game ``index``; returns A's outcome, the plies and the slowest move."""
    name, params, level_a, level_b, budget, index, seed, opening, book_n, grace = args
    params = dict(params)
    cls = rules.game_class(name)
    if any(p.name == "seed" for p in cls.parameters) and "seed" not in params:
        params["seed"] = seed * 1000 + index // 2
    game = rules.create(name, **params)
    seat_a = index % game.seats
    rng = random.Random(seed * 7919 + index)
    state = game.initial()
    slowest = 0.0
    slowest_brain = 0.0
    plies = 0
    moves: list[str] = []
    cells: list[tuple[int, int, int]] = []  # gomoku stones (x, y, colour), for the outside engines
    book = random.Random(seed * 104729 + index // 2)
    size = int(params.get("size", 15))
    brains: dict[int, Brain] = {}
    opening_moves = BOOK[(index // 2) % book_n].split() if book_n else []

    def play(move: Any) -> None:
        nonlocal state, plies
        moves.append(game.format_move(state, move))
        if isinstance(move, int):
            cells.append((move % size, move // size, plies % 2))
        state = game.play(state, move)
        plies += 1

    reason = None
    loser = None
    try:
        if book_n:
            # A plays black in the first game of a pair: the book's stones are black, white, black.
            seat_a = 0 if index % 2 == 0 else 1
            for text in opening_moves:
                play(game.parse_move(state, text))
        while plies < opening and not game.is_over(state):
            play(choose(game, state, "easy", 0.05, rng=book).move)
        while not game.is_over(state):
            seat = game.to_move(state)
            level = level_a if seat == seat_a else level_b
            t0 = time.perf_counter()
            if level.startswith("pbrain:"):
                brain = brains.get(seat)
                if brain is None:
                    brain = brains[seat] = Brain(level[len("pbrain:"):], size, budget,
                                                 str(params.get("rule", "freestyle")), grace)
                last = cells[-1][:2] if cells else None
                try:
                    x, y = brain.move(cells, plies % 2, last)  # type: ignore[arg-type]
                except BrainError as e:
                    loser, reason = seat, f"engine failed: {e}"
                    break
                slowest_brain = max(slowest_brain, time.perf_counter() - t0)
                move = y * size + x
                if not (0 <= x < size and 0 <= y < size) or not game.is_legal(state, move):
                    loser, reason = seat, f"engine played an illegal move {x},{y}"
                    break
                play(move)
            else:
                d = choose(game, state, level, budget, rng=rng)
                slowest = max(slowest, time.perf_counter() - t0)
                play(d.move)
    finally:
        for brain in brains.values():
            brain.close()
    if loser is not None:
        outcome = "loss" if loser == seat_a else "win"
    else:
        result = game.result(state)
        assert result is not None
        outcome, reason = result.outcomes[seat_a], result.told()
    return {
        "index": index,
        "seat_a": seat_a,
        "outcome": outcome,
        "reason": reason,
        "plies": plies,
        "slowest": slowest,
        "slowest_engine": slowest_brain,
        "moves": moves,
    }


def side(text: str) -> str:
    """A match side: a bot level or ``pbrain:COMMAND``."""
    if text in LEVELS or (text.startswith("pbrain:") and len(text) > len("pbrain:")):
        return text
    raise argparse.ArgumentTypeError(f"{text!r}: a level ({', '.join(LEVELS)}) or pbrain:COMMAND")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("level_a", type=side, help="a level (" + ", ".join(LEVELS) + ") or pbrain:COMMAND")
    ap.add_argument("level_b", type=side, help="a level or pbrain:COMMAND")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per move")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="game parameter")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=0, help="plies played by 'easy' before the match bots")
    ap.add_argument("--book", type=int, default=0, metavar="N",
                    help=f"gomoku: start each pair of games from one of the first N of {len(BOOK)} fixed openings")
    ap.add_argument("--grace", type=float, default=5.0,
                    help="an outside engine silent for this many budgets (+1 s) loses the game")
    ap.add_argument("--show", type=int, action="append", default=[], metavar="N",
                    help="play only game N (1-based, repeatable) and print its moves")
    ap.add_argument("--moves", action="store_true", help="print every game's moves")
    args = ap.parse_args()
    for n in args.show:
        if not 1 <= n <= args.games:
            raise SystemExit(f"--show {n}: games are numbered 1 to {args.games}")
    show_moves = args.moves or bool(args.show)
    params = parse_sets(args.set)
    rules.create(args.game, **params)  # validate before starting
    if args.book and not 1 <= args.book <= len(BOOK):
        raise SystemExit(f"--book {args.book}: choose 1 to {len(BOOK)}")
    jobs = [
        (args.game, params, args.level_a, args.level_b, args.budget, i, args.seed, args.opening, args.book,
         args.grace)
        for i in range(args.games)
        if not args.show or i + 1 in args.show
    ]
    ptext = " ".join(f"{k}={v}" for k, v in params.items()) or "(defaults)"
    start = f"openings {', '.join(BOOK[:args.book])}" if args.book else f"{args.opening} opening plies"
    print(f"{args.game} {ptext}: {args.level_a} (A) vs {args.level_b} (B), {args.games} games, "
          f"{args.budget:g} s/move, {start}")
    if args.show:
        print("showing game(s) " + ", ".join(str(n) for n in sorted(set(args.show))))
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for r in pool.map(play_one, jobs):
                results.append(r)
                _line(r, show_moves)
    else:
        for j in jobs:
            r = play_one(j)
            results.append(r)
            _line(r, show_moves)
    s = summary([r["outcome"] for r in results])
    slowest = max((r["slowest"] for r in results), default=0.0)
    engine = max((r["slowest_engine"] for r in results), default=0.0)
    print("-" * 60)
    print(f"A wins {s['wins']:.0f}  losses {s['losses']:.0f}  draws {s['draws']:.0f}  "
          f"score {s['score']:.1%}  Elo A-B {fmt_elo(s['elo'])} "
          f"(95% {fmt_elo(s['elo_low'])} .. {fmt_elo(s['elo_high'])})")
    print(f"slowest move {slowest:.3f} s (budget {args.budget:g} s); wall time {time.perf_counter() - started:.0f} s"
          + (f"; the outside engine's slowest move {engine:.3f} s" if engine else ""))


def _line(r: dict[str, Any], show_moves: bool = False) -> None:
    print(f"game {r['index'] + 1:>3}: A in seat {r['seat_a']}  {r['outcome']:<5} "
          f"after {r['plies']:>3} plies ({r['reason']}); slowest move {r['slowest']:.3f} s", flush=True)
    if show_moves:
        print("  moves: " + " ".join(r["moves"]), flush=True)


if __name__ == "__main__":
    main()
