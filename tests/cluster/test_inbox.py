"""The messages of a cluster's nodes are declared types: each travels as its tag and fields and comes back the
same; an older node's shorter envelope takes the defaults; anything else is refused, not guessed at."""

from __future__ import annotations

import msgpack
import pytest

from grundy.server.cluster import inbox
from grundy.server.cluster.inbox import (
    AdminAnswer,
    AdminAsk,
    Frame,
    Inbox,
    OwnerIs,
    PresenceNotice,
    Released,
    ReleasedTournaments,
    Request,
    TournamentGame,
)

MESSAGES = [
    Request("s-1", "Ann", "human", b"\x81\xa4type\xa4move", 1, "n-b", "uk"),
    PresenceNotice("s-1", "Ann", "human", "r-1", "reconnect", "n-b"),
    Frame("s-1", b"\x90"),
    TournamentGame("t-1", "r-1", ["win", "loss"]),
    TournamentGame("t-1", "r-2", None),
    AdminAsk("a1", "n-b", "rooms", '{"limit": 3}'),
    AdminAnswer("a1", '{"node": "n-a"}'),
]


@pytest.mark.parametrize("msg", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_inbox_message_comes_back_as_it_went(msg) -> None:
    wire = msgpack.unpackb(inbox.packed(msg))
    assert wire[0] == type(msg).TAG
    assert inbox.read(wire) == msg


def test_an_older_nodes_request_and_notice_take_the_defaults() -> None:
    assert inbox.read(["req", "s-1", "Ann", "human", b"x"]) == Request("s-1", "Ann", "human", b"x", 0, "")
    assert inbox.read(["req", "s-1", "Ann", "human", b"x", 2]) == Request("s-1", "Ann", "human", b"x", 2, "")
    assert inbox.read(["req", "s-1", "Ann", "human", b"x", 2, None]).sender == ""  # (not a node's name)
    # (no language: the session's words are English there, as they were before a request carried it)
    assert inbox.read(["req", "s-1", "Ann", "human", b"x", 2, "n-b"]) == Request("s-1", "Ann", "human", b"x", 2, "n-b")
    assert inbox.read(["req", "s-1", "Ann", "human", b"x", 2, "n-b"]).lang == "en"
    assert inbox.read(["req", "s-1", "Ann", "human", b"x", 2, "n-b", None]).lang == "en"  # (not a language)
    assert inbox.read(["req", "s-1", "Ann", "human", b"x", 2, "n-b", "bg"]).lang == "bg"
    notice = inbox.read(["presence", "s-1", "Ann", "human", "r-1", "unwatch"])
    assert notice == PresenceNotice("s-1", "Ann", "human", "r-1", "unwatch", "")


def test_an_unknown_message_is_refused() -> None:
    with pytest.raises(inbox.Unreadable):
        inbox.read(["nonsense", 1, 2])


@pytest.mark.parametrize(
    "msg", [OwnerIs("r-1", "n-a"), Released("n-a", ["r-1", "r-2"]), ReleasedTournaments("n-a", ["t-1"])]
)
def test_every_owners_notice_comes_back_as_it_went(msg) -> None:
    assert inbox.read_owners(inbox.packed(msg)) == msg


def test_the_inbox_hands_each_message_to_its_handler_and_a_batch_in_order() -> None:
    seen: list[object] = []
    quick: list[tuple[str, bytes]] = []
    handlers = {t: seen.append for t in (Request, PresenceNotice, Frame, TournamentGame, AdminAsk, AdminAnswer)}

    def fast(session: str, data: bytes) -> bool:
        quick.append((session, data))
        return session == "s-here"

    box = Inbox(handlers, fast)
    box.received(inbox.packed(MESSAGES[0]))
    envelopes = [
        inbox.frame_envelope("s-here", b"1"),
        inbox.frame_envelope("s-gone", b"2"),
        inbox.envelope(MESSAGES[3]),
    ]
    box.received(inbox.batched(envelopes))
    # (a frame the quick path took is not handed over; one it did not take goes to the Frame handler)
    assert seen == [MESSAGES[0], Frame("s-gone", b"2"), MESSAGES[3]]
    assert quick == [("s-here", b"1"), ("s-gone", b"2")]


def test_a_request_envelope_made_without_the_request_is_the_requests_own() -> None:
    msg = MESSAGES[0]
    assert isinstance(msg, Request)
    made = inbox.request_envelope(msg.session, msg.name, msg.kind, msg.frame, msg.hops, msg.sender, msg.lang)
    assert made == inbox.envelope(msg)
    assert inbox.read(made) == msg


def test_a_request_goes_to_its_fields_handler_and_an_older_nodes_to_the_requests_handler() -> None:
    seen: list[object] = []
    fields: list[tuple[object, ...]] = []
    handlers = {t: seen.append for t in (Request, PresenceNotice, Frame, TournamentGame, AdminAsk, AdminAnswer)}
    box = Inbox(handlers, lambda session, data: False, lambda *f: fields.append(f))
    msg = MESSAGES[0]
    assert isinstance(msg, Request)
    box.received(inbox.packed(msg))  # (alone)
    older = ["req", "s-2", "Bob", "human", b"x", 1]  # (no sender: the Request, with its default)
    no_lang = ["req", "s-3", "Eve", "human", b"y", 0, "n-b"]  # (no language: the Request, with "en")
    box.received(inbox.batched([inbox.envelope(msg), older, inbox.envelope(MESSAGES[3]), no_lang]))  # (in a batch)
    box.received(msgpack.packb(older))
    box.received(msgpack.packb(no_lang))
    as_fields = (msg.session, msg.name, msg.kind, msg.frame, msg.hops, msg.sender, msg.lang)
    assert fields == [as_fields, as_fields]
    bob = Request("s-2", "Bob", "human", b"x", 1, "")
    eve = Request("s-3", "Eve", "human", b"y", 0, "n-b", "en")
    assert seen == [bob, MESSAGES[3], eve, bob, eve]


@pytest.mark.parametrize("size", [0, 1, 255, 256, 70_000])
def test_a_frames_envelope_and_a_batch_are_the_bytes_msgpack_packs(size: int) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
    for session in ("s-1", "é" * 40, "x" * 300):
        assert inbox.frame_envelope(session, data) == msgpack.packb(["f", session, data], use_bin_type=True)
    for n in (1, 2, 14, 15, 16, 70_000):
        envelopes = [inbox.frame_envelope("s", b"x"), ["req", "s", "A", "human", b"m", 0, "n", "en"]] * n
        expected = ["batch", *[["f", "s", b"x"], ["req", "s", "A", "human", b"m", 0, "n", "en"]] * n]
        assert inbox.batched(envelopes) == msgpack.packb(expected, use_bin_type=True)
    assert inbox.batched([inbox.frame_envelope("s", b"x")]) == msgpack.packb(["f", "s", b"x"], use_bin_type=True)
