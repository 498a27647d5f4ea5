"""Every precise refusal of the node is a message of every catalog, given every argument it uses.

A scan of the server's source finds each refusal said through ``server.refusals`` (``refusal(Kind, code, ref,
"refuse-...", **args)``, ``said("...", **args)``) and the tournament core's (``self._refuse(session, code, ref,
"refuse-...", **args)``, which adds the tournament's ``id``); the ids the code builds (a tournament that cannot
start) are listed with the arguments they are given.  Each must be in the English catalog and in every other
with no argument the code does not give.  The rules' refusals are said through ``rules_say``: each of its
messages renders in every language with what it gives.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode, i18n
from grundy.server.errors import LobbyError, error_message, in_language
from grundy.server.refusals import refusal, rules_say
from tests.protocol.test_i18n import catalog

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server"
CATALOGS = {lang: catalog(lang) for lang in i18n.LANGS}
# Where the id is among a call's positional arguments, and what the call adds to the keywords given.
CALLS = {"refusal": (3, set()), "said": (0, set()), "_refuse": (3, {"id"})}
# Ids the code builds: the tournament core's ``refuse-t-cannot-start-<why>`` with the arguments of the end reason
# ``wire-tournament-ended-<why>`` (``_why_not_started``), and the tournament's id.
BUILT = {f"refuse-t-cannot-start-{why}": CATALOGS["en"][f"wire-tournament-ended-{why}"].variables | {"id"}
         for why in ("too-few", "swiss-rounds", "no-challenger")}


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def uses(source: str, core: bool = True) -> list[tuple[int, str, set[str] | None]]:
    """``(line, id, keyword names)`` of each refusal said in ``source`` (names None: given as ``**mapping``);
    ``core``: the tournament core's source (its ``_refuse``; the room core's is another one's)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or _name(node.func) not in CALLS or (_name(node.func) == "_refuse"
                                                                              and not core):
            continue
        at, added = CALLS[_name(node.func)]  # type: ignore[index]
        if len(node.args) <= at:
            continue
        first = node.args[at]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            helper = isinstance(first, ast.Name) and first.id == "msg_id"  # (the helpers pass on the id they are given)
            assert helper or isinstance(first, ast.JoinedStr), f"line {node.lineno}: an id is a literal, or in BUILT"
            continue
        names = None if any(k.arg is None for k in node.keywords) else {str(k.arg) for k in node.keywords} | added
        found.append((node.lineno, first.value, names))
    return found


def all_uses() -> list[tuple[str, int, str, set[str] | None]]:
    core = SERVER / "tournament" / "core.py"
    return [(str(path.relative_to(ROOT)), *u) for path in sorted(SERVER.rglob("*.py"))
            for u in uses(path.read_text(encoding="utf-8"), path == core)]


def _problems(where: str, msg_id: str, given: set[str] | None) -> list[str]:
    if msg_id not in CATALOGS["en"]:
        return [f"{where}: {msg_id} is in no catalog"]
    out = []
    for lang, messages in CATALOGS.items():
        if msg_id not in messages:
            out.append(f"{where}: {msg_id} is not in the {lang} catalog")
        elif given is not None and messages[msg_id].variables - given:
            out.append(f"{where}: {msg_id} in {lang} needs {sorted(messages[msg_id].variables - given)}")
    return out


def test_every_refusal_of_the_node_is_in_every_catalog_with_its_arguments() -> None:
    found = all_uses()
    refusals = {msg_id for _, _, msg_id, _ in found if msg_id.startswith("refuse-")}
    assert len(refusals) >= 80, f"the scan found {len(refusals)} refusals: is it broken?"
    problems = [x for where, line, msg_id, given in found for x in _problems(f"{where}:{line}", msg_id, given)]
    problems += [x for msg_id, given in BUILT.items() for x in _problems("built", msg_id, given)]
    assert not problems, "\n".join(problems)


def test_every_refuse_message_is_used() -> None:
    """A message of refuse.ftl that no code says is a left-over (or a typo of an id the code says)."""
    used = {msg_id for _, _, msg_id, _ in all_uses()} | set(BUILT)
    used |= {"refuse-http-method", "refuse-http-long-path", "refuse-http-no-page", "refuse-http-no-file"}  # (web.py)
    unused = sorted(m for m in CATALOGS["en"] if m.startswith("refuse-") and m not in used)
    assert unused == []


def test_the_scan_finds_a_missing_argument_and_a_missing_id() -> None:
    source = ('raise refusal(LobbyError, code, ref, "refuse-no-player")\n'
              'raise refusal(LobbyError, code, ref, "refuse-nothing-such", n=1)\n'
              'return self._refuse(s, code, ref, "refuse-t-full", n=3)\n')
    found = uses(source)
    assert found == [(1, "refuse-no-player", set()), (2, "refuse-nothing-such", {"n"}),
                     (3, "refuse-t-full", {"n", "id"})]
    assert _problems("x", "refuse-no-player", set()) == [f"x: refuse-no-player in {lang} needs ['name']"
                                                         for lang in i18n.LANGS]
    assert _problems("x", "refuse-nothing-such", {"n"}) == ["x: refuse-nothing-such is in no catalog"]
    assert _problems("x", "refuse-t-full", {"n", "id"}) == []


@pytest.mark.parametrize(("game", "params"), [
    ("nom", {}),  # an unknown game
    ("nim", {"heaps": "x"}),  # not valid (a list of integers)
    ("nim", {"misere": "maybe"}),  # not valid (yes or no)
    ("kayles", {"pins": 10**9}),  # out of range
    ("gomoku", {"rule": "chess"}),  # not one of its choices
])
def test_a_rules_refusal_is_said_in_every_language(game: str, params: dict[str, object]) -> None:
    with pytest.raises(rules.ParameterError) as raised:
        rules.create(game, **params)
    say = rules_say(raised.value)
    assert say is not None
    p.Say.model_validate(say.model_dump())  # (within the protocol's bounds)
    assert not _problems(game, say.id, set(say.args)), say
    for lang in i18n.LANGS:
        text = i18n.tr_say(lang, say)
        assert text and say.id not in text and "{" not in text, (lang, text)
    assert i18n.tr_say("en", say) == str(raised.value)  # (the English the rules wrote)


def test_english_keeps_the_node_s_words_and_other_languages_say_them() -> None:
    err = error_message(refusal(LobbyError, ErrorCode.TOO_MANY_ROOMS, 4, "refuse-your-rooms", n=2))
    assert (err.code, err.ref, err.say) == (ErrorCode.TOO_MANY_ROOMS, 4, p.Say(id="refuse-your-rooms", args={"n": 2}))
    assert in_language(err, "en").message == "you already have 2 unfinished rooms: finish or leave one first"
    assert in_language(err, "uk").message == "у вас уже 2 незакінчені кімнати: спершу закінчіть або покиньте одну"
    assert in_language(err, "ru").message == "у вас уже 2 незаконченные комнаты: сначала закончите или покиньте одну"
    assert in_language(err, "bg").message == "вече имате 2 незавършени стаи: първо завършете или напуснете една"
    five = in_language(error_message(refusal(LobbyError, ErrorCode.TOO_MANY_ROOMS, 4, "refuse-your-rooms", n=5)), "ru")
    assert five.message.startswith("у вас уже 5 незаконченных комнат")


def test_a_game_is_named_as_it_is_taught_and_a_name_that_is_no_game_as_typed() -> None:
    said = p.Say(id="refuse-rated-seats", args={"game": "tictactoe", "seats": 3})
    assert i18n.tr_say("uk", said) == "«Хрестики-нулики» тут: 3 місця; у рейтинговій партії їх два"
    assert i18n.tr_say("ru", said) == "«Крестики-нолики» здесь: 3 места; в рейтинговой партии их два"
    assert i18n.tr_say("bg", said) == "„Морски шах“ тук: 3 места; партия с рейтинг има две"
    english = refusal(LobbyError, ErrorCode.BAD_PARAMS, None, "refuse-rated-seats", game="tictactoe", seats=3)
    assert english.message == "rated: tictactoe here has 3 seats; a rated game has two"  # (the node's own words)
    odd = p.Say(id="refuse-list-total", args={"param": "heaps", "game": "nom", "most": 9})
    assert i18n.tr_say("ru", odd) == "heaps: «nom» на сервере допускает сумму не больше 9"
