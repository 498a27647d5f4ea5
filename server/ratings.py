"""Elo ratings: one rating per player per game name, updated after every finished rated game.

Pure functions plus a small table interface (:class:`RatingTable`) that the store implements
(``get(player, game)`` / ``put(player, game, rating)``); :class:`MemoryRatings` is the
in-memory table.  ``player`` is whatever key the node rates by (an account or player name,
``bot:<level>`` for a hosted bot); ``game`` is the catalog name (``gomoku``), so a player
has an independent rating in every game.

The rules (standard Elo):

* everyone starts at :data:`INITIAL_RATING` (1500);
* expected score of A against B: ``1 / (1 + 10 ** ((Rb - Ra) / 400))``;
* a player's K-factor is 32 while provisional (fewer than 30 rated games in that game),
  then 16; each side of a game uses its own K, so a newcomer moves fast while an
  established opponent moves slowly;
* a win scores 1, a draw 0.5, a loss 0.

The Elo difference of a match with its 95% interval, from wins, losses and draws, is
``bench/match.py``'s ``summary`` (not repeated here).

Elo is what a tournament's standings show (rating at entry and its change).  A player's
lasting rating, the one lists and leaderboards show, is **Glicko-2** (:class:`Glicko`),
written from Glickman's paper "Example of the Glicko-2 system" (see :func:`glicko2_period`):

* a rating, a deviation (RD) and a volatility per player per game family (the catalog name);
  everyone starts at 1500 ± 350 with volatility 0.06, and the system constant tau is 0.5;
* every rated game is one rating period of its own for both players;
* before a game, each player's RD grows as the paper's pre-period step says
  (``phi* = sqrt(phi^2 + n * sigma^2)``) for the ``n`` whole periods of :data:`PERIOD_S`
  (one day) since its last rated game, capped at :data:`MAX_RD` (350); lists show the RD
  grown the same way up to now;
* a rating is shown as ``rating ± 2·RD`` (``1623 ± 94``), marked provisional (``1500? ± 700``)
  while its RD is above :data:`PROVISIONAL_RD` (110): about the first five games, or after a
  long absence.

Why not the PyPI package ``glicko2`` (2.1.0): it gives the paper's example (to the paper's
rounding), but its step 5 puts the player's squared rating (mu^2) where the paper has the
squared deviation (phi^2), so the volatility of every player not rated exactly 1500 comes out
wrong; and its tau is a class attribute shared by every instance.  This module follows the
paper; tests/server/test_glicko.py checks it against the example and checks that the
volatility it finds is the root of the paper's own ``f``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, Protocol

from grundy.rules.base import Outcome

INITIAL_RATING = 1500.0
PROVISIONAL_GAMES = 30
K_PROVISIONAL = 32.0
K_ESTABLISHED = 16.0
SCALE = 400.0

SCORES: dict[str, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class RatingError(ValueError):
    """A rating input that makes no sense (an unknown outcome, negative counts)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game and how many rated games it rests on."""

    value: float = INITIAL_RATING
    games: int = 0

    @property
    def is_provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def to_dict(self) -> dict[str, float | int]:
        return {"value": self.value, "games": self.games}

    @classmethod
    def from_dict(cls, d: dict[str, float | int] | None) -> Rating:
        return cls() if d is None else cls(float(d["value"]), int(d["games"]))


class RatingTable(Protocol):
    """Where ratings live (the store implements this; :class:`MemoryRatings` in memory)."""

    def get(self, player: str, game: str) -> Rating | None: ...

    def put(self, player: str, game: str, rating: Rating) -> None: ...


class MemoryRatings:
    """A rating table in a dict (tests, and a node without a store)."""

    def __init__(self) -> None:
        self._table: dict[tuple[str, str], Rating] = {}

    def get(self, player: str, game: str) -> Rating | None:
        return self._table.get((player, game))

    def put(self, player: str, game: str, rating: Rating) -> None:
        self._table[(player, game)] = rating


def current(table: RatingTable, player: str, game: str) -> Rating:
    """``player``'s rating in ``game`` (a fresh 1500 with no games if it has none yet)."""
    return table.get(player, game) or Rating()


def score_of(outcome: str) -> float:
    """Points for an outcome: win 1, draw 0.5, loss 0."""
    try:
        return SCORES[outcome]
    except KeyError:
        raise RatingError(f"outcome {outcome!r} is not one of win, draw, loss") from None


def expected_score(rating: float, opponent: float) -> float:
    """The score ``rating`` is expected to make against ``opponent`` (0..1, 400-point scale)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / SCALE))


def k_factor(games: int) -> float:
    """32 while provisional (fewer than 30 rated games), then 16."""
    return K_PROVISIONAL if games < PROVISIONAL_GAMES else K_ESTABLISHED


def updated(rating: Rating, opponent: Rating, score: float) -> Rating:
    """``rating`` after one game scoring ``score`` (1, 0.5 or 0) against ``opponent``."""
    if not 0.0 <= score <= 1.0:
        raise RatingError(f"score {score!r} is not between 0 and 1")
    delta = k_factor(rating.games) * (score - expected_score(rating.value, opponent.value))
    return Rating(rating.value + delta, rating.games + 1)


def rate_pair(a: Rating, b: Rating, outcome_a: Outcome | str) -> tuple[Rating, Rating]:
    """Both new ratings after A's ``outcome_a`` (win/draw/loss) against B."""
    s = score_of(outcome_a)
    return updated(a, b, s), updated(b, a, 1.0 - s)


def record_game(
    table: RatingTable, game: str, players: tuple[str, str], outcomes: tuple[str, str]
) -> tuple[tuple[Rating, Rating], tuple[Rating, Rating]]:
    """Apply one finished 2-player game to ``table``; returns (before, after) for both players.

    ``outcomes`` are the seats' outcomes in the order of ``players``.  Reads the current
    ratings from the table (so games finished elsewhere in between are taken into account).
    """
    a, b = players
    if a == b:
        raise RatingError(f"players: {a!r} cannot play a rated game against itself")
    if (score_of(outcomes[0]), score_of(outcomes[1])) not in ((1.0, 0.0), (0.5, 0.5), (0.0, 1.0)):
        raise RatingError(f"outcomes {outcomes!r} are not one win and one loss or two draws")
    before = (current(table, a, game), current(table, b, game))
    after = rate_pair(before[0], before[1], outcomes[0])
    table.put(a, game, after[0])
    table.put(b, game, after[1])
    return before, after


# ===================================================================== Glicko-2

GLICKO_SCALE = 173.7178  # the paper's conversion between the Glicko scale and the Glicko-2 scale
INITIAL_RD = 350.0
INITIAL_VOLATILITY = 0.06
TAU = 0.5  # the system constant: how much volatility may change in one period
MAX_RD = 350.0  # an RD never grows past a newcomer's
PERIOD_S = 86_400.0  # one rating period of inactivity: a day
PROVISIONAL_RD = 110.0  # above it a rating is provisional (shown with "?")
CONVERGENCE = 1e-6  # the paper's epsilon for the volatility iteration
MAX_ITERATIONS = 200  # the iteration converges in a handful of steps; a bound all the same


@dataclasses.dataclass(frozen=True, slots=True)
class Glicko:
    """A player's Glicko-2 rating in one game family, after its last rated game.

    ``rd`` is the deviation as it was then; :meth:`at` gives it grown by the time since
    (``last``: Unix time of that game, None before the first).
    """

    rating: float = INITIAL_RATING
    rd: float = INITIAL_RD
    volatility: float = INITIAL_VOLATILITY
    games: int = 0
    last: float | None = None

    def at(self, now: float, period_s: float = PERIOD_S) -> Glicko:
        """This rating as it stands at ``now``: its RD grown for the whole periods without a rated game."""
        if self.last is None:
            return self
        return dataclasses.replace(
            self, rd=grown_rd(self.rd, self.volatility, periods_between(self.last, now, period_s))
        )

    @property
    def is_provisional(self) -> bool:
        """Provisional while the deviation is above :data:`PROVISIONAL_RD` (call it on :meth:`at`'s value)."""
        return self.rd > PROVISIONAL_RD

    def shown(self) -> str:
        """``1623 ± 94`` (rating ± 2·RD), ``1500? ± 700`` while provisional."""
        return show_rating(self.rating, self.rd)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "rd": self.rd,
            "volatility": self.volatility,
            "games": self.games,
            "last": self.last,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Glicko:
        if d is None:
            return cls()
        last = d.get("last")
        return cls(
            float(d["rating"]),
            float(d["rd"]),
            float(d["volatility"]),
            int(d["games"]),
            None if last is None else float(last),
        )


def show_rating(rating: float, rd: float) -> str:
    """How people read a rating: ``1623 ± 94`` (rating ± 2·RD), ``1500? ± 700`` while provisional."""
    mark = "?" if rd > PROVISIONAL_RD else ""
    return f"{rating:.0f}{mark} ± {2 * rd:.0f}"


def periods_between(last: float, now: float, period_s: float = PERIOD_S) -> int:
    """Whole rating periods from ``last`` to ``now`` (0 if ``now`` is not later)."""
    if period_s <= 0:
        raise RatingError(f"period_s {period_s!r} is not positive")
    return max(0, int((now - last) // period_s))


def grown_rd(rd: float, volatility: float, periods: int) -> float:
    """The paper's pre-period step for ``periods`` periods without a game: ``sqrt(phi^2 + n sigma^2)``, capped."""
    if periods < 0:
        raise RatingError(f"periods {periods!r} is negative")
    if periods == 0:
        return rd
    phi = rd / GLICKO_SCALE
    return min(MAX_RD, math.sqrt(phi * phi + periods * volatility * volatility) * GLICKO_SCALE)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def glicko2_period(
    player: Glicko, results: Sequence[tuple[Glicko, float]], tau: float = TAU
) -> tuple[float, float, float]:
    """One rating period of the paper (steps 2 to 8): ``player``'s new (rating, RD, volatility).

    ``results`` are (opponent, score) pairs, the score 1, 0.5 or 0; with no results the RD
    grows by one period and nothing else changes (the paper's step for a player who did not
    compete).  The volatility comes from the paper's Illinois iteration (step 5).
    """
    mu = (player.rating - INITIAL_RATING) / GLICKO_SCALE
    phi = player.rd / GLICKO_SCALE
    sigma = player.volatility
    if not results:
        return player.rating, grown_rd(player.rd, sigma, 1), sigma
    opponents = []
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise RatingError(f"score {score!r} is not between 0 and 1")
        opponents.append(((opponent.rating - INITIAL_RATING) / GLICKO_SCALE, opponent.rd / GLICKO_SCALE, score))
    # Step 3: the estimated variance of the rating from the game outcomes alone.
    v = 1.0 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1.0 - _e(mu, mj, pj)) for mj, pj, _s in opponents)
    # Step 4: the estimated improvement.
    gain = sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opponents)
    delta = v * gain
    # Step 5: the new volatility, the root of f by the Illinois algorithm.
    sigma2 = volatility_after(phi, v, delta, sigma, tau)
    # Steps 6 to 8: the pre-period deviation, then the new deviation and rating.
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * gain
    return mu2 * GLICKO_SCALE + INITIAL_RATING, min(MAX_RD, phi2 * GLICKO_SCALE), sigma2


def volatility_f(x: float, phi: float, v: float, delta: float, sigma: float, tau: float) -> float:
    """The paper's ``f(x)`` of step 5, whose root ``A`` gives the new volatility ``exp(A / 2)``."""
    ex = math.exp(x)
    a = math.log(sigma * sigma)
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)


def volatility_after(phi: float, v: float, delta: float, sigma: float, tau: float = TAU) -> float:
    """Step 5 of the paper: the new volatility (Illinois iteration to :data:`CONVERGENCE`)."""

    def f(x: float) -> float:
        return volatility_f(x, phi, v, delta, sigma, tau)

    a = math.log(sigma * sigma)
    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < MAX_ITERATIONS:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(MAX_ITERATIONS):
        if abs(big_b - big_a) <= CONVERGENCE:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate_glicko(
    a: Glicko, b: Glicko, outcome_a: Outcome | str, now: float, *, tau: float = TAU, period_s: float = PERIOD_S
) -> tuple[Glicko, Glicko]:
    """Both players' Glicko-2 ratings after one game that A scored ``outcome_a`` in, played at ``now``.

    Each side's RD first grows for the periods since its last rated game (:meth:`Glicko.at`);
    the game is then one rating period for both, each rated against the other as it stood
    before the game.
    """
    s = score_of(outcome_a)
    a_now, b_now = a.at(now, period_s), b.at(now, period_s)
    ra, da, va = glicko2_period(a_now, [(b_now, s)], tau)
    rb, db, vb = glicko2_period(b_now, [(a_now, 1.0 - s)], tau)
    return Glicko(ra, da, va, a.games + 1, now), Glicko(rb, db, vb, b.games + 1, now)


@dataclasses.dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game in a player's history: the room, when, the opponent, the outcome, the rating after."""

    room: str
    at: float
    opponent: str
    outcome: str
    rating: float
    rd: float

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RatedGame:
        return cls(
            str(d["room"]), float(d["at"]), str(d["opponent"]), str(d["outcome"]), float(d["rating"]), float(d["rd"])
        )


def check_pair(players: tuple[str, str], outcomes: tuple[str, str]) -> None:
    """Refuse a game that cannot be rated: a player against itself, outcomes that are not a win and a loss or a draw."""
    if players[0] == players[1]:
        raise RatingError(f"players: {players[0]!r} cannot play a rated game against itself")
    if (score_of(outcomes[0]), score_of(outcomes[1])) not in ((1.0, 0.0), (0.5, 0.5), (0.0, 1.0)):
        raise RatingError(f"outcomes {outcomes!r} are not one win and one loss or two draws")


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRating:
    """One seat's Glicko-2 rating in a rated game, before and after it (what the game's record shows).

    ``before_rd`` is the deviation as it stood when the game was rated (grown for the time since the
    player's last rated game); ``rd`` the deviation after.
    """

    player: str
    before: float
    before_rd: float
    after: float
    rd: float
    scored: str | None = None  # what the game counted as for this seat (``server.fair``: not always its outcome)

    @property
    def diff(self) -> int:
        """The change in whole points, as shown: the rounded rating after less the rounded rating before."""
        return round(self.after) - round(self.before)

    @property
    def provisional(self) -> bool:
        """Provisional after the game (its deviation above :data:`PROVISIONAL_RD`)."""
        return self.rd > PROVISIONAL_RD

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatRating:
        scored = d.get("scored")
        return cls(
            str(d["player"]), float(d["before"]), float(d["before_rd"]), float(d["after"]), float(d["rd"]),
            None if scored is None else str(scored),
        )  # fmt: skip


def seat_ratings(
    players: tuple[str, str],
    before: tuple[Glicko, Glicko],
    after: tuple[Glicko, Glicko],
    at: float,
    outcomes: tuple[str, str],
) -> list[SeatRating]:
    """Both seats' :class:`SeatRating` of one game rated at ``at`` as ``outcomes`` (``before``: the stored ratings
    it started from)."""
    return [
        SeatRating(player, b.rating, b.at(at).rd, a.rating, a.rd, outcome)
        for player, b, a, outcome in zip(players, before, after, outcomes, strict=True)
    ]
