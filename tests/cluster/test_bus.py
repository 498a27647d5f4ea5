"""The bus between nodes: what goes to one node's inbox in one loop turn goes in one publication, in order."""

from __future__ import annotations

import asyncio

import msgpack

from grundy.server.cluster.bus import Bus


async def test_a_loop_turns_envelopes_for_a_node_go_in_one_publication_in_order(redis_server) -> None:
    heard: list[list[object]] = []
    receiver = Bus(
        redis_server.url, "inbox:b", lambda data: heard.append(msgpack.unpackb(data)), lambda s, d: None, "to:"
    )
    sender = Bus(redis_server.url, "inbox:a", lambda data: None, lambda s, d: None, "to:")
    await receiver.start()
    await sender.start()
    try:
        sender.to_inbox("inbox:b", ["f", "s-1", b"one"])
        sender.to_inbox("inbox:b", ["req", "s-2", "Bob", "human", b"move", 0, "a"])
        sender.to_inbox("inbox:b", ["f", "s-1", b"two"])
        sender.publish("inbox:b", msgpack.packb(["presence", "s-3", "Cy", "human", "r-1", "gone", "a"]))
        sender.to_inbox("inbox:b", ["f", "s-1", b"three"])  # (after something else: a publication of its own)
        await sender.drain()
        assert sender.publisher.published == 3  # three PUBLISH commands for five envelopes
        deadline = asyncio.get_running_loop().time() + 5
        while len(heard) < 3:
            assert asyncio.get_running_loop().time() < deadline, heard
            await asyncio.sleep(0.01)
        assert heard == [
            ["batch", ["f", "s-1", b"one"], ["req", "s-2", "Bob", "human", b"move", 0, "a"], ["f", "s-1", b"two"]],
            ["presence", "s-3", "Cy", "human", "r-1", "gone", "a"],
            ["f", "s-1", b"three"],  # (one envelope alone goes as it is)
        ]
    finally:
        await sender.close()
        await receiver.close()
