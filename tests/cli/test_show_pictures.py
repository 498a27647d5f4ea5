"""`grundy show` draws the board games in the command's language: the rules' pictures (Game.picture) hold
symbols and message ids, every id of every picture exists and formats in every catalog with the arguments
the rules give, and no English is left on a picture in Ukrainian, Russian or Bulgarian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from grundy import rules
from grundy.cli import common
from grundy.cli import games as show
from grundy.protocol import i18n
from tests.cli.test_cli_lang import grundy, here

# (game, parameters, moves comma separated): the start, the middle and the end of each board game, its
# openings and views
POSITIONS: list[tuple[str, dict[str, Any], str]] = [
    ("kayles", {}, ""), ("kayles", {"misere": "true"}, "1-2"),
    ("corner", {}, ""), ("corner", {"piece": "queen", "players": "3"}, "a8"),
    ("pawn", {}, ""), ("pawn", {}, "b1,c1,d1,e1,f1,g1,h1"),
    ("coins", {}, ""), ("coins", {}, "d4"),
    ("mnk", {"players": "3"}, "a1"),
    ("tictactoe", {}, "a1,a2,b1,b2,c1"), ("tictactoe", {}, "b2,a1,c1,a3,a2,c2,b1,b3,c3"),
    ("gomoku", {"rule": "renju"}, "h8,h9"), ("gomoku", {"opening": "swap2"}, "h8,h9,h10"),
    ("gomoku", {"opening": "swap"}, "h8,h9,h10,white"), ("gomoku", {}, "a1,a2,b1,b2,c1,c2,d1,d2,e1"),
    ("pursuit", {"seed": "7"}, ""), ("pursuit", {"pursuers": "2", "coalition": "false", "seed": "3"}, ""),
    ("pursuit", {"evader_sees": "false", "seed": "5"}, ""),
    ("minesweeper", {"seed": "1"}, ""), ("minesweeper", {"seed": "1", "players": "1"}, "r e5"),
]
# Words of the notation a picture keeps in every language: the rules' and openings' names, the colour choices,
# the pawn game's players
NOTATION = {"freestyle", "standard", "renju", "caro", "swap", "swap2", "black", "white", "more", "Max", "Min"}
_LATIN = re.compile(r"[A-Za-z]{3,}")


def _positions() -> Iterator[tuple[rules.Game, Any, Any]]:
    for name, params, moves in POSITIONS:
        game = rules.create(name, **params)
        state = game.initial()
        for move in filter(None, moves.split(",")):
            state = game.play_text(state, move)
        seats: list[Any] = [rules.ALL, *(range(game.seats) if game.hidden_information else ()), None]
        for seat in seats:
            yield game, state, seat


def _ids(part: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(part, tuple):
        yield part
        for value in part[1].values():
            yield from _ids(value)
    elif isinstance(part, list):
        for item in part:
            yield from _ids(item)


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    common.set_lang("en")


def test_every_board_game_draws_a_picture() -> None:
    drawn = {type(game).name for game, _, _ in _positions() if game.picture(game.full_view(game.initial()))}
    assert drawn == {type(rules.create(name)).name for name, _, _ in POSITIONS}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_word_of_every_picture_formats_in_the_language(lang: str, speak: None) -> None:
    common.set_lang(lang)
    for game, state, seat in _positions():
        view = game.full_view(state) if seat == rules.ALL else game.view(state, seat)
        lines = game.picture(view)
        assert lines is not None
        for line in lines:
            for msg_id, args in _ids(line):
                said = {k: show._said(v) for k, v in args.items()}
                assert i18n._format(lang, msg_id, said) is not None, (game.name, msg_id, said)
        text = show._picture(game, state, seat)
        # the board rows are the English picture's own
        assert [r for r in text.splitlines() if r[:3].strip().isdigit()] == \
            [r for r in game.render(state, seat).splitlines() if r[:3].strip().isdigit()]
        if lang != i18n.DEFAULT:
            left = set(_LATIN.findall(text)) - NOTATION
            assert not left, (game.name, seat, left, text)


@pytest.mark.parametrize(("lang", "words"), [
    ("bg_BG.UTF-8", ["Гомоку 15x15, renju", "място 0: черните (X), място 1: белите (O)",
                     "на ход са белите (място 1, обикновена игра)"]),
    ("ru_RU.UTF-8", ["Гомоку 15x15, renju", "место 0: чёрные (X), место 1: белые (O)",
                     "ходят белые (место 1, обычная игра)"]),
    ("uk_UA.UTF-8", ["Гомоку 15x15, renju", "місце 0: чорні (X), місце 1: білі (O)",
                     "ходять білі (місце 1, звичайна гра)"]),
    ("C.UTF-8", ["gomoku 15x15, renju", "seat 0: black (X), seat 1: white (O)", "white (seat 1) to move (play)"]),
])
def test_grundy_show_draws_a_board_game_in_the_language(lang: str, words: list[str]) -> None:
    run = grundy if lang.startswith("C") else here  # (a process in English; in this process, the same main, else)
    done = run("show", "gomoku", "--set", "rule=renju", "--moves", "h8", lang=lang)
    assert done.returncode == 0, done.stderr
    for w in words:
        assert w in done.stdout, done.stdout


def _ends() -> Iterator[rules.Result]:
    """Results of games played to their end by random moves, several per game of the catalog."""
    import random

    rng = random.Random(7)
    for name in rules.names():
        for params in ({}, {"misere": "true"} if name in ("nim", "kayles") else {"rule": "last-loses"}
                       if name == "subtraction" else {"players": "1"} if name == "minesweeper" else {}):
            game = rules.create(name, **params)
            for _ in range(6):
                state = game.initial()
                while not game.is_over(state):
                    state = game.play_text(state, rng.choice(game.legal_texts(state)))
                result = game.result(state)
                assert result is not None
                yield result


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_rules_end_is_said_in_the_language(lang: str, speak: None) -> None:
    common.set_lang(lang)
    seen = set()
    for result in _ends():
        assert result.words is not None, result.reason
        for msg_id, args in _ids(result.words):
            said = {k: show._said(v) for k, v in args.items()}
            assert i18n._format(lang, msg_id, said) is not None, (msg_id, said)
        text = show._said(result.words)
        seen.add(result.words[0])
        if lang == i18n.DEFAULT and " and " not in result.told() and "five" not in result.told():
            assert text == result.told()
        elif lang != i18n.DEFAULT:
            assert not set(_LATIN.findall(text)) - NOTATION - {"Min", "Max", "reach", "loses", "last"}, text
    assert len(seen) >= 12
