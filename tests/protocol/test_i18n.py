"""The catalogs: complete in every language, every argument given where a message is used, plurals by
each language's rules (Babel), no words built outside the catalogs in the converted code, and the
CLI in each language."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from fluent.syntax import ast as fl
from fluent.syntax import parse
from fluent.syntax.visitor import Visitor

from grundy.protocol import ErrorCode, i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "protocol" / "locales"
OTHERS = [lang for lang in i18n.LANGS if lang != i18n.DEFAULT]

# Code whose user-facing words all come from the catalogs: (file, functions; empty: the whole file).
# Grow this list as more of the product is converted (docs/LANGUAGES.md).
CONVERTED: list[tuple[str, tuple[str, ...]]] = [
    ("cli/games.py", ("run_show", "_seat_arg", "_replay", "_picture")),
    ("cli/tournament.py", ("check_args", "render", "crosstable_lines", "one_line", "games_text", "elo_text",
                           "ended_text")),
    ("cli/tree.py", ("run_tree",)),
    ("cli/common.py", ("allowed_text", "rules_text", "parse_settings", "fail")),
    ("client/words.py", ("room_title", "param_name", "param_value")),
    ("solver/tree.py", ("outline", "_shown_code")),
    ("cli/solve.py", ("describe", "describe_explanation", "_components", "_map", "run_exam", "_show")),
    ("client/explained.py", ()),
    ("client/analysis.py", ()),
    ("client/controls.py", ("notation_lines", "hint_refusal_in", "hint_control")),
    ("client/tui/app.py", ("opponents", "columns", "compose", "show_games", "show_rooms", "_game_chosen")),
    ("client/tui/board.py", ("_heap_label", "_nim_rows", "_subtraction_rows", "_stones_rows")),
    ("client/tui/desk.py", ("compose", "show", "text", "notation_help", "on_option_list_option_selected",
                            "on_input_submitted", "action_back")),
    ("protocol/i18n.py", ()),
    ("client/gui/app.py", ("draw_panel", "status_line", "draw_question", "parse_vs", "_render", "act", "answer",
                           "ask_hint", "show_review", "_refused", "settings", "draw_button")),
    ("client/gui/analysis.py", ()),
    ("client/gui/draw.py", ()),
    ("client/gui/games.py", ()),
    ("client/gui/grids.py", ()),
    ("client/gui/heaps.py", ()),
    ("client/gui/lobby.py", ("draw_lobby", "field", "checkbox", "game_words", "opponent_label")),
    ("client/gui/players.py", ()),
    ("client/gui/said.py", ()),
    ("client/gui/session.py", ()),
    ("client/gui/tournaments.py", ()),
    ("client/gui/tree.py", ("code_text", "draw")),
]
# Every page script is scanned whole (a new one too), but for the mirrors: modules that copy a terminal
# client's model word for word (tests compare the two) and whose words the page never shows, saying
# them from the catalogs instead (the reason is kept here).
MIRRORS = {
    "client/web/tourney.js":
        "the terminal's tournament view; client/web/tournaments.js says its words from the catalogs",
}
PAGE_SCRIPTS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "client" / "web").glob("*.js"))
CONVERTED += [(path, ()) for path in PAGE_SCRIPTS if path not in MIRRORS]


class _Uses(Visitor):
    """The variables (``$name``) and the selectors' variant keys of one message."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.plural_keys: list[tuple[str, set[str]]] = []
        self.numbers: set[str] = set()  # the variables given to NUMBER()

    def visit_VariableReference(self, node: fl.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_FunctionReference(self, node: fl.FunctionReference) -> None:
        if node.id.name == "NUMBER":
            self.numbers |= {a.id.name for a in node.arguments.positional if isinstance(a, fl.VariableReference)}
        self.generic_visit(node)

    def visit_SelectExpression(self, node: fl.SelectExpression) -> None:
        keys = {v.key.name for v in node.variants if isinstance(v.key, fl.Identifier)}
        if isinstance(node.selector, fl.VariableReference):
            self.plural_keys.append((node.selector.id.name, keys))
        self.generic_visit(node)


def catalog(lang: str) -> dict[str, _Uses]:
    resource = parse(i18n.catalog_text(lang))  # every file of the language, as the clients read it
    junk = [e for e in resource.body if isinstance(e, fl.Junk)]
    assert not junk, f"{lang}: unparsable Fluent: {[j.content[:80] for j in junk]}"
    out = {}
    for entry in resource.body:
        if isinstance(entry, fl.Message):
            uses = _Uses()
            uses.visit(entry)
            assert entry.id.name not in out, f"{lang}: {entry.id.name} twice"
            out[entry.id.name] = uses
    return out


ENGLISH = catalog("en")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_message_exists_in_every_language_with_the_same_arguments(lang: str) -> None:
    other = catalog(lang)
    assert sorted(set(ENGLISH) - set(other)) == [], f"{lang} lacks these messages"
    assert sorted(set(other) - set(ENGLISH)) == [], f"{lang} has messages English does not (a typo?)"
    for msg_id, uses in other.items():
        assert uses.variables <= ENGLISH[msg_id].variables, f"{lang} {msg_id}: arguments English never gives"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_plural_variants_are_the_languages_own_categories(lang: str) -> None:
    """A select on a number has only CLDR categories of the language (Babel's), and ``other``."""
    categories = set(Locale(lang).plural_form.tags) | {"other"}
    for msg_id, uses in catalog(lang).items():
        for var, keys in uses.plural_keys:
            if keys <= {"yes", "no"} or var in WORD_SELECTORS:  # a yes/no switch or a closed set of words
                continue
            assert keys <= categories, f"{lang} {msg_id}: {sorted(keys - categories)} are not plural forms of {lang}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_message_renders_with_its_arguments_to_words(lang: str) -> None:
    for msg_id, uses in ENGLISH.items():
        args = {name: (3 if name in NUMERIC else "yes" if name == "fours" else "Ann") for name in uses.variables}
        text = i18n.tr(lang, msg_id, **args)
        assert text.strip() and msg_id not in text and "{" not in text, (lang, msg_id, text)


# variables whose selects pick among words of a closed set (a person's kind, where they are), not plurals
WORD_SELECTORS = {"where", "kind", "state", "format", "status", "level", "what", "param", "piece", "colour", "field"}
NUMERIC = {"n", "k", "g", "seat", "size", "cells", "nodes", "seconds", "ply", "plies", "before"}
NUMERIC |= {v for uses in ENGLISH.values() for v in uses.numbers}  # (a variable a message gives NUMBER() is a number)


def test_plurals_follow_the_language() -> None:
    assert [i18n.tr("ru", "moves-count", n=n) for n in (1, 2, 5, 21, 22, 11)] == [
        "1 ход", "2 хода", "5 ходов", "21 ход", "22 хода", "11 ходов"]
    assert [i18n.tr("uk", "moves-count", n=n) for n in (1, 3, 5, 101)] == ["1 хід", "3 ходи", "5 ходів", "101 хід"]
    assert [i18n.tr("bg", "moves-count", n=n) for n in (1, 2, 5)] == ["1 ход", "2 хода", "5 хода"]
    assert [i18n.tr("en", "moves-count", n=n) for n in (1, 2)] == ["1 move", "2 moves"]
    # Numbers by the language's rules (Babel): grouping and the decimal sign.
    assert i18n.tr("en", "moves-count", n=1000) == "1,000 moves"
    assert i18n.tr("uk", "moves-count", n=1000) == "1\xa0000 ходів"
    assert i18n.tr("ru", "solve-stats-none", seconds=0.5) == "ответ: без точного поиска за 0,50 с"


def test_the_language_is_picked_from_tags_and_locales() -> None:
    assert i18n.pick("uk-UA") == "uk" and i18n.pick("ru_RU.UTF-8") == "ru" and i18n.pick("BG") == "bg"
    assert i18n.pick("de-DE, ru;q=0.8") == "ru" and i18n.pick(["fr", "bg-BG"]) == "bg"
    assert i18n.pick("C") == i18n.pick("POSIX") == i18n.pick("") == i18n.pick(None) == i18n.pick("de") == "en"
    assert i18n.pick("x" * 100) == "en"
    assert i18n.from_env({"LANG": "uk_UA.UTF-8"}) == "uk"
    assert i18n.from_env({"LANG": "uk_UA.UTF-8", "LC_ALL": "bg_BG.UTF-8"}) == "bg"
    assert i18n.from_env({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "C"}) == "en"
    assert i18n.from_env({}) == "en"


def test_missing_words_fall_back_to_english_never_to_an_id_or_nothing() -> None:
    assert i18n.tr("de", "web-hint") == "Hint"
    assert i18n.tr_say("uk", {"id": "error-not_your_turn"}, "seat 1 to move") == "Зараз не ваш хід."
    assert i18n.tr_say("uk", {"id": "error-from-a-newer-node"}, "the node's words") == "the node's words"
    unknown = i18n.tr_say("ru", {"id": "error-from-a-newer-node"})
    assert unknown and "error-from" not in unknown
    with pytest.raises(i18n.UnknownMessage):
        i18n.tr("uk", "no-such-message")


def test_the_english_words_of_each_game_are_the_rules_own() -> None:
    """``game-<name>`` and ``game-about-<name>`` for every game of the catalog; the English description is
    the rules' (a change there is made here too)."""
    from grundy.rules import catalog as games

    for game in games.GAMES:
        assert f"game-{game.name}" in ENGLISH
        assert i18n.tr("en", f"game-about-{game.name}") == game.description, game.name


def test_the_explanations_phrases_say_in_english_what_the_solver_says() -> None:
    """Each ``ex-<phrase>`` uses only the phrase's own arguments (``solver.phrases.say`` gives exactly those), and
    its English is the phrase's template, written with the same arguments."""
    from grundy.client.explained import _argument, _specs, message_id
    from grundy.solver.phrases import PHRASES, placeholders, text

    samples = {"heaps": [3, 4, 5], "rows": [3, 4], "values": [3, 1], "leaves": [2, 3], "lost": [0, 3],
               "residues": [0, 2], "pairs": [[0, 0], [1, 2]], "k": 3, "cells": ["c3", "a1"],
               "moves": ["c3", "a1"], "line": ["h8", "h9", "h10"], "piece": "rook", "me": "black", "him": "white"}
    said = 0
    for pid, template in PHRASES.items():
        msg = message_id(pid)
        if msg not in ENGLISH:
            continue
        names = placeholders(template)
        for lang in i18n.LANGS:
            assert CATALOGS[lang][msg].variables <= names, (lang, pid)
        args = {n: samples.get(n, 7) for n in names}
        phrase = {"id": pid, "args": args}
        english = i18n.tr("en", msg, **{n: _argument("en", v, _specs(pid).get(n, "")) for n, v in args.items()})
        assert english == text(phrase), pid
        said += 1
    assert said >= 130


def test_every_error_code_has_its_sentence() -> None:
    assert sorted(c.value for c in ErrorCode if f"error-{c.value}" not in ENGLISH) == []


# ----------------------------------------------------------------------------- where messages are used

_PY_CALL = {"t": 0, "tr": 1, "tr_say": None}  # the function and the position of the message id


def _python_uses(path: Path) -> list[tuple[int, str, set[str] | None]]:
    """``(line, id, keyword names)`` of every ``t("id", ...)``, ``tr(lang, "id", ...)`` and
    ``Say(id="id", args={...})`` with a literal id (names None: given as ``**mapping``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        if name in ("t", "tr") and len(node.args) > _PY_CALL[name]:
            first = node.args[_PY_CALL[name]]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
                found.append((node.lineno, first.value, names))
        elif name == "Say":
            kw = {k.arg: k.value for k in node.keywords}
            if isinstance(kw.get("id"), ast.Constant):
                args = kw.get("args")
                names: set[str] | None = set()
                if isinstance(args, ast.Dict):
                    names = {k.value for k in args.keys if isinstance(k, ast.Constant)}
                elif args is not None:
                    names = None
                found.append((node.lineno, kw["id"].value, names))
    return found


_JS_CALL = re.compile(r"""\btr?\(\s*["']([a-z][a-z0-9_-]*)["']\s*(?:,\s*(?:\{([^}]*)\}|([A-Za-z_$][\w$.]*)))?""")
_HTML_ID = re.compile(r"""data-l10n-(?:id|title|label|placeholder)=["']([a-z][a-z0-9_-]*)["']""")


def _js_uses(path: Path) -> list[tuple[int, str, set[str] | None]]:
    text = path.read_text(encoding="utf-8")
    found = []
    for m in _JS_CALL.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        names = set() if m.group(2) is None else {
            part.split(":")[0].strip() for part in m.group(2).split(",") if part.strip()}
        unknown = m.group(3) is not None or any(n.startswith("...") for n in names)  # t(id, args): not read here
        found.append((line, m.group(1), None if unknown else names))
    for m in _HTML_ID.finditer(text):
        found.append((text.count("\n", 0, m.start()) + 1, m.group(1), set()))
    return found


def all_uses() -> list[tuple[str, int, str, set[str] | None]]:
    uses = []
    for folder in ("cli", "client", "server", "protocol", "solver"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            uses += [(str(path.relative_to(ROOT)), *u) for u in _python_uses(path)]
    for path in sorted((ROOT / "client" / "web").glob("*.*")):
        if path.suffix in (".js", ".html"):
            uses += [(str(path.relative_to(ROOT)), *u) for u in _js_uses(path)]
    return uses


def test_every_message_used_exists_and_gets_every_argument_it_uses() -> None:
    uses = all_uses()
    assert len(uses) > 30, "the scan found almost no use of the catalogs: is it broken?"
    problems = []
    for where, line, msg_id, given in uses:
        if msg_id not in ENGLISH:
            problems.append(f"{where}:{line}: {msg_id} is in no catalog")
            continue
        needed = set().union(*(catalog_uses[msg_id].variables for catalog_uses in CATALOGS.values()))
        if given is not None and needed - given:
            problems.append(f"{where}:{line}: {msg_id} needs {sorted(needed - given)}")
    assert not problems, "\n".join(problems)


CATALOGS = {lang: catalog(lang) for lang in i18n.LANGS}


def test_the_scan_of_uses_finds_a_missing_argument(tmp_path: Path) -> None:
    src = tmp_path / "x.py"
    src.write_text('t("solve-to-move")\ntr(lang, "end-resign", name="Ann")\np.Say(id="error-internal")\n')
    assert _python_uses(src) == [(1, "solve-to-move", set()), (2, "end-resign", {"name"}), (3, "error-internal", set())]
    js = tmp_path / "x.js"
    js.write_text('el.textContent = t("web-their-turn", {name: who});\nt("web-hint");\n')
    assert _js_uses(js) == [(1, "web-their-turn", {"name"}), (2, "web-hint", set())]


# ----------------------------------------------------------------------------- words outside the catalogs

_WORDS = re.compile(r"[A-Za-z]{2,}[ ,:;]+[A-Za-z]{2,}")  # two words in a row: a phrase for people
# Text for another program, known by what it is: SQL, a Lua script for Redis.
_PROGRAM_TEXT = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|PRAGMA|BEGIN|SAVEPOINT|RELEASE|ROLLBACK|CREATE|ALTER|"
                           r"DROP|WITH)\b|redis\.call\(|\bKEYS\[|\bARGV\[")
_LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
_LOGGERS = {"log", "logger", "logging"}
# Calls whose arguments are for programs, not people: SQL, metrics' names and help, regexes and the str methods
# that compare or cut text (a pattern, never said).
_NOT_SAID_CALLS = {"execute", "executemany", "executescript", "Counter", "Gauge", "Histogram", "counter", "gauge",
                   "labelled_gauge", "labelled_counter", "HistogramMetricFamily", "GaugeMetricFamily",
                   "CounterMetricFamily", "compile", "match", "search", "fullmatch", "sub", "findall", "finditer",
                   "startswith", "endswith", "removeprefix", "removesuffix", "split", "rsplit", "replace", "strip",
                   "partition", "rpartition"}
_RICH_STYLE_WORDS = {"bold", "dim", "italic", "underline", "reverse", "strike", "blink", "not", "on", "default",
                     "none", "b", "i", "u", "s", "link", "overline", "conceal", "frame", "encircle"}


def _rich_style(text: str) -> bool:
    """A Rich style (``bold red``, ``dim``, ``[b]``...), not words."""
    from rich.color import ANSI_COLOR_NAMES

    words = re.findall(r"[^\s\[\]/]+", text)
    return bool(words) and all(w in _RICH_STYLE_WORDS or w in ANSI_COLOR_NAMES or re.fullmatch(r"#[0-9a-fA-F]{6}", w)
                               for w in words)


def _type_text(text: str) -> bool:
    """A type written as a string (``"Coroutine[Any, Any, None] | None"``): a forward reference, not words."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    allowed = (ast.Expression, ast.Name, ast.Attribute, ast.Subscript, ast.Tuple, ast.List, ast.BinOp, ast.BitOr,
               ast.Load, ast.Constant)
    return all(isinstance(n, allowed) and (not isinstance(n, ast.Constant) or n.value in (None, Ellipsis))
               for n in ast.walk(tree)) and "[" in text


def _call_name(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def _logs(node: ast.Call, wrappers: frozenset[str] = frozenset()) -> bool:
    """A logging call (``log.info``, ``logging.warning``, ``self.log.error``) or a call of a log wrapper."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in _LOG_METHODS:
        recv = func.value
        return (isinstance(recv, ast.Name) and recv.id in _LOGGERS) or \
            (isinstance(recv, ast.Attribute) and recv.attr in _LOGGERS)
    return _call_name(node) in wrappers


def _made_of(fmt: ast.expr, params: set[str]) -> bool:
    """``fmt`` is a parameter, or a parameter joined to constant text (``"shutdown: " + what``)."""
    if isinstance(fmt, ast.BinOp) and isinstance(fmt.op, ast.Add):
        sides = (fmt.left, fmt.right)
        return any(_made_of(x, params) for x in sides) and all(
            _made_of(x, params) or isinstance(x, ast.Constant) for x in sides)
    return isinstance(fmt, ast.Name) and fmt.id in params


def log_wrappers(tree: ast.AST) -> frozenset[str]:
    """A module's functions that word log lines: a parameter of theirs makes the format of a logging call (or of
    another wrapper's), as lifecycle's ``step`` and ``more`` do.  Their arguments, in the module, are for operators."""
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    found: set[str] = set()
    while True:
        more = set()
        for f in functions:
            params = {a.arg for a in f.args.args + f.args.kwonlyargs}
            for call in (c for c in ast.walk(f) if isinstance(c, ast.Call) and c.args):
                if _logs(call, frozenset(found)) and _made_of(call.args[0], params):
                    more.add(f.name)
        if more <= found:
            return frozenset(found)
        found |= more


def phrases(source: str, functions: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    """String constants that read as words for people, in ``functions`` (all of the source when empty), leaving
    out only what is not said to people, known by what it is: docstrings; the catalogs' ids; the arguments of
    logging calls and of the module's log wrappers, of SQL, metrics, regex and str-method calls, a task's name;
    SQL and Lua text, a type written as a string, a Rich style; Textual CSS (a ``CSS`` assignment); a word
    without a space (a key, an id)."""
    tree = ast.parse(source)
    roots: list[ast.AST] = [tree] if not functions else [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in functions]
    if functions:
        assert {n.name for n in roots} == set(functions), "a converted function is gone: update CONVERTED"
    wrappers = log_wrappers(tree)
    skip: set[int] = set()
    for root in roots:
        for node in ast.walk(root):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))  # a docstring
            if isinstance(node, ast.Call) and (_logs(node, wrappers) or _call_name(node) in _NOT_SAID_CALLS):
                skip.update(id(sub) for sub in ast.walk(node))
            if isinstance(node, ast.Call) and _call_name(node) == "create_task":
                skip.update(id(sub) for k in node.keywords if k.arg == "name" for sub in ast.walk(k.value))
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and "CSS" in t.id for t in node.targets):
                skip.update(id(sub) for sub in ast.walk(node.value))
            if isinstance(node, ast.ClassDef):  # (a Textual widget's CSS)
                for st in node.body:
                    if isinstance(st, (ast.Assign, ast.AnnAssign)) and "CSS" in ast.unparse(st).split("=")[0]:
                        skip.update(id(sub) for sub in ast.walk(st))
    found = []
    for root in roots:
        for node in ast.walk(root):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
                continue
            text = node.value
            if text in ENGLISH or not _WORDS.search(text) or not re.search(r"\s", text) or _PROGRAM_TEXT.search(text) \
                    or _type_text(text) or _rich_style(text):
                continue
            found.append((node.lineno, text))
    return sorted(found)


def test_the_phrase_scan_finds_words_built_in_code() -> None:
    source = 'def describe(x):\n    """Doc words."""\n    return f"seat {x} to move" + t("solve-over")\n'
    assert phrases(source, ("describe",)) == [(3, " to move")]
    # Every call's arguments are read (a message id, a log line, SQL or a style are known by what they are).
    source = ('def f(self):\n    self.say("no older games")\n    fail("--set needs GAME")\n    t("solve-over")\n'
              '    log.info("room %s: %d moves", r, n)\n    db.execute("SELECT id FROM rooms WHERE a = ?", x)\n'
              '    Static("", classes="dim italic")\n    style = "bold red on white"\n'
              '    T = cast("Callable[[int], str | None]", f)\n    KEY = "rooms:live"\n')
    assert phrases(source) == [(2, "no older games"), (3, "--set needs GAME")]
    # A log wrapper, known by what it does: its parameter makes a log line's format.
    source = ('def step(self, what, *args):\n    log.info("shutdown: " + what, *args)\n\n'
              'def more(self, what):\n    self.step(what)\n\n'
              'def run(steps):\n    steps.more("closing %d connections", 3)\n    steps.say("the server is closing")\n')
    assert log_wrappers(ast.parse(source)) == {"step", "more"}
    assert phrases(source) == [(9, "the server is closing")]


_JS_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`""")


def _css_names() -> set[str]:
    """The page's CSS class names and the HTML elements its selectors name: a literal of only these is a
    class list or a selector, not words for people."""
    names = {"details", "summary", "has", "last-child", "first-child", "not", "input", "textarea", "select", "dialog",
             "button"}
    for css in (ROOT / "client" / "web").glob("*.css"):
        names |= set(re.findall(r"[.#]([A-Za-z][\w-]*)", css.read_text(encoding="utf-8")))
    return names


_CSS = _css_names()


def _css(word: str) -> bool:
    """A class name (or an element) of the page; ``mark-`` before a ``${...}``: the start of one."""
    return word in _CSS or (word.endswith("-") and any(name.startswith(word) for name in _CSS))
# Literals that are not said to people: the words of the protocol a page module compares or looks up (a
# key, after === or in startsWith), the program's own faults (new Error, console) for its developers.
_NOT_SAID = re.compile(r"""(===|!==|startsWith\(|new [A-Z]\w*\(|console\.\w+\()\s*$""")


def js_phrases(source: str) -> list[tuple[int, str]]:
    """String literals of a page module that read as words for people (comments and imports left out)."""
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        code = line.split("//", 1)[0]
        if code.lstrip().startswith(("import ", "*", "/*")):
            continue
        for m in _JS_STRING.finditer(code):
            if code[:m.start()].rstrip().endswith(("class:", "type:")):  # CSS classes, a MIME type: not words
                continue
            if _NOT_SAID.search(code[:m.start()]) or code[m.end():].lstrip().startswith(":"):  # (a key)
                continue
            literal = re.sub(r"\$\{[^}]*\}", " ", m.group(0)[1:-1])
            if all(_css(w) for w in re.findall(r"[A-Za-z][\w-]*", literal)):  # a class list or a selector
                continue
            if _WORDS.search(literal):
                found.append((number, literal))
    return found


def test_the_js_scan_finds_words_built_in_code() -> None:
    assert js_phrases('const a = t("end-you-won");\nconst b = `${x} won the game`; // a comment here\n') == [
        (2, "  won the game")]
    assert js_phrases('el("li", { class: "challenge outgoing", title: "the whole game" });\n') == [
        (1, "the whole game")]
    assert js_phrases('const k = { "kept the win": "kept-win" };\nif (v === "a win in sight") f();\n') == []
    assert js_phrases('throw new Error("the frame ends here");\nconsole.warn("cannot read this");\n') == []
    assert js_phrases('return ["", "piece evader"];\nreturn ["", "quite some words"];\n') == [(2, "quite some words")]


def test_every_page_script_is_scanned() -> None:
    scanned = {path for path, _ in CONVERTED} | set(MIRRORS)
    assert set(PAGE_SCRIPTS) <= scanned and len(PAGE_SCRIPTS) > 15


@pytest.mark.parametrize(("path", "functions"), CONVERTED)
def test_no_words_for_people_are_built_outside_the_catalogs(path: str, functions: tuple[str, ...]) -> None:
    kinds = STILL_ENGLISH.get(path, {})
    allowed = {t for kind in ("program", "beside") for t in kinds.get(kind, ())}  # (not words for people alone)
    source = (ROOT / path).read_text(encoding="utf-8")
    said = js_phrases(source) if path.endswith(".js") else phrases(source, functions)
    found = [f"{path}:{line}: {text!r}" for line, text in said if _shown(text) not in allowed]
    assert not found, "words built in code; put them in protocol/locales/*/*.ftl:\n" + "\n".join(found)


# Every English phrase the scan still finds in a Python module of the node and the Python clients (cli/, client/
# but the page, server/), by kind, each as its first 60 characters:
#   "program": for operators or programs only: log lines and the node's log wrappers' words, tasks' names, faults
#              that reach no client, the admin API, settings refused at start, record formats, Redis' and the
#              store's own errors, self-checks, HTTP headers; styles, widget ids, key names and notation;
#   "beside":  English a person may read, but only beside a message id of the catalogs that every client says
#              instead (an `error`'s `message` beside its `say`, a result's `reason` beside `reason_say`);
#   "people":  English for people with no message id beside it: none in the node; a client's left to convert.
# A phrase not listed here fails the test below: word it in protocol/locales/*/*.ftl (or, if it is truly not for
# people, list it as "program" with why in the module's comment).  docs/LANGUAGES.md, "Still English, and why".
STILL_ENGLISH: dict[str, dict[str, list[str]]] = {
    # the Gomocup protocol's command names, quoted in eng-brain-not-a-number (notation)
    "cli/pbrain.py": {
        "program": ['START size', 'RECTSTART height', 'RECTSTART width', 'BOARD field', 'INFO rule'],
    },
    # the SDK's programming errors (ClientError raised for a misuse)
    "client/connection.py": {
        "program": ['connect() was already called on this connection', 'no node to connect to',
            'a request with this ref is already waiting for its reply',
            'not connected: call connect() first (or use `async with`)'],
    },
    # the click map's ids; the command's name before an error
    "client/gui/app.py": {
        "program": ['do chat', 'chat box', 'grundy play: ', 'grundy play: '],
    },
    # a programming error (a target that was not drawn)
    "client/gui/board.py": {
        "program": [' was drawn; drawn: ', 'nothing named '],
    },
    # a refused request's verb (screen-tverb-* says it)
    "client/gui/said.py": {
        "beside": ['open the tournament'],
    },
    # the click map's id
    "client/gui/tree.py": {
        "program": ['do node'],
    },
    # an entrant's kind in the English standings (standings_said says web-tkind instead)
    "client/tournament_view.py": {
        "beside": ['bot client'],
    },
    # keys' descriptions (the footer says screen-key-* instead)
    "client/tui/analysis.py": {
        "beside": ['what if', 'game tree', 'analysis board'],
    },
    # keys' descriptions (the footer says tui-key-* instead) and refused requests' verbs (screen-tverb-* says
    # them)
    "client/tui/app.py": {
        "beside": ['create room', 'new tournament', 'quick match', 'leave queue', 'no draw', 'analysis board',
            'show the tournament', 'create the tournament'],
    },
    # a key's description (the footer says tui-key-open-node instead)
    "client/tui/desk.py": {
        "beside": ['open position'],
    },
    # a key's description (the footer says tui-key-watch instead)
    "client/tui/tournaments.py": {
        "beside": ['watch game'],
    },
    # internal errors (error-internal beside them); a fault; task names
    "server/actor.py": {
        "beside": ['the server could not encode its answer', 'the server could not store this'],
        "program": [': a new room over moves of its native twin not folded in', ' bot job'],
    },
    # the admin HTTP API's JSON answers and header (operators: grundy admin); an abort's reason beside
    # lobby-end-admin
    "server/admin.py": {
        "beside": ['aborted by an administrator: '],
        "program": ['nodes, rooms, rooms/ROOM/abort, players/NAME/kick|ban|unban,', 'no admin command ',
            'administration is off on this node (no ', 'a wrong or missing admin secret',
            'Bearer realm="grundy admin"', "the cluster's Redis failed: ",
            'the node failed on this command (see its log)', ': give one (?', ': at most ', 'player name ',
            ': one of ', ': no such game (grundy games lists them)', ': no such room', ': it has ended already (',
            ' is not banned', 'stopping already', 'no admin action ', ': not run on node ',
            ': it has ended already (', ': not ended after '],
    },
    # the bot pool's faults and settings (operators), a bot's reason (logs)
    "server/bots.py": {
        "program": [': unknown level ', '; levels are: ', ' is not a number of seconds',
            ' must be a number of seconds >= 0', ' moves: there is no move to choose', 'the game is over after ',
            ' is not a number of processes >= 1', ' must be >= 0', ' must be > 0', 'the bot pool was closed',
            'the bot pool was closed', 'the bot pool was closed', 'the bot pool is closed',
            'the bot pool was not started', ': unknown bot level ', '; levels are: ', 'no worker free in time',
            'no worker free within ', 'cancelled past its budget', 'a bot worker could not be started: ',
            'a bot worker could not be started: ', 'did not start in time', ' did not start: ', 'bot worker ',
            'timed out', 'start cancelled', 'died while starting', 'overran its budget', 'the bot pool was closed',
            ': the game is over: there is no move to choose', 'in the node after: '],
    },
    # a programming error (the protocol bounds a time control first)
    "server/clock.py": {
        "program": ['time control: initial_s must be > 0, got ', 'time control: increment_s must be >= 0, got '],
    },
    # background tasks' names (logs)
    "server/cluster/adapters.py": {
        "program": ['shutdown: handing the rooms over (if not, they are taken ove', ': a device of a seat in ',
            ': a request sent again', ': gone from ', ': a device of a seat in ', ': the room list',
            ': its tournament'],
    },
    # a fault (logs)
    "server/cluster/asks.py": {
        "program": [' did not answer in '],
    },
    # the bot queue's faults and settings (operators)
    "server/cluster/botqueue.py": {
        "program": ['not a job: level ', ' must be >= 0', ' must be >= 1', 'the bot queue is closed',
            'the bot queue was not started', ': unknown bot level ', '; levels are: ', 'the bot queue was closed',
            'Redis failed: ', 'no bot worker takes level ', 'the bot queue was closed', 'Redis failed: ',
            'no answer from a worker within ', 'cannot be answered', 'in the node after: ',
            ': no move could be chosen'],
    },
    # --redis URLs refused (grundy serve's operator)
    "server/cluster/connect.py": {
        "program": [' (none reachable, or none knows that name)', 'no Sentinel answered with a primary named ',
            ': give a URL such as redis://127.0.0.1:6379/0',
            ": give the primary's name after the Sentinels: ...HOST:PORT/", ' is not a number', ': the database ',
            ': give HOST:PORT (e.g. 127.0.0.1:26379)', 'no Sentinel given: give HOST:PORT[,HOST:PORT...]',
            ': give the name the Sentinels monitor the primary by'],
    },
    # a log line's format
    "server/cluster/forwarding.py": {
        "program": ['node %s did not answer in %.0f s'],
    },
    # a fault
    "server/cluster/inbox.py": {
        "program": ['no inbox message is tagged '],
    },
    # warnings at start (logs), tasks' names; `unavailable` errors (error-unavailable beside)
    "server/cluster/leases.py": {
        "beside": [' is stored in a format of a newer version of the server; a n',
            ' is being handed to another node, and none has it yet: send '],
        "program": ["cluster: Redis's primary has {linked} replicas linked, and a",
            'cluster: a move waits for {wanted} replicas, and the primary',
            'cluster: the primary has {linked} replicas, but a move waits', 'the cluster has not started',
            ': run again from its log', 'the rooms after an outage', ' rooms released by ', ' released by '],
    },
    # `unavailable` errors (error-unavailable beside them); a log's reason
    "server/cluster/outage.py": {
        "beside": ["the cluster's store (Redis) is unreachable or coming back; n"],
        "program": ["the subscriber's link dropped"],
    },
    # shutdown stages and tasks' names (logs)
    "server/cluster/shell.py": {
        "program": [', bus on ', 'cluster shutdown: ', 'cluster shutdown: loops',
            'cluster shutdown: background writes', 'releasing the rooms', 'node keys'],
    },
    # the store's own errors (faults, logged; a client reads error-internal); a write refused `unavailable`
    # (error-unavailable beside its message)
    "server/cluster/store.py": {
        "beside": ['the store is unreachable or settling after an outage: nothin', 'cannot store ',
            ': Redis cannot serve yet (', 'WAIT failed (', 'WAIT failed (', ' replicas acknowledged it in ',
            " rooms' writes not acknowledged: ", 'cannot store '],
        "program": ['); left to a node that does', ', which this node does not read (it reads ',
            ': stored in format ', ': refused, the room is held by ', 'the write script answered ',
            ': give replicas >= 0 and wait_ms > 0', 'cannot store ',
            'Redis at the other end is a replica now (a failover)',
            'the connection to Redis was replaced between the write and W',
            'Redis at the other end is a replica now (a failover)', 'cannot store ', ' races in a row',
            ': its rating update lost '],
    },
    # Redis wire errors, tasks' names
    "server/cluster/wire.py": {
        "program": ['Sentinel master ', 'no primary found (', 'an array item starting with ',
            'a reply starting with ', 'a bulk string longer than it said', 'a reply starting with ',
            'Redis sent what we cannot read (', 'Redis sent a reply nothing asked for', 'the link to Redis dropped (',
            ' did not answer in ', 'Redis at ', 'the connection to Redis is closed',
            'the connection to Redis is closed', 'the connection to Redis is closed',
            'the connection to Redis is closed', 'cannot connect to Redis at ', 'cannot connect to Redis at ',
            'the login', 'connecting was given up', 'Redis refused ', 'Redis at ',
            'the connection to Redis is closed'],
    },
    # bot workers' settings and faults (operators)
    "server/cluster/workers.py": {
        "program": ['; levels are: ', 'none given', ' must be >= 100', ' is not a number of processes >= 1',
            ' exited while starting (', 'bot worker ', ' did not start in ', 'bot worker '],
    },
    # an assertion
    "server/embedded.py": {
        "program": ['the node has not started'],
    },
    # the `message` of internal and unanswered errors (error-internal, error-unanswered beside)
    "server/errors.py": {
        "beside": ['the server failed on this request', 'the node that runs this room did not answer; try again'],
    },
    # shutdown stages (logs)
    "server/lifecycle.py": {
        "program": ['no client here', "no other node's address known", ' events left unprocessed)',
            ' events left unprocessed)', ' (not stored in '],
    },
    # --log-format refused (operators)
    "server/logs.py": {
        "program": [': one of ', 'log format '],
    },
    # a programming error
    "server/matchmaking.py": {
        "program": ['Matchmaking.handle: not an event: '],
    },
    # the metrics page's content type
    "server/metrics.py": {
        "program": ['text/plain; version=0.0.4; charset=utf-8'],
    },
    # GRUNDY_NATIVE refused (operators)
    "server/native.py": {
        "program": [': say one of '],
    },
    # assertions, faults, shutdown stages; refusals' `message` (error-<code> beside)
    "server/node.py": {
        "beside": ['say hello (or resume) first', 'the server is stopping: no new rooms'],
        "program": ['the node has not started', 'the node has not started', 'the background writes',
            "the rooms' writes", 'stopping bot workers', 'closing the store', 'no route for ', 'no room event for '],
    },
    # programming errors
    "server/ratings.py": {
        "program": [' is not one of win, draw, loss', ' is not between 0 and 1',
            ' cannot play a rated game against itself', ' are not one win and one loss or two draws',
            ' is not positive', ' is negative', ' is not between 0 and 1', ' cannot play a rated game against itself',
            ' are not one win and one loss or two draws'],
    },
    # record formats (PGN tags), a programming error
    "server/record_formats.py": {
        "program": [': the formats are ', 'hosted bot', ': .psq holds gomoku games, not '],
    },
    # the text record format (grundy export, get_record's text)
    "server/records.py": {
        "program": ['rated (its ratings are not updated yet, or it changed none)', '  time control ',
            '  opening: the first ', ' moves, played in by the server'],
    },
    # a stored room's reason: its record's (records are kept in English)
    "server/restore.py": {
        "program": ['internal error: the room could not be restored after a resta'],
    },
    # a refusal's `message` (its say beside); a stored room that cannot come back (an `internal` error's
    # message, error-internal beside, or its record's reason); programming errors
    "server/room/core.py": {
        "beside": [' is illegal: ', 'opening: move ', ' seats stored for ', ': stored moves skip from ply ',
            ': stored move '],
        "program": ['Room.handle: not a room event: ', ' by seat ', ' does not follow ply ', 'a plain move at ply ',
            ': a plain move does not follow ply '],
    },
    # a result's reason (lobby-end-draw-agreed beside)
    "server/room/draws.py": {
        "beside": ['draw by agreement'],
    },
    # an abort's default reason (lobby-end-closed beside)
    "server/room/events.py": {
        "beside": ['the room was closed'],
    },
    # a refusal's `message` (error-not_finished beside)
    "server/room/present.py": {
        "beside": [': the game is still '],
    },
    # a seat's label in English reasons (reason_say beside; a finished game has no open seat); a programming
    # error
    "server/room/values.py": {
        "beside": ['(invite seat)', '(open seat)'],
        "program": ['move index out of range'],
    },
    # background tasks' names (logs)
    "server/room_events.py": {
        "program": [": its players' games", ': forget its spectators', ': out of the quick-match queue'],
    },
    # the store's own errors, SQL fragments, a stored room's reason (its record's)
    "server/store.py": {
        "program": ['room_id, ply, seat, text, at, clocks',
            ' FROM move_log ORDER BY room_id, ply;\n    DROP TABLE move_lo', ' in the store', 'no room ',
            'cannot store ', 'cannot store a group of ', ': cannot store move at ply ',
            'moves are appended inside a transaction', 'FOREIGN KEY constraint failed: no room ',
            ' ORDER BY room_id, ply', 'INTO moves (', "internal error: the room's stored data could not be read (",
            ' DESC LIMIT ', ": the store's schema is version ", '; this server knows up to ',
            ' is a folder, not a store file', 'no store at ', ' cannot be opened: ',
            ' is not a grundy store (SQLite cannot read it: ',
            " is not a grundy store (an SQLite file without a store's roo", ": the store's schema is version ",
            '; this version reads up to ', ' has ply ', ' stored already (ply '],
    },
    # an SQL fragment
    "server/store_records.py": {
        "program": ['player = ? AND game = ?'],
    },
    # a tournament's end reason (wire-tournament-ended-* beside); a stored form that cannot come back (logs)
    "server/tournament/core.py": {
        "beside": ['the challenger withdrew', 'stopped by its creator before the start', 'not started: ',
            'all rounds played', 'stopped by its creator', ' needs at least 2 entrants, ', ' entrants (at most ',
            ' swiss rounds without repeats need more than ', ' has not entered', 'the challenger '],
        "program": [': the stored form is malformed: '],
    },
    # background tasks' names and a log's word
    "server/tournaments.py": {
        "program": ['rating of ', 'lost in the restart', ': who is away in ', 'who is still away in '],
    },
    # websockets self-checks (logs)
    "server/transport.py": {
        "program": [' is not a ', 'Connection no longer sets ', ' is gone',
            'Connection.data_received no longer calls ',
            'ServerConnection no longer keeps the handshake request in se',
            'Assembler no longer keeps its frames in self.frames',
            "the frames' queue no longer keeps them in self.queue", 'the sans-I/O protocol has no ',
            "the sans-I/O protocol's reader keeps no bytearray buffer", 'the sans-I/O protocol has no ',
            "the sans-I/O protocol's state is no longer a property with a",
            'the sans-I/O protocol sets its state past the state setter'],
    },
    # HTTP headers: content types, the page's CSP, Allow, a status phrase
    "server/web.py": {
        "program": ['text/html; charset=utf-8', 'text/javascript; charset=utf-8', 'text/css; charset=utf-8',
            "default-src 'self'; connect-src 'self' ws: wss:; img-src 'se", 'text/plain; charset=utf-8', 'GET, HEAD',
            'Not Modified', 'text/plain; charset=utf-8'],
    },
    # (a converted module of the protocol) a programming error: a language with no catalog
    "protocol/i18n.py": {
        "program": ['no catalog for '],
    },
}
KINDS = ("program", "beside", "people")


def _shown(text: str) -> str:
    return text[:60]


def test_every_english_phrase_of_the_node_and_the_python_clients_is_classified() -> None:
    """The scan covers every Python module in server/, cli/ and client/ (the page's modules: CONVERTED): a new
    module or a new English phrase in an old one fails here, so nothing is left out of the catalogs unseen; a
    phrase of the node's listed but gone fails too (the list says what is there)."""
    new, gone = [], []
    for folder in ("cli", "client", "server"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel.startswith("client/web/"):
                continue
            found = phrases(path.read_text(encoding="utf-8"))
            listed = Counter(t for texts in STILL_ENGLISH.get(rel, {}).values() for t in texts)
            extra = Counter(_shown(text) for _, text in found) - listed
            new += [f"{rel}:{line}: {text!r}" for line, text in found if extra[_shown(text)] > 0]
            if rel.startswith("server/"):  # (cli/ and client/ are being converted: their lists may only shrink)
                gone += [f"{rel}: {text!r}" for text in listed - Counter(_shown(text) for _, text in found)]
    assert not new, "words for people go in protocol/locales/*/*.ftl:\n" + "\n".join(new)
    assert not gone, "listed in STILL_ENGLISH but no longer in the code: take them off\n" + "\n".join(gone)


def test_the_classification_names_kinds_and_the_node_says_nothing_to_people_in_english() -> None:
    assert all(set(kinds) <= set(KINDS) and all(kinds.values()) for kinds in STILL_ENGLISH.values())
    assert [m for m, kinds in STILL_ENGLISH.items() if m.startswith("server/") and "people" in kinds] == []
    assert all((ROOT / m).is_file() for m in STILL_ENGLISH if not m.startswith(("cli/", "client/")))


# ----------------------------------------------------------------------------- the CLI in each language


def _grundy(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    return subprocess.run([sys.executable, "-m", "grundy.cli.main", *args], capture_output=True, text=True,
                          env={**clean, **env}, timeout=120, check=False)


def _here(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """What :func:`_grundy` gives, run in this process by the same main (tests/cli/inproc.py)."""
    from tests.cli import inproc

    return inproc.grundy(*args, lang=None, env=env)


@pytest.mark.parametrize(("env", "words"), [
    ({"LANG": "uk_UA.UTF-8"}, ["ходить місце 0: виграш за 6 ходів", "нім-сума  2  010", "виграшні ходи:",
                               "за нім-сумою: нім-сума 3 XOR 4 XOR 5 = 2; візьміть 2 з купки 1, щоб залишити",
                               "  купка 1   3  011", "  1:2: взяти 2 з купки 1: 3 стає 1, нім-сума 0"]),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, ["выигрыш за 6 ходов", "ним-сумма  2  010", "выигрышные ходы:",
                                                        "по ним-сумме: ним-сумма 3 XOR 4 XOR 5 = 2"]),
    ({"LANG": "bg_BG.UTF-8"}, ["печели за 6 хода", "ним-сума   2  010", "печеливши ходове:",
                               "по ним-сумата: ним-сумата 3 XOR 4 XOR 5 = 2"]),
    ({"LANG": "C.UTF-8"}, ["seat 0 to move: win in 6", "nim-sum  2  010", "winning moves:"]),
])
def test_grundy_solve_speaks_the_systems_language(env: dict[str, str], words: list[str]) -> None:
    run = _grundy if "LC_ALL" in env else _here  # (LC_ALL over LANG: in a process of its own)
    done = run("solve", "nim", "--set", "heaps=3,4,5", env=env)
    assert done.returncode == 0, done.stderr
    for w in words:
        assert w in done.stdout, done.stdout


@pytest.mark.parametrize(("args", "out", "err"), [
    (["show", "nim", "--set", "heaps=3,4", "--lang", "uk"], ["ходить: місце 0", "можливі ходи: 1:1 1:2"], ""),
    (["show", "nim", "--moves", "1:3 2:4 3:5", "--lang", "ru"], ["игра окончена: место 0: выигрыш, место 1: проигрыш"],
     ""),
    (["show", "nim", "--as", "7", "--lang", "bg"], [], "grundy: грешка: --as '7': местата са 0..1"),
    (["show", "nim", "--set", "heaps", "--lang", "uk"], [], "grundy: помилка: --set 'heaps': пишіть КЛЮЧ=ЗНАЧЕННЯ"),
    (["tournament", "nim", "--player", "bot:easy", "--lang", "ru"], [],
     "grundy: ошибка: укажите хотя бы двух игроков"),
    (["match", "nim", "bot:easy", "bot:easy", "--games", "0", "--lang", "uk"], [],
     "grundy: помилка: --games 0: від 1 до"),
])
def test_show_match_and_tournament_speak_the_chosen_language(args: list[str], out: list[str], err: str) -> None:
    done = _here(*args, env={})
    for w in out:
        assert w in done.stdout, done.stdout
    assert done.stderr.startswith(err), done.stderr
    assert done.returncode == (2 if err else 0)


def test_lang_overrides_the_locale_and_errors_are_said_in_it() -> None:
    done = _here("solve", "nim", "--set", "heaps=3,4,5", "--lang", "ru", env={"LANG": "uk_UA.UTF-8"})
    assert "ним-сумма" in done.stdout and "нім-сума" not in done.stdout
    done = _here("--lang", "bg", "solve", "nim", "--set", "heaps", env={})
    assert done.returncode == 2 and done.stderr.startswith("grundy: грешка: --set 'heaps': пишете КЛЮЧ=СТОЙНОСТ")
    done = _here("exam", "--lang", "ru", env={})
    assert done.returncode == 0 and "19: 18   (наименьшее S: Ваня может выиграть" in done.stdout


_ENGLISH_WORDS = re.compile(r"\b(the|move|moves|wins|loses|player|opponent|cell|engine|five|fours|centre|price|rounds|"
                            r"king|queen|rook|knight|black|white|by)\b")


@pytest.mark.parametrize(("name", "settings", "moves"), [
    ("corner", {"piece": "king"}, []),
    ("corner", {"piece": "queen", "width": 6, "height": 6}, []),
    ("corner", {"piece": "rook"}, []),
    ("corner", {"piece": "knight"}, []),
    ("coins", {}, []),
    ("coins", {}, ["b2"]),
    ("pawn", {}, []),
    ("mnk", {}, []),
    ("gomoku", {}, "h8 h9 i8 i9 j8 j9 k8 a1".split()),  # black makes five
    ("gomoku", {}, "h8 h9 i8 i9 j8 j9 k8".split()),  # white faces an open four
    ("gomoku", {}, "h8 h9 i8 i9 j8".split()),  # white must stop an open three
    ("gomoku", {}, ["h8"]),  # nothing proven: the engine's choice
    ("pursuit", {"width": 5, "height": 4}, []),
])
def test_explanations_of_every_game_read_in_each_language_with_no_english(
        name: str, settings: dict[str, Any], moves: list[str]) -> None:
    """Corner, coins, pawn and the line games are explained whole in each language: the reason, what decided
    it, and every move's note, with the pieces' and colours' names in the language too."""
    from grundy import rules
    from grundy.client import explained
    from grundy.solver.explain import explain

    game = rules.create(name, **settings)
    state = game.replay(moves)
    e = explain(game, state, seat=game.to_move(state), budget_s=2.0)
    assert e["said"] and _ENGLISH_WORDS.search(e["reason"]), e
    for lang in OTHERS:
        said = [explained.reason_text(lang, e), explained.by_text(lang, e)]
        said += [explained.phrase_text(lang, n.get("said"), n["why"]) for n in e["moves"]]
        for text in said:
            assert text and not _ENGLISH_WORDS.search(text), (lang, text, e["reason"])


def test_the_pages_argument_specs_are_the_phrases_own() -> None:
    """client/web/explained.js writes each argument as the English template's spec says (``{heaps:xor}``):
    its SPECS by name and SPEC_OF by phrase agree with solver/phrases.py for every placeholder."""
    import json

    from grundy.solver.phrases import PHRASES

    source = (ROOT / "client" / "web" / "explained.js").read_text(encoding="utf-8")

    def table(name: str) -> dict[str, Any]:
        body = re.search(rf"export const {name} = (\{{.*?\}});\n", source, re.S)
        assert body, name
        return json.loads(re.sub(r"([{,]\s*)([\w.]+|\"[\w.]+\"):",
                                 lambda m: f'{m.group(1)}"{m.group(2).strip(chr(34))}":',
                                 body.group(1)))

    specs, spec_of = table("SPECS"), table("SPEC_OF")
    wrong = []
    for pid, template in PHRASES.items():
        for m in re.finditer(r"\{(\w+)(?::(\w+))?\}", template):
            name, spec = m.group(1), m.group(2) or ""
            page = spec_of.get(pid, {}).get(name, specs.get(name, ""))
            if page != spec:
                wrong.append(f"{pid} {name}: {spec!r} in the phrase, {page!r} on the page")
    assert not wrong, "\n".join(wrong)
