"""`grundy play --rated` over a real node: refused in words where it cannot be rated, else a rated game that
changes the player's rating (the terminal client driven by textual's headless pilot)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.cli.main import main
from grundy.client.connection import Connection, Refused
from grundy.client.identity import CONFIG_ENV
from grundy.client.tui import GrundyApp
from grundy.client.tui.app import screen_text
from grundy.server.node import Node
from tests.server.e2e.conftest import node_factory, url

SIZE = (80, 24)


@pytest.fixture
async def node(tmp_path: Path) -> AsyncIterator[Node]:
    async with node_factory(tmp_path, cluster=False) as make:
        yield await make()


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv(CONFIG_ENV, str(folder))
    return folder


async def grundy(*argv: str) -> int:
    """``grundy ARGV`` in this process (its exit code; ``fail`` exits)."""

    def run() -> int:
        try:
            return main(list(argv))
        except SystemExit as e:
            return int(e.code or 0)

    return await asyncio.to_thread(run)


async def test_rated_is_refused_in_words_where_it_cannot_be_rated(
    node: Node, capsys: pytest.CaptureFixture[str]
) -> None:
    server = url(node)
    cases = [
        (["play", "nim", "--rated"], "--rated needs --server URL"),
        (["play", "--rated", "--server", server], "--rated needs GAME"),
        (["play", "nim", "--rated", "--server", server, "--name", "Guest1"], "'Guest1' is not registered on"),
        (["play", "mnk", "--set", "players=3", "--rated", "--server", server], "has 3 seats; a rated game has two"),
    ]
    for argv, words in cases:
        assert await grundy(*argv) == 2, argv
        err = capsys.readouterr().err
        assert words in err, (argv, err)
    # The node itself refuses a guest's rated room, in words (what --rated guards against).
    async with Connection(server, "Guest2", reconnect=False) as guest:
        with pytest.raises(Refused) as refused:
            await guest.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0, rated=True))
        assert refused.value.code == "not_registered" and "is a guest" in refused.value.message


async def test_a_rated_game_against_a_hosted_bot_changes_the_rating(node: Node) -> None:
    server = url(node)
    assert await grundy("register", "Ann", "--server", server) == 0
    app = GrundyApp(server, "Ann", game="nim", params={"heaps": "1"}, vs="bot:random", rated=True)
    async with app.run_test(size=SIZE) as pilot:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while not (app.room is not None and app.room.is_my_turn):
            assert loop.time() < deadline, screen_text(app)
            await pilot.pause(0.05)
        assert app.room.rated
        app.play("1:1")
        while not app.room.is_over:
            assert loop.time() < deadline, screen_text(app)
            await pilot.pause(0.05)
        assert app.room.result is not None and app.room.result.outcomes == ["win", "loss"]
        # The rating change is said once the node has rated the game (game_rated), and kept in the room's log.
        while not [m for m in app.messages if m.startswith("your rating 1500 → ")]:
            assert loop.time() < deadline, app.messages
            await pilot.pause(0.05)
        [said] = [m for m in app.messages if m.startswith("your rating 1500 → ")]
        # Nim with one object is won for the first player from its start: winning it counts as a draw (server.fair).
        assert said == (
            "your rating 1500 → 1500? (+0) · bot (random)'s rating 1500 → 1500? (+0)"
            " (the start is won for your side: its win counts as a draw for the ratings)"
        ), said
    await node.background.drain()  # (the node rates finished games in the background)
    async with Connection(server, "Watcher", reconnect=False) as c:
        profile = await c.request(p.GetPlayer(name="Ann"))
    assert isinstance(profile, p.PlayerProfile)
    [nim] = profile.ratings
    assert nim.game == "nim" and nim.games == 1 and nim.rating == 1500 and nim.provisional and nim.rd < 350
    assert [(g.opponent, g.outcome) for g in profile.history] == [("bot:random", "draw")]


async def test_the_pygame_client_starts_a_rated_room_too(node: Node, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    gui = pytest.importorskip("grundy.client.gui")
    server = url(node)
    assert await grundy("register", "Bob", "--server", server) == 0
    code = await asyncio.to_thread(
        gui.run, server, game="nim", params={"heaps": [3, 4, 5]}, vs="bot:random", join=None, spectate=None,
        name="Bob", screenshot=None, frames=2, rated=True,
    )  # fmt: skip
    assert code == 0
    async with Connection(server, "Watcher", reconnect=False) as c:
        rooms = await c.request(p.ListRooms())
        assert isinstance(rooms, p.Rooms)
        [room] = [r for r in rooms.rooms if any(s.player == "Bob" for s in r.seats)]
        state = await c.request(p.Spectate(room=room.room))
    assert isinstance(state, p.RoomState) and state.rated
