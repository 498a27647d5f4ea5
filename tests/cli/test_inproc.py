"""tests/cli/inproc.py runs `grundy` in the test's own process: what it gives is what the command run as a process
gives, byte for byte (its help and argparse's words in the language, a usage error, a refusal, a command's output,
its input), and it leaves the test's process as it found it."""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys

import pytest

from grundy.cli import common
from tests.cli import inproc

CASES = [
    (("solve", "--help"), "uk_UA.UTF-8", None),  # (the help is built before --lang or the locale is parsed)
    (("solve", "--max-nodes", "x", "nim", "--lang", "ru"), "uk_UA.UTF-8", None),  # (argparse's error in --lang's)
    (("nosuchcommand",), "bg_BG.UTF-8", None),  # (every command's parser)
    (("show", "nim", "--set", "heaps=3,2", "--moves", "2:2 1:9"), "C.UTF-8", None),  # (a refusal of the command's)
    (("solve", "nim", "--set", "heaps=3,4,5", "--json"), "C.UTF-8", None),
    # (its input, and its answers written with \r\n)
    (("pbrain", "--level", "easy", "--seed", "1"), "ru_RU.UTF-8", "TURN 7,7\nSTART 3\nSTART 15\nPLAY 1\nEND\n"),
]


def process(*args: str, lang: str, stdin: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in inproc.LOCALE}
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                          input=stdin, env={**env, "LANG": lang}, timeout=120, check=False)


@pytest.mark.parametrize(("args", "lang", "stdin"), CASES, ids=[" ".join(c[0][:2]) for c in CASES])
def test_a_command_run_here_says_what_its_process_says(args: tuple[str, ...], lang: str, stdin: str | None) -> None:
    here = inproc.grundy(*args, lang=lang, stdin=stdin)
    done = process(*args, lang=lang, stdin=stdin)
    assert (here.returncode, here.stdout, here.stderr) == (done.returncode, done.stdout, done.stderr)
    assert done.stdout or done.stderr  # (it said something)


def test_a_command_run_here_leaves_the_process_as_it_was() -> None:
    before = (dict(os.environ), list(sys.argv), sys.stdin, sys.stdout, sys.stderr, common._lang, argparse._,
              argparse.ngettext, logging.root.handlers[:], logging.root.level)
    done = inproc.grundy("solve", "--bogus", lang="ru_RU.UTF-8")
    assert done.returncode == 2 and "ошибка" in done.stderr
    after = (dict(os.environ), list(sys.argv), sys.stdin, sys.stdout, sys.stderr, common._lang, argparse._,
             argparse.ngettext, logging.root.handlers[:], logging.root.level)
    assert after == before
