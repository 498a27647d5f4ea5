"""The page's Fluent interpreter (client/web/i18n.js) renders every message of every catalog as the Python
renderer does (the catalogs are one: the page gets them from the node), checked by node's test runner in
tests/web/i18n.test.mjs; and the node serves each catalog as /locales/<lang>.ftl."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.protocol import i18n
from grundy.server.web import WebFiles, respond
from tests.protocol.test_i18n import ENGLISH, NUMERIC

HERE = Path(__file__).parent
NODE = shutil.which("node")


def _args(variables: set[str], n: int) -> dict[str, object]:
    return {v: (n if v in NUMERIC else "yes" if v == "fours" else "Ann") for v in variables}


def test_the_page_says_every_message_as_python_does(tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed")
    rendered = {
        lang: [[msg_id, _args(uses.variables, n), i18n.tr(lang, msg_id, **_args(uses.variables, n))]
               for msg_id, uses in ENGLISH.items() for n in ((1, 2, 5, 22) if uses.variables & NUMERIC else (3,))]
        for lang in i18n.LANGS
    }
    fixtures = tmp_path / "i18n.json"
    fixtures.write_text(json.dumps({"sources": {lang: i18n.catalog_text(lang) for lang in i18n.LANGS},
                                    "rendered": rendered}, ensure_ascii=False))
    done = subprocess.run([NODE, "--test", "--test-reporter=tap", str(HERE / "i18n.test.mjs")],
                          capture_output=True, text=True, timeout=120, env={"GRUNDY_I18N_FIXTURES": str(fixtures),
                                                                             "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# pass 2" in done.stdout


class _Request:
    def __init__(self, path: str) -> None:
        from websockets.datastructures import Headers

        self.path, self.method, self.headers = path, "GET", Headers()


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_node_serves_each_catalog(lang: str) -> None:
    response = respond(WebFiles(), _Request(f"/locales/{lang}.ftl"))  # type: ignore[arg-type]
    assert response is not None and response.status_code == 200
    assert response.body.decode() == i18n.catalog_text(lang)
    assert response.headers["Content-Type"] == "text/plain; charset=utf-8"


@pytest.mark.parametrize("path", ["/locales/de.ftl", "/locales/../en.ftl", "/locales/en.txt", "/locales/EN.ftl"])
def test_no_other_catalog_path_is_served(path: str) -> None:
    response = respond(WebFiles(), _Request(path))  # type: ignore[arg-type]
    assert response is not None and response.status_code == 404
