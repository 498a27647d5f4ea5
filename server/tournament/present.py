"""What clients are shown of a tournament: its line in ``tournaments`` and its ``tournament_state``.

Pure like the rest of the package: the shell passes what the tournament does not hold itself
(its title and creator, the ratings as they are now, the time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from grundy import protocol as p
from grundy.protocol import i18n
from grundy.server.ratings import Glicko
from grundy.server.tournament.core import Tournament, ended
from grundy.server.tournament.values import OPEN

# (player, game) -> the player's Glicko-2 rating in the game now (what leaderboards show), or None if it has none yet
RatingNow = Callable[[str, str], Glicko | None]


def default_name(t: Tournament) -> str:
    """A tournament's title when its creator gives none (``nim round-robin``): kept in English with its records,
    said in each reader's language from ``name_say``."""
    return f"{t.game} {t.format}"


def summary(t: Tournament, name: str, creator: str) -> p.TournamentSummary:
    """The tournament's line in a ``tournaments`` list (and the head of its ``tournament_state``)."""
    return p.TournamentSummary(
        tournament=t.id,
        name=name,
        name_say=p.Say(id="wire-tournament-name", args={"game": t.game, "format": t.format})
        if name == default_name(t) else None,
        game=t.game,
        params=dict(t.params),
        time_control=None if t.time_control is None else p.TimeControl(**t.time_control.to_dict()),
        format=t.format,
        rounds=None if t.status == OPEN and t.format != "swiss" else t.planned_rounds,
        round=len(t.rounds),
        games_per_pairing=t.games_per_pairing,
        rated=t.rated,
        status=t.status,
        openings=len(t.openings),
        concurrency=t.concurrency,
        stopped=t.stopped,
        entrants=len(t.entrants),
        creator=creator,
        created_at=t.created_at,
    )


def state(
    t: Tournament,
    name: str,
    creator: str,
    rating_now: RatingNow,
    now: float,
    ref: Any = None,
    changes: Mapping[str, float] | None = None,
) -> p.TournamentState:
    """The ``tournament_state``: the summary, the standings, every round.

    An entrant's ``rating`` is the one every list shows (its Glicko-2 rating now, with its deviation grown up to
    ``now``; a newcomer's 1500), ``rating_change`` (rated tournaments) what this tournament's rated games did to
    it: ``changes`` by rating key.
    """
    names = {e.id: e.name for e in t.entrants}
    said = {e.id: bot_say(e.name, e.level) if e.kind == "hosted" else None for e in t.entrants}
    standings = []
    for s in t.standings():
        e = t.entrant(s.entrant)
        assert e is not None
        shown = (rating_now(e.rating_key, t.game) or Glicko()).at(now)
        standings.append(
            p.Standing(
                rank=s.rank,
                entrant=s.entrant,
                name=s.name,
                name_say=said.get(s.entrant),
                kind=e.kind,
                points=s.points,
                games=s.games,
                wins=s.wins,
                draws=s.draws,
                losses=s.losses,
                tiebreak=s.tiebreak,
                rating=round(shown.rating, 1),
                rd=round(shown.rd, 1),
                provisional=shown.is_provisional,
                rating_change=round((changes or {}).get(e.rating_key, 0.0), 1) if t.rated else None,
                withdrawn=s.withdrawn,
            )
        )
    rounds = [
        [
            p.Pairing(
                round=r.number,
                board=pr.index + 1,
                entrants=list(pr.entrants),
                names=[names.get(x, x) for x in pr.entrants],
                names_say=[said.get(x) for x in pr.entrants],
                games=[
                    p.TournamentGame(
                        seats=list(g.seats),
                        room=g.room,
                        status="finished" if g.is_done else "playing" if g.room is not None else "pending",
                        outcomes=None if g.outcomes is None else list(g.outcomes),
                        forfeit=g.forfeit,
                        opening=g.opening,
                    )
                    for g in pr.games
                ],
            )
            for pr in r.pairings
        ]
        for r in t.rounds
    ]
    return p.TournamentState(
        ref=ref,
        tournament=summary(t, name, creator),
        standings=standings,
        rounds=rounds,
        reason=t.end_reason,
        reason_say=_end_say(t),
        server_time=now,
    )


def bot_say(name: str, level: str | None) -> p.Say | None:
    """A hosted bot's name as a message of the catalogs when it is the default one (``bot (LEVEL)``, ``bot
    (LEVEL) #N`` when entered again: ``core``), said in the reader's language; None for a name someone gave."""
    if not level:
        return None
    if name == f"bot ({level})":
        return p.Say(id="lobby-bot", args={"level": level})
    head, _, n = name.rpartition(" #")
    if head == f"bot ({level})" and n.isdigit():
        return p.Say(id="lobby-bot-nth", args={"level": level, "n": int(n)})
    return None


# The end reasons a tournament stored before it kept their message (``core.ended``): found by their English.
_ENDED_BEFORE = ("all-played", "stopped", "stopped-early", "challenger")


def _end_say(t: Tournament) -> p.Say | None:
    """Why ``t`` finished as a message of the catalogs (None while it runs, or for an old reason it cannot say)."""
    said = t.end_say
    if said is None and t.end_reason is not None:
        said = next((ended(w) for w in _ENDED_BEFORE if i18n.tr("en", ended(w)["id"]) == t.end_reason), None)
    return None if said is None else p.Say(id=said["id"], args=said.get("args") or {})
