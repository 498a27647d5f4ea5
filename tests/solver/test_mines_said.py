"""Minesweeper's explanations in the reader's language: every mines.* phrase has its words in every catalog,
and an explanation of a real position reads with no English left."""

from __future__ import annotations

import pytest

from grundy import rules
from grundy.client.explained import message_id, reason_text
from grundy.protocol import i18n
from grundy.solver import explain
from grundy.solver.phrases import PHRASES


def test_every_mines_phrase_has_its_message() -> None:
    missing = [pid for pid in PHRASES if pid.startswith("mines.") and not i18n.has(message_id(pid))]
    assert not missing


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", ["напевно безпечні: h2", "і ще 1", "напевно міни: g1", "10 мін, що залишилися", "найкраще: r h2"]),
    ("ru", ["точно безопасны: h2", "и ещё 1", "точно мины: g1", "оставшиеся 10 мин", "лучший ход: r h2"]),
    ("bg", ["със сигурност безопасни: h2", "и още 1", "със сигурност мини: g1", "оставащите 10 мини",
            "най-добре: r h2"]),
])
def test_a_minesweeper_explanation_reads_in_the_language(lang: str, words: list[str]) -> None:
    game = rules.create("minesweeper", seed="1", players="1")
    state = game.play_text(game.initial(), "r e5")
    said = reason_text(lang, explain.explain(game, state, seat=0))
    for w in words:
        assert w in said, said
    assert "proven" not in said and "best" not in said
    start = reason_text(lang, explain.explain(game, game.initial(), seat=0))
    assert start and "reveal" not in start, start
