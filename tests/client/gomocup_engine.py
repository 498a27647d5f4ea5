"""A small Gomocup-protocol brain for the bridge's tests: it extends its own longest line and blocks fours.

Run as a program (``python gomocup_engine.py [options]``); it speaks the protocol on stdin/stdout.
Options make it misbehave on purpose: ``--crash-after N`` exits after N moves, ``--silent-after N``
stops answering after N moves, ``--refuse-size`` refuses every board, ``--cr`` ends lines with a
bare CR, ``--chatty`` prints MESSAGE/DEBUG lines before answers, ``--echo`` answers TURN with the
opponent's own (occupied) cell, ``--log PATH`` appends every
command received (one line each) for the test to read.
"""

from __future__ import annotations

import argparse
import sys
import time

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Engine:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.size = 0
        self.stones: dict[tuple[int, int], int] = {}  # 1 own, 2 opponent
        self.moves = 0
        self.board_lines: list[tuple[int, int, int]] | None = None
        self.log = open(args.log, "a") if args.log else None  # noqa: SIM115

    def say(self, text: str) -> None:
        if self.args.chatty:
            sys.stdout.write("MESSAGE thinking hard\r\nDEBUG nodes=42\r\n")
        sys.stdout.write(text + ("\r" if self.args.cr else "\r\n"))
        sys.stdout.flush()

    def run_length(self, x: int, y: int, who: int) -> int:
        best = 0
        for dx, dy in DIRS:
            n = 1
            for sign in (1, -1):
                cx, cy = x + sign * dx, y + sign * dy
                while self.stones.get((cx, cy)) == who:
                    n += 1
                    cx, cy = cx + sign * dx, cy + sign * dy
            best = max(best, n)
        return best

    def play(self) -> str:
        self.moves += 1
        if self.args.crash_after is not None and self.moves > self.args.crash_after:
            sys.exit(3)
        if self.args.silent_after is not None and self.moves > self.args.silent_after:
            time.sleep(3600)
        c = self.size // 2
        best: tuple[float, int, int] | None = None
        for x in range(self.size):
            for y in range(self.size):
                if (x, y) in self.stones:
                    continue
                mine, theirs = self.run_length(x, y, 1), self.run_length(x, y, 2)
                score = (100 if mine >= 5 else 0) + (50 if theirs >= 5 else 0) + (20 if theirs >= 4 else 0)
                score += mine * 2 + theirs - (abs(x - c) + abs(y - c)) * 0.01
                if best is None or score > best[0]:
                    best = (score, x, y)
        assert best is not None
        _, x, y = best
        self.stones[(x, y)] = 1
        return f"{x},{y}"

    def handle(self, line: str) -> bool:
        if self.log:
            self.log.write(line + "\n")
            self.log.flush()
        if self.board_lines is not None:
            if line.upper() == "DONE":
                for x, y, f in self.board_lines:
                    self.stones[(x, y)] = f
                self.board_lines = None
                self.say(self.play())
            else:
                x, y, f = (int(v) for v in line.split(","))
                self.board_lines.append((x, y, f))
            return True
        word, _, rest = line.partition(" ")
        word = word.upper()
        if word == "START":
            if self.args.refuse_size:
                self.say("ERROR unsupported size")
            else:
                self.size, self.stones = int(rest), {}
                self.say("OK")
        elif word == "RESTART":
            self.stones = {}
            self.say("OK")
        elif word == "INFO":
            pass
        elif word == "BEGIN":
            self.say(self.play())
        elif word == "TURN":
            x, y = (int(v) for v in rest.split(","))
            self.stones[(x, y)] = 2
            self.say(f"{x},{y}" if self.args.echo else self.play())
        elif word == "BOARD":
            self.stones, self.board_lines = {}, []
        elif word == "ABOUT":
            self.say(f'name="{self.args.name}", version="1.0", author="grundy tests", country="XX"')
        elif word == "END":
            return False
        else:
            self.say(f"UNKNOWN {line}")
        return True


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="LineBuilder")
    ap.add_argument("--crash-after", type=int)
    ap.add_argument("--silent-after", type=int)
    ap.add_argument("--refuse-size", action="store_true")
    ap.add_argument("--cr", action="store_true")
    ap.add_argument("--chatty", action="store_true")
    ap.add_argument("--echo", action="store_true")
    ap.add_argument("--log")
    engine = Engine(ap.parse_args())
    for raw in sys.stdin:
        line = raw.strip()
        if line and not engine.handle(line):
            break


if __name__ == "__main__":
    main()
