"""`grundy serve --log-format json` as a real process: every stderr line is one JSON object, and the lines
written while a session's request or a room's event was handled name that session and that room."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from pathlib import Path

from grundy import protocol as p
from tests.server.e2e.test_node_process import ROOT, free_port
from tests.server.e2e.wsclient import Client, health


async def test_json_log_lines_name_the_node_the_room_and_the_session(tmp_path: Path) -> None:
    port = free_port()
    err_path, out_path = tmp_path / "serve.err", tmp_path / "serve.out"
    with open(err_path, "wb") as err, open(out_path, "wb") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "serve", "--port", str(port), "--db", str(tmp_path / "g.db"),
            "--workers", "1", "--log-format", "json", cwd=ROOT, stdout=out, stderr=err,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.returncode is None, err_path.read_text()
            try:
                if (await asyncio.to_thread(health, port))[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, err_path.read_text()
            await asyncio.sleep(0.1)
        url = f"ws://127.0.0.1:{port}/"
        ann = await Client.hello(url, "Ann")
        bob = await Client.hello(url, "Bob")
        assert ann.welcome is not None and bob.welcome is not None
        room = (await ann.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0), p.RoomCreated)).room
        await bob.request(p.Join(room=room), p.RoomState)
        await ann.expect(p.RoomState, status="playing")
        await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)  # (the last stone: Ann wins)
        await bob.expect(p.GameOver, room=room)
        await ann.close()
        await bob.close()
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0

    lines = [json.loads(line) for line in err_path.read_text().splitlines()]  # (each one parses, or this fails)
    assert lines and all({"time", "level", "logger", "message"} <= line.keys() for line in lines)
    assert all(line["node"] == "local" for line in lines)
    assert all(line["time"].endswith("Z") and line["level"] in ("debug", "info", "warning", "error") for line in lines)
    hellos = {line["session"] for line in lines if line["message"].startswith("session ") and "session" in line}
    assert hellos == {ann.welcome.session, bob.welcome.session}
    ended = [line for line in lines if line["message"].startswith(f"room {room} finished")]
    assert len(ended) == 1, lines
    assert ended[0]["room"] == room and ended[0]["session"] == ann.welcome.session  # (Ann's move ended it)
    assert not any("room" in line for line in lines if "listening" in line["message"])  # (only where it applies)
    # The start-up lines for people are JSON lines too, and in order: every line of the node is JSON.
    said = [line["message"] for line in lines]
    serving = next(i for i, m in enumerate(said) if m.startswith("grundy serving on"))
    assert said[serving + 1].startswith("play in a browser") and serving > said.index(
        next(m for m in said if "listening" in m)
    )
    assert out_path.read_text() == ""
    # Shutdown says its steps in order, numbered as they come, and then that it stopped.
    steps = [m for m in said if m.startswith("shutdown ") and m[9].isdigit()]
    assert [m.split(":")[0] for m in steps] == [f"shutdown {i}/5" for i in range(1, 6)], steps
    assert said[-1] == "stopped"
