"""The web client's files, served over plain HTTP on the node's websocket port.

A browser asks ``GET /`` (or a game's address ``GET /r/ROOM``, a join link ``GET /r/CODE``, a player's page
``GET /p/NAME``) and gets the page (the study pages, ``/analysis/GAME?...``, ``/exam``, ``/puzzles`` and
``/puzzle/ID``, get study.html); the page
loads its modules and style from ``/static/NAME`` and then opens a websocket to the same
address, speaking the same msgpack protocol as every other client.  The files ship inside the
package (``grundy.client.web``, package data) and are read once, when first asked for.

:func:`respond` is the node's ``process_request`` hook for everything but ``/health``: it
answers ``GET`` and ``HEAD`` requests that are not websocket upgrades, and hands upgrades on
to the handshake (None).  Bounds: a path of at most :data:`MAX_PATH` characters (longer: 414),
a file name of letters, digits, ``-`` and ``_`` with a known suffix (no folders, so no way out
of the package's folder), a room code of at most 64 such characters; any other path is 404.
The page's words are the catalogs every client shares (``protocol/i18n.py``): ``GET /locales/LANG.ftl``
for a language of ``protocol.i18n.LANGS`` answers that language's Fluent file.
Every file is revalidated on each load (``Cache-Control: no-cache`` with an ``ETag``, so an
upgraded node never serves a stale page): an unchanged file costs a 304 without a body.
"""

from __future__ import annotations

import hashlib
import http
import importlib.resources
import re
from dataclasses import dataclass

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from grundy.protocol import i18n

__all__ = ["MAX_PATH", "STATIC_PACKAGE", "WebFiles", "respond"]

STATIC_PACKAGE = "grundy.client.web"  # the folder client/web/, installed as package data
MAX_PATH = 2048  # characters of a request's path (query included) the node reads: a shared position's moves

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
_FILE = re.compile(r"[A-Za-z0-9_-]{1,64}\.(html|js|css|svg|png)")
_ROOM_LINK = re.compile(r"/r/[A-Za-z0-9_-]{1,64}/?")
_LOCALE = re.compile(r"/locales/([a-z]{2,3})\.ftl")
_PLAYER_LINK = re.compile(r"/p/[A-Za-z0-9_.:%-]{1,120}/?")  # a player's page (a name, or bot:LEVEL, %-encoded)
# The study pages (study.html): the analysis board of any position, the exam, the puzzles.
_STUDY = re.compile(r"/(analysis(/[A-Za-z0-9_-]{1,64})?|exam|puzzles|puzzle/[A-Za-z0-9_-]{1,64})/?")
# What the page may do: its own scripts and style only, and websockets back to this node.
_SECURITY = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),  # a join link carries the room's code: never pass it on
    ("X-Frame-Options", "DENY"),
    (
        "Content-Security-Policy",
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; "
        "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
)


@dataclass(frozen=True, slots=True)
class StaticFile:
    """One file of the page, in memory: its bytes, content type and entity tag."""

    body: bytes
    content_type: str
    etag: str


class WebFiles:
    """The web client's files, read from the package once and kept in memory (a few tens of kB)."""

    def __init__(self, package: str = STATIC_PACKAGE) -> None:
        self.package = package
        self._files: dict[str, StaticFile] | None = None

    def get(self, name: str) -> StaticFile | None:
        """The file called ``name`` (no folders), or None when the page has no such file."""
        if self._files is None:
            self._files = self._load()
        return self._files.get(name)

    def locale(self, lang: str) -> StaticFile | None:
        """The catalog of ``lang`` (Fluent), or None for a language without one."""
        if lang not in i18n.LANGS:
            return None
        key = f"locales/{lang}.ftl"
        if self._files is None:
            self._files = self._load()
        found = self._files.get(key)
        if found is None:
            body = i18n.catalog_text(lang).encode()
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            found = self._files[key] = StaticFile(body, "text/plain; charset=utf-8", etag)
        return found

    def _load(self) -> dict[str, StaticFile]:
        files: dict[str, StaticFile] = {}
        try:
            root = importlib.resources.files(self.package)
        except ModuleNotFoundError:
            return files  # an install without the web client: every page path is 404
        for entry in root.iterdir():
            match = _FILE.fullmatch(entry.name)
            if match is None or not entry.is_file():
                continue
            body = entry.read_bytes()
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            files[entry.name] = StaticFile(body, CONTENT_TYPES["." + match.group(1)], etag)
        return files


def is_upgrade(request: Request) -> bool:
    """Whether the request asks for a websocket (it goes on to the handshake)."""
    return "websocket" in request.headers.get("Upgrade", "").lower()


def respond(files: WebFiles, request: Request) -> Response | None:
    """The HTTP answer to a request that is not a websocket upgrade; None for an upgrade."""
    if is_upgrade(request):
        return None
    lang = i18n.pick(request.headers.get("Accept-Language") or None)  # (the words of a refusal, for a person)
    if request.method not in ("GET", "HEAD"):
        response = _plain(http.HTTPStatus.METHOD_NOT_ALLOWED, i18n.tr(lang, "refuse-http-method"))
        response.headers["Allow"] = "GET, HEAD"
        return response
    raw = request.path
    if len(raw) > MAX_PATH:
        return _plain(http.HTTPStatus.REQUEST_URI_TOO_LONG, i18n.tr(lang, "refuse-http-long-path", n=MAX_PATH))
    path = raw.split("?", 1)[0].split("#", 1)[0]
    locale = _LOCALE.fullmatch(path)
    if path == "/" or path == "/index.html" or _ROOM_LINK.fullmatch(path) or _PLAYER_LINK.fullmatch(path):
        name = "index.html"
    elif _STUDY.fullmatch(path):
        name = "study.html"
    elif path.startswith("/static/") and _FILE.fullmatch(path[len("/static/") :]):
        name = path[len("/static/") :]
    elif locale is not None:
        name = path[1:]
    else:
        return _plain(http.HTTPStatus.NOT_FOUND, i18n.tr(lang, "refuse-http-no-page"))
    found = files.get(name) if locale is None else files.locale(locale.group(1))
    if found is None:
        return _plain(http.HTTPStatus.NOT_FOUND, i18n.tr(lang, "refuse-http-no-file", name=repr(name)))
    headers = Headers(
        [
            ("Content-Type", found.content_type),
            ("Cache-Control", "no-cache"),
            ("ETag", found.etag),
            ("Connection", "close"),
            *_SECURITY,
        ]
    )
    if found.etag in request.headers.get("If-None-Match", ""):
        return Response(http.HTTPStatus.NOT_MODIFIED.value, "Not Modified", headers, b"")
    headers["Content-Length"] = str(len(found.body))
    body = b"" if request.method == "HEAD" else found.body
    return Response(http.HTTPStatus.OK.value, "OK", headers, body)


def _plain(status: http.HTTPStatus, text: str) -> Response:
    body = (text + "\n").encode()
    headers = Headers(
        [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("Connection", "close"),
            ("X-Content-Type-Options", "nosniff"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)
