"""The presenter: what the room shows each recipient, as protocol messages.

A room's state is the same for everyone; what each seat, each spectator and the record get
of it is decided here: the view a seat may see, the move texts it may see, its legal moves
(only when it is to move), the parameters (secret ones only after the end).  The core
(:mod:`server.room.core`) calls these to build the ``Send`` effects of an event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.protocol.messages import Ref
from grundy.rules.base import Game, Result, Words
from grundy.server.clock import Clocks, TimeControl
from grundy.server.errors import Refused, RoomError, say_of, saying, told
from grundy.server.records import build_record
from grundy.server.room.events import Effect, Send, ToSeat, ToSession, ToSpectators
from grundy.server.room.values import ENDED, PLAYING, WAITING, ChatLine, MoveLog, RoomConfig, Seat, Status


class Presenter:
    """The room's queries and messages (a base of :class:`server.room.core.Room`, which holds the fields)."""

    __slots__ = ()

    id: str
    game: Game
    time_control: TimeControl | None
    seats: tuple[Seat, ...]
    status: Status
    state: Any
    created_at: float
    ply: int
    moves: MoveLog
    clocks: Clocks | None
    abort_at: float | None
    ended_at: float | None
    result: Result | None
    ending: p.Ending | None
    end_reason: str | None
    end_say: Mapping[str, Any] | None
    draw_agreed: frozenset[int]
    rematch_votes: frozenset[int]
    watchers: frozenset[str]
    devices: Mapping[str, int]
    rematch_of: str | None
    config: RoomConfig
    rated: bool
    opening: int
    chat: tuple[ChatLine, ...]

    @property
    def turn(self) -> int | None:
        """The seat to move while playing, else None."""
        if self.status != PLAYING:
            return None
        return self.game.to_move(self.state)

    @property
    def is_ended(self) -> bool:
        return self.status in ENDED

    @property
    def spectators(self) -> int:
        """The watchers, not counting the players' other devices."""
        return len(self.watchers) - len(self.devices)

    def holder_of(self, session: str) -> int | None:
        """The seat ``session`` itself holds here, or None."""
        for i, s in enumerate(self.seats):
            if s.session == session:
                return i
        return None

    def seat_of(self, session: str) -> int | None:
        """The seat ``session`` plays here: the one it holds, or the one its player holds from another
        session (device) it watches with (:attr:`devices`); None for a spectator."""
        for i, s in enumerate(self.seats):
            if s.session == session:
                return i
        if self.devices:
            i = self.devices.get(session)
            if i is not None and self.seats[i].session is not None:
                return i
        return None

    def params_for_players(self) -> dict[str, Any]:
        """Parameters as players may see them: secret ones only after the end."""
        return dict(self.game.params) if self.is_ended else self.game.public_params()

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """The position as ``seat`` (None: a spectator) may see it now."""
        if self.is_ended or not self.game.hidden_information:
            return self.game.full_view(self.state)
        return self.game.view(self.state, seat)

    def legal_moves_for(self, seat: int | None) -> list[str] | None:
        """The legal moves of ``seat`` if it is to move now, else None.

        The mover always gets its own: they are built from what its view shows (a blind
        evader's moves are its own neighbours), so they reveal nothing it does not know.
        """
        if seat is None or self.status != PLAYING or self.turn != seat:
            return None
        return self.game.legal_texts(self.state)

    def seat_names(self) -> list[str]:
        """Every seat as people see it (a result's reason names them so): ``Ann``, ``bot (hard)``."""
        return [s.label for s in self.seats]

    def result_info(self) -> p.ResultInfo | None:
        if self.result is None:
            return None
        return p.ResultInfo(
            outcomes=list(self.result.outcomes),
            scores=None if self.result.scores is None else list(self.result.scores),
            reason=self.end_reason or self.result.reason,
            ending=self.ending or "rules",
            reason_say=self.reason_say(),
            line=None if self.result.line is None else list(self.result.line),
        )

    def reason_say(self) -> p.Say | None:
        """Why the room ended as a message of the catalogs (``end_say``), for each reader to say in its language."""
        said = self.end_say
        if said is None:
            return None
        return p.Say(id=said["id"], args={k: v for k, v in (said.get("args") or {}).items() if v is not None})

    def snapshot(self, seat: int | None, now: float, ref: Ref | None = None) -> p.RoomState:
        """The ``room_state`` message for ``seat`` (None: a spectator)."""
        public = self.is_ended or not self.game.hidden_information or self.game.public_moves
        return p.RoomState(
            ref=ref,
            room=self.id,
            game=self.game.name,
            title=self.game.title(),
            params=self.params_for_players(),
            time_control=self._tc_message(),
            status=self.status,
            seats=[s.info(i) for i, s in enumerate(self.seats)],
            you=seat,
            turn=self.turn,
            ply=self.ply,
            clocks=None if self.clocks is None else self.clocks.snapshot(now),
            server_time=now,
            view=self.view_for(seat),
            legal_moves=self.legal_moves_for(seat),
            moves=[
                p.MoveInfo(ply=m.ply, seat=m.seat, move=m.text if public or m.seat == seat else None, at=m.at)
                for m in self.moves
            ],
            draw_offer=sorted(self.draw_agreed),
            rematch=sorted(self.rematch_votes),
            result=self.result_info(),
            abort_at=self.abort_at if self.status == PLAYING else None,
            rematch_of=self.rematch_of,
            rated=self.rated,
            opening=self.opening,
            traits=p.Traits.model_validate(self.game.traits()),
            chat=[line.info() for line in self.chat],  # (everyone in the room hears every line: all of them)
        )

    def snapshot_for(self, session: str, now: float, ref: Ref | None = None) -> p.RoomState:
        """The ``room_state`` for a session: its seat's if it holds one, else a spectator's."""
        return self.snapshot(self.seat_of(session), now, ref)

    def summary(self, spectators: int | None = None) -> p.RoomSummary:
        """The room as the lobby lists it."""
        return p.RoomSummary(
            room=self.id,
            game=self.game.name,
            title=self.game.title(),
            params=self.params_for_players(),
            time_control=self._tc_message(),
            status=self.status,
            seats=[s.info(i) for i, s in enumerate(self.seats)],
            ply=self.ply,
            spectators=self.spectators if spectators is None else spectators,
            created_at=self.created_at,
        )

    def record(self) -> dict[str, Any]:
        """The game record (the ``record`` message's map); raises RoomError(not_finished) before the end."""
        if not self.is_ended:
            raise RoomError(ErrorCode.NOT_FINISHED, f"room {self.id}: the game is still {self.status}")
        return build_record(
            id=self.id,
            game=self.game.name,
            params=dict(self.game.params),
            seats=[{"kind": s.kind, "name": s.name, "level": s.level, "bot": s.bot} for s in self.seats],
            time_control=None if self.time_control is None else self.time_control.to_dict(),
            status=self.status,
            created_at=self.created_at,
            ended_at=self.ended_at,
            moves=[(m.ply, m.seat, m.text, m.at, m.clocks) for m in self.moves],
            result=None if self.result is None else self.result.to_dict(),
            reason=self.end_reason,
            ending=self.ending,
            final=self.game.full_view(self.state) if self.game.hidden_information else None,
            opening=self.opening,
            rated=self.rated,
        )

    def _move_sends(
        self,
        ply: int,
        mover: int,
        text: str,
        ref: Ref | None,
        clocks: list[float] | None,
        now: float,
        turn: int | None,
    ) -> list[Effect]:
        """The ``move_made`` of each seat and of the spectators; ``turn``: :attr:`turn` (the caller knows it)."""
        game = self.game
        ended = self.status != PLAYING
        hidden = game.hidden_information and not ended
        public = not hidden or game.public_moves
        shared = None if hidden else game.full_view(self.state)
        at = float(now)
        out: list[Effect] = []
        for i, s in enumerate(self.seats):
            if s.session is None or not (s.connected or (i == mover and ref is not None)):
                continue  # (a mover's request is answered even from a seat held for disconnected)
            legal = game.legal_texts(self.state) if i == turn and self.config.legal_moves else None
            msg = _move_made(
                ref if i == mover else None,
                self.id,
                ply,
                mover,
                text if public or i == mover else None,
                turn,
                clocks,
                at,
                shared if shared is not None else game.view(self.state, i),
                legal,
            )
            out.append(Send(_TO_SEAT[i] if i < len(_TO_SEAT) else ToSeat(i), msg))
        if self.spectators:
            msg = _move_made(
                None,
                self.id,
                ply,
                mover,
                text if public else None,
                turn,
                clocks,
                at,
                shared if shared is not None else game.view(self.state, None),
                None,
            )
            out.append(Send(ToSpectators(), msg))
        return out

    def _game_over_sends(self, now: float, actor: int | None = None, ref: Ref | None = None) -> list[Effect]:
        res = self.result_info()
        said = self.reason_say()
        msg: Callable[[int | None, Ref | None], BaseModel] = lambda s, r: p.GameOver(  # noqa: E731
            ref=r,
            room=self.id,
            status=self.status,  # type: ignore[arg-type]
            result=res,
            reason=self.end_reason or "",
            reason_say=said,
            view=self.game.full_view(self.state),
            params=dict(self.game.params),
            clocks=None if self.clocks is None else self.clocks.snapshot(now),
        )
        actor_session = None if actor is None else self.seats[actor].session
        return self._to_room(msg, actor, ref, actor_session)

    def _states_to_all(
        self, now: float, actor: int | None = None, ref: Ref | None = None, session: str | None = None
    ) -> list[Effect]:
        """A fresh room_state to every connected player (each its own) and to the spectators."""
        out: list[Effect] = []
        for i, s in enumerate(self.seats):
            if s.session is not None and s.connected:
                out.append(Send(ToSeat(i), self.snapshot(i, now, ref if i == actor else None)))
        if self.spectators:
            out.append(Send(ToSpectators(), self.snapshot(None, now)))
        return out

    def _status_sends(self, seat: int) -> list[Effect]:
        s = self.seats[seat]
        msg = p.PlayerStatus(room=self.id, seat=seat, player=s.name, connected=s.connected, grace_until=s.grace_until)
        out: list[Effect] = [
            Send(ToSeat(i), msg)
            for i, other in enumerate(self.seats)
            if i != seat and other.session is not None and other.connected
        ]
        if self.spectators:
            out.append(Send(ToSpectators(), msg))
        return out

    def _to_room(
        self,
        make: Callable[[int | None, Ref | None], BaseModel],
        actor: int | None,
        ref: Ref | None,
        actor_session: str | None,
    ) -> list[Effect]:
        """One message to every connected player and the spectators; the actor's copy carries ``ref``.

        Recipients without ``ref`` share one message object (encode once).
        """
        shared = make(None, None)
        out: list[Effect] = []
        for i, s in enumerate(self.seats):
            if s.session is None or not s.connected:
                continue
            out.append(Send(ToSeat(i), make(i, ref) if i == actor and ref is not None else shared))
        if actor is None and actor_session is not None:  # a spectator acted (chat)
            out.append(Send(ToSession(actor_session), make(None, ref) if ref is not None else shared))
            if self.spectators:
                out.append(Send(ToSpectators(exclude=actor_session), shared))
        elif self.spectators:
            out.append(Send(ToSpectators(), shared))
        return out

    # ------------------------------------------------------------------ refusals

    def _who(self, seat: int) -> str:
        """A seat as people say it in results and refusals: its holder's name or ``bot (LEVEL)`` (``seat N`` while
        nobody holds it)."""
        s = self.seats[seat]
        return s.label if s.name or s.is_bot else f"seat {seat}"

    def _named(self, seat: int, key: str = "name") -> dict[str, Any]:
        """A seat as an argument of a message of the catalogs (see ``Seat.named``): as :meth:`_who` says it."""
        s = self.seats[seat]
        return s.named(key) if s.name or s.is_bot else {key: self._who(seat)}

    def _whose_turn(self, turn: int | None) -> Words:
        """Why a move out of turn is refused: whose turn it is (a hosted bot's, a player's by name, a seat's)."""
        if turn is None:
            return "rules-room-nobody-to-move", {}
        s = self.seats[turn]
        if s.name or s.is_bot:
            return "rules-room-not-your-turn", self._named(turn, "who")
        return "rules-room-seats-turn", {"seat": turn}

    def _refuse(
        self, session: str, code: ErrorCode, msg_id: str, ref: Ref | None, /, **args: Any
    ) -> tuple[Any, list[Effect]]:
        """Refuse ``session``'s request: ``msg_id`` (a message of the catalogs, ``rules-room-...``) with ``args``
        is its ``say``, and its English the ``message``."""
        say = saying(msg_id, **args)
        return self, [Refused(session, code, told(say), ref, self.id, say)]

    def _refuse_said(
        self, session: str, code: ErrorCode, message: str, said: Words | None, ref: Ref | None
    ) -> tuple[Any, list[Effect]]:
        """Refuse with the rules' own words: ``message`` their English, ``said`` (``RulesError.said``) its ``say``."""
        return self, [Refused(session, code, message, ref, self.id, say_of(said))]

    def _check_playing(self, session: str, ref: Ref | None) -> tuple[Any, list[Effect]] | None:
        if self.status == PLAYING:
            return None
        if self.status == WAITING:
            return self._refuse(session, ErrorCode.NOT_STARTED, "rules-room-not-started", ref)
        return self._refuse(session, ErrorCode.GAME_OVER, "rules-room-over", ref, reason=self.end_reason or "")

    def _tc_message(self) -> p.TimeControl | None:
        tc = self.time_control
        return None if tc is None else p.TimeControl(initial_s=tc.initial_s, increment_s=tc.increment_s)


_TO_SEAT = tuple(ToSeat(i) for i in range(8))  # the targets the move path uses, made once
_MOVE_MADE_SET = set(p.MoveMade.model_fields) - {"type"}  # shared: nothing adds to a message's fields set
_new_object = object.__new__
_set_attr = object.__setattr__


def _move_made(
    ref: Ref | None,
    room: str,
    ply: int,
    seat: int,
    move: str | None,
    turn: int | None,
    clocks: list[float] | None,
    server_time: float,
    view: dict[str, Any],
    legal_moves: list[str] | None,
) -> p.MoveMade:
    """A ``move_made`` from values the room built itself, already of the model's types: no validation.

    The hot path: a validated model costs more than the rest of the move.  The fields are
    set in the model's order, so the message encodes exactly as a validated one.
    """
    msg = _new_object(p.MoveMade)
    _set_attr(
        msg,
        "__dict__",
        {
            "type": "move_made",
            "ref": ref,
            "room": room,
            "ply": ply,
            "seat": seat,
            "move": move,
            "turn": turn,
            "clocks": clocks,
            "server_time": server_time,
            "view": view,
            "legal_moves": legal_moves,
        },
    )
    _set_attr(msg, "__pydantic_fields_set__", _MOVE_MADE_SET)
    _set_attr(msg, "__pydantic_extra__", None)
    _set_attr(msg, "__pydantic_private__", None)
    return msg


def _list(x: Sequence[float] | None) -> list[float] | None:
    return None if x is None else list(x)
