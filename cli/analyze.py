"""`grundy analyze`: the value of every cell of corner and pawn, capture times of pursuit."""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.common import add_game_arguments, fail, make_game, print_json, t
from grundy.rules.errors import ParseMoveError
from grundy.solver import analysis, exact


def register(sub: Any) -> None:
    p = sub.add_parser("analyze", help=t("cmd-analyze-help"), description=t("cmd-analyze-about"))
    add_game_arguments(p, moves=False)
    p.add_argument("--pursuer", default=None, metavar=t("eng-metavar-cell"), help=t("cmd-analyze-help-pursuer"))
    p.add_argument("--json", action="store_true", help=t("cmd-analyze-help-json"))
    p.set_defaults(run=run_analyze)


def run_analyze(args: argparse.Namespace) -> int:
    game = make_game(args)
    try:
        table = analysis.analyze(game)
    except exact.Unsupported as e:
        fail(str(e))
    except exact.TooLarge as e:
        fail(str(e), 3)
    if args.json:
        print_json({
            "game": game.name,
            "params": game.params,
            "cells": {c: v.to_dict() for c, v in table.cells.items()},
            "notes": table.notes,
        })
        return 0
    try:
        print(analysis.render(table, pursuer=args.pursuer))
    except ParseMoveError as e:
        fail(f"--pursuer: {e}")
    return 0
