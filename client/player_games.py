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
from grundy.client.names import say_text
from grundy.protocol import i18n

__all__ = ["OUTCOMES", "PAGE", "game_row", "page_line"]

PAGE = 10  # games asked for at a time
OUTCOMES = {"win": "won", "loss": "lost", "draw": "draw"}


def game_row(g: p.PlayerGameInfo, lang: str | None = "en") -> tuple[str, str, str, str, str]:
    """One game: when it ended (UTC), the game, the players, the result for this player, the moves (rated);
    the words in ``lang`` (the title is the node's)."""
    when = dt.datetime.fromtimestamp(g.ended_at, dt.UTC).strftime("%Y-%m-%d %H:%M")
    seats = [say_text(lang, g.seats_say[i], name) if i < len(g.seats_say) and i18n.pick(lang) != i18n.DEFAULT else name
             for i, name in enumerate(g.seats)]  # (a hosted bot's name in ``lang``: the node's seats_say)
    players = seats[0] if seats else ""
    for seat in seats[1:]:
        players = i18n.tr(lang, "screen-pg-vs", first=players, rest=seat)
    moves = i18n.tr(lang, "screen-pg-moves", n=g.moves, rated="yes" if g.rated else "no")
    result = i18n.tr(lang, f"screen-pg-{g.outcome}") if g.outcome in OUTCOMES else g.outcome
    return when, g.title or g.game, players, result, moves


def page_line(reply: p.PlayerGames, lang: str | None = "en") -> str:
    """Where a page is in the list: ``Ann: games 11-20 of 42 (newest first)``; ``Ann: no finished game yet``."""
    game = reply.game or ""
    of = "yes" if reply.game else "no"
    if reply.total == 0:
        return i18n.tr(lang, "screen-pg-none", name=reply.name, of=of, game=game)
    if not reply.games:
        return i18n.tr(lang, "screen-pg-past", name=reply.name, of=of, game=game, offset=reply.offset,
                       total=reply.total)
    last = reply.offset + len(reply.games)
    return i18n.tr(lang, "screen-pg-page", name=reply.name, of=of, game=game, first=reply.offset + 1, last=last,
                   total=reply.total)
