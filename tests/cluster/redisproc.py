"""A real ``redis-server`` on a free port, in a temporary directory, for the cluster tests.

Each test that needs Redis starts its own (never the machine's shared one); with ``aof`` the
server runs with the append-only file the product's deployment uses, so a restart can be
tested for what it keeps.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that has the child killed when the thread starting it ends (Linux; from the main thread
    only, whose end is the test process's): a test worker killed at its time limit takes its servers with it."""
    if not sys.platform.startswith("linux") or threading.current_thread() is not threading.main_thread():
        return None
    libc = ctypes.CDLL(None, use_errno=True)

    def preexec() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)

    return preexec


PR_SET_PDEATHSIG = 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(
        self, workdir: Path, *, aof: bool = True, port: int | None = None, replica_of: RedisServer | None = None
    ) -> None:
        self.dir = workdir
        self.aof = aof
        self.port = port or free_port()
        self.may_move = port is None  # until it first runs: a port picked here, not one asked for
        self.replica_of = replica_of  # started as a replica of that server
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start the server and return once it answers; a port picked here that another test's server took in
        the meantime (two picked the same free port: a Sentinel answers PING too) is given up for another."""
        for _ in range(5):
            if self._start_once():
                self.may_move = False  # (a restart comes back where its clients look for it)
                return self
            if not self.may_move:
                break
            self.port = free_port()
        raise RuntimeError(f"redis-server did not start on 127.0.0.1:{self.port}")

    def _start_once(self) -> bool:
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server is not installed (CI installs it: .ci/run)")
        args = [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.dir), "--save", ""]
        args += ["--appendonly", "yes", "--appendfsync", "always"] if self.aof else ["--appendonly", "no"]
        args += ["--repl-diskless-sync-delay", "0"]  # (a replica's first sync starts at once, not after 5 s)
        if self.replica_of is not None:
            args += ["--replicaof", "127.0.0.1", str(self.replica_of.port)]
        self.proc = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent()
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False  # (it could not listen there)
            try:
                info = command(self.port, "INFO", "server", timeout=0.5)
                if isinstance(info, bytes) and f"process_id:{self.proc.pid}\r".encode() in info:
                    return True  # ours answers, not a server another test started on the same port
            except (OSError, ConnectionError):
                pass
            except Exception:  # noqa: BLE001 (an error reply: not ours, or not up yet)
                pass
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


    def command(self, *parts: str, timeout: float = 2.0) -> Any:
        """One command's reply (for the tests' checks: INFO, ROLE, ...)."""
        return command(self.port, *parts, timeout=timeout)

    def info(self, section: str = "replication") -> dict[str, str]:
        text = self.command("INFO", section).decode()
        return dict(line.split(":", 1) for line in text.splitlines() if ":" in line)

    def wait_replicated(self, replicas: int, timeout: float = 20.0) -> None:
        """Until ``replicas`` replicas are linked to this primary and in sync."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            info = self.info()
            linked = [v for k, v in info.items() if k.startswith("slave") and "state=online" in v]
            if len(linked) >= replicas:
                return
            time.sleep(0.05)
        raise RuntimeError(f"redis-server :{self.port}: {replicas} replicas not linked in {timeout} s: {self.info()}")


def command(port: int, *parts: str, timeout: float = 2.0) -> Any:
    """One command to 127.0.0.1:port, its reply parsed (an error reply as ``wire.ReplyError``)."""
    from grundy.server.cluster.wire import Replies
    from grundy.server.cluster.wire import command as pack

    replies = Replies()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(pack(*(p.encode() for p in parts)))
        while True:
            chunk = s.recv(65536)
            if not chunk:
                raise ConnectionError(f"127.0.0.1:{port} closed the connection")
            got = replies.feed(chunk)
            if got:
                return got[0]


class SentinelServer:
    """``redis-server --sentinel`` on a free port, monitoring one primary as ``master`` (short timeouts: a
    primary silent for ``down_after_ms`` is down, and a failover is given ``failover_timeout_ms``)."""

    def __init__(
        self,
        workdir: Path,
        primary: RedisServer,
        *,
        master: str = "grundy",
        quorum: int = 2,
        down_after_ms: int = 1000,
        failover_timeout_ms: int = 3000,
    ) -> None:
        self.dir = workdir
        self.port = free_port()
        self.master = master
        self.conf = workdir / f"sentinel-{self.port}.conf"
        self.conf.write_text(
            f"port {self.port}\nbind 127.0.0.1\ndir {workdir}\n"
            f"sentinel monitor {master} 127.0.0.1 {primary.port} {quorum}\n"
            f"sentinel down-after-milliseconds {master} {down_after_ms}\n"
            f"sentinel failover-timeout {master} {failover_timeout_ms}\n"
            f"sentinel parallel-syncs {master} 2\n"
        )
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> SentinelServer:
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server is not installed (CI installs it: .ci/run)")
        args = [exe, str(self.conf), "--sentinel"]
        self.proc = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent()
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if command(self.port, "PING", timeout=0.3) in (b"PONG", "PONG"):
                    return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server --sentinel exited with {self.proc.returncode}")
            time.sleep(0.05)
        raise RuntimeError("redis-server --sentinel did not start in 10 s")

    def primary_port(self) -> int | None:
        """The port of the primary this Sentinel names now."""
        reply = command(self.port, "SENTINEL", "get-master-addr-by-name", self.master)
        return int(reply[1]) if isinstance(reply, list) and len(reply) == 2 else None

    def knows(self) -> tuple[int, int]:
        """(other Sentinels, replicas) this Sentinel knows of the primary."""
        reply = command(self.port, "SENTINEL", "master", self.master)
        fields = dict(zip(reply[::2], reply[1::2], strict=False)) if isinstance(reply, list) else {}
        return int(fields.get(b"num-other-sentinels", 0)), int(fields.get(b"num-slaves", 0))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Replicated:
    """A primary, its replicas and three Sentinels, all on loopback (``start`` returns once the Sentinels
    know each other and every replica, so a failover can happen at once)."""

    def __init__(self, workdir: Path, *, replicas: int = 1, master: str = "grundy") -> None:
        self.dir = workdir
        self.master = master
        (workdir / "primary").mkdir()
        self.primary = RedisServer(workdir / "primary")
        self.replicas = []
        for i in range(replicas):
            (workdir / f"replica{i}").mkdir()
            self.replicas.append(RedisServer(workdir / f"replica{i}", replica_of=self.primary))
        self.sentinels: list[SentinelServer] = []

    @property
    def servers(self) -> list[RedisServer]:
        return [self.primary, *self.replicas]

    @property
    def sentinel_addresses(self) -> str:
        return ",".join(s.address for s in self.sentinels)

    def start(self, timeout: float = 30.0) -> Replicated:
        self.primary.start()
        for r in self.replicas:
            r.start()
        self.primary.wait_replicated(len(self.replicas))
        self.sentinels = [SentinelServer(self.dir, self.primary, master=self.master).start() for _ in range(3)]
        deadline = time.monotonic() + timeout
        while not all(s.knows() == (2, len(self.replicas)) for s in self.sentinels):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the Sentinels do not know each other: {[s.knows() for s in self.sentinels]}")
            time.sleep(0.1)
        return self

    def promoted(self, timeout: float = 30.0) -> RedisServer:
        """Wait until every Sentinel names a primary other than the first; that server."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ports = {s.primary_port() for s in self.sentinels}
            if len(ports) == 1 and (port := ports.pop()) != self.primary.port:
                return next(r for r in self.replicas if r.port == port)
            time.sleep(0.05)
        raise RuntimeError("the Sentinels promoted no replica")

    def stop(self) -> None:
        for s in self.sentinels:
            s.stop()
        for r in self.servers:
            r.stop()


def have_redis() -> bool:
    return shutil.which("redis-server") is not None or bool(os.environ.get("CI"))
