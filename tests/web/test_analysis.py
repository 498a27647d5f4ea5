"""``analyze``: the node's solver gives hints and reviews by the terminal client's rules, over real sockets."""

from __future__ import annotations

import itertools
import os
from types import SimpleNamespace

import pytest

from grundy import protocol as p
from grundy import rules
from grundy.client import hints
from grundy.client.tui import review as tui_review
from grundy.server import analysis
from grundy.server.node import Node
from grundy.server.room.values import Seat
from grundy.solver import review as solver_review
from tests.server.e2e.wsclient import Client, nim_table, url


async def bot_game(node: Node, game: str, params: dict, level: str = "random") -> tuple[Client, p.RoomState]:
    ann = await Client.hello(url(node), "Ann")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level=level)]
    await ann.request(p.CreateRoom(game=game, params=params, seats=seats, seat=0), p.RoomCreated)
    state = await ann.expect(p.RoomState, status="playing")
    return ann, state


async def test_a_hint_on_your_turn_against_a_bot_is_the_solvers_move(node: Node):
    ann, state = await bot_game(node, "nim", {"heaps": [1, 2]})
    got = await ann.request(p.Analyze(room=state.room, kind="hint"), p.Analysis)
    assert got.refused is None and got.ply == 0
    assert got.hint == (  # the only winning move: heaps 1 and 1 after it, and why
        "2:1 (wins in 2): the nim-sum 1 XOR 2 = 3; take 1 from heap 2 to leave nim-sum 0 (2 XOR 3 = 1): "
        "every answer makes it non-zero again"
    )
    e = got.explanation
    assert (e.best, e.nim_sum, e.moves[0].move, e.moves[0].after) == (["2:1"], 3, "2:1", 0)
    await ann.close()


async def test_no_hint_against_a_person_nor_for_a_spectator_nor_after_the_end(node: Node):
    ann, bob, room = await nim_table(node, [1, 2])
    got = await ann.request(p.Analyze(room=room, kind="hint"), p.Analysis)
    assert got.hint is None and got.refused == "no hints against Bob: hints are for casual games against a hosted bot"
    got = await bob.request(p.Analyze(room=room, kind="hint"), p.Analysis)
    assert got.refused == "hints come on your turn; Ann is to move"
    eve = await Client.hello(url(node), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    assert (await eve.request(p.Analyze(room=room, kind="hint"), p.Analysis)).refused == "spectators get no hints"
    got = await eve.request(p.Analyze(room=room, kind="review"), p.Analysis, timeout=60)
    assert got.review is None and got.refused == "the review comes when the game is over"
    for c in (ann, bob, eve):
        await c.close()


async def test_a_game_of_hidden_information_gets_no_hint(node: Node):
    ann, state = await bot_game(node, "minesweeper", {"width": 5, "height": 5, "mines": 3})
    turn_first = state.turn == 0
    got = await ann.request(p.Analyze(room=state.room, kind="hint"), p.Analysis)
    assert got.hint is None
    assert got.refused.startswith("no hints in minesweeper: it is a game of hidden information")
    assert turn_first or "hidden" in got.refused  # the lasting reason comes before whose turn it is
    await ann.close()


async def test_the_review_of_a_finished_game_judges_every_move(node: Node):
    ann, bob, room = await nim_table(node, [1, 2])
    for ply, (who, move) in enumerate([(ann, "2:2"), (bob, "1:1")]):
        await who.request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
    await ann.expect(p.GameOver, room=room)
    got = await bob.request(p.Analyze(room=room, kind="review"), p.Analysis, timeout=60)
    assert got.refused is None
    assert [(m.ply, m.seat, m.move, m.verdict) for m in got.review] == [
        (0, 0, "2:2", "threw the win away"),
        (1, 1, "1:1", "best"),
    ]
    assert got.review[0].before == "win in 2"
    # the same verdicts as the terminal client's own review
    local = tui_review.review("nim", {"heaps": [1, 2]}, ["2:2", "1:1"])
    assert [(v.move, v.before, v.verdict) for v in local] == [(m.move, m.before, m.verdict) for m in got.review]
    for c in (ann, bob):
        await c.close()


async def test_a_review_teaches_values_the_best_move_and_a_summary(node: Node):
    """3,4,5: Ann throws the win away with 3:4 (1:2 makes the nim-sum 0); Bob keeps it to the end."""
    ann, bob, room = await nim_table(node, [3, 4, 5])
    moves = ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"]
    for ply, move in enumerate(moves):
        await (ann if ply % 2 == 0 else bob).request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
    await ann.expect(p.GameOver, room=room)
    got = await ann.request(p.Analyze(room=room, kind="review"), p.Analysis, timeout=60)
    first = got.review[0]
    assert (first.verdict, first.value_before.text, first.value_after.text, first.best) == (
        "threw the win away", "win in 6", "loss in 4", ["1:2"])
    assert first.why.startswith("the nim-sum 3 XOR 4 XOR 5 = 2; take 2 from heap 1 to leave nim-sum 0")
    assert all(r.value_before is not None and r.value_after is not None for r in got.review)
    s = got.summary
    assert s.turning == [0] and [a.percent for a in s.accuracy] == [75, 100]
    assert [(x.start, x.end, x.text) for x in s.stretches] == [(0, 0, "Ann winning"), (1, 7, "Bob winning")]
    assert "Ann played 3:4 at move 1 and threw the win away (1:2 kept it)" in s.text
    for c in (ann, bob):
        await c.close()


async def test_resigning_a_won_game_is_reviewed_as_throwing_the_win_away(node: Node):
    ann, bob, room = await nim_table(node, [3, 4, 5])
    await ann.request(p.Move(room=room, ply=0, move="1:2"), p.MoveMade)  # nim-sum 0: Ann has won
    await ann.request(p.Resign(room=room), p.GameOver)
    got = await bob.request(p.Analyze(room=room, kind="review"), p.Analysis, timeout=60)
    last = got.review[-1]
    assert (last.ply, last.seat, last.move, last.verdict) == (1, 0, "resign", "resigned a won game")
    assert last.value_before.outcome == "win"
    assert got.summary.turning == [1] and "Ann resigned and threw the win away" in got.summary.text
    for c in (ann, bob):
        await c.close()


async def test_the_analysis_board_explains_any_position_of_a_finished_game(node: Node):
    ann, bob, room = await nim_table(node, [3, 4, 5])
    eve = await Client.hello(url(node), "Eve")
    await eve.request(p.Spectate(room=room), p.RoomState)
    got = await eve.request(p.Analyze(room=room, kind="position", moves=[]), p.Analysis, timeout=30)
    assert got.explanation is None and got.refused == "positions are analysed once the game is over"
    for ply, (who, move) in enumerate([(ann, "3:4"), (bob, "3:1"), (ann, "1:3"), (bob, "2:4")]):
        await who.request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
    await ann.expect(p.GameOver, room=room)
    # the start: the nim-sum 3 XOR 4 XOR 5 = 2, and 1:2 makes it 0
    got = await eve.request(p.Analyze(room=room, kind="position", moves=[]), p.Analysis, timeout=30)
    e = got.explanation
    assert got.refused is None and got.ply == 0 and got.moves == []
    assert (e.value.outcome, e.nim_sum, e.best, e.nim_sum_binary) == ("win", 2, ["1:2"], "010")
    assert [(c.size, c.binary) for c in e.components] == [(3, "011"), (4, "100"), (5, "101")]
    assert e.moves[0].move == "1:2" and e.moves[0].after == 0 and e.moves[0].component == 0
    # the position itself, to draw it: the view of the room's kind and the legal moves there
    assert got.view["heaps"] == [3, 4, 5] and len(got.legal_moves) == 12 and "1:2" in got.legal_moves
    got = await eve.request(p.Analyze(room=room, kind="position", moves=None), p.Analysis, timeout=30)
    assert got.ply == 4 and got.legal_moves == [] and got.explanation.rule == "over"
    assert got.view == rules.create("nim", heaps=[3, 4, 5]).full_view(rules.create("nim", heaps=[3, 4, 5]).replay(
        ["3:4", "3:1", "1:3", "2:4"]))
    # "what if": a line the game did not take
    got = await eve.request(p.Analyze(room=room, kind="position", moves=["1:2"]), p.Analysis, timeout=30)
    assert got.ply == 1 and got.explanation.value.outcome == "loss" and got.explanation.nim_sum == 0
    assert got.view["heaps"] == [1, 4, 5] and "1:2" not in got.legal_moves
    got = await eve.request(p.Analyze(room=room, kind="position", moves=["1:9"]), p.Analysis, timeout=30)
    assert got.explanation is None and "move 1" in got.refused and got.view is None and got.legal_moves is None
    err = await eve.error({"type": "analyze", "room": room, "kind": "position", "moves": ["1:1"] * 1001})
    assert err.code == p.ErrorCode.BAD_MESSAGE
    for c in (ann, bob, eve):
        await c.close()


async def test_an_unknown_room_is_a_typed_error(node: Node):
    ann = await Client.hello(url(node), "Ann")
    err = await ann.error(p.Analyze(room="nope", kind="hint"))
    assert err.code == p.ErrorCode.UNKNOWN_ROOM
    err = await ann.error({"type": "analyze", "room": "nope", "kind": "everything"})
    assert err.code == p.ErrorCode.BAD_MESSAGE
    await ann.close()


def _room(status: str, rated: bool, game: str, seats: list[Seat], ply: int) -> SimpleNamespace:
    g = rules.create(game, **({"heaps": [2, 2]} if game == "nim" else {}))
    state = g.initial()
    for _ in range(ply):
        state = g.apply(state, next(iter(g.legal_moves(state))))
    return SimpleNamespace(status=status, rated=rated, game=g, state=state, seats=tuple(seats), ply=ply)


@pytest.mark.parametrize(
    "status,rated,game,opponent,ply,you",
    list(
        itertools.product(
            ["waiting", "playing", "finished"],
            [False, True],
            ["nim", "minesweeper"],
            ["bot", "person"],
            [0, 1],
            [0, 1, None],
        )
    ),
)
def test_the_node_refuses_hints_in_the_terminal_clients_words(status, rated, game, opponent, ply, you):
    me = Seat(kind="open", session="s-me", name="Ann", connected=True)
    other = (
        Seat(kind="bot", level="easy", name="bot")
        if opponent == "bot"
        else Seat(kind="open", session="s-bob", name="Bob")
    )
    seats = [me, other] if you in (0, None) else [other, me]
    if you is None:
        seats = [Seat(kind="open", session="s-cy", name="Cy"), other]
    room = _room(status, rated, game, seats, ply)
    turn = room.game.to_move(room.state) if status == "playing" else None
    names = [analysis.seat_label(s) for s in seats]
    expected = hints.hint_refusal(
        game=game,
        you=you,
        status=status,
        rated=rated,
        hidden=room.game.hidden_information,
        turn=turn,
        names=names,
        has_bot=opponent == "bot",
    )
    assert analysis.hint_refusal(room, "s-me") == expected


def test_the_terminal_client_judges_with_the_solvers_review():
    """One judgement for every client: the terminal client's review and hints are the solver's own
    functions (a second copy would drift apart from the browser's)."""
    assert tui_review.review is solver_review.review and tui_review.hint is solver_review.hint
    assert tui_review.line_review is solver_review.line_review


async def test_in_a_cluster_the_node_that_runs_the_room_answers(tmp_path):
    """A page connected to another node than its room's: the request goes to the room's node, the answer comes back."""
    from tests.cluster.redisproc import have_redis
    from tests.server.e2e.conftest import node_factory

    if not have_redis():
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server is needed in CI (.ci/run installs it)")
        pytest.skip("redis-server is not installed (CI installs it)")
    async with node_factory(tmp_path, cluster=True) as make:
        first = await make()
        ann = await Client.hello(f"ws://127.0.0.1:{first.port}/", "Ann")
        seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="random")]
        created = await ann.request(
            p.CreateRoom(game="nim", params={"heaps": [1, 2]}, seats=seats, seat=0), p.RoomCreated
        )
        await ann.expect(p.RoomState, status="playing")
        (second,) = first.peers  # type: ignore[attr-defined]
        assert created.room in first.rooms and created.room not in second.rooms
        again = await Client.resume(f"ws://127.0.0.1:{second.port}/", ann.welcome.token)  # the same player, elsewhere
        await again.expect(p.RoomState, room=created.room)
        got = await again.request(p.Analyze(room=created.room, kind="hint"), p.Analysis)
        assert got.hint.startswith("2:1 (wins in 2): the nim-sum 1 XOR 2 = 3")
        await again.close()


async def test_a_search_past_its_time_is_refused_and_the_next_request_is_answered(node: Node):
    from grundy.server.analysis import Analyst

    await node.analyst.close()
    node.analyst = Analyst(hint_budget_s=0.0, margin_s=0.0)  # no time at all: every search overruns
    ann, state = await bot_game(node, "nim", {"heaps": [1, 2]})
    got = await ann.request(p.Analyze(room=state.room, kind="hint"), p.Analysis)
    assert got.hint is None and got.refused == "the solver did not finish in 0 s"
    node.analyst.budgets["hint"], node.analyst.margin_s = 2.0, 10.0
    got = await ann.request(p.Analyze(room=state.room, kind="hint"), p.Analysis)  # a new worker answers
    assert got.hint.startswith("2:1 (wins in 2): the nim-sum")
    await ann.close()
