"""The server's one error tree, and the one conversion of a failure into the protocol's ``error``.

Every refusal a client can cause is a :class:`ServerError`: a stable :class:`ErrorCode` from
the protocol, a message for people, and the request's ``ref`` when the raiser knows it.  Each
part of the server raises its own subclass, which lists the codes it may carry::

    ServerError
    ├── GatewayError     the connection's limits (rate_limited)
    ├── SessionError     hello, resume and register (not_authenticated, bad_token, name_taken, banned, ...)
    ├── LobbyError       creating and finding rooms, quick match, challenges, the room caps, rated games,
    │                    leaderboards and players' ratings
    ├── RoomError        a room that cannot be created, found, restored or recorded as asked
    ├── TournamentError  tournament settings and requests the shell refuses (its codes: the core's too)
    └── Unavailable      cluster mode: the shared store is unreachable or settling after an outage (unavailable)

The pure cores (``server.room``, ``server.tournament``) do not raise for a request they
refuse: they emit one effect, :class:`Refused`, defined here once for both.

This module builds every ``error`` message the server sends, and nothing else does (a test
scans the server for it): :func:`refuse` sends a raised refusal or a fault (through
:func:`error_message`): the node calls it for every request that failed, at once or after
waiting for the store, the gateway for frames it refuses; :func:`refusal_message` is a
core's :class:`Refused`; :func:`fault_message` is an ``internal`` error with its own words
(a write that failed, an answer that could not be encoded, a room that faulted) and
:func:`unanswered_message` the one for a request another node never answered.  Anything
that is not a ServerError is a fault, not a refusal: it is logged and answered ``internal``
with a message that reveals nothing; a fault inside a room goes to the room's own containment
instead (``server.actor.RoomActor.fault``).

``protocol.ProtocolError`` stays the codec's (a frame that could not be decoded); the cores
never raise it.  ``server.store.StoreError`` and the bot pool's errors are faults, not refusals.

Pure: imports nothing of the server, so that the cores may raise these.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from grundy import protocol as p
from grundy.protocol import ErrorCode, ProtocolError, i18n

log = logging.getLogger("grundy.errors")

Ref = str | int | None

__all__ = [
    "Answers",
    "GatewayError",
    "INTERNAL_MESSAGE",
    "LobbyError",
    "Ref",
    "Refused",
    "RoomError",
    "ServerError",
    "SessionError",
    "TournamentError",
    "Unavailable",
    "error_message",
    "fault_message",
    "in_language",
    "refusal_message",
    "refuse",
    "say_of",
    "saying",
    "told",
    "unanswered_message",
]


class ServerError(Exception):
    """A request the server refuses: ``code`` (protocol), ``message`` (for people), the request's ``ref``.

    ``ref`` may be left out: the conversion fills in the ref of the request being answered.
    """

    codes: ClassVar[frozenset[ErrorCode]] = frozenset()  # the codes a subclass may carry

    def __init__(self, code: ErrorCode | str, message: str, ref: Ref = None, say: p.Say | None = None) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message
        self.ref = ref
        self.say = say  # the refusal as a catalog message (None: the code's own, ``error-<code>``)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code.value!r}, {self.message!r}, ref={self.ref!r})"


class GatewayError(ServerError):
    """The connection's limits: a request over the rate limit is dropped unread."""

    codes = frozenset({ErrorCode.RATE_LIMITED})


class SessionError(ServerError):
    """``hello``/``resume``/``register``, and requests that need a session before there is one."""

    codes = frozenset({
        ErrorCode.NOT_AUTHENTICATED,
        ErrorCode.ALREADY_AUTHENTICATED,
        ErrorCode.BAD_TOKEN,
        ErrorCode.UNSUPPORTED_VERSION,
        ErrorCode.NAME_TAKEN,
        ErrorCode.BAD_SECRET,
        ErrorCode.RATE_LIMITED,
        ErrorCode.BANNED,
    })


class LobbyError(ServerError):
    """The lobby: making and finding rooms, quick match, challenges, rematches, the room caps, rated games,
    leaderboards and players' ratings."""

    codes = frozenset({
        ErrorCode.BAD_MESSAGE,
        ErrorCode.UNKNOWN_GAME,
        ErrorCode.BAD_PARAMS,
        ErrorCode.UNKNOWN_ROOM,
        ErrorCode.TOO_MANY_ROOMS,
        ErrorCode.SHUTTING_DOWN,
        ErrorCode.NOT_IN_QUEUE,
        ErrorCode.UNKNOWN_PLAYER,
        ErrorCode.NO_CHALLENGE,
        ErrorCode.TOO_MANY_CHALLENGES,
        ErrorCode.NOT_REGISTERED,
        ErrorCode.ALREADY_SEATED,
        ErrorCode.SELF_CHALLENGE,
        ErrorCode.NOT_INVITED,
    })


class RoomError(ServerError):
    """A room that cannot be created, found, restored or recorded as asked.

    (A room's refusals of the events it handles are not raised: they are ``error`` messages in
    its effects.)
    """

    codes = frozenset({
        ErrorCode.UNKNOWN_GAME,
        ErrorCode.BAD_PARAMS,
        ErrorCode.UNKNOWN_ROOM,
        ErrorCode.GAME_OVER,  # (a closed room's rematch or chat)
        ErrorCode.BAD_MESSAGE,  # (an analysis without a room of a kind that needs one)
        ErrorCode.NOT_FINISHED,
        ErrorCode.INTERNAL,
    })


class TournamentError(ServerError):
    """Tournament settings that cannot be used and requests the shell refuses (the codes include those of the
    core's :class:`Refused`)."""

    codes = frozenset({
        ErrorCode.UNKNOWN_GAME,
        ErrorCode.BAD_PARAMS,
        ErrorCode.UNKNOWN_TOURNAMENT,
        ErrorCode.TOO_MANY_TOURNAMENTS,
        ErrorCode.SHUTTING_DOWN,
        ErrorCode.TOURNAMENT_NOT_OPEN,
        ErrorCode.TOURNAMENT_OVER,
        ErrorCode.TOURNAMENT_FULL,
        ErrorCode.ALREADY_ENTERED,
        ErrorCode.NOT_ENTERED,
        ErrorCode.NOT_ORGANISER,
        ErrorCode.TOO_FEW_ENTRANTS,
        ErrorCode.INTERNAL,
    })


class Unavailable(ServerError):
    """Cluster mode: the store the nodes share cannot be reached now, or is settling after an outage.

    Nothing was done; the same request sent again succeeds once the store is back.
    """

    codes = frozenset({ErrorCode.UNAVAILABLE})


INTERNAL_MESSAGE = "the server failed on this request"
UNANSWERED_MESSAGE = "the node that runs this room did not answer; try again"


@dataclasses.dataclass(frozen=True, slots=True)
class Refused:
    """A pure core's effect: tell ``session`` why its request was refused.

    ``code`` and ``message`` say why, ``ref`` is the request's, ``room`` the room it was about
    (None for a tournament's), ``say`` the same as a message of the catalogs (None: the code's own,
    ``error-<code>``).  ``session`` None: nobody asked (an event of the server's own); nothing is
    sent.  The shell turns it into the ``error`` with :func:`refusal_message`.
    """

    session: str | None
    code: ErrorCode
    message: str
    ref: Ref = None
    room: str | None = None
    say: p.Say | None = None  # the refusal as a catalog message (None: the code's own, ``error-<code>``)


class Answers(Protocol):
    """Where a refusal goes: a connection (``server.ports.Link``) or anything that sends like one."""

    def send_message(self, msg: Any) -> None: ...


def _error(code: ErrorCode, message: str, ref: Any, room: str | None, say: p.Say | None = None) -> p.Error:
    """The one construction of the protocol's ``error`` in the server; every function below comes here.

    ``say`` is the refusal as a catalog message for clients to render in their language: the code's
    own sentence (``error-<code>``) unless the raiser gave a more precise one.
    """
    return p.Error(ref=ref, code=code, message=message, room=room, say=say or p.Say(id=f"error-{code.value}"))


def in_language(error: p.Error, lang: str | None) -> p.Error:
    """``error`` with its ``message`` in ``lang`` (a session's ``hello.lang``): the catalog's words of its
    ``say`` (a hosted bot, ``X`` with ``X_bot``, said as ``lobby-bot`` in ``lang``: docs/PROTOCOL.md);
    unchanged in English (the server's own words name the input more precisely)."""
    code = i18n.pick(lang)
    if code == i18n.DEFAULT or error.say is None:
        return error
    return error.model_copy(update={"message": i18n.tr_say(code, error.say, error.message)})


def say_of(words: tuple[str, Mapping[str, Any]] | None) -> p.Say | None:
    """Words of the rules (``RulesError.said``: a message id and its arguments) as the protocol's ``Say``; None
    when there are none, or an argument is not a number or text (other words: the code's own sentence then).
    Text is cut to the protocol's 500 characters."""
    if words is None:
        return None
    msg_id, args = words
    if not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in args.values()):
        return None
    try:
        return saying(msg_id, **args)
    except ValueError:  # (pydantic's ValidationError: more than 16 arguments, a name the protocol refuses)
        return None


def saying(msg_id: str, /, **args: Any) -> p.Say:
    """A refusal as the protocol's ``Say``: ``msg_id`` with ``args`` (numbers, and text cut to 500 characters)."""
    return p.Say(id=msg_id, args={k: v if not isinstance(v, str) or len(v) <= 500 else v[:499] + "…"
                                  for k, v in args.items()})


def told(say: p.Say) -> str:
    """A refusal's English ``message`` (what older clients show) from its ``say``: the English catalog's words,
    a hosted bot by its English name (``bot (easy)``, the argument itself)."""
    return i18n.tr(i18n.DEFAULT, say.id, **{k: v for k, v in say.args.items() if not k.endswith("_bot")})


def error_message(error: BaseException, ref: Ref = None, room: str | None = None) -> p.Error:
    """The ``error`` a client is sent for ``error``, answering the request ``ref`` (about ``room``).

    A :class:`ServerError` (or the codec's ``ProtocolError``) gives its code and message, and
    its own ref if it has one; anything else is a fault: ``internal``, saying nothing of it.
    """
    if isinstance(error, (ServerError, ProtocolError)):
        return _error(error.code, error.message, ref if error.ref is None else error.ref, room,
                      getattr(error, "say", None))
    return fault_message(ref, room)


def refusal_message(refused: Refused) -> p.Error:
    """The ``error`` a core's :class:`Refused` becomes."""
    return _error(refused.code, refused.message, refused.ref, refused.room, refused.say)


def fault_message(ref: Ref = None, room: str | None = None, message: str = INTERNAL_MESSAGE) -> p.Error:
    """An ``internal`` error answering ``ref`` (about ``room``): a fault, in words that reveal nothing of it."""
    return _error(ErrorCode.INTERNAL, message, ref, room)


def unanswered_message(request: Any) -> p.Error:
    """The ``error`` for ``request`` when the node that runs its room never answered it (the client may try again)."""
    room = getattr(request, "room", None)
    err = fault_message(getattr(request, "ref", None), room if isinstance(room, str) else None, UNANSWERED_MESSAGE)
    return err.model_copy(update={"say": p.Say(id="error-unanswered")})


def refuse(link: Answers, error: BaseException, request: Any = None) -> None:
    """The one place a refusal or a failure becomes the ``error`` a client is sent.

    ``request`` is the decoded request being answered (None for a frame that never became
    one): the error carries its ``ref`` (unless the error names one) and its ``room``.  A
    failure that is not a refusal is logged with its traceback.
    """
    if not isinstance(error, (ServerError, ProtocolError)):
        what = "a frame" if request is None else f"request {type(request).__name__}"
        log.error("%s failed", what, exc_info=error)
    message = error_message(error, getattr(request, "ref", None), getattr(request, "room", None))
    session = getattr(link, "session", None)  # a connection's session: its message in the session's language
    link.send_message(in_language(message, getattr(session, "lang", None)))
