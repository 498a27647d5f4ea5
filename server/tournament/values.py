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
    bad = ErrorCode.BAD_PARAMS
    if format not in FORMATS:
        raise TournamentError(bad, f"format: {format!r} is not one of {', '.join(FORMATS)}")
    try:
        rules.game_class(game)
    except rules.ParameterError as e:
        raise TournamentError(ErrorCode.UNKNOWN_GAME, str(e)) from None
    try:
        g = rules.create(game, **(params or {}))
    except rules.ParameterError as e:
        raise TournamentError(bad, str(e)) from None
    try:
        check_fair(g, params)
    except RoomError as e:
        raise TournamentError(bad, e.message) from None
    if g.seats != 2:
        raise TournamentError(
            bad,
            f"game: {format} pairs two players per game, but {game} with these parameters has {g.seats} "
            "seats (tournaments over groups of three or more are not supported)",
        )
    if not 1 <= games_per_pairing <= MAX_GAMES_PER_PAIRING:
        raise TournamentError(bad, f"games_per_pairing: {games_per_pairing} is not in 1..{MAX_GAMES_PER_PAIRING}")
    if format == "swiss":
        if rounds is None or not 1 <= rounds <= MAX_ENTRANTS:
            raise TournamentError(bad, f"rounds: swiss needs a number of rounds in 1..{MAX_ENTRANTS}, got {rounds}")
    elif rounds is not None:
        raise TournamentError(bad, f"rounds: only swiss takes a number of rounds, not {format}")
    if double and format != "round-robin":
        raise TournamentError(bad, f"double: only round-robin can be double, not {format}")
    if not 0 <= replays <= MAX_REPLAYS:
        raise TournamentError(bad, f"replays: {replays} is not in 0..{MAX_REPLAYS}")
    if challenger is not None and format != "gauntlet":
        raise TournamentError(bad, f"challenger: only a gauntlet has a challenger, not {format}")
    if not 2 <= max_entrants <= MAX_ENTRANTS:
        raise TournamentError(bad, f"max_entrants: {max_entrants} is not in 2..{MAX_ENTRANTS}")
    if concurrency is not None and not 1 <= concurrency <= MAX_CONCURRENCY:
        raise TournamentError(bad, f"concurrency: {concurrency} is not in 1..{MAX_CONCURRENCY}")
    return g


def check_openings(g: rules.Game, openings: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """The openings in the game's own notation (each move as the game writes it), or :class:`TournamentError`.

    At most :data:`MAX_OPENINGS` openings of at most :data:`MAX_OPENING_MOVES` moves; each must be
    legal from the initial position of ``g`` and leave the game unfinished (a game must be left to
    play).  A game with a secret layout (drawn anew for every game) takes no openings: a move
    legal over one layout may not be over another.
    """
    bad = ErrorCode.BAD_PARAMS
    if len(openings) > MAX_OPENINGS:
        raise TournamentError(bad, f"openings: {len(openings)} openings, at most {MAX_OPENINGS}")
    if openings and any(q.secret for q in g.parameters):
        raise TournamentError(
            bad, f"openings: {g.name} draws a secret layout for every game, so an opening cannot be checked once"
        )
    out: list[tuple[str, ...]] = []
    for i, moves in enumerate(openings):
        if len(moves) > MAX_OPENING_MOVES:
            raise TournamentError(bad, f"openings[{i}]: {len(moves)} moves, at most {MAX_OPENING_MOVES}")
        state = g.initial()
        texts: list[str] = []
        for j, text in enumerate(moves):
            if not isinstance(text, str):
                raise TournamentError(bad, f"openings[{i}]: move {j + 1} is not a text: {text!r}")
            if g.is_over(state):
                raise TournamentError(bad, f"openings[{i}]: the game is already over before move {j + 1} {text!r}")
            try:
                mv = g.parse_move(state, text)
                texts.append(g.format_move(state, mv))
                state = g.play(state, mv)
            except rules.RulesError as e:
                raise TournamentError(bad, f"openings[{i}]: move {j + 1} {text!r} is illegal: {e}") from None
        if g.is_over(state):
            last = f" at move {len(moves)} {moves[-1]!r}" if moves else ""
            raise TournamentError(bad, f"openings[{i}]: the opening ends the game{last}: nothing is left to play")
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
