"""Where a cluster's Redis is (``server/cluster/connect.py``): a URL, or the primary Sentinel names."""

from __future__ import annotations

import pytest

from grundy.server.cluster import connect, wire


def test_a_sentinel_target_round_trips_and_never_prints_its_password() -> None:
    text = connect.sentinel_target("10.0.0.1:26379, 10.0.0.2:26380,[::1]:26381", "grundy")
    assert text == "redis+sentinel://10.0.0.1:26379,10.0.0.2:26380,[::1]:26381/grundy/0"
    t = connect.parse(text)
    assert t.is_sentinel and t.master == "grundy" and t.db == 0
    assert t.sentinels == (("10.0.0.1", 26379), ("10.0.0.2", 26380), ("::1", 26381))
    secret = connect.parse("redis+sentinel://:hunter2hunter2@h:1/m/3")
    assert secret.password == "hunter2hunter2" and secret.db == 3 and secret.master == "m"
    assert "hunter2" not in secret.where and secret.where == "Sentinel h:1 master m db 3"
    assert "hunter2" not in connect.parse("redis://:hunter2hunter2@h:6379/0").where


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("localhost:6379", "give a URL such as redis://"),
        ("redis+sentinel://h:1", "give the primary's name"),
        ("redis+sentinel://h:1/m/x", "the database 'x' is not a number"),
        ("redis+sentinel://h/m", "Sentinel 'h': give HOST:PORT"),
        ("redis+sentinel://h:²/m", "Sentinel 'h:²': give HOST:PORT"),  # (a digit to str.isdigit, not to int)
        ("redis+sentinel://:pw@h:1", "redis+sentinel://***@h:1"),
    ],
)
def test_a_bad_target_says_what_is_wrong(text: str, said: str) -> None:
    with pytest.raises(connect.TargetError) as e:
        connect.parse(text)
    assert said in str(e.value) and "pw@" not in str(e.value)


def test_the_cluster_s_own_connections_ask_the_sentinels_where_the_primary_is() -> None:
    endpoint = wire.Endpoint(connect.sentinel_target("127.0.0.1:26379", "grundy"))
    assert endpoint.locate is not None and endpoint.where.startswith("Sentinel 127.0.0.1:26379 master grundy")
    client = connect.parse(connect.sentinel_target("127.0.0.1:26379", "grundy")).client(blocking=True)
    of_client = wire.Endpoint.of_client(client)  # (the store's write connection, from its redis-py pool)
    assert of_client is not None and of_client.locate is not None and of_client.host == ""
