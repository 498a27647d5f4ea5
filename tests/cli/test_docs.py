"""The documents stand alone: the rules of every game in docs/, links inside the repository, and the
instructions of examples/README and the README doing what they say."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from grundy import rules

ROOT = Path(__file__).resolve().parents[2]


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=60, cwd=ROOT
    )


def test_every_game_of_the_catalog_has_its_rules_in_docs_games() -> None:
    text = (ROOT / "docs" / "GAMES.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\S+)", text, flags=re.M)
    for cls in rules.catalog.GAMES:
        assert cls.name in headings or f"{cls.name}" in text.split("## mnk")[1][:200], cls.name
    for name in ("nim", "subtraction", "stones", "corner", "pawn", "coins", "mnk", "gomoku", "pursuit", "minesweeper"):
        assert name in headings, name


def test_the_readme_links_the_rules_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/GAMES.md" in readme and "../shared" not in readme
    for link in re.findall(r"\]\(([^)#]+)\)", readme):
        if "://" not in link:
            assert (ROOT / link).exists(), link


def test_the_examples_readme_view_instruction_prints_the_view() -> None:
    guide = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")
    command = re.search(r"`grundy\s+show GAME --as 0 --json`", guide)
    assert command is not None
    out = grundy("show", "nim", "--as", "0", "--json")
    assert out.returncode == 0, out.stderr
    view = json.loads(out.stdout)["view"]
    assert view["heaps"] == [3, 4, 5] and '{"heaps": [3, 4, 5], "to_move": 0}' in guide
    assert json.dumps(view) == '{"heaps": [3, 4, 5], "to_move": 0}'


def test_the_clock_notation_of_the_documents_is_read_by_the_commands() -> None:
    from grundy import protocol as p

    for doc in ("README.md", "examples/README.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        for clock in re.findall(r"--clock ([^\s`\]]+)", text):
            assert p.parse_time_control(clock) is not None, (doc, clock)


def test_the_readme_screens_are_the_screenshots() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shots = (ROOT / "docs" / "screenshots" / "tui.txt").read_text(encoding="utf-8")
    blocks = re.findall(r"```text\n(.*?)```", readme, flags=re.S)
    screens = [b for b in blocks if "room r-" in b or "verdict" in b]
    assert len(screens) >= 2
    for screen in screens:
        assert screen.rstrip("\n") in shots
    analysis = (ROOT / "docs" / "screenshots" / "tui-analysis.txt").read_text(encoding="utf-8")
    boards = [b for b in blocks if " analysis · " in b]
    assert boards and all(b.rstrip("\n") in analysis for b in boards)
    review = next(s for s in screens if "verdict" in s)
    # "here Ann's second move threw the win away": her moves are plies 1, 3, 5, ...
    assert "Ann's second move threw the win away" in readme
    ann = [line for line in review.splitlines() if re.search(r"│ \d+\s+Ann ", line)]
    assert "threw the win away" in ann[1] and "threw the win away" not in ann[0] + ann[2]
