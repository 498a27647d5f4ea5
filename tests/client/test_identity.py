"""`grundy register` against a real node: the secret is saved for the user only, and every client uses it."""

from __future__ import annotations

import asyncio
import json
import stat
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.cli.main import main
from grundy.client.connection import Connection, Refused, normalize_url
from grundy.client.identity import CONFIG_ENV, save_secret, saved_secret, secrets_file
from grundy.client.sdk import BotConnection
from grundy.server.node import Node
from tests.client.conftest import url


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv(CONFIG_ENV, str(folder))
    return folder


async def grundy(*argv: str) -> int:
    """The `grundy` command, run here (in a thread: it runs its own event loop)."""
    return await asyncio.to_thread(main, list(argv))


async def test_register_saves_the_secret_and_every_client_uses_it(
    node: Node, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = url(node)
    assert await grundy("register", "Ann", "--server", server) == 0
    out = capsys.readouterr().out
    path = secrets_file()
    assert path.parent == config_dir and f"secret saved in {path}" in out
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    secret = saved_secret(normalize_url(server), "ann")
    assert secret is not None and secret in out  # shown once, on the terminal
    data = json.loads(path.read_text())
    assert data["servers"][normalize_url(server)]["ann"] == {"name": "Ann", "secret": secret}

    async with Connection(server, "Ann", reconnect=False) as conn:
        assert conn.player == "Ann"
    async with BotConnection(server, "ann", reconnect=False) as bot:  # a bot program registered as Ann
        assert bot.player == "Ann" and bot.name == "Ann"
    async with Connection(server, "Guest", reconnect=False) as guest:
        assert guest.player is None


async def test_a_name_taken_is_refused_by_the_command_and_by_hello(
    node: Node, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = url(node)
    assert await grundy("register", "Bob", "--server", server) == 0
    capsys.readouterr()
    assert await grundy("register", "BOB", "--server", server) == 1
    assert "name_taken" in capsys.readouterr().err
    assert await grundy("register", "no spaces", "--server", server) == 1
    assert "1-32 letters" in capsys.readouterr().err
    with pytest.raises(Refused) as e:
        async with Connection(server, "Bob", reconnect=False, secret="wrong"):
            pass
    assert e.value.code == "bad_secret"


async def test_a_secret_saved_for_another_server_is_not_sent(node: Node, config_dir: Path) -> None:
    save_secret("ws://elsewhere:8765/", "Cid", "not-for-this-server")
    async with Connection(url(node), "Cid", reconnect=False) as conn:
        assert conn.player is None  # a guest here: nothing was sent


def test_an_unreadable_file_means_no_saved_secret(config_dir: Path) -> None:
    config_dir.mkdir()
    secrets_file().write_text("not json")
    assert saved_secret("ws://127.0.0.1:1/", "Ann") is None


async def test_the_sdk_plays_as_the_registered_player(node: Node) -> None:
    server = url(node)
    c = Connection(server, "tmp-reg", reconnect=False)
    await c.connect()
    done = await c.request(p.Register(name="Dot"))
    await c.close()
    assert isinstance(done, p.Registered)
    async with BotConnection(server, "Dot", secret=done.secret, reconnect=False) as bot:
        assert bot.player == "Dot"
