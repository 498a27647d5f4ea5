"""`grundy games` and `grundy show` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

from grundy import rules
from tests.cli import inproc


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """`grundy ARGS` as a user runs it: a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True, timeout=60
    )


def grundy(*args: str) -> subprocess.CompletedProcess[str]:
    """What :func:`process` gives, run in this process: the same ``main`` (tests/cli/inproc.py), without an
    interpreter's start for each command; each test file keeps a few runs of :func:`process`."""
    return inproc.grundy(*args)


def at_once(*commands: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """Run each command as :func:`grundy` does, one after the other."""
    return [grundy(*args) for args in commands]


def test_games_json_lists_every_game_with_parameters() -> None:
    out = process("games", "--json")
    assert out.returncode == 0, out.stderr
    entries = json.loads(out.stdout)
    assert [e["name"] for e in entries] == rules.names()
    nim = next(e for e in entries if e["name"] == "nim")
    assert nim["seats"] == 2
    heaps = next(p for p in nim["parameters"] if p["name"] == "heaps")
    assert heaps["default"] == "3,4,5" and heaps["type"] == "ints"


def test_games_text_mentions_every_game() -> None:
    out = grundy("games")
    assert out.returncode == 0
    for name in rules.names():
        assert name in out.stdout


def test_show_json_after_moves() -> None:
    out = grundy("show", "nim", "--set", "heaps=1,2", "--moves", "2:2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data == {
        "game": "nim",
        "params": {"heaps": [1, 2], "misere": False},
        "to_move": 1,
        "legal": ["1:1"],
        "over": False,
        "result": None,
    }


def test_show_json_of_a_finished_game() -> None:
    out = grundy("show", "nim", "--set", "heaps=1,2", "--moves", "2:2 1:1", "--json")
    data = json.loads(out.stdout)
    assert data["over"] is True and data["to_move"] is None and data["legal"] == []
    assert data["result"]["outcomes"] == ["loss", "win"]
    assert data["result"]["scores"] is None and data["result"]["reason"]


def test_illegal_move_exits_2_naming_move_and_position() -> None:
    out = process("show", "nim", "--set", "heaps=1,2", "--moves", "2:1 2:5")
    assert out.returncode == 2
    assert "move 2" in out.stderr and "2:5" in out.stderr and "has only 1" in out.stderr


def test_unparsable_move_exits_2() -> None:
    out = grundy("show", "nim", "--moves", "banana")
    assert out.returncode == 2
    assert "move 1" in out.stderr and "banana" in out.stderr


def test_bad_parameter_exits_2() -> None:
    out = grundy("show", "nim", "--set", "heaps=a")
    assert out.returncode == 2 and "heaps" in out.stderr
    out = grundy("show", "nim", "--set", "heaps")
    assert out.returncode == 2 and "KEY=VALUE" in out.stderr


def test_parameters_past_their_bounds_exit_2_naming_the_bound() -> None:
    outs = iter(
        at_once(
            *[
                (command, *args)
                for command in ("show", "solve")
                for args in (
                    ("stones", "--set", "goal=" + "9" * 5000),
                    ("stones", "--set", "ops=+18446744073709551615"),
                    ("nim", "--set", "heaps=" + ",".join(["1"] * 65)),
                )
            ],
            ("games", "--json"),
        )
    )
    for _ in ("show", "solve"):
        out = next(outs)
        assert out.returncode == 2 and "'goal'" in out.stderr and "at most 16 characters" in out.stderr
        assert len(out.stderr) < 400  # the huge value is not echoed back
        out = next(outs)
        assert out.returncode == 2 and "'ops'" in out.stderr
        out = next(outs)
        assert out.returncode == 2 and "65 items is too many" in out.stderr
    out = next(outs)
    nim = next(g for g in json.loads(out.stdout) if g["name"] == "nim")
    heaps = next(q for q in nim["parameters"] if q["name"] == "heaps")
    assert (heaps["min"], heaps["max"], heaps["max_items"]) == (0, 10**9, 64)


def test_text_output_shows_board_turn_and_legal_moves() -> None:
    out = grundy("show", "nim", "--set", "heaps=2")
    assert out.returncode == 0
    assert "heap 1" in out.stdout and "to move: seat 0" in out.stdout and "1:2" in out.stdout


def test_as_spectator_adds_the_view() -> None:
    out = grundy("show", "nim", "--as", "spectator", "--json")
    assert json.loads(out.stdout)["view"]["heaps"] == [3, 4, 5]
    out = grundy("show", "nim", "--as", "5")
    assert out.returncode == 2 and "seats are 0..1" in out.stderr


def test_moves_with_a_space_can_be_given_without_commas() -> None:
    from grundy.cli.common import split_moves

    assert split_moves("r e5 f a1") == ["r e5", "f a1"]
    assert split_moves("r e5, f a1") == ["r e5", "f a1"]
    assert split_moves("2:3 1:1") == ["2:3", "1:1"]
    assert split_moves("h8 black i9") == ["h8", "black", "i9"]


def test_a_blind_evader_is_not_shown_the_pursuers_moves() -> None:
    base = ["show", "pursuit", "--set", "evader_sees=false", "--set", "seed=5", "--json"]
    r = grundy(*base, "--as", "1")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["to_move"] == 0 and data["legal"] == []
    assert data["view"]["figures"][0] is None
    assert json.loads(grundy(*base, "--as", "0").stdout)["legal"]
    r = grundy(*base[:-1], "--as", "spectator")
    assert r.returncode == 0 and "legal:" not in r.stdout
