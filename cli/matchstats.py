"""The statistics of a match between two players: Elo difference, error bars, LOS, draw ratio, and the SPRT.

Pure functions of the results; ``grundy match``, ``grundy tournament`` and ``bench/match.py``
print them.  The model is the one chess engine testers use (cutechess-cli, fastchess):

* **Elo** is the logistic Elo difference of a score ``s`` (wins plus half the draws, per game):
  ``-400 log10(1/s - 1)``.  Its 95% error is cutechess's: the per-game score's standard
  deviation over the trinomial (win/draw/loss) results, ``s ± 1.96 sd/sqrt(n)`` turned into
  Elo, half the width.
* **LOS** (likelihood of superiority) is ``Phi((W - L) / sqrt(W + L))``: draws say nothing.
* **SPRT**: the generalized sequential probability ratio test with the normal approximation
  (as fastchess and OpenBench wrote it before their exact estimators): with ``s0``, ``s1``
  the scores of ``elo0`` and ``elo1`` (logistic), ``s`` the mean score and ``var`` its
  variance per sample, ``LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var)``.  A sample is a game
  (``trinomial``) or a pair of games played from one opening with the colours swapped
  (``pentanomial``: the pair scores 0, 1/4, 1/2, 3/4, 1); the pentanomial model is the
  default, as in fastchess, since it accounts for the openings.  The test stops at
  ``LLR <= log(beta / (1 - alpha))`` (H0 accepted: not better than elo0) or
  ``LLR >= log((1 - beta) / alpha)`` (H1 accepted: at least elo1).  Samples all alike (every
  game won, say) have no variance: the LLR is then 0 until a different result comes, as in
  fastchess's normal approximation.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from statistics import NormalDist
from typing import Any

from grundy.protocol import i18n

# A Z value for two-sided 95% intervals.
Z95 = NormalDist().inv_cdf(0.975)
# The SPRT's bounds on its parameters (documented in docs/MATCH.md).
MAX_SPRT_ELO = 1000.0
SPRT_MODELS = ("pentanomial", "trinomial")
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class StatsError(ValueError):
    """A statistics request that makes no sense (a bad --sprt, a negative count): its text says why in English,
    ``said`` the catalog message (``contest-...``) and its arguments, for the command's language."""

    def __init__(self, msg_id: str, **args: Any) -> None:
        self.said = (msg_id, args)
        super().__init__(i18n.tr(i18n.DEFAULT, msg_id, **args))

    def text(self, lang: str) -> str:
        """Why, in ``lang``."""
        return i18n.tr(lang, self.said[0], **self.said[1])


# ---------------------------------------------------------------------------------- Elo


def elo(score: float) -> float:
    """The logistic Elo difference of a score in [0, 1] (``±inf`` at 0 and 1)."""
    if score <= 1e-9:
        return -math.inf
    if score >= 1 - 1e-9:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_of(elo_diff: float) -> float:
    """The expected score of a player ``elo_diff`` Elo stronger: ``1 / (1 + 10^(-elo/400))``."""
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval for a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(outcomes: Sequence[str]) -> dict[str, float]:
    """Wins, losses, draws, games, score and the Elo with its Wilson interval, of one side's outcomes."""
    w = outcomes.count("win")
    lo = outcomes.count("loss")
    d = outcomes.count("draw")
    n = len(outcomes)
    score = (w + d / 2) / n if n else 0.0
    a, b = wilson(score, n)
    return {"wins": w, "losses": lo, "draws": d, "games": n, "score": score,
            "elo": elo(score), "elo_low": elo(a), "elo_high": elo(b)}  # fmt: skip


def fmt_elo(x: float) -> str:
    """``+35``, ``-4``, ``+inf``."""
    return "+inf" if x == math.inf else ("-inf" if x == -math.inf else f"{x:+.0f}")


@dataclasses.dataclass(frozen=True)
class EloEstimate:
    """What a match says of the first player against the second."""

    wins: int
    draws: int
    losses: int
    score: float  # per game, 0..1
    elo: float  # the Elo difference (first minus second)
    error: float  # half the 95% interval, Elo (inf when it cannot be told)
    los: float  # likelihood of superiority, 0..1
    draw_ratio: float  # 0..1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def text(self, lang: str = i18n.DEFAULT) -> str:
        """``Elo +35.2 +/- 20.1, LOS 99.9 %, draw ratio 12.0 %`` (``-`` before any game), in ``lang``."""
        if not self.games:
            return i18n.tr(lang, "cli-elo-none")
        if math.isfinite(self.elo) and math.isfinite(self.error):
            e = f"{self.elo:+.1f} +/- {self.error:.1f}"
        else:
            e = fmt_elo(self.elo)
        return i18n.tr(lang, "cli-elo", elo=e, los=f"{self.los * 100:.1f}", draws=f"{self.draw_ratio * 100:.1f}")


def _check_counts(*counts: int) -> None:
    for c in counts:
        if c < 0:
            raise StatsError("contest-stats-negative", n=c)


def estimate(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo difference ± 95% error, LOS and draw ratio of W/D/L results (cutechess's formulas)."""
    _check_counts(wins, draws, losses)
    n = wins + draws + losses
    if n == 0:
        return EloEstimate(0, 0, 0, 0.0, 0.0, math.inf, 0.5, 0.0)
    score = (wins + draws / 2) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    sd = math.sqrt(var / n)
    low, high = elo(score - Z95 * sd), elo(score + Z95 * sd)
    error = (high - low) / 2 if math.isfinite(low) and math.isfinite(high) else math.inf
    return EloEstimate(wins, draws, losses, score, elo(score), error, los(wins, losses), draws / n)


def los(wins: int, losses: int) -> float:
    """Likelihood of superiority: the probability that the first player is the stronger (draws ignored)."""
    _check_counts(wins, losses)
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


# ---------------------------------------------------------------------------------- SPRT

# Pentanomial counts, in the order of the pair's score for the first player: 0, 1/4, 1/2, 3/4, 1
# (LL, LD, WL or DD, WD, WW).
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def pentanomial(pairs: Iterable[tuple[float, float]]) -> tuple[int, int, int, int, int]:
    """Counts of game pairs by the first player's points in them (each game 0, 1/2 or 1): LL, LD, WL+DD, WD, WW."""
    counts = [0, 0, 0, 0, 0]
    for a, b in pairs:
        if a not in (0.0, 0.5, 1.0) or b not in (0.0, 0.5, 1.0):
            raise StatsError("contest-stats-game", score=f"{a!r}/{b!r}")
        counts[round((a + b) * 2)] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def _llr(scores: Sequence[float], counts: Sequence[int], elo0: float, elo1: float) -> float:
    n = sum(counts)
    if n == 0:
        return 0.0
    mean = sum(s * c for s, c in zip(scores, counts, strict=True)) / n
    var = sum(c * (s - mean) ** 2 for s, c in zip(scores, counts, strict=True)) / n
    if var <= 0.0:
        return 0.0  # results all alike (ten wins of ten): the approximation has no variance to go by yet
    s0, s1 = score_of(elo0), score_of(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def llr_trinomial(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The SPRT's log-likelihood ratio of W/D/L game results (normal approximation, logistic Elo)."""
    _check_counts(wins, draws, losses)
    return _llr((0.0, 0.5, 1.0), (losses, draws, wins), elo0, elo1)


def llr_pentanomial(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The SPRT's log-likelihood ratio of game-pair results (LL, LD, WL+DD, WD, WW; see :func:`pentanomial`)."""
    if len(counts) != 5:
        raise StatsError("contest-stats-pairs", n=len(counts))
    _check_counts(*counts)
    return _llr(PAIR_SCORES, counts, elo0, elo1)


@dataclasses.dataclass(frozen=True)
class Sprt:
    """An SPRT: H0 ``elo <= elo0`` against H1 ``elo >= elo1`` at error rates ``alpha`` and ``beta``."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "pentanomial"

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1"):
            v = getattr(self, name)
            if not math.isfinite(v) or abs(v) > MAX_SPRT_ELO:
                raise StatsError("contest-sprt-elo-bound", name=name, value=f"{v:g}", most=f"{MAX_SPRT_ELO:g}")
        if not self.elo0 < self.elo1:
            raise StatsError("contest-sprt-order", elo0=f"{self.elo0:g}", elo1=f"{self.elo1:g}")
        for name in ("alpha", "beta"):
            v = getattr(self, name)
            if not 0.0 < v < 1.0:
                raise StatsError("contest-sprt-rate", name=name, value=f"{v:g}")
        if self.alpha + self.beta >= 1.0:
            raise StatsError("contest-sprt-rates", alpha=f"{self.alpha:g}", beta=f"{self.beta:g}")
        if self.model not in SPRT_MODELS:
            raise StatsError("contest-sprt-model", model=self.model)

    @property
    def lower(self) -> float:
        """The LLR at or below which H0 is accepted: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at or above which H1 is accepted: ``log((1 - beta) / alpha)``."""
        return math.log((1.0 - self.beta) / self.alpha)

    def verdict(self, llr: float) -> str | None:
        """``H1`` (accepted: at least elo1), ``H0`` (accepted: at most elo0), or None to go on."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def llr(self, wins: int, draws: int, losses: int, pairs: Sequence[int] | None = None) -> float:
        """The LLR of the results in this SPRT's model (``pairs``: the pentanomial counts)."""
        if self.model == "pentanomial":
            return llr_pentanomial(pairs if pairs is not None else (0, 0, 0, 0, 0), self.elo0, self.elo1)
        return llr_trinomial(wins, draws, losses, self.elo0, self.elo1)

    def describe(self) -> str:
        return f"elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g} ({self.model})"


def parse_sprt(items: Sequence[str]) -> Sprt:
    """``["elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"]`` (any of them, defaults for the rest) -> Sprt."""
    values: dict[str, float | str] = {}
    for item in items:
        for word in item.split():
            key, sep, value = word.partition("=")
            key = key.strip().lower()
            if not sep or key not in ("elo0", "elo1", "alpha", "beta", "model"):
                raise StatsError("contest-sprt-syntax", word=repr(word))
            if key in values:
                raise StatsError("contest-sprt-twice", key=key)
            if key == "model":
                values[key] = value.strip().lower()
                continue
            try:
                values[key] = float(value)
            except ValueError:
                raise StatsError("contest-sprt-number", word=repr(word), value=repr(value)) from None
    return Sprt(**values)  # type: ignore[arg-type]
