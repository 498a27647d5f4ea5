"""`grundy match`: a Gomocup engine against a hosted bot from the built-in openings, and the SPRT stopping a match."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

from grundy import rules
from grundy.cli import openings as op
from tests.cli.test_tournament_cli import grundy, here, table

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "tests" / "client" / "gomocup_engine.py"


def pgn_games(text: str) -> list[dict[str, str | list[str]]]:
    """The games of a PGN-like file: tags and the move texts (numbers, comments and the result removed)."""
    games = []
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        body = re.sub(r"\{[^}]*\}", " ", block.split("\n\n", 1)[1])
        moves = [w for w in body.split() if not re.match(r"^\d+\.$", w) and w not in ("1-0", "0-1", "1/2-1/2", "*")]
        games.append({**tags, "moves": moves})
    return games


def test_an_engine_against_a_hosted_bot_from_the_renju_openings(tmp_path: Path) -> None:
    out = tmp_path / "match.pgn"
    run = grundy("match", "gomoku", f"pbrain:{ENGINE} name=Liner", "bot:easy", "--openings", "builtin", "--games", "4",
                 "--tc", "20s+0.2", "--concurrency", "2", "--out", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr
    rows = table(run.stdout)
    assert set(rows) == {"Liner", "bot (easy)"} and rows["Liner"][1] == "4" and rows["bot (easy)"][1] == "4"
    assert "Score of Liner vs bot (easy): " in run.stdout and "LOS " in run.stdout and "draw ratio" in run.stdout
    assert "26 openings" in run.stdout and "wrote 4 game record(s)" in run.stdout
    games = pgn_games(out.read_text())
    assert len(games) == 4
    book = [list(o.moves) for o in op.load("builtin", rules.create("gomoku")).openings]
    # Games 1 and 2 play the first opening, 3 and 4 the second, each with the colours swapped.
    firsts = sorted((g["moves"][:3], g["Seat0"]) for g in games)  # type: ignore[index]
    assert [m for m, _ in firsts] == [book[0], book[0], book[1], book[1]]
    assert {s for _, s in firsts[:2]} == {s for _, s in firsts[2:]} == {"Liner", "bot (easy)"}
    for g in games:
        assert g["Game"] == "gomoku" and g["TimeControl"] == "20+0.2" and g["Result"] in ("1-0", "0-1", "1/2-1/2")
    psq = tmp_path / "psq"
    again = grundy("match", "gomoku", f"pbrain:{ENGINE}", "bot:random", "--openings", "builtin:renju26", "--games",
                   "2", "--tc", "20s+0.2", "--format-out", "psq", "--out", str(psq))  # fmt: skip
    assert again.returncode == 0, again.stderr
    files = sorted(psq.iterdir())
    assert [f.name for f in files] == ["game-0001.psq", "game-0002.psq"]
    first = files[0].read_text().splitlines()
    assert first[0] == "Piskvorky 15x15, 11:11, 0" and first[1].startswith("8,8,") and first[-1] == "-1"
    assert "LineBuilder 1.0" in first  # the engine's ABOUT name


def test_the_sprt_stops_a_match_once_it_decides() -> None:
    # Two random movers at nim are even; "the first is at least 200 Elo stronger" is soon rejected.
    run = grundy("match", "nim", "bot:random", "bot:random", "--games", "200", "--tc", "10s+0.1", "--concurrency",
                 "2", "--sprt", "elo0=200", "elo1=600", "model=trinomial")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "H0 accepted" in run.stdout and "stopping the tournament (SPRT: H0 accepted)" in run.stdout
    assert "finished: stopped by its creator" in run.stdout
    rows = table(run.stdout)
    played = int(rows["bot (random)"][1])
    assert 2 <= played < 200
    llr = re.findall(r"LLR (-?[\d.]+) \((-?[\d.]+), ([\d.]+)\)", run.stdout)
    assert llr and float(llr[-1][0]) <= float(llr[-1][1]) == -2.94


def test_sprt_is_for_matches_and_needs_sane_bounds() -> None:
    bad = grundy("match", "nim", "bot:easy", "bot:hard", "--sprt", "elo0=5", "elo1=0")
    assert bad.returncode == 2 and "elo0 must be less than elo1" in bad.stderr
    tour = here("tournament", "nim", "--player", "bot:easy", "--player", "bot:hard", "--sprt", "elo0=0")
    assert tour.returncode == 2 and "--sprt" in tour.stderr


def test_an_engine_that_crashes_loses_on_time_and_the_table_counts_it() -> None:
    run = grundy("match", "gomoku", f"pbrain:{ENGINE} --crash-after 2 name=Crashy", "bot:random", "--games", "2",
                 "--tc", "10s+0.1")  # fmt: skip
    assert run.returncode == 0, run.stderr
    rows = table(run.stdout)
    assert rows["Crashy"][1:] == ["2", "0", "0", "2", "0%", "2"]  # games, W, D, L, draws, lost on time
    assert rows["bot (random)"][-1] == "0"


def test_ctrl_c_stops_the_match_and_prints_the_final_table() -> None:
    command = [sys.executable, "-m", "grundy.cli.main", "match", "nim", "bot:random", "bot:random", "--games", "1000",
               "--tc", "10s+0.1"]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    seen = ""
    while "1/1000 games" not in seen:  # the first game has ended
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else ""
        seen += line
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "stopping the tournament (stopped by the user)" in out and "finished: stopped by its creator" in out
    played = int(table(seen + out)["bot (random)"][1])
    assert 1 <= played < 1000
