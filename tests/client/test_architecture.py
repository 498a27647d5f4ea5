"""The shape of the clients' code: no import circle anywhere in client/, the pygame client does not
lean on the terminal client (what both use lives in client/), the room model is pure, and the
bot levels and tournament formats come from the protocol package, not copies."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.server.test_architecture import IO_MODULES, ROOT, _cycles, _imports, _modules

UI_MODULES = {"pygame", "textual", "rich"}


def _graph(folder: str) -> dict[str, set[str]]:
    mods = _modules(folder)
    return {m: {n for n in _imports(p, m) if n in mods and n != m} for m, p in mods.items()}


def test_the_client_modules_import_each_other_without_a_cycle() -> None:
    assert _cycles(_graph("client")) == []


def test_the_cli_modules_import_each_other_without_a_cycle() -> None:
    assert _cycles(_graph("cli")) == []


def test_the_pygame_client_does_not_import_the_terminal_client() -> None:
    for module, path in _modules("client/gui").items():
        used = {n for n in _imports(path, module) if n.startswith("client.tui")}
        assert not used, f"{module} imports {sorted(used)}"


def test_the_terminal_client_does_not_import_the_pygame_client() -> None:
    for module, path in _modules("client/tui").items():
        used = {n for n in _imports(path, module) if n.startswith("client.gui")}
        assert not used, f"{module} imports {sorted(used)}"


def test_the_room_model_is_pure() -> None:
    mods = _modules("client")
    used = {n.split(".")[0] for n in _imports(mods["client.room"], "client.room")}
    assert not used & (IO_MODULES | UI_MODULES), used & (IO_MODULES | UI_MODULES)
    ours = {n for n in _imports(mods["client.room"], "client.room") if n.startswith("client.")}
    assert ours == set(), f"client.room imports {ours}: it stands on the protocol alone"


def _string_lists(path: Path) -> list[tuple[int, set[str]]]:
    """Every tuple, list or set literal of strings in a file, with its line."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            words = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            if words:
                out.append((node.lineno, words))
    return out


def test_the_bot_levels_and_tournament_formats_are_read_from_the_protocol_not_copied() -> None:
    from grundy import protocol as p
    from grundy.solver.bot import LEVELS

    assert p.BOT_LEVELS == LEVELS  # the server's bots play exactly the levels the protocol names
    levels, formats = set(p.BOT_LEVELS), set(p.TOURNAMENT_FORMATS)
    found = []
    for folder in ("client", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, words in _string_lists(path):
                if len(words & levels) >= 3 or len(words & formats) >= 3:
                    found.append(f"{path.relative_to(ROOT)}:{line}: {sorted(words)}")
    assert not found, "read grundy.protocol.BOT_LEVELS / TOURNAMENT_FORMATS instead:\n" + "\n".join(found)
