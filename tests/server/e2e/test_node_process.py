"""`grundy serve` as a real process: killed with SIGKILL mid-game and restarted, and stopped with SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from pathlib import Path

from grundy import protocol as p
from tests.server.e2e.wsclient import Client, health

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """A `grundy serve` subprocess with its log file."""

    def __init__(self, proc: asyncio.subprocess.Process, port: int, log: Path) -> None:
        self.proc, self.port, self.log = proc, port, log
        self.url = f"ws://127.0.0.1:{port}/"

    @classmethod
    async def start(cls, db: Path, port: int, log: Path, *extra: str) -> Served:
        out = open(log, "ab")  # noqa: SIM115 - the child writes to it until it exits
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "grundy.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--workers",
            "1",
            *extra,
            cwd=ROOT,
            stdout=out,
            stderr=out,
        )
        out.close()
        served = cls(proc, port, log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert proc.returncode is None, f"grundy serve exited: {log.read_text()}"
            try:
                status, body = await asyncio.to_thread(health, port)
                if status == 200:
                    served.workers = body["bot_workers"]
                    return served
            except OSError:
                pass
            await asyncio.sleep(0.1)
        raise AssertionError(f"grundy serve did not come up: {log.read_text()}")

    workers: list[int] = []


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_killed_node_restarts_and_the_game_goes_on(tmp_path: Path) -> None:
    db, port, log = tmp_path / "grundy.db", free_port(), tmp_path / "serve.log"
    node = await Served.start(db, port, log)
    ann = await Client.hello(node.url, "Ann")
    bob = await Client.hello(node.url, "Bob")
    tc = p.TimeControl(initial_s=120, increment_s=1)
    created = await ann.request(
        p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, time_control=tc, seat=0), p.RoomCreated
    )
    room = created.room
    await bob.request(p.Join(room=room), p.RoomState)
    eve = await Client.hello(node.url, "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await bob.request(p.Move(room=room, ply=1, move="3:2"), p.MoveMade)
    last = await ann.request(p.Move(room=room, ply=2, move="2:1"), p.MoveMade)
    assert last.clocks is not None
    await eve.expect(p.MoveMade, ply=2)

    node.proc.send_signal(signal.SIGKILL)
    assert await node.proc.wait() == -signal.SIGKILL
    await ann.wait_closed()
    await bob.wait_closed()
    for pid in node.workers:  # orphaned workers notice their node is gone
        for _ in range(100):
            if not alive(pid):
                break
            await asyncio.sleep(0.05)
        else:
            os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"bot worker {pid} outlived its killed node")

    node = await Served.start(db, port, log)
    try:
        assert ann.welcome is not None and bob.welcome is not None
        ann2 = await Client.resume(node.url, ann.welcome.token)
        bob2 = await Client.resume(node.url, bob.welcome.token)
        assert ann2.welcome is not None and ann2.welcome.rooms == [room]
        state = await bob2.expect(p.RoomState, room=room)
        assert (state.status, state.ply, state.you, state.turn) == ("playing", 3, 1, 1)
        assert [m.move for m in state.moves] == ["1:1", "3:2", "2:1"]
        assert state.view["heaps"] == [2, 3, 3]
        assert state.clocks is not None
        assert abs(state.clocks[1] - last.clocks[1]) < 1.0  # the downtime was not charged to Bob
        await ann2.expect(p.RoomState, room=room)
        assert eve.welcome is not None
        eve2 = await Client.resume(node.url, eve.welcome.token)  # a spectator resumes watching too
        assert eve2.welcome is not None and eve2.welcome.rooms == [room]
        watched = await eve2.expect(p.RoomState, room=room)
        assert (watched.you, watched.ply, watched.view["heaps"]) == (None, 3, [2, 3, 3])
        await bob2.request(p.Move(room=room, ply=3, move="1:2"), p.MoveMade)
        moves = ["1:2", "2:3", "3:3"]
        assert (await ann2.request(p.Move(room=room, ply=4, move="2:3"), p.MoveMade)).turn == 1
        await bob2.request(p.Move(room=room, ply=5, move="3:3"), p.MoveMade)
        over = await ann2.expect(p.GameOver)
        assert over.result is not None and over.result.outcomes == ["loss", "win"]
        assert (await eve2.expect(p.GameOver, room=room)).result == over.result
        rec = await ann2.request(p.GetRecord(room=room), p.Record)
        assert [m["move"] for m in rec.record["moves"]] == ["1:1", "3:2", "2:1", *moves]
        await ann2.close()
        await bob2.close()
        await eve2.close()
    finally:
        node.proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(node.proc.wait(), 30)


async def test_sigterm_closes_connections_with_going_away_and_exits_cleanly(tmp_path: Path) -> None:
    db, port, log = tmp_path / "grundy.db", free_port(), tmp_path / "serve.log"
    node = await Served.start(db, port, log)
    ann = await Client.hello(node.url, "Ann")
    bob = await Client.hello(node.url, "Bob")
    created = await ann.request(p.CreateRoom(game="nim", seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)

    node.proc.send_signal(signal.SIGTERM)
    assert (await ann.wait_closed(30))[0] == 1001
    assert (await bob.wait_closed(30))[0] == 1001
    assert await asyncio.wait_for(node.proc.wait(), 30) == 0
    text = log.read_text()
    assert "closing 2 connections (1001 going away)" in text and "closing the store" in text and "stopped" in text
    for pid in node.workers:
        assert not alive(pid), f"bot worker {pid} still running after a clean shutdown"
