"""`grundy admin drain NODE` against `grundy serve --redis` processes: the node does what SIGTERM does.

Two nodes on a real redis-server, both started with the admin secret in their environment; a
game whose room runs on the first node, one player on each node.  `grundy admin drain` (a
process too) without the secret, or with a wrong one, changes nothing; with it the first node
closes its connections, hands its room over and exits, the room goes on on the second node
with every move it had, and the player who was on the drained node resumes on the other one.
"""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from grundy import protocol as p
from tests.cluster.procs import ROOT
from tests.server.e2e.wsclient import Client, health

SECRET = "a-test-admin-secret-0123456789"


async def _admin(*args: str, secret: str | None) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != "GRUNDY_ADMIN_SECRET"}
    if secret is not None:
        env["GRUNDY_ADMIN_SECRET"] = secret
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "grundy.cli.main", "admin", *args, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_drain_hands_the_rooms_over_and_the_clients_resume_elsewhere(nodes, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GRUNDY_ADMIN_SECRET", SECRET)  # (the nodes' environment: never their command line)
    # (Ann's test client does not move when told: closed after 1 s)
    one, two = await asyncio.gather(nodes("n1", "--leave-grace", "1"), nodes("n2"))
    ann = await Client.hello(one.url, "Ann")
    bob = await Client.hello(two.url, "Bob")
    assert ann.welcome is not None
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)
    room = created.room
    await bob.request(p.Join(room=room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await ann.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await bob.expect(p.MoveMade, ply=0)

    # Refused: without the secret (a usage error, nothing sent), and with a wrong one (the node says no).
    code, _, err = await _admin("drain", f"127.0.0.1:{one.port}", secret=None)
    assert code == 2 and "GRUNDY_ADMIN_SECRET" in err
    code, _, err = await _admin("drain", f"127.0.0.1:{one.port}", secret="not-the-secret-at-all")
    assert code == 1 and "refused" in err and "secret" in err
    assert (await asyncio.to_thread(health, one.port))[0] == 200
    await ann.request(p.Ping(), p.Pong)  # (still connected to n1)

    code, out, err = await _admin("drain", one.url, secret=SECRET)
    assert code == 0, err
    assert "node n1 is draining: 1 room handed over, 1 connection told to move" in out
    assert "node n1 has stopped" in out
    assert await asyncio.wait_for(one.proc.wait(), 30) == 0  # (it stopped as after SIGTERM)
    assert "told to move to" in one.log.read_text() and "1 still here" in one.log.read_text()
    assert (await ann.wait_closed())[0] == 1001  # going away: a client resumes elsewhere

    # The room goes on on n2, with its move; Ann resumes there.
    await bob.send(p.Move(room=room, ply=1, move="2:1"))
    made = await bob.expect(p.MoveMade, ply=1, timeout=15)
    assert made.move == "2:1"
    again = await Client.resume(two.url, ann.welcome.token)
    assert again.welcome is not None and room in again.welcome.rooms
    state = await again.request(p.GetState(room=room), p.RoomState)
    assert (state.status, state.you, state.ply, state.view["heaps"]) == ("playing", 0, 2, [2, 2])
    await again.request(p.Move(room=room, ply=2, move="1:2"), p.MoveMade)
    await bob.request(p.Move(room=room, ply=3, move="2:2"), p.MoveMade)
    await again.expect(p.GameOver, room=room)
    record = await again.request(p.GetRecord(room=room), p.Record)
    assert [m["move"] for m in record.record["moves"]] == ["1:1", "2:1", "1:2", "2:2"]  # (nothing lost)
    log = one.log.read_text()
    assert "admin drain from 127.0.0.1" in log and "hands over 1 rooms" in log
    await again.close()
    await bob.close()
