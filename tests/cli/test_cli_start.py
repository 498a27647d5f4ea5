"""`grundy COMMAND` imports its command's module alone: a quick start, without the server, the clients or Redis."""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import json
import subprocess
import sys

from grundy.cli import main

# Modules a local command (solve, games, show, tree, analyze) never needs.
HEAVY = ("grundy.server", "grundy.client.tui", "grundy.client.gui", "pygame", "textual", "redis", "websockets",
         "pydantic", "grundy.protocol.messages")


def registered() -> dict[str, str]:
    """Every command the modules of COMMAND_MODULES register: command -> the module that registers it."""
    out: dict[str, str] = {}
    for name in main.COMMAND_MODULES:
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(name).register(sub)
        out |= dict.fromkeys(sub.choices, name)
    return out


def test_the_table_of_commands_is_the_one_the_modules_register() -> None:
    assert main.COMMANDS == registered()
    assert list(main.COMMANDS) == list(registered())  # (in the order the help lists them)


def test_the_command_is_the_first_word_after_the_options_of_grundy() -> None:
    assert main.command_of(["solve", "nim"]) == "solve"
    assert main.command_of(["--lang", "uk", "solve", "nim", "--lang", "bg"]) == "solve"
    assert main.command_of(["--lang=uk", "show", "nim"]) == "show"
    assert main.command_of(["--help"]) is None
    assert main.command_of([]) is None
    assert main.command_of(["--", "solve"]) is None


def test_a_command_parser_is_the_whole_parser_s_for_that_command() -> None:
    argv = ["--lang", "uk", "solve", "nim", "--set", "heaps=3,4,5", "--json"]
    alone, whole = main.build_parser("solve").parse_args(argv), main.build_parser().parse_args(argv)
    assert vars(alone).keys() == vars(whole).keys()
    assert {k: v for k, v in vars(alone).items() if k != "run"} == {k: v for k, v in vars(whole).items() if k != "run"}
    assert alone.run is whole.run
    assert main.build_parser("nonsense")._subparsers is not None  # (an unknown word: every command, for the error)
    assert set(main.build_parser("nonsense")._subparsers._group_actions[0].choices) == set(main.COMMANDS)


def imported_by(*argv: str) -> list[str]:
    """The modules a real ``grundy ARGV`` has imported when it ends (its output goes to its own stdout)."""
    code = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)) + '\\n'))\n"
        "from grundy.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stderr.rsplit("MODULES ", 1)[1])


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_solve_games_and_the_help_start_without_the_server_the_clients_or_the_message_models() -> None:
    commands = [("solve", "nim", "--set", "heaps=3,4,5"), ("--lang", "uk", "games"), ("--help",)]
    with concurrent.futures.ThreadPoolExecutor(len(commands)) as pool:  # (the three at once: each only starts)
        solve, games, helped = pool.map(lambda argv: imported_by(*argv), commands)
    assert heavy(solve) == []
    assert "grundy.cli.solve" in solve and "grundy.cli.play" not in solve
    assert heavy(games) == []
    # The help lists every command: their modules, and no server module.
    assert [m for m in helped if m.startswith("grundy.server") or m in ("redis", "textual", "pygame")] == []


def test_the_formats_of_grundy_export_are_the_server_s() -> None:
    from grundy.cli import export
    from grundy.server import record_formats

    assert export.FORMATS == record_formats.FORMATS
    assert export.record_pgn is record_formats.record_pgn and export.PSQ_GAMES is record_formats.PSQ_GAMES
