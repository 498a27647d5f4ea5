"""Every game names itself with its parameters in words (room titles), and its results name the seats."""

from __future__ import annotations

import re

import pytest

from grundy import rules
from grundy.rules.base import Result, name_seats
from grundy.rules.catalog import GAMES

CASES = [(cls.name, params) for cls in GAMES for params in cls.examples]


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_every_game_has_a_readable_title(name: str, params: dict) -> None:
    game = rules.create(name, **params)
    title = game.title()
    assert title and (title[0].isupper() or title[0].isdigit()) and len(title) <= 80, title
    assert not re.search(r"\w=", title) and "None" not in title and "null" not in title, title  # not a dump
    assert not re.search(r"\b(width|height|seed)\b", title), title
    assert game.title() == rules.create(name, **params).title()  # a value of the parameters alone


def test_every_registered_game_words_its_own_title() -> None:
    """No game falls back to the generic "name (key value)" title."""
    for cls in GAMES:
        assert "title" in vars(cls), f"{cls.name} has no title of its own"
        assert len({rules.create(cls.name, **p).title() for p in cls.examples}) > 1 or len(cls.examples) == 1


@pytest.mark.parametrize(
    ("name", "params", "title"),
    [
        ("corner", {}, "King race to a1, 8x8"),
        (
            "corner",
            {"piece": "knight", "players": 3, "width": 12, "height": 9},
            "Knight race to the corner, 12x9, 3 players",
        ),
        ("nim", {}, "Nim 3, 4, 5"),
        ("nim", {"heaps": "1,2", "misere": True}, "Misère nim 1, 2"),
        ("gomoku", {}, "Gomoku 15x15"),
        ("gomoku", {"size": 19, "rule": "renju", "opening": "swap2"}, "Gomoku 19x19, renju, swap2 opening"),
        ("tictactoe", {}, "Tic-tac-toe"),
        ("mnk", {"m": 7, "n": 6, "k": 4}, "4 in a row on 7x6"),
        ("minesweeper", {}, "Minesweeper duel 9x9, 10 mines"),
        ("minesweeper", {"players": 1, "width": 30, "height": 16, "mines": 99}, "Minesweeper 30x16, 99 mines"),
        (
            "subtraction",
            {"n": 21, "take": "1,3,4", "rule": "last-loses"},
            "Take-away from 21: take 1, 3 or 4, the last move loses",
        ),
        ("stones", {}, "Stones 7, 30: +1 or *2 until the total is >= 77"),
        ("kayles", {}, "Kayles, 10 pins"),
        ("pawn", {"size": 3, "payoffs": "0,1.5,-2"}, "Pawn 3x3, payoffs 0, 1.5, -2"),
        ("coins", {}, "Coins on a 7x7 table"),
        ("pursuit", {"pursuers": 2, "seed": 1}, "Tom and Jerry 15x5, 2 pursuers"),
    ],
)
def test_titles_in_words(name: str, params: dict, title: str) -> None:
    assert rules.create(name, **params).title() == title


def test_a_secret_parameter_never_shows_in_a_title() -> None:
    game = rules.create("minesweeper", seed=123456)
    assert "123456" not in game.title()


def test_reasons_name_seats_where_names_are_known() -> None:
    game = rules.create("corner", width=2, height=2)
    over = game.replay(["a1"])
    res = game.result(over)
    assert res is not None and res.reason == "{0} moved the king onto a1"
    assert res.told() == "seat 0 moved the king onto a1"  # no names known: still readable
    assert res.told(["Ann", "bot (hard)"]) == "Ann moved the king onto a1"
    assert res.to_dict(["Ann", "Bob"])["reason"] == "Ann moved the king onto a1"
    ttt = rules.create("tictactoe")
    won = ttt.full_view(ttt.replay("a1 b1 b2 c1 c3".split()))["result"]
    assert won["reason"] == "seat 0 (X) made 3 in a row" and won["line"] == ["a1", "b2", "c3"]  # views: no names


def test_every_finished_example_tells_its_reason_without_placeholders() -> None:
    """Play each example to its end by the first legal move: the reason reads as words, names filled in."""
    for cls in GAMES:
        for params in cls.examples[:3]:
            game = rules.create(cls.name, **params)
            state = game.initial()
            for _ in range(game.max_plies()):
                if game.is_over(state):
                    break
                state = game.apply(state, game.legal_moves(state)[0])
            res = game.result(state)
            assert res is not None
            names = [f"Player{i}" for i in range(game.seats)]
            told = res.told(names)
            assert "{" not in told and "seat " not in told, (cls.name, told)


def test_a_name_is_put_in_once() -> None:
    assert name_seats("{0} beat {1}", ["{1}", "Bob"]) == "{1} beat Bob"
    assert Result(("win", "loss"), "{5} left").told(["Ann", "Bob"]) == "seat 5 left"  # no such seat: said plainly


def test_line_games_give_the_winning_line() -> None:
    game = rules.create("tictactoe")
    res = game.result(game.replay("a1 b1 b2 c1 c3".split()))
    assert res is not None and res.line == ("a1", "b2", "c3")
    assert res.told(["Ann", "Bob"]) == "Ann (X) made 3 in a row"
    res = game.result(game.replay("a1 a2 b1 b2 a3 c2".split()))
    assert res is not None and res.outcomes == ("loss", "win") and res.line == ("a2", "b2", "c2")
    assert game.result(game.replay("a1 b1 c1 b2 a2 a3 c2 c3 b3".split())).line is None  # type: ignore[union-attr]
