"""`grundy ARGS` run in the test's own process: the same ``main`` and the same parser a user's `grundy` runs, its
stdout, stderr and exit status kept as a finished process's are (a ``subprocess.CompletedProcess``).

A new interpreter costs about a second of CPU before the first word (the catalogs, the rules); a check of a
command's words (its help, a usage error, a refusal, a table) needs none of it.  What a process would have of
its own is given to the run and taken back after it: the environment (the locale: ``LANG`` and the rest),
``sys.argv`` (the command's language is read from it while its parser is built), the standard streams (no
terminal: 80 columns, as a pipe), the command's language, argparse's words and the root logger.  Each command
keeps a few true runs of `grundy` as a process (the user's own), in its test file.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator, Mapping

LOCALE = ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")


class _Stream(io.TextIOWrapper):
    """A standard stream that is not a terminal (a pipe's), with its bytes (``buffer``) kept."""

    def __init__(self, text: str = "") -> None:
        super().__init__(io.BytesIO(text.encode()), encoding="utf-8", newline="\n", write_through=True)

    def text(self) -> str:
        self.flush()
        said = self.buffer.getvalue().decode("utf-8", errors="replace")  # type: ignore[attr-defined]
        return said.replace("\r\n", "\n").replace("\r", "\n")  # (read as text: universal newlines)


@contextlib.contextmanager
def _environment(env: Mapping[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    for name in LOCALE:
        os.environ.pop(name, None)
    os.environ.update({"COLUMNS": "80", **env})
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def grundy(*args: str, lang: str | None = "C.UTF-8", env: Mapping[str, str] | None = None,
           stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`grundy ARGS` with ``LANG=lang`` (None: no LANG; no other locale variable) and ``env`` added, ``stdin`` its
    input: what it wrote and its exit status, as ``subprocess.run([... "grundy", *args], capture_output=True,
    text=True)`` gives."""
    from grundy.cli import common
    from grundy.cli.main import main

    out, err, into = _Stream(), _Stream(), _Stream(stdin or "")
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr, common._lang, argparse._, argparse.ngettext,  # type: ignore[attr-defined]
             logging.root.handlers[:], logging.root.level)
    code: object
    with _environment({**({} if lang is None else {"LANG": lang}), **(env or {})}):
        sys.argv, sys.stdin, sys.stdout, sys.stderr = ["grundy", *args], into, out, err
        common._lang = None
        try:
            code = main(list(args))
        except SystemExit as e:
            code = e.code
        except Exception:  # (what an uncaught exception does to the process: its traceback, status 1)
            traceback.print_exc(file=err)
            code = 1
        finally:
            (sys.argv, sys.stdin, sys.stdout, sys.stderr, common._lang, argparse._, argparse.ngettext,  # type: ignore[attr-defined]
             logging.root.handlers[:], level) = saved
            logging.root.setLevel(level)
    if code is None:
        code = 0
    elif not isinstance(code, int):  # (sys.exit("words"): the words on stderr, status 1)
        err.write(f"{code}\n")
        code = 1
    return subprocess.CompletedProcess(["grundy", *args], code, out.text(), err.text())
