"""`grundy match GAME SPEC SPEC`: two players, many games, colours alternating; Elo, LOS and the SPRT.

A match is a tournament of two players (one pairing of ``--games`` games), run by
:mod:`grundy.cli.tournament`; the same specs and options, plus ``--sprt``, which stops the
match as soon as the test decides (docs/MATCH.md).
"""

from __future__ import annotations

from typing import Any

from grundy.cli.common import t
from grundy.cli.tournament import add_arguments, helped, run_command


def register(sub: Any) -> None:
    p = sub.add_parser("match", help=helped("contest-match-help"), description=t("contest-match-about"))
    add_arguments(p, match=True)
    p.set_defaults(run=lambda args: run_command(args, match=True))
