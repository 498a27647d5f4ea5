"""The page sends again through ``unavailable`` exactly what the Python clients do, on the same schedule.

``client/web/net.js``'s ``SAFE_TO_RESEND`` and ``RESEND`` are the twins of ``protocol/resend.py`` (docs/PROTOCOL.md
2.1): read here from the module as node loads it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.protocol import resend

NET = Path(__file__).resolve().parents[2] / "client" / "web" / "net.js"
NODE = shutil.which("node")


def test_the_page_sends_again_the_same_requests_on_the_same_schedule() -> None:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's link")
        pytest.skip("node is not installed: the page's link is not checked here")
    script = (
        f"import {{ RESEND, SAFE_TO_RESEND }} from {json.dumps(NET.as_uri())};"
        "console.log(JSON.stringify({ schedule: RESEND, safe: [...SAFE_TO_RESEND] }));"
    )
    out = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    page = json.loads(out.stdout)
    assert sorted(page["safe"]) == sorted(resend.SAFE_TO_RESEND)
    assert page["schedule"] == {
        "firstS": resend.RESEND_FIRST_S,
        "factor": resend.RESEND_FACTOR,
        "everyS": resend.RESEND_EVERY_S,
        "jitter": resend.RESEND_JITTER,
        "forS": resend.RESEND_FOR_S,
    }


def test_the_page_overtakes_a_move_sent_again_as_the_python_clients_do() -> None:
    """The link in node, on a socket that stands in for the browser's: a move answered ``unavailable`` waits for its
    next copy; the room's message that it was played after all closes the catching-up notice before the page hears
    it, and sends the copy at once (its ``stale_ply`` ends the request, marked as sent again).  The list of requests
    a game's end makes moot is the twin of ``protocol/resend.py``'s."""
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's link")
        pytest.skip("node is not installed: the page's link is not checked here")
    msgpack = NET.with_name("msgpack.js")
    script = f"""
import {{ Link, MOOT_ONCE_OVER }} from {json.dumps(NET.as_uri())};
import {{ decode, encode }} from {json.dumps(msgpack.as_uri())};
const sockets = [];
class Socket {{
  constructor(url) {{ this.url = url; this.readyState = 1; this.sent = []; sockets.push(this); }}
  send(bytes) {{ this.sent.push(decode(bytes)); }}
  close() {{}}
}}
Socket.OPEN = 1;
globalThis.WebSocket = Socket;
const said = [];
const link = new Link("ws://node/", {{
  opened() {{}}, closed() {{}},
  message(msg) {{ if (msg.type !== "error") said.push(msg.type); }},
  catchingUp() {{ said.push("catching up"); }},
  caughtUp(seconds, ended) {{ said.push(ended ? "caught up, over" : "caught up"); }},
}});
link.open();
const ws = sockets[0];
const push = (msg) => {{
  const b = encode(msg);
  ws.onmessage({{ data: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) }});
}};
const tick = (ms) => new Promise((r) => setTimeout(r, ms));
const moving = link.request({{ type: "move", room: "r1", ply: 2, move: "1:1" }}).then(() => null, (err) => err);
push({{ type: "error", code: "unavailable", message: "away", ref: ws.sent[0].ref }});
await tick(20);
const before = ws.sent.length;
push({{ type: "move_made", room: "r1", ply: 2, seat: 0, move: "1:1", turn: 1, view: {{}}, server_time: 1 }});
await tick(60);  // (far less than the schedule's first pause: only the room's message sends the copy)
const copies = ws.sent.length - before;
const copy = ws.sent[ws.sent.length - 1];
push({{ type: "error", code: "stale_ply", message: "played", ref: copy.ref }});
const err = await Promise.race([moving, tick(2000).then(() => "no answer")]);
console.log(JSON.stringify({{ said, copies, copy, err, moot: [...MOOT_ONCE_OVER] }}));
"""
    out = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    page = json.loads(out.stdout)
    assert page["said"] == ["catching up", "caught up", "move_made"], page
    assert page["copies"] == 1 and page["copy"]["type"] == "move" and page["copy"]["ply"] == 2, page
    assert page["err"]["code"] == "stale_ply" and page["err"]["resent"] is True, page
    assert sorted(page["moot"]) == sorted(resend.MOOT_ONCE_OVER)
