"""The pure room core: feed events, check the new room and the effects.  No network, no clock."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode, encode
from grundy.rules.base import Game, Param, Result, View
from grundy.rules.errors import ParseMoveError
from grundy.server.clock import TimeControl
from grundy.server.errors import refusal_message
from grundy.server.room import (
    CHAT_KEPT,
    Abort,
    AcceptDraw,
    BotMove,
    Cancel,
    Chat,
    DeclineDraw,
    Disconnect,
    Effect,
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
    Refused,
    Release,
    Rematch,
    RematchAgreed,
    RequestBotMove,
    Resign,
    Room,
    RoomConfig,
    RoomError,
    Schedule,
    SeatSpec,
    Send,
    Tick,
    ToSeat,
    ToSession,
    ToSpectators,
    Unwatch,
    Wake,
    Watch,
    WatcherChange,
    event_from_message,
)
from grundy.server.store import SQLiteStore, StoredMove, StoredRoom
from grundy.server.stored import StoredChat

# ----------------------------------------------------------------- a hidden-information test game

CELLS = [c + r for r in "123" for c in "abc"]


class GuessState(NamedTuple):
    secret: str
    guessed: tuple[str, ...]
    turn: int
    winner: int | None


class Guess(Game[GuessState, str]):
    """Players take turns guessing the secret cell of a 3x3 board; a right guess wins, `limit` wrong ones draw."""

    name = "guess"
    description = "Guess the hidden cell."
    parameters = (
        Param("players", "int", 2, "seats", min=2, max=4),
        Param("limit", "int", 4, "wrong guesses before a draw", min=1, max=8),
        Param("seed", "int", None, "where the secret is", secret=True),
    )
    hidden_information = True
    can_draw = True
    min_seats, max_seats = 2, 4

    def setup(self) -> None:
        self.seats = self.params["players"]
        self.draw_seed()

    def initial(self) -> GuessState:
        return GuessState(CELLS[self.params["seed"] % 9], (), 0, None)

    def to_move(self, s: GuessState) -> int | None:
        return None if self.is_over(s) else s.turn

    def legal_moves(self, s: GuessState) -> list[str]:
        return [] if self.is_over(s) else [c for c in CELLS if c not in s.guessed]

    def apply(self, s: GuessState, m: str) -> GuessState:
        winner = s.turn if m == s.secret else None
        return GuessState(s.secret, s.guessed + (m,), (s.turn + 1) % self.seats, winner)

    def is_over(self, s: GuessState) -> bool:
        return s.winner is not None or len(s.guessed) >= self.params["limit"]

    def result(self, s: GuessState) -> Result | None:
        if s.winner is not None:
            return Result.winner(self.seats, s.winner, "found the secret")
        if self.is_over(s):
            return Result.draw(self.seats, "nobody found it")
        return None

    def full_view(self, s: GuessState) -> View:
        return {"guessed": list(s.guessed), "to_move": self.to_move(s), "secret": s.secret}

    def view(self, s: GuessState, seat: int | None) -> View:
        return {"guessed": list(s.guessed), "to_move": self.to_move(s)}

    def render_view(self, view: View) -> str:
        return " ".join(view["guessed"])

    def parse_move(self, s: GuessState, text: str) -> str:
        t = text.strip().removeprefix("g ").strip()
        if t not in CELLS:
            raise ParseMoveError(f"{text!r} is not a guess: write g CELL, like g b2")
        return t

    def format_move(self, s: GuessState, m: str) -> str:
        return f"g {m}"

    def max_plies(self) -> int:
        return self.params["limit"]


def wrong_cells(g: Guess) -> list[str]:
    secret = g.initial().secret
    return [c for c in CELLS if c != secret]


# ----------------------------------------------------------------- helpers


def step(room: Room, event: Any) -> tuple[Room, list[Effect]]:
    """``room.handle`` plus the invariants every step must keep."""
    before = (room.status, room.ply, room.seats, room.moves)
    new, effects = room.handle(event)
    assert (room.status, room.ply, room.seats, room.moves) == before, "handle mutated the old room"
    kinds = [type(e) for e in effects]
    last_persist = max((i for i, k in enumerate(kinds) if k in (PersistMove, PersistChat, PersistRoom)), default=-1)
    first_send = min((i for i, k in enumerate(kinds) if k in (Send, Refused)), default=len(kinds))
    assert last_persist < first_send, f"persistence must come before messages: {kinds}"
    for e in effects:
        if isinstance(e, Send):
            encode(e.message)  # every message is encodable
        elif isinstance(e, Refused):
            encode(refusal_message(e))
    return new, effects


def msgs(effects: list[Effect], to: Any = None, kind: type[BaseModel] | None = None) -> list[Any]:
    return [
        e.message
        for e in effects
        if isinstance(e, Send) and (to is None or e.to == to) and (kind is None or isinstance(e.message, kind))
    ]


def only_error(effects: list[Effect], session: str) -> p.Error:
    """The one effect is a refusal for ``session``: the ``error`` it becomes (about this room)."""
    assert len(effects) == 1, effects
    (e,) = effects
    assert isinstance(e, Refused) and e.session == session and e.room is not None
    return refusal_message(e)


def of(effects: list[Effect], kind: type) -> list[Any]:
    return [e for e in effects if isinstance(e, kind)]


def started(game: str | Game = "nim", *, now: float = 10.0, players: int = 2, **kw: Any) -> Room:
    room, _ = Room.create("r1", game, 0.0, **kw)
    for i in range(players):
        room, _ = step(room, Join(f"s{i}", f"P{i}", now))
    assert room.status == "playing"
    return room


TC = TimeControl(60, 2)

# ----------------------------------------------------------------- creating, joining, starting


def test_create_validates_game_params_and_seats() -> None:
    with pytest.raises(RoomError) as e:
        Room.create("r", "chess", 0.0)
    assert e.value.code == ErrorCode.UNKNOWN_GAME
    with pytest.raises(RoomError) as e:
        Room.create("r", "nim", 0.0, params={"heaps": "x"})
    assert e.value.code == ErrorCode.BAD_PARAMS and "heaps" in e.value.message
    with pytest.raises(RoomError, match="2 seats, but 3"):
        Room.create("r", "nim", 0.0, seats=[SeatSpec()] * 3)
    with pytest.raises(RoomError, match="bot level 'genius'"):
        Room.create("r", "nim", 0.0, seats=[SeatSpec(), SeatSpec("bot", "genius")])
    with pytest.raises(RoomError, match="initial_s"):
        Room.create("r", "nim", 0.0, time_control=p.TimeControl.model_construct(initial_s=0, increment_s=0))
    with pytest.raises(RoomError, match="time_control.initial_s: Input should be less than or equal to 86400"):
        Room.create("r", "nim", 0.0, time_control=TimeControl(10**6))


def test_a_new_room_is_persisted_and_waits_for_players() -> None:
    room, effects = Room.create("r1", "nim", 5.0, params={"heaps": "1,2"}, time_control=p.TimeControl(initial_s=60))
    assert room.status == "waiting" and room.ply == 0
    (persist,) = effects
    assert isinstance(persist, PersistRoom) and persist.created
    assert persist.params == {"heaps": [1, 2], "misere": False}
    assert persist.meta["time_control"] == {"initial_s": 60.0, "increment_s": 0.0}
    assert room.time_control == TimeControl(60.0, 0.0)


def test_joining_fills_seats_in_order_and_the_last_join_starts_the_game() -> None:
    room, _ = Room.create("r1", "nim", 0.0, params={"heaps": "1,2"}, time_control=TC)
    room, eff = step(room, Join("a", "Ann", 1.0, ref="j1"))
    assert room.seat_of("a") == 0 and room.status == "waiting"
    (state,) = msgs(eff, ToSeat(0), p.RoomState)
    assert state.ref == "j1" and state.you == 0 and state.status == "waiting"
    assert [s.player for s in state.seats] == ["Ann", None]
    assert of(eff, PersistRoom)[0].meta["seats"][0]["session"] == "a"

    room, eff = step(room, Join("b", "Bob", 2.0, ref=7))
    assert room.status == "playing" and room.started_at == 2.0
    ann, bob = msgs(eff, ToSeat(0))[0], msgs(eff, ToSeat(1))[0]
    assert (ann.you, ann.ref, ann.turn, ann.legal_moves) == (0, None, 0, ["1:1", "2:1", "2:2"])
    assert (bob.you, bob.ref, bob.legal_moves) == (1, 7, None)
    assert ann.clocks == [60.0, 60.0] and ann.abort_at == 62.0
    assert Schedule("abort", 62.0) in eff
    assert "flag" not in room.deadlines()  # no clock runs before the first move
    assert of(eff, PersistRoom)[0].status == "playing"


def test_join_refusals() -> None:
    room, _ = Room.create("r1", "nim", 0.0, seats=[SeatSpec("open"), SeatSpec("invite")])
    room, _ = step(room, Join("a", "Ann", 1.0, seat=0))
    assert only_error(step(room, Join("b", "Bob", 1.0, seat=0, ref=1))[1], "b").code == ErrorCode.SEAT_TAKEN
    assert only_error(step(room, Join("b", "Bob", 1.0, seat=1))[1], "b").code == ErrorCode.NOT_INVITED
    assert only_error(step(room, Join("b", "Bob", 1.0))[1], "b").code == ErrorCode.NOT_INVITED
    assert only_error(step(room, Join("b", "Bob", 1.0, seat=5))[1], "b").code == ErrorCode.BAD_PARAMS
    assert only_error(step(room, Join("a", "Ann", 1.0, seat=1))[1], "a").code == ErrorCode.ALREADY_SEATED
    again, eff = step(room, Join("a", "Ann", 1.5, ref="again"))  # a retried join is answered, not refused
    assert again.seat_of("a") == 0 and msgs(eff, ToSeat(0))[0].ref == "again"
    room, _ = step(room, Join("b", "Bob", 2.0, invited=True))
    assert room.status == "playing"
    err = only_error(step(room, Join("c", "Cy", 3.0))[1], "c")
    assert err.code == ErrorCode.ROOM_FULL and "spectate" in err.message

    private, _ = Room.create("r2", "nim", 0.0, private=True, code="k3y")
    assert only_error(step(private, Join("b", "Bob", 1.0))[1], "b").code == ErrorCode.NOT_INVITED
    assert step(private, Join("b", "Bob", 1.0, invited=True))[0].seat_of("b") == 0


def test_leaving_a_waiting_room_frees_the_seat() -> None:
    room, _ = Room.create("r1", "nim", 0.0)
    room, _ = step(room, Join("a", "Ann", 1.0))
    room, eff = step(room, Leave("a", 2.0, ref=3))
    assert room.seat_of("a") is None and room.is_empty
    assert msgs(eff, ToSession("a")) == [p.Ok(ref=3, room="r1")]
    assert of(eff, PersistRoom)[0].meta["seats"][0]["session"] is None


def test_a_game_over_at_the_start_finishes_at_once() -> None:
    room, _ = Room.create("r1", "nim", 0.0, params={"heaps": "0,0"})
    room, _ = step(room, Join("a", "Ann", 1.0))
    room, eff = step(room, Join("b", "Bob", 2.0))
    assert room.status == "finished" and room.result is not None
    assert of(eff, GameEnded)[0].ending == "rules"


# ----------------------------------------------------------------- playing


def test_a_full_game_of_nim() -> None:
    room = started("nim", params={"heaps": "1,2"}, time_control=TC)
    room, eff = step(room, Move("s0", 0, " 2:1 ", 11.0, ref="m1"))
    persist, *_ = eff
    assert persist == PersistMove("r1", 0, 0, "2:1", 11.0, [62.0, 60.0])  # stored first, text normalised
    mine, theirs = msgs(eff, ToSeat(0))[0], msgs(eff, ToSeat(1))[0]
    assert isinstance(mine, p.MoveMade) and mine.ref == "m1" and mine.legal_moves is None
    assert theirs.ref is None and theirs.legal_moves == ["1:1", "2:1"]
    assert mine.view == theirs.view == {"heaps": [1, 1], "to_move": 1}
    assert (mine.ply, mine.seat, mine.move, mine.turn) == (0, 0, "2:1", 1)
    assert Cancel("abort") in eff and Schedule("flag", 71.0) in eff

    room, eff = step(room, Move("s1", 1, "1:1", 15.0))
    assert room.clocks is not None and room.clocks.remaining == (62.0, 58.0)
    room, eff = step(room, Move("s0", 2, "2:1", 16.0))  # takes the last object
    assert room.status == "finished" and room.ply == 3
    assert room.result is not None and room.result.outcomes == ("win", "loss")
    kinds = [type(e).__name__ for e in eff]
    assert kinds[:2] == ["PersistMove", "PersistRoom"]
    over = msgs(eff, ToSeat(1), p.GameOver)[0]
    assert over.result.outcomes == ["win", "loss"] and over.result.ending == "rules"
    assert over.reason == "P0 took the last object" and over.clocks == [63.0, 58.0]  # the reason names the player
    ended = GameEnded("r1", "finished", room.result.to_dict(), "rules", "P0 took the last object")
    assert of(eff, GameEnded) == [ended]
    assert Cancel("flag") in eff and room.deadlines() == {}
    assert [m.text for m in room.moves] == ["2:1", "1:1", "2:1"]


@pytest.mark.parametrize(
    ("session", "ply", "text", "code"),
    [
        ("s1", 4, "1:1", ErrorCode.NOT_YOUR_TURN),
        ("s0", 4, "9:1", ErrorCode.ILLEGAL_MOVE),
        ("s0", 4, "1:9", ErrorCode.ILLEGAL_MOVE),
        ("s0", 4, "take one", ErrorCode.ILLEGAL_MOVE),
        ("s0", 2, "1:1", ErrorCode.STALE_PLY),
        ("s0", 7, "1:1", ErrorCode.STALE_PLY),
        ("s1", 3, "2:1", ErrorCode.STALE_PLY),  # a resend of an accepted move can never play twice
        ("watcher", 4, "1:1", ErrorCode.NOT_A_PLAYER),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(session: str, ply: int, text: str, code: ErrorCode) -> None:
    room = started("nim", params={"heaps": "3,4"}, time_control=TC)
    for event in (Move("s0", 0, "2:1", 11.0), Move("s1", 1, "1:1", 12.0), Move("s0", 2, "1:1", 13.0)):
        room, _ = step(room, event)
    room, _ = step(room, Move("s1", 3, "2:1", 14.0))
    assert (room.ply, room.turn) == (4, 0)
    new, eff = step(room, Move(session, ply, text, 15.0, ref="x"))
    assert new is room
    err = only_error(eff, session)
    assert (err.code, err.ref, err.room) == (code, "x", "r1")
    assert err.message


def test_error_messages_say_why() -> None:
    room = started("nim", params={"heaps": "3,4"})
    assert "there is no heap 9" in only_error(step(room, Move("s0", 0, "9:1", 11.0))[1], "s0").message
    assert "at ply 3, but the game is at ply 0" in only_error(step(room, Move("s0", 3, "1:1", 11.0))[1], "s0").message
    assert "P0's turn" in only_error(step(room, Move("s1", 0, "1:1", 11.0))[1], "s1").message


def test_moves_before_the_start_and_after_the_end_are_refused() -> None:
    room, _ = Room.create("r1", "nim", 0.0, params={"heaps": "1"})
    room, _ = step(room, Join("a", "Ann", 1.0))
    assert only_error(step(room, Move("a", 0, "1:1", 2.0))[1], "a").code == ErrorCode.NOT_STARTED
    room, _ = step(room, Join("b", "Bob", 2.0))
    room, _ = step(room, Move("a", 0, "1:1", 3.0))
    assert room.status == "finished"
    for event in (Move("b", 1, "1:1", 4.0), Resign("b", 4.0), OfferDraw("b", 4.0)):
        new, eff = step(room, event)
        assert new is room and only_error(eff, "b").code == ErrorCode.GAME_OVER


def test_a_room_is_a_value_and_old_versions_stay_valid() -> None:
    room = started("nim", params={"heaps": "2"})
    after, _ = step(room, Move("s0", 0, "1:1", 11.0))
    assert room.ply == 0 and after.ply == 1
    again, _ = step(room, Move("s0", 0, "1:2", 11.0))  # the old value can take another branch
    assert again.status == "finished" and after.status == "playing"


# ----------------------------------------------------------------- clocks


def test_the_flag_falls_on_a_tick_at_the_deadline() -> None:
    room = started("nim", params={"heaps": "5,5"}, time_control=TimeControl(10, 1))
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))  # seat 1's clock runs from 11.0
    assert room.deadlines()["flag"] == 21.0
    same, eff = step(room, Tick(20.9))
    assert same is room and eff == []
    room, eff = step(room, Tick(21.0))
    assert room.status == "finished" and room.ending == "flag"
    assert room.result is not None and room.result.outcomes == ("win", "loss")
    over = msgs(eff, ToSeat(0), p.GameOver)[0]
    assert over.reason == "P1 ran out of time" and over.clocks == [11.0, 0.0]


def test_a_move_after_the_deadline_loses_on_time() -> None:
    room = started("nim", params={"heaps": "5,5"}, time_control=TimeControl(10, 0))
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))
    room, eff = step(room, Move("s1", 1, "1:1", 21.5, ref=4))
    assert room.status == "finished" and room.ending == "flag" and room.ply == 1
    assert not of(eff, PersistMove)
    (refused,) = of(eff, Refused)
    assert (refused.session, refused.code, refused.ref) == ("s1", ErrorCode.GAME_OVER, 4)
    assert eff.index(refused) < min(i for i, e in enumerate(eff) if isinstance(e, Send))  # before the game_over


def test_increment_is_added_after_each_move() -> None:
    room = started("nim", params={"heaps": "9"}, time_control=TimeControl(30, 5))
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))  # first move: no clock ran, +5
    room, _ = step(room, Move("s1", 1, "1:1", 20.0))  # 9 s used, +5
    room, eff = step(room, Move("s0", 2, "1:1", 22.0))  # 2 s used, +5
    assert room.clocks is not None and room.clocks.remaining == (38.0, 26.0)
    assert msgs(eff, ToSeat(0))[0].clocks == [38.0, 26.0]
    assert Schedule("flag", 48.0) in eff


# ----------------------------------------------------------------- disconnects, aborts, resigning


def test_a_disconnected_player_forfeits_after_the_grace_period() -> None:
    room = started("nim", params={"heaps": "5,5"}, config=RoomConfig(grace_s=30))
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))
    room, eff = step(room, Disconnect("s1", 12.0))
    status = msgs(eff, ToSeat(0))[0]
    assert status == p.PlayerStatus(room="r1", seat=1, player="P1", connected=False, grace_until=42.0)
    assert Schedule("grace:1", 42.0) in eff
    assert not msgs(eff, ToSeat(1))  # nobody sends to a dropped connection

    room, eff = step(room, Reconnect("s1", 20.0, ref="back"))
    snap = msgs(eff, ToSeat(1))[0]
    assert isinstance(snap, p.RoomState) and snap.ref == "back" and snap.you == 1 and snap.ply == 1
    assert msgs(eff, ToSeat(0))[0].connected is True
    assert Cancel("grace:1") in eff

    room, _ = step(room, Disconnect("s1", 25.0))
    assert step(room, Tick(54.9))[0] is room
    room, eff = step(room, Tick(55.0))
    assert room.status == "finished" and room.ending == "disconnect"
    assert room.result is not None and room.result.outcomes == ("win", "loss")
    assert msgs(eff, ToSeat(0), p.GameOver)[0].reason == "P1 did not come back in time"


def test_a_move_from_a_seat_held_for_disconnected_is_still_answered() -> None:
    # (On one node a request cannot come from a dropped connection; in a cluster a late "gone"
    # notice can reach the room after the player is back.)  The mover hears its move_made.
    room = started("nim", params={"heaps": "5,5"}, config=RoomConfig(grace_s=30))
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))
    room, _ = step(room, Disconnect("s1", 12.0))
    room, eff = step(room, Move("s1", 1, "2:1", 13.0, ref="m1"))
    (made,) = msgs(eff, ToSeat(1))
    assert isinstance(made, p.MoveMade) and made.ref == "m1" and made.ply == 1
    assert msgs(eff, ToSeat(0))[0].ref is None


def test_a_disconnected_player_in_a_waiting_room_loses_the_seat_after_grace() -> None:
    room, _ = Room.create("r1", "nim", 0.0, config=RoomConfig(grace_s=5))
    room, _ = step(room, Join("a", "Ann", 1.0))
    room, eff = step(room, Disconnect("a", 2.0))
    assert Schedule("grace:0", 7.0) in eff
    room, eff = step(room, Tick(8.0))
    assert room.status == "waiting" and room.is_empty
    assert of(eff, PersistRoom)


def test_no_first_move_aborts_the_game() -> None:
    room = started("nim", config=RoomConfig(abort_s=20))
    assert room.abort_at == 30.0
    room, eff = step(room, Tick(30.0))
    assert room.status == "aborted" and room.result is None and room.ending == "aborted"
    over = msgs(eff, ToSeat(1), p.GameOver)[0]
    assert over.status == "aborted" and over.result is None and "no first move within 20 s" in over.reason
    assert of(eff, GameEnded)[0].status == "aborted"


def test_leaving_aborts_before_the_first_move_and_resigns_after() -> None:
    room = started("nim")
    aborted, eff = step(room, Leave("s1", 11.0, ref=1))
    assert aborted.status == "aborted"
    assert msgs(eff, ToSession("s1"), p.Ok) == [p.Ok(ref=1, room="r1")]
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))
    left, eff = step(room, Leave("s1", 12.0))
    assert left.status == "finished" and left.ending == "resign"
    assert left.result is not None and left.result.outcomes == ("win", "loss")


def test_resigning() -> None:
    room = started("nim")
    assert only_error(step(room, Resign("watcher", 11.0))[1], "watcher").code == ErrorCode.NOT_A_PLAYER
    room, eff = step(room, Resign("s0", 11.0, ref="gg"))
    assert room.status == "finished" and room.ending == "resign"
    assert room.result is not None and room.result.outcomes == ("loss", "win")
    assert msgs(eff, ToSeat(0))[0].ref == "gg" and msgs(eff, ToSeat(1))[0].ref is None
    waiting, _ = Room.create("r2", "nim", 0.0)
    waiting, _ = step(waiting, Join("a", "Ann", 1.0))
    assert only_error(step(waiting, Resign("a", 2.0))[1], "a").code == ErrorCode.NOT_STARTED


def test_an_engine_that_failed_loses_on_time_not_by_resigning() -> None:
    room = started("gomoku")
    err = only_error(step(room, Resign("s1", 11.0, failure="crashed"))[1], "s1")
    assert err.code == ErrorCode.BAD_MESSAGE and "failure" in err.message and "timeout" in err.message
    crashed, eff = step(room, Resign("s1", 11.0, ref=4, timeout=True, failure="crashed"))
    assert crashed.status == "finished" and crashed.ending == "flag"
    assert crashed.result is not None and crashed.result.outcomes == ("win", "loss")
    assert crashed.end_reason == "P1's engine failed (crashed) — loss on time"
    over = msgs(eff, ToSeat(0))[0]
    assert isinstance(over, p.GameOver) and over.result is not None
    assert over.result.ending == "flag" and over.result.reason == crashed.end_reason
    assert msgs(eff, ToSeat(1))[0].ref == 4
    silent, _ = step(room, Resign("s0", 11.0, timeout=True))
    assert silent.ending == "flag" and silent.end_reason == "P0's engine failed — loss on time"
    wire = p.Resign(room="r1", timeout=True, failure="silent")
    assert event_from_message(wire, "s", 5.0) == Resign("s", 5.0, None, True, "silent")


def test_the_server_can_abort_a_room() -> None:
    room, _ = Room.create("r1", "nim", 0.0)
    room, eff = step(room, Abort(5.0, "closed by its creator"))
    assert room.status == "aborted" and room.end_reason == "closed by its creator"
    assert step(room, Abort(6.0))[1] == []


# ----------------------------------------------------------------- draws


def test_draws_are_refused_where_the_game_cannot_be_drawn() -> None:
    room = started("nim")
    err = only_error(step(room, OfferDraw("s0", 11.0))[1], "s0")
    assert err.code == ErrorCode.DRAW_NOT_ALLOWED and "nim cannot end in a draw" in err.message


def test_draw_offer_accept_and_decline() -> None:
    room = started(Guess(seed=0))
    assert only_error(step(room, AcceptDraw("s1", 11.0))[1], "s1").code == ErrorCode.NO_DRAW_OFFER
    room, eff = step(room, OfferDraw("s0", 11.0, ref=1))
    assert room.draw_agreed == {0}
    assert msgs(eff, ToSeat(0))[0] == p.DrawOffered(ref=1, room="r1", seat=0, agreed=[0])
    assert msgs(eff, ToSeat(1))[0] == p.DrawOffered(room="r1", seat=0, agreed=[0])
    declined, eff = step(room, DeclineDraw("s1", 12.0))
    assert declined.draw_agreed == frozenset()
    assert msgs(eff, ToSeat(0))[0] == p.DrawDeclined(room="r1", seat=1)
    drawn, eff = step(room, AcceptDraw("s1", 12.0, ref="ok"))
    assert drawn.status == "finished" and drawn.ending == "draw_agreed"
    assert drawn.result is not None and drawn.result.outcomes == ("draw", "draw")
    assert msgs(eff, ToSeat(1))[0].ref == "ok"


def test_a_move_by_a_seat_that_did_not_agree_withdraws_the_offer() -> None:
    g = Guess(seed=0)
    wrong = wrong_cells(g)
    room = started(g)
    room, _ = step(room, OfferDraw("s0", 11.0))
    kept, _ = step(room, Move("s0", 0, f"g {wrong[0]}", 12.0))  # the offerer's own move keeps it
    assert kept.draw_agreed == {0}
    lapsed, _ = step(kept, Move("s1", 1, f"g {wrong[1]}", 13.0))
    assert lapsed.draw_agreed == frozenset()


def test_bots_do_not_accept_draws() -> None:
    room, _ = Room.create("r1", Guess(seed=0), 0.0, seats=[SeatSpec(), SeatSpec("bot", "easy")])
    room, _ = step(room, Join("a", "Ann", 1.0))
    err = only_error(step(room, OfferDraw("a", 2.0))[1], "a")
    assert err.code == ErrorCode.DRAW_NOT_ALLOWED and "bots" in err.message


def test_a_draw_in_a_three_seat_game_needs_everyone() -> None:
    room = started(Guess(seed=0, players=3), players=3)
    room, _ = step(room, OfferDraw("s2", 11.0))
    room, _ = step(room, AcceptDraw("s0", 12.0))
    assert room.status == "playing" and room.draw_agreed == {0, 2}
    room, _ = step(room, AcceptDraw("s1", 13.0))
    assert room.result is not None and room.result.outcomes == ("draw", "draw", "draw")


# ----------------------------------------------------------------- three seats


def test_three_players_move_in_seat_order() -> None:
    g = Guess(seed=4, players=3, limit=8)
    wrong = wrong_cells(g)
    room = started(g, players=3, time_control=TimeControl(60))
    assert room.turn == 0
    for ply, seat in enumerate([0, 1, 2, 0, 1]):
        assert room.turn == seat
        for other in {0, 1, 2} - {seat}:
            err = only_error(step(room, Move(f"s{other}", ply, f"g {wrong[ply]}", 11.0 + ply))[1], f"s{other}")
            assert err.code == ErrorCode.NOT_YOUR_TURN
        room, eff = step(room, Move(f"s{seat}", ply, f"g {wrong[ply]}", 11.0 + ply))
        assert len(msgs(eff, None, p.MoveMade)) == 3
    assert room.turn == 2
    room, eff = step(room, Move("s2", 5, f"g {g.initial().secret}", 20.0))
    assert room.result is not None and room.result.outcomes == ("loss", "loss", "win")


def test_a_forfeit_in_a_three_seat_game_ends_it_and_the_others_draw() -> None:
    room = started(Guess(seed=0, players=3), players=3)
    room, _ = step(room, Resign("s1", 11.0))
    assert room.status == "finished"
    assert room.result is not None and room.result.outcomes == ("draw", "loss", "draw")


# ----------------------------------------------------------------- views and hidden information


def all_frames(effects: list[Effect]) -> list[bytes]:
    """Every frame sent, without the mover's legal moves (checked on their own: they list every open guess)."""
    return [encode(_no_legal(e.message)) for e in effects if isinstance(e, Send)]


def _no_legal(msg: BaseModel) -> BaseModel:
    return msg.model_copy(update={"legal_moves": None}) if getattr(msg, "legal_moves", None) else msg


def test_hidden_information_never_leaves_before_the_end() -> None:
    g = Guess(seed=4, limit=6)
    secret = g.initial().secret
    wrong = wrong_cells(g)
    room, eff = Room.create("r1", g, 0.0)
    frames = all_frames(eff)
    for i in range(2):
        room, eff = step(room, Join(f"s{i}", f"P{i}", 1.0))
        frames += all_frames(eff)
    room, eff = step(room, Watch("w", 1.5))
    frames += all_frames(eff)
    for ply in range(4):
        room, eff = step(room, Move(f"s{ply % 2}", ply, f"g {wrong[ply]}", 2.0 + ply))
        frames += all_frames(eff)
        made: dict[Any, Any] = {e.to: e.message for e in eff if isinstance(e, Send)}
        mover = ply % 2
        assert made[ToSeat(mover)].move == f"g {wrong[ply]}"  # the mover sees its own move
        assert made[ToSeat(1 - mover)].move is None  # hidden-information moves stay with their mover
        assert made[ToSpectators()].move is None
        # The seat to move gets its own legal moves: every cell its view does not show guessed, secret or not.
        assert made[ToSeat(1 - mover)].legal_moves == [f"g {c}" for c in CELLS if c not in wrong[: ply + 1]]
        assert made[ToSeat(mover)].legal_moves is None and made[ToSpectators()].legal_moves is None
    for viewer in (0, 1, None):
        snap = room.snapshot(viewer, 9.0)
        frames.append(encode(_no_legal(snap)))
        assert "seed" not in snap.params
        assert [m.move for m in snap.moves] == [f"g {wrong[k]}" if k % 2 == viewer else None for k in range(4)]
        assert snap.legal_moves == ([f"g {c}" for c in CELLS if c not in wrong[:4]] if viewer == 0 else None)
    for f in frames:
        assert b"secret" not in f
        assert secret.encode() not in f
    room, eff = step(room, Move("s0", 4, f"g {secret}", 10.0))
    over = msgs(eff, ToSeat(1), p.GameOver)[0]
    assert over.view["secret"] == secret and over.params["seed"] == 4  # everything is shown after the end
    assert msgs(eff, ToSeat(1), p.MoveMade)[0].move == f"g {secret}"
    assert room.record()["final"]["secret"] == secret
    assert room.snapshot(None, 11.0).view["secret"] == secret


def test_public_move_games_share_move_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Guess, "public_moves", True)
    g = Guess(seed=4)
    room = started(g)
    room, eff = step(room, Move("s0", 0, f"g {wrong_cells(g)[0]}", 11.0))
    theirs = msgs(eff, ToSeat(1))[0]
    assert theirs.move is not None and theirs.legal_moves is not None
    assert "secret" not in theirs.view


def test_a_pursuit_hides_only_from_a_blind_evader() -> None:
    params = {"width": 4, "height": 3, "starts": "a1;d3"}
    room = started("pursuit", params=params)  # the evader sees: nothing is hidden
    room, _ = step(room, Watch("w", 10.5))
    room, eff = step(room, Move("s0", 0, "b2", 11.0))
    evader, watcher = msgs(eff, ToSeat(1))[0], msgs(eff, ToSpectators())[0]
    assert evader.move == watcher.move == "b2" and evader.view["figures"] == ["b2", "d3"]
    assert sorted(evader.legal_moves) == ["c2", "c3", "d2"] and watcher.legal_moves is None
    assert [m.move for m in room.snapshot(None, 12.0).moves] == ["b2"]

    blind = started("pursuit", params={**params, "evader_sees": False})
    blind, _ = step(blind, Watch("w", 10.5))
    pursuer = blind.snapshot(0, 10.6)
    assert sorted(pursuer.legal_moves or []) == ["a2", "b1", "b2"]  # the mover gets its own moves
    blind, eff = step(blind, Move("s0", 0, "b2", 11.0))
    evader, watcher = msgs(eff, ToSeat(1))[0], msgs(eff, ToSpectators())[0]
    assert evader.move is None and watcher.move is None
    assert evader.view["figures"] == watcher.view["figures"] == [None, "d3"]
    assert sorted(evader.legal_moves) == ["c2", "c3", "d2"]  # its own neighbours: nothing it cannot see
    assert watcher.legal_moves is None and msgs(eff, ToSeat(0))[0].legal_moves is None
    assert [m.move for m in blind.snapshot(1, 12.0).moves] == [None]
    for e in eff:
        if isinstance(e, Send) and e.to != ToSeat(0):
            assert b"b2" not in encode(e.message)  # the pursuer's cell reaches neither the evader nor a spectator
    for viewer in (1, None):
        assert b"b2" not in encode(blind.snapshot(viewer, 12.0))


def test_spectators_get_the_public_view_and_cannot_act() -> None:
    room = started("nim", params={"heaps": "2,2"})
    room, eff = step(room, Watch("w", 10.5, ref="look"))
    snap = msgs(eff, ToSession("w"))[0]
    assert snap.you is None and snap.ref == "look" and snap.legal_moves is None
    assert room.spectators == 1
    room, eff = step(room, Move("s0", 0, "1:1", 11.0))
    watched = msgs(eff, ToSpectators())[0]
    assert watched.move == "1:1" and watched.ref is None and watched.legal_moves is None
    assert only_error(step(room, Move("w", 1, "1:1", 12.0))[1], "w").code == ErrorCode.NOT_A_PLAYER
    room, _ = step(room, Unwatch("w", 12.0))
    room, eff = step(room, Move("s1", 1, "1:1", 13.0))
    assert not msgs(eff, ToSpectators())


def test_the_room_decides_who_may_look_talk_and_leave() -> None:
    room = started("nim", params={"heaps": "2,2"})
    # A stranger may neither look nor talk; a player and a spectator may.
    assert only_error(step(room, GetState("x", 11.0, ref=1))[1], "x").code == ErrorCode.NOT_A_PLAYER
    assert only_error(step(room, Chat("x", "hi", 11.0, ref=2))[1], "x").code == ErrorCode.NOT_A_PLAYER
    assert msgs(step(room, GetState("s1", 11.0, ref=3))[1], ToSession("s1"))[0].you == 1
    room, eff = step(room, Watch("w", 11.0))
    assert WatcherChange("w", True, lasting=True) in eff and room.watchers == frozenset({"w"})
    assert msgs(step(room, GetState("w", 11.5, ref=4))[1], ToSession("w"))[0].you is None
    # Watching again answers with a snapshot and changes nothing.
    again, eff = step(room, Watch("w", 11.6, ref=5))
    assert again == room and msgs(eff, ToSession("w"))[0].ref == 5
    assert not [e for e in eff if isinstance(e, WatcherChange)]
    # A dropped spectator stops getting messages but is not forgotten; leaving is for good.
    dropped, eff = step(room, Unwatch("w", 12.0))
    assert dropped.watchers == frozenset() and eff == [WatcherChange("w", False, lasting=False)]
    gone, eff = step(room, Leave("w", 12.0, ref=6))
    assert gone.watchers == frozenset() and WatcherChange("w", False, lasting=True) in eff
    assert msgs(eff, ToSession("w"))[0] == p.Ok(ref=6, room="r1")
    assert only_error(step(gone, Leave("w", 12.5, ref=7))[1], "w").code == ErrorCode.NOT_A_PLAYER


def test_the_creator_of_a_waiting_room_closes_it_by_leaving() -> None:
    room, _ = Room.create("r1", "nim", 0.0, creator="c")
    closed, eff = step(room, Leave("c", 1.0, ref=1))
    assert closed.status == "aborted" and closed.creator is None and "creator closed" in (closed.end_reason or "")
    assert msgs(eff, ToSession("c"))[0] == p.Ok(ref=1, room="r1")
    # With a player seated the room stays open for it; only the creator's claim goes.
    room, _ = step(room, Join("s0", "P0", 1.0))
    kept, eff = step(room, Leave("c", 2.0))
    assert kept.status == "waiting" and kept.creator is None
    # The creator is kept across a restart.
    assert room.meta()["creator"] == "c"


def test_private_rooms_are_watched_only_with_the_code() -> None:
    room, _ = Room.create("r1", "nim", 0.0, private=True, code="k")
    assert only_error(step(room, Watch("w", 1.0))[1], "w").code == ErrorCode.UNKNOWN_ROOM
    assert step(room, Watch("w", 1.0, invited=True))[0].spectators == 1


def test_a_players_other_device_sees_and_acts_as_its_seat_and_only_watches_for_the_rest() -> None:
    room = started("nim", params={"heaps": "2,2"})
    room, eff = step(room, Watch("s1-phone", 11.0, invited=True, seat=1))  # (the lobby checked it is P1's)
    (state,) = msgs(eff, ToSession("s1-phone"))
    assert state.you == 1 and room.seat_of("s1-phone") == 1 and room.holder_of("s1-phone") is None
    assert room.spectators == 0 and "s1-phone" in room.watchers
    room, _ = step(room, Watch("w", 11.0, invited=True))
    assert room.spectators == 1
    room, eff = step(room, Move("s0", 0, "1:1", 12.0))
    assert msgs(eff, ToSeat(1))[0].legal_moves  # (the actor sends the seat's messages to its devices too)
    room, eff = step(room, Move("s1-phone", 1, "1:1", 13.0))  # the device moves for seat 1
    assert room.ply == 2 and room.moves[-1].seat == 1
    room, _ = step(room, Disconnect("s1-phone", 14.0))  # (its connection is not the seat's)
    assert room.seats[1].connected
    room, eff = step(room, Leave("s1-phone", 15.0))  # leaving only stops its watching: no resignation
    assert room.status == "playing" and "s1-phone" not in room.watchers and room.seat_of("s1-phone") is None
    room, _ = step(room, Watch("s1-phone", 16.0, invited=True, seat=1))
    room, _ = step(room, Unwatch("s1-phone", 17.0))
    assert room.devices == {} and room.seat_of("s1-phone") is None
    bots, _ = Room.create("r2", "nim", 0.0, seats=[SeatSpec("bot", "easy"), SeatSpec()])
    bots, eff = step(bots, Watch("x", 1.0, seat=0))  # never a bot's seat: a plain spectator
    assert msgs(eff, ToSession("x"))[0].you is None and bots.devices == {}


def test_chat_reaches_everyone_and_the_sender_gets_its_ref() -> None:
    room = started("nim")
    room, _ = step(room, Watch("w", 10.5))
    _, eff = step(room, Chat("s0", "good luck", 11.0, ref=5))
    assert msgs(eff, ToSeat(0))[0].ref == 5
    assert msgs(eff, ToSeat(1))[0] == p.Chat(room="r1", seat=0, name="P0", text="good luck", at=11.0)
    _, eff = step(room, Chat("w", "hi", 12.0, name="Wat", ref=6))
    assert msgs(eff, ToSession("w"))[0].ref == 6
    assert ToSpectators(exclude="w") in [e.to for e in eff if isinstance(e, Send)]
    assert msgs(eff, ToSeat(1))[0].seat is None and msgs(eff, ToSeat(1))[0].name == "Wat"


# ----------------------------------------------------------------- bots


def test_a_bot_seat_is_asked_for_its_move_and_late_answers_are_ignored() -> None:
    room, _ = Room.create(
        "r1",
        "nim",
        0.0,
        params={"heaps": "3,4"},
        seats=[SeatSpec("bot", "hard"), SeatSpec()],
        time_control=TimeControl(60, 1),
    )
    assert room.seats[0].name == "bot (hard)" and room.seats[0].connected
    room, eff = step(room, Join("a", "Ann", 1.0))
    (req,) = of(eff, RequestBotMove)
    assert (req.seat, req.level, req.ply, req.moves, req.game) == (0, "hard", 0, (), "nim")
    assert req.params == {"heaps": [3, 4], "misere": False} and 0 < req.budget_s <= 10
    assert not msgs(eff, ToSeat(0))  # bots get jobs, not messages

    room, eff = step(room, BotMove(0, 0, "2:4", 2.0))
    assert room.ply == 1 and of(eff, PersistMove)[0].text == "2:4"
    assert step(room, BotMove(0, 0, "1:1", 2.5)) == (room, [])  # a late answer
    room, eff = step(room, Move("a", 1, "1:1", 3.0))
    (req,) = of(eff, RequestBotMove)
    assert req.ply == 2 and req.moves == ("2:4", "1:1")
    same, eff = step(room, BotMove(0, 2, "7:7", 4.0))  # nonsense: ask again at the level that cannot fail
    assert same is room and [(r.level, r.ply) for r in of(eff, RequestBotMove)] == [("random", 2)]


def test_a_bot_versus_bot_room_plays_by_itself() -> None:
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "3,4,5"}, seats=[SeatSpec("bot", "random")] * 2)
    assert room.status == "playing"
    assert [type(e) for e in eff][0] is PersistRoom and of(eff, PersistRoom)[0].created
    assert of(eff, PersistRoom)[0].status == "playing"
    rng = random.Random(3)
    now = 1.0
    while room.status == "playing":
        (req,) = of(eff, RequestBotMove)
        game = rules.create(req.game, **req.params)
        state = game.replay(req.moves)
        room, eff = step(room, BotMove(req.seat, req.ply, rng.choice(game.legal_texts(state)), now))
        now += 1
    assert room.status == "finished" and of(eff, GameEnded)


def test_the_end_reason_names_the_players_and_the_room_its_title() -> None:
    """'Ann moved the king onto a1', not 'seat 0 ...'; a hosted bot is 'bot (LEVEL)'; the title is in words."""
    seats = [SeatSpec(), SeatSpec("bot", "easy")]
    room, _ = Room.create("r1", "corner", 0.0, params={"width": 3, "height": 3}, seats=seats)
    room, eff = step(room, Join("a", "Ann", 1.0))
    assert room.summary().title == "King race to a1, 3x3" and msgs(eff, ToSeat(0))[0].title == "King race to a1, 3x3"
    room, eff = step(room, Move("a", 0, "b2", 2.0))
    room, eff = step(room, BotMove(1, 1, "a1", 3.0))
    over = msgs(eff, ToSeat(0), p.GameOver)[0]
    assert over.reason == over.result.reason == "bot (easy) moved the king onto a1"
    assert room.snapshot(0, 4.0).result.reason == "bot (easy) moved the king onto a1"
    assert room.record()["result"]["reason"] == "bot (easy) moved the king onto a1"
    moves = [StoredMove(m.ply, m.seat, m.text, m.at) for m in room.moves]
    restored, _ = Room.restore(
        "r1", "corner", room.game.params, room.meta(), moves, "finished", 0.0, 5.0,
        result=room.result.to_dict(), reason=room.end_reason,
    )  # fmt: skip
    assert restored.result_info() == room.result_info()


def test_a_line_game_won_by_a_line_gives_its_cells_to_everyone() -> None:
    room = started("tictactoe")
    for ply, (who, cell) in enumerate([("s0", "a1"), ("s1", "b1"), ("s0", "b2"), ("s1", "c1")]):
        room, _ = step(room, Move(who, ply, cell, 11.0 + ply))
    room, eff = step(room, Move("s0", 4, "c3", 20.0))
    over = msgs(eff, ToSeat(1), p.GameOver)[0]
    assert over.result.line == ["a1", "b2", "c3"] and over.reason == "P0 (X) made 3 in a row"
    assert room.snapshot(None, 21.0).result.line == ["a1", "b2", "c3"]
    assert room.record()["result"]["line"] == ["a1", "b2", "c3"]


# ----------------------------------------------------------------- rematch and records


def test_rematch_rotates_the_seats_once_everyone_asks() -> None:
    room = started("nim", params={"heaps": "1"})
    assert only_error(step(room, Rematch("s0", 11.0))[1], "s0").code == ErrorCode.NOT_FINISHED
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))
    room, eff = step(room, Rematch("s1", 12.0, ref=1))
    assert msgs(eff, ToSeat(0))[0] == p.RematchOffered(room="r1", seat=1, agreed=[1])
    assert not of(eff, RematchAgreed)
    room, eff = step(room, Rematch("s0", 13.0))
    (agreed,) = of(eff, RematchAgreed)
    assert [s.session for s in agreed.seats] == ["s1", "s0"]
    assert agreed.game == "nim" and agreed.params == {"heaps": [1], "misere": False}
    assert not of(step(room, Rematch("s0", 14.0))[1], RematchAgreed)  # only once


def test_record_after_the_end() -> None:
    room = started("nim", params={"heaps": "1"}, time_control=TimeControl(5))
    with pytest.raises(RoomError) as e:
        room.record()
    assert e.value.code == ErrorCode.NOT_FINISHED
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))
    rec = room.record()
    assert rec["moves"] == [{"ply": 0, "seat": 0, "move": "1:1", "at": 11.0, "clocks": [5.0, 5.0]}]
    assert rec["result"]["outcomes"] == ["win", "loss"] and rec["status"] == "finished"
    assert p.Record(room="r1", record=rec)  # fits the protocol


def test_summary_for_the_lobby() -> None:
    room, _ = Room.create("r1", Guess(seed=3), 0.0, time_control=TimeControl(60, 1))
    s = room.summary(spectators=4)
    assert s.game == "guess" and s.status == "waiting" and s.spectators == 4
    assert "seed" not in s.params and [x.player for x in s.seats] == [None, None]


# ----------------------------------------------------------------- restoring after a restart


class FakeShell:
    """Applies persistence effects to a real SQLite store, as the server shell does."""

    def __init__(self) -> None:
        self.store = SQLiteStore(":memory:")

    def run(self, effects: list[Effect]) -> None:
        for e in effects:
            if isinstance(e, PersistRoom):
                if e.created:
                    self.store.save_room(
                        StoredRoom(e.room, e.game, e.params, e.meta, e.status, e.created_at, e.created_at)
                    )
                else:
                    self.store.update_room(e.room, status=e.status, meta=e.meta, result=e.result, reason=e.reason)
            elif isinstance(e, PersistMove):
                self.store.append_move(e.room, StoredMove(e.ply, e.seat, e.text, e.at, e.clocks))

    def restore(self, now: float) -> tuple[Room, list[Effect]]:
        s = self.store.load_room("r1")
        assert s is not None
        return Room.restore(s.id, s.game, s.params, s.meta, s.moves, s.status, s.created_at, now, result=s.result)


def test_a_restored_room_continues_where_it_stopped_and_the_downtime_is_not_charged() -> None:
    shell = FakeShell()
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "3,4,5"}, time_control=TimeControl(60, 1))
    shell.run(eff)
    for event in (Join("a", "Ann", 1.0), Join("b", "Bob", 2.0), Move("a", 0, "1:1", 5.0), Move("b", 1, "2:2", 15.0)):
        room, eff = step(room, event)
        shell.run(eff)
    assert room.clocks is not None
    before = room.clocks.left(0, 15.0)

    back, eff = shell.restore(1000.0)
    assert (back.status, back.ply, back.state, back.turn) == ("playing", 2, room.state, 0)
    assert back.clocks is not None and back.clocks.left(0, 1000.0) == before == 61.0
    assert back.clocks.remaining == room.clocks.remaining
    assert [s.session for s in back.seats] == ["a", "b"]
    assert not any(s.connected for s in back.seats) and back.seats[0].grace_until == 1030.0
    assert set(back.deadlines()) == {"flag", "grace:0", "grace:1"}
    assert Schedule("flag", 1061.0) in eff and Schedule("grace:1", 1030.0) in eff

    back, eff = step(back, Reconnect("a", 1001.0))
    assert msgs(eff, ToSeat(0))[0].moves[1].move == "2:2"
    back, eff = step(back, Move("a", 2, "3:5", 1003.0))
    assert back.ply == 3 and back.clocks is not None and back.clocks.remaining[0] == 59.0


def test_restoring_without_stored_clocks_replays_the_timestamps() -> None:
    moves = [StoredMove(0, 0, "1:1", 5.0), StoredMove(1, 1, "2:2", 15.0)]
    meta: dict[str, Any] = {
        "seats": [{"kind": "open", "session": "a", "name": "Ann"}, {"kind": "open", "session": "b", "name": "B"}],
        "time_control": {"initial_s": 60, "increment_s": 1},
    }
    room, _ = Room.restore("r1", "nim", {"heaps": [3, 4, 5]}, meta, moves, "playing", 0.0, 100.0)
    assert room.clocks is not None and room.clocks.remaining == (61.0, 51.0)


def test_restoring_a_room_whose_last_move_ended_the_game_finishes_it() -> None:
    meta = {"seats": [{"kind": "open", "session": "a", "name": "A"}, {"kind": "open", "session": "b", "name": "B"}]}
    room, eff = Room.restore("r1", "nim", {"heaps": [1]}, meta, [StoredMove(0, 0, "1:1", 5.0)], "playing", 0.0, 9.0)
    assert room.status == "finished" and room.result is not None and room.result.outcomes == ("win", "loss")
    assert [type(e) for e in eff] == [PersistRoom, GameEnded]


def test_restoring_before_the_first_move_rearms_the_abort_and_asks_a_bot() -> None:
    meta = {
        "seats": [{"kind": "bot", "level": "easy"}, {"kind": "open", "session": "b", "name": "B"}],
        "config": {"abort_s": 40},
        "time_control": {"initial_s": 60, "increment_s": 0},
    }
    room, eff = Room.restore("r1", "nim", {"heaps": [2, 2]}, meta, [], "playing", 0.0, 50.0)
    assert room.abort_at == 90.0 and Schedule("abort", 90.0) in eff
    assert [(r.seat, r.level) for r in of(eff, RequestBotMove)] == [(0, "easy")]
    # Untimed against a hosted bot: no first-move abort after a restart either.
    del meta["time_control"]
    room, eff = Room.restore("r1", "nim", {"heaps": [2, 2]}, meta, [], "playing", 0.0, 50.0)
    assert room.abort_at is None and not [e for e in eff if isinstance(e, Schedule) and e.key == "abort"]
    assert [(r.seat, r.level) for r in of(eff, RequestBotMove)] == [(0, "easy")]


def test_restoring_moves_that_do_not_replay_is_an_internal_error() -> None:
    meta = {"seats": [{"kind": "open"}, {"kind": "open"}]}
    with pytest.raises(RoomError) as e:
        Room.restore("r1", "nim", {"heaps": [1]}, meta, [StoredMove(0, 0, "2:1", 5.0)], "playing", 0.0, 9.0)
    assert e.value.code == ErrorCode.INTERNAL and "'2:1'" in e.value.message


def test_a_finished_room_restores_for_its_record() -> None:
    shell = FakeShell()
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "1"})
    shell.run(eff)
    for event in (Join("a", "A", 1.0), Join("b", "B", 2.0), Move("a", 0, "1:1", 3.0)):
        room, eff = step(room, event)
        shell.run(eff)
    back, eff = shell.restore(50.0)
    assert eff == [] and back.status == "finished" and back.deadlines() == {}
    assert back.record()["result"] == room.record()["result"]
    assert back.ending == "rules" and back.ended_at == 3.0


# ----------------------------------------------------------------- every game of the catalog


CATALOG = [
    pytest.param(cls.name, params, id=f"{cls.name}-{i}")
    for cls in rules.catalog.GAMES
    for i, params in enumerate(cls.examples)
]


@pytest.mark.parametrize(("name", "params"), CATALOG)
def test_random_games_of_every_catalog_game_through_the_room(name: str, params: dict[str, Any]) -> None:
    rng = random.Random(11)
    game = rules.create(name, **params)
    room, _ = Room.create("r1", game, 0.0)
    for i in range(game.seats):
        room, _ = step(room, Join(f"s{i}", f"P{i}", 0.5))
    room, _ = step(room, Watch("w", 0.6))
    now = 1.0
    while room.status == "playing":
        seat = room.turn
        assert seat is not None
        text = rng.choice(game.legal_texts(room.state))
        room, eff = step(room, Move(f"s{seat}", room.ply, text, now))
        now += 1
        assert of(eff, PersistMove), f"{text!r} was refused: {eff}"
        if room.status == "playing" and game.hidden_information:
            full = game.full_view(room.state)
            for e in eff:
                if isinstance(e, Send) and isinstance(e.message, p.MoveMade):
                    seat_of = e.to.seat if isinstance(e.to, ToSeat) else None
                    assert e.message.view == game.view(room.state, seat_of)
                    if game.view(room.state, seat_of) != full:
                        assert e.message.view != full
    assert room.status == "finished"
    expected = game.result(room.state)
    assert expected is not None
    names = [f"P{i}" for i in range(game.seats)]  # the result's reason names the players
    assert room.result == dataclasses.replace(expected, reason=expected.told(names))
    assert "{" not in room.result.reason


def test_restoring_a_waiting_room_gives_its_players_a_grace_period() -> None:
    meta = {"seats": [{"kind": "open", "session": "a", "name": "Ann"}, {"kind": "invite"}], "config": {"grace_s": 10}}
    room, eff = Room.restore("r1", "nim", {"heaps": [2]}, meta, [], "waiting", 0.0, 100.0)
    assert room.status == "waiting" and room.seat_of("a") == 0 and not room.seats[0].connected
    assert eff == [Schedule("grace:0", 110.0)]
    room, _ = step(room, Join("b", "Bob", 101.0, invited=True))
    assert room.status == "playing"


def test_a_tick_handles_what_fell_due_first() -> None:
    room = started("nim", params={"heaps": "4,4"}, time_control=TimeControl(20), config=RoomConfig(grace_s=5))
    room, _ = step(room, Move("s0", 0, "1:1", 11.0))  # seat 1's flag falls at 31
    room, _ = step(room, Disconnect("s0", 12.0))  # seat 0's grace ends at 17
    assert room.next_deadline() == 17.0
    room, _ = step(room, Tick(40.0))
    assert room.ending == "disconnect" and room.result is not None and room.result.outcomes == ("loss", "win")


def test_protocol_requests_become_room_events() -> None:
    assert event_from_message(p.Move(room="r1", ply=3, move="1:1", ref=9), "s", 5.0) == Move("s", 3, "1:1", 5.0, 9)
    assert event_from_message(p.Resign(room="r1"), "s", 5.0) == Resign("s", 5.0)
    assert event_from_message(p.OfferDraw(room="r1", ref=1), "s", 5.0) == OfferDraw("s", 5.0, 1)
    assert event_from_message(p.AcceptDraw(room="r1"), "s", 5.0) == AcceptDraw("s", 5.0)
    assert event_from_message(p.DeclineDraw(room="r1"), "s", 5.0) == DeclineDraw("s", 5.0)
    assert event_from_message(p.Rematch(room="r1"), "s", 5.0) == Rematch("s", 5.0)
    assert event_from_message(p.Leave(room="r1"), "s", 5.0) == Leave("s", 5.0)
    assert event_from_message(p.ChatSend(room="r1", text="hi"), "s", 5.0, name="W") == Chat("s", "hi", 5.0, "W")
    assert event_from_message(p.GetState(room="r1", ref=2), "s", 5.0) == GetState("s", 5.0, 2)
    assert event_from_message(p.GetRecord(room="r1"), "s", 5.0) is None


def test_a_bot_clients_seat_says_so_in_room_state_and_after_a_restore() -> None:
    shell = FakeShell()
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "3,4"})
    shell.run(eff)
    room, eff = step(room, Join("a", "Ann", 1.0))
    shell.run(eff)
    room, eff = step(room, Join("b", "Botty", 2.0, bot=True))
    shell.run(eff)
    (state,) = msgs(eff, ToSeat(0), p.RoomState)
    assert [(s.player, s.bot) for s in state.seats] == [("Ann", False), ("Botty", True)]
    assert [s.get("bot") for s in room.meta()["seats"]] == [False, True]
    back, _ = shell.restore(100.0)
    assert [s.bot for s in back.seats] == [False, True]
    back, eff = step(back, Reconnect("b", 101.0))
    (again,) = msgs(eff, ToSeat(1), p.RoomState)
    assert [s.bot for s in again.seats] == [False, True]
    # a freed seat forgets its holder's kind
    assert not room.seats[1].freed().bot


def test_a_rated_room_says_so_in_room_state_and_stays_rated_after_a_restore() -> None:
    shell = FakeShell()
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "3,4"}, seats=[SeatSpec("invite")] * 2, rated=True)
    shell.run(eff)
    assert room.rated and room.meta()["rated"] is True
    for event in (Join("a", "Ann", 1.0, invited=True), Join("b", "Bob", 2.0, invited=True), Move("a", 0, "1:1", 3.0)):
        room, eff = step(room, event)
        shell.run(eff)
    room, eff = step(room, Watch("w", 4.0))
    assert [m.rated for m in msgs(eff, kind=p.RoomState)] == [True]  # the spectator's too
    back, _ = shell.restore(100.0)  # after a restart, or taken over by another node of a cluster
    assert back.rated and back.ply == 1
    back, eff = step(back, Reconnect("a", 101.0))
    (state,) = msgs(eff, ToSeat(0), p.RoomState)
    assert state.rated is True
    decoded = p.decode_server(encode(state))
    assert isinstance(decoded, p.RoomState) and decoded.rated is True  # on the wire


def test_rooms_are_not_rated_by_default_nor_when_stored_before_rated_was_kept() -> None:
    room = started("nim", params={"heaps": "2,2"})
    assert not room.rated and room.meta()["rated"] is False
    assert room.snapshot(0, 11.0).rated is False
    old_meta = {k: v for k, v in room.meta().items() if k != "rated"}
    back, _ = Room.restore("r1", "nim", {"heaps": [2, 2]}, old_meta, [], "playing", 0.0, 50.0)
    assert not back.rated and back.snapshot(None, 50.0).rated is False
    older = {k: v for k, v in back.snapshot(0, 50.0).model_dump().items() if k != "rated"}
    assert p.RoomState.model_validate(older).rated is False  # a server that does not say: not rated


# ----------------------------------------------------------------- shared, append-only history


def texts(room: Room) -> list[str]:
    return [m.text for m in room.moves]


def replayed(room: Room) -> Any:
    """The state the room's own moves lead to from the start (what its history says)."""
    game, state = room.game, room.game.initial()
    for m in room.moves:
        state = game.play(state, game.parse_move(state, m.text))
    return state


def test_an_older_room_branching_keeps_both_histories_apart() -> None:
    """Moves on an older room value (a dropped write, a second branch) never show in the newer ones, nor back."""
    room = started("nim", params={"heaps": "5,5,5"}, time_control=TC)
    a1, _ = step(room, Move("s0", 0, "1:1", 11.0))
    a2, _ = step(a1, Move("s1", 1, "2:1", 12.0))
    b2, _ = step(a1, Move("s1", 1, "3:2", 12.5))  # a1 branches after a2 was made from it
    a3, _ = step(a2, Move("s0", 2, "1:2", 13.0))
    b3, _ = step(b2, Move("s0", 2, "2:3", 13.5))
    dropped, _ = step(b3, Move("s1", 3, "3:3", 14.0))  # (as if its write failed: the actor keeps b3)
    b4, _ = step(b3, Move("s1", 3, "1:4", 14.5))
    z1, _ = step(room, Move("s0", 0, "3:5", 11.5))  # and the empty history branches too
    expected = {
        "room": (room, []),
        "a1": (a1, ["1:1"]),
        "a2": (a2, ["1:1", "2:1"]),
        "a3": (a3, ["1:1", "2:1", "1:2"]),
        "b2": (b2, ["1:1", "3:2"]),
        "b3": (b3, ["1:1", "3:2", "2:3"]),
        "dropped": (dropped, ["1:1", "3:2", "2:3", "3:3"]),
        "b4": (b4, ["1:1", "3:2", "2:3", "1:4"]),
        "z1": (z1, ["3:5"]),
    }
    for name, (r, moves) in expected.items():
        assert texts(r) == moves, name
        assert r.ply == len(r.moves) == len(moves), name
        assert [m.ply for m in r.moves] == list(range(len(moves))), name
        assert r.state == replayed(r), name
        if moves:
            assert r.moves[-1].text == moves[-1] and r.moves[len(moves) - 1] == r.moves[-1], name
        with pytest.raises(IndexError):
            r.moves[len(moves)]
    assert b4.moves[3].at == 14.5 and dropped.moves[3].at == 14.0
    assert b4.moves[3].clocks is not None and b4.moves[3].clocks != dropped.moves[3].clocks
    assert a2.moves != b2.moves and a1.moves == a2.moves[:1] == b2.moves[:1]
    assert b3.moves == tuple(dropped.moves[:3]) and hash(b3.moves) == hash(tuple(b3.moves))
    # each branch goes on by itself
    a4, _ = step(a3, Move("s1", 3, "2:1", 15.0))
    assert texts(a4) == ["1:1", "2:1", "1:2", "2:1"] and texts(b4)[3] == "1:4" and texts(a3) == ["1:1", "2:1", "1:2"]


@st.composite
def branching_events(draw: st.DrawFn) -> list[tuple[int, str, int]]:
    """(index of an earlier room value, what to do, a choice among legal moves) per step."""
    kinds = st.sampled_from(["move", "move", "move", "move", "stale", "wrong seat", "chat", "offer", "resign", "tick"])
    n = draw(st.integers(1, 30))
    return [(draw(st.integers(0, i)), draw(kinds), draw(st.integers(0, 99))) for i in range(n)]


@settings(max_examples=60, deadline=None)
@given(branching_events(), st.booleans())
def test_events_on_earlier_room_values_never_change_what_any_value_reports(
    plan: list[tuple[int, str, int]], timed: bool
) -> None:
    """Random events applied to random earlier values: every value keeps its moves, ply, state and status."""
    first = started("nim", params={"heaps": "3,4,5"}, time_control=TC if timed else None)

    def seen(r: Room) -> tuple[Any, ...]:
        return (tuple(r.moves), texts(r), r.ply, r.state, r.status, r.result, r.draw_agreed, r.seats)

    values: list[tuple[Room, tuple[Any, ...]]] = [(first, seen(first))]
    now = 11.0
    for index, kind, choice in plan:
        parent = values[index][0]
        now += 0.5
        turn = parent.turn if parent.turn is not None else 0
        legal = parent.game.legal_texts(parent.state) if parent.status == "playing" else ["1:1"]
        event: Any
        if kind == "move":
            event = Move(f"s{turn}", parent.ply, legal[choice % len(legal)], now)
        elif kind == "stale":
            event = Move(f"s{turn}", parent.ply + 1 + choice % 3, legal[0], now)
        elif kind == "wrong seat":
            event = Move(f"s{1 - turn}", parent.ply, legal[0], now)
        elif kind == "chat":
            event = Chat(f"s{choice % 2}", "hi", now, "P")
        elif kind == "offer":
            event = OfferDraw(f"s{choice % 2}", now)
        elif kind == "resign":
            event = Resign(f"s{choice % 2}", now)
        else:
            event = Tick(now)
        child, _ = step(parent, event)
        if child.ply > parent.ply:
            assert child.moves[: parent.ply] == tuple(parent.moves) and child.ply == parent.ply + 1
        for r, before in values:
            assert seen(r) == before
        values.append((child, seen(child)))
    for r, _ in values:
        assert r.ply == len(r.moves) and [m.ply for m in r.moves] == list(range(r.ply))
        assert r.state == replayed(r)


# ----------------------------------------------------------------- time to think


def test_a_learner_against_a_hosted_bot_is_never_hurried_to_the_first_move() -> None:
    """Untimed, one person and hosted bots: no abort_at, no abort timer, and a tick hours later aborts nothing."""
    config = RoomConfig(abort_s=20)
    room, _ = Room.create(
        "r1", "nim", 0.0, params={"heaps": "2,3"}, seats=[SeatSpec("open"), SeatSpec("bot")], config=config
    )
    room, eff = step(room, Join("s0", "Ann", 10.0))
    assert room.status == "playing" and room.abort_at is None and "abort" not in room.deadlines()
    assert not [e for e in eff if isinstance(e, Schedule) and e.key == "abort"]
    assert msgs(eff, ToSeat(0))[0].abort_at is None
    later, eff = step(room, Tick(10.0 + 6 * 3600))
    assert later.status == "playing" and not of(eff, GameEnded)
    moved, _ = step(later, Move("s0", 0, "1:1", 10.0 + 6 * 3600))
    assert moved.ply == 1 and moved.status == "playing"


def test_the_first_move_abort_stays_where_it_protects_other_people() -> None:
    config = RoomConfig(abort_s=20)
    # Two people, untimed: aborted without a first move.
    people = started("nim", params={"heaps": "2,3"}, config=config)
    assert people.abort_at == 30.0
    assert step(people, Tick(30.0))[0].status == "aborted"
    # Against a bot, but timed: aborted too (the clock would otherwise never start).
    room, _ = Room.create(
        "r1",
        "nim",
        0.0,
        params={"heaps": "2,3"},
        seats=[SeatSpec("open"), SeatSpec("bot")],
        config=config,
        time_control=TC,
    )
    timed, _ = step(room, Join("s0", "Ann", 10.0))
    assert timed.abort_at == 30.0 and step(timed, Tick(30.0))[0].status == "aborted"
    # Two people and a bot, untimed: the other person is protected.
    room, _ = Room.create(
        "r1", Guess(seed=0, players=3), 0.0, seats=[SeatSpec("open"), SeatSpec("open"), SeatSpec("bot")], config=config
    )
    room, _ = step(room, Join("s0", "Ann", 10.0))
    room, _ = step(room, Join("s1", "Bob", 10.0))
    assert room.status == "playing" and room.abort_at == 30.0


# ----------------------------------------------------------------- chat belongs to the room


def test_chat_lines_are_kept_stored_first_and_shown_to_late_spectators() -> None:
    room = started("nim", params={"heaps": "2,2"})
    room, eff = step(room, Chat("s0", "good luck", 11.0, ref=1))
    assert eff[0] == PersistChat("r1", 0, 0, "P0", "good luck", 11.0)
    assert msgs(eff, ToSeat(0))[0].ref == 1 and msgs(eff, ToSeat(1))[0].text == "good luck"
    room, _ = step(room, Watch("w", 12.0))
    room, eff = step(room, Chat("w", "hello all", 13.0, name="Wes"))
    assert eff[0] == PersistChat("r1", 1, None, "Wes", "hello all", 13.0)
    # A late spectator, a player's snapshot: every line, oldest first, as the chat messages said them.
    late, eff = step(room, Watch("v", 14.0, ref=2))
    lines = [
        p.ChatLine(seat=0, name="P0", text="good luck", at=11.0),
        p.ChatLine(seat=None, name="Wes", text="hello all", at=13.0),
    ]
    assert msgs(eff, ToSession("v"))[0].chat == lines
    assert room.snapshot(1, 15.0).chat == lines
    # A refused line is neither kept nor stored.
    same, eff = step(room, Chat("x", "psst", 15.0))
    assert same is room and not of(eff, PersistChat)


def test_a_room_keeps_its_last_chat_lines_only() -> None:
    room = started("nim", params={"heaps": "2,2"})
    for i in range(CHAT_KEPT + 1):
        room, eff = step(room, Chat(f"s{i % 2}", f"line {i}", 11.0 + i))
        assert of(eff, PersistChat)[0].seq == i
    assert CHAT_KEPT == 100 and len(room.chat) == 100
    assert [c.text for c in room.chat] == [f"line {i}" for i in range(1, 101)]
    assert [c.text for c in room.snapshot(0, 200.0).chat] == [f"line {i}" for i in range(1, 101)]


def test_restoring_a_room_brings_its_chat_back_and_goes_on_numbering() -> None:
    meta = {"seats": [{"kind": "open", "session": "a", "name": "A"}, {"kind": "open", "session": "b", "name": "B"}]}
    stored = [StoredChat(i, i % 2 if i % 3 else None, f"n{i}", f"t{i}", float(i)) for i in range(150, 0, -1)]
    room, _ = Room.restore("r1", "nim", {"heaps": [2, 2]}, meta, [], "playing", 0.0, 500.0, chat=stored)
    assert [c.seq for c in room.chat] == list(range(51, 151))
    assert room.snapshot(0, 500.0).chat[0] == p.ChatLine(seat=None, name="n51", text="t51", at=51.0)
    room = dataclasses.replace(room, seats=tuple(dataclasses.replace(s, connected=True) for s in room.seats))
    room, eff = step(room, Chat("a", "back", 501.0))
    assert eff[0] == PersistChat("r1", 151, 0, "A", "back", 501.0) and len(room.chat) == 100


def test_a_room_s_chat_survives_the_store() -> None:
    db = SQLiteStore(":memory:")
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "2,2"})
    for i in range(2):
        room, eff = step(room, Join(f"s{i}", f"P{i}", 1.0))
    db.save_room(StoredRoom("r1", "nim", {"heaps": [2, 2]}, room.meta(), "playing", 0.0, 0.0))
    for i in range(CHAT_KEPT + 5):
        room, eff = step(room, Chat("s0", f"line {i}", 2.0 + i))
        c = of(eff, PersistChat)[0]
        db.write([("r1", StoredChat(c.seq, c.seat, c.name, c.text, c.at))])
    stored = db.load_room("r1")
    assert stored is not None and [c.seq for c in stored.chat] == list(range(5, 105))
    assert db._db.execute("SELECT count(*) FROM chat").fetchone()[0] == CHAT_KEPT  # the store keeps no more
    back, _ = Room.restore(
        "r1", "nim", stored.params, stored.meta, stored.moves, "playing", 0.0, 200.0, chat=stored.chat
    )
    assert back.chat == room.chat


def test_a_bot_client_against_a_hosted_bot_keeps_the_first_move_abort() -> None:
    """A bot client is no learner: an untimed room of a bot client and a hosted bot is aborted without a first
    move (a bot client that cannot move would otherwise hold its room for ever)."""
    config = RoomConfig(abort_s=20)
    room, _ = Room.create(
        "r1", "nim", 0.0, params={"heaps": "2,3"}, seats=[SeatSpec("open"), SeatSpec("bot")], config=config
    )
    room, _ = step(room, Join("s0", "engine", 10.0, bot=True))
    assert room.status == "playing" and room.abort_at == 30.0
    assert step(room, Tick(30.0))[0].status == "aborted"


# ----------------------------------------------------------------- held while moves cannot be stored


def test_a_held_room_charges_nobody_and_lets_no_deadline_fall_due() -> None:
    room = started(time_control=TimeControl(30, 0), config=RoomConfig(abort_s=20, grace_s=10))
    room, _ = step(room, Move("s0", 0, "1:1", 12.0))  # s1's clock runs from 12 with 30 s
    room, _ = step(room, Disconnect("s0", 13.0))  # s0's grace ends at 23
    room, eff = step(room, Hold(15.0))
    assert room.held_at == 15.0 and room.deadlines() == {}
    assert {e.key for e in of(eff, Cancel)} == {"flag", "grace:0"} and not of(eff, Send)
    room, eff = step(room, Tick(1000.0))  # long past every deadline: nothing happens
    assert (room.status, eff) == ("playing", [])
    assert step(room, Hold(900.0))[0] == room  # (held once: the first hold counts)
    assert msgs(step(room, GetState("s1", 1000.0))[1])[0].clocks == [30.0, 27.0]
    room, eff = step(room, Release(1015.0))  # held 1000 s: the clock goes on with 27 s, the grace with 8 s
    assert room.held_at is None
    assert room.deadlines() == {"flag": 1042.0, "grace:0": 1023.0}
    assert Schedule("flag", 1042.0) in eff and Schedule("grace:0", 1023.0) in eff
    assert [m.clocks for m in msgs(eff, ToSeat(1), p.RoomState)] == [[30.0, 27.0]]  # (s0 is away: not sent)
    room, _ = step(room, Move("s1", 1, "2:1", 1020.0))
    assert room.clocks is not None and room.clocks.remaining == (30.0, 22.0)


def test_a_hold_before_the_first_move_moves_the_abort_on_and_a_move_while_held_is_charged_nothing() -> None:
    room = started(time_control=TimeControl(30, 0), config=RoomConfig(abort_s=20))
    assert room.abort_at == 30.0
    room, _ = step(room, Hold(25.0))
    moved, eff = step(room, Move("s0", 0, "1:1", 60.0))  # (stored at the very end of the hold, say)
    assert of(eff, PersistMove) and moved.clocks is not None and moved.clocks.remaining == (30.0, 30.0)
    room, _ = step(room, Release(40.0))
    assert room.abort_at == 45.0 and room.deadlines() == {"abort": 45.0}
    room, eff = step(room, Tick(45.0))
    assert room.status == "aborted"
    assert step(room, Hold(50.0)) == (room, [])  # (an ended room is never held)


def test_releasing_an_untimed_room_tells_nobody_and_releasing_an_unheld_room_does_nothing() -> None:
    room, _ = step(started(), Move("s0", 0, "1:1", 12.0))  # (no clock, and no first-move deadline any more)
    assert step(room, Release(20.0)) == (room, [])
    held, eff = step(room, Hold(20.0))
    assert held.held_at == 20.0 and eff == []
    back, eff = step(held, Release(30.0))
    assert back.held_at is None and eff == []


def test_a_room_woken_on_a_new_node_connects_its_players_online_without_announcing_them() -> None:
    shell = FakeShell()
    room, eff = Room.create("r1", "nim", 0.0, params={"heaps": "3,4,5"}, time_control=TimeControl(60, 1))
    shell.run(eff)
    for event in (Join("a", "Ann", 1.0), Join("b", "Bob", 2.0), Move("a", 0, "1:1", 5.0)):
        room, eff = step(room, event)
        shell.run(eff)
    back, _ = shell.restore(100.0)  # (taken over: every seat starts away, with a grace period)
    woken, eff = step(back, Wake(frozenset({"a"}), 101.0))  # (Bob is connected nowhere)
    assert [s.connected for s in woken.seats] == [True, False]
    assert [s.grace_until for s in woken.seats] == [None, 130.0]
    assert not msgs(eff, kind=p.PlayerStatus), "nobody was told Ann had gone: nobody is told she is back"
    (state,) = msgs(eff, ToSeat(0), p.RoomState)
    assert [s.connected for s in state.seats] == [True, False] and not msgs(eff, ToSeat(1))
    both, eff = step(back, Wake(frozenset({"a", "b"}), 101.0))
    assert all(s.connected for s in both.seats) and not msgs(eff, kind=p.PlayerStatus)
    assert [s.connected for m in msgs(eff, ToSeat(1), p.RoomState) for s in m.seats] == [True, True]
    assert set(both.deadlines()) == {"flag"}
