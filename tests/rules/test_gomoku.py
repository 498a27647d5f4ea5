"""Gomoku rules pinned with literal positions: every rule's winning lines, renju's forbidden
moves, the swap openings; random playouts checked against a full scan of the board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import rules
from grundy.rules.games.gomoku import DRAW, PLAY, RUNNING, Gomoku, GomokuState

# Spaced-out cells far from the action, to give a side stones that make no line.
WHITE_FILLERS = "a1 c1 e1 g1 i1 k1 m1 o1 a3 c3 e3 g3 i3 k3 m3 o3".split()
BLACK_FILLERS = "a15 c15 e15 g15 i15 k15 m15 o15 a13 c13 e13".split()


def gomoku(**params: object) -> Gomoku:
    game = rules.create("gomoku", **params)
    assert isinstance(game, Gomoku)
    return game


def position(game: Gomoku, black: str, white: str = "") -> GomokuState:
    """Black's and white's stones played alternately (fillers even the counts): black to move."""
    bs, ws = black.split(), white.split()
    ws += WHITE_FILLERS[: max(0, len(bs) - len(ws))]
    bs += BLACK_FILLERS[: max(0, len(ws) - len(bs))]
    moves = [m for pair in zip(bs, ws, strict=True) for m in pair]
    state = game.replay(moves)
    assert game.colour_to_move(state) == 0 and not game.is_over(state)
    return state


def cell(game: Gomoku, text: str) -> int:
    return game.parse_move(game.initial(), text)


# ----- winning lines --------------------------------------------------------------------


def test_freestyle_five_and_overline_win() -> None:
    game = gomoku()
    s = position(game, "d8 e8 f8 g8")
    s = game.play_text(s, "h8")
    res = game.result(s)
    assert res is not None and res.outcomes == ("win", "loss")
    assert res.told(["Ann", "Bob"]) == "Ann (black) made five in a row"
    assert res.line == ("d8", "e8", "f8", "g8", "h8")  # the five, end to end, whichever stone came last
    assert game.full_view(s)["result"]["line"] == ["d8", "e8", "f8", "g8", "h8"]
    s = position(game, "d8 e8 f8 h8 i8")
    res = game.result(game.play_text(s, "g8"))
    assert res is not None and res.outcomes == ("win", "loss") and "6 in a row" in res.reason
    assert res.line == ("d8", "e8", "f8", "g8", "h8", "i8")


def test_white_wins_a_column_and_a_diagonal() -> None:
    game = gomoku()
    s = game.replay("a1 h8 b1 h9 c1 h10 d2 h11 a5".split())
    res = game.result(game.play_text(s, "h12"))
    assert res is not None and res.outcomes == ("loss", "win")
    assert res.told(["Ann", "Bob"]) == "Bob (white) made five in a row"
    assert res.line == ("h8", "h9", "h10", "h11", "h12")
    s = game.replay("a1 d4 b1 e5 c1 f6 a3 g7 a6".split())
    res = game.result(game.play_text(s, "h8"))
    assert res is not None and res.outcomes == ("loss", "win")


def test_standard_overline_does_not_win_but_exactly_five_does() -> None:
    game = gomoku(rule="standard")
    s = game.play_text(position(game, "d8 e8 f8 h8 i8"), "g8")
    assert not game.is_over(s)
    s = game.play_text(position(game, "d8 e8 f8 g8"), "h8")
    assert game.result(s).outcomes == ("win", "loss")  # type: ignore[union-attr]


def test_caro_five_blocked_at_both_ends_does_not_win() -> None:
    game = gomoku(rule="caro")
    s = game.play_text(position(game, "e8 f8 g8 h8", "d8 j8"), "i8")
    assert not game.is_over(s)
    s = game.play_text(position(game, "e8 f8 g8 h8", "d8"), "i8")  # blocked at one end only
    assert game.result(s).outcomes == ("win", "loss")  # type: ignore[union-attr]
    s = game.play_text(position(game, "a8 b8 c8 d8", "f8"), "e8")  # the edge does not block
    assert game.result(s).outcomes == ("win", "loss")  # type: ignore[union-attr]
    s = game.play_text(position(game, "e8 f8 g8 h8 j8", "d8 k8"), "i8")  # six, blocked both ends
    assert not game.is_over(s)


def test_a_full_board_is_a_draw() -> None:
    game = gomoku()
    n = game.size
    # Columns of two-cell stripes: no five anywhere, in any direction.
    board = bytes(1 + ((x // 2 + y) % 2) for y in range(n) for x in range(n))
    last = n * n - 1
    before = GomokuState(board[:last] + b"\x00" + board[last + 1 :], (last,), PLAY, 0, RUNNING, -1)
    assert game.legal_moves(before) == [last]
    s = game.apply(before, last)
    assert s.outcome == DRAW and game.result(s).outcomes == ("draw", "draw")  # type: ignore[union-attr]


# ----- renju ------------------------------------------------------------------------------


def forbidden_reason(game: Gomoku, s: GomokuState, text: str) -> str | None:
    move = game.parse_move(s, text)
    if game.is_legal(s, move):
        return None
    with pytest.raises(rules.IllegalMoveError) as err:
        game.play(s, move)
    return str(err.value)


def test_renju_double_three_is_forbidden_for_black() -> None:
    game = gomoku(rule="renju")
    s = position(game, "f8 g8 h6 h7")
    why = forbidden_reason(game, s, "h8")
    assert why is not None and "'h8' is forbidden for black under renju: double-three" in why
    assert cell(game, "h8") not in game.legal_moves(s)
    assert game.full_view(s)["forbidden"] == ["h8"]
    assert "forbidden for black: h8" in game.render(s)


def test_renju_split_three_counts() -> None:
    game = gomoku(rule="renju")
    s = position(game, "e8 g8 h5 h6")  # e8 _ g8 h8 and h5 h6 _ h8: both real threes
    assert "double-three" in (forbidden_reason(game, s, "h8") or "")


def test_renju_blocked_three_is_not_a_three() -> None:
    game = gomoku(rule="renju")
    # d8 and j8 white: f8 g8 h8 can never become a straight four, so only the column is a three.
    s = position(game, "f8 g8 h6 h7", "d8 j8")
    assert forbidden_reason(game, s, "h8") is None
    # One side blocked is still a three (f8-i8 with e8 and j8 open).
    s = position(game, "f8 g8 h6 h7", "d8")
    assert "double-three" in (forbidden_reason(game, s, "h8") or "")


def test_renju_three_whose_completion_is_forbidden_is_not_a_three() -> None:
    game = gomoku(rule="renju")
    # Row 8: f8 _ h8 i8 becomes a straight four only at g8, but g8 is an overline for black
    # (g6 g7 g8 g9 g10 g11), so it is no three and h8 (with the column three h6 h7 h8) is legal.
    s = position(game, "f8 i8 g11 g10 g9 g7 g6 h6 h7")
    assert game.forbidden(s.board).get(cell(game, "g8")) == "overline"
    assert forbidden_reason(game, s, "h8") is None
    # Without g6, g8 makes exactly five (not forbidden), so the row is a real three again.
    s = position(game, "f8 i8 g11 g10 g9 g7 h6 h7", "g6")
    assert "double-three" in (forbidden_reason(game, s, "h8") or "")


def test_renju_double_four_is_forbidden() -> None:
    game = gomoku(rule="renju")
    s = position(game, "e8 f8 g8 h5 h6 h7", "d8 h4")
    assert "double-four" in (forbidden_reason(game, s, "h8") or "")


def test_renju_double_four_in_one_line_is_forbidden() -> None:
    game = gomoku(rule="renju")
    s = position(game, "d8 f8 g8 j8")  # h8 makes d8 _ f8 g8 h8 _ j8: fives at e8 and at i8
    assert "double-four" in (forbidden_reason(game, s, "h8") or "")


def test_renju_four_three_is_allowed() -> None:
    game = gomoku(rule="renju")
    s = position(game, "e8 f8 g8 h6 h7", "d8")
    assert forbidden_reason(game, s, "h8") is None


def test_renju_overline_is_forbidden_for_black_but_wins_for_white() -> None:
    game = gomoku(rule="renju")
    s = position(game, "d8 e8 f8 h8 i8")
    why = forbidden_reason(game, s, "g8")
    assert why is not None and "overline" in why
    # The same shape for white: white plays g8 and wins with six.
    s = game.replay("a1 d8 c1 e8 e1 f8 g1 h8 i1 i8 k1".split())
    res = game.result(game.play_text(s, "g8"))
    assert res is not None and res.outcomes == ("loss", "win") and "6 in a row" in res.reason


def test_renju_five_beats_a_forbidden_pattern() -> None:
    game = gomoku(rule="renju")
    # h8 makes d8-h8 exactly five and an overline h5-h10 at the same time: the five wins.
    s = position(game, "d8 e8 f8 g8 h5 h6 h7 h9 h10", "c8 i8 h4 h11")
    s = game.play_text(s, "h8")
    res = game.result(s)
    assert res is not None and res.outcomes == ("win", "loss") and res.told() == "seat 0 (black) made five in a row"
    # Exactly five together with a double-three is also a win.
    s = position(game, "d8 e8 f8 g8 h6 h7 i9 j10", "c8")
    assert game.result(game.play_text(s, "h8")).outcomes == ("win", "loss")  # type: ignore[union-attr]


def test_white_has_no_forbidden_moves() -> None:
    game = gomoku(rule="renju")
    s = game.replay("a1 f8 c1 g8 e1 h6 a3 h7 c3".split())  # white's double-three shape, white to move
    assert game.colour_to_move(s) == 1
    assert game.is_legal(s, cell(game, "h8"))


# ----- openings ---------------------------------------------------------------------------


def test_swap_second_player_picks_black() -> None:
    game = gomoku(opening="swap")
    s = game.initial()
    movers = []
    for text in ["h8", "h9", "i8"]:
        movers.append((game.to_move(s), game.colour_to_move(s)))
        s = game.play_text(s, text)
    assert movers == [(0, 0), (0, 1), (0, 0)]
    assert game.to_move(s) == 1 and game.legal_moves(s) == ["black", "white"]
    with pytest.raises(rules.IllegalMoveError, match="'j8': seat 1 must first choose: black, white"):
        game.play_text(s, "j8")
    with pytest.raises(rules.IllegalMoveError, match="'more' is not a choice here"):
        game.play_text(s, "more")
    s = game.play_text(s, "black")  # seat 1 takes black: seat 0 is white and moves next
    assert (game.to_move(s), game.colour_to_move(s)) == (0, 1)
    assert game.full_view(s)["colours"] == ["white", "black"]
    with pytest.raises(rules.IllegalMoveError, match="no colour to choose now"):
        game.play_text(s, "white")
    # Black (seat 1) completes h8-l8 later: seat 1 wins.
    s = game.replay("a1 j8 c1 k8 e1 l8".split(), s)
    res = game.result(s)
    assert res is not None and res.outcomes == ("loss", "win") and "black" in res.reason


def test_swap_second_player_picks_white_and_moves_next() -> None:
    game = gomoku(opening="swap")
    s = game.replay("h8 h9 i8 white".split())
    assert (game.to_move(s), game.colour_to_move(s)) == (1, 1)
    assert game.full_view(s)["colours"] == ["black", "white"]


def test_swap2_more_then_first_player_picks() -> None:
    game = gomoku(opening="swap2")
    s = game.replay("h8 h9 i8".split())
    assert game.to_move(s) == 1 and game.legal_moves(s) == ["black", "white", "more"]
    s = game.play_text(s, "more")
    assert (game.to_move(s), game.colour_to_move(s)) == (1, 1)  # seat 1 places white, then black
    s = game.play_text(s, "i9")
    assert (game.to_move(s), game.colour_to_move(s)) == (1, 0)
    s = game.play_text(s, "j7")
    assert game.to_move(s) == 0 and game.legal_moves(s) == ["black", "white"]
    picked_black = game.play_text(s, "black")
    assert (game.to_move(picked_black), game.colour_to_move(picked_black)) == (1, 1)
    assert game.full_view(picked_black)["colours"] == ["black", "white"]
    picked_white = game.play_text(s, "white")
    assert (game.to_move(picked_white), game.colour_to_move(picked_white)) == (0, 1)
    assert game.full_view(picked_white)["colours"] == ["white", "black"]
    assert game.max_plies() == 15 * 15 + 2


def test_swap2_second_player_picks_directly() -> None:
    game = gomoku(opening="swap2")
    s = game.replay("h8 h9 i8 black".split())
    assert (game.to_move(s), game.colour_to_move(s)) == (0, 1)


# ----- notation, parameters, views ----------------------------------------------------------


def test_notation_and_errors() -> None:
    game = gomoku(size=19)
    s = game.initial()
    assert game.format_move(s, game.parse_move(s, "s19")) == "s19"
    assert game.parse_move(s, " Black ") == "black"
    with pytest.raises(rules.ParseMoveError, match="off the board"):
        game.parse_move(s, "t1")
    s = game.play_text(s, "j10")
    with pytest.raises(rules.IllegalMoveError, match="'j10': the cell is occupied by a black stone"):
        game.play_text(s, "j10")
    with pytest.raises(rules.ParameterError, match="'size'"):
        gomoku(size=17)
    with pytest.raises(rules.ParameterError, match="'rule'"):
        gomoku(rule="pente")


def test_view_and_render() -> None:
    game = gomoku(opening="swap")
    s = game.replay("h8 h9".split())
    v = game.full_view(s)
    assert v["board"][7][7] == "X" and v["board"][8][7] == "O" and v["last"] == "h9"
    assert v["to_move"] == 0 and v["colour_to_move"] == "black" and not v["colours_chosen"]
    text = game.render(s)
    lines = text.splitlines()
    assert lines[1].startswith("15") and lines[15].startswith(" 1")
    assert lines[16].split() == list("abcdefghijklmno")
    assert "[O]" in lines[7]


# ----- properties -------------------------------------------------------------------------


def scan_winner(game: Gomoku, board: bytes) -> int:
    """The colour holding a winning line under the game's rule, scanning every maximal run."""
    n = game.size
    for y in range(n):
        for x in range(n):
            v = board[y * n + x]
            if not v:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                px, py = x - dx, y - dy
                if 0 <= px < n and 0 <= py < n and board[py * n + px] == v:
                    continue  # not the start of a run
                length = 0
                while (
                    0 <= x + dx * length < n
                    and 0 <= y + dy * length < n
                    and board[(y + dy * length) * n + x + dx * length] == v
                ):
                    length += 1
                ex, ey = x + dx * length, y + dy * length
                before = board[py * n + px] if 0 <= px < n and 0 <= py < n else 0
                after = board[ey * n + ex] if 0 <= ex < n and 0 <= ey < n else 0
                rule = game.rule
                if rule == "freestyle":
                    wins = length >= 5
                elif rule == "standard" or (rule == "renju" and v == 1):
                    wins = length == 5
                elif rule == "renju":
                    wins = length >= 5
                else:
                    wins = length >= 5 and not (before == after == 3 - v)
                if wins:
                    return v - 1
    return RUNNING


@settings(max_examples=40, deadline=None)
@given(
    rule=st.sampled_from(["freestyle", "standard", "renju", "caro"]),
    opening=st.sampled_from(["none", "swap", "swap2"]),
    seed=st.integers(0, 2**32),
)
def test_incremental_end_equals_a_full_scan(rule: str, opening: str, seed: int) -> None:
    game = gomoku(rule=rule, opening=opening)
    rng = random.Random(seed)
    s = game.initial()
    while not game.is_over(s):
        s = game.apply(s, rng.choice(game.legal_moves(s)))
        if not game.is_over(s) and game.colour_to_move(s) is not None:
            assert scan_winner(game, s.board) == RUNNING
    found = scan_winner(game, s.board)
    if s.outcome == DRAW:
        assert found == RUNNING and not s.empty
    else:
        assert s.outcome == found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(20, 120))
def test_renju_prefilter_misses_no_forbidden_cell(seed: int, plies: int) -> None:
    """The fast whole-board search equals checking every empty cell one by one."""
    game = gomoku(rule="renju")
    rng = random.Random(seed)
    s = game.initial()
    # Black plays near its own stones so forbidden shapes actually arise.
    for _ in range(plies):
        if game.is_over(s):
            break
        legal = game.legal_moves(s)
        near = [m for m in legal if any(s.board[c] == 1 for fwd, bwd in game.lines.rays[m] for c in fwd[:2] + bwd[:2])]
        s = game.apply(s, rng.choice(near if near and rng.random() < 0.8 else legal))
        if game.colour_to_move(s) == 0 and not game.is_over(s):
            work = bytearray(s.board) + b"\x03"
            slow = {c: k for c in s.empty if (k := game._forbidden_at(work, c, 0)) is not None}
            assert game.forbidden(s.board) == slow


def reference_forbidden(board: list[int], n: int, c: int, depth: int = 0) -> str | None:
    """Renju's forbidden moves straight from their definitions, on the whole board (slow, independent)."""

    def on(x: int, y: int) -> bool:
        return 0 <= x < n and 0 <= y < n

    def run(x: int, y: int, dx: int, dy: int) -> list[tuple[int, int]]:
        cells = [(x, y)]
        for sign in (1, -1):
            i = 1
            while on(x + sign * dx * i, y + sign * dy * i) and board[(y + sign * dy * i) * n + x + sign * dx * i] == 1:
                cells.append((x + sign * dx * i, y + sign * dy * i))
                i += 1
        return cells

    def fives_through(x: int, y: int, dx: int, dy: int) -> set[frozenset[tuple[int, int]]]:
        """The distinct fours through (x, y): the black stones of each exact five one empty cell makes."""
        out = set()
        for i in range(-4, 5):
            ex, ey = x + dx * i, y + dy * i
            if i == 0 or not on(ex, ey) or board[ey * n + ex] != 0:
                continue
            board[ey * n + ex] = 1
            r = run(ex, ey, dx, dy)
            board[ey * n + ex] = 0
            if len(r) == 5 and (x, y) in r:
                out.add(frozenset(r) - {(ex, ey)})
        return out

    def straight_four(x: int, y: int, dx: int, dy: int) -> bool:
        r = run(x, y, dx, dy)
        if len(r) != 4:
            return False
        r.sort()  # along the line: by x, or by y in a column
        ends = [(r[0][0] - dx, r[0][1] - dy), (r[-1][0] + dx, r[-1][1] + dy)]
        if not all(on(ex, ey) and board[ey * n + ex] == 0 for ex, ey in ends):
            return False
        for ex, ey in ends:
            board[ey * n + ex] = 1
            five = len(run(ex, ey, dx, dy)) == 5
            board[ey * n + ex] = 0
            if not five:
                return False
        return True

    y0, x0 = divmod(c, n)
    board[c] = 1
    try:
        dirs = ((1, 0), (0, 1), (1, 1), (1, -1))
        lengths = [len(run(x0, y0, dx, dy)) for dx, dy in dirs]
        if 5 in lengths:
            return None
        if max(lengths) >= 6:
            return "overline"
        fours = [fives_through(x0, y0, dx, dy) for dx, dy in dirs]
        if sum(len(f) for f in fours) >= 2:
            return "double-four"
        threes = 0
        for (dx, dy), f in zip(dirs, fours, strict=True):
            if f:
                continue
            for i in range(-4, 5):
                ex, ey = x0 + dx * i, y0 + dy * i
                if i == 0 or not on(ex, ey) or board[ey * n + ex] != 0:
                    continue
                board[ey * n + ex] = 1
                makes = straight_four(x0, y0, dx, dy)
                board[ey * n + ex] = 0
                if makes and (depth >= 6 or reference_forbidden(board, n, ey * n + ex, depth + 1) is None):
                    threes += 1
                    break
        return "double-three" if threes >= 2 else None
    finally:
        board[c] = 0


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_renju_forbidden_cells_match_the_definitions(seed: int) -> None:
    game = gomoku(rule="renju")
    rng = random.Random(seed)
    s = game.initial()
    checked = 0
    for ply in range(90):
        if game.is_over(s):
            break
        legal = game.legal_moves(s)
        near = [m for m in legal if any(s.board[c] == 1 for fwd, bwd in game.lines.rays[m] for c in fwd[:2] + bwd[:2])]
        s = game.apply(s, rng.choice(near if near and rng.random() < 0.8 else legal))
        if ply % 15 == 14 and game.colour_to_move(s) == 0 and not game.is_over(s):
            board = list(s.board)
            expected = {c: k for c in s.empty if (k := reference_forbidden(board, game.size, c)) is not None}
            assert game.forbidden(s.board) == expected
            checked += 1
    assert checked or game.is_over(s)
