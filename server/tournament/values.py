"""A tournament's values: statuses, formats, entrants, games, pairings, rounds, standings lines,
the limits on its settings and their validation (:func:`check_settings`); its error,
:class:`TournamentError`, is one of the server's (:mod:`server.errors`).

Everything here is plain immutable data with its stored form (``to_dict``/``from_dict``);
:class:`TournamentView` is what pairing and standings read of a tournament.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Literal, Protocol

from grundy import rules
from grundy.protocol import ErrorCode
from grundy.server.errors import RoomError, TournamentError
from grundy.server.refusals import refusal, rules_refusal
from grundy.server.room import BOT_LEVELS, check_fair

Status = Literal["open", "running", "finished"]
OPEN: Status = "open"
RUNNING: Status = "running"
FINISHED: Status = "finished"

Format = Literal["round-robin", "swiss", "knockout", "gauntlet"]
FORMATS: tuple[Format, ...] = ("round-robin", "swiss", "knockout", "gauntlet")

EntrantKind = Literal["human", "bot", "hosted"]
ENTRANT_KINDS: tuple[EntrantKind, ...] = ("human", "bot", "hosted")

HOSTED_LEVELS: tuple[str, ...] = BOT_LEVELS  # the levels a hosted bot may play at

MAX_RESTARTS = 2  # an aborted game is made again this many times before both lose it
MAX_ENTRANTS = 256
MAX_GAMES_PER_PAIRING = 1000
MAX_GAMES = 10_000  # the games a tournament plans (replays aside): entries close before there would be more
MAX_REPLAYS = 10
MAX_OPENINGS = 1000
MAX_OPENING_MOVES = 60
MAX_CONCURRENCY = 1024

# Refusal codes (Refused.code): what each means to a person is its ``error-<code>`` message of the catalogs
# (protocol/locales/<lang>/*.ftl), said in the reader's language; docs/PROTOCOL.md lists them.
ERROR_CODES: tuple[str, ...] = (
    "tournament_not_open",
    "tournament_over",
    "tournament_full",
    "already_entered",
    "not_entered",
    "not_organiser",
    "too_few_entrants",
    "bad_params",
)

Outcome = Literal["win", "loss", "draw"]
POINTS: dict[str, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}


# ============================================================================ values


@dataclasses.dataclass(frozen=True, slots=True)
class Entrant:
    """One player in the tournament.  ``player`` is its rating key (the name, ``bot:<level>`` for hosted bots)."""

    id: str
    name: str
    kind: EntrantKind
    rating: float
    level: str | None = None
    player: str = ""
    at: str | None = None  # the session playing its games now, if not the one that entered (see Rebind)

    @property
    def rating_key(self) -> str:
        return self.player or (f"bot:{self.level}" if self.kind == "hosted" else self.name)

    @property
    def session(self) -> str | None:
        """The session playing this entrant's games (None for a hosted bot)."""
        return None if self.kind == "hosted" else (self.at or self.id)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "rating": self.rating,
                "level": self.level, "player": self.rating_key, "at": self.at}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Entrant:
        return cls(d["id"], d["name"], d["kind"], float(d["rating"]), d.get("level"), d.get("player") or "",
                   d.get("at"))


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentGame:
    """One game of a pairing: entrant ids in seat order, its room and, once over, the outcomes."""

    key: str
    seats: tuple[str, str]
    room: str | None = None
    outcomes: tuple[Outcome, Outcome] | None = None
    forfeit: bool = False  # decided without play (withdrawal, repeated aborts): not rated
    restarts: int = 0
    opening: int | None = None  # the index of the opening it starts from (None: the initial position)

    @property
    def is_done(self) -> bool:
        return self.outcomes is not None

    def points(self, entrant: str) -> float:
        """``entrant``'s points in this finished game."""
        assert self.outcomes is not None
        return POINTS[self.outcomes[self.seats.index(entrant)]]

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "seats": list(self.seats), "room": self.room,
                "outcomes": None if self.outcomes is None else list(self.outcomes), "forfeit": self.forfeit,
                "restarts": self.restarts, "opening": self.opening}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TournamentGame:
        outs = d.get("outcomes")
        return cls(d["key"], (d["seats"][0], d["seats"][1]), d.get("room"),
                   None if outs is None else (outs[0], outs[1]), bool(d.get("forfeit")), int(d.get("restarts", 0)),
                   None if d.get("opening") is None else int(d["opening"]))


@dataclasses.dataclass(frozen=True, slots=True)
class Pairing:
    """Two entrants meeting in a round (``white`` has the first seat in the first game), or a bye.

    ``opening``: with openings, the index of the first opening its games play (games 2k and 2k+1
    play opening ``opening + k``, modulo the number of openings).
    """

    index: int
    white: str
    black: str | None  # None: a bye for ``white``
    games: tuple[TournamentGame, ...] = ()
    opening: int = 0

    @property
    def is_bye(self) -> bool:
        return self.black is None

    @property
    def entrants(self) -> tuple[str, ...]:
        return (self.white,) if self.black is None else (self.white, self.black)

    @property
    def is_over(self) -> bool:
        """A bye, or every game asked for so far is decided (a knockout replay may still add one)."""
        return self.is_bye or (bool(self.games) and all(g.is_done for g in self.games))

    @property
    def in_play(self) -> int:
        """Its games asked for and not decided yet (their rooms are being made or played in)."""
        return sum(1 for g in self.games if not g.is_done)

    def points(self, entrant: str) -> float:
        return sum(g.points(entrant) for g in self.games if g.is_done)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "white": self.white, "black": self.black,
                "games": [g.to_dict() for g in self.games], "opening": self.opening}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pairing:
        return cls(int(d["index"]), d["white"], d.get("black"), tuple(TournamentGame.from_dict(g) for g in d["games"]),
                   int(d.get("opening") or 0))


@dataclasses.dataclass(frozen=True, slots=True)
class Round:
    number: int  # from 1
    pairings: tuple[Pairing, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "pairings": [p.to_dict() for p in self.pairings]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Round:
        return cls(int(d["number"]), tuple(Pairing.from_dict(p) for p in d["pairings"]))


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """One line of the table; ``tiebreak`` is Sonneborn–Berger, Buchholz or the knockout round reached."""

    rank: int
    entrant: str
    name: str
    points: float
    games: int
    wins: int
    draws: int
    losses: int
    tiebreak: float
    head_to_head: float
    rating: float
    withdrawn: bool = False

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# ============================================================================ settings


def check_settings(
    game: str,
    format: str,
    params: dict[str, Any] | None,
    *,
    games_per_pairing: int,
    rounds: int | None,
    double: bool,
    replays: int,
    challenger: str | None,
    max_entrants: int,
    concurrency: int | None = None,
) -> rules.Game:
    """The game a tournament with these settings would play; raises :class:`TournamentError` if they are unusable.

    ``rounds`` is for ``swiss`` only (required there); ``double`` for ``round-robin``;
    ``replays`` for ``knockout``; ``challenger`` (an entrant id) for ``gauntlet``;
    ``concurrency`` (None: no limit) is in 1..:data:`MAX_CONCURRENCY`.  Openings are checked
    by :func:`check_openings`.
    """
    bad, T = ErrorCode.BAD_PARAMS, TournamentError
    if format not in FORMATS:
        raise refusal(T, bad, None, "refuse-t-format", format=repr(format), formats=", ".join(FORMATS))
    try:
        rules.game_class(game)
    except rules.ParameterError as e:
        raise rules_refusal(T, ErrorCode.UNKNOWN_GAME, None, e) from None
    try:
        g = rules.create(game, **(params or {}))
    except rules.ParameterError as e:
        raise rules_refusal(T, bad, None, e) from None
    try:
        check_fair(g, params)
    except RoomError as e:
        raise TournamentError(bad, e.message, say=e.say) from None
    if g.seats != 2:
        raise refusal(T, bad, None, "refuse-t-two-seats", format=format, game=game, seats=g.seats)
    if not 1 <= games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise refusal(T, bad, None, "refuse-t-setting", key="games_per_pairing", value=games_per_pairing, lo=1,
                      hi=MAX_GAMES_PER_PAIRING)
    if format == "swiss":
        if rounds is None or not 1 <= rounds <= MAX_ENTRANTS:
            raise refusal(T, bad, None, "refuse-t-swiss-rounds", most=MAX_ENTRANTS, rounds=str(rounds))
    elif rounds is not None:
        raise refusal(T, bad, None, "refuse-t-rounds-swiss-only", format=format)
    if double and format != "round-robin":
        raise refusal(T, bad, None, "refuse-t-double-robin-only", format=format)
    if not 0 <= replays <= MAX_REPLAYS:
        raise refusal(T, bad, None, "refuse-t-setting", key="replays", value=replays, lo=0, hi=MAX_REPLAYS)
    if challenger is not None and format != "gauntlet":
        raise refusal(T, bad, None, "refuse-t-challenger-gauntlet-only", format=format)
    if not 2 <= max_entrants <= MAX_ENTRANTS:
        raise refusal(T, bad, None, "refuse-t-setting", key="max_entrants", value=max_entrants, lo=2, hi=MAX_ENTRANTS)
    if concurrency is not None and not 1 <= concurrency <= MAX_CONCURRENCY:
        raise refusal(T, bad, None, "refuse-t-setting", key="concurrency", value=concurrency, lo=1,
                      hi=MAX_CONCURRENCY)
    return g


def check_openings(g: rules.Game, openings: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """The openings in the game's own notation (each move as the game writes it), or :class:`TournamentError`.

    At most :data:`MAX_OPENINGS` openings of at most :data:`MAX_OPENING_MOVES` moves; each must be
    legal from the initial position of ``g`` and leave the game unfinished (a game must be left to
    play).  A game with a secret layout (drawn anew for every game) takes no openings: a move
    legal over one layout may not be over another.
    """
    bad, T = ErrorCode.BAD_PARAMS, TournamentError
    if len(openings) > MAX_OPENINGS:
        raise refusal(T, bad, None, "refuse-t-openings", n=len(openings), most=MAX_OPENINGS)
    if openings and any(q.secret for q in g.parameters):
        raise refusal(T, bad, None, "refuse-t-openings-secret", game=g.name)
    out: list[tuple[str, ...]] = []
    for i, moves in enumerate(openings):
        if len(moves) > MAX_OPENING_MOVES:
            raise refusal(T, bad, None, "refuse-t-opening-moves", i=i, n=len(moves), most=MAX_OPENING_MOVES)
        state = g.initial()
        texts: list[str] = []
        for j, text in enumerate(moves):
            if not isinstance(text, str):
                raise refusal(T, bad, None, "refuse-t-opening-not-text", i=i, move=j + 1, text=repr(text)[:200])
            if g.is_over(state):
                raise refusal(T, bad, None, "refuse-t-opening-over-before", i=i, move=j + 1, text=repr(text))
            try:
                mv = g.parse_move(state, text)
                texts.append(g.format_move(state, mv))
                state = g.play(state, mv)
            except rules.RulesError as e:
                raise refusal(T, bad, None, "refuse-t-opening-illegal", i=i, move=j + 1, text=repr(text),
                              why=str(e)) from None
        if g.is_over(state):
            if moves:
                raise refusal(T, bad, None, "refuse-t-opening-ends-at", i=i, move=len(moves), text=repr(moves[-1]))
            raise refusal(T, bad, None, "refuse-t-opening-ends", i=i)
        out.append(tuple(texts))
    return tuple(out)


class TournamentView(Protocol):
    """What pairing and standings read of a tournament (:class:`server.tournament.core.Tournament` is one)."""

    @property
    def format(self) -> Format: ...
    @property
    def status(self) -> Status: ...
    @property
    def entrants(self) -> tuple[Entrant, ...]: ...
    @property
    def withdrawn(self) -> frozenset[str]: ...
    @property
    def rounds(self) -> tuple[Round, ...]: ...
    def finished_games(self) -> list[TournamentGame]: ...
