"""The speed-ups that reach into websockets' internals: they fail loudly here when the library changes."""

from __future__ import annotations

import pytest

from grundy.server import transport


def test_the_installed_websockets_has_every_internal_the_shortcuts_use() -> None:
    """If this fails, a websockets release changed what ``server.transport`` reads: the node falls back to the
    public API (slower); re-measure and adapt ``server.transport``, or drop the shortcut."""
    transport.check()
    assert transport.FAST and transport.CONNECTION_CLASS is transport.FastServerConnection


def test_a_changed_library_is_named_and_the_node_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transport.websockets.version, "version", "99.0")
    with pytest.raises(transport.TransportMismatch, match="websockets 99.0"):
        transport.check()
    assert transport._supported() is False


@pytest.mark.parametrize("n", [0, 1, 125, 126, 65535, 65536, 1 << 20])
def test_binary_headers_follow_rfc_6455(n: int) -> None:
    from websockets.frames import Frame, Opcode

    data = b"x" * n
    expected = Frame(Opcode.BINARY, data).serialize(mask=False, extensions=[])
    assert transport.binary_header(n) + data == expected
