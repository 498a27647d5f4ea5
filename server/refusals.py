"""The node's precise refusals as messages of the catalogs (``protocol/locales/<lang>/refuse.ftl``).

A refusal is raised with a message id and its arguments, never with an English sentence built here:
:func:`refusal` makes the :class:`~grundy.server.errors.ServerError` whose ``message`` is the English
catalog's words for them (what an English session reads, naming the input) and whose ``say`` is the
same id and arguments, which the node words in the session's language (``server.errors.in_language``)
and every client in its own.  An argument ``game`` is a game's canonical name, said as the game is
taught (``game-<name>``, docs/PROTOCOL.md); numbers stay numbers (plurals are the catalogs').

    >>> e = refusal(LobbyError, ErrorCode.NOT_IN_QUEUE, 7, "refuse-not-in-queue")
    >>> e.message, e.ref, e.say.id
    ('you are not waiting for a quick match', 7, 'refuse-not-in-queue')

:func:`rules_refusal` is a refusal of the rules' own (an unknown game, a parameter's value), said with
the words the rules gave (``RulesError.said``) and what the parameter accepts.

Pure: imports nothing of the server but its errors.
"""

from __future__ import annotations

from typing import Any, TypeVar

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode, i18n
from grundy.server.errors import LobbyError, Ref, ServerError

__all__ = ["refusal", "rules_refusal", "rules_say", "said"]

E = TypeVar("E", bound=ServerError)
MAX_ARG = 200  # characters of an argument that quotes the input (a name, a move): the protocol allows 500

def said(msg_id: str, /, **args: Any) -> p.Say:
    """The catalog message ``msg_id`` with ``args`` as the protocol carries it (None arguments left out)."""
    return p.Say(id=msg_id, args={k: v[:MAX_ARG] if isinstance(v, str) else v
                                  for k, v in args.items() if v is not None})


def refusal(kind: type[E], code: ErrorCode | str, ref: Ref, msg_id: str, /, **args: Any) -> E:
    """The refusal ``kind(code)`` answering ``ref``, said as ``msg_id`` with ``args`` (its English the message)."""
    say = said(msg_id, **args)
    return kind(code, i18n.tr(i18n.DEFAULT, msg_id, **say.args), ref, say=say)


def rules_say(error: rules.RulesError) -> p.Say | None:
    """A rules error as a message of the catalogs (None: the rules said it in English only)."""
    if error.said is None:
        return None
    msg_id, args = error.said
    return said(msg_id, **args)


def rules_refusal(kind: type[E], code: ErrorCode | str, ref: Ref, error: rules.RulesError) -> E:
    """The refusal ``kind(code)`` of a rules error: its English as the rules wrote it, its ``say`` from them."""
    return kind(code, str(error), ref, say=rules_say(error))


def game_refusal(ref: Ref, name: str, error: rules.ParameterError, kind: type[E] = LobbyError) -> E:  # type: ignore[assignment]
    """A game that cannot be made: ``unknown_game`` for a name that is no game, else ``bad_params``."""
    try:
        rules.game_class(name)
    except rules.ParameterError:
        return rules_refusal(kind, ErrorCode.UNKNOWN_GAME, ref, error)
    return rules_refusal(kind, ErrorCode.BAD_PARAMS, ref, error)
