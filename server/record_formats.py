"""A finished game's record in the formats ``grundy export`` writes and ``get_record {format}`` answers.

``jsonl`` (one JSON object), ``text`` (readable, the final position drawn), ``pgn`` (PGN-like tags
and moves) and ``psq`` (Piskvork's, gomoku only); docs/RECORDS.md describes each.
:func:`record_in` writes a record (as ``server.records`` builds it) in one of them.
"""

from __future__ import annotations

import datetime as _dt
import json
import textwrap
from typing import Any

from grundy.rules.cells import column_index
from grundy.server.records import record_text

FORMATS = ("jsonl", "text", "pgn", "psq")
PSQ_GAMES = ("gomoku",)  # the games a .psq file holds: Piskvork's, on a square board of the `size` parameter


def formats_of(rec: dict[str, Any]) -> list[str]:
    """The formats ``rec`` can be written in (.psq only for the games it holds)."""
    return [f for f in FORMATS if f != "psq" or rec.get("game") in PSQ_GAMES]


def record_in(rec: dict[str, Any], fmt: str, meta: dict[str, Any] | None = None) -> str:
    """``rec`` (a record as ``server.records`` builds it) written in ``fmt``, one of :data:`FORMATS`.

    ``meta``: the stored room's meta (its ``ending`` and ``started_at`` when the record lacks them).
    ValueError for an unknown format, or .psq of a game it does not hold.
    """
    out = exported(rec, meta or {})
    if fmt == "jsonl":
        return json.dumps(out, ensure_ascii=False) + "\n"
    if fmt == "text":
        return with_ending(record_text(rec), out["ending"]) + "\n"
    if fmt == "pgn":
        return record_pgn(out)
    if fmt == "psq":
        return record_psq(out)
    raise ValueError(f"format {fmt!r}: the formats are {', '.join(FORMATS)}")


# ---------------------------------------------------------------------------------- the record


def exported(rec: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    """The record as exported: its ``ending``, bot seats marked, no session ids."""
    out = dict(rec)
    out["seats"] = [seat_entry(s) for s in rec.get("seats", [])]
    ending = rec.get("ending") or meta.get("ending") or ("aborted" if rec.get("status") == "aborted" else None)
    out["ending"] = ending
    out["started_at"] = rec.get("started_at", meta.get("started_at"))
    if isinstance(rec.get("result"), dict):
        out["result"] = {**rec["result"], "ending": rec["result"].get("ending") or ending}
    return out


def with_ending(text: str, ending: str | None) -> str:
    """The readable record with the ending after its result line (``result: ... [resign]``)."""
    if not ending:
        return text
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(("  result: ", "  status: ")):
            lines[i] = f"{line} [{ending}]"
            break
    return "\n".join(lines)


def seat_entry(seat: Any) -> dict[str, Any]:
    """One seat: ``name``, ``kind``, ``level``, ``bot`` (a hosted bot or a bot client), ``hosted``."""
    if not isinstance(seat, dict):
        return {"name": str(seat), "kind": None, "level": None, "bot": False, "hosted": False}
    hosted = seat.get("kind") == "bot"
    name = seat.get("name") or (f"bot ({seat.get('level')})" if hosted else None)
    if hosted and name == "bot" and seat.get("level"):
        name = f"bot ({seat['level']})"
    return {
        "name": name,
        "kind": seat.get("kind"),
        "level": seat.get("level"),
        "bot": hosted or bool(seat.get("bot")),
        "hosted": hosted,
    }


def seat_label(seat: dict[str, Any], i: int) -> str:
    return str(seat.get("name") or f"seat {i}")


def result_text(rec: dict[str, Any]) -> str:
    """``1-0``, ``0-1``, ``1/2-1/2``; with more seats one figure per seat (``1-0-0``); ``*`` without a result."""
    res = rec.get("result")
    if not res or not res.get("outcomes"):
        return "*"
    return "-".join({"win": "1", "loss": "0", "draw": "1/2"}.get(o, "?") for o in res["outcomes"])


def _clock(seconds: float) -> str:
    whole = int(seconds)
    frac = seconds - whole
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" + (f".{int(round(frac * 10)) % 10}" if frac >= 0.05 else "")


def _tag(name: str, value: Any) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def _params(rec: dict[str, Any]) -> str:
    def value(v: Any) -> str:
        if isinstance(v, list):
            return ",".join(str(x) for x in v)
        if isinstance(v, bool):
            return "true" if v else "false"
        return str(v)

    return " ".join(f"{k}={value(v)}" for k, v in rec.get("params", {}).items() if v is not None)


SIDES = ("White", "Black")  # a two-seat game's seats in chess's tags


def event_of(rec: dict[str, Any]) -> str:
    """The ``Event`` tag as lichess writes it: ``Rated nim game``, ``Casual gomoku game``, and for a tournament
    game ``Rated nim tournament t-abc``."""
    kind = "Rated" if rec.get("rated") else "Casual"
    tour = rec.get("tournament")
    return f"{kind} {rec['game']} tournament {tour['id']}" if tour else f"{kind} {rec['game']} game"


def time_control_tag(tc: dict[str, Any] | None) -> str:
    """PGN's ``TimeControl``: the seconds at the start and the seconds added a move (``300+2``), ``-`` untimed."""
    return "-" if not tc else f"{tc['initial_s']:g}+{tc['increment_s']:g}"


def record_pgn(rec: dict[str, Any]) -> str:
    """A PGN-like record: tags (every game has the same ones), a blank line, the numbered moves, the result."""
    started = rec.get("created_at") or 0.0
    when = _dt.datetime.fromtimestamp(started, _dt.UTC)
    seats = [seat_entry(s) if "hosted" not in s else s for s in rec.get("seats", [])]
    tour = rec.get("tournament") or {}
    res = rec.get("result") or {}
    tags = [
        ("Event", event_of(rec)),
        ("Site", "grundy"),
        ("Date", when.strftime("%Y.%m.%d")),
        ("UTCDate", when.strftime("%Y.%m.%d")),
        ("UTCTime", when.strftime("%H:%M:%S")),
        ("Round", tour.get("round", "-")),
        ("Room", rec["id"]),
        ("Game", rec["game"]),
        ("Params", _params(rec)),
        ("Seats", len(seats)),
    ]
    for i, s in enumerate(seats):
        tags.append((f"Seat{i}", seat_label(s, i)))
        kind = "hosted bot" if s.get("hosted") else "bot" if s.get("bot") else "human"
        tags.append((f"Seat{i}Type", kind + (f" {s['level']}" if s.get("hosted") and s.get("level") else "")))
    if len(seats) == 2:  # (chess's tags: seat 0, who moves first, is White)
        ratings = rec.get("ratings") or [None, None]  # (Elo "?" as lichess writes an unrated player's)
        tags += [("White", seat_label(seats[0], 0)), ("Black", seat_label(seats[1], 1))]
        tags += [(f"{s}Elo", "?" if r is None else round(r["before"])) for s, r in zip(SIDES, ratings, strict=True)]
        if rec.get("ratings"):
            tags += [(f"{side}RatingDiff", f"{r['diff']:+d}") for side, r in zip(SIDES, ratings, strict=True)]
    tags += [
        ("TimeControl", time_control_tag(rec.get("time_control"))),
        ("Result", result_text(rec)),
        ("Scores", "-".join(f"{x:g}" for x in res["scores"]) if res.get("scores") else "-"),
        ("Ending", rec.get("ending") or "-"),
        ("Termination", rec.get("reason") or res.get("reason") or rec.get("status", "")),
        ("PlyCount", len(rec.get("moves", []))),
    ]
    moves = rec.get("moves", [])
    n = max(1, len(seats))
    in_turn = all(m["seat"] == m["ply"] % n for m in moves)
    tokens: list[str] = []
    for m in moves:
        if in_turn and m["ply"] % n == 0:
            tokens.append(f"{m['ply'] // n + 1}.")
        elif not in_turn:
            tokens.append(f"{m['ply'] + 1}.")
        tokens.append(str(m["move"]))
        notes = [] if in_turn else [f"seat {m['seat']}"]
        clocks = m.get("clocks")
        if clocks and 0 <= m["seat"] < len(clocks):
            notes.append(f"[%clk {_clock(clocks[m['seat']])}]")
        if notes:
            tokens.append("{" + " ".join(notes) + "}")
    tokens.append(result_text(rec))
    body = textwrap.fill(" ".join(tokens), 79, break_long_words=False, break_on_hyphens=False)
    return "\n".join(_tag(k, v) for k, v in tags) + "\n\n" + body + "\n"


def record_psq(rec: dict[str, Any]) -> str:
    """A gomoku record as Piskvork writes it (what Gomocup tools read): the header, ``x,y,ms`` per stone
    (1-based, from the top-left corner), then the players' names and ``-1``."""
    if rec["game"] not in PSQ_GAMES:
        raise ValueError(f"room {rec['id']}: .psq holds gomoku games, not {rec['game']}")
    size = int(rec.get("params", {}).get("size", 15))
    lines = [f"Piskvorky {size}x{size}, 11:11, 0"]
    last = rec.get("started_at") or rec.get("created_at") or 0.0
    for m in rec.get("moves", []):
        text = str(m["move"])
        spent = max(0, round((m["at"] - last) * 1000))
        last = m["at"]
        letters = text.rstrip("0123456789")
        digits = text[len(letters) :]
        if not letters.isalpha() or not digits:  # an opening choice (swap, a colour): no stone
            continue
        col, row = column_index(letters), int(digits)
        lines.append(f"{col + 1},{size - row + 1},{spent}")
    seats = [seat_entry(s) if "hosted" not in s else s for s in rec.get("seats", [])]
    lines += [seat_label(s, i) for i, s in enumerate(seats)]
    lines.append("-1")
    return "\n".join(lines) + "\n"
