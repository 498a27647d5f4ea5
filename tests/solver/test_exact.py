"""The exact solver pins known facts: solved values, Grundy numbers, the exam's answers.

Every game is also checked position by position against a plain reference minimax (no
symmetry, no pruning, no bit-mask model), so the solver's shortcuts cannot change an answer.
"""

from __future__ import annotations

import itertools
import sys
from typing import Any

import pytest

from grundy import rules
from grundy.rules.base import Game
from grundy.solver import analysis, exact

BIG = exact.BIG


def reference(game: Game, state: Any, memo: dict[Any, float]) -> float:
    """Value of ``state`` for its player to move, by the definitions (recursive, small games only)."""
    if state in memo:
        return memo[state]
    mover = game.to_move(state)
    assert mover is not None
    best = -float("inf")
    for m in game.legal_moves(state):
        child = game.apply(state, m)
        if game.is_over(child):
            r = game.result(child)
            assert r is not None
            if game.has_scores:
                assert r.scores is not None
                v = float(r.scores[mover])
            else:
                o = r.outcomes[mover]
                v = BIG - 1 if o == "win" else -(BIG - 1) if o == "loss" else 0
        else:
            cv = reference(game, child, memo)
            if game.has_scores:
                v = cv if game.to_move(child) == mover else -cv
            else:
                cv = cv if game.to_move(child) == mover else -cv
                v = cv - 1 if cv > 0 else cv + 1 if cv < 0 else 0
        best = max(best, v)
    memo[state] = best
    return best


def reachable(game: Game, start: Any = None) -> list[Any]:
    """Every position reachable from the start (not over), each once."""
    first = game.initial() if start is None else start
    seen = {first}
    todo = [first]
    while todo:
        s = todo.pop()
        for m in game.legal_moves(s):
            c = game.apply(s, m)
            if not game.is_over(c) and c not in seen:
                seen.add(c)
                todo.append(c)
    return list(seen)


SMALL = [
    ("nim", {"heaps": "1,2,3"}),
    ("nim", {"heaps": "2,2,3", "misere": True}),
    ("subtraction", {"n": 23, "take": "1,3,4"}),
    ("subtraction", {"n": 17, "take": "2,5", "goal": 2, "rule": "last-loses"}),
    ("stones", {"heaps": "3,4", "ops": "+1,*2", "goal": "20"}),
    ("stones", {"heaps": "9,11", "ops": "-1,/2", "goal": "<=5", "rule": "reach-loses"}),
    ("corner", {"piece": "king", "width": 6, "height": 5}),
    ("corner", {"piece": "queen", "width": 7, "height": 6, "blocked": "c3;e2"}),
    ("corner", {"piece": "knight", "width": 8, "height": 7}),
    ("pawn", {"size": 6, "payoffs": "3,-1,4,-1,5,-9"}),
    ("coins", {"width": 4, "height": 3, "radius": 0}),
    ("coins", {"width": 7, "height": 6, "radius": 1}),
    ("tictactoe", {}),
    ("mnk", {"m": 4, "n": 2, "k": 3}),
    ("mnk", {"m": 3, "n": 4, "k": 2}),
    ("pursuit", {"width": 4, "height": 3, "starts": "a1;d3", "limit": 6}),
]


@pytest.mark.parametrize(("name", "params"), SMALL, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SMALL)])
def test_every_position_agrees_with_the_reference_minimax(name: str, params: dict[str, Any]) -> None:
    game = rules.create(name, **params)
    memo: dict[Any, float] = {}
    for state in reachable(game):
        assert exact.value(game, state) == reference(game, state, memo), game.render(state)


@pytest.mark.parametrize(("name", "params"), SMALL[:13], ids=[f"{n}-{i}" for i, (n, _) in enumerate(SMALL[:13])])
def test_best_moves_keep_the_result(name: str, params: dict[str, Any]) -> None:
    game = rules.create(name, **params)
    sol = exact.solve(game)
    memo: dict[Any, float] = {}
    root = reference(game, game.initial(), memo)
    assert sol.best
    for m in game.legal_moves(game.initial()):
        child = game.apply(game.initial(), m)
        if game.is_over(child):
            continue
        v = reference(game, child, memo)
        if not game.has_scores:
            v = -v
            v = v - 1 if v > 0 else v + 1 if v < 0 else 0
            same = exact.outcome_of(int(v))[:2] == exact.outcome_of(int(root))[:2]
        else:
            same = -v == root
        assert same == (m in sol.best), game.format_move(game.initial(), m)


# ----------------------------------------------------------------------------------
# known values


def test_nim_345_is_won_by_taking_two_from_the_first_heap() -> None:
    game = rules.create("nim", heaps="3,4,5")
    sol = exact.solve(game)
    assert (sol.to_move, sol.outcome, sol.grundy, sol.best) == (0, "win", 2, [(0, 2)])
    assert sol.value is None


def test_nim_grundy_is_the_xor_of_the_heaps_and_of_the_sum_of_heaps() -> None:
    game = rules.create("nim", heaps="5,5,5")
    for heaps in itertools.product(range(6), repeat=3):
        state = game.initial()._replace(heaps=heaps)
        g = heaps[0] ^ heaps[1] ^ heaps[2]
        assert exact.grundy_of_sum(exact.nim_parts(game, state)) == g
        if any(heaps):
            assert exact.grundy(game, state) == g
            assert exact.solve(game, state).outcome == ("loss" if g == 0 else "win")


def test_sum_of_different_games_is_the_xor_of_their_grundy_values() -> None:
    sub = rules.create("subtraction", n=11, take="1,3,4")  # Grundy of 11 is 2 (pattern 0,1,0,1,2,3,2)
    rook = rules.create("corner", piece="rook", width=8, height=8, start="f4")  # 5 XOR 3 = 6
    assert exact.grundy(sub) == 2 and exact.grundy(rook) == 6
    assert exact.grundy_of_sum([(sub, sub.initial()), (rook, rook.initial())]) == 4


def test_misere_nim_follows_the_misere_rule() -> None:
    game = rules.create("nim", heaps="4,4,4", misere=True)
    for heaps in itertools.product(range(5), repeat=3):
        if not any(heaps):
            continue
        state = game.initial()._replace(heaps=heaps)
        x = heaps[0] ^ heaps[1] ^ heaps[2]
        won = (x == 0) if max(heaps) <= 1 else (x != 0)
        sol = exact.solve(game, state)
        assert sol.outcome == ("win" if won else "loss"), heaps
        assert sol.grundy is None  # misère: no Grundy values
    with pytest.raises(exact.NotNormalPlay):
        exact.grundy(game, game.initial())


def test_subtraction_take_1_2_has_period_3() -> None:
    game = rules.create("subtraction", n=40, take="1,2")
    assert [exact.grundy(game, game.initial()._replace(heap=n)) for n in range(40)] == [n % 3 for n in range(40)]


def test_subtraction_take_1_3_4_has_period_7() -> None:
    game = rules.create("subtraction", n=60, take="1,3,4")
    pattern = [0, 1, 0, 1, 2, 3, 2]
    values = [exact.grundy(game, game.initial()._replace(heap=n)) for n in range(60)]
    assert values == [pattern[n % 7] for n in range(60)]


def test_the_matches_game_of_the_textbook() -> None:
    # 5 matches, take 1 or 2, who leaves exactly one wins: the first player takes one and wins by his 2nd move.
    game = rules.create("subtraction", n=5, take="1,2", goal=1)
    sol = exact.solve(game)
    assert (sol.outcome, sol.in_k, [game.format_move(game.initial(), m) for m in sol.best]) == ("win", 2, ["1"])


def exam_code(game: Game, s: int) -> int | None:
    return exact.solve(game, game.initial()._replace(heaps=(7, s))).code


def test_the_exam_codes_and_answers() -> None:
    game = rules.create("stones", heaps="7,1", ops="+1,*2", goal="77")
    codes = {s: exam_code(game, s) for s in range(1, 70)}
    assert codes[17] == 11  # the seed's worked check
    assert {s for s, c in codes.items() if c == 2} == {31, 34}  # task 20
    assert min(s for s, c in codes.items() if c == -2) == 30  # task 21
    assert all(codes[s] == 1 for s in range(35, 70))

    def second_wins_at_once_after(s: int) -> bool:
        start = game.initial()._replace(heaps=(7, s))
        for m in game.legal_moves(start):
            child = game.apply(start, m)
            if not game.is_over(child) and exact.outcome_of(int(exact.value(game, child)))[:2] == ("win", 1):
                return True
        return False

    assert min(s for s in range(1, 70) if second_wins_at_once_after(s)) == 18  # task 19


def test_pawn_value_with_the_default_payoffs_is_5() -> None:
    game = rules.create("pawn")
    sol = exact.solve(game)
    assert sol.value == 5 and sol.outcome is None and sol.best == [(1, 0)]
    small = rules.create("pawn", size=3, payoffs="1,2,3")
    assert exact.solve(small).value == 2


def test_tictactoe_is_a_draw_and_an_edge_reply_to_the_centre_loses() -> None:
    game = rules.create("tictactoe")
    sol = exact.solve(game)
    assert sol.outcome == "draw" and len(sol.best) == 9
    after = exact.solve(game, game.replay(["b2", "b1"]))
    assert (after.outcome, after.in_k) == ("win", 3)
    corner = exact.solve(game, game.replay(["b2", "a1"]))
    assert corner.outcome == "draw"


def test_4x4_with_4_in_a_row_is_a_draw() -> None:
    game = rules.create("mnk", m=4, n=4, k=4)
    sol = exact.solve(game, max_nodes=2_000_000)
    assert sol.outcome == "draw" and sorted(sol.best) == list(range(16))


def test_4x4_with_3_in_a_row_is_won_by_the_third_move_in_the_centre() -> None:
    game = rules.create("mnk", m=4, n=4, k=3)
    sol = exact.solve(game)
    assert (sol.outcome, sol.in_k, sorted(sol.best)) == ("win", 3, [5, 6, 9, 10])


def test_coins_on_an_odd_table_are_won_by_the_first_player() -> None:
    for w, h, r in [(5, 3, 0), (7, 5, 1), (7, 3, 1), (9, 5, 1)]:
        game = rules.create("coins", width=w, height=h, radius=r)
        sol = exact.solve(game)
        assert sol.outcome == "win" and sol.grundy != 0
        assert (w // 2, h // 2) in sol.best


def test_pursuit_capture_times_match_the_exact_solver() -> None:
    game = rules.create("pursuit", width=5, height=4, starts="a1;e4", limit=12, blocked="c2")
    table = analysis.analyze(game)
    for key in ["a1-e4", "b2-d3", "e1-a4", "c3-c1"]:
        p, e = key.split("-")
        g = rules.create("pursuit", width=5, height=4, starts=f"{p};{e}", limit=12, blocked="c2")
        sol = exact.solve(g)
        cell = table.cells[key]
        assert (sol.outcome, sol.in_k) == (cell.outcome, cell.in_k), key


# ----------------------------------------------------------------------------------
# limits and refusals


def test_node_cap_raises_too_large_and_keeps_the_work_done() -> None:
    game = rules.create("nim", heaps="12,13,14")
    with pytest.raises(exact.TooLarge, match="too large"):
        exact.solve(game, max_nodes=3000)
    done = len(exact.table_for(game).values) + len(exact.table_for(game).signs)
    assert done > 10
    with pytest.raises(exact.TooLarge, match="time limit"):
        exact.solve(game, max_nodes=100_000_000, max_seconds=0.0)
    sol = exact.solve(game, max_nodes=None)
    assert sol.outcome == "win" and sol.grundy == 12 ^ 13 ^ 14


def test_a_long_game_needs_no_deep_recursion() -> None:
    game = rules.create("subtraction", n=sys.getrecursionlimit() * 5, take="1,2")
    sol = exact.solve(game, max_nodes=None)
    assert sol.outcome == ("loss" if game.params["n"] % 3 == 0 else "win")
    assert sol.grundy == game.params["n"] % 3


def test_a_finished_game_has_no_answer() -> None:
    game = rules.create("nim", heaps="1")
    sol = exact.solve(game, game.apply(game.initial(), (0, 1)))
    assert (sol.to_move, sol.outcome, sol.best) == (None, None, [])


def test_three_players_and_hidden_layouts_are_refused() -> None:
    with pytest.raises(exact.Unsupported, match="two-player"):
        exact.solve(rules.create("corner", players=3))
    with pytest.raises(exact.Unsupported, match="hidden"):
        exact.solve(rules.create("minesweeper", width=4, height=4, mines=2, seed=1))
