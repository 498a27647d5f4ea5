"""The page resumes on another node when its own is killed: two `grundy serve --redis` processes on a
redis-server started by the test, a page on the first, its opponent on the second.

The page learns the cluster's nodes from its welcome (``welcome.nodes``); when its node gets ``kill -9``
the page's link tries them in turn, resumes its session on the other node (same session, same seat, the
room's moves), and the game goes on there.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from grundy import protocol as p
from tests.cluster.procs import NodeProcess
from tests.cluster.redisproc import RedisServer, have_redis
from tests.cluster.test_client_failover import _knows
from tests.server.e2e.wsclient import Client
from tests.web.test_browser import WAIT_MS, status

# Without redis-server the test is skipped, except in CI (.ci/run installs it), where it must run.
pytestmark = pytest.mark.skipif(
    not have_redis() and os.environ.get("CI") != "true", reason="redis-server is not installed"
)


@pytest_asyncio.fixture(loop_scope="session")  # (the loop of the web tests: tests/web/conftest.py)
async def cluster(tmp_path: Path) -> AsyncIterator[tuple[NodeProcess, NodeProcess]]:
    (tmp_path / "redis").mkdir()
    redis = RedisServer(tmp_path / "redis", aof=False).start()
    started: list[NodeProcess] = []
    try:
        starts = [NodeProcess.start(redis.url, tmp_path, node_id) for node_id in ("n1", "n2")]
        for node in await asyncio.gather(*starts, return_exceptions=True):
            if isinstance(node, NodeProcess):
                started.append(node)
            else:
                raise node
        yield started[0], started[1]
    finally:
        for node in started:
            await node.stop()
        redis.stop()


async def nim_room_in_a_page(
    browser: Any, node: NodeProcess, name: str, heaps: str, clock: str = ""
) -> tuple[Any, Any, list[str]]:
    """A page on ``node`` where ``name`` created a nim room with an open seat (``clock``: the page's clock choice,
    "" untimed): the browser's context, the page, and the page's errors."""
    context = await browser.new_context(viewport={"width": 1100, "height": 850})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(f"http://127.0.0.1:{node.port}/")
    await page.fill("#name", name)
    await page.click("#name-go")
    await page.wait_for_selector("#lobby-view:not([hidden])", timeout=WAIT_MS)
    await page.select_option("#game", "nim")
    await page.fill('[data-param="heaps"]', heaps)
    await page.select_option("#clock", clock)
    await page.select_option("#opponent", "open")
    await page.click("#create")
    await page.wait_for_selector("#room-view:not([hidden])", timeout=WAIT_MS)
    return context, page, errors


async def record_link_status(page: Any) -> None:
    """From now on every text of the page's link status line is kept in ``window.linkSaid``."""
    await page.evaluate(
        """() => {
          window.linkSaid = [];
          const line = document.getElementById('link-status');
          new MutationObserver(() => window.linkSaid.push(line.textContent)).observe(
            line, {childList: true, characterData: true, subtree: true});
        }"""
    )


async def _two_moves_in(browser: Any, one: NodeProcess, two: NodeProcess) -> tuple[Any, Any, list[str], Client, str]:
    """A page on ``one`` (Ann) playing nim against Bob on ``two``, two moves made, Ann to move: the browser's
    context, the page, the page's errors, Bob and the room."""
    await _knows(one, two)  # (so the page's welcome names both)
    context, page, errors = await nim_room_in_a_page(browser, one, "Ann", "3,4,5")
    bob = await Client.hello(two.url, "Bob")
    rooms = await bob.request(p.ListRooms(game="nim"), p.Rooms)
    room = next(r.room for r in rooms.rooms if r.status == "waiting")
    await bob.request(p.Join(room=room), p.RoomState)
    await status(page, "your move")
    await page.click('#board [data-move="1:1"]', timeout=WAIT_MS)
    await bob.expect(p.MoveMade, ply=0, room=room)
    await bob.request(p.Move(room=room, ply=1, move="2:1"), p.MoveMade)
    await status(page, "your move")
    return context, page, errors, bob, room


async def test_a_page_whose_node_is_killed_resumes_on_another_node_and_plays_on(browser: Any, cluster) -> None:
    one, two = cluster
    context, page, errors, bob, room = await _two_moves_in(browser, one, two)
    try:
        session = await page.evaluate("sessionStorage.getItem('grundy.token')")

        one.kill()  # kill -9: no goodbye; the page knows of n2 from its welcome
        await page.locator("#link-status", has_text="reconnecting").wait_for(timeout=WAIT_MS)
        deadline = time.monotonic() + 30
        while True:  # (n2 takes the room over once n1's lease lapses; until then a move may be refused)
            await status(page, "your move")
            await page.click('#board [data-move="3:1"]', timeout=WAIT_MS)
            try:
                made = await bob.expect(p.MoveMade, ply=2, room=room, timeout=3)
                break
            except (TimeoutError, AssertionError):
                assert time.monotonic() < deadline, "the page's move never reached the other node"
        assert made.seat == 0 and made.move == "3:1"
        assert await page.evaluate("sessionStorage.getItem('grundy.token')") == session  # the same session
        assert await page.evaluate("document.getElementById('link-status').textContent") == ""
        await bob.request(p.Move(room=room, ply=3, move="3:1"), p.MoveMade)
        # The page hears the room from n2: heaps 2, 3, 3 and its move.  (Its status line alone may still
        # say "your move" from before its own move came back, so the heaps are waited for.)
        await page.wait_for_function(
            """() => [...document.querySelectorAll('#board .heap-count')].map(e => e.textContent).join(',')
                     === '2,3,3'""",
            timeout=WAIT_MS,
        )
        await status(page, "your move")
        assert await page.locator('#board [data-move="3:1"]').count() == 1  # (heap 3 has 3 left of 5)
        await bob.request(p.Resign(room=room), p.GameOver)
        assert "won" in await status(page, "won")
        assert errors == []
    finally:
        await bob.close()
        await context.close()


async def test_a_page_on_a_stopping_node_moves_to_another_without_a_break(browser: Any, cluster) -> None:
    """SIGTERM to the page's node: the node hands the room over and says `node_leaving`; the page resumes on
    the other node before its old link closes, so it never shows a lost link, and the game goes on."""
    one, two = cluster
    context, page, errors, bob, room = await _two_moves_in(browser, one, two)
    try:
        session = await page.evaluate("sessionStorage.getItem('grundy.token')")
        await record_link_status(page)

        one.proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(one.proc.wait(), 30) == 0
        log = one.log.read_text()
        assert "told to move to" in log and "0 still here" in log, log  # (the page moved before the grace ran out)
        await status(page, "your move")
        await page.click('#board [data-move="3:1"]', timeout=WAIT_MS)
        made = await bob.expect(p.MoveMade, ply=2, room=room, timeout=15)
        assert made.seat == 0 and made.move == "3:1"
        assert await page.evaluate("sessionStorage.getItem('grundy.token')") == session  # the same session
        said = await page.evaluate("window.linkSaid")
        assert not any("reconnecting" in line for line in said), said  # never cut off
        await bob.request(p.Resign(room=room), p.GameOver)
        assert "won" in await status(page, "won")
        assert errors == []
    finally:
        await bob.close()
        await context.close()
