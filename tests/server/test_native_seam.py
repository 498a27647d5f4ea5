"""The native code behind one seam (server/native.py): what the C may touch of Python objects, and who uses it.

* native/*.c names exactly the documented attributes (``server.native.C_ATTRIBUTES``: a transport's ``write``),
  no other and none by a name the scan cannot read: a scan of the sources for every C API call that reads,
  writes, calls or interns an attribute name, a name held in a variable read from where it was interned;
* the C builds no object of a type it does not define (no ``tp_new`` of another type, no ``__dict__``);
* one Python module imports the extension: server/native.py;
* the mode is read from the environment in one place (server/config.py) and runs as asked.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.server import native as seam
from grundy.server.config import NodeConfig

ROOT = Path(__file__).resolve().parents[2]
C_SOURCES = sorted((ROOT / "native").glob("*.c"))

# Every C API entry that reads, writes, deletes, tests or calls an attribute by name, or makes a name to do so.
ATTRIBUTE_API = re.compile(
    r"\b(PyObject_(?:Get|Set|Has|Del)Attr\w*|PyObject_Generic(?:Get|Set)Attr\w*|PyObject_CallMethod\w*"
    r"|PyObject_VectorcallMethod|PyUnicode_InternFromString|PyUnicode_InternInPlace|_Py_IDENTIFIER|_Py_ID"
    r"|_PyUnicode_FromId|PyObject_GenericGetDict|PyObject_GenericSetDict)\s*\(([^;]*)"
)
# Building an object of a type the C does not define: another type's tp_new, or object's.
FOREIGN_NEW = re.compile(r"(PyBaseObject_Type\.tp_new|->tp_new\s*\(|\btp_new\s*\(|__dict__)")


# A name interned into a variable: ``s_write = PyUnicode_InternFromString("write")``.
INTERNED = re.compile(r'\b(\w+)\s*=\s*PyUnicode_InternFromString\s*\(\s*"([^"]*)"')


def attribute_uses(source: str) -> list[tuple[str, str]]:
    """(API, the name it uses: the first string literal in the call, else the name interned into a variable the
    call passes, else ``?``: a name the scan cannot read)."""
    interned = dict(INTERNED.findall(source))
    uses = []
    for m in ATTRIBUTE_API.finditer(source):
        literal = re.search(r'"([^"]*)"', m.group(2))
        if literal:
            uses.append((m.group(1), literal.group(1)))
            continue
        held = [interned[w] for w in re.findall(r"\b\w+\b", m.group(2)) if w in interned]
        uses.append((m.group(1), held[0] if len(held) == 1 else "?"))
    return uses


def test_the_scan_finds_what_it_looks_for() -> None:
    # (a test that cannot fail is a defect: the scan itself is held to catching each kind)
    sample = """
        s = PyUnicode_InternFromString("busy");
        v = PyObject_GetAttr(actor, s_busy);
        PyObject_SetAttrString(o, "committing", Py_True);
        r = PyObject_CallMethodNoArgs(actor, s_schedule);
        _Py_IDENTIFIER(fast);
        s_flush = PyUnicode_InternFromString("flush");
        r = PyObject_VectorcallMethod(s_flush, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    """
    assert attribute_uses(sample) == [
        ("PyUnicode_InternFromString", "busy"),
        ("PyObject_GetAttr", "?"),
        ("PyObject_SetAttrString", "committing"),
        ("PyObject_CallMethodNoArgs", "?"),
        ("_Py_IDENTIFIER", "?"),
        ("PyUnicode_InternFromString", "flush"),
        ("PyObject_VectorcallMethod", "flush"),  # (the name read from where it was interned)
    ]
    assert FOREIGN_NEW.search("new = PyBaseObject_Type.tp_new(Py_TYPE(room), empty, NULL);")
    assert FOREIGN_NEW.search("obj = type->tp_new(type, empty_tuple, NULL);")


@pytest.mark.parametrize("path", C_SOURCES, ids=lambda p: p.name)
def test_the_c_names_only_the_documented_attributes(path: Path) -> None:
    uses = attribute_uses(path.read_text())
    undocumented = [(api, name) for api, name in uses if name not in seam.C_ATTRIBUTES]
    assert not undocumented, (
        f"{path.name} touches Python objects' attributes beyond server.native.C_ATTRIBUTES: {undocumented} "
        "(the C trades plain values and its own types; document a name there only if it cannot be avoided)"
    )


def test_the_documented_attributes_are_exactly_what_the_c_names() -> None:
    # (the list says what the C does: a name documented there and no longer used goes too)
    named = {name for path in C_SOURCES for _, name in attribute_uses(path.read_text())}
    assert named == set(seam.C_ATTRIBUTES) == {"write"}


@pytest.mark.parametrize("path", C_SOURCES, ids=lambda p: p.name)
def test_the_c_builds_no_object_of_another_type(path: Path) -> None:
    hits = [line.strip() for line in path.read_text().splitlines() if FOREIGN_NEW.search(line)]
    assert not hits, f"{path.name} builds objects past their __init__ or copies a __dict__: {hits}"


def test_one_module_imports_the_extension() -> None:
    users = []
    for folder in ("server", "protocol", "rules", "solver", "client", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            if re.search(r"^\s*(import|from)\s+_grundy_wire\b", path.read_text(), re.M):
                users.append(str(path.relative_to(ROOT)))
    assert users == ["server/native.py"]


def test_the_mode_is_read_in_one_place() -> None:
    readers = []
    for folder in ("server", "protocol", "rules", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            if re.search(r"(environ|getenv)\b[^\n]*(\bENV\b|GRUNDY_NATIVE)", path.read_text()):
                readers.append(str(path.relative_to(ROOT)))
    assert readers == ["server/config.py"]
    for old in ("GRUNDY_PURE_WIRE", "GRUNDY_PURE_ROOM", "fast_transport"):
        for folder in ("server", "protocol", "bench", "cli"):
            for path in (ROOT / folder).rglob("*.py"):
                assert old not in path.read_text(), f"{path.relative_to(ROOT)} still speaks of {old}"


@pytest.mark.parametrize("mode", seam.MODES)
def test_a_node_config_takes_its_mode_from_the_environment(mode: str) -> None:
    code = (
        "from grundy.server.config import NodeConfig; from grundy.server.native import Native; "
        "n = Native(NodeConfig().native); print(NodeConfig().native, n.asked, n.wire, n.room)"
    )
    env = {**os.environ, "GRUNDY_NATIVE": mode}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    configured, asked, wire, room = out.stdout.split()
    assert (configured, asked) == (mode, mode)
    built = seam._extension() is not None
    assert wire == str(built and mode != "off")
    assert room == str(built and mode == "room")


def test_an_unknown_mode_is_refused_with_the_modes_named() -> None:
    with pytest.raises(ValueError, match="off, wire, room"):
        seam.parse_mode("fast")
    assert NodeConfig(native="wire").native == "wire"


def test_a_game_opts_in_by_its_trait() -> None:
    from grundy.rules.catalog import GAMES

    natives = {cls.name for cls in GAMES if cls.native_rules is not None}
    assert natives == {"subtraction"}
    assert all(cls.native_rules in (None, seam.TAKE_AWAY) for cls in GAMES)
