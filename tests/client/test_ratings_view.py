"""How the clients say what a rated game did to the ratings (``game_rated``)."""

from __future__ import annotations

import doctest

from grundy import protocol as p
from grundy.client import ratings_view
from grundy.client.ratings_view import rated_line


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(ratings_view).failed == 0


def test_a_rated_game_is_said_from_the_readers_seat() -> None:
    msg = p.GameRated(
        room="r-1",
        game="nim",
        ratings=[
            p.RatingChange(seat=0, player="Ann", before=1500.0, after=1662.3, rd=290.3, provisional=True),
            p.RatingChange(seat=1, player="bot:random", before=1500.0, after=1337.7, rd=290.3, provisional=True),
        ],
    )
    names = ["Ann", "bot (random)"].__getitem__
    assert rated_line(msg.ratings, 0, names) == (
        "your rating 1500 → 1662? (+162) · bot (random)'s rating 1500 → 1338? (-162)"
    )
    # A spectator reads every seat by name; a settled rating has no question mark.
    settled = [msg.ratings[0].model_copy(update={"provisional": False, "after": 1490.0})]
    assert rated_line(settled, None, names) == "Ann's rating 1500 → 1490 (-10)"
