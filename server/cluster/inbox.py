"""What the nodes of a cluster say to each other: every message a declared type, and the inbox that reads them.

A node's inbox (``inbox:{node}``) carries :class:`Request` (a client's request passed to the node that runs
its room), :class:`PresenceNotice` (a session dropped or came back on another node), :class:`Frame` (a frame
for a session connected to this node), :class:`TournamentGame` (a game of a tournament this node runs ended
elsewhere), :class:`AdminAsk` and :class:`AdminAnswer` (``grundy admin`` across the nodes), one at a time
or batched (``["batch", envelope, ...]``, see ``.bus``).  The ``owners`` channel carries :class:`OwnerIs`
(a node runs a room now), :class:`Released` and :class:`ReleasedTournaments` (a leaving node gave these up).

On the wire each message is a msgpack list, its tag first and its fields in their declared order
(:func:`envelope`); :func:`read` and :func:`read_owners` make the message back, with the fields an older
node leaves out given their defaults.  Nothing else in the runtime builds or reads these lists.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import msgpack

log = logging.getLogger("grundy.cluster")


@dataclasses.dataclass(slots=True)
class Request:
    """A request of ``session`` (connected to node ``sender``, or "" if it is not connected there), passed on
    ``hops`` times already, as the client's frame; ``lang``: the language the session speaks (its ``hello.lang``
    as ``protocol.i18n.pick`` reads it), the words of its answers there."""

    TAG: ClassVar[str] = "req"
    session: str
    name: str
    kind: str
    frame: bytes
    hops: int = 0
    sender: str = ""
    lang: str = "en"


@dataclasses.dataclass(slots=True)
class PresenceNotice:
    """``session`` dropped from (``disconnect``, ``unwatch``) or came back to (``reconnect``, ``rewatch``) a room
    this node runs, on node ``sender``."""

    TAG: ClassVar[str] = "presence"
    session: str
    name: str
    kind: str
    room: str
    what: str
    sender: str = ""


@dataclasses.dataclass(slots=True)
class Frame:
    """A frame for a session connected to this node (as the sender last heard)."""

    TAG: ClassVar[str] = "f"
    session: str
    data: bytes


@dataclasses.dataclass(slots=True)
class TournamentGame:
    """A game of a tournament this node runs ended on another node (``outcomes`` None: not finished)."""

    TAG: ClassVar[str] = "tgame"
    tournament: str
    room: str
    outcomes: list[Any] | None


@dataclasses.dataclass(slots=True)
class AdminAsk:
    """An administration action asked of this node by node ``sender`` (``args``: JSON)."""

    TAG: ClassVar[str] = "admin"
    asked: str
    sender: str
    action: str
    args: str


@dataclasses.dataclass(slots=True)
class AdminAnswer:
    """The answer (JSON) of another node to an :class:`AdminAsk` of this one."""

    TAG: ClassVar[str] = "admin-answer"
    asked: str
    answer: str


@dataclasses.dataclass(slots=True)
class OwnerIs:
    """(``owners``) ``node`` runs ``room`` now (it took it over)."""

    room: str
    node: str


@dataclasses.dataclass(slots=True)
class Released:
    """(``owners``) A leaving ``node`` gave these rooms up: take them over now."""

    TAG: ClassVar[str] = "released"
    node: str
    rooms: list[str]


@dataclasses.dataclass(slots=True)
class ReleasedTournaments:
    """(``owners``) A leaving ``node`` gave these tournaments up."""

    TAG: ClassVar[str] = "released-tournaments"
    node: str
    tournaments: list[str]


InboxMessage = Request | PresenceNotice | Frame | TournamentGame | AdminAsk | AdminAnswer
OwnersMessage = OwnerIs | Released | ReleasedTournaments
_INBOX: dict[str, type[Any]] = {
    t.TAG: t for t in (Request, PresenceNotice, Frame, TournamentGame, AdminAsk, AdminAnswer)
}
BATCH = "batch"  # (a loop turn's envelopes for one node, in one publication: ``.bus``)
FRAME = Frame.TAG  # (the common envelope: the inbox hands it over without making a Frame when it can)
REQUEST = Request.TAG  # (the next most common: a forwarded move, handed over without making a Request)


def frame_envelope(session: str, data: bytes) -> bytes:
    """A :class:`Frame`'s envelope, packed (the bytes of ``msgpack.packb([FRAME, session, data], use_bin_type=True)``),
    made without the :class:`Frame` and without the packer (every frame for another node's session): the session's
    part is packed once and kept, the frame's length put before it."""
    head = _frame_heads.get(session)
    if head is None:
        if len(_frame_heads) >= _FRAME_HEADS_KEPT:
            _frame_heads.clear()
        head = _frame_heads[session] = _pack([FRAME, session, b""])[:-1]  # (its data's header: bin 8, length 0)
    n = len(data)
    if n < 256:
        return head + _BIN8[n] + data
    return _pack([FRAME, session, data])  # type: ignore[no-any-return]


# The packed start of a frame's envelope for each session a frame went to lately: up to the ``bin 8`` marker (0xc4).
_frame_heads: dict[str, bytes] = {}
_FRAME_HEADS_KEPT = 20_000
_BIN8 = [bytes((n,)) for n in range(256)]
_pack = msgpack.Packer(use_bin_type=True).pack  # (one packer for the node: packb makes one per call)


def request_envelope(session: str, name: str, kind: str, frame: bytes, hops: int, sender: str, lang: str) -> list[Any]:
    """A :class:`Request`'s envelope, made without the :class:`Request` (every forwarded move makes one): the same
    list as ``envelope(Request(session, name, kind, frame, hops, sender, lang))``."""
    return [REQUEST, session, name, kind, frame, hops, sender, lang]


def packed_envelope(envelope: list[Any]) -> bytes:
    """An envelope (a list: :func:`envelope`, :func:`request_envelope`) packed as it travels."""
    return _pack(envelope)  # type: ignore[no-any-return]


def batched(envelopes: list[bytes] | list[list[Any]] | list[bytes | list[Any]]) -> bytes:
    """One loop turn's envelopes for one node (each packed, or a list packed here) as one publication (one alone as
    it is): the bytes of ``msgpack.packb(["batch", *envelopes], use_bin_type=True)``."""
    packed = [e if type(e) is bytes else _pack(e) for e in envelopes]
    n = len(packed)
    if n == 1:
        return packed[0]
    n += 1  # (the tag)
    head = (
        bytes((0x90 | n,))
        if n < 16
        else (b"\xdc" + n.to_bytes(2, "big") if n < 65536 else b"\xdd" + n.to_bytes(4, "big"))
    )
    return head + _BATCH_TAG + b"".join(packed)


_BATCH_TAG = msgpack.packb(BATCH)


class Unreadable(ValueError):
    """A message that is none of the declared ones."""


def envelope(msg: InboxMessage | Released | ReleasedTournaments) -> list[Any]:
    """The message as it travels: its tag, then its fields in their declared order."""
    cls = type(msg)
    names = _FIELDS.get(cls)
    if names is None:  # (each type's names read once: a forwarded move makes one envelope)
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(msg))
    return [msg.TAG, *[getattr(msg, name) for name in names]]


_FIELDS: dict[type, tuple[str, ...]] = {}


def packed(msg: InboxMessage | OwnersMessage) -> bytes:
    """The message as one publication."""
    if isinstance(msg, OwnerIs):
        return msgpack.packb([msg.room, msg.node])
    return msgpack.packb(envelope(msg))


def read(parts: list[Any]) -> InboxMessage:
    """An inbox envelope as its message (fields an older node does not send take their defaults)."""
    cls = _INBOX.get(parts[0]) if parts else None
    if cls is None:
        raise Unreadable(f"no inbox message is tagged {parts[0] if parts else None!r}")
    values = parts[1:]
    if cls is Request:  # (hops, the sender and the language came later: absent, or not a name or a language)
        sender = values[5] if len(values) > 5 and isinstance(values[5], str) else ""
        lang = values[6] if len(values) > 6 and isinstance(values[6], str) and values[6] else "en"
        hops = values[4] if len(values) > 4 else 0
        return Request(values[0], values[1], values[2], values[3], hops, sender, lang)
    if cls is PresenceNotice:
        sender = values[5] if len(values) > 5 else ""
        return PresenceNotice(values[0], values[1], values[2], values[3], values[4], sender)
    return cls(*values)  # type: ignore[no-any-return]


def read_owners(data: bytes) -> OwnersMessage:
    """A notice of the ``owners`` channel as its message."""
    news = msgpack.unpackb(data)
    if len(news) == 3 and news[0] == Released.TAG:
        return Released(news[1], news[2])
    if len(news) == 3 and news[0] == ReleasedTournaments.TAG:
        return ReleasedTournaments(news[1], news[2])
    room, node = news
    return OwnerIs(room, node)


# A Request's handler given its fields (session, name, kind, frame, hops, sender, lang).
Requested = Callable[[str, str, str, bytes, int, str, str], None]


class Inbox:
    """This node's inbox: each message read (:func:`read`) and handed to its handler, by its type.

    ``quick(session, data)``: the common envelope, a frame for a session, handed over at once without
    making its :class:`Frame` when nothing else must look at it (True: it went out).  ``requested``: the
    next most common, a :class:`Request` as a node of this version sends it (every field there), handed
    over as its fields without making the :class:`Request` (None: the Request's handler takes it).
    """

    def __init__(
        self,
        handlers: Mapping[type[Any], Callable[[Any], None]],
        quick: Callable[[str, bytes], bool],
        requested: Requested | None = None,
    ) -> None:
        self.handlers = dict(handlers)
        self.quick = quick
        self.requested = requested

    def received(self, data: bytes) -> None:
        parts = msgpack.unpackb(data)
        tag = parts[0]
        if tag == BATCH:
            quick, requested = self.quick, self.requested
            for envelope in parts[1:]:
                try:
                    tag = envelope[0]
                    if tag == FRAME:
                        if quick(envelope[1], envelope[2]):
                            continue
                    elif tag == REQUEST and requested is not None and _whole(envelope):
                        requested(
                            envelope[1], envelope[2], envelope[3], envelope[4], envelope[5], envelope[6], envelope[7]
                        )
                        continue
                    self.handle(read(envelope))
                except Exception:
                    log.exception("cluster: an envelope in the inbox failed")
            return
        if tag == FRAME and self.quick(parts[1], parts[2]):
            return
        if tag == REQUEST and self.requested is not None and _whole(parts):
            self.requested(parts[1], parts[2], parts[3], parts[4], parts[5], parts[6], parts[7])
            return
        self.handle(read(parts))

    def handle(self, msg: InboxMessage) -> None:
        self.handlers[type(msg)](msg)


def _whole(envelope: list[Any]) -> bool:
    """A :class:`Request`'s envelope as a node of this version sends it: every field there, its sender and its
    language strings (an older node's, or an odd one, is read by :func:`read`, with the defaults)."""
    return len(envelope) == 8 and type(envelope[6]) is str and type(envelope[7]) is str and envelope[7] != ""
