"""Exactly one answer per request in a cluster: under take-over, a paused owner and a Redis restart.

A client connected to node b plays in a room run by node a, so its requests are forwarded;
every request carries a ref of its own, and the frames carrying each ref are counted.  The
room's record must agree with the answers: every move answered ``move_made`` is in it at its
ply, nothing else is.  After the last answer a bounded window (ended at once by any frame for
a counted ref) makes sure no second answer comes late.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

from grundy import protocol as p
from tests.cluster.procs import NodeProcess
from tests.server.e2e.wsclient import Client

LATE_S = 3.0  # how long a second answer is waited for (it would come within milliseconds)
_refs = itertools.count(1)


class Asked:
    """Every request sent (each with a ref of its own) and the client it went through."""

    def __init__(self) -> None:
        self.sent: list[tuple[Client, str, Any]] = []

    async def send(self, client: Client, msg: Any) -> str:
        ref = f"q{next(_refs)}"
        self.sent.append((client, ref, msg))
        await client.send(msg.model_copy(update={"ref": ref}))
        return ref

    async def ask(self, client: Client, msg: Any, timeout: float = 20.0) -> Any:
        ref = await self.send(client, msg)
        return await answer(client, ref, timeout)

    def answers(self, client: Client, ref: str) -> list[Any]:
        return [m for m in client.seen if getattr(m, "ref", None) == ref]

    async def check(self, record: list[str]) -> None:
        """One answer per ref, none late; the record holds exactly the moves answered ``move_made``."""
        for client, ref, _ in self.sent:
            await answer(client, ref, 20.0, keep=True)
        late = await _late_answer(self.sent)
        assert late is None, f"a second answer: {late!r}"
        played: dict[int, str] = {}
        for client, ref, msg in self.sent:
            got = self.answers(client, ref)
            assert len(got) == 1, f"{ref} ({type(msg).__name__}) was answered {len(got)} times: {got}"
            if isinstance(msg, p.Move):
                reply = got[0]
                if isinstance(reply, p.MoveMade):
                    assert reply.ply == msg.ply and reply.move == msg.move, (msg, reply)
                    assert reply.ply not in played, f"two moves answered at ply {reply.ply}"
                    played[reply.ply] = reply.move
                else:
                    assert isinstance(reply, p.Error), reply
        assert record == [played[i] for i in range(len(played))], (record, played)


async def answer(client: Client, ref: str, timeout: float, keep: bool = False) -> Any:
    """The first frame carrying ``ref`` (already arrived or arriving within ``timeout``)."""
    deadline = time.monotonic() + timeout
    while True:
        for m in client.seen:
            if getattr(m, "ref", None) == ref:
                return m
        left = deadline - time.monotonic()
        assert left > 0, f"no answer to {ref} in {timeout} s; last frames: {client.seen[-5:]}"
        client.arrived.clear()
        try:
            await asyncio.wait_for(client.arrived.wait(), left)
        except TimeoutError:
            pass


async def _late_answer(sent: list[tuple[Client, str, Any]]) -> Any:
    """A second frame for a counted ref arriving within LATE_S (returned at once), else None."""
    counted: dict[Client, set[str]] = {}
    for client, ref, _ in sent:
        counted.setdefault(client, set()).add(ref)
    seen = {c: len(c.seen) for c in counted}

    async def watch(client: Client, refs: set[str]) -> Any:
        while True:
            for m in client.seen[seen[client] :]:
                if getattr(m, "ref", None) in refs:
                    return m
            seen[client] = len(client.seen)
            if client.reader.done():
                await asyncio.Event().wait()  # (closed: nothing more can come)
            client.arrived.clear()
            await client.arrived.wait()

    tasks = [asyncio.ensure_future(watch(c, refs)) for c, refs in counted.items()]
    try:
        done, _ = await asyncio.wait(tasks, timeout=LATE_S, return_when=asyncio.FIRST_COMPLETED)
        return next(iter(done)).result() if done else None
    finally:
        for t in tasks:
            t.cancel()


async def _log_says(node: NodeProcess, text: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in node.log.read_text():
        assert time.monotonic() < deadline, f"{node.node_id} never logged {text!r}"
        await asyncio.sleep(0.05)


async def _table(owner: NodeProcess, other: NodeProcess, asked: Asked) -> tuple[Client, Client, str]:
    """Ann on the room's node, Bob on another (his requests are forwarded), at a started nim game."""
    ann = await Client.hello(owner.url, "Ann")
    bob = await Client.hello(other.url, "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": [5, 6, 7]}, seat=0), p.RoomCreated)
    await asked.ask(bob, p.Join(room=created.room))
    await ann.expect(p.RoomState, status="playing")
    return ann, bob, created.room


async def _record(client: Client, room: str) -> list[str]:
    state = await client.request(p.GetState(room=room), p.RoomState)
    return [m.move for m in state.moves]


async def test_requests_to_a_paused_owner_are_answered_once_when_it_wakes_up(nodes) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    asked = Asked()
    ann, bob, room = await _table(a, b, asked)
    assert isinstance(await asked.ask(ann, p.Move(room=room, ply=0, move="1:1")), p.MoveMade)
    assert isinstance(await asked.ask(bob, p.Move(room=room, ply=1, move="2:1")), p.MoveMade)
    assert isinstance(await asked.ask(ann, p.Move(room=room, ply=2, move="3:1")), p.MoveMade)
    a.pause()
    # Bob's requests wait in the paused node's inbox; b sends them again once a's lease has lapsed,
    # takes the room over and answers them.  When a wakes up it still holds their copies.
    move = await asked.send(bob, p.Move(room=room, ply=3, move="1:1"))
    await asked.send(bob, p.GetState(room=room))
    await asked.send(bob, p.ChatSend(room=room, text="still there?"))
    assert isinstance(await answer(bob, move, 20.0), p.MoveMade)
    a.wake()
    await _log_says(a, "another node holds it now")
    assert ann.welcome is not None
    ann2 = await Client.resume(b.url, ann.welcome.token)
    await ann2.expect(p.RoomState, room=room)
    assert isinstance(await asked.ask(ann2, p.Move(room=room, ply=4, move="2:1")), p.MoveMade)
    assert isinstance(await asked.ask(bob, p.Move(room=room, ply=5, move="3:1")), p.MoveMade)
    await asked.check(await _record(bob, room))
    chats = [m for m in bob.seen if isinstance(m, p.Chat)]
    assert [c.text for c in chats] == ["still there?"]
    await ann2.close()
    await bob.close()


async def test_requests_in_flight_to_a_killed_owner_are_answered_once_by_the_node_that_takes_over(nodes) -> None:
    a, b, c = await asyncio.gather(nodes("a"), nodes("b"), nodes("c"))
    asked = Asked()
    ann, bob, room = await _table(a, b, asked)
    assert isinstance(await asked.ask(ann, p.Move(room=room, ply=0, move="1:1")), p.MoveMade)
    assert isinstance(await asked.ask(bob, p.Move(room=room, ply=1, move="2:1")), p.MoveMade)
    assert isinstance(await asked.ask(ann, p.Move(room=room, ply=2, move="3:1")), p.MoveMade)
    a.kill()
    # Sent to a dead node: lost with its inbox, sent again by b to whichever node takes the room over.
    move = await asked.send(bob, p.Move(room=room, ply=3, move="1:1"))
    await asked.send(bob, p.GetState(room=room))
    await asked.send(bob, p.ChatSend(room=room, text="hello?"))
    assert isinstance(await answer(bob, move, 20.0), p.MoveMade)
    assert ann.welcome is not None
    ann2 = await Client.resume(c.url, ann.welcome.token)
    await ann2.expect(p.RoomState, room=room)
    assert isinstance(await asked.ask(ann2, p.Move(room=room, ply=4, move="2:1")), p.MoveMade)
    assert isinstance(await asked.ask(bob, p.Move(room=room, ply=5, move="3:1")), p.MoveMade)
    await asked.check(await _record(ann2, room))
    assert [m.text for m in bob.seen if isinstance(m, p.Chat)] == ["hello?"]
    await ann2.close()
    await bob.close()


async def test_requests_around_a_redis_restart_are_answered_once(nodes, redis_server) -> None:
    a, b = await asyncio.gather(nodes("a"), nodes("b"))
    asked = Asked()
    ann, bob, room = await _table(a, b, asked)
    assert isinstance(await asked.ask(ann, p.Move(room=room, ply=0, move="1:1")), p.MoveMade)
    assert isinstance(await asked.ask(bob, p.Move(room=room, ply=1, move="2:1")), p.MoveMade)
    redis_server.restart()  # kill -9, started again on its append-only file (appendfsync always)
    for node in (a, b):
        await _log_says(node, "cluster subscriber: link to Redis back")
    # Requests right after: refused ``unavailable`` while the nodes come back and settle, or answered.
    ply, deadline = 2, time.monotonic() + 20
    while ply < 6:
        mover = ann if ply % 2 == 0 else bob
        reply = await asked.ask(mover, p.Move(room=room, ply=ply, move=f"{ply % 3 + 1}:1"))
        if isinstance(reply, p.MoveMade):
            ply += 1
        else:
            assert time.monotonic() < deadline, f"the cluster did not come back after Redis restarted: {reply}"
            assert isinstance(reply, p.Error) and reply.code == "unavailable", reply  # (the outage's one answer)
            await asyncio.sleep(0.2)  # (tried again a moment later, as a client does)
            await asked.ask(mover, p.GetState(room=room))
    await asked.check(await _record(bob, room))
    await ann.close()
    await bob.close()
