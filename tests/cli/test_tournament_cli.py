"""`grundy tournament`: specs, the table, and whole runs as a user starts them (real processes, a real node)."""

from __future__ import annotations

import asyncio
import io
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.cli import tournament as t
from grundy.server.node import Node
from tests.cli import inproc
from tests.server.e2e.conftest import node_factory
from tests.server.e2e.wsclient import NodeFactory

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120


def grundy(*args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """Run the command as a user does (a fresh process), from the repository's root."""
    command = [sys.executable, "-m", "grundy.cli.main", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def here(*args: str) -> subprocess.CompletedProcess[str]:
    """What :func:`grundy` gives, run in this process (tests/cli/inproc.py): for what is refused before a game starts
    (whole runs and a player's process that dies are processes, as above)."""
    return inproc.grundy(*args)


def table(out: str) -> dict[str, list[str]]:
    """The final table's rows by player name: [score, games, W, D, L, draw%, T/O]."""
    rows: dict[str, list[str]] = {}
    final = out[out.rindex("  # Name") :]
    for line in final.splitlines()[1:]:
        m = re.match(r"^\s+\d+ (.+?)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\d+)$", line)
        if not m:
            break
        rows[m.group(1)] = list(m.groups()[1:])
    return rows


# ---------------------------------------------------------------------------------- specs and the table


def test_player_specs_are_read_with_an_optional_name() -> None:
    assert t.parse_spec("bot:hard") == t.PlayerSpec("bot", "hard", None, "bot:hard")
    assert t.parse_spec("bot:hard name=Hard2").name == "Hard2"
    spec = t.parse_spec("pbrain:./pbrain-x --fast name=X")
    assert spec.argv() == ["./pbrain-x", "--fast"] and spec.name == "X"
    assert t.parse_spec("cmd:python my_bot.py --depth 3").argv() == ["python", "my_bot.py", "--depth", "3"]
    assert t.parse_spec("player:Ann").value == "Ann"
    for bad, words in [
        ("hard", "write bot:LEVEL"),
        ("robot:hard", "write bot:LEVEL"),
        ("bot:grandmaster", "the bot levels are"),
        ("bot:", "needs a level"),
        ("cmd:'unclosed", "quotation"),
        ("bot:easy name=" + "x" * 33, "1 to 32"),
    ]:
        with pytest.raises(t.SpecError, match=words):
            t.parse_spec(bad)


def test_display_names_are_made_unique() -> None:
    assert t.unique_names(["bot (hard)", "bot (hard)", "x", "bot (hard)"]) == [
        "bot (hard)", "bot (hard) #2", "x", "bot (hard) #3",
    ]  # fmt: skip
    assert t.default_name(t.parse_spec("cmd:examples/random_bot.py --x")) == "random_bot"
    assert t.default_name(t.parse_spec("bot:max")) == "bot (max)"


def state(games: list[tuple[list[str], list[str] | None]], status: str = "running") -> p.TournamentState:
    """A two-player tournament state with these games (seats, outcomes) in one pairing."""
    summary = p.TournamentSummary(
        tournament="t-1", name="m", game="nim", params={}, time_control=None, format="round-robin", rounds=1,
        round=1, games_per_pairing=len(games), rated=False, status=status, entrants=2, creator="x", created_at=0.0,
    )  # fmt: skip
    tg = [
        p.TournamentGame(seats=s, room=f"r{i}", status="finished" if o else "playing", outcomes=o)
        for i, (s, o) in enumerate(games)
    ]
    points = {"a": 0.0, "b": 0.0}
    for s, o in games:
        for e, out in zip(s, o or [], strict=False):
            points[e] += {"win": 1.0, "draw": 0.5, "loss": 0.0}[out]
    standings = [
        p.Standing(rank=i + 1, entrant=e, name=e.upper(), kind="bot", points=points[e], games=0, wins=0, draws=0,
                   losses=0)
        for i, e in enumerate(sorted(points, key=lambda e: -points[e]))
    ]  # fmt: skip
    pairing = p.Pairing(round=1, board=1, entrants=["a", "b"], names=["A", "B"], games=tg)
    return p.TournamentState(tournament=summary, standings=standings, rounds=[[pairing]], server_time=1.0)


def test_match_counts_pair_the_games_of_each_opening() -> None:
    games = [
        (["a", "b"], ["win", "loss"]),
        (["b", "a"], ["win", "loss"]),  # pair 1: a won one, lost one
        (["a", "b"], ["draw", "draw"]),
        (["b", "a"], ["loss", "win"]),  # pair 2: a drew and won
        (["a", "b"], ["win", "loss"]),  # pair 3: one game so far
        (["b", "a"], None),
    ]
    progress = t.Progress()
    progress.update(state(games))
    w, d, lo, pairs = progress.match_counts("a")
    assert (w, d, lo) == (3, 1, 1)
    assert pairs == (0, 0, 1, 1, 0)  # LL, LD, WL+DD, WD, WW: the unfinished pair is left out
    progress.update(state(games[:2]).model_copy(update={"server_time": 0.5}))  # an older state, read late
    assert len(progress.finished()) == 5


def test_the_match_table_shows_the_score_elo_and_the_sprt() -> None:
    from grundy import rules

    progress = t.Progress({"a": "Alpha", "b": "Beta"})
    progress.update(state([(["a", "b"], ["win", "loss"]), (["b", "a"], ["draw", "draw"])]))
    progress.order = ["a", "b"]
    opts = t.Options(game=rules.create("nim"), params={}, players=[], match=True)
    lines = t.render(progress, opts, "SPRT: LLR 0.10 (-2.94, 2.94)")
    text = "\n".join(lines)
    assert "Score of Alpha vs Beta: 1 - 0 - 1 [0.750] 2" in text
    assert "Elo +191, LOS 84.1 %, draw ratio 50.0 %" in text  # (two games: the error is not known yet)
    assert lines[-1] == "SPRT: LLR 0.10 (-2.94, 2.94)"
    assert t.one_line(progress, opts).startswith("2/2 games: Alpha +1 =1 -0, Elo +191")


def test_the_screen_redraws_in_place_on_a_terminal_and_prints_lines_otherwise() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    plain = io.StringIO()
    screen = t.Screen(plain)
    screen.show(["a", "b"], "one")
    screen.show(["a", "b"], "one")  # unchanged: not printed again
    screen.show(["a", "c"], "two")
    assert plain.getvalue() == "one\ntwo\n"
    tty = Tty()
    screen = t.Screen(tty)
    screen.show(["a", "b"], "one")
    screen.show(["a", "c"], "two")
    assert tty.getvalue() == "\x1b[J" + "a\nb\n" + "\x1b[2F\x1b[J" + "a\nc\n"


# ---------------------------------------------------------------------------------- whole runs


def test_a_round_robin_of_three_hosted_levels_runs_to_the_end() -> None:
    run = grundy("tournament", "tictactoe", "--player", "bot:random", "--player", "bot:medium", "--player",
                 "bot:hard", "--tc", "10s+0.1", "--games", "2", "--concurrency", "2")  # fmt: skip
    assert run.returncode == 0, run.stderr
    rows = table(run.stdout)
    assert set(rows) == {"bot (random)", "bot (medium)", "bot (hard)"}
    assert all(r[1] == "4" for r in rows.values())  # two games against each of two opponents
    assert sum(float(r[0]) for r in rows.values()) == 6.0  # six games, a point each
    assert float(rows["bot (hard)"][0]) >= 2.0  # perfect play never loses tic-tac-toe
    assert "Crosstable" in run.stdout and "finished: all rounds played" in run.stdout
    assert "6/6 games" in run.stdout and not run.stderr


def test_a_swiss_with_sdk_bots_started_as_processes(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    run = grundy(
        "tournament", "nim", "--format", "swiss", "--rounds", "2", "--player", "cmd:examples/random_bot.py",
        "--player", "cmd:examples/nimsum_bot.py name=NimSum", "--player", "bot:hard", "--player",
        "bot:hard name=Hard2", "--tc", "10s+0.1", "--concurrency", "4", "--out", str(out),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    rows = table(run.stdout)
    assert set(rows) == {"random_bot", "NimSum", "bot (hard)", "Hard2"}
    assert all(r[1] == "4" for r in rows.values())  # two rounds of two games
    records = out.read_text().split("\n\n[Event")
    assert len(records) == 8
    assert '[Seat0 "Hard2"]' in out.read_text() or '[Seat1 "Hard2"]' in out.read_text()
    assert "wrote 8 game record(s)" in run.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nim", "--player", "bot:easy", "--player", "robot:x"], "player 'robot:x': write bot:LEVEL"),
        (["chess", "--player", "bot:easy", "--player", "bot:hard"], "chess"),
        (["nim", "--player", "bot:easy"], "at least two players"),
        (["nim", "--player", "bot:easy", "--player", "bot:hard", "--format", "knockout", "--rounds", "3"], "--rounds"),
        (["nim", "--player", "bot:easy", "--player", "player:Ann"], "needs --server"),
        (["nim", "--player", "bot:easy", "--player", "bot:hard", "--tc", "fast"], "--tc"),
        (["nim", "--player", "bot:easy", "--player", "bot:hard", "--openings", "builtin"], "no built-in set for nim"),
        (["nim", "--player", "bot:easy", "--player", "pbrain:x"], "Gomocup engine plays gomoku"),
        (["nim", "--player", "bot:easy", "--player", "bot:hard", "--format-out", "psq", "--out", "d"], "gomoku"),
        (["gomoku", "--player", "bot:hard", "--player", "cmd:x", "--format", "gauntlet"], "challenger"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    run = here("tournament", *args)
    assert run.returncode == 2, run.stdout + run.stderr
    assert message in run.stderr and "Traceback" not in run.stderr
    assert run.stderr.startswith("grundy: error: ") and run.stderr.count("\n") == 1


def test_a_bad_openings_file_names_its_line_and_move(tmp_path: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_text("# two openings\na1 b2\nb2 b2\n")
    run = here("tournament", "tictactoe", "--player", "bot:easy", "--player", "bot:hard", "--openings", str(book))
    assert run.returncode == 2
    assert f"{book}:3: move 2 'b2'" in run.stderr and "Traceback" not in run.stderr


def test_runtime_failures_exit_1_with_one_line(tmp_path: Path) -> None:
    closed = here("tournament", "nim", "--player", "bot:easy", "--player", "bot:hard", "--server",
                  "ws://127.0.0.1:9/,ws://127.0.0.1:7/")  # fmt: skip
    assert closed.returncode == 1 and "cannot reach ws://127.0.0.1:9/,ws://127.0.0.1:7/" in closed.stderr
    missing = here("tournament", "gomoku", "--player", f"pbrain:{tmp_path}/pbrain-none", "--player", "bot:easy")
    assert missing.returncode == 1 and "no engine at" in missing.stderr
    broken = tmp_path / "bot.py"
    broken.write_text("raise SystemExit('this bot cannot start')\n")
    died = grundy("tournament", "nim", "--player", f"cmd:{broken}", "--player", "bot:easy")
    assert died.returncode == 1 and "exited (code 1) before it entered" in died.stderr
    assert "this bot cannot start" in died.stderr
    for run in (closed, missing, died):
        assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1, run.stderr


# ---------------------------------------------------------------------------------- against a separate node


@pytest.fixture
async def make_node(tmp_path: Path) -> AsyncIterator[NodeFactory]:
    async with node_factory(tmp_path, cluster=False) as make:
        yield make


async def test_a_tournament_on_a_separate_node_with_a_player_online(make_node: NodeFactory) -> None:
    from grundy.client.sdk import Bot, Turn

    node: Node = await make_node()
    url = f"ws://127.0.0.1:{node.port}/"

    class First(Bot):
        def choose(self, view: Turn) -> str:
            assert view.legal_moves
            return view.legal_moves[0]

    # (two nodes given, the first one down: the run goes to the one that answers)
    command = [sys.executable, "-m", "grundy.cli.main", "tournament", "nim", "--server", "ws://127.0.0.1:9/",
               "--server", url, "--player",
               "player:Online", "--player", "bot:easy", "--tc", "10s+0.1", "--games", "2"]  # fmt: skip
    proc = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE, cwd=ROOT)  # fmt: skip
    assert proc.stdout is not None
    seen = ""
    while "waiting for Online" not in seen:
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        assert line, "the command ended before it waited for the player"
        seen += line.decode()
    tid = re.search(r"tournament (t-\S+) on", seen)
    assert tid is not None
    bot = First()
    results = await asyncio.wait_for(bot.play(url, "Online", tournament=tid.group(1)), 60)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    assert len(results) == 2
    rows = table(seen + out.decode())
    assert set(rows) == {"Online", "bot (easy)"} and rows["Online"][1] == "2"
    assert "finished: all rounds played" in out.decode()
