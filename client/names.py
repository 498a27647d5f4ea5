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
import time
from collections.abc import Sequence

from grundy import protocol as p
from grundy.client import words
from grundy.protocol import i18n

_SEAT = re.compile(r"\bseat (\d+)(?='s\b|\b)")


def say_text(lang: str | None, say: p.Say | None, fallback: str = "") -> str:
    """Words the node sent as a message of the catalogs (``reason_say``, ``player_say``...) in ``lang``;
    ``fallback`` (the node's English) for None or an id this client does not know.  An argument ``X`` given
    with ``X_bot`` names a hosted bot: said as ``lobby-bot`` with that level, in ``lang`` (docs/PROTOCOL.md)."""
    if say is None:
        return fallback
    args = dict(say.args)
    for key in [k for k in args if k.endswith("_bot") and k[:-4] in args]:
        args[key[:-4]] = i18n.tr(lang, "lobby-bot", level=args.pop(key))
    return i18n.tr_say(lang, p.Say(id=say.id, args=args), fallback)


def seat_label(seat: p.SeatInfo, lang: str | None = "en") -> str:
    """A seat as people see it (in ``lang``): its player's name, ``bot (LEVEL)`` for a hosted bot (its level in
    ``lang``: the node's ``player_say``), or ``(open seat)``."""
    if seat.player_say is not None:
        return say_text(lang, seat.player_say, seat.player or "")
    if seat.player:
        if seat.kind == "bot" and seat.level and seat.player in ("bot", f"bot ({seat.level})"):  # (a hosted bot)
            return i18n.tr(lang, "lobby-bot", level=seat.level)
        return seat.player
    if seat.kind == "bot":
        return i18n.tr(lang, "lobby-bot", level=seat.level) if seat.level else i18n.tr(lang, "screen-bot")
    return i18n.tr(lang, "screen-invite-seat" if seat.kind == "invite" else "screen-open-seat")


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every ``seat N`` that names a seat of ``names`` replaced by that seat's name."""

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if 0 <= seat < len(names) else m.group(0)

    return _SEAT.sub(name, text)


def challenge_text(c: p.Challenged, now: float | None = None, lang: str | None = "en") -> str:
    """A challenge received, in words: who, which game with which parameters and clock, how long it stands.

    ``Bob challenges you to Nim 3, 4, 5, untimed. It stands for 120 s.``: the catalogs' words in ``lang``, the
    game's title as the node sent it in English, else written by the client (``words.room_title``).
    """
    said = i18n.tr(lang, "web-challenge-received", bot="yes" if c.challenger_kind == "bot" else "no",
                   name=c.challenger, rated="yes" if c.rated else "no",
                   game=words.room_title(c.game, c.params, lang, told=c.title),
                   clock=p.format_time_control(c.time_control) if c.time_control else i18n.tr(lang, "web-untimed"))
    if c.expires_at is not None:
        left = max(0, round(c.expires_at - (time.time() if now is None else now)))
        said += " " + i18n.tr(lang, "web-challenge-stands", s=left)
    return said
