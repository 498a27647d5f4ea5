"""The codec: every message round-trips; every bad frame gets the right error code, and only that."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from grundy import protocol as p
from grundy.protocol import ErrorCode, ProtocolError, decode_client, decode_server, encode, encode_map

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"  # the checkout's

SEATS = [
    p.SeatInfo(seat=0, kind="open", player="Ann", connected=True),
    p.SeatInfo(seat=1, kind="bot", player="bot (easy)", level="easy", connected=True),
]
RESULT = p.ResultInfo(outcomes=["win", "loss"], scores=None, reason="took the last object", ending="rules")
TC = p.TimeControl(initial_s=60, increment_s=2)
TOURNAMENT = p.TournamentSummary(
    tournament="t1",
    name="nim cup",
    game="nim",
    params={"heaps": [1, 2]},
    time_control=None,
    format="round-robin",
    rounds=3,
    games_per_pairing=1,
    rated=True,
    status="running",
    entrants=4,
    creator="Ann",
    created_at=1.0,
)

CLIENT_SAMPLES: list[BaseModel] = [
    p.Hello(versions=[1], name="Ann", client="tests/1", ref="a1"),
    p.Resume(versions=[1, 2], token="tok", ref=2),
    p.Ping(ref=3),
    p.ListGames(),
    p.ListRooms(game="nim", status="waiting"),
    p.CreateRoom(
        game="nim",
        params={"heaps": [3, 4, 5], "misere": True},
        time_control=TC,
        seats=[p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="max")],
        seat=0,
        private=True,
        ref=4,
    ),
    p.Join(room="r1", seat=1),
    p.Join(code="c0de"),
    p.Spectate(room="r1"),
    p.Leave(room="r1"),
    p.QuickMatch(game="mnk", params={"m": 4}, time_control=None),
    p.QuickMatchCancel(),
    p.Rematch(room="r1"),
    p.Move(room="r1", ply=3, move="2:3", ref=99),
    p.Resign(room="r1"),
    p.OfferDraw(room="r1"),
    p.AcceptDraw(room="r1"),
    p.DeclineDraw(room="r1"),
    p.GetState(room="r1"),
    p.GetRecord(room="r1"),
    p.ChatSend(room="r1", text="good game"),
    p.Hello(versions=[1], name="dice", kind="bot"),
    p.Hello(versions=[1], name="Ann", secret="s3cret-s3cret"),
    p.Register(name="Ann"),
    p.GetLeaderboard(game="nim", top=10),
    p.GetPlayer(name="Ann", game="nim", history=5),
    p.GetPlayerGames(name="Ann", game="nim", offset=20, limit=10),
    p.ListPlayers(kind="bot"),
    p.Challenge(to="s-1", game="nim", params={"heaps": [1, 2]}, time_control=TC, seat=1),
    p.AcceptChallenge(room="r1"),
    p.DeclineChallenge(room="r1"),
    p.CreateTournament(game="nim", format="swiss", rounds=3, games_per_pairing=2, rated=False, bots=["easy"]),
    p.CreateTournament(name="cup", game="nim", double=True),
    p.EnterTournament(tournament="t1"),
    p.Withdraw(tournament="t1"),
    p.StartTournament(tournament="t1"),
    p.StopTournament(tournament="t1"),
    p.CreateTournament(game="nim", format="gauntlet", games_per_pairing=100, openings=[["1:1"], []], concurrency=4),
    p.ListTournaments(status="open"),
    p.GetTournament(tournament="t1"),
    p.Analyze(room="r1", kind="hint"),
]

SERVER_SAMPLES: list[BaseModel] = [
    p.Welcome(
        ref="a1",
        version=1,
        session="s1",
        token="t1",
        name="Ann",
        resumed=True,
        rooms=["r1"],
        limits=p.Limits(max_frame_bytes=65536, max_rooms=10, requests_per_s=20),
    ),
    p.Error(ref=4, code=ErrorCode.STALE_PLY, message="move at ply 2, game at ply 3", room="r1"),
    p.Pong(ref=3, server_time=12.5),
    p.Games(games=[{"name": "nim", "parameters": [{"name": "heaps", "default": "3,4,5"}], "seats": 2}]),
    p.Rooms(
        rooms=[
            p.RoomSummary(
                room="r1",
                game="nim",
                params={"heaps": [1, 2]},
                time_control=TC,
                status="waiting",
                seats=SEATS,
                ply=0,
                spectators=2,
                created_at=1.0,
            )
        ]
    ),
    p.RoomCreated(room="r1", code="xyz", seat=0),
    p.RoomState(
        room="r1",
        game="nim",
        params={"heaps": [1, 2]},
        time_control=TC,
        status="playing",
        seats=SEATS,
        you=0,
        turn=0,
        ply=1,
        clocks=[59.5, 61.0],
        server_time=100.0,
        view={"heaps": [1, 1], "to_move": 0},
        legal_moves=["1:1", "2:1"],
        moves=[p.MoveInfo(ply=0, seat=1, move="2:1", at=99.0)],
        draw_offer=[1],
        abort_at=None,
    ),
    p.MoveMade(
        ref=99,
        room="r1",
        ply=1,
        seat=0,
        move=None,
        turn=1,
        clocks=None,
        server_time=101.0,
        view={"cells": [[None, "x"]]},
    ),
    p.GameOver(
        room="r1",
        status="finished",
        result=RESULT,
        reason="took the last object",
        view={"heaps": [0, 0]},
        params={"heaps": [1, 2], "seed": 7},
        clocks=[1.0, 2.0],
    ),
    p.GameOver(room="r1", status="aborted", result=None, reason="no first move", view={}, params={}),
    p.GameRated(
        room="r1",
        game="nim",
        ratings=[
            p.RatingChange(seat=0, player="Ann", before=1500.0, after=1662.3, rd=290.3, provisional=True),
            p.RatingChange(seat=1, player="bot:easy", before=1500.0, after=1337.7, rd=290.3, provisional=True),
        ],
    ),
    p.PlayerStatus(room="r1", seat=1, player="Bob", connected=False, grace_until=130.0),
    p.DrawOffered(room="r1", seat=0, agreed=[0]),
    p.DrawDeclined(room="r1", seat=1),
    p.RematchOffered(room="r1", seat=0, agreed=[0, 1]),
    p.Queued(game="nim", params={"heaps": [3, 4, 5], "misere": False}, time_control=TC),
    p.Ok(ref=5, room="r1"),
    p.Record(room="r1", record={"id": "r1", "moves": [{"ply": 0, "move": "2:1"}]}),
    p.Chat(room="r1", seat=None, name="watcher", text="hi", at=5.0),
    p.Registered(ref=1, name="Ann", secret="s3cret-s3cret"),
    p.Leaderboard(
        game="nim", entries=[p.LeaderboardEntry(rank=1, name="Ann", rating=1662.3, rd=80.1, games=9, provisional=False)]
    ),
    p.PlayerProfile(
        name="Ann",
        registered_at=1.0,
        ratings=[
            p.RatingInfo(game="nim", rating=1662.3, rd=80.1, volatility=0.06, games=9, provisional=False, last=2.0)
        ],
        history=[
            p.RatedGameInfo(game="nim", room="r1", at=2.0, opponent="bot:easy", outcome="win", rating=1662.3, rd=80.1)
        ],
    ),
    p.PlayerGames(
        name="Ann",
        game="nim",
        offset=0,
        total=1,
        games=[
            p.PlayerGameInfo(
                room="r1", game="nim", title="nim 1", ended_at=2.0, seats=["Ann", "bot (easy)"], seat=0,
                outcome="win", reason="Ann took the last object", rated=True, moves=1,
            )
        ],
    ),
    p.Players(players=[p.PlayerInfo(session="s1", name="dice", kind="bot", playing=1, ratings={"nim": 1516.0})]),
    p.Challenged(
        room="r1", code="c", game="nim", params={}, time_control=None, seat=1, challenger="Ann", challenger_session="s2"
    ),
    p.ChallengeDeclined(room="r1", player="Bob", session="s3"),
    p.ChallengeAnswered(room="r1", accepted=True, session="s4"),
    p.Tournaments(tournaments=[TOURNAMENT]),
    p.TournamentState(
        tournament=TOURNAMENT,
        standings=[
            p.Standing(
                rank=1,
                entrant="s1",
                name="Ann",
                kind="human",
                points=1.5,
                games=2,
                wins=1,
                draws=1,
                losses=0,
                rating=1516.0,
                rating_change=16.0,
            )
        ],
        rounds=[
            [
                p.Pairing(
                    round=1,
                    board=1,
                    entrants=["s1", "s2"],
                    names=["Ann", "Bob"],
                    games=[
                        p.TournamentGame(seats=["s1", "s2"], room="r1", status="finished", outcomes=["win", "loss"])
                    ],
                ),
                p.Pairing(round=1, board=2, entrants=["hosted:easy"], names=["bot (easy)"]),
            ]
        ],
        reason="all rounds played",
        server_time=3.0,
    ),
    p.NodeLeaving(nodes=["ws://10.0.0.6:8765/", "wss://b.example.org/"], within_s=10.0),
    p.Analysis(room="r1", kind="hint", ply=2, hint="2:1 (wins in 2)"),
    p.Analysis(
        room="r1",
        kind="review",
        ply=2,
        review=[p.ReviewMove(ply=0, seat=0, move="2:2", before="win in 2", verdict="best")],
    ),
]


def test_samples_cover_every_message_type() -> None:
    assert {type(m) for m in CLIENT_SAMPLES} == set(p.CLIENT_MESSAGES)
    assert {type(m) for m in SERVER_SAMPLES} == set(p.SERVER_MESSAGES)


@pytest.mark.parametrize("msg", CLIENT_SAMPLES, ids=lambda m: m.type)  # type: ignore[attr-defined]
def test_client_messages_round_trip(msg: BaseModel) -> None:
    frame = encode(msg)
    assert isinstance(frame, bytes)
    back = decode_client(frame)
    assert back == msg
    assert type(back) is type(msg)


@pytest.mark.parametrize("msg", SERVER_SAMPLES, ids=lambda m: m.type)  # type: ignore[attr-defined]
def test_server_messages_round_trip(msg: BaseModel) -> None:
    back = decode_server(encode(msg))
    assert back == msg
    assert type(back) is type(msg)


def test_a_frame_is_one_msgpack_map_with_every_field_and_the_type_tag() -> None:
    raw = msgpack.unpackb(encode(p.Move(room="r1", ply=0, move="1:1")))
    assert raw == {"type": "move", "ref": None, "room": "r1", "ply": 0, "move": "1:1"}
    err = msgpack.unpackb(encode(p.Error(code=ErrorCode.ROOM_FULL, message="full")))
    assert err["code"] == "room_full"  # codes travel as plain strings


def test_a_client_may_omit_optional_fields_and_the_ref() -> None:
    msg = decode_client(encode_map({"type": "join", "room": "r9"}))
    assert msg == p.Join(room="r9", seat=None, code=None, ref=None)


def test_server_messages_tolerate_fields_a_newer_server_adds() -> None:
    frame = encode_map({"type": "pong", "ref": 1, "server_time": 3, "extra": [1, 2]})
    assert decode_server(frame) == p.Pong(ref=1, server_time=3.0)


def code_of(frame: Any) -> tuple[ErrorCode, str, Any]:
    with pytest.raises(ProtocolError) as info:
        decode_client(frame)
    return info.value.code, info.value.message, info.value.ref


@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [
        (b"\xc1", ErrorCode.BAD_FRAME, "not valid msgpack"),
        (b"", ErrorCode.BAD_FRAME, "not valid msgpack"),
        (msgpack.packb({"type": "ping"}) + b"\x00", ErrorCode.BAD_FRAME, "not valid msgpack"),
        (msgpack.packb([1, 2, 3]), ErrorCode.BAD_FRAME, "not an array"),
        (msgpack.packb("ping"), ErrorCode.BAD_FRAME, "not a string"),
        (msgpack.packb(None), ErrorCode.BAD_FRAME, "not nil"),
        (msgpack.packb({1: "x"}), ErrorCode.BAD_FRAME, "not valid msgpack"),  # map keys must be strings
        ('{"type": "ping"}', ErrorCode.BAD_FRAME, "text frames"),
        (msgpack.packb({"room": "r1"}), ErrorCode.BAD_MESSAGE, "no 'type'"),
        (msgpack.packb({"type": "teleport"}), ErrorCode.BAD_MESSAGE, "unknown message type 'teleport'"),
        (msgpack.packb({"type": "welcome", "version": 1}), ErrorCode.BAD_MESSAGE, "unknown message type 'welcome'"),
        (msgpack.packb({"type": "move", "room": "r1", "move": "1:1"}), ErrorCode.BAD_MESSAGE, "'ply' is missing"),
        (
            msgpack.packb({"type": "move", "room": "r1", "ply": "3", "move": "1:1"}),
            ErrorCode.BAD_MESSAGE,
            "field 'ply': input should be a valid integer",
        ),
        (
            msgpack.packb({"type": "move", "room": "r1", "ply": -1, "move": "1:1"}),
            ErrorCode.BAD_MESSAGE,
            "field 'ply'",
        ),
        (msgpack.packb({"type": "ping", "colour": "red"}), ErrorCode.BAD_MESSAGE, "unknown field 'colour'"),
        (
            msgpack.packb({"type": "create_room", "game": "nim", "time_control": {"initial_s": 0}}),
            ErrorCode.BAD_MESSAGE,
            "field 'time_control.initial_s'",
        ),
        (msgpack.packb({"type": "hello", "versions": [], "name": "x"}), ErrorCode.BAD_MESSAGE, "'versions'"),
        (msgpack.packb({"type": "chat", "room": "r", "text": "x" * 501}), ErrorCode.BAD_MESSAGE, "'text'"),
        (b"\x00" * (p.MAX_FRAME_BYTES + 1), ErrorCode.TOO_LARGE, "over the limit"),
    ],
)
def test_malformed_frames_get_the_right_code(frame: Any, code: ErrorCode, words: str) -> None:
    got_code, message, _ref = code_of(frame)
    assert got_code == code
    assert words in message


def test_a_bad_message_error_echoes_the_ref_when_it_can() -> None:
    assert code_of(msgpack.packb({"type": "move", "ref": 42, "room": "r1"}))[2] == 42
    assert code_of(msgpack.packb({"type": "nope", "ref": "q7"}))[2] == "q7"
    assert code_of(msgpack.packb({"type": "move", "ref": ["not", "a", "ref"]}))[2] is None


def test_versions_are_negotiated_to_the_highest_shared_one() -> None:
    assert p.negotiate([1]) == 1
    assert p.negotiate([3, 1, 2], supported=(1, 2)) == 2
    assert p.negotiate([7, 8]) is None
    assert p.PROTOCOL_VERSION in p.SUPPORTED_VERSIONS


def test_every_error_code_is_documented() -> None:
    assert set(p.ERROR_MEANINGS) == set(ErrorCode)
    assert all(text.strip() for text in p.ERROR_MEANINGS.values())


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_raise_anything_but_protocol_errors(data: bytes) -> None:
    try:
        msg = decode_client(data)
    except ProtocolError as e:
        assert e.code in (ErrorCode.BAD_FRAME, ErrorCode.BAD_MESSAGE)
    else:
        assert type(msg) in p.CLIENT_MESSAGES


scalars = st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats() | st.text(max_size=20)
values = st.recursive(
    scalars | st.binary(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
type_names = st.sampled_from([m.model_fields["type"].default for m in p.CLIENT_MESSAGES] + ["welcome", "x", ""])
field_names = st.sampled_from(
    ["ref", "room", "ply", "move", "versions", "name", "token", "game", "params", "seats", "seat", "code", "text"]
)


@settings(max_examples=400, deadline=None)
@given(type_names, st.dictionaries(field_names | st.text(max_size=6), values, max_size=6))
def test_random_maps_never_raise_anything_but_protocol_errors(tag: str, fields: dict[str, Any]) -> None:
    frame = msgpack.packb({"type": tag, **fields}, use_bin_type=True)
    try:
        msg = decode_client(frame)
    except ProtocolError as e:
        assert e.code in (ErrorCode.BAD_MESSAGE, ErrorCode.TOO_LARGE)
        assert e.message
    else:
        assert msg.type == tag


def test_the_protocol_document_is_up_to_date() -> None:
    from grundy.protocol import gendoc

    text = PROTOCOL_DOC.read_text(encoding="utf-8")
    assert gendoc.render(text) == text, "docs/PROTOCOL.md is out of date: run python -m grundy.protocol.gendoc"
    for model in (*p.CLIENT_MESSAGES, *p.SERVER_MESSAGES):
        assert f"### `{model.model_fields['type'].default}`" in text
    for code in ErrorCode:
        assert f"| `{code.value}` |" in text
