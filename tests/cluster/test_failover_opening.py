"""A tournament game started from an opening outlives its node: `kill -9` of the node that runs it mid-game."""

from __future__ import annotations

import asyncio

from grundy import protocol as p
from tests.server.e2e.wsclient import Client

OPENING = ["a1", "b2", "c3"]


async def test_a_game_from_an_opening_goes_on_on_another_node(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    ann = await Client.hello(a.url, "Ann")
    bob = await Client.hello(b.url, "Bob")
    made = await ann.request(
        p.CreateTournament(game="tictactoe", format="gauntlet", openings=[OPENING], rated=False), p.TournamentState
    )
    tid = made.tournament.tournament
    for c in (ann, bob):
        await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)  # its room is made on node a
    seated = await bob.expect(p.RoomState, status="playing")
    assert seated.opening == 3 and [m.move for m in seated.moves] == OPENING and seated.turn == seated.you
    await bob.send(p.Move(room=seated.room, ply=3, move="a2"))
    await bob.expect(p.MoveMade, ply=3)  # acknowledged: it must survive
    a.kill()
    await ann.wait_closed()
    state = await bob.expect(lambda m: isinstance(m, p.RoomState) and m.room == seated.room and m.ply == 4, timeout=15)
    assert state.status == "playing" and state.opening == 3
    assert [m.move for m in state.moves] == [*OPENING, "a2"]
    assert ann.welcome is not None
    back = await Client.resume(b.url, ann.welcome.token)
    mine = await back.expect(p.RoomState, room=seated.room)
    assert mine.opening == 3 and mine.ply == 4 and mine.turn == mine.you
    await back.send(p.Move(room=seated.room, ply=4, move=mine.legal_moves[0]))
    await bob.expect(p.MoveMade, ply=4)
    await back.close()
    await bob.close()
