"""Who meets whom: the pairing rules of every format.

* round robin — Berger tables by the circle method (:func:`berger_rounds`), planned at the start;
* gauntlet — the challenger against each other entrant in seeding order (:func:`gauntlet_rounds`);
* knockout — the seeded bracket (:func:`bracket_order`), then the winners of the round before
  (:func:`knockout_pairs`; who goes through is :func:`server.tournament.standings.knockout_winner`);
* swiss — a maximum-weight matching: no repeats while that is possible, then equal scores, then
  colours (:func:`swiss_pairs`, :func:`swiss_round`).

A pairing is ``(white, black)``; ``black`` None is a bye.  See :mod:`server.tournament` for the
formats' rules in full.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from grundy.server.tournament.standings import knockout_winner, points_of
from grundy.server.tournament.values import TournamentView


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
    """The next Swiss round of ``t`` (see :func:`swiss_round`), its entrants ranked by points then seed."""
    points = points_of(t)
    seed = {e.id: i for i, e in enumerate(t.entrants)}
    ranked = sorted((e.id for e in t.entrants if e.id not in t.withdrawn), key=lambda i: (-points[i], seed[i]))
    balance, colours, met, byes = _history(t)
    return swiss_round(ranked, points, met, byes, balance, colours, len(t.rounds) + 1)


_BYE = ""  # the bye as a vertex of the matching graph (entrant ids are never empty)
SWISS_FULL_GRAPH = 64  # up to this many entrants a Swiss round is matched over every pair at once
SWISS_WINDOW = 16  # above, first over pairs at most this many ranks apart


def swiss_round(
    ranked: Sequence[str],
    points: Mapping[str, float],
    met: set[frozenset[str]],
    byes: set[str],
    balance: Mapping[str, int],
    colours: Mapping[str, Sequence[str]],
    number: int,
) -> list[tuple[str, str | None]]:
    """Pair ``ranked`` (best first) by a maximum-weight matching; the bye, if any, comes last.

    The weights rank what matters, each far above everything after it (they add up over the
    matching, so each level's unit exceeds the most the levels below can add):

    1. as few repeat pairings as possible (none while a pairing without repeats exists);
    2. no second bye while it can be avoided;
    3. the bye to the lowest-ranked entrant (among those the first two allow);
    4. the smallest score differences (the sum of their squares), and among equal sums, entrants
       of the higher score groups meeting their own group (the leaders are paired first);
    5. colour balance: no two entrants who are due the same colour, or who had it twice running;
    6. within a score group, the top half meets the bottom half; a floater meets its nearest rank.

    With an odd count the bye is a vertex of the graph, so who gets it is settled together with
    the rest.  Colours are then given by :func:`_colours`.  The matching takes time cubic in the
    entrants (seconds for 256), so above :data:`SWISS_FULL_GRAPH` entrants it is first sought among
    entrants at most :data:`SWISS_WINDOW` ranks apart (and the bye), and over every pair only
    when that pairing repeats a pairing or a bye.
    """
    ids = list(ranked)
    if len(ids) < 2:
        return [(i, None) for i in ids]
    rank = {x: i for i, x in enumerate(ids)}
    size: dict[float, int] = {}
    place: dict[str, int] = {}  # the place in its score group, from 0
    for x in ids:
        place[x] = size.get(points[x], 0)
        size[points[x]] = place[x] + 1
    vertices = ids + ([_BYE] if len(ids) % 2 else [])
    edges = len(vertices) // 2  # in every perfect matching
    top = round(2 * (max(points[x] for x in ids) - min(points[x] for x in ids)))  # in half points
    base = min(points[x] for x in ids)
    high = round(2 * (max(points[x] for x in ids) - base)) + 1

    def levels(a: str, b: str) -> tuple[int, ...]:
        if _BYE in (a, b):
            x = b if a == _BYE else a
            return (1, int(x not in byes), rank[x], top * top, 0, 2, len(ids))
        d = round(2 * abs(points[a] - points[b]))
        due = balance[a] * balance[b] > 0
        third = colours[a][-2:] == colours[b][-2:] and len(colours[a]) >= 2 and len(set(colours[a][-2:])) == 1
        if d == 0:
            far = abs(abs(place[a] - place[b]) - size[points[a]] // 2)
        else:
            far = abs(rank[a] - rank[b]) - 1
        together = round(2 * (points[a] - base)) + 1 if d == 0 else 0
        return (int(frozenset((a, b)) not in met), 1, 0, top * top - d * d, together, 2 - due - third, len(ids) - far)

    highs = (1, 1, len(ids), top * top, high, 2, len(ids))  # the largest value of each level on one edge
    units = [1] * len(highs)
    for i in range(len(highs) - 2, -1, -1):  # a level's unit: more than all the levels below add over the matching
        units[i] = edges * sum(h * u for h, u in zip(highs[i + 1 :], units[i + 1 :], strict=True)) + 1

    def match(window: int) -> set[tuple[str, str]]:
        import networkx as nx  # (here: importing it takes a fifth of a second of every node's start, for a Swiss round)

        graph = nx.Graph()
        graph.add_nodes_from(vertices)
        for i, a in enumerate(vertices):
            for b in vertices[i + 1 : i + 1 + window] if a != _BYE else ():
                graph.add_edge(a, b, weight=sum(v * u for v, u in zip(levels(a, b), units, strict=True)))
            if a != _BYE and len(vertices) > len(ids) and i + 1 + window <= len(ids):  # the bye: open to all
                graph.add_edge(a, _BYE, weight=sum(v * u for v, u in zip(levels(a, _BYE), units, strict=True)))
        return nx.max_weight_matching(graph, maxcardinality=True)  # type: ignore[no-any-return]

    def flawless(m: set[tuple[str, str]]) -> bool:
        return len(m) == edges and all(levels(a, b)[:2] == (1, 1) for a, b in m)

    if len(ids) > SWISS_FULL_GRAPH:
        matching = match(SWISS_WINDOW)
        if not flawless(matching):
            matching = match(len(vertices))
    else:
        matching = match(len(vertices))
    out: list[tuple[str, str | None]] = []
    bye: str | None = None
    for a, b in sorted(matching, key=lambda e: min(rank.get(e[0], len(ids)), rank.get(e[1], len(ids)))):
        if _BYE in (a, b):
            bye = b if a == _BYE else a
            continue
        hi, lo = (a, b) if rank[a] < rank[b] else (b, a)
        out.append(_colours(hi, lo, balance, colours, number))
    if bye is not None:
        out.append((bye, None))
    return out


def _colours(
    a: str, b: str, balance: Mapping[str, int], colours: Mapping[str, Sequence[str]], number: int
) -> tuple[str, str]:
    """(white, black): fewer whites so far gets white; then whoever had black last; then by round."""
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    la, lb = (colours[a] or [""])[-1], (colours[b] or [""])[-1]
    if la != lb and "" not in (la, lb):
        return (a, b) if la == "b" else (b, a)
    return (a, b) if number % 2 else (b, a)
