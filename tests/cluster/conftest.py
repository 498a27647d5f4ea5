from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.redisproc import RedisServer


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis").start() if (tmp_path / "redis").mkdir() is None else None
    assert server is not None
    try:
        yield server
    finally:
        server.stop()
