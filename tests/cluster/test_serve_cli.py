"""`grundy serve --redis` (or `--redis-sentinel`) and `grundy bots`: what they refuse before starting anything."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from tests.cli import inproc
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
        (
            ["--redis", "redis://127.0.0.1:6379/0", "--redis-sentinel", "127.0.0.1:26379", "--redis-master", "m"],
            "--redis and --redis-sentinel: give one of them",
        ),
        (["--redis-sentinel", "127.0.0.1:26379"], "give --redis-master NAME too"),
        (["--redis-master", "mymaster"], "give --redis-sentinel HOST:PORT,... too"),
        (["--redis-sentinel", "127.0.0.1", "--redis-master", "m"], "Sentinel '127.0.0.1': give HOST:PORT"),
        (["--redis-sentinel", "a:1,b:99999", "--redis-master", "m"], "Sentinel 'b:99999': give HOST:PORT"),
        (["--redis-sentinel", "a:1", "--redis-master", "a/b"], "--redis-master 'a/b': give the name"),
        (["--redis-replicas", "1"], "--redis-replicas: replicas are a cluster's"),
        (["--redis-wait-ms", "100"], "--redis-wait-ms: replicas are a cluster's"),
        (["--redis", "redis://127.0.0.1:6379/0", "--redis-replicas", "-1"], "--redis-replicas -1: give 0..16"),
        (["--redis", "redis://127.0.0.1:6379/0", "--redis-wait-ms", "5"], "--redis-wait-ms 5: give 10..5000 ms"),
        (
            ["--redis-sentinel", "127.0.0.1:26379", "--redis-master", "m", "--db", "x.db"],
            "--db and --redis-sentinel: a cluster node keeps everything in Redis",
        ),
        (["--redis-bus", "redis://127.0.0.1:6380/0"], "--redis-bus: the bus carries a cluster's frames"),
        (["--redis", "redis://127.0.0.1:6379/0", "--redis-bus", "localhost:6380"], "give a URL such as redis://"),
    ],
)
def test_bad_cluster_settings_are_refused_with_exit_2(args: list[str], said: str) -> None:
    """(In this process, the same main: tests/cli/inproc.py; the refusals below that reach further are processes. The
    port is taken: a setting that was not refused is refused at once as a busy port, and never serves here.)"""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        out = inproc.grundy("serve", "--port", str(taken.getsockname()[1]), "--workers", "1", *args)
    assert out.returncode == 2 and said in out.stderr, out.stderr


def test_a_redis_nobody_listens_on_is_refused_with_exit_1() -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    out = _serve("--redis", url)
    assert out.returncode == 1 and f"cannot use Redis at {url}" in out.stderr and "Traceback" not in out.stderr


def test_a_bus_redis_nobody_listens_on_is_refused_with_exit_1(redis_server) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    out = _serve("--redis", redis_server.url, "--redis-bus", url)
    assert out.returncode == 1 and f"cannot use the bus's Redis at {url}" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_short_admin_secret_is_refused_with_exit_2() -> None:
    import os

    command = [sys.executable, "-m", "grundy.cli.main", "serve", "--port", "0", "--workers", "1"]
    env = {**os.environ, "GRUNDY_ADMIN_SECRET": "short"}
    out = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 2 and "at least 16 characters" in out.stderr
    assert "short" not in out.stderr  # (the secret is not repeated)


def test_sentinels_nobody_listens_on_are_refused_with_exit_1() -> None:
    sentinels = f"127.0.0.1:{free_port()},127.0.0.1:{free_port()}"
    out = _serve("--redis-sentinel", sentinels, "--redis-master", "grundy")
    assert out.returncode == 1, out.stderr
    assert f"cannot use Redis at Sentinel {sentinels} master grundy" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        ([], 2, "give --redis URL, or --redis-sentinel HOST:PORT,... with --redis-master NAME"),
        (["--redis", "redis://127.0.0.1:1/0", "--redis-sentinel", "a:1", "--redis-master", "m"], 2, "give one of"),
        (["--redis-sentinel", "a:1"], 2, "give --redis-master NAME too"),
        (["--redis-replicas", "1"], 2, "unrecognized arguments: --redis-replicas"),  # (a node's option)
    ],
)
def test_grundy_bots_takes_the_same_redis_options(args: list[str], code: int, said: str) -> None:
    out = inproc.grundy("bots", "--workers", "1", *args)  # (in this process: the next test runs the command itself)
    assert out.returncode == code and said in out.stderr, out.stderr


def test_grundy_bots_through_sentinels_nobody_listens_on_is_refused_with_exit_1() -> None:
    sentinel = f"127.0.0.1:{free_port()}"
    command = [sys.executable, "-m", "grundy.cli.main", "bots", "--redis-sentinel", sentinel, "--redis-master", "g"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and f"cannot use Redis at Sentinel {sentinel} master g" in out.stderr, out.stderr


def test_a_busy_port_is_refused_before_the_store_is_touched_or_a_worker_starts(redis_server, tmp_path) -> None:
    from tests.cluster.redisproc import command

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        base = [sys.executable, "-m", "grundy.cli.main", "serve", "--port", str(port), "--workers", "1"]
        for where in (["--redis", redis_server.url], ["--db", str(tmp_path / "g.db")]):
            out = subprocess.run([*base, *where], capture_output=True, text=True, timeout=60)
            assert out.returncode == 1, out.stderr
            assert out.stderr.strip() == f"grundy: error: cannot serve on 127.0.0.1:{port}: Address already in use"
        out = subprocess.run([*base, "--db", str(tmp_path / "g.db"), "--log-format", "json"], capture_output=True,
                             text=True, timeout=60)  # fmt: skip
        (line,) = [json.loads(line) for line in out.stderr.splitlines()]  # (the refusal is a JSON line too)
        assert out.returncode == 1 and line["level"] == "error" and "cannot serve on" in line["message"]
    assert command(redis_server.port, "DBSIZE") == 0, "the cluster's Redis was written to"
    assert not (tmp_path / "g.db").exists(), "the store file was made"
