"""Game records: a finished room as a self-contained document (JSON-able) and as text.

A record holds the game, its parameters (including a secret layout's seed: the game is
over), the seats, every move with its timestamp and clock times, the result and its reason,
and for hidden-information games the final position in full (e.g. where the mines were).
A tournament game's record also names its tournament and round (``tournament``); ``opening``
counts the first moves that were an opening the server played in (0: none).  ``rated`` says
whether the game was played rated, and ``ratings`` (:func:`with_ratings`) what it did to each
seat's rating: before, after, the change (null while not rated yet, and for a casual game).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from typing import Any

from grundy import rules
from grundy.server.ratings import SeatRating
from grundy.server.stored import StoredRoom


def build_record(
    *,
    id: str,
    game: str,
    params: dict[str, Any],
    seats: Sequence[Mapping[str, Any]],
    time_control: dict[str, Any] | None,
    status: str,
    created_at: float,
    ended_at: float | None,
    moves: Sequence[tuple[int, int, str, float, Sequence[float] | None]],
    result: dict[str, Any] | None,
    reason: str | None,
    ending: str | None,
    final: dict[str, Any] | None = None,
    tournament: tuple[str, int] | None = None,
    opening: int = 0,
    rated: bool = False,
) -> dict[str, Any]:
    """The one builder of a game record, from a live room or a stored one (see the module docstring).

    ``seats`` are the seats as a room describes them (``kind``, ``name``, ``level``, ``bot``;
    anything else, such as a session id, is left out); ``moves`` are (ply, seat, text, at, clocks).
    """
    rec: dict[str, Any] = {
        "id": id,
        "game": game,
        "params": params,
        "seats": [
            {
                "kind": s.get("kind", "open"),
                "name": s.get("name"),
                "level": s.get("level"),
                "bot": s.get("kind") == "bot" or bool(s.get("bot")),  # a hosted bot, or a bot client
            }
            for s in seats
        ],
        "time_control": time_control,
        "rated": rated,
        "ratings": None,
        "status": status,
        "created_at": created_at,
        "ended_at": ended_at,
        "moves": [
            {"ply": ply, "seat": seat, "move": text, "at": at, "clocks": None if clocks is None else list(clocks)}
            for ply, seat, text, at, clocks in moves
        ],
        "result": result,
        "reason": reason,
        "ending": ending,
        "opening": opening,
    }
    if final is not None:
        rec["final"] = final
    if tournament is not None:
        rec["tournament"] = {"id": tournament[0], "round": tournament[1]}
    return rec


def with_ratings(rec: dict[str, Any], ratings: list[SeatRating] | None) -> dict[str, Any]:
    """The record with ``ratings``, one a seat (``Store.game_ratings``): ``player`` (the rated name, ``bot:LEVEL``
    for a hosted bot), ``before`` and ``after`` (to one decimal), ``diff`` (whole points, as shown),
    ``rd`` after and ``provisional`` after.  A record with ratings was rated, whatever its room says."""
    if not ratings:
        return rec
    return {
        **rec,
        "rated": True,
        "ratings": [
            {
                "seat": i,
                "player": r.player,
                "before": round(r.before, 1),
                "after": round(r.after, 1),
                "diff": r.diff,
                "rd": round(r.rd, 1),
                "provisional": r.provisional,
                "scored": r.scored,
            }
            for i, r in enumerate(ratings)
        ],
    }


def record_of(
    room: StoredRoom, tournament: tuple[str, int] | None = None, ratings: list[SeatRating] | None = None
) -> dict[str, Any]:
    """The record of a stored room; secrets are only included once the room has ended.

    ``tournament``: (id, round) when the room was a tournament game (``Store.tournament_game``);
    ``ratings``: what a rated game did to the ratings (``Store.game_ratings``).
    """
    ended = room.status in ("finished", "aborted")
    game: rules.Game | None
    try:
        game = rules.create(room.game, **room.params)
    except Exception:  # a room stored by an older version, or one that faulted: still a record
        game = None
    if game is None:
        params = dict(room.params) if ended else {}
    else:
        params = game.params if ended else game.public_params()
    final: dict[str, Any] | None = None
    final_error: str | None = None
    if ended and game is not None and game.hidden_information:
        try:
            final = game.full_view(game.replay([m.text for m in room.moves]))
        except Exception as e:  # a record is still worth exporting
            final_error = f"{type(e).__name__}: {e}"[:200]
    ending = room.meta.get("ending") or (None if not ended else "aborted" if room.status == "aborted" else "rules")
    rec = build_record(
        id=room.id,
        game=room.game,
        params=params,
        seats=room.meta.get("seats", []),
        time_control=room.meta.get("time_control"),
        status=room.status,
        created_at=room.created_at,
        ended_at=(room.meta.get("ended_at") or room.updated_at) if ended else None,
        moves=[(m.ply, m.seat, m.text, m.at, m.clocks) for m in room.moves],
        result=room.result,
        reason=room.reason,
        ending=ending,
        final=final,
        tournament=tournament,
        opening=int(room.meta.get("opening") or 0),
        rated=bool(room.meta.get("rated")),
    )
    if final_error is not None:
        rec["final_error"] = final_error
    return with_ratings(rec, ratings)


def rating_line(rec: dict[str, Any]) -> str:
    """``casual``, or ``rated: Ann 1500 -> 1512 (+12), Bob 1490 -> 1478? (-12)`` (``?``: provisional after it)."""
    if not rec.get("rated"):
        return "casual"
    ratings = rec.get("ratings")
    if not ratings:
        return "rated (its ratings are not updated yet, or it changed none)"
    parts = []
    for r in ratings:
        mark = "?" if r.get("provisional") else ""
        parts.append(f"{r['player']} {r['before']:.0f} -> {r['after']:.0f}{mark} ({r['diff']:+d})")
    return "rated: " + ", ".join(parts)


def _when(t: float | None) -> str:
    if t is None:
        return "-"
    return _dt.datetime.fromtimestamp(t, _dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def record_text(rec: dict[str, Any]) -> str:
    """A readable record: header, numbered moves with times, result, final position."""
    game = rules.create(rec["game"], **rec["params"])
    params = " ".join(f"{k}={v}" for k, v in game.public_params().items())
    lines = [f"room {rec['id']}: {rec['game']} {params}".rstrip()]
    for i, seat in enumerate(rec["seats"]):
        if isinstance(seat, dict):
            label = seat.get("name") or seat.get("kind") or "?"
            if seat.get("level"):
                label += f" (bot {seat['level']})"
        else:
            label = str(seat)
        lines.append(f"  seat {i}: {label}")
    if rec.get("tournament"):
        lines.append(f"  tournament {rec['tournament']['id']}, round {rec['tournament']['round']}")
    lines.append(f"  {rating_line(rec)}")
    tc = rec.get("time_control")
    lines.append("  untimed" if not tc else f"  time control {tc['initial_s']:g}s + {tc['increment_s']:g}s a move")
    lines.append(f"  started {_when(rec['created_at'])}, ended {_when(rec['ended_at'])}")
    start = rec["created_at"]
    if rec.get("opening"):
        lines.append(f"  opening: the first {rec['opening']} moves, played in by the server")
    for m in rec["moves"]:
        clocks = "" if not m["clocks"] else "  [" + " ".join(f"{c:.1f}" for c in m["clocks"]) + "]"
        lines.append(f"  {m['ply'] + 1:>4}. seat {m['seat']}: {m['move']:<10} +{m['at'] - start:.1f}s{clocks}")
    res = rec.get("result")
    if res:
        outs = ", ".join(f"seat {i} {o}" for i, o in enumerate(res.get("outcomes", [])))
        lines.append(f"  result: {outs} ({rec.get('reason') or res.get('reason', '')})")
    else:
        lines.append(f"  status: {rec['status']}")
    if "final" in rec:
        lines.append(game.render_view(rec["final"]))
    else:
        try:
            lines.append(game.render(game.replay([m["move"] for m in rec["moves"]])))
        except rules.RulesError:
            pass
    return "\n".join(lines)
