"""`analyze` refused in the session's language (`hello.lang`): the hint's refusals are the clients' own
`study-hint-` words, the review's and the solver's refusals the node's `words-analysis-` messages."""

from __future__ import annotations

from grundy import protocol as p
from grundy.protocol import i18n
from tests.server.e2e.wsclient import Client, url


# In a cluster too: a room's node answers a player of another node from a stub of the session
# (server/sessions.py get_or_stub), which the forwarded request tells the language it speaks.
async def test_a_hint_and_a_review_are_refused_in_the_sessions_language(node) -> None:  # type: ignore[no-untyped-def]
    olha = await Client.hello(url(node), "Olha", "uk-UA")
    ivan = await Client.hello(url(node), "Ivan", "ru")
    created = await olha.request(p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seat=0), p.RoomCreated)
    await ivan.request(p.Join(room=created.room), p.RoomState)
    await olha.expect(p.RoomState, status="playing")
    got = await olha.request(p.Analyze(room=created.room, kind="hint"), p.Analysis)
    assert got.hint is None and got.refused == i18n.tr("uk", "study-hint-no-bot", others="Ivan")
    assert got.refused.startswith("у грі проти Ivan підказок немає")
    got = await ivan.request(p.Analyze(room=created.room, kind="hint"), p.Analysis)
    assert got.refused == i18n.tr("ru", "study-hint-not-your-turn", who="Olha")
    got = await ivan.request(p.Analyze(room=created.room, kind="review"), p.Analysis)
    assert got.refused == i18n.tr("ru", "words-analysis-review-later") == "разбор будет, когда игра окончена"
    got = await olha.request(p.Analyze(room=created.room, kind="position"), p.Analysis)
    assert got.refused == i18n.tr("uk", "words-analysis-later")
    ann = await Client.hello(url(node), "Ann", None)
    await ann.request(p.Spectate(room=created.room), p.RoomState)
    got = await ann.request(p.Analyze(room=created.room, kind="hint"), p.Analysis)
    assert got.refused == "spectators get no hints"  # English: the words it always had
    for c in (olha, ivan, ann):
        await c.close()
