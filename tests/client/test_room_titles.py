"""Room titles and game parameters in each language: the clients word a room's title from its game and
parameters (``room_state``/``rooms`` carry both) by the catalogs' ``game-<name>`` and ``param-<game>-<name>``."""

from __future__ import annotations

import re

import pytest

from grundy import rules
from grundy.client import words
from grundy.protocol import i18n


def test_every_parameter_of_every_game_has_its_name_in_the_catalogs() -> None:
    missing = [f"param-{n}-{p.name}" for n in rules.names(aliases=False)
               for p in rules.game_class(n).parameters if not i18n.has(f"param-{n}-{p.name}")]
    assert not missing, missing


@pytest.mark.parametrize(("lang", "nim", "corner", "ttt", "pursuit"), [
    ("uk", "Нім (купки: 1, 2; мізер)", "Загнати ферзя в кут (фігура: ферзь; ширина: 6; висота: 6)",
     "Хрестики-нулики", "Переслідування (втікач бачить: ні)"),
    ("ru", "Ним (кучки: 1, 2; мизер)", "Загнать ферзя в угол (фигура: ферзь; ширина: 6; высота: 6)",
     "Крестики-нолики", "Погоня (беглец видит: нет)"),
    ("bg", "Ним (купчини: 1, 2; мизер)", "Вкарай дамата в ъгъла (фигура: дама; ширина: 6; височина: 6)",
     "Морски шах", "Гонитба (беглецът вижда: не)"),
])
def test_a_rooms_title_is_worded_in_the_language(lang: str, nim: str, corner: str, ttt: str, pursuit: str) -> None:
    def title(name: str, **settings: object) -> str:
        game = rules.create(name, **settings)
        return words.room_title(game.name, game.public_params(), lang, told=game.title())

    assert title("nim", heaps="1,2", misere="true") == nim
    assert title("corner", piece="queen", width=6, height=6) == corner
    assert title("tictactoe") == ttt
    assert title("pursuit", evader_sees="false", seed=1).startswith(pursuit.split(" (")[0])
    assert pursuit.split("(")[1].rstrip(")") in title("pursuit", evader_sees="false", seed=1)
    for name in rules.names():
        text = title(name)
        assert text and not re.search(r"[A-Za-z]{3,}", text.replace("m,n,k", "")), (name, text)


def test_english_keeps_the_games_own_title_and_an_unknown_game_is_its_name() -> None:
    game = rules.create("nim", heaps="3,4,5")
    assert words.room_title("nim", game.public_params(), "en", told=game.title()) == game.title()
    assert words.room_title("nim", {"heaps": [1, 2]}, "en") == "Nim (heaps: 1, 2)"
    assert words.room_title("chess", {"x": 1}, "uk") == "chess"


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "Bob (бот) викликає вас: Нім (купки: 1, 2), без часу. Діє ще 60 с."),
    ("ru", "Bob (бот) вызывает вас: Ним (кучки: 1, 2), без часов. Действует ещё 60 с."),
    ("bg", "Bob (бот) ви кани: Ним (купчини: 1, 2), без време. Важи още 60 с."),
    ("en", "Bob (a bot) challenges you to Nim 1, 2, untimed. It stands for 60 s."),
])
def test_a_challenge_received_is_said_in_the_clients_language(lang: str, said: str) -> None:
    """The terminal's and pygame's prompt for a challenge: the catalogs' words and the title in the language."""
    from grundy import protocol as p
    from grundy.client.names import challenge_text

    c = p.Challenged(room="r1", code="x", game="nim", title="Nim 1, 2", params={"heaps": [1, 2], "misere": False},
                     time_control=None, seat=1, challenger="Bob", challenger_session="s-1", challenger_kind="bot",
                     expires_at=100.0, rated=False)
    assert challenge_text(c, now=40.0, lang=lang) == said
