"""The page's ``saidText`` (client/web/explained.js) says the solver's phrase lists as client/explained.py
``said_text`` does, in every language (checked by node's test runner in tests/web/said.test.mjs): a hint,
every row and the summary of a review that threw a win away, the exam's answers, puzzles' tasks and verdicts."""

from __future__ import annotations

import functools
import json
import re
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
# gomoku: black to move after these has a win by continuous fours; white misses the defence, black the win...
OPENING = "i9 f10 e10 j8 f9 g10 g8 h7 d11 c12 d9 i10 e9 c9 e8 j10 h10".split()
LINE = [*OPENING, "e11", "a1", "b2", "g9", "h9", "e7", "e6", "f8", "d6", "i11"]
FOURS = "j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8".split()
LATIN = re.compile(r"[A-Za-z]{3,}")


def phrase_lists() -> list[tuple[list[dict[str, Any]], str]]:
    """Phrase lists the solver makes, each with its English."""
    out: list[tuple[list[dict[str, Any]], str]] = []
    for game, moves in (("nim", []), ("gomoku", OPENING), ("gomoku", FOURS), ("gomoku", ["h8", "h9"])):
        hint = analyse("hint", game, {"heaps": [3, 4, 5]} if game == "nim" else {}, moves, 1.0)
        out.append((hint["hint_said"], hint["hint"]))
    for game, moves in (("nim", THREW), ("gomoku", LINE)):
        review = analyse("review", game, {"heaps": [3, 4, 5]} if game == "nim" else {}, moves, 30.0,
                         names=["Ann", "Bob"])
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


@functools.cache
def lists() -> list[tuple[list[dict[str, Any]], str]]:
    return phrase_lists()


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
def test_every_phrase_list_reads_with_no_english_word_of_its_messages(lang: str) -> None:
    for said, _ in lists():
        text = said_text(lang, said)
        english = said_text("en", said)
        given = {w.lower() for ph in said for v in (ph.get("args") or {}).values() for w in LATIN.findall(str(v))}
        words = {w.lower() for w in LATIN.findall(english)} - given - {"xor"}
        left = sorted({w.lower() for w in LATIN.findall(text)} & words)
        assert text and not left, f"{lang}: English words {left} in {text!r}"


def test_the_page_says_the_solvers_phrases_as_python_does(tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed")
    lists_ = lists()
    rendered = {lang: [[said, english, said_text(lang, said, english)] for said, english in lists_]
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
