"""Random sequences of well-formed requests from several clients: every request is answered, nothing is corrupted.

Hypothesis draws scripts of lobby and room requests (valid, refused and nonsensical ones:
wrong plies, other seats, rooms that do not exist, dropped connections that resume).  After
each script the node must be healthy and every room in memory must agree with the store:
the same moves, replaying legally under the rules.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import protocol as p
import rules
from server.node import Node
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
    """A client that can drop and come back with its token."""

    def __init__(self, node: Node, name: str) -> None:
        self.node, self.name = node, name
        self.client: Client | None = None

    async def c(self) -> Client:
        if self.client is None:
            self.client = await Client.hello(url(self.node), self.name)
        return self.client

    async def drop(self) -> None:
        c = await self.c()
        token = c.welcome.token if c.welcome else ""
        await c.close()
        self.client = await Client.resume(url(self.node), token)


async def run(node: Node, script: list[tuple[Any, ...]]) -> None:
    players = [Player(node, n) for n in ("Ann", "Bob", "Cy")]
    before = set(node.rooms)
    for action in script:
        # The rooms of this script, however they were made (create, quick match, rematch), newest last.
        rooms = [(rid, a.room.code) for rid, a in node.rooms.items() if rid not in before]
        kind, who = action[0], players[action[1]]
        c = await who.c()
        if kind == "drop":
            await who.drop()
            continue
        if kind == "play":  # the seat to move plays a legal move (when the room has one)
            _, _, idx, pick = action
            actor = node.rooms.get(rooms[idx % len(rooms)][0]) if rooms else None
            if actor is None or actor.room.turn is None:
                continue
            holder = actor.room.seats[actor.room.turn].session
            mover = next(
                (pl for pl in players if pl.client and pl.client.welcome and pl.client.welcome.session == holder), None
            )
            if mover is None or mover.client is None:
                continue
            legal = actor.room.game.legal_texts(actor.room.state)
            reply = await mover.client.request(p.Move(room=actor.id, ply=actor.room.ply, move=legal[pick % len(legal)]))
            assert isinstance(reply, p.MoveMade), reply
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
            actor = node.rooms.get(rid)
            ply = max(0, (actor.room.ply if actor else 0) + delta)
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
    await asyncio.sleep(0.05)
    for pl in players:
        if pl.client is not None:
            assert isinstance(await pl.client.request(p.Ping()), p.Pong)
            await pl.client.close()


def check_store_agrees(node: Node) -> None:
    for rid, actor in node.rooms.items():
        room = actor.room
        stored = node.store.load_room(rid)
        assert stored is not None, rid
        assert [m.text for m in stored.moves] == [m.text for m in room.moves]
        assert [m.ply for m in stored.moves] == list(range(room.ply))
        assert stored.status == room.status
        game = rules.create(stored.game, **stored.params)
        game.replay([m.text for m in stored.moves])


async def test_random_request_scripts_keep_rooms_and_store_consistent(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=10_000.0, burst=10_000.0, max_rooms=4)
    for script in scripts(12, 40):
        await run(node, script)
    check_store_agrees(node)
    assert node.rooms, "the scripts created no room"
