"""The solver's explanations in the reader's language: each sentence is a phrase (an id of
``solver/phrases.py`` and named arguments), said from the catalogs (``ex-<id>``, dots as dashes).

A phrase the reader's language has no words for, and every phrase in English, is the explanation's own
English text (the ``reason``, a move's ``why``), so nothing is ever left unsaid.  Arguments keep their
values; a placeholder's spec in the English template says how a list is written, in the reader's
language: ``{heaps:xor}`` ``3 XOR 4 XOR 5``, ``{cells:or}`` and ``{leaves:and}`` by Babel's list
patterns (``2 і 3``, ``c3 или a1``), ``{lost:list}`` ``0, 3, 6``, ``{k:nth}`` an English ordinal
(``3rd``; the other catalogs say ``№ 3``).  Words from a closed set (a corner game's ``piece``, a line
game's colours ``me`` and ``him``: ``rook``, ``black``, ``first``) are said by ``ex-word-<value>``; a
stone's letter (``X``) stays as it is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from babel.lists import format_list

from grundy.protocol import i18n
from grundy.solver.phrases import PHRASES, _nth

__all__ = ["by_text", "label_text", "message_id", "phrase_text", "reason_text", "refused_text", "said_text"]

_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")
_LABEL = re.compile(r"(heap|pins) (\d+)")


def message_id(pid: str) -> str:
    """The catalog id of phrase ``pid``: ``nim.move`` is ``ex-nim-move``."""
    return "ex-" + pid.replace(".", "-")


@functools.cache
def _specs(pid: str) -> dict[str, str]:
    return {m.group(1): m.group(2) or "" for m in _FIELD.finditer(PHRASES.get(pid, ""))}


def _word(v: Any) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


_WORDS = ("piece", "me", "him")  # arguments that are words from a closed set (``ex-word-<value>``)


def _argument(lang: str, value: Any, spec: str, name: str = "") -> Any:
    if name in _WORDS and isinstance(value, str) and i18n.has(f"ex-word-{value}"):
        return i18n.tr(lang, f"ex-word-{value}")
    if spec == "nth":
        return _nth(int(value)) if lang == "en" else int(value)
    if spec == "signed":
        return f"{value:+g}"
    if spec == "xor":
        return " XOR ".join(map(_word, value))
    if spec == "sp":
        return " ".join(map(_word, value))
    if spec in ("or", "and"):
        items = [_word(v) for v in value]
        return format_list(items, style="or" if spec == "or" else "standard", locale=lang) if items else ""
    if spec == "list":
        return ", ".join(map(_word, value)) if value else i18n.tr(lang, "ex-none")
    if spec == "g":
        return " XOR ".join(f"G({n})" for n in value)
    if spec == "pairs":
        return " ".join(f"({a},{b})" for a, b in value)
    return value


def phrase_text(lang: str, phrase: Any, english: str) -> str:
    """One phrase (a dict or the protocol's ``Phrase``) in ``lang``; ``english`` (its own text) where the
    catalogs have no words for it, or in English."""
    if phrase is None:
        return english
    pid = phrase["id"] if isinstance(phrase, Mapping) else phrase.id
    args = (phrase["args"] if isinstance(phrase, Mapping) else phrase.args) or {}
    msg = message_id(pid)
    if lang == i18n.DEFAULT or not i18n.has(msg):
        return english
    specs = _specs(pid)
    return i18n.tr(lang, msg, **{name: _argument(lang, v, specs.get(name, ""), name) for name, v in args.items()})


def said_text(lang: str, said: Any, english: str = "") -> str:
    """A list of phrases (a hint's ``hint_said``, a review row's ``why_said``, a summary's ``said``, the exam's
    ``why19_said``, a puzzle's ``task_said``...) in ``lang``, clause by clause joined by ``"; "``: a ``teach-``
    phrase is a catalog message itself (an argument ``game`` said as the game is taught), any other an
    explanation phrase.  ``english`` (the node's own words) in English, or when a phrase has no words here."""
    items = [p if isinstance(p, Mapping) else p.model_dump() for p in (said or [])]
    if not items or (lang == i18n.DEFAULT and english):
        return english
    out = []
    for p in items:
        pid, args = p["id"], dict(p.get("args") or {})
        if pid.startswith("teach-"):
            if not i18n.has(pid):
                return english
            game = args.get("game")
            if isinstance(game, str) and i18n.has(f"game-{game}"):
                args["game"] = i18n.tr(lang, f"game-{game}")
            out.append(i18n.tr(lang, pid, **args))
        elif i18n.has(message_id(pid)):
            out.append(i18n.tr(lang, message_id(pid), **{
                name: _argument(lang, v, _specs(pid).get(name, ""), name) for name, v in args.items()}))
        else:
            return english
    return "; ".join(out)


def refused_text(lang: str, answer: Mapping[str, Any]) -> str:
    """Why the solver gave no answer (``refused``), in ``lang`` from its message (``refused_said``) when it has
    one; empty when it refused nothing."""
    said = answer.get("refused_said")
    return said_text(lang, [said] if said else [], str(answer.get("refused") or ""))


def reason_text(lang: str, explanation: Mapping[str, Any]) -> str:
    """An explanation's reason in ``lang``: its phrases, each a clause, joined by ``"; "`` (the English
    reason when a phrase has no words in ``lang``)."""
    said = explanation.get("said") or []
    if lang == i18n.DEFAULT or not said or not all(i18n.has(message_id(p["id"])) for p in said):
        return explanation.get("reason") or ""
    return "; ".join(phrase_text(lang, p, "") for p in said)


# what decides an answer, beyond ``ex-by-<rule>``: found by its English (a rule may be decided several ways)
_BY = ("ex-by-kayles", "ex-by-king-parity", "ex-by-rook-nim", "ex-by-wythoff", "ex-by-symmetry", "ex-by-prices",
       "ex-by-capture-times", "ex-by-fours", "ex-by-win-now", "ex-by-five", "ex-by-their-five", "ex-by-their-fours",
       "ex-by-threat-search", "ex-by-engine")


def by_text(lang: str, explanation: Mapping[str, Any]) -> str:
    """What decided the answer (``by``) in ``lang``, from the explanation's rule or its English; as it is
    otherwise."""
    by = explanation.get("by") or ""
    if lang == i18n.DEFAULT:
        return by
    for msg in (f"ex-by-{explanation.get('rule')}", *_BY):
        if i18n.has(msg) and i18n.tr("en", msg) == by:
            return i18n.tr(lang, msg)
    return by


def label_text(lang: str, label: str) -> str:
    """A component's label (``heap 2``, ``pins 5``) in ``lang``; other labels as they are."""
    m = _LABEL.fullmatch(label)
    if lang != i18n.DEFAULT and label == i18n.tr("en", "ex-heap-above-goal"):
        return i18n.tr(lang, "ex-heap-above-goal")
    if lang == i18n.DEFAULT or m is None:
        return label
    return i18n.tr(lang, f"ex-{m.group(1)}", n=int(m.group(2)))
