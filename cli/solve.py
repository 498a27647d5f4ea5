"""`grundy solve` (the exact answer for a position) and `grundy exam` (the exam's heap tasks 19-21).

A position a known strategy answers (nim-sums, the Grundy values of Kayles rows, the period
of a subtraction game, the king's parity, the rook's 2-heap Nim, Wythoff's pairs for the
queen) is answered by that rule at once, whatever its size, and the answer names the rule;
the exact search then adds how fast the win is when it finishes within a small budget.

Exit status: 0 answered; 2 bad input (unknown game, bad parameter or move, a game the exact
solver does not play); 3 too large to solve within the node cap or time limit, or (line games)
no proof found.  With ``--json`` a failure is JSON too: ``{"error", "exit", ...}`` on stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, NoReturn

from grundy import rules
from grundy.cli import common
from grundy.cli.common import add_game_arguments, fail, print_json, rules_text, split_moves, t
from grundy.client import explained
from grundy.solver import exact, exam, strategies
from grundy.solver.explain import explain, explain_solution

TOO_LARGE = 3
# The exact search that completes a rule's answer (the length of the win, the fastest moves) runs
# only on positions with at most this many moves, within this many positions and seconds.
EXTRA_MOVES = 1000
EXTRA_NODES = 200_000
EXTRA_SECONDS = 1.0


def register(sub: Any) -> None:
    p = sub.add_parser("solve", help=t("help-solve"))
    add_game_arguments(p)
    _add_limits(p)
    p.add_argument("--json", action="store_true", help=t("cmd-help-json"))
    p.add_argument("--stats", action="store_true", help=t("help-stats"))
    p.set_defaults(run=run_solve)
    _json_usage_errors(p)

    p = sub.add_parser(
        "exam",
        help=t("help-exam"),
        description=t("help-exam-about"),
    )
    p.add_argument("--heaps", default="7,S", help=t("help-exam-heaps"))
    p.add_argument("--ops", default="+1,*2", help=t("help-exam-ops"))
    p.add_argument("--goal", default="77", help=t("help-exam-goal"))
    p.add_argument("--rule", default="reach-wins", help=t("help-exam-rule"))
    p.add_argument("--range", dest="s_range", default=None, metavar=t("eng-metavar-range"),
                   help=t("help-exam-range"))
    _add_limits(p)
    p.add_argument("--json", action="store_true", help=t("cmd-help-json"))
    p.set_defaults(run=run_exam)


def _json_usage_errors(p: argparse.ArgumentParser) -> None:
    """With --json on the command line, a usage error is JSON on stdout too (then argparse's own message)."""
    plain = p.error

    def error(message: str) -> NoReturn:
        if "--json" in sys.argv[1:]:
            print_json(failure(f"{p.prog}: {message}", 2))
        plain(message)

    p.error = error  # type: ignore[method-assign]


def _add_limits(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-nodes", type=int, default=5_000_000, metavar="N",
                   help=t("help-max-nodes", nodes=5_000_000))
    p.add_argument("--time-limit", type=float, default=60.0, metavar=t("eng-metavar-seconds"),
                   help=t("help-time-limit", seconds=60))


def _number(v: float | None) -> float | int | None:
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def answer(game: rules.Game, state: Any, sol: exact.Solution | None,
           rule: strategies.Explanation | None = None, explanation: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON answer of `grundy solve`.

    ``proof`` says how the answer was found: ``search`` (the exact solver's walk), ``five``
    (a win at once), ``fours`` (a win by continuous fours, whose main line is ``line``) or
    ``rule`` (a known strategy alone, the exact search not having finished).
    ``at_most`` is the length of a proven win whose fastest length is not proven (``in`` null).
    ``rule`` names what decided the outcome: a known strategy (``nim-sum``, ``misere-nim``,
    ``kayles``, ``subtraction-period``, ``king-parity``, ``rook-nim``, ``wythoff``), else
    ``search`` (the exact solver) or ``threats`` (a line game's proof), null for a finished
    game; ``explanation`` is the position's explanation in the protocol's ``Explanation`` shape
    (docs/PROTOCOL.md; null for a finished game).
    """
    if sol is None:
        assert rule is not None
        out: dict[str, Any] = {
            "to_move": game.to_move(state),
            "outcome": rule.outcome,
            "in": None,
            "value": None,
            "grundy": rule.grundy,
            "best": [game.format_move(state, m) for m in rule.winning],
            "proof": "rule",
            "at_most": None,
            "line": [],
        }
    else:
        out = {
            "to_move": sol.to_move,
            "outcome": sol.outcome,
            "in": sol.in_k,
            "value": _number(sol.value),
            "grundy": sol.grundy,
            "best": [game.format_move(state, m) for m in sol.best],
            "proof": sol.proof,
            "at_most": sol.at_most,
            "line": [game.format_move(state, m) for m in sol.line],
        }
    if rule is not None:
        out["rule"] = rule.rule
    else:
        out["rule"] = (None if out["to_move"] is None else "search" if out["proof"] == "search" else "threats")
    out["explanation"] = None if out["to_move"] is None else explanation
    out["also"] = []
    if out["explanation"] is not None:  # one meaning of best: the explanation's, when it says the same value
        v = out["explanation"]["value"]
        if v["outcome"] == out["outcome"] and v["k"] == out["in"]:
            out["best"], out["also"] = list(out["explanation"]["best"]), list(out["explanation"]["also"])
    return out


def failure(message: str, code: int) -> dict[str, Any]:
    """The JSON of a failed `grundy solve`: the message and the exit status, the answer's keys null."""
    return {"error": message, "exit": code, "to_move": None, "outcome": None, "in": None, "value": None,
            "grundy": None, "best": [], "also": [], "proof": None, "at_most": None, "line": [], "rule": None,
            "explanation": None}


def describe(out: dict[str, Any]) -> str:
    """One line in words, e.g. 'seat 0 to move: win in 6 (by their 6th move); Grundy value 2; best: 1:2'
    (in the command's language: ``common.t``)."""
    if out["to_move"] is None:
        return t("solve-over")
    head = t("solve-to-move", seat=out["to_move"])
    fours = "yes" if out.get("proof") == "fours" else "no"
    said = None
    if out["outcome"] == "win" and out["in"] is None and out.get("at_most"):
        said = t("solve-win-at-most", k=out["at_most"], fours=fours)
    elif out["outcome"] == "win" and out["in"] is None:
        said = t("solve-win-unsearched")
    elif out["outcome"] == "win":
        said = t("solve-win-in", k=out["in"], fours=fours)
    elif out["outcome"] == "loss" and out["in"] is None:
        said = t("solve-loss-unsearched")
    elif out["outcome"] == "loss":
        said = t("solve-loss-in", k=out["in"]) if out["in"] else t("solve-loss-now")
    elif out["outcome"] == "draw":
        said = t("solve-draw")
    parts = [head if said is None else f"{head}: {said}"]
    if out["value"] is not None:
        parts.append(t("solve-value", value=str(out["value"])))
    if out["grundy"] is not None:
        parts.append(t("solve-grundy", g=out["grundy"]))
    if out.get("line") and out.get("proof") == "fours":
        parts.append(t("solve-line", moves=" ".join(out["line"])))
    parts.append(t("solve-best", moves=" ".join(out["best"])) if out["best"] else t("solve-best-none"))
    if out.get("also"):
        parts.append(t("solve-also", moves=" ".join(out["also"])))
    return "; ".join(parts)


def describe_explanation(out: dict[str, Any]) -> list[str]:
    """The lines that follow :func:`describe`: the rule and its reason, the components (nim's binary
    rows and the nim-sum), a map of the board, the good moves with why, the main line."""
    ex = out.get("explanation")
    if ex is None:
        return []
    lang = common.lang()
    lines = [f"{explained.by_text(lang, ex)}: {explained.reason_text(lang, ex)}"]
    lines += _components(ex)
    if ex.get("cells"):
        lines += _map(ex)
    best = [m for m in ex.get("moves") or [] if not m.get("also")]
    also = [m for m in ex.get("moves") or [] if m.get("also")]
    if best:
        lines.append(t("solve-winning-moves") if ex["value"]["outcome"] == "win" else t("solve-best-moves"))
        lines += [f"  {m['move']}: {explained.phrase_text(lang, m.get('said'), m['why'])}" for m in best]
    if also:
        lines.append(t("solve-also-heading"))
        lines += [f"  {m['move']}: {explained.phrase_text(lang, m.get('said'), m['why'])}" for m in also]
    if ex.get("line") and out.get("proof") != "fours":
        lines.append(t("solve-main-line", moves=" ".join(ex["line"])))
    if ex.get("evaluation"):
        lines.append(t("solve-evaluation", text=ex["evaluation"]))
    return lines


def _components(ex: dict[str, Any]) -> list[str]:
    comps = ex.get("components") or []
    if not comps:
        return []
    nim = all(c["size"] == c["grundy"] for c in comps)
    total = t("solve-nim-sum")
    labels = [explained.label_text(common.lang(), c["label"]) for c in comps] + [total]
    if nim:
        numbers = [str(c["grundy"]) for c in comps] + [str(ex["nim_sum"])]
    else:
        numbers = [f"G = {c['grundy']}" if c["size"] is None else t("solve-size-grundy", size=c["size"], g=c["grundy"])
                   for c in comps]
        numbers.append(f"G = {ex['nim_sum']}")
    bits = [c.get("binary") or "" for c in comps] + [ex.get("nim_sum_binary") or ""]
    lw, nw = max(map(len, labels)), max(map(len, numbers))
    rows = []
    if len(comps) == 1 and not any(bits):  # one part: its value is the whole position's
        labels, numbers, bits = labels[:1], numbers[:1], bits[:1]
    for i, (label, number, b) in enumerate(zip(labels, numbers, bits, strict=True)):
        if i == len(comps):  # the nim-sum's row
            rows.append("  " + "-" * (lw + nw + len(b) + (4 if b else 2)))
        rows.append(f"  {label:<{lw}}  {number:>{nw}}" + (f"  {b}" if b else ""))
    return rows


MAP_COLUMNS = 26  # the widest map printed as a board (wider: the map is in --json only)


def _map(ex: dict[str, Any]) -> list[str]:
    """The explanation's map drawn as a board, row 1 at the bottom; the piece's cells in brackets."""
    from grundy.rules.cells import column_name, parse_cell

    what = explained.phrase_text(common.lang(), ex.get("map_said"), ex["map_of"])  # (in the command's language)
    try:
        cells = {parse_cell(c["cell"]): c["code"] for c in ex["cells"]}
    except (ValueError, KeyError):
        return []
    pieces = set()
    for m in ex.get("marks") or []:
        if m["role"] == "piece":
            try:
                pieces.add(parse_cell(m["cell"]))
            except ValueError:
                pass
    width = max([x for x, _ in cells] + [x for x, _ in pieces]) + 1
    height = max([y for _, y in cells] + [y for _, y in pieces]) + 1
    if width > MAP_COLUMNS:
        return [t("solve-map-json", what=what, cells=len(cells))]

    def text(x: int, y: int) -> str:
        code = cells.get((x, y), ".")
        return f"[{code}]" if (x, y) in pieces else code

    labels = [[text(x, y) for x in range(width)] for y in range(height)]
    cw = max(len(t) for row in labels for t in row)
    rw = len(str(height))
    lines = [t("solve-map", what=what)]
    for y in range(height - 1, -1, -1):
        lines.append(f"  {y + 1:>{rw}} " + " ".join(t.rjust(cw) for t in labels[y]))
    lines.append("  " + " " * (rw + 1) + " ".join(column_name(x).rjust(cw) for x in range(width)))
    return lines


def run_solve(args: argparse.Namespace) -> int:
    def stop(message: str, code: int = 2) -> NoReturn:
        if args.json:
            print_json(failure(message, code))
        fail(message, code)

    settings: dict[str, str] = {}
    for item in args.settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            stop(t("solve-set-syntax", item=repr(item)))
        settings[key.strip()] = value
    try:
        game = rules.create(args.game, **settings)
        state = game.replay(split_moves(args.moves))
    except (rules.ParameterError, rules.MoveError) as e:
        stop(rules_text(e))
    started = time.perf_counter()
    rule = strategies.explain(game, state)
    if rule is not None:
        sol = _search_within(game, state, args)
        if sol is not None and sol.outcome != rule.outcome:
            stop(t("eng-solve-internal", rule=rule.rule, said=rule.outcome, searched=sol.outcome), 1)
        ex = explain(game, state, budget_s=min(args.time_limit, EXTRA_SECONDS), max_nodes=args.max_nodes)
        _show(args, answer(game, state, sol, rule, ex), sol, started)
        return 0
    try:
        sol = exact.solve(game, state, max_nodes=args.max_nodes, max_seconds=args.time_limit)
    except exact.NoProof as e:
        stop(t("solve-raise-time", error=str(e)) if e.timed_out else str(e), TOO_LARGE)
    except exact.TooLarge as e:
        move = strategies.perfect_move(game, state)
        if move is None:
            stop(t("solve-raise-limits", error=str(e)), TOO_LARGE)
        stop(t("solve-known-strategy", error=str(e), seat=game.to_move(state), move=game.format_move(state, move)),
             TOO_LARGE)
    except exact.Unsupported as e:
        stop(str(e))
    if game.is_over(state):
        ex = None
    elif sol.proof in ("five", "fours"):  # a line game's proof: explained from it (no second search)
        ex = explain_solution(game, state, sol, budget_s=min(args.time_limit, EXTRA_SECONDS))
    else:  # the table is warm: the explanation's search finds the same answer
        ex = explain(game, state, budget_s=args.time_limit, max_nodes=args.max_nodes)
    _show(args, answer(game, state, sol, None, ex), sol, started)
    return 0


def _search_within(game: rules.Game, state: Any, args: argparse.Namespace) -> exact.Solution | None:
    """The exact answer when it is small enough to complete a rule's answer at once, else None."""
    if len(game.legal_moves(state)) > EXTRA_MOVES:
        return None
    try:
        return exact.solve(game, state, max_nodes=min(args.max_nodes, EXTRA_NODES),
                           max_seconds=min(args.time_limit, EXTRA_SECONDS))
    except (exact.TooLarge, exact.Unsupported):
        return None


def _show(args: argparse.Namespace, out: dict[str, Any], sol: exact.Solution | None, started: float) -> None:
    if args.json:
        print_json(out)
    else:
        print(describe(out))
        for line in describe_explanation(out):
            print(line)
    if args.stats:
        elapsed = time.perf_counter() - started
        said = (t("solve-stats", nodes=sol.nodes, seconds=elapsed) if sol is not None
                else t("solve-stats-none", seconds=elapsed))
        print(said, file=sys.stderr)


# ----------------------------------------------------------------------------------
# the exam


def exam_table(args: argparse.Namespace) -> dict[str, Any]:
    """Codes of every S and the answers of tasks 19, 20 and 21 (solver/exam.py; see :func:`run_exam`)."""
    try:
        setup = exam.parse(args.heaps, args.ops, args.goal, args.rule, args.s_range)
    except rules.RulesError as e:
        fail(rules_text(e))
    try:
        return exam.table(setup, max_nodes=args.max_nodes, max_seconds=args.time_limit)
    except exact.TooLarge as e:
        fail(str(e), TOO_LARGE)


def run_exam(args: argparse.Namespace) -> int:
    """Print the code of every S, then: 19 the least S where the second player can win by his first
    move after a bad first move; 20 the S where the first player wins by his second move but not by
    his first; 21 the least S where the second player wins by his first or second move but not
    surely by his first."""
    out = exam_table(args)
    if args.json:
        print_json(out)
        return 0
    print(t("exam-head", game=out["game"]))
    for s, code in out["codes"].items():
        print(f"S={s:>3}  {t('exam-over') if code is None else f'{code:+d}'}")
    print()
    none = t("exam-none")
    print(t("exam-task19", answer=none if out["task19"] is None else str(out["task19"])))
    print(t("exam-task20", answer=" ".join(map(str, out["task20"])) or none))
    print(t("exam-task21", answer=none if out["task21"] is None else str(out["task21"])))
    return 0
