"""The native wire path against its pure-Python twin, per move: frames read, a move decoded, frames written.

    python bench/wire.py [--number 200000] [--repeat 5]

In-process timings (best of ``--repeat``) of what the node does with each move's bytes on the
wire (server/native.py): reading the client's frame from a read of the socket (one frame a
read, as under load, and ten), decoding it into a ``Move``, and framing the two ``move_made``
the move sends.  Both paths are called directly, so one run compares them on the same machine.

Then the room's part of a plain move (server/native.py), a game of subtraction played on:
the native room (``try_move``: the frame checked and both ``move_made`` packed; the Python room
moved on by ``Room.with_plain_moves`` every ``MAX_UNFOLDED`` moves, as a node does) against the Python room (the
move decoded, ``Room.handle``, both ``move_made`` encoded), without the store and the sockets,
which both paths share.
"""

from __future__ import annotations

import argparse
import os
import timeit

import msgpack

from grundy.protocol import codec
from grundy.server import transport
from grundy.server.actor import _encode
from grundy.server.native import MAX_UNFOLDED, Native
from grundy.server.room import Join, Move, Room, event_from_message
from grundy.server.stored import StoredMove

MOVE = {"type": "move", "room": "k3xq9v2m", "ply": 1234, "move": "2"}
MOVE_MADE = {
    "type": "move_made", "ref": None, "room": "k3xq9v2m", "ply": 1234, "seat": 0, "move": "2", "turn": 1,
    "clocks": None, "server_time": 1795000000.123, "view": {"n": 997531, "take": [1, 2]}, "legal_moves": None,
}  # fmt: skip


def client_frame(payload: bytes) -> bytes:
    mask = b"\x11\x22\x33\x44"
    return bytes((0x82, 0x80 | len(payload))) + mask + bytes(b ^ mask[i & 3] for i, b in enumerate(payload))


def best(fn: object, number: int, repeat: int) -> float:
    """Microseconds per call, best of ``repeat``."""
    return 1e6 * min(timeit.repeat(fn, number=number, repeat=repeat)) / number  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--number", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    native = Native("room")
    if not native.wire:
        raise SystemExit("the native wire path is not built (pip install -e .)")
    payload = msgpack.packb(MOVE)
    one = client_frame(payload)
    ten = one * 10
    out = msgpack.packb(MOVE_MADE)
    limit = 256 * 1024
    rows = [
        ("read one frame (a read holding one)", lambda: native.scan_frames(one, limit),  # type: ignore[misc]
         lambda: transport._scan_frames(one, limit), 1),
        ("read ten frames (a read holding ten), per frame", lambda: native.scan_frames(ten, limit),  # type: ignore[misc]
         lambda: transport._scan_frames(ten, limit), 10),
        ("decode a move", lambda: native.decode_move(payload, limit), lambda: codec.decode_client(payload), 1),
        ("frame a move_made", lambda: native.binary_frame(out), lambda: transport._binary_frame(out), 1),  # type: ignore[misc]
    ]  # fmt: skip
    n, r = args.number, args.repeat
    print(f"per call, best of {r} x {n:,} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    print("| step | native µs | pure µs | pure ÷ native |")
    print("|---|---:|---:|---:|")
    total_native = total_pure = 0.0
    for name, fast, slow, per in rows:
        a, b = best(fast, n, r) / per, best(slow, n, r) / per
        print(f"| {name} | {a:.2f} | {b:.2f} | {b / a:.1f} |")
        if per == 1:
            weight = 2 if name.startswith("frame") else 1  # two move_made frames a move
            total_native += weight * a
            total_pure += weight * b
    print(f"| a move (one frame read, decoded, two written) | {total_native:.2f} | {total_pure:.2f} "
          f"| {total_pure / total_native:.1f} |")  # fmt: skip
    if native.room:
        a, b = room_moves(native, min(n, 50_000), r)
        print()
        print("| the room's part of a plain move | native room µs | Python room µs | Python ÷ native |")
        print("|---|---:|---:|---:|")
        print(f"| checked, two move_made packed, the room moved on | {a:.2f} | {b:.2f} | {b / a:.1f} |")


def _started() -> Room:
    room, _ = Room.create("k3xq9v2m", "subtraction", 0.0, params={"n": 10**9, "take": "1,2"})
    room, _ = room.handle(Join("s0", "Ann", 1.0))
    room, _ = room.handle(Join("s1", "Bob", 1.0))
    room, _ = room.handle(Move("s0", 0, "1", 2.0))
    return room


def room_moves(native: Native, number: int, repeat: int) -> tuple[float, float]:
    """Microseconds per plain move (best of ``repeat`` games of ``number`` moves): the native room, the Python room."""
    frames = [msgpack.packb({**MOVE, "ply": ply, "move": "2", "ref": ply}) for ply in range(1, number + 1)]
    native_best = python_best = float("inf")
    for _ in range(repeat):
        room = _started()
        fast = native.room_twin(room.id, None)
        fast.load(*Native.terms(room))
        t0 = timeit.default_timer()
        unfolded = []
        for i, frame in enumerate(frames, start=1):
            session = "s1" if i % 2 else "s0"
            _, seat, ply, text, _ref, _m0, _m1 = native.try_move(frame, 65536, session, 3.0)  # type: ignore[misc]
            fast.resume(ply)
            unfolded.append(StoredMove(ply, seat, text, 3.0))
            if len(unfolded) == MAX_UNFOLDED:
                room = room.with_plain_moves(unfolded, frozenset())
                unfolded = []
        room = room.with_plain_moves(unfolded, frozenset())
        native_best = min(native_best, timeit.default_timer() - t0)
        assert room.ply == number + 1
        room = _started()
        t0 = timeit.default_timer()
        for i, frame in enumerate(frames, start=1):
            msg = codec.decode_client(frame)
            room, effects = room.handle(event_from_message(msg, "s1" if i % 2 else "s0", 3.0))
            _encode(effects[1].message)
            _encode(effects[2].message)
        python_best = min(python_best, timeit.default_timer() - t0)
        assert room.ply == number + 1
    return 1e6 * native_best / number, 1e6 * python_best / number


if __name__ == "__main__":
    main()
