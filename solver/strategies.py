"""Known winning strategies: perfect play by rule where the exact solver's tables grow too large.

Each rule answers in time independent of the game's size:

* Nim: move to nim-sum 0 (misère: the same, except that when the move would leave only
  heaps of one object, leave an odd number of them);
* subtraction games: the win/loss pattern of heap sizes is eventually periodic; it is
  found once per set of amounts and then read at any size;
* the one-way king (2 players, no blocked cells): the lost cells are those whose column
  and row are both even counting from a1 (the parity rule);
* the one-way rook: the lost cells are the diagonal x = y (2-heap Nim): equalise;
* the one-way queen: the lost cells are Wythoff's cold pairs (floor(k*phi), floor(k*phi^2))
  and their mirror images;
* coins on an odd x odd table: take the centre, then answer every coin with its mirror
  image through the centre.

:func:`perfect_move` returns a winning move, or None when no rule applies or the position
is lost (every move loses against perfect play, so no rule can pick a better one).
The tests check every rule against the exact solver on small instances.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from grundy.rules.base import Game

PHI = (1 + math.sqrt(5)) / 2


def perfect_move(game: Game, state: Any) -> Any | None:
    """A winning move by a known strategy, or None (no strategy applies, or the position is lost)."""
    if game.is_over(state) or game.seats != 2:
        return None
    rule = RULES.get(game.name)
    return None if rule is None else rule(game, state)


# ----------------------------------------------------------------------------------
# Nim


def nim_sum(heaps: tuple[int, ...] | list[int]) -> int:
    """XOR of the heap sizes: the player to move in normal-play Nim wins exactly when it is not 0."""
    x = 0
    for h in heaps:
        x ^= h
    return x


def nim_move(heaps: tuple[int, ...], misere: bool = False) -> tuple[int, int] | None:
    """``(heap index, amount)`` that wins Nim from ``heaps``, or None when the position is lost."""
    big = [i for i, h in enumerate(heaps) if h > 1]
    if misere and len(big) <= 1:
        ones = sum(1 for h in heaps if h == 1)
        if not big:
            # Only single objects: whoever faces an odd number of them takes the last one.
            if ones % 2 == 1:
                return None
            return (heaps.index(1), 1) if ones else None
        i = big[0]
        # Reduce the one big heap to 0 or 1 so that an odd number of single objects remain.
        keep = 1 if ones % 2 == 0 else 0
        return (i, heaps[i] - keep)
    x = nim_sum(heaps)
    if x == 0:
        return None
    for i, h in enumerate(heaps):
        if h ^ x < h:
            return (i, h - (h ^ x))
    raise AssertionError("a non-zero nim-sum always has a heap to reduce")


def _nim(game: Game, state: Any) -> Any | None:
    return nim_move(tuple(state.heaps), bool(game.params.get("misere")))


# ----------------------------------------------------------------------------------
# subtraction games


@lru_cache(maxsize=64)
def subtraction_pattern(take: tuple[int, ...], last_wins: bool) -> tuple[int, tuple[bool, ...]] | None:
    """``(start of the period, won? for heap sizes 0, 1, ...)`` of a subtraction game, measured above its goal.

    A size is won for the player to move when some take leads to a lost size; a size below
    every take ends the game (lost for the stuck player under ``last_wins``, won otherwise).
    Whether a size is won depends only on the ``max(take)`` sizes below it, so the first
    repeated window of that length closes the period.  None when the amounts are too big
    to tabulate.
    """
    top = max(take)
    if top > 24:
        return None
    won: list[bool] = []
    seen: dict[tuple[bool, ...], int] = {}
    n = 0
    while True:
        moves = [t for t in take if t <= n]
        won.append(any(not won[n - t] for t in moves) if moves else not last_wins)
        n += 1
        if n >= top:
            window = tuple(won[n - top :])
            if window in seen:
                start = seen[window]
                return start, tuple(won[:n])
            seen[window] = n
        if n > (1 << top) + top + 1:
            return None


def subtraction_won(take: tuple[int, ...], last_wins: bool, size: int) -> bool | None:
    """Whether ``size`` above the goal is won for the player to move (None when no pattern is known)."""
    pattern = subtraction_pattern(take, last_wins)
    if pattern is None:
        return None
    start, won = pattern
    n = len(won)
    if size < n:
        return won[size]
    period = n - start
    return won[start + (size - start) % period]


def _subtraction(game: Game, state: Any) -> Any | None:
    take = tuple(sorted(game.params["take"]))
    last_wins = game.params["rule"] == "last-wins"
    size = state.heap - game.params["goal"]
    if subtraction_won(take, last_wins, size) is not True:
        return None
    for t in take:
        if t <= size and subtraction_won(take, last_wins, size - t) is False:
            return t
    return None


# ----------------------------------------------------------------------------------
# the one-way pieces


def is_cold(piece: str, x: int, y: int) -> bool:
    """Whether the cell (x, y) is lost for the player to move (2 players, no blocked cells)."""
    if piece == "king":
        return x % 2 == 0 and y % 2 == 0
    if piece == "rook":
        return x == y
    if piece == "queen":
        return wythoff_cold(x, y)
    raise ValueError(f"no known rule for the {piece}")


def wythoff_cold(x: int, y: int) -> bool:
    """Whether (x, y) is a cold position of Wythoff's game: (floor(k*phi), floor(k*phi^2)) or its mirror."""
    a, b = min(x, y), max(x, y)
    k = b - a
    return a == math.floor(k * PHI)


def wythoff_pairs(limit: int) -> list[tuple[int, int]]:
    """Wythoff's cold pairs (a_k, b_k) with b_k < limit: (0,0), (1,2), (3,5), (4,7), ..."""
    out: list[tuple[int, int]] = []
    k = 0
    while True:
        a = math.floor(k * PHI)
        b = a + k
        if b >= limit:
            return out
        out.append((a, b))
        k += 1


def _corner(game: Any, state: Any) -> Any | None:
    piece = game.params["piece"]
    if piece == "knight" or game.blocked:
        return None
    for move in game.legal_moves(state):
        if is_cold(piece, *move):
            return move
    return None


# ----------------------------------------------------------------------------------
# coins


def coins_move(game: Any, state: Any) -> Any | None:
    """Centre and mirror on an odd x odd table: take the centre, then copy the last coin through it.

    Applies when the table is empty (take the centre) or when the centre is taken and the
    coins are point-symmetric but for one coin (answer with its mirror image, which is always
    free: a coin overlapping its own mirror would overlap the centre coin).
    """
    w, h = game.width, game.height
    if w % 2 == 0 or h % 2 == 0:
        return None
    centre = (w // 2, h // 2)
    coins = set(game.coin_cells(state))
    if not coins:
        return centre if game.is_legal(state, centre) else None
    if centre not in coins:
        return None
    unmatched = [c for c in coins if game.mirror(c) not in coins]
    if len(unmatched) != 1:
        return None
    answer = game.mirror(unmatched[0])
    return answer if game.is_legal(state, answer) else None


RULES: dict[str, Callable[[Game, Any], Any | None]] = {
    "nim": _nim,
    "subtraction": _subtraction,
    "corner": _corner,
    "coins": coins_move,
}
