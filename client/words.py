"""Sentences the Python clients (the terminal, the pygame window, the bot SDK) say alike, in one place.

Each is a message of the catalogs (protocol/locales/<lang>/grundy.ftl), said in the client's language
(``Connection.lang``: ``--lang`` or the system's locale); the constants are the English words.
"""

from __future__ import annotations

from typing import Any

from grundy.protocol import i18n


def say(lang: str | None, msg_id: str, /, **args: Any) -> str:
    """Catalog message ``msg_id`` in ``lang`` (English where that language lacks it)."""
    return i18n.tr(lang, msg_id, **args)


def game_name(name: str, lang: str | None = "en") -> str:
    """A game's name as it is taught in ``lang`` (``game-<name>`` of the catalogs), else its catalog name."""
    return say(lang, f"game-{name}") if i18n.has(f"game-{name}") else name


# The server answered `unavailable` (docs/PROTOCOL.md 2.1): said once, not for every copy sent again.
CATCHING_UP = say("en", "client-catching-up")
# A request that is not sent again by itself (a second copy could do it twice), answered `unavailable`.
NOT_DONE = "{what} was not done: the server is catching up; try it again in a moment"
# A move still refused `unavailable` after the last copy (docs/PROTOCOL.md 2.1: minutes later).
MOVE_NOT_STORED = "your move {move} could not be stored: the server did not catch up in time; play it again"


def catching_up(lang: str | None = "en") -> str:
    return say(lang, "client-catching-up")


def caught_up(after_s: float, lang: str | None = "en", ended: bool = False) -> str:
    """The closing line of :func:`catching_up`; ``ended``: the game's end closed it (not "the game goes on")."""
    return say(lang, "outage-caught-up-game-over" if ended else "client-caught-up", seconds=after_s)


def not_done(what: str, lang: str | None = "en") -> str:
    return say(lang, "client-not-done", what=what)


def move_not_stored(move: str, lang: str | None = "en") -> str:
    return say(lang, "client-move-not-stored", move=move)
