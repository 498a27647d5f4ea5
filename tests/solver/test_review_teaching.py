"""Reviews and hints that teach: values before and after, the best move and why, a summary, resignations."""

from __future__ import annotations

from grundy import protocol as p
from grundy.solver.review import analyse, hint, review, summarise


def rows_of(out: dict) -> list[p.ReviewMove]:
    return [p.ReviewMove(**row) for row in out["review"]]


def test_a_nim_game_thrown_away_at_the_first_move() -> None:
    # 3,4,5: the nim-sum is 2, 1:2 wins; Ann plays 3:4 and throws the win away, then Bob keeps it.
    moves = ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"]
    out = analyse("review", "nim", {"heaps": [3, 4, 5]}, moves, 10.0, names=["Ann", "Bob"])
    rows = rows_of(out)
    first = rows[0]
    assert (first.verdict, first.value_before.text, first.value_after.outcome) == ("threw the win away", "win in 6",
                                                                                   "loss")
    assert first.best == ["1:2"]
    assert first.why.startswith("the nim-sum 3 XOR 4 XOR 5 = 2; take 2 from heap 1 to leave nim-sum 0")
    assert first.why.endswith("3:4 left loss in 4")
    assert [r.verdict for r in rows[1:]] == ["best"] * 7
    assert all(r.best == [] and r.why is None for r in rows[1:])
    s = p.ReviewSummary(**out["summary"])
    assert s.turning == [0]
    assert [(x.start, x.end, x.seat, x.text) for x in s.stretches] == [(0, 0, 0, "Ann winning"),
                                                                     (1, 7, 1, "Bob winning")]
    assert [(a.seat, a.moves, a.best, a.percent) for a in s.accuracy] == [(0, 4, 3, 75), (1, 4, 4, 100)]
    assert "Ann played 3:4 at move 1 and threw the win away (1:2 kept it)" in s.text
    assert "Ann 75% (3 of 4)" in s.text and "Bob 100% (4 of 4)" in s.text


def test_a_resignation_in_a_won_position_throws_the_win_away() -> None:
    # After 1:2 the nim-sum is 0: Bob (to move) is lost, Ann won. Ann resigns anyway.
    out = analyse("review", "nim", {"heaps": [3, 4, 5]}, ["1:2"], 10.0, resigned=0)
    rows = rows_of(out)
    last = rows[-1]
    assert (last.ply, last.seat, last.move, last.verdict) == (1, 0, "resign", "resigned a won game")
    assert last.value_before.outcome == "win" and last.value_after.outcome == "loss"
    s = p.ReviewSummary(**out["summary"])
    assert s.turning == [1] and s.accuracy[0].percent == 50
    assert "seat 0 resigned and threw the win away" in s.text
    # Bob resigning his lost position is not a mistake, and not counted.
    out = analyse("review", "nim", {"heaps": [3, 4, 5]}, ["1:2"], 10.0, resigned=1)
    last = rows_of(out)[-1]
    assert (last.verdict, last.value_before.text) == ("resigned a lost game", "loss in 5")
    assert out["summary"]["turning"] == [] and out["summary"]["accuracy"][1]["moves"] == 0


def test_a_resignation_on_ones_own_turn_names_the_winning_move() -> None:
    rows = review("nim", {"heaps": [3, 4, 5]}, [], resigned=0)
    assert (rows[0].verdict, rows[0].best) == ("resigned a won game", ["1:2"])
    assert "nim-sum" in rows[0].why


def test_a_draw_thrown_away_in_tictactoe_says_the_move_that_held() -> None:
    out = analyse("review", "tictactoe", {}, ["b2", "a2", "a1", "c3", "c1", "b1", "a3"], 10.0)
    rows = rows_of(out)
    assert rows[1].verdict == "threw the draw away" and "a1" in rows[1].best and "holds the draw" in rows[1].why
    assert out["summary"]["turning"] == [1]
    assert [a["percent"] for a in out["summary"]["accuracy"]] == [100, 67]


def test_a_payoff_game_sums_what_each_seat_gave_away() -> None:
    out = analyse("review", "pawn", {}, ["a2", "b2", "b3", "c3", "c4", "d4", "d5"], 10.0)
    rows = rows_of(out)
    assert rows[0].verdict == "gave away 1" and rows[0].best == ["b1"] and rows[0].value_before.score == 5
    assert "gave away" in out["summary"]["text"]


def test_summaries_of_line_game_rows_without_values() -> None:
    from grundy.solver.review import Verdict

    rows = [Verdict(0, 0, "h8", "no proof", "no proof"), Verdict(1, 1, "h9", "wins at once: i9", "missed a proven win")]
    s = p.ReviewSummary(**summarise(rows))
    assert s.turning == [1] and s.stretches[0].text == "not proven"
    assert [(a.moves, a.best) for a in s.accuracy] == [(0, 0), (1, 0)]
    # nothing proven after the move: the summary says it missed the win, not that it threw it away
    assert "seat 1 played h9 at move 2 and missed a proven win (what it left is not proven)" in s.text
    assert "threw" not in s.text


def test_threw_the_win_away_only_where_a_win_was_proven_before_and_lost_after() -> None:
    from grundy.solver.review import Verdict

    win, loss = {"outcome": "win", "k": 2, "text": "win in 2"}, {"outcome": "loss", "k": 3, "text": "loss in 3"}
    unknown = {"outcome": None, "k": None, "text": "not proven"}
    rows = [
        Verdict(0, 0, "h8", "wins", "missed a proven win", value_before=win, value_after=loss, best=["i9"]),
        Verdict(1, 1, "a1", "threat", "missed a forced defence", value_before=unknown, value_after=loss, best=["c3"]),
    ]
    text = summarise(rows, names=["Ann", "Bob"])["text"]
    assert "Ann played h8 at move 1 and threw the win away (i9 kept it)" in text
    assert "Bob played a1 at move 2 and missed the one defence found (c3), allowing a proven win" in text
    assert "Bob played a1 at move 2 and threw" not in text
    assert "Engine figures" not in text  # (none here)
    engine = {"outcome": None, "k": None, "text": "engine +120"}
    rows = [Verdict(0, 0, "h8", "no win proven", "engine's choice", value_before=engine, value_after=engine)]
    text = summarise(rows)["text"]
    assert text.count("Engine figures are the engine's evaluation in points, each for the player who moved") == 1


def test_a_hint_says_the_reason() -> None:
    assert hint("nim", {"heaps": "3,4,5"}, []) == (
        "1:2 (wins in 6): the nim-sum 3 XOR 4 XOR 5 = 2; take 2 from heap 1 to leave nim-sum 0 (3 XOR 2 = 1): "
        "every answer makes it non-zero again")
    out = analyse("hint", "nim", {"heaps": [3, 4, 5]}, [], 2.0)
    e = p.Explanation(**out["explanation"])
    assert e.best[0] == "1:2" == out["hint"].split(" ")[0] and e.nim_sum == 2
    # a rule answers where the exact search cannot: huge heaps
    text = hint("nim", {"heaps": "1000000,999999,3"}, [], 1.0)
    assert text.startswith("1:4 (wins): the nim-sum 1000000 XOR 999999 XOR 3 = 124")
    assert hint("corner", {"piece": "queen"}, []).startswith("a1 (wins in 1)")
    assert "price" in hint("pawn", {}, [])


def test_a_game_too_large_for_the_table_is_judged_by_its_rule() -> None:
    moves = ["3:3", "1:1", "2:999999"]  # 3:3 leaves nim-sum 127: thrown; 1:1 makes it 0 again
    out = analyse("review", "nim", {"heaps": [1000000, 999999, 3]}, moves, 20.0, resigned=1)
    rows = rows_of(out)
    assert [(r.verdict, r.value_before.outcome, r.value_after.outcome) for r in rows[:3]] == [
        ("threw the win away", "win", "loss"), ("best", "win", "win"), ("best", "loss", "loss")]
    assert rows[0].best == ["1:4"] and "= 124" in rows[0].why
    assert (rows[3].move, rows[3].verdict) == ("resign", "resigned a won game")  # Bob had won it back
    assert out["summary"]["turning"] == [0, 3]
