"""`grundy tree` as a user runs it: the exam's codes, the outline, JSON and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

from grundy.solver import tree
from tests.cli import inproc


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """`grundy ARGS` as a user runs it: a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=120
    )


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    """What :func:`process` gives, run in this process: the same ``main`` (tests/cli/inproc.py), without an
    interpreter's start for each command; each test file keeps a few runs of :func:`process`."""
    return inproc.grundy(*args)


def test_the_exam_roots_as_grundy_exam_prints_them() -> None:
    exam = json.loads(grundy("exam", "--range", "30..34", "--json").stdout)["codes"]
    for s in (30, 31, 33, 34):
        out = grundy("tree", "stones", "--set", f"heaps=7,{s}", "--set", "ops=+1,*2", "--set", "goal=77", "--json")
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert data["tree"]["code"] == exam[str(s)] == {30: -2, 31: 2, 33: -2, 34: 2}[s]
        assert data["depth"] == tree.MAX_DEPTH and data["moves"] == []


def test_the_outline_indents_children_under_their_move() -> None:
    out = process("tree", "stones", "--set", "heaps=7,33", "--depth", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1:4] == ["start  -2", "  1:+1  +2", "    2:+1  -1  ..."]
    assert "  2:*2  +1" in lines and "    2:*2  0 (over)" in lines


def test_moves_and_bad_input_exit_codes() -> None:
    out = grundy("tree", "nim", "--set", "heaps=1,2", "--moves", "2:1", "--json")
    assert json.loads(out.stdout)["tree"]["code"] == -1
    bad = grundy("tree", "nim", "--depth", str(tree.MAX_DEPTH + 1))
    assert bad.returncode == 2 and "give 0 to 12" in bad.stderr
    bad = grundy("tree", "nim", "--moves", "9:9")
    assert bad.returncode == 2 and "--moves: move 1" in bad.stderr
