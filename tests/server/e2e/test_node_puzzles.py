"""Puzzles against real nodes over real websockets: a signed-in player's right answers count once each on
their page (``player.puzzles_solved``), a guest's count nowhere, and a puzzle taken from a real game is kept
in the store: listed and solvable on every node of a cluster and after a restart."""

from __future__ import annotations

import pytest

from grundy import protocol as p
from grundy.server.node import Node
from tests.server.e2e.test_node_players import hello, register
from tests.server.e2e.wsclient import NodeFactory, nim_table, url

THREW = ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"]  # nim 3,4,5: 3:4 threw the win away (1:2 wins)


async def found_puzzle(node: Node) -> str:
    """Play a nim game that throws a win away, have it reviewed: the id of the puzzle it made."""
    ann, bob, room = await nim_table(node, [3, 4, 5])
    for ply, move in enumerate(THREW):
        await (ann if ply % 2 == 0 else bob).request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
    await ann.expect(p.GameOver, room=room)
    review = await ann.request(p.Analyze(room=room, kind="review"), p.Analysis, timeout=60)
    assert review.review[0].verdict == "threw the win away"
    for c in (ann, bob):
        await c.close()
    listed = await (await hello(url(node), "Eve")).request(p.Analyze(kind="puzzles"), p.Analysis, timeout=120)
    (real,) = [z for z in listed.puzzles if z.source == "game"]
    assert real.id.startswith("g") and (real.game, real.moves) == ("nim", [])
    return real.id


async def solved(node: Node, name: str) -> int:
    c = await hello(url(node), "Watcher")
    profile = await c.request(p.GetPlayer(name=name), p.PlayerProfile)
    await c.close()
    return profile.puzzles_solved


async def test_a_signed_in_players_right_answers_count_once_each(make_node: NodeFactory) -> None:
    node = await make_node()
    puzzle = await found_puzzle(node)
    secret = await register(node, "Cy")
    assert await solved(node, "Cy") == 0
    cy = await hello(url(node), "Cy", secret)  # (in a cluster: the other node, which reads the puzzle from Redis)
    wrong = await cy.request(p.Analyze(kind="puzzle", puzzle=puzzle, answer="3:4"), p.Analysis, timeout=60)
    assert wrong.puzzle.verdict == "wrong" and await solved(node, "cy") == 0
    for _ in range(2):  # right twice: counted once
        right = await cy.request(p.Analyze(kind="puzzle", puzzle=puzzle, answer="1:2"), p.Analysis, timeout=60)
        assert right.puzzle.verdict == "right"
    assert await solved(node, "Cy") == 1
    guest = await hello(url(node), "Dee")  # a guest's right answer counts nowhere (and breaks nothing)
    right = await guest.request(p.Analyze(kind="puzzle", puzzle=puzzle, answer="1:2"), p.Analysis, timeout=60)
    assert right.puzzle.verdict == "right"
    for c in (cy, guest):
        await c.close()


@pytest.mark.embedded_only
async def test_a_puzzle_from_a_real_game_and_the_count_outlive_a_restart(make_node: NodeFactory) -> None:
    node = await make_node()
    puzzle = await found_puzzle(node)
    secret = await register(node, "Cy")
    cy = await hello(url(node), "Cy", secret)
    right = await cy.request(p.Analyze(kind="puzzle", puzzle=puzzle, answer="1:2"), p.Analysis, timeout=60)
    assert right.puzzle.verdict == "right"
    await cy.close()
    await node.shutdown()
    again = await make_node()  # (the same SQLite file)
    eve = await hello(url(again), "Eve")
    listed = await eve.request(p.Analyze(kind="puzzles"), p.Analysis, timeout=120)
    assert [z.id for z in listed.puzzles if z.source == "game"] == [puzzle]
    got = await eve.request(p.Analyze(kind="puzzle", puzzle=puzzle, answer="3:4"), p.Analysis, timeout=60)
    assert got.puzzle.verdict == "wrong" and "1:2" in got.puzzle.said
    assert await solved(again, "Cy") == 1
