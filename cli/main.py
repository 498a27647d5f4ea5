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
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
