"""The bot SDK and its examples against a real node (real sockets, SQLite file, hosted bot workers)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from grundy import protocol as p
from grundy.client import sdk
from grundy.client.connection import Backoff
from grundy.client.sdk import Bot, Forfeit, Turn, parse_clock, turn_budget
from grundy.server.node import Node
from tests.server.e2e.conftest import url
from tests.server.e2e.wsclient import NodeFactory

ROOT = Path(__file__).resolve().parents[2]
HEAPS = {"heaps": [3, 4, 5]}  # nim-sum 2: the first player wins
TIMEOUT = 60.0


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", ROOT / "examples" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


nimsum = example("nimsum_bot")
randombot = example("random_bot")


def test_nim_sum_moves() -> None:
    assert nimsum.nim_move([3, 4, 5]) == "1:2"  # 1^4^5 == 0
    assert nimsum.nim_move([0, 0, 7]) == "3:7"
    assert nimsum.nim_move([1, 2, 3]) in {"3:1"}  # a lost position: some small move
    assert nimsum.nim_move([1, 1, 3], misere=True) == "3:2"  # leave three heaps of one
    assert nimsum.nim_move([0, 1, 3], misere=True) == "3:3"  # leave one heap of one
    assert nimsum.nim_move([2, 2], misere=True) == "1:1"


def test_budgets_and_clocks() -> None:
    assert turn_budget(None) == 2.0
    assert 0 < turn_budget(60.0) < 60.0 / 2
    assert turn_budget(60.0, increment=2.0) > turn_budget(60.0)
    assert turn_budget(0.1) == 0.01  # nearly out of time: move at once
    # The product's one notation (minutes + seconds a move), as `grundy play --clock` reads it.
    assert parse_clock("5+2") == p.TimeControl(initial_s=300, increment_s=2)
    assert parse_clock("30s+1") == p.TimeControl(initial_s=30, increment_s=1)
    assert parse_clock("none") is None
    with pytest.raises(ValueError, match="clock 'fast'"):
        parse_clock("fast")
    with pytest.raises(ValueError, match="300s\\+5"):  # the old seconds notation is caught, not five hours
        parse_clock("300+5")


async def test_nim_sum_bot_beats_the_hosted_random_bot(node: Node, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sdk, "KEEP_ENDED_TABLES", 1)
    bot = nimsum.NimSumBot()
    results = await asyncio.wait_for(
        bot.play(url(node), "nimsum", game="nim", params=HEAPS, vs="bot:random", games=2), TIMEOUT
    )
    assert [(r.outcome, r.ending, r.seat) for r in results] == [("win", "rules", 0)] * 2
    assert results[0].players == ("nimsum", "bot (random)")
    assert results[0].room != results[1].room
    assert results[0].moves[0] == "1:2"
    assert list(bot.tables) == [results[1].room] and bot._chosen == {}  # a long-running bot forgets old games


async def test_random_bot_example_finishes_a_game(node: Node) -> None:
    results = await asyncio.wait_for(
        randombot.RandomBot().play(url(node), game="nim", params=HEAPS, vs="bot:random"), TIMEOUT
    )
    assert len(results) == 1 and results[0].outcome in ("win", "loss") and results[0].ending == "rules"
    assert len(results[0].moves) >= 3 and results[0].players[0] == "random-bot"


async def test_random_bot_example_plays_a_pursuit_to_the_end(node: Node) -> None:
    # The evader sees (the default): nothing is hidden, so the bot gets its legal moves on every turn.
    params = {"width": 6, "height": 4}
    results = await asyncio.wait_for(
        randombot.RandomBot().play(url(node), game="pursuit", params=params, vs="bot:easy"), TIMEOUT
    )
    assert len(results) == 1 and results[0].outcome in ("win", "loss") and results[0].ending == "rules"
    assert results[0].failure == "" and len(results[0].moves) >= 1 and None not in results[0].moves


class Hopeless(Bot):
    """Fails on every turn and knows no fallback move: it cannot move at all."""

    def choose(self, view: Turn) -> str:
        raise RuntimeError("no idea")

    def fallback_move(self, turn: Turn) -> str | None:
        return None


async def test_a_bot_that_cannot_move_reports_failure_and_exits_nonzero(
    make_node: NodeFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    node = await make_node(abort_s=0.5)
    argv = ["--server", url(node), "--game", "nim", "--set", "heaps=3,4,5", "--vs", "bot:random", "--games", "1"]
    code = await asyncio.wait_for(asyncio.to_thread(Hopeless().main, argv), TIMEOUT)
    out, err = capsys.readouterr()
    assert code == 1 and ": aborted (" in out
    assert "the game ended with the bot unable to move (no move at ply 0" in err


async def test_a_bot_in_the_lobby_answers_a_challenge(node: Node) -> None:
    challenger = nimsum.NimSumBot()
    answerer = randombot.RandomBot()
    mine = asyncio.ensure_future(challenger.play(url(node), "challenger", game="nim", params=HEAPS, vs="open"))
    theirs = asyncio.ensure_future(answerer.play(url(node), "answerer", games=1))
    won, lost = await asyncio.wait_for(asyncio.gather(mine, theirs), TIMEOUT)
    assert won[0].outcome == "win" and lost[0].outcome == "loss" and won[0].room == lost[0].room
    assert won[0].players == ("challenger", "answerer")


class Recorder(Bot):
    """Plays the first legal move and keeps every view it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.views: list[Turn] = []

    def choose(self, view: Turn) -> str:
        self.views.append(view)
        assert view.legal_moves is not None
        return view.legal_moves[0]


async def test_choose_gets_the_view_the_game_and_the_clock(node: Node) -> None:
    bot = Recorder()
    clock = p.TimeControl(initial_s=30, increment_s=1)
    results = await asyncio.wait_for(
        bot.play(url(node), "rec", game="nim", params={"heaps": [2, 2]}, time_control=clock, vs="bot:random"),
        TIMEOUT,
    )
    assert results[0].ending == "rules"
    first = bot.views[0]
    assert (first.game, first.seat, first.ply, first.moves) == ("nim", 0, 0, [])
    assert first["heaps"] == [2, 2] and first.params == {"heaps": [2, 2], "misere": False}
    assert first["legal_moves"] == first.legal_moves == ["1:1", "1:2", "2:1", "2:2"]
    assert first.time_left == pytest.approx(30, abs=0.5) and 0 < first.budget < 15
    for view in bot.views[1:]:
        assert view.ply % 2 == 0 and len(view.moves) == view.ply
        assert view.rules().full_view(view.state())["heaps"] == view["heaps"]  # replaying gives the same position


class Stubborn(Bot):
    """Answers an illegal move first, then hangs past its clock: the SDK must keep its game going."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.calls = 0

    def choose(self, view: Turn) -> str:
        self.calls += 1
        if self.calls == 1:
            return "9:9"
        self.release.wait(30)
        return "1:1"


async def test_an_illegal_or_late_answer_falls_back_to_a_legal_move(node: Node) -> None:
    bot = Stubborn()
    clock = p.TimeControl(initial_s=3, increment_s=1.5)
    try:
        results = await asyncio.wait_for(
            bot.play(url(node), "slow", game="nim", params={"heaps": [4, 4, 4]}, time_control=clock, vs="bot:random"),
            TIMEOUT,
        )
    finally:
        bot.release.set()
    assert results[0].ending == "rules" and bot.calls >= 2  # nobody ran out of time


class Quitter(Bot):
    def choose(self, view: Turn) -> str:
        raise Forfeit("does not want to play")


async def test_forfeit_resigns(node: Node) -> None:
    results = await asyncio.wait_for(
        Quitter().play(url(node), "quitter", game="nim", params=HEAPS, vs="bot:random"), TIMEOUT
    )
    assert (results[0].outcome, results[0].ending) == ("loss", "resign")


class Flaky(nimsum.NimSumBot):
    """Loses its link once, while thinking about its second move."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped = False
        self.loop: asyncio.AbstractEventLoop | None = None

    def choose(self, view: Turn) -> str:
        if view.ply == 2 and not self.dropped:
            self.dropped = True
            assert self.loop is not None and self.conn is not None and self.conn._ws is not None
            self.loop.call_soon_threadsafe(self.conn._ws.transport.abort)
        return super().choose(view)


async def test_a_bot_comes_back_after_losing_its_link(node: Node) -> None:
    bot = Flaky()
    bot.loop = asyncio.get_running_loop()
    fast = Backoff(initial_s=0.05, max_s=0.2)
    results = await asyncio.wait_for(
        bot.play(url(node), "flaky", game="nim", params=HEAPS, vs="bot:random", backoff=fast), TIMEOUT
    )
    assert bot.dropped and bot.conn is not None and bot.conn.reconnects == 1
    assert (results[0].outcome, results[0].ending) == ("win", "rules")


async def test_the_examples_run_from_the_command_line(node: Node) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "examples" / "nimsum_bot.py"), "--server", url(node), "--game", "nim",
        "--set", "heaps=3,4,5", "--vs", "bot:random", "--games", "1",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    out, err = await asyncio.wait_for(proc.communicate(), TIMEOUT)
    assert proc.returncode == 0, err.decode()
    assert "seat 0: win (nimsum-bot took the last object)" in out.decode()  # the reason names the player


async def test_two_bots_meet_in_a_quick_match(node: Node) -> None:
    first = asyncio.ensure_future(
        nimsum.NimSumBot().play(url(node), "first", game="nim", params={"heaps": "3,4,5"}, quick=True)
    )
    second = asyncio.ensure_future(
        randombot.RandomBot().play(url(node), "second", game="nim", params=HEAPS, quick=True)
    )
    a, b = await asyncio.wait_for(asyncio.gather(first, second), TIMEOUT)
    assert a[0].room == b[0].room and {a[0].outcome, b[0].outcome} == {"win", "loss"}
    assert {a[0].seat, b[0].seat} == {0, 1}


async def test_a_bot_joins_a_private_room_by_its_code(node: Node) -> None:
    from grundy.client.connection import Connection

    async with Connection(url(node), "host") as host:
        created = await host.request(
            p.CreateRoom(game="nim", params={"heaps": [1]}, seats=[p.SeatRequest(), p.SeatRequest()], private=True)
        )
        assert isinstance(created, p.RoomCreated) and created.code is not None
        guest = asyncio.ensure_future(randombot.RandomBot().play(url(node), "guest", code=created.code, seat=0))
        joined = await host.request(p.Join(code=created.code, seat=1))
        assert isinstance(joined, p.RoomState) and joined.you == 1
        results = await asyncio.wait_for(guest, TIMEOUT)
    assert (results[0].room, results[0].seat, results[0].outcome) == (created.room, 0, "win")  # heap of one


# ---------------------------------------------------------------------- registration, challenges, tournaments


async def first_moves(conn: Any, room: str) -> None:
    """A plain client playing the first legal move on its turns in ``room`` until the game ends."""
    seat: int | None = None
    async for ev in conn.events():
        if isinstance(ev, p.RoomState) and ev.room == room:
            seat = ev.you
            if ev.status in ("finished", "aborted"):
                return
            if ev.turn is not None and ev.turn == seat and ev.legal_moves:
                await conn.send(p.Move(room=room, ply=ev.ply, move=ev.legal_moves[0]))
        elif isinstance(ev, p.MoveMade) and ev.room == room and ev.turn == seat and ev.legal_moves:
            await conn.send(p.Move(room=room, ply=ev.ply + 1, move=ev.legal_moves[0]))
        elif isinstance(ev, p.GameOver) and ev.room == room:
            return


async def find_bot(conn: Any, name: str) -> p.PlayerInfo:
    """The connected bot called ``name`` (waits for it to say hello)."""
    for _ in range(200):
        listed = await conn.request(p.ListPlayers(kind="bot"))
        found = [pl for pl in listed.players if pl.name == name]
        if found:
            return found[0]
        await asyncio.sleep(0.02)
    raise AssertionError(f"no bot called {name!r} connected")


class PickyNimBot(nimsum.NimSumBot):
    """Accepts challenges only to nim without the misère rule."""

    def accepts(self, game: str, params: dict[str, Any]) -> bool:
        return game == "nim" and not params.get("misere")


async def test_an_sdk_bot_registers_as_a_bot_accepts_a_challenge_and_wins(node: Node) -> None:
    from grundy.client.connection import Connection

    bot = PickyNimBot()
    playing = asyncio.ensure_future(bot.play(url(node), "picky", games=1))
    async with Connection(url(node), "Ann") as ann:
        me = await find_bot(ann, "picky")
        assert me.kind == "bot"
        refused = await ann.request(p.Challenge(to=me.session, game="nim", params={"misere": True}))
        assert isinstance(refused, p.RoomCreated)
        declined = await ann.wait_for(lambda e: isinstance(e, p.ChallengeDeclined), TIMEOUT)
        assert isinstance(declined, p.ChallengeDeclined)
        assert declined.room == refused.room and declined.player == "picky"
        made = await ann.request(p.Challenge(to=me.session, game="nim", params=HEAPS, seat=1))
        assert isinstance(made, p.RoomCreated)
        await asyncio.wait_for(first_moves(ann, made.room), TIMEOUT)
        results = await asyncio.wait_for(playing, TIMEOUT)
    assert [(r.room, r.seat, r.outcome, r.ending) for r in results] == [(made.room, 0, "win", "rules")]
    assert results[0].players == ("picky", "Ann") and results[0].moves[0] == "1:2"


async def wait_for_entrants(conn: Any, tid: str, n: int) -> None:
    for _ in range(600):  # (10 asks a second: under the node's rate limit however long the bots take to enter)
        state = await conn.request(p.GetTournament(tournament=tid))
        if state.tournament.entrants >= n:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"tournament {tid}: fewer than {n} entrants came")


async def test_sdk_bots_play_a_rated_round_robin_to_the_end(node: Node) -> None:
    from grundy.client.connection import Connection

    bots = [nimsum.NimSumBot(), randombot.RandomBot(), randombot.RandomBot()]
    names = ["nimsum", "dice", "coin"]
    async with Connection(url(node), "organiser") as org:
        made = await org.request(
            p.CreateTournament(name="sdk cup", game="nim", params=HEAPS, games_per_pairing=2, bots=["random"])
        )
        assert isinstance(made, p.TournamentState)
        tid = made.tournament.tournament
        runs = [asyncio.ensure_future(b.play(url(node), n, tournament=tid)) for b, n in zip(bots, names, strict=True)]
        await wait_for_entrants(org, tid, 4)
        await org.request(p.StartTournament(tournament=tid))
        results = await asyncio.wait_for(asyncio.gather(*runs), TIMEOUT)
        final = await org.request(p.GetTournament(tournament=tid))
    assert isinstance(final, p.TournamentState) and final.tournament.status == "finished"
    assert [len(r) for r in results] == [6, 6, 6]  # three opponents, both colours each
    assert all(g.ending == "rules" for r in results for g in r)
    # The nim-sum bot wins every game it moves first in, and (bar a random bot finding every
    # nim-sum-zero move) every other: it tops the table with all 6 points.
    top = final.standings[0]
    assert (top.name, top.kind, top.points, top.wins) == ("nimsum", "bot", 6.0, 6)
    assert sorted(s.kind for s in final.standings) == ["bot", "bot", "bot", "hosted"]
    assert sum(s.points for s in final.standings) == 12
    # The standings show each entrant's one rating (Glicko-2, what every list shows): these bots are guests, whose
    # games change none, so it stays a newcomer's and the tournament changed nothing.
    assert all((s.rating, s.rd, s.provisional, s.rating_change) == (1500.0, 350.0, True, 0.0) for s in final.standings)
    # The seeding Elo is in the store, by the bots' sessions (shown nowhere).
    stored = {b.conn.session: await node.store.get_rating(b.conn.session, "nim") for b in bots if b.conn is not None}
    assert len(stored) == 3 and all(r is not None and r.games == 6 for r in stored.values())
    assert stored[top.entrant].value > 1500  # type: ignore[union-attr]


async def test_a_swiss_tournament_with_a_bot_from_the_command_line(node: Node) -> None:
    from grundy.client.connection import Connection

    async with Connection(url(node), "organiser") as org:
        made = await org.request(p.CreateTournament(game="nim", params={"heaps": [2, 3]}, format="swiss", rounds=2))
        assert isinstance(made, p.TournamentState)
        tid = made.tournament.tournament
        runs = [
            asyncio.ensure_future(b.play(url(node), n, tournament=tid))
            for b, n in ((nimsum.NimSumBot(), "nimsum"), (randombot.RandomBot(), "dice"))
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "examples" / "random_bot.py"), "--server", url(node), "--name", "cli",
            "--tournament", tid, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
        )
        await wait_for_entrants(org, tid, 3)
        start = await org.request(p.StartTournament(tournament=tid))
        assert isinstance(start, p.TournamentState) and start.tournament.format == "swiss"
        out, err = await asyncio.wait_for(proc.communicate(), TIMEOUT)
        results = await asyncio.wait_for(asyncio.gather(*runs), TIMEOUT)
        final = await org.request(p.GetTournament(tournament=tid))
    assert proc.returncode == 0, err.decode()
    assert isinstance(final, p.TournamentState) and final.tournament.status == "finished"
    assert len(final.rounds) == 2 and all(len(rnd) == 2 for rnd in final.rounds)  # a game and a bye each round
    byes = [pr.entrants[0] for rnd in final.rounds for pr in rnd if len(pr.entrants) == 1]
    assert len(set(byes)) == 2  # nobody gets two byes
    played = sum(len(r) for r in results) + len(out.decode().splitlines())
    assert played == 4  # two games, two players each
    assert sum(s.points for s in final.standings) == 4  # two games and two byes


async def test_a_bot_given_several_nodes_plays_on_the_one_that_answers(
    node: Node, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cluster.redisproc import free_port

    dead = f"ws://127.0.0.1:{free_port()}/"
    argv = ["--server", dead, "--server", url(node), "--game", "nim", "--set", "heaps=3,4,5", "--vs", "bot:random",
            "--games", "1"]  # fmt: skip
    code = await asyncio.wait_for(asyncio.to_thread(randombot.RandomBot().main, argv), TIMEOUT)
    out, err = capsys.readouterr()
    assert code == 0 and " nim seat 0: " in out, err
    bad = await asyncio.to_thread(randombot.RandomBot().main, ["--server", f"{dead},http://x", "--game", "nim"])
    assert bad == 1 and "scheme must be ws:// or wss://" in capsys.readouterr().err
