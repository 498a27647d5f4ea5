"""Openings files: the format, the built-in sets, and errors that name the file, the line and the move."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy import rules
from grundy.cli import openings as op


def write(tmp_path: Path, text: str, name: str = "book.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_file_with_comments_blank_lines_and_a_header_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "# my book\n\ngame: gomoku size=15\nh8 h9 i10  # a direct one\n  h8 i9 j10\n")
    found = op.load(path, rules.create("gomoku"))
    assert found.moves() == [["h8", "h9", "i10"], ["h8", "i9", "j10"]]
    assert found.openings[0].label == "a direct one" and found.openings[1].where.endswith("book.txt:5")


def test_any_game_s_notation_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "1:1 2:1\n3:2\n")
    assert op.load(path, rules.create("nim")).moves() == [["1:1", "2:1"], ["3:2"]]


@pytest.mark.parametrize(
    ("text", "game", "message"),
    [
        ("h8 h9\nh8 h8\n", {}, r"book.txt:2: move 2 'h8': .*"),
        ("h8 h9 z99\n", {}, r"book.txt:1: move 3 'z99': .*off the board"),
        ("game: mnk\na1\n", {}, r"book.txt:1: the openings are for mnk, not gomoku"),
        ("game: gomoku size=19\nj10\n", {}, r"book.txt:1: the openings are for size=19, the run plays size=15"),
        ("game: gomoku size=21\nh8\n", {}, r"book.txt:1: the header's game: .*size"),
        ("h8\ngame: gomoku\n", {}, r"book.txt:2: the `game:` header comes once"),
        ("game: gomoku size\nh8\n", {}, r"book.txt:1: 'size' in the header"),
        ("# nothing\n\n", {}, r"book.txt: no openings"),
    ],
)
def test_bad_openings_are_refused_naming_file_line_and_move(
    tmp_path: Path, text: str, game: dict[str, str], message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(op.OpeningsError, match=message):
        op.load(path, rules.create("gomoku", **game))


def test_an_opening_that_ends_the_game_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "a1 b1 a2 b2 a3\n")
    with pytest.raises(op.OpeningsError, match=r"book.txt:1: the game is over after this opening"):
        op.load(path, rules.create("tictactoe"))


def test_a_missing_file_and_an_unknown_set_are_named() -> None:
    with pytest.raises(op.OpeningsError, match="no-such.txt: no such file"):
        op.load("no-such.txt", rules.create("gomoku"))
    with pytest.raises(op.OpeningsError, match="builtin:nope: no such set; the built-in sets are renju26, tictactoe"):
        op.load("builtin:nope", rules.create("gomoku"))
    with pytest.raises(op.OpeningsError, match="no built-in set for nim"):
        op.load("builtin", rules.create("nim"))


def test_bounds_are_enforced(tmp_path: Path) -> None:
    path = write(tmp_path, "1:1 " * (op.MAX_MOVES + 1) + "\n")
    with pytest.raises(op.OpeningsError, match=f"at most {op.MAX_MOVES} moves"):
        op.load(path, rules.create("nim"))
    path = write(tmp_path, "x" * (op.MAX_LINE + 1) + "\n")
    with pytest.raises(op.OpeningsError, match=f"book.txt:1: a line has at most {op.MAX_LINE} characters"):
        op.load(path, rules.create("nim"))


def test_the_renju_set_has_the_26_openings_and_moves_with_the_board() -> None:
    found = op.load("builtin", rules.create("gomoku"))
    assert len(found.openings) == 26 and len({o.moves for o in found.openings}) == 26
    assert found.openings[0].moves == ("h8", "h9", "h10") and found.openings[0].label == "D1 kansei"
    assert {o.moves[1] for o in found.openings} == {"h9", "i9"}  # direct and indirect
    assert found.openings[25].moves == ("h8", "i9", "f6")  # I13 kosei
    # Renju forbids none of them; on 19x19 they sit around j10, the centre.
    op.load("builtin:renju26", rules.create("gomoku", rule="renju"))
    big = op.load("builtin", rules.create("gomoku", size="19"))
    assert big.openings[0].moves == ("j10", "j11", "j12")


def test_the_tictactoe_set_is_the_12_openings_up_to_symmetry() -> None:
    game = rules.create("tictactoe")
    found = op.load("builtin", game)
    assert len(found.openings) == 12
    sym = game.board_symmetry()
    assert sym is not None

    def key(moves: tuple[str, ...]) -> object:
        return min(tuple(t(m) for m in moves) for t in transforms())

    def transforms() -> list:  # the 8 symmetries of the 3x3 square, on cell names
        def cell(f):  # noqa: ANN001, ANN202
            def move(m: str) -> str:
                x, y = ord(m[0]) - 97, int(m[1:]) - 1
                nx, ny = f(x, y)
                return f"{chr(97 + nx)}{ny + 1}"

            return move

        fs = [lambda x, y: (x, y), lambda x, y: (2 - x, y), lambda x, y: (x, 2 - y), lambda x, y: (y, x)]
        fs += [lambda x, y: (2 - y, 2 - x), lambda x, y: (2 - x, 2 - y), lambda x, y: (y, 2 - x)]
        fs += [lambda x, y: (2 - y, x)]
        return [cell(f) for f in fs]

    classes = {key(o.moves) for o in found.openings}
    assert len(classes) == 12
    every = {key((a, b)) for a in cells() for b in cells() if a != b}
    assert classes == every  # every two-move opening is one of them, up to symmetry
    seven = op.load("builtin", rules.create("mnk", m="7", n="7", k="4"))
    assert seven.openings[0].moves == ("c3", "d3")


def cells() -> list[str]:
    return [f"{c}{r}" for c in "abc" for r in (1, 2, 3)]
