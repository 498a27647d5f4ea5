"""Entry point of the `grundy` command.

Each sub-command lives in its own module with ``register(subparsers)``; the module list
below is the one place a new command is added.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import sys
from collections.abc import Sequence

from grundy.cli.common import set_lang

LANG_HELP = "the language of the output: en, uk, ru or bg (default: the system's locale, LC_ALL or LANG; else English)"

# Modules that define sub-commands, in the order `grundy --help` lists them.
COMMAND_MODULES = [
    "grundy.cli.games",
    "grundy.cli.export",
    "grundy.cli.solve",
    "grundy.cli.analyze",
    "grundy.cli.tree",
    "grundy.cli.serve",
    "grundy.cli.bots",
    "grundy.cli.admin",
    "grundy.cli.play",
    "grundy.cli.register",
    "grundy.cli.leaderboard",
    "grundy.cli.gomocup",
    "grundy.cli.pbrain",
    "grundy.cli.match",
    "grundy.cli.tournament",
]


def version() -> str:
    """The installed package's version (``unknown`` when run from a tree that was never installed)."""
    try:
        return importlib.metadata.version("grundy")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grundy",
        description="Play mathematical games online, against people and bots, and learn why a position is won.",
    )
    parser.add_argument("--version", action="version", version=f"grundy {version()}")
    parser.add_argument("--lang", default=None, metavar="TAG", help=LANG_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    for command in sub.choices.values():  # `grundy solve ... --lang uk` as well as `grundy --lang uk solve ...`
        if "--lang" not in command._option_string_actions:
            command.add_argument("--lang", default=argparse.SUPPRESS, metavar="TAG", help=LANG_HELP)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
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
