"""Publish/subscribe between the nodes of a cluster.

Two kinds of channel (names in :mod:`.keys`):

* ``to:{session}`` — frames for one session.  The node a session is connected to listens on
  its channel; any node that has a frame for it (the node running a room, answering a
  forwarded request) publishes there.  A frame for a session connected nowhere is dropped,
  as on one node: it gets a snapshot when it resumes.
* ``inbox:{node}`` — envelopes for one node: requests forwarded to the node that runs their
  room, and presence changes (a player's connection dropped or came back elsewhere).

Publishing is batched: everything published in one turn of the event loop goes out in one
pipelined round trip, in order, and what is published while a round trip is out goes in the
next one.  Publish/subscribe keeps nothing: a node that dies loses
what was in flight to it, which the protocol already survives (a client that gets no answer
resumes and is sent the room's state).
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable

import redis.asyncio as aioredis

log = logging.getLogger("grundy.cluster.bus")

# The first byte of a control frame on a session channel (0xc1 is never the first byte of msgpack).
CONTROL = b"\xc1"


class Bus:
    """This node's subscriptions (its inbox and its connected sessions) and its batched publishing."""

    def __init__(
        self,
        client: aioredis.Redis,
        inbox: str,
        on_inbox: Callable[[bytes], None],
        on_session: Callable[[str, bytes], None],
        session_prefix: str,
    ) -> None:
        self.r = client
        self.inbox = inbox
        self.on_inbox = on_inbox
        self.on_session = on_session
        self.prefix = session_prefix
        self.pubsub = client.pubsub(ignore_subscribe_messages=True)
        self._out: list[tuple[str, bytes]] = []
        self._flushing = False
        self._reader: asyncio.Task[None] | None = None
        self._batches: collections.deque[list[tuple[str, bytes]]] = collections.deque()
        self._sender: asyncio.Task[None] | None = None  # one at a time: publications keep their order
        self.published = 0

    async def start(self) -> None:
        await self.pubsub.subscribe(self.inbox)
        self._reader = asyncio.get_running_loop().create_task(self._read(), name="cluster bus")

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass
        try:
            await asyncio.wait_for(self.drain(), 5.0)
        except Exception:
            log.warning("cluster bus: publications still waiting at shutdown were dropped")
        try:
            await asyncio.wait_for(self.pubsub.aclose(), 5.0)
        except Exception:
            pass

    # ------------------------------------------------------------------ listening

    async def listen(self, session: str) -> None:
        await self.pubsub.subscribe(self.prefix + session)

    async def forget(self, session: str) -> None:
        try:
            await self.pubsub.unsubscribe(self.prefix + session)
        except Exception:
            log.debug("unsubscribe %s failed", session, exc_info=True)

    async def _read(self) -> None:
        plen = len(self.prefix)
        while True:
            try:
                msg = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster bus: reading failed; retrying")
                await asyncio.sleep(0.2)
                continue
            if msg is None or msg.get("type") != "message":
                continue
            channel = msg["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else channel
            data = msg["data"]
            try:
                if channel == self.inbox:
                    self.on_inbox(data)
                else:
                    self.on_session(channel[plen:], data)
            except Exception:
                log.exception("cluster bus: a message on %s failed", channel)

    # ------------------------------------------------------------------ publishing

    def publish(self, channel: str, data: bytes) -> None:
        """Queue a publication; the loop turn's publications go out together, in order."""
        self._out.append((channel, data))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flushing = False
        out, self._out = self._out, []
        if out:
            self._batches.append(out)
            if self._sender is None or self._sender.done():
                self._sender = asyncio.get_running_loop().create_task(self._send(), name="cluster publish")

    async def _send(self) -> None:
        while self._batches:
            # Every batch queued while the last round trip was out goes in the next one, in order:
            # under load the round trips stay few, and nothing waits behind a queue of them.
            out = self._batches.popleft()
            while self._batches:
                out.extend(self._batches.popleft())
            pipe = self.r.pipeline(transaction=False)
            for channel, data in out:
                pipe.publish(channel, data)
            try:
                await pipe.execute()
                self.published += len(out)
            except Exception:
                log.exception("cluster bus: %d publications lost", len(out))

    async def drain(self) -> None:
        self._flush()
        while self._sender is not None and not self._sender.done():
            await asyncio.gather(self._sender, return_exceptions=True)
