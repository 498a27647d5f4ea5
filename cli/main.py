"""Entry point of the `grundy` command.

Each sub-command lives in its own module with ``register(subparsers)``; the table below
(``COMMANDS``) is the one place a new command is added.

**A quick start.** ``grundy solve ...`` imports the module of ``solve`` alone, not the server's, the
clients' or Redis's code the other commands use; ``grundy --help``, no command or an unknown one build
the whole parser.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from grundy.cli.common import set_lang, speak_argparse, t

# Every sub-command and the module that registers it, in the order `grundy --help` lists them: the one place a new
# command is added (tests/cli/test_cli_start.py holds it to what the modules do register).
COMMANDS = {
    "games": "grundy.cli.games",
    "show": "grundy.cli.games",
    "export": "grundy.cli.export",
    "solve": "grundy.cli.solve",
    "exam": "grundy.cli.solve",
    "analyze": "grundy.cli.analyze",
    "tree": "grundy.cli.tree",
    "serve": "grundy.cli.serve",
    "bots": "grundy.cli.bots",
    "admin": "grundy.cli.admin",
    "play": "grundy.cli.play",
    "register": "grundy.cli.register",
    "leaderboard": "grundy.cli.leaderboard",
    "gomocup-bot": "grundy.cli.gomocup",
    "pbrain": "grundy.cli.pbrain",
    "match": "grundy.cli.match",
    "tournament": "grundy.cli.tournament",
}
# Modules that define sub-commands, in that order.
COMMAND_MODULES = list(dict.fromkeys(COMMANDS.values()))


def version() -> str:
    """The installed package's version (``unknown`` when run from a tree that was never installed)."""
    import importlib.metadata  # (here: reading the installed metadata takes a while, and only --version needs it)

    try:
        return importlib.metadata.version("grundy")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


class _Version(argparse._VersionAction):
    """``--version``: argparse's own, with the version read only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        self.version = f"grundy {version()}"
        super().__call__(parser, *args)


def command_of(argv: Sequence[str]) -> str | None:
    """The command named by ``argv`` (its first word that is not an option of ``grundy`` itself), or None."""
    words = iter(argv)
    for word in words:
        if word == "--":
            return None
        if word == "--lang":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when it is one (its module alone is imported).

    argparse's own words (``usage:``, ``options``, its errors) are said in the command's language too, for every
    command: ``speak_argparse`` gives argparse the catalogs' ``args-...`` messages before any parser is built."""
    speak_argparse()
    parser = argparse.ArgumentParser(
        prog="grundy",
        description=t("help-grundy"),
    )
    parser.add_argument("--version", action=_Version, help=t("args-version"))
    parser.add_argument("--lang", default=None, metavar=t("eng-metavar-lang"), help=t("help-lang"))
    sub = parser.add_subparsers(dest="command", metavar=t("eng-metavar-command"))
    sub.required = True
    for name in [COMMANDS[command]] if command in COMMANDS else COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    for command in sub.choices.values():  # `grundy solve ... --lang uk` as well as `grundy --lang uk solve ...`
        if "--lang" not in command._option_string_actions:
            command.add_argument("--lang", default=argparse.SUPPRESS, metavar=t("eng-metavar-lang"),
                                 help=t("help-lang"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(command_of(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    args.lang = set_lang(args.lang)
    try:
        code = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
