"""``POST /admin/drain`` over real sockets: refused without the node's admin secret, accepted with it.

(The whole command, `grundy admin drain` against `grundy serve --redis` processes, is in
tests/cluster/test_admin_drain.py.)
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from tests.server.e2e.wsclient import Client, NodeFactory, health, url

SECRET = "a-test-admin-secret-0123456789"


def _ask(port: int, path: str, method: str = "POST", secret: str | None = None) -> tuple[int, dict[str, Any]]:
    headers = {} if secret is None else {"Authorization": f"Bearer {secret}"}
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


async def test_administration_is_off_without_a_secret_on_the_node(make_node: NodeFactory) -> None:
    node = await make_node()
    assert node.port is not None
    status, body = await asyncio.to_thread(_ask, node.port, "/admin/drain", secret=SECRET)
    assert status == 403 and "GRUNDY_ADMIN_SECRET" in body["error"]
    assert (await asyncio.to_thread(health, node.port))[0] == 200


async def test_a_drain_needs_the_secret_and_then_stops_the_node_as_sigterm_does(make_node: NodeFactory) -> None:
    node = await make_node(admin_secret=SECRET)
    assert node.port is not None and SECRET not in repr(node.config)
    ann = await Client.hello(url(node), "Ann")
    port = node.port
    assert (await asyncio.to_thread(_ask, port, "/admin/drain"))[0] == 401
    assert (await asyncio.to_thread(_ask, port, "/admin/drain", secret="wrong-" + SECRET))[0] == 401
    assert (await asyncio.to_thread(_ask, port, "/admin/drain", secret=SECRET[:-1]))[0] == 401
    assert (await asyncio.to_thread(_ask, port, "/admin/drain", "GET", SECRET))[0] == 405
    assert (await asyncio.to_thread(_ask, port, "/admin/nothing", secret=SECRET))[0] == 404
    assert not node._stop.is_set()
    status, body = await asyncio.to_thread(_ask, port, "/admin/drain", secret=SECRET)
    assert status == 202 and body["status"] == "draining" and body["connections"] >= 1
    assert body["node"] == node.placement.node_id
    await asyncio.wait_for(node.serve_forever(), 10)  # (returns once the node is asked to stop, as on SIGTERM)
    await ann.close()
