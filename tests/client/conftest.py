"""Client tests run against a real node: the server's own fixture (ephemeral port, SQLite file, bot workers)."""

from tests.server.e2e.conftest import make_node, node, url  # noqa: F401  (fixtures re-exported for pytest)
