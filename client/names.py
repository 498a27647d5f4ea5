"""How the clients name the seats of a room to people: the players' names, never bare seat numbers.

    >>> name_seats("seat 1 resigned", ["Ann", "bot (hard)"])
    'bot (hard) resigned'
    >>> name_seats("it is seat 0's turn, not yours", ["Ann", "Bob"])
    "it is Ann's turn, not yours"

The server's reasons and refusals speak of seats (``seat 1 ran out of time``); a client knows
who sits where from ``room_state``'s ``seats`` and says the names instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grundy import protocol as p

_SEAT = re.compile(r"\bseat (\d+)(?='s\b|\b)")


def seat_label(seat: p.SeatInfo) -> str:
    """A seat as people see it: its player's name, ``bot (LEVEL)`` for a hosted bot, or ``(open seat)``."""
    if seat.player:
        if seat.kind == "bot" and seat.level and seat.player == "bot":
            return f"bot ({seat.level})"
        return seat.player
    if seat.kind == "bot":
        return f"bot ({seat.level})" if seat.level else "bot"
    return "(invite seat)" if seat.kind == "invite" else "(open seat)"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every ``seat N`` that names a seat of ``names`` replaced by that seat's name."""

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if 0 <= seat < len(names) else m.group(0)

    return _SEAT.sub(name, text)
