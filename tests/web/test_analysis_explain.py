"""The analysis board and the review of minesweeper and gomoku over real sockets: what a finished room answers."""

from __future__ import annotations

import random

from grundy import protocol as p
from grundy import rules
from grundy.server.node import Node
from grundy.solver import bot
from grundy.solver.explain_mines import explain_view
from tests.server.e2e.wsclient import Client, url


async def play_against_a_bot(
    node: Node, game_name: str, params: dict, choose
) -> tuple[Client, str, list[str], p.GameOver]:
    """Ann (seat 0) against a hosted random bot until the end, Ann's moves from ``choose(view)``."""
    ann = await Client.hello(url(node), "Ann")
    seats = [p.SeatRequest(kind="open"), p.SeatRequest(kind="bot", level="random")]
    await ann.request(p.CreateRoom(game=game_name, params=params, seats=seats, seat=0), p.RoomCreated)
    state = await ann.expect(p.RoomState, status="playing")
    room, view, turn, ply = state.room, state.view, state.turn, state.ply
    moves: list[str] = []
    while turn is not None:
        if turn == 0:
            made = await ann.request(p.Move(room=room, ply=ply, move=choose(view, moves)), p.MoveMade)
        else:
            made = await ann.expect(p.MoveMade, room=room, ply=ply)
        moves.append(made.move)
        view, turn, ply = made.view, made.turn, made.ply + 1
    over = await ann.expect(p.GameOver, room=room)
    return ann, room, moves, over


async def test_a_finished_minesweeper_room_explains_each_position_from_the_seat_to_moves_view(node: Node):
    params = {"width": 5, "height": 4, "mines": 3, "players": 2}  # the server draws the secret seed
    game = rules.create("minesweeper", **params)  # its own seed: Ann's explanations read her view only

    def choose(view: dict, moves: list[str]) -> str:  # Ann plays the explanation's best move
        return explain_view(game, view, to_move=0, budget_s=0.3)["best"][0]

    ann, room, moves, over = await play_against_a_bot(node, "minesweeper", params, choose)
    assert over.status == "finished"
    layout = over.view["layout"]
    game = rules.create("minesweeper", **over.params)  # after the end the seed is public
    for n in range(len(moves)):
        got = await ann.request(p.Analyze(room=room, kind="position", moves=moves[:n]), p.Analysis)
        assert got.refused is None and got.ply == n
        at = game.replay(moves[:n])
        seat = game.to_move(at)
        e = got.explanation
        assert e.rule == "mines" and e.to_move == seat
        # what the seat to move saw, and nothing else: the same answer as from its view alone
        local = explain_view(game, game.view(at, seat), to_move=seat, budget_s=0.5)
        assert e.model_dump() == p.Explanation(**local).model_dump()
        for m in e.marks or []:  # and the proofs hold on the layout they never saw
            x, y = ord(m.cell[0]) - 97, int(m.cell[1:]) - 1
            assert (layout[y * 5 + x] == "m") == (m.role == "mined")
    await ann.close()


async def test_a_finished_gomoku_room_reviews_with_values_and_explains_with_lines(node: Node):
    game = rules.create("gomoku")
    rng = random.Random(7)

    def choose(view: dict, moves: list[str]) -> str:  # Ann plays the engine's move
        state = game.replay(moves)
        return game.format_move(state, bot.choose(game, state, "hard", 0.1, rng=rng).move)

    ann, room, moves, over = await play_against_a_bot(node, "gomoku", {}, choose)
    assert over.status == "finished"
    got = await ann.request(p.Analyze(room=room, kind="review"), p.Analysis)
    assert got.refused is None and len(got.review) == len(moves)
    rows = got.review
    assert sum(r.verdict == "no proof" for r in rows) <= len(rows) // 4
    assert rows[0].before.startswith("no win proven") and rows[0].value_before is not None
    assert rows[-1].verdict == "best" and rows[-1].before.startswith("wins at once")
    assert all(r.value_before is not None and r.value_after is not None for r in rows)
    assert all(r.best for r in rows if r.verdict in ("missed a proven win", "engine prefers another move"))
    # the analysis board: the last position before the five shows the five to make; the end shows it made
    got = await ann.request(p.Analyze(room=room, kind="position", moves=moves[:-1]), p.Analysis)
    e = got.explanation
    assert e.rule == "threats" and e.value.outcome == "win" and moves[-1] in e.best
    got = await ann.request(p.Analyze(room=room, kind="position", moves=moves), p.Analysis)
    e = got.explanation
    assert e.rule == "over" and moves[-1] in (e.line or []) and len(e.line or []) >= 5
    await ann.close()
