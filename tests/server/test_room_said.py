"""Every refusal of the room core names a message of the catalogs (``rules-room-...``) that every language has, and
gives every argument it uses; a move's refusal carries the rules' own words, a move out of turn whose turn it is."""

from __future__ import annotations

import ast
from pathlib import Path

from grundy import protocol as p
from grundy.protocol import ErrorCode, i18n
from grundy.server import room
from grundy.server.errors import in_language, refusal_message
from tests.protocol.test_i18n import CATALOGS

ROOT = Path(__file__).resolve().parents[2]
CORE = [ROOT / "server" / "room" / name for name in ("core.py", "present.py", "draws.py")]


def _refusals() -> list[tuple[str, int, str, set[str] | None]]:
    """``(file, line, id, keyword names)`` of every ``_refuse(session, code, "id", ref, ...)`` and
    ``_room_error(code, "id", ...)`` with a literal id (names None: given as ``**mapping``)."""
    found = []
    for path in CORE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            at = {"_refuse": 2, "_room_error": 1}.get(name or "")
            if at is None or len(node.args) <= at or not isinstance(node.args[at], ast.Constant):
                continue
            names = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
            found.append((path.name, node.lineno, node.args[at].value, names))
    return found


def test_every_refusal_of_the_room_is_in_every_catalog_with_its_arguments() -> None:
    found = _refusals()
    assert len(found) >= 25, "the scan found almost no refusal: is it broken?"
    problems = []
    for where, line, msg_id, given in found:
        if not msg_id.startswith("rules-room-"):
            problems.append(f"{where}:{line}: {msg_id} is not a room's refusal")
        for lang, catalog in CATALOGS.items():
            if msg_id not in catalog:
                problems.append(f"{where}:{line}: {msg_id} is not in {lang}")
            elif given is not None and catalog[msg_id].variables - given:
                problems.append(f"{where}:{line}: {msg_id} needs {sorted(catalog[msg_id].variables - given)} ({lang})")
    assert not problems, "\n".join(problems)


def _playing() -> room.Room:
    r, _ = room.Room.create("r1", "nim", 0.0, params={"heaps": "3,4,5"})
    r, _ = r.handle(room.Join("s0", "Ann", 0.0))
    r, _ = r.handle(room.Join("s1", "Olha", 0.0))
    assert r.status == "playing"
    return r


def test_a_move_out_of_turn_and_an_illegal_move_are_refused_with_their_words() -> None:
    r = _playing()
    _, effects = r.handle(room.Move("s1", 0, "1:1", 1.0, ref=3))
    err = refusal_message(effects[0])
    assert err.code == ErrorCode.NOT_YOUR_TURN and err.message == "it is Ann's turn, not yours"
    assert in_language(err, "uk").message == "зараз ходить Ann, а не ви"
    _, effects = r.handle(room.Move("s0", 0, "2:9", 1.0, ref=4))
    err = refusal_message(effects[0])
    assert err.code == ErrorCode.ILLEGAL_MOVE and err.message == "'2:9': heap 2 has only 4"
    assert err.say == p.Say(id="rules-nim-too-many", args={"move": "2:9", "heap": 2, "left": 4})
    assert in_language(err, "ru").message == "«2:9»: в кучке 2 только 4 предмета"
    _, effects = r.handle(room.OfferDraw("s0", 1.0, ref=5))
    err = refusal_message(effects[0])
    assert err.code == ErrorCode.DRAW_NOT_ALLOWED and err.message == "nim cannot end in a draw"
    assert in_language(err, "bg").message == "тази игра не може да завърши реми"
    assert i18n.has(err.say.id)
