"""The tournament core's openings, concurrency limit and early stop, on literal examples."""

from __future__ import annotations

import json

import pytest

from grundy.protocol import ErrorCode
from grundy.server.tournament import (
    MAX_GAMES,
    CreateGame,
    Enter,
    Finished,
    GameCreated,
    GameFinished,
    Refused,
    Start,
    Stop,
    Tournament,
    TournamentError,
)

OPENINGS = [["a1", "b1"], ["b2"], ["c3", "a3", "b3"]]


def make(fmt: str, n: int, kind: str = "bot", *, game: str = "tictactoe", **kw: object) -> Tournament:
    """``n`` entrants a, b, c, ... of ``kind`` rated 2000, 1900, ... (a is seed 1); the organiser is ``org``."""
    t, _ = Tournament.create("T", game, 0.0, format=fmt, organiser="org", **kw)  # type: ignore[arg-type]
    for i in range(n):
        t, effects = t.handle(Enter("abcdefgh"[i], "abcdefgh"[i].upper(), 0.0, kind=kind, rating=2000 - 100 * i))  # type: ignore[arg-type]
        assert not any(isinstance(e, Refused) for e in effects)
    return t


def created(effects: list[object]) -> list[CreateGame]:
    return [e for e in effects if isinstance(e, CreateGame)]


def play(t: Tournament, cg: CreateGame, outcome: tuple[str, str] = ("win", "loss")) -> tuple[Tournament, list[object]]:
    """The room for ``cg`` is made and its game ends with ``outcome``."""
    t, _ = t.handle(GameCreated(cg.key, "room:" + cg.key, 2.0))
    return t.handle(GameFinished("room:" + cg.key, outcome, 3.0))


def run(t: Tournament, most_at_once: list[int] | None = None) -> tuple[Tournament, list[CreateGame]]:
    """Start and play every game in the order asked for; records how many were in play at most."""
    t, effects = t.handle(Start("org", 1.0))
    pending = created(effects)
    log = list(pending)
    while pending:
        if most_at_once is not None:
            most_at_once.append(len(pending))
        t, effects = play(t, pending.pop(0))
        pending += created(effects)
        log += created(effects)
    return t, log


# ---------------------------------------------------------------- openings


def test_openings_are_checked_against_the_game_at_creation() -> None:
    t, _ = Tournament.create("T", "tictactoe", 0.0, format="gauntlet", openings=[["A1", "b1"]])
    assert t.openings == (("a1", "b1"),)  # kept in the game's own notation
    bad = [
        ([["a1"], ["a1", "a1"]], "openings[1]: move 2 'a1' is illegal"),
        ([["a1", "a2", "b1", "b2", "c1"]], "openings[0]: the opening ends the game at move 5 'c1'"),
        ([["a1", "a2", "b1", "b2", "c1", "c2"]], "openings[0]: the game is already over before move 6 'c2'"),
        ([["zz"]], "openings[0]: move 1 'zz' is illegal"),
        ([["a1"]] * 1001, "1001 openings, at most 1000"),
        ([["a1", "b1"] * 31], "openings[0]: 62 moves, at most 60"),
    ]
    for openings, why in bad:
        with pytest.raises(TournamentError) as e:
            Tournament.create("T", "tictactoe", 0.0, format="gauntlet", openings=openings)
        assert e.value.code == ErrorCode.BAD_PARAMS and why in e.value.message


def test_each_opening_is_played_from_both_sides() -> None:
    t, games = run(make("gauntlet", 2, games_per_pairing=6, openings=OPENINGS))
    plan = [(cg.seats[0].id, cg.opening) for cg in games]
    o = [tuple(x) for x in OPENINGS]
    assert plan == [("a", o[0]), ("b", o[0]), ("a", o[1]), ("b", o[1]), ("a", o[2]), ("b", o[2])]
    assert [g.opening for g in t.finished_games()] == [0, 0, 1, 1, 2, 2]
    assert t.status == "finished" and len(t.finished_games()) == 6


def test_an_odd_count_plays_its_last_opening_from_one_side() -> None:
    _, games = run(make("gauntlet", 2, games_per_pairing=3, openings=OPENINGS))
    assert [(cg.seats[0].id, cg.opening) for cg in games] == [("a", ("a1", "b1")), ("b", ("a1", "b1")), ("a", ("b2",))]


def test_openings_rotate_over_pairings_and_rounds() -> None:
    t, _ = run(make("round-robin", 4, games_per_pairing=2, openings=OPENINGS))
    used = [[p.opening for p in r.pairings] for r in t.rounds]
    assert used == [[0, 1], [2, 0], [1, 2]]  # board by board, round by round, wrapping around
    for r in t.rounds:
        for p in r.pairings:
            assert [g.opening for g in p.games] == [p.opening, p.opening]
            assert p.games[0].seats == (p.black, p.white)[::-1] and p.games[1].seats == (p.black, p.white)


def test_without_openings_games_start_from_the_initial_position() -> None:
    t, games = run(make("gauntlet", 2, games_per_pairing=2))
    assert all(cg.opening == () for cg in games) and all(g.opening is None for g in t.finished_games())


# ---------------------------------------------------------------- concurrency


def test_a_pairing_of_bots_plays_its_games_at_once_up_to_the_limit() -> None:
    t = make("gauntlet", 2, games_per_pairing=10, concurrency=3)
    t, effects = t.handle(Start("org", 1.0))
    live = created(effects)
    assert len(live) == 3 and t.in_play() == 3
    t, effects = play(t, live.pop(0))
    assert len(created(effects)) == 1  # one ended, one starts
    live += created(effects)
    most = []
    while live:
        t, effects = play(t, live.pop())
        live += created(effects)
        most.append(len(live))
    assert max(most) <= 3 and t.status == "finished" and len(t.finished_games()) == 10
    seats = [g.seats for g in t.rounds[0].pairings[0].games]
    assert seats == [("a", "b"), ("b", "a")] * 5  # colours alternate whatever the order they end in


def test_without_a_limit_a_whole_round_starts_at_once() -> None:
    t = make("round-robin", 4, games_per_pairing=3)
    _, effects = t.handle(Start("org", 1.0))
    assert len(created(effects)) == 6  # two pairings of three games


def test_the_limit_holds_across_pairings() -> None:
    most: list[int] = []
    t, games = run(make("round-robin", 6, games_per_pairing=2, concurrency=4), most)
    assert max(most) == 4 and len(games) == 30 and t.status == "finished"
    most = []
    t, games = run(make("round-robin", 4, concurrency=1), most)
    assert max(most) == 1 and len(games) == 6


def test_a_human_plays_one_game_at_a_time() -> None:
    t = make("gauntlet", 2, kind="human", game="nim", games_per_pairing=4, concurrency=4)
    _, effects = t.handle(Start("org", 1.0))
    assert len(created(effects)) == 1


def test_entries_close_before_the_planned_games_pass_the_bound() -> None:
    t = make("round-robin", 5, games_per_pairing=1000)  # 10 pairings: 10000 games
    assert t.planned_games(5) == MAX_GAMES
    same, effects = t.handle(Enter("f", "F", 0.0, kind="bot"))
    assert same is t and isinstance(effects[0], Refused) and effects[0].code == ErrorCode.TOURNAMENT_FULL
    assert "10000 games" in effects[0].message


# ---------------------------------------------------------------- stop


def test_stop_lets_the_games_in_play_end_and_starts_no_other() -> None:
    t = make("round-robin", 4, games_per_pairing=2, concurrency=3)
    t, effects = t.handle(Start("org", 1.0))
    live = created(effects)
    same, refused = t.handle(Stop("a", 4.0))
    assert same is t and refused[0].code == ErrorCode.NOT_ORGANISER  # type: ignore[union-attr]
    t, effects = t.handle(Stop("org", 4.0))
    assert t.stopped and t.status == "running" and not created(effects)
    again, effects = t.handle(Stop("org", 4.5))
    assert again is t and effects == []
    for i, cg in enumerate(live):
        t, effects = play(t, cg)
        assert not created(effects)
        assert (t.status == "finished") == (i == len(live) - 1)
    assert t.end_reason == "stopped by its creator" and len(t.finished_games()) == 3
    assert any(isinstance(e, Finished) for e in effects)
    assert sum(s.games for s in t.standings()) == 6
    _, effects = t.handle(Stop("org", 9.0))
    assert effects[0].code == ErrorCode.TOURNAMENT_OVER  # type: ignore[union-attr]


def test_stop_before_the_start_finishes_at_once() -> None:
    t, effects = make("swiss", 3, rounds=2).handle(Stop("org", 2.0))
    assert t.status == "finished" and t.stopped and not t.rounds
    assert any(isinstance(e, Finished) for e in effects)


def test_a_game_aborted_after_the_stop_is_not_made_again() -> None:
    t = make("gauntlet", 2, games_per_pairing=2)
    t, effects = t.handle(Start("org", 1.0))
    a, b = created(effects)
    t, _ = t.handle(GameCreated(a.key, "ra", 2.0))
    t, _ = t.handle(GameCreated(b.key, "rb", 2.0))
    t, _ = t.handle(Stop("org", 3.0))
    t, effects = t.handle(GameFinished("ra", None, 4.0))
    assert not created(effects) and t.status == "running"
    t, effects = t.handle(GameFinished("rb", ("draw", "draw"), 5.0))
    assert t.status == "finished" and [g.outcomes for g in t.finished_games()] == [("draw", "draw")]


def test_the_stored_form_keeps_openings_limit_and_stop() -> None:
    t = make("gauntlet", 2, games_per_pairing=4, openings=OPENINGS, concurrency=2)
    t, effects = t.handle(Start("org", 1.0))
    t, _ = t.handle(Stop("org", 2.0))
    back = Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
    assert back == t
    assert back.openings == tuple(tuple(o) for o in OPENINGS) and back.concurrency == 2 and back.stopped
    assert [g.opening for g in back.rounds[0].pairings[0].games] == [0, 0]
