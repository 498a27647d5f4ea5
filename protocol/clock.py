"""The time-control notation of every grundy command, message and document: ``MINUTES+SECONDS``.

    >>> parse_time_control("5+2")              # 5 minutes each, 2 seconds added after each move
    TimeControl(initial_s=300.0, increment_s=2.0)
    >>> parse_time_control("30s+1")            # an explicit seconds form for short games
    TimeControl(initial_s=30.0, increment_s=1.0)
    >>> format_time_control(parse_time_control("0.5+1"))
    '30s+1'

As on lichess, the first number is minutes and the second the increment in seconds; a bare
``5`` is ``5+0``.  A unit may be written on the starting time (``30s``, ``90s``, ``5m``).
Blank, ``none``, ``untimed`` or ``-`` mean no clock.  A bare starting time above three hours
is refused with a hint: ``300+5`` is five hours, which nobody means (``5+5`` or ``300s+5``).
"""

from __future__ import annotations

import math
import re
from typing import Any

from grundy.protocol.messages import TimeControl

UNTIMED = ("", "none", "untimed", "-")
# Bare minutes above this are refused as a likely slip for seconds (write 200m to mean it).
MAX_BARE_MINUTES = 180
_FORM = re.compile(r"^(?P<base>\d+(?:\.\d+)?|\.\d+)(?P<unit>[sm]?)(?:\+(?P<inc>\d+(?:\.\d+)?|\.\d+)s?)?$")
_HOW = "write MINUTES+SECONDS like 5+2 (5 minutes, 2 s a move), 30s+1 for seconds, or leave it blank for no clock"


class TimeControlError(ValueError):
    """A time control that cannot be read; the message names the text and says how to write it, ``said`` the
    same as a message of the catalogs (``rules-clock-...``) and its arguments, for a client's language."""

    def __init__(self, message: str, said: tuple[str, dict[str, Any]]) -> None:
        super().__init__(message)
        self.said = said


def parse_time_control(text: str) -> TimeControl | None:
    """``"5+2"`` -> 300 s + 2 s a move; ``"30s+1"`` -> 30 s + 1 s; blank or ``none`` -> None (untimed)."""
    t = text.strip().lower().replace(" ", "")
    if t in UNTIMED:
        return None
    m = _FORM.match(t)
    if m is None:
        raise TimeControlError(f"clock {text!r}: {_HOW}", ("rules-clock-how", {"text": _cut(text)}))
    base, unit = float(m["base"]), m["unit"]
    increment = float(m["inc"] or 0)
    if unit == "" and base > MAX_BARE_MINUTES:
        inc = m["inc"] or "0"
        raise TimeControlError(
            f"clock {text!r} would be {base / 60:g} hours: write {m['base']}s+{inc} for {m['base']} seconds "
            f"(or {m['base']}m+{inc} if you mean minutes)",
            ("rules-clock-hours", {"text": _cut(text), "hours": base / 60, "base": m["base"], "inc": inc}),
        )
    initial = base if unit == "s" else base * 60
    if not 0 < initial <= 86400:
        raise TimeControlError(f"clock {text!r}: the starting time is above 0 and at most 1440 minutes (24 h)",
                               ("rules-clock-start", {"text": _cut(text)}))
    if not 0 <= increment <= 3600:
        raise TimeControlError(f"clock {text!r}: the increment is 0 to 3600 seconds",
                               ("rules-clock-increment", {"text": _cut(text)}))
    return TimeControl(initial_s=initial, increment_s=increment)


def _cut(text: str) -> str:
    """What was written, as an argument of a refusal: cut to 60 characters."""
    return text if len(text) <= 60 else text[:59] + "…"


def format_time_control(tc: TimeControl | None) -> str:
    """The notation of ``tc``: ``5+2``, ``30s+1`` when the start is not whole minutes, ``untimed`` for None."""
    if tc is None:
        return "untimed"
    minutes = tc.initial_s / 60
    if minutes < 1 or not math.isclose(minutes * 4, round(minutes * 4)):
        start = f"{tc.initial_s:g}s"
    else:
        start = f"{minutes:g}" + ("m" if minutes > MAX_BARE_MINUTES else "")
    return f"{start}+{tc.increment_s:g}"
