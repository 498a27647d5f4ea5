"""The native code behind one seam: every use of the ``_grundy_wire`` extension (native/grundy_wire.c).

A node builds one :class:`Native` from its configuration (``NodeConfig.native``, read from
``GRUNDY_NATIVE`` in server/config.py and nowhere else) and hands that one object to the parts
that use native code: the transport (the frame reader and writer), the gateway (the token
bucket, the move decoder), the room shells (the native room) and the cluster (through the node).
No other module imports the extension.

**Modes** (:data:`MODES`):

* ``off``: no native code; the pure-Python twins run (the transport's frame reader, the
  codec, the Python room for every move);
* ``wire``: the frame reader, the move decoder and the frame writer in C; every move through
  the Python room;
* ``room`` (the default): the same, and the plain move of a playing room taken in C
  (:class:`MoveTaker`, ``FastRoom``) when the room's game declares native rules.

A build without the extension (it is optional: a machine without a C compiler installs
without it) runs ``off`` whatever was asked (:attr:`Native.mode` says what runs).

**What the C trades**: plain values (bytes, str, int, float, tuples, lists, dicts of its own
types) and its own types (``FastRoom``, ``TokenBucket``, ``Outlet``).  It reads, writes and calls
no attribute of any other object but the one listed in :data:`C_ATTRIBUTES`, a transport's
``write``, and builds no object of any other type (tests/server/test_native_seam.py scans
native/*.c and fails on any other attribute name).
Everything that touches a Python object of the server is here, in Python: the move model
is built by its own ``__init__`` (:meth:`Native.decode_move`), a move the native room took is handed to
the group commit with the read's others (``GroupCommit.add_fast``, its shell busy until it is stored), and the room is
folded and stored by the Python room's code.

**Frames out** (:meth:`Native.outlet`): each client connection of a node running native rooms has an
``Outlet``, its transport and two flags that only Python sets: ``ready`` (server/gateway.py
``Connection.refresh_outlet``: open, not closing, nothing queued, websockets sending nothing else and
not paused by flow control; server/transport.py turns it off the moment websockets' state leaves
open or the transport pauses) and ``held`` (a cluster node's forwarder, server/cluster/forwarding.py:
the session has a request out on another node, whose one answer the delivery picks out of its frames).
A room's shell routes its seats' outlets to its ``FastRoom`` (``FastRoom.route``, with every load,
through the forwarder's ``outlets``: a node alone and a cluster's node alike); once a native move is
stored, ``FastRoom.resume_send`` writes its two frames through the seats' outlets that are ready and not
held, and leaves any other to Python (``Delivery.send``, the path of every other frame), so a paused,
closing or busy connection, a session with requests out elsewhere, or a session connected elsewhere
(it has no outlet here), takes the Python path.  :attr:`Native.frames_written` counts the frames the C
wrote.

**Which rooms** (:meth:`Native.terms`): a room of a game whose class declares
``native_rules = "take-away"`` (rules/base.py, the trait; subtraction does) that is playing
with two human seats, both connected, no clock, no first-move deadline pending, no draw
offer and no spectators.  Everything else about such a room (its first move, a refusal, the
move that ends the game, a disconnect, a spectator, a draw offer, ...) and every other room
takes the Python room.  The room's view is packed by the rules' own ``full_view`` around the
two values a move changes (:func:`_view_parts`): the C writes no key of a game's view.

**The protocol's bounds** reach the C from protocol/messages.py's constants
(``MAX_ROOM_ID_CHARS``, ``MAX_MOVE_CHARS``, ``MAX_REF_CHARS``), passed once when the
extension is loaded (``configure``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import msgpack

from grundy import protocol as p
from grundy.protocol import messages as pm
from grundy.server.room.values import PLAYING

MODES = ("off", "wire", "room")
OFF, WIRE, ROOM = MODES
DEFAULT_MODE = ROOM
# The environment variable server/config.py reads the mode from (its one reader).
ENV = "GRUNDY_NATIVE"

# Every attribute name native/*.c reads, writes, calls or interns (tests/server/test_native_seam.py holds the C
# to exactly this list): a transport's ``write``, called through an :meth:`Native.outlet` while Python says the
# connection may take a frame now (the two ``move_made`` frames of a stored native move).
C_ATTRIBUTES: tuple[str, ...] = ("write",)

# The native rules the C knows (a game's ``native_rules`` trait): one heap, a set of amounts, a goal.
TAKE_AWAY = "take-away"

# How many stored native moves a room's shell keeps before folding them into the Python room (a fold runs
# before the frames of the move that fills it go out: 32 made a move's p99 at 1,000 connections two to three
# times 16's, bench/load.py --paced-rate 27000; 8 folds twice as often for about the same p99).
MAX_UNFOLDED = 16

_Move = p.Move


def _extension() -> Any:
    try:
        import _grundy_wire
    except ImportError:
        return None
    _grundy_wire.configure(pm.MAX_ROOM_ID_CHARS, pm.MAX_MOVE_CHARS, pm.MAX_REF_CHARS)
    return _grundy_wire


def move_write(mode: str) -> Callable[[str, int, int, int, str, float], bytes | None] | None:
    """The native writer of a plain move's part of a cluster's store write (``move_write``: plain values in, bytes
    or None out; server/cluster/store.py holds its Python twin) when ``mode`` runs native code, else None."""
    ext = None if parse_mode(mode) == OFF else _extension()
    return None if ext is None else ext.move_write  # type: ignore[no-any-return]


def parse_mode(text: str | None) -> str:
    """A mode from its text (empty or None: the default); ValueError names the modes."""
    mode = (text or "").strip().lower() or DEFAULT_MODE
    if mode not in MODES:
        raise ValueError(f"{ENV}={text!r}: say one of {', '.join(MODES)}")
    return mode


class Native:
    """What native code a node runs, in one object (see the module docstring)."""

    def __init__(self, mode: str = DEFAULT_MODE) -> None:
        ext: Any = None if parse_mode(mode) == OFF else _extension()
        self.asked = parse_mode(mode)
        self.mode = OFF if ext is None else self.asked
        self.wire = ext is not None  # the frame reader, the move decoder and the frame writer in C
        self.room = ext is not None and self.mode == ROOM  # plain moves taken by native rooms
        self._ext = ext
        # The native rooms by room id (the C looks a move's room up here: FastRoom objects only).
        self.rooms: dict[str, Any] = {}
        self._written_before = 0  # frames written by native rooms no longer in ``rooms``
        self.scan_frames: Callable[[Any, int], Any] | None = ext.scan_frames if ext is not None else None
        self.binary_frame: Callable[[Any], bytes] | None = ext.binary_frame if ext is not None else None
        self.Bucket: type | None = ext.TokenBucket if ext is not None else None
        self._Outlet: Any = ext.Outlet if self.room else None
        self._parse = ext.parse_move if ext is not None else None
        self._try_move: Any = ext.try_move if self.room else None
        self._take_moves: Any = ext.take_moves if self.room else None
        # The last frame :meth:`try_move` read that is a valid move the native rooms declined, with its fields:
        # (frame, max_size, fields), for :meth:`decode_move` to make its model from (the frame is read once).
        self._declined: tuple[Any, int, tuple[Any, ...]] | None = None
        # Where the move taker hands a read's valid move for a room no native room here runs, read once (its fields
        # and its frame, as :meth:`move_fields` reads it): a cluster's forwarder passes it on to the room's node
        # (server/cluster/adapters.py, set when it is given the node's frames); None: such a frame is left to the
        # connection's reader.
        self.pass_on: PassOn | None = None

    def __repr__(self) -> str:
        return f"Native(mode={self.mode!r})"

    # ------------------------------------------------------------------ the wire

    def decode_move(self, frame: Any, max_size: int, cls: type = p.Move) -> p.Move | None:
        """The ``move`` request in ``frame`` when it is exactly a valid one (the model the validator builds), else
        None (the Python codec then decides, and gives every refusal).  ``cls`` is accepted for the older callers'
        signature and must be :class:`protocol.Move`."""
        parse = self._parse
        if parse is None or (type(frame) is not bytes and type(frame) is not bytearray):
            return None
        declined = self._declined
        if declined is not None and declined[0] is frame and declined[1] == max_size:
            fields = declined[2]  # (the native rooms declined this very frame just now: it is not read again)
            self._declined = None
        else:
            fields = parse(frame, max_size)
            if fields is None:
                return None
        given, ref, room, ply, move = fields
        if given:  # (built by its own __init__: the fields given are the frame's, as the codec's model has them)
            return _Move(ref=ref, type="move", room=room, ply=ply, move=move)
        return _Move(type="move", room=room, ply=ply, move=move)

    def move_fields(self, frame: Any, max_size: int) -> tuple[Any, ...] | None:
        """The fields of the ``move`` request in ``frame`` when it is exactly a valid one (as :meth:`decode_move`
        reads it, the frame read once): (ref given, ref, room, ply, move); None: let the codec decide.  A
        request passed on as its frame needs no model unless it must be handled again (:meth:`move_model`)."""
        parse = self._parse
        if parse is None or (type(frame) is not bytes and type(frame) is not bytearray):
            return None
        declined = self._declined
        if declined is not None and declined[0] is frame and declined[1] == max_size:
            self._declined = None
            return declined[2]
        return parse(frame, max_size)  # type: ignore[no-any-return]

    @staticmethod
    def move_model(fields: tuple[Any, ...]) -> p.Move:
        """The model :meth:`decode_move` makes from :meth:`move_fields`' answer."""
        return move_model(fields)

    # ------------------------------------------------------------------ native rooms

    def room_twin(self, room_id: str, owner: Any) -> Any:
        """A native room for the room ``room_id`` whose shell is ``owner`` (handed back with each move it takes),
        registered so that moves find it; None when plain moves take the Python room on this node."""
        if not self.room:
            return None
        fast = self._ext.FastRoom(room_id, owner)
        old = self.rooms.get(room_id)
        if old is not None:
            self._written_before += old.written
        self.rooms[room_id] = fast
        return fast

    @property
    def frames_written(self) -> int:
        """How many frames this node's native rooms wrote through outlets themselves (``FastRoom.written``: a stored
        native move's ``move_made`` to a seat whose outlet was ready and not held), since the node started."""
        return self._written_before + sum(fast.written for fast in self.rooms.values())

    def outlet(self, transport: Any) -> Any:
        """Where native rooms may write a connection's frames (``transport.write``, the one attribute the C calls),
        not ready until its connection says so (``outlet.ready``, set by server/gateway.py only); None when no
        native room runs on this node."""
        Outlet = self._Outlet  # noqa: N806  (a class)
        return None if Outlet is None else Outlet(transport)

    def forget(self, room_id: str, fast: Any) -> None:
        """The room's shell is gone: its native room takes no more moves."""
        if fast is not None:
            fast.disable()
            if self.rooms.get(room_id) is fast:
                del self.rooms[room_id]
                self._written_before += fast.written

    @staticmethod
    def terms(room: Any) -> tuple[Any, ...] | None:
        """The arguments of ``FastRoom.load`` for ``room``, or None when its moves must take the Python room."""
        game = room.game
        if (
            getattr(game, "native_rules", None) != TAKE_AWAY
            or room.status != PLAYING
            or room.clocks is not None
            or room.abort_at is not None
            or room.draw_agreed
            or room.watchers
            or len(room.seats) != 2
        ):
            return None
        s0, s1 = room.seats
        for s in (s0, s1):
            if s.session is None or not s.connected or s.kind == "bot" or s.grace_until is not None:
                return None
        if s0.session == s1.session:
            return None
        state = room.state
        if game.to_move(state) != state.turn:  # (over: a playing room is never, but the rules decide)
            return None
        heap, turn, goal, takes = game.native_terms(state)
        view = _view_parts(game, state, heap, turn)
        if view is None:
            return None
        return ((s0.session, s1.session), room.ply, heap, turn, goal, takes, view, bool(room.config.legal_moves))

    def try_move(self, frame: Any, max_size: int, session: str, now: float) -> tuple[Any, ...] | None:
        """A plain move in ``frame`` that a native room takes for ``session``: (shell, seat, ply, text, ref,
        move_made for seat 0, move_made for seat 1); None: nothing changed (the frame takes the Python path)."""
        try_move = self._try_move
        if try_move is None:
            return None
        taken = try_move(self.rooms, frame, max_size, session, now)
        if taken is not None and len(taken) == 5:  # (a valid move declined: its fields, for decode_move)
            self._declined = (frame, max_size, taken)
            return None
        return taken  # type: ignore[no-any-return]

    def move_taker(self, backlog: dict[Any, Any], timed: Timed, max_size: int, hand_over: HandOver) -> MoveTaker | None:
        """The reader of a connection's plain moves, a whole read at once (None: not in this mode)."""
        if not self.room:
            return None
        return MoveTaker(self, backlog, timed, max_size, hand_over)


def move_model(fields: tuple[Any, ...]) -> p.Move:
    """The model :meth:`Native.decode_move` makes from a move's fields (ref given, ref, room, ply, move), as
    :meth:`Native.move_fields` reads them: built by its own ``__init__``, with the fields the frame gave."""
    given, ref, room, ply, move = fields
    if given:
        return _Move(ref=ref, type="move", room=room, ply=ply, move=move)
    return _Move(type="move", room=room, ply=ply, move=move)


def _view_parts(game: Any, state: Any, heap: int, turn: int) -> tuple[bytes, bytes, bytes] | None:
    """The rules' view of ``state`` packed as the shell packs it, cut around the heap and the seat to move (the
    values a plain move changes): (before the heap's value, between it and to_move's, after); None when the view
    does not have them in that order (the Python room then takes every move)."""
    view = game.full_view(state)
    keys = list(view)
    if "heap" not in view or "to_move" not in view or keys.index("heap") > keys.index("to_move"):
        return None
    if view["heap"] != heap or view["to_move"] != turn:
        return None
    pack = msgpack.Packer(use_bin_type=True).pack
    parts: list[bytes] = []
    current = bytearray(_map_header(len(view)))
    for key, value in view.items():
        current += pack(key)
        if key in ("heap", "to_move"):
            parts.append(bytes(current))
            current = bytearray()
        else:
            current += pack(value)
    parts.append(bytes(current))
    key = (parts[0], parts[1], parts[2])
    return _VIEWS.setdefault(key, key) if len(_VIEWS) < _MAX_VIEWS else key  # (rooms of one game share theirs)


_VIEWS: dict[tuple[bytes, bytes, bytes], tuple[bytes, bytes, bytes]] = {}
_MAX_VIEWS = 4096


def _map_header(n: int) -> bytes:
    if n < 16:
        return bytes((0x80 | n,))
    return b"\xde" + n.to_bytes(2, "big")


# The node's timing of requests handled without their models: (their type, when they came in, how many).
Timed = Callable[[type, float, int], None]

# Where the moves native rooms took go to be stored (``GroupCommit.add_fast``): (the ``FastRoom`` tuples of one
# read, when they were taken, the mover's session).
HandOver = Callable[[list[tuple[Any, ...]], float, str], None]

# Where a valid move for a room no native room here runs may go instead of the connection's reader (a cluster's
# forwarder: to the room's node): (the mover's session, the move's fields as :meth:`Native.move_fields` gives them,
# its frame); True: passed on (the request is done with here), False: nothing done.
PassOn = Callable[[Any, tuple[Any, ...], bytes], bool]


class MoveTaker:
    """A connection's plain moves, a whole read at once (the transport's reader calls :meth:`take`).

    For the read's leading frames that are plain moves native rooms take, it does what the gateway's
    ``on_frame`` and the node's move path do: a token of the connection's bucket, the move taken by
    the native room (in C, one call a read), then the read's moves handed over together to the group
    commit (``GroupCommit.add_fast``: each room's shell waits, busy, until its move is stored, and
    nobody hears of a move before) and timed in the node's metrics.  It stops at the first frame it
    does not take; the connection's Python reader goes on from there, so the order of a connection's
    frames is kept and every other frame, every refusal included, is the Python path's.

    On a cluster's node (:attr:`Native.pass_on` set), the frame it stops at, when it is a valid move for a
    room no native room here runs, is read in the same call and handed to ``pass_on`` with its token, as
    the gateway's frame taker would hand it to the forwarder: passed on to the room's node, it is done with
    (and the read goes on after it); else its token is given back and the Python reader meets it as before.
    """

    def __init__(  # noqa: PLR0913 - one field each
        self, native: Native, backlog: dict[Any, Any], timed: Timed, max_size: int, hand_over: HandOver
    ) -> None:
        self.rooms = native.rooms
        self.bucket_type = native.Bucket
        self._take_moves = native._take_moves
        self._try_move = native._try_move
        self.backlog = backlog  # connections whose requests wait behind an unanswered one
        self.timed = timed
        self.max_size = max_size
        self.hand_over = hand_over
        self.pass_on = native.pass_on
        self.taken = 0
        self.passed = 0  # moves for rooms run elsewhere, handed to ``pass_on`` and passed on by it
        self.last_at = 0  # where the last take stopped (read it after an error)

    def take(self, conn: Any, data: bytes, max_binary: int) -> int:
        """The offset of the first frame of ``data`` not taken (``len(data)``: every frame was a plain move
        that a native room took, or the last one a move ``pass_on`` passed on)."""
        session = conn.session
        if conn.closing or session is None or conn in self.backlog:
            return 0
        bucket = conn.requests
        if type(bucket) is not self.bucket_type:
            return 0
        started = time.perf_counter()
        sid = session.id
        self.last_at = 0
        pass_on = self.pass_on
        at, now, taken, fields, frame = self._take_moves(
            self.rooms, data, sid, bucket, max_binary, self.max_size, pass_on is not None
        )
        self.last_at = at  # (the frames before it are taken, whatever happens next)
        n = len(taken)
        passed = False
        try:
            if n:
                self.hand_over(taken, now, sid)
                self.taken += n
            if fields is not None:  # (a move for a room run elsewhere, perhaps: its token is taken)
                passed = pass_on(session, fields, frame)  # type: ignore[misc]
        finally:
            if fields is not None and not passed:
                bucket.tokens += 1.0  # type: ignore[attr-defined]  # (given back: the reader takes it for the frame)
        if passed:
            at = self.last_at = at + 6 + len(frame)  # (a short masked frame: two bytes, the mask, the payload)
            self.passed += 1
            n += 1
        if n:
            self.timed(p.Move, started, n)
        return at  # type: ignore[no-any-return]

    def take_frame(self, frame: bytes, sid: str) -> bool:
        """A plain move (an unmasked payload, for a session connected elsewhere) that a native room here took
        and handed to its shell: True; False: nothing done."""
        started = time.perf_counter()
        now = time.time_ns() // 1000 / 1e6  # (whole microseconds, as take_moves's: a cluster's log writes them cheaply)
        taken = self._try_move(self.rooms, frame, self.max_size, sid, now)
        if taken is None or len(taken) == 5:  # (not a move, or a move declined)
            return False
        self.hand_over([taken], now, sid)
        self.timed(p.Move, started, 1)
        self.taken += 1
        return True
