"""The game tree (solver/tree.py) against the exam's published answers and its own pruning rules."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.protocol import codec
from grundy.protocol import messages as p
from grundy.solver import exact, tree


def stones(s: int) -> rules.Game:
    return rules.create("stones", heaps=f"7,{s}", ops="+1,*2", goal="77")


@pytest.mark.parametrize(("s", "code"), [(30, -2), (33, -2), (31, 2), (34, 2), (35, 1), (28, 4)])
def test_the_exam_roots_have_the_published_codes(s: int, code: int) -> None:
    assert tree.build(stones(s)).code == code


def test_every_root_code_matches_the_solver_for_every_start() -> None:
    for s in range(20, 70):
        game = stones(s)
        assert tree.build(game, depth=0).code == exact.solve(game).code, s


def walk(game: rules.Game, state, node: tree.Node, check) -> int:
    check(game, state, node)
    seen = 1
    by_text = {game.format_move(state, m): m for m in game.legal_moves(state)}
    for child in node.children:
        seen += walk(game, game.apply(state, by_text[child.move]), child, check)
    return seen


def pruned_as_the_exam(game: rules.Game, state, node: tree.Node) -> None:
    if game.is_over(state):
        assert (node.code, node.outcome, node.children, node.more) == (0, "over", [], False)
        return
    if node.more:
        assert node.children == []
        return
    if node.outcome == "loss":  # every move, each a win for the opponent by their K-th move at the latest
        assert [c.move for c in node.children] == game.legal_texts(state)
        assert all(c.outcome == "over" or 0 < c.code <= -node.code for c in node.children)
    elif node.outcome == "win":  # only the moves that win as fast, and at least one
        k = node.code
        assert node.children
        assert all((c.outcome == "over" and k == 1) or c.code == -(k - 1) for c in node.children)
        others = [t for t in game.legal_texts(state) if t not in {c.move for c in node.children}]
        for text in others:  # every move left out is slower or loses
            after = game.play_text(state, text)
            if not game.is_over(after):
                assert exact.solve(game, after).code != -(k - 1)


@pytest.mark.parametrize("s", [30, 31, 33, 34])
def test_the_exam_trees_are_pruned_as_the_exam_prunes(s: int) -> None:
    game = stones(s)
    root = tree.build(game)
    assert walk(game, game.initial(), root, pruned_as_the_exam) == root.count()
    assert not any_more(root)  # the whole tree fits in the bound


def any_more(node: tree.Node) -> bool:
    return node.more or any(any_more(c) for c in node.children)


@given(st.lists(st.integers(0, 6), min_size=1, max_size=3), st.integers(0, 4))
@settings(max_examples=25, deadline=None)
def test_nim_trees_follow_the_rules_at_any_depth(heaps: list[int], depth: int) -> None:
    game = rules.create("nim", heaps=",".join(map(str, heaps)))
    root = tree.build(game, depth=depth)
    walk(game, game.initial(), root, pruned_as_the_exam)
    assert height(root) <= depth


def height(node: tree.Node) -> int:
    return 1 + max(map(height, node.children)) if node.children else 0


def test_depth_and_node_bounds() -> None:
    game = rules.create("nim", heaps="3,4,5")
    assert tree.build(game, depth=0).more
    with pytest.raises(ValueError, match="give 0 to 12"):
        tree.build(game, depth=tree.MAX_DEPTH + 1)
    big = tree.build(rules.create("nim", heaps="6,6,6,6"), depth=tree.MAX_DEPTH)
    assert big.count() <= tree.MAX_NODES and any_more(big)


def test_a_tree_at_its_bound_fits_in_one_frame() -> None:
    root = tree.build(rules.create("nim", heaps="9,9,9,9"), depth=tree.MAX_DEPTH)
    assert root.count() > tree.MAX_NODES - 50
    msg = p.Analysis(kind="tree", ply=0, tree=p.TreeNode(**root.to_dict()))
    assert len(codec.encode(msg)) < p.MAX_FRAME_BYTES


def test_outline_indents_each_level() -> None:
    lines = tree.outline(tree.build(rules.create("nim", heaps="1,2")))
    assert lines == ["start  +2", "  2:1  -1", "    1:1  +1", "      2:1  0 (over)", "    2:1  +1",
                     "      1:1  0 (over)"]
    json.dumps(tree.build(rules.create("nim", heaps="1,2")).to_dict())


def test_the_protocol_bounds_the_depth_as_the_solver_does() -> None:
    assert p.MAX_TREE_DEPTH == tree.MAX_DEPTH
