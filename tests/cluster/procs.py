"""Cluster nodes as real processes (``grundy serve --redis``), to be killed with SIGKILL or paused with SIGSTOP."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from tests.cluster.redisproc import die_with_parent, free_port
from tests.server.e2e.wsclient import health

ROOT = Path(__file__).resolve().parents[2]


class NodeProcess:
    """One `grundy serve --redis URL` subprocess with its log file."""

    def __init__(self, proc: asyncio.subprocess.Process, port: int, log: Path, node_id: str) -> None:
        self.proc, self.port, self.log, self.node_id = proc, port, log, node_id
        self.url = f"ws://127.0.0.1:{port}/"

    @classmethod
    async def start(
        cls, redis_url: str, workdir: Path, node_id: str, *extra: str, lease_ms: int = 1000, sentinel: str = ""
    ) -> NodeProcess:
        """``sentinel``: ``HOST:PORT,...`` of Sentinels naming the primary ``grundy`` (instead of ``redis_url``).

        The port is picked free, and another test's process may take it before this node does: the node is
        known to be up when ``/health`` answers with its own process id, and started again on another port when
        it could not listen."""
        for _ in range(4):
            node = await cls._start(redis_url, workdir, node_id, *extra, lease_ms=lease_ms, sentinel=sentinel)
            if node is not None:
                return node
        raise AssertionError(f"grundy serve {node_id}: every port picked was taken")

    @classmethod
    async def _start(
        cls, redis_url: str, workdir: Path, node_id: str, *extra: str, lease_ms: int, sentinel: str
    ) -> NodeProcess | None:
        port = free_port()
        where = ["--redis", redis_url] if not sentinel else ["--redis-sentinel", sentinel, "--redis-master", "grundy"]
        log = workdir / f"{node_id}.log"
        out = open(log, "ab")  # noqa: SIM115 - the child writes to it until it exits
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "serve", *where, "--port", str(port),
            "--node-id", node_id, "--lease-ms", str(lease_ms), "--workers", "1", "--grace", "30", *extra,
            cwd=ROOT, stdout=out, stderr=out, preexec_fn=die_with_parent(),
        )
        out.close()
        node = cls(proc, port, log, node_id)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.returncode is not None:
                if "address already in use" in log.read_text().lower():
                    return None  # (the port went to another process first)
                raise AssertionError(f"grundy serve exited: {log.read_text()}")
            try:
                status, body = await asyncio.to_thread(health, port)
                if status == 200 and body.get("pid") == proc.pid:
                    return node
            except (OSError, ValueError):
                pass
            await asyncio.sleep(0.1)
        raise AssertionError(f"grundy serve did not come up: {log.read_text()}")

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    def pause(self) -> None:
        os.kill(self.proc.pid, signal.SIGSTOP)

    def wake(self) -> None:
        os.kill(self.proc.pid, signal.SIGCONT)

    async def stop(self) -> None:
        if self.proc.returncode is None:
            try:
                os.kill(self.proc.pid, signal.SIGCONT)
                self.proc.terminate()
            except ProcessLookupError:
                pass
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


class BotsProcess:
    """One `grundy bots --redis URL` subprocess (hosted-bot workers) with its log file."""

    def __init__(self, proc: asyncio.subprocess.Process, log: Path) -> None:
        self.proc, self.log = proc, log

    @classmethod
    async def start(
        cls, redis_url: str, workdir: Path, *extra: str, workers: int = 1, stall: str = "", name: str = "bots"
    ) -> BotsProcess:
        log = workdir / f"{name}.log"
        out = open(log, "ab")  # noqa: SIM115 - the child writes to it until it exits
        env = {**os.environ, "GRUNDY_BOT_STALL": stall}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "bots", "--redis", redis_url, "--workers", str(workers), *extra,
            cwd=ROOT, stdout=out, stderr=out, preexec_fn=die_with_parent(), env=env,
        )
        out.close()
        bots = cls(proc, log)
        deadline = time.monotonic() + 60
        while "grundy bots:" not in log.read_text():
            assert proc.returncode is None, f"grundy bots exited: {log.read_text()}"
            assert time.monotonic() < deadline, f"grundy bots did not come up: {log.read_text()}"
            await asyncio.sleep(0.1)
        return bots

    async def stop(self) -> int | None:
        if self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        return self.proc.returncode
