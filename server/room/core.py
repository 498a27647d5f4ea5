"""The room's state machine: ``Room.handle(event) -> (new room, effects)``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode, i18n
from grundy.protocol.messages import Ref
from grundy.rules.base import Game, Outcome, Result, move_arg, name_seats
from grundy.server.clock import Clocks, TimeControl, bot_budget
from grundy.server.errors import RoomError, say_of, saying, told
from grundy.server.room.draws import DrawOffers, can_be_drawn
from grundy.server.room.events import (
    Abort,
    AcceptDraw,
    BotMove,
    Cancel,
    Chat,
    DeclineDraw,
    Disconnect,
    Effect,
    Event,
    GameEnded,
    GetState,
    Hold,
    Join,
    Leave,
    Move,
    OfferDraw,
    PersistChat,
    PersistMove,
    PersistRoom,
    Reconnect,
    Release,
    Rematch,
    RematchAgreed,
    RequestBotMove,
    Resign,
    Schedule,
    Send,
    Tick,
    ToSeat,
    ToSession,
    Unwatch,
    Wake,
    Watch,
    WatcherChange,
)
from grundy.server.room.values import (
    _NO_MOVES,
    ABORTED,
    BOT_LEVELS,
    CHAT_KEPT,
    DEFAULT_BOT_LEVEL,
    ENDED,
    FALLBACK_LEVEL,
    FINISHED,
    PLAYING,
    WAITING,
    ChatLike,
    ChatLine,
    MoveLike,
    MoveLog,
    MoveRecord,
    RoomConfig,
    Seat,
    SeatSpec,
    Status,
)

Handled = tuple["Room", list[Effect]]


# ============================================================================ the room


@dataclasses.dataclass(frozen=True)  # (no slots: a move's copy is one copy of the instance's dict)
class Room(DrawOffers):
    """One game table.  Build with :meth:`create` or :meth:`restore`; advance with :meth:`handle`."""

    id: str
    game: Game = dataclasses.field(compare=False)
    time_control: TimeControl | None
    seats: tuple[Seat, ...]
    status: Status
    state: Any
    created_at: float
    ply: int = 0
    moves: MoveLog = _NO_MOVES
    clocks: Clocks | None = None
    started_at: float | None = None
    abort_at: float | None = None
    ended_at: float | None = None
    result: Result | None = None
    ending: p.Ending | None = None
    end_reason: str | None = None
    # the end reason as a message of the catalogs ({"id", "args"}: ``lobby-end-...`` or the rules' ``words-end-...``),
    # said by each reader's client in its language; None where there is none (``end_reason`` in English only)
    end_say: Mapping[str, Any] | None = None
    draw_agreed: frozenset[int] = frozenset()
    rematch_votes: frozenset[int] = frozenset()
    rematch_done: bool = False
    watchers: frozenset[str] = frozenset()  # sessions watching now (connected spectators)
    # watchers that are another session (device) of a seat's player, and that seat: they see and act as it
    devices: Mapping[str, int] = dataclasses.field(default_factory=dict)
    private: bool = False
    code: str | None = None
    rematch_of: str | None = None
    config: RoomConfig = RoomConfig()
    creator: str | None = None  # the session that created the room (it may close it while it waits)
    rated: bool = False  # a game of a rated tournament: its result changes ratings (clients give no hints)
    opening: int = 0  # the first moves that were an opening the room played in itself (a tournament's)
    chat: tuple[ChatLine, ...] = ()  # the last CHAT_KEPT lines said in the room, oldest first
    held_at: float | None = None  # moves cannot be stored since then: clock and deadlines stand still (Hold)

    # ------------------------------------------------------------------ construction

    @classmethod
    def create(
        cls,
        id: str,
        game: str | Game,
        now: float,
        *,
        params: dict[str, Any] | None = None,
        seats: Sequence[SeatSpec | p.SeatRequest] | None = None,
        time_control: TimeControl | p.TimeControl | None = None,
        private: bool = False,
        code: str | None = None,
        config: RoomConfig | None = None,
        rematch_of: str | None = None,
        creator: str | None = None,
        rated: bool = False,
        opening: Sequence[str] = (),
    ) -> Handled:
        """A new room in ``waiting`` (or already ``playing`` when every seat is a bot).

        ``game`` is a catalog name (with ``params``) or a ready Game.  ``code`` is the join
        code the lobby made (stored only).  ``rated``: a game of a rated tournament (the room
        only says so in ``room_state``; the tournament keeps the ratings).  ``opening``: moves
        played in at once, before any seat moves (a tournament's opening): they are the first
        moves of the log, without clock times, and :attr:`opening` counts them; the clocks and
        the first-move deadline start after them.  Raises :class:`RoomError` (``unknown_game``,
        ``bad_params``, an opening move that is illegal or ends the game).  Effects:
        PersistRoom(created=True), PersistMove for each opening move, and if the game starts
        at once its start effects.
        """
        if isinstance(game, str):
            g = _make_game(game, params or {})
            check_fair(g, params)
        else:
            g = game
        specs = [SeatSpec()] * g.seats if seats is None else list(seats)
        if len(specs) != g.seats:
            raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-seats-count", game=g.name, seats=g.seats,
                              count=len(specs))
        built: list[Seat] = []
        for i, spec in enumerate(specs):
            kind, level = spec.kind, spec.level
            if kind == "bot":
                level = level or DEFAULT_BOT_LEVEL
                if level not in BOT_LEVELS:
                    raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-bot-level", i=i, level=move_arg(level),
                                      levels=", ".join(BOT_LEVELS))
                built.append(Seat("bot", level, None, f"bot ({level})", True))
            elif kind in ("open", "invite"):
                if level is not None:
                    raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-level-for-bots", i=i)
                built.append(Seat(kind))
            else:
                raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-seat-kind", i=i, kind=move_arg(kind))
        tc = _time_control(time_control)
        room = cls(
            id=id,
            game=g,
            time_control=tc,
            seats=tuple(built),
            status=WAITING,
            state=g.initial(),
            created_at=now,
            private=private,
            code=code,
            config=config or RoomConfig(),
            rematch_of=rematch_of,
            creator=creator,
            rated=rated,
        )
        opened: list[Effect] = []
        if opening:
            room = room._played_in(opening, now)
            opened = [PersistMove(room.id, m.ply, m.seat, m.text, m.at, None) for m in room.moves]
        if all(s.is_bot for s in room.seats):
            started, start_effects = room._start(now)
            tail = [e for e in _tail(room, started, start_effects, now) if not isinstance(e, PersistRoom)]
            return started, [started._persist_room(created=True), *opened, *tail]
        return room, [room._persist_room(created=True), *opened]

    def _played_in(self, opening: Sequence[str], now: float) -> Room:
        """This new room with ``opening`` played in (see :meth:`create`); RoomError if a move fails."""
        g, state, log = self.game, self.state, self.moves
        for i, text in enumerate(opening):
            if g.is_over(state):
                raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-opening-over", n=i + 1, move=move_arg(text))
            try:
                mv = g.parse_move(state, text)
                seat = g.to_move(state)
                log = log.appended(MoveRecord(i, seat, g.format_move(state, mv), now))
                state = g.play(state, mv)
            except rules.RulesError as e:
                said = say_of(e.said) or p.Say(id="rules-room-opening-illegal", args={"n": i + 1,
                                                                                     "move": move_arg(text)})
                why = f"opening: move {i + 1} {text!r} is illegal: {e}"
                raise RoomError(ErrorCode.BAD_PARAMS, why, say=said) from None
        if g.is_over(state):
            raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-opening-ends")
        return dataclasses.replace(self, state=state, ply=len(log), moves=log, opening=len(log))

    @classmethod
    def restore(
        cls,
        id: str,
        game: str,
        params: dict[str, Any],
        meta: dict[str, Any],
        moves: Sequence[MoveLike],
        status: str,
        created_at: float,
        now: float,
        *,
        result: dict[str, Any] | None = None,
        reason: str | None = None,
        chat: Sequence[ChatLike] = (),
    ) -> Handled:
        """Rebuild a room from the store after a restart (see the module docstring).

        The arguments are a ``StoredRoom``'s fields (``meta`` as written by :meth:`meta``; ``chat``
        its chat lines, of which the room keeps the last :data:`CHAT_KEPT`).
        Effects re-arm the timers and ask for a bot move if a bot is to move; if the stored
        moves already end the game (a crash between storing the move and the status), the
        game is finished now.  Raises :class:`RoomError` (``internal``) if the moves do not
        replay.
        """
        g = _make_game(game, params)
        config = RoomConfig.from_dict(meta.get("config"))
        tc = TimeControl.from_dict(meta.get("time_control"))
        seats: list[Seat] = []
        for i, d in enumerate(meta.get("seats") or [SeatSpec()] * g.seats):
            d = d if isinstance(d, dict) else {"kind": d.kind, "level": d.level}
            kind = d.get("kind", "open")
            if kind == "bot":
                seats.append(Seat("bot", d.get("level"), None, d.get("name") or f"bot ({d.get('level')})", True))
            else:
                session = d.get("session")
                grace = now + config.grace_s if session is not None and status in (WAITING, PLAYING) else None
                bot = bool(d.get("bot")) and session is not None
                seats.append(Seat(kind, None, session, d.get("name") if session else None, False, grace, bot))
            if i >= g.seats:
                raise RoomError(ErrorCode.INTERNAL, f"room {id}: {len(meta['seats'])} seats stored for {g.seats}")
        state = g.initial()
        clocks = Clocks.start(tc, g.seats) if tc else None
        opening = int(meta.get("opening") or 0)
        records: list[MoveRecord] = []
        for m in sorted(moves, key=lambda m: m.ply):
            if m.ply != len(records):
                raise RoomError(ErrorCode.INTERNAL, f"room {id}: stored moves skip from ply {len(records)} to {m.ply}")
            try:
                mv = g.parse_move(state, m.text)
                state = g.play(state, mv)
            except rules.RulesError as e:
                raise RoomError(ErrorCode.INTERNAL, f"room {id}: stored move {m.ply} {m.text!r} fails: {e}") from None
            nxt = g.to_move(state)
            if clocks is not None and m.ply >= opening:  # (the opening's moves leave the clocks alone)
                clocks = (
                    clocks.with_remaining(m.clocks).run(nxt, m.at)
                    if m.clocks is not None
                    else clocks.moved(m.seat, nxt, m.at)
                )
            records.append(MoveRecord(m.ply, m.seat, m.text, m.at, None if m.clocks is None else tuple(m.clocks)))
        st: Status = status if status in (WAITING, PLAYING, FINISHED, ABORTED) else PLAYING  # type: ignore[assignment]
        room = cls(
            id=id,
            game=g,
            time_control=tc,
            seats=tuple(seats),
            status=st,
            state=state,
            created_at=created_at,
            ply=len(records),
            moves=MoveLog(records),
            clocks=clocks,
            started_at=meta.get("started_at"),
            private=bool(meta.get("private", False)),
            code=meta.get("code"),
            rematch_of=meta.get("rematch_of"),
            config=config,
            creator=meta.get("creator"),
            rated=bool(meta.get("rated", False)),  # (rooms stored before it was kept: not rated)
            opening=opening,
            chat=tuple(
                ChatLine(c.seq, c.seat, c.name, c.text, c.at) for c in sorted(chat, key=lambda c: c.seq)[-CHAT_KEPT:]
            ),
        )
        if st in ENDED:
            res = None
            if result is not None:
                res = Result(
                    tuple(result["outcomes"]),
                    result.get("reason", reason or ""),
                    _tuple(result.get("scores")),
                    None if result.get("line") is None else tuple(result["line"]),
                )
            stopped = clocks.run(None, now) if clocks is not None else None
            ended = dataclasses.replace(
                room,
                clocks=stopped,
                result=res,
                ending=meta.get("ending") or ("aborted" if st == ABORTED else "rules"),
                end_reason=reason or meta.get("end_reason"),
                end_say=meta.get("end_say"),
                ended_at=meta.get("ended_at"),
            )
            return ended, []
        if st == PLAYING:
            if room.clocks is not None:
                room = dataclasses.replace(room, clocks=room.clocks.resumed(now))
            if room.ply <= opening:
                room = dataclasses.replace(room, abort_at=room._first_move_deadline(now))
            if g.is_over(state):  # the last move was stored but not the end of the game
                res = g.result(state)
                assert res is not None
                ended = room._ended(FINISHED, res, "rules", res.reason, now)
                assert ended.result is not None
                over = GameEnded(id, FINISHED, ended.result.to_dict(), "rules", ended.end_reason or "")
                return ended, [ended._persist_room(), over]
        effects = _timer_effects({}, room.deadlines())
        if st == PLAYING:
            effects += room._bot_request(now)
        return room, effects

    # ------------------------------------------------------------------ queries

    @property
    def is_empty(self) -> bool:
        """No human holds a seat (a waiting room the lobby may close)."""
        return not any(s.is_human for s in self.seats)

    @property
    def can_draw(self) -> bool:
        return can_be_drawn(self.game)

    def sessions(self) -> list[str]:
        """Sessions holding a seat."""
        return [s.session for s in self.seats if s.session is not None]

    def deadlines(self) -> dict[str, float]:
        """Every armed timer: ``abort``, ``flag`` and ``grace:<seat>`` -> when it is due (none while held)."""
        out: dict[str, float] = {}
        if self.held_at is not None:
            return out
        if self.status == PLAYING:
            if self.abort_at is not None:
                out["abort"] = self.abort_at
            if self.clocks is not None:
                d = self.clocks.deadline()
                if d is not None:
                    out["flag"] = d
        if self.status in (WAITING, PLAYING):
            for i, s in enumerate(self.seats):
                if s.grace_until is not None:
                    out[f"grace:{i}"] = s.grace_until
        return out

    def next_deadline(self) -> float | None:
        """The earliest armed timer (for a shell that keeps one timer per room)."""
        d = self.deadlines()
        return min(d.values()) if d else None

    def meta(self) -> dict[str, Any]:
        """JSON-able everything-but-the-moves the store keeps so :meth:`restore` can rebuild the room."""
        return {
            "seats": [
                {"kind": s.kind, "level": s.level, "session": s.session, "name": s.name, "bot": s.bot}
                for s in self.seats
            ],
            "time_control": None if self.time_control is None else self.time_control.to_dict(),
            "private": self.private,
            "code": self.code,
            "config": self.config.to_dict(),
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "ending": self.ending,
            "end_reason": self.end_reason,
            "end_say": None if self.end_say is None else dict(self.end_say),
            "rematch_of": self.rematch_of,
            "creator": self.creator,
            "rated": self.rated,
            "opening": self.opening,
        }

    # ------------------------------------------------------------------ the state machine

    def handle(self, event: Event) -> Handled:
        """The room after ``event`` and the effects to execute, in order (see the module docstring)."""
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"Room.handle: not a room event: {event!r}")
        new, effects = handler(self, event)
        if new is self:
            return self, effects
        return new, _tail(self, new, effects, event.now)

    # --- seats

    def _on_join(self, ev: Join) -> Handled:
        if ev.session in self.devices:  # a player's other device: it has its seat's view already
            return self, [Send(ToSession(ev.session), self.snapshot_for(ev.session, ev.now, ev.ref))]
        held = self.holder_of(ev.session)
        if held is not None:
            if ev.seat is not None and ev.seat != held:
                return self._refuse(ev.session, ErrorCode.ALREADY_SEATED, "rules-room-already-seated", ev.ref,
                                    seat=held)
            return self._on_reconnect(Reconnect(ev.session, ev.now, ev.ref))
        if self.is_ended:
            return self._refuse(ev.session, ErrorCode.GAME_OVER, "rules-room-ended", ev.ref, room=self.id)
        if self.status == PLAYING:
            return self._refuse(ev.session, ErrorCode.ROOM_FULL, "rules-room-started", ev.ref, room=self.id)
        if self.private and not ev.invited:
            return self._refuse(ev.session, ErrorCode.NOT_INVITED, "rules-room-private", ev.ref, room=self.id)
        if ev.seat is not None:
            if not 0 <= ev.seat < len(self.seats):
                return self._refuse(
                    ev.session, ErrorCode.BAD_PARAMS, "rules-room-no-such-seat", ev.ref, seat=ev.seat,
                    last=len(self.seats) - 1,
                )
            want = self.seats[ev.seat]
            if not want.is_free:
                return self._refuse(ev.session, ErrorCode.SEAT_TAKEN, "rules-room-seat-taken", ev.ref, seat=ev.seat)
            if want.kind == "invite" and not ev.invited:
                return self._refuse(ev.session, ErrorCode.NOT_INVITED, "rules-room-seat-invite", ev.ref, seat=ev.seat)
            seat = ev.seat
        else:
            free = [i for i, s in enumerate(self.seats) if s.is_free and (s.kind == "open" or ev.invited)]
            if not free:
                if any(s.is_free for s in self.seats):
                    return self._refuse(ev.session, ErrorCode.NOT_INVITED, "rules-room-seats-invite", ev.ref)
                return self._refuse(ev.session, ErrorCode.ROOM_FULL, "rules-room-full", ev.ref, room=self.id)
            seat = free[0]
        taken = dataclasses.replace(self.seats[seat], session=ev.session, name=ev.name, connected=True, bot=ev.bot)
        room = self._with_seat(seat, taken)
        if all(not s.is_free for s in room.seats):
            started, effects = room._start(ev.now)
            return started, started._states_to_all(ev.now, seat, ev.ref, ev.session) + effects
        return room, room._states_to_all(ev.now, seat, ev.ref, ev.session)

    def _on_leave(self, ev: Leave) -> Handled:
        seat = self.holder_of(ev.session)
        ok = Send(ToSession(ev.session), p.Ok(ref=ev.ref, room=self.id))
        if seat is None and ev.session in self.watchers:  # a spectator (or a player's other device) stops watching
            room = dataclasses.replace(self, watchers=self.watchers - {ev.session}, devices=self._but(ev.session))
            return room, [ok, WatcherChange(ev.session, False, lasting=True)]
        if seat is None and ev.session == self.creator and self.status == WAITING:  # its creator lets it go
            room = dataclasses.replace(self, creator=None)
            if room.is_empty:
                closed, effects = room._abort(ev.now, _said("creator-closed"))
                return closed, [ok, *effects]
            return room, [ok]
        if seat is None:
            return self._refuse(ev.session, ErrorCode.NOT_A_PLAYER, "rules-room-no-seat-held", ev.ref, room=self.id)
        if self.status == WAITING:
            room = self._with_seat(seat, self.seats[seat].freed())
            return room, [ok, *room._states_to_all(ev.now)]
        if self.status == PLAYING:
            if self.ply <= self.opening:
                room, effects = self._abort(ev.now, _said("left-early", **self._named(seat)))
            else:
                room, effects = self._forfeit(seat, "resign", ev.now, _said("left", **self._named(seat)))
            return room, [ok, *effects]
        return self, [ok]

    def _on_watch(self, ev: Watch) -> Handled:
        s = ev.seat
        if s is not None and self.holder_of(ev.session) is None and 0 <= s < len(self.seats) and self.seats[s].is_human:
            # another device of the player holding seat s: it watches as that seat
            devices = {**self.devices, ev.session: s}
            room = dataclasses.replace(self, watchers=self.watchers | {ev.session}, devices=devices)
            reply = Send(ToSession(ev.session), room.snapshot(s, ev.now, ev.ref))
            if ev.session in self.watchers:
                return room, [reply]
            return room, [reply, WatcherChange(ev.session, True, lasting=not room.is_ended)]
        if self.seat_of(ev.session) is not None or ev.session in self.watchers:  # already in: just the snapshot
            return self, [Send(ToSession(ev.session), self.snapshot_for(ev.session, ev.now, ev.ref))]
        if self.private and not ev.invited and not self.is_ended:  # (a finished game is anyone's to see)
            return self._refuse(ev.session, ErrorCode.UNKNOWN_ROOM, "rules-room-unknown", ev.ref, room=self.id)
        room = dataclasses.replace(self, watchers=self.watchers | {ev.session})
        reply = Send(ToSession(ev.session), room.snapshot(None, ev.now, ev.ref))
        return room, [reply, WatcherChange(ev.session, True, lasting=not room.is_ended)]

    def _on_unwatch(self, ev: Unwatch) -> Handled:
        """A spectator's connection dropped: it stops getting messages, and watches again when it resumes."""
        if ev.session not in self.watchers:
            return self, []
        room = dataclasses.replace(self, watchers=self.watchers - {ev.session}, devices=self._but(ev.session))
        return room, [WatcherChange(ev.session, False)]

    def _but(self, session: str) -> Mapping[str, int]:
        """:attr:`devices` without ``session``."""
        if session not in self.devices:
            return self.devices
        return {k: v for k, v in self.devices.items() if k != session}

    def _on_get_state(self, ev: GetState) -> Handled:
        if self.seat_of(ev.session) is None and ev.session not in self.watchers:
            return self._refuse(ev.session, ErrorCode.NOT_A_PLAYER, "rules-room-not-in", ev.ref)
        return self, [Send(ToSession(ev.session), self.snapshot_for(ev.session, ev.now, ev.ref))]

    def _on_disconnect(self, ev: Disconnect) -> Handled:
        seat = self.holder_of(ev.session)
        if seat is None or not self.seats[seat].connected:
            return self, []
        grace = ev.now + self.config.grace_s if self.status in (WAITING, PLAYING) else None
        room = self._with_seat(seat, dataclasses.replace(self.seats[seat], connected=False, grace_until=grace))
        return room, room._status_sends(seat)

    def _on_reconnect(self, ev: Reconnect) -> Handled:
        seat = self.holder_of(ev.session)
        if seat is None:
            return self, []
        room = self
        effects: list[Effect] = []
        if not self.seats[seat].connected:
            room = self._with_seat(seat, dataclasses.replace(self.seats[seat], connected=True, grace_until=None))
            effects = room._status_sends(seat)
        return room, [Send(ToSeat(seat), room.snapshot(seat, ev.now, ev.ref)), *effects]

    def _on_wake(self, ev: Wake) -> Handled:
        back = [i for i, s in enumerate(self.seats) if s.session in ev.sessions]
        room = self
        for i in back:
            if not room.seats[i].connected:
                room = room._with_seat(i, dataclasses.replace(room.seats[i], connected=True, grace_until=None))
        return room, [Send(ToSeat(i), room.snapshot(i, ev.now)) for i in back]

    # --- play

    def _on_move(self, ev: Move) -> Handled:
        seat = self.seat_of(ev.session)
        if seat is None:
            return self._refuse(ev.session, ErrorCode.NOT_A_PLAYER, "rules-room-no-seat-held", ev.ref, room=self.id)
        refused = self._check_playing(ev.session, ev.ref)
        if refused is not None:
            return refused
        if ev.ply != self.ply:
            return self._refuse(
                ev.session, ErrorCode.STALE_PLY, "rules-room-stale", ev.ref, move=move_arg(ev.text), ply=ev.ply,
                now=self.ply,
            )
        turn = self.game.to_move(self.state)
        if turn != seat:
            msg_id, args = self._whose_turn(turn)
            return self._refuse(ev.session, ErrorCode.NOT_YOUR_TURN, msg_id, ev.ref, **args)
        if self.clocks is not None and self.clocks.is_flagged(ev.now):
            room, effects = self._forfeit(seat, "flag", ev.now, _said("flag", **self._named(seat)))
            _, refused = self._refuse(ev.session, ErrorCode.GAME_OVER, "rules-room-time-ran-out", ev.ref)
            return room, [*refused, *effects]
        try:
            mv = self.game.parse_move(self.state, ev.text)
            new_state = self.game.play(self.state, mv)
        except rules.RulesError as e:
            return self._refuse_said(ev.session, ErrorCode.ILLEGAL_MOVE, str(e), e.said, ev.ref)
        return self._apply(seat, self.game.format_move(self.state, mv), new_state, ev.now, ev.ref)

    def _on_bot_move(self, ev: BotMove) -> Handled:
        if self.status != PLAYING or ev.ply != self.ply or not self.seats[ev.seat].is_bot:
            return self, []
        if self.game.to_move(self.state) != ev.seat:
            return self, []
        if self.clocks is not None and self.clocks.is_flagged(ev.now):
            return self._forfeit(ev.seat, "flag", ev.now, _said("flag", **self._named(ev.seat)))
        try:
            mv = self.game.parse_move(self.state, ev.text)
            new_state = self.game.play(self.state, mv)
        except rules.RulesError:
            # A bot answered nonsense: ask again at the level that cannot fail, so the room never stalls.
            return self, self._bot_request(ev.now, FALLBACK_LEVEL)
        return self._apply(ev.seat, self.game.format_move(self.state, mv), new_state, ev.now, None)

    def with_plain_moves(self, moves: Sequence[MoveLike], draw_agreed: frozenset[int]) -> Room:
        """This room after plain moves already accepted, stored and announced (the native move path's,
        server/native.py): each move (a ``StoredMove``: its ply, seat, text and time; its clocks are
        not read) played by the rules as :meth:`_apply` plays a move of a room without clocks that
        does not end the game; one moved room is made for all of them.  A move that does not follow
        (its ply or its seat) raises ValueError and nothing changes."""
        if not moves:
            return self
        ply = self.ply
        seats: list[int] = []
        texts: list[str] = []
        ats: list[float] = []
        for m in moves:  # (one loop: a comprehension is a call of its own each)
            if m.ply != ply:
                why = f"a plain move at ply {m.ply} by seat {m.seat} does not follow ply {ply}"
                raise ValueError(f"room {self.id}: {why}")
            seats.append(m.seat)
            texts.append(m.text)
            ats.append(m.at)
            ply += 1
        try:  # (the rules play the run in one call: Game.play_turns)
            state = self.game.play_turns(self.state, zip(seats, texts))  # noqa: B905  (columns of one length)
        except rules.MoveError as e:  # (a seat out of turn, or a move the rules refuse)
            raise ValueError(f"room {self.id}: a plain move does not follow ply {self.ply}: {e}") from e
        history = self.moves._extended(seats, texts, ats)
        return _moved_room(self, state, ply, history, None, None, draw_agreed)

    def _apply(self, seat: int, text: str, new_state: Any, now: float, ref: Ref | None) -> Handled:
        """Accept a checked move: the hot path."""
        game = self.game
        over = game.is_over(new_state)
        nxt = None if over else game.to_move(new_state)
        clocks = None if self.clocks is None else self.clocks.moved(seat, nxt, now)
        snap = None if clocks is None else clocks.snapshot(now)
        ply = self.ply
        history = self.moves._appended(seat, text, now, None if snap is None else tuple(snap))
        draw = self.draw_agreed if seat in self.draw_agreed else frozenset()
        room = _moved_room(self, new_state, ply + 1, history, clocks, None, draw)
        effects: list[Effect] = [PersistMove(self.id, ply, seat, text, now, snap)]
        if over:
            res = game.result(new_state)
            assert res is not None
            room = room._ended(FINISHED, res, "rules", res.reason, now)
        effects += room._move_sends(ply, seat, text, ref, snap, now, nxt)
        if over:
            effects += room._game_over_sends(now)
        return room, effects

    def _on_resign(self, ev: Resign) -> Handled:
        seat = self.seat_of(ev.session)
        if seat is None:
            return self._refuse(ev.session, ErrorCode.NOT_A_PLAYER, "rules-room-no-seat-held", ev.ref, room=self.id)
        refused = self._check_playing(ev.session, ev.ref)
        if refused is not None:
            return refused
        if ev.failure is not None and not ev.timeout:
            return self._refuse(ev.session, ErrorCode.BAD_MESSAGE, "rules-room-failure-without-timeout", ev.ref)
        if ev.timeout:
            failed = _said("engine-failed-how", **self._named(seat), failure=ev.failure) if ev.failure \
                else _said("engine-failed", **self._named(seat))
            return self._forfeit(seat, "flag", ev.now, failed, ev.ref)
        return self._forfeit(seat, "resign", ev.now, _said("resigned", **self._named(seat)), ev.ref)

    def _on_tick(self, ev: Tick) -> Handled:
        now = ev.now
        due = sorted((t, key) for key, t in self.deadlines().items() if t <= now)
        room = self
        effects: list[Effect] = []
        for _t, key in due:
            if room.is_ended:
                break
            if key == "abort" and room.status == PLAYING and room.ply <= room.opening:
                room, more = room._abort(now, _said("no-first-move", s=self.config.abort_s))
            elif key == "flag" and room.clocks is not None and room.clocks.running is not None:
                s = room.clocks.running
                room, more = room._forfeit(s, "flag", now, _said("flag", **room._named(s)))
            elif key.startswith("grace:"):
                s = int(key[6:])
                seat = room.seats[s]
                if seat.connected or seat.grace_until is None:
                    continue
                if room.status == WAITING:
                    room = room._with_seat(s, seat.freed())
                    more = room._states_to_all(now)
                else:
                    room, more = room._forfeit(s, "disconnect", now, _said("gone", **room._named(s)))
            else:
                continue
            effects += more
        return room, effects

    def _on_hold(self, ev: Hold) -> Handled:
        if self.held_at is not None or self.is_ended:
            return self, []
        clocks = None if self.clocks is None else self.clocks.held(ev.now)
        return self._evolve(held_at=ev.now, clocks=clocks), []

    def _on_release(self, ev: Release) -> Handled:
        if self.held_at is None:
            return self, []
        held_s = max(0.0, ev.now - self.held_at)
        room = self._evolve(
            held_at=None,
            clocks=None if self.clocks is None else self.clocks.resumed(ev.now),
            abort_at=None if self.abort_at is None else self.abort_at + held_s,
            seats=tuple(
                dataclasses.replace(s, grace_until=s.grace_until + held_s) if s.grace_until is not None else s
                for s in self.seats
            ),
        )
        if room.is_ended or (room.clocks is None and room.abort_at is None):
            return room, []
        return room, room._states_to_all(ev.now)  # (their clocks as they stand: the time held was charged to nobody)

    def _on_rematch(self, ev: Rematch) -> Handled:
        seat = self.seat_of(ev.session)
        if seat is None:
            return self._refuse(ev.session, ErrorCode.NOT_A_PLAYER, "rules-room-no-seat-held", ev.ref, room=self.id)
        if not self.is_ended:
            return self._refuse(ev.session, ErrorCode.NOT_FINISHED, "rules-room-rematch-later", ev.ref)
        votes = self.rematch_votes | {seat} | {i for i, s in enumerate(self.seats) if s.is_bot}
        room = dataclasses.replace(self, rematch_votes=votes)
        effects = room._to_room(
            lambda s, r: p.RematchOffered(ref=r, room=self.id, seat=seat, agreed=sorted(votes)),
            seat,
            ev.ref,
            ev.session,
        )
        if len(votes) == len(self.seats) and not self.rematch_done:
            room = dataclasses.replace(room, rematch_done=True)
            n = len(self.seats)
            rotated = tuple(self.seats[(i - 1) % n] for i in range(n))
            effects.append(
                RematchAgreed(
                    self.id, self.game.name, self.game.public_params(), self.time_control, self.private, rotated
                )
            )
        return room, effects

    def _on_chat(self, ev: Chat) -> Handled:
        seat = self.seat_of(ev.session)
        if seat is None and ev.session not in self.watchers:
            return self._refuse(ev.session, ErrorCode.NOT_A_PLAYER, "rules-room-chat-outsider", ev.ref)
        name = (self.seats[seat].name if seat is not None else None) or ev.name or "spectator"
        line = ChatLine(self.chat[-1].seq + 1 if self.chat else 0, seat, name, ev.text, ev.now)
        room = self._evolve(chat=(*self.chat, line)[-CHAT_KEPT:])
        msg: Callable[[int | None, Ref | None], BaseModel] = lambda s, r: p.Chat(  # noqa: E731
            ref=r, room=self.id, seat=seat, name=name, text=ev.text, at=ev.now
        )
        stored = PersistChat(self.id, line.seq, seat, name, ev.text, ev.now)
        return room, [stored, *room._to_room(msg, seat, ev.ref, ev.session)]

    def _on_abort(self, ev: Abort) -> Handled:
        if self.is_ended:
            return self, []
        say = dict(ev.say) if ev.say is not None else _said("closed") if ev.reason == _CLOSED else None
        return self._abort(ev.now, say, ev.reason)

    # ------------------------------------------------------------------ transitions

    def _start(self, now: float) -> Handled:
        """All seats are held: the game begins (or is over at once for an empty position)."""
        room = dataclasses.replace(
            self,
            status=PLAYING,
            started_at=now,
            abort_at=self._first_move_deadline(now),
            clocks=None if self.time_control is None else Clocks.start(self.time_control, len(self.seats)),
        )
        if self.game.is_over(self.state):
            res = self.game.result(self.state)
            assert res is not None
            room = room._ended(FINISHED, res, "rules", res.reason, now)
            return room, room._game_over_sends(now)
        return room, []

    def _first_move_deadline(self, now: float) -> float | None:
        """When the game is aborted without a first move: ``abort_s`` from now, or None (never) in an untimed
        room where one person plays hosted bots (a learner is never hurried; leaving still ends the room).
        A bot client in that seat is no learner: its room keeps the abort."""
        others = [s for s in self.seats if not s.is_bot]
        if self.time_control is None and len(others) == 1 and not others[0].bot:
            return None
        return now + self.config.abort_s

    def _ended(
        self,
        status: Status,
        result: Result | None,
        ending: p.Ending,
        reason: str,
        now: float,
        say: Mapping[str, Any] | None = None,
    ) -> Room:
        """The room ended; the result's reason (``{1} moved the king onto a1``) is told with the players'
        names (``bot (hard) moved the king onto a1``) as everyone sees and the record keeps it.  ``say``: the
        reason as a message of the catalogs (else the rules' own words, where they give any that the wire
        can carry)."""
        names = self.seat_names()
        if say is None and result is not None and result.words is not None:
            say = _rules_say(self.seats, result.words)
        if result is not None:
            result = dataclasses.replace(result, reason=result.told(names))
        return dataclasses.replace(
            self,
            status=status,
            result=result,
            ending=ending,
            end_reason=name_seats(reason, names),
            end_say=say,
            ended_at=now,
            clocks=None if self.clocks is None else self.clocks.run(None, now),
            abort_at=None,
            draw_agreed=frozenset(),
            seats=tuple(
                dataclasses.replace(s, grace_until=None) if s.grace_until is not None else s for s in self.seats
            ),
        )

    def _forfeit(
        self, seat: int, ending: p.Ending, now: float, say: Mapping[str, Any], ref: Ref | None = None
    ) -> Handled:
        """``seat`` loses without the rules (resigned, left, out of time...): ``say`` why (``_said``)."""
        reason = _told(say)
        n = len(self.seats)
        other: Outcome = "win" if n == 2 else "draw"
        outcomes: tuple[Outcome, ...] = tuple("loss" if i == seat else other for i in range(n))
        room = self._ended(FINISHED, Result(outcomes, reason), ending, reason, now, say)
        return room, room._game_over_sends(now, seat, ref)

    def _abort(self, now: float, say: Mapping[str, Any] | None, reason: str | None = None) -> Handled:
        """The room ends without a result: ``say`` why (its English ``reason`` the catalog's, unless given)."""
        why = reason if reason is not None or say is None else _told(say)
        room = self._ended(ABORTED, None, "aborted", why or "", now, say)
        return room, room._game_over_sends(now)

    # ------------------------------------------------------------------ helpers

    def _evolve(self, **changes: Any) -> Room:
        """``dataclasses.replace`` without re-running ``__init__``: the move path calls it on every move."""
        return _evolve_room(self, changes)

    def _with_seat(self, i: int, seat: Seat) -> Room:
        return dataclasses.replace(self, seats=self.seats[:i] + (seat,) + self.seats[i + 1 :])

    def _persist_room(self, created: bool = False) -> PersistRoom:
        return PersistRoom(
            room=self.id,
            game=self.game.name,
            params=dict(self.game.params),
            status=self.status,
            meta=self.meta(),
            created_at=self.created_at,
            result=None if self.result is None else self.result.to_dict(),
            reason=self.end_reason,
            created=created,
        )

    def _persist_key(self) -> tuple[Any, ...]:
        return (self.status, tuple((s.session, s.name) for s in self.seats), self.started_at)

    def _bot_request(self, now: float, level: str | None = None) -> list[Effect]:
        turn = self.turn
        if turn is None or not self.seats[turn].is_bot:
            return []
        own_left = max(1, (self.game.max_plies() - self.ply) // max(1, len(self.seats)))
        budget = bot_budget(
            self.clocks,
            turn,
            now,
            untimed_s=self.config.bot_untimed_s,
            cap_s=self.config.bot_cap_s,
            moves_left=min(20, own_left),
        )
        return [
            RequestBotMove(
                room=self.id,
                seat=turn,
                level=level or self.seats[turn].level or DEFAULT_BOT_LEVEL,
                ply=self.ply,
                game=self.game.name,
                params=dict(self.game.params),
                moves=tuple(m.text for m in self.moves),
                budget_s=budget,
                view=self.game.view(self.state, turn),
            )
        ]


_new_object = object.__new__
_set_attr = object.__setattr__


def _evolve_room(room: Room, changes: dict[str, Any]) -> Room:
    """A copy of ``room`` with ``changes`` (field names of :class:`Room`), without re-running ``__init__``.

    A frozen dataclass's fields live in its ``__dict__``: the copy is one dict copy, set the way
    ``object.__setattr__`` sets any attribute of a frozen instance.
    """
    new = _new_object(Room)
    fields = room.__dict__.copy()
    fields.update(changes)
    _set_attr(new, "__dict__", fields)
    return new


def _moved_room(
    room: Room,
    state: Any,
    ply: int,
    moves: MoveLog,
    clocks: Clocks | None,
    abort_at: float | None,
    draw_agreed: frozenset[int],
) -> Room:
    """The copy of ``room`` a move makes: :func:`_evolve_room` for these fields, without a dict of changes."""
    new = _new_object(Room)
    fields = room.__dict__.copy()
    fields["state"] = state
    fields["ply"] = ply
    fields["moves"] = moves
    fields["clocks"] = clocks
    fields["abort_at"] = abort_at
    fields["draw_agreed"] = draw_agreed
    _set_attr(new, "__dict__", fields)
    return new


_HANDLERS: dict[type, Callable[[Room, Any], Handled]] = {
    Join: Room._on_join,
    Leave: Room._on_leave,
    Watch: Room._on_watch,
    Unwatch: Room._on_unwatch,
    Move: Room._on_move,
    BotMove: Room._on_bot_move,
    Resign: Room._on_resign,
    OfferDraw: Room._on_offer_draw,
    AcceptDraw: Room._on_accept_draw,
    DeclineDraw: Room._on_decline_draw,
    Tick: Room._on_tick,
    Hold: Room._on_hold,
    Release: Room._on_release,
    Disconnect: Room._on_disconnect,
    Reconnect: Room._on_reconnect,
    Wake: Room._on_wake,
    Rematch: Room._on_rematch,
    Chat: Room._on_chat,
    Abort: Room._on_abort,
    GetState: Room._on_get_state,
}


def event_from_message(msg: BaseModel, session: str, now: float, *, name: str | None = None) -> Event | None:
    """The room event for an in-room request (``move``, ``resign``, draws, ``rematch``, ``leave``, ``chat``,
    ``get_state``).  The room itself decides who may do what (a seat, a spectator, its creator).

    None for any other message: joining and watching need the lobby (room lookup, codes), and
    ``get_record`` is answered with :meth:`Room.record`.
    """
    if isinstance(msg, p.Move):
        return Move(session, msg.ply, msg.move, now, msg.ref)
    if isinstance(msg, p.Resign):
        return Resign(session, now, msg.ref, msg.timeout, msg.failure)
    if isinstance(msg, p.OfferDraw):
        return OfferDraw(session, now, msg.ref)
    if isinstance(msg, p.AcceptDraw):
        return AcceptDraw(session, now, msg.ref)
    if isinstance(msg, p.DeclineDraw):
        return DeclineDraw(session, now, msg.ref)
    if isinstance(msg, p.Rematch):
        return Rematch(session, now, msg.ref)
    if isinstance(msg, p.Leave):
        return Leave(session, now, msg.ref)
    if isinstance(msg, p.ChatSend):
        return Chat(session, msg.text, now, name, msg.ref)
    if isinstance(msg, p.GetState):
        return GetState(session, now, msg.ref)
    return None


_CLOSED = Abort(0.0).reason  # (the default reason of an Abort: said as ``lobby-end-closed``)


def _said(why: str, **args: Any) -> dict[str, Any]:
    """Why a room ended as a message of the catalogs (``lobby-end-<why>``) and its arguments: each reader's
    client says it in its own language (the room's ``end_reason`` stays the English, for older clients)."""
    return {"id": f"lobby-end-{why}", "args": args}


def _rules_say(seats: Sequence[Seat], words: rules.Words) -> dict[str, Any] | None:
    """The rules' words of an end as a message the wire carries (flat arguments): a seat (``words-seat``)
    becomes its player's name (a hosted bot's with its level, see :meth:`Seat.named`); None when an
    argument is other words (a piece's name: those ends are said in English, or by the client)."""
    msg_id, raw = words
    args: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "words-seat":
            seat = value[1].get("seat")
            if not isinstance(seat, int) or not 0 <= seat < len(seats):
                return None
            args.update(seats[seat].named(key))
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            args[key] = value
        else:
            return None
    return {"id": msg_id, "args": args}


def _told(said: Mapping[str, Any]) -> str:
    """An end reason's English (what older clients read and the record keeps): its message in the English
    catalog, a hosted bot by its English name."""
    args = {k: v for k, v in (said.get("args") or {}).items() if not k.endswith("_bot")}
    return i18n.tr(i18n.DEFAULT, said["id"], **args)


def _tail(old: Room, new: Room, effects: list[Effect], now: float) -> list[Effect]:
    """Put a handler's effects in the documented order and add the derived ones.

    Persistence first (moves, then the room row when it changed), then the handler's
    messages, then GameEnded, timers and a bot request when a bot's turn has just begun.
    """
    if effects and type(effects[0]) is PersistMove:  # a move (``_apply``): its one PersistMove is first already
        persist, rest = effects[:1], effects[1:]
    else:
        persist = [e for e in effects if isinstance(e, (PersistMove, PersistChat))]
        rest = [e for e in effects if not isinstance(e, (PersistMove, PersistChat))]
    if (old.status, old.started_at) != (new.status, new.started_at) or (
        old.seats is not new.seats and old._persist_key() != new._persist_key()
    ):
        persist.append(new._persist_room())
    if new.is_ended and not old.is_ended:
        rest.append(
            GameEnded(
                new.id,
                new.status,
                None if new.result is None else new.result.to_dict(),
                new.ending or "rules",
                new.end_reason or "",
            )
        )
    if _may_have_timers(old) or _may_have_timers(new):
        rest += _timer_effects(old.deadlines(), new.deadlines())
    if new.status == PLAYING and (new.ply != old.ply or old.status != PLAYING):
        rest += new._bot_request(now)
    return persist + rest


def _may_have_timers(room: Room) -> bool:
    """False when ``room.deadlines()`` is surely empty (no clock, no abort time, no grace): the move path's shortcut."""
    if room.clocks is not None or room.abort_at is not None:
        return True
    for s in room.seats:
        if s.grace_until is not None:
            return True
    return False


def _timer_effects(old: dict[str, float], new: dict[str, float]) -> list[Effect]:
    out: list[Effect] = [Cancel(k) for k in old if k not in new]
    out += [Schedule(k, t) for k, t in new.items() if old.get(k) != t]
    return out


def check_fair(game: Game, raw: dict[str, Any] | None) -> None:
    """Refuse a secret parameter chosen by a player in a game between several seats (``bad_params``).

    Whoever chooses a hidden layout's seed knows the layout (a seed from an earlier game's
    record replays it), so in a room with more than one seat the server alone draws every
    secret parameter; a one-seat game (minesweeper solitaire) may set it to replay a layout.
    """
    if game.seats < 2 or not raw:
        return
    chosen = [q.name for q in game.parameters if q.secret and raw.get(q.name) is not None]
    if chosen:
        raise _room_error(ErrorCode.BAD_PARAMS, "rules-room-secret", param=chosen[0], game=game.name, seats=game.seats)


def _make_game(name: str, params: dict[str, Any]) -> Game:
    try:
        rules.game_class(name)
    except rules.ParameterError as e:
        raise RoomError(ErrorCode.UNKNOWN_GAME, str(e), say=say_of(e.said)) from None
    try:
        return rules.create(name, **params)
    except rules.ParameterError as e:
        raise RoomError(ErrorCode.BAD_PARAMS, str(e), say=say_of(e.said)) from None


def _room_error(code: ErrorCode, msg_id: str, /, **args: Any) -> RoomError:
    """A room that cannot be made as asked: ``msg_id`` (``rules-room-...``) with ``args``, its English the message."""
    say = saying(msg_id, **args)
    return RoomError(code, told(say), say=say)


def _time_control(tc: TimeControl | p.TimeControl | None) -> TimeControl | None:
    """The clock as the room keeps it, within the protocol's limits (else ``bad_params``)."""
    if tc is None:
        return None
    try:
        checked = p.TimeControl(initial_s=tc.initial_s, increment_s=tc.increment_s)
        return TimeControl(checked.initial_s, checked.increment_s)
    except (ValueError, ValidationError) as e:
        first = e.errors()[0] if isinstance(e, ValidationError) else None
        field = str(first["loc"][0]) if first else "initial_s"
        why = f"time_control.{field}: {first['msg']}" if first else str(e)
        said = p.Say(id="rules-room-time-control", args={"field": field})
        raise RoomError(ErrorCode.BAD_PARAMS, why, say=said) from None


def _tuple(x: Sequence[float] | None) -> tuple[float, ...] | None:
    return None if x is None else tuple(x)
