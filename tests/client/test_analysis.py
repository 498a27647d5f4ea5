"""The analysis board's model (client/analysis.py), shared by the terminal and the pygame clients: no
drawing, no network; the solver runs here on literal games."""

from __future__ import annotations

from typing import Any

import pytest

from grundy import rules
from grundy.client.analysis import (
    AnalysisBoard,
    ReviewRow,
    explanation_lines,
    flip,
    judge,
    marked,
    summarize,
)
from grundy.solver.explain import explain

# Ann throws the win away at once (1:1, where 1:2 wins); Bob then misses his chance too.
NIM = ["1:1", "3:4", "2:4", "1:1", "3:1", "1:1"]


def settle(board: AnalysisBoard) -> None:
    """Compute every explanation the board wants (as a client's worker does)."""
    while (key := board.wanted()) is not None:
        board.store(key, board.compute(key))


def nim_board() -> AnalysisBoard:
    return AnalysisBoard("nim", {"heaps": "3,4,5"}, NIM, ["Ann", "Bob"])


def test_a_finished_game_opens_at_its_end_and_steps_back_and_forth_within_its_moves() -> None:
    board = nim_board()
    assert board.ply == 6 and board.at_end and board.view()["heaps"] == [0, 0, 0]
    board.step(1)
    assert board.ply == 6
    board.home()
    assert board.ply == 0 and board.moves == [] and board.view()["heaps"] == [3, 4, 5] and board.last is None
    board.step(-1)
    assert board.ply == 0
    board.step(1)
    assert board.moves == ["1:1"] and board.last == "1:1" and board.view()["heaps"] == [2, 4, 5]
    board.jump(3)
    assert board.moves == NIM[:3] and board.to_move == 1
    board.end()
    assert board.ply == 6 and board.legal() == []


def test_the_mistaken_ply_shows_1_2_and_the_nim_sum_table() -> None:
    board = nim_board()
    board.jump(0)
    expl = board.explain_now()
    assert expl is not None and expl["best"] == ["1:2"] and expl["nim_sum"] == 2
    lines = [text for _, text in explanation_lines(expl, board.names)]
    assert lines[0].startswith("Ann: win") and lines[0].endswith("by the nim-sum") and "best: 1:2" in lines
    assert "heap 1     3  011" in lines and "heap 2     4  100" in lines and "heap 3     5  101" in lines
    assert "nim-sum    2  010" in lines
    assert any("to leave nim-sum 0" in line for line in lines)
    assert marked(expl).best == ("1:2",)

    board.step(1)  # Ann's 1:1: the verdict, and the move she should have played, with why
    settle(board)
    verdict = board.move_verdict()
    assert verdict is not None and verdict.startswith("Ann 1:1: threw the win away")
    assert "best was 1:2: " in verdict and "nim-sum 0" in verdict


def test_a_what_if_move_shows_its_value_and_the_board_goes_back_to_the_game() -> None:
    board = nim_board()
    board.jump(0)
    assert board.try_move("1:2") is None
    assert board.is_what_if and board.moves == ["1:2"] and board.branch_at == 0
    settle(board)
    assert board.explanation is not None and board.explanation["value"]["outcome"] == "loss"  # Bob is lost
    verdict = board.move_verdict()
    assert verdict is not None and verdict.startswith("what if Ann 1:2: best (leaves Ann a win")
    assert board.try_move("2:4") is None and board.moves == ["1:2", "2:4"]
    settle(board)
    verdict = board.move_verdict()
    assert verdict is not None and verdict.startswith("what if Bob 2:4: still lost")
    board.step(-1)
    assert board.is_what_if and board.moves == ["1:2"]  # back along the branch, still off the game's line
    board.back_to_game()
    assert not board.is_what_if and board.ply == 0 and board.path == NIM

    # The game's own next move is no branch: it steps forward on the game's line.
    assert board.try_move("1:1") is None and not board.is_what_if and board.ply == 1
    # An illegal move is refused in words and nothing changes.
    assert board.try_move("9:9") == "'9:9': there is no heap 9 (heaps are 1..3)" and board.ply == 1
    board.end()
    assert board.try_move("1:1") == "the game is over here: step back to try another move"


def test_a_what_if_that_throws_the_win_away_says_so() -> None:
    board = nim_board()
    board.jump(0)
    board.try_move("3:5")
    settle(board)
    verdict = board.move_verdict()
    assert verdict is not None and verdict.startswith("what if Ann 3:5: threw the win away")
    assert "best was 1:2" in verdict


def test_the_review_teaches_its_mistakes_and_sums_up_with_names() -> None:
    board = nim_board()
    board.store_review(board.ask_review())
    rows = board.review or []
    assert [(r.move, r.verdict) for r in rows][:3] == [
        ("1:1", "threw the win away"), ("3:4", "threw the win away"), ("2:4", "threw the win away"),
    ]  # fmt: skip
    settle(board)  # the positions before the mistakes get explained: their best move and why
    lesson = board.lesson(rows[0])
    assert lesson.startswith("best 1:2: ") and "to leave nim-sum 0" in lesson
    assert board.lesson(rows[3]) == ""  # a best move teaches nothing
    assert board.summary is not None and 0 in board.summary.turning
    assert "move 1, Ann's 1:1: threw the win away" in board.turning_text()
    assert board.accuracy_text() == "Ann 1/3 best (33%), Bob 2/3 best (67%)"
    assert board.stretches_text().startswith("Ann winning move 1; Bob winning move 2")


def test_a_summary_from_the_solver_is_kept_with_the_seats_named() -> None:
    rows = [{"ply": 0, "seat": 0, "move": "1:1", "before": "win in 6", "verdict": "threw the win away",
             "value_before": {"outcome": "win", "k": 6, "text": "win in 6"},
             "value_after": {"outcome": "loss", "k": 5, "text": "loss in 5"}, "best": ["1:2"],
             "why": "leaves nim-sum 0"}]  # fmt: skip
    summary = {
        "stretches": [{"start": 0, "end": 0, "seat": 0, "text": "seat 0 winning"}],
        "turning": [0],
        "accuracy": [{"seat": 0, "moves": 1, "best": 0, "percent": 0}],
        "text": "seat 0 threw it away",
    }

    def analyst(kind: str, moves: list[str]) -> dict[str, Any]:
        return {"review": rows, "summary": summary} if kind == "review" else {"refused": "not here"}

    board = AnalysisBoard("nim", {"heaps": "3,4,5"}, ["1:1"], ["Ann", "Bob"], analyst=analyst)
    board.store_review(board.ask_review())
    row = (board.review or [])[0]
    assert (row.before_text, row.after_text) == ("win in 6", "loss in 5")
    assert board.lesson(row) == "best 1:2: leaves nim-sum 0"
    assert board.summary is not None and board.summary.text == "Ann threw it away"
    assert board.stretches_text() == "Ann winning move 1"
    board.home()
    settle(board)
    assert board.explanation is None and board.refusal == "not here"


def test_a_review_refused_says_why() -> None:
    board = AnalysisBoard("nim", {"heaps": "1"}, ["1:1"], ["Ann", "Bob"], analyst=lambda k, m: {"refused": "busy"})
    board.store_review(board.ask_review())
    assert board.review == [] and board.review_note == "no review: busy"


def test_moves_that_do_not_replay_are_refused_when_the_board_opens() -> None:
    from grundy import rules

    with pytest.raises(rules.RulesError):
        AnalysisBoard("nim", {"heaps": "3"}, ["1:4"], ["Ann", "Bob"])


def test_values_flip_to_the_mover_and_moves_are_judged_from_two_explanations() -> None:
    win3 = {"outcome": "win", "k": 3, "text": "win in 3"}
    loss2 = {"outcome": "loss", "k": 2, "text": "loss in 2"}
    assert flip(win3) is not None and flip(win3)["text"] == "loss in 3"  # type: ignore[index]
    assert flip(loss2) is not None and flip(loss2)["text"] == "win in 3"  # type: ignore[index]
    assert flip({"outcome": "score", "score": 2, "text": "value 2"})["text"] == "value -2"  # type: ignore[index]
    before = {"value": win3, "best": ["a1"], "rule": "search"}
    assert judge(before, "a1", {"value": loss2, "rule": "search"}) == "best"
    assert judge(before, "b1", {"value": {"outcome": "loss", "k": 4, "text": "loss in 4"}}) == "kept the win"
    assert judge(before, "b1", {"value": win3}) == "threw the win away"
    assert judge(None, "b1", {"value": win3}) == "not judged yet"


def test_explanations_are_marked_generically_whatever_parts_they_have() -> None:
    expl = {
        "to_move": 1, "value": {"outcome": "unknown", "text": "not proven"}, "best": ["j10"], "rule": "engine",
        "by": "by the engine's search", "reason": "nothing proven", "line": ["j10", "k11", "l12"],
        "marks": [{"cell": "m13", "role": "threat"}], "cells": [{"cell": "a1", "code": "L2", "outcome": "loss"}],
        "evaluation": "black is better", "map_of": "the result with the king on each cell",
    }  # fmt: skip
    m = marked(expl)
    assert m.line == ("j10", "k11", "l12") and m.cells["m13"] == "threat" and m.cells["j10"] == "line"
    assert m.codes == {"a1": ("L2", "loss")}
    words = [text for _, text in explanation_lines(expl, ["Ann", "Bob"])]
    assert words[0] == "Bob: not proven" and "line: 1.j10 2.k11 3.l12" in words and "black is better" in words
    assert "on the board: the result with the king on each cell" in words
    assert marked(None).best == () and explanation_lines(None, []) == []


def test_also_winning_moves_are_a_list_and_a_role_of_their_own() -> None:
    game = rules.create("corner", piece="queen", width=3, height=3)
    expl = explain(game, game.initial())
    m = marked(expl)
    assert m.best == ("a1",) and m.also == ("b3", "c2")
    assert m.cells["a1"] == "best" and m.cells["b3"] == m.cells["c2"] == "also"
    lines = explanation_lines(expl, ["Ann", "Bob"])
    assert ("best", "best: a1") in lines and ("also", "also winning, slower: b3 c2") in lines
    assert [t for r, t in lines if r == "also"][1:] == [f"{n['move']}: {n['why']}" for n in expl["moves"][1:]]


def test_a_summary_is_computed_from_rows_alone() -> None:
    rows = [ReviewRow(0, 0, "a", "win in 2", "best"), ReviewRow(1, 1, "b", "loss in 1", "best"),
            ReviewRow(2, 0, "c", "draw", "best")]  # fmt: skip
    s = summarize(rows, ["Ann", "Bob"])
    assert [st["text"] for st in s.stretches] == ["seat 0 winning", "drawn"] and s.turning == ()
    assert s.text.startswith("Ann winning from move 1; drawn from move 3")
