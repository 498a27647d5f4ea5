"""Who meets whom: the pairing rules of every format.

* round robin — Berger tables by the circle method (:func:`berger_rounds`), planned at the start;
* gauntlet — the challenger against each other entrant in seeding order (:func:`gauntlet_rounds`);
* knockout — the seeded bracket (:func:`bracket_order`), then the winners of the round before
  (:func:`knockout_pairs`; who goes through is :func:`server.tournament.standings.knockout_winner`);
* swiss — by score groups, without repeats while that is possible (:func:`swiss_pairs`).

A pairing is ``(white, black)``; ``black`` None is a bye.  See :mod:`server.tournament` for the
formats' rules in full.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from grundy.server.tournament.standings import knockout_winner, points_of
from grundy.server.tournament.values import TournamentView

SWISS_SEARCH_STEPS = 20_000  # pairing search steps per round before repeats are allowed


def berger_rounds(ids: Sequence[str]) -> tuple[tuple[tuple[str, str | None], ...], ...]:
    """A single round robin by the circle method: rounds of (white, black); black None is a bye.

    The last entrant (or the bye, for an odd count) stays put while the others rotate; it
    alternates colours by round, and the other boards alternate colours by board, so nobody
    plays the same colour three times running.
    """
    players: list[str | None] = list(ids)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    m = n - 1
    rounds: list[tuple[tuple[str, str | None], ...]] = []
    for r in range(m):
        pairs: list[tuple[str | None, str | None]] = [
            (players[n - 1], players[r]) if r % 2 else (players[r], players[n - 1])
        ]
        for k in range(1, n // 2):
            x, y = players[(r + k) % m], players[(r - k) % m]
            pairs.append((x, y) if k % 2 else (y, x))
        rounds.append(tuple(_bye_last(w, b) for w, b in pairs))
    return tuple(rounds)


def swap_colours(pair: tuple[str, str | None]) -> tuple[str, str | None]:
    """The same pairing with colours swapped (a bye stays a bye)."""
    w, b = pair
    return pair if b is None else (b, w)


def _bye_last(w: str | None, b: str | None) -> tuple[str, str | None]:
    if w is None:
        assert b is not None
        return (b, None)
    return (w, b)


def gauntlet_rounds(challenger: str, others: Sequence[str]) -> tuple[tuple[tuple[str, str | None], ...], ...]:
    """One round per opponent, in seeding order, the challenger's first colour alternating."""
    return tuple((((challenger, o) if i % 2 == 0 else (o, challenger)),) for i, o in enumerate(others))


def bracket_order(size: int) -> list[int]:
    """Seed numbers (from 1) in bracket order for a power of two: 8 -> 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def knockout_pairs(t: TournamentView, number: int) -> list[tuple[str, str | None]] | None:
    """Round ``number``'s pairings: the bracket in round 1, then the previous round's winners."""
    if number == 1:
        ids = [e.id for e in t.entrants]  # seeded order
        size = 1 << max(1, math.ceil(math.log2(len(ids))))
        order = bracket_order(size)
        out: list[tuple[str, str | None]] = []
        for i in range(0, size, 2):
            a, b = order[i], order[i + 1]
            out.append((ids[a - 1], ids[b - 1] if b <= len(ids) else None))
        return out
    prev = t.rounds[number - 2]
    if len(prev.pairings) == 1:
        return None
    winners = [knockout_winner(t, p) for p in prev.pairings]
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def _history(t: TournamentView) -> tuple[dict[str, int], dict[str, list[str]], set[frozenset[str]], set[str]]:
    """Colour balance (whites - blacks), colours in order, pairs that met, entrants who had a bye."""
    balance: dict[str, int] = {e.id: 0 for e in t.entrants}
    colours: dict[str, list[str]] = {e.id: [] for e in t.entrants}
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    for r in t.rounds:
        for p in r.pairings:
            if p.black is None:
                byes.add(p.white)
                continue
            met.add(frozenset((p.white, p.black)))
            for g in p.games:
                w, b = g.seats
                balance[w] += 1
                balance[b] -= 1
                colours[w].append("w")
                colours[b].append("b")
    return balance, colours, met, byes


def swiss_pairs(t: TournamentView) -> list[tuple[str, str | None]]:
    """The next Swiss round: bye to the lowest-ranked without one, then pair by score groups."""
    points = points_of(t)
    seed = {e.id: i for i, e in enumerate(t.entrants)}
    ranked = sorted((e.id for e in t.entrants if e.id not in t.withdrawn), key=lambda i: (-points[i], seed[i]))
    balance, colours, met, byes = _history(t)
    bye: str | None = None
    pairs: list[tuple[str, str]] | None = None
    budget = [SWISS_SEARCH_STEPS]  # shared by every bye candidate: a round's pairing search is bounded
    if len(ranked) % 2:
        candidates = [i for i in reversed(ranked) if i not in byes] or list(reversed(ranked))
        for c in candidates:
            pairs = _pair_group([i for i in ranked if i != c], points, met, budget)
            if pairs is not None:
                bye = c
                break
        if bye is None:
            bye = candidates[0]
    rest = [i for i in ranked if i != bye]
    if pairs is None:
        pairs = _pair_group(rest, points, met, budget) or _pair_greedy(rest, points, met)
    number = len(t.rounds) + 1
    out: list[tuple[str, str | None]] = []
    for a, b in pairs:  # a is ranked above b
        out.append(_colours(a, b, balance, colours, number))
    if bye is not None:
        out.append((bye, None))
    return out


def _colours(a: str, b: str, balance: dict[str, int], colours: dict[str, list[str]], number: int) -> tuple[str, str]:
    """(white, black): fewer whites so far gets white; then whoever had black last; then by round."""
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    la, lb = (colours[a] or [""])[-1], (colours[b] or [""])[-1]
    if la != lb and "" not in (la, lb):
        return (a, b) if la == "b" else (b, a)
    return (a, b) if number % 2 else (b, a)


def _preferred(p: str, others: list[str], points: dict[str, float]) -> list[str]:
    """``p``'s opponents in order of preference: its score group's middle first, then lower groups."""
    group = [q for q in others if points[q] == points[p]]
    lower = [q for q in others if points[q] != points[p]]
    ideal = max(0, (len(group) + 1) // 2 - 1)  # p heads its group: it meets the group's middle
    return group[ideal:] + group[:ideal][::-1] + lower


def _pair_greedy(ranked: list[str], points: dict[str, float], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """The last resort when no repeat-free pairing was found: each in turn takes its first unmet choice."""
    rest, out = list(ranked), []
    while len(rest) >= 2:
        p, others = rest[0], rest[1:]
        order = _preferred(p, others, points)
        q = next((x for x in order if frozenset((p, x)) not in met), order[0])
        out.append((p, q))
        rest = [x for x in others if x != q]
    return out


def _pair_group(
    ranked: list[str], points: dict[str, float], met: set[frozenset[str]], budget: list[int]
) -> list[tuple[str, str]] | None:
    """Pair ``ranked`` (best first) without repeats, or None (none exists, or ``budget`` steps ran out)."""

    def go(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        p, others = rest[0], rest[1:]
        for q in _preferred(p, others, points):
            if frozenset((p, q)) in met:
                continue
            sub = go([x for x in others if x != q])
            if sub is not None:
                return [(p, q), *sub]
        return None

    return go(list(ranked))
