"""Administration across the nodes (``grundy admin``, ``server.admin``): an action asked of another node over
its inbox (:class:`.inbox.AdminAsk`), and its answer (:class:`.inbox.AdminAnswer`)."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from grundy.server.cluster.bus import Bus
from grundy.server.cluster.inbox import AdminAnswer, AdminAsk, packed
from grundy.server.cluster.keys import Keys

log = logging.getLogger("grundy.cluster")

Here = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


class Asks:
    """The administration actions this node asked of others (awaiting their answers), and those asked of it."""

    def __init__(self, bus: Bus, keys: Keys, node_id: str) -> None:
        self.bus = bus
        self.keys = keys
        self.node_id = node_id
        self._asked: dict[str, asyncio.Future[dict[str, Any]]] = {}  # asked of other nodes, by id

    async def ask(self, node: str, action: str, args: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        """One administration action done by another node (over its inbox): its answer, or an error after timeout_s."""
        asked_id = secrets.token_hex(8)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._asked[asked_id] = answer
        self.bus.publish(self.keys.inbox(node), packed(AdminAsk(asked_id, self.node_id, action, json.dumps(args))))
        try:
            return await asyncio.wait_for(answer, timeout_s)
        except TimeoutError:
            return {"node": node, "status_code": 504, "error": f"node {node} did not answer in {timeout_s:g} s"}
        finally:
            self._asked.pop(asked_id, None)

    def answered(self, msg: AdminAnswer) -> None:
        asked = self._asked.pop(msg.asked, None)
        if asked is not None and not asked.done():
            asked.set_result(json.loads(msg.answer))

    async def answer(self, msg: AdminAsk, here: Here) -> None:
        """Another node asks this one: ``here`` does it, and the answer goes back to the asker's inbox."""
        try:
            answer = await here(msg.action, json.loads(msg.args))
        except Exception as e:
            log.exception("admin %s asked by %s failed", msg.action, msg.sender)
            answer = {"node": self.node_id, "status_code": 500, "error": f"node {self.node_id} failed: {e}"}
        self.bus.publish(self.keys.inbox(msg.sender), packed(AdminAnswer(msg.asked, json.dumps(answer))))
