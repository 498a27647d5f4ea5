"""Puzzles (solver/puzzles.py): every one has a proven win, its winning moves are exactly the winning ones."""

from __future__ import annotations

from grundy import rules
from grundy.solver import exact, puzzles


def test_every_puzzle_of_the_catalog_is_a_win_with_exactly_its_winning_moves() -> None:
    catalog = puzzles.catalog()
    assert len(catalog) >= 20 and len({z.id for z in catalog}) == len(catalog)
    assert catalog == puzzles.catalog()  # made once, the same on every call
    for z in catalog:
        game = rules.create(z.game, **z.params)
        state = game.replay(z.moves)
        sol = exact.solve(game, state)
        assert (sol.outcome, sol.in_k) == ("win", z.k), z.id
        wins = []
        for text in game.legal_texts(state):
            after = game.play_text(state, text)
            if game.is_over(after):
                won = game.result(after).outcomes[game.to_move(state)] == "win"
            else:
                won = exact.solve(game, after).outcome == "loss"
            if won:
                wins.append(text)
        assert tuple(wins) == z.winning and 0 < len(wins) < len(game.legal_texts(state)), z.id
        assert z.grade == ("easy" if z.k == 1 else "medium" if z.k <= 3 else "hard")
        assert ("Exactly one move wins" in z.task()) == (z.accepts == "one")


def test_a_right_answer_is_explained_and_a_wrong_one_refuted() -> None:
    z = next(x for x in puzzles.catalog() if x.game == "nim" and x.accepts == "one")
    right = puzzles.check(z, z.winning[0])
    assert right["verdict"] == "right" and right["explanation"]["nim_sum"] != 0
    game = rules.create(z.game, **z.params)
    wrong_move = next(m for m in game.legal_texts(game.replay(z.moves)) if m not in z.winning)
    wrong = puzzles.check(z, wrong_move)
    assert wrong["verdict"] == "wrong" and wrong["refutation"][0] == wrong_move and len(wrong["refutation"]) == 2
    assert "loses: the opponent answers" in wrong["said"]
    assert "refused" in puzzles.check(z, "9:9")


def test_a_real_game_gives_its_thrown_away_wins() -> None:
    found = puzzles.from_game("nim", {"heaps": "3,4,5"}, ["3:4", "2:2", "1:1", "3:1", "1:1", "2:1", "2:1", "1:1"])
    assert [(z.id, z.moves, z.winning, z.k, z.source) for z in found] == [("g1", (), ("1:2",), 6, "game")]


def test_kayles_puzzles_agree_with_the_grundy_values() -> None:
    """A kayles position is won exactly when the XOR of its rows' Grundy values is not 0 (0.77 periodic)."""
    values = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]  # kayles' Grundy values of rows 0..19
    for n in range(1, 12):
        game = rules.create("kayles", pins=str(n))
        assert exact.grundy(game) == values[n]
    for z in (x for x in puzzles.catalog() if x.game == "kayles"):
        game = rules.create(z.game, **z.params)
        assert exact.grundy(game, game.replay(z.moves)) != 0
