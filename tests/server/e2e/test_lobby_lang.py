"""What the node says of rooms, challenges and tournaments reaches each reader in its own language (`hello.lang`):
the end of a game (`game_over`'s `reason_say`), a hosted bot's name (`player_say`, `name_say`), a challenge and
a tournament's notices, as messages of the catalogs (lobby.ftl) that each client says with its own catalog.

Olha speaks Ukrainian and Petar Bulgarian, in one room; in a two-node cluster Petar is on the other node, so
his messages cross the cluster.  What each one reads is what the clients show: client.names.say_text (the
terminal's and pygame's end reason), seat_label, challenge_text, tournament_view.end_reason.
"""

from __future__ import annotations

from grundy import protocol as p
from grundy.client import challenges
from grundy.client import tournament_view as tv
from grundy.client.names import challenge_text, say_text, seat_label
from grundy.protocol import i18n
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, url


def _elsewhere(node: Node) -> Node:
    """The other node of a cluster (the same node alone)."""
    return (getattr(node, "peers", None) or [node])[0]


async def _pair(node: Node) -> tuple[Client, Client]:
    return await Client.hello(url(node), "Olha", "uk-UA"), await Client.hello(url(_elsewhere(node)), "Petar", "bg-BG")


async def _table(olha: Client, petar: Client, **room: object) -> str:
    """Olha (seat 0) and Petar (seat 1) at a started game of nim 3, 4, 5."""
    created = await olha.request(p.CreateRoom(game="nim", params={"heaps": [3, 4, 5]}, seat=0, **room), p.RoomCreated)
    await petar.request(p.Join(room=created.room), p.RoomState)
    await olha.expect(p.RoomState, room=created.room, status="playing")
    return created.room


def _said(over: p.GameOver, lang: str) -> str:
    assert over.reason_say is not None, over
    return say_text(lang, over.reason_say, over.reason)


async def test_a_game_s_end_reads_in_each_player_s_language(node: Node) -> None:
    olha, petar = await _pair(node)
    # a resignation
    room = await _table(olha, petar)
    await olha.send(p.Resign(room=room))
    mine, his = await olha.expect(p.GameOver, room=room), await petar.expect(p.GameOver, room=room)
    assert mine.reason == his.reason == "Olha resigned"  # (English, for older clients)
    assert mine.reason_say == his.reason_say == p.Say(id="lobby-end-resigned", args={"name": "Olha"})
    assert _said(mine, "uk") == "Olha: партію здано"
    assert _said(his, "bg") == "Olha: партията е предадена"
    assert his.result is not None and his.result.reason_say == his.reason_say
    # leaving a started game
    room = await _table(olha, petar)
    await olha.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    await petar.request(p.Leave(room=room), p.Ok)
    mine = await olha.expect(p.GameOver, room=room)
    assert (mine.reason, _said(mine, "uk")) == ("Petar left the game", "Petar: вихід із гри")
    # a clock run out: Petar's, once Olha has moved
    room = await _table(olha, petar, time_control=p.TimeControl(initial_s=0.5))
    await olha.request(p.Move(room=room, ply=0, move="1:1"), p.MoveMade)
    mine, his = await olha.expect(p.GameOver, room=room), await petar.expect(p.GameOver, room=room)
    assert mine.result is not None and mine.result.ending == "flag"
    assert _said(mine, "uk") == "Petar: час вичерпано"
    assert _said(his, "bg") == "Petar: времето изтече"
    # the room's state after the end keeps it, in a language the game was not played in
    state = await petar.request(p.GetState(room=room), p.RoomState)
    assert state.result is not None and state.result.reason_say == his.reason_say
    assert say_text("ru", state.result.reason_say) == "Petar: время вышло"
    await olha.close()
    await petar.close()


async def test_a_hosted_bot_is_named_in_each_reader_s_language(node: Node) -> None:
    olha, petar = await _pair(node)
    seats = [p.SeatRequest(kind="bot", level="easy"), p.SeatRequest()]  # the bot moves first: it takes the last
    created = await olha.request(p.CreateRoom(game="nim", params={"heaps": [1]}, seats=seats, seat=1), p.RoomCreated)
    over = await olha.expect(p.GameOver, room=created.room)
    assert over.reason == "bot (easy) took the last object"
    assert over.reason_say == p.Say(id="words-end-nim", args={"who": "bot (easy)", "who_bot": "easy"})
    assert _said(over, "uk") == "бот (легкий) взяло останній предмет"
    state = await petar.request(p.Spectate(room=created.room), p.RoomState)
    bot = state.seats[0]
    assert bot.player == "bot (easy)" and bot.player_say == p.Say(id="lobby-bot", args={"level": "easy"})
    assert seat_label(bot, "bg") == "бот (лесен)"
    assert seat_label(bot, "uk") == "бот (легкий)"
    assert seat_label(state.seats[1], "bg") == "Olha"  # (a name as typed: never translated)
    assert state.seats[1].player_say is None
    assert state.result is not None and say_text("bg", state.result.reason_say) == "бот (лесен) взе последния предмет"
    await olha.close()
    await petar.close()


async def test_a_challenge_and_its_refusal_read_in_the_recipient_s_language(node: Node) -> None:
    olha, petar = await _pair(node)
    assert petar.welcome is not None
    made = await olha.request(
        p.Challenge(to=petar.welcome.session, game="nim", params={"heaps": [3, 4, 5]}, seat=0), p.RoomCreated
    )
    notice = await petar.expect(p.Challenged, room=made.room)
    said = challenge_text(notice, notice.expires_at, "bg")
    assert said.startswith("Olha") and i18n.tr("bg", "game-nim") in said and "challenges" not in said
    await petar.request(p.DeclineChallenge(room=made.room), p.Ok)
    told = await olha.expect(p.ChallengeDeclined, room=made.room)
    assert challenges.declined_text(told.player, told.reason, "uk") == i18n.tr(
        "uk", "web-challenge-declined", name="Petar", expired="no"
    )
    over = await olha.expect(p.GameOver, room=made.room)
    assert over.status == "aborted" and over.reason == "Petar declined the challenge"
    assert _said(over, "uk") == "Petar: виклик відхилено"
    await olha.close()
    await petar.close()


async def test_a_tournament_s_notices_read_in_each_entrant_s_language(node: Node) -> None:
    olha, petar = await _pair(node)
    made = await olha.request(
        p.CreateTournament(game="nim", params={"heaps": [1, 2]}, rated=False, bots=["easy", "easy"]),
        p.TournamentState,
    )
    tid = made.tournament.tournament
    await petar.request(p.EnterTournament(tournament=tid), p.TournamentState)
    bots = [s for s in made.standings if s.kind == "hosted"]
    assert [s.name for s in bots] == ["bot (easy)", "bot (easy) #2"]
    assert [say_text("uk", s.name_say) for s in bots] == ["бот (легкий)", "бот (легкий) #2"]
    await olha.send(p.StopTournament(tournament=tid))

    def finished(m: object) -> bool:
        return isinstance(m, p.TournamentState) and m.tournament.tournament == tid and m.tournament.status == "finished"

    mine, his = await olha.expect(finished), await petar.expect(finished)
    assert mine.reason_say == his.reason_say == p.Say(id="wire-tournament-ended-stopped-early")
    assert tv.end_reason(mine, "uk") == "зупинено організатором до початку"
    assert tv.end_reason(his, "bg") == i18n.tr("bg", "wire-tournament-ended-stopped-early")
    assert tv.end_reason(his, "bg") != his.reason
    names = [say_text("bg", s.name_say, s.name) for s in his.standings]
    assert sorted(names) == sorted(["Petar", "бот (лесен)", "бот (лесен) #2"])
    # a tournament of hosted bots played to its end, watched by Petar: its pairings name them in his language
    made = await olha.request(
        p.CreateTournament(game="nim", params={"heaps": [1, 2]}, rated=False, bots=["random", "easy"]),
        p.TournamentState,
    )
    tid = made.tournament.tournament
    await petar.request(p.GetTournament(tournament=tid), p.TournamentState)
    await olha.request(p.StartTournament(tournament=tid), p.TournamentState)
    his = await petar.expect(finished, timeout=60.0)
    pairing = his.rounds[0][0]
    assert pairing.names == ["bot (random)", "bot (easy)"]
    assert [say_text("bg", n) for n in pairing.names_say] == ["бот (случаен)", "бот (лесен)"]
    assert tv.end_reason(his, "bg") == "всички кръгове са изиграни"
    await olha.close()
    await petar.close()
