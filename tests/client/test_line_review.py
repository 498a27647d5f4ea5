"""Reviews and hints of gomoku games: what is proven by threats, move by move."""

from __future__ import annotations

from grundy.client.tui.review import hint, review

# Black to move after these has a win by continuous fours starting g9 (g9 h9 e7 e6 f8, then d6 or i11).
OPENING = "i9 f10 e10 j8 f9 g10 g8 h7 d11 c12 d9 i10 e9 c9 e8 j10 h10".split()


def test_the_review_marks_a_missed_defence_a_missed_win_and_the_proof_played_out() -> None:
    moves = [*OPENING, "e11", "a1", "b2", "g9", "h9", "e7", "e6", "f8", "d6", "i11"]
    rows = review("gomoku", {}, moves)
    assert len(rows) == len(moves)
    by_move = {(v.ply, v.move): v for v in rows}
    # White's e11 leaves black a proven win that another move (named) would have stopped.
    e11 = by_move[(17, "e11")]
    assert e11.verdict == "missed a forced defence"
    assert "wins by continuous fours" in e11.before and "g9 h9 e7 e6 f8" in e11.before
    assert "he has no win at once or by continuous fours" in e11.before
    # Black does not play it: a1 misses a proven win; white's b2 then misses the defence again.
    assert by_move[(18, "a1")].verdict == "missed a proven win"
    assert by_move[(19, "b2")].verdict == "missed a forced defence"
    # Black plays the line: every four is best, every forced block is lost anyway, the five is best.
    tail = [(v.move, v.verdict) for v in rows[20:]]
    assert tail == [
        ("g9", "best"), ("h9", "lost anyway"), ("e7", "best"), ("e6", "lost anyway"),
        ("f8", "best"), ("d6", "lost anyway"), ("i11", "best"),
    ]  # fmt: skip
    assert rows[21].before.startswith("lost: ") and "wins by continuous fours in 3" in rows[21].before
    assert rows[26].before == "wins at once: i11"
    # Quiet opening moves prove nothing either way.
    assert (rows[0].before, rows[0].verdict) == ("no proof", "no proof")


def test_hints_name_the_win_by_continuous_fours() -> None:
    assert hint("gomoku", {}, "h8 h9 i8 i9 j8 j9 k8 a1".split()) == "g8 (wins in 1)"
    moves = "j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8".split()
    assert hint("gomoku", {}, moves) == "k9 (wins by continuous fours in 3: k9 k11 m9 i9 n9)"
    assert hint("gomoku", {}, ["h8", "h9"], 0.2).endswith("(the search's choice)")


def test_a_hint_stops_the_opponents_continuous_fours() -> None:
    text = hint("gomoku", {}, OPENING)  # white to move: black threatens a win by continuous fours
    assert "stops the opponent's continuous fours: g9 " in text
