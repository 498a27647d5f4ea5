"""The table: points, tie-breaks and the order of the standings.

Win 1, draw 0.5, loss 0 (a Swiss bye 1).  Ties are broken by the format's tie-break
(Sonneborn–Berger for round robin and gauntlet, Buchholz for Swiss, the round reached for a
knockout, where it comes before points), then head-to-head points among the tied entrants,
then rating at entry, then entry order.
"""

from __future__ import annotations

from collections.abc import Iterable

from grundy.server.tournament.values import FINISHED, Pairing, Standing, TournamentView


def knockout_winner(t: TournamentView, p: Pairing) -> str:
    """Who goes through: more points, else (replays used up) the higher seed; a withdrawn entrant never."""
    if p.black is None:
        return p.white
    seed = {e.id: i for i, e in enumerate(t.entrants)}
    a, b = p.white, p.black
    if (a in t.withdrawn) != (b in t.withdrawn):
        return b if a in t.withdrawn else a
    pa, pb = p.points(a), p.points(b)
    if pa != pb:
        return a if pa > pb else b
    return a if seed[a] < seed[b] else b


def points_of(t: TournamentView) -> dict[str, float]:
    """Every entrant's points so far (finished games, and Swiss byes)."""
    pts = {e.id: 0.0 for e in t.entrants}
    for r in t.rounds:
        for p in r.pairings:
            if p.black is None:
                if t.format == "swiss":
                    pts[p.white] += 1.0
                continue
            for g in p.games:
                if g.is_done:
                    for s in g.seats:
                        pts[s] += g.points(s)
    return pts


def standings(t: TournamentView) -> tuple[Standing, ...]:
    """The table now, best first (the order is in the module docstring)."""
    pts = points_of(t)
    games = t.finished_games()
    wins = {e.id: 0 for e in t.entrants}
    draws = dict(wins)
    losses = dict(wins)
    for g in games:
        for s in g.seats:
            o = g.outcomes[g.seats.index(s)]  # type: ignore[index]
            (wins if o == "win" else draws if o == "draw" else losses)[s] += 1
    tb = _tiebreaks(t, pts)
    order = {e.id: i for i, e in enumerate(t.entrants)}
    rating = {e.id: e.rating for e in t.entrants}
    primary = {i: (tb[i], pts[i]) if t.format == "knockout" else (pts[i], tb[i]) for i in pts}
    groups: dict[tuple[float, float], list[str]] = {}
    for i, key in primary.items():
        groups.setdefault(key, []).append(i)
    h2h = {i: 0.0 for i in pts}
    for members in groups.values():
        if len(members) > 1:
            inside = set(members)
            for g in games:
                if set(g.seats) <= inside:
                    for s in g.seats:
                        h2h[s] += g.points(s)
    ids = sorted(pts, key=lambda i: (-primary[i][0], -primary[i][1], -h2h[i], -rating[i], order[i]))
    names = {e.id: e.name for e in t.entrants}
    return tuple(
        Standing(n + 1, i, names[i], pts[i], wins[i] + draws[i] + losses[i], wins[i], draws[i], losses[i],
                 tb[i], h2h[i], rating[i], i in t.withdrawn)
        for n, i in enumerate(ids)
    )


def _tiebreaks(t: TournamentView, pts: dict[str, float]) -> dict[str, float]:
    """Sonneborn–Berger (round robin, gauntlet), Buchholz (Swiss) or the round reached (knockout)."""
    tb = {i: 0.0 for i in pts}
    if t.format == "swiss":
        for r in t.rounds:
            for p in r.pairings:
                if p.black is not None:
                    tb[p.white] += pts[p.black]
                    tb[p.black] += pts[p.white]
        return tb
    if t.format == "knockout":
        for r in t.rounds:
            for p in r.pairings:
                for e in p.entrants:
                    tb[e] = float(r.number)
        if t.status == FINISHED and t.rounds and len(t.rounds[-1].pairings) == 1:
            final = t.rounds[-1].pairings[0]
            if final.is_over:
                tb[knockout_winner(t, final)] += 1.0
        return tb
    for g in t.finished_games():
        for s in g.seats:
            other = g.seats[1 - g.seats.index(s)]
            tb[s] += g.points(s) * pts[other]
    return tb


def total_points(standings: Iterable[Standing]) -> float:
    """The sum of everyone's points (equals the number of games, plus Swiss byes, minus double forfeits)."""
    return sum(s.points for s in standings)
