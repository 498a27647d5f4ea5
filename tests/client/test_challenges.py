"""The challenge model both the terminal and the pygame clients use (client/challenges.py), on literal messages."""

from __future__ import annotations

from grundy import protocol as p
from grundy.client import challenges as ch


def test_the_shared_challenge_words() -> None:
    assert ch.rated_refusal(None, "nim", {}) == ch.GUEST_RATED
    three = ch.rated_refusal("Rio", "mnk", {"players": "3"})
    assert three == "mnk with these settings has 3 seats; a rated game has two"
    assert ch.rated_refusal("Rio", "nim", {"heaps": "3,4"}) is None
    assert "heaps" in (ch.rated_refusal("Rio", "nim", {"heaps": "x"}) or "")  # a bad parameter, named
    book = ch.Challenges()
    book.sent("r-1", "Bob")
    declined = p.ChallengeDeclined(room="r-1", player="bob-display", session="s-2")
    assert book.declined(declined) == "Bob declined your challenge" and book.waiting_for("r-1") is None
    lapsed = p.ChallengeDeclined(room="r-9", player="Cy", session="s-3", reason="expired")
    assert book.declined(lapsed) == "Cy did not answer your challenge in time"
    first = p.Challenged(room="r-2", code="c", game="nim", params={}, time_control=None, seat=1,
                         challenger="Ann", challenger_session="s-1")  # fmt: skip
    second = first.model_copy(update={"room": "r-3"})
    book.received(first)
    book.received(second)
    assert book.next_incoming() == first
    book.put_back(first)
    book.opened("r-3")
    assert book.next_incoming() == first and book.next_incoming() is None


def test_persons_and_links_in_words() -> None:
    bob = p.PlayerInfo(session="s-1", name="Bob", kind="human", player="Bob", sessions=["s-1", "s-2"], playing=1,
                       where="playing")  # fmt: skip
    assert ch.is_you(bob, "s-2") and ch.is_you(bob, "s-9", "Bob") and not ch.is_you(bob, "s-9", "Ann")
    assert not ch.is_you(bob, None)
    assert ch.player_row(bob, "s-2")[0] == "Bob (you)" and ch.player_row(bob, "s-3")[0] == "Bob"
    assert ch.player_row(bob, "s-3")[2] == "playing · on 2 devices"
    guest = p.PlayerInfo(session="s-7", name="Eve", kind="human", sessions=["s-7"], watching=1, where="watching")
    assert ch.where_text(guest) == "watching"
    assert "Bob's seat" in ch.link_text("abc", "Bob") and "watches" in ch.link_text("abc", "Bob")
    assert ch.link_text("abc", None) == "code abc: anyone who has it may take the free seat"
    book = ch.Challenges()
    book.received(p.Challenged(room="r-2", code="c", game="nim", params={}, time_control=None, seat=1,
                               challenger="Ann", challenger_session="s-1"))  # fmt: skip
    answered = p.ChallengeAnswered(room="r-2", accepted=True, session="s-2")
    assert book.answered(answered) == "Ann's challenge was accepted on another of your devices"
    assert book.next_incoming() is None  # nothing waits for this device's answer
    again = answered.model_copy(update={"accepted": False})
    assert book.answered(again) == "a challenge to you was declined on another of your devices"
    asked = p.Challenged(room="r-5", code="c", game="nim", params={}, time_control=None, seat=1,
                         challenger="Cy", challenger_session="s-4")  # fmt: skip
    book.received(asked)
    shown = book.next_incoming()  # (being asked about: off the list)
    answered = p.ChallengeAnswered(room="r-5", accepted=True, session="s-2")
    assert book.answered(answered, shown) == "Cy's challenge was accepted on another of your devices"
