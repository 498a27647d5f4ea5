"""Explanations by known rules, checked against the exact solver and against published results.

Published results: Kayles' Grundy values (OEIS A002186), Wythoff's cold pairs
(floor(k*phi), floor(k*phi^2), OEIS A000201 / A001950), the king's parity rule.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.base import Game
from grundy.solver import exact, strategies
from grundy.solver.strategies import explain, kayles_grundy, wythoff_pair

# OEIS A002186: Grundy values of Kayles rows of 0, 1, 2, ... pins.
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
]
# OEIS A000201 (lower Wythoff sequence, floor(n*phi) for n >= 1) and A001950 (upper, floor(n*phi^2)).
A000201 = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32]
A001950 = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52]


def winning_moves(game: Game, state: Any) -> set[Any]:
    """Every move after which the mover wins with perfect play, by the exact solver."""
    mover = game.to_move(state)
    out = set()
    for m in game.legal_moves(state):
        child = game.apply(state, m)
        if game.is_over(child):
            result = game.result(child)
            assert result is not None
            if result.outcomes[mover] == "win":
                out.add(m)
        elif exact.solve(game, child).outcome == "loss":
            out.add(m)
    return out


def check(game: Game, state: Any) -> strategies.Explanation:
    """The rule's outcome, Grundy value and winning moves are the exact solver's."""
    e = explain(game, state)
    assert e is not None, game.render(state)
    sol = exact.solve(game, state)
    assert e.outcome == sol.outcome, game.render(state)
    assert set(e.winning) == winning_moves(game, state), game.render(state)
    if e.grundy is not None:
        assert e.grundy == sol.grundy, game.render(state)
    assert e.reason and e.by.startswith("by ")
    return e


# ----------------------------------------------------------------------------------
# nim


def test_nim_sums_of_small_heaps_agree_with_the_exact_solver() -> None:
    for heaps in itertools.product(range(6), repeat=3):
        if any(heaps):
            game = rules.create("nim", heaps=",".join(map(str, heaps)))
            e = check(game, game.initial())
            assert e.rule == "nim-sum" and e.data["nim_sum"] == heaps[0] ^ heaps[1] ^ heaps[2]


def test_misere_nim_agrees_with_the_exact_solver() -> None:
    for heaps in itertools.product(range(5), repeat=3):
        if any(heaps):
            game = rules.create("nim", heaps=",".join(map(str, heaps)), misere=True)
            assert check(game, game.initial()).rule == "misere-nim"


def test_nim_three_four_five_shows_the_nim_sum_rows_and_the_move() -> None:
    game = rules.create("nim", heaps="3,4,5")
    e = explain(game, game.initial())
    assert e is not None
    assert (e.outcome, e.grundy, e.winning) == ("win", 2, ((0, 2),))
    assert e.data["binary"] == ["011", "100", "101"] and e.data["nim_sum_binary"] == "010"
    assert e.data["moves"] == [{"move": "1:2", "heap": 1, "from": 3, "to": 1, "nim_sum_after": 0}]


def test_nim_of_huge_heaps_is_answered_by_the_nim_sum() -> None:
    game = rules.create("nim", heaps="1000000,999999,3")
    e = explain(game, game.initial())
    assert e is not None and e.outcome == "win"
    assert e.data["nim_sum"] == 1000000 ^ 999999 ^ 3 == 124
    for heap, take in e.winning:
        after = list(game.initial().heaps)
        after[heap] -= take
        assert strategies.nim_sum(after) == 0
    assert e.winning == ((0, 4),)  # 1000000 XOR 124 = 999996; the others grow under XOR 124


def test_a_zero_nim_sum_has_no_winning_move_and_says_why() -> None:
    game = rules.create("nim", heaps="1000000,999999,127")
    e = explain(game, game.initial())
    assert e is not None and (e.outcome, e.winning, e.grundy) == ("loss", (), 0)
    assert "every move" in e.reason


# ----------------------------------------------------------------------------------
# kayles


def test_kayles_grundy_values_are_the_published_sequence() -> None:
    assert [kayles_grundy(n) for n in range(len(A002186))] == A002186


def test_kayles_grundy_values_agree_with_the_exact_solver() -> None:
    for n in range(1, 15):
        game = rules.create("kayles", pins=n)
        assert exact.grundy(game) == kayles_grundy(n) == A002186[n]


def test_kayles_values_repeat_with_period_12_from_71_pins() -> None:
    table = [kayles_grundy(n) for n in range(119)]  # computed by the mex, not by the period
    assert all(table[n] == table[n + 12] for n in range(71, 107))
    assert table[70] != table[82]  # 70 is the last exception
    assert kayles_grundy(10**12) == kayles_grundy(71 + (10**12 - 71) % 12)


def test_kayles_rows_with_gaps_agree_with_the_exact_solver() -> None:
    for mask in range(1, 1 << 9):
        start = ",".join(str(i + 1) for i in range(9) if mask >> i & 1)
        game = rules.create("kayles", pins=9, start=start)
        e = check(game, game.initial())
        assert e.rule == "kayles"
        assert e.data["nim_sum"] == e.grundy


def test_a_long_kayles_row_is_answered_at_once_with_its_components() -> None:
    game = rules.create("kayles", pins=64, start="1-30,33-64")
    e = explain(game, game.initial())
    assert e is not None
    assert [c["length"] for c in e.data["components"]] == [30, 32]
    assert e.grundy == A002186[30] ^ A002186[32] == 7 ^ 1
    for move in e.winning:  # each winning throw leaves rows of nim-sum 0
        after = game.apply(game.initial(), move)
        assert strategies.nim_sum([kayles_grundy(n) for _, n in strategies.kayles_runs(after.pins)]) == 0


def test_misere_kayles_has_no_rule() -> None:
    game = rules.create("kayles", pins=6, misere=True)
    assert explain(game, game.initial()) is None


# ----------------------------------------------------------------------------------
# subtraction


@pytest.mark.parametrize("take", ["1,2", "1,3,4", "2,5", "1,4,5", "3"])
@pytest.mark.parametrize("rule", ["last-wins", "last-loses"])
def test_subtraction_period_agrees_with_the_exact_solver(take: str, rule: str) -> None:
    for n in range(1, 40):
        game = rules.create("subtraction", n=n, take=take, rule=rule)
        if not game.is_over(game.initial()):
            assert check(game, game.initial()).rule == "subtraction-period"


def test_a_billion_matches_is_answered_by_the_period() -> None:
    game = rules.create("subtraction", n=10**9, take="1,2")
    e = explain(game, game.initial())
    assert e is not None and e.data["period"] == 3 and e.data["lost_residues"] == [0]
    assert (e.outcome, e.winning) == ("win", (1,))  # 10**9 = 1 (mod 3): leave a multiple of 3


# ----------------------------------------------------------------------------------
# corner


def corner_cells(game: Any) -> list[Any]:
    base = game.initial()
    cells = [base._replace(x=x, y=y) for y in range(game.height) for x in range(game.width)]
    return [s for s in cells if not game.is_over(s)]


def test_wythoff_pairs_are_the_published_sequences() -> None:
    pairs = [wythoff_pair(k) for k in range(1, 21)]
    assert [a for a, _ in pairs] == A000201 and [b for _, b in pairs] == A001950
    phi = (1 + math.sqrt(5)) / 2
    assert all(wythoff_pair(k) == (math.floor(k * phi), math.floor(k * phi * phi)) for k in range(2000))
    # Beatty: the lower and upper numbers split the positive integers between them.
    big = [wythoff_pair(k) for k in range(1, 700)]
    seen = sorted([a for a, _ in big] + [b for _, b in big if b <= big[-1][0]])
    assert seen == list(range(1, big[-1][0] + 1))


def test_queen_lost_cells_are_wythoffs_pairs_on_a_12x12_board() -> None:
    game = rules.create("corner", piece="queen", width=12, height=12)
    lost = {(s.x, s.y) for s in corner_cells(game) if exact.solve(game, s).outcome == "loss"}
    pairs = {wythoff_pair(k) for k in range(12)}
    expected = {(a, b) for a, b in pairs | {(b, a) for a, b in pairs} if a < 12 and b < 12} - {(0, 0)}
    assert lost == expected
    for s in corner_cells(game):
        assert check(game, s).rule == "wythoff"


@pytest.mark.parametrize("size", [(12, 12), (1, 9), (9, 1), (7, 10)])
def test_king_parity_agrees_with_the_exact_solver(size: tuple[int, int]) -> None:
    game = rules.create("corner", piece="king", width=size[0], height=size[1])
    for s in corner_cells(game):
        e = check(game, s)
        assert e.rule == "king-parity"
        assert (e.outcome == "loss") == (s.x % 2 == 0 and s.y % 2 == 0)


def test_rook_is_two_heap_nim() -> None:
    game = rules.create("corner", piece="rook", width=10, height=7)
    for s in corner_cells(game):
        e = check(game, s)
        assert e.rule == "rook-nim" and e.grundy == s.x ^ s.y


def test_a_far_queen_on_the_largest_board_is_answered_by_wythoffs_pairs() -> None:
    game = rules.create("corner", piece="queen", width=64, height=64, start="b64")
    e = explain(game, game.initial())
    assert e is not None and e.rule == "wythoff"
    # (1, 63): the only cold cell in reach is (1, 2), down the b-file: b3
    assert e.outcome == "win" and e.winning == ((1, 2),)


@pytest.mark.parametrize("params", [
    {"piece": "knight"},
    {"piece": "king", "players": 3},
    {"piece": "queen", "blocked": "c3"},
])
def test_no_rule_where_none_is_known(params: dict[str, Any]) -> None:
    game = rules.create("corner", **params)
    assert explain(game, game.initial()) is None


# ----------------------------------------------------------------------------------
# property: the rule's answer is the exact solver's on random small positions


positions = st.one_of(
    st.lists(st.integers(0, 7), min_size=1, max_size=4).filter(any).map(
        lambda h: ("nim", {"heaps": ",".join(map(str, h))})),
    st.tuples(st.integers(1, 12), st.integers(1, 4095)).map(
        lambda t: ("kayles", {"pins": t[0], "start": ",".join(
            str(i + 1) for i in range(t[0]) if t[1] >> i & 1) or "1"})),
    st.tuples(st.sampled_from(["king", "rook", "queen"]), st.integers(1, 10), st.integers(1, 10),
              st.integers(0, 99), st.integers(0, 99)).map(
        lambda t: ("corner", {"piece": t[0], "width": t[1], "height": t[2],
                              "start": f"{chr(97 + t[3] % t[1])}{1 + t[4] % t[2]}"})),
)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_rules_agree_with_the_exact_solver_on_random_positions(position: tuple[str, dict[str, Any]]) -> None:
    name, params = position
    try:
        game = rules.create(name, **params)
    except rules.ParameterError:
        return  # e.g. a corner start on the goal
    state = game.initial()
    if not game.is_over(state):
        check(game, state)
