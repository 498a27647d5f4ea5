"""solver/explain.py: every game's explanation is the protocol's ``Explanation``, and right by known results.

Known results: the nim-sum, Kayles' Grundy values (OEIS A002186 and the period 12 from 71 pins),
Wythoff's cold pairs for the queen (OEIS A000201 / A001950), the king's parity rule, the pawn's
prices (the 8x8 board with payoffs 1..8 is worth 5 to Max), the symmetry of coins.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from grundy import protocol as p
from grundy import rules
from grundy.rules.catalog import GAMES
from grundy.rules.cells import format_cell, parse_cell
from grundy.solver import exact, strategies
from grundy.solver.explain import MAX_CELLS, MAX_LIST, explain
from tests.solver.test_explain import A000201, A001950, A002186


def checked(game: rules.Game, state: Any, **kw: Any) -> p.Explanation:
    e = p.Explanation(**explain(game, state, **kw))
    assert e.reason and e.by and e.rule
    assert len(e.cells or []) <= MAX_CELLS and len(e.components or []) <= MAX_LIST
    assert len(e.moves) <= MAX_LIST and len(e.line or []) <= MAX_LIST and len(e.reason) <= 2000
    return e


CASES = [(cls.name, params) for cls in GAMES for params in cls.examples]


@pytest.mark.parametrize("name,params", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_every_games_explanation_is_the_protocols_type(name: str, params: dict[str, Any]) -> None:
    game = rules.create(name, **params)
    state = game.initial()
    rng = random.Random(7)
    for _ in range(3):
        seat = game.to_move(state)
        e = checked(game, state, seat=seat, budget_s=0.3)
        assert e.to_move == seat
        if game.is_over(state):
            assert e.rule == "over"
            break
        assert e.best, "never an empty answer"  # the engine's move at least
        assert all(game.is_legal(state, game.parse_move(state, m)) for m in e.best)
        if e.value.outcome == "unknown":
            assert e.evaluation
        state = game.apply(state, rng.choice(game.legal_moves(state)))


# ----------------------------------------------------------------------------------
# heaps


def test_nim_three_four_five_the_binary_rows_and_the_move_that_makes_it_zero() -> None:
    game = rules.create("nim", heaps="3,4,5")
    e = checked(game, game.initial())
    assert (e.rule, e.value.text, e.best, e.nim_sum, e.nim_sum_binary) == ("nim-sum", "win in 6", ["1:2"], 2, "010")
    assert [(c.label, c.size, c.grundy, c.binary) for c in e.components] == [
        ("heap 1", 3, 3, "011"), ("heap 2", 4, 4, "100"), ("heap 3", 5, 5, "101")]
    assert [(m.move, m.component, m.after) for m in e.moves] == [("1:2", 0, 0)]
    assert e.reason.startswith("the nim-sum 3 XOR 4 XOR 5 = 2; take 2 from heap 1 to leave nim-sum 0")


def test_nim_with_a_zero_sum_says_why_no_move_can_win() -> None:
    game = rules.create("nim", heaps="1,2,3")
    e = checked(game, game.initial())
    assert (e.value.outcome, e.nim_sum, e.nim_sum_binary) == ("loss", 0, "00")
    assert "every move changes one heap" in e.reason
    assert all(m.after != 0 for m in e.moves)


def test_nim_of_huge_heaps_is_answered_at_once_by_the_nim_sum() -> None:
    game = rules.create("nim", heaps="1000000,999999,3")
    e = checked(game, game.initial(), budget_s=5.0)
    assert (e.rule, e.value.outcome, e.value.k, e.best, e.nim_sum) == ("nim-sum", "win", None, ["1:4"], 124)
    assert e.components[0].binary == format(1000000, "020b")


def test_nim_sums_of_small_heaps_by_exhaustion() -> None:
    for a in range(6):
        for b in range(6):
            for c in range(1, 6):
                game = rules.create("nim", heaps=f"{a},{b},{c}")
                e = checked(game, game.initial())
                assert e.nim_sum == a ^ b ^ c and (e.value.outcome == "win") == bool(a ^ b ^ c)
                for m in e.moves if e.nim_sum else []:
                    after = game.apply(game.initial(), game.parse_move(game.initial(), m.move))
                    assert strategies.nim_sum(list(after.heaps)) == 0 == m.after


def test_kayles_components_carry_the_published_grundy_values() -> None:
    game = rules.create("kayles", pins=40, start="1-11,13-40")
    e = checked(game, game.initial())
    assert [(c.label, c.size, c.grundy) for c in e.components] == [("pins 1-11", 11, A002186[11]),
                                                                     ("pins 13-40", 28, A002186[28])]
    assert e.nim_sum == A002186[11] ^ A002186[28]
    assert all(m.after == 0 for m in e.moves) and e.value.outcome == ("win" if e.nim_sum else "loss")


def test_a_long_kayles_row_uses_the_period_twelve() -> None:
    game = rules.create("kayles", pins=64)
    e = checked(game, game.initial())
    assert e.components[0].grundy == A002186[64]
    assert e.rule == "kayles" and e.value.outcome == "win"
    game = rules.create("kayles", pins=64, start="1-10,12-64")  # rows of 10 and 53 pins
    e = checked(game, game.initial())
    assert [c.grundy for c in e.components] == [A002186[10], A002186[53]]
    # past 70 pins the values repeat with period 12 (a row of 10**6 pins is read from it at once)
    assert strategies.kayles_grundy(10**6) == A002186[71 - 12 + (10**6 - 71) % 12]


def test_subtraction_gives_the_heaps_grundy_value_at_any_size() -> None:
    for n in range(1, 30):
        game = rules.create("subtraction", n=n, take="1,3,4")
        e = checked(game, game.initial())
        assert e.components[0].grundy == exact.grundy(game)
    game = rules.create("subtraction", n=10**9, take="1,3,4")
    e = checked(game, game.initial())
    assert e.components[0].grundy == strategies.subtraction_grundy((1, 3, 4), 10**9 % 7)


def test_stones_has_the_exams_values_and_grundy_values() -> None:
    game = rules.create("stones", heaps="7,30")
    e = checked(game, game.initial())
    assert (e.value.outcome, e.value.k) == ("loss", 2)  # the exam's -2
    assert e.components[0].grundy == 0 and all(m.after != 0 for m in e.moves)
    game = rules.create("stones", heaps="7,35")
    e = checked(game, game.initial())
    assert (e.value.text, e.best) == ("win in 1", ["2:*2"])


def test_the_exams_published_answers_from_the_explanations() -> None:
    """Tasks 19-21 (heaps 7 and S, +1 or *2, goal 77): the codes are the explanations' values."""
    game = rules.create("stones", heaps="7,1", ops="+1,*2", goal="77")
    values = {s: checked(game, game.initial()._replace(heaps=(7, s))).value for s in range(1, 70)}
    codes = {s: v.k if v.outcome == "win" else -v.k for s, v in values.items()}
    assert codes[17] == 11
    assert sorted(s for s, c in codes.items() if c == 2) == [31, 34]  # task 20
    assert min(s for s, c in codes.items() if c == -2) == 30  # task 21
    e = checked(game, game.initial()._replace(heaps=(7, 30)))
    assert e.components[0].grundy == 0 and all(m.after for m in e.moves)  # a lost position: value 0
    e = checked(game, game.initial()._replace(heaps=(7, 31)))
    assert "1:*2" in e.best and e.components[0].grundy != 0 and e.moves[0].after == 0


def test_an_impartial_game_without_a_rule_gets_the_grundy_value_of_the_whole() -> None:
    game = rules.create("coins", width=4, height=6)
    e = checked(game, game.initial())
    assert e.rule == "search" and e.components[0].grundy == exact.grundy(game)


# ----------------------------------------------------------------------------------
# boards


def wythoff_cold(w: int, h: int) -> set[str]:
    lower = [0, *A000201]
    upper = [0, *A001950]
    cells = {(a, b) for a, b in zip(lower, upper, strict=True)} | {(b, a) for a, b in zip(lower, upper, strict=True)}
    return {format_cell(x, y) for x, y in cells if x < w and y < h}


def test_the_queens_map_marks_wythoffs_pairs_lost() -> None:
    game = rules.create("corner", piece="queen", width=12, height=12)
    e = checked(game, game.initial())
    assert e.rule == "wythoff" and "(1,2) (3,5) (4,7) (6,10)" in e.reason
    lost = {c.cell for c in e.cells if c.outcome == "loss"}
    assert lost == wythoff_cold(12, 12)
    assert {m.cell for m in e.marks if m.role == "piece"} == {"l12"}
    assert all(c.code == f"{'W' if c.outcome == 'win' else 'L'}{c.k}" for c in e.cells)


def test_the_kings_map_follows_the_parity_rule_and_the_exact_solver() -> None:
    game = rules.create("corner", piece="king", width=9, height=8)
    e = checked(game, game.initial())
    assert e.rule == "king-parity" and len(e.cells) == 72
    for c in e.cells:
        x, y = parse_cell(c.cell)
        assert (c.outcome == "loss") == (x % 2 == 0 and y % 2 == 0)
        s = game.initial()._replace(x=x, y=y)
        if not game.is_over(s):
            sol = exact.solve(game, s)
            assert (c.outcome, c.k, c.grundy) == (sol.outcome, sol.in_k, sol.grundy)
    assert e.best == ["i7"] and e.value.text == f"win in {exact.solve(game).in_k}"


def test_the_rooks_grundy_values_are_the_nim_sum_of_the_distances() -> None:
    game = rules.create("corner", piece="rook", width=6, height=5)
    e = checked(game, game.initial())
    assert all(c.grundy == parse_cell(c.cell)[0] ^ parse_cell(c.cell)[1] for c in e.cells)


def test_a_big_board_keeps_to_the_bound_with_the_piece_and_its_moves() -> None:
    game = rules.create("corner", piece="queen", width=64, height=64)
    e = checked(game, game.initial())
    assert len(e.cells) == MAX_CELLS and e.cells[0].cell == "bl64"
    assert set(e.best) <= {c.cell for c in e.cells}


def test_the_knight_and_blocked_cells_are_mapped_by_search() -> None:
    game = rules.create("corner", piece="knight")
    e = checked(game, game.initial())
    assert e.rule == "search" and e.value.outcome == exact.solve(game).outcome


def test_the_pawns_prices() -> None:
    game = rules.create("pawn")  # payoffs 1..8 on the 8x8 board: Max gets 5
    e = checked(game, game.initial())
    assert (e.value.outcome, e.value.score) == ("score", 5)
    prices = {c.cell: c.value for c in e.cells}
    assert prices["a1"] == 5 and prices["a8"] == 1 and prices["h1"] == 8 and len(prices) == 36
    assert e.best == ["b1"] and prices["b1"] == 5 and prices["a2"] < 5
    for c in e.cells:
        s = game.initial()._replace(x=parse_cell(c.cell)[0], y=parse_cell(c.cell)[1])
        if not game.is_over(s):
            v = exact.value(game, s)
            assert c.value == (v if game.to_move(s) == 0 else -v)


def test_pursuit_shows_the_capture_times_from_where_the_pursuer_stands() -> None:
    game = rules.create("pursuit", width=5, height=5, starts="a1;e5", limit=20)
    e = checked(game, game.initial())
    times = {c.cell: c.value for c in e.cells}
    assert times["b2"] == 1 and times["e5"] == 4  # a king's distance, the pursuer moving first
    assert {m.cell for m in e.marks if m.role == "piece"} == {"a1", "e5"}
    assert (e.value.outcome, e.value.k) == ("win", 4)


def test_a_blind_evader_is_explained_from_what_it_sees() -> None:
    game = rules.create("pursuit", width=5, height=5, starts="a1;e5", limit=20, evader_sees=False)
    state = game.apply(game.initial(), (1, 1))
    e = checked(game, state, seat=1, budget_s=0.3)
    assert e.cells is None and e.rule == "engine"  # no capture times: they would show where the pursuer is


def test_tictactoe_maps_every_empty_cell() -> None:
    game = rules.create("tictactoe")
    state = game.replay(["b2", "a2"])  # O on an edge loses
    e = checked(game, state)
    codes = {c.cell: c.code for c in e.cells}
    assert len(codes) == 7 and e.value.outcome == "win"
    assert {c for c, code in codes.items() if code == f"W{e.value.k}"} == set(e.best)
    assert "D" in codes.values()
    e = checked(game, game.replay(["b2", "a1"]))  # a corner holds the draw
    assert e.value.outcome == "draw" and {c.code for c in e.cells} <= {"D", "L1", "L2", "L3"}


def test_coins_mirrors_the_last_coin_through_the_centre() -> None:
    game = rules.create("coins", width=9, height=9)
    e = checked(game, game.initial())
    assert (e.rule, e.best, [(m.cell, m.role) for m in e.marks]) == ("symmetry", ["e5"], [("e5", "mirror")])
    state = game.replay(["e5", "b2"])
    e = checked(game, state)
    # the mirror image h8 wins, but other moves win faster: they are best, h8 is "also winning, slower"
    sol = exact.solve(game, state)
    assert e.value.k == sol.in_k and e.best == [game.format_move(state, m) for m in sol.best] and "h8" not in e.best
    assert e.also == ["h8"] and ("h8", "also") in [(m.cell, m.role) for m in e.marks]
    assert "b2" in e.reason and e.value.outcome == "win" and e.reason.endswith(f"{e.best[0]} wins faster, in 3")
    e = checked(game, game.replay(["e5", "b2", "h8"]))
    assert (e.rule, e.value.outcome) == ("symmetry", "loss")


def test_too_large_for_the_search_is_the_engines_view_in_words() -> None:
    game = rules.create("coins", width=15, height=15)
    state = game.replay(["b2"])
    e = checked(game, state, budget_s=0.3)
    assert e.rule == "engine" and e.value.outcome == "unknown" and e.evaluation and e.best and e.line


def test_a_finished_game_says_why_it_ended() -> None:
    game = rules.create("nim", heaps="1")
    e = checked(game, game.replay(["1:1"]))
    assert (e.rule, e.to_move, e.best) == ("over", None, [])
