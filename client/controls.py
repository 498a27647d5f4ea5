"""What every client shows by the board before the first move, and how it offers Hint: one rule.

The terminal, pygame and the web page (``client/web/controls.js``, held to the same answers by
``tests/web/test_controls.py``) all call these.

Before the first move the notation is shown with an example from the position, then the first
sentence of the game's own words on it (the catalog's ``notation``):

    >>> notation_lines("`H:N` takes N >= 1 objects from heap H, heaps numbered from 1: `2:3` takes three.",
    ...                ["1:1", "1:2", "1:3"])
    ['moves are written like 1:1, 1:2', 'H:N takes N >= 1 objects from heap H, heaps numbered from 1: 2:3 takes three.']

Hint is hidden from a spectator and where it can never be given in this game (rated, hidden
information, no hosted bot); it is shown disabled, with the reason in one line, while it can only
wait (the game has not started, is over, or it is not your turn):

    >>> hint_control(game="nim", you=None, status="playing", rated=False, hidden=False, turn=0,
    ...              names=["Ann", "bot (easy)"], has_bot=True)
    ('hidden', 'spectators get no hints')
    >>> hint_control(game="nim", you=0, status="playing", rated=False, hidden=False, turn=1,
    ...              names=["Ann", "bot (easy)"], has_bot=True)
    ('disabled', 'hints come on your turn; bot (easy) is to move')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Literal

from grundy import rules
from grundy.protocol.i18n import tr

HintState = Literal["enabled", "disabled", "hidden"]


def first_sentence(words: str) -> str:
    """The first sentence of ``words`` (backticks dropped): up to the first ". " or the end."""
    plain = words.replace("`", "").strip()
    end = plain.find(". ")
    return plain if end < 0 else plain[: end + 1]


def game_notation(game: str) -> str | None:
    """The catalog's words on how a move of ``game`` is written (the rules' own), None when unknown."""
    try:
        return rules.game_class(game).schema().get("notation")
    except (KeyError, ValueError, rules.ParameterError):
        return None


def notation_lines(notation: str | None, legal: Sequence[str] | None, lang: str | None = None) -> list[str]:
    """The lines shown before the first move: an example from the position (in ``lang``), the game's own words."""
    lines = []
    example = list(legal or [])[:2]
    if example:
        lines.append(tr(lang, "study-notation-example", moves=", ".join(example)))
    if notation:
        lines.append(first_sentence(notation))
    return lines


def hint_refusal_in(
    lang: str | None,
    *,
    game: str,
    you: int | None,
    status: str,
    rated: bool,
    hidden: bool,
    turn: int | None,
    names: Sequence[str],
    has_bot: bool,
) -> str | None:
    """Why no hint can be given now, in ``lang``; None when one can.  The rule and order of
    ``client.hints.hint_refusal`` (the server's), whose English words these are, word for word."""
    if you is None:
        return tr(lang, "study-hint-spectator")
    if status != "playing":
        return tr(lang, "study-hint-not-playing")
    if rated:
        return tr(lang, "study-hint-rated")
    if hidden:
        return tr(lang, "study-hint-hidden", game=game)
    if turn != you:
        who = names[turn] if turn is not None and 0 <= turn < len(names) else "?"
        return tr(lang, "study-hint-not-your-turn", who=who)
    if not has_bot:
        others = [n for i, n in enumerate(names) if i != you]
        if not others:
            return tr(lang, "study-hint-no-bot", others=tr(lang, "study-nobody"))
        joined = functools.reduce(lambda a, b: tr(lang, "study-list-and", first=a, second=b), others)
        return tr(lang, "study-hint-no-bot", others=joined)
    return None


def hint_control(
    *,
    game: str,
    you: int | None,
    status: str,
    rated: bool,
    hidden: bool,
    turn: int | None,
    names: Sequence[str],
    has_bot: bool,
    lang: str | None = None,
) -> tuple[HintState, str | None]:
    """How the Hint control is shown now, and why not enabled (in ``lang``: :func:`hint_refusal_in`)."""
    why = hint_refusal_in(lang, game=game, you=you, status=status, rated=rated, hidden=hidden, turn=turn,
                          names=names, has_bot=has_bot)  # fmt: skip
    if why is None:
        return "enabled", None
    if you is None or rated or hidden or not has_bot:  # never in this game: no control at all
        return "hidden", why
    return "disabled", why
