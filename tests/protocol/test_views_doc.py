"""The game views in docs/PROTOCOL.md: every key a view carries is described, and the section is current.

Each game's ``view_keys`` (next to the code that builds its views) is what the document
shows client authors; random playouts check it names exactly the keys the views carry.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from grundy.protocol import gendoc
from grundy.rules.base import Game
from grundy.rules.catalog import GAMES

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"  # the checkout's

PLIES = 80  # long enough to reach the ends of the small examples and the late keys of the big ones


def _param_sets(cls: type[Game[Any, Any]]) -> list[dict[str, Any]]:
    """The game's own examples and the document's sample parameters."""
    return [*cls.examples, cls.doc_sample.params]


def _keys_seen(game: Game[Any, Any], rng: random.Random) -> set[str]:
    """Every key of every seat's, a spectator's and the complete view along one random game."""
    keys: set[str] = set()
    state = game.initial()
    for _ in range(PLIES):
        for seat in [None, *range(game.seats)]:
            keys |= set(game.view(state, seat))
        keys |= set(game.full_view(state))
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return keys


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.name)
def test_view_keys_name_exactly_the_keys_views_carry(cls: type[Game[Any, Any]]) -> None:
    seen: set[str] = set()
    for i, params in enumerate(_param_sets(cls)):
        for seed in range(3):
            game = cls(**params)
            seen |= _keys_seen(game, random.Random(1000 * i + seed))
    described = set(cls.view_keys)
    assert seen - described == set(), f"{cls.name}: view keys without a description"
    assert described - seen == set(), f"{cls.name}: described keys no view carries"
    for key, meaning in cls.view_keys.items():
        assert meaning.strip(), f"{cls.name}.view_keys[{key!r}] is empty"


def _section() -> str:
    text = PROTOCOL_DOC.read_text(encoding="utf-8")
    m = re.search(r"<!-- BEGIN GENERATED: game-views -->\n(.*?)<!-- END GENERATED: game-views -->", text, re.S)
    assert m, "docs/PROTOCOL.md has no game-views section"
    return m.group(1)


def test_the_game_views_section_is_current_and_deterministic() -> None:
    body = gendoc.game_views()
    assert body == gendoc.game_views(), "the sample positions must not depend on chance"
    assert _section() == "\n" + body + "\n", "docs/PROTOCOL.md is out of date: run python -m grundy.protocol.gendoc"


def test_every_game_has_a_sample_and_a_documented_section() -> None:
    assert all(cls.doc_sample is not None for cls in GAMES)
    section = _section()
    for cls in GAMES:
        assert f"\n### {cls.name}\n" in "\n" + section
        for p in cls.parameters:
            assert f"| `{p.name}` |" in section
        for key in cls.view_keys:
            assert f"| `{key}` |" in section


def _json_blocks(text: str) -> list[Any]:
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", text, re.S)]


def _game(name: str) -> type[Game[Any, Any]]:
    return next(cls for cls in GAMES if cls.name == name)


def test_sample_views_are_what_each_seat_may_see() -> None:
    during, after = _json_blocks(gendoc.game_section(_game("minesweeper")))
    assert "layout" not in during and "seed" not in during
    assert "m" not in during["cells"] and "x" not in during["cells"]
    assert None in during["cells"], "the sample must show covered cells"
    assert "*" in during["cells"], "the sample must show a correctly flagged mine"
    assert after["over"] and after["layout"] and "x" in after["cells"] and "m" in after["cells"]

    pursuer, evader = _json_blocks(gendoc.game_section(_game("pursuit")))
    assert None not in pursuer["figures"]
    assert evader["figures"][:-1] == [None] * evader["pursuers"] and evader["figures"][-1] is not None

    (gomoku,) = _json_blocks(gendoc.game_section(_game("gomoku")))
    assert gomoku["choices"], "the gomoku sample must show the colour-choice moves"


def test_the_schema_example_is_the_lobbys() -> None:
    schema = _json_blocks(gendoc.game_views())[0]
    assert schema == json.loads(json.dumps(GAMES[0].schema()))
