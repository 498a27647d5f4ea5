"""`grundy match` says its SPRT line, its verdict and its clock in the command's language (a process, as a user
runs it); the refusals of other commands, said before anything starts, are checked in this process
(tests/cli/inproc.py)."""

from __future__ import annotations

from tests.cli.test_cli_lang import grundy, here


def test_the_sprt_line_and_its_verdict_in_russian() -> None:
    run = grundy("match", "nim", "bot:random", "bot:random", "--games", "200", "--tc", "none", "--concurrency", "2",
                 "--sprt", "elo0=200", "elo1=600", "model=trinomial", lang="ru_RU.UTF-8")
    assert run.returncode == 0, run.stderr
    assert "SPRT (elo0=200 elo1=600 alpha=0.05 beta=0.05, модель триномиальная): LLR " in run.stdout, run.stdout
    assert "— принята H0 (Эло не больше 200)" in run.stdout
    assert "турнир останавливается (SPRT: принята H0)" in run.stdout
    assert "nim, без часов," in run.stdout
    assert "accepted" not in run.stdout and "untimed" not in run.stdout


def test_an_engine_that_cannot_start_is_refused_in_the_language(tmp_path) -> None:  # type: ignore[no-untyped-def]
    done = here("gomocup-bot", str(tmp_path / "none"), "--vs", "bot:easy", lang="bg_BG.UTF-8")
    assert done.returncode == 2 and "няма такъв файл" in done.stderr, done.stderr
    brain = tmp_path / "brain.sh"
    brain.write_text("#!/bin/sh\nexit 3\n")
    brain.chmod(0o755)
    done = here("gomocup-bot", str(brain), "--vs", "bot:easy", "--set", "opening=swap", lang="uk_UA.UTF-8")
    assert "рушій Gomocup не вміє обирати колір" in done.stderr, done.stderr
    done = here("gomocup-bot", str(brain), "--vs", "bot:easy", lang="ru_RU.UTF-8")
    assert done.returncode == 1 and "движок не может играть:" in done.stderr, done.stderr
    done = here("pbrain", "--level", "zz", lang="ru_RU.UTF-8")
    assert "уровни — random, easy" in done.stderr, done.stderr


def test_leaderboard_and_register_refuse_in_the_language() -> None:
    done = here("leaderboard", "nim", "--top", "0", lang="ru_RU.UTF-8")
    assert done.returncode == 2 and "--top 0: от 1 до 100" in done.stderr, done.stderr
    done = here("register", "bad name!", "--server", "ws://127.0.0.1:1", lang="bg_BG.UTF-8")
    assert done.returncode == 1 and "името на играч е от 1 до 32 букви" in done.stderr, done.stderr


def test_grundy_play_refuses_in_the_language() -> None:
    done = here("play", "nim", "--vs", "bot:zz", lang="uk_UA.UTF-8")
    assert done.returncode == 2 and "--vs bot:zz: рівні бота — random, easy" in done.stderr, done.stderr
    done = here("play", "nim", "--rated", lang="bg_BG.UTF-8")
    assert done.returncode == 2 and "--rated изисква --server URL" in done.stderr, done.stderr
    done = here("play", "pursuit", "--set", "pursuers=2", "--rated", "--server", "ws://127.0.0.1:1", lang="ru")
    assert "--rated: у pursuit здесь мест: 3" in done.stderr, done.stderr
