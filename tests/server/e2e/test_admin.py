"""`grundy admin` against real nodes: one embedded node, and a two-node cluster on a real redis-server.

The command runs in process (its HTTP requests are real, to the node's port) while the node
serves on the test's loop.  In the cluster run every command is asked of the first node about
players and rooms of the second: the listings cover both nodes, and the actions reach the node
that runs the room or holds the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from grundy import protocol as p
from grundy.cli.main import main
from grundy.protocol import ErrorCode
from grundy.server import admin as admin_http
from grundy.server.node import Node, NodeConfig
from tests.server.e2e.wsclient import Client

SECRET = "a-test-admin-secret-0123456789"


async def admin(*args: str, secret: str | None = SECRET) -> tuple[int, str, str]:
    """`grundy admin ARGS` in a thread, with ``secret`` (or none) in its environment: (status, stdout, stderr)."""

    def run() -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: Any = main(["admin", *args])
            except SystemExit as e:
                code = e.code
        return int(code or 0), out.getvalue(), err.getvalue()

    saved = os.environ.pop("GRUNDY_ADMIN_SECRET", None)
    if secret is not None:
        os.environ["GRUNDY_ADMIN_SECRET"] = secret
    try:
        return await asyncio.to_thread(run)
    finally:
        os.environ.pop("GRUNDY_ADMIN_SECRET", None)
        if saved is not None:
            os.environ["GRUNDY_ADMIN_SECRET"] = saved


async def status_of(port: int, method: str, path: str, secret: str | None) -> int:
    """The HTTP status a node answers (asked from a thread: the node serves on this loop)."""
    return await asyncio.to_thread(_http, port, method, path, secret)


def _http(port: int, method: str, path: str, secret: str | None) -> int:
    headers = {} if secret is None else {"Authorization": f"Bearer {secret}"}
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def both(node: Node) -> tuple[Node, Node, str, str]:
    """The node asked, the other one (the same node when alone), and their addresses."""
    other = (getattr(node, "peers", None) or [node])[0]
    return node, other, f"127.0.0.1:{node.port}", f"ws://127.0.0.1:{other.port}/"


async def test_listing_nodes_and_rooms_and_aborting_a_room(make_node: Any) -> None:
    node, other, address, there = both(await make_node(admin_secret=SECRET, grace_s=30))
    ann = await Client.hello(f"ws://127.0.0.1:{node.port}/", "Ann")
    bob = await Client.hello(there, "Bob")
    carl = await Client.hello(there, "Carl")
    played = (await ann.request(p.CreateRoom(game="nim", params={"heaps": [3, 3]}, seat=0), p.RoomCreated)).room
    await bob.request(p.Join(room=played), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    await ann.request(p.Move(room=played, ply=0, move="1:1"), p.MoveMade)
    waiting = (await carl.request(p.CreateRoom(game="kayles", seat=0), p.RoomCreated)).room  # (run on `other`)

    code, out, err = await admin("nodes", address)
    assert code == 0, err
    assert out.splitlines()[0].split()[:4] == ["NODE", "ADDRESS", "STATUS", "UPTIME"]
    ids = {node.placement.node_id, other.placement.node_id}
    assert all(any(line.startswith(i + " ") for line in out.splitlines()) for i in ids)
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:]}
    # Each node's address, as `grundy admin drain` takes it.
    assert rows == {n.placement.node_id: f"127.0.0.1:{n.port}" for n in (node, other)}
    code, out, err = await admin("nodes", address, "--json")
    listed = {n["node"]: n for n in json.loads(out)["nodes"]}
    assert code == 0 and set(listed) == ids
    assert sum(n["connections"] for n in listed.values()) == 3
    assert {r for n in listed.values() for r in n["room_ids"]} == {played, waiting}
    assert waiting in listed[other.placement.node_id]["room_ids"]
    if node is not other:
        assert listed[other.placement.node_id]["leases"]["room"] >= 1  # (cluster mode: what each node holds)

    code, out, err = await admin("rooms", address, "--json")
    rooms = {r["room"]: r for r in json.loads(out)["rooms"]}
    assert code == 0 and set(rooms) == {played, waiting}
    assert rooms[waiting]["node"] == other.placement.node_id and rooms[waiting]["state"] == "waiting"
    assert [s["name"] for s in rooms[played]["seats"]] == ["Ann", "Bob"] and rooms[played]["ply"] == 1
    for filters, found in (
        (["--player", "BOB"], [played]),
        (["--state", "waiting"], [waiting]),
        (["--game", "Nim"], [played]),
        (["--game", "nim", "--state", "waiting"], []),
    ):
        code, out, err = await admin("rooms", address, "--json", *filters)
        assert code == 0 and [r["room"] for r in json.loads(out)["rooms"]] == found, (filters, out, err)
    code, out, _ = await admin("rooms", address, "--player", "carl")
    assert code == 0 and waiting in out and played not in out and "kayles" in out and "Carl" in out
    code, _, err = await admin("rooms", address, "--game", "chess")
    assert code == 1 and "no such game" in err

    # Abort, asked of the first node, for the room the second one runs: Carl is told why; the room is stored aborted.
    code, out, err = await admin("abort", address, waiting, "--reason", "server maintenance at noon")
    assert code == 0, err
    assert f"room {waiting} on node {other.placement.node_id}: aborted" in out and "maintenance" in out
    over = await carl.expect(p.GameOver, room=waiting)
    assert over.status == "aborted" and over.reason == "aborted by an administrator: server maintenance at noon"
    stored = await node.store.load_room(waiting)
    assert stored is not None and stored.status == "aborted" and "server maintenance" in (stored.reason or "")
    code, _, err = await admin("abort", address, waiting, "--reason", "again")
    assert code == 1 and "ended already" in err
    code, _, err = await admin("abort", address, "no-such-room", "--reason", "x")
    assert code == 1 and "no such room" in err
    # The game in play is aborted too, both players told; the other rooms are not touched.
    code, out, err = await admin("abort", address, played, "--reason", "a dispute", "--json")
    assert code == 0 and json.loads(out)["state"] == "aborted", err
    assert (await bob.expect(p.GameOver, room=played)).reason == "aborted by an administrator: a dispute"
    assert (await ann.expect(p.GameOver, room=played)).status == "aborted"
    for c in (ann, bob, carl):
        await c.close()


async def test_kick_ban_and_unban_a_player_name(make_node: Any) -> None:
    node, other, address, there = both(await make_node(admin_secret=SECRET))
    here = f"ws://127.0.0.1:{node.port}/"
    mallory = await Client.hello(there, "Mallory")
    bystander = await Client.hello(there, "Ann")

    code, out, err = await admin("kick", address, "mallory", "--reason", "flooding the chat")
    assert code == 0 and "mallory: 1 connection closed" in out, err
    closed = await mallory.wait_closed()
    assert closed == (1008, "kicked by an administrator: flooding the chat")
    await bystander.request(p.Ping(), p.Pong)  # (nobody else)

    mallory = await Client.hello(there, "Mallory")  # (a kick is not a ban: the name may come back)
    again = await Client.hello(here, "MALLORY")
    assert mallory.welcome is not None
    code, out, err = await admin("ban", address, "Mallory", "--reason", "cheating", "--json")
    body = json.loads(out)
    assert code == 0 and body["closed"] == 2 and body["banned"] is True, err
    assert (await mallory.wait_closed())[1] == "banned by an administrator: cheating"
    assert (await again.wait_closed())[0] == 1008
    for url in (here, there):  # (on every node: the ban is in the store they share)
        c = await Client.open(url)
        refused = await c.error(p.Hello(versions=[1], name="mallory"))
        assert refused.code == ErrorCode.BANNED and "cheating" in refused.message
        refused = await c.error(p.Register(name="MALLORY"))
        assert refused.code == ErrorCode.BANNED
        refused = await c.error(p.Resume(versions=[1], token=mallory.welcome.token))  # (nor its sessions come back)
        assert refused.code == ErrorCode.BANNED and "cheating" in refused.message
        await c.close()
    code, out, _ = await admin("bans", address)
    assert code == 0 and "Mallory" in out and "cheating" in out
    code, out, _ = await admin("bans", address, "--json")
    assert [b["player"] for b in json.loads(out)["bans"]] == ["Mallory"]

    code, out, err = await admin("unban", address, "mallory")
    assert code == 0 and "no longer banned" in out, err
    back = await Client.hello(there, "Mallory")
    code, _, err = await admin("unban", address, "mallory")
    assert code == 1 and "not banned" in err
    code, out, _ = await admin("kick", address, "nobody-here", "--reason", "x")
    assert code == 0 and "0 connections closed" in out
    for c in (back, bystander):
        await c.close()


@pytest.mark.embedded_only  # (the SQLite file; a cluster's bans are in the Redis every node shares)
async def test_a_ban_holds_after_the_node_restarts(make_node: Any) -> None:
    node = await make_node(admin_secret=SECRET)
    code, _, err = await admin("ban", f"127.0.0.1:{node.port}", "Trudy", "--reason", "bots posing as people")
    assert code == 0, err
    for n in (node, *getattr(node, "peers", [])):
        await n.shutdown()
    again = await make_node(admin_secret=SECRET)  # (the same SQLite file, or the same Redis)
    c = await Client.open(f"ws://127.0.0.1:{again.port}/")
    refused = await c.error(p.Hello(versions=[1], name="trudy"))
    assert refused.code == ErrorCode.BANNED and "bots posing as people" in refused.message
    await c.close()


COMMANDS = [
    ("GET", "/admin/nodes", ["nodes"]),
    ("GET", "/admin/rooms", ["rooms"]),
    ("POST", "/admin/rooms/r1/abort?reason=x", ["abort", "r1", "--reason", "x"]),
    ("POST", "/admin/players/Ann/kick?reason=x", ["kick", "Ann", "--reason", "x"]),
    ("POST", "/admin/players/Ann/ban?reason=x", ["ban", "Ann", "--reason", "x"]),
    ("POST", "/admin/players/Ann/unban", ["unban", "Ann"]),
    ("GET", "/admin/bans", ["bans"]),
    ("POST", "/admin/drain", ["drain"]),
]


@pytest.mark.embedded_only
async def test_every_command_is_refused_without_the_secret(make_node: Any) -> None:
    node = await make_node(admin_secret=SECRET)
    off = Node(NodeConfig())  # (no admin secret: administration is off; it refuses before anything else)
    address = f"127.0.0.1:{node.port}"
    for method, path, args in COMMANDS:
        assert await status_of(node.port, method, path, None) == 401, path
        assert await status_of(node.port, method, path, "not-the-secret-at-all") == 401, path
        request = Request(path, Headers([("Authorization", f"Bearer {SECRET}")]), method=method)
        refused = admin_http.respond(off, request, ("127.0.0.1", 1))
        assert isinstance(refused, Response) and refused.status_code == 403, path
        assert await status_of(node.port, "PUT", path, SECRET) == 405, path
        code, _, err = await admin(args[0], address, *args[1:], secret=None)
        assert code == 2 and "GRUNDY_ADMIN_SECRET" in err, args
        code, _, err = await admin(args[0], address, *args[1:], secret="not-the-secret-at-all")
        assert code == 1 and "refused" in err and "secret" in err, args
    assert await status_of(node.port, "GET", "/admin/rooms?state=lost", SECRET) == 400
    assert await status_of(node.port, "POST", "/admin/rooms/r1/abort", SECRET) == 400  # (no reason)
    assert await status_of(node.port, "GET", "/admin/nothing", SECRET) == 404
    assert not node.stopping and await node.store.ban_of("Ann") is None  # (nothing was done)
