"""`grundy serve --redis`: what it refuses before starting anything."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cluster.redisproc import free_port


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "grundy.cli.main", "serve", "--port", "0", "--workers", "1", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--redis", "localhost:6379"], "give a URL such as redis://"),
        (["--redis", "redis://127.0.0.1:6379/0", "--db", "x.db"], "give one of them"),
        (["--redis", "redis://127.0.0.1:6379/0", "--lease-ms", "10"], "a lease is 300..600000 ms"),
    ],
)
def test_bad_cluster_settings_are_refused_with_exit_2(args: list[str], said: str) -> None:
    out = _serve(*args)
    assert out.returncode == 2 and said in out.stderr


def test_a_redis_nobody_listens_on_is_refused_with_exit_1() -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    out = _serve("--redis", url)
    assert out.returncode == 1 and f"cannot use Redis at {url}" in out.stderr and "Traceback" not in out.stderr


def test_a_short_admin_secret_is_refused_with_exit_2() -> None:
    import os

    command = [sys.executable, "-m", "grundy.cli.main", "serve", "--port", "0", "--workers", "1"]
    env = {**os.environ, "GRUNDY_ADMIN_SECRET": "short"}
    out = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 2 and "at least 16 characters" in out.stderr
    assert "short" not in out.stderr  # (the secret is not repeated)
