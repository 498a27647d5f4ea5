"""Rated and casual games against real nodes: only a rated game between registered players (or a registered
player and a hosted bot) changes ratings, on both sides, stored with each player's history."""

from __future__ import annotations

import asyncio
import time

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.fair import rated_outcomes
from grundy.server.node import Node
from grundy.server.ratings import Glicko
from tests.server.e2e.test_node_players import hello, register
from tests.server.e2e.wsclient import Client, url


async def player(node: Node, name: str) -> Client:
    """A registered player, connected."""
    return await hello(url(node), name, await register(node, name))


async def settled(node: Node) -> None:
    """Every node has done its background writes: a game that ended has stored whatever ratings it changed.

    (A room queues its ratings as it ends, before anyone hears its ``game_over``.)"""
    for each in (node, *getattr(node, "peers", ())):
        await each.background.drain()


async def ratings_of(node: Node, name: str, game: str = "nim", timeout: float = 10.0) -> Glicko:
    """``name``'s stored rating in ``game`` once its latest game has been rated (the node rates in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        found = (await node.store.glicko_of(name)).get(game)
        if found is not None or time.monotonic() > deadline:
            assert found is not None, f"{name} has no {game} rating"
            return found
        await asyncio.sleep(0.02)


# Nim 2,2 is lost for the player who moves first: Ann (seat 0) wins it only by Bob's mistake, a real win that
# counts as one for the ratings (server.fair: winning the side the start gives the win counts as a draw).
LOST_START = {"heaps": [2, 2]}


async def lost_side_wins(ann: Client, bob: Client, room: str) -> None:
    """In a nim 2,2 room where Ann has seat 0 and Bob seat 1: Ann takes a heap, Bob errs, Ann takes the last."""
    await ann.request(p.Move(room=room, ply=0, move="1:2"), p.MoveMade)
    await bob.expect(p.MoveMade, room=room, ply=0)
    await bob.request(p.Move(room=room, ply=1, move="2:1"), p.MoveMade)
    await ann.expect(p.MoveMade, room=room, ply=1)
    await ann.request(p.Move(room=room, ply=2, move="2:1"), p.MoveMade)
    over = await bob.expect(p.GameOver, room=room)
    assert over.result is not None and over.result.outcomes == ["win", "loss"]


async def one_move_game(ann: Client, bob: Client, rated: bool) -> str:
    """Ann creates a nim 2,2 room (rated or not), Bob joins, and Ann wins from the lost side."""
    created = await ann.request(p.CreateRoom(game="nim", params=LOST_START, seat=0, rated=rated), p.RoomCreated)
    state = await bob.request(p.Join(room=created.room), p.RoomState)
    assert state.rated is rated
    await lost_side_wins(ann, bob, created.room)
    return created.room


async def test_a_rated_game_changes_both_ratings_and_histories(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    room = await one_move_game(ann, bob, rated=True)
    a, b = await ratings_of(node, "Ann"), await ratings_of(node, "Bob")
    assert a.rating > 1500 > b.rating and a.games == b.games == 1 and a.rd < 350 and b.rd < 350
    history = await node.store.rating_history("Ann", "nim", 10)
    assert [(h.room, h.opponent, h.outcome) for h in history] == [(room, "Bob", "win")]
    assert history[0].rating == a.rating
    room2 = await one_move_game(bob, ann, rated=True)  # Bob wins this one
    deadline = time.monotonic() + 10
    while len(await node.store.rating_history("Bob", "nim", 10)) < 2 and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    bob_history = await node.store.rating_history("Bob", "nim", 10)
    assert [(h.room, h.outcome) for h in bob_history] == [(room, "loss"), (room2, "win")]
    assert (await ratings_of(node, "Ann")).games == 2


async def test_the_players_and_spectators_of_a_rated_game_are_told_how_the_ratings_moved(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    eve = await hello(url(node), "Eve")  # a guest watching
    created = await ann.request(p.CreateRoom(game="nim", params=LOST_START, seat=0, rated=True), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await eve.request(p.Spectate(room=created.room), p.RoomState)
    await lost_side_wins(ann, bob, created.room)
    a, b = await ratings_of(node, "Ann"), await ratings_of(node, "Bob")
    for who in (ann, bob, eve):
        rated = await who.expect(p.GameRated, room=created.room)
        assert rated.game == "nim"
        assert [(r.seat, r.player, r.before) for r in rated.ratings] == [(0, "Ann", 1500.0), (1, "Bob", 1500.0)]
        assert [r.after for r in rated.ratings] == [round(a.rating, 1), round(b.rating, 1)]
        assert rated.ratings[0].after > 1500 > rated.ratings[1].after and all(r.provisional for r in rated.ratings)
    casual = await one_move_game(ann, bob, rated=False)
    await settled(node)
    await ann.request(p.Ping(), p.Pong)  # (anything sent before the pong has arrived)
    assert not [m for m in ann.seen if isinstance(m, p.GameRated) and m.room == casual]


async def test_casual_games_and_games_against_guests_change_no_rating(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    await one_move_game(ann, bob, rated=False)  # casual between registered players
    guest = await hello(url(node), "Guest")
    await one_move_game(ann, guest, rated=False)
    await settled(node)
    assert await node.store.glicko_of("Ann") == {} and await node.store.glicko_of("Bob") == {}
    assert await node.store.rating_history("Ann", "nim", 10) == []


async def test_a_guest_cannot_play_rated(node: Node) -> None:
    secret = await register(node, "Ann")
    ann = await hello(url(node), "Ann", secret)
    guest = await hello(url(node), "Guest")
    e = await guest.error(p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0, rated=True))
    assert e.code == ErrorCode.NOT_REGISTERED
    e = await guest.error(p.QuickMatch(game="nim", rated=True))
    assert e.code == ErrorCode.NOT_REGISTERED
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seat=0, rated=True), p.RoomCreated)
    e = await guest.error(p.Join(room=created.room))
    assert e.code == ErrorCode.NOT_REGISTERED
    ann_again = await hello(url(node), "Ann", secret)
    # one seat per player in a rated game: Ann's other device sees her seat as hers, and takes no other
    mine = await ann_again.request(p.Join(room=created.room), p.RoomState)
    assert mine.you == 0 and [s.player for s in mine.seats] == ["Ann", None] and mine.status == "waiting"
    assert guest.welcome is not None
    await listed(ann, guest)
    e = await ann.error(p.Challenge(to=guest.welcome.session, game="nim", rated=True))
    assert e.code == ErrorCode.NOT_REGISTERED
    e = await ann.error(p.CreateRoom(game="nim", rated=True, seats=[p.SeatRequest(kind="bot", level="easy")] * 2))
    assert e.code == ErrorCode.BAD_PARAMS  # at most one hosted bot in a rated game


async def listed(by: Client, who: Client) -> None:
    """Wait until ``who`` is in the player list (a cluster node announces a session just after its welcome)."""
    assert who.welcome is not None
    deadline = time.monotonic() + 10
    while who.welcome.session not in [pl.session for pl in (await by.request(p.ListPlayers(), p.Players)).players]:
        assert time.monotonic() < deadline, "never listed"
        await asyncio.sleep(0.02)


async def test_a_rated_challenge_and_its_casual_rematch(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    assert bob.welcome is not None
    await listed(ann, bob)
    created = await ann.request(
        p.Challenge(to=bob.welcome.session, game="nim", params=LOST_START, rated=True), p.RoomCreated
    )
    told = await bob.expect(p.Challenged, room=created.room)
    assert told.rated
    state = await bob.request(p.AcceptChallenge(room=created.room), p.RoomState)
    assert state.rated
    await lost_side_wins(ann, bob, created.room)
    assert (await ratings_of(node, "Bob")).rating < 1500
    await ann.request(p.Rematch(room=created.room), p.RematchOffered)
    await bob.request(p.Rematch(room=created.room), p.RematchOffered)
    again = await ann.expect(p.RoomState, rematch_of=created.room)
    assert not again.rated  # a rematch is casual


async def test_rated_players_meet_only_rated_players_in_quick_match(node: Node) -> None:
    ann, bob, cid = await player(node, "Ann"), await player(node, "Bob"), await player(node, "Cid")
    q = await ann.request(p.QuickMatch(game="nim", params=LOST_START, rated=True), p.Queued)
    assert q.rated
    await cid.request(p.QuickMatch(game="nim", params=LOST_START), p.Queued)  # casual: no match
    await bob.request(p.QuickMatch(game="nim", params=LOST_START, rated=True), p.Queued)
    a = await ann.expect(p.RoomState, status="playing")
    assert a.rated and a.you == 0
    await lost_side_wins(ann, bob, a.room)
    assert (await ratings_of(node, "Ann")).rating > 1500
    assert await node.store.glicko_of("Cid") == {}


async def test_a_rated_game_against_a_hosted_bot_rates_both(node: Node) -> None:
    ann = await player(node, "Ann")
    seats = [p.SeatRequest(kind="bot", level="random"), p.SeatRequest(kind="open")]
    created = await ann.request(
        p.CreateRoom(game="nim", params=LOST_START, seats=seats, seat=1, rated=True), p.RoomCreated
    )
    await ann.expect(p.RoomState, room=created.room, status="playing")
    over = await play_out(ann, created.room, seat=1)
    assert over.result is not None
    won = over.result.outcomes[1] == "win"  # (Ann has the won side: she wins unless she errs; this play never does)
    assert won
    a, bot = await ratings_of(node, "Ann"), await ratings_of(node, "bot:random")
    assert a.games == bot.games == 1 and a.rating == bot.rating == 1500  # winning the won side: a draw, rated
    profile = await ann.request(p.GetPlayer(name="bot:random"), p.PlayerProfile)
    assert profile.registered_at is None and [(r.game, r.games) for r in profile.ratings] == [("nim", 1)]
    assert [(h.opponent, h.outcome) for h in profile.history] == [("Ann", "draw")]
    assert (await ann.error(p.GetPlayer(name="bot:max"))).code == ErrorCode.UNKNOWN_PLAYER  # never played rated


async def play_out(who: Client, room: str, seat: int) -> p.GameOver:
    """Play ``seat`` of a nim room perfectly (the nim-sum strategy) until the game is over."""
    from grundy.solver.strategies import nim_move

    def mine(m: object) -> bool:
        return getattr(m, "room", None) == room and isinstance(m, p.MoveMade | p.GameOver)

    while True:
        m = await who.expect(mine)
        if isinstance(m, p.GameOver):
            return m
        if m.turn == seat and m.legal_moves:
            best = nim_move(tuple(m.view["heaps"]))
            move = f"{best[0] + 1}:{best[1]}" if best is not None else m.legal_moves[0]
            await who.send(p.Move(room=room, ply=m.ply + 1, move=move))


async def test_a_registered_player_has_one_entry_in_a_tournament(node: Node) -> None:
    secret = await register(node, "Ann")
    ann, again = await hello(url(node), "Ann", secret), await hello(url(node), "Ann", secret)
    state = await ann.request(p.CreateTournament(game="nim", params={"heaps": [1]}), p.TournamentState)
    tid = state.tournament.tournament
    entered = await ann.request(p.EnterTournament(tournament=tid), p.TournamentState)
    assert [s.name for s in entered.standings] == ["Ann"]
    # The same player on another connection: still one entry, which moves to that connection
    # (tests/server/e2e/test_node_players.py follows it into a game).
    moved = await again.request(p.EnterTournament(tournament=tid), p.TournamentState)
    assert [s.name for s in moved.standings] == ["Ann"]
    e = await again.error(p.EnterTournament(tournament=tid))
    assert e.code == ErrorCode.ALREADY_ENTERED
    e = await ann.error(p.Withdraw(tournament=tid))  # the old connection plays nothing any more
    assert e.code == ErrorCode.NOT_ENTERED


async def test_the_leaderboard_and_a_players_ratings_and_history(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    room = await one_move_game(ann, bob, rated=True)
    await ratings_of(node, "Bob")
    anyone = await Client.open(url(node))  # (no hello needed to read ratings)
    board = await anyone.request(p.GetLeaderboard(game="nim", top=10), p.Leaderboard)
    assert board.game == "nim"
    assert [(e.rank, e.name, e.games, e.provisional) for e in board.entries] == [
        (1, "Ann", 1, True),
        (2, "Bob", 1, True),
    ]
    assert board.entries[0].rating > 1500 > board.entries[1].rating
    assert [e.name for e in (await anyone.request(p.GetLeaderboard(game="nim", top=1), p.Leaderboard)).entries] == [
        "Ann"
    ]
    assert (await anyone.request(p.GetLeaderboard(game="tictactoe"), p.Leaderboard)).entries == []
    profile = await anyone.request(p.GetPlayer(name="bob"), p.PlayerProfile)
    assert profile.name == "Bob" and profile.registered_at is not None
    assert [(r.game, r.games, r.provisional) for r in profile.ratings] == [("nim", 1, True)]
    assert [(h.game, h.room, h.opponent, h.outcome) for h in profile.history] == [("nim", room, "Ann", "loss")]
    assert profile.history[0].rating == profile.ratings[0].rating
    assert (await anyone.request(p.GetPlayer(name="Bob", history=0), p.PlayerProfile)).history == []
    e = await anyone.error(p.GetPlayer(name="Nobody"))
    assert e.code == ErrorCode.UNKNOWN_PLAYER
    e = await anyone.error(p.GetLeaderboard(game="chess"))
    assert e.code == ErrorCode.UNKNOWN_GAME
    e = await anyone.error({"type": "get_leaderboard", "game": "nim", "top": 101})
    assert e.code == ErrorCode.BAD_MESSAGE


async def test_the_player_list_shows_who_is_registered_and_their_ratings(node: Node) -> None:
    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    guest = await hello(url(node), "Guest")
    await one_move_game(ann, bob, rated=True)
    await ratings_of(node, "Bob")
    await listed(guest, ann)
    await listed(guest, bob)
    players = {pl.name: pl for pl in (await guest.request(p.ListPlayers(), p.Players)).players}
    assert players["Guest"].player is None and players["Guest"].ratings == {} and players["Guest"].rating_info == {}
    assert players["Ann"].player == "Ann" and players["Ann"].ratings["nim"] > 1500
    info = players["Ann"].rating_info["nim"]
    assert info.rating == players["Ann"].ratings["nim"] and info.games == 1 and info.provisional and info.rd < 350


async def test_games_between_hosted_bots_change_no_glicko_rating(node: Node) -> None:
    ann = await player(node, "Ann")
    made = await ann.request(
        p.CreateTournament(game="nim", params={"heaps": [1]}, bots=["random", "easy"]), p.TournamentState
    )
    tid = made.tournament.tournament
    await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
    done = await ann.expect(lambda m: isinstance(m, p.TournamentState) and m.tournament.status == "finished")
    assert sum(s.games for s in done.standings) == 2  # the bots played their game
    await settled(node)
    assert await node.store.glicko_of("bot:random") == {} and await node.store.glicko_of("bot:easy") == {}


async def test_a_rated_tournament_between_registered_players_rates_the_players(node: Node) -> None:
    from tests.server.e2e.test_node_tournaments import autoplay, final_state

    ann, bob = await player(node, "Ann"), await player(node, "Bob")
    bots = [asyncio.create_task(autoplay(c)) for c in (ann, bob)]
    try:
        made = await ann.request(p.CreateTournament(game="nim", params={"heaps": [1, 2]}), p.TournamentState)
        tid = made.tournament.tournament
        for c in (ann, bob):
            await c.request(p.EnterTournament(tournament=tid), p.TournamentState)
        await ann.request(p.StartTournament(tournament=tid), p.TournamentState)
        done = await final_state(ann, tid)
    finally:
        for t in bots:
            t.cancel()
    (game,) = [g for rnd in done.rounds for pr in rnd for g in pr.games]
    a, b = await ratings_of(node, "Ann"), await ratings_of(node, "Bob")
    assert ann.welcome is not None and game.outcomes is not None
    # Nim 1,2 is won for seat 0 from its start: the game counts as a draw if seat 0 won it (server.fair).
    scored = rated_outcomes(0, game.outcomes)
    ann_scored = scored[game.seats.index(ann.welcome.session)]
    assert a.games == b.games == 1
    assert (a.rating > 1500, a.rating == 1500, a.rating < 1500) == (ann_scored == "win", ann_scored == "draw",
                                                                      ann_scored == "loss")  # fmt: skip
    assert [h.room for h in await node.store.rating_history("Ann", "nim", 5)] == [game.room]
    elo = await node.store.get_rating("Ann", "nim")  # the seeding's Elo is the player's, by name
    assert elo is not None and elo.games == 1
    # The standings follow the game's ratings without being asked again: the figure the leaderboard shows, and
    # what the tournament did to it.
    board = {e.name: e for e in (await ann.request(p.GetLeaderboard(game="nim"), p.Leaderboard)).entries}

    def rated_standings(m: object) -> bool:
        return (
            isinstance(m, p.TournamentState)
            and m.tournament.tournament == tid
            and all(s.rd is not None and s.rd < 350 for s in m.standings)
        )

    state = await bob.expect(rated_standings, timeout=20)
    names = {ann.welcome.session: "Ann", bob.welcome.session: "Bob"}  # type: ignore[union-attr]
    for s in state.standings:
        shown = board[names[s.entrant]]
        assert (s.rating, s.rd, s.provisional) == (shown.rating, shown.rd, shown.provisional)
        assert s.rating_change == round(shown.rating - 1500, 1)


async def test_a_perfect_bot_handed_the_lost_side_of_a_solved_game_loses_no_rating(node: Node) -> None:
    """Nim 3,4,5 is won for the first player: Ann plays it perfectly against bot:max, first on the won side, then
    on the lost side.  Each game counts as a draw (what perfect play gives), so neither rating moves from
    1500; a single game no longer hands a perfect player a loss for its side."""
    ann = await player(node, "Ann")
    for ann_seat in (0, 1):
        seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="max")]
        if ann_seat == 1:
            seats.reverse()
        created = await ann.request(
            p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seats=seats, seat=ann_seat, rated=True),
            p.RoomCreated,
        )
        state = await ann.expect(p.RoomState, room=created.room, status="playing")
        if ann_seat == 0 and state.legal_moves:  # (Ann moves first: play_out answers moves)
            await ann.send(p.Move(room=created.room, ply=0, move="1:2"))  # the winning move: 3 XOR 4 XOR 5 = 2
        over = await play_out(ann, created.room, seat=ann_seat)
        assert over.result is not None and over.result.outcomes[0] == "win"  # the won side won, both times
        rated = await ann.expect(p.GameRated, room=created.room)
        assert [(r.before, r.after) for r in rated.ratings] == [(1500.0, 1500.0), (1500.0, 1500.0)]
        assert rated.won_side == 0 and [r.scored for r in rated.ratings] == ["draw", "draw"]
        record = await ann.request(p.GetRecord(room=created.room), p.Record)
        assert [r["scored"] for r in record.record["ratings"]] == ["draw", "draw"]
        assert [r["diff"] for r in record.record["ratings"]] == [0, 0]
    bot = await ratings_of(node, "bot:max")
    assert bot.games == 2 and bot.rating == 1500.0 and bot.rd < 350
    history = await node.store.rating_history("bot:max", "nim", 5)
    assert [h.outcome for h in history] == ["draw", "draw"]
