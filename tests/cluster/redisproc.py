"""A real ``redis-server`` on a free port, in a temporary directory, for the cluster tests.

Each test that needs Redis starts its own (never the machine's shared one); with ``aof`` the
server runs with the append-only file the product's deployment uses, so a restart can be
tested for what it keeps.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(self, workdir: Path, *, aof: bool = True, port: int | None = None) -> None:
        self.dir = workdir
        self.aof = aof
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server is not installed (CI installs it: .ci/run)")
        args = [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.dir), "--save", ""]
        args += ["--appendonly", "yes", "--appendfsync", "always"] if self.aof else ["--appendonly", "no"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode}")
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start in 10 s")

    def kill(self) -> None:
        """``kill -9``: whatever was not written to the append-only file is gone."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def restart(self) -> None:
        self.kill()
        self.start()


def have_redis() -> bool:
    return shutil.which("redis-server") is not None or bool(os.environ.get("CI"))
