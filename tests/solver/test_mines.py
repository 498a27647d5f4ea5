"""Minesweeper probabilities: never a guess when a safe cell is provable, flags in the duel.

Positions are drawn as rows from the top, ``?`` a covered cell, ``*`` a shown mine (a
correct flag), a digit a revealed count.  A brute-force check (every placement of the
remaining mines on the covered cells) is the independent judge of what is provable.
"""

from __future__ import annotations

import itertools
import random

import pytest

from grundy.solver.mines import Grid, analyse, choose_cell, deduce


def grid(picture: str, mines: int) -> Grid:
    rows = [r.split() for r in picture.strip().splitlines()]
    height, width = len(rows), len(rows[0])
    counts: list[int | None] = [None] * (width * height)
    shown: set[int] = set()
    for r, row in enumerate(rows):
        y = height - 1 - r
        for x, tok in enumerate(row):
            c = y * width + x
            if tok == "*":
                shown.add(c)
            elif tok != "?":
                counts[c] = int(tok)
    return Grid(width, height, counts, shown, mines)


def brute_force(g: Grid) -> tuple[set[int], set[int], dict[int, float]]:
    """Safe cells, mines and probabilities by trying every placement of the remaining mines."""
    covered = g.covered()
    left = g.mines - len(g.mines_shown)
    hits = {c: 0 for c in covered}
    total = 0
    for combo in itertools.combinations(covered, left):
        mines = set(combo) | g.mines_shown
        if all(
            n is None or sum(1 for d in g.neighbours(c) if d in mines) == n for c, n in enumerate(g.counts)
        ):
            total += 1
            for c in combo:
                hits[c] += 1
    assert total, "the picture admits no layout"
    safe = {c for c, h in hits.items() if h == 0}
    mine = {c for c, h in hits.items() if h == total}
    return safe, mine, {c: h / total for c, h in hits.items()}


POSITIONS = [
    # 1-2-1 against the edge: the middle is safe, both corners are mines.
    ("? ? ?\n1 2 1", 2),
    # One mine between two cells next to the 1, and only one mine in all: the far cell is safe.
    ("? 1 ? ?", 1),
    # The subset rule: the left 1 sees two cells, the right 1 the same two plus a third.
    ("? ? ? ?\n1 1 1 1", 2),
    # A count settled by a shown mine: its other neighbours are safe.
    ("* ? ?\n1 1 ?\n0 0 0", 1),
    # Nothing is provable: a guess, but never a proven mine.
    ("? ? ? ?\n? ? ? ?\n1 2 1 1", 3),
    # A wider wall settled cell by cell.
    ("? ? ? ? ? ?\n1 2 2 2 2 1", 4),
]


@pytest.mark.parametrize(("picture", "mines"), POSITIONS)
def test_probabilities_match_brute_force(picture: str, mines: int) -> None:
    g = grid(picture, mines)
    safe, mine, prob = brute_force(g)
    a = analyse(g)
    assert a.exact
    assert a.safe >= safe and a.mine >= mine
    assert a.safe <= safe and a.mine <= mine, "claimed a proof that does not hold"
    for c, p in prob.items():
        assert a.probability[c] == pytest.approx(p)


@pytest.mark.parametrize(("picture", "mines"), POSITIONS)
def test_never_guesses_when_a_safe_cell_is_provable(picture: str, mines: int) -> None:
    g = grid(picture, mines)
    safe, mine, _ = brute_force(g)
    choice = choose_cell(analyse(g), g, flags_score=False, rng=random.Random(0))
    if safe:
        assert choice.action == "r" and choice.cell in safe
    else:
        assert choice.action == "r" and choice.cell not in mine


def test_duel_flags_a_proven_mine_first() -> None:
    g = grid("? ? ?\n1 2 1", 2)
    choice = choose_cell(analyse(g), g, flags_score=True, rng=random.Random(0))
    assert choice.action == "f"
    assert choice.cell in {2 * 0 + 3, 3 + 2}  # the two top corners (cells 3 and 5)


def test_single_counts_alone_miss_what_pairs_prove() -> None:
    g = grid("? ? ? ?\n1 1 1 1", 2)
    safe1, _ = deduce(g, pairs=False)
    safe2, _ = deduce(g, pairs=True)
    assert not safe1 and safe2


def random_view(rng: random.Random, width: int, height: int, mines: int, reveals: int) -> Grid:
    """A layout and a few opened regions, as a player would see them."""
    cells = list(range(width * height))
    layout = set(rng.sample(cells, mines))
    g = Grid(width, height, [None] * (width * height), set(), mines)

    def count(c: int) -> int:
        return sum(1 for d in g.neighbours(c) if d in layout)

    safe_cells = [c for c in cells if c not in layout]
    for c in rng.sample(safe_cells, min(reveals, len(safe_cells))):
        todo = [c]
        while todo:
            d = todo.pop()
            if g.counts[d] is not None:
                continue
            g.counts[d] = count(d)
            if g.counts[d] == 0:
                todo.extend(e for e in g.neighbours(d) if e not in layout)
    return g


def test_random_small_views_agree_with_brute_force() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(120):
        g = random_view(rng, 5, 4, 5, rng.randint(1, 3))
        if len(g.covered()) > 16 or not g.covered():
            continue
        safe, mine, prob = brute_force(g)
        a = analyse(g)
        assert a.safe == safe and a.mine == mine
        for c, p in prob.items():
            assert a.probability[c] == pytest.approx(p)
        choice = choose_cell(a, g, flags_score=False, rng=rng)
        if safe:
            assert choice.cell in safe
        checked += 1
    assert checked >= 20
