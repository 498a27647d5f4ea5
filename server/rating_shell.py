"""Rating a finished rated game: the store's Glicko-2 ratings and histories of its two players.

The arithmetic is the pure ``server.ratings``; this is the shell that finds the players (a hosted
bot is ``bot:<level>``, a session its registered player) and has the store apply the game.
"""

from __future__ import annotations

import asyncio
import logging
import time

from grundy import protocol as p
from grundy.server.fair import rated_outcomes, won_side
from grundy.server.ports import Store
from grundy.server.ratings import Glicko
from grundy.server.room import Room
from grundy.server.sessions import Sessions

__all__ = ["rate"]

log = logging.getLogger("grundy.node")


async def rate(store: Store, sessions: Sessions, room: Room, outcomes: tuple[str, ...]) -> p.GameRated | None:
    """A rated game finished: both players' Glicko-2 ratings and histories; the change, for the room.

    Not rated if a seat's holder is a guest (a guest entrant of a rated tournament), if both seats
    are hosted bots (a tournament of bots: the ratings are the players'), or if the two seats are one
    player (its ratings never change against itself); None then, and when the room was rated already.
    The ratings before are read just before the update: a player ending two rated games of one
    family at the same instant may see the other game's change folded into this one's.  A game whose
    start the solver decides is rated against that start (``server.fair``): the outcomes it counts as
    are the history's and the record's (``ratings[].scored``).
    """
    if len(room.seats) != 2 or len(outcomes) != 2 or all(seat.is_bot for seat in room.seats):
        return None
    players: list[str] = []
    for seat in room.seats:
        if seat.is_bot:
            players.append(f"bot:{seat.level}")
            continue
        player = None if seat.session is None else await sessions.player_of(seat.session)
        if player is None:
            log.info("room %s: not rated (seat %s is a guest)", room.id, seat.name)
            return None
        players.append(player)
    if players[0] == players[1]:
        log.info("room %s: not rated (%s played itself)", room.id, players[0])
        return None
    game = room.game.name
    won = await asyncio.to_thread(won_side, room.game)  # (the solver, with a small budget: off the event loop)
    scored = rated_outcomes(won, outcomes)
    if won is not None:
        log.info("room %s: %s is won for seat %d from its start: rated as %s", room.id, game, won, "-".join(scored))
    before = [(await store.glicko_of(player)).get(game, Glicko()) for player in players]
    after = await store.rate_game(room.id, game, (players[0], players[1]), scored, time.time())
    if after is None:
        return None
    log.info("room %s rated: %s %s, %s %s", room.id, players[0], after[0].shown(), players[1], after[1].shown())
    return p.GameRated(
        room=room.id,
        game=game,
        ratings=[
            p.RatingChange(
                seat=i,
                player=players[i],
                before=round(before[i].rating, 1),
                after=round(after[i].rating, 1),
                rd=round(after[i].rd, 1),
                provisional=after[i].is_provisional,
                scored=scored[i],
            )
            for i in range(2)
        ],
        won_side=won,
    )
