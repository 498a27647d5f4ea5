"""The words of `grundy serve`, `register`, `leaderboard` and their --help in each language (LANG or --lang):
what a node says when it starts, why it refuses to, and what a player is told registering and reading ratings.
What programs read (a JSON log line) stays English."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from grundy.cli import common, serve
from grundy.cli.main import main
from grundy.client.identity import CONFIG_ENV
from grundy.server.node import Node
from tests.cli import inproc
from tests.server.e2e.conftest import node_factory, url

_CLEAN = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
_ENGLISH = re.compile(r"\b(the|serving|play|browser|cannot|port|address|listen|default|store|file|registered|secret|"
                      r"leaderboard|nobody|rank|player|rating|give|cluster|mode)\b")


def grundy(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                          env={**_CLEAN, "LANG": lang}, timeout=120, check=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_lines(tmp_path: Path, lang: str, *extra: str) -> list[str]:
    """The lines `grundy serve` prints on stdout until it says where to play in a browser (then SIGINT)."""
    command = [sys.executable, "-m", "grundy.cli.main", "serve", "--port", str(free_port()), "--workers", "1",
               "--db", str(tmp_path / "g.db"), *extra]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**_CLEAN, "LANG": lang})
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if len(lines) == 2:
                break
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    return lines


@pytest.mark.parametrize(("lang", "serving", "browser"), [
    ("uk_UA.UTF-8", "grundy працює на ws://127.0.0.1:", "грати в браузері: http://127.0.0.1:"),
    ("ru_RU.UTF-8", "grundy работает на ws://127.0.0.1:", "играть в браузере: http://127.0.0.1:"),
    ("bg_BG.UTF-8", "grundy работи на ws://127.0.0.1:", "играйте в браузър: http://127.0.0.1:"),
])
def test_grundy_serve_says_it_is_serving_in_the_systems_language(tmp_path: Path, lang: str, serving: str,
                                                                 browser: str) -> None:
    lines = serve_lines(tmp_path, lang)
    assert lines[0].startswith(serving) and lines[1].startswith(browser), lines
    assert not _ENGLISH.search("\n".join(lines).replace("/health", "")), lines


def test_a_json_log_stays_english_whatever_the_language() -> None:
    """With --log-format json what `grundy serve` says is a log line, read by programs: English in any language."""
    common.set_lang("uk")
    try:
        assert serve.words("cmd-serving", True, host="h", port="1") == "grundy serving on ws://h:1/ (health: http://h:1/health)"
        assert serve.words("cmd-serving", False, host="h", port="1").startswith("grundy працює на ws://h:1/")
    finally:
        common.set_lang("en")


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("ru_RU.UTF-8", ["serve", "--port", "70000"], "grundy: ошибка: --port 70000: порт — это число 0..65535"),
    ("uk_UA.UTF-8", ["serve", "--bots", "redis"], "grundy: помилка: --bots redis: обробники ботів доступні через "
                                                  "Redis кластера; вкажіть також --redis URL"),
    ("bg_BG.UTF-8", ["serve", "--redis-master", "m"], "grundy: грешка: --redis-master: то посочва основния сървър"),
    ("bg_BG.UTF-8", ["leaderboard", "nim", "--top", "0"], "grundy: грешка: --top 0: от 1 до 100"),
    ("C.UTF-8", ["serve", "--port", "70000"], "grundy: error: --port 70000: a port is 0..65535"),
])
def test_grundy_serve_and_leaderboard_refuse_in_the_language(lang: str, args: list[str], said: str) -> None:
    """(Refused before anything starts: in this process, tests/cli/inproc.py; in English, a process as a user runs.)"""
    done = (grundy if lang.startswith("C") else inproc.grundy)(*args, lang=lang)
    assert done.returncode == 2 and done.stderr.startswith(said), done.stderr


def test_a_busy_port_is_refused_in_the_language(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        done = grundy("serve", "--port", str(port), "--db", str(tmp_path / "g.db"), lang="uk_UA.UTF-8")
    said = f"grundy: помилка: не вдається працювати на 127.0.0.1:{port}: "
    assert done.returncode == 1 and done.stderr.startswith(said), done.stderr


@pytest.mark.parametrize(("args", "lang", "words"), [
    (["serve", "--help"], "uk_UA.UTF-8", ["адреса для прослуховування (типово 127.0.0.1; 0.0.0.0 — усі)",
                                          "файл сховища (типово", "режим кластера: спільний з іншими вузлами Redis"]),
    (["serve", "--help", "--lang", "ru"], "uk_UA.UTF-8", ["адрес для прослушивания", "процессы-обработчики ботов"]),
    (["--lang", "bg", "leaderboard", "--help"], "C.UTF-8", ["име на играта (вижте `grundy games`)",
                                                             "колко играчи, 1-100 (по подразбиране 20)"]),
    (["register", "--help"], "ru_RU.UTF-8", ["Зарегистрировать NAME на узле", "имя игрока"]),
    (["solve", "--help"], "uk_UA.UTF-8", ["здатися (код виходу 3)", "(типово 5 000 000)", "мова виводу: en, uk"]),
    (["exam", "--help"], "ru_RU.UTF-8", ["Решает игру с камнями для каждого начального S", "цель для суммы"]),
    (["tree", "--help"], "bg_BG.UTF-8", ["Рисува дървото на играта", "изход за програми"]),
    (["play", "--help"], "uk_UA.UTF-8", ["Зіграти або подивитися партію", "суперник: human (вільне місце)"]),
])
def test_a_commands_help_is_in_the_language(args: list[str], lang: str, words: list[str]) -> None:
    done = inproc.grundy(*args, lang=lang)  # (the same main and parser, in this process: tests/cli/inproc.py)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    for w in words:
        assert w in text, text


# ----------------------------------------------------------------------------- against a real node


@pytest.fixture
async def node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Node]:
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    async with node_factory(tmp_path, cluster=False) as make:
        yield await make()


@pytest.fixture(autouse=True)
def speak() -> Iterator[None]:
    yield
    common.set_lang("en")


async def run(*argv: str) -> int:
    def go() -> int:
        try:
            return main(list(argv))
        except SystemExit as e:
            return int(e.code or 0)

    return await asyncio.to_thread(go)


@pytest.mark.parametrize(("lang", "registered", "saved", "head", "empty", "bad"), [
    ("uk", "Ann зареєстровано на ws://", "секрет збережено в ", "nim: рейтинг гравців на ws://",
     "у цю гру ще ніхто не зіграв рейтингової партії", "grundy: помилка: ім'я 'a b': ім'я гравця — від 1 до 32"),
    ("ru", "Ann зарегистрирован на ws://", "секрет сохранён в ", "nim: рейтинг игроков на ws://",
     "в эту игру ещё никто не сыграл рейтинговой партии", "grundy: ошибка: имя 'a b': имя игрока — от 1 до 32"),
    ("bg", "Ann е регистриран на ws://", "тайната е записана в ", "nim: класиране на ws://",
     "никой още не е играл партия с рейтинг в тази игра", "grundy: грешка: име 'a b': името на играч е от 1 до 32"),
])
async def test_register_and_leaderboard_speak_the_language(node: Node, capsys: pytest.CaptureFixture[str], lang: str,
                                                           registered: str, saved: str, head: str, empty: str,
                                                           bad: str) -> None:
    server = url(node)
    assert await run("register", "Ann", "--server", server, "--lang", lang) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(registered) and out[1].startswith(saved), out
    assert not _ENGLISH.search("\n".join(out).replace(server, "")), out
    assert await run("register", "a b", "--server", server, "--lang", lang) == 1
    assert capsys.readouterr().err.startswith(bad)
    assert await run("leaderboard", "nim", "--server", server, "--lang", lang) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [head + server.removeprefix("ws://"), empty], out
