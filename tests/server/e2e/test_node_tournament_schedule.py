"""Tournaments with openings, a concurrency limit and an early stop, over the wire against a real node."""

from __future__ import annotations

import asyncio

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.test_node_tournaments import TIMEOUT, final_state, play, sid
from tests.server.e2e.wsclient import Client, NodeFactory, url

OPENINGS = [["a1", "b2"], ["c3"], ["b1", "a2", "c2"]]


async def bot_client(node: Node, name: str) -> Client:
    """A connection that says it is a bot program (its games of a pairing may run at the same time)."""
    c = await Client.open(url(node))
    c.welcome = await c.request(p.Hello(versions=[1], name=name, kind="bot"), p.Welcome)
    return c


def games_of(state: p.TournamentState) -> list[p.TournamentGame]:
    return [g for rnd in state.rounds for pr in rnd for g in pr.games]


async def test_a_gauntlet_of_hosted_bots_plays_every_opening_from_both_sides(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    made = await ann.request(
        p.CreateTournament(
            game="tictactoe", format="gauntlet", bots=["random", "easy"], games_per_pairing=6, openings=OPENINGS
        ),
        p.TournamentState,
    )
    tid = made.tournament.tournament
    assert made.tournament.openings == 3 and made.tournament.concurrency is None
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    done = await final_state(ann, tid)
    games = games_of(done)
    assert [g.opening for g in games] == [0, 0, 1, 1, 2, 2]
    (pairing,) = done.rounds[0]
    first, second = pairing.entrants
    assert [g.seats for g in games] == [[first, second], [second, first]] * 3  # each opening from both sides
    for g in games:
        assert g.status == "finished" and g.room is not None and g.opening is not None
        record = (await ann.request(p.GetRecord(room=g.room), p.Record)).record
        opening = OPENINGS[g.opening]
        assert record["opening"] == len(opening)
        assert [m["move"] for m in record["moves"][: len(opening)]] == opening
        assert len(record["moves"]) > len(opening)  # and the bots played on from there
        assert record["tournament"]["id"] == tid
    await ann.close()


async def test_an_opening_that_cannot_be_played_is_refused_naming_it(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    err = await ann.error(p.CreateTournament(game="tictactoe", openings=[["a1"], ["b1", "b1"]]))
    assert err.code == ErrorCode.BAD_PARAMS and "openings[1]" in err.message and "'b1'" in err.message
    err = await ann.error(p.CreateTournament(game="tictactoe", openings=[["a1", "a2", "b1", "b2", "c1"]]))
    assert err.code == ErrorCode.BAD_PARAMS and "openings[0]" in err.message and "ends the game" in err.message
    err = await ann.error({"type": "create_tournament", "game": "tictactoe", "concurrency": 0})
    assert err.code == ErrorCode.BAD_MESSAGE and "concurrency" in err.message
    err = await ann.error({"type": "create_tournament", "game": "tictactoe", "games_per_pairing": 1001})
    assert err.code == ErrorCode.BAD_MESSAGE and "games_per_pairing" in err.message
    await ann.close()


async def test_no_more_games_are_in_play_than_the_limit(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    made = await ann.request(
        p.CreateTournament(
            game="tictactoe",
            format="round-robin",
            bots=["random", "random", "easy"],
            games_per_pairing=4,
            concurrency=2,
            rated=False,
        ),
        p.TournamentState,
    )
    tid = made.tournament.tournament
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    done = await final_state(ann, tid)
    states = [m for m in ann.seen if isinstance(m, p.TournamentState) and m.tournament.tournament == tid]
    in_play = [sum(g.status != "finished" for g in games_of(s)) for s in states]
    assert max(in_play) == 2  # the limit is reached (a round has more games than it) and never passed
    assert done.tournament.concurrency == 2 and len(games_of(done)) == 12
    assert all(g.status == "finished" for g in games_of(done))
    await ann.close()


async def test_the_games_of_a_pairing_of_bot_clients_run_at_once_and_stop_lets_them_end(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    one, two = await bot_client(node, "One"), await bot_client(node, "Two")
    made = await ann.request(
        p.CreateTournament(game="tictactoe", format="gauntlet", games_per_pairing=6, concurrency=2),
        p.TournamentState,
    )
    tid = made.tournament.tournament
    for c in (one, two):
        await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    rooms = {(await one.expect(p.RoomState, status="playing")).room for _ in range(2)}
    assert len(rooms) == 2  # two games of the one pairing at the same time
    err = await one.error(p.StopTournament(tournament=tid))
    assert err.code == ErrorCode.NOT_ORGANISER
    stopping = await ann.request(p.StopTournament(tournament=tid), p.TournamentState)
    assert stopping.tournament.stopped and stopping.tournament.status == "running"
    again = await ann.request(p.StopTournament(tournament=tid), p.TournamentState)
    assert again.tournament.stopped
    players = {sid(one): one, sid(two): two}
    for room in rooms:
        assert (await play(players, room)).status == "finished"
    done = await final_state(ann, tid)
    assert done.tournament.stopped and done.reason == "stopped by its creator"
    games = games_of(done)
    assert sorted(g.room or "" for g in games) == sorted(rooms) and all(g.status == "finished" for g in games)
    assert sum(s.games for s in done.standings) == 4 and sum(s.points for s in done.standings) == 2.0
    err = await ann.error(p.StopTournament(tournament=tid))
    assert err.code == ErrorCode.TOURNAMENT_OVER
    for c in (ann, one, two):
        await c.close()


@pytest.mark.embedded_only
async def test_a_game_started_from_an_opening_resumes_after_a_restart(make_node: NodeFactory) -> None:
    node = await make_node()
    ann, bob = [await Client.hello(url(node), n) for n in ("Ann", "Bob")]
    made = await ann.request(
        p.CreateTournament(game="tictactoe", format="gauntlet", openings=[["a1", "b2", "c3"]], rated=False),
        p.TournamentState,
    )
    tid = made.tournament.tournament
    for c in (ann, bob):
        await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    seated = await bob.expect(p.RoomState, status="playing")
    assert seated.opening == 3 and seated.ply == 3 and [m.move for m in seated.moves] == ["a1", "b2", "c3"]
    assert seated.abort_at is not None
    players = {sid(ann): ann, sid(bob): bob}
    assert (await play(players, seated.room, moves=1)).ply == 4
    tokens = {s: c.welcome.token for s, c in players.items() if c.welcome is not None}
    for c in (ann, bob):
        await c.close()
    await node.shutdown()

    node = await make_node()
    back = {s: await Client.resume(url(node), token) for s, token in tokens.items()}
    state = await back[sid(bob)].request(p.GetState(room=seated.room), p.RoomState)
    assert state.status == "playing" and state.opening == 3 and state.ply == 4
    assert [m.move for m in state.moves[:3]] == ["a1", "b2", "c3"]
    over = await play(back, seated.room)
    assert over.status == "finished"
    record = (await back[sid(bob)].request(p.GetRecord(room=seated.room), p.Record)).record
    assert record["opening"] == 3 and [m["move"] for m in record["moves"][:3]] == ["a1", "b2", "c3"]
    done = await asyncio.wait_for(final_state(back[sid(bob)], tid), TIMEOUT)
    assert done.tournament.status == "finished" and games_of(done)[0].opening == 0
    for c in back.values():
        await c.close()
