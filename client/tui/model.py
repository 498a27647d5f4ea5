"""The terminal client's words for clocks, parameters and opponents.

The room on screen is :class:`grundy.client.live.LiveRoom` (the one room model of every client).
"""

from __future__ import annotations

from typing import Any

from grundy import protocol as p
from grundy.protocol import i18n


def format_clock(seconds: float | None) -> str:
    """``m:ss``, or ``s.s`` under ten seconds; ``--`` for an untimed game."""
    if seconds is None:
        return "--"
    if seconds < 10:
        return f"{seconds:4.1f}"
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def param_text(value: Any) -> str:
    """A parameter value as the command line writes it (lists comma separated)."""
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_params(text: str, lang: str | None = "en") -> dict[str, str]:
    """``"heaps=1,2 misere=true"`` -> ``{"heaps": "1,2", "misere": "true"}``; ValueError naming a bad item
    (in ``lang``)."""
    out: dict[str, str] = {}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(i18n.tr(lang, "screen-bad-param", item=repr(item)))
        out[key.strip()] = value
    return out


def parse_opponent(text: str, lang: str | None = "en") -> p.SeatRequest:
    """``human`` (an open seat), ``invite`` or ``bot:LEVEL`` -> the opponent's seat request (ValueError in
    ``lang``)."""
    t = text.strip().lower()
    if t in ("human", "open", ""):
        return p.SeatRequest(kind="open")
    if t == "invite":
        return p.SeatRequest(kind="invite")
    if t == "bot" or t.startswith("bot:"):
        level = t.partition(":")[2] or "easy"
        return p.SeatRequest(kind="bot", level=level)
    raise ValueError(i18n.tr(lang, "screen-bad-opponent", text=repr(text), levels=", ".join(p.BOT_LEVELS)))
