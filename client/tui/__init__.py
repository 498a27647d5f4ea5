"""The terminal client (textual): a lobby and a game screen for every game of the catalog.

    from grundy.client.tui import run
    run("ws://127.0.0.1:8765/", name="Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:easy")

``GrundyApp`` is the app itself (tests drive it with ``app.run_test()``); the board widget
is in :mod:`client.tui.board`, the room as the client knows it in :mod:`client.tui.model`,
the solver's review and hints in :mod:`client.tui.review`.
"""

from __future__ import annotations

import sys
from typing import Any

from grundy import protocol as p
from grundy.client.tui.app import GrundyApp
from grundy.protocol import i18n


def run(
    url: str,
    *,
    name: str = "player",
    game: str | None = None,
    params: dict[str, Any] | None = None,
    vs: str = "bot:easy",
    clock: p.TimeControl | None = None,
    join: str | None = None,
    spectate: str | None = None,
    secret: str | None = None,
    rated: bool = False,
    lang: str | None = None,
) -> int:
    """Run the terminal client until the player quits; returns the exit status.

    ``secret``: the registered player's secret for ``name`` (default: the one ``grundy register`` saved).
    ``rated``: the room ``game`` starts is rated (the node refuses it for a guest).
    ``lang``: the language of its words (a BCP 47 tag; None: the system's locale).
    """
    app = GrundyApp(url, name, game=game, params=params, vs=vs, clock=clock, join=join, spectate=spectate,
                    secret=secret, rated=rated, lang=lang)  # fmt: skip
    result = app.run()
    if app.refusal is not None:  # (one line, as grundy's other refusals)
        print(f"grundy: {i18n.tr(app.lang, 'cli-error')}: {app.refusal}", file=sys.stderr)
        return 1
    return int(result or app.return_code or 0)


__all__ = ["GrundyApp", "run"]
