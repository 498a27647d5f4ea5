"""The shape of the clients' code: no import circle anywhere in client/, the pygame client does not
lean on the terminal client (what both use lives in client/), and the room model is pure."""

from __future__ import annotations

from tests.server.test_architecture import IO_MODULES, _cycles, _imports, _modules

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
