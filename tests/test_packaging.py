"""The installed package puts nothing generic at the top of site-packages: the code folders live
under the ``grundy`` namespace, and the entry point runs from there."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FOLDERS = ("rules", "solver", "protocol", "server", "client", "cli")


def _installed() -> importlib.metadata.Distribution:
    # The build leaves grundy.egg-info in the checkout, which is on the test path: read the installed one.
    (installed,) = [
        d for d in importlib.metadata.distributions(name="grundy") if Path(d.locate_file("")).resolve() != ROOT
    ]
    return installed


def test_installed_files_stay_under_the_grundy_namespace():
    files = _installed().files or []
    tops = {f.parts[0] for f in files if f.parts}
    assert tops, "grundy is not installed"
    assert not tops & set(FOLDERS), f"generic top-level packages installed: {sorted(tops & set(FOLDERS))}"
    for top in tops:
        assert (
            top == "grundy"
            or top.startswith(("grundy-", "_grundy_native", "_grundy_wire", "__editable__", "__pycache__"))
            or top == ".."  # console scripts live outside site-packages
        ), top


def test_the_code_imports_from_the_namespace():
    import grundy.cli.main
    import grundy.server.node

    assert grundy.server.node.__name__ == "grundy.server.node"
    assert callable(grundy.cli.main.main)


def test_the_console_script_points_into_the_namespace():
    (script,) = [e for e in _installed().entry_points if e.group == "console_scripts" and e.name == "grundy"]
    assert script.value == "grundy.cli.main:main"
    command = [sys.executable, "-m", "grundy.cli.main", "--help"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "serve" in out.stdout


def test_the_data_files_are_installed():
    """What the package reads at run time from its own folders is in the installed file list
    (a plain install, as CI makes, has nothing else)."""
    names = {"/".join(f.parts) for f in _installed().files or []}
    editable = any(n.startswith("__editable__") for n in names)
    for needed in ("grundy/cli/openings/renju26.txt", "grundy/cli/openings/tictactoe.txt", "grundy/client/web/app.js",
                   "grundy/client/web/index.html"):  # fmt: skip
        assert editable or needed in names, f"{needed} is not installed"
