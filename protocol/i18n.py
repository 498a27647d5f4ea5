"""The product's words in the learner's language: one Fluent catalog per language, shared by every client.

The catalogs are ``protocol/locales/<lang>/*.ftl`` (Project Fluent syntax; a language's files, read in
the order of their names, are one catalog: ``grundy.ftl`` and one file per area); the web page gets
the same files from the node (``GET /locales/<lang>.ftl``), so the page's words are not a second copy.
English is the reference: every other catalog has each of its messages with the same arguments
(tests/protocol/test_i18n.py); docs/LANGUAGES.md says how to add a language.

    >>> tr("uk", "moves-count", n=2)
    '2 ходи'
    >>> pick("ru_RU.UTF-8"), pick("bg-BG"), pick("de-DE"), pick(None)
    ('ru', 'bg', 'en', 'en')

Rendering (:func:`tr`) never answers an empty string or a message id: a message missing from a
language, or one that fails to format there (a bad translation), is said in English instead; an id
missing from the English catalog is a defect (:class:`UnknownMessage`: the tests' scan finds every
id the code uses).  Numbers, plurals and dates follow the language's rules through fluent.runtime
and Babel (``NUMBER($n)``, ``[one]``/``[few]``/``[many]``/``[other]`` variants, ``DATETIME($t)``).

A value the protocol carries in words is a :class:`Say`: a message id and its arguments, rendered
where it is shown (by the server for its own ``error`` message text, in the session's language; by
each client from ``say``), so a text recorded in one language reads in another.
"""

from __future__ import annotations

import functools
import importlib.resources
import logging
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger("grundy.i18n")

__all__ = [
    "DEFAULT",
    "LANGS",
    "MAX_LANG_TAG",
    "UnknownMessage",
    "catalog_text",
    "error_text",
    "from_env",
    "has",
    "message_ids",
    "pick",
    "tr",
    "tr_say",
]

LANGS = ("en", "uk", "ru", "bg")  # English first: the reference and the fallback
DEFAULT = "en"
MAX_LANG_TAG = 35  # characters of a BCP 47 tag the protocol accepts (RFC 5646's longest useful tag is 35)
CATALOG_FILE = "grundy.ftl"  # the first file of every language's catalog; the others are read after it, by name
_PACKAGE = "grundy.protocol"
_TAG = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*")


class UnknownMessage(LookupError):
    """A message id that the English catalog does not have (a defect of the code that asked)."""


def pick(tags: str | Sequence[str] | None) -> str:
    """The language to speak for a BCP 47 tag (``uk-UA``), a POSIX locale (``uk_UA.UTF-8``), an
    Accept-Language-like list (``ru-RU, en;q=0.8``) or a sequence of tags: the first one whose
    primary language has a catalog, else English."""
    if tags is None:
        return DEFAULT
    if isinstance(tags, str):
        tags = [t.split(";", 1)[0] for t in tags.split(",")]
    for tag in tags:
        tag = tag.strip().split(".", 1)[0].split("@", 1)[0]  # POSIX: uk_UA.UTF-8@euro
        if not _TAG.fullmatch(tag):
            continue
        primary = re.split(r"[-_]", tag, maxsplit=1)[0].lower()
        if primary in LANGS:
            return primary
    return DEFAULT


def from_env(environ: Mapping[str, str] | None = None) -> str:
    """The system's language as POSIX says: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG`` (the first
    one set and not empty decides; ``C``/``POSIX`` and anything without a catalog are English)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return pick(value)
    return DEFAULT


def catalog_text(lang: str) -> str:
    """The Fluent source of ``lang``'s catalog (what the node serves the page); ``lang`` one of LANGS."""
    if lang not in LANGS:
        raise ValueError(f"no catalog for {lang!r}")
    return _read(lang)


@functools.cache
def _read(lang: str) -> str:
    folder = importlib.resources.files(_PACKAGE).joinpath("locales", lang)
    names = sorted(e.name for e in folder.iterdir() if e.name.endswith(".ftl") and e.name != CATALOG_FILE)
    parts = [folder.joinpath(name).read_text(encoding="utf-8") for name in [CATALOG_FILE, *names]]
    return "\n".join(part if part.endswith("\n") else part + "\n" for part in parts)


@functools.cache
def _bundle(lang: str) -> FluentBundle:
    # use_isolating=False: the text goes to terminals and logs too, where Unicode isolation marks show as noise.
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(FluentResource(_read(lang)))
    return bundle


@functools.cache
def message_ids(lang: str = DEFAULT) -> frozenset[str]:
    """Every message id of ``lang``'s catalog."""
    return frozenset(_bundle(lang)._messages)


def has(msg_id: str) -> bool:
    """Whether the English catalog (hence every catalog) has ``msg_id``."""
    return msg_id in message_ids(DEFAULT)


def _format(lang: str, msg_id: str, args: Mapping[str, Any], strict: bool = True) -> str | None:
    bundle = _bundle(lang)
    if not bundle.has_message(msg_id):
        return None
    message = bundle.get_message(msg_id)
    if message.value is None:
        return None
    text, errors = bundle.format_pattern(message.value, dict(args))
    if errors or not text.strip():
        log.warning("message %s in %s: %s", msg_id, lang, errors or "empty")
        if strict or not text.strip():
            return None
    return text


def tr(lang: str | None, msg_id: str, /, **args: Any) -> str:
    """Message ``msg_id`` in ``lang`` (a tag: see :func:`pick`) with ``args``; English where ``lang``
    lacks it or cannot format it.  Raises :class:`UnknownMessage` for an id English does not have.  An argument
    that is itself a message (``{"id", "args"}``: the rules' reason inside a refusal) is said in ``lang`` first."""
    code = lang if lang in LANGS else pick(lang)
    if any(isinstance(v, Mapping) for v in args.values()):
        args = {k: tr(code, v["id"], **(v.get("args") or {})) if isinstance(v, Mapping) and has(v.get("id", "")) else v
                for k, v in args.items()}
    if code != DEFAULT:
        text = _format(code, msg_id, args)
        if text is not None:
            return text
    text = _format(DEFAULT, msg_id, args, strict=False)  # (the last resort: said even with an argument missing)
    if text is None:
        raise UnknownMessage(msg_id)
    return text


def tr_say(lang: str | None, say: Any, fallback: str = "") -> str:
    """A protocol ``Say`` (``{"id", "args"}``, a model or a dict) in ``lang``; ``fallback`` (the
    server's own words) when it is None or names a message this catalog does not have (a newer node);
    never the id itself.  An argument ``game`` is a game's canonical name, said as the game is taught
    (``game-<name>``); an argument ``X`` given with ``X_bot`` names a hosted bot: said as ``lobby-bot``
    with that level, in ``lang`` (docs/PROTOCOL.md)."""
    if say is None:
        return fallback or tr(lang, "say-unknown")
    msg_id = say["id"] if isinstance(say, Mapping) else say.id
    args = dict((say.get("args") if isinstance(say, Mapping) else say.args) or {})
    if not has(msg_id):
        return fallback or tr(lang, "say-unknown")
    game = args.get("game")
    if isinstance(game, str) and has(f"game-{game}"):  # a game's canonical name: said as the game is taught
        args["game"] = tr(lang, f"game-{game}")
    for key in [k for k in args if k.endswith("_bot") and k[:-4] in args]:
        args[key[:-4]] = tr(lang, "lobby-bot", level=args.pop(key))
    return tr(lang, msg_id, **args)


def error_text(lang: str | None, error: BaseException) -> str:
    """An error of the rules or of a clock (``RulesError``, ``TimeControlError``) in ``lang``: its ``said`` (a
    message of the catalogs and its arguments); ``str(error)`` for any other error, or one that says nothing more."""
    said = getattr(error, "said", None)
    if not (isinstance(said, tuple) and len(said) == 2 and isinstance(said[0], str) and has(said[0])):
        return str(error)
    return tr(lang, said[0], **said[1])
