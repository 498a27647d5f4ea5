"""The browser never tells games apart by name: renderers, move modes, scores and draw offers come
from the traits on the wire (``traits.view`` and the rest), so a new game of a known kind of view
needs no change to the page.

Every script of client/web/ is scanned: a catalog game's name (or alias) written as a string, a
property or a key, and a comparison or a lookup on a ``game`` value, fail here naming the file and
line (as tests/test_traits.py does for the Python code).  A kind of view that shares its word with a
game (``pawn``, ``coins``, ``pursuit``) is fine as a kind.
"""

from __future__ import annotations

import re
from pathlib import Path

from grundy.rules.base import VIEW_KINDS
from grundy.rules.catalog import ALIASES, GAMES

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "client" / "web"
NAMES = frozenset(cls.name for cls in GAMES) | frozenset(ALIASES)
ONLY_NAMES = NAMES - frozenset(VIEW_KINDS)  # words that can only mean a game

_OP = r"(?:===|!==|==|!=)"
_GAME = r"(?<![\w$])(?:[\w$]+\.)*game(?![\w$])"  # `game`, `room.game`, `msg.game` (not `games`, `gameSchema`)
_WORDS = "|".join(sorted(map(re.escape, ONLY_NAMES)))
SWITCHES = [
    (re.compile(rf"{_GAME}\s*{_OP}|{_OP}\s*{_GAME}"), "compares a game's name"),
    (re.compile(rf"\[\s*{_GAME}\s*\]"), "looks something up by a game's name"),
    (re.compile(rf"\.(?:has|get|includes|indexOf)\(\s*{_GAME}\s*\)"), "looks something up by a game's name"),
    (re.compile(rf"switch\s*\(\s*{_GAME}\s*\)"), "switches on a game's name"),
    (re.compile(rf"\.(?:{_WORDS})(?![\w$])"), "reads a property named after a game"),
    (re.compile(rf"(?:^|[{{,])\s*(?:{_WORDS})\s*(?::|\(|,|\}})"), "keys a table by a game's name"),
]


def _split(source: str) -> tuple[str, list[tuple[int, str]]]:
    """The code with comments removed and every string literal blanked to ``""``, and the literals
    with their line numbers (a template literal's text between its ``${}`` parts counts as one)."""
    code: list[str] = []
    strings: list[tuple[int, str]] = []
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
            continue
        if source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += source.count("\n", i, j)
            code.append("\n" * source.count("\n", i, j))
            i = j
            continue
        if c in "\"'`":
            j, text, start = i + 1, [], line
            while j < n and source[j] != c:
                if source[j] == "\\":
                    text.append(source[j + 1 : j + 2])
                    j += 2
                    continue
                if c == "`" and source.startswith("${", j):  # a template's expression: skip it (scanned as code below)
                    depth, k = 1, j + 2
                    while k < n and depth:
                        depth += {"{": 1, "}": -1}.get(source[k], 0)
                        k += 1
                    code.append(" " + source[j + 2 : k - 1] + " ")
                    strings.append((start, "".join(text)))
                    text = []
                    line += source.count("\n", j, k)
                    j = k
                    continue
                if source[j] == "\n":
                    line += 1
                text.append(source[j])
                j += 1
            strings.append((start, "".join(text)))
            code.append('""')
            i = j + 1
            continue
        if c == "\n":
            line += 1
        code.append(c)
        i += 1
    return "".join(code), strings


def name_switches(source: str) -> list[tuple[int, str]]:
    """``(line, why)`` for every place the script tells games apart by name."""
    code, strings = _split(source)
    found = [(line, f"the game name {t!r} written out") for line, t in strings if t.strip().lower() in ONLY_NAMES]
    for number, text in enumerate(code.split("\n"), 1):
        found += [(number, why) for pattern, why in SWITCHES if pattern.search(text)]
    return sorted(set(found))


def test_the_scan_finds_the_ways_a_page_can_switch_on_a_game() -> None:
    source = "\n".join([
        'if (room.game === "minesweeper") flagToggle();',  # 1
        "const draw = DRAW[room.game];",  # 2
        "if (GRIDS.has(room.game)) grid();",  # 3
        "const content = CONTENT[room.game](v);",  # 4
        'function dims(game, v) { if (game === "pawn") return [v.size, v.size]; }',  # 5
        "const DRAW = { nim, subtraction };",  # 6
        "const CONTENT = {",  # 7
        "  gomoku(v) {",  # 8
        "  },",  # 9
        "  tictactoe: 3,",  # 10
        "};",  # 11
        "switch (msg.game) { default: }",  # 12
        "const mines = `${room.game}` + `minesweeper`;",  # 13
        "const k = room.traits.view; // minesweeper and gomoku in a comment are fine",  # 14
        'const pawn = v.pawn, kind = "coins";  /* kinds of view, not games: "nim" */',  # 15
        "const schema = gameSchema(game), games = S.games, g = games.find((x) => x.name === name);",  # 16
        "if (CONTENT.gomoku) draw();",  # 17
    ])
    lines = {line for line, _ in name_switches(source)}
    assert lines == {1, 2, 3, 4, 5, 6, 8, 10, 12, 13, 17}


def test_no_script_of_the_page_switches_on_a_game_name() -> None:
    scripts = sorted(WEB.glob("*.js"))
    assert {"app.js", "boards.js", "room.js"} <= {p.name for p in scripts}
    found = [
        f"{path.relative_to(ROOT)}:{line}: {why}: {path.read_text(encoding='utf-8').splitlines()[line - 1].strip()}"
        for path in scripts
        for line, why in name_switches(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "\n".join(found)
