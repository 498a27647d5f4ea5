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
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

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
