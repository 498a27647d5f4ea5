"""What the solver teaches, read in the session's language over real websockets (one node, and a two-node
cluster): a hint, a finished game's review (its rows' verdicts and whys, its summary), the exam's answers and
the puzzles (their tasks and a verdict) carry their words as phrases (`hint_said`, `why_said`, `said`,
`why19_said`, `task_said`, `verdict_said`) beside the node's English; said by the clients' renderer
(client/explained.py `said_text`) in Ukrainian, Russian or Bulgarian, no word of the English messages is left.
A review of one recorded game reads in each reader's language."""

from __future__ import annotations

import re
from typing import Any

from grundy import protocol as p
from grundy.client.explained import said_text
from grundy.protocol import i18n
from tests.server.e2e.wsclient import Client, url

THREW = ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"]  # nim 3,4,5: 3:4 threw the win away (1:2 wins)
LATIN = re.compile(r"[A-Za-z]{3,}")
CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєЪъ]")


def _phrases(said: Any) -> list[dict[str, Any]]:
    items = said if isinstance(said, list) else [said]
    return [x.model_dump() if hasattr(x, "model_dump") else dict(x) for x in items if x is not None]


def _read(lang: str, said: Any) -> str:
    """The phrases as a person reads them in ``lang``, checked: words of that language, and no word of the
    English messages they come from (names and notation, the arguments, aside)."""
    phrases = _phrases(said)
    assert phrases, "no phrases beside the English"
    text = said_text(lang, phrases)
    english = said_text("en", phrases)
    assert text and text != english and CYRILLIC.search(text), (lang, text)
    given = {w.lower() for ph in phrases for v in (ph.get("args") or {}).values() for w in LATIN.findall(str(v))}
    words = {w.lower() for w in LATIN.findall(english)} - given - {"xor"}
    left = sorted(w for w in (w.lower() for w in LATIN.findall(text)) if w in words)
    assert not left, f"{lang}: English words {left} in {text!r}"
    return text


async def test_a_hint_in_the_sessions_language(node) -> None:  # type: ignore[no-untyped-def]
    for name, lang, words in (("Olha", "uk", "виграш"), ("Ivan", "ru", "выигрыш"), ("Elena", "bg", "печели")):
        c = await Client.hello(url(node), name, lang)
        seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="easy")]
        created = await c.request(
            p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seats=seats, seat=0), p.RoomCreated
        )
        await c.expect(p.RoomState, room=created.room, status="playing")
        got = await c.request(p.Analyze(room=created.room, kind="hint"), p.Analysis, timeout=60)
        assert got.hint is not None and got.hint.startswith("1:2 (wins in 6)")  # the English, for older clients
        text = _read(lang, got.hint_said)
        assert text.startswith(f"1:2 ({words} ") and "3 XOR 4 XOR 5" in text, text
        await c.close()


async def test_a_review_recorded_once_reads_in_each_readers_language(node) -> None:  # type: ignore[no-untyped-def]
    olha = await Client.hello(url(node), "Olha", "uk-UA")
    ivan = await Client.hello(url(node), "Ivan", "ru")
    created = await olha.request(p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)
    await ivan.request(p.Join(room=created.room), p.RoomState)
    await olha.expect(p.RoomState, room=created.room, status="playing")
    for ply, move in enumerate(THREW):
        await (olha if ply % 2 == 0 else ivan).request(p.Move(room=created.room, ply=ply, move=move), p.MoveMade)
    await olha.expect(p.GameOver, room=created.room)
    elena = await Client.hello(url(node), "Elena", "bg")
    await elena.request(p.Spectate(room=created.room), p.RoomState)
    readers = ((olha, "uk", "виграш упущено"), (ivan, "ru", "выигрыш упущен"), (elena, "bg", "печалбата е изпусната"))
    for reader, lang, threw in readers:
        got = await reader.request(p.Analyze(room=created.room, kind="review"), p.Analysis, timeout=120)
        assert got.review is not None and got.summary is not None, got.refused
        first = got.review[0]
        assert (first.move, first.verdict) == ("3:4", "threw the win away")  # the English stays, for older clients
        assert _read(lang, first.verdict_said) == threw
        why = _read(lang, first.why_said)
        assert "3 XOR 4 XOR 5" in why and "3:4" in why, why
        for row in got.review:
            _read(lang, row.before_said)
            _read(lang, row.verdict_said)
            if row.why is not None:
                _read(lang, row.why_said)
        summary = _read(lang, got.summary.said)
        assert "Olha" in summary and "Ivan" in summary and threw in summary, summary
        for stretch in got.summary.stretches:
            _read(lang, stretch.said)
    for c in (olha, ivan, elena):
        await c.close()


async def test_the_exam_and_the_puzzles_in_the_sessions_language(node) -> None:  # type: ignore[no-untyped-def]
    for name, lang in (("Olha", "uk"), ("Ivan", "ru"), ("Elena", "bg")):
        c = await Client.hello(url(node), name, lang)
        got = await c.request(p.Analyze(kind="exam", params={"heaps": "7,S"}), p.Analysis, timeout=120)
        assert got.exam is not None, got.refused
        # the exam's parameters refused in the language (the key and the value typed stay as written)
        err = await c.error(p.Analyze(kind="exam", params={"heaps": "7,x"}))
        assert err.code == p.ErrorCode.BAD_PARAMS and err.say is not None and err.say.id == "teach-exam-bad-heaps"
        assert (
            err.message
            == i18n.tr(lang, "teach-exam-bad-heaps", value="'7,x'")
            != i18n.tr("en", err.say.id, value="'7,x'")
        ), err
        err = await c.error(p.Analyze(kind="exam", params={"heaps": "7,S", "range": "1..900"}))
        assert err.message == i18n.tr(lang, "teach-exam-too-many", n=900, most=200) and "900" in err.message, err
        for said in (got.exam.why19_said, got.exam.why20_said, got.exam.why21_said):
            assert "S = " in _read(lang, said)
        listed = await c.request(p.Analyze(kind="puzzles"), p.Analysis, timeout=120)
        assert listed.puzzles
        for z in listed.puzzles:
            _read(lang, z.task_said)
        nim = next(z for z in listed.puzzles if z.game == "nim" and z.source == "solver")
        asked = await c.request(p.Analyze(kind="puzzle", puzzle=nim.id), p.Analysis, timeout=60)
        wrong = next(m for m in asked.legal_moves or [] if m not in _winning(asked))
        answered = await c.request(p.Analyze(kind="puzzle", puzzle=nim.id, answer=wrong), p.Analysis, timeout=60)
        assert answered.puzzle is not None and answered.puzzle.verdict == "wrong"
        assert wrong in _read(lang, answered.puzzle.verdict_said)
        # The solver's refusals are said in the session's language too (the rules' own reason stays English).
        gone = await c.request(p.Analyze(kind="puzzle", puzzle="nim-999"), p.Analysis, timeout=60)
        assert gone.refused == i18n.tr(lang, "teach-refused-no-puzzle", id="'nim-999'") != "no puzzle 'nim-999' here"
        bad = await c.request(
            p.Analyze(kind="position", game="nim", params={"heaps": [3, 4, 5]}, moves=["9:9"]), p.Analysis, timeout=60
        )
        head = i18n.tr(lang, "teach-refused-no-replay", why="")
        assert bad.refused is not None and bad.refused.startswith(head) and "9:9" in bad.refused, bad.refused
        # (the rules' own reason, said in the language too: no heap 9)
        why = bad.refused.removeprefix(head)
        no_heap = {"id": "rules-no-heap", "args": {"move": "9:9", "heap": 9, "heaps": 3}}
        english = "move 1: '9:9': there is no heap 9 (heaps are 1..3)"
        assert why == i18n.tr(lang, "rules-replay", n=1, why=no_heap) != english, why
        tree = await c.request(
            p.Analyze(kind="tree", game="nim", params={"heaps": [3, 4, 5]}, moves=["9:9"]), p.Analysis, timeout=60
        )
        assert tree.refused is not None and tree.refused.startswith(head), tree.refused
        assert tree.refused.removeprefix(head) == why, tree.refused
        await c.close()


def _winning(answer: p.Analysis) -> set[str]:
    """The winning moves of a puzzle's position, from the solver (the puzzle keeps its own)."""
    from grundy import rules
    from grundy.solver import exact

    game = rules.create(answer.game or "", **(answer.params or {}))
    state = game.replay(answer.moves or [])
    win = set()
    for m in game.legal_moves(state):
        after = game.apply(state, m)
        if game.is_over(after):
            result = game.result(after)
            if result is not None and result.outcomes[game.to_move(state)] == "win":
                win.add(game.format_move(state, m))
            continue
        if exact.solve(game, after).outcome == "loss":
            win.add(game.format_move(state, m))
    return win
