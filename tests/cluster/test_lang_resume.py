"""A session's language goes with it: resumed on another node (two `grundy serve --redis` processes), the
node words its refusals in the language of the session's `hello`, as the first node did."""

from __future__ import annotations

import asyncio

from grundy import protocol as p
from grundy.protocol import ErrorCode, i18n
from tests.cluster.test_client_failover import _knows
from tests.server.e2e.wsclient import Client


async def test_a_session_resumed_on_another_node_keeps_its_language(nodes) -> None:  # type: ignore[no-untyped-def]
    one, two = await asyncio.gather(nodes("n1"), nodes("n2"))
    await _knows(one, two)
    olha = await Client.open(one.url)
    welcome = await olha.request(p.Hello(versions=[1], name="Olha", lang="uk-UA"), p.Welcome)
    err = await olha.error(p.Move(room="r-nothere", ply=0, move="1:1"))
    assert err.code == ErrorCode.UNKNOWN_ROOM and err.message == i18n.tr("uk", "refuse-no-room", room="'r-nothere'")
    await olha.close()

    back = await Client.resume(two.url, welcome.token)  # the other node: it knows the session from the store
    try:
        assert back.welcome is not None and back.welcome.resumed and back.welcome.session == welcome.session
        err = await back.error(p.Move(room="r-nothere", ply=0, move="1:1"))
        assert err.code == ErrorCode.UNKNOWN_ROOM
        assert err.message == "кімнати 'r-nothere' немає"
    finally:
        await back.close()
