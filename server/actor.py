"""The async shell around one room: a task and a queue, so the room handles one event at a time.

Everything that touches a room goes through its queue: protocol requests turned into room
events, timer ticks, bot answers, and small jobs of the node (answer a ``get_state``, add a
spectator).  For each event the actor calls the pure ``Room.handle`` and executes the
effects in the order ``server.room`` documents: persistence first (a failed write keeps
the old room and answers ``internal``), then the messages (each message object encoded
once, the same bytes fanned out to every recipient), then the end-of-game bookkeeping,
the timers (``loop.call_at`` feeding ``Tick``) and the bot requests.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import protocol as p
from protocol import ErrorCode, encode
from server.room import (
    BotMove,
    Cancel,
    Effect,
    Event,
    GameEnded,
    PersistMove,
    PersistRoom,
    RematchAgreed,
    RequestBotMove,
    Room,
    Schedule,
    Send,
    Tick,
    ToSeat,
    ToSession,
    ToSpectators,
)
from server.store import StoredMove, StoredRoom

if TYPE_CHECKING:
    from server.node import Node

log = logging.getLogger("grundy.room")

Job = Callable[["RoomActor"], None]


class _Stop:
    """Queue sentinel: the actor finishes what was queued before it, then ends."""


class _Timer:
    """Queue item: a timer fired; the actor turns it into ``Tick(now)`` when it gets to it."""


_STOP = _Stop()
_TICK = _Timer()


class RoomActor:
    """One room's task, queue, timers, spectators and pending bot job."""

    def __init__(self, node: Node, room: Room) -> None:
        self.node = node
        self.room = room
        self.id = room.id
        self.watchers: set[str] = set()  # sessions spectating (the room only counts them)
        self.creator: str | None = None  # the session that created it with create_room
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ feeding the room

    def start(self, effects: list[Effect]) -> None:
        """Run the actor; ``effects`` (from ``Room.create``/``Room.restore``) are executed first."""
        self.queue.put_nowait(lambda actor: actor._execute(None, self.room, effects))
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room {self.id}")

    def put(self, item: Event | Job) -> None:
        """Queue a room event or a job (a function called with this actor, inside the room's turn)."""
        self.queue.put_nowait(item)

    def stop(self) -> None:
        """Let the actor finish what is queued, then end."""
        self.queue.put_nowait(_STOP)

    async def _run(self) -> None:
        while True:
            item = await self.queue.get()
            if item is _STOP:
                break
            try:
                if item is _TICK:
                    self.handle(Tick(time.time()))
                elif callable(item):
                    item(self)
                else:
                    self.handle(item)
            except Exception:
                log.exception("room %s: failed on %r", self.id, item)
                session = getattr(item, "session", None)
                if session is not None:
                    self.send_to_session(
                        session,
                        encode(
                            p.Error(
                                ref=getattr(item, "ref", None),
                                code=ErrorCode.INTERNAL,
                                message="the server failed on this request",
                                room=self.id,
                            )
                        ),
                    )

    def handle(self, event: Event) -> None:
        """Feed one event to the room and execute its effects (call only from inside the actor)."""
        old = self.room
        new, effects = old.handle(event)
        self._execute(old, new, effects, getattr(event, "session", None), getattr(event, "ref", None))

    # ------------------------------------------------------------------ effects

    def _execute(
        self, old: Room | None, new: Room, effects: list[Effect], session: str | None = None, ref: Any = None
    ) -> None:
        try:
            for e in effects:
                if isinstance(e, PersistMove):
                    self.node.store.append_move(e.room, StoredMove(e.ply, e.seat, e.text, e.at, e.clocks))
                elif isinstance(e, PersistRoom):
                    self._persist_room(e)
        except Exception:
            log.exception("room %s: store write failed; the event is dropped", self.id)
            if session is not None:
                err = p.Error(ref=ref, code=ErrorCode.INTERNAL, message="the server could not store this", room=self.id)
                self.send_to_session(session, encode(err))
            return
        self.room = new
        if old is not None and old.seats != new.seats:
            self.node.seats_changed(self, old, new)
        frames: dict[int, bytes] = {}
        for e in effects:
            if isinstance(e, Send):
                key = id(e.message)
                data = frames.get(key)
                if data is None:
                    data = frames[key] = encode(e.message)
                self._send(e, data)
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
                self.node.game_ended(self, e)
            elif isinstance(e, RematchAgreed):
                self.node.lobby.rematch(self, e)

    def _persist_room(self, e: PersistRoom) -> None:
        store = self.node.store
        if e.created:
            now = time.time()
            store.save_room(
                StoredRoom(e.room, e.game, e.params, e.meta, e.status, e.created_at, now, e.result, e.reason)
            )
        else:
            store.update_room(e.room, status=e.status, meta=e.meta, result=e.result, reason=e.reason)

    def _send(self, e: Send, data: bytes) -> None:
        to = e.to
        if isinstance(to, ToSeat):
            holder = self.room.seats[to.seat].session
            if holder is not None:
                self.send_to_session(holder, data)
        elif isinstance(to, ToSession):
            self.send_to_session(to.session, data)
        elif isinstance(to, ToSpectators):
            for sid in self.watchers:
                if sid != to.exclude:
                    self.send_to_session(sid, data)

    def send_to_session(self, session_id: str, data: bytes) -> None:
        session = self.node.sessions.by_id.get(session_id)
        if session is not None and session.conn is not None:
            session.conn.send(data)

    def reply(self, session_id: str, msg: p.Error | p.RoomState | p.Ok | p.RoomCreated) -> None:
        self.send_to_session(session_id, encode(msg))

    # ------------------------------------------------------------------ timers and bots

    def _arm(self, key: str, at: float) -> None:
        old = self.timers.pop(key, None)
        if old is not None:
            old.cancel()
        if self.node.stopping:  # the deadlines are stored with the room and re-armed after the restart
            return
        loop = asyncio.get_running_loop()
        self.timers[key] = loop.call_at(loop.time() + max(0.0, at - time.time()) + 0.002, self._fired, key, at)

    def _fired(self, key: str, at: float) -> None:
        self.timers.pop(key, None)
        if time.time() < at:  # the loop's clock ran ahead of the wall clock: wait for the rest
            self._arm(key, at)
        else:
            self.queue.put_nowait(_TICK)

    def _ask_bot(self, req: RequestBotMove) -> None:
        self._cancel_bot()
        if self.node.stopping:  # restored and asked again after the restart
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_move(req), name=f"bot {self.id}@{req.ply}")

    async def _bot_move(self, req: RequestBotMove) -> None:
        try:
            answer = await self.node.bots.choose(req)
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
