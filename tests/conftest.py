"""The suite's own rules, for every test: a time limit, the ``process`` marker, the order, and no process left behind.

- **Time limits** (pytest-timeout, ``timeout`` in pyproject.toml; ``process`` tests get ``PROCESS_TIMEOUT_S``):
  a test past its limit fails by name, its message the stacks of every thread and of every asyncio task
  of its loop (what it waited on), and the run goes on.  If it is still stuck ``HARD_GRACE_S`` later (a
  teardown that hangs too, a loop that never wakes), its worker process dumps the same stacks to stderr
  and exits: pytest-xdist reports the test as the one its worker crashed on and starts another worker.
- **``process``** marks every test that starts processes, servers or browsers (by the fixtures it uses,
  by its folder, or by hand): ``python -m pytest -m "not process"`` runs the fast part alone.
- **Order**: the folders of the longest tests run first (``LONGEST_FIRST``), then the other process tests; the quick
  tests fill the end.
- **Leaks**: every process started under this session carries ``GRUNDY_TEST_SESSION`` in its environment;
  at the end of the session any still running is named (with the test after which it was first seen), killed,
  and the session fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import os
import signal
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PROCESS_TIMEOUT_S = float(os.environ.get("GRUNDY_PROCESS_TIMEOUT_S", 480))  # (nodes, Redis, workers, browsers: loaded)
# After the limit, how long a failed test's teardown may take before its worker exits.
HARD_GRACE_S = float(os.environ.get("GRUNDY_HARD_GRACE_S", 60))
# At the session's end, how long a process the tests started may take to exit before it is named a leak.
LEFT_GRACE_S = float(os.environ.get("GRUNDY_LEFT_GRACE_S", 5))

# Fixtures that start processes or servers: a test that uses one is a ``process`` test.
PROCESS_FIXTURES = frozenset(
    {"make_node", "node", "make_cluster_node", "nodes", "redis_server", "browser", "page", "replicated"}
)
# Folders, files and tests (their ids under tests/, or the start of them) that start processes or servers
# themselves: real nodes, Redis, bot pools, subprocess clients.
PROCESS_FOLDERS = (
    "cluster/",
    "web/",
    "server/e2e/",
    "cli/",
    "server/test_bots.py",
    "server/test_store.py::test_committed_",
    "server/test_store.py::test_kill_9",
    "protocol/test_wire.py::test_the_environment_forces_the_pure_path",
    "test_deploy.py::test_the_sentinel_configuration_runs_in_a_real_sentinel",
    "test_packaging.py::test_the_console_script_points_into_the_namespace",
)

# Folders whose tests are the longest (browsers and node processes waiting on each other), in the order they run:
# first, so that the workers end on quick tests and neither waits alone at the end for a long one that started
# last (the workers steal from the end of each other's queue: ``--dist worksteal`` in pyproject.toml).
LONGEST_FIRST = ("web/", "cluster/", "server/e2e/", "cli/", "client/")

# ====================================================================== the process marker and the order


def _longest_first(where: str, process: bool) -> int:
    """Where a test runs in the order: its folder's place in LONGEST_FIRST, then the other process tests, then the
    rest."""
    rest = len(LONGEST_FIRST) + (0 if process else 1)
    return next((i for i, folder in enumerate(LONGEST_FIRST) if where.startswith(folder)), rest)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).parent
    rank: dict[pytest.Item, int] = {}
    for item in items:
        try:
            where = Path(str(item.path)).relative_to(root).as_posix() + "::" + item.name
        except ValueError:
            where = ""
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & PROCESS_FIXTURES or where.startswith(PROCESS_FOLDERS):
            item.add_marker(pytest.mark.process)
        if item.get_closest_marker("process") is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(PROCESS_TIMEOUT_S))
        rank[item] = _longest_first(where, item.get_closest_marker("process") is not None)
    items.sort(key=rank.__getitem__)  # (stable: a file's tests stay together, in their order)


# ====================================================================== time limits


MACHINERY = ("/_pytest/", "/pluggy/", "/xdist/", "/execnet/", "/pytest_timeout", "/pytest_asyncio/", "/threading.py")


def _frames(frames: list[traceback.FrameSummary]) -> str:
    """A stack without pytest's own machinery around it."""
    return "".join(traceback.format_list([f for f in frames if not any(m in f.filename for m in MACHINERY)]))


def _awaiting(coro: Any) -> str:
    """Where a suspended coroutine is, down the chain of what it awaits, and the future at its end."""
    out = io.StringIO()
    for _ in range(100):
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None) or getattr(coro, "ag_frame", None)
        if frame is not None:
            out.write(_frames(traceback.extract_stack(frame, limit=1)))
        nxt = None
        for name in ("cr_await", "gi_yieldfrom", "ag_await"):
            nxt = getattr(coro, name, None)
            if nxt is not None:
                break
        if nxt is None:
            break
        if not _suspended(nxt):  # (an async generator's asend, a future's iterator: what they refer to)
            inner = [r for r in gc.get_referents(nxt) if _suspended(r) or isinstance(r, asyncio.Future)]
            nxt = inner[0] if inner else nxt
        if not _suspended(nxt):
            out.write(f"  awaiting {nxt!r}\n")
            break
        coro = nxt
    return out.getvalue()


def _suspended(o: Any) -> bool:
    return any(hasattr(o, a) for a in ("cr_frame", "gi_frame", "ag_frame"))


def _stacks() -> str:
    """The stack of every other thread, and of every task of every running asyncio loop."""
    out = io.StringIO()
    names = {t.ident: t.name for t in threading.enumerate()}
    current = threading.get_ident()
    for ident, frame in sys._current_frames().items():
        stack = _frames(traceback.extract_stack(frame))
        if ident == current or not stack or names.get(ident, "").startswith("hard timeout"):
            continue
        out.write(f"\n--- thread {names.get(ident, '?')} ---\n{stack}")
    for loop in _running_loops():
        tasks: list[asyncio.Task[Any]] = []
        for _ in range(3):  # (the loop's thread may change its set of tasks meanwhile)
            with contextlib.suppress(RuntimeError):
                tasks = list(asyncio.all_tasks(loop))
                break
        for task in tasks:
            out.write(f"\n--- asyncio task {task.get_name()} ---\n{_awaiting(task.get_coro())}")
    return out.getvalue()


def _running_loops() -> list[asyncio.AbstractEventLoop]:
    loops = []
    for o in gc.get_objects():
        with contextlib.suppress(Exception):  # (a weak proxy whose object is gone raises on any look)
            if isinstance(o, asyncio.BaseEventLoop) and o.is_running():
                loops.append(o)
    return loops


def _hard_stop(item: pytest.Item, limit: float) -> None:
    """The test did not end after its limit and the grace: dump the stacks and end this worker."""
    try:
        capman = item.config.pluginmanager.getplugin("capturemanager")
        if capman is not None:  # (so that what is written reaches the real stderr)
            with contextlib.suppress(Exception):
                capman.suspend_global_capture(in_=True)
        sys.__stderr__.write(
            f"\n{'+' * 30} Timeout: {item.nodeid} still running {HARD_GRACE_S:.0f} s after its limit of"
            f" {limit:.0f} s: this worker exits {'+' * 30}\n{_stacks()}\n"
        )
        sys.__stderr__.flush()
        _kill_leftovers()
    finally:
        os._exit(1)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool:
    """SIGALRM at the limit (the test fails, named, with the stacks it waited on); a thread ends the worker if
    the test is still not done ``HARD_GRACE_S`` after."""
    limit = float(settings.timeout)
    hard = threading.Timer(limit + HARD_GRACE_S, _hard_stop, (item, limit))
    hard.daemon = True
    hard.name = f"hard timeout {item.nodeid}"
    in_main = threading.current_thread() is threading.main_thread()

    def alarm(signum: int, frame: Any) -> None:
        __tracebackhide__ = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        main = _frames(traceback.extract_stack(frame))
        pytest.fail(
            f"Timeout: {item.nodeid} took more than {limit:.0f} s\n\n--- the test's thread ---\n{main}{_stacks()}",
            pytrace=False,
        )

    def cancel() -> None:
        if in_main:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
        hard.cancel()

    item.cancel_timeout = cancel  # type: ignore[attr-defined]
    if in_main:
        signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    hard.start()
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> bool:
    cancel = getattr(item, "cancel_timeout", None)
    if cancel is not None:
        cancel()
    return True


# ====================================================================== no process left behind

SESSION_VAR = "GRUNDY_TEST_SESSION"
SESSION_TOKEN = f"{SESSION_VAR}={uuid.uuid4().hex}".encode()
os.environ[SESSION_VAR] = SESSION_TOKEN.decode().split("=", 1)[1]  # (inherited by every process the tests start)

# multiprocessing's own helpers: they live as long as the test process (a bot pool's fork server, its tracker)
HELPERS = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")
_first_seen: dict[int, str] = {}  # leftover pid -> the test after which it was first seen running


def _ours() -> dict[int, str]:
    """Every live process (not this one) started under this session: pid -> its command line."""
    found: dict[int, str] = {}
    me = os.getpid()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            with open(f"/proc/{entry.name}/environ", "rb") as f:
                if SESSION_TOKEN not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                if f.read().rsplit(b")", 1)[1].split()[0] == b"Z":  # (a zombie: it has exited)
                    continue
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
            if not any(m in cmd for m in HELPERS):
                found[int(entry.name)] = cmd
        except OSError:
            continue
    return found


def _children() -> set[int]:
    """The pids of this process's live descendants (cheap: /proc/PID/task/*/children)."""
    seen: set[int] = set()
    todo = [os.getpid()]
    while todo:
        pid = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{pid}/task/{tid}/children") as f:
                    kids = [int(k) for k in f.read().split()]
            except OSError:
                continue
            for k in kids:
                if k not in seen:
                    seen.add(k)
                    todo.append(k)
    return seen


def _kill_leftovers() -> None:
    for pid in _ours():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _seen_after(item: pytest.Item) -> None:
    for pid in _children():
        _first_seen.setdefault(pid, item.nodeid)


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    yield
    _seen_after(item)  # (the last test's teardown ends the session before its own end is seen)


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield
    _seen_after(item)


@pytest.fixture(scope="session", autouse=True)
def no_process_left() -> Iterator[None]:
    """At the end of the session no process started by the tests still runs (the machine's own are not ours)."""
    yield
    deadline = time.monotonic() + LEFT_GRACE_S  # (a process told to stop a moment ago may still be exiting)
    left = _ours()
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = _ours()
    if not left:
        return
    _kill_leftovers()
    lines = [f"pid {pid}: {cmd[:160]} (running after {_first_seen.get(pid, 'the session')})"
             for pid, cmd in left.items()]
    pytest.fail(f"{len(left)} processes started by the tests outlived them:\n" + "\n".join(lines), pytrace=False)
