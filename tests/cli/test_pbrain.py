"""`grundy pbrain`: grundy's engine as a Gomocup brain, spoken to as a manager would, and driven by the bridge."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from grundy import protocol as p
from grundy.cli.pbrain import GomocupBrain, rule_name
from grundy.client.gomocup import GomocupBot, to_cell
from grundy.server.node import Node
from tests.client.conftest import make_node, node, url  # noqa: F401  (the node fixtures: one embedded node)

ROOT = Path(__file__).resolve().parents[2]
PBRAIN = [sys.executable, "-m", "grundy.cli.main", "pbrain"]


def talk(lines: list[str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run `grundy pbrain` with the lines on stdin (CR LF, as managers send them); its answers on stdout."""
    return subprocess.run(
        [*PBRAIN, *args], input="".join(line + "\r\n" for line in lines), capture_output=True, text=True,
        timeout=timeout, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def answers(out: str) -> list[str]:
    """The answer lines without the DEBUG lines."""
    return [line for line in out.splitlines() if line.strip() and not line.startswith("DEBUG")]


def test_pbrain_speaks_the_gomocup_protocol() -> None:
    board = ["BOARD", "7,7,1", "0,0,2", "8,7,1", "0,1,2", "9,7,1", "0,2,2", "10,7,1", "0,4,2", "DONE"]
    out = talk([
        "ABOUT", "START 15", "INFO timeout_turn 300", "INFO timeout_match 0", "INFO rule 0",
        "BEGIN", "TURN 7,6",
        "RESTART", *board,  # its own four on row y=7: it completes the five
        "TAKEBACK 10,7", "TAKEBACK 14,14", "RESTART", "TURN 7,7",  # 14,14 is empty; then white
        "YXSHOWINFO", "TURN 99,1", "END", "BEGIN",
    ])
    assert out.returncode == 0, out.stderr
    lines = answers(out.stdout)
    assert lines[0].startswith('name="grundy", version=')
    assert lines[1] == "OK"
    assert lines[2] == "7,7"  # BEGIN on an empty 15x15: the centre
    x, y = map(int, lines[3].split(","))
    assert (x, y) not in ((7, 7), (7, 6)) and 0 <= x < 15 and 0 <= y < 15
    assert lines[4] == "OK" and lines[5] in ("6,7", "11,7")
    assert lines[6] == "OK" and lines[7].startswith("ERROR no stone on 14,14")
    assert lines[8] == "OK" and "," in lines[9]  # white's answer to the centre
    assert lines[10].startswith("UNKNOWN") and lines[11].startswith("ERROR 99,1 is off the 15x15 board")
    assert len(lines) == 12  # END ended it: the last BEGIN was not read
    assert "DEBUG " in out.stdout


def test_pbrain_plays_other_sizes_freestyle_and_renju_on_15() -> None:
    out = talk(["START 20", "INFO timeout_turn 200", "BEGIN", "RECTSTART 12,9", "BEGIN",
                "INFO rule 4", "TURN 0,0", "START 5", "START 3", "END"])
    lines = answers(out.stdout)
    assert lines[0] == "OK" and lines[1] in ("9,9", "9,10", "10,9", "10,10")  # Gomocup's 20x20 freestyle board
    x, y = map(int, lines[3].split(","))
    assert lines[2] == "OK" and abs(x - 5.5) <= 1 and abs(y - 4) <= 1  # a 12x9 rectangle: five in a row, m,n,k
    assert lines[4].startswith("ERROR rule renju needs a 15x15 or 19x19 board")
    assert lines[5] == "OK" and lines[6].startswith("ERROR unsupported size 3x3")
    out = talk(["START 15", "INFO rule 4", "INFO timeout_turn 300", "BOARD", "7,7,2", "DONE", "END"])
    x, y = map(int, answers(out.stdout)[1].split(","))
    assert (x, y) != (7, 7)  # renju white answers black's centre stone


def test_the_brain_keeps_to_the_match_clock() -> None:
    budgets: list[float] = []

    def choose(game: Any, state: Any, budget_s: float) -> tuple[Any, str]:
        budgets.append(budget_s)
        return game.legal_moves(state)[0], ""

    now = [100.0]
    brain = GomocupBrain(choose, clock=lambda: now[0])
    assert brain.handle("START 15") == ["OK"]
    for line in ("INFO timeout_turn 5000", "INFO timeout_match 60000", "INFO time_left 20000"):
        assert brain.handle(line) == []
    now[0] += 10.0  # ten seconds pass before the move is asked: 10 s are left
    assert len(brain.handle("BEGIN")) == 1
    assert abs(budgets[-1] - (10.0 / 20 - 0.08)) < 1e-9  # a twentieth of what is left, less the margin
    brain.handle("INFO timeout_match 0")
    brain.handle("TURN 0,0")
    assert abs(budgets[-1] - (5.0 - 0.08)) < 1e-9  # untimed match: timeout_turn
    def broken(game: Any, state: Any, budget_s: float) -> tuple[Any, str]:
        raise RuntimeError("no move")

    crashing = GomocupBrain(broken)
    assert crashing.handle("START 15") == ["OK"]
    assert crashing.handle("BEGIN") == ["ERROR the brain failed: RuntimeError: no move"]
    assert crashing.handle("ABOUT")[0].startswith('name="grundy"')  # still alive
    assert (rule_name(0), rule_name(1), rule_name(4), rule_name(8), rule_name(2)) == (
        "freestyle", "standard", "renju", "caro", "freestyle"
    )


async def test_the_bridge_plays_grundys_own_brain_on_a_node(node: Node, tmp_path: Path) -> None:  # noqa: F811
    """grundy's bridge drives `grundy pbrain` through a real node against a hosted bot, and through the command."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = GomocupBot([*PBRAIN, "--level", "hard"], cwd=str(ROOT), turn_s=0.3)
    name = await bot.introduce()
    assert name.startswith("grundy")
    clock = p.TimeControl(initial_s=60, increment_s=1)
    results = await asyncio.wait_for(
        bot.play(url(node), name, game="gomoku", params={"size": 15}, time_control=clock, vs="bot:random"), 240
    )
    r = results[0]
    assert (r.outcome, r.ending) == ("win", "rules")  # hard beats random at five in a row
    assert r.moves[0] == to_cell(7, 7, 15) == "h8"
    # The command as a user runs it: a path to an executable brain.
    script = tmp_path / "pbrain.sh"
    script.write_text(f"#!/bin/sh\ncd {ROOT}\nexec {sys.executable} -m cli.main pbrain --level hard\n")
    script.chmod(0o755)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "grundy.cli.main", "gomocup-bot", str(script), "--server", url(node),
        "--vs", "bot:random",
        "--seat", "1", "--games", "1", "--turn-ms", "300",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 240)
    assert proc.returncode == 0, err.decode()
    assert "gomoku seat 1 (grundy" in out.decode() and ": win (" in out.decode()
