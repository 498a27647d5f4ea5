"""Record the server message streams in tests/client/recordings/ from a real node (real sockets).

    python -m tests.client.record            # rewrite every recording
    python -m tests.client.record chat       # only these

Each scenario plays a game with real clients against an embedded node and keeps one client's
received messages; the expected room after each message is the reducer's, and while recording
it is checked against the server's truth: every ``room_state`` the recorded client gets is
compared with the room the reducer had folded before it (clocks and times aside).  The tests
replay the committed files and never start a node for them.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from grundy import protocol as p
from grundy.client.room import ClientRoom, reduce, request_json
from grundy.protocol import decode_server, encode_map
from tests.server.e2e.conftest import node_factory
from tests.server.e2e.wsclient import Client, NodeFactory, url

HERE = Path(__file__).parent / "recordings"
TIMEOUT = 10.0

# Keys a later snapshot may change without the room having changed: the clocks run between them.
_MOVING = {"clocks", "server_time", "stale"}


# ------------------------------------------------------------------ the replay (shared with the tests)


def as_message(data: dict[str, Any]) -> Any:
    """A recorded message dict decoded as the client decodes a frame (through msgpack)."""
    return decode_server(encode_map(data))


def replay(messages: list[dict[str, Any]]) -> tuple[list[dict[str, Any] | None], list[list[dict[str, Any]]]]:
    """The room after each message and the requests each one asks for."""
    room: ClientRoom | None = None
    states: list[dict[str, Any] | None] = []
    sends: list[list[dict[str, Any]]] = []
    for data in messages:
        room, out = reduce(room, as_message(data))
        states.append(None if room is None else room.to_json())
        sends.append([request_json(r) for r in out])
    return states, sends


def check_snapshots(
    messages: list[dict[str, Any]], states: list[dict[str, Any] | None], sends: list[list[dict[str, Any]]]
) -> None:
    """Every snapshot asked for (``get_state``) agrees with the room folded before it.

    Unless the reducer itself had asked for it (a gap, or hidden moves to show after the end).
    """
    asked = False
    for i, data in enumerate(messages):
        before = states[i - 1] if i else None
        if data["type"] != "room_state":
            asked = asked or bool(sends[i])
            continue
        repair, asked = asked, False
        if data["ref"] is None or before is None or repair or data["room"] != before["room"]:
            continue
        after = states[i]
        assert after is not None
        aborted = after["status"] == "aborted"
        skip = _MOVING | ({"reason", "reason_say"} if aborted else set())  # a snapshot has no abort reason
        a = {k: v for k, v in before.items() if k not in skip}
        b = {k: v for k, v in after.items() if k not in skip}
        if a != b:
            diff = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
            raise AssertionError(f"message {i}: the snapshot disagrees with the folded room: {diff}")


# ------------------------------------------------------------------ playing


def stream(c: Client, since: int = 0) -> list[dict[str, Any]]:
    """What ``c`` received (after its ``welcome``), as JSON dicts."""
    return [m.model_dump(mode="json") for m in c.seen[since:] if not isinstance(m, p.Welcome)]


def folded(c: Client, room: str) -> ClientRoom:
    """The room as ``c`` knows it now (its messages folded from the start)."""
    r: ClientRoom | None = None
    for m in c.seen:
        r, _ = reduce(r, m)
    assert r is not None and r.room == room, f"{c.welcome} has no room {room}: {r}"
    return r


async def until(c: Client, room: str, ok: Callable[[ClientRoom], bool]) -> ClientRoom:
    """Wait until ``c``'s folded room satisfies ``ok``."""

    async def wait() -> ClientRoom:
        while True:
            c.arrived.clear()
            r: ClientRoom | None = None
            for m in c.seen:
                r, _ = reduce(r, m)
            if r is not None and r.room == room and ok(r):
                return r
            await c.arrived.wait()

    return await asyncio.wait_for(wait(), TIMEOUT)


async def move(players: list[Client], room: str, pick: int = 0) -> ClientRoom:
    """The seat to move plays its ``pick``-th legal move; the room as that player sees it after."""
    r = await until(players[0], room, lambda r: True)
    ply = r.ply
    for c in players:
        r = await until(c, room, lambda r: r.ply >= ply)
        if r.is_my_turn:
            assert r.legal_moves, r
            text = r.legal_moves[min(pick, len(r.legal_moves) - 1)]
            await c.request(p.Move(room=room, ply=ply, move=text), p.MoveMade)
            return await until(c, room, lambda r: r.ply > ply)
    raise AssertionError(f"nobody to move in {room} at ply {ply}")


async def table(
    node: Any, game: str, params: dict[str, Any], tc: p.TimeControl | None = None
) -> tuple[Client, Client, str]:
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    created = await ann.request(p.CreateRoom(game=game, params=params, seat=0, time_control=tc), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await until(ann, created.room, lambda r: r.status == "playing")
    return ann, bob, created.room


async def settle(c: Client, room: str) -> None:
    """Ask for a snapshot and wait for it: everything sent before it has arrived."""
    await c.request(p.GetState(room=room), p.RoomState)


# ------------------------------------------------------------------ the scenarios

Scenario = Callable[[NodeFactory], Awaitable[tuple[str, list[dict[str, Any]]]]]
SCENARIOS: dict[str, Scenario] = {}


def scenario(fn: Scenario) -> Scenario:
    SCENARIOS[fn.__name__] = fn
    return fn


@scenario
async def normal_game(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [1, 2]}, p.TimeControl(initial_s=60, increment_s=1))
    while not (await until(ann, room, lambda r: True)).is_over:
        await move([ann, bob], room)
    await settle(ann, room)
    return "Ann (seat 0) plays nim 1,2 with a 1+1 clock against Bob to the end; then asks for a snapshot.", stream(ann)


@scenario
async def draw_offer_kept(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "mnk", {})
    await ann.request(p.OfferDraw(room=room), p.DrawOffered)
    await move([ann, bob], room)  # the offerer moves: the offer stands
    await settle(ann, room)
    await move([ann, bob], room)  # the other side moves: the offer lapses
    await settle(ann, room)
    await bob.request(p.OfferDraw(room=room), p.DrawOffered)
    await ann.request(p.AcceptDraw(room=room), p.GameOver)
    await settle(ann, room)
    return (
        "tic-tac-toe, Ann's stream: Ann offers a draw and moves (the offer stands, as the snapshot shows); "
        "Bob moves (the offer lapses); Bob offers, Ann accepts: drawn by agreement.",
        stream(ann),
    )


@scenario
async def draw_declined(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "mnk", {})
    await move([ann, bob], room)
    await ann.request(p.OfferDraw(room=room), p.DrawOffered)
    await until(bob, room, lambda r: bool(r.draw_offer))
    await bob.request(p.DeclineDraw(room=room), p.DrawDeclined)
    await move([ann, bob], room)
    await settle(bob, room)
    return "tic-tac-toe, Bob's stream: after the first move Ann offers a draw, Bob declines and moves.", stream(bob)


@scenario
async def resign(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [3, 4, 5]}, p.TimeControl(initial_s=300, increment_s=2))
    await move([ann, bob], room)
    await move([ann, bob], room)
    await ann.request(p.Resign(room=room), p.GameOver)
    await settle(bob, room)
    return "nim 3,4,5 with a 5+2 clock, Bob's stream: two moves, then Ann resigns.", stream(bob)


@scenario
async def rematch(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [2, 2]})
    await move([ann, bob], room)
    await bob.request(p.Resign(room=room), p.GameOver)
    await until(ann, room, lambda r: r.is_over)
    await ann.request(p.Rematch(room=room), p.RematchOffered)
    await until(bob, room, lambda r: bool(r.rematch))
    await bob.request(p.Rematch(room=room), p.RematchOffered)
    r = await _rematched(ann, room)
    await move([bob, ann], r.room)
    await settle(ann, r.room)
    return (
        "nim 2,2, Ann's stream: Bob resigns after a move, both ask for a rematch; the new room's snapshot "
        "(rematch_of the old) replaces the room, seats rotated; Bob moves first there.",
        stream(ann),
    )


async def _rematched(c: Client, old: str) -> ClientRoom:
    async def wait() -> ClientRoom:
        while True:
            c.arrived.clear()
            r: ClientRoom | None = None
            for m in c.seen:
                r, _ = reduce(r, m)
            if r is not None and r.rematch_of == old:
                return r
            await c.arrived.wait()

    return await asyncio.wait_for(wait(), TIMEOUT)


@scenario
async def chat(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [1, 3]})
    await ann.request(p.ChatSend(room=room, text="good luck"), p.Chat)
    await bob.request(p.ChatSend(room=room, text="have fun"), p.Chat)
    cat = await Client.hello(url(node), "Cat")
    await cat.request(p.Spectate(room=room), p.RoomState)
    await move([ann, bob], room)
    await cat.request(p.ChatSend(room=room, text="nice one"), p.Chat)
    await bob.request(p.ChatSend(room=room, text="thanks"), p.Chat)
    await settle(cat, room)
    return (
        "nim 1,3, the stream of Cat, a spectator who arrives after two lines were said: its first snapshot "
        "brings them; a move, Cat's own line and another; the later snapshot holds the room's four lines.",
        stream(cat),
    )


@scenario
async def reconnect(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [2, 3]})
    await move([ann, bob], room)
    assert bob.welcome is not None
    token = bob.welcome.token
    bob.drop()
    await until(ann, room, lambda r: not r.seats[1].connected)
    bob = await Client.resume(url(node), token)
    await until(ann, room, lambda r: r.seats[1].connected)
    await move([ann, bob], room)
    await settle(ann, room)
    return (
        "nim 2,3, Ann's stream: Bob's connection drops (player_status with grace_until), he resumes "
        "(player_status connected) and moves.",
        stream(ann),
    )


@scenario
async def hidden_minesweeper(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "minesweeper", {"width": 5, "height": 4, "mines": 3})
    cat = await Client.hello(url(node), "Cat")
    await cat.request(p.Spectate(room=room), p.RoomState)
    await move([ann, bob], room)
    if not (await move([ann, bob], room, pick=3)).is_over:
        await ann.request(p.Resign(room=room), p.GameOver)
    await until(cat, room, lambda r: r.is_over)
    await settle(cat, room)
    return (
        "minesweeper 5x4 with 3 mines, the stream of Cat, a spectator: the layout and seed are hidden "
        "(params without seed) until the game_over, which shows the full view and the seed.",
        stream(cat),
    )


@scenario
async def hidden_moves(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    params = {"width": 5, "height": 3, "evader_sees": False, "seed": 3}
    ann, bob, room = await table(node, "pursuit", params)
    cat = await Client.hello(url(node), "Cat")
    await cat.request(p.Spectate(room=room), p.RoomState)
    for _ in range(3):
        await move([ann, bob], room)
    await until(cat, room, lambda r: r.ply == 3)
    await settle(cat, room)
    await bob.request(p.Resign(room=room), p.GameOver)
    await until(cat, room, lambda r: r.is_over)
    await settle(cat, room)
    return (
        "pursuit with a blind evader, the stream of Cat, a spectator: every move_made carries move null "
        "while the game is played; after the end the snapshot shows the moves.",
        stream(cat),
    )


@scenario
async def missing_ply(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [3, 3]})
    await move([ann, bob], room)  # ply 0, Ann
    await move([ann, bob], room)  # ply 1, Bob: Ann's copy is dropped below
    await move([ann, bob], room)  # ply 2, Ann: a gap for Ann's model
    await settle(ann, room)  # the get_state the reducer asks for, answered
    await move([ann, bob], room)  # ply 3, Bob
    msgs = stream(ann)
    dropped = [i for i, m in enumerate(msgs) if m["type"] == "move_made" and m["ply"] == 1]
    assert len(dropped) == 1
    del msgs[dropped[0]]
    return (
        "nim 3,3, Ann's stream with Bob's move_made at ply 1 removed after recording: Ann's own move_made "
        "at ply 2 comes after a gap, so the reducer asks for get_state once and ignores it; the room_state "
        "repairs the room; play goes on.",
        msgs,
    )


@scenario
async def stale_ply(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "nim", {"heaps": [2, 2]})
    await move([ann, bob], room)
    await move([ann, bob], room)
    err = await ann.error(p.Move(room=room, ply=0, move="1:1"))
    assert err.code == "stale_ply", err
    await settle(ann, room)
    await move([ann, bob], room)
    return (
        "nim 2,2, Ann's stream: Ann sends a move for ply 0 at ply 2 and gets error stale_ply for the room; "
        "the reducer asks for get_state, whose room_state clears the stale mark.",
        stream(ann),
    )


@scenario
async def line_win(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make()
    ann, bob, room = await table(node, "gomoku", {})
    black, white = ["h8", "i8", "j8", "k8", "l8"], ["a1", "b1", "c1", "d1"]
    for ply in range(9):
        who, cell = (ann, black[ply // 2]) if ply % 2 == 0 else (bob, white[ply // 2])
        await until(who, room, lambda r, ply=ply: r.ply == ply)
        await who.request(p.Move(room=room, ply=ply, move=cell), p.MoveMade)
    await until(bob, room, lambda r: r.is_over)
    await settle(bob, room)
    return (
        "gomoku 15x15, Bob's stream (white): Ann (black) makes five in a row h8-l8; the result names her "
        "and carries the winning line, which clients mark on the board.",
        stream(bob),
    )


@scenario
async def aborted(make: NodeFactory) -> tuple[str, list[dict[str, Any]]]:
    node = await make(abort_s=0.5)
    ann, bob, room = await table(node, "nim", {"heaps": [1, 1]})
    await until(bob, room, lambda r: r.is_over)
    await settle(bob, room)
    return "nim 1,1, Bob's stream: nobody makes the first move in time; the game is aborted.", stream(bob)


# ------------------------------------------------------------------ writing


async def record(names: list[str]) -> None:
    for name in names:
        with tempfile.TemporaryDirectory() as tmp:
            async with node_factory(Path(tmp), cluster=False) as make:
                description, messages = await SCENARIOS[name](make)
        states, sends = replay(messages)
        check_snapshots(messages, states, sends)
        data = {"description": description, "messages": messages, "states": states, "sends": sends}
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"{name}: {len(messages)} messages")


if __name__ == "__main__":
    asyncio.run(record(sys.argv[1:] or list(SCENARIOS)))
