"""Explanations of gomoku and big line games: forcing lines that replay, defences that hold, the engine's view."""

from __future__ import annotations

from typing import Any

from grundy import protocol as p
from grundy import rules
from grundy.solver import exact
from grundy.solver.explain import explain
from grundy.solver.search import Clock

BUDGET = 0.4  # seconds: small positions answer well within it
# Black to move wins by continuous fours in 3: k9 k11 m9 i9 n9 (tests/client/test_line_review.py).
VCF = "j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8".split()
# Black threatens a win by continuous fours (g9 h9 e7 e6 ...); white to move.
THREATENED = "i9 f10 e10 j8 f9 g10 g8 h7 d11 c12 d9 i10 e9 c9 e8 j10 h10".split()


def explained(moves: list[str], game: rules.Game | None = None) -> tuple[rules.Game, Any, dict[str, Any]]:
    game = game or rules.create("gomoku")
    state = game.replay(moves)
    e = explain(game, state, seat=game.to_move(state), budget_s=BUDGET)
    p.Explanation(**e)  # the protocol's type, strictly
    return game, state, e


def roles(e: dict[str, Any], role: str) -> list[str]:
    return [m["cell"] for m in e["marks"] or [] if m["role"] == role]


def test_a_five_to_make_is_a_win_in_one_drawn_as_its_cell() -> None:
    game, state, e = explained("h8 h9 i8 i9 j8 j9 k8 a1".split())  # black: h8-k8, open at g8 and l8
    assert (e["rule"], e["value"]["outcome"], e["value"]["k"]) == ("threats", "win", 1)
    assert set(e["best"]) == {"g8", "l8"} and e["line"] == [e["best"][0]]
    assert roles(e, "line") == e["line"]
    after = game.apply(state, game.parse_move(state, e["line"][0]))
    assert game.is_over(after) and game.result(after).outcomes[0] == "win"


def test_a_win_by_continuous_fours_replays_as_a_forcing_line() -> None:
    game, state, e = explained(VCF)
    assert e["rule"] == "threats" and e["value"]["outcome"] == "win" and e["value"]["k"] == 3
    assert e["line"] == "k9 k11 m9 i9 n9".split() and e["best"] == ["k9"]
    assert roles(e, "line") == e["line"][::2] and roles(e, "defence") == e["line"][1::2]
    mover = game.to_move(state)
    board_colour = exact.line_board(game, state)
    assert board_colour is not None
    colour = board_colour[1]
    s = state
    for i, text in enumerate(e["line"]):
        move = game.parse_move(s, text)
        assert game.is_legal(s, move)
        s = game.apply(s, move)
        if i % 2 == 0 and not game.is_over(s):  # every attacking move is a four: one cell makes five
            board, _ = exact.line_board(game, s)
            fives = board.win_cells(colour)
            assert fives, f"{text} is not a four"
            if i + 1 < len(e["line"]):  # the reply in the line is the block
                assert game.parse_move(s, e["line"][i + 1]) in fives
    assert game.is_over(s) and game.result(s).outcomes[mover] == "win"


def test_an_open_four_of_the_opponent_is_a_loss_with_its_two_fives_marked() -> None:
    _, _, e = explained("h8 h9 i8 i9 j8 j9 k8".split())  # white to move against h8-k8
    assert e["rule"] == "threats" and e["value"]["outcome"] == "loss"
    assert {"g8", "l8"} <= set(roles(e, "threat"))
    assert "g8" in e["reason"] and "l8" in e["reason"]


def test_a_four_blocked_at_one_end_is_defended_at_the_other() -> None:
    _, _, e = explained("h8 g8 i8 a1 j8 a2 k8".split())  # white to move: black's four g8-blocked
    assert e["rule"] == "threats" and e["best"] == ["l8"] and roles(e, "defence") == ["l8"]
    assert e["value"]["outcome"] == "unknown" and "five at l8" in e["reason"]


def test_the_defences_against_an_open_three_hold_against_fours() -> None:
    game, state, e = explained("h8 h9 i8 i9 j8".split())  # black's open three h8-j8; white to move
    assert e["rule"] == "threats" and e["best"] and set(e["best"]) <= {"g8", "k8", "f8", "l8"}
    assert set(roles(e, "defence")) == set(e["best"])
    assert "open three h8-j8" in (e["evaluation"] or "")
    for text in e["best"]:  # after each, black has no win at once or by continuous fours
        child = game.apply(state, game.parse_move(state, text))
        found = exact.threat_solution(game, child, Clock.after(5.0))
        assert found is None or found.outcome != "win", text


def test_the_opponents_continuous_fours_are_drawn_as_a_threat_with_the_defence() -> None:
    _, _, e = explained(THREATENED)
    assert e["rule"] == "threats" and e["line"][:2] == ["g9", "h9"]
    assert e["best"] and set(roles(e, "defence")) == set(e["best"])
    assert "g9" in roles(e, "threat") or "g9" in e["best"]
    assert e["reason"].startswith("black threatens to win by continuous fours")


def test_with_nothing_proven_the_engine_gives_its_line_and_its_view_in_words() -> None:
    game, state, e = explained("h8 h9 i9 j10 g7 a1".split())
    assert e["rule"] == "engine" and e["value"]["outcome"] == "unknown"
    assert e["best"] and e["line"] and e["line"][0] == e["best"][0]
    assert roles(e, "line") == e["line"]
    words = e["evaluation"] or ""
    assert "black" in words and "white" in words and "engine score" in words
    s = state  # the engine's line replays
    for text in e["line"]:
        move = game.parse_move(s, text)
        assert game.is_legal(s, move)
        s = game.apply(s, move)


def test_the_empty_board_and_a_big_mnk_board_are_explained_too() -> None:
    _, _, e = explained([])
    assert e["rule"] == "engine" and e["best"] and e["evaluation"]
    game = rules.create("mnk", m=10, n=10, k=5)
    _, _, e = explained("e5 e6 f5 f6 g5".split(), game)
    assert e["rule"] in ("threats", "engine") and e["best"]
    assert "X" in (e["evaluation"] or e["reason"]) or "O" in (e["evaluation"] or e["reason"])


def test_a_finished_game_marks_the_winning_five() -> None:
    _, _, e = explained("h8 h9 i8 i9 j8 j9 k8 a1 l8".split())
    assert e["rule"] == "over" and e["to_move"] is None
    assert e["line"] == ["h8", "i8", "j8", "k8", "l8"] and roles(e, "line") == e["line"]
