"""A player's finished games as the clients list them (``get_player_games``): pure functions of the reply.

The terminal and the pygame client show the same rows (the web page's ``games.js`` the same columns):

    >>> from grundy import protocol as p
    >>> g = p.PlayerGameInfo(room="r-1", game="nim", title="Nim 1, 1", ended_at=0.0, seats=["Ann", "bot (random)"],
    ...                      seat=0, outcome="loss", reason="bot (random) took the last object", rated=True, moves=2)
    >>> game_row(g)
    ('1970-01-01 00:00', 'Nim 1, 1', 'Ann vs bot (random)', 'lost', '2 rated')
    >>> page_line(p.PlayerGames(name="Ann", offset=0, total=1, games=[g]))
    'Ann: games 1-1 of 1 (newest first)'

A row opens its game (``spectate {room}``): a finished game opens however long ago it ended.
"""

from __future__ import annotations

import datetime as dt

from grundy import protocol as p

__all__ = ["OUTCOMES", "PAGE", "game_row", "page_line"]

PAGE = 10  # games asked for at a time
OUTCOMES = {"win": "won", "loss": "lost", "draw": "draw"}


def game_row(g: p.PlayerGameInfo) -> tuple[str, str, str, str, str]:
    """One game: when it ended (UTC), the game, the players, the result for this player, the moves (rated)."""
    when = dt.datetime.fromtimestamp(g.ended_at, dt.UTC).strftime("%Y-%m-%d %H:%M")
    players = " vs ".join(g.seats)
    moves = f"{g.moves}{' rated' if g.rated else ''}"
    return when, g.title or g.game, players, OUTCOMES.get(g.outcome, g.outcome), moves


def page_line(reply: p.PlayerGames) -> str:
    """Where a page is in the list: ``Ann: games 11-20 of 42 (newest first)``; ``Ann: no finished game yet``."""
    of = f" of {reply.game}" if reply.game else ""
    if reply.total == 0:
        return f"{reply.name}: no finished game{of} yet"
    if not reply.games:
        return f"{reply.name}: no games past {reply.offset} ({reply.total}{of} in all)"
    last = reply.offset + len(reply.games)
    return f"{reply.name}: games{of} {reply.offset + 1}-{last} of {reply.total} (newest first)"
