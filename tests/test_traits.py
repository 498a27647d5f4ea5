"""Games declare their traits: nothing outside rules/ tells games apart by comparing a game's name.

Whether a game can be drawn, whether its moves are public, its symmetry key, its documentation
sample, its kind and its line-game trait are declared in ``rules/``; the solver's and the
clients' hooks are keyed by those traits, or registered in one line next to the hook (a dict
keyed by the game).  A comparison such as ``game.name == "nim"`` or ``game in ("mnk", "gomoku")``
anywhere in the other layers fails here, naming the file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from grundy import rules
from grundy.rules.base import GRID_PURSUIT, HIDDEN_LAYOUT, VIEW_KINDS, BoardSymmetry, InARow
from grundy.rules.catalog import ALIASES, GAMES
from grundy.solver import analysis, bot, exact

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("solver", "server", "client", "cli", "protocol")
NAMES = frozenset(cls.name for cls in GAMES) | frozenset(ALIASES)
KINDS = (GRID_PURSUIT, HIDDEN_LAYOUT)


def _names_in(node: ast.AST) -> list[str]:
    """Catalog names written as literals in one side of a comparison (alone or in a tuple, list or set)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value.strip().lower() in NAMES else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [n for item in node.elts for n in _names_in(item)]
    return []


def name_switches(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """``(line, code)`` of every comparison against a catalog game's name, and every match case on one."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Compare):
            if any(_names_in(side) for side in (node.left, *node.comparators)):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.match_case):
            literals = [n for n in ast.walk(node.pattern) if isinstance(n, ast.MatchValue)]
            if any(_names_in(m.value) for m in literals):
                found.append((node.pattern.lineno, f"case {ast.unparse(node.pattern)}"))
    return found


def test_the_scan_finds_every_form_of_a_switch_on_a_name() -> None:
    source = """
if game.name == "nim": pass
if "gomoku" != rec["game"]: pass
if name in ("mnk", "gomoku"): pass
if g not in ["pursuit"]: pass
if canonical(game) == "tictactoe": pass
match game.name:
    case "minesweeper": pass
if view["rule"] == "renju" or key in ("board", "cells"): pass
registry = {"nim": 1}
"""
    assert [line for line, _ in name_switches(source)] == [2, 3, 4, 5, 6, 8]


def test_no_layer_outside_rules_switches_on_a_game_name() -> None:
    found = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT)
            for line, code in name_switches(path.read_text(encoding="utf-8"), str(rel)):
                found.append(f"{rel}:{line}: {code}")
    assert not found, (
        "a game's name compared outside rules/: declare the trait on the game (rules/base.py) or register "
        "the game in one line next to the hook (docs/ADDING_A_GAME.md):\n" + "\n".join(found)
    )


CLASSES = frozenset(cls.__name__ for cls in GAMES)
# Switches on a game's class that remain, each named with where it is (none: the native move path takes a game by
# its ``native_rules`` trait).  A new one fails below; one that is gone must leave this set.
KNOWN_CLASS_SWITCHES: set[tuple[str, str]] = set()


def class_switches(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """``(line, class)`` of every ``type(x) is C``, ``type(x) is not C`` and ``isinstance(x, C)`` on a game class."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        names: list[ast.expr] = []
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            names = [node.left, *node.comparators]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            kinds = node.args[1:2]
            names = [e for k in kinds for e in (k.elts if isinstance(k, ast.Tuple) else [k])]
        for n in names:
            name = n.attr if isinstance(n, ast.Attribute) else n.id if isinstance(n, ast.Name) else None
            if name in CLASSES:
                found.append((node.lineno, name))
    return found


def test_the_scan_finds_every_switch_on_a_game_class() -> None:
    source = "if type(g) is Nim: pass\nif type(g) is not games.Kayles: pass\nif isinstance(g, (int, Mnk)): pass\n"
    assert class_switches(source) == [(1, "Nim"), (2, "Kayles"), (3, "Mnk")]


def test_no_layer_outside_rules_switches_on_a_game_class() -> None:
    found = set()
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            found |= {(rel, name) for _, name in class_switches(path.read_text(encoding="utf-8"), rel)}
    assert not found - KNOWN_CLASS_SWITCHES, "a game's class switched on outside rules/: declare a trait on the game"
    assert not KNOWN_CLASS_SWITCHES - found, "a known switch is gone: take it off KNOWN_CLASS_SWITCHES"


def test_the_native_code_names_no_game() -> None:
    """native/ writes no catalog game's name as a string: it is given a game's terms, never told which game (a
    keyword argument's name, such as the line engine's ``stones``, is a word, not a game)."""
    found = []
    for path in sorted((ROOT / "native").glob("*.[ch]")):
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)  # (comments)
        text = re.sub(r"kwlist\[\]\s*=\s*\{[^}]*\}", "", text)  # (keyword arguments' names)
        for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
            if literal.strip().lower() in NAMES:
                found.append(f'{path.relative_to(ROOT)}: "{literal}"')
    assert not found, "a game's name in the native code:\n" + "\n".join(found)


def test_every_declared_kind_is_known_and_the_bots_hooks_are_keyed_by_kinds() -> None:
    for cls in GAMES:
        assert cls.kind is None or cls.kind in KINDS, cls.name
    assert set(bot.BLIND) <= set(KINDS) and set(bot.EVALUATORS) <= set(KINDS)
    assert {cls.kind for cls in GAMES if cls.kind} <= set(bot.BLIND)


def test_line_games_declare_their_board_and_build_positions_from_stones() -> None:
    game = rules.create("mnk", m=4, n=3, k=3)
    line = game.in_a_row()
    assert isinstance(line, InARow) and (line.width, line.height, line.k, line.rule) == (4, 3, 3, "freestyle")
    state = line.with_stones(bytes([1, 2, 1] + [0] * 9))
    assert game.to_move(state) == 1 and line.colour_to_move(state) == 1 and len(state.empty) == 9
    board, colour = exact.line_board(game, state)
    assert colour == 1
    gomoku = rules.create("gomoku", rule="renju", opening="swap")
    line = gomoku.in_a_row()
    assert (line.width, line.k, line.rule) == (15, 5, "renju")
    assert line.colour_to_move(gomoku.initial()) is None  # the opening lays stones by its own rules
    assert exact.line_board(gomoku, gomoku.initial()) is None
    played = line.with_stones(bytes([1] + [0] * 224))
    assert line.colour_to_move(played) == 1 and exact.line_board(gomoku, played) is not None
    assert rules.create("nim").in_a_row() is None


def test_symmetries_are_declared_by_the_games() -> None:
    nim = rules.create("nim", heaps="3,1,2")
    key = exact.canonical_key(nim)
    assert key is not None and key(nim.initial()) == (1, 2, 3)
    coins = rules.create("coins", width=3, height=2, radius=0)
    assert isinstance(coins.board_symmetry(), BoardSymmetry)
    key = exact.canonical_key(coins)
    assert key is not None
    left, right = coins.apply(coins.initial(), (0, 0)), coins.apply(coins.initial(), (2, 1))
    assert key(left) == key(right)  # a half turn of the table
    assert exact.canonical_key(rules.create("corner", players=3)) is None
    assert exact.canonical_key(rules.create("pawn")) is None


def test_analysis_tables_are_registered_by_game_class() -> None:
    assert {cls.name for cls in analysis.TABLES} == {"corner", "pawn", "pursuit"}
    assert all(cls in GAMES for cls in analysis.TABLES)


def test_every_game_declares_a_known_kind_of_view_and_its_traits_travel_as_the_protocol_says() -> None:
    from grundy import protocol as p
    from grundy.rules.base import VIEW_KINDS

    for cls in GAMES:
        assert cls.view_kind in VIEW_KINDS, f"{cls.name}: view_kind {getattr(cls, 'view_kind', None)!r}"
        traits = p.Traits.model_validate(cls.schema()["traits"])
        assert traits.view == cls.view_kind and traits.can_draw == cls.can_draw
        assert traits.public_moves == cls.public_moves and traits.scores == cls.has_scores
    used = {cls.view_kind for cls in GAMES}
    assert used == set(VIEW_KINDS), f"kinds no game uses: {set(VIEW_KINDS) - used}"


def test_a_game_with_move_modes_has_every_legal_move_in_one_of_them() -> None:
    moded = [cls for cls in GAMES if cls.move_modes]
    assert moded, "minesweeper flags and reveals: at least one game has move modes"
    for cls in moded:
        game = cls()
        prefixes = {m.prefix for m in cls.move_modes}
        legal = game.legal_texts(game.initial())
        assert legal and all(text.split(" ", 1)[0] in prefixes for text in legal), legal[:5]
        after = game.replay([legal[len(legal) // 2]])  # (minesweeper: flags come after the first reveal)
        later = [] if game.is_over(after) else game.legal_texts(after)
        assert {text.split(" ", 1)[0] for text in legal + later} <= prefixes


def test_a_rooms_traits_follow_its_parameters() -> None:
    """``room_state`` carries the game's traits with the room's parameters (pursuit hides nothing when the
    evader sees; a board too small to be drawn is still of its kind)."""
    seeing = rules.create("pursuit", evader_sees=True).traits()
    blind = rules.create("pursuit", evader_sees=False).traits()
    assert seeing["hidden_information"] is False and blind["hidden_information"] is True
    assert seeing["view"] == blind["view"] == "pursuit"


def name_registries(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """``(line, keys)`` of every dict written with a catalog game's name as a key (``{"nim": ...}``, ``dict(nim=...)``).

    A dict whose keys are all kinds of view is keyed by kinds (a few kinds are named like their game: ``pawn``).
    """
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Dict):
            every = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            keys = [n for key in node.keys if key is not None for n in _names_in(key)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            every = [k.arg for k in node.keywords if k.arg is not None]
            keys = [k for k in every if k in NAMES]
        else:
            continue
        if keys and not set(every) <= set(VIEW_KINDS):
            found.append((node.lineno, ", ".join(keys)))
    return found


def test_the_scan_finds_a_registry_keyed_by_game_names() -> None:
    source = """
DRAWERS = {"nim": draw_nim, "gomoku": draw_gomoku}
KINDS = {"heaps": draw_heaps}
COLOURS = dict(mnk=1)
words = {"more": "place two more"}
BY_KIND = {"pawn": 1, "line": 2}
"""
    assert [line for line, _ in name_registries(source)] == [2, 4]


def test_no_client_keeps_a_registry_keyed_by_game_names() -> None:
    """The clients choose by the traits the server sends (the view's kind, move modes): never by the game."""
    found = []
    for path in sorted((ROOT / "client").rglob("*.py")):
        rel = path.relative_to(ROOT)
        for line, keys in name_registries(path.read_text(encoding="utf-8"), str(rel)):
            found.append(f"{rel}:{line}: keyed by {keys}")
    assert not found, "a client keyed by game names; key it by the view's kind (traits.view):\n" + "\n".join(found)
