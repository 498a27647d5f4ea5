"""``analyze`` without a room: any position of any game, explained or drawn as a tree, over real sockets."""

from __future__ import annotations

from grundy import protocol as p
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, nim_table, url


async def test_a_position_without_a_room_and_before_hello(node: Node):
    guest = await Client.open(url(node))  # no hello: a shared link opens the board at once
    games = await guest.request(p.ListGames(), p.Games)  # the catalog too, for the page's game chooser
    assert "nim" in {g["name"] for g in games.games}
    got = await guest.request(
        p.Analyze(kind="position", game="nim", params={"heaps": "5,9,12"}, moves=[]), p.Analysis, timeout=60
    )
    assert got.refused is None and got.room is None and (got.game, got.params["heaps"]) == ("nim", [5, 9, 12])
    assert got.explanation.nim_sum == 0 and got.explanation.value.outcome == "loss"  # 5 XOR 9 = 12
    assert got.view["heaps"] == [5, 9, 12] and "1:1" in got.legal_moves
    after = await guest.request(
        p.Analyze(kind="position", game="nim", params={"heaps": [5, 9, 12]}, moves=["3:1"]), p.Analysis, timeout=60
    )
    assert (after.ply, after.moves, after.explanation.value.outcome) == (1, ["3:1"], "win")
    assert after.explanation.nim_sum == 5 ^ 9 ^ 11
    await guest.close()


async def test_the_exam_tree_without_a_room(node: Node):
    guest = await Client.hello(url(node), "Teacher")
    for s, code in ((30, -2), (31, 2), (33, -2), (34, 2)):
        params = {"heaps": f"7,{s}", "ops": "+1,*2", "goal": "77"}
        got = await guest.request(p.Analyze(kind="tree", game="stones", params=params), p.Analysis, timeout=60)
        assert got.refused is None and got.tree.code == code and got.tree.move is None
    got = await guest.request(
        p.Analyze(kind="tree", game="stones", params={"heaps": "7,30"}, moves=["2:*2"], depth=1), p.Analysis
    )
    assert got.tree.code == 1 and [c.move for c in got.tree.children] == ["2:*2"]  # doubling 60 wins at once
    assert got.tree.children[0].outcome == "over" and got.moves == ["2:*2"]
    await guest.close()


async def test_bad_requests_are_typed_errors_or_refusals_in_words(node: Node):
    guest = await Client.open(url(node))
    err = await guest.error(p.Analyze(kind="tree", game="chess"))
    assert err.code == p.ErrorCode.UNKNOWN_GAME
    err = await guest.error(p.Analyze(kind="tree", game="nim", params={"heaps": "x"}))
    assert err.code == p.ErrorCode.BAD_PARAMS and "heaps" in err.message
    err = await guest.error(p.Analyze(kind="hint", game="nim"))
    assert err.code == p.ErrorCode.BAD_MESSAGE and "without a room" in err.message
    err = await guest.error(p.Analyze(kind="tree"))
    assert err.code == p.ErrorCode.BAD_MESSAGE and "name the game" in err.message
    err = await guest.error({"type": "analyze", "ref": 5, "kind": "tree", "game": "nim", "depth": 13})
    assert err.code == p.ErrorCode.BAD_MESSAGE and "depth" in err.message
    err = await guest.error(p.Analyze(kind="tree", game="nim", params={"heaps": "1000000,1000000"}))
    assert err.code == p.ErrorCode.BAD_PARAMS  # the size bound of a hosted game
    got = await guest.request(p.Analyze(kind="position", game="nim", moves=["9:9"]), p.Analysis)
    assert got.refused.startswith("these moves do not replay: move 1")
    got = await guest.request(p.Analyze(kind="tree", game="gomoku"), p.Analysis, timeout=60)
    assert "too large" in got.refused and "exact solver" in got.refused
    # the connection carries on
    got = await guest.request(p.Analyze(kind="tree", game="nim", params={"heaps": "1,2"}), p.Analysis)
    assert got.tree.code == 2
    await guest.close()


async def test_the_exam_table_and_its_answers(node: Node):
    guest = await Client.open(url(node))
    got = await guest.request(p.Analyze(kind="exam", params={"heaps": "7,S"}), p.Analysis, timeout=120)
    t = got.exam
    codes = {c.s: c.code for c in t.codes}
    assert (codes[30], codes[31], codes[33], codes[34]) == (-2, 2, -2, 2) and min(codes) == 1 and max(codes) == 69
    assert (t.task19, t.task20, t.task21) == (18, [31, 34], 30)
    assert "S = 18" in t.why19 and "31, 34" in t.why20 and "S = 30" in t.why21
    err = await guest.error(p.Analyze(kind="exam", params={"heaps": "7,9"}))
    assert err.code == p.ErrorCode.BAD_PARAMS and "exactly one S" in err.message
    err = await guest.error(p.Analyze(kind="exam", params={"heaps": "7,S", "colour": "red"}))
    assert err.code == p.ErrorCode.BAD_PARAMS and "colour" in err.message
    err = await guest.error(p.Analyze(kind="exam", params={"heaps": "7,S", "range": "1..1000"}))
    assert err.code == p.ErrorCode.BAD_PARAMS and "at most 200" in err.message
    await guest.close()


async def test_puzzles_from_the_solver_and_a_verdict_on_each_answer(node: Node):
    guest = await Client.open(url(node))
    listed = await guest.request(p.Analyze(kind="puzzles"), p.Analysis, timeout=120)
    ids = [z.id for z in listed.puzzles]
    assert len(ids) == len(set(ids)) >= 10 and {z.source for z in listed.puzzles} == {"solver"}
    assert {z.grade for z in listed.puzzles} == {"easy", "medium", "hard"}
    assert {"nim", "kayles", "stones", "corner", "mnk"} <= {z.game for z in listed.puzzles}
    one = next(z for z in listed.puzzles if z.accepts == "one")
    got = await guest.request(p.Analyze(kind="puzzle", puzzle=one.id), p.Analysis, timeout=60)
    assert got.puzzle.id == one.id and got.puzzle.verdict is None and got.view is not None and got.legal_moves
    assert "Exactly one move wins" in got.puzzle.task and got.explanation is None  # no answer given away
    # every legal move judged: exactly one is right, the others are refuted
    verdicts = {}
    for move in got.legal_moves[:12]:
        answer = await guest.request(p.Analyze(kind="puzzle", puzzle=one.id, answer=move), p.Analysis, timeout=60)
        verdicts[move] = answer.puzzle.verdict
        if answer.puzzle.verdict == "right":
            assert answer.explanation is not None and "only winning move" in answer.puzzle.said
        else:
            assert answer.puzzle.refutation[0] == move and "winning move was" in answer.puzzle.said
    assert list(verdicts.values()).count("right") <= 1
    bad = await guest.request(p.Analyze(kind="puzzle", puzzle=one.id, answer="zz9"), p.Analysis, timeout=60)
    assert bad.puzzle.verdict is None and bad.puzzle.said.startswith("zz9")
    gone = await guest.request(p.Analyze(kind="puzzle", puzzle="nim-999"), p.Analysis, timeout=60)
    assert gone.refused == "no puzzle 'nim-999' here"
    await guest.close()


async def test_a_win_thrown_away_in_a_real_game_becomes_a_puzzle(node: Node):
    ann, bob, room = await nim_table(node, [3, 4, 5])
    moves = ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"]  # 3:4 threw the win away (1:2 wins)
    for ply, move in enumerate(moves):
        await (ann if ply % 2 == 0 else bob).request(p.Move(room=room, ply=ply, move=move), p.MoveMade)
    await ann.expect(p.GameOver, room=room)
    review = await ann.request(p.Analyze(room=room, kind="review"), p.Analysis, timeout=60)
    assert review.review[0].verdict == "threw the win away"
    listed = await ann.request(p.Analyze(kind="puzzles"), p.Analysis, timeout=120)
    real = [z for z in listed.puzzles if z.source == "game"]
    assert [(z.game, z.moves, z.accepts) for z in real] == [("nim", [], "one")]
    got = await ann.request(p.Analyze(kind="puzzle", puzzle=real[0].id, answer="3:4"), p.Analysis, timeout=60)
    assert got.puzzle.verdict == "wrong" and got.puzzle.refutation[0] == "3:4" and "1:2" in got.puzzle.said
    got = await ann.request(p.Analyze(kind="puzzle", puzzle=real[0].id, answer="1:2"), p.Analysis, timeout=60)
    assert got.puzzle.verdict == "right" and got.explanation.nim_sum == 2
    for c in (ann, bob):
        await c.close()
