"""Tournaments: round robin, Swiss, knockout and gauntlet as a pure, sans-I/O state machine.

``tournament.handle(event) -> (new_tournament, effects)``, in the style of :mod:`server.room`:
a :class:`Tournament` is an immutable value, never reads a clock (events carry ``now``),
never touches sockets, rooms, the bot pool or the store, and never raises for anything a
client did: a refused request becomes a :class:`Refused` effect and the tournament comes
back unchanged (the very same object).  Only :meth:`Tournament.create` raises
(:class:`TournamentError`, with a protocol error code) for settings that make no sense.

Lifecycle: ``open`` (entrants enter and withdraw) -> ``running`` (rounds of games) ->
``finished`` (final standings).  Games are played in rooms the node creates; a tournament
is only ever for 2-seat games (a game whose parameters give it another number of seats is
refused at creation: pairing formats need two players per game).

Events (fed by the shell):

* :class:`Enter` — a session enters as ``human`` or ``bot`` (a bot client playing over its
  own connection; the entrant id is the session), or the organiser adds a ``hosted`` bot at
  a level (played by the node's bot pool; its entrant id is ``hosted:<level>`` plus ``#n``
  when the level is entered again).  ``rating`` is the entrant's rating in this game at
  entry (the shell reads it from the rating table); it seeds knockouts and breaks ties.
* :class:`Withdraw` — an entrant leaves (the organiser may withdraw anyone).  While open it
  is removed; while running its game in progress is resigned (:class:`ResignGame`; a
  hosted bot's game in progress is played out) and its later games are lost by forfeit (no
  room is made, nothing is rated).  A withdrawn entrant stays in the standings, marked.
* :class:`Start` — the organiser (or the server, ``session=None``) starts the tournament.
* :class:`Tick` — time passes: an open tournament with ``starts_at`` starts when it is due
  (with too few entrants it finishes empty).
* :class:`GameCreated` — the shell made the room asked for by :class:`CreateGame` ``key``.
* :class:`GameFinished` — a tournament room ended: ``outcomes`` per seat (the rules
  result's ``outcomes``), or None when the room was aborted without a result.  For an
  aborted game the shell names the seats whose player never came (``absent``): they lose
  by forfeit; but an aborted game of a withdrawn entrant is lost by the withdrawn entrant
  alone (its opponent wins, absent or not).  Otherwise an aborted game is made again (same colours) up to
  :data:`MAX_RESTARTS` times, then counts as lost by both (0 points each).  Forfeits are
  never rated.  Reports for rooms the tournament does not know, for games already decided,
  or with outcomes that are not one win and one loss or two draws are ignored, so a late
  or repeated report is harmless.

Effects, to execute *in the order given*:

1. :class:`RatingChange` — a rated game finished: ``ratings.record_game(table, game,
   players, outcomes)`` (reads the current ratings, so games played elsewhere count too);
2. :class:`Announce` — the tournament changed: store ``tournament.to_dict()`` and send it
   to the entrants and watchers;
3. :class:`ResignGame` — a withdrawn entrant's seat resigns in ``room`` (feed the room a
   ``Resign``/``Leave`` for that session; hosted bots never withdraw);
4. :class:`CreateGame` — make a room: ``seats`` are the entrants in seat order (a ``hosted``
   entrant becomes a bot seat at its ``level``; a ``human``/``bot`` entrant's seat is
   reserved for its session, which the shell seats and tells), with ``game``, ``params``,
   ``time_control``; then feed :class:`GameCreated` (key, room id).  When the room ends,
   feed :class:`GameFinished`;
5. :class:`Finished` — the tournament is over, with the final standings;
6. :class:`Schedule` — arm the timer ``key`` for ``at`` and feed ``Tick(now)`` when it fires;
7. :class:`Refused` — tell ``session`` why its request was refused (``code`` is one of
   :data:`ERROR_CODES`, a stable string the protocol can adopt).

Formats (a *pairing* is two entrants meeting in a round; it plays ``games_per_pairing``
games, colours alternating, one after another so a human never plays two at once; pairings
of a round are played at the same time, and a round starts when the previous one is over):

* ``round-robin`` — everyone meets everyone once (Berger tables: nobody has the same
  colour three times running, whites and blacks differ by at most one); ``double`` plays a
  second cycle with the colours swapped.  With an odd count one entrant sits out each
  round (a bye worth nothing: everyone gets the same number).  Tie-break: Sonneborn–Berger.
* ``swiss`` — ``rounds`` rounds.  Each round pairs by score: within a score group the top
  half meets the bottom half, nobody meets the same opponent twice (if no such pairing is
  found, each entrant in turn takes its first opponent not yet met, else a repeat: from
  about n/2 rounds on a Swiss can run out of fresh pairings), and the entrant with more
  whites gets black.  With an odd count the lowest-ranked entrant without a bye gets one, scoring a
  win (1 point, no game).  Tie-break: Buchholz (the sum of opponents' points; a bye adds
  nothing).
* ``knockout`` — single elimination seeded by rating (ties by entry order); the bracket is
  filled to a power of two with byes that go to the top seeds; seed 1 meets seed 2 at the
  earliest in the final.  A pairing whose games are level is replayed with colours swapped
  (one game at a time) up to ``replays`` times; if still level the higher seed advances.
  Standings: by the round reached, then points.
* ``gauntlet`` — one ``challenger`` (the first entrant unless named) meets every other
  entrant, one opponent per round, in seeding order.

Persistence: store :meth:`Tournament.to_dict` on every :class:`Announce`; after a restart
rebuild with :meth:`Tournament.from_dict` and execute :meth:`Tournament.resume`.

Standings: win 1, draw 0.5, loss 0 (a Swiss bye 1).  Ties are broken by the format's
tie-break (above), then head-to-head points among the tied entrants, then rating at entry,
then entry order.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from grundy import rules
from grundy.protocol import ErrorCode
from grundy.server.clock import TimeControl
from grundy.server.ratings import INITIAL_RATING
from grundy.server.room import BOT_LEVELS, RoomError, check_fair

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
MAX_GAMES_PER_PAIRING = 20
MAX_REPLAYS = 10
SWISS_SEARCH_STEPS = 20_000  # pairing search steps per round before repeats are allowed

# Refusal codes (Refused.code) and what they mean.
ERROR_CODES: dict[str, str] = {
    "tournament_not_open": "Entering, or starting, needs a tournament that has not started.",
    "tournament_over": "The tournament has finished.",
    "tournament_full": "The tournament has as many entrants as it allows.",
    "already_entered": "This session (or entrant id) has already entered.",
    "not_entered": "The session or entrant named is not in the tournament.",
    "not_organiser": "Only the organiser may start the tournament, add hosted bots or withdraw others.",
    "too_few_entrants": "The format needs more entrants than have entered.",
    "bad_params": "An entry request that makes no sense (unknown kind or level, empty name).",
}

Outcome = Literal["win", "loss", "draw"]
POINTS: dict[str, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class TournamentError(ValueError):
    """Tournament settings that cannot be used; ``code`` is the protocol error code."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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

    @property
    def rating_key(self) -> str:
        return self.player or (f"bot:{self.level}" if self.kind == "hosted" else self.name)

    @property
    def session(self) -> str | None:
        """The session playing this entrant's games (None for a hosted bot)."""
        return None if self.kind == "hosted" else self.id

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "rating": self.rating,
                "level": self.level, "player": self.rating_key}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Entrant:
        return cls(d["id"], d["name"], d["kind"], float(d["rating"]), d.get("level"), d.get("player") or "")


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentGame:
    """One game of a pairing: entrant ids in seat order, its room and, once over, the outcomes."""

    key: str
    seats: tuple[str, str]
    room: str | None = None
    outcomes: tuple[Outcome, Outcome] | None = None
    forfeit: bool = False  # decided without play (withdrawal, repeated aborts): not rated
    restarts: int = 0

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
                "restarts": self.restarts}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TournamentGame:
        outs = d.get("outcomes")
        return cls(d["key"], (d["seats"][0], d["seats"][1]), d.get("room"),
                   None if outs is None else (outs[0], outs[1]), bool(d.get("forfeit")), int(d.get("restarts", 0)))


@dataclasses.dataclass(frozen=True, slots=True)
class Pairing:
    """Two entrants meeting in a round (``white`` has the first seat in the first game), or a bye."""

    index: int
    white: str
    black: str | None  # None: a bye for ``white``
    games: tuple[TournamentGame, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.black is None

    @property
    def entrants(self) -> tuple[str, ...]:
        return (self.white,) if self.black is None else (self.white, self.black)

    def points(self, entrant: str) -> float:
        return sum(g.points(entrant) for g in self.games if g.is_done)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "white": self.white, "black": self.black,
                "games": [g.to_dict() for g in self.games]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pairing:
        return cls(int(d["index"]), d["white"], d.get("black"), tuple(TournamentGame.from_dict(g) for g in d["games"]))


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


# ============================================================================ events


@dataclasses.dataclass(frozen=True, slots=True)
class Enter:
    """``session`` enters as ``kind`` (for ``hosted``, the organiser adds a bot at ``level``)."""

    session: str
    name: str
    now: float
    kind: EntrantKind = "human"
    rating: float = INITIAL_RATING  # the shell fills in ratings.current(table, player, game).value
    level: str | None = None
    player: str = ""
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw:
    """``session`` withdraws itself, or (the organiser) the entrant ``entrant``."""

    session: str | None
    now: float
    entrant: str | None = None
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Start:
    """Start now (``session`` None: the server itself)."""

    session: str | None
    now: float
    ref: Any = None


@dataclasses.dataclass(frozen=True, slots=True)
class Tick:
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class GameCreated:
    """The room for the game ``key`` exists and is called ``room``."""

    key: str
    room: str
    now: float


@dataclasses.dataclass(frozen=True, slots=True)
class GameFinished:
    """Room ``room`` ended: outcomes per seat, or None if it was aborted without a result.

    ``absent``: for an aborted game, the seats whose player never came (never joined the
    room, or never made the first move while the other seat was present); they lose it by
    forfeit instead of the game being made again.
    """

    room: str
    outcomes: Sequence[str] | None
    now: float
    absent: tuple[int, ...] = ()


Event = Enter | Withdraw | Start | Tick | GameCreated | GameFinished

# ============================================================================ effects


@dataclasses.dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated game finished: apply it with ``ratings.record_game(table, game, players, outcomes)``."""

    tournament: str
    room: str
    game: str
    players: tuple[str, str]
    outcomes: tuple[Outcome, Outcome]


@dataclasses.dataclass(frozen=True, slots=True)
class Announce:
    """The tournament changed: store and send ``tournament.to_dict()``."""

    tournament: Tournament


@dataclasses.dataclass(frozen=True, slots=True)
class ResignGame:
    """A withdrawn entrant's ``session`` resigns its game in ``room``."""

    room: str
    session: str


@dataclasses.dataclass(frozen=True, slots=True)
class CreateGame:
    """Make a room for game ``key``; seats in order; answer with :class:`GameCreated`.

    One way with :mod:`server.room`: ``Room.create(room_id, game, now, params=params,
    time_control=time_control, private=True, seats=[SeatSpec("bot", e.level) if e.kind ==
    "hosted" else SeatSpec("invite") for e in seats])``, then for every other entrant
    ``room.handle(Join(e.session, e.name, now, seat=i, invited=True))`` and tell it the room.
    A room of two hosted bots starts at once.
    """

    tournament: str
    round: int
    key: str
    seats: tuple[Entrant, Entrant]
    game: str
    params: dict[str, Any]
    time_control: TimeControl | None
    rated: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Finished:
    tournament: str
    standings: tuple[Standing, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Schedule:
    key: str
    at: float


@dataclasses.dataclass(frozen=True, slots=True)
class Refused:
    session: str | None
    code: str
    message: str
    ref: Any = None


Effect = RatingChange | Announce | ResignGame | CreateGame | Finished | Schedule | Refused
Handled = tuple["Tournament", list[Effect]]

_ORDER = (RatingChange, Announce, ResignGame, CreateGame, Finished, Schedule, Refused)

# ============================================================================ the tournament


@dataclasses.dataclass(frozen=True, slots=True)
class Tournament:
    """One tournament.  Build with :meth:`create`; advance with :meth:`handle`."""

    id: str
    game: str
    params: dict[str, Any]
    time_control: TimeControl | None
    format: Format
    created_at: float
    status: Status = OPEN
    entrants: tuple[Entrant, ...] = ()
    withdrawn: frozenset[str] = frozenset()
    rounds: tuple[Round, ...] = ()
    games_per_pairing: int = 1
    swiss_rounds: int = 0
    double: bool = False
    replays: int = 2
    challenger: str | None = None
    rated: bool = True
    organiser: str | None = None
    starts_at: float | None = None
    max_entrants: int = MAX_ENTRANTS
    schedule: tuple[tuple[tuple[str, str | None], ...], ...] = ()  # round robin / gauntlet: planned rounds
    started_at: float | None = None
    finished_at: float | None = None
    end_reason: str | None = None

    # ------------------------------------------------------------------ construction

    @classmethod
    def create(
        cls,
        id: str,
        game: str,
        now: float,
        *,
        format: str,
        params: dict[str, Any] | None = None,
        time_control: TimeControl | None = None,
        games_per_pairing: int = 1,
        rounds: int | None = None,
        double: bool = False,
        replays: int = 2,
        challenger: str | None = None,
        rated: bool = True,
        organiser: str | None = None,
        starts_at: float | None = None,
        max_entrants: int = MAX_ENTRANTS,
    ) -> Handled:
        """A new ``open`` tournament.  Raises :class:`TournamentError` for unusable settings.

        ``rounds`` is for ``swiss`` only (required there); ``double`` for ``round-robin``;
        ``replays`` for ``knockout``; ``challenger`` (an entrant id) for ``gauntlet``.
        Effects: Announce, and Schedule("start") when ``starts_at`` is given.
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
        t = cls(
            id=id,
            game=game,
            params=g.public_params(),
            time_control=time_control,
            format=format,  # type: ignore[arg-type]
            created_at=now,
            games_per_pairing=games_per_pairing,
            swiss_rounds=rounds or 0,
            double=double,
            replays=replays,
            challenger=challenger,
            rated=rated,
            organiser=organiser,
            starts_at=starts_at,
            max_entrants=max_entrants,
        )
        effects: list[Effect] = [Announce(t)]
        if starts_at is not None:
            effects.append(Schedule("start", starts_at))
        return t, effects

    # ------------------------------------------------------------------ queries

    def entrant(self, id: str) -> Entrant | None:
        return next((e for e in self.entrants if e.id == id), None)

    @property
    def round(self) -> Round | None:
        """The round being played (or the last one)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def planned_rounds(self) -> int:
        """How many rounds the tournament will have (known once it runs)."""
        n = len(self.entrants)
        if self.format == "swiss":
            return self.swiss_rounds
        if self.format == "knockout":
            return max(1, math.ceil(math.log2(max(n, 2))))
        return len(self.schedule)

    def finished_games(self) -> list[TournamentGame]:
        return [g for r in self.rounds for p in r.pairings for g in p.games if g.is_done]

    def standings(self) -> tuple[Standing, ...]:
        """The table now, best first (see the module docstring for the order)."""
        return _standings(self)

    def to_dict(self) -> dict[str, Any]:
        """Everything a client or the store needs, as plain data (:meth:`from_dict` reads it back)."""
        return {
            "id": self.id,
            "game": self.game,
            "params": dict(self.params),
            "time_control": None if self.time_control is None else self.time_control.to_dict(),
            "format": self.format,
            "status": self.status,
            "games_per_pairing": self.games_per_pairing,
            "rounds_planned": self.planned_rounds if self.status != OPEN else self.swiss_rounds or None,
            "swiss_rounds": self.swiss_rounds,
            "max_entrants": self.max_entrants,
            "schedule": [[list(p) for p in r] for r in self.schedule],
            "double": self.double,
            "replays": self.replays,
            "challenger": self.challenger,
            "rated": self.rated,
            "organiser": self.organiser,
            "starts_at": self.starts_at,
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "end_reason": self.end_reason,
            "entrants": [e.to_dict() | {"withdrawn": e.id in self.withdrawn} for e in self.entrants],
            "rounds": [r.to_dict() for r in self.rounds],
            "standings": [s.to_dict() for s in self.standings()],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tournament:
        """The tournament :meth:`to_dict` wrote (restoring after a restart; standings are recomputed).

        Then execute :meth:`resume`'s effects; for games whose room was lost in the restart,
        feed ``GameFinished(room, None, now)`` and they are made again.  Raises
        :class:`TournamentError` (``internal``) for a malformed dict.
        """
        try:
            return cls(
                id=d["id"],
                game=d["game"],
                params=dict(d["params"]),
                time_control=TimeControl.from_dict(d.get("time_control")),
                format=d["format"],
                created_at=float(d["created_at"]),
                status=d["status"],
                entrants=tuple(Entrant.from_dict(e) for e in d["entrants"]),
                withdrawn=frozenset(e["id"] for e in d["entrants"] if e.get("withdrawn")),
                rounds=tuple(Round.from_dict(r) for r in d["rounds"]),
                games_per_pairing=int(d["games_per_pairing"]),
                swiss_rounds=int(d.get("swiss_rounds") or 0),
                double=bool(d.get("double")),
                replays=int(d.get("replays", 2)),
                challenger=d.get("challenger"),
                rated=bool(d.get("rated", True)),
                organiser=d.get("organiser"),
                starts_at=d.get("starts_at"),
                max_entrants=int(d.get("max_entrants", MAX_ENTRANTS)),
                schedule=tuple(tuple((p[0], p[1]) for p in r) for r in d.get("schedule") or ()),
                started_at=d.get("started_at"),
                finished_at=d.get("finished_at"),
                end_reason=d.get("end_reason"),
            )
        except (KeyError, TypeError, ValueError, IndexError) as e:
            why = f"tournament {d.get('id')!r}: the stored form is malformed: {e!r}"
            raise TournamentError(ErrorCode.INTERNAL, why) from None

    def resume(self) -> list[Effect]:
        """After :meth:`from_dict`: CreateGame again for the games asked for whose room was never reported."""
        return [
            self._create(r.number, g)
            for r in self.rounds[-1:]
            for p in r.pairings
            for g in p.games
            if self.status == RUNNING and g.room is None and not g.is_done
        ]

    # ------------------------------------------------------------------ events

    def handle(self, event: Event) -> Handled:
        """Apply one event; never raises for client input (see the module docstring)."""
        handler = _HANDLERS.get(type(event))
        if handler is None:
            return self, []
        new, effects = handler(self, event)
        # one Announce, of the final value, whenever anything changed
        effects = [e for e in effects if not isinstance(e, Announce)]
        if new is not self:
            effects.append(Announce(new))
        effects.sort(key=lambda e: _ORDER.index(type(e)))  # stable: keeps each kind's own order
        return new, effects

    def _refuse(self, session: str | None, code: str, message: str, ref: Any) -> Handled:
        return self, [Refused(session, code, f"tournament {self.id}: {message}", ref)]

    def _on_enter(self, ev: Enter) -> Handled:
        if self.status != OPEN:
            code = "tournament_over" if self.status == FINISHED else "tournament_not_open"
            return self._refuse(ev.session, code, "it has already started", ev.ref)
        if ev.kind not in ENTRANT_KINDS:
            return self._refuse(ev.session, "bad_params", f"kind {ev.kind!r} is not one of human, bot, hosted", ev.ref)
        if len(self.entrants) >= self.max_entrants:
            return self._refuse(ev.session, "tournament_full", f"it has {self.max_entrants} entrants", ev.ref)
        name = ev.name.strip()
        if ev.kind == "hosted":
            if self.organiser is not None and ev.session != self.organiser:
                return self._refuse(ev.session, "not_organiser", "only the organiser adds hosted bots", ev.ref)
            if ev.level not in HOSTED_LEVELS:
                return self._refuse(
                    ev.session, "bad_params", f"level {ev.level!r} is not one of {', '.join(HOSTED_LEVELS)}", ev.ref
                )
            base = f"hosted:{ev.level}"
            taken = {e.id for e in self.entrants}
            eid, n = base, 1
            while eid in taken:
                n += 1
                eid = f"{base}#{n}"
            entrant = Entrant(eid, name or f"bot ({ev.level})" + (f" #{n}" if n > 1 else ""), "hosted",
                              float(ev.rating), ev.level, ev.player or f"bot:{ev.level}")
        else:
            if ev.level is not None:
                return self._refuse(ev.session, "bad_params", "a level is only for hosted bots", ev.ref)
            if not name:
                return self._refuse(ev.session, "bad_params", "an entrant needs a name", ev.ref)
            if self.entrant(ev.session) is not None:
                return self._refuse(ev.session, "already_entered", "this session has already entered", ev.ref)
            entrant = Entrant(ev.session, name, ev.kind, float(ev.rating), None, ev.player or name)
        t = dataclasses.replace(self, entrants=self.entrants + (entrant,))
        return t, [Announce(t)]

    def _on_withdraw(self, ev: Withdraw) -> Handled:
        target = ev.entrant if ev.entrant is not None else ev.session
        if self.status == FINISHED:
            return self._refuse(ev.session, "tournament_over", "it has finished", ev.ref)
        if target is None or self.entrant(target) is None or target in self.withdrawn:
            return self._refuse(ev.session, "not_entered", f"{target!r} is not an entrant", ev.ref)
        if target != ev.session and ev.session is not None and ev.session != self.organiser:
            return self._refuse(ev.session, "not_organiser", "only the organiser withdraws others", ev.ref)
        if self.status == OPEN:
            t = dataclasses.replace(self, entrants=tuple(e for e in self.entrants if e.id != target))
            return t, [Announce(t)]
        t = dataclasses.replace(self, withdrawn=self.withdrawn | {target})
        effects: list[Effect] = []
        rnd = t.round
        if rnd is not None:
            session = t.entrant(target).session  # type: ignore[union-attr]
            for p in rnd.pairings:
                for g in p.games:
                    if not g.is_done and target in g.seats and g.room is not None and session is not None:
                        effects.append(ResignGame(g.room, session))
        if t.format == "gauntlet" and target == t.challenger:
            return t._finish(ev.now, "the challenger withdrew", effects)
        t, more = t._advance(ev.now)
        return t, effects + more

    def _on_start(self, ev: Start) -> Handled:
        if self.status != OPEN:
            code = "tournament_over" if self.status == FINISHED else "tournament_not_open"
            return self._refuse(ev.session, code, "it has already started", ev.ref)
        if ev.session is not None and self.organiser is not None and ev.session != self.organiser:
            return self._refuse(ev.session, "not_organiser", "only the organiser starts it", ev.ref)
        why = self._cannot_start()
        if why is not None:
            return self._refuse(ev.session, "too_few_entrants", why, ev.ref)
        return self._start(ev.now)

    def _on_tick(self, ev: Tick) -> Handled:
        if self.status != OPEN or self.starts_at is None or ev.now < self.starts_at:
            return self, []
        if self._cannot_start() is not None:
            return self._finish(ev.now, f"not started: {self._cannot_start()}", [])
        return self._start(ev.now)

    def _on_game_created(self, ev: GameCreated) -> Handled:
        found = self._find(lambda g: g.key == ev.key)
        if found is None:
            return self, []
        ri, pi, gi = found
        g = self.rounds[ri].pairings[pi].games[gi]
        if g.is_done or g.room is not None:
            return self, []
        t = self._with_game(ri, pi, gi, dataclasses.replace(g, room=ev.room))
        effects: list[Effect] = [Announce(t)]
        for eid in g.seats:
            e = t.entrant(eid)
            if eid in t.withdrawn and e is not None and e.session is not None:
                effects.append(ResignGame(ev.room, e.session))
        return t, effects

    def _on_game_finished(self, ev: GameFinished) -> Handled:
        found = self._find(lambda g: g.room == ev.room and not g.is_done)
        if found is None:
            return self, []
        ri, pi, gi = found
        g = self.rounds[ri].pairings[pi].games[gi]
        effects: list[Effect] = []
        if ev.outcomes is None:
            # a withdrawn entrant forfeits its aborted game; its opponent never loses it for being absent
            out = (set(g.seats) & self.withdrawn) or {g.seats[i] for i in ev.absent if i in (0, 1)}
            if out:
                done = dataclasses.replace(g, outcomes=_forfeited(g.seats, out), forfeit=True)
            elif g.restarts < MAX_RESTARTS:
                again = dataclasses.replace(g, key=f"{g.key.split('~')[0]}~{g.restarts + 1}", room=None,
                                            restarts=g.restarts + 1)
                t = self._with_game(ri, pi, gi, again)
                return t, [t._create(self.rounds[ri].number, again)]
            else:
                done = dataclasses.replace(g, outcomes=("loss", "loss"), forfeit=True)
        else:
            outs = tuple(ev.outcomes)
            if outs not in _DECISIVE:
                return self, []
            done = dataclasses.replace(g, outcomes=outs)  # type: ignore[arg-type]
            if self.rated:
                a, b = (self.entrant(s) for s in g.seats)
                assert a is not None and b is not None
                effects.append(RatingChange(self.id, ev.room, self.game, (a.rating_key, b.rating_key), done.outcomes))  # type: ignore[arg-type]
        t = self._with_game(ri, pi, gi, done)
        t, more = t._advance(ev.now)
        return t, effects + more

    # ------------------------------------------------------------------ transitions

    def _cannot_start(self) -> str | None:
        n = len(self.entrants)
        if n < 2:
            return f"{self.format} needs at least 2 entrants, {n} entered"
        if self.format == "swiss":
            most = n - 1 if n % 2 == 0 else n
            if self.swiss_rounds > most:
                return f"{self.swiss_rounds} swiss rounds without repeats need more than {n} entrants (at most {most})"
        if self.format == "gauntlet" and self.challenger is not None and self.entrant(self.challenger) is None:
            return f"the challenger {self.challenger!r} has not entered"
        return None

    def _start(self, now: float) -> Handled:
        order = {e.id: i for i, e in enumerate(self.entrants)}
        seeded = tuple(sorted(self.entrants, key=lambda e: (-e.rating, order[e.id])))
        t = dataclasses.replace(self, status=RUNNING, started_at=now, entrants=seeded)
        ids = [e.id for e in seeded]
        if t.format == "round-robin":
            cycle = berger_rounds(ids)
            schedule = cycle + (tuple(tuple(_swapped(p) for p in r) for r in cycle) if t.double else ())
            t = dataclasses.replace(t, schedule=tuple(schedule))
        elif t.format == "gauntlet":
            champ = t.challenger or self.entrants[0].id
            others = [i for i in ids if i != champ]
            t = dataclasses.replace(t, challenger=champ, schedule=gauntlet_rounds(champ, others))
        return t._next_round(now)

    def _next_round(self, now: float) -> Handled:
        """Pair the next round (or finish when there is none)."""
        number = len(self.rounds) + 1
        pairs = self._pairs_for(number)
        if pairs is None:
            return self._finish(now, "all rounds played", [])
        pairings = tuple(Pairing(i, w, b) for i, (w, b) in enumerate(pairs))
        t = dataclasses.replace(self, rounds=self.rounds + (Round(number, pairings),))
        effects: list[Effect] = []
        for p in pairings:
            t, more = t._continue_pairing(len(t.rounds) - 1, p.index)
            effects += more
        t, more = t._advance(now)
        return t, effects + more

    def _pairs_for(self, number: int) -> list[tuple[str, str | None]] | None:
        if self.format in ("round-robin", "gauntlet"):
            return list(self.schedule[number - 1]) if number <= len(self.schedule) else None
        if self.format == "swiss":
            if number > self.swiss_rounds:
                return None
            return swiss_pairs(self)
        return knockout_pairs(self, number)

    def _continue_pairing(self, ri: int, pi: int) -> Handled:
        """Add the pairing's next game if it needs one (forfeited at once if an entrant withdrew)."""
        rnd = self.rounds[ri]
        p = rnd.pairings[pi]
        if p.is_bye or any(not g.is_done for g in p.games) or not self._pairing_needs_game(p):
            return self, []
        assert p.black is not None
        k = len(p.games)
        seats = (p.white, p.black) if k % 2 == 0 else (p.black, p.white)
        key = f"{self.id}/r{rnd.number}/p{p.index}/g{k + 1}"
        out = set(seats) & self.withdrawn
        if out:
            game = TournamentGame(key, seats, None, _forfeited(seats, out), forfeit=True)
        else:
            game = TournamentGame(key, seats)
        t = self._with_pairing(ri, pi, dataclasses.replace(p, games=p.games + (game,)))
        if game.is_done:
            return t._continue_pairing(ri, pi)
        return t, [t._create(rnd.number, game)]

    def _pairing_needs_game(self, p: Pairing) -> bool:
        played = len(p.games)
        if played < self.games_per_pairing:
            return True
        if self.format != "knockout" or p.black is None or set(p.entrants) & self.withdrawn:
            return False
        level = p.points(p.white) == p.points(p.black)
        return level and played < self.games_per_pairing + self.replays

    def _advance(self, now: float) -> Handled:
        """After a game: continue its pairings; when the round is over, start the next."""
        rnd = self.round
        if self.status != RUNNING or rnd is None:
            return self, []
        t: Tournament = self
        effects: list[Effect] = []
        ri = len(self.rounds) - 1
        for p in rnd.pairings:
            t, more = t._continue_pairing(ri, p.index)
            effects += more
        cur = t.rounds[ri]
        if all(_pairing_over(p) for p in cur.pairings):
            t, more = t._next_round(now)
            return t, effects + more
        return t, effects

    def _finish(self, now: float, reason: str, effects: list[Effect]) -> Handled:
        t = dataclasses.replace(self, status=FINISHED, finished_at=now, end_reason=reason)
        return t, [*effects, Announce(t), Finished(t.id, t.standings())]

    def _create(self, number: int, game: TournamentGame) -> CreateGame:
        a, b = (self.entrant(s) for s in game.seats)
        assert a is not None and b is not None
        return CreateGame(self.id, number, game.key, (a, b), self.game, dict(self.params), self.time_control,
                          self.rated)

    # ------------------------------------------------------------------ helpers

    def _find(self, pred: Callable[[TournamentGame], bool]) -> tuple[int, int, int] | None:
        for ri in range(len(self.rounds) - 1, -1, -1):
            for pi, p in enumerate(self.rounds[ri].pairings):
                for gi, g in enumerate(p.games):
                    if pred(g):
                        return ri, pi, gi
        return None

    def _with_pairing(self, ri: int, pi: int, p: Pairing) -> Tournament:
        r = self.rounds[ri]
        nr = dataclasses.replace(r, pairings=r.pairings[:pi] + (p,) + r.pairings[pi + 1 :])
        return dataclasses.replace(self, rounds=self.rounds[:ri] + (nr,) + self.rounds[ri + 1 :])

    def _with_game(self, ri: int, pi: int, gi: int, g: TournamentGame) -> Tournament:
        p = self.rounds[ri].pairings[pi]
        return self._with_pairing(ri, pi, dataclasses.replace(p, games=p.games[:gi] + (g,) + p.games[gi + 1 :]))


_DECISIVE = (("win", "loss"), ("draw", "draw"), ("loss", "win"))


def _forfeited(seats: tuple[str, str], out: set[str]) -> tuple[Outcome, Outcome]:
    """Outcomes when the entrants in ``out`` forfeit (both out: both lose)."""
    a, b = (("loss" if s in out else "win") for s in seats)
    return a, b  # type: ignore[return-value]


def _pairing_over(p: Pairing) -> bool:
    return p.is_bye or (bool(p.games) and all(g.is_done for g in p.games))


_HANDLERS: dict[type, Callable[[Tournament, Any], Handled]] = {
    Enter: Tournament._on_enter,
    Withdraw: Tournament._on_withdraw,
    Start: Tournament._on_start,
    Tick: Tournament._on_tick,
    GameCreated: Tournament._on_game_created,
    GameFinished: Tournament._on_game_finished,
}

# ============================================================================ pairing rules


def berger_rounds(ids: Sequence[str]) -> tuple[tuple[tuple[str, str | None], ...], ...]:
    """A single round robin by the circle method: rounds of (white, black); black None is a bye.

    The last entrant (or the bye, for an odd count) stays put while the others rotate; it
    alternates colours by round, and the other boards alternate colours by board, so nobody
    plays the same colour three times running.
    """
    players: list[str | None] = list(ids)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    m = n - 1
    rounds: list[tuple[tuple[str, str | None], ...]] = []
    for r in range(m):
        pairs: list[tuple[str | None, str | None]] = [
            (players[n - 1], players[r]) if r % 2 else (players[r], players[n - 1])
        ]
        for k in range(1, n // 2):
            x, y = players[(r + k) % m], players[(r - k) % m]
            pairs.append((x, y) if k % 2 else (y, x))
        rounds.append(tuple(_bye_last(w, b) for w, b in pairs))
    return tuple(rounds)


def _swapped(pair: tuple[str, str | None]) -> tuple[str, str | None]:
    """The same pairing with colours swapped (a bye stays a bye)."""
    w, b = pair
    return pair if b is None else (b, w)


def _bye_last(w: str | None, b: str | None) -> tuple[str, str | None]:
    if w is None:
        assert b is not None
        return (b, None)
    return (w, b)


def gauntlet_rounds(challenger: str, others: Sequence[str]) -> tuple[tuple[tuple[str, str | None], ...], ...]:
    """One round per opponent, in seeding order, the challenger's first colour alternating."""
    return tuple((((challenger, o) if i % 2 == 0 else (o, challenger)),) for i, o in enumerate(others))


def bracket_order(size: int) -> list[int]:
    """Seed numbers (from 1) in bracket order for a power of two: 8 -> 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def knockout_pairs(t: Tournament, number: int) -> list[tuple[str, str | None]] | None:
    """Round ``number``'s pairings: the bracket in round 1, then the previous round's winners."""
    if number == 1:
        ids = [e.id for e in t.entrants]  # seeded order
        size = 1 << max(1, math.ceil(math.log2(len(ids))))
        order = bracket_order(size)
        out: list[tuple[str, str | None]] = []
        for i in range(0, size, 2):
            a, b = order[i], order[i + 1]
            out.append((ids[a - 1], ids[b - 1] if b <= len(ids) else None))
        return out
    prev = t.rounds[number - 2]
    if len(prev.pairings) == 1:
        return None
    winners = [knockout_winner(t, p) for p in prev.pairings]
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def knockout_winner(t: Tournament, p: Pairing) -> str:
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


def _history(t: Tournament) -> tuple[dict[str, int], dict[str, list[str]], set[frozenset[str]], set[str]]:
    """Colour balance (whites - blacks), colours in order, pairs that met, entrants who had a bye."""
    balance: dict[str, int] = {e.id: 0 for e in t.entrants}
    colours: dict[str, list[str]] = {e.id: [] for e in t.entrants}
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    for r in t.rounds:
        for p in r.pairings:
            if p.black is None:
                byes.add(p.white)
                continue
            met.add(frozenset((p.white, p.black)))
            for g in p.games:
                w, b = g.seats
                balance[w] += 1
                balance[b] -= 1
                colours[w].append("w")
                colours[b].append("b")
    return balance, colours, met, byes


def swiss_pairs(t: Tournament) -> list[tuple[str, str | None]]:
    """The next Swiss round: bye to the lowest-ranked without one, then pair by score groups."""
    points = _points(t)
    seed = {e.id: i for i, e in enumerate(t.entrants)}
    ranked = sorted((e.id for e in t.entrants if e.id not in t.withdrawn), key=lambda i: (-points[i], seed[i]))
    balance, colours, met, byes = _history(t)
    bye: str | None = None
    pairs: list[tuple[str, str]] | None = None
    budget = [SWISS_SEARCH_STEPS]  # shared by every bye candidate: a round's pairing search is bounded
    if len(ranked) % 2:
        candidates = [i for i in reversed(ranked) if i not in byes] or list(reversed(ranked))
        for c in candidates:
            pairs = _pair_group([i for i in ranked if i != c], points, met, budget)
            if pairs is not None:
                bye = c
                break
        if bye is None:
            bye = candidates[0]
    rest = [i for i in ranked if i != bye]
    if pairs is None:
        pairs = _pair_group(rest, points, met, budget) or _pair_greedy(rest, points, met)
    number = len(t.rounds) + 1
    out: list[tuple[str, str | None]] = []
    for a, b in pairs:  # a is ranked above b
        out.append(_colours(a, b, balance, colours, number))
    if bye is not None:
        out.append((bye, None))
    return out


def _colours(a: str, b: str, balance: dict[str, int], colours: dict[str, list[str]], number: int) -> tuple[str, str]:
    """(white, black): fewer whites so far gets white; then whoever had black last; then by round."""
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    la, lb = (colours[a] or [""])[-1], (colours[b] or [""])[-1]
    if la != lb and "" not in (la, lb):
        return (a, b) if la == "b" else (b, a)
    return (a, b) if number % 2 else (b, a)


def _preferred(p: str, others: list[str], points: dict[str, float]) -> list[str]:
    """``p``'s opponents in order of preference: its score group's middle first, then lower groups."""
    group = [q for q in others if points[q] == points[p]]
    lower = [q for q in others if points[q] != points[p]]
    ideal = max(0, (len(group) + 1) // 2 - 1)  # p heads its group: it meets the group's middle
    return group[ideal:] + group[:ideal][::-1] + lower


def _pair_greedy(ranked: list[str], points: dict[str, float], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """The last resort when no repeat-free pairing was found: each in turn takes its first unmet choice."""
    rest, out = list(ranked), []
    while len(rest) >= 2:
        p, others = rest[0], rest[1:]
        order = _preferred(p, others, points)
        q = next((x for x in order if frozenset((p, x)) not in met), order[0])
        out.append((p, q))
        rest = [x for x in others if x != q]
    return out


def _pair_group(
    ranked: list[str], points: dict[str, float], met: set[frozenset[str]], budget: list[int]
) -> list[tuple[str, str]] | None:
    """Pair ``ranked`` (best first) without repeats, or None (none exists, or ``budget`` steps ran out)."""

    def go(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        p, others = rest[0], rest[1:]
        for q in _preferred(p, others, points):
            if frozenset((p, q)) in met:
                continue
            sub = go([x for x in others if x != q])
            if sub is not None:
                return [(p, q), *sub]
        return None

    return go(list(ranked))


# ============================================================================ standings


def _points(t: Tournament) -> dict[str, float]:
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


def _standings(t: Tournament) -> tuple[Standing, ...]:
    pts = _points(t)
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


def _tiebreaks(t: Tournament, pts: dict[str, float]) -> dict[str, float]:
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
            if _pairing_over(final):
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
