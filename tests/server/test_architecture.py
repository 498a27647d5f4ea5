"""The shape of the code: layers point downwards, the server's modules import each other without a
cycle (type-only imports count too), and the pure cores touch no I/O."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("cli", "client", "server", "protocol", "solver", "rules")  # each may import only those after it
# ...except that clients talk to servers over the wire only, and protocol imports nothing of ours.
ALLOWED = {
    "cli": {"cli", "client", "server", "protocol", "solver", "rules"},
    "client": {"client", "protocol", "rules", "solver"},
    "server": {"server", "protocol", "rules", "solver"},
    "protocol": {"protocol"},
    "solver": {"solver", "rules"},
    "rules": {"rules"},
}
# The protocol document's generator reads the rules catalog to document every game's view; it is a
# build-time tool that lives beside the protocol, never imported by it.
EXEMPT = {"protocol.gendoc"}
PURE = (
    "server/room/__init__.py",
    "server/room/values.py",
    "server/room/events.py",
    "server/room/core.py",
    "server/room/draws.py",
    "server/room/present.py",
    "server/matchmaking.py",
    "server/errors.py",
    "server/tournament/__init__.py",
    "server/tournament/values.py",
    "server/tournament/events.py",
    "server/tournament/pairing.py",
    "server/tournament/standings.py",
    "server/tournament/core.py",
    "server/tournament/present.py",
    "server/clock.py",
    "server/ratings.py",
)
PURE_PACKAGES = ("server/room", "server/tournament")  # every module in them is a pure core's
IO_MODULES = {"asyncio", "websockets", "sqlite3", "socket", "redis", "multiprocessing", "threading"}


def _modules(folder: str) -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(path: Path, module: str) -> set[str]:
    """Every module named by an import in the file (type-only ones included), absolute."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{a.name}" for a in node.names)
    return {n.removeprefix("grundy.") for n in names}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_the_server_modules_import_each_other_without_a_cycle() -> None:
    mods = _modules("server")
    graph = {m: {n for n in _imports(p, m) if n in mods and n != m} for m, p in mods.items()}
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_layers_point_downwards() -> None:
    for layer in LAYERS:
        for module, path in _modules(layer).items():
            if module in EXEMPT:
                continue
            for name in _imports(path, module):
                top = name.split(".")[0]
                if top in ALLOWED:
                    assert top in ALLOWED[layer], f"{module} imports {name}"


def test_the_pure_cores_touch_no_io() -> None:
    for package in PURE_PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            assert str(path.relative_to(ROOT)) in PURE, f"{path.relative_to(ROOT)} is missing from PURE"
    for rel in PURE:
        path = ROOT / rel
        module = rel.removesuffix(".py").replace("/", ".")
        used = {n.split(".")[0] for n in _imports(path, module)}
        assert not used & IO_MODULES, f"{rel} imports {used & IO_MODULES}"


def test_nothing_subclasses_the_node() -> None:
    """Cluster mode is adapters passed to the node's constructor, never a subclass of ``Node``."""
    found = []
    for folder in ("server", "cli", "bench", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    for base in node.bases:
                        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                        if name == "Node":
                            found.append(f"{path.relative_to(ROOT)}: class {node.name}")
    assert found == []


def test_the_node_never_asks_whether_it_is_in_a_cluster() -> None:
    """The node calls its ports; it names no cluster module and no Redis adapter."""
    source = (ROOT / "server" / "node.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not any(m.startswith("grundy.server.cluster") for m in imported)
    assert "cluster" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
