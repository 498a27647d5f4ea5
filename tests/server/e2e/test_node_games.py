"""Every game family over the network, with the secrecy of hidden information checked frame by frame.

Players are driven by the test: at each turn the seat to move sends a random legal move,
one of the ``legal_moves`` the server sent it (only the seat to move gets them).  Every
frame each player and spectator received is then checked against the rules: before the end
a recipient only ever got its own seat's view (the public view for spectators), never
another seat's hidden move, never a secret parameter, and legal moves only when it was to
move: its own, which its view already implies.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgpack
import pytest

from grundy import protocol as p
from grundy import rules
from grundy.rules.cells import format_cell, parse_cell
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, url, watch_to_the_end

# Small parameters so random games end quickly; a new game plays with its defaults.
SMALL: dict[str, dict[str, Any]] = {
    "corner": {"width": 5, "height": 5},
    "pawn": {"size": 4, "payoffs": "1,2,3,4"},
    "coins": {"width": 4, "height": 4},
    "mnk": {"players": 3, "m": 4, "n": 4, "k": 3},
    "pursuit": {"width": 6, "height": 4, "evader_sees": False},
    "minesweeper": {"width": 5, "height": 5, "mines": 4},
}
FAMILIES = rules.names(aliases=False)


def _plain(x: Any) -> Any:
    """A value as it looks after a trip through msgpack (tuples become lists)."""
    return msgpack.unpackb(msgpack.packb(x, use_bin_type=True), raw=False)


def _keys(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        out = {k for k in obj if isinstance(k, str)}
        for v in obj.values():
            out |= _keys(v)
        return out
    if isinstance(obj, list):
        out = set()
        for v in obj:
            out |= _keys(v)
        return out
    return set()


def _steps_seen(view: dict[str, Any], seat: int) -> set[str]:
    """A pursuit figure's moves as its own view shows them: the open cells around it."""
    x, y = parse_cell(view["figures"][seat])
    w, h, blocked = view["width"], view["height"], set(view["blocked"])
    around = {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    return {format_cell(*c) for c in around if 0 <= c[0] < w and 0 <= c[1] < h} - blocked


def check_frames(client: Client, seat: int | None, game_name: str, params: dict[str, Any], moves: list[str]) -> int:
    """Check every frame ``client`` got before the game's end; returns how many were checked."""
    game = rules.create(game_name, **params)
    states = [game.initial()]
    for text in moves:
        states.append(game.play_text(states[-1], text))
    secret = {q.name for q in game.parameters if q.secret}
    public_moves = not game.hidden_information or game.public_moves

    def expected(ply: int) -> Any:
        s = states[ply]
        return _plain(game.full_view(s) if game.is_over(s) else game.view(s, seat))

    checked = 0
    for raw in client.frames:
        msg = p.decode_server(raw)
        if isinstance(msg, p.GameOver):
            break
        checked += 1
        ended = (isinstance(msg, p.MoveMade) and game.is_over(states[msg.ply + 1])) or (
            isinstance(msg, p.RoomState) and msg.status in ("finished", "aborted")
        )
        if game.name == "minesweeper" and not ended:  # the move that ends the game shows everything
            assert not {"seed", "layout"} & _keys(msgpack.unpackb(raw, raw=False)), f"secret sent to {seat}: {msg!r}"
        if isinstance(msg, p.MoveMade):
            assert msg.view == expected(msg.ply + 1), f"seat {seat} got another view at ply {msg.ply}"
            if not public_moves and msg.seat != seat and not game.is_over(states[msg.ply + 1]):
                assert msg.move is None, f"seat {seat} saw seat {msg.seat}'s hidden move"
            after = states[msg.ply + 1]
            if seat is not None and game.to_move(after) == seat:  # the mover always gets its own legal moves
                assert msg.legal_moves == game.legal_texts(after), f"seat {seat} lacks its moves at {msg.ply + 1}"
                if game.name == "pursuit":
                    assert set(msg.legal_moves) == _steps_seen(msg.view, seat), f"seat {seat}: moves it cannot see"
            else:
                assert msg.legal_moves is None, f"{seat} got the legal moves of seat {game.to_move(after)}"
        elif isinstance(msg, p.RoomState):
            assert msg.view == expected(msg.ply)
            assert not secret & set(msg.params) or msg.status in ("finished", "aborted")
            if not public_moves:
                assert all(m.move is None for m in msg.moves if m.seat != seat)
            if msg.legal_moves is not None:
                assert seat is not None and game.to_move(states[msg.ply]) == seat and msg.status == "playing"
                assert msg.legal_moves == game.legal_texts(states[msg.ply])
            if msg.status in ("finished", "aborted"):  # (a spectator who came after the end: no game_over)
                break
    return checked


_ENDED = ("finished", "aborted")


def _latest(c: Client, room: str) -> Any:
    """The newest word a client has about a room's position: a room_state, move_made or game_over."""
    for m in reversed(c.seen):
        if isinstance(m, (p.RoomState, p.MoveMade, p.GameOver)) and m.room == room:
            return m
    return None


async def drive(node: Node, room: str, players: dict[int, Client], rng: random.Random) -> None:
    """Play random legal moves for the human seats until the game ends (bots move by themselves).

    A seat moves when the server has told it that it is to move: the newest ``room_state`` or
    ``move_made`` it got carries its ``legal_moves`` (the server sends them only to the seat to
    move); while a bot thinks, the driver waits for the next frame.
    """
    for c in players.values():
        await c.request(p.GetState(room=room), p.RoomState)
    for _ in range(5000):
        latest = {seat: _latest(c, room) for seat, c in players.items()}
        if any(isinstance(m, p.GameOver) or getattr(m, "status", "") in _ENDED for m in latest.values()):
            return
        mover = next((seat for seat, m in latest.items() if m.turn == seat and m.legal_moves), None)
        if mover is None:  # a bot (or nobody yet) is to move: wait for the next frame on any connection
            seen = sum(len(c.seen) for c in players.values())
            for c in players.values():
                c.arrived.clear()
            if sum(len(c.seen) for c in players.values()) == seen:
                waits = [asyncio.ensure_future(c.arrived.wait()) for c in players.values()]
                done, pending = await asyncio.wait(waits, timeout=30, return_when=asyncio.FIRST_COMPLETED)
                for w in pending:
                    w.cancel()
                assert done, f"room {room}: nothing happened for 30 s"
            continue
        m = latest[mover]
        ply = m.ply if isinstance(m, p.RoomState) else m.ply + 1
        await players[mover].request(p.Move(room=room, ply=ply, move=rng.choice(m.legal_moves)), p.MoveMade)
    raise AssertionError(f"room {room} did not finish")


@pytest.mark.parametrize("game", FAMILIES)
async def test_a_full_game_of_every_family(node: Node, game: str) -> None:
    rng = random.Random(game)
    params = SMALL.get(game, {})
    n = rules.create(game, **params).seats
    players = {i: await Client.hello(url(node), f"P{i}") for i in range(n)}
    watcher = await Client.hello(url(node), "Eve")
    created = await players[0].request(p.CreateRoom(game=game, params=params, seat=0), p.RoomCreated)
    room = created.room
    await watcher.request(p.Spectate(room=room), p.RoomState)
    for i in range(1, n):
        await players[i].request(p.Join(room=room, seat=i), p.RoomState)
    await drive(node, room, players, rng)

    overs = [await c.expect(p.GameOver, room=room) for c in [*players.values(), watcher]]
    assert all(o.status == "finished" and o.result is not None for o in overs)
    assert len(overs[0].result.outcomes) == n  # type: ignore[union-attr]
    rec = (await watcher.request(p.GetRecord(room=room), p.Record)).record
    full, moves = rec["params"], [m["move"] for m in rec["moves"]]
    assert overs[0].params == full
    for seat, c in players.items():
        assert check_frames(c, seat, game, full, moves) >= len(moves)
    assert check_frames(watcher, None, game, full, moves) >= len(moves)
    if game == "pursuit":  # the check has teeth: the pursuer's frames would leak to the blind evader
        with pytest.raises(AssertionError):
            check_frames(players[0], 1, game, full, moves)
    stored = await node.store.load_room(room)
    assert stored is not None and [m.text for m in stored.moves] == moves


async def test_a_pursuit_whose_evader_sees_shares_moves_and_legal_moves(node: Node) -> None:
    params = {"width": 6, "height": 4}  # evader_sees defaults to true: the game hides nothing
    players = {i: await Client.hello(url(node), f"P{i}") for i in range(2)}
    watcher = await Client.hello(url(node), "Eve")
    room = (await players[0].request(p.CreateRoom(game="pursuit", params=params, seat=0), p.RoomCreated)).room
    await watcher.request(p.Spectate(room=room), p.RoomState)
    await players[1].request(p.Join(room=room, seat=1), p.RoomState)
    await drive(node, room, players, random.Random(5))
    for c in [*players.values(), watcher]:
        await c.expect(p.GameOver, room=room)
    rec = (await watcher.request(p.GetRecord(room=room), p.Record)).record
    full, moves = rec["params"], [m["move"] for m in rec["moves"]]
    for seat, c in [*players.items(), (None, watcher)]:
        made = [m for m in map(p.decode_server, c.frames) if isinstance(m, p.MoveMade)]
        assert [m.move for m in made] == moves, f"{seat} missed a move text"
        assert check_frames(c, seat, "pursuit", full, moves) >= len(moves)
    got = [m for m in map(p.decode_server, players[1].frames) if isinstance(m, p.MoveMade) and m.turn == 1]
    assert got and all(m.legal_moves for m in got)  # the evader is told its moves on every turn


@pytest.mark.parametrize(
    ("game", "levels"),
    [("minesweeper", ["easy", "medium"]), ("pursuit", ["easy", "hard"]), ("mnk", ["random", "easy", "medium"])],
)
async def test_bots_play_hidden_and_three_seat_games_alone(
    make_node: NodeFactory, game: str, levels: list[str]
) -> None:
    node = await make_node(bot_untimed_s=0.1)
    params = SMALL[game]
    eve = await Client.hello(url(node), "Eve")
    seats = [p.SeatRequest(kind="bot", level=lv) for lv in levels]
    created = await eve.request(p.CreateRoom(game=game, params=params, seats=seats), p.RoomCreated)
    over = await watch_to_the_end(eve, created.room, timeout=60)
    assert over.status == "finished" and over.result is not None and len(over.result.outcomes) == len(levels)
    rec = (await eve.request(p.GetRecord(room=created.room), p.Record)).record
    assert check_frames(eve, None, game, rec["params"], [m["move"] for m in rec["moves"]]) >= 1


async def test_a_spectator_who_comes_after_the_bots_have_finished_gets_the_end_in_its_snapshot(node: Node) -> None:
    eve = await Client.hello(url(node), "Eve")
    seats = [p.SeatRequest(kind="bot", level="easy"), p.SeatRequest(kind="bot", level="easy")]
    created = await eve.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seats=seats), p.RoomCreated)
    for _ in range(200):  # the first bot takes the only object: the game ends at once, before anyone watches
        record = await eve.request(p.GetRecord(room=created.room), (p.Record, p.Error))
        if isinstance(record, p.Record):
            break
        assert record.code == p.ErrorCode.NOT_FINISHED
        await asyncio.sleep(0.06)  # (under the request rate limit)
    assert isinstance(record, p.Record)
    end = await watch_to_the_end(eve, created.room, timeout=1)
    assert isinstance(end, p.RoomState) and end.status == "finished" and end.ply == 1
    assert end.result is not None and end.result.outcomes == ["win", "loss"]
    game = rules.create("nim", heaps=[1])
    assert end.view == _plain(game.full_view(game.replay(m["move"] for m in record.record["moves"])))
    await eve.request(p.GetState(room=created.room), p.RoomState)  # a round trip through the room after the snapshot
    assert not [m for m in eve.inbox if isinstance(m, p.GameOver)]  # it was sent before the spectator came


async def test_a_human_against_a_bot_in_minesweeper_sees_no_mine(node: Node) -> None:
    ann = await Client.hello(url(node), "Ann")
    params = SMALL["minesweeper"]
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="easy")]
    created = await ann.request(p.CreateRoom(game="minesweeper", params=params, seats=seats, seat=0), p.RoomCreated)
    await drive(node, created.room, {0: ann}, random.Random(7))
    await ann.expect(p.GameOver, room=created.room)
    rec = (await ann.request(p.GetRecord(room=created.room), p.Record)).record
    assert "final" in rec and rec["params"].get("seed") is not None
    assert check_frames(ann, 0, "minesweeper", rec["params"], [m["move"] for m in rec["moves"]]) >= 1
