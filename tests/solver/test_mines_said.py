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


def test_a_guarding_hint_is_explained_by_its_own_move() -> None:
    """A line game's hint against the opponent's continuous fours (solver/review.py's guard) comes with the
    explanation of that move, in phrases: the threat and the stone that stops it, said in every language."""
    from grundy.solver import review

    game = rules.create("gomoku")
    state = game.replay(["a1", "h8", "b2", "h9", "o15", "h10"])
    text, e = review._guard(game, state, game.parse_move(state, "c3"), 1.0)
    assert text.startswith("h7 ") and e["best"] == ["h7"] and e["moves"][0]["move"] == "h7"
    assert [ph["id"] for ph in e["said"]] == ["lines.threat_fours", "lines.must_stop"]
    assert "загроза виграти безперервними четвірками: h7 h6 h11" in reason_text("uk", e)
    assert "после h7" in reason_text("ru", e)
