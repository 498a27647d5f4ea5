"""The page's room model (client/web/room.js) reaches the same rooms as the Python model.

The recorded server streams of ``tests/client/recordings/`` (their README states the rules) are
replayed by node's test runner through ``tests/web/room.test.mjs``, message by message, with deep
equality on every room and on what is sent.  ``GRUNDY_RECORDINGS`` may point at another folder of
recordings.  Without node the tests are skipped (they fail in CI); a folder without recordings is a failure.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NODE = shutil.which("node")


def recordings() -> Path:
    return Path(os.environ.get("GRUNDY_RECORDINGS") or ROOT / "tests" / "client" / "recordings")


def replay(folder: Path) -> subprocess.CompletedProcess[str]:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's room model")
        pytest.skip("node is not installed: the page's room model is not checked here")
    return subprocess.run(
        [NODE, "--test", "--test-reporter=tap", str(HERE / "room.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "GRUNDY_RECORDINGS": str(folder)},
    )


def _files() -> list[Path]:
    folder = recordings()
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    assert files, f"no recorded server streams in {folder} (they are committed: python -m tests.client.record)"
    return files


def test_the_page_room_model_replays_every_recording_to_the_same_rooms() -> None:
    files = _files()
    out = replay(recordings())
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", out.stdout, re.M)
    assert passed is not None and int(passed.group(1)) == len(files), out.stdout[-2000:]


def test_a_recording_whose_states_disagree_fails_the_replay(tmp_path: Path) -> None:
    """The replay compares every key: a room recorded with one more seat in a draw offer is a failure."""
    files = _files()
    recording = json.loads(files[0].read_text(encoding="utf-8"))
    last = next(i for i in reversed(range(len(recording["states"]))) if recording["states"][i] is not None)
    recording["states"][last]["draw_offer"] = [*recording["states"][last]["draw_offer"], 7]
    (tmp_path / files[0].name).write_text(json.dumps(recording), encoding="utf-8")
    out = replay(tmp_path)
    assert out.returncode != 0
    assert "# fail 1" in out.stdout and f"message {last}" in out.stdout


def test_the_page_room_model_names_the_title_the_winning_line_and_the_marks() -> None:
    if NODE is None:
        pytest.skip("node is not installed: the page's room model is not checked here")
    out = subprocess.run(
        [NODE, "--test", "--test-reporter=tap", str(HERE / "marks.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
