"""Publish/subscribe between the nodes of a cluster.

Two kinds of channel (names in :mod:`.keys`):

* ``to:{session}`` — frames for one session.  The node a session is connected to listens on
  its channel; a node that has a frame for it (the node running a room, answering a
  forwarded request) and does not know where it is connected publishes there.  A frame for
  a session connected nowhere is dropped, as on one node: it gets a snapshot when it resumes.
* ``inbox:{node}`` — envelopes for one node: requests forwarded to the node that runs their
  room (naming the node they come from), presence changes (a player's connection dropped or
  came back elsewhere), and frames for sessions connected to the node, batched (a node
  learns where a session is connected from its requests and presence notices; a frame for a
  session that moved on goes on from there to its channel).
* ``owners`` — heard by every node: a node that took a room over says so, so the others
  forward that room's requests to it at once (each node remembers who runs which room); a
  node leaving names the rooms it released, which the others take over at once.

Publishing is batched: everything published in one turn of the event loop goes out in one
write, in order, without waiting for the replies to the last.  What goes to a node's inbox
(:meth:`Bus.to_inbox`: forwarded requests, and frames for sessions whose node is known) goes
in one message per node and loop turn (``["batch", envelope, envelope, ...]``) where nothing
else came between: one ``PUBLISH`` per node and loop turn instead of one per frame or request.
Both directions speak the Redis protocol directly on connections of their own (:mod:`.wire`:
redis-py costs more per message than the move itself), to the store's Redis or to one of the
bus's own (``--redis-bus``: it keeps nothing, so it needs no append-only file, and a frame's hop
does not wait for the store's fsync).  Publish/subscribe keeps nothing: a
node that dies loses what was in flight to it, which the protocol already survives (a client
that gets no answer resumes and is sent the room's state).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from grundy.server.cluster.inbox import batched, packed_envelope
from grundy.server.cluster.wire import Publisher, Subscriber

log = logging.getLogger("grundy.cluster.bus")

# The first byte of a control frame on a session channel (0xc1 is never the first byte of msgpack).
CONTROL = b"\xc1"


class Bus:
    """This node's subscriptions (its inbox and its connected sessions) and its batched publishing."""

    def __init__(
        self,
        url: str,
        inbox: str,
        on_inbox: Callable[[bytes], None],
        on_session: Callable[[str, bytes], None],
        session_prefix: str,
        broadcast: str | None = None,
        on_broadcast: Callable[[bytes], None] | None = None,
        on_link: Callable[[bool], None] | None = None,
    ) -> None:
        self.inbox = inbox
        self.on_inbox = on_inbox
        self.broadcast = broadcast
        self.on_broadcast = on_broadcast
        self.on_session = on_session
        self.prefix = session_prefix
        self.subscriber = Subscriber(url, self._message, on_link)
        self.publisher = Publisher(url)
        # The loop turn's publications, in order: (channel, data), or (a node's inbox, [packed envelope, ...])
        self._out: list[tuple[bytes, bytes | list[bytes]]] = []
        self._flushing = False

    async def start(self) -> None:
        await self.publisher.start()
        await self.subscriber.start()
        await self.subscriber.subscribe(self.inbox)
        if self.broadcast is not None:
            await self.subscriber.subscribe(self.broadcast)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.drain(), 5.0)
        except Exception:
            log.warning("cluster bus: publications still waiting at shutdown were dropped")
        await self.subscriber.close()
        await self.publisher.close()

    @property
    def linked(self) -> bool:
        """Whether this node hears its channels (the subscriber's link is up)."""
        return self.subscriber.linked

    # ------------------------------------------------------------------ listening

    async def listen(self, session: str) -> None:
        """Hear the frames for ``session`` from now on (returns once Redis has confirmed it)."""
        await self.subscriber.subscribe(self.prefix + session)

    async def forget(self, session: str) -> None:
        await self.subscriber.unsubscribe(self.prefix + session)

    def _message(self, channel: str, data: bytes) -> None:
        if channel == self.inbox:
            self.on_inbox(data)
        elif channel.startswith(self.prefix):
            self.on_session(channel[len(self.prefix) :], data)
        elif channel == self.broadcast and self.on_broadcast is not None:
            self.on_broadcast(data)

    # ------------------------------------------------------------------ publishing

    def publish(self, channel: str, data: bytes) -> None:
        """Queue a publication; the loop turn's publications go out together, in order."""
        self._out.append((channel.encode(), data))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._flush)

    def to_inbox(self, inbox: str | bytes, envelope: bytes | list[Any]) -> None:
        """Queue an envelope (packed, or a list packed here) for the node whose inbox is ``inbox`` (its channel's
        name, or its bytes): the loop turn's envelopes for one node go in one publication, ``["batch", envelope,
        ...]`` (one alone as it is), in order."""
        packed = envelope if type(envelope) is bytes else packed_envelope(envelope)  # type: ignore[arg-type]
        channel = inbox if type(inbox) is bytes else inbox.encode()  # type: ignore[union-attr]
        out = self._out
        if out and out[-1][0] == channel and isinstance(batch := out[-1][1], list):
            batch.append(packed)
            return
        out.append((channel, [packed]))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flushing = False
        out, self._out = self._out, []
        if out:
            self.publisher.publish_many([(c, d if isinstance(d, bytes) else batched(d)) for c, d in out])

    async def drain(self) -> None:
        """Wait until Redis has taken everything published so far."""
        self._flush()
        await self.publisher.drain()
