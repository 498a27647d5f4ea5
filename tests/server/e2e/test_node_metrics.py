"""``GET /metrics`` over real sockets: a game played over websockets moves the node's counters.

Run against one node and against the two-node cluster (the players then sit on different
nodes and the room runs on one of them): the figures are summed over the nodes, so each test
asserts what the cluster as a whole counted.
"""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, Scraped, nim_table, scrape, url


async def _scrape_all(node: Node) -> Scraped:
    """Every node's metrics (one node, or both of the cluster's), each sample summed over them."""
    total = Scraped()
    for one in [node, *getattr(node, "peers", [])]:
        assert one.port is not None
        for key, value in (await asyncio.to_thread(scrape, one.port)).items():
            total[key] = total.get(key, 0.0) + value
    return total


def _bucket_counts(m: Scraped, name: str, **labels: str) -> list[tuple[float, float]]:
    """A histogram's cumulative buckets, by their bound."""
    want = set(labels.items())
    found = [(float(dict(ls)["le"]), v) for (n, ls), v in m.items() if n == name + "_bucket" and want <= ls]
    return sorted(found)


async def test_a_game_moves_the_counters_the_rooms_the_errors_and_the_request_latencies(node: Node) -> None:
    before = await _scrape_all(node)
    assert before.get_value("grundy_moves_accepted_total") == 0
    ann, bob, room = await nim_table(node, [1, 2])

    playing = await _scrape_all(node)
    assert playing.get_value("grundy_rooms", state="playing") == 1
    assert playing.get_value("grundy_rooms", state="finished") == 0
    assert playing.total("grundy_connections") >= 2 and playing.total("grundy_sessions_connected") >= 2

    # A refusal by the room, and one by the lobby: each counted under its code.
    assert (await ann.error(p.Move(room=room, ply=0, move="7:1"))).code == ErrorCode.ILLEGAL_MOVE
    assert (await bob.error(p.Move(room=room, ply=0, move="1:1"))).code == ErrorCode.NOT_YOUR_TURN
    assert (await bob.error(p.CreateRoom(game="chess"))).code == ErrorCode.UNKNOWN_GAME
    # nim 1,2: three moves to the end.
    await ann.request(p.Move(room=room, ply=0, move="2:1"), p.MoveMade)
    await bob.request(p.Move(room=room, ply=1, move="1:1"), p.MoveMade)
    await ann.request(p.Move(room=room, ply=2, move="2:1"), p.MoveMade)
    await ann.expect(p.GameOver, room=room)

    after = await _scrape_all(node)
    assert after.get_value("grundy_moves_accepted_total") - before.get_value("grundy_moves_accepted_total") == 3
    assert after.get_value("grundy_rooms", state="finished") == 1
    assert after.get_value("grundy_rooms", state="playing") == 0
    for code in ("illegal_move", "not_your_turn", "unknown_game"):
        seen = after.get_value("grundy_errors_total", code=code) - before.get_value("grundy_errors_total", code=code)
        assert seen == 1, code
    assert after.get_value("grundy_errors_total", code="internal") == 0

    # Every request answered was timed, by its type: five moves (three accepted, two refused), the hellos.
    moves = after.get_value("grundy_request_seconds_count", type="move")
    assert moves >= 5
    assert after.get_value("grundy_request_seconds_count", type="hello") >= 2
    assert after.get_value("grundy_request_seconds_count", type="create_room") >= 2
    buckets = _bucket_counts(after, "grundy_request_seconds", type="move")
    assert buckets[-1] == (float("inf"), moves) and [v for _, v in buckets] == sorted(v for _, v in buckets)
    assert after.get_value("grundy_request_seconds_sum", type="move") > 0
    # The rooms' writes went through the store, timed.
    assert after.get_value("grundy_store_write_seconds_count") >= 3
    await ann.close()
    await bob.close()


async def test_the_metrics_page_is_plain_text_read_only_and_not_a_websocket(node: Node) -> None:
    base = f"http://127.0.0.1:{node.port}/metrics"

    def fetch(method: str) -> tuple[int, str, bytes]:
        req = urllib.request.Request(base, method=method)
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return r.status, r.headers["Content-Type"], r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers["Content-Type"], e.read()

    status, kind, body = await asyncio.to_thread(fetch, "GET")
    assert status == 200 and kind.startswith("text/plain; version=0.0.4")
    assert b"# TYPE grundy_moves_accepted_total counter" in body
    assert b"# TYPE process_cpu_seconds_total counter" in body
    status, _, body = await asyncio.to_thread(fetch, "HEAD")
    assert status == 200 and body == b""
    status, _, _ = await asyncio.to_thread(fetch, "POST")
    assert status == 405
    # A websocket to the same path is still a game connection.
    c = await Client.open(url(node).rstrip("/") + "/metrics")
    assert (await c.request(p.Hello(versions=[1], name="Ann"), p.Welcome)).name == "Ann"
    await c.close()


async def test_two_nodes_in_one_process_keep_their_own_figures(make_node) -> None:  # type: ignore[no-untyped-def]
    first = await make_node()
    second = await make_node(db=str(first.config.db) + "-second")
    ann = await Client.hello(f"ws://127.0.0.1:{first.port}/", "Ann")
    assert (await ann.error(p.CreateRoom(game="chess"))).code == ErrorCode.UNKNOWN_GAME
    one = await asyncio.to_thread(scrape, first.port)
    other = await asyncio.to_thread(scrape, second.port)
    assert one.get_value("grundy_errors_total", code="unknown_game") == 1
    assert other.get_value("grundy_errors_total", code="unknown_game") == 0
    assert one.get_value("grundy_connections") == 1 and other.get_value("grundy_connections") == 0
    await ann.close()
