"""The CLI's own output in each language: `grundy tree`, refused game parameters, and the live table of
`grundy match` / `grundy tournament` (LANG or --lang), with no English words left in what they say."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from grundy import rules
from grundy.cli import common
from grundy.cli import tournament as tour
from tests.cli import inproc
from tests.cli.test_tournament_cli import state

_ENGLISH = re.compile(r"\b(the|tree|plies|start|over|parameter|allowed|unknown|games|Score|Games|Name|match|round|"
                      r"draw|ratio|finished|integer|list|valid|range|vs)\b")


def grundy(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                          env={**env, "LANG": lang}, timeout=120, check=False)


def here(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    """What :func:`grundy` gives, run in this process (tests/cli/inproc.py): the words of a command need no process
    of their own (`grundy tree` is run as one here, and every command in its own test file)."""
    return inproc.grundy(*args, lang=lang)


@pytest.mark.parametrize(("lang", "head", "start", "over"), [
    ("uk_UA.UTF-8", "nim heaps=1,2 misere=false: дерево на 12 півходів", "початок  +2", "0 (кінець)"),
    ("ru_RU.UTF-8", "nim heaps=1,2 misere=false: дерево на 12 полуходов", "начало  +2", "0 (конец)"),
    ("bg_BG.UTF-8", "nim heaps=1,2 misere=false: дървото до 12 полухода", "начало  +2", "0 (край)"),
])
def test_grundy_tree_speaks_the_systems_language(lang: str, head: str, start: str, over: str) -> None:
    done = grundy("tree", "nim", "--set", "heaps=1,2", lang=lang)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(head) and lines[1] == start and over in done.stdout, done.stdout
    assert not _ENGLISH.search(done.stdout.replace("misere=false", "")), done.stdout


@pytest.mark.parametrize(("lang", "bad", "unknown", "range_"), [
    ("uk_UA.UTF-8", "grundy: помилка: параметр «heaps»: 'x' не підходить; можна: список через кому, не більше 64 "
                    "цілих чисел 0..1000000000", "grundy: помилка: невідома гра «foo»; ігри: nim,",
     "grundy: помилка: параметр «width»: 99 поза межами; можна: ціле число 1..64"),
    ("ru_RU.UTF-8", "grundy: ошибка: параметр «heaps»: 'x' не подходит; можно: список через запятую",
     "grundy: ошибка: неизвестная игра «foo»; игры: nim,",
     "grundy: ошибка: параметр «width»: 99 вне допустимых границ; можно: целое число 1..64"),
    ("bg_BG.UTF-8", "grundy: грешка: параметър „heaps“: 'x' не е допустимо; позволено: списък",
     "grundy: грешка: непозната игра „foo“; игрите са: nim,",
     "grundy: грешка: параметър „width“: 99 е извън границите; позволено: цяло число 1..64"),
])
def test_a_refused_parameter_or_game_is_said_in_the_language(lang: str, bad: str, unknown: str, range_: str) -> None:
    for args, said in ((["show", "nim", "--set", "heaps=x"], bad), (["solve", "foo"], unknown),
                       (["tree", "corner", "--set", "width=99"], range_)):
        done = here(*args, lang=lang)
        assert done.returncode == 2 and done.stderr.startswith(said), (args, done.stderr)


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    common.set_lang("en")


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", ["nim: матч, тур 1/1, 2/2 партії", "Гравець", "Очки", "Рахунок Alpha проти Beta: 1 - 0 - 1 [0.750] 2",
            "Ело +191, LOS 84.1 %, частка нічиїх 50.0 %"]),
    ("ru", ["nim: матч, тур 1/1, 2/2 партии", "Игрок", "Счёт Alpha против Beta: 1 - 0 - 1 [0.750] 2",
            "Эло +191, LOS 84.1 %, доля ничьих 50.0 %"]),
    ("bg", ["nim: мач, кръг 1/1, 2/2 партии", "Играч", "Резултат на Alpha срещу Beta: 1 - 0 - 1 [0.750] 2",
            "Ело +191, LOS 84.1 %, дял на ремитата 50.0 %"]),
])
def test_the_match_table_in_each_language(speak: None, lang: str, words: list[str]) -> None:
    common.set_lang(lang)
    progress = tour.Progress({"a": "Alpha", "b": "Beta"})
    progress.update(state([(["a", "b"], ["win", "loss"]), (["b", "a"], ["draw", "draw"])]))
    progress.order = ["a", "b"]
    opts = tour.Options(game=rules.create("nim"), params={}, players=[], match=True)
    lines = tour.render(progress, opts)
    text = "\n".join(lines)
    for w in words:
        assert w in text, text
    assert not _ENGLISH.search(text), text
    heads, row = lines[1].split(), lines[2].split()
    assert len(heads) == len(row) and lines[1].rfind(heads[-1]) + len(heads[-1]) == len(lines[2].rstrip())
    assert tour.one_line(progress, opts).startswith(words[0].split(", ")[-1] + ": Alpha +1 =1 -0, ")
    assert tour.ended_text("all rounds played") not in ("all rounds played", "")


def test_a_round_robins_crosstable_in_ukrainian(speak: None) -> None:
    common.set_lang("uk")
    progress = tour.Progress({"a": "Alpha", "b": "Beta"})
    progress.update(state([(["a", "b"], ["win", "loss"])]))
    opts = tour.Options(game=rules.create("nim"), params={}, players=[], match=False)
    text = "\n".join(tour.render(progress, opts))
    assert text.splitlines()[0].startswith("nim: колова, тур 1/1, 1/1 партія")
    assert "Таблиця" in text and not _ENGLISH.search(text), text


@pytest.mark.parametrize(("lang", "corner", "pawn"), [
    ("uk_UA.UTF-8", "карта: результат для гравця, що ходить, коли фігура (ферзь) стоїть на цій клітинці",
     "карта: ціна кожної клітинки"),
    ("ru_RU.UTF-8", "карта: результат для ходящего игрока, когда фигура (ферзь) стоит на этой клетке",
     "карта: цена каждой клетки"),
    ("bg_BG.UTF-8", "карта: резултатът за играча на ход, когато фигурата (дама) е на това поле",
     "карта: цената на всяко поле"),
])
def test_the_solvers_map_caption_is_said_in_the_language(lang: str, corner: str, pawn: str) -> None:
    """`map_said`: what the map of the board shows, a phrase each client writes in its language."""
    for args, said in ((["solve", "corner", "--set", "piece=queen"], corner), (["solve", "pawn"], pawn)):
        done = here(*args, lang=lang)
        assert done.returncode == 0 and said in done.stdout, done.stdout
        caption = next(line for line in done.stdout.splitlines() if line.startswith("карта"))
        assert not re.search(r"\b(the|cell|each|move|player)\b", caption), caption


@pytest.mark.parametrize(("lang", "illegal", "unreadable"), [
    ("uk_UA.UTF-8", "grundy: помилка: хід 2: «1:9»: у купці 1 лише 3 предмети (можливі ходи: 1:1 1:2 1:3)",
     "grundy: помилка: хід 1: «zz» — не хід німу: пишіть КУПКА:КІЛЬКІСТЬ, наприклад 2:3 "
     "(можливі ходи: 1:1 1:2 1:3 2:1"),
    ("ru_RU.UTF-8", "grundy: ошибка: ход 2: «1:9»: в кучке 1 только 3 предмета (возможные ходы: 1:1 1:2 1:3)",
     "grundy: ошибка: ход 1: «zz» — не ход нима: пишите КУЧКА:СКОЛЬКО, например 2:3 (возможные ходы: 1:1 1:2 1:3 2:1"),
    ("bg_BG.UTF-8",
     "grundy: грешка: ход 2: „1:9“: в купчина 1 има само 3 предмета (възможни ходове: 1:1 1:2 1:3)",
     "grundy: грешка: ход 1: „zz“ не е ход в ним: пишете КУПЧИНА:БРОЙ, например 2:3 (възможни ходове: 1:1 1:2 1:3 2:1"),
    ("C.UTF-8", "grundy: error: move 2: '1:9': heap 1 has only 3", "grundy: error: move 1: 'zz' is not a nim move"),
])
def test_grundy_show_refuses_a_move_in_the_language(lang: str, illegal: str, unreadable: str) -> None:
    """A move `show` cannot play is named by its number and text, with why and the moves that are legal there."""
    done = here("show", "nim", "--set", "heaps=3,2", "--moves", "2:2 1:9", lang=lang)
    assert done.returncode == 2 and done.stderr.startswith(illegal), done.stderr
    done = here("show", "nim", "--set", "heaps=3,2", "--moves", "zz", lang=lang)
    assert done.returncode == 2 and done.stderr.startswith(unreadable), done.stderr
    if not lang.startswith("C"):
        assert not _ENGLISH.search(done.stderr) and "heap" not in done.stderr, done.stderr


@pytest.mark.parametrize(("lang", "words"), [
    ("uk_UA.UTF-8", ["Нім (мізер)", "купка 1: |||    (3)", "купка 2: ||||   (4)", "ходить: місце 0"]),
    ("ru_RU.UTF-8", ["Ним (мизер)", "кучка 1: |||    (3)", "кучка 2: ||||   (4)"]),
    ("bg_BG.UTF-8", ["Ним (мизер)", "купчина 1: |||    (3)", "купчина 2: ||||   (4)"]),
    ("C.UTF-8", ["nim (misère)", "heap 1: |||    (3)"]),
])
def test_grundy_show_draws_the_heaps_with_the_languages_labels(lang: str, words: list[str]) -> None:
    done = here("show", "nim", "--set", "heaps=3,4", "--set", "misere=true", lang=lang)
    assert done.returncode == 0, done.stderr
    for w in words:
        assert w in done.stdout, done.stdout
    if not lang.startswith("C"):
        assert "heap" not in done.stdout and not _ENGLISH.search(done.stdout), done.stdout
    done = here("show", "stones", lang=lang)
    assert done.returncode == 0 and ("heap" in done.stdout) == lang.startswith("C"), done.stdout
