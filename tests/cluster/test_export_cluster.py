"""`grundy export --redis URL` / `--redis-sentinel ...`: a cluster's ended games, read from a real redis-server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import redis.asyncio as aioredis

from grundy.server.cluster.store import RedisStore
from grundy.server.ports import RoomUpdate, StoredMove, StoredRoom
from tests.cli import inproc
from tests.cluster.redisproc import RedisServer, SentinelServer, free_port


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=60)


async def stored_games(server: RedisServer) -> None:
    """A finished nim game of a tournament's round 2, an aborted one, and one still played."""
    s = RedisStore(aioredis.Redis.from_url(server.url), "n1")
    seats = [{"name": "Ann", "kind": "open", "session": "s-secret"}, {"name": "bot", "kind": "bot", "level": "max"}]
    for rid, created in (("r-won", 100.0), ("r-gone", 200.0), ("r-live", 300.0)):
        meta = {"seats": seats, "time_control": {"initial_s": 60.0, "increment_s": 1.0}}
        room = StoredRoom(rid, "nim", {"heaps": [1, 2], "misere": False}, meta, "playing", created, created)
        await s.write([(rid, room)])
    await s.write([("r-won", StoredMove(0, 0, "2:2", 101.0, [59.0, 60.0])), ("r-won", StoredMove(1, 1, "1:1", 102.0))])
    await s.write([("r-won", RoomUpdate(status="finished", result={"outcomes": ["loss", "win"]}, reason="took it"))])
    await s.tag_tournament_game("r-won", "t-1", 2)
    await s.write([("r-gone", RoomUpdate(status="aborted", reason="every player left"))])
    await s.close()


async def test_export_reads_a_cluster_s_ended_games_by_url_and_through_sentinel(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    await stored_games(redis_server)
    out = grundy("export", "--redis", redis_server.url)
    assert out.returncode == 0, out.stderr
    recs = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in recs] == ["r-won", "r-gone"]  # by end time; the game still played is not exported
    won = recs[0]
    assert [m["move"] for m in won["moves"]] == ["2:2", "1:1"] and won["result"]["outcomes"] == ["loss", "win"]
    assert won["tournament"] == {"id": "t-1", "round": 2} and "s-secret" not in out.stdout
    out = grundy("export", "--redis", redis_server.url, "--room", "r-won", "--format", "pgn")
    assert out.returncode == 0 and '[Round "2"]' in out.stdout and "1. 2:2" in out.stdout, out.stderr

    sentinel = SentinelServer(tmp_path, redis_server, quorum=1).start()
    try:
        out = grundy("export", "--redis-sentinel", sentinel.address, "--redis-master", "grundy", "--format", "text")
        assert out.returncode == 0, out.stderr
        assert "room r-won" in out.stdout and "room r-gone" in out.stdout and "r-live" not in out.stdout
    finally:
        sentinel.stop()


def test_export_from_a_cluster_nobody_answers_for_is_one_line() -> None:
    out = grundy("export", "--redis", f"redis://127.0.0.1:{free_port()}/0")
    assert out.returncode == 1 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr, out.stderr
    out = inproc.grundy("export", "--redis", redis_url := "redis://127.0.0.1:1/0", "--room", "r-1")  # (same main)
    assert out.returncode == 1 and redis_url.split("/0")[0] in out.stderr
