"""Random sequences of well-formed requests from several clients: every request is answered, nothing is corrupted.

Hypothesis draws scripts of lobby and room requests (valid, refused and nonsensical ones:
wrong plies, other seats, rooms that do not exist, dropped connections that resume).  After
each script the node must be healthy, and every room, as a spectator sees it, must agree
with the store: the same moves, replaying legally under the rules.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy import protocol as p
from grundy import rules
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, url

MOVES = ["1:1", "2:1", "3:2", "1:3", "b2", "a1", "c3", "zz"]
ROOM_REQUESTS = [
    "move",
    "leave",
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "rematch",
    "get_state",
    "get_record",
    "spectate",
    "join",
    "chat",
]

_action = st.one_of(
    st.tuples(
        st.just("create"),
        st.integers(0, 2),
        st.sampled_from(["nim", "tictactoe"]),
        st.sampled_from([None, 0, 1]),
        st.booleans(),
    ),
    st.tuples(
        st.sampled_from(ROOM_REQUESTS), st.integers(0, 2), st.integers(0, 5), st.integers(-1, 1), st.sampled_from(MOVES)
    ),
    st.tuples(st.just("join"), st.integers(0, 2), st.integers(0, 5), st.just(0), st.just("1:1")),
    st.tuples(st.just("play"), st.integers(0, 2), st.integers(0, 5), st.integers(0, 1000)),
    st.tuples(st.just("play"), st.integers(0, 2), st.integers(0, 5), st.integers(0, 1000)),
    st.tuples(st.just("quick"), st.integers(0, 2)),
    st.tuples(st.just("cancel"), st.integers(0, 2)),
    st.tuples(st.just("drop"), st.integers(0, 2)),
)


def scripts(n: int, length: int) -> list[list[tuple[Any, ...]]]:
    out: list[list[tuple[Any, ...]]] = []

    @settings(max_examples=n, database=None, suppress_health_check=list(HealthCheck), deadline=None)
    @given(st.lists(_action, min_size=length, max_size=length))
    def collect(script: list[tuple[Any, ...]]) -> None:
        out.append(script)

    collect()
    return out


class Player:
    """A client that can drop and come back with its token (every connection it had is kept)."""

    def __init__(self, node: Node, name: str) -> None:
        self.node, self.name = node, name
        self.client: Client | None = None
        self.past: list[Client] = []

    async def c(self) -> Client:
        if self.client is None:
            self.client = await Client.hello(url(self.node), self.name)
        return self.client

    async def drop(self) -> None:
        c = await self.c()
        token = c.welcome.token if c.welcome else ""
        await c.close()
        self.past.append(c)
        self.client = await Client.resume(url(self.node), token)

    def clients(self) -> list[Client]:
        return [*self.past, *([self.client] if self.client is not None else [])]


_ABOUT_ROOMS = (p.RoomCreated, p.RoomState, p.MoveMade, p.GameOver, p.RematchOffered)


def known_rooms(players: list[Player]) -> list[tuple[str, str | None]]:
    """Every room the players have heard of (however it was made: create, quick match, rematch), with its
    join code when they were told it, in the order they first heard of them."""
    rooms: dict[str, str | None] = {}
    for pl in players:
        for c in pl.clients():
            for m in c.seen:
                if isinstance(m, _ABOUT_ROOMS):
                    code = getattr(m, "code", None)
                    if rooms.get(m.room) is None:
                        rooms[m.room] = code
    return list(rooms.items())


def last_ply(players: list[Player], room: str) -> int:
    """The room's ply as the players last heard it (0 if they heard nothing)."""
    ply = 0
    for pl in players:
        for c in pl.clients():
            for m in c.seen:
                if isinstance(m, p.RoomState) and m.room == room:
                    ply = max(ply, m.ply)
                elif isinstance(m, p.MoveMade) and m.room == room:
                    ply = max(ply, m.ply + 1)
    return ply


async def run(node: Node, script: list[tuple[Any, ...]]) -> list[tuple[str, str | None]]:
    players = [Player(node, n) for n in ("Ann", "Bob", "Cy")]
    for action in script:
        rooms = known_rooms(players)
        kind, who = action[0], players[action[1]]
        c = await who.c()
        if kind == "drop":
            await who.drop()
            continue
        if kind == "play":  # the seat to move plays a legal move (when the room has one)
            _, _, idx, pick = action
            if not rooms:
                continue
            rid = rooms[idx % len(rooms)][0]
            for pl in players:  # each player asks; only the seat to move is given its legal moves
                if pl.client is None:
                    continue
                state = await pl.client.request(p.GetState(room=rid), (p.RoomState, p.Error))
                if isinstance(state, p.RoomState) and state.legal_moves:
                    move = state.legal_moves[pick % len(state.legal_moves)]
                    reply = await pl.client.request(p.Move(room=rid, ply=state.ply, move=move))
                    assert isinstance(reply, p.MoveMade), reply
                    break
            continue
        if kind == "create":
            _, _, game, seat, private = action
            msg: Any = p.CreateRoom(game=game, seat=seat, private=private)
        elif kind == "quick":
            msg = p.QuickMatch(game="nim", params={"heaps": [1, 2]})
        elif kind == "cancel":
            msg = p.QuickMatchCancel()
        else:
            _, _, idx, delta, text = action
            rid, code = rooms[idx % len(rooms)] if rooms and idx < 5 else ("r-missing", None)
            ply = max(0, last_ply(players, rid) + delta)
            msg = {
                "move": p.Move(room=rid, ply=ply, move=text),
                "leave": p.Leave(room=rid),
                "resign": p.Resign(room=rid),
                "offer_draw": p.OfferDraw(room=rid),
                "accept_draw": p.AcceptDraw(room=rid),
                "decline_draw": p.DeclineDraw(room=rid),
                "rematch": p.Rematch(room=rid),
                "get_state": p.GetState(room=rid),
                "get_record": p.GetRecord(room=rid),
                "spectate": p.Spectate(room=None if code else rid, code=code),
                "join": p.Join(room=None if code else rid, code=code),
                "chat": p.ChatSend(room=rid, text=text),
            }[kind]
        reply = await c.request(msg)  # every request gets an answer carrying its ref
        if isinstance(reply, p.Error):
            assert reply.code != p.ErrorCode.INTERNAL, reply
    rooms = known_rooms(players)
    for pl in players:
        if pl.client is not None:
            assert isinstance(await pl.client.request(p.Ping()), p.Pong)
            await pl.client.close()
    return rooms


async def check_store_agrees(node: Node, checker: Client, rooms: list[tuple[str, str | None]]) -> None:
    """Every room as a spectator sees it now is what the store holds: the same moves, replaying legally."""
    for rid, code in rooms:
        state = await checker.request(p.Spectate(room=None if code else rid, code=code), (p.RoomState, p.Error))
        if isinstance(state, p.Error):  # a private room whose code its players were never told (none here)
            assert state.code == p.ErrorCode.UNKNOWN_ROOM and code is None, state
            continue
        stored = await node.store.load_room(rid)
        assert stored is not None, rid
        assert [m.text for m in stored.moves] == [m.move for m in state.moves]
        assert [m.ply for m in stored.moves] == list(range(state.ply))
        assert stored.status == state.status
        game = rules.create(stored.game, **stored.params)
        game.replay([m.text for m in stored.moves])


async def test_random_request_scripts_keep_rooms_and_store_consistent(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=10_000.0, burst=10_000.0, max_rooms=4)
    checker = await Client.hello(url(node), "Checker")
    rooms: list[tuple[str, str | None]] = []
    for script in scripts(12, 40):
        rooms += await run(node, script)
    assert rooms, "the scripts created no room"
    await check_store_agrees(node, checker, rooms)
