"""Cell notation: a1 bottom-left, columns past z continue aa, ab, ..."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.rules.cells import column_index, column_name, format_cell, parse_cell
from grundy.rules.errors import ParseMoveError


@pytest.mark.parametrize(
    ("x", "name"),
    [(0, "a"), (1, "b"), (25, "z"), (26, "aa"), (27, "ab"), (51, "az"), (52, "ba"), (701, "zz"), (702, "aaa")],
)
def test_column_names(x: int, name: str) -> None:
    assert column_name(x) == name
    assert column_index(name) == x


def test_cells_from_the_contract() -> None:
    assert parse_cell("a1") == (0, 0)
    assert parse_cell("c5") == (2, 4)
    assert format_cell(2, 4) == "c5"
    assert parse_cell(" AB12 ") == (27, 11)


@given(st.integers(0, 5000), st.integers(0, 5000))
def test_format_parse_round_trip(x: int, y: int) -> None:
    assert parse_cell(format_cell(x, y)) == (x, y)


@pytest.mark.parametrize("text", ["", "a", "1", "a0", "a-1", "1a", "a1b", "a 1", "é3"])
def test_bad_cells_are_named(text: str) -> None:
    with pytest.raises(ParseMoveError) as e:
        parse_cell(text)
    assert repr(text) in str(e.value)


def test_bounds_are_checked_when_given() -> None:
    assert parse_cell("h8", 8, 8) == (7, 7)
    with pytest.raises(ParseMoveError, match="columns run a..h"):
        parse_cell("i1", 8, 8)
    with pytest.raises(ParseMoveError, match="rows run 1..8"):
        parse_cell("a9", 8, 8)
