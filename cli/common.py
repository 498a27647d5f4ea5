"""Argument helpers shared by the sub-commands: --set key=value, --moves."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from typing import Any, NoReturn

from grundy import rules
from grundy.protocol import i18n

# The language of this command's own words: --lang, else the system's locale (LC_ALL, LC_MESSAGES, LANG).
# None until the command line is parsed: until then (while the parser and its help are built) it is read from
# the command line as it stands (``early_lang``).
_lang: str | None = None


def set_lang(tag: str | None) -> str:
    """Speak ``tag`` (a BCP 47 tag or POSIX locale; None: the system's locale) from now on; the language chosen."""
    global _lang
    _lang = i18n.from_env() if tag is None else i18n.pick(tag)
    return _lang


def early_lang(argv: list[str] | None = None) -> str:
    """The language before the command line is parsed (a command's help is built then): ``--lang TAG`` or
    ``--lang=TAG`` anywhere in ``argv`` (default ``sys.argv``), else the system's locale."""
    argv = sys.argv[1:] if argv is None else argv
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return i18n.pick(argv[i + 1])
        if arg.startswith("--lang="):
            return i18n.pick(arg.partition("=")[2])
    return i18n.from_env()


def lang() -> str:
    """The language the command speaks (one of ``protocol.i18n.LANGS``)."""
    return early_lang() if _lang is None else _lang


def t(msg_id: str, /, **args: Any) -> str:
    """Catalog message ``msg_id`` in the command's language."""
    return i18n.tr(lang(), msg_id, **args)


# argparse's own words (its headings, its -h help and its usage errors) as catalog messages (``args-...``): each
# message and its arguments given as argparse's own %-placeholders, which argparse fills in once the message is said.
# A message's English, said with these placeholders, is the English argparse asks gettext for (its msgid): that is
# how argparse's words are found. What is not here (a program's own fault) stays English.
_ARGPARSE_MESSAGES: dict[str, dict[str, str]] = {
    "args-usage": {},
    "args-positional": {},
    "args-options": {},
    "args-help": {},
    "args-argument": {"name": "%(argument_name)s", "message": "%(message)s"},
    "args-required": {"names": "%s"},
    "args-one-required": {"names": "%s"},
    "args-expected-one": {},
    "args-expected-at-most-one": {},
    "args-expected-at-least-one": {},
    "args-unrecognized": {"args": "%s"},
    "args-not-allowed-with": {"name": "%s"},
    "args-ignored-value": {"value": "%r"},
    "args-ambiguous": {"option": "%(option)s", "matches": "%(matches)s"},
    "args-unexpected-option": {"option": "%s"},
    "args-invalid-value": {"type": "%(type)s", "value": "%(value)r"},
    "args-invalid-choice": {"value": "%(value)r", "choices": "%(choices)s"},
    "args-unknown-command": {"name": "%(parser_name)r", "choices": "%(choices)s"},
}
# argparse's plural messages: its singular msgid -> the message id (a select on the number $n).
_ARGPARSE_PLURALS = {"expected %s argument": "args-expected-n"}
_ARGPARSE_ERROR = "%(prog)s: error: %(message)s\n"  # (argparse's error line: said as fail() says one)


@functools.cache
def _argparse_ids() -> dict[str, str]:
    """argparse's English (its gettext msgid) -> the catalog message that says it."""
    return {i18n.tr(i18n.DEFAULT, msg_id, **args): msg_id for msg_id, args in _ARGPARSE_MESSAGES.items()}


class _Said(str):
    """A plural message already said with its number: argparse's ``% n`` after ``ngettext`` leaves it as it is."""

    def __mod__(self, args: Any) -> str:
        return str(self)


def _argparse_gettext(message: str) -> str:
    """argparse's ``_``: its English in the command's language (its ``%`` placeholders kept for it to fill)."""
    if message == _ARGPARSE_ERROR:
        return "%(prog)s: " + t("cli-error").replace("%", "%%") + ": %(message)s\n"
    if not isinstance(message, str):
        return message
    words = message.rstrip(" ")  # ("usage: ": a catalog's message has no trailing space)
    msg_id = _argparse_ids().get(words)
    if msg_id is None:
        return message
    args = _ARGPARSE_MESSAGES[msg_id]
    text = i18n.tr(lang(), msg_id, **{k: f"\0{k}\0" for k in args}).replace("%", "%%")
    for k, placeholder in args.items():  # (the catalog's own % signs escaped, argparse's placeholders put back)
        text = text.replace(f"\0{k}\0", placeholder)
    return text + message[len(words):]


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    msg_id = _ARGPARSE_PLURALS.get(singular)
    if msg_id is None:
        return singular if n == 1 else plural
    return _Said(i18n.tr(lang(), msg_id, n=n))


def speak_argparse() -> None:
    """Have argparse say its own words (``usage:``, ``options``, ``-h``'s help, its usage errors) in the command's
    language, from the catalogs: argparse looks its ``_`` and ``ngettext`` up when it speaks, so every parser built
    or error raised after this call (every command's) speaks the language of ``--lang`` or the locale."""
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]


def add_game_arguments(p: argparse.ArgumentParser, moves: bool = True) -> None:
    """GAME, repeated ``--set key=value`` and (optionally) ``--moves "m1 m2 ..."``."""
    p.add_argument("game", metavar=t("eng-metavar-game"), help=t("cmd-help-game"))
    p.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar=t("eng-metavar-set"),
        help=t("cmd-help-set"),
    )
    if moves:
        p.add_argument(
            "--moves",
            default="",
            metavar=t("eng-metavar-moves"),
            help=t("cmd-help-moves"),
        )


def parse_settings(settings: list[str]) -> dict[str, str]:
    """``["heaps=3,4,5", "misere=true"]`` -> dict; a missing '=' is a usage error."""
    out: dict[str, str] = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(t("solve-set-syntax", item=repr(item)))
        out[key.strip()] = value
    return out


def split_moves(text: str) -> list[str]:
    """Moves separated by spaces, or by commas when moves contain spaces (`r a1, f b2`).

    Without commas a lone letter is the start of a two-word move: `r e5 f a1` is two moves.
    """
    text = text.strip()
    if not text:
        return []
    if "," in text and any(" " in part.strip() for part in text.split(",")):
        return [m.strip() for m in text.split(",") if m.strip()]
    out: list[str] = []
    for token in text.split():
        if out and len(out[-1]) == 1 and out[-1].isalpha():
            out[-1] = f"{out[-1]} {token}"
        else:
            out.append(token)
    return out


def allowed_text(param: rules.Param) -> str:
    """The values ``param`` accepts, in the command's language (``Parameter.allowed`` is the English)."""
    k, most = param.kind, param.max_items
    lo = "" if param.min is None else f"{param.min:g}" if isinstance(param.min, float) else str(param.min)
    hi = "" if param.max is None else f"{param.max:g}" if isinstance(param.max, float) else str(param.max)
    if k == "choice":
        return " | ".join(param.choices or ())
    if k == "bool":
        return "true | false"
    if k in ("int", "ints", "nums"):
        return t(f"server-allowed-{k}", lo=lo, hi=hi, most=most or 0)
    if k in ("strs", "str"):
        return t(f"server-allowed-{k}", most=most or 0, length=param.max_len or 0)
    return t(f"server-allowed-{k}", most=most or 0)


def rules_text(error: rules.RulesError) -> str:
    """A rules error in the command's language, from what it said (``RulesError.said``); its English where
    it said nothing more (the rules' moves are refused in English)."""
    if error.said is None:
        return str(error)
    msg_id, args = error.said
    if isinstance(error.param, rules.Param):
        args = {**args, "allowed": allowed_text(error.param)}
    why = t(msg_id, **args)
    return why if error.number is None else t("rules-replay", n=error.number, why=why)


def make_game(args: argparse.Namespace) -> rules.Game:
    try:
        return rules.create(args.game, **parse_settings(args.settings))
    except rules.ParameterError as e:
        fail(rules_text(e))


def default_db_path() -> str:
    """Where a node keeps its store unless told otherwise: $GRUNDY_DB, else the user's data folder."""
    env = os.environ.get("GRUNDY_DB")
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "grundy", "grundy.db")


def cannot_reach(where: str, problems: list[str]) -> str:
    """The words for nodes that did not answer (said by every command that talks to one: play, register,
    leaderboard, ...): ``where`` as the user gave it, ``problems`` one per node
    (``client.connection.why_unreachable``)."""
    return t("cmd-cannot-reach", where=where, why="; ".join(problems))


def complain(message: str) -> None:
    """``message`` (already in the command's language) on stderr as the command's error line."""
    print(f"grundy: {t('cli-error')}: {message}", file=sys.stderr)


def fail(message: str, code: int = 2) -> NoReturn:
    complain(message)
    sys.exit(code)


def server_urls(given: list[str] | None, default: str) -> list[str] | None:
    """The nodes of ``--server`` (repeated, or comma-separated; ``default`` when not given), or None after
    saying why they cannot be used (the command then exits 2)."""
    from grundy.client.connection import parse_servers

    try:
        return parse_servers(given or default, lang())
    except ValueError as e:
        complain(t("cmd-bad-server", why=str(e)))
        return None


def print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))
