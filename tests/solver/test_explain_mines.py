"""Explanations of minesweeper: proofs and odds from the player's view only, never from the hidden layout."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grundy import protocol as p
from grundy import rules
from grundy.solver import bot
from grundy.solver.explain import explain
from grundy.solver.explain_mines import explain_view
from grundy.solver.review import analyse


def view_of(width: int, height: int, mines: int, cells: dict[str, int], players: int = 2) -> dict[str, Any]:
    """A hand-made view: the named cells revealed with their counts, the rest covered."""
    from grundy.rules.cells import parse_cell

    flat: list[Any] = [None] * (width * height)
    for name, n in cells.items():
        x, y = parse_cell(name, width, height)
        flat[y * width + x] = n
    return {"width": width, "height": height, "mines": mines, "players": players, "cells": flat, "flags": []}


def explained(view: dict[str, Any]) -> dict[str, Any]:
    game = rules.create("minesweeper", width=view["width"], height=view["height"], mines=view["mines"],
                        players=view["players"])  # fmt: skip
    e = explain_view(game, view, to_move=0, budget_s=0.5)
    p.Explanation(**e)
    return e


def codes(e: dict[str, Any]) -> dict[str, str]:
    return {c["cell"]: c["code"] for c in e["cells"] or []}


def test_a_one_with_one_covered_neighbour_is_a_mine_and_clears_the_others() -> None:
    # a2 b2 c2       1  #  #      a1's only covered neighbour is b2: a mine; b1 (a 1) then has its mine,
    # a1 b1 c1  =    1  1  #      so c1 and c2 are safe.
    e = explained(view_of(3, 2, 1, {"a1": 1, "b1": 1, "a2": 1}))
    assert codes(e) == {"b2": "mine", "c1": "safe", "c2": "safe"}
    marks = {(m["cell"], m["role"]) for m in e["marks"]}
    assert marks == {("b2", "mined"), ("c1", "safe"), ("c2", "safe")}
    assert e["rule"] == "mines" and e["best"] == ["f b2"]  # a duel: a proven mine is a sure point
    assert "has no other covered cell left for its mine" in e["moves"][0]["why"]
    solo = explained(view_of(3, 2, 1, {"a1": 1, "b1": 1, "a2": 1}, players=1))
    assert solo["best"] == ["r c1"] and "proven safe" in solo["moves"][0]["why"]


def test_a_zero_makes_its_neighbours_safe_and_the_odds_fall_elsewhere() -> None:
    e = explained(view_of(4, 1, 1, {"a1": 0}))
    assert codes(e) == {"b1": "safe", "c1": "0.50", "d1": "0.50"}
    assert "the 0 at a1 already touches no mine" in " ".join(m["why"] for m in e["moves"])
    assert e["best"] == ["r b1"]


def test_without_a_proof_the_best_move_is_the_least_likely_mine() -> None:
    # A 1 in the corner of a 5x5 board with 2 mines: each of its 3 neighbours is a mine with
    # some chance, the 21 cells away share the other mine's.
    e = explained(view_of(5, 5, 2, {"a1": 1}, players=1))
    values = {c["cell"]: c["value"] for c in e["cells"]}
    assert not any(m["role"] in ("safe", "mined") for m in e["marks"])
    assert values["b1"] == values["a2"] == values["b2"] > values["e5"]
    assert e["best"][0].startswith("r ") and values[e["best"][0][2:]] == min(values.values())


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_probabilities_add_up_to_the_mines_left(seed: int) -> None:
    game = rules.create("minesweeper", width=8, height=8, mines=10, seed=seed)
    state = game.initial()
    rng = random.Random(seed)
    for _ in range(4):
        if game.is_over(state):
            break
        d = bot.choose(game, state, "hard", 0.05, rng=rng)
        state = game.apply(state, d.move)
    if game.is_over(state):
        return
    view = game.view(state, game.to_move(state))
    e = explain(game, state, seat=game.to_move(state), budget_s=0.5)
    p.Explanation(**e)
    total = sum(c["value"] for c in e["cells"])
    assert abs(total - view["mines_left"]) < 0.01
    assert len(e["cells"]) == sum(1 for v in view["cells"] if v is None)
    layout = game.full_view(state)["layout"]
    for m in e["marks"]:  # proofs are true of the hidden layout (which they never saw)
        from grundy.rules.cells import parse_cell

        x, y = parse_cell(m["cell"], 8, 8)
        assert (layout[y * 8 + x] == "m") == (m["role"] == "mined")


def test_the_same_view_gets_the_same_explanation_whatever_the_hidden_layout() -> None:
    game = rules.create("minesweeper", width=5, height=2, mines=1, seed=3)
    seen = []
    for mines in (["e1"], ["e2"]):
        state = game.with_layout(mines)
        state = game.apply(state, game.parse_move(state, "r a1"))
        seen.append((game.view(state, game.to_move(state)), explain(game, state, seat=1, budget_s=0.5)))
    (view_a, e_a), (view_b, e_b) = seen
    assert view_a == view_b and e_a == e_b
    assert codes(e_a) == {"e1": "0.50", "e2": "0.50"}


def test_before_the_first_reveal_the_move_is_the_safe_opening() -> None:
    game = rules.create("minesweeper", width=9, height=9, mines=10, seed=5)
    e = explain(game, game.initial(), budget_s=0.5)
    p.Explanation(**e)
    assert e["best"] == ["r e5"] and "always safe" in e["reason"]


def test_a_finished_games_positions_are_explained_from_the_seat_to_moves_view() -> None:
    params = {"width": 5, "height": 4, "mines": 3, "players": 2, "seed": 11}
    game = rules.create("minesweeper", **params)
    state, moves = game.initial(), []
    rng = random.Random(0)
    while not game.is_over(state):
        move = bot.choose(game, state, "hard", 0.05, rng=rng).move
        moves.append(game.format_move(state, move))
        state = game.apply(state, move)
    for n in range(len(moves) + 1):  # what the analysis board asks for (server/analysis.py calls analyse)
        out = analyse("position", "minesweeper", dict(game.params), moves[:n], 0.5)
        assert "refused" not in out, out
        at = game.replay(moves[:n])
        if game.is_over(at):
            assert out["explanation"]["rule"] == "over"
            continue
        seat = game.to_move(at)
        assert out["explanation"] == explain_view(game, game.view(at, seat), to_move=seat, budget_s=0.5)


def test_a_solitaire_games_positions_are_explained_too() -> None:
    params = {"width": 5, "height": 4, "mines": 3, "players": 1, "seed": 12}
    game = rules.create("minesweeper", **params)
    state, moves = game.initial(), []
    rng = random.Random(0)
    while not game.is_over(state):
        move = bot.choose(game, state, "hard", 0.05, rng=rng).move
        moves.append(game.format_move(state, move))
        state = game.apply(state, move)
    out = analyse("position", "minesweeper", params, moves[:1], 0.5)
    assert out["explanation"]["rule"] == "mines" and out["explanation"]["best"]
    assert "refused" in analyse("review", "minesweeper", params, moves, 0.5)  # a review needs two players


def test_the_words_are_phrases_whose_counts_are_the_views() -> None:
    from grundy.rules.cells import parse_cell
    from grundy.solver.phrases import sentence, text

    rng = random.Random(3)
    for _ in range(12):
        game = rules.create("minesweeper", width=6, height=5, mines=6, players=rng.choice([1, 2]),
                            seed=rng.randrange(1000))  # fmt: skip
        state = game.initial()
        for _ in range(rng.randrange(1, 5)):
            if game.is_over(state):
                break
            state = game.apply(state, bot.choose(game, state, "easy", 0.05).move)
        if game.is_over(state):
            continue
        view = game.view(state, game.to_move(state))
        e = explain_view(game, view, to_move=game.to_move(state), budget_s=0.5)
        assert e["reason"] == sentence(e["said"]) and all(n["why"] == text(n["said"]) for n in e["moves"])
        shown = sum(1 for c in view["cells"] if c == "*")
        for ph in [*e["said"], *(n["said"] for n in e["moves"])]:
            a = ph["args"]
            if "at" in a:  # the count named is the one the player sees there
                x, y = parse_cell(a["at"], 6, 5)
                assert view["cells"][y * 6 + x] == a.get("n", {"mines.safe_zero": 0, "mines.safe_one": 1}.get(ph["id"]))
            if "left" in a:
                assert a["left"] == 6 - shown
            if ph["id"] == "mines.best":
                assert [a["move"]] == e["best"]
