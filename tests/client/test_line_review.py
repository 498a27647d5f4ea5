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
    # Its `before` is what held before it (black's threat), what the move allowed is in `why`.
    e11 = by_move[(17, "e11")]
    assert e11.verdict == "missed a forced defence" and e11.best == ["e7"]
    assert e11.before == "no win proven; the opponent threatens continuous fours: g9 h9 e7 e6 e11"
    assert e11.why is not None and "wins by continuous fours" in e11.why and "g9 h9 e7 e6 f8" in e11.why
    assert "after e7 he has no win at once or by continuous fours" in e11.why
    assert e11.value_after is not None and e11.value_after["outcome"] == "loss"
    # Black does not play it: a1 misses a proven win; white's b2 then misses the defence again.
    assert by_move[(18, "a1")].verdict == "missed a proven win"
    assert by_move[(19, "b2")].verdict == "missed a forced defence"
    # Black plays the line: every four is best, every forced block is lost anyway, the five is best.
    tail = [(v.move, v.verdict) for v in rows[20:]]
    assert tail == [
        ("g9", "best"), ("h9", "lost anyway"), ("e7", "best"), ("e6", "lost anyway"),
        ("f8", "best"), ("d6", "lost anyway"), ("i11", "best"),
    ]  # fmt: skip
    assert rows[21].before.startswith("lost: ") and "wins by continuous fours in 3" in (rows[21].why or "")
    assert rows[26].before == "wins at once: i11"
    assert rows[20].value_before is not None and rows[20].value_before["outcome"] == "win"
    # Quiet opening moves prove nothing either way: the engine's view takes the place of "no proof".
    assert rows[0].before.startswith("no win proven; ") and "engine" in rows[0].before
    assert not any(v.verdict == "no proof" for v in rows)
    assert rows[0].verdict in ("engine's choice", "close to the engine's choice", "engine prefers another move")
    assert rows[0].value_before is not None and rows[0].value_before["text"].startswith("engine ")


def test_hints_name_the_win_by_continuous_fours() -> None:
    assert hint("gomoku", {}, "h8 h9 i8 i9 j8 j9 k8 a1".split()) == "g8 (wins in 1)"
    moves = "j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8".split()
    assert hint("gomoku", {}, moves) == "k9 (wins by continuous fours in 3: k9 k11 m9 i9 n9)"
    assert hint("gomoku", {}, ["h8", "h9"], 0.2).endswith("(the search's choice)")


def test_a_hint_stops_the_opponents_continuous_fours() -> None:
    text = hint("gomoku", {}, OPENING)  # white to move: black threatens a win by continuous fours
    move = text.split()[0]
    assert "threatens to win by continuous fours: g9 " in text
    assert f"after {move} black has no win at once or by continuous fours" in text  # the hint's move stops it
