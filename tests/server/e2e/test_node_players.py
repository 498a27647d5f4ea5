"""Registered players against real nodes: a name with a secret is one player on every connection and node.

Run against one embedded node and a two-node cluster (``url()`` alternates between the nodes, so a
player registered on one node says hello on the other).
"""

from __future__ import annotations

import sqlite3

import pytest

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, url


async def register(node: Node, name: str) -> str:
    """Register ``name`` on a fresh connection (before any hello); its secret."""
    c = await Client.open(url(node))
    try:
        done = await c.request(p.Register(name=name), p.Registered)
    finally:
        await c.ws.close()
    assert done.name == name
    return str(done.secret)


async def hello(address: str, name: str, secret: str | None = None, kind: str = "human") -> Client:
    c = await Client.open(address)
    c.welcome = await c.request(p.Hello(versions=[1], name=name, secret=secret, kind=kind), p.Welcome)  # type: ignore[arg-type]
    return c


async def refused(address: str, name: str, secret: str | None = None) -> p.Error:
    c = await Client.open(address)
    try:
        return await c.error(p.Hello(versions=[1], name=name, secret=secret))
    finally:
        await c.ws.close()


async def test_a_registered_player_is_the_same_player_on_every_connection(node: Node) -> None:
    secret = await register(node, "Ann")
    assert len(secret) >= 32
    first = await hello(url(node), "Ann", secret)
    second = await hello(url(node), "ann", secret)  # (in a cluster: the other node)
    assert first.welcome is not None and second.welcome is not None
    assert first.welcome.player == second.welcome.player == "Ann"
    assert first.welcome.name == second.welcome.name == "Ann"  # the name as registered
    assert first.welcome.session != second.welcome.session  # one player, two sessions


async def test_a_guest_is_no_player(node: Node) -> None:
    guest = await hello(url(node), "Zed")
    assert guest.welcome is not None and guest.welcome.player is None


async def test_a_registered_name_cannot_be_taken(node: Node) -> None:
    secret = await register(node, "Bob")
    for name in ("Bob", "BOB", "bob"):
        e = await refused(url(node), name)  # a guest cannot use it, in any case
        assert e.code == ErrorCode.NAME_TAKEN, e
    e = await refused(url(node), "Bob", secret[:-1] + ("x" if secret[-1] != "x" else "y"))
    assert e.code == ErrorCode.BAD_SECRET
    c = await Client.open(url(node))
    e = await c.error(p.Register(name="bOB"))
    assert e.code == ErrorCode.NAME_TAKEN
    ok = await hello(url(node), "Bob", secret)  # the right secret still works
    assert ok.welcome is not None and ok.welcome.player == "Bob"


async def test_a_secret_for_a_name_nobody_registered_is_refused(node: Node) -> None:
    e = await refused(url(node), "Nobody", "some-secret")
    assert e.code == ErrorCode.BAD_SECRET


async def test_names_and_secrets_are_bounded(node: Node) -> None:
    c = await Client.open(url(node))
    for bad in ("", "a b", "x" * 33, "-dash", "bot:easy", "Ann\u00e9"):
        e = await c.error({"type": "register", "name": bad})
        assert e.code == ErrorCode.BAD_MESSAGE, bad
    e = await c.error({"type": "hello", "versions": [1], "name": "Ann", "secret": "s" * 129})
    assert e.code == ErrorCode.BAD_MESSAGE


async def test_guessing_a_secret_is_slowed_down(node: Node) -> None:
    secret = await register(node, "Cid")
    here = f"ws://127.0.0.1:{node.port}/"  # (each node counts the wrong secrets it was given)
    for i in range(5):
        e = await refused(here, "Cid", f"wrong-{i}")
        assert e.code == ErrorCode.BAD_SECRET
    e = await refused(here, "Cid", secret)  # even the right secret waits now
    assert e.code == ErrorCode.RATE_LIMITED and "try again" in e.message


async def test_the_register_request_may_come_after_hello_and_does_not_change_the_session(node: Node) -> None:
    guest = await hello(url(node), "Dee")
    done = await guest.request(p.Register(name="Dee"), p.Registered)
    assert guest.welcome is not None and guest.welcome.player is None
    again = await hello(url(node), "Dee", done.secret)
    assert again.welcome is not None and again.welcome.player == "Dee"


async def test_resuming_keeps_the_player(node: Node) -> None:
    secret = await register(node, "Eve")
    eve = await hello(url(node), "Eve", secret)
    assert eve.welcome is not None
    await eve.ws.close()
    back = await Client.resume(url(node), eve.welcome.token)
    assert back.welcome is not None and back.welcome.player == "Eve" and back.welcome.resumed


@pytest.mark.embedded_only
async def test_the_secret_survives_a_restart_and_only_its_hash_is_stored(make_node: NodeFactory) -> None:
    node = await make_node()
    secret = await register(node, "Fay")
    await node.shutdown()
    again = await make_node()  # the same SQLite file
    fay = await hello(url(again), "Fay", secret)
    assert fay.welcome is not None and fay.welcome.player == "Fay"
    e = await refused(url(again), "Fay")
    assert e.code == ErrorCode.NAME_TAKEN
    db = sqlite3.connect(again.config.db)
    rows = db.execute("SELECT name, secret_hash FROM players").fetchall()
    db.close()
    assert [r[0] for r in rows] == ["Fay"]
    assert rows[0][1].startswith("scrypt$") and secret not in rows[0][1]


async def test_a_tournament_entry_follows_its_player_to_a_new_connection(node: Node) -> None:
    """Ann enters, loses her connection (no resume token kept), says hello again with her secret and
    enters again: the entry is hers, so it moves to the new connection, which plays her games."""
    secret = await register(node, "Ann")
    first = await hello(url(node), "Ann", secret)
    bob = await hello(url(node), "Bob")
    made = await bob.request(p.CreateTournament(game="nim", params={"heaps": [1, 2]}, rated=False), p.TournamentState)
    tid = made.tournament.tournament
    await first.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await bob.request(p.EnterTournament(tournament=tid), p.TournamentState)
    await first.ws.close()
    again = await hello(url(node), "Ann", secret)
    assert again.welcome is not None and again.welcome.session != first.welcome.session  # type: ignore[union-attr]
    moved = await again.request(p.EnterTournament(tournament=tid), p.TournamentState)
    assert [s.name for s in moved.standings].count("Ann") == 1 and len(moved.standings) == 2
    twice = await again.error(p.EnterTournament(tournament=tid))
    assert twice.code == ErrorCode.ALREADY_ENTERED
    await bob.request(p.StartTournament(tournament=tid), p.TournamentState)
    seat = await again.expect(p.RoomState, status="playing")  # her game seats the new connection
    assert seat.you is not None
    await again.ws.close()
    await bob.ws.close()
