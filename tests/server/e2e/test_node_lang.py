"""`hello.lang`: the session's language words the node's refusals; every `error` carries its `say`."""

from __future__ import annotations

from grundy import protocol as p
from grundy.protocol import ErrorCode, i18n
from tests.server.e2e.wsclient import Client, url


async def test_refusals_are_worded_in_the_sessions_language(node) -> None:  # type: ignore[no-untyped-def]
    olha = await Client.hello(url(node), "Olha", "uk-UA")
    ivan = await Client.hello(url(node), "Ivan", "ru")
    ann = await Client.hello(url(node), "Ann", None)
    for client, lang in ((olha, "uk"), (ivan, "ru"), (ann, "en")):
        err = await client.error(p.Move(room="r-nothere", ply=0, move="1:1"))
        assert err.code == ErrorCode.UNKNOWN_ROOM and err.room == "r-nothere"
        assert err.say is not None and err.say.id == "refuse-no-room"
        if lang == "en":
            assert err.message == "no room 'r-nothere'"  # English keeps the node's precise words
        else:
            assert err.message == i18n.tr(lang, "refuse-no-room", room="'r-nothere'")
    assert olha.welcome is not None and olha.welcome.name == "Olha"
    err = await olha.error(p.Move(room="r-nothere", ply=0, move="1:1"))
    assert err.message == "кімнати 'r-nothere' немає"


async def test_a_language_without_a_catalog_is_english_and_a_bad_tag_is_refused(node) -> None:  # type: ignore[no-untyped-def]
    kim = await Client.hello(url(node), "Kim", "de-DE")
    err = await kim.error(p.Move(room="r-nothere", ply=0, move="1:1"))
    assert "r-nothere" in err.message
    bad = await Client.open(url(node))
    err = await bad.error({"type": "hello", "versions": [1], "name": "Bad", "lang": "x" * 40})
    assert err.code == ErrorCode.BAD_MESSAGE and "lang" in err.message
    err = await bad.error({"type": "hello", "versions": [1], "name": "Bad", "lang": "uk UA; drop"})
    assert err.code == ErrorCode.BAD_MESSAGE
    assert (await bad.request(p.Hello(versions=[1], name="Bad", lang="bg"), p.Welcome)).name == "Bad"


async def test_a_rooms_refusal_carries_say_for_the_client_to_render(node) -> None:  # type: ignore[no-untyped-def]
    olha = await Client.hello(url(node), "Olha", "uk")
    bob = await Client.hello(url(node), "Bob", "en")
    created = await olha.request(p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)
    await bob.request(p.Join(room=created.room), p.RoomState)
    await olha.expect(p.RoomState, status="playing")
    err = await bob.error(p.Move(room=created.room, ply=0, move="1:1"))
    assert err.code == ErrorCode.NOT_YOUR_TURN and err.say is not None
    assert err.say == p.Say(id="rules-room-not-your-turn", args={"who": "Olha"})  # (more precise than error-<code>)
    assert i18n.tr_say("uk", err.say, err.message) == "зараз ходить Olha, а не ви"
    assert i18n.tr_say("bg", err.say, err.message) == "сега е на ход Olha, а не вие"
