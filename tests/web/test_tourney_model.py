"""The page's tournament view (client/web/tourney.js) shows what the terminal client's shows.

States made here with the protocol's models are turned into text by ``client/tournament_view.py``
(the list row, the details, the standings, each round's games, the refusals) and by
``tests/web/tourney.test.mjs`` in node, which must write the same; the crosstable (the page's own,
as ``grundy tournament`` prints one) is checked against the points counted here.  Without node the
tests are skipped (they fail in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from grundy.client import tournament_view as tv
from grundy.client.ratings_view import format_rating

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def summary(**over: Any) -> p.TournamentSummary:
    fields: dict[str, Any] = dict(tournament="t-1", name="nim cup", game="nim",
                                  params={"heaps": [3, 4, 5], "misere": False},
                                  time_control=p.TimeControl(initial_s=90, increment_s=0.5), format="round-robin",
                                  rounds=3, round=2, games_per_pairing=2, rated=True, status="running", entrants=3,
                                  creator="Ann", created_at=1000.0)  # fmt: skip
    fields.update(over)
    return p.TournamentSummary(**fields)


def standing(rank: int, entrant: str, name: str, kind: str, points: float, **over: Any) -> p.Standing:
    fields: dict[str, Any] = dict(rank=rank, entrant=entrant, name=name, kind=kind, points=points, games=2, wins=1,
                                  draws=1, losses=0, tiebreak=1.25, rating=1512.6, rating_change=12.6)  # fmt: skip
    fields.update(over)
    return p.Standing(**fields)


def game(
    seats: list[str], status: str, outcomes: list[str] | None = None, room: str | None = "r1", **over: Any
) -> p.TournamentGame:
    return p.TournamentGame(seats=seats, room=room, status=status, outcomes=outcomes, **over)


def states() -> list[p.TournamentState]:
    running = p.TournamentState(
        tournament=summary(),
        standings=[
            standing(1, "s-a", "Ann", "human", 1.5, rd=70.2, provisional=False),
            standing(2, "hosted:easy", "bot (easy)", "hosted", 1.0, rating=None, rating_change=None, tiebreak=0.5),
            standing(3, "s-b", "Bob", "human", 0.5, withdrawn=True, rating_change=-0.4, losses=1, wins=0, rating=1522.5,
                     rd=120.0, provisional=True),
        ],
        rounds=[
            [p.Pairing(round=1, board=1, entrants=["s-a", "s-b"], names=["Ann", "Bob"],
                       games=[game(["s-a", "s-b"], "finished", ["win", "loss"], "r1"),
                              game(["s-b", "s-a"], "finished", ["draw", "draw"], "r2")]),
             p.Pairing(round=1, board=2, entrants=["hosted:easy"], names=["bot (easy)"])],
            [p.Pairing(round=2, board=1, entrants=["hosted:easy", "s-a"], names=["bot (easy)", "Ann"],
                       games=[game(["hosted:easy", "s-a"], "finished", ["loss", "win"], None, forfeit=True),
                              game(["s-a", "hosted:easy"], "playing", None, "r4")]),
             p.Pairing(round=2, board=2, entrants=["s-b", "s-c"], names=["Bob", "Cy"]),
             p.Pairing(round=2, board=3, entrants=["s-c"], names=[])],
        ],
        server_time=2000.0,
    )  # fmt: skip
    open_ = p.TournamentState(
        tournament=summary(tournament="t-2", status="open", round=0, rounds=None, format="swiss", games_per_pairing=1,
                           time_control=None, params={}, rated=False, entrants=1, created_at=1500.0),
        standings=[standing(1, "s-a", "Ann", "human", 0.0, games=0, wins=0, draws=0, tiebreak=0.0, rating_change=0.0)],
        rounds=[], server_time=2000.0,
    )  # fmt: skip
    stopped = p.TournamentState(
        tournament=summary(tournament="t-3", status="finished", stopped=True, round=3, format="swiss", rounds=5,
                           time_control=p.TimeControl(initial_s=300, increment_s=3), created_at=900.0),
        standings=[], rounds=[], reason="stopped by its creator", server_time=2000.0,
    )  # fmt: skip
    long_clock = p.TournamentState(
        tournament=summary(tournament="t-4", status="finished", created_at=1200.0,
                           time_control=p.TimeControl(initial_s=4 * 3600, increment_s=0)),
        standings=[], rounds=[], server_time=2000.0,
    )  # fmt: skip
    return [running, open_, stopped, long_clock]


def crosstable(state: p.TournamentState) -> list[list[str]]:
    """Points of each entrant (rank order) against each other, over their finished games."""
    met: dict[tuple[str, str], tuple[float, int]] = {}
    for rnd in state.rounds:
        for pairing in rnd:
            for g in pairing.games:
                if g.status == "finished" and g.outcomes:
                    for i, me in enumerate(g.seats):
                        pts, n = met.get((me, g.seats[1 - i]), (0.0, 0))
                        met[(me, g.seats[1 - i])] = (pts + POINTS[g.outcomes[i]], n + 1)
    ids = [s.entrant for s in state.standings]
    return [["." if a == b else (f"{tv.points_text(met[(a, b)][0])}/{met[(a, b)][1]}" if (a, b) in met else "")
             for b in ids] for a in ids]  # fmt: skip


def vectors() -> dict[str, Any]:
    out = []
    for state in states():
        t = state.tournament
        out.append({
            "state": state.model_dump(mode="json"),
            "row": list(tv.summary_row(t)),
            "details": tv.details(t),
            "standing": tv.standing_text(t),
            "standings": [list(r) for r in tv.standings_rows(state)],
            "rounds": {str(n): [dataclass_dict(g) for g in tv.round_games(state, n)]
                       for n in range(0, len(state.rounds) + 2)},
            "latest": [dataclass_dict(g) for g in tv.round_games(state)],
            "entrants": {s: tv.is_entrant(state, s) for s in ("s-a", "s-b", "hosted:easy", "s-x")},
            "crosstable": crosstable(state),
        })  # fmt: skip
    order = [t.tournament for t in tv.ordered([s.tournament for s in states()])]
    asked = (("enter", "tournament_not_open"), ("start", "too_few_entrants"), ("withdraw", "odd_code"))
    refusals = [[verb, code, "why", tv.refusal(verb, code, "why")] for verb, code in asked]
    # Ratings as every list shows them: a leaderboard entry, a rating_info, bare numbers, halves rounded to even.
    ratings: list[Any] = [
        {"rating": 1623.4, "rd": 47.0, "provisional": False}, {"rating": 1500.0, "rd": 350.0, "provisional": True},
        {"rating": 1522.5, "rd": 110.5, "provisional": True}, {"rating": 1523.5}, 1523.4, 1522.5, 1523.5, None,
        {"rd": 30.0},
    ]  # fmt: skip
    shown = [[r, format_rating(r)] for r in ratings]
    return {"cases": out, "order": order, "refusals": refusals, "ratings": shown}


def dataclass_dict(g: tv.GameRow) -> dict[str, Any]:
    return {"key": g.key, "round": g.round, "board": g.board, "number": g.number, "players": g.players,
            "status": g.status, "room": g.room}  # fmt: skip


def run(path: Path) -> subprocess.CompletedProcess[str]:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's tournament view")
        pytest.skip("node is not installed: the page's tournament view is not checked here")
    return subprocess.run(
        [NODE, "--test", "--test-reporter=tap", str(HERE / "tourney.test.mjs")],
        capture_output=True, text=True, timeout=120, env={**os.environ, "GRUNDY_TOURNEY_VECTORS": str(path)},
    )  # fmt: skip


def test_the_page_shows_tournaments_as_the_terminal_client_does(tmp_path: Path) -> None:
    path = tmp_path / "tourney.json"
    path.write_text(json.dumps(vectors()), encoding="utf-8")
    out = run(path)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert "# fail 0" in out.stdout


def test_a_view_that_disagrees_fails(tmp_path: Path) -> None:
    """The comparison can fail: one standings cell changed is caught."""
    v = vectors()
    v["cases"][0]["standings"][0][3] = "9"
    path = tmp_path / "tourney.json"
    path.write_text(json.dumps(v), encoding="utf-8")
    out = run(path)
    assert out.returncode != 0 and "# fail 1" in out.stdout
