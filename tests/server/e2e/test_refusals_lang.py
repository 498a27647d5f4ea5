"""A room's refusals over real websockets: an illegal move and a move out of turn carry their precise words as
`say` (the rules' own for the move), which a client says in its reader's language; English keeps today's words."""

from __future__ import annotations

from grundy import protocol as p
from grundy.client.connection import Refused
from grundy.protocol import ErrorCode, i18n
from tests.server.e2e.wsclient import Client, url


async def test_an_illegal_move_and_a_move_out_of_turn_are_refused_in_the_players_language(node) -> None:  # type: ignore[no-untyped-def]
    olha = await Client.hello(url(node), "Olha", "uk")
    ann = await Client.hello(url(node), "Ann", "en")
    created = await olha.request(p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated)
    await ann.request(p.Join(room=created.room), p.RoomState)
    await olha.expect(p.RoomState, status="playing")

    # An illegal move: the rules' own words, in Ukrainian for Olha's client; the English as today beside them.
    err = await olha.error(p.Move(room=created.room, ply=0, move="2:9"))
    assert err.code == ErrorCode.ILLEGAL_MOVE and err.room == created.room
    assert err.say == p.Say(id="rules-nim-too-many", args={"move": "2:9", "heap": 2, "left": 4})
    assert err.message == "«2:9»: у купці 2 лише 4 предмети"  # (worded by the node, in the session's language)
    assert i18n.tr_say("uk", err.say, err.message) == "«2:9»: у купці 2 лише 4 предмети"
    assert Refused.of(err, lang="uk").message == "«2:9»: у купці 2 лише 4 предмети"  # (what the Python clients show)
    err = await olha.error(p.Move(room=created.room, ply=0, move="два"))
    assert err.code == ErrorCode.ILLEGAL_MOVE and err.say is not None and err.say.id == "rules-nim-parse"
    assert i18n.tr_say("uk", err.say) == "«два» — не хід німу: пишіть КУПКА:КІЛЬКІСТЬ, наприклад 2:3" == err.message

    # A move out of turn: whose turn it is, by name.
    err = await ann.error(p.Move(room=created.room, ply=0, move="1:1"))
    assert err.code == ErrorCode.NOT_YOUR_TURN
    assert err.message == "it is Olha's turn, not yours"  # English: today's words
    assert err.say == p.Say(id="rules-room-not-your-turn", args={"who": "Olha"})
    await olha.request(p.Move(room=created.room, ply=0, move="1:1"), p.MoveMade)
    err = await olha.error(p.Move(room=created.room, ply=1, move="1:1"))
    assert err.code == ErrorCode.NOT_YOUR_TURN and err.message == "зараз ходить Ann, а не ви"
    assert i18n.tr_say("uk", err.say, err.message) == "зараз ходить Ann, а не ви"
    assert i18n.tr_say("ru", err.say, err.message) == "сейчас ходит Ann, а не вы"
    assert i18n.tr_say("bg", err.say, err.message) == "сега е на ход Ann, а не вие"

    # English sessions read the English words the node always sent.
    err = await ann.error(p.Move(room=created.room, ply=1, move="7:1"))
    assert err.message == "'7:1': there is no heap 7 (heaps are 1..3)"
    assert i18n.tr_say("en", err.say, err.message) == err.message
    err = await ann.error(p.Move(room=created.room, ply=0, move="2:1"))
    assert err.code == ErrorCode.STALE_PLY and err.message == "move '2:1' was made at ply 0, but the game is at ply 1"
    assert i18n.tr_say("uk", err.say) == "хід «2:1» зроблено на півході 0, а партія вже на півході 1"


async def test_a_rooms_refusal_raised_to_the_node_is_worded_in_the_sessions_language(node) -> None:  # type: ignore[no-untyped-def]
    """A room that cannot be made as asked (the node's own refusal, in ``message``): the rules' words in Ukrainian."""
    olha = await Client.hello(url(node), "Olha", "uk")
    err = await olha.error(p.CreateRoom(game="nim", params={"heaps": "1,x"}, seat=0))
    assert err.code == ErrorCode.BAD_PARAMS and err.say is not None and err.say.id == "rules-param-not-valid"
    assert err.message.startswith("параметр «heaps»: '1,x' не підходить; можна: список через кому")
    ann = await Client.hello(url(node), "Ann", None)
    err = await ann.error(p.CreateRoom(game="nim", params={"heaps": "1,x"}, seat=0))
    assert err.message.startswith("parameter 'heaps': '1,x' is not valid; allowed: comma-separated list")
