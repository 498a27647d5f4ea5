"""The lobby's pure core: quick-match queues and pending challenges, event by event, no sockets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.server import matchmaking as mm

NIM: mm.QueueKey = ("nim", '{"heaps": [3, 4, 5]}', None)
MNK: mm.QueueKey = ("mnk", '{"players": 3}', (60.0, 1.0))


def feed(m: mm.Matchmaking, *events: mm.Event) -> tuple[mm.Matchmaking, list[mm.Effect]]:
    out: list[mm.Effect] = []
    for e in events:
        m, effects = m.handle(e)
        out += effects
    return m, out


def test_the_longest_waiting_are_matched_in_the_order_they_asked() -> None:
    m, eff = feed(mm.Matchmaking(), mm.Ask("a", MNK, 3), mm.Ask("b", MNK, 3), mm.Ask("x", NIM, 2))
    assert [e for e in eff if isinstance(e, mm.Matched)] == [] and m.queues == {MNK: ("a", "b"), NIM: ("x",)}
    m, eff = feed(m, mm.Ask("c", MNK, 3))
    assert mm.Matched(MNK, ("a", "b", "c")) in eff and mm.Queued("c", MNK) in eff
    assert m.queues == {NIM: ("x",)} and m.waiting == {"x": NIM}


def test_asking_again_moves_a_session_to_its_new_key_and_cancel_says_whether_it_waited() -> None:
    m, _ = feed(mm.Matchmaking(), mm.Ask("a", NIM, 2), mm.Ask("a", MNK, 3))
    assert m.queues == {MNK: ("a",)} and m.waiting == {"a": MNK}
    m, eff = feed(m, mm.Cancel("a"))
    assert eff == [mm.Left("a", True)] and m.queues == {} and m.waiting == {}
    assert feed(m, mm.Cancel("a"))[1] == [mm.Left("a", False)]


def test_a_challenge_lapses_unless_settled_and_is_told_again_on_resume() -> None:
    ch = mm.Challenge("r1", "ann", "bob", 1, 100.0, b"told")
    m, eff = feed(mm.Matchmaking(), mm.Challenged(ch))
    assert eff == [mm.ArmLapse("r1", 100.0)] and m.challenge_to("bob", "r1") == ch
    assert m.challenge_to("ann", "r1") is None and m.challenges_from("ann") == [ch]
    assert feed(m, mm.Resumed("bob"))[1] == [mm.Retell(ch, "bob")] and feed(m, mm.Resumed("ann"))[1] == []
    lapsed, eff = feed(m, mm.Lapse("r1"))
    assert eff == [mm.Expired(ch)] and lapsed.challenges == {}
    settled, eff = feed(m, mm.Settle("r1"))
    assert eff == [mm.DisarmLapse("r1")] and settled.challenges == {}
    assert feed(settled, mm.Lapse("r1"))[1] == [] and feed(settled, mm.Settle("r1"))[1] == []


def test_a_challenge_to_a_registered_player_is_for_every_session_of_that_player_and_no_other() -> None:
    ch = mm.Challenge("r1", "s-ann", "s-bob-phone", 1, 100.0, b"told", "Bob", person="Bob")
    m, _ = feed(mm.Matchmaking(), mm.Challenged(ch))
    assert m.challenge_to("s-bob-laptop", "r1", "Bob") == ch and m.challenge_to("s-bob-phone", "r1") == ch
    assert m.challenge_to("s-eve", "r1", "Eve") is None and m.challenge_to("s-eve", "r1") is None
    assert feed(m, mm.Resumed("s-bob-laptop", "Bob"))[1] == [mm.Retell(ch, "s-bob-laptop")]
    assert feed(m, mm.Resumed("s-eve", "Eve"))[1] == []
    guest = mm.Challenge("r2", "s-ann", "s-guest", 1, 100.0)  # a guest is its one session
    m, _ = feed(mm.Matchmaking(), mm.Challenged(guest))
    assert m.challenge_to("s-other", "r2", None) is None and m.challenge_to("s-guest", "r2", None) == guest


events = st.one_of(
    st.builds(mm.Ask, st.sampled_from("abcdef"), st.sampled_from([NIM, MNK]), st.sampled_from([2, 3])),
    st.builds(mm.Cancel, st.sampled_from("abcdef")),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(events, max_size=40))
def test_every_session_waits_in_at_most_one_queue_and_nobody_is_matched_twice(script: list[mm.Event]) -> None:
    m = mm.Matchmaking()
    for event in script:
        before = m
        m, effects = m.handle(event)
        for e in effects:
            if isinstance(e, mm.Matched):
                assert len(set(e.players)) == len(e.players)
                assert not set(e.players) & set(m.waiting)  # the matched wait no more
                assert all(p in before.queues.get(e.key, ()) or p == event.session for p in e.players)  # type: ignore[union-attr]
        queued = [s for q in m.queues.values() for s in q]
        assert len(queued) == len(set(queued)) == len(m.waiting)
        assert all(s in m.queues[k] for s, k in m.waiting.items())
        assert all(m.queues.values())  # no empty queue is kept
