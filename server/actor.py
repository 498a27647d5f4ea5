"""The async shell around one room: a mailbox, so the room handles one event at a time.

Everything that touches a room goes through its mailbox: protocol requests turned into room
events, timer ticks, bot answers, and small jobs of the node (answer a ``get_state``, add a
spectator).  For each event the actor calls the pure ``Room.handle`` and executes the
effects in the order ``server.room`` documents: persistence first (a failed write keeps
the old room and answers ``internal``), then the messages (each message object encoded
once, the same bytes fanned out to every recipient), then the end-of-game bookkeeping,
the timers (``loop.call_at`` feeding ``Tick``) and the bot requests.

A failure inside a room never leaves it stuck and never leaves it: if handling an event,
executing its effects or encoding a message raises (anything but a failed store write,
which keeps the old room), the room is *faulted* (:meth:`RoomActor.fault`): it ends
``aborted`` with a reason naming an internal error, the status and the moves so far stay
in the store (the record is kept), every player and spectator gets a ``game_over`` and the
request that hit the fault an ``internal`` error with its ``ref``.  Every message the room
sends afterwards is encoded defensively (:func:`encode_safely`), so each later request
about the room is still answered.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import logging
import random
import time
from collections.abc import Callable, Coroutine, Generator
from typing import Any

import msgpack
from pydantic import BaseModel

from grundy import protocol as p
from grundy.protocol import ErrorCode, encode, i18n
from grundy.server.background import Background
from grundy.server.errors import (
    ServerError,
    Unavailable,
    error_message,
    fault_message,
    in_language,
    refusal_message,
)
from grundy.server.logs import ROOM, SESSION
from grundy.server.native import MAX_UNFOLDED, Native
from grundy.server.ports import (
    BotQueue,
    Delivery,
    RoomHooks,
    RoomUpdate,
    Store,
    StoredChat,
    StoredMove,
    StoredRoom,
    Write,
)
from grundy.server.room import (
    ABORTED,
    BotMove,
    Cancel,
    Effect,
    Event,
    GameEnded,
    PersistChat,
    PersistMove,
    PersistRoom,
    Refused,
    RematchAgreed,
    RequestBotMove,
    Room,
    Schedule,
    Send,
    Tick,
    ToSeat,
    ToSession,
    ToSpectators,
    WatcherChange,
)

log = logging.getLogger("grundy.room")

Job = Callable[["RoomActor"], None]

_packer = msgpack.Packer(use_bin_type=True)  # one packer for the node: packb builds one per call


def _encode(msg: BaseModel) -> bytes:
    """``protocol.encode``; a ``move_made`` (plain values only: a view is a rules dict) packs its fields as they are."""
    if type(msg) is p.MoveMade:
        try:
            return _packer.pack(msg.__dict__)  # type: ignore[no-any-return]
        except Exception:
            _packer.reset()  # (a failed pack may leave bytes behind in the shared packer)
            raise
    return encode(msg)


# The fields a defensive encoding blanks when a message cannot be encoded as it is.
_BLANK: dict[str, Any] = {"view": {}, "legal_moves": None, "params": {}, "moves": []}


def encode_safely(msg: BaseModel, room: str | None = None) -> bytes:
    """Encode ``msg``; if that fails (a value no wire format can carry), the same message without its
    game data (view, legal moves, parameters, move list), and failing that an ``internal`` error.

    Used once a room has faulted, and for replies about a room, so a request is always answered.
    """
    try:
        return _encode(msg)
    except Exception:
        log.exception("room %s: a %s could not be encoded; sending it without its game data", room, type(msg).__name__)
    try:
        blank = {k: v for k, v in _BLANK.items() if k in type(msg).model_fields}
        return encode(msg.model_copy(update=blank))
    except Exception:
        log.exception("room %s: a %s could not be encoded even without its game data", room, type(msg).__name__)
    return encode(fault_message(_safe_ref(getattr(msg, "ref", None)), room, "the server could not encode its answer"))


def _safe_ref(ref: Any) -> Any:
    return ref if isinstance(ref, (str, int)) and not isinstance(ref, bool) else None


class _Stop:
    """Mailbox sentinel: the actor finishes what was queued before it, then ends."""


class _Timer:
    """Mailbox item: a timer fired; the actor turns it into ``Tick(now)`` when it gets to it."""


_STOP = _Stop()
_NO_DRAW: frozenset[int] = frozenset()
_NONE_UNFOLDED: list[StoredMove] = []  # (shared by every shell with no native move waiting: never appended to)
_TICK = _Timer()

# A bot's turn left without a pending job (its move could not be stored, or handling failed):
# the bot is asked again after this pause, so a room of bots never stalls on a passing fault.
BOT_RETRY_S = 0.5


@dataclasses.dataclass(slots=True)
class _Pending:
    """A room's handled event waiting for its writes: what to do once they are stored (or refused)."""

    actor: RoomActor
    old: Room | None
    new: Room
    effects: list[Effect]
    writes: list[Write]
    session: str | None
    ref: Any


class GroupCommit:
    """The writes of every room that moved in one turn of the event loop, stored together.

    A room whose event has writes (a room created or changed, moves accepted) hands them and
    the rest of its effects here and waits, busy.  Once per loop turn :meth:`flush` stores
    every waiting write in one unit of work (``Store.write``) and then lets each room go on
    (send, timers, bots), so a write is stored before anyone hears of it while the store pays
    one commit per turn instead of one per move.  If the group fails, each room's writes are
    retried on their own, so only the room whose write failed answers ``internal`` and stays
    as it was.  The commit runs inside :meth:`flush` until the store first waits: the embedded
    store never does, so its group is stored and its rooms' messages written in the same turn
    (no task, no further turn of the loop); a store that waits (a cluster's) goes on in a task,
    and once it has waited its groups go to tasks from the start.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[_Pending] = []
        self.fast: list[_Fast] = []  # moves native rooms took (server/native.py), waiting as ``waiting`` does
        self.scheduled = False
        self.running: set[asyncio.Task[None]] = set()
        self.inline = True  # the store has never waited: a group is stored within flush

    def add(self, pending: _Pending) -> None:
        self.waiting.append(pending)
        if not self.scheduled:
            self.schedule()

    def add_fast(self, taken: list[tuple[Any, ...]], at: float, session: str) -> None:
        """Moves native rooms took at ``at`` for ``session`` (``FastRoom``'s tuples: shell, seat, ply, text, ref,
        move_made for seat 0, for seat 1), all handed over in one call: each room's shell is busy until its move
        is stored, as the Python path's (:meth:`RoomActor._after_fast_stores` finishes them)."""
        fast = self.fast
        for actor, seat, ply, text, ref, m0, m1 in taken:
            actor.busy = True
            actor.committing = True
            twin = actor.fast
            if twin is not None:
                twin.idle = False
            fast.append((actor, (actor.id, StoredMove(ply, seat, text, at, None)), ref, session, m0, m1))
        if not self.scheduled:
            self.schedule()

    def schedule(self) -> None:
        """Flush at the end of this loop turn."""
        self.scheduled = True
        asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Store everything waiting, at once: a store that answers without waiting (the embedded one) has it stored
        and every room gone on before this returns; one that waits (a cluster's) goes on in a task, and from the
        first time it waits, its groups go to a task straight away (:attr:`inline` off: a task of their own is
        cheaper than running their first step here and handing the rest to one)."""
        self.scheduled = False
        waiting, fast = self.waiting, self.fast
        if not waiting and not fast:
            return
        self.waiting, self.fast = [], []
        commit = self._commit(waiting, fast)
        if self.inline:
            try:
                awaiting = commit.send(None)
            except StopIteration:
                return
            self.inline = False
            task = asyncio.get_running_loop().create_task(_rest_of(commit, awaiting))
        else:
            task = asyncio.get_running_loop().create_task(commit)
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def drain(self) -> None:
        """Store everything waiting and wait for it (shutdown)."""
        self.flush()
        while self.running:
            await asyncio.gather(*self.running, return_exceptions=True)

    async def _commit(self, waiting: list[_Pending], fast: list[_Fast]) -> None:
        store = self.store
        failed: list[Exception | None] = [None] * len(waiting)
        fast_failed: list[Exception | None] | None = None  # (None: every native move stored)
        writes = [w for pending in waiting for w in pending.writes]
        writes.extend([entry[1] for entry in fast])
        try:
            await store.write(writes)
        except Exception as e:
            if len(waiting) + len(fast) == 1:
                room_id = waiting[0].actor.id if waiting else fast[0][0].id
                _write_failed(room_id, e)
                if waiting:
                    failed[0] = e
                else:
                    fast_failed = [e]
            else:
                log.warning("a group of %d rooms' writes failed; storing them room by room", len(waiting) + len(fast))
                for i, pending in enumerate(waiting):
                    try:
                        await store.write(pending.writes)
                    except Exception as e:
                        _write_failed(pending.actor.id, e)
                        failed[i] = e
                fast_failed = [None] * len(fast)
                for i, entry in enumerate(fast):
                    try:
                        await store.write([entry[1]])
                    except Exception as e:
                        _write_failed(entry[0].id, e)
                        fast_failed[i] = e
        if fast:
            RoomActor._after_fast_stores(fast, fast_failed)
        for error, pending in zip(failed, waiting, strict=True):
            actor = pending.actor
            ROOM.set(actor.id)  # (this task's own context: log lines name the room and the sender)
            SESSION.set(pending.session)
            try:
                if error is None:
                    actor._after_store(pending.old, pending.new, pending.effects)
                else:
                    actor._store_failed(pending.session, pending.ref, error)
            except Exception as e:
                log.exception("room %s: failed after storing its writes", actor.id)
                actor.fault(e, pending.session, pending.ref)
            actor._resume()


class _Started:
    """A coroutine run up to its first wait, awaited for the rest (``await _Started(coro, awaiting)``): what it
    waits for goes to the awaiting task, and what the task sends or throws back goes to the coroutine."""

    __slots__ = ("coro", "awaiting")

    def __init__(self, coro: Coroutine[Any, Any, None], awaiting: Any) -> None:
        self.coro = coro
        self.awaiting = awaiting

    def __await__(self) -> Generator[Any, Any, None]:
        coro, awaiting = self.coro, self.awaiting
        while True:
            try:
                sent = yield awaiting
            except BaseException as e:  # (a cancellation, or what the awaited future raised into the task)
                try:
                    awaiting = coro.throw(e)
                except StopIteration:
                    return
            else:
                try:
                    awaiting = coro.send(sent)
                except StopIteration:
                    return


async def _rest_of(coro: Coroutine[Any, Any, None], awaiting: Any) -> None:
    """The rest of ``coro``, which :meth:`GroupCommit.flush` ran until it waited for ``awaiting`` (a task runs it)."""
    await _Started(coro, awaiting)


# A move a native room took, waiting for its write: (the room's shell, its write, the request's ref, the mover's
# session, move_made for seat 0, for seat 1).
_Fast = tuple["RoomActor", tuple[str, StoredMove], Any, str, bytes, bytes]


def _write_failed(room_id: str, error: Exception) -> None:
    """Log a room's failed write: a refusal the store explains (its store unreachable: ``unavailable``)
    in one line, anything else with its traceback."""
    if isinstance(error, Unavailable):  # (an outage: the cluster says so once; clients send their moves again)
        log.debug("room %s: store write refused (%s); the event is dropped", room_id, error)
    elif isinstance(error, ServerError):
        log.warning("room %s: store write refused (%s); the event is dropped", room_id, error)
    else:
        log.error("room %s: store write failed; the event is dropped", room_id, exc_info=error)


def _writes(room_id: str, effects: list[Effect]) -> list[Write]:
    """The store writes among a room's effects, in their order."""
    out: list[Write] = []
    for e in effects:
        if isinstance(e, PersistMove):
            out.append((e.room, StoredMove(e.ply, e.seat, e.text, e.at, e.clocks)))
        elif isinstance(e, PersistChat):
            out.append((e.room, StoredChat(e.seq, e.seat, e.name, e.text, e.at)))
        elif isinstance(e, PersistRoom):
            if e.created:
                row = StoredRoom(
                    e.room, e.game, e.params, e.meta, e.status, e.created_at, time.time(), e.result, e.reason
                )
                out.append((e.room, row))
            else:
                out.append((e.room, RoomUpdate(e.status, e.meta, e.result, e.reason)))
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class RoomServices:
    """The ports a room's shell works through, shared by every room of a node."""

    store: Store
    delivery: Delivery
    bots: BotQueue
    hooks: RoomHooks
    commit: GroupCommit
    background: Background
    count_error: Callable[[Any], None] = lambda code: None  # an error code a request was answered with (metrics)
    # The node's native code (server/native.py): each room's native twin for plain moves comes from it.
    native: Native | None = None
    # A session's native outlet on this node, ready or not as its connection says (server/gateway.py ready_outlet) and
    # held or not as the forwarder says (a cluster's: requests out), or None for a session connected elsewhere or not
    # at all; None: the native twins write nothing themselves (the delivery sends every frame).
    outlets: Callable[[str], Any] | None = None
    # The language of a session connected to this node (None: elsewhere or unknown): a refusal's message is worded in
    # it (its ``say`` travels anyway, for a client on another node of a cluster to say).
    lang_of: Callable[[str], str | None] = lambda session: None


class RoomActor:
    """One room's mailbox, timers, spectators and pending bot job.

    The room handles one event at a time: an item is handled at once when the room is idle
    (a move straight from the gateway, with no hop through a queue or a task), otherwise it
    waits in the mailbox, which is drained on the next loop turn.  While the room's moves
    wait for their group commit the room is busy: later items wait behind them.
    """

    def __init__(self, services: RoomServices, room: Room) -> None:
        self.services = services
        self.fast: Any = None  # (set below: the room's native twin)
        self._room = room
        self.id = room.id
        self.mailbox: collections.deque[Any] = collections.deque()
        self.busy = False  # handling an item, or waiting for its writes to be stored
        self.committing = False  # its writes wait for the group commit: nothing else is handled meanwhile
        self.scheduled = False  # a drain of the mailbox is due on the next loop turn
        self.stopped = False
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.faulted = False  # something failed inside the room: it was ended aborted (see the module docstring)
        # Moves the native twin took that are stored and sent but not yet in the room (as the store has them).
        self._unfolded: list[StoredMove] = _NONE_UNFOLDED  # (a list of its own once one waits)
        # The room's native twin for plain moves (server/native.py), loaded from every room this shell takes.
        native = services.native
        if native is not None and native.room:
            self.fast = native.room_twin(self.id, self)
            self._sync_fast()

    @property
    def room(self) -> Room:
        """The room, with every move its native twin took and the store holds in it.

        The native twin keeps a playing room's plain moves, once stored and sent, until anything
        reads the room (or a few of them wait): they are folded in here first.
        """
        if self._unfolded:
            self._fold_fast()
        return self._room

    @room.setter
    def room(self, room: Room) -> None:
        if self._unfolded:  # (every room taken is made from the one read: never lose them)
            raise RuntimeError(f"room {self.id}: a new room over moves of its native twin not folded in")
        self._room = room

    # ------------------------------------------------------------------ feeding the room

    def start(self, effects: list[Effect]) -> None:
        """Run the actor; ``effects`` (from ``Room.create``/``Room.restore``) are executed first."""

        def first(actor: RoomActor) -> None:
            actor._execute(None, actor.room, effects)

        self.put(first)

    def put(self, item: Event | Job | _Timer) -> None:
        """Queue a room event or a job (a function called with this actor, inside the room's turn)."""
        if self.stopped:
            return
        self.mailbox.append(item)
        if self.fast is not None:
            self.fast.idle = False
        self._schedule()

    def deliver(self, item: Event | Job) -> None:
        """Handle ``item`` now if the room is idle, else queue it (call only from outside any room's turn)."""
        if self.busy or self.mailbox or self.stopped:
            self.put(item)
            return
        self._process(item)
        if not self.busy and self.mailbox:
            self._schedule()
        self._note_idle()

    def stop(self) -> None:
        """Let the actor finish what is queued, then end."""
        if not self.stopped:
            self.mailbox.append(_STOP)
            if self.fast is not None:
                self.fast.idle = False
            self._schedule()

    def queued(self) -> int:
        return len(self.mailbox)

    def _schedule(self) -> None:
        if not self.scheduled and not self.busy:
            self.scheduled = True
            asyncio.get_running_loop().call_soon(self._drain)

    def _drain(self) -> None:
        self.scheduled = False
        while self.mailbox and not self.busy:
            item = self.mailbox.popleft()
            if item is _STOP:
                self.stopped = True
                self.mailbox.clear()
                native = self.services.native
                if native is not None:
                    native.forget(self.id, self.fast)
                if not self.done.done():
                    self.done.set_result(None)
                return
            self._process(item)
        self._note_idle()

    def _note_idle(self) -> None:
        """Tell the native twin whether the shell is idle (it takes a move only then, so moves keep their order)."""
        fast = self.fast
        if fast is not None:
            fast.idle = not (self.busy or self.mailbox or self.stopped)

    def _resume(self) -> None:
        """The room's writes are stored and its messages sent: go on with the mailbox."""
        self.committing = False
        self.busy = False
        if self.mailbox:
            self._schedule()
        self._note_idle()

    def _process(self, item: Any) -> None:
        self.busy = True
        # Log lines name the room and the event's sender (server.logs); a job keeps whoever asked for it.
        room = ROOM.set(self.id)
        session = SESSION.set(SESSION.get() if callable(item) else getattr(item, "session", None))
        try:
            if item is _TICK:
                self.handle(Tick(time.time()))
            elif callable(item):
                item(self)
            else:
                self.handle(item)
        except Exception as e:
            log.exception("room %s: failed on %r", self.id, item)
            self.fault(e, getattr(item, "session", None), getattr(item, "ref", None))
        finally:
            SESSION.reset(session)
            ROOM.reset(room)
        if not self.committing:
            self.busy = False
        self._note_idle()

    def fault(self, error: BaseException, session: str | None = None, ref: Any = None) -> None:
        """Something failed inside the room: end it aborted, keep its record, tell everyone; never raises.

        ``session``/``ref`` name the request that hit the fault: it gets an ``internal`` error.
        A room that had already ended stays as it was (only the request is answered).
        """
        if session is not None:
            self.services.count_error(ErrorCode.INTERNAL)
            self.send_to_session(session, encode(fault_message(_safe_ref(ref), self.id)))
        if self.faulted or self.room.is_ended:
            return
        self.faulted = True
        said = {"id": "wire-end-fault", "args": {"error": type(error).__name__}}  # (each reader's language)
        reason = i18n.tr(i18n.DEFAULT, "wire-end-fault", error=type(error).__name__)
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        self._cancel_bot()
        now = time.time()
        old = self.room
        try:
            room = old._ended(ABORTED, None, "aborted", reason, now, said)
        except Exception:
            log.exception("room %s: could not end the room cleanly", self.id)
            return
        self.room = room
        self._sync_fast()
        try:
            meta: dict[str, Any] | None = room.meta()
        except Exception:
            log.exception("room %s: its meta could not be built; the stored one is kept", self.id)
            meta = None
        store, update = self.services.store, RoomUpdate(ABORTED, meta, None, reason)
        self.services.background.put(f"room {self.id} aborted", lambda: store.write([(self.id, update)]))
        sends: list[Effect]
        try:
            sends = room._game_over_sends(now)
        except Exception:
            log.exception("room %s: its game_over could not be built; sending a bare one", self.id)
            bare = p.GameOver(
                room=self.id, status="aborted", result=None, reason=reason, view={}, params={}, clocks=None
            )
            sends = [Send(ToSeat(i), bare) for i in range(len(room.seats))]
            sends.append(Send(ToSpectators(), bare))
        frames: dict[int, bytes] = {}
        for e in sends:
            if isinstance(e, Send):
                data = frames.get(id(e.message))
                if data is None:
                    data = frames[id(e.message)] = encode_safely(e.message, self.id)
                try:
                    self._send(e, data)
                except Exception:
                    log.exception("room %s: a game_over could not be sent", self.id)
        if old.seats != room.seats:
            self.services.hooks.members_changed(self.id, old, room)
        try:
            self.services.hooks.game_ended(self.id, GameEnded(self.id, ABORTED, None, "aborted", reason))
        except Exception:
            log.exception("room %s: the end-of-game bookkeeping failed", self.id)

    def handle(self, event: Event) -> None:
        """Feed one event to the room and execute its effects (call only from inside the actor: jobs).

        If an earlier event of this turn still waits for its writes, this one is handled right
        after them (first in the mailbox), so every event sees the room its predecessor left.
        """
        if self.committing:
            self.mailbox.appendleft(event)
            return
        old = self.room
        new, effects = old.handle(event)
        self._execute(old, new, effects, getattr(event, "session", None), getattr(event, "ref", None))

    # ------------------------------------------------------------------ effects

    def _execute(
        self, old: Room | None, new: Room, effects: list[Effect], session: str | None = None, ref: Any = None
    ) -> None:
        """Store, then send and the rest: writes go to this turn's group commit and the room waits for them."""
        writes = _writes(self.id, effects)
        if writes:
            self.committing = True
            self.services.commit.add(_Pending(self, old, new, effects, writes, session, ref))
            return
        self._after_store(old, new, effects)

    def _store_failed(self, session: str | None, ref: Any, error: Exception | None = None) -> None:
        """The event's writes failed and the room stays as it was: tell the sender (``internal``, or the
        store's own refusal: ``unavailable`` when it cannot be reached); a bot's move is asked again."""
        if session is not None:
            if isinstance(error, ServerError):
                self.services.count_error(error.code)
                err = error_message(error, ref, self.id)
            else:
                self.services.count_error(ErrorCode.INTERNAL)
                err = fault_message(ref, self.id, "the server could not store this")
            self.send_to_session(session, encode(err))
        self._keep_bot_going()

    def _after_store(self, old: Room | None, new: Room, effects: list[Effect]) -> None:
        """The room's writes are stored: take the new room and execute the rest of its effects."""
        self.room = new
        self._sync_fast()
        if old is not None and (old.seats != new.seats or old.creator != new.creator):
            self.services.hooks.members_changed(self.id, old, new)
        frames: dict[int, bytes] = {}
        for e in effects:
            if isinstance(e, Send):
                key = id(e.message)
                data = frames.get(key)
                if data is None:
                    data = frames[key] = encode_safely(e.message, self.id) if self.faulted else _encode(e.message)
                self._send(e, data)
            elif isinstance(e, Refused):
                if e.session is not None:
                    self.services.count_error(e.code)
                    err = in_language(refusal_message(e), self.services.lang_of(e.session))
                    self.send_to_session(e.session, encode_safely(err, self.id) if self.faulted else encode(err))
            elif isinstance(e, Schedule):
                self._arm(e.key, e.at)
            elif isinstance(e, Cancel):
                handle = self.timers.pop(e.key, None)
                if handle is not None:
                    handle.cancel()
            elif isinstance(e, RequestBotMove):
                self._ask_bot(e)
            elif isinstance(e, GameEnded):
                self._cancel_bot()
                self.services.hooks.game_ended(self.id, e)
            elif isinstance(e, RematchAgreed):
                self.services.hooks.rematch_agreed(self.room, e)
            elif isinstance(e, WatcherChange):
                self.services.hooks.watching_changed(self.id, e.session, e.watching, e.lasting)

    # ------------------------------------------------------------------ the native move path

    def _sync_fast(self) -> None:
        """Load the room's terms into its native twin, or disable it when its moves must take the Python room."""
        fast = self.fast
        if fast is not None:
            terms = None if self.faulted else Native.terms(self.room)
            if terms is None:
                fast.disable()
            else:
                fast.load(*terms)
                outlets = self.services.outlets
                if outlets is not None:  # (where the twin writes each seat's frames itself while it may)
                    s0, s1 = terms[0]
                    fast.route(outlets(s0), outlets(s1))

    def _fold_fast(self) -> None:
        """Fold the stored moves the native twin took into the room (see :attr:`room`), by the rules, as the
        Python room's move path makes a moved room."""
        moves, self._unfolded = self._unfolded, _NONE_UNFOLDED
        self._room = self._room.with_plain_moves(moves, _NO_DRAW)

    @staticmethod
    def _after_fast_stores(stored: list[_Fast], failed: list[Exception | None] | None) -> None:
        """Moves native rooms took, once the store answered (``failed``: each one's error, None: all stored), in
        one call for a group: a stored move waits to be folded into its room (when anything reads the room, or
        once a few wait), its ``move_made`` messages are sent and the shell goes on (:meth:`_resume`, inline); a
        move not stored puts its native room back as the room is and is refused as the Python path refuses."""
        errors = None if failed is None else iter(failed)
        for actor, write, ref, session, m0, m1 in stored:
            if errors is not None:
                error = next(errors)
                if error is not None:
                    actor._fast_not_stored(session, ref, error)
                    continue
            try:
                move = write[1]
                ply = move.ply
                fast = actor.fast
                unfolded = actor._unfolded
                # The twin takes moves again and writes both seats' frames through their ready outlets (C): -1, the
                # room is not where the move left it; else the frames left to the delivery (see _send_left).
                follows = fast is not None and ply == actor._room.ply + len(unfolded)
                left = fast.resume_send(ply, m0, m1) if follows else -1
                if unfolded is _NONE_UNFOLDED:
                    unfolded = actor._unfolded = [move]
                else:
                    unfolded.append(move)
                if left < 0:  # (never expected: the room is not where the move left it) folded now, the twin reloaded
                    ROOM.set(actor.id)
                    SESSION.set(session)
                    log.error("room %s: a native move did not follow the room; folding it in now", actor.id)
                    actor._fold_fast()
                    actor._sync_fast()
                    left = 3
                elif len(unfolded) >= MAX_UNFOLDED:
                    actor._fold_fast()
                if left:
                    actor._send_left(left, m0, m1)
                # _resume, inline (once per move): the shell is idle unless events wait.
                actor.committing = False
                actor.busy = False
                if actor.mailbox:
                    actor._schedule()
                if fast is not None:
                    fast.idle = not (actor.mailbox or actor.stopped)
            except Exception as e:
                ROOM.set(actor.id)
                SESSION.set(session)
                log.exception("room %s: failed after storing its writes", actor.id)
                actor.fault(e, session, ref)
                actor._resume()

    def _fast_not_stored(self, session: str, ref: Any, error: Exception) -> None:
        """A move the native twin took that the store refused: the twin goes back to the room as it was (the move
        is not in it) and the mover is refused as the Python path refuses."""
        ROOM.set(self.id)  # (this task's own context: log lines name the room and the sender)
        SESSION.set(session)
        try:
            self._sync_fast()
            self._store_failed(session, ref, error)
        except Exception as e:
            log.exception("room %s: failed after its write failed", self.id)
            self.fault(e, session, ref)
        self._resume()

    def _send_left(self, left: int, m0: bytes, m1: bytes) -> None:
        """A stored native move's frames its twin did not write (``FastRoom.resume_send``'s answer ``left``: bits 1
        and 2, a seat's frame for the delivery; 4 and 8, a seat whose write raised: its transport is aborted, as
        server/transport.py write_now does)."""
        s0, s1 = self._room.seats  # (a plain move changes no seat; a native room has two)
        send = self.services.delivery.send
        if left & 1 and s0.session is not None:
            send(s0.session, m0)
        if left & 2 and s1.session is not None:
            send(s1.session, m1)
        if left & 12:
            outlets = self.fast.outlets if self.fast is not None else (None, None)
            for seat in (0, 1):
                outlet = outlets[seat]
                if left & (4 << seat) and outlet is not None:
                    log.debug("room %s: a direct write to seat %d failed; aborting its transport", self.id, seat)
                    transport = outlet.transport
                    outlet.close()
                    if transport is not None:
                        transport.abort()

    def _send(self, e: Send, data: bytes) -> None:
        to = e.to
        room = self.room
        if isinstance(to, ToSeat):
            holder = room.seats[to.seat].session
            if holder is not None:
                self.send_to_session(holder, data)
                for sid, seat in room.devices.items():  # (the player's other devices see what its seat sees)
                    if seat == to.seat:
                        self.send_to_session(sid, data)
        elif isinstance(to, ToSession):
            self.send_to_session(to.session, data)
        elif isinstance(to, ToSpectators):
            devices = room.devices
            for sid in room.watchers:
                if sid != to.exclude and sid not in devices:
                    self.send_to_session(sid, data)

    def send_to_session(self, session_id: str, data: bytes) -> None:
        self.services.delivery.send(session_id, data)

    def reply(self, session_id: str, msg: p.Error | p.RoomState | p.Ok | p.RoomCreated | p.Record) -> None:
        """Answer one request about this room (encoded defensively: a reply is never lost to a bad value)."""
        self.send_to_session(session_id, encode_safely(msg, self.id))

    # ------------------------------------------------------------------ timers and bots

    def _arm(self, key: str, at: float) -> None:
        old = self.timers.pop(key, None)
        if old is not None:
            old.cancel()
        if self.services.hooks.stopping:  # the deadlines are stored with the room and re-armed after the restart
            return
        loop = asyncio.get_running_loop()
        self.timers[key] = loop.call_at(loop.time() + max(0.0, at - time.time()) + 0.002, self._fired, key, at)

    def _fired(self, key: str, at: float) -> None:
        self.timers.pop(key, None)
        if time.time() < at:  # the loop's clock ran ahead of the wall clock: wait for the rest
            self._arm(key, at)
        else:
            self.put(_TICK)

    def _ask_bot(self, req: RequestBotMove) -> None:
        self._cancel_bot()
        if self.services.hooks.stopping:  # restored and asked again after the restart
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_move(req), name=f"bot {self.id}@{req.ply}")

    async def _bot_move(self, req: RequestBotMove) -> None:
        try:
            answer = await self.services.bots.choose(req)
            text, ply = answer.text, answer.ply
        except asyncio.CancelledError:
            raise
        except Exception:  # the pool promises not to fail; if it does anyway, a random move keeps the room going
            log.exception("room %s: bot pool failed at ply %d; playing a random move", self.id, req.ply)
            room = self.room
            if room.ply != req.ply or room.turn != req.seat:
                return
            text, ply = random.choice(room.game.legal_texts(room.state)), req.ply
        self.put(BotMove(req.seat, ply, text, time.time()))

    def _keep_bot_going(self) -> None:
        """When it is a bot's turn and no job will answer it (the answer was dropped), ask again after a pause.

        A dropped player's move is answered ``internal`` and the player tries again; a bot has
        nobody to tell, so without this a room of bots would wait forever.
        """
        if self.stopped or self.services.hooks.stopping or (self.bot_task is not None and not self.bot_task.done()):
            return
        room = self.room
        turn = room.turn
        if turn is None or not room.seats[turn].is_bot:
            return
        ply = room.ply

        def again(actor: RoomActor) -> None:
            if actor.room.ply == ply and actor.room.turn == turn and (actor.bot_task is None or actor.bot_task.done()):
                for e in actor.room._bot_request(time.time()):
                    if isinstance(e, RequestBotMove):
                        actor._ask_bot(e)

        retry = self._after(BOT_RETRY_S, again)
        self.bot_task = asyncio.get_running_loop().create_task(retry, name=f"bot retry {self.id}@{ply}")

    async def _after(self, delay_s: float, job: Job) -> None:
        """Put ``job`` in the mailbox after ``delay_s`` (cancelled like a bot job)."""
        await asyncio.sleep(delay_s)
        self.put(job)

    def _cancel_bot(self) -> None:
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.bot_task = None

    def cancel_pending(self) -> list[str]:
        """Disarm the timers and cancel a pending bot job (shutdown); names what was cancelled."""
        cancelled = [f"room {self.id} timer {k}" for k in self.timers]
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        if self.bot_task is not None and not self.bot_task.done():
            cancelled.append(f"room {self.id} bot job")
        self._cancel_bot()
        return cancelled
