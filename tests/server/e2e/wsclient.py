"""A small websocket test client for the node: real sockets, the real codec, every frame kept.

Every frame received is decoded with ``decode_server`` and kept in ``frames`` (raw) and
``seen`` (decoded), so secrecy tests can look at everything a client was ever sent.
"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from grundy import protocol as p
from grundy.protocol import decode_server, encode, encode_map

if TYPE_CHECKING:
    from grundy.server.node import Node

TIMEOUT = 10.0

NodeFactory = Callable[..., Awaitable["Node"]]


def url(node: Node) -> str:
    """The websocket URL of a node started on 127.0.0.1; of a cluster's nodes in turn (a round-robin balancer)."""
    peers = getattr(node, "peers", None)
    if not peers:
        return f"ws://127.0.0.1:{node.port}/"
    turn = getattr(node, "_turn", 0)
    node._turn = turn + 1  # type: ignore[attr-defined]
    chosen = ([node, *peers])[turn % (1 + len(peers))]
    return f"ws://127.0.0.1:{chosen.port}/"


class Client:
    """One connection: ``send`` messages, ``expect`` the next message of a type (others are kept)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[bytes] = []
        self.seen: list[Any] = []
        self.inbox: list[Any] = []
        self.arrived = asyncio.Event()
        self.closed: asyncio.Future[tuple[int | None, str]] = asyncio.get_running_loop().create_future()
        self.reader = asyncio.create_task(self._read())
        self.welcome: p.Welcome | None = None
        self._ref = 0

    @classmethod
    async def open(cls, url: str) -> Client:
        ws = await connect(url, max_size=16 * 2**20, compression=None)
        return cls(ws)

    @classmethod
    async def hello(cls, url: str, name: str = "Ann", lang: str | None = None) -> Client:
        """A session greeted as ``name``, speaking ``lang`` (a BCP 47 tag; None: the node's default, English)."""
        c = await cls.open(url)
        c.welcome = await c.request(p.Hello(versions=[1], name=name, lang=lang), p.Welcome)
        return c

    @classmethod
    async def resume(cls, url: str, token: str) -> Client:
        c = await cls.open(url)
        c.welcome = await c.request(p.Resume(versions=[1], token=token), p.Welcome)
        return c

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                assert isinstance(frame, bytes), f"the server sent a text frame: {frame!r}"
                self.frames.append(frame)
                msg = decode_server(frame)
                self.seen.append(msg)
                self.inbox.append(msg)
                self.arrived.set()
        except ConnectionClosed:
            pass
        finally:
            rcvd = self.ws.protocol.close_rcvd
            if not self.closed.done():
                self.closed.set_result((rcvd.code, rcvd.reason) if rcvd is not None else (None, ""))
            self.arrived.set()

    # ------------------------------------------------------------------ sending

    def next_ref(self) -> int:
        self._ref += 1
        return self._ref

    async def send(self, msg: BaseModel | dict[str, Any] | bytes | str) -> None:
        if isinstance(msg, BaseModel):
            data: bytes | str = encode(msg)
        elif isinstance(msg, dict):
            data = encode_map(msg)
        else:
            data = msg
        await self.ws.send(data)

    async def request(
        self, msg: BaseModel, kind: type[BaseModel] | tuple[type[BaseModel], ...] = BaseModel, timeout: float = TIMEOUT
    ) -> Any:
        """Send ``msg`` with a fresh ref; the reply (or error) carrying that ref (within ``timeout`` s)."""
        ref = self.next_ref()
        sent = msg.model_copy(update={"ref": ref})
        await self.send(sent)
        try:
            reply = await self.expect(lambda m: getattr(m, "ref", None) == ref, timeout=timeout)
        except AssertionError as e:
            session = self.welcome.session if self.welcome else None
            raise AssertionError(f"no answer to {sent!r} of session {session}: {e}") from None
        if not isinstance(reply, kind):
            raise AssertionError(f"expected {kind} for ref {ref}, got {reply!r}")
        return reply

    async def error(self, msg: BaseModel | dict[str, Any]) -> p.Error:
        """Send a request expected to fail: the error with its ref."""
        ref = self.next_ref()
        if isinstance(msg, BaseModel):
            msg = msg.model_copy(update={"ref": ref})
        else:
            msg = {**msg, "ref": ref}
        await self.send(msg)
        reply = await self.expect(lambda m: getattr(m, "ref", None) == ref)
        assert isinstance(reply, p.Error), reply
        return reply

    # ------------------------------------------------------------------ receiving

    async def expect(self, match: Any, timeout: float = TIMEOUT, **fields: Any) -> Any:
        """The first message (already arrived or arriving within ``timeout``) that matches.

        ``match`` is a message class (plus ``fields`` to compare) or a predicate.
        """

        def ok(m: Any) -> bool:
            if isinstance(match, type):
                return isinstance(m, match) and all(getattr(m, k, None) == v for k, v in fields.items())
            return bool(match(m))

        async def wait() -> Any:
            while True:
                for i, m in enumerate(self.inbox):
                    if ok(m):
                        del self.inbox[i]
                        return m
                if self.reader.done():
                    raise AssertionError(f"connection closed ({self.closed.result()}) while waiting for {match}")
                self.arrived.clear()
                await self.arrived.wait()

        try:
            return await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"no {getattr(match, '__name__', match)} {fields} within {timeout} s; inbox: {self.inbox[-5:]}"
            ) from None

    def drain(self, kind: type[BaseModel] | None = None) -> list[Any]:
        """Take every message received so far (of a type)."""
        got = [m for m in self.inbox if kind is None or isinstance(m, kind)]
        self.inbox = [m for m in self.inbox if m not in got]
        return got

    async def close(self) -> None:
        await self.ws.close()
        await self.reader

    async def wait_closed(self, timeout: float = TIMEOUT) -> tuple[int | None, str]:
        return await asyncio.wait_for(asyncio.shield(self.closed), timeout)

    def drop(self) -> None:
        """Vanish without a close handshake (a network failure)."""
        self.ws.transport.abort()


async def watch_to_the_end(client: Client, room: str, timeout: float = TIMEOUT) -> p.GameOver | p.RoomState:
    """Spectate ``room`` until its game has ended: its ``game_over``, or the first snapshot if it had already ended.

    Bots alone may finish before a spectator's request is handled (a minesweeper's first
    reveal can open every safe cell); that spectator gets a finished ``room_state`` and no
    ``game_over``, which was sent before it came.
    """
    state = await client.request(p.Spectate(room=room), p.RoomState)
    if state.status in ("finished", "aborted"):
        return state
    return await client.expect(p.GameOver, room=room, timeout=timeout)


def health(port: int) -> tuple[int, dict[str, Any]]:
    """``GET /health`` (blocking: call through ``asyncio.to_thread``)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


class Scraped(dict[tuple[str, frozenset[tuple[str, str]]], float]):
    """A node's ``GET /metrics``, parsed: each sample's value by its name and labels."""

    def get_value(self, name: str, **labels: str) -> float:
        """The sample ``name`` with exactly these labels (0 when the node has no such sample)."""
        return self.get((name, frozenset(labels.items())), 0.0)

    def total(self, name: str, **labels: str) -> float:
        """The sum of every sample ``name`` whose labels include these."""
        want = set(labels.items())
        return sum(v for (n, ls), v in self.items() if n == name and want <= ls)


def scrape(port: int) -> Scraped:
    """``GET /metrics``, parsed with prometheus_client's own parser (blocking: call through ``asyncio.to_thread``)."""
    from prometheus_client.parser import text_string_to_metric_families

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = r.read().decode()
    out = Scraped()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return out


async def nim_table(node: Node, heaps: list[int] | None = None) -> tuple[Client, Client, str]:
    """Ann (seat 0) and Bob (seat 1) at a started nim game."""
    ann = await Client.hello(url(node), "Ann")
    bob = await Client.hello(url(node), "Bob")
    created = await ann.request(p.CreateRoom(game="nim", params={"heaps": heaps or [3, 4, 5]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await ann.expect(p.RoomState, status="playing")
    return ann, bob, created.room
