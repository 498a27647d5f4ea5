"""Parameter coercion: command-line strings and wire values give the same canonical value."""

from __future__ import annotations

import pytest

from grundy import rules
from grundy.rules.base import Param


def test_strings_and_native_values_agree() -> None:
    a = rules.create("nim", heaps="3, 4,5", misere="yes")
    b = rules.create("nim", heaps=[3, 4, 5], misere=True)
    assert a.params == b.params == {"heaps": [3, 4, 5], "misere": True}


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"heaps": "3,x"}, "parameter 'heaps'"),
        ({"heaps": "-1"}, "out of range"),
        ({"misere": "maybe"}, "parameter 'misere'"),
        ({"heaps": ""}, "at least one heap"),
        ({"heap": "3"}, "unknown parameter 'heap'"),
    ],
)
def test_bad_parameters_name_the_key(params: dict[str, str], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        rules.create("nim", **params)


def test_choice_and_cells() -> None:
    p = Param("rule", "choice", "a", "help", choices=("a", "b"))
    assert p.coerce("B") == "b"
    with pytest.raises(rules.ParameterError, match="not one of a, b"):
        p.coerce("c")
    cells = Param("blocked", "cells", None, "help")
    assert cells.coerce("c3;D4") == ["c3", "d4"]
    assert cells.coerce("c3, d4") == ["c3", "d4"]
    assert cells.coerce(["c3"]) == ["c3"]
    assert cells.coerce(None) is None


def test_bool_never_passes_as_int() -> None:
    p = Param("n", "int", 1, "help")
    with pytest.raises(rules.ParameterError):
        p.coerce(True)
    assert p.coerce("7") == 7
    assert p.coerce(7.0) == 7


def test_secret_params_are_not_public() -> None:
    for name in rules.names():
        game = rules.create(name)
        secret = {p.name for p in type(game).parameters if p.secret}
        assert not secret & set(game.public_params())


def test_a_number_on_the_wire_where_text_is_expected_is_read_as_text() -> None:
    assert rules.create("stones", heaps=[7, 30], goal=77).params["goal"] == ">=77"
    from_text = rules.create("stones", heaps="7,30", goal="77")
    assert from_text.params == rules.create("stones", heaps=[7, 30], goal=77).params
    with pytest.raises(rules.ParameterError, match="parameter 'goal'"):
        rules.create("stones", heaps=[7, 30], goal=True)


def test_games_of_one_board_shape_share_their_tables() -> None:
    """Per-board tables are made once per shape, so many rooms of a large board cost little memory."""
    a, b = rules.create("mnk", m=52, n=52, k=52), rules.create("mnk", m=52, n=52, k=52)
    assert a.lines is b.lines and a.lines is not rules.create("mnk", m=52, n=51, k=52).lines
    assert rules.create("gomoku").lines is rules.create("gomoku").lines  # type: ignore[attr-defined]
    field = {"width": 30, "height": 16, "mines": 99}
    one, two = rules.create("minesweeper", **field), rules.create("minesweeper", **field)
    assert one._neighbours is two._neighbours  # type: ignore[attr-defined]
    assert rules.create("coins", width=64, height=64).blocks is rules.create("coins", width=64, height=64).blocks  # type: ignore[attr-defined]
