"""The gateway's token bucket and its native twin (native/grundy_wire.c) give the same answers, read for read."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.server import gateway
from grundy.server.native import Native

NATIVE_BUCKET = Native("wire").Bucket

pytestmark = pytest.mark.skipif(
    NATIVE_BUCKET is None and os.environ.get("CI") != "true",  # (CI builds it: there the test must run)
    reason="the native wire path is not built",
)


@given(
    rate=st.floats(0.01, 1000.0),
    burst=st.floats(1.0, 100.0),
    steps=st.lists(st.floats(0.0, 5.0), max_size=60),
)
def test_the_native_bucket_takes_and_refuses_as_the_python_one(rate: float, burst: float, steps: list[float]) -> None:
    py, native = gateway.TokenBucket(rate, burst), NATIVE_BUCKET(rate, burst)
    native.at = py.at = 1000.0
    now = 1000.0
    for step in steps:
        now += step
        assert native.take(now) == py.take(now)
        assert (native.tokens, native.at) == (py.tokens, py.at)
    assert (native.rate, native.burst) == (rate, burst)


def test_the_native_bucket_starts_full() -> None:
    assert Native("off").Bucket is None  # (a node without native code: its connections take gateway.TokenBucket)
    bucket = NATIVE_BUCKET(2.0, 3.0)
    assert bucket.tokens == 3.0
    assert [bucket.take(bucket.at) for _ in range(4)] == [True, True, True, False]
