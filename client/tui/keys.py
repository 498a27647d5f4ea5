"""The terminal's key descriptions in the client's language (the footer's and each screen's bindings)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from grundy.client import words
from grundy.protocol import i18n


def relabel(node: Any, lang: str) -> None:
    """The footer's words in ``lang``: each key's description from the catalog (``tui-key-<action>``)."""
    if lang == "en":
        return
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [dataclasses.replace(b, description=words.say(lang, key_message(b.action)))
                      if b.description and i18n.has(key_message(b.action)) else b for b in bindings]


def key_message(action: str) -> str:
    """The catalog's id for the description of a key that does ``action``: ``tui-key-show-tab-players-tab``
    (``screen-key-...`` for the keys of the analysis board and the review)."""
    name = re.sub(r"[^a-z0-9]+", "-", action.lower().replace("(-", "(minus")).strip("-")
    return f"screen-key-{name}" if i18n.has(f"screen-key-{name}") else f"tui-key-{name}"
