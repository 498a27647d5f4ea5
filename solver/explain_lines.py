"""Explanations of gomoku and the big line games: the forcing line, or the engine's view in words.

The games :func:`covers` are those the review judges by threats (``review._by_threats``): line
games beyond the exact solver's bit-mask model.  For a position the answer is, in order:

1. a proof (``rule: "threats"``): a win at once or by continuous fours (``exact.threat_solution``,
   every defence checked against the rules), or a five of the opponent no move stops.  ``line``
   is the forcing line in order, ``marks`` the winner's stones (role ``line``) and the loser's
   forced replies (role ``defence``);
2. the opponent threatens a forced win (a five, or continuous fours, as if he moved now): the
   threat (role ``threat``) and the moves found to stop it (role ``defence``, each checked: after
   it he has no win at once or by continuous fours);
3. otherwise the engine's view (``rule: "engine"``): a win by threats with open threes when the
   threat search finds one (judged against the usual defences only, so not a proof), else the
   main line of the strongest search (``bot.choose``'s ``pv``) and the evaluation in words:
   who is better and the shapes on the board (fours, open threes).

Nothing proven is never the whole answer: every explanation has a ``line`` or a ``best`` move
with its reason.  The whole takes about ``budget_s`` seconds.
"""

from __future__ import annotations

from typing import Any

from grundy import rules
from grundy.solver import exact
from grundy.solver.phrases import say, sentence
from grundy.solver.search import Clock, TimeUp

MAX_LIST = 64  # the protocol's bound on moves and line cells
DEFENCES_TRIED = 16  # moves tried against the opponent's threat
# Shares of the budget: the proof of a win, the opponent's threat and its defences, threes.
PROOF_SHARE = 0.35
THREAT_SHARE = 0.25
VCT_SHARE = 0.1
# The engine's values (the mover's view, in window-score units: solver.lines.weights): words.
EVEN = 40.0
BETTER = 400.0
CLEARLY = 5_000.0  # solver.gomoku.QUIET: past this a threat is in sight
WON = 90_000.0  # a win by threats (solver.gomoku.THREAT_WIN) or a proven one


def covers(game: rules.Game) -> bool:
    """Line games judged by threats: an ``in_a_row`` game the bit-mask model does not hold."""
    return game.seats == 2 and game.in_a_row() is not None and exact.table_for(game).model is game


def colour_names(game: rules.Game, state: Any) -> list[str]:
    """The colours' names by colour index: ``black``/``white`` in gomoku, the stones' letters elsewhere."""
    symbols = game.full_view(state).get("symbols")
    if isinstance(symbols, dict) and len(symbols) >= 2:
        return [str(k) for k in symbols]
    if isinstance(symbols, list) and len(symbols) >= 2:
        return [str(s) for s in symbols]
    return ["first", "second"]


def explain(game: rules.Game, state: Any, *, budget_s: float = 1.0) -> dict[str, Any]:
    """The explanation of a line-game position (see the module docstring); its reason is its phrases in English."""
    out = _explain(game, state, budget_s)
    out["reason"] = sentence(out["said"])
    return out


def _explain(game: rules.Game, state: Any, budget_s: float) -> dict[str, Any]:
    if game.is_over(state):
        return _over(game, state)
    start = Clock.after(budget_s)
    read = exact.line_board(game, state)
    if read is None:  # an opening's colour choice: only the engine has a view
        return _engine(game, state, None, start, "lines.engine_colour")
    board, colour = read
    names = colour_names(game, state)
    try:
        sol = exact.threat_solution(game, state, Clock.after(budget_s * PROOF_SHARE))
    except TimeUp:
        sol = None
    if sol is not None:
        return _proof(game, state, sol, board, colour, names)
    guard = _threat(game, state, board, colour, names, Clock.after(budget_s * THREAT_SHARE), start)
    if guard is not None:
        return guard
    out = _threes(game, state, board, colour, names, Clock.after(budget_s * VCT_SHARE))
    if out is not None:
        return out
    return _engine(game, state, (board, colour), start, "lines.engine_none")


# ----------------------------------------------------------------------------------
# the parts


def _texts(game: rules.Game, state: Any, cells: list[Any]) -> list[str]:
    return [game.format_move(state, c) for c in cells[:MAX_LIST]]


def _line_marks(texts: list[str], winner_first: bool = True) -> list[dict[str, str]]:
    """Marks for a forcing line: the attacker's moves ``line``, the defender's replies ``defence``."""
    first, second = ("line", "defence") if winner_first else ("defence", "line")
    return [{"cell": t, "role": first if i % 2 == 0 else second} for i, t in enumerate(texts)]


def _proof(
    game: rules.Game, state: Any, sol: exact.Solution, board: Any, colour: int, names: list[str]
) -> dict[str, Any]:
    from grundy.solver import explain as ex

    me, him = names[colour], names[1 - colour]
    line = _texts(game, state, sol.line or [])
    val = ex.solution_value(sol)
    if sol.outcome == "win":
        by = "by a five" if sol.proof == "five" else "by continuous fours"
        if sol.proof == "five":
            said = say("lines.five", me=me, move=line[0])
        elif val["k"] is not None:
            said = say("lines.fours", me=me, k=val["k"], him=him, line=line)
        else:
            said = say("lines.fours_at_most", me=me, k=val["at_most"], him=him, line=line)
        out = ex.empty(game, state, val, "threats", by, "")
        out["said"] = [said]
        out["best"] = _texts(game, state, sol.best)
        note = say("lines.note_five" if sol.proof == "five" else "lines.note_fours")
        out["moves"] = [ex._note(m, note) for m in out["best"]]
        out["line"] = line
        out["marks"] = _line_marks(line)
        return out
    # lost: the opponent has a five no legal move stops
    five_texts = _texts(game, state, sorted(set(board.win_cells(1 - colour))))
    out = ex.empty(game, state, val, "threats", "by the opponent's five", "")
    out["said"] = [say("lines.lost", him=him, cells=five_texts) if five_texts else say("lines.lost_any", him=him)]
    out["best"] = line[:1]
    out["line"] = line
    out["marks"] = [*({"cell": t, "role": "threat"} for t in five_texts), *_line_marks(line, winner_first=False)]
    return out


def _threat(
    game: rules.Game, state: Any, board: Any, colour: int, names: list[str], clock: Clock, whole: Clock
) -> dict[str, Any] | None:
    """The opponent's win (at once or by fours, as if he moved now) and the moves that stop it; None if none.

    ``clock`` bounds the look for the threat; once one is found the defences may use what is
    left of ``whole``, the explanation's budget.
    """
    from grundy.solver import explain as ex
    from grundy.solver.vcf import ThreatSearch

    try:
        threat = ThreatSearch(board, clock).find(1 - colour, exact.VCF_MOVES)
    except TimeUp:
        return None
    if not threat:
        return None
    me, him = names[colour], names[1 - colour]
    line = _texts(game, state, threat)
    clock = Clock(whole.deadline - 0.05 * max(0.0, whole.left()))
    candidates = list(dict.fromkeys([*threat, *board.four_makers(colour)]))
    stops: list[Any] = []
    for c in candidates[:DEFENCES_TRIED]:
        if clock.expired():
            break
        if board.board[c] or not game.is_legal(state, c):
            continue
        child = game.apply(state, c)
        try:
            found = exact.threat_solution(game, child, Clock.after(clock.left() / 2))
        except TimeUp:
            continue
        if found is None or found.outcome != "win":
            stops.append(c)
    how = "five" if len(threat) == 1 else "continuous fours"
    what = (say("lines.threat_five", him=him, move=line[0]) if len(threat) == 1
            else say("lines.threat_fours", him=him, line=line))
    best = _texts(game, state, stops)
    out = ex.empty(game, state, ex.value(None), "threats", f"by the opponent's {how}", "")
    out["said"] = [what, say("lines.must_stop", me=me, moves=best[:4], him=him) if best else say("lines.no_stop")]
    out["best"] = best
    stops_note = say("lines.note_stops_five" if how == "five" else "lines.note_stops_fours", him=him)
    out["moves"] = [ex._note(m, stops_note) for m in best]
    if not best:  # nothing proven to hold: the engine's move, said to be only that
        from grundy.solver import bot

        move = game.format_move(state, bot.choose(game, state, "hard", max(0.05, whole.left())).move)
        out["best"] = [move]
        out["moves"] = [ex._note(move, say("note.engine"))]
        out["said"].append(say("lines.engine_plays", move=move))
    out["line"] = line
    marks = [{"cell": t, "role": "defence"} for t in best]
    marks += [{"cell": t, "role": "threat"} for i, t in enumerate(line) if i % 2 == 0 and t not in best]
    out["marks"] = marks
    out["evaluation"] = f"{him} has a forcing line if {me} lets it be; {describe_board(board, colour, names)}"
    return out


def _threes(
    game: rules.Game, state: Any, board: Any, colour: int, names: list[str], clock: Clock
) -> dict[str, Any] | None:
    """A win by fours and open threes for the mover, found against the usual defences (not a proof)."""
    from grundy.solver import explain as ex
    from grundy.solver.vcf import ThreatSearch

    try:
        found = ThreatSearch(board, clock).find_vct(colour, 2)
    except TimeUp:
        return None
    if not found or not game.is_legal(state, found[0]):
        return None
    me = names[colour]
    line = _texts(game, state, found)
    out = ex.empty(game, state, ex.value(None), "engine", "by the threat search (fours and threes)", "")
    out["said"] = [say("lines.threes", me=me, line=line)]
    out["best"] = line[:1]
    out["moves"] = [ex._note(line[0], say("lines.note_threes"))]
    out["line"] = line
    out["marks"] = [{"cell": t, "role": "line" if i % 2 == 0 else "defence"} for i, t in enumerate(line)]
    out["evaluation"] = f"{me} is winning by threats; {describe_board(board, colour, names)}"
    return out


def _engine(game: rules.Game, state: Any, read: tuple[Any, int] | None, clock: Clock, why: str) -> dict[str, Any]:
    """The engine's main line and its evaluation in words (nothing proven)."""
    from grundy.solver import bot
    from grundy.solver import explain as ex

    decision = bot.choose(game, state, "hard", max(0.05, clock.left()))
    line = _line_of(game, state, decision.pv or [decision.move])
    move = game.format_move(state, decision.move)
    if read is not None:
        board, colour = read
        names = colour_names(game, state)
        words = evaluation_words(board, colour, names, decision.value)
    else:
        words = f"the engine plays {move}" + (f" (score {decision.value:+.0f})" if decision.value is not None else "")
    out = ex.empty(game, state, ex.value(None), "engine", "by the engine's search", "")
    out["said"] = [say(why, move=move, line=line)]
    out["best"] = [move]
    out["moves"] = [ex._note(move, say("note.engine"))]
    out["line"] = line
    out["marks"] = [{"cell": t, "role": "line"} for t in line if _is_cell(t)]
    out["evaluation"] = words
    return out


def _is_cell(text: str) -> bool:
    return text[:1].isalpha() and text[-1:].isdigit()


def _line_of(game: rules.Game, state: Any, pv: list[Any]) -> list[str]:
    """The engine's line as move texts, stopping where a move does not replay."""
    out: list[str] = []
    s = state
    for m in pv[:MAX_LIST]:
        if game.is_over(s) or not game.is_legal(s, m):
            break
        out.append(game.format_move(s, m))
        s = game.apply(s, m)
    return out


# ----------------------------------------------------------------------------------
# the engine's view in words


def evaluation_words(board: Any, colour: int, names: list[str], score: float | None) -> str:
    """``"black is better (engine score +120): black has an open three h8-j8; white has no four"``.

    ``score`` is the engine's value for ``colour`` (the mover); the shapes come from the board.
    """
    me, him = names[colour], names[1 - colour]
    if score is None:
        lead = "the engine has no score"
    else:
        ahead, behind = (me, him) if score >= 0 else (him, me)
        size = abs(score)
        if size < EVEN:
            lead = "the position is about even"
        elif size < BETTER:
            lead = f"{ahead} is better"
        elif size < CLEARLY:
            lead = f"{ahead} is clearly better"
        elif size < WON:
            lead = f"{ahead} is winning ({behind} faces threats)"
        else:
            lead = f"{ahead} is winning (a forced win is in sight)"
        lead += f" (engine score {score:+.0f} for {me})"
    return f"{lead}: {describe_board(board, colour, names)}"


def describe_board(board: Any, colour: int, names: list[str]) -> str:
    """The shapes each colour has, mover first: fours (a cell that makes five), open threes, threes."""
    parts = [_shapes(board, p, names[p]) for p in (colour, 1 - colour)]
    return "; ".join(parts)


def _cell(board: Any, c: int) -> str:
    from grundy.rules.cells import format_cell

    return format_cell(c % board.width, c // board.width)


def _shapes(board: Any, p: int, name: str) -> str:
    fives = sorted(board.win_cells(p))
    said: list[str] = []
    if fives:
        said.append(f"a four (five next at {', '.join(_cell(board, c) for c in fives[:3])})")
    tcount = board.tcount[p]
    doubles = {c for c in range(board.size) if not board.board[c] and tcount[c] >= 2}
    open_threes: list[str] = []
    seen: set[tuple[int, ...]] = set()
    stone = p + 1
    for w in sorted(board.threes[p]):
        cells = board.wcells[w]
        if not any(c in doubles for c in cells):
            continue
        stones = tuple(c for c in cells if board.board[c] == stone)
        if stones in seen or any(set(stones) <= set(s) for s in seen):
            continue
        seen.add(stones)
        open_threes.append(f"{_cell(board, stones[0])}-{_cell(board, stones[-1])}")
    if open_threes:
        kind = "an open three" if len(open_threes) == 1 else "open threes"
        said.append(
            f"{kind} {', '.join(open_threes[:3])} (a stone at "
            f"{', '.join(_cell(board, c) for c in sorted(doubles)[:3])} makes two fours)"
        )
    threes = len(board.threes[p])
    if threes and not open_threes:
        said.append(f"{threes} line{'s' if threes != 1 else ''} one stone from a four")
    if not said:
        return f"{name} has no four and no three"
    if not fives:
        said.append("no four")
    return f"{name} has " + ", ".join(said)


# ----------------------------------------------------------------------------------
# a finished game: the winning line


def _over(game: rules.Game, state: Any) -> dict[str, Any]:
    from grundy.solver import explain as ex

    result = game.result(state)
    out = ex.empty(game, state, ex.value(None), "over", "the game is over", "")
    out["said"] = [say("over", how=result.reason if result is not None else "no result")]
    five = winning_run(game, state)
    if five:
        texts = _texts(game, state, five)
        out["line"] = texts
        out["marks"] = [{"cell": t, "role": "line"} for t in texts]
        out["said"].append(say("lines.winning_line", first=texts[0], last=texts[-1]))
    return out


def winning_run(game: rules.Game, state: Any) -> list[int]:
    """The cells of a finished line game's winning row (k or more of one colour), in order; [] if none."""
    line = game.in_a_row()
    board = getattr(state, "board", None)
    if line is None or board is None:
        return []
    w, h, k = line.width, line.height, line.k
    for y in range(h):
        for x in range(w):
            v = board[y * w + x]
            if not v:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                px, py = x - dx, y - dy
                if 0 <= px < w and 0 <= py < h and board[py * w + px] == v:
                    continue  # not the start of the run
                run = []
                cx, cy = x, y
                while 0 <= cx < w and 0 <= cy < h and board[cy * w + cx] == v:
                    run.append(cy * w + cx)
                    cx, cy = cx + dx, cy + dy
                if len(run) >= k:
                    return run
    return []
