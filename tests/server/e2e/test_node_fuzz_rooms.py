"""Rooms of every game with parameters drawn up to and past their bounds, played at random over real sockets.

The bounds are the catalog's (``list_games``; the same schemas as ``rules``): ``min``/``max`` of
integers and of the items of integer and number lists, ``max_items`` of lists, ``max_len`` of
text.  For every room hypothesis draws: every request is answered (replies matched by ``ref``),
never with ``internal``; parameters past a bound get ``bad_params``; a room that starts is played
with moves picked from the ``legal_moves`` its players are sent (a spectator follows it with no
legal moves; now and then a player's connection drops and it resumes on a new one), and is never
left stuck — afterwards ``get_state`` is answered, and either the game has ended or a legal move
is accepted and a resignation ends it with ``game_over`` to every player and the spectator.

One node serves every example: it runs in a thread of its own with its own event loop, and
each example talks to it through real websockets from a fresh event loop.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode
from grundy.rules.cells import format_cell
from grundy.server.node import Node, NodeConfig
from tests.server.e2e.wsclient import Client

# The catalog the node shows in ``list_games`` (a test below checks that they agree).
CATALOG: list[dict[str, Any]] = [rules.game_class(n).schema() for n in rules.names(aliases=False)]
MAX_PLIES = 30  # random moves per room at most (boards of 64 x 64 would take long to fill)
ANSWER_S = 20.0  # every request is answered within this (a busy shared machine)


# ================================================================== the node, in a thread


@dataclasses.dataclass
class Served:
    url: str
    node: Node
    loop: asyncio.AbstractEventLoop


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One node for the whole module, on its own event loop in a thread; shut down at the end."""
    db = tmp_path_factory.mktemp("fuzz-rooms") / "grundy.db"
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        async def main() -> None:
            config = NodeConfig(
                host="127.0.0.1",
                port=0,
                db=str(db),
                workers=1,
                requests_per_s=1e6,
                burst=1e6,
                abuse_strikes=1e6,
                max_rooms=1_000_000,
            )
            node = Node(config)
            try:
                await node.start()
                box.update(node=node, loop=asyncio.get_running_loop())
            except BaseException as e:
                box["error"] = e
                raise
            finally:
                ready.set()
            await node.serve_forever()
            await node.shutdown()

        asyncio.run(main())

    thread = threading.Thread(target=run, name="fuzz-node", daemon=True)
    thread.start()
    assert ready.wait(120), "the node did not start"
    if "error" in box:
        raise box["error"]
    node: Node = box["node"]
    yield Served(f"ws://127.0.0.1:{node.port}/", node, box["loop"])
    box["loop"].call_soon_threadsafe(node.request_stop)
    thread.join(60)


# ================================================================== parameters, up to and past their bounds


@dataclasses.dataclass(frozen=True)
class Case:
    game: str
    params: dict[str, Any]
    past: tuple[str, ...]  # the parameters drawn past a bound (or of a wrong kind): the room must be refused
    plies: int
    seed: int
    clock: tuple[float, float] | None = None  # (initial_s, increment_s): long enough never to run out here
    extreme: bool = False  # every parameter drawn at its bounds


def cell(x: int, y: int) -> str:
    return format_cell(x, y)


def int_past(lo: int, hi: int) -> st.SearchStrategy[int]:
    return st.sampled_from([lo - 1, hi + 1, hi + 10**6, -(2**63), 2**64 - 1, 10**18]).filter(
        lambda v: not lo <= v <= hi
    )


def ints_in(lo: int, hi: int) -> st.SearchStrategy[int]:
    """Integers in range: mostly small (playable), often the bounds themselves."""
    small = st.integers(lo, min(hi, max(lo, 0) + 12))
    return st.one_of(small, small, st.sampled_from([lo, hi]), st.integers(lo, hi))


@st.composite
def value_of(draw: st.DrawFn, schema: dict[str, Any], past: bool) -> Any:
    """A wire value for one parameter: within every bound, or (``past``) beyond one of them."""
    kind, lo, hi = schema["type"], schema["min"], schema["max"]
    items, length = schema["max_items"], schema["max_len"]
    if kind == "int":
        if past:
            return draw(int_past(lo, hi) | st.sampled_from(["many", 1.5, [1]]))
        if schema["choices"]:
            return draw(st.sampled_from([int(c) for c in schema["choices"]]) | ints_in(lo, hi))
        return draw(ints_in(lo, hi))
    if kind == "bool":
        return draw(st.sampled_from(["maybe", 2, [True]])) if past else draw(st.booleans())
    if kind == "choice":
        return draw(st.sampled_from(["nope", "", 7])) if past else draw(st.sampled_from(schema["choices"]))
    if kind == "str":
        if past:
            return draw(st.integers(length + 1, length + 40).map(lambda n: "9" * n)) if draw(st.booleans()) else [1]
        # Mostly shaped like a goal (stones: 77, >=77, <=19), up to the longest text allowed.
        n = st.integers(1, 200) | st.integers(0, 10 ** max(1, length - 2) - 1)
        shaped = st.builds(lambda op, n: f"{op}{n}"[:length], st.sampled_from([">=", "<=", ""]), n)
        text = st.text(alphabet="<>=!0123456789", min_size=0, max_size=length)
        return draw(shaped | shaped | text | st.sampled_from(["9" * length, ">=" + "9" * (length - 2)]))
    if kind in ("ints", "nums", "strs"):
        if kind == "ints":
            item: st.SearchStrategy[Any] = ints_in(lo, hi)
            bad_item: st.SearchStrategy[Any] = int_past(lo, hi)
        elif kind == "nums":
            item = st.floats(lo, hi, allow_nan=False) | st.sampled_from([lo, hi, 0.0])
            bad_item = st.sampled_from([hi * 10, lo * 10, float("nan"), float("inf")])
        else:  # text items; mostly shaped like operations (stones' ops: +k, *k, -k, /k), up to the longest
            k = st.integers(1, 12) | st.integers(0, 10 ** (length - 1) - 1)
            op = st.builds(lambda o, k: f"{o}{k}"[:length], st.sampled_from("+-*/"), k)
            item = op | op | st.text(alphabet="+-*/%0123456789", min_size=1, max_size=length)
            bad_item = st.integers(length + 1, length + 20).map(lambda n: "+" + "1" * (n - 1))
        if past:
            how = draw(st.sampled_from(["too many", "bad item"]))
            if how == "too many":
                first = draw(item)
                return [first] * (items + draw(st.integers(1, 3)))
            good = draw(st.lists(item, max_size=min(items, 6)))
            return [*good, draw(bad_item)]
        values = draw(st.lists(item, min_size=1, max_size=min(items, 8)))
        if draw(st.integers(0, 19)) == 0:  # the most items allowed
            values = (values * items)[:items]
        return values
    if kind == "cell":
        if past:
            return draw(st.sampled_from(["zz999", "a0", "", "1a", 5]))
        return cell(draw(st.integers(0, 9)), draw(st.integers(0, 9)))
    if kind == "cells":
        if past:
            return ";".join(cell(i % 64, i // 64) for i in range(items + 1))
        if draw(st.integers(0, 19)) == 0:  # every cell of a 64 x 64 board: the most allowed
            return ";".join(cell(i % 64, i // 64) for i in range(items))
        side = draw(st.sampled_from([4, 8, 16]))  # (boards are often the default 8 x 8 or smaller)
        return ";".join(draw(st.lists(st.builds(cell, st.integers(0, side - 1), st.integers(0, side - 1)), max_size=8)))
    raise AssertionError(f"a parameter kind this test does not know: {kind!r}")


@st.composite
def extreme_of(draw: st.DrawFn, schema: dict[str, Any]) -> Any:
    """A value at the bounds: the least or the most of everything (items, length, size) the catalog allows."""
    kind, lo, hi = schema["type"], schema["min"], schema["max"]
    items, length = schema["max_items"], schema["max_len"]
    if kind == "int":
        return draw(st.sampled_from([lo, hi]))
    if kind in ("ints", "nums"):
        return draw(st.lists(st.sampled_from([lo, hi]), min_size=items, max_size=items))
    if kind == "strs":
        big = st.builds(lambda o: o + "9" * (length - 1), st.sampled_from("+-*/"))
        return draw(st.lists(big, min_size=items, max_size=items))
    if kind == "str":
        return draw(st.sampled_from(["9" * length, ">=" + "9" * (length - 2), "<=" + "9" * (length - 2)]))
    if kind == "cells":
        return ";".join(cell(i % 64, i // 64) for i in range(items))
    if kind == "cell":
        return draw(st.sampled_from([cell(0, 0), cell(63, 63)]))
    return draw(value_of(schema, past=False))  # (bool, choice: no bounds to push)


@st.composite
def cases(draw: st.DrawFn, catalog: list[dict[str, Any]]) -> Case:
    schema = draw(st.sampled_from(catalog))
    params: dict[str, Any] = {}
    past: list[str] = []
    extreme = draw(st.integers(0, 5)) == 0  # now and then every parameter at its bounds at once
    for param in schema["parameters"]:
        how = draw(st.sampled_from(["default", "default", "in", "in", "in", "past"]))
        if how == "default":
            continue
        if extreme:
            params[param["name"]] = draw(extreme_of(param))
            continue
        if how == "past" and draw(st.integers(0, 2)) == 0:  # past bounds, but not too often: rooms should start
            params[param["name"]] = draw(value_of(param, past=True))
            past.append(param["name"])
        else:
            params[param["name"]] = draw(value_of(param, past=False))
    clock = draw(
        st.none()
        | st.tuples(
            st.sampled_from([60.0, 86400.0]) | st.floats(60, 86400), st.sampled_from([0.0, 3600.0]) | st.floats(0, 3600)
        )
    )
    return Case(
        schema["name"],
        params,
        tuple(past),
        draw(st.integers(0, MAX_PLIES)),
        draw(st.integers(0, 2**32)),
        clock,
        extreme,
    )


# ================================================================== playing


class Table:
    """The players of one room, each with what it was last told (its legal moves, the ply, the turn)."""

    def __init__(self, room: str, players: list[Client]) -> None:
        self.room = room
        self.players = players
        self.legal: list[list[str] | None] = [None] * len(players)
        self.ply = 0
        self.turn: int | None = None
        self.over = False

    def told(self, seat: int, msg: p.RoomState | p.MoveMade) -> None:
        self.legal[seat] = msg.legal_moves
        if isinstance(msg, p.RoomState):
            self.ply, self.turn, self.over = msg.ply, msg.turn, msg.status in ("finished", "aborted")
        else:
            self.ply, self.turn = msg.ply + 1, msg.turn
            self.over = self.over or msg.turn is None


async def ask(client: Client, msg: Any) -> Any:
    """Send with a fresh ref; the one answer carrying it (never ``internal``)."""
    ref = client.next_ref()
    await client.send(msg.model_copy(update={"ref": ref}))
    reply = await client.expect(lambda m: getattr(m, "ref", None) == ref, timeout=ANSWER_S)
    assert not (isinstance(reply, p.Error) and reply.code == ErrorCode.INTERNAL), f"{msg!r} -> {reply!r}"
    return reply


async def started(client: Client, room: str) -> p.RoomState:
    def begun(m: Any) -> bool:
        return isinstance(m, p.RoomState) and m.room == room and m.status != "waiting"

    return await client.expect(begun, ANSWER_S)


async def play(url: str, case: Case) -> None:
    rnd = random.Random(case.seed)
    host = await Client.hello(url, "Host")
    players = [host]
    watchers: list[Client] = []
    try:
        clock = None if case.clock is None else p.TimeControl(initial_s=case.clock[0], increment_s=case.clock[1])
        created = await ask(host, p.CreateRoom(game=case.game, params=case.params, time_control=clock, seat=0))
        if case.past:
            assert isinstance(created, p.Error) and created.code == ErrorCode.BAD_PARAMS, created
            event("past a bound: bad_params")
            return
        if isinstance(created, p.Error):  # within every bound, but refused as a whole (e.g. mines > cells)
            assert created.code == ErrorCode.BAD_PARAMS, created
            note(f"refused: {created.message}")
            event(f"within bounds, refused: {created.message[:70]}")
            return
        assert isinstance(created, p.RoomCreated), created
        room = created.room
        first = await host.expect(p.RoomState, room=room, timeout=ANSWER_S)
        seats = len(first.seats)
        assert 1 <= seats <= 4
        states: list[p.RoomState | None] = [first if first.status != "waiting" else None]
        for seat in range(1, seats):
            guest = await Client.hello(url, f"P{seat}")
            players.append(guest)
            joined = await ask(guest, p.Join(room=room, seat=seat))
            assert isinstance(joined, p.RoomState), joined
            states.append(joined if joined.status != "waiting" else None)
        table = Table(room, players)
        for seat, client in enumerate(players):
            state = states[seat] or await started(client, room)
            table.told(seat, state)
        note(f"room {room}: {seats} seats, started at ply {table.ply}, over={table.over}")
        watcher = await Client.hello(url, "Watcher")  # a spectator follows every room, with the public view
        watchers.append(watcher)
        seen = await ask(watcher, p.Spectate(room=room))
        assert isinstance(seen, p.RoomState) and seen.you is None and seen.legal_moves is None, seen
        assert seen.ply == table.ply
        # (a spectator that comes after the end gets it in its snapshot, not in a game_over)
        watches_the_end = seen.status == "playing"

        async def move(seat: int, text: str) -> Any:
            ply = table.ply
            reply = await ask(players[seat], p.Move(room=room, ply=ply, move=text))
            if isinstance(reply, p.MoveMade):
                table.told(seat, reply)
                for other, client in enumerate(players):
                    if other != seat:
                        table.told(other, await client.expect(p.MoveMade, room=room, ply=ply, timeout=ANSWER_S))
                watched = await watcher.expect(p.MoveMade, room=room, ply=ply, timeout=ANSWER_S)
                assert watched.legal_moves is None
            return reply

        async def come_back(seat: int) -> None:
            """The player's connection drops; it resumes its session on a new one and gets the room again."""
            gone = players[seat]
            assert gone.welcome is not None
            gone.drop()
            back = await Client.resume(url, gone.welcome.token)
            players[seat] = back
            assert back.welcome is not None and room in back.welcome.rooms
            table.told(seat, await back.expect(p.RoomState, room=room, timeout=ANSWER_S))

        for _ in range(case.plies):
            if table.over:
                break
            if rnd.random() < 0.05:
                await come_back(rnd.randrange(len(players)))
            turn = table.turn
            assert turn is not None
            legal = table.legal[turn]
            assert legal, f"seat {turn} is to move at ply {table.ply} but was told no legal moves"
            if rnd.random() < 0.1:  # now and then a move that must be refused, cleanly
                wrong = rnd.choice(["zz999", "", "r", "1:0", legal[0] + "x"]) or "?"
                other = (turn + 1) % len(players)
                for who, text in ((turn, wrong), (other, rnd.choice(legal))):
                    if who == turn and text in legal:
                        continue
                    reply = await ask(players[who], p.Move(room=room, ply=table.ply, move=text))
                    assert isinstance(reply, p.Error), reply
            reply = await move(turn, rnd.choice(legal))
            assert isinstance(reply, p.MoveMade), f"a legal move was refused: {reply!r}"
        # Never stuck: every player gets its state; a game still on takes a legal move, then ends by resignation.
        for seat, client in enumerate(players):
            state = await ask(client, p.GetState(room=room))
            assert isinstance(state, p.RoomState) and state.ply == table.ply, state
            table.told(seat, state)
        if not table.over:
            mover, legal = table.turn, None if table.turn is None else table.legal[table.turn]
            assert mover is not None and legal, f"playing at ply {table.ply} with nothing to play"
            reply = await move(mover, rnd.choice(legal))
            assert isinstance(reply, p.MoveMade), f"a legal move was refused: {reply!r}"
        if not table.over:
            quitter = rnd.randrange(len(players))
            reply = await ask(players[quitter], p.Resign(room=room))
            assert isinstance(reply, p.GameOver), reply
            for seat, client in enumerate([*players, watcher]):
                if seat != quitter:
                    over = await client.expect(p.GameOver, room=room, timeout=ANSWER_S)
                    assert over.status in ("finished", "aborted")
        else:
            for client in [*players, watcher] if watches_the_end else players:
                await client.expect(p.GameOver, room=room, timeout=ANSWER_S)
            reply = await ask(players[0], p.Resign(room=room))
            assert isinstance(reply, p.Error) and reply.code == ErrorCode.GAME_OVER, reply
        event(f"{case.game}: played" + (" with every parameter at a bound" if case.extreme else ""))
        event(f"moves played: {'0' if table.ply == 0 else '1-9' if table.ply < 10 else '10 or more'}")
        final = await ask(players[0], p.GetState(room=room))
        assert isinstance(final, p.RoomState) and final.status in ("finished", "aborted"), final
    finally:
        for client in [*players, *watchers]:
            await client.close()


# ================================================================== the tests


async def test_the_catalog_on_the_wire_is_the_one_drawn_from(make_node: Any) -> None:
    node = await make_node()
    ann = await Client.hello(f"ws://127.0.0.1:{node.port}/", "Ann")
    games = await ann.request(p.ListGames(), p.Games)
    assert games.games == CATALOG
    for game in CATALOG:
        for param in game["parameters"]:
            kind = param["type"]
            if kind in ("int", "ints", "nums"):
                assert param["min"] is not None and param["max"] is not None, (game["name"], param)
            if kind in ("ints", "nums", "strs", "cells"):
                assert param["max_items"] is not None, (game["name"], param)
            if kind in ("str", "strs"):
                assert param["max_len"] is not None, (game["name"], param)


# The games in two halves, every other one of the catalog, each drawn from in a test of its own: as many examples a
# game as one test of 600 over all of them, in two tests that the two workers of the suite run side by side.
HALVES = {"first half": CATALOG[0::2], "second half": CATALOG[1::2]}


@pytest.mark.parametrize("half", list(HALVES))
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_rooms_of_every_game_with_drawn_parameters_never_get_stuck(
    served: Served, half: str, data: st.DataObject
) -> None:
    case = data.draw(cases(HALVES[half]), label="case")
    note(repr(case))
    asyncio.run(asyncio.wait_for(play(served.url, case), 120))
