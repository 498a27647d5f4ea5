"""How the clients show a player's rating: one function for every form the server sends.

    >>> format_rating(1523.4)
    '1523'
    >>> format_rating({"rating": 1523.4, "rd": 70.0, "provisional": True})
    '1523? ± 140'
    >>> format_ratings({"nim": 1523.4, "mnk": {"rating": 1490, "rd": 45}})
    'mnk 1490 ± 90, nim 1523'

A player has one rating per game family, its Glicko-2 rating, and every list shows it the
same way, as the server writes it (``server.ratings.show_rating``) and the web page shows it:
``rating ± 2·RD`` (the interval the player's strength lies in, as rating sites show it), with
``?`` after a provisional rating (``1500? ± 700``).  It comes as a mapping or an object with
``rating``, ``rd`` and ``provisional`` (a player's ``rating_info``, a leaderboard entry, a
tournament standing); a bare number (``players``' ``ratings``) shows as ``1523``.  Anything
else (None, an unreadable value) shows as ``-``, so a list never breaks on a rating it cannot
read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from grundy.protocol import i18n

NONE = "-"
PROVISIONAL = "?"


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _field(value: Any, name: str) -> Any:
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)


def format_rating(value: Any) -> str:
    """A rating as people read it: ``1523``; with a deviation ``1523 ± 140``; provisional ``1523? ± 140``."""
    number = _number(value)
    if number is not None:
        return f"{number:.0f}"
    rating = _number(_field(value, "rating"))
    if rating is None:
        return NONE
    text = f"{rating:.0f}"
    if _field(value, "provisional") is True:
        text += PROVISIONAL
    rd = _number(_field(value, "rd"))
    if rd is not None:
        text += f" ± {2 * rd:.0f}"
    return text


def format_change(change: Any) -> str:
    """A rating change (what a tournament's games did to it): ``+12``, ``-7``, ``0``; ``-`` when unknown."""
    number = _number(change)
    if number is None:
        return NONE
    return f"{number:+.0f}" if round(number) else "0"


def won_side_note(won_side: Any, you: int | None, seat_name: Callable[[int], str], lang: str | None = "en") -> str:
    """Why a rated game of a game won from its start moved the ratings as it did (``game_rated``'s ``won_side``),
    in ``lang``; ``""`` for any other game."""
    if not isinstance(won_side, int) or isinstance(won_side, bool):
        return ""
    if won_side == you:
        return i18n.tr(lang, "screen-won-side-yours")
    return i18n.tr(lang, "screen-won-side", name=seat_name(won_side))


def rated_line(
    ratings: Any, you: int | None, seat_name: Callable[[int], str], won_side: int | None = None,
    lang: str | None = "en",
) -> str:
    """What a rated game did to each seat's rating (``game_rated``'s ``ratings``), in a line:
    ``your rating 1500 → 1662? (+162) · bot (random)'s rating 1500 → 1338? (-162)``; after it, for a game won
    from its start, why (:func:`won_side_note`)."""
    parts = []
    for change in ratings:
        before, after = _number(change.before), _number(change.after)
        if before is None or after is None:
            continue
        mark = PROVISIONAL if change.provisional else ""
        moved = f"{before:.0f} → {after:.0f}{mark} ({after - before:+.0f})"
        parts.append(i18n.tr(lang, "screen-your-rating", change=moved) if change.seat == you
                     else i18n.tr(lang, "screen-rating-of", name=seat_name(change.seat), change=moved))
    note = won_side_note(won_side, you, seat_name, lang)
    return " · ".join(parts) + (f" ({note})" if note and parts else "")


def player_ratings(player: Any) -> Mapping[str, Any]:
    """A listed player's ratings by game in the fullest form sent: ``rating_info`` (with the deviation)
    where the server sends it, else ``ratings`` (bare numbers)."""
    full = getattr(player, "rating_info", None)
    if isinstance(full, Mapping) and full:
        return full
    ratings = getattr(player, "ratings", None)
    return ratings if isinstance(ratings, Mapping) else {}


def format_ratings(ratings: Mapping[str, Any] | None, limit: int = 3) -> str:
    """A player's ratings per game, by game name (at most ``limit``, then ``+N``): ``mnk 1490, nim 1523``."""
    if not ratings:
        return NONE
    games = sorted(ratings)
    shown = [f"{game} {format_rating(ratings[game])}" for game in games[:limit]]
    more = len(games) - limit
    return ", ".join(shown) + (f" +{more}" if more > 0 else "")
