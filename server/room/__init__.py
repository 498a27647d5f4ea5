"""The room: an authoritative game table as a pure, sans-I/O state machine.

A package by responsibility: :mod:`~server.room.values` (statuses, seats, the move log,
configuration), :mod:`~server.room.events` (what a room takes and the effects it
asks for), :mod:`~server.room.core` (the state machine) and :mod:`~server.room.present`
(what each recipient is shown); its error, :class:`RoomError`, is one of the server's
(:mod:`server.errors`).  Everything is importable from ``server.room``.

``room.handle(event) -> (new_room, effects)``.  A :class:`Room` is an immutable value; it
never reads a clock (every event carries ``now``), never touches a socket, a timer or the
store, and never raises for anything a client did: a refused request becomes a
:class:`Refused` effect (the server's one refusal effect, the tournament's too: the shell
makes it the ``error`` message with ``server.errors.refusal_message``) and the room comes
back unchanged (the very same object).  The
async shell around it owns connections, timers, the store and the bot pool, and executes
the effects *in the order given*:

1. :class:`PersistMove` (or :class:`PersistChat`), then :class:`PersistRoom` — write these
   before sending anything, so an accepted move (a chat line) is stored before anyone hears of it;
2. :class:`Send` — protocol messages for one seat, one session or the spectators.  The
   same message object may be sent to several targets: encode it once per object;
   :class:`Refused` — the ``error`` for the session whose request was refused, in its
   place among the sends;
3. :class:`GameEnded` — bookkeeping (ratings, clean-up, cancel a pending bot job);
4. :class:`Schedule` / :class:`Cancel` — keyed timers (``"flag"``, ``"abort"``,
   ``"grace:<seat>"``).  When a timer fires, feed ``Tick(now)``; a tick that finds nothing
   due does nothing, so late or spurious ticks are harmless;
5. :class:`RequestBotMove` — ask the bot pool for a move; feed the answer back as
   ``BotMove``.  A late answer (stale ply, game over) is ignored.

Lifecycle: ``waiting`` (seats filling) -> ``playing`` (all seats held; the clocks do not
run before the first move, which must come before ``abort_at`` or the game is aborted)
-> ``finished`` (with a result) or ``aborted`` (without one).  An untimed room where one
person plays hosted bots has no ``abort_at``: a learner may think as long as they like
(a disconnect still ends the room after the grace period).

Chat: a room keeps its last :data:`CHAT_KEPT` lines (:class:`ChatLine`, a tuple in the room's
value), sends them in every ``room_state`` and stores each line (:class:`PersistChat`)
before anyone hears it, so a restored room has them back.

Decisions a client author should know (also in docs/PROTOCOL.md):

* Forfeits (resign, flag, disconnect, leaving a started game): the forfeiting seat loses.
  If exactly one other seat remains it wins; in a 3- or 4-seat game the others share the
  game and all get ``draw`` (no one won at the board).  Scores are dropped.
* Leaving before the first move aborts the game (no result); later it counts as resigning.
* ``resign`` with ``timeout`` (a bot's engine crashed or fell silent) is a loss on time:
  ending ``flag``, the reason naming the failure.
* Draw offers exist only in games that can end drawn (the game's ``can_draw``) and not
  against hosted bots; every seat must agree.  A move by a seat that has not agreed
  withdraws the pending offer.
* Hidden information (read from the game instance: pursuit hides only when the evader is
  blind): players get ``game.view(state, seat)``, spectators ``game.view(state, None)``.
  Move texts of a game that hides go only to their mover unless the game declares
  ``public_moves``; the seat to move always gets its own legal moves (in any game).
  Once the game has ended everyone gets the full view and all parameters (e.g. the seed).
* ``rated``: a game of a rated tournament (the tournaments shell says so when it makes the
  room).  The room keeps it in :meth:`Room.meta` and shows it in ``room_state``, so clients
  can refuse hints during the game; a rematch is never rated.

Restoring after a restart: :meth:`Room.restore` rebuilds a room from what the store keeps
(game, full parameters, :meth:`Room.meta`, the moves with their timestamps and clocks,
the status).  The player to move gets back the time they had at the last stored move (the
server's downtime is not charged), every human seat starts disconnected with a fresh grace
period, and a bot to move is asked again.

Holding while moves cannot be stored (a cluster's store away: unreachable, settling, or waiting
for a replica): :class:`Hold` stops the clock of the seat to move where it stands and suspends every
deadline (flag, first-move abort, grace expiry); :class:`Release` lets the clock run on with the time
it had and moves every deadline on by the time held, and gives the players the room's state.  So
that time is charged to nobody, as a restart's downtime is not.  A hold is not stored: a room
taken over meanwhile is restored, which charges nobody either.
"""

from __future__ import annotations

from grundy.server.errors import Refused, RoomError
from grundy.server.room.core import (
    Handled,
    Room,
    can_be_drawn,
    check_fair,
    event_from_message,
)
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
    ToSpectators,
    Unwatch,
    Wake,
    Watch,
    WatcherChange,
)
from grundy.server.room.values import (
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

__all__ = [
    "ABORTED",
    "BOT_LEVELS",
    "CHAT_KEPT",
    "DEFAULT_BOT_LEVEL",
    "ENDED",
    "FALLBACK_LEVEL",
    "FINISHED",
    "PLAYING",
    "WAITING",
    "Abort",
    "AcceptDraw",
    "BotMove",
    "Cancel",
    "Chat",
    "ChatLike",
    "ChatLine",
    "DeclineDraw",
    "Disconnect",
    "Effect",
    "Event",
    "GameEnded",
    "GetState",
    "Handled",
    "Hold",
    "Join",
    "Leave",
    "Move",
    "MoveLike",
    "MoveLog",
    "MoveRecord",
    "OfferDraw",
    "PersistChat",
    "PersistMove",
    "PersistRoom",
    "Reconnect",
    "Release",
    "Rematch",
    "RematchAgreed",
    "RequestBotMove",
    "Resign",
    "Room",
    "RoomConfig",
    "RoomError",
    "Schedule",
    "Seat",
    "SeatSpec",
    "Refused",
    "Send",
    "Status",
    "Tick",
    "ToSeat",
    "ToSession",
    "ToSpectators",
    "Unwatch",
    "Wake",
    "Watch",
    "WatcherChange",
    "can_be_drawn",
    "check_fair",
    "event_from_message",
]
