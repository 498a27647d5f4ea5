"""Sentences the Python clients (the terminal, the pygame window, the bot SDK) say alike, in one place.

Each is a message of the catalogs (protocol/locales/<lang>/grundy.ftl), said in the client's language
(``Connection.lang``: ``--lang`` or the system's locale); the constants are the English words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grundy import rules
from grundy.protocol import i18n


def say(lang: str | None, msg_id: str, /, **args: Any) -> str:
    """Catalog message ``msg_id`` in ``lang`` (English where that language lacks it)."""
    return i18n.tr(lang, msg_id, **args)


def game_name(name: str, lang: str | None = "en") -> str:
    """A game's name as it is taught in ``lang`` (``game-<name>`` of the catalogs), else its catalog name."""
    return say(lang, f"game-{name}") if i18n.has(f"game-{name}") else name


def param_name(game: str, name: str, lang: str | None = "en") -> str:
    """A game parameter's name in ``lang`` (``param-<game>-<name>``), else its key (``heaps``: the notation
    of ``--set``, for a parameter a newer node added)."""
    msg_id = f"param-{game}-{name}"
    return say(lang, msg_id) if i18n.has(msg_id) else name


def param_value(value: Any, lang: str | None = "en") -> str:
    """A parameter's value as a title shows it: lists comma separated, yes/no, a piece's or colour's name."""
    if isinstance(value, bool):
        return say(lang, "server-param-yes" if value else "server-param-no")
    if isinstance(value, (list, tuple)):
        return ", ".join(param_value(v, lang) for v in value)
    if isinstance(value, str) and i18n.has(f"ex-word-{value}"):
        return say(lang, f"ex-word-{value}")
    return str(value)


def room_title(game: str, params: Mapping[str, Any], lang: str | None = "en", told: str = "") -> str:
    """A room's title in ``lang`` from its game and parameters (what ``room_state`` and ``rooms`` carry):
    the game's name as it is taught and each parameter that differs from the game's default, by its name
    in the language (``Нім (купки: 1, 2; мізер)``: a parameter set to true by its name alone); a game
    that is exactly one of the catalog's aliases by that name (m,n,k 3,3,3: ``Хрестики-нулики``).
    ``told``, the node's ``title``, is its game's own English wording: said as it is in English."""
    if told and i18n.pick(lang) == i18n.DEFAULT:
        return told
    try:
        parameters = rules.game_class(game).parameters
    except rules.ParameterError:  # a game this client does not know: its name alone
        return game_name(game, lang)

    def differing(preset: Mapping[str, Any]) -> list[tuple[str, Any]]:
        out = []
        for p in parameters:
            if p.secret or p.name not in params:
                continue
            try:
                default = preset[p.name] if p.name in preset else p.coerce(p.default)
            except (rules.RulesError, TypeError, ValueError):
                default = p.default
            if params[p.name] != default:
                out.append((p.name, params[p.name]))
        return out

    for alias, (target, preset) in rules.ALIASES.items():  # tic-tac-toe: m,n,k 3,3,3, by the name it is taught
        if target == game and not differing(preset):
            return game_name(alias, lang)
    shown = [param_name(game, name, lang) if value is True
             else say(lang, "server-room-param", name=param_name(game, name, lang), value=param_value(value, lang))
             for name, value in differing({})]
    head = game_name(game, lang)
    return say(lang, "server-room-title", game=head, params="; ".join(shown)) if shown else head


# The server answered `unavailable` (docs/PROTOCOL.md 2.1): said once, not for every copy sent again.
CATCHING_UP = say("en", "client-catching-up")


def catching_up(lang: str | None = "en") -> str:
    return say(lang, "client-catching-up")


def caught_up(after_s: float, lang: str | None = "en", ended: bool = False) -> str:
    """The closing line of :func:`catching_up`; ``ended``: the game's end closed it (not "the game goes on")."""
    return say(lang, "outage-caught-up-game-over" if ended else "client-caught-up", seconds=after_s)


def not_done(what: str, lang: str | None = "en") -> str:
    """A request that is not sent again by itself (a second copy could do it twice), answered `unavailable`."""
    return say(lang, "client-not-done", what=what)


def move_not_stored(move: str, lang: str | None = "en") -> str:
    """A move still refused `unavailable` after the last copy (docs/PROTOCOL.md 2.1: minutes later)."""
    return say(lang, "client-move-not-stored", move=move)
