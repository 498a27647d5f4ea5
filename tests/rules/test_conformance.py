"""One conformance test over every registered game and its example parameter sets.

Random playouts must end within the game's bound, never mutate a state, round-trip
every legal move through format/parse, and report a result exactly when over.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from grundy import rules
from grundy.rules.base import Game

CASES = [
    pytest.param(cls.name, params, id=f"{cls.name}-{i}")
    for cls in rules.catalog.GAMES
    for i, params in enumerate(cls.examples)
]


def playout(game: Game, rng: random.Random, check: bool = True) -> list[Any]:
    """Play random legal moves to the end; returns the states seen."""
    s = game.initial()
    states = [s]
    for _ply in range(game.max_plies() + 1):
        if game.is_over(s):
            break
        moves = game.legal_moves(s)
        assert moves, f"{game!r}: not over but no legal moves in\n{game.render(s)}"
        m = rng.choice(moves)
        if check:
            before = copy.deepcopy(s)
            assert game.is_legal(s, m)
            s2 = game.play(s, m)
            assert s == before, "apply mutated the state"
            assert hash(s) == hash(before)
            s = s2
        else:
            s = game.apply(s, m)
        states.append(s)
    assert game.is_over(s), f"{game!r} did not end within max_plies={game.max_plies()}"
    return states


@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_playouts_follow_the_contract(name: str, params: dict[str, Any]) -> None:
    rng = random.Random(1234)
    for _ in range(3):
        game = rules.create(name, **params)
        for s in playout(game, rng):
            over = game.is_over(s)
            res = game.result(s)
            assert (res is not None) == over
            assert (game.to_move(s) is None) == over
            if over:
                assert game.legal_moves(s) == []
                assert len(res.outcomes) == game.seats  # type: ignore[union-attr]
                assert set(res.outcomes) <= {"win", "loss", "draw"}  # type: ignore[union-attr]
                assert res.reason  # type: ignore[union-attr]
            else:
                seat = game.to_move(s)
                assert seat is not None and 0 <= seat < game.seats
                legal = game.legal_moves(s)
                assert len(set(legal)) == len(legal), "duplicate legal moves"
                for m in legal:
                    text = game.format_move(s, m)
                    assert game.parse_move(s, text) == m, f"{text!r} does not round-trip"
            # Views are JSON-able and render for every seat, spectators and the whole state.
            for seat in [*range(game.seats), None]:
                v = game.view(s, seat)
                json.dumps(v)
                assert isinstance(game.render_view(v), str)
            json.dumps(game.full_view(s))
            hash(s)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_params_are_canonical_and_recreate_the_same_game(name: str, params: dict[str, Any]) -> None:
    game = rules.create(name, **params)
    json.dumps(game.params)
    again = rules.create(name, **game.params)
    assert again.params == game.params
    assert again.initial() == game.initial()
    assert again.seats == game.seats


@pytest.mark.parametrize("cls", rules.catalog.GAMES, ids=lambda c: c.name)
def test_unknown_parameter_is_named(cls: type[Game]) -> None:
    with pytest.raises(rules.ParameterError, match="no_such_key"):
        rules.create(cls.name, no_such_key=1)


@pytest.mark.parametrize("cls", rules.catalog.GAMES, ids=lambda c: c.name)
def test_garbage_move_text_raises_parse_error(cls: type[Game]) -> None:
    game = rules.create(cls.name)
    s = game.initial()
    for text in ["", "zz", "??", "1:1:1", "a0", "r", "-3"]:
        try:
            m = game.parse_move(s, text)
        except rules.ParseMoveError as e:
            assert str(e)
        else:
            # Some texts are valid notation in some games; they must then be checkable.
            if not game.is_legal(s, m):
                with pytest.raises(rules.IllegalMoveError):
                    game.play(s, m)


def test_names_and_unknown_game() -> None:
    assert "nim" in rules.names()
    with pytest.raises(rules.ParameterError, match="unknown game 'chess'"):
        rules.create("chess")
