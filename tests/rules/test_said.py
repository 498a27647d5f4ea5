"""Every refusal of the rules says itself in every language: a RulesError carries ``said`` (a message id of the
catalogs and its arguments), the id is in every catalog, and it renders there with every argument it uses given
(no Fluent error), as the protocol's ``Say`` (flat arguments: numbers and short text)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy import protocol as p
from grundy import rules
from grundy.protocol import i18n
from grundy.rules.catalog import GAMES
from grundy.server.errors import say_of

CASES = [(cls, params) for cls in GAMES for params in cls.examples]

# Pieces of move texts of every notation, to build texts that are almost moves (and some that are not at all).
PIECES = ["1", "2", "3", "9", "0", "12", "-1", ":", "-", "*", "+", "/", "a", "c", "e", "h", "z", "aa", " ", "r ", "f ",
          "black", "white", "more", "x", "'", "\\", "é", "²"]


def _renders(said: tuple[str, dict[str, Any]]) -> None:
    msg_id, args = said
    assert i18n.has(msg_id), f"{msg_id} is in no catalog"
    say = say_of(said)
    assert say is not None, f"{said} is not a Say the protocol carries"
    for lang in i18n.LANGS:
        bundle = i18n._bundle(lang)
        assert bundle.has_message(msg_id), f"{lang} lacks {msg_id}"
        text, errors = bundle.format_pattern(bundle.get_message(msg_id).value, dict(say.args))
        assert not errors and text.strip(), (lang, msg_id, args, errors)  # (a missing argument is an error)


def _position(game: rules.Game, picks: list[int]) -> Any:
    state = game.initial()
    for k in picks:
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, moves[k % len(moves)])
    return state


@pytest.mark.parametrize(("cls", "params"), CASES, ids=[f"{c.name}-{i}" for i, (c, _) in enumerate(CASES)])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(0, 10**6), max_size=12),
       text=st.one_of(st.lists(st.sampled_from(PIECES), max_size=5).map("".join), st.text(max_size=12)),
       seat=st.integers(0, 3))
def test_every_refused_move_says_why_in_every_language(cls: type[rules.Game], params: dict[str, Any],
                                                        picks: list[int], text: str, seat: int) -> None:
    game = cls(**params)
    state = _position(game, picks)
    refused = 0
    for run in (lambda: game.play_text(state, text), lambda: game.play_turns(state, [(seat, text)]),
                lambda: game.replay([*game.legal_texts(state)[:1], text])):
        try:
            run()
        except rules.RulesError as e:
            assert isinstance(e, (rules.ParseMoveError, rules.IllegalMoveError))
            assert e.said is not None, f"{cls.name}: {text!r} refused without said: {e}"
            _renders(e.said)
            refused += 1
    if game.is_over(state):
        assert refused, "a move after the end is refused"


@pytest.mark.parametrize(("cls", "params"), CASES[::3], ids=[f"{c.name}" for c, _ in CASES[::3]])
def test_every_illegal_move_of_the_game_says_why(cls: type[rules.Game], params: dict[str, Any]) -> None:
    """Every well-formed move that is not legal (each game's ``why_illegal``), in positions along a playout."""
    game = cls(**params)
    state = game.initial()
    seen = 0
    for _ in range(6):
        legal = set(game.legal_moves(state))
        texts = set()
        for other in (game.initial(), state):
            texts |= set(game.legal_texts(other))
        for t in sorted(texts)[:200]:
            try:
                move = game.parse_move(state, t)
            except rules.ParseMoveError as e:
                assert e.said is not None
                _renders(e.said)
                continue
            if move in legal:
                continue
            with pytest.raises(rules.IllegalMoveError) as e:
                game.play(state, move)
            assert e.value.said is not None, (cls.name, t, str(e.value))
            _renders(e.value.said)
            seen += 1
        if not legal:
            break
        state = game.apply(state, sorted(legal, key=repr)[len(legal) // 2])
    assert seen or cls.name in ("subtraction", "pawn"), "the playout found no illegal move to check"


BAD_PARAMS: list[tuple[str, dict[str, Any]]] = [
    ("nim", {"heaps": ""}), ("nim", {"heaps": "x"}), ("nim", {"heaps": "-1"}), ("nim", {"misere": "maybe"}),
    ("nim", {"colour": "red"}), ("nim", {"heaps": ",".join(["1"] * 200)}), ("nim", {"heaps": 10**80}),
    ("subtraction", {"take": ""}), ("subtraction", {"n": 3, "goal": 5}), ("subtraction", {"rule": "odd"}),
    ("stones", {"heaps": ""}), ("stones", {"ops": "x"}), ("stones", {"ops": "+99999999"}), ("stones", {"ops": "*1"}),
    ("stones", {"ops": ""}), ("stones", {"goal": "abc"}), ("stones", {"goal": ">=9999999999999"}),
    ("stones", {"ops": "-1", "goal": ">=77"}), ("stones", {"heaps": "80", "goal": ">=77"}),
    ("stones", {"heaps": "0", "ops": "*2", "goal": ">=77"}),
    ("kayles", {"start": "x"}), ("kayles", {"pins": 5, "start": "4-9"}), ("kayles", {"start": ","}),
    ("coins", {"width": 2, "radius": 1}), ("corner", {"start": "a1"}), ("corner", {"blocked": "h8"}),
    ("corner", {"blocked": "a1"}), ("corner", {"start": "zz9"}), ("corner", {"start": "b2", "blocked": "a1;b1;a2"}),
    ("corner", {"piece": "bishop"}), ("corner", {"start": "x" * 70}), ("pawn", {"size": 4, "payoffs": "1,2"}),
    ("pawn", {"size": 2, "payoffs": "1,inf"}), ("mnk", {"m": 3, "n": 3, "k": 5}), ("gomoku", {"size": 17}),
    ("gomoku", {"rule": "go"}), ("pursuit", {"starts": "a1"}), ("pursuit", {"starts": "a1;a1"}),
    ("pursuit", {"width": 5, "height": 5, "blocked": "a1", "starts": "a1;e5"}),
    ("pursuit", {"width": 3, "height": 3, "blocked": "b1;a2;b2", "starts": "a1;c3"}),
    ("pursuit", {"width": 3, "height": 3, "obstacles": 90}), ("minesweeper", {"width": 3, "height": 3, "mines": 9}),
    ("tic-tac-toe", {}), ("nim", {"title": "t" * 100}),
]


@pytest.mark.parametrize(("name", "params"), BAD_PARAMS)
def test_every_refused_parameter_says_why_in_every_language(name: str, params: dict[str, Any]) -> None:
    with pytest.raises(rules.ParameterError) as e:
        rules.create(name, **params)
    assert e.value.said is not None, str(e.value)
    _renders(e.value.said)


def test_the_english_of_a_refusal_is_the_rules_own_words() -> None:
    """The English catalog says what ``str(error)`` says (the English an older client shows)."""
    nim = rules.create("nim", heaps="3,4,5")
    for text in ("1:9", "4:1", "x", "1:y", "1:0"):
        with pytest.raises(rules.RulesError) as e:
            nim.play_text(nim.initial(), text)
        assert i18n.tr("en", e.value.said[0], **e.value.said[1]) == str(e.value)
    with pytest.raises(rules.IllegalMoveError) as e:
        nim.play_turns(nim.initial(), [(1, "1:1")])
    assert i18n.tr("en", e.value.said[0], **e.value.said[1]) == str(e.value) == "'1:1': seat 1 is not the seat to move"


def test_a_refusal_reads_in_ukrainian_russian_and_bulgarian() -> None:
    nim = rules.create("nim", heaps="3,2,5")
    with pytest.raises(rules.IllegalMoveError) as e:
        nim.play_text(nim.initial(), "2:3")
    say = p.Say(id=e.value.said[0], args=e.value.said[1])
    assert i18n.tr_say("uk", say) == "«2:3»: у купці 2 лише 2 предмети"
    assert i18n.tr_say("ru", say) == "«2:3»: в кучке 2 только 2 предмета"
    assert i18n.tr_say("bg", say) == "„2:3“: в купчина 2 има само 2 предмета"
    corner = rules.create("corner", piece="rook", width=5, height=5)
    with pytest.raises(rules.IllegalMoveError) as e:
        corner.play_text(corner.initial(), "d4")
    assert i18n.tr("uk", e.value.said[0], **e.value.said[1]) == (
        "«d4»: тура на e5 ходить на будь-яку відстань уліво чи вниз")


@pytest.mark.parametrize("text", ["x", "300+5", "0+1", "5+9999", "1441m", "5+", "€" * 80])
def test_a_refused_clock_says_why_in_every_language(text: str) -> None:
    with pytest.raises(p.TimeControlError) as e:
        p.parse_time_control(text)
    _renders(e.value.said)
    assert i18n.tr("en", e.value.said[0], **e.value.said[1]) == str(e.value) or len(text) > 60
    assert i18n.error_text("uk", e.value).startswith("годинник «")
