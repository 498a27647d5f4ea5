"""The page sends again through ``unavailable`` exactly what the Python clients do, on the same schedule.

``client/web/net.js``'s ``SAFE_TO_RESEND`` and ``RESEND`` are the twins of ``protocol/resend.py`` (docs/PROTOCOL.md
2.1): read here from the module as node loads it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.protocol import resend

NET = Path(__file__).resolve().parents[2] / "client" / "web" / "net.js"
NODE = shutil.which("node")


def test_the_page_sends_again_the_same_requests_on_the_same_schedule() -> None:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed in CI to test the web client's link")
        pytest.skip("node is not installed: the page's link is not checked here")
    script = (
        f"import {{ RESEND, SAFE_TO_RESEND }} from {json.dumps(NET.as_uri())};"
        "console.log(JSON.stringify({ schedule: RESEND, safe: [...SAFE_TO_RESEND] }));"
    )
    out = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    page = json.loads(out.stdout)
    assert sorted(page["safe"]) == sorted(resend.SAFE_TO_RESEND)
    assert page["schedule"] == {
        "firstS": resend.RESEND_FIRST_S,
        "factor": resend.RESEND_FACTOR,
        "everyS": resend.RESEND_EVERY_S,
        "jitter": resend.RESEND_JITTER,
        "forS": resend.RESEND_FOR_S,
    }
