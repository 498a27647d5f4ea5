"""Sentences the Python clients (the terminal, the pygame window, the bot SDK) say alike, in one place.

Each is a template with named arguments, so that the language work can move them into catalogs.
"""

from __future__ import annotations

# The server answered `unavailable` (docs/PROTOCOL.md 2.1): said once, not for every copy sent again.
CATCHING_UP = "the server is catching up (its store is away for a moment); what you sent is sent again until it is done"
CAUGHT_UP = "the server caught up after {seconds:.0f} s; the game goes on"
# A request that is not sent again by itself (a second copy could do it twice), answered `unavailable`.
NOT_DONE = "{what} was not done: the server is catching up; try it again in a moment"
# A move still refused `unavailable` after the last copy (docs/PROTOCOL.md 2.1: minutes later).
MOVE_NOT_STORED = "your move {move} could not be stored: the server did not catch up in time; play it again"


def caught_up(after_s: float) -> str:
    return CAUGHT_UP.format(seconds=after_s)


def not_done(what: str) -> str:
    return NOT_DONE.format(what=what)
