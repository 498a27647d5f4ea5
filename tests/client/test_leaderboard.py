"""`grundy leaderboard` against a real node, after rated games between registered players."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.cli.main import main
from grundy.client.connection import Connection
from grundy.client.identity import CONFIG_ENV
from grundy.server.node import Node
from tests.client.conftest import url


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv(CONFIG_ENV, str(folder))
    return folder


async def grundy(*argv: str) -> int:
    return await asyncio.to_thread(main, list(argv))


async def rated_win(server: str, winner: str, loser: str) -> None:
    """``winner`` beats ``loser`` in a rated nim 2,2 game from the lost side, by the loser's mistake (a real win:
    winning the side the start gives the win would count as a draw, server.fair)."""
    async with Connection(server, winner, reconnect=False) as w, Connection(server, loser, reconnect=False) as lo:
        assert w.player == winner and lo.player == loser
        made = await w.request(p.CreateRoom(game="nim", params={"heaps": [2, 2]}, seat=0, rated=True))
        assert isinstance(made, p.RoomCreated)
        await lo.request(p.Join(room=made.room))
        await w.wait_for(lambda e: isinstance(e, p.RoomState) and e.status == "playing", timeout=10)

        def moved(ply: int) -> Callable[[object], bool]:
            return lambda e: isinstance(e, p.MoveMade) and e.room == made.room and e.ply == ply

        await w.request(p.Move(room=made.room, ply=0, move="1:2"))
        await lo.wait_for(moved(0), timeout=10)
        await lo.request(p.Move(room=made.room, ply=1, move="2:1"))
        await w.wait_for(moved(1), timeout=10)
        await w.request(p.Move(room=made.room, ply=2, move="2:1"))
        await lo.wait_for(lambda e: isinstance(e, p.GameOver), timeout=10)


async def test_the_leaderboard_command(node: Node, capsys: pytest.CaptureFixture[str]) -> None:
    server = url(node)
    for name in ("Ann", "Bob", "Cid"):
        assert await grundy("register", name, "--server", server) == 0
    capsys.readouterr()
    assert await grundy("leaderboard", "nim", "--server", server) == 0
    assert "nobody has played a rated game" in capsys.readouterr().out
    await rated_win(server, "Ann", "Bob")
    await rated_win(server, "Ann", "Cid")
    await node.background.drain()  # (the node rates finished games in the background)
    assert await grundy("leaderboard", "nim", "--server", server, "--top", "2") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("nim leaderboard on ws://127.0.0.1:")
    assert lines[1].split() == ["rank", "player", "rating", "games"]
    rows = [line.split() for line in lines[2:]]
    assert [(r[0], r[1], r[-1]) for r in rows] == [("1", "Ann", "2"), ("2", "Cid", "1")] or [
        (r[0], r[1], r[-1]) for r in rows
    ] == [("1", "Ann", "2"), ("2", "Bob", "1")]
    assert rows[0][3] == "±" and rows[0][2].endswith("?") and int(rows[0][2][:-1]) > 1500  # `1662? ± 480`
    assert await grundy("leaderboard", "chess", "--server", server) == 1
    assert "unknown_game" in capsys.readouterr().err
    assert await grundy("leaderboard", "nim", "--server", server, "--top", "0") == 2


async def test_register_and_leaderboard_take_several_nodes(node: Node, capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.client.identity import saved_secret
    from tests.cluster.redisproc import free_port

    dead, server = f"ws://127.0.0.1:{free_port()}/", url(node)
    assert await grundy("register", "Dee", "--server", f"{dead},{server}") == 0
    assert f"registered Dee on {server}" in capsys.readouterr().out
    assert saved_secret(server, "Dee") is not None and saved_secret(dead, "Dee") == saved_secret(server, "Dee")
    assert await grundy("leaderboard", "nim", "--server", dead, "--server", server) == 0
    assert capsys.readouterr().out.startswith(f"nim leaderboard on {server}")
    assert await grundy("leaderboard", "nim", "--server", dead) == 1
    assert f"cannot reach {dead}" in capsys.readouterr().err
    assert await grundy("leaderboard", "nim", "--server", "http://x") == 2


async def test_play_rated_with_a_wrong_secret_exits_with_one_line(
    node: Node, capsys: pytest.CaptureFixture[str]
) -> None:
    server = url(node)
    assert await grundy("register", "Fay", "--server", server) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        await grundy("play", "nim", "--rated", "--server", server, "--name", "Fay", "--secret", "not-fays-secret")
    assert exited.value.code == 1
    out = capsys.readouterr()
    (line,) = out.err.splitlines()  # (before any window opens: one line, as grundy's other refusals)
    assert line.startswith("grundy: error: --rated: ") and "bad_secret" in line and out.out == ""
