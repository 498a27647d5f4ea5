"""The node's log lines: plain text for people (the default), or one JSON object a line for machines.

``grundy serve --log-format json`` (and ``grundy bots``) writes each record to stderr as one JSON
object: ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``, ``message``, and,
where they apply, ``node``, ``room`` and ``session`` (``exception`` with a traceback).  The ids
come from context variables set where the work runs, so an ordinary ``log.info(...)`` carries
them without naming them:

* :data:`ROOM` and :data:`SESSION` — set by a room's actor around each event or job it handles
  (``server.actor``: the session is the event's sender, if any), by the gateway around each
  frame of a connection with a session, and by the greeting once a connection has one;
* the node id — :func:`set_node`, once per process (``grundy serve``), or :data:`NODE` where a
  process runs several nodes (the tests).

Setting a context variable costs tens of nanoseconds: the move path sets two and resets them.
"""

from __future__ import annotations

import contextvars
import datetime
import json
import logging
import sys

__all__ = ["FORMATS", "NODE", "ROOM", "SESSION", "JsonFormatter", "configure", "current_format", "set_node"]

NODE: contextvars.ContextVar[str | None] = contextvars.ContextVar("grundy_node", default=None)
ROOM: contextvars.ContextVar[str | None] = contextvars.ContextVar("grundy_room", default=None)
SESSION: contextvars.ContextVar[str | None] = contextvars.ContextVar("grundy_session", default=None)

FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_node: str | None = None  # this process's node (set_node), when NODE is not set in the context


def set_node(node_id: str | None) -> None:
    """Name the node this process runs: every JSON line carries it from now on."""
    global _node
    _node = node_id


class JsonFormatter(logging.Formatter):
    """One JSON object per record (see the module docstring); never raises for an odd argument."""

    def format(self, record: logging.LogRecord) -> str:
        at = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        line: dict[str, object] = {
            "time": at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        node = NODE.get() or _node
        if node:
            line["node"] = node
        room = ROOM.get()
        if room:
            line["room"] = room
        session = SESSION.get()
        if session:
            line["session"] = session
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def current_format() -> str:
    """The format the root logger writes in now (what a worker process started from here should use)."""
    handlers = logging.getLogger().handlers
    return "json" if any(isinstance(h.formatter, JsonFormatter) for h in handlers) else "text"


def configure(level: str | int, fmt: str = "text") -> None:
    """Log to stderr at ``level`` in ``fmt`` (``text`` or ``json``), replacing any handler the root logger had."""
    if fmt not in FORMATS:
        raise ValueError(f"log format {fmt!r}: one of {', '.join(FORMATS)}")
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT, datefmt="%H:%M:%S"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
    logging.captureWarnings(True)  # (Python's warnings become log lines too: every stderr line is one format)
