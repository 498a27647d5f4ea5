"""The node's administration, over plain HTTP on its port (``grundy admin``; docs/OPERATIONS.md).

A node takes administration requests only when it was given an admin secret
(``NodeConfig.admin_secret``: ``grundy serve`` reads it from the environment variable
:data:`SECRET_ENV`, never from its command line).  Each request carries the secret as
``Authorization: Bearer SECRET``, compared in constant time.  Listings are ``GET``, actions
``POST``; parameters are in the path and the query (no body is read: the websocket server takes
none); every answer is JSON.  The answers:

* 404 — a path under ``/admin/`` that is not a command (or, once let in, a room that does not exist);
* 405 — a command asked with another method than its own (``Allow`` names it);
* 403 — the node has no admin secret: administration is off;
* 401 — the secret is missing or wrong (the node logs the refusal, with the peer's address);
* 400 — a parameter missing or not valid (``{"error": ...}`` says which);
* 409 — an action that cannot be done now (a room that has ended already, a name that is not banned);
* 503 — cluster mode: Redis cannot be reached;
* 200 — a listing or an action done; 202 — the drain, accepted.

Commands (in cluster mode the listings and the actions cover every live node, whichever node is asked):

* ``GET /admin/nodes`` — every node: its address (``HOST:PORT`` an administrator reaches it at, for a
  drain), its rooms by state, connections, sessions, leases;
* ``GET /admin/rooms?game=G&player=NAME&state=S`` — every room in memory on every node (unfinished,
  and ended ones kept for a while), newest first, those matching every filter given;
* ``POST /admin/rooms/ROOM/abort?reason=TEXT`` — end a room without a result on the node that runs it:
  its players and spectators get ``game_over`` (``aborted``) with the reason; stored as aborted;
* ``POST /admin/players/NAME/kick?reason=TEXT`` — close the connections of every session with that
  name (in any case), on every node, with 1008 and the reason;
* ``POST /admin/players/NAME/ban?reason=TEXT`` — keep the name banned in the store (``hello``,
  ``resume`` and ``register`` with it are refused ``banned``) and kick it;
  ``POST /admin/players/NAME/unban`` lifts the ban; ``GET /admin/bans`` lists the bans;
* ``POST /admin/drain`` — do what SIGTERM does: the node stops taking connections, lets each room
  finish the events it has, and in cluster mode gives every lease up so that other nodes take its
  rooms and tournaments over at once, then tells its clients to move (``node_leaving``) and carries
  their requests until they have (``--leave-grace``); the rest are closed with 1001 (going away:
  clients resume on another node); then ``grundy serve`` exits (status 0).  The answer
  (``{"node", "status": "draining", "rooms", "connections"}``) is sent first (202).

What one node does for a command (:func:`here`) is reached through the fleet port
(``server.ports.Fleet``): on one node, directly; in a cluster, over the nodes' inboxes.
"""

from __future__ import annotations

import asyncio
import hmac
import http
import json
import logging
import re
import socket
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from grundy.protocol import i18n
from grundy.server.errors import Unavailable
from grundy.server.gateway import CLOSE_REASON_BYTES, close_words
from grundy.server.stored import StoredBan, player_key

__all__ = ["DRAIN_AFTER_S", "MIN_SECRET_CHARS", "SECRET_ENV", "here", "respond"]

log = logging.getLogger("grundy.admin")

SECRET_ENV = "GRUNDY_ADMIN_SECRET"  # where `grundy serve` and `grundy admin` read the admin secret
MIN_SECRET_CHARS = 16  # a shorter secret is refused by `grundy serve` (it could be guessed)
DRAIN_AFTER_S = 0.05  # the drain starts this long after its answer is handed to the socket
ABORT_WAIT_S = 10.0  # how long an abort waits for its room to have ended (and stored it)
MAX_REASON = 200  # characters of a reason (abort, kick, ban)
MAX_NAME = 64
STATES = ("waiting", "playing", "finished", "aborted")
CLOSE_KICKED = 1008  # policy violation: the connection of a kicked (or banned) player

Json = dict[str, Any]


class Refusal(Exception):
    """A command refused with an HTTP status and a reason (the body's ``error``)."""

    def __init__(self, status: http.HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# ====================================================================== HTTP


def respond(node: Any, request: Request, remote: Any) -> Response | Awaitable[Response]:
    """The answer to a request under ``/admin/`` (``node``: the ``server.node.Node`` that got it; ``remote``:
    the asker's address, for the log).  Refusals are answered at once; a command is awaited."""
    peer = ":".join(map(str, remote[:2])) if isinstance(remote, tuple) else "?"
    parts = urllib.parse.urlsplit(request.path)
    path, query = parts.path, urllib.parse.parse_qs(parts.query, keep_blank_values=True)
    found = _route(path)
    if found is None:
        names = "nodes, rooms, rooms/ROOM/abort, players/NAME/kick|ban|unban, bans, drain"
        return _json(http.HTTPStatus.NOT_FOUND, {"error": f"no admin command {path!r}; commands: {names}"})
    method, command, params = found
    if request.method != method:
        response = _json(http.HTTPStatus.METHOD_NOT_ALLOWED, {"error": f"{path} is a {method} request"})
        response.headers["Allow"] = method
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
    return _answer(command, node, peer, params, query)


Command = Callable[[Any, str, list[str], dict[str, list[str]]], Awaitable[tuple[http.HTTPStatus, Json]]]
_SEGMENT = r"([^/]+)"


def _route(path: str) -> tuple[str, Command, list[str]] | None:
    for method, pattern, command in _COMMANDS:
        m = re.fullmatch(pattern, path)
        if m is not None:
            return method, command, [urllib.parse.unquote(g) for g in m.groups()]
    return None


async def _answer(command: Command, node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> Response:
    try:
        status, body = await command(node, peer, params, query)
    except Refusal as e:
        return _json(e.status, {"error": e.message})
    except Unavailable as e:
        return _json(http.HTTPStatus.SERVICE_UNAVAILABLE, {"error": e.message})
    except Exception as e:
        if type(e).__module__.startswith("redis"):
            return _json(http.HTTPStatus.SERVICE_UNAVAILABLE, {"error": f"the cluster's Redis failed: {e}"})
        log.exception("admin command failed")
        return _json(http.HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "the node failed on this command (see its log)"})
    return _json(status, body)


def _one(query: dict[str, list[str]], name: str, required: bool = False, most: int = MAX_REASON) -> str | None:
    values = query.get(name)
    value = values[-1].strip() if values else ""
    if not value:
        if required:
            raise Refusal(http.HTTPStatus.BAD_REQUEST, f"{name}: give one (?{name}=...)")
        return None
    if len(value) > most:
        raise Refusal(http.HTTPStatus.BAD_REQUEST, f"{name}: at most {most} characters")
    return value


def _name(text: str) -> str:
    name = text.strip()
    if not name or len(name) > MAX_NAME:
        raise Refusal(http.HTTPStatus.BAD_REQUEST, f"player name {text!r}: 1 to {MAX_NAME} characters")
    return name


# ====================================================================== the commands


async def _nodes(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    found = await node.fleet.everywhere("node", {})
    return http.HTTPStatus.OK, {"nodes": sorted(found, key=lambda n: str(n.get("node")))}


async def _rooms(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    game, player, state = _one(query, "game", most=64), _one(query, "player", most=MAX_NAME), _one(query, "state")
    if state is not None and state not in STATES:
        raise Refusal(http.HTTPStatus.BAD_REQUEST, f"state {state!r}: one of {', '.join(STATES)}")
    if game is not None:
        from grundy import rules

        try:
            game = rules.game_class(game).name
        except Exception:
            why = f"game {game!r}: no such game (grundy games lists them)"
            raise Refusal(http.HTTPStatus.BAD_REQUEST, why) from None
    answers = await node.fleet.everywhere("rooms", {})
    rooms: list[Json] = []
    silent: list[Json] = []
    for answer in answers:
        if "error" in answer:
            silent.append(answer)
            continue
        rooms += answer.get("rooms", [])
    key = None if player is None else player_key(player)
    rooms = [
        r
        for r in rooms
        if (game is None or r["game"] == game)
        and (state is None or r["state"] == state)
        and (key is None or any(player_key(s["name"] or "") == key for s in r["seats"]))
    ]
    rooms.sort(key=lambda r: r["created_at"], reverse=True)
    body: Json = {"rooms": rooms}
    if silent:
        body["unanswered"] = silent  # (nodes that did not answer: their rooms are missing)
    return http.HTTPStatus.OK, body


async def _abort(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    room_id = params[0]
    reason = _one(query, "reason", required=True)
    log.warning("admin abort of room %s from %s: %s", room_id, peer, reason)
    if room_id in node.rooms:
        answer = await here(node, "abort", {"room": room_id, "reason": reason})
    else:
        owner = await node.fleet.room_node(room_id)
        if owner is None:
            stored = await node.store.load_room(room_id)
            if stored is None:
                raise Refusal(http.HTTPStatus.NOT_FOUND, f"room {room_id!r}: no such room")
            raise Refusal(http.HTTPStatus.CONFLICT, f"room {room_id}: it has ended already ({stored.status})")
        answer = await node.fleet.on(owner, "abort", {"room": room_id, "reason": reason})
    return _status(answer), answer


async def _kick(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    name = _name(params[0])
    reason = _one(query, "reason", required=True)
    log.warning("admin kick of %r from %s: %s", name, peer, reason)
    return http.HTTPStatus.OK, await _kick_everywhere(node, name, "wire-close-kicked", reason)


async def _kick_everywhere(node: Any, name: str, said: str, reason: str) -> Json:
    """Close every connection of player ``name`` on every node, saying why (``said``, a catalog id with the
    administrator's ``reason`` as typed) in each session's language; ``reason`` in English for older nodes."""
    english = i18n.tr(i18n.DEFAULT, said, reason=reason)
    answers = await node.fleet.everywhere("kick", {"name": name, "reason": english, "said": said, "why": reason})
    closed = sum(int(a.get("closed", 0)) for a in answers)
    body: Json = {"player": name, "closed": closed, "nodes": {str(a.get("node")): a.get("closed", 0) for a in answers}}
    silent = [a for a in answers if "error" in a]
    if silent:
        body["unanswered"] = silent
    return body


async def _ban(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    name = _name(params[0])
    reason = _one(query, "reason", required=True)
    assert reason is not None
    log.warning("admin ban of %r from %s: %s", name, peer, reason)
    await node.store.ban(StoredBan(name, reason, time.time()))
    body = await _kick_everywhere(node, name, "wire-close-banned", reason)
    return http.HTTPStatus.OK, {**body, "banned": True, "reason": reason}


async def _unban(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    name = _name(params[0])
    if not await node.store.unban(name):
        raise Refusal(http.HTTPStatus.CONFLICT, f"{name!r} is not banned")
    log.warning("admin unban of %r from %s", name, peer)
    return http.HTTPStatus.OK, {"player": name, "banned": False}


async def _bans(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    bans = await node.store.bans()
    return http.HTTPStatus.OK, {"bans": [{"player": b.name, "reason": b.reason, "at": b.at} for b in bans]}


async def _drain(node: Any, peer: str, params: list[str], query: dict[str, list[str]]) -> tuple[http.HTTPStatus, Json]:
    node_id = node.placement.node_id
    rooms, connections = len(node.rooms), len(node.connections)
    if node.stopping:
        return http.HTTPStatus.ACCEPTED, {"node": node_id, "status": "stopping already"}
    log.warning(
        "admin drain from %s: node %s hands over %d rooms and closes %d connections", peer, node_id, rooms, connections
    )
    asyncio.get_running_loop().call_later(DRAIN_AFTER_S, node.request_stop)  # (as SIGTERM: grundy serve stops)
    return http.HTTPStatus.ACCEPTED, {
        "node": node_id,
        "status": "draining",
        "rooms": rooms,
        "connections": connections,
    }


_COMMANDS: tuple[tuple[str, str, Command], ...] = (
    ("GET", "/admin/nodes", _nodes),
    ("GET", "/admin/rooms", _rooms),
    ("POST", f"/admin/rooms/{_SEGMENT}/abort", _abort),
    ("POST", f"/admin/players/{_SEGMENT}/kick", _kick),
    ("POST", f"/admin/players/{_SEGMENT}/ban", _ban),
    ("POST", f"/admin/players/{_SEGMENT}/unban", _unban),
    ("GET", "/admin/bans", _bans),
    ("POST", "/admin/drain", _drain),
)


def _status(answer: Json) -> http.HTTPStatus:
    return http.HTTPStatus(int(answer.pop("status_code", http.HTTPStatus.OK)))


# ====================================================================== one node's part


async def here(node: Any, action: str, args: Json) -> Json:
    """What this node answers for one action (asked by an administrator here, or by the node asked, in a cluster).

    ``node``: this node's description, with its rooms; ``rooms``: its rooms; ``abort``: end one of
    its rooms; ``kick``: close its connections of a player name.  An answer with ``status_code``
    is a refusal (the HTTP status to answer).
    """
    node_id = node.placement.node_id
    if action == "node":
        rooms = [a.room for a in node.rooms.values()]
        return {
            "node": node_id,
            "status": "stopping" if node.stopping else "ok",
            "uptime_s": round(time.time() - node.started_at, 1),
            "connections": len(node.connections),
            "sessions_online": sum(1 for s in node.sessions.by_id.values() if s.conn in node.connections),
            "rooms": {state: sum(1 for r in rooms if r.status == state) for state in STATES},
            "room_ids": sorted(r.id for r in rooms),
            **node.fleet.about(),
            "address": _address(node),
        }
    if action == "rooms":
        return {"node": node_id, "rooms": [_room(node_id, a.room) for a in node.rooms.values()]}
    if action == "abort":
        return await _abort_here(node, str(args["room"]), str(args["reason"]))
    if action == "kick":
        said = (str(args["said"]), str(args["why"])) if "said" in args else None  # (an older node: English only)
        return {"node": node_id, "closed": _kick_here(node, str(args["name"]), str(args["reason"]), said)}
    return {"node": node_id, "status_code": 400, "error": f"no admin action {action!r}"}


def _address(node: Any) -> str:
    """``HOST:PORT`` this node's port is reached at (``grundy admin drain`` takes it): its ``--public-url``'s, else its
    ``--host`` and port; a node listening on every address is named by its host name (in a compose network,
    the container's name for the others)."""
    cfg = node.config
    if cfg.public_url:
        return urllib.parse.urlsplit(cfg.public_url).netloc
    host = cfg.host if cfg.host not in ("", "0.0.0.0", "::") else socket.gethostname()
    return f"[{host}]:{node.port}" if ":" in host else f"{host}:{node.port}"


def _room(node_id: str, room: Any) -> Json:
    return {
        "room": room.id,
        "node": node_id,
        "game": room.game.name,
        "state": room.status,
        "seats": [
            {"name": s.label if (s.name or s.is_bot) else None, "bot": s.is_bot, "connected": s.connected}
            for s in room.seats
        ],
        "spectators": len(room.watchers),
        "ply": room.ply,
        "private": room.private,
        "rated": room.rated,
        "created_at": room.created_at,
        "ended_at": room.ended_at,
        "reason": room.end_reason,
    }


async def _abort_here(node: Any, room_id: str, reason: str) -> Json:
    from grundy.server.room import Abort

    node_id = node.placement.node_id
    actor = node.rooms.get(room_id)
    if actor is None:
        return {"node": node_id, "status_code": 404, "error": f"room {room_id!r}: not run on node {node_id}"}
    if actor.room.is_ended:
        why = f"room {room_id}: it has ended already ({actor.room.status})"
        return {"node": node_id, "status_code": 409, "error": why}
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def ended(_actor: Any) -> None:  # (a job after the abort: it runs once the abort's writes are stored)
        if not done.done():
            done.set_result(None)

    log.warning("room %s aborted by an administrator: %s", room_id, reason)
    said = {"id": "lobby-end-admin", "args": {"reason": reason}}  # (each reader's language; the reason as typed)
    actor.put(Abort(time.time(), f"aborted by an administrator: {reason}", said))
    actor.put(ended)
    try:
        await asyncio.wait_for(done, ABORT_WAIT_S)
    except TimeoutError:
        return {"node": node_id, "status_code": 504, "error": f"room {room_id}: not ended after {ABORT_WAIT_S:g} s"}
    return {"room": room_id, "node": node_id, "state": actor.room.status, "reason": actor.room.end_reason}


def _kick_here(node: Any, name: str, why: str, said: tuple[str, str] | None = None) -> int:
    """Close this node's connections of every session named ``name`` (in any case): how many were closed.  The close
    says ``said`` (a catalog id and the administrator's reason) in each session's language, else ``why`` as it is."""
    key = player_key(name)
    closed = 0
    for conn in list(node.connections):
        session = conn.session
        if session is not None and player_key(session.name) == key and not conn.closing:
            log.warning("session %s (%s): %s", session.id, session.name, why)
            reason = why if said is None else close_words(session.lang, said[0], reason=said[1])
            conn.close(CLOSE_KICKED, reason.encode()[:CLOSE_REASON_BYTES].decode(errors="ignore"))
            closed += 1
    return closed


def _json(status: http.HTTPStatus, body: Json) -> Response:
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
