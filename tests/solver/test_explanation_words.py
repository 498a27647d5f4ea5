"""The words follow the numbers: every family's explanations, walked over generated positions (hypothesis).

For each position the explanation is checked against the solver, never against explain.py itself:

* ``best`` holds exactly what docs/SOLVER.md calls best moves (a win in K: moves that win in K; a loss:
  moves that hold out as long as the value says; a score: moves that keep it), ``also`` only moves that
  win more slowly, and the value is the exact solver's;
* the reason recommends a best move (when the position is won), and a forced move is said to be one;
* ``reason`` is its phrases written in English, each note's ``why`` its phrase;
* every number a phrase states (nim-sums, sizes, K, Grundy values, prices, capture times) is recomputed
  here from the rules and the exact solver (``CHECKS``, one check per phrase that states a number).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy import protocol as p
from grundy import rules
from grundy.rules.cells import format_cell, parse_cell
from grundy.solver import exact, strategies
from grundy.solver.analysis import capture_times
from grundy.solver.explain import explain
from grundy.solver.phrases import PHRASES, placeholders, sentence, text
from grundy.solver.pursuit import _layout

# ---------------------------------------------------------------------------------- positions


def _play(game: rules.Game, seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    state = game.initial()
    for _ in range(plies):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


@st.composite
def positions(draw: st.DrawFn) -> tuple[rules.Game, Any]:
    family = draw(st.sampled_from(["nim", "misere", "subtraction", "kayles", "stones", "corner", "pawn", "coins",
                                   "mnk", "pursuit"]))
    if family in ("nim", "misere"):
        heaps = draw(st.lists(st.integers(0, 6), min_size=1, max_size=4).filter(any))
        game = rules.create("nim", heaps=",".join(map(str, heaps)), misere=str(family == "misere").lower())
    elif family == "subtraction":
        take = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True))
        goal = draw(st.integers(0, 3))
        game = rules.create("subtraction", n=goal + draw(st.integers(0, 30)), take=",".join(map(str, take)),
                            goal=goal, rule=draw(st.sampled_from(["last-wins", "last-loses"])))
    elif family == "kayles":
        game = rules.create("kayles", pins=draw(st.integers(1, 12)), misere=str(draw(st.booleans())).lower())
    elif family == "stones":
        game = rules.create("stones", heaps=f"{draw(st.integers(1, 9))},{draw(st.integers(1, 9))}",
                            ops=draw(st.sampled_from(["+1,*2", "+1,+2", "+2,*3"])), goal=draw(st.integers(20, 40)),
                            rule=draw(st.sampled_from(["reach-wins", "reach-loses"])))
    elif family == "corner":
        size = draw(st.integers(3, 7))
        try:
            game = rules.create("corner", piece=draw(st.sampled_from(["king", "queen", "rook", "knight"])),
                                width=size, height=draw(st.integers(3, 7)),
                                obstacles=draw(st.sampled_from([0, 0, 15, 30])), seed=draw(st.integers(1, 50)))
        except rules.ParameterError:
            game = rules.create("corner", width=size, height=size)
    elif family == "pawn":
        game = rules.create("pawn", size=draw(st.integers(2, 7)))
    elif family == "coins":
        radius = draw(st.integers(0, 1))
        top = 3 if radius == 0 else 7  # one-cell coins: a 3 x 3 table at most (the search's budget)
        game = rules.create("coins", width=draw(st.integers(radius * 2 + 1, top)),
                            height=draw(st.integers(radius * 2 + 1, top)), radius=radius)
    elif family == "mnk":
        game = rules.create("mnk", m=3, n=draw(st.integers(3, 4)), k=3)
    else:
        game = rules.create("pursuit", width=draw(st.integers(3, 5)), height=draw(st.integers(2, 4)),
                            seed=draw(st.integers(1, 50)), limit=draw(st.integers(2, 12)))
    return game, _play(game, draw(st.integers(0, 10**6)), draw(st.integers(0, 8)))


# ---------------------------------------------------------------------------------- the solver's figures


def after(game: rules.Game, state: Any, move: str) -> Any:
    return game.apply(state, game.parse_move(state, move))


def mover_value(game: rules.Game, state: Any, move: str) -> tuple[str, float | None]:
    """What ``move`` leaves the player who makes it, by the rules and the exact solver: ``(outcome, K)`` with K
    counted in the mover's own moves from before it (a move that wins at once: win in 1), or ``("score", v)``."""
    mover = game.to_move(state)
    s = after(game, state, move)
    if game.is_over(s):
        r = game.result(s)
        assert r is not None
        if game.has_scores and r.scores is not None:
            return "score", r.scores[mover]
        o = r.outcomes[mover]
        return o, 1 if o == "win" else 0 if o == "loss" else None
    sol = exact.solve(game, s)
    same = game.to_move(s) == mover
    if sol.value is not None:
        return "score", sol.value if same else -sol.value
    if sol.outcome == "draw":
        return "draw", None
    if same:
        return sol.outcome, sol.in_k + (sol.outcome == "win")
    return ("win", sol.in_k + 1) if sol.outcome == "loss" else ("loss", sol.in_k)


def price(game: rules.Game, s: Any) -> float:
    """The pawn: what Max gets from ``s`` with best play."""
    if game.is_over(s):
        return float(game.payoff(s))
    v = exact.solve(game, s).value
    return v if game.to_move(s) == 0 else -v


def xor(values: list[int]) -> int:
    return functools.reduce(lambda a, b: a ^ b, values, 0)


def runs(pins: int) -> list[tuple[int, int]]:
    """Kayles: the runs of standing pins as (first pin from 1, length)."""
    out, i = [], 0
    while pins >> i:
        if pins >> i & 1:
            j = i
            while pins >> j & 1:
                j += 1
            out.append((i + 1, j - i))
            i = j
        else:
            i += 1
    return out


def kayles_g(n: int) -> int:
    return 0 if n == 0 else exact.grundy(rules.create("kayles", pins=n), rules.create("kayles", pins=n).initial())


def mex_grundy(game: rules.Game, s: Any) -> int:
    """A normal-play game's Grundy value by the mex, straight from the rules."""
    @functools.cache
    def g(key: Any) -> int:
        state = key
        seen = {0 if game.is_over(c) else g(c) for c in (game.apply(state, m) for m in game.legal_moves(state))}
        return min(set(range(len(seen) + 1)) - seen)
    return g(s)


# ---------------------------------------------------------------------------------- the checks


class Said:
    """One phrase to check: where it stands, in which explanation, of which position."""

    def __init__(self, game: rules.Game, state: Any, e: dict[str, Any], args: dict[str, Any],
                 move: str | None) -> None:
        self.game, self.state, self.e, self.a, self.move = game, state, e, args, move

    @property
    def k(self) -> int | None:
        return self.e["value"]["k"]

    def value_of(self, move: str) -> tuple[str, float | None]:
        return mover_value(self.game, self.state, move)

    def heaps_after(self, move: str) -> list[int]:
        return list(after(self.game, self.state, move).heaps)


def _nim_move(s: Said) -> None:
    a = s.a
    move = f"{a['heap']}:{a['take']}"
    assert move in s.e["best"], (move, s.e["best"])
    assert s.state.heaps[a["heap"] - 1] == a["size"] and a["size"] - a["take"] == a["to"] == a["size"] ^ a["nim_sum"]
    assert xor(s.heaps_after(move)) == 0 and xor(list(s.state.heaps)) == a["nim_sum"]


def _note_heap(s: Said) -> None:
    a = s.a
    assert s.move == f"{a['heap']}:{a['take']}"
    if "size" in a:
        assert s.state.heaps[a["heap"] - 1] == a["size"] and a["size"] - a["take"] == a["to"]
    if "after" in a:
        assert xor(s.heaps_after(s.move)) == a["after"]
    if s.e.get("rule") == "misere-nim" and a.get("after") == 1:  # the misère exception: single objects, odd
        left = s.heaps_after(s.move)
        assert max(left) <= 1 and sum(left) % 2 == 1
    if "ones" in a:
        left = s.heaps_after(s.move)
        assert max(left) <= 1 and sum(left) == a["ones"] and a["ones"] % 2 == 1


def _slower(s: Said) -> None:
    outcome, k = s.value_of(s.move)
    assert outcome == "win" and s.k is not None and k == s.a.get("mine", s.a.get("k")) and s.a["best"] == s.k < k


def _recommended(s: Said) -> None:
    assert s.a["move"] in s.e["best"], (s.a["move"], s.e["best"])


def _leaves_loss(s: Said) -> None:
    move = s.a.get("move", s.move)
    assert s.value_of(move) == ("win", s.a["k"] + 1) and s.a["k"] + 1 == s.k


def _holds_out(s: Said) -> None:
    move = s.a.get("move", s.move)
    assert s.value_of(move) == ("loss", s.a["k"]) and s.a["k"] == s.k


def _corner_at(s: Said) -> None:
    assert s.a["cell"] == format_cell(s.state.x, s.state.y)
    assert (s.a.get("x", s.state.x), s.a.get("y", s.state.y)) == (s.state.x, s.state.y)


def _queen(s: Said) -> None:
    a = s.a
    assert (a["x"], a["y"]) == (min(s.state.x, s.state.y), max(s.state.x, s.state.y)) and a["d"] == a["y"] - a["x"]
    assert a["b"] - a["a"] == a["d"] and strategies.is_cold("queen", a["a"], a["b"])
    assert ((a["a"], a["b"]) == (a["x"], a["y"])) == (s.e["value"]["outcome"] == "loss")


def _pairs(s: Said) -> None:
    for a, b in s.a["pairs"]:  # each a lost cell for the player to move: by the exact solver on a free board
        if (a, b) != (0, 0):
            game = rules.create("corner", piece="queen", width=b + 1, height=b + 1, start=format_cell(b, b))
            assert exact.solve(game, game.initial()._replace(x=a, y=b)).outcome == "loss"


def _corner_note(s: Said) -> None:
    opp = exact.solve(s.game, after(s.game, s.state, s.move))
    assert (opp.outcome, opp.in_k, opp.grundy) == ("loss", s.a["k"], s.a["g"])


def _corner_hold(s: Said) -> None:
    assert s.value_of(s.move) == ("loss", s.a["k"]) and s.a["k"] == s.k


def _subtraction_period(s: Said) -> None:
    a, game = s.a, s.game
    goal, last_wins = game.params["goal"], game.params["rule"] == "last-wins"
    lost = []
    for size in range(a["below"]):
        g = rules.create("subtraction", n=goal + size, take=",".join(map(str, game.params["take"])), goal=goal,
                         rule=game.params["rule"])
        st0 = g.initial()
        is_lost = (not last_wins) is False and g.is_over(st0) or (not g.is_over(st0)
                                                                  and exact.solve(g, st0).outcome == "loss")
        if not last_wins and g.is_over(st0):
            is_lost = False  # the player who made the last move lost: the one to move here has won
        if is_lost:
            lost.append(size)
    assert lost == a["lost"]
    residues = a.get("residues", [])
    for size in range(a["start"], a["below"]):
        assert (size in lost) == (size % a["period"] in residues)


def _sub_won(s: Said) -> None:
    a = s.a
    assert a["size"] == s.state.heap - s.game.params["goal"] and a["left"] == a["size"] - a["take"]
    assert str(a["take"]) in s.e["best"]
    nxt = after(s.game, s.state, str(a["take"]))
    assert s.game.is_over(nxt) or exact.solve(s.game, nxt).outcome == "loss"


def _sub_note(s: Said) -> None:
    nxt = after(s.game, s.state, s.move)
    assert s.a["left"] == nxt.heap - s.game.params["goal"] and s.a.get("heap", nxt.heap) == nxt.heap
    assert exact.solve(s.game, nxt).outcome == "loss"


def _kayles_rows(s: Said) -> None:
    lengths = [n for _, n in runs(s.state.pins)]
    values = [kayles_g(n) for n in lengths]
    assert s.a["nim_sum"] == xor(values) == exact.grundy(s.game, s.state)
    if "pins" in s.a:
        assert lengths == [s.a["pins"]]
    if "rows" in s.a:
        assert (s.a["rows"], s.a["values"]) == (lengths, values)
    if "count" in s.a:
        assert s.a["count"] == len(lengths)


def _kayles_throw(s: Said) -> None:
    move = s.a.get("move", s.move)
    assert move in s.e["best"]
    first, length = s.a["row"].split("-") if "-" in s.a["row"] else (s.a["row"], s.a["row"])
    nxt = after(s.game, s.state, move)
    inside = [n for start, n in runs(nxt.pins) if int(first) <= start <= int(length)]
    assert inside == s.a.get("leaves", inside)
    assert s.game.is_over(nxt) or exact.grundy(s.game, nxt) == 0


def _pawn_here(s: Said) -> None:
    assert s.a["cell"] == format_cell(s.state.x, s.state.y) and s.a["price"] == price(s.game, s.state)
    _recommended(s)


def _pawn_note(s: Said) -> None:
    assert s.a["price"] == price(s.game, after(s.game, s.state, s.move))
    if "other" in s.a:
        assert s.a["other_price"] == price(s.game, after(s.game, s.state, s.a["other"]))


def _pursuit_catch(s: Said) -> None:
    f, figures, e, left, _ = _layout(s.game, s.state)
    assert capture_times(f.neighbours, f.blocked, f.width * f.height).get((figures[0], e)) == s.a["t"]
    if s.a["t"] <= left:
        assert s.e["value"]["outcome"] == "win" and s.k == s.a["t"]


def _pursuit_within(s: Said) -> None:
    if s.a["t"] <= s.game.params["limit"] - s.state.round - 1:
        assert s.e["value"]["outcome"] == "loss" and s.k == s.a["t"]


def _pursuit_note(s: Said) -> None:
    outcome, k = s.value_of(s.move)
    assert k == s.a["t"] and outcome == s.e["value"]["outcome"]


def _coins_mirror(s: Said) -> None:
    coin = parse_cell(s.a["coin"])
    assert format_cell(*s.game.mirror(coin)) == s.a["move"] and s.a["centre"] == _centre(s)


def _centre(s: Said) -> str:
    return format_cell(s.game.width // 2, s.game.height // 2)


def _score(s: Said) -> None:
    move = s.a.get("move", s.move)
    assert s.value_of(move) == ("score", s.a["score"]) == ("score", s.e["value"]["score"])


def _wins_now(s: Said) -> None:
    move = s.a.get("move", s.move)
    assert s.value_of(move) == ("win", 1) and move in s.e["best"]


def _loses_now(s: Said) -> None:
    assert s.value_of(s.move) == ("loss", 0) and s.e["value"]["k"] == 0


def _only(s: Said) -> None:
    legal = [s.game.format_move(s.state, m) for m in s.game.legal_moves(s.state)]
    assert legal == [s.a.get("move", s.move)]


def _value(outcome: str) -> Callable[[Said], None]:
    def check(s: Said) -> None:
        sol = exact.solve(s.game, s.state)
        assert sol.outcome == outcome == s.e["value"]["outcome"]
        if "k" in s.a:
            assert sol.in_k == s.a["k"] == s.k
    return check


def _loss_now(s: Said) -> None:
    sol = exact.solve(s.game, s.state)
    assert (sol.outcome, sol.in_k) == ("loss", 0)


def _grundy(s: Said) -> None:
    g = s.a.get("g", 0)
    assert mex_grundy(s.game, s.state) == g and (g == 0) == (s.e["value"]["outcome"] == "loss")


def _misere_sizes(s: Said) -> None:
    heaps = list(s.state.heaps)
    if "nim_sum" in s.a:
        assert max(heaps) > 1 and xor(heaps) == s.a["nim_sum"]
    if "ones" in s.a:
        assert max(heaps) <= 1 and sum(heaps) == s.a["ones"]


def _misere_move(s: Said) -> None:
    move = f"{s.a['heap']}:{s.a['take']}"
    assert move in s.e["best"]
    left = s.heaps_after(move)
    if "ones" in s.a or s.a.get("after") == 1:
        assert max(left) <= 1 and sum(left) == s.a.get("ones", 1) and sum(left) % 2 == 1 and xor(left) == s.a["after"]
    else:
        assert max(left) > 1 and xor(left) == 0


CHECKS: dict[str, Callable[[Said], None]] = {
    "value.win": _value("win"), "value.loss": _value("loss"), "value.score": lambda s: (
        exact.solve(s.game, s.state).value == s.a["score"] == s.e["value"]["score"]) or (_ for _ in ()).throw(
        AssertionError(s.a)),
    "value.loss_now": _loss_now, "value.win_plain": _value("win"), "value.loss_plain": _value("loss"),
    "value.draw": _value("draw"), "only": _only, "note.only": _only, "note.only_loses_now": _loses_now,
    "note.loses_now": _loses_now, "rec.wins_now": _wins_now, "note.wins_now": _wins_now,
    "rec.leaves_loss": _leaves_loss, "note.leaves_loss": _leaves_loss, "rec.holds_out": _holds_out,
    "note.holds_out": _holds_out, "note.slower": _slower, "rec.keeps_score": _score, "note.keeps_score": _score,
    "rec.faster": lambda s: (_recommended(s), _value("win")(s)) and None,
    "rec.holds_draw": _recommended, "rec.keeps_win": _recommended, "rec.holds_out_plain": _recommended,
    "grundy.whole_win": lambda s: exact.grundy(s.game, s.state) == s.a["g"] != 0 or (_ for _ in ()).throw(
        AssertionError(s.a)),
    "grundy.whole_loss": lambda s: exact.grundy(s.game, s.state) == 0 or (_ for _ in ()).throw(AssertionError()),
    "nim.sum": lambda s: (list(s.state.heaps) == s.a["heaps"] and xor(s.a["heaps"]) == s.a["nim_sum"]) or (
        _ for _ in ()).throw(AssertionError(s.a)),
    "nim.sum_one": lambda s: (list(s.state.heaps) == [s.a["nim_sum"]]) or (_ for _ in ()).throw(AssertionError()),
    "nim.sum_many": lambda s: (len(s.state.heaps) == s.a["count"] and xor(list(s.state.heaps)) == s.a["nim_sum"])
    or (_ for _ in ()).throw(AssertionError()),
    "nim.move": _nim_move, "nim.take_last": lambda s: (
        s.heaps_after(f"{s.a['heap']}:{s.a['take']}") == [0] * len(s.state.heaps)) or (_ for _ in ()).throw(
        AssertionError()),
    "nim.note": _note_heap, "nim.note_slower": lambda s: (_note_heap(s), _slower(s)) and None,
    "nim.note_hold": lambda s: (xor(s.heaps_after(s.move)) == s.a["after"] or (_ for _ in ()).throw(
        AssertionError(s.a)), _holds_out(s)) and None,
    "misere.big": _misere_sizes, "misere.ones_odd": _misere_sizes, "misere.ones_even": _misere_sizes,
    "misere.last": lambda s: sum(s.state.heaps) == 1 or (_ for _ in ()).throw(AssertionError()),
    "misere.move": _misere_move, "misere.exception": _misere_move, "misere.note": _note_heap,
    "misere.exception_one": _misere_move, "misere.note_one": _note_heap,
    "misere.note_odd": _note_heap,
    "kayles.value": _kayles_rows, "kayles.values": _kayles_rows, "kayles.values_many": _kayles_rows,
    "kayles.throw": _kayles_throw, "kayles.throw_last": _kayles_throw, "kayles.throw_clear": _kayles_throw,
    "kayles.note": lambda s: _kayles_throw(s) if s.move in s.e["best"] else None,
    "kayles.note_clear": lambda s: _kayles_throw(s) if s.move in s.e["best"] else None,
    "sub.period": _subtraction_period, "sub.period_won": _subtraction_period, "sub.won": _sub_won,
    "sub.won_ends": _sub_won, "sub.lost": lambda s: (
        s.a["size"] == s.state.heap - s.game.params["goal"] and exact.solve(s.game, s.state).outcome == "loss") or (
        _ for _ in ()).throw(AssertionError()),
    "sub.note": _sub_note, "sub.note_heap": _sub_note,
    "stones.grundy_win": _grundy, "stones.grundy_loss": _grundy,
    "corner.at": _corner_at, "corner.rook": lambda s: (
        (s.a["x"], s.a["y"]) == (s.state.x, s.state.y) and s.a["nim_sum"] == exact.grundy(s.game, s.state)) or (
        _ for _ in ()).throw(AssertionError()),
    "corner.queen": _queen, "corner.queen_not": _queen, "corner.pairs": _pairs,
    "corner.win": lambda s: (_corner_at(s), _recommended(s), _value("win")(s)) and None,
    "corner.win_now": lambda s: (_corner_at(s), _wins_now(s)) and None,
    "corner.loss": lambda s: (_corner_at(s), _value("loss")(s)) and None,
    "corner.note": _corner_note, "corner.note_slower": lambda s: (_corner_note(s), _slower(s)) and None,
    "corner.note_hold": _corner_hold,
    "pawn.max": _pawn_here, "pawn.min": _pawn_here, "pawn.note": _pawn_note, "pawn.note_only": _pawn_note,
    "pursuit.catch": _pursuit_catch, "pursuit.within": _pursuit_within,
    "pursuit.left": lambda s: s.a["left"] == s.game.params["limit"] - s.state.round or (_ for _ in ()).throw(
        AssertionError()),
    "pursuit.left_after": lambda s: s.a["left"] == s.game.params["limit"] - s.state.round - 1 or (
        _ for _ in ()).throw(AssertionError()),
    "pursuit.note_after": _pursuit_note, "pursuit.note_from": _pursuit_note,
    "coins.centre": lambda s: s.a["centre"] == _centre(s) or (_ for _ in ()).throw(AssertionError()),
    "coins.mirror": _coins_mirror, "coins.lost": lambda s: s.a["centre"] == _centre(s) or (_ for _ in ()).throw(
        AssertionError()),
    "coins.note_mirror": lambda s: format_cell(*s.game.mirror(parse_cell(s.a["coin"]))) == s.move or (
        _ for _ in ()).throw(AssertionError()),
    "coins.note_mirror_slower": _slower,
    "lines.fours": lambda s: s.a["k"] == s.k == exact.solve(s.game, s.state).in_k or (_ for _ in ()).throw(
        AssertionError(s.a)),
    "lines.fours_at_most": lambda s: s.a["k"] == s.e["value"]["at_most"] or (_ for _ in ()).throw(
        AssertionError(s.a)),
}
# Phrases that state no number of the solver's: words only, or the engine's own figures (nodes, seconds, its
# score), which no exact answer backs.
WORDS_ONLY = {
    "over", "value.win_at_most", "note.keeps_win", "note.holds_draw", "note.holds_out_plain", "note.slower_plain",
    "note.engine", "engine.plays", "eval.none", "eval.wins", "eval.wins_deep", "eval.loses", "eval.loses_deep",
    "eval.wins_within", "eval.wins_within_deep", "eval.loses_within", "eval.loses_within_deep", "eval.even",
    "eval.even_deep", "eval.better", "eval.better_deep", "eval.worse", "eval.worse_deep", "nim.lost",
    "misere.big_lost", "kayles.rule", "kayles.lost", "stones.reach_loses", "corner.king", "corner.search",
    "corner.search_blocked", "pawn.rule", "pawn.note_same", "pursuit.never", "pursuit.escape",
    "pursuit.note_never", "coins.note_centre",
    # line games: cells and colours only (the proofs' K is checked above)
    "lines.five", "lines.lost", "lines.lost_any", "lines.threat_five", "lines.threat_fours", "lines.must_stop",
    "lines.no_stop", "lines.engine_plays", "lines.threes", "lines.engine_none", "lines.engine_colour",
    "lines.winning_line", "lines.note_five", "lines.note_fours", "lines.note_stops_five", "lines.note_stops_fours",
    "lines.note_threes",
    # minesweeper: cells, counts read off the view and the odds (checked in tests/solver/test_explain_mines.py)
    *(pid for pid in PHRASES if pid.startswith("mines.")),
    # what a map of the board shows: its captions (the count of cells listed is the explanation's bound)
    *(pid for pid in PHRASES if pid.startswith("map.")),
}
# Phrases whose ``move`` recommends it: that move must be best.
RECOMMENDS = {"only", "rec.wins_now", "rec.leaves_loss", "rec.keeps_win", "rec.keeps_score", "rec.holds_draw",
              "rec.holds_out", "rec.holds_out_plain", "rec.faster", "corner.win", "corner.win_now", "kayles.throw",
              "kayles.throw_last", "kayles.throw_clear", "pawn.max", "pawn.min", "nim.move", "nim.take_last",
              "misere.move", "misere.exception", "misere.exception_one", "sub.won", "sub.won_ends"}


def test_every_phrase_is_checked_or_states_no_number() -> None:
    assert set(CHECKS) | WORDS_ONLY == set(PHRASES) and not set(CHECKS) & WORDS_ONLY
    assert RECOMMENDS <= set(PHRASES)


def _recommended_move(phrase: dict[str, Any]) -> str:
    a = phrase["args"]
    return a["move"] if "move" in a else f"{a['heap']}:{a['take']}" if "heap" in a else str(a["take"])


def check_explanation(game: rules.Game, state: Any, e: dict[str, Any]) -> None:
    p.Explanation(**e)
    assert e["said"] and e["reason"] == sentence(e["said"])
    val = e["value"]
    sol = exact.solve(game, state)
    if sol.value is not None:
        assert val["score"] == sol.value
    else:
        assert val["outcome"] == sol.outcome and val["k"] in (sol.in_k, None)
    legal = [game.format_move(state, m) for m in game.legal_moves(state)]
    # best: exactly the moves that keep the value (SOLVER.md); also: moves that win, more slowly
    assert not set(e["best"]) & set(e["also"])
    keeps = [m for m in legal if mover_value(game, state, m) == (
        ("score", val["score"]) if val["outcome"] == "score" else (val["outcome"], val["k"]))]
    if val["k"] is not None or val["outcome"] in ("score", "draw"):
        assert sorted(e["best"]) == sorted(keeps) or (e["rule"] == "symmetry" and not e["also"]
                                                      and set(e["best"]) <= set(keeps)), (e["best"], keeps)
    for m in e["also"]:
        outcome, k = mover_value(game, state, m)
        assert outcome == "win" and val["k"] is not None and k > val["k"]
    # the reason recommends a best move; a forced move is said to be one
    recs = [ph for ph in e["said"] if ph["id"] in RECOMMENDS]
    for ph in recs:
        assert _recommended_move(ph) in e["best"], (ph, e["best"])
    if val["outcome"] == "win" and e["best"]:
        assert recs or any(ph["id"] in ("misere.ones_even", "coins.centre", "coins.mirror") for ph in e["said"]), e
    if len(legal) == 1 and val["k"] != 0:
        assert any(ph["id"] == "only" for ph in e["said"]), e["reason"]
    # every note's why is its phrase; best notes first, then the also ones
    notes = e["moves"]
    assert [n["move"] for n in notes if not n["also"]] == e["best"][: len([n for n in notes if not n["also"]])]
    assert [n["move"] for n in notes if n["also"]] == e["also"][: len([n for n in notes if n["also"]])]
    for n in notes:
        assert n["said"] is not None and n["why"] == text(n["said"])
    # every number stated, against the solver
    for ph, move in [*((ph, None) for ph in e["said"]), *((n["said"], n["move"]) for n in notes)]:
        assert set(ph["args"]) == placeholders(PHRASES[ph["id"]])
        if ph["id"] in CHECKS:
            CHECKS[ph["id"]](Said(game, state, e, ph["args"], move))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_words_follow_the_numbers(position: tuple[rules.Game, Any]) -> None:
    game, state = position
    if game.is_over(state):
        e = explain(game, state)
        assert e["rule"] == "over" and e["reason"] == sentence(e["said"]) and e["said"][0]["id"] == "over"
        return
    check_explanation(game, state, explain(game, state, budget_s=5.0))


def test_the_issues_examples_have_one_meaning_of_best() -> None:
    cases = [("subtraction", {"n": 3, "take": "1,3"}, ["3"], ["1"]),
             ("corner", {"piece": "queen", "width": 3, "height": 3}, ["a1"], ["b3", "c2"]),
             ("nim", {"heaps": "7,4,4"}, ["1:7"], ["2:1", "3:1"])]
    for name, params, best, also in cases:
        game = rules.create(name, **params)
        e = explain(game, game.initial())
        assert (e["best"], e["also"]) == (best, also)
        check_explanation(game, game.initial(), e)


def test_the_edges_have_their_own_sentences() -> None:
    game = rules.create("nim", heaps="2")  # one heap: no answer is left after taking it
    e = explain(game, game.initial())
    assert "every answer" not in e["reason"] and e["said"][-1]["id"] == "nim.take_last"
    game = rules.create("nim", heaps="1,1,3", misere="true")  # the misère exception is named where it applies
    e = explain(game, game.initial())
    assert e["said"][-1]["id"] == "misere.exception" and "misère exception" in e["moves"][0]["why"]
    game = rules.create("nim", heaps="1", misere="true")  # a lost position's only move is the only move
    e = explain(game, game.initial())
    assert e["moves"][0]["said"]["id"] == "note.only_loses_now" and "holds out" not in e["reason"]
    assert any(ph["id"] == "only" for ph in e["said"])
    for name, params, moves in [("nim", {"heaps": "2"}, []), ("subtraction", {"n": 4, "take": "1,2"}, ["1"]),
                                ("corner", {"piece": "king", "width": 3, "height": 3}, []),
                                ("kayles", {"pins": 4, "misere": "true"}, [])]:
        game = rules.create(name, **params)
        state = game.replay(moves)
        check_explanation(game, state, explain(game, state))


def test_line_games_say_their_phrases() -> None:
    game = rules.create("gomoku")
    for moves, first in [("h8 h9 i8 i9 j8 j9 k8 a1", "lines.five"),
                         ("j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8", "lines.fours"),
                         ("h8 h9 i8 i9 j8 j9 k8 k9 l8", "over")]:
        state = game.replay(moves.split())
        e = explain(game, state, budget_s=2.0)
        p.Explanation(**e)
        assert e["said"][0]["id"] == first and e["reason"] == sentence(e["said"])
        for n in e["moves"]:
            assert n["why"] == text(n["said"])
        for ph in e["said"]:
            if ph["id"] in CHECKS:
                CHECKS[ph["id"]](Said(game, state, e, ph["args"], None))
    assert e["said"][-1] == {"id": "lines.winning_line", "args": {"first": "h8", "last": "l8"}}
