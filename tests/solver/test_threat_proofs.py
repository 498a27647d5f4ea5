"""Exact answers on big line-game boards: wins at once and wins by continuous fours, proven.

Positions are literal move lists (black first).  A proof's line is replayed through the
rules to the attacker's five; a K of a proof is the exact fastest win only where that is
proven, otherwise the answer says "at most K".
"""

from __future__ import annotations

from typing import Any

import pytest

from grundy import rules
from grundy.rules.base import Game
from grundy.solver import exact
from grundy.solver.search import Clock


def position(name: str, moves: str, **params: Any) -> tuple[Game, Any]:
    game = rules.create(name, **params)
    return game, game.replay(moves.split())


def cells(game: Game, state: Any, moves: list[Any]) -> list[str]:
    return [game.format_move(state, m) for m in moves]


def replays_to_a_win(game: Game, state: Any, line: list[Any]) -> bool:
    seat = game.to_move(state)
    for m in line:
        assert game.is_legal(state, m), game.format_move(state, m)
        state = game.apply(state, m)
    result = game.result(state)
    return result is not None and result.outcomes[seat] == "win"


def test_a_four_on_the_big_board_is_a_win_in_one_at_once() -> None:
    game, state = position("gomoku", "h8 h9 i8 i9 j8 j9 k8 a1")
    sol = exact.solve(game, state, max_seconds=5)
    assert (sol.outcome, sol.in_k, sol.proof) == ("win", 1, "five")
    assert cells(game, state, sol.best) == ["g8", "l8"]  # every winning move
    assert sol.plies == 1


# (moves, K, a winning line) from games between the lower levels; K counts the attacker's moves.
VCFS = [
    ("g11 f11 g8 j5 g9 j11", 2, "g10 g7 g12"),
    ("j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8", 3, "k9 k11 m9 i9 n9"),
    (
        "h6 k8 j8 k9 k7 i9 i7 j9 l9 l7 f4 g5 i10 n5 m6 k11 k10 j10 h8 l8 m7 i11 h12 j11 h11",
        4,
        "j12 j13 g9 h9 h10 f8 k13",
    ),
]


@pytest.mark.parametrize("moves,k,line", VCFS)
def test_a_win_by_continuous_fours_is_an_exact_win_in_k_with_its_line(moves: str, k: int, line: str) -> None:
    game, state = position("gomoku", moves)
    sol = exact.solve(game, state, max_seconds=30)
    assert (sol.outcome, sol.in_k, sol.at_most, sol.proof) == ("win", k, None, "fours")
    assert sol.plies == 2 * k - 1
    assert cells(game, state, sol.line)[0] in cells(game, state, sol.best)
    assert len(sol.line) == 2 * k - 1
    assert replays_to_a_win(game, state, sol.line)
    assert replays_to_a_win(game, state, [game.parse_move(state, t) for t in line.split()])


def test_every_defence_of_a_four_is_answered_and_the_forced_block_is_the_only_one() -> None:
    game, state = position("gomoku", VCFS[1][0])
    board, colour = exact.line_board(game, state)
    prover = exact.ThreatProver(game, board, Clock.after(10))
    k9 = game.parse_move(state, "k9")
    child = game.apply(state, k9)
    board.place(k9, colour)
    assert cells(game, child, prover._defences(child, colour, prover.wins(colour))) == ["k11"]
    board.remove()
    assert prover.after_four(state, colour, k9, 3, [])[0] == 3


def test_caro_lets_the_defender_stop_a_four_beyond_its_end_too() -> None:
    game, state = position("gomoku", "h8 g8 i8 a1 j8 a2", rule="caro")
    board, colour = exact.line_board(game, state)
    prover = exact.ThreatProver(game, board, Clock.after(10))
    k8 = game.parse_move(state, "k8")
    child = game.apply(state, k8)
    board.place(k8, colour)
    # O X X X X . . : a white stone on m8 leaves l8 a five blocked at both ends, which does not win.
    assert sorted(cells(game, child, prover._defences(child, colour, prover.wins(colour)))) == ["l8", "m8"]


def test_renju_black_may_not_block_with_a_forbidden_move_so_one_four_wins() -> None:
    moves = "c8 d8 f6 e8 g7 f8 h9 a1 h10"  # white to move: g8 makes a four whose block h8 is black's double-three
    game, state = position("gomoku", moves, rule="renju")
    sol = exact.solve(game, state, max_seconds=10)
    assert (sol.to_move, sol.outcome, sol.in_k) == (1, "win", 2)
    assert cells(game, state, sol.best) == ["g8"]
    assert replays_to_a_win(game, state, sol.line)
    free, same = position("gomoku", moves)  # where black may block there, nothing is proven
    with pytest.raises(exact.NoProof, match="no win by continuous fours"):
        exact.solve(free, same, max_seconds=10)


def test_an_open_four_or_a_forbidden_block_is_a_loss_in_one() -> None:
    game, state = position("gomoku", "h8 h9 i8 i9 j8 a1 k8")  # black's open four, white to move
    sol = exact.solve(game, state)
    assert (sol.to_move, sol.outcome, sol.in_k) == (1, "loss", 1)
    assert len(sol.best) == len(state.empty)  # every move loses as fast
    assert cells(game, state, sol.line) in (["g8", "l8"], ["l8", "g8"])
    game, state = position("gomoku", "c8 d8 f6 e8 g7 f8 h9 a1 h10 g8", rule="renju")  # h8 is black's only block
    sol = exact.solve(game, state)
    assert (sol.to_move, sol.outcome, sol.in_k) == (0, "loss", 1)
    assert game.parse_move(state, "h8") not in sol.best and len(sol.best) == len(state.empty) - 1


def test_a_position_without_continuous_fours_has_no_proof() -> None:
    game, state = position("gomoku", "h8 h9")
    with pytest.raises(exact.NoProof, match="no proof") as caught:
        exact.solve(game, state, max_seconds=10)
    assert not caught.value.timed_out
    with pytest.raises(exact.NoProof, match="ran out of time") as caught:
        exact.solve(game, state, max_seconds=0.0)
    assert caught.value.timed_out
    assert isinstance(caught.value, exact.TooLarge)


def test_big_mnk_boards_use_the_same_threats() -> None:
    game, state = position("mnk", "e5 a1 f5 a2", m=10, n=10, k=4)  # two in a row, open: three is an open "four"
    sol = exact.solve(game, state, max_seconds=10)
    assert (sol.outcome, sol.in_k, sol.proof) == ("win", 2, "fours")
    assert sorted(cells(game, state, sol.best)) == ["d5", "g5"]
    assert replays_to_a_win(game, state, sol.line)
    game, state = position("mnk", "e5 a1 f5 a2 g5 d5", m=10, n=10, k=4)  # the three is blocked on one side
    sol = exact.solve(game, state)
    assert (sol.in_k, cells(game, state, sol.best)) == (1, ["h5"])


def test_a_proof_whose_fastest_length_is_open_says_at_most() -> None:
    # Black wins by continuous fours in 4 (g9 h9 e7 e6 f8, then d6 or i11), but d8 makes two
    # threes at once, which may win by the third move: K = 4 is only an upper bound.
    game, state = position("gomoku", "i9 f10 e10 j8 f9 g10 g8 h7 d11 c12 d9 i10 e9 c9 e8 j10 h10 e11")
    sol = exact.solve(game, state, max_seconds=30)
    assert (sol.outcome, sol.in_k, sol.at_most, sol.plies) == ("win", None, 4, None)
    assert sol.code is None
    assert replays_to_a_win(game, state, sol.line) and len(sol.line) == 7
