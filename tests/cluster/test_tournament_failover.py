"""`grundy tournament --server A,B`: the run, and a player it started, go on on B when A shuts down mid-run.

Two cluster nodes in this process on a redis-server of the test's own; the command is a process of its
own, and so is its `cmd:` player (an SDK bot, given both nodes by the command).  A stops (as on
SIGTERM or `grundy admin drain`) while the tournament runs: the organiser's connection and the
player's resume on B, the tournament and its games go on there, and the command ends with every game
played.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.cli.test_tournament_cli import ROOT, table
from tests.server.e2e.conftest import url

SLOW_BOT = '''
import time
from grundy.client.sdk import Bot

class Slow(Bot):
    """Takes its time: the first legal move after a pause."""

    def choose(self, view):
        time.sleep(0.2)
        return view.legal_moves[0]

raise SystemExit(Slow().main())
'''


async def test_a_tournament_run_goes_on_on_the_other_node_when_its_node_stops(make_cluster_node, tmp_path: Path):
    a, b = await make_cluster_node(), await make_cluster_node()
    bot = tmp_path / "slow_bot.py"
    bot.write_text(SLOW_BOT)
    command = [sys.executable, "-m", "grundy.cli.main", "tournament", "nim", "--set", "heaps=3,4,5",
               "--server", f"{url(a)},{url(b)}", "--player", f"cmd:{bot}", "--player", "bot:random",
               "--games", "2"]  # fmt: skip
    proc = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT
    )
    try:
        assert proc.stdout is not None
        seen = ""
        while "1/2 games" not in seen:  # (the live table counts the games played)
            line = await asyncio.wait_for(proc.stdout.readline(), 60)
            assert line, f"the command ended early: {seen}"
            seen += line.decode()
        await a.shutdown()
        out, err = await asyncio.wait_for(proc.communicate(), 90)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode == 0, err.decode()
    assert "2/2 games" in out.decode()  # (the games after A stopped, played and counted)
    rows = table(seen + out.decode())
    assert sum(int(r[1]) for r in rows.values()) == 2 * 2, rows  # every game played, each counted for both
