"""The node's routing table: every client message of the protocol's registry has exactly one route."""

from __future__ import annotations

import inspect
from collections import Counter

import pytest

import grundy.protocol as p
from grundy.server.greeting import Greeting
from grundy.server.lobby import Lobby
from grundy.server.node import GREETING, LOBBY, NODE, ROOM, ROUTES, TOURNAMENTS, Node, Route
from grundy.server.room import event_from_message
from grundy.server.tournaments import Tournaments

PARTS = {NODE: Node, GREETING: Greeting, LOBBY: Lobby, TOURNAMENTS: Tournaments}


def test_every_client_message_has_exactly_one_route() -> None:
    routed = Counter(r.message for r in ROUTES)
    assert {m.__name__ for m, n in routed.items() if n > 1} == set(), "routed twice"
    assert {m.__name__ for m in p.CLIENT_MESSAGES} - {m.__name__ for m in routed} == set(), "no route"


def test_nothing_routes_a_type_the_registry_lacks() -> None:
    registered = set(p.CLIENT_MESSAGES)
    assert [r.message.__name__ for r in ROUTES if r.message not in registered] == []


def test_only_hello_resume_register_public_reads_and_the_catalog_come_before_a_session() -> None:
    public = {p.GetLeaderboard, p.GetPlayer, p.GetPlayerGames}  # (a player's page is anyone's to read)
    assert {r.message for r in ROUTES if r.greeting} == {p.Hello, p.Resume, p.Register, p.ListGames, *public}
    # (and an `analyze` without a room: the node's _free_analysis)


@pytest.mark.parametrize("route", [r for r in ROUTES if r.core != ROOM], ids=lambda r: r.message.__name__)
def test_each_handler_is_a_method_of_its_part(route: Route) -> None:
    handler = getattr(PARTS[route.core], route.handler, None)
    assert callable(handler), f"{route.core} has no {route.handler!r}"
    params = list(inspect.signature(handler).parameters)
    assert params == (["self", "conn", "msg"] if route.greeting else ["self", "conn", "session", "msg"])


def _sample(model: type) -> object:
    """An instance good enough for event_from_message (which reads only the fields of room requests)."""
    values = {"room": "r1", "ply": 0, "move": "1", "text": "hi", "timeout": False, "failure": None}
    return model.model_construct(**{k: v for k, v in values.items() if k in model.model_fields})  # type: ignore[attr-defined]


@pytest.mark.parametrize("model", p.CLIENT_MESSAGES, ids=lambda m: m.__name__)
def test_room_routes_are_exactly_the_room_events(model: type) -> None:
    """A message goes to its room's actor if and only if the room core makes an event of it."""
    (route,) = [r for r in ROUTES if r.message is model]
    event = event_from_message(_sample(model), "s1", 0.0, name="ann")  # type: ignore[arg-type]
    assert (event is not None) == (route.core == ROOM)
    if route.core == ROOM:
        assert route.handler == "" and "room" in model.model_fields  # type: ignore[attr-defined]


def test_on_one_node_a_request_is_routed_by_the_nodes_own_router() -> None:
    """The embedded forwarder hands the node's router back unchanged: a request costs no extra call on one node."""
    from grundy.server.embedded import EmbeddedForwarder

    def here(conn: object, msg: object) -> None:
        return None

    assert EmbeddedForwarder().router(here) is here
