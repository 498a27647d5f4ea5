"""The analysis board: a finished game to step through, with the solver's explanation of every position.

One model for the terminal and the pygame clients (no drawing, no network, no clock): the
game's moves, the ply on screen, a "what if" branch played from any ply, the explanations
cached by move list, the review's rows and summary.  Each client draws it its own way.

    >>> board = AnalysisBoard("nim", {"heaps": "3,4,5"}, ["1:1", "3:4"], ["Ann", "Bob"])
    >>> board.ply, board.at_end
    (2, True)
    >>> board.step(-2); board.ply, board.moves
    (0, [])
    >>> board.explain_now()["best"]
    ['1:2']

The explanations come from an *analyst*: a function ``(kind, moves) -> dict`` answering as the
solver's :func:`grundy.solver.review.analyse` does (``{"explanation": ...}`` for ``position``,
``{"review": [...], "summary": ...}`` for ``review``, ``{"refused": why}``).  By default it is
that function, run here: the clients have the rules and the solver.  The game must be over:
its whole record is public then, so a game of hidden information is explained from the record,
each position as the seat to move saw it (``explain(..., seat=)``), never from more.  A client
runs :meth:`AnalysisBoard.compute` off its loop (a thread) and hands the answer to
:meth:`AnalysisBoard.store`; :meth:`AnalysisBoard.wanted` says what to compute next.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any

from grundy import rules
from grundy.client import explained
from grundy.client.names import name_seats
from grundy.protocol import i18n

Analyst = Callable[[str, list[str]], dict[str, Any]]
Key = tuple[str, ...]

POSITION_BUDGET_S = 1.0  # the solver's time for one position's explanation
REVIEW_BUDGET_S = 20.0  # for a review by threat proofs (an exact review is bounded by positions)
MAX_TEACHING = 40  # explanations computed in the background to teach the review's mistakes
_CELL = re.compile(r"[a-z]+\d+")


def _en(msg_id: str, /, **args: Any) -> str:
    """A catalog message's English: the protocol's own words (a verdict, a value) that the code compares."""
    return i18n.tr(i18n.DEFAULT, msg_id, **args)


def _say(lang: str | None, msg_id: str, /, **args: Any) -> str:
    return i18n.tr(lang, msg_id, **args)


def _english(lang: str | None) -> bool:
    return (lang if lang in i18n.LANGS else i18n.pick(lang)) == i18n.DEFAULT


KEPT_WIN = _en("web-verdict-kept-win")
NOT_JUDGED_YET = _en("screen-verdict-not-yet")
NOT_PROVEN = _en("web-value-unknown")
_MISTAKES = ("threw", "hurried", _en("web-verdict-gave-away", score="").strip(), "missed", "allowed", "resigned")
_GOOD = ("best", KEPT_WIN)
# The verdicts a review says (solver/review.py, and :func:`judge`), each a message whose English is the verdict.
_VERDICTS = ("best", "kept-win", "threw-win", "threw-draw", "hurried", "resigned-won", "resigned-drawn",
             "resigned-lost", "resigned", "missed-win", "missed-defence", "allowed-win", "lost-anyway", "stopped",
             "engine", "engine-close", "engine-other", "no-proof", "not-judged")
_MORE_VERDICTS = ("screen-verdict-not-yet", "screen-verdict-still-lost", "screen-verdict-kept-draw",
                  "web-value-unknown")
_GAVE_AWAY = re.compile(r"gave away (-?[\d.]+)")
_ENGINE = re.compile(r"engine ([+-]\d+)")
_VALUE_WORDS = re.compile(r"(win|loss) in (\d+)|value (-?[\d.]+)")


def local_analyst(game: str, params: dict[str, Any], names: Sequence[str] | None = None,
                  resigned: int | None = None) -> Analyst:  # fmt: skip
    """An analyst that runs the solver here (what the node runs for ``analyze``): ``names`` the players' for the
    review's words, ``resigned`` the seat that resigned when the game ended so (its last row judges that)."""
    from grundy.solver.review import analyse

    def ask(kind: str, moves: list[str]) -> dict[str, Any]:
        budget = REVIEW_BUDGET_S if kind == "review" else POSITION_BUDGET_S
        extra: dict[str, Any] = {"names": list(names)} if names else {}
        if kind == "review" and resigned is not None:
            extra["resigned"] = resigned
        return analyse(kind, game, dict(params), list(moves), budget, **extra)

    return ask


def resigned_seat(result: Any) -> int | None:
    """The seat that resigned, from a room's result (``ending`` ``resign``, one loser), else None."""
    if result is None or getattr(result, "ending", None) != "resign":
        return None
    losers = [i for i, o in enumerate(result.outcomes) if o == "loss"]
    return losers[0] if len(losers) == 1 else None


# ---------------------------------------------------------------------------------- values in words


def value_text(value: dict[str, Any] | None, lang: str | None = "en") -> str:
    """A ``Value`` in words (``win in 3``, ``draw``, ``not proven``); ``?`` when there is none.  In English the
    value's own words; in another language from its ``outcome``, ``k``, ``at_most`` and ``score``."""
    if not value:
        return "?"
    if _english(lang):
        return str(value.get("text") or value.get("outcome") or "?")
    outcome, k, at_most, score = (value.get(f) for f in ("outcome", "k", "at_most", "score"))
    if outcome == "score" and score is not None:
        return _say(lang, "web-value-score", score=f"{score:g}" if isinstance(score, float) else score)
    if outcome in ("win", "loss"):
        if k is not None:
            return _say(lang, f"web-value-{outcome}-in", k=k)
        if at_most is not None:
            return _say(lang, f"web-value-{outcome}-at-most", k=at_most)
        return _say(lang, f"web-value-{outcome}")
    if outcome == "draw":
        return _say(lang, "web-value-draw")
    return words_text(str(value.get("text") or ""), lang)


def words_text(text: str, lang: str | None = "en") -> str:
    """A value's words with no value to read them from (a review's ``before`` of an older record, an engine's
    guess: ``engine +120``, ``won``), in ``lang`` where they read as a value; ``not proven`` otherwise."""
    if _english(lang) or not text:
        return text
    m = _VALUE_WORDS.fullmatch(text)
    if m and m.group(1):
        return _say(lang, f"web-value-{m.group(1)}-in", k=int(m.group(2)))
    if m:
        return _say(lang, "web-value-score", score=m.group(3))
    m = _ENGINE.fullmatch(text)
    if m:
        return _say(lang, "web-value-engine", score=m.group(1))
    for msg in ("web-value-draw", "web-value-engine-win", "web-value-engine-loss", "web-value-won", "web-value-win",
                "web-value-loss"):
        if text == _en(msg):
            return _say(lang, msg)
    return _say(lang, "web-value-unknown")


def verdict_text(verdict: str, lang: str | None = "en") -> str:
    """A review's verdict (the protocol's English, a closed set) in ``lang``."""
    if _english(lang) or not verdict:
        return verdict
    for msg in [f"web-verdict-{code}" for code in _VERDICTS] + list(_MORE_VERDICTS):
        if verdict == _en(msg):
            return _say(lang, msg)
    m = _GAVE_AWAY.fullmatch(verdict)
    if m:
        return _say(lang, "web-verdict-gave-away", score=m.group(1))
    if verdict.startswith(_en("web-verdict-no-proof")):
        return _say(lang, "web-verdict-no-proof")
    return _say(lang, "web-verdict-other")


def move_text(move: str, lang: str | None = "en") -> str:
    """A review row's move as it is shown: its notation, or a resignation (the review's ``resign``) in words."""
    return _say(lang, "screen-move-resign") if move == "resign" and not _english(lang) else move


def or_list(items: Sequence[str], lang: str | None = "en") -> str:
    """``a or b or c`` in ``lang``."""
    out = ""
    for item in items:
        out = _say(lang, "screen-or", first=out, second=item) if out else item
    return out


def flip(value: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a move is worth to the seat that made it, from the value of the position it left to the next mover.

    The next mover's loss in K is the mover's win in K + 1 (this move counted), its win in K
    the mover's loss in K, a draw a draw, a score the opposite score.
    """
    if not value:
        return None
    outcome, k = value.get("outcome"), value.get("k")
    if outcome == "win":
        text = _en("web-value-loss-in", k=k) if k is not None else "loss"
        return {"outcome": "loss", "k": k, "at_most": None, "score": None, "text": text}
    if outcome == "loss":
        k2 = None if k is None else k + 1
        return {"outcome": "win", "k": k2, "at_most": None, "score": None,
                "text": _en("web-value-win-in", k=k2) if k2 is not None else "win"}  # fmt: skip
    if outcome == "score" and value.get("score") is not None:
        s = -float(value["score"])
        s2: float = int(s) if s.is_integer() else s
        return {"outcome": "score", "k": None, "at_most": None, "score": s2, "text": f"value {s2:g}"}
    return dict(value)


def judge(before: dict[str, Any] | None, move: str, after: dict[str, Any] | None) -> str:
    """A verdict on ``move`` from the explanations of the position before it and after it, in words.

    ``best`` when it is one of the best moves; otherwise what it did to the mover's value.
    """
    if before is None or after is None:
        return NOT_JUDGED_YET
    if move in (before.get("best") or []):
        return "best"
    was = (before.get("value") or {}).get("outcome")
    now = (flip(after.get("value")) or {}).get("outcome")
    if after.get("rule") == "over":
        now = None
    if was == "win":
        return KEPT_WIN if now == "win" else _en("web-verdict-threw-win") if now in ("loss", "draw") else NOT_PROVEN
    if was == "draw":
        return (_en("web-verdict-threw-draw") if now == "loss" else _en("screen-verdict-kept-draw") if now == "draw"
                else NOT_PROVEN)
    if was == "loss":
        return _en("screen-verdict-still-lost")
    return NOT_PROVEN


# ---------------------------------------------------------------------------------- the review


@dataclasses.dataclass(frozen=True)
class ReviewRow:
    """One move of the review: what the position was worth to the mover, what the move left, the verdict,
    and, when it was not best, the best move and why (the protocol's ``ReviewMove``)."""

    ply: int
    seat: int
    move: str
    before: str
    verdict: str
    value_before: dict[str, Any] | None = None
    value_after: dict[str, Any] | None = None
    best: tuple[str, ...] = ()
    why: str | None = None
    why_said: tuple[dict[str, Any], ...] = ()  # ``why`` as phrases (solver/teach.py), said in any language

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ReviewRow:
        return cls(
            ply=int(d["ply"]), seat=int(d["seat"]), move=str(d["move"]), before=str(d.get("before") or ""),
            verdict=str(d.get("verdict") or ""), value_before=d.get("value_before"), value_after=d.get("value_after"),
            best=tuple(d.get("best") or ()), why=d.get("why"), why_said=tuple(d.get("why_said") or ()),
        )  # fmt: skip

    @property
    def is_mistake(self) -> bool:
        """A move that gave something away (a win, a draw, points, a proof)."""
        return self.verdict.startswith(_MISTAKES)

    @property
    def is_good(self) -> bool:
        return self.verdict in _GOOD

    @property
    def before_text(self) -> str:
        return value_text(self.value_before) if self.value_before else self.before

    def before_in(self, lang: str | None) -> str:
        """:attr:`before_text` in ``lang``."""
        return value_text(self.value_before, lang) if self.value_before else words_text(self.before, lang)

    def after_in(self, lang: str | None) -> str:
        """:attr:`after_text` in ``lang``."""
        return value_text(self.value_after, lang) if self.value_after else ""

    @property
    def after_text(self) -> str:
        return value_text(self.value_after) if self.value_after else ""


@dataclasses.dataclass(frozen=True)
class Summary:
    """A review's summary (the protocol's ``ReviewSummary``): who was winning when, the moves that threw a win
    or a draw away (``turning``: their plies), each seat's accuracy, and all that in words."""

    stretches: tuple[dict[str, Any], ...]
    turning: tuple[int, ...]
    accuracy: tuple[dict[str, Any], ...]
    text: str
    said: tuple[dict[str, Any], ...] = ()  # ``text`` as phrases (solver/teach.py), said in any language

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Summary:
        return cls(tuple(d.get("stretches") or ()), tuple(d.get("turning") or ()), tuple(d.get("accuracy") or ()),
                   str(d.get("text") or ""), tuple(d.get("said") or ()))  # fmt: skip


def _winner(row: ReviewRow, seats: int) -> int | None | str:
    """Who was winning before ``row``'s move: a seat, None for a draw, ``?`` when not known."""
    outcome = (row.value_before or {}).get("outcome")
    if outcome is None:
        words = row.before.split()
        outcome = words[0] if words and words[0] in ("win", "loss", "draw") else "unknown"
    if outcome == "win":
        return row.seat
    if outcome == "loss" and seats == 2:
        return 1 - row.seat
    if outcome == "draw":
        return None
    return "?"


def summarize(rows: Sequence[ReviewRow], names: Sequence[str], seats: int = 2) -> Summary:
    """The summary of a review whose analyst sent none: computed from the rows alone."""
    stretches: list[dict[str, Any]] = []
    for row in rows:
        who = _winner(row, seats)
        seat = who if isinstance(who, int) else None
        text = (_en("web-teach-winning", name=_en("screen-seat", n=who)) if isinstance(who, int)
                else _en("screen-drawn") if who is None else NOT_PROVEN)
        if stretches and stretches[-1]["text"] == text:
            stretches[-1]["end"] = row.ply
        else:
            stretches.append({"start": row.ply, "end": row.ply, "seat": seat, "text": text})
    turning = tuple(r.ply for r in rows if r.verdict.startswith(("threw", "resigned")))
    no_proof, not_judged = _en("web-verdict-no-proof"), _en("web-verdict-not-judged")
    accuracy = []
    for seat in range(seats):
        judged = [r for r in rows if r.seat == seat and r.verdict not in (no_proof, not_judged)
                  and not r.verdict.startswith(no_proof)]  # fmt: skip
        best = sum(1 for r in judged if r.is_good)
        accuracy.append({"seat": seat, "moves": len(judged), "best": best,
                         "percent": round(100 * best / len(judged)) if judged else 100})  # fmt: skip
    parts = []
    if stretches:
        parts.append("; ".join(_en("screen-from-move", what=s["text"], n=s["start"] + 1) for s in stretches))
    for ply in turning:
        row = next(r for r in rows if r.ply == ply)
        parts.append(_en("screen-turning-by", n=ply + 1, move=row.move, name=_en("screen-seat", n=row.seat),
                         verdict=row.verdict))
    summary = Summary(tuple(stretches), turning, tuple(accuracy), ". ".join(parts) + ("." if parts else ""))
    return dataclasses.replace(summary, text=name_seats(summary.text, names))


# ---------------------------------------------------------------------------------- the board


@dataclasses.dataclass(frozen=True)
class Marked:
    """What to light on the board for an explanation: cells and moves by role, the numbered line, the map."""

    best: tuple[str, ...]  # best moves (texts, as the board's targets name them)
    cells: dict[str, str]  # cell -> role (`best`, `line`, `threat`, `defence`, `mirror`, `safe`, `mined`, `piece`)
    line: tuple[str, ...]  # the line's cells, in order (numbered 1, 2, ...)
    codes: dict[str, tuple[str, str | None]]  # cell -> (code, outcome) of the map of the board
    also: tuple[str, ...] = ()  # also winning, slower (drawn apart from the best moves)


def marked(expl: dict[str, Any] | None) -> Marked:
    """What any client lights on its board for ``expl`` (an ``Explanation`` dict): read generically, every part
    optional."""
    if not expl:
        return Marked((), {}, (), {})
    best = tuple(expl.get("best") or ())
    cells: dict[str, str] = {}
    line = tuple(c for m in expl.get("line") or () for c in _CELL.findall(str(m))[-1:])
    for c in line:
        cells[c] = "line"
    for m in expl.get("marks") or ():
        cells[str(m.get("cell"))] = str(m.get("role"))
    for b in best[:8]:
        for c in _CELL.findall(b)[-1:]:
            cells.setdefault(c, "best")
    also = tuple(m for m in expl.get("also") or () if m not in best)
    for b in also[:8]:
        for c in _CELL.findall(b)[-1:]:
            cells.setdefault(c, "also")
    codes = {str(n["cell"]): (str(n.get("code", "")), n.get("outcome")) for n in expl.get("cells") or ()}
    return Marked(best, cells, line, codes, also)


def explanation_lines(expl: dict[str, Any] | None, names: Sequence[str],
                      lang: str | None = "en") -> list[tuple[str, str]]:  # fmt: skip
    """An explanation in words (in ``lang``), line by line, each with a role for its colour (``value``, ``best``,
    ``table``, ``text``, ``dim``): every field that is present, none assumed."""
    if not expl:
        return []
    out: list[tuple[str, str]] = []
    to_move = expl.get("to_move")
    who = names[to_move] if isinstance(to_move, int) and 0 <= to_move < len(names) else None
    val = value_text(expl.get("value"), lang)
    english = _english(lang)
    if expl.get("rule") == "over":
        reason = explained.reason_text(lang, expl) if not english else str(expl.get("reason") or "")
        out.append(("value", name_seats(reason or _say(lang, "solve-over"), names)))
        return out
    proven = value_text(expl.get("value")) not in (NOT_PROVEN, "?")
    by_words = explained.by_text(lang, expl) if expl.get("by") else ""
    by = f" {by_words}" if by_words and proven else ""
    out.append(("value", f"{who + ': ' if who else ''}{val}{by}"))
    if expl.get("best"):
        out.append(("best", _say(lang, "solve-best", moves=" ".join(expl["best"][:8])
                                 + (" ..." if len(expl["best"]) > 8 else ""))))
    if expl.get("also"):
        out.append(("also", _say(lang, "solve-also", moves=" ".join(expl["also"][:8])
                                 + (" ..." if len(expl["also"]) > 8 else ""))))
    comps = expl.get("components") or []
    if comps:
        nim_sum = _say(lang, "solve-nim-sum")
        labels = [explained.label_text(i18n.pick(lang), str(c.get("label", ""))) for c in comps]
        width = max(len(nim_sum), *(len(label) for label in labels))
        for c, label in zip(comps, labels, strict=True):
            binary = f"  {c['binary']}" if c.get("binary") else ""
            out.append(("table", f"{label:<{width}}  {c.get('grundy', '?'):>3}{binary}"))
        if expl.get("nim_sum") is not None:
            binary = f"  {expl['nim_sum_binary']}" if expl.get("nim_sum_binary") else ""
            out.append(("table", f"{nim_sum:<{width}}  {expl['nim_sum']:>3}{binary}"))
    notes = expl.get("moves") or []
    code = i18n.pick(lang)
    for note in [n for n in notes if not n.get("also")][:4]:
        if note.get("why"):
            out.append(("text", f"{note['move']}: {explained.phrase_text(code, note.get('said'), note['why'])}"))
    for note in [n for n in notes if n.get("also")][:2]:
        if note.get("why"):
            out.append(("also", f"{note['move']}: {explained.phrase_text(code, note.get('said'), note['why'])}"))
    if expl.get("reason"):
        out.append(("text", name_seats(explained.reason_text(code, expl) or str(expl["reason"]), names)))
    if expl.get("line"):
        numbered = " ".join(f"{i}.{m}" for i, m in enumerate(expl["line"], 1))
        out.append(("text", _say(lang, "solve-line", moves=numbered)))
    if expl.get("evaluation") and (english or not expl.get("said")):
        out.append(("text", str(expl["evaluation"])))
    if expl.get("map_of"):
        out.append(("dim", _say(lang, "web-an-map", what=explained.phrase_text(code, expl.get("map_said"),
                                                                                 str(expl["map_of"])))))
    return out


class AnalysisBoard:
    """A finished game's moves, the position on screen (the game's own line or a "what if" branch), and the
    explanations and review that go with them (see the module docstring)."""

    def __init__(self, game: str, params: dict[str, Any], moves: Sequence[str], names: Sequence[str],
                 analyst: Analyst | None = None, resigned: int | None = None,
                 lang: str | None = "en") -> None:  # fmt: skip
        self.lang = lang  # the language of its words (a client's: --lang, else the system's)
        self.game_name = game
        self.params = dict(params)
        self.game = rules.create(game, **self.params)
        self.line: list[str] = list(moves)  # the game's own moves
        self.names = list(names)
        self.analyst = analyst or local_analyst(game, self.params, names, resigned)
        self.path: list[str] = list(moves)  # the line on screen: the game's, or a branch from it
        self.ply = len(self.path)
        self.explanations: dict[Key, dict[str, Any]] = {}
        self.refusals: dict[Key, str] = {}
        self.pending: set[Key] = set()
        self.review: list[ReviewRow] | None = None
        self.summary: Summary | None = None
        self.review_note = ""
        self._states: dict[Key, Any] = {(): self.game.initial()}
        self.state_at(tuple(self.line))  # the game's own moves must replay

    # ------------------------------------------------------------------ where we are

    @property
    def moves(self) -> list[str]:
        """The moves from the start to the position on screen."""
        return self.path[: self.ply]

    @property
    def key(self) -> Key:
        return tuple(self.moves)

    @property
    def at_end(self) -> bool:
        return self.ply == len(self.path)

    @property
    def branch_at(self) -> int | None:
        """The ply where the line on screen leaves the game's own line (None: it does not)."""
        for i, (a, b) in enumerate(zip(self.path, self.line, strict=False)):
            if a != b:
                return i
        return len(self.line) if len(self.path) > len(self.line) else None

    @property
    def is_what_if(self) -> bool:
        """The position on screen is not one of the game's own."""
        at = self.branch_at
        return at is not None and self.ply > at

    def state_at(self, key: Key) -> Any:
        """The position after the moves ``key`` (replayed once, then kept)."""
        if key not in self._states:
            before = self.state_at(key[:-1])
            self._states[key] = self.game.play_text(before, key[-1])
        return self._states[key]

    @property
    def state(self) -> Any:
        return self.state_at(self.key)

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def mover(self, ply: int) -> int | None:
        """The seat that made the ``ply``-th move (0-based) of the line on screen."""
        return self.game.to_move(self.state_at(tuple(self.path[:ply])))

    def view(self) -> dict[str, Any]:
        """The position as the seat to move sees it (everything, in a game that hides nothing)."""
        return self.game.view(self.state, self.to_move)

    def legal(self) -> list[str]:
        state = self.state
        return [] if self.game.is_over(state) else self.game.legal_texts(state)

    @property
    def last(self) -> str | None:
        """The move that led to the position on screen."""
        return self.path[self.ply - 1] if self.ply else None

    # ------------------------------------------------------------------ moving about

    def step(self, delta: int) -> None:
        """Forward (``delta`` > 0) or back along the line on screen, stopping at its ends."""
        self.ply = max(0, min(len(self.path), self.ply + delta))

    def home(self) -> None:
        self.ply = 0

    def end(self) -> None:
        self.ply = len(self.path)

    def jump(self, ply: int) -> None:
        """To the position after the game's ``ply`` first moves, on the game's own line."""
        self.path = list(self.line)
        self.ply = max(0, min(len(self.line), ply))

    def try_move(self, text: str) -> str | None:
        """Play ``text`` from the position on screen ("what if"); None when played, else why not in words.

        A move that is the game's own next move just steps forward along it.
        """
        text = text.strip()
        state = self.state
        if self.game.is_over(state):
            return _say(self.lang, "screen-over-here")
        try:
            move = self.game.parse_move(state, text)
            self.game.play(state, move)
        except rules.RulesError as e:
            return i18n.error_text(self.lang, e)
        text = self.game.format_move(state, move)
        if self.ply < len(self.path) and self.path[self.ply] == text:
            self.ply += 1
            return None
        self.path = [*self.moves, text]
        self.ply += 1
        return None

    def back_to_game(self) -> None:
        """Leave the branch: back on the game's own line, at the ply where the branch left it."""
        at = self.branch_at
        self.path = list(self.line)
        if at is not None:
            self.ply = min(self.ply, at)
        self.ply = min(self.ply, len(self.line))

    # ------------------------------------------------------------------ explanations

    @property
    def explanation(self) -> dict[str, Any] | None:
        """The explanation of the position on screen, once computed."""
        return self.explanations.get(self.key)

    @property
    def refusal(self) -> str | None:
        return self.refusals.get(self.key)

    def explanation_at(self, ply: int) -> dict[str, Any] | None:
        """The explanation of the game's own position after ``ply`` moves, once computed."""
        return self.explanations.get(tuple(self.line[:ply]))

    def wanted(self) -> Key | None:
        """The next position to explain: the one on screen, then the one before it (for the last move's
        verdict), then those before the review's mistakes (to teach them); None when nothing is missing."""
        keys = [self.key]
        if self.ply:
            keys.append(self.key[:-1])
        rows = self.review or []
        for row in rows:  # first the positions before the mistakes (to teach them)
            if row.is_mistake and not (row.best and row.why and _english(self.lang)):  # (the why in words)
                keys.append(tuple(self.line[: row.ply]))
        slow = any(e.get("rule") == "engine" for e in self.explanations.values())  # (a second or more each)
        for row in [] if slow else rows:  # then the rest, for each move's value after it
            if not row.value_after:
                keys += [tuple(self.line[: row.ply]), tuple(self.line[: row.ply + 1])]
        keys = keys[: MAX_TEACHING + 2]
        for key in keys:
            if key not in self.explanations and key not in self.refusals and key not in self.pending:
                return key
        return None

    def compute(self, key: Key) -> dict[str, Any]:
        """Ask the analyst for the explanation after ``key`` (blocking: run it off the client's loop)."""
        try:
            return self.analyst("position", list(key))
        except Exception as e:  # the analyst's failure is shown as a refusal, never a crash of the window
            return {"refused": _say(self.lang, "screen-solver-failed", why=str(e))}

    def store(self, key: Key, answer: dict[str, Any]) -> None:
        """Keep the analyst's answer for ``key``."""
        self.pending.discard(key)
        if answer.get("explanation"):
            self.explanations[key] = dict(answer["explanation"])
        else:
            self.refusals[key] = (explained.refused_text(i18n.pick(self.lang), answer)
                                  or _say(self.lang, "screen-no-explanation"))

    def explain_now(self) -> dict[str, Any] | None:
        """Compute and keep the explanation on screen here and now (tests, and clients that can wait)."""
        key = self.key
        if key not in self.explanations and key not in self.refusals:
            self.store(key, self.compute(key))
        return self.explanation

    def move_verdict(self) -> str | None:
        """When the position on screen follows a move: that move's verdict and value for its mover, in words
        (the review's when it is the game's own move and reviewed, else judged from the two explanations)."""
        if not self.ply:
            return None
        lang = self.lang
        move = self.path[self.ply - 1]
        seat = self.mover(self.ply - 1)
        who = self.names[seat] if seat is not None and 0 <= seat < len(self.names) else _say(lang, "screen-the-mover")
        row = self.review_row(self.ply - 1) if not self.is_what_if else None
        before = self.explanations.get(self.key[:-1])
        after = self.explanation
        left = flip(after.get("value")) if after and after.get("rule") != "over" else None
        if row is not None:
            verdict = row.verdict
            left = row.value_after or left
        else:
            verdict = judge(before, move, after)
        out = _say(lang, "screen-move-verdict", what_if="yes" if self.is_what_if else "no", name=who, move=move,
                   verdict=verdict_text(verdict, lang))
        english = value_text(left) if left else (row.after_text if row is not None else "")
        value = value_text(left, lang) if left else english
        if english.startswith("value"):
            out += " " + _say(lang, "screen-value-for", value=value, name=who)
        elif english in ("win", "loss", "draw") or english.startswith(("win ", "loss ")):
            out += " " + _say(lang, "screen-leaves", value=value, name=who)
        elif english == NOT_PROVEN:
            out += " " + _say(lang, "screen-nothing-proven")
        best = list(row.best) if row is not None and row.best else list((before or {}).get("best") or [])
        if verdict not in ("best", NOT_JUDGED_YET) and best and move not in best:
            out += "; " + _say(lang, "screen-best-was", moves=or_list(best[:3], lang))
            why = self._why(row, before, best[0])
            if why:
                out += f": {why}"
        return out

    def _why(self, row: ReviewRow | None, before: dict[str, Any] | None, move: str) -> str:
        """Why ``move`` was better: the review's words in English, else the explanation's phrases."""
        if row is not None and row.why and _english(self.lang):
            return row.why
        if row is not None and row.why_said:  # the review's own words, as phrases
            said = explained.said_text(i18n.pick(self.lang), self._named(row.why_said))
            if said:
                return said
        english = row.why if row is not None and row.why and _english(self.lang) else ""
        return _why_of(before, move, self.lang) or english

    def _named(self, said: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Phrases with the players' names for ``seat N`` (a local analyst knows no names)."""
        out = []
        for p in said:
            args = dict(p.get("args") or {})
            m = re.fullmatch(r"seat (\d+)", str(args.get("name", "")))
            if m and int(m.group(1)) < len(self.names):
                args["name"] = self.names[int(m.group(1))]
            out.append({**p, "args": args})
        return out

    # ------------------------------------------------------------------ the review

    def ask_review(self) -> dict[str, Any]:
        """The analyst's review of the game (blocking: run it off the client's loop)."""
        try:
            return self.analyst("review", list(self.line))
        except Exception as e:
            return {"refused": _say(self.lang, "screen-solver-failed", why=str(e))}

    def store_review(self, answer: dict[str, Any]) -> None:
        if answer.get("review") is None:
            self.review, self.summary = [], None
            self.review_note = _say(self.lang, "screen-no-review",
                                    why=explained.refused_text(i18n.pick(self.lang), answer)
                                    or _say(self.lang, "screen-solver-none"))
            return
        self.review = [ReviewRow.from_dict(r) for r in answer["review"]]
        given = answer.get("summary")
        if given:
            summary = Summary.from_dict(given)
            self.summary = dataclasses.replace(summary, text=name_seats(summary.text, self.names))
        else:
            self.summary = summarize(self.review, self.names, self.game.seats)
        self.review_note = ""

    def review_row(self, ply: int) -> ReviewRow | None:
        return next((r for r in self.review or [] if r.ply == ply), None)

    def after_text(self, row: ReviewRow) -> str:
        """What ``row``'s move left its mover with: the review's value, else the explanation after it (flipped to
        the mover), else the result when the move ended the game; empty when not known yet."""
        if row.after_text:
            return row.after_in(self.lang)
        after = self.explanation_at(row.ply + 1)
        if after is None:
            return ""
        if after.get("rule") == "over":
            result = self.game.result(self.state_at(tuple(self.line[: row.ply + 1])))
            outcome = result.outcomes[row.seat] if result is not None and row.seat < len(result.outcomes) else ""
            return outcome if not outcome or _english(self.lang) else _say(self.lang, f"tui-outcome-{outcome}")
        return value_text(flip(after.get("value")), self.lang)

    def lesson(self, row: ReviewRow) -> str:
        """What ``row`` teaches when its move was not best: the best move and why (the review's, or the
        explanation of the position before it, once computed); empty for a good move."""
        if row.is_good or row.verdict.startswith((_en("web-verdict-no-proof"), _en("web-verdict-not-judged"))):
            return ""
        before = self.explanation_at(row.ply)
        best = list(row.best) or list((before or {}).get("best") or [])
        if not best:
            return _say(self.lang, "screen-explaining") if before is None and row.is_mistake else ""
        why = self._why(row, before, best[0])
        return _say(self.lang, "screen-lesson-best", moves=or_list(best[:3], self.lang)) + (f": {why}" if why else "")

    def accuracy_text(self) -> str:
        """Each player's accuracy with its name: ``Ann 2/3 best (67%)``."""
        if self.summary is None:
            return ""
        parts = []
        for a in self.summary.accuracy:
            seat = int(a["seat"])
            name = self.names[seat] if 0 <= seat < len(self.names) else _say(self.lang, "screen-seat", n=seat)
            parts.append(_say(self.lang, "screen-accuracy", name=name, best=a["best"], moves=a["moves"],
                              percent=a["percent"]))
        return ", ".join(parts)

    def stretches_text(self) -> str:
        """Who was winning when, with names: ``Ann winning moves 1-2; Bob winning moves 3-5``."""
        if self.summary is None:
            return ""
        parts = []
        for s in self.summary.stretches:
            span = (_say(self.lang, "web-teach-move-n", n=s["start"] + 1) if s["start"] == s["end"]
                    else _say(self.lang, "web-teach-moves-span", **{"from": s["start"] + 1, "to": s["end"] + 1}))
            parts.append(_say(self.lang, "screen-stretch", who=self._stretch_who(s), span=span))
        return "; ".join(parts)

    def _stretch_who(self, s: dict[str, Any]) -> str:
        """Who was winning in a stretch of the summary, in words (the node's English in English)."""
        if _english(self.lang):
            return name_seats(str(s["text"]), self.names)
        seat = s.get("seat")
        if isinstance(seat, int):
            name = self.names[seat] if 0 <= seat < len(self.names) else _say(self.lang, "screen-seat", n=seat)
            return _say(self.lang, "web-teach-winning", name=name)
        text = str(s.get("text") or "")
        return _say(self.lang, "web-teach-worth" if text.startswith("worth ") else "web-value-draw"
                    if text in ("drawn", _en("web-value-draw")) else "web-value-unknown")

    def summary_text(self) -> str:
        """The summary's words: the node's in English, else who was winning when (from its stretches)."""
        if self.summary is None:
            return ""
        if _english(self.lang):
            return self.summary.text or self.stretches_text()
        return explained.said_text(i18n.pick(self.lang), self._named(self.summary.said)) or self.stretches_text()

    def turning_text(self) -> str:
        """The moves where a win or a draw was thrown away, with who made them."""
        parts = []
        for ply in self.summary.turning if self.summary else ():
            row = self.review_row(ply)
            if row is not None:
                name = (self.names[row.seat] if 0 <= row.seat < len(self.names)
                        else _say(self.lang, "screen-seat", n=row.seat))
                move = move_text(row.move, self.lang)
                parts.append(_say(self.lang, "screen-turning", n=ply + 1, name=name, move=move,
                                  verdict=verdict_text(row.verdict, self.lang)))
        return "; ".join(parts)


def _why_of(expl: dict[str, Any] | None, move: str, lang: str | None = "en") -> str:
    """Why ``move`` is good, from an explanation's notes (or its reason when it names no note for it), in ``lang``."""
    if not expl:
        return ""
    code = i18n.pick(lang)
    for note in expl.get("moves") or ():
        if note.get("move") == move and note.get("why"):
            return explained.phrase_text(code, note.get("said"), str(note["why"]))
    return explained.reason_text(code, expl) or str(expl.get("reason") or "")
