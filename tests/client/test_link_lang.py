"""The client library's words in the person's language (protocol/locales/*/link.ftl): why a node cannot be reached
(`grundy play` with nothing listening, an HTTP server that is no WebSocket), a link dropped under a connected
client (a real `grundy serve` stopped), and the SDK bot runner's help and errors.  Real processes and sockets."""

from __future__ import annotations

import asyncio
import http.server
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.client.connection import (
    Backoff,
    BadAddress,
    Connection,
    LinkClosed,
    LinkDown,
    NoLink,
    probe,
    why_unreachable,
)
from grundy.protocol import i18n
from tests.cli import inproc

ROOT = Path(__file__).resolve().parents[2]
_LOCALE = ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")


def free_port() -> int:
    with socket.socket() as s:  # (a port nobody listens on once closed)
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in _LOCALE}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**clean, **(env or {})}, check=False)  # fmt: skip


# ----------------------------------------------------------------------------- nothing listens


@pytest.mark.parametrize(("how", "env", "words"), [
    (["--lang", "uk"], {}, ["grundy: помилка: не вдалося з'єднатися з", "ніхто не слухає (у з'єднанні відмовлено): "
                                                                       "чи запущено там `grundy serve`?"]),
    (["--lang", "ru"], {"LANG": "en_US.UTF-8"}, ["grundy: ошибка: не удалось подключиться к",
                                                 "никто не слушает (в соединении отказано): запущен ли там"]),
    ([], {"LANG": "ru_RU.UTF-8"}, ["grundy: ошибка: не удалось подключиться к", "никто не слушает"]),
    (["--lang", "bg"], {}, ["grundy: грешка: няма връзка с", "никой не слуша (връзката е отказана): стартиран ли е"]),
])
def test_grundy_play_with_nothing_listening_says_so_in_the_chosen_language(
        how: list[str], env: dict[str, str], words: list[str]) -> None:
    port = free_port()
    args = ("play", *how, "--server", f"ws://127.0.0.1:{port}", "nim", "--vs", "bot:random")
    if how == ["--lang", "uk"]:  # (as a user runs it; the other ways of choosing run the same main in this process)
        done = run("-m", "grundy.cli.main", *args, env=env)
    else:
        done = inproc.grundy(*args, lang=None, env=env)
    assert done.returncode == 1, done
    for w in words:
        assert w in done.stderr, done.stderr
    assert f"127.0.0.1:{port}" in done.stderr
    assert "nothing listens" not in done.stderr and "connection refused" not in done.stderr, done.stderr


def test_grundy_play_with_an_address_that_is_not_a_websocket_one_says_so_in_the_language() -> None:
    done = inproc.grundy("play", "--lang", "uk", "--server", "http://127.0.0.1:9", "nim", lang=None)  # (same main)
    assert done.returncode == 2, done
    assert done.stderr.startswith("grundy: помилка: --server: URL сервера 'http://127.0.0.1:9': схема має бути ws:// "
                                  "або wss://, а не http://"), done.stderr


# ----------------------------------------------------------------------------- an HTTP server, not a WebSocket


class _NotHere(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = b"a plain web server\n"
        self.send_response(404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture
def web_server() -> Iterator[str]:
    """A real HTTP server on a free port that answers every request 404 (no WebSocket)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NotHere)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"ws://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "відповідає як HTTP 404, а не як WebSocket: чи це вузол grundy (ws://ХОСТ:8765)?"),
    ("ru", "отвечает как HTTP 404, а не как WebSocket: это узел grundy (ws://ХОСТ:8765)?"),
    ("bg", "отговаря с HTTP 404, а не като WebSocket: възел на grundy ли е (ws://ХОСТ:8765)?"),
    ("en", "answered HTTP 404, not a WebSocket: is it a grundy node (ws://HOST:8765)?"),
])
async def test_a_connection_to_an_http_server_says_why_in_its_language(web_server: str, lang: str, said: str) -> None:
    where = web_server.split("://", 1)[1]
    conn = Connection(web_server, "Ann", lang=lang, reconnect=False, open_timeout=20)
    with pytest.raises(Exception) as caught:  # noqa: PT011 (what websockets raises: said by why_unreachable)
        await conn.connect()
    assert why_unreachable(web_server, caught.value) == f"{where} {said}"  # (in the connection's language)
    assert why_unreachable(web_server, caught.value, "en").endswith("not a WebSocket: is it a grundy node "
                                                                   "(ws://HOST:8765)?")
    assert await probe(web_server, timeout=20, lang=lang) == f"{where} {said}"


async def test_a_bad_address_and_a_wait_for_the_link_are_said_in_the_connections_language() -> None:
    with pytest.raises(BadAddress) as bad:
        Connection("http://127.0.0.1:9", "Ann", lang="bg")
    assert str(bad.value) == "URL адрес на сървъра 'http://127.0.0.1:9': схемата трябва да е ws:// или wss://, а не http://"
    assert isinstance(bad.value, ValueError)
    assert bad.value.said("en") == "server URL 'http://127.0.0.1:9': the scheme must be ws:// or wss://, not http://"
    waited = NoLink.saying("ru", "link-none-within", url="ws://a:1/", seconds=5)
    assert isinstance(waited, TimeoutError) and str(waited) == "нет связи с ws://a:1/ в течение 5 секунд"
    assert waited.said("uk") == "немає зв'язку з ws://a:1/ протягом 5 секунд"


# ----------------------------------------------------------------------------- a node stopped under a client


class Served:
    """A `grundy serve` subprocess on a free port, up once a probe gets an answer."""

    def __init__(self, proc: subprocess.Popen[bytes], url: str) -> None:
        self.proc, self.url = proc, url

    @classmethod
    async def start(cls, tmp: Path) -> Served:
        port = free_port()
        log = open(tmp / "serve.log", "ab")  # noqa: SIM115 (the child writes to it until it exits)
        serve = ["serve", "--port", str(port), "--db", str(tmp / "grundy.db"), "--workers", "1"]
        proc = subprocess.Popen([sys.executable, "-m", "grundy.cli.main", *serve], cwd=ROOT, stdout=log, stderr=log)
        log.close()
        url = f"ws://127.0.0.1:{port}/"
        deadline = time.monotonic() + 90
        while await probe(url, timeout=5) is not None:
            assert proc.poll() is None, (tmp / "serve.log").read_text()
            assert time.monotonic() < deadline, "grundy serve did not come up: " + (tmp / "serve.log").read_text()
            await asyncio.sleep(0.1)
        return cls(proc, url)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(60)


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    node = await Served.start(tmp_path)
    try:
        yield node
    finally:
        node.stop()


async def _over(conn: Connection, timeout: float = 60) -> tuple[list[object], LinkClosed]:
    """Every event until the connection is over, and the LinkClosed that ended it."""
    seen: list[object] = []

    async def drain() -> LinkClosed:
        try:
            async for event in conn.events():
                seen.append(event)
        except LinkClosed as e:
            return e
        raise AssertionError(f"the event stream ended quietly: {seen}")

    return seen, await asyncio.wait_for(drain(), timeout)


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "не удалось снова подключиться к {url} или другому узлу в течение 1 секунды"),
    ("uk", "не вдалося знову з'єднатися з {url} чи іншим вузлом протягом 1 секунди"),
    ("bg", "повторното свързване с {url} или с друг възел не успя в рамките на 1 секунда"),
])
async def test_a_node_stopped_under_a_client_gives_the_dropped_link_words_in_its_language(
        served: Served, lang: str, said: str) -> None:
    conn = Connection(served.url, "Ann", lang=lang, backoff=Backoff(initial_s=0.05, max_s=0.2, give_up_after_s=1))
    await conn.connect()
    try:
        await asyncio.to_thread(served.stop)
        seen, over = await _over(conn)
        assert any(isinstance(e, LinkDown) for e in seen), seen
        assert str(over) == said.format(url=served.url), str(over)
        assert over.said("en") == f"could not reconnect to {served.url} or another node within 1 second"
        with pytest.raises(LinkClosed) as later:  # (a request after the end: the same words)
            await conn.request(p.Ping())
        assert str(later.value) == str(over)
    finally:
        await conn.close()


async def test_without_reconnecting_the_servers_close_is_said_in_the_language(served: Served) -> None:
    conn = Connection(served.url, "Ann", lang="uk", reconnect=False)
    await conn.connect()
    try:
        await asyncio.to_thread(served.stop)
        _, over = await _over(conn)
        assert str(over).startswith("сервер закрив з'єднання (код "), str(over)
        assert over.said("en").startswith("the server closed the connection (code "), over.said("en")
    finally:
        await conn.close()


# ----------------------------------------------------------------------------- the SDK's bot runner


@pytest.mark.parametrize(("how", "env", "words", "english"), [
    (["--lang", "uk"], {}, ["URL вузла (типово ws://127.0.0.1:8765)", "ім'я на екрані (типово random-bot)",
                            "стати в чергу на швидку гру в --game", "зупинитися після стількох партій"],
     "stop after this many games"),
    ([], {"LANG": "ru_RU.UTF-8"}, ["URL узла (по умолчанию ws://127.0.0.1:8765)", "войти в комнату с этим кодом",
                                   "контроль времени для новой комнаты: МИНУТЫ+СЕКУНДЫ"], "join the room"),
    (["--lang=bg"], {"LANG": "uk_UA.UTF-8"}, ["URL на възела (по подразбиране ws://127.0.0.1:8765)",
                                              "включи се в този турнир и го изиграй до края",
                                              "записвай в дневника какво прави ботът"], "the seat to take"),
])
def test_the_sdk_runners_help_is_in_the_language(how: list[str], env: dict[str, str], words: list[str],
                                                 english: str) -> None:
    done = run("examples/random_bot.py", *how, "--help", env=env)
    assert done.returncode == 0, done
    text = " ".join(done.stdout.split())  # (argparse wraps the help to the terminal's width)
    for w in words:
        assert w in text, text
    assert english not in text, text


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", "помилка: за адресою 127.0.0.1:{port} ніхто не слухає (у з'єднанні відмовлено)"),
    ("ru", "ошибка: по адресу 127.0.0.1:{port} никто не слушает (в соединении отказано)"),
    ("bg", "грешка: на 127.0.0.1:{port} никой не слуша (връзката е отказана)"),
])
def test_the_sdk_runner_says_why_it_cannot_connect_in_the_language(lang: str, said: str) -> None:
    port = free_port()
    done = run("examples/random_bot.py", "--lang", lang, "--server", f"ws://127.0.0.1:{port}", "--game", "nim",
               "--vs", "bot:random")  # fmt: skip
    assert done.returncode == 1, done
    assert done.stderr.startswith(said.format(port=port)), done.stderr


def test_the_sdk_runners_own_errors_are_in_the_language() -> None:
    done = run("examples/random_bot.py", "--lang", "ru", "--set", "heaps")
    assert done.returncode == 2 and "--set 'heaps': пишите КЛЮЧ=ЗНАЧЕНИЕ" in done.stderr, done
    done = run("examples/random_bot.py", "--lang", "uk", "--vs", "bot:random")
    assert done.returncode == 1 and done.stderr.startswith("помилка: vs= і quick= потребують game="), done


def test_every_link_message_reads_without_english_in_each_language() -> None:
    """Each message of link.ftl rendered in uk, ru and bg with sample words: no English sentence left in it."""
    words = {"where": "127.0.0.1:9", "url": "ws://127.0.0.1:9/", "status": "404", "code": "1001", "why": "x",
             "reason": "x", "given": "yes", "several": "yes", "scheme": "http", "seconds": 2, "ply": 3, "room": "r-1",
             "game": "nim", "seat": 0, "outcome": "win", "item": "'a'", "error": "E()", "text": "'?'", "move": "'1:1'",
             "vs": "'x'", "last": 1, "name": "dice", "first": "Ann"}
    ids = sorted(i for i in i18n.message_ids("en") if i.startswith("link-"))
    assert len(ids) > 40
    english = {i18n.tr("en", i, **words) for i in ids}
    for lang in ("uk", "ru", "bg"):
        for i in ids:
            text = i18n.tr(lang, i, **words)
            if i != "link-node-other":  # ("{ $where }: { $why }" in every language)
                assert text not in english, (lang, i, text)


async def test_the_sdk_runners_results_are_in_the_language(served: Served) -> None:
    """A real game against a hosted bot: its result line (seat, outcome and why it ended) with no English."""
    said = {"uk": r"nim місце 0: (виграш|програш|нічия) \((перемога за правилами гри: |нічия за правилами гри)",
            "ru": r"nim место 0: (выигрыш|проигрыш|ничья) \((победа по правилам игры: |ничья по правилам игры)",
            "bg": r"nim място 0: (победа|загуба|реми) \((победа по правилата на играта: |реми по правилата на играта)"}
    for lang, pattern in said.items():
        done = await asyncio.to_thread(run, "examples/nimsum_bot.py", "--lang", lang, "--server", served.url,
                                       "--game", "nim", "--vs", "bot:random")  # fmt: skip
        assert done.returncode == 0, done
        assert re.search(pattern, done.stdout), done.stdout
        assert not re.search(r"\b(seat|win|loss|took|the|object)\b", done.stdout), done.stdout
