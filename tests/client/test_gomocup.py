"""The Gomocup bridge: coordinates, the engine driver against a test brain, then real games on a node."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.client.gomocup import (
    OPENINGS,
    Brain,
    EngineCrashed,
    EngineProtocolError,
    EngineTimeout,
    GomocupBot,
    brain_command,
    display_name,
    from_cell,
    opening_move,
    parse_about,
    parse_move,
    position,
    to_cell,
)
from grundy.server.node import Node
from tests.server.e2e.conftest import url

ROOT = Path(__file__).resolve().parents[2]
ENGINE = str(Path(__file__).with_name("gomocup_engine.py"))
TIMEOUT = 90.0


def engine(*args: str) -> list[str]:
    return brain_command(ENGINE, args)


# ------------------------------------------------------------------ coordinates and parsing


def test_gomocup_y_runs_from_the_top_and_cells_from_the_bottom() -> None:
    assert to_cell(0, 0, 15) == "a15"  # top-left
    assert to_cell(0, 14, 15) == "a1"  # bottom-left
    assert to_cell(14, 14, 15) == "o1"
    assert to_cell(7, 7, 15) == "h8"  # the centre stays the centre
    assert to_cell(3, 0, 19) == "d19"
    assert from_cell("a1", 15) == (0, 14) and from_cell("c5", 15) == (2, 10)
    for size in (15, 19):
        for x in range(size):
            for y in range(size):
                assert from_cell(to_cell(x, y, size), size) == (x, y)
    with pytest.raises(EngineProtocolError, match="off the 15x15 board"):
        to_cell(15, 0, 15)


def test_answers_and_names() -> None:
    assert parse_move(" 7 , 8 ", 15) == (7, 8)
    for bad in ("7 8", "x,y", "", "7,8,1"):
        with pytest.raises(EngineProtocolError, match="not a move"):
            parse_move(bad, 15)
    with pytest.raises(EngineProtocolError, match="off the"):
        parse_move("-1,3", 15)
    about = parse_about('name="Yixin", version="2018", author="Kai Sun", country="China"')
    assert about == {"name": "Yixin", "version": "2018", "author": "Kai Sun", "country": "China"}
    assert parse_about("Plain Brain") == {"name": "Plain Brain"}
    assert display_name(about, "x") == "Yixin 2018"
    assert display_name({}, "gomocup-bot") == "gomocup-bot"
    assert len(display_name({"name": "N" * 40}, "x")) == 32
    assert position(["h8", "h9", "a1"], 0, 15) == [(7, 7, 1), (7, 6, 2), (0, 14, 1)]
    assert position(["h8", "h9"], 1, 15) == [(7, 7, 2), (7, 6, 1)]
    assert brain_command("/opt/brain") == ["/opt/brain"]
    assert brain_command("b.py", ["--x"]) == [sys.executable, "b.py", "--x"]


# ------------------------------------------------------------------ the driver against a real brain process


async def test_the_driver_speaks_the_protocol(tmp_path: Path) -> None:
    log = tmp_path / "brain.log"
    brain = Brain(engine("--chatty", "--log", str(log)))
    await brain.launch()
    try:
        assert (await brain.about())["name"] == "LineBuilder"
        await brain.start(15)
        await brain.info("timeout_turn", 1000)
        assert await brain.begin(15, 5) == (7, 7)
        x, y = await brain.turn(7, 6, 15, 5)
        assert (x, y) != (7, 6) and 0 <= x < 15 and 0 <= y < 15
        # A whole position: the brain completes its four (own stones at y=3, x=3..6).
        stones = [(3, 3, 1), (0, 0, 2), (4, 3, 1), (0, 1, 2), (5, 3, 1), (0, 2, 2), (6, 3, 1), (0, 4, 2)]
        assert await brain.board(stones, 15, 5) in {(2, 3), (7, 3)}
        assert any(m.startswith("MESSAGE") for m in brain.messages)
    finally:
        await brain.end()
    assert brain.returncode == 0
    sent = log.read_text().splitlines()
    assert sent[:6] == ["ABOUT", "START 15", "INFO timeout_turn 1000", "BEGIN", "TURN 7,6", "BOARD"]
    assert sent[6:] == [f"{x},{y},{f}" for x, y, f in stones] + ["DONE", "END"]


async def test_lines_may_end_with_a_bare_cr() -> None:
    brain = Brain(engine("--cr"))
    await brain.launch()
    try:
        await brain.start(19)
        assert await brain.begin(19, 5) == (9, 9)
    finally:
        await brain.end()


async def test_a_refused_size_a_crash_and_silence_are_typed_errors() -> None:
    refuser = Brain(engine("--refuse-size"))
    await refuser.launch()
    with pytest.raises(EngineProtocolError, match="answered 'ERROR unsupported size' to START 15"):
        await refuser.start(15)
    await refuser.end()

    crasher = Brain(engine("--crash-after", "1"))
    await crasher.launch()
    await crasher.start(15)
    await crasher.begin(15, 5)
    with pytest.raises(EngineCrashed, match="exited"):
        await crasher.turn(0, 0, 15, 5)
    with pytest.raises(EngineCrashed):
        await crasher.turn(1, 1, 15, 5)
    await crasher.end()

    mute = Brain(engine("--silent-after", "0"))
    await mute.launch()
    await mute.start(15)
    loop = asyncio.get_running_loop()
    t = loop.time()
    with pytest.raises(EngineTimeout, match="did not answer BEGIN within 0.50 s"):
        await mute.begin(15, 0.5)
    assert loop.time() - t < 5
    await mute.end(grace=0.2)  # a brain that ignores END is killed
    assert mute.returncode is not None

    missing = Brain(["/nonexistent/brain"])
    with pytest.raises(EngineCrashed, match="cannot start"):
        await missing.launch()


async def test_the_bot_takes_its_name_from_about() -> None:
    bot = GomocupBot(engine("--name", "Tester"))
    assert await bot.introduce() == "Tester 1.0"
    assert bot.can_play("gomoku", {"size": 15, "rule": "renju", "opening": "none"})
    assert not bot.can_play("gomoku", {"size": 15, "rule": "freestyle", "opening": "swap2"})
    assert not bot.can_play("mnk", {})


# ------------------------------------------------------------------ real games on a real node


async def test_the_bridge_plays_a_whole_gomoku_game(node: Node, tmp_path: Path) -> None:
    log = tmp_path / "brain.log"
    bot = GomocupBot(engine("--name", "LineBuilder", "--log", str(log)))
    name = await bot.introduce()
    clock = p.TimeControl(initial_s=120, increment_s=2)
    results = await asyncio.wait_for(
        bot.play(url(node), name, game="gomoku", params={"size": 15}, time_control=clock, vs="bot:random"), TIMEOUT
    )
    r = results[0]
    assert r.players == ("LineBuilder 1.0", "bot (random)")  # the ABOUT name is the bot's name
    assert r.ending == "rules" and r.outcome in ("win", "loss", "draw")
    assert r.moves[0] == "h8"  # BEGIN on 15x15: the brain's 7,7 is the centre
    # Every opponent move reached the brain as TURN x,y with y counted from the top.
    sent = log.read_text().splitlines()
    turns = [line.removeprefix("TURN ") for line in sent if line.startswith("TURN ")]
    theirs = [m for i, m in enumerate(r.moves) if i % 2 == 1 and m is not None]
    assert [to_cell(*map(int, t.split(",")), 15) for t in turns] == theirs[: len(turns)]
    assert len(turns) == len(theirs) - (1 if r.outcome == "loss" else 0)  # a winning last move is not told
    assert "BEGIN" in sent and "BOARD" not in sent
    assert any(line.startswith("INFO timeout_match 120000") for line in sent)
    assert any(line.startswith("INFO time_left ") for line in sent) and sent[-1] == "END"
    assert bot.matches == {}  # the brain was ended with the game


async def test_a_crashing_engine_loses_on_time(node: Node) -> None:
    bot = GomocupBot(engine("--crash-after", "2"))
    results = await asyncio.wait_for(
        bot.play(url(node), "crasher", game="gomoku", params={"size": 15}, vs="bot:random"), TIMEOUT
    )
    assert (results[0].outcome, results[0].ending) == ("loss", "flag")
    assert results[0].reason == "crasher's engine failed (crashed) — loss on time"
    assert len(results[0].moves) == 4  # two moves each, then the engine died


async def test_a_silent_engine_loses_on_time(node: Node) -> None:
    bot = GomocupBot(engine("--silent-after", "1"))
    clock = p.TimeControl(initial_s=2, increment_s=0)
    loop = asyncio.get_running_loop()
    t = loop.time()
    results = await asyncio.wait_for(
        bot.play(url(node), "mute", game="gomoku", params={"size": 15}, time_control=clock, vs="bot:random", seat=1),
        TIMEOUT,
    )
    assert (results[0].outcome, results[0].ending) == ("loss", "flag")
    assert results[0].reason == "mute's engine failed (silent) — loss on time"  # not the server's flag
    assert len(results[0].moves) == 3  # black, its one answer, black again; then silence
    assert loop.time() - t < 30


async def test_untimed_silence_is_bounded_by_the_turn_time(node: Node) -> None:
    bot = GomocupBot(engine("--silent-after", "0"), turn_s=0.3)
    results = await asyncio.wait_for(
        bot.play(url(node), "mute", game="gomoku", params={"size": 15}, vs="bot:random"), TIMEOUT
    )
    assert (results[0].outcome, results[0].ending, results[0].moves) == ("loss", "flag", ())
    assert results[0].reason == "mute's engine failed (silent) — loss on time"


async def test_grundy_gomocup_bot_command_answers_a_challenge(node: Node) -> None:
    """The command in its default mode takes the open seat of a waiting gomoku room (given two nodes, the first
    one down: it goes to the one that answers)."""
    from grundy.client.connection import Connection

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    async with Connection(url(node), "Ann") as human:
        created = await human.request(p.CreateRoom(game="gomoku", params={"size": 15}, seat=0))
        assert isinstance(created, p.RoomCreated)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "gomocup-bot", ENGINE, "--server", f"ws://127.0.0.1:9/,{url(node)}",
            "--games", "1",
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
        )
        try:
            started = await human.wait_for(lambda ev: isinstance(ev, p.RoomState) and ev.status == "playing", 30)
            assert isinstance(started, p.RoomState) and started.seats[1].player == "LineBuilder 1.0"
            await human.request(p.Move(room=created.room, ply=0, move="a1"))
            answer = await human.wait_for(lambda ev: isinstance(ev, p.MoveMade) and ev.seat == 1, 30)
            assert isinstance(answer, p.MoveMade) and answer.move is not None
            await human.request(p.Resign(room=created.room))
            out, err = await asyncio.wait_for(proc.communicate(), 30)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    assert proc.returncode == 0, err.decode()
    assert f"{created.room} gomoku seat 1 (LineBuilder 1.0): win" in out.decode()


async def test_an_occupied_cell_loses_and_the_room_is_told_why(node: Node) -> None:
    from grundy.client.connection import Connection

    async with Connection(url(node), "Ann") as human:
        created = await human.request(p.CreateRoom(game="gomoku", params={"size": 15}, seat=0))
        assert isinstance(created, p.RoomCreated)
        bot = GomocupBot(engine("--echo"))
        playing = asyncio.ensure_future(bot.play(url(node), "echo", room=created.room, seat=1))
        await human.wait_for(lambda ev: isinstance(ev, p.RoomState) and ev.status == "playing", 30)
        await human.request(p.Move(room=created.room, ply=0, move="c3"))
        said = await human.wait_for(lambda ev: isinstance(ev, p.Chat), 30)
        assert isinstance(said, p.Chat) and said.seat == 1 and "'c3' was refused" in said.text
        over = await human.wait_for(lambda ev: isinstance(ev, p.GameOver), 30)
        assert isinstance(over, p.GameOver) and over.result is not None
        assert (over.result.outcomes, over.result.ending) == (["win", "loss"], "resign")
        results = await asyncio.wait_for(playing, 30)
    assert results[0].moves == ("c3",)


async def test_the_command_plays_a_round_robin_to_the_end(node: Node) -> None:
    """`grundy gomocup-bot --tournament ID` plays each of its games; a crashing bridge loses its games on time."""
    from grundy.client.connection import Connection

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    async with Connection(url(node), "organiser") as org:
        made = await org.request(
            p.CreateTournament(name="renju cup", game="gomoku", params={"size": 15, "rule": "renju"}, bots=["random"])
        )
        assert isinstance(made, p.TournamentState)
        tid = made.tournament.tournament
        crasher = GomocupBot(engine("--crash-after", "2"))
        crashing = asyncio.ensure_future(crasher.play(url(node), "crasher", tournament=tid))
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "gomocup-bot", ENGINE, "--server", url(node), "--tournament", tid,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
        )
        try:
            for _ in range(500):
                state = await org.request(p.GetTournament(tournament=tid))
                if isinstance(state, p.TournamentState) and state.tournament.entrants == 3:
                    break
                await asyncio.sleep(0.05)
            await org.request(p.StartTournament(tournament=tid))
            out, err = await asyncio.wait_for(proc.communicate(), TIMEOUT)
            crashed = await asyncio.wait_for(crashing, TIMEOUT)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        final = await org.request(p.GetTournament(tournament=tid))
    assert proc.returncode == 0, err.decode()
    assert isinstance(final, p.TournamentState) and final.tournament.status == "finished"
    assert len(final.rounds) == 3  # three entrants: everyone meets everyone, one sits out each round
    # The command printed its two games, played under its ABOUT name.
    lines = out.decode().splitlines()
    assert len(lines) == 2 and all("gomoku seat" in line and "(LineBuilder 1.0)" in line for line in lines)
    # The crashing bridge lost both of its games on time, each naming the crash.
    assert [(r.outcome, r.ending) for r in crashed] == [("loss", "flag")] * 2
    assert all("engine failed (crashed) — loss on time" in r.reason for r in crashed)
    table = {s.name: s for s in final.standings}
    assert set(table) == {"LineBuilder 1.0", "crasher", "bot (random)"}
    assert (table["crasher"].points, table["crasher"].losses) == (0.0, 2)
    assert table["LineBuilder 1.0"].games == 2 and sum(s.points for s in final.standings) == 3


# ------------------------------------------------------------------ a series of games, draws, refusals


def test_openings_place_the_engines_first_stone() -> None:
    assert opening_move(0, [], 15) is None  # opening 0: the engine's own
    assert opening_move(1, [], 15) == "i8"  # black one column right of the centre
    assert opening_move(1, ["h8"], 15) == "i8"  # white beside black's stone
    assert opening_move(2, ["h8"], 15) == "i9"  # white diagonal to it
    assert opening_move(1, ["o8"], 15) is None  # off the board: the engine's own
    assert opening_move(1, ["h8", "a1"], 15) is None  # only the first own stone
    assert len({opening_move(k, [], 15) for k in range(1, len(OPENINGS))}) == len(OPENINGS) - 1


async def test_a_series_alternates_colours_and_varies_openings(node: Node) -> None:
    """Today's bug: two games against the same bot were the same game; now seats alternate and openings vary."""
    bot = GomocupBot(engine("--name", "Series"))
    results = await asyncio.wait_for(
        bot.play(url(node), "series", game="gomoku", params={"size": 15}, vs="bot:random", games=4), TIMEOUT * 2
    )
    assert [r.seat for r in results] == [0, 1, 0, 1]
    assert results[0].moves[0] == "h8"  # opening 0: the engine's BEGIN
    assert results[2].moves[0] == opening_move(1, [], 15) == "i8"  # opening 1 as black
    black = results[3].moves[0]
    assert black is not None
    answer = opening_move(1, [black], 15)  # opening 1 as white (None: the book's reply would leave the board)
    assert answer is None or results[3].moves[1] == answer
    assert len({r.moves for r in results}) == 4


async def test_draw_offers_are_declined(node: Node) -> None:
    from grundy.client.connection import Connection

    async with Connection(url(node), "Ann") as human:
        created = await human.request(p.CreateRoom(game="gomoku", params={"size": 15}, seat=0))
        assert isinstance(created, p.RoomCreated)
        bot = GomocupBot(engine())
        playing = asyncio.ensure_future(bot.play(url(node), "bridge", room=created.room, seat=1))
        await human.wait_for(lambda ev: isinstance(ev, p.RoomState) and ev.status == "playing", 30)
        await human.request(p.Move(room=created.room, ply=0, move="a1"))
        await human.wait_for(lambda ev: isinstance(ev, p.MoveMade) and ev.seat == 1, 30)
        await human.request(p.OfferDraw(room=created.room))
        declined = await human.wait_for(lambda ev: isinstance(ev, p.DrawDeclined), 30)
        assert isinstance(declined, p.DrawDeclined) and declined.seat == 1
        await human.request(p.Resign(room=created.room))
        results = await asyncio.wait_for(playing, 30)
    assert results[0].outcome == "win"


def _wrapper(tmp_path: Path, name: str, *args: str) -> str:
    """An executable that runs the test brain with ``args`` (the command takes a path, not arguments)."""
    script = tmp_path / name
    script.write_text(f"#!/bin/sh\nexec {sys.executable} {ENGINE} {' '.join(args)}\n")
    script.chmod(0o755)
    return str(script)


async def test_the_command_refuses_up_front_and_creates_no_room(node: Node, tmp_path: Path) -> None:
    from grundy.client.connection import Connection

    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    async def command(*args: str) -> tuple[int, str]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "gomocup-bot", *args, "--server", url(node),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
        )
        _, err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode is not None
        return proc.returncode, err.decode()

    crashing = _wrapper(tmp_path, "crash.sh", "--crash-after", "0", "--refuse-size")
    dead = tmp_path / "dead.sh"
    dead.write_text("#!/bin/sh\nexit 3\n")
    dead.chmod(0o755)
    crashed, died, swap2, chess = await asyncio.gather(  # (each command at once: each is refused on its own)
        command(crashing, "--vs", "bot:random"),
        command(str(dead), "--vs", "bot:random"),
        command(ENGINE, "--vs", "bot:random", "--set", "opening=swap2"),
        command(ENGINE, "--vs", "bot:random", "--set", "rule=chess"),
    )
    code, err = crashed
    assert code == 1 and "the engine cannot play" in err and "START 15" in err
    code, err = died
    assert code == 1 and "the engine cannot play" in err
    code, err = swap2
    assert code == 2 and "opening=swap2" in err
    code, err = chess
    assert code == 2 and "rule" in err
    async with Connection(url(node), "watcher") as watcher:
        rooms = await watcher.request(p.ListRooms())
    assert isinstance(rooms, p.Rooms) and rooms.rooms == []


async def test_verbose_shows_the_engines_messages(node: Node, tmp_path: Path) -> None:
    chatty = _wrapper(tmp_path, "chatty.sh", "--chatty")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "grundy.cli.main", "gomocup-bot", chatty, "--server", url(node), "--vs", "bot:random",
        "--games", "1", "-v", stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    out, err = await asyncio.wait_for(proc.communicate(), TIMEOUT)
    assert proc.returncode == 0, err.decode()
    assert "MESSAGE thinking hard" in err.decode() and "DEBUG nodes=42" in err.decode()
    quiet = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "grundy.cli.main", "gomocup-bot", chatty, "--server", url(node), "--vs", "bot:random",
        "--games", "1", stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    _, err = await asyncio.wait_for(quiet.communicate(), TIMEOUT)
    assert quiet.returncode == 0 and "MESSAGE" not in err.decode()


async def test_the_command_refuses_a_tournament_it_cannot_play(node: Node) -> None:
    from grundy.client.connection import Connection

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    async with Connection(url(node), "organiser") as org:
        made = await org.request(
            p.CreateTournament(name="swap cup", game="gomoku", params={"opening": "swap2"}, bots=["random"])
        )
        assert isinstance(made, p.TournamentState)
        tid = made.tournament.tournament
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "grundy.cli.main", "gomocup-bot", ENGINE, "--server", url(node), "--tournament", tid,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
        )
        _, err = await asyncio.wait_for(proc.communicate(), 60)
        state = await org.request(p.GetTournament(tournament=tid))
    assert proc.returncode == 1 and "swap" in err.decode()
    assert isinstance(state, p.TournamentState) and state.tournament.entrants == 1  # only the hosted bot
