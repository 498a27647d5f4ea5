"""The node's administration, over plain HTTP on its port: ``POST /admin/drain`` (``grundy admin``).

A node takes administration requests only when it was given an admin secret
(``NodeConfig.admin_secret``: ``grundy serve`` reads it from the environment variable
:data:`SECRET_ENV`, never from its command line).  Each request carries the secret as
``Authorization: Bearer SECRET``, compared in constant time.  The answers:

* 404 — a path under ``/admin/`` that is not a command;
* 405 — a command asked with another method than ``POST``;
* 403 — the node has no admin secret: administration is off;
* 401 — the secret is missing or wrong (the node logs the refusal, with the peer's address);
* 202 — accepted: a JSON body says what the node is about to do.

Commands:

* ``POST /admin/drain`` — do what SIGTERM does: the node stops taking connections, closes every
  connection with 1001 (going away: clients resume on another node), lets each room finish the
  events it has, and in cluster mode gives every lease up so that other nodes take its rooms
  and tournaments over at once; then ``grundy serve`` exits (status 0).  The answer
  (``{"node", "status": "draining", "rooms", "connections"}``) is sent first.

No body is read (the websocket server takes none): a command's parameters would be in its path.
"""

from __future__ import annotations

import asyncio
import hmac
import http
import json
import logging
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

__all__ = ["DRAIN_AFTER_S", "MIN_SECRET_CHARS", "SECRET_ENV", "respond"]

log = logging.getLogger("grundy.admin")

SECRET_ENV = "GRUNDY_ADMIN_SECRET"  # where `grundy serve` and `grundy admin` read the admin secret
MIN_SECRET_CHARS = 16  # a shorter secret is refused by `grundy serve` (it could be guessed)
DRAIN_AFTER_S = 0.05  # the drain starts this long after its answer is handed to the socket


def respond(node: Any, request: Request, remote: Any) -> Response:
    """The answer to a request under ``/admin/`` (``node``: the ``server.node.Node`` that got it; ``remote``:
    the asker's address, for the log)."""
    peer = ":".join(map(str, remote[:2])) if isinstance(remote, tuple) else "?"
    path = request.path.split("?", 1)[0]
    commands = {"/admin/drain": _drain}
    command = commands.get(path)
    if command is None:
        return _json(http.HTTPStatus.NOT_FOUND, {"error": f"no admin command {path!r}; commands: drain"})
    if request.method != "POST":
        response = _json(http.HTTPStatus.METHOD_NOT_ALLOWED, {"error": "admin commands are POST requests"})
        response.headers["Allow"] = "POST"
        return response
    secret = node.config.admin_secret
    if not secret:
        return _json(http.HTTPStatus.FORBIDDEN, {"error": f"administration is off on this node (no {SECRET_ENV})"})
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), secret.encode()):
        log.warning("admin %s from %s refused: %s", path, peer, "wrong secret" if given else "no secret")
        response = _json(http.HTTPStatus.UNAUTHORIZED, {"error": "a wrong or missing admin secret"})
        response.headers["WWW-Authenticate"] = 'Bearer realm="grundy admin"'
        return response
    return command(node, peer)


def _drain(node: Any, peer: str) -> Response:
    node_id = node.placement.node_id
    rooms, connections = len(node.rooms), len(node.connections)
    if node.stopping:
        return _json(http.HTTPStatus.ACCEPTED, {"node": node_id, "status": "stopping already"})
    log.warning(
        "admin drain from %s: node %s hands over %d rooms and closes %d connections", peer, node_id, rooms, connections
    )
    asyncio.get_running_loop().call_later(DRAIN_AFTER_S, node.request_stop)  # (as SIGTERM: grundy serve stops)
    body = {"node": node_id, "status": "draining", "rooms": rooms, "connections": connections}
    return _json(http.HTTPStatus.ACCEPTED, body)


def _json(status: http.HTTPStatus, body: dict[str, Any]) -> Response:
    data = json.dumps(body).encode()
    headers = Headers(
        [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(data))),
            ("Cache-Control", "no-store"),
            ("Connection", "close"),
        ]
    )
    return Response(status.value, status.phrase, headers, data)
