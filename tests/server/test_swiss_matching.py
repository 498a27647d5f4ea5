"""Swiss pairing by maximum-weight matching: checked against every possible pairing of small fields."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.server.tournament import CreateGame, Enter, GameCreated, GameFinished, Start, Tournament, swiss_round
from grundy.server.tournament.pairing import SWISS_FULL_GRAPH

BYE = None


def matchings(items: list[str | None]) -> Iterator[list[tuple[str | None, str | None]]]:
    """Every perfect matching of ``items`` (an even count)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for m in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *m]


def cost(
    m: list[tuple[str | None, str | None]],
    ranked: list[str],
    points: dict[str, float],
    met: set[frozenset[str]],
    byes: set[str],
) -> tuple[int, int, int, float]:
    """What the pairing rules rank, most important first: repeats, second byes, the bye's rank (higher is
    better: negated), the sum of squared score differences."""
    repeats = second_byes = bye_rank = 0
    squares = 0.0
    for a, b in m:
        if a is None or b is None:
            x = b if a is None else a
            assert x is not None
            second_byes += x in byes
            bye_rank = ranked.index(x)
            continue
        repeats += frozenset((a, b)) in met
        squares += (2 * (points[a] - points[b])) ** 2
    return repeats, second_byes, -bye_rank, squares


@st.composite
def fields(draw: st.DrawFn, most: int = 9) -> tuple[list[str], dict[str, float], set[frozenset[str]], set[str]]:
    n = draw(st.integers(2, most))
    ids = [f"e{i}" for i in range(n)]
    points = {i: draw(st.integers(0, 8)) / 2 for i in ids}
    ranked = sorted(ids, key=lambda i: (-points[i], ids.index(i)))
    pairs = [frozenset(p) for p in itertools.combinations(ids, 2)]
    met = {p for p in pairs if draw(st.integers(0, 99)) < draw(st.sampled_from([0, 30, 60, 90]))}
    byes = {i for i in ids if draw(st.booleans())}
    return ranked, points, met, byes


def pair_up(ranked: list[str], points: dict[str, float], met: set[frozenset[str]], byes: set[str], number: int = 3):
    balance = {i: 0 for i in ranked}
    colours: dict[str, list[str]] = {i: [] for i in ranked}
    return swiss_round(ranked, points, met, byes, balance, colours, number)


@settings(max_examples=300, deadline=None)
@given(fields())
def test_the_pairing_is_the_best_of_every_possible_one(field: tuple) -> None:
    ranked, points, met, byes = field
    out = pair_up(ranked, points, met, byes)
    # everyone exactly once; a bye only for an odd count, and at most one
    seen = [e for w, b in out for e in ((w,) if b is None else (w, b))]
    assert sorted(seen) == sorted(ranked)
    assert sum(b is None for _, b in out) == len(ranked) % 2
    got = cost(list(out), ranked, points, met, byes)
    items: list[str | None] = list(ranked) + ([BYE] if len(ranked) % 2 else [])
    best = min(cost(m, ranked, points, met, byes) for m in matchings(items))
    # no repeat while a pairing without one exists; no second bye while avoidable; then the bye's rank; then scores
    assert got == best


@settings(max_examples=40, deadline=None)
@given(fields(most=8))
def test_no_repeat_while_a_repeat_free_pairing_exists(field: tuple) -> None:
    ranked, points, met, byes = field
    items: list[str | None] = list(ranked) + ([BYE] if len(ranked) % 2 else [])
    possible = any(all(a is None or b is None or frozenset((a, b)) not in met for a, b in m) for m in matchings(items))
    out = pair_up(ranked, points, met, byes)
    repeats = [(w, b) for w, b in out if b is not None and frozenset((w, b)) in met]
    assert not repeats if possible else repeats


def test_the_bye_goes_to_the_lowest_ranked_without_one() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    points = dict.fromkeys(ranked, 1.0)
    assert pair_up(ranked, points, set(), set())[-1] == ("e", None)
    assert pair_up(ranked, points, set(), {"e"})[-1] == ("d", None)
    assert pair_up(ranked, points, set(), {"e", "d"})[-1] == ("c", None)
    # the lowest without a bye, unless the rest could then only be paired with a repeat
    met = {frozenset(p) for p in itertools.combinations("abcd", 2)}  # a b c d have all met: e must play
    assert pair_up(ranked, points, met, set())[-1][1] is None
    assert pair_up(ranked, points, met, set())[-1][0] != "e"


def test_equal_scores_meet_top_half_against_bottom_half() -> None:
    ranked = list("abcdefgh")
    points = {**dict.fromkeys("abcd", 1.0), **dict.fromkeys("efgh", 0.0)}
    out = pair_up(ranked, points, set(), set(), number=2)
    assert {frozenset(p) for p in out} == {frozenset(p) for p in ("ac", "bd", "eg", "fh")}


def test_colours_are_balanced_where_the_scores_allow() -> None:
    # a and b both had white twice: they are not paired together when c (black twice) can meet one of them
    ranked = ["a", "b", "c", "d"]
    points = dict.fromkeys(ranked, 1.0)
    balance = {"a": 2, "b": 2, "c": -2, "d": -2}
    colours = {"a": ["w", "w"], "b": ["w", "w"], "c": ["b", "b"], "d": ["b", "b"]}
    out = swiss_round(ranked, points, set(), set(), balance, colours, 3)
    assert all({w, b} not in ({"a", "b"}, {"c", "d"}) for w, b in out)
    assert all(w in ("c", "d") for w, _ in out)  # the ones due white get it


def test_a_large_field_is_paired_without_repeats() -> None:
    """Above SWISS_FULL_GRAPH entrants the pairing looks near in rank first; it still avoids every repeat."""
    n = 3 * SWISS_FULL_GRAPH + 1
    ranked = [f"p{i:03}" for i in range(n)]
    points = {x: float(i % 5) for i, x in enumerate(ranked)}
    ranked.sort(key=lambda x: -points[x])
    met = {frozenset((ranked[i], ranked[i + 1])) for i in range(n - 1)}  # every nearest neighbour already met
    out = pair_up(ranked, points, met, set())
    assert sorted(e for p in out for e in p if e is not None) == sorted(ranked)
    assert not [p for p in out if p[1] is not None and frozenset(p) in met]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 10), st.data())
def test_whole_swiss_tournaments_repeat_nothing_and_byes_at_most_once(n: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, n - 1 if n % 2 == 0 else n))
    t, _ = Tournament.create("T", "nim", 0.0, format="swiss", rounds=rounds)
    for i in range(n):
        t, _ = t.handle(Enter(f"e{i}", f"E{i}", 0.0, rating=1500 + 10 * i))
    t, effects = t.handle(Start(None, 1.0))
    pending = [e for e in effects if isinstance(e, CreateGame)]
    while pending:
        cg = pending.pop(0)
        t, _ = t.handle(GameCreated(cg.key, "room:" + cg.key, 2.0))
        result = data.draw(st.sampled_from([("win", "loss"), ("draw", "draw"), ("loss", "win")]))
        t, effects = t.handle(GameFinished("room:" + cg.key, result, 3.0))
        pending += [e for e in effects if isinstance(e, CreateGame)]
    assert t.status == "finished" and len(t.rounds) == rounds
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    ids = [e.id for e in t.entrants]
    for r in t.rounds:
        seen = [e for p in r.pairings for e in p.entrants]
        assert sorted(seen) == sorted(ids)  # everyone once a round
        assert sum(p.is_bye for p in r.pairings) == n % 2
        played = [(p.white, p.black) for p in r.pairings]
        # as few repeats, then second byes, as the history before this round allowed
        got = cost(played, ids, dict.fromkeys(ids, 0.0), met, byes)[:2]
        items: list[str | None] = ids + ([BYE] if n % 2 else [])
        assert got == min(cost(m, ids, dict.fromkeys(ids, 0.0), met, byes)[:2] for m in matchings(items))
        met |= {frozenset(p.entrants) for p in r.pairings if not p.is_bye}
        byes |= {p.white for p in r.pairings if p.is_bye}
