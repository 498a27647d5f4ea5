"""`grundy gomocup-bot`, `grundy pbrain` and argparse's own words in each language (LANG or --lang), run as a user
runs them: the help, the usage errors argparse makes, the refusals, an engine that cannot play, what a brain says
after the protocol's ERROR and UNKNOWN, and `grundy admin`'s help and tables against a real node. What the
Gomocup protocol itself says (OK, coordinates, the ERROR keyword) is the same in every language."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli import inproc

_CLEAN = {k: v for k, v in os.environ.items()
          if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "GRUNDY_ADMIN_SECRET")}
LANGS = {"uk": "uk_UA.UTF-8", "ru": "ru_RU.UTF-8", "bg": "bg_BG.UTF-8"}

# argparse's own English words, and the English of the commands' help: none may be left in another language
# (option names, the protocol's commands, metavars like PATH_TO_BRAIN and values like `vary` are notation).
_ENGLISH = re.compile(r"\b(usage|positional|arguments?|options|show|this|help|message|exit|required|following|"
                      r"expected|invalid|choice|choose|unrecognized|error|the|default|join|display|name|seat|"
                      r"thinking|after|seed|node|room|with|from|level|time|and|or|of|for|to|is|in|by|a|an)\b")
_NOTATION = re.compile(r"'[\w.-]*'|--?[\w-]+|\{[\w,-]+\}|[A-Z][A-Z_/+]+|\S+\.(py|md)\b|\S*://\S*|\w+=[\w.]+")
# the metavars of these commands that are words: said in the language
_ENGLISH_METAVARS = re.compile(
    r"\b(LEVEL|NAME|SECRET|CODE|TAG|COMMAND|KEY=VALUE|MIN\+SEC|GAME|SECONDS|PATH_TO_BRAIN|MS|MB|M1)\b")

# what each language calls argparse's headings and its error line
USAGE = {"uk": "використання: grundy", "ru": "синтаксис: grundy", "bg": "използване: grundy"}
OPTIONS = {"uk": "\nпараметри:\n", "ru": "\nпараметры:\n", "bg": "\nопции:\n"}
POSITIONAL = {"uk": "\nпозиційні аргументи:\n", "ru": "\nпозиционные аргументы:\n", "bg": "\nпозиционни аргументи:\n"}
HELP = {"uk": "показати цю довідку й вийти", "ru": "показать эту справку и выйти", "bg": "показва тази помощ и излиза"}
ERROR = {"uk": "помилка", "ru": "ошибка", "bg": "грешка"}


def grundy(*args: str, lang: str, stdin: str | None = None, env: dict[str, str] | None = None,
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                          input=stdin, env={**_CLEAN, "LANG": lang, **(env or {})}, timeout=120, check=False)


def here(*args: str, lang: str, stdin: str | None = None, env: dict[str, str] | None = None,
         ) -> subprocess.CompletedProcess[str]:
    """What :func:`grundy` gives, run in this process (tests/cli/inproc.py): for words that need no process of their
    own (help, usage errors, refusals, the admin's tables); the process itself is run by a test of each kind."""
    return inproc.grundy(*args, lang=lang, stdin=stdin, env=env)


def english_left(text: str) -> list[str]:
    """The English words left in ``text`` once its notation is taken out."""
    return _ENGLISH.findall(_NOTATION.sub(" ", text))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", ["gomocup-bot", "pbrain", "solve"])
def test_a_commands_help_is_wholly_in_the_language(command: str, lang: str) -> None:
    done = here(command, "--help", lang=LANGS[lang])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(USAGE[lang] + f" {command} [-h]"), out
    assert OPTIONS[lang] in out and "-h, --help" in out and HELP[lang] in out, out
    assert english_left(out) == [], out
    assert not _ENGLISH_METAVARS.search(out), out
    if command != "pbrain":
        assert POSITIONAL[lang] in out, out


def test_the_help_in_english_is_argparses_own() -> None:
    done = grundy("pbrain", "--help", lang="C.UTF-8")  # (as processes: a user's `grundy`)
    assert done.stdout.startswith("usage: grundy pbrain [-h] [--level LEVEL] [--seed N] [--lang TAG]")
    assert "\noptions:\n  -h, --help     show this help message and exit\n" in done.stdout
    done = grundy("solve", lang="C.UTF-8")
    assert done.returncode == 2 and done.stderr.endswith(
        "grundy solve: error: the following arguments are required: GAME\n"), done.stderr


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("uk", ["solve", "nim", "--max-nodes", "x"], "grundy solve: помилка: аргумент --max-nodes: неприпустиме значення "
                                                   "(тип int): 'x'"),
    ("ru", ["solve"], "grundy solve: ошибка: нужны следующие аргументы: ИГРА"),
    ("bg", ["solve", "nim", "--moves"], "grundy solve: грешка: аргумент --moves: очаква се един аргумент"),
    ("uk", ["solve", "nim", "--bogus"], "grundy: помилка: невідомі аргументи: --bogus"),
    ("ru", ["gomocup-bot", "brain.py", "--openings", "book"],
     "grundy gomocup-bot: ошибка: аргумент --openings: недопустимое значение: 'book' (выберите одно из: 'vary', "
     "'engine')"),
    ("bg", ["nosuchcommand"], "grundy: грешка: аргумент КОМАНДА: невалидна стойност: 'nosuchcommand'"),
    ("uk", ["pbrain", "--seed", "x"], "grundy pbrain: помилка: аргумент --seed: неприпустиме значення (тип int): 'x'"),
])
def test_a_wrong_argument_is_refused_in_the_language(lang: str, args: list[str], said: str) -> None:
    done = here(*args, lang=LANGS[lang])
    assert done.returncode == 2, done.stderr
    usage, _, error = done.stderr.rstrip("\n").rpartition("\n")
    assert usage.lstrip().startswith(USAGE[lang].split(":")[0]) or "[" in usage, done.stderr
    assert error.startswith(said), done.stderr
    assert english_left(done.stderr) == [], done.stderr


def test_lang_on_the_command_line_chooses_argparses_language_too() -> None:
    done = here("solve", "--max-nodes", "x", "nim", "--lang", "ru", lang="uk_UA.UTF-8")
    assert done.returncode == 2 and "ошибка: аргумент --max-nodes: недопустимое значение (тип int): 'x'" in done.stderr
    assert done.stderr.startswith("синтаксис: grundy solve"), done.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "grundy: помилка: PATH_TO_BRAIN '{path}': такого файлу немає"),
    ("ru", "grundy: ошибка: PATH_TO_BRAIN '{path}': такого файла нет"),
    ("bg", "grundy: грешка: PATH_TO_BRAIN '{path}': няма такъв файл"),
])
def test_gomocup_bot_refuses_a_missing_engine_in_the_language(tmp_path: Path, lang: str, said: str) -> None:
    path = str(tmp_path / "nobrain")
    done = here("gomocup-bot", path, lang=LANGS[lang])
    assert done.returncode == 2 and done.stderr.strip() == said.format(path=path), done.stderr


@pytest.fixture
def dying_brain(tmp_path: Path) -> str:
    """A brain that says why on stderr and exits at once."""
    path = tmp_path / "dying.py"
    path.write_text("import sys\nsys.stderr.write('no weights found\\n')\nsys.exit(3)\n")
    return str(path)


@pytest.fixture
def refusing_brain(tmp_path: Path) -> str:
    """A brain that answers ABOUT and refuses every board with the protocol's ERROR."""
    path = tmp_path / "refusing.py"
    path.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    word = line.split()[0] if line.split() else ''\n"
        "    if word == 'ABOUT': print('name=\"refuser\"', flush=True)\n"
        "    elif word == 'START': print('ERROR no such size', flush=True)\n"
        "    elif word == 'END': break\n"
    )
    return str(path)


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "grundy: помилка: рушій не може грати: рушій завершив роботу (код 3): no weights found"),
    ("ru", "grundy: ошибка: движок не может играть: движок завершил работу (код 3): no weights found"),
    ("bg", "grundy: грешка: двигателят не може да играе: двигателят спря (код 3): no weights found"),
])
def test_an_engine_that_dies_is_refused_in_the_language(dying_brain: str, lang: str, said: str) -> None:
    """The engine is started (a real process) before a seat is taken anywhere: its end is said in the language,
    with its own last words on stderr as they are (the command itself a process in Ukrainian, in this one elsewhere)."""
    done = (grundy if lang == "uk" else here)("gomocup-bot", dying_brain, "--vs", "bot:easy", lang=LANGS[lang])
    assert done.returncode == 1 and done.stderr.strip() == said, done.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "рушій не може грати: рушій відповів 'ERROR no such size' на START 15"),
    ("ru", "движок не может играть: движок ответил 'ERROR no such size' на START 15"),
    ("bg", "двигателят не може да играе: двигателят отговори 'ERROR no such size' на START 15"),
    ("en", "the engine cannot play: the engine answered 'ERROR no such size' to START 15"),
])
def test_an_engine_that_refuses_the_board_is_said_in_the_language(refusing_brain: str, lang: str, said: str) -> None:
    run = grundy if lang == "uk" else here  # (the engine a process each time; the command in Ukrainian too)
    done = run("gomocup-bot", refusing_brain, "--quick", lang=LANGS.get(lang, "C.UTF-8"))
    assert done.returncode == 1 and done.stderr.strip().endswith(said), done.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "grundy: помилка: --level 'best': рівні — random, easy, medium, hard, max"),
    ("ru", "grundy: ошибка: --level 'best': уровни — random, easy, medium, hard, max"),
    ("bg", "grundy: грешка: --level 'best': нивата са random, easy, medium, hard, max"),
])
def test_pbrain_refuses_a_level_in_the_language(lang: str, said: str) -> None:
    done = here("pbrain", "--level", "best", lang=LANGS[lang])
    assert done.returncode == 2 and done.stderr.strip() == said, done.stderr


@pytest.mark.parametrize(("lang", "errors"), [
    ("uk", ["ERROR дошки ще немає: спершу надішліть START",
            "ERROR непідтримуваний розмір 3x3: дошки від 5 до 52 клітинок на бік",
            "UNKNOWN PLAY — не команда цього рушія",
            "ERROR 20,1 поза дошкою 15x15", "ERROR 7,7 уже зайнято", "ERROR на 0,0 немає каменя, щоб забрати його"]),
    ("ru", ["ERROR доски ещё нет: сначала пришлите START",
            "ERROR размер 3x3 не поддерживается: доски от 5 до 52 клеток по стороне",
            "UNKNOWN PLAY — не команда этого движка",
            "ERROR 20,1 вне доски 15x15", "ERROR 7,7 уже занята", "ERROR на 0,0 нет камня, чтобы его забрать"]),
    ("bg", ["ERROR още няма дъска: първо изпратете START",
            "ERROR неподдържан размер 3x3: дъски от 5 до 52 полета на страна",
            "UNKNOWN PLAY не е команда на този двигател",
            "ERROR 20,1 е извън дъската 15x15", "ERROR 7,7 е заето",
            "ERROR на 0,0 няма камък, който да се вземе обратно"]),
])
def test_pbrain_says_its_errors_in_the_language_and_the_protocol_as_it_is(lang: str, errors: list[str]) -> None:
    """A manager shows a brain's ERROR and UNKNOWN words to its user: they are in the language of the locale; the
    protocol's keywords and answers (OK, a move x,y, DEBUG) are the same in every language."""
    stdin = "\n".join(["TURN 7,7", "START 3", "START 15", "PLAY 1", "TURN 20,1", "INFO timeout_turn 300", "TURN 7,7",
                       "TURN 7,7", "TAKEBACK 0,0", "END"]) + "\n"
    done = here("pbrain", "--level", "easy", "--seed", "1", lang=LANGS[lang], stdin=stdin)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line and not line.startswith("DEBUG")]
    assert lines[0] == errors[0] and lines[1] == errors[1] and lines[2] == "OK", lines
    assert lines[3] == errors[2] and lines[4] == errors[3], lines
    assert re.fullmatch(r"\d+,\d+", lines[5]), lines  # its move, as the protocol writes one
    assert lines[6:] == errors[4:], lines
    debug = [line for line in done.stdout.splitlines() if line.startswith("DEBUG")]
    assert debug and not english_left(" ".join(debug).replace("search", "")), debug  # (the solver's own word)


# ----------------------------------------------------------------------------- grundy admin

SECRET = "a-test-admin-secret-0123456789"
HEADS = {
    "uk": (["ВУЗОЛ", "АДРЕСА", "СТАН", "ПРАЦЮЄ"], ["ГРАВЕЦЬ", "ВІДКОЛИ", "(UTC)", "ПРИЧИНА"], "приклади (NODE"),
    "ru": (["УЗЕЛ", "АДРЕС", "СОСТОЯНИЕ", "РАБОТАЕТ"], ["ИГРОК", "С", "(UTC)", "ПРИЧИНА"], "примеры (NODE"),
    "bg": (["ВЪЗЕЛ", "АДРЕС", "СЪСТОЯНИЕ", "РАБОТИ"], ["ИГРАЧ", "ОТ", "(UTC)", "ПРИЧИНА"], "примери (NODE"),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def node(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real `grundy serve` with administration on: its HOST:PORT once it says it serves."""
    port = free_port()
    db = tmp_path_factory.mktemp("admin") / "g.db"
    proc = subprocess.Popen([sys.executable, "-m", "grundy.cli.main", "serve", "--port", str(port), "--workers", "1",
                             "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**_CLEAN, "LANG": "C.UTF-8", "GRUNDY_ADMIN_SECRET": SECRET})
    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # (it says where it serves once it does)
            if "play in a browser" in line:
                break
        else:
            pytest.fail("grundy serve stopped before it served")
        yield f"127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)


@pytest.mark.parametrize("lang", LANGS)
def test_admin_tables_and_help_are_in_the_language(node: str, lang: str) -> None:
    nodes_heads, bans_heads, examples = HEADS[lang]
    env = {"GRUNDY_ADMIN_SECRET": SECRET}
    done = here("admin", "nodes", node, lang=LANGS[lang], env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].split()[:4] == nodes_heads, done.stdout
    assert here("admin", "ban", node, f"ann-{lang}", "--reason", "x", lang=LANGS[lang], env=env).returncode == 0
    done = here("admin", "bans", node, lang=LANGS[lang], env=env)
    assert done.returncode == 0 and done.stdout.splitlines()[0].split()[:4] == bans_heads, done.stdout
    assert f"ann-{lang}" in done.stdout
    help_text = here("admin", "--help", lang=LANGS[lang]).stdout
    assert help_text.startswith(USAGE[lang] + " admin") and examples in help_text, help_text
    assert 'grundy admin abort 127.0.0.1:8765 ROOM --reason "' in help_text
    assert english_left(help_text.replace("ann", "").replace("playing", "")) == [], help_text
    done = here("admin", "nodes", lang=LANGS[lang], env=env)
    assert done.returncode == 2 and english_left(done.stderr) == [], done.stderr


def test_admin_tables_keep_their_english_heads_in_english(node: str) -> None:
    done = grundy("admin", "nodes", node, lang="C.UTF-8", env={"GRUNDY_ADMIN_SECRET": SECRET})
    assert done.stdout.splitlines()[0].split() == ["NODE", "ADDRESS", "STATUS", "UPTIME", "CONNECTIONS", "SESSIONS",
                                                   "ROOMS", "LIVE", "ROOMS", "ENDED", "LEASES"], done.stdout


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", ["ожидаются 2 аргумента", "ожидается 5 аргументов"]),
    ("uk", ["очікуються 2 аргументи", "очікується 5 аргументів"]),
    ("bg", ["очакват се 2 аргумента", "очакват се 5 аргумента"]),
    ("en", ["expected 2 arguments", "expected 5 arguments"]),
])
def test_argparses_plural_words_follow_the_language(lang: str, said: list[str]) -> None:
    """An option of N values (none of the commands has one yet): argparse's ngettext answered by the language's
    plural rules."""
    import argparse

    from grundy.cli import common

    common.speak_argparse()
    saved = common._lang
    common.set_lang(lang)
    try:
        parser = argparse.ArgumentParser(prog="grundy", exit_on_error=False)
        parser.add_argument("--pair", nargs=2)
        parser.add_argument("--five", nargs=5)
        for option, words in zip(("--pair", "--five"), said, strict=True):
            with pytest.raises(argparse.ArgumentError) as refused:
                parser.parse_args([option, "1"])
            assert str(refused.value).endswith(": " + words), str(refused.value)
    finally:
        common._lang = saved
