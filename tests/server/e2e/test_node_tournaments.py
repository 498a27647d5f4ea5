"""Tournaments over the wire against a real node: entries, rounds as rooms, standings, ratings in SQLite."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server import tournaments
from grundy.server.node import Node
from grundy.server.ratings import INITIAL_RATING
from grundy.server.store import LOG_TABLES
from tests.server.e2e.test_node_process import Served, alive, free_port
from tests.server.e2e.wsclient import Client, NodeFactory, url

NIM = {"heaps": [1, 2]}
TIMEOUT = 60.0


def sid(c: Client) -> str:
    """The client's session id."""
    assert c.welcome is not None
    return c.welcome.session


async def autoplay(c: Client) -> None:
    """Play the first legal move whenever it is this client's turn, in every room it sits in (runs until cancelled)."""
    seats: dict[str, int] = {}
    read = 0
    while True:
        for m in c.seen[read:]:
            if isinstance(m, p.RoomState) and m.you is not None:
                seats[m.room] = m.you
                if m.turn == m.you and m.legal_moves:
                    await c.send(p.Move(room=m.room, ply=m.ply, move=m.legal_moves[0]))
            elif isinstance(m, p.MoveMade) and m.room in seats and m.turn == seats[m.room] and m.legal_moves:
                await c.send(p.Move(room=m.room, ply=m.ply + 1, move=m.legal_moves[0]))
        read = len(c.seen)
        await asyncio.sleep(0.005)


async def final_state(c: Client, tid: str) -> p.TournamentState:
    def over(m: object) -> bool:
        return isinstance(m, p.TournamentState) and m.tournament.tournament == tid and m.tournament.status == "finished"

    return await c.expect(over, timeout=TIMEOUT)


BOT_KEYS = tuple(f"bot:{level}" for level in ("random", "easy", "medium", "hard", "max"))


async def ratings_table(node: Node, *clients: Client) -> dict[str, tuple[float, int]]:
    """The stored nim ratings of these players and of the hosted bots (through the store's interface), once every
    node has done its background writes (the tournament writes them there)."""
    for each in (node, *getattr(node, "peers", ())):
        await each.background.drain()
    out = {}
    for key in [*(sid(c) for c in clients), *BOT_KEYS]:
        r = await node.store.get_rating(key, "nim")
        if r is not None:
            out[key] = (r.value, r.games)
    return out


async def test_a_round_robin_runs_to_the_end_with_standings_and_ratings(node: Node) -> None:
    ann, bob, cid = [await Client.hello(url(node), n) for n in ("Ann", "Bob", "Cid")]
    players = [asyncio.create_task(autoplay(c)) for c in (ann, bob, cid)]
    try:
        made = await ann.request(
            p.CreateTournament(name="nim cup", game="nim", params=NIM, bots=["random"]), p.TournamentState
        )
        tid = made.tournament.tournament
        assert made.tournament.status == "open" and made.tournament.creator == "Ann"
        assert [s.entrant for s in made.standings] == ["hosted:random"]
        for c in (ann, bob, cid):
            state = await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
        assert state.tournament.entrants == 4
        listed = await bob.request(p.ListTournaments(status="open"), p.Tournaments)
        assert [t.tournament for t in listed.tournaments] == [tid]
        started = await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
        assert started.tournament.status == "running" and started.tournament.rounds == 3
        done = await final_state(bob, tid)
    finally:
        for t in players:
            t.cancel()
    # Every pairing was played in a room, every entrant met every other once.
    games = [g for rnd in done.rounds for pr in rnd for g in pr.games]
    assert len(done.rounds) == 3 and len(games) == 6
    assert all(g.status == "finished" and g.room and g.outcomes for g in games)
    assert done.reason == "all rounds played"  # (for an older client) beside the words of every client:
    assert done.reason_say is not None and done.reason_say.id == "wire-tournament-ended-all-played"
    met = {frozenset(g.seats) for g in games}
    assert len(met) == 6
    # The standings add up from the games.
    points: dict[str, float] = {}
    for g in games:
        for who, outcome in zip(g.seats, g.outcomes or [], strict=True):
            points[who] = points.get(who, 0.0) + {"win": 1.0, "draw": 0.5, "loss": 0.0}[outcome]
    assert {s.entrant: s.points for s in done.standings} == points
    assert [s.rank for s in done.standings] == [1, 2, 3, 4]
    assert [s.points for s in done.standings] == sorted((s.points for s in done.standings), reverse=True)
    assert all(s.games == 3 for s in done.standings)
    # Ratings: stored per player, each after 3 games, changes summing to zero (equal K).
    stored = await ratings_table(node, ann, bob, cid)
    ids = {sid(c): c for c in (ann, bob, cid)}
    assert set(stored) == {*ids, "bot:random"} and all(n == 3 for _, n in stored.values())
    assert abs(sum(v - INITIAL_RATING for v, _ in stored.values())) < 1e-6
    for s in done.standings:
        key = "bot:random" if s.kind == "hosted" else s.entrant
        assert key in stored  # (the Elo seeds and breaks ties, unshown)
        # The standings show the rating every list shows (Glicko-2): guests' games change none.
        assert s.rating == INITIAL_RATING and s.provisional and s.rd == 350.0 and s.rating_change == 0.0
    # The player list shows registered players' lasting (Glicko-2) ratings: these guests have none; the
    # records of tournament games name the tournament and round.
    listed_players = await ann.request(p.ListPlayers(), p.Players)
    assert {pl.session: pl.ratings for pl in listed_players.players} == {sid: {} for sid in ids}
    last = done.rounds[2][0].games[0].room
    assert last is not None
    record = await ann.request(p.GetRecord(room=last), p.Record)
    assert record.record["tournament"] == {"id": tid, "round": 3}
    assert record.record["status"] == "finished"
    for c in (ann, bob, cid):
        await c.close()


async def test_tournament_requests_that_cannot_be_accepted_get_typed_errors(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    err = await ann.error(p.EnterTournament(tournament="t-none"))
    assert err.code == ErrorCode.UNKNOWN_TOURNAMENT and "t-none" in err.message
    err = await ann.error(p.CreateTournament(game="nim", format="swiss"))
    assert err.code == ErrorCode.BAD_PARAMS and "rounds" in err.message
    err = await ann.error(p.CreateTournament(game="chess"))
    assert err.code == ErrorCode.UNKNOWN_GAME
    err = await ann.error(p.CreateTournament(game="nim", bots=["grandmaster"]))
    assert err.code == ErrorCode.BAD_PARAMS and "grandmaster" in err.message
    made = await ann.request(p.CreateTournament(game="nim", params=NIM), p.TournamentState)
    tid = made.tournament.tournament
    assert (await ann.error(p.StartTournament(tournament=tid))).code == ErrorCode.TOO_FEW_ENTRANTS
    assert (await bob.error(p.Withdraw(tournament=tid))).code == ErrorCode.NOT_ENTERED
    await bob.request(p.EnterTournament(tournament=tid), p.TournamentState)
    assert (await bob.error(p.EnterTournament(tournament=tid))).code == ErrorCode.ALREADY_ENTERED
    assert (await bob.error(p.StartTournament(tournament=tid))).code == ErrorCode.NOT_ORGANISER
    # Ann, watching as the creator, hears about Bob's entry.
    seen = await ann.expect(lambda m: isinstance(m, p.TournamentState) and m.tournament.entrants == 1)
    assert [s.name for s in seen.standings] == ["Bob"]
    left = await bob.request(p.Withdraw(tournament=tid), p.TournamentState)
    assert left.tournament.entrants == 0
    await ann.close()
    await bob.close()


async def test_a_knockout_over_the_wire_and_an_absent_entrant_forfeits(make_node: NodeFactory) -> None:
    node = await make_node(grace_s=0.5)
    ann, bob, dan = [await Client.hello(url(node), n) for n in ("Ann", "Bob", "Dan")]
    players = [asyncio.create_task(autoplay(c)) for c in (ann, bob)]
    try:
        made = await ann.request(
            p.CreateTournament(game="nim", params=NIM, format="knockout", rated=False, bots=["max"]),
            p.TournamentState,
        )
        tid = made.tournament.tournament
        for c in (ann, bob, dan):
            await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
        dan_id = sid(dan)
        await dan.close()  # Dan is away when the tournament starts: his seat's grace period runs out
        await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
        done = await final_state(ann, tid)
    finally:
        for t in players:
            t.cancel()
    assert done.tournament.format == "knockout" and len(done.rounds) == 2
    games = {g.room: g for rnd in done.rounds for pr in rnd for g in pr.games}
    dans = [g for g in games.values() if dan_id in g.seats]
    assert len(dans) == 1 and dans[0].outcomes is not None
    assert dans[0].outcomes[dans[0].seats.index(dan_id)] == "loss"
    assert dans[0].room is not None
    record = await ann.request(p.GetRecord(room=dans[0].room), p.Record)
    assert record.record["result"]["outcomes"][dans[0].seats.index(dan_id)] == "loss"
    assert "did not come back" in record.record["reason"]
    final = done.rounds[1][0]
    assert len(final.entrants) == 2 and done.standings[0].entrant in final.entrants
    assert all(s.rating_change is None for s in done.standings)  # unrated
    assert await ratings_table(node, ann, bob, dan) == {}
    await ann.close()
    await bob.close()


async def test_withdrawing_resigns_the_game_in_progress_and_forfeits_the_rest(node: Node) -> None:
    ann, bob = [await Client.hello(url(node), n) for n in ("Ann", "Bob")]
    made = await ann.request(p.CreateTournament(game="nim", params=NIM, games_per_pairing=2), p.TournamentState)
    tid = made.tournament.tournament
    for c in (ann, bob):
        await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    first = await bob.expect(p.RoomState, status="playing")
    await ann.expect(p.RoomState, room=first.room, status="playing")
    gone = await bob.request(p.Withdraw(tournament=tid), p.TournamentState)
    assert [s.withdrawn for s in gone.standings if s.name == "Bob"] == [True]
    over = await ann.expect(p.GameOver, room=first.room)
    assert over.result is not None and over.result.ending == "resign"
    assert over.result.outcomes[first.you or 0] == "loss"  # Bob's seat resigned
    done = await final_state(ann, tid)
    (pairing,) = done.rounds[0]
    assert [g.forfeit for g in pairing.games] == [False, True] and pairing.games[1].room is None
    assert [(s.name, s.points, s.withdrawn) for s in done.standings] == [("Ann", 2.0, False), ("Bob", 0.0, True)]
    stored = await ratings_table(node, ann, bob)
    assert set(stored) == {sid(ann), sid(bob)}  # the resigned game is rated, the forfeit is not
    assert {n for _, n in stored.values()} == {1}
    await ann.close()
    await bob.close()


@pytest.mark.embedded_only
async def test_hosted_bots_play_alone_and_old_finished_tournaments_leave_memory_but_not_the_store(
    node: Node, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournaments, "KEEP_FINISHED", 0)
    ann = await Client.hello(url(node), "Ann")
    done = []
    for _ in range(2):
        made = await ann.request(
            p.CreateTournament(game="nim", params=NIM, bots=["random", "random", "easy"]), p.TournamentState
        )
        tid = made.tournament.tournament
        assert sorted(s.entrant for s in made.standings) == ["hosted:easy", "hosted:random", "hosted:random#2"]
        await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
        done.append(await final_state(ann, tid))
    first, second = done
    assert all(len(pr.games) == 1 for rnd in second.rounds for pr in rnd if len(pr.entrants) == 2)
    assert sum(s.games for s in second.standings) == 6  # three games, two players each
    listed = await ann.request(p.ListTournaments(), p.Tournaments)
    assert [t.tournament for t in listed.tournaments] == [second.tournament.tournament]
    err = await ann.error(p.GetTournament(tournament=first.tournament.tournament))
    assert err.code == ErrorCode.UNKNOWN_TOURNAMENT
    kept = await node.store.load_tournament(first.tournament.tournament)
    assert kept is not None and kept["status"] == "finished" and len(kept["standings"]) == 3
    # The two random bots share the rating "bot:random": only their games against the easy bot count.
    assert {k: n for k, (_, n) in (await ratings_table(node, ann)).items()} == {"bot:random": 4, "bot:easy": 4}
    await ann.close()


async def game_in_play(c: Client, tid: str, number: int) -> p.TournamentGame:
    """The game being played in round ``number`` (waits for the tournament_state that shows it)."""

    def playing(m: object) -> list[p.TournamentGame]:
        if not isinstance(m, p.TournamentState) or m.tournament.tournament != tid or len(m.rounds) < number:
            return []
        return [g for pr in m.rounds[number - 1] for g in pr.games if g.status == "playing"]

    state = await c.expect(lambda m: bool(playing(m)), timeout=TIMEOUT)
    (game,) = playing(state)
    return game


async def play(players: dict[str, Client], room: str, moves: int | None = None) -> p.RoomState:
    """Make the first legal move for whoever is to move in ``room``, until it ends (or ``moves`` were made)."""
    made = 0
    while True:
        for c in players.values():
            state = await c.request(p.GetState(room=room), p.RoomState)
            if state.status != "playing" or made == moves:
                return state
            if state.turn == state.you:
                await c.request(p.Move(room=room, ply=state.ply, move=state.legal_moves[0]), p.MoveMade)
                made += 1


async def test_the_rooms_of_a_rated_tournament_say_rated_and_those_of_an_unrated_one_do_not(node: Node) -> None:
    ann, bob, eve = [await Client.hello(url(node), n) for n in ("Ann", "Bob", "Eve")]
    for rated in (True, False):
        made = await ann.request(p.CreateTournament(game="nim", params=NIM, rated=rated), p.TournamentState)
        tid = made.tournament.tournament
        for c in (ann, bob):
            await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
        await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
        room = (await game_in_play(ann, tid, 1)).room
        assert room is not None
        for c in (ann, bob):
            seated = await c.expect(p.RoomState, room=room)  # the room_state the server sends each entrant
            assert seated.you is not None and seated.rated is rated
            assert (await c.request(p.GetState(room=room), p.RoomState)).rated is rated
        watching = await eve.request(p.Spectate(room=room), p.RoomState)
        assert watching.you is None and watching.rated is rated
        over = await play({"Ann": ann, "Bob": bob}, room)
        assert over.status == "finished" and over.rated is rated  # still so after the end (the review may come)
        await final_state(ann, tid)
    for c in (ann, bob, eve):
        await c.close()


async def test_a_running_tournament_survives_a_killed_node(tmp_path: Path) -> None:
    db, port, log = tmp_path / "grundy.db", free_port(), tmp_path / "serve.log"
    node = await Served.start(db, port, log)
    clients = [await Client.hello(node.url, n) for n in ("Ann", "Bob", "Cid")]
    ann = clients[0]
    made = await ann.request(p.CreateTournament(name="kill cup", game="nim", params=NIM), p.TournamentState)
    tid = made.tournament.tournament
    for c in clients:
        await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    by_id = {sid(c): c for c in clients}
    first = await game_in_play(ann, tid, 1)
    assert first.room is not None
    await play({s: by_id[s] for s in first.seats}, first.room)
    second = await game_in_play(ann, tid, 2)  # round 1 (one game and a bye) is over: round 2 runs
    assert second.room is not None
    assert (await play({s: by_id[s] for s in second.seats}, second.room, moves=1)).ply == 1

    node.proc.send_signal(signal.SIGKILL)
    assert await node.proc.wait() == -signal.SIGKILL
    for c in clients:
        await c.wait_closed()
    for pid in node.workers:  # orphaned workers notice their node is gone
        for _ in range(100):
            if not alive(pid):
                break
            await asyncio.sleep(0.05)
        else:
            os.kill(pid, signal.SIGKILL)

    node = await Served.start(db, port, log)
    try:
        back = {}
        for c in clients:
            assert c.welcome is not None
            back[sid(c)] = await Client.resume(node.url, c.welcome.token)
        ann = back[sid(clients[0])]
        state = await ann.request(p.GetTournament(tournament=tid), p.TournamentState)
        assert state.tournament.status == "running" and state.tournament.name == "kill cup"
        assert state.tournament.creator == "Ann" and len(state.rounds) == 2
        (done,) = [g for pr in state.rounds[0] for g in pr.games]
        assert done.status == "finished" and done.outcomes is not None and done.room == first.room
        assert sum(s.points for s in state.standings) == 1.0  # the finished game is counted, once
        (going,) = [g for pr in state.rounds[1] for g in pr.games]
        assert going.status == "playing" and going.room == second.room
        # the round-2 game goes on in its restored room, from where it was
        resumed = await play({s: back[s] for s in second.seats}, second.room, moves=0)
        assert resumed.status == "playing" and resumed.ply == 1
        await play({s: back[s] for s in second.seats}, second.room)
        third = await game_in_play(ann, tid, 3)  # and the next round is made
        assert third.room is not None and set(third.seats) not in (set(first.seats), set(second.seats))
        await play({s: back[s] for s in third.seats}, third.room)
        final = await final_state(ann, tid)
        games = [g for rnd in final.rounds for pr in rnd for g in pr.games]
        assert len(games) == 3 and all(g.status == "finished" and not g.forfeit for g in games)
        assert [g.room for g in games[:2]] == [first.room, second.room]
        assert sum(s.points for s in final.standings) == 3.0 and all(s.games == 2 for s in final.standings)
        for c in back.values():
            await c.close()
    finally:
        node.proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(node.proc.wait(), 30)


async def test_open_tournaments_per_creator_are_capped(make_node: NodeFactory) -> None:
    node = await make_node(max_open_tournaments=2)
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    made = [await ann.request(p.CreateTournament(game="nim", params=NIM, bots=["random", "random"]), p.TournamentState)]
    made.append(await ann.request(p.CreateTournament(game="nim", params=NIM), p.TournamentState))
    err = await ann.error(p.CreateTournament(game="nim", params=NIM))
    assert err.code == ErrorCode.TOO_MANY_TOURNAMENTS and "2 open tournaments" in err.message
    await bob.request(p.CreateTournament(game="nim", params=NIM), p.TournamentState)  # the cap is per creator
    # once one has started it no longer counts
    await ann.request(p.StartTournament(tournament=made[0].tournament.tournament), p.TournamentState)
    await ann.request(p.CreateTournament(game="nim", params=NIM), p.TournamentState)
    await ann.close()
    await bob.close()


@pytest.mark.embedded_only
async def test_after_a_restart_games_whose_room_ended_or_was_lost_are_settled(make_node: NodeFactory) -> None:
    node = await make_node()
    ann, bob = [await Client.hello(url(node), n) for n in ("Ann", "Bob")]
    made = await ann.request(p.CreateTournament(game="nim", params=NIM, games_per_pairing=2), p.TournamentState)
    tid = made.tournament.tournament
    for c in (ann, bob):
        await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    first = await game_in_play(ann, tid, 1)
    for c in (ann, bob):
        await c.close()
    await node.shutdown()
    # the room ended (stored) but the tournament was never told: the restart reports it from the store
    db = sqlite3.connect(node.config.db)
    with db:
        db.execute(
            "UPDATE rooms SET status = 'finished', result = ? WHERE id = ?",
            ('{"outcomes": ["loss", "win"], "reason": "took the last object"}', first.room),
        )
    db.close()
    node = await make_node()
    cid = await Client.hello(url(node), "Cid")
    state = await cid.request(p.GetTournament(tournament=tid), p.TournamentState)
    one, two = state.rounds[0][0].games
    assert (one.room, one.status, one.outcomes) == (first.room, "finished", ["loss", "win"])
    assert two.status == "playing" and two.room not in (None, first.room) and two.seats == first.seats[::-1]
    await cid.close()
    await node.shutdown()
    # the second game's room is gone altogether: the game is made again in a new room
    db = sqlite3.connect(node.config.db)
    with db:
        db.execute("DELETE FROM moves WHERE room_id = ?", (two.room,))
        db.execute("DELETE FROM move_chunks WHERE room_id = ?", (two.room,))
        for table in LOG_TABLES:  # (closing the store packed its log into move_chunks)
            assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
        db.execute("DELETE FROM rooms WHERE id = ?", (two.room,))
    db.close()
    node = await make_node()
    cid = await Client.hello(url(node), "Cid")
    state = await cid.request(p.GetTournament(tournament=tid), p.TournamentState)
    one, again = state.rounds[0][0].games
    assert one.outcomes == ["loss", "win"] and state.tournament.status == "running"
    assert again.status == "playing" and again.room not in (None, two.room) and again.seats == two.seats
    assert again.room is not None
    assert (await cid.request(p.Spectate(room=again.room), p.RoomState)).status == "playing"
    await cid.close()
