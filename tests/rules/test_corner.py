"""Corner: the one-way king, queen, rook and knight, pinned with literal positions."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.cells import format_cell, parse_cell
from grundy.rules.games.corner import Corner, CornerState


def at(game: rules.Game, cell: str, turn: int = 0) -> CornerState:
    x, y = parse_cell(cell)
    return CornerState(x, y, turn)


def legal(game: rules.Game, state: CornerState) -> set[str]:
    return set(game.legal_texts(state))


def first_player_wins(game: rules.Game) -> dict[tuple[int, int], bool]:
    """Win/loss for the player to move from every open cell (two players), by plain search."""

    @cache
    def wins(x: int, y: int) -> bool:
        s = CornerState(x, y, 0)
        return any(not wins(*m) for m in game.legal_moves(s))

    return {(x, y): wins(x, y) for x in range(game.width) for y in range(game.height)}  # type: ignore[attr-defined]


# ----- moves of each piece -------------------------------------------------------------


def test_king_steps_left_down_or_diagonally() -> None:
    g = rules.create("corner")
    assert legal(g, at(g, "c3")) == {"b3", "c2", "b2"}
    assert legal(g, at(g, "a5")) == {"a4"}
    assert legal(g, at(g, "e1")) == {"d1"}
    assert g.initial() == at(g, "h8")


def test_queen_slides_and_stops_before_a_blocked_cell() -> None:
    g = rules.create("corner", piece="queen", blocked="c3;b5")
    assert legal(g, at(g, "e5")) == {"d5", "c5", "e4", "e3", "e2", "e1", "d4"}
    with pytest.raises(rules.IllegalMoveError, match="cannot pass the blocked cell c3"):
        g.play(at(g, "e5"), parse_cell("a1"))
    with pytest.raises(rules.IllegalMoveError, match="cannot pass the blocked cell b5"):
        g.play(at(g, "e5"), parse_cell("a5"))
    with pytest.raises(rules.IllegalMoveError, match="'c3' is blocked"):
        g.play(at(g, "e5"), parse_cell("c3"))


def test_rook_moves_left_or_down_only_and_is_stopped_by_obstacles() -> None:
    g = rules.create("corner", piece="rook", blocked="c5;e2")
    assert legal(g, at(g, "e5")) == {"d5", "e4", "e3"}
    with pytest.raises(rules.IllegalMoveError, match="moves any distance left or down"):
        g.play(at(g, "e5"), parse_cell("d4"))
    with pytest.raises(rules.IllegalMoveError, match="only towards a1"):
        g.play(at(g, "e5"), parse_cell("f5"))


def test_king_moves_one_step_only() -> None:
    g = rules.create("corner")
    with pytest.raises(rules.IllegalMoveError, match="only one step"):
        g.play(at(g, "e5"), parse_cell("c3"))
    with pytest.raises(rules.IllegalMoveError, match="moves one step left, down or diagonally"):
        g.play(at(g, "e5"), parse_cell("d3"))
    with pytest.raises(rules.IllegalMoveError, match="already there"):
        g.play(at(g, "e5"), parse_cell("e5"))


def test_knight_jumps_towards_the_corner_and_wins_in_the_2x2_region() -> None:
    g = rules.create("corner", piece="knight")
    assert legal(g, at(g, "d4")) == {"b3", "c2", "b5", "e2"}
    assert legal(g, at(g, "c3")) == {"a2", "b1", "a4", "d1"}
    # c2 is next to the corner but not in it: the game goes on, and a1 can be reached from it.
    s = g.play(at(g, "d4"), parse_cell("c2"))
    assert not g.is_over(s) and legal(g, s) == {"a1", "a3"}
    for goal in ("a1", "b1", "a2", "b2"):
        s = g.apply(at(g, "h8", turn=1), parse_cell(goal))
        assert g.is_over(s)
        result = g.result(s)
        assert result is not None and result.outcomes == ("loss", "win")
        assert "into the corner" in result.reason
    with pytest.raises(rules.IllegalMoveError, match="moves only by the jumps"):
        g.play(at(g, "d4"), parse_cell("c6"))


def test_knight_jumps_over_blocked_cells_but_cannot_land_on_them() -> None:
    g = rules.create("corner", piece="knight", blocked="c4;b3")
    assert legal(g, at(g, "d4")) == {"c2", "b5", "e2"}


def test_a_walled_in_knight_loses_for_the_player_to_move() -> None:
    g = rules.create("corner", piece="knight", start="e5", blocked="c4;d3;f3;a5;b4;a7;d4")
    assert legal(g, g.initial()) == {"c6"}
    s = g.play_text(g.initial(), "c6")
    assert g.is_over(s) and g.to_move(s) is None
    result = g.result(s)
    assert result is not None and result.outcomes == ("win", "loss")
    assert result.told() == "seat 0 left the knight on c6, where seat 1 has no legal move"


def test_stuck_piece_means_the_last_mover_wins() -> None:
    g = rules.create("corner", piece="rook", width=4, height=1, blocked="b1", players=3)
    s = g.replay(["c1"])
    assert g.is_over(s) and g.legal_moves(s) == [] and g.to_move(s) is None
    result = g.result(s)
    assert result is not None and result.outcomes == ("win", "loss", "loss")
    assert "no legal move" in result.reason


# ----- three players ---------------------------------------------------------------------


def test_three_players_move_in_turn_and_the_one_who_reaches_a1_wins() -> None:
    g = rules.create("corner", players=3, width=4, height=1)
    assert g.seats == 3
    s = g.initial()
    order = []
    for cell in ("c1", "b1", "a1"):
        order.append(g.to_move(s))
        s = g.play_text(s, cell)
    assert order == [0, 1, 2]
    result = g.result(s)
    assert result is not None and result.outcomes == ("loss", "loss", "win")
    assert result.told() == "seat 2 moved the king onto a1"
    assert result.told(["Ann", "Bob", "bot (hard)"]) == "bot (hard) moved the king onto a1"


def test_three_players_cycle_back_to_seat_0() -> None:
    g = rules.create("corner", players=3, piece="rook", width=6, height=1)
    s = g.replay(["e1", "d1", "c1"])
    assert g.to_move(s) == 0
    s = g.replay(["a1"], s)
    assert g.result(s).outcomes == ("win", "loss", "loss")  # type: ignore[union-attr]


# ----- known theory: the two-player games are beans, Nim and Wythoff ------------------


def test_two_player_rook_is_two_heap_nim() -> None:
    g = rules.create("corner", piece="rook", width=9, height=9)
    for (x, y), win in first_player_wins(g).items():
        assert win == (x != y), (x, y)


def test_two_player_queen_is_wythoffs_game() -> None:
    g = rules.create("corner", piece="queen", width=14, height=14)
    cold = {(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)}
    cold |= {(b, a) for a, b in cold}
    for (x, y), win in first_player_wins(g).items():
        assert win == ((x, y) not in cold), (x, y)


def test_two_player_king_loses_exactly_on_even_even_cells() -> None:
    g = rules.create("corner", width=9, height=7)
    for (x, y), win in first_player_wins(g).items():
        assert win == (x % 2 == 1 or y % 2 == 1), (x, y)


# ----- obstacles -------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    piece=st.sampled_from(["king", "queen", "rook", "knight"]),
    width=st.integers(3, 20),
    height=st.integers(3, 20),
    percent=st.integers(0, 80),
    seed=st.integers(0, 2**31),
)
def test_seeded_obstacles_are_reproducible_and_spare_start_goal_and_a_first_move(
    piece: str, width: int, height: int, percent: int, seed: int
) -> None:
    params = {"piece": piece, "width": width, "height": height, "obstacles": percent, "seed": seed}
    g = rules.create("corner", **params)
    again = rules.create("corner", **params)
    assert g.blocked == again.blocked  # type: ignore[attr-defined]
    blocked = {format_cell(*c) for c in g.blocked}  # type: ignore[attr-defined]
    start = format_cell(width - 1, height - 1)
    assert start not in blocked and "a1" not in blocked
    if piece == "knight":
        assert not blocked & {"a1", "b1", "a2", "b2"}
    candidates = width * height - 1 - (4 if piece == "knight" else 1)
    wanted = round(percent * width * height / 100)
    # Exactly as many as asked, unless that would take every cell the piece can first move to.
    assert min(wanted, candidates - 1) <= len(blocked) <= min(wanted, candidates)
    assert g.legal_moves(g.initial()), "the piece must have a first move"


def test_obstacles_differ_by_seed_and_a_drawn_seed_is_kept() -> None:
    a = rules.create("corner", obstacles=25, seed=1)
    b = rules.create("corner", obstacles=25, seed=2)
    assert a.blocked != b.blocked  # type: ignore[attr-defined]
    assert len(a.blocked) == 16  # type: ignore[attr-defined]  # 25% of 64
    drawn = rules.create("corner", obstacles=25)
    assert isinstance(drawn.params["seed"], int)
    assert rules.create("corner", **drawn.params).blocked == drawn.blocked  # type: ignore[attr-defined]


def test_obstacles_add_to_the_blocked_cells() -> None:
    g = rules.create("corner", blocked="c3", obstacles=10, seed=9)
    assert (2, 2) in g.blocked and len(g.blocked) == 1 + 6  # type: ignore[attr-defined]


# ----- parameters ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"piece": "bishop"}, "parameter 'piece'"),
        ({"width": 0}, "parameter 'width'.*out of range"),
        ({"height": 65}, "parameter 'height'.*out of range"),
        ({"players": 4}, "parameter 'players'.*out of range"),
        ({"start": "a1"}, "parameter 'start': a1 is already in the goal"),
        ({"start": "b2", "piece": "knight"}, "already in the goal"),
        ({"start": "i3"}, "parameter 'start'.*off the board"),
        ({"start": "x"}, "parameter 'start'.*not a cell"),
        ({"blocked": "h8"}, "parameter 'blocked': h8 is the start cell"),
        ({"blocked": "a1"}, "parameter 'blocked': a1 is a goal cell"),
        ({"blocked": "b2", "piece": "knight"}, "b2 is a goal cell"),
        ({"blocked": "c9"}, "parameter 'blocked'.*off the board"),
        ({"blocked": "g8;h7;g7"}, "no legal move from h8"),
        ({"piece": "knight", "width": 1}, "knight has no legal move from a8"),
        ({"width": 1, "height": 1}, "already in the goal"),
        ({"obstacles": 81}, "parameter 'obstacles'"),
    ],
)
def test_bad_parameters_are_named(params: dict[str, object], fragment: str) -> None:
    with pytest.raises(rules.ParameterError, match=fragment):
        rules.create("corner", **params)


def test_params_are_canonical() -> None:
    g = rules.create("corner", blocked="D4;c3;d4", start="G7")
    assert g.params["blocked"] == ["c3", "d4"]
    assert g.params["start"] == "g7"
    assert g.initial() == CornerState(6, 6, 0)


# ----- notation, views and pictures -----------------------------------------------------


def test_move_notation_is_the_destination_cell() -> None:
    g = rules.create("corner", piece="queen", width=30, height=30)
    s = g.initial()
    assert g.format_move(s, (26, 29)) == "aa30"
    assert g.parse_move(s, "AA30") == (26, 29)
    with pytest.raises(rules.ParseMoveError):
        g.parse_move(s, "ae1")


def test_render_draws_coordinates_blocked_cells_piece_and_goal() -> None:
    g = rules.create("corner", piece="rook", width=4, height=3, blocked="b2")
    assert g.render(g.initial()) == "\n".join(
        [
            "corner: rook, 2 players",
            "3 . . . R",
            "2 . # . .",
            "1 * . . .",
            "  a b c d",
            "rook on d3; seat 0 to move",
        ]
    )
    view = g.view(g.initial(), None)
    assert view["blocked"] == ["b2"] and view["at"] == "d3" and view["goal"] == ["a1"]


def test_corner_is_registered_in_catalog_order() -> None:
    assert "corner" in rules.names()
    assert rules.game_class("corner") is Corner
