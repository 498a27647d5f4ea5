"""The node's precise refusals read in the session's language (`hello.lang`), over real websockets to a real node
(and a two-node cluster): an unknown game, bad parameters, an unknown room, a seat a room does not have, a
challenge to nobody, tournament settings that cannot be used, a tournament that cannot start, a second hello, a
name refused at hello; an English session still reads the node's English words, and every `error` carries the
refusal as a message of the catalogs (`say`, refuse.ftl) that any client says in its own language.
"""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

from grundy import protocol as p
from grundy.client.names import say_text
from grundy.protocol import ErrorCode, i18n
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, NodeFactory, url

GAMES = "nim, subtraction, stones, kayles, corner, pawn, coins, mnk, tictactoe, gomoku, pursuit, minesweeper"


async def _four(node: Node) -> dict[str, Client]:
    """One session in each language."""
    return {
        "uk": await Client.hello(url(node), "Olha", "uk-UA"),
        "ru": await Client.hello(url(node), "Ivan", "ru"),
        "bg": await Client.hello(url(node), "Petar", "bg-BG"),
        "en": await Client.hello(url(node), "Ann", "en"),
    }


async def _refused(clients: dict[str, Client], msg: p.ClientMessage, code: ErrorCode) -> dict[str, p.Error]:
    """Each session sends ``msg``; each is refused with ``code`` and the same ``say``, its message in its language."""
    errors = {lang: await c.error(msg) for lang, c in clients.items()}
    says = {lang: e.say for lang, e in errors.items()}
    for lang, err in errors.items():
        assert err.code == code, (lang, err)
        assert err.say is not None and err.say == says["en"], (lang, err)
        assert err.say.id != f"error-{code.value}", f"{err.say.id}: the code's generic words, not the precise ones"
        if lang != "en":
            assert err.message == i18n.tr_say(lang, err.say) == say_text(lang, err.say, "")
    return errors


async def test_a_lobby_refusal_names_the_input_in_each_language(node: Node) -> None:
    clients = await _four(node)
    # an unknown game (the rules' own words)
    errs = await _refused(clients, p.QuickMatch(game="nom"), ErrorCode.UNKNOWN_GAME)
    assert errs["en"].message == f"unknown game 'nom'; games are: {GAMES}"
    assert errs["ru"].message == f"неизвестная игра «nom»; игры: {GAMES}"
    # a parameter that cannot be used, and what it accepts
    errs = await _refused(clients, p.QuickMatch(game="nim", params={"misere": "maybe"}), ErrorCode.BAD_PARAMS)
    assert errs["en"].message == "parameter 'misere': 'maybe' is not valid; allowed: true | false"
    assert errs["uk"].message == "параметр «misere»: 'maybe' не підходить; можна: true | false"
    assert errs["bg"].message == "параметър „misere“: 'maybe' не е допустимо; позволено: true | false"
    # a room nobody has
    errs = await _refused(clients, p.Join(room="r-nothere"), ErrorCode.UNKNOWN_ROOM)
    assert errs["en"].message == "no room 'r-nothere'"
    assert errs["uk"].message == "кімнати 'r-nothere' немає"
    assert errs["bg"].message == "няма стая 'r-nothere'"
    # a seat the new room does not have
    errs = await _refused(clients, p.CreateRoom(game="nim", seat=5), ErrorCode.BAD_PARAMS)
    assert errs["en"].message == "seat 5: this room has seats 0..1"
    assert errs["ru"].message == "место 5: в этой комнате места 0..1"
    # a challenge to nobody
    errs = await _refused(clients, p.Challenge(to="s-nobody", game="nim"), ErrorCode.UNKNOWN_PLAYER)
    assert errs["en"].message == "to: no connected player has session 's-nobody' (see list_players)"
    assert errs["uk"].message == "немає гравця в мережі із сеансом 's-nobody' (див. list_players)"
    # a game too large to host: the game named as it is taught in each language
    errs = await _refused(clients, p.QuickMatch(game="nim", params={"heaps": [60000, 60000]}), ErrorCode.BAD_PARAMS)
    assert errs["en"].message == "heaps: a hosted nim allows a total of at most 100000"
    assert errs["uk"].message.replace("\u00a0", " ") == "heaps: «Нім» на сервері дозволяє суму щонайбільше 100 000"
    assert errs["bg"].message.replace("\u00a0", " ") == "heaps: „Ним“ на сървъра позволява сбор най-много 100 000"
    # a quick match that is not waiting
    errs = await _refused(clients, p.QuickMatchCancel(), ErrorCode.NOT_IN_QUEUE)
    assert errs["en"].message == "you are not waiting for a quick match"
    assert errs["ru"].message == "вы не ждёте быстрой игры"
    # a second hello
    errs = await _refused(clients, p.Hello(versions=[1], name="Again"), ErrorCode.ALREADY_AUTHENTICATED)
    assert errs["en"].message == "this connection already has a session"
    assert errs["bg"].message == "тази връзка вече има сесия"


async def test_a_tournament_refusal_is_said_in_each_language(node: Node) -> None:
    clients = await _four(node)
    # settings the tournament cannot use
    errs = await _refused(clients, p.CreateTournament(game="nim", format="knockout", rounds=3), ErrorCode.BAD_PARAMS)
    assert errs["en"].message == "rounds: only swiss takes a number of rounds, not knockout"
    assert errs["uk"].message == "rounds: кількість турів задають лише для швейцарської системи"
    errs = await _refused(clients, p.CreateTournament(game="mnk", params={"players": 3}), ErrorCode.BAD_PARAMS)
    assert errs["en"].message == (
        "game: round-robin pairs two players per game, but mnk with these parameters has 3 "
        "seats (tournaments over groups of three or more are not supported)"
    )
    assert errs["ru"].message == (
        "game: турнир (круговая система) составляет пары по два игрока на партию, а «Игра "
        "m,n,k» с этими параметрами: 3 места (турниры для трёх и более игроков в партии не "
        "поддерживаются)"
    )
    errs = await _refused(clients, p.GetTournament(tournament="t-nothere"), ErrorCode.UNKNOWN_TOURNAMENT)
    assert errs["en"].message == "no tournament 't-nothere'"
    assert errs["bg"].message == "няма турнир 't-nothere'"
    # the tournament core's refusal: its creator starts it without entrants
    cluster = bool(getattr(node, "peers", None))
    for lang, c in clients.items():
        state = await c.request(p.CreateTournament(game="nim"), p.TournamentState)
        tid = state.tournament.tournament
        err = await c.error(p.StartTournament(tournament=tid))
        assert err.code == ErrorCode.TOO_FEW_ENTRANTS
        assert err.say == p.Say(
            id="refuse-t-cannot-start-too-few", args={"id": tid, "format": "round-robin", "entered": 0}
        )
        english = f"tournament {tid}: round-robin needs at least 2 entrants, 0 entered"
        said = {
            "en": english,
            "uk": f"турнір {tid}: для формату round-robin потрібно щонайменше 2 учасники, а записано 0",
            "ru": f"турнир {tid}: для формата round-robin нужно не меньше 2 участников, а записано 0",
            "bg": f"турнир {tid}: за формата round-robin са нужни поне 2 участници, а записаните са 0",
        }[lang]
        assert say_text(lang, err.say, err.message) == said  # (what every client shows)
        # Its node words it in the session's language; a cluster's tournament may run on the other node, which
        # sends the English beside the say.
        assert err.message == said or (cluster and err.message == english), (lang, err.message)


async def test_a_tournament_s_default_name_reads_in_each_language(node: Node) -> None:
    olha = await Client.hello(url(node), "Olha", "uk")
    state = await olha.request(p.CreateTournament(game="nim"), p.TournamentState)
    head = state.tournament
    assert head.name == "nim round-robin"  # (kept in English with the records)
    assert head.name_say == p.Say(id="wire-tournament-name", args={"game": "nim", "format": "round-robin"})
    assert say_text("uk", head.name_say, head.name) == "Нім: коловий турнір"
    assert say_text("ru", head.name_say, head.name) == "Ним: круговой турнир"
    assert say_text("bg", head.name_say, head.name) == "Ним: турнир всеки срещу всеки"
    named = await olha.request(p.CreateTournament(game="nim", name="Кубок школи"), p.TournamentState)
    assert named.tournament.name == "Кубок школи" and named.tournament.name_say is None  # (a name given: never said)
    listed = await olha.request(p.ListTournaments(), p.Tournaments)
    assert {t.name: t.name_say is not None for t in listed.tournaments} == {
        "nim round-robin": True,
        "Кубок школи": False,
    }


async def test_a_hello_is_refused_in_the_language_it_names(node: Node) -> None:
    first = await Client.open(url(node))
    registered = await first.request(p.Register(name="Taras"), p.Registered)
    assert registered.name == "Taras"
    for lang, words in (
        ("uk", "'Taras' — ім'я зареєстрованого гравця: привітайтеся з його секретом або оберіть інше ім'я"),
        ("bg", "'Taras' е име на регистриран играч: поздравете с неговата тайна или изберете друго име"),
        (None, "name: 'Taras' is a registered player: say hello with its secret, or choose another name"),
    ):
        c = await Client.open(url(node))
        err = await c.error(p.Hello(versions=[1], name="Taras", lang=lang))
        assert err.code == ErrorCode.NAME_TAKEN
        assert err.say == p.Say(id="refuse-name-registered", args={"name": "'Taras'"})
        assert err.message == words
        # the same connection may say hello again, as a guest of another name
        assert (await c.request(p.Hello(versions=[1], name=f"Guest{lang}", lang=lang), p.Welcome)).name
    c = await Client.open(url(node))
    err = await c.error(p.Hello(versions=[9], name="Future", lang="ru"))
    assert err.code == ErrorCode.UNSUPPORTED_VERSION
    assert err.message == "вы говорите на версиях протокола 9; этот сервер — на 1"


async def test_the_web_page_s_plain_answers_follow_the_browser_s_language(node: Node) -> None:
    def get(path: str, lang: str | None) -> tuple[int, str]:
        headers = {} if lang is None else {"Accept-Language": lang}
        request = urllib.request.Request(f"http://127.0.0.1:{node.port}{path}", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=5) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    assert await asyncio.to_thread(get, "/nowhere", None) == (404, "no such page: the game is at /\n")
    russian = await asyncio.to_thread(get, "/nowhere", "ru-RU,ru;q=0.9,en;q=0.8")
    assert russian == (404, "такой страницы нет: игра — на /\n")
    assert await asyncio.to_thread(get, "/static/nothing.js", "uk") == (
        404,
        "у цьому встановленні немає файлу 'nothing.js'\n",
    )


async def test_the_clients_show_a_default_title_in_their_language(node: Node) -> None:
    """The terminal's and pygame's tournament list and standings (client.tournament_view) say the default title
    in the reader's language; English shows the node's own."""
    from grundy.client import tournament_view as tv

    ivan = await Client.hello(url(node), "Ivan", "ru")
    state = await ivan.request(p.CreateTournament(game="tictactoe", format="swiss", rounds=2), p.TournamentState)
    head = state.tournament
    assert tv.summary_row(head, "ru")[1] == "Крестики-нолики: турнир по швейцарской системе"
    assert tv.summary_row(head, "en")[1] == head.name == "tictactoe swiss"
    assert tv.named(state, "uk").tournament.name == "Хрестики-нулики: турнір за швейцарською системою"
    assert tv.title_of(head, "bg") == "Морски шах: турнир по швейцарската система"


async def test_the_rate_limit_and_the_room_cap_are_said_in_the_sessions_language(make_node: NodeFactory) -> None:
    node = await make_node(requests_per_s=5.0, burst=5.0, abuse_strikes=1000.0, max_rooms=1)
    olha = await Client.hello(url(node), "Olha", "uk")
    for ref in range(100, 110):
        await olha.send(p.Ping(ref=ref))
    got = [await olha.expect(lambda m, r=ref: getattr(m, "ref", None) == r) for ref in range(100, 110)]
    limited = [m for m in got if isinstance(m, p.Error)]
    assert limited and all(m.code == ErrorCode.RATE_LIMITED for m in limited)
    assert {m.message for m in limited} == {"понад 5 запитів за секунду: пригальмуйте"}
    assert all(m.say == p.Say(id="refuse-rate", args={"n": 5}) for m in limited)
    ann = await Client.hello(url(node), "Ann", None)
    ivan = await Client.hello(url(node), "Ivan", "ru")
    for c in (ann, ivan):
        await c.request(p.CreateRoom(game="nim", seat=0), p.RoomCreated)
    errs = {"en": await ann.error(p.QuickMatch(game="nim")), "ru": await ivan.error(p.QuickMatch(game="nim"))}
    assert errs["en"].code == errs["ru"].code == ErrorCode.TOO_MANY_ROOMS
    assert errs["en"].message == "you already have 1 unfinished room: finish or leave one first"
    assert errs["ru"].message == "у вас уже 1 незаконченная комната: сначала закончите или покиньте одну"
