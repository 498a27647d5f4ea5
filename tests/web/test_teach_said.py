"""The page's ``saidText`` (client/web/explained.js) says the solver's phrase lists as client/explained.py
``said_text`` does, in every language (checked by node's test runner in tests/web/said.test.mjs): a hint,
every row and the summary of a review that threw a win away, the exam's answers, puzzles' tasks and verdicts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from grundy.client.explained import said_text
from grundy.protocol import i18n
from grundy.solver import exam, puzzles
from grundy.solver.review import analyse

HERE = Path(__file__).parent
NODE = shutil.which("node")
THREW = ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"]  # nim 3,4,5: 3:4 threw the win away


def phrase_lists() -> list[tuple[list[dict[str, Any]], str]]:
    """Phrase lists the solver makes, each with its English."""
    out: list[tuple[list[dict[str, Any]], str]] = []
    hint = analyse("hint", "nim", {"heaps": [3, 4, 5]}, [], 2.0)
    out.append((hint["hint_said"], hint["hint"]))
    review = analyse("review", "nim", {"heaps": [3, 4, 5]}, THREW, 10.0, names=["Ann", "Bob"])
    for row in review["review"]:
        out += [(row["before_said"], row["before"]), ([row["verdict_said"]], row["verdict"])]
        if row["why"]:
            out.append((row["why_said"], row["why"]))
    out.append((review["summary"]["said"], review["summary"]["text"]))
    out += [([s["said"]], s["text"]) for s in review["summary"]["stretches"]]
    table = exam.table(exam.parse())
    out += [(table[f"why{n}_said"], table[f"why{n}"]) for n in (19, 20, 21)]
    for z in puzzles.catalog()[:6]:
        d = z.to_dict()
        out.append((d["task_said"], d["task"]))
        game = puzzles.rules.create(z.game, **z.params)
        state = game.replay(z.moves)
        for move in [next(m for m in game.legal_texts(state) if m not in z.winning), z.winning[0]]:
            checked = puzzles.check(z, move)
            out.append((checked["verdict_said"], checked["said"]))
    return out


def test_the_page_says_the_solvers_phrases_as_python_does(tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed")
    lists = phrase_lists()
    rendered = {lang: [[said, english, said_text(lang, said, english)] for said, english in lists]
                for lang in i18n.LANGS}
    for lang in ("uk", "ru", "bg"):  # (each list is said in the language, not left in English)
        assert all(words != english for _, english, words in rendered[lang]), lang
    fixtures = tmp_path / "said.json"
    fixtures.write_text(json.dumps(rendered, ensure_ascii=False))
    done = subprocess.run([NODE, "--test", "--test-reporter=tap", str(HERE / "said.test.mjs")],
                          capture_output=True, text=True, timeout=120, env={"GRUNDY_SAID_FIXTURES": str(fixtures),
                                                                             "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# pass 1" in done.stdout
