"""`grundy match GAME SPEC SPEC`: two players, many games, colours alternating; Elo, LOS and the SPRT.

A match is a tournament of two players (one pairing of ``--games`` games), run by
:mod:`grundy.cli.tournament`; the same specs and options, plus ``--sprt``, which stops the
match as soon as the test decides (docs/MATCH.md).
"""

from __future__ import annotations

from typing import Any

from grundy.cli.tournament import add_arguments, run_command


def register(sub: Any) -> None:
    p = sub.add_parser(
        "match",
        help="play a match between two bots or engines: Elo, LOS, SPRT (like cutechess-cli and fastchess)",
        description="Play a match of --games games between two players (bot:LEVEL, pbrain:PATH, cmd:COMMAND, "
        "player:NAME), colours alternating and each opening played from both sides.  Shows the score, the Elo "
        "difference with its 95% error, LOS and draw ratio; --sprt stops the match when the test decides.  "
        "Without --server a node starts in this process (docs/MATCH.md).",
    )
    add_arguments(p, match=True)
    p.set_defaults(run=lambda args: run_command(args, match=True))
