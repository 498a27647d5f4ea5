"""The suite's own rules (tests/conftest.py), run on small suites of their own: a test past its time limit fails
by name with the stacks it waited on and the run goes on; a teardown that hangs too ends its worker, named; a
process left running fails the session, named."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

RULES = (Path(__file__).parent / "conftest.py").read_text()

SUITE = '''
import asyncio, subprocess, time
import pytest

@pytest.mark.timeout(2)
async def test_waits_forever():
    await asyncio.get_running_loop().create_future()

@pytest.fixture
def stubborn():
    yield
    while True:
        try:
            time.sleep(100)
        except BaseException:
            pass

@pytest.mark.timeout(2)
def test_whose_teardown_hangs(stubborn):
    pass

def test_leaves_a_process():
    subprocess.Popen(["sleep", "300"])

def test_fine():
    pass
'''


@pytest.mark.process
def test_a_stuck_test_fails_by_name_with_its_stacks_a_hung_teardown_ends_its_worker_and_a_leak_is_named(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makeconftest(RULES)
    pytester.makepyfile(test_stuck=SUITE)
    monkeypatch.setenv("GRUNDY_HARD_GRACE_S", "2")
    monkeypatch.setenv("GRUNDY_LEFT_GRACE_S", "1")  # (its leak is a `sleep 300`: no need to wait the usual 5 s)
    # (one worker, the tests in order: the one that ends it is replaced, and the leak is the new one's)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-n", "1", "-o", "asyncio_mode=auto", timeout=120)
    out = result.stdout.str()
    assert "Timeout: test_stuck.py::test_waits_forever took more than 2 s" in out
    assert "in test_waits_forever" in out and "create_future()" in out  # (its asyncio task's stack)
    assert "crashed while running 'test_stuck.py::test_whose_teardown_hangs'" in out
    assert "sleep 300 (running after test_stuck.py::test_leaves_a_process)" in out
    result.assert_outcomes(passed=3, failed=2, errors=1)
