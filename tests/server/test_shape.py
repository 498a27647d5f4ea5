"""The shape of the server's parts, read from the code (ast): what docs/ARCHITECTURE.md says of them holds.

* no class in server/ has more than MAX_METHODS methods;
* the node composes and routes: server/node.py stays under MAX_NODE_LINES lines, and its life cycle
  (drain, hand-over in waves, client migration) is ``server.lifecycle``;
* nothing reaches through the node (``node.rooms.get``, ``node.lobby.tournaments.drop``): its parts are
  given what they use; the few modules given the node itself are named here, with why;
* no part asks a port whether it has something (``hasattr``, ``getattr`` with a default): a port declares it;
* the cluster is wired in one pass: nothing is set on a part or patched once it is made;
* the nodes of a cluster speak declared types (``server.cluster.inbox``): no other module builds or reads
  their positional lists.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server"
MAX_METHODS = 40
MAX_NODE_LINES = 500
# Classes still over the bound, with their count now: each must shrink, and leaves this list once it is within.
STILL_OVER: dict[str, int] = {}
# Given the node itself, and why: the gateway's connection routes every frame through it and reads its limits;
# the administrator's requests see everything a node has (rooms, sessions, store, fleet); the cluster's
# composition registers its metrics with the node it made.
GIVEN_THE_NODE = {"server/gateway.py", "server/admin.py", "server/cluster/compose.py"}
# What the nodes of a cluster tag their messages with (``server.cluster.inbox``).
TAGS = {"req", "presence", "f", "tgame", "admin", "admin-answer", "released", "released-tournaments", "batch"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _server_files() -> list[Path]:
    return sorted(SERVER.rglob("*.py"))


def methods_per_class(tree: ast.Module) -> dict[str, int]:
    """Each class's own methods (those defined in its body)."""
    return {
        node.name: sum(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) for m in node.body)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def test_no_class_in_the_server_has_more_than_40_methods() -> None:
    over = {}
    for path in _server_files():
        for name, count in methods_per_class(_tree(path)).items():
            if count > MAX_METHODS:
                over[f"{_rel(path)}:{name}"] = count
    grown = {k: v for k, v in over.items() if v > STILL_OVER.get(k, MAX_METHODS)}
    assert not grown, f"classes with more than {MAX_METHODS} methods: {grown} (split them by what they do)"
    within = sorted(set(STILL_OVER) - set(over))
    assert not within, f"within the bound now: take {within} off STILL_OVER"


def test_the_method_count_counts_a_class_own_methods() -> None:
    tree = ast.parse(
        "class A:\n    def a(self): ...\n    async def b(self): ...\n    x = 1\nclass B(A):\n    def c(self): ..."
    )
    assert methods_per_class(tree) == {"A": 2, "B": 1}


def test_the_node_composes_and_routes_and_its_life_cycle_is_a_module_of_its_own() -> None:
    lines = (SERVER / "node.py").read_text(encoding="utf-8").count("\n")
    assert lines < MAX_NODE_LINES, f"server/node.py has {lines} lines"
    lifecycle = _tree(SERVER / "lifecycle.py")
    defined = {n.name for n in ast.walk(lifecycle) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    assert {"hand_rooms_over", "let_clients_move", "drain", "finish_rooms"} <= defined
    node = _tree(SERVER / "node.py")
    in_node = {n.name for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    assert not in_node & {"hand_rooms_over", "_hand_rooms_over", "let_clients_move", "_let_clients_move"}


def _node_attributes() -> set[str]:
    """Every attribute a ``Node`` has: what it sets on itself, and its methods."""
    found: set[str] = set()
    for cls in ast.walk(_tree(SERVER / "node.py")):
        if isinstance(cls, ast.ClassDef) and cls.name == "Node":
            for n in ast.walk(cls):
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
                    if isinstance(n.ctx, ast.Store):
                        found.add(n.attr)
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name != "__init__":
                    found.add(n.name)
    return found


def reaches_through_the_node(tree: ast.Module, parts: set[str]) -> list[tuple[int, str]]:
    """``(line, code)`` of every ``node.PART.x`` (or ``self.node.PART.x``): a part of the node reached through it."""
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Attribute) and n.value.attr in parts:
            holder = n.value.value
            if (isinstance(holder, ast.Name) and holder.id == "node") or (
                isinstance(holder, ast.Attribute) and holder.attr == "node"
            ):
                found.append((n.lineno, ast.unparse(n)))
    return found


def test_the_scan_finds_a_part_reached_through_the_node() -> None:
    source = "node.rooms.get(r)\nself.node.lobby.tournaments.drop(t)\nnode.port\nself.rooms.get(r)\nmsg.node.rooms\n"
    found = [line for line, _ in reaches_through_the_node(ast.parse(source), {"rooms", "lobby", "port"})]
    assert found == [1, 2]


def test_nothing_reaches_through_the_node() -> None:
    parts = _node_attributes()
    assert {"rooms", "sessions", "lobby", "config", "metrics", "dispatch"} <= parts
    found = []
    for path in _server_files():
        rel = _rel(path)
        if rel in GIVEN_THE_NODE or rel == "server/node.py":
            continue
        found += [f"{rel}:{line}: {code}" for line, code in reaches_through_the_node(_tree(path), parts)]
    assert not found, "a part of the node reached through it (give it what it uses):\n" + "\n".join(found)


def test_no_adapter_is_given_the_node() -> None:
    """The Redis adapters and the runtime's parts never hold the node (not even as a type): only the composition
    imports it."""
    for path in sorted((SERVER / "cluster").glob("*.py")):
        imported = {n.module for n in ast.walk(_tree(path)) if isinstance(n, ast.ImportFrom) and n.module}
        if _rel(path) != "server/cluster/compose.py":
            assert "grundy.server.node" not in imported, _rel(path)


def asks_what_a_port_has(tree: ast.Module) -> list[tuple[int, str]]:
    """``(line, code)`` of every ``hasattr(...)`` and every ``getattr(x, name, default)`` on a part or port (an
    attribute of ``self``, or the node's ``_``-prefixed port fields)."""
    found = []
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)):
            continue
        if n.func.id == "hasattr":
            found.append((n.lineno, ast.unparse(n)))
        elif n.func.id == "getattr" and len(n.args) == 3:
            target = n.args[0]
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                found.append((n.lineno, ast.unparse(n)))
    return found


def test_the_scan_finds_a_port_asked_what_it_has() -> None:
    source = 'hasattr(delivery, "native_terms")\ngetattr(self._bots, "pids", list)\ngetattr(msg, "ref", None)\n'
    assert [line for line, _ in asks_what_a_port_has(ast.parse(source))] == [1, 2]


def test_no_part_asks_a_port_what_it_has() -> None:
    scanned = [
        SERVER / name
        for name in ("node.py", "lifecycle.py", "health.py", "room_events.py", "embedded.py", "routes.py", "ports.py")
    ]
    scanned += sorted((SERVER / "cluster").glob("*.py"))
    found = [f"{_rel(path)}:{line}: {code}" for path in scanned for line, code in asks_what_a_port_has(_tree(path))]
    assert not found, "a port asked what it has (declare it on the port, server/ports.py):\n" + "\n".join(found)


def test_the_cluster_is_wired_in_one_pass() -> None:
    """The composition sets nothing on a part it made and patches no method; no adapter is made half and filled."""
    compose = _tree(SERVER / "cluster" / "compose.py")
    set_after = [
        f"line {n.lineno}: {ast.unparse(n)}"
        for n in ast.walk(compose)
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        and any(isinstance(t, ast.Attribute) for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
    ]
    assert not set_after, f"server/cluster/compose.py sets attributes of parts it made: {set_after}"
    for path in _server_files():
        assert "method-assign" not in path.read_text(encoding="utf-8"), f"{_rel(path)} patches a method"


def test_the_nodes_messages_are_built_and_read_in_the_inbox_module_only() -> None:
    """Outside ``server.cluster.inbox`` no list is built with a message's tag first and no tag is compared:
    every other module makes and reads the declared types."""
    found = []
    for path in sorted((SERVER / "cluster").glob("*.py")):
        rel = _rel(path)
        if rel == "server/cluster/inbox.py":
            continue
        for n in ast.walk(_tree(path)):
            if isinstance(n, ast.List) and n.elts and isinstance(n.elts[0], ast.Constant) and n.elts[0].value in TAGS:
                found.append(f"{rel}:{n.lineno}: {ast.unparse(n)}")
            elif isinstance(n, ast.Compare):
                sides = [n.left, *n.comparators]
                if any(isinstance(s, ast.Constant) and s.value in TAGS - {"batch"} for s in sides):
                    found.append(f"{rel}:{n.lineno}: {ast.unparse(n)}")
    assert not found, "a message of the nodes as a positional list (use server.cluster.inbox):\n" + "\n".join(found)
