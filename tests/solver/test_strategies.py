"""Known strategies are perfect play: each is checked against the exact solver on small instances,
and ``max`` never lets a won position slip against random moves in every solvable game."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from grundy import rules
from grundy.rules.base import Game
from grundy.solver import exact, strategies
from grundy.solver.bot import choose


def is_lost_for_mover(game: Game, state: Any) -> bool:
    return not game.is_over(state) and exact.solve(game, state).outcome == "loss"


def check_strategy_everywhere(game: Game, states: list[Any]) -> int:
    """The strategy gives a move exactly in won positions, and that move leaves the opponent lost."""
    moves = 0
    for state in states:
        sol = exact.solve(game, state)
        move = strategies.perfect_move(game, state)
        if sol.outcome != "win":
            assert move is None, game.render(state)
            continue
        assert move is not None, game.render(state)
        assert game.is_legal(state, move)
        child = game.apply(state, move)
        assert game.is_over(child) or is_lost_for_mover(game, child), game.render(state)
        moves += 1
    return moves


def test_nim_sum_is_perfect() -> None:
    game = rules.create("nim", heaps="5,5,5")
    states = [game.initial()._replace(heaps=h) for h in itertools.product(range(6), repeat=3) if any(h)]
    assert check_strategy_everywhere(game, states) > 100


def test_misere_nim_rule_is_perfect() -> None:
    game = rules.create("nim", heaps="5,5,5", misere=True)
    states = [game.initial()._replace(heaps=h) for h in itertools.product(range(6), repeat=3) if any(h)]
    assert check_strategy_everywhere(game, states) > 100
    assert strategies.nim_move((1, 1, 1), misere=True) is None  # three single objects: lost
    assert strategies.nim_move((1, 1, 5), misere=True) == (2, 4)  # leave an odd number of ones
    assert strategies.nim_move((1, 5), misere=True) == (1, 5)


@pytest.mark.parametrize(
    "params",
    [
        {"take": "1,2"},
        {"take": "1,3,4"},
        {"take": "2,5,6", "goal": 3},
        {"take": "1,2", "goal": 1},
        {"take": "1,3,4", "rule": "last-loses"},
        {"take": "3,4", "rule": "last-loses", "goal": 2},
    ],
)
def test_subtraction_periodicity_is_perfect(params: dict[str, Any]) -> None:
    game = rules.create("subtraction", n=80, **params)
    states = [game.initial()._replace(heap=n) for n in range(game.params["goal"], 81)]
    states = [s for s in states if not game.is_over(s)]
    assert check_strategy_everywhere(game, states) > 10


def test_subtraction_pattern_repeats_with_its_period() -> None:
    pattern = strategies.subtraction_pattern((1, 3, 4), True)
    assert pattern is not None
    start, won = pattern
    period = len(won) - start
    assert period == 7
    won_sizes = [strategies.subtraction_won((1, 3, 4), True, n) for n in range(14)]
    assert won_sizes == [n % 7 not in (0, 2) for n in range(14)]
    assert strategies.subtraction_won((1, 3, 4), True, 10**12) is (10**12 % 7 not in (0, 2))


def corner_states(game: Any) -> list[Any]:
    base = game.initial()
    out = []
    for y in range(game.height):
        for x in range(game.width):
            s = base._replace(x=x, y=y)
            if (x, y) not in game.blocked and not game.is_over(s):
                out.append(s)
    return out


@pytest.mark.parametrize("piece", ["king", "rook", "queen"])
def test_corner_rules_are_perfect(piece: str) -> None:
    game = rules.create("corner", piece=piece, width=11, height=9)
    assert check_strategy_everywhere(game, corner_states(game)) > 20


def test_king_parity_rook_diagonal_and_wythoff_pairs() -> None:
    assert strategies.wythoff_pairs(30) == [
        (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23), (16, 26), (17, 28)
    ]
    for piece in ("king", "rook", "queen"):
        game = rules.create("corner", piece=piece, width=12, height=12)
        for s in corner_states(game):
            lost = exact.solve(game, s).outcome == "loss"
            assert lost == strategies.is_cold(piece, s.x, s.y), (piece, s)


def test_no_rule_for_the_knight_nor_for_blocked_boards() -> None:
    knight = rules.create("corner", piece="knight")
    assert strategies.perfect_move(knight, knight.initial()) is None
    blocked = rules.create("corner", piece="rook", blocked="c3")
    assert strategies.perfect_move(blocked, blocked.initial()) is None
    three = rules.create("corner", players=3)
    assert strategies.perfect_move(three, three.initial()) is None


@pytest.mark.parametrize(("w", "h", "r"), [(7, 5, 1), (5, 3, 0), (9, 7, 2), (9, 5, 1)])
def test_coins_centre_and_mirror_wins_against_anything(w: int, h: int, r: int) -> None:
    game = rules.create("coins", width=w, height=h, radius=r)
    rng = random.Random(w * 100 + h * 10 + r)
    for _ in range(15):
        s = game.initial()
        while not game.is_over(s):
            if game.to_move(s) == 0:
                move = strategies.perfect_move(game, s)
                assert move is not None, game.render(s)
                if w * h <= 35:
                    child = game.apply(s, move)
                    assert game.is_over(child) or is_lost_for_mover(game, child)
            else:
                move = rng.choice(game.legal_moves(s))
            s = game.apply(s, move)
        result = game.result(s)
        assert result is not None and result.outcomes[0] == "win"


def test_coins_rule_stays_out_of_even_tables() -> None:
    game = rules.create("coins", width=6, height=5, radius=1)
    assert strategies.perfect_move(game, game.initial()) is None


# ----------------------------------------------------------------------------------
# max keeps every won position


SOLVABLE = [
    ("nim", {"heaps": "3,4,5"}),
    ("nim", {"heaps": "2,3,4,1", "misere": True}),
    ("subtraction", {"n": 30, "take": "1,3,4"}),
    ("subtraction", {"n": 21, "take": "2,3", "rule": "last-loses"}),
    ("stones", {"heaps": "7,20", "ops": "+1,*2", "goal": "77"}),
    ("corner", {"piece": "king"}),
    ("corner", {"piece": "queen", "width": 9, "height": 7}),
    ("corner", {"piece": "knight", "width": 9, "height": 9, "blocked": "d4;f3"}),
    ("pawn", {"size": 6, "payoffs": "3,-1,4,-1,5,-9"}),
    ("coins", {"width": 7, "height": 6, "radius": 1}),
    ("tictactoe", {}),
    ("mnk", {"m": 4, "n": 4, "k": 3}),
    ("pursuit", {"width": 5, "height": 4, "starts": "a1;e4", "limit": 8}),
]


def worth(game: Game, state: Any, seat: int) -> tuple[str, float | None]:
    """What ``state`` is worth to ``seat`` with perfect play: (outcome, payoff)."""
    if game.is_over(state):
        r = game.result(state)
        assert r is not None
        return r.outcomes[seat], None if r.scores is None else r.scores[seat]
    sol = exact.solve(game, state)
    mover = game.to_move(state)
    if sol.value is not None:
        v = sol.value if mover == seat else -sol.value
        return ("win" if v > 0 else "loss" if v < 0 else "draw"), v
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    assert sol.outcome is not None
    return (sol.outcome if mover == seat else flip[sol.outcome]), None


@pytest.mark.parametrize(("name", "params"), SOLVABLE, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SOLVABLE)])
def test_max_never_lets_a_won_position_slip(name: str, params: dict[str, Any]) -> None:
    game = rules.create(name, **params)
    rng = random.Random(len(name) * 7 + len(params))
    for game_no in range(4):
        s = game.initial()
        max_seat = game_no % 2
        while not game.is_over(s):
            seat = game.to_move(s)
            if seat == max_seat:
                before = worth(game, s, seat)
                move = choose(game, s, "max", 0.5, rng=rng).move
                s = game.apply(s, move)
                after = worth(game, s, seat)
                assert after[0] == before[0], f"{game.format_move(s, move)} turned a {before[0]} into a {after[0]}"
                if before[1] is not None:
                    assert after[1] == before[1]
            else:
                s = game.apply(s, rng.choice(game.legal_moves(s)))
