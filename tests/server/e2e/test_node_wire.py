"""`grundy serve` on the native wire path and on its pure-Python twin: the same frames out for the same frames in.

Three real node processes play one script over real sockets, one in each ``GRUNDY_NATIVE`` mode
(server/native.py): ``room`` (the native wire and room), ``wire`` (the native wire, every move
through the Python room) and ``off`` (all Python).  The
script: a game of subtraction with moves accepted and refused (turn, ply, rules), then frames
that are not valid requests (bad msgpack, not a map, fields out of bounds, unknown fields, a
text frame, a frame over the size limit and one far over it), then the game played to its end
with plain moves (the native room's) and refusals between them.  Every frame each connection
receives, and how each connection is closed, must be the same on all three, up to the ids and
times the node makes up.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.server.e2e.test_node_process import ROOT, free_port
from tests.server.e2e.wsclient import health

pytest.importorskip("_grundy_wire", reason="the native wire path is not built (pip install -e .)")

TIMEOUT = 20.0


class Peer:
    """A raw connection that keeps every frame it receives, decoded."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.got: list[Any] = []
        self.closed: tuple[int | None, str] | None = None
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                self.got.append(msgpack.unpackb(frame) if isinstance(frame, bytes) else ("text", frame))
        except ConnectionClosed:
            pass
        rcvd = self.ws.protocol.close_rcvd
        self.closed = (rcvd.code, rcvd.reason) if rcvd is not None else (None, "")

    async def send(self, data: bytes | str | dict[str, Any]) -> None:
        await self.ws.send(msgpack.packb(data) if isinstance(data, dict) else data)

    async def send_together(self, *messages: dict[str, Any]) -> None:
        """Several binary frames in one write (the node reads them in one go: the native reader takes the
        leading plain moves and the Python reader the rest, in order)."""
        out = b""
        for message in messages:
            payload = msgpack.packb(message)
            assert len(payload) < 126
            mask = os.urandom(4)
            out += bytes((0x82, 0x80 | len(payload))) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.ws.transport.write(out)

    async def wait_for(self, check: Any, since: int = 0) -> dict[str, Any]:
        """The first message from the ``since``-th on that passes ``check``."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for msg in self.got[since:]:
                if isinstance(msg, dict) and check(msg):
                    return msg
            await asyncio.sleep(0.01)
        raise AssertionError(f"no such message; got {self.got}")

    async def answer(self, ref: Any) -> dict[str, Any]:
        return await self.wait_for(lambda m: m.get("ref") == ref)


async def script(port: int) -> dict[str, Any]:
    """Play the script against the node on ``port``; every connection's frames and close, made comparable."""
    url = f"ws://127.0.0.1:{port}/"
    ann, bob, eve = [Peer(await connect(url, max_size=None)) for _ in range(3)]
    for peer, name in ((ann, "Ann"), (bob, "Bob"), (eve, "Eve")):
        await peer.send({"type": "hello", "versions": [1], "name": name, "ref": name})
        await peer.answer(name)
    await ann.send(
        {"type": "create_room", "game": "subtraction", "params": {"n": 10, "take": "1,2"}, "seat": 0, "ref": 1}
    )
    room = (await ann.answer(1))["room"]
    await bob.send({"type": "join", "room": room, "seat": 1, "ref": 2})
    await bob.wait_for(lambda m: m.get("type") == "room_state" and m.get("status") == "playing")
    await ann.wait_for(lambda m: m.get("type") == "room_state" and m.get("status") == "playing")

    def move(ply: int, text: str, *ref: Any, **extra: Any) -> dict[str, Any]:
        return {"type": "move", "room": room, "ply": ply, "move": text, **({"ref": ref[0]} if ref else {}), **extra}

    steps: list[tuple[Peer, bytes | str | dict[str, Any] | list[dict[str, Any]], Any]] = [
        (ann, move(0, "1", 10), 10),  # accepted
        (ann, move(1, "1", 11), 11),  # not ann's turn
        (bob, move(0, "1", 12), 12),  # a stale ply
        (bob, move(1, "3", 13), 13),  # against the rules
        (bob, move(1, "x" * 65, 14), 14),  # a move text over its bound
        (bob, {**move(1, "1", 15), "room": "r" * 65}, 15),  # a room id over its bound
        (bob, move(1, "", 16), 16),  # an empty move text
        (bob, move(-1, "1", 17), 17),  # a negative ply
        (bob, move(1, "1", 18, extra=1), 18),  # an unknown field
        (bob, {**move(1, "1", 19), "ply": True}, 19),  # a ply that is not an integer
        (bob, move(1, "1", "q" * 65), None),  # a ref over its bound: answered without it
        (bob, b"\xc1", None),  # not msgpack
        (bob, msgpack.packb([1, 2]), None),  # not a map
        (bob, msgpack.packb(move(1, "1", 20)) + b"\x00", 20),  # data after the map
        (bob, "a text frame", None),
        (bob, msgpack.packb(move(1, "1", 21, pad="p" * 70_000)), 21),  # over the size limit: too_large
        (bob, move(1, "2", "last"), "last"),  # accepted
        # In one write: accepted (a plain move: the native room's, where it runs), then not ann's turn.
        (ann, [move(2, "2", 30), move(3, "1", 31)], 31),
        (bob, [move(2, "1", 32), move(3, "3", 33)], 33),  # in one write: a stale ply, then against the rules
        (bob, move(3, " 1", 34), 34),  # accepted, its text made normal
        (ann, move(4, "2"), None),  # accepted, without a ref
        (bob, move(5, "1", -5), -5),  # accepted
        (ann, move(6, "1", "é"), "é"),  # accepted: the game ends (heap 0)
        (bob, move(7, "1", 35), 35),  # the game is over
    ]
    for peer, data, ref in steps:
        before = len(peer.got)
        if isinstance(data, list):
            await peer.send_together(*data)
            for message in data[:-1]:
                await peer.answer(message["ref"])
        else:
            await peer.send(data)
        if ref is not None:
            await peer.answer(ref)
        elif isinstance(data, dict) and data.get("type") == "move" and "ref" not in data:
            ply = data["ply"]
            await peer.wait_for(lambda m, ply=ply: m.get("type") == "move_made" and m["ply"] == ply, since=before)
        else:
            await peer.wait_for(lambda m: m.get("type") == "error", since=before)
    await ann.wait_for(lambda m: m.get("type") == "game_over")
    await eve.send(msgpack.packb({"type": "ping", "pad": "p" * 300_000}))  # far over the limit: closed (1009)
    await asyncio.wait_for(eve.reader, TIMEOUT)
    # What arrives while the two close (a player_status of the one that closed first, or not) depends on
    # timing, not on the wire path: only the frames before the closes are compared.
    kept = {id(peer): len(peer.got) for peer in (ann, bob)}
    for peer in (ann, bob):
        await peer.ws.close()
        await peer.reader
        del peer.got[kept[id(peer)] :]
    ids: dict[str, str] = {room: "ROOM"}
    for peer, name in ((ann, "Ann"), (bob, "Bob"), (eve, "Eve")):
        welcome = peer.got[0]
        ids[welcome["session"]] = f"SESSION-{name}"
        ids[welcome["token"]] = f"TOKEN-{name}"
    return {name: (normal(peer.got, ids), peer.closed) for name, peer in (("ann", ann), ("bob", bob), ("eve", eve))}


def normal(value: Any, ids: dict[str, str]) -> Any:
    """``value`` with the node's own ids named and its clock readings blanked."""
    if isinstance(value, dict):
        return {k: "TIME" if k in ("server_time", "created_at", "at") else normal(v, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [normal(v, ids) for v in value]
    if isinstance(value, float):
        return "FLOAT"
    if isinstance(value, str):
        for old, new in ids.items():
            value = value.replace(old, new)
    return value


async def serve(tmp_path: Path, name: str, pure: str) -> tuple[asyncio.subprocess.Process, int]:
    """A node; ``pure``: "" (the native path), "room" (the Python room on the native wire) or "wire" (all Python)."""
    port = free_port()
    env = {**os.environ, "GRUNDY_NATIVE": {"": "room", "room": "wire", "wire": "off"}[pure]}
    log = open(tmp_path / f"{name}.log", "ab")  # noqa: SIM115 - the child writes to it until it exits
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "grundy.cli.main", "serve", "--port", str(port), "--db", str(tmp_path / f"{name}.db"),
        "--workers", "1", cwd=ROOT, stdout=log, stderr=log, env=env,
    )  # fmt: skip
    log.close()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.returncode is None, (tmp_path / f"{name}.log").read_text()
        try:
            if (await asyncio.to_thread(health, port))[0] == 200:
                return proc, port
        except OSError:
            pass
        await asyncio.sleep(0.1)
    raise AssertionError(f"grundy serve did not come up: {(tmp_path / f'{name}.log').read_text()}")


async def test_the_native_and_the_pure_wire_paths_answer_every_frame_alike(tmp_path: Path) -> None:
    transcripts = {}
    for name, pure in (("native", ""), ("pure-room", "room"), ("pure", "wire")):
        proc, port = await serve(tmp_path, name, pure)
        try:
            transcripts[name] = await script(port)
        finally:
            proc.terminate()
            await proc.wait()
    native = transcripts["native"]
    for who in ("ann", "bob", "eve"):
        assert native[who] == transcripts["pure-room"][who], who
        assert native[who] == transcripts["pure"][who], who
    bob_frames, bob_closed = native["bob"]
    codes = [m["code"] for m in bob_frames if isinstance(m, dict) and m.get("type") == "error"]
    assert codes == [
        "stale_ply",
        "illegal_move",
        "bad_message",
        "bad_message",
        "bad_message",
        "bad_message",
        "bad_message",
        "bad_message",
        "bad_message",
        "bad_frame",
        "bad_frame",
        "bad_frame",
        "bad_frame",
        "too_large",
        "stale_ply",
        "illegal_move",
        "game_over",
    ], bob_frames
    ann_codes = [m["code"] for m in native["ann"][0] if isinstance(m, dict) and m.get("type") == "error"]
    assert ann_codes == ["not_your_turn", "not_your_turn"]
    made = [(m["ply"], m["move"], m["ref"]) for m in bob_frames if isinstance(m, dict) and m.get("type") == "move_made"]
    assert made == [
        (0, "1", None),
        (1, "2", "last"),
        (2, "2", None),
        (3, "1", 34),
        (4, "2", None),
        (5, "1", -5),
        (6, "1", None),
    ]
    assert [m["type"] for m in bob_frames if isinstance(m, dict)][-2:] == ["game_over", "error"]
    assert native["eve"][1][0] == 1009
