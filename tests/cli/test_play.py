"""`grundy --version` and `grundy play` failing clearly before any window opens (real processes)."""

from __future__ import annotations

import concurrent.futures
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=60, cwd=ROOT
    )


def free_port() -> int:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_version_is_printed() -> None:
    out = grundy("--version")
    assert out.returncode == 0 and out.stdout.startswith("grundy ")


def test_an_unreachable_server_is_named_with_the_reason_and_a_nonzero_exit() -> None:
    port = free_port()
    server = ("--server", f"ws://127.0.0.1:{port}")
    others = (("register", "Ann"), ("leaderboard", "nim"))
    commands = [("play", *server, "--ui", ui) for ui in ("terminal", "pygame")] + [(*c, *server) for c in others]
    with concurrent.futures.ThreadPoolExecutor(len(commands)) as pool:  # (each command at once: they only fail)
        *plays, registered, listed = pool.map(lambda args: grundy(*args), commands)
    for out in plays:
        assert out.returncode == 1, out
        assert f"cannot reach ws://127.0.0.1:{port}" in out.stderr and "connection refused" in out.stderr
        assert "grundy serve" in out.stderr and out.stdout == ""
    # The other commands that talk to a node say it in the same words, in one line.
    for command, other in zip(others, (registered, listed), strict=True):
        assert other.returncode == 1 and other.stderr == out.stderr, (command, other.stderr, out.stderr)


def test_the_clock_is_read_in_the_one_notation() -> None:
    out = grundy("play", "nim", "--clock", "300+5")
    assert out.returncode == 2 and "write 300s+5 for 300 seconds" in out.stderr
