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

from grundy.server.transport import binary_header

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


# An envelope (a list: :func:`envelope`, :func:`request_envelope`) packed as it travels (the node's packer itself:
# every forwarded move is packed here).
packed_envelope: Callable[[list[Any]], bytes] = _pack


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


# What writes a publication's frames for sessions here before Python reads it (:class:`InboxWriter`'s ``write``, or
# the native one's): how many of its last envelopes are left to Python (0: none; -1: all of it), or (that, an
# outlet whose write raised).
Writer = Callable[[bytes], int | tuple[int, Any]]


class Inbox:
    """This node's inbox: each message read (:func:`read`) and handed to its handler, by its type.

    ``writer``: the native writer of the frames for sessions connected here (:class:`InboxWriter`), or None.  It is
    given each publication first (``write``): it writes the leading frames of a publication of frames alone whose
    sessions' outlets are ready (what ``quick`` would do with them), and leaves the rest here; in a publication
    read here, each frame of a batch is offered to it in turn (``frame``) before ``quick``.
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
        writer: Any = None,
    ) -> None:
        self.handlers = dict(handlers)
        self.quick = quick
        self.requested = requested
        self.write: Writer | None = None if writer is None else writer.write
        self.frame: Callable[[str, bytes], Any] | None = None if writer is None else writer.frame

    def received(self, data: bytes) -> None:
        left: Any = -1  # (how many of the publication's last envelopes are read here; -1: all of it)
        write = self.write
        if write is not None:
            left = write(data)
            if left == 0:  # (every envelope was a frame, written)
                return
            if type(left) is tuple:
                left = _write_failed(*left)
                if not left:
                    return
        parts = msgpack.unpackb(data)
        tag = parts[0]
        if tag == BATCH:
            quick, requested, frame = self.quick, self.requested, self.frame
            for envelope in parts[1:] if left < 0 else parts[len(parts) - left :]:
                try:
                    tag = envelope[0]
                    if tag == FRAME:
                        if frame is not None:  # (written natively: True; left here: False; else its outlet failed)
                            done = frame(envelope[1], envelope[2])
                            if done is not False:
                                if done is not True:
                                    _write_failed(0, done)
                                continue
                        if quick(envelope[1], envelope[2]):
                            continue
                    elif (  # (a Request as this version sends it: every field, its sender and language strings)
                        tag == REQUEST
                        and requested is not None
                        and len(envelope) == 8
                        and type(envelope[6]) is str
                        and type(envelope[7]) is str
                        and envelope[7] != ""
                    ):
                        requested(
                            envelope[1], envelope[2], envelope[3], envelope[4], envelope[5], envelope[6], envelope[7]
                        )
                        continue
                    self.handle(read(envelope))
                except Exception:
                    log.exception("cluster: an envelope in the inbox failed")
            return
        if tag == FRAME:
            if self.quick(parts[1], parts[2]):
                return
        elif (  # (as in a batch; an older node's, or an odd one, is read by read(), with the defaults)
            tag == REQUEST
            and self.requested is not None
            and len(parts) == 8
            and type(parts[6]) is str
            and type(parts[7]) is str
            and parts[7] != ""
        ):
            self.requested(parts[1], parts[2], parts[3], parts[4], parts[5], parts[6], parts[7])
            return
        self.handle(read(parts))

    def handle(self, msg: InboxMessage) -> None:
        self.handlers[type(msg)](msg)


def _write_failed(left: int, outlet: Any) -> int:
    """A frame the writer wrote through ``outlet`` raised: the frame is gone with the connection, whose transport is
    aborted (as server/transport.py ``write_now`` does); ``left`` (what is left here) returned."""
    log.debug("cluster: a direct write of an inbox frame failed; aborting its transport")
    transport = outlet.transport
    outlet.close()
    if transport is not None:
        transport.abort()
    return left


class InboxWriter:
    """The frames of a publication for sessions connected here, written to their connections before the inbox reads
    it: the pure-Python twin of the native ``InboxWriter`` (native/grundy_wire.c), which a node running native
    rooms uses (their connections have outlets: server/native.py ``Outlet``; without them the inbox's ``quick`` path
    is the one that writes, as it always did).  tests/cluster/test_inbox_writer.py holds both to the same results.

    ``outlets``: session id -> the ``Outlet`` of its connection here, kept by the cluster (``.shell``).  Only a
    publication of frames alone is written here (each envelope ``["f", session, data]`` packed as this node packs
    it, nothing after the last; anything else is left whole to the inbox, which then reads it as before), and
    only its leading frames whose session's outlet is ready and not held, with at most ``max_data`` bytes of data
    (what a connection's bound on unsent bytes lets an outlet write: server/gateway.py ``MAX_OUTLET_DATA``); the
    first frame that is not, and every frame after it, is left to the inbox, in order.  A ready outlet says that
    ``quick`` would write the frame at once, as it is, to that session's connection (server/gateway.py
    ``Connection.refresh_outlet``) and a held one that its session has requests out, whose answers the inbox
    checks (``.forwarding``).

    :meth:`write` returns how many of the publication's last envelopes are left to the inbox (0: every frame was
    written; -1: the whole publication, not read here), or (that, the outlet) when an outlet's write raised: the
    writer stops after that frame, the outlet no longer ready, and the inbox aborts its transport.  A publication
    the inbox reads itself (frames mixed with other envelopes) has each frame of its batch offered in turn to
    :meth:`frame`, which writes it under the same conditions: True; False: left to ``quick``; the outlet when its
    write raised.
    """

    __slots__ = ("max_data", "outlets", "written")

    def __init__(self, outlets: dict[str, Any], max_data: int) -> None:
        self.outlets = outlets
        self.max_data = max_data
        self.written = 0  # the frames written through outlets

    def frame(self, session: str, data: bytes) -> Any:
        if type(session) is not str or type(data) is not bytes:
            return False
        outlet = self.outlets.get(session)
        if outlet is None or not outlet.ready or outlet.held or outlet.transport is None or len(data) > self.max_data:
            return False
        try:
            outlet.transport.write(binary_header(len(data)) + data)
        except Exception:
            outlet.ready = False
            return outlet
        self.written += 1
        return True

    def write(self, data: bytes) -> int | tuple[int, Any]:
        frames = frames_alone(data)
        if frames is None:
            return -1
        count = len(frames)
        outlets, max_data = self.outlets, self.max_data
        for i, (session, payload) in enumerate(frames):
            outlet = outlets.get(session)
            if outlet is None or not outlet.ready or outlet.held or outlet.transport is None or len(payload) > max_data:
                return count - i
            try:
                outlet.transport.write(binary_header(len(payload)) + payload)
            except Exception:
                outlet.ready = False
                return count - i - 1, outlet
            self.written += 1
        return 0


def frames_alone(data: bytes) -> list[tuple[str, bytes]] | None:
    """The frames of a publication of frame envelopes alone, packed as this node packs them (one ``["f", session,
    data]``, or a batch of them; strings as ``str``, the data as ``bin``; nothing after the last), as (session,
    data); None for any other publication."""
    count, at = _array(data, 0)
    tag, after = _str(data, at)
    if count < 1 or tag is None:
        return None
    if tag == b"batch":
        count, at = count - 1, after
    else:
        count, at = 1, 0  # (one envelope: read from its start)
    if count > (len(data) - at) // 5:  # (an envelope takes 5 bytes at least)
        return None
    frames = []
    for _ in range(count):
        n, at = _array(data, at)
        tag, at = _str(data, at)
        if n != 3 or tag != b"f":
            return None
        session, at = _str(data, at)
        payload, at = _bin(data, at)
        if session is None or payload is None:
            return None
        try:
            frames.append((session.decode(), payload))
        except UnicodeDecodeError:
            return None
    return frames if at == len(data) else None


def _array(data: bytes, at: int) -> tuple[int, int]:
    """A msgpack array's length and where its items start; -1 when the value at ``at`` is not an array."""
    size = len(data)
    if at >= size:
        return -1, at
    t = data[at]
    if t & 0xF0 == 0x90:
        return t & 0x0F, at + 1
    if t == 0xDC and size - at >= 3:
        return int.from_bytes(data[at + 1 : at + 3], "big"), at + 3
    if t == 0xDD and size - at >= 5:
        return int.from_bytes(data[at + 1 : at + 5], "big"), at + 5
    return -1, at


def _str(data: bytes, at: int) -> tuple[bytes | None, int]:
    """A msgpack str's bytes and where the next value starts; None when the value at ``at`` is not a whole str."""
    return _sized(data, at, _STR_HEADS, fix=0xA0)


def _bin(data: bytes, at: int) -> tuple[bytes | None, int]:
    """A msgpack bin's bytes and where the next value starts; None when the value at ``at`` is not a whole bin."""
    return _sized(data, at, _BIN_HEADS, fix=None)


_STR_HEADS = {0xD9: 1, 0xDA: 2, 0xDB: 4}  # (str 8, 16, 32: the length's bytes)
_BIN_HEADS = {0xC4: 1, 0xC5: 2, 0xC6: 4}  # (bin 8, 16, 32)


def _sized(data: bytes, at: int, heads: dict[int, int], fix: int | None) -> tuple[bytes | None, int]:
    size = len(data)
    if at >= size:
        return None, at
    t = data[at]
    if fix is not None and t & 0xE0 == fix:
        n, start = t & 0x1F, at + 1
    else:
        width = heads.get(t)
        if width is None or size - at < 1 + width:
            return None, at
        n, start = int.from_bytes(data[at + 1 : at + 1 + width], "big"), at + 1 + width
    if size - start < n:
        return None, at
    return data[start : start + n], start + n
