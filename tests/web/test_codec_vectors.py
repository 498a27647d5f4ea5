"""The page's msgpack codec (client/web/msgpack.js) reads and writes the same bytes as the Python codec.

The vectors are made here, by the Python codec (``grundy.protocol.codec``), from values of every
msgpack format the protocol can carry and from real protocol messages; node's test runner then
checks the page's codec against them.  Without node the test is skipped (it fails in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import msgpack
import pytest

from grundy import protocol as p
from grundy.protocol.codec import encode

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


def _tagged(v: Any) -> tuple[Any, bool]:
    """JSON for ``v`` (binary and big integers tagged) and whether the page encodes it to the same bytes.

    Floats with an integral value are the one difference: JavaScript has one number type, so the
    page writes 2.0 as the integer 2 (the server's models accept an integer for a float field).
    """
    if isinstance(v, bytes):
        return {"$bin": v.hex()}, True
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v, True
    if isinstance(v, int):
        return ({"$big": str(v)}, True) if abs(v) > 2**53 - 1 else (v, True)
    if isinstance(v, float):
        return v, not v.is_integer()
    if isinstance(v, list):
        items = [_tagged(x) for x in v]
        return [x for x, _ in items], all(ok for _, ok in items)
    items = {k: _tagged(x) for k, x in v.items()}
    return {k: x for k, (x, _) in items.items()}, all(ok for _, ok in items.values())


VALUES: list[tuple[str, Any]] = [
    ("nil", None),
    ("true", True),
    ("false", False),
    *((f"int {n}", n) for n in (0, 1, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**53 - 1)),
    *((f"int {n}", n) for n in (-1, -32, -33, -128, -129, -32768, -32769, -(2**31), -(2**31) - 1, -(2**53) + 1)),
    ("uint64 beyond 2^53", 2**63 + 5),
    ("int64 below -2^53", -(2**60)),
    ("float", 0.5),
    ("float negative", -1234.5678),
    ("float integral", 300.0),
    ("empty string", ""),
    ("fixstr", "nim"),
    ("utf-8", "Zoë ♚ 五目並べ 🙂"),
    ("str8", "x" * 40),
    ("str16", "y" * 300),
    ("str32", "z" * 70000),
    ("bin8", b"\x00\x01\xff"),
    ("bin16", bytes(range(256)) * 2),
    ("fixarray", [1, "a", None]),
    ("array16", list(range(20))),
    ("array32", [0] * 70000),
    ("fixmap", {"a": 1, "b": [True, False]}),
    ("map16", {f"k{i}": i for i in range(20)}),
    ("nested", {"view": {"board": ["...", ".X."], "cells": [None, 0, "m"]}, "clocks": [12.5, 299.25]}),
]
MESSAGES = [
    p.Hello(versions=[1], name="Ann", client="grundy-web/0.1", ref=1),
    p.Move(room="r1", ply=3, move="2:1", ref="m-3"),
    p.CreateRoom(
        game="nim",
        params={"heaps": "1,2"},
        time_control=p.TimeControl(initial_s=180, increment_s=2),
        seats=[p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="easy")],
        seat=0,
    ),
    p.Welcome(
        version=1,
        session="s1",
        token="t" * 40,
        name="Ann",
        limits=p.Limits(max_frame_bytes=65536, max_rooms=8, requests_per_s=20.0),
    ),
    p.MoveMade(
        room="r1", ply=0, seat=0, move="h8", turn=1, clocks=[299.5, 300.0], server_time=1.7e9, view={"last": "h8"}
    ),
    p.Analysis(room="r1", kind="hint", ply=0, hint="2:1 (wins in 2)"),
]
BAD = [
    ("a truncated string", "a3616263"[:-2]),
    ("an ext type", "d40100"),
    ("bytes left over", "c0c0"),
    ("a reserved byte", "c1"),
    ("a map with an integer key", "810102"),
    ("an array longer than the frame", "dd7fffffff"),
]


def vectors() -> dict[str, Any]:
    values = []
    for name, v in VALUES:
        tagged, same = _tagged(v)
        values.append({"name": name, "value": tagged, "hex": msgpack.packb(v, use_bin_type=True).hex(), "encode": same})
    for msg in MESSAGES:
        frame = encode(msg)
        tagged, same = _tagged(msgpack.unpackb(frame, raw=False))
        values.append({"name": f"message {msg.type}", "value": tagged, "hex": frame.hex(), "encode": same})
    return {"values": values, "bad": [{"name": n, "hex": h} for n, h in BAD]}


def test_the_vectors_cover_both_directions():
    v = vectors()
    both = {x["name"] for x in v["values"] if x["encode"]}
    assert {name for name, _ in VALUES} - both == {"float integral"}
    assert {"message hello", "message move", "message analysis"} <= both
    assert any(x["name"] == "message welcome" for x in v["values"])


def test_the_page_codec_matches_the_python_codec(tmp_path: Path):
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's codec")
        pytest.skip("node is not installed: the page's codec is not checked here")
    path = tmp_path / "vectors.json"
    path.write_text(json.dumps(vectors()), encoding="utf-8")
    out = subprocess.run(
        [NODE, "--test", "--test-reporter=spec", str(HERE / "codec.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "GRUNDY_VECTORS": str(path)},
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "# fail 0" in out.stdout or "fail 0" in out.stdout
