"""``analyze`` without a room: any position of any game, explained or drawn as a tree, over real sockets."""

from __future__ import annotations

from grundy import protocol as p
from grundy.server.node import Node
from tests.server.e2e.wsclient import Client, url


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
