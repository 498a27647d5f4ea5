"""A bare relay: the ceiling a grundy node is measured against in ``bench/load.py``.

A websockets server (same library, settings and event loop as the node) that decodes each
frame, validates one pydantic model (the protocol's ``Move``) and broadcasts the move to
everyone in the room, as one ``move_made`` map encoded once: no sessions, no rules, no store.

    python -m bench.relay --port 9000

A connection's first frame names its room: ``{"type": "join", "room": ID}``.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import signal

import msgpack
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from grundy.protocol import Move


class Relay:
    """Rooms as sets of connections."""

    def __init__(self) -> None:
        self.rooms: dict[str, set[ServerConnection]] = {}

    async def handler(self, ws: ServerConnection) -> None:
        room: set[ServerConnection] | None = None
        try:
            first = msgpack.unpackb(await ws.recv())
            room = self.rooms.setdefault(str(first["room"]), set())
            room.add(ws)
            await ws.send(msgpack.packb({"type": "joined", "room": first["room"]}))
            async for frame in ws:
                move = Move.model_validate(msgpack.unpackb(frame))
                data = msgpack.packb(
                    {"type": "move_made", "room": move.room, "ply": move.ply, "seat": move.ply % 2, "move": move.move}
                )
                for peer in list(room):
                    try:
                        await peer.send(data)
                    except ConnectionClosed:
                        room.discard(peer)
        except ConnectionClosed:
            pass
        finally:
            if room is not None:
                room.discard(ws)


async def run(host: str, port: int) -> None:
    relay = Relay()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with serve(
        relay.handler,
        host,
        port,
        max_size=256 * 1024,
        max_queue=16,
        compression=None,
        ping_interval=20,
        ping_timeout=20,
        close_timeout=5,
    ) as server:
        print(f"relay on ws://{host}:{server.sockets[0].getsockname()[1]}/", flush=True)
        await stop.wait()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=9000)
    args = ap.parse_args(argv)
    _raise_open_files()
    try:
        import uvloop
    except ImportError:
        asyncio.run(run(args.host, args.port))
    else:
        uvloop.run(run(args.host, args.port))


def _raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


if __name__ == "__main__":
    main()
