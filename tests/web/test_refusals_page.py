"""The page says the node's refusals from their ``say`` as the Python clients do (``protocol.i18n.tr_say``), in
every language: an illegal or unparsable move of each game (the rules' own words), a move out of turn naming a
hosted bot; checked by node's test runner in tests/web/refusal.test.mjs."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy import rules
from grundy.protocol import i18n
from grundy.rules.catalog import GAMES
from grundy.server.errors import say_of

HERE = Path(__file__).parent
NODE = shutil.which("node")
TEXTS = ("1:9", "9:1", "x", "z99", "a1", "h8", "5", "0", "1-3", "r a1", "f b2", "more", "2:*2")


def _refusals() -> list[tuple[p.Say, str]]:
    out: list[tuple[p.Say, str]] = []
    for cls in GAMES:
        game = cls(**cls.examples[0])
        state = game.initial()
        for text in (*TEXTS, *game.legal_texts(state)[:1]):
            try:
                game.play_text(game.apply(state, game.legal_moves(state)[0]), text)
            except rules.RulesError as e:
                say = say_of(e.said)
                assert say is not None, (cls.name, text)
                out.append((say, str(e)))
    out.append((p.Say(id="rules-room-not-your-turn", args={"who": "bot (easy)", "who_bot": "easy"}),
                "it is bot (easy)'s turn, not yours"))
    return out


def test_the_page_says_every_refusal_as_python_does(tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed")
    refusals = _refusals()
    fixtures = tmp_path / "refusals.json"
    fixtures.write_text(json.dumps({lang: [[say.model_dump(), message, i18n.tr_say(lang, say, message)]
                                           for say, message in refusals] for lang in i18n.LANGS}, ensure_ascii=False))
    done = subprocess.run([NODE, "--test", "--test-reporter=tap", str(HERE / "refusal.test.mjs")],
                          capture_output=True, text=True, timeout=120, env={"GRUNDY_REFUSAL_FIXTURES": str(fixtures),
                                                                             "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# pass 1" in done.stdout


def test_a_refusal_names_its_move_in_each_language() -> None:
    said = {lang: i18n.tr_say(lang, p.Say(id="rules-room-not-your-turn", args={"who": "bot (easy)", "who_bot": "easy"}))
            for lang in i18n.LANGS}
    assert said["en"] == "it is bot (easy)'s turn, not yours" and said["uk"] == "зараз ходить бот (легкий), а не ви"
