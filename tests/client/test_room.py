"""The client room model replays recorded server streams (tests/client/recordings/) and reaches their states.

The recordings come from a real node (``python -m tests.client.record``); these tests replay the
committed files, so they do not depend on timing.  The browser's model replays the same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grundy import protocol as p
from grundy.client.room import ClientRoom, reduce
from tests.client.record import SCENARIOS, as_message, check_snapshots, replay

HERE = Path(__file__).parent / "recordings"
FILES = sorted(HERE.glob("*.json"))


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / f"{name}.json").read_text())
    return data


def test_every_scenario_has_its_recording() -> None:
    assert {f.stem for f in FILES} == set(SCENARIOS)


@pytest.mark.parametrize("path", FILES, ids=lambda f: f.stem)
def test_replay_reaches_the_recorded_states(path: Path) -> None:
    data = json.loads(path.read_text())
    assert data["description"] and len(data["messages"]) == len(data["states"]) == len(data["sends"])
    states, sends = replay(data["messages"])
    for i, (got, want) in enumerate(zip(states, data["states"], strict=True)):
        assert got == want, f"{path.stem}: state after message {i} ({data['messages'][i]['type']})"
    assert sends == data["sends"]


def fold(messages: list[dict[str, Any]]) -> list[tuple[ClientRoom | None, list[Any]]]:
    room: ClientRoom | None = None
    out = []
    for m in messages:
        room, sends = reduce(room, as_message(m))
        out.append((room, sends))
    return out


def test_a_draw_offer_stands_when_its_offerer_moves_and_lapses_when_the_other_side_moves() -> None:
    data = load("draw_offer_kept")
    msgs = data["messages"]
    rooms = [r for r, _ in fold(msgs)]
    moves = [i for i, m in enumerate(msgs) if m["type"] == "move_made"]
    first, second = moves[0], moves[1]
    assert msgs[first]["seat"] == 0 and rooms[first - 1] is not None and rooms[first - 1].draw_offer == (0,)
    assert rooms[first] is not None and rooms[first].draw_offer == (0,)
    # the server's own snapshot right after says the same
    assert msgs[first + 1]["type"] == "room_state" and msgs[first + 1]["draw_offer"] == [0]
    assert rooms[second] is not None and rooms[second].draw_offer == ()
    last = rooms[-1]
    assert last is not None and last.status == "finished" and last.result is not None
    assert last.result.ending == "draw_agreed" and last.draw_offer == ()


def test_declined_offer_clears() -> None:
    rooms = [r for r, _ in fold(load("draw_declined")["messages"])]
    offered = [r.draw_offer for r in rooms if r is not None]
    assert (0,) in offered and offered[-1] == ()


def test_a_gap_asks_for_the_state_once_and_the_snapshot_repairs_it() -> None:
    msgs = load("missing_ply")["messages"]
    steps = fold(msgs)
    gap = next(i for i, (_, sends) in enumerate(steps) if sends)
    room, sends = steps[gap]
    assert room is not None and room.stale and room.ply == 1  # the move after the gap is not applied
    assert sends == [p.GetState(room=room.room)]
    # the same gap again (a second copy of the message) asks nothing more
    again, more = reduce(room, as_message(msgs[gap]))
    assert again is room and more == []
    fixed, _ = steps[gap + 1]
    assert fixed is not None and not fixed.stale and fixed.ply == 3
    assert [m.ply for m in fixed.moves] == [0, 1, 2]


def test_a_move_already_applied_is_ignored() -> None:
    msgs = load("normal_game")["messages"]
    steps = fold(msgs)
    i = next(i for i, m in enumerate(msgs) if m["type"] == "move_made")
    room, _ = steps[i]
    same, sends = reduce(room, as_message(msgs[i]))
    assert same is room and sends == []


def test_stale_ply_error_asks_for_the_state() -> None:
    steps = fold(load("stale_ply")["messages"])
    asked = [(r, s) for r, s in steps if s]
    assert len(asked) == 1 and asked[0][0] is not None and asked[0][0].stale
    assert steps[-1][0] is not None and not steps[-1][0].stale


def test_hidden_moves_are_null_until_the_end_then_shown() -> None:
    steps = fold(load("hidden_moves")["messages"])
    playing = [r for r, _ in steps if r is not None and r.status == "playing" and r.moves]
    assert playing and all(m.move is None for r in playing for m in r.moves)
    over = next(i for i, (r, _) in enumerate(steps) if r is not None and r.is_over)
    assert steps[over][1]  # the end asks for the moves
    last = steps[-1][0]
    assert last is not None and last.move_texts() is not None


def test_the_hidden_layout_shows_after_the_end() -> None:
    rooms = [r for r, _ in fold(load("hidden_minesweeper")["messages"])]
    assert all("seed" not in r.params for r in rooms if r is not None and not r.is_over)
    assert rooms[-1] is not None and "seed" in rooms[-1].params


def test_reconnect_changes_the_seat() -> None:
    rooms = [r for r, _ in fold(load("reconnect")["messages"])]
    gone = next(r for r in rooms if r is not None and not r.seats[1].connected and r.status == "playing")
    assert gone.seats[1].grace_until is not None
    assert rooms[-1] is not None and rooms[-1].seats[1].connected


def test_a_rematch_replaces_the_room_and_other_rooms_are_ignored() -> None:
    msgs = load("rematch")["messages"]
    rooms = [r for r, _ in fold(msgs)]
    old = rooms[2]
    assert old is not None
    votes = [r.rematch for r in rooms if r is not None and r.room == old.room]
    assert (0, 1) in votes
    last = rooms[-1]
    assert last is not None and last.room != old.room and last.rematch_of == old.room and last.chat == ()
    # a snapshot of an unrelated room does not replace ours
    other = as_message({**msgs[2], "room": "elsewhere", "rematch_of": None})
    same, _ = reduce(last, other)
    assert same is last


def test_a_late_spectator_gets_the_room_s_chat_from_its_snapshots() -> None:
    rooms = [r for r, _ in fold(load("chat")["messages"])]
    first, last = rooms[0], rooms[-1]
    assert first is not None and [(c.seat, c.name, c.text) for c in first.chat] == [
        (0, "Ann", "good luck"),
        (1, "Bob", "have fun"),
    ]
    assert last is not None and [c.text for c in last.chat] == ["good luck", "have fun", "nice one", "thanks"]
    assert last.chat[2].seat is None  # the spectator's own line


def test_a_snapshot_s_chat_replaces_the_chat_and_keeps_its_last_100_lines() -> None:
    msgs = load("chat")["messages"]
    room, _ = reduce(None, as_message(msgs[0]))
    lines = [{"seat": None, "name": "W", "text": f"line {i}", "at": float(i)} for i in range(101)]
    room, _ = reduce(room, as_message({**msgs[-1], "chat": lines}))
    assert room is not None and [c.text for c in room.chat] == [f"line {i}" for i in range(1, 101)]
    room, _ = reduce(room, as_message({**msgs[-1], "chat": []}))
    assert room is not None and room.chat == ()


def test_aborted() -> None:
    rooms = [r for r, _ in fold(load("aborted")["messages"])]
    over = next(r for r in rooms if r is not None and r.is_over)
    assert over.status == "aborted" and over.result is None and over.reason


def test_a_line_game_won_by_five_names_the_winner_and_carries_the_line() -> None:
    rooms = [r for r, _ in fold(load("line_win")["messages"])]
    first = next(r for r in rooms if r is not None)
    assert first.heading == "Gomoku 15x15" and first.title == "Gomoku 15x15"
    assert first.mark_of(first.you) == "white (O)" and first.marks() == ["black (X)", "white (O)"]
    assert first.winning_line == ()
    over = rooms[-1]
    assert over is not None and over.is_over
    assert over.reason == over.result.reason == "Ann (black) made five in a row"  # type: ignore[union-attr]
    assert over.winning_line == ("h8", "i8", "j8", "k8", "l8")


def test_every_room_has_a_title_in_words() -> None:
    for path in FILES:
        room = fold(json.loads(path.read_text())["messages"])[-1][0]
        assert room is not None and room.title and "=" not in room.title, path.stem


def test_the_end_reason_names_players_not_seats() -> None:
    for name in ("normal_game", "resign"):
        over = [r for r, _ in fold(load(name)["messages"])][-1]
        assert over is not None and over.is_over and "seat " not in over.reason
        assert over.reason.split()[0] in ("Ann", "Bob"), over.reason


def test_marks_come_from_a_line_game_s_view() -> None:
    from grundy.client.room import seat_marks

    assert seat_marks({"symbols": ["X", "O"]}) == ["X", "O"]
    opening = {"symbols": {"black": "X", "white": "O"}, "colours": ["black", "white"], "colours_chosen": False}
    assert seat_marks(opening) is None
    assert seat_marks({**opening, "colours": ["white", "black"], "colours_chosen": True}) == ["white (O)", "black (X)"]
    assert seat_marks({"heaps": [3]}) is None


def test_a_refused_move_folds_into_the_live_room_and_asks_for_the_state() -> None:
    from grundy.client.live import LiveRoom

    msgs = load("normal_game")["messages"]
    start = next(i for i, m in enumerate(msgs) if m["type"] == "room_state" and m["status"] == "playing")
    live = LiveRoom.from_state(as_message(msgs[start]), now=0.0)
    live.refused("not_your_turn", "wait", live.room)
    assert live.take_outbox() == [] and live.state is not None and not live.state.stale
    live.refused(p.ErrorCode.STALE_PLY, "too late", "another-room")
    assert live.take_outbox() == []
    live.refused(p.ErrorCode.STALE_PLY, "too late", live.room)
    assert live.take_outbox() == [p.GetState(room=live.room)] and live.state.stale
    live.refused("some_new_code", "?", live.room)  # a code this client does not know changes nothing
    assert live.take_outbox() == []


def test_the_live_room_clock_ticks_from_when_the_clocks_came() -> None:
    from grundy.client.live import LiveRoom

    msgs = load("normal_game")["messages"]
    live = LiveRoom()
    for i, m in enumerate(msgs):
        live.apply(as_message(m), now=float(i))
    # after the game the clocks stand still whatever the local time
    assert live.is_over and live.clock_left(0, now=1e6) == live.clocks[0]
    first = next(i for i, m in enumerate(msgs) if m["type"] == "move_made")
    live = LiveRoom()
    for m in msgs[: first + 1]:
        live.apply(as_message(m), now=100.0)
    turn = live.turn
    assert turn is not None and live.clocks is not None
    assert live.clock_left(turn, now=110.0) == pytest.approx(live.clocks[turn] - 10.0)
    assert live.clock_left(1 - turn, now=110.0) == live.clocks[1 - turn]


@pytest.mark.parametrize("name", ["normal_game", "draw_offer_kept", "rematch", "hidden_moves", "missing_ply"])
async def test_the_model_agrees_with_a_real_node_today(name: str, make_node: Any) -> None:
    """Played again on a real node: every snapshot the client asks for equals the room it had folded.

    (The committed recordings are what the other tests replay; this keeps the rules true to the server.)
    """
    _, messages = await SCENARIOS[name](make_node)
    states, sends = replay(messages)
    check_snapshots(messages, states, sends)
    assert states[-1] is not None and not states[-1]["stale"]
