"""`grundy match` says its SPRT line, its verdict and its clock in the command's language."""

from __future__ import annotations

from tests.cli.test_cli_lang import grundy


def test_the_sprt_line_and_its_verdict_in_russian() -> None:
    run = grundy("match", "nim", "bot:random", "bot:random", "--games", "200", "--tc", "none", "--concurrency", "2",
                 "--sprt", "elo0=200", "elo1=600", "model=trinomial", lang="ru_RU.UTF-8")
    assert run.returncode == 0, run.stderr
    assert "SPRT (elo0=200 elo1=600 alpha=0.05 beta=0.05, модель триномиальная): LLR " in run.stdout, run.stdout
    assert "— принята H0 (Эло не больше 200)" in run.stdout
    assert "турнир останавливается (SPRT: принята H0)" in run.stdout
    assert "nim, без часов," in run.stdout
    assert "accepted" not in run.stdout and "untimed" not in run.stdout
