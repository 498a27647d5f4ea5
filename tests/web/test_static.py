"""The node serves the web client over plain HTTP on its websocket port, and only the client's files."""

from __future__ import annotations

import asyncio
import http.client
import re

import pytest

from grundy import protocol as p
from grundy.server import web
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, url


def fetch(port: int, path: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        r = conn.getresponse()
        body = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, body
    finally:
        conn.close()


async def get(node: Node, path: str, **kw) -> tuple[int, dict, bytes]:
    assert node.port is not None
    return await asyncio.to_thread(fetch, node.port, path, **kw)


async def test_the_page_is_served_at_the_root_and_at_a_join_link(node: Node):
    status, headers, body = await get(node, "/")
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert b'<script type="module" src="/static/app.js">' in body
    assert headers["referrer-policy"] == "no-referrer"  # a join link's code never leaks
    assert "script-src 'self'" in headers["content-security-policy"]
    status, _, linked = await get(node, "/r/AbC-12_x")
    assert status == 200 and linked == body


@pytest.mark.parametrize(
    "path", ["/analysis", "/analysis/nim?heaps=5,9,12&moves=3:1&tree=4", "/exam?heaps=7,S&ops=+1,*2", "/puzzles"]
)
async def test_the_study_pages_are_served_at_their_addresses(node: Node, path: str):
    status, headers, body = await get(node, path)
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert b'<script type="module" src="/static/studypage.js">' in body
    status, _, _ = await get(node, "/static/studypage.js")
    assert status == 200


async def test_every_module_the_page_loads_is_served_with_its_type(node: Node):
    _, _, page = await get(node, "/")
    names = set(re.findall(rb"/static/([\w-]+\.(?:js|css|svg))", page))
    todo = [n for n in names if n.endswith(b".js")]
    while todo:  # the modules the page's modules import, in turn
        _, _, module = await get(node, "/static/" + todo.pop().decode())
        for found in re.findall(rb'from "\./([\w-]+\.js)"', module):
            if found not in names:
                names.add(found)
                todo.append(found)
    assert {b"app.js", b"style.css", b"msgpack.js", b"net.js", b"boards.js", b"room.js"} <= names
    for name in names:
        status, headers, body = await get(node, "/static/" + name.decode())
        assert status == 200, name
        kind = {b"js": "text/javascript", b"css": "text/css", b"svg": "image/svg+xml"}[name.rsplit(b".", 1)[1]]
        assert headers["content-type"].startswith(kind)
        assert headers["cache-control"] == "no-cache" and headers["etag"]
        assert int(headers["content-length"]) == len(body) > 0


async def test_an_unchanged_file_is_revalidated_without_its_body(node: Node):
    _, headers, _ = await get(node, "/static/app.js")
    status, again, body = await get(node, "/static/app.js", headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b"" and again["etag"] == headers["etag"]


async def test_head_gives_the_headers_only(node: Node):
    status, headers, body = await get(node, "/static/style.css", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 0


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server/node.py",
        "/static/%2e%2e/setup.py",
        "/static/__init__.py",
        "/static/sub/app.js",
        "/static/",
        "/static/nothing.js",
        "/r/",
        "/r/bad code",
        "/r/" + "x" * 65,
        "/etc/passwd",
        "/favicon.ico",
    ],
)
async def test_paths_outside_the_client_are_not_found(node: Node, path: str):
    status, headers, body = await get(node, path.replace(" ", "%20"))
    assert status == 404, path
    assert headers["content-type"].startswith("text/plain") and b"no " in body


async def test_a_path_over_the_bound_is_refused(node: Node):
    status, _, body = await get(node, "/r/" + "a" * web.MAX_PATH)
    assert status == 414 and str(web.MAX_PATH).encode() in body


async def test_the_websocket_endpoint_and_health_are_unchanged(node: Node):
    client = await Client.hello(url(node), "Ann")
    assert client.welcome is not None and client.welcome.name == "Ann"
    pong = await client.request(p.Ping(), p.Pong)
    assert pong.server_time > 0
    await client.close()
    status, headers, _ = await get(node, "/health")
    assert status == 200 and headers["content-type"] == "application/json"


def test_an_install_without_the_files_serves_404s_not_errors():
    files = web.WebFiles("grundy.no_such_package")
    assert files.get("index.html") is None


def test_the_installed_package_carries_every_file_of_the_page():
    import importlib.resources
    from pathlib import Path

    checkout = Path(__file__).resolve().parents[2] / "client" / "web"
    shipped = importlib.resources.files(web.STATIC_PACKAGE)
    names = sorted(f.name for f in checkout.iterdir() if f.suffix in web.CONTENT_TYPES)
    assert "index.html" in names and "app.js" in names
    for name in names:  # in CI this is the non-editable install in site-packages
        assert (shipped / name).read_bytes() == (checkout / name).read_bytes(), name
