"""Sending a request again after ``unavailable``: which requests may be sent again, and when (docs/PROTOCOL.md 2.1).

A node answers ``unavailable`` while the cluster's store cannot take a write (Redis unreachable,
settling after an outage, or waiting for a replica) and while a stopping node hands a room over;
the same request succeeds once that is over.  Every client of this project sends the requests
named in :data:`SAFE_TO_RESEND` again by itself, on the schedule below, and says once that the
server is catching up; the others it reports as not done (the person or program decides).
It says once too that the server caught up: when a request gets through again, or when the game a request
sent again was for moved past it or ended meanwhile (:data:`MOOT_ONCE_OVER`: the move sent through the outage
was stored after all, and the room went on): that is news the store is back, and the request is moot.

A request is safe to send again when a second copy can change nothing the first one did, even
if the first was done after all (a write sent as the store went away may have been stored and
still answered ``unavailable``): a move carries its ply, so its second copy is ``stale_ply``; the
second ``resign`` of a game is ``game_over``; reads change nothing.  ``create_room``, ``chat``,
``challenge``, ``quick_match``, ``create_tournament`` and ``register`` are not: a second copy would
make a second room, line, challenge, queue entry or tournament, or lose a secret shown once.
"""

from __future__ import annotations

__all__ = [
    "MOOT_ONCE_OVER",
    "RESEND_EVERY_S",
    "RESEND_FACTOR",
    "RESEND_FIRST_S",
    "RESEND_FOR_S",
    "RESEND_JITTER",
    "SAFE_TO_RESEND",
]

RESEND_FIRST_S = 0.25  # the first copy goes this long after the first `unavailable`
RESEND_FACTOR = 2.0  # each pause is this many times the one before ...
RESEND_EVERY_S = 2.0  # ... up to this: from then on a copy every 2 s
RESEND_JITTER = 0.2  # each pause is shortened or lengthened at random by up to this fraction
RESEND_FOR_S = 600.0  # copies are sent until this long after the first answer; then `unavailable` is the answer

# The request types a client may send again after `unavailable`, with why a second copy is harmless.
SAFE_TO_RESEND: dict[str, str] = {
    "move": "it carries its ply: a second copy of a move that was played is `stale_ply`",
    "resign": "a second copy finds the game over (`game_over`)",
    "offer_draw": "offering again changes nothing",
    "accept_draw": "agreeing again changes nothing (or the draw ended the game: `game_over`)",
    "decline_draw": "a second copy finds no offer (`no_draw_offer`)",
    "rematch": "asking again changes nothing",
    "join": "a second copy finds the seat taken by the same session and answers its `room_state`",
    "spectate": "watching again answers the `room_state`",
    "leave": "a second copy finds no seat (`not_a_player`) or the game over",
    "quick_match_cancel": "a second copy finds nothing queued (`not_in_queue`)",
    "accept_challenge": "a second copy finds no challenge (`no_challenge`)",
    "decline_challenge": "a second copy finds no challenge (`no_challenge`)",
    "enter_tournament": "a second copy is `already_entered`",
    "withdraw": "a second copy is `not_entered`",
    "start_tournament": "a second copy finds it started (`tournament_not_open`)",
    "stop_tournament": "a second copy finds it stopping (nothing changes) or over (`tournament_over`)",
    "ping": "reads nothing, writes nothing",
    "list_games": "a read",
    "list_rooms": "a read",
    "list_players": "a read",
    "list_tournaments": "a read",
    "get_state": "a read",
    "get_record": "a read",
    "get_tournament": "a read",
    "get_player": "a read",
    "get_player_games": "a read",
    "get_leaderboard": "a read",
    "analyze": "a read",
}

# The requests being sent again that their room's end makes moot (a copy could only be refused `game_over`); a move
# is moot too once its room has moved past its ply (a copy could only be `stale_ply`).  A client that sees it in the
# room's messages sends the copy at once (its answer ends the request) and says the server caught up.
MOOT_ONCE_OVER: frozenset[str] = frozenset({"move", "resign", "offer_draw", "accept_draw", "decline_draw"})
