"""The node's plain HTTP answers on its websocket port: ``GET /health`` (a JSON status, 503 while stopping)
and ``GET /metrics`` (every metric in Prometheus' text format, ``server.metrics``)."""

from __future__ import annotations

import http
import json
import os
import time
from collections.abc import Iterable
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from grundy.protocol import SUPPORTED_VERSIONS
from grundy.server import metrics, web
from grundy.server.greeting import SERVER_NAME


def health(
    stopping: bool,
    started_at: float,
    connections: int,
    sessions: Iterable[Any],
    actors: list[Any],
    bot_workers: list[int],
) -> Response:
    """``GET /health``: the node's status (``actors``: the rooms it runs)."""
    rooms = [a.room for a in actors]
    body = {
        "status": "stopping" if stopping else "ok",
        "server": SERVER_NAME,
        "pid": os.getpid(),  # (which process answers on this port: a supervisor's or a test's check)
        "protocol": list(SUPPORTED_VERSIONS),
        "uptime_s": round(time.time() - started_at, 3),
        "connections": connections,
        "sessions_online": sum(1 for s in sessions if s.conn is not None),
        "rooms": {
            status: sum(1 for r in rooms if r.status == status)
            for status in ("waiting", "playing", "finished", "aborted")
        },
        "bot_workers": bot_workers,
        "bot_jobs": sum(1 for a in actors if a.bot_task is not None and not a.bot_task.done()),
        "queued_events": sum(a.queued() for a in actors),
    }
    status = http.HTTPStatus.SERVICE_UNAVAILABLE if stopping else http.HTTPStatus.OK
    headers = Headers([("Content-Type", "application/json"), ("Cache-Control", "no-store")])
    return Response(status.value, status.phrase, headers, json.dumps(body).encode())


def metrics_page(registry: metrics.Metrics, web_files: web.WebFiles, request: Request) -> Response:
    """``GET /metrics``: every metric of this node, in Prometheus' text format (``server.metrics``)."""
    if request.method not in ("GET", "HEAD"):
        return web.respond(web_files, request)  # (405, as for every page)
    body = registry.render()
    headers = Headers(
        [("Content-Type", metrics.CONTENT_TYPE), ("Cache-Control", "no-store"), ("Content-Length", str(len(body)))]
    )
    return Response(http.HTTPStatus.OK.value, "OK", headers, b"" if request.method == "HEAD" else body)
