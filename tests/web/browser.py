"""Headless Chromium for the web client's tests, driven by Playwright (Debian's chromium, never a downloaded one).

Without chromium (or the playwright package) the browser tests are skipped, with the reason;
in CI (``CI=true``) they fail instead: .ci/run installs chromium.

The tests share one chromium per test process (:class:`Chromium`, started once: a launch costs a second or so on a
loaded machine) and one Playwright driver (:func:`driver`, on the event loop the web tests share), and each connects
to it over the DevTools protocol; a test's pages live in contexts of its own (as separate browsers: their own storage
and cookies), all closed when it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

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


def skip_without_chromium() -> None:
    """Skip the test without chromium (fail in CI)."""
    why = missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests need chromium in CI: {why}")
        pytest.skip(why)


START_S = 30.0  # how long chromium may take to say where it listens
STOP_S = 10.0  # how long it may take to exit when told, before it is killed
CONNECT_S = 60.0  # how long a test may take to connect to it (Playwright's default, 30 s, ran out on a loaded machine)
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


class Chromium:
    """One headless chromium for many tests, each connecting to it (:func:`connect`); started again if it died."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self._endpoint = ""

    def endpoint(self) -> str:
        """The DevTools address of the running chromium, started first if it is not running."""
        if self._proc is not None and self._proc.poll() is None:
            return self._endpoint
        self.stop()
        from tests.cluster.redisproc import die_with_parent

        self._dir = tempfile.TemporaryDirectory(prefix="grundy-chromium-")
        log = Path(self._dir.name) / "chromium.log"
        with open(log, "wb") as out:  # (a file, not a pipe: a pipe nobody reads would stop chromium once full)
            self._proc = subprocess.Popen(
                [CHROMIUM, *FLAGS, "--remote-debugging-port=0", f"--user-data-dir={self._dir.name}/profile"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=out, preexec_fn=die_with_parent(),
            )
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            found = LISTENING.search(log.read_text(errors="replace"))
            if found:
                self._endpoint = found.group(1)
                return self._endpoint
            if self._proc.poll() is not None:
                break
            time.sleep(0.05)
        text = log.read_text(errors="replace")
        self.stop()
        raise RuntimeError(f"chromium did not start in {START_S:.0f} s: {text[-2000:]}")

    def stop(self) -> None:
        """End chromium (bounded: killed if it does not exit when told) and remove its profile."""
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.terminate()
                try:
                    self._proc.wait(STOP_S)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                    self._proc.wait()
            self._proc = None
        if self._dir is not None:
            with contextlib.suppress(OSError):
                self._dir.cleanup()
            self._dir = None


async def driver() -> AsyncIterator[object]:
    """A Playwright driver (a node process that speaks to the browsers): one for this test process's browser tests,
    on their shared event loop (``tests/web/conftest.py``): starting one costs about a second of a loaded machine."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        yield pw


async def connect(chromium: Chromium, pw: Any) -> AsyncIterator[object]:
    """A Playwright browser on the shared ``chromium``, through the driver ``pw``; what the test opened in it is
    closed after."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    try:
        browser = await pw.chromium.connect_over_cdp(chromium.endpoint(), timeout=CONNECT_S * 1000 / 2)
    except PlaywrightTimeout:  # (seen once on a loaded machine: connected, then no answer): a fresh chromium, once
        chromium.stop()
        browser = await pw.chromium.connect_over_cdp(chromium.endpoint(), timeout=CONNECT_S * 1000)
    try:
        yield browser
    finally:
        try:  # (bounded: closes the contexts this test made and disconnects; chromium and the driver go on)
            await asyncio.wait_for(browser.close(), 30)
        except TimeoutError:
            pass


async def launch() -> AsyncIterator[object]:
    """A chromium of its own (``python -m tests.web.shots``)."""
    skip_without_chromium()
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
