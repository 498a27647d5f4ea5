"""`grundy solve`, `grundy analyze` and `grundy exam` as a user runs them: JSON shapes and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from grundy import protocol as p
from tests.cli import inproc


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """`grundy ARGS` as a user runs it: a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=120
    )


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    """What :func:`process` gives, run in this process: the same ``main`` (tests/cli/inproc.py), without an
    interpreter's start for each command; each test file keeps a few runs of :func:`process`."""
    return inproc.grundy(*args)


def at_once(*commands: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """Run each command as :func:`grundy` does, one after the other."""
    return [grundy(*args) for args in commands]


def solve_json(*args: str) -> dict:
    out = grundy("solve", *args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_solve_nim_json() -> None:
    data = solve_json("nim")
    ex = data.pop("explanation")
    assert data == {
        "to_move": 0, "outcome": "win", "in": 6, "value": None, "grundy": 2, "best": ["1:2"], "also": [],
        "proof": "search", "at_most": None, "line": [], "rule": "nim-sum",
    }
    e = p.Explanation(**ex)  # the protocol's shape
    assert (e.rule, e.by, e.value.text, e.best, e.nim_sum, e.nim_sum_binary) == (
        "nim-sum", "by the nim-sum", "win in 6", ["1:2"], 2, "010")
    assert e.reason.startswith("the nim-sum 3 XOR 4 XOR 5 = 2; take 2 from heap 1 to leave nim-sum 0")
    assert [(c.label, c.size, c.grundy, c.binary) for c in e.components] == [
        ("heap 1", 3, 3, "011"), ("heap 2", 4, 4, "100"), ("heap 3", 5, 5, "101")]
    assert [(m.move, m.component, m.after) for m in e.moves] == [("1:2", 0, 0)]


def test_solve_nim_text_shows_the_nim_sum_and_the_binary_rows() -> None:
    out = process("solve", "nim", "--set", "heaps=3,4,5")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("seat 0 to move: win in 6") and lines[0].endswith("best: 1:2")
    assert lines[1].startswith("by the nim-sum: the nim-sum 3 XOR 4 XOR 5 = 2")
    assert lines[2:7] == [
        "  heap 1   3  011",
        "  heap 2   4  100",
        "  heap 3   5  101",
        "  ---------------",
        "  nim-sum  2  010",
    ]
    assert lines[7:9] == ["winning moves:", "  1:2: take 2 from heap 1: 3 becomes 1, leaving nim-sum 0"]


def test_solve_nim_of_a_million_answers_at_once_by_the_nim_sum() -> None:
    args = ("solve", "nim", "--set", "heaps=1000000,999999,3")
    out = subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                         timeout=120)  # answered by the rule ("proof": "rule" below), not by a search
    assert out.returncode == 0, out.stderr
    assert "by the nim-sum" in out.stdout and "= 124" in out.stdout
    assert "  nim-sum      124  00000000000001111100" in out.stdout.splitlines()
    assert out.stdout.splitlines()[0].endswith("best: 1:4")
    data = solve_json(*args[1:])
    assert (data["outcome"], data["in"], data["grundy"], data["best"], data["proof"], data["rule"]) == (
        "win", None, 124, ["1:4"], "rule", "nim-sum")
    assert data["explanation"]["nim_sum"] == 124 and data["explanation"]["best"] == ["1:4"]
    assert data["explanation"]["moves"] == [
        {"move": "1:4", "why": "take 4 from heap 1: 1000000 becomes 999996, leaving nim-sum 0", "component": 0,
         "after": 0, "also": False,
         "said": {"id": "nim.note", "args": {"take": 4, "heap": 1, "size": 1000000, "to": 999996, "after": 0}}}]


def test_solve_a_lost_nim_says_no_move_can_zero_the_nim_sum() -> None:
    data = solve_json("nim", "--set", "heaps=1000000,999999,127")
    assert (data["outcome"], data["best"], data["grundy"], data["rule"]) == ("loss", [], 0, "nim-sum")
    assert "every move" in data["explanation"]["reason"] and data["explanation"]["best"] == []
    out = grundy("solve", "nim", "--set", "heaps=1000000,999999,127")
    assert out.returncode == 0 and "loss" in out.stdout and "best: none wins" in out.stdout


RULE_CASES = [
    (("kayles", "--set", "pins=64", "--set", "start=1-30,33-64"), "kayles", "by the Grundy values of the rows"),
    (("corner", "--set", "piece=queen", "--set", "width=64", "--set", "height=64", "--set", "start=b64"),
     "wythoff", "by Wythoff's pairs"),
    (("corner", "--set", "piece=king", "--set", "width=64", "--set", "height=64"), "king-parity",
     "by the king's parity"),
    (("corner", "--set", "piece=rook", "--set", "width=64", "--set", "height=40"), "rook-nim", "by the nim-sum"),
    (("subtraction", "--set", "n=1000000000", "--set", "take=1,3,4"), "subtraction-period",
     "by the period of lost sizes"),
    (("nim", "--set", "heaps=2,5,7,1", "--set", "misere=true"), "misere-nim", "by the misère nim-sum"),
    (("coins", "--set", "width=15", "--set", "height=15", "--moves", "h8 d4"), "symmetry", "by symmetry"),
]
# What the rule says of some of them, beyond its name.
RULE_ANSWERS = {"kayles": ("grundy", 7 ^ 1), "wythoff": ("best", ["b3"]), "subtraction-period": ("best", ["4"])}


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """`grundy ARGS` run in this process (the same parser and code as the command): exit status and stdout."""
    from grundy.cli.main import main

    code = main(list(args))
    return code, capsys.readouterr().out


@pytest.mark.parametrize(("args", "rule", "by"), RULE_CASES, ids=[c[1] for c in RULE_CASES])
def test_solve_names_the_rule_for_every_known_strategy(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], rule: str, by: str
) -> None:
    code, out = in_process(capsys, "solve", *args, "--json")
    data = json.loads(out)
    assert code == 0 and data["rule"] == rule and data["explanation"]["by"] == by
    assert data["outcome"] in ("win", "loss")
    if data["in"] is None:  # the rule alone answered: its winning moves are the best
        assert data["proof"] == "rule" and data["best"] == data["explanation"]["best"]
    p.Explanation(**data["explanation"])
    if rule in RULE_ANSWERS:
        key, want = RULE_ANSWERS[rule]
        assert data[key] == want
    code, out = in_process(capsys, "solve", *args)
    assert code == 0 and f"\n{by}: " in out


def test_solve_without_a_rule_says_exact_search() -> None:
    data = solve_json("corner", "--set", "piece=knight")
    assert data["rule"] == "search" and data["explanation"]["rule"] == "search"
    assert len(data["explanation"]["cells"]) == 64  # the map of the board
    out = grundy("solve", "corner", "--set", "piece=knight")
    assert out.returncode == 0 and out.stdout.splitlines()[1].startswith("by exact search: no classical rule")
    assert "  8   W2   W2   W2   W3   W3   W3   W3 [L3]" in out.stdout.splitlines()


def test_solve_after_moves_for_the_second_player() -> None:
    data = solve_json("nim", "--set", "heaps=1,2,3", "--moves", "1:1")
    assert data["to_move"] == 1 and data["outcome"] == "win" and data["grundy"] == 1 ^ 2 ^ 3 ^ 1


def test_solve_pawn_gives_the_value_and_no_outcome() -> None:
    data = solve_json("pawn")
    ex = data.pop("explanation")
    assert data == {"to_move": 0, "outcome": None, "in": None, "value": 5, "grundy": None, "best": ["b1"], "also": [],
                    "proof": "search", "at_most": None, "line": [], "rule": "search"}
    assert ex["value"]["score"] == 5 and {c["cell"]: c["value"] for c in ex["cells"]}["a1"] == 5


def test_solve_tictactoe_is_a_draw_with_every_first_move() -> None:
    data = solve_json("tictactoe")
    assert data["outcome"] == "draw" and data["in"] is None and len(data["best"]) == 9


def test_solve_stones_uses_the_exam_counting() -> None:
    data = solve_json("stones", "--set", "heaps=7,30", "--set", "goal=77")
    assert (data["outcome"], data["in"]) == ("loss", 2)
    data = solve_json("stones", "--set", "heaps=7,31", "--set", "goal=77")
    assert (data["outcome"], data["in"]) == ("win", 2)
    assert "1:*2" in data["best"]  # to (14, 31), from where every answer loses by the next move


def test_solve_text_says_it_in_words() -> None:
    out = grundy("solve", "subtraction", "--set", "n=5", "--set", "goal=1")
    assert out.returncode == 0
    assert "win in 2" in out.stdout and "best: 1" in out.stdout


def test_solve_a_finished_game() -> None:
    data = solve_json("nim", "--set", "heaps=1,2", "--moves", "2:2 1:1")
    assert data == {"to_move": None, "outcome": None, "in": None, "value": None, "grundy": None, "best": [], "also": [],
                    "proof": "search", "at_most": None, "line": [], "rule": None, "explanation": None}


def test_too_large_exits_3_with_a_clear_message() -> None:
    out = grundy("solve", "coins", "--set", "width=15", "--set", "height=15", "--moves", "d4", "--max-nodes", "1000")
    assert out.returncode == 3  # the centre is free: the symmetry says nothing
    assert "too large" in out.stderr and "--max-nodes" in out.stderr
    out = grundy("solve", "coins", "--set", "width=15", "--set", "height=15", "--max-nodes", "1000")
    assert out.returncode == 0 and "\nby symmetry: take the centre h8" in out.stdout  # the rule answers at once
    out = grundy("solve", "mnk", "--set", "m=6", "--set", "n=6", "--set", "k=5", "--time-limit", "0.5")
    assert out.returncode == 3 and "too large" in out.stderr


def test_bad_input_exits_2() -> None:
    assert process("solve", "chess").returncode == 2
    out = grundy("solve", "nim", "--moves", "9:9")
    assert out.returncode == 2 and "9:9" in out.stderr
    out = grundy("solve", "corner", "--set", "players=3")
    assert out.returncode == 2 and "two-player" in out.stderr


def test_gomoku_win_in_one_on_the_big_board() -> None:
    out = grundy("solve", "gomoku", "--moves", "h8 h9 i8 i9 j8 j9 k8 a1", "--time-limit", "20")
    assert out.returncode == 0, out.stderr
    first, rule = out.stdout.splitlines()[:2]
    assert first.startswith("seat 0 to move: win in 1 ") and first.endswith("best: g8 l8")
    assert rule.startswith("by a win at once: the player to move wins")
    data = solve_json("gomoku", "--moves", "h8 h9 i8 i9 j8 j9 k8 a1")
    assert (data["outcome"], data["in"], data["proof"], data["best"]) == ("win", 1, "five", ["g8", "l8"])
    assert data["rule"] == "threats" and data["explanation"]["best"] == ["g8", "l8"]


def test_gomoku_win_by_continuous_fours_prints_its_line() -> None:
    moves = "j11 h6 k8 h10 l9 h9 k10 h8 h7 h11 h12 m8 i12 h13 k12 j12 j9 i8"
    out = grundy("solve", "gomoku", "--moves", moves)
    assert out.returncode == 0, out.stderr
    assert "win in 3 by continuous fours" in out.stdout and "line: k9 k11 m9 " in out.stdout
    data = solve_json("gomoku", "--moves", moves)
    assert (data["outcome"], data["in"], data["at_most"], data["proof"]) == ("win", 3, None, "fours")
    assert data["line"][0] == "k9" and len(data["line"]) == 5


def test_gomoku_without_a_proof_says_so_and_json_still_answers() -> None:
    bads = (("chess",), ("nim", "--moves", "9:9"), ("nim", "--set", "heaps"), ("corner", "--set", "players=3"))
    outs = iter(at_once(
        ("solve", "gomoku", "--moves", "h8 h9"),
        ("solve", "gomoku", "--moves", "h8 h9", "--json"),
        *[("solve", *bad, "--json") for bad in bads],
        ("solve", "nim", "--max-nodes", "lots", "--json"),
        ("solve", "coins", "--set", "width=15", "--set", "height=15", "--moves", "d4", "--max-nodes", "1000", "--json"),
    ))
    out = next(outs)
    assert out.returncode == 3 and "no proof" in out.stderr and "continuous fours" in out.stderr
    out = next(outs)
    assert out.returncode == 3
    data = json.loads(out.stdout)
    assert data["exit"] == 3 and "no proof" in data["error"] and data["outcome"] is None
    for bad in bads:
        out = next(outs)
        assert out.returncode == 2 and json.loads(out.stdout)["exit"] == 2, bad
    out = next(outs)  # a usage error
    assert out.returncode == 2 and "--max-nodes" in json.loads(out.stdout)["error"]
    out = next(outs)
    data = json.loads(out.stdout)
    assert out.returncode == 3 and "too large" in data["error"] and (data["rule"], data["explanation"]) == (None, None)


# ----------------------------------------------------------------------------------
# analyze


def analyze_json(*args: str) -> dict:
    out = grundy("analyze", *args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_analyze_rook_shows_two_heap_nim() -> None:
    data = analyze_json("corner", "--set", "piece=rook", "--set", "width=6", "--set", "height=5")
    cells = data["cells"]
    assert len(cells) == 30
    assert cells["a1"] == {"outcome": "loss", "in": 0, "grundy": 0, "value": None}
    for name, v in cells.items():
        x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
        assert v["grundy"] == x ^ y
        assert (v["outcome"] == "loss") == (x == y)
    assert any("x XOR y" in n and "holds" in n for n in data["notes"])


def test_analyze_queen_shows_wythoff_and_king_parity_in_text() -> None:
    out = grundy("analyze", "corner", "--set", "piece=queen")
    assert out.returncode == 0
    assert "Wythoff" in out.stdout and "(1,2), (3,5), (4,7)" in out.stdout and "holds on every cell" in out.stdout
    assert "Grundy values" in out.stdout
    king = grundy("analyze", "corner", "--set", "piece=king")
    assert "parity" in king.stdout and "holds on every cell" in king.stdout
    rows = [line for line in king.stdout.splitlines() if line.startswith("1 ")]
    assert rows[0].split()[1:4] == ["L0", "W1", "L1"]


def test_analyze_pawn_prices() -> None:
    data = analyze_json("pawn")
    assert data["cells"]["a1"]["value"] == 5
    assert data["cells"]["a8"]["value"] == 1 and data["cells"]["h1"]["value"] == 8
    assert len(data["cells"]) == 36


def test_analyze_pursuit_keys_pairs_of_cells() -> None:
    data = analyze_json("pursuit", "--set", "width=4", "--set", "height=3", "--set", "starts=a1;d3")
    cells = data["cells"]
    assert len(cells) == 12 * 11
    assert cells["a1-b2"] == {"outcome": "win", "in": 1, "grundy": None, "value": 1}
    assert cells["a1-d3"]["in"] == 3
    out = grundy("analyze", "pursuit", "--set", "width=4", "--set", "height=3", "--set", "starts=a1;d3")
    assert out.returncode == 0 and "P on a1" in out.stdout


def test_analyze_pursuit_on_a_huge_board_is_too_large() -> None:
    out = grundy("analyze", "pursuit", "--set", "width=64", "--set", "height=64", "--set", "starts=a1;t20")
    assert out.returncode == 3 and "open cells" in out.stderr


def test_analyze_refuses_other_games() -> None:
    out = grundy("analyze", "nim")
    assert out.returncode == 2 and "corner, pawn and pursuit" in out.stderr


# ----------------------------------------------------------------------------------
# the exam


def test_exam_prints_every_code_and_the_three_answers() -> None:
    out = process("exam")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "S= 17  +11" in lines and "S= 30  -2" in lines and "S= 69  +1" in lines
    assert any(line.startswith("19: 18 ") for line in lines)
    assert any(line.startswith("20: 31 34 ") for line in lines)
    assert any(line.startswith("21: 30 ") for line in lines)


def test_exam_json() -> None:
    out = grundy("exam", "--json")
    data = json.loads(out.stdout)
    assert (data["task19"], data["task20"], data["task21"]) == (18, [31, 34], 30)
    assert len(data["codes"]) == 69 and data["codes"]["31"] == 2


def test_exam_bad_heaps_exit_2() -> None:
    out = grundy("exam", "--heaps", "7,9")
    assert out.returncode == 2 and "S" in out.stderr
