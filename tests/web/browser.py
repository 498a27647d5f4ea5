"""Headless Chromium for the web client's tests, driven by Playwright (Debian's chromium, never a downloaded one).

Without chromium (or the playwright package) the browser tests are skipped, with the reason;
in CI (``CI=true``) they fail instead: .ci/run installs chromium.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator

import pytest

CHROMIUM = os.environ.get("GRUNDY_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Without the background-networking flags Chromium reaches for outside hosts at start, which a
# closed network refuses; the rest keep a test browser quiet and fast.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    return None


async def launch() -> AsyncIterator[object]:
    why = missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests need chromium in CI: {why}")
        pytest.skip(why)
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            try:  # (bounded: leaving async_playwright() then ends the driver, and the browser with it)
                await asyncio.wait_for(browser.close(), 30)
            except TimeoutError:
                pass
