"""What the pygame window says of challenges and shared codes, in its language.

In English the words of :mod:`client.challenges` (the terminal's too, word for word); in another language the
catalogs' (the page's ``web-challenge-`` messages and the window's ``gui-code-`` ones), so a challenge sent,
refused, answered or declined reads in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grundy import protocol as p
from grundy.client import challenges as ch
from grundy.client import ratings_view as rv
from grundy.client import tournament_view as tv
from grundy.client import words
from grundy.protocol import i18n
from grundy.protocol.i18n import tr


def _english(lang: str | None) -> bool:
    return i18n.pick(lang) == i18n.DEFAULT


def link(lang: str | None, code: str, challenged: str | None) -> str:
    """What a room's code does when shared: a challenge's is the challenged person's seat, an invitation's
    anyone's."""
    if _english(lang):
        return ch.link_text(code, challenged)
    if challenged is not None:
        return tr(lang, "gui-code-theirs", code=code, name=challenged)
    return tr(lang, "gui-code-anyone", code=code)


def sent(lang: str | None, name: str, game: str, rated: bool, clock: p.TimeControl | None) -> str:
    """A challenge sent, waiting for the answer."""
    if _english(lang):
        return ch.sent_text(name, game, rated)
    shown = p.format_time_control(clock) if clock else tr(lang, "web-untimed")
    said = tr(lang, "web-challenge-sent", name=name, game=words.game_name(game, lang), rated="yes" if rated else "no",
              clock=shown)
    return tr(lang, "web-challenge-waiting", words=said)


def refused(lang: str | None, name: str, code: str, message: str) -> str:
    """A challenge the node would not send."""
    if _english(lang):
        return ch.refused_text(name, code, message)
    return tr(lang, "web-challenge-refused", name=name, why=message, code=code)


def answer_refused(lang: str | None, challenger: str, code: str, message: str) -> str:
    """An answer to a challenge the node refused (one that no longer stands said as such)."""
    if _english(lang):
        return ch.answer_refused_text(challenger, code, message)
    if code == p.ErrorCode.NO_CHALLENGE:
        return tr(lang, "web-challenge-gone", name=challenger)
    return tr(lang, "web-answer-refused", name=challenger, why=message, code=code)


def answered(lang: str | None, challenger: str | None, accepted: bool) -> str:
    """A challenge to us answered on another of our devices."""
    if _english(lang):
        return ch.answered_text(challenger, accepted)
    yes = "yes" if accepted else "no"
    if challenger is None:
        return tr(lang, "web-challenge-answered-elsewhere", accepted=yes)
    return tr(lang, "web-their-challenge-answered-elsewhere", name=challenger, accepted=yes)


def declined(lang: str | None, name: str, reason: str) -> str:
    """Our challenge turned down or lapsed."""
    if _english(lang):
        return ch.declined_text(name, reason)
    return tr(lang, "web-challenge-declined", name=name, expired="yes" if reason == "expired" else "no")


_TOURNAMENT_VERBS = {"show": "web-tcannot-show", "enter": "web-tcannot-enter", "withdraw": "web-tcannot-withdraw"}


def tournament_refusal(lang: str | None, verb: str, code: str, message: str) -> str:
    """A refused tournament request (``verb``: ``show``, ``enter``, ``withdraw``); in another language the node's
    own words (said in the session's language) after the page's ``cannot ...``."""
    if _english(lang):
        if verb == "show":
            return tv.refusal("open the tournament", code, message)
        return tv.refusal(verb, code, message)
    return tr(lang, _TOURNAMENT_VERBS[verb], why=f"{message} ({code})")


def rated(lang: str | None, ratings: Any, you: int | None, seat_name: Callable[[int], str],
          won_side: int | None = None) -> str:
    """What a rated game did to each seat's rating (``game_rated``), in a line: ``your rating 1500 -> 1662?
    (+162) · Bob's rating ...``, then why for a game won from its start (the terminal's line, with an arrow the
    window's font has)."""
    parts = []
    for change in ratings:
        before, after = rv._number(change.before), rv._number(change.after)
        if before is None or after is None:
            continue
        numbers = {"before": f"{before:.0f}", "after": f"{after:.0f}" + (rv.PROVISIONAL if change.provisional else ""),
                   "change": f"{after - before:+.0f}"}
        if change.seat == you:
            parts.append(tr(lang, "gui-rating-yours", **numbers))
        else:
            parts.append(tr(lang, "gui-rating-theirs", name=seat_name(change.seat), **numbers))
    if not parts:
        return ""
    if isinstance(won_side, int) and not isinstance(won_side, bool):
        note = (tr(lang, "gui-rating-won-side-yours") if won_side == you
                else tr(lang, "gui-rating-won-side", name=seat_name(won_side)))
        return f"{' · '.join(parts)} ({note})"
    return " · ".join(parts)
