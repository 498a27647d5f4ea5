"""The native move path: a plain move in a playing room, taken in C (``FastRoom``, native/grundy_wire.c).

A move is most of a node's work, and most of a move's CPU went to the interpreter running the
room's Python around it (bench/RESULTS.md, "Where a move's CPU goes").  For the common case
this module hands it to the native twin of the room's move path:

* **which rooms**: a room of a game with native rules (subtraction) that is playing with two
  human seats, both connected, no clock, no first-move deadline pending, no draw offer and no
  spectators (:func:`terms`).  Everything else about such a room (its first move, a refusal,
  the move that ends the game, a disconnect, a spectator, a draw offer, ...) and every other
  room takes the Python room as before;
* **the Python room stays authoritative**: each time a room's shell takes a new Python room it
  loads that room's terms into its ``FastRoom`` (or disables it); a move the native room took
  is stored by the same group commit as any other write, before anyone hears of it, and then
  its ``move_made`` messages are sent (``RoomActor._after_fast_store``).  Until then the room is
  busy, as after a move of the Python path.  The stored move then waits in the ``FastRoom``
  with the room's others not yet folded into the Python room (its state, ply and history):
  ``RoomActor.room`` folds them in whenever anything reads it, and the native finish folds them
  once :data:`MAX_UNFOLDED` (8) wait, so a room in play is rebuilt once per 8 moves rather than per move;
* **nothing else changes**: the native room accepts a frame only when it is exactly a valid
  ``move`` request (the same bounds as the protocol's model) that the Python room would accept
  without ending the game, and the messages it packs are byte for byte the Python room's (the
  same frames out for the same frames in; tests/server/test_fast_moves.py and
  tests/server/e2e/test_node_wire.py hold the two paths to that).

Three more native pieces (native/grundy_wire.c) take the Python glue around it out of a move's path,
each stopping short of anything but the common case, which then goes the Python way:

* **the read** (:data:`MoveTaker`): ``FastServerConnection.data_received`` (server/transport.py) hands
  each read to the node's ``MoveTaker``, which does for the read's leading frames what the gateway's
  ``on_frame`` and the node's ``_fast_move`` do for a plain move: unmask it, take a token from the
  connection's bucket (the native ``TokenBucket``, twin of server/gateway.py's), ``try_move``, and
  hand the taken move to the room's shell as ``RoomActor.fast_moved`` does (the room busy, a
  ``_FastPending`` in the group commit), timed in the node's metrics.  It stops at the first frame it
  does not take, and the connection's Python reader goes on from there, so the order of a
  connection's frames is kept and every other frame, every refusal included, is the Python path's;
* **the finish** (:data:`finish_fast`): once the group commit has stored the move, the move kept
  in the native room for a later fold (or folded into the Python room now, when it cannot wait),
  the two ``move_made`` frames to the sessions' connections on this node and the shell's
  ``_resume`` (``RoomActor._after_fast_store``), when the frames go to this node's own connections;
* **the send** (:data:`deliver`): ``Sessions.send`` and the gateway's ``Connection.send`` in their
  common case (``send_now``, server/transport.py).

``GRUNDY_PURE_ROOM=1`` in the environment turns the native room off (the Python room takes
every move); ``GRUNDY_PURE_WIRE=1`` (protocol/wire.py) turns off the whole native wire path,
this included.  A cluster node uses it too, for a move its own connection makes in a room it runs, and
for a move forwarded from another node as its client sent it (``RedisForwarder.forwarded_move``: the
same path, with the forwarded session; a move it declines is decoded and takes the router as before).
"""

from __future__ import annotations

import os
from typing import Any

from grundy.protocol.wire import NATIVE
from grundy.rules.games.subtraction import Subtraction
from grundy.server.room.values import PLAYING

ENV_PURE_ROOM = "GRUNDY_PURE_ROOM"


def _load() -> Any:
    if os.environ.get(ENV_PURE_ROOM, "").strip() not in ("", "0"):
        return None
    return getattr(NATIVE, "FastRoom", None)


FastRoom: Any = _load()
"""The native room type, or None: every move takes the Python room."""

try_move: Any = None if FastRoom is None else NATIVE.try_move  # type: ignore[union-attr]

MoveTaker: Any = None if FastRoom is None else getattr(NATIVE, "MoveTaker", None)
"""The native reader of a connection's plain moves (a whole read at once; server.transport), or None."""

deliver: Any = None if FastRoom is None else getattr(NATIVE, "deliver", None)
"""Sessions.send and the gateway's Connection.send in their common case, in C, or None."""

deliver_here: Any = None if FastRoom is None else getattr(NATIVE, "deliver_here", None)
"""A cluster node's ``deliver_local`` (a frame to a session's connection here, or False), in C, or None."""

finish_fast: Any = None if FastRoom is None else getattr(NATIVE, "finish_fast", None)
MAX_UNFOLDED: int = 0 if FastRoom is None else NATIVE.MAX_UNFOLDED  # type: ignore[union-attr]
"""How many stored moves a native room keeps before the native finish folds them into the Python room."""
"""RoomActor._after_fast_store and _resume in their common case (frames to local sessions), in C, or None."""


def terms(room: Any) -> tuple[Any, ...] | None:
    """The arguments of ``FastRoom.load`` for ``room``, or None when its moves must take the Python room."""
    game = room.game
    if (
        type(game) is not Subtraction
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
    return (
        (s0.session, s1.session),
        room.ply,
        state.heap,
        state.turn,
        game.goal,
        game.takes,
        game.params["rule"],
        bool(room.config.legal_moves),
    )
