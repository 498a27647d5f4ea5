"""The server's error tree: every ServerError maps to protocol error codes, the cores raise nothing else
for a refusal and share one refusal effect, and the one conversion point turns any refusal or failure
into the protocol's ``error`` with the request's ref: no other part of the server builds one."""

from __future__ import annotations

import ast
import logging
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode, ProtocolError
from grundy.server import room, tournament
from grundy.server.errors import (
    INTERNAL_MESSAGE,
    GatewayError,
    LobbyError,
    Refused,
    RoomError,
    ServerError,
    SessionError,
    TournamentError,
    Unavailable,
    error_message,
    fault_message,
    refusal_message,
    refuse,
    unanswered_message,
)
from grundy.server.node import Node
from grundy.server.room import RoomError as RoomErrorFromRoom
from grundy.server.tournament import TournamentError as TournamentErrorFromTournament

SERVER = Path(__file__).resolve().parents[2] / "server"


def subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *subclasses(sub)]
    return out


TREE = subclasses(ServerError)


class Link:
    """A connection that keeps what it is sent (as the bytes would decode on the client)."""

    def __init__(self, session: Any = None) -> None:
        self.session = session
        self.sent: list[Any] = []

    def send_message(self, msg: Any) -> None:
        self.sent.append(p.decode_server(p.encode(msg)))

    def send(self, data: bytes) -> None:
        self.sent.append(p.decode_server(data))


def test_the_tree_has_the_subclasses_the_server_raises() -> None:
    assert set(TREE) == {GatewayError, SessionError, LobbyError, RoomError, TournamentError, Unavailable}
    assert RoomErrorFromRoom is RoomError and TournamentErrorFromTournament is TournamentError


@pytest.mark.parametrize("cls", TREE, ids=lambda c: c.__name__)
def test_every_server_error_maps_to_protocol_codes_and_becomes_their_frame(cls: type[ServerError]) -> None:
    assert cls.codes, f"{cls.__name__} names no error code"
    for code in cls.codes:
        assert isinstance(code, ErrorCode) and code in p.ERROR_MEANINGS
        link = Link()
        refuse(link, cls(code, "why", ref="r-1"), p.Ping(ref="ignored"))
        (err,) = link.sent
        assert isinstance(err, p.Error)
        assert (err.code, err.message, err.ref) == (code, "why", "r-1")


def test_an_error_without_a_ref_answers_with_the_request_s_ref_and_room() -> None:
    link = Link()
    refuse(link, RoomError(ErrorCode.UNKNOWN_ROOM, "no room 'r9'"), p.GetState(room="r9", ref=42))
    refuse(link, LobbyError("not_in_queue", "not waiting"), p.QuickMatchCancel(ref="q"))
    first, second = link.sent
    assert (first.code, first.ref, first.room) == (ErrorCode.UNKNOWN_ROOM, 42, "r9")
    assert (second.code, second.ref, second.room) == (ErrorCode.NOT_IN_QUEUE, "q", None)


def test_a_fault_is_internal_says_nothing_of_itself_and_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    link = Link()
    with caplog.at_level(logging.ERROR, logger="grundy.errors"):
        refuse(link, KeyError("secret detail"), p.Move(room="r1", ply=0, move="1:1", ref=7))
    (err,) = link.sent
    assert (err.code, err.message, err.ref, err.room) == (ErrorCode.INTERNAL, INTERNAL_MESSAGE, 7, "r1")
    assert "secret" not in err.message
    assert any(r.exc_info and r.exc_info[0] is KeyError for r in caplog.records)


def test_the_codec_s_errors_pass_through_with_their_own_ref() -> None:
    link = Link()
    refuse(link, ProtocolError(ErrorCode.BAD_FRAME, "not msgpack", ref=3))
    (err,) = link.sent
    assert (err.code, err.ref) == (ErrorCode.BAD_FRAME, 3)
    assert error_message(GatewayError(ErrorCode.RATE_LIMITED, "slow down"), ref=5).ref == 5


def test_the_node_answers_every_refusal_and_failure_through_the_one_point() -> None:
    node = Node()  # (not started: no route is bound, so a known request is a fault)
    anonymous = Link()
    node.dispatch(anonymous, p.Ping(ref=1))  # type: ignore[arg-type]
    (err,) = anonymous.sent
    assert (err.code, err.ref) == (ErrorCode.NOT_AUTHENTICATED, 1)
    named = Link(session=object())
    node.dispatch(named, p.Ping(ref="p"))  # type: ignore[arg-type]
    (err,) = named.sent
    assert (err.code, err.message, err.ref) == (ErrorCode.INTERNAL, INTERNAL_MESSAGE, "p")


# ---------------------------------------------------------------------------- the source


def _server_sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(SERVER.rglob("*.py"))]


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _code(node: ast.expr) -> ErrorCode | None:
    """``ErrorCode.X`` written out, or None (a variable)."""
    if isinstance(node, ast.Attribute) and _name(node.value) == "ErrorCode":
        return ErrorCode[node.attr]
    return None


def test_every_server_error_raised_in_the_server_carries_a_code_of_its_class() -> None:
    classes = {cls.__name__: cls for cls in TREE}
    seen: set[str] = set()
    for path, tree in _server_sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            args = node.args
            if _name(node.func) in ("refusal", "rules_refusal") and args:  # (server.refusals: the class, the code)
                args = args[1:] if _name(args[0]) in classes else []
                cls_name = _name(node.args[0])
            else:
                cls_name = _name(node.func)
            if cls_name not in classes or not args:
                continue
            cls = classes[cls_name]  # type: ignore[index]
            code = _code(args[0])
            if code is not None:
                seen.add(cls.__name__)
                assert code in cls.codes, f"{path.name}:{node.lineno}: {cls.__name__} with {code.value}"
    assert seen == set(classes)  # (the scan finds every kind)


def test_the_tournament_core_refuses_with_tournament_codes() -> None:
    tree = ast.parse((SERVER / "tournament" / "core.py").read_text(encoding="utf-8"))
    codes = {c for node in ast.walk(tree) if isinstance(node, ast.expr) and (c := _code(node)) is not None}
    assert codes and codes <= TournamentError.codes, codes - TournamentError.codes


def test_the_server_raises_no_protocol_error() -> None:
    """``ProtocolError`` is the codec's: server code only catches it."""
    for path, tree in _server_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) == "ProtocolError":
                raise AssertionError(f"{path.relative_to(SERVER.parent)}:{node.lineno} makes a ProtocolError")


# ---------------------------------------------------------------------------- one refusal, one builder


def test_both_cores_refuse_with_the_one_refusal_effect() -> None:
    assert room.Refused is Refused and tournament.Refused is Refused
    assert Refused in room.events.Effect.__args__ and Refused in tournament.events.Effect.__args__  # type: ignore[attr-defined]
    took = room.Room.create("r1", "nim", 0.0)[0]
    same, effects = took.handle(room.Move("s9", 0, "1:1", 1.0, ref=5))
    said = p.Say(id="rules-room-no-seat-held", args={"room": "r1"})
    assert same is took and effects == [
        Refused("s9", ErrorCode.NOT_A_PLAYER, "you hold no seat in room r1", 5, "r1", said)]
    assert refusal_message(effects[0]).say == said  # (the room's precise words, not the code's ``error-not_a_player``)


def test_every_error_message_comes_from_the_one_module() -> None:
    link = Link()
    link.send_message(refusal_message(Refused("s", ErrorCode.SEAT_TAKEN, "seat 0 is taken", "j", "r4")))
    link.send_message(refusal_message(Refused("s", ErrorCode.TOURNAMENT_FULL, "full", 3)))
    link.send_message(fault_message(8, "r4", "the server could not store this"))
    link.send_message(unanswered_message(p.Move(room="r4", ply=0, move="1:1", ref=9)))
    link.send_message(unanswered_message(p.Ping(ref="x")))
    got = [(e.code, e.message, e.ref, e.room) for e in link.sent]
    assert got == [
        (ErrorCode.SEAT_TAKEN, "seat 0 is taken", "j", "r4"),
        (ErrorCode.TOURNAMENT_FULL, "full", 3, None),
        (ErrorCode.INTERNAL, "the server could not store this", 8, "r4"),
        (ErrorCode.INTERNAL, "the node that runs this room did not answer; try again", 9, "r4"),
        (ErrorCode.INTERNAL, "the node that runs this room did not answer; try again", "x", None),
    ]


def _error_builds(tree: ast.Module) -> list[int]:
    """Lines that build the protocol's ``error`` message: ``Error(...)``, ``p.Error(...)``,
    ``Error.model_validate/model_construct(...)``, or import ``Error`` by name."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr.startswith("model_"):
                func = func.value
            if _name(func) == "Error":
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("grundy.protocol"):
            lines += [node.lineno for alias in node.names if alias.name == "Error"]
    return lines


def test_no_error_message_is_built_outside_the_errors_module() -> None:
    """server/errors.py builds every ``error`` the server sends (refusals, faults, unanswered forwards)."""
    builders = {}
    for path, tree in _server_sources():
        if lines := _error_builds(tree):
            builders[str(path.relative_to(SERVER.parent))] = lines
    assert len(builders.pop("server/errors.py", [])) == 1, "the scan finds the one builder itself"
    assert not builders, "an error message built outside server/errors.py: " + ", ".join(
        f"{path}:{line}" for path, lines in builders.items() for line in lines
    )
