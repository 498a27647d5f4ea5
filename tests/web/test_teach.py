"""The page's teaching words and tables (client/web/teach.js), in node, on the solver's real answers.

The fixtures are made here: explanations by ``grundy.solver.review.analyse`` (nim 3,4,5 at its start
and after two different first moves, kayles, a corner board), and a review with its summary checked
against the protocol's types, so the page is tested on data of the shape the node sends.  Node's test
runner then runs ``tests/web/teach.test.mjs``.  Without node the test is skipped (it fails in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from grundy.solver.review import analyse

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


def explained(game: str, params: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    out = analyse("position", game, params, moves, 2.0)
    return p.Explanation(**out["explanation"]).model_dump(mode="json")


def fixtures() -> dict[str, Any]:
    nim = {"heaps": [3, 4, 5]}
    rows = [
        p.ReviewMove(ply=0, seat=0, move="3:4", before="win in 6", verdict="threw the win away",
                     value_before=p.Value(outcome="win", k=6, text="win in 6"),
                     value_after=p.Value(outcome="loss", k=4, text="loss in 4"),
                     best=["1:2"], why="1:2 leaves nim-sum 0"),
        p.ReviewMove(ply=1, seat=1, move="2:2", before="win in 4", verdict="best",
                     value_before=p.Value(outcome="win", k=4, text="win in 4"),
                     value_after=p.Value(outcome="win", k=4, text="win in 4")),
    ]
    summary = p.ReviewSummary(
        stretches=[p.Stretch(start=0, end=0, seat=0, text="seat 0 winning"),
                   p.Stretch(start=1, end=1, seat=1, text="seat 1 winning")],
        turning=[0],
        accuracy=[p.Accuracy(seat=0, moves=1, best=0, percent=0), p.Accuracy(seat=1, moves=1, best=1, percent=100)],
        text="seat 0 threw the win away at move 1",
    )
    return {
        "nim_start": explained("nim", nim, []),
        "nim_after_1_2": explained("nim", nim, ["1:2"]),
        "nim_after_3_4": explained("nim", nim, ["3:4"]),
        "kayles": explained("kayles", {}, []),
        "corner": explained("corner", {}, []),
        "nim_744": explained("nim", {"heaps": "7,4,4"}, []),  # 1:7 wins fastest; 2:1 and 3:1 also win, slower
        "review": [r.model_dump(mode="json") for r in rows],
        "old_review": [{"ply": 0, "seat": 0, "move": "3:4", "before": "win in 6", "verdict": "threw the win away"}],
        "summary": summary.model_dump(mode="json"),
    }


def test_the_page_teaching_words_and_tables(tmp_path: Path) -> None:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's teaching words")
        pytest.skip("node is not installed: the page's teaching words are not checked here")
    path = tmp_path / "teach.json"
    path.write_text(json.dumps(fixtures()), encoding="utf-8")
    out = subprocess.run(
        [NODE, "--test", "--test-reporter=tap", str(HERE / "teach.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "GRUNDY_TEACH_FIXTURES": str(path)},
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert "# fail 0" in out.stdout and "# skipped 0" in out.stdout, out.stdout[-2000:]
