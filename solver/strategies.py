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
  image through the centre;
* Kayles (normal play): a row with gaps is a sum of runs of standing pins; a run of n pins
  has the Grundy value ``kayles_grundy(n)`` (OEIS A002186, periodic with period 12 from 71
  pins on), and the row's value is the XOR of its runs'.

:func:`perfect_move` returns a winning move, or None when no rule applies or the position
is lost (every move loses against perfect play, so no rule can pick a better one).
:func:`explain` answers a position by rule, with the reason as data (:class:`Explanation`):
who wins, every winning move, and the parts of the rule (the nim-sum and the binary rows,
the components and their Grundy values, the Wythoff pair, the distances to the corner).
The tests check every rule against the exact solver on small instances.
"""

from __future__ import annotations

import dataclasses
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


@lru_cache(maxsize=64)
def subtraction_grundy_pattern(take: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """``(start of the period, Grundy values of sizes 0, 1, ...)`` of a last-wins subtraction game.

    The value of a size is the mex of the values ``take`` below it; it depends only on the
    ``max(take)`` values below, so the first repeated window of that length closes the
    period.  None when no period shows within :data:`GRUNDY_PERIOD_SEARCH` sizes.
    """
    top = max(take)
    if top > 24:
        return None
    g: list[int] = []
    seen: dict[tuple[int, ...], int] = {}
    n = 0
    while n <= GRUNDY_PERIOD_SEARCH:
        below = {g[n - t] for t in take if t <= n}
        v = 0
        while v in below:
            v += 1
        g.append(v)
        n += 1
        if n >= top:
            window = tuple(g[n - top :])
            if window in seen:
                return seen[window], tuple(g[:n])
            seen[window] = n
    return None


GRUNDY_PERIOD_SEARCH = 200_000


def subtraction_grundy(take: tuple[int, ...], size: int) -> int | None:
    """The Grundy value of a heap ``size`` above the goal in a last-wins subtraction game (None: no period found)."""
    pattern = subtraction_grundy_pattern(tuple(sorted(take)))
    if pattern is None:
        return None
    start, g = pattern
    n = len(g)
    if size < n:
        return g[size]
    return g[start + (size - start) % (n - start)]


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


# ----------------------------------------------------------------------------------
# explanations: the answer by rule, with its reason as data


@dataclasses.dataclass(frozen=True)
class Explanation:
    """A position answered by a known rule, for the seat to move.

    ``rule`` names it (``nim-sum``, ``misere-nim``, ``kayles``, ``subtraction-period``,
    ``king-parity``, ``rook-nim``, ``wythoff``) and ``by`` says it in words ("by the
    nim-sum"); ``outcome`` is ``win`` or ``loss``; ``winning`` every winning move (empty for
    a loss); ``grundy`` the position's Grundy value when the rule gives it; ``reason`` one
    sentence; ``data`` the rule's parts, JSON-ready (moves in the game's notation).
    """

    rule: str
    by: str
    outcome: str
    winning: tuple[Any, ...]
    grundy: int | None
    reason: str
    data: dict[str, Any]


def explain(game: Game, state: Any) -> Explanation | None:
    """The answer for ``state`` by a known rule, or None (no rule applies, or the game is over)."""
    if game.is_over(state) or game.seats != 2:
        return None
    rule = EXPLAINERS.get(game.name)
    return None if rule is None else rule(game, state)


def binary_rows(numbers: list[int]) -> list[str]:
    """The numbers in binary, right-aligned to a common width (at least one digit)."""
    width = max([1, *(n.bit_length() for n in numbers)])
    return [format(n, f"0{width}b") for n in numbers]


def _nim_explain(game: Game, state: Any) -> Explanation:
    heaps = list(state.heaps)
    x = nim_sum(heaps)
    rows = binary_rows([*heaps, x])
    data: dict[str, Any] = {
        "heaps": heaps,
        "nim_sum": x,
        "binary": rows[:-1],
        "nim_sum_binary": rows[-1],
        "moves": [],
    }
    sizes = " XOR ".join(map(str, heaps))
    if bool(game.params.get("misere")):
        return _misere_nim_explain(game, state, heaps, x, data)
    if x == 0:
        reason = (f"the nim-sum {sizes} = 0: every move changes one heap, so it changes some bit of the "
                  "nim-sum and leaves it non-zero, and the opponent can make it 0 again")
        return Explanation("nim-sum", "by the nim-sum", "loss", (), 0, reason, data)
    winning = []
    for i, h in enumerate(heaps):
        if h ^ x < h:
            move = (i, h - (h ^ x))
            winning.append(move)
            data["moves"].append({"move": game.format_move(state, move), "heap": i + 1, "from": h,
                                  "to": h ^ x, "nim_sum_after": 0})
    first = data["moves"][0]
    reason = (f"the nim-sum {sizes} = {x} is not 0; heap {first['heap']} has {first['from']}, and "
              f"{first['from']} XOR {x} = {first['to']} is smaller: take {first['from'] - first['to']} from it "
              "to leave nim-sum 0")
    return Explanation("nim-sum", "by the nim-sum", "win", tuple(winning), x, reason, data)


def _misere_lost(heaps: list[int]) -> bool:
    """Misère Nim: lost for the player to move (with a heap of 2 or more: nim-sum 0; else an odd number of ones)."""
    if any(h > 1 for h in heaps):
        return nim_sum(heaps) == 0
    return sum(heaps) % 2 == 1


def _misere_nim_explain(game: Game, state: Any, heaps: list[int], x: int, data: dict[str, Any]) -> Explanation:
    big = any(h > 1 for h in heaps)
    winning = []
    for i, h in enumerate(heaps):
        # A lost position after the move has nim-sum 0 (heap i -> h XOR x) or only single objects (-> 0 or 1).
        for to in sorted({h ^ x, 0, 1}, reverse=True):
            if to < h:
                after = heaps[:i] + [to] + heaps[i + 1 :]
                if _misere_lost(after):
                    move = (i, h - to)
                    winning.append(move)
                    data["moves"].append({"move": game.format_move(state, move), "heap": i + 1, "from": h,
                                          "to": to, "nim_sum_after": nim_sum(after)})
    ones = sum(1 for h in heaps if h == 1)
    if big:
        how = (f"a heap has 2 or more, so the nim-sum decides as in normal play: it is {x}"
               + (" (every move leaves it non-zero)" if x == 0 else
                  "; move to nim-sum 0, except that when only single objects would remain, leave an odd number"))
    else:
        how = (f"only single objects remain ({ones}); whoever faces an odd number of them takes the last one "
               "and loses" + ("" if ones % 2 == 1 else ": take one to leave an odd number"))
    outcome = "win" if winning else "loss"
    return Explanation("misere-nim", "by the misère nim-sum", outcome, tuple(winning), None, how, data)


# Kayles: Grundy values of a row of n pins (OEIS A002186); periodic with period 12 from n = 71 on.
KAYLES_PERIOD = 12
KAYLES_PERIODIC_FROM = 71


@lru_cache(maxsize=1)
def _kayles_table() -> tuple[int, ...]:
    """Grundy values of rows of 0 .. 119 pins, computed by the mex over every throw."""
    g: list[int] = []
    for n in range(120):
        seen = set()
        for take in (1, 2):
            for left in range(n - take + 1):
                seen.add(g[left] ^ g[n - take - left])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return tuple(g)


def kayles_grundy(n: int) -> int:
    """The Grundy value of a row of ``n`` standing pins (any n >= 0, at once)."""
    if n < 0:
        raise ValueError("a row has at least 0 pins")
    table = _kayles_table()
    if n >= len(table):
        n = KAYLES_PERIODIC_FROM + (n - KAYLES_PERIODIC_FROM) % KAYLES_PERIOD
    return table[n]


def kayles_runs(pins: int) -> list[tuple[int, int]]:
    """The runs of standing pins of a bit mask: ``(index of the first pin, length)``, left to right."""
    runs = []
    i = 0
    while pins >> i:
        if pins >> i & 1:
            start = i
            while pins >> i & 1:
                i += 1
            runs.append((start, i - start))
        else:
            i += 1
    return runs


def _pins_text(start: int, length: int) -> str:
    return f"{start + 1}" if length == 1 else f"{start + 1}-{start + length}"


def _kayles_explain(game: Game, state: Any) -> Explanation | None:
    if game.params.get("misere"):
        return None
    runs = kayles_runs(state.pins)
    values = [kayles_grundy(n) for _, n in runs]
    x = nim_sum(values)
    data: dict[str, Any] = {
        "components": [
            {"pins": _pins_text(s, n), "length": n, "grundy": v} for (s, n), v in zip(runs, values, strict=True)
        ],
        "nim_sum": x,
        "moves": [],
    }
    if len(runs) == 1:
        values_text = f"the row's Grundy value G({runs[0][1]}) = {x}"
    else:
        values_text = (f"the rows' Grundy values {' XOR '.join(f'G({n})' for _, n in runs)} = "
                       f"{' XOR '.join(map(str, values))} = {x}")
    winning = []
    for (s, n), v in zip(runs, values, strict=True):
        rest = x ^ v
        for take in (1, 2):
            for left in range(n - take + 1):
                right = n - take - left
                if kayles_grundy(left) ^ kayles_grundy(right) == rest:
                    move = (s + left, take)
                    winning.append(move)
                    data["moves"].append({"move": game.format_move(state, move), "component": _pins_text(s, n),
                                          "leaves": [m for m in (left, right) if m], "nim_sum_after": 0})
    if x == 0:
        reason = f"{values_text}: every throw changes one row's value and leaves a non-zero nim-sum"
        return Explanation("kayles", "by the Grundy values of the rows", "loss", (), 0, reason, data)
    first = data["moves"][0]
    leaves = " and ".join(str(m) for m in first["leaves"]) or "no pins"
    reason = (f"{values_text} is not 0; throw {first['move']} in the row "
              f"{first['component']}, leaving rows of {leaves}, to make the nim-sum 0")
    return Explanation("kayles", "by the Grundy values of the rows", "win", tuple(winning), x, reason, data)


def _subtraction_explain(game: Game, state: Any) -> Explanation | None:
    take = tuple(sorted(game.params["take"]))
    last_wins = game.params["rule"] == "last-wins"
    size = state.heap - game.params["goal"]
    pattern = subtraction_pattern(take, last_wins)
    won = subtraction_won(take, last_wins, size)
    if pattern is None or won is None:
        return None
    start, table = pattern
    period = len(table) - start
    winning = tuple(t for t in take if t <= size and subtraction_won(take, last_wins, size - t) is False)
    lost = [n for n in range(len(table)) if not table[n]]
    data = {
        "take": list(take),
        "goal": game.params["goal"],
        "above_goal": size,
        "period": period,
        "period_from": start,
        "lost_sizes": lost,
        "below": len(table),
        "moves": [{"move": game.format_move(state, t), "leaves_above_goal": size - t} for t in winning],
    }
    residues = sorted({n % period for n in lost if n >= start})
    data["lost_residues"] = residues
    rule = (f"above the goal the lost sizes below {len(table)} are {', '.join(map(str, lost)) or 'none'}, and from "
            f"{start} on the pattern repeats with period {period}: "
            + (f"a size n is lost when n mod {period} is {' or '.join(map(str, residues))}" if residues
               else "every size is won"))
    if winning:
        left = size - winning[0]
        reason = f"{rule}; the heap is {size} above the goal, a won size: take {winning[0]} to leave {left}"
    else:
        reason = f"{rule}; the heap is {size} above the goal, a lost size: every take leaves a won one"
    return Explanation("subtraction-period", "by the period of lost sizes", "win" if winning else "loss",
                       winning, None, reason, data)


def wythoff_pair(k: int) -> tuple[int, int]:
    """Wythoff's k-th cold pair (floor(k*phi), floor(k*phi^2)), exact for every k (integer square root)."""
    a = (k + math.isqrt(5 * k * k)) // 2
    return a, a + k


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _corner_explain(game: Any, state: Any) -> Explanation | None:
    piece = game.params["piece"]
    if piece == "knight" or game.blocked:
        return None
    from grundy.rules.cells import format_cell

    x, y = state.x, state.y
    winning = tuple(m for m in game.legal_moves(state) if is_cold(piece, *m))
    cells = [format_cell(*m) for m in winning]
    here = format_cell(x, y)
    data: dict[str, Any] = {"piece": piece, "at": here, "columns_from_goal": x, "rows_from_goal": y,
                            "moves": [{"move": c} for c in cells]}
    outcome = "win" if winning else "loss"
    to = f": move to {' or '.join(cells)}" if winning else ": every move leaves a won cell"
    grundy: int | None = None
    where = f"{here} is {_count(x, 'column')} and {_count(y, 'row')} from a1"
    if piece == "king":
        reason = f"{where}; a cell is lost for the player to move exactly when both distances are even{to}"
        return Explanation("king-parity", "by the king's parity", outcome, winning, None, reason, data)
    if piece == "rook":
        grundy = x ^ y
        data["nim_sum"] = grundy
        reason = (f"the rook is 2-heap Nim with heaps {x} and {y}: nim-sum {x} XOR {y} = {grundy}; "
                  f"the lost cells are the diagonal x = y{to}")
        return Explanation("rook-nim", "by the nim-sum", outcome, winning, grundy, reason, data)
    a, b = min(x, y), max(x, y)
    pair = wythoff_pair(b - a)
    data["pair"] = list(pair)
    data["pairs"] = [list(wythoff_pair(k)) for k in range(b + 1) if wythoff_pair(k)[1] <= b]
    cold = "is" if pair[0] == a else "is not"
    reason = (f"{where}; the lost cells are Wythoff's pairs "
              f"(floor(k*phi), floor(k*phi^2)) and their mirrors; with difference {b - a} the pair is {pair}, "
              f"so ({a}, {b}) {cold} one{to}")
    return Explanation("wythoff", "by Wythoff's pairs", outcome, winning, None, reason, data)


def _coins_explain(game: Any, state: Any) -> Explanation | None:
    """Odd x odd tables: the centre, then the mirror image of the last coin; a symmetric table is lost.

    ``winning`` holds the symmetry's move only (other moves may win too: the rule does not say).
    """
    w, h = game.width, game.height
    if w % 2 == 0 or h % 2 == 0:
        return None
    from grundy.rules.cells import format_cell

    centre = (w // 2, h // 2)
    coins = set(game.coin_cells(state))
    unmatched = [c for c in coins if game.mirror(c) not in coins]
    c_name = format_cell(*centre)
    answer = coins_move(game, state)
    data: dict[str, Any] = {"centre": c_name, "coins": len(coins)}
    if answer is not None:
        move = format_cell(*answer)
        data["moves"] = [{"move": move, "mirror_of": format_cell(*unmatched[0]) if unmatched else None}]
        if not coins:
            reason = (f"take the centre {c_name}; then answer every coin with its mirror image through the centre: "
                      "the mirror cell is always free, so the opponent runs out of room first")
        else:
            reason = (f"the centre {c_name} is taken and the coins are symmetric through it but for "
                      f"{format_cell(*unmatched[0])}: answer with its mirror image {move}, which is always free")
        return Explanation("symmetry", "by symmetry", "win", (answer,), None, reason, data)
    if centre in coins and not unmatched:
        reason = (f"the centre {c_name} is taken and the coins are symmetric through it: every coin placed now has "
                  "a free mirror image for the opponent, who therefore never runs out of room first")
        data["moves"] = []
        return Explanation("symmetry", "by symmetry", "loss", (), None, reason, data)
    return None


EXPLAINERS: dict[str, Callable[[Game, Any], Explanation | None]] = {
    "coins": _coins_explain,
    "nim": _nim_explain,
    "kayles": _kayles_explain,
    "subtraction": _subtraction_explain,
    "corner": _corner_explain,
}
