"""The study pages' addresses and words (client/web/study.js), in node, on a tree and an exam table the
server's own worker functions made.  Without node the test is skipped (it fails in CI)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy.server import analysis

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


def fixtures() -> dict:
    tree = analysis._solve("tree", "stones", {"heaps": "7,30"}, [], 5.0)["tree"]
    exam = analysis._solve("exam", "stones", {"heaps": "7,S", "s_range": "25..40"}, [], 10.0)["exam"]
    return {  # (in the protocol's shapes, as the page gets them)
        "tree": p.TreeNode(**tree).model_dump(mode="json"),
        "exam": p.ExamTable(**exam).model_dump(mode="json"),
    }


def test_the_study_pages_addresses_and_words(tmp_path: Path) -> None:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the study pages")
        pytest.skip("node is not installed: the study pages' addresses are not checked here")
    path = tmp_path / "study.json"
    path.write_text(json.dumps(fixtures()), encoding="utf-8")
    out = subprocess.run(
        [NODE, "--test", "--test-reporter=tap", str(HERE / "study.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "GRUNDY_STUDY_FIXTURES": str(path)},
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "# fail 0" in out.stdout and "# skipped 0" in out.stdout
