"""Why the node closed a connection, and why it aborted a room it failed in, in each reader's language.

A close frame carries no message id: the node words its reason in the session's language (``hello.lang``), and
every client shows that reason to its reader. A room the node failed in ends with ``reason_say`` (``wire-end-fault``)
beside its English ``reason``. Real websockets, a real node (and a real two-node cluster on its second run).
"""

from __future__ import annotations

from typing import Any

import pytest

from grundy import protocol as p
from grundy.protocol import i18n
from tests.server.e2e.test_admin import SECRET, admin, both
from tests.server.e2e.test_node_faults import faulty_game  # noqa: F401  (a fixture)
from tests.server.e2e.wsclient import Client, NodeFactory, url

READERS = (("Olha", "uk"), ("Ivan", "ru"), ("Petar", "bg"))


async def test_a_kick_and_a_ban_are_said_in_each_sessions_language(make_node: NodeFactory) -> None:
    node, _other, address, there = both(await make_node(admin_secret=SECRET))
    readers = {lang: await Client.hello(there, name, lang) for name, lang in READERS}
    for name, lang in READERS:
        code, _, err = await admin("kick", address, name, "--reason", "спам у чаті")
        assert code == 0, err
        closed = await readers[lang].wait_closed()
        assert closed == (1008, i18n.tr(lang, "wire-close-kicked", reason="спам у чаті")), lang
    assert (await readers["uk"].wait_closed())[1] == "з'єднання розірвав адміністратор: спам у чаті"
    assert (await readers["ru"].wait_closed())[1] == "соединение разорвал администратор: спам у чаті"
    assert (await readers["bg"].wait_closed())[1] == "връзката е прекъсната от администратор: спам у чаті"

    ivan = await Client.hello(f"ws://127.0.0.1:{node.port}/", "Ivan", "ru-RU")
    code, _, err = await admin("ban", address, "ivan", "--reason", "cheating")
    assert code == 0, err
    assert await ivan.wait_closed() == (1008, "доступ заблокирован администратором: cheating")


async def test_a_session_resumed_elsewhere_closes_its_old_connection_in_its_language(make_node: NodeFactory) -> None:
    node = await make_node()
    expected = {"uk": "сеанс продовжено в іншому з'єднанні", "ru": "сеанс продолжен в другом соединении",
                "bg": "сесията е продължена в друга връзка"}
    for name, lang in READERS:
        first = await Client.hello(url(node), name, lang)
        token = first.welcome.token if first.welcome else ""
        second = await Client.resume(url(node), token)
        assert await first.wait_closed() == (1000, expected[lang])
        await second.request(p.Ping(), p.Pong)


async def test_a_flood_and_an_unknown_version_are_refused_in_the_readers_language(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=5.0, burst=5.0, abuse_strikes=20.0)
    flood = await Client.hello(url(node), "Petar", "bg")
    for _ in range(400):
        if flood.reader.done():
            break
        await flood.send(p.Ping())
    assert await flood.wait_closed() == (1008, "лимитът на заявки е силно превишен")

    for lang, words in (("uk", "немає спільної версії протоколу"), ("ru", "нет общей версии протокола")):
        c = await Client.open(url(node))
        err = await c.error(p.Hello(versions=[99], name="Zed", lang=lang))
        assert err.say is not None and err.say.id == "refuse-versions"
        assert await c.wait_closed() == (1002, words)


@pytest.mark.embedded_only
async def test_a_node_shutting_down_says_so_in_each_sessions_language(make_node: NodeFactory) -> None:
    node = await make_node()
    readers = {lang: await Client.hello(url(node), name, lang) for name, lang in READERS}
    await node.shutdown()
    said = {lang: await c.wait_closed() for lang, c in readers.items()}
    assert said == {"uk": (1001, "сервер зупиняється"), "ru": (1001, "сервер останавливается"),
                    "bg": (1001, "сървърът спира")}


async def test_a_room_the_node_failed_in_ends_in_each_readers_language(
    faulty_game: None, make_node: NodeFactory  # noqa: F811  (the fixture)
) -> None:
    node = await make_node()
    olha = await Client.hello(url(node), "Olha", "uk")
    ivan = await Client.hello(url(node), "Ivan", "ru")
    petar = await Client.hello(url(node), "Petar", "bg")
    room = (await olha.request(p.CreateRoom(game="faulty", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)).room
    await ivan.request(p.Join(room=room), p.RoomState)
    await olha.expect(p.RoomState, status="playing")
    await petar.request(p.Spectate(room=room), p.RoomState)
    await olha.request(p.Move(room=room, ply=0, move="1:2"), p.MoveMade)
    await ivan.error(p.Move(room=room, ply=1, move="boom"))  # (the rules raise: the node fails in the room)
    said: dict[str, Any] = {}
    for lang, c in (("uk", olha), ("ru", ivan), ("bg", petar)):
        over = await c.expect(p.GameOver, room=room)
        assert over.status == "aborted" and over.reason_say is not None
        assert over.reason == "internal error: the server failed in this room (RuntimeError); the game is aborted"
        said[lang] = i18n.tr_say(lang, over.reason_say, over.reason)
    assert said == {
        "uk": "внутрішня помилка: збій сервера в цій кімнаті (RuntimeError); гру перервано",
        "ru": "внутренняя ошибка: сбой сервера в этой комнате (RuntimeError); игра прервана",
        "bg": "вътрешна грешка: срив на сървъра в тази стая (RuntimeError); играта е прекратена",
    }
