"""`grundy match` and `grundy tournament` in Ukrainian, Russian and Bulgarian, run as a user runs them: their
--help, their refusals, a match between two hosted bots with its Elo and SPRT lines, a round robin of three
with its standings and crosstable (on a node started in the command, and on a `grundy serve` of its own),
with no English word of the catalogs' messages left in what they print.  What programs read stays English:
the records --out writes."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy import rules
from grundy.cli import common
from grundy.cli import tournament as tour
from grundy.cli.main import main
from grundy.protocol import BOT_LEVELS, i18n
from tests.cli.test_tournament_cli import state

ROOT = Path(__file__).resolve().parents[2]
_CLEAN = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "COLUMNS")}
LANGS = {"uk": "uk_UA.UTF-8", "ru": "ru_RU.UTF-8", "bg": "bg_BG.UTF-8"}

# The messages these commands say (their own contest-..., and the table's and the run's cli-..., words-sprt...).
_SAID = re.compile(r"^(contest-|cli-tour-|cli-col-|cli-match-|cli-elo|cli-progress|cli-run-|cli-games-|"
                   r"cli-openings|cli-finished|cli-wrote|cli-stop|cli-not-stopped|cli-exited|words-sprt|tour-|"
                   r"web-tformat|web-tended-|web-untimed|cli-error)")


def grundy(*args: str, lang: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it, in a fresh process, with LANG set (and no COLUMNS: help is 80 wide)."""
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                          env={**_CLEAN, "LANG": lang}, timeout=timeout, cwd=ROOT, check=False)


def _sources(lang: str) -> dict[str, str]:
    """Each message's Fluent source in ``lang``'s catalog (its id's line and the indented lines under it)."""
    out: dict[str, str] = {}
    msg_id = None
    for line in i18n.catalog_text(lang).splitlines():
        m = re.match(r"^([a-z][a-z0-9_-]*) =(.*)$", line)
        if m:
            msg_id = m.group(1)
            out[msg_id] = m.group(2)
        elif msg_id and line.startswith(" "):
            out[msg_id] += "\n" + line
        else:
            msg_id = None
    return out


def _words(text: str) -> set[str]:
    """The Latin words of a text (lowercase, three letters or more; not parts of notation like elo0 or a_b)."""
    text = re.sub(r"\{\s*\$\w+[^}]*\}|\[[a-z-]+\]|NUMBER", " ", text)
    return {w.lower() for w in re.findall(r"[A-Za-z0-9_]+", text) if w.isalpha() and len(w) >= 3}


def english_words(lang: str) -> set[str]:
    """Words of the English messages these commands say that ``lang``'s same messages do not have (those are
    notation both say: bot:LEVEL, elo0, pentanomial, LOS, SPRT, builtin, round-robin...)."""
    en, there = _sources("en"), _sources(lang)
    ids = [i for i in en if _SAID.match(i)]
    assert len(ids) > 80, "the scan of the catalog found almost none of the commands' messages"
    levels = set(BOT_LEVELS)  # (the values of bot:LEVEL, as typed; a hosted bot's name is checked on its own)
    return set().union(*(_words(en[i]) for i in ids)) - set().union(*(_words(there.get(i, "")) for i in ids)) - levels


def english_left(out: str, lang: str) -> set[str]:
    """The English words of the catalogs left in a command's output: its option names, metavars, choices,
    addresses and tournament ids left out, and argparse's own headings (another part of the CLI says those)."""
    kept = []
    for line in out.splitlines():
        words = line.strip()
        if words.startswith("usage:") or words in ("positional arguments:", "options:") \
                or (line.startswith(" " * 25) and words[:1] in ("[", "G")):  # (the usage's lines)
            continue
        kept.append(line.replace("show this help message and exit", ""))
    text = "\n".join(kept)
    text = re.sub(r"wss?://\S+|\bt-[A-Za-z0-9]+|--?[a-z][\w-]*|\{[^}]*\}|\b[A-Z][A-Z_+\[\]:|.]+\b", " ", text)
    return _words(text) & english_words(lang)


# ---------------------------------------------------------------------------------- --help and refusals


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The command run in this process (`cli.main.main`, as the `grundy` script runs it), LANG of the test's."""
    for name in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(common, "_lang", None)  # (not chosen yet: as when the command starts)
    monkeypatch.setattr(sys, "argv", list(sys.argv))  # (restored after: run_here sets the command's)
    yield
    common.set_lang("en")


def run_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``grundy ARGS`` in this process: its exit status, stdout and stderr."""
    common._lang = None  # (a fresh command: its language is not chosen until its line is read)
    sys.argv = ["grundy", *args]  # (what the parser's help is built from: a --lang on the line)
    try:
        code = main(list(args))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("lang", "match_words", "tournament_words"), [
    ("uk", ["Грає матч", "кольори чергуються", "перший гравець", "зупинити раніше за SPRT",
            "(типово 10, з --sprt 1000)"],
     ["Проводить турнір", "гравець: bot:LEVEL", "як складаються пари", "назва турніру (1-64 символи)"]),
    ("ru", ["Играет матч", "цвета чередуются", "первый игрок", "остановить досрочно по SPRT", "долю ничьих"],
     ["Проводит турнир", "игрок: bot:LEVEL", "как составляются пары", "партии меняют рейтинги игроков"]),
    ("bg", ["Изиграва мач", "цветовете се редуват", "първият играч", "спри по-рано според SPRT", "дела на ремитата"],
     ["Провежда турнир", "играч: bot:LEVEL", "как се съставят двойките", "заглавието на турнира (1-64 знака)"]),
])
def test_the_help_of_match_and_tournament_is_in_the_language(
        speak: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str,
        match_words: list[str], tournament_words: list[str]) -> None:
    done = grundy("tournament", "--help", lang=LANGS[lang])  # as a user runs it
    monkeypatch.setenv("LANG", LANGS[lang])
    code, match_help, _ = run_here(capsys, "match", "--help")
    assert done.returncode == 0 and code == 0, done.stderr
    for out, words in ((match_help, match_words), (done.stdout, tournament_words)):
        flat = " ".join(out.split())  # (argparse wraps the lines)
        for w in words:
            assert w in flat, (w, out)
        assert not english_left(out, lang), (english_left(out, lang), out)
        assert max(len(line) for line in out.splitlines()) <= 80, out


def test_the_commands_short_help_and_lang_as_an_option(speak: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_here(capsys, "--lang", "ru", "--help")
    flat = " ".join(out.split())
    assert code == 0 and "сыграть матч между двумя ботами или движками: Эло, LOS, SPRT" in flat, out
    assert "провести турнир между ботами, движками Gomocup и ботами SDK" in flat, out
    code, out, _ = run_here(capsys, "match", "--help", "--lang", "bg")
    assert code == 0 and "Изиграва мач" in out


def test_the_scan_finds_english_words_left() -> None:
    assert english_left("Score of бот vs бот: 1 - 0 - 0, draw ratio 0 %", "ru") >= {"score", "draw", "ratio"}
    assert not english_left("Счёт бот (лёгкий) против X: SPRT (elo0=0 elo1=5), LOS 50.0 %", "ru")


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", ["гравець 'robot:x': пишіть bot:LEVEL", "гравець 'bot:zz': рівні бота — random, easy",
            "--sprt: elo0=5, elo1=1: elo0 має бути менше за elo1", "--tc 'fast': пишіть ХВ+С",
            "--server 'http://x': пишіть ws://HOST:PORT", "--sprt: --sprt 'elo2=3': пишіть elo0=0"]),
    ("ru", ["игрок 'robot:x': пишите bot:LEVEL", "игрок 'bot:zz': уровни бота — random, easy",
            "--sprt: elo0=5, elo1=1: elo0 должно быть меньше elo1", "--tc 'fast': пишите МИН+СЕК",
            "--server 'http://x': пишите ws://HOST:PORT", "--sprt: --sprt 'elo2=3': пишите elo0=0"]),
    ("bg", ["играч 'robot:x': пишете bot:LEVEL", "играч 'bot:zz': нивата на бота са random, easy",
            "--sprt: elo0=5, elo1=1: elo0 трябва да е по-малко от elo1", "--tc 'fast': пишете МИН+СЕК",
            "--server 'http://x': пишете ws://HOST:PORT", "--sprt: --sprt 'elo2=3': пишете elo0=0"]),
])
def test_refusals_are_said_in_the_language(speak: None, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch, lang: str, said: list[str]) -> None:
    monkeypatch.setenv("LANG", LANGS[lang])
    runs = [
        ("tournament", "nim", "--player", "bot:easy", "--player", "robot:x"),
        ("match", "nim", "bot:easy", "bot:zz"),
        ("match", "nim", "bot:easy", "bot:hard", "--sprt", "elo0=5", "elo1=1"),
        ("match", "nim", "bot:easy", "bot:hard", "--tc", "fast"),
        ("tournament", "nim", "--player", "bot:easy", "--player", "bot:hard", "--server", "http://x"),
        ("match", "nim", "bot:easy", "bot:hard", "--sprt", "elo2=3"),
    ]
    error = {"uk": "помилка", "ru": "ошибка", "bg": "грешка"}[lang]
    for args, words in zip(runs, said, strict=True):
        code, _, err = run_here(capsys, *args)
        assert code == 2 and err.startswith(f"grundy: {error}: {words}"), (args, err)
        assert err.count("\n") == 1 and not english_left(err, lang), err


def test_a_player_that_cannot_start_is_told_in_the_language(tmp_path: Path, speak: None,
                                                            capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "bot.py"
    broken.write_text("raise SystemExit('no start')\n")
    done = grundy("tournament", "nim", "--player", f"cmd:{broken}", "--player", "bot:easy", lang=LANGS["ru"])
    assert done.returncode == 1 and ": процесс завершился (код 1), не войдя в турнир: no start" in done.stderr, \
        done.stderr
    monkeypatch.setenv("LANG", LANGS["uk"])
    code, _, err = run_here(capsys, "match", "gomoku", f"pbrain:{tmp_path}/none", "bot:easy")
    assert code == 1 and f": немає рушія за шляхом '{tmp_path}/none'" in err, err


# ---------------------------------------------------------------------------------- whole runs


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", ["матч t-", "бот (випадковий), бот (легкий); nim, без часу, 4 партії на пару", "nim: матч, тур 1/1",
            "Гравець", "Рахунок бот (випадковий) проти бот (легкий): ", "Ело ", "частка нічиїх",
            "SPRT (elo0=-50 elo1=50 alpha=0.05 beta=0.05, модель триноміальна): LLR ", "завершено: "]),
    ("ru", ["матч t-", "бот (случайный), бот (лёгкий); nim, без часов, 4 партии на пару", "nim: матч, тур 1/1",
            "Игрок", "Счёт бот (случайный) против бот (лёгкий): ", "Эло ", "доля ничьих",
            "SPRT (elo0=-50 elo1=50 alpha=0.05 beta=0.05, модель триномиальная): LLR ", "завершён: "]),
    ("bg", ["мач t-", "бот (случаен), бот (лесен); nim, без време, 4 партии на двойка", "nim: мач, кръг 1/1",
            "Играч", "Резултат на бот (случаен) срещу бот (лесен): ", "Ело ", "дял на ремитата",
            "SPRT (elo0=-50 elo1=50 alpha=0.05 beta=0.05, модел триномен): LLR ", "завършен: "]),
])
def test_a_match_between_hosted_bots_says_its_score_elo_and_sprt_in_the_language(tmp_path: Path, lang: str,
                                                                                   words: list[str]) -> None:
    out = tmp_path / "games.pgn"
    done = grundy("match", "nim", "bot:random", "bot:easy", "--games", "4", "--tc", "none", "--concurrency", "2",
                  "--sprt", "elo0=-50", "elo1=50", "model=trinomial", "--out", str(out), lang=LANGS[lang])
    assert done.returncode == 0 and not done.stderr, done.stderr
    for w in words:
        assert w in done.stdout, (w, done.stdout)
    assert not english_left(done.stdout, lang), (english_left(done.stdout, lang), done.stdout)
    assert "bot (" not in done.stdout
    # What programs read stays as it was: the records name the hosted bots in English.
    records = out.read_text(encoding="utf-8")
    assert '"bot (random)"' in records and '"bot (easy)"' in records and "бот" not in records


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", ["турнір (колова) t-", "nim: колова, тур 3/3, 6/6 партій", "Гравець", "Очки", "Партії", "Нічиї%",
            "Таблиця", "бот (випадковий)", "бот (легкий)", "Сильний", "завершено: усі тури зіграно"]),
    ("ru", ["турнир (круговой) t-", "nim: круговой, тур 3/3, 6/6 партий", "Игрок", "Очки", "Партии", "Ничьи%",
            "Таблица", "бот (случайный)", "бот (лёгкий)", "Сильный", "завершён: все туры сыграны"]),
    ("bg", ["турнир (всеки срещу всеки) t-", "nim: всеки срещу всеки, кръг 3/3, 6/6 партии", "Играч", "Точки",
            "Партии", "Реми%", "Таблица", "бот (случаен)", "бот (лесен)", "Силен", "завършен: всички кръгове са"]),
])
def test_a_round_robin_of_three_hosted_bots_shows_its_standings_in_the_language(lang: str, words: list[str]) -> None:
    strong = {"uk": "Сильний", "ru": "Сильный", "bg": "Силен"}[lang]
    done = grundy("tournament", "nim", "--player", "bot:random", "--player", "bot:easy", "--player",
                  f"bot:hard name={strong}", "--tc", "none", lang=LANGS[lang])
    assert done.returncode == 0 and not done.stderr, done.stderr
    for w in words:
        assert w in done.stdout, (w, done.stdout)
    assert not english_left(done.stdout, lang), (english_left(done.stdout, lang), done.stdout)
    final = done.stdout[done.stdout.rindex("nim: "):].splitlines()
    assert len(final) >= 10 and all(len(line) <= 80 for line in final), final
    rows = [line for line in final[2:5]]
    assert {r.split()[0] for r in rows} <= {"1", "2", "3"} and sum(float(r.split()[-7]) for r in rows) == 6.0, rows


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """A `grundy serve` of its own (a real node process); its URL once it says it is serving."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "grundy.cli.main", "serve", "--port", str(port), "--workers", "1",
                             "--db", str(tmp_path / "g.db")], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env={**_CLEAN, "LANG": "C.UTF-8"}, cwd=ROOT)  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # (blocks until the node serves, or it ended: then the assert says so)
        assert "serving on" in line, line
        yield f"ws://127.0.0.1:{port}/"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)


def test_a_tournament_on_a_grundy_serve_in_bulgarian(served: str) -> None:
    done = grundy("tournament", "nim", "--player", "bot:easy", "--player", "bot:medium", "--tc", "none",
                  "--server", served, lang=LANGS["bg"])
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert f"на {served}: бот (лесен), бот (среден); nim, без време, 2 партии на двойка" in done.stdout, done.stdout
    assert "nim: всеки срещу всеки, кръг 1/1, 2/2 партии" in done.stdout and "завършен: " in done.stdout
    assert not english_left(done.stdout, "bg"), (english_left(done.stdout, "bg"), done.stdout)


# ---------------------------------------------------------------------------------- the table's width


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "bg"])
def test_the_table_fits_80_columns_with_the_longest_names(speak: None, lang: str) -> None:
    common.set_lang(lang)
    progress = tour.Progress({"a": "A" * 32, "b": "B" * 32})
    progress.update(state([(["a", "b"], ["win", "loss"]), (["b", "a"], ["draw", "draw"])]))
    progress.order = ["a", "b"]
    for match in (True, False):
        opts = tour.Options(game=rules.create("nim"), params={}, players=[], match=match)
        lines = tour.render(progress, opts)
        table = lines[:4] + (lines[5:] if not match else [])
        assert all(len(line) <= 80 for line in table), "\n".join(lines)


def test_a_line_longer_than_the_terminal_is_wrapped_not_cut(speak: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SPRT line with its verdict is longer than 80 columns in Russian: on a terminal it wraps."""
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "80")
    common.set_lang("ru")
    line = common.t("words-sprt-h0", line=common.t("words-sprt", elo0="0", elo1="5", alpha="0.05", beta="0.05",
                                                   model=common.t("words-sprt-pentanomial"), llr="-2.95",
                                                   lower="-2.94", upper="2.94"), elo0="0")
    assert len(line) > 80
    screen = tour.Screen(Tty())
    screen.show(["  1 бот (лёгкий)", line], "")
    shown = screen.stream.getvalue().removeprefix("\x1b[J").splitlines()
    assert shown[0] == "  1 бот (лёгкий)" and all(len(x) <= 80 for x in shown) and screen.drawn == len(shown)
    assert " ".join(shown[1:]) == line and shown[-1].endswith("(Эло не больше 0)")


@pytest.mark.parametrize(("lang", "mark"), [("uk", "(поза турніром)"), ("ru", "(вне турнира)"),
                                            ("bg", "(извън турнира)")])
def test_a_player_who_withdrew_is_marked_in_the_language(speak: None, lang: str, mark: str) -> None:
    common.set_lang(lang)
    progress = tour.Progress({"a": "Ann", "b": "Bob"})
    st = state([(["a", "b"], ["win", "loss"])])
    st.standings[1] = st.standings[1].model_copy(update={"withdrawn": True})
    progress.update(st)
    opts = tour.Options(game=rules.create("nim"), params={}, players=[], match=False)
    lines = tour.render(progress, opts)
    assert lines[3].endswith(" " + mark) and "withdrawn" not in "\n".join(lines), lines
