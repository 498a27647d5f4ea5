"""The page's notation lines and Hint rule (client/web/controls.js) are the Python clients' (client/controls.py).

Every combination of the Hint rule's inputs, and every game of the catalog at its start, is answered
here by the Python clients' functions and written to a file; node's test runner then runs
``tests/web/controls.test.mjs``, which asks the page's functions the same.  Without node the test is
skipped (it fails in CI).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from grundy import rules
from grundy.client.controls import hint_control, notation_lines
from grundy.client.hints import hint_refusal

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


def cases() -> dict[str, Any]:
    hints = []
    for you, status, rated, hidden, turn, has_bot in itertools.product(
        (None, 0, 1), ("waiting", "playing", "finished"), (False, True), (False, True), (None, 0, 1), (False, True)
    ):
        args = {"game": "nim", "you": you, "status": status, "rated": rated, "hidden": hidden, "turn": turn,
                "names": ["Ann", "bot (easy)" if has_bot else "Bob"], "has_bot": has_bot}  # fmt: skip
        hints.append({"args": args, "expected": list(hint_control(**args))})
    notation = []
    for name in rules.names(aliases=False):
        game = rules.create(name)
        words = rules.game_class(name).schema().get("notation")
        legal = game.legal_texts(game.initial())
        notation.append({"game": name, "notation": words, "legal": legal,
                         "expected": notation_lines(words, legal)})  # fmt: skip
    return {"hints": hints, "notation": notation}


def test_the_python_rule_hides_hint_for_good_and_disables_it_while_it_waits() -> None:
    base = {"game": "nim", "status": "playing", "rated": False, "hidden": False, "names": ["Ann", "bot"]}
    assert hint_control(**base, you=0, turn=0, has_bot=True) == ("enabled", None)
    assert hint_control(**base, you=0, turn=1, has_bot=True) == ("disabled", "hints come on your turn; bot is to move")
    assert hint_control(**{**base, "rated": True}, you=0, turn=0, has_bot=True)[0] == "hidden"
    state, why = hint_control(**base, you=0, turn=0, has_bot=False)
    assert state == "hidden" and why is not None and "hosted bot" in why
    nim = notation_lines(rules.game_class("nim").schema()["notation"], ["1:1", "1:2", "1:3"])
    assert nim[0] == "moves are written like 1:1, 1:2" and "2:3 takes three from heap 2" in nim[1]


def test_the_rule_speaks_the_clients_language_and_in_english_the_servers_words() -> None:
    for case in cases()["hints"]:
        assert case["expected"][1] == hint_refusal(**case["args"])  # (the server's words: server/analysis.py)
    assert hint_control(game="nim", you=0, status="playing", rated=False, hidden=False, turn=1,
                        names=["Ann", "bot"], has_bot=True, lang="uk") == (
        "disabled", "підказки даються на вашому ході; зараз ходить bot")  # fmt: skip
    state, why = hint_control(game="nim", you=0, status="playing", rated=False, hidden=False, turn=0,
                              names=["Ann", "Bob", "Cy"], has_bot=False, lang="ru")  # fmt: skip
    assert state == "hidden" and why is not None and "против Bob и Cy" in why
    assert notation_lines(None, ["1:1", "1:2"], "bg") == ["ходовете се записват така: 1:1, 1:2"]


def test_the_page_answers_as_the_python_clients(tmp_path: Path) -> None:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's controls")
        pytest.skip("node is not installed: the page's controls are not checked here")
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases()))
    out = subprocess.run(
        [NODE, "--test", "--test-reporter=tap", str(HERE / "controls.test.mjs")],
        capture_output=True, text=True, timeout=120, env={**os.environ, "GRUNDY_CONTROLS_CASES": str(path)},
    )  # fmt: skip
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert "# pass 2" in out.stdout and "# skipped 0" in out.stdout, out.stdout[-2000:]
