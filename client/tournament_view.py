"""What both clients show of tournaments, as text: list rows, the standings table and a round's games.

Built from the server's ``tournaments`` summaries and ``tournament_state`` alone (the clients
decide nothing): a tournament is listed by state as on rating sites (open for entries first,
then running, then finished, each newest first), its standings in the server's rank order,
and the games of a round with their players named, their result once finished, and their
room (to watch).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from grundy import protocol as p
from grundy.client.names import say_text
from grundy.client.ratings_view import NONE, format_change, format_rating
from grundy.protocol import i18n

STATE_ORDER = {"open": 0, "running": 1, "finished": 2}
RESULTS = {"win": "1", "loss": "0", "draw": "½"}


def ordered(tournaments: Iterable[p.TournamentSummary]) -> list[p.TournamentSummary]:
    """Open tournaments first, then running, then finished; newest first within each."""
    return sorted(tournaments, key=lambda t: (STATE_ORDER.get(t.status, 3), -t.created_at))


def format_text(t: p.TournamentSummary) -> str:
    """The format with its options: ``round-robin``, ``swiss 5``, ``round-robin ×2`` (games per pairing)."""
    words = t.format if t.format != "swiss" or t.rounds is None else f"swiss {t.rounds}"
    return words + (f" ×{t.games_per_pairing}" if t.games_per_pairing > 1 else "")


def round_text(t: p.TournamentSummary) -> str:
    """Where it stands: ``-`` before the start, ``2/3`` while running, ``3/3`` finished."""
    if t.round == 0:
        return NONE
    return f"{t.round}/{t.rounds}" if t.rounds else str(t.round)


def state_text(t: p.TournamentSummary) -> str:
    """``open``, ``running`` or ``finished`` (``stopped`` when its creator stopped it)."""
    return "stopped" if t.stopped and t.status == "finished" else t.status


def title_of(t: p.TournamentSummary, lang: str | None = "en") -> str:
    """Its title in ``lang``: a default title said from the node's ``name_say`` (``Нім: коловий турнір``), a title
    someone gave as it is; in English the node's own (``nim round-robin``, kept with its records)."""
    if t.name_say is None or i18n.pick(lang) == i18n.DEFAULT:
        return t.name
    return say_text(lang, t.name_say, t.name)


def summary_row(t: p.TournamentSummary, lang: str | None = "en") -> tuple[str, str, str, str, str, str, str]:
    """One line of the tournament list: state, name (in ``lang``), game, format, clock, entrants, round."""
    clock = p.format_time_control(t.time_control) if t.time_control else NONE
    return (state_text(t), title_of(t, lang), t.game, format_text(t), clock, str(t.entrants), round_text(t))


def standing_text(t: p.TournamentSummary) -> str:
    """Its state and round: ``open``, ``running, round 2/3``, ``finished, round 3/3``."""
    return state_text(t) + (f", round {round_text(t)}" if t.round else "")


def details(t: p.TournamentSummary) -> str:
    """What is played: the game with its parameters, the format, entrants, rated or casual, the clock."""
    params = " ".join(f"{k}={_value(v)}" for k, v in t.params.items() if v is not None)
    parts = [f"{t.game} {params}".strip(), format_text(t), f"{t.entrants} entrants", "rated" if t.rated else "casual"]
    parts.append(p.format_time_control(t.time_control) if t.time_control else "untimed")
    return " · ".join(parts)


def title(t: p.TournamentSummary) -> str:
    """The tournament in one line: name, state and round, then :func:`details`."""
    return f"{t.name} · {standing_text(t)} · {details(t)}"


def _value(v: object) -> str:
    if isinstance(v, list):
        return ",".join(_value(x) for x in v)
    return str(v).lower() if isinstance(v, bool) else str(v)


def points_text(points: float) -> str:
    """``2``, ``1½``, ``½``."""
    whole, half = int(points), points - int(points) >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def standings_rows(state: p.TournamentState) -> list[tuple[str, ...]]:
    """Rank, name (a withdrawn entrant marked), kind, points, games, wins-draws-losses, tie-break, rating, change."""
    rows = []
    for s in state.standings:
        name = s.name + (" (withdrew)" if s.withdrawn else "")
        kind = {"hosted": "bot", "bot": "bot client"}.get(s.kind, s.kind)
        rating = format_rating(s if s.rd is not None else s.rating) if s.rating is not None else NONE
        change = format_change(s.rating_change) if s.rating_change is not None else ""
        rows.append((str(s.rank), name, kind, points_text(s.points), str(s.games), f"{s.wins}-{s.draws}-{s.losses}",
                     f"{s.tiebreak:g}", rating, change))  # fmt: skip
    return rows


def entrant_names(state: p.TournamentState) -> dict[str, str]:
    """Entrant id -> display name (from the standings and the pairings)."""
    names = {s.entrant: s.name for s in state.standings}
    for rnd in state.rounds:
        for pairing in rnd:
            names.update(zip(pairing.entrants, pairing.names, strict=False))
    return names


@dataclasses.dataclass(frozen=True)
class GameRow:
    """One game of a round as the tournament view lists it; ``room`` is what watching it opens."""

    key: str  # unique within the tournament: round.board.game
    round: int
    board: int
    number: int  # the game of the pairing, from 1
    players: str
    status: str  # pending, playing, or the result
    room: str | None


def named(state: p.TournamentState, lang: str | None = "en") -> p.TournamentState:
    """``state`` with its hosted bots' names and its default title said in ``lang`` (the node's ``name_say`` and
    ``names_say``: ``бот (легкий)``; :func:`title_of`); a name someone gave stays as it is."""
    if i18n.pick(lang) == i18n.DEFAULT:
        return state
    standings = [s.model_copy(update={"name": say_text(lang, s.name_say, s.name)}) if s.name_say else s
                 for s in state.standings]
    rounds = [[pr.model_copy(update={"names": [say_text(lang, pr.names_say[i], n) if i < len(pr.names_say) else n
                                               for i, n in enumerate(pr.names)]}) for pr in r] for r in state.rounds]
    head = state.tournament.model_copy(update={"name": title_of(state.tournament, lang)})
    return state.model_copy(update={"tournament": head, "standings": standings, "rounds": rounds})


def end_reason(state: p.TournamentState, lang: str | None = "en") -> str:
    """Why a finished tournament finished, in ``lang`` (the node's message, ``reason_say``); an older node's
    English ``reason`` as it came; "" while it has not finished."""
    if state.reason_say is None:
        return state.reason or ""
    return i18n.tr_say(lang, state.reason_say, state.reason or "")


def result_text(game: p.TournamentGame) -> str:
    """A finished game's score in seat order (``1-0``, ``½-½``), ``forfeit`` marked; else its status."""
    if game.status != "finished" or not game.outcomes:
        return game.status
    score = "-".join(RESULTS.get(o, "?") for o in game.outcomes)
    return score + (" forfeit" if game.forfeit else "")


def shown_round(state: p.TournamentState) -> int:
    """The round the view shows: the latest round paired (0 before the start)."""
    return len(state.rounds)


def round_games(state: p.TournamentState, number: int | None = None) -> list[GameRow]:
    """The games of round ``number`` (default: the latest), board by board; a bye is a row without a game."""
    number = shown_round(state) if number is None else number
    if not 1 <= number <= len(state.rounds):
        return []
    names = entrant_names(state)
    rows = []
    for pairing in state.rounds[number - 1]:
        if len(pairing.entrants) < 2:
            who = pairing.names[0] if pairing.names else names.get(pairing.entrants[0], "?")
            rows.append(GameRow(f"{number}.{pairing.board}.0", number, pairing.board, 0, f"{who} (bye)", "bye", None))
            continue
        if not pairing.games:
            players = " - ".join(pairing.names)
            rows.append(GameRow(f"{number}.{pairing.board}.0", number, pairing.board, 0, players, "pending", None))
        for i, game in enumerate(pairing.games, 1):
            players = " - ".join(names.get(e, e) for e in game.seats)
            rows.append(GameRow(f"{number}.{pairing.board}.{i}", number, pairing.board, i, players,
                                result_text(game), game.room))  # fmt: skip
    return rows


def standing_said(t: p.TournamentSummary, lang: str | None = "en") -> str:
    """:func:`standing_text` in ``lang`` (``виконується, раунд 2/3``); in English word for word the same."""
    state = i18n.tr(lang, "web-tstate", state=state_text(t))
    return i18n.tr(lang, "web-tstanding-round", state=state, round=round_text(t)) if t.round else state


def details_said(t: p.TournamentSummary, lang: str | None = "en") -> str:
    """:func:`details` in ``lang``: the game named as taught, the format, entrants, rated or casual, the clock
    (in English :func:`details` itself, the page's twin)."""
    if i18n.pick(lang) == i18n.DEFAULT:
        return details(t)
    from grundy.client import words  # (the rules' names: loaded once a tournament is shown)

    fmt = format_text(t).replace(t.format, i18n.tr(lang, "web-tformat", format=t.format), 1)
    parts = [words.room_title(t.game, t.params, lang), fmt, i18n.tr(lang, "gui-entrants", n=t.entrants),
             i18n.tr(lang, "tui-lobby-rated") if t.rated else i18n.tr(lang, "web-casual"),
             p.format_time_control(t.time_control) if t.time_control else i18n.tr(lang, "web-untimed")]
    return " · ".join(parts)


def status_said(status: str, lang: str | None = "en") -> str:
    """A round's game: its score (``1-0``, a forfeit marked) or its state (``pending``...), in ``lang``."""
    if status.endswith(" forfeit"):
        return f"{status.removesuffix(' forfeit')} {i18n.tr(lang, 'web-forfeit')}"
    return status if status[:1].isdigit() or status[:1] == "½" else i18n.tr(lang, "web-gstatus", status=status)


def standings_said(state: p.TournamentState, lang: str | None = "en") -> list[tuple[str, ...]]:
    """:func:`standings_rows` in ``lang``: a withdrawn entrant marked and each kind said in its words."""
    rows = []
    for row, s in zip(standings_rows(state), state.standings, strict=True):
        name = s.name + (f" {i18n.tr(lang, 'web-withdrew')}" if s.withdrawn else "")
        rows.append((row[0], name, i18n.tr(lang, "web-tkind", kind=s.kind), *row[3:]))
    return rows


def games_said(state: p.TournamentState, lang: str | None = "en", number: int | None = None) -> list[GameRow]:
    """:func:`round_games` in ``lang``: a bye and each game's state said in its words."""
    bye = f" {i18n.tr(lang, 'web-bye')}"
    return [dataclasses.replace(g, players=g.players.replace(" (bye)", bye) if g.number == 0 else g.players,
                                status=status_said(g.status, lang)) for g in round_games(state, number)]


def is_entrant(state: p.TournamentState, session: str | None) -> bool:
    """Whether the session ``session`` is among the entrants (and has not withdrawn)."""
    return session is not None and any(s.entrant == session and not s.withdrawn for s in state.standings)


# The tournament refusals said in words (each ``screen-trefusal-<code>``; the protocol's other codes by its message).
REFUSAL_CODES = ("tournament_not_open", "tournament_over", "tournament_full", "already_entered", "not_entered",
                 "not_organiser", "too_few_entrants", "unknown_tournament", "too_many_tournaments")
REFUSALS = {code: i18n.tr("en", f"screen-trefusal-{code}") for code in REFUSAL_CODES}


def refusal(verb: str, code: str, message: str, lang: str | None = "en") -> str:
    """A refused tournament request in words: ``cannot enter: entries are closed (it has already started)``;
    ``verb`` the request in English (``enter``, ``show the tournament``: ``screen-tverb-<verb>`` in ``lang``)."""
    verb_id = "screen-tverb-" + re.sub(r"[^a-z0-9]+", "-", verb.lower()).strip("-")
    said = i18n.tr(lang, verb_id) if i18n.has(verb_id) else verb
    if str(code) in REFUSALS:
        return i18n.tr(lang, "screen-cannot", verb=said, why=i18n.tr(lang, f"screen-trefusal-{code}"), detail=message)
    return i18n.tr(lang, "screen-cannot", verb=said, why=message, detail=str(code))
